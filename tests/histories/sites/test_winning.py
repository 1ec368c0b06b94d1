"""The Winning Poker Network reader (``histories/sites/winning.py``): fixtures in the network's
two layouts (the older one as UTF-16 with its mark and CRLF line ends; each result worked out by
hand from the rules), hostile input, the sniff, and every hand of the shared WPN files."""

from __future__ import annotations

from decimal import Decimal

from pokerscore.histories.draft import site_cards
from pokerscore.histories.reading import file_format_of
from pokerscore.histories.sites import winning

from .site_runs import DATA, nets, run, shared_folder

FIXTURES = DATA / "winning"


def test_the_older_layout_increments_jackpot_fee_and_uncalled_bets() -> None:
    done = run(FIXTURES / "older-utf16.txt")
    assert not done.refused and not done.disagreements
    cash, tournament = done.results
    hand = cash.hand
    # Ann sits out: not dealt in; the order from the seat after the button (seat 2)
    assert [(s.name, hand.chips(s.stack)) for s in hand.seats] == [("Cy", 80), ("Dee", 40), ("Bo", Decimal("50.50"))]  # fmt: skip
    raises = [(hand.seats[a.actor].name, hand.chips(a.amount)) for a in hand.actions
              if a.kind == "bet-raise" and a.actor is not None and a.amount is not None]  # fmt: skip
    # "raises (8.50)" from Cy's small blind of 0.50 is a raise to 9; Bo's "allin (41.50)" on
    # top of 9 is everything he has, a raise to 41.50 over Cy's 10
    assert raises == [("Bo", 3), ("Cy", 9), ("Cy", 10), ("Bo", Decimal("41.50"))]
    # 50.50 + 50.50 + 1 = 102; the site keeps 1.51 rake and 0.24 jackpot fee (the rake column)
    assert nets(cash) == {"Cy": -50.50, "Dee": -1, "Bo": 49.75}
    assert round(cash.rake, 2) == 1.75
    assert hand.chips(hand.total_pot or 0) == 102
    assert (hand.hand_id, hand.time, hand.currency) == ("1001", "2016-08-08T09:05:07", None)
    # heads-up: Bo's raise of 45 more on his 15 is a raise to 60, 30 of it returned
    assert nets(tournament) == {"Ann": -30, "Bo": 30}
    assert (tournament.hand.tournament, tournament.hand.table) == ("$2.40 Hyper Turbo Heads-up", "Table 1")  # fmt: skip


def test_the_2019_layout() -> None:
    done = run(FIXTURES / "newer.txt")
    assert not done.refused and not done.disagreements
    (result,) = done.results
    hand = result.hand
    # the cards dealt for the button before the hand are not Hero's hand
    holes = [a.cards for a in hand.actions if a.kind == "deal-hole"]
    assert [[str(card) for card in hole] for hole in holes] == [["As", "Kd"]]
    # Ann 0.15 + 0.35 + 0.60, Hero 0.50 + 0.60 (+2.90 returned), Bo 0.02: 2.22, 0.11 raked
    assert nets(result) == {"Bo": -0.02, "Hero": 1.01, "Ann": -1.10}
    assert (hand.time, hand.currency, hand.table) == ("2021-07-28T16:15:58+00:00", "USD", "Gorham")


def test_the_2019_layouts_seven_card_stud() -> None:
    done = run(FIXTURES / "stud.txt")
    assert not done.refused and not done.disagreements
    (result,) = done.results
    hand = result.hand
    assert (hand.variant, hand.bring_in, hand.min_bet, hand.big_bet, hand.table) == ("F7S", 25, 100, 200, "Dunmore")  # fmt: skip
    assert [seat.name for seat in hand.seats] == ["Ann", "Hero", "Bo"]  # the seats' order
    deals = [(hand.names[a.actor or 0], a.cards) for a in hand.actions if a.kind == "deal-hole"]
    assert deals[:3] == [
        ("Hero", site_cards("AhKh9c")), ("Ann", site_cards("????2d")), ("Bo", site_cards("????Qs")),
    ]  # fmt: skip
    assert deals[-2:] == [("Hero", site_cards("Tc")), ("Ann", (None,))]  # seventh: Ann's unseen
    # antes 0.10, Ann (2d) brings in 0.25, Hero completes to 1, Bo folds, Ann calls; 1, 4
    # (Ann's raise on fifth), 2 and 2 more each: 10.10 each, 20.30 in all less 1 rake to Ann's
    # straight; the summary's total (19.30) is what she won, after the rake
    assert nets(result) == {"Ann": 9.2, "Hero": -10.1, "Bo": -0.1}
    assert (hand.total_pot, hand.rake, hand.winnings) == (2030, 100, (1930, 0, 0))


def test_the_sniff() -> None:
    assert file_format_of(FIXTURES / "older-utf16.txt") == "winning"
    assert file_format_of(FIXTURES / "newer.txt") == "winning"
    assert not winning.sniff("Hand #1: Café\n")
    assert not winning.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)\n")


def test_every_shared_wpn_hand_reads_or_is_refused_for_a_true_reason() -> None:
    done = run(shared_folder("Winning"))
    assert sorted((error.reason, error.line) for error in done.refused) == [
        # the anonymised file left the big blind's name out ("Player  has big blind (2)"):
        # each refused at its own line
        ("' has big blind (2)': a player not seated here (a name left out?)", 15),
        ("' has big blind (2)': a player not seated here (a name left out?)", 71),
        # a capped table: the replay knows no cap (the players stop betting at 30 big blinds
        # without being all in); the header says so, the hand's first line
        (
            "a capped table (CAP): the cap ends the betting, which the replay does not apply",
            1,
        ),
    ]
    # a pin (the program's count, the refusals read one by one): 20 replayed before the stud
    # hand was read, 21 now; the other 3 of the folder's 24 hands are refused above
    assert len(done.results) == 21
    assert done.disagreements == []
