"""Compact tables for the compiled kernels, built with NumPy on first use (no Numba here).

A hand's key is the sum of its cards' :data:`~pokerscore.engine.tables.CARD_KEYS`: the rank
multiset key above bit 16, four suit counters below. Flushes are looked up by the suit's 13-bit
rank mask (8,192 entries). Everything else needs the value of a rank multiset, and its key is
sparse (49,205 seven-card multisets spread over 0..7.8 million), so the keys are indexed by
rank and select: a bitmap with one bit per possible key, and for each 64-bit word the number of
keys below it. A key's index among all keys is then ``base[word] + popcount(bits[word] & below)``,
and ``values[index]`` is its value: two loads from 1.5 MB of tables (it fits in L2), one popcount
and one load from the 100 KB value array, with nothing to search for at build time.

The bitmap covers every sum of ``size`` card keys, not only valid ones, so that a kernel run
without validation on bad ids (padded to 256 with zero keys) reads garbage but never out of bounds.

The values are derived as in :func:`~pokerscore.engine.tables.plain_table` (five cards judged by
``plain_value``, each larger multiset the best of its one-card-smaller ones), but vectorised: the
seven-card tables take some 50 ms instead of the dictionary's quarter second.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.arrays import FiveCardArrays, five_card_arrays
from pokerscore.engine.classes import flush_value
from pokerscore.engine.tables import CARD_KEYS, RANK_KEYS, plain_table

__all__ = ["ID_SLOTS", "WORD_BITS", "KernelTables", "five_card_tables", "kernel_tables"]

WORD_BITS: Final = 64
ID_SLOTS: Final = 256
"""Per-card arrays are this long (zero past 51), so any uint8 id is a safe index."""


class KernelTables(NamedTuple):
    """What a kernel needs to evaluate hands of one size (read-only arrays)."""

    card_keys: npt.NDArray[np.int64]
    """Card id -> additive key (rank key << 16 | suit counter)."""
    suit_bits: npt.NDArray[np.int64]
    """Card id -> ``1 << (13 * suit + rank)``: OR them for the four suits' rank masks."""
    flush: npt.NDArray[np.uint16]
    """13-bit rank mask of a flush suit -> value."""
    bits: npt.NDArray[np.uint64]
    """Rank/select bitmap: bit ``key % 64`` of word ``key // 64`` is set for each multiset key."""
    base: npt.NDArray[np.int32]
    """Number of multiset keys below each word of ``bits``."""
    values: npt.NDArray[np.uint16]
    """Non-flush value of each multiset key, in increasing key order."""


def _read_only(array: npt.NDArray[np.generic]) -> None:
    array.setflags(write=False)


def _card_arrays() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    card_keys = np.zeros(ID_SLOTS, dtype=np.int64)
    card_keys[:52] = CARD_KEYS
    ids = np.arange(52, dtype=np.int64)
    suit_bits = np.zeros(ID_SLOTS, dtype=np.int64)
    suit_bits[:52] = np.left_shift(1, 13 * (ids & 3) + (ids >> 2))
    return card_keys, suit_bits


_COUNT_BITS: Final = 3
"""Multisets are coded as 13 rank counts of 3 bits in one int64."""
_RANK_UNITS: Final = np.left_shift(np.int64(1), _COUNT_BITS * np.arange(13, dtype=np.int64))
_RANK_KEYS: Final = np.array(RANK_KEYS, dtype=np.int64)

Level = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.uint16]]
"""Every rank multiset of one size: count codes, rank keys and non-flush values."""


def _five_card_level() -> Level:
    plain = plain_table(5)
    multisets = [m for m in combinations_with_replacement(range(13), 5) if m[0] != m[4]]
    ranks = np.array(multisets, dtype=np.int64)
    keys = _RANK_KEYS[ranks].sum(axis=1)
    values = np.array([plain[key] for key in keys.tolist()], dtype=np.uint16)
    return _RANK_UNITS[ranks].sum(axis=1), keys, values


def _next_level(level: Level) -> Level:
    """Multisets one card larger: each the best of the smaller ones it extends."""
    codes, keys, values = level
    room = ((codes[:, None] >> (_COUNT_BITS * np.arange(13))) & 7) < 4
    grown = (codes[:, None] + _RANK_UNITS)[room]
    grown_keys = (keys[:, None] + _RANK_KEYS)[room]
    grown_values = np.broadcast_to(values[:, None], room.shape)[room]
    # Sort by multiset, then value: the last of each run of equal codes holds the best value.
    order = np.lexsort((grown_values, grown))
    grown, grown_keys, grown_values = grown[order], grown_keys[order], grown_values[order]
    last = np.append(grown[1:] != grown[:-1], True)
    return grown[last], grown_keys[last], grown_values[last]


@cache
def _flush_by_mask() -> npt.NDArray[np.uint16]:
    """13-bit rank mask -> best flush value (0 below five bits), as ``flush_table_by_mask``.

    Five-bit masks are judged by ``flush_value``; a larger mask is the best of its masks one bit
    smaller, filled in order of bit count.
    """
    masks = np.arange(1 << 13, dtype=np.int64)
    bit_counts = np.bitwise_count(masks) if hasattr(np, "bitwise_count") else _bit_counts(masks)
    table = np.zeros(1 << 13, dtype=np.uint16)
    fives = masks[bit_counts == 5]
    table[fives] = [flush_value(mask) for mask in fives.tolist()]
    for count in range(6, 14):
        larger = masks[bit_counts == count]
        for rank in range(13):
            has = larger[(larger >> rank) & 1 == 1]
            table[has] = np.maximum(table[has], table[has ^ (1 << rank)])
    return table


def _bit_counts(masks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    return np.array([mask.bit_count() for mask in masks.tolist()], dtype=np.int64)


@cache
def _plain_level(size: int) -> Level:
    return _five_card_level() if size == 5 else _next_level(_plain_level(size - 1))


@cache
def kernel_tables(size: int) -> KernelTables:
    """The tables for hands of ``size`` cards (5, 6 or 7), built once per process.

    >>> tables = kernel_tables(7)
    >>> len(tables.values) - 1, int(tables.flush[0b1111100000000])  # one spare value slot
    (49205, 7462)
    """
    _, keys, values = _plain_level(size)
    order = np.argsort(keys)
    keys, values = keys[order], values[order]
    # Room for every sum of ``size`` rank keys, and one spare slot in ``values``.
    words = (size * RANK_KEYS[-1]) // WORD_BITS + 1
    bits = np.zeros(words, dtype=np.uint64)
    np.bitwise_or.at(
        bits, keys // WORD_BITS, np.left_shift(np.uint64(1), (keys % WORD_BITS).astype(np.uint64))
    )
    per_word = np.bincount(keys // WORD_BITS, minlength=words)
    base = np.zeros(words, dtype=np.int32)
    np.cumsum(per_word[:-1], out=base[1:])
    card_keys, suit_bits = _card_arrays()
    tables = KernelTables(
        card_keys,
        suit_bits,
        _flush_by_mask(),
        bits,
        base,
        np.append(values, np.uint16(0)),
    )
    for array in tables:
        _read_only(array)
    return tables


@cache
def five_card_tables() -> FiveCardArrays:
    """:func:`~pokerscore.engine.arrays.five_card_arrays` with keys padded to 256 ids (zero keys).

    Five keys of at most the largest each still index the tables, so unchecked ids stay in bounds.
    """
    arrays = five_card_arrays()
    keys = np.zeros(ID_SLOTS, dtype=np.int32)
    keys[:52] = arrays.keys
    _read_only(keys)
    return arrays._replace(keys=keys)
