"""The site readers (``pokerscore.histories.sites``, and PokerStars' skins): hands/s in one
process, read (``read_histories``) and read and replayed (``history_results``), on each site's
test fixture repeated into one file in the site's own encoding (``BENCH_SITES_REPEAT`` times,
default 2,000). Figures: ``benchmarks/histories.md`` ("Site readers"); the 50,000 hands/s goal
is for a later fast path.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from benchmarks.bench_engine import machine

DATA = Path(__file__).parents[1] / "tests" / "data" / "histories" / "sites"
FIXTURES = {
    "starsskin": (DATA / "stars" / "pokermaster.txt", "utf-8"),
    "fulltilt": (DATA / "fulltilt" / "mixed-utf16.txt", "utf-16"),
    "ggpoker": (DATA / "ggpoker" / "cash.txt", "utf-8"),
    "winamax": (DATA / "winamax" / "mixed.txt", "utf-8"),
}


def rates(name: str, folder: Path, repeat: int) -> tuple[int, float, float]:
    """Hands (read or refused), and hands/s read and read and replayed."""
    from pokerscore.histories.reading import history_results, read_histories

    source, encoding = FIXTURES[name]
    text = source.read_text(encoding=encoding).rstrip("\n") + "\n\n\n"
    path = folder / f"{name}.txt"
    path.write_text(text * repeat, encoding=encoding)
    start = time.perf_counter()
    hands = sum(1 for _ in read_histories(path))
    read = hands / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in history_results(path, on_error=lambda error: None):
        pass
    replayed = hands / (time.perf_counter() - start)
    return hands, read, replayed


def main() -> None:
    repeat = int(os.environ.get("BENCH_SITES_REPEAT", "2000"))
    print(f"Machine: {machine()}; load {os.getloadavg()[0]:.1f}")
    print("| format | hands | read hands/s | read and replayed hands/s |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for name in FIXTURES:
            hands, read, replayed = rates(name, Path(folder), repeat)
            print(f"| {name} | {hands:,} | {read:,.0f} | {replayed:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
