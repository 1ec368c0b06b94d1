"""Reading a file of one record per line, where a bad line is reported and skipped."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from rich.text import Text

from pokerscore.cards import PokerScoreError
from pokerscore.cli.output import BAD_INPUT, error_console, fail

Record = TypeVar("Record")


@dataclass
class LineReport(Generic[Record]):
    """Good records with their line numbers, and the bad lines with their messages."""

    records: list[tuple[int, Record]] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)


def _lines(source: str) -> Iterator[str]:
    if source == "-":
        yield from sys.stdin
        return
    try:
        with Path(source).open(encoding="utf-8") as handle:
            yield from handle
    except FileNotFoundError:
        fail(f"no such file: {source}")
    except UnicodeDecodeError:
        fail(f"{source} is not a UTF-8 text file")
    except OSError as error:
        fail(f"cannot read {source}: {error.strerror}")


def read_records(
    source: str, parse: Callable[[str], Record], *, strict: bool = False, quiet: bool = False
) -> LineReport[Record]:
    """Parse each non-blank line of ``source`` (a path, or ``-`` for stdin).

    A line that fails to parse is reported on stderr as ``line N: message`` and skipped; with
    ``strict`` the first one ends the run with exit status 2. Lines starting with ``#`` are comments.
    """
    report: LineReport[Record] = LineReport()
    for number, line in enumerate(_lines(source), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            report.records.append((number, parse(text)))
        except PokerScoreError as error:
            if strict:
                fail(f"line {number}: {error}", BAD_INPUT)
            report.errors.append((number, str(error)))
            if not quiet:
                error_console.print(Text(f"error: line {number}: {error}"), soft_wrap=True)
    return report
