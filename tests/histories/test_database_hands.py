"""A database's hands for the browser: each hand rebuilt from its stored actions and setup is the
hand the import read (but the file's own fields and each action's text and line, which are not
kept), the hand list in import order under a filter, and a database of another layout refused
by name."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import duckdb
import pytest

from pokerscore._support.errors import ParameterError
from pokerscore.histories.database import (
    SCHEMA_VERSION,
    database_hand,
    database_hands,
    hand_key,
    import_histories,
    rebuilt_hands,
    report_histories,
)
from pokerscore.histories.database import _file_digest as file_digest
from pokerscore.histories.model import HandHistory
from pokerscore.histories.reading import history_files, read_file
from tests.histories.test_database import SOURCES


def _as_kept(hand: HandHistory) -> HandHistory:
    actions = tuple(dataclasses.replace(action, text="", line=None) for action in hand.actions)
    return dataclasses.replace(hand, actions=actions, fields={})


@pytest.mark.slow
def test_every_hand_rebuilt_is_the_hand_imported(imported: Path) -> None:
    with duckdb.connect(str(imported), read_only=True) as con:
        seqs = dict(con.execute("SELECT hand_key, seq FROM hands").fetchall())
    read: dict[int, HandHistory] = {}
    for path in history_files(SOURCES):
        digest = file_digest(path)
        for hand in read_file(path):
            if not isinstance(hand, HandHistory):
                continue
            seq = seqs.get(hand_key(hand, digest))
            if seq is not None:  # else refused by the replay: not imported
                read[seq] = hand
    wanted = sorted(read, reverse=True)  # in an order of the caller's
    for seq, rebuilt in zip(wanted, rebuilt_hands(database=imported, seqs=wanted), strict=True):
        assert rebuilt == _as_kept(read[seq]), read[seq].number
    assert len(read) == len(seqs)
    assert len(read) > 100
    some = wanted[:: len(wanted) // 5]  # one hand at a time too
    assert [database_hand(database=imported, seq=seq) for seq in some] == [
        _as_kept(read[seq]) for seq in some
    ]


@pytest.mark.slow
def test_the_hand_list_in_import_order_under_a_filter(imported: Path) -> None:
    every = database_hands(database=imported, limit=100_000)
    with duckdb.connect(str(imported), read_only=True) as con:
        hands = con.execute("SELECT count(*) FROM hands").fetchone()
        winners = con.execute(
            "SELECT count(DISTINCT seq) FROM rows WHERE position = 'BTN' AND net > 0"
        ).fetchone()
        pots = dict(con.execute("SELECT seq, sum(put_in) FROM rows GROUP BY seq").fetchall())
    assert hands is not None and winners is not None
    assert every.total == hands[0] == len(every.rows)
    assert [row["seq"] for row in every.rows] == sorted(pots)
    assert all(row["pot"] == pytest.approx(pots[row["seq"]]) for row in every.rows)
    kept = database_hands(database=imported, where="position = 'BTN' and net > 0", limit=500)
    assert kept.total == winners[0]
    report = report_histories(database=imported, where="position = 'BTN' and net > 0")
    assert kept.total == report.hands
    name = every.rows[0]["file"]
    player = database_hands(database=imported, player="Hero", where="net < 0", offset=1, limit=3)
    assert all(row["player"] == "Hero" and row["net"] < 0 for row in player.rows)
    assert name


@pytest.mark.slow
def test_a_player_page_pages(imported: Path) -> None:
    some = database_hands(database=imported, limit=5)
    later = database_hands(database=imported, offset=3, limit=5)
    assert [row["seq"] for row in some.rows][3:] == [row["seq"] for row in later.rows][:2]


@pytest.mark.slow
def test_an_injection_is_refused_or_bound(imported: Path) -> None:
    with pytest.raises(ParameterError, match="where cannot be read"):
        database_hands(database=imported, where="net > 0; drop table rows")
    bound = database_hands(database=imported, where="player = 'x'' or 1=1 --'")
    assert bound.total == 0
    assert database_hands(database=imported).total > 0  # the tables are still there


@pytest.mark.slow
@pytest.mark.parametrize(
    ("arguments", "reason"),
    [({"seq": 0}, "seq must be"), ({"seq": 10**9}, "holds no hand"), ({"seq": True}, "seq must")],
)
def test_a_hand_not_in_the_database_is_refused(
    imported: Path, arguments: dict[str, object], reason: str
) -> None:
    with pytest.raises(ParameterError, match=reason):
        database_hand(database=imported, **arguments)  # type: ignore[arg-type]


def test_a_database_of_the_old_layout_is_refused_by_name(tmp_path: Path) -> None:
    old = tmp_path / "old.duckdb"
    with duckdb.connect(str(old)) as con:  # version 1: hands, rows, actions, no setup, no meta
        con.execute("CREATE TABLE hands (hand_key VARCHAR PRIMARY KEY, seq BIGINT)")
        con.execute("INSERT INTO hands VALUES ('a', 1)")
    wanted = f"layout of version 1 .* reads versions 2, 3, 4, 5, 6, 7 and {SCHEMA_VERSION}: import the files again"
    with pytest.raises(ParameterError, match=wanted):
        database_hand(database=old, seq=1)
    with pytest.raises(ParameterError, match=wanted):
        database_hands(database=old)
    with pytest.raises(ParameterError, match=wanted):
        import_histories(SOURCES[-1:], database=old)


def test_a_file_that_is_no_database_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "notes.duckdb"
    other.write_text("not a database\n" * 100)
    with pytest.raises(ParameterError, match="cannot be opened as a DuckDB database"):
        database_hands(database=other)
