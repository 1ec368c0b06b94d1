"""``batch``: score a file of hands of any size (text, CSV/TSV, Parquet, UCI), streamed."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final

import typer
from rich.text import Text

from pokerscore.cli.commands.rankings import RankingOption, ranking_named
from pokerscore.cli.lines import SHOWN_ERRORS
from pokerscore.cli.output import (
    BAD_INPUT,
    JsonOption,
    cluster,
    console,
    fail,
    print_json,
    progress_bar,
    user_errors,
)

if TYPE_CHECKING:
    from pokerscore.files.scoring import ScoreJob, Summary

SHOWN_DISAGREEMENTS: Final = 10

FORMATS: Final = ("auto", "text", "csv", "parquet", "uci")


def batch_command(
    source: Annotated[
        Path, typer.Argument(metavar="IN", help="A file of hands: text, CSV/TSV, Parquet or UCI.")
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", help="Write the rows with value and category: .parquet, else CSV."
        ),
    ] = None,
    file_format: Annotated[
        str, typer.Option("--format", "-f", metavar="|".join(FORMATS), help="The input's format.")
    ] = "auto",
    ranking: RankingOption = "high",
    cards_column: Annotated[
        str | None,
        typer.Option("--cards-column", metavar="NAME", help="The column of card strings."),
    ] = None,
    card_columns: Annotated[
        str | None,
        typer.Option(
            "--card-columns", metavar="C1,C2,...", help="5 to 7 columns of one card (or id) each."
        ),
    ] = None,
    describe: Annotated[
        bool, typer.Option("--describe", help="Add a description column to the output.")
    ] = False,
    errors: Annotated[
        Path | None,
        typer.Option("--errors", metavar="ERRFILE", help="Write every bad row here (CSV)."),
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first bad row.")] = False,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            metavar="ADDRESS",
            help="Score on this running Dask cluster (IN may be a folder or a glob; --out is "
            "then a Parquet dataset folder).",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", metavar="N", help="Score on a local Dask cluster of N worker processes."
        ),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Score every hand of a file, streamed in chunks: counts per category, and the rows with
    their value and category with --out.

    Text: one hand of 5 to 7 cards a line. CSV/TSV and Parquet: a column of card strings, or 5
    to 7 columns of card strings or ids (0..51). UCI Poker Hand: S1,C1,...,S5,C5[,CLASS], the
    class checked. A bad row is reported with its number and skipped, and the exit status is
    then 1 (--strict: stop at the first, status 2).
    """
    from pokerscore.cli.lines import LineErrors
    from pokerscore.files.formats import Format, pyarrow_required

    if file_format not in FORMATS:
        fail(f"unknown format {file_format!r}: use one of {', '.join(FORMATS)}")
    if cards_column and card_columns:
        fail("give --cards-column or --card-columns, not both")
    columns = [name.strip() for name in card_columns.split(",")] if card_columns else []
    if card_columns and not 5 <= len(columns) <= 7:
        fail(f"--card-columns names 5 to 7 columns, not {len(columns)}")
    for flag, path in (("--out", out), ("--errors", errors)):
        if path is not None and path.name in ("", ".", ".."):
            fail(f"{flag} names no file: give a file name")
    on_dask = scheduler is not None or workers is not None
    if not on_dask and not source.is_file():
        fail(f"no such file: {source}" if not source.exists() else f"{source} is not a file")
    if on_dask and out is not None and out.suffix.lower() in (".csv", ".tsv", ".txt"):
        fail("with --workers or --scheduler, --out is a Parquet dataset (a folder), not CSV")
    rules = ranking_named(ranking)
    report = LineErrors("row")  # on stderr with --json too: the JSON keeps the first 100
    flags = {
        "file_format": "--format",
        "out": "--out",
        "errors": "--errors",
        "columns": "--card-columns" if card_columns else "--cards-column",
    }
    with user_errors(flags):
        pyarrow_required()
        from pokerscore.files.scoring import ScoreJob

        job = ScoreJob(
            source,
            rules,
            Format(file_format),
            tuple([cards_column] if cards_column else columns),
            out,
            errors,
            describe,
            strict,
        )
        if on_dask:
            summary = _score_on_dask(job, scheduler, workers, json_output)
            for row, message in summary.errors[:SHOWN_ERRORS]:
                report.add(row, message)
            report.count = summary.bad
        else:
            summary = _score_here(job, report.add, json_output)
    report.close(f" (every one in {errors})" if errors else " (--errors FILE lists them all)")
    if json_output:
        print_json(summary.as_json())
    else:
        line = Text(f"{summary.rows:,} rows read, {summary.scored:,} scored, {summary.bad:,} bad")
        console.print(line)
        for slug, count in reversed(summary.counts.items()):
            share = count / summary.scored if summary.scored else 0.0
            console.print(f"  {slug:<17} {count:>13,}  {share:8.4%}")
        if summary.agree is not None:
            console.print(
                f"class column: {summary.agree:,} rows agree, {summary.disagree:,} disagree"
            )
            for row, label, category in summary.disagreements[:SHOWN_DISAGREEMENTS]:
                console.print(f"  row {row}: class {label}, scored {category}")
        if out is not None:
            console.print(Text(f"wrote {out}", style="dim"))
    if summary.bad:
        raise typer.Exit(1)


__all__ = ["BAD_INPUT", "batch_command"]


def _score_on_dask(
    job: ScoreJob, scheduler: str | None, workers: int | None, json_output: bool
) -> Summary:
    """Score on a Dask client opened here (a local cluster, or the scheduler's), with a bar."""
    from pokerscore.files.distributed import score_on_cluster

    with progress_bar(disable=json_output) as bar, cluster(scheduler, workers) as client:
        task = bar.add_task("parts", total=None)
        return score_on_cluster(
            job,
            client,
            on_progress=lambda parts, rows: bar.update(
                task, description=f"{parts} parts, {rows:,} rows"
            ),
        )


def _score_here(job: ScoreJob, on_bad: Callable[[int, str], None], json_output: bool) -> Summary:
    """Score the file in this process, with a progress bar."""
    from pokerscore.files.formats import Format
    from pokerscore.files.scoring import score_file

    with progress_bar(disable=json_output) as bar:
        task = bar.add_task("scoring", total=max(job.source.stat().st_size, 1))
        start = time.perf_counter()

        def on_progress(done: int, rows: int) -> None:
            rate = rows / max(time.perf_counter() - start, 1e-9)
            bar.update(task, completed=done, description=f"{rows:,} rows, {rate:,.0f} rows/s")

        if job.file_format is Format.PARQUET or job.source.suffix.lower() in (".parquet", ".pq"):
            from pokerscore.files.columns import parquet_rows

            # Not Parquet after all: score_file says so in one line.
            with contextlib.suppress(Exception):
                bar.update(task, total=max(parquet_rows(job.source), 1))
        return score_file(job, on_bad=on_bad, on_progress=on_progress)
