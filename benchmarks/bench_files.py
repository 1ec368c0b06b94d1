"""``pokerscore batch`` end to end (read, score, write) on generated files, in a fresh process:
hands per second and peak resident memory (the child's ``ru_maxrss``).

Sizes default to 20 million Parquet rows (7 uint8 card-id columns) and 5 million text lines (7
card strings a line); ``BENCH_FILES_SCALE=0.1`` runs a tenth of that.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

PARQUET_ROWS = 20_000_000
TEXT_LINES = 5_000_000
TARGETS = {"parquet": 20e6, "text": 3e6}


def _write_parquet(path: Path, rows: int) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from pokerscore.hands.batch import random_hands

    step = 1 << 20
    with pq.ParquetWriter(path, pa.schema([(f"c{n}", pa.uint8()) for n in range(1, 8)])) as out:
        for start in range(0, rows, step):
            hands = random_hands(min(step, rows - start), 7, seed=start)
            out.write_table(pa.table({f"c{n + 1}": hands[:, n] for n in range(7)}))


def _write_text(path: Path, lines: int) -> None:
    from pokerscore.cards import Card
    from pokerscore.hands.batch import random_hands

    tokens = np.array([list(str(Card(card)).encode()) for card in range(52)], dtype=np.uint8)
    step = 1 << 20
    with path.open("wb") as out:
        for start in range(0, lines, step):
            hands = random_hands(min(step, lines - start), 7, seed=start)
            text = np.full((len(hands), 7, 3), ord(" "), dtype=np.uint8)
            text[:, :, :2] = tokens[hands]
            text[:, -1, 2] = ord("\n")
            out.write(text.tobytes())


def _run(arguments: list[str]) -> tuple[float, int]:
    """Wall seconds and peak RSS (bytes) of ``pokerscore batch ...`` in a fresh process."""
    command = [sys.executable, "-m", "pokerscore", "batch", *arguments, "--json"]
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if status:
        raise RuntimeError(f"{' '.join(command)} failed with status {status}")
    return seconds, usage.ru_maxrss * 1024


def main() -> None:
    """Generate the files, run the command on each (best of two), print a Markdown table."""
    scale = float(os.environ.get("BENCH_FILES_SCALE", "1"))
    sizes = {"parquet": int(PARQUET_ROWS * scale), "text": int(TEXT_LINES * scale)}
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores\n")
    print(
        "| input | hands | seconds | hands/s | target | peak RSS |\n|---|---:|---:|---:|---:|---:|"
    )
    with tempfile.TemporaryDirectory() as folder:
        paths = {"parquet": Path(folder, "hands.parquet"), "text": Path(folder, "hands.txt")}
        _write_parquet(paths["parquet"], sizes["parquet"])
        _write_text(paths["text"], sizes["text"])
        _run([str(paths["text"]), "--out", str(Path(folder, "warm.parquet"))])  # compile, cache
        for kind, path in paths.items():
            out = Path(folder, f"{kind}-scored.parquet")
            runs = [_run([str(path), "--out", str(out)]) for _ in range(2)]
            seconds = min(run[0] for run in runs)
            peak = max(run[1] for run in runs)
            rate = sizes[kind] / seconds
            label = "Parquet, 7 id columns" if kind == "parquet" else "text, 7 card strings"
            print(
                f"| {label} → Parquet | {sizes[kind]:,} | {seconds:.2f} | {rate / 1e6:.1f} M |"
                f" {TARGETS[kind] / 1e6:.0f} M | {peak / 2**20:,.0f} MiB |"
            )


if __name__ == "__main__":
    main()
