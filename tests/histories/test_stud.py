"""Stud (seven-card stud, stud hi/lo, razz) replayed by the compiled replay, against pokerkit's
state machine: the final stacks of the real WSOP hands in the shared sample and of random hands
pokerkit plays, through the lenient reader, the converter and ``replay``."""

from __future__ import annotations

import random
import warnings
from fractions import Fraction

import pytest
from pokerkit import HandHistory as PokerkitHistory

from pokerscore.cards import Card
from pokerscore.histories.hand_input import engine_replay
from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.phh import parse_phh, read_phh
from pokerscore.histories.refusals import Refusal
from pokerscore.histories.replay import exact_allin_evs, replay
from tests.shared_sample import HAND_HISTORIES, needs_sample

SHARED = HAND_HISTORIES / "phh"
STUD_FILES = ("wsop-2023-43/6.phh", "wsop-2023-43/8.phh", "wsop-2023-43/10.phh",
              "wsop-2023-43/20.phh")  # fmt: skip


def _final_stacks(hand: HandHistory) -> list[Fraction]:
    played = engine_replay(hand)
    assert played is not None
    assert played.refusal.code == Refusal.NONE, (hand.number, played.refusal)
    return [
        seat.stack - put_in + won
        for seat, put_in, won in zip(hand.seats, played.put_in, played.won, strict=True)
    ]


def _pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(list(PokerkitHistory.loads(text))[-1].stacks)


@needs_sample
@pytest.mark.parametrize("name", STUD_FILES)
def test_real_stud_hands_end_with_pokerkits_stacks_and_the_sites(name: str) -> None:
    path = SHARED / name
    hand = next(read_phh(path))
    assert isinstance(hand, HandHistory)
    assert hand.game in ("stud", "razz", "stud-8")
    expected = _pokerkit_stacks(path.read_text())
    assert _final_stacks(hand) == expected
    assert list(hand.finishing_stacks or ()) == expected
    result = replay(hand)  # the lenient path: the one engine, the site's record agreeing
    assert result.disagreements == ()
    assert exact_allin_evs(hand) is None  # no all-in in these four hands
    assert [seat.stack + player.net for seat, player in zip(hand.seats, result.players,
            strict=True)] == expected  # fmt: skip


def test_the_bring_in_is_forced_and_the_completion_a_raise() -> None:
    """wsop-2023-43 hand 6 as written: Rast (3c up) brings in, Obst completes, Shakerchi raises."""
    text = """
variant = 'F7S'
antes = [50, 50, 50]
bring_in = 50
small_bet = 200
big_bet = 400
starting_stacks = [4000, 7700, 4775]
actions = ['d dh p1 QdJsAc', 'd dh p2 Ts9s8c', 'd dh p3 7c3s6d', 'p3 pb', 'p1 cbr 200',
  'p2 cbr 400', 'p3 f', 'p1 f']
"""
    hand = parse_phh(text)
    result = replay(hand)
    flags = [(player.vpip, player.pfr) for player in result.players]
    assert flags == [(True, True), (True, True), (False, False)]
    # the bring-in is due from Rast: a fold in its place, or a completion under the small bet, is
    # refused
    for wrong, code in (("'p3 f'", Refusal.BRING_IN_DUE), ("'p1 cc'", Refusal.OUT_OF_TURN)):
        bad = parse_phh(text.replace("'p3 pb'", wrong))
        played = engine_replay(bad)
        assert played is not None and played.refusal.code == code
    with pytest.raises(HandHistoryError, match="less than the smallest raise, to 200"):
        replay(parse_phh(text.replace("'p1 cbr 200'", "'p1 cbr 150'")))
    with pytest.raises(HandHistoryError, match="must bring in or complete"):
        replay(parse_phh(text.replace("'p3 pb'", "'p3 cc'")))


def test_fourth_street_opens_with_the_best_showing_hand() -> None:
    """Third street: 2c brings in (the lowest card, clubs lowest); fourth street: the open pair
    of kings acts first, and bets the small bet (no open-pair big bet, as pokerkit)."""
    text = """
variant = 'F7S'
antes = [0, 0, 0]
bring_in = 10
small_bet = 100
big_bet = 200
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AsAd2c', 'd dh p2 QsQdKs', 'd dh p3 JsJd2d', 'p1 pb', 'p2 cc', 'p3 cc',
  'd dh p1 3c', 'd dh p2 Kd', 'd dh p3 4d', 'p2 cbr 100', 'p3 f', 'p1 f']
"""
    result = replay(parse_phh(text))
    assert [player.net for player in result.players] == [-10, 20, -10]
    played = engine_replay(parse_phh(text.replace("'p2 cbr 100'", "'p3 cc'")))
    assert played is not None and played.refusal.code == Refusal.OUT_OF_TURN
    assert played.refusal.other == 1  # the kings are to act


def test_razz_brings_in_with_the_highest_card_and_plays_the_low() -> None:
    """Razz: the king of spades brings in (the highest card, spades highest), the best low
    showing acts first after third street (2-3 before K-4); at the showdown the wheel A-2-3-4-5
    (with a flush, which counts for nothing) beats 2-3-4-5-6."""
    text = """
variant = 'FR'
antes = [5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [500, 500]
actions = ['d dh p1 AcKc2c', 'd dh p2 5s6sKs', 'p2 pb', 'p1 cc', 'd dh p1 3c', 'd dh p2 4s',
  'p1 cc', 'p2 cc', 'd dh p1 4c', 'd dh p2 3s', 'p1 cc', 'p2 cc', 'd dh p1 5c', 'd dh p2 2s',
  'p1 cc', 'p2 cc', 'd dh p1 Kd', 'd dh p2 Qs', 'p1 cc', 'p2 cc', 'p1 sm AcKc2c3c4c5cKd',
  'p2 sm 5s6sKs4s3s2sQs']
"""
    result = replay(parse_phh(text))
    # heads-up, p2 is the button: the antes as written from the big blind's side
    assert [player.net for player in result.players] == [15, -15]
    assert _pokerkit_stacks(text) == [515, 485]


def _has_low(cards: tuple[Card, ...]) -> bool:
    """Eight or better, from the rule: five different ranks from the ace to the eight."""
    return len({card.rank for card in cards if card.rank <= 6 or card.rank == 12}) >= 5


def _pokerkit_low_quirk(result: HandResult) -> bool:
    """pokerkit 0.7.7 splits the low half of a hi/lo side pot among its contenders when none of
    them has a low but another player does (each pot should then go to the high hand), in stud
    hi/lo as in Omaha hi/lo (``test_histories``)."""
    if result.hand.game != "stud-8":
        return False
    lows = {i for i, player in enumerate(result.players) if player.hole and _has_low(player.hole)}
    return bool(lows) and any(
        len(pot.eligible) > 1 and not lows & set(pot.eligible) for pot in result.pots
    )


@pytest.mark.slow
@pytest.mark.xdist_group("random stud hands")  # tests.histories_random.random_hands
@pytest.mark.parametrize("variant", ["F7S", "F7S/8", "FR"])
def test_random_stud_hands_end_with_pokerkits_stacks(variant: str) -> None:
    from tests.histories_random import random_hands

    showdowns = quirks = 0
    for number, (text, stacks) in enumerate(random_hands(120, variant=variant), 1):
        hand = parse_phh(text, file="random", number=number)
        ours = _final_stacks(hand)
        theirs = [Fraction(stack) for stack in stacks]
        result = replay(hand)
        assert [seat.stack + Fraction(player.net) for seat, player in zip(hand.seats,
                result.players, strict=True)] == ours  # fmt: skip
        showdowns += any(player.went_to_showdown for player in result.players)
        if _pokerkit_low_quirk(result):
            quirks += 1
            continue
        if all(share.denominator == 1 for pot in result.pots for _, share in pot.shares):
            assert ours == theirs, (number, text)
        else:  # pokerkit hands an odd chip to one winner, the replay shares it
            assert sum(ours) == sum(theirs), (number, text)
            assert all(abs(a - b) <= len(result.pots) for a, b in zip(ours, theirs, strict=True))
    assert showdowns > 20 and quirks < 20


def test_eight_players_share_the_last_card_when_the_deck_runs_short() -> None:
    """Eight players to seventh street: 48 cards and three burned leave one, dealt as every
    player's last card (pokerkit deals it as a board card, ``d db``)."""
    from pokerkit import FixedLimitSevenCardStud
    from pokerkit import HandHistory as Written

    from tests.histories_random import AUTOMATIONS, RANKS

    rng = random.Random(8)
    game = FixedLimitSevenCardStud(AUTOMATIONS, False, 1, 2, 10, 20)
    state = game([500] * 8, 8)
    deck = [rank + suit for rank in RANKS for suit in "cdhs"]
    rng.shuffle(deck)
    shared = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.can_deal_hole():
                count = len(state.hole_dealing_statuses[state.hole_dealee_index])
                state.deal_hole("".join(deck.pop() for _ in range(count)))
            elif state.can_deal_board():
                state.deal_board(deck.pop())
                shared += 1
            elif state.can_post_bring_in():
                state.post_bring_in()
            elif state.actor_index is not None:
                state.check_or_call()
            else:
                state.show_or_muck_hole_cards(True)
    text = str(Written.from_game_state(game, state).dumps())
    assert shared == 1 and " d db " not in text and "'d db " in text
    assert _final_stacks(parse_phh(text)) == _pokerkit_stacks(text)
    played = engine_replay(parse_phh(text.replace("'d db ", "'d dh p1 ", 1)))
    assert played is not None and played.refusal.code.kind == "rule"  # p1's card alone: no street


@pytest.mark.slow
def test_the_fast_reader_plays_stud_as_the_lenient_path() -> None:
    """Random stud hands of the three variants in one ``.phhs`` text through the compiled PHH
    reader: every hand played there (none left to the lenient reader), each player's chips put
    in and won as the converter's replay of the lenient reader's hand, the holes in the rows."""
    from tests.histories_random import fast_against_lenient

    holes = 0
    for hand, rows, played in fast_against_lenient("fast stud", ("F7S", "F7S/8", "FR")):
        for i, (row, cards) in enumerate(zip(rows, played, strict=True)):
            assert row == (list(cards) if min(cards) >= 0 else [-1] * len(row)), (hand, i)
            holes += min(cards) >= 0
    assert holes > 30
