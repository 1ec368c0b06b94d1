"""The library's per-hand iterator: ``history_results`` over generated six-max PHH hands (2,000
and 20,000), each result's players read (their nets summed, so every result is built), beside
``analyse_histories`` (the runs: the same kernels into Arrow columns), the reference path
(``POKERSCORE_HISTORIES_REFERENCE=1``: the lenient reader and ``replay`` hand by hand) and
``read_histories``.

Each figure is the best of ``BENCH_RESULTS_ROUNDS`` passes (default 3) after a warm-up pass,
hands a second of CPU time (``time.process_time``: every thread's, so it moves less with the
host's load than the wall clock, printed beside it), in this process (Numba's cache warm, the
all-in equity cache warm after the first pass); the load average is printed beside it, since
the host may be shared. Run as
``python -m benchmarks.bench_history_results``. Figures: ``benchmarks/histories.md``.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.histories_data import write_phhs

TARGET = 50_000


def _rate(
    run: Callable[[Path], int], path: Path, rounds: int
) -> tuple[float, list[float], list[float]]:
    """The best CPU rate (hands a second of this process's CPU time, every thread's), each
    pass's CPU rate and each pass's wall-clock rate."""
    run(path)  # warm-up
    cpu, wall = [], []
    for _ in range(rounds):
        start, clock = time.process_time(), time.perf_counter()
        hands = run(path)
        cpu.append(hands / (time.process_time() - start))
        wall.append(hands / (time.perf_counter() - clock))
    return max(cpu), cpu, wall


def _results(path: Path) -> int:
    from pokerscore.histories.results import history_results

    hands = 0
    total = 0.0
    for result in history_results(path):
        hands += 1
        total += sum(player.net for player in result.players)
    assert abs(total) < 1e6
    return hands


def _reference(path: Path) -> int:
    os.environ["POKERSCORE_HISTORIES_REFERENCE"] = "1"
    try:
        return _results(path)
    finally:
        del os.environ["POKERSCORE_HISTORIES_REFERENCE"]


def _analyse(path: Path) -> int:
    from pokerscore.histories.running import analyse_histories

    return analyse_histories([path]).hands


def _read(path: Path) -> int:
    from pokerscore.histories.reading import read_histories

    return sum(1 for _ in read_histories(path))


def main() -> None:
    rounds = int(os.environ.get("BENCH_RESULTS_ROUNDS", "3"))
    folder = Path(tempfile.mkdtemp())
    print(f"threads: NUMBA_NUM_THREADS={os.environ.get('NUMBA_NUM_THREADS', 'all')}")
    for hands in (2_000, 20_000):
        path = folder / f"generated-{hands}.phhs"
        write_phhs(path, hands, seed=4344)
        for name, run in (("history_results", _results), ("analyse_histories", _analyse),
                          ("reference path", _reference), ("read_histories", _read)):  # fmt: skip
            if name in ("reference path", "read_histories") and hands > 2_000:
                continue
            best, cpu, wall = _rate(run, path, rounds)
            spread = ", ".join(f"{rate:,.0f}" for rate in cpu)
            walls = ", ".join(f"{rate:,.0f}" for rate in wall)
            load = os.getloadavg()[0]
            print(f"{hands:>6,} hands  {name:<17} best {best:>8,.0f} hands/s of CPU  ({spread}; "
                  f"wall {walls}; load {load:.1f}; target {TARGET:,})")  # fmt: skip


if __name__ == "__main__":
    main()
