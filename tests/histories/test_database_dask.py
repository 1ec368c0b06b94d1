"""An import on Dask (``import_histories(..., client=...)``, ``histories import --workers``): the
parts run as the plain run's, staged as Parquet beside the database and added by DuckDB in bulk
give the database an import in one process gives; incremental, atomic (a failing part leaves
the database as it was, and no staged file), the staging folder removed.

Most tests run the parts on a stand-in client (the tasks run here, as ``test_runs`` does), the
files cut into parts of a few kB and added a few parts at a time, so that keys repeat across
parts and additions; one runs them on two real workers."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb
import pytest

from pokerscore._support.tasks import run_tasks as real_run_tasks
from pokerscore.histories import database as module
from pokerscore.histories import running
from pokerscore.histories.database import import_histories, report_histories
from tests.histories.test_database import BUNDLED, _counts, _overlapping, _tables
from tests.histories.test_runs import DATA, SHARED, run_command
from tests.shared_sample import needs_sample

if TYPE_CHECKING:
    from distributed import Client

STAND_IN: Any = object()
"""A client whose tasks run in this process (``running.run_tasks`` patched)."""


def _here(client: object, function: Any, arguments: Any, *, retries: int = 0) -> Any:
    """The tasks in this process, the last to finish first (the parts still come in order)."""
    yield from reversed(list(real_run_tasks(None, function, arguments, retries=retries)))


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parts of 3 kB, added about 9 kB at a time, on the stand-in client."""
    monkeypatch.setattr(running, "run_tasks", _here)
    monkeypatch.setattr(running, "PART_BYTES", 3000)
    monkeypatch.setattr(module, "GROUP_BYTES", 9000)


def _sources(folder: Path) -> list[Path]:
    """Overlapping PokerStars files (ten hands in two files, all fifty in a third), PHH files
    with and without venues (keys by site and id, and by the file's bytes and number), bad
    hands, a file that is no hand history."""
    from benchmarks.histories_data import phhs_tables

    first, second, whole = _overlapping(folder)
    generated = folder / "generated.phhs"
    generated.write_text("".join(phhs_tables(60, seed=29)), encoding="utf-8")
    return [first, second, generated, DATA / "actions.phhs", DATA / "malformed.phhs", BUNDLED,
            whole]  # fmt: skip


def _sums(database: Path) -> list[list[tuple[object, ...]]]:
    """The reports' sums, each key once (merged), the money's sums to 1e-9 (added in another
    order: the last digits differ)."""
    with duckdb.connect(str(database), read_only=True) as con:
        return [
            [
                tuple(round(value, 9) if isinstance(value, float) else value for value in row)
                for row in con.execute(f"SELECT * FROM {table} ORDER BY ALL").fetchall()
            ]
            for table in ("player_sums", "hand_counts")
        ]


def _staged_left(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.endswith(".import"))


def test_an_import_on_dask_gives_the_database_of_one_process(
    tmp_path: Path, stand_in: None
) -> None:
    sources = _sources(tmp_path)
    one = import_histories(sources, database=tmp_path / "one.duckdb")
    told: list[tuple[int, int]] = []
    spread = import_histories(
        sources,
        database=tmp_path / "spread.duckdb",
        client=STAND_IN,
        progress=lambda done, files: told.append((done, files)),
    )
    assert spread.as_json() == one.as_json()
    assert one.hands == one.added > 200 and one.bad > 0 and one.errors
    assert _tables(tmp_path / "spread.duckdb") == _tables(tmp_path / "one.duckdb")
    assert _sums(tmp_path / "spread.duckdb") == _sums(tmp_path / "one.duckdb")
    assert told == [(done, len(sources)) for done in range(1, len(sources) + 1)]
    assert report_histories(database=tmp_path / "spread.duckdb").as_json() == (
        report_histories(database=tmp_path / "one.duckdb").as_json()
    )
    assert _staged_left(tmp_path) == []


def test_an_import_on_dask_adds_only_what_the_database_lacks(
    tmp_path: Path, stand_in: None
) -> None:
    """Into a database that holds some of the hands: each hand added once, the tables those
    of one import of all; the same files again add nothing."""
    first, second, whole = _overlapping(tmp_path)
    both = tmp_path / "both.duckdb"
    import_histories([first, second], database=both)
    apart = tmp_path / "apart.duckdb"
    assert import_histories([first], database=apart, client=STAND_IN).added == 30
    later = import_histories([second, whole], database=apart, client=STAND_IN)
    assert (later.hands, later.added) == (50, 20)
    assert _tables(apart) == _tables(both)
    again = import_histories([whole, first, second], database=apart, client=STAND_IN)
    assert (again.hands, again.added) == (50, 0)
    assert _tables(apart) == _tables(both)


def test_a_failing_part_leaves_the_database_as_it_was(
    tmp_path: Path, stand_in: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A part that fails on its worker once others were added: the database as before the
    import, the staged parts removed; the next import adds them all."""
    sources = _sources(tmp_path)
    path = tmp_path / "hands.duckdb"
    held = import_histories([DATA / "actions.phhs"], database=path).added
    whole = import_histories(sources, database=tmp_path / "whole.duckdb").added
    before = _tables(path)
    ran: list[int] = []

    def failing(client: object, function: Any, arguments: Any, *, retries: int = 0) -> Any:
        for index, (task,) in enumerate(arguments):
            ran.append(index)
            if index == 12:
                raise OSError("the worker's disk is full")
            yield index, function(task)

    monkeypatch.setattr(running, "run_tasks", failing)
    with pytest.raises(OSError, match="the worker's disk is full"):
        import_histories(sources, database=path, client=STAND_IN)
    assert len(ran) == 13 and _tables(path) == before and _staged_left(tmp_path) == []
    monkeypatch.setattr(running, "run_tasks", _here)
    assert import_histories(sources, database=path, client=STAND_IN).added == whole - held


def test_the_import_command_runs_on_the_workers_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stand_in: None
) -> None:
    """``histories import --workers N`` opens the client as a plain run does and hands it to
    the import (no cluster started: the client is a stand-in)."""
    from pokerscore._support import tasks

    opened: list[object] = []

    @contextlib.contextmanager
    def fake(scheduler: object, workers: int | None, *, on_lowered: object) -> Iterator[object]:
        opened.append((scheduler, workers))
        yield STAND_IN

    monkeypatch.setattr(tasks, "dask_client", fake)
    given: list[object] = []
    imported = module.import_histories

    def counted(*args: Any, **options: Any) -> Any:
        given.append(options["client"])
        return imported(*args, **options)

    monkeypatch.setattr(module, "import_histories", counted)
    path = tmp_path / "hands.duckdb"
    status, out, _ = run_command("import", str(BUNDLED), "--db", str(path), "--workers", "2")
    assert status == 0 and opened == [(None, 2)] and given == [STAND_IN]
    assert "150 added" in out and _counts(path)[0] == 150
    status, out, _ = run_command("import", str(BUNDLED), "--db", str(path))
    assert status == 0 and given == [STAND_IN, None] and "0 added" in out
    status, _, err = run_command(
        "import", str(BUNDLED), "--db", str(path), "--workers", "2", "--scheduler", "x:1"
    )
    assert status == 2 and "--workers sizes a local cluster" in err
    status, _, err = run_command("report", "--db", str(path), "--workers", "2")
    assert status == 2 and "--workers is for a plain run" in err


@needs_sample
@pytest.mark.cluster
@pytest.mark.xdist_group("dask workers")  # tests/conftest.py's two_dask_workers
def test_an_import_on_two_workers_gives_the_database_of_one_process(
    tmp_path: Path, two_dask_workers: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    shared = shutil.copytree(SHARED / "pokerstars", tmp_path / "pokerstars")
    sources = [*_sources(tmp_path), shared]
    one = import_histories(sources, database=tmp_path / "one.duckdb")
    monkeypatch.setattr(module, "GROUP_BYTES", 200_000)  # the main process's: a few additions
    spread = import_histories(sources, database=tmp_path / "spread.duckdb", client=two_dask_workers)
    assert spread.as_json() == one.as_json() and one.added > 250
    assert _tables(tmp_path / "spread.duckdb") == _tables(tmp_path / "one.duckdb")
    assert _staged_left(tmp_path) == []
    with duckdb.connect(str(tmp_path / "spread.duckdb"), read_only=True) as con:
        seqs = con.execute("SELECT min(seq), max(seq), count(*) FROM hands").fetchone()
    assert seqs == (1, one.added, one.added)
