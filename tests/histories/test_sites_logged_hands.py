"""GGPoker's and Winamax's hands in ``read_histories`` come from the compiled readers' log
(``logged_hands.StarsBlock``: GGPoker's read by PokerStars' kernel, Winamax's by its share,
``_winamax_kernels.wx_log_share``) where the kernel reads them, and are the hands the site's own
reader (the oracle: ``sites/ggpoker.py``, ``sites/winamax.py``) makes of the same text, field by
field (GGPoker's hidden names, runs, fees, insurance, currency and time too); every hand the
kernel leaves is the site reader's, the same hand or error: the fixtures, each guard's hand of
the fast readers' tests, the shared sample's files and mutated hands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokerscore.histories.logged_hands import LoggedHand
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import STARS_LOGGED, file_format_of, read_histories
from tests.histories.sites.site_runs import mutated_hand
from tests.histories.sites.test_stars_layouts_fast import VARIANTS as LAYOUT_VARIANTS
from tests.histories.sites.test_winamax_fast import VARIANTS as WX_VARIANTS
from tests.histories.test_logged_hands import assert_same_hands
from tests.shared_sample import HAND_HISTORIES, needs_sample

SITES = Path(__file__).parents[1] / "data" / "histories" / "sites"
GG_VARIANTS = {
    name: text for name, (file, text) in LAYOUT_VARIANTS.items() if file == "ggpoker.txt"
}


def logged(read: list[HandHistory | HandHistoryError]) -> int:
    """How many of the hands were made from the log (not read again by the site's reader)."""
    return sum(type(hand) is LoggedHand for hand in read)


@pytest.mark.parametrize(
    ("path", "kind"),
    [(SITES / "ggpoker" / "cash.txt", "ggpoker"), (SITES / "winamax" / "mixed.txt", "winamax")],
    ids=["ggpoker", "winamax"],
)
def test_the_fixtures_are_the_site_readers(path: Path, kind: str) -> None:
    assert file_format_of(path) == kind and kind in STARS_LOGGED
    read = assert_same_hands(path)
    # every hand from the log: GGPoker's EV cash-out and Winamax's stud hand too (session 24)
    assert logged(read) == len(read) == {"ggpoker": 4, "winamax": 3}[kind]


@pytest.mark.parametrize("name", sorted(GG_VARIANTS))
def test_each_ggpoker_guards_hand_is_ggpokers_readers(name: str, tmp_path: Path) -> None:
    path = tmp_path / "ggpoker.txt"
    path.write_bytes(GG_VARIANTS[name].encode())
    read = assert_same_hands(path)
    if name in ("gg-straddle", "gg-plo-6", "gg-short-deck-run-twice", "gg-tournament"):
        assert logged(read) == 1


@pytest.mark.parametrize("name", sorted(WX_VARIANTS))
def test_each_winamax_guards_hand_is_winamaxs_readers(name: str, tmp_path: Path) -> None:
    path = tmp_path / "winamax.txt"
    path.write_bytes(WX_VARIANTS[name].encode())
    read = assert_same_hands(path)
    if name in ("cash-omaha", "tournament-side-pots-uncalled", "cash-crlf"):
        assert logged(read) == 1


def test_ggpokers_own_fields_come_with_a_logged_hand(tmp_path: Path) -> None:
    """Hidden names, a board run three times, the fees beside the rake, the currency and the
    time (GGPoker names no zone): the site reader's, on a hand made from the log."""
    path = tmp_path / "ggpoker.txt"
    path.write_text(
        GG_VARIANTS["gg-fees-beside-the-rake"] + "\n\n" + GG_VARIANTS["gg-run-three-times"]
    )
    fees, runs = assert_same_hands(path)
    assert type(fees) is LoggedHand and type(runs) is LoggedHand
    assert fees.source_format == "ggpoker" and fees.site == "GGPoker"
    assert "fees" in fees.fields and fees.currency == "$" and fees.time is not None
    assert max(action.runout for action in runs.actions) == 3


@needs_sample
@pytest.mark.parametrize("site", ["GGPoker", "Winamax"])
def test_the_shared_samples_files_are_the_site_readers(site: str) -> None:
    paths = sorted((HAND_HISTORIES / "sites" / site).rglob("*.txt"))
    assert len(paths) >= 5
    read = [hand for path in paths for hand in assert_same_hands(path)]
    assert logged(read) >= len(read) * 9 // 10


_GG_WORDS = ("folds", "calls", "raises", "to", "bets", "checks", "shows", "collected", "pot",
             "and is all-in", "Seat", "[Ah]", "$1", "Hero:", "straddle", "Rake", "Jackpot")  # fmt: skip
_GG_SUFFIXES = (" ", "\r", " and is all-in", "$", "0", " (button)", " USD")
_WX_WORDS = ("folds", "calls", "raises", "to", "pot", "side", "(button)", "folded", "1€", "k",
             "X", "[Ah]", "and is all-in", "Seat", "#2")  # fmt: skip
_WX_SUFFIXES = (" ", "\r", " out of position", " and is all-in", "€", "0")


@pytest.mark.parametrize("site", ["ggpoker", "winamax"])
def test_mutated_hands_are_the_site_readers(site: str, tmp_path: Path) -> None:
    """Hands with a line changed at random (``site_runs.mutated_hand``: dropped, repeated,
    swapped, cut, a word or a sign changed ..., the header too), three a file: what the kernel
    reads is what the site's reader reads, the rest is the reader's, hands and errors alike."""
    if site == "ggpoker":
        hands = list(GG_VARIANTS.values())
        words, sign, suffixes = _GG_WORDS, "$", _GG_SUFFIXES
    else:
        hands = [text for text in WX_VARIANTS.values() if text.startswith("Winamax Poker - ")]
        words, sign, suffixes = _WX_WORDS, "€", _WX_SUFFIXES
    rng = random.Random(22)
    path = tmp_path / f"{site}.txt"
    read_logged = 0
    for _ in range(300):
        texts = []
        for _ in range(3):
            hand, first = rng.choice(hands), rng.choice((0, 1))
            texts.append(
                mutated_hand(hand, rng, words=words, sign=sign, suffixes=suffixes, first_line=first)
            )
        path.write_text("\n\n".join(texts) + "\n", "utf-8")
        try:
            kind = file_format_of(path)
        except HandHistoryError:
            continue  # no hand history at all (the first header damaged)
        if kind != site:
            continue
        read_logged += logged(assert_same_hands(path))
    # the kernel reads many of them (run once on 9,000 files each, seeds 22 to 25: all equal)
    assert read_logged >= 200


def test_a_logged_winamax_hand_is_a_hand_history_to_its_users(tmp_path: Path) -> None:
    path = tmp_path / "winamax.txt"
    path.write_bytes(WX_VARIANTS["cash-omaha"].encode())
    (hand,) = read_histories(path)
    assert type(hand) is LoggedHand
    assert hand.site == "Winamax" and hand.currency == "EUR"
    assert "Anne Marie" in hand.names and hand.actions[0].line is not None
    hand.check()
