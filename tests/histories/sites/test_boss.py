"""The Boss Media reader (XML, cards as numbers): fixture hands written in Boss Media's format
(results worked out by hand from the rules), the shared sample of real files, the sniff, and
the site's own totals."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.cards import parse_cards
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import file_format_of
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.boss import read_boss, sniff
from tests.histories.sites.site_runs import nets, sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "boss"


def _hands(path: Path = DATA / "hands.xml") -> list[HandHistory | HandHistoryError]:
    return list(read_boss(path))


def test_a_hand_reads_seats_cards_by_number_and_amounts_as_round_totals() -> None:
    hand = _hands()[0]
    assert isinstance(hand, HandHistory)
    # the button is the seat before the small blind's (Ann); the empty seat is no player
    assert [(s.name, s.seat, s.stack, s.blind) for s in hand.seats] == [
        ("Bob", 4, 10000, 50), ("Cy Dé", 6, 5000, 100), ("Ann", 2, 10000, 0),
    ]  # fmt: skip
    # card 26 the ace of hearts, 38 its king: thirteen a suit (diamonds, clubs, hearts,
    # spades), the ace first
    assert next(a.cards for a in hand.actions if a.kind == "deal-hole") == parse_cards("AhKh")
    boards = [a.cards for a in hand.actions if a.kind == "deal-board"]
    assert boards == [parse_cards("2h7cKd"), parse_cards("3s"), parse_cards("9d")]
    moves = [(a.kind, a.actor, a.amount, a.all_in) for a in hand.actions if a.kind in ("check-call", "bet-raise")]  # fmt: skip
    # CALL 3.00 is a call to 3 (2 more from the big blind); ALLIN 35.00 a call all in
    assert moves == [
        ("bet-raise", 2, 300, False), ("check-call", 1, 200, False), ("check-call", 1, 0, False),
        ("bet-raise", 2, 400, False), ("bet-raise", 1, 1200, False), ("check-call", 2, 800, False),
        ("bet-raise", 1, 2000, False), ("bet-raise", 2, 8500, True), ("check-call", 1, 1500, True),
    ]  # fmt: skip
    assert (hand.time, hand.currency, hand.table) == ("2012-07-03T17:08:35+00:00", "EUR", "Lund 1")
    assert hand.returned is None  # Boss writes no uncalled bet: nothing to check


def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    results = [replay(hand) for hand in _hands() if isinstance(hand, HandHistory)]
    assert [nets(result) for result in results] == [
        # Cy's set of sevens takes 100.50 less 2.50 rake (the pot written after it, 98): Ann's
        # all-in 85 is called for 35, 50 back to her unwritten
        {"Bob": -0.5, "Cy Dé": 48.0, "Ann": -50.0},
        # Bob, on the button, posts a second small blind (dead) and raises to 3.50: 2.50 back,
        # he takes the 3.00 pot; Dee sits out and is not dealt in
        {"Cy Dé": -0.5, "Ann": -1.0, "Bob": 1.5},
    ]
    assert [result.rake for result in results] == pytest.approx([2.5, 0.0])
    assert all(not result.disagreements for result in results)


def test_a_winner_paid_more_than_the_pot_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.xml"
    path.write_text((DATA / "hands.xml").read_text().replace('WIN="98.00"', 'WIN="99.00"'))
    result = replay(next(h for h in _hands(path) if isinstance(h, HandHistory)))
    assert "winnings" in [d.kind for d in result.disagreements]


def test_the_sniff() -> None:
    assert file_format_of(DATA / "hands.xml") == "boss"
    assert sniff('<ROOT>\n<HISTORY ID="1" SESSION="s"')
    assert not sniff('<description type="Holdem" stakes="Limit $0.02/$0.04"/>')


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("Boss")
    assert counts.formats == {"boss"}
    # pins (the program's counts, the refusal read): every hand but the five-card draw one
    # replays to the site's record (before this reader: all 11 "not a hand history")
    assert counts.replayed == 10
    assert counts.refused == ["5CD-PL-EUR-0.50-1.00-201307.txt, hand 1: GAME_FCD is not replayed here yet"]  # fmt: skip
    assert counts.disagreements == []
