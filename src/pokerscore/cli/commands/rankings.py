"""``rankings``: the rule sets hands can be judged by; and the ``--ranking`` option they share."""

from __future__ import annotations

from typing import Annotated

import typer

from pokerscore._support.errors import ParameterError
from pokerscore.cli.output import JsonOption, console, print_json
from pokerscore.engine import RANKINGS, Ranking, get_ranking
from pokerscore.engine.rankings import Play

RankingOption = Annotated[
    str,
    typer.Option(
        "--ranking",
        "-r",
        metavar="NAME",
        help="How hands are judged: " + ", ".join(RANKINGS) + " (see pokerscore rankings).",
    ),
]


def ranking_named(name: str, *, five_cards: bool = True) -> Ranking:
    """The ranking of a command-line name; an unknown name is a one-line error (exit 2), and so
    is, with ``five_cards`` (a command that takes the best five of 5 to 7 cards), badugi."""
    from pokerscore.cli.output import user_errors

    with user_errors({"ranking": "--ranking"}):
        ranking = get_ranking(name)
        if five_cards and ranking.play is not Play.BEST_FIVE:
            raise ParameterError(
                f"{{name}} {ranking.name} judges hands of {ranking.size} cards: this command "
                "takes the best five of 5 to 7",
                "ranking",
            )
        return ranking
    raise AssertionError("unreachable")  # pragma: no cover - user_errors exits


def rankings_command(json_output: JsonOption = False) -> None:
    """List the rankings: their rules, deck and categories from best to worst."""
    if json_output:
        print_json(
            {
                "rankings": [
                    {
                        "name": ranking.name,
                        "title": ranking.title,
                        "rules": ranking.rules,
                        "deck": len(ranking.deck),
                        "values": ranking.value_count,
                        "categories": [category.slug for category in reversed(ranking.categories)],
                    }
                    for ranking in RANKINGS.values()
                ]
            }
        )
        return
    from rich.table import Table
    from rich.text import Text

    table = Table("ranking", "deck", "values", "rules; categories from best to worst")
    for ranking in RANKINGS.values():
        rules = Text(ranking.rules + "\n")
        rules.append(", ".join(c.slug for c in reversed(ranking.categories)), style="dim")
        table.add_row(
            Text(ranking.name, style="bold"),
            str(len(ranking.deck)),
            f"{ranking.value_count:,}",
            rules,
        )
    console.print(table)
