"""Every distinct five-card hand class, in order of strength: the meaning of ``value``.

A hand's ``value`` is its 1-based index in :data:`HAND_CLASSES`: 1 is 7-5-4-3-2 offsuit, 7462 the
royal flush, and two hands tie exactly when their values are equal. Each class is a category and
its ranks in the order that explains the hand (the pair before its kickers; 5-4-3-2-A for the
wheel). Everything here is derived from the rules below, not typed in.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from pokerscore.engine.category import Category

ACE: Final = 12
HandClass = tuple[int, tuple[int, ...]]
"""A category (as a plain int: hashing IntEnum members is several times slower) and its ranks."""


def straight_ranks(high: int) -> tuple[int, ...]:
    """The five ranks of the straight to ``high``, highest first; high 3 is the wheel A-2-3-4-5.

    >>> straight_ranks(3), straight_ranks(12)
    ((3, 2, 1, 0, 12), (12, 11, 10, 9, 8))
    """
    return tuple((high - step) % 13 if high - step >= 0 else ACE for step in range(5))


STRAIGHT_HIGHS: Final = tuple(range(3, 13))
"""Highest rank of each straight, weakest first: five (the wheel) up to ace."""
STRAIGHT_MASKS: Final = tuple(sum(1 << rank for rank in straight_ranks(h)) for h in STRAIGHT_HIGHS)
"""13-bit rank masks of the ten straights, weakest first."""


def straight_high(rank_mask: int) -> int:
    """The high rank of the best straight within a 13-bit rank mask, or -1 if none.

    >>> straight_high(0b1000000001111), straight_high(0b11111), straight_high(0b10111)
    (3, 4, -1)
    """
    for high, mask in zip(reversed(STRAIGHT_HIGHS), reversed(STRAIGHT_MASKS), strict=True):
        if rank_mask & mask == mask:
            return high
    return -1


MULTIPLICITIES: Final = {
    Category.ONE_PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
}
"""How many cards of each explaining rank a hand holds; one of each for the other categories."""
SUITED: Final = frozenset(
    {int(Category.FLUSH), int(Category.STRAIGHT_FLUSH), int(Category.ROYAL_FLUSH)}
)
"""Categories whose five cards share a suit."""


def five_ranks(hand_class: HandClass) -> tuple[int, ...]:
    """The five ranks of a class's hands, with repeats.

    >>> five_ranks((int(Category.FULL_HOUSE), (2, 0)))
    (2, 2, 2, 0, 0)
    """
    category, ranks = hand_class
    shape = MULTIPLICITIES.get(Category(category), (1,) * len(ranks))
    return tuple(rank for rank, count in zip(ranks, shape, strict=True) for _ in range(count))


def _build_classes() -> tuple[HandClass, ...]:
    # Combinations of a descending sequence come out descending: kickers in explaining order.
    other = {rank: [r for r in range(12, -1, -1) if r != rank] for rank in range(13)}
    no_straight: list[tuple[int, ...]] = [
        ranks
        for ranks in combinations(range(12, -1, -1), 5)
        if sum(1 << r for r in ranks) not in STRAIGHT_MASKS
    ]
    groups: dict[int, list[tuple[int, ...]]] = {
        Category.HIGH_CARD: no_straight,
        Category.ONE_PAIR: [
            (pair, *kickers) for pair in range(13) for kickers in combinations(other[pair], 3)
        ],
        Category.TWO_PAIR: [
            (high, low, kicker)
            for high in range(13)
            for low in range(high)
            for kicker in range(13)
            if kicker not in (high, low)
        ],
        Category.THREE_OF_A_KIND: [
            (trips, *kickers) for trips in range(13) for kickers in combinations(other[trips], 2)
        ],
        Category.STRAIGHT: [straight_ranks(high) for high in STRAIGHT_HIGHS],
        Category.FLUSH: no_straight,
        Category.FULL_HOUSE: [(trips, pair) for trips in range(13) for pair in other[trips]],
        Category.FOUR_OF_A_KIND: [
            (quads, kicker) for quads in range(13) for kicker in other[quads]
        ],
        Category.STRAIGHT_FLUSH: [straight_ranks(high) for high in STRAIGHT_HIGHS[:-1]],
        Category.ROYAL_FLUSH: [straight_ranks(ACE)],
    }
    # Within a category the explaining ranks compare lexicographically (wheel: 3 < 4 first).
    return tuple((int(c), ranks) for c in Category for ranks in sorted(groups[c]))


HAND_CLASSES: Final = _build_classes()
"""All 7,462 hand classes, weakest first; ``value - 1`` indexes it."""
VALUE_COUNT: Final = len(HAND_CLASSES)
VALUE_OF_CLASS: Final = {hand_class: value for value, hand_class in enumerate(HAND_CLASSES, 1)}


def _first_values() -> tuple[int, ...]:
    first: dict[int, int] = {}
    for value, (category, _) in enumerate(HAND_CLASSES, 1):
        first.setdefault(category, value)
    return tuple(first[category] for category in range(len(Category)))


CATEGORY_FIRST_VALUE: Final = _first_values()
"""The lowest value of each category, indexed by category."""


_CATEGORIES: Final = tuple(Category)
_QUADS, _FULL_HOUSE, _STRAIGHT, _TRIPS, _TWO_PAIR, _PAIR, _HIGH = (
    int(Category.FOUR_OF_A_KIND),
    int(Category.FULL_HOUSE),
    int(Category.STRAIGHT),
    int(Category.THREE_OF_A_KIND),
    int(Category.TWO_PAIR),
    int(Category.ONE_PAIR),
    int(Category.HIGH_CARD),
)
_FLUSH, _STRAIGHT_FLUSH, _ROYAL = (
    int(Category.FLUSH),
    int(Category.STRAIGHT_FLUSH),
    int(Category.ROYAL_FLUSH),
)


def category_of(value: int) -> Category:
    """The category of a value.

    >>> category_of(1), category_of(7462)
    (<Category.HIGH_CARD: 0>, <Category.ROYAL_FLUSH: 9>)
    """
    return _CATEGORIES[HAND_CLASSES[value - 1][0]]


def explaining_ranks(value: int) -> tuple[int, ...]:
    """The ranks of a value's class in explaining order (distinct ranks; five for straights).

    >>> explaining_ranks(7462)
    (12, 11, 10, 9, 8)
    """
    return HAND_CLASSES[value - 1][1]


def plain_value(counts: list[int]) -> int:
    """The value of the best five cards, ignoring flushes, from rank counts of 5 to 7 cards."""
    present = [rank for rank in range(12, -1, -1) if counts[rank]]
    by_count = sorted(present, key=lambda rank: counts[rank], reverse=True)  # stable: high first
    top = by_count[0]
    if counts[top] == 4:
        kicker = next(rank for rank in present if rank != top)
        return VALUE_OF_CLASS[(_QUADS, (top, kicker))]
    if counts[top] == 3:
        pairs = [rank for rank in present if rank != top and counts[rank] >= 2]
        if pairs:
            return VALUE_OF_CLASS[(_FULL_HOUSE, (top, pairs[0]))]
    high = straight_high(sum(1 << rank for rank in present))
    if high >= 0:
        return VALUE_OF_CLASS[(_STRAIGHT, straight_ranks(high))]
    if counts[top] == 3:
        kickers = tuple(rank for rank in present if rank != top)[:2]
        return VALUE_OF_CLASS[(_TRIPS, (top, *kickers))]
    pairs = [rank for rank in present if counts[rank] == 2]
    if len(pairs) >= 2:
        kicker = next(rank for rank in present if rank not in pairs[:2])
        return VALUE_OF_CLASS[(_TWO_PAIR, (pairs[0], pairs[1], kicker))]
    if pairs:
        kickers = tuple(rank for rank in present if rank != top)[:3]
        return VALUE_OF_CLASS[(_PAIR, (top, *kickers))]
    return VALUE_OF_CLASS[(_HIGH, tuple(present[:5]))]


def flush_value(rank_mask: int) -> int:
    """The value of the best five cards of one suit, from its 13-bit rank mask (5 bits or more)."""
    high = straight_high(rank_mask)
    if high == ACE:
        return VALUE_OF_CLASS[(_ROYAL, straight_ranks(ACE))]
    if high >= 0:
        return VALUE_OF_CLASS[(_STRAIGHT_FLUSH, straight_ranks(high))]
    ranks = tuple(rank for rank in range(12, -1, -1) if rank_mask >> rank & 1)[:5]
    return VALUE_OF_CLASS[(_FLUSH, ranks)]
