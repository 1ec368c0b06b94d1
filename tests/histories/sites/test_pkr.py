"""The PKR reader: fixture hands written in PKR's format (results worked out by hand from the
rules), the shared sample of real files, the sniff, the site's own totals and hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.pkr import read_pkr
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "pkr"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_pkr(path))


def test_a_cash_hand_reads_seats_posts_calls_and_the_sites_record() -> None:
    hand = _hands()[0]
    assert isinstance(hand, HandHistory)
    # the button is the one "Moving Button to seat 1" names; Dee is away with $0: not dealt in
    assert [(s.name, s.seat, s.stack, s.blind) for s in hand.seats] == [
        ("Bob", 2, 200, 2), ("Cy", 3, 150, 4), ("Eve", 5, 300, 4), ("Ann", 1, 400, 0),
    ]  # fmt: skip
    assert not hand.seats[2].in_turn  # Eve's post on joining is a big blind out of turn
    moves = [(a.kind, a.actor, a.amount, a.all_in) for a in hand.actions if a.kind in ("check-call", "bet-raise")]  # fmt: skip
    # "calls $0.40" is the bet called: Cy adds 0.36 to his big blind, Eve 0.28 to her 0.12
    assert moves == [
        ("bet-raise", 2, 12, False), ("bet-raise", 3, 40, False), ("check-call", 1, 36, False),
        ("check-call", 2, 28, False), ("check-call", 1, 0, False), ("bet-raise", 2, 50, False),
        ("bet-raise", 3, 360, True), ("check-call", 1, 110, True),
    ]  # fmt: skip
    assert (hand.total_pot, hand.rake, hand.returned) == (392, 19, ((3, 250, 38),))
    # the stacks after the hand, Bob's rebuy during the hand taken off
    assert hand.finishing_stacks == (198, 0, 210, 623)
    assert (hand.time, hand.hand_id, hand.currency) == ("2012-06-11T21:38:10", "5001", "USD")


def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    results = [replay(hand) for hand in _hands()[:2] if isinstance(hand, HandHistory)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Ann's aces beat Cy's kings all in on the flop; her 2.50 over Cy's stack comes back
        {"Ann": 2.23, "Bob": -0.02, "Cy": -1.5, "Eve": -0.9},
        # both wheels and both A-2-3-4-5 lows: four quarters of a 12.00 pot less 0.40 rake
        {"Ann": -0.2, "Bob": -0.2},
    ]
    assert [r.rake for r in results] == pytest.approx([0.19, 0.4])
    assert all(not result.disagreements for result in results)


def test_an_end_stack_that_does_not_add_up_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text((DATA / "hands.txt").read_text().replace("Ann - $6.23", "Ann - $6.33"))
    result = replay(next(h for h in _hands(path) if isinstance(h, HandHistory)))
    assert [d.kind for d in result.disagreements] == ["finishing-stacks"]


def test_another_game_is_refused_with_its_place_and_reason() -> None:
    error = _hands()[2]
    assert isinstance(error, HandHistoryError)
    assert error.hand == 3 and "7 CARD STUD is not replayed here yet" in error.reason


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("PKR")
    assert counts.formats == {"pkr"}
    assert counts.replayed == 50
    # the 2012 cash file starts in the middle of a hand: its first lines belong to no hand
    assert counts.refused == [
        "NLHE-10max-USD-0.02-0.04-201206.txt, hand None: text before the first hand"
    ]
    assert counts.disagreements == []
