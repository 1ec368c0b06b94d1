"""The PokerStars kernel's index and its per-buffer checks (``_stars_kernels.stars_index``,
``batches.replay_stars_text``), against an oracle written from the layout's rule: a hand runs
from a line that starts with one of its headers (a byte-order mark before it allowed) to the
next such line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pokerscore.histories._layout import F_STATUS, OK, SLOW
from pokerscore.histories._stars_kernels import stars_index
from pokerscore.histories._stars_lines import HEADERS, LAYOUT_HEADERS
from pokerscore.histories.batches import replay_stars_text

DATA = Path(__file__).parents[1] / "data" / "histories"
MARK = "\ufeff".encode()


HAND = """PokerStars Hand #2000000001:  Hold'em No Limit ($0.50/$1 USD) - 2021/06/01 12:00:00 ET
Table 'Bench 1' 6-max Seat #2 is the button
Seat 1: eVpBSyZ5uHf ($39.21 in chips)
Seat 3: rUdeBQEglGyMl ($233.68 in chips)
Seat 4: vIofP3KaV ($39.07 in chips)
rUdeBQEglGyMl: posts small blind $0.50
vIofP3KaV: posts big blind $1
*** HOLE CARDS ***
eVpBSyZ5uHf: folds
rUdeBQEglGyMl: raises $2 to $3
vIofP3KaV: calls $2
*** FLOP *** [Kc 2d Qh]
rUdeBQEglGyMl: checks
vIofP3KaV: bets $1.98
rUdeBQEglGyMl: folds
Uncalled bet ($1.98) returned to vIofP3KaV
vIofP3KaV collected $5.70 from pot
*** SUMMARY ***
Total pot $6 | Rake $0.30
Board [Kc 2d Qh]"""
"""A hand the kernel reads (``benchmarks/histories_data.py``'s first, one seat fewer)."""


def _wanted(layout: str) -> np.ndarray:
    return np.array([word in LAYOUT_HEADERS[layout] for word in HEADERS], dtype=np.bool_)


def _oracle(data: bytes, layout: str) -> list[tuple[int, int]]:
    """Each hand's (start, site) from the rule, line by line in Python."""
    found = []
    at = 0
    for line in data.split(b"\n"):
        body = line[3:] if layout != "ggpoker" and line.startswith(MARK) else line
        for site, word in enumerate(HEADERS):
            if word in LAYOUT_HEADERS[layout] and body.startswith(word.encode()):
                found.append((at, site))
                break
        at += len(line) + 1
    return found


def _hands(count: int) -> bytes:
    """``count`` short hands (far under the index's first guess of one hand per 512 bytes),
    between lines that start with a header's first letter and are no header."""
    lines = []
    for number in range(count):
        mark = "\ufeff" if number % 7 == 3 else ""
        lines += [
            f"{mark}PokerStars Hand #{number}: Hold'em No Limit ($0.50/$1 USD)",
            "Pete: folds",
            "PokerStarsHand is no header",
            "Full house",
            "Run It Twice",
            "",
        ]
    return "\n".join(lines).encode()


@pytest.mark.parametrize("count", [0, 1, 15, 16, 17, 300])
def test_index_finds_every_hand_past_its_first_guess(count: int) -> None:
    data = _hands(count)
    hands, starts, stops, sites = stars_index(
        np.frombuffer(data, dtype=np.uint8), _wanted("pokerstars"), True
    )
    expected = _oracle(data, "pokerstars")
    assert hands == len(expected) == count
    assert starts[:hands].tolist() == [start for start, _ in expected]
    assert stops[:hands].tolist() == [start for start, _ in expected[1:]] + [len(data)] * bool(
        hands
    )
    assert sites[:hands].tolist() == [site for _, site in expected]


def test_index_reads_each_layouts_headers_only() -> None:
    data = (DATA / "pokerstars-shapes.txt").read_bytes()
    text = np.frombuffer(data, dtype=np.uint8)
    stars = stars_index(text, _wanted("pokerstars"), True)
    assert stars[0] == len(_oracle(data, "pokerstars")) == 3
    assert stars_index(text, _wanted("ggpoker"), False)[0] == -1  # other text before a hand
    gg = b"Poker Hand #HD1: Hold'em No Limit ($0.02/$0.05) - 2020/01/01 00:00:00\nPokerStars x\n"
    hands, starts, stops, sites = stars_index(
        np.frombuffer(gg, dtype=np.uint8), _wanted("ggpoker"), False
    )
    assert (hands, starts[0], stops[0], HEADERS[sites[0]]) == (1, 0, len(gg), "Poker Hand #")


def test_hands_not_utf8_are_left_to_the_reference_in_a_buffer_not_ascii() -> None:
    """The buffer's bytes are checked once when all are ASCII; otherwise hand by hand, so a
    hand not UTF-8 is the reference reader's and the hands beside it stay the kernel's."""
    hand = HAND
    plain = "\n\n".join([hand] * 3).encode()
    broken = "\n\n".join([hand, hand.replace("Seat 1: eV", "Seat 1: \udcffeV", 1), hand])
    batch = replay_stars_text(plain)
    assert batch is not None and batch.facts[:3, F_STATUS].tolist() == [OK] * 3
    batch = replay_stars_text(broken.encode("utf-8", "surrogateescape"))
    assert batch is not None and batch.facts[:3, F_STATUS].tolist() == [OK, SLOW, OK]


def test_two_players_in_one_seat_are_left_to_the_reference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two seat lines of one seat: the reference reader orders the two by name (``Abe`` before
    ``Bob``: Alice then acts out of turn), the kernel read them in the order listed (Bob the
    small blind) and gave rows the reference refuses; now it leaves the hand. Failed before."""
    from pokerscore.histories.parts import REFERENCE_ONLY
    from tests.histories.sites.test_stars_layouts_fast import _results

    text = (DATA / "pokerstars-shapes.txt").read_text(encoding="utf-8").split("\n\n\n")[0]
    text = text.replace("Seat 3: Cara", "Seat 2: Cara").replace("Cara", "Abe") + "\n\n\n"
    batch = replay_stars_text(text.encode())
    assert batch is not None and batch.facts[0, F_STATUS] == SLOW
    path = tmp_path / "stars.txt"
    path.write_text(text, encoding="utf-8")
    fast = _results(path)
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    assert fast == _results(path)
    assert "acts out of turn" in fast[0]


@pytest.mark.parametrize(
    ("header", "read"),
    [
        ("PokerStars Hand #", True),
        ("PokerStars Zoom Hand #", True),
        ("PokerStars Home Game Hand #", True),
        ("PokerStars Fast Poker Game #", True),
        ("POKERSTARS GAME #", True),
        ("PokerStars  Hand #", False),  # two spaces: found by a fuzz test (it failed before)
        ("PokerStars Zoomy Hand #", False),
        ("PokerStars Hand Hand #", False),
        ("PokerStars Hand#", False),
        ("PokerStars Zoom #", False),
    ],
)
def test_the_kernel_reads_the_headers_the_reference_reads(header: str, read: bool) -> None:
    """The header's words between the site and the hand's number are one grammar
    (``_stars_lines.HEADER_ROOMS``, ``HEADER_HANDS``): the kernel reads a hand whose header the
    reference reader reads, and leaves the others to it. Before, the kernel looked for the
    first " #" alone and played hands the reference refuses (and the iterator then raised
    reading such a hand's boards again)."""
    from pokerscore.histories.pokerstars import is_header

    text = HAND.replace("PokerStars Hand #", header, 1)
    assert is_header(text.partition("\n")[0]) is read
    batch = replay_stars_text(text.encode())
    assert batch is not None and batch.facts[0, F_STATUS] == (OK if read else SLOW)
