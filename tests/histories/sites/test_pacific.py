"""The 888poker reader (``histories/sites/pacific.py``): fixtures written in the client's format
(each result worked out by hand from the rules), the localised clients, the sniff, hostile input,
and every hand of the shared 888 files."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistoryError
from pokerscore.histories.reading import file_format_of
from pokerscore.histories.sites import pacific
from pokerscore.histories.sites.increments import localised_amount, localised_cards

from .site_runs import DATA, nets, run, shared_folder

FIXTURES = DATA / "pacific"


def test_a_cash_hand_with_a_dead_blind_and_increments() -> None:
    done = run(FIXTURES / "cash.txt")
    assert not done.refused and not done.disagreements
    (result,) = done.results
    hand = result.hand
    # the seats from the one after the button (seat 3): Cy, Dee, Ann, Bo Li
    assert [(s.name, s.seat) for s in hand.seats] == [
        ("Cy", 5),
        ("Dee", 7),
        ("Ann", 1),
        ("Bo Li", 3),
    ]
    assert [hand.chips(s.stack) for s in hand.seats] == [Decimal("12.25"), 3, 10, Decimal("5.50")]
    # Ann's "dead blind [$0.05 + $0.10]": the small blind dead, the big one live
    ann = hand.seats[2]
    assert (hand.chips(ann.ante), hand.chips(ann.blind)) == (Decimal("0.05"), Decimal("0.10"))
    # increments as "raise to": Ann +0.30 on her live 0.10 is 0.40; Dee +1.10 on 0.10 is 1.20
    raises = [(hand.seats[a.actor].name, hand.chips(a.amount)) for a in hand.actions
              if a.kind == "bet-raise" and a.actor is not None and a.amount is not None]  # fmt: skip
    assert raises == [("Ann", Decimal("0.40")), ("Dee", Decimal("1.20")), ("Dee", Decimal("1.80"))]
    # the pot: Cy 0.05 + Ann 0.05 dead + 3.00 + Bo 0.40 + Dee 3.00 = 6.50; Dee is paid 6.30
    assert sum(pot.amount for pot in result.pots) == 650
    assert nets(result) == {"Cy": -0.05, "Dee": 3.30, "Ann": -3.05, "Bo Li": -0.40}
    assert round(result.rake, 2) == 0.20
    assert (hand.site, hand.source_format, hand.currency) == ("888poker", "pacific", "USD")
    assert (hand.hand_id, hand.table, hand.time) == ("100", "Fixture", "2024-03-05T21:14:07")


def test_a_swedish_client_cp1252_comma_decimals_and_an_uncalled_bet() -> None:
    done = run(FIXTURES / "swedish-cp1252.txt")
    assert not done.refused and not done.disagreements
    (result,) = done.results
    hand = result.hand
    assert [(s.name, hand.chips(s.stack)) for s in hand.seats] == [("Hero", 899), ("Åsa", Decimal("1788.50"))]  # fmt: skip
    hole = [a.cards for a in hand.actions if a.kind == "deal-hole"]
    assert [str(card) for card in hole[0]] == ["Js", "Qd", "Ac", "Th"]
    # Åsa 25 + 125 = 150, Hero 50 + 100 = 150; her 150 bet on the flop is returned uncalled
    # (the file says nothing of it): a pot of 300, 299 paid, 1 raked
    assert hand.chips(sum(pot.amount for pot in result.pots)) == 300
    assert nets(result) == {"Hero": -150, "Åsa": 149}


def test_a_tournament_with_dots_between_thousands_and_a_player_not_dealt_in() -> None:
    done = run(FIXTURES / "tournament.txt")
    assert not done.refused and not done.disagreements
    (result,) = done.results
    hand = result.hand
    # Cat folds before the deal: not dealt in
    assert [(s.name, hand.chips(s.stack)) for s in hand.seats] == [("Ann", 1500), ("Bob", 12000), ("Dan", 4250)]  # fmt: skip
    assert (hand.tournament, hand.currency, hand.table, hand.site) == (
        "555",
        None,
        "Table #3",
        "Cassava",
    )
    # Ann all in for 1,500; Dan's queens beat her ace-king: 1,500 + 1,500 + Bob's 200
    assert nets(result) == {"Ann": -1500, "Bob": -200, "Dan": 1700}
    assert result.players[0].allin_street is not None  # Ann all in before the flop
    assert round(result.rake, 2) == 0


@pytest.mark.parametrize(
    ("text", "amount"),
    [("$1,168.50", "1168.50"), ("15\xa0788,50 $", "15788.50"), ("$1.500", "1500"),
     ("2 250 $", "2250"), ("$0.04", "0.04"), ("$5 USD", "5"), ("1,5 €", "1.5"), ("1,200", "1200")],
)  # fmt: skip
def test_amounts_as_localised_clients_write_them(text: str, amount: str) -> None:
    assert localised_amount(text) == Decimal(amount)


@pytest.mark.parametrize("text", ["", "$", "1e5", "12abc", "9" * 80])
def test_what_is_no_amount(text: str) -> None:
    with pytest.raises(HandHistoryError, match="not an amount"):
        localised_amount(text)


def test_localised_ranks() -> None:
    assert [str(c) for c in localised_cards("[ Kns, Dd, Ec, Kh, 10s ]")] == ["Js", "Qd", "Ac", "Kh", "Ts"]  # fmt: skip


def test_the_sniff_tells_888_from_partypoker_and_kings_club(tmp_path: Path) -> None:
    assert file_format_of(FIXTURES / "cash.txt") == "pacific"
    assert file_format_of(FIXTURES / "swedish-cp1252.txt") == "pacific"
    assert not pacific.sniff("#Game No : 1\n***** Hand History for Game 1 *****\n")
    assert not pacific.sniff("#1: Limit Omaha - 60/120\n")
    party = tmp_path / "party.txt"
    party.write_text("#Game No : 1\n***** Hand History for Game 1 *****\n")
    assert file_format_of(party) != "pacific"


def test_every_shared_888_hand_reads_with_no_disagreement() -> None:
    done = run(shared_folder("PacificPoker"))
    assert [str(error) for error in done.refused] == []
    assert len(done.results) == 30  # every hand of the six files (the README counts 30)
    assert done.disagreements == []
