"""The exact equity of each of hold'em's 169 starting hands against a random hand, shipped in
``src/pokerscore/data/preflop-vs-random.csv`` (the default order of top-X % ranges).

Regenerate it with ``python -m tests.make_vs_random`` (from the repository's root; some seconds
on two cores): the counts come from the project's own exact sweep over every board
(:func:`pokerscore.games.holdem.preflop.counts.heads_up_counts`, checked against Jazbo's published
table in ``tests/games/holdem/test_preflop_tables.py``). ``tests/games/holdem/test_ranges.py``
checks the shipped file: its published values, its totals and (slow) every count recomputed.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parents[1] / "src" / "pokerscore" / "data"
VS_RANDOM = "preflop-vs-random.csv"
HEADER = "hand,combos,wins,ties,deals"


def vs_random_text() -> str:
    """The file's text: one row per class in grid order, exact integer counts."""
    from pokerscore.games.holdem.preflop.counts import (
        combo_counts,
        heads_up_counts,
        random_totals,
    )

    counts = heads_up_counts(None, heads_up=False)
    combos = combo_counts(counts.hands)
    deals = random_totals(counts.hands)
    rows = [HEADER] + [
        f"{hand},{combos[k]},{counts.random_wins[k]},{counts.random_ties[k]},{deals[k]}"
        for k, hand in enumerate(counts.hands)
    ]
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    (DATA / VS_RANDOM).write_text(vs_random_text(), encoding="ascii")
    print(f"wrote {DATA / VS_RANDOM}")
