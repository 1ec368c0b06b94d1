"""Boards run more than once (run it twice, GGPoker's three times) in the compiled replay: every
such hand of the fixtures and the shared files, and random all-in hands whose board is dealt again
as runs, give what the reference replay (``table_replay``, the ``_Table`` oracle) gives, result
for result (each run's board, each pot split between the runs), all-in EV for all-in EV and
message for message."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from pathlib import Path

import pytest

from pokerscore.cards import Card, parse_cards
from pokerscore.histories.model import Action, HandHistory, HandResult
from pokerscore.histories.phh import parse_phh
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import (
    engine_result,
    exact_allin_evs,
    game_named,
    replay,
)
from tests.histories.test_engine_results import _outcome, _reference_evs
from tests.reference_replay import table_replay
from tests.shared_sample import HAND_HISTORIES, if_here, needs_sample

SHARED = HAND_HISTORIES
DATA = Path(__file__).parents[1] / "data" / "histories"
RUN_FILES = (
    DATA / "pokerstars-shapes.txt",
    DATA / "sites" / "ggpoker" / "cash.txt",
    *if_here(
        SHARED / "sites" / "GGPoker" / "cash" / "NL-ShortDeck-5max-USD-100-202104.internal.txt"
    ),
)
BETTING = ("fold", "check-call", "bet-raise", "bring-in")


def _same(hand: HandHistory) -> HandResult | str:
    """The compiled replay's outcome of ``hand``, asserted equal to the reference's."""
    reference = _outcome(lambda: table_replay(hand, True))
    mine = _outcome(lambda: engine_result(hand, True))
    assert mine is not None, "the compiled replay leaves the hand to the reference"
    assert mine == reference, hand.number
    if isinstance(mine, HandResult):
        assert exact_allin_evs(hand) == _reference_evs(hand)
    return mine


def _run_hands() -> list[HandHistory]:
    hands = []
    for path in RUN_FILES:
        for hand in read_histories(path):
            if isinstance(hand, HandHistory) and any(a.runout for a in hand.actions):
                hands.append(hand)
    return hands


@needs_sample
def test_the_run_hands_of_the_files_are_the_compiled_replays() -> None:
    """They were the reference replay's (the converter gave None for a board run twice)."""
    hands = [hand for hand in _run_hands() if not hand.cash_outs]
    assert len(hands) >= 3
    runs = set()
    for hand in hands:
        result = _same(hand)
        assert isinstance(result, HandResult)
        runs.add(len(result.boards))
    assert runs == {2}  # no hand of the files runs three times: the random hands below do


def test_a_pot_split_between_two_runs() -> None:
    """PokerStars' run twice of the fixture: the aces win the first run, the kings the second,
    so each takes half the pot (worked out by hand from the boards)."""
    hand = next(h for h in read_histories(DATA / "pokerstars-shapes.txt") if h.number == 1)
    result = engine_result(hand, True)
    assert result is not None
    assert [" ".join(map(str, board)) for board in result.boards] == [
        "2c 7d 9h Jc 3s",
        "Kd Kh 4c 5d Kc",
    ]
    (pot,) = result.pots
    shares = {hand.seats[seat].name: share for seat, share in pot.shares}
    assert pot.amount == 10050 and shares == {"Alice": Fraction(1, 2), "Cara": Fraction(1, 2)}


def _with_runs(hand: HandHistory, rng: random.Random, runs: int) -> HandHistory | None:
    """``hand`` (an all-in before the river) with the rest of its board dealt ``runs`` times,
    fresh cards for each run; None for a hand without such an all-in."""
    actions = hand.actions
    last_bet = max((k for k, a in enumerate(actions) if a.kind in BETTING), default=-1)
    rest = actions[last_bet + 1 :]
    if not any(a.kind == "deal-board" for a in rest):
        return None
    common = [card for a in actions[: last_bet + 1] if a.kind == "deal-board" for card in a.cards]
    known = {card for a in actions for card in a.cards if card is not None}
    deck = [Card(card) for card in game_named(hand.game).deck if Card(card) not in known]
    rng.shuffle(deck)
    dealt: list[Action] = []
    for run in range(1, runs + 1):
        size = len(common)
        while size < 5:
            count = 3 if size == 0 else 1
            cards = tuple(deck.pop() for _ in range(count))
            dealt.append(Action("deal-board", cards=cards, runout=run))
            size += count
    shows = [a for a in rest if a.kind != "deal-board"]
    return dataclasses.replace(hand, actions=(*actions[: last_bet + 1], *dealt, *shows))


@pytest.mark.slow
def test_random_hands_run_twice_and_three_times_are_the_references() -> None:
    from tests.histories_random import random_hand

    rng = random.Random(31)
    played = 0
    for number in range(1, 400):
        text, _ = random_hand(rng)
        hand = parse_phh(text, file="random", number=number)
        runs = _with_runs(hand, rng, rng.choice([2, 2, 3]))
        if runs is None:
            continue
        played += isinstance(_same(runs), HandResult)
        if played >= 60:
            break
    assert played >= 60


def _broken(change: str) -> HandHistory:
    """The fixture's run twice, broken as ``change`` says."""
    hand = next(h for h in read_histories(DATA / "pokerstars-shapes.txt") if h.number == 1)
    actions = list(hand.actions)
    flops = [k for k, a in enumerate(actions) if a.kind == "deal-board" and a.runout]
    if change == "no all-in":  # the calls all in made calls of less
        call = next(k for k, a in enumerate(actions) if a.kind == "check-call")
        raised = max(k for k, a in enumerate(actions) if a.kind == "bet-raise")
        actions[raised] = dataclasses.replace(actions[raised], amount=4000, all_in=False)
        actions[call] = dataclasses.replace(actions[call], amount=None, all_in=False)
    elif change == "the one board after the runs":
        actions.insert(flops[-1] + 1, Action("deal-board", cards=(parse_cards("2d")[0],)))
    elif change == "a card on both runs":
        second_flop = flops[3]
        cards = (actions[flops[0]].cards[0], *actions[second_flop].cards[1:])
        actions[second_flop] = dataclasses.replace(actions[second_flop], cards=cards)
    elif change == "two cards on a turn":
        turn = flops[1]
        actions[turn] = dataclasses.replace(
            actions[turn], cards=(parse_cards("2d")[0], parse_cards("3d")[0])
        )
    elif change == "a run without its river":
        del actions[flops[-1]]
    return dataclasses.replace(hand, actions=tuple(actions), winnings=None, rake=None)


@pytest.mark.parametrize(
    "change",
    [
        "no all-in",
        "the one board after the runs",
        "a card on both runs",
        "two cards on a turn",
        "a run without its river",
    ],
)
def test_broken_runs_are_refused_as_the_reference_refuses_them(change: str) -> None:
    hand = _broken(change)
    assert isinstance(_same(hand), str)


def test_the_replayer_steps_a_board_run_twice() -> None:
    """Each run's board as it is dealt, and who won each run's share (the reference table
    stepped the hand before, its one board the common cards, no runs)."""
    from pokerscore.histories.steps import replay_steps

    hand = next(h for h in read_histories(DATA / "pokerstars-shapes.txt") if h.number == 1)
    steps = list(replay_steps(hand))
    first_flop = next(step for step in steps if step.runs)
    assert [" ".join(map(str, run)) for run in first_flop.runs] == ["2c 7d 9h"]
    last = steps[-1]
    assert [" ".join(map(str, run)) for run in last.runs] == [
        "2c 7d 9h Jc 3s",
        "Kd Kh 4c 5d Kc",
    ]
    # the pot of 100.50 split between the runs: Alice (the aces, seat 3) wins the first half,
    # Cara (four kings, seat 2) the second; Bob folded
    assert last.run_won == ((0.0, 0.0, 50.25), (0.0, 50.25, 0.0))
    assert "run 1: Alice 50.25" in last.text and "run 2: Cara 50.25" in last.text


def test_a_pot_split_nine_ways_on_a_run_of_three_is_the_compiled_replays() -> None:
    """Nine players all in, the first of three runs a royal flush on the board: each one's
    ninth of a third of the pot, a 27th, is a whole count of the kernel's 1/DEN shares (DEN =
    30240 = 27 x 1120; it was left to the reference while DEN was 10080 = 9 x 1120, a
    ``RUN_SHARES_INEXACT`` refusal), and equal to the reference replay's exact fractions."""
    holes = ["2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "7c7d", "8c8d", "9c9d", "TcTd"]
    text = "\n".join(
        [
            "variant = 'NT'",
            f"antes = {[0] * 9}",
            f"blinds_or_straddles = {[1, 2] + [0] * 7}",
            "min_bet = 2",
            f"starting_stacks = {[100] * 9}",
            "actions = [",
            *(f"  'd dh p{i + 1} {hole}'," for i, hole in enumerate(holes)),
            "  'p3 cbr 100',",
            *(f"  'p{i} cc'," for i in (4, 5, 6, 7, 8, 9, 1, 2)),
            "  'd db AsKsQs',",
            "]",
        ]
    )
    hand = parse_phh(text, file="nine", number=1)
    boards = ("AsKsQsJsTs", "2hAhKcQdJh", "3h8hKdQc4s")
    runs = tuple(
        Action("deal-board", cards=tuple(parse_cards(board[at : at + width])), runout=run)
        for run, board in enumerate(boards, 1)
        for at, width in ((0, 6), (6, 2), (8, 2))
    )
    hand = dataclasses.replace(hand, actions=(*hand.actions[:-1], *runs))
    result = _same(hand)
    assert isinstance(result, HandResult) and result == replay(hand)
    (pot,) = result.pots
    # p1: a ninth of the first run; p9 (the straight) the second run and a ninth of the first;
    # p7 (trip eights) the third run and a ninth of the first
    shares = dict(pot.shares)
    third = Fraction(1, 3)
    assert shares[0] == third / 9 and shares[8] == third + third / 9 and shares[6] == third * 10 / 9
