"""The history file's format: its header marks, the schema and the migrations between versions.

The file is ours only if its header says so: a pokerscore history carries
:data:`APPLICATION_ID` in SQLite's ``application_id`` field and its schema version in
``user_version``. Anything else given as a history file (a text file, another program's
database, a damaged file) is refused and never written to.

New files are made by running every migration from version 0, so the path an old file takes is
the path every file has taken. :func:`bring_up_to_date` runs them inside one ``BEGIN IMMEDIATE``
transaction and reads the version *inside* it: two programs creating the same new file at the
same moment take turns, and the second finds the file made.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Final

from pokerscore.games.videopoker.history.records import HistoryError

APPLICATION_ID: Final = 0x504B5650
"""``PKVP``: marks a SQLite file as a pokerscore video poker history."""

SCHEMA_VERSION: Final = 4
"""The schema this module writes; older files are migrated on open, newer ones refused."""

BUSY_TIMEOUT: Final = 5.0
"""Seconds to wait for another process's write to finish before saying the file is in use."""

_SQLITE_MAGIC: Final = b"SQLite format 3\x00"
_HEADER_SIZE: Final = 100
# Big-endian 32-bit fields of the database header (https://sqlite.org/fileformat.html).
_USER_VERSION_OFFSET: Final = 60
_APPLICATION_ID_OFFSET: Final = 68
# SQLITE_BUSY and SQLITE_LOCKED: another connection holds the lock.
_LOCK_ERROR_CODES: Final = frozenset({5, 6})

# The first schema. Kept verbatim (see the module's docstring).
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


def _create_v1(connection: sqlite3.Connection) -> None:
    run_script(connection, _SCHEMA_V1)


def _migrate_to_v2(connection: sqlite3.Connection) -> None:
    # Version 2 groups hands into sessions. Hands from a version-1 file become one session per
    # pay table and day, which is how a player would remember them.
    run_script(
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


def _migrate_to_v3(connection: sqlite3.Connection) -> None:
    # Version 3 charges the bet when the cards are dealt: the deal waits here, paid for, until
    # its draw turns it into a row of hands (or the player abandons it).
    run_script(
        connection,
        """
        CREATE TABLE deals_in_play (
            id INTEGER PRIMARY KEY,
            dealt_at TEXT NOT NULL,
            session_id INTEGER NOT NULL REFERENCES sessions (id),
            bankroll_id INTEGER NOT NULL REFERENCES bankroll (id),
            paytable TEXT NOT NULL,
            coins INTEGER NOT NULL CHECK (coins BETWEEN 1 AND 5),
            seed INTEGER,
            cards TEXT NOT NULL
        );
        """,
    )


def _migrate_to_v4(connection: sqlite3.Connection) -> None:
    # Version 4 knows which sessions are live: a session records the token of the lock it holds
    # while it plays (see .leases), and when it ended. A deal in play belongs to its session and
    # only a session that is over (ended, or its lock gone with its process) leaves it to
    # another. Sessions of older files hold no lock: none of them is live.
    run_script(
        connection,
        """
        ALTER TABLE sessions ADD COLUMN lease TEXT;
        ALTER TABLE sessions ADD COLUMN ended_at TEXT;
        """,
    )


MIGRATIONS: Final[dict[int, Callable[[sqlite3.Connection], None]]] = {
    0: _create_v1,
    1: _migrate_to_v2,
    2: _migrate_to_v3,
    3: _migrate_to_v4,
}
"""Migration from version ``n`` to ``n + 1``, applied in order inside one transaction."""


def run_script(connection: sqlite3.Connection, script: str) -> None:
    """Run ``;``-separated statements. Not executescript(): it commits first, and a migration
    must be one transaction."""
    for statement in script.split(";"):
        if statement.strip():
            connection.execute(statement)


def migrate(connection: sqlite3.Connection, start: int, stop: int) -> None:
    """Run the migrations ``start -> stop`` (inside the caller's transaction)."""
    for version in range(start, stop):
        MIGRATIONS[version](connection)
    connection.execute(f"PRAGMA user_version = {stop}")


def bring_up_to_date(connection: sqlite3.Connection, path: object, *, new: bool) -> None:
    """Create (``new``) or migrate the schema to :data:`SCHEMA_VERSION`, in one transaction.

    The version is read after ``BEGIN IMMEDIATE``: a file another process created meanwhile is
    checked as any existing file is, then migrated if need be, never created twice.
    """
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        app_id = int(connection.execute("PRAGMA application_id").fetchone()[0])
        tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if app_id == 0 and version == 0 and not tables and new:
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        elif app_id != APPLICATION_ID:
            raise HistoryError(
                f"{path} is a SQLite database of another program (application_id {app_id:#x}),"
                " not a pokerscore history; left untouched"
            )
        elif version > SCHEMA_VERSION:
            raise HistoryError(_too_new(path, version))
        if version < SCHEMA_VERSION:
            migrate(connection, version, SCHEMA_VERSION)
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def read_header(path: Path) -> bytes | None:
    """The 100-byte header of an existing non-empty file, ``None`` for a file to be created."""
    if path.is_dir():
        raise HistoryError(f"{path} is a directory, not a pokerscore history file")
    if path.exists() and not path.is_file():  # a named pipe would block, a device be written
        raise HistoryError(f"{path} is not a regular file, so not a pokerscore history file")
    if not path.exists() or path.stat().st_size == 0:
        return None
    try:
        with path.open("rb") as file:
            return file.read(_HEADER_SIZE)
    except OSError as error:
        raise HistoryError(f"cannot read {path}: {error.strerror}") from None


def check_header(path: Path, header: bytes) -> int:
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
        raise HistoryError(_too_new(path, version))
    return version


def _too_new(path: object, version: int) -> str:
    return (
        f"{path} was written by a newer pokerscore (history schema {version}, "
        f"this one reads up to {SCHEMA_VERSION}); left untouched"
    )


def is_lock_error(error: sqlite3.Error) -> bool:
    """Whether SQLite gave up waiting for another connection's lock (busy or locked)."""
    code = getattr(error, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return code & 0xFF in _LOCK_ERROR_CODES
    text = str(error)
    return "locked" in text or "busy" in text


def in_use(path: object) -> HistoryError:
    """The error for a history another process keeps locked."""
    return HistoryError(
        f"{path} is in use by another process (locked for over {BUSY_TIMEOUT:g} s); "
        "try again when it is done"
    )
