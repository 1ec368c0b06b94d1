"""Large text files of records (hands of a hand history, one after another), cut into parts by
byte ranges and read a part at a time in blocks of whole records.

The planner (:func:`byte_ranges`) reads nothing: a part is a range of bytes. Whoever reads a
part (a Dask worker) finds its records: a record starts at the start of the file or at a line
that starts with one of the format's markers (``[`` of a PHH table, ``PokerStars `` or a
skin's first words of a hand, GGPoker's ``Poker Hand #``), and a part holds the records that start in its range, the last one read to its end past the range.
So the parts of a file hold each record once, whatever the ranges.

Memory is bounded by the block size and the longest record: a record longer than
``max_record`` bytes is not held; it comes as a :class:`LongRecord` (where it starts, its first
line) and the reader skips to the next record.
"""

from __future__ import annotations

import itertools
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Final, NamedTuple

from pokerscore.files.formats import BYTE_ORDER_MARK

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

BLOCK_BYTES: Final = 8 << 20
"""Bytes read at a time (a block of records is about this size)."""
MAX_RECORD_BYTES: Final = 1 << 20
"""The longest record held, in bytes: 1 MiB (a hand takes about 600)."""
HEAD_BYTES: Final = 200
"""Bytes kept of a long record's first line, to name it."""


Marker = bytes | tuple[bytes, ...]
"""What a line that starts a record starts with: one marker, or any of several (none a prefix of
another)."""


def _separators(marker: Marker) -> tuple[bytes, ...]:
    return tuple(b"\n" + one for one in ((marker,) if isinstance(marker, bytes) else marker))


def _find(data: bytes, separators: tuple[bytes, ...], start: int = 0) -> int:
    """The first place of any of ``separators`` in ``data`` from ``start``, or -1."""
    found = [at for at in (data.find(one, start) for one in separators) if at >= 0]
    return min(found, default=-1)


def _places(data: bytes, separator: bytes) -> Iterator[int]:
    """Every place of ``separator`` in ``data``."""
    at = data.find(separator)
    while at >= 0:
        yield at
        at = data.find(separator, at + 1)


def _rfind(data: bytes, separators: tuple[bytes, ...]) -> int:
    """The last place of any of ``separators`` in ``data``, or -1. Once one is found, the
    others are looked for after it only: a separator absent from the data (a site's header
    other than the file's) costs no search of the whole of it.

    >>> _rfind(b"a\\nB\\nA\\nB", (b"\\nA", b"\\nB", b"\\nC")), _rfind(b"a\\nB", (b"\\nA",))
    (5, -1)
    """
    last = -1
    for one in separators:
        last = max(last, data.rfind(one, last + 1))
    return last


class ByteRange(NamedTuple):
    """A part of a file: the records that start in bytes ``start .. stop`` (None: to the end)."""

    path: str
    start: int
    stop: int | None


class RecordBlock(NamedTuple):
    """Whole records, and the lines of the part before them (counted from 0)."""

    data: bytes
    line: int


class LongRecord(NamedTuple):
    """A record longer than the limit, not read: the lines of the part before it and the start
    of its first line."""

    line: int
    head: bytes


def byte_ranges(path: Path, part_bytes: int) -> list[ByteRange]:
    """A file cut into ranges of ``part_bytes`` (the last one open-ended); the file's size is
    all that is read.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile() as handle:
    ...     _ = handle.write(b"x" * 25); handle.flush()
    ...     [(r.start, r.stop) for r in byte_ranges(Path(handle.name), 10)]
    [(0, 10), (10, 20), (20, None)]
    """
    size = path.stat().st_size
    starts = range(0, max(size, 1), part_bytes)
    return [
        ByteRange(str(path), start, None if start + part_bytes >= size else start + part_bytes)
        for start in starts
    ]


def _first_start(
    handle: BinaryIO, separators: tuple[bytes, ...], start: int, block_bytes: int
) -> int:
    """The offset of the first record that starts at or after ``start`` (-1: none)."""
    if start == 0:
        return 0
    handle.seek(start - 1)
    carried = b""
    base = start - 1
    keep = max(map(len, separators)) - 1
    while block := handle.read(block_bytes):
        data = carried + block
        at = _find(data, separators)
        if at >= 0:
            return base - len(carried) + at + 1
        carried = data[-keep:] if keep else b""
        base += len(block)
    return -1


def record_blocks(
    handle: BinaryIO,
    marker: Marker | None,
    *,
    start: int = 0,
    stop: int | None = None,
    block_bytes: int = BLOCK_BYTES,
    max_record: int = MAX_RECORD_BYTES,
) -> Generator[RecordBlock | LongRecord, None, int]:
    """The records that start in bytes ``start .. stop`` of ``handle``, in blocks of whole
    records (a byte-order mark at the start of the file dropped), and each record longer than
    ``max_record`` as a :class:`LongRecord`; returns the part's lines. ``marker`` None: the file
    is one record.

    Text before the first marker of the file is the first record (the reader tells it is no
    record). At most ``block_bytes + max_record`` bytes are held.
    """
    separator = _separators(marker) if marker is not None else None
    if separator is None:
        first = 0 if start == 0 else -1
    else:
        first = _first_start(handle, separator, start, block_bytes)
    if first < 0 or (stop is not None and first >= stop and first > 0):
        return 0
    overlap = 0 if separator is None else max(map(len, separator)) - 1
    handle.seek(first)
    position = first  # the file offset of the next byte read
    lines = 0  # the part's lines before carry (or, skipping, before the block)
    carry = b""  # from a record's start: read, not handed on yet (skipping: the last bytes seen)
    skipping = False  # inside a long record: read past it to the next record
    at_file_start = first == 0
    while True:
        block = handle.read(block_bytes)
        if at_file_start:
            while len(block) < len(BYTE_ORDER_MARK) and (more := handle.read(block_bytes)):
                block += more
            if block.startswith(BYTE_ORDER_MARK):
                block = block[len(BYTE_ORDER_MARK) :]
                position += len(BYTE_ORDER_MARK)
                block = block or handle.read(block_bytes)
            at_file_start = False
        if not block:
            break
        base = position - len(carry)  # the file offset of data[0]
        position += len(block)
        data = carry + block
        fresh = max(0, len(carry) - overlap)  # where a separator not seen yet can start
        end = -1  # where the part ends: the first record that starts at or after stop
        if separator is not None and stop is not None and position > stop:
            at = _find(data, separator, max(fresh, stop - 1 - base))
            end = -1 if at < 0 else at + 1
        if end >= 0:
            data = data[:end]
        if skipping:
            counted = len(carry)  # already counted
            cut = -1 if separator is None else _find(data, separator, fresh)
            if cut < 0:
                lines += data.count(b"\n", counted)
                carry = data[-overlap:] if overlap else b""
                if end >= 0:
                    return lines
                continue
            lines += data.count(b"\n", counted, cut + 1)
            data, skipping = data[cut + 1 :], False
            carry = b""
        cut = -1 if separator is None or end >= 0 else _rfind(data, separator)
        if end >= 0:
            whole, carry = data, b""
        elif cut >= 0:
            whole, carry = data[: cut + 1], data[cut + 1 :]
        else:
            whole, carry = b"", data
        if whole:
            yield from _bounded(whole, separator, lines, max_record)
            lines += whole.count(b"\n")
        if end >= 0:
            return lines
        if len(carry) > max_record + overlap:  # the record, and maybe the next one's first bytes
            yield LongRecord(lines, _head(carry))
            lines += carry.count(b"\n")
            carry, skipping = (carry[-overlap:] if overlap else b""), True
    if carry and not skipping:
        yield from _bounded(carry, separator, lines, max_record)
        lines += carry.count(b"\n")
    return lines


def _head(record: bytes) -> bytes:
    """The start of a record's first line, to name it."""
    return record[:HEAD_BYTES].split(b"\n", 1)[0]


def _all_short(data: bytes, separators: tuple[bytes, ...], max_record: int) -> bool:
    """Whether every record of ``data`` (from its start and after each separator's newline)
    is at most ``max_record`` bytes: from each record's start, the last record that starts
    within ``max_record`` bytes of it, a search a ``max_record`` bytes (not a record), until
    the rest is that short.

    >>> _all_short(b"[1]\\na\\n[2]\\nbb\\n", (b"\\n[",), 7), _all_short(b"[1]\\nabc\\n[2]\\n", (b"\\n[",), 7)
    (True, False)
    """
    begin, size = 0, len(data)
    while size - begin > max_record:
        # a separator at ``at`` starts a record at ``at + 1``: begin <= at < begin + max_record
        at = -1
        for one in separators:  # the last start, each after the last found (as _rfind)
            found = data.rfind(one, max(begin, at + 1), begin + max_record - 1 + len(one))
            at = max(at, found)
        if at < 0:
            return False
        begin = at + 1
    return True


def _bounded(
    data: bytes, separator: tuple[bytes, ...] | None, lines: int, max_record: int
) -> Iterator[RecordBlock | LongRecord]:
    """Whole records as one block, or, where some of them are too long, the records between
    them as blocks and each long one as a :class:`LongRecord`."""
    if len(data) <= max_record or (
        separator is not None and _all_short(data, separator, max_record)
    ):
        yield RecordBlock(data, lines)
        return
    starts = [0]
    if separator is not None:
        starts += sorted(at + 1 for one in separator for at in _places(data, one))
    starts.append(len(data))
    held = 0  # the first byte not handed on yet
    for begin, end in itertools.pairwise(starts):
        if end - begin <= max_record:
            continue
        if begin > held:
            yield RecordBlock(data[held:begin], lines + data.count(b"\n", 0, held))
        yield LongRecord(lines + data.count(b"\n", 0, begin), _head(data[begin:]))
        held = end
    if held < len(data):
        yield RecordBlock(data[held:], lines + data.count(b"\n", 0, held))


def count_records(
    path: Path, marker: Marker | None, start: int = 0, stop: int | None = None
) -> tuple[int, int]:
    """The lines and the records of the part of ``path`` that starts in ``start .. stop``
    (records as :func:`record_blocks` finds them, long ones too)."""
    records = 0
    separator = None if marker is None else _separators(marker)
    with path.open("rb") as handle:
        blocks = record_blocks(handle, marker, start=start, stop=stop)
        while True:
            try:
                block = next(blocks)
            except StopIteration as end:
                return end.value, records
            if isinstance(block, LongRecord) or separator is None:
                records += 1
            else:
                records += sum(map(block.data.count, separator))
                records += block.data.startswith(tuple(one[1:] for one in separator))


def record_starts(
    path: Path, marker: Marker, *, block_bytes: int = BLOCK_BYTES
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Where each record of ``path`` starts, as :func:`record_blocks` cuts the file (at the start
    of the file, past a byte-order mark, and at each line that starts with ``marker``): the byte
    offsets and the lines before each (from 0). One pass in blocks of ``block_bytes``, the
    records' own bytes never held, so that a reader can later read one record from its place.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile(delete=False) as handle:
    ...     _ = handle.write(b"[1]\\na = 1\\n\\n[2]\\nb = 2\\n[x]\\n")
    >>> starts, lines = record_starts(Path(handle.name), b"[")
    >>> os.unlink(handle.name)
    >>> starts.tolist(), lines.tolist()
    ([0, 11, 21], [0, 3, 5])
    """
    import numpy as np

    markers = (marker,) if isinstance(marker, bytes) else marker
    longest = max(map(len, markers))
    starts: list[npt.NDArray[np.int64]] = []
    lines: list[npt.NDArray[np.int64]] = []
    with path.open("rb") as handle:
        first = len(BYTE_ORDER_MARK) if handle.read(3) == BYTE_ORDER_MARK else 0
        if handle.seek(0, 2) > first:
            starts.append(np.array([first], dtype=np.int64))
            lines.append(np.zeros(1, dtype=np.int64))
        handle.seek(first)
        base, counted = first, 0  # the file offset of the block, the lines before it
        while block := handle.read(block_bytes):
            ahead = handle.read(longest)  # a marker cut by the block's end
            handle.seek(-len(ahead), 1)
            data = np.frombuffer(block + ahead, dtype=np.uint8)
            newlines = np.flatnonzero(data[: len(block)] == 10)
            after = newlines + 1
            found = np.zeros(len(after), dtype=np.bool_)
            for one in markers:
                fits = after + len(one) <= len(data)
                these = np.copy(fits)
                for k, byte in enumerate(one):
                    these[fits] &= data[after[fits] + k] == byte
                found |= these
            places = np.flatnonzero(found)
            starts.append((after[places] + base).astype(np.int64))
            lines.append((places + 1 + counted).astype(np.int64))
            base += len(block)
            counted += len(newlines)
    if not starts:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    return np.concatenate(starts), np.concatenate(lines)
