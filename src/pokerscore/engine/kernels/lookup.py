"""The lookups every kernel shares: a hand's value from its summed key, under any ranking.

The helpers on scalars are small ``@kernel()`` functions, which LLVM inlines; those that take
arrays are inlined by Numba (``kernel(inline=True)``): a real call with arrays per hand costs the
enumerators most of their speed.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel
from pokerscore.engine.keys import FLUSH_BITS, FLUSH_PROBE, SUIT_MASK_5, SUIT_SHIFT, SUIT_SHIFT_5
from pokerscore.engine.tables import RankingTables

_M1: Final = np.uint64(0x5555555555555555)
_M2: Final = np.uint64(0x3333333333333333)
_M4: Final = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01: Final = np.uint64(0x0101010101010101)
_ONE: Final = np.uint64(1)
_LOW_6: Final = 63
RANK_MASK: Final = 0x1FFF
"""A suit's 13 rank bits in ``suit_bits`` sums."""
BEST_OF_SUIT: Final = 1
"""``FlushRule.BEST_OF_SUIT``: a flush suit's best five is the hand."""
EVERY_FIVE: Final = 3
"""``FlushRule.EVERY_FIVE``: every five-card subset is judged (wild cards)."""

Rows = npt.NDArray[np.uint8]
Values = npt.NDArray[np.uint16]


@kernel()
def popcount(word: np.uint64) -> int:
    """Set bits of a 64-bit word (the SWAR sum, which LLVM turns into one popcnt)."""
    word = word - ((word >> _ONE) & _M1)
    word = (word & _M2) + ((word >> np.uint64(2)) & _M2)
    word = (word + (word >> np.uint64(4))) & _M4
    return int((word * _H01) >> np.uint64(56))


@kernel()
def keys_below(word: np.uint64, rank_key: int) -> int:
    """How many multiset keys in ``rank_key``'s bitmap word lie below it (the select step)."""
    return popcount(word & ((_ONE << np.uint64(rank_key & _LOW_6)) - _ONE))


@kernel()
def flush_suit(key: int) -> int:
    """The suit with five or more cards in a summed key, or -1 (a hand of 7 has at most one)."""
    top_bits = (key + FLUSH_PROBE) & FLUSH_BITS
    if top_bits == 0:
        return -1
    if top_bits & 0x8:
        return 0
    if top_bits & 0x80:
        return 1
    if top_bits & 0x800:
        return 2
    return 3


@kernel(inline=True)
def five_card_value(
    key: int,
    is_flush: npt.NDArray[np.bool_],
    flush: npt.NDArray[np.integer[Any]],
    plain: npt.NDArray[np.integer[Any]],
) -> int:
    """The value of five cards from the sum of their five-card keys (the direct lookup); any
    tables keyed the same way serve, such as a video poker pay table's classes."""
    if is_flush[key & SUIT_MASK_5]:
        return int(flush[key >> SUIT_SHIFT_5])
    return int(plain[key >> SUIT_SHIFT_5])


@kernel(inline=True)
def multiset_value(
    key: int, bits: npt.NDArray[np.uint64], base: npt.NDArray[np.int32], values: Values
) -> int:
    """The value of a hand with no flush, from its summed key: the rank-and-select lookup."""
    rank_key = key >> SUIT_SHIFT
    word = rank_key >> 6
    return int(values[base[word] + keys_below(bits[word], rank_key)])


@kernel()
def best_of_fives(cards: Rows, row: int, tables: RankingTables) -> int:
    """The best value among the five-card subsets of one row (the rare path of some rankings)."""
    width = cards.shape[1]
    keys = tables.keys5
    best = 0
    for a in range(width - 4):
        key_a = keys[cards[row, a]]
        for b in range(a + 1, width - 3):
            key_b = key_a + keys[cards[row, b]]
            for c in range(b + 1, width - 2):
                key_c = key_b + keys[cards[row, c]]
                for d in range(c + 1, width - 1):
                    key_d = key_c + keys[cards[row, d]]
                    for e in range(d + 1, width):
                        key = key_d + keys[cards[row, e]]
                        value = five_card_value(key, tables.is_flush5, tables.flush5, tables.plain5)
                        best = max(best, value)
    return best


@kernel()
def any_five_flush_value(suit: int, key: int, cards: Rows, row: int, tables: RankingTables) -> int:
    """The value of a row holding five or more of ``suit`` when any five may be best, flush or
    not (deuce-to-seven). Out of line: the path is rare, and inlined it slowed every hand.

    The best plain five of these ranks is a real non-flush hand when it pairs (a suit holds one
    card of a rank) or uses a rank held off the suit; the best flush is the suit's; only when
    neither settles it are the subsets tried one by one.
    """
    masks = 0
    for column in range(cards.shape[1]):
        masks |= tables.suit_bits[cards[row, column]]
    suited = (masks >> (13 * suit)) & RANK_MASK
    off_suit = masks & ~(RANK_MASK << (13 * suit))
    off_ranks = (off_suit | off_suit >> 13 | off_suit >> 26 | off_suit >> 39) & RANK_MASK
    best_flush = int(tables.flush[suited])
    if off_ranks == 0:
        return best_flush
    plain = multiset_value(key, tables.bits, tables.base, tables.values)
    distinct = int(tables.distinct_masks[plain])
    if distinct == 0 or distinct & off_ranks:
        return max(plain, best_flush)
    return best_of_fives(cards, row, tables)
