"""The ``pokerscore`` command. Each command module keeps heavy imports inside its functions, so
that a command pays only for what it uses."""

from __future__ import annotations

from typing import Annotated

import typer

from pokerscore import __version__
from pokerscore.cli import (
    draw_command,
    hand_commands,
    holdem_commands,
    ranking_commands,
    stats_command,
    videopoker_commands,
)

app = typer.Typer(
    name="pokerscore",
    help="Score poker hands exactly: cards in any notation, categories, comparisons, statistics.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.command("score")(hand_commands.score_command)
app.command("compare")(hand_commands.compare_command)
app.command("duel")(hand_commands.duel_command)
app.command("stats")(stats_command.stats_command)
app.command("rankings")(ranking_commands.rankings_command)
app.command("showdown")(holdem_commands.showdown_command)
app.command("equity")(holdem_commands.equity_command)
app.command("draw")(draw_command.draw_command)
app.add_typer(videopoker_commands.app, name="videopoker")


def _version(show: bool) -> None:
    if show:
        typer.echo(f"pokerscore {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Score poker hands exactly: cards in any notation, categories, comparisons, statistics."""


def main() -> None:
    """Console-script entry point."""
    app()
