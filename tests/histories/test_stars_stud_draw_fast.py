"""PokerStars' stud (7 Card Stud, Hi/Lo, Razz) and draw games (2-7 triple and single draw,
badugi) through the compiled PokerStars reader (issue 29 §1): the kernel (``_stars_kernels.
_read_dealt_lines``) deals the cards as ``draft``'s ``StudStreets`` and ``DrawRounds`` deal
them for the reference reader, and leaves every hand it is not sure of to ``pokerstars.py``,
hand by hand. So each kind of hand here is read by the kernel (not left), and its results
(stacks, pots, rake, all-in EV, the site's totals checked, date, currency) are the reference
path's (``POKERSCORE_HISTORIES_REFERENCE=1``); each guard's hand is left, with the reference
reader's answer; the shared sample's stud and draw files give the reference path's rows; mutated
hands give its results and errors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokerscore.histories._layout import OK
from tests.histories.sites.site_runs import mutated_hand
from tests.histories.sites.test_stars_layouts_fast import (
    _fast_statuses,
    _results,
    same_on_both_paths,
)
from tests.histories.test_histories import _both_paths, _rows, _same_summaries
from tests.shared_sample import HAND_HISTORIES, needs_sample

DATA = Path(__file__).parents[1] / "data" / "histories"


def _fixture(path: Path) -> list[str]:
    return [
        f"{hand.strip()}\n\n" for hand in path.read_text("utf-8").split("\n\n\n") if hand.strip()
    ]


_STUD = _fixture(DATA / "pokerstars-stud.txt")
_DRAW = _fixture(DATA / "draw" / "pokerstars-draw.txt")

RAZZ = """\
PokerStars Hand #310000000021:  Razz Limit ($2/$4 USD) - 2024/03/05 21:55:00 ET
Table 'Mira' 8-max
Seat 1: Gus ($40 in chips)
Seat 2: Hal ($40 in chips)
Seat 3: Ivy ($40 in chips)
Gus: posts the ante $0.40
Hal: posts the ante $0.40
Ivy: posts the ante $0.40
*** 3rd STREET ***
Dealt to Gus [Ah 2h 3h]
Dealt to Hal [Kc]
Dealt to Ivy [4d]
Hal: brings in for $1
Ivy: completes it to $2
Gus: raises $2 to $4
Hal: folds
Ivy: calls $2
*** 4th STREET ***
Dealt to Gus [Ah 2h 3h] [5c]
Dealt to Ivy [4d] [6s]
Gus: bets $2
Ivy: calls $2
*** 5th STREET ***
Dealt to Gus [Ah 2h 3h 5c] [7d]
Dealt to Ivy [4d 6s] [8c]
Gus: bets $4
Ivy: folds
Uncalled bet ($4) returned to Gus
Gus collected $13.70 from pot
*** SUMMARY ***
Total pot $14.20 | Rake $0.50
Seat 1: Gus collected ($13.70)
Seat 2: Hal folded on the 3rd Street
Seat 3: Ivy folded on the 5th Street

"""
"""Razz in dollars: the bring-in completed (``completes it to``), raised, a street's bet nobody
called returned, the rake."""

HORSE_RAZZ = RAZZ.replace("#310000000021:  Razz Limit ($2/$4 USD)", "#310000000022:  HORSE (Razz Limit, $2/$4 USD)")  # fmt: skip
"""The same hand in a mixed game: the game and the stakes in HORSE's parentheses."""

EIGHT_GAME_STUD = _STUD[0].replace(
    "#310000000001:  7 Card Stud Limit ($1/$2 USD)", "#310000000023:  8-Game (7 Card Stud Limit, $1/$2 USD)"
)  # fmt: skip
"""Seven-card stud to a showdown (seven cards shown, the seventh street's down card of the
player who did not save the file dealt unseen) headed as 8-Game's."""

SINGLE_DRAW_ANTE_ALL_IN = """\
PokerStars Hand #310000000031: Tournament #9000002, $5+$0.50 USD Single Draw 2-7 Lowball No Limit - Level IV (40/80) - 2024/03/06 10:00:00 ET
Table '9000002 1' 2-max Seat #1 is the button
Seat 1: Jo (5 in chips)
Seat 2: Kim (2995 in chips)
Jo: posts the ante 5 and is all-in
Kim: posts the ante 10
Kim: posts big blind 80
*** DEALING HANDS ***
Dealt to Jo [Qs 9c 5h 3d 2s]
Uncalled bet (85) returned to Kim
Kim: stands pat
Jo: discards 1 card [Qs]
Dealt to Jo [9c 5h 3d 2s] [7h]
*** SHOW DOWN ***
Kim: shows [Kh 8h 6d 4c 3c] (Lo: K,8,6,4,3)
Jo: shows [9c 7h 5h 3d 2s] (Lo: 9,7,5,3,2)
Jo collected 10 from pot
*** SUMMARY ***
Total pot 10 | Rake 0
Seat 1: Jo (button) showed [9c 7h 5h 3d 2s] and won (10) with Lo: 9,7,5,3,2
Seat 2: Kim (big blind) showed [Kh 8h 6d 4c 3c] and lost with Lo: K,8,6,4,3

"""
"""A tournament's single draw: one player all in on an ante smaller than the other's (the antes
trimmed to it, as PokerStars gives the rest back), the draw with no section of its own."""

HOLDEM_ANTE_ALL_IN = """\
PokerStars Hand #310000000041: Tournament #9000003, $5+$0.50 USD Hold'em No Limit - Level IV (40/80) - 2024/03/06 10:00:00 ET
Table '9000003 1' 2-max Seat #1 is the button
Seat 1: Jo (5 in chips)
Seat 2: Kim (2995 in chips)
Jo: posts the ante 5 and is all-in
Kim: posts the ante 10
Kim: posts big blind 80
*** HOLE CARDS ***
Dealt to Jo [Ah Ad]
Uncalled bet (85) returned to Kim
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s] [Jh]
*** RIVER *** [2c 7d 9s Jh] [3d]
*** SHOW DOWN ***
Kim: shows [Kh Qh] (high card King)
Jo: shows [Ah Ad] (a pair of Aces)
Jo collected 10 from pot
*** SUMMARY ***
Total pot 10 | Rake 0
Seat 1: Jo (button) showed [Ah Ad] and won (10) with a pair of Aces
Seat 2: Kim (big blind) showed [Kh Qh] and lost with high card King

"""
"""Hold'em with the same antes: one player all in on an ante smaller than the other's, the
antes trimmed (before, the kernel replayed them whole, and the fast path called the hand's
returned bet wrong where the reference path read it)."""

KINDS = {
    "holdem-ante-all-in": HOLDEM_ANTE_ALL_IN,
    "stud-cash-showdown": _STUD[0],
    "stud-hi-lo-tournament-all-in": _STUD[1],
    "razz-completed": RAZZ,
    "horse-razz": HORSE_RAZZ,
    "eight-game-stud": EIGHT_GAME_STUD,
    "triple-draw": _DRAW[0],
    "badugi-stand-pat": _DRAW[1],
    "single-draw-no-limit": _DRAW[2],
    "single-draw-ante-all-in": SINGLE_DRAW_ANTE_ALL_IN,
    "razz-name-with-brackets": _STUD[2],
    "stud-button": _STUD[0].replace(
        "Table 'Mira' 8-max\n", "Table 'Mira' 8-max Seat #4 is the button\n"
    ),
}
"""A hand of each kind the kernel reads (``stud-button``: a stud table line naming a button,
the seats ordered from it as the reference reader orders them; ``razz-name-with-brackets``: a
name holding brackets, ``Hal [7]``, dealt as the longest seated name before `` [``)."""

GUARDS = {
    "stud-two-bring-ins": RAZZ.replace(
        "Hal: brings in for $1\n", "Hal: brings in for $1\nHal: brings in for $1\n"
    ),
    "stud-dealt-twice": RAZZ.replace(
        "Dealt to Ivy [4d]\n", "Dealt to Ivy [4d]\nDealt to Ivy [4d]\n"
    ),
    "stud-board": RAZZ.replace("*** 5th STREET ***\n", "*** FLOP *** [2c 3c 4c]\n"),
    "stud-before-third-street": RAZZ.replace(
        "*** 3rd STREET ***\nDealt to Gus [Ah 2h 3h]\n",
        "Dealt to Gus [Ah 2h 3h]\n*** 3rd STREET ***\n",
    ),
    "stud-street-and-more": RAZZ.replace("*** 4th STREET ***", "*** 4th STREET *** [5c]"),
    "mixed-stakes-with-a-cap": HORSE_RAZZ.replace("$2/$4 USD)", "$2/$4 USD, $40 Cap)"),
    "draw-count-not-the-cards": _DRAW[0].replace(
        "discards 2 cards [9s Kd]", "discards 2 cards [9s]"
    ),
    "draw-stands-patiently": _DRAW[1].replace("Dan: stands pat", "Dan: stands patiently"),
    "draw-fewer-drawn": _DRAW[0].replace(
        "Dealt to Ann [2c 3d 4h] [7c 8h]", "Dealt to Ann [2c 3d 4h 7c] [8h]"
    ),
    "draw-no-button": _DRAW[1].replace(
        "Table 'Vega' 6-max Seat #3 is the button", "Table 'Vega' 6-max"
    ),
}
"""Hands the kernel leaves to the reference reader, each for one reason: a second bring-in, a player dealt twice a street, a board's street in stud, cards
dealt before third street, a stud street's line with cards after it, a mixed game's stakes
with more after them, a discard's count not its cards, ``stands`` not ``pat``, fewer cards
drawn than thrown away (written in the other bracket), a draw table with no button."""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pokerstars.txt"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_kind_is_read_by_the_kernel_as_the_reference_reads_it(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, KINDS[name])
    assert _fast_statuses(path, "pokerstars") == [OK]
    same_on_both_paths(path, tmp_path, monkeypatch)


@pytest.mark.parametrize("name", sorted(GUARDS))
def test_each_guard_leaves_its_hand_to_the_reference_reader(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, GUARDS[name])
    assert _fast_statuses(path, "pokerstars") != [OK]
    same_on_both_paths(path, tmp_path, monkeypatch)


def test_the_kinds_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The reference answers the kinds stand on (worked out from the hands' text)."""
    from pokerscore.histories.results import history_results

    path = _write(tmp_path, RAZZ + SINGLE_DRAW_ANTE_ALL_IN + _STUD[1])
    razz, single, hi_lo = history_results(path)
    assert (razz.hand.game, razz.hand.currency, razz.hand.bring_in, razz.rake) == ("razz", "USD", 100, 0.5)  # fmt: skip
    assert {p.player: p.net for p in razz.players} == {"Gus": 7.3, "Hal": -1.4, "Ivy": -6.4}
    assert razz.hand.time is not None and razz.hand.time.startswith("2024-03-05T21:55:00")
    assert single.hand.ante_trimming  # Kim's ante of 10 trimmed to Jo's 5
    assert {p.player: p.net for p in single.players} == {"Jo": 5, "Kim": -5}
    assert {p.player: p.net for p in hi_lo.players} == {"Dee": 2, "Eve": 2, "Fay": -4}
    assert hi_lo.hand.tournament == "9000001"
    eve = next(p for p in hi_lo.players if p.player == "Eve")
    assert eve.allin_ev is not None  # all in on sixth street, called: an exact EV


SHARED_STARS = HAND_HISTORIES / "sites" / "Stars"
_GAMES = ("Stud", "Razz", "Draw", "Badugi")


@needs_sample
def test_the_shared_stud_and_draw_files_give_the_reference_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every stud and draw file of the shared PokerStars folder: the reference path's rows,
    errors and disagreements; the kernel reads the hands it is sure of: 8 of the 9 (badugi, 2-7
    triple draw, the single draw with an ante all in, the 8-Game stud hi/lo hand, the razz hand
    of a name with brackets; the reference reader refuses the triple stud hand's card ``[of]``)."""
    files = sorted(
        path
        for path in SHARED_STARS.rglob("*.txt")
        if any(game in path.name for game in _GAMES) and "5-Carddraw" not in path.name
    )
    assert len(files) == 6
    read = sum(_fast_statuses(path, "pokerstars").count(OK) for path in files)
    assert read == 8
    fast, reference = _both_paths(files, tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)


_MUTATIONS = (
    "brings", "completes", "discards", "stands", "pat", "card", "cards", "[Kd]", "[??]",
    "***", "STREET", "RIVER", "DRAW", "3rd", "8th", "folds", "calls", "Dealt", "to", "Hal",
    "Gus", "Ann", "[2c", "8h]", "0", "6",
)  # fmt: skip
_SUFFIXES = (" ", "\r", " and is all-in", "$", "0", ")", "]", " [Ah]", " ***")


@pytest.mark.slow
def test_mutated_stud_and_draw_hands_give_the_reference_readers_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands changed at random, three a file: whatever the kernel reads, it reads as the
    reference reader does; the rest it leaves to it (results, errors and disagreements)."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = [KINDS[name] for name in sorted(KINDS)]
    rng = random.Random(29)
    path = tmp_path / "pokerstars.txt"
    for _ in range(80):
        text = "".join(
            mutated_hand(rng.choice(hands), rng, words=_MUTATIONS, sign="$", suffixes=_SUFFIXES)
            for _ in range(3)
        )
        path.write_text(text, "utf-8")
        fast = _results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast == _results(path), text
        monkeypatch.delenv(REFERENCE_ONLY)


def test_the_log_gives_the_lenient_readers_hands(tmp_path: Path) -> None:
    """``read_histories`` from the kernel's log: the hold'em hand of an ante all in with its
    antes trimmed, as the lenient reader reads it (the log wrote them untrimmed before); the
    razz and triple draw hands from the log too (since session 24: the lenient reader's before),
    every field the lenient reader's."""
    from tests.histories.test_logged_hands import assert_same_hands
    from tests.histories.test_stars_logged_hands import logged

    path = _write(tmp_path, HOLDEM_ANTE_ALL_IN + RAZZ + _DRAW[0])
    read = assert_same_hands(path)
    assert logged(read) == 3
    assert read[0].ante_trimming  # type: ignore[union-attr]
