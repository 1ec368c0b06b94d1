"""Fuzzing the hand-history face (issue 32): ``read_histories``, ``history_results``,
``analyse_histories`` (the kernels and the reference path), ``replay``, ``exact_allin_evs`` and
``player_stats`` on Hypothesis-made bad hands and bad arguments. A hand is read and replayed, or
is a bad hand naming its file, hand and line; an argument is taken or refused with a
PokerScoreError; never a foreign exception.

The bad hands are the fixtures' good hands with a token (a number, a string, a word, a line)
swapped for a hostile one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerscore import (
    PokerScoreError,
    analyse_histories,
    exact_allin_evs,
    history_results,
    player_stats,
    read_histories,
    replay,
)
from pokerscore.histories.model import HandHistory, HandHistoryError, Seat

DATA = Path(__file__).parents[1] / "data" / "histories"
PHH_TABLES = re.split(r"(?m)^(?=\[\d+\])", (DATA / "actions.phhs").read_text())[1:]
STARS_HANDS = re.split(r"(?m)^(?=PokerStars )", (DATA / "pokerstars-shapes.txt").read_text())[1:]
TOKEN = re.compile(r"-?\d+(?:\.\d+)?|'[^'\n]*'|[A-Za-z_²]+|\n")

HOSTILE = [
    "", ".", "-", "1e-999999999", "1e999999999", "2.000000001", "9007199254740993", "9" * 5000,
    "nan", "inf", "-5", "0", "p²", "p0", "p99", "٣", "1_000", "'", "''", "[", "[" * 3000, "]",
    "{", "=", "'Ann'", "\n", "\n[7]\n", "\n[²]\n", "\ufeff", "\x00", "\\", '"', "#", "$.",
    "$1.2.3", "Seat 1: Ann ($1 in chips)", "*** FLOP *** [Ah Ah Ah]", "and is all-in", ":",
    "calls", "raises", "collected", "side pot-99999", "Uncalled bet ($5) returned to Ann",
    "cbr", "sm", "d db", "??", "AhAh", "10", "x" * 200,
]  # fmt: skip
"""Tokens that break a hand in one place."""


@st.composite
def mutated(draw: st.DrawFn, texts: list[str]) -> str:
    """A few hands of ``texts``, one of them with some tokens swapped for hostile ones."""
    hands = draw(st.lists(st.sampled_from(texts), min_size=1, max_size=3))
    victim = draw(st.integers(0, len(hands) - 1))
    text = hands[victim]
    spans = [match.span() for match in TOKEN.finditer(text)]
    for _ in range(draw(st.integers(1, 3))):
        start, stop = draw(st.sampled_from(spans))
        text = text[:start] + draw(st.sampled_from(HOSTILE)) + text[stop:]
        spans = [match.span() for match in TOKEN.finditer(text)] or [(0, 0)]
    hands[victim] = text
    return "".join(hand if hand.endswith("\n") else hand + "\n" for hand in hands)


def assert_bad_hand(error: HandHistoryError, path: Path) -> None:
    assert error.file == str(path), error
    whole_file = error.reason.startswith("not a hand history")  # no hand in it at all
    assert error.line is not None or error.hand is not None or whole_file, error
    assert str(error) and len(str(error)) < 2000


def check_read(path: Path) -> None:
    for hand in read_histories(path):
        if isinstance(hand, HandHistoryError):
            assert_bad_hand(hand, path)
            continue
        hand.check()  # the readers give only hands a replay takes
        try:
            replay(hand)
        except HandHistoryError as error:
            assert_bad_hand(error, path)


def check_runs(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """history_results and analyse_histories down both paths: results and located bad hands,
    the same count of each on the same path. (The two paths are not compared here: the kernels
    are lenient where the reference reader is not, on a ``PokerStars #1:`` header without
    ``Hand`` say; the tests of the kernels compare them on real files.)"""
    for reference in ("0", "1"):
        monkeypatch.setenv("POKERSCORE_HISTORIES_REFERENCE", reference)
        bad: list[HandHistoryError] = []
        results = list(history_results(path, on_error=bad.append))
        for error in bad:
            assert_bad_hand(error, path)
        summary = analyse_histories([path])
        for error in summary.errors:
            whole_file = error.reason.startswith("not a hand history")
            assert error.file == str(path) and (error.hand or error.line or whole_file), error
        assert (summary.hands, summary.bad) == (len(results), len(bad))


def run_on(text: str, suffix: str, check: Any, *args: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"hands{suffix}"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        check(path, *args)


@settings(max_examples=150, deadline=None)
@given(mutated(PHH_TABLES))
def test_mutated_phh_hands_are_read_or_bad_hands(text: str) -> None:
    run_on(text, ".phhs", check_read)


@settings(max_examples=150, deadline=None)
@given(mutated(STARS_HANDS))
def test_mutated_pokerstars_hands_are_read_or_bad_hands(text: str) -> None:
    run_on(text, ".txt", check_read)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.one_of(
    mutated(PHH_TABLES).map(lambda text: (text, ".phhs")),
    mutated(STARS_HANDS).map(lambda text: (text, ".txt")),
))  # fmt: skip
def test_mutated_hands_are_replayed_or_bad_hands_on_every_path(
    monkeypatch: pytest.MonkeyPatch, case: tuple[str, str]
) -> None:
    text, suffix = case
    run_on(text, suffix, check_runs, monkeypatch)


# -- HandHistory fields and arguments ---------------------------------------------------------------

ODD = [None, -1, 0, 1, 2**53 + 1, 1.5, Decimal("1.5"), True, "", "x", "holdem", (), (None,),
       ((0, 1),), ((0, 1, 1),), ((0, ((0, 1),)),), [], {}, object()]  # fmt: skip
"""Values a HandHistory field might be given by hand."""
HAND_FIELDS = [field.name for field in dataclasses.fields(HandHistory)]
SEAT_FIELDS = [field.name for field in dataclasses.fields(Seat)]


def good_hand() -> HandHistory:
    """The first hand of ``side-pots.phhs``, as PHH's reader reads it (the hand
    ``read_histories`` gives, without loading its replay kernels and tables at import: about
    1.5 s of CPU in every pytest worker's collection)."""
    from pokerscore.histories.phh import read_phh

    return next(h for h in read_phh(DATA / "side-pots.phhs") if isinstance(h, HandHistory))


GOOD = good_hand()


@pytest.fixture(scope="module")
def empty_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The working folder of the tests whose paths are drawn from ``ODD``: its ``""`` is the
    working folder, which in the project's root held every hand file of the tests and the
    package (and a fresh clone's ``.venv``): one example in ten read them all, 2-3 s of CPU
    and 8-11 s of wall time in a worker of `make quick`. Here it reads an empty folder."""
    return tmp_path_factory.mktemp("empty")


@st.composite
def odd_hands(draw: st.DrawFn) -> HandHistory:
    changes: dict[str, Any] = {}
    for _ in range(draw(st.integers(1, 3))):
        what = draw(st.sampled_from(["hand", "seat", "action"]))
        if what == "hand":
            changes[draw(st.sampled_from(HAND_FIELDS))] = draw(st.sampled_from(ODD))
        elif what == "seat":
            current = changes.get("seats", GOOD.seats)
            seats = list(current) if isinstance(current, tuple) else []
            if seats and all(isinstance(s, Seat) for s in seats):
                i = draw(st.integers(0, len(seats) - 1))
                seats[i] = dataclasses.replace(
                    seats[i], **{draw(st.sampled_from(SEAT_FIELDS)): draw(st.sampled_from(ODD))}
                )
                changes["seats"] = tuple(seats)
        else:
            i = draw(st.integers(0, len(GOOD.actions) - 1))
            field = draw(st.sampled_from([f.name for f in dataclasses.fields(GOOD.actions[i])]))
            action = dataclasses.replace(GOOD.actions[i], **{field: draw(st.sampled_from(ODD))})
            changes["actions"] = (*GOOD.actions[:i], action, *GOOD.actions[i + 1 :])
    return dataclasses.replace(GOOD, **changes)


@settings(max_examples=300, deadline=None)
@given(odd_hands(), st.sampled_from([replay, exact_allin_evs]))
def test_a_hand_with_odd_fields_is_replayed_or_refused(hand: HandHistory, function: Any) -> None:
    try:
        function(hand)
    except PokerScoreError as error:
        assert str(error)


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from([read_histories, history_results]),
    st.lists(st.sampled_from(ODD), max_size=2),
    st.dictionaries(st.sampled_from(["file_format", "strict", "allin_ev", "on_error"]),
                    st.sampled_from(ODD), max_size=2),
)  # fmt: skip
def test_bad_arguments_to_the_readers_are_poker_score_errors(
    empty_folder: Path, function: Any, paths: list[Any], options: dict[str, Any]
) -> None:
    if function is read_histories:
        options.pop("strict", None), options.pop("allin_ev", None), options.pop("on_error", None)
    try:
        with contextlib.chdir(empty_folder):
            list(function(*paths, **options))
    except PokerScoreError as error:
        assert str(error)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from([*ODD, "result"]), max_size=3),
    st.sampled_from([None, "Sam", "", 5, b"x"]),
)
def test_bad_arguments_to_player_stats_are_poker_score_errors(
    results: list[Any], player: Any
) -> None:
    result = replay(GOOD)
    try:
        player_stats([result if r == "result" else r for r in results], player=player)
    except PokerScoreError as error:
        assert str(error)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(ODD), max_size=2),
    st.dictionaries(st.sampled_from(["out", "follow", "file_format", "strict", "allin_ev",
                                     "client", "progress", "part_bytes"]),
                    st.sampled_from(ODD), max_size=2),
)  # fmt: skip
def test_bad_arguments_to_analyse_histories_are_poker_score_errors(
    empty_folder: Path, paths: Any, options: dict[str, Any]
) -> None:
    options.pop("client", None)  # a Dask client: tested in the runs
    try:
        with contextlib.chdir(empty_folder):
            analyse_histories(paths, **options)
    except PokerScoreError as error:
        assert str(error)
