"""Full Tilt Poker through the compiled PokerStars-layout reader (issue 29 §1): the kernel
(``_fulltilt_kernels``) reads a hold'em or Omaha hand (4, 5 and 6 cards, hi/lo; no, pot and
fixed limit; cash and tournaments) only where it is sure of it and leaves the rest (stud and the
draw games, the older ``FullTiltPoker Game #`` files, cp1252 bytes, a line ending in a space, any
line it would otherwise misread) to Full Tilt's own reader, hand by hand. So every hand's
results, errors and disagreements on the fast path are Full Tilt's reader's (the reference
path, ``POKERSCORE_HISTORIES_REFERENCE=1``): each kind of hand and each guard has a hand of its
own here, written for these tests."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.histories.sites.site_runs import compared_results, mutated_hand, stars_layout_read
from tests.histories.sites.test_stars_layouts_fast import (
    SHARED_SITES,
    SITES,
    _fast_statuses,
    same_on_both_paths,
)
from tests.histories.test_histories import _both_paths, _rows, _same_summaries
from tests.shared_sample import needs_sample

CASH_FILE = SITES / "fulltilt" / "cash.txt"
_KINDS = [f"{hand.strip()}\n" for hand in CASH_FILE.read_text(encoding="utf-8").split("\n\n\n\n")]
"""The fixture's kinds of hand (``benchmarks/bench_sites.py``'s too), a hand each."""
CASH = _KINDS[0]
"""Cash no-limit hold'em: a player sitting out, chat and a time-bank notice, a check-raise, a
bet all in, the cards shown before the river, one ``wins the pot`` line after the rake."""
OMAHA = _KINDS[1]
"""Pot-limit Omaha (``Omaha Hi``), the player's own time and Eastern time in brackets after it,
a bet nobody called returned."""
HI_LO = _KINDS[2]
"""A tournament's fixed-limit Omaha hi/lo: chips (thousands separated), the high and the low
pot each won."""
LIMIT = _KINDS[3]
"""Fixed-limit hold'em: a big blind posted to come in (``posts $1``), raises to the round's
bet, a bet returned, the winner's collection only in the summary."""


def _variants() -> dict[str, str]:
    """Each kind's and each guard's hand."""
    return {
        "cash": CASH,
        "omaha": OMAHA,
        "hi-lo": HI_LO,
        "limit": LIMIT,
        "five-card": OMAHA.replace("Pot Limit Omaha Hi", "Pot Limit 5 Card Omaha Hi").replace(
            "[9d 4s 7s 5h]", "[9d 4s 7s 5h Ac]"
        ),
        "cash-crlf": CASH.replace("\n", "\r\n"),
        "abbreviated": CASH.replace("- No Limit Hold'em -", "- NL Hold'em -"),
        "currency-code": CASH.replace("$0.25/$0.50 -", "$0.25/$0.50 USD -"),
        "ante-in-header": LIMIT.replace("$1/$2 -", "$1/$2 Ante $0.10 -")
        .replace(
            "Bob posts the small",
            "Ann antes $0.10\nBob antes $0.10\nCat antes $0.10\nBob posts the small",
        )
        .replace("Total pot $9 ", "Total pot $9.30 ")
        .replace("($8.55)", "($8.85)"),
        "no-wins-line": OMAHA.replace("lplr wins the pot ($28.50)\n", ""),
        "sitting-out-line": CASH.replace("Cy ($41.10), is sitting out", "Cy ($41.10)").replace(
            "The button", "Cy is sitting out\nThe button"
        ),
        "sitting-out-plays": CASH.replace("Dee: nh\n", "Cy folds\n"),
        "dead-small-blind": LIMIT.replace(
            "Ann posts $1", "Ann posts a dead small blind of $0.50\nAnn posts $1"
        )
        .replace("Total pot $9 ", "Total pot $9.50 ")
        .replace("($8.55)", "($9.05)"),
        "side-pot": CASH.replace(
            "Bo Li wins the pot ($44.50)", "Bo Li wins the side pot #1 ($44.50)"
        ),
        "ties": HI_LO.replace("Hero wins the low", "Hero ties for the low"),
        "returned-to-nobody": OMAHA.replace("returned to lplr", "returned to Nobody"),
        "a-name-starting-full": CASH.replace("Bo Li", "Fuller"),
        # left to Full Tilt's reader
        "stud": (SITES / "fulltilt" / "stud.txt").read_text(encoding="utf-8"),
        "razz-header": CASH.replace("No Limit Hold'em", "Limit Razz"),
        "unknown-game": CASH.replace("No Limit Hold'em", "No Limit Pineapple"),
        "no-stakes": CASH.replace("$0.25/$0.50 - ", ""),
        "older-header": CASH.replace("Full Tilt Poker Game", "FullTiltPoker Game"),
        "a-name-starting-full-tilt": CASH.replace("Bo Li", "FullTilt Fan"),
        "trailing-space": CASH.replace("Dee folds", "Dee folds "),
        "cp1252-name": "cp1252",
        "no-button": CASH.replace("The button is in seat #1\n", ""),
        "partial": CASH.split("*** SUMMARY")[0],
        "three-decimals": CASH.replace("$1.25", "$1.250"),
        "bad-amount": CASH.replace("calls $1.25", "calls $1.2x"),
        "raise-without-to": CASH.replace("raises to $8", "raises $8"),
        "bring-in": CASH.replace("Dee: nh", "Dee brings in for $0.10"),
        "two-of-a-name": CASH.replace("Seat 5: Dee", "Seat 5: Ann"),
        "seat-name-bracket": CASH.replace("Bo Li", "Bo (Li)"),
        "unknown-section": CASH.replace("*** SHOW DOWN ***", "*** SHOWDOWN NOW ***"),
        "ten-of-hearts": CASH.replace("[9s]", "[10s]"),
    }


VARIANTS = _variants()
READ_BY_THE_KERNEL = {
    "cash",
    "omaha",
    "hi-lo",
    "limit",
    "five-card",
    "cash-crlf",
    "abbreviated",
    "currency-code",
    "ante-in-header",
    "no-wins-line",
    "sitting-out-line",
    "sitting-out-plays",
    "dead-small-blind",
    "side-pot",
    "ties",
    "three-decimals",
    "ten-of-hearts",
    "a-name-starting-full",
}
"""The hands the kernel reads."""
WHOLE_TO_THE_READER = {"older-header", "a-name-starting-full-tilt"}
"""Hands whose file goes whole to Full Tilt's reader (a line the index might cut otherwise than
the reader: ``fast_files._cut_as_fulltilt``)."""


def _bytes(name: str) -> bytes:
    if VARIANTS[name] == "cp1252":
        return CASH.replace("Bo Li", "Bö Li").encode("cp1252")
    return VARIANTS[name].encode()


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_full_tilt_hand_gives_full_tilts_readers_answer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK
    from pokerscore.histories.part_specs import HistoryPart
    from pokerscore.histories.parts import fast_format

    path = tmp_path / "ftp.txt"
    path.write_bytes(_bytes(name))
    assert fast_format(HistoryPart(0, str(path), "fulltilt")) == (name not in WHOLE_TO_THE_READER)
    if name not in WHOLE_TO_THE_READER:
        assert stars_layout_read(path, "fulltilt") == [name in READ_BY_THE_KERNEL]
        assert (_fast_statuses(path, "fulltilt") == [OK]) == (name in READ_BY_THE_KERNEL)
    same_on_both_paths(path, tmp_path, monkeypatch, results=compared_results)


def test_the_full_tilt_hands_say_what_the_site_wrote() -> None:
    """The answers worked out from the hands' text: raises to the round's bet, calls the chips
    put in, the bet nobody called returned, the rake from the summary, the summary's collection
    where the play writes no ``wins`` line, Eastern time, tournament chips without a currency."""
    assert stars_layout_read(CASH_FILE, "fulltilt") == [True, True, True, True]
    cash, omaha, hi_lo, limit = compared_results(CASH_FILE)
    assert cash[0] == ("30000000101", "Full Tilt Poker", "NT", "$", None, "2011-03-05T21:14:07-05:00")  # fmt: skip
    assert {p.player: (p.put_in, p.won) for p in cash[1]} == {
        "Bo Li": (pytest.approx(22.75), pytest.approx(44.5)),
        "Dee": (0.5, 0.0),
        "Ann": (pytest.approx(22.75), 0.0),
    }
    assert cash[3] == pytest.approx(1.5)
    assert cash[5] == []
    assert omaha[0][2] == "PO" and omaha[0][5] == "2012-11-06T11:09:49-05:00"
    assert {p.player: p.net for p in omaha[1]} == {
        "dalgoy6ko": -2,
        "FatChipStack": -14,
        "lplr": pytest.approx(14.5),
        "Fejhoa": 0,
    }
    assert hi_lo[0][2:5] == ("FO/8", None, "246801357")
    assert {p.player: p.net for p in hi_lo[1]} == {"Villain": 40, "Hero": 40, "Third": -80}
    assert hi_lo[5] == []
    assert {p.player: p.net for p in limit[1]} == {
        "Bob": -4,
        "Cat": pytest.approx(4.55),
        "Ann": -1,
    }
    assert limit[3] == pytest.approx(0.45)


def test_the_fixture_runs_as_the_reference_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    same_on_both_paths(CASH_FILE, tmp_path, monkeypatch, results=compared_results)


def test_a_utf16_file_is_read_by_the_kernel_from_its_utf8(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A UTF-16 file (Full Tilt's client's, a byte-order mark first) whose every hand starts at
    ``Full Tilt Poker Game #`` goes to the kernel as UTF-8 (``fast_files.wide_text``): the run's
    rows and results are the reference path's; one with an older header in it, or text before
    its first hand, goes whole to the reader (the UTF-16 fixture: its PLO hi/lo hand's), the
    same rows either way."""
    from pokerscore.histories.part_specs import HistoryPart
    from pokerscore.histories.parts import fast_format

    for line_end in ("\n", "\r\n"):
        path = tmp_path / "wide.txt"
        path.write_bytes(CASH_FILE.read_text("utf-8").replace("\n", line_end).encode("utf-16"))
        assert fast_format(HistoryPart(0, str(path), "fulltilt"))
        same_on_both_paths(path, tmp_path, monkeypatch, results=compared_results)
    mixed = SITES / "fulltilt" / "mixed-utf16.txt"
    assert not fast_format(HistoryPart(0, str(mixed), "fulltilt"))
    path.write_bytes(("Hand history\n" + CASH).encode("utf-16"))
    same_on_both_paths(path, tmp_path, monkeypatch, results=compared_results)


def _run_statuses(path: Path) -> list[int]:
    """Each hand's status as a run's kernel reads the file (a UTF-16 file from its UTF-8)."""
    from pokerscore.histories._layout import F_STATUS
    from pokerscore.histories.batches import replay_stars_text
    from pokerscore.histories.fast_files import wide_text

    data = wide_text(str(path), "fulltilt") or path.read_bytes()
    batch = replay_stars_text(data, layout="fulltilt")
    assert batch is not None
    return [int(status) for status in batch.facts[: batch.hands, F_STATUS]]


@needs_sample
def test_the_kernel_gives_full_tilts_rows_on_the_shared_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK
    from pokerscore.histories.part_specs import HistoryPart
    from pokerscore.histories.parts import REFERENCE_ONLY, fast_format

    files = sorted((SHARED_SITES / "FTP").rglob("*.txt"))
    if not files:
        pytest.skip("no Full Tilt files in the shared sample")
    fast, reference = _both_paths([*files, SITES / "fulltilt"], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    taken = [path for path in files if fast_format(HistoryPart(0, str(path), "fulltilt"))]
    read = sum(status == OK for path in taken for status in _run_statuses(path))
    # a regression pin (the program's own count, session 27): 60 of the 71 hands of the 13
    # files a run gives the kernel (the others' stud and draw games, the older header's files)
    assert read >= 60
    for path in files:
        fast_results = compared_results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast_results == compared_results(path)
        monkeypatch.delenv(REFERENCE_ONLY)


def test_a_mixed_folder_reads_full_tilt_beside_the_other_layouts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file's format told from its content; Full Tilt's hands through the kernel beside
    PokerStars' and Bovada's, the rows the reference path's."""
    import shutil

    from pokerscore.histories.reading import file_format_of

    folder = tmp_path / "mixed"
    folder.mkdir()
    shutil.copy(CASH_FILE, folder / "a.txt")
    shutil.copy(SITES / "bovada" / "tournament.txt", folder / "b.txt")
    shutil.copy(SITES.parent / "pokerstars-shapes.txt", folder / "c.txt")
    assert {path.name: file_format_of(path) for path in folder.iterdir()} == {
        "a.txt": "fulltilt",
        "b.txt": "bovada",
        "c.txt": "pokerstars",
    }
    fast, reference = _both_paths([folder], tmp_path, monkeypatch)
    rows = _rows(tmp_path / "fast.parquet")
    assert rows == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    assert {row["site"] for row in rows if row["file"].endswith("a.txt")} == {"Full Tilt Poker"}


_MUTATIONS = ("folds", "calls", "raises", "to", "bets", "and is all in", "($1)", "wins", "ties",
              "shows", "mucks", "posts", "$1,000", "$0.125", "[Ah 10d]", "Seat", "***",
              "Dealt to", "Uncalled", "#2", "Total", "pot", "side")  # fmt: skip
_SUFFIXES = (" ", "\r", " $5", "0", ")", "]", ", and is all in", " is sitting out", " ***")


def _mutated(hand: str, rng: random.Random) -> str:
    return mutated_hand(hand, rng, words=_MUTATIONS, sign="$", suffixes=_SUFFIXES, first_line=0)


@pytest.mark.slow
def test_mutated_full_tilt_hands_give_full_tilts_readers_answer(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Hands changed at random, three a file: whatever the kernel reads, it reads as Full Tilt's
    reader does; the rest it leaves to it (results, errors and disagreements alike)."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = [VARIANTS[name] for name in sorted(READ_BY_THE_KERNEL)]
    rng = random.Random(27)
    path = tmp_path / "ftp.txt"
    for _ in range(120):
        path.write_text("".join(_mutated(rng.choice(hands), rng) + "\n" for _ in range(3)), "utf-8")
        fast = compared_results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast == compared_results(path), path.read_text("utf-8")
        monkeypatch.delenv(REFERENCE_ONLY)
