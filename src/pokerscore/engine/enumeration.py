"""Exhaustive enumeration: how many hands of each value a full deck holds."""

from __future__ import annotations

from collections.abc import Callable

from pokerscore.engine.classes import VALUE_COUNT
from pokerscore.engine.scalar import _load, evaluate5
from pokerscore.engine.tables import CARD_KEYS_5, IS_FLUSH_5, SUIT_MASK_5, SUIT_SHIFT_5


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
