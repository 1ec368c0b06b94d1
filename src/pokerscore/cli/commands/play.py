"""``videopoker play`` (the Textual game) and ``videopoker history`` (what was kept of it).

Textual, the game and SQLite are imported inside the commands: other commands never pay for them.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokerscore.cards import PokerScoreError
from pokerscore.cli.output import (
    JsonOption,
    card_strings,
    console,
    fail,
    print_json,
    user_errors,
)
from pokerscore.games.draw import held_cards

if TYPE_CHECKING:
    from rich.text import Text

    from pokerscore.games.videopoker.history import HandRecord, HistorySummary, Totals
    from pokerscore.games.videopoker.session import VideoPokerSession

DbOption = Annotated[
    Path | None,
    typer.Option(
        "--db",
        help="The history file (SQLite). Default: videopoker.sqlite3 in your data directory.",
        dir_okay=False,
    ),
]


def terminal_attached() -> bool:
    """Whether the game can read keys and be seen: stdin, stdout and stderr are all a terminal
    (Textual draws on stderr; the summary at the end goes to stdout)."""
    # A stream closed before start (2>&-) is None in sys.
    streams = (sys.stdin, sys.stdout, sys.stderr)
    return all(stream is not None and stream.isatty() for stream in streams)


def play_command(
    paytable: Annotated[
        str,
        typer.Option("--paytable", "-p", help="A built-in pay table, or a .toml file of your own."),
    ] = "jacks-or-better-9-6",
    coins: Annotated[int, typer.Option("--coins", "-c", min=1, max=5, help="The bet, 1 to 5.")] = 5,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=0,
            max=2**63 - 1,
            help="Reproducible deals: hand i is deal(SEED + i); 0 to 2**63 - 1.",
        ),
    ] = None,
    credits: Annotated[
        int | None,
        typer.Option(
            "--credits",
            min=0,
            max=10**12,
            help="Start a new bankroll (default: carry on the last one, and a hand left in play).",
        ),
    ] = None,
    db: DbOption = None,
    trainer: Annotated[
        bool, typer.Option("--trainer", help="After each draw, show the best hold and EV lost.")
    ] = False,
    strategy: Annotated[
        str | None,
        typer.Option(
            "--strategy",
            help="A strategy list (docs/strategy.md): the trainer names a mistake in its words.",
        ),
    ] = None,
) -> None:
    """Play video poker in the terminal; every hand is kept in a SQLite history.

    The bet is charged when the cards are dealt: a hand left in play (quit or killed before the
    draw) comes back, paid for, the next time you play at the same pay table.
    """
    if not terminal_attached():
        # Checked before anything is created: without a terminal the game cannot read a key.
        fail(
            "the game needs a terminal: run it in an interactive terminal, with none of its"
            " input, output and error output redirected"
        )
    from pokerscore.games.videopoker.history import default_history_path, open_history
    from pokerscore.games.videopoker.paytables import resolve_paytable
    from pokerscore.games.videopoker.session import VideoPokerSession
    from pokerscore.games.videopoker.strategy.grammar import load_strategy

    path = default_history_path() if db is None else db
    with user_errors(), _with_options():
        table = resolve_paytable(paytable)
        words = load_strategy(strategy) if strategy is not None else None
        store = open_history(path)
    try:
        session = VideoPokerSession(
            table, coins=coins, credits=credits, seed=seed, trainer=trainer, store=store
        )
        with user_errors(), _with_options():
            session.start()
        from pokerscore.tui.app import VideoPokerApp

        app = VideoPokerApp(session, history=path, strategy=words)
        try:
            app.run()
        finally:
            # The session is over: a hand left in play is free for the next one to resume. Its
            # lock goes even if the end cannot be written (only the time of the end is lost).
            with contextlib.suppress(PokerScoreError):
                session.close()
    finally:
        store.close()
    _print_exit_summary(session, path)
    if app.return_code:
        # Textual has shown the traceback; the status must not say all went well.
        fail("the game stopped on an unexpected error; every hand played is in the history", 1)


@contextlib.contextmanager
def _with_options() -> Iterator[None]:
    """Library errors that a command-line option settles, said with that option."""
    from pokerscore.games.videopoker.history import ReadOnlyHistoryError
    from pokerscore.games.videopoker.session import HandLeftElsewhereError

    try:
        yield
    except HandLeftElsewhereError as error:
        fail(
            f"a hand dealt at {error.paytable} is still in play on this bankroll: finish it"
            f" with --paytable {error.paytable}, or start a new bankroll with --credits, which"
            " forfeits it"
        )
    except ReadOnlyHistoryError as error:
        fail(f"{error} (--db PATH)")


def _print_exit_summary(session: VideoPokerSession, path: Path) -> None:
    """What the sitting came to, as the history has it: hands drawn, and a hand left in play."""
    from rich.text import Text

    stats = session.stats
    parts = []
    if session.forfeited:
        hands, were = ("hand", "was") if session.forfeited == 1 else ("hands", "were")
        parts.append(
            f"{session.forfeited} {hands} left in play on an old bankroll {were} forfeited"
            " (bets charged at the deal stay lost)."
        )
    if stats.hands:
        parts.append(
            f"{stats.hands} hands, {stats.coins_bet:,} coins bet, {stats.coins_won:,} won."
        )
    if session.coins_in_play:
        parts.append(
            f"A hand is in play ({session.coins_in_play} coins bet, already charged):"
            " it comes back the next time you play this pay table."
        )
    if parts:
        parts.append(f"{session.credits:,} credits left. History: {path}")
        console.print(Text(" ".join(parts)), soft_wrap=True)


def history_command(
    db: DbOption = None,
    worst: Annotated[
        int,
        typer.Option(
            "--worst",
            min=0,
            max=2**63 - 1,  # what SQLite takes as a LIMIT
            help="How many of the costliest holds to list (0 to 2**63 - 1).",
        ),
    ] = 5,
    json_output: JsonOption = False,
) -> None:
    """Totals per session and overall: hands, coins bet and won, return, EV lost, worst holds.

    The lost/hand column is the expected coins given away per hand by holds below the advisor's
    best.
    """
    from pokerscore.games.videopoker.history import default_history_path, open_history

    path = default_history_path() if db is None else db
    if db is None and not path.exists():
        if json_output:
            print_json({"path": str(path), "sessions": [], "overall": None})
        else:
            console.print(
                f"No hands played yet (no history at {path}).", soft_wrap=True, markup=False
            )
        return
    # Reading never writes: an older file is read as it is, and migrated only by the game.
    with user_errors(), open_history(path, read_only=True) as store:
        summary = store.summary(worst)
    if json_output:
        print_json(_summary_json(path, summary))
    else:
        _print_summary(path, summary)


def _totals_json(totals: Totals) -> dict[str, object]:
    return {
        "hands": totals.hands,
        "coins_bet": totals.coins_bet,
        "coins_won": totals.coins_won,
        "return": totals.return_rate,
        "ev_lost": round(totals.ev_lost, 6),
        "ev_lost_per_hand": totals.ev_lost_per_hand,
        "mistakes": totals.mistakes,
    }


def _hand_json(hand: HandRecord) -> dict[str, object]:
    return {
        "id": hand.id,
        "played_at": hand.played_at,
        "session": hand.session_id,
        "coins": hand.coins,
        "dealt": card_strings(hand.dealt),
        "held": card_strings(held_cards(hand.dealt, hand.hold)),
        "best_hold": card_strings(held_cards(hand.dealt, hand.best_hold)),
        "hold_ev": hand.hold_ev,
        "best_ev": hand.best_ev,
        "ev_lost": round(hand.ev_lost, 6),
    }


def _summary_json(path: Path, summary: HistorySummary) -> dict[str, object]:
    bankroll = summary.bankroll
    return {
        "path": str(path),
        "sessions": [
            {
                "id": session.id,
                "started_at": session.started_at,
                "paytable": session.paytable,
                "seed": session.seed,
                **_totals_json(session.totals),
            }
            for session in summary.sessions
        ],
        "overall": _totals_json(summary.overall),
        "coins_in_play": summary.coins_in_play,
        "hands_in_play": summary.hands_in_play,
        "worst_mistakes": [_hand_json(hand) for hand in summary.worst_mistakes],
        "bankroll": None
        if bankroll is None
        else {"started_at": bankroll.started_at, "initial": bankroll.initial_credits}
        | {"credits": bankroll.credits},
    }


def _rate(value: float | None, spec: str) -> str:
    return "–" if value is None else format(value, spec)


def _print_summary(path: Path, summary: HistorySummary) -> None:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from pokerscore.cli.output import cards_text

    # One pay table (the usual case) goes in the title, which keeps the table within 80 columns.
    paytables = sorted({session.paytable for session in summary.sessions})
    one_table = len(paytables) == 1
    title = f"Video poker history, {paytables[0]}" if one_table else "Video poker history"
    table = Table(
        title=Text(f"{title} ({path})"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    # Figures never wrap; in a narrow terminal the time and the pay table's name fold instead.
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("started, UTC", overflow="fold")
    if not one_table:
        table.add_column("pay table", overflow="fold")
    table.add_column("seed", overflow="fold")
    for name in ("hands", "bet", "won", "return", "lost/hand", "mistakes"):
        table.add_column(name, justify="right", no_wrap=True)

    def figures(totals: Totals) -> list[str]:
        return [
            f"{totals.hands:,}",
            f"{totals.coins_bet:,}",
            f"{totals.coins_won:,}",
            _rate(totals.return_rate, ".2%"),
            _rate(totals.ev_lost_per_hand, ".3f"),
            f"{totals.mistakes:,}",
        ]

    for session in summary.sessions:
        seed = "–" if session.seed is None else str(session.seed)
        started = session.started_at.replace("T", " ")[:16]
        names = [] if one_table else [session.paytable]
        table.add_row(str(session.id), started, *names, seed, *figures(session.totals))
    table.add_section()
    blanks = [""] * (2 if one_table else 3)
    table.add_row("all", *blanks, *figures(summary.overall), style="bold")
    console.print(table)

    if summary.worst_mistakes:
        worst = Table(title="Costliest holds", title_justify="left", box=box.SIMPLE_HEAD)
        worst.add_column("hand", justify="right")
        worst.add_column("dealt", no_wrap=True)
        worst.add_column("held", no_wrap=True)
        worst.add_column("best hold", no_wrap=True)
        worst.add_column("coins lost", justify="right")
        for hand in summary.worst_mistakes:
            worst.add_row(
                str(hand.id),
                cards_text(hand.dealt),
                _held_text(hand, hand.hold),
                _held_text(hand, hand.best_hold),
                f"{hand.ev_lost:.2f}",
            )
        console.print(worst)
    if summary.bankroll is not None:
        hands, coins = summary.hands_in_play, summary.coins_in_play
        in_play = "A hand is in play" if hands == 1 else f"{hands} hands are in play"
        console.print(
            f"Bankroll: {summary.bankroll.credits:,} credits "
            f"(started with {summary.bankroll.initial_credits:,})."
            + (f" {in_play}: {coins} coins bet, not drawn yet." if hands else "")
        )


def _held_text(hand: HandRecord, mask: int) -> Text:
    from rich.text import Text

    from pokerscore.cli.output import cards_text

    held = held_cards(hand.dealt, mask)
    return cards_text(held) if held else Text("nothing", style="dim")
