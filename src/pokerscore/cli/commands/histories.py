"""``histories``: replay hand histories (PHH, PokerStars), per-player results and statistics."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final, cast

import typer
from rich.text import Text

from pokerscore.cli.output import (
    JsonOption,
    cluster,
    console,
    counted,
    error_console,
    fail,
    print_json,
    progress_bar,
    report_error,
    user_errors,
)

if TYPE_CHECKING:
    from distributed import Client

    from pokerscore.histories.reading import FileFormat
    from pokerscore.histories.running import OutForm
    from pokerscore.histories.summary import HistoriesSummary

SHOWN_ERRORS: Final = 10
SHOWN_DISAGREEMENTS: Final = 10
SHOWN_PLAYERS: Final = 25
OUT_FORMS: Final = ("auto", "file", "dataset")
FLAGS: Final = {"out": "--out", "plot": "--plot", "out_form": "--out-form"}


def histories_command(
    paths: Annotated[
        list[str],
        typer.Argument(
            metavar="PATH...",
            help="Hand-history files (.phh, .phhs, PokerStars .txt), folders or globs.",
        ),
    ],
    player: Annotated[
        str | None,
        typer.Option("--player", "-p", metavar="NAME", help="Show this player's figures only."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            metavar="PATH",
            help="Write one row per hand and player to Parquet: a file, or with --workers or "
            "--scheduler a dataset (a folder of part files the workers write).",
        ),
    ] = None,
    out_form: Annotated[
        str,
        typer.Option(
            "--out-form",
            metavar="|".join(OUT_FORMS),
            help="--out as one file or as a dataset (auto: a dataset on Dask, else a file).",
        ),
    ] = "auto",
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", metavar="FILE.png", help="Draw --player's net and all-in EV adjusted net."
        ),
    ] = None,
    file_format: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            metavar="auto|phh|pokerstars|SITE",
            help="The files' format (auto: told from each file; SITE: a site's, e.g. ggpoker).",
        ),
    ] = "auto",
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", "-w", metavar="N", help="Run on a local Dask cluster of N workers."
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", metavar="ADDRESS", help="Run on this running Dask cluster."),
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first bad hand.")] = False,
    json_output: JsonOption = False,
) -> None:
    """Replay every hand: bets, calls, raises, side pots, showdowns and rake, checked against what
    the site recorded; all-in EV; a table of each player's hands, net, all-in EV adjusted net,
    bb/100, VPIP, PFR, WTSD and W$SD.

    A bad hand (unknown variant, illegal action, stacks that don't add up, a card seen twice) is
    reported with its file, hand and line and skipped, and the exit status is then 1 (--strict:
    stop at the first, status 2). Where the site's record of the result differs from the
    replay, the hand counts as a disagreement and is reported.
    """
    from pokerscore.histories.reading import format_names

    if file_format not in format_names():
        fail(f"unknown format {file_format!r}: use one of {', '.join(format_names())}")
    if workers is not None and scheduler is not None:
        fail("--workers sizes a local cluster: leave it out with --scheduler")
    if plot is not None and player is None:
        fail("--plot draws one player: give --player NAME")
    if out_form not in OUT_FORMS:
        fail(f"unknown --out-form {out_form!r}: use one of {', '.join(OUT_FORMS)}")
    started = time.perf_counter()
    with progress_bar(disable=json_output) as bar, user_errors(FLAGS):
        if plot is not None:
            from pokerscore.files.finding import refuse_inputs
            from pokerscore.histories.reading import history_files

            refuse_inputs(plot, history_files(paths), "plot")
        task = bar.add_task("reading", total=None)

        def advance(done: int, total: int) -> None:
            elapsed = time.perf_counter() - started
            rate = done / elapsed / (1 << 20) if elapsed else 0.0
            bar.update(task, completed=done, total=total, description=f"{rate:,.1f} MB/s")

        options = _Options(out, out_form, player, file_format, strict)
        summary = _run(paths, options, workers, scheduler, advance)
        if plot is not None and player is not None:
            from pokerscore.histories.plots import plot_player

            plot_player(summary.series, player, plot)
    seconds = time.perf_counter() - started
    for bad in summary.errors[:SHOWN_ERRORS]:
        report_error(bad.message)
    if summary.bad > SHOWN_ERRORS:
        report_error(f"{summary.bad:,} bad hands in all (--json lists the first 100)")
    if json_output:
        payload = summary.as_json(player)
        payload["seconds"] = round(seconds, 3)
        print_json(payload)
    else:
        _print(summary, player, out, plot, seconds)
    if summary.bad:
        raise typer.Exit(1)


@dataclass(frozen=True)
class _Options:
    """The command's options that go to the library as they are."""

    out: Path | None
    out_form: str
    player: str | None
    file_format: str
    strict: bool


def _run(
    paths: list[str],
    options: _Options,
    workers: int | None,
    scheduler: str | None,
    advance: Callable[[int, int], None],
) -> HistoriesSummary:
    from pokerscore.histories.reading import StrictError
    from pokerscore.histories.running import analyse_histories

    def run(client: Client | None) -> HistoriesSummary:
        return analyse_histories(
            paths,
            out=options.out,
            out_form=cast("OutForm", options.out_form),
            follow=options.player,
            file_format=cast("FileFormat", options.file_format),
            strict=options.strict,
            client=client,
            progress=advance,
        )

    try:
        if workers is None and scheduler is None:
            from pokerscore.engine.jit import compile_notice

            with compile_notice(_compiling):
                return run(None)
        with cluster(scheduler, workers) as client:
            return run(client)
    except StrictError as error:
        fail(str(error))


def _compiling() -> None:
    error_console.print(
        Text(
            "note: compiling the hand-history kernels for their first run (a few minutes; "
            "they are cached for the next)",
            style="dim",
        )
    )


def _rate(value: float) -> str:
    return f"{value:,.1f}" if abs(value) < 100 else f"{value:,.0f}"


def _money(value: float) -> str:
    """An amount in at most 8 characters: cents below ten thousand, then thousands (k) and
    millions (M), as a tournament's chips run."""
    size = abs(value)
    if size >= 10_000_000:
        return f"{value / 1e6:,.0f}M"
    if size >= 1_000_000:
        return f"{value / 1e6:.2f}M"
    if size >= 10_000:
        return f"{value / 1e3:,.1f}k"
    return f"{value:,.2f}"


def _print(
    summary: HistoriesSummary,
    player: str | None,
    out: Path | None,
    plot: Path | None,
    seconds: float,
) -> None:
    from rich import box
    from rich.table import Table

    players = summary.players(player)
    if player is not None and not players:
        report_error(f"{player} plays no hand in these files")
    table = Table(
        title="Players",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
        collapse_padding=True,
    )
    table.add_column("player", no_wrap=True, max_width=14, overflow="ellipsis")
    for heading in ("hands", "net", "EV net", "bb/100", "VPIP", "PFR", "WTSD", "W$SD"):
        table.add_column(heading, justify="right", no_wrap=True)
    for stats in players[:SHOWN_PLAYERS]:
        table.add_row(
            Text(stats.player),
            f"{stats.hands:,}",
            _money(stats.net),
            _money(stats.allin_ev_net),
            _rate(stats.bb_per_100),
            f"{stats.vpip:.0%}",
            f"{stats.pfr:.0%}",
            f"{stats.wtsd:.0%}",
            f"{stats.wsd:.0%}",
        )
    if players:
        console.print(table)
    if len(players) > SHOWN_PLAYERS:
        console.print(
            Text(
                f"… and {len(players) - SHOWN_PLAYERS:,} more players (--player NAME)", style="dim"
            )
        )
    console.print(
        Text(
            f"{counted(summary.hands, 'hand')} replayed from {counted(summary.files, 'file')}, "
            f"{summary.bad:,} bad, {summary.disagreement_count:,} disagreeing with the site "
            f"({seconds:.1f} s)"
        )
    )
    if summary.disagreement_count:
        kinds = ", ".join(
            f"{kind} {count:,}" for kind, count in sorted(summary.disagreement_kinds.items())
        )
        console.print(Text(f"disagreements: {kinds}"))
        for disagreement in summary.disagreements[:SHOWN_DISAGREEMENTS]:
            console.print(Text(f"  {disagreement}"), soft_wrap=True)
    for path in (out, plot):
        if path is not None:
            error_console.print(Text(f"wrote {path}", style="dim"))
