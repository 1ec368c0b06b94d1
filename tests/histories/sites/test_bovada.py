"""The Bovada / Bodog / Ignition reader (``histories/sites/bovada.py``): fixtures in the client's
format (anonymous seats named by position, the file's own player ``[ME]``; each result worked
out by hand from the rules), hostile input, the sniff, and every hand of the shared files."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pokerscore.histories.reading import file_format_of
from pokerscore.histories.sites import bovada

from .site_runs import DATA, nets, run, shared_folder

FIXTURES = DATA / "bovada"


def test_cash_hands_a_dead_chip_and_a_walk() -> None:
    done = run(FIXTURES / "cash.txt")
    assert not done.refused and not done.disagreements
    posted, walk = done.results
    hand = posted.hand
    # seats in the order of play (the dealer last); [ME] is Hero; "$2,700" has a separator
    assert [(s.name, hand.chips(s.stack)) for s in hand.seats] == [
        ("Small Blind", Decimal("7.97")), ("Big Blind", 2700), ("Hero", 25),
        ("UTG+1", Decimal("16.37")), ("Dealer", Decimal("9.01")),
    ]  # fmt: skip
    # "Posts dead chip $0.35": 0.25 live, 0.10 dead; the raises are totals, "All-in $11.02"
    # a bet of 11.02 on the turn
    late = next(s for s in hand.seats if s.name == "UTG+1")
    assert (hand.chips(late.blind), hand.chips(late.ante)) == (Decimal("0.25"), Decimal("0.10"))
    raises = [(hand.seats[a.actor].name, hand.chips(a.amount)) for a in hand.actions
              if a.kind == "bet-raise" and a.actor is not None and a.amount is not None]  # fmt: skip
    assert raises == [("Hero", Decimal("0.75")), ("Hero", Decimal("1.50")), ("UTG+1", Decimal("4.50")), ("UTG+1", Decimal("11.02"))]  # fmt: skip
    # 0.10 + 0.75 + 16.37 + 16.27 = 33.49, the sevens win, 1 raked
    assert nets(posted) == {"Small Blind": -0.10, "Big Blind": -0.75, "Hero": -16.27, "UTG+1": 16.12, "Dealer": 0}  # fmt: skip
    assert (hand.currency, hand.table, hand.time, hand.site) == ("USD", "77", "2024-03-05T21:14:07", "Bovada")  # fmt: skip
    # a walk: the file does not say the big blind's 0.15 came back; its 0.35 result and pot
    # hold it, so it is named as returned
    assert nets(walk) == {"Hero": -0.10, "Big Blind": 0.10, "UTG": 0}
    assert walk.hand.returned == ((1, 15, walk.hand.line),)


@pytest.mark.slow  # the three-way Omaha all-in's equity is enumerated: seconds
def test_an_omaha_allin_before_the_flop_with_a_side_pot() -> None:
    done = run(FIXTURES / "allin-omaha.txt")
    assert not done.refused and not done.disagreements
    (allin,) = done.results
    # all in before the flop: the board only in the summary; the straight takes the main pot
    # (20 x 3 + 1 = 61, 3 raked), the kings the side pot of 120
    assert [str(c) for board in allin.boards for c in board] == ["Kd", "Qd", "9h", "3s", "2h"]
    assert nets(allin) == {"Small Blind": -1, "Big Blind": 40, "Hero": -80, "Dealer": 38}


def test_a_tournament_with_antes_and_table_ids_for_seats() -> None:
    done = run(FIXTURES / "tournament.txt")
    assert not done.refused and not done.disagreements
    (result,) = done.results
    # antes 600 + blinds 3,000 + Hero's matched 2,000: 5,600
    assert nets(result) == {"Small Blind": -1200, "Big Blind": -2200, "Hero": 3400}
    assert (result.hand.tournament, result.hand.currency, result.hand.site) == ("9000", None, "Ignition")  # fmt: skip
    assert (result.hand.small_blind, result.hand.big_blind) == (1000, 2000)


def test_the_sniff() -> None:
    assert file_format_of(FIXTURES / "cash.txt") == "bovada"
    assert file_format_of(FIXTURES / "tournament.txt") == "bovada"
    assert not bovada.sniff("PokerStars Hand #1: Hold'em\n")


@pytest.mark.slow  # 71 hands, some all in at Omaha: seconds
def test_every_shared_bovada_hand_reads_or_is_refused_for_a_true_reason() -> None:
    done = run(shared_folder("Bovada"))
    # three of the five stud hands: the header gives no stakes, and the first makes no
    # completion or bet on third or fourth street (the small bet unknown), the last no bet on
    # fifth to seventh (the big bet unknown); the second doubles on fourth street (open threes)
    assert [(error.hand, error.reason[:30]) for error in done.refused] == [
        (1, "no stakes: the header gives no"),
        (2, "'D bets $0.10': a double bet o"),
        (4, "no stakes: the header gives no"),
    ]
    assert "no bet of the small bet" in done.refused[0].reason
    assert "no bet of the big bet" in done.refused[2].reason
    assert len(done.results) == 68  # the other 68 of the folder's 71 hands
    assert done.disagreements == []
