"""Hand histories: generated six-max hands read, replayed and valued (all-in EV), in one process
and on Dask, beside pokerkit reading the same hands.

- PHH text to per-hand results (``analyse_histories``: read, replay, all-in EV, statistics),
  in a process of its own (Numba's cache warm, the all-in equity cache cold: the first pass
  over the data), then a second pass in the same process (equities cached), with and without
  Parquet out.
- pokerkit's ``HandHistory.loads`` on 2,000 such hands, one by one, against two of ours: the
  second pass above (hands/s over pokerkit's: a folder read again) and a pass over 2,000
  other hands with a cold equity cache (new hands, per-call costs over few hands included).
- PokerStars text (the same simulator's hands as the site writes them), the same two passes.
- The whole command on Dask, ``pokerscore histories FILES --workers 2 --out ... --json``, in a
  fresh process: wall time, the peak memory of the process tree, and the CPU time of the main
  process against the whole tree's (sampled every 0.2 s).

Sizes: ``BENCH_HISTORIES_HANDS`` (PHH, default 1,000,000), ``BENCH_HISTORIES_STARS`` (200,000),
``BENCH_HISTORIES_BIG`` (hands for the Dask run, default 4,000,000; 0 skips it). Data go to
``BENCH_HISTORIES_DATA`` (a temporary folder by default; kept there, so runs can reuse them).
Figures and how to read them: ``benchmarks/histories.md``.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path

from benchmarks.bench_engine import machine
from benchmarks.histories_data import phhs_tables, write_phhs, write_pokerstars

TARGETS = {"phh": 50_000, "pokerstars": 20_000, "pokerkit_ratio": 10, "big_seconds": 300}
FULL_SIZE = 21_605_687


def _timed(paths: list[Path], out: Path | None = None) -> tuple[float, int]:
    seconds, hands, _ = _timed_cpu(paths, out)
    return seconds, hands


def _timed_cpu(paths: list[Path], out: Path | None = None) -> tuple[float, int, float]:
    """One ``analyse_histories`` pass: wall seconds, hands, and the process's CPU seconds (every
    thread's: the figure a shared host distorts least)."""
    from pokerscore.histories.running import analyse_histories

    start, cpu = time.perf_counter(), time.process_time()
    summary = analyse_histories(paths, out=out)
    return time.perf_counter() - start, summary.hands, time.process_time() - cpu


def _in_process(kind: str, path: Path, out: Path) -> dict[str, float]:
    """Three passes in a fresh process: cold, warm, warm with Parquet; hands/s each, and the
    process's CPU seconds per million hands (``cpu_`` and the pass)."""
    code = f"""
import json, sys, time
from pathlib import Path
sys.path.insert(0, {str(Path(__file__).parents[1])!r})
from benchmarks.bench_histories import _timed_cpu
path, out = Path({str(path)!r}), Path({str(out)!r})
found = {{}}
for name, target in (('cold', None), ('warm', None), ('warm_parquet', out)):
    seconds, hands, cpu = _timed_cpu([path], target)
    found[name] = hands / seconds
    found['cpu_' + name] = cpu / hands * 1e6
found['hands'] = hands
print(json.dumps(found))
"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=os.environ
    )
    return json.loads(result.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def _pokerkit_rate(count: int = 2000) -> tuple[float, float, Path, float]:
    """pokerkit's ``HandHistory.loads`` a hand at a time, and ours on the same hands (a file
    of them, a fresh pass with a cold equity cache, in this process; its CPU seconds last)."""
    from pokerkit import HandHistory

    tables = list(phhs_tables(count, seed=4242))
    texts = [table.split("\n", 1)[1] for table in tables]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        start = time.perf_counter()
        for text in texts:
            HandHistory.loads(text)
        theirs = count / (time.perf_counter() - start)
    folder = Path(tempfile.mkdtemp())
    path = folder / "same.phhs"
    path.write_text("".join(tables))
    _timed([path])  # compile and load the kernels; these equities are then cached ...
    other = folder / "other.phhs"
    other.write_text("".join(phhs_tables(count, seed=4343)))
    seconds, hands, cpu = _timed_cpu([other])  # ... so time other hands of the same shape, cold
    return theirs, hands / seconds, path, cpu


def _tree(root: int, services: set[int]) -> tuple[int, dict[int, float]]:
    """The resident memory of a process and its descendants together, and each one's CPU
    seconds so far (user and system); the local cluster's scheduler and nannies (``dask spec``
    processes) are added to ``services``."""
    import psutil

    cpu: dict[int, float] = {}
    try:
        process = psutil.Process(root)
        processes = [process, *process.children(recursive=True)]
    except psutil.Error:
        return 0, cpu
    rss = 0
    for each in processes:
        with contextlib.suppress(psutil.Error):
            rss += each.memory_info().rss
            times = each.cpu_times()
            cpu[each.pid] = times.user + times.system
            if each.pid not in services and "spec" in each.cmdline()[3:5]:
                services.add(each.pid)
    return rss, cpu


def _dask_run(
    paths: list[Path], out: Path, workers: int = 2, extra: tuple[str, ...] = ()
) -> tuple[float, dict[str, object], int, float, float, float]:
    """The command on a local cluster of ``workers`` in a fresh process: seconds, its JSON,
    the peak RSS of the process and its workers together, and the CPU seconds of the main
    process, of the whole tree and of the cluster's scheduler and nannies (processes of their
    own; sampled every 0.2 s: the last 0.2 s of each process are missed)."""
    command = [sys.executable, "-m", "pokerscore", "histories", *map(str, paths), "--workers",
               str(workers), "--out", str(out), "--json", *extra]  # fmt: skip
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, env=os.environ)
    peak = 0
    cpu: dict[int, float] = {}
    services: set[int] = set()
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            rss, seen = _tree(child.pid, services)
            peak = max(peak, rss)
            cpu.update(seen)
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stdout, _ = child.communicate()
    seconds = time.perf_counter() - start
    done.set()
    sampler.join()
    if child.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} failed with status {child.returncode}")
    service_cpu = sum(cpu.get(pid, 0.0) for pid in services)
    return (
        seconds,
        json.loads(stdout),
        peak,
        cpu.get(child.pid, 0.0),
        sum(cpu.values()),
        service_cpu,
    )


def big_files(folder: Path, big: int) -> list[Path]:
    """The generated files of the Dask run (2,000,000 hands a file), written when missing."""
    parts = []
    per_file = 2_000_000
    for first in range(0, big, per_file):
        path = folder / f"big-{first // per_file}.phhs"
        if not path.exists():
            write_phhs(path, min(per_file, big - first), seed=100 + first // per_file,
                       first=first + 1)  # fmt: skip
        parts.append(path)
    return parts


def dask_lines(parts: list[Path], out: Path, extra: tuple[str, ...] = ()) -> list[str]:
    """The Dask run's figures: wall clock, peak memory, and the main process's CPU time per
    million hands and its share of the run's CPU (the serial stage that limits scaling)."""
    seconds, payload, peak, main_cpu, total_cpu, service_cpu = _dask_run(parts, out, extra=extra)
    count = int(payload["hands"])  # type: ignore[call-overload]
    rate = count / seconds
    share = main_cpu / total_cpu if total_cpu else 0.0
    return [
        f"Dask, two local workers, {len(parts)} files{' ' + ' '.join(extra) if extra else ''}:"
        f" {count:,} hands in {seconds:.1f} s ({rate:,.0f} hands/s, start-up included), peak"
        f" RSS of the process tree {peak / 2**20:,.0f} MiB, {payload['bad']} bad,"
        f" {payload['disagreements']} disagreeing. CPU: the main process {main_cpu:.1f} s"
        f" ({main_cpu / count * 1e6:.2f} s per million hands), the scheduler and nannies"
        f" {service_cpu:.1f} s, the whole run {total_cpu:.1f} s;"
        f" the main process's share {share:.1%} (goal: at most 5 %). At that rate"
        f" {FULL_SIZE:,} hands take {FULL_SIZE / rate:,.0f} s (target"
        f" {TARGETS['big_seconds']} s).",
    ]


def _cpu_line(rates: dict[str, float]) -> str:
    return " / ".join(f"{rates['cpu_' + name]:.2f}" for name in ("cold", "warm", "warm_parquet"))


def main() -> None:
    """Generate the data, time each path, print and write the Markdown results."""
    hands = int(os.environ.get("BENCH_HISTORIES_HANDS", "1000000"))
    stars = int(os.environ.get("BENCH_HISTORIES_STARS", "200000"))
    big = int(os.environ.get("BENCH_HISTORIES_BIG", "4000000"))
    folder = Path(os.environ.get("BENCH_HISTORIES_DATA") or tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f"machine: {machine()}", ""]
    phh = folder / f"generated-{hands}.phhs"
    if not phh.exists():
        write_phhs(phh, hands, seed=1)
    text = folder / f"generated-{stars}.txt"
    if not text.exists():
        write_pokerstars(text, stars, seed=2)
    theirs, ours, _, ours_cpu = _pokerkit_rate()
    phh_rates = _in_process("phh", phh, folder / "phh.parquet")
    stars_rates = _in_process("pokerstars", text, folder / "stars.parquet")
    lines += [
        "| input | hands | first pass hands/s | second pass hands/s | second, Parquet out | target |",
        "|---|---:|---:|---:|---:|---:|",
        f"| PHH (.phhs) | {hands:,} | {phh_rates['cold']:,.0f} | {phh_rates['warm']:,.0f} |"
        f" {phh_rates['warm_parquet']:,.0f} | {TARGETS['phh']:,} |",
        f"| PokerStars text | {stars:,} | {stars_rates['cold']:,.0f} | {stars_rates['warm']:,.0f} |"
        f" {stars_rates['warm_parquet']:,.0f} | {TARGETS['pokerstars']:,} |",
        "",
        "CPU seconds per million hands (the process's, every thread), first / second / Parquet"
        f" out: PHH {_cpu_line(phh_rates)}; PokerStars {_cpu_line(stars_rates)}; load"
        f" {os.getloadavg()[0]:.1f} at the end.",
        "",
        f"pokerkit `HandHistory.loads`, 2,000 hands of the same simulator one by one:"
        f" {theirs:,.0f} hands/s (wall clock, one thread). Against it, two ways:",
        f"- the second pass over the {hands:,} PHH hands above (Numba's cache and the all-in"
        f" equities warm, all threads; what a folder read again costs): {phh_rates['warm']:,.0f}"
        f" hands/s, **{phh_rates['warm'] / theirs:,.1f}x** pokerkit;",
        f"- 2,000 other hands of the same shape, a pass of their own after a pass over other"
        f" hands (Numba's cache warm, these hands' all-in equities cold: a first look at new"
        f" hands, the run's per-call costs over few hands included): {ours:,.0f} hands/s,"
        f" **{ours / theirs:,.1f}x** (target {TARGETS['pokerkit_ratio']}x), {ours_cpu * 1e3:.1f}"
        " ms of CPU.",
    ]
    if big:
        parts = big_files(folder, big)
        lines += ["", *dask_lines(parts, folder / "big.parquet")]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
