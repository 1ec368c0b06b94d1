"""Compiled kernels for rows of hands: evaluate many hands at once, and validate them.

Importing this module imports Numba; import it inside functions only (see ``engine.jit``). Rows
are uint8 card ids; tables come from :func:`~pokerscore.engine.kernels_tables.kernel_tables`.
The helpers at the top are small ``@kernel()`` functions on scalars, which LLVM inlines; the one
that takes arrays, :func:`multiset_value`, is inlined by Numba (``kernel(inline=True)``), since a
real call with arrays per hand made the enumerators eight times slower.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, cast

import numba
import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel
from pokerscore.engine.tables import (
    FLUSH_BITS,
    FLUSH_PROBE,
    SUIT_MASK_5,
    SUIT_SHIFT,
    SUIT_SHIFT_5,
)

prange: Final = cast(Callable[[int], range], numba.prange)
"""``numba.prange`` typed as ``range``: a parallel loop in a kernel, a plain one elsewhere."""

_M1: Final = np.uint64(0x5555555555555555)
_M2: Final = np.uint64(0x3333333333333333)
_M4: Final = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01: Final = np.uint64(0x0101010101010101)
_ONE: Final = np.uint64(1)
_LOW_6: Final = 63
RANK_MASK: Final = 0x1FFF
"""A suit's 13 rank bits in ``suit_bits`` sums."""

IntArray = npt.NDArray[np.int64]
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
def five_card_value(key: int, is_flush: npt.NDArray[np.bool_], flush: Values, plain: Values) -> int:
    """The value of five cards from the sum of their keys in
    :func:`~pokerscore.engine.arrays.five_card_arrays` (the five-card lookup, written once)."""
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


@kernel(parallel=True)
def evaluate_rows(
    cards: Rows,
    card_keys: IntArray,
    suit_bits: IntArray,
    flush: Values,
    bits: npt.NDArray[np.uint64],
    base: npt.NDArray[np.int32],
    values: Values,
    out: Values,
) -> None:
    """Write the value of each row of ``cards`` (5 to 7 ids, no check) into ``out``."""
    rows, width = cards.shape
    for row in prange(rows):
        key = 0
        for column in range(width):
            key += card_keys[cards[row, column]]
        suit = flush_suit(key)
        if suit < 0:
            out[row] = multiset_value(key, bits, base, values)
        else:
            masks = 0
            for column in range(width):
                masks |= suit_bits[cards[row, column]]
            out[row] = flush[(masks >> (13 * suit)) & RANK_MASK]


@kernel(parallel=True)
def evaluate_rows_5(
    cards: Rows,
    keys: npt.NDArray[np.int32],
    is_flush: npt.NDArray[np.bool_],
    flush: Values,
    plain: Values,
    out: Values,
) -> None:
    """Write the value of each five-card row into ``out``: the direct five-card tables.

    Five cards fit :func:`~pokerscore.engine.arrays.five_card_arrays`, whose key indexes the
    value table directly: one lookup fewer than rank and select, twice the speed.
    """
    for row in prange(cards.shape[0]):
        key = (
            keys[cards[row, 0]]
            + keys[cards[row, 1]]
            + keys[cards[row, 2]]
            + keys[cards[row, 3]]
            + keys[cards[row, 4]]
        )
        out[row] = five_card_value(key, is_flush, flush, plain)


@kernel(parallel=True)
def any_bad_row(cards: Rows) -> bool:
    """Whether some row holds an id above 51 or a card twice (one parallel pass, no allocation)."""
    bad = 0
    for row in prange(cards.shape[0]):
        seen = 0
        count = 0
        for column in range(cards.shape[1]):
            card = int(cards[row, column])
            count += card > 51
            seen |= 1 << (card & 63)
        # A duplicate leaves fewer distinct bits than cards.
        bad += count + (popcount(np.uint64(seen)) != cards.shape[1])
    return bad > 0


@kernel()
def first_duplicate(cards: Rows) -> tuple[int, int, int]:
    """The first row holding a card twice, as (row, column, earlier column); row -1 if none.

    Ids must already be known to be in 0..51.
    """
    rows, width = cards.shape
    for row in range(rows):
        seen = 0
        for column in range(width):
            bit = 1 << int(cards[row, column])
            if seen & bit:
                for other in range(column):
                    if cards[row, other] == cards[row, column]:
                        return row, column, other
            seen |= bit
    return -1, -1, -1
