"""The exact preflop tables on Dask: tasks spread over a cluster, each finished task kept on disk
as it finishes, resumable, and the tables written as Parquet, CSV and a PNG heat map.

A run is a :class:`PreflopJob`: the classes, the table size (2: heads-up and against a random
hand; 3: three-way) and the number of tasks, each a slice of the canonical boards
(:func:`pokerscore.games.holdem.preflop.counts.task_bounds`) whose integer counts add up exactly. With
an output directory, every finished task is written atomically to ``DIR/parts/`` (one Parquet
file per task, beside ``manifest.json`` naming the job), so a run killed at any point resumes
with ``resume=True``, recomputes only the missing tasks and ends with the same tables as a run
never stopped. The parts are removed once the tables are written.

Files in ``DIR``: ``vs_random.parquet`` (``hand, wins, ties, losses, total, equity``),
``heads_up.parquet`` (``hand1, hand2, wins, ties, losses, total, equity``, from ``hand1``'s
side), or for three players ``three_way.parquet``; each with a CSV beside it, and
``vs_random.png``, the 13 x 13 grid of equities against a random hand.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from pokerscore._support.atomic import atomic_path
from pokerscore._support.extras import require_extra
from pokerscore._support.progress import Progress
from pokerscore._support.tasks import dask_client
from pokerscore.games.holdem.preflop.counts import (
    PLAYERS,
    THREE_WAY_COLUMNS,
    HeadsUpCounts,
    PreflopError,
    ThreeWayCounts,
    check_three_way,
    class_triples,
    heads_up_counts,
    heads_up_totals,
    random_totals,
    starting_classes,
    task_bounds,
    three_way_counts,
)
from pokerscore.games.holdem.ranges import Range

if TYPE_CHECKING:
    import pyarrow as pa

    from pokerscore.games.holdem.preflop.counts import IntArray

DEFAULT_TASKS: Final = 64
"""Tasks per run: about a second each for the full heads-up table on one core, so a lost task
costs little and a cluster of many workers still has work for each."""
PARTS: Final = "parts"
MANIFEST: Final = "manifest.json"
VS_RANDOM: Final = "vs_random"
HEADS_UP: Final = "heads_up"
THREE_WAY: Final = "three_way"
HEAT_MAP: Final = "vs_random.png"
RETRIES: Final = 3
"""Times Dask reruns a task whose worker was lost."""
GRID: Final = 13


@dataclass(frozen=True)
class PreflopJob:
    """What a run computes: ``players`` (2 or 3), the classes ``hands``, the task count, and for
    two players whether the heads-up table is wanted or only the one against a random hand."""

    players: int
    hands: tuple[str, ...]
    tasks: int = DEFAULT_TASKS
    heads_up: bool = True

    def manifest(self) -> dict[str, Any]:
        """The job as JSON: a resumed run must match it exactly."""
        return {
            "players": self.players,
            "hands": list(self.hands),
            "tasks": self.tasks,
            "heads_up": self.heads_up,
        }


def preflop_job(
    hands: str | Sequence[str] | None = None,
    players: int = 2,
    tasks: int = DEFAULT_TASKS,
    heads_up: bool = True,
) -> PreflopJob:
    """A validated job: known classes, 2 or 3 players, a task count the boards allow."""
    if players not in PLAYERS:
        raise PreflopError(f"--players must be 2 or 3, not {players}")
    if players == 3 and hands is None:
        raise PreflopError("three-way tables need a short class list: give --hands, e.g. AA,KK,AKs")
    names = starting_classes(hands)
    if players == 3:
        check_three_way(names)
    task_bounds(tasks)
    return PreflopJob(players, names, tasks, heads_up or players == 3)


def run_task(job: PreflopJob, task: int) -> dict[str, IntArray]:
    """Compute one task (on a Dask worker): its counts as named integer arrays."""
    start, stop = task_bounds(job.tasks)[task]
    if job.players == 3:
        return {"tally": three_way_counts(job.hands, start=start, stop=stop).tally}
    counts = heads_up_counts(job.hands, start=start, stop=stop, heads_up=job.heads_up)
    return {
        "wins": counts.wins,
        "ties": counts.ties,
        "random_wins": counts.random_wins,
        "random_ties": counts.random_ties,
    }


@dataclass(frozen=True)
class PreflopTables:
    """The tables of a run (or read back from a directory): ``None`` where not computed."""

    vs_random: pa.Table | None = None
    heads_up: pa.Table | None = None
    three_way: pa.Table | None = None
    tasks_run: int = 0
    """Tasks this run computed (a resumed run skips those already kept)."""

    def items(self) -> list[tuple[str, pa.Table]]:
        """(file stem, table) for each table present."""
        named = ((VS_RANDOM, self.vs_random), (HEADS_UP, self.heads_up))
        return [(name, table) for name, table in (*named, (THREE_WAY, self.three_way)) if table]


def _equity(wins: IntArray, ties: IntArray, total: IntArray) -> Any:
    # Two integer sums first, one division last: the float is as exact as a float can be.
    with np.errstate(invalid="ignore", divide="ignore"):
        return (2 * wins + ties) / (2 * total)


def heads_up_tables(counts: HeadsUpCounts) -> tuple[pa.Table, pa.Table]:
    """The vs-random and heads-up tables of complete counts (every board)."""
    import pyarrow as pa

    hands = list(counts.hands)
    total = random_totals(hands)
    vs_random = pa.table(
        {
            "hand": hands,
            "wins": counts.random_wins,
            "ties": counts.random_ties,
            "losses": total - counts.random_wins - counts.random_ties,
            "total": total,
            "equity": _equity(counts.random_wins, counts.random_ties, total),
        }
    )
    pair_total = heads_up_totals(hands)
    size = len(hands)
    heads_up = pa.table(
        {
            "hand1": np.repeat(hands, size).tolist(),
            "hand2": np.tile(hands, size).tolist(),
            "wins": counts.wins.ravel(),
            "ties": counts.ties.ravel(),
            "losses": (pair_total - counts.wins - counts.ties).ravel(),
            "total": pair_total.ravel(),
            "equity": _equity(counts.wins, counts.ties, pair_total).ravel(),
        }
    )
    return vs_random, heads_up


def three_way_table(counts: ThreeWayCounts) -> pa.Table:
    """The three-way table of complete counts; class triples no deal can hold are left out."""
    import pyarrow as pa

    tally = counts.tally
    kept = tally[:, -1] > 0
    tally, triples = tally[kept], counts.triples[kept]
    names = np.array(counts.hands)
    columns: dict[str, Any] = {
        f"hand{seat + 1}": names[triples[:, seat]].tolist() for seat in range(3)
    }
    for index, name in enumerate(THREE_WAY_COLUMNS):
        columns[name] = tally[:, index]
    total = tally[:, -1]
    columns["total"] = total
    wins = {seat: tally[:, seat] for seat in range(3)}
    two_way = dict(
        zip(((0, 1), (0, 2), (1, 2)), (tally[:, 3], tally[:, 4], tally[:, 5]), strict=True)
    )
    for seat in range(3):
        halves = sum(ties for pair, ties in two_way.items() if seat in pair)
        # Sixths of a pot: a win is 6, a two-way split 3, a three-way split 2; exact integers.
        sixths = 6 * wins[seat] + 3 * halves + 2 * tally[:, 6]
        columns[f"equity{seat + 1}"] = sixths / (6 * total)
    return pa.table(columns)


def _part_path(parts: Path, task: int) -> Path:
    return parts / f"task-{task:05d}.parquet"


def _write_part(parts: Path, task: int, result: dict[str, IntArray]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table({name: [array.ravel().tolist()] for name, array in result.items()})
    target = _part_path(parts, task)
    with atomic_path(target) as temporary:
        pq.write_table(table, temporary)
        with open(temporary, "rb") as handle:
            os.fsync(handle.fileno())


def _read_part(path: Path) -> dict[str, IntArray]:
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    return {
        name: np.asarray(table.column(name)[0].values, dtype=np.int64)
        for name in table.column_names
    }


def _done_tasks(parts: Path, job: PreflopJob) -> set[int]:
    return {task for task in range(job.tasks) if _part_path(parts, task).exists()}


def _check_parts(out: Path, job: PreflopJob, resume: bool) -> Path:
    """The parts directory of ``out``: refused when a stopped run is there and ``resume`` is not
    asked for, or when ``resume`` meets a run of other settings. Nothing is created here."""
    parts = out / PARTS
    if parts.exists() and not resume:
        raise PreflopError(
            f"{out} holds the parts of an unfinished run: add --resume to finish it, "
            f"or remove {parts} to start again"
        )
    if parts.exists():
        try:
            found = json.loads((parts / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            found = None
        if found != job.manifest():
            raise PreflopError(
                f"the unfinished run in {out} was started with other settings "
                f"({_describe(found)}): resume it with those, or remove {parts}"
            )
    return parts


def _start_parts(parts: Path, job: PreflopJob) -> None:
    """Create the parts directory and its manifest (once the cluster is up)."""
    if (parts / MANIFEST).exists():
        return
    parts.mkdir(parents=True, exist_ok=True)
    with atomic_path(parts / MANIFEST) as temporary:
        temporary.write_text(json.dumps(job.manifest()), encoding="utf-8")


def _describe(manifest: Any) -> str:
    if not isinstance(manifest, dict):
        return "its manifest is unreadable"
    hands = manifest.get("hands", [])
    shown = "all 169 classes" if len(hands) == 169 else ",".join(map(str, hands))
    only = "" if manifest.get("heads_up", True) else " --vs-random-only"
    return (
        f"--players {manifest.get('players')} --hands {shown} --tasks {manifest.get('tasks')}{only}"
    )


def _sum(results: Sequence[dict[str, IntArray]], job: PreflopJob) -> PreflopTables:
    """The tables of every task's counts, summed exactly (integers)."""
    size = len(job.hands)

    def total(name: str, shape: tuple[int, ...]) -> IntArray:
        return np.sum([result[name] for result in results], axis=0, dtype=np.int64).reshape(shape)

    if job.players == 3:
        triples = class_triples(size)
        tally = total("tally", (len(triples), len(THREE_WAY_COLUMNS) + 1))
        return PreflopTables(three_way=three_way_table(ThreeWayCounts(job.hands, triples, tally)))
    counts = HeadsUpCounts(
        job.hands,
        total("wins", (size, size)),
        total("ties", (size, size)),
        total("random_wins", (size,)),
        total("random_ties", (size,)),
    )
    vs_random, heads_up = heads_up_tables(counts)
    return PreflopTables(vs_random=vs_random, heads_up=heads_up if job.heads_up else None)


def compute_preflop_tables(
    out: Path | None = None,
    *,
    hands: str | Sequence[str] | None = None,
    players: int = 2,
    tasks: int = DEFAULT_TASKS,
    heads_up: bool = True,
    scheduler: str | None = None,
    workers: int | None = None,
    resume: bool = False,
    progress: Progress | None = None,
) -> PreflopTables:
    """Compute the exact preflop tables on Dask and return them (pyarrow tables).

    A local cluster of ``workers`` processes (all cores by default), or the running scheduler at
    ``scheduler``. ``heads_up=False`` computes only the table against a random hand (about half
    the work). With ``out``, every finished task is kept in ``out/parts`` and the tables are
    written there (:func:`write_preflop_tables`); ``resume`` finishes a run that was stopped.
    ``progress(done, total)`` is called as tasks finish (resumed ones count as done).
    """
    job = preflop_job(hands, players, tasks, heads_up)
    require_extra("cluster", "computing preflop tables on Dask")
    require_extra("files", "writing preflop tables")
    if out is not None and players == 2:
        require_extra("plots", "drawing the preflop heat map")
    parts = _check_parts(out, job, resume) if out is not None else None
    done = _done_tasks(parts, job) if parts is not None else set()
    results: dict[int, dict[str, IntArray]] = {}
    if progress is not None:
        progress(len(done), job.tasks)
    missing = [task for task in range(job.tasks) if task not in done]
    if missing:
        with dask_client(scheduler, workers) as client:
            if parts is not None:
                _start_parts(parts, job)
            from distributed import as_completed

            futures = [
                client.submit(run_task, job, task, pure=False, retries=RETRIES) for task in missing
            ]
            task_of = {future.key: task for future, task in zip(futures, missing, strict=True)}
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                task = task_of[future.key]
                result = future.result()
                if parts is not None:
                    _write_part(parts, task, result)
                else:
                    results[task] = result
                future.release()
                done.add(task)
                if progress is not None:
                    progress(len(done), job.tasks)
    if parts is not None:
        results = {task: _read_part(_part_path(parts, task)) for task in range(job.tasks)}
    tables = replace(
        _sum([results[task] for task in range(job.tasks)], job), tasks_run=len(missing)
    )
    if out is not None and parts is not None:
        write_preflop_tables(tables, out)
        shutil.rmtree(parts)
    return tables


def write_preflop_tables(tables: PreflopTables, out: Path) -> list[Path]:
    """Write each table as Parquet and CSV in ``out`` (and the vs-random heat map as PNG), each
    file atomically. Returns the paths written."""
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, table in tables.items():
        parquet, csv = out / f"{name}.parquet", out / f"{name}.csv"
        with atomic_path(parquet) as temporary:
            pq.write_table(table, temporary)
        with atomic_path(csv) as temporary:
            pacsv.write_csv(table, temporary)
        written += [parquet, csv]
    if tables.vs_random is not None:
        written.append(write_heat_map(tables.vs_random, out / HEAT_MAP))
    return written


def read_preflop_tables(directory: Path) -> PreflopTables:
    """The tables saved in ``directory`` (whichever of the three are there)."""
    require_extra("files", "reading preflop tables")
    import pyarrow.parquet as pq

    if not directory.is_dir():
        raise PreflopError(f"no such directory: {directory}")
    found = {}
    for name in (VS_RANDOM, HEADS_UP, THREE_WAY):
        path = directory / f"{name}.parquet"
        if path.exists():
            found[name] = pq.read_table(path)
    if not found:
        raise PreflopError(
            f"{directory} holds no preflop table: run pokerscore tables preflop --out {directory}"
        )
    return PreflopTables(found.get(VS_RANDOM), found.get(HEADS_UP), found.get(THREE_WAY))


def grid_cells(values: dict[str, float]) -> list[list[tuple[str, float | None]]]:
    """The 13 x 13 grid (pairs on the diagonal, suited above, offsuit below) as rows of
    (class, value or None where the class has no value).

    >>> grid_cells({"AKs": 0.67})[0][:2]
    [('AA', None), ('AKs', 0.67)]
    """
    names = Range.starting_hands()
    return [
        [(name, values.get(name)) for name in names[row * GRID : (row + 1) * GRID]]
        for row in range(GRID)
    ]


def write_heat_map(vs_random: pa.Table, path: Path) -> Path:
    """Draw the vs-random equities as a 13 x 13 heat map (PNG), as PokerStove and Equilab lay
    the grid out: pairs on the diagonal, suited hands above it, offsuit below."""
    require_extra("plots", "drawing the preflop heat map")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = dict(
        zip(
            vs_random.column("hand").to_pylist(),
            vs_random.column("equity").to_pylist(),
            strict=True,
        )
    )
    cells = grid_cells(values)
    image = np.array([[np.nan if value is None else value for _, value in row] for row in cells])
    figure, axes = plt.subplots(figsize=(9, 9), dpi=100)
    shown = axes.imshow(image, cmap="RdYlGn", vmin=0.3, vmax=0.85)
    for row, line in enumerate(cells):
        for column, (name, value) in enumerate(line):
            label = name if value is None else f"{name}\n{100 * value:.1f}"
            axes.text(column, row, label, ha="center", va="center", fontsize=7)
    axes.set_xticks([])
    axes.set_yticks([])
    axes.set_title("Equity against a random hand (exact), %")
    figure.colorbar(shown, ax=axes, fraction=0.046, pad=0.04)
    figure.tight_layout()
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="png")
    plt.close(figure)
    return path


__all__ = [
    "DEFAULT_TASKS",
    "PreflopJob",
    "PreflopTables",
    "compute_preflop_tables",
    "grid_cells",
    "heads_up_tables",
    "preflop_job",
    "read_preflop_tables",
    "run_task",
    "three_way_table",
    "write_heat_map",
    "write_preflop_tables",
]
