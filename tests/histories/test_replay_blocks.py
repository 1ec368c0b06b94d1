"""A block of hands replayed in one go (``replay.replay_hands``: the readers without a fast path,
256 hands at a time) gives each hand what it gives alone: the rows of a block are one array,
so a hand whose row is written after a refused one, or beside a hand of another game, a board
run twice or an all-in, must not see its neighbours' values."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.reading import read_file
from pokerscore.histories.replay import REPLAY_BLOCK, replay_hands, replayed

DATA = Path(__file__).parents[1] / "data" / "histories"


def _hands() -> list[HandHistory]:
    """Every hand the test fixtures hold that a reader reads: PHH (refused hands among them)
    and every site's formats (cash-outs, runs, all-ins, stud and draw where a site has them)."""
    paths = sorted(p for p in DATA.rglob("*") if p.suffix in (".phhs", ".txt", ".xml"))
    hands = []
    for path in paths:
        hands += [hand for hand in read_file(path) if isinstance(hand, HandHistory)]
    return hands


def _alone(hand: HandHistory, allin_ev: bool) -> HandResult | HandHistoryError:
    (outcome,) = replay_hands([hand], allin_ev=allin_ev)
    return outcome


def _same(mine: HandResult | HandHistoryError, alone: HandResult | HandHistoryError) -> None:
    if isinstance(alone, HandHistoryError):
        assert isinstance(mine, HandHistoryError)
        assert (type(mine), str(mine)) == (type(alone), str(alone))
    else:
        assert mine == alone


@pytest.mark.parametrize(
    "allin_ev",
    [False, pytest.param(True, marks=pytest.mark.slow)],  # every all-in valued: 2.5 s
)
def test_a_block_gives_each_hand_what_it_gives_alone(allin_ev: bool) -> None:
    hands = _hands()
    assert len(hands) > 100  # every game, site and refusal the fixtures hold, in one block
    alone = [_alone(hand, allin_ev) for hand in hands]
    assert any(isinstance(outcome, HandHistoryError) for outcome in alone)  # refusals mixed in
    assert sum(isinstance(outcome, HandResult) for outcome in alone) > 80
    shuffled = list(range(len(hands)))
    random.Random(7).shuffle(shuffled)
    block = replay_hands([hands[k] for k in shuffled], allin_ev=allin_ev)
    for k, outcome in zip(shuffled, block, strict=True):
        _same(outcome, alone[k])


def test_a_reader_s_errors_keep_their_places_between_blocks() -> None:
    hands = _hands()
    error = HandHistoryError("not a hand", file="x", hand=1)
    items: list[HandHistory | HandHistoryError] = []
    for k, hand in enumerate(hands * 5):  # past two blocks
        items.append(hand)
        if k % 97 == 0:
            items.append(error)
    assert len(items) > 2 * REPLAY_BLOCK
    outcomes = [outcome for block in replayed(items, allin_ev=False) for outcome in block]
    assert len(outcomes) == len(items)
    for item, outcome in zip(items, outcomes, strict=True):
        if isinstance(item, HandHistoryError):
            assert outcome is item
        else:
            _same(outcome, _alone(item, False))
