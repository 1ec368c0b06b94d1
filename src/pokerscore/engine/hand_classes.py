"""Hand classes: the rules that judge five ranks, and the value space they define.

A ranking judges every multiset of five ranks, plain and (five different ranks) all of one suit,
as a :data:`Judgement`: its category, its ranks in the order that explains the hand (the pair
before its kickers; 5-4-3-2-A for the wheel) and a strength key that orders hands within the
category. Sorting the distinct judgements by (category's place in the ranking, strength) gives the
ranking's hand classes, weakest first; a hand's ``value`` is its class's 1-based index, so higher
always wins and equal values tie. Nothing here is typed in: the classes come from these rules.

What a straight is lives here once: five consecutive ranks of the deck, the ace also playing
below the deck's lowest rank where the ranking allows it (A-2-3-4-5 in a full deck, A-6-7-8-9 in
the short deck).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final

from pokerscore.engine.category import Category

ACE: Final = 12
HandClass = tuple[int, tuple[int, ...]]
"""A category (as a plain int: hashing IntEnum members is several times slower) and its ranks."""
Judgement = tuple[Category, tuple[int, ...], tuple[int, ...]]
"""A category, the explaining ranks, and the strength key within the category (higher wins)."""
Judge = Callable[[tuple[int, ...], bool], Judgement]
"""The rules of a ranking: five ranks (highest first, with repeats) and whether all one suit."""


def straight_ranks(high: int, lowest: int = 0) -> tuple[int, ...]:
    """The five ranks of the straight to ``high``, highest first, in a deck whose lowest rank is
    ``lowest``: below it the ace plays low.

    >>> straight_ranks(3), straight_ranks(12), straight_ranks(7, lowest=4)
    ((3, 2, 1, 0, 12), (12, 11, 10, 9, 8), (7, 6, 5, 4, 12))
    """
    return tuple(high - step if high - step >= lowest else ACE for step in range(5))


def straights(lowest: int = 0, *, ace_low: bool = True) -> dict[int, int]:
    """Rank mask (bit ``r`` for rank ``r``) of each straight -> its high rank.

    >>> sorted(straights().values())[:2], len(straights()), len(straights(ace_low=False))
    ([3, 4], 10, 9)
    >>> sorted(straights(4).values())  # the short deck: A-6-7-8-9 up to A-K-Q-J-T
    [7, 8, 9, 10, 11, 12]
    """
    first = lowest + 3 if ace_low else lowest + 4
    return {
        sum(1 << rank for rank in straight_ranks(high, lowest)): high for high in range(first, 13)
    }


STANDARD_STRAIGHTS: Final = straights()
"""The ten straights of a full deck, the wheel A-2-3-4-5 included."""


def straight_high(rank_mask: int) -> int:
    """The high rank of the best straight within a 13-bit rank mask of a full deck, or -1.

    >>> straight_high(0b1000000001111), straight_high(0b11111), straight_high(0b10111)
    (3, 4, -1)
    """
    best = -1
    for mask, high in STANDARD_STRAIGHTS.items():
        if rank_mask & mask == mask and high > best:
            best = high
    return best


_ONES: Final = tuple((1,) * size for size in range(8))


def low_order(rank: int) -> int:
    """A rank's place when the ace is always low: the ace below the deuce."""
    return -1 if rank == ACE else rank


def grouped_ranks(
    ranks: Sequence[int], *, ace_low: bool = False
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(shape, ranks): how many cards each rank has, most first, and the ranks in that order.

    ``ranks`` come highest first (with repeats); ranks with as many cards stay highest first,
    the aces last with ``ace_low``. (Table builds call this thousands of times: kept lean.)

    >>> grouped_ranks((12, 9, 9, 5, 5))
    ((2, 2, 1), (9, 5, 12))
    >>> grouped_ranks((12, 3, 2, 1, 0), ace_low=True)
    ((1, 1, 1, 1, 1), (3, 2, 1, 0, 12))
    """
    if ace_low and ranks[0] == ACE:
        aces = list(ranks).count(ACE)
        ranks = (*ranks[aces:], *ranks[:aces])
    if len(set(ranks)) == len(ranks):  # the common case, settled in C
        return _ONES[len(ranks)], tuple(ranks)
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    # A stable sort: ranks with equal counts keep their order, highest first.
    order = sorted(counts, key=counts.__getitem__, reverse=True)
    return tuple(map(counts.__getitem__, order)), tuple(order)


SHAPES: Final = {
    (5,): Category.FIVE_OF_A_KIND,
    (4,): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3,): Category.THREE_OF_A_KIND,
    (2, 2): Category.TWO_PAIR,
    (2,): Category.ONE_PAIR,
}
"""The categories made by repeated ranks alone, keyed by the counts of the repeated ranks (most
first; five of a kind only with wild cards): the same in a hand of any size, so a pair with two
kickers and a pair alone (stud's up cards) are both ``(2,)``."""


def repeats_category(shape: tuple[int, ...]) -> Category | None:
    """The category of a shape (:func:`grouped_ranks`) made by its repeated ranks, or None when
    no rank repeats.

    >>> repeats_category((2, 1, 1, 1)), repeats_category((2,)), repeats_category((1, 1))
    (<Category.ONE_PAIR: 1>, <Category.ONE_PAIR: 1>, None)
    """
    return SHAPES.get(tuple(count for count in shape if count > 1))


def standard_category(
    ranks: tuple[int, ...],
    suited: bool,
    straight_masks: dict[int, int],
    lowest: int = 0,
    *,
    royal: bool = True,
) -> tuple[Category, tuple[int, ...]]:
    """Category and explaining ranks of five ranks (or one to four, which make no straight and
    no flush) under the standard rules of hand shapes.

    ``straight_masks`` says which rank sets are straights (see :func:`straights`); with
    ``royal`` the ace-high straight flush is a category of its own.

    >>> standard_category((12, 3, 2, 1, 0), False, STANDARD_STRAIGHTS)
    (<Category.STRAIGHT: 4>, (3, 2, 1, 0, 12))
    >>> standard_category((9, 9, 4, 4, 4), False, STANDARD_STRAIGHTS)
    (<Category.FULL_HOUSE: 6>, (4, 9))
    >>> standard_category((12, 11, 10, 9), True, STANDARD_STRAIGHTS)  # four cards: no flush
    (<Category.HIGH_CARD: 0>, (12, 11, 10, 9))
    """
    shape, grouped = grouped_ranks(ranks)
    repeated = repeats_category(shape)
    if repeated is not None:
        return repeated, grouped
    if len(ranks) < 5:
        return Category.HIGH_CARD, grouped
    high = straight_masks.get(sum(map((1).__lshift__, grouped)), -1)
    if high < 0:
        return (Category.FLUSH if suited else Category.HIGH_CARD), grouped
    if not suited:
        return Category.STRAIGHT, straight_ranks(high, lowest)
    if royal and high == ACE:
        return Category.ROYAL_FLUSH, straight_ranks(high, lowest)
    return Category.STRAIGHT_FLUSH, straight_ranks(high, lowest)


SUITS_PER_RANK: Final = 4
"""A deck holds four cards of each rank: without wild cards, at most four of a rank."""


def rank_multisets(
    ranks: Sequence[int], size: int = 5, most: int = SUITS_PER_RANK
) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` of these ranks with at most ``most`` of a rank, highest first.

    >>> len(list(rank_multisets(range(13)))), len(list(rank_multisets(range(13), most=5)))
    (6175, 6188)
    """
    # Combinations of a descending sequence come out descending.
    for multiset in combinations_with_replacement(sorted(ranks, reverse=True), size):
        for start in range(size - most):
            if multiset[start] == multiset[start + most]:
                break
        else:
            yield multiset


def value_space(
    judge: Judge,
    categories: Sequence[Category],
    ranks: Sequence[int],
    most: int = SUITS_PER_RANK,
    sizes: Sequence[int] = (5,),
) -> tuple[tuple[HandClass, ...], dict[tuple[tuple[int, ...], bool], int]]:
    """A ranking's hand classes, weakest first, and the value of each (ranks, suited) pair.

    Every multiset of ``sizes`` (five; one to four for short hands and badugi) of the deck's
    ``ranks`` with at most ``most`` of a rank (five with wild cards, one for badugi) is judged
    plain, and suited too when it holds five different ranks (fewer cards make no flush).
    ``categories`` lists the ranking's categories weakest first.
    """
    # Keyed by plain ints: hashing an enum member runs Python code, thousands of times here.
    place = {int(category): index for index, category in enumerate(categories)}
    judged: dict[tuple[tuple[int, ...], bool], tuple[int, tuple[int, ...]]] = {}
    explained: dict[tuple[int, tuple[int, ...]], HandClass] = {}
    multisets = (multiset for size in sizes for multiset in rank_multisets(ranks, size, most))
    for multiset in multisets:
        for suited in (False, True) if len(set(multiset)) == 5 else (False,):
            category, explaining, strength = judge(multiset, suited)
            number = int(category)
            order = (place[number], strength)
            judged[multiset, suited] = order
            if order not in explained:
                explained[order] = (number, explaining)
    orders = sorted(explained)
    values = {order: value for value, order in enumerate(orders, 1)}
    classes = tuple(explained[order] for order in orders)
    return classes, {hand: values[order] for hand, order in judged.items()}


def best_badugi(
    cards: Sequence[int], value_of: Callable[[tuple[int, ...], bool], int]
) -> tuple[int, ...]:
    """The cards of the best badugi among card ids: of the subsets whose cards differ in rank and
    in suit, the one ``value_of`` (a badugi ranking's, of the subset's ranks) rates highest; the
    first of equal ones, subsets taken in :func:`itertools.combinations` order, most cards first.

    >>> from pokerscore.engine.rankings import get_ranking
    >>> value_of = get_ranking("badugi").value_of
    >>> best_badugi([48, 1, 6, 11], value_of)  # Ac 2d 3h 4s: a four-card badugi
    (48, 1, 6, 11)
    >>> best_badugi([0, 4, 9, 13], value_of)  # 2c 3c 4d 5d: 2c 4d (or 2c 5d, 3c 4d, 3c 5d)
    (0, 9)
    """
    best: tuple[int, ...] = ()
    best_value = 0
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            ranks = tuple(card >> 2 for card in subset)
            if len(set(ranks)) < size or len({card & 3 for card in subset}) < size:
                continue
            value = value_of(ranks, False)
            if value > best_value:
                best, best_value = subset, value
    return best
