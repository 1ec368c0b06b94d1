"""Hands in words: "Pair of Queens, kickers King, Nine, Seven", "Seven-Five low (7-5-4-3-2)"."""

from __future__ import annotations

from collections.abc import Sequence

from pokerscore._support.errors import ParameterError, expect
from pokerscore.cards import Card, Rank
from pokerscore.engine import Category
from pokerscore.engine.category import BADUGI_CATEGORIES

MAIN_RANKS = {Category.TWO_PAIR: 2, Category.FULL_HOUSE: 2}
"""How many leading ranks name the hand itself (the rest are kickers): one unless listed."""
LOW_CATEGORIES = frozenset(
    {
        Category.NO_PAIR,
        Category.EIGHT_LOW,
        Category.SEVEN_LOW,
        Category.SIX_LOW,
        Category.FIVE_LOW,
        *BADUGI_CATEGORIES,
    }
)
"""Categories of different ranks judged low (lowball's, and badugi's): always read as lows,
named by all their cards."""
_WHEEL = (Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO, Rank.ACE)


def main_rank_count(category: Category) -> int:
    """The number of leading tie-break ranks that are not kickers."""
    return MAIN_RANKS.get(category, 1)


def reads_as_low(category: Category, low: bool) -> bool:
    """Whether a hand reads as a low ("Eight-Six low", "4-card badugi, 4-3-2-A"): different ranks
    under a low ranking."""
    return category in LOW_CATEGORIES or (low and category is Category.HIGH_CARD)


def _kickers(ranks: Sequence[Rank]) -> str:
    if not ranks:
        return ""
    label = "kicker" if len(ranks) == 1 else "kickers"
    return f", {label} " + ", ".join(rank.word for rank in ranks)


def _low(ranks: Sequence[Rank]) -> str:
    if tuple(ranks) == _WHEEL:
        return "Wheel (5-4-3-2-A)"
    chars = "-".join(rank.char for rank in ranks)
    if len(ranks) == 1:  # one up card
        return f"{ranks[0].word} low ({chars})"
    return f"{ranks[0].word}-{ranks[1].word} low ({chars})"


def describe(
    category: Category,
    ranks: Sequence[Rank],
    *,
    low: bool = False,
    plays: Sequence[tuple[Card, Rank]] = (),
) -> str:
    """Describe a hand from its category and its tie-breaking ranks.

    ``low`` says the ranking is a lowball one, where five different ranks read as a low.
    ``plays`` pairs each wild card with the rank it plays as, said after the hand
    (:func:`wild_words`) unless the hand is five of a kind, where it goes without saying.

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
    >>> describe(Category.EIGHT_LOW, [Rank.EIGHT, Rank.SIX, Rank.FOUR, Rank.THREE, Rank.TWO])
    'Eight-Six low (8-6-4-3-2)'
    >>> describe(Category.NO_PAIR, [Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO, Rank.ACE])
    'Wheel (5-4-3-2-A)'
    >>> describe(Category.NO_LOW, [])
    'No low'
    >>> describe(Category.NO_PAIR, [Rank.SEVEN, Rank.FIVE], low=True)  # two up cards in razz
    'Seven-Five low (7-5)'
    >>> describe(Category.FOUR_CARD_BADUGI, [Rank.FOUR, Rank.THREE, Rank.TWO, Rank.ACE])
    '4-card badugi, 4-3-2-A'
    >>> describe(Category.TWO_CARD_BADUGI, [Rank.KING, Rank.SEVEN])
    '2-card badugi, K-7'
    >>> from pokerscore.cards import JOKER
    >>> describe(Category.STRAIGHT_FLUSH, [Rank.ACE], plays=[(Card(JOKER), Rank.KING)])
    'Straight Flush, Ace high (joker as King)'
    >>> describe(Category.FIVE_OF_A_KIND, [Rank.ACE], plays=[(Card(JOKER), Rank.ACE)])
    'Five of a Kind, Aces'
    """
    expect(category, Category, "category", "a Category")
    expect(ranks, Sequence, "ranks", "a list of ranks")
    if not all(isinstance(rank, Rank) for rank in ranks):
        raise ParameterError("{name} must hold Rank values (Rank.ACE, ...)", "ranks")
    if not ranks and category is not Category.NO_LOW:
        raise ParameterError(f"{{name}} must name the ranks that make {category.slug}", "ranks")
    if plays and category is not Category.FIVE_OF_A_KIND:
        return describe(category, ranks, low=low) + wild_words(plays)
    if category is Category.NO_LOW:
        return "No low"
    if category in BADUGI_CATEGORIES:
        if len(ranks) != BADUGI_CATEGORIES.index(category) + 1:
            raise ParameterError(
                f"{{name}} must name one rank per card of {category.slug}", "ranks"
            )
        return f"{len(ranks)}-card badugi, {'-'.join(rank.char for rank in ranks)}"
    if reads_as_low(category, low):
        return _low(ranks)
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
    if category is Category.FIVE_OF_A_KIND:
        return f"Five of a Kind, {first.plural}"
    return category.title


def wild_words(plays: Sequence[tuple[Card, Rank]]) -> str:
    """What the wild cards of a hand play as, to follow its description: `` (joker as King)``.

    Jokers are named in words, other wild cards by their card (``2♠``); wild cards playing as
    the same rank are named together. No wild cards: the empty string.

    >>> from pokerscore.cards import JOKER
    >>> wild_words([(Card(JOKER), Rank.KING)])
    ' (joker as King)'
    >>> wild_words([(Card(JOKER), Rank.ACE), (Card(JOKER), Rank.ACE)])
    ' (jokers as Aces)'
    >>> wild_words([(Card(3), Rank.KING), (Card(1), Rank.NINE)])
    ' (2♠ as King, 2♦ as Nine)'
    >>> wild_words([(Card(3), Rank.ACE), (Card(1), Rank.ACE)])
    ' (2♠ and 2♦ as Aces)'
    """
    if not plays:
        return ""
    by_rank: dict[Rank, list[Card]] = {}
    for card, rank in plays:
        by_rank.setdefault(rank, []).append(card)
    parts = []
    for rank, cards in by_rank.items():
        jokers = sum(1 for card in cards if card.is_joker)
        names = [card.pretty for card in cards if not card.is_joker]
        names += ["jokers" if jokers > 1 else "joker"] if jokers else []
        rank_words = rank.plural if len(cards) > 1 else rank.word
        parts.append(f"{' and '.join(names)} as {rank_words}")
    return f" ({', '.join(parts)})"
