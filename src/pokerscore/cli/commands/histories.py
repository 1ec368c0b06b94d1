"""``histories``: replay hand histories (PHH, PokerStars), per-player results and statistics."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
    print_json_text,
    progress_bar,
    report_error,
    user_errors,
)

if TYPE_CHECKING:
    from distributed import Client
    from rich.table import Table

    from pokerscore.histories.database import ImportSummary
    from pokerscore.histories.phh_writing import PhhExport
    from pokerscore.histories.reading import FileFormat
    from pokerscore.histories.running import OutForm
    from pokerscore.histories.stats import PlayerStats
    from pokerscore.histories.summary import HistoriesSummary

SHOWN_ERRORS: Final = 10
SHOWN_DISAGREEMENTS: Final = 10
SHOWN_PLAYERS: Final = 25
KEPT_LISTED: Final = 100
ACTION_HEADINGS: Final = ("3B", "F3B", "CB", "FCB")
"""3-bet, fold to 3-bet, c-bet, fold to c-bet (shown where the hands' actions were counted)."""
OUT_FORMS: Final = ("auto", "file", "dataset")
FLAGS: Final = {
    "out": "--out",
    "plot": "--plot",
    "out_form": "--out-form",
    "folder": "--to-phh",
    "database": "--db",
    "where": "--where",
    "by": "--by",
}
DATABASE_ACTIONS: Final = ("import", "report")
GROUPS: Final = ("position", "stakes", "month", "game", "site")


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
    to_phh: Annotated[
        Path | None,
        typer.Option(
            "--to-phh",
            metavar="DIR",
            help="Also write every hand read as PHH: DIR/NAME.phhs per source file (an existing "
            "file is never replaced).",
        ),
    ] = None,
    database: Annotated[
        Path | None,
        typer.Option(
            "--db",
            metavar="FILE.duckdb",
            help="With import: the database the hands go into; with report: the one read.",
        ),
    ] = None,
    where: Annotated[
        str | None,
        typer.Option(
            "--where",
            metavar="FILTER",
            help="report: keep the rows of this filter, e.g. \"position = 'BTN' and stakes = "
            "'0.5/1'\" (columns, comparisons, and, or, not, parentheses).",
        ),
    ] = None,
    by: Annotated[
        str | None,
        typer.Option("--by", metavar="|".join(GROUPS), help="report: the figures per group."),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Replay every hand: bets, calls, raises, side pots, showdowns and rake, checked against what
    the site recorded; all-in EV; a table of each player's hands, net, all-in EV adjusted net,
    bb/100, VPIP, PFR, WTSD and W$SD.

    A bad hand (unknown variant, illegal action, stacks that don't add up, a card seen twice) is
    reported with its file, hand and line and skipped, and the exit status is then 1 (--strict:
    stop at the first, status 2). Where the site's record of the result differs from the
    replay, the hand counts as a disagreement and is reported.

    A database of your hands (DuckDB): histories import PATH... --db hands.duckdb adds the
    hands it does not hold yet (with --workers N or --scheduler ADDRESS its parts run on Dask);
    histories report --db hands.duckdb [--player P] [--where
    FILTER] [--by position|stakes|month|game|site] [--plot FILE.png] gives the figures, with
    3-bet, fold to 3-bet, c-bet and fold to c-bet.
    """
    if paths and paths[0] in DATABASE_ACTIONS:
        flags: dict[str, object] = {"--out": out, "--to-phh": to_phh, "--strict": strict or None}
        if paths[0] == "report":  # an import runs on Dask as a plain run does
            flags.update({"--workers": workers, "--scheduler": scheduler})
        given = [flag for flag, value in flags.items() if value is not None]
        if out_form != "auto":
            given.append("--out-form")
        if given:
            fail(f"{given[0]} is for a plain run: histories {paths[0]} takes none")
        if database is None:
            fail(f"histories {paths[0]} needs --db FILE.duckdb")
        if paths[0] == "import":
            if len(paths) < 2 or where is not None or by is not None or plot is not None:
                fail("histories import PATH... --db FILE takes hand-history paths and no "
                     "--where, --by or --plot")  # fmt: skip
            if workers is not None and scheduler is not None:
                fail("--workers sizes a local cluster: leave it out with --scheduler")
            _import(paths[1:], database, file_format, json_output, workers, scheduler)
        else:
            if len(paths) > 1:
                fail("histories report reads the database: it takes no paths")
            _report(database, player, where, by, plot, json_output)
        return
    for flag, value in (("--db", database), ("--where", where), ("--by", by)):
        if value is not None:
            fail(f"{flag} is for histories import and histories report")
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
        exported = None
        if to_phh is not None:
            from pokerscore.histories.phh_writing import export_phh

            exported = export_phh(paths, to_phh, file_format=cast("FileFormat", file_format))
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
        if exported is not None:
            payload["phh"] = {
                "files": [str(path) for path in exported.files],
                "hands": exported.hands,
                "not_written": [str(error) for error in exported.skipped[:KEPT_LISTED]],
                "beyond_standard": exported.beyond_standard,
            }
        print_json(payload)
    else:
        _print(summary, player, out, plot, seconds)
        if exported is not None:
            _print_export(exported, to_phh)
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


def _import(
    paths: list[str],
    database: Path,
    file_format: str,
    json_output: bool,
    workers: int | None,
    scheduler: str | None,
) -> None:
    """``histories import``: in this process, or with ``--workers``/``--scheduler`` its parts
    on Dask (the command's one client, :func:`~pokerscore.cli.output.cluster`)."""
    from pokerscore.histories.reading import format_names

    if file_format not in format_names():
        fail(f"unknown format {file_format!r}: use one of {', '.join(format_names())}")
    started = time.perf_counter()
    with progress_bar(disable=json_output) as bar, user_errors(FLAGS):
        from pokerscore.histories.database import import_histories

        task = bar.add_task("importing", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, description=f"file {done:,} of {total:,}")

        def run(client: Client | None) -> ImportSummary:
            return import_histories(
                paths,
                database=database,
                file_format=cast("FileFormat", file_format),
                progress=advance,
                client=client,
            )

        if workers is None and scheduler is None:
            summary = run(None)
        else:
            with cluster(scheduler, workers) as client:
                summary = run(client)
    seconds = time.perf_counter() - started
    for bad in summary.errors[:SHOWN_ERRORS]:
        report_error(bad.message)
    if summary.bad > SHOWN_ERRORS:
        report_error(f"{summary.bad:,} bad hands in all (--json lists the first 100)")
    if json_output:
        payload = summary.as_json()
        payload["seconds"] = round(seconds, 3)
        print_json(payload)
    else:
        console.print(
            Text(
                f"{counted(summary.hands, 'hand')} read from {counted(summary.files, 'file')}: "
                f"{summary.added:,} added to {database}, {summary.hands - summary.added:,} there "
                f"already, {summary.bad:,} bad ({seconds:.1f} s)"
            ),
            soft_wrap=True,
        )
    if summary.bad:
        raise typer.Exit(1)


def _report(
    database: Path,
    player: str | None,
    where: str | None,
    by: str | None,
    plot: Path | None,
    json_output: bool,
) -> None:
    """``histories report``."""
    if by is not None and by not in GROUPS:
        fail(f"unknown --by {by!r}: use one of {', '.join(GROUPS)}")
    if plot is not None and player is None:
        fail("--plot draws one player: give --player NAME")
    with user_errors(FLAGS):
        from pokerscore.histories.database import GroupBy, report_histories

        if plot is not None:
            from pokerscore.files.finding import refuse_inputs

            refuse_inputs(plot, [database], "plot")
        with _collector_paused():
            found = report_histories(
                database=database, player=player, where=where, by=cast("GroupBy | None", by)
            )
        if plot is not None and player is not None:
            from pokerscore.histories.plots import plot_player

            plot_player(found.series, player, plot)
    if json_output:
        with _collector_paused():
            print_json_text(lambda ascii_only: found.json_text(ensure_ascii=ascii_only))
        return
    if player is not None and not any(players for _, players in found.groups):
        report_error(f"{player} plays no hand that the filter keeps")
    for group, players in found.groups:
        _players_table(players, "Players" if group is None else f"{by} {group}")
    kept = f" where {where}" if where else ""
    console.print(Text(f"{counted(found.hands, 'hand')} in {database}{kept}"), soft_wrap=True)
    if plot is not None:
        error_console.print(Text(f"wrote {plot}", style="dim"))


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused: a report makes an object a player's figures
    (some hundred thousand, and their columns for JSON), none in a cycle, and the collector's
    passes over them all cost a tenth of the report's CPU (``benchmarks/histories.md``)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _print_export(exported: PhhExport, folder: Path | None) -> None:
    """What ``--to-phh`` wrote, and the hands PHH cannot say (the unreadable ones are the run's
    bad hands, reported already)."""
    unsaid = [error for error in exported.skipped if "PHH has no notation" in error.reason]
    for error in unsaid[:SHOWN_ERRORS]:
        error_console.print(Text(f"note: not written as PHH: {error}", style="dim"))
    if exported.beyond_standard:
        codes = ", ".join(f"{code} {count:,}" for code, count in exported.beyond_standard.items())
        error_console.print(
            Text(
                f"note: {counted(sum(exported.beyond_standard.values()), 'hand')} written in "
                f"variants the PHH standard has no code for ({codes}): read back here, "
                "pokerkit loads the files but does not replay those hands",
                style="dim",
            )
        )
    error_console.print(
        Text(
            f"wrote {counted(exported.hands, 'hand')} as PHH to {folder} "
            f"({counted(len(exported.files), 'file')}, {len(exported.skipped):,} hands not written)",
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
    players = summary.players(player)
    if player is not None and not players:
        report_error(f"{player} plays no hand in these files")
    _players_table(players, "Players")
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


def _players_table(players: list[PlayerStats], title: str) -> None:
    """The players' figures as a table (the first :data:`SHOWN_PLAYERS`); the action figures
    as four more columns where every player shown has them and the terminal is wide enough for
    them beside the others (else they are in ``--json``)."""
    shown = players[:SHOWN_PLAYERS]
    actions = bool(shown) and all(stats.three_bet is not None for stats in shown)
    table = _table(shown, title, actions)
    natural = console.measure(table, options=console.options.update_width(1 << 12)).maximum
    if actions and natural > console.width:
        table = _table(shown, title, False)
    if players:
        console.print(table)
    if len(players) > SHOWN_PLAYERS:
        console.print(
            Text(
                f"… and {len(players) - SHOWN_PLAYERS:,} more players (--player NAME)", style="dim"
            )
        )


def _table(shown: list[PlayerStats], title: str, actions: bool) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1),
        collapse_padding=True,
    )
    table.add_column("player", no_wrap=True, max_width=14, overflow="ellipsis")
    headings = ["hands", "net", "EV net", "bb/100", "VPIP", "PFR", "WTSD", "W$SD"]
    for heading in headings + (list(ACTION_HEADINGS) if actions else []):
        table.add_column(heading, justify="right", no_wrap=True)
    for stats in shown:
        cells = [
            f"{stats.hands:,}",
            _money(stats.net),
            _money(stats.allin_ev_net),
            _rate(stats.bb_per_100),
            f"{stats.vpip:.0%}",
            f"{stats.pfr:.0%}",
            f"{stats.wtsd:.0%}",
            f"{stats.wsd:.0%}",
        ]
        if actions:
            figures = (stats.three_bet, stats.fold_to_three_bet, stats.cbet, stats.fold_to_cbet)
            cells += ["-" if value is None else f"{value:.0%}" for value in figures]
        table.add_row(Text(stats.player), *cells)
    return table
