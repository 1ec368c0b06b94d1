"""``showdown`` and ``equity``: hold'em, Omaha and stud from the command line."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Final

import typer
from rich.text import Text

from pokerscore.cli.output import (
    JsonOption,
    card_strings,
    cards_text,
    console,
    print_json,
    progress_bar,
    user_errors,
)

if TYPE_CHECKING:
    from pokerscore.games.holdem.equity import EquityResult
    from pokerscore.games.holdem.game import Game
    from pokerscore.games.holdem.showdown import Showdown

FLAGS: Final = {
    "board": "--board",
    "dead": "--dead",
    "game": "--game",
    "samples": "--samples",
    "stderr": "--stderr",
    "seed": "--seed",
    "players": "the players",
    "hands": "the hands",
}
"""The library's parameters as this command line names them."""


@contextmanager
def library_errors() -> Iterator[None]:
    """:func:`user_errors`, with a parameter's name in a message replaced by its option."""
    with user_errors(FLAGS):
        yield


def _game(name: str) -> Game:
    """The game of a name typed on the command line (any text: checked here)."""
    from pokerscore.games.holdem.game import GAMES, UnknownGameError

    found = GAMES.get(name)
    if found is None:
        raise UnknownGameError(name)
    return found


GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        "-g",
        metavar="GAME",
        help="holdem, omaha, omaha-5, omaha-6, omaha-hi-lo, omaha-5-hi-lo, omaha-6-hi-lo, "
        "short-deck, stud, stud-8 or razz.",
    ),
]


def showdown_json(result: Showdown) -> dict[str, object]:
    """``showdown --json``'s object (the web API's ``/api/showdown`` too): players from 1."""
    return {
        "game": result.game.name,
        "board": card_strings(result.board),
        "winners": [index + 1 for index in result.winners],
        "players": [
            {
                "player": number,
                "hole": card_strings(player.hole),
                "best": card_strings(player.high.best),
                "description": player.high.description,
                "value": player.high.value,
                "low": player.low.description if player.low else None,
                "low_best": card_strings(player.low.best) if player.low else None,
                "share": str(player.share),
            }
            for number, player in enumerate(result.players, 1)
        ],
    }


def showdown_command(
    hands: Annotated[
        list[str],
        typer.Argument(
            help='Each player\'s hole cards, one argument each: AhQh "Qs Qd" (stud: all seven)'
        ),
    ],
    board: Annotated[
        str,
        typer.Option(
            "--board", "-b", help="The five board cards (stud: none, or the community card)."
        ),
    ] = "",
    game: GameOption = "holdem",
    json_output: JsonOption = False,
) -> None:
    """Settle a showdown: each player's best hand and share of the pot; the winners named.

    Players are numbered from 1, in the text and in --json.
    """
    from pokerscore.games.holdem.showdown import showdown

    with library_errors():
        result = showdown(board, hands, game=_game(game))
    if json_output:
        print_json(showdown_json(result))
        return
    from rich.table import Table

    hi_lo = result.game.low is not None
    title = result.game.title
    if result.board:
        title += ": board " + " ".join(c.pretty for c in result.board)
    table = Table(title=title)
    for column in (
        "player",
        "hole cards",
        "best five",
        "hand",
        *(["low"] if hi_lo else []),
        "share",
    ):
        table.add_column(column, justify="right" if column in ("player", "share") else "left")
    for number, player in enumerate(result.players, 1):
        style = "bold green" if player.share else ""
        low = [Text(player.low.description if player.low else "no low")] if hi_lo else []
        table.add_row(
            str(number),
            cards_text(player.hole),
            cards_text(player.high.best),
            Text(player.high.description, style=style),
            *low,
            Text(str(player.share), style=style),
        )
    console.print(table)
    names = [str(index + 1) for index in result.winners]
    verb = "wins" if len(names) == 1 else "split the pot"
    label = "Player" if len(names) == 1 else "Players"
    console.print(Text(f"{label} {', '.join(names)} {verb}", style="bold"))


def _bar(share: float, width: int = 12) -> Text:
    filled = round(share * width)
    return Text("█" * filled, style="green").append("░" * (width - filled), style="dim")


def _count_text(result: EquityResult) -> str:
    """``1,712,304 boards``; ranges with weights below 1 weigh boards by fractions (a
    :class:`~fractions.Fraction` has no ``,`` format before Python 3.12)."""
    if result.method != "exact":
        return f"{result.samples or 0:,} samples"
    if isinstance(result.boards, int):
        return f"{result.boards:,} {'boards' if result.game.board_cards else 'deals'}"
    return f"{float(result.boards or 0):,.2f} weighted boards"


def equity_json(result: EquityResult) -> dict[str, object]:
    """``equity --json``'s object (the web API's ``/api/equity`` too)."""
    exact = result.method == "exact"
    payload: dict[str, object] = {
        "game": result.game.name,
        "board": card_strings(result.board),
        "dead": card_strings(result.dead),
        "method": result.method,
    }
    if exact:
        payload["boards"] = (
            str(result.boards) if not isinstance(result.boards, int) else result.boards
        )
    else:
        payload["samples"] = result.samples
        payload["seed"] = result.seed
    players = []
    for player in result.players:
        entry: dict[str, object] = {
            "range": player.hand,
            "combos": player.combos,
            "equity": player.equity,
            "win": player.win,
            "tie": player.tie,
            "lose": player.lose,
        }
        if exact:
            entry["wins"] = player.wins if isinstance(player.wins, int) else str(player.wins)
            entry["ties"] = player.ties if isinstance(player.ties, int) else str(player.ties)
        if player.high is not None and player.low is not None:
            entry["scoop"] = player.scoop
            entry["high"] = {
                "win": player.high.win,
                "tie": player.high.tie,
                "equity": player.high.equity,
            }
            entry["low"] = {
                "win": player.low.win,
                "tie": player.low.tie,
                "equity": player.low.equity,
                "none": player.low.none,
            }
        players.append(entry)
    payload["players"] = players
    if not exact:
        payload["stderr"] = [player.stderr for player in result.players]
    return payload


def equity_command(
    players: Annotated[
        list[str],
        typer.Argument(help='Each player\'s hand or range, one argument each: AhAs KK "QQ+,AKs"'),
    ],
    board: Annotated[
        str, typer.Option("--board", "-b", help="0, 3, 4 or 5 board cards (stud: none).")
    ] = "",
    dead: Annotated[str, typer.Option("--dead", "-d", help="Cards out of play.")] = "",
    game: GameOption = "holdem",
    exact: Annotated[
        bool,
        typer.Option(
            "--exact",
            help="Enumerate every board (refused past 1e10 hands judged, about a minute).",
        ),
    ] = False,
    samples: Annotated[
        int | None,
        typer.Option(
            "--samples",
            "-n",
            min=1,
            help="Monte Carlo: deal this many showdowns (times the players at most 1e10).",
        ),
    ] = None,
    stderr: Annotated[
        float | None,
        typer.Option(
            "--stderr",
            help="Monte Carlo: stop once every standard error is this small (at least about "
            "1e-5 heads-up: no run judges more than 1e10 hands).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, help="Monte Carlo with this random seed (repeats a run)."),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """How often each hand or range wins from here: exact or Monte Carlo equity.

    Without --exact, --samples, --stderr or --seed, small spots are enumerated exactly and large
    ones sampled (1,000,000 showdowns). Ranges take the notations of PokerStove, pokerkit, eval7
    and ProPokerTools: QQ+, 22-77, AKs, A2s+, KTo+, JTs-KQs, AhKh, random, 0.5(JJ), AxKx, xx:A*,
    QQ+!KK; Omaha ranges ProPokerTools' (AA:ds, KKQQ). Stud games (stud, stud-8, razz) take each player's known cards, 3 to 7
    ("AhAd7c"), no board, and folded cards as --dead. Hi/lo games add each player's scoops and
    the high and low halves.
    """
    from pokerscore.games.holdem.equity import equity

    if exact and (samples is not None or stderr is not None or seed is not None):
        with user_errors():
            raise typer.BadParameter(
                "--exact enumerates every board: --samples, --stderr and --seed are for Monte Carlo"
            )
    with progress_bar(disable=json_output) as bar:
        task = bar.add_task("equity (compiling on first use)", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        with library_errors():
            result = equity(
                players,
                board,
                dead,
                game=_game(game),
                method="exact"
                if exact
                else "auto",  # auto samples when a Monte Carlo option is given
                samples=samples,
                seed=seed,
                stderr=stderr,
                progress=advance,
            )
    if json_output:
        print_json(equity_json(result))
        return
    from rich.table import Table

    count = _count_text(result)
    title = f"{result.game.title}, {result.method} ({count})"
    if result.board:
        title += ", board " + " ".join(card.pretty for card in result.board)
    if result.dead:
        title += ", dead " + " ".join(card.pretty for card in result.dead)
    table = Table(title=title)
    for column in ("", "hand", "combos", "equity %", "", "win %", "tie %", "lose %"):
        table.add_column(column, justify="left" if column in ("hand", "") else "right")
    for number, player in enumerate(result.players, 1):
        error = f" ±{100 * player.stderr:.2f}" if player.stderr is not None else ""
        table.add_row(
            str(number),
            player.hand,
            str(player.combos),
            f"{100 * player.equity:.2f}{error}",
            _bar(player.equity),
            f"{100 * player.win:.2f}",
            f"{100 * player.tie:.2f}",
            f"{100 * player.lose:.2f}",
        )
    console.print(table)
    for number, player in enumerate(result.players, 1):
        if player.high is not None and player.low is not None:
            high, low = player.high, player.low
            console.print(
                f"{number}: scoop {100 * (player.scoop or 0):.2f} · high win/tie/equity "
                f"{100 * high.win:.2f}/{100 * high.tie:.2f}/{100 * high.equity:.2f} · low "
                f"{100 * low.win:.2f}/{100 * low.tie:.2f}/{100 * low.equity:.2f} · "
                f"no low {100 * (low.none or 0):.2f} (%)"
            )
    if result.seed is not None:
        console.print(
            Text(f"seed {result.seed} (--seed {result.seed} repeats this run)", style="dim")
        )
