"""The preflop result tables (pyarrow): made from complete counts, written as Parquet and CSV (with
the heat map), and read back with every column checked.

Files in a directory of tables: ``vs_random.parquet`` (``hand, wins, ties, losses, total,
equity``), ``heads_up.parquet`` (``hand1, hand2, wins, ties, losses, total, equity``, from
``hand1``'s side), or for three players ``three_way.parquet`` (``hand1..3, wins1..3, ties12,
ties13, ties23, ties123, total, equity1..3``); each with a CSV beside it, and ``vs_random.png``,
the 13 x 13 grid of equities against a random hand. pyarrow (the ``files`` extra) is imported
when a table is made, written or read.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from pokerscore._support.atomic import atomic_path
from pokerscore._support.errors import checked_flag, checked_path
from pokerscore._support.extras import require_extra
from pokerscore.cards.errors import shorten
from pokerscore.games.holdem.preflop.counts import (
    THREE_WAY_CLASS_LIMIT,
    THREE_WAY_COLUMNS,
    HeadsUpCounts,
    IntArray,
    PreflopError,
    PreflopParameterError,
    ThreeWayCounts,
    heads_up_totals,
    random_totals,
)
from pokerscore.games.holdem.preflop.heatmap import HEAT_MAP, write_heat_map
from pokerscore.games.holdem.ranges import Range

if TYPE_CHECKING:
    import pyarrow as pa

VS_RANDOM: Final = "vs_random"
HEADS_UP: Final = "heads_up"
THREE_WAY: Final = "three_way"
TABLE_FILES: Final = (
    *(f"{name}.{kind}" for name in (VS_RANDOM, HEADS_UP, THREE_WAY) for kind in ("parquet", "csv")),
    HEAT_MAP,
)
"""Every file a run may write in its directory: what a new run refuses to overwrite unasked."""
CLASSES: Final = 169
HAND, COUNT, EQUITY = "hand", "count", "equity"
"""Kinds of column: a class name, a non-negative integer count, an equity from 0 to 1."""
SCHEMAS: Final[dict[str, dict[str, str]]] = {
    VS_RANDOM: {"hand": HAND, "wins": COUNT, "ties": COUNT, "losses": COUNT, "total": COUNT}
    | {"equity": EQUITY},
    HEADS_UP: {"hand1": HAND, "hand2": HAND, "wins": COUNT, "ties": COUNT, "losses": COUNT}
    | {"total": COUNT, "equity": EQUITY},
    THREE_WAY: {f"hand{seat}": HAND for seat in (1, 2, 3)}
    | {name: COUNT for name in (*THREE_WAY_COLUMNS, "total")}
    | {f"equity{seat}": EQUITY for seat in (1, 2, 3)},
}
"""The columns each table must hold, and the kind of each (more columns are ignored)."""
MAX_ROWS: Final = {
    VS_RANDOM: CLASSES,
    HEADS_UP: CLASSES * CLASSES,
    THREE_WAY: comb(THREE_WAY_CLASS_LIMIT + 2, 3),
}
"""The most rows a table of each kind can have: a longer file is not one of ours."""


@dataclass(frozen=True)
class PreflopTables:
    """The tables of a run (or read back from a directory): ``None`` where not computed."""

    vs_random: pa.Table | None = None
    heads_up: pa.Table | None = None
    three_way: pa.Table | None = None
    tasks_run: int = 0
    """Tasks this run computed (a resumed run skips those already kept)."""
    files: tuple[Path, ...] = ()
    """The files this run wrote (none when it was given no directory)."""

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
    vs_random = _vs_random_table(hands, counts.random_wins, counts.random_ties)
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


def _vs_random_table(hands: list[str], wins: IntArray, ties: IntArray) -> pa.Table:
    import pyarrow as pa

    total = random_totals(hands)
    return pa.table(
        {
            "hand": hands,
            "wins": wins,
            "ties": ties,
            "losses": total - wins - ties,
            "total": total,
            "equity": _equity(wins, ties, total),
        }
    )


def shipped_vs_random() -> pa.Table:
    """The table against a random hand that pokerscore ships
    (:func:`~pokerscore.games.holdem.ranges.vs_random_counts`), as a run makes it: the 169
    classes in grid order, with ``hand, wins, ties, losses, total, equity``.

    >>> table = shipped_vs_random()
    >>> table.num_rows, table.column("hand")[0].as_py(), f'{table.column("equity")[0].as_py():.4f}'
    (169, 'AA', '0.8520')
    """
    require_extra("files", "making preflop tables")
    from pokerscore.games.holdem.ranges import vs_random_counts

    counts = {name: (wins, ties) for name, _, wins, ties, _ in vs_random_counts()}
    hands = list(Range.starting_hands())
    wins = np.array([counts[name][0] for name in hands], dtype=np.int64)
    ties = np.array([counts[name][1] for name in hands], dtype=np.int64)
    return _vs_random_table(hands, wins, ties)


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


def check_targets(out: Path, *, overwrite: bool) -> None:
    """Refuse to write tables in ``out`` where a table file of any run is there already, unless
    ``overwrite``; and, always, where one is not a regular file (a link, a folder, a device):
    tables replace only regular files, and only when asked."""
    found = [out / name for name in TABLE_FILES if _present(out / name)]
    odd = [path for path in found if path.is_symlink() or not path.is_file()]
    if odd:
        raise PreflopError(
            f"{odd[0]} is not a regular file: preflop tables replace only regular files"
        )
    if found and not overwrite:
        raise PreflopParameterError(
            f"{{name}} is needed: {out} already holds preflop tables "
            f"({', '.join(path.name for path in found)})",
            "overwrite",
        )


def _present(path: Path) -> bool:
    return path.exists() or path.is_symlink()


def write_preflop_tables(
    tables: PreflopTables, out: Path, *, overwrite: bool = False
) -> list[Path]:
    """Write each table as Parquet and CSV in ``out`` (and the vs-random heat map as PNG), each
    file atomically, and return the paths written. Tables already in ``out`` are refused unless
    ``overwrite``, which replaces them and removes those of an earlier run that this one does
    not write (``out`` then holds one run's tables); only regular files are ever replaced."""
    out = checked_path(out, "out")
    overwrite = checked_flag(overwrite, "overwrite")
    require_extra("files", "writing preflop tables")
    if tables.vs_random is not None:
        require_extra("plots", "drawing the preflop heat map")
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    check_targets(out, overwrite=overwrite)
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
    for name in TABLE_FILES:
        stale = out / name
        if stale not in written and stale.is_file() and not stale.is_symlink():
            stale.unlink()
    return written


def read_preflop_tables(directory: Path) -> PreflopTables:
    """The tables saved in ``directory`` (whichever of the three are there), each checked: a
    Parquet file with the columns of its table, of the right types, with values that can be
    (known classes, counts of zero or more, equities from 0 to 1). A file that is not raises a
    :class:`PreflopError` naming the file and what is wrong."""
    directory = checked_path(directory, "directory")
    require_extra("files", "reading preflop tables")
    if not directory.is_dir():
        what = "no such directory" if not _present(directory) else "not a directory"
        raise PreflopError(f"{what}: {directory}")
    found = {}
    for name in (VS_RANDOM, HEADS_UP, THREE_WAY):
        path = directory / f"{name}.parquet"
        if _present(path):
            found[name] = read_table(path, name)
    if not found:
        raise PreflopError(
            f"{directory} holds no preflop table (vs_random.parquet, heads_up.parquet or "
            "three_way.parquet)"
        )
    return PreflopTables(found.get(VS_RANDOM), found.get(HEADS_UP), found.get(THREE_WAY))


@contextlib.contextmanager
def _reading(path: Path) -> Iterator[None]:
    """pyarrow's errors on a file that is not a readable Parquet file, as one sentence."""
    import pyarrow as pa

    try:
        yield
    except (pa.ArrowException, OSError, ValueError) as error:
        reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise PreflopError(
            f"{path} is not a readable Parquet file: {shorten(reason, 120)}"
        ) from None


def read_table(path: Path, name: str) -> pa.Table:
    """The table ``name`` (``vs_random``, ``heads_up``, ``three_way``) saved at ``path``, its
    columns checked against :data:`SCHEMAS` and :data:`MAX_ROWS` (read from the file's footer
    before any data, so a huge file is refused at once)."""
    import pyarrow.parquet as pq

    if not path.is_file():
        raise PreflopError(f"{path} is not a regular file")
    schema = SCHEMAS[name]
    with _reading(path):
        metadata = pq.ParquetFile(path).metadata
        columns = metadata.schema.to_arrow_schema()
        rows = metadata.num_rows
    missing = [column for column in schema if column not in columns.names]
    if missing:
        raise PreflopError(
            f"{path} is not a {name} table: no column {', '.join(missing)} "
            f"(it has {shorten(', '.join(columns.names), 120) or 'none'})"
        )
    if rows > MAX_ROWS[name]:
        raise PreflopError(
            f"{path} is not a {name} table: {rows:,} rows, at most {MAX_ROWS[name]:,}"
        )
    for column, kind in schema.items():
        _check_type(path, column, kind, columns.field(column).type)
    with _reading(path):
        table = pq.read_table(path, columns=list(schema))
    for column, kind in schema.items():
        _check_values(path, column, kind, table.column(column))
    return table


def _check_type(path: Path, column: str, kind: str, type_: pa.DataType) -> None:
    import pyarrow as pa

    expected = {
        HAND: (pa.types.is_string, pa.types.is_large_string),
        COUNT: (pa.types.is_integer,),
        EQUITY: (pa.types.is_floating,),
    }[kind]
    if not any(check(type_) for check in expected):
        wanted = {HAND: "strings", COUNT: "integers", EQUITY: "floats"}[kind]
        raise PreflopError(f"{path}: column {column} holds {type_}, not {wanted}")


def _check_values(path: Path, column: str, kind: str, values: pa.ChunkedArray) -> None:
    import pyarrow.compute as pc

    if values.null_count:
        raise PreflopError(f"{path}: column {column} has {values.null_count:,} empty values")
    if not len(values):
        return
    if kind == HAND:
        unknown = pc.filter(values, pc.invert(pc.is_in(values, value_set=_class_names())))
        if len(unknown):
            raise PreflopError(
                f'{path}: column {column} holds "{shorten(str(unknown[0]))}", not a starting hand'
            )
        return
    low, high = pc.min_max(values).values()
    if kind == COUNT and low.as_py() < 0:
        raise PreflopError(f"{path}: column {column} holds {low}, a count below zero")
    nan = kind == EQUITY and pc.any(pc.is_nan(values)).as_py()
    if kind == EQUITY and (nan or not 0 <= low.as_py() <= high.as_py() <= 1):
        raise PreflopError(f"{path}: column {column} holds equities outside 0 to 1")


def _class_names() -> pa.Array:
    import pyarrow as pa

    return pa.array(Range.starting_hands())


__all__ = [
    "HEADS_UP",
    "TABLE_FILES",
    "THREE_WAY",
    "VS_RANDOM",
    "PreflopTables",
    "check_targets",
    "heads_up_tables",
    "read_preflop_tables",
    "read_table",
    "three_way_table",
    "write_preflop_tables",
]
