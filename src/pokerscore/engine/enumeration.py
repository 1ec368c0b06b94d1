"""Exhaustive enumeration: how many hands of each value a full deck holds.

:func:`count_values` runs the compiled enumerators (all 133,784,560 seven-card hands in well
under a second on two cores, once compiled); :func:`count_values_5` is the pure-Python loop kept
as an independent check of the five-card tables.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

from pokerscore.engine.classes import VALUE_COUNT
from pokerscore.engine.scalar import _load, evaluate5
from pokerscore.engine.tables import CARD_KEYS_5, IS_FLUSH_5, SUIT_MASK_5, SUIT_SHIFT_5

HAND_SIZES = (5, 6, 7)
"""The hand sizes the compiled enumerators cover."""


def count_values(size: int, progress: Callable[[int, int], None] | None = None) -> list[int]:
    """Histogram of values over every hand of ``size`` cards (5, 6 or 7), indexed by value.

    Compiles the kernel on first use (a second or two, then cached on disk). ``progress`` is called
    with (hands counted, hands in all) after each lowest card.

    >>> histogram = count_values(5)
    >>> sum(histogram), histogram[7462], sum(1 for count in histogram if count)
    (2598960, 4, 7462)
    """
    if size not in HAND_SIZES:
        raise ValueError(f"exhaustive counts cover hands of 5, 6 or 7 cards, not {size}")
    import numpy as np

    from pokerscore.engine.kernels_enumerate import COUNTERS, thread_count
    from pokerscore.engine.kernels_tables import kernel_tables

    tables = kernel_tables(size)
    counter = COUNTERS[size]
    tally = np.zeros((thread_count(), VALUE_COUNT + 1), dtype=np.int64)
    total, done = comb(52, size), 0
    for first in range(52 - size + 1):
        counter(first, *tables, tally)
        done += comb(51 - first, size - 1)
        if progress is not None:
            progress(done, total)
    return [int(count) for count in tally.sum(axis=0)]


def count_values_5(progress: Callable[[int], None] | None = None) -> list[int]:
    """Histogram of values over all 2,598,960 five-card hands, indexed by value (index 0 unused).

    Keys are summed level by level, so the innermost loop adds one key and does one lookup.
    ``progress`` is called with the number of first cards finished (48 in all).
    """
    evaluate5(0, 1, 2, 3, 5)  # builds the tables
    _load(5)
    from pokerscore.engine.scalar import _FLUSH5, _PLAIN5

    keys, is_flush, mask, shift = CARD_KEYS_5, IS_FLUSH_5, SUIT_MASK_5, SUIT_SHIFT_5
    counts = [0] * (VALUE_COUNT + 1)
    for a in range(48):
        key_a = keys[a]
        for b in range(a + 1, 49):
            key_b = key_a + keys[b]
            for c in range(b + 1, 50):
                key_c = key_b + keys[c]
                for d in range(c + 1, 51):
                    key_d = key_c + keys[d]
                    for e in range(d + 1, 52):
                        key = key_d + keys[e]
                        table = _FLUSH5 if is_flush[key & mask] else _PLAIN5
                        counts[table[key >> shift]] += 1
        if progress is not None:
            progress(a + 1)
    return counts
