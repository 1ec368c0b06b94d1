"""Refusals: the compiled replay says why it refuses a hand (a code and the action's index), a
broken rule is worded from that code alone, and the reference replay words the same rules
through the same table."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.refusals import (
    MESSAGES,
    Refusal,
    RefusalRecord,
    pack_cards,
    refusal_error,
    unpack_cards,
)

DATA = Path(__file__).parents[1] / "data" / "histories"
RULE_BROKEN = {2, 3, 4, 5, 6, 7, 11, 14}
"""The hands of ``malformed.phhs`` that break a rule of the game (the others are not read)."""


def test_every_code_has_a_message_and_a_kind() -> None:
    assert set(MESSAGES) == set(Refusal) - {Refusal.NONE}
    kinds = {code.kind for code in Refusal}
    assert kinds == {"none", "reading", "pending", "rule"}
    assert Refusal.TEXT.kind == "reading" and Refusal.SITE_RECORD.kind == "pending"
    assert Refusal.OUT_OF_TURN.kind == "rule" and Refusal.BOARD_AFTER_RUNS.kind == "rule"


def test_packed_cards_come_back() -> None:
    from pokerscore.cards import Card

    cards = (Card(0), None, Card(51), Card(50))
    assert unpack_cards(pack_cards(cards)) == cards
    assert unpack_cards(pack_cards(())) == ()


def test_the_kernel_says_why_and_at_which_action() -> None:
    from pokerscore.histories.batches import refusal_of, replay_phh_text, slow_hands

    batch = replay_phh_text((DATA / "malformed.phhs").read_bytes(), single=False)
    assert batch is not None
    found = {number: refusal_of(batch, place) for place, number, *_ in slow_hands(batch)}
    # hand 2: 'p1 cbr 6' first, with p3 (seat 2) to act
    assert found[2] == RefusalRecord(Refusal.OUT_OF_TURN, 0, 0, 2, 0, 0)
    # hand 3: p3 raises to 500 with 100 (whole chips: one unit each)
    assert found[3] == RefusalRecord(Refusal.RAISE_OVER_STACK, 0, 2, -1, 500, 100)
    assert found[4] == RefusalRecord(Refusal.RAISE_UNDER_MINIMUM, 0, 2, -1, 3, 4)
    assert found[5] == RefusalRecord(Refusal.RAISE_OVER_LIMIT, 0, 2, -1, 8, 7)
    # hand 6: Ah dealt to p1 and to p2
    assert found[6] == RefusalRecord(Refusal.CARD_SEEN_TWICE, -1, 1, 0, 50, 0)
    assert found[7] == RefusalRecord(Refusal.ENDS_TO_ACT, -1, -1, 1, 0, 0)
    assert found[8].code == Refusal.TEXT  # not TOML: the lenient reader says so
    assert found[10] == RefusalRecord(Refusal.ACTION_TEXT, 0, -1, -1, 0, 0)  # 'AhXx'
    assert found[11] == RefusalRecord(Refusal.RAISE_OVER_LIMIT, 0, 1, -1, 5, 4)
    assert found[14] == RefusalRecord(Refusal.SHORT_ALL_IN, 4, 0, -1, 30, 0)
    assert 12 not in found


def test_a_broken_rule_is_worded_from_the_code_without_replaying_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pokerscore.histories import parts, running

    replayed: list[int] = []
    reference_blocks = parts.replayed  # both paths replay a block of hands at a time

    def seen(hands: Iterable[HandHistory | HandHistoryError]) -> Iterator[object]:
        for hand in hands:
            if isinstance(hand, HandHistory):
                replayed.append(hand.number)
            yield hand

    def watched_blocks(hands: Iterable[HandHistory], *, allin_ev: bool) -> object:
        return reference_blocks(seen(hands), allin_ev=allin_ev)

    path = DATA / "malformed.phhs"
    monkeypatch.setattr(parts, "replayed", watched_blocks)
    fast = running.analyse_histories([path])
    assert not RULE_BROKEN & set(replayed)
    monkeypatch.setenv(parts.REFERENCE_ONLY, "1")
    reference = running.analyse_histories([path])
    assert set(replayed) >= RULE_BROKEN  # the reference path replays them to find the rule
    assert [e.message for e in fast.errors] == [e.message for e in reference.errors]
    assert {e.hand for e in fast.errors} >= RULE_BROKEN


def test_the_reference_replay_words_a_refusal_with_the_same_table() -> None:
    from pokerscore.histories.phh import read_phh
    from pokerscore.histories.replay import game_named

    hand = next(
        hand
        for hand in read_phh(DATA / "malformed.phhs")
        if isinstance(hand, HandHistory) and hand.number == 2
    )
    record = RefusalRecord(Refusal.OUT_OF_TURN, 0, 0, 2)
    error = refusal_error(hand, game_named(hand.game), record)
    assert error.reason == "action 1 'p1 cbr 6': p1 acts out of turn: p3 is to act"


def _broken(text: str, rng: random.Random) -> str:
    """A random hand with one thing broken: an action dropped, two swapped, a bet or raise
    changed, a card dealt twice, a stack emptied, a card count changed."""
    head, actions_line = text.rsplit("actions = ", 1)
    actions = ast.literal_eval(actions_line.strip())
    how = rng.randrange(6)
    if how == 0 and actions:
        del actions[rng.randrange(len(actions))]
    elif how == 1 and len(actions) > 1:
        k = rng.randrange(len(actions) - 1)
        actions[k], actions[k + 1] = actions[k + 1], actions[k]
    elif how == 2 and any(" cbr " in a for a in actions):
        k = rng.choice([k for k, a in enumerate(actions) if " cbr " in a])
        who, _, amount = actions[k].split()
        actions[k] = f"{who} cbr {rng.choice([1, int(amount) // 2, int(amount) * 3 + 7])}"
    elif how == 3:
        holes = [k for k, a in enumerate(actions) if a.startswith("d dh") and "??" not in a]
        if len(holes) > 1:
            a, b = rng.sample(holes, 2)
            actions[b] = actions[b][:-4] + actions[a][-4:]
    elif how == 4:
        stacks_at = head.index("starting_stacks = [") + len("starting_stacks = [")
        end = head.index(",", stacks_at)
        head = head[:stacks_at] + "0" + head[end:]
    elif actions:
        k = rng.randrange(len(actions))
        if actions[k].startswith("d db") and len(actions[k]) > 7:
            actions[k] = actions[k][:-2]
    return head + "actions = " + repr(actions) + "\n"


@pytest.mark.slow
@pytest.mark.xdist_group("random hands")  # tests.histories_random.random_hands
def test_broken_random_hands_give_the_reference_messages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The codes' wording against the reference replay's, on random hands with one thing broken
    (the reference replays every hand and finds the rule itself): the first 200 shared random
    hands, each broken by its own draws (seed 28)."""
    from pokerscore.histories import parts, running
    from tests.histories_random import random_hands

    rng = random.Random(28)
    path = tmp_path / "broken.phhs"
    with path.open("w") as out:
        for number, (text, _) in enumerate(random_hands(200), 1):
            out.write(f"[{number}]\n{_broken(text, rng)}\n")
    fast = running.analyse_histories([path])
    monkeypatch.setenv(parts.REFERENCE_ONLY, "1")
    reference = running.analyse_histories([path])
    assert fast.bad > 50  # most hands are broken (an action dropped may still leave one whole)
    assert (fast.hands, fast.bad) == (reference.hands, reference.bad)
    assert [e.message for e in fast.errors] == [e.message for e in reference.errors]
    assert [str(d) for d in fast.disagreements] == [str(d) for d in reference.disagreements]


def test_a_refusal_echoes_a_long_name_cut_short() -> None:
    """A name of 3,000 characters (the fuzz's hostile ``[`` x 3000 as a PokerStars player) is
    echoed cut short, as every message echoes a user's token (``shorten``), not whole: the
    message was 3,077 characters."""
    import dataclasses

    from pokerscore.histories.phh import read_phh
    from pokerscore.histories.replay import game_named

    hand = next(
        hand
        for hand in read_phh(DATA / "malformed.phhs")
        if isinstance(hand, HandHistory) and hand.number == 2
    )
    long = "[" * 3000
    seats = list(hand.seats)
    seats[2] = dataclasses.replace(seats[2], name=long)
    hand = dataclasses.replace(hand, seats=tuple(seats))
    record = RefusalRecord(Refusal.OUT_OF_TURN, 0, 0, 2)
    error = refusal_error(hand, game_named(hand.game), record)
    assert error.reason.endswith("p1 acts out of turn: " + "[" * 39 + "… is to act")
