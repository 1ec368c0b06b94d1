"""GGPoker and the PokerStars skins through the compiled PokerStars reader (issue 29 §1): the
kernel reads a hand only when it is sure; anything else goes to the site's own reader. So every
hand's rows, errors and disagreements on the fast path are the site reader's (the reference
path, ``POKERSCORE_HISTORIES_REFERENCE=1``), and each guard has a hand of its own here: a line
the kernel would otherwise misread rather than leave."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pokerscore.histories.model import HandResult
from tests.histories.test_histories import SHARED, _both_paths, _rows, _same_summaries
from tests.shared_sample import needs_sample

SITES = Path(__file__).parents[2] / "data" / "histories" / "sites"
SHARED_SITES = SHARED / "sites"

GG_HAND = """\
Poker Hand #HD200000001: Hold'em No Limit ($0.5/$1) - 2021/04/13 10:03:48
Table 'NLHGold1' 6-max Seat #1 is the button
Seat 1: a1b2c3d4 ($100 in chips)
Seat 2: Hero ($100 in chips)
Seat 3: 9f8e7d6c ($50 in chips)
Hero: posts small blind $0.5
9f8e7d6c: posts big blind $1
*** HOLE CARDS ***
Dealt to a1b2c3d4
Dealt to Hero [Ah Ad]
Dealt to 9f8e7d6c
a1b2c3d4: folds
Hero: raises $2 to $3
9f8e7d6c: calls $2
*** FLOP *** [2c 7d 9s]
Hero: bets $4
9f8e7d6c: folds
Uncalled bet ($4) returned to Hero
*** SHOWDOWN ***
Hero collected $5.7 from pot
*** SUMMARY ***
Total pot $6 | Rake $0.2 | Jackpot $0.1 | Bingo $0
Board [2c 7d 9s]
Seat 1: a1b2c3d4 (button) folded before Flop
Seat 2: Hero (small blind) won ($5.7)
Seat 3: 9f8e7d6c (big blind) folded on the Flop

"""
"""A GGPoker hand the kernel reads: hidden players dealt no cards, a jackpot and a bingo fee
beside the rake (the site keeps $0.30 of the $6 pot: read without the fees, the rake of $0.20
would disagree with what it kept)."""

GG_STRADDLE = """\
Poker Hand #HD200000002: Hold'em No Limit ($0.5/$1) - 2021/04/13 10:05:00
Table 'NLHGold1' 6-max Seat #1 is the button
Seat 1: a1b2c3d4 ($100 in chips)
Seat 2: Hero ($100 in chips)
Seat 3: 9f8e7d6c ($50 in chips)
Hero: posts small blind $0.5
9f8e7d6c: posts big blind $1
a1b2c3d4: straddle $2
*** HOLE CARDS ***
Dealt to a1b2c3d4
Dealt to Hero [Ah Ad]
Dealt to 9f8e7d6c
Hero: raises $4 to $6
9f8e7d6c: folds
a1b2c3d4: calls $4
*** FLOP *** [2c 7d 9s]
Hero: bets $5
a1b2c3d4: folds
Uncalled bet ($5) returned to Hero
*** SHOWDOWN ***
Hero collected $13 from pot
*** SUMMARY ***
Total pot $13 | Rake $0
Board [2c 7d 9s]

"""
"""A straddle without ``posts`` (GGPoker's): read by the kernel as a straddle, not skipped."""

GG_STRADDLED_TWICE = GG_STRADDLE.replace("#HD200000002", "#HD200000003").replace(
    "a1b2c3d4: straddle $2\n", "a1b2c3d4: straddle $1.5\na1b2c3d4: straddle $2\n"
)
"""Two straddles by one player: the second is the straddle raised to (the whole of it)."""


GG_PLO_5 = """\
Poker Hand #OM200000010: PLO-5 ($0.1/$0.25) - 2021/04/13 10:03:48
Table 'PLO-5Red7' 6-max Seat #3 is the button
Seat 1: f279d709 ($5 in chips)
Seat 3: 9e7f64d4 ($15.35 in chips)
Seat 4: Hero ($31.73 in chips)
Hero: posts small blind $0.1
f279d709: posts big blind $0.25
*** HOLE CARDS ***
Dealt to f279d709
Dealt to 9e7f64d4
Dealt to Hero [2s 3c 9d 9h Ad]
9e7f64d4: raises $0.6 to $0.85
Hero: calls $0.75
f279d709: folds
*** FLOP *** [2c 7d 9s]
Hero: bets $1.7
9e7f64d4: calls $1.7
*** TURN *** [2c 7d 9s] [Jh]
Hero: checks
9e7f64d4: checks
*** RIVER *** [2c 7d 9s Jh] [3d]
Hero: checks
9e7f64d4: checks
Hero: shows [2s 3c 9d 9h Ad]
9e7f64d4: shows [Qs Qh Tc 4h 5h]
*** SHOWDOWN ***
Hero collected $4.88 from pot
*** SUMMARY ***
Total pot $5.35 | Rake $0.27 | Jackpot $0.2 | Bingo $0
Board [2c 7d 9s Jh 3d]
Seat 1: f279d709 (big blind) folded before Flop
Seat 3: 9e7f64d4 (button) showed [Qs Qh Tc 4h 5h] and lost with a pair of Queens
Seat 4: Hero (small blind) showed [2s 3c 9d 9h Ad] and won ($4.88) with Three Nines

"""
"""Five-card Omaha headed ``PLO-5`` (pot limit implied by the name), to a showdown."""

GG_PLO_6 = (
    GG_PLO_5.replace("#OM200000010", "#OM200000011")
    .replace("PLO-5 (", "PLO-6 (")
    .replace("[2s 3c 9d 9h Ad]", "[2s 3c 9d 9h Ad Kc]")
    .replace("[Qs Qh Tc 4h 5h]", "[Qs Qh Tc 4h 5h 6c]")
)
"""Six-card Omaha headed ``PLO-6``."""

GG_SHORT_DECK = """\
Poker Hand #SD200000020: ShortDeck No Limit ($1) - 2021/04/01 11:44:46
Table 'VS2 1' 5-max Seat #2 is the button
Seat 1: aaa111 ($100 in chips)
Seat 2: bbb222 ($50 in chips)
Seat 3: ccc333 ($80 in chips)
aaa111: posts the ante $1
bbb222: posts the ante $1
ccc333: posts the ante $1
bbb222: posts button blind $1
*** HOLE CARDS ***
Dealt to aaa111 [Qs Ks]
ccc333: folds
aaa111: calls $1
bbb222: raises $48 to $49 and is all-in
aaa111: calls $48
bbb222: shows [Td Ts]
aaa111: shows [Qs Ks]
*** FLOP *** [Tc 8h Ah]
*** TURN *** [Tc 8h Ah] [6h]
*** RIVER *** [Tc 8h Ah 6h] [Jd]
*** SHOWDOWN ***
aaa111 collected $99 from pot
*** SUMMARY ***
Total pot $101 | Rake $2 | Jackpot $0 | Bingo $0
Board [Tc 8h Ah 6h Jd]
Seat 1: aaa111 showed [Qs Ks] and won ($99) with Aces-High Straight
Seat 2: bbb222 (button) showed [Td Ts] and lost with Three Tens
Seat 3: ccc333 folded before Flop

"""
"""GGPoker's short deck: stakes of one amount (the ante, and the button's blind), a straight
above three of a kind (the site's own words in the summary)."""

GG_SHORT_DECK_TWICE = (
    GG_SHORT_DECK.replace("#SD200000020", "#SD200000021")
    .replace(
        "*** FLOP *** [Tc 8h Ah]\n*** TURN *** [Tc 8h Ah] [6h]\n*** RIVER *** [Tc 8h Ah 6h] [Jd]\n",
        "*** FIRST FLOP ***  [Tc 8h Ah]\n*** FIRST TURN *** [Tc 8h Ah] [6h]\n"
        "*** FIRST RIVER *** [Tc 8h Ah 6h] [Jd]\n*** SECOND FLOP ***  [9h 9c Kc]\n"
        "*** SECOND TURN *** [9h 9c Kc] [6s]\n*** SECOND RIVER *** [9h 9c Kc 6s] [As]\n",
    )
    .replace(
        "*** SHOWDOWN ***\naaa111 collected $99 from pot\n",
        "*** FIRST SHOW DOWN ***\naaa111 collected $49.5 from pot\n"
        "*** SECOND SHOW DOWN ***\naaa111 collected $49.5 from pot\n",
    )
    .replace(
        "Board [Tc 8h Ah 6h Jd]\n",
        "Hand was run two times\nFIRST\nBoard [Tc 8h Ah 6h Jd]\nSECOND\nBoard [9h 9c Kc 6s As]\n",
    )
)
"""Short deck's board run twice (``*** FIRST FLOP ***`` …, a showdown and a pot taken a run)."""

GG_THREE_TIMES = """\
Poker Hand #HD200000030: Hold'em No Limit ($0.5/$1) - 2021/04/13 10:03:48
Table 'NLHGold1' 6-max Seat #1 is the button
Seat 1: a1b2c3d4 ($100 in chips)
Seat 2: Hero ($100 in chips)
Seat 3: 9f8e7d6c ($50 in chips)
Hero: posts small blind $0.5
9f8e7d6c: posts big blind $1
*** HOLE CARDS ***
Dealt to a1b2c3d4
Dealt to Hero [Ah Ad]
Dealt to 9f8e7d6c
a1b2c3d4: folds
Hero: raises $7 to $8
9f8e7d6c: raises $42 to $50 and is all-in
Hero: calls $42
9f8e7d6c: shows [Kc Kd]
Hero: shows [Ah Ad]
*** FLOP *** [2c 7d 9s]
*** FIRST TURN *** [2c 7d 9s] [Jh]
*** FIRST RIVER *** [2c 7d 9s Jh] [3c]
*** SECOND TURN *** [2c 7d 9s] [Ks]
*** SECOND RIVER *** [2c 7d 9s Ks] [4h]
*** THIRD TURN *** [2c 7d 9s] [8c]
*** THIRD RIVER *** [2c 7d 9s 8c] [Th]
*** FIRST SHOWDOWN ***
Hero collected $33 from pot
*** SECOND SHOWDOWN ***
9f8e7d6c collected $33 from pot
*** THIRD SHOWDOWN ***
Hero collected $33 from pot
*** SUMMARY ***
Total pot $100 | Rake $1 | Jackpot $0 | Bingo $0
Hand was run three times

"""
"""A board run three times from the flop: the flop common, a turn and a river a run."""

GG_TOURNAMENT = """\
Poker Hand #TM200000040: Tournament #25313424, L-03: $52.50 Bounty Hunters Main Event Hold'em No Limit - Level1(100/200) - 2021/04/04 16:06:27
Table '89' 8-max Seat #3 is the button
Seat 1: dee3697a (24,940 in chips)
Seat 2: 23c555f (25,580 in chips)
Seat 3: 5bf8188d (24,440 in chips)
Seat 6: Hero (24,940 in chips)
5bf8188d: posts the ante 30
23c555f: posts the ante 30
Hero: posts the ante 30
dee3697a: posts the ante 30
Hero: posts small blind 100
dee3697a: posts big blind 200
*** HOLE CARDS ***
Dealt to dee3697a
Dealt to 23c555f
Dealt to 5bf8188d
Dealt to Hero [9s 9h]
23c555f: raises 200 to 400
5bf8188d: folds
Hero: calls 300
dee3697a: folds
*** FLOP *** [4s 2c Ks]
Hero: checks
23c555f: bets 500
Hero: folds
Uncalled bet (500) returned to 23c555f
*** SHOWDOWN ***
23c555f collected 1,120 from pot
*** SUMMARY ***
Total pot 1,120 | Rake 0 | Jackpot 0 | Bingo 0
Board [4s 2c Ks]

"""
"""A tournament's hand: chips, the buy-in and the level in the header (its game after the
tournament's name, its stakes the level's), antes."""

GG_SPIN_AND_GOLD = """\
Poker Hand #SG200000050: Tournament #200000051, Spin&Gold #3 Hold'em No Limit - Level2(15/30) - 2025/09/29 00:43:35
Table '12470' 3-max Seat #1 is the button
Seat 1: aaaa1111 (360 in chips)
Seat 2: bbbb2222 (100 in chips)
Seat 3: Hero (540 in chips)
bbbb2222: posts small blind 15
Hero: posts big blind 30
*** HOLE CARDS ***
Dealt to aaaa1111
Dealt to bbbb2222
Dealt to Hero [As Kh]
aaaa1111: folds
bbbb2222: raises 70 to 100 and is all-in
Hero: calls 70
bbbb2222: shows [7c 7d]
Hero: shows [As Kh]
*** FLOP *** [Ac 2d 5s]
*** TURN *** [Ac 2d 5s] [9h]
*** RIVER *** [Ac 2d 5s 9h] [Jc]
*** SHOWDOWN ***
Hero collected 200 from pot
*** SUMMARY ***
Total pot 200 | Rake 0 | Jackpot 0 | Bingo 0
Board [Ac 2d 5s 9h Jc]

"""
"""A Spin & Gold hand (``#SG``, a tournament's header), all in before the flop."""


RIO_HAND = """\
Run It Once Poker Hand #30000001:  Hold'em No Limit (€0.05/€0.10) - 2019/06/25 16:12 UTC [2019/06/25 17:12 CET]
Table '30000000' 6-Max Seat #1 is the button
Seat 1: Ann B (€10 in chips)
Seat 2: Carl D (€12.50 in chips)
Seat 3: Eve F (€8 in chips)
Carl D: posts small blind €0.05
Eve F: posts big blind €0.10
*** HOLE CARDS ***
Dealt to Ann B [Ah Kh]
Ann B: raises €0.20 to €0.30
Carl D: folds
Eve F: calls €0.20
*** FLOP *** [2c 7d 9s]
Eve F: checks
Ann B: bets €0.40
Eve F: folds
Uncalled bet (€0.40) returned to Ann B
Ann B collected €0.62 from pot
*** SUMMARY ***
Total pot €0.65 | Rake €0.03
Board [2c 7d 9s]
Seat 1: Ann B (button) collected (€0.62)
Seat 2: Carl D (small blind) folded before Flop
Seat 3: Eve F (big blind) folded on the Flop

"""
"""Run It Once's first fixture hand written as PokerStars writes it: the kernel reads it; each
guard's hand changes one line of it."""


def _variants() -> dict[str, tuple[str, str]]:
    """Each guard's hand (format, text): the base hands with the line a guard is for, the
    skins' (and the lines every layout shares) also under PokerStars' own header, whose files
    the same guards protect."""
    gg = {
        "gg-fees-beside-the-rake": GG_HAND,
        "gg-rush-and-cash-id": GG_HAND.replace("#HD200000001", "#RC200000004"),
        "gg-ev-cashout": GG_HAND.replace("#HD200000001", "#HD200000005").replace(
            "*** SHOWDOWN ***\n", "*** SHOWDOWN ***\nHero: Chooses to EV Cashout\n"
        ),
        "gg-cash-drop": GG_HAND.replace("#HD200000001", "#HD200000006").replace(
            "*** HOLE CARDS ***\n", "Cash Drop to Pot : total $1\n*** HOLE CARDS ***\n"
        ),
        "gg-currency-in-stakes": GG_HAND.replace("($0.5/$1)", "($0.5/$1 USD)"),
        "gg-game-in-capitals": GG_HAND.replace("Hold'em No Limit", "HOLD'EM NO LIMIT"),
        "gg-game-not-first": GG_HAND.replace(": Hold'em", ": Bounty Draw Hold'em"),
        "gg-straddle": GG_STRADDLE,
        "gg-straddled-twice": GG_STRADDLED_TWICE,
        "gg-plo-5": GG_PLO_5,
        "gg-plo-6": GG_PLO_6,
        "gg-plo-no-limit": GG_PLO_5.replace("PLO-5 (", "PLO-5 No Limit ("),
        "gg-short-deck": GG_SHORT_DECK,
        "gg-short-deck-no-betting": GG_SHORT_DECK.replace("ShortDeck No Limit", "ShortDeck"),
        "gg-short-deck-run-twice": GG_SHORT_DECK_TWICE,
        "gg-run-three-times": GG_THREE_TIMES,
        "gg-tournament": GG_TOURNAMENT,
        "gg-spin-and-gold": GG_SPIN_AND_GOLD,
        "gg-game-at-the-line-end": GG_TOURNAMENT.replace(
            "Hold'em No Limit - Level1(100/200) - 2021/04/04 16:06:27", "Level1(100/200) Hold'em"
        ),
        "gg-insurance": GG_THREE_TIMES.replace("#HD200000030", "#HD200000031").replace(
            "*** FLOP ***",
            "9f8e7d6c: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0)"
            " - (Mandatory/Main/Sub))\n*** FLOP ***",
        ),
    }
    rio = RIO_HAND
    skins = {
        "rio-dealt-without-space": rio.replace("Dealt to Ann B [", "Dealt to Ann B["),
        "rio-table-id": rio.replace("Table '", "Table ID '"),
        "rio-no-space-before-stack-or-cards": rio.replace("Ann B (", "Ann B(").replace(
            "*** FLOP *** [", "*** FLOP ***["
        ),
        "rio-splash-the-pot": rio.replace(
            "*** HOLE CARDS ***\n", "STP added: €0.50\n*** HOLE CARDS ***\n"
        ),
        "rio-street-with-other-text": rio.replace("*** FLOP *** [", "*** FLOP *** junk ["),
        "rio-name-holding-a-bracket": rio.replace("Ann B", "Ann [B]"),
        "rio-table-line-otherwise": rio.replace("6-Max Seat #1", "6-Max (Real Money) Seat #1"),
        "rio-seat-written-otherwise": rio.replace("(€8 in chips)", "(€8 in chips, €1 bounty"),
        "rio-no-summary": rio[: rio.index("*** SUMMARY ***")],
        "pokermaster-json-and-five-cards": (SITES / "starsskin" / "pokermaster.txt").read_text(
            encoding="utf-8"
        ),
    }
    stars = {
        name.replace("rio-", "stars-"): text.replace(
            "Run It Once Poker Hand #", "PokerStars Hand #"
        )
        for name, text in skins.items()
        if name.startswith("rio-")
    } | {
        name.replace("gg-", "stars-"): text.replace("Poker Hand #HD", "PokerStars Hand #")
        for name, text in gg.items()
        if name
        in ("gg-fees-beside-the-rake", "gg-straddle", "gg-straddled-twice", "gg-run-three-times")
    }
    return (
        {name: ("ggpoker.txt", text) for name, text in gg.items()}
        | {name: ("starsskin.txt", text) for name, text in skins.items()}
        | {name: ("pokerstars.txt", text) for name, text in stars.items()}
    )


VARIANTS = _variants()
READ_BY_THE_KERNEL = {
    "gg-fees-beside-the-rake",
    "gg-rush-and-cash-id",
    "gg-straddle",
    "gg-straddled-twice",
    "gg-plo-5",
    "gg-plo-6",
    "gg-plo-no-limit",
    "gg-short-deck",
    "gg-short-deck-run-twice",
    "gg-run-three-times",
    "gg-tournament",
    "gg-spin-and-gold",
    "rio-table-id",
    "rio-no-space-before-stack-or-cards",
    "pokermaster-json-and-five-cards",
    "stars-fees-beside-the-rake",
    "stars-straddle",
    "stars-straddled-twice",
    "stars-run-three-times",
    "stars-table-id",
    "stars-no-space-before-stack-or-cards",
}
"""The guards' hands the kernel reads (the others it leaves to the site's reader)."""


def _fast_statuses(path: Path, layout: str) -> list[int]:
    from pokerscore.histories._layout import F_STATUS
    from pokerscore.histories.batches import replay_stars_text

    batch = replay_stars_text(path.read_bytes(), layout=layout)  # type: ignore[arg-type]
    assert batch is not None
    return [int(status) for status in batch.facts[: batch.hands, F_STATUS]]


def _results(path: Path) -> list[Any]:
    """Each hand's result as a comparable tuple, or its error's message."""
    from pokerscore.histories.results import history_results

    found: list[Any] = []
    for result in history_results(path, on_error=lambda error: found.append(str(error))):
        assert isinstance(result, HandResult)
        found.append(
            (
                result.hand.hand_id,
                result.hand.site,
                result.hand.variant,
                result.players,
                result.boards,
                [str(d) for d in result.disagreements],
            )
        )
    return found


def same_on_both_paths(
    path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    results: Callable[[Path], list[Any]] = _results,
) -> None:
    """``path``'s results (``results``: :func:`_results`, or a layout's own with more of what
    the site wrote), its run's rows and its summary the same on the fast path and on the
    reference path (``POKERSCORE_HISTORIES_REFERENCE=1``): what every compiled layout's tests
    ask of each kind and each guard."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    fast = results(path)
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    reference = results(path)
    monkeypatch.delenv(REFERENCE_ONLY)
    assert fast == reference
    fast_run, reference_run = _both_paths([path], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast_run, reference_run)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_guard_gives_the_site_readers_answer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK

    file_name, text = VARIANTS[name]
    path = tmp_path / file_name
    path.write_text(text, encoding="utf-8")
    layout = file_name.removesuffix(".txt")
    assert (_fast_statuses(path, layout) == [OK]) == (name in READ_BY_THE_KERNEL)
    same_on_both_paths(path, tmp_path, monkeypatch)


def test_the_guards_hands_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The reference answers the guards protect (worked out from the hands' text)."""
    rush = tmp_path / "ggpoker.txt"
    rush.write_text(VARIANTS["gg-rush-and-cash-id"][1] + GG_STRADDLED_TWICE, encoding="utf-8")
    (hand_id, site, _, players, _, disagreements), twice = _results(rush)
    assert (hand_id, site, disagreements) == ("RC200000004", "GGPoker", [])
    assert [(p.player, p.net, p.rake_paid) for p in players] == [
        ("Hero", pytest.approx(2.7), pytest.approx(0.3)),
        ("9f8e7d6c", -3.0, 0.0),
        ("a1b2c3d4", 0.0, 0.0),
    ]
    assert {p.player: p.put_in for p in twice[3]}["a1b2c3d4"] == 6.0  # the straddle, then $4
    runs = tmp_path / "runs" / "ggpoker.txt"
    runs.parent.mkdir()
    runs.write_text(GG_SHORT_DECK_TWICE + GG_THREE_TIMES + GG_TOURNAMENT, encoding="utf-8")
    short, three, tournament = _results(runs)
    assert short[2] == "NS" and short[5] == [] and three[5] == [] and tournament[5] == []
    assert [" ".join(map(str, board)) for board in three[4]] == [
        "2c 7d 9s Jh 3c",
        "2c 7d 9s Ks 4h",
        "2c 7d 9s 8c Th",
    ]
    # aaa111 takes both runs with a straight (above trips here) and two pair: $99 of the $101
    assert [(p.player, p.net, p.rake_paid) for p in short[3]] == [
        ("ccc333", -1.0, 0.0),
        ("aaa111", 49.0, 2.0),
        ("bbb222", -50.0, 0.0),
    ]
    # aces hold on the first and third runs, kings make trips on the second: $33 a run
    assert {p.player: p.net for p in three[3]} == {"Hero": 16.0, "9f8e7d6c": -17.0, "a1b2c3d4": 0}
    assert {p.player: p.net for p in tournament[3]} == {
        "Hero": -430.0,
        "dee3697a": -230.0,
        "23c555f": 690.0,
        "5bf8188d": -30.0,
    }
    rio = tmp_path / "starsskin.txt"
    rio.write_text(VARIANTS["rio-dealt-without-space"][1], encoding="utf-8")
    ((_, site, _, players, _, _),) = _results(rio)
    assert site == "Run It Once"
    assert [str(card) for card in {p.player: p.hole for p in players}["Ann B"]] == ["Ah", "Kh"]


@needs_sample
@pytest.mark.slow
def test_the_kernel_gives_the_site_readers_rows_on_ggpoker_and_the_skins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK
    from pokerscore.histories.reading import file_format_of

    sources = [SITES / "ggpoker", SITES / "starsskin"]
    if SHARED_SITES.is_dir():
        sources += sorted(
            path
            for path in SHARED_SITES.rglob("*.txt")
            if file_format_of(path) in ("ggpoker", "starsskin")
        )
    fast, reference = _both_paths(sources, tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    read = {
        layout: sum(
            status == OK
            for path in sources
            for file in ([path] if path.is_file() else sorted(path.glob("*.txt")))
            if file_format_of(file) == layout
            for status in _fast_statuses(file, layout)
        )
        for layout in ("ggpoker", "starsskin")
    }
    assert read["ggpoker"] >= 1 and read["starsskin"] >= 3  # the kernel reads most of them


@needs_sample
def test_the_kernel_reads_every_shared_ggpoker_hand_its_insurance_too() -> None:
    """Of the shared sample's GGPoker hands (cash, PLO-5, short deck run twice, a tournament),
    the kernel reads every one, the all-in insurance hand among them (money settled outside
    the pot, left to GGPoker's reader until session 24: ``test_ggpoker_outside.py``)."""
    from pokerscore.histories._layout import F_START, F_STATUS, F_STOP, OK
    from pokerscore.histories._stars_lines import SETTLED_OUTSIDE
    from pokerscore.histories.batches import replay_stars_text

    files = sorted((SHARED_SITES / "GGPoker").rglob("*.txt"))
    if not files:
        pytest.skip("no GGPoker files in the shared sample")
    hands = settled = 0
    for path in files:
        data = path.read_bytes()
        batch = replay_stars_text(data, layout="ggpoker")
        assert batch is not None
        for hand in range(batch.hands):
            text = data[batch.facts[hand, F_START] : batch.facts[hand, F_STOP]].decode()
            settled += any(words in text for words, _ in SETTLED_OUTSIDE)
            assert batch.facts[hand, F_STATUS] == OK, text[:80]
            hands += 1
    assert hands >= 57 and settled >= 1


@pytest.mark.parametrize(
    "header",
    [
        "Poker Hand #HD200000002; Hold'em No Limit ($0.5/$1) - 2021/04/13 10:03:48",  # a semicolon
        "Poker Hand #HD200000002",  # nothing after the number
        "Poker Hand #",  # no number
    ],
)
def test_a_ggpoker_header_that_is_not_whole_is_a_bad_hand_of_its_own(
    header: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The kernel cuts a GGPoker file at every line starting "Poker Hand #"; GGPoker's reader
    # took such a line for text of the hand before unless the whole header was written, so the
    # two paths cut the file differently (40 results and an error against 39 and another, on a
    # mutated file). Now both: the hand before read, the damaged one a bad hand of its own.
    from pokerscore.histories.parts import REFERENCE_ONLY

    damaged = header + "\n" + GG_HAND.split("\n", 1)[1]
    after = GG_HAND.replace("#HD200000001", "#HD200000003")
    path = tmp_path / "ggpoker.txt"
    path.write_text(GG_HAND + "\n\n" + damaged + "\n\n" + after, encoding="utf-8")
    fast = _results(path)
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    reference = _results(path)
    assert fast == reference
    assert [type(found) for found in fast] == [tuple, str, tuple], fast
    assert [found[0] for found in fast if isinstance(found, tuple)] == [
        "HD200000001",
        "HD200000003",
    ]
