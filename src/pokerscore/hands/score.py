"""Scoring hands: :func:`score` for five cards, :func:`best_hand` for the best five of 5 to 7.

Both take ``ranking=`` (a name such as ``"ace-to-five"`` or a
:class:`~pokerscore.engine.rankings.Ranking`); standard high poker is the default.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations

from pokerscore.cards import Card, CardLike, CardNotInDeckError, Rank, parse_cards
from pokerscore.engine import HIGH, Category, Ranking, RankingLike, get_ranking
from pokerscore.hands.describe import describe

HandInput = str | Iterable[CardLike]
"""A hand as a string (``"Ah Kh Qh Jh Th"``) or any iterable of cards, ids or card strings."""

_SINGLE_HIGH = (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


@dataclass(frozen=True, order=True)
class HandScore:
    """The score of a hand: compares and sorts by ``value`` (higher wins, equal values tie).

    Scores compare meaningfully only under the same ranking.

    >>> hand = score("5h 5c 6s 7s Kd")
    >>> hand.category.slug, hand.value, hand.description
    ('one-pair', 2067, 'Pair of Fives, kickers King, Seven, Six')
    >>> [str(card) for card in hand.best]
    ['5h', '5c', 'Kd', '7s', '6s']
    >>> hand < score("2c 3s 8s 8d Td")
    True
    """

    value: int
    cards: tuple[Card, ...] = field(compare=False)
    best: tuple[Card, ...] = field(compare=False)
    ranking: Ranking = field(default=HIGH, compare=False, repr=False)

    @cached_property
    def category(self) -> Category:
        """The hand's category."""
        return self.ranking.category_of(self.value)

    @cached_property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that break ties within the category, most significant first."""
        ranks = self.ranking.explaining_ranks(self.value)
        if self.category in _SINGLE_HIGH:
            ranks = ranks[:1]
        return tuple(Rank(rank) for rank in ranks)

    @property
    def description(self) -> str:
        """The hand in words, e.g. ``Full House, Fours over Twos``."""
        return describe(self.category, self.ranks, low=self.ranking.low)

    def __str__(self) -> str:
        return self.description


def deck_words(ranking: Ranking) -> str:
    """The ranking's deck in words, e.g. ``36 cards, sixes to aces``."""
    low, high = Rank(min(ranking.ranks)), Rank(max(ranking.ranks))
    return f"{len(ranking.deck)} cards, {low.plural.lower()} to {high.plural.lower()}"


def check_in_deck(cards: Iterable[Card], ranking: Ranking) -> None:
    """Raise :class:`~pokerscore.cards.CardNotInDeckError` for the first card the deck lacks.

    >>> check_in_deck(parse_cards("As 6d 2c"), get_ranking("short-deck"))
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.CardNotInDeckError: invalid card "2c" at position 3: short-deck is played with 36 cards, sixes to aces
    """
    mask = ranking.deck_mask
    for position, card in enumerate(cards, 1):
        if not mask >> card.id & 1:
            raise CardNotInDeckError(str(card), position, ranking.name, deck_words(ranking))


def _ordered(cards: Iterable[Card], value: int, ranking: Ranking) -> tuple[Card, ...]:
    """The cards in explaining order: groups and kickers by the class's ranks, high suits first."""
    order = {rank: index for index, rank in enumerate(ranking.explaining_ranks(value))}
    if not order:  # a hand with nothing to explain (no low): highest first
        return tuple(sorted(cards, key=lambda card: -card.id))
    return tuple(sorted(cards, key=lambda card: (order[card.rank], -card.suit)))


def _parsed(cards: HandInput, size: int | tuple[int, int], ranking: Ranking) -> tuple[Card, ...]:
    hand = parse_cards(cards, size=size)
    if ranking is not HIGH:
        check_in_deck(hand, ranking)
    return hand


def score(cards: HandInput, ranking: RankingLike = HIGH) -> HandScore:
    """Score exactly five cards (one deck: no card twice).

    >>> score("Th Jh Qh Kh Ah").description
    'Royal Flush'
    >>> score("Ah 2d 3c 4s 5h").description
    'Straight, Five high'
    >>> score("Ah 2d 3c 4s 5h", ranking="ace-to-five").description
    'Wheel (5-4-3-2-A)'
    >>> score("7h 5d 4c 3s 2h", ranking="deuce-to-seven").description
    'Seven-Five low (7-5-4-3-2)'
    >>> score("Qh Kd Ac 2s 3h").category.slug
    'high-card'
    """
    rules = get_ranking(ranking)
    hand = _parsed(cards, 5, rules)
    value = rules.evaluate5(*(card.id for card in hand))
    return HandScore(value, hand, _ordered(hand, value, rules), rules)


def best_hand(cards: HandInput, ranking: RankingLike = HIGH) -> HandScore:
    """Score the best five of 5 to 7 cards; ``best`` holds the five cards used.

    >>> hand = best_hand("As Ks 7h 7d 2c 9s 7c")
    >>> hand.description, " ".join(map(str, hand.best))
    ('Three of a Kind, Sevens, kickers Ace, King', '7h 7d 7c As Ks')
    >>> best_hand("Kc 8h 6d 4s 3c 2h As", ranking="eight-or-better").description
    'Six-Four low (6-4-3-2-A)'
    """
    rules = get_ranking(ranking)
    hand = _parsed(cards, (5, 7), rules)
    evaluate5 = rules.evaluate5
    # The best of the (at most 21) five-card subsets, scored on the five-card table: one hand
    # never pays for building the larger tables that the six- and seven-card evaluators use.
    value, best = max(
        ((evaluate5(*(card.id for card in five)), five) for five in combinations(hand, 5)),
        key=lambda scored: scored[0],
    )
    return HandScore(value, hand, _ordered(best, value, rules), rules)
