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
from pokerscore import PokerScoreError

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
