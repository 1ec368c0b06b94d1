"""A slow, obviously-correct scorer written straight from the rules, to check the engine against.

It returns (category, tie-break ranks) with ranks as 0..12; Python's tuple order on the result is
the order of poker hands. It shares no code with pokerscore's engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations


def reference_key(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """(category 0..9, ranks) of five card ids (4 * rank + suit)."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    suits = {card % 4 for card in cards}
    counts = Counter(ranks)
    # Ranks grouped by how many times they appear, then by rank, highest first.
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len(suits) == 1
    straight_high = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_high = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # A-2-3-4-5: the ace plays low
            straight_high = 3
    if straight_high is not None and flush:
        return (9 if straight_high == 12 else 8), (straight_high,)
    if shape == [4, 1]:
        return 7, tuple(grouped)
    if shape == [3, 2]:
        return 6, tuple(grouped)
    if flush:
        return 5, tuple(ranks)
    if straight_high is not None:
        return 4, (straight_high,)
    if shape == [3, 1, 1]:
        return 3, tuple(grouped)
    if shape == [2, 2, 1]:
        return 2, tuple(grouped)
    if shape == [2, 1, 1, 1]:
        return 1, tuple(grouped)
    return 0, tuple(ranks)


def reference_best(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The best :func:`reference_key` over every five of 5 to 7 card ids."""
    return max(reference_key(five) for five in combinations(cards, 5))


def reference_compare(first: Sequence[int], second: Sequence[int]) -> int:
    """1, 0 or -1 as the best five of ``first`` beats, ties or loses to that of ``second``."""
    a, b = reference_best(first), reference_best(second)
    return (a > b) - (a < b)
