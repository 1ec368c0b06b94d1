"""Hand files on Dask: a large file, or many, cut into parts scored on the workers of a client the
caller brings.

Each part is scored by :func:`~pokerscore.files.scoring.score_file` on a worker, exactly as one
process scores a whole file, and writes one file of a Parquet dataset (``part-00000.parquet``,
…) and its bad rows; the parts' summaries are then added up here, their row numbers moved by the
rows of the parts before them, so they are global (counted over the files in name order). Text
files are cut at line starts by byte ranges, Parquet files by row groups; a CSV or UCI file is
one part (a directory of them gives the parallelism).

The dataset is written into a hidden folder beside ``out`` and renamed into place at the end. An
existing ``out`` is replaced only when it is a dataset of this kind (a folder holding nothing but
``part-NNNNN.parquet`` files) or an empty folder: anything else there is the user's, and the run
refuses before it starts. The output folder and the files must be visible to every worker (one
machine, or a shared file system).
"""

from __future__ import annotations

import csv
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Final

import pyarrow.parquet as pq

from pokerscore._support.atomic import atomic_path
from pokerscore._support.tasks import run_tasks
from pokerscore.cards import PokerScoreError
from pokerscore.files.datasets import (
    check_dataset_target,
    part_name,
    replace_folder,
    staging_folder,
)
from pokerscore.files.finding import glob_files
from pokerscore.files.formats import Format, detect_format
from pokerscore.files.reading import Span
from pokerscore.files.scoring import (
    KEPT_DISAGREEMENTS,
    KEPT_ERRORS,
    BadRowError,
    ScoreJob,
    Summary,
    score_file,
)
from pokerscore.files.writing import error_writer

if TYPE_CHECKING:
    from distributed import Client

PART_BYTES: Final = 64 << 20
"""Bytes of text per part: each worker's piece of work is a few seconds."""


@dataclass(frozen=True)
class Part:
    """A piece of a file: lines starting in a byte range (text), a range of row groups
    (Parquet), or the whole file (``None``)."""

    index: int
    path: str
    file_format: str
    span: Span | None

    @property
    def name(self) -> str:
        """The part's file name stem: ``part-00000``."""
        return f"part-{self.index:05d}"


def input_files(source: str) -> list[Path]:
    """The files a source names: a file, every file of a directory, or a glob, in name order."""
    path = Path(source)
    if path.is_dir():
        found = sorted(item for item in path.iterdir() if item.is_file())
    elif path.is_file():
        found = [path]
    else:
        found = glob_files(source)
    visible = [item for item in found if not item.name.startswith((".", "_"))]
    if not visible:
        raise PokerScoreError(f"no such file, folder or pattern: {source}")
    return visible


def plan_parts(files: Sequence[Path], declared: Format, part_bytes: int = PART_BYTES) -> list[Part]:
    """The parts of the files, in order."""
    parts: list[Part] = []
    for path in files:
        kind = detect_format(path, declared)
        if kind is Format.TEXT:
            size = path.stat().st_size
            starts = range(0, max(size, 1), part_bytes)
            spans: list[Span | None] = [(start, min(start + part_bytes, size)) for start in starts]
        elif kind is Format.PARQUET:
            metadata = pq.ParquetFile(path).metadata
            sizes = [metadata.row_group(n).total_byte_size for n in range(metadata.num_row_groups)]
            spans, first, gathered = [], 0, 0
            for group, size in enumerate(sizes):
                gathered += size
                if gathered >= part_bytes or group == len(sizes) - 1:
                    spans.append((first, group + 1))
                    first, gathered = group + 1, 0
            spans = spans or [(0, 0)]
        else:
            spans = [None]
        parts += [Part(len(parts) + n, str(path), kind.value, span) for n, span in enumerate(spans)]
    return parts


@dataclass
class PartResult:
    """What a worker found in one part: its summary (rows numbered from 1 within the part)."""

    summary: Summary
    wrote: bool


def score_part(part: Part, job: ScoreJob) -> PartResult:
    """Score one part on a worker: ``job`` names the part's output and errors files."""
    summary = score_file(job, part=part.span)
    wrote = job.out is not None and summary.last_row > 0
    if job.out is not None and not wrote:  # a part without rows: no file of another schema
        job.out.unlink(missing_ok=True)
    return PartResult(summary, wrote)


def _add(total: Summary, part: Summary, offset: int) -> None:
    total.rows += part.rows
    total.scored += part.scored
    total.bad += part.bad
    for slug, count in part.counts.items():
        total.counts[slug] = total.counts.get(slug, 0) + count
    if part.agree is not None:
        total.agree = (total.agree or 0) + part.agree
        total.disagree = (total.disagree or 0) + (part.disagree or 0)
    total.errors += [(row + offset, message) for row, message in part.errors]
    total.disagreements += [
        (row + offset, label, category) for row, label, category in part.disagreements
    ]
    total.last_row = offset + part.last_row


def score_on_cluster(
    job: ScoreJob,
    client: Client | None,
    *,
    on_progress: Callable[[int, int], None] | None = None,
    part_bytes: int = PART_BYTES,
    retries: int = 1,
) -> Summary:
    """Score a file, a folder or a glob of files (``job.source``) on the client's workers (in
    this process when ``client`` is None): the summary of the whole, with rows numbered
    globally, the scored rows written as a Parquet dataset (a folder of part files) at
    ``job.out`` and every bad row to ``job.errors`` (CSV). ``on_progress(parts done, rows)``.

    With ``job.strict`` the first bad row (in file order) raises :class:`BadRowError` and
    nothing is written.
    """
    if job.out is not None:
        check_dataset_target(job.out)
    replace(job, out=None).check_outputs()
    parts = plan_parts(input_files(str(job.source)), job.file_format, part_bytes)
    staging = None if job.out is None else staging_folder(job.out, "part")
    scratch = None if job.errors is None else staging_folder(job.errors, "scratch")
    try:
        arguments = [
            (
                part,
                replace(
                    job,
                    source=Path(part.path),
                    file_format=Format(part.file_format),
                    out=None
                    if staging is None
                    else staging.resolve() / part_name(part.index, len(parts)),
                    errors=None if scratch is None else scratch.resolve() / f"{part.name}.csv",
                    strict=False,
                ),
            )
            for part in parts
        ]
        results: list[PartResult | None] = [None] * len(parts)
        rows, finished = 0, 0
        for index, done in run_tasks(client, score_part, arguments, retries=retries):
            results[index] = done
            rows, finished = rows + done.summary.rows, finished + 1
            if on_progress is not None:
                on_progress(finished, rows)
        total = Summary(counts={category.slug: 0 for category in job.ranking.categories})
        offsets = []
        for result in results:
            assert result is not None
            offsets.append(total.last_row)
            _add(total, result.summary, total.last_row)
        total.errors.sort()
        total.disagreements.sort()
        if job.strict and total.errors:
            row, message = total.errors[0]
            raise BadRowError(f"row {row}: {message}")
        total.errors = total.errors[:KEPT_ERRORS]
        total.disagreements = total.disagreements[:KEPT_DISAGREEMENTS]
        if job.errors is not None and scratch is not None:
            _merge_errors(scratch, job.errors, parts, offsets)
        if job.out is not None and staging is not None:
            replace_folder(staging, job.out)
        return total
    finally:
        for folder in (staging, scratch):
            if folder is not None and folder.exists():
                shutil.rmtree(folder, ignore_errors=True)


def _merge_errors(scratch: Path, errors: Path, parts: Sequence[Part], offsets: list[int]) -> None:
    """The parts' bad rows in one CSV file, row numbers made global, written atomically."""
    with atomic_path(errors) as temporary, temporary.open("w", encoding="utf-8", newline="") as out:
        write = error_writer(out)
        for part, offset in zip(parts, offsets, strict=True):
            path = scratch / f"{part.name}.csv"
            if not path.exists():
                continue
            with path.open(encoding="utf-8", newline="") as handle:
                for record in csv.DictReader(handle):
                    write(int(record["row"]) + offset, record["text"], record["message"])
