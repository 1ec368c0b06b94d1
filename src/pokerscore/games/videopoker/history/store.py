"""The open history file: bankrolls, sessions, deals in play and hands, each change one transaction.

Every change of the bankroll is a read-modify-write inside one ``BEGIN IMMEDIATE`` transaction
(``credits = credits - bet``, ``credits = credits + win``), so two games on one file never lose
each other's updates. The bet is charged when the cards are dealt and the deal is stored with it;
its draw removes the deal and stores the hand and the win together. A program killed at any
moment loses nothing: a deal in play is still there, paid for, on the next start.

A deal in play belongs to the session that dealt it: only that session draws it, and another
takes it over (:meth:`HistoryStore.claim_deal`) only once its owner is over, ended or its
process gone (:mod:`.leases` tells).

>>> from pokerscore.cards import parse_cards
>>> store = open_history(":memory:")
>>> bankroll = store.new_bankroll(100)
>>> session = store.start_session("jacks-or-better-9-6", seed=7)
>>> deal, credits = store.place_bet(session, bankroll.id, "jacks-or-better-9-6", 5, 7,
...     parse_cards("Ah Ad 7c 4s 2h Kh Qs 9c 3d 5d"))
>>> credits, store.deal_in_play(bankroll.id) == deal
(95, True)
>>> hand = store.record_hand(HandRecord(
...     session_id=session, bankroll_id=bankroll.id, paytable="jacks-or-better-9-6", coins=5,
...     seed=7, dealt=deal.cards[:5], hold=0b00011, final=parse_cards("Ah Ad Kh Qs 9c"),
...     hand_class="jacks-or-better", win=5, best_hold=0b00011, hold_ev=1.5365, best_ev=1.5365),
...     deal_id=deal.id)
>>> hand.credits_after, store.current_bankroll().credits, store.deal_in_play(bankroll.id)
(100, 100, None)
>>> store.end_session(session)
>>> store.close()
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Final

from pokerscore.cards import Card, format_cards
from pokerscore.games.videopoker.history.leases import Lease, lease_folder, lease_held, take_lease
from pokerscore.games.videopoker.history.records import (
    FORFEITED,
    Bankroll,
    DealFinishedElsewhereError,
    DealInPlay,
    HandRecord,
    HistoryError,
    ReadOnlyHistoryError,
    SameDealInPlayError,
    cards_of,
    now_text,
)
from pokerscore.games.videopoker.history.reports import HistorySummary, hand_from_row, summarize
from pokerscore.games.videopoker.history.schema import (
    BUSY_TIMEOUT,
    SCHEMA_VERSION,
    bring_up_to_date,
    check_header,
    in_use,
    is_lock_error,
    read_header,
)

HISTORY_FILE_NAME: Final = "videopoker.sqlite3"
ALL_HELD: Final = 31
SQLITE_INT_MAX: Final = 2**63 - 1
"""The largest integer SQLite stores (or takes as a LIMIT): counts asked for stay within it."""


def default_history_path() -> Path:
    """Where the game keeps its history unless told otherwise: the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("pokerscore") / HISTORY_FILE_NAME


def open_history(
    path: Path | str | None = None,
    *,
    create: bool = True,
    read_only: bool = False,
    busy_timeout: float = BUSY_TIMEOUT,
) -> HistoryStore:
    """Open (and if need be create or migrate) a history file; ``None`` for the default one.

    ``":memory:"`` opens a throwaway in-memory history. ``busy_timeout`` is how long to wait for
    another process's write before reporting the file as in use. ``read_only`` opens an existing
    file for reading and never writes to it (see :func:`_open_read_only`).

    >>> open_history(":memory:").schema_version
    4
    >>> import tempfile, pathlib
    >>> foreign = pathlib.Path(tempfile.mkdtemp()) / "notes.txt"
    >>> _ = foreign.write_text("my poker notes")
    >>> try:
    ...     open_history(foreign)
    ... except HistoryError as error:
    ...     print(error)
    /.../notes.txt is not a SQLite database, so not a pokerscore history; left untouched
    """
    if str(path) == ":memory:":
        connection = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        bring_up_to_date(connection, ":memory:", new=True)
        return HistoryStore(connection, ":memory:")
    path = default_history_path() if path is None else Path(path)
    header = read_header(path)
    if header is None:
        if not create or read_only:
            raise HistoryError(f"no history file at {path}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise HistoryError(f"cannot create a history at {path}: {error.strerror}") from None
    else:
        version = check_header(path, header)
        if read_only:
            return _open_read_only(path, version, busy_timeout)
    connection = _connect(path, busy_timeout)
    try:
        _check_intact(connection, path)
        bring_up_to_date(connection, path, new=header is None)
    except sqlite3.Error as error:
        connection.close()
        if is_lock_error(error):
            raise in_use(path) from None
        if header is None:
            raise HistoryError(f"cannot create a history at {path}: {error}") from None
        if isinstance(error, sqlite3.OperationalError) and "readonly" in str(error):
            raise _read_only(path) from None
        raise HistoryError(f"{path} is damaged ({error}); left untouched") from None
    except HistoryError:
        connection.close()
        raise
    return HistoryStore(connection, path)


def _open_read_only(path: Path, version: int, busy_timeout: float) -> HistoryStore:
    """A history file opened for reading: nothing is written to it, not even a migration.

    A file of an older schema is copied into memory and brought up to date there, so every
    report reads one schema (the same migrations as on disk, so the same answers); the file
    itself is migrated only by a program that writes to it, the game. The one change reading
    may make is SQLite's own recovery of a write cut short by a killed program (a "hot
    journal"): the file goes back to its last committed state, which no reader can skip.
    """
    try:
        connection = _connect(path, busy_timeout, read_only=True)
        try:
            _check_intact(connection, path)
        except sqlite3.Error as error:
            if getattr(error, "sqlite_errorcode", None) != _READONLY_ROLLBACK:
                raise
            connection.close()
            _recover(path, busy_timeout)
            connection = _connect(path, busy_timeout, read_only=True)
            _check_intact(connection, path)
        if version < SCHEMA_VERSION:
            memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            connection.backup(memory)
            connection.close()
            connection = memory
            bring_up_to_date(connection, path, new=False)
    except sqlite3.Error as error:
        if is_lock_error(error):
            raise in_use(path) from None
        raise HistoryError(f"{path} is damaged ({error}); left untouched") from None
    return HistoryStore(connection, path, read_only=True)


# SQLITE_READONLY_ROLLBACK: a read-only connection met a hot journal it may not roll back.
_READONLY_ROLLBACK: Final = 776


def _recover(path: Path, busy_timeout: float) -> None:
    """Let SQLite roll back a write cut short (any read on a writable connection does)."""
    try:
        writable = _connect(path, busy_timeout)
        try:
            writable.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            writable.close()
    except sqlite3.Error as error:
        if is_lock_error(error):
            raise in_use(path) from None
        raise HistoryError(
            f"{path} holds a write cut short by a program that stopped, and cannot be restored"
            f" to its last saved state ({error}); left untouched"
        ) from None


def _check_intact(connection: sqlite3.Connection, path: Path) -> None:
    problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
    if problems != ["ok"]:
        raise HistoryError(f"{path} is damaged ({problems[0]}); left untouched")


def _connect(path: Path, busy_timeout: float, *, read_only: bool = False) -> sqlite3.Connection:
    try:
        # Autocommit mode: every write below opens and commits its own transaction explicitly.
        # The game stores hands from a worker thread, one call at a time: no sharing to guard.
        # Read-only through SQLite's URI form (mode=ro): the path is percent-encoded by as_uri.
        target = f"{path.resolve().as_uri()}?mode=ro" if read_only else str(path)
        connection = sqlite3.connect(
            target,
            isolation_level=None,
            timeout=busy_timeout,
            check_same_thread=False,
            uri=read_only,
        )
        connection.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as error:
        raise HistoryError(f"cannot open {path}: {error}") from None
    return connection


def _read_only(path: object) -> HistoryError:
    return ReadOnlyHistoryError(
        f"cannot write to {path}: the file or its folder is read-only; keep the history in"
        " another file"
    )


class HistoryStore:
    """An open history file. Use :func:`open_history` to get one; close it, or use ``with``."""

    def __init__(
        self, connection: sqlite3.Connection, path: Path | str, *, read_only: bool = False
    ) -> None:
        self._db = connection
        self._db.row_factory = sqlite3.Row
        self.path = path
        self.read_only = read_only
        """Opened for reading: every change is refused (an older file is read from a copy)."""
        # The locks of the sessions started here and not ended, by token. An in-memory history
        # has no folder for lock files: no other store sees it, so these are all its sessions.
        self._leases: dict[str, Lease] = {}
        self._lease_folder = None if str(path) == ":memory:" else lease_folder(Path(path))

    def close(self) -> None:
        """Close the file. Every change is already on disk; sessions left open stop being live."""
        for lease in self._leases.values():
            lease.release()
        self._leases.clear()
        self._db.close()

    def __enter__(self) -> HistoryStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The file's schema version (``PRAGMA user_version``)."""
        return int(self._read("PRAGMA user_version")[0][0])

    # Bankroll and sessions

    def current_bankroll(self) -> Bankroll | None:
        """The latest bankroll, or ``None`` in a new history."""
        rows = self._read("SELECT * FROM bankroll ORDER BY id DESC LIMIT 1")
        return Bankroll(**dict(rows[0])) if rows else None

    def bankroll(self, bankroll_id: int) -> Bankroll:
        """A bankroll as it stands now (another game on the same file may have changed it)."""
        rows = self._read("SELECT * FROM bankroll WHERE id = ?", (bankroll_id,))
        if not rows:
            raise HistoryError(f"{self.path} has no bankroll {bankroll_id}")
        return Bankroll(**dict(rows[0]))

    def new_bankroll(self, credits: int) -> Bankroll:
        """Start a fresh bankroll of ``credits`` coins; it becomes the current one."""
        if not 0 <= credits <= SQLITE_INT_MAX:
            raise HistoryError(f"credits of a bankroll are 0 to 2**63 - 1, got {credits}")
        started_at = now_text()
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO bankroll (started_at, initial_credits, credits) VALUES (?, ?, ?)",
                (started_at, credits, credits),
            )
        assert cursor.lastrowid is not None
        return Bankroll(cursor.lastrowid, started_at, credits, credits)

    def start_session(self, paytable: str, seed: int | None = None) -> int:
        """Record the start of a session at a pay table; its id, to give each hand.

        The session is live from now until :meth:`end_session`, the store's close, or the end
        of this process, however it ends: it holds a lock all that time (see :mod:`.leases`).
        """
        # The lock first: by the time the row (and so the token) is visible, it is held.
        lease = self._take_lease()
        try:
            with self._transaction():
                cursor = self._db.execute(
                    "INSERT INTO sessions (started_at, paytable, seed, lease) VALUES (?, ?, ?, ?)",
                    (now_text(), paytable, seed, lease.token),
                )
        except BaseException:
            lease.release()
            raise
        assert cursor.lastrowid is not None
        self._leases[lease.token] = lease
        return cursor.lastrowid

    def end_session(self, session_id: int) -> None:
        """Record the end of a session and give up its lock. A deal it left in play waits for
        the next session at its pay table."""
        token = None
        try:
            rows = self._read("SELECT lease FROM sessions WHERE id = ?", (session_id,))
            token = rows[0]["lease"] if rows else None
            with self._transaction():
                self._db.execute(
                    "UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                    (now_text(), session_id),
                )
        finally:
            # Released even if the write failed: the session is over either way.
            lease = self._leases.pop(token, None) if token is not None else None
            if lease is not None:
                lease.release()

    def session_live(self, session_id: int) -> bool:
        """Whether a session is still playing: started, not ended, its process still there."""
        rows = self._read("SELECT lease, ended_at FROM sessions WHERE id = ?", (session_id,))
        return bool(rows) and self._live(rows[0]["lease"], rows[0]["ended_at"])

    # Deals and hands

    def place_bet(
        self,
        session_id: int,
        bankroll_id: int,
        paytable: str,
        coins: int,
        seed: int | None,
        cards: Sequence[Card],
    ) -> tuple[DealInPlay | None, int]:
        """Charge a bet of ``coins`` (cut to the credits left) and store the deal with it.

        Returns the deal in play (``None`` when the bankroll is empty) and the credits after
        the bet, read and written in one transaction.
        """
        dealt = format_cards(cards)
        with self._transaction():
            credits = self._credits(bankroll_id)
            bet = min(coins, credits)
            if bet == 0:
                return None, credits
            # The same ten cards waiting for their draw in another game (the same seed): dealt
            # here, they would show that game's replacements before it draws.
            twin = self._db.execute(
                "SELECT session_id FROM deals_in_play WHERE cards = ? LIMIT 1", (dealt,)
            ).fetchone()
            if twin is not None:
                raise SameDealInPlayError(
                    f"the same deal is in play in session {twin[0]} on this history:"
                    " it is drawn there first"
                )
            self._db.execute(
                "UPDATE bankroll SET credits = credits - ? WHERE id = ?", (bet, bankroll_id)
            )
            dealt_at = now_text()
            cursor = self._db.execute(
                "INSERT INTO deals_in_play (dealt_at, session_id, bankroll_id, paytable, coins,"
                " seed, cards) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (dealt_at, session_id, bankroll_id, paytable, bet, seed, dealt),
            )
        assert cursor.lastrowid is not None
        deal = DealInPlay(
            cursor.lastrowid, session_id, bankroll_id, paytable, bet, seed, tuple(cards), dealt_at
        )
        return deal, credits - bet

    def deal_in_play(self, bankroll_id: int) -> DealInPlay | None:
        """The earliest deal on a bankroll that was paid for but never drawn, if any (whichever
        session holds it)."""
        rows = self._read(
            "SELECT * FROM deals_in_play WHERE bankroll_id = ? ORDER BY id LIMIT 1", (bankroll_id,)
        )
        return _deal_from_row(rows[0]) if rows else None

    def orphaned_deals(self, bankroll_id: int | None = None) -> list[DealInPlay]:
        """Deals in play whose session is over (on one bankroll, or on all), earliest first:
        the only ones another session may take over."""
        where, args = (
            ("", ()) if bankroll_id is None else ("WHERE d.bankroll_id = ?", (bankroll_id,))
        )
        rows = self._read(
            "SELECT d.*, s.lease, s.ended_at FROM deals_in_play d"
            f" LEFT JOIN sessions s ON s.id = d.session_id {where} ORDER BY d.id",
            args,
        )
        return [
            _deal_from_row(row) for row in rows if not self._live(row["lease"], row["ended_at"])
        ]

    def claim_deal(self, deal_id: int, session_id: int) -> DealInPlay | None:
        """Make ``session_id`` the owner of a deal whose session is over; the deal, or ``None``
        when it is gone or its owner is live (checked inside the write, so two sessions never
        both take it)."""
        with self._transaction():
            row = self._db.execute(
                "SELECT d.*, s.lease, s.ended_at FROM deals_in_play d"
                " LEFT JOIN sessions s ON s.id = d.session_id WHERE d.id = ?",
                (deal_id,),
            ).fetchone()
            if row is None:
                return None
            if row["session_id"] != session_id:
                if self._live(row["lease"], row["ended_at"]):
                    return None
                self._db.execute(
                    "UPDATE deals_in_play SET session_id = ? WHERE id = ?", (session_id, deal_id)
                )
        return replace(_deal_from_row(row), session_id=session_id)

    def record_hand(self, hand: HandRecord, deal_id: int | None = None) -> HandRecord:
        """Store a finished hand and pay its win into the bankroll, together or not at all.

        With ``deal_id`` the bet was charged at the deal, whose row this removes; without, the
        bet is charged now. Returns the hand as stored, with its id and the bankroll after it.
        A deal that is not the hand's session's any more (another game finished it) raises
        :class:`DealFinishedElsewhereError`.
        """
        change = hand.win if deal_id is not None else hand.win - hand.coins
        with self._transaction():
            if deal_id is not None:
                removed = self._db.execute(
                    "DELETE FROM deals_in_play WHERE id = ? AND session_id = ?",
                    (deal_id, hand.session_id),
                )
                if removed.rowcount != 1:
                    raise DealFinishedElsewhereError(
                        "this hand was already finished by another game on the same history"
                    )
            self._db.execute(
                "UPDATE bankroll SET credits = credits + ? WHERE id = ?",
                (change, hand.bankroll_id),
            )
            credits = self._credits(hand.bankroll_id)
            cursor = self._db.execute(
                "INSERT INTO hands (played_at, session_id, bankroll_id, paytable, coins, seed,"
                " dealt, hold, final, class, win, best_hold, hold_ev, best_ev, credits_after)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    hand.played_at,
                    hand.session_id,
                    hand.bankroll_id,
                    hand.paytable,
                    hand.coins,
                    hand.seed,
                    format_cards(hand.dealt),
                    hand.hold,
                    format_cards(hand.final),
                    hand.hand_class,
                    hand.win,
                    hand.best_hold,
                    hand.hold_ev,
                    hand.best_ev,
                    credits,
                ),
            )
        return replace(hand, id=cursor.lastrowid, credits_after=credits)

    def forfeit(self, deal: DealInPlay, session_id: int) -> HandRecord:
        """Abandon a deal in play: it becomes a hand that kept its cards and won nothing.

        The bet, charged at the deal, stays lost; the hand counts in the totals (bet, no win,
        no mistake), so the history and the bankroll agree. Only a deal whose session is over
        is forfeited (taken over first); a live game's deal raises
        :class:`DealFinishedElsewhereError` and stays in play.
        """
        if self.claim_deal(deal.id, session_id) is None:
            raise DealFinishedElsewhereError(
                "this hand is no longer left in play: another game holds or finished it"
            )
        dealt = deal.cards[:5]
        return self.record_hand(
            HandRecord(
                session_id=session_id,
                bankroll_id=deal.bankroll_id,
                paytable=deal.paytable,
                coins=deal.coins,
                seed=deal.seed,
                dealt=dealt,
                hold=ALL_HELD,
                final=dealt,
                hand_class=FORFEITED,
                win=0,
                best_hold=ALL_HELD,
                hold_ev=0.0,
                best_ev=0.0,
            ),
            deal_id=deal.id,
        )

    def hands(self, session_id: int | None = None) -> list[HandRecord]:
        """Hands in the order played: all of them, or one session's."""
        where, args = ("", ()) if session_id is None else ("WHERE session_id = ?", (session_id,))
        rows = self._read(f"SELECT * FROM hands {where} ORDER BY id", args)
        return [hand_from_row(row) for row in rows]

    def summary(self, worst: int = 5) -> HistorySummary:
        """Totals per session (those with hands) and overall, and the ``worst`` costliest holds."""
        # Checked here: SQLite reads LIMIT -1 as no limit, and cannot take 2**63 at all.
        if not 0 <= worst <= SQLITE_INT_MAX:
            raise HistoryError(f"worst is 0 to {SQLITE_INT_MAX:,}, got {worst}")
        try:
            return summarize(self._db, self.current_bankroll(), worst)
        except sqlite3.Error as error:
            raise self._error(error) from None

    # Helpers

    def _take_lease(self) -> Lease:
        if self.read_only:
            raise self._reading_only()
        if self._lease_folder is None:
            return Lease("memory-" + secrets.token_hex(16))
        return take_lease(self._lease_folder)

    def _live(self, token: str | None, ended_at: str | None) -> bool:
        """Whether a session row (its lease token and end) is a live session's."""
        if token is None or ended_at is not None:
            return False  # ended, or from a version-3 file, which knew no leases
        if token in self._leases:
            return True
        folder = self._lease_folder
        return folder is not None and lease_held(folder, token, tidy=not self.read_only)

    def _credits(self, bankroll_id: int) -> int:
        row = self._db.execute("SELECT credits FROM bankroll WHERE id = ?", (bankroll_id,))
        found = row.fetchone()
        if found is None:
            raise HistoryError(f"{self.path} has no bankroll {bankroll_id}")
        return int(found[0])

    def _read(self, query: str, args: Sequence[object] = ()) -> list[sqlite3.Row]:
        try:
            return self._db.execute(query, args).fetchall()
        except sqlite3.Error as error:
            raise self._error(error) from None

    def _transaction(self) -> _Transaction:
        return _Transaction(self)

    def _reading_only(self) -> HistoryError:
        return HistoryError(f"{self.path} is opened for reading only: nothing is written to it")

    def _error(self, error: sqlite3.Error) -> HistoryError:
        """A SQLite error as the player should read it."""
        if is_lock_error(error):
            return in_use(self.path)
        if "readonly" in str(error):
            return _read_only(self.path)
        return HistoryError(f"cannot write to {self.path}: {error}")


def _deal_from_row(row: sqlite3.Row) -> DealInPlay:
    return DealInPlay(
        id=row["id"],
        session_id=row["session_id"],
        bankroll_id=row["bankroll_id"],
        paytable=row["paytable"],
        coins=row["coins"],
        seed=row["seed"],
        cards=cards_of(row["cards"]),
        dealt_at=row["dealt_at"],
    )


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any error (sqlite3 in autocommit).

    SQLite errors leave as :class:`HistoryError`: a locked file is "in use by another process",
    a read-only one says so; nothing is half-written either way.
    """

    def __init__(self, store: HistoryStore) -> None:
        self._store = store
        self._db = store._db

    def __enter__(self) -> None:
        if self._store.read_only:
            raise self._store._reading_only()
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise self._store._error(error) from None

    def __exit__(self, exc_type: type[BaseException] | None, error: object, *rest: object) -> None:
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
                return
            except sqlite3.Error as commit_error:
                error = commit_error
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")
        if isinstance(error, sqlite3.Error):
            raise self._store._error(error) from None


__all__: Sequence[str] = [
    "HISTORY_FILE_NAME",
    "SCHEMA_VERSION",
    "SQLITE_INT_MAX",
    "HistoryStore",
    "default_history_path",
    "open_history",
]
