"""Scoring hands: :func:`score` for five cards, :func:`best_hand` for the best five of 5 to 7."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations

from pokerscore.cards import Card, CardLike, Rank, parse_cards
from pokerscore.engine import Category, category_of, evaluate5, explaining_ranks
from pokerscore.hands.describe import describe

HandInput = str | Iterable[CardLike]
"""A hand as a string (``"Ah Kh Qh Jh Th"``) or any iterable of cards, ids or card strings."""

_SINGLE_HIGH = (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)


@dataclass(frozen=True, order=True)
class HandScore:
    """The score of a hand: compares and sorts by ``value`` (higher wins, equal values tie).

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

    @cached_property
    def category(self) -> Category:
        """The hand's category."""
        return category_of(self.value)

    @cached_property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that break ties within the category, most significant first."""
        ranks = explaining_ranks(self.value)
        if self.category in _SINGLE_HIGH:
            ranks = ranks[:1]
        return tuple(Rank(rank) for rank in ranks)

    @property
    def description(self) -> str:
        """The hand in words, e.g. ``Full House, Fours over Twos``."""
        return describe(self.category, self.ranks)

    def __str__(self) -> str:
        return self.description


def _ordered(cards: Iterable[Card], value: int) -> tuple[Card, ...]:
    """The cards in explaining order: groups and kickers by the class's ranks, high suits first."""
    order = {rank: index for index, rank in enumerate(explaining_ranks(value))}
    return tuple(sorted(cards, key=lambda card: (order[card.rank], -card.suit)))


def score(cards: HandInput) -> HandScore:
    """Score exactly five cards (one deck: no card twice).

    >>> score("Th Jh Qh Kh Ah").description
    'Royal Flush'
    >>> score("Ah 2d 3c 4s 5h").description
    'Straight, Five high'
    >>> score("Qh Kd Ac 2s 3h").category.slug
    'high-card'
    """
    hand = parse_cards(cards, size=5)
    value = evaluate5(*(card.id for card in hand))
    return HandScore(value, hand, _ordered(hand, value))


def best_hand(cards: HandInput) -> HandScore:
    """Score the best five of 5 to 7 cards; ``best`` holds the five cards used.

    >>> hand = best_hand("As Ks 7h 7d 2c 9s 7c")
    >>> hand.description, " ".join(map(str, hand.best))
    ('Three of a Kind, Sevens, kickers Ace, King', '7h 7d 7c As Ks')
    """
    hand = parse_cards(cards, size=(5, 7))
    # The best of the (at most 21) five-card subsets, scored on the five-card table: one hand
    # never pays for building the larger tables that evaluate6/evaluate7 use in bulk.
    value, best = max(
        ((evaluate5(*(card.id for card in five)), five) for five in combinations(hand, 5)),
        key=lambda scored: scored[0],
    )
    return HandScore(value, hand, _ordered(best, value))
