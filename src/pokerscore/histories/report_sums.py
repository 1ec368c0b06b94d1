"""The sums a database of hands keeps for its reports: each player's figures added up by the
columns filters and groups name most, and the hands counted by their hand-level columns, so that
a report over millions of hands reads thousands of sums instead of every row.

Two tables, written by each import in the same transaction as the rows they add up:

- ``player_sums``: per :data:`SUM_KEYS` (player, position, stakes, month, game, site), the
  figures a report shows (:data:`FIGURES`: the rows, VPIP, PFR … the action counts), summed.
- ``hand_counts``: per :data:`HAND_KEYS` (stakes, month, game, site) and the list of positions
  dealt in a hand, the hands.

A report whose filter names only :data:`SUM_KEYS` reads its figures from ``player_sums``; the
hands it keeps, where its filter names only :data:`HAND_KEYS` and ``position``, from
``hand_counts``: a hand is kept when one of its rows passes the filter, so each count's
positions are spread into rows and the filter asked of each (``bool_or``), exactly as it is
asked of the rows. Any other filter reads ``rows``, as a database without the sums (one written
before them) always does. An import adds the sums of the rows it added, in one pass at its end,
and merges equal keys (:func:`compact_statements`) with those the database held.

>>> sums_select("rows")[:3]
['count(*)', 'sum(vpip::INTEGER)', 'sum(pfr::INTEGER)']
>>> sums_select("player_sums")[:2]
['sum("rows")', 'sum("vpip")']
"""

from __future__ import annotations

from typing import Final

from pokerscore._support.errors import ParameterError
from pokerscore.histories.filters import ColumnKind, parse_filter
from pokerscore.histories.model import ACTION_COUNTS

SUM_KEYS: Final = ("player", "position", "stakes", "month", "variant", "site")
"""The columns ``player_sums`` keeps its sums by."""
HAND_KEYS: Final = ("stakes", "month", "variant", "site")
"""The hand-level columns ``hand_counts`` counts hands by (with each hand's positions)."""
FIGURES: Final = (
    ("rows", "count(*)", "BIGINT"),
    ("vpip", "sum(vpip::INTEGER)", "BIGINT"),
    ("pfr", "sum(pfr::INTEGER)", "BIGINT"),
    ("saw_flop", "sum(saw_flop::INTEGER)", "BIGINT"),
    ("went_to_showdown", "sum(went_to_showdown::INTEGER)", "BIGINT"),
    ("won_at_showdown", "sum(won_at_showdown::INTEGER)", "BIGINT"),
    ("net", "sum(net)", "DOUBLE"),
    ("adjusted", "sum(coalesce(allin_ev, net))", "DOUBLE"),
    ("net_bb", "sum(CASE WHEN big_blind > 0 THEN net / big_blind ELSE 0 END)", "DOUBLE"),
    (
        "adjusted_bb",
        "sum(CASE WHEN big_blind > 0 THEN coalesce(allin_ev, net) / big_blind ELSE 0 END)",
        "DOUBLE",
    ),
    *((name, f'sum("{name}")', "BIGINT") for name in ACTION_COUNTS),
)
"""Each figure's name in ``player_sums``, its sum over ``rows`` and its type, in the order
:class:`~pokerscore.histories.stats.StatsTally` takes them (six counts, four sums, the counts
of actions)."""


def _quoted(names: tuple[str, ...]) -> str:
    return ", ".join(f'"{name}"' for name in names)


def sums_select(source: str) -> list[str]:
    """The figures' terms of a report reading ``source``: ``rows`` (the sums over the rows) or
    ``player_sums`` (the sums of the sums)."""
    if source == "rows":
        return [expression for _, expression, _ in FIGURES]
    return [f'sum("{name}")' for name, _, _ in FIGURES]


def create_statements() -> list[str]:
    """The two tables, made if the database lacks them."""
    keys = ", ".join(f'"{name}" VARCHAR' for name in SUM_KEYS)
    figures = ", ".join(f'"{name}" {kind}' for name, _, kind in FIGURES)
    hand_keys = ", ".join(f'"{name}" VARCHAR' for name in HAND_KEYS)
    return [
        f"CREATE TABLE IF NOT EXISTS player_sums ({keys}, {figures})",
        f"CREATE TABLE IF NOT EXISTS hand_counts ({hand_keys}, positions VARCHAR[], hands BIGINT)",
    ]


def add_statements(rows: str) -> list[str]:
    """The sums of the rows of ``rows`` (a table or a registered Arrow table holding whole
    hands, ``seq`` and ``month`` among its columns) added to both tables."""
    figures = ", ".join(sums_select("rows"))
    keys = _quoted(HAND_KEYS)
    return [
        f"INSERT INTO player_sums SELECT {_quoted(SUM_KEYS)}, {figures} FROM {rows} GROUP BY ALL",
        f"INSERT INTO hand_counts SELECT {keys}, positions, count(*) FROM ("
        f"SELECT {keys}, list_sort(list(position)) AS positions FROM {rows} "
        f"GROUP BY seq, {keys}) GROUP BY ALL",
    ]


def compact_statements() -> list[str]:
    """Equal keys' sums merged into one, in both tables."""
    statements = []
    for table, keys, sums in (
        ("player_sums", _quoted(SUM_KEYS), [name for name, _, _ in FIGURES]),
        ("hand_counts", f"{_quoted(HAND_KEYS)}, positions", ["hands"]),
    ):
        summed = ", ".join(f'sum("{name}")' for name in sums)
        statements += [
            f"CREATE TEMPORARY TABLE merged AS SELECT {keys}, {summed} FROM {table} GROUP BY ALL",
            f"DELETE FROM {table}",
            f"INSERT INTO {table} SELECT * FROM merged",
            "DROP TABLE merged",
        ]
    return statements


HELD: Final = (
    "SELECT count(*) = 2 FROM information_schema.tables "
    "WHERE table_name IN ('player_sums', 'hand_counts')"
)
"""Whether the database keeps the sums (one written before them does not)."""


def filter_over(
    where: str | None, names: tuple[str, ...], columns: dict[str, ColumnKind]
) -> tuple[str, tuple[object, ...]] | None:
    """``where`` as SQL over the columns ``names`` alone (its text and values), or None where it
    names another column."""
    if where is None:
        return "", ()
    try:
        found = parse_filter(where, {name: columns[name] for name in names})
    except ParameterError:
        return None
    return found.text, found.values


def hands_kept(condition: str) -> str:
    """The query of the hands one of whose rows passes ``condition`` (a filter over
    :data:`HAND_KEYS` and ``position``), from ``hand_counts``."""
    keys = _quoted(HAND_KEYS)
    return (
        f"WITH numbered AS (SELECT row_number() OVER () AS id, * FROM hand_counts), "
        f"spread AS (SELECT id, hands, {keys}, unnest(positions) AS position FROM numbered) "
        f"SELECT coalesce(sum(hands), 0) FROM (SELECT any_value(hands) AS hands, "
        f"bool_or({condition}) AS kept FROM spread GROUP BY id) WHERE kept"
    )
