"""Finding the files a large input names (files, folders, globs), and refusing an output that is
one of them.

Globs are matched as :func:`glob.glob` matches them (``*`` and ``?`` within a name, names that
start with ``.`` only by a pattern that does too, ``**`` any number of folders), with one
difference: ``**`` never follows a symbolic link to a folder, so a link that loops (``L/x ->
..``) cannot make a search endless.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from pokerscore._support.errors import ParameterError, PokerScoreError, expect


class OutputPathError(ParameterError):
    """An output path that would overwrite an input or another output."""


_MAGIC = re.compile(r"[*?[]")


def _hidden(name: str) -> bool:
    return name.startswith(".")


def _entries(folder: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder or ".") as entries:
            return sorted(entries, key=lambda entry: entry.name)
    except OSError:
        return []


def _below(folder: str) -> Iterator[str]:
    """``folder`` and every folder below it that is not hidden, links to folders not followed."""
    yield folder
    for entry in _entries(folder):
        if not _hidden(entry.name) and entry.is_dir(follow_symlinks=False):
            yield from _below(os.path.join(folder, entry.name))


def _matches(folder: str, parts: Sequence[str]) -> Iterator[str]:
    """The paths below ``folder`` that the pattern's remaining ``parts`` match."""
    if not parts:
        yield folder
        return
    head, rest = parts[0], parts[1:]
    if head == "**":
        for inner in _below(folder):
            if not rest:  # "a/**" matches the folders and the files below a
                yield from (
                    os.path.join(inner, entry.name)
                    for entry in _entries(inner)
                    if not _hidden(entry.name)
                )
            else:
                yield from _matches(inner, rest)
        return
    if not _MAGIC.search(head):
        path = os.path.join(folder, head)
        if os.path.lexists(path):
            yield from _matches(path, rest)
        return
    for entry in _entries(folder):
        if _hidden(entry.name) and not _hidden(head):
            continue
        if fnmatch.fnmatchcase(entry.name, head):
            yield from _matches(os.path.join(folder, entry.name), rest)


def glob_files(pattern: str) -> list[Path]:
    """The regular files ``pattern`` matches, in name order, each once.

    >>> glob_files("/no/such/folder/*.txt")
    []
    """
    root = os.sep if pattern.startswith(os.sep) else ""
    parts = [part for part in pattern[len(root) :].split(os.sep) if part not in ("", ".")]
    found = {Path(match) for match in _matches(root, parts)}
    return sorted(path for path in found if path.is_file())


def find_files(
    paths: Sequence[str | os.PathLike[str]],
    *,
    suffixes: tuple[str, ...] | None = None,
    parameter: str = "paths",
) -> list[Path]:
    """The files ``paths`` name, in order: a file as it is, a folder searched recursively for
    files whose suffix is one of ``suffixes`` (hidden files and folders skipped, links to folders
    not followed), a glob (:func:`glob_files`); each file once (the first time it is named).

    A path that names nothing raises :class:`PokerScoreError`; ``paths`` that is not a list of
    paths, a :class:`ParameterError` naming ``parameter``.
    """
    if isinstance(paths, str | os.PathLike) or not isinstance(paths, Sequence):
        raise ParameterError(
            f"{{name}} must be a list of files, folders or globs, got {type(paths).__name__}",
            parameter,
        )
    if not paths:
        raise ParameterError("{name}: give at least one file, folder or glob", parameter)
    for item in paths:
        expect(item, (str, os.PathLike), parameter, "files, folders or globs (strings or paths)")
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found += sorted(
                Path(inner, entry.name)
                for inner in _below(str(path))
                for entry in _entries(inner)
                if not _hidden(entry.name)
                and entry.is_file()
                and (suffixes is None or Path(entry.name).suffix.lower() in suffixes)
            )
        elif path.is_file():
            found.append(path)
        else:
            files = glob_files(os.fspath(item))
            if not files:
                raise PokerScoreError(f"no such file, folder or pattern: {os.fspath(item)}")
            found += files
    seen: set[Path] = set()
    unique = []
    for path in found:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


def refuse_inputs(output: Path | None, inputs: Sequence[Path], parameter: str) -> None:
    """Raise :class:`OutputPathError` (naming ``parameter``) when ``output`` is one of the
    ``inputs`` (the same file, by any name): writing it would destroy what is read."""
    if output is None or not output.exists():
        return
    for path in inputs:
        try:
            same = output.samefile(path)
        except OSError:
            continue
        if same:
            raise OutputPathError(
                f"{{name}} is the input file {path}: it is not replaced", parameter
            )
