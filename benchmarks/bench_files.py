"""``pokerscore batch`` and ``duel`` end to end on generated files, beside the peers' rates of
reading hands from text in the same process: hands per second and the ratios.

Paths: Parquet with 7 uint8 card-id columns, a text file of 7 card strings a line, and a CSV
file with a column of card strings, each scored and written to Parquet; and a ``duel`` file of
10 cards a line. Each is timed in this process (``score_file``, start-up excluded, best of two)
and as the command in a fresh process (start-up of about a second included; peak RSS is the
child's ``ru_maxrss``). The peers read and score the same text lines one by one: pokerkit
(``StandardHighHand.from_game``) and eval7 (``Card()`` per card, then ``evaluate``).

Sizes default to 20 million Parquet rows, 5 million text and CSV lines and 3.5 million deals;
``BENCH_FILES_SCALE=0.1`` runs a tenth of that.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

PARQUET_ROWS = 20_000_000
TEXT_LINES = 5_000_000
DUEL_LINES = 3_500_000
PEER_LINES = 20_000
TARGETS = {"parquet": 20e6, "text": 3e6, "csv": 3e6, "duel": 1e6}


def _write_parquet(path: Path, rows: int) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from pokerscore.hands.batch import random_hands

    step = 1 << 20
    with pq.ParquetWriter(path, pa.schema([(f"c{n}", pa.uint8()) for n in range(1, 8)])) as out:
        for start in range(0, rows, step):
            hands = random_hands(min(step, rows - start), size=7, seed=start)
            out.write_table(pa.table({f"c{n + 1}": hands[:, n] for n in range(7)}))


def _write_text(path: Path, lines: int, cards: int = 7, header: bytes = b"") -> None:
    from pokerscore.cards import Card
    from pokerscore.hands.batch import random_hands

    tokens = np.array([list(str(Card(card)).encode()) for card in range(52)], dtype=np.uint8)
    step = 1 << 20
    with path.open("wb") as out:
        out.write(header)
        for start in range(0, lines, step):
            hands = random_hands(min(step, lines - start), size=cards, seed=start)
            text = np.full((len(hands), cards, 3), ord(" "), dtype=np.uint8)
            text[:, :, :2] = tokens[hands]
            text[:, -1, 2] = ord("\n")
            out.write(text.tobytes())


def _fresh(arguments: list[str]) -> tuple[float, int]:
    """Wall seconds and peak RSS (bytes) of ``pokerscore ...`` in a fresh process."""
    command = [sys.executable, "-m", "pokerscore", *arguments, "--json"]
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if status:
        raise RuntimeError(f"{' '.join(command)} failed with status {status}")
    return seconds, usage.ru_maxrss * 1024


def _best(run: Callable[[], object], times: int = 2) -> float:
    best = float("inf")
    for _ in range(times):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def _peer_rates(path: Path) -> dict[str, float]:
    """Hands a second each peer reads from text lines and scores, one line at a time."""
    lines = path.read_text().splitlines()[:PEER_LINES]
    rates = {}
    import eval7

    def with_eval7() -> None:
        for line in lines:
            eval7.evaluate([eval7.Card(token) for token in line.split()])

    rates["eval7 Card() per card"] = len(lines) / _best(with_eval7)
    from pokerkit import StandardHighHand

    few = lines[: PEER_LINES // 10]

    def with_pokerkit() -> None:
        for line in few:
            StandardHighHand.from_game(line)

    rates["pokerkit from_game"] = len(few) / _best(with_pokerkit)
    return rates


def main() -> None:
    """Generate the files, time each path, print a Markdown table."""
    from pokerscore.engine import get_ranking
    from pokerscore.files.scoring import ScoreJob, score_file

    scale = float(os.environ.get("BENCH_FILES_SCALE", "1"))
    sizes = {
        "parquet": int(PARQUET_ROWS * scale),
        "text": int(TEXT_LINES * scale),
        "csv": int(TEXT_LINES * scale),
        "duel": int(DUEL_LINES * scale),
    }
    labels = {
        "parquet": "Parquet, 7 id columns → Parquet",
        "text": "text, 7 card strings a line → Parquet",
        "csv": "CSV, a column of card strings → Parquet",
        "duel": "`duel`, 10 cards a line (lines/s)",
    }
    print(
        f"machine: {platform.machine()} {platform.processor() or ''}, {os.cpu_count()} cores "
        "(shared with other jobs while measured: rates vary by ±30 % or more), "
        f"Python {platform.python_version()}\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        paths = {
            "parquet": Path(folder, "hands.parquet"),
            "text": Path(folder, "hands.txt"),
            "csv": Path(folder, "hands.csv"),
            "duel": Path(folder, "deals.txt"),
        }
        _write_parquet(paths["parquet"], sizes["parquet"])
        _write_text(paths["text"], sizes["text"])
        _write_text(paths["csv"], sizes["csv"], header=b"cards\n")
        _write_text(paths["duel"], sizes["duel"], cards=10)
        peers = _peer_rates(paths["text"])
        high = get_ranking("high")
        out = Path(folder, "scored.parquet")
        score_file(ScoreJob(paths["text"], high, out=out))  # compile and cache the kernels
        print(
            "| path | hands | in process hands/s | fresh process s | hands/s | target | peak RSS"
            " | " + " | ".join(f"vs {name}" for name in peers) + " |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|" + "---:|" * len(peers))
        for kind, path in paths.items():
            if kind == "duel":
                inside = float("nan")
                seconds, peak = min(_fresh(["duel", str(path)]) for _ in range(2))
            else:
                inside = sizes[kind] / _best(lambda p=path: score_file(ScoreJob(p, high, out=out)))
                seconds, peak = min(
                    _fresh(["batch", str(path), "--out", str(out)]) for _ in range(2)
                )
            rate = sizes[kind] / seconds
            best = max(rate, 0 if inside != inside else inside)
            ratios = " | ".join(f"{best / peer:,.0f}x" for peer in peers.values())
            inside_text = "" if inside != inside else f"{inside / 1e6:.1f} M"
            print(
                f"| {labels[kind]} | {sizes[kind]:,} | {inside_text} | {seconds:.2f} |"
                f" {rate / 1e6:.1f} M | {TARGETS[kind] / 1e6:.0f} M | {peak / 2**20:,.0f} MiB |"
                f" {ratios} |"
            )
        print(
            "\npeers, reading and scoring the same text lines one by one in this process: "
            + ", ".join(f"{name} {rate:,.0f} hands/s" for name, rate in peers.items())
        )


if __name__ == "__main__":
    main()
