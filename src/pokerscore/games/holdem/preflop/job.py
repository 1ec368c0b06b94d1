"""A preflop run: the job (:class:`PreflopJob`), its tasks on the caller's Dask client or in this
process, each finished task kept on disk as it finishes, and a stopped run resumed.

A job names the classes, the table size (2: heads-up and against a random hand; 3: three-way)
and the number of tasks, each a slice of the canonical boards
(:func:`pokerscore.games.holdem.preflop.counts.task_slice`) whose integer counts add up exactly.
With an output directory, every finished task is written atomically to ``DIR/parts/`` (one
Parquet file per task, beside ``manifest.json`` naming the job), so a run killed at any point
resumes with ``resume=True``, recomputes only the missing tasks (and any part found damaged)
and ends with the same tables as a run never stopped. The parts are removed once the tables
are written (:mod:`pokerscore.games.holdem.preflop.results`).
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from pokerscore._support.atomic import atomic_path
from pokerscore._support.errors import checked_flag, checked_path
from pokerscore._support.extras import require_extra
from pokerscore._support.progress import Progress, checked_progress
from pokerscore._support.tasks import run_tasks
from pokerscore.games.holdem.preflop.counts import (
    PLAYERS,
    THREE_WAY_CLASS_LIMIT,
    THREE_WAY_COLUMNS,
    HeadsUpCounts,
    IntArray,
    PreflopError,
    PreflopParameterError,
    ThreeWayCounts,
    check_three_way,
    class_triples,
    heads_up_counts,
    starting_classes,
    task_slice,
    three_way_counts,
)
from pokerscore.games.holdem.preflop.results import (
    PreflopTables,
    check_targets,
    heads_up_tables,
    three_way_table,
    write_preflop_tables,
)

if TYPE_CHECKING:
    from distributed import Client

DEFAULT_TASKS: Final = 64
"""Tasks per run: about a second each for the full heads-up table on one core, so a lost task
costs little and a cluster of many workers still has work for each."""
MAX_TASKS: Final = 4_096
"""The most tasks a run takes. Each keeps a part file (about 40 KB for the full table) and costs
milliseconds however few boards it holds, so more buy nothing but disk and overhead: 134,459
tasks of one board each kept some 5 GB of parts and spent more time starting than counting."""
PARTS: Final = "parts"
MANIFEST: Final = "manifest.json"
PART_KEY: Final = "pokerscore.preflop.part"
"""The key of a part file's metadata that names its job and task."""
RETRIES: Final = 3
"""Times Dask reruns a task whose worker was lost."""


@dataclass(frozen=True)
class PreflopJob:
    """What a run computes: the classes ``hands`` (all 169 by default; names in any case and
    order, kept once each in grid order), ``players`` (2 or 3), the number of ``tasks``, and for
    two players whether the ``heads_up`` table is wanted or only the one against a random hand.
    Checked when made: an unknown class, a size or a task count that cannot be is refused.

    >>> PreflopJob(hands=("kk", "AA"), tasks=8).hands
    ('AA', 'KK')
    >>> PreflopJob(players=4)
    Traceback (most recent call last):
    ...
    pokerscore.games.holdem.preflop.counts.PreflopParameterError: players must be 2 or 3, not 4
    """

    hands: tuple[str, ...] = field(default_factory=starting_classes)
    players: int = 2
    tasks: int = DEFAULT_TASKS
    heads_up: bool = True

    def __post_init__(self) -> None:
        for name in ("players", "tasks"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                kind = type(value).__name__
                raise PreflopParameterError(f"{{name}} must be a whole number, got {kind}", name)
        object.__setattr__(self, "heads_up", checked_flag(self.heads_up, "heads_up"))
        if self.players not in PLAYERS:
            raise PreflopParameterError(f"{{name}} must be 2 or 3, not {self.players}", "players")
        names = starting_classes(self.hands)
        if self.players == 3 and names == starting_classes():
            raise PreflopError(
                "three-way tables need a short class list: at most "
                f"{THREE_WAY_CLASS_LIMIT} hands, e.g. AA,KK,AKs"
            )
        if self.players == 3:
            check_three_way(names)
            if not self.heads_up:  # asked for, and silently not done, would mislead
                raise PreflopError(
                    "heads_up=False (only the table against a random hand) is for two players:"
                    " a three-way run makes no such table"
                )
        if not 1 <= self.tasks <= MAX_TASKS:
            raise PreflopParameterError(
                f"{{name}} must be 1 to {MAX_TASKS:,}, not {self.tasks}", "tasks"
            )
        object.__setattr__(self, "hands", names)

    def manifest(self) -> dict[str, Any]:
        """The job as JSON: a resumed run must match it exactly."""
        return {
            "players": self.players,
            "hands": list(self.hands),
            "tasks": self.tasks,
            "heads_up": self.heads_up,
        }

    def describe(self) -> str:
        """The job in words, e.g. ``2 players, hands AA,KK, 8 tasks, vs random only``."""
        return describe_manifest(self.manifest())

    def parts(self) -> dict[str, int]:
        """Each count array a task returns, and its length (flattened)."""
        size = len(self.hands)
        if self.players == 3:
            return {"tally": len(class_triples(size)) * (len(THREE_WAY_COLUMNS) + 1)}
        return {"wins": size * size, "ties": size * size, "random_wins": size, "random_ties": size}


def describe_manifest(manifest: Any) -> str:
    """A job's manifest in words (or why it cannot be read), for a message that reads well to
    Python callers and on the command line alike."""
    if not isinstance(manifest, dict):
        return "its manifest is unreadable"
    hands = manifest.get("hands")
    hands = hands if isinstance(hands, list) else []
    shown = "all 169" if len(hands) == 169 else _shorten_list(hands)
    only = "" if manifest.get("heads_up", True) else ", vs random only"
    return f"{manifest.get('players')} players, hands {shown}, {manifest.get('tasks')} tasks{only}"


def _shorten_list(names: list[Any], limit: int = 12) -> str:
    """Names joined by commas, the first ``limit`` of them.

    >>> _shorten_list(["AA", "KK"]), _shorten_list(list("abcd"), 2)
    ('AA,KK', 'a,b,… (4 in all)')
    """
    shown = ",".join(map(str, names[:limit]))
    return shown if len(names) <= limit else f"{shown},… ({len(names)} in all)"


def run_task(job: PreflopJob, task: int) -> dict[str, IntArray]:
    """Compute one task (on a Dask worker, or in this process on all Numba threads): its counts
    as named integer arrays."""
    start, stop = task_slice(job.tasks, task)
    if job.players == 3:
        return {"tally": three_way_counts(job.hands, start=start, stop=stop).tally}
    counts = heads_up_counts(job.hands, start=start, stop=stop, heads_up=job.heads_up)
    return {
        "wins": counts.wins,
        "ties": counts.ties,
        "random_wins": counts.random_wins,
        "random_ties": counts.random_ties,
    }


class _Totals:
    """The counts of the tasks seen so far, summed as they come (integers: exact in any order),
    so a run of many tasks holds one task's counts at a time, not all of them."""

    def __init__(self, job: PreflopJob) -> None:
        self.job = job
        self.sums = {name: np.zeros(length, dtype=np.int64) for name, length in job.parts().items()}

    def add(self, result: dict[str, IntArray]) -> None:
        for name, total in self.sums.items():
            total += np.asarray(result[name], dtype=np.int64).ravel()

    def tables(self) -> PreflopTables:
        job, size = self.job, len(self.job.hands)
        if job.players == 3:
            triples = class_triples(size)
            tally = self.sums["tally"].reshape(len(triples), len(THREE_WAY_COLUMNS) + 1)
            return PreflopTables(
                three_way=three_way_table(ThreeWayCounts(job.hands, triples, tally))
            )
        square, line = (size, size), (size,)
        counts = HeadsUpCounts(
            job.hands,
            self.sums["wins"].reshape(square),
            self.sums["ties"].reshape(square),
            self.sums["random_wins"].reshape(line),
            self.sums["random_ties"].reshape(line),
        )
        vs_random, heads_up = heads_up_tables(counts)
        return PreflopTables(vs_random=vs_random, heads_up=heads_up if job.heads_up else None)


def part_path(parts: Path, task: int) -> Path:
    """Where task ``task``'s counts are kept in the parts directory ``parts``."""
    return parts / f"task-{task:05d}.parquet"


def _part_label(job: PreflopJob, task: int) -> str:
    """What a part file says it holds: the job and the task (a copy under another task's name,
    or a part of another run, is then not taken for this one)."""
    return json.dumps({"job": job.manifest(), "task": task}, sort_keys=True)


def _write_part(parts: Path, job: PreflopJob, task: int, result: dict[str, IntArray]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table({name: [array.ravel().tolist()] for name, array in result.items()})
    table = table.replace_schema_metadata({PART_KEY: _part_label(job, task)})
    with atomic_path(part_path(parts, task)) as temporary:
        pq.write_table(table, temporary)
        with open(temporary, "rb") as handle:
            os.fsync(handle.fileno())


def _read_part(path: Path, job: PreflopJob, task: int) -> dict[str, IntArray] | None:
    """Task ``task``'s kept counts, or ``None`` when the file is not a whole part of that task of
    ``job`` (cut short, not Parquet, labelled with another job or task, other columns, other
    lengths, negative or missing counts): the task is then run again."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    expected = job.parts()
    try:
        table = pq.read_table(path)
    except (pa.ArrowException, OSError, ValueError):
        return None
    label = (table.schema.metadata or {}).get(PART_KEY.encode())
    if label != _part_label(job, task).encode():
        return None
    if sorted(table.column_names) != sorted(expected) or table.num_rows != 1:
        return None
    counts = {}
    for name, length in expected.items():
        column = table.column(name)
        if not pa.types.is_list(column.type) or not pa.types.is_integer(column.type.value_type):
            return None
        values = column.combine_chunks()
        if values.null_count or values.values.null_count or len(values.values) != length:
            return None
        array = np.asarray(values.values.to_numpy(zero_copy_only=False), dtype=np.int64)
        if len(array) and array.min() < 0:
            return None
        counts[name] = array
    return counts


def _read_manifest(parts: Path) -> Any:
    try:
        return json.loads((parts / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def check_out(out: Path, job: PreflopJob, *, resume: bool = False, overwrite: bool = False) -> Path:
    """Check the directory ``out`` before any work, and return its parts directory. Refused: a
    path that is not a directory (a file, a device, a broken link); the parts of an unfinished
    run without ``resume``, or of a run of other settings with it; tables already there without
    ``overwrite`` (resuming a run may replace the tables it wrote itself). Nothing is created."""
    if out.is_symlink() and not out.exists():
        raise PreflopParameterError(f"{{name}} is a broken symbolic link: {out}", "out")
    if out.exists() and not out.is_dir():
        raise PreflopParameterError(f"{{name}} is not a directory: {out}", "out")
    parts = out / PARTS
    if parts.is_symlink() or (parts.exists() and not parts.is_dir()):
        raise PreflopError(f"{parts} is not the parts directory of a run: move it away")
    unfinished = parts.is_dir() and (
        (parts / MANIFEST).exists() or any(parts.glob("task-*.parquet"))
    )
    if unfinished and not resume:
        raise PreflopParameterError(
            f"{{name}} is needed: {out} holds the parts of an unfinished run "
            f"(or remove {parts} to start again)",
            "resume",
        )
    if unfinished:
        odd = [path for path in parts.glob("task-*") if path.is_symlink() or not path.is_file()]
        if odd:
            raise PreflopError(f"{odd[0]} is not a part file of a run: move it away")
        found = _read_manifest(parts)
        if found != job.manifest():
            raise PreflopParameterError(
                f"{{name}} cannot finish the run in {out}: it was started with other settings "
                f"({describe_manifest(found)}); give those, or remove {parts} to start again",
                "resume",
            )
    check_targets(out, overwrite=overwrite or unfinished)
    return parts


def unfinished_tasks(job: PreflopJob, out: Path | None) -> list[int]:
    """The tasks of ``job`` with no part kept in ``out`` (all of them without ``out``): a run
    needs workers for these only (a part found damaged is run in the run's own process)."""
    if out is None or not (out / PARTS / MANIFEST).is_file():
        return list(range(job.tasks))
    parts = out / PARTS
    return [task for task in range(job.tasks) if not part_path(parts, task).is_file()]


def _start_parts(parts: Path, job: PreflopJob) -> None:
    """Create the parts directory and its manifest (when the first task is about to run)."""
    if (parts / MANIFEST).is_file():
        return
    parts.mkdir(parents=True, exist_ok=True)
    with atomic_path(parts / MANIFEST) as temporary:
        temporary.write_text(json.dumps(job.manifest()), encoding="utf-8")


def compute_preflop_tables(
    job: PreflopJob,
    *,
    out: Path | None = None,
    client: Client | None = None,
    resume: bool = False,
    overwrite: bool = False,
    progress: Progress | None = None,
) -> PreflopTables:
    """Compute the exact preflop tables of ``job`` and return them (pyarrow tables).

    The tasks run on ``client``'s workers (a :class:`distributed.Client` the caller opened, e.g.
    with :func:`pokerscore._support.tasks.dask_client`), or one after another in this process on
    all of Numba's threads when ``client`` is None. With ``out``, every finished task is kept in
    ``out/parts`` and the tables are written there (:func:`write_preflop_tables`); ``resume``
    finishes a run that was stopped, and ``overwrite`` replaces tables already in ``out``
    (see :func:`check_out`). ``progress(done, total)`` is called as tasks finish (tasks already
    kept count as done).
    """
    progress = checked_progress(progress)
    resume, overwrite = checked_flag(resume, "resume"), checked_flag(overwrite, "overwrite")
    out = None if out is None else checked_path(out, "out")
    require_extra("files", "writing preflop tables")
    if out is not None and job.players == 2:
        require_extra("plots", "drawing the preflop heat map")
    parts = check_out(out, job, resume=resume, overwrite=overwrite) if out is not None else None
    totals = _Totals(job)
    missing = []
    kept = parts is not None and (parts / MANIFEST).is_file()
    for task in range(job.tasks):
        result = (
            _read_part(part_path(parts, task), job, task) if parts is not None and kept else None
        )
        if result is None:
            missing.append(task)
        else:
            totals.add(result)
    done = job.tasks - len(missing)
    if progress is not None:
        progress(done, job.tasks)
    if missing and parts is not None:
        _start_parts(parts, job)
    arguments = [(job, task) for task in missing]
    for index, result in run_tasks(client, run_task, arguments, retries=RETRIES):
        if parts is not None:
            _write_part(parts, job, missing[index], result)
        totals.add(result)
        done += 1
        if progress is not None:
            progress(done, job.tasks)
    tables = replace(totals.tables(), tasks_run=len(missing))
    if out is not None and parts is not None:
        files = write_preflop_tables(tables, out, overwrite=True)  # check_out asked for it
        _remove_parts(parts)
        tables = replace(tables, files=tuple(files))
    return tables


def _remove_parts(parts: Path) -> None:
    """Remove the parts of a finished run: the tasks first, the manifest last, so a run stopped
    on the way still resumes (and reruns the tasks already removed)."""
    for path in parts.glob("task-*.parquet"):
        path.unlink(missing_ok=True)
    (parts / MANIFEST).unlink(missing_ok=True)
    shutil.rmtree(parts)  # what else a stopped write left: temporary files


__all__ = [
    "DEFAULT_TASKS",
    "MAX_TASKS",
    "PreflopJob",
    "check_out",
    "compute_preflop_tables",
    "describe_manifest",
    "run_task",
    "unfinished_tasks",
]
