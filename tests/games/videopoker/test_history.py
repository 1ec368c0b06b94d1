"""The SQLite history: rows written, reopened, migrated, and foreign or damaged files refused."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from pokerscore.cards import parse_cards
from pokerscore.games.videopoker.history import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    HandRecord,
    HistoryError,
    HistoryStore,
    open_history,
)
from pokerscore.games.videopoker.history.schema import migrate

PAYTABLE = "jacks-or-better-9-6"


def make_hand(
    store: HistoryStore,
    session: int,
    bankroll: int,
    *,
    coins: int = 5,
    win: int = 0,
    hold_ev: float = 0.5,
    best_ev: float = 0.5,
    credits_after: int = 100,
    played_at: str = "2024-05-01T10:00:00+00:00",
) -> HandRecord:
    return store.record_hand(
        HandRecord(
            session_id=session,
            bankroll_id=bankroll,
            paytable=PAYTABLE,
            coins=coins,
            seed=1,
            dealt=parse_cards("Ah Ad 7c 4s 2h"),
            hold=0b00011,
            final=parse_cards("Ah Ad Kh Qs 9c"),
            hand_class="jacks-or-better",
            win=win,
            best_hold=0b00011,
            hold_ev=hold_ev,
            best_ev=best_ev,
            credits_after=credits_after,
            played_at=played_at,
        )
    )


def test_new_file_is_marked_and_versioned(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "history.sqlite3"
    with open_history(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        assert store.current_bankroll() is None
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {"hands", "bankroll", "sessions"} <= tables
    connection.close()


def test_hands_and_bankroll_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with open_history(path) as store:
        bankroll = store.new_bankroll(100)
        session = store.start_session(PAYTABLE, seed=1)
        first = make_hand(store, session, bankroll.id, win=5, credits_after=100)
        make_hand(store, session, bankroll.id, credits_after=95)
    with open_history(path) as store:
        hands = store.hands()
        assert [hand.id for hand in hands] == [first.id, first.id + 1]  # type: ignore[operator]
        assert hands[0] == first
        assert hands[0].dealt == parse_cards("Ah Ad 7c 4s 2h")
        current = store.current_bankroll()
        assert current is not None
        assert (current.initial_credits, current.credits) == (100, 95)


def test_summary_totals_sessions_and_worst_mistakes(tmp_path: Path) -> None:
    with open_history(tmp_path / "h.sqlite3") as store:
        bankroll = store.new_bankroll(100).id
        one = store.start_session(PAYTABLE)
        make_hand(store, one, bankroll, coins=5, win=10)
        make_hand(store, one, bankroll, coins=5, win=0, hold_ev=0.25, best_ev=0.75)
        two = store.start_session(PAYTABLE, seed=9)
        make_hand(store, two, bankroll, coins=1, win=0, hold_ev=0.5, best_ev=1.5)
        store.start_session(PAYTABLE)  # no hands: not listed
        summary = store.summary()
    assert [s.id for s in summary.sessions] == [one, two]
    first = summary.sessions[0].totals
    assert (first.hands, first.coins_bet, first.coins_won, first.mistakes) == (2, 10, 10, 1)
    assert first.ev_lost == pytest.approx(2.5)
    assert first.return_rate == 1.0
    overall = summary.overall
    assert (overall.hands, overall.coins_bet, overall.coins_won, overall.mistakes) == (3, 11, 10, 2)
    assert overall.ev_lost == pytest.approx(3.5)
    assert overall.ev_lost_per_hand == pytest.approx(3.5 / 3)
    assert [hand.ev_lost for hand in summary.worst_mistakes] == pytest.approx([2.5, 1.0])


def test_empty_history_summary() -> None:
    summary = open_history(":memory:").summary()
    assert summary.sessions == [] and summary.worst_mistakes == []
    assert summary.overall.hands == 0 and summary.overall.return_rate is None


@pytest.mark.parametrize("worst", [-1, 2**63, 10**20])
def test_summary_bounds_the_worst_holds_asked_for(worst: int) -> None:
    # SQLite reads LIMIT -1 as "no limit" and cannot take integers of 64 bits and more.
    store = open_history(":memory:")
    with pytest.raises(HistoryError, match="worst is 0 to 9,223,372,036,854,775,807"):
        store.summary(worst)
    assert store.summary(2**63 - 1).worst_mistakes == []


def test_a_bankroll_beyond_what_sqlite_stores_is_refused() -> None:
    store = open_history(":memory:")
    with pytest.raises(HistoryError, match="credits"):
        store.new_bankroll(2**63)
    assert store.current_bankroll() is None


def test_a_session_that_cannot_keep_its_lock_is_not_started(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    (tmp_path / "h.sqlite3-sessions").write_text("in the way")  # a file where the folder goes
    with open_history(path) as store, pytest.raises(HistoryError, match="cannot keep the lock"):
        store.start_session(PAYTABLE)
    raw = sqlite3.connect(path)
    assert raw.execute("SELECT count(*) FROM sessions").fetchone() == (0,)
    raw.close()


def test_sessions_are_live_until_ended_or_their_store_closes(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    one, two = open_history(path), open_history(path)
    first, second = one.start_session(PAYTABLE), one.start_session(PAYTABLE)
    assert two.session_live(first) and two.session_live(second)
    one.end_session(first)
    assert not two.session_live(first) and two.session_live(second)
    one.close()  # as the end of the process would
    assert not two.session_live(second)
    assert list((tmp_path / "h.sqlite3-sessions").iterdir()) == []
    two.close()


def old_history(path: Path, version: int) -> sqlite3.Connection:
    """A history file as a program writing schema ``version`` made it (the migrations up to it)."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("BEGIN")
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    migrate(connection, 0, version)
    connection.execute("COMMIT")
    return connection


def test_version_1_file_migrates_hands_into_sessions(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = old_history(path, 1)
    bankroll = old.execute(
        "INSERT INTO bankroll (started_at, initial_credits, credits) VALUES ('2024-05-01', 50, 50)"
    ).lastrowid
    # Version 1 had no sessions: write rows the way a version-1 program did.
    for played_at, coins in [
        ("2024-05-01T10:00:00+00:00", 5),
        ("2024-05-01T11:00:00+00:00", 1),
        ("2024-05-02T09:00:00+00:00", 5),
    ]:
        old.execute(
            "INSERT INTO hands (played_at, bankroll_id, paytable, coins, dealt, hold, final,"
            " class, win, best_hold, hold_ev, best_ev, credits_after)"
            " VALUES (?, ?, ?, ?, 'Ah Ad 7c 4s 2h', 3, 'Ah Ad Kh Qs 9c', 'jacks-or-better',"
            " ?, 3, 1.5, 1.5, 50)",
            (played_at, bankroll, PAYTABLE, coins, coins),
        )
    old.close()
    with open_history(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        summary = store.summary()
        hands = store.hands()
    assert [session.totals.hands for session in summary.sessions] == [2, 1]
    assert summary.sessions[0].started_at == "2024-05-01T10:00:00+00:00"
    assert summary.overall.coins_bet == 11
    assert all(hand.session_id is not None for hand in hands)


def test_version_2_file_gains_the_deals_in_play(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    old_history(path, 2).close()
    with open_history(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        bankroll = store.new_bankroll(10).id
        assert store.deal_in_play(bankroll) is None


def test_reading_an_older_file_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    old = old_history(path, 2)
    bankroll = old.execute(
        "INSERT INTO bankroll (started_at, initial_credits, credits) VALUES ('2024-05-01', 50, 55)"
    ).lastrowid
    session = old.execute(
        "INSERT INTO sessions (started_at, paytable) VALUES ('2024-05-01', ?)", (PAYTABLE,)
    ).lastrowid
    old.execute(
        "INSERT INTO hands (played_at, session_id, bankroll_id, paytable, coins, dealt, hold,"
        " final, class, win, best_hold, hold_ev, best_ev, credits_after) VALUES"
        " ('2024-05-01T10:00:00+00:00', ?, ?, ?, 5, 'Ah Ad 7c 4s 2h', 3, 'Ah Ad Kh Qs 9c',"
        " 'jacks-or-better', 10, 3, 1.5, 1.5, 55)",
        (session, bankroll, PAYTABLE),
    )
    old.close()
    before = path.read_bytes()
    with open_history(path, read_only=True) as store:
        summary = store.summary()  # read through an up-to-date copy in memory
        assert [s.totals.hands for s in summary.sessions] == [1] and summary.coins_in_play == 0
        assert summary.bankroll is not None and summary.bankroll.credits == 55
        with pytest.raises(HistoryError, match="opened for reading only"):
            store.new_bankroll(10)
    assert path.read_bytes() == before  # still version 2, byte for byte
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v2.sqlite3"]


def test_a_current_file_opened_for_reading_refuses_writes(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with open_history(path) as store:
        store.new_bankroll(10)
    before = path.read_bytes()
    with open_history(path, read_only=True) as store:
        assert store.current_bankroll() is not None
        with pytest.raises(HistoryError, match="opened for reading only"):
            store.start_session(PAYTABLE)
    assert path.read_bytes() == before
    with pytest.raises(HistoryError, match="no history file"):
        open_history(tmp_path / "absent.sqlite3", read_only=True)
    assert not (tmp_path / "absent.sqlite3").exists()


def assert_refused(path: Path, message: str) -> None:
    before = path.read_bytes()
    with pytest.raises(HistoryError, match=message):
        open_history(path)
    assert path.read_bytes() == before, "a refused file must not be touched"


def test_text_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, but my notes\n" * 10)
    assert_refused(path, "is not a SQLite database")


def test_foreign_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE contacts (name TEXT)")
    connection.commit()
    connection.close()
    assert_refused(path, r"another program \(application_id 0x0\)")
    connection = sqlite3.connect(path)
    tables = [row[0] for row in connection.execute("SELECT name FROM sqlite_master")]
    connection.close()
    assert tables == ["contacts"]


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    open_history(path).close()
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    assert_refused(path, "newer pokerscore")


def test_damaged_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    with open_history(path) as store:
        bankroll = store.new_bankroll(1000).id
        session = store.start_session(PAYTABLE)
        for _ in range(50):
            make_hand(store, session, bankroll)
    data = bytearray(path.read_bytes())
    page_size = int.from_bytes(data[16:18], "big")
    data[page_size : 3 * page_size] = b"\xa5" * (2 * page_size)  # scribble over pages 2 and 3
    path.write_bytes(bytes(data))
    assert_refused(path, "is damaged")


def test_truncated_header_and_directory(tmp_path: Path) -> None:
    path = tmp_path / "short.sqlite3"
    path.write_bytes(b"SQLite format 3\x00")
    assert_refused(path, "is not a SQLite database")
    with pytest.raises(HistoryError, match="is a directory"):
        open_history(tmp_path)


def test_missing_file_without_create(tmp_path: Path) -> None:
    with pytest.raises(HistoryError, match="no history file"):
        open_history(tmp_path / "absent.sqlite3", create=False)
    assert not (tmp_path / "absent.sqlite3").exists()


def test_failed_write_rolls_back(tmp_path: Path) -> None:
    with open_history(tmp_path / "h.sqlite3") as store:
        bankroll = store.new_bankroll(10).id
        session = store.start_session(PAYTABLE)
        make_hand(store, session, bankroll, coins=5)
        with pytest.raises(HistoryError, match="CHECK constraint failed"):
            make_hand(store, session, bankroll, coins=6)  # a CHECK fails
        assert len(store.hands()) == 1 and store.bankroll(bankroll).credits == 5  # rolled back
        with pytest.raises(HistoryError, match="CHECK constraint failed"):
            make_hand(store, session, bankroll, coins=5, win=0)  # 10 - 5 - 5 ok …
            make_hand(store, session, bankroll, coins=1)  # … one more: credits below 0
        assert len(store.hands()) == 2
        current = store.current_bankroll()
        assert current is not None and current.credits == 0


@pytest.mark.parametrize("kind", ["named pipe", "device"])
def test_a_history_that_is_not_a_regular_file_is_refused_in_words(
    tmp_path: Path, kind: str
) -> None:
    # A named pipe or a device has no size, so it was taken for a history to create, and
    # SQLite answered "disk I/O error".
    target = Path("/dev/null")
    if kind == "named pipe":
        target = tmp_path / "pipe"
        os.mkfifo(target)
    with pytest.raises(HistoryError, match="is not a regular file, so not a pokerscore history"):
        open_history(target)
