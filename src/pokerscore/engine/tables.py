"""Lookup tables for the scalar evaluators, generated from :mod:`pokerscore.engine.classes`.

Five cards: each card has a small additive key, its rank's key times 2**11 plus 6**suit. The sum
of five keys stays under 2**30 (one CPython digit, the fast path for ``+``): its high part is a
rank-multiset key unique among five-card multisets, which indexes a list; its low 11 bits count
the cards of each suit in base 6, and equal one of four numbers exactly when the hand is a flush.

Six and seven cards: each card has an additive key: its rank's key in the high bits and a one in
its suit's 4-bit counter in the low 16 bits. Adding the keys of a hand gives, in one integer, a
rank-multiset key that is unique among the multisets of each size up to seven (so one dictionary
lookup finds the non-flush value) and the number of cards of each suit (so a flush shows as a
counter of five or more, tested for all four suits at once by adding 3 to each counter and looking
at its top bit). :data:`FIRST_CARD_KEYS` carry that 3 already, so the scalar evaluators add one
probed key and six plain ones and test the flush with a single AND.

The non-flush tables for six and seven cards are derived from the five-card one: the best five of
n cards is the best five of one of its (n - 1)-card subsets, so a multiset's value is the largest
value among the multisets one card smaller. That is some ten times cheaper than judging each of the
49,205 seven-card multisets from scratch, and ``tests/test_engine_tables.py`` checks it against
:func:`~pokerscore.engine.classes.plain_value` on every multiset.
"""

from __future__ import annotations

from array import array
from functools import cache
from itertools import combinations_with_replacement
from typing import Final

from pokerscore.engine.classes import HAND_CLASSES, SUITED, five_ranks, flush_value

# Rank keys whose sums differ for every multiset of five ranks with at most 4 of each, found by
# a greedy search (each key the smallest keeping all sums distinct; re-checked by the tests).
RANK_KEYS_5: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
SUIT_SHIFT_5: Final = 11
SUIT_MASK_5: Final = (1 << SUIT_SHIFT_5) - 1
CARD_KEYS_5: Final[tuple[int, ...]] = tuple(
    RANK_KEYS_5[card >> 2] << SUIT_SHIFT_5 | 6 ** (card & 3) for card in range(52)
)
"""The five-card additive key of each card id."""
IS_FLUSH_5: Final = tuple(part in (5, 5 * 6, 5 * 36, 5 * 216) for part in range(1 << SUIT_SHIFT_5))
"""Low 11 bits of a five-card key sum -> whether all five cards share a suit."""

# Rank keys whose sums differ for every multiset of up to 7 ranks with at most 4 of each
# (the sequence published with SKPokerEval; tests/test_engine_tables.py re-checks uniqueness).
RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT_SHIFT: Final = 16
SUIT_FIELD_BITS: Final = 4
FLUSH_PROBE: Final = 0x3333
"""Added to the four suit counters: a counter of 5 or more then carries into its top bit."""
FLUSH_BITS: Final = 0x8888

CARD_KEYS: Final = tuple(
    RANK_KEYS[card >> 2] << SUIT_SHIFT | 1 << (SUIT_FIELD_BITS * (card & 3)) for card in range(52)
)
"""The additive key of each card id."""
FIRST_CARD_KEYS: Final = tuple(key + FLUSH_PROBE for key in CARD_KEYS)
""":data:`CARD_KEYS` plus the flush probe: a hand's first card adds it once, for one AND later."""
RANK_BITS: Final = tuple(1 << (card >> 2) for card in range(52))
"""The 13-bit rank mask of each card id."""


def suit_of_flush(key: int) -> int:
    """The suit with five or more cards in a summed key (only valid when there is one)."""
    return (((key & 0xFFFF) + FLUSH_PROBE) & FLUSH_BITS).bit_length() // SUIT_FIELD_BITS - 1


def _five_card_table(suited: bool) -> list[int]:
    # Every class lists its five ranks, so each table entry is one class: no hand is evaluated.
    table = [0] * (5 * RANK_KEYS_5[-1] + 1)
    for value, hand_class in enumerate(HAND_CLASSES, 1):
        if (hand_class[0] in SUITED) == suited:
            table[sum(RANK_KEYS_5[rank] for rank in five_ranks(hand_class))] = value
    return table


@cache
def plain_table_5() -> list[int]:
    """Five-card rank key -> value of the hand when not all one suit (0 where no hand has it)."""
    return _five_card_table(suited=False)


@cache
def flush_table_5() -> list[int]:
    """Five-card rank key of five distinct ranks -> value when all one suit (0 elsewhere)."""
    return _five_card_table(suited=True)


@cache
def plain_table(size: int) -> dict[int, int]:
    """Rank-multiset key -> value of the best non-flush five, for hands of ``size`` (5..7) cards.

    >>> len(plain_table(5)), len(plain_table(6)), len(plain_table(7))
    (6175, 18395, 49205)
    """
    if size == 5:  # one entry per class, as in the five-card tables: nothing to evaluate
        return {
            sum(RANK_KEYS[rank] for rank in five_ranks(hand_class)): value
            for value, hand_class in enumerate(HAND_CLASSES, 1)
            if hand_class[0] not in SUITED
        }
    smaller = plain_table(size - 1)
    keys = RANK_KEYS
    table = {}
    # Sorted ranks: r[i] == r[i + 4] means five of one rank, which no deck holds.
    for ranks in combinations_with_replacement(range(13), size):
        if any(ranks[i] == ranks[i + 4] for i in range(size - 4)):
            continue
        key = sum(map(keys.__getitem__, ranks))
        table[key] = max([smaller[key - keys[rank]] for rank in set(ranks)])
    return table


def plain_array(size: int) -> array[int]:
    """:func:`plain_table` as a flat array indexed by the rank key (0 where no hand has it).

    One memory access per lookup, where a dictionary of 49,205 entries costs several cache misses:
    the scalar six- and seven-card evaluators run 1.4 times faster on it. 15.7 MB for seven cards.
    """
    table = plain_table(size)
    flat = array("H", bytes(2 * (max(table) + 1)))
    for key, value in table.items():
        flat[key] = value
    return flat


@cache
def flush_table_by_mask() -> tuple[int, ...]:
    """13-bit rank mask -> best flush value of those ranks (0 where fewer than five bits)."""
    return tuple(flush_value(mask) if mask.bit_count() >= 5 else 0 for mask in range(1 << 13))
