"""The machinery every site's reader shares: decoding files as their clients wrote them, cutting
them into hands, and telling a file's format from its first bytes."""

from __future__ import annotations

import codecs
import typing
from collections.abc import Sequence
from pathlib import Path

import pytest

from pokerscore.histories import reading, sites
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.sites.text import decoded_lines, file_head, text_hands

TEXT = "Hand #1: Café €5\nSeat 1: Zoë (10)\n"


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode("utf-8"),
        codecs.BOM_UTF8 + TEXT.encode("utf-8"),
        codecs.BOM_UTF16_LE + TEXT.replace("\n", "\r\n").encode("utf-16-le"),
        codecs.BOM_UTF16_BE + TEXT.encode("utf-16-be"),
        TEXT.encode("cp1252"),
    ],
    ids=["utf-8", "utf-8 BOM", "utf-16 LE BOM CRLF", "utf-16 BE BOM", "cp1252"],
)
def test_a_file_is_decoded_as_its_client_wrote_it(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    lines = [(line.number, line.text) for line in decoded_lines(path)]
    assert lines == [(1, "Hand #1: Café €5"), (2, "Seat 1: Zoë (10)")]
    # each line's bytes in the file, its end included: all but the byte-order mark
    mark = next((len(m) for m in (codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) if data.startswith(m)), 0)  # fmt: skip
    assert sum(line.size for line in decoded_lines(path)) == len(data) - mark
    assert file_head(path) == TEXT


def test_a_utf8_file_with_one_cp1252_line_keeps_both(tmp_path: Path) -> None:
    path = tmp_path / "mixed.txt"
    path.write_bytes("Zoë\n".encode() + "Zoë\n".encode("cp1252") + b"\x81\n")
    assert [line.text for line in decoded_lines(path)] == ["Zoë", "Zoë", "\x81"]
    assert [line.size for line in decoded_lines(path)] == [5, 4, 2]


def _parse(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    if "bad" in lines[0]:
        raise HandHistoryError("a bad hand", line=first_line + 1)
    return typing.cast(HandHistory, (number, first_line, list(lines)))


def test_text_hands_cuts_at_each_start_and_goes_on_past_bad_hands(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("junk\n\nHand 1\na\nHand bad\nb\nHand 3\n")
    found = list(text_hands(path, lambda line: line.startswith("Hand"), _parse))
    assert isinstance(found[0], HandHistoryError) and found[0].line == 1
    assert found[1] == (1, 3, ["Hand 1", "a"])
    assert isinstance(found[2], HandHistoryError)
    assert (found[2].hand, found[2].line, found[2].file) == (2, 6, str(path))
    assert found[3] == (3, 7, ["Hand 3"])


def test_every_site_format_is_a_file_format_name() -> None:
    names = [site.name for site in sites.site_formats()]
    assert len(set(names)) == len(names) == len(sites.SITE_MODULES)
    # the public Literal names every format a reader exists for, and no other
    assert set(reading.format_names()) == set(typing.get_args(reading.FileFormat))


def test_a_file_no_reader_takes_is_not_a_hand_history(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("Shopping list\n")
    (error,) = reading.read_file(path)
    assert isinstance(error, HandHistoryError)
    assert error.reason.startswith("not a hand history")
