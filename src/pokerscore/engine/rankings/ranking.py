"""The :class:`Ranking`: one rule set for judging hands, and everything derived from it.

A ranking owns its deck, its categories in its own order of strength, its hand classes and value
space (higher value = better hand, always), its lookup tables and its evaluators. Nothing is built
until the ranking is first used: the value space and five-card tables in pure Python (tens of
milliseconds), the six- and seven-card tables with NumPy, the kernels' bundles on first batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property
from typing import TYPE_CHECKING

from pokerscore.cards.card import JOKER
from pokerscore.engine.category import Category
from pokerscore.engine.completions import five_card_lists as wild_five_card_lists
from pokerscore.engine.evaluators import Evaluate5, Evaluators, make_evaluators
from pokerscore.engine.hand_classes import SUITS_PER_RANK, HandClass, Judge, value_space
from pokerscore.engine.keys import (
    CARD_KEYS_5,
    FIVE_CARD_SLOTS,
    IS_FLUSH_5,
    NATURALS_SUITED_5,
    RANK_KEYS_5,
    card_keys_5,
)

if TYPE_CHECKING:
    from pokerscore.engine.tables import RankingTables


class FlushRule(IntEnum):
    """How a hand of six or seven cards with five or more of one suit is judged."""

    IGNORED = 0
    """Suits never matter (ace-to-five lowball, eight-or-better)."""
    BEST_OF_SUIT = 1
    """The best five of that suit is the best hand: no other five of those cards beats it."""
    ANY_FIVE = 2
    """Any five may be best, flush or not (deuce-to-seven, where a flush counts against)."""
    EVERY_FIVE = 3
    """Every five-card subset is judged, flush or not (wild cards, which make any five best)."""


@dataclass(frozen=True, eq=False)
class Ranking:
    """A rule set for judging poker hands, and its value space: higher value = better hand.

    >>> from pokerscore.engine.rankings import get_ranking
    >>> low = get_ranking("ace-to-five")
    >>> low.value_count, [category.slug for category in low.categories][-2:]
    (6175, ['one-pair', 'no-pair'])
    >>> low.category_of(low.evaluate((48, 1, 6, 11, 15))).slug  # Ac 2d 3h 4s 5s: the wheel
    'no-pair'
    """

    name: str
    """The machine name, e.g. ``deuce-to-seven``."""
    title: str
    """The name in words, e.g. ``Deuce-to-Seven Lowball``."""
    rules: str
    """The rules in one sentence, for listings."""
    categories: tuple[Category, ...]
    """The categories this ranking uses, weakest first."""
    judge: Judge = field(repr=False)
    """The rules: five ranks (highest first) and whether all one suit -> a judgement."""
    ranks: tuple[int, ...] = tuple(range(13))
    """The ranks in the deck (0 = deuce ... 12 = ace): 6 to ace in the short deck."""
    flushes: FlushRule = FlushRule.BEST_OF_SUIT
    """How six or seven cards holding five of a suit are judged."""
    low: bool = False
    """Whether hands without a pair read as lows, e.g. "Seven-Five low (7-5-4-3-2)"."""
    wild_cards: frozenset[int] = frozenset()
    """The card ids that are wild, each playing as whatever rank makes the best hand
    (:func:`pokerscore.engine.completions.completions`): ``{52}``, the joker, or the four deuces."""
    jokers: int = 0
    """How many jokers (id :data:`~pokerscore.cards.card.JOKER`) a hand may hold; the deck then
    holds the joker besides its 52 cards."""

    def __str__(self) -> str:
        return self.name

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The card ids of the deck, in id order (52 cards; 36 in the short deck; 53 with the
        joker, whose id 52 comes last). A hand may hold the joker :attr:`jokers` times.

        >>> from pokerscore.engine.rankings import get_ranking
        >>> len(get_ranking("joker").deck), get_ranking("joker").deck[-1]
        (53, 52)
        """
        cards = tuple(4 * rank + suit for rank in sorted(self.ranks) for suit in range(4))
        return cards + (JOKER,) * (self.jokers > 0)

    @cached_property
    def deck_mask(self) -> int:
        """The deck as a 52-bit mask: bit ``id`` set for each card in it."""
        return sum(1 << card for card in self.deck)

    @property
    def most_wild(self) -> int:
        """The most wild cards a hand may hold: the jokers, or the wild cards of the deck."""
        return self.jokers + sum(1 for card in self.wild_cards if card != JOKER)

    @cached_property
    def natural_ranks(self) -> tuple[int, ...]:
        """The ranks of the deck's cards that are not wild (all of them without wild cards)."""
        wild_ranks = {card >> 2 for card in self.wild_cards if card != JOKER}
        return tuple(rank for rank in self.ranks if rank not in wild_ranks)

    @cached_property
    def _space(self) -> tuple[tuple[HandClass, ...], dict[tuple[tuple[int, ...], bool], int]]:
        # With wild cards a rank may come five times: five of a kind.
        most = SUITS_PER_RANK + 1 if self.wild_cards else SUITS_PER_RANK
        return value_space(self.judge, self.categories, self.ranks, most)

    def value_of(self, ranks: tuple[int, ...], suited: bool) -> int:
        """The value of five ranks (any order; up to five of a rank under a wild ranking) when
        all of one suit (``suited``) or not. Ranks that repeat cannot share a suit: ``suited``
        is then ignored. A wild hand is worth the best value of its completions
        (:func:`pokerscore.engine.completions.completions`).

        >>> from pokerscore.engine.rankings import get_ranking
        >>> joker = get_ranking("joker")
        >>> joker.category_of(joker.value_of((12, 12, 12, 12, 12), False)).slug
        'five-of-a-kind'
        >>> joker.category_of(joker.value_of((12, 11, 10, 9, 8), True)).slug
        'straight-flush'
        """
        hand = tuple(sorted(ranks, reverse=True))
        values = self._space[1]
        value = values.get((hand, suited)) if suited else None
        return value if value is not None else values[hand, False]

    @property
    def classes(self) -> tuple[HandClass, ...]:
        """Every hand class, weakest first: ``value - 1`` indexes it."""
        return self._space[0]

    @property
    def value_count(self) -> int:
        """The number of distinct values: values run from 1 to this, higher wins."""
        return len(self.classes)

    def category_of(self, value: int) -> Category:
        """The category of a value.

        >>> from pokerscore.engine.rankings import HIGH
        >>> HIGH.category_of(1), HIGH.category_of(7462)
        (<Category.HIGH_CARD: 0>, <Category.ROYAL_FLUSH: 9>)
        """
        return Category(self.classes[value - 1][0])

    def explaining_ranks(self, value: int) -> tuple[int, ...]:
        """The ranks of a value's class in explaining order (five for straights and lows).

        >>> from pokerscore.engine.rankings import HIGH
        >>> HIGH.explaining_ranks(7462)
        (12, 11, 10, 9, 8)
        """
        return self.classes[value - 1][1]

    @cached_property
    def first_values(self) -> dict[Category, int]:
        """The lowest value of each of the ranking's categories."""
        first: dict[Category, int] = {}
        for value, (category, _) in enumerate(self.classes, 1):
            first.setdefault(Category(category), value)
        return first

    def five_card_lists(self) -> tuple[list[int], list[int]]:
        """(flush, plain): five-card rank key -> value when all one suit, and when not.

        The rank key is the sum of :data:`~pokerscore.engine.keys.RANK_KEYS_5` over the five
        ranks; entries no hand reaches hold 0. Built once; callers must not change the lists.
        """
        return self._five_card_lists

    @cached_property
    def card_keys5(self) -> tuple[int, ...]:
        """The five-card additive key of each card id (wild cards: rank key only, no suit)."""
        if not self.wild_cards:
            return CARD_KEYS_5
        return card_keys_5(self.wild_cards, JOKER + 1)

    @property
    def is_flush5(self) -> tuple[bool, ...]:
        """Low 11 bits of a five-card key sum -> whether the hand reads as suited (with wild
        cards: whether the natural cards share a suit)."""
        return NATURALS_SUITED_5 if self.wild_cards else IS_FLUSH_5

    @cached_property
    def _five_card_lists(self) -> tuple[list[int], list[int]]:
        if self.wild_cards:
            values = self._space[1]

            def value_of(ranks: tuple[int, ...], suited: bool, wilds: int) -> int:
                value = values.get((ranks, suited)) if suited else None
                return value if value is not None else values[ranks, False]

            return wild_five_card_lists(value_of, self.natural_ranks, self.ranks, self.most_wild)
        flush, plain = [0] * FIVE_CARD_SLOTS, [0] * FIVE_CARD_SLOTS
        for key, suited, value in self.five_card_entries():
            (flush if suited else plain)[key] = value
        return flush, plain

    def five_card_entries(self) -> list[tuple[int, bool, int]]:
        """(rank key, suited, value) of every five-card hand class without wild cards: the
        entries of :meth:`five_card_lists` that are not 0 (tables built from these few
        thousand entries need not walk the lists)."""
        return [
            (sum(RANK_KEYS_5[rank] for rank in ranks), suited, value)
            for (ranks, suited), value in self._space[1].items()
        ]

    def plain_values(self) -> dict[tuple[int, ...], int]:
        """Five ranks (highest first) -> value when not all one suit."""
        return {ranks: value for (ranks, suited), value in self._space[1].items() if not suited}

    @cached_property
    def evaluators(self) -> Evaluators:
        """The scalar evaluators (five, six, seven cards, any of those), tables built on first call."""

        def many_card_tables(size: int) -> tuple[Sequence[int], Sequence[int]]:
            from pokerscore.engine.tables import flush_by_mask, plain_array

            return plain_array(self, size), flush_by_mask(self).tolist()

        return make_evaluators(
            self.five_card_lists,
            many_card_tables,
            int(self.flushes),
            self.card_keys5,
            self.is_flush5,
        )

    @property
    def evaluate5(self) -> Evaluate5:
        """The value of five card ids (trusted: in the deck, no card twice but the joker).

        Wild cards play as whatever makes the best hand: the best value over the completions.
        """
        return self.evaluators.evaluate5

    def evaluate(self, cards: tuple[int, ...] | list[int]) -> int:
        """The value of the best five of 5, 6 or 7 card ids (trusted: no validation).

        >>> from pokerscore.engine.rankings import get_ranking
        >>> get_ranking("deuce-to-seven").evaluate([0, 5, 10, 15, 21]) == 7462  # 7-5-4-3-2
        True
        >>> joker = get_ranking("joker")  # Jk 2d 2s Ks Qd: the joker makes three deuces
        >>> joker.category_of(joker.evaluate([52, 1, 3, 47, 41])).slug
        'three-of-a-kind'
        """
        return self.evaluators.evaluate(cards)

    def tables(self, size: int) -> RankingTables:
        """The bundle of NumPy tables the compiled kernels take, for hands of ``size`` cards."""
        from pokerscore.engine.tables import ranking_tables

        return ranking_tables(self, size)
