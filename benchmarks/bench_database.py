"""A database of hands: importing generated hands against the plain run on the same file, and a
report with a filter over a database grown to the size of the public PHH data set;
``python -m benchmarks.bench_database held``: an import's files into a database that holds many
hands (:func:`held`); ``python -m benchmarks.bench_database report``: the report over a database
one has, checkouts alternating (:func:`report`).

``python -m benchmarks bench_database``; ``BENCH_DATABASE_HANDS`` (default 100,000) hands are
generated (``benchmarks/histories_data.py``, seed 7) into ``BENCH_DATABASE_DATA`` (default a
temporary folder). Each run is a fresh process of the command line, timed on the wall clock and
in CPU seconds (user and system, the child's); the plain run (without and with ``--out``, the
rows written as README's figure of the whole set does) and the import into a new database
alternate for ``BENCH_DATABASE_ROUNDS`` (default 3) rounds, as a shared host's load moves;
with ``BENCH_DATABASE_WORKERS=N`` the plain runs and the import run on a local cluster of N
workers (``--workers N``: the process tree's CPU), and the import in one process beside them.
The report's database is
the imported one with its hands and players' rows copied under new hand keys until it holds
``BENCH_DATABASE_REPORT_HANDS`` (default 21,600,000) hands: the query's work is the rows', and
copies cost what new hands would.
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.histories_data import write_phhs
from pokerscore.histories.report_sums import FIGURES

FILTER = "position = 'BTN' and stakes = '0.5/1'"
"""The issue's filter: over the sums' keys (the report reads the sums)."""
ROWS_FILTER = "position = 'BTN' and net > 0"
"""A filter naming a column the sums do not keep: the report reads every row."""


def _command(*args: str) -> tuple[float, float, dict[str, object]]:
    """The command in a fresh process: wall clock, CPU seconds (user and system), its JSON."""
    wall, cpu, text = _command_text(*args)
    return wall, cpu, json.loads(text)


def _command_text(*args: str, source: str | None = None) -> tuple[float, float, str]:
    """The command in a fresh process (pokerscore from ``source``, a checkout's ``src``, where
    given), Python's bytecode cache on as users have it: wall clock, CPU seconds (user and
    system), its JSON's text."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if source is not None:
        environment["PYTHONPATH"] = source
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", "from pokerscore.cli.app import main; main()", *args, "--json"],
        capture_output=True,
        check=True,
        text=True,
        env=environment,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout


def _grow(database: Path, hands: int) -> int:
    """Copy the hands and their players' rows under new keys until the database holds about
    ``hands`` hands (layout 6: ``rows`` is a view of the two)."""
    import duckdb

    with duckdb.connect(str(database)) as con:
        have = con.execute("SELECT count(*) FROM hands").fetchone()[0]  # type: ignore[index]
        copies = max(1, hands // have)
        top = con.execute("SELECT max(seq) FROM hands").fetchone()[0]  # type: ignore[index]
        con.execute(
            "INSERT INTO hands SELECT h.* REPLACE (h.hand_key || '#' || c AS hand_key, "
            "h.seq + c * ? AS seq) FROM hands h, range(1, ?) AS copies(c)",
            [top, copies],
        ).fetchall()
        con.execute(
            "INSERT INTO players SELECT p.* REPLACE (p.seq + c * ? AS seq) "
            "FROM players p, range(1, ?) AS copies(c)",
            [top, copies],
        ).fetchall()
        # each key's sums as an import of the copies would leave them: times the copies
        figures = ", ".join(f'"{name}" = "{name}" * {copies}' for name, _, _ in FIGURES)
        con.execute(f"UPDATE player_sums SET {figures}").fetchall()
        con.execute(f"UPDATE hand_counts SET hands = hands * {copies}").fetchall()
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
    # BENCH_DATABASE_WORKERS=N: the plain runs and the import on a local cluster of N workers
    # (the rows out a dataset), and the import in one process beside them
    workers = os.environ.get("BENCH_DATABASE_WORKERS")
    spread = ["--workers", workers] if workers else []
    for round_ in range(1, rounds + 1):
        print(f"round {round_}, load: {os.getloadavg()}")
        wall, plain, found = _command("histories", str(source), *spread)
        print(f"  plain run: {found['hands']:,} hands in {wall:.1f} s, {plain:.2f} s CPU")
        rows = folder / ("rows" if workers else "rows.parquet")  # README's figure: rows out
        shutil.rmtree(rows, ignore_errors=True)
        rows.unlink(missing_ok=True)
        wall, out, found = _command("histories", str(source), "--out", str(rows), *spread)
        print(f"  plain run, rows out: {wall:.1f} s, {out:.2f} s CPU")
        for where in (spread, []) if workers else (spread,):
            database.unlink(missing_ok=True)
            wall, cpu, found = _command(
                "histories", "import", str(source), "--db", str(database), *where
            )
            print(f"  import{' on the workers' if where else ''}: {found['added']:,} hands in "
                  f"{wall:.1f} s, {cpu:.2f} s CPU ({cpu / plain:.2f} x the plain run's CPU, "
                  f"{cpu / out:.2f} x with the rows out)")  # fmt: skip
    wall, cpu, found = _command("histories", "import", str(source), "--db", str(database), *spread)
    print(f"import again: {found['added']:,} added in {wall:.1f} s, {cpu:.2f} s CPU")
    if os.environ.get("BENCH_DATABASE_REPORT_HANDS") == "0":
        return
    big = folder / "grown.duckdb"
    shutil.copy(database, big)
    grown = _grow(big, target)
    for _, where in itertools.product(range(3), (FILTER, ROWS_FILTER)):
        seconds, cpu, found = _command("histories", "report", "--db", str(big), "--where", where)
        print(f"report over {grown:,} hands, --where {where!r}: {seconds:.2f} s, {cpu:.2f} s CPU "
              f"({found['hands']:,} hands kept)")  # fmt: skip
    print(f"load: {os.getloadavg()}")


def _grow_hands(database: Path, hands: int) -> int:
    """Copy the ``hands`` rows under new keys until the table holds about ``hands`` (the
    duplicate check reads no other table)."""
    import duckdb

    with duckdb.connect(str(database)) as con:
        have = con.execute("SELECT count(*) FROM hands").fetchone()[0]  # type: ignore[index]
        top = con.execute("SELECT max(seq) FROM hands").fetchone()[0]  # type: ignore[index]
        con.execute(
            "INSERT INTO hands SELECT h.* REPLACE (h.hand_key || '#' || c AS hand_key, "
            "h.seq + c * ? AS seq) FROM hands h, range(1, ?) AS copies(c)",
            [top, max(1, hands // have)],
        ).fetchall()
        con.execute("CHECKPOINT").fetchall()
        return int(con.execute("SELECT count(*) FROM hands").fetchone()[0])  # type: ignore[index]


def _ticker(times: list[float]) -> Callable[[int, int], None]:
    """A progress callback that notes the clock at each file's end."""
    return lambda done, of: times.append(time.perf_counter())


def held() -> None:
    """Issue 29: an import of ``BENCH_HELD_FILES`` (default 20) generated PHH files of 1,000
    hands each into a new database and into databases already holding ``BENCH_HELD_HANDS``
    (default 200,000 and 2,000,000; a 10,000-hand import grown by :func:`_grow_hands`), in
    this process after a warm-up: each file's seconds (a file is a block: its keys looked up
    once), as the progress callback sees them."""
    from benchmarks.histories_data import write_phhs
    from pokerscore.histories.database import import_histories

    files = int(os.environ.get("BENCH_HELD_FILES", 20))
    sizes = [int(n) for n in os.environ.get("BENCH_HELD_HANDS", "200000,2000000").split(",")]
    folder = Path(tempfile.mkdtemp())
    sources = [folder / f"block-{k:02}.phhs" for k in range(files)]
    for k, path in enumerate(sources):
        write_phhs(path, 1000, seed=100 + k, first=1000 * k + 1)
    seed_file = folder / "held.phhs"
    write_phhs(seed_file, 10_000, seed=99, first=1000 * files + 1)  # other hand ids
    import_histories([sources[0]], database=folder / "warm.duckdb")  # compiled, cached
    base = folder / "base.duckdb"
    import_histories([seed_file], database=base)
    for size in [0, *sizes]:
        database = folder / f"held-{size}.duckdb"
        holds = 0
        if size:
            shutil.copy(base, database)
            holds = _grow_hands(database, size)
        times = [time.perf_counter()]
        started = time.process_time()
        found = import_histories(sources, database=database, progress=_ticker(times))
        cpu = time.process_time() - started
        each = sorted(b - a for a, b in itertools.pairwise(times))
        print(f"into {holds:>9,} hands: {found.added:,} added, {times[-1] - times[0]:.2f} s wall, "
              f"{cpu:.2f} s CPU; a file {each[0]:.3f} to {each[-1]:.3f} s, median "
              f"{each[len(each) // 2]:.3f} s (load {os.getloadavg()[0]:.1f})")  # fmt: skip
        if size:
            _lookups(database)
    shutil.rmtree(folder, ignore_errors=True)


def _lookups(database: Path, block: int = 1000, repeats: int = 5) -> None:
    """The duplicate check alone for a block of ``block`` keys (half held, half new), the
    median of ``repeats``: the join the import ran before for every block, and the held keys'
    lookup (read once an import, then looked up block by block)."""
    import statistics

    import duckdb
    import pyarrow as pa

    from pokerscore.histories.database import _HeldKeys

    with duckdb.connect(str(database), read_only=True) as con:
        held = [
            key
            for (key,) in con.execute(f"SELECT hand_key FROM hands LIMIT {block // 2}").fetchall()
        ]
        keys = held + [f"new|{n}" for n in range(block - len(held))]
        joins, looks = [], []
        for _ in range(repeats):
            started = time.perf_counter()
            con.register("pending_keys", pa.table({"hand_key": pa.array(keys, pa.string())}))
            found = con.execute(
                "SELECT p.hand_key FROM pending_keys p JOIN hands h USING (hand_key)"
            ).fetchall()
            con.unregister("pending_keys")
            joins.append(time.perf_counter() - started)
            assert len(found) == len(held)
        started = time.perf_counter()
        lookup = _HeldKeys(con)
        read = time.perf_counter() - started
        for _ in range(repeats):
            started = time.perf_counter()
            assert len(lookup.new(con, keys)) == block - len(held)
            looks.append(time.perf_counter() - started)
    print(f"  a block of {block:,} keys: the join {statistics.median(joins) * 1000:.0f} ms, "
          f"the held keys' lookup {statistics.median(looks) * 1000:.1f} ms (read once: "
          f"{read:.2f} s; load {os.getloadavg()[0]:.1f})")  # fmt: skip


def report() -> None:
    """Issue 29 §3: ``histories report --json`` over ``BENCH_REPORT_DATABASE`` (a database
    imported already), each filter (:data:`FILTER`, over the sums; :data:`ROWS_FILTER`, every
    row) in fresh processes of each checkout of ``BENCH_REPORT_SOURCES`` (their ``src``
    folders, ``:``-separated; default this process's pokerscore) in turn, round by round for
    ``BENCH_REPORT_ROUNDS`` (default 5) rounds as a shared host's load moves: CPU and wall of
    each, the load, and whether each filter's JSON was the same text every time."""
    import hashlib
    import statistics

    import pokerscore

    database = os.environ["BENCH_REPORT_DATABASE"]
    sources = os.environ.get("BENCH_REPORT_SOURCES", str(Path(pokerscore.__file__).parents[1]))
    rounds = int(os.environ.get("BENCH_REPORT_ROUNDS", 5))
    for where in (FILTER, ROWS_FILTER):
        print(f"--where {where!r}")
        found: dict[str, list[tuple[float, float]]] = {}
        texts: dict[str, set[str]] = {}
        for round_ in range(1, rounds + 1):
            line = [f"  round {round_} (load {os.getloadavg()[0]:.1f})"]
            for source in sources.split(":"):
                wall, cpu, text = _command_text(
                    "histories", "report", "--db", database, "--where", where, source=source
                )
                found.setdefault(source, []).append((cpu, wall))
                texts.setdefault(source, set()).add(hashlib.sha256(text.encode()).hexdigest())
                line.append(f"{source}: {cpu:.3f} s CPU, {wall:.2f} s wall")
            print("; ".join(line), flush=True)
        for source, times in found.items():
            cpus = sorted(cpu for cpu, _ in times)
            walls = sorted(wall for _, wall in times)
            print(f"  {source}: CPU {cpus[0]:.3f} to {cpus[-1]:.3f} s (median "
                  f"{statistics.median(cpus):.3f}), wall {walls[0]:.2f} to {walls[-1]:.2f} s, "
                  f"{len(texts[source])} distinct JSON texts")  # fmt: skip
        every = set().union(*texts.values())
        print(f"  the same JSON from every checkout: {len(every) == 1}")


if __name__ == "__main__":
    {"held": held, "report": report}.get(sys.argv[1] if sys.argv[1:] else "", main)()
