"""The Winning Poker Network through the compiled PokerStars-layout reader (issue 29 §1): the
kernel (``_winning_kernels``) reads a hand of the 2019 layout or of the 2016-19 one (``Game
started at:``), hold'em or Omaha, hi/lo, cash or tournament, only where it is sure of it and
leaves the rest (stud, 6+ hold'em, any line it would otherwise misread) to Winning's own
reader, hand by hand. So every
hand's results, errors and disagreements on the fast path are Winning's reader's (the reference
path, ``POKERSCORE_HISTORIES_REFERENCE=1``): each kind of hand and each guard has a hand of its
own here, written for these tests."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pokerscore.histories.model import HandResult
from tests.histories.sites.site_runs import mutated_hand
from tests.histories.sites.test_stars_layouts_fast import (
    SHARED_SITES,
    SITES,
    _fast_statuses,
    same_on_both_paths,
)
from tests.histories.test_histories import _both_paths, _rows, _same_summaries
from tests.shared_sample import needs_sample

_KINDS = [
    f"{hand.strip()}\n"
    for hand in (SITES / "winning" / "newer-kinds.txt").read_text(encoding="utf-8").split("\n\n")
]
"""The fixture of the 2019 layout's kinds of hand (``benchmarks/bench_sites.py``'s too), a hand
each: cash hold'em, a showdown with a side pot, Omaha, a tournament's Omaha hi/lo."""
WN_CASH = _KINDS[0]
"""Cash hold'em in dollars: the one card each is dealt for the button before the hand (not the
deal), ``Main pot`` lines at each street, a bet nobody called returned, the winner not showing,
the total before the rake."""

WN_SHOWDOWN = _KINDS[1]
"""Hold'em to a showdown, three all in: a main pot and a side pot (``side pot-1``), the bet
nobody covered returned, the rake taken from both, a name with a space."""

WN_OMAHA = _KINDS[2]
"""Pot-limit Omaha, a raise to pot on the flop and an all-in on the turn, the hero's four
cards known, the rake at the 3.00 cap."""

WN_HI_LO_TOURNAMENT = _KINDS[3]
"""A tournament's Omaha hi/lo in chips: antes, the stakes in the level's brackets, no rake, the
pot split high and low (two ``collected`` lines of one pot)."""

WN_DEAD = (
    WN_CASH.replace(
        "Hero posts the big blind $0.05\n",
        "Hero posts the big blind $0.05\nAnn posts dead $0.07\n",
    )
    .replace("Ann raises $0.15 to $0.15", "Ann checks")
    .replace(
        "Hero raises $0.45 to $0.50\nAnn calls $0.35", "Hero raises $0.45 to $0.50\nAnn calls $0.45"
    )
    .replace("collected $2.11", "collected $2.13")
    .replace("Total pot $2.22", "Total pot $2.24")
)
"""A dead blind posted (``posts dead``: the big blind live, the rest dead money)."""

WN_FIXED_LIMIT = """\
Hand #303 - Holdem(Fixed Limit) - $0.10/$0.20 - 2021/08/02 10:00:00 UTC
Table 'Kiev' 6-max Seat #1 is the button
Seat 1: Ann ($5.00)
Seat 2: Bo ($5.00)
Seat 3: Hero ($5.00)
Dealt to Ann [Qd]
Dealt to Bo [4c]
Dealt to Hero [Tc]
Bo posts the small blind $0.05
Hero posts the big blind $0.10
*** HOLE CARDS ***
Main pot $0.15 | Rake $0.00
Dealt to Hero [Ah Ad]
Ann raises $0.20 to $0.20
Bo folds
Hero raises $0.20 to $0.30
Ann calls $0.10
*** FLOP *** [2c 7d 9s]
Main pot $0.65 | Rake $0.00
Hero bets $0.10
Ann calls $0.10
*** TURN *** [2c 7d 9s] [Jh]
Main pot $0.85 | Rake $0.00
Hero bets $0.20
Ann folds
Uncalled bet ($0.20) returned to Hero
Hero does not show
Hero collected $0.85 from main pot
*** SUMMARY ***
Total pot $0.85 | Rake $0.00
Board [2c 7d 9s Jh]
Seat 1: Ann (button) folded on the Turn
Seat 2: Bo (small blind) folded on the Pre-Flop
Seat 3: Hero (big blind) did not show and won $0.85
"""
"""Fixed-limit hold'em: the header's stakes the small and big bets, the blinds half of them."""

WN_HOLDEM_TOURNAMENT = (
    WN_HI_LO_TOURNAMENT.replace("Omaha H/L", "Holdem")
    .replace("Ah 2h 9c Kd", "Ah 2h")
    .replace("Kh Ks 6c 7d", "Kh Ks")
    .replace("Ana collected 18325.00", "Ana collected 36650.00")
    .replace("Hero collected 18325.00 from main pot\n", "")
)
"""A tournament's hold'em: the Omaha hi/lo tournament's hand with two cards each, one winner."""


_OLDER = [
    f"{hand.strip()}\n"
    for hand in (SITES / "winning" / "older-utf16.txt")
    .read_text(encoding="utf-16")
    .replace("\r\n", "\n")
    .split("\n\n")
]
"""The 2016-19 layout's fixture (``bench_sites``' ``winning``), its hands with line feeds."""
WN_OLDER_CASH = _OLDER[0]
"""Cash hold'em in the 2016-19 layout: ``Player X`` lines, each amount an increment (``raises
(8.50)``, ``allin (41.50)``), the hero's cards one a line, a player sitting out, a street with a
colon, ``mucks cards`` at the showdown, the summary's ``Pot: 100.25. Rake 1.51. JP fee 0.24`` and
each player's ``Bets``/``Collects``, the winner's cards shown there."""
WN_OLDER_TOURNAMENT = _OLDER[1]
"""A tournament's hold'em (``…, Table 1``, no ``(PRR)``): a raise nobody called returned in
writing, no rake."""
WN_OLDER_OMAHA = (
    WN_OLDER_CASH.replace("(Hold'em)", "(Omaha)")
    .replace(
        "Player Cy received card: [Kd]\n",
        "Player Cy received card: [Kd]\nPlayer Cy received card: [6c]\n"
        "Player Cy received card: [6d]\n",
    )
    .replace("[Ah Kd])", "[Ah Kd 6c 6d])")
    .replace("[Jd Qs]", "[Jd Qs 4h 5h]")
)
"""Pot-limit Omaha in the 2016-19 layout: the hero's four cards, four lines."""
WN_OLDER_HI_LO = WN_OLDER_OMAHA.replace("(Omaha)", "(Omaha HiLow)")
"""Omaha hi/lo (``Omaha HiLow``): Bo's pair of jacks and seven-low take both halves."""
WN_OLDER_ANTES = (
    WN_OLDER_TOURNAMENT.replace(
        "Player Ann has big blind (30)\n",
        "Player Ann has big blind (30)\nPlayer Bo has ante (5)\nPlayer Ann has ante (5)\n",
    )
    .replace("Pot: 60", "Pot: 70")
    .replace("Collects: 60. Wins: 30.", "Collects: 70. Wins: 35.")
)
"""A tournament's hand with antes (``has ante (5)``: dead money, in no round's bets)."""
WN_OLDER_DEAD = (
    WN_OLDER_CASH.replace(
        "Player Dee has big blind (1)\n",
        "Player Dee has big blind (1)\nPlayer Bo has dead blind (1.50)\n",
    )
    .replace("Player Bo calls (6)", "Player Bo calls (5)")
    .replace("Player Bo allin (41.50)", "Player Bo allin (41)")
    .replace("Player Cy calls (31.50)", "Player Cy calls (31)")
    .replace("Pot: 100.25.", "Pot: 99.75.")
    .replace("Collects: 100.25.", "Collects: 99.75.")
)
"""A dead blind (``has dead blind (1.50)``: the big blind in the round's bets, the rest dead),
so Bo's call of 5 matches Cy's raise to 9."""
WN_OLDER_REVEAL = WN_OLDER_CASH.replace("Player Cy received card: [Ah]\n", "").replace(
    "Player Cy received card: [Kd]\n", ""
)
"""No hero: Cy's cards known only from the summary's ``mucks (does not show: [Ah Kd])``."""


def _variants() -> dict[str, str]:
    """Each kind's and each guard's hand."""
    cash = WN_CASH
    return {
        "cash-holdem": cash,
        "cash-holdem-showdown-side-pot": WN_SHOWDOWN,
        "cash-omaha": WN_OMAHA,
        "tournament-omaha-hi-lo": WN_HI_LO_TOURNAMENT,
        "cash-dead-blind": WN_DEAD,
        "cash-fixed-limit": WN_FIXED_LIMIT,
        "cash-crlf": cash.replace("\n", "\r\n"),
        "cash-byte-order-mark": "\ufeff" + cash,
        "tournament-holdem": WN_HOLDEM_TOURNAMENT,
        "older-layout": (SITES / "winning" / "older-utf16.txt").read_text(encoding="utf-16"),
        "older-cash-holdem": WN_OLDER_CASH,
        "older-tournament-holdem": WN_OLDER_TOURNAMENT,
        "older-omaha": WN_OLDER_OMAHA,
        "older-omaha-hi-lo": WN_OLDER_HI_LO,
        "older-antes": WN_OLDER_ANTES,
        "older-dead-blind": WN_OLDER_DEAD,
        "older-caps": WN_OLDER_CASH.replace("Bo allin (41.50)", "Bo caps (41.50)"),
        "older-reveal": WN_OLDER_REVEAL,
        "older-byte-order-mark": "\ufeff" + WN_OLDER_CASH,
        "older-two-hands": WN_OLDER_TOURNAMENT + WN_OLDER_CASH,
        "older-blank-lines": WN_OLDER_TOURNAMENT.replace("\n", "\n\n"),
        # left to Winning's reader
        "older-short-deck": WN_OLDER_CASH.replace("(Hold'em)", "(6+ Hold'em)"),
        "older-capped": WN_OLDER_CASH.replace("(PRR) Fixture", "(PRR) Fixture - CAP - 5"),
        "older-thousands-comma": WN_OLDER_CASH.replace(
            "Seat 1: Ann (100).", "Seat 1: Ann (1,000)."
        ),
        "older-three-decimals": WN_OLDER_CASH.replace("small blind (0.50)", "small blind (0.500)"),
        "older-leading-space": WN_OLDER_CASH.replace("Player Dee folds", " Player Dee folds"),
        "older-seat-after-the-play": WN_OLDER_CASH.replace(
            "Player Dee folds", "Seat 6: Zed (10).\nPlayer Dee folds"
        ),
        "older-holes-of-two-players": WN_OLDER_CASH.replace(
            "Player Cy received card: [Kd]\n",
            "Player Dee received card: [5c]\nPlayer Cy received card: [Kd]\n",
        ),
        "older-fold-with-amount": WN_OLDER_CASH.replace("Player Dee folds", "Player Dee folds (1)"),
        "older-two-pot-lines": WN_OLDER_CASH.replace("Board: [", "Pot: 100.25\nBoard: ["),
        "older-pot-with-more": WN_OLDER_CASH.replace("JP fee 0.24", "JP fee 0.24 more"),
        "older-no-button": WN_OLDER_CASH.replace("Seat 2 is the button\n", ""),
        "older-unknown-line": WN_OLDER_CASH.replace("Player Dee folds", "Player Dee says hi"),
        "older-collects-not-an-amount": WN_OLDER_CASH.replace(
            "Collects: 100.25.", "Collects: 1,100.25."
        ),
        "older-game-id-not-second": WN_OLDER_CASH.replace(
            "Game ID: 1001", "Seat 2 is the button\nGame ID: 1001"
        ),
        "stud": (SITES / "winning" / "stud.txt").read_text(encoding="utf-8"),
        "short-deck": cash.replace("Holdem(No Limit)", "6+ Holdem(No Limit)"),
        "thousands-comma": cash.replace("($6.10)", "($1,006.10)"),
        "three-decimals": cash.replace("($6.10)", "($6.100)"),
        "leading-space": cash.replace("Bo folds", " Bo folds"),
        "trailing-space": cash.replace("Bo folds", "Bo folds "),
        "second-table-line": cash.replace(
            "Seat 1: Ann", "Table 'X' 6-max Seat #2 is the button\nSeat 1: Ann"
        ),
        "table-without-button": cash.replace(" Seat #1 is the button", ""),
        "unknown-verb": cash.replace("Bo folds", "Bo sits out"),
        "raise-without-to": cash.replace("Ann raises $0.15 to $0.15", "Ann raises $0.15"),
        "collected-from-pot": cash.replace("from main pot", "from pot"),
        "rake-in-what-was-collected": cash.replace("Hero collected $2.11", "Hero collected $2.22"),
        "shows-without-cards": WN_SHOWDOWN.replace("Dee shows [Ts 9d]", "Dee shows"),
        "two-seats-one-name": cash.replace("Seat 2: Bo", "Seat 2: Ann").replace("Bo ", "Ann "),
        "seat-after-the-hole-cards": cash.replace("Bo folds", "Seat 5: Zed ($1.00)\nBo folds"),
        "no-rake-written": cash.replace("| Rake $0.11\nBoard", "| Rake \nBoard"),
        "cards-in-two-brackets": cash.replace("Dealt to Hero [As Kd]", "Dealt to Hero [As] [Kd]"),
        "street-with-colon": cash.replace("*** FLOP *** [", "*** FLOP ***: ["),
        "won-not-an-amount": cash.replace("won $2.11", "won $2.11]"),
        "no-summary": cash[: cash.index("*** SUMMARY ***")],
        "first-bracket-not-the-game": cash.replace(
            "Holdem(No Limit) - ", "(x) Holdem(No Limit) - "
        ),
    }


VARIANTS = _variants()
READ_BY_THE_KERNEL = {
    "cash-holdem",
    "cash-holdem-showdown-side-pot",
    "cash-omaha",
    "tournament-omaha-hi-lo",
    "cash-dead-blind",
    "cash-fixed-limit",
    "cash-crlf",
    "cash-byte-order-mark",
    "tournament-holdem",
    "older-layout",
    "older-cash-holdem",
    "older-tournament-holdem",
    "older-omaha",
    "older-omaha-hi-lo",
    "older-antes",
    "older-dead-blind",
    "older-caps",
    "older-reveal",
    "older-byte-order-mark",
    "older-two-hands",
    "older-blank-lines",
}
"""The hands the kernel reads (each one's result checked against Winning's reader's)."""


def _results(path: Path) -> list[Any]:
    """Each hand's result as a comparable tuple (what the site wrote too: its totals, currency,
    date, tournament), or its error's message."""
    from pokerscore.histories.results import history_results

    found: list[Any] = []
    for result in history_results(path, on_error=lambda error: found.append(str(error))):
        assert isinstance(result, HandResult)
        hand = result.hand
        found.append(
            (
                hand.hand_id,
                hand.site,
                hand.variant,
                hand.time,
                hand.currency,
                hand.tournament,
                hand.total_pot,
                hand.rake,
                [(s.name, s.stack) for s in hand.seats],
                result.players,
                result.boards,
                [str(d) for d in result.disagreements],
            )
        )
    return found


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_winning_hand_gives_winnings_readers_answer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK

    path = tmp_path / "winning.txt"
    path.write_bytes(VARIANTS[name].encode())
    statuses = _fast_statuses(path, "winning")
    assert (statuses == [OK] * len(statuses)) == (name in READ_BY_THE_KERNEL)
    same_on_both_paths(path, tmp_path, monkeypatch, results=_results)


def test_the_winning_hands_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The answers worked out from the hands' text: the site's own totals agree (no
    disagreement), the bet nobody called returned, the rake where the pot was raked, the all-in
    EV where the money went in before the river, the currency and the time in UTC."""
    path = tmp_path / "winning.txt"
    hands = WN_CASH + WN_SHOWDOWN + WN_OMAHA + WN_HI_LO_TOURNAMENT + WN_FIXED_LIMIT
    path.write_bytes(hands.encode())
    cash, showdown, omaha, tournament, fixed = _results(path)
    for result in (cash, showdown, omaha, tournament, fixed):
        assert result[-1] == []  # no disagreement with the site's totals
    assert cash[:6] == ("300", "Winning Poker Network", "NT", "2021-07-28T16:15:58+00:00", "USD", None)  # fmt: skip
    # Hero: 0.50 in, Ann's 0.50 and Bo's 0.02 taken, his own 2.90 back; 2.22 less 0.11 rake
    assert {p.player: (round(p.net, 2), round(p.rake_paid, 2)) for p in cash[9]} == {
        "Ann": (-1.10, 0.0),
        "Bo": (-0.02, 0.0),
        "Hero": (1.01, 0.11),
    }
    # Bo covers both and wins both pots (4.00 x 3 + 0.05, and 3.90 x 2), 1.00 of rake paid:
    # 19.05 taken for the 8.00 that was called
    assert {p.player: (round(p.net, 2), round(p.rake_paid, 2)) for p in showdown[9]} == {
        "Ann Lee": (-4.0, 0.0),
        "Bo": (11.05, 1.0),
        "Cy": (-0.05, 0.0),
        "Dee": (-8.0, 0.0),
    }
    assert all(p.allin_ev is not None for p in showdown[9] if p.player != "Cy")
    # 80.50 in the pot (40 each, Ann's 0.50), 3.00 of rake: Bo's 77.50 for his 40
    assert {p.player: round(p.net, 2) for p in omaha[9]} == {"Ann": -0.5, "Bo": 37.5, "Hero": -40.0}  # fmt: skip
    assert tournament[2:8] == ("PO/8", "2019-07-25T03:10:00+00:00", None, "4242", 36650, None)
    # the pot split high (Ana) and low (Hero): Bea's ante and big blind, half each
    assert {p.player: p.net for p in tournament[9]} == {"Hero": 325.0, "Ana": 325.0, "Bea": -650.0}
    # fixed limit: Ann's 0.30 before the flop and 0.10 on it; Hero's turn bet of 0.20 returned
    assert fixed[2] == "FT"
    assert {p.player: round(p.net, 2) for p in fixed[9]} == {"Bo": -0.05, "Hero": 0.45, "Ann": -0.4}


def test_the_older_winning_hands_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The 2016-19 layout's answers worked out from the hands' text, read by the kernel: the
    site's totals agree, the increments made raises to (Bo's ``raises (3)`` then ``calls (6)``
    and ``allin (41.50)``: his 50.50), the pot and rake the summary's sum (``Pot: 100.25. Rake
    1.51. JP fee 0.24``: 102 in all, 1.75 of rake), the player sitting out not dealt in."""
    from pokerscore.histories._layout import OK

    path = tmp_path / "winning.txt"
    path.write_bytes(
        (WN_OLDER_CASH + WN_OLDER_TOURNAMENT + WN_OLDER_HI_LO + WN_OLDER_DEAD).encode()
    )
    assert _fast_statuses(path, "winning") == [OK] * 4
    cash, tournament, hi_lo, dead = _results(path)
    for result in (cash, tournament, hi_lo, dead):
        assert result[-1] == []  # no disagreement with the site's totals
    assert cash[:8] == ("1001", "Winning Poker Network", "NT", "2016-08-08T09:05:07", None, None, 10200, 175)  # fmt: skip
    nets = {p.player: (round(p.net, 2), round(p.rake_paid, 2)) for p in cash[9]}
    assert nets == {"Bo": (49.75, 1.75), "Cy": (-50.5, 0.0), "Dee": (-1.0, 0.0)}
    assert tournament[5:8] == ("$2.40 Hyper Turbo Heads-up", 60, 0)
    assert {p.player: p.net for p in tournament[9]} == {"Ann": -30, "Bo": 30}  # 30 returned
    assert hi_lo[2] == "PO/8"  # Bo's jacks and seven-low: both halves
    assert {p.player: round(p.net, 2) for p in hi_lo[9]} == {"Bo": 49.75, "Cy": -50.5, "Dee": -1.0}
    # the dead blind: 1 of Bo's 1.50 in the round (his call of 5 matches Cy's 9), 0.50 dead
    assert dead[6] == 10150
    assert {p.player: round(p.net, 2) for p in dead[9]} == {"Bo": 49.25, "Cy": -50.0, "Dee": -1.0}


_WIDE = {
    "utf-16-le": (SITES / "winning" / "older-utf16.txt").read_bytes(),
    "utf-16-be": b"\xfe\xff" + (WN_OLDER_CASH + WN_OLDER_TOURNAMENT).encode("utf-16-be"),
    "lone-returns": "\ufeff".encode("utf-16-le")
    + (WN_OLDER_OMAHA + WN_OLDER_ANTES).replace("\n", "\r").encode("utf-16-le"),
    "returns-doubled": "\ufeff".encode("utf-16-le")
    + (WN_OLDER_CASH + WN_OLDER_DEAD).replace("\n", "\r\r\n").encode("utf-16-le"),
    "cut-in-a-character": (SITES / "winning" / "older-utf16.txt").read_bytes()[:-1],
    "names-past-ascii": "\ufeff".encode("utf-16-le")
    + (WN_OLDER_CASH.replace("Bo ", "Bø ") + WN_OLDER_TOURNAMENT.replace("Ann", "Änn 🂡")).encode(
        "utf-16-le"
    ),
    "text-before-the-first-hand": "\ufeff".encode("utf-16-le")
    + ("Exported by a tool\n" + WN_OLDER_CASH).encode("utf-16-le"),
    "a-hand-left": "\ufeff".encode("utf-16-le")
    + (WN_OLDER_CASH.replace("(Hold'em)", "(6+ Hold'em)") + WN_OLDER_HI_LO).encode("utf-16-le"),
}
"""Winning's files in UTF-16, as its client writes them (little-endian, a byte-order mark,
``\r\n``) and otherwise: big-endian, line ends ``\r`` alone or ``\r\r\n`` (each ``\r``
a line end to Winning's reader), the last character cut (a U+FFFD there), names past ASCII
(one outside the BMP: a surrogate pair), a hand the kernel leaves between two it reads, text
before the first hand (the file Winning's reader's)."""


@pytest.mark.parametrize("name", sorted(_WIDE))
def test_winnings_utf16_files_read_by_the_kernel_give_its_readers_answer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A UTF-16 file read by the kernel from its UTF-8 (``fast_files.wide_text``): every hand it
    reads, and the lines and places of the hands it leaves, Winning's reader's."""
    from pokerscore.histories._layout import OK
    from pokerscore.histories.batches import replay_stars_text
    from pokerscore.histories.fast_files import wide_text

    path = tmp_path / "winning.txt"
    path.write_bytes(_WIDE[name])
    text = wide_text(str(path), "winning")
    assert text is not None
    decoded = tmp_path / "decoded.txt"
    decoded.write_bytes(text)
    if name == "text-before-the-first-hand":  # the file Winning's reader's, whole
        assert replay_stars_text(text, layout="winning") is None
    else:
        statuses = _fast_statuses(decoded, "winning")
        read = [status == OK for status in statuses]
        # the hand cut in a character ends in U+FFFD (which the reader strips): left to it
        left = {"cut-in-a-character": 1, "a-hand-left": 0}.get(name, -1)
        assert read == [place != left for place in range(len(read))]
    same_on_both_paths(path, tmp_path, monkeypatch, results=_results)


def test_a_utf16_file_with_a_long_hand_goes_whole_to_winnings_reader(tmp_path: Path) -> None:
    """A UTF-16 file with a hand that might be past the reader's longest in its own bytes (a
    quarter of it in UTF-8) is not read by the kernel (``wide_text`` None): its reader's."""
    from pokerscore.histories.fast_files import wide_text
    from pokerscore.histories.sites.text import MAX_HAND_BYTES

    path = tmp_path / "winning.txt"
    filler = "Player Dee received a card.\n" * (MAX_HAND_BYTES // 4 // 28 + 1)
    long_hand = WN_OLDER_CASH.replace("Player Dee folds\n", filler + "Player Dee folds\n")
    path.write_bytes("\ufeff".encode("utf-16-le") + (long_hand + WN_OLDER_CASH).encode("utf-16-le"))
    assert wide_text(str(path), "winning") is None
    path.write_bytes("\ufeff".encode("utf-16-le") + (WN_OLDER_CASH * 2).encode("utf-16-le"))
    assert wide_text(str(path), "winning") is not None


def test_a_utf16_file_past_the_whole_file_limit_is_streamed_by_winnings_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel decodes a UTF-16 file whole: a file past ``fast_files.WHOLE_FILE_BYTES`` (as an
    iPoker file past it) is left to Winning's reader, which streams it, so a run's memory does
    not grow with such a file."""
    from pokerscore.histories import fast_files

    path = tmp_path / "winning.txt"
    path.write_bytes("\ufeff".encode("utf-16-le") + (WN_OLDER_CASH * 2).encode("utf-16-le"))
    assert fast_files.wide_text(str(path), "winning") is not None
    monkeypatch.setattr(fast_files, "WHOLE_FILE_BYTES", path.stat().st_size - 1)
    assert fast_files.wide_text(str(path), "winning") is None


@needs_sample
def test_the_kernel_gives_winnings_rows_on_the_shared_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK
    from pokerscore.histories.fast_files import wide_text

    files = sorted((SHARED_SITES / "Winning").rglob("*.txt"))
    if not files:
        pytest.skip("no Winning files in the shared sample")
    fast, reference = _both_paths([*files, SITES / "winning"], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    newer = [path for path in files if path.read_bytes().startswith(b"Game Hand #")]
    read = sum(status == OK for path in newer for status in _fast_statuses(path, "winning"))
    assert read >= 1
    # the UTF-16 files (all of the 2016-19 layout): each one's hands read by the kernel
    for path in files:
        text = wide_text(str(path), "winning")
        if text is not None:
            decoded = tmp_path / "decoded.txt"
            decoded.write_bytes(text)
            assert OK in _fast_statuses(decoded, "winning"), path.name


_MUTATIONS = ("folds", "calls", "raises", "to", "main", "side", "pot-1", "Seat", "#2", "$0.05",
              "[Ah]", "and is all-in", "Rake", "posts", "dead", "(x)")  # fmt: skip


_SUFFIXES = (
    " ",
    "\r",
    " and is all-in",
    "$",
    "0",
    ")",
    "]",
)


def _mutated(hand: str, rng: random.Random) -> str:
    return mutated_hand(hand, rng, words=_MUTATIONS, sign="$", suffixes=_SUFFIXES, first_line=0)


@pytest.mark.slow
def test_mutated_winning_hands_give_winnings_readers_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands changed at random, three a file: whatever the kernel reads, it reads as Winning's
    reader does; the rest it leaves to it (results, errors and disagreements alike)."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = [VARIANTS[name] for name in sorted(READ_BY_THE_KERNEL) if "crlf" not in name]
    rng = random.Random(29)
    path = tmp_path / "winning.txt"
    for _ in range(80):
        text = "".join(_mutated(rng.choice(hands).removeprefix("\ufeff"), rng) for _ in range(3))
        path.write_text(text, "utf-8")
        fast = _results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast == _results(path), text
        monkeypatch.delenv(REFERENCE_ONLY)


_OLDER_MUTATIONS = ("Player", "folds", "calls", "raises", "allin", "caps", "checks", "(3)",
                    "received", "card:", "[Ah]", "has", "small", "dead", "blind", "ante",
                    "sitting", "mucks", "cards", "Bets:", "Collects:", "Pot:", "Rake", "JP",
                    "***:", "is", "button", "Seat", "(Omaha)", "(PRR)", "shows:")  # fmt: skip


def _older_mutated(hand: str, rng: random.Random) -> str:
    suffixes = (*_SUFFIXES, ".")
    return mutated_hand(
        hand, rng, words=_OLDER_MUTATIONS, sign=".", suffixes=suffixes, first_line=0
    )


@pytest.mark.slow
def test_mutated_older_winning_hands_give_winnings_readers_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 2016-19 layout's hands changed at random, three a file, as above: whatever the
    kernel reads, it reads as Winning's reader does."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = [VARIANTS[name] for name in sorted(READ_BY_THE_KERNEL) if name.startswith("older-")]
    hands = [hand.removeprefix("\ufeff").replace("\r\n", "\n") for hand in hands]
    rng = random.Random(16)
    path = tmp_path / "winning.txt"
    for _ in range(80):
        text = "".join(f"{_older_mutated(rng.choice(hands), rng)}\n" for _ in range(3))
        path.write_text(text, "utf-8")
        fast = _results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast == _results(path), text
        monkeypatch.delenv(REFERENCE_ONLY)
