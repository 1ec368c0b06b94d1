"""The Betfair reader: fixture hands written in Betfair's format (results worked out by hand
from the rules), the sniff and a bad hand's place. The shared sample has no
Betfair file (the hidden set has one)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import file_format_of
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.betfair import read_betfair
from tests.histories.sites.site_runs import nets

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "betfair"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_betfair(path))


def test_a_hand_reads_its_seats_stakes_time_and_raises_as_written() -> None:
    hand = _hands()[0]
    assert isinstance(hand, HandHistory)
    # Dee ($0) sits out and is not dealt in; order from the button's left
    assert [(s.name, s.seat, s.stack, s.blind) for s in hand.seats] == [
        ("Bob", 2, 200, 5), ("Cy Dé", 3, 650, 10), ("Ann", 1, 1000, 0),
    ]  # fmt: skip
    assert (hand.variant, hand.currency, hand.site) == ("NT", "USD", "Betfair")
    assert (hand.table, hand.hand_id) == ("Fixture 7", "200000001")
    assert hand.time == "2010-03-06T21:14:07+00:00"
    moves = [
        (a.kind, a.actor, a.amount, a.all_in)
        for a in hand.actions
        if a.kind in ("check-call", "bet-raise")
    ]
    # "raises to" is the whole bet, "calls" the chips added; "goes all-in" marks the next act
    assert moves == [
        ("bet-raise", 2, 30, False), ("bet-raise", 0, 200, True), ("check-call", 1, 190, False),
        ("bet-raise", 2, 650, False), ("check-call", 1, 450, True),
    ]  # fmt: skip
    assert hand.returned is None  # Betfair writes no returned bet


def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    first, second = (h for h in _hands()[:2] if isinstance(h, HandHistory))
    results = [replay(first), replay(second)]
    assert [nets(result) for result in results] == [
        # Bob's set takes the main pot (3 x 2 = 6); Ann's kings the side pot (2 x 4.50 = 9)
        # less 0.75 of rake: Ann 8.25 - 6.50, Bob 6 - 2, Cy loses his 6.50
        {"Bob": 4.0, "Cy Dé": -6.5, "Ann": 1.75},
        # Dee's small & big blinds: 0.10 live, 0.05 dead; Ann's flop bet of 0.80 comes back
        # and she wins the 0.90 pot (0.05 + 0.35 + 0.35 + 0.15) less 0.05 of rake
        {"Bob": -0.05, "Eve": -0.35, "Dee": -0.15, "Ann": 0.5},
    ]
    assert [result.rake for result in results] == pytest.approx([0.75, 0.05])
    assert all(not result.disagreements for result in results)
    assert [(s.name, s.ante, s.blind) for s in second.seats][2] == ("Dee", 5, 10)


def test_razz_is_refused_by_name_and_a_wrong_payout_is_a_disagreement(tmp_path: Path) -> None:
    error = _hands()[2]
    assert isinstance(error, HandHistoryError)
    assert (error.hand, error.line) == (3, 61)
    assert "Razz is not replayed here yet" in error.reason
    path = tmp_path / "wrong.txt"
    path.write_text((DATA / "hands.txt").read_text().replace("wins $8.25", "wins $9.25"))
    hand = _hands(path)[0]
    assert isinstance(hand, HandHistory)
    assert [d.kind for d in replay(hand).disagreements] == ["winnings"]


def test_a_payout_holding_the_bet_nobody_called_is_taken_back(tmp_path: Path) -> None:
    """Were the site to pay Ann's flop bet of 0.80 back inside her win (1.65, more than the
    0.90 pot), the same results: the bet taken back, the pot won less its rake."""
    path = tmp_path / "held.txt"
    path.write_text((DATA / "hands.txt").read_text().replace("wins $0.85", "wins $1.65"))
    hand = _hands(path)[1]
    assert isinstance(hand, HandHistory) and hand.winnings == (0, 0, 0, 85)
    result = replay(hand)
    assert nets(result) == {"Bob": -0.05, "Eve": -0.35, "Dee": -0.15, "Ann": 0.5}
    assert not result.disagreements


def test_a_hand_without_its_end_line_is_refused_with_its_place(tmp_path: Path) -> None:
    text = (DATA / "hands.txt").read_text()
    path = tmp_path / "cut.txt"
    path.write_text(text[: text.index("** Dealing Flop ** [ Jc")])
    first, cut = _hands(path)
    assert isinstance(first, HandHistory) and isinstance(cut, HandHistoryError)
    assert cut.hand == 2 and "ends inside the hand" in cut.reason


def test_the_format_is_told_from_the_content() -> None:
    assert file_format_of(DATA / "hands.txt") == "betfair"
