"""Heads-up push/fold: the class table against the shipped vs-random enumeration, HoldemResources'
published thresholds, the exploitability by a best response written here from the rules of the
spot, and the ICM and effective-stack equivalences the model implies."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pokerscore import PokerScoreError, push_fold, push_fold_thresholds
from pokerscore.games.tournaments.class_equities import class_matchups
from tests import pushfold_grid
from tests.games.holdem.test_ranges import shipped_rows


def test_class_table_sums_to_the_shipped_vs_random_table() -> None:
    # Against a random hand, a class's equity is its equity against each class weighed by the
    # combo pairs that share no card: the shipped table enumerated that apart, over every board.
    table = class_matchups()
    assert table.pairs.sum() == 1326 * 1225
    assert (table.pairs == table.pairs.T).all()
    meet = table.pairs > 0
    assert np.allclose((table.equity + table.equity.T)[meet], 1.0)
    rows = shipped_rows()
    for index, name in enumerate(table.names):
        _, wins, ties, deals = rows[name]
        expected = (wins + ties / 2) / deals
        found = (table.pairs[index] * table.equity[index]).sum() / table.pairs[index].sum()
        assert found == pytest.approx(expected, abs=1e-12), name


def best_response_gains(
    stack: float, ante: float, push: dict[str, float], call: dict[str, float]
) -> float:
    """Each side's gain by its best response, summed, per hand: written from the rules of the
    spot (blinds 0.5 and 1, an ante each, the loser of an all-in loses the stack), over every
    pair of combos that share no card, not from the library's game arrays."""
    table = class_matchups()
    names = table.names
    deals = table.pairs / table.pairs.sum()
    equity = table.equity
    s = np.array([push[name] for name in names])
    c = np.array([call[name] for name in names])
    showdown = (2 * equity - 1) * stack  # the small blind's change when called
    small_push = (deals * ((1 - c) * (1 + ante) + c * showdown)).sum(axis=1)
    small_fold = deals.sum(axis=1) * (-0.5 - ante)
    small_gain = (
        np.maximum(small_push, small_fold).sum() - (s * small_push + (1 - s) * small_fold).sum()
    )
    big_call = (deals.T * s * -showdown.T).sum(axis=1)  # the big blind's side of each showdown
    big_fold = (deals.T * s).sum(axis=1) * (-1 - ante)
    big_gain = np.maximum(big_call, big_fold).sum() - (c * big_call + (1 - c) * big_fold).sum()
    return float(small_gain + big_gain)


@pytest.mark.parametrize(("stack", "ante"), [(2.0, 0.0), (7.7, 0.0), (10.0, 0.125), (20.0, 0.1)])
def test_exploitability_is_at_most_a_hundredth_of_a_big_blind(stack: float, ante: float) -> None:
    result = push_fold(stack, ante=ante)
    gains = best_response_gains(stack, ante, dict(result.push), dict(result.call))
    assert gains <= 0.01
    assert gains == pytest.approx(result.exploitability, abs=1e-9)
    # The bound with room to spare: the default stops at a millionth.
    assert result.exploitability <= 1e-6


def test_a_strategy_far_from_the_equilibrium_is_exploitable() -> None:
    # The oracle can fail: pushing everything and calling with everything at 10 bb loses.
    everything = dict.fromkeys(class_matchups().names, 1.0)
    assert best_response_gains(10.0, 0.0, everything, everything) > 0.1


def test_holdem_resources_published_points() -> None:
    # HoldemResources' heads-up chart (no ante), printed in its usage notes: the small blind
    # pushes T3s up to 7.7 bb, the big blind calls Q2o up to 5.6 bb.
    table = push_fold_thresholds(stacks=[5.5, 5.6, 5.7, 7.6, 7.7, 7.8, 7.9])
    assert table.push["T3s"] == 7.7
    assert table.call["Q2o"] == 5.6
    assert table.push["AA"] == table.call["AA"] == 7.9


@pytest.mark.slow
@pytest.mark.xdist_group(pushfold_grid.GROUP)  # the table shared with the command's test
def test_holdem_resources_published_thresholds_on_the_whole_grid() -> None:
    table = pushfold_grid.whole_grid()  # push_fold_thresholds(), computed once a process
    assert table.stacks[0] == 1.0 and table.stacks[-1] == 25.0 and len(table.stacks) == 241
    assert table.push["T3s"] == 7.7
    assert table.call["Q2o"] == 5.6
    assert table.exploitability <= 1e-6
    # Every class shoves at one big blind or calls there (a call gets odds of 3 to 1 or more).
    assert all(value is not None for value in table.call.values())


def test_heads_up_icm_is_chip_ev() -> None:
    # Heads-up, ICM equity is linear in the chips: the prize-EV equilibrium is the chip-EV one.
    # A chip is worth (70 - 30) / 12 in prize here, so the same tolerance is 10/3 as much.
    chips = push_fold(6.0)
    prizes = push_fold(stacks=[6.0, 6.0], payouts=[70, 30], tolerance=1e-6 * 10 / 3)
    assert prizes.unit == "prize" and chips.unit == "bb"
    for situation in ("SB push", "BB call SB"):
        for name, share in chips.ranges[situation].items():
            assert share == pytest.approx(prizes.ranges[situation][name], abs=1e-3), name


def test_only_the_effective_stack_plays() -> None:
    deep = push_fold(stacks=[25.0, 8.0])
    short = push_fold(8.0)
    for situation in ("SB push", "BB call SB"):
        assert deep.ranges[situation] == pytest.approx(short.ranges[situation], abs=1e-6)


def test_more_shoves_when_shorter() -> None:
    def combos(shares: dict[str, float]) -> float:
        table = class_matchups()
        return float(
            sum(shares[name] * size for name, size in zip(table.names, table.sizes, strict=True))
        )

    shares = [combos(dict(push_fold(stack).push)) for stack in (2.0, 10.0, 20.0)]
    assert shares[0] > shares[1] > shares[2]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ({}, "stack_bb is needed unless stacks are given"),
        ({"stack_bb": 0.5}, "stack_bb must be from 1 to 1000"),
        ({"stack_bb": float("inf")}, "stack_bb must be from 1 to 1000"),
        ({"stack_bb": "10"}, "stack_bb must be a number, got str"),
        ({"stack_bb": 10, "stacks": [10, 10]}, "stack_bb and stacks cannot both be given"),
        ({"stacks": [10]}, "stacks must hold 2 to 4 players, not 1"),
        ({"stacks": [10] * 5}, "stacks must hold 2 to 4 players, not 5"),
        ({"stack_bb": 10, "ante": -1}, "ante must be from 0 to 1"),
        ({"stack_bb": 1, "ante": 0.5}, "stack_bb must cover the ante and the big blind"),
        ({"stack_bb": 10, "payouts": [1, 2, 3]}, "payouts must pay 1 to 2 places"),
        ({"stack_bb": 10, "tolerance": 0}, "tolerance must be from 1e-09 to 1"),
    ],
)
def test_bad_input_names_the_parameter(call: dict[str, object], message: str) -> None:
    with pytest.raises(PokerScoreError, match=message):
        push_fold(**call)  # type: ignore[arg-type]


def test_bad_threshold_stacks() -> None:
    with pytest.raises(PokerScoreError, match="stacks must be a non-empty sequence"):
        push_fold_thresholds(stacks=[])
    with pytest.raises(PokerScoreError, match="stacks must be from 1 to 1000"):
        push_fold_thresholds(stacks=[0.5])


@pytest.mark.slow  # Matplotlib's first chart: 1.4 s of CPU
def test_chart_is_a_png(tmp_path: Path) -> None:
    from pokerscore.games.tournaments.charts import write_push_fold_chart

    path = write_push_fold_chart(push_fold(10), tmp_path / "chart.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.slow
def test_a_damaged_cache_is_computed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerscore.games.tournaments import class_equities

    kept = class_matchups()
    (tmp_path / class_equities.MATCHUPS_CACHE).write_bytes(b"not a table")
    monkeypatch.setenv(class_equities.CACHE_VARIABLE, str(tmp_path))
    class_equities.class_matchups.cache_clear()
    try:
        again = class_equities.class_matchups()
        assert (again.pairs == kept.pairs).all() and np.allclose(again.equity, kept.equity)
        # Written back whole: the next process reads it.
        assert class_equities._read(tmp_path / class_equities.MATCHUPS_CACHE) is not None
    finally:
        class_equities.class_matchups.cache_clear()


def test_an_empty_cache_variable_keeps_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerscore.games.tournaments.class_equities import CACHE_VARIABLE, cache_directory

    monkeypatch.setenv(CACHE_VARIABLE, "")
    assert cache_directory() is None
