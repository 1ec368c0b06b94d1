"""The preflop result tables (pyarrow): made from complete counts, written as Parquet and CSV (with
the heat map), and read back.

Files in a directory of tables: ``vs_random.parquet`` (``hand, wins, ties, losses, total,
equity``), ``heads_up.parquet`` (``hand1, hand2, wins, ties, losses, total, equity``, from
``hand1``'s side), or for three players ``three_way.parquet`` (``hand1..3, wins1..3, ties12,
ties13, ties23, ties123, total, equity1..3``); each with a CSV beside it, and ``vs_random.png``,
the 13 x 13 grid of equities against a random hand. pyarrow (the ``files`` extra) is imported
when a table is made, written or read.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from pokerscore._support.atomic import atomic_path
from pokerscore._support.extras import require_extra
from pokerscore.games.holdem.preflop.counts import (
    THREE_WAY_COLUMNS,
    HeadsUpCounts,
    IntArray,
    PreflopError,
    ThreeWayCounts,
    heads_up_totals,
    random_totals,
)
from pokerscore.games.holdem.preflop.heatmap import HEAT_MAP, write_heat_map

if TYPE_CHECKING:
    import pyarrow as pa

VS_RANDOM: Final = "vs_random"
HEADS_UP: Final = "heads_up"
THREE_WAY: Final = "three_way"


@dataclass(frozen=True)
class PreflopTables:
    """The tables of a run (or read back from a directory): ``None`` where not computed."""

    vs_random: pa.Table | None = None
    heads_up: pa.Table | None = None
    three_way: pa.Table | None = None
    tasks_run: int = 0
    """Tasks this run computed (a resumed run skips those already kept)."""

    def items(self) -> list[tuple[str, pa.Table]]:
        """(file stem, table) for each table present."""
        named = ((VS_RANDOM, self.vs_random), (HEADS_UP, self.heads_up))
        return [(name, table) for name, table in (*named, (THREE_WAY, self.three_way)) if table]


def _equity(wins: IntArray, ties: IntArray, total: IntArray) -> Any:
    # Two integer sums first, one division last: the float is as exact as a float can be.
    with np.errstate(invalid="ignore", divide="ignore"):
        return (2 * wins + ties) / (2 * total)


def heads_up_tables(counts: HeadsUpCounts) -> tuple[pa.Table, pa.Table]:
    """The vs-random and heads-up tables of complete counts (every board)."""
    require_extra("files", "making preflop tables")
    import pyarrow as pa

    hands = list(counts.hands)
    total = random_totals(hands)
    vs_random = pa.table(
        {
            "hand": hands,
            "wins": counts.random_wins,
            "ties": counts.random_ties,
            "losses": total - counts.random_wins - counts.random_ties,
            "total": total,
            "equity": _equity(counts.random_wins, counts.random_ties, total),
        }
    )
    pair_total = heads_up_totals(hands)
    size = len(hands)
    heads_up = pa.table(
        {
            "hand1": np.repeat(hands, size).tolist(),
            "hand2": np.tile(hands, size).tolist(),
            "wins": counts.wins.ravel(),
            "ties": counts.ties.ravel(),
            "losses": (pair_total - counts.wins - counts.ties).ravel(),
            "total": pair_total.ravel(),
            "equity": _equity(counts.wins, counts.ties, pair_total).ravel(),
        }
    )
    return vs_random, heads_up


def three_way_table(counts: ThreeWayCounts) -> pa.Table:
    """The three-way table of complete counts; class triples no deal can hold are left out."""
    require_extra("files", "making preflop tables")
    import pyarrow as pa

    tally = counts.tally
    kept = tally[:, -1] > 0
    tally, triples = tally[kept], counts.triples[kept]
    names = np.array(counts.hands)
    columns: dict[str, Any] = {
        f"hand{seat + 1}": names[triples[:, seat]].tolist() for seat in range(3)
    }
    for index, name in enumerate(THREE_WAY_COLUMNS):
        columns[name] = tally[:, index]
    total = tally[:, -1]
    columns["total"] = total
    wins = {seat: tally[:, seat] for seat in range(3)}
    two_way = dict(
        zip(((0, 1), (0, 2), (1, 2)), (tally[:, 3], tally[:, 4], tally[:, 5]), strict=True)
    )
    for seat in range(3):
        halves = sum(ties for pair, ties in two_way.items() if seat in pair)
        # Sixths of a pot: a win is 6, a two-way split 3, a three-way split 2; exact integers.
        sixths = 6 * wins[seat] + 3 * halves + 2 * tally[:, 6]
        columns[f"equity{seat + 1}"] = sixths / (6 * total)
    return pa.table(columns)


def write_preflop_tables(tables: PreflopTables, out: Path) -> list[Path]:
    """Write each table as Parquet and CSV in ``out`` (and the vs-random heat map as PNG), each
    file atomically. Returns the paths written."""
    require_extra("files", "writing preflop tables")
    if tables.vs_random is not None:
        require_extra("plots", "drawing the preflop heat map")
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, table in tables.items():
        parquet, csv = out / f"{name}.parquet", out / f"{name}.csv"
        with atomic_path(parquet) as temporary:
            pq.write_table(table, temporary)
        with atomic_path(csv) as temporary:
            pacsv.write_csv(table, temporary)
        written += [parquet, csv]
    if tables.vs_random is not None:
        written.append(write_heat_map(tables.vs_random, out / HEAT_MAP))
    return written


def read_preflop_tables(directory: Path) -> PreflopTables:
    """The tables saved in ``directory`` (whichever of the three are there)."""
    require_extra("files", "reading preflop tables")
    import pyarrow.parquet as pq

    if not directory.is_dir():
        raise PreflopError(f"no such directory: {directory}")
    found = {}
    for name in (VS_RANDOM, HEADS_UP, THREE_WAY):
        path = directory / f"{name}.parquet"
        if path.exists():
            found[name] = pq.read_table(path)
    if not found:
        raise PreflopError(
            f"{directory} holds no preflop table: run pokerscore tables preflop --out {directory}"
        )
    return PreflopTables(found.get(VS_RANDOM), found.get(HEADS_UP), found.get(THREE_WAY))


__all__ = [
    "HEADS_UP",
    "THREE_WAY",
    "VS_RANDOM",
    "PreflopTables",
    "heads_up_tables",
    "read_preflop_tables",
    "three_way_table",
    "write_preflop_tables",
]
