"""Scalar evaluators on card ids: int in, int out, no validation.

Each returns the ``value`` of the best five cards under one ranking. They trust their input: ids
of the ranking's deck and no card twice; anything else gives a wrong answer or an
``IndexError``. Tables are built on the first call (tens of milliseconds for five cards, a
quarter second for seven).

The evaluators are closures over their ranking's tables, so the hot path reads closure cells, as
fast as module globals, and one implementation serves every ranking. The six- and seven-card
paths are tuned for CPython: the first card's key carries the flush probe (one addition fewer),
and the flush-free path (97 % of seven-card hands) builds no tuple and reads one entry of a flat
array indexed by the rank key (a dictionary lookup would cost several cache misses).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple

from pokerscore.engine.keys import (
    CARD_KEYS,
    CARD_KEYS_5,
    FIRST_CARD_KEYS,
    FLUSH_BITS,
    FLUSH_PROBE,
    IS_FLUSH_5,
    RANK_BITS,
    SUIT_MASK_5,
    SUIT_SHIFT,
    SUIT_SHIFT_5,
    suit_of_flush,
)

EVERY_FIVE = 3
"""``FlushRule.EVERY_FIVE``: six and seven cards are judged five by five (wild cards)."""
Evaluate5 = Callable[[int, int, int, int, int], int]
FiveCardLists = Callable[[], tuple[Sequence[int], Sequence[int]]]
"""Builds (flush, plain): five-card rank key -> value."""
ManyCardTables = Callable[[int], tuple[Sequence[int], Sequence[int]]]
"""Builds, for a hand size, (plain, flush): rank-multiset key -> value, rank mask -> value."""


class Evaluators(NamedTuple):
    """The scalar evaluators of one ranking."""

    evaluate5: Evaluate5
    evaluate6: Callable[[int, int, int, int, int, int], int]
    evaluate7: Callable[[int, int, int, int, int, int, int], int]
    evaluate: Callable[[Sequence[int]], int]


def make_evaluators(
    five_card_lists: FiveCardLists,
    many_card_tables: ManyCardTables,
    flush_rule: int,
    keys5: Sequence[int] = CARD_KEYS_5,
    is_flush5: Sequence[bool] = IS_FLUSH_5,
) -> Evaluators:
    """Evaluators over tables built on first call; ``flush_rule`` as ``FlushRule``: 0 suits are
    ignored, 1 a flush suit's best five wins, 2 the best of every five-card subset when five
    share a suit, 3 always the best of every five-card subset (wild cards). ``keys5`` and
    ``is_flush5`` are the ranking's five-card card keys and suit test (wild rankings have
    their own)."""
    mask5, shift5 = SUIT_MASK_5, SUIT_SHIFT_5
    keys, first_keys, rank_bits = CARD_KEYS, FIRST_CARD_KEYS, RANK_BITS
    flush5: list[int] = []
    plain5: list[int] = []
    # Filled in place on first use, so the fast paths below read closure cells.
    plain6: list[Sequence[int]] = []
    plain7: list[Sequence[int]] = []
    flush_by_mask: list[int] = []

    def evaluate5(c1: int, c2: int, c3: int, c4: int, c5: int) -> int:
        """The value of five card ids."""
        key = keys5[c1] + keys5[c2] + keys5[c3] + keys5[c4] + keys5[c5]
        try:
            if is_flush5[key & mask5]:
                return flush5[key >> shift5]
            return plain5[key >> shift5]
        except IndexError:
            if plain5:  # the tables are there: the ids were bad
                raise
            flush, plain = five_card_lists()
            flush5.extend(flush)
            plain5.extend(plain)
        return evaluate5(c1, c2, c3, c4, c5)

    def load(size: int) -> Sequence[int]:
        plain, flush = many_card_tables(size)
        if not flush_by_mask:
            flush_by_mask.extend(flush)
        (plain6 if size == 6 else plain7).append(plain)
        return plain

    def flush_of(key: int, cards: tuple[int, ...]) -> int:
        """The value of a hand with five or more cards of a suit (its key carries the probe)."""
        if flush_rule == 1:
            suit = suit_of_flush(key - FLUSH_PROBE)
            mask = 0
            for card in cards:
                if card & 3 == suit:
                    mask |= rank_bits[card]
            return flush_by_mask[mask]
        return max(evaluate5(*five) for five in combinations(cards, 5))

    def evaluate6(c1: int, c2: int, c3: int, c4: int, c5: int, c6: int) -> int:
        """The value of the best five of six card ids."""
        key = first_keys[c1] + keys[c2] + keys[c3] + keys[c4] + keys[c5] + keys[c6]
        table = plain6[0] if plain6 else load(6)
        if key & FLUSH_BITS and flush_rule:
            return flush_of(key, (c1, c2, c3, c4, c5, c6))
        return table[key >> SUIT_SHIFT]

    def evaluate7(c1: int, c2: int, c3: int, c4: int, c5: int, c6: int, c7: int) -> int:
        """The value of the best five of seven card ids."""
        key = first_keys[c1] + keys[c2] + keys[c3] + keys[c4] + keys[c5] + keys[c6] + keys[c7]
        try:
            if key & FLUSH_BITS and flush_rule:
                return flush_of(key, (c1, c2, c3, c4, c5, c6, c7))
            return plain7[0][key >> SUIT_SHIFT]
        except IndexError:
            if plain7:
                raise
            load(7)
        return evaluate7(c1, c2, c3, c4, c5, c6, c7)

    def evaluate6_by_fives(c1: int, c2: int, c3: int, c4: int, c5: int, c6: int) -> int:
        """The value of the best five of six card ids, each five looked up."""
        return max(evaluate5(*five) for five in combinations((c1, c2, c3, c4, c5, c6), 5))

    def evaluate7_by_fives(c1: int, c2: int, c3: int, c4: int, c5: int, c6: int, c7: int) -> int:
        """The value of the best five of seven card ids, each five looked up."""
        return max(evaluate5(*five) for five in combinations((c1, c2, c3, c4, c5, c6, c7), 5))

    if flush_rule == EVERY_FIVE:
        evaluate6, evaluate7 = evaluate6_by_fives, evaluate7_by_fives

    def evaluate(cards: Sequence[int]) -> int:
        """The value of the best five of 5, 6 or 7 card ids."""
        if len(cards) == 5:
            return evaluate5(*cards)
        if len(cards) == 6:
            return evaluate6(*cards)
        return evaluate7(*cards)

    return Evaluators(evaluate5, evaluate6, evaluate7, evaluate)
