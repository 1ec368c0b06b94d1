"""What every text format of a site shares: decoding a file as its client wrote it (UTF-8,
UTF-16 with its byte-order mark, or the Windows code page 1252 of older clients), and cutting
it into hands at the lines that start one."""

from __future__ import annotations

import codecs
import io
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError

HEAD_BYTES: Final = 4096
MAX_HAND_LINES: Final = 20_000
"""A hand of more lines is a bad hand, read past (memory stays bounded whatever the file)."""

HandParser = Callable[[Sequence[str], str, int, int], HandHistory]
"""A site's hand reader: (the hand's lines, file name, hand number in the file, first line
number) into a hand, or a :class:`~pokerscore.histories.model.HandHistoryError`."""

_UTF16: Final = ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def _encoding(start: bytes) -> tuple[str | None, int]:
    """A file's encoding by its byte-order mark (None: UTF-8, or cp1252 line by line) and the
    mark's length."""
    for mark, name in _UTF16:
        if start.startswith(mark):
            return name, len(mark)
    if start.startswith(codecs.BOM_UTF8):
        return None, len(codecs.BOM_UTF8)
    return None, 0


def _decode(data: bytes) -> str:
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
        text = _decode(data[: _whole_utf8(data)])
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


def decoded_lines(path: Path) -> Iterator[tuple[int, str]]:
    """The lines of a file (numbered from 1, line ends removed) decoded as its client wrote
    them."""
    with path.open("rb") as stream:
        encoding, skip = _encoding(stream.read(4))
        stream.seek(skip)
        if encoding is not None:
            text = io.TextIOWrapper(stream, encoding=encoding, errors="replace")
            for number, line in enumerate(text, 1):
                yield number, line.rstrip("\r\n")
            return
        for number, data in enumerate(stream, 1):
            yield number, _decode(data).rstrip("\r\n")


def text_hands(
    path: Path, starts_hand: Callable[[str], bool], parse: HandParser
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a text file, each from a line ``starts_hand`` takes to the next, read by
    ``parse``; a hand that cannot be read comes as its error and the reading goes on. Lines
    before the first hand that are not blank are one bad "hand" of their own."""
    name = str(path)
    number = 0
    start = 0
    lines: list[str] = []
    stray: int | None = None

    def hand() -> HandHistory | HandHistoryError:
        if len(lines) > MAX_HAND_LINES:
            return HandHistoryError(
                f"a hand of more than {MAX_HAND_LINES:,} lines: not read",
                file=name, hand=number, line=start,
            )  # fmt: skip
        try:
            return parse(lines, name, number, start)
        except HandHistoryError as error:
            return error.located(name, number, start)

    for line_number, line in decoded_lines(path):
        if starts_hand(line):
            if lines:
                yield hand()
            number += 1
            start, lines = line_number, [line]
        elif lines:
            if len(lines) <= MAX_HAND_LINES:
                lines.append(line)
        elif line.strip() and stray is None:
            stray = line_number
            yield HandHistoryError("text before the first hand", file=name, line=line_number)
    if lines:
        yield hand()
