"""The hands ``read_histories`` makes from the PHH fast reader's log (``logged_hands``) are the
hands the lenient reader (``tomllib``, ``phh.read_phh``: the oracle) makes of the same text,
field by field, and every hand either leaves is the same error: the shared random hands of
every variant, the fixtures, the shared sample's PHH hands and hostile texts."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings

from pokerscore.histories.logged_hands import LoggedHand
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import read_file, read_histories
from pokerscore.histories.results import history_results
from tests.histories.test_histories_fuzz import PHH_TABLES, mutated
from tests.histories_random import DRAW_VARIANTS, STUD_VARIANTS, VARIANTS, random_hands
from tests.shared_sample import HAND_HISTORIES, needs_sample

DATA = Path(__file__).parents[1] / "data" / "histories"
FIELDS = [field.name for field in dataclasses.fields(HandHistory)]


def assert_same_hands(path: Path) -> list[HandHistory | HandHistoryError]:
    """``read_histories(path)`` against the lenient reader's hands of ``path``, item by item:
    equal hands (every field, its type too) and the same errors (their messages)."""
    read = list(read_histories(path))
    lenient = list(read_file(path))
    assert len(read) == len(lenient)
    for found, expected in zip(read, lenient, strict=True):
        if isinstance(expected, HandHistoryError):
            assert isinstance(found, HandHistoryError), (found, expected)
            assert str(found) == str(expected)
            continue
        assert isinstance(found, HandHistory), (found, expected)
        for name in FIELDS:
            mine, theirs = getattr(found, name), getattr(expected, name)
            assert mine == theirs, (name, mine, theirs)
            assert type(mine) is type(theirs), (name, type(mine), type(theirs))
        assert found == expected and expected == found
    return read


def phhs(path: Path, texts: list[str]) -> Path:
    path.write_text("".join(f"[{n}]\n{text.rstrip()}\n\n" for n, text in enumerate(texts, 1)))
    return path


def assert_mostly_logged(read: list[HandHistory | HandHistoryError]) -> None:
    """The fast way taken: most hands made from the log, not read again (the kernels leave some
    random hands to the lenient path: a show of unseen cards after the showdown, say)."""
    assert sum(type(hand) is LoggedHand for hand in read) >= len(read) // 2


@pytest.mark.slow
@pytest.mark.xdist_group("random hands")  # tests.histories_random.random_hands
def test_the_shared_random_hands_are_the_lenient_readers(tmp_path: Path) -> None:
    texts = [text for text, _ in random_hands(300)]
    read = assert_same_hands(phhs(tmp_path / "random.phhs", texts))
    assert_mostly_logged(read)
    variants = {hand.variant for hand in read if type(hand) is LoggedHand}
    assert variants == set(VARIANTS)


@pytest.mark.slow
@pytest.mark.xdist_group("random stud hands")  # tests.histories_random.random_hands
@pytest.mark.parametrize("variant", [*STUD_VARIANTS, *DRAW_VARIANTS])
def test_random_stud_and_draw_hands_are_the_lenient_readers(tmp_path: Path, variant: str) -> None:
    count = 120 if variant in STUD_VARIANTS else 60  # the stud tests' 120 (shared)
    texts = [text for text, _ in random_hands(count, variant=variant)]
    read = assert_same_hands(phhs(tmp_path / "random.phhs", texts))
    assert_mostly_logged(read)


@pytest.mark.parametrize(
    "name", ["actions.phhs", "side-pots.phhs", "split-pots.phhs", "malformed.phhs"]
)
def test_the_fixtures_are_the_lenient_readers(name: str) -> None:
    read = assert_same_hands(DATA / name)
    if name != "malformed.phhs":
        assert any(type(hand) is LoggedHand for hand in read)


@needs_sample
def test_the_shared_samples_phh_hands_are_the_lenient_readers(tmp_path: Path) -> None:
    folder = HAND_HISTORIES / "phh"
    for path in sorted(folder.rglob("*.phhs")):
        assert_same_hands(path)
    texts = [path.read_text() for path in sorted(folder.rglob("*.phh"))]
    read = assert_same_hands(phhs(tmp_path / "sample.phhs", texts))
    assert sum(type(hand) is LoggedHand for hand in read) > len(texts) // 2


def test_a_logged_hand_is_a_hand_history_to_its_users() -> None:
    hand = next(read_histories(DATA / "actions.phhs"))
    assert type(hand) is LoggedHand
    plain = HandHistory(*(getattr(hand, name) for name in FIELDS))
    assert pickle.loads(pickle.dumps(hand)) == plain
    assert type(pickle.loads(pickle.dumps(hand))) is HandHistory
    assert repr(hand) == repr(plain)
    moved = dataclasses.replace(hand, number=7)
    assert moved.number == 7 and moved.actions == hand.actions and moved.fields == hand.fields
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.number = 3  # type: ignore[misc]
    hand.check()


def test_fields_read_during_the_iteration_and_after_it_are_the_same() -> None:
    """Read during the iteration, a field is filled in for every hand of its block at once;
    read from a hand kept past its block's list, for that hand alone: the same values."""
    path = DATA / "actions.phhs"
    during = []
    for hand in read_histories(path):
        assert isinstance(hand, LoggedHand)
        during.append((hand.seats, hand.actions, hand.number, hand.currency))
        if len(during) == 1:  # its block's other hands filled in: their slots hold it
            block = hand._block
            assert block is not None
            others = block.made()
            assert others is not None and len(others) > 1
            seats = HandHistory.__dict__["seats"]  # the slot itself (raises while empty)
            filled = [seats.__get__(other) for other in others]  # every one, not only this one
            assert filled[0] == hand.seats
    kept = [hand for hand in read_histories(path) if isinstance(hand, LoggedHand)]
    assert len(kept) == len(during)
    assert all(hand._block is not None and hand._block.made() is None for hand in kept)
    after = [(hand.seats, hand.actions, hand.number, hand.currency) for hand in kept]
    assert during == after
    assert kept == list(read_file(path))
    with pytest.raises(AttributeError, match="no_such_field"):
        kept[0].no_such_field  # type: ignore[attr-defined]  # noqa: B018


def test_text_the_fast_reader_takes_and_the_lenient_refuses_is_the_lenient_readers(
    tmp_path: Path,
) -> None:
    good = PHH_TABLES[0].split("\n", 1)[1]
    odd = [
        good + "extra = [1, 2,, 3]\n",  # a value the fast reader skips unread, no TOML
        good + "extra = bare words\n",
        good + "  extra = [1, 2,, 3]\n",  # indented
        good.replace("min_bet = ", "min_bet = 0"),  # a leading zero
        good + "note = 'tab\x01'\n",  # a control character
        good + "table = 'x'\r\n",  # a carriage return with its newline: TOML
        good + "table = 'x'\rmore\n",  # and alone: not TOML
        good,
    ]
    read = assert_same_hands(phhs(tmp_path / "odd.phhs", odd))
    assert type(read[-1]) is LoggedHand


@settings(max_examples=200, deadline=None)
@given(mutated(PHH_TABLES))
def test_mutated_hands_are_the_lenient_readers(text: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.phhs"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        assert_same_hands(path)


GOOD = PHH_TABLES[0].split("\n", 1)[1]
REFUSED = {
    "a value of a key read by no one, no TOML": GOOD + "extra = [1, 2,, 3]\n",
    "bare words": GOOD + "extra = bare words\n",
    "an indented line": GOOD + "  extra = [1, 2,, 3]\n",
    "a number with a leading zero": GOOD.replace("min_bet = ", "min_bet = 0"),
    "in an array": GOOD.replace("starting_stacks = [100", "starting_stacks = [0100"),
    "a number without a digit before its point": GOOD.replace("min_bet = 2", "min_bet = .5"),
    "a seat below 0": GOOD + "seats = [-1, 2, 3]\n",
    "a bet of .5": GOOD.replace("'p3 cbr 6'", "'p3 cbr .5'"),
    "a control character": GOOD + "note = 'tab\x01'\n",
    "a carriage return alone": GOOD + "table = 'x'\rmore\n",
    "a whole number of 5,000 digits": GOOD + "extra = " + "9" * 5000 + "\n",
    "a whole number of 5,000 digits in an array": GOOD + "extra = [1, " + "9" * 5000 + "]\n",
}
"""Hands the fast reader took before session 19 and the lenient reader refuses (before session
20, the whole numbers past Python's digits)."""


@pytest.mark.parametrize("text", list(REFUSED.values()), ids=list(REFUSED))
def test_what_the_lenient_reader_refuses_no_reader_plays(tmp_path: Path, text: str) -> None:
    """One grammar: the fast reader leaves such a hand to the lenient reader, so the per-hand
    iterator (the kernels' runs) refuses it as the lenient reader does, where it played it."""
    path = phhs(tmp_path / "odd.phhs", [text])
    (lenient,) = read_file(path)
    assert isinstance(lenient, HandHistoryError)
    errors: list[HandHistoryError] = []
    assert list(history_results(path, on_error=errors.append)) == []
    assert [str(error) for error in errors] == [str(lenient)]
    assert_same_hands(path)


def test_toml_values_of_keys_read_by_no_one_are_read_fast(tmp_path: Path) -> None:
    """Values the fast reader checks itself (booleans, decimal numbers, dates and times, arrays
    of them and strings) stay on the fast way; other TOML (a hexadecimal number, the 29th of
    February ...) goes to the lenient reader, which reads it: the same hands either way."""
    fast = [
        GOOD + "time = 10:32:11\nday = 2023-05-06\nstamp = 2023-05-06T10:32:11.5+02:00\n",
        GOOD + "x = [1, 'a', [2.5e3, true], -0.5, ]\ny = +7\nz = false # no\nw = []\n",
    ]
    lenient = [GOOD + "w = 0x1F\n", GOOD + "v = 2024-02-29\n", GOOD + "u = inf\n"]
    read = assert_same_hands(phhs(tmp_path / "toml.phhs", fast + lenient))
    assert [type(hand) for hand in read[: len(fast)]] == [LoggedHand] * len(fast)
    assert not any(isinstance(hand, HandHistoryError) for hand in read)


def test_actions_shared_across_scales_and_widths_are_the_lenient_readers(tmp_path: Path) -> None:
    """An action is shared by its text at its hand's scale: the same text at another scale is
    another amount in units; a text longer than the keys' bytes is keyed by its string."""
    halves = GOOD.replace("min_bet = 2", "min_bet = 2.5")  # a scale of 10
    wide = GOOD.replace("'p3 cbr 6'", "'p3 cbr" + " " * 30 + "6'")
    texts = [GOOD, halves, GOOD, halves]
    read = assert_same_hands(phhs(tmp_path / "scales.phhs", texts))
    assert [type(hand) for hand in read] == [LoggedHand] * len(texts)
    bets = [hand.actions[3] for hand in read if isinstance(hand, HandHistory)]
    assert [bet.amount for bet in bets] == [6, 60, 6, 60]
    read = assert_same_hands(phhs(tmp_path / "wide.phhs", [GOOD, wide, GOOD]))
    assert [type(hand) for hand in read] == [LoggedHand] * 3
