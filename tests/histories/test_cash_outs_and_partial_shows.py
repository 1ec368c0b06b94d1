"""Cash-outs (PokerStars' ``cashed out the hand``, GGPoker's EV cash-out) and hands shown in part
in the compiled replay: the fixture's cash-out and random all-in hands with a cash-out added, and
random hands whose shows or deals are made partial, give what the reference replay
(``table_replay``, the ``_Table`` oracle) gives, result for result, all-in EV for all-in EV and
message for message. Each was left to the reference before (the converter gave None for a
cash-out, the kernel refused a hand shown in part ``PARTLY_SHOWN``)."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.phh import parse_phh
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import engine_result, exact_allin_evs
from tests.histories.test_boards_run_twice import BETTING
from tests.histories.test_engine_results import _reference_evs
from tests.reference_replay import table_replay

DATA = Path(__file__).parents[1] / "data" / "histories"


def _same(hand: HandHistory) -> HandResult | str:
    """The compiled replay's outcome of ``hand``, asserted equal to the reference's."""
    try:
        reference: HandResult | str = table_replay(hand, True)
    except HandHistoryError as error:
        reference = str(error)
    try:
        mine = engine_result(hand, True)
    except HandHistoryError as error:
        mine = str(error)  # type: ignore[assignment]
    assert mine is not None, "the compiled replay leaves the hand to the reference"
    assert mine == reference, hand.number
    if isinstance(mine, HandResult):
        assert mine.disagreements == reference.disagreements  # type: ignore[union-attr]
        assert exact_allin_evs(hand) == _reference_evs(hand)
    return mine


def test_the_fixtures_cash_out_is_the_compiled_replays() -> None:
    """Bob cashes out for $40.50 (fee $0.41) when all in on the turn, then loses the pot."""
    hand = next(h for h in read_histories(DATA / "pokerstars-shapes.txt") if h.number == 2)
    assert hand.cash_outs
    result = _same(hand)
    assert isinstance(result, HandResult)
    bob = next(player for player in result.players if player.player == "Bob")
    assert (bob.won, bob.rake_paid, bob.net) == (40.5, 0.41, 40.5 - 96.5 - 3)


def _random_hands(count: int, seed: int | None = None) -> list[HandHistory]:
    """The shared random hands (``random_hands``: pokerkit plays them and the all-in EVs are
    enumerated once a process for every test replaying them), or a seed's own."""
    from tests.histories_random import random_hands

    return [
        parse_phh(text, file="random", number=number)
        for number, (text, _) in enumerate(random_hands(count, seed=seed), 1)
    ]


@pytest.mark.slow
@pytest.mark.xdist_group("random hands")  # tests.histories_random.random_hands
def test_random_all_in_hands_with_a_cash_out_are_the_references() -> None:
    rng = random.Random(32)
    played = 0
    for hand in _random_hands(300):
        last_bet = max((k for k, a in enumerate(hand.actions) if a.kind in BETTING), default=-1)
        if not any(a.kind == "deal-board" for a in hand.actions[last_bet + 1 :]):
            continue  # no all-in before the river
        folded = {a.actor for a in hand.actions if a.kind == "fold"}
        live = [i for i in range(len(hand.seats)) if i not in folded]
        seat = rng.choice(live)
        total = sum(seat.stack for seat in hand.seats)
        amount, fee = rng.randint(0, total // 2), rng.choice([0, 1, rng.randint(0, 50)])
        if rng.random() < 0.3:  # the site's winnings, the cash-out among them
            winnings = [0] * len(hand.seats)
            winnings[seat] = amount
            hand = dataclasses.replace(hand, winnings=tuple(winnings), finishing_stacks=None)
        cashed = dataclasses.replace(hand, cash_outs=((seat, amount, fee),))
        played += isinstance(_same(cashed), HandResult)
    assert played >= 30


def _partly(hand: HandHistory, rng: random.Random) -> HandHistory | None:
    """``hand`` with one shown hand shown in part, or dealt in part and shown whole, or both."""
    actions = list(hand.actions)
    shows = [
        k for k, a in enumerate(actions) if a.kind == "show" and a.cards and None not in a.cards
    ]
    if not shows:
        return None
    at = rng.choice(shows)
    show = actions[at]
    deal = next(
        (k for k, a in enumerate(actions) if a.kind == "deal-hole" and a.actor == show.actor),
        None,
    )
    how = rng.choice(["shown in part", "dealt in part", "both"])
    if how != "dealt in part":
        hidden = rng.randrange(len(show.cards))
        cards = tuple(None if k == hidden else c for k, c in enumerate(show.cards))
        actions[at] = dataclasses.replace(show, cards=cards)
    if how != "shown in part" and deal is not None:
        dealt = actions[deal]
        hidden = rng.randrange(len(dealt.cards))
        cards = tuple(None if k == hidden else c for k, c in enumerate(dealt.cards))
        actions[deal] = dataclasses.replace(dealt, cards=cards)
    return dataclasses.replace(hand, actions=tuple(actions))


@pytest.mark.slow
@pytest.mark.xdist_group("random hands")  # tests.histories_random.random_hands
def test_random_hands_shown_in_part_are_the_references() -> None:
    rng = random.Random(33)
    played = 0
    for hand in _random_hands(300):
        partly = _partly(hand, rng)
        if partly is not None:
            played += isinstance(_same(partly), HandResult)
    assert played >= 30


HALF, WHOLE = Fraction(1, 2), Fraction(1)
PARTLY = {
    # hold'em: p2 shows a five of two; with the board it makes p1's straight, nine high: a tie
    # (the kernel judged a hand not seen whole on the board alone, which p1's straight beats)
    "a card shown makes the tie": ("NT", ("5c4d", "5h??"), "9s8d7h6c2s", {0: HALF, 1: HALF}),
    # a hand not seen whole only ever ties (the reference's rule): p2's ace does not win
    "a card shown over the winner only ties": ("NT", ("2c3d", "Ah??"), "KsQdJh7c4s", {0: WHOLE}),
    "omaha, shown in part, cannot win": ("PO", ("2c3d4h5s", "AhAd????"), "9s8d7h6cTs", {0: WHOLE}),
}
"""The variant, the shows, the board and the pot's shares by seat, from the rules."""


def _shown(variant: str, holes: tuple[str, str], board: str) -> HandHistory:
    unseen = "????" if variant == "NT" else "????????"
    text = "\n".join(
        [
            f"variant = '{variant}'",
            "antes = [0, 0]",
            "blinds_or_straddles = [1, 2]",
            "min_bet = 2",
            "starting_stacks = [100, 100]",
            "actions = [",
            f"  'd dh p1 {unseen}', 'd dh p2 {unseen}', 'p2 cc', 'p1 cc',",
            f"  'd db {board[:6]}', 'p1 cc', 'p2 cc',",
            f"  'd db {board[6:8]}', 'p1 cc', 'p2 cc',",
            f"  'd db {board[8:]}', 'p1 cc', 'p2 cc',",
            f"  'p1 sm {holes[0]}', 'p2 sm {holes[1]}',",
            "]",
        ]
    )
    return parse_phh(text, file="partly", number=1)


@pytest.mark.parametrize("case", PARTLY, ids=str)
def test_hands_shown_in_part_are_judged_as_the_reference_judges_them(case: str) -> None:
    variant, holes, board, shares = PARTLY[case]
    result = _same(_shown(variant, holes, board))
    assert isinstance(result, HandResult)
    (pot,) = result.pots
    assert dict(pot.shares) == shares
    assert [found.kind for found in result.disagreements] == ["unjudged"]
