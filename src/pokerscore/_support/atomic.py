"""Files that appear whole or not at all: written under a temporary name, then renamed."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """A temporary path beside ``target`` that replaces it when the block ends without an error,
    and is removed when it raises: a reader never sees a half-written file."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        yield temporary
        os.replace(temporary, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
