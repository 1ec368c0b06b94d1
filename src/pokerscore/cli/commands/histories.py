"""``histories``: replay hand histories (PHH, PokerStars), per-player results and statistics."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Final, cast

import typer
from rich.text import Text

from pokerscore.cli.output import (
    JsonOption,
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
    from pokerscore.histories.running import FileFormat, HistoriesSummary

SHOWN_ERRORS: Final = 10
SHOWN_DISAGREEMENTS: Final = 10
SHOWN_PLAYERS: Final = 25
FORMATS: Final = ("auto", "phh", "pokerstars")


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
            "--out", "-o", metavar="FILE.parquet", help="Write one row per hand and player."
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", metavar="FILE.png", help="Draw --player's net and all-in EV adjusted net."
        ),
    ] = None,
    file_format: Annotated[
        str, typer.Option("--format", "-f", metavar="|".join(FORMATS), help="The files' format.")
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
    if file_format not in FORMATS:
        fail(f"unknown format {file_format!r}: use one of {', '.join(FORMATS)}")
    if workers is not None and scheduler is not None:
        fail("--workers sizes a local cluster: leave it out with --scheduler")
    if plot is not None and player is None:
        fail("--plot draws one player: give --player NAME")
    started = time.perf_counter()
    with progress_bar(disable=json_output) as bar, user_errors():
        task = bar.add_task("reading", total=None)

        def advance(done: int, total: int) -> None:
            elapsed = time.perf_counter() - started
            rate = done / elapsed / (1 << 20) if elapsed else 0.0
            bar.update(task, completed=done, total=total, description=f"{rate:,.1f} MB/s")

        summary = _run(paths, out, player, file_format, workers, scheduler, strict, advance)
        if plot is not None and player is not None:
            from pokerscore.histories.running import plot_player

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


def _run(
    paths: list[str],
    out: Path | None,
    player: str | None,
    file_format: str,
    workers: int | None,
    scheduler: str | None,
    strict: bool,
    advance: Callable[[int, int], None],
) -> HistoriesSummary:
    from pokerscore.histories.running import StrictError, analyse_histories

    kind = cast("FileFormat", file_format)
    try:
        if workers is None and scheduler is None:
            return analyse_histories(
                paths, out=out, follow=player, file_format=kind, strict=strict, progress=advance
            )
        from pokerscore._support.tasks import dask_client

        with dask_client(scheduler, workers) as client:
            return analyse_histories(
                paths,
                out=out,
                follow=player,
                file_format=kind,
                strict=strict,
                client=client,
                progress=advance,
            )
    except StrictError as error:
        fail(str(error))


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
