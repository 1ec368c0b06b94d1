"""3-bet, fold to 3-bet, c-bet and fold to c-bet, counted from hands worked out by hand (the
definitions of :mod:`pokerscore.histories.stats`)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pokerscore.histories.phh import parse_phh
from pokerscore.histories.replay import replay
from pokerscore.histories.stats import ACTION_COUNTS, action_counts, player_stats

if TYPE_CHECKING:
    from pokerscore.histories._stats_kernels import TallyRows

THREE = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [{stacks}]
players = ['Sb', 'Bb', 'Btn']
actions = [{actions}]
"""


def _counts(actions: str, stacks: str = "100, 100, 100") -> dict[str, dict[str, int]]:
    hand = parse_phh(THREE.format(actions=actions, stacks=stacks))
    return {
        seat.name: {name: value for name, value in zip(ACTION_COUNTS, mine, strict=True) if value}
        for seat, mine in zip(hand.seats, action_counts(hand), strict=True)
    }


def test_a_three_bet_called_then_a_c_bet_folded_to() -> None:
    # Btn opens, Sb 3-bets, Bb faces two raises (no chance), Btn calls the 3-bet;
    # Sb, the last raiser, bets the flop first; Btn folds to it.
    found = _counts("'p3 cbr 6', 'p1 cbr 18', 'p2 f', 'p3 cc', 'd db AhKd2c', 'p1 cbr 20', 'p3 f'")
    assert found == {
        "Sb": {"three_bet_chances": 1, "three_bets": 1, "cbet_chances": 1, "cbets": 1},
        "Bb": {},
        "Btn": {"fold_to_three_bet_chances": 1, "fold_to_cbet_chances": 1, "folds_to_cbet": 1},
    }


def test_an_all_in_preflop_run_out_is_no_c_bet_chance() -> None:
    # Btn opens, Sb moves all in (the 3-bet), Btn calls all in: the board comes with no bets.
    found = _counts(
        "'p3 cbr 6', 'p1 cbr 100', 'p2 f', 'p3 cc', 'd db AhKd2c', 'd db 3s', 'd db 9h'",
        stacks="100, 100, 60",
    )
    assert found == {
        "Sb": {"three_bet_chances": 1, "three_bets": 1},
        "Bb": {},
        "Btn": {"fold_to_three_bet_chances": 1},
    }


def test_a_limp_then_the_open_raise_then_a_fold_to_the_three_bet() -> None:
    # Btn limps; Sb makes the first raise (the open); Bb 3-bets; Btn faces two raises; Sb folds.
    found = _counts("'p3 cc', 'p1 cbr 8', 'p2 cbr 24', 'p3 f', 'p1 f'")
    assert found == {
        "Sb": {"fold_to_three_bet_chances": 1, "folds_to_three_bet": 1},
        "Bb": {"three_bet_chances": 1, "three_bets": 1},
        "Btn": {},
    }


def test_a_four_bet_takes_the_fold_to_three_bet_chance_and_a_flat_is_a_chance_missed() -> None:
    # Btn opens, Sb calls (a 3-bet chance missed), Bb 3-bets, Btn 4-bets (it faced the 3-bet:
    # a chance not to fold), Sb faces three raises and folds, Bb calls.
    found = _counts("'p3 cbr 6', 'p1 cc', 'p2 cbr 20', 'p3 cbr 60', 'p1 f', 'p2 cc'")
    assert found == {
        "Sb": {"three_bet_chances": 1},
        "Bb": {"three_bet_chances": 1, "three_bets": 1},
        "Btn": {"fold_to_three_bet_chances": 1},
    }


def test_a_donk_bet_is_no_c_bet_chance_and_a_check_is_one_missed() -> None:
    donk = _counts("'p3 cbr 6', 'p1 cc', 'p2 f', 'd db AhKd2c', 'p1 cbr 6', 'p3 f'")
    assert donk == {"Sb": {"three_bet_chances": 1}, "Bb": {"three_bet_chances": 1}, "Btn": {}}
    checked = _counts("'p3 cbr 6', 'p1 f', 'p2 cc', 'd db AhKd2c', 'p2 cc', 'p3 cc', 'd db 5c'")
    assert checked["Btn"] == {"cbet_chances": 1}


def test_a_raise_after_the_c_bet_takes_the_chance_from_those_after_it() -> None:
    # Btn opens, both blinds call; flop: checks to Btn, who c-bets; Sb raises; Bb faces a raise.
    found = _counts(
        "'p3 cbr 6', 'p1 cc', 'p2 cc', 'd db AhKd2c', 'p1 cc', 'p2 cc', 'p3 cbr 8', "
        "'p1 cbr 30', 'p2 f', 'p3 f'"
    )
    assert found["Sb"] == {"three_bet_chances": 1, "fold_to_cbet_chances": 1}
    assert found["Bb"] == {"three_bet_chances": 1}
    assert found["Btn"] == {"cbet_chances": 1, "cbets": 1}


def test_the_figures_are_the_shares_of_the_chances() -> None:
    hands = [
        "'p3 cbr 6', 'p1 cbr 18', 'p2 f', 'p3 cc', 'd db AhKd2c', 'p1 cbr 20', 'p3 f'",
        "'p3 cbr 6', 'p1 cc', 'p2 f', 'd db AhKd2c', 'p1 cc', 'p3 cc', 'd db 5c', 'p1 cc', "
        "'p3 cc', 'd db 9d', 'p1 cc', 'p3 cc', 'p1 sm 7h7s', 'p3 sm 8h8s'",
    ]
    results = [replay(parse_phh(THREE.format(actions=a, stacks="100, 100, 100"))) for a in hands]
    sb, btn = (player_stats(results, player=name)[0] for name in ("Sb", "Btn"))
    assert (sb.three_bet, sb.cbet, sb.fold_to_three_bet) == (0.5, 1.0, 0.0)
    assert (btn.cbet, btn.fold_to_three_bet, btn.fold_to_cbet) == (0.0, 0.0, 1.0)
    assert btn.as_json()["cbet"] == 0.0 and sb.as_json()["three_bet"] == 0.5


def test_without_the_actions_of_every_hand_the_figures_are_unknown() -> None:
    import numpy as np

    from pokerscore.histories.stats import StatsTally

    tally = StatsTally()
    tally.add_totals(["Ann"], np.array([[3, 1, 1, 1, 0, 0]]), np.zeros((1, 4)))
    (ann,) = tally.stats()
    assert ann.hands == 3 and ann.three_bet is None and "cbet" not in ann.as_json()


@pytest.mark.parametrize("name", ["three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet"])
def test_each_figure_is_defined_in_the_docs(name: str) -> None:
    from pathlib import Path

    text = (Path(__file__).parents[2] / "README.md").read_text()
    heading = {"three_bet": "3-bet", "fold_to_three_bet": "fold to 3-bet", "cbet": "c-bet",
               "fold_to_cbet": "fold to c-bet"}[name]  # fmt: skip
    assert f"**{heading}**" in text


def test_histories_shows_the_four_on_the_kernels_path_as_on_the_reference_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json

    from pokerscore.histories.parts import REFERENCE_ONLY
    from tests.histories.test_runs import DATA, run_command

    status, stdout, _ = run_command(str(DATA / "actions.phhs"), "--json")
    fast = json.loads(stdout)["players"]
    assert status == 0 and {"three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet"} <= set(
        fast[0]
    )  # the kernels' counts (issue 28 §1: none before)
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    status, stdout, _ = run_command(str(DATA / "actions.phhs"), "--json")
    assert status == 0 and json.loads(stdout)["players"] == fast


def test_a_board_run_twice_is_a_flop_seen_so_wtsd_never_passes_one() -> None:
    """WTSD is showdowns per flop seen. A preflop all-in run twice deals its flops as runs of the
    board: each player still in saw a flop (the first hand of the fixture: Alice and Cara went
    all in and showed down twice, Bob folded). Before the fix the runs set no flop seen, and
    Alice's WTSD over the fixture's three hands was 200 %."""
    from pokerscore.histories.pokerstars import read_pokerstars

    path = Path(__file__).parents[1] / "data" / "histories" / "pokerstars-shapes.txt"
    first = next(iter(read_pokerstars(path)))
    assert not isinstance(first, Exception)
    players = replay(first).players  # in the table's order from the small blind: Bob, Cara, Alice
    assert [player.saw_flop for player in players] == [False, True, True]
    assert [player.went_to_showdown for player in players] == [False, True, True]


def _block(rng: random.Random, pool: list[str], rows: int) -> tuple[list[str], TallyRows]:
    """A block of rows: players drawn from ``pool``, random nets, flags and action flags."""
    import numpy as np

    from pokerscore.histories._stats_kernels import TallyRows

    players = [rng.choice(pool) for _ in range(rows)]
    net = np.array([rng.uniform(-50, 50) for _ in range(rows)])
    adjusted = np.where(np.array([rng.random() < 0.1 for _ in range(rows)]), net * 0.7, net)
    big = np.array([rng.choice([0.0, 1.0, 2.0, 0.25]) for _ in range(rows)])
    flags = np.array([rng.randrange(64) for _ in range(rows)], dtype=np.int64)
    taken = np.array([rng.randrange(256) for _ in range(rows)], dtype=np.uint8)
    return players, TallyRows(np.zeros(0, dtype=np.int64), net, adjusted, big, flags, taken)


def test_a_block_found_by_its_names_bytes_tallies_as_by_its_names() -> None:
    """``StatsTally.add_block`` (the run's players found by their UTF-8 bytes, one
    ``PlayerNames`` shared by the tallies of a run's parts) against ``add_rows`` (by Python
    strings): the same players in the same order, the same counts and the same float sums,
    over blocks that bring new players (past the index's first sizes), names already in a
    tally from a hand replayed the reference way, and names outside ASCII."""
    import numpy as np
    import pyarrow as pa

    from pokerscore.histories.stats import PlayerNames, StatsTally

    rng = random.Random(5)
    pool = ["Zoë", "Łukasz", "名人", "", "Btn"] + [f"player{k}" for k in range(3000)]
    names = PlayerNames()
    for part in range(3):
        by_strings, by_bytes = StatsTally(), StatsTally()
        if part == 1:  # a player the reference path added first
            hand = parse_phh(THREE.format(actions="'p3 cbr 6', 'p1 f', 'p2 f'", stacks="9, 9, 9"))
            by_strings.add(replay(hand))
            by_bytes.add(replay(hand))
        for size in (10, 2000, 5000):
            players, rows = _block(rng, pool[: 200 + part * 1400], size)
            unique = list(dict.fromkeys(players))
            codes = np.array([unique.index(player) for player in players], dtype=np.int64)
            by_strings.add_rows(unique, rows._replace(codes=codes))
            by_bytes.add_block(names, pa.array(players, type=pa.string()), rows)
        size = len(by_strings.names)
        assert by_bytes.names == by_strings.names
        assert by_bytes.index == by_strings.index
        assert (by_bytes.counts[:size] == by_strings.counts[:size]).all()
        assert (by_bytes.actions[:size] == by_strings.actions[:size]).all()
        assert by_bytes.sums[:size].tobytes() == by_strings.sums[:size].tobytes()
    assert len(names.names) == len(set(names.names)) <= len(pool)
