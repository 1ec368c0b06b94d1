"""iPoker's XML through the compiled reader (issue 29 §1, ``histories/_ipoker_kernels.py``): the
kernel reads a hold'em or Omaha hand (4 and 5 cards, hi/lo; cash and tournaments) only where it
is sure of it (no, pot and fixed limit; Six Plus too) and leaves the rest (stud, an action code it does not
know, a name that is not ASCII, …) to iPoker's own reader, hand by hand; a file outside the XML
it takes (an entity, a comment, CDATA, broken markup) is iPoker's reader's whole. So every
hand's rows, errors and disagreements on the fast path are iPoker's reader's (the reference
path, ``POKERSCORE_HISTORIES_REFERENCE=1``): stacks, pots, rake, all-in EV, the site's totals
(``win`` and the stacks at the end), the currency, the tournament and the date; each kind of
hand and each guard has a file of its own here."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.histories.sites.site_runs import DATA, compared_results, kernel_read
from tests.histories.test_histories import _both_paths, _rows, _same_summaries
from tests.shared_sample import HAND_HISTORIES

FIXTURE = DATA / "ipoker" / "sessions-cp1252.xml"
TEXT = FIXTURE.read_bytes().decode("cp1252")
_SESSIONS = TEXT.split('<?xml version="1.0" encoding="utf-8"?>\n')[1:]
CASH, TOURNAMENT, FIVE_CARD = ('<?xml version="1.0" encoding="utf-8"?>\n' + s for s in _SESSIONS)
"""The fixture's three sessions: two cash hands (a bet nobody called paid apart; a dead small
blind posted with the big), a tournament's (no stakes in its gametype; an older client that
pays the bet nobody called inside ``win``) and five-card Omaha (``PL €2/€4``: no game named)."""
SHARED_IPOKER = HAND_HISTORIES / "sites" / "iPoker"
LIMIT = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="4">
 <general>
  <uncalled_bet_enabled>true</uncalled_bet_enabled>
  <mode>real</mode>
  <gametype>Holdem L $5/$10</gametype>
  <tablename>Limit, 777</tablename>
  <currency>USD</currency>
  <nickname>Hero</nickname>
 </general>
 <game gamecode="4001">
  <general>
   <startdate>2011-01-22 21:25:31</startdate>
   <players>
    <player chips="$200" dealer="1" seat="1" name="Hero" bet="$30" win="$49"/>
    <player chips="$150" dealer="0" seat="2" name="Bo" bet="$10" win="$0"/>
    <player chips="$300" dealer="0" seat="3" name="Ann" bet="$20" win="$0"/>
   </players>
  </general>
  <round no="0">
   <action no="1" cards="" type="1" sum="$2.50" player="Bo"/>
   <action no="2" cards="" type="2" sum="$5" player="Ann"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">SK SQ</cards>
   <action no="3" cards="" type="23" sum="$10" player="Hero"/>
   <cards type="Pocket" player="Bo">X X</cards>
   <action no="4" cards="" type="3" sum="$7.50" player="Bo"/>
   <cards type="Pocket" player="Ann">X X</cards>
   <action no="5" cards="" type="3" sum="$5" player="Ann"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">D9 C10 HQ</cards>
   <action no="6" cards="" type="4" sum="$0" player="Bo"/>
   <action no="7" cards="" type="5" sum="$5" player="Ann"/>
   <action no="8" cards="" type="23" sum="$10" player="Hero"/>
   <action no="9" cards="" type="0" sum="$0" player="Bo"/>
   <action no="10" cards="" type="3" sum="$5" player="Ann"/>
  </round>
  <round no="3">
   <cards type="Turn" player="">C2</cards>
   <action no="11" cards="" type="4" sum="$0" player="Ann"/>
   <action no="12" cards="" type="5" sum="$10" player="Hero"/>
   <action no="13" cards="" type="0" sum="$0" player="Ann"/>
  </round>
 </game>
</session>
"""
"""A fixed-limit hold'em session (``Holdem L $5/$10``, as iPoker wrote it in 2011: the stakes
are the small and big bets, the blinds $2.50 and $5 as posted): Hero raises, is raised into on
the flop and bets the turn, which nobody calls (the bet paid back apart); the rake $1."""


ALLIN = CASH.replace(
    '<action no="4" cards="" type="3" sum="€1,25" player="Hero"/>',
    '<action no="4" cards="" type="7" sum="€1,25" player="Hero"/>',
)
"""Hero's call written as an all-in (type 7): a call, all in."""
ALLIN_SHOWDOWN = (
    CASH.replace('name="Hero" bet="€1,50" win="€4,05"', 'name="Hero" bet="€18,50" win="€38,05"')
    .replace('name="Bo" bet="€1,50" win="€0"', 'name="Bo" bet="€18,50" win="€0"')
    .replace(
        '<action no="8" cards="" type="5" sum="€1" player="Bo"/>',
        '<action no="8" cards="" type="7" sum="€18" player="Bo"/>',
    )
    .replace(
        '<action no="11" cards="" type="3" sum="€1" player="Hero"/>',
        '<action no="11" cards="" type="3" sum="€18" player="Hero"/>',
    )
)
for _check in range(12, 16):
    ALLIN_SHOWDOWN = "\n".join(
        line for line in ALLIN_SHOWDOWN.split("\n") if f'action no="{_check}"' not in line
    )
"""The second hand with Bo all in on the flop (his flush draw against Hero's kings), Hero
calling, the turn and river dealt with no more play: an all-in EV."""
HI_LO = (
    FIVE_CARD.replace("<gametype>PL €2/€4</gametype>", "<gametype>Omaha Hi-Lo PL €2/€4</gametype>")
    .replace("X X X X X", "X X X X")
    .replace("S2 DK C3 D7 S3", "S2 DK C3 D7")
)


def _variants() -> dict[str, bytes]:
    """Each kind's and each guard's file."""
    return {
        "cash": CASH.encode("cp1252"),
        "tournament": TOURNAMENT.encode("cp1252"),
        "five-card-omaha": FIVE_CARD.encode("cp1252"),
        "omaha-hi-lo": HI_LO.encode("cp1252"),
        "all-in-call": ALLIN.encode("cp1252"),
        "all-in-showdown": ALLIN_SHOWDOWN.encode("cp1252"),
        "utf8": CASH.encode("utf-8"),
        "utf8-byte-order-mark": CASH.encode("utf-8-sig"),
        "crlf": CASH.replace("\n", "\r\n").encode("cp1252"),
        "whole-fixture": TEXT.encode("cp1252"),
        "dollars-dot-decimals": CASH.replace("€", "$").replace(",", ".").encode("cp1252"),
        "no-session-end": CASH.replace("</session>\n", "").encode("cp1252"),
        "declaration-in-an-open-session": (CASH.replace("</session>\n", "") + TOURNAMENT).encode(
            "cp1252"
        ),
        "limit": LIMIT.encode("cp1252"),
        "fixed-limit": LIMIT.replace("Holdem L", "Holdem FL").encode("cp1252"),
        "fixed-limit-tournament": LIMIT.replace("Holdem L $5/$10", "Holdem FL").encode("cp1252"),
        "fixed-limit-raises-past-the-cap": CASH.replace("Holdem NL", "Holdem FL").encode("cp1252"),
        "six-plus": CASH.replace("Holdem NL", "Six Plus Holdem NL").encode("cp1252"),
        "six-plus-low-card": CASH.replace("Holdem NL", "Six Plus Holdem NL")
        .replace("S10 HA", "S2 HA", 1)
        .encode("cp1252"),
        # left to iPoker's reader, hand by hand
        "stud": CASH.replace('type="Flop"', 'type="Third Street"', 1).encode("cp1252"),
        "unknown-action": CASH.replace(
            'type="4" sum="€0" player="Hero"', 'type="42" sum="€0" player="Hero"', 1
        ).encode("cp1252"),
        "name-not-ascii": CASH.replace('"Bo"', '"Bö"').encode("cp1252"),
        "action-not-seated": CASH.replace(
            'sum="€1" player="Bo"', 'sum="€1" player="Zed"', 1
        ).encode("cp1252"),
        "two-of-a-name": CASH.replace('seat="5" name="Bo"', 'seat="5" name="Ann"', 1).encode(
            "cp1252"
        ),
        "amount-with-a-word": CASH.replace('chips="€20"', 'chips="20 EUR"', 1).encode("cp1252"),
        "no-gametype": CASH.replace("<gametype>Holdem NL €0,25/€0,50</gametype>", "").encode(
            "cp1252"
        ),
        "board-unseen": CASH.replace("D9 C10 HQ", "D9 X HQ").encode("cp1252"),
        "rounds-out-of-order": CASH.replace('<round no="2">', '<round no="0">', 1).encode("cp1252"),
        "long-amount": CASH.replace('chips="€20"', 'chips="€' + "1" * 70 + '"', 1).encode("cp1252"),
        # the whole file iPoker's reader's
        "entity": CASH.replace('name="Bo"', 'name="B&amp;o"')
        .replace('player="Bo"', 'player="B&amp;o"')
        .encode("cp1252"),
        "comment": CASH.replace('<round no="2">', '<!-- flop --><round no="2">', 1).encode(
            "cp1252"
        ),
        "broken-markup": CASH.replace("</round>", "</rounds>", 1).encode("cp1252"),
        "doctype": ("<!DOCTYPE session>\n" + CASH).encode("cp1252"),
        "utf16": CASH.encode("utf-16"),
        "attribute-twice": CASH.replace(
            'seat="5" name="Bo"', 'seat="5" seat="5" name="Bo"', 1
        ).encode("cp1252"),
    }


VARIANTS = _variants()
READ_BY_THE_KERNEL = {
    "cash": [True, True],
    "tournament": [True],
    "five-card-omaha": [True],
    "omaha-hi-lo": [True],
    "all-in-call": [True, True],
    "all-in-showdown": [True, True],
    "utf8": [True, True],
    "utf8-byte-order-mark": [True, True],
    "crlf": [True, True],
    "whole-fixture": [True, True, True, True],
    "dollars-dot-decimals": [True, True],
    "no-session-end": [True, True],
    "declaration-in-an-open-session": [True, True, True],
    "limit": [True],
    "fixed-limit": [True],
    "fixed-limit-tournament": [True],
    "fixed-limit-raises-past-the-cap": [True, True],
    "six-plus": [True, True],
    "six-plus-low-card": [True, True],
    "stud": [False, True],
    "unknown-action": [False, True],
    "name-not-ascii": [False, False],
    "action-not-seated": [False, True],
    "two-of-a-name": [False, True],
    "amount-with-a-word": [False, True],
    "no-gametype": [False, False],
    "board-unseen": [False, True],
    "rounds-out-of-order": [False, True],
    "long-amount": [False, True],
    "entity": None,
    "comment": None,
    "broken-markup": None,
    "doctype": None,
    "utf16": None,
    "attribute-twice": None,
}
"""Which hands the kernel reads (replayed, or refused by its replay), None where the file is
not in the XML it takes."""


def _read_by_the_kernel(path: Path) -> list[bool] | None:
    from pokerscore.histories.batches import ipoker_file, replay_ipoker_text

    found = ipoker_file(str(path))
    if found is None:
        return None
    data, index = found
    return kernel_read(replay_ipoker_text(data, index))


def _both(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], list[Any]]:
    from pokerscore.histories.parts import REFERENCE_ONLY

    fast = compared_results(path)
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    reference = compared_results(path)
    monkeypatch.delenv(REFERENCE_ONLY)
    return fast, reference


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_ipoker_hand_gives_ipokers_readers_answer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "ipoker.xml"
    path.write_bytes(VARIANTS[name])
    assert _read_by_the_kernel(path) == READ_BY_THE_KERNEL[name]
    fast, reference = _both(path, monkeypatch)
    assert fast == reference
    fast_run, reference_run = _both_paths([path], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast_run, reference_run)


def test_the_ipoker_hands_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The answers worked out from the fixture (``test_ipoker.py``'s), by the kernel: the bet
    nobody called taken back as the file says, the dead small blind, the tournament's blinds
    from its posts, five-card Omaha told by the cards; no disagreement with the site's totals."""
    path = tmp_path / "ipoker.xml"
    path.write_bytes(VARIANTS["whole-fixture"])
    assert _read_by_the_kernel(path) == [True, True, True, True]
    uncalled, dead, tournament, five_card = compared_results(path)
    assert uncalled[0] == ("1001", "iPoker", "NT", "EUR", None, "2019-05-26T20:10:33")
    assert {p.player: p.net for p in uncalled[1]} == pytest.approx(
        {"Hero": -1.5, "Bo": -1.5, "Ann": 2.8}
    )
    assert uncalled[3] == pytest.approx(0.2)
    assert {p.player: p.net for p in dead[1]} == pytest.approx(
        {"Bo": -1.5, "Cy": -0.75, "Ann": -0.5, "Hero": 2.55}
    )
    assert tournament[0][3:5] == (None, "Twister $1 SNG")
    assert {p.player: p.net for p in tournament[1]} == {"Bo": -10, "Hero": -40, "Ann": 50}
    assert five_card[0][2] == "P5O"
    assert all(not result[5] for result in (uncalled, dead, tournament, five_card))


def test_an_all_in_is_valued_as_the_reference_values_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bo all in on the flop with a flush draw, Hero's kings call: both rows carry an all-in
    EV (the kernel's rows, the reference path's alike); the site's totals agree."""
    path = tmp_path / "ipoker.xml"
    path.write_bytes(VARIANTS["all-in-showdown"])
    assert _read_by_the_kernel(path) == [True, True]
    fast, reference = _both(path, monkeypatch)
    assert fast == reference
    allin = fast[1]
    assert not allin[5]
    evs = {p.player: p.allin_ev for p in allin[1] if p.allin_ev is not None}
    assert set(evs) == {"Hero", "Bo"}
    nets = {p.player: p.net for p in allin[1]}
    assert nets == pytest.approx({"Hero": 19.55, "Bo": -18.5, "Ann": -0.5, "Cy": -0.75})
    _both_paths([path], tmp_path, monkeypatch)
    rows = _rows(tmp_path / "fast.parquet")
    assert rows == _rows(tmp_path / "reference.parquet")
    assert sum(row["allin_ev"] is not None for row in rows) == 2


def test_a_wrong_total_is_the_same_disagreement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hero's ``bet`` says 1.60 where the actions put in 1.50: the stacks at the end disagree,
    on the kernel's path as on the reference's."""
    path = tmp_path / "ipoker.xml"
    path.write_bytes(
        FIXTURE.read_bytes().replace(
            b'bet="\x801,50" win="\x804,05"', b'bet="\x801,60" win="\x804,05"'
        )
    )
    fast, reference = _both(path, monkeypatch)
    assert fast == reference
    assert any("Hero -0.10" in text for result in fast for text in result[5])


def test_the_kernel_gives_ipokers_rows_on_the_shared_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = sorted(SHARED_IPOKER.rglob("*.txt")) if SHARED_IPOKER.is_dir() else []
    if not files:
        pytest.skip(f"the shared iPoker files ({SHARED_IPOKER}) are not on this machine")
    fast, reference = _both_paths([*files, FIXTURE], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    read = [hand for path in files for hand in (_read_by_the_kernel(path) or [])]
    assert sum(read) >= 30
    for path in files:
        fast_results, reference_results = _both(path, monkeypatch)
        assert fast_results == reference_results, path.name


_WORDS = (
    'type="7"',
    'type="23"',
    'type="3"',
    'type="5"',
    'type="0"',
    'type="8"',
    'sum="€0"',
    'sum="€1,5"',
    'player="Ann"',
    'player="Hero"',
    "X X",
    "HA HA",
    'no="3"',
    'seat="3"',
    'dealer="1"',
    'win="€9"',
    '<round no="1">',
    "</round>",
    "<uncalled_bet_enabled>false",
)


def _mutated(text: str, rng: random.Random) -> str:
    """A file with one line changed as a damaged or odd one might be: dropped, repeated,
    swapped, cut, or a word of it (``_WORDS``) put in place of another."""
    lines = text.split("\n")
    at = rng.randrange(2, len(lines) - 1)
    kind = rng.randrange(5)
    if kind == 0:
        del lines[at]
    elif kind == 1:
        lines.insert(at, lines[rng.randrange(2, len(lines))])
    elif kind == 2:
        other = rng.randrange(2, len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    elif kind == 3:
        lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
    else:
        words = lines[at].split(" ")
        words[rng.randrange(len(words))] = rng.choice(_WORDS)
        lines[at] = " ".join(words)
    return "\n".join(lines)


@pytest.mark.slow
def test_mutated_ipoker_files_give_ipokers_readers_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files changed at random, a line each: whatever the kernel reads, it reads as iPoker's
    reader does; the rest it leaves to it (results, errors and disagreements alike)."""
    rng = random.Random(29)
    path = tmp_path / "ipoker.xml"
    for _ in range(150):
        path.write_bytes(_mutated(TEXT, rng).encode("cp1252"))
        fast, reference = _both(path, monkeypatch)
        assert fast == reference, path.read_bytes()


def test_a_fixed_limit_hand_is_replayed_by_its_bets(tmp_path: Path) -> None:
    """``Holdem L $5/$10``: the small bet $5 and the big bet $10, the blinds as posted; Hero's
    raises are whole bets, the turn's $10 bet nobody called comes back, and Hero nets what Ann
    and Bo put in less the $1 rake (+$29); the site's totals agree."""
    path = tmp_path / "ipoker.xml"
    path.write_bytes(VARIANTS["limit"])
    assert _read_by_the_kernel(path) == [True]
    ((facts, players, *_, disagreements),) = compared_results(path)
    assert facts[2] == "FT"
    assert {p.player: p.net for p in players} == pytest.approx(
        {"Hero": 29.0, "Bo": -10.0, "Ann": -20.0}
    )
    assert not disagreements


def test_a_fixed_limit_tournament_takes_its_bets_from_the_big_blind(tmp_path: Path) -> None:
    """A limit gametype with no stakes (``Holdem FL``, as a tournament's): the small bet is the
    big blind posted ($5) and the big bet twice it, so the same hand plays as with ``$5/$10``
    written (before, the small blind posted was taken for the small bet and Hero's raise to $10
    refused as past the limit)."""
    path = tmp_path / "ipoker.xml"
    path.write_bytes(VARIANTS["fixed-limit-tournament"])
    assert _read_by_the_kernel(path) == [True]
    ((_, players, *_, disagreements),) = compared_results(path)
    assert {p.player: p.net for p in players} == pytest.approx(
        {"Hero": 29.0, "Bo": -10.0, "Ann": -20.0}
    )
    assert not disagreements
