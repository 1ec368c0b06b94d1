"""Additive card keys: a hand's ranks and suits summed into one integer, for table lookups.

Five cards: each card has a small additive key, its rank's key times 2**11 plus 6**suit. The sum
of five keys stays under 2**30 (one CPython digit, the fast path for ``+``): its high part is a
rank-multiset key unique among five-card multisets, which indexes a list; its low 11 bits count
the cards of each suit in base 6, and equal one of four numbers exactly when the hand is a flush.

Five to seven cards: each card has an additive key, its rank's key in the high bits and a one in
its suit's 4-bit counter in the low 16 bits. Adding the keys of a hand gives, in one integer, a
rank-multiset key that is unique among the multisets of each size up to seven, and the number of
cards of each suit (so a flush shows as a counter of five or more, tested for all four suits at
once by adding 3 to each counter and looking at its top bit). :data:`FIRST_CARD_KEYS` carry that
3 already, so the scalar evaluators add one probed key and six plain ones and test the flush with
a single AND.

The keys are the same for every ranking (only the tables they index differ), except for wild
cards: under a wild ranking (:mod:`pokerscore.engine.completions`) a wild card's five-card key is
:data:`WILD_RANK_KEY_5` with no suit, so a five-card sum holds the natural ranks, the number of
wild cards, and the natural cards' suits, and the natural cards are all of one suit exactly when
at most one suit counter is non-zero (:data:`NATURALS_SUITED_5`).
"""

from __future__ import annotations

from typing import Final

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
FIVE_CARD_SLOTS: Final = 5 * RANK_KEYS_5[-1] + 1
"""Length of a five-card table indexed by the rank part of a key sum."""

WILD_RANK_KEY_5: Final = 148432
"""The five-card rank key of a wild card. With it, sums of five rank keys differ for every
hand of up to five wild cards and natural ranks (at most four of each): the smallest key that
keeps them apart, found by a greedy search and re-checked by the tests."""
NATURALS_SUITED_5: Final = tuple(
    part < 6**4 and sum(1 for suit in range(4) if part // 6**suit % 6) <= 1
    for part in range(1 << SUIT_SHIFT_5)
)
"""Low 11 bits of a wild ranking's five-card key sum -> whether the natural cards share a suit."""


def card_keys_5(wild_cards: frozenset[int], cards: int) -> tuple[int, ...]:
    """The five-card additive key of each card id ``0 .. cards - 1`` under a ranking whose wild
    cards are ``wild_cards``: theirs is :data:`WILD_RANK_KEY_5` alone, the others' as usual.

    >>> keys = card_keys_5(frozenset({52}), 53)
    >>> keys[:52] == CARD_KEYS_5, keys[52] == WILD_RANK_KEY_5 << SUIT_SHIFT_5
    (True, True)
    """
    wild_key = WILD_RANK_KEY_5 << SUIT_SHIFT_5
    return tuple(
        wild_key if card in wild_cards else CARD_KEYS_5[card] if card < 52 else 0
        for card in range(cards)
    )


# Rank keys whose sums differ for every multiset of up to 7 ranks with at most 4 of each
# (the sequence published with SKPokerEval; tests/engine/test_engine_tables.py re-checks uniqueness).
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
    """The suit with five or more cards in a summed key (only valid when there is one).

    >>> suit_of_flush(sum(CARD_KEYS[card] for card in (2, 6, 10, 14, 18, 0, 1)))  # five hearts
    2
    """
    return (((key & 0xFFFF) + FLUSH_PROBE) & FLUSH_BITS).bit_length() // SUIT_FIELD_BITS - 1
