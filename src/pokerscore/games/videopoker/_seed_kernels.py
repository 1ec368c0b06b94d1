"""Compiled kernels of the seed search: the seeded deal of :mod:`.deal`, card for card, and the
first seed of each class and hold mask over a range of seeds (imported inside function bodies only).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.kernels import five_card_value
from pokerscore.engine.kernels.random import below
from pokerscore.games.videopoker.class_tables import ClassTables

IntArray = npt.NDArray[np.int64]

SEED_BLOCK = 4096
"""Seeds per block of parallel work in :func:`first_seeds`."""


@kernel()
def deal_ids_into(seed: np.uint64, deck: IntArray) -> None:
    """Shuffle ``deck`` (its ids set to ``0 .. len(deck) - 1``: 52, or 53 with the joker) so that
    ``deck[:10]`` is the seed's deal.

    SplitMix64, Lemire's 32-bit bounded integers with rejection, partial Fisher–Yates: see
    :mod:`pokerscore.games.videopoker.deal`, which this must match card for card.
    """
    size = deck.shape[0]
    for i in range(size):
        deck[i] = i
    state = np.uint64(seed)
    for i in range(10):
        state, offset = below(state, size - i)
        j = i + offset
        deck[i], deck[j] = deck[j], deck[i]


@kernel(parallel=True)
def first_seeds(
    start: int,
    count: int,
    tables: ClassTables,
    deck_size: int,
    class_count: int,
) -> IntArray:
    """found[c, mask]: the first seed of ``start .. start + count - 1`` whose deal from a deck
    of ``deck_size`` cards, drawn with ``mask``, ends in class ``c`` (-1 if none)."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    keys, is_flush, suited, plain = tables.keys5, tables.is_flush5, tables.suited, tables.plain
    blocks = (count + SEED_BLOCK - 1) // SEED_BLOCK
    per_block = np.full((blocks, class_count, 32), -1, dtype=np.int64)
    for block in prange(blocks):
        deck = np.empty(deck_size, dtype=np.int64)
        found = per_block[block]
        first = start + block * SEED_BLOCK
        for seed in range(first, min(first + SEED_BLOCK, start + count)):
            deal_ids_into(np.uint64(seed), deck)
            for mask in range(32):
                key = 0
                drawn = 5
                for i in range(5):
                    if mask >> i & 1:
                        key += keys[deck[i]]
                    else:
                        key += keys[deck[drawn]]
                        drawn += 1
                c = five_card_value(key, is_flush, suited, plain)
                if found[c, mask] < 0:
                    found[c, mask] = seed
    result = np.full((class_count, 32), -1, dtype=np.int64)
    for block in range(blocks):  # blocks in seed order: the first found wins
        for c in range(class_count):
            for mask in range(32):
                if result[c, mask] < 0:
                    result[c, mask] = per_block[block, c, mask]
    return result
