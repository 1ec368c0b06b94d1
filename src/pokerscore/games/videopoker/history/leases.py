"""Which sessions are live: each one holds an operating-system lock on a file of its own.

A game's session takes an exclusive lock (``flock`` on POSIX, ``msvcrt.locking`` on Windows) on
``<history>-sessions/<token>.lock`` and its row in the history records the token. Whether the
owner of a hand in play is still playing is then one question to the operating system: can
that file be locked? The lock lives exactly as long as the owner's open file: the kernel drops
it when the process ends in any way, ``kill -9`` included, so a dead game never looks live, and
a live one never looks dead however long the player idles (no heartbeat to miss, no clocks to
compare). Both lock kinds belong to the open file, not the process, so two sessions in one
process see each other as live too.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "h.sqlite3-sessions"
>>> lease = take_lease(folder)
>>> lease_held(folder, lease.token)
True
>>> lease.release()
>>> lease_held(folder, lease.token)
False
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from pathlib import Path
from typing import Final

from pokerscore.games.videopoker.history.records import HistoryError

LEASE_SUFFIX: Final = ".lock"


def lease_folder(history: Path) -> Path:
    """Where the sessions of the history file ``history`` keep their lock files."""
    return history.with_name(history.name + "-sessions")


class Lease:
    """A session's lock, held until :meth:`release` (or until its process ends). Without a
    file (``path`` ``None``) it is only a token: an in-memory history's sessions, which no other
    store can see."""

    def __init__(self, token: str, path: Path | None = None, fd: int | None = None) -> None:
        self.token = token
        self.path = path
        self._fd = fd

    def release(self) -> None:
        """Give the lock up and remove its file."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        os.close(fd)  # closing the file drops the lock (and Windows removes no open file)
        if self.path is not None:
            with contextlib.suppress(OSError):  # a prober may have removed it first
                self.path.unlink()


def take_lease(folder: Path) -> Lease:
    """Create and lock a new lock file in ``folder``; the file appears already locked."""
    token = secrets.token_hex(16)
    path = folder / (token + LEASE_SUFFIX)
    try:
        folder.mkdir(exist_ok=True)
        _sweep(folder)
        if sys.platform == "win32":
            # An open file cannot be removed on Windows, so no sweep can take it meanwhile.
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
            _try_lock(fd)
        else:
            # Locked under a name no sweep looks at, then renamed: a sweep that found the file
            # unlocked between its creation and its lock would remove it from under the session.
            draft = folder / f".{token}.draft"
            fd = os.open(draft, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
            if not _try_lock(fd):  # pragma: no cover - a new file nobody else knows
                os.close(fd)
                raise HistoryError(f"cannot lock {draft}")
            os.replace(draft, path)
    except OSError as error:
        raise HistoryError(
            f"cannot keep the lock of a session in {folder}: {error.strerror or error}"
        ) from None
    return Lease(token, path, fd)


def lease_held(folder: Path, token: str, *, tidy: bool = True) -> bool:
    """Whether the session with lease ``token`` is live: some open file holds its lock.

    With ``tidy``, the lock file of a session found dead is removed (nobody else will)."""
    path = folder / (token + LEASE_SUFFIX)
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False  # released (or swept after its owner died)
    except OSError:
        return True  # cannot tell: a session is taken for live rather than robbed of its hand
    try:
        held = not _try_lock(fd)
    finally:
        os.close(fd)
    if not held and tidy:
        with contextlib.suppress(OSError):
            path.unlink()  # its owner is gone and will not remove it
    return held


def _sweep(folder: Path) -> None:
    """Remove the lock files of sessions whose process died (nothing holds their lock)."""
    for path in folder.glob("*" + LEASE_SUFFIX):
        lease_held(folder, path.name.removesuffix(LEASE_SUFFIX))


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
