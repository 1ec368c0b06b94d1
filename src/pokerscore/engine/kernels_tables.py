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
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.tables import (
    CARD_KEYS,
    RANK_KEYS,
    flush_table_by_mask,
    plain_table,
)

__all__ = ["ID_SLOTS", "WORD_BITS", "KernelTables", "kernel_tables"]

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


@cache
def kernel_tables(size: int) -> KernelTables:
    """The tables for hands of ``size`` cards (5, 6 or 7), built once per process.

    >>> tables = kernel_tables(7)
    >>> len(tables.values), tables.flush[0b1111100000000]
    (49205, 7462)
    """
    plain = plain_table(size)
    keys = np.fromiter(plain.keys(), dtype=np.int64, count=len(plain))
    values = np.fromiter(plain.values(), dtype=np.uint16, count=len(plain))
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
        np.array(flush_table_by_mask(), dtype=np.uint16),
        bits,
        base,
        np.append(values, np.uint16(0)),
    )
    for array in tables:
        _read_only(array)
    return tables
