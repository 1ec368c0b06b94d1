"""Reading a file of one deal per line, streamed, for ``duel`` and ``draw``: blocks of lines read
and checked at once (:mod:`pokerscore.files.text`), a bad line reported with its number and
skipped; and the reports of bad lines (or rows) every file command shares: the first ten printed,
then a count.

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
SHOWN_ERRORS: Final = 10
"""Bad lines (or rows) printed on stderr: the rest are counted (``batch --errors`` lists all)."""
KEPT_ERRORS: Final = 100
"""Bad lines kept for a command's JSON (all of them are counted)."""


@dataclass
class CardLines:
    """The good lines of a block: their numbers and card ids (one row each, in line order)."""

    numbers: npt.NDArray[np.int64]
    ids: npt.NDArray[np.uint8]
    done: int
    """Bytes of the source read so far."""


@dataclass
class LineErrors:
    """The bad lines (or rows) of a run: each counted, the first :data:`KEPT_ERRORS` kept, the
    first :data:`SHOWN_ERRORS` printed as ``error: line N: message`` unless ``quiet``."""

    word: str = "line"
    quiet: bool = False
    count: int = 0
    errors: list[tuple[int, str]] = field(default_factory=list)

    def add(self, number: int, message: str) -> None:
        """One bad line."""
        self.count += 1
        if len(self.errors) < KEPT_ERRORS:
            self.errors.append((number, message))
        if not self.quiet and self.count <= SHOWN_ERRORS:
            report_error(f"{self.word} {number}: {message}")

    def close(self, where: str = "") -> None:
        """Say how many there were in all when not every one was printed (``where``: the file
        that lists them all, as ``" (every one in bad.csv)"``)."""
        if not self.quiet and self.count > SHOWN_ERRORS:
            report_error(f"{self.count:,} bad {self.word}s in all{where}")


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
    block_bytes: int | None = None,
) -> Iterator[CardLines]:
    """The lines of ``source`` (a path, or ``-`` for stdin) holding ``cards`` cards each, a
    block at a time, numbered as :meth:`bytes.splitlines` counts (``\\n``, ``\\r\\n`` or ``\\r``).

    Each block is read in one compiled pass (:meth:`pokerscore.files.text.TextLines.parse`); a
    line it cannot read (another notation, a bad card, not UTF-8, longer than
    :data:`~pokerscore.files.text.MAX_LINE_BYTES`) goes to ``exact``, the command's own parser,
    which returns its card ids or raises the error the line is reported with (in ``errors``);
    with ``strict`` the first one ends the run with exit status 2. Blank lines and lines
    starting with ``#`` are skipped.
    """
    import numpy as np

    from pokerscore.files._kernels import GOOD, SLOW
    from pokerscore.files.text import TextLines, line_blocks

    handle = _open(source)
    name = "standard input" if source == "-" else source
    blocks = line_blocks(handle, block_bytes=block_bytes or BLOCK_BYTES, lone_returns=True)
    line_count = 0
    try:
        while True:
            try:
                block = next(blocks, None)
            except OSError as error:
                fail(f"cannot read {name}: {error.strerror or error}")
            if block is None:
                return
            lines = TextLines(block, lone_returns=True)
            parsed = lines.parse(deck_mask, (cards, cards))
            status = parsed.status
            for row in np.flatnonzero(status == SLOW).tolist():
                number = line_count + row + 1
                try:
                    text = lines.text(row).strip()
                    if not text or text.startswith("#"):
                        continue
                    parsed.ids[row] = exact(text)
                    status[row] = GOOD
                except PokerScoreError as error:
                    if strict:
                        fail(f"line {number}: {error}", BAD_INPUT)
                    errors.add(number, str(error))
            good = np.flatnonzero(status == GOOD)
            yield CardLines(good + (line_count + 1), parsed.ids[good], block.done)
            line_count += len(lines)
    finally:
        if source != "-":
            handle.close()
