"""Bovada, Bodog and Ignition through the compiled PokerStars-layout reader (issue 29 §1): the
kernel reads a hold'em or Omaha hand (hi/lo too, cash and tournaments) only where it is sure of
it and leaves the rest (stud, an amount written otherwise, a position or line it does not know,
any line it would otherwise misread) to Bovada's own reader, hand by hand. So every hand's rows,
errors and disagreements on the fast path are Bovada's reader's (the reference path,
``POKERSCORE_HISTORIES_REFERENCE=1``): players named as it names them (the file's own ``Hero``,
the others by position), stacks, pots, rake, all-in EV and the site's totals; each kind of hand
and each guard has a hand of its own here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.histories.sites.site_runs import compared_results, mutated_hand, stars_layout_read
from tests.histories.sites.test_stars_layouts_fast import SHARED_SITES, SITES, _fast_statuses
from tests.histories.test_histories import _both_paths, _rows, _same_summaries
from tests.shared_sample import needs_sample

BOVADA = SITES / "bovada"
CASH, WALK = (BOVADA / "cash.txt").read_text(encoding="utf-8-sig").split("\n\n\n")
"""A cash hand (``[ME]`` written with two spaces, a dead chip posted, thousands separated, an
all-in bet called) and a walk whose big blind nobody called, no return written."""
OMAHA_ALLIN = (BOVADA / "allin-omaha.txt").read_text(encoding="utf-8")
"""Omaha all in before the flop: the board in the summary alone, a side pot."""
TOURNAMENT = (BOVADA / "tournament.txt").read_text(encoding="utf-8")
"""A tournament's hold'em: chips, antes, the level's blinds, seats numbered by table ids."""

HI_LO = """\
Bodog Hand #700: OMAHA HiLo Tournament #77 TBL#1, Pot Limit- Level 2 (15/30) - 2014-09-07 04:24:27
Seat 1: Big Blind [ME] (830 in chips)
Seat 2: Dealer (2,170 in chips)
Seat 3: Small Blind (1,000 in chips)
Dealer : Set dealer [2]
Small Blind : Small blind 15
Big Blind [ME] : Big blind 30
*** HOLE CARDS ***
Big Blind [ME] : Card dealt to a spot [Kh Ks Jd Jh]
Dealer : Card dealt to a spot [Ah 3d 9c 9d]
Small Blind : Card dealt to a spot [4s 6d Th Td]
Dealer : Call 30
Small Blind : Call 15
Big Blind [ME] : Checks
*** FLOP *** [2h 5c Kd]
Small Blind : Checks
Big Blind [ME] : Bet 60
Dealer : Call 60
Small Blind : Folds
*** TURN *** [2h 5c Kd] [7s]
Big Blind [ME] : Checks
Dealer : Checks
*** RIVER *** [2h 5c Kd 7s] [Qc]
Big Blind [ME] : Checks
Dealer : Checks
Big Blind [ME] : Showdown [Kh Ks Kd Qc 7s] (Three of a kind)
Dealer : Showdown [Ah 3d 2h 5c 7s] (Low)
Big Blind [ME] : Hand result 105
Dealer : Hand result 105
*** SUMMARY ***
Total Pot(210)
Board [2h 5c Kd 7s Qc]
Seat+1: Big Blind 105  with Three of a kind [Kh Ks Jd Jh-Kh Ks Kd Qc 7s]
Seat+2: Dealer 105  with Low [Ah 3d 9c 9d-Ah 3d 2h 5c 7s]
Seat+3: Small Blind Folded on the FLOP

"""
"""Omaha hi/lo in a tournament (Bodog's header): the high half to the big blind, the low half to
the dealer, the small blind's call folded on the flop."""


UNRETURNED_END = """\
UTG+1 : Hand result $8.15
*** SUMMARY ***
Total Pot($8.45) | Rake ($0.30)
Board [4c Th Ts]

"""
"""The end of a hand whose raise on the flop nobody called, no return written: the result and the
total hold the $3 raised past the bet, which Bovada's reader takes back out of both."""


def _variants() -> dict[str, str]:
    """Each kind's and each guard's hand."""
    return {
        "cash": CASH + "\n\n\n",
        "walk-unreturned": WALK,
        "omaha-allin-board-in-summary": OMAHA_ALLIN,
        "tournament": TOURNAMENT,
        "omaha-hi-lo-tournament": HI_LO,
        "cash-crlf": CASH.replace("\n", "\r\n"),
        "ignition-cash": CASH.replace("Bovada Hand #500", "Ignition Hand #500:"),
        "all-in-a-call": CASH.replace("UTG  [ME] : Calls $11.02", "UTG  [ME] : All-in $11.02"),
        "sitting-out": CASH.replace("Seat 5: UTG+1 ($16.37 in chips)\n", "")
        .replace("Seat 4: UTG [ME]", "Seat 5: UTG+1 ($16.37 in chips)\nSeat 4: UTG [ME]")
        .replace("Dealer : Set dealer", "UTG+2 : Sitout (wait for bb)\nDealer : Set dealer")
        .replace("Seat 1: Dealer", "Seat 6: UTG+2 ($5 in chips)\nSeat 1: Dealer"),
        "returned-unwritten-bet": CASH.split("*** TURN ***")[0].replace(
            "UTG  [ME] : Calls $3\n", "UTG  [ME] : Folds\n"
        )
        + UNRETURNED_END,
        # left to Bovada's reader
        "stud": CASH.replace("HOLDEM No Limit", "7CARD Fixed Limit"),
        "three-decimals": CASH.replace("($9.01 in chips)", "($9.010 in chips)"),
        "decimal-comma": CASH.replace("($9.01 in chips)", "($9,01 in chips)"),
        "unknown-position": CASH.replace("Seat 5: UTG+1", "Seat 5: Cutoff").replace(
            "UTG+1 :", "Cutoff :"
        ),
        "unknown-line": CASH.replace("Dealer : Folds", "Dealer : Folds\nDealer : Waves"),
        "no-summary": CASH[: CASH.index("*** SUMMARY ***")],
        "two-of-me": CASH.replace("Seat 5: UTG+1 (", "Seat 5: UTG+1 [ME] ("),
        "hidden-card": CASH.replace("[4d Qs]", "[4d ??]"),
        "street-otherwise": CASH.replace("*** FLOP *** [", "*** FLOP ***  ["),
        "speaker-not-seated": CASH.replace("Dealer : Folds", "UTG+4 : Folds"),
        "raise-otherwise": CASH.replace("Raises $0.75 to $0.75", "Raises $0.75 to  $0.75"),
        "two-totals": CASH.replace(
            "Total Pot($33.49) | Rake ($1)", "Total Pot($33.49) | Rake ($1)\nTotal Pot($34.49)"
        ),
        "rake-empty": CASH.replace("| Rake ($1)", "| Rake ()"),
        "two-in-one-position": CASH.replace("Seat 2: Small Blind", "Seat 2: Dealer"),
    }


VARIANTS = _variants()
READ_BY_THE_KERNEL = {
    "cash",
    "walk-unreturned",
    "omaha-allin-board-in-summary",
    "tournament",
    "omaha-hi-lo-tournament",
    "cash-crlf",
    "ignition-cash",
    "all-in-a-call",
    "sitting-out",
    "returned-unwritten-bet",
}
"""The hands the kernel reads (``all-in-a-call`` it reads and its replay refuses, as Bovada's
reader's replay does: an all-in that calls an all-in of as much leaves chips behind)."""


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_bovada_hand_gives_bovadas_readers_answer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK
    from pokerscore.histories.parts import REFERENCE_ONLY

    path = tmp_path / "bovada.txt"
    path.write_bytes(VARIANTS[name].encode())
    assert stars_layout_read(path, "bovada") == [name in READ_BY_THE_KERNEL]
    assert (_fast_statuses(path, "bovada") == [OK]) == (name in READ_BY_THE_KERNEL - {"all-in-a-call"})  # fmt: skip
    fast = compared_results(path)
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    reference = compared_results(path)
    monkeypatch.delenv(REFERENCE_ONLY)
    assert fast == reference
    fast_run, reference_run = _both_paths([path], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast_run, reference_run)


def test_the_bovada_hands_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The answers worked out from the hands' text: the file's own player named ``Hero``, the
    others by position, seats numbered in the order of play; the site's totals agree (no
    disagreement) once the bet nobody called is taken back; hi/lo's halves."""
    path = tmp_path / "bovada.txt"
    text = WALK + "\n\n" + HI_LO + VARIANTS["returned-unwritten-bet"]
    path.write_bytes(text.encode())
    assert stars_layout_read(path, "bovada") == [True, True, True]
    walk, hi_lo, unreturned = compared_results(path)
    assert walk[0] == ("501", "Bovada", "NT", "USD", None, "2024-03-05T21:15:00")
    assert [(p.player, p.seat, p.net) for p in walk[1]] == [
        ("Hero", 1, pytest.approx(-0.1)),
        ("Big Blind", 2, pytest.approx(0.1)),
        ("UTG", 3, 0.0),
    ]
    assert walk[5] == []
    assert hi_lo[0] == ("700", "Bodog", "PO/8", None, "77", "2014-09-07T04:24:27")
    assert {p.player: (p.put_in, p.won) for p in hi_lo[1]} == {
        "Small Blind": (30.0, 0.0),
        "Hero": (90.0, 105.0),
        "Dealer": (90.0, 105.0),
    }
    assert hi_lo[5] == []
    assert {p.player: p.net for p in unreturned[1]}["UTG+1"] == pytest.approx(2.8)
    assert unreturned[3] == pytest.approx(0.3)
    assert unreturned[5] == []


@needs_sample
def test_the_kernel_gives_bovadas_rows_on_the_shared_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK

    files = sorted((SHARED_SITES / "Bovada").rglob("*.txt"))
    if not files:
        pytest.skip("no Bovada files in the shared sample")
    fast, reference = _both_paths([*files, BOVADA], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    read = sum(status == OK for path in files for status in _fast_statuses(path, "bovada"))
    assert read >= 60
    for path in files:
        fast_results = compared_results(path)
        monkeypatch.setenv("POKERSCORE_HISTORIES_REFERENCE", "1")
        assert fast_results == compared_results(path)
        monkeypatch.delenv("POKERSCORE_HISTORIES_REFERENCE")


def test_a_mixed_folder_reads_bovada_beside_the_other_layouts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file's format told from its content; Bovada's hands through the kernel beside
    PokerStars' and Winamax's, the rows the reference path's."""
    import shutil

    from pokerscore.histories.reading import file_format_of

    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a.txt").write_bytes((CASH + "\n\n\n" + HI_LO).encode())
    shutil.copy(SITES / "winamax" / "mixed.txt", folder / "b.txt")
    shutil.copy(SITES.parent / "pokerstars-shapes.txt", folder / "c.txt")
    assert {path.name: file_format_of(path) for path in folder.iterdir()} == {
        "a.txt": "bovada",
        "b.txt": "winamax",
        "c.txt": "pokerstars",
    }
    fast, reference = _both_paths([folder], tmp_path, monkeypatch)
    rows = _rows(tmp_path / "fast.parquet")
    assert rows == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    assert {row["player"] for row in rows if row["site"] == "Bodog"} == {
        "Hero",
        "Dealer",
        "Small Blind",
    }


_MUTATIONS = ("Folds", "Calls", "Raises", "All-in", "to", "Hand result", "-Side pot", "[ME]",
              "$1,000", "$0.125", "??", "Seat", "UTG+9", ":", "Total Pot($1)")  # fmt: skip


_SUFFIXES = (
    " ",
    "\r",
    " [ME]",
    " to $5",
    "0",
    ")",
    "]",
)


def _mutated(hand: str, rng: random.Random) -> str:
    return mutated_hand(hand, rng, words=_MUTATIONS, sign="$", suffixes=_SUFFIXES, first_line=1)


@pytest.mark.slow
def test_mutated_bovada_hands_give_bovadas_readers_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands changed at random, three a file: whatever the kernel reads, it reads as Bovada's
    reader does; the rest it leaves to it (results, errors and disagreements alike)."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = [VARIANTS[name] for name in sorted(READ_BY_THE_KERNEL)]
    rng = random.Random(29)
    path = tmp_path / "bovada.txt"
    for _ in range(80):
        path.write_text(
            "".join(_mutated(rng.choice(hands), rng) + "\n\n" for _ in range(3)), "utf-8"
        )
        fast = compared_results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast == compared_results(path), path.read_text("utf-8")
        monkeypatch.delenv(REFERENCE_ONLY)
