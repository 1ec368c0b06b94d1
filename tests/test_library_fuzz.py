"""Fuzzing the library's face: every public function and class, called with bad arguments,
returns or raises a PokerScoreError that says what is allowed, never a foreign exception."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from enum import Enum
from typing import Any

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


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "function"), [pytest.param(*pair, id=pair[0]) for pair in public_callables()]
)
def test_bad_arguments_are_poker_score_errors(name: str, function: Callable[..., Any]) -> None:
    count = required_positional(function)

    @settings(max_examples=25, deadline=None)
    @given(st.lists(st.sampled_from(BAD_VALUES), min_size=count, max_size=count))
    def call(arguments: list[Any]) -> None:
        try:
            function(*arguments)
        except PokerScoreError as error:
            assert str(error), f"{name}: an error without a message"

    call()


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
