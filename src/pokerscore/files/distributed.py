"""Hand files on Dask: a large file, or many, cut into parts scored on the workers.

Each part is scored by :func:`~pokerscore.files.scoring.score_file` on a worker, exactly as one
process scores a whole file, and writes one file of a Parquet dataset (``part-00000.parquet``,
…) and its bad rows; the parts' summaries are then added up here, their row numbers moved by the
rows of the parts before them, so they are global (counted over the files in name order). Text
files are cut at line starts by byte ranges, Parquet files by row groups; a CSV or UCI file is
one part (a directory of them gives the parallelism).

Dask is imported by :func:`score_on_cluster` only (through
:func:`pokerscore._support.tasks.dask_client`): ``batch`` without ``--workers`` or ``--scheduler``
never loads it. The output folder and the files must be visible to every worker (one machine, or
a shared file system).
"""

from __future__ import annotations

import csv
import glob
import os
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from pokerscore.cards import PokerScoreError
from pokerscore.engine import Ranking, get_ranking
from pokerscore.files.formats import Format, detect_format
from pokerscore.files.scoring import KEPT_DISAGREEMENTS, KEPT_ERRORS, BadRowError, Summary

PART_BYTES: Final = 64 << 20
"""Bytes of text per part: each worker's piece of work is a few seconds."""


@dataclass(frozen=True)
class Part:
    """A piece of a file: lines starting in a byte range (text), a range of row groups
    (Parquet), or the whole file (``None``)."""

    index: int
    path: str
    file_format: str
    span: tuple[int, int | None] | None


def input_files(source: str) -> list[Path]:
    """The files a source names: a file, every file of a directory, or a glob, in name order."""
    path = Path(source)
    if path.is_dir():
        found = sorted(item for item in path.iterdir() if item.is_file())
    elif path.is_file():
        found = [path]
    else:
        found = sorted(Path(name) for name in glob.glob(source) if Path(name).is_file())
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
            spans: list[tuple[int, int | None] | None] = [
                (start, min(start + part_bytes, size)) for start in starts
            ]
        elif kind is Format.PARQUET:
            import pyarrow.parquet as pq

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


def score_part(
    part: Part,
    ranking_name: str,
    out_folder: str | None,
    errors_folder: str | None,
    cards_column: str | None,
    card_columns: Sequence[str] | None,
    describe: bool,
) -> PartResult:
    """Score one part on a worker: its Parquet file and its bad rows written into the folders."""
    from pokerscore.files.scoring import score_file

    name = f"part-{part.index:05d}"
    out = Path(out_folder, f"{name}.parquet") if out_folder else None
    summary = score_file(
        Path(part.path),
        ranking=get_ranking(ranking_name),
        file_format=Format(part.file_format),
        out=out,
        cards_column=cards_column,
        card_columns=card_columns,
        describe=describe,
        errors=Path(errors_folder, f"{name}.csv") if errors_folder else None,
        part=part.span,
    )
    wrote = out is not None and summary.last_row > 0
    if out is not None and not wrote:  # a part without rows: no file of another schema
        out.unlink(missing_ok=True)
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
    source: str,
    *,
    ranking: Ranking,
    scheduler: str | None,
    workers: int | None,
    file_format: Format = Format.AUTO,
    out: Path | None = None,
    cards_column: str | None = None,
    card_columns: Sequence[str] | None = None,
    describe: bool = False,
    errors: Path | None = None,
    strict: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
    part_bytes: int = PART_BYTES,
) -> Summary:
    """Score a file, a folder or a glob of files on Dask: the summary of the whole, with rows
    numbered globally, the scored rows written as a Parquet dataset (a folder of part files)
    at ``out`` and every bad row to ``errors`` (CSV). ``on_progress(parts done, rows)``.

    With ``strict`` the first bad row (in file order) raises :class:`BadRowError` and nothing
    is written.
    """
    from pokerscore._support.tasks import dask_client
    from pokerscore.files.formats import pyarrow_required

    pyarrow_required()
    parts = plan_parts(input_files(source), file_format, part_bytes)
    staging = Path(f"{out}.{os.getpid()}.part") if out is not None else None
    scratch = Path(f"{errors or out or 'pokerscore'}.{os.getpid()}.errors")
    try:
        if staging is not None:
            staging.mkdir(parents=True)
        scratch.mkdir(parents=True)
        with dask_client(scheduler, workers) as client:
            futures = [
                client.submit(
                    score_part,
                    part,
                    ranking.name,
                    None if staging is None else str(staging.resolve()),
                    str(scratch.resolve()),
                    cards_column,
                    card_columns,
                    describe,
                    pure=False,
                )
                for part in parts
            ]
            results: list[PartResult | None] = [None] * len(parts)
            from distributed import as_completed

            place = {future.key: index for index, future in enumerate(futures)}
            for done, future in enumerate(as_completed(futures), 1):  # type: ignore[no-untyped-call]
                result = future.result()
                results[place[future.key]] = result
                if on_progress is not None:
                    on_progress(done, sum(r.summary.rows for r in results if r is not None))
        total = Summary(counts={category.slug: 0 for category in ranking.categories})
        offsets = []
        for result in results:
            assert result is not None
            offsets.append(total.last_row)
            _add(total, result.summary, total.last_row)
        total.errors.sort()
        total.disagreements.sort()
        if strict and total.errors:
            row, message = total.errors[0]
            raise BadRowError(f"row {row}: {message}")
        total.errors = total.errors[:KEPT_ERRORS]
        total.disagreements = total.disagreements[:KEPT_DISAGREEMENTS]
        if errors is not None:
            _merge_errors(scratch, errors, parts, offsets)
        if out is not None and staging is not None:
            if out.exists():
                shutil.rmtree(out) if out.is_dir() else out.unlink()
            os.replace(staging, out)
        return total
    finally:
        for folder in (staging, scratch):
            if folder is not None and folder.exists():
                shutil.rmtree(folder, ignore_errors=True)


def _merge_errors(scratch: Path, errors: Path, parts: Sequence[Part], offsets: list[int]) -> None:
    """The parts' bad rows in one CSV file, row numbers made global, written atomically."""
    from pokerscore._support.atomic import atomic_path
    from pokerscore.files.reading import error_writer

    with atomic_path(errors) as temporary, temporary.open("w", encoding="utf-8", newline="") as out:
        write = error_writer(out)
        for part, offset in zip(parts, offsets, strict=True):
            path = scratch / f"part-{part.index:05d}.csv"
            if not path.exists():
                continue
            with path.open(encoding="utf-8", newline="") as handle:
                for record in csv.DictReader(handle):
                    write(int(record["row"]) + offset, record["text"], record["message"])
