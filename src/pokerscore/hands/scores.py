"""Scoring hands: :func:`score` for five cards, :func:`best_hand` for the best five of 5 to 7.

Both take ``ranking=`` (a name such as ``"ace-to-five"`` or a
:class:`~pokerscore.engine.rankings.Ranking`); standard high poker is the default. Under high
and ace-to-five they also score hands of 1 to 4 cards (stud's and razz's up cards), and under
badugi four cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations

from pokerscore.cards import (
    JOKER,
    Card,
    CardLike,
    CardNotInDeckError,
    Rank,
    TooManyJokersError,
    parse_cards,
)
from pokerscore.engine import HIGH, RANKINGS, Category, Ranking, RankingLike, get_ranking
from pokerscore.engine.completions import completions
from pokerscore.engine.rankings import Play
from pokerscore.hands.descriptions import describe

HandInput = str | Iterable[CardLike]
"""A hand as a string (``"Ah Kh Qh Jh Th"``) or any iterable of cards, ids or card strings."""

_SINGLE_HIGH = (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
WildPlays = tuple[tuple[Card, Rank], ...]
"""Each wild card of a hand's best five with the rank it plays as."""


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
    plays: WildPlays = field(default=(), compare=False, repr=False)
    """Each wild card of ``best`` and the rank it plays as (wild rankings only)."""

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
        """The hand in words, e.g. ``Full House, Fours over Twos``, or with wild cards
        ``Straight Flush, Ace high (joker as King)``."""
        return describe(self.category, self.ranks, low=self.ranking.low, plays=self.plays)

    def __str__(self) -> str:
        return self.description


def deck_words(ranking: Ranking) -> str:
    """The ranking's deck in words, e.g. ``36 cards, sixes to aces``."""
    low, high = Rank(min(ranking.ranks)), Rank(max(ranking.ranks))
    natural = len(ranking.deck) - (JOKER in ranking.deck)
    joker = " and the joker" if JOKER in ranking.deck else ""
    return f"{natural} cards, {low.plural.lower()} to {high.plural.lower()}{joker}"


def joker_rankings_words() -> str:
    """Which rankings play with jokers, in words: ``only the joker ranking plays with jokers``."""
    names = [name for name, ranking in RANKINGS.items() if ranking.jokers]
    if len(names) == 1:
        return f"only the {names[0]} ranking plays with jokers"
    return f"only the rankings {', '.join(names)} play with jokers"


def check_in_deck(cards: Iterable[Card], ranking: Ranking) -> None:
    """Raise :class:`~pokerscore.cards.CardNotInDeckError` for the first card the deck lacks
    (a joker under a ranking without jokers says which rankings take them), and
    :class:`~pokerscore.cards.TooManyJokersError` past the jokers the ranking allows.

    >>> check_in_deck(parse_cards("As 6d 2c"), get_ranking("short-deck"))
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.CardNotInDeckError: invalid card "2c" at position 3: short-deck is played with 36 cards, sixes to aces
    >>> check_in_deck(parse_cards("Jk As 6d"), get_ranking("deuces-wild"))
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.CardNotInDeckError: invalid card "Jk" at position 1: only the joker ranking plays with jokers
    """
    mask = ranking.deck_mask
    jokers = 0
    for position, card in enumerate(cards, 1):
        if not mask >> card.id & 1:
            reason = joker_rankings_words() if card.id == JOKER else None
            raise CardNotInDeckError(str(card), position, ranking.name, deck_words(ranking), reason)
        if card.id == JOKER:
            jokers += 1
            if jokers > ranking.jokers:
                raise TooManyJokersError(ranking.jokers, position, f"{ranking.name} plays")


def wild_plays(cards: Iterable[Card], value: int, ranking: Ranking) -> WildPlays:
    """What each wild card of five plays as, for the hand to be worth ``value``: the wild cards,
    highest id first, take the ranks the completion of that value adds, highest first.

    >>> joker = get_ranking("joker")
    >>> hand = parse_cards("Jk Ah Qh Jh Th")
    >>> wild_plays(hand, joker.evaluate([card.id for card in hand]), joker)
    ((Card('Jk'), <Rank.KING: 11>),)
    """
    five = tuple(cards)
    wild = sorted((card for card in five if card.id in ranking.wild_cards), reverse=True)
    if not wild:
        return ()
    natural = [card for card in five if card.id not in ranking.wild_cards]
    suited = len({card.id & 3 for card in natural}) <= 1
    natural_ranks = sorted((int(card.rank) for card in natural), reverse=True)
    for completed in completions(natural_ranks, len(wild), ranking.ranks):
        if ranking.value_of(completed, suited) == value:
            added = Counter(completed) - Counter(natural_ranks)
            ranks = sorted(added.elements(), reverse=True)
            return tuple((card, Rank(rank)) for card, rank in zip(wild, ranks, strict=True))
    raise AssertionError(f"no completion of {five} is worth {value}")  # pragma: no cover


def _ordered(
    cards: Iterable[Card], value: int, ranking: Ranking, plays: WildPlays = ()
) -> tuple[Card, ...]:
    """The cards in explaining order: groups and kickers by the class's ranks, high suits first,
    each wild card where the rank it plays as goes, after the natural cards of that rank."""
    order = {rank: index for index, rank in enumerate(ranking.explaining_ranks(value))}
    if not order:  # a hand with nothing to explain (no low): highest first
        return tuple(sorted(cards, key=lambda card: -card.id))
    # Two jokers are one Card: each takes the next rank played by that card.
    pending: dict[Card, list[Rank]] = {}
    for card, rank in plays:
        pending.setdefault(card, []).append(rank)
    places = []
    for card in cards:
        if pending.get(card):
            places.append(((order[pending[card].pop(0)], True, -card.id), card))
        else:
            places.append(((order[card.rank], False, -card.suit), card))
    return tuple(card for _, card in sorted(places, key=lambda placed: placed[0]))


def _parsed(cards: HandInput, size: int | tuple[int, int], ranking: Ranking) -> tuple[Card, ...]:
    hand = parse_cards(cards, size=size)
    # High poker's deck is every card but the joker: only a joker needs checking there.
    if ranking is not HIGH or any(card.id == JOKER for card in hand):
        check_in_deck(hand, ranking)
    return hand


def _scored(
    hand: tuple[Card, ...], five: tuple[Card, ...], value: int, rules: Ranking
) -> HandScore:
    if not rules.wild_cards:
        return HandScore(value, hand, _ordered(five, value, rules), rules)
    plays = wild_plays(five, value, rules)
    return HandScore(value, hand, _ordered(five, value, rules, plays), rules, plays)


def _short(hand: tuple[Card, ...], rules: Ranking) -> HandScore:
    """The score of a hand whose cards all play (1 to 4) or of a badugi: no best five."""
    sized = rules.of_size(len(hand))
    by_id = {card.id: card for card in hand}
    playing = sized.playing([card.id for card in hand])
    value = sized.evaluate(playing)
    return HandScore(value, hand, _ordered((by_id[card] for card in playing), value, sized), sized)


def _score_sizes(rules: Ranking, most: int) -> int | tuple[int, int]:
    """How many cards a hand may hold under a ranking: ``rules.size`` for badugi and a short
    hand's ranking, 1 to ``most`` where short hands are ranked, else 5 to ``most``."""
    if rules.play is not Play.BEST_FIVE:
        return rules.size
    return (1 if rules.short_hands else 5, most)


def score(cards: HandInput, *, ranking: RankingLike = HIGH) -> HandScore:
    """Score exactly five cards (one deck: no card twice); under high and ace-to-five also 1 to 4
    cards (stud's and razz's up cards: pairs, trips and quads count, straights and flushes need
    five cards), and under badugi four cards (the best badugi among them plays).

    A hand of fewer than five cards has a value among hands of as many cards only (its
    ranking is :meth:`Ranking.of_size <pokerscore.engine.rankings.Ranking.of_size>`'s).

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
    >>> score("joker 2d 2s kS qD", ranking="joker").description
    'Three of a Kind, Twos, kickers King, Queen (joker as Two)'
    >>> score("Jk Ah Qh Jh Th", ranking="joker").description
    'Straight Flush, Ace high (joker as King)'
    >>> score("2s 9h 9d 9c 9s", ranking="deuces-wild").description
    'Five of a Kind, Nines'
    >>> score("3c 3d") > score("Ah Kh")  # up cards in stud: a pair showing beats ace-king
    True
    >>> score("6h 6d 6s 2c").description
    'Three of a Kind, Sixes, kicker Two'
    >>> score("7c 2d 4s", ranking="ace-to-five").description
    'Seven-Four low (7-4-2)'
    >>> hand = score("Kc 4d 2h Ad", ranking="badugi")  # two diamonds: the ace plays
    >>> hand.description, " ".join(map(str, hand.best))
    ('3-card badugi, K-2-A', 'Kc 2h Ad')
    """
    rules = get_ranking(ranking)
    hand = _parsed(cards, _score_sizes(rules, 5), rules)
    if len(hand) < 5 or rules.play is not Play.BEST_FIVE:
        return _short(hand, rules)
    value = rules.evaluate5(*(card.id for card in hand))
    return _scored(hand, hand, value, rules)


def best_hand(cards: HandInput, *, ranking: RankingLike = HIGH) -> HandScore:
    """Score the best five of 5 to 7 cards; ``best`` holds the five cards used. A hand that
    :func:`score` takes with fewer than five cards (high, ace-to-five) or four (badugi) is
    scored as there: every card plays, or the best badugi.

    >>> hand = best_hand("As Ks 7h 7d 2c 9s 7c")
    >>> hand.description, " ".join(map(str, hand.best))
    ('Three of a Kind, Sevens, kickers Ace, King', '7h 7d 7c As Ks')
    >>> best_hand("Kc 8h 6d 4s 3c 2h As", ranking="eight-or-better").description
    'Six-Four low (6-4-3-2-A)'
    >>> best_hand("Kc Ks", ranking="ace-to-five").description
    'Pair of Kings'
    """
    rules = get_ranking(ranking)
    hand = _parsed(cards, _score_sizes(rules, 7), rules)
    if len(hand) < 5 or rules.play is not Play.BEST_FIVE:
        return _short(hand, rules)
    evaluate5 = rules.evaluate5
    # The best of the (at most 21) five-card subsets, scored on the five-card table: one hand
    # never pays for building the larger tables that the six- and seven-card evaluators use.
    value, best = max(
        ((evaluate5(*(card.id for card in five)), five) for five in combinations(hand, 5)),
        key=lambda scored: scored[0],
    )
    return _scored(hand, best, value, rules)
