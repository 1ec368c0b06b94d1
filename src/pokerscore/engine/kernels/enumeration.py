"""Compiled exhaustive enumeration: tally the value of every hand that starts with a given card.

Hands of ``size`` cards from a deck (an array of card ids) are visited as combinations of
positions in increasing order, never stored. The last two positions run as plain nested loops;
the others work like an odometer: each keeps the key sum of the cards before it, so moving one
position re-adds only the keys after it. The innermost position does one addition, one flush
test and one lookup per hand, whatever the size.
A call covers the hands whose lowest position is ``first``; the second position is dealt out to
``threads`` workers in snake order (0, 1, 1, 0, …), which balances their work since hands get
fewer as the second card rises. Each worker tallies into its own row of ``tally``, so no two
threads write the same memory.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from pokerscore.engine.combinatorics import colex_unrank, next_colex_subset
from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.kernels.lookup import (
    BEST_OF_SUIT,
    RANK_MASK,
    any_five_flush_value,
    best_of_fives,
    flush_suit,
    multiset_value,
)
from pokerscore.engine.tables import RankingTables

_unrank = kernel(inline=True)(colex_unrank)
_next_subset = kernel(inline=True)(next_colex_subset)

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
    """Tally every hand of ``size`` cards (3 or more) of ``deck`` whose lowest position is
    ``first``, by value."""
    threads = tally.shape[0]
    count = deck.shape[0]
    last = size - 1
    below = size - 2
    # The deck's keys and suit bits by position: one load per card in the loops, not two.
    keys = np.empty(count, dtype=np.int64)
    suit_bits = np.empty(count, dtype=np.int64)
    for position in range(count):
        keys[position] = tables.card_keys[deck[position]]
        suit_bits[position] = tables.suit_bits[deck[position]]
    rule = tables.flush_rule
    bits, base, values, flush = tables.bits, tables.base, tables.values, tables.flush
    only_row = int(np.uint64(0))  # uint64, as score_rows passes it (engine.jit.kernel)
    for worker in prange(threads):
        chosen = np.empty(size, dtype=np.int64)
        partial = np.empty(size + 1, dtype=np.int64)  # key sum of the positions before each
        masks = np.empty(size + 1, dtype=np.int64)  # and the OR of their suit bits
        hand = np.empty((1, size), dtype=np.uint8)  # the cards, for the rare flush path
        chosen[0] = first
        partial[1] = keys[first]
        masks[1] = suit_bits[first]
        for second in range(first + 1, count - size + 2):
            if owner(second - first - 1, threads) != worker:
                continue
            chosen[1] = second
            for level in range(1, below):
                if level > 1:
                    chosen[level] = chosen[level - 1] + 1
                partial[level + 1] = partial[level] + keys[chosen[level]]
                masks[level + 1] = masks[level] | suit_bits[chosen[level]]
            while True:
                # The last two positions run as plain nested loops; the odometer moves the rest.
                start = chosen[below - 1] + 1
                for penultimate in range(start, count - 1):
                    pair_key = partial[below] + keys[penultimate]
                    pair_masks = masks[below] | suit_bits[penultimate]
                    for position in range(penultimate + 1, count):
                        key = pair_key + keys[position]
                        suit = flush_suit(key)
                        if suit < 0 or rule == 0:
                            value = multiset_value(key, bits, base, values)
                        elif rule == BEST_OF_SUIT:
                            suited = (pair_masks | suit_bits[position]) >> (13 * suit)
                            value = int(flush[suited & RANK_MASK])
                        else:
                            for level in range(below):
                                hand[0, level] = deck[chosen[level]]
                            hand[0, below] = deck[penultimate]
                            hand[0, last] = deck[position]
                            value = any_five_flush_value(suit, key, hand, only_row, tables)
                        tally[worker, value] += 1
                # Move the deepest outer position (after the second) with room; reset the rest.
                level = below - 1
                while level >= 2 and chosen[level] == count - size + level:
                    level -= 1
                if level < 2:
                    break
                chosen[level] += 1
                partial[level + 1] = partial[level] + keys[chosen[level]]
                masks[level + 1] = masks[level] | suit_bits[chosen[level]]
                for deeper in range(level + 1, below):
                    chosen[deeper] = chosen[deeper - 1] + 1
                    partial[deeper + 1] = partial[deeper] + keys[chosen[deeper]]
                    masks[deeper + 1] = masks[deeper] | suit_bits[chosen[deeper]]


@kernel(parallel=True)
def count_by_fives(
    deck: Deck, size: int, tables: RankingTables, binomials: npt.NDArray[np.int64], tally: Tally
) -> None:
    """Tally every hand of ``size`` cards of ``deck`` by value, each judged five by five on the
    five-card tables (wild rankings). Worker ``w`` of ``n`` takes the hands of colex ranks
    ``w/n .. (w+1)/n`` of them all, stepping from one to the next."""
    threads = tally.shape[0]
    count = deck.shape[0]
    total = binomials[count, size]
    only_row = int(np.uint64(0))  # uint64, as score_rows passes it (engine.jit.kernel)
    for worker in prange(threads):
        start = total * worker // threads
        stop = total * (worker + 1) // threads
        positions = np.zeros(size, dtype=np.int64)
        hand = np.empty((1, size), dtype=np.uint8)
        if start < stop:
            _unrank(start, size, binomials, positions)
        for _ in range(start, stop):
            for column in range(size):
                hand[0, column] = deck[positions[column]]
            tally[worker, best_of_fives(hand, only_row, tables)] += 1
            _next_subset(positions, size, count)
