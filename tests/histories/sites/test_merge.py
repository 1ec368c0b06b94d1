"""The Merge Network reader (XML): fixture hands written in Merge's format (results worked out by
hand from the rules: hold'em, Omaha, stud hi/lo, badugi, HORSE), the shared sample of real files, the sniff, and hostile XML (a billion
laughs file is refused unexpanded, broken XML is one bad hand with its place)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.draft import site_cards
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.merge import read_merge
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "merge"


def _hands(path: Path = DATA / "holdem.xml") -> list[HandHistory | HandHistoryError]:
    return list(read_merge(path))


def test_a_hand_reads_seats_posts_and_raises_as_raise_to() -> None:
    hand = _hands()[0]
    assert isinstance(hand, HandHistory)
    # Dee is not dealt in; the order runs from the dealer's left; names are XML-unescaped
    assert [(s.name, s.seat, s.stack, s.blind) for s in hand.seats] == [
        ("Ann", 0, 2000, 25), ("Bob", 1, 1000, 50), ("Cy & Dé", 2, 1500, 0),
    ]  # fmt: skip
    moves = [(a.kind, a.actor, a.amount, a.all_in) for a in hand.actions if a.kind in ("check-call", "bet-raise")]  # fmt: skip
    # RAISE is the round's total, CALL what it adds, ALL_IN what it adds (here a bet of 5.50)
    assert moves == [
        ("bet-raise", 2, 150, False), ("check-call", 0, 125, False), ("bet-raise", 1, 450, False),
        ("check-call", 2, 300, False), ("bet-raise", 1, 550, True), ("check-call", 2, 550, False),
    ]  # fmt: skip
    boards = [a.cards for a in hand.actions if a.kind == "deal-board"]
    assert [len(cards) for cards in boards] == [3, 1, 1]  # the board so far, dealt card by card
    assert (hand.time, hand.hand_id, hand.currency) == ("2012-06-05T19:39:26-04:00", "900-1", "USD")
    assert hand.returned == ()  # this file writes returned bets: here there are none


def test_each_fixture_hand_replays_to_the_results_worked_out_by_hand() -> None:
    hands = _hands() + _hands(DATA / "old-omaha.xml")
    results = [replay(hand) for hand in hands if isinstance(hand, HandHistory)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Bob's set of kings beats Cy's aces all in on the flop: 21.50 pot, 20.50 paid
        {"Ann": -1.5, "Bob": 10.5, "Cy & Dé": -10.0},
        # Ann's raise to 1.50 is not called: 1.00 returned (uncalled="true"), she wins 1.25
        {"Ann": 0.75, "Bob": -0.25, "Cy & Dé": -0.5},
        # Dee comes back posting 0.75: 0.50 live, 0.25 dead; his flop bet is not called
        {"Ann": -0.5, "Bob": -0.5, "Cy & Dé": -0.5, "Dee": 1.5},
        # an older file: Ann folds to Bob's bet, the pot is 4.00 (the 4.80 paid counts the bet)
        {"Ann": -2.0, "Bob": 2.0},
    ]
    assert [r.rake for r in results[:3]] == pytest.approx([1.0, 0.0, 0.0])
    assert all(not result.disagreements for result in results)
    assert [h.returned for h in hands[1:3]] == [((2, 100, 40),), ((2, 100, 62),)]
    # the older file writes no returned bet, and its folded hands' payouts count one in
    old = hands[3]
    assert isinstance(old, HandHistory) and old.returned is None and old.winnings is None
    assert old.variant == "FO/8" and old.big_blind == 100 and old.time == "2011-12-20T05:01:17"


def test_a_winner_paid_more_than_the_pot_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.xml"
    path.write_text((DATA / "holdem.xml").read_text().replace('amount="20.50"', 'amount="22.50"'))
    result = replay(next(h for h in _hands(path) if isinstance(h, HandHistory)))
    assert [d.kind for d in result.disagreements] == ["winnings"]


def test_a_stud_hi_lo_hand_is_dealt_street_by_street_and_replays_to_the_sites_record() -> None:
    (hand,) = _hands(DATA / "stud.xml")
    assert isinstance(hand, HandHistory)
    assert (hand.variant, hand.bring_in, hand.min_bet, hand.big_bet) == ("F7S/8", 25, 100, 200)
    deals = [(hand.names[a.actor or 0], a.cards) for a in hand.actions if a.kind == "deal-hole"]
    # third street: the saver's three cards, the others' up card after two unseen; Bob, folded
    # on fourth street, is written again with his cards and dealt nothing more
    assert deals[:3] == [
        ("Bob", site_cards("????2c")), ("Cy", site_cards("????Kd")), ("Ann", site_cards("Ah3h9h")),
    ]  # fmt: skip
    assert [name for name, _ in deals].count("Bob") == 2
    assert deals[-2:] == [("Cy", (None,)), ("Ann", site_cards("Td"))]  # seventh: Cy's unseen
    moves = [(hand.names[a.actor or 0], a.kind, a.amount) for a in hand.actions[:8]
             if a.kind in ("bring-in", "bet-raise", "check-call")]  # fmt: skip
    assert moves[:3] == [("Bob", "bring-in", None), ("Cy", "bet-raise", 100), ("Ann", "check-call", 100)]  # fmt: skip
    result = replay(hand)
    # antes 0.10, Bob brings in 0.25, Cy completes to 1, both call; Ann bets 1 on fourth (Bob
    # folds), raises Cy's 2 to 4 on fifth, calls 2 on seventh: 8.10 each of Ann and Cy, 1.10
    # of Bob, a 17.30 pot less 0.80 rake: Cy's three kings and Ann's 8-5-4-3-A low take 8.25 each
    assert {p.player: round(p.net, 2) for p in result.players} == {"Ann": 0.15, "Bob": -1.1, "Cy": 0.15}  # fmt: skip
    assert result.rake == pytest.approx(0.8) and not result.disagreements


def test_a_badugi_hand_reads_the_savers_draws_and_replays_to_the_sites_record() -> None:
    (hand,) = _hands(DATA / "badugi.txt")
    assert isinstance(hand, HandHistory)
    assert (hand.variant, hand.game) == ("PB", "badugi")
    # every player dealt in before the first move, Ann on the button too (she posts nothing)
    assert [hand.names[a.actor or 0] for a in hand.actions if a.kind == "deal-hole"] == ["Ann", "Bob", "Cy"]  # fmt: skip
    draws = [(hand.names[a.actor or 0], a.discarded, a.cards) for a in hand.actions if a.kind == "draw"]  # fmt: skip
    assert draws == [  # the saver's cards thrown and drawn from his hand before and after
        ("Bob", site_cards("KdKh"), site_cards("Ad7h")),
        ("Cy", (None,), (None,)),
        ("Ann", (None,) * 3, (None,) * 3),
        ("Bob", (), ()),
        ("Ann", (None,), (None,)),
        ("Bob", (), ()),
        ("Ann", (), ()),
    ]
    result = replay(hand)
    # 1 each before the draw, Bob bets 1 (Cy folds, Ann calls), bets 2 and calls Ann's raise to
    # 8: 10 each of Ann and Bob, 1 of Cy; Bob's 7-3-2-A badugi takes the 21 pot less 1 rake
    assert {p.player: round(p.net, 2) for p in result.players} == {"Ann": -10.0, "Bob": 10.0, "Cy": -1.0}  # fmt: skip
    assert not result.disagreements


def test_a_stud_winner_paid_more_than_the_pot_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.xml"
    path.write_text((DATA / "stud.xml").read_text().replace('amount="8.25" uncalled="false" potnumber="1" player="1"', 'amount="9.25" uncalled="false" potnumber="1" player="1"'))  # fmt: skip
    (hand,) = _hands(path)
    assert isinstance(hand, HandHistory)
    assert [d.kind for d in replay(hand).disagreements] == ["winnings"]


def test_horse_hands_are_read_by_their_game_and_an_unknown_game_refused_by_name() -> None:
    stud, other = _hands(DATA / "horse.xml")
    assert isinstance(stud, HandHistory) and stud.variant == "F7S/8"
    # Ann brings in 0.25 and folds to Bob's completion to 1: 0.75 returned, 0.70 won
    assert {p.player: round(p.net, 2) for p in replay(stud).players} == {"Ann": -0.35, "Bob": 0.35}  # fmt: skip
    assert isinstance(other, HandHistoryError) and other.hand == 2
    assert "a HORSE hand of game '41' is not replayed here yet" in other.reason


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("Merge")
    assert counts.formats == {"merge"}
    # pins (the program's own counts, checked by reading the refusals): 37 hands replayed and 7
    # refused before the stud and draw hands were read; every stud, draw and HORSE hand now
    # replays to the site's record
    assert counts.replayed == 43
    assert sorted(counts.refused) == [
        # the file ends with a hand the site recorded only up to its first fold
        "FLHE-9max-USD-0.02-0.04.20110416.xml, hand 10: the hand ends with dmlink to act",
    ]
    assert counts.disagreements == []


LAUGHS: Final = """<description type="Holdem" stakes="No Limit ($0.25/$0.50)"/>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<game id="&lol9;"/>
"""


def test_a_billion_laughs_file_is_refused_unexpanded(tmp_path: Path) -> None:
    path = tmp_path / "laughs.xml"
    path.write_text(LAUGHS)
    (error,) = _hands(path)
    assert isinstance(error, HandHistoryError)
    assert error.line == 2 and "entity declaration" in error.reason
    head_first = tmp_path / "laughs-first.xml"  # a file that starts with its DOCTYPE
    head_first.write_text(LAUGHS.split("\n", 1)[1])
    (error,) = read_histories(head_first)
    assert isinstance(error, HandHistoryError) and "not a hand history" in error.reason


def test_broken_xml_is_one_bad_hand_with_its_line(tmp_path: Path) -> None:
    # a file cut inside a hand and an empty one: test_formats.py
    text = (DATA / "holdem.xml").read_text()
    broken = tmp_path / "broken.xml"
    broken.write_text(text.replace('<round id="POSTFLOP" sequence="3">', "<round id=>", 1))
    hands = _hands(broken)
    assert len(hands) == 1 and isinstance(hands[0], HandHistoryError)
    assert (hands[0].hand, hands[0].line) == (1, 21) and "not well-formed" in hands[0].reason
