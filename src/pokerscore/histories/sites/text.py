"""What every text format of a site shares: decoding a file as its client wrote it (UTF-8,
UTF-16 with its byte-order mark, or the Windows code page 1252 of older clients), cutting
it into hands at the lines that start one, and the one limit on a hand's size
(:data:`MAX_HAND_BYTES`) that every reader keeps, PHH's, PokerStars' and the XML sites' too."""

from __future__ import annotations

import codecs
import io
from collections.abc import Callable, Iterator, Sequence
from itertools import chain, repeat
from pathlib import Path
from typing import BinaryIO, Final, NamedTuple

from pokerscore.files.records import MAX_RECORD_BYTES
from pokerscore.histories.model import HandHistory, HandHistoryError

HEAD_BYTES: Final = 4096
MAX_HAND_BYTES: Final = MAX_RECORD_BYTES
"""The longest hand read, in bytes of the file (1 MiB; a hand takes about 600): a longer one is
a bad hand with its place (:func:`long_hand_error`), read past, and the next hand is read, so
memory stays bounded whatever the file. The one limit of every reader: the runs' parts
(``files.records``), PHH's, PokerStars' and every site's, text or XML."""

HandParser = Callable[[Sequence[str], str, int, int], HandHistory]
"""A site's hand reader: (the hand's lines, file name, hand number in the file, first line
number) into a hand, or a :class:`~pokerscore.histories.model.HandHistoryError`."""

_UTF16: Final = ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


class Line(NamedTuple):
    """A line of a file as :func:`decoded_lines` gives it."""

    number: int
    """From 1."""
    text: str
    """Decoded, its line end removed."""
    size: int
    """Its bytes in the file, line end included."""
    ends: bool = True
    """False for a piece of a line longer than :data:`MAX_HAND_BYTES` that the next piece
    continues (such a line comes in pieces, each with the line's number)."""


def long_hand_error(file: str, hand: int | None, line: int | None) -> HandHistoryError:
    """The error of a hand longer than :data:`MAX_HAND_BYTES`, the one wording of every reader.

    >>> print(long_hand_error("a.txt", 3, 27))
    a.txt, hand 3, line 27: a hand of more than 1,048,576 bytes: not read
    """
    return HandHistoryError(
        f"a hand of more than {MAX_HAND_BYTES:,} bytes: not read", file=file, hand=hand, line=line
    )


def parsed_hand(
    parse: HandParser, lines: Sequence[str], size: int, file: str, number: int, first_line: int
) -> HandHistory | HandHistoryError:
    """One hand of a text file read by its format's ``parse`` (``size``: its bytes in the
    file), or its error with its place: a hand longer than :data:`MAX_HAND_BYTES` is not
    read. What :func:`text_hands` does with each hand, and the runs with a hand the kernels
    left (``layouts.reference_stars_hand``)."""
    if size > MAX_HAND_BYTES:
        return long_hand_error(file, number, first_line)
    try:
        return parse(lines, file, number, first_line)
    except HandHistoryError as error:
        return error.located(file, number, first_line)


def hand_from_bytes(
    parse: HandParser, data: bytes, file: str, number: int, first_line: int
) -> HandHistory | HandHistoryError:
    """One hand from its own bytes (the file's ``number``-th, from line ``first_line``) read as
    :func:`text_hands` reads it in a whole file: its lines cut at line feeds only, each decoded
    by :func:`decode_line`, then :func:`parsed_hand`. The hands a compiled reader leaves to
    the lenient one, in a run, the per-hand iterator and ``read_histories`` alike
    (``layouts.reference_stars_hand``)."""
    lines = [decode_line(raw).rstrip("\r\n") for raw in io.BytesIO(data)]
    return parsed_hand(parse, lines, len(data), file, number, first_line)


def _encoding(start: bytes) -> tuple[str | None, int]:
    """A file's encoding by its byte-order mark (None: UTF-8, or cp1252 line by line) and the
    mark's length."""
    for mark, name in _UTF16:
        if start.startswith(mark):
            return name, len(mark)
    if start.startswith(codecs.BOM_UTF8):
        return None, len(codecs.BOM_UTF8)
    return None, 0


def decode_line(data: bytes) -> str:
    """A line as UTF-8, else as cp1252 (the encoding of older Windows clients), else as Latin-1
    (for the five bytes cp1252 leaves undefined)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def file_head(path: Path) -> str:
    """The first 4 KiB of a file as text, byte-order mark and leading blank space removed, line
    ends as ``\\n``."""
    with path.open("rb") as stream:
        start = stream.read(HEAD_BYTES)
    encoding, skip = _encoding(start)
    data = start[skip:]
    if encoding is not None:
        text = data[: len(data) // 2 * 2].decode(encoding, errors="replace")
    else:
        text = decode_line(data[: _whole_utf8(data)])
    return text.replace("\r\n", "\n").lstrip()


def _whole_utf8(data: bytes) -> int:
    """Where the last whole UTF-8 character of a cut block ends."""
    end = len(data)
    for back in range(1, min(4, end) + 1):
        byte = data[end - back]
        if byte < 0x80:
            return end
        if byte >= 0xC0:
            return end - back
    return end


def bounded_lines(stream: BinaryIO) -> Iterator[bytes]:
    """The lines of a binary stream with their ends, a line longer than
    :data:`MAX_HAND_BYTES` in pieces of that many bytes (each but the last without a line
    end): no line is held whole, whatever its length."""
    while piece := stream.readline(MAX_HAND_BYTES):
        yield piece


def decoded_lines(path: Path) -> Iterator[Line]:
    """The lines of a file, decoded as its client wrote them, with their sizes in bytes (a line
    longer than :data:`MAX_HAND_BYTES` in pieces: :attr:`Line.ends`)."""
    return map(Line._make, numbered_lines(path))


_BLOCK: Final = 1 << 18
"""The bytes :func:`numbered_lines` reads at a time."""


def numbered_lines(path: Path) -> Iterator[tuple[int, str, int, bool]]:
    """:func:`decoded_lines` as plain tuples (number, text, size, ends), the same lines: a file
    that is not UTF-16 is read, cut into lines and decoded a block at a time (a block of whole
    lines that is UTF-8 is each of its lines in UTF-8), never a line held whole past
    :data:`MAX_HAND_BYTES`; a block with a line longer than that, line by line
    (:func:`bounded_lines`), as every block once did. The lines of a block are handed on by
    ``chain`` in C: no Python frame a line."""
    return chain.from_iterable(_line_blocks(path))


def _line_blocks(path: Path) -> Iterator[Sequence[tuple[int, str, int, bool]]]:
    """The lines of :func:`numbered_lines`, a list at a time."""
    with path.open("rb") as stream:
        encoding, skip = _encoding(stream.read(4))
        stream.seek(skip)
        if encoding is not None:
            yield from _wide_lines(stream, encoding)
            return
        number = 1
        rest = b""  # the start of a line the blocks read so far do not end
        while chunk := stream.read(_BLOCK):
            data = rest + chunk if rest else chunk
            cut = data.rfind(b"\n") + 1
            rest = data[cut:]
            if cut:
                lines = _block_lines(data[:cut], number)
                number = lines[-1][0] + 1  # the block's last line ends it
                yield lines
            if len(rest) >= MAX_HAND_BYTES:  # a long line's pieces, as readline cuts them
                whole = len(rest) // MAX_HAND_BYTES * MAX_HAND_BYTES
                yield [
                    (number, decode_line(piece).rstrip("\r\n"), len(piece), False)
                    for piece in (
                        rest[at : at + MAX_HAND_BYTES] for at in range(0, whole, MAX_HAND_BYTES)
                    )
                ]
                rest = rest[whole:]
        if rest:  # the last line, with no line end
            yield [(number, decode_line(rest).rstrip("\r\n"), len(rest), False)]


def _block_lines(block: bytes, number: int) -> list[tuple[int, str, int, bool]]:
    """The lines of ``block`` (whole lines, the last ending the block), numbered from
    ``number``; a line longer than :data:`MAX_HAND_BYTES` in pieces (then every line of the
    block is read as :func:`bounded_lines` reads it)."""
    raw = block.split(b"\n")
    raw.pop()  # after the last line end
    if len(block) > MAX_HAND_BYTES and max(map(len, raw)) >= MAX_HAND_BYTES:
        found = []
        for data in bounded_lines(io.BytesIO(block)):
            ends = data.endswith(b"\n")
            found.append((number, decode_line(data).rstrip("\r\n"), len(data), ends))
            number += ends
        return found
    try:
        texts = block.decode("utf-8").split("\n")
        texts.pop()
    except UnicodeDecodeError:
        texts = [decode_line(data) for data in raw]
    if b"\r" in block:
        texts = [text.rstrip("\r") for text in texts]
    sizes = [len(data) + 1 for data in raw]
    return list(zip(range(number, number + len(raw)), texts, sizes, repeat(True)))


def _wide_lines(stream: BinaryIO, encoding: str) -> Iterator[list[tuple[int, str, int, bool]]]:
    """The lines of a UTF-16 file (``encoding``, after its byte-order mark), as
    :func:`numbered_lines` gives them, a line a list."""
    number = 1
    text = io.TextIOWrapper(stream, encoding=encoding, errors="replace", newline="")
    while piece := text.readline(MAX_HAND_BYTES // 2):
        ends = piece.endswith(("\n", "\r"))
        size = len(piece.encode(encoding, errors="replace"))
        yield [(number, piece.rstrip("\r\n"), size, ends)]
        number += ends


def text_hands(
    path: Path,
    starts_hand: Callable[[str], bool],
    parse: HandParser,
    *,
    banner: Callable[[str], bool] | None = None,
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a text file, each from a line ``starts_hand`` takes to the next, read by
    ``parse`` (:func:`parsed_hand`: a hand longer than :data:`MAX_HAND_BYTES` is a bad hand);
    a hand that cannot be read comes as its error and the reading goes on. Lines before the
    first hand that are not blank (nor the file's title, where ``banner`` takes it) are one bad
    "hand" of their own."""
    name = str(path)
    number = 0
    start = 0
    size = 0
    lines: list[str] = []
    stray: int | None = None
    whole = True  # the line before ended: this one starts a line
    for at, text, line_size, ends in numbered_lines(path):
        if whole and starts_hand(text):
            if lines:
                yield parsed_hand(parse, lines, size, name, number, start)
            number += 1
            start, lines, size = at, [text], line_size
        elif lines:
            size += line_size
            if size <= MAX_HAND_BYTES:
                lines.append(text)
        elif text.strip() and stray is None and not (banner is not None and banner(text)):
            stray = at
            yield HandHistoryError("text before the first hand", file=name, line=at)
        whole = ends
    if lines:
        yield parsed_hand(parse, lines, size, name, number, start)
