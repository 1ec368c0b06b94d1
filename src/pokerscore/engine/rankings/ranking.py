"""The :class:`Ranking`: one rule set for judging hands, and everything derived from it.

A ranking owns its deck, its categories in its own order of strength, its hand classes and value
space (higher value = better hand, always), its lookup tables and its evaluators. Nothing is built
until the ranking is first used: the value space and five-card tables in pure Python (tens of
milliseconds), the six- and seven-card tables with NumPy, the kernels' bundles on first batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum
from functools import cached_property
from typing import TYPE_CHECKING, Final

from pokerscore._support.errors import ParameterError
from pokerscore.cards.card import JOKER
from pokerscore.engine.category import Category
from pokerscore.engine.completions import five_card_lists as wild_five_card_lists
from pokerscore.engine.evaluators import Evaluate5, Evaluators, make_evaluators
from pokerscore.engine.hand_classes import (
    SUITS_PER_RANK,
    HandClass,
    Judge,
    best_badugi,
    value_space,
)
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


class Play(IntEnum):
    """Which cards of a hand play."""

    BEST_FIVE = 0
    """The best five of 5 to 7 cards (every ranking of five-card hands)."""
    EVERY_CARD = 1
    """Every card of a short hand of 1 to 4 cards (stud's up cards): no straight, no flush."""
    BADUGI = 2
    """The best badugi of four cards: the most cards of different ranks and different suits
    (:func:`pokerscore.engine.hand_classes.best_badugi`)."""


SHORT_SIZES: Final = (1, 2, 3, 4)
"""The sizes of short hands (:meth:`Ranking.of_size`)."""


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
    play: Play = Play.BEST_FIVE
    """Which cards of a hand play: the best five, every card (a short hand), or a badugi."""
    size: int = 5
    """The cards of a hand this ranking judges: 5 (the best five of 5 to 7), 1 to 4 for a short
    hand (:meth:`of_size`), 4 for badugi."""
    short_hands: bool = False
    """Whether hands of 1 to 4 cards are ranked (:meth:`of_size`): stud's and razz's up cards."""
    base: Ranking | None = field(default=None, repr=False)
    """The five-card ranking a short hand's ranking comes from (:meth:`of_size`), else None."""

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
        if self.play is Play.BADUGI:
            # The badugi's ranks: one to four different ones.
            return value_space(self.judge, self.categories, self.ranks, 1, range(1, self.size + 1))
        # With wild cards a rank may come five times: five of a kind.
        most = SUITS_PER_RANK + 1 if self.wild_cards else SUITS_PER_RANK
        return value_space(self.judge, self.categories, self.ranks, most, (self.size,))

    def of_size(self, size: int) -> Ranking:
        """This ranking for hands of ``size`` cards: itself for 5, and for 1 to 4 (where the
        ranking has :attr:`short_hands`) a ranking of its own, whose values run from 1 to its
        :attr:`value_count` and compare only hands of that size. Every card plays: repeated
        ranks make pairs, trips and quads, and nothing else counts (no straight, no flush).

        >>> from pokerscore.engine.rankings import HIGH
        >>> two = HIGH.of_size(2)
        >>> two.value_count, two is HIGH.of_size(2)
        (91, True)
        >>> two.category_of(two.evaluate([48, 49])).slug  # Ac Ad
        'one-pair'
        >>> two.evaluate([0, 1]) > two.evaluate([48, 44])  # 2c 2d beats Ac Kc
        True
        """
        if size == self.size:
            return self
        root = self.base or self
        if size == root.size:
            return root
        if not root.short_hands or size not in SHORT_SIZES:
            sizes = "5" if not root.short_hands else "1 to 5"
            raise ParameterError(
                f"{{name}} {root.name} ranks hands of {sizes} cards, not {size}", "ranking"
            )
        return root._short_rankings[size - 1]

    @cached_property
    def _short_rankings(self) -> tuple[Ranking, ...]:
        return tuple(
            replace(self, play=Play.EVERY_CARD, size=size, short_hands=False, base=self)
            for size in SHORT_SIZES
        )

    def bring_in_order(self, card: int) -> int:
        """A single up card's place, 1 to 52, in the order that picks stud's bring-in: the
        lowest brings in. The card's value alone (:meth:`of_size`) decides, then its suit,
        clubs lowest under high (stud: the 2 of clubs brings in first) and turned round under
        a low ranking (razz: the highest card brings in, the king of spades first), as
        PokerStars and pokerkit play.

        >>> from pokerscore.engine.rankings import ACE_TO_FIVE, HIGH
        >>> HIGH.bring_in_order(0), HIGH.bring_in_order(1), HIGH.bring_in_order(51)  # 2c 2d As
        (1, 2, 52)
        >>> ACE_TO_FIVE.bring_in_order(47), ACE_TO_FIVE.bring_in_order(44)  # Ks Kc
        (1, 4)
        >>> ACE_TO_FIVE.bring_in_order(48)  # Ac: the best razz card, the lowest ace
        52
        """
        value = self.of_size(1).evaluate((card,))
        suit = card & 3
        return 4 * (value - 1) + (3 - suit if self.low else suit) + 1

    def value_of(self, ranks: tuple[int, ...], suited: bool) -> int:
        """The value of five ranks (any order; up to five of a rank under a wild ranking; the
        :attr:`size` ranks of a short hand; a badugi's own different ranks) when all of one suit
        (``suited``, five ranks only) or not. Ranks that repeat cannot share a suit: ``suited``
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

    def _five_cards_only(self) -> None:
        """Refuse what only a ranking of the best five of 5 to 7 cards has."""
        if self.play is not Play.BEST_FIVE:
            raise ParameterError(
                f"{{name}} {self.name} judges hands of {self.size} cards, "
                "not the best five of 5 to 7",
                "ranking",
            )

    @cached_property
    def _five_card_lists(self) -> tuple[list[int], list[int]]:
        self._five_cards_only()
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
        self._five_cards_only()
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
        self._five_cards_only()

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
        """The value of the best five of 5, 6 or 7 card ids (trusted: no validation); of the
        :attr:`size` cards of a short hand; of the best badugi of four cards.

        >>> from pokerscore.engine.rankings import get_ranking
        >>> get_ranking("deuce-to-seven").evaluate([0, 5, 10, 15, 21]) == 7462  # 7-5-4-3-2
        True
        >>> joker = get_ranking("joker")  # Jk 2d 2s Ks Qd: the joker makes three deuces
        >>> joker.category_of(joker.evaluate([52, 1, 3, 47, 41])).slug
        'three-of-a-kind'
        >>> badugi = get_ranking("badugi")  # Ac 2d 3h 4s
        >>> badugi.evaluate([48, 1, 6, 11]) == badugi.value_count
        True
        """
        if self.play is Play.BEST_FIVE:
            return self.evaluators.evaluate(cards)
        return self.value_of(tuple(card >> 2 for card in self.playing(cards)), False)

    def playing(self, cards: Sequence[int]) -> tuple[int, ...]:
        """The cards that play in a short hand (all of them) or a badugi (the best badugi:
        :func:`~pokerscore.engine.hand_classes.best_badugi`), in the given order.

        >>> from pokerscore.engine.rankings import get_ranking
        >>> get_ranking("badugi").playing([48, 44, 1, 5])  # Ac Kc 2d 3d: A-2
        (48, 1)
        """
        if self.play is Play.BADUGI:
            return best_badugi(cards, self.value_of)
        self._short_only()
        return tuple(cards)

    def _short_only(self) -> None:
        if self.play is not Play.EVERY_CARD:
            raise ParameterError(
                f"{{name}} {self.name} plays the best five of 5 to 7 cards", "ranking"
            )

    def tables(self, size: int) -> RankingTables:
        """The bundle of NumPy tables the compiled kernels take, for hands of ``size`` cards
        (5, 6 or 7)."""
        self._five_cards_only()
        if type(size) is not int or not 5 <= size <= 7:
            raise ParameterError(f"{{name}} must be 5, 6 or 7 cards, not {size!r:.20}", "size")
        from pokerscore.engine.tables import ranking_tables

        return ranking_tables(self, size)
