"""Reading a file of one record per line, where a bad line is reported and skipped."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Generic, TypeVar

from pokerscore.cards import PokerScoreError
from pokerscore.cli.output import BAD_INPUT, fail, report_error

Record = TypeVar("Record")

_BYTE_ORDER_MARK = b"\xef\xbb\xbf"


@dataclass
class LineReport(Generic[Record]):
    """Good records with their line numbers, and the bad lines with their messages."""

    records: list[tuple[int, Record]] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)


def _decoded(chunks: Iterable[bytes]) -> Iterator[str | UnicodeDecodeError]:
    """Each line as text, or the decoding error of a line that is not UTF-8.

    Decoding line by line keeps one bad byte from losing the whole file; a UTF-8 byte-order
    mark at the start (some Windows editors write one) is dropped. Lines end at ``\\n``,
    ``\\r\\n`` or ``\\r``.
    """
    first = True
    for chunk in chunks:
        if first:
            chunk = chunk.removeprefix(_BYTE_ORDER_MARK)
            first = False
        for line in chunk.splitlines() or [b""]:
            try:
                yield line.decode("utf-8")
            except UnicodeDecodeError as error:
                yield error


def _binary_lines(source: str) -> Iterator[bytes]:
    if source == "-":
        stdin: BinaryIO | None = getattr(sys.stdin, "buffer", None)
        if stdin is None:
            fail("standard input is closed: give a file, or pipe the lines in")
        try:
            yield from stdin
        except OSError as error:
            fail(f"cannot read standard input: {error.strerror or error}")
        return
    try:
        with Path(source).open("rb") as handle:
            yield from handle
    except FileNotFoundError:
        fail(f"no such file: {source}")
    except OSError as error:
        fail(f"cannot read {source}: {error.strerror or error}")


def _decoding_message(error: UnicodeDecodeError) -> str:
    return f"not UTF-8 text: byte 0x{error.object[error.start]:02x} at column {error.start + 1}"


def read_records(
    source: str, parse: Callable[[str], Record], *, strict: bool = False, quiet: bool = False
) -> LineReport[Record]:
    """Parse each non-blank line of ``source`` (a path, or ``-`` for stdin).

    A line that fails to parse, or is not UTF-8, is reported on stderr as ``line N: message`` and
    skipped; with ``strict`` the first one ends the run with exit status 2. Lines starting with
    ``#`` are comments.
    """
    report: LineReport[Record] = LineReport()
    for number, line in enumerate(_decoded(_binary_lines(source)), 1):
        try:
            if isinstance(line, UnicodeDecodeError):
                raise PokerScoreError(_decoding_message(line))
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            report.records.append((number, parse(text)))
        except PokerScoreError as error:
            if strict:
                fail(f"line {number}: {error}", BAD_INPUT)
            report.errors.append((number, str(error)))
            if not quiet:
                report_error(f"line {number}: {error}")
    return report
