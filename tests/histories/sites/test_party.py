"""The PartyPoker reader (``histories/sites/party.py``): fixtures in both of the client's layouts
(each result worked out by hand from the rules), the blinds a tournament's header implies, the
uncalled bet inside the site's payout, the sniff, hostile input, and every hand of the shared
PartyPoker files."""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

import pytest

from pokerscore.histories.reading import file_format_of
from pokerscore.histories.sites import party

from .site_runs import DATA, nets, run, shared_folder

FIXTURES = DATA / "partypoker"


def test_the_older_cash_layout() -> None:
    done = run(FIXTURES / "cash-old.txt")
    assert not done.refused and not done.disagreements
    first, second = done.results
    hand = first.hand
    # Dee sits out: not dealt in; the seats from the one after the button (seat 1)
    assert [(s.name, hand.chips(s.stack)) for s in hand.seats] == [("Bob", Decimal("25.50")), ("Cy", 1200), ("Ann", 10)]  # fmt: skip
    raises = [(hand.seats[a.actor].name, hand.chips(a.amount)) for a in hand.actions
              if a.kind == "bet-raise" and a.actor is not None and a.amount is not None]  # fmt: skip
    # increments as "raise to"; Ann's all-in for $6.25 more is a raise to 6.25 (over Bob's 5)
    assert raises == [("Ann", Decimal("0.75")), ("Ann", 1), ("Bob", 3), ("Bob", 5), ("Ann", Decimal("6.25"))]  # fmt: skip
    assert any(a.all_in for a in hand.actions)
    # Ann 10 + Bob 10 + Cy 0.25 = 20.25; Bob's jacks take it, paid 19.75 (0.50 rake)
    assert nets(first) == {"Bob": 9.75, "Cy": -0.25, "Ann": -10}
    assert round(first.rake, 2) == 0.50
    assert (hand.hand_id, hand.currency, hand.time) == ("200", "USD", "2014-08-01T22:45:59+02:00")
    assert (hand.site, hand.source_format, hand.table) == ("PartyPoker", "partypoker", "Fixture")
    # "wins $1.10" holds the 0.50 of Bob's raise nobody called: returned, the pot is 0.60
    assert nets(second) == {"Cy": -0.10, "Ann": -0.25, "Bob": 0.35}
    assert second.hand.returned == ((2, 50, second.hand.line),)


def test_the_2019_layout_raises_to_collected_and_the_pot_line() -> None:
    done = run(FIXTURES / "cash-2019.txt")
    assert not done.refused and not done.disagreements
    first, second = done.results
    # "collected $2.50" holds Bob's uncalled 1.07: the pot is 1.50, the site keeps 0.07
    assert nets(first) == {"Hero": -0.75, "Bob": 0.68, "Ann": 0}
    assert first.hand.chips(first.hand.total_pot or 0) == Decimal("1.50")
    assert first.hand.hand_id == "17845596867267abcdef"
    assert first.hand.currency == "USD"
    # cards shown only in the summary; Sam all in on the flop, his full house beats Hero
    assert nets(second) == {"Sam": 8.06, "Bob": -2.80, "Hero": -6}
    assert round(second.rake, 2) == 0.74
    assert next(p for p in second.players if p.player == "Sam").allin_street is not None


SIDE_POT_2019 = """\
***** Hand History For Game 1784559700side *****
0.10/0.25 Texas Hold'em Game Table (NL) - Mon Jul 20 11:02:00 EDT 2026
Table Table 7500000 (Real Money) -- Seat 1 is the button
Total number of players : 3/6
Seat 1: Ann ($5)
Seat 2: Bob ($20)
Seat 3: Cy ($20)
Bob posts small blind (0.10)
Cy posts big blind (0.25)
** Dealing down cards **
Dealt to Cy [ 9h, 9d ]
Ann raises 5 to 5
Ann is all-In.
Bob raises 14.90 to 15
Cy calls (14.75)
** Dealing Flop ** :  [ 2c, 7d, Jh ]
Bob bets (5)
Bob is all-In.
Cy calls (5)
Creating Main Pot with $ 15 with Ann, Bob, Cy
** Dealing Turn ** :  [ 9s ]
** Dealing River ** :  [ 3c ]
** Summary **
Main Pot: $14.50 Rake: $0.50
Side Pot 1: $29.50 Rake: $0.50
Board: [ 2c, 7d, Jh, 9s, 3c ]
Ann balance $14.50, bet $5, collected $14.50, net +$9.50[ Jd, Js ] [ three of a kind, jacks -- Jd,Js,Jh,9s,7d ]
Bob balance $0, lost $20[ Qc, Qd ] [ a pair of queens -- Qc,Qd,Jh,9s,7d ]
Cy balance $29.50, bet $20, collected $29.50, net +$9.50[ 9h, 9d ] [ three of a kind, nines -- 9h,9d,9s,Jh,7d ]
"""
"""A 2019-layout hand with a side pot: Ann all in preflop by a raise to (``raises 5 to 5`` then
``is all-In.``), Bob all in on the flop, a ``Main Pot`` and a ``Side Pot 1`` line, each with its
rake, and each winner's ``collected``."""


def test_the_2019_layout_side_pot_lines(tmp_path: Path) -> None:
    path = tmp_path / "side-2019.txt"
    path.write_text(SIDE_POT_2019, "utf-8")
    done = run(path)
    assert not done.refused and not done.disagreements
    (result,) = done.results
    hand = result.hand
    # Ann's 5 three ways is the main pot (15, 14.50 paid: her jacks); Bob's and Cy's other 15
    # each the side pot (30, 29.50 paid: Cy's nines over Bob's queens); the rake 0.50 each
    assert nets(result) == {"Ann": 9.5, "Bob": -20, "Cy": 9.5}
    assert round(result.rake, 2) == 1.00
    assert hand.chips(hand.total_pot or 0) == 45
    assert len(result.pots) == 2
    all_in = [(hand.seats[a.actor].name, hand.chips(a.amount)) for a in hand.actions
              if a.all_in and a.actor is not None and a.amount is not None]  # fmt: skip
    assert all_in == [("Ann", 5), ("Bob", 5)]


def test_tournaments_name_the_blinds_their_header_implies() -> None:
    done = run(FIXTURES / "tournament.txt")
    assert not done.refused and not done.disagreements
    heads_up, three = done.results
    # heads-up the button (Ann) posts the 300 small blind, Bob the 600 big blind
    posted = {s.name: heads_up.hand.chips(s.blind) for s in heads_up.hand.seats}
    assert posted == {"Ann": 300, "Bob": 600}
    assert nets(heads_up) == {"Bob": 4520, "Ann": -4520}
    assert (heads_up.hand.tournament, heads_up.hand.currency) == ("777", None)
    # the "side pot 1" of 150 is Vic's bet Hero could not call: returned, not a pot
    assert nets(three) == {"Vic": 1150, "Hero": -800, "Pat": -350}
    assert len(three.pots) == 1


def test_the_sniff_in_a_mixed_folder(tmp_path: Path) -> None:
    for name in ("cash-old.txt", "cash-2019.txt", "tournament.txt"):
        assert file_format_of(FIXTURES / name) == "partypoker"
    shutil.copy(FIXTURES / "cash-2019.txt", tmp_path / "a.txt")
    shutil.copy(DATA / "pacific" / "cash.txt", tmp_path / "b.txt")
    shutil.copy(DATA.parent / "actions.phhs", tmp_path / "c.phhs")
    done = run(tmp_path)
    assert not done.refused
    assert [r.hand.source_format for r in done.results][:3] == [
        "partypoker",
        "partypoker",
        "pacific",
    ]
    assert not party.sniff("#Game No : 1\n***** 888poker Hand History for Game 1 *****\n")


def test_every_shared_partypoker_hand_reads_or_is_refused_for_a_true_reason() -> None:
    done = run(shared_folder("PartyPoker"))
    reasons = sorted(error.reason for error in done.refused)
    assert reasons == [
        # the file never seats Player3, who joins and posts the big blind: no stack to replay
        # (its line 14)
        "'Player3' plays without a seat line (joined during the hand): the file has no stack "
        "for them",
        # the stud games: the file writes the saver's cards only, and the replay needs each
        # player's up cards (who brings in, who acts first on each street)
        "7 Card Stud Hi-Lo is not replayed: PartyPoker writes no up cards but the saver's, "
        "and the replay needs each player's to tell who brings in and acts first",
        "7 Card Stud is not replayed: PartyPoker writes no up cards but the saver's, and the "
        "replay needs each player's to tell who brings in and acts first",
        # the anonymised file's second hand has seats 2, 3 and 4 fold in the order 4, 3, 2,
        # against its own seat numbers (its first hand acts in seat order)
        "Player3 acts out of turn: Player6 is to act",
    ]
    assert [error.line for error in done.refused if "without a seat line" in error.reason] == [14]
    assert len(done.results) == 20  # the other 20 of the folder's 24 hands
    assert done.disagreements == []


@pytest.mark.parametrize(
    ("tag", "site"),
    [
        ("(Poker Stars)", "PokerStars"),
        ("(WPN)", "Winning Poker Network"),
        ("(PokerBros)", "PokerBros"),
    ],
)
def test_hands_converted_to_the_format_keep_their_site(tmp_path: Path, tag: str, site: str) -> None:
    path = tmp_path / "converted.txt"
    text = (FIXTURES / "cash-old.txt").read_text()
    path.write_text(text.replace("NL Texas Hold'em -", f"NL Texas Hold'em {tag} -"))
    done = run(path)
    assert not done.refused and not done.disagreements
    assert [(r.hand.site, r.hand.source_format) for r in done.results] == [(site, "partypoker")] * 2
    assert nets(done.results[0]) == {"Bob": 9.75, "Cy": -0.25, "Ann": -10}
