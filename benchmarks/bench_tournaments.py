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
        ]
    )
    RESULTS.write_text(text, encoding="utf-8")
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
