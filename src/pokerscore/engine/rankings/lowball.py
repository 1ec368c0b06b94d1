"""Lowball rankings, where the lowest hand wins: ace-to-five, deuce-to-seven and eight-or-better.

Values still run "higher = better": the best low has the highest value, so comparing, sorting and
choosing winners work the same for every ranking.
"""

from __future__ import annotations

from typing import Final

from pokerscore.engine.category import STANDARD_CATEGORIES, Category
from pokerscore.engine.hand_classes import (
    Judgement,
    grouped_ranks,
    low_order,
    repeats_category,
    standard_category,
    straights,
)
from pokerscore.engine.rankings.ranking import FlushRule, Ranking


def _lower_is_better(ranks: tuple[int, ...], *, ace_low: bool = True) -> tuple[int, ...]:
    """A strength key under which lower ranks win: the ranks negated (the ace lowest of all
    with ``ace_low``)."""
    return tuple(-low_order(rank) if ace_low else -rank for rank in ranks)


def _judge_ace_to_five(ranks: tuple[int, ...], suited: bool) -> Judgement:
    # Suits and straights never count; the ace is always low.
    shape, grouped = grouped_ranks(ranks, ace_low=True)
    category = repeats_category(shape)
    if category is None:
        category = Category.NO_PAIR
    return category, grouped, _lower_is_better(grouped)


ACE_TO_FIVE: Final = Ranking(
    name="ace-to-five",
    title="Ace-to-Five Lowball",
    rules=(
        "Lowest hand wins: the ace is always low, straights and flushes do not count; "
        "5-4-3-2-A (the wheel) is the best hand (razz, stud and Omaha lows)."
    ),
    categories=(
        Category.FOUR_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.THREE_OF_A_KIND,
        Category.TWO_PAIR,
        Category.ONE_PAIR,
        Category.NO_PAIR,
    ),
    judge=_judge_ace_to_five,
    flushes=FlushRule.IGNORED,
    low=True,
    short_hands=True,
)
"""Ace-to-five lowball: 6,175 values, the wheel the best."""

_NO_WHEEL: Final = straights(ace_low=False)


def _judge_deuce_to_seven(ranks: tuple[int, ...], suited: bool) -> Judgement:
    # Standard shapes with the ace always high: A-2-3-4-5 is no straight, just ace high.
    category, explaining = standard_category(ranks, suited, _NO_WHEEL, royal=False)
    return category, explaining, _lower_is_better(explaining, ace_low=False)


DEUCE_TO_SEVEN: Final = Ranking(
    name="deuce-to-seven",
    title="Deuce-to-Seven Lowball",
    rules=(
        "Lowest hand wins: the ace is always high, straights and flushes count against the hand; "
        "7-5-4-3-2 not all one suit is the best hand (Kansas City lowball, triple draw)."
    ),
    # High poker's order turned upside down, without a royal flush of its own.
    categories=tuple(reversed(STANDARD_CATEGORIES[: Category.ROYAL_FLUSH])),
    judge=_judge_deuce_to_seven,
    flushes=FlushRule.ANY_FIVE,
    low=True,
)
"""Deuce-to-seven lowball: 7-5-4-3-2 offsuit the best."""

EIGHT_HIGHEST: Final = 6
"""The highest rank a qualifying low may hold: the eight."""
_LOWS_BY_TOP: Final = {
    6: Category.EIGHT_LOW,
    5: Category.SEVEN_LOW,
    4: Category.SIX_LOW,
    3: Category.FIVE_LOW,
}


def _judge_eight_or_better(ranks: tuple[int, ...], suited: bool) -> Judgement:
    _, grouped = grouped_ranks(ranks, ace_low=True)
    top = low_order(grouped[0])
    if len(grouped) < 5 or top > EIGHT_HIGHEST:
        return Category.NO_LOW, (), ()  # every such hand ties, below every low
    return _LOWS_BY_TOP[top], grouped, _lower_is_better(grouped)


EIGHT_OR_BETTER: Final = Ranking(
    name="eight-or-better",
    title="Eight or Better (Low)",
    rules=(
        "The low half of hi/lo games: five different ranks of eight or lower, ace low, "
        "straights and flushes ignored; any other hand has no low and never wins the low half."
    ),
    categories=(
        Category.NO_LOW,
        Category.EIGHT_LOW,
        Category.SEVEN_LOW,
        Category.SIX_LOW,
        Category.FIVE_LOW,
    ),
    judge=_judge_eight_or_better,
    flushes=FlushRule.IGNORED,
    low=True,
)
"""Eight-or-better low: 57 values, value 1 = no low; 57,344 qualifying five-card hands."""
