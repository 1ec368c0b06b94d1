"""Compiled kernel of the advisor: every draw of every hold of a deal, counted by class (imported
inside function bodies only).

Five cards are classed on the pay table's class tables (:mod:`.paytable_arrays`): sum the cards'
five-card keys under the table's ranking, then read the class from the suited or the plain table,
wild cards included.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels import five_card_value
from pokerscore.games.videopoker.class_tables import ClassTables, class_tables
from pokerscore.games.videopoker.paytables import PayTable

IntArray = npt.NDArray[np.int64]


@kernel()
def _count_last_card(
    key: int,
    rest_keys: IntArray,
    start: int,
    is_flush: npt.NDArray[np.bool_],
    suited: npt.NDArray[np.int8],
    plain: npt.NDArray[np.int8],
    row: IntArray,
) -> None:
    """Count the hands ``key`` + each of ``rest_keys[start:]`` by class into ``row``.

    The innermost loop lives alone in this function: kept this simple, the compiler overlaps
    the table reads of successive cards, which a branch around it prevents.
    """
    for e in range(start, rest_keys.shape[0]):
        row[five_card_value(key + rest_keys[e], is_flush, suited, plain)] += 1


@kernel()
def _hold_counts(
    hand: IntArray,
    rest: IntArray,
    tables: ClassTables,
    class_count: int,
) -> IntArray:
    """counts[mask, class]: the draws from ``rest`` that end in each class, per hold mask."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    keys, is_flush, suited, plain = tables.keys5, tables.is_flush5, tables.suited, tables.plain
    counts = np.zeros((32, class_count), dtype=np.int64)
    size = rest.shape[0]
    rest_keys = np.empty(size, dtype=np.int64)
    for i in range(size):
        rest_keys[i] = keys[rest[i]]
    lookups = (is_flush, suited, plain)
    first = 0
    for mask in range(32):
        base = 0
        need = 5
        for i in range(5):
            if mask >> i & 1:
                base += keys[hand[i]]
                need -= 1
        row = counts[mask]
        if need == 0:  # stand pat: the one final hand is the hand
            row[five_card_value(base, is_flush, suited, plain)] += 1
        elif need == 1:
            _count_last_card(base, rest_keys, first, *lookups, row)
        elif need == 2:
            for a in range(size):
                _count_last_card(base + rest_keys[a], rest_keys, a + 1, *lookups, row)
        elif need == 3:
            for a in range(size):
                key_a = base + rest_keys[a]
                for b in range(a + 1, size):
                    _count_last_card(key_a + rest_keys[b], rest_keys, b + 1, *lookups, row)
        elif need == 4:
            for a in range(size):
                key_a = base + rest_keys[a]
                for b in range(a + 1, size):
                    key_b = key_a + rest_keys[b]
                    for c in range(b + 1, size):
                        _count_last_card(key_b + rest_keys[c], rest_keys, c + 1, *lookups, row)
        else:
            for a in range(size):
                key_a = rest_keys[a]
                for b in range(a + 1, size):
                    key_b = key_a + rest_keys[b]
                    for c in range(b + 1, size):
                        key_c = key_b + rest_keys[c]
                        for d in range(c + 1, size):
                            _count_last_card(key_c + rest_keys[d], rest_keys, d + 1, *lookups, row)
    return counts


def hold_counts(hand: list[int], table: PayTable) -> IntArray:
    """For a five-card hand (ids), how many draws of each hold mask end in each class: the draws
    come from the table's deck less the hand (47 cards, 48 with the joker)."""
    rest = np.array([card for card in table.deck if card not in hand], dtype=np.int64)
    return _hold_counts(
        np.array(hand, dtype=np.int64), rest, class_tables(table), len(table.classes)
    )
