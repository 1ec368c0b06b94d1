"""The exact return of a video poker game under perfect (maximum expected return) play.

Every one of the 2,598,960 deals (2,869,685 with the joker) is played with its best hold, and the
draws of that hold are counted by final class, exactly. Method (:mod:`.analysis_kernels`):

1. the class of every five-card hand, then, for every subset of 0..4 cards, the number of hands
   of each class containing it (and so its sum of pays);
2. for each deal, the sum of pays over the draws of each of its 32 holds follows from those
   tables by inclusion–exclusion over the discarded cards; the best hold is found with exact
   integer comparisons, and its class counts are accumulated the same way. Suits being
   symmetric (wild deuces and the suitless joker keep them so), only one deal of each class
   under suit permutations is played (134,459 deals of 52 cards), weighted by the size of its
   class.

The first run compiles the kernels (then cached on disk; times in ``benchmarks/``); the tables of
step 1 are kept for the next call with the same classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, isqrt, sqrt

import numpy as np
import numpy.typing as npt

from pokerscore._support.progress import Progress, checked_progress
from pokerscore.games.videopoker import _analysis_kernels as kernels
from pokerscore.games.videopoker.class_tables import class_tables
from pokerscore.games.videopoker.paytables import (
    DEFAULT_PAYTABLE,
    MAX_COINS,
    PayTable,
    as_paytable,
    check_coins,
)

ROYAL_FLUSH = "Ah Kh Qh Jh Th"
"""One natural royal flush: every one has the same class."""


@dataclass(frozen=True)
class GameAnalysis:
    """The exact outcome of a game played perfectly, per coin bet.

    ``counts[n][c]``: summed over the deals whose best hold discards ``n`` cards, the number of
    draws that end in class ``c``; each such deal has ``C(47, n)`` equally likely draws
    (``C(48, n)`` with the joker).
    """

    paytable: PayTable
    coins: int
    counts: tuple[tuple[int, ...], ...]

    @property
    def probabilities_exact(self) -> dict[str, Fraction]:
        """Probability of each final class (class name -> exact fraction)."""
        unseen = self.paytable.unseen
        deals = comb(len(self.paytable.deck), 5)
        return {
            name: sum(
                (Fraction(row[index], comb(unseen, n)) for n, row in enumerate(self.counts)),
                Fraction(0),
            )
            / deals
            for index, name in enumerate(self.paytable.classes)
        }

    @property
    def probabilities(self) -> dict[str, float]:
        """Probability of each final class as floats."""
        return {name: float(p) for name, p in self.probabilities_exact.items()}

    @property
    def return_exact(self) -> Fraction:
        """Expected coins returned per coin bet."""
        pays = self.paytable.pays(self.coins)
        probabilities = self.probabilities_exact.values()
        return sum((p * pay for p, pay in zip(probabilities, pays, strict=True)), Fraction(0)) / (
            self.coins
        )

    @property
    def return_rate(self) -> float:
        """:attr:`return_exact` as a float, e.g. 0.99544 for Jacks or Better 9/6 at 5 coins."""
        return float(self.return_exact)

    @property
    def variance_exact(self) -> Fraction:
        """Variance of the return of one game, in units of the bet."""
        pays = self.paytable.pays(self.coins)
        probabilities = self.probabilities_exact.values()
        second = sum(
            (
                p * Fraction(pay, self.coins) ** 2
                for p, pay in zip(probabilities, pays, strict=True)
            ),
            Fraction(0),
        )
        return second - self.return_exact**2

    @property
    def stdev(self) -> float:
        """Standard deviation of the return of one game, in units of the bet."""
        variance = self.variance_exact
        # Exact enough: the integer square root of the scaled fraction, then a float.
        scale = 10**30
        return isqrt(variance.numerator * scale // variance.denominator) / sqrt(scale)

    @property
    def royal_cycle(self) -> float | None:
        """Average number of games per (natural) royal flush.

        The royal is found by its hand, whatever its class is called; ``None`` when the table
        has no class of natural royal flushes alone (a class that also holds other hands would
        give their cycle, not the royal's).
        """
        table = self.paytable
        royal = table.classify(ROYAL_FLUSH)
        if not royal or not table.holds_one_hand(royal):
            return None
        probability = list(self.probabilities_exact.values())[royal]
        return float(1 / probability) if probability else None


def analyze(
    paytable: PayTable | str = DEFAULT_PAYTABLE,
    *,
    coins: int = MAX_COINS,
    progress: Progress | None = None,
) -> GameAnalysis:
    """Play all 2,598,960 deals (2,869,685 with the joker) perfectly and count the outcomes
    exactly.

    >>> result = analyze("jacks-or-better-9-6")
    >>> round(result.return_rate, 6), round(result.stdev, 2), round(result.royal_cycle)
    (0.995439, 4.42, 40391)
    >>> round(analyze("deuces-wild").return_rate, 8)
    1.00761961
    """
    table = as_paytable(paytable)
    progress = checked_progress(progress)
    pays = np.array(table.pays(check_coins(coins)), dtype=np.int64)
    steps = 10
    report = progress or (lambda done, total: None)
    report(0, steps)
    final, counts, offsets = _subset_tables(table)
    pay_sums = counts.astype(np.int64) @ pays
    report(1, steps)
    binom = kernels.binomials()
    deck = len(table.deck)
    blocks = (comb(deck, 5) + kernels.BLOCK - 1) // kernels.BLOCK
    totals = np.zeros((6, len(table.classes)), dtype=np.int64)
    parts = steps - 1
    for part in range(parts):  # a few kernel calls, so the progress bar moves
        first, last = blocks * part // parts, blocks * (part + 1) // parts
        totals += kernels.best_play_counts(
            first, last, deck, final, counts, offsets, pay_sums, pays, binom
        )
        report(part + 2, steps)
    return GameAnalysis(table, coins, tuple(tuple(int(x) for x in row) for row in totals))


SubsetTables = tuple["npt.NDArray[np.int8]", "npt.NDArray[np.int32]", "npt.NDArray[np.int64]"]
_CACHE: dict[object, SubsetTables] = {}


def _subset_tables(table: PayTable) -> SubsetTables:
    """The class of each 5-card hand (by colex index), the class counts of every subset of 0..4
    cards (row ``offsets[k] + index``) and those offsets; the last set is kept for the next call."""
    # Tables whose classes follow the same rules (pays and names aside) share their counts.
    key = (table.wild, tuple((rule.hand, rule.ranks, rule.kickers) for rule in table.paying))
    if key not in _CACHE:
        arrays = class_tables(table)
        binom = kernels.binomials()
        deck = len(table.deck)
        final = kernels.final_classes(arrays, deck, binom)
        by_size = [kernels.four_card_counts(arrays, deck, len(table.classes), binom)]
        for k in range(3, -1, -1):
            by_size.insert(0, kernels.smaller_counts(k, by_size[0], deck, binom))
        offsets = np.cumsum([0] + [len(part) for part in by_size]).astype(np.int64)
        _CACHE.clear()  # one table set at a time: they take some 20 MB
        _CACHE[key] = (final, np.concatenate(by_size), offsets)
    return _CACHE[key]
