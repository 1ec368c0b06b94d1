"""The preflop API: the 169 starting-hand classes' equity against a random hand (the table
pokerscore ships, in the shape of ``pokerscore preflop --json``) or against one class (the
heads-up class table push/fold reads, from the shipped table of every matchup)."""

from __future__ import annotations

from typing import Any


def preflop(against: str) -> dict[str, object]:
    """``against="random"``: ``vs_random``, one row per class in grid order (``hand, wins,
    ties, losses, total, equity`` over every board). A class (``KK``, ``AKs``, ``t9o``):
    ``heads_up``, one row per class, ``hand1``'s equity against ``hand2`` (the class asked)
    over the combo pairs that share no card (``pairs``)."""
    from pokerscore.cli.commands.tables import tables_json
    from pokerscore.games.holdem.preflop import PreflopTables, starting_classes
    from pokerscore.games.holdem.preflop.results import shipped_vs_random

    if against == "random":
        return {"against": "random", **tables_json(PreflopTables(vs_random=shipped_vs_random()))}
    from pokerscore.games.tournaments.class_equities import class_matchups

    name = starting_classes([against])[0]
    table = class_matchups()
    column = table.names.index(name)
    rows: list[dict[str, Any]] = [
        {
            "hand1": hand,
            "hand2": name,
            "equity": float(table.equity[row, column]),
            "pairs": int(table.pairs[row, column]),
        }
        for row, hand in enumerate(table.names)
    ]
    return {"against": name, "heads_up": rows}
