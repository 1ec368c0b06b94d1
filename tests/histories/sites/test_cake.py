"""The Cake Poker reader: fixture hands written in Cake's format (results worked out by hand from
the rules), the shared sample of real files, the sniff and hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.cake import read_cake
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "cake"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_cake(path))


def test_a_cash_hand_reads_seats_actions_and_the_sites_record() -> None:
    hand = _hands()[0]
    assert isinstance(hand, HandHistory)
    assert [(s.name, s.seat, s.stack, s.blind) for s in hand.seats] == [
        ("Cy Dé", 8, 1000, 5), ("Ann", 2, 200, 10), ("Bob", 3, 1000, 0),
    ]  # fmt: skip
    moves = [(a.kind, a.actor, a.amount, a.all_in) for a in hand.actions if a.kind in ("check-call", "bet-raise")]  # fmt: skip
    # "is all in $1.20" after a bet of 0.50 facing a raise to 4: a call all in for less
    assert moves == [
        ("bet-raise", 2, 30, False), ("check-call", 0, 25, False), ("check-call", 1, 20, False),
        ("check-call", 0, 0, False), ("bet-raise", 1, 50, False), ("bet-raise", 2, 400, False),
        ("check-call", 1, 120, True),
    ]  # fmt: skip
    assert (hand.returned, hand.winnings) == (((2, 230, 17),), (0, 0, 410))
    assert (hand.time, hand.currency, hand.hand_id) == (
        "2011-08-28T00:53:30",
        "USD",
        "1000000000000001",
    )


def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    results = [replay(hand) for hand in _hands()[:4] if isinstance(hand, HandHistory)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Bob's kings beat Ann's mucked queens: a 4.30 pot, 4.10 paid, 2.30 of his raise back
        {"Ann": -2.0, "Bob": 2.1, "Cy Dé": -0.3},
        # a tournament walk: the site returns the big blind's unmatched 10 and pays the 20 pot
        {"Ann": -10.0, "Bob": 10.0},
        # a euro table: dollars of chips, a decimal comma ("$1,50"): Cy's raise is not called
        {"Ann": 0.0, "Bob": -0.5, "Cy": 0.5},
        # a cash walk: the site pays the blinds whole (no return written), the replay nets 0.05
        {"Ann": -0.05, "Bob": 0.05},
    ]
    assert [r.rake for r in results] == pytest.approx([0.2, 0.0, 0.0, 0.0])
    assert all(not result.disagreements for result in results)
    tournament, euros, walk = results[1].hand, results[2].hand, results[3].hand
    assert (tournament.tournament, tournament.currency, tournament.big_blind) == (
        "10651074",
        None,
        20,
    )
    assert (euros.currency, euros.small_blind, euros.big_blind) == ("USD", 25, 50)
    assert walk.winnings is None and walk.returned is None


def test_a_payout_that_does_not_add_up_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text((DATA / "hands.txt").read_text(encoding="utf-8-sig").replace("$4.10", "$4.50"))
    result = replay(next(h for h in _hands(path) if isinstance(h, HandHistory)))
    assert [d.kind for d in result.disagreements] == ["winnings"]


def test_another_game_is_refused_with_its_place_and_reason() -> None:
    error = _hands()[4]
    assert isinstance(error, HandHistoryError)
    assert (error.hand, error.line) == (5, 71) and "Razz is not replayed here yet" in error.reason


def test_the_shared_sample_reads_every_hand() -> None:
    counts = sample_counts("Cake")
    assert counts.formats == {"cake"}
    assert (counts.replayed, counts.refused, counts.disagreements) == (23, [], [])
