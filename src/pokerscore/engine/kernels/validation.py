"""Validation of batches: ids in the ranking's deck, no card twice in a row."""

from __future__ import annotations

import numpy as np

from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels.lookup import Rows, popcount, prange


@kernel(parallel=True)
def any_bad_row(cards: Rows, deck_mask: np.uint64) -> bool:
    """Whether some row holds an id outside the deck (bit ``id`` of ``deck_mask``) or a card
    twice (one parallel pass, no allocation)."""
    bad = 0
    width = cards.shape[1]
    for row in prange(cards.shape[0]):
        seen = np.uint64(0)
        outside = 0
        for column in range(width):
            card = np.uint64(cards[row, column])
            bit = np.uint64(1) << (card & np.uint64(63))
            outside += (card > np.uint64(51)) | ((deck_mask & bit) == np.uint64(0))
            seen |= bit
        # A duplicate leaves fewer distinct bits than cards.
        bad += outside + (popcount(seen) != width)
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
