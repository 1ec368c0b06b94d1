"""How often each category occurs: exactly, by enumerating every hand, or by dealing at random.

Both run compiled kernels (imported on first use): :func:`exhaustive_counts` visits every hand of
5, 6 or 7 cards of the ranking's deck; :func:`sampled_counts` deals with NumPy and scores with the
batch kernel.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from pokerscore._support.progress import Progress
from pokerscore.cards import HandSizeError, PokerScoreError
from pokerscore.engine import HIGH, Category, Ranking, RankingLike, get_ranking
from pokerscore.engine.value_counts import HAND_SIZES, count_values
from pokerscore.hands.batch import evaluate_batch, random_hands, whole_number


@dataclass(frozen=True)
class CategoryCounts:
    """Hands counted per category (every category of the ranking, weakest first), with the
    number of distinct values seen."""

    cards: int
    total: int
    distinct: int
    counts: dict[Category, int]
    ranking: Ranking = HIGH

    def probability(self, category: Category) -> float:
        """The share of hands in a category."""
        return self.counts[category] / self.total


def _from_values(cards: int, histogram: list[int], ranking: Ranking) -> CategoryCounts:
    counts = dict.fromkeys(ranking.categories, 0)
    for value, count in enumerate(histogram):
        if value and count:
            counts[ranking.category_of(value)] += count
    distinct = sum(1 for value, count in enumerate(histogram) if value and count)
    return CategoryCounts(cards, sum(histogram), distinct, counts, ranking)


def _check_size(cards: int) -> None:
    if isinstance(cards, bool) or not isinstance(cards, int):  # "5" and 5.0 compare equal to 5
        raise PokerScoreError(f"a hand has 5, 6 or 7 cards (a whole number), got {cards!r}")
    if cards not in HAND_SIZES:
        raise HandSizeError(HAND_SIZES[0], HAND_SIZES[-1], cards)


def exhaustive_counts(
    *, cards: int = 5, progress: Progress | None = None, ranking: RankingLike = HIGH
) -> CategoryCounts:
    """Count every hand of ``cards`` cards (5, 6 or 7; best five of them) by category.

    >>> counts = exhaustive_counts(cards=5)
    >>> counts.total, counts.distinct, counts.counts[Category.ROYAL_FLUSH]
    (2598960, 7462, 4)
    >>> low = exhaustive_counts(cards=5, ranking="ace-to-five")
    >>> low.distinct, low.counts[Category.NO_PAIR]
    (6175, 1317888)
    """
    _check_size(cards)
    rules = get_ranking(ranking)
    return _from_values(cards, count_values(cards, rules, progress), rules)


_SAMPLE_CHUNK = 1 << 20
"""Hands dealt and scored at a time by :func:`sampled_counts` (a few megabytes)."""

MAX_SAMPLE = 10**9
"""The most hands :func:`sampled_counts` deals (minutes of work on two cores): beyond it the
exact counts of :func:`exhaustive_counts` answer sooner, and exactly."""


def sampled_counts(
    hands: int,
    *,
    seed: int | None = None,
    cards: int = 5,
    progress: Progress | None = None,
    ranking: RankingLike = HIGH,
) -> CategoryCounts:
    """Deal ``hands`` random hands of ``cards`` (5, 6 or 7) cards and count their categories.

    Each hand comes from a freshly shuffled deck; the same seed deals the same hands. ``hands``
    is 1 to :data:`MAX_SAMPLE`, ``seed`` a whole number 0 or more.

    >>> counts = sampled_counts(1000, seed=1, cards=7)
    >>> counts.total, counts.cards
    (1000, 7)
    """

    _check_size(cards)
    hands = whole_number(hands, "the number of hands to deal", 1)
    if hands > MAX_SAMPLE:
        raise PokerScoreError(
            f"at most {MAX_SAMPLE:,} hands are dealt, got {hands:,}: "
            "the exact counts of every hand take under a second"
        )
    if seed is not None:
        seed = whole_number(seed, "a seed")
    rules = get_ranking(ranking)
    generator = np.random.default_rng(seed)
    histogram = np.zeros(rules.value_count + 1, dtype=np.int64)
    for start in range(0, hands, _SAMPLE_CHUNK):
        dealt = random_hands(
            min(_SAMPLE_CHUNK, hands - start), size=cards, seed=generator, ranking=rules
        )
        values = evaluate_batch(dealt, check=False, ranking=rules)
        histogram += np.bincount(values, minlength=rules.value_count + 1)
        if progress is not None:
            progress(start + len(dealt), hands)
    return _from_values(cards, [int(count) for count in histogram], rules)


def total_hands(cards: int, ranking: RankingLike = HIGH) -> int:
    """The number of distinct hands of ``cards`` cards (5, 6 or 7) from the ranking's deck."""
    _check_size(cards)
    return comb(len(get_ranking(ranking).deck), cards)
