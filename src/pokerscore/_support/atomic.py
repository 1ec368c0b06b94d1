"""Files that appear whole or not at all: written under a temporary name beside the target, then
renamed over it; only a regular file (or a new path) is ever replaced, and what a dead run left
beside a target is removed by the next run that writes there.

A temporary name is ``.NAME.PID.HOST.KIND``: hidden, the target's name, the writing process, a
tag of its machine (eight hex digits of a hash of the host name: a shared folder may be written
from several machines) and the kind (``part`` for a file being written). Before writing NAME, the
temporaries of NAME made on this machine by a process that is gone are removed. A process id
can be reused: a temporary whose process is alive but started after the temporary was last
written cannot be that process's, and is removed too (where the system tells when a process
started: Linux). A temporary of another machine is left alone: its process cannot be asked.
Temporaries of the older form ``.NAME.PID.part`` are taken as this machine's.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import socket
import stat
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Final

from pokerscore._support.errors import PokerScoreError

_KINDS: Final = {
    stat.S_IFDIR: "folder",
    stat.S_IFLNK: "symbolic link",
    stat.S_IFCHR: "character device",
    stat.S_IFBLK: "block device",
    stat.S_IFIFO: "named pipe",
    stat.S_IFSOCK: "socket",
}
_SLACK_SECONDS: Final = 2.0
"""Clock slack when a process's start is compared with a file's time (never in the unsafe way)."""


class TargetError(PokerScoreError):
    """A path to write that names something other than a regular file (a folder, a link, a
    device): it is never replaced."""


@cache
def host_tag() -> str:
    """This machine's tag in temporary names: eight hex digits of a hash of its host name."""
    return hashlib.sha256(socket.gethostname().encode()).hexdigest()[:8]


def temporary_path(target: Path, kind: str = "part") -> Path:
    """The name this process writes ``target`` under before renaming it: ``.NAME.PID.HOST.KIND``.

    >>> temporary_path(Path("out/scored.csv")).name.startswith(f".scored.csv.{os.getpid()}.")
    True
    """
    return target.with_name(f".{target.name}.{os.getpid()}.{host_tag()}.{kind}")


def path_kind(path: Path) -> str | None:
    """What is at ``path`` when it is not a regular file (``"folder"``, ``"symbolic link"``, …);
    None for a regular file or nothing at all."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    if stat.S_ISREG(mode):
        return None
    return _KINDS.get(stat.S_IFMT(mode), "special file")


def check_target(target: Path) -> None:
    """Raise :class:`TargetError` unless ``target`` is a regular file or a new path in a folder:
    a rename would replace a link (not what it points to), a device or a folder's name.

    >>> check_target(Path("/dev/null"))
    Traceback (most recent call last):
    ...
    pokerscore._support.atomic.TargetError: /dev/null is a character device, not a regular file: it is not replaced
    """
    if target.name in ("", ".", ".."):
        raise TargetError(f"{str(target) or repr('')} names no file")
    kind = path_kind(target)
    if kind is not None:
        raise TargetError(f"{target} is a {kind}, not a regular file: it is not replaced")


def _temporary_pattern(name: str) -> re.Pattern[str]:
    # .NAME.PID.HOST.KIND (HOST: eight hex digits) or the older .NAME.PID.part
    return re.compile(
        rf"\.{re.escape(name)}\.(?P<pid>\d+)(?:\.(?P<host>[0-9a-f]{{8}})\.[a-z]+|\.part)"
    )


def _started_after(pid: int, moment: float) -> bool:
    """Whether process ``pid`` started after ``moment`` (seconds since the epoch), by
    ``/proc``; False where that cannot be told (the process is then taken as the writer)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        boot = next(
            int(line.split()[1])
            for line in Path("/proc/stat").read_text().splitlines()
            if line.startswith("btime ")
        )
        ticks = int(fields[19])  # field 22, "starttime": clock ticks after boot
        started = boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError, StopIteration):
        return False
    # btime and the ticks are rounded down: the true start is later, never earlier.
    return started > moment + _SLACK_SECONDS


def _is_stale(pid: int, modified: float) -> bool:
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        pass
    except OSError:
        return False
    return _started_after(pid, modified)


def remove_stale(target: Path) -> list[Path]:
    """Remove the temporaries of ``target`` that runs on this machine left when they died
    (files, or folders of a dataset being written); the paths removed."""
    pattern = _temporary_pattern(target.name)
    removed = []
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return []
    for entry in entries:
        found = pattern.fullmatch(entry.name)
        if found is None or found["host"] not in (None, host_tag()):
            continue
        try:
            modified = entry.stat(follow_symlinks=False).st_mtime
            if not _is_stale(int(found["pid"]), modified):
                continue
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path)
            else:
                os.unlink(entry.path)
        except OSError:  # gone meanwhile, or not ours to remove: left as it is
            continue
        removed.append(Path(entry.path))
    return removed


@contextlib.contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """A temporary path beside ``target`` that replaces it when the block ends without an error,
    and is removed when it raises: a reader never sees a half-written file.

    ``target`` must be a regular file or a new path (:func:`check_target`, checked before and
    again just before the rename); what dead runs left beside it is removed first.
    """
    check_target(target)
    remove_stale(target)
    temporary = temporary_path(target)
    try:
        yield temporary
        check_target(target)
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
