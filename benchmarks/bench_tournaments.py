"""Tournaments (issue 30): ICM exact and in floats, the heads-up push/fold chart at one stack,
the thresholds table (241 stacks), and three- and four-player spots on sampled deals.

Each figure is timed in this process after a first, untimed call (Numba's kernels loaded and the
class table read from its cache), ``ROUNDS`` times where a round is short; the median, best and
worst are reported. No peer computes these in Python (HoldemResources and ICMIZER are
commercial programs), so there are no ratios: the issue's targets are the bars (ICM for ten
players under a second, a heads-up chart under a second warm, the table under 30 s).

Writes ``benchmarks/tournaments.md``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.bench_engine import load, machine
from pokerscore import icm, push_fold, push_fold_thresholds

RESULTS = Path(__file__).with_name("tournaments.md")
ROUNDS = 5
NOTES = """Measured apart, by hand, on the same machine:

- The heads-up class table (169 x 169, from the shipped matchup table) is computed once per
  machine and kept in the user's cache folder: 3.6 s at load 1-2, 13.7 s at load 9; read back
  from the cache in 0.5 s (of which 0.4 s is building the classes' combos).
- ICM for ten players all paid, exact, with random stacks of 1 to 10,000 chips: 0.56 s (the
  fractions' denominators grow with the stacks' sizes); twelve players 5.8 s, fourteen 130 s,
  hence floats beyond ten.
- The thresholds table took 13.8 s at load 2.8 and 32.8 s at load 4.4-5.7 (the row above);
  solving every stack from scratch instead of from the one before took 49 s at load 8.5.
- Exact multiway preflop equities for all 169 classes (why three and four players sample): the
  three-way table is about 16 core-hours by the exact tables' own measurement (1.11 ns per
  combo triple and board on a quiet host, `benchmarks/tables.md`), 8.2 h on two workers, and
  `tables preflop` refuses more than 12 classes three-way; at this session's load (8) the same
  kernel weighed 432 combo triples on 2,000 boards in 0.020 s, 23 ns each, twenty times slower.
  Four players multiply the combos by about 270 (1,081 combos for the fourth hand, over 4):
  some 4,300 core-hours. Out of reach on two cores; a cluster of a thousand cores would make the
  three-way table in about a minute and the four-way one in hours.
- Three and four players at 10 bb, 20,000 deals: CFR+ levels off at an exploitability of about
  0.003 bb per hand from 100 to 800 iterations (12 ms per iteration at 20,000 deals, three
  players).
"""


def timed(work: Callable[[], object], rounds: int = ROUNDS) -> tuple[float, float, float]:
    """Median, best and worst seconds of ``work`` after an untimed first call."""
    work()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), max(times)


def row(name: str, figures: tuple[float, float, float]) -> str:
    median, best, worst = figures
    return f"| {name} | {median:.3f} | {best:.3f}-{worst:.3f} |"


def main() -> None:
    before = load()
    stacks10 = [1000 * (player + 1) for player in range(10)]
    stacks20 = [1000 * (player + 1) for player in range(20)]
    cases: list[tuple[str, Callable[[], object], int]] = [
        ("ICM, 4 players, exact", lambda: icm([5000, 3000, 1500, 500], [500, 300, 200]), ROUNDS),
        ("ICM, 10 players all paid, exact", lambda: icm(stacks10, range(10, 0, -1)), ROUNDS),
        ("ICM, 10 players, floats", lambda: icm(stacks10, [5, 3, 2], arithmetic="float"), ROUNDS),
        ("ICM, 20 players all paid, floats", lambda: icm(stacks20, range(20, 0, -1)), ROUNDS),
        ("push/fold heads-up, 10 bb", lambda: push_fold(10), ROUNDS),
        ("push/fold heads-up, 7.7 bb, ante 0.1", lambda: push_fold(7.7, ante=0.1), ROUNDS),
        ("thresholds table, 1 to 25 bb by 0.1", push_fold_thresholds, 1),
        (
            "3 players, ICM 65/35, 10 bb, 100,000 deals",
            lambda: push_fold(stacks=[10, 10, 10], payouts=[65, 35]),
            1,
        ),
        (
            "4 players, ICM 50/30/20, 10 bb, 100,000 deals",
            lambda: push_fold(stacks=[10, 10, 10, 10], payouts=[50, 30, 20]),
            1,
        ),
    ]
    rows = ["| work | median s | best-worst s |", "| --- | --- | --- |"]
    for name, work, rounds in cases:
        rows.append(row(name, timed(work, rounds)))
        print(rows[-1], flush=True)
    after = load()
    text = "\n".join(
        [
            "# Tournaments: ICM and push/fold",
            "",
            f"Machine: {machine()}; load average {before:.1f} before, {after:.1f} after "
            "(a shared host: other jobs ran).",
            "",
            "Each after a first, untimed call (`python -m benchmarks bench_tournaments`); "
            f"{ROUNDS} rounds where a round is short, one for the table and the sampled spots.",
            "",
            *rows,
            "",
            NOTES,
        ]
    )
    RESULTS.write_text(text, encoding="utf-8")
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
