"""Compiled exhaustive enumeration: tally the value of every hand that starts with a given card.

Hands of ``size`` cards from a deck (an array of card ids) are visited as combinations of
positions in increasing order, never stored. The positions work like an odometer: each keeps the
key sum of the cards before it, so moving one position re-adds only the keys after it, and the
innermost position does one addition, one flush test and one lookup per hand, whatever the size.
A call covers the hands whose lowest position is ``first``; the second position is dealt out to
``threads`` workers in snake order (0, 1, 1, 0, …), which balances their work since hands get
fewer as the second card rises. Each worker tallies into its own row of ``tally``, so no two
threads write the same memory.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from pokerscore.engine.arrays import RankingTables
from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels.lookup import flush_hand_value, flush_suit, multiset_value, prange

Tally = npt.NDArray[np.int64]
Deck = npt.NDArray[np.uint8]


def thread_count() -> int:
    """The number of threads the parallel kernels use."""
    return int(numba.get_num_threads())


@kernel()
def owner(position: int, threads: int) -> int:
    """Which worker takes the ``position``-th second card: 0, 1, …, n-1, n-1, …, 0, 0, 1, …"""
    block, offset = divmod(position, threads)
    return offset if block % 2 == 0 else threads - 1 - offset


@kernel(parallel=True)
def count_from(first: int, deck: Deck, size: int, tables: RankingTables, tally: Tally) -> None:
    """Tally every hand of ``size`` cards (2 or more) of ``deck`` whose lowest position is
    ``first``, by value."""
    threads = tally.shape[0]
    count = deck.shape[0]
    last = size - 1
    card_keys = tables.card_keys
    for worker in prange(threads):
        chosen = np.empty(size, dtype=np.int64)
        partial = np.empty(size + 1, dtype=np.int64)  # partial[i]: key sum of positions < i
        hand = np.empty((1, size), dtype=np.uint8)  # the cards, for hands with a flush
        partial[0] = 0
        chosen[0] = first
        partial[1] = card_keys[deck[first]]
        for second in range(first + 1, count - size + 2):
            if owner(second - first - 1, threads) != worker:
                continue
            chosen[1] = second
            for level in range(1, last):
                if level > 1:
                    chosen[level] = chosen[level - 1] + 1
                partial[level + 1] = partial[level] + card_keys[deck[chosen[level]]]
            chosen[last] = chosen[last - 1] + 1
            while True:
                start = partial[last]
                for position in range(chosen[last], count):
                    key = start + card_keys[deck[position]]
                    suit = flush_suit(key) if tables.flush_rule else -1
                    if suit < 0:
                        value = multiset_value(key, tables.bits, tables.base, tables.values)
                    else:
                        for level in range(last):
                            hand[0, level] = deck[chosen[level]]
                        hand[0, last] = deck[position]
                        value = flush_hand_value(suit, key, hand, 0, tables)
                    tally[worker, value] += 1
                # Move the deepest position (above the second) that has room, and reset the rest.
                level = last - 1
                while level >= 2 and chosen[level] == count - size + level:
                    level -= 1
                if level < 2:
                    break
                chosen[level] += 1
                partial[level + 1] = partial[level] + card_keys[deck[chosen[level]]]
                for deeper in range(level + 1, last):
                    chosen[deeper] = chosen[deeper - 1] + 1
                    partial[deeper + 1] = partial[deeper] + card_keys[deck[chosen[deeper]]]
                chosen[last] = chosen[last - 1] + 1
