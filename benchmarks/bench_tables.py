"""The exact preflop tables on a local Dask cluster: the full 169 x 169 heads-up table (with the
169 rows against a random hand) on 1 and 2 workers, the vs-random table alone, and the three-way
table estimated from the measured cost of its brute force. Writes ``benchmarks/tables.md``.

Each run is timed end to end: a fresh local cluster started, ``compute_preflop_tables`` on a
client of it (tasks, summing, no files); a warm-up run first compiles the kernels into Numba's
cache. The full
tables are checked against the published values and the identities the counts must satisfy.
``BENCH_TABLES_WORKERS=1,2`` chooses the cluster sizes.
"""

from __future__ import annotations

import os
import platform
import time
from datetime import date
from pathlib import Path

import numpy as np

from pokerscore._support.tasks import dask_client
from pokerscore.games.holdem.preflop import (
    DEFAULT_TASKS,
    PreflopJob,
    PreflopTables,
    compute_preflop_tables,
    run_task,
)
from pokerscore.games.holdem.preflop.counts import (
    BOARD_CLASSES,
    combo_counts,
    starting_classes,
    three_way_counts,
)

PUBLISHED = {"AA": 0.8520371, "KK": 0.8239568, "AKs": 0.6704463}
HEADS_UP = {("AA", "KK"): 0.819461, ("72o", "AA"): 0.118004}
TARGETS = {"heads-up": 60.0, "vs-random": 30.0}
THREE_WAY_SAMPLE = ("AA", "KK", "AKs", "QJs", "72o")
RESULTS = Path(__file__).with_name("tables.md")


def _check(tables: PreflopTables) -> None:
    """The published values, and each class's 169 rows summing to its row against random."""
    assert tables.vs_random is not None
    vs_random = {row["hand"]: row for row in tables.vs_random.to_pylist()}
    for hand, value in PUBLISHED.items():
        assert round(vs_random[hand]["equity"], 7) == value, hand
    if tables.heads_up is None:
        return
    rows = tables.heads_up.to_pylist()
    cells = {(row["hand1"], row["hand2"]): row for row in rows}
    for (first, second), value in HEADS_UP.items():
        assert round(cells[first, second]["equity"], 6) == value, (first, second)
    for hand, row in vs_random.items():
        for name in ("wins", "ties", "total"):
            assert sum(cells[hand, other][name] for other in vs_random) == row[name], hand
        for other in vs_random:
            assert cells[hand, other]["losses"] == cells[other, hand]["wins"]


def _timed(workers: int, heads_up: bool) -> tuple[float, PreflopTables]:
    """One run end to end on a fresh local cluster of ``workers`` processes with one core each
    (one Dask thread, one Numba thread): what scaling in the number of workers measures."""
    from distributed import Client, LocalCluster

    start = time.perf_counter()
    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            env={"NUMBA_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"},
        ) as cluster,
        Client(cluster) as client,
    ):
        tables = compute_preflop_tables(PreflopJob(heads_up=heads_up), client=client)
    return time.perf_counter() - start, tables


def _seconds_per_task(heads_up: bool) -> float:
    """A task's compute time on one core, in this process (the mean of four tasks spread over
    the boards): what a worker of a larger cluster spends on each."""
    import numba

    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    job = PreflopJob(tasks=DEFAULT_TASKS, heads_up=heads_up)
    chosen = range(0, DEFAULT_TASKS, DEFAULT_TASKS // 4)
    try:
        start = time.perf_counter()
        for task in chosen:
            run_task(job, task)
        return (time.perf_counter() - start) / len(chosen)
    finally:
        numba.set_num_threads(threads)


def _three_way_seconds_per_triple() -> tuple[float, float]:
    """Seconds per (combo triple x board) of the three-way brute force, from a short class list
    on a slice of boards; and the combo triples of the full table (over all class triples)."""
    stop = BOARD_CLASSES // 16
    three_way_counts(THREE_WAY_SAMPLE, start=0, stop=200)  # compile
    start = time.perf_counter()
    three_way_counts(THREE_WAY_SAMPLE, start=0, stop=stop)
    seconds = time.perf_counter() - start

    def triples(counts: np.ndarray) -> float:
        # Combo triples over class multisets a <= b <= c: sum of n_a * n_b * n_c.
        total, squares, cubes = counts.sum(), (counts**2).sum(), (counts**3).sum()
        return float(total**3 + 3 * total * squares + 2 * cubes) / 6

    sample = triples(combo_counts(THREE_WAY_SAMPLE).astype(np.float64))
    full = triples(combo_counts(starting_classes()).astype(np.float64))
    return seconds / (sample * stop), full


def _hours(hours: float) -> str:
    return f"{hours:,.1f} h" if hours >= 1 else f"{hours * 60:,.0f} min"


def main() -> None:
    """Time the runs, check the tables, print and write a Markdown report."""
    sizes = [int(n) for n in os.environ.get("BENCH_TABLES_WORKERS", "1,2").split(",")]
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores\n")
    with dask_client(workers=max(sizes)) as client:  # compile into Numba's cache
        compute_preflop_tables(PreflopJob(hands=("AA", "KK"), tasks=max(sizes)), client=client)
    lines = [
        "| table | workers (one core each) | seconds, end to end | target |",
        "|---|---:|---:|---:|",
    ]
    for heads_up, name, target in (
        (True, "169 x 169 heads-up (and the 169 vs random)", TARGETS["heads-up"]),
        (False, "169 vs random alone", TARGETS["vs-random"]),
    ):
        for workers in sizes:
            seconds, tables = _timed(workers, heads_up)
            _check(tables)
            lines.append(f"| {name} | {workers} | {seconds:.1f} | ≤ {target:.0f} s |")
            print(lines[-1], flush=True)
    per_task = {heads_up: _seconds_per_task(heads_up) for heads_up in (True, False)}
    per_triple, full_triples = _three_way_seconds_per_triple()
    core_hours = per_triple * full_triples * BOARD_CLASSES / 3600
    notes = [
        f"Compute per task on one core ({DEFAULT_TASKS} tasks of about "
        f"{BOARD_CLASSES // DEFAULT_TASKS:,} boards): heads-up {per_task[True]:.3f} s "
        f"({per_task[True] * DEFAULT_TASKS:.1f} s of work in all), vs random alone "
        f"{per_task[False]:.3f} s ({per_task[False] * DEFAULT_TASKS:.1f} s in all).",
        f"Three-way table, brute force: {full_triples:,.0f} combo triples (over all class "
        f"triples) on each of {BOARD_CLASSES:,} boards at {per_triple * 1e9:.2f} ns per combo "
        f"triple and board (measured on {', '.join(THREE_WAY_SAMPLE)}): about "
        f"{core_hours:,.0f} core-hours, so {_hours(core_hours / 2)} on 2 workers, "
        f"{_hours(core_hours / 64)} on 64, {_hours(core_hours / 1024)} on 1,024.",
    ]
    print("\n" + "\n".join(lines) + "\n\n" + "\n\n".join(notes))
    RESULTS.write_text(
        f"# Preflop tables\n\nRun {date.today()} on {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores (shared with other work: figures vary), each run end to end on a "
        "fresh local Dask cluster (start-up included), one core per worker.\n\n"
        + "\n".join(lines)
        + "\n\n"
        + "\n\n".join(notes)
        + "\n",
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
