"""Batch evaluation: the value of each row of an ``(N, k)`` array of card ids, in parallel."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.kernels.lookup import (
    BEST_OF_SUIT,
    EVERY_FIVE,
    RANK_MASK,
    Rows,
    Values,
    any_five_flush_value,
    best_of_fives,
    five_card_value,
    flush_suit,
    multiset_value,
)
from pokerscore.engine.kernels.validation import BLOCK_ROWS, Masks, block_valid
from pokerscore.engine.tables import RankingTables

Ints = npt.NDArray[np.int64]


@kernel()
def score_rows(
    cards: Rows,
    start: int,
    stop: int,
    card_keys: Ints,
    suit_bits: Ints,
    flush: Values,
    bits: npt.NDArray[np.uint64],
    base: npt.NDArray[np.int32],
    values: Values,
    tables: RankingTables,
    out: Values,
) -> None:
    """Write the value of rows ``start .. stop`` of ``cards`` (6 or 7 ids, no check) into
    ``out``; the arrays are ``tables``' own, taken out by the caller (``tables`` serves the rare
    paths). Out of line, called once per block by the checked and the unchecked kernels alike:
    given the bundle alone, the loop ran 5-15 % slower (one thread, CPU time)."""
    rule = tables.flush_rule
    # Unsigned indices: no negative-index wrap-around code in the loop (as under prange); and
    # the rare paths' kernels are compiled for one type of row (engine.jit.kernel).
    if rule == EVERY_FIVE:  # wild cards: five by five, on the five-card tables
        for row in range(np.uint64(start), np.uint64(stop)):
            out[row] = best_of_fives(cards, row, tables)
        return
    width = cards.shape[1]
    for row in range(np.uint64(start), np.uint64(stop)):
        key = 0
        for column in range(width):
            key += card_keys[cards[row, column]]
        suit = flush_suit(key) if rule else -1
        if suit < 0:
            out[row] = multiset_value(key, bits, base, values)
        elif rule == BEST_OF_SUIT:
            masks = 0
            for column in range(width):
                masks |= suit_bits[cards[row, column]]
            out[row] = flush[(masks >> (13 * suit)) & RANK_MASK]
        else:
            out[row] = any_five_flush_value(suit, key, cards, row, tables)


@kernel(parallel=True)
def evaluate_rows(cards: Rows, tables: RankingTables, out: Values) -> None:
    """Write the value of each row of ``cards`` (6 or 7 ids, no check) into ``out``."""
    # The arrays leave the bundle before the loop: read through it inside, they were reloaded
    # for every row (a fifth of the speed).
    card_keys, suit_bits, flush = tables.card_keys, tables.suit_bits, tables.flush
    bits, base, values = tables.bits, tables.base, tables.values
    rows = cards.shape[0]
    for block in prange((rows + BLOCK_ROWS - 1) // BLOCK_ROWS):
        start = block * BLOCK_ROWS
        stop = min(rows, start + BLOCK_ROWS)
        score_rows(cards, start, stop, card_keys, suit_bits, flush, bits, base, values, tables, out)


@kernel(parallel=True)
def evaluate_checked_rows(
    cards: Rows, tables: RankingTables, first: np.uint8, span: np.uint8, masks: Masks, out: Values
) -> bool:
    """Like :func:`evaluate_rows`, checking each block of rows just before scoring it, in the
    same parallel loop (its bytes then come from the L1 cache, and the threads meet at one
    barrier, not two: on a busy host each costs the wait for the slowest thread); returns
    whether some row holds an id outside ``first .. first + span`` or a card twice (its value
    is then garbage)."""
    card_keys, suit_bits, flush = tables.card_keys, tables.suit_bits, tables.flush
    bits, base, values = tables.bits, tables.base, tables.values
    rows = cards.shape[0]
    blocks = (rows + BLOCK_ROWS - 1) // BLOCK_ROWS
    good = np.empty(blocks, dtype=np.bool_)
    for block in prange(blocks):
        start = block * BLOCK_ROWS
        stop = min(rows, start + BLOCK_ROWS)
        good[block] = block_valid(cards, start, stop, first, span, masks)
        score_rows(cards, start, stop, card_keys, suit_bits, flush, bits, base, values, tables, out)
    return not good.all()


@kernel(inline=True)
def five_card_key(cards: Rows, row: int, keys: npt.NDArray[np.int32]) -> int:
    """The sum of a five-card row's five-card keys (the index of the direct tables)."""
    return int(
        keys[cards[row, 0]]
        + keys[cards[row, 1]]
        + keys[cards[row, 2]]
        + keys[cards[row, 3]]
        + keys[cards[row, 4]]
    )


@kernel(parallel=True)
def evaluate_rows_5(cards: Rows, tables: RankingTables, out: Values) -> None:
    """Write the value of each five-card row into ``out``: the direct five-card tables, one
    lookup fewer than rank and select, twice the speed."""
    keys, is_flush, flush, plain = tables.keys5, tables.is_flush5, tables.flush5, tables.plain5
    for row in prange(cards.shape[0]):
        key = five_card_key(cards, row, keys)
        out[row] = five_card_value(key, is_flush, flush, plain)


@kernel(parallel=True)
def evaluate_checked_rows_5(
    cards: Rows, tables: RankingTables, first: np.uint8, span: np.uint8, masks: Masks, out: Values
) -> bool:
    """Like :func:`evaluate_rows_5`, checking each block of rows just before evaluating it (its
    bytes then come from the L1 cache, not memory, the second time); returns whether some row
    holds an id outside ``first .. first + span`` or a card twice (its value is then garbage).
    """
    keys, is_flush, flush, plain = tables.keys5, tables.is_flush5, tables.flush5, tables.plain5
    rows = cards.shape[0]
    blocks = (rows + BLOCK_ROWS - 1) // BLOCK_ROWS
    good = np.empty(blocks, dtype=np.bool_)
    for block in prange(blocks):
        start = block * BLOCK_ROWS
        stop = min(rows, start + BLOCK_ROWS)
        good[block] = block_valid(cards, start, stop, first, span, masks)
        # Unsigned indices: no negative-index wrap-around code in the loop (as under prange).
        for row in range(np.uint64(start), np.uint64(stop)):
            key = five_card_key(cards, row, keys)
            out[row] = five_card_value(key, is_flush, flush, plain)
    return not good.all()
