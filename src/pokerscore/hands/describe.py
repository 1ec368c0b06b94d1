"""Hands in words: "Pair of Queens, kickers King, Nine, Seven"."""

from __future__ import annotations

from collections.abc import Sequence

from pokerscore.cards import Rank
from pokerscore.engine import Category

MAIN_RANKS = {Category.TWO_PAIR: 2, Category.FULL_HOUSE: 2}
"""How many leading ranks name the hand itself (the rest are kickers): one unless listed."""


def main_rank_count(category: Category) -> int:
    """The number of leading tie-break ranks that are not kickers."""
    return MAIN_RANKS.get(category, 1)


def _kickers(ranks: Sequence[Rank]) -> str:
    if not ranks:
        return ""
    label = "kicker" if len(ranks) == 1 else "kickers"
    return f", {label} " + ", ".join(rank.word for rank in ranks)


def describe(category: Category, ranks: Sequence[Rank]) -> str:
    """Describe a hand from its category and its tie-breaking ranks.

    >>> describe(Category.ONE_PAIR, [Rank.QUEEN, Rank.KING, Rank.NINE, Rank.SEVEN])
    'Pair of Queens, kickers King, Nine, Seven'
    >>> describe(Category.TWO_PAIR, [Rank.KING, Rank.TWO, Rank.FIVE])
    'Two Pair, Kings and Twos, kicker Five'
    >>> describe(Category.FULL_HOUSE, [Rank.FOUR, Rank.TWO])
    'Full House, Fours over Twos'
    >>> describe(Category.STRAIGHT, [Rank.FIVE])
    'Straight, Five high'
    >>> describe(Category.ROYAL_FLUSH, [Rank.ACE])
    'Royal Flush'
    """
    first, rest = ranks[0], list(ranks[1:])
    if category is Category.HIGH_CARD:
        return f"High Card {first.word}" + _kickers(rest)
    if category is Category.ONE_PAIR:
        return f"Pair of {first.plural}" + _kickers(rest)
    if category is Category.TWO_PAIR:
        return f"Two Pair, {first.plural} and {rest[0].plural}" + _kickers(rest[1:])
    if category is Category.THREE_OF_A_KIND:
        return f"Three of a Kind, {first.plural}" + _kickers(rest)
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return f"{category.title}, {first.word} high"
    if category is Category.FLUSH:
        return f"Flush, {first.word} high" + _kickers(rest)
    if category is Category.FULL_HOUSE:
        return f"Full House, {first.plural} over {rest[0].plural}"
    if category is Category.FOUR_OF_A_KIND:
        return f"Four of a Kind, {first.plural}" + _kickers(rest)
    return category.title
