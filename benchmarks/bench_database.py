"""A database of hands: importing generated hands against the plain run on the same file, and a
report with a filter over a database grown to the size of the public PHH data set.

``python -m benchmarks bench_database``; ``BENCH_DATABASE_HANDS`` (default 100,000) hands are
generated (``benchmarks/histories_data.py``, seed 7) into ``BENCH_DATABASE_DATA`` (default a
temporary folder). Each run is a fresh process of the command line, timed on the wall clock and
in CPU seconds (user and system, the child's); the plain run and the import into a new database
alternate for ``BENCH_DATABASE_ROUNDS`` (default 3) rounds, as a shared host's load moves. The
report's database is
the imported one with its rows copied under new hand keys until it holds
``BENCH_DATABASE_REPORT_HANDS`` (default 21,600,000) hands: the query's work is the rows', and
copies cost what new hands would.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.histories_data import write_phhs

FILTER = "position = 'BTN' and stakes = '0.5/1'"


def _command(*args: str) -> tuple[float, float, dict[str, object]]:
    """The command in a fresh process: wall clock, CPU seconds (user and system), its JSON."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", "from pokerscore.cli.app import main; main()", *args, "--json"],
        capture_output=True,
        check=True,
        text=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, json.loads(done.stdout)


def _grow(database: Path, hands: int) -> int:
    """Copy the rows under new keys until the database holds about ``hands`` hands."""
    import duckdb

    with duckdb.connect(str(database)) as con:
        have = con.execute("SELECT count(DISTINCT seq) FROM rows").fetchone()[0]  # type: ignore[index]
        copies = max(1, hands // have)
        top = con.execute("SELECT max(seq) FROM rows").fetchone()[0]  # type: ignore[index]
        con.execute(
            "INSERT INTO rows SELECT r.* REPLACE (r.hand_key || '#' || c AS hand_key, "
            "r.seq + c * ? AS seq) FROM rows r, range(1, ?) AS copies(c)",
            [top, copies],
        ).fetchall()
        con.execute("CHECKPOINT").fetchall()
        return int(have * copies)


def main() -> None:
    hands = int(os.environ.get("BENCH_DATABASE_HANDS", 100_000))
    target = int(os.environ.get("BENCH_DATABASE_REPORT_HANDS", 21_600_000))
    folder = Path(os.environ.get("BENCH_DATABASE_DATA") or tempfile.mkdtemp())
    source = folder / f"database-{hands}.phhs"
    if not source.exists():
        write_phhs(source, hands, seed=7)
    database = folder / "hands.duckdb"
    rounds = int(os.environ.get("BENCH_DATABASE_ROUNDS", 3))
    for round_ in range(1, rounds + 1):
        print(f"round {round_}, load: {os.getloadavg()}")
        wall, plain, found = _command("histories", str(source))
        print(f"  plain run: {found['hands']:,} hands in {wall:.1f} s, {plain:.2f} s CPU")
        database.unlink(missing_ok=True)
        wall, cpu, found = _command("histories", "import", str(source), "--db", str(database))
        print(f"  import: {found['added']:,} hands in {wall:.1f} s, {cpu:.2f} s CPU "
              f"({cpu / plain:.2f} x the plain run's CPU)")  # fmt: skip
    wall, cpu, found = _command("histories", "import", str(source), "--db", str(database))
    print(f"import again: {found['added']:,} added in {wall:.1f} s, {cpu:.2f} s CPU")
    if os.environ.get("BENCH_DATABASE_REPORT_HANDS") == "0":
        return
    big = folder / "grown.duckdb"
    shutil.copy(database, big)
    grown = _grow(big, target)
    for _ in range(3):
        seconds, _, found = _command("histories", "report", "--db", str(big), "--where", FILTER)
        print(f"report over {grown:,} hands, --where {FILTER!r}: {seconds:.2f} s "
              f"({found['hands']:,} hands kept)")  # fmt: skip
    print(f"load: {os.getloadavg()}")


if __name__ == "__main__":
    main()
