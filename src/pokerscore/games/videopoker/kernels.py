"""Compiled kernels of the advisor and the seed search (imported inside function bodies only).

Five cards are evaluated as :func:`pokerscore.engine.arrays.five_card_arrays` describes: sum the
cards' keys, then look the value up in the flush or the plain table; a pay table's
``value_classes`` array then gives the class.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt
from numba import prange

from pokerscore.engine.arrays import five_card_arrays
from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels import five_card_value
from pokerscore.games.videopoker.paytables import PayTable

IntArray = npt.NDArray[np.int64]


@cache
def value_class_array(table: PayTable) -> npt.NDArray[np.int8]:
    """A pay table's value -> class lookup as an array (index 0 unused)."""
    array = np.array(table.value_classes, dtype=np.int8)
    array.setflags(write=False)
    return array


@kernel()
def _count_last_card(
    key: int,
    rest_keys: IntArray,
    start: int,
    is_flush: npt.NDArray[np.bool_],
    flush: npt.NDArray[np.uint16],
    plain: npt.NDArray[np.uint16],
    classes: npt.NDArray[np.int8],
    row: IntArray,
) -> None:
    """Count the hands ``key`` + each of ``rest_keys[start:]`` by class into ``row``.

    The innermost loop lives alone in this function: kept this simple, the compiler overlaps
    the table reads of successive cards, about ten times faster than with any branch around it.
    """
    for e in range(start, rest_keys.shape[0]):
        total = key + rest_keys[e]
        row[classes[five_card_value(total, is_flush, flush, plain)]] += 1


@kernel()
def _hold_counts(
    hand: IntArray,
    rest: IntArray,
    keys: npt.NDArray[np.int32],
    is_flush: npt.NDArray[np.bool_],
    flush: npt.NDArray[np.uint16],
    plain: npt.NDArray[np.uint16],
    classes: npt.NDArray[np.int8],
    class_count: int,
) -> IntArray:
    """counts[mask, class]: the draws from ``rest`` that end in each class, per hold mask."""
    counts = np.zeros((32, class_count), dtype=np.int64)
    size = rest.shape[0]
    rest_keys = np.empty(size, dtype=np.int64)
    for i in range(size):
        rest_keys[i] = keys[rest[i]]
    tables = (is_flush, flush, plain, classes)
    for mask in range(32):
        base = 0
        need = 5
        for i in range(5):
            if mask >> i & 1:
                base += keys[hand[i]]
                need -= 1
        row = counts[mask]
        if need == 0:  # stand pat: the one final hand is the hand
            value = five_card_value(base, is_flush, flush, plain)
            row[classes[value]] += 1
        elif need == 1:
            _count_last_card(base, rest_keys, 0, *tables, row)
        elif need == 2:
            for a in range(size):
                _count_last_card(base + rest_keys[a], rest_keys, a + 1, *tables, row)
        elif need == 3:
            for a in range(size):
                key_a = base + rest_keys[a]
                for b in range(a + 1, size):
                    _count_last_card(key_a + rest_keys[b], rest_keys, b + 1, *tables, row)
        elif need == 4:
            for a in range(size):
                key_a = base + rest_keys[a]
                for b in range(a + 1, size):
                    key_b = key_a + rest_keys[b]
                    for c in range(b + 1, size):
                        _count_last_card(key_b + rest_keys[c], rest_keys, c + 1, *tables, row)
        else:
            for a in range(size):
                key_a = rest_keys[a]
                for b in range(a + 1, size):
                    key_b = key_a + rest_keys[b]
                    for c in range(b + 1, size):
                        key_c = key_b + rest_keys[c]
                        for d in range(c + 1, size):
                            _count_last_card(key_c + rest_keys[d], rest_keys, d + 1, *tables, row)
    return counts


def hold_counts(hand: list[int], table: PayTable) -> IntArray:
    """For a five-card hand (ids), how many draws of each hold mask end in each class."""
    arrays = five_card_arrays()
    rest = np.array([card for card in range(52) if card not in hand], dtype=np.int64)
    return _hold_counts(
        np.array(hand, dtype=np.int64),
        rest,
        arrays.keys,
        arrays.is_flush,
        arrays.flush,
        arrays.plain,
        value_class_array(table),
        len(table.classes),
    )


# ---- seeded deals (the same steps as pokerscore.games.videopoker.deal, compiled) ---------------

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)
SEED_BLOCK = 4096
"""Seeds per block of parallel work in :func:`first_seeds`."""


@kernel()
def deal_ids_into(seed: np.uint64, deck: IntArray) -> None:
    """Shuffle ``deck`` (any 52 ids) so that ``deck[:10]`` is the seed's deal.

    SplitMix64, Lemire's 32-bit bounded integers with rejection, partial Fisher–Yates: see
    :mod:`pokerscore.games.videopoker.deal`, which this must match card for card.
    """
    for i in range(52):
        deck[i] = i
    state = np.uint64(seed)
    for i in range(10):
        n = 52 - i
        threshold = (4294967296 - n) % n
        while True:
            state = state + _GAMMA
            z = state
            z = (z ^ (z >> _S30)) * _MIX1
            z = (z ^ (z >> _S27)) * _MIX2
            z = z ^ (z >> _S31)
            product = np.int64(z >> _S32) * n
            if product & 0xFFFFFFFF >= threshold:
                break
        j = i + (product >> 32)
        deck[i], deck[j] = deck[j], deck[i]


@kernel(parallel=True)
def first_seeds(
    start: int,
    count: int,
    keys: npt.NDArray[np.int32],
    is_flush: npt.NDArray[np.bool_],
    flush: npt.NDArray[np.uint16],
    plain: npt.NDArray[np.uint16],
    classes: npt.NDArray[np.int8],
    class_count: int,
) -> IntArray:
    """found[c, mask]: the first seed of ``start .. start + count - 1`` whose deal, drawn with
    ``mask``, ends in class ``c`` (-1 if none)."""
    blocks = (count + SEED_BLOCK - 1) // SEED_BLOCK
    per_block = np.full((blocks, class_count, 32), -1, dtype=np.int64)
    for block in prange(blocks):
        deck = np.empty(52, dtype=np.int64)
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
                value = five_card_value(key, is_flush, flush, plain)
                c = classes[value]
                if found[c, mask] < 0:
                    found[c, mask] = seed
    result = np.full((class_count, 32), -1, dtype=np.int64)
    for block in range(blocks):  # blocks in seed order: the first found wins
        for c in range(class_count):
            for mask in range(32):
                if result[c, mask] < 0:
                    result[c, mask] = per_block[block, c, mask]
    return result
