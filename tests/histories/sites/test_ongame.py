"""The OnGame reader: fixture hands written in OnGame's format (results worked out by hand from
the rules), the shared sample of real files, the sniff, the site's own totals and hostile
input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.cards import parse_cards
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.ongame import read_ongame
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "ongame"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_ongame(path))


def test_a_cash_hand_reads_seats_actions_and_the_summary() -> None:
    hand = _hands()[0]
    assert isinstance(hand, HandHistory)
    assert [(s.name, s.seat, s.stack, s.blind) for s in hand.seats] == [
        ("Bob", 2, 500, 5), ("Cy Dé", 4, 1000, 10), ("Ann", 1, 1000, 0),
    ]  # fmt: skip
    moves = [(a.kind, a.actor, a.amount, a.all_in) for a in hand.actions if a.kind in ("check-call", "bet-raise")]  # fmt: skip
    # calls and bets add chips, "raises $1.50 to $2" is a raise to 2
    assert moves == [
        ("bet-raise", 2, 30, False), ("check-call", 0, 25, False), ("bet-raise", 0, 50, False),
        ("bet-raise", 2, 200, False), ("check-call", 0, 150, False), ("bet-raise", 0, 270, True),
        ("check-call", 2, 270, False),
    ]  # fmt: skip
    # the turn written twice before the run-out is dealt once
    assert [len(a.cards) for a in hand.actions if a.kind == "deal-board"] == [3, 1, 1]
    assert (hand.total_pot, hand.rake, hand.winnings) == (1010, 50, (0, 0, 960))
    assert hand.finishing_stacks == (0, 990, 1460) and hand.returned is None
    assert (hand.time, hand.currency, hand.table) == (
        "2013-02-28T07:30:49+01:00",
        "USD",
        "Fixture GC",
    )
    # Bob, all in, shows nothing at the showdown: he mucked
    assert [(a.kind, a.actor) for a in hand.actions[-2:]] == [("show", 2), ("muck", 0)]


def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    results = [replay(hand) for hand in _hands()[:3] if isinstance(hand, HandHistory)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Ann's kings hold against Bob's all-in: a 10.10 pot, 0.50 raked
        {"Ann": 4.6, "Bob": -5.0, "Cy Dé": -0.1},
        # equal blinds: Ann's "big blind" is the small one; Bob's flop bet is not called
        {"Ann": -0.5, "Bob": 1.85, "Cy": -1.5},
        # Ann's queens take the 900 main pot and the 400 side pot; Cy's 500 over comes back
        {"Ann": 800.0, "Bob": -300.0, "Cy": -500.0},
    ]
    assert [r.rake for r in results] == pytest.approx([0.5, 0.15, 0.0])
    assert all(not result.disagreements for result in results)
    hand = results[1].hand
    assert [(s.name, s.blind, s.in_turn) for s in hand.seats[:2]] == [
        ("Ann", 50, True),
        ("Bob", 50, True),
    ]
    third = results[2]
    assert third.hand.tournament == "R-200-1" and third.hand.currency is None
    assert third.players[2].hole == parse_cards("Ac 7d")


def test_an_end_stack_or_a_pot_that_does_not_add_up_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    text = (DATA / "hands.txt").read_text()
    path.write_text(
        text.replace("Ann ($14.60)", "Ann ($14.70)").replace("Main pot: 900", "Main pot: 950")
    )
    hands = [h for h in _hands(path) if isinstance(h, HandHistory)]
    assert [d.kind for d in replay(hands[0]).disagreements] == ["finishing-stacks"]
    assert "reports a pot of 1350" in replay(hands[2]).disagreements[0].message


def test_a_stud_hand_is_dealt_street_by_street_and_replays_to_the_end_stacks() -> None:
    hand = _hands()[3]
    assert isinstance(hand, HandHistory)
    assert (hand.variant, hand.min_bet, hand.big_bet, hand.bring_in) == ("F7S", 100, 200, 0)
    assert [seat.name for seat in hand.seats] == ["Ann", "Hero", "Bo"]  # no button: seat order
    deals = [(hand.names[a.actor or 0], a.cards) for a in hand.actions if a.kind == "deal-hole"]
    assert deals[:3] == [
        ("Ann", (None, None, *parse_cards("Kd"))), ("Hero", parse_cards("9s9h3c")),
        ("Bo", (None, None, *parse_cards("Qc"))),
    ]  # fmt: skip
    assert deals[-2:] == [("Hero", parse_cards("Ts")), ("Bo", (None,))]  # the river: Bo's unseen
    # "big bring in $1": Hero (3c) brings in for the small bet, a completion
    first = next(a for a in hand.actions if a.kind not in ("deal-hole",))
    assert (first.kind, first.actor, first.amount) == ("bet-raise", 1, 100)
    result = replay(hand)
    # antes 0.10; 1, 1, 4 (Hero's raise on fifth) and 2 each of Hero and Bo: 8.10 each, 16.30
    # in all, Bo's three queens take it less 0.80 rake; the summary's stacks agree
    assert {p.player: round(p.net, 2) for p in result.players} == {"Ann": -0.1, "Hero": -8.1, "Bo": 7.4}  # fmt: skip
    assert hand.finishing_stacks == (1990, 1190, 2740) and not result.disagreements


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("OnGame")
    assert counts.formats == {"ongame"}
    # pins (the program's counts, the refusals read): 29 replayed and 5 refused before the stud
    # hand was read; five-card draw (4 hands) is no game of the engine's
    assert counts.replayed == 30
    assert len(counts.refused) == 4
    assert sum("FIVE_CARD_DRAW is not replayed here yet" in r for r in counts.refused) == 4
    assert counts.disagreements == []
