"""How often each category occurs: exactly, by enumerating every hand, or by dealing at random."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from math import comb

from pokerscore.engine import Category, category_of, evaluate
from pokerscore.engine.enumeration import count_values_5

Progress = Callable[[int, int], None]
"""Called with (done, total) as work advances."""


@dataclass(frozen=True)
class CategoryCounts:
    """Hands counted per category, with the number of distinct values seen."""

    cards: int
    total: int
    distinct: int
    counts: dict[Category, int]

    def probability(self, category: Category) -> float:
        """The share of hands in a category."""
        return self.counts[category] / self.total


def _from_values(cards: int, histogram: list[int]) -> CategoryCounts:
    counts = dict.fromkeys(Category, 0)
    for value, count in enumerate(histogram):
        if value and count:
            counts[category_of(value)] += count
    distinct = sum(1 for value, count in enumerate(histogram) if value and count)
    return CategoryCounts(cards, sum(histogram), distinct, counts)


def exhaustive_counts(cards: int = 5, progress: Progress | None = None) -> CategoryCounts:
    """Count every hand of ``cards`` cards (5 only for now) by category.

    >>> counts = exhaustive_counts()  # doctest: +SKIP
    >>> counts.total, counts.distinct, counts.counts[Category.ROYAL_FLUSH]  # doctest: +SKIP
    (2598960, 7462, 4)
    """
    if cards != 5:
        raise ValueError("exhaustive counts are available for 5 cards")
    histogram = count_values_5(None if progress is None else lambda done: progress(done, 48))
    return _from_values(cards, histogram)


def sampled_counts(
    hands: int, seed: int | None = None, cards: int = 5, progress: Progress | None = None
) -> CategoryCounts:
    """Deal ``hands`` random hands of ``cards`` cards from a shuffled deck and count categories.

    >>> sampled_counts(1000, seed=1).total
    1000
    """
    generator = random.Random(seed)
    deck = range(52)
    histogram = [0] * 7463
    step = max(1, hands // 100)
    for done in range(hands):
        histogram[evaluate(generator.sample(deck, cards))] += 1
        if progress is not None and (done + 1) % step == 0:
            progress(done + 1, hands)
    return _from_values(cards, histogram)


def total_hands(cards: int) -> int:
    """The number of distinct hands of ``cards`` cards from one deck."""
    return comb(52, cards)
