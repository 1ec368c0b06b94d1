"""The video poker history: every hand played, the bankroll and the sessions, in one SQLite file.

The file is ours only if its header says so: a pokerscore history carries
:data:`APPLICATION_ID` in SQLite's ``application_id`` field and its schema version in
``user_version``. Anything else given as a history file (a text file, another program's
database, a damaged file) raises :class:`HistoryError` and is never written to. Each hand is
stored, with the bankroll's new balance, in one transaction, so a program killed at any moment
loses at most the hand in play.

>>> store = open_history(":memory:")
>>> bankroll = store.new_bankroll(100)
>>> session = store.start_session("jacks-or-better-9-6", seed=7)
>>> hand = store.record_hand(HandRecord(
...     session_id=session, bankroll_id=bankroll.id, paytable="jacks-or-better-9-6", coins=5,
...     seed=7, dealt=parse_cards("Ah Ad 7c 4s 2h"), hold=0b00011,
...     final=parse_cards("Ah Ad Kh Qs 9c"), hand_class="jacks-or-better", win=5,
...     best_hold=0b00011, hold_ev=1.5365, best_ev=1.5365, credits_after=100))
>>> store.current_bankroll().credits, len(store.hands())
(100, 1)
>>> store.close()
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Final

from pokerscore.cards import Card, PokerScoreError, format_cards, parse_cards

APPLICATION_ID: Final = 0x504B5650
"""``PKVP``: marks a SQLite file as a pokerscore video poker history."""

SCHEMA_VERSION: Final = 2
"""The schema this module writes; older files are migrated on open, newer ones refused."""

HISTORY_FILE_NAME: Final = "videopoker.sqlite3"

_SQLITE_MAGIC: Final = b"SQLite format 3\x00"
_HEADER_SIZE: Final = 100
# Big-endian 32-bit fields of the database header (https://sqlite.org/fileformat.html).
_USER_VERSION_OFFSET: Final = 60
_APPLICATION_ID_OFFSET: Final = 68


class HistoryError(PokerScoreError):
    """A history file that cannot be used: not SQLite, another program's, damaged or too new."""


def default_history_path() -> Path:
    """Where the game keeps its history unless told otherwise: the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("pokerscore") / HISTORY_FILE_NAME


def now_text() -> str:
    """The current UTC time as ISO 8601 to the second, the form every row's time takes."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Bankroll:
    """Credits the player brought (``initial_credits``) and has now (``credits``)."""

    id: int
    started_at: str
    initial_credits: int
    credits: int


@dataclass(frozen=True)
class HandRecord:
    """One hand as played: the deal, the hold, the outcome and what the advisor thought of it.

    ``hold`` and ``best_hold`` are hold masks (bit i holds the i-th dealt card); ``hold_ev``
    and ``best_ev`` are expected returns per coin bet, so the coins given away by the hold are
    ``(best_ev - hold_ev) * coins``.

    >>> record = HandRecord(session_id=1, bankroll_id=1, paytable="jacks-or-better-9-6",
    ...     coins=5, seed=None, dealt=parse_cards("Kh Qh Jh Th 2c"), hold=0,
    ...     final=parse_cards("3c 4d 5h 8s 9s"), hand_class="nothing", win=0,
    ...     best_hold=0b01111, hold_ev=0.5, best_ev=19.0, credits_after=0)
    >>> record.ev_lost, record.mistake
    (92.5, True)
    """

    session_id: int
    bankroll_id: int
    paytable: str
    coins: int
    seed: int | None
    dealt: tuple[Card, ...]
    hold: int
    final: tuple[Card, ...]
    hand_class: str
    win: int
    best_hold: int
    hold_ev: float
    best_ev: float
    credits_after: int
    played_at: str = field(default_factory=now_text)
    id: int | None = None

    @property
    def ev_lost(self) -> float:
        """Expected coins given away by not making the best hold (0 for a best hold)."""
        return max(0.0, (self.best_ev - self.hold_ev) * self.coins)

    @property
    def mistake(self) -> bool:
        """Whether the hold was worth less than the best one."""
        return self.best_ev > self.hold_ev


@dataclass(frozen=True)
class Totals:
    """Sums over a set of hands: a session's or the whole history's."""

    hands: int
    coins_bet: int
    coins_won: int
    ev_lost: float
    mistakes: int

    @property
    def return_rate(self) -> float | None:
        """Coins won per coin bet (``None`` before the first hand)."""
        return self.coins_won / self.coins_bet if self.coins_bet else None

    @property
    def ev_lost_per_hand(self) -> float | None:
        """Average coins given away per hand by holds below the best."""
        return self.ev_lost / self.hands if self.hands else None


@dataclass(frozen=True)
class SessionSummary:
    """One sitting at the machine and its totals."""

    id: int
    started_at: str
    paytable: str
    seed: int | None
    totals: Totals


@dataclass(frozen=True)
class HistorySummary:
    """What ``pokerscore videopoker history`` shows: sessions, overall totals, worst holds."""

    sessions: list[SessionSummary]
    overall: Totals
    worst_mistakes: list[HandRecord]
    bankroll: Bankroll | None


# The first schema. Kept verbatim: new files are created by running every migration from here,
# so the path an old file takes is the path every file has taken.
_SCHEMA_V1: Final = """
CREATE TABLE bankroll (
    id INTEGER PRIMARY KEY,
    started_at TEXT NOT NULL,
    initial_credits INTEGER NOT NULL CHECK (initial_credits >= 0),
    credits INTEGER NOT NULL CHECK (credits >= 0)
);
CREATE TABLE hands (
    id INTEGER PRIMARY KEY,
    played_at TEXT NOT NULL,
    bankroll_id INTEGER NOT NULL REFERENCES bankroll (id),
    paytable TEXT NOT NULL,
    coins INTEGER NOT NULL CHECK (coins BETWEEN 1 AND 5),
    seed INTEGER,
    dealt TEXT NOT NULL,
    hold INTEGER NOT NULL CHECK (hold BETWEEN 0 AND 31),
    final TEXT NOT NULL,
    class TEXT NOT NULL,
    win INTEGER NOT NULL CHECK (win >= 0),
    best_hold INTEGER NOT NULL CHECK (best_hold BETWEEN 0 AND 31),
    hold_ev REAL NOT NULL,
    best_ev REAL NOT NULL,
    credits_after INTEGER NOT NULL CHECK (credits_after >= 0)
);
"""


def _migrate_to_v2(connection: sqlite3.Connection) -> None:
    # Version 2 groups hands into sessions. Hands from a version-1 file become one session per
    # pay table and day, which is how a player would remember them.
    _run_script(
        connection,
        """
        CREATE TABLE sessions (
            id INTEGER PRIMARY KEY,
            started_at TEXT NOT NULL,
            paytable TEXT NOT NULL,
            seed INTEGER
        );
        ALTER TABLE hands ADD COLUMN session_id INTEGER REFERENCES sessions (id);
        CREATE INDEX hands_by_session ON hands (session_id);
        """,
    )
    groups = connection.execute(
        "SELECT paytable, substr(played_at, 1, 10) AS day, min(played_at) FROM hands "
        "GROUP BY paytable, day ORDER BY min(played_at)"
    ).fetchall()
    for paytable, day, started_at in groups:
        session_id = connection.execute(
            "INSERT INTO sessions (started_at, paytable) VALUES (?, ?)", (started_at, paytable)
        ).lastrowid
        connection.execute(
            "UPDATE hands SET session_id = ? WHERE paytable = ? AND substr(played_at, 1, 10) = ?",
            (session_id, paytable, day),
        )


def _create_v1(connection: sqlite3.Connection) -> None:
    _run_script(connection, _SCHEMA_V1)


def _run_script(connection: sqlite3.Connection, script: str) -> None:
    # Not executescript(): it commits first, and a migration must be one transaction.
    for statement in script.split(";"):
        if statement.strip():
            connection.execute(statement)


_MIGRATIONS: Final[dict[int, Callable[[sqlite3.Connection], None]]] = {
    0: _create_v1,
    1: _migrate_to_v2,
}
"""Migration from version ``n`` to ``n + 1``, applied in order inside one transaction."""


def _read_header(path: Path) -> bytes | None:
    """The 100-byte header of an existing non-empty file, ``None`` for a file to be created."""
    if path.is_dir():
        raise HistoryError(f"{path} is a directory, not a pokerscore history file")
    if not path.exists() or path.stat().st_size == 0:
        return None
    with path.open("rb") as file:
        return file.read(_HEADER_SIZE)


def _check_header(path: Path, header: bytes) -> int:
    """The schema version of a file whose header is a pokerscore history's; else an error."""
    if len(header) < _HEADER_SIZE or not header.startswith(_SQLITE_MAGIC):
        raise HistoryError(
            f"{path} is not a SQLite database, so not a pokerscore history; left untouched"
        )
    app_id = int.from_bytes(header[_APPLICATION_ID_OFFSET : _APPLICATION_ID_OFFSET + 4], "big")
    if app_id != APPLICATION_ID:
        raise HistoryError(
            f"{path} is a SQLite database of another program (application_id {app_id:#x}), "
            "not a pokerscore history; left untouched"
        )
    version = int.from_bytes(header[_USER_VERSION_OFFSET : _USER_VERSION_OFFSET + 4], "big")
    if version > SCHEMA_VERSION:
        raise HistoryError(
            f"{path} was written by a newer pokerscore (history schema {version}, "
            f"this one reads up to {SCHEMA_VERSION}); left untouched"
        )
    return version


def open_history(
    path: Path | str | None = None, *, create: bool = True, version: int = SCHEMA_VERSION
) -> HistoryStore:
    """Open (and if need be create or migrate) a history file; ``None`` for the default one.

    ``version`` below :data:`SCHEMA_VERSION` creates an old-format file, for migration tests.
    ``":memory:"`` opens a throwaway in-memory history.

    >>> open_history(":memory:").schema_version
    2
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
        return HistoryStore._create(
            sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False), version
        )
    path = default_history_path() if path is None else Path(path)
    header = _read_header(path)
    if header is None:
        if not create:
            raise HistoryError(f"no history file at {path}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            return HistoryStore._create(_connect(path), version)
        except (OSError, sqlite3.Error) as error:
            raise HistoryError(f"cannot create a history at {path}: {error}") from error
    found = _check_header(path, header)
    return HistoryStore._open(_connect(path), path, found)


def _connect(path: Path) -> sqlite3.Connection:
    try:
        # Autocommit mode: every write below opens and commits its own transaction explicitly.
        # The game stores hands from a worker thread, one call at a time: no sharing to guard.
        connection = sqlite3.connect(
            path, isolation_level=None, timeout=5.0, check_same_thread=False
        )
        connection.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as error:
        raise HistoryError(f"cannot open {path}: {error}") from error
    return connection


class HistoryStore:
    """An open history file. Use :func:`open_history` to get one; close it, or use ``with``."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection
        self._db.row_factory = sqlite3.Row

    @classmethod
    def _create(cls, connection: sqlite3.Connection, version: int) -> HistoryStore:
        store = cls(connection)
        with store._transaction():
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            store._migrate(0, version)
        return store

    @classmethod
    def _open(cls, connection: sqlite3.Connection, path: Path, version: int) -> HistoryStore:
        store = cls(connection)
        try:
            problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise HistoryError(f"{path} is damaged ({problems[0]}); left untouched")
            if version < SCHEMA_VERSION:
                with store._transaction():
                    store._migrate(version, SCHEMA_VERSION)
        except sqlite3.DatabaseError as error:
            connection.close()
            raise HistoryError(f"{path} is damaged ({error}); left untouched") from error
        except HistoryError:
            connection.close()
            raise
        return store

    def _migrate(self, start: int, stop: int) -> None:
        for version in range(start, stop):
            _MIGRATIONS[version](self._db)
        self._db.execute(f"PRAGMA user_version = {stop}")

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    def close(self) -> None:
        """Close the file. Every hand recorded is already on disk."""
        self._db.close()

    def __enter__(self) -> HistoryStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The file's schema version (``PRAGMA user_version``)."""
        return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    # Bankroll and sessions

    def current_bankroll(self) -> Bankroll | None:
        """The latest bankroll, or ``None`` in a new history."""
        row = self._db.execute("SELECT * FROM bankroll ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None else Bankroll(**dict(row))

    def new_bankroll(self, credits: int) -> Bankroll:
        """Start a fresh bankroll of ``credits`` coins; it becomes the current one."""
        if credits < 0:
            raise HistoryError(f"a bankroll cannot be negative, got {credits}")
        started_at = now_text()
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO bankroll (started_at, initial_credits, credits) VALUES (?, ?, ?)",
                (started_at, credits, credits),
            )
        assert cursor.lastrowid is not None
        return Bankroll(cursor.lastrowid, started_at, credits, credits)

    def start_session(self, paytable: str, seed: int | None = None) -> int:
        """Record the start of a session at a pay table; its id, to give each hand."""
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO sessions (started_at, paytable, seed) VALUES (?, ?, ?)",
                (now_text(), paytable, seed),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    # Hands

    def record_hand(self, hand: HandRecord) -> HandRecord:
        """Store a finished hand and its bankroll's new balance, together or not at all."""
        with self._transaction():
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
                    hand.credits_after,
                ),
            )
            self._db.execute(
                "UPDATE bankroll SET credits = ? WHERE id = ?",
                (hand.credits_after, hand.bankroll_id),
            )
        return replace(hand, id=cursor.lastrowid)

    def hands(self, session_id: int | None = None) -> list[HandRecord]:
        """Hands in the order played: all of them, or one session's."""
        where, args = ("", ()) if session_id is None else ("WHERE session_id = ?", (session_id,))
        rows = self._db.execute(f"SELECT * FROM hands {where} ORDER BY id", args)
        return [_hand_from_row(row) for row in rows]

    def summary(self, worst: int = 5) -> HistorySummary:
        """Totals per session (those with hands) and overall, and the ``worst`` costliest holds."""
        totals = (
            "count(*) AS hands, coalesce(sum(coins), 0) AS coins_bet,"
            " coalesce(sum(win), 0) AS coins_won,"
            " coalesce(sum(max(best_ev - hold_ev, 0) * coins), 0.0) AS ev_lost,"
            " coalesce(sum(best_ev > hold_ev), 0) AS mistakes"
        )
        sessions = [
            SessionSummary(
                id=row["id"],
                started_at=row["started_at"],
                paytable=row["paytable"],
                seed=row["seed"],
                totals=_totals(row),
            )
            for row in self._db.execute(
                f"SELECT s.id, s.started_at, s.paytable, s.seed, {totals}"
                " FROM sessions s JOIN hands h ON h.session_id = s.id"
                " GROUP BY s.id ORDER BY s.id"
            )
        ]
        overall = _totals(self._db.execute(f"SELECT {totals} FROM hands").fetchone())
        worst_rows = self._db.execute(
            "SELECT * FROM hands WHERE best_ev > hold_ev"
            " ORDER BY (best_ev - hold_ev) * coins DESC, id LIMIT ?",
            (worst,),
        )
        return HistorySummary(
            sessions=sessions,
            overall=overall,
            worst_mistakes=[_hand_from_row(row) for row in worst_rows],
            bankroll=self.current_bankroll(),
        )


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any error (sqlite3 in autocommit)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: type[BaseException] | None, *rest: object) -> None:
        self._db.execute("COMMIT" if exc_type is None else "ROLLBACK")


def _totals(row: sqlite3.Row) -> Totals:
    return Totals(
        hands=row["hands"],
        coins_bet=row["coins_bet"],
        coins_won=row["coins_won"],
        ev_lost=float(row["ev_lost"]),
        mistakes=row["mistakes"],
    )


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _hand_from_row(row: sqlite3.Row) -> HandRecord:
    return HandRecord(
        id=row["id"],
        played_at=row["played_at"],
        session_id=row["session_id"],
        bankroll_id=row["bankroll_id"],
        paytable=row["paytable"],
        coins=row["coins"],
        seed=row["seed"],
        dealt=_cards(row["dealt"]),
        hold=row["hold"],
        final=_cards(row["final"]),
        hand_class=row["class"],
        win=row["win"],
        best_hold=row["best_hold"],
        hold_ev=row["hold_ev"],
        best_ev=row["best_ev"],
        credits_after=row["credits_after"],
    )


__all__: Sequence[str] = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "Bankroll",
    "HandRecord",
    "HistoryError",
    "HistoryStore",
    "HistorySummary",
    "SessionSummary",
    "Totals",
    "default_history_path",
    "open_history",
]
