"""Reading a file of one deal per line, streamed: blocks of lines read and checked at once, a bad
line reported with its number and skipped.

NumPy and the parsing kernels (:mod:`pokerscore.files`) are imported when a file is read, never with
this module: ``score`` and ``compare`` share its command module.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Final

from pokerscore.cards import PokerScoreError
from pokerscore.cli.output import BAD_INPUT, fail, report_error

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

BLOCK_BYTES: Final = 4 << 20
"""Bytes read at a time: about 140,000 lines of ten cards."""
_BYTE_ORDER_MARK: Final = b"\xef\xbb\xbf"


@dataclass
class CardLines:
    """The good lines of a block: their numbers and card ids (one row each, in line order)."""

    numbers: npt.NDArray[np.int64]
    ids: npt.NDArray[np.uint8]
    done: int
    """Bytes of the source read so far."""


@dataclass
class LineErrors:
    """The bad lines met so far, with their messages."""

    errors: list[tuple[int, str]] = field(default_factory=list)


def _decoding_message(error: UnicodeDecodeError) -> str:
    return f"not UTF-8 text: byte 0x{error.object[error.start]:02x} at column {error.start + 1}"


def _open(source: str) -> BinaryIO:
    if source == "-":
        stdin: BinaryIO | None = getattr(sys.stdin, "buffer", None)
        if stdin is None:
            fail("standard input is closed: give a file, or pipe the lines in")
        return stdin
    try:
        return Path(source).open("rb")
    except FileNotFoundError:
        fail(f"no such file: {source}")
    except OSError as error:
        fail(f"cannot read {source}: {error.strerror or error}")


def _blocks(source: str, block_bytes: int) -> Iterator[tuple[bytes, int]]:
    """The source in pieces that end with a line end, a byte-order mark at the start dropped,
    with the bytes read so far."""
    handle = _open(source)
    carry, done, first = b"", 0, True
    try:
        while True:
            try:
                block = handle.read(block_bytes)
            except OSError as error:
                name = "standard input" if source == "-" else source
                fail(f"cannot read {name}: {error.strerror or error}")
            done += len(block)
            if first and block:
                while len(block) < len(_BYTE_ORDER_MARK) and (more := handle.read(block_bytes)):
                    block += more
                    done += len(more)
                block = block.removeprefix(_BYTE_ORDER_MARK)
                first = False
            if not block:
                if carry:
                    yield carry + b"\n", done
                return
            data = carry + block
            cut = data.rfind(b"\n")
            if cut < 0:
                carry = data
                continue
            carry = data[cut + 1 :]
            yield data[: cut + 1], done
    finally:
        if source != "-":
            handle.close()


def source_size(source: str) -> int | None:
    """The size of a file in bytes (None for stdin or what cannot be measured)."""
    if source == "-":
        return None
    try:
        return Path(source).stat().st_size
    except OSError:
        return None


def read_card_lines(
    source: str,
    cards: int,
    exact: Callable[[str], Sequence[int]],
    *,
    deck_mask: int,
    errors: LineErrors,
    strict: bool = False,
    quiet: bool = False,
    block_bytes: int | None = None,
) -> Iterator[CardLines]:
    """The lines of ``source`` (a path, or ``-`` for stdin) holding ``cards`` cards each, a
    block at a time, numbered as :meth:`bytes.splitlines` counts (``\\n``, ``\\r\\n`` or ``\\r``).

    Each block is read in one compiled pass (:func:`pokerscore.files.parse.parse_text_rows`); a line
    it cannot read (another notation, a bad card, not UTF-8) goes to ``exact``, the command's
    own parser, which returns its card ids or raises the error the line is reported with (on
    stderr as ``line N: message`` unless ``quiet``, and in ``errors``); with ``strict`` the first
    one ends the run with exit status 2. Blank lines and lines starting with ``#`` are skipped.
    """
    import numpy as np

    from pokerscore.files._kernels import GOOD, SLOW, line_offsets
    from pokerscore.files.parse import parse_text_rows

    line_count = 0
    for piece, done in _blocks(source, block_bytes or BLOCK_BYTES):
        data = np.frombuffer(piece, dtype=np.uint8)
        offsets = line_offsets(data, True)
        lines = len(offsets) - 1
        parsed = parse_text_rows(data, offsets, deck_mask, (cards, cards))
        status = parsed.status
        for row in np.flatnonzero(status == SLOW).tolist():
            number = line_count + row + 1
            line = piece[offsets[row] : offsets[row + 1]].rstrip(b"\r\n")
            try:
                try:
                    text = line.decode("utf-8").strip()
                except UnicodeDecodeError as error:
                    raise PokerScoreError(_decoding_message(error)) from None
                if not text or text.startswith("#"):
                    continue
                parsed.ids[row] = exact(text)
                status[row] = GOOD
            except PokerScoreError as error:
                if strict:
                    fail(f"line {number}: {error}", BAD_INPUT)
                errors.errors.append((number, str(error)))
                if not quiet:
                    report_error(f"line {number}: {error}")
        good = np.flatnonzero(status == GOOD)
        yield CardLines(good + (line_count + 1), parsed.ids[good], done)
        line_count += lines
