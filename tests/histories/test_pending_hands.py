"""Hands the compiled replay once left pending (to the reference replay, ``_Table``, or refused
for stud and the draw games), now settled by the kernel: stacks past 2**46 units (up to 2**48 in all), an unseen stud
or draw hand contesting a pot, a stud hand shown in part, a stud or draw hand with a cash-out.
Hold'em is compared with the reference replay (``table_replay``) result for result and all-in EV
for all-in EV; stud and draw, which the reference does not play, are worked out by hand."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from pokerscore.histories.hand_input import engine_replay
from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.phh import parse_phh
from pokerscore.histories.refusals import Refusal
from pokerscore.histories.replay import engine_result, exact_allin_evs, replay
from tests.histories.test_boards_run_twice import _reference_evs
from tests.reference_replay import table_replay


def _heads_up(stack: int, winnings: tuple[int, int] | None = None) -> HandHistory:
    """Aces against kings all in before the flop, ``stack`` units each; the aces hold."""
    text = f"""
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [{stack}, {stack}]
actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 cbr {stack}', 'p1 cc', 'd db 2c7h9d', 'd db 3s',
  'd db 4h', 'p1 sm AsAd', 'p2 sm KsKd']
"""
    hand = parse_phh(text, file="big", number=1)
    return hand if winnings is None else dataclasses.replace(hand, winnings=winnings)


def _same(hand: HandHistory) -> HandResult:
    reference = table_replay(hand, True)
    mine = engine_result(hand, True)
    assert mine is not None, "the compiled replay leaves the hand to the reference"
    assert mine == reference
    assert mine.disagreements == reference.disagreements
    assert exact_allin_evs(hand) == _reference_evs(hand)
    return mine


@pytest.mark.parametrize("stack", [2**46 + 1, 2**47 - 1, 2**47])
def test_stacks_past_2_46_units_heads_up_are_the_compiled_replays(stack: int) -> None:
    """Two stacks past 2**46 units (the kernel refused any one ``BIG_STACK`` before), 2**48 units
    at most together: the pot of both stacks to the aces, exact, as the reference gives it."""
    result = _same(_heads_up(stack))
    assert [player.won for player in result.players] == [2 * stack, 0]
    assert result.pots[0].amount == 2 * stack


@pytest.mark.parametrize("stack", [2**47 + 1, 2**50, 2**53])
def test_stacks_past_2_48_units_in_all_are_the_compiled_replays(stack: int) -> None:
    """More than 2**48 units at the table (the kernel refused it ``BIG_STACK``, and the
    reference replay settled it: its winnings in 1/DEN units would pass int64), up to the
    model's 2**53 units a stack: the rows keep whole units and a remainder in 1/DEN."""
    hand = _heads_up(stack)
    played = engine_replay(hand)
    assert played is not None and played.refusal.code == Refusal.NONE
    result = _same(hand)
    assert [player.won for player in result.players] == [2 * stack, 0]


def test_a_big_pot_split_three_ways_is_exact() -> None:
    """Three players all in for 2**51 units each split the pots (each plays the board's royal
    flush): p1's dead ante makes the main pot one unit past a multiple of three, so each third
    of it is a whole number of units past 2**48 and a remainder, exact in the rows."""
    stack = 2**51
    text = f"""
variant = 'NT'
antes = [1, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [{stack}, {stack}, {stack}]
actions = ['d dh p1 2c3c', 'd dh p2 2d3d', 'd dh p3 2h3h', 'p3 cbr {stack}', 'p1 cc', 'p2 cc',
  'd db AsKsQs', 'd db Js', 'd db Ts', 'p1 sm 2c3c', 'p2 sm 2d3d', 'p3 sm 2h3h']
"""
    hand = parse_phh(text)
    _same(hand)
    played = engine_replay(hand)
    third = Fraction(3 * stack - 2, 3)  # the main pot: three calls of stack - 1, the ante
    assert played is not None and played.won == (third, third + 1, third + 1)


@pytest.mark.parametrize("paid", [(2**49, 0), (2**49 + 2**48, 0), (0, 2**49)])
def test_a_site_record_past_2_48_units_is_the_compiled_replays(paid: tuple[int, int]) -> None:
    """A hold'em hand whose site record pays past 2**48 units (the converter gave None for it:
    the kernel compared payouts in 1/DEN units): the kernel words the disagreement, as the
    reference does, or agrees with it."""
    stack = 2**48
    hand = _heads_up(stack, winnings=paid)
    assert engine_result(hand, True) is not None
    result = _same(hand)
    assert bool(result.disagreements) == (paid != (2 * stack, 0))


def test_a_site_keeping_half_a_big_pot_is_a_disagreement() -> None:
    """The site pays the aces half of a pot of 2**48 units: it keeps more than the rake allows
    (the kernel's check of the rake counts the pot in 1/DEN units; ten times what the site kept
    would pass 2**63)."""
    stack = 2**47
    result = _same(_heads_up(stack, winnings=(stack, 0)))
    assert [d.kind for d in result.disagreements] == ["winnings"]
    assert "keeping more than 10 %" in result.disagreements[0].message


def test_exact_allin_evs_of_a_hand_the_site_disagrees_with_are_the_kernels() -> None:
    """A hand whose site record disagrees (``SITE_RECORD``) has its all-in EV from the kernel's
    rows, equal to the reference's (it was the reference's own: ``replay_table``, which has left
    the package for ``tests.reference_replay``)."""
    hand = _heads_up(100, winnings=(0, 200))  # the site pays the kings
    expected = _reference_evs(hand)
    assert expected is not None
    assert exact_allin_evs(hand) == expected
    assert replay(hand).disagreements


RAZZ = """
variant = 'FR'
antes = [5, 5]
bring_in = 10
small_bet = 20
big_bet = 40
starting_stacks = [500, 500]
actions = ['d dh p1 ????2c', 'd dh p2 5s6sKs', 'p2 pb', 'p1 cc', 'd dh p1 3c', 'd dh p2 4s',
  'p1 cc', 'p2 cc', 'd dh p1 4c', 'd dh p2 3s', 'p1 cc', 'p2 cc', 'd dh p1 5c', 'd dh p2 2s',
  'p1 cc', 'p2 cc', 'd dh p1 ??', 'd dh p2 Qs', 'p1 cc', 'p2 cc', 'p2 sm 5s6sKs4s3s2sQs'{show}]
"""
"""Razz: p1's down cards never seen; p2 shows 6-5-4-3-2. The pot: antes 10, the bring-in 10
and its call."""


def test_an_unseen_stud_hand_contesting_the_pot_never_wins_it() -> None:
    """p1 never shows: as an unseen Omaha hand, an unseen stud hand wins no share of a pot some
    shown hand contests (its down cards could make anything); the pot goes to p2, and the hand
    is flagged ``unjudged`` (the kernel refused it ``UNSEEN_CONTENDER`` before)."""
    hand = parse_phh(RAZZ.format(show=""))
    played = engine_replay(hand)
    assert played is not None and played.refusal.code == Refusal.UNJUDGED
    result = replay(hand)
    assert [player.net for player in result.players] == [-15, 15]
    assert [d.kind for d in result.disagreements] == ["unjudged"]


def test_a_stud_hand_shown_in_part_is_judged_with_the_cards_seen() -> None:
    """p1 shows the ace among its down cards, the other two unseen: a hand not seen whole, it
    wins nothing (the kernel refused it ``PARTLY_SHOWN`` before)."""
    hand = parse_phh(RAZZ.format(show=", 'p1 sm Ac??2c3c4c5c??'"))
    played = engine_replay(hand)
    assert played is not None and played.refusal.code == Refusal.UNJUDGED
    result = replay(hand)
    assert [player.net for player in result.players] == [-15, 15]
    # four cards shown that were not seen dealt, with three places unseen: one too many
    with pytest.raises(HandHistoryError, match=r"p1 shows .* but was dealt"):
        replay(parse_phh(RAZZ.format(show=", 'p1 sm AcAdQh??4c5cKh'")))


def test_a_stud_hand_shown_in_part_and_whole_where_every_card_is_known() -> None:
    """The show names both down cards: every card known, p1's wheel wins the pot."""
    hand = parse_phh(RAZZ.format(show=", 'p1 sm AcAd2c3c4c5cKh'"))
    result = replay(hand)
    assert [player.net for player in result.players] == [15, -15]
    assert not result.disagreements


def test_a_stud_hand_with_a_cash_out() -> None:
    """p2 cashes out for 12 units with a fee of 1 (the converter gave None for a stud cash-out,
    and ``replay`` refused the hand): its ``won`` is the cash-out, win or lose, its fee the
    rake it paid, as a hold'em cash-out."""
    hand = parse_phh(RAZZ.format(show=", 'p1 sm AcAd2c3c4c5cKh'"))
    hand = dataclasses.replace(hand, cash_outs=((1, 12, 1),))
    result = replay(hand)
    p1, p2 = result.players
    assert (p2.won, p2.rake_paid, p2.net) == (12, 1, 12 - 15)
    assert p1.won == 30


def test_a_stud_hand_cannot_run_a_board_twice() -> None:
    """Stud deals no board to run again: a hand built with one is refused, by its reason."""
    hand = parse_phh(RAZZ.format(show=", 'p1 sm AcAd2c3c4c5cKh'"))
    board = dataclasses.replace(hand.actions[0], kind="deal-board", actor=None, runout=1)
    hand = dataclasses.replace(hand, actions=(*hand.actions, board))
    with pytest.raises(HandHistoryError, match="no board to run more than once"):
        replay(hand)


DRAW = """
variant = 'N2L1D'
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [100, 100]
actions = ['d dh p1 ??????????', 'd dh p2 2c2h7d8c9h', 'p2 cc', 'p1 cc', 'p1 sd', 'p2 sd',
  'p1 cc', 'p2 cc', 'p2 sm 2c2h7d8c9h']
"""


def test_an_unseen_draw_hand_contesting_the_pot_never_wins_it() -> None:
    """2-7 single draw: p1 never seen, p2 shows a pair of deuces: the pot of 20 to p2, flagged
    ``unjudged`` (the draw games were judged so before: stud's rule is theirs)."""
    result = replay(parse_phh(DRAW))
    assert [player.net for player in result.players] == [-10, 10]
    assert [d.kind for d in result.disagreements] == ["unjudged"]


def test_a_six_card_omaha_hand_dealt_five_is_refused() -> None:
    """The count dealt is the game's: five cards in six-card Omaha break the rule, worded as the
    reference words it."""
    text = """
variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AsAdKsKd2c3c', 'd dh p2 QsQdJsJd4c', 'p2 cc', 'p1 cc', 'd db 2h7h9d',
  'p1 cc', 'p2 cc', 'd db 3s', 'p1 cc', 'p2 cc', 'd db 4h', 'p1 cc', 'p2 cc',
  'p1 sm AsAdKsKd2c3c', 'p2 sm QsQdJsJd4c']
"""
    hand = dataclasses.replace(parse_phh(text), game="omaha-6")
    with pytest.raises(HandHistoryError) as reference:
        table_replay(hand, True)
    with pytest.raises(HandHistoryError) as mine:
        engine_result(hand, True)
    assert str(mine.value) == str(reference.value)
    assert "dealt 5" in str(mine.value) or "5 cards" in str(mine.value)


def test_a_stud_hand_left_alone_at_the_showdown_takes_the_pot_unseen() -> None:
    """p1 mucks at the showdown: p2, never seen, is the one hand left and takes the pot, no
    disagreement (a hand not seen whole is judged only against another hand still in: the
    first cut of the unseen stud rule flagged it ``unjudged``)."""
    text = RAZZ.format(show="").replace("'d dh p2 5s6sKs'", "'d dh p2 ????Ks'")
    text = text.replace("'d dh p2 Qs'", "'d dh p2 ??'").replace("'p2 sm 5s6sKs4s3s2sQs'", "'p1 sm'")
    played = engine_replay(parse_phh(text))
    assert played is not None and played.refusal.code == Refusal.NONE
    result = replay(parse_phh(text))
    assert [player.net for player in result.players] == [-15, 15]
    assert not result.disagreements


SHORT_DECK = """
variant = 'NS'
antes = [1, 1]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 KhQc', 'd dh p2 9sTs', 'p2 cc', 'p1 cc', 'd db 6c7d8h', 'p1 cc', 'p2 cc',
  'd db Ks', 'p1 cc', 'p2 cc', 'd db Kd', 'p1 cc', 'p2 cc', 'p1 sm KhQc', 'p2 sm 9sTs']
"""
"""Short deck: p1's three kings against p2's straight, six to ten."""


@pytest.mark.parametrize(
    ("game", "nets"),
    [("short-deck", [3, -3]), ("short-deck-straight-over-trips", [-3, 3])],
)
def test_short_deck_hold_em_is_the_compiled_replays(game: str, nets: list[int]) -> None:
    """Short-deck hold'em with trips over straights (PokerStars' 6+ hold'em) is played by the
    kernel (the converter gave None for it: ``ReplayTables`` had no such ranking), with the
    reference's result: the kings win there, the straight where a straight beats trips."""
    hand = dataclasses.replace(parse_phh(SHORT_DECK), game=game)
    result = _same(hand)
    assert [player.net for player in result.players] == nets


def _raised(raises: int) -> HandHistory:
    """Heads-up, each player raising by the big blind in turn ``raises`` times before the flop
    (p2 first), the aces winning."""
    actions = ["d dh p1 AsAd", "d dh p2 KsKd"]
    actions += [f"p{2 - k % 2} cbr {2 * (k + 2)}" for k in range(raises)]
    actions += [f"p{2 - raises % 2} cc", "d db 2c7h9d", "p1 cc", "p2 cc", "d db 3s", "p1 cc"]
    actions += ["p2 cc", "d db 4h", "p1 cc", "p2 cc", "p1 sm AsAd", "p2 sm KsKd"]
    text = f"""
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100000, 100000]
actions = {actions!r}
"""
    return parse_phh(text)


def test_a_hand_of_more_than_400_actions_is_the_compiled_replays() -> None:
    """A hand of 510 actions (496 raises): the converter sizes the arrays to the hand (the bulk
    readers' ``MAX_ACTIONS`` is their buffers' size, not a rule), so the kernel plays it, with
    the reference's result."""
    hand = _raised(496)
    assert len(hand.actions) == 510
    result = _same(hand)
    assert [player.net for player in result.players] == [2 * 497, -2 * 497]


def test_an_action_of_more_than_ten_cards_is_the_compiled_replays_refusal() -> None:
    """A show of eleven cards (more than the bulk readers' ``ACTION_CARDS``): the kernel refuses
    it in its words, the reference's."""
    hand = _raised(2)
    show = dataclasses.replace(hand.actions[-1], cards=hand.actions[-1].cards * 5 + (None,))
    hand = dataclasses.replace(hand, actions=(*hand.actions[:-1], show))
    assert engine_replay(hand) is not None
    with pytest.raises(HandHistoryError) as reference:
        table_replay(hand, True)
    with pytest.raises(HandHistoryError) as mine:
        engine_result(hand, True)
    assert str(mine.value) == str(reference.value)
    assert "11" in str(mine.value)


def test_more_than_ten_players_is_a_rule_the_kernel_words() -> None:
    """Eleven players: more than the replay seats (``MAX_PLAYERS``, the rows' width). The
    reference replay played them; the one rule book refuses them by a code of its own."""
    names = ", ".join(f"'p{n}'" for n in range(1, 12))
    text = f"""
variant = 'NT'
antes = {[0] * 11}
blinds_or_straddles = {[1, 2] + [0] * 9}
min_bet = 2
starting_stacks = {[100] * 11}
players = [{names}]
actions = []
"""
    hand = parse_phh(text)
    played = engine_replay(hand)
    assert played is not None and played.refusal.code == Refusal.TOO_MANY_PLAYERS
    with pytest.raises(HandHistoryError, match="11 players: the replay seats ten at most"):
        replay(hand)


def test_the_reference_replay_is_not_in_the_package() -> None:
    """The reference replay (``_Table``) is a test's oracle now (``tests.reference_replay``):
    no module of the package holds it or imports anything of the tests."""
    import ast

    import pokerscore

    package = Path(pokerscore.__file__).parent
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        # a module that never names "tests" imports nothing of them (parsing all took 1.5 s)
        for node in ast.walk(ast.parse(text)) if "tests" in text else ():
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("tests"), path
            elif isinstance(node, ast.Import):
                assert not any(alias.name.startswith("tests") for alias in node.names), path
        if path.parent.name == "histories":
            assert "class _Table" not in text and "def table_replay" not in text, path
