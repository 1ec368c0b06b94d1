"""One limit on a hand's size, in bytes, with one wording, kept by every reader: the runs' parts
(PHH and PokerStars' layout through the kernels), PHH's and PokerStars' own readers, every text
site's (``sites.text.text_hands``) and every XML site's (``sites.markup``). Before, the runs
refused "a hand of more than 1,048,576 bytes" and the site readers "a hand of more than 20,000
lines" (XML: "an element of more than 20,000 lines", the rest of the file unread; iPoker "more
than 5,000 actions"); PHH's own reader read a hand of any size whole.

Each test makes one hand exactly as long as the limit (read as before) and one byte longer (one
bad hand with its place; every other hand read as before)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import read_histories
from pokerscore.histories.running import analyse_histories
from pokerscore.histories.sites.text import MAX_HAND_BYTES

HISTORIES: Final = Path(__file__).parents[1] / "data" / "histories"
MESSAGE: Final = "a hand of more than 1,048,576 bytes: not read"


def _shape(hands: list[HandHistory | HandHistoryError]) -> list[object]:
    """Each hand as its number, or its error's number and reason (lines left out: the filler
    moves the lines of the hands after it)."""
    return [
        hand.number
        if isinstance(hand, HandHistory)
        else (hand.hand, re.sub(r"line \d+", "line n", hand.reason))
        for hand in hands
    ]


def _filler(size: int, pad: bytes) -> bytes:
    """Lines of ``pad`` characters (each line ends ``\\n``), ``size`` bytes in all."""
    line = pad * 999 + b"\n"
    whole, rest = divmod(size, len(line))
    tail = pad * (rest - 1) + b"\n" if rest else b""
    return line * whole + tail


TEXT_FORMATS: Final = [
    # fixture, its format, the line that starts its second hand, a line of filler's character
    ("actions.phhs", "phh", b"\n[", b"#"),
    ("pokerstars-shapes.txt", "pokerstars", b"\nPokerStars", b" "),
    ("sites/ggpoker/cash.txt", "ggpoker", b"\nPoker Hand #", b" "),
    ("sites/winamax/mixed.txt", "winamax", b"\nWinamax Poker", b" "),
    ("sites/partypoker/cash-2019.txt", "partypoker", b"\n***** Hand History", b" "),
    ("sites/everleaf/hands.txt", "everleaf", b"\nEverleaf Gaming Game", b" "),
]


def _grown(data: bytes, second: bytes, pad: bytes, over: int) -> bytes:
    """``data`` with its first hand grown to ``MAX_HAND_BYTES + over`` bytes by filler lines at
    its end (a hand runs from the line that starts it to the line that starts the next)."""
    marker = second.removeprefix(b"\n")
    start = data.find(marker)
    if start > 0:
        start = data.index(second) + 1
    first_end = data.index(second, start) + 1
    return data[:first_end] + _filler(MAX_HAND_BYTES + over - (first_end - start), pad) + data[first_end:]  # fmt: skip


@pytest.mark.parametrize(
    ("fixture", "file_format", "second", "pad"),
    TEXT_FORMATS,
    ids=[f for _, f, _, _ in TEXT_FORMATS],
)
def test_a_text_hand_one_byte_past_the_limit(
    tmp_path: Path, fixture: str, file_format: str, second: bytes, pad: bytes
) -> None:
    """Read by the format's own reader and by a run (the kernels where the format has them):
    at the limit, every hand as before; a byte past it, the first hand one bad hand with its
    place and the same message everywhere, the others as before."""
    data = (HISTORIES / fixture).read_bytes()
    suffix = Path(fixture).suffix
    before = _shape(list(read_histories(HISTORIES / fixture, file_format=file_format)))  # type: ignore[arg-type]
    assert isinstance(before[0], int)
    for over in (0, 1):
        path = tmp_path / f"grown{over}{suffix}"
        path.write_bytes(_grown(data, second, pad, over))
        read = list(read_histories(path, file_format=file_format))  # type: ignore[arg-type]
        summary = analyse_histories([path], file_format=file_format)  # type: ignore[arg-type]
        alone = analyse_histories([HISTORIES / fixture], file_format=file_format)  # type: ignore[arg-type]
        if not over:
            assert _shape(read) == before
            assert (summary.hands, summary.bad) == (alone.hands, alone.bad)
            continue
        first = read[0]
        line = data[: data.find(second.removeprefix(b"\n"))].count(b"\n") + 1
        assert isinstance(first, HandHistoryError)
        assert (first.file, first.hand, first.line, first.reason) == (str(path), before[0], line, MESSAGE)  # fmt: skip
        assert _shape(read[1:]) == before[1:]
        errors = [(bad.file, bad.hand, bad.line, bad.message) for bad in summary.errors]
        assert (str(path), before[0], line, str(first)) in errors
        assert (summary.hands, summary.bad) == (alone.hands - 1, alone.bad + 1)


@pytest.mark.parametrize("over", [0, 1])
def test_a_phh_file_one_byte_past_the_limit(tmp_path: Path, over: int) -> None:
    """A ``.phh`` file is one hand: PHH's own reader read it whole, whatever its size."""
    hand = b"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = ['d dh p1 AhAs', 'd dh p2 KhKc', 'p2 cc', 'p1 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'd db 7s', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc']\n"  # fmt: skip
    path = tmp_path / "one.phh"
    path.write_bytes(hand + _filler(MAX_HAND_BYTES + over - len(hand), b"#"))
    (read,) = read_histories(path)
    summary = analyse_histories([path])
    if not over:
        assert isinstance(read, HandHistory) and (summary.hands, summary.bad) == (1, 0)
        return
    assert isinstance(read, HandHistoryError)
    assert (read.file, read.hand, read.line, read.reason) == (str(path), 1, 1, MESSAGE)
    assert [bad.message for bad in summary.errors] == [str(read)]


XML_FORMATS: Final = [
    # fixture, the first hand's opening tag (its line), its closing tag
    ("sites/ipoker/sessions-cp1252.xml", b'<game gamecode="1001">', b"</game>"),
    ("sites/merge/holdem.xml", b"<game ", b"</game>"),
    ("sites/everest/hands.xml", b"<HAND ", b"</HAND>"),
    ("sites/boss/hands.xml", b"<HISTORY ", b"</HISTORY>"),
    ("sites/microgaming/hands.txt", b"<Game ", b"</Game>"),
]


@pytest.mark.parametrize(
    ("fixture", "opening", "closing"), XML_FORMATS, ids=[f.split("/")[1] for f, _, _ in XML_FORMATS]
)
def test_an_xml_hand_one_byte_past_the_limit(
    tmp_path: Path, fixture: str, opening: bytes, closing: bytes
) -> None:
    """The bytes of a hand element's lines, from the one it starts on to the one it ends on:
    at the limit the hand reads as before; a byte past it, it is one bad hand with its place,
    and the hands after it are read (before: the rest of the file was not read)."""
    data = (HISTORIES / fixture).read_bytes()
    before = _shape(list(read_histories(HISTORIES / fixture)))
    assert isinstance(before[0], int)
    start = data.rindex(b"\n", 0, data.index(opening)) + 1
    inside = data.index(b"\n", data.index(opening)) + 1  # the filler's place, inside the hand
    end = data.index(b"\n", data.index(closing, start)) + 1
    for over in (0, 1):
        path = tmp_path / f"grown{over}.xml"
        path.write_bytes(
            data[:inside] + _filler(MAX_HAND_BYTES + over - (end - start), b" ") + data[inside:]
        )
        read = list(read_histories(path))
        if not over:
            assert _shape(read) == before
            continue
        first = read[0]
        assert isinstance(first, HandHistoryError)
        line = data[:start].count(b"\n") + 1
        assert (first.file, first.hand, first.line, first.reason) == (str(path), 1, line, MESSAGE)
        assert _shape(read[1:]) == before[1:]


@pytest.mark.parametrize(
    ("fixture", "file_format", "second"),
    [("actions.phhs", "phh", b"\n["), ("sites/winamax/mixed.txt", "winamax", b"\nWinamax Poker")],
)
def test_a_line_past_the_limit_is_read_in_pieces(
    tmp_path: Path, fixture: str, file_format: str, second: bytes
) -> None:
    """A line of 3 MiB in the first hand, with the first words of a hand at each 1 MiB (where
    a piece of it starts): the hand is one bad hand, no piece starts a hand, the others read.
    The line is never held whole (it was read whole, whatever its length)."""
    data = (HISTORIES / fixture).read_bytes()
    before = _shape(list(read_histories(HISTORIES / fixture, file_format=file_format)))  # type: ignore[arg-type]
    marker = second.removeprefix(b"\n")
    start = data.find(marker)
    if start > 0:
        start = data.index(second) + 1
    first_end = data.index(second, start) + 1
    piece = marker + b"x" * (MAX_HAND_BYTES - len(marker))  # a piece of the line, read at once
    line = b"#" + piece[1:] + piece * 2 + b"\n"
    path = tmp_path / f"long{Path(fixture).suffix}"
    path.write_bytes(data[:first_end] + line + data[first_end:])
    read = list(read_histories(path, file_format=file_format))  # type: ignore[arg-type]
    first = read[0]
    assert isinstance(first, HandHistoryError) and first.reason == MESSAGE
    assert _shape(read[1:]) == before[1:]


def _lines_one_by_one(path: Path) -> list[tuple[int, str, int, bool]]:
    """A file's lines as every text reader once read them, a ``readline`` at a time (UTF-8,
    else cp1252, else Latin-1; a line past the limit in pieces)."""
    from pokerscore.histories.sites.text import bounded_lines, decode_line

    found = []
    with path.open("rb") as stream:
        if stream.read(3) != b"\xef\xbb\xbf":
            stream.seek(0)
        number = 1
        for data in bounded_lines(stream):
            ends = data.endswith(b"\n")
            found.append((number, decode_line(data).rstrip("\r\n"), len(data), ends))
            number += ends
    return found


@pytest.mark.parametrize("seed", range(40))
def test_lines_read_a_block_at_a_time_are_the_lines_read_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """``text.numbered_lines`` cuts and decodes a block of lines at a time: the same lines,
    numbers, sizes and ends as reading them one by one, whatever the blocks' and the limit's
    sizes, with lines cut between blocks, line ends ``\\r\\n`` and ``\\r\\r\\n``, cp1252
    and Latin-1 bytes, UTF-8 characters cut by a piece's end, a last line without an end."""
    import random

    from pokerscore.histories.sites import text

    rng = random.Random(seed)
    monkeypatch.setattr(text, "MAX_HAND_BYTES", rng.choice([5, 8, 13, 64, 1 << 20]))
    monkeypatch.setattr(text, "_BLOCK", rng.choice([3, 7, 16, 100, 1 << 18]))
    tokens = [
        b"a",
        b"b",
        b" ",
        b"\n",
        b"\r",
        b"\r\n",
        "é€".encode(),
        b"\x81",
        b"\xe9",
        "字".encode(),
    ]
    weights = [10, 10, 3, 3, 1, 2, 2, 1, 1, 1]
    path = tmp_path / "lines.txt"
    for _ in range(25):
        data = b"".join(rng.choices(tokens, weights, k=rng.randint(0, 300)))
        path.write_bytes(b"\xef\xbb\xbf" + data if rng.random() < 0.2 else data)
        assert list(text.numbered_lines(path)) == _lines_one_by_one(path)
