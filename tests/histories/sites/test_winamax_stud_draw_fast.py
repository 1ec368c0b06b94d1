"""Winamax's stud (7stud, stud hi/lo, razz) and 2-7 triple draw through the compiled reader
(issue 29 §1): Winamax's share (``_winamax_kernels._wx_lines``) deals the cards by PokerStars'
stages (``_stud_finish``, ``_first_deal``, ``dealt_written``, ``_idle_dropped``) where Winamax's
reader deals them by ``draft``'s ``StudStreets`` and ``DrawRounds``, its own words read
(``*** THIRD ***``, ``*** FIRST-BET ***``, ``Dealt to Bob [X X Kd]``, ``bring-in``, ``discards``,
``stands pat [..]``), the bet nobody matched taken back round by round as Winamax's reader
takes it; every hand it is not sure of left to ``sites/winamax.py``, hand by hand. So each kind
here is read by the kernel (not left) with the reference path's results (stacks, pots, rake,
all-in EV, the site's totals checked: ``POKERSCORE_HISTORIES_REFERENCE=1``); each guard's hand
is left, with the reference reader's answer; the shared Winamax files give the reference path's
rows; mutated hands its results and errors; ``read_histories`` makes the hands the kernel reads
from its log (``wx_share``, logging), every field Winamax's reader's."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokerscore.histories._layout import OK
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

STUD = """\
Winamax Poker - CashGame - HandId: #400-1-1465760198 - 7stud fixed limit (0.05€/0.10€/0.20€) - 2016/06/12 19:36:38 UTC
Table: 'Brno' 6-max (real money) Seat #0 is the button
Seat 2: Ann (5€)
Seat 3: Bob (3€)
Seat 5: Cy (4€)
*** ANTE/BLINDS ***
Ann posts ante 0.05€
Bob posts ante 0.05€
Cy posts ante 0.05€
*** THIRD ***
Dealt to Ann [X X 2c]
Dealt to Bob [Ah Kh Qd]
Dealt to Cy [X X 9s]
Ann bring-in 0.05€
Bob raises 0.10€ to 0.10€
Cy calls 0.10€
Ann folds
*** FOURTH ***
Dealt to Bob [Ah Kh Qd] [Jd]
Dealt to Cy [X X 9s] [9d]
Cy bets 0.10€
Bob raises 0.20€ to 0.20€
Cy calls 0.10€
*** FIFTH ***
Dealt to Bob [Ah Kh Qd Jd] [2h]
Dealt to Cy [X X 9s 9d] [4c]
Cy checks
Bob bets 0.20€
Cy calls 0.20€
*** SIXTH ***
Dealt to Bob [Ah Kh Qd Jd 2h] [Th]
Dealt to Cy [X X 9s 9d 4c] [8c]
Cy checks
Bob bets 0.20€
Cy calls 0.20€
*** SEVENTH ***
Dealt to Bob [Ah Kh Qd Jd 2h Th] [3s]
Cy checks
Bob bets 0.20€
Cy calls 0.20€
*** SHOW DOWN ***
Bob shows [Ah Kh Qd Jd 2h Th 3s] (Straight : Ace high)
Cy shows [9h 5c 9s 9d 4c 8c 7s] (Three of a kind : 9)
Bob collected 1.92€ from pot
*** SUMMARY ***
Total pot 1.92€ | Rake 0.08€
Seat 3: Bob showed [Ah Kh Qd Jd 2h Th 3s] and won 1.92€ with Straight : Ace high
Seat 5: Cy showed [9h 5c 9s 9d 4c 8c 7s] and lost with Three of a kind : 9

"""
"""Seven-card stud to a showdown: antes, the bring-in (Ann's deuce, the lowest up card), its
completion, each street's new card the last written (Ann's and Cy's down cards unseen, ``X``),
seventh street's unwritten card dealt unseen to Cy, the total after the rake."""

STUD_FOLDED = """\
Winamax Poker - CashGame - HandId: #400-2-1465760298 - 7stud fixed limit (0.05€/0.10€/0.20€) - 2016/06/12 19:37:38 UTC
Table: 'Brno' 6-max (real money) Seat #0 is the button
Seat 2: Ann (5€)
Seat 3: Bob (3€)
Seat 5: Cy (4€)
*** ANTE/BLINDS ***
Ann posts ante 0.05€
Bob posts ante 0.05€
Cy posts ante 0.05€
*** THIRD ***
Dealt to Ann [X X 2c]
Dealt to Bob [Ah Kh Qd]
Dealt to Cy [X X 9s]
Ann bring-in 0.05€
Bob raises 0.10€ to 0.10€
Cy calls 0.10€
Ann calls 0.05€
*** FOURTH ***
Dealt to Ann [X X 2c] [3d]
Dealt to Bob [Ah Kh Qd] [Jd]
Dealt to Cy [X X 9s] [9d]
Cy bets 0.10€
Ann folds
Bob folds
Cy collected 0.55€ from pot
*** SUMMARY ***
Total pot 0.55€ | Rake 0.00€
Seat 5: Cy won 0.55€

"""
"""Stud ended on fourth street: the bet nobody called in the winner's ``collected`` and the
total, taken back out of both as Winamax's reader takes it (a ``Rake 0.00€``)."""

RAZZ = (
    STUD_FOLDED.replace("7stud fixed limit", "razz fixed limit")
    .replace("Dealt to Ann [X X 2c]", "Dealt to Ann [X X Kc]")  # third and fourth street
    .replace(
        "Cy bets 0.10€\nAnn folds\nBob folds\n", "Bob checks\nCy bets 0.10€\nAnn folds\nBob folds\n"
    )
)
"""Razz: Ann's king brings in; on fourth street Bob's queen-jack shows the best low."""

STUD_HI_LO = STUD.replace("7stud fixed limit", "7stud hi/lo fixed limit")
"""Stud hi/lo: no low (neither hand holds five cards of eight or lower), the high hand scoops."""

TRIPLE_DRAW = """\
Winamax Poker - CashGame - HandId: #500-1-1478989461 - 2-7 Triple Draw fixed limit (25€/50€) - 2016/11/12 22:24:21 UTC
Table: 'Pampelune' 6-max (real money) Seat #3 is the button
Seat 1: Hero (2047.50€)
Seat 3: Zed (500€)
Seat 4: Player0 (217.78€)
*** ANTE/BLINDS ***
Player0 posts small blind 12.50€
Hero posts big blind 25€
*** FIRST-BET ***
Dealt to Player0 [X X X X X]
Dealt to Hero [2h Td 8c 7c 8s]
Zed folds
Player0 raises 25€ to 50€
Hero calls 25€
*** FIRST-DRAW ***
Player0 discards 1 card
Hero discards 2 cards [Td 8s]
*** SECOND-BET ***
Dealt to Hero [2h 8c 7c] [3d 4s]
Player0 checks
Hero bets 25€
Player0 calls 25€
*** SECOND-DRAW ***
Player0 stands pat [X X X X X]
Hero discards 1 card [8c]
*** THIRD-BET ***
Dealt to Hero [2h 7c 3d 4s] [5c]
Player0 bets 50€
Hero raises 100€ to 100€
Player0 calls 50€
*** THIRD-DRAW ***
Player0 stands pat [X X X X X]
Hero stands pat [2h 7c 3d 4s 5c]
*** FOURTH-BET ***
Player0 checks
Hero bets 50€
Player0 folds
Hero collected 398€ from pot
*** SUMMARY ***
Total pot 398€ | Rake 2€
Seat 1: Hero (big blind) won 398€

"""
"""2-7 triple draw, three-handed: the first cards dealt before the first move (Zed's unseen,
Zed folds: dealt in), discards with their cards (the saver's) and without (``discards 1 card``),
the cards drawn written in the next ``Dealt to`` line's brackets, ``stands pat [X X X X X]``,
the bet nobody called taken back."""

MIXED_STUD = (SITES / "winamax" / "mixed.txt").read_text(encoding="utf-8").split("\n\n\n")[2]
"""The fixture's play-money stud hand: the bring-in folded to."""

KINDS = {
    "stud-showdown": STUD,
    "stud-folded-to-a-bet": STUD_FOLDED,
    "stud-hi-lo": STUD_HI_LO,
    "razz": RAZZ,
    "stud-play-money-folded-to-the-bring-in": MIXED_STUD,
    "stud-crlf": STUD.replace("\n", "\r\n"),
    "triple-draw": TRIPLE_DRAW,
}

GUARDS = {
    "stud-no-cards-dealt": "".join(
        line for line in STUD.splitlines(keepends=True) if not line.startswith("Dealt to")
    ),
    "stud-two-bring-ins": STUD.replace(
        "Ann bring-in 0.05€\n", "Ann bring-in 0.05€\nAnn bring-in 0.05€\n"
    ),
    "stud-bring-in-all-in": STUD.replace(
        "Ann bring-in 0.05€\n", "Ann bring-in 0.05€ and is all-in\n"
    ),
    "stud-dealt-twice": STUD.replace(
        "Dealt to Cy [X X 9s]\n", "Dealt to Cy [X X 9s]\nDealt to Cy [X X 9s]\n"
    ),
    "stud-dealt-before-third-street": STUD.replace(
        "*** THIRD ***\nDealt to Ann [X X 2c]\n", "Dealt to Ann [X X 2c]\n*** THIRD ***\n"
    ),
    "stud-board": STUD.replace("*** FIFTH ***\n", "*** FLOP *** [2c 3c 4c]\n"),
    "stud-post-after-the-deal": STUD.replace("Cy posts ante 0.05€\n", "").replace(
        "Ann bring-in", "Cy posts ante 0.05€\nAnn bring-in"
    ),
    "stud-a-card-of-three-characters": STUD.replace("[Ah Kh Qd]\n", "[Ah Kh 10d]\n"),
    "stud-two-spaces": STUD.replace("[Ah Kh Qd]\n", "[Ah  Kh Qd]\n"),
    "stud-bracket-inside": STUD.replace("[Ah Kh Qd] [Jd]", "[Ah Kh Qd [Jd]"),
    "stud-discards": STUD.replace(
        "Cy checks\nBob bets 0.20€\nCy calls 0.20€\n*** SEVENTH",
        "Cy checks\nBob discards 1 card [2h]\nBob bets 0.20€\nCy calls 0.20€\n*** SEVENTH",
    ),
    "stud-unknown-street": STUD.replace("*** SIXTH ***", "*** SIXTH-BET ***"),
    "draw-stands-patiently": TRIPLE_DRAW.replace(
        "Hero stands pat [2h", "Hero stands patiently [2h"
    ),
    "draw-count-not-the-cards": TRIPLE_DRAW.replace(
        "discards 2 cards [Td 8s]", "discards 2 cards [Td]"
    ),
    "draw-hidden-discard": TRIPLE_DRAW.replace(
        "discards 2 cards [Td 8s]", "discards 2 cards [X X]"
    ),
    "draw-fewer-drawn": TRIPLE_DRAW.replace(
        "Dealt to Hero [2h 8c 7c] [3d 4s]", "Dealt to Hero [3d]"
    ),
    "draw-bring-in": TRIPLE_DRAW.replace("Zed folds", "Zed bring-in 25€"),
    "draw-board": TRIPLE_DRAW.replace("*** SECOND-BET ***", "*** FLOP *** [2c 3c 4c]"),
    "draw-no-button": TRIPLE_DRAW.replace(" Seat #3 is the button", ""),
}
"""Hands the kernel leaves to Winamax's reader, each for one reason: a stud hand that writes no
cards dealt (refused by that reader: the replay needs the up cards), a second bring-in, a bring-in
all in, a player dealt twice a street, cards dealt before third street, a board's street, a post
once the cards are dealt, a card written ``10d``, two spaces or a bracket inside a ``Dealt to``
line's cards, a discard in stud, a round's kind after a stud street, ``stands`` not ``pat``, a
discard's count not its cards, a discard's cards hidden, fewer cards drawn than thrown away, a
bring-in in a draw game, a board in a draw game, a table line with no button."""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "winamax.txt"
    path.write_text(text, encoding="utf-8", newline="")
    return path


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_kind_is_read_by_the_kernel_as_winamaxs_reader_reads_it(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, KINDS[name])
    assert _fast_statuses(path, "winamax") == [OK]
    same_on_both_paths(path, tmp_path, monkeypatch)


@pytest.mark.parametrize("name", sorted(GUARDS))
def test_each_guard_leaves_its_hand_to_winamaxs_reader(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, GUARDS[name])
    assert _fast_statuses(path, "winamax") != [OK]
    same_on_both_paths(path, tmp_path, monkeypatch)


def test_the_kinds_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The answers worked out from the hands' text: the site's own totals agree (no
    disagreement), the bet nobody called paid back, the rake where the pot was raked."""
    from pokerscore.histories.results import history_results

    path = _write(tmp_path, STUD + STUD_FOLDED + RAZZ + TRIPLE_DRAW)
    stud, folded, razz, draw = history_results(path)
    assert all(not result.disagreements for result in (stud, folded, razz, draw))
    assert (stud.hand.game, stud.hand.currency, stud.hand.bring_in, stud.rake) == ("stud", "EUR", 5, 0.08)  # fmt: skip
    # 2.00 in the pot (0.15 of antes, 0.25 on third street, 0.40 a street after), 0.08 raked
    assert {p.player: p.net for p in stud.players} == {"Ann": -0.1, "Bob": 0.97, "Cy": -0.95}
    # Cy's 0.10 nobody called comes back: the 0.45 of antes and third street won
    assert {p.player: p.net for p in folded.players} == {"Ann": -0.15, "Bob": -0.15, "Cy": 0.3}
    assert razz.hand.game == "razz" and {p.player: p.net for p in razz.players} == {
        "Ann": -0.15,
        "Bob": -0.15,
        "Cy": 0.3,
    }
    # 350 in the pot (25 a player before the first draw, then 25, 100 each), 2 raked; the 50
    # nobody called comes back; Zed, dealt in, folds for nothing
    assert draw.hand.game == "deuce-to-seven-triple-draw" and draw.rake == 2
    assert {p.player: p.net for p in draw.players} == {"Hero": 173.0, "Zed": 0.0, "Player0": -175.0}


@needs_sample
def test_the_shared_triple_draw_file_is_read_by_the_kernel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shared sample's 2-7 triple draw hand (heads-up, every draw standing pat, the unseen
    cards ``[X X X X X]``) read by the kernel with the reference path's rows; its stud hand (a
    play-money export, no cards dealt written) left to Winamax's reader, which refuses it."""
    folder = SHARED_SITES / "Winamax" / "cash"
    draw = folder / "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
    stud = folder / "7-Stud-6max-play-0.5-0.10-201606.export.txt"
    if not (draw.exists() and stud.exists()):
        pytest.skip("the shared Winamax stud and draw files are not in the sample")
    assert _fast_statuses(draw, "winamax") == [OK]
    assert _fast_statuses(stud, "winamax") != [OK]
    fast, reference = _both_paths([draw, stud], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)


_MUTATIONS = (
    "bring-in", "discards", "stands", "pat", "card", "cards", "X", "[X", "[Jd]", "***", "THIRD",
    "FOURTH", "SEVENTH", "FIRST", "-BET", "-DRAW", "folds", "calls", "Dealt", "to", "Ann", "Bob",
    "Hero", "Zed", "[2h", "8s]", "] [", "0", "5",
)  # fmt: skip
_SUFFIXES = (" ", "\r", " and is all-in", "€", "0", "]", " [Ah]", " [X]", " ***")


@pytest.mark.slow
def test_mutated_stud_and_draw_hands_give_winamaxs_readers_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands changed at random, three a file: whatever the kernel reads, it reads as Winamax's
    reader does; the rest it leaves to it (results, errors and disagreements alike)."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = [KINDS[name] for name in sorted(KINDS)]
    rng = random.Random(24)
    path = tmp_path / "winamax.txt"
    for _ in range(80):
        text = "".join(
            mutated_hand(rng.choice(hands), rng, words=_MUTATIONS, sign="€", suffixes=_SUFFIXES)
            for _ in range(3)
        )
        path.write_text(text, "utf-8")
        fast = _results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast == _results(path), text
        monkeypatch.delenv(REFERENCE_ONLY)


@pytest.mark.parametrize("name", sorted(KINDS) + sorted(GUARDS))
def test_the_log_gives_winamaxs_readers_hands(name: str, tmp_path: Path) -> None:
    """``read_histories`` from the share's log (``wx_share``, logging): each kind's hand made from
    the log (its bring-in, streets dealt, draws with the cards thrown and drawn, each action's
    line), every field Winamax's reader's; each guard's hand that reader's own."""
    from tests.histories.test_logged_hands import assert_same_hands
    from tests.histories.test_sites_logged_hands import logged

    path = _write(tmp_path, {**KINDS, **GUARDS}[name])
    assert logged(assert_same_hands(path)) == (name in KINDS)


@pytest.mark.slow
def test_mutated_stud_and_draw_hands_in_the_log_are_winamaxs_readers(tmp_path: Path) -> None:
    """Hands changed at random, three a file, through ``read_histories``: what the log gives is
    what Winamax's reader reads, hands and errors alike (run once on 3,000 files, seeds 24 to
    26: all equal)."""
    from pokerscore.histories.model import HandHistoryError
    from pokerscore.histories.reading import file_format_of
    from tests.histories.test_logged_hands import assert_same_hands
    from tests.histories.test_sites_logged_hands import logged

    hands = [KINDS[name] for name in sorted(KINDS)]
    rng = random.Random(24)
    path = tmp_path / "winamax.txt"
    read_logged = 0
    for _ in range(150):
        text = "".join(
            mutated_hand(rng.choice(hands), rng, words=_MUTATIONS, sign="€", suffixes=_SUFFIXES)
            for _ in range(3)
        )
        path.write_text(text, "utf-8")
        try:
            if file_format_of(path) != "winamax":
                continue
        except HandHistoryError:
            continue
        read_logged += logged(assert_same_hands(path))
    assert read_logged >= 100
