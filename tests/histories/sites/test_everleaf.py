"""The Everleaf reader: fixture hands written in Everleaf's format (results worked out by hand
from the rules), the shared sample of real files, the sniff and hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.cards import parse_cards
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.everleaf import read_everleaf
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "everleaf"


def _hands() -> list[HandHistory | HandHistoryError]:
    return list(read_everleaf(DATA / "hands.txt"))


def test_a_cash_hand_reads_seats_posts_and_raises_as_raise_to() -> None:
    hand = _hands()[0]
    assert isinstance(hand, HandHistory)
    # Eve sits out, Dora is a "new player": neither is dealt in; order from the button's left
    assert [(s.name, s.seat, s.stack) for s in hand.seats] == [
        ("Ann", 1, 1000), ("Bob", 2, 550), ("Cy Dé", 3, 800),
    ]  # fmt: skip
    assert (hand.scale, hand.small_blind, hand.big_blind, hand.currency) == (100, 5, 10, "USD")
    assert [s.blind for s in hand.seats] == [5, 10, 0]
    assert (hand.time, hand.hand_id, hand.table) == ("2010-08-29T20:34:15", "1001", "Fixture I")
    moves = [
        (a.kind, a.actor, a.amount) for a in hand.actions if a.kind in ("check-call", "bet-raise")
    ]
    # "raises [$ 0.85]" after a small blind of 0.05 is a raise to 0.90; calls stay as written
    assert moves == [
        ("bet-raise", 2, 30), ("bet-raise", 0, 90), ("check-call", 2, 60),
        ("bet-raise", 0, 100), ("check-call", 2, 100),
        ("bet-raise", 0, 200), ("bet-raise", 2, 610), ("check-call", 0, 410),
    ]  # fmt: skip
    assert hand.returned is None  # Everleaf never writes a returned bet


def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    results = [replay(hand) for hand in _hands()[:4] if isinstance(hand, HandHistory)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Cy's set of nines beats Ann's kings all in on the turn: a 16.10 pot, 15.60 paid
        {"Ann": -8.0, "Bob": -0.1, "Cy Dé": 7.6},
        # Bob's raise to 0.35 is not called: 0.25 back to him, he wins the blinds
        {"Ann": -0.1, "Bob": 0.15, "Cy Dé": -0.05},
        # Cy covers both all-ins: main pot 900, side pot 400, his 500 uncalled comes back
        {"Ann": -500.0, "Bob": -300.0, "Cy": 800.0},
        # Omaha hi/lo: Bob's kings take the high half, Ann's 6-4-3-2-A the low (0.01 raked)
        {"Ann": -0.01, "Bob": 0.0},
    ]
    assert [r.rake for r in results] == pytest.approx([0.5, 0.0, 0.0, 0.01])
    assert all(not result.disagreements for result in results)
    # Cy never shows: his aces are the two of the winning five not on the board
    assert results[2].players[2].hole == parse_cards("As Ad")


def test_a_stud_hand_without_cards_dealt_is_refused_with_its_place_and_reason() -> None:
    error = _hands()[4]
    assert isinstance(error, HandHistoryError)
    assert (error.hand, error.line) == (5, 111)  # the hand's first line
    assert "the stud hand writes no cards dealt" in error.reason


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("Everleaf")
    assert counts.formats == {"everleaf"}
    assert counts.replayed == 58  # five of the stud file's six hands among them
    # its sixth: MOURINHO_ raises by the big bet on fourth street, EricBlade's open pair of
    # fours showing (4s, 4h), which the replay's fixed-limit stud does not allow
    (refused,) = counts.refused
    assert "hand 6: a double bet on fourth street (an open pair showing)" in refused
    # four tournament all-ins where the site shows no loser's cards: the site writes only the
    # winner's five cards, so the losers' hands are unknown (the payouts agree)
    assert len(counts.disagreements) == 4
    assert all("TID_876731-3.txt" in d and "nobody saw" in d for d in counts.disagreements)
