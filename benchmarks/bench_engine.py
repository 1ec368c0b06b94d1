"""pokerscore against eval7, phevaluator, treys and pokerkit, on the same hands, in one process.

Rates are hands per second, best of a few runs; ratios are pokerscore's rate over the peer's.
Peers have no batch API, so batch rates are compared with their per-call rates. The exhaustive
seven-card count is timed for pokerscore and extrapolated for eval7 from a random sample.
First use (tables, Numba import, kernel compile or cache load) is measured in fresh processes:
cold with an empty ``NUMBA_CACHE_DIR``, then warm with that cache filled.

The validated and ``check=False`` batches are timed in alternation, round after round, and each
round's ratio is kept: on a shared machine the ratio of a round holds better than either rate.
The threading layers are compared in fresh processes (a process has one), one after the other,
round after round, with the load average of the host at the time.

Environment: ``BENCH_DIFF_HANDS`` (default 10,000,000) hands per size in the differential check.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from math import comb
from pathlib import Path

import numpy as np

from benchmarks.peers import Peer, available, same_order

RESULTS = Path(__file__).with_name("results.md")
SCALAR_HANDS = 300_000
BATCH_HANDS = 10_000_000
SLOW_HANDS = 2_000
REPEATS = 3
SCALAR_ROUNDS = 5
VALIDATION_ROUNDS = 9
BANDWIDTH_BYTES = 1 << 28
LAYER_HANDS = 2_000_000
LAYER_ROUNDS = 3
"""Fresh processes per threading layer; each times its batches 5 times in alternation."""
SMALL_BATCH = 1_000


def machine() -> str:
    """CPU model and core count, from /proc/cpuinfo where there is one."""
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def load() -> float:
    """The host's load average over the last minute (0 where the system does not tell)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0


def spread(values: Sequence[float], scale: float = 1.0, digits: int = 0) -> str:
    """``median [lowest-highest]`` of ``values / scale``."""
    low, mid, high = (
        value / scale for value in (min(values), statistics.median(values), max(values))
    )
    return f"{mid:,.{digits}f} [{low:,.{digits}f}-{high:,.{digits}f}]"


def best_rate(count: int, run: Callable[[], object], repeats: int = REPEATS) -> float:
    """Hands per second of the fastest of ``repeats`` runs over ``count`` hands."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def scalar_rates(
    evaluate: Callable[..., int], rows: list[list[int]], peers: list[Peer]
) -> tuple[float, dict[str, float]]:
    """Per-call rates of pokerscore and each peer, timed in alternation, round after round, so
    that a slow moment of a shared machine does not fall on one side only (best round each).

    Each side's cards are prepared beforehand in its own form, as its users would: ours as tuples
    of ids, which ``evaluate(*hand)`` passes on without copying.
    """
    ours_prepared = [tuple(row) for row in rows]
    runs: dict[str, tuple[int, Callable[[], object]]] = {
        "pokerscore": (len(rows), lambda: [evaluate(*hand) for hand in ours_prepared])
    }
    for peer in peers:
        sample = rows[:SLOW_HANDS] if peer.slow else rows
        prepared, score = peer.prepare(sample), peer.score
        runs[peer.name] = (
            len(sample),
            lambda prepared=prepared, score=score: [score(hand) for hand in prepared],
        )
    best: dict[str, float] = {}
    for round_number in range(SCALAR_ROUNDS):
        for name, (count, run) in runs.items():
            if round_number and any(peer.slow and peer.name == name for peer in peers):
                continue  # pokerkit: one round is minutes enough
            start = time.perf_counter()
            run()
            best[name] = max(best.get(name, 0.0), count / (time.perf_counter() - start))
    ours = best.pop("pokerscore")
    return ours, best


FIRST_USE = """
import json, sys, time
start = time.perf_counter()
import numpy as np, pokerscore
imported = time.perf_counter()
import numba
numba_done = time.perf_counter()
hands = pokerscore.random_hands(1000, size=7, seed=1)
pokerscore.evaluate_batch(hands)
batch = time.perf_counter()
from pokerscore.engine.value_counts import count_values
count_values(7)
count = time.perf_counter()
print(json.dumps({"numba import": numba_done - imported,
                  "first 7-card batch (tables + compile or cache load)": batch - numba_done,
                  "first 7-card exhaustive count (incl. compile or load)": count - batch}))
"""


def first_use() -> dict[str, dict[str, float]]:
    """Seconds to first results in fresh processes, with an empty then a filled Numba cache."""
    results = {}
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("cold", "warm"):
            out = subprocess.run(
                [sys.executable, "-c", FIRST_USE],
                env=environment,
                capture_output=True,
                text=True,
                check=True,
            )
            results[label] = json.loads(out.stdout)
    return results


def differential(peers: list[Peer], hands: int) -> list[str]:
    """Check the order of ``hands`` random hands per size against the fast peers."""
    from pokerscore import evaluate_batch, random_hands

    lines = []
    for size in (5, 6, 7):
        dealt = random_hands(hands, size=size, seed=size)
        ours = evaluate_batch(dealt)
        for peer in peers:
            if peer.slow or peer.name == "treys":  # treys: 80k/s, checked on 10k hands in the tests
                continue
            start = time.perf_counter()
            theirs = np.empty(hands, dtype=np.int64)
            for begin in range(0, hands, 1_000_000):
                rows = dealt[begin : begin + 1_000_000].tolist()
                prepared, score = peer.prepare(rows), peer.score
                theirs[begin : begin + len(rows)] = [score(hand) for hand in prepared]
            verdict = "same order" if same_order(ours, theirs) else "DIFFERENT ORDER"
            lines.append(
                f"{hands:,} random {size}-card hands vs {peer.name}: {verdict} "
                f"({time.perf_counter() - start:.0f} s)"
            )
            print(lines[-1], flush=True)
    return lines


def memory_bandwidth() -> dict[str, float]:
    """Bytes per second the machine moves: a 256 MB copy (read + written) and a sum over it
    (read), best of a few runs; the reference for the batch rows' memory traffic."""
    source = np.ones(BANDWIDTH_BYTES // 8, dtype=np.uint64)
    target = np.empty_like(source)
    copy = best_rate(2 * BANDWIDTH_BYTES, lambda: np.copyto(target, source))
    total = best_rate(BANDWIDTH_BYTES, lambda: np.add.reduce(source))
    return {"memcpy (read + write)": copy, "np.sum (read)": total}


ValidationRow = tuple[str, int, float, float, list[float]]
"""(ranking, size, validated hands/s, unchecked hands/s, each round's validated / unchecked)."""


def validation_cost() -> list[ValidationRow]:
    """Validated and ``check=False`` batches of each size under each ranking, timed in
    alternation round after round in this one process (best round each, and each round's
    ratio), so their ratio is not skewed by a slow moment of a shared machine."""
    from pokerscore import evaluate_batch, random_hands
    from pokerscore.engine import RANKINGS

    rows = []
    for name in RANKINGS:
        for size in (5, 6, 7):
            batch = random_hands(BATCH_HANDS, size=size, seed=60 + size, ranking=name)
            evaluate_batch(batch[:10], ranking=name)
            evaluate_batch(batch[:10], ranking=name, check=False)
            best = {True: float("inf"), False: float("inf")}
            ratios = []
            for _ in range(VALIDATION_ROUNDS):
                seconds = {}
                for check in (True, False):
                    start = time.perf_counter()
                    evaluate_batch(batch, ranking=name, check=check)
                    seconds[check] = time.perf_counter() - start
                    best[check] = min(best[check], seconds[check])
                ratios.append(seconds[False] / seconds[True])
            rows.append((name, size, len(batch) / best[True], len(batch) / best[False], ratios))
            print(rows[-1][:4], f"ratio {spread(ratios, digits=2)}", flush=True)
    return rows


def validation_report(rows: list[ValidationRow], bandwidth: dict[str, float]) -> list[str]:
    """Markdown lines: rates, ratios, and the rows' memory traffic against the machine's."""
    read_bandwidth = bandwidth["np.sum (read)"]
    lines = [
        "Validated batches against `check=False`, same hands, timed in alternation "
        f"({VALIDATION_ROUNDS} rounds; rates: best round each; ratio: median [range] of the "
        "rounds' ratios). Traffic: each hand reads its k card bytes "
        "and writes a 2-byte value; the limit is the machine's bandwidth, "
        + ", ".join(f"{label} {rate / 1e9:.1f} GB/s" for label, rate in bandwidth.items())
        + ".",
        "",
        "| ranking | cards | validated hands/s | `check=False` hands/s | validated / unchecked "
        "| traffic validated | share of read bandwidth |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, size, checked, unchecked, ratios in rows:
        traffic = checked * (size + 2)
        lines.append(
            f"| {name} | {size} | {checked:,.0f} | {unchecked:,.0f} | {spread(ratios, digits=2)} "
            f"| {traffic / 1e9:.2f} GB/s | {traffic / read_bandwidth:.0%} |"
        )
    return lines


LAYER_SCRIPT = """
import json, os, statistics, sys, time
import numba
from pokerscore import evaluate_batch, random_hands
hands, small = int(sys.argv[1]), int(sys.argv[2])
batches = {size: random_hands(hands, size, seed=size) for size in (5, 6, 7)}
for batch in batches.values():
    evaluate_batch(batch[:small]), evaluate_batch(batch[:small], check=False)
rates = {f"{size} {kind}": [] for size in batches for kind in ("validated", "unchecked")}
ratios = {str(size): [] for size in batches}
load = [os.getloadavg()[0]]
for _ in range(5):
    for size, batch in batches.items():
        seconds = {}
        for check, kind in ((True, "validated"), (False, "unchecked")):
            start = time.perf_counter()
            evaluate_batch(batch, check=check)
            seconds[kind] = time.perf_counter() - start
            rates[f"{size} {kind}"].append(hands / seconds[kind])
        ratios[str(size)].append(seconds["unchecked"] / seconds["validated"])
few = batches[7][:small]
calls = []
for _ in range(5):
    start = time.perf_counter()
    for _ in range(300):
        evaluate_batch(few)
    calls.append((time.perf_counter() - start) / 300)
load.append(os.getloadavg()[0])
print(json.dumps({"layer": numba.threading_layer(), "rates": rates, "ratios": ratios,
                  "small": calls, "load": load}))
"""

LAYERS: dict[str, dict[str, str]] = {
    "omp, threads wait asleep (pokerscore's default)": {"NUMBA_THREADING_LAYER": "omp"},
    # Set but empty: pokerscore leaves it alone, and OpenMP warns and keeps its own default
    # (GNU: spin a while after each loop, then sleep), as before pokerscore set it.
    "omp, OpenMP's default wait (spin, then sleep)": {
        "NUMBA_THREADING_LAYER": "omp",
        "OMP_WAIT_POLICY": "",
    },
    "tbb": {"NUMBA_THREADING_LAYER": "tbb"},
    "workqueue": {"NUMBA_THREADING_LAYER": "workqueue"},
}


def threading_layers() -> dict[str, dict[str, list[float]] | str]:
    """Each threading layer in fresh processes, round after round in turn: rates, each round's
    validated / unchecked ratio, the latency of a small batch, and the load average; a layer
    that does not load (tbb without the ``tbb`` package) gives its error instead."""
    results: dict[str, dict[str, list[float]] | str] = {}
    for _ in range(LAYER_ROUNDS):
        for label, settings in LAYERS.items():
            if isinstance(results.get(label), str):
                continue
            environment = {**os.environ, **settings}
            if "OMP_WAIT_POLICY" not in settings:
                environment.pop("OMP_WAIT_POLICY", None)
            out = subprocess.run(
                [sys.executable, "-c", LAYER_SCRIPT, str(LAYER_HANDS), str(SMALL_BATCH)],
                env=environment,
                capture_output=True,
                text=True,
            )
            if out.returncode:  # tbb without the tbb package: Numba cannot load the layer
                results[label] = "does not load here"
                print(label, "does not load:", out.stderr.strip()[-500:], flush=True)
                continue
            run = json.loads(out.stdout)
            merged = results.setdefault(label, {})
            assert isinstance(merged, dict)
            for key, values in run["rates"].items():
                merged.setdefault(key, []).extend(values)
            for size, values in run["ratios"].items():
                merged.setdefault(f"ratio {size}", []).extend(values)
            merged.setdefault("small", []).extend(run["small"])
            merged.setdefault("load", []).extend(run["load"])
            print(label, run["layer"], f"load {run['load']}", flush=True)
    return results


def layers_report(results: dict[str, dict[str, list[float]] | str]) -> list[str]:
    """Markdown lines: one row per threading layer."""
    lines = [
        f"Threading layers (standard high, {LAYER_HANDS:,} random hands per size, fresh processes "
        f"in turn, {LAYER_ROUNDS} rounds of 5 timings each). Rates in millions of hands/s and "
        "ratios as median [range]; the small batch is one validated call on "
        f"{SMALL_BATCH:,} seven-card hands; load is the host's load average during the runs.",
        "",
        "| layer | 5 validated | 5 ratio | 6 validated | 6 ratio | 7 validated | 7 `check=False` "
        f"| 7 ratio | {SMALL_BATCH:,} hands, µs | load |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, run in results.items():
        if isinstance(run, str):
            lines.append(f"| {label} | {run} |" + " |" * 8)
            continue
        cells = [
            spread(run["5 validated"], 1e6),
            spread(run["ratio 5"], digits=2),
            spread(run["6 validated"], 1e6),
            spread(run["ratio 6"], digits=2),
            spread(run["7 validated"], 1e6),
            spread(run["7 unchecked"], 1e6),
            spread(run["ratio 7"], digits=2),
            spread(run["small"], 1e-6),
            f"{min(run['load']):.1f}-{max(run['load']):.1f}",
        ]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def ratio(ours: float, theirs: float) -> str:
    return f"{ours / theirs:,.1f}x" if theirs else "-"


def main() -> None:
    """Run the engine benchmarks, print the Markdown report and write it to results.md."""
    from pokerscore import evaluate5, evaluate7, evaluate_batch, random_hands
    from pokerscore.engine.value_counts import count_values

    peers = available()
    start_load = load()
    print(f"machine: {machine()}, load {start_load:.1f}", flush=True)
    warm_up = first_use()
    print(f"first use: {json.dumps(warm_up)}", flush=True)

    table: list[tuple[str, float, dict[str, float]]] = []
    for size, evaluate in ((5, evaluate5), (7, evaluate7)):
        hands = random_hands(SCALAR_HANDS, size=size, seed=40 + size).tolist()
        ours, theirs = scalar_rates(evaluate, hands, peers)
        table.append((f"scalar {size}-card (one call per hand)", ours, theirs))
        print(table[-1], flush=True)
        per_call = theirs
        batch = random_hands(BATCH_HANDS, size=size, seed=50 + size)
        evaluate_batch(batch[:10])
        ours = best_rate(len(batch), lambda: evaluate_batch(batch))  # noqa: B023
        table.append((f"batch {size}-card (`evaluate_batch`, validated)", ours, per_call))
        print(table[-1], flush=True)
        ours = best_rate(len(batch), lambda: evaluate_batch(batch, check=False))  # noqa: B023
        table.append((f"batch {size}-card, `check=False`", ours, per_call))
        print(table[-1], flush=True)
        if size == 7:
            count_values(7)
            total = comb(52, 7)
            ours = best_rate(total, lambda: count_values(7))
            eval7_rate = per_call.get("eval7", 0.0)
            table.append(
                ("exhaustive 7-card count (eval7 extrapolated)", ours, {"eval7": eval7_rate})
            )
            print(table[-1], f"{total / ours:.2f} s", flush=True)

    import numba

    names = [peer.name for peer in peers]
    lines = [
        "# pokerscore benchmark",
        "",
        f"Machine: {machine()}; Numba {numba.__version__}, {numba.get_num_threads()} threads, "
        f"threading layer {numba.threading_layer()}, "
        f"`OMP_WAIT_POLICY={os.environ.get('OMP_WAIT_POLICY', '')}`; "
        f"load average {start_load:.1f} at the start.",
        "Hands/s, best of a few runs; **ratio = pokerscore's rate / the peer's**. Peers are called once",
        f"per hand with their card objects prepared beforehand; pokerkit on {SLOW_HANDS:,} hands only.",
        f"Scalar rows: each side timed in turn, {SCALAR_ROUNDS} rounds, best round each.",
        "",
        "| workload | pokerscore | " + " | ".join(f"{name} | ratio" for name in names) + " |",
        "| --- | ---: | " + " | ".join("---: | ---:" for _ in names) + " |",
    ]
    for label, ours, theirs in table:
        cells = [
            f"{theirs[name]:,.0f} | {ratio(ours, theirs[name])}" if name in theirs else "- | -"
            for name in names
        ]
        lines.append(f"| {label} | {ours:,.0f} | " + " | ".join(cells) + " |")
    exhaustive = next(ours for label, ours, _ in table if label.startswith("exhaustive"))
    lines += [
        "",
        f"Exhaustive 7-card count: {comb(52, 7) / exhaustive:.2f} s for all 133,784,560 hands"
        f" (eval7 at its per-call rate would need about "
        f"{comb(52, 7) / table[-1][2].get('eval7', float('inf')):.0f} s, extrapolated from a sample).",
        "",
        "First use in a fresh process, seconds (cold: empty Numba cache; warm: cache filled):",
        "",
        "| step | cold | warm |",
        "| --- | ---: | ---: |",
    ]
    for step in warm_up["cold"]:
        lines.append(f"| {step} | {warm_up['cold'][step]:.2f} | {warm_up['warm'][step]:.2f} |")
    lines += ["", *validation_report(validation_cost(), memory_bandwidth())]
    lines += ["", *layers_report(threading_layers())]
    lines += ["", f"Load average {load():.1f} at the end of the timings."]
    hands = int(os.environ.get("BENCH_DIFF_HANDS", 10_000_000))
    lines += ["", "Differential check (order of random hands, ties included):", ""]
    lines += [f"- {line}" for line in differential(peers, hands)]
    report = "\n".join(lines) + "\n"
    print("\n" + report)
    RESULTS.write_text(report, encoding="utf-8")
    print(f"written to {RESULTS}")
