"""The BetOnline reader (and its skins PayNoRake and Gear Poker): fixture hands written in their
format (results worked out by hand from the rules), the shared sample of real files, the sniff
and hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.betonline import read_betonline
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "betonline"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_betonline(path))


def test_a_tournament_hand_reads_seats_actions_and_the_summary_board() -> None:
    hand = _hands()[0]
    assert isinstance(hand, HandHistory)
    assert [(s.name, s.seat, s.stack, s.blind) for s in hand.seats] == [
        ("Bob", 0, 500, 10), ("Cy", 1, 1000, 20), ("Dee", 2, 1000, 0), ("Ann", 9, 1000, 0),
    ]  # fmt: skip
    moves = [(a.kind, a.actor, a.amount, a.all_in) for a in hand.actions if a.kind in ("check-call", "bet-raise")]  # fmt: skip
    assert moves == [
        ("bet-raise", 3, 60, False),
        ("bet-raise", 0, 500, True),
        ("check-call", 3, 440, False),
    ]
    # the turn and river are written only in the summary's board: dealt after the play
    assert [len(a.cards) for a in hand.actions if a.kind == "deal-board"] == [3, 1, 1]
    assert (hand.tournament, hand.currency, hand.total_pot) == ("3427473", None, 1020)
    assert hand.time == "2011-08-07T16:02:00-04:00"  # Eastern Daylight Time, from tzdata


def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    results = [replay(hand) for hand in _hands()[:3] if isinstance(hand, HandHistory)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Ann's ace on the turn beats Bob's queens all in preflop
        {"Ann": 520.0, "Bob": -500.0, "Cy": -20.0, "Dee": 0.0},
        # PayNoRake: Cy, "sitting out", posts and plays; pot 3.00 written after its 0.15 rake
        {"Bob": -1.5, "Cy": 1.35},
        # Gear Poker: seats run the other way (Cy at 8 is the small blind, Bob at 7 the big)
        {"Ann": -40.0, "Bob": 50.0, "Cy": -10.0, "Dee": 0.0},
    ]
    assert [r.rake for r in results] == pytest.approx([0.0, 0.15, 0.0])
    assert all(not result.disagreements for result in results)
    paynorake, gear = results[1].hand, results[2].hand
    assert (paynorake.site, paynorake.currency, paynorake.total_pot) == ("PayNoRake", "USD", 300)
    assert paynorake.time == "2012-06-07T08:58:00+01:00"  # "GMT Standard Time" is London's: BST
    assert [(s.name, s.seat) for s in gear.seats] == [("Cy", 8), ("Bob", 7), ("Ann", 0), ("Dee", 9)]
    assert gear.returned is None and gear.currency is None


def test_a_payout_that_does_not_add_up_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text(
        (DATA / "hands.txt").read_text().replace("collected (2.85)", "collected (2.95)")
    )
    result = replay(_hands(path)[1])  # type: ignore[arg-type]
    assert [d.kind for d in result.disagreements] == ["winnings"]


def test_stud_is_refused_with_its_place_and_reason() -> None:
    error = _hands()[3]
    assert isinstance(error, HandHistoryError)
    assert (error.hand, error.line) == (
        4,
        87,
    ) and "7 Card Stud is not replayed here yet" in error.reason


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("BetOnline")
    assert counts.formats == {"betonline"}
    assert counts.replayed == 18
    assert counts.refused == [
        # Gear Poker writes no board for a hand all in before the flop: it cannot be judged
        "NLHE-10max-play-10-20-201204.GearPoker.txt, hand 2: all in before the flop, but the site writes no board",
        # the engine refuses an all-in raise of 5 nobody can call (the site returns it): the
        # engine's rule, reported, not patched here
        "NLHE-10max-USD-MTT-2011-08.nobuyinfee.txt, hand 17: Player21 raises when every other player has folded or is all in",
    ]
    assert counts.disagreements == []
