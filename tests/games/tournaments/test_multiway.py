"""Three and four players: side pots against hand-worked examples and the conservation of chips,
the situations, reproducible sampling, and ICM's known effect on calling ranges."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerscore import PokerScoreError, push_fold
from pokerscore.games.tournaments.multiway import final_stacks, situations


def test_side_pots_worked_by_hand() -> None:
    # Stacks 10, 5, 20 all in; the short stack has the best hand, the deep one the second.
    # Main pot 3 x 5 = 15 to the short stack; side pot 2 x 5 = 10 to the deep stack, which
    # also keeps the 10 nobody could match.
    values = np.array([[1, 3, 2]], dtype=np.uint16)
    after = final_stacks(np.array([10.0, 5.0, 20.0]), 0.0, 0b111, values)
    assert after.tolist() == [[0.0, 15.0, 20.0]]


def test_dead_blinds_go_to_the_main_pot() -> None:
    # Button and big blind all in at 10 bb, ante 0.1; the small blind folds 0.6 into the pot.
    values = np.array([[5, 9, 5], [5, 9, 7], [7, 1, 7]], dtype=np.uint16)
    after = final_stacks(np.array([10.0, 10.0, 10.0]), 0.1, 0b101, values)
    assert after[0].tolist() == pytest.approx([10.3, 9.4, 10.3])  # a split: 20.6 in halves
    assert after[1].tolist() == pytest.approx([0.0, 9.4, 20.6])
    assert after[2].tolist() == pytest.approx([10.3, 9.4, 10.3])


def test_folds_all_round() -> None:
    values = np.zeros((1, 4), dtype=np.uint16)
    stacks = np.array([8.0, 9.0, 10.0, 11.0])
    assert final_stacks(stacks, 0.0, 0, values).tolist() == [[8.0, 9.0, 9.5, 11.5]]
    # The cut-off shoves and everyone folds: it takes the blinds.
    assert final_stacks(stacks, 0.0, 0b0001, values).tolist() == [[9.5, 9.0, 9.5, 10.0]]


@given(
    st.lists(st.floats(1.5, 40), min_size=3, max_size=4),
    st.integers(0, 15),
    st.lists(st.integers(1, 5), min_size=4, max_size=4),
    st.sampled_from([0.0, 0.1, 0.25]),
)
def test_chips_are_conserved(stacks: list[float], leaf: int, hands: list[int], ante: float) -> None:
    players = len(stacks)
    leaf &= (1 << players) - 1
    values = np.array([hands[:players]], dtype=np.uint16)
    after = final_stacks(np.array(stacks), ante, leaf, values)
    assert after.sum() == pytest.approx(sum(stacks))
    assert (after >= -1e-9).all()


def test_situations_of_four_players() -> None:
    found = situations(4)
    assert len(found) == 1 + 2 + 4 + 7
    result_names = {
        "CO push",
        "BTN push",
        "BTN call CO",
        "SB push",
        "SB call CO",
        "SB call BTN",
        "SB call CO+BTN",
        "BB call SB",
        "BB call CO+BTN+SB",
    }
    from pokerscore.games.tournaments.multiway import situation_name

    named = {situation_name(("CO", "BTN", "SB", "BB"), *pair) for pair in found}
    assert result_names <= named and len(named) == 14


@pytest.mark.slow
def test_three_players_chip_ev_is_reproducible_and_near_an_equilibrium() -> None:
    first = push_fold(stacks=[10, 10, 10], samples=20_000, seed=7)
    again = push_fold(stacks=[10, 10, 10], samples=20_000, seed=7)
    assert first.ranges == again.ranges
    assert first.exploitability <= 0.01
    assert first.positions == ("BTN", "SB", "BB") and first.samples == 20_000
    assert first.stderr is not None and first.stderr > 0
    assert first.push["AA"] == pytest.approx(1.0, abs=0.01)
    assert first.push["72o"] == pytest.approx(0.0, abs=0.01)


@pytest.mark.slow
def test_icm_tightens_calls_on_the_bubble() -> None:
    # Three players, two paid: a called all-in that busts a player decides the money, so the
    # big blind calls the button's shove with fewer hands by ICM than by chips.
    chips = push_fold(stacks=[10, 10, 10], samples=20_000)
    prizes = push_fold(stacks=[10, 10, 10], payouts=[65, 35], samples=20_000)
    assert prizes.unit == "prize"

    def called(shares: dict[str, float]) -> float:
        return sum(shares.values())

    assert called(dict(prizes.ranges["BB call BTN"])) < 0.8 * called(
        dict(chips.ranges["BB call BTN"])
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ({"stacks": [10, 10, 10], "samples": 10}, "samples must be from 1,000"),
        ({"stacks": [10, 10, 10], "samples": 2.5}, "samples must be a whole number"),
        ({"stacks": [10, 10, 10], "seed": -1}, "seed must be a whole number from 0"),
        (
            {"stacks": [10, 10, 1], "ante": 0.1},
            "stacks must each cover the player's ante and blind",
        ),
    ],
)
def test_bad_input(call: dict[str, object], message: str) -> None:
    with pytest.raises(PokerScoreError, match=message):
        push_fold(**call)  # type: ignore[arg-type]


def tree_walk_values(
    classes: np.ndarray, outcomes: np.ndarray, strategy: np.ndarray, player: int
) -> np.ndarray:
    """For ``player``, the value of going in and of folding at each situation and class, summed
    over the deals and weighted by the chance of the others' actions: by walking the hand's tree
    action by action from the rules (each player in turn goes in or folds; the big blind, folded
    to, has no decision), not by the kernel's product over a leaf's players."""
    deals, players = classes.shape
    found = np.zeros((2, 1 << (players - 1), 169))

    def walk(deal: int, actor: int, went: int, chance: float, mine: tuple[int, int] | None) -> None:
        if actor == players:
            if mine is not None:
                situation, action = mine
                hand = classes[deal, player]
                found[action, situation, hand] += chance * outcomes[deal, went, player]
            return
        before = went & ((1 << actor) - 1)
        if actor == players - 1 and before == 0:  # folded to the big blind: it wins
            walk(deal, actor + 1, went, chance, mine)
            return
        share = strategy[actor, before, classes[deal, actor]]
        for action, bit in ((0, 1 << actor), (1, 0)):  # 0: goes in, 1: folds
            if actor == player:
                walk(deal, actor + 1, went | bit, chance, (before, action))
            else:
                weight = share if action == 0 else 1 - share
                walk(deal, actor + 1, went | bit, chance * weight, mine)

    for deal in range(deals):
        walk(deal, 0, 0, 1.0, None)
    return found


@pytest.mark.parametrize("players", [3, 4])
def test_kernel_values_match_a_walk_of_the_tree(players: int) -> None:
    from pokerscore.games.tournaments._kernels import MultiwayGame, multiway_gains
    from pokerscore.games.tournaments.multiway import deal, leaf_values

    classes, values = deal(players, 300, 5)
    outcomes = leaf_values(np.full(players, 12.0), 0.1, None, values, classes)
    strategy = np.random.default_rng(3).random((players, 1 << (players - 1), 169))
    game = MultiwayGame(classes, outcomes)
    for player in range(players):
        gains = np.zeros((1 << (players - 1), 169))
        sums = np.zeros((2, 1 << (players - 1), 169))
        multiway_gains(game, strategy, player, gains, sums)
        expected = tree_walk_values(classes, outcomes, strategy, player)
        if player == players - 1:
            expected[:, 0] = 0.0  # the big blind folded to makes no decision
        assert sums == pytest.approx(expected, abs=1e-9)
        assert gains == pytest.approx(expected[0] - expected[1], abs=1e-9)


def test_two_player_showdowns_are_valued_by_the_class_table() -> None:
    from pokerscore.games.tournaments.class_equities import class_matchups
    from pokerscore.games.tournaments.multiway import deal, leaf_values

    classes, values = deal(3, 200, 1)
    outcomes = leaf_values(np.full(3, 10.0), 0.0, None, values, classes)
    equity = class_matchups().equity[classes[:, 1], classes[:, 2]]
    # Small blind against big blind, the button's blind-less fold dead: 10 each at stake.
    assert outcomes[:, 0b110, 1] == pytest.approx(20 * equity - 10)
    assert outcomes[:, 0b110, :].sum(axis=1) == pytest.approx(0.0)
