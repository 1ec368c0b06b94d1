"""The iPoker reader (``histories/sites/ipoker.py``): an XML fixture of three sessions written in
the network's format (cp1252 bytes under a UTF-8 declaration, comma decimals, actions listed out
of order, each result worked out by hand), hostile XML, the sniff, and every hand of the shared
iPoker files."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import file_format_of, history_files
from pokerscore.histories.sites import ipoker

from .site_runs import DATA, nets, run, shared_folder

FIXTURE = DATA / "ipoker" / "sessions-cp1252.xml"


def test_three_sessions_in_one_file() -> None:
    done = run(FIXTURE)
    assert not done.refused and not done.disagreements
    uncalled, dead, tournament, five_card = done.results
    hand = uncalled.hand
    # Hero's stack "€1.200,25"; the empty seat 7 is no player; Ann's raise (type 23) is "to 1.50"
    assert [(s.name, hand.chips(s.stack)) for s in hand.seats] == [("Hero", Decimal("1200.25")), ("Bo", 20), ("Ann", 50)]  # fmt: skip
    assert [str(c) for c in next(a.cards for a in hand.actions if a.kind == "deal-hole")] == ["Ts", "Ah"]  # fmt: skip
    # the actions in their "no" order: the flop checks (6, 7) before Ann's bet (8)
    flop = [(a.kind, hand.seats[a.actor].name) for a in hand.actions if a.actor is not None][-5:]
    assert flop == [("check-call", "Hero"), ("check-call", "Bo"), ("bet-raise", "Ann"), ("fold", "Hero"), ("fold", "Bo")]  # fmt: skip
    # Ann's 5 on the flop comes back (the file leaves it out of "win"): pot 4.50, paid 4.30
    assert nets(uncalled) == {"Hero": -1.50, "Bo": -1.50, "Ann": 2.80}
    assert round(uncalled.rake, 2) == 0.20
    assert (hand.hand_id, hand.currency, hand.table, hand.time) == ("1001", "EUR", "Fixture", "2019-05-26T20:10:33")  # fmt: skip
    # Cy's "big blind" of 0.75: 0.50 live and 0.25 dead; Hero's kings beat Bo at the showdown
    cy = next(s for s in dead.hand.seats if s.name == "Cy")
    assert (dead.hand.chips(cy.blind), dead.hand.chips(cy.ante)) == (Decimal("0.50"), Decimal("0.25"))  # fmt: skip
    assert nets(dead) == {"Bo": -1.50, "Cy": -0.75, "Ann": -0.50, "Hero": 2.55}
    # a tournament: no stakes in the game type (the posts say 10/20); the older "win" of 130
    # holds Ann's uncalled 40
    assert (tournament.hand.tournament, tournament.hand.currency) == ("Twister $1 SNG", None)
    assert (tournament.hand.small_blind, tournament.hand.big_blind) == (10, 20)
    assert nets(tournament) == {"Bo": -10, "Hero": -40, "Ann": 50}
    assert tournament.hand.time == "2014-04-07T00:57:23"
    # "PL €2/€4" names no game: five cards dealt make it 5-card Omaha
    assert five_card.hand.variant == "P5O"
    assert nets(five_card) == {"Hero": 2, "Ann": -2}


def test_the_site_totals_are_checked(tmp_path: Path) -> None:
    text = FIXTURE.read_bytes()
    path = tmp_path / "wrong.xml"
    # Hero's "bet" says 1.60 where the actions put in 1.50: the stacks at the end disagree
    path.write_bytes(
        text.replace(b'bet="\x801,50" win="\x804,05"', b'bet="\x801,60" win="\x804,05"')
    )
    done = run(path)
    assert len(done.disagreements) == 1 and "Hero -0.10" in done.disagreements[0]


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<session sessioncode="1"><general><gametype>Holdem NL $1/$2</gametype></general>
<game gamecode="1">&lol2;</game></session>
"""


@pytest.mark.parametrize(
    ("what", "text", "words"),
    [
        ("billion laughs", BILLION_LAUGHS, "DOCTYPE or entity declaration"),
        ("an external entity", BILLION_LAUGHS.replace('"lol"', 'SYSTEM "file:///etc/passwd"'), "DOCTYPE"),
    ],
)  # fmt: skip
def test_a_doctype_is_refused_never_expanded(
    tmp_path: Path, what: str, text: str, words: str
) -> None:
    path = tmp_path / "hostile.xml"
    path.write_text(text)
    done = run(path)
    assert [words in error.reason for error in done.refused] == [True], what
    assert done.results == []


def test_broken_xml_an_escaped_name_and_an_empty_file(tmp_path: Path) -> None:
    # hostile hands and a file cut inside a hand: test_formats.py
    text = FIXTURE.read_bytes().decode("cp1252")
    odd = tmp_path / "odd.xml"
    odd.write_bytes(text.replace('"Bo"', '"B&amp;o &lt;☃&gt;"').encode("utf-8"))
    assert "B&o <☃>" in nets(run(odd).results[0])
    broken = tmp_path / "broken.xml"
    broken.write_text(text.replace('<round no="3">', '<round no="3"<<'))
    done = run(broken)
    # the first hand read, the session given up at the bad line, the next sessions read
    assert len(done.results) == 3 and "not well-formed XML" in done.refused[0].reason
    bad_line = text[: text.index('<round no="3">')].count("\n") + 1
    assert done.refused[0].line is not None and 0 <= done.refused[0].line - bad_line <= 1
    empty = tmp_path / "empty.xml"
    empty.write_text("")
    done = run(empty)
    assert done.results == [] and ["not a hand history" in e.reason for e in done.refused] == [True]


def test_a_sessioncode_element_is_no_new_session(tmp_path: Path) -> None:
    text = FIXTURE.read_bytes().decode("cp1252")
    path = tmp_path / "code.xml"
    path.write_bytes(text.replace("<mode>real</mode>", "<sessioncode>7</sessioncode><mode>real</mode>", 1).encode("cp1252"))  # fmt: skip
    done = run(path)
    assert len(done.results) == 4 and not done.refused


def test_the_sniff_and_the_folder_search(tmp_path: Path) -> None:
    assert file_format_of(FIXTURE) == "ipoker"
    assert not ipoker.sniff("<?xml version='1.0'?><HISTORY ID='1'>")
    assert FIXTURE in history_files([FIXTURE.parent])  # a folder's .xml files are read


def test_every_shared_ipoker_hand_reads_or_is_refused_for_a_true_reason() -> None:
    done = run(shared_folder("iPoker"))
    assert done.refused == []
    assert len(done.results) == 46  # the two seven-card stud hands among them
    assert sorted(d.split(": ", 2)[2] for d in done.disagreements) == [
        # in both, the small blind raises (type 23, a raise "to": the callers' amounts and the
        # site's own "win" agree with that) and the site's "bet" counts the blind once more:
        # 0.01 + 0.04 for a raise to 0.04, 2.50 + 15 for a raise to 15 that nobody calls
        "the finishing stacks and the winnings disagree: Player1 -0.01",
        "the finishing stacks and the winnings disagree: vecchiolupo22 -2.50",
    ]


def test_stray_text_and_a_session_that_starts_inside_a_hand(tmp_path: Path) -> None:
    """Kept when iPoker moved onto the XML sites' shared reader (``sites.markup``): text before
    the first ``<session>`` is one bad "hand" of no number with its line, and a session that
    starts inside a hand gives up that hand, with its number and line; the rest is read."""
    text = FIXTURE.read_bytes()
    stray = tmp_path / "stray.xml"
    stray.write_bytes(b"junk here\n" + text)
    hands = list(ipoker.read_ipoker(stray))
    first = hands[0]
    assert isinstance(first, HandHistoryError) and "text before the first" in first.reason
    assert (first.hand, first.line) == (None, 1)
    assert [hand.number for hand in hands[1:] if isinstance(hand, HandHistory)] == [1, 2, 3, 4]
    cut = tmp_path / "cut.xml"
    cut.write_bytes(text[: text.index(b"</game>")] + b"\n" + text[text.index(b"<session", 10) :])
    hands = list(ipoker.read_ipoker(cut))
    first = hands[0]
    assert isinstance(first, HandHistoryError) and (first.hand, first.line) == (1, 11)
    assert len([hand for hand in hands if isinstance(hand, HandHistory)]) == 4
