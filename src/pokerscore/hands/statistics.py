"""How often each category occurs: exactly, by enumerating every hand, or by dealing at random.

Both run compiled kernels (imported on first use): :func:`exhaustive_counts` visits every hand of
5, 6 or 7 cards; :func:`sampled_counts` deals with NumPy and scores with the batch kernel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb

from pokerscore.engine import VALUE_COUNT, Category, category_of
from pokerscore.engine.enumeration import count_values

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
    """Count every hand of ``cards`` cards (5, 6 or 7; best five of them) by category.

    >>> counts = exhaustive_counts(5)
    >>> counts.total, counts.distinct, counts.counts[Category.ROYAL_FLUSH]
    (2598960, 7462, 4)
    """
    return _from_values(cards, count_values(cards, progress))


_SAMPLE_CHUNK = 1 << 20
"""Hands dealt and scored at a time by :func:`sampled_counts` (a few megabytes)."""


def sampled_counts(
    hands: int, seed: int | None = None, cards: int = 5, progress: Progress | None = None
) -> CategoryCounts:
    """Deal ``hands`` random hands of ``cards`` (5, 6 or 7) cards and count their categories.

    Each hand comes from a freshly shuffled deck; the same seed deals the same hands.

    >>> counts = sampled_counts(1000, seed=1, cards=7)
    >>> counts.total, counts.cards
    (1000, 7)
    """
    import numpy as np

    from pokerscore.hands.batch import HAND_SIZES, evaluate_batch, random_hands

    if cards not in HAND_SIZES:
        raise ValueError(f"sampled counts cover hands of 5, 6 or 7 cards, not {cards}")
    generator = np.random.default_rng(seed)
    histogram = np.zeros(VALUE_COUNT + 1, dtype=np.int64)
    for start in range(0, hands, _SAMPLE_CHUNK):
        dealt = random_hands(min(_SAMPLE_CHUNK, hands - start), cards, generator)
        histogram += np.bincount(evaluate_batch(dealt, check=False), minlength=VALUE_COUNT + 1)
        if progress is not None:
            progress(start + len(dealt), hands)
    return _from_values(cards, [int(count) for count in histogram])


def total_hands(cards: int) -> int:
    """The number of distinct hands of ``cards`` cards from one deck."""
    return comb(52, cards)
