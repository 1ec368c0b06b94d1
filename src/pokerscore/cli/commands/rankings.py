"""``rankings``: the rule sets hands can be judged by; and the ``--ranking`` option they share."""

from __future__ import annotations

from typing import Annotated

import typer

from pokerscore.cli.output import JsonOption, console, print_json
from pokerscore.engine import RANKINGS, Ranking, get_ranking

RankingOption = Annotated[
    str,
    typer.Option(
        "--ranking",
        "-r",
        metavar="NAME",
        help="How hands are judged: " + ", ".join(RANKINGS) + " (see pokerscore rankings).",
    ),
]


def ranking_named(name: str) -> Ranking:
    """The ranking of a command-line name; an unknown name is a one-line error (exit 2)."""
    from pokerscore.cli.output import user_errors

    with user_errors():
        return get_ranking(name)
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
