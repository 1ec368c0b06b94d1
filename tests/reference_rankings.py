"""Slow, obviously-correct scorers for every ranking, written straight from the rules.

Each ranking maps five card ids (4 * rank + suit; rank 0 = deuce .. 12 = ace; suits clubs,
diamonds, hearts, spades) to a key ``(category index, tie-break)``. Python's tuple order on keys
is the strength order of the ranking (larger = better), and ``CATEGORIES[ranking][key[0]]`` is
the category's slug, weakest first. Lowball tie-breaks hold negated ranks, so that the lower
hand gets the larger key. Nothing here is shared with pokerscore's engine or its tables.

>>> from tests.reference_rankings import category_slug, reference_best, reference_key
>>> wheel = [48, 1, 6, 11, 12]  # As 2d 3h 4s 5c
>>> category_slug("high", reference_key("high", wheel))
'straight'
>>> category_slug("deuce-to-seven", reference_key("deuce-to-seven", wheel))
'high-card'
>>> category_slug("eight-or-better", reference_best("eight-or-better", [*wheel, 51, 47]))
'five-low'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations

Key = tuple[int, tuple[int, ...]]

ACE = 12
SIX = 4
EIGHT = 6
NINE = 7

CATEGORIES: dict[str, tuple[str, ...]] = {
    "high": (
        "high-card",
        "one-pair",
        "two-pair",
        "three-of-a-kind",
        "straight",
        "flush",
        "full-house",
        "four-of-a-kind",
        "straight-flush",
        "royal-flush",
    ),
    "ace-to-five": (
        "four-of-a-kind",
        "full-house",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "no-pair",
    ),
    "deuce-to-seven": (
        "straight-flush",
        "four-of-a-kind",
        "full-house",
        "flush",
        "straight",
        "three-of-a-kind",
        "two-pair",
        "one-pair",
        "high-card",
    ),
    "eight-or-better": ("no-low", "eight-low", "seven-low", "six-low", "five-low"),
    "short-deck": (
        "high-card",
        "one-pair",
        "two-pair",
        "straight",
        "three-of-a-kind",
        "full-house",
        "flush",
        "four-of-a-kind",
        "straight-flush",
    ),
    "short-deck-straight-over-trips": (
        "high-card",
        "one-pair",
        "two-pair",
        "three-of-a-kind",
        "straight",
        "full-house",
        "flush",
        "four-of-a-kind",
        "straight-flush",
    ),
}
"""Each ranking's category slugs, weakest first."""

RANKINGS = tuple(CATEGORIES)

FULL_DECK = tuple(range(52))
SHORT_DECK = tuple(card for card in FULL_DECK if card // 4 >= SIX)  # sixes up: 36 cards
DECKS = {
    ranking: SHORT_DECK if ranking.startswith("short-deck") else FULL_DECK for ranking in RANKINGS
}

RANK_NAMES = "23456789TJQKA"
SUIT_NAMES = "cdhs"


def card_name(card: int) -> str:
    """'As' for 51."""
    return RANK_NAMES[card // 4] + SUIT_NAMES[card % 4]


def card_id(name: str) -> int:
    """51 for 'As'."""
    return 4 * RANK_NAMES.index(name[0].upper()) + SUIT_NAMES.index(name[1].lower())


def card_ids(text: str) -> list[int]:
    """[51, 50] for 'As Ah'."""
    return [card_id(name) for name in text.split()]


def grouped(ranks: Sequence[int]) -> tuple[int, ...]:
    """Distinct ranks, most repeated first, then highest first: (9, 9, 9, 2, 2) -> (9, 2)."""
    counts = Counter(ranks)
    return tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))


def shape(ranks: Sequence[int]) -> tuple[int, ...]:
    """How many times each rank repeats, most first: (9, 9, 9, 2, 2) -> (3, 2)."""
    return tuple(sorted(Counter(ranks).values(), reverse=True))


def is_flush(cards: Sequence[int]) -> bool:
    return len({card % 4 for card in cards}) == 1


PAIR_SHAPES = {
    (1, 1, 1, 1, 1): "no-pair",
    (2, 1, 1, 1): "one-pair",
    (2, 2, 1): "two-pair",
    (3, 1, 1): "three-of-a-kind",
    (3, 2): "full-house",
    (4, 1): "four-of-a-kind",
}
"""Categories that depend on repeated ranks alone."""


def straight_high(ranks: Sequence[int], low_straights: dict[frozenset[int], int]) -> int | None:
    """The top rank of a straight (five consecutive ranks, or one of ``low_straights``)."""
    distinct = set(ranks)
    if len(distinct) != 5:
        return None
    if max(distinct) - min(distinct) == 4:
        return max(distinct)
    return low_straights.get(frozenset(distinct))


def _high_rules(
    cards: Sequence[int], low_straights: dict[frozenset[int], int]
) -> tuple[str, tuple[int, ...]]:
    """Category slug and tie-break ranks (higher = better) under the rules of high poker.

    Straights and flushes count; ``low_straights`` names the straights in which the ace plays
    low (the wheel in a full deck, A-6-7-8-9 in short deck) with their top rank.
    """
    ranks = [card // 4 for card in cards]
    top = straight_high(ranks, low_straights)
    flush = is_flush(cards)
    pattern = PAIR_SHAPES[shape(ranks)]
    if top is not None and flush:
        return "straight-flush", (top,)
    if pattern in ("four-of-a-kind", "full-house"):
        return pattern, grouped(ranks)
    if flush:
        return "flush", grouped(ranks)
    if top is not None:
        return "straight", (top,)
    return ("high-card" if pattern == "no-pair" else pattern), grouped(ranks)


def high_key(cards: Sequence[int]) -> Key:
    """Standard high poker: the wheel is a five-high straight, the royal flush its own category."""
    slug, ranks = _high_rules(cards, {frozenset({ACE, 0, 1, 2, 3}): 3})
    if slug == "straight-flush" and ranks == (ACE,):
        slug = "royal-flush"
    return CATEGORIES["high"].index(slug), ranks


def ace_low(rank: int) -> int:
    """Rank with the ace below the deuce: ace 0, deuce 1, .., king 12."""
    return 0 if rank == ACE else rank + 1


def ace_to_five_key(cards: Sequence[int]) -> Key:
    """Ace low, straights and flushes ignored; fewer repeats first, then the lower hand wins."""
    ranks = [ace_low(card // 4) for card in cards]
    slug = PAIR_SHAPES[shape(ranks)]
    return CATEGORIES["ace-to-five"].index(slug), tuple(-rank for rank in grouped(ranks))


def deuce_to_seven_key(cards: Sequence[int]) -> Key:
    """High poker's categories turned upside down; the ace is only high (A-2-3-4-5 no straight)."""
    slug, ranks = _high_rules(cards, {})
    return CATEGORIES["deuce-to-seven"].index(slug), tuple(-rank for rank in ranks)


LOW_NAMES = {4: "five-low", 5: "six-low", 6: "seven-low", 7: "eight-low"}
"""A qualifying low is named by its highest card, in ace-low ranks (five = 4 .. eight = 7)."""


def eight_or_better_key(cards: Sequence[int]) -> Key:
    """Five different ranks, all eight or lower (ace low), ordered as ace-to-five; else no low."""
    ranks = sorted((ace_low(card // 4) for card in cards), reverse=True)
    if len(set(ranks)) < 5 or ranks[0] > ace_low(EIGHT):
        return CATEGORIES["eight-or-better"].index("no-low"), ()
    slug = LOW_NAMES[ranks[0]]
    return CATEGORIES["eight-or-better"].index(slug), tuple(-rank for rank in ranks)


def _short_deck_rules(cards: Sequence[int]) -> tuple[str, tuple[int, ...]]:
    if any(card // 4 < SIX for card in cards):
        raise ValueError(f"not a short-deck card among {[card_name(card) for card in cards]}")
    # A-6-7-8-9: the ace plays low below the six, the lowest straight (nine high).
    return _high_rules(cards, {frozenset({ACE, SIX, SIX + 1, SIX + 2, NINE}): NINE})


def short_deck_key(cards: Sequence[int]) -> Key:
    """36 cards; flush beats full house; three of a kind beats a straight."""
    slug, ranks = _short_deck_rules(cards)
    return CATEGORIES["short-deck"].index(slug), ranks


def short_deck_straight_over_trips_key(cards: Sequence[int]) -> Key:
    """Short deck where a straight beats three of a kind."""
    slug, ranks = _short_deck_rules(cards)
    return CATEGORIES["short-deck-straight-over-trips"].index(slug), ranks


KEYS: dict[str, Callable[[Sequence[int]], Key]] = {
    "high": high_key,
    "ace-to-five": ace_to_five_key,
    "deuce-to-seven": deuce_to_seven_key,
    "eight-or-better": eight_or_better_key,
    "short-deck": short_deck_key,
    "short-deck-straight-over-trips": short_deck_straight_over_trips_key,
}


def reference_key(ranking: str, cards: Sequence[int]) -> Key:
    """The key of exactly five cards under ``ranking``."""
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"five different cards expected, got {cards}")
    ranks = tuple(sorted(card // 4 for card in cards))
    return _class_key(ranking, ranks, is_flush(cards))


@cache
def _class_key(ranking: str, ranks: tuple[int, ...], flush: bool) -> Key:
    """The key of every five cards with these ranks, all one suit or not.

    By every ranking's rules nothing else about five cards matters; remembering the answer for
    each such class makes the scorer fast enough to check thousands of hands.
    """
    suits = [0] * 5 if flush else [index % 4 for index in range(5)]  # repeats get new suits
    return KEYS[ranking]([4 * rank + suit for rank, suit in zip(ranks, suits, strict=True)])


def reference_best(ranking: str, cards: Sequence[int]) -> Key:
    """The best key over every five-card subset of 5 to 7 cards."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"5 to 7 cards expected, got {len(cards)}")
    return max(reference_key(ranking, five) for five in combinations(cards, 5))


def category_slug(ranking: str, key: Key) -> str:
    """The slug of the category a key belongs to."""
    return CATEGORIES[ranking][key[0]]


def rank_multisets(ranks: Sequence[int], size: int = 5) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks from ``ranks`` with no rank more than four times."""
    found: list[tuple[int, ...]] = []

    def extend(start: int, chosen: tuple[int, ...]) -> None:
        if len(chosen) == size:
            found.append(chosen)
            return
        for index in range(start, len(ranks)):
            if chosen.count(ranks[index]) < 4:
                extend(index, (*chosen, ranks[index]))

    extend(0, ())
    return found


def representative_hands(ranking: str) -> list[tuple[int, ...]]:
    """One five-card hand for each (rank multiset, flush or not) the ranking's deck allows.

    A five-card hand's strength in every ranking depends only on its ranks and on whether it is
    a flush, so these hands meet every value of a ranking. Repeated ranks take suits 0, 1, 2,
    3 in turn (never a flush); five different ranks come once suited (clubs) and once not.
    """
    ranks = sorted({card // 4 for card in DECKS[ranking]})
    hands: list[tuple[int, ...]] = []
    for multiset in rank_multisets(ranks):
        if len(set(multiset)) == 5:
            hands.append(tuple(4 * rank for rank in multiset))
            hands.append(tuple(4 * rank + (index == 0) for index, rank in enumerate(multiset)))
        else:
            seen: Counter[int] = Counter()
            hand = []
            for rank in multiset:
                hand.append(4 * rank + seen[rank])
                seen[rank] += 1
            hands.append(tuple(hand))
    return hands
