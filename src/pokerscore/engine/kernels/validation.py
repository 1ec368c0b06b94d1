"""Validation of batches: ids in the ranking's deck, no card twice in a row."""

from __future__ import annotations

import numpy as np

from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels.lookup import Rows, prange


@kernel(parallel=True)
def any_bad_row(cards: Rows, deck_mask: np.uint64) -> bool:
    """Whether some row holds an id outside the deck (bit ``id`` of ``deck_mask``) or a card
    twice: one parallel pass, a few integer operations per card, no allocation.

    Per row: the OR of the ids shows any id of 64 or more; the OR of ``1 << id`` must lie inside
    the deck; and the SUM of ``1 << id`` equals that OR only if no bit was added twice.
    """
    bad = 0
    width = cards.shape[1]
    outside = ~deck_mask
    for row in prange(cards.shape[0]):
        ids = 0
        seen = np.uint64(0)
        total = np.uint64(0)
        for column in range(width):
            card = cards[row, column]
            ids |= card
            bit = np.uint64(1) << np.uint64(card & 63)
            seen |= bit
            total += bit
        bad += (ids > 63) | ((seen & outside) != 0) | (total != seen)
    return bad > 0


@kernel()
def first_duplicate(cards: Rows) -> tuple[int, int, int]:
    """The first row holding a card twice, as (row, column, earlier column); row -1 if none.

    Ids must already be known to be in 0..51.
    """
    rows, width = cards.shape
    for row in range(rows):
        seen = 0
        for column in range(width):
            bit = 1 << int(cards[row, column])
            if seen & bit:
                for other in range(column):
                    if cards[row, other] == cards[row, column]:
                        return row, column, other
            seen |= bit
    return -1, -1, -1
