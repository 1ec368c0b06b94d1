"""The compiled replay behind the library's face: ``replay(hand)``, ``exact_allin_evs`` and the
per-hand iterator ``history_results`` give what the reference replay (``table_replay``, the
``_Table`` oracle) gives, result for result and message for message, on the fixtures, the real
files and random hands pokerkit plays."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from benchmarks.histories_data import phhs_tables

from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.phh import parse_phh
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import (
    ENGINE_ONLY,
    ReadLater,
    engine_result,
    exact_allin_evs,
    replay,
)
from pokerscore.histories.results import history_results
from tests.reference_replay import _Payout, allin_evs, table_replay
from tests.reference_replay import _play as play_table
from tests.shared_sample import HAND_HISTORIES, if_here, needs_sample

SHARED = HAND_HISTORIES
DATA = Path(__file__).parents[1] / "data" / "histories"
FIXTURES = sorted(DATA.glob("*.phhs")) + sorted(DATA.glob("pokerstars*.txt"))


def _outcome(call: object) -> HandResult | str:
    try:
        return call()  # type: ignore[operator, no-any-return]
    except HandHistoryError as error:
        return str(error)


def _reference(hand: HandHistory) -> HandResult:
    """The reference replay; stud has none but the compiled one (test_stud: pokerkit's)."""
    return replay(hand) if hand.game in ENGINE_ONLY else table_replay(hand, True)


def _same_replays(hands: list[HandHistory | HandHistoryError]) -> dict[str, int]:
    """``replay`` against the reference replay on every hand read: the same result or the same
    message; how many the compiled replay played, refused, and left to the reference."""
    found = {"played": 0, "refused": 0, "left": 0}
    for hand in hands:
        if isinstance(hand, HandHistoryError):
            continue
        reference = _outcome(lambda hand=hand: _reference(hand))
        mine = _outcome(lambda hand=hand: replay(hand))
        assert mine == reference, hand.number
        try:
            engine = engine_result(hand, True)
        except HandHistoryError:
            found["refused"] += 1
            continue
        found["left" if engine is None else "played"] += 1
        if engine is not None:
            assert type(engine) is HandResult
            if hand.game in ENGINE_ONLY:  # stud: no reference replay; the EVs replay gives
                evs = exact_allin_evs(hand)  # (test_stud_allin_ev: an oracle's)
                shown = {p.player: p.allin_ev for p in engine.players if p.allin_ev is not None}
                assert {name: float(ev) for name, ev in (evs or {}).items()} == shown
            else:
                assert exact_allin_evs(hand) == _reference_evs(hand)
    return found


def _reference_evs(hand: HandHistory) -> dict[str, object] | None:

    table = play_table(hand)
    payout = _Payout(table)
    found = allin_evs(table, payout.pots, payout.won, payout.ratio)
    if found is None:
        return None
    return {hand.seats[i].name: value / hand.scale for i, value in found.items()}


def test_replay_is_the_reference_replay_on_the_fixtures() -> None:
    found = {"played": 0, "refused": 0, "left": 0}
    for path in FIXTURES:
        for kind, count in _same_replays(list(read_histories(path))).items():
            found[kind] += count
    # none left to the reference: pokerstars-shapes.txt's run twice and cash-out are played
    assert found["played"] >= 20 and found["refused"] >= 12 and found["left"] == 0, found


@needs_sample
@pytest.mark.slow
def test_replay_is_the_reference_replay_on_the_real_files() -> None:
    found = {"played": 0, "refused": 0, "left": 0}
    for folder in ("phh", "pokerstars"):
        for kind, count in _same_replays(list(read_histories(SHARED / folder))).items():
            found[kind] += count
    # Every real hand is the compiled replay's now (site records and unseen contenders
    # included); the fixtures keep the hands left to the reference (boards run twice ...).
    assert found["played"] > 100 and found["left"] == 0, found


@pytest.mark.slow
@pytest.mark.xdist_group("random hands")  # tests.histories_random.random_hands
def test_replay_is_the_reference_replay_on_random_hands() -> None:
    from tests.histories_random import random_hands

    hands: list[HandHistory | HandHistoryError] = [
        parse_phh(text, file="random", number=number)
        for number, (text, _) in enumerate(random_hands(150), 1)
    ]
    found = _same_replays(hands)
    assert found["played"] > 100, found


def _reference_results(path: Path) -> tuple[list[HandResult], list[str]]:
    results, errors = [], []
    for hand in read_histories(path):
        if isinstance(hand, HandHistoryError):
            errors.append(str(hand))
            continue
        outcome = _outcome(lambda hand=hand: _reference(hand))
        if isinstance(outcome, str):
            errors.append(outcome)
        else:
            results.append(outcome)
    return results, errors


def _iterated(path: Path) -> tuple[list[HandResult], list[str]]:
    errors: list[HandHistoryError] = []
    results = list(history_results(path, on_error=errors.append))
    return results, [str(error) for error in errors]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.name)
def test_history_results_are_the_reference_results_on_the_fixtures(path: Path) -> None:
    assert _iterated(path) == _reference_results(path)


@pytest.mark.slow
@pytest.mark.parametrize(
    "path",
    sorted((SHARED / "phh").rglob("*.phh*"))[:40] + sorted((SHARED / "pokerstars").glob("*")),
    ids=lambda path: path.name,
)
def test_history_results_are_the_reference_results_on_the_real_files(path: Path) -> None:
    assert _iterated(path) == _reference_results(path)


@pytest.mark.parametrize("count", [60, pytest.param(300, marks=pytest.mark.slow)])
def test_history_results_are_the_reference_results_on_generated_hands(
    tmp_path: Path, count: int
) -> None:
    path = tmp_path / "generated.phhs"  # make quick: the first 60 of the slow run's 300
    path.write_text("".join(phhs_tables(count, seed=28)), encoding="utf-8")
    results, errors = _iterated(path)
    assert (results, errors) == _reference_results(path)
    assert len(results) == count and not errors


def test_history_results_read_a_hand_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "generated.phhs"
    path.write_text("".join(phhs_tables(50, seed=3)), encoding="utf-8")
    results = list(history_results(path))
    fast = [result for result in results if isinstance(result, ReadLater)]
    assert len(fast) == 50  # the kernels played every one: none read by the lenient reader yet
    reference = [table_replay(hand, True) for hand in read_histories(path)]
    first = fast[0]
    reader = ReadLater.__dict__["_read"].__get__(first)
    assert (
        len(reader.args[0]) < 2_000
    )  # the hand's own bytes, not its block's: kept, it holds no more
    with pytest.raises(AttributeError):
        HandResult.__dict__["hand"].__get__(first)  # not read
    assert first.hand == reference[0].hand  # read now, once
    assert first.hand is first.hand
    assert pickle.loads(pickle.dumps(fast[1])) == reference[1] == fast[1]


def _disagreeing(paths: list[Path]) -> int:
    """Hands whose site record disagrees with the replay (winnings, finishing stacks, pots,
    rake, total: not an unseen hand's ``unjudged``): the compiled replay plays them, its codes
    worded by ``refusals.SITE_MESSAGES``, and gives the reference's result, disagreements
    included, message for message; how many."""
    found = 0
    for hand in read_histories(*paths):
        if isinstance(hand, HandHistoryError) or hand.game in ENGINE_ONLY:
            continue
        reference = _outcome(lambda hand=hand: table_replay(hand, True))
        if isinstance(reference, str) or not reference.disagreements:
            continue
        if any(found.kind == "unjudged" for found in reference.disagreements):
            continue  # an unseen contender: still the reference's
        engine = engine_result(hand, True)
        assert engine is not None, (hand.file, hand.number)  # left to the reference before
        assert engine == reference, (hand.file, hand.number)
        assert engine.disagreements == reference.disagreements
        found += 1
    return found


@pytest.mark.slow
@needs_sample
def test_site_records_that_disagree_are_the_kernels_on_the_real_files() -> None:
    assert _disagreeing([SHARED / "phh", SHARED / "pokerstars", SHARED / "sites"]) >= 5


HEADS_UP = """
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'p2 cbr 10', 'p1 cc', 'd db 2c7s9d', 'p1 cc', 'p2 cc',
           'd db 3s', 'p1 cc', 'p2 cc', 'd db 4h', 'p1 cc', 'p2 cc']
"""
"""p1's aces take the 20 chips of a heads-up pot (each put in 10): the site's record below
says otherwise, a way for each of the disagreements."""
SITE_RECORDS = {
    "all-zero-winnings": {"winnings": (0, 0)},
    "finishing stacks against winnings": {"winnings": (20, 0), "finishing_stacks": (109, 91)},
    "paid below zero, paid not won": {"winnings": (-5, 25)},
    "won not paid": {"winnings": (0, 20)},
    "paid over": {"winnings": (25, 0)},
    "keeps too much": {"winnings": (15, 0)},
    "rake": {"winnings": (19, 0), "rake": 2},
    "total pot": {"winnings": (20, 0), "total_pot": 30},
    "finishing stacks, a blind's hint": {"finishing_stacks": (109, 91)},
    "pot count": {"winnings": (20, 0), "site_pots": ((0, ((0, 20),)), (1, ((0, 5),)))},
}


@pytest.mark.parametrize("case", SITE_RECORDS, ids=str)
def test_each_site_record_disagreement_is_the_references(case: str) -> None:
    import dataclasses

    hand = dataclasses.replace(parse_phh(HEADS_UP), **SITE_RECORDS[case])  # type: ignore[arg-type]
    reference = table_replay(hand, True)
    assert reference.disagreements  # the oracle disagrees with the site: one case each
    engine = engine_result(hand, True)
    assert engine is not None  # the compiled replay plays it (the reference's before)
    assert engine.disagreements == reference.disagreements
    assert engine == reference


def test_pot_winners_that_disagree_are_the_references() -> None:
    import dataclasses

    # side-pots.phhs [1]: p1 and p2 split the pots p3 is out of; the site says p3 took them.
    hand = next(read_histories(DATA / "side-pots.phhs"))
    assert isinstance(hand, HandHistory)
    reference = table_replay(hand, True)
    gross = [round(player.won * hand.scale) for player in reference.players]
    pots = len(reference.pots)
    assert pots > 1
    wrong = tuple((pot, ((2, 1),)) for pot in range(pots))
    hand = dataclasses.replace(hand, winnings=tuple(gross), finishing_stacks=None, site_pots=wrong)
    reference = table_replay(hand, True)
    assert "the site pays the main pot to p3" in reference.disagreements[0].message
    engine = engine_result(hand, True)
    assert engine is not None and engine == reference


def _unseen(variant: str, holes: tuple[str, str, str], board: str) -> HandHistory:
    """Three players check a hand down; the holes ``????`` are never seen."""
    deals = [f"d dh p{n} {hole}" for n, hole in enumerate(holes, 1)]
    checks = ["p1 cc", "p2 cc", "p3 cc"]
    streets = [board[:6], board[6:8], board[8:10]]
    actions = [*deals, "p3 cc", "p1 cc", "p2 cc"]
    for cards in streets:
        actions += [f"d db {cards}", *checks]
    shows = [f"p{n} sm {hole}" for n, hole in enumerate(holes, 1) if "?" not in hole]
    return parse_phh(f"""
variant = '{variant}'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = {[*actions, *shows]!r}
""")


UNSEEN = {
    # p1's pair of twos beats a board of nothing: the unseen hands cannot tie it
    "hold'em, the shown hand wins": ("NT", ("2c2d", "????", "????"), "AsKd9h7c4s"),
    # a straight on the board: p1 plays it, and so do the unseen hands (three ways)
    "hold'em, the board plays": ("NT", ("2c3d", "????", "????"), "9s8d7h6cTs"),
    "hold'em, nobody seen": ("NT", ("????", "????", "????"), "AsKd9h7c4s"),
    "omaha, the unseen cannot win": ("PO", ("2c3d4h5s", "????????", "????????"), "9s8d7h6cTs"),
}


@pytest.mark.parametrize("case", UNSEEN, ids=str)
def test_unseen_contenders_are_judged_as_the_reference_judges_them(case: str) -> None:
    variant, holes, board = UNSEEN[case]
    hand = _unseen(variant, holes, board)
    reference = table_replay(hand, True)
    assert [found.kind for found in reference.disagreements] == ["unjudged"]
    engine = engine_result(hand, True)
    assert engine is not None  # the compiled replay judges it (the reference's before)
    assert engine == reference
    assert engine.disagreements == reference.disagreements


SITES = SHARED / "sites"
OMAHA_FIVE_SIX = (
    DATA / "sites" / "starsskin" / "pokermaster.txt",
    DATA / "sites" / "ggpoker" / "cash.txt",
    *if_here(
        SITES / "Stars" / "cash" / "5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt",
        SITES / "Stars" / "cash" / "6-Card-PLO-6max-USD-0.25-0.50-202004.txt",
        SITES / "Stars" / "cash" / "5-Card-PLO8-6max-USD-2.00-4.00-201304.txt",
        SITES / "FTP" / "cash" / "6-Card-PLO-6max-USD-0.50-1.00-201307.txt",
        SITES / "FTP" / "cash" / "5-Card-PLO-6max-play-5-10-201305.txt",
        SITES / "Winamax" / "cash" / "5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt",
        SITES / "GGPoker" / "cash" / "PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt",
    ),
)
"""Five- and six-card Omaha, high and hi/lo, as the fixtures and the shared sample write it."""


@needs_sample
def test_five_and_six_card_omaha_are_the_compiled_replays() -> None:
    """Omaha of five and six cards is played by the compiled replay (it was left to the
    reference replay hand by hand, whose Python showdown scores every two and three: 49 hands/s
    read and replayed on PokerMaster's fixture), with the reference's results and EVs."""
    games: set[str] = set()
    found = {"played": 0, "refused": 0, "left": 0}
    for path in OMAHA_FIVE_SIX:
        hands = [
            hand
            for hand in read_histories(path)
            if not isinstance(hand, HandHistoryError) and hand.game.startswith("omaha-")
        ]
        hands = [hand for hand in hands if hand.game[6] in "56"]
        games.update(hand.game for hand in hands)
        for kind, count in _same_replays(list(hands)).items():
            found[kind] += count
    assert games == {"omaha-5", "omaha-6", "omaha-5-hi-lo"}, games
    assert found["played"] >= 8 and found["left"] == 0, found


@pytest.mark.parametrize("path", OMAHA_FIVE_SIX, ids=lambda path: path.name)
def test_history_results_of_five_and_six_card_omaha_are_the_reference_results(path: Path) -> None:
    """PokerStars' own five- and six-card hands go through its compiled reader now, the skins'
    and other sites' through their readers and the compiled replay: the reference's results."""
    assert _iterated(path) == _reference_results(path)
