"""The hands ``read_histories`` makes from the PokerStars kernel's log (``logged_hands``'
``StarsBlock``, ``_stars_kernels.stars_logs``) are the hands the lenient reader
(``pokerstars.read_pokerstars``: the oracle) makes of the same text, field by field, and every
hand either leaves is the same error: the fixtures, generated hands, the shared sample's files
in PokerStars' layout (PokerStars' own and its skins') and mutated hands. GGPoker's and
Winamax's: ``test_sites_logged_hands.py``."""

from __future__ import annotations

import dataclasses
import pickle
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from benchmarks.histories_data import write_pokerstars
from hypothesis import given, settings

from pokerscore.histories.logged_hands import LoggedHand
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import (
    STARS_LOGGED,
    FileFormat,
    file_format_of,
    read_file,
    read_histories,
)
from tests.histories.test_histories_fuzz import STARS_HANDS, mutated
from tests.histories.test_logged_hands import FIELDS, assert_same_hands
from tests.histories.test_stars_stud_draw_fast import KINDS
from tests.shared_sample import HAND_HISTORIES, needs_sample

DATA = Path(__file__).parents[1] / "data" / "histories"


def logged(read: list[HandHistory | HandHistoryError]) -> int:
    """How many of the hands were made from the log (not read again by the lenient reader)."""
    return sum(type(hand) is LoggedHand for hand in read)


SKINS = DATA / "sites" / "starsskin"
SKIN_HANDS = [
    hand
    for name in ("pokermaster.txt", "runitonce.txt", "fulltilt-2016.txt")
    for hand in re.split(
        r"(?m)^(?=PokerMaster |Run It Once |Full Tilt )", (SKINS / name).read_text()
    )
    if hand.strip()
]


@pytest.mark.parametrize(
    "path",
    [DATA / "pokerstars-shapes.txt", DATA / "pokerstars-bad.txt", *sorted(SKINS.glob("*.txt"))],
    ids=lambda path: path.name,
)
def test_the_fixtures_are_the_lenient_readers(path: Path) -> None:
    assert file_format_of(path) in STARS_LOGGED
    read = assert_same_hands(path)
    assert logged(read) >= (1 if path.parent == DATA else 0)


def test_the_skins_hands_are_logged_too() -> None:
    read = [hand for path in sorted(SKINS.glob("*.txt")) for hand in read_histories(path)]
    assert {hand.site for hand in read if type(hand) is LoggedHand} >= {
        "PokerMaster",
        "Full Tilt Poker",
    }


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_stud_and_draw_hands_are_logged_as_the_lenient_reader_reads_them(
    kind: str, tmp_path: Path
) -> None:
    """PokerStars' stud, stud hi/lo, razz and draw hands (2-7 triple and single draw, badugi;
    mixed games' too) come from the kernel's log since session 24 (Winamax's showed the way),
    every field the lenient reader's: the bring-in, the cards dealt street by street, each
    discard's cards."""
    path = tmp_path / "stars.txt"
    path.write_text(KINDS[kind], encoding="utf-8")
    read = assert_same_hands(path)
    assert read and logged(read) == len(read)


def test_generated_hands_are_the_lenient_readers(tmp_path: Path) -> None:
    path = tmp_path / "generated.txt"
    write_pokerstars(path, 400, seed=5)
    read = assert_same_hands(path)
    assert logged(read) == 400  # every generated hand from the log


@needs_sample
def test_the_shared_samples_pokerstars_files_are_the_lenient_readers() -> None:
    paths = [
        path
        for folder in (HAND_HISTORIES / "pokerstars", HAND_HISTORIES / "sites" / "Stars")
        for path in sorted(folder.rglob("*.txt"))
        if file_format_of(path) in STARS_LOGGED
    ]
    assert len(paths) >= 10
    read = [hand for path in paths for hand in assert_same_hands(path)]
    assert logged(read) >= len(read) // 2


def test_a_logged_pokerstars_hand_is_a_hand_history_to_its_users() -> None:
    hand = next(read_histories(DATA / "pokerstars-shapes.txt"))
    assert type(hand) is LoggedHand
    plain = HandHistory(*(getattr(hand, name) for name in FIELDS))
    assert pickle.loads(pickle.dumps(hand)) == plain
    assert repr(hand) == repr(plain)
    assert hand.fields == plain.fields
    assert str(hand.fields["header"]).startswith("PokerStars Hand #")
    moved = dataclasses.replace(hand, number=7)
    assert moved.number == 7 and moved.actions == hand.actions
    hand.check()


@pytest.mark.parametrize(
    ("name", "file_format"),
    [("pokerstars-shapes.txt", "pokerstars"), ("sites/starsskin/pokermaster.txt", "starsskin")],
)
def test_text_before_the_first_hand_is_the_lenient_readers(
    tmp_path: Path, name: str, file_format: FileFormat
) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("some words first\n\n" + (DATA / name).read_text())
    read = list(read_histories(path, file_format=file_format))
    lenient = list(read_file(path, file_format))
    assert [str(hand) if isinstance(hand, HandHistoryError) else hand for hand in read] == [
        str(hand) if isinstance(hand, HandHistoryError) else hand for hand in lenient
    ]
    assert isinstance(read[0], HandHistoryError) and len(read) > 1


@pytest.mark.parametrize(
    "change",
    [
        lambda data: b"\xef\xbb\xbf" + data,  # a byte-order mark
        lambda data: data.replace(b"\n", b"\r\n"),
        lambda data: data.replace(b"\n", b"\r"),  # a carriage return alone: no line to either
        lambda data: data.rstrip(),  # no line end after the last line
    ],
    ids=["mark", "crlf", "cr", "no last line end"],
)
def test_line_ends_are_the_lenient_readers(tmp_path: Path, change: Any) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(change((DATA / "pokerstars-shapes.txt").read_bytes()))
    assert_same_hands(path)


@pytest.mark.parametrize("line", ["Bob: folds", "Dan: checks"])
def test_all_in_words_after_a_fold_or_a_check_are_the_lenient_readers(
    tmp_path: Path, line: str
) -> None:
    """``and is all-in`` counts after a bet, a raise or a call only, as the lenient reader
    reads it (found by the mutated GGPoker hands: the kernel marked the fold all in)."""
    path = tmp_path / "hands.txt"
    text = (DATA / "pokerstars-shapes.txt").read_text()
    path.write_text(text.replace(f"{line}\n", f"{line} and is all-in\n", 1))
    read = assert_same_hands(path)
    assert logged(read) == 2 and not any(
        action.all_in for hand in read for action in hand.actions if action.kind == "fold"
    )


def test_the_reference_setting_reads_every_hand_leniently(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERSCORE_HISTORIES_REFERENCE", "1")
    read = list(read_histories(DATA / "pokerstars-shapes.txt"))
    assert logged(read) == 0
    assert read == list(read_file(DATA / "pokerstars-shapes.txt"))


@settings(max_examples=200, deadline=None)
@given(mutated(STARS_HANDS + SKIN_HANDS))
def test_mutated_hands_are_the_lenient_readers(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            kind = file_format_of(path)
        except HandHistoryError:
            return  # no hand history at all: read_histories' error is read_file's, not a hand
        if kind in STARS_LOGGED:
            assert_same_hands(path)
