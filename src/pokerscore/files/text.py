"""Text read as lines, a block at a time: a file (a byte range of it, or standard input) cut into
pieces that end at a line end, each line bounded in length, and a block's lines read out one by
one for the exact parser and for reports. No pyarrow: ``duel`` and ``draw`` read with it too.

A line is bounded so that memory is, whatever the input (``/dev/zero`` is one endless line): a
line of more than :data:`MAX_LINE_BYTES` bytes (its line end not counted) is a bad line. Only its
first bytes are kept, and the rest is read past as it comes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import BinaryIO, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import one_line, shorten
from pokerscore.cards import PokerScoreError
from pokerscore.files._kernels import SLOW, line_offsets
from pokerscore.files.formats import BYTE_ORDER_MARK
from pokerscore.files.parse import HAND_RANGE, STANDARD_DECK_MASK, ParsedRows, parse_text_rows

MAX_LINE_BYTES: Final = 1 << 16
"""The longest line read, in bytes without its line end: 64 KiB (a hand takes under 100)."""


class LineBlock(NamedTuple):
    """Whole lines (the last one ends with ``\\n``), the bytes of the source read so far, and
    where in ``data`` each line cut short starts."""

    data: bytes
    done: int
    cut: tuple[int, ...] = ()


def decoding_message(error: UnicodeDecodeError) -> str:
    """A line's (or a cell's) message when it is not UTF-8: the first bad byte and its column."""
    return f"not UTF-8 text: byte 0x{error.object[error.start]:02x} at column {error.start + 1}"


def too_long_message(max_line: int) -> str:
    """The message of a line longer than ``max_line`` bytes."""
    return f"line longer than {max_line:,} bytes (the most a line may hold)"


def _skip_line(handle: BinaryIO, block_bytes: int) -> int:
    """Read past the rest of the current line (to just after its ``\\n``), in bounded reads;
    the bytes passed over."""
    skipped = 0
    while piece := handle.read(block_bytes):
        cut = piece.find(b"\n")
        if cut >= 0:
            handle.seek(cut + 1 - len(piece), os.SEEK_CUR)
            return skipped + cut + 1
        skipped += len(piece)
    return skipped


def _raw_blocks(
    handle: BinaryIO, block_bytes: int, start: int, stop: int | None
) -> Iterator[bytes]:
    """The bytes of the lines that start in ``start .. stop`` (all of them when ``stop`` is
    None): a line cut by ``start`` belongs to the part before, one cut by ``stop`` to this one."""
    position, block = start, b"\n"
    if start > 0:
        handle.seek(start - 1)
        if handle.read(1) != b"\n":  # mid-line: the rest of the line is the part before's
            position += _skip_line(handle, block_bytes)
    while stop is None or position < stop:
        wanted = block_bytes if stop is None else min(block_bytes, stop - position)
        block = handle.read(wanted)
        if not block:
            return
        position += len(block)
        yield block
    while not block.endswith(b"\n"):  # the last line, to its end
        block = handle.read(block_bytes)
        if not block:
            return
        cut = block.find(b"\n")
        if cut >= 0:
            block = block[: cut + 1]
        yield block


def _last_line_end(data: bytes, lone_returns: bool) -> int:
    """Where the last whole line of ``data`` ends (-1: none). A ``\\r`` as the last byte may be
    half of a ``\\r\\n``: it ends no line yet."""
    cut = data.rfind(b"\n")
    if lone_returns:
        cut = max(cut, data.rfind(b"\r", 0, len(data) - 1))
    return cut


def _first_line_end(data: bytes, lone_returns: bool) -> int:
    """Where the first line of ``data`` ends (-1: not in it)."""
    cut = data.find(b"\n")
    if lone_returns:
        ret = data.find(b"\r")
        if ret >= 0 and (cut < 0 or ret < cut):
            cut = ret + 1 if data[ret + 1 : ret + 2] == b"\n" else ret
    return cut


def line_blocks(
    handle: BinaryIO,
    *,
    block_bytes: int,
    max_line: int | None = None,
    lone_returns: bool = False,
    start: int = 0,
    stop: int | None = None,
) -> Iterator[LineBlock]:
    """The lines of ``handle`` (or of those starting in bytes ``start .. stop``) in blocks of
    whole lines, a byte-order mark at the start of the source dropped. Lines end with ``\\n``
    (and with a lone ``\\r`` too when ``lone_returns``, as :meth:`bytes.splitlines` reads them);
    a block never ends with a lone ``\\r`` (one gets a ``\\n`` after it: the same line end).

    A line longer than ``max_line`` bytes still held whole when it ends is left to the reader of
    the block (:class:`TextLines` tells it by its length); one that grows past ``max_line`` +
    1 bytes before it ends comes as its first bytes and a ``\\n``, its start in the block's
    ``cut``, the rest read past. At most ``block_bytes + max_line + 1`` bytes are held.
    ``max_line`` defaults to :data:`MAX_LINE_BYTES`.
    """
    max_line = max_line or MAX_LINE_BYTES
    carry = b""  # the start of a line not ended yet, under max_line bytes
    skipping = False  # inside a line already cut at max_line: its rest is read past
    after_return = False  # the last line ended with a "\r": a "\n" first belongs to it
    done = 0
    blocks = _raw_blocks(handle, block_bytes, start, stop)
    first = start == 0
    for raw in blocks:
        block = raw
        done += len(raw)
        if first:
            while len(block) < len(BYTE_ORDER_MARK) and (more := next(blocks, b"")):
                block += more
                done += len(more)
            block = block.removeprefix(BYTE_ORDER_MARK)
            first = False
        if after_return and block:
            block = block.removeprefix(b"\n")
            after_return = False
        if skipping:
            end = _first_line_end(block, lone_returns)
            if end < 0:
                continue
            after_return = end == len(block) - 1 and block.endswith(b"\r")
            block, skipping = block[end + 1 :], False
        data = carry + block
        end = _last_line_end(data, lone_returns)
        piece, carry = (data[: end + 1], data[end + 1 :]) if end >= 0 else (b"", data)
        if piece.endswith(b"\r"):  # a lone "\r" ends the block: a "\n" keeps the line end one
            piece += b"\n"
        cut: tuple[int, ...] = ()
        # Too long whatever ends it (a last "\r" may be half its line end): keep its start only.
        if len(carry) > max_line + 1:
            cut = (len(piece),)
            piece += carry[: max_line + 1] + b"\n"
            # A last lone "\r" ended it already: only a "\n" next is still part of it.
            after_return = lone_returns and carry.endswith(b"\r")
            carry, skipping = b"", not after_return
        if piece:
            yield LineBlock(piece, done, cut)
    if carry:
        yield LineBlock(carry + b"\n", done)


class TextLines:
    """The lines of a block (:class:`LineBlock`): where each starts, which are too long, each
    one's text for the exact parser and as a report shows it."""

    def __init__(
        self, block: LineBlock, *, lone_returns: bool, max_line: int | None = None
    ) -> None:
        self.max_line = max_line or MAX_LINE_BYTES
        self.data = block.data
        self.array: npt.NDArray[np.uint8] = np.frombuffer(block.data, dtype=np.uint8)
        self.offsets = line_offsets(self.array, lone_returns)
        long = set(np.searchsorted(self.offsets, block.cut, side="right").tolist())
        if len(self.data) > self.max_line:  # lines read whole that are too long
            candidates = np.flatnonzero(np.diff(self.offsets) > self.max_line).tolist()
            long |= {row + 1 for row in candidates if self._length(row) > self.max_line}
        self.long = np.array(sorted(long), dtype=np.intp) - 1
        self._long = frozenset(self.long.tolist())

    def _length(self, row: int) -> int:
        """A line's length without its line end (``\\n``, ``\\r\\n`` or a lone ``\\r``)."""
        start, stop = int(self.offsets[row]), int(self.offsets[row + 1])
        return stop - start - (2 if self.data[stop - 2 : stop] == b"\r\n" else 1)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def parse(
        self, deck_mask: int = STANDARD_DECK_MASK, sizes: tuple[int, int] = HAND_RANGE
    ) -> ParsedRows:
        """The lines' cards in one compiled pass; a line too long is left to :meth:`text`."""
        parsed = parse_text_rows(self.array, self.offsets, deck_mask, sizes)
        parsed.status[self.long] = SLOW
        return parsed

    def line(self, row: int) -> bytes:
        """A line's bytes, its line end dropped."""
        return self.data[int(self.offsets[row]) : int(self.offsets[row + 1])].rstrip(b"\r\n")

    def is_long(self, row: int) -> bool:
        """Whether the line is longer than the limit."""
        return row in self._long

    def text(self, row: int) -> str:
        """A line as text, for the exact parser; a :class:`PokerScoreError` when it is too long or
        not UTF-8 (its message the line's)."""
        if self.is_long(row):
            raise PokerScoreError(too_long_message(self.max_line))
        try:
            return self.line(row).decode("utf-8")
        except UnicodeDecodeError as error:
            raise PokerScoreError(decoding_message(error)) from None

    def shown(self, row: int) -> str:
        """A line as a report shows it: trimmed, bytes that are not UTF-8 and control characters
        as ``\\xNN`` escapes, a line too long cut short."""
        text = one_line(self.line(row).decode("utf-8", "backslashreplace").strip())
        return shorten(text) if self.is_long(row) else text
