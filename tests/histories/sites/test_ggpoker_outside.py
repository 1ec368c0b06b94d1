"""GGPoker's money settled outside the pot through PokerStars' compiled reader (issue 29 §1,
session 24): an EV cash-out (the player's payout what they collected and what the cash-out
paid or took back) and an all-in insurance (the pot replayed as played, the premium the site
reader's record) are read by the kernel, for the runs and for ``read_histories``' log, with
the results, rows and hands GGPoker's reader (``sites/ggpoker.py``, the reference path) gives;
every hand of such money the kernel is not sure of is left to that reader (a guard each)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokerscore.histories.batches import replay_stars_text
from pokerscore.histories.logged_hands import LoggedHand
from pokerscore.histories.parts import REFERENCE_ONLY
from tests.histories.sites.site_runs import (
    compared_results,
    kernel_read,
    mutated_hand,
    nets,
    shared_folder,
)
from tests.histories.test_histories import _both_paths, _rows, _same_summaries
from tests.histories.test_logged_hands import assert_same_hands

DATA = Path(__file__).parents[2] / "data" / "histories" / "sites" / "ggpoker"
_TEXT = (DATA / "cash.txt").read_text()
RUN_TWICE = _TEXT[: _TEXT.index("Poker Hand #OM100000002")]
CASHED = _TEXT[_TEXT.index("Poker Hand #HD100000003") : _TEXT.index("Poker Hand #SD100000004")]
"""The fixture's EV cash-out: Hero's aces all in against sevens, cashed out at the flop for
$16.50 received; the sevens take the $198 left after the rake."""


def _winner(risk: str) -> str:
    """:data:`CASHED` with the cards swapped: Hero's sevens hold, and Hero, who cashed out at
    the flop, pays ``risk`` of the $198 collected back."""
    return (
        CASHED.replace("[Ah Ad]", "[7c 7d]")
        .replace("1a2b3c4d: shows [7c 7d]", "1a2b3c4d: shows [Ah Ad]")
        .replace("Hero: Receives Cashout ($16.5)", f"Hero: Pays Cashout Risk (${risk})")
        .replace("1a2b3c4d collected", "Hero collected")
    )


INSURED = (
    _winner("20")
    .replace("Hero: Chooses to EV Cashout\n", "")
    .replace(
        "Hero: Pays Cashout Risk ($20)",
        "Hero: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0)"
        " - (Mandatory/Main/Sub))",
    )
    .replace("*** SHOWDOWN ***", "Hero: pay premium of all-in insurance ($4)\n*** SHOWDOWN ***")
)
"""An all-in insurance as the shared file writes one: bought at the flop, its premium paid
after the river (Hero's sevens hold: $98 won, the $4 beside the pot)."""

READ = {
    "cash-out-received": CASHED,
    "cash-out-risk-paid": _winner("20"),
    "cash-out-risk-all-collected": _winner("198"),
    "cash-out-in-cents": CASHED.replace("($16.5)", "($16.55)"),
    "cash-out-in-two-lines": CASHED.replace(
        "Hero: Receives Cashout ($16.5)",
        "Hero: Receives Cashout ($10)\nHero: Receives Cashout ($6.5)",
    ),
    "cash-out-with-a-carriage-return": CASHED.replace("($16.5)\n", "($16.5)\r\n"),
    "cash-out-on-a-board-run-twice": RUN_TWICE.replace(
        "*** FIRST FLOP ***",
        "9f8e7d6c: Chooses to EV Cashout\n9f8e7d6c: Pays Cashout Risk ($20)\n*** FIRST FLOP ***",
    ),
    "insurance": INSURED,
    "insurance-and-a-cash-out": INSURED.replace(
        "*** TURN ***",
        "1a2b3c4d: Chooses to EV Cashout\n1a2b3c4d: Receives Cashout ($30)\n*** TURN ***",
    ),
}
"""Hands of money settled outside the pot the kernel reads."""

LEFT = {
    "cash-drop": CASHED.replace(
        "*** HOLE CARDS ***\n", "Cash Drop to Pot : total $1\n*** HOLE CARDS ***\n"
    ),
    "insurance-in-other-words": INSURED.replace("pay premium of", "receives an"),
    "insurance-with-no-premium": INSURED.replace(
        "Hero: pay premium of all-in insurance ($4)\n", ""
    ),
    "cash-out-with-no-amount": CASHED.replace("Hero: Receives Cashout ($16.5)\n", ""),
    "risk-beyond-what-was-collected": _winner("199"),
    "a-player-not-seated": CASHED.replace("Hero: Receives", "Zed: Receives"),
    "a-player-seated-not-dealt-in": CASHED.replace(
        "Seat 3: 9f8e7d6c ($50 in chips)\n",
        "Seat 3: 9f8e7d6c ($50 in chips)\nSeat 4: zzz ($10 in chips) is sitting out\n",
    ).replace("Hero: Receives", "zzz: Receives"),
    "no-name-before-the-words": CASHED.replace("Hero: Receives", ": Receives"),
    "a-space-after-the-amount": CASHED.replace("($16.5)\n", "($16.5) \n"),
    "an-amount-with-a-letter": CASHED.replace("($16.5)", "($16.5x)"),
    "an-amount-of-seven-decimals": CASHED.replace("($16.5)", "($16.5000001)"),
    "no-amount": CASHED.replace("($16.5)", "()"),
}
"""Hands of money settled outside the pot the kernel leaves to GGPoker's reader, which refuses
them (a cash drop, money in a form it does not know or announced and not written, a risk
beyond the pot collected, a player not seated or not dealt in, an amount it cannot read) or
might read them otherwise than the kernel (a space it strips, more decimals than the kernel's
scale)."""


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ggpoker.txt"
    path.write_text(text, encoding="utf-8")
    return path


def _reference(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    found = compared_results(path)
    monkeypatch.delenv(REFERENCE_ONLY)
    return found


@pytest.mark.parametrize("name", sorted(READ))
def test_each_kind_is_the_kernels_with_the_readers_results(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _file(tmp_path, READ[name])
    batch = replay_stars_text(path.read_bytes(), layout="ggpoker")
    assert batch is not None and kernel_read(batch) == [True]
    fast = compared_results(path)
    assert fast == _reference(path, monkeypatch)
    assert len(fast) == 1 and isinstance(fast[0], tuple) and fast[0][5] == []  # no disagreement
    (hand,) = assert_same_hands(path)  # read_histories: the log's hand, the reader's record
    assert type(hand) is LoggedHand


@pytest.mark.parametrize("name", sorted(LEFT))
def test_each_guards_hand_is_left_to_ggpokers_reader(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _file(tmp_path, LEFT[name])
    batch = replay_stars_text(path.read_bytes(), layout="ggpoker")
    assert batch is not None and kernel_read(batch) == [False]
    assert compared_results(path) == _reference(path, monkeypatch)
    (hand,) = assert_same_hands(path)
    assert type(hand) is not LoggedHand


def test_the_cash_outs_and_the_insurance_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The figures the kernel gives, worked out from the hands' text."""
    from pokerscore.histories.results import history_results

    names = ("cash-out-risk-paid", "cash-out-in-cents", "insurance-and-a-cash-out", "insurance")
    path = _file(tmp_path, "\n\n".join(READ[name] for name in names))
    risk, cents, both, insured = history_results(path)
    # Hero's sevens hold ($198 collected), $20 of it paid back for the cash-out
    assert nets(risk) == {"1a2b3c4d": -100, "Hero": 78, "9f8e7d6c": -0.5}
    # $16.55 received whatever the pot does: a hand in cents where the rest is in half dollars
    assert nets(cents) == {"1a2b3c4d": 98, "Hero": -83.45, "9f8e7d6c": -0.5}
    assert {p.player: p.won for p in cents.players}["Hero"] == 16.55
    # the loser cashed out for $30, the winner's insurance beside the pot
    assert nets(both) == {"1a2b3c4d": -70, "Hero": 98, "9f8e7d6c": -0.5}
    assert both.hand.fields["insurance"] == {"Hero": "-4"}
    assert nets(insured) == {"1a2b3c4d": -100, "Hero": 98, "9f8e7d6c": -0.5}
    assert insured.hand.fields["insurance"] == {"Hero": "-4"}


def test_a_run_of_the_outside_hands_gives_the_reference_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``analyse_histories`` (the runs' rows and summary) over every hand above, read and left."""
    path = _file(tmp_path, "\n\n".join([*READ.values(), *LEFT.values()]))
    fast, reference = _both_paths([path], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)


_WORDS = ("Cashout", "Receives", "Pays", "Risk", "Chooses", "insurance", "premium", "all-in",
          "($1)", "($0.05)", "(", ")", "Hero:", "1a2b3c4d:", "collected", "$198", "Cash Drop")  # fmt: skip
_SUFFIXES = (" ", "\r", ")", " ($1)", "0", "5")


def test_mutated_outside_hands_are_the_readers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hands the kernel reads with a line changed at random (``site_runs.mutated_hand``),
    three a file: the log's hands and the results are GGPoker's reader's, hands and errors."""
    rng = random.Random(24)
    hands = list(READ.values())
    path = tmp_path / "ggpoker.txt"
    read_logged = 0
    for round_ in range(120):
        texts = [
            mutated_hand(rng.choice(hands), rng, words=_WORDS, sign="$", suffixes=_SUFFIXES)
            for _ in range(3)
        ]
        path.write_text("\n\n".join(texts) + "\n", "utf-8")
        read_logged += sum(type(hand) is LoggedHand for hand in assert_same_hands(path))
        if round_ % 3 == 0:
            assert compared_results(path) == _reference(path, monkeypatch)
    # 259 of the 360 made from the log on this seed; 5,000 files on seeds 24 to 26 (the hands
    # left mutated too) run once: every hand and result the reader's
    assert read_logged >= 240


def test_the_shared_ggpoker_files_are_the_kernels_and_the_readers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every hand of the shared GGPoker files read by the kernel (the all-in insurance hand
    too), with the reference path's results."""
    files = sorted(shared_folder("GGPoker").rglob("*.txt"))
    insured = 0
    for path in files:
        batch = replay_stars_text(path.read_bytes(), layout="ggpoker")
        assert batch is not None and all(kernel_read(batch))
        fast = compared_results(path)
        assert fast == _reference(path, monkeypatch)
        insured += "all-in insurance" in path.read_text()
    assert insured >= 1
