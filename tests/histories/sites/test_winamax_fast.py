"""Winamax through the compiled PokerStars-layout reader (issue 29 §1): the kernel reads a
Winamax hand only where it is sure of it and leaves the rest (a decimal comma, any line it would
otherwise misread; stud's and the draw games' guards in ``test_winamax_stud_draw_fast``) to
Winamax's own reader, hand by hand. So every hand's rows, errors and disagreements on the fast
path are Winamax's reader's (the reference path, ``POKERSCORE_HISTORIES_REFERENCE=1``); each kind
of hand and each guard has a hand of its own here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.histories.sites.site_runs import mutated_hand
from tests.histories.sites.test_stars_layouts_fast import (
    SHARED_SITES,
    SITES,
    _fast_statuses,
    _results,
    same_on_both_paths,
)
from tests.histories.test_histories import _both_paths, _rows, _same_summaries
from tests.shared_sample import needs_sample

WX_CASH = """\
Winamax Poker - CashGame - HandId: #100-1-1400000000 - Omaha pot limit (1€/2€) - 2014/12/24 16:13:22 UTC
Table: 'Lyon' 5-max (real money) Seat #3 is the button
Seat 1: Anne Marie (100€)
Seat 2: Bruno (80€)
Seat 3: Chloé (120€)
Seat 4: Denis (60€)
Seat 5: Hero (150.50€)
*** ANTE/BLINDS ***
Denis posts small blind 1€
Hero posts big blind 2€
Bruno posts small blind 1€ out of position
Dealt to Hero [4c Qc 4h Qd]
*** PRE-FLOP ***
Anne Marie folds
Bruno folds
Chloé raises 4€ to 6€
Denis folds
Hero raises 14€ to 20€
Chloé calls 14€
*** FLOP *** [2h 7d 9s]
Hero bets 30€
Chloé folds
Hero collected 70€ from pot
*** SUMMARY ***
Total pot 70€ | Rake 2€
Board: [2h 7d 9s]
Seat 1: Anne Marie folded on the pre-flop
Seat 2: Bruno folded on the pre-flop
Seat 3: Chloé (button) folded on the flop
Seat 4: Denis (small blind) folded on the pre-flop
Seat 5: Hero (big blind) won 70€

"""
"""Cash Omaha in euros: a small blind posted out of position (dead money), the bet nobody
called in the winner's "collected" (no uncalled-bet line: taken back out as the returned bet),
the total after the rake."""

WX_SHOWDOWN = """\
Winamax Poker - CashGame - HandId: #100-2-1400000100 - Holdem no limit (0.02€/0.05€) - 2014/12/24 16:20:00 UTC
Table: 'Nice 02' 6-max (real money) Seat #1 is the button
Seat 1: Ann (5€)
Seat 2: Bob (3.20€)
Seat 3: Cy (4€)
Seat 4: Dee (6€)
*** ANTE/BLINDS ***
Bob posts small blind 0.02€
Cy posts big blind 0.05€
Dealt to Ann [Ah Kd]
*** PRE-FLOP ***
Dee denies big blind
Ann raises 0.10€ to 0.15€
Bob raises 3.05€ to 3.20€ and is all-in
Cy folds
Ann calls 3.05€
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s][Jh]
*** RIVER *** [2c 7d 9s Jh][3d]
*** SHOW DOWN ***
Ann shows [Ah Kd] (High card : Ace)
Bob shows [Qs Qh] (One pair : Queens)
Bob collected 6.15€ from pot
*** SUMMARY ***
Total pot 6.45€ | Rake 0.30€
Board: [2c 7d 9s Jh 3d]
Seat 1: Ann (button) showed [Ah Kd] and lost with High card : Ace
Seat 2: Bob (small blind) showed [Qs Qh] and won 6.15€ with One pair : Queens
Seat 4: Dee folded

"""
"""Hold'em to a showdown, an all-in called, a player away (``denies big blind``, the summary's
``folded`` on no street: not dealt in), the total before the rake."""

WX_TOURNAMENT = (SITES / "winamax" / "mixed.txt").read_text(encoding="utf-8").split("\n\n\n")[1]
"""A tournament's hold'em: chips, side pots (``side pot 2``), a total rounded (``17.68k``: no
record of the pot), a seat away."""

WX_SIDE_POTS_UNCALLED = """\
Winamax Poker - Tournament "Sunday" buyIn: 9€ + 1€ level: 5 - HandId: #300-20-1300000000 - Holdem no limit (5/50/100) - 2011/03/05 18:40:56 UTC
Table: 'Sunday(123456)#7' 6-max (real money) Seat #1 is the button
Seat 1: one (5000)
Seat 2: two (800)
Seat 3: three (2500)
*** ANTE/BLINDS ***
one posts ante 5
two posts ante 5
three posts ante 5
two posts small blind 50
three posts big blind 100
*** PRE-FLOP ***
one raises 4895 to 4995 and is all-in
two calls 745 and is all-in
three calls 2395 and is all-in
*** FLOP *** [5d 8c Tc]
*** TURN *** [5d 8c Tc][Kh]
*** RIVER *** [5d 8c Tc Kh][2s]
*** SHOW DOWN ***
one shows [Ah Ad] (Pair of Aces)
two shows [7c 7s] (Pair of Sevens)
three shows [Qc Qd] (Pair of Queens)
one collected 2500 from side pot 2
one collected 3400 from side pot 1
one collected 2400 from main pot
*** SUMMARY ***
Total pot 8.30k | No rake

"""
"""Antes, a three-part stakes (ante/sb/bb), two side pots, and the bet nobody covered paid back
as a pot of its own (``side pot 2``: taken back out, that pot gone)."""

WX_FIXED_LIMIT = SHARED_SITES / "Winamax" / "cash" / "LHE-2max-EUR-0.05-0.10-201204.txt"


def _variants() -> dict[str, str]:
    """Each kind's and each guard's hand."""
    cash = WX_CASH
    return {
        "cash-omaha": cash,
        "cash-holdem-showdown": WX_SHOWDOWN,
        "tournament": WX_TOURNAMENT,
        "tournament-side-pots-uncalled": WX_SIDE_POTS_UNCALLED,
        "cash-no-rake": cash.replace("Total pot 70€ | Rake 2€", "Total pot 72€ | No rake").replace(
            "collected 70€", "collected 72€"
        ),
        "cash-crlf": cash.replace("\n", "\r\n"),
        "cash-game-in-capitals": cash.replace("Omaha pot limit", "OMAHA Pot Limit"),
        "raise-before-the-blind": cash.replace(
            "Denis posts small blind 1€\n", "Denis raises 1€ to 3€\nDenis posts small blind 1€\n"
        ),
        "big-blind-out-of-position": cash.replace(
            "Bruno posts small blind 1€ out of position", "Bruno posts big blind 2€ out of position"
        )
        .replace("collected 70€", "collected 71€")
        .replace("Total pot 70€", "Total pot 71€"),
        "stud": (SITES / "winamax" / "mixed.txt").read_text(encoding="utf-8").split("\n\n\n")[2],
        # left to Winamax's reader
        "comma-decimal": cash.replace("(150.50€)", "(150,50€)"),
        "unknown-section": cash.replace("*** PRE-FLOP ***", "*** HOLE CARDS ***"),
        "cards-in-two-brackets": cash.replace("[4c Qc 4h Qd]", "[4c Qc] [4h Qd]"),
        "hidden-card": cash.replace("[4c Qc 4h Qd]", "[4c Qc 4h X]"),
        "two-seats-one-name": cash.replace("Seat 2: Bruno", "Seat 2: Denis").replace(
            "Bruno ", "Denis "
        ),
        "two-players-in-one-seat": cash.replace("Seat 2: Bruno", "Seat 5: Bruno"),
        "total-otherwise": cash.replace("| Rake 2€", "| Rake: 2€"),
        "collected-otherwise": cash.replace("from pot", "from the pot"),
        "bring-in-in-holdem": WX_SHOWDOWN.replace("Cy folds", "Cy bring-in 0.05€"),
        "no-summary": cash[: cash.index("*** SUMMARY ***")],
        "table-without-button": cash.replace(" Seat #3 is the button", ""),
    }


VARIANTS = _variants()
READ_BY_THE_KERNEL = {
    "cash-omaha",
    "cash-holdem-showdown",
    "tournament",
    "tournament-side-pots-uncalled",
    "cash-no-rake",
    "cash-crlf",
    "cash-game-in-capitals",
    "big-blind-out-of-position",
    "stud",
}
"""The hands the kernel reads (``stud``: the fixture's stud hand, since session 24; the other
stud and draw hands in ``test_winamax_stud_draw_fast``; ``raise-before-the-blind``, as a shared file writes it, it reads
and its replay refuses: a raise before the blinds is out of turn, as Winamax's reader's replay
says)."""


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_winamax_hand_gives_winamaxs_readers_answer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK

    path = tmp_path / "winamax.txt"
    path.write_bytes(VARIANTS[name].encode())
    assert (_fast_statuses(path, "winamax") == [OK]) == (name in READ_BY_THE_KERNEL)
    same_on_both_paths(path, tmp_path, monkeypatch)


def test_the_winamax_hands_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The answers worked out from the hands' text: the site's own totals agree (no
    disagreement), the bet nobody called paid back, the rake where the pot was raked."""
    path = tmp_path / "winamax.txt"
    path.write_bytes((WX_CASH + WX_SHOWDOWN + WX_SIDE_POTS_UNCALLED).encode())
    cash, showdown, tournament = _results(path)
    assert cash[:3] == ("100-1-1400000000", "Winamax", "PO") and cash[5] == []
    # Hero: 20 in, takes Chloé's 20, Denis' and Bruno's dead 1 each: 70 less the 30 bet back
    assert [(p.player, p.net, p.rake_paid) for p in cash[3]] == [
        ("Denis", -1.0, 0.0),
        ("Hero", 20.0, 2.0),
        ("Anne Marie", 0.0, 0.0),
        ("Bruno", -1.0, 0.0),
        ("Chloé", -20.0, 0.0),
    ]
    assert showdown[5] == [] and "Dee" not in [p.player for p in showdown[3]]
    assert {p.player: p.net for p in showdown[3]} == {
        "Bob": pytest.approx(2.95),
        "Cy": -0.05,
        "Ann": -3.2,
    }
    assert tournament[5] == []
    assert {p.player: p.net for p in tournament[3]} == {
        "two": -800.0,
        "three": -2500.0,
        "one": 3300.0,
    }


@needs_sample
def test_the_kernel_gives_winamaxs_rows_on_the_shared_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK

    files = sorted((SHARED_SITES / "Winamax").rglob("*.txt"))
    if not files:
        pytest.skip("no Winamax files in the shared sample")
    fast, reference = _both_paths([*files, SITES / "winamax"], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    read = sum(status == OK for path in files for status in _fast_statuses(path, "winamax"))
    assert read >= 31  # the stud export (no cards dealt written) left, the triple draw read


def test_a_mixed_folder_reads_winamax_beside_the_other_layouts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file's format told from its content; Winamax's hands through the kernel beside
    PokerStars', GGPoker's and PHH's, the rows the reference path's."""
    import shutil

    from pokerscore.histories.reading import file_format_of

    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a.txt").write_bytes((WX_CASH + WX_SHOWDOWN).encode())
    shutil.copy(SITES / "ggpoker" / "cash.txt", folder / "b.txt")
    shutil.copy(SITES.parent / "pokerstars-shapes.txt", folder / "c.txt")
    shutil.copy(SITES.parent / "actions.phhs", folder / "d.phhs")
    assert {path.name: file_format_of(path) for path in folder.iterdir()} == {
        "a.txt": "winamax",
        "b.txt": "ggpoker",
        "c.txt": "pokerstars",
        "d.phhs": "phh",
    }
    fast, reference = _both_paths([folder], tmp_path, monkeypatch)
    rows = _rows(tmp_path / "fast.parquet")
    assert rows == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    assert {row["hand_id"] for row in rows if row["site"] == "Winamax"} == {
        "100-1-1400000000",
        "100-2-1400000100",
    }


_MUTATIONS = ("folds", "calls", "raises", "to", "pot", "side", "(button)", "folded", "1€", "k",
              "X", "[Ah]", "and is all-in", "Seat", "#2")  # fmt: skip


_SUFFIXES = (
    " ",
    "\r",
    " out of position",
    " and is all-in",
    "€",
    "0",
)


def _mutated(hand: str, rng: random.Random) -> str:
    return mutated_hand(hand, rng, words=_MUTATIONS, sign="€", suffixes=_SUFFIXES, first_line=1)


@pytest.mark.slow
def test_mutated_winamax_hands_give_winamaxs_readers_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands changed at random, three a file: whatever the kernel reads, it reads as Winamax's
    reader does; the rest it leaves to it (results, errors and disagreements alike)."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = [text for text in VARIANTS.values() if text.startswith("Winamax Poker - ")]
    rng = random.Random(29)
    path = tmp_path / "winamax.txt"
    for _ in range(60):
        path.write_text("".join(_mutated(rng.choice(hands), rng) for _ in range(3)), "utf-8")
        fast = _results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast == _results(path), path.read_text("utf-8")
        monkeypatch.delenv(REFERENCE_ONLY)
