"""Parquet datasets written by many processes: a folder of part files (``part-00000.parquet``,
…) that pyarrow, DuckDB, Polars and Spark read as one table.

The parts are written into a staging folder beside the target, named as
:mod:`~pokerscore._support.atomic` names temporaries (``.NAME.PID.HOST.staging``: the staging
folders of runs that died are removed by the next run that writes there), and the folder is
renamed into place at the end. An existing target is replaced only when it is a dataset of
this kind (a folder holding nothing but part files) or an empty folder: anything else there is
the user's, and the run refuses before it starts.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Final

from pokerscore._support.atomic import path_kind, remove_stale, temporary_path
from pokerscore.files.finding import OutputPathError

PART_FILE: Final = re.compile(r"part-\d{5,}\.parquet")
PART_DIGITS: Final = 5
"""The digits of a part's number, more when a run has more parts: readers take the parts in the
order of their names (pyarrow sorts them), which must be the order of their numbers."""


def part_name(index: int, count: int, suffix: str = ".parquet") -> str:
    """The file name of part ``index`` of ``count``: ``part-00000.parquet``, its number as wide
    as the run's largest (``part-099999`` before ``part-100000``).

    >>> part_name(7, 10)
    'part-00007.parquet'
    >>> sorted([part_name(100_000, 100_001), part_name(99_999, 100_001)])
    ['part-099999.parquet', 'part-100000.parquet']
    """
    digits = max(PART_DIGITS, len(str(count - 1)))
    return f"part-{index:0{digits}d}{suffix}"


def check_dataset_target(out: Path) -> None:
    """Raise unless ``out`` may be replaced by a dataset: a new path, an empty folder, or a
    dataset of part files (nothing else in it)."""
    kind = path_kind(out)
    if kind is None and out.exists():
        kind = "file"
    if kind is None:
        return
    if kind != "folder":
        raise OutputPathError(
            f"{{name}}: {out} is a {kind}; a dataset is a folder, and it is not replaced", "out"
        )
    foreign = sorted(entry.name for entry in os.scandir(out) if not PART_FILE.fullmatch(entry.name))
    if foreign:
        raise OutputPathError(
            f"{{name}}: {out} is a folder this program did not write (it holds {foreign[0]!r}): "
            "it is not replaced",
            "out",
        )


def staging_folder(target: Path, kind: str = "staging") -> Path:
    """A new, empty folder beside ``target`` for this process to write its parts into (what
    dead runs left beside ``target`` removed first)."""
    remove_stale(target)
    folder = temporary_path(target, kind)
    folder.mkdir()
    return folder


def replace_folder(staging: Path, out: Path) -> None:
    """Put ``staging`` at ``out``, the dataset there before removed only once it is moved."""
    check_dataset_target(out)
    old = temporary_path(out, "old") if out.exists() else None
    if old is not None:
        os.replace(out, old)
    os.replace(staging, out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
