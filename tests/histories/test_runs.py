"""Runs over hand-history files: outputs that are inputs refused, hands past the size limit,
Parquet datasets written part by part, dead runs' staging folders removed, and the results of a
run cut into many parts (in this process and on Dask) equal to those of one pass."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pokerscore._support.atomic import host_tag, temporary_path
from pokerscore._support.tasks import cores, local_workers
from tests.shared_sample import HAND_HISTORIES, needs_sample

if TYPE_CHECKING:
    from distributed import Client

SHARED = HAND_HISTORIES
DATA = Path(__file__).parents[1] / "data" / "histories"


def run_command(*args: str) -> tuple[int, str, str]:
    from pokerscore.cli.app import app
    from tests.cli_runner import separate_streams_runner

    result = separate_streams_runner().invoke(app, ["histories", *args])
    return result.exit_code, result.stdout, result.stderr


def _rows(path: Path) -> list[dict[str, object]]:
    import pyarrow.parquet as pq

    return pq.read_table(path).to_pylist()  # type: ignore[no-any-return]


@pytest.mark.parametrize("option", ["--out", "--plot"])
def test_an_output_that_is_an_input_is_refused(option: str, tmp_path: Path) -> None:
    """``histories mine.phhs --out mine.phhs`` wrote over its input (the hands lost, exit 0)."""
    mine = tmp_path / "mine.phhs"
    mine.write_bytes((DATA / "actions.phhs").read_bytes())
    before = mine.read_bytes()
    extra = ["--player", "Sam"] if option == "--plot" else []
    status, stdout, stderr = run_command(str(tmp_path), option, str(mine), *extra)
    assert (status, stdout) == (2, "")
    assert stderr == f"error: {option} is the input file {mine}: it is not replaced\n"
    assert mine.read_bytes() == before


def test_a_hand_past_the_limit_is_a_bad_hand_with_its_place(tmp_path: Path) -> None:
    """A .phh of one 2 MiB token was read whole (a 2 GiB one took 3 GiB); now a hand past
    1 MiB is a bad hand, and the hands around it in a .phhs are read."""
    from pokerscore.histories.running import analyse_histories

    (tmp_path / "huge.phh").write_bytes(b"variant = '" + b"N" * (2 << 20) + b"'\n")
    good = (DATA / "actions.phhs").read_text()
    (tmp_path / "mixed.phhs").write_text(
        "[1]\nvariant = '" + "x" * (2 << 20) + "'\n\n" + good.replace("[1]", "[7]", 1)
    )
    summary = analyse_histories([tmp_path / "huge.phh", tmp_path / "mixed.phhs"])
    assert [(bad.file, bad.hand, bad.line) for bad in summary.errors] == [
        (str(tmp_path / "huge.phh"), 1, 1),
        (str(tmp_path / "mixed.phhs"), 1, 1),
    ]
    assert all(
        "a hand of more than 1,048,576 bytes: not read" in bad.message for bad in summary.errors
    )
    alone = analyse_histories([DATA / "actions.phhs"])
    assert summary.hands == alone.hands and summary.bad == 2


def test_workers_are_bounded_by_the_cores() -> None:
    """``--workers 40`` on 2 cores started 40 processes (2.8 GB)."""
    assert local_workers(40 * cores()) == cores()
    assert local_workers(1) == 1
    assert local_workers(None) == cores()


def test_a_dataset_in_this_process_and_dead_runs_staging_removed(tmp_path: Path) -> None:
    """A run killed with --out left its staging folder forever: now staging folders are named
    as the atomic writes' temporaries, and the next run removes those of dead processes."""
    from pokerscore.histories.running import analyse_histories

    out = tmp_path / "rows"
    dead = 2**22 + 12345  # above Linux's default pid_max: no such process
    leftover = out.with_name(f".{out.name}.{dead}.{host_tag()}.staging")
    leftover.mkdir()
    (leftover / "part-00000.parquet").write_bytes(b"half")
    seen: list[list[str]] = []

    def progress(done: int, total: int) -> None:
        seen.append(sorted(path.name for path in tmp_path.iterdir()))

    sources = [DATA / "actions.phhs", DATA / "side-pots.phhs", DATA / "malformed.phhs"]
    summary = analyse_histories(sources, out=out, out_form="dataset", progress=progress)
    staging = temporary_path(out, "staging").name
    assert seen and all(names == [staging] for names in seen)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["rows"]
    parts = sorted(path.name for path in out.iterdir())
    assert parts and all(re.fullmatch(r"part-\d{5}\.parquet", name) for name in parts)
    whole = analyse_histories(sources, out=tmp_path / "whole.parquet")
    assert _rows(out) == _rows(tmp_path / "whole.parquet")
    assert summary.as_json() == whole.as_json()


def test_a_dataset_replaces_only_a_dataset(tmp_path: Path) -> None:
    from pokerscore.files.finding import OutputPathError
    from pokerscore.histories.running import analyse_histories

    out = tmp_path / "rows"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    with pytest.raises(OutputPathError, match="a folder this program did not write"):
        analyse_histories([DATA / "actions.phhs"], out=out, out_form="dataset")
    assert (out / "notes.txt").read_text() == "mine"


def test_parts_cut_anywhere_number_hands_and_lines_as_one_pass(tmp_path: Path) -> None:
    """Tiny parts (each finds its own hands): the same rows, bad hands and lines as whole files,
    as a file and as a dataset."""
    from pokerscore.histories.running import analyse_histories

    junk = tmp_path / "junk-first.phhs"  # text before the first table: one bad hand, then hands
    junk.write_text("not a table\n" + (DATA / "side-pots.phhs").read_text())
    sources = [DATA / "pokerstars-shapes.txt", DATA / "malformed.phhs", junk, DATA / "actions.phhs"]
    whole = analyse_histories(sources, out=tmp_path / "whole.parquet", follow="Hero")
    assert any("text before the first [n] table" in bad.message for bad in whole.errors)
    assert whole.hands > analyse_histories(sources[:2] + sources[3:]).hands
    for form in ("file", "dataset"):
        cut = analyse_histories(
            sources, out=tmp_path / form, out_form=form, follow="Hero", part_bytes=700
        )
        assert _rows(tmp_path / form) == _rows(tmp_path / "whole.parquet")
        assert cut.as_json() == whole.as_json()
        assert cut.series == whole.series


def test_without_allin_ev_no_path_values_an_all_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``allin_ev=False``: the kernels' rows value no all-in, as the reference path's do (the
    kernels' columns once valued every all-in whatever the flag)."""
    from pokerscore.histories.reading import REFERENCE_ONLY
    from pokerscore.histories.running import analyse_histories

    sources = [DATA / "side-pots.phhs", DATA / "pokerstars-shapes.txt"]
    analyse_histories(sources, out=tmp_path / "valued.parquet")
    assert any(row["allin_ev"] is not None for row in _rows(tmp_path / "valued.parquet"))
    plain = analyse_histories(sources, out=tmp_path / "plain.parquet", allin_ev=False)
    rows = _rows(tmp_path / "plain.parquet")
    assert all(row["allin_ev"] is None and row["allin_street"] is None for row in rows)
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    reference = analyse_histories(sources, out=tmp_path / "reference.parquet", allin_ev=False)
    assert _rows(tmp_path / "reference.parquet") == rows
    assert reference.as_json() == plain.as_json()


def test_parts_finishing_in_reverse_order_give_the_rows_and_figures_of_one_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race the flaky Dask test below was suspected of (issue 32): every part of a run
    finishing after the parts behind it, on a stand-in client (the tasks run here, their
    results handed over last first). The dataset's rows are in file order by their parts'
    names, one file's by the order the parts are appended in, the figures by the order they
    are added in: none of them depends on when a part finishes."""
    from pokerscore._support.tasks import run_tasks as real
    from pokerscore.histories import running

    def last_first(client: object, function: Any, arguments: Any, *, retries: int = 0) -> Any:
        finished = list(real(None, function, arguments, retries=retries))
        assert len(finished) > 2
        yield from reversed(finished)

    sources = [DATA / "pokerstars-shapes.txt", DATA / "malformed.phhs", DATA / "actions.phhs"]
    whole = running.analyse_histories(sources, out=tmp_path / "whole.parquet", follow="Hero")
    monkeypatch.setattr(running, "run_tasks", last_first)
    for form in ("file", "dataset"):
        cut = running.analyse_histories(
            sources,
            out=tmp_path / form,
            out_form=form,
            follow="Hero",
            part_bytes=700,
            client=object(),  # type: ignore[arg-type]
        )
        assert _rows(tmp_path / form) == _rows(tmp_path / "whole.parquet")
        assert cut.as_json() == whole.as_json()
        assert cut.series == whole.series


@needs_sample
@pytest.mark.cluster
@pytest.mark.xdist_group("dask workers")  # tests/conftest.py's two_dask_workers
def test_dask_workers_write_the_dataset_with_the_single_process_results(
    tmp_path: Path, two_dask_workers: Client
) -> None:
    """Parts of a few kB on two workers: PokerStars parts counted first, PHH parts' lines moved
    to their place; the dataset the workers wrote holds the rows of one pass, in order, and one
    file gathered from their parts too.

    It failed once under load (issue 32) with a PokerTracker row where the one pass had a Seals
    With Clubs row. The order cannot do that: each of those files is one part, whose rows move
    together (the test above finishes parts last first), so one file's rows differed in number
    between the runs, which read the shared folder and import the code at three moments (the
    workers import it when they start) while other jobs refresh the folder and merge into the
    code. The runs now read a copy of the folder, and a failure names the files whose rows
    differ before it compares the rows."""
    import shutil
    from collections import Counter

    from pokerscore.histories.running import analyse_histories

    shared = shutil.copytree(SHARED, tmp_path / "shared")  # the same bytes for the three runs
    sources = [shared, DATA / "malformed.phhs", DATA / "pokerstars-shapes.txt"]
    single = analyse_histories(sources, out=tmp_path / "single.parquet", follow="Hero")
    client = two_dask_workers
    spread = analyse_histories(
        sources, out=tmp_path / "spread", follow="Hero", client=client, part_bytes=4000
    )
    gathered = analyse_histories(
        sources, out=tmp_path / "one.parquet", out_form="file", client=client, part_bytes=4000
    )
    rows = _rows(tmp_path / "single.parquet")
    spread_rows, one_rows = _rows(tmp_path / "spread"), _rows(tmp_path / "one.parquet")
    # each file's rows counted first, then the same rows, then the same order: a failure says
    # which file's rows differ, and whether rows went missing, changed or only moved
    counts = [Counter(str(r["file"]) for r in found) for found in (spread_rows, rows, one_rows)]
    differ = {name for name in counts[1] | counts[0] | counts[2]
              if not counts[0][name] == counts[1][name] == counts[2][name]}  # fmt: skip
    assert not differ, {name: [count[name] for count in counts] for name in sorted(differ)}
    assert sorted(map(repr, spread_rows)) == sorted(map(repr, rows)) == sorted(map(repr, one_rows))
    places = [[(r["file"], r["hand"]) for r in found] for found in (spread_rows, rows, one_rows)]
    assert places[0] == places[1] == places[2]
    assert spread_rows == rows == one_rows
    assert spread.as_json() == single.as_json() == gathered.as_json()
    assert spread.series == single.series
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "one.parquet",
        "shared",
        "single.parquet",
        "spread",
    ]


def test_the_notice_when_workers_are_lowered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command says in one line that it runs fewer workers than asked (no cluster started:
    the client is a stand-in)."""
    import contextlib

    from pokerscore._support import tasks

    told: list[tuple[int, int]] = []

    @contextlib.contextmanager
    def fake(scheduler: object, workers: int | None, *, on_lowered: object) -> object:
        assert callable(on_lowered)
        if workers is not None and local_workers(workers) < workers:
            on_lowered(workers, local_workers(workers))
            told.append((workers, local_workers(workers)))
        yield None

    monkeypatch.setattr(tasks, "dask_client", fake)
    status, _, stderr = run_command(str(DATA / "actions.phhs"), "--workers", "999")
    assert status == 0 and told == [(999, cores())]
    noun = "core" if cores() == 1 else "cores"
    assert f"note: --workers 999 lowered to {cores()}, the {noun} of this machine" in stderr
    assert os.environ.get("POKERSCORE_HISTORIES_REFERENCE") != "1"
