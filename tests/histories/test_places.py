"""One hand read from its place in a file (the replayer's hand far into a big file): every hand
of the fixtures, read from its own bytes, is the hand the file read from its start gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.places import hand_at, hand_places
from pokerscore.histories.reading import file_format_of, read_histories

DATA = Path(__file__).parents[1] / "data" / "histories"


@pytest.mark.parametrize(
    "name",
    ["actions.phhs", "side-pots.phhs", "split-pots.phhs", "malformed.phhs",
     "pokerstars-shapes.txt", "pokerstars-bad.txt"],
)  # fmt: skip
def test_every_hand_read_from_its_place_is_the_files_own(name: str) -> None:
    path = DATA / name
    places = hand_places(path, file_format_of(path))
    assert places is not None
    read = [
        item
        for item in read_histories(path)
        if (item.number if isinstance(item, HandHistory) else item.hand) is not None
    ]
    assert read, "the fixture holds hands"
    numbers = [item.number if isinstance(item, HandHistory) else item.hand for item in read]
    assert places.numbers.tolist() == numbers
    for item, number in zip(read, numbers, strict=True):
        found = hand_at(places, number)
        if isinstance(item, HandHistoryError):
            assert isinstance(found, HandHistoryError)
            assert str(found) == str(item)
        else:
            assert found == item


def test_a_hand_far_into_a_file_with_text_before_the_first(tmp_path: Path) -> None:
    hand = (DATA / "pokerstars-shapes.txt").read_bytes()
    path = tmp_path / "many.txt"
    path.write_bytes(b"\xef\xbb\xbfnot a hand\n\n" + (hand.rstrip(b"\n") + b"\n\n\n") * 40)
    places = hand_places(path, "pokerstars")
    assert places is not None
    read = [
        item
        for item in read_histories(path, file_format="pokerstars")
        if isinstance(item, HandHistory)
    ]
    assert len(places) == len(read)
    assert hand_at(places, read[-1].number) == read[-1]
    assert hand_at(places, len(read) + 1) is None


def test_files_read_whole_have_no_places(tmp_path: Path) -> None:
    one = tmp_path / "one.phh"
    one.write_text("variant = 'NT'\n")
    assert hand_places(one, "phh") is None


def test_tables_numbered_by_place_or_by_header_a_preamble_and_a_mark(tmp_path: Path) -> None:
    tables = (DATA / "actions.phhs").read_text().split("\n[")
    bodies = [table.split("\n", 1)[1] for table in tables[1:]]
    headers = ["[ 7 ]", "[final]", "[7]", "[x y]", "[3] # a comment", "[0012]"]
    text = "# a comment before the first table\n\n" + "".join(
        f"{header}\n{body.rstrip()}\n\n" for header, body in zip(headers, bodies * 2, strict=False)
    )
    path = tmp_path / "odd.phhs"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    places = hand_places(path, "phh")
    assert places is not None
    read = [item for item in read_histories(path)]
    numbers = [item.number if isinstance(item, HandHistory) else item.hand for item in read]
    assert places.numbers.tolist() == [number for number in numbers if number is not None]
    for item in read:
        number = item.number if isinstance(item, HandHistory) else item.hand
        if number is None:
            continue
        found = hand_at(places, number)
        first = next(
            other
            for other in read
            if (other.number if isinstance(other, HandHistory) else other.hand) == number
        )  # the first hand of that number, as the replayer's search through the file found it
        if isinstance(first, HandHistoryError):
            assert str(found) == str(first)
        else:
            assert found == first
