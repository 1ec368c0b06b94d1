"""Range parsing (issue 21 §5): Omaha ranges of every syntax form, and top-X % hold'em ranges.

Each text is parsed ``ROUNDS`` times in this process (Numba's kernels loaded by a first call
that is not timed); the median, best and worst call are reported. The first call in a fresh
process (Numba's cache warm) is measured apart, in ``FRESH`` processes. No peer reads Omaha
ranges in this syntax (pokerkit's issue 21 asks for it), so there is no ratio.

Writes ``benchmarks/ranges.md``.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.bench_engine import load, machine
from pokerscore import parse_range

RESULTS = Path(__file__).with_name("ranges.md")
ROUNDS = 15
FRESH = 5
OMAHA = (
    "AA**",
    "AxKxQyJy",
    "AsKhJd2c",
    "ds",
    "rainbow",
    "wxyz",
    "[A-T][A-T][A-T][A-T]",
    "AA!AAA",
    "AA:ds, KKQQ, !AAA",
    "0.5(AA, KK), QQ:0.25, JJTT, 99xx, [A-T]x[A-T]x",
    "random",
)
BIGGER = (("AA", 5), ("xxyy", 5), ("AxKxQyJy", 5), ("AA", 6), ("AxKxQyJy", 6))
HOLDEM = ("15%", "5%-20%", "QQ+, AKs, 10%")


def timed(text: str, hole_cards: int) -> tuple[float, float, float, int]:
    """Median, best and worst seconds of one parse, and the combos."""
    size = len(parse_range(text, hole_cards=hole_cards))  # loads the kernels
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        parse_range(text, hole_cards=hole_cards)
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), max(times), size


def fresh() -> list[float]:
    """Seconds of the first Omaha parse in a fresh process (imports not counted)."""
    code = (
        "import time; from pokerscore import parse_range; import numpy, numba; "
        "s = time.perf_counter(); parse_range('AA:ds, KKQQ', hole_cards=4); "
        "print(time.perf_counter() - s)"
    )
    return [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(FRESH)
    ]


def main() -> None:
    rows = [
        "| range | cards | combos | median ms | best-worst ms |",
        "| --- | --- | --- | --- | --- |",
    ]
    before = load()
    cases = [(text, 4) for text in OMAHA] + list(BIGGER) + [(text, 2) for text in HOLDEM]
    for text, cards in cases:
        median, best, worst, size = timed(text, cards)
        rows.append(
            f"| `{text}` | {cards} | {size:,} | {median * 1e3:.1f} | "
            f"{best * 1e3:.1f}-{worst * 1e3:.1f} |"
        )
        print(rows[-1], flush=True)
    first = fresh()
    after = load()
    text = "\n".join(
        [
            "# Range parsing",
            "",
            f"Machine: {machine()}; load average {before:.1f} before, {after:.1f} after "
            "(a shared host: other jobs ran).",
            "",
            f"Each parse {ROUNDS} times in one process after a first, untimed call "
            "(`python -m benchmarks bench_ranges`).",
            "",
            *rows,
            "",
            f"First Omaha parse in a fresh process (imports of NumPy and Numba not counted, "
            f"Numba's cache warm), {FRESH} processes: median {statistics.median(first) * 1e3:.0f} "
            f"ms, {min(first) * 1e3:.0f}-{max(first) * 1e3:.0f} ms (loading the cached kernels).",
            "",
        ]
    )
    RESULTS.write_text(text, encoding="utf-8")
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
