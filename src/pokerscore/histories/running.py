"""Runs over hand-history files of any number and size: the files planned into parts (byte
ranges: the planner reads nothing but the files' sizes and first bytes), the parts replayed in
this process or on the workers of a Dask client, their summaries added up in file order and
their rows written to Parquet: one file, or a dataset whose part files the workers write.

The results are those of one process whatever the parts: a part on a worker numbers its lines
from its own start and the run moves its bad hands' lines to their place; PokerStars hands are
numbered in their file, so the parts of a PokerStars file after its first are counted on the
workers first (a read of their bytes), and told their first hand's number.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

from pokerscore._support.atomic import atomic_path, check_target
from pokerscore._support.errors import ParameterError, expect
from pokerscore._support.extras import require_extra
from pokerscore._support.progress import Progress
from pokerscore._support.tasks import run_tasks
from pokerscore.files.datasets import (
    check_dataset_target,
    part_name,
    replace_folder,
    staging_folder,
)
from pokerscore.files.finding import refuse_inputs
from pokerscore.files.records import byte_ranges
from pokerscore.histories.model import HandHistoryError, schema
from pokerscore.histories.part_specs import HistoryPart, PartDone, PartTask, count_part
from pokerscore.histories.reading import (
    FileFormat,
    StrictError,
    _check_options,
    file_format_of,
    history_files,
)
from pokerscore.histories.summary import HistoriesSummary

if TYPE_CHECKING:
    from distributed import Client

OutForm = Literal["auto", "file", "dataset"]
PART_BYTES: Final = 32 << 20
"""Files larger than this are cut into parts of about this size (each part finds its hands)."""


@dataclass(frozen=True)
class _Settings:
    """What every part of a run is asked to do."""

    strict: bool
    allin_ev: bool
    follow: str | None


def plan_parts(
    files: Sequence[Path], file_format: FileFormat, part_bytes: int = PART_BYTES
) -> list[HistoryPart]:
    """The parts of the files: a ``.phh`` file whole (one hand), and a site's file (its reader
    reads it whole); PHH and PokerStars files cut into byte ranges of ``part_bytes``; a file
    that is no hand history one part, which reports it."""
    parts: list[HistoryPart] = []
    for path in files:
        try:
            kind = file_format_of(path, file_format)
        except (HandHistoryError, OSError):
            parts.append(HistoryPart(len(parts), str(path), "auto"))  # read: the part says why
            continue
        if kind not in ("phh", "pokerstars") or path.suffix.lower() == ".phh":
            # A .phh file is one hand; a site's file is read whole by its reader.
            parts.append(HistoryPart(len(parts), str(path), kind))
            continue
        for piece in byte_ranges(path, part_bytes):
            parts.append(HistoryPart(len(parts), str(path), kind, piece.start, piece.stop))
    return parts


def _located(
    client: Client | None, parts: list[HistoryPart], *, every: bool = False
) -> list[HistoryPart]:
    """The parts, each PokerStars part (``every``: each part of a file cut in parts, PHH too)
    told the numbers of its first line and hand in its file (the parts before it in the file
    are counted on the workers)."""
    told = ("pokerstars", "phh") if every else ("pokerstars",)
    counted = [part for part in parts if part.file_format in told and part.stop is not None]
    if not counted:
        return parts
    counts = {
        counted[index].index: found
        for index, found in run_tasks(client, count_part, [(part,) for part in counted])
    }
    located = []
    path, lines, hands = None, 0, 0
    for part in parts:
        if part.path != path:
            path, lines, hands = part.path, 0, 0
        if part.file_format in told:
            part = replace(part, first_line=lines + 1, first_hand=hands + 1)
            more_lines, more_hands = counts.get(part.index, (0, 0))
            lines, hands = lines + more_lines, hands + more_hands
        located.append(part)
    return located


class _InOrder:
    """The parts' results added up in file order (the results of one process), each part's bad
    hands moved down by the lines of the parts before it that it did not count."""

    def __init__(self, parts: list[HistoryPart], summary: HistoriesSummary, strict: bool) -> None:
        self.parts = parts
        self.summary = summary
        self.strict = strict
        self.found: dict[int, PartDone] = {}
        self.next = 0
        self.lines: dict[str, int] = {}

    def add(self, index: int, done: PartDone) -> list[int]:
        """Take a part's result; the parts added to the summary now, in order."""
        self.found[index] = done
        added = []
        while self.next in self.found:
            done = self.found.pop(self.next)
            part = self.parts[self.next]
            before = self.lines.get(part.path, 0)
            ready = done.summary.moved_down(before - (part.first_line - 1))
            self.lines[part.path] = before + done.lines
            if self.strict and ready.errors:
                first = ready.errors[0]
                raise StrictError(first.reason, file=first.file, hand=first.hand, line=first.line)
            self.summary.merge(ready)
            added.append(self.next)
            self.next += 1
        return added


def analyse_histories(
    paths: Sequence[str | Path],
    *,
    out: Path | None = None,
    out_form: OutForm = "auto",
    follow: str | None = None,
    file_format: FileFormat = "auto",
    strict: bool = False,
    allin_ev: bool = True,
    client: Client | None = None,
    progress: Progress | None = None,
    part_bytes: int = PART_BYTES,
) -> HistoriesSummary:
    """Replay every hand of ``paths`` (files, folders, globs): the summary, and with ``out`` one
    Parquet row per hand and player.

    ``out_form``: ``file``, one Parquet file (written atomically: it appears whole or not at
    all); ``dataset``, a folder of part files that the workers write side by side
    (``part-00000.parquet``, …; pyarrow, DuckDB, Polars and Spark read it as one table), put in
    place at the end, replacing only a dataset of this kind or an empty folder; ``auto``, a
    dataset with a ``client``, else a file. ``out`` is never one of the inputs.

    ``follow`` names a player whose net and all-in EV adjusted net are kept hand by hand
    (:attr:`HistoriesSummary.series`, for a plot). With ``client`` the parts run on Dask (the
    files and ``out``'s folder must be visible to its workers); the results are those of one
    process. ``strict`` stops at the first bad hand, raising it, and writes nothing.
    ``progress(bytes done, bytes)`` as parts finish.
    """
    _check_options(file_format, strict=strict, allin_ev=allin_ev)
    files = history_files(paths)
    expect(out, (str, os.PathLike, type(None)), "out", "a path or None")
    expect(follow, (str, type(None)), "follow", "a player's name or None")
    if out_form not in ("auto", "file", "dataset"):
        raise ParameterError("{name} must be auto, file or dataset", "out_form")
    if isinstance(part_bytes, bool) or not isinstance(part_bytes, int) or part_bytes < 1:
        raise ParameterError("{name} must be a whole number of bytes, 1 or more", "part_bytes")
    if progress is not None and not callable(progress):
        raise ParameterError("{name} must be a function or None", "progress")
    form = out_form if out_form != "auto" else ("dataset" if client is not None else "file")
    if out is not None:
        out = Path(out)
        refuse_inputs(out, files, "out")
        if form == "dataset":
            check_dataset_target(out)
        else:
            check_target(out)
        require_extra("files", "writing Parquet (out)")
        out.parent.mkdir(parents=True, exist_ok=True)
    settings = _Settings(strict, allin_ev, follow)
    parts = plan_parts(files, file_format, part_bytes)
    total = sum(part.size for part in parts)
    summary = HistoriesSummary(files=len(files))
    if client is None and form == "file":
        _run_here(parts, total, summary, out, settings, progress)
    else:
        parts = _located(client, parts)
        dataset, one_file = (out, None) if form == "dataset" else (None, out)
        _run_parts(client, parts, total, summary, dataset, one_file, settings, progress)
    return summary


def _run_here(
    parts: list[HistoryPart],
    total: int,
    summary: HistoriesSummary,
    out: Path | None,
    settings: _Settings,
    progress: Progress | None,
) -> None:
    """The parts one after another in this process, numbered as they go, rows to one file."""
    from pokerscore.histories.parts import BlockReplays, run_part  # the kernels: loaded here

    with contextlib.ExitStack() as stack:
        write = None
        if out is not None:
            import pyarrow.parquet as pq

            temporary = stack.enter_context(atomic_path(out))
            write = stack.enter_context(pq.ParquetWriter(temporary, schema())).write_table
        replays = stack.enter_context(BlockReplays())  # a part's next block, and the next part's
        in_order = _InOrder(parts, summary, settings.strict)
        done = 0
        numbers: dict[str, tuple[int, int]] = {}
        for at, part in enumerate(parts):
            lines, hands = numbers.get(part.path, (0, 0))
            part = replace(part, first_line=lines + 1, first_hand=hands + 1)
            replays.following = parts[at + 1] if at + 1 < len(parts) else None
            found = run_part(
                part,
                strict=settings.strict,
                allin_ev=settings.allin_ev,
                follow=settings.follow,
                write=write,
                replays=replays,
            )
            numbers[part.path] = (lines + found.lines, hands + found.hands)
            in_order.parts[part.index] = part
            in_order.add(part.index, found)
            done += part.size
            if progress is not None:
                progress(done, total)


def _run_parts(
    client: Client | None,
    parts: list[HistoryPart],
    total: int,
    summary: HistoriesSummary,
    dataset: Path | None,
    one_file: Path | None,
    settings: _Settings,
    progress: Progress | None,
) -> None:
    """The parts as tasks on the client's workers (in this process without one), submitted at
    once; their results added up in file order as they come. The workers write a dataset's
    parts themselves; for one file they stage Arrow files, appended here in file order while
    later parts still run."""
    out = dataset or one_file
    staging = None if out is None else staging_folder(out)
    form: Literal["parquet", "arrow"] = "arrow" if one_file is not None else "parquet"
    try:
        with contextlib.ExitStack() as stack:
            writer = None
            if one_file is not None:
                import pyarrow.parquet as pq

                temporary = stack.enter_context(atomic_path(one_file))
                writer = stack.enter_context(pq.ParquetWriter(temporary, schema()))
            tasks = _tasks_in_order(
                client, parts, total, summary, settings, progress, staging, form, write_part
            )
            for added in tasks:
                if writer is not None and staging is not None:
                    _append(staging / part_name(added.index, len(parts), ".arrow"), writer)
        if dataset is not None and staging is not None:
            replace_folder(staging, dataset)
    finally:
        if staging is not None and staging.exists():
            shutil.rmtree(staging, ignore_errors=True)


def _tasks_in_order(
    client: Client | None,
    parts: list[HistoryPart],
    total: int,
    summary: HistoriesSummary,
    settings: _Settings,
    progress: Progress | None,
    folder: Path | None,
    form: Literal["parquet", "arrow"],
    work: Callable[[PartTask], PartDone],
) -> Iterator[HistoryPart]:
    """Each part a task of ``work`` (its target a file of ``folder``, named by the part, or
    None), submitted at once; the parts added to ``summary`` in file order as their results
    come, each given once added (the parts before it added too)."""
    resolved = None if folder is None else folder.resolve()

    def arguments() -> Iterator[tuple[PartTask]]:
        for part in parts:
            name = part_name(part.index, len(parts), f".{form}")
            target = None if resolved is None else str(resolved / name)
            yield (PartTask(part, target, form, settings.allin_ev, settings.follow),)

    in_order = _InOrder(parts, summary, settings.strict)
    done = 0
    for index, found in run_tasks(client, work, arguments(), retries=2):
        done += parts[index].size
        if progress is not None:
            progress(done, total)
        for added in in_order.add(index, found):
            yield parts[added]


def run_parts_into(
    paths: Sequence[str | Path],
    folder: Path,
    work: Callable[[PartTask], PartDone],
    *,
    file_format: FileFormat = "auto",
    client: Client | None = None,
    progress: Progress | None = None,
    part_bytes: int | None = None,
) -> tuple[HistoriesSummary, list[HistoryPart], Iterator[HistoryPart]]:
    """The run of the plain run's parts on Dask (or in this process) for another job (a
    database import): each part a task of ``work`` (a function the workers can import),
    told a Parquet target in ``folder`` (the caller's: made and removed by it; visible to the
    workers), never strict, all-in EV valued. Gives the summary (filled as the parts are
    added), the parts, and an iterator that runs them, giving each part once it is added (in
    file order)."""
    _check_options(file_format)
    files = history_files(paths)
    cut = PART_BYTES if part_bytes is None else part_bytes
    # every part told its first line: what it stores of a hand holds the hand's line
    parts = _located(client, plan_parts(files, file_format, cut), every=True)
    summary = HistoriesSummary(files=len(files))
    total = sum(part.size for part in parts)
    settings = _Settings(False, True, None)
    added = _tasks_in_order(
        client, parts, total, summary, settings, progress, folder, "parquet", work
    )
    return summary, parts, added


def write_part(task: PartTask) -> PartDone:
    """:func:`~pokerscore.histories.parts.run_part_to`, as a task: the readers and kernels are
    loaded on the worker that runs it, not in the process that submits it."""
    from pokerscore.histories.parts import run_part_to

    return run_part_to(task)


def _append(staged: Path, writer: Any) -> None:
    """A part's staged rows onto the Parquet file, a record batch at a time; then removed."""
    import pyarrow as pa

    with pa.memory_map(str(staged)) as source:
        reader = pa.ipc.open_file(source)
        for batch in range(reader.num_record_batches):
            writer.write_batch(reader.get_batch(batch))
    staged.unlink()
