"""Fuzzing the library's face: every public function and class, called with bad arguments,
returns or raises a PokerScoreError that says what is allowed, never a foreign exception."""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable
from enum import Enum
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerscore
import pokerscore.cards
from pokerscore import PokerScoreError, Range
from pokerscore._support.errors import ParameterError
from pokerscore.cards import UnknownRankingError

BAD_VALUES: list[Any] = [
    None,
    -1,
    0,
    1.5,
    float("nan"),
    10**30,
    True,
    "",
    "xyz",
    "Ah Ah",
    "Jk Jk Jk",
    b"\xff",
    [],
    [None],
    [[1, 2], [3]],
    {"a": 1},
    object(),
]
"""Values no public function takes as they are (small, so a call that accepts one is cheap)."""

LEFT_OUT = {
    # The engine's evaluators take card ids as they are, unchecked, by design (the hot path).
    "evaluate5",
    "evaluate6",
    "evaluate7",
    # Run for minutes on good input, or need a Dask client: their checks are tested directly.
    "compute_preflop_tables",
    "score_on_cluster",
    "score_file",
    # Solves 241 stacks when called without arguments (seconds): its checks are tested directly.
    "push_fold_thresholds",
}


def is_error_class(value: object) -> bool:
    # Error classes take any message; enums (Rank, Suit, Category) keep Python's ValueError.
    return isinstance(value, type) and issubclass(value, BaseException | Enum)


def public_callables() -> list[tuple[str, Callable[..., Any]]]:
    found = []
    for name in pokerscore.__all__:
        value = getattr(pokerscore, name)
        if callable(value) and name not in LEFT_OUT and not is_error_class(value):
            found.append((name, value))
    # Everything public in cards/ (some of it is not on the face), and the range's methods.
    for name in pokerscore.cards.__all__:
        value = getattr(pokerscore.cards, name)
        if callable(value) and name not in pokerscore.__all__ and not is_error_class(value):
            found.append((f"cards.{name}", value))
    sample = Range((), ())
    found += [("Range.without", sample.without), ("Range.from_class", Range.from_class),
              ("Range.starting_hands", Range.starting_hands)]  # fmt: skip
    return found


def required_positional(function: Callable[..., Any]) -> int:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return 1
    return sum(
        1
        for parameter in parameters
        if parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)
        and parameter.default is parameter.empty
    )


def required_keywords(function: Callable[..., Any]) -> list[str]:
    """The keyword-only parameters a call must name (``database=`` …)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return []
    return [
        parameter.name
        for parameter in parameters
        if parameter.kind is parameter.KEYWORD_ONLY and parameter.default is parameter.empty
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "function"), [pytest.param(*pair, id=pair[0]) for pair in public_callables()]
)
def test_bad_arguments_are_poker_score_errors(
    name: str, function: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    count = required_positional(function)
    named = required_keywords(function)
    if name in _WORK_STARTS:  # arguments all accepted: the work itself is not this test's
        import importlib

        module, attribute = _WORK_STARTS[name]
        monkeypatch.setattr(importlib.import_module(module), attribute, _started)

    @settings(max_examples=25, deadline=None)
    @given(
        st.lists(st.sampled_from(BAD_VALUES), min_size=count, max_size=count),
        st.fixed_dictionaries({key: st.sampled_from(BAD_VALUES) for key in named}),
    )
    def call(arguments: list[Any], keywords: dict[str, Any]) -> None:
        try:
            function(*arguments, **keywords)
        except PokerScoreError as error:
            assert str(error), f"{name}: an error without a message"
        except Started:
            pass

    call()


# ---- hold'em, board reading, video poker and preflop: each parameter by name (issue 32 §3) ----

MORE_BAD_VALUES: list[Any] = [
    *BAD_VALUES,
    np.array(["Ah", "Kd"]),
    np.array([[1, 2], [3, 4]]),
    np.float64(2.5),
]


class Started(Exception):
    """Raised where a call's real work begins: its arguments were all accepted."""


def _started(*_: object, **__: object) -> None:
    raise Started


def _calls() -> list[tuple[str, Callable[..., Any], tuple[Any, ...], dict[str, Any]]]:
    from pokerscore.games.holdem.preflop.results import read_preflop_tables
    from pokerscore.games.videopoker.strategy.grammar import parse_strategy

    short = parse_strategy("Four of a kind\nDiscard everything")
    return [
        ("equity", pokerscore.equity, (["AhAd", "KsKc"], "2c 3d 4h 5s"),
         {"dead": "", "game": "holdem", "method": "auto", "samples": None, "seed": None,
          "stderr": None, "progress": None}),
        ("showdown", pokerscore.showdown, ("Ah Kh Qh 7c 2d", ["Jh 3s", "9c 9d"]),
         {"game": "holdem"}),
        ("hand_on_board", pokerscore.hand_on_board, ("AhKh", "Qh Jh 2c"),
         {"game": "holdem", "dead": "", "against": None}),
        ("board_breakdown", pokerscore.board_breakdown, ("AA", "2c 3d 4h"),
         {"game": "holdem", "dead": "", "all_flops": False, "progress": None}),
        ("equity_distribution", pokerscore.equity_distribution, ("AA", "KK", "2c 3d 4h 5s"),
         {"game": "holdem", "dead": ""}),
        ("heads_up_preflop", pokerscore.heads_up_preflop, ("AhAd", "KsKc"), {}),
        ("advise", pokerscore.advise, ("3s 7h Th Jh Kh", "jacks-or-better-9-6"), {"coins": 5}),
        ("parse_strategy", pokerscore.parse_strategy, ("Four of a kind",), {}),
        ("strategy_return", pokerscore.strategy_return, (short, "jacks-or-better-9-6"),
         {"coins": 5, "worst": 10}),
        ("generate_strategy", pokerscore.generate_strategy, ("jacks-or-better-9-6",),
         {"coins": 5, "lines": 5, "worst": 10, "progress": None}),
        ("analyze", pokerscore.analyze, ("jacks-or-better-9-6",), {"coins": 5, "progress": None}),
        ("PreflopJob", pokerscore.PreflopJob, (),
         {"hands": ("AA", "KK"), "players": 2, "tasks": 1, "heads_up": True}),
        ("read_preflop_tables", read_preflop_tables, ("/nonexistent/tables",), {}),
    ]  # fmt: skip


_WORK_STARTS = {
    # Long runs: the point where their work begins is replaced by a signal.
    "strategy_return": ("pokerscore.games.videopoker.strategy.play", "deal_table"),
    "generate_strategy": ("pokerscore.games.videopoker.strategy.generate", "deal_table"),
    "analyze": ("pokerscore.games.videopoker.analysis", "_subset_tables"),
}


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(_calls())), ids=[name for name, *_ in _calls()])
def test_each_parameter_of_a_computation_is_checked_by_name(
    index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # board_breakdown(all_flops=<array>) failed with "The truth value of an array ... is
    # ambiguous", board_breakdown(progress=3) with "'int' object is not callable": every bad
    # value in every place is accepted or a PokerScoreError, never a foreign exception.
    import importlib

    name, function, arguments, options = _calls()[index]
    if name in _WORK_STARTS:
        module, attribute = _WORK_STARTS[name]
        monkeypatch.setattr(importlib.import_module(module), attribute, _started)
    with contextlib.suppress(Started, PokerScoreError):  # the good call (no tables: an error)
        function(*arguments, **options)
    places = [(position, None) for position in range(len(arguments))]
    places += [(None, option) for option in options]
    for position, option in places:
        for bad in MORE_BAD_VALUES:
            given = list(arguments)
            more = dict(options)
            if option is None:
                given[position] = bad  # type: ignore[index]
            else:
                more[option] = bad
            try:
                function(*given, **more)
            except (PokerScoreError, Started):
                pass
            except Exception as error:
                pytest.fail(f"{name}({position if option is None else option}={bad!r}): "
                            f"{type(error).__name__}: {error}")  # fmt: skip


@pytest.mark.parametrize(
    "call",
    [
        lambda progress: pokerscore.equity(["AhAd", "KsKc"], "2c 3d 4h", progress=progress),
        lambda progress: pokerscore.board_breakdown("AA", all_flops=True, progress=progress),
        lambda progress: pokerscore.generate_strategy("jacks-or-better-9-6", progress=progress),
        lambda progress: pokerscore.analyze("jacks-or-better-9-6", progress=progress),
        lambda progress: pokerscore.seed_coverage(
            "jacks-or-better-9-6", classes=["royal-flush"], progress=progress
        ),
    ],
    ids=["equity", "board_breakdown", "generate_strategy", "analyze", "seed_coverage"],
)
def test_progress_is_a_function_and_its_own_errors_pass_through(
    call: Callable[[Any], object],
) -> None:
    with pytest.raises(ParameterError, match="progress must be a function of"):
        call(3)

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Stop

    with pytest.raises(Stop):
        call(stop)


def test_a_preflop_run_checks_its_progress_and_flags_before_any_work() -> None:
    from pokerscore.games.holdem.preflop.job import PreflopJob, compute_preflop_tables

    job = PreflopJob(hands=("AA", "KK"), tasks=1)
    with pytest.raises(ParameterError, match="progress must be a function of"):
        compute_preflop_tables(job, progress=3)  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match="resume must be True or False"):
        compute_preflop_tables(job, resume=np.array([True, False]))  # type: ignore[arg-type]


def numpy_values() -> list[Any]:
    import numpy as np

    return [np.array([1, 2]), np.array(["a", "b"]), np.array(3), np.float64("nan"), np.int64(-3)]


OPTION_VALUES: list[Any] = [*BAD_VALUES, 4.0, "x", float("inf"), -5, (1,), (1, "a"), (3, 1), 2.5]
"""Values for the keyword options (most of them wrong for every option below)."""


def options() -> list[tuple[str, Callable[..., Any], str, list[Any]]]:
    """Each keyword option of the card and range functions: the function called on good
    positional arguments, the option, and values that are wrong for it whatever else is given
    (they must raise a ParameterError naming the option)."""
    wrong = [None, 4.0, "x", b"\xff", [], object(), *numpy_values()[:2]]
    rankings = [4.0, [], object(), *numpy_values()[:2], "x"]
    return [
        ("parse_card", lambda **kw: pokerscore.parse_card("Ah", **kw), "position",
         [*wrong, 0, -1, True]),
        ("parse_cards", lambda **kw: pokerscore.parse_cards("Ah Kh", **kw), "size",
         [4.0, "x", [], object(), -1, True, (1,), (1, "a"), (3, 1), (1, 2, 3), (-1, 2),
          *numpy_values()[:2]]),
        ("parse_cards", lambda **kw: pokerscore.parse_cards("Ah Kh", **kw), "allow_duplicates",
         [None, 1, "x", [], object(), *numpy_values()[:2]]),
        ("format_cards", lambda **kw: pokerscore.format_cards("Ah", **kw), "style",
         [*wrong, 1]),
        ("parse_range", lambda **kw: pokerscore.parse_range("AA", **kw), "ranking", rankings),
        ("parse_range", lambda **kw: pokerscore.parse_range("AA", **kw), "hole_cards",
         [*wrong, 4.0, 3, True, *numpy_values()]),
        ("top_classes", lambda **kw: pokerscore.top_classes(5, **kw), "order", [*wrong, 1]),
        ("Range", lambda **kw: Range((), (), **kw), "ranking", rankings),
        ("Range", lambda **kw: Range((), (), **kw), "hole_cards", [*wrong, 4.0, 3, True]),
        ("Range.from_class", lambda **kw: Range.from_class("AKs", **kw), "ranking", rankings),
        ("Range.starting_hands", lambda **kw: Range.starting_hands(**kw), "ranking", rankings),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "function", "option", "wrong"),
    [pytest.param(*case, id=f"{case[0]}-{case[2]}") for case in options()],
)
def test_bad_options_are_parameter_errors_naming_them(
    name: str, function: Callable[..., Any], option: str, wrong: list[Any]
) -> None:
    for value in wrong:
        with pytest.raises(PokerScoreError) as caught:
            function(**{option: value})
        error = caught.value
        if option == "ranking":  # the engine's own error: it names the value and the rankings
            assert isinstance(error, ParameterError | UnknownRankingError), (value, error)
        else:
            assert isinstance(error, ParameterError), (name, option, value, error)
            assert error.parameter == option, (name, option, value, error)
        assert str(error), f"{name}: an error without a message"

    @settings(max_examples=40, deadline=None)
    @given(st.sampled_from([*OPTION_VALUES, *numpy_values()]))
    def call(value: Any) -> None:
        try:
            function(**{option: value})
        except PokerScoreError as error:
            assert str(error), f"{name}: an error without a message"

    call()


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        # The cases (32, section 3).
        (lambda: pokerscore.parse_cards("Ah Kh", size="x"), "size"),
        (lambda: pokerscore.parse_range("AA", hole_cards=4.0), "hole_cards"),
        (lambda: pokerscore.top_classes(5, order=__import__("numpy").array(["a", "b"])), "order"),
        (lambda: pokerscore.top_classes(True), "percent"),
        (lambda: pokerscore.cards.check_distinct([1, 2]), "cards"),
        (lambda: pokerscore.cards.glyph(5), "card"),
    ],
)
def test_the_reported_calls_name_their_parameter(
    call: Callable[[], object], parameter: str
) -> None:
    with pytest.raises(ParameterError) as caught:
        call()
    assert caught.value.parameter == parameter


def test_parse_range_refuses_an_array_for_its_text() -> None:
    import numpy as np

    for text in (np.array(["AA"]), np.array(["AA", "KK"])):
        with pytest.raises(ParameterError, match="text must be a range written as text"):
            pokerscore.parse_range(text)
