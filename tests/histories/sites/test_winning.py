"""The Winning Poker Network reader (``histories/sites/winning.py``): fixtures in the network's
two layouts (the older one as UTF-16 with its mark and CRLF line ends; each result worked out by
hand from the rules), hostile input, the sniff, and every hand of the shared WPN files."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

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


def test_the_sniff() -> None:
    assert file_format_of(FIXTURES / "older-utf16.txt") == "winning"
    assert file_format_of(FIXTURES / "newer.txt") == "winning"
    assert not winning.sniff("Hand #1: Café\n")
    assert not winning.sniff("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)\n")


HOSTILE = [
    ("a garbage line", ("Player Dee folds\n", "Player Dee folds\n%%% garbage\n"), "cannot read"),
    ("a huge number", ("bets (10)", "bets (" + "9" * 5000 + ")"), "not an amount"),
    ("stud", ("(Hold'em)", "(7 Card Stud)"), "7 Card Stud is not replayed here yet"),
    ("a nameless player", ("Player Dee folds", "Player  folds"), "a player not seated here"),
    ("an unknown section", ("*** TURN ***:", "*** TWIST ***:"), "unknown section"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "change", "words"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_hand_is_a_bad_hand_with_its_place_and_the_next_reads(
    tmp_path: Path, what: str, change: tuple[str, str], words: str
) -> None:
    text = (FIXTURES / "older-utf16.txt").read_bytes().decode("utf-16").replace("\r\n", "\n")
    path = tmp_path / "hostile.txt"
    path.write_text(text.replace(*change, 1))
    done = run(path)
    assert [error.hand for error in done.refused] == [1], what
    assert words in done.refused[0].reason and done.refused[0].file == str(path)
    assert len(done.results) == 1 and not done.disagreements


def test_a_truncated_hand_an_odd_name_and_an_empty_file(tmp_path: Path) -> None:
    text = (FIXTURES / "newer.txt").read_text()
    path = tmp_path / "cut.txt"
    path.write_text(text.replace("Ann", "A☃n (x) [y]") + text[: text.index("*** TURN")])
    done = run(path)
    assert nets(done.results[0])["A☃n (x) [y]"] == -1.10
    assert [error.hand for error in done.refused] == [2]
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert run(empty).results == []


def test_every_shared_wpn_hand_reads_or_is_refused_for_a_true_reason() -> None:
    done = run(shared_folder("Winning"))
    assert sorted(error.reason for error in done.refused) == [
        # the stud game waits for the engine
        "7Stud is not replayed here yet",
        # a capped table: the replay knows no cap (the players stop betting at 30 big blinds
        # without being all in)
        "a capped table (CAP): the cap ends the betting, which the replay does not apply",
        # the anonymised file left the big blind's name out ("Player  has big blind (2)")
        "line 15: ' has big blind (2)': a player not seated here (a name left out?)",
        "line 71: ' has big blind (2)': a player not seated here (a name left out?)",
    ]
    assert len(done.results) == 20  # the other 20 of the folder's 24 hands
    assert done.disagreements == []
