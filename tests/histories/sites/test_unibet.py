"""The Unibet reader: fixture hands written in Unibet's format (results worked out by hand from
the rules, the site's own ``net result`` figures agreeing), the sniff and a bad hand's place.
The shared sample has no Unibet file (the hidden set has one)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import file_format_of
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.unibet import read_unibet
from tests.histories.sites.site_runs import nets

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "unibet"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_unibet(path))


def _read() -> list[HandHistory]:
    return [hand for hand in _hands()[:4] if isinstance(hand, HandHistory)]


def test_the_headers_of_both_clients_cash_and_tournament() -> None:
    first, _, old, tournament = _read()
    # the title banner is no hand; Dee sits out; the saver's session token is taken off
    assert [(s.name, s.seat, s.stack) for s in first.seats] == [
        ("Ann", 1, 1000), ("Bob", 2, 200), ("Cy Dé", 3, 650), ("hero", 6, 400),
    ]  # fmt: skip
    assert (first.hand_id, first.table, first.currency) == ("1600000001", "Fixture", "EUR")
    assert (first.time, first.variant) == ("2026-06-10T20:00:00+00:00", "NT")
    # the 2021 header: the table is its stakes' name, the time has no zone
    assert (old.hand_id, old.table, old.time) == ("1500000003", "€2 NL", "2021-05-02T21:05:10")
    assert (tournament.tournament, tournament.currency, tournament.table) == (
        "90000001",
        None,
        "90000001",
    )


def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    results = [replay(hand) for hand in _read()]
    assert [nets(result) for result in results] == [
        # Bob's set takes the main pot (3 x 2), Ann's kings the side pot (2 x 4.50) less the
        # 0.40 rake: as the site's net results say
        {"Ann": 2.1, "Bob": 4.0, "Cy Dé": -6.5, "hero": 0.0},
        # the flop bet of 0.70 returned (written), the 0.75 pot less 0.05 rake won
        {"Bob": -0.05, "Eve": -0.35, "hero": 0.35, "Ann": 0.0},
        # Ann's fold is unwritten; the raise's 0.06 nobody called is in Dee's "wins €0.11"
        {"Bob": -0.01, "Cy Dé": -0.02, "Dee": 0.03, "Ann": 0.0},
        # two broadway straights split the 1,600 chips
        {"Bob": 0.0, "Cy Dé": 0.0, "Ann": 0.0},
    ]
    assert [result.rake for result in results] == pytest.approx([0.4, 0.05, 0.0, 0.0])
    assert all(not result.disagreements for result in results)


def test_the_total_pot_counts_a_returned_bet_and_wins_may_hold_it() -> None:
    _, written, unwritten, _ = _read()
    # "Total pot €1.45" holds the 0.70 returned; "Dee wins €0.11" the 0.06 nobody called
    assert (written.total_pot, written.returned) == (75, ((2, 70, 68),))
    assert (unwritten.total_pot, unwritten.winnings) == (5, (0, 0, 5, 0))
    assert [r[:2] for r in unwritten.returned or ()] == [(2, 6)]


def test_another_game_is_refused_and_a_wrong_payout_is_a_disagreement(tmp_path: Path) -> None:
    error = _hands()[4]
    assert isinstance(error, HandHistoryError)
    assert (error.hand, error.line) == (5, 136)
    assert "Pot Limit Courchevel is not replayed here yet" in error.reason
    path = tmp_path / "wrong.txt"
    path.write_text((DATA / "hands.txt").read_text().replace("wins €6 from", "wins €7 from"))
    hand = _hands(path)[0]
    assert isinstance(hand, HandHistory)
    assert [d.kind for d in replay(hand).disagreements] == ["winnings"]


def test_a_walk_with_no_payout_written_and_a_cp1252_file(tmp_path: Path) -> None:
    """The big blind's walk: no "wins" line (as in Unibet's public sample), no payout
    recorded; the file in cp1252 (the euro sign one byte) as the older client wrote it."""
    text = (DATA / "hands.txt").read_text()
    start = text.index("Game #1500000003")
    old = text[start : text.index("Unibet Hand #1600000004")]
    walk = old.replace("Dee raises €0.06 to €0.08\n", "Dee folds\n")
    walk = walk.replace("Cy Dé folds\nDee wins €0.11\n", "")
    path = tmp_path / "walk-cp1252.txt"
    path.write_bytes(walk.encode("cp1252"))
    assert file_format_of(path) == "unibet"
    (hand,) = _hands(path)
    assert isinstance(hand, HandHistory) and hand.currency == "EUR"
    assert (hand.winnings, hand.total_pot) == (None, None)
    assert nets(replay(hand)) == {"Bob": -0.01, "Cy Dé": 0.01, "Dee": 0.0, "Ann": 0.0}


def test_the_format_is_told_from_the_content() -> None:
    assert file_format_of(DATA / "hands.txt") == "unibet"
