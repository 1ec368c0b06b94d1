"""The one converter: the lenient readers' hands into the compiled replay's arrays, replayed by
the kernel, against the reference replay (results where the kernel plays the hand, the message
where it refuses one for a broken rule)."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from pokerscore.histories.hand_input import engine_replay
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.phh import parse_phh, read_phh
from pokerscore.histories.pokerstars import read_pokerstars
from pokerscore.histories.refusals import Refusal, refusal_error
from pokerscore.histories.replay import ENGINE_ONLY, game_named
from tests.reference_replay import replay_table

DATA = Path(__file__).parents[1] / "data" / "histories"


def _agree(hand: HandHistory) -> str:
    """How the kernel and the reference replay agree on ``hand``: ``played``, ``refused`` (the
    same message), ``pending`` (left to the reference), ``not converted``."""
    mine = engine_replay(hand)
    if mine is None:
        return "not converted"
    if hand.game in ENGINE_ONLY:  # no reference replay: test_stud plays them against pokerkit
        return "engine only"
    try:
        table, pots, won, _ = replay_table(hand)
    except HandHistoryError as error:
        assert mine.refusal.code.kind in ("rule", "pending"), (hand.number, str(error))
        if mine.refusal.code.kind == "pending":
            return "pending"
        assert str(refusal_error(hand, game_named(hand.game), mine.refusal)) == str(error)
        return "refused"
    if mine.refusal.code.kind == "pending":
        return "pending"
    assert mine.refusal.code == Refusal.NONE, (hand.number, mine.refusal)
    assert list(mine.put_in) == table.put_in
    assert list(mine.pots) == [pot.amount for pot in pots]
    assert list(mine.won) == won
    return "played"


def test_the_fixtures_through_the_converter_play_as_the_reference() -> None:
    found: dict[str, int] = {}
    hands = [*read_phh(DATA / "actions.phhs"), *read_phh(DATA / "side-pots.phhs")]
    hands += [*read_phh(DATA / "split-pots.phhs"), *read_phh(DATA / "malformed.phhs")]
    hands += [*read_pokerstars(DATA / "pokerstars-shapes.txt")]
    hands += [*read_pokerstars(DATA / "pokerstars-bad.txt")]
    for hand in hands:
        if isinstance(hand, HandHistory):
            outcome = _agree(hand)
            found[outcome] = found.get(outcome, 0) + 1
    assert found["played"] > 10 and found["refused"] >= 8, found


def test_the_replay_from_python_compiles_once() -> None:
    """``replay``, ``engine_replay`` and ``engine_steps`` call ``replay_one`` with the same types:
    one compilation of the 1,500-line kernel for them all, where ``replay``'s site record and the
    steps' record each compiled it once more (about 45 s of CPU each, in every pytest worker:
    ``test_steps`` replays its fixtures at collection)."""
    from numba.core import types

    from pokerscore.histories._replay_kernels import replay_one
    from pokerscore.histories.hand_input import engine_steps
    from pokerscore.histories.replay import replay

    hand = next(read_phh(DATA / "actions.phhs"))
    replay(hand, allin_ev=False)
    engine_replay(hand)
    engine_steps(hand)
    steps = list(inspect.signature(replay_one.py_func).parameters).index("steps")
    from_python = {
        signature[steps:]
        for signature in replay_one.signatures
        if not isinstance(signature[steps], types.Omitted)  # the readers' kernels record nothing
    }
    assert len(from_python) == 1, from_python


@pytest.mark.slow
@pytest.mark.xdist_group("random hands")  # tests.histories_random.random_hands
def test_random_hands_through_the_converter_play_as_the_reference() -> None:
    from tests.histories_random import random_hands

    found: dict[str, int] = {}
    for number, (text, _) in enumerate(random_hands(200), 1):
        outcome = _agree(parse_phh(text, file="random", number=number))
        found[outcome] = found.get(outcome, 0) + 1
    assert found["played"] > 150, found
