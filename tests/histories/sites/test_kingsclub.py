"""The King's Club reader: fixture hands written in King's Club's format (results worked out by
hand from the rules), the shared sample of real files, the sniff (King's Club files start with
``#`` as PHH comments do; 888's and Party's ``#Game No :`` are not King's Club) and hostile
input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.kingsclub import read_kingsclub, sniff
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "kingsclub"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_kingsclub(path))


def test_a_hand_reads_seats_calls_and_the_end_stacks() -> None:
    hand = _hands()[0]
    assert isinstance(hand, HandHistory)
    assert [(s.name, s.seat, s.stack, s.blind) for s in hand.seats] == [
        ("Ann", 1, 86038, 1000),
        ("Bob", 6, 120000, 500),
    ]
    moves = [
        (a.kind, a.actor, a.amount) for a in hand.actions if a.kind in ("check-call", "bet-raise")
    ]
    # "calls 25" after a big blind of 10 adds 15; bets and raises are the total
    assert moves == [("bet-raise", 1, 2500), ("check-call", 0, 1500), ("check-call", 0, 0),
                     ("bet-raise", 1, 1617), ("bet-raise", 0, 5734)]  # fmt: skip
    assert (hand.finishing_stacks, hand.rake, hand.winnings) == ((90055, 115883), 100, None)
    assert (hand.time, hand.currency, hand.table) == ("2021-01-02T15:49:35", None, "8 Game Mix")
    assert hand.actions[0].cards == (None, None)  # [X X]: cards nobody saw


@pytest.mark.slow  # 2.4 s of CPU (three hands replayed, all-in EVs included)
def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    results = [replay(hand) for hand in _hands()[:3] if isinstance(hand, HandHistory)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Bob folds to Ann's flop raise: a pot of 82.34 less a rake of 1
        {"Ann": 40.17, "Bob": -41.17},
        # Ann's kings and queens beat Bob's kings; Cy shows nothing (mucks); no low is possible
        {"Ann": 59.0, "Bob": -30.0, "Cy Dé": -30.0},
        # Bob all in on his big blind; the river line carries the whole board: his 8-high
        # straight and 7-6-5-4-2 low scoop Ann's three sevens (she has no low)
        {"Ann": -375.0, "Bob": 375.0},
    ]
    assert [r.rake for r in results] == pytest.approx([1.0, 1.0, 0.0])
    assert all(not result.disagreements for result in results)
    third = results[2].hand
    assert [len(a.cards) for a in third.actions if a.kind == "deal-board"] == [3, 1, 1]
    assert (third.variant, third.min_bet, third.big_bet) == ("FO/8", 500, 1000)


def test_an_end_stack_that_does_not_add_up_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text((DATA / "hands.txt").read_text().replace("Ann (1,059) +59", "Ann (1,069) +69"))
    result = replay(_hands(path)[1])  # type: ignore[arg-type]
    assert [d.kind for d in result.disagreements] == ["finishing-stacks"]


def test_a_razz_hand_cut_after_its_seats_is_refused_with_its_place_and_reason() -> None:
    error = _hands()[3]
    assert isinstance(error, HandHistoryError)
    assert (error.hand, error.line) == (
        4,
        79,
    ) and "fewer than two players dealt in" in error.reason


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("KingsClub")
    assert counts.formats == {"kingsclub"}
    assert counts.replayed == 7  # hold'em, Omaha, Omaha hi/lo, stud hi/lo, razz, 2-7 draws
    # Drawmaha and A-5 single draw by name, a single draw run three times
    games = ("2-7 Drawmaha", "A-5 Single Draw", "a draw run more than once")
    assert (
        sum(any(game in r for game in games) and "not replayed" in r for r in counts.refused) == 3
    )
    # the engine gives the big blind an option when the only other player left is all in for
    # less: the site goes straight to the showdown (the engine's rule, reported, not patched)
    assert [r for r in counts.refused if "not replayed" not in r] == [
        "LO8-USD-500-100-202104.RIO.txt, hand 1: Hero shows down while the betting is open"
    ]
    assert counts.disagreements == []


def test_kings_clubs_sniff_takes_neither_phh_nor_888() -> None:
    # the mixed folder beside a PHH file: test_formats.py
    assert not sniff("#Game No : 123456\n***** 888poker Hand History for Game 123456 *****\n")
    assert not sniff("# a PHH comment\nvariant = 'NT'\n")
