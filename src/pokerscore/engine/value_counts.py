"""Exhaustive enumeration: how many hands of each value a ranking's deck holds.

:func:`count_values` runs the compiled enumerator over every hand of the deck (its rates:
``benchmarks/results.md``).
"""

from __future__ import annotations

from math import comb
from typing import Final

import numpy as np

from pokerscore._support.progress import Progress
from pokerscore.engine.combinatorics import binomial_rows
from pokerscore.engine.kernels.enumeration import count_by_fives, count_from, thread_count
from pokerscore.engine.rankings import HIGH, FlushRule, Ranking

HAND_SIZES: Final = (5, 6, 7)
"""The hand sizes the evaluators and enumerators cover: the best five of 5, 6 or 7 cards."""


def count_values(size: int, ranking: Ranking = HIGH, progress: Progress | None = None) -> list[int]:
    """Histogram of values over every hand of ``size`` cards (5, 6 or 7) of the ranking's deck,
    indexed by value (index 0 unused). Trusts ``size``: the validated API checks it.

    Compiles the kernel on first use (a few seconds, then cached on disk). ``progress`` is called
    with (hands counted, hands in all) after each lowest card.

    >>> histogram = count_values(5)
    >>> sum(histogram), histogram[7462], sum(1 for count in histogram if count)
    (2598960, 4, 7462)
    """

    tables = ranking.tables(size)
    deck = np.array(ranking.deck, dtype=np.uint8)
    tally = np.zeros((thread_count(), ranking.value_count + 1), dtype=np.int64)
    total, done = comb(len(deck), size), 0
    if ranking.flushes is FlushRule.EVERY_FIVE:  # wild cards: each hand judged five by five
        binomials = np.array(binomial_rows(len(deck), size), dtype=np.int64)
        count_by_fives(deck, size, tables, binomials, tally)
        if progress is not None:
            progress(total, total)
        return [int(count) for count in tally.sum(axis=0)]
    for first in range(len(deck) - size + 1):
        count_from(first, deck, size, tables, tally)
        done += comb(len(deck) - 1 - first, size - 1)
        if progress is not None:
            progress(done, total)
    return [int(count) for count in tally.sum(axis=0)]
