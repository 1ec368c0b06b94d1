"""ICM: the published examples, an oracle written from the model (every finishing order weighed
one by one), the exact path against the float one, and the model's invariants as properties."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerscore import PokerScoreError, icm
from pokerscore.games.tournaments.icm import MAX_PLAYERS


def orders_oracle(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Malmuth-Harville from its definition: the chance of each finishing order is the product,
    place by place, of the player's stack over the chips still in play (players with no chips
    left alone share their places evenly); each player's prize summed over the orders."""
    count = len(stacks)
    equities = [Fraction(0)] * count
    for order in permutations(range(count)):
        chance = Fraction(1)
        left = list(order)
        for player in order:
            chips = sum(stacks[other] for other in left)
            chance *= Fraction(stacks[player], chips) if chips else Fraction(1, len(left))
            left.remove(player)
        for place, player in enumerate(order):
            if place < len(payouts):
                equities[player] += chance * payouts[place]
    return equities


def test_wikipedia_example() -> None:
    # "Independent Chip Model", Wikipedia: 50/30/20 % of the chips, prizes 70/30 give
    # 45.18/32.25/22.57 (rounded there to 45/32/22).
    result = icm([50, 30, 20], [70, 30])
    assert [round(float(equity), 2) for equity in result.equities] == [45.18, 32.25, 22.57]
    assert result.equities[1] == Fraction(129, 4)  # 32.25 exactly: 0.3*70 + P(2nd)*30
    assert result.exact


def test_four_players_example() -> None:
    # The published figures: 5000/3000/1500/500 with prizes 500/300/200.
    result = icm([5000, 3000, 1500, 500], [500, 300, 200])
    assert [round(float(equity), 2) for equity in result.equities] == [377.78, 312.89, 225.6, 83.73]
    assert sum(result.equities) == 1000


@given(
    st.lists(st.integers(0, 50), min_size=2, max_size=6).filter(any),
    st.lists(st.integers(0, 100), min_size=1, max_size=6),
)
def test_matches_the_orders_oracle(stacks: list[int], payouts: list[int]) -> None:
    payouts = payouts[: len(stacks)]
    assert list(icm(stacks, payouts).equities) == orders_oracle(stacks, payouts)


@given(
    st.lists(st.integers(0, 10_000), min_size=2, max_size=9).filter(any),
    st.lists(st.integers(0, 1_000), min_size=1, max_size=9),
)
def test_float_path_agrees_with_the_exact_one(stacks: list[int], payouts: list[int]) -> None:
    payouts = payouts[: len(stacks)]
    exact = icm(stacks, payouts, arithmetic="exact")
    floats = icm(stacks, payouts, arithmetic="float")
    assert not floats.exact
    for one, other in zip(exact.equities, floats.equities, strict=True):
        assert float(one) == pytest.approx(other, rel=1e-12, abs=1e-9)
    for row, float_row in zip(exact.places, floats.places, strict=True):
        assert [float(value) for value in row] == pytest.approx(float_row, abs=1e-12)


@given(
    st.lists(st.integers(0, 10_000), min_size=2, max_size=8).filter(any),
    st.lists(st.integers(0, 1_000), min_size=1, max_size=8),
)
def test_equities_sum_to_the_pool_and_places_are_distributions(
    stacks: list[int], payouts: list[int]
) -> None:
    payouts = payouts[: len(stacks)]
    result = icm(stacks, payouts)
    assert sum(result.equities) == sum(payouts) == result.prize_pool
    for row in result.places:
        assert sum(row) == 1
    for place in range(len(stacks)):
        assert sum(row[place] for row in result.places) == 1


@given(st.integers(2, 9), st.integers(1, 10**6), st.lists(st.integers(0, 1000), min_size=1))
def test_equal_stacks_get_equal_shares(players: int, stack: int, payouts: list[int]) -> None:
    payouts = payouts[:players]
    equities = icm([stack] * players, payouts).equities
    assert set(equities) == {Fraction(sum(payouts), players)}


@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 1000), st.integers(0, 1000))
def test_heads_up_is_linear_in_chips(first: int, second: int, top: int, runner_up: int) -> None:
    if first + second == 0:
        return
    equities = icm([first, second], [top, runner_up]).equities
    share = Fraction(first, first + second)
    assert equities[0] == share * (top - runner_up) + runner_up


@given(
    st.lists(st.integers(1, 1000), min_size=1, max_size=6),
    st.integers(1, 3),
    st.lists(st.integers(0, 100), min_size=1, max_size=9),
)
def test_players_without_chips_take_the_last_places(
    stacked: list[int], broke: int, payouts: list[int]
) -> None:
    stacks = stacked + [0] * broke
    players = len(stacks)
    payouts = payouts[:players]
    result = icm(stacks, payouts)
    last = [payouts[place] if place < len(payouts) else 0 for place in range(len(stacked), players)]
    for equity in result.equities[len(stacked) :]:
        # Only places that remain to be paid: the last `broke` ones, shared evenly.
        assert equity == Fraction(sum(last), broke)
    if broke == 1:
        expected = payouts[players - 1] if len(payouts) == players else 0
        assert result.equities[-1] == expected


def test_twenty_players_float() -> None:
    stacks = [1000 * (player + 1) for player in range(MAX_PLAYERS)]
    result = icm(stacks, [50, 30, 20])
    assert not result.exact
    assert sum(result.equities) == pytest.approx(100)
    assert list(result.equities) == sorted(result.equities)  # more chips, more equity
    # The chip leader's chance of first is its chip share, by the model's definition.
    assert result.places[-1][0] == pytest.approx(20_000 / sum(stacks))


@pytest.mark.parametrize(
    ("stacks", "payouts", "arithmetic", "message"),
    [
        ([100], [1], "auto", "stacks must hold 2 to 20 players, not 1"),
        ([1] * 21, [1], "auto", "stacks must hold 2 to 20 players, not 21"),
        ([0, 0], [1], "auto", "stacks must hold some chips"),
        ([10, -1], [1], "auto", "stacks must not be negative"),
        ([10, float("nan")], [1], "auto", "stacks must hold finite numbers"),
        ([10, "5"], [1], "auto", "stacks must hold numbers, not str"),
        ("10,5", [1], "auto", "stacks must be a sequence of numbers"),
        ([10, 5], [], "auto", "payouts must pay 1 to 2 places"),
        ([10, 5], [3, 2, 1], "auto", "payouts must pay 1 to 2 places"),
        ([10, 5], [True], "auto", "payouts must hold numbers, not bool"),
        ([10, 5], [1], "fast", "arithmetic must be 'auto', 'exact' or 'float'"),
    ],
)
def test_bad_input_names_the_parameter(
    stacks: object, payouts: object, arithmetic: str, message: str
) -> None:
    with pytest.raises(PokerScoreError, match=message.replace("(", r"\(")):
        icm(stacks, payouts, arithmetic=arithmetic)  # type: ignore[arg-type]


def test_floats_read_as_decimals() -> None:
    assert icm([0.1, 0.2], [1]).equities == (Fraction(1, 3), Fraction(2, 3))
