"""Every deal of a pay table once per suit pattern, with the coins paid over the draws of each
of its 32 holds: the table a strategy list is played and generated on.

For 52 cards there are 134,459 suit-distinct deals (one of each class under the 24 suit
permutations, weighted by its class size, 2,598,960 in all); with the joker, 2,869,685 deals in
fewer classes. ``sums[d, mask]`` is the total paid over the ``C(unseen, discards)`` equally
likely draws of hold ``mask`` of deal ``d`` (bit ``i`` holds the deal's ``i``-th lowest card),
from the analysis's subset tables by inclusion–exclusion, so an expected return is
``sums / draws[discards] / coins``, exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from pokerscore.games.videopoker import _analysis_kernels as analysis_kernels
from pokerscore.games.videopoker.analysis import _subset_tables
from pokerscore.games.videopoker.paytables import PayTable
from pokerscore.games.videopoker.strategy import _kernels as kernels

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


@dataclass(frozen=True, eq=False)
class DealTable:
    """The suit-distinct deals of a table at a bet, each hold's pay sum and the best hold."""

    paytable: PayTable
    coins: int
    deals: npt.NDArray[np.int8]
    """deals[d]: five sorted card ids."""
    weights: npt.NDArray[np.int64]
    """How many deals each stands for (its class under suit permutations)."""
    sums: npt.NDArray[np.int64]
    """sums[d, mask]: coins paid over all the draws of the hold."""
    draws: npt.NDArray[np.int64]
    """draws[n]: equally likely draws when ``n`` cards are discarded, ``C(unseen, n)``."""
    best: npt.NDArray[np.int8]
    """The best hold of each deal (exact; ties to more cards held, then the larger mask)."""

    @property
    def deal_count(self) -> int:
        """All deals of the deck, ``C(52, 5)`` or ``C(53, 5)``."""
        return comb(len(self.paytable.deck), 5)

    def total(self, chosen: npt.NDArray[np.int8]) -> Fraction:
        """The exact return per coin bet when deal ``d`` is played with hold ``chosen[d]``."""

        picked = self.sums[np.arange(len(chosen)), chosen.astype(np.int64)]
        discards = 5 - popcounts()[chosen.astype(np.int64)]
        total = Fraction(0)
        for n in range(6):
            where = discards == n
            if where.any():
                total += Fraction(exact_dot(self.weights[where], picked[where]), int(self.draws[n]))
        return total / (self.deal_count * self.coins)

    def ev(self, d: int, mask: int) -> Fraction:
        """The exact expected return per coin of holding ``mask`` of deal ``d``."""
        held = mask.bit_count()
        return Fraction(int(self.sums[d, mask]), int(self.draws[5 - held]) * self.coins)


def popcounts() -> npt.NDArray[np.int64]:
    """The number of cards each of the 32 masks holds."""

    return np.array([mask.bit_count() for mask in range(32)], dtype=np.int64)


def exact_dot(weights: npt.NDArray[np.int64], values: npt.NDArray[np.int64]) -> int:
    """``sum(weights * values)`` exactly: values split in 32-bit halves, so that no 64-bit
    partial sum overflows (weights are at most 24, values below 2**45 for any legal table)."""

    low = values & 0xFFFFFFFF
    high = values >> 32
    return int(np.dot(weights, low)) + (int(np.dot(weights, high)) << 32)


_CACHE: dict[object, DealTable] = {}


def deal_table(paytable: PayTable, coins: int) -> DealTable:
    """The deal table of a pay table at a bet (the last one is kept for the next call)."""

    key = (paytable, coins)
    if key in _CACHE:
        return _CACHE[key]
    deck = len(paytable.deck)
    binom = analysis_kernels.binomials()
    deals, weights = _suit_distinct(deck)
    final, counts, offsets = _subset_tables(paytable)
    pays = np.array(paytable.pays(coins), dtype=np.int64)
    pay_sums = counts.astype(np.int64) @ pays
    sums = kernels.hold_pay_sums(deals, final, offsets, pay_sums, pays, binom)
    unseen = paytable.unseen
    draws = np.array([comb(unseen, n) for n in range(6)], dtype=np.int64)
    best = kernels.best_holds(sums, draws)
    for array in (sums, best):
        array.setflags(write=False)
    table = DealTable(paytable, coins, deals, weights, sums, draws, best)
    _CACHE.clear()  # one at a time: the sums take some 35 MB
    _CACHE[key] = table
    return table


_DEALS: dict[int, tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]] = {}


def _suit_distinct(deck: int) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]:

    if deck not in _DEALS:
        deals, weights = kernels.suit_distinct_deals(deck, analysis_kernels.binomials())
        deals.setflags(write=False)
        weights.setflags(write=False)
        _DEALS[deck] = (deals, weights)
    return _DEALS[deck]
