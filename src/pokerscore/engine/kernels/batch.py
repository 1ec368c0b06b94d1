"""Batch evaluation: the value of each row of an ``(N, k)`` array of card ids, in parallel."""

from __future__ import annotations

from pokerscore.engine.arrays import RankingTables
from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels.lookup import Rows, Values, five_card_value, hand_value, prange


@kernel(parallel=True)
def evaluate_rows(cards: Rows, tables: RankingTables, out: Values) -> None:
    """Write the value of each row of ``cards`` (6 or 7 ids, no check) into ``out``."""
    rows, width = cards.shape
    card_keys = tables.card_keys
    for row in prange(rows):
        key = 0
        for column in range(width):
            key += card_keys[cards[row, column]]
        out[row] = hand_value(key, cards, row, tables)


@kernel(parallel=True)
def evaluate_rows_5(cards: Rows, tables: RankingTables, out: Values) -> None:
    """Write the value of each five-card row into ``out``: the direct five-card tables, one
    lookup fewer than rank and select, twice the speed."""
    keys, is_flush, flush, plain = tables.keys5, tables.is_flush5, tables.flush5, tables.plain5
    for row in prange(cards.shape[0]):
        key = (
            keys[cards[row, 0]]
            + keys[cards[row, 1]]
            + keys[cards[row, 2]]
            + keys[cards[row, 3]]
            + keys[cards[row, 4]]
        )
        out[row] = five_card_value(key, is_flush, flush, plain)
