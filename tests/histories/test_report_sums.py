"""The reports' sums (``histories/report_sums.py``): a report read from the sums gives what one
read from every row gives, for filters over the sums' keys (positions spread for the hands kept)
and for others; the sums are what the report reads where they can be; a database written before
them is reported on from its rows, and its next import adds them; the sums of imports one
after another are merged."""

from __future__ import annotations

import dataclasses
import math
import shutil
from pathlib import Path

import duckdb
import pytest

from pokerscore.histories import database as database_module
from pokerscore.histories.database import (
    ACTION_KINDS,
    SCHEMA_VERSION,
    DatabaseReport,
    database_hand,
    import_histories,
    report_histories,
)
from pokerscore.histories.model import STREETS
from pokerscore.histories.report_sums import HAND_KEYS, SUM_KEYS
from tests.histories.test_runs import DATA

BUNDLED = Path(__file__).parents[2] / "src" / "pokerscore" / "data" / "histories"
# PHH and PokerStars hands of several games, sites, months and table sizes (no shared files)
SOURCES = [BUNDLED, *sorted(DATA.glob("*.*"))]
FILTERS = [
    None,
    "position = 'BTN'",
    "position = 'BTN' or position = 'CO'",  # a hand with both is one hand kept
    "not position = 'SB' and variant = 'NT'",
    "position != 'BB' and position != 'SB'",
    "(position = 'BB' or month is null) and site is null",
    "variant = 'FT' or stakes is not null and position = 'UTG'",
    "position = 'BTN' and position = 'CO'",  # no row: no hand
    "net > 0",  # not a key: the rows
    "vpip = true and position = 'BTN'",  # the same
    "player = 'p1' or position = 'BB'",  # a player: the sums, but not the hands' counts
]


@pytest.fixture(scope="module")
def summed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    database = tmp_path_factory.mktemp("sums") / "hands.duckdb"
    import_histories(SOURCES, database=database)
    return database


@pytest.fixture(scope="module")
def rows_only(summed: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``summed`` as written before the sums, made once: the reports open it read-only, so
    the 34 cases that only report on it share it (each made its own copy, 0.03 s of CPU)."""
    return _version_two(summed, tmp_path_factory.mktemp("two") / "two.duckdb")


def _older(database: Path, copy: Path, version: int) -> Path:
    """A copy of ``database`` as pokerscore wrote it in an older layout: 7 kept the actions a
    row an action in ``actions`` (their street, player and kind as codes, the amount in chips),
    6 also the big blind in ``hands`` alone (no ``player_rows``), 5 kept the rows whole (the hand-level columns on
    each player's row, no ``players``), 4 also the actions' street, player and kind by name, 3
    also each action's hand key and the hands' primary key, 2 no sums."""
    shutil.copyfile(database, copy)
    with duckdb.connect(str(copy)) as con:
        (view,) = con.execute("SELECT sql FROM duckdb_views() WHERE view_name = 'rows'").fetchone()
        con.execute(
            "CREATE TABLE actions AS SELECT a.seq, a.idx, "
            f"CAST(list_position({_listed(STREETS)}, a.street) - 1 AS TINYINT) AS street, "
            "CAST(list_position(h.names, a.player) - 1 AS TINYINT) AS player, "
            f"CAST(list_position({_listed(ACTION_KINDS)}, a.kind) - 1 AS TINYINT) AS kind, "
            "a.amount, a.cards FROM actions_named a JOIN (SELECT seq, "
            "json_extract_string(setup, '$.seats[*][0]') AS names FROM hands) h USING (seq) "
            "ORDER BY a.seq, a.idx"
        )
        con.execute("DROP VIEW actions_named")
        con.execute("ALTER TABLE hands DROP COLUMN actions")
        if version == 7:
            con.execute("UPDATE meta SET value = '7' WHERE name = 'schema'")
            return copy
        con.execute("DROP VIEW player_rows")
        if version == 6:
            con.execute("ALTER TABLE players DROP COLUMN big_blind")
            con.execute("DROP VIEW rows")
            con.execute(view.replace("p.big_blind", "h.big_blind"))
            con.execute("UPDATE meta SET value = '6' WHERE name = 'schema'")
            return copy
        con.execute("CREATE TABLE rows_5 AS SELECT * FROM rows ORDER BY seq, seat, player")
        con.execute("DROP VIEW rows")
        con.execute("DROP TABLE players")
        con.execute("ALTER TABLE rows_5 RENAME TO rows")
        for column in ("variant", "stakes", "big_blind"):
            con.execute(f"ALTER TABLE hands DROP COLUMN {column}")
        if version == 5:
            con.execute("UPDATE meta SET value = '5' WHERE name = 'schema'")
            return copy
        con.execute(
            "CREATE TABLE named AS SELECT a.seq, a.idx, "
            f"{_listed(STREETS)}[a.street + 1] AS street, h.names[a.player + 1] AS player, "
            f"{_listed(ACTION_KINDS)}[a.kind + 1] AS kind, a.amount, a.cards FROM actions a "
            "JOIN (SELECT seq, json_extract_string(setup, '$.seats[*][0]') AS names FROM hands) "
            "h USING (seq) ORDER BY a.seq, a.idx"
        )
        con.execute("DROP TABLE actions")
        con.execute("ALTER TABLE named RENAME TO actions")
        if version <= 3:
            con.execute("ALTER TABLE actions ADD COLUMN hand_key VARCHAR")
            con.execute("ALTER TABLE hands ADD PRIMARY KEY (hand_key)")
        if version <= 2:
            con.execute("DROP TABLE player_sums")
            con.execute("DROP TABLE hand_counts")
        con.execute("UPDATE meta SET value = ? WHERE name = 'schema'", [str(version)])
    return copy


def _listed(names: tuple[str, ...]) -> str:
    return "[" + ", ".join(f"'{name}'" for name in names) + "]"


def _version_two(database: Path, copy: Path) -> Path:
    """A copy of ``database`` as pokerscore wrote it before the sums (layout version 2: each
    action held its hand's key too)."""
    return _older(database, copy, 2)


def _same(ours: DatabaseReport, theirs: DatabaseReport) -> None:
    assert ours.hands == theirs.hands
    assert [group for group, _ in ours.groups] == [group for group, _ in theirs.groups]
    for (_, mine), (_, other) in zip(ours.groups, theirs.groups, strict=True):
        assert len(mine) == len(other)
        for one, two in zip(mine, other, strict=True):
            for name, value in dataclasses.asdict(one).items():
                expected = getattr(two, name)
                if isinstance(value, float):
                    assert math.isclose(value, expected, rel_tol=1e-12, abs_tol=1e-9), name
                else:
                    assert value == expected, name
    assert ours.series == theirs.series  # the same rows, read the same way


@pytest.mark.parametrize("where", FILTERS)
@pytest.mark.parametrize("by", [None, "position", "stakes"])
def test_the_sums_report_what_the_rows_report(
    summed: Path, rows_only: Path, where: str | None, by: str | None
) -> None:
    ours = report_histories(database=summed, where=where, by=by)  # type: ignore[arg-type]
    theirs = report_histories(database=rows_only, where=where, by=by)  # type: ignore[arg-type]
    _same(ours, theirs)
    if where is not None and "position = 'BTN' or" in where:
        assert 0 < ours.hands < sum(stats.hands for _, players in ours.groups for stats in players)


def test_a_players_report_from_the_sums(summed: Path, rows_only: Path) -> None:
    for where in (None, "position = 'BTN' or position = 'BB'"):
        ours = report_histories(database=summed, player="p1", where=where)
        _same(ours, report_histories(database=rows_only, player="p1", where=where))
        assert ours.hands == len(ours.series) > 0


def test_the_report_reads_the_sums_where_it_can(summed: Path, tmp_path: Path) -> None:
    # The sums changed behind the report's back show where it reads them: a filter over their
    # keys sees the change, one naming another column reads the rows and does not.
    copy = tmp_path / "changed.duckdb"
    shutil.copyfile(summed, copy)
    before = {where: report_histories(database=copy, where=where) for where in FILTERS[:3]}
    before["net > 0"] = report_histories(database=copy, where="net > 0")
    with duckdb.connect(str(copy)) as con:
        con.execute('UPDATE player_sums SET net = net + 1000, "rows" = "rows" + 1')
        con.execute("UPDATE hand_counts SET hands = hands + 1")
    for where, found in before.items():
        after = report_histories(database=copy, where=where)
        first = found.groups[0][1][0]
        (changed,) = [stats for stats in after.groups[0][1] if stats.player == first.player]
        if where == "net > 0":
            assert (after.hands, changed.net) == (found.hands, first.net)
        else:
            # each of the player's sums kept by the filter: 1,000 more, one row more
            extra = changed.hands - first.hands
            assert extra >= 1 and changed.net == pytest.approx(first.net + 1000 * extra)
            assert where is None or after.hands > found.hands


def test_a_report_over_the_players_own_columns_reads_no_hands(summed: Path, tmp_path: Path) -> None:
    # A hand taken out of ``hands`` behind the report's back shows which reports join it: a
    # filter naming only the players' own columns (and the big blind they hold) reads
    # ``players`` alone and still counts the hand; one naming a hand's column joins and does not.
    copy = tmp_path / "no-hand.duckdb"
    shutil.copyfile(summed, copy)
    own = "net > 0"
    joined = "net > 0 and variant is not null"  # every hand has a variant: the same rows
    assert report_histories(database=copy, where=own) == report_histories(
        database=copy, where=joined
    )
    with duckdb.connect(str(copy)) as con:
        (seq,) = con.execute("SELECT min(seq) FROM players WHERE net > 0").fetchone()
        con.execute("DELETE FROM hands WHERE seq = ?", [seq])
    kept = report_histories(database=copy, where=own)
    fewer = report_histories(database=copy, where=joined)
    assert kept.hands == fewer.hands + 1


@pytest.mark.slow  # a migration each: 0.7 s
@pytest.mark.parametrize("version", [2, 3, 4, 5, 6, 7])
def test_an_older_database_is_brought_to_the_layout_at_its_next_import(
    summed: Path, tmp_path: Path, version: int
) -> None:
    two = _older(summed, tmp_path / "two.duckdb", version)
    assert database_hand(database=two, seq=3) == database_hand(database=summed, seq=3)
    again = import_histories(SOURCES, database=two)
    assert again.added == 0
    with duckdb.connect(str(two), read_only=True) as con:
        version = con.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone()
        tables = {name for (name,) in con.execute("SHOW TABLES").fetchall()}
        views = {name for (name,) in con.execute("SELECT view_name FROM duckdb_views()").fetchall()}
        keys = con.execute(
            "SELECT count(*) FROM duckdb_constraints() WHERE table_name = 'hands' "
            "AND constraint_type = 'PRIMARY KEY'"
        ).fetchone()
    assert version == (str(SCHEMA_VERSION),) and {"player_sums", "hand_counts"} <= tables
    assert {"players", "hands"} <= tables and {"rows", "player_rows", "actions_named"} <= views
    assert "actions" not in tables  # packed into hands
    assert keys == (0,)  # and the hands' primary key
    with (
        duckdb.connect(str(two), read_only=True) as con,
        duckdb.connect(str(summed), read_only=True) as theirs,
    ):  # the actions packed as an import packs them, named alike
        for table, order in (("actions_named", "seq, idx"),
                             ("hands", "seq"), ("players", "seq, seat, player"),
                             ("rows", "seq, seat, player")):  # fmt: skip
            query = f"SELECT * FROM {table} ORDER BY {order}"
            assert con.execute(query).fetchall() == theirs.execute(query).fetchall()
    for seq in (1, 3, 40):
        assert database_hand(database=two, seq=seq) == database_hand(database=summed, seq=seq)
    for where in FILTERS[:4]:
        _same(
            report_histories(database=two, where=where),
            report_histories(database=summed, where=where),
        )


@pytest.mark.slow  # a copy in layout 7
def test_the_reports_are_the_same_text_on_layouts_7_and_8(summed: Path, tmp_path: Path) -> None:
    # layout 8 changed where the actions are, not what a report reads
    seven = _older(summed, tmp_path / "seven.duckdb", 7)
    for where in FILTERS:
        for by in (None, "position", "site"):
            ours = report_histories(database=seven, where=where, by=by)  # type: ignore[arg-type]
            theirs = report_histories(database=summed, where=where, by=by)  # type: ignore[arg-type]
            assert ours.json_text() == theirs.json_text(), (where, by)
            assert ours.series == theirs.series


@pytest.mark.slow  # imports one after another: 1.3 s
def test_the_sums_of_imports_one_after_another_are_merged(
    summed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Blocks of 7 hands, the files imported in three imports: the same sums as one import,
    # each key once.
    monkeypatch.setattr(database_module, "BATCH_HANDS", 7)
    parts = tmp_path / "parts.duckdb"
    for some in (SOURCES[:2], SOURCES[1:4], SOURCES):
        import_histories(some, database=parts)
    keys = ", ".join(f'"{name}"' for name in SUM_KEYS)
    hand_keys = ", ".join(f'"{name}"' for name in HAND_KEYS)
    for database in (parts, summed):
        with duckdb.connect(str(database), read_only=True) as con:
            sums, distinct = con.execute(
                f"SELECT count(*), count(DISTINCT ({keys})) FROM player_sums"
            ).fetchone()
            counts, hands = con.execute(
                f"SELECT count(DISTINCT ({hand_keys}, positions)), sum(hands) FROM hand_counts"
            ).fetchone()
            assert sums == distinct
            assert hands == con.execute("SELECT count(*) FROM hands").fetchone()[0]
            assert counts == con.execute("SELECT count(*) FROM hand_counts").fetchone()[0]
    for where in FILTERS:
        _same(
            report_histories(database=parts, where=where),
            report_histories(database=summed, where=where),
        )


@pytest.mark.slow  # one more import: 0.8 s
def test_an_imports_sums_added_a_range_of_hands_at_a_time_are_merged(
    summed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The sums of a new database's import added 5 hands a pass (a 21.6 M-hand import in one
    # pass ran out of DuckDB's memory at its end): each key once, the same reports.
    monkeypatch.setattr(database_module, "SUMS_HANDS", 5)
    ranges = tmp_path / "ranges.duckdb"
    import_histories(SOURCES, database=ranges)
    keys = ", ".join(f'"{name}"' for name in SUM_KEYS)
    with duckdb.connect(str(ranges), read_only=True) as con:
        hands = con.execute("SELECT count(*) FROM hands").fetchone()[0]
        sums, distinct = con.execute(
            f"SELECT count(*), count(DISTINCT ({keys})) FROM player_sums"
        ).fetchone()
        counted = con.execute("SELECT sum(hands) FROM hand_counts").fetchone()[0]
    assert hands > 20 and sums == distinct and counted == hands
    for where in FILTERS:
        _same(
            report_histories(database=ranges, where=where),
            report_histories(database=summed, where=where),
        )
