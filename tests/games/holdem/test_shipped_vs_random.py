"""The shipped table against a random hand as the library hands it out (``vs_random_counts``,
``shipped_vs_random``): the CSV read here on its own, deals counted from the rules."""

from __future__ import annotations

import csv
from math import comb
from pathlib import Path

from pokerscore.games.holdem.preflop.results import shipped_vs_random
from pokerscore.games.holdem.ranges import Range, vs_random_counts

CSV = Path(__file__).parents[3] / "src" / "pokerscore" / "data" / "preflop-vs-random.csv"


def test_the_counts_are_the_files_rows() -> None:
    with CSV.open(encoding="ascii") as stream:
        rows = [(row["hand"], int(row["combos"]), int(row["wins"]), int(row["ties"]),
                 int(row["deals"])) for row in csv.DictReader(stream)]  # fmt: skip
    assert vs_random_counts() == tuple(rows)


def test_the_table_in_grid_order_with_the_deals_of_the_rules() -> None:
    table = shipped_vs_random().to_pylist()
    assert [row["hand"] for row in table] == list(Range.starting_hands())
    combos = {name: size for name, size, *_ in vs_random_counts()}
    for row in table:
        # each combo meets every two of the 50 cards left, on every five of the 48 then left
        assert row["total"] == combos[row["hand"]] * comb(50, 2) * comb(48, 5)
        assert row["wins"] + row["ties"] + row["losses"] == row["total"]
        assert row["equity"] == (2 * row["wins"] + row["ties"]) / (2 * row["total"])
    figures = {row["hand"]: round(100 * row["equity"], 2) for row in table}
    assert (figures["AA"], figures["72o"]) == (85.2, 34.58)  # the published table's
