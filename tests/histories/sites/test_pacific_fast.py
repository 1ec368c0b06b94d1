"""888poker (Pacific, Cassava) through the compiled PokerStars-layout reader (issue 29 §1): the
kernel reads a hold'em or Omaha hand (hi/lo too; cash, play money and tournaments; no, pot and
fixed limit) only where it is sure of it and leaves the rest (amounts or cards as a localised
client writes them, cp1252 bytes, a dead blind, a player not dealt in, a banner's site it does
not know, any line it would otherwise misread) to 888poker's own reader, hand by hand. So every
hand's rows, errors and disagreements on the fast path are 888poker's reader's (the reference
path, ``POKERSCORE_HISTORIES_REFERENCE=1``): stacks, pots, rake, all-in EV, the totals check,
currency, date; each kind of hand and each guard has a hand of its own here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.histories.sites.site_runs import compared_results, mutated_hand, stars_layout_read
from tests.histories.sites.test_stars_layouts_fast import SHARED_SITES, SITES, _fast_statuses
from tests.histories.test_histories import _both_paths, _rows, _same_summaries
from tests.shared_sample import needs_sample

CASH = """\
#Game No : 200
***** 888poker Hand History for Game 200 *****
$0.05/$0.10 Blinds No Limit Holdem - *** 05 03 2024 21:14:07
Table Fixture (Real Money)
Seat 3 is the button
Total number of players : 4
Seat 1: Ann ( $10 )
Seat 3: Bo Li ( $5.50 )
Seat 5: Cy ( $12.25 )
Seat 7: Dee ( $3 )
Cy posts small blind [$0.05]
Dee posts big blind [$0.10]
** Dealing down cards **
Dealt to Ann [ Ah, Kd ]
Ann raises [$0.30]
Bo Li calls [$0.30]
Cy folds
Dee raises [$0.80]
Ann calls [$0.60]
Bo Li folds
** Dealing flop ** [ 2c, 7d, Jh ]
Dee is all-in [$2.10]
Ann calls [$2.10]
** Dealing turn ** [ 9s ]
** Dealing river ** [ 3c ]
** Summary **
Dee shows [ Jd, Js ]
Ann mucks [ Ah, Kd ]
Dee collected [ $6.30 ]

"""
"""A cash hand: increments (Ann's ``raises [$0.30]`` a raise to $0.30, Dee's ``raises [$0.80]``
on her big blind one to $0.90), an all-in bet, a muck of cards dealt, the rake what the pot
lacks from the collection ($6.35 - $6.30)."""

OMAHA = """\
#Game No : 201
***** Cassava Hand History for Game 201 *****
1/2 Blinds Pot Limit Omaha - *** 03 02 2011 19:56:35
Table Alagoinhas (Practice Play)
Seat 9 is the button
Total number of players : 3
Seat 1: corobi14 ( 1,168.50 )
Seat 2: micuccim ( 198 )
Seat 9: cdewayne ( 196 )
corobi14 posts small blind [1]
micuccim posts big blind [2]
** Dealing down cards **
cdewayne calls [2]
corobi14 calls [1]
micuccim checks
** Dealing flop ** [ 3d, As, 8c ]
corobi14 checks
micuccim bets [6]
cdewayne calls [6]
corobi14 folds
** Dealing turn ** [ 5d ]
micuccim bets [12]
cdewayne raises [40]
micuccim calls [28]
** Dealing river ** [ 4h ]
micuccim checks
cdewayne bets [50]
micuccim folds
** Summary **
cdewayne did not show his hand
cdewayne collected [ 97.50 ]

"""
"""Play money (no currency), pot-limit Omaha, thousands separated; the river's bet nobody called
not written returned (the replay returns it), 0.50 raked."""

FIXED = """\
#Game No : 202
***** 888poker Hand History for Game 202 *****
$0.10/$0.20 Blinds Fix Limit Holdem - *** 08 03 2024 10:00:00
Table Limity (Real Money)
Seat 1 is the button
Total number of players : 2
Seat 1: Ann ( $10 )
Seat 2: Bob ( $10 )
Ann posts small blind [$0.10]
Bob posts big blind [$0.20]
** Dealing down cards **
Ann raises [$0.30]
Bob calls [$0.20]
** Dealing flop ** [ 2c, 7d, Jh ]
Bob checks
Ann bets [$0.20]
Bob raises [$0.40]
Ann calls [$0.20]
** Dealing turn ** [ 9s ]
Bob bets [$0.40]
Ann folds
** Summary **
Bob collected [ $1.60 ]

"""
"""Fixed limit: the header's ``$0.10/$0.20`` the blinds, the bets $0.20 and $0.40."""

TOURNAMENT = """\
#Game No : 339528182
***** Cassava Hand History for Game 339528182 *****
$10/$20 Blinds No Limit Holdem - *** 19 01 2012 20:17:23
Tournament #35590332 $2.50 + $0.25 - Table #1 (Real Money)
Seat 4 is the button
Total number of players : 2
Seat 4: Hero ( $1,200 )
Seat 9: Villain ( $1,200 )
Hero posts ante [$2]
Villain posts ante [$2]
Hero posts small blind [$10]
Villain posts big blind [$20]
** Dealing down cards **
Dealt to Hero [ 7s, 7c ]
Hero raises [$30]
Villain is all-in [$1,178]
Hero calls [$1,158]
** Dealing flop ** [ Ad, 3s, Jd ]
** Dealing turn ** [ 2h ]
** Dealing river ** [ 9c ]
** Summary **
Villain shows [ Ah, Kh ]
Hero mucks [ 7s, 7c ]
Villain collected [ $2,400 ]

"""
"""A tournament's heads-up (chips written with a dollar sign), antes, all in before the flop
(all-in EV), the loser's cards, dealt to him, mucked."""


def _variants() -> dict[str, str]:
    """Each kind's and each guard's hand."""
    return {
        "cash": CASH,
        "omaha-play-money": OMAHA,
        "fixed-limit": FIXED,
        "tournament": TOURNAMENT,
        "omaha-hi-lo": OMAHA.replace("Pot Limit Omaha -", "Pot Limit Omaha Hi/Lo -"),
        "cash-crlf": CASH.replace("\n", "\r\n"),
        "not-dealt-in": CASH.replace(
            "Seat 7: Dee ( $3 )", "Seat 7: Dee ( $3 )\nSeat 8: Eve ( $4 )"
        ).replace("Cy posts small blind", "Eve folds\nEve  folds\nCy posts small blind"),
        "muck-reveals": CASH.replace("Dealt to Ann [ Ah, Kd ]\n", ""),
        "all-in-a-call": CASH.replace("Ann calls [$2.10]", "Ann goes all-in [$2.10]"),
        "ante-read": CASH.replace(
            "Cy posts small blind", "Ann posts ante [$0.01]\nCy posts small blind"
        ),
        "dead-blind": CASH.replace(
            "** Dealing down cards", "Ann posts dead blind [$0.05 + $0.10]\n** Dealing down cards"
        ).replace("Ann raises [$0.30]", "Ann raises [$0.20]"),
        "dead-blind-alone": CASH.replace(
            "** Dealing down cards", "Ann posts dead blind [$0.05]\n** Dealing down cards"
        ),
        # left to 888poker's reader
        "dead-blind-otherwise": CASH.replace(
            "** Dealing down cards", "Ann posts dead blind [$0.05+$0.10]\n** Dealing down cards"
        ),
        "localised-amounts": CASH.replace("( $10 )", "( 10 $ )"),
        "non-breaking-space": CASH.replace("( $12.25 )", "( $12\u00a0250 )"),
        "swedish-ranks": CASH.replace("[ Ah, Kd ]", "[ Eh, Kd ]"),
        "cp1252-name": "cp1252",
        "not-dealt-in-plays": CASH.replace(
            "Cy posts small blind", "Bo Li folds\nCy posts small blind"
        ),
        "unknown-banner": CASH.replace("***** 888poker Hand", "***** 888.es Hand"),
        "no-button": CASH.replace("Seat 3 is the button\n", ""),
        "checks-an-amount": OMAHA.replace("checks\n** Dealing flop", "checks [2]\n** Dealing flop"),
        "three-decimals": CASH.replace("[$0.30]", "[$0.300]"),
        "thousands-dots": TOURNAMENT.replace("$1,200", "$1.200"),
        "unknown-line": CASH.replace("Cy folds", "Cy folds\nCy waves"),
        "game-otherwise": CASH.replace("No Limit Holdem", "No Limit Razz"),
        "ten-of-hearts": CASH.replace("[ 9s ]", "[ 10s ]"),
        "seat-name-bracket": CASH.replace("Bo Li", "Bo (Li)"),
    }


VARIANTS = _variants()
READ_BY_THE_KERNEL = {
    "cash",
    "omaha-play-money",
    "fixed-limit",
    "tournament",
    "omaha-hi-lo",
    "cash-crlf",
    "all-in-a-call",
    "ante-read",
    "muck-reveals",
    "not-dealt-in",
    "dead-blind",
    "dead-blind-alone",
}
"""The hands the kernel reads (``all-in-a-call`` it reads and its replay refuses, as 888poker's
reader's replay does: a call written all in that leaves the caller chips behind)."""


def _bytes(name: str) -> bytes:
    if VARIANTS[name] == "cp1252":
        return CASH.replace("Bo Li", "Bö Li").encode("cp1252")
    return VARIANTS[name].encode()


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_888_hand_gives_888s_readers_answer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK
    from pokerscore.histories.parts import REFERENCE_ONLY

    path = tmp_path / "888.txt"
    path.write_bytes(_bytes(name))
    assert stars_layout_read(path, "pacific") == [name in READ_BY_THE_KERNEL]
    assert (_fast_statuses(path, "pacific") == [OK]) == (name in READ_BY_THE_KERNEL - {"all-in-a-call"})  # fmt: skip
    fast = compared_results(path)
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    reference = compared_results(path)
    monkeypatch.delenv(REFERENCE_ONLY)
    assert fast == reference
    fast_run, reference_run = _both_paths([path], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast_run, reference_run)


def test_the_888_hands_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The answers worked out from the hands' text: increments made raises to, the rake what
    the pot lacks from the collections, the bet nobody called returned, the banner's site, play
    money and tournament chips without a currency, the date day first."""
    path = tmp_path / "888.txt"
    path.write_bytes((CASH + "\n\n" + OMAHA + FIXED + TOURNAMENT).encode())
    assert stars_layout_read(path, "pacific") == [True, True, True, True]
    cash, omaha, fixed, tournament = compared_results(path)
    assert cash[0] == ("200", "888poker", "NT", "USD", None, "2024-03-05T21:14:07")
    assert {p.player: (p.put_in, p.won) for p in cash[1]} == {
        "Cy": (pytest.approx(0.05), 0.0),
        "Dee": (pytest.approx(3.0), pytest.approx(6.3)),
        "Ann": (pytest.approx(3.0), 0.0),
        "Bo Li": (pytest.approx(0.3), 0.0),
    }
    assert cash[3] == pytest.approx(0.05)
    assert cash[5] == []
    assert omaha[0] == ("201", "Cassava", "PO", None, None, "2011-02-03T19:56:35")
    assert {p.player: p.net for p in omaha[1]} == {
        "corobi14": pytest.approx(-2),
        "micuccim": pytest.approx(-48),
        "cdewayne": pytest.approx(49.5),
    }
    assert omaha[3] == pytest.approx(0.5)
    assert omaha[5] == []
    assert fixed[0][2] == "FT"
    assert {p.player: p.net for p in fixed[1]} == {
        "Ann": pytest.approx(-0.8),
        "Bob": pytest.approx(0.8),
    }
    assert fixed[3] == 0.0
    assert tournament[0] == ("339528182", "Cassava", "NT", None, "35590332", "2012-01-19T20:17:23")
    assert {p.player: p.net for p in tournament[1]} == {"Hero": -1200, "Villain": 1200}
    assert tournament[5] == []


@needs_sample
def test_the_kernel_gives_888s_rows_on_the_shared_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK

    files = sorted((SHARED_SITES / "PacificPoker").rglob("*.txt"))
    if not files:
        pytest.skip("no 888poker files in the shared sample")
    fast, reference = _both_paths([*files, SITES / "pacific"], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    read = sum(status == OK for path in files for status in _fast_statuses(path, "pacific"))
    assert read >= 15
    for path in files:
        fast_results = compared_results(path)
        monkeypatch.setenv("POKERSCORE_HISTORIES_REFERENCE", "1")
        assert fast_results == compared_results(path)
        monkeypatch.delenv("POKERSCORE_HISTORIES_REFERENCE")


def test_a_mixed_folder_reads_888_beside_the_other_layouts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file's format told from its content; 888poker's hands through the kernel beside
    PokerStars' and Bovada's, the rows the reference path's."""
    import shutil

    from pokerscore.histories.reading import file_format_of

    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a.txt").write_bytes((CASH + "\n\n" + TOURNAMENT).encode())
    shutil.copy(SITES / "bovada" / "tournament.txt", folder / "b.txt")
    shutil.copy(SITES.parent / "pokerstars-shapes.txt", folder / "c.txt")
    assert {path.name: file_format_of(path) for path in folder.iterdir()} == {
        "a.txt": "pacific",
        "b.txt": "bovada",
        "c.txt": "pokerstars",
    }
    fast, reference = _both_paths([folder], tmp_path, monkeypatch)
    rows = _rows(tmp_path / "fast.parquet")
    assert rows == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    assert {row["site"] for row in rows if row["file"].endswith("a.txt")} == {"888poker", "Cassava"}


_MUTATIONS = ("folds", "calls", "raises", "bets", "is all-in", "[$1]", "collected", "shows",
              "mucks", "posts", "$1,000", "$0.125", "[ Eh, 10d ]", "Seat", "**", "Dealt to")  # fmt: skip


_SUFFIXES = (" ", "\r", " [$5]", "0", ")", "]", " folds", " *****")


def _mutated(hand: str, rng: random.Random) -> str:
    return mutated_hand(hand, rng, words=_MUTATIONS, sign="$", suffixes=_SUFFIXES, first_line=0)


@pytest.mark.slow
def test_mutated_888_hands_give_888s_readers_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands changed at random, three a file: whatever the kernel reads, it reads as 888poker's
    reader does; the rest it leaves to it (results, errors and disagreements alike)."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = [VARIANTS[name] for name in sorted(READ_BY_THE_KERNEL)]
    rng = random.Random(29)
    path = tmp_path / "888.txt"
    for _ in range(80):
        path.write_text("".join(_mutated(rng.choice(hands), rng) + "\n" for _ in range(3)), "utf-8")
        fast = compared_results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast == compared_results(path), path.read_text("utf-8")
        monkeypatch.delenv(REFERENCE_ONLY)


def test_a_long_file_whose_hands_start_at_their_banners_is_888s_readers(tmp_path: Path) -> None:
    """A file whose hands no ``#Game No`` line leads (each starts at its banner) goes whole to
    888poker's reader (``fast_files.fast_format``, ``party.preamble``): past 1 MiB its hands
    are read, not one record too long to read (it was, before session 23); a file led by
    ``#Game No`` (after blank lines too) goes to the kernel."""
    from pokerscore.histories.part_specs import HistoryPart
    from pokerscore.histories.parts import fast_format

    banner_led = "".join(line for line in CASH.splitlines(keepends=True) if "#Game No" not in line)
    hands = banner_led.encode() + b"\n"
    copies = 1_100_000 // len(hands) + 1
    path = tmp_path / "banners.txt"
    path.write_bytes(hands * copies)
    assert not fast_format(HistoryPart(0, str(path), "pacific"))
    results = compared_results(path)
    assert len(results) == copies
    assert all(not isinstance(result, str) for result in results)
    numbered = tmp_path / "888.txt"
    numbered.write_bytes(b"\r\n\n" + CASH.encode())
    assert fast_format(HistoryPart(0, str(numbered), "pacific"))
