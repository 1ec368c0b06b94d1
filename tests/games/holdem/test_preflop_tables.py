"""Exact preflop tables: the published values, identities the counts must satisfy, the exact
equity function as an independent path, Dask against one process, and a killed run resumed."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest

from pokerscore._support import tasks as task_module
from pokerscore._support.errors import ParameterError
from pokerscore._support.tasks import dask_client
from pokerscore.cli.app import app
from pokerscore.games.holdem.equity import equity
from pokerscore.games.holdem.preflop import (
    PreflopError,
    PreflopJob,
    PreflopTables,
    compute_preflop_tables,
    heads_up_tables,
    write_preflop_tables,
)
from pokerscore.games.holdem.preflop import job as preflop_job
from pokerscore.games.holdem.preflop.counts import (
    BOARD_CLASSES,
    HeadsUpCounts,
    canonical_boards,
    heads_up_counts,
    heads_up_totals,
    random_totals,
    starting_classes,
    task_bounds,
    task_slice,
    three_way_counts,
)
from pokerscore.games.holdem.preflop.job import run_task as real_run_task
from tests.cli_runner import separate_streams_runner
from tests.shared_cluster import on_the_shared_cluster

if TYPE_CHECKING:
    from distributed import Client

# Every test here builds or reads preflop tables (seconds each): make quick leaves them out.
# All in one xdist group, the one of tests/conftest.py's two_dask_workers (two tests here run on
# it): under `make unit` they run on one worker, which makes the module's fixtures (`small`,
# `stopped_run`: 11.6 s of CPU each) once; dealt out test by test, both workers made them.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("dask workers")]

HANDS = ("AA", "KK", "AKs", "72o")
"""Grid order of these: AA, AKs, KK, 72o."""
PUBLISHED_VS_RANDOM = {"AA": "0.8520371", "KK": "0.8239568", "AKs": "0.6704463"}
"""Jazbo's exact table of each hand against a random hand, to all seven decimals."""
PUBLISHED_HEADS_UP = {("AA", "KK"): "0.819461", ("72o", "AA"): "0.118004"}
POKERSCORE = [sys.executable, "-m", "pokerscore"]


@pytest.fixture(scope="module")
def small() -> HeadsUpCounts:
    """The four classes over every board, in one process (the reference for the Dask runs)."""
    return heads_up_counts(HANDS)


_COUNTED: dict[tuple[PreflopJob, int], dict[str, np.ndarray]] = {}


def _counted_once(job: PreflopJob, task: int) -> dict[str, np.ndarray]:
    """``run_task`` in this process, each task of a job counted once a process: the runs that
    resume a stopped run (a damaged part, a removed one) count the very task the stopped run
    counted, and the tests of a directory (an out linked, an empty parts folder) the same job
    of one class. What they check is the run around the counts (which tasks run again, the
    parts, the files), not the counts, which ``small`` and the runs above check."""
    if (job, task) not in _COUNTED:
        _COUNTED[job, task] = real_run_task(job, task)
    return {name: counts.copy() for name, counts in _COUNTED[job, task].items()}


@pytest.fixture
def counted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`_counted_once` in the place of ``run_task`` for the runs of this process."""
    monkeypatch.setattr(preflop_job, "run_task", _counted_once)


def row(counts: HeadsUpCounts, hand: str) -> int:
    return counts.hands.index(hand)


def test_the_published_values_against_a_random_hand(small: HeadsUpCounts) -> None:
    totals = random_totals(small.hands)
    for hand, published in PUBLISHED_VS_RANDOM.items():
        k = row(small, hand)
        value = Fraction(
            2 * int(small.random_wins[k]) + int(small.random_ties[k]), 2 * int(totals[k])
        )
        assert f"{float(value):.7f}" == published, hand


def test_the_published_heads_up_values(small: HeadsUpCounts) -> None:
    totals = heads_up_totals(small.hands)
    for (first, second), published in PUBLISHED_HEADS_UP.items():
        k, j = row(small, first), row(small, second)
        value = (2 * small.wins[k, j] + small.ties[k, j]) / (2 * totals[k, j])
        assert f"{value:.6f}" == published, (first, second)


def test_each_loss_is_the_opponents_win(small: HeadsUpCounts) -> None:
    # Losses come from the totals (combo pairs that share no card, times the boards); wins and
    # ties from the sweep: the two meet only if card removal is counted right on both sides.
    losses = heads_up_totals(small.hands) - small.wins - small.ties
    assert np.array_equal(losses, small.wins.T)
    assert np.array_equal(small.ties, small.ties.T)


@pytest.mark.parametrize(("first", "second"), [("AA", "KK"), ("AKs", "72o"), ("KK", "KK")])
def test_heads_up_cells_match_the_exact_equity_function(
    small: HeadsUpCounts, first: str, second: str
) -> None:
    # equity() enumerates every combo pair and board directly: a path sharing nothing with the
    # sweep but the hand evaluator.
    result = equity([first, second], method="exact")
    k, j = row(small, first), row(small, second)
    assert result.players[0].wins == small.wins[k, j]
    assert result.players[0].ties == small.ties[k, j]
    assert result.boards == heads_up_totals(small.hands)[k, j]


def test_the_rows_of_a_class_sum_to_its_value_against_a_random_hand() -> None:
    # On any slice of the boards: counts against a random hand are the sums of the 169 rows.
    counts = heads_up_counts(None, start=60_000, stop=61_500)
    assert counts.random_wins.sum() > 0
    assert np.array_equal(counts.wins.sum(axis=1), counts.random_wins)
    assert np.array_equal(counts.ties.sum(axis=1), counts.random_ties)
    hands = starting_classes()
    assert np.array_equal(heads_up_totals(hands).sum(axis=1), random_totals(hands))


def test_the_canonical_boards_stand_for_every_board() -> None:
    boards, weights = canonical_boards()
    assert len(boards) == BOARD_CLASSES and int(weights.sum()) == 2_598_960
    # Every board appears once up to suit permutation: per-suit rank masks non-increasing.
    cards = boards.astype(np.int64)
    masks = np.zeros((len(boards), 4), dtype=np.int64)
    for place in range(5):
        np.bitwise_or.at(
            masks, (np.arange(len(boards)), cards[:, place] % 4), 1 << (cards[:, place] // 4)
        )
    assert (np.diff(masks, axis=1) <= 0).all()


def test_three_way_counts_match_the_exact_equity_function() -> None:
    counts = three_way_counts(["AKs", "QQ"])
    triples = [tuple(counts.hands[i] for i in triple) for triple in counts.triples]
    assert triples == [("AKs",) * 3, ("AKs", "AKs", "QQ"), ("AKs", "QQ", "QQ"), ("QQ",) * 3]
    assert counts.tally[3, -1] == 0  # six queens: no deal holds these
    for index in (0, 1, 2):
        tally = counts.tally[index]
        result = equity(list(triples[index]), method="exact")
        assert result.boards == tally[7]
        assert [player.wins for player in result.players] == list(tally[:3])
        two_way = {(0, 1): tally[3], (0, 2): tally[4], (1, 2): tally[5]}
        for seat, player in enumerate(result.players):
            shared = sum(ties for pair, ties in two_way.items() if seat in pair) + tally[6]
            assert player.ties == shared
            assert player.equity_exact == Fraction(
                6 * tally[seat] + 3 * (shared - tally[6]) + 2 * tally[6], 6 * tally[7]
            )


@pytest.mark.cluster
def test_two_dask_workers_give_the_single_process_tables(
    small: HeadsUpCounts, tmp_path: Path, two_dask_workers: Client
) -> None:
    out = tmp_path / "tables"
    seen: list[tuple[int, int]] = []
    tables = compute_preflop_tables(
        PreflopJob(hands=HANDS, tasks=8),
        out=out,
        client=two_dask_workers,
        progress=lambda *step: seen.append(step),
    )
    vs_random, heads_up = heads_up_tables(small)
    assert tables.vs_random is not None and tables.vs_random.equals(vs_random)
    assert tables.heads_up is not None and tables.heads_up.equals(heads_up)
    assert seen[0] == (0, 8) and seen[-1] == (8, 8)
    names = sorted(path.name for path in out.iterdir())
    assert names == [
        "heads_up.csv", "heads_up.parquet", "vs_random.csv", "vs_random.parquet", "vs_random.png",
    ]  # fmt: skip
    assert pq.read_table(out / "heads_up.parquet").equals(heads_up)
    csv = pacsv.read_csv(out / "vs_random.csv")
    assert csv.column_names == ["hand", "wins", "ties", "losses", "total", "equity"]
    assert csv.column("hand").to_pylist() == ["AA", "AKs", "KK", "72o"]
    assert (out / "vs_random.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # The saved tables read back through the command line.
    result = separate_streams_runner().invoke(
        app, ["tables", "show", str(out), "--hand", "aks", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    shown = json.loads(result.stdout)
    assert f"{shown['vs_random']['equity']:.7f}" == PUBLISHED_VS_RANDOM["AKs"]
    assert [item["hand2"] for item in shown["heads_up"]] == ["AA", "AKs", "KK", "72o"]


@pytest.mark.cluster
def test_three_way_on_a_running_scheduler_gives_the_single_process_counts(
    tmp_path: Path, two_dask_workers: Client
) -> None:
    # The running scheduler is the session's cluster, reached by its address as --scheduler
    # reaches one: a LocalCluster of its own cost a scheduler and two workers more, each
    # importing pokerscore and loading the kernels (about 4 s of CPU), for the same path.
    out = tmp_path / "three-way"
    with dask_client(scheduler=two_dask_workers.scheduler.address) as client:
        tables = compute_preflop_tables(
            PreflopJob(hands=("AKs", "QQ"), players=3, tasks=4), out=out, client=client
        )
    counts = three_way_counts(["AKs", "QQ"])
    assert tables.three_way is not None
    # QQ-QQ-QQ is left out: no deal holds six queens.
    assert tables.three_way.column("hand3").to_pylist() == ["AKs", "QQ", "QQ"]
    assert tables.three_way.column("total").to_pylist() == counts.tally[:3, 7].tolist()
    assert tables.three_way.column("ties123").to_pylist() == counts.tally[:3, 6].tolist()
    assert sorted(path.name for path in out.iterdir()) == ["three_way.csv", "three_way.parquet"]
    # Read back through the command line, every column checked.
    shown = separate_streams_runner().invoke(
        app, ["tables", "show", str(out), "--hand", "QQ", "--json"]
    )
    assert shown.exit_code == 0, shown.stderr
    rows = json.loads(shown.stdout)["three_way"]
    assert [row["total"] for row in rows] == counts.tally[1:3, 7].tolist()


@pytest.mark.cluster
def test_a_lost_worker_is_replaced_and_its_work_done_again(small: HeadsUpCounts) -> None:
    from distributed import Client, LocalCluster

    killed: list[int] = []
    with LocalCluster(
        n_workers=2, threads_per_worker=1, dashboard_address=":0", env={"NUMBA_NUM_THREADS": "1"}
    ) as cluster:
        with Client(cluster) as client:
            worker_pids = list(client.run(os.getpid).values())

        def kill_a_worker(done: int, total: int) -> None:
            if done >= 2 and not killed:  # mid-run: the other tasks are queued or running
                os.kill(worker_pids[0], signal.SIGKILL)
                killed.append(worker_pids[0])

        with Client(cluster) as client:
            tables = compute_preflop_tables(
                PreflopJob(hands=HANDS, tasks=16), client=client, progress=kill_a_worker
            )
    assert killed
    vs_random, heads_up = heads_up_tables(small)
    assert tables.vs_random is not None and tables.vs_random.equals(vs_random)
    assert tables.heads_up is not None and tables.heads_up.equals(heads_up)


@pytest.mark.cluster
def test_a_killed_run_resumes_to_the_same_tables(
    small: HeadsUpCounts, tmp_path: Path, two_dask_workers: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "tables"
    parts = out / "parts"
    arguments = ["tables", "preflop", "--out", str(out), "--hands", ",".join(HANDS), "--workers", "2", "--tasks", "64"]  # fmt: skip
    process = subprocess.Popen(
        [*POKERSCORE, *arguments, "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own process group: the cluster's workers die with it
    )
    deadline = time.monotonic() + 240
    try:
        while len(list(parts.glob("task-*.parquet"))) < 3 and time.monotonic() < deadline:
            assert process.poll() is None, "the run ended before it could be killed"
            time.sleep(0.05)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    kept = len(list(parts.glob("task-*.parquet")))
    assert 3 <= kept < 64
    assert not (out / "heads_up.parquet").exists()
    # The command again, in this process (the killed run above is the one that needs a process
    # of its own), the resumed run on the session's cluster of two workers: three processes
    # and a cluster fewer, each importing pokerscore (the resume's cluster 9 s of CPU).
    runner = separate_streams_runner()
    monkeypatch.setattr(task_module, "dask_client", on_the_shared_cluster(two_dask_workers, 2))
    refused = runner.invoke(app, arguments)  # parts left and no --resume: refused, nothing lost
    assert refused.exit_code == 2
    assert refused.stderr.startswith("error: ") and refused.stderr.count("\n") == 1
    assert "--resume" in refused.stderr
    other = runner.invoke(app, [*arguments[:5], "AA,KK", *arguments[6:], "--resume"])
    assert other.exit_code == 2 and "other settings" in other.stderr
    resumed = runner.invoke(app, [*arguments, "--resume", "--json"])
    assert resumed.exit_code == 0, resumed.stderr
    assert json.loads(resumed.stdout)["tasks_run"] == 64 - kept  # only the missing ones
    vs_random, heads_up = heads_up_tables(small)
    assert pq.read_table(out / "vs_random.parquet").equals(vs_random)
    assert pq.read_table(out / "heads_up.parquet").equals(heads_up)
    assert not parts.exists()


@pytest.mark.cluster
def test_ctrl_c_is_one_line_from_the_command_not_a_traceback_per_worker(tmp_path: Path) -> None:
    out = tmp_path / "tables"
    arguments = ["tables", "preflop", "--out", str(out), "--hands", ",".join(HANDS), "--workers", "2", "--tasks", "64"]  # fmt: skip
    process = subprocess.Popen(
        [*POKERSCORE, *arguments],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a terminal's Ctrl-C reaches the whole group, workers included
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 240
    try:
        while not list((out / "parts").glob("task-*.parquet")) and time.monotonic() < deadline:
            assert process.poll() is None, "the run ended before it could be interrupted"
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130
    assert err == f"error: interrupted: the finished tasks are kept in {out}; go on with --resume\n"


@pytest.mark.parametrize(
    ("module", "extra", "purpose"),
    [
        ("dask", "cluster", "computing preflop tables on Dask"),
        ("matplotlib", "plots", "drawing the preflop heat map"),
    ],
)
def test_a_missing_extra_is_one_line(tmp_path: Path, module: str, extra: str, purpose: str) -> None:
    code = (
        "import sys\n"
        f"sys.modules[{module!r}] = None\n"
        "sys.argv = ['pokerscore', 'tables', 'preflop', '--hands', 'AA', '--out', sys.argv[1]]\n"
        "from pokerscore.cli.app import main\n"
        "main()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "tables")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == (
        f"error: {purpose} needs {module}: install the {extra} extra "
        f"(pip install 'pokerscore[{extra}]')\n"
    )
    assert not (tmp_path / "tables").exists()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--hands", "AA,AKx"], 'error: unknown starting hand "AKx" (item 2): a class is a pair'),
        (["--hands", "KAs"], 'error: unknown starting hand "KAs" (item 1)'),
        (["--hands", ","], "error: no starting hand named"),
        (["--players", "4"], "error: --players must be 2 or 3, not 4"),
        (["--players", "3"], "error: three-way tables need a short class list"),
        (
            ["--players", "3", "--hands", "AA,KK,QQ,JJ,TT,99,88,77,66,55,44,33,22"],
            "error: three-way tables take at most 12",
        ),
        (["--tasks", "0"], "error: --tasks must be 1 to 4,096, not 0"),
        (["--workers", "0"], "error: --workers must be at least 1, not 0"),
        (
            ["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"],
            "error: --workers sizes a local cluster: leave it out with a running scheduler",
        ),
    ],
)
def test_bad_arguments_are_one_line(tmp_path: Path, arguments: list[str], message: str) -> None:
    result = separate_streams_runner().invoke(
        app, ["tables", "preflop", "--out", str(tmp_path / "tables"), *arguments]
    )
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1
    assert not (tmp_path / "tables").exists()


def test_in_this_process_without_a_client_gives_the_same_tables(small: HeadsUpCounts) -> None:
    tables = compute_preflop_tables(PreflopJob(hands=tuple(reversed(HANDS)), tasks=3))
    vs_random, heads_up = heads_up_tables(small)
    assert tables.vs_random is not None and tables.vs_random.equals(vs_random)
    assert tables.heads_up is not None and tables.heads_up.equals(heads_up)
    assert tables.tasks_run == 3


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: PreflopJob(players=4), "players must be 2 or 3, not 4"),
        (lambda: PreflopJob(tasks=0), "tasks must be 1 to 4,096, not 0"),
        (lambda: PreflopJob(players=3), "three-way tables need a short class list"),
        (lambda: PreflopJob(hands=("AA", "AKx")), 'unknown starting hand "AKx" (item 2)'),
        (lambda: dask_client(workers=0).__enter__(), "workers must be at least 1, not 0"),
        (
            lambda: dask_client("tcp://127.0.0.1:1", 2).__enter__(),
            "workers sizes a local cluster: leave it out with a running scheduler",
        ),
    ],
)
def test_library_errors_name_parameters_not_flags(make: object, message: str) -> None:
    with pytest.raises((PreflopError, ParameterError)) as raised:
        make()  # type: ignore[operator]
    assert str(raised.value).startswith(message)
    assert "--" not in str(raised.value)


def test_show_refuses_what_is_not_there(tmp_path: Path) -> None:
    runner = separate_streams_runner()
    missing = runner.invoke(app, ["tables", "show", str(tmp_path)])
    assert missing.exit_code == 2 and missing.stderr.startswith("error: ")
    assert "holds no preflop table" in missing.stderr
    bad = runner.invoke(app, ["tables", "show", str(tmp_path), "--hand", "AKx"])
    assert bad.exit_code == 2 and bad.stderr.count("\n") == 1


@pytest.fixture(scope="module")
def stopped_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A run of the four classes in 4 tasks, stopped once its last part was kept (before the
    tables were written): every part is there, to be damaged one way or another."""
    out = tmp_path_factory.mktemp("stopped") / "tables"

    def stop(done: int, total: int) -> None:
        if done == total:
            raise KeyboardInterrupt

    with pytest.MonkeyPatch.context() as patch, pytest.raises(KeyboardInterrupt):
        patch.setattr(preflop_job, "run_task", _counted_once)  # the resumes count its tasks
        compute_preflop_tables(PreflopJob(hands=HANDS, tasks=4), out=out, progress=stop)
    assert len(list((out / "parts").glob("task-*.parquet"))) == 4
    assert not (out / "vs_random.parquet").exists()
    return out


def _write_parquet(table: pa.Table) -> Callable[[Path], None]:
    """Write ``table`` over a part, labelled as the part was (job and task): only what is in it
    is wrong."""

    def write(path: Path) -> None:
        label = pq.read_schema(path).metadata
        assert label, "parts name their job and task"
        pq.write_table(table.replace_schema_metadata(label), path)

    return write


def _heads_up_part(wins: list[object], random: list[object], rows: int = 1) -> pa.Table:
    """A part of the four classes' shape (or not) with these values."""
    named = {"wins": wins, "ties": wins, "random_wins": random, "random_ties": random}
    return pa.table({name: [values] * rows for name, values in named.items()})


def _cut_short(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


DAMAGE: dict[str, Callable[[Path], None]] = {
    "cut short": _cut_short,
    "empty": lambda path: path.write_bytes(b""),
    "not parquet": lambda path: path.write_bytes(b"PAR1 this is not a Parquet file PAR1" * 20),
    "other columns": _write_parquet(pa.table({"x": [[1, 2, 3]]})),
    "other lengths": _write_parquet(_heads_up_part([1, 2, 3], [1, 2, 3])),
    "not integers": _write_parquet(_heads_up_part(["a"] * 16, ["b"] * 4)),
    "below zero": _write_parquet(_heads_up_part([-1] * 16, [0] * 4)),
    "empty values": _write_parquet(_heads_up_part([None] + [0] * 15, [0] * 4)),
    "two rows": _write_parquet(_heads_up_part([0] * 16, [0] * 4, rows=2)),
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_resume_runs_a_damaged_part_again(
    small: HeadsUpCounts,
    stopped_run: Path,
    tmp_path: Path,
    damage: Callable[[Path], None],
    counted_once: None,
) -> None:
    out = tmp_path / "tables"
    shutil.copytree(stopped_run, out)
    damage(out / "parts" / "task-00002.parquet")
    arguments = ["--out", str(out), "--hands", ",".join(HANDS), "--tasks", "4", "--resume"]
    result = separate_streams_runner().invoke(app, ["tables", "preflop", *arguments, "--json"])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["tasks_run"] == 1  # the damaged one only
    vs_random, heads_up = heads_up_tables(small)
    assert pq.read_table(out / "vs_random.parquet").equals(vs_random)
    assert pq.read_table(out / "heads_up.parquet").equals(heads_up)
    assert not (out / "parts").exists()


@pytest.mark.parametrize("kind", ["folder", "link"])
def test_resume_refuses_a_part_that_is_not_a_file(
    stopped_run: Path, tmp_path: Path, kind: str
) -> None:
    out = tmp_path / "tables"
    shutil.copytree(stopped_run, out)
    part = out / "parts" / "task-00002.parquet"
    saved = tmp_path / "saved.parquet"
    part.replace(saved)
    if kind == "folder":
        part.mkdir()
    else:
        part.symlink_to(saved)
    arguments = ["--out", str(out), "--hands", ",".join(HANDS), "--tasks", "4", "--resume"]
    result = separate_streams_runner().invoke(app, ["tables", "preflop", *arguments])
    assert result.exit_code == 2
    assert result.stderr == f"error: {part} is not a part file of a run: move it away\n"
    assert saved.is_file() and (part.is_dir() if kind == "folder" else part.is_symlink())


@pytest.fixture(scope="module")
def saved(small: HeadsUpCounts, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The four classes' tables saved as a run saves them (Parquet, no picture)."""
    out = tmp_path_factory.mktemp("saved")
    vs_random, heads_up = heads_up_tables(small)
    pq.write_table(vs_random, out / "vs_random.parquet")
    pq.write_table(heads_up, out / "heads_up.parquet")
    return out


def _vs_random_with(small: HeadsUpCounts, name: str, values: object) -> Callable[[Path], None]:
    """Write vs_random.parquet with column ``name`` replaced (``None``: left out)."""

    def write(path: Path) -> None:
        table = heads_up_tables(small)[0]
        place = table.column_names.index(name)
        changed = (
            table.remove_column(place)
            if values is None
            else table.set_column(place, name, pa.array(values))
        )
        pq.write_table(changed, path)

    return write


def _folder_instead(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _garbage(small: HeadsUpCounts) -> dict[str, tuple[Callable[[Path], None], str]]:
    """Ways a saved vs_random.parquet can be wrong, and what the error line says."""
    rows = len(HANDS)
    return {
        "not parquet": (
            lambda path: path.write_bytes(b"hand,wins\nAA,1\n"),
            "is not a readable Parquet file",
        ),
        "cut short": (_cut_short, "is not a readable Parquet file"),
        "empty": (lambda path: path.write_bytes(b""), "is not a readable Parquet file"),
        "no equity": (
            _vs_random_with(small, "equity", None),
            "is not a vs_random table: no column equity (it has hand, wins, ties, losses, total)",
        ),
        "equity as text": (
            _vs_random_with(small, "equity", ["0.85"] * rows),
            ": column equity holds string, not floats",
        ),
        "hands as numbers": (
            _vs_random_with(small, "hand", list(range(rows))),
            ": column hand holds int64, not strings",
        ),
        "wins as floats": (
            _vs_random_with(small, "wins", [0.5] * rows),
            ": column wins holds double, not integers",
        ),
        "unknown hand": (
            _vs_random_with(small, "hand", ["AA", "KK", "ZZ", "72o"]),
            ': column hand holds "ZZ", not a starting hand',
        ),
        "empty value": (
            _vs_random_with(small, "wins", [1, None, 1, 1]),
            ": column wins has 1 empty values",
        ),
        "negative count": (
            _vs_random_with(small, "losses", [1, -5, 1, 1]),
            ": column losses holds -5, a count below zero",
        ),
        "equity above one": (
            _vs_random_with(small, "equity", [0.5, 1.5, 0.5, 0.5]),
            ": column equity holds equities outside 0 to 1",
        ),
        "equity not a number": (
            _vs_random_with(small, "equity", [0.5, float("nan"), 0.5, 0.5]),
            ": column equity holds equities outside 0 to 1",
        ),
        "too many rows": (
            lambda path: pq.write_table(pa.concat_tables([heads_up_tables(small)[0]] * 43), path),
            "is not a vs_random table: 172 rows, at most 169",
        ),
        "a folder": (_folder_instead, "is not a regular file"),
    }


GARBAGE = (
    "not parquet", "cut short", "empty", "no equity", "equity as text", "hands as numbers",
    "wins as floats", "unknown hand", "empty value", "negative count", "equity above one",
    "equity not a number", "too many rows", "a folder",
)  # fmt: skip


@pytest.mark.parametrize("kind", GARBAGE)
@pytest.mark.parametrize("options", [[], ["--hand", "AKs", "--json"]], ids=["grid", "hand"])
def test_show_names_the_file_and_what_is_wrong(
    small: HeadsUpCounts, saved: Path, tmp_path: Path, kind: str, options: list[str]
) -> None:
    out = tmp_path / "tables"
    shutil.copytree(saved, out)
    path = out / "vs_random.parquet"
    damage, message = _garbage(small)[kind]
    damage(path)
    result = separate_streams_runner().invoke(app, ["tables", "show", str(out), *options])
    assert result.exit_code == 2, result.stdout
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {path}")
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_show_checks_every_table_not_only_the_first(saved: Path, tmp_path: Path) -> None:
    out = tmp_path / "tables"
    shutil.copytree(saved, out)
    heads_up = pq.read_table(out / "heads_up.parquet")
    pq.write_table(heads_up.drop_columns(["hand2"]), out / "heads_up.parquet")
    result = separate_streams_runner().invoke(app, ["tables", "show", str(out), "--hand", "AA"])
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: {out / 'heads_up.parquet'} is not a heads_up table: no column hand2 "
        "(it has hand1, wins, ties, losses, total, equity)\n"
    )


def test_show_reads_back_what_a_run_saved(saved: Path) -> None:
    result = separate_streams_runner().invoke(app, ["tables", "show", str(saved), "--json"])
    assert result.exit_code == 0, result.stderr
    shown = json.loads(result.stdout)
    assert [row["hand"] for row in shown["vs_random"]] == ["AA", "AKs", "KK", "72o"]
    equities = {row["hand"]: f"{row['equity']:.7f}" for row in shown["vs_random"]}
    assert PUBLISHED_VS_RANDOM.items() <= equities.items()
    assert shown["heads_up_rows"] == 16


def test_show_of_a_file_says_it_is_not_a_directory(tmp_path: Path) -> None:
    path = tmp_path / "vs_random.parquet"
    path.write_bytes(b"")
    result = separate_streams_runner().invoke(app, ["tables", "show", str(path)])
    assert result.exit_code == 2
    assert result.stderr == f"error: not a directory: {path}\n"


def test_a_task_count_beyond_the_limit_is_refused_and_slices_cover_the_boards(
    tmp_path: Path,
) -> None:
    runner = separate_streams_runner()
    out = ["--out", str(tmp_path / "tables")]
    for tasks in ("4097", "134459", "9" * 30):
        result = runner.invoke(app, ["tables", "preflop", *out, "--tasks", tasks, "--hands", "AA"])
        assert result.exit_code == 2
        assert result.stderr == f"error: --tasks must be 1 to 4,096, not {tasks}\n"
        assert not (tmp_path / "tables").exists()
    for tasks in (1, 7, 64, 4096):
        slices = [task_slice(tasks, task) for task in range(tasks)]
        assert slices == task_bounds(tasks)
        assert slices[0][0] == 0 and slices[-1][1] == BOARD_CLASSES
        assert all(a[1] == b[0] and a[0] < a[1] for a, b in itertools.pairwise(slices))


ONE_CLASS = ["--hands", "AA", "--tasks", "2", "--vs-random-only", "--workers", "1"]
"""The smallest run the command makes (AA against a random hand), on one local worker."""


def test_a_second_run_into_a_directory_of_tables_needs_overwrite(
    tmp_path: Path, two_dask_workers: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "tables"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    runner = separate_streams_runner()
    # ONE_CLASS's local cluster of one worker: the session's (its own cost 6 s of CPU).
    monkeypatch.setattr(task_module, "dask_client", on_the_shared_cluster(two_dask_workers, 1))
    first = runner.invoke(app, ["tables", "preflop", "--out", str(out), *ONE_CLASS, "--json"])
    assert first.exit_code == 0, first.stderr
    # Only what the run wrote is listed (not the user's notes).
    assert json.loads(first.stdout)["files"] == [
        "vs_random.csv", "vs_random.parquet", "vs_random.png"
    ]  # fmt: skip
    saved = {path.name: path.read_bytes() for path in out.iterdir()}
    again = runner.invoke(app, ["tables", "preflop", "--out", str(out), "--hands", "KK"])
    assert again.exit_code == 2
    assert again.stderr == (
        f"error: --overwrite is needed: {out} already holds preflop tables "
        "(vs_random.parquet, vs_random.csv, vs_random.png)\n"
    )
    assert {path.name: path.read_bytes() for path in out.iterdir()} == saved


def _finished_run(small: HeadsUpCounts, out: Path) -> None:
    """Tables as a two-player run leaves them (written directly: no computation)."""
    vs_random, heads_up = heads_up_tables(small)
    write_preflop_tables(PreflopTables(vs_random, heads_up), out)


def test_overwrite_replaces_the_tables_and_leaves_no_stale_one(
    small: HeadsUpCounts, tmp_path: Path
) -> None:
    out = tmp_path / "tables"
    _finished_run(small, out)
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    tables = compute_preflop_tables(
        PreflopJob(hands=("AA",), tasks=2, heads_up=False), out=out, overwrite=True
    )
    assert sorted(path.name for path in tables.files) == [
        "vs_random.csv", "vs_random.parquet", "vs_random.png"
    ]  # fmt: skip
    # The heads-up table of the earlier run is gone: the directory holds one run's tables.
    assert sorted(path.name for path in out.iterdir()) == [
        "notes.txt", "vs_random.csv", "vs_random.parquet", "vs_random.png"
    ]  # fmt: skip
    assert pq.read_table(out / "vs_random.parquet").column("hand").to_pylist() == ["AA"]
    equity_aa = pq.read_table(out / "vs_random.parquet").column("equity")[0].as_py()
    assert f"{equity_aa:.7f}" == PUBLISHED_VS_RANDOM["AA"]


def test_overwrite_replaces_only_regular_files(small: HeadsUpCounts, tmp_path: Path) -> None:
    out = tmp_path / "tables"
    _finished_run(small, out)
    elsewhere = tmp_path / "elsewhere.csv"
    elsewhere.write_text("the user's own file", encoding="utf-8")
    (out / "vs_random.csv").unlink()
    (out / "vs_random.csv").symlink_to(elsewhere)
    with pytest.raises(PreflopError, match=r"vs_random\.csv is not a regular file"):
        compute_preflop_tables(PreflopJob(hands=("AA",), tasks=2), out=out, overwrite=True)
    assert (out / "vs_random.csv").is_symlink()
    assert elsewhere.read_text(encoding="utf-8") == "the user's own file"
    assert not (out / "parts").exists()


def _device(tmp_path: Path) -> Path:
    return Path(os.devnull)


def _a_file(tmp_path: Path) -> Path:
    path = tmp_path / "file"
    path.write_text("mine", encoding="utf-8")
    return path


def _a_link_to_a_file(tmp_path: Path) -> Path:
    link = tmp_path / "link"
    link.symlink_to(_a_file(tmp_path))
    return link


def _a_broken_link(tmp_path: Path) -> Path:
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "nowhere")
    return link


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (_device, "--out is not a directory: {out}"),
        (_a_file, "--out is not a directory: {out}"),
        (_a_link_to_a_file, "--out is not a directory: {out}"),
        (_a_broken_link, "--out is a broken symbolic link: {out}"),
    ],
    ids=["device", "file", "link to a file", "broken link"],
)
def test_an_out_that_is_not_a_directory_is_one_line_before_any_work(
    tmp_path: Path, make: Callable[[Path], Path], message: str
) -> None:
    out = make(tmp_path)
    before = sorted(tmp_path.iterdir())
    result = separate_streams_runner().invoke(
        app, ["tables", "preflop", "--out", str(out), *ONE_CLASS]
    )
    assert result.exit_code == 2
    assert result.stderr == f"error: {message.format(out=out)}\n"
    assert sorted(tmp_path.iterdir()) == before


def test_an_out_linked_to_a_directory_writes_there(tmp_path: Path, counted_once: None) -> None:
    target = tmp_path / "target"
    target.mkdir()
    link = tmp_path / "link"
    link.symlink_to(target)
    compute_preflop_tables(PreflopJob(hands=("AA",), tasks=1, heads_up=False), out=link)
    assert link.is_symlink()
    assert sorted(path.name for path in target.iterdir()) == [
        "vs_random.csv", "vs_random.parquet", "vs_random.png"
    ]  # fmt: skip


def test_a_parts_path_that_is_not_a_directory_is_one_line(tmp_path: Path) -> None:
    out = tmp_path / "tables"
    out.mkdir()
    (out / "parts").write_text("mine", encoding="utf-8")
    result = separate_streams_runner().invoke(
        app, ["tables", "preflop", "--out", str(out), *ONE_CLASS, "--resume"]
    )
    assert result.exit_code == 2
    assert (
        result.stderr
        == f"error: {out / 'parts'} is not the parts directory of a run: move it away\n"
    )
    assert (out / "parts").read_text(encoding="utf-8") == "mine"


def test_resume_refuses_a_run_of_other_settings(stopped_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "tables"
    shutil.copytree(stopped_run, out)
    other = PreflopJob(hands=HANDS, tasks=8)
    with pytest.raises(PreflopError) as raised:
        compute_preflop_tables(other, out=out, resume=True)
    assert str(raised.value) == (
        f"resume cannot finish the run in {out}: it was started with other settings "
        f"(2 players, hands AA,AKs,KK,72o, 4 tasks); give those, or remove {out / 'parts'} "
        "to start again"
    )
    (out / "parts" / "manifest.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(PreflopError, match=r"other settings \(its manifest is unreadable\)"):
        compute_preflop_tables(PreflopJob(hands=HANDS, tasks=4), out=out, resume=True)
    with pytest.raises(PreflopError, match=r"^resume is needed: "):
        compute_preflop_tables(PreflopJob(hands=HANDS, tasks=4), out=out)
    assert len(list((out / "parts").glob("task-*.parquet"))) == 4  # nothing lost


def test_an_empty_parts_folder_of_a_run_stopped_at_its_start_is_no_obstacle(
    tmp_path: Path, counted_once: None
) -> None:
    # A run stopped between making the folder and writing its manifest kept nothing.
    out = tmp_path / "tables"
    (out / "parts").mkdir(parents=True)
    tables = compute_preflop_tables(PreflopJob(hands=("AA",), tasks=1, heads_up=False), out=out)
    assert tables.tasks_run == 1 and not (out / "parts").exists()


def test_a_run_stopped_while_removing_its_parts_resumes(
    small: HeadsUpCounts, stopped_run: Path, tmp_path: Path, counted_once: None
) -> None:
    # The tables were written and some parts removed: the rest of the parts and the manifest are
    # there, and resume reruns the removed tasks and writes the same tables again.
    out = tmp_path / "tables"
    shutil.copytree(stopped_run, out)
    _finished_run(small, out)
    (out / "parts" / "task-00000.parquet").unlink()
    tables = compute_preflop_tables(PreflopJob(hands=HANDS, tasks=4), out=out, resume=True)
    assert tables.tasks_run == 1
    assert pq.read_table(out / "heads_up.parquet").equals(heads_up_tables(small)[1])
    assert not (out / "parts").exists()


def test_a_part_kept_under_another_task_s_name_is_run_again(
    small: HeadsUpCounts, stopped_run: Path, tmp_path: Path, counted_once: None
) -> None:
    # Whole and of the right shape, but the counts of task 1: summed twice, the tables would be
    # wrong without a word. Each part names its job and task.
    out = tmp_path / "tables"
    shutil.copytree(stopped_run, out)
    shutil.copyfile(out / "parts" / "task-00001.parquet", out / "parts" / "task-00002.parquet")
    tables = compute_preflop_tables(PreflopJob(hands=HANDS, tasks=4), out=out, resume=True)
    assert tables.tasks_run == 1
    vs_random, heads_up = heads_up_tables(small)
    assert tables.vs_random is not None and tables.vs_random.equals(vs_random)
    assert tables.heads_up is not None and tables.heads_up.equals(heads_up)


def test_three_way_runs_refuse_only_the_random_hand_table() -> None:
    # Asked for and silently not done would mislead: a three-way run has no vs-random table.
    with pytest.raises(PreflopError, match="heads_up=False"):
        PreflopJob(hands=("AA", "KK", "QQ"), players=3, heads_up=False)
    result = separate_streams_runner().invoke(
        app, ["tables", "preflop", "--players", "3", "--hands", "AA,KK,QQ", "--vs-random-only"]
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --vs-random-only is for two players")
