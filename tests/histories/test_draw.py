"""The draw games (2-7 triple draw, 2-7 single draw, badugi) replayed by the compiled replay,
against pokerkit's state machine: the final stacks of the real hand in the shared sample and of
random hands pokerkit plays, through the lenient reader, the converter and ``replay``, and the
fast reader; and rules built by hand from the standard (standing pat, a draw after a fold, draws
after an all-in, the wheel judged as deuce-to-seven judges it)."""

from __future__ import annotations

import random
import warnings
from fractions import Fraction
from pathlib import Path

import pytest
from pokerkit import HandHistory as PokerkitHistory

from pokerscore.cards import parse_cards
from pokerscore.engine.rankings import BADUGI, DEUCE_TO_SEVEN
from pokerscore.histories.hand_input import engine_replay
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.phh import parse_phh, read_phh
from pokerscore.histories.refusals import Refusal
from pokerscore.histories.replay import exact_allin_evs, replay
from tests.shared_sample import HAND_HISTORIES, needs_sample

SHARED = HAND_HISTORIES / "phh"
DRAW_FILES = ("famous/arieh-yockey-2019.phh", "famous/alice-carol-wikipedia.phh")
"""The sample's draw hands (its WSOP 2023 #43 final table holds none; #54 is not in it)."""


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


def _refusal(text: str) -> Refusal:
    played = engine_replay(parse_phh(text))
    assert played is not None
    return played.refusal.code


@needs_sample
@pytest.mark.parametrize("name", DRAW_FILES)
def test_real_draw_hands_end_with_pokerkits_stacks(name: str) -> None:
    path = SHARED / name
    hand = next(read_phh(path))
    assert isinstance(hand, HandHistory)
    expected = _pokerkit_stacks(path.read_text())
    assert _final_stacks(hand) == expected
    result = replay(hand)
    assert [seat.stack + player.net for seat, player in zip(hand.seats, result.players,
            strict=True)] == expected  # fmt: skip
    assert exact_allin_evs(hand) is None  # no all-in EV of a draw game
    assert all(player.allin_ev is None for player in result.players)


@needs_sample
def test_arieh_beats_yockey() -> None:
    """The video's bad beat: Arieh draws 7-5-4-3-2 against Yockey's pat 7-6-4-3-2."""
    hand = next(read_phh(SHARED / DRAW_FILES[0]))
    assert isinstance(hand, HandHistory)
    assert hand.game == "deuce-to-seven-triple-draw"
    assert _final_stacks(hand) == [0, 4190000, 5910000, 12095000]
    result = replay(hand)
    assert [player.saw_flop for player in result.players] == [True, False, False, True]
    assert result.players[3].hole == parse_cards("2h 4d 7c 5c 3c")  # each drawn into its place


PRE_DRAW = (
    "'d dh p1 7h6c4c3d2c', 'd dh p2 AsKsQsJs9h', 'd dh p3 8d8h5s4s3h', 'p3 f', 'p1 cc', 'p2 cc'"
)
FIRST = "'p1 sd', 'p2 sd AsKsQsJs', 'd dh p2 2d3c4h5d', 'p1 cbr 10', 'p2 cc'"
SECOND = "'p1 sd', 'p2 sd 2d', 'd dh p2 6d', 'p1 cbr 20', 'p2 cc'"
THIRD = "'p1 sd', 'p2 sd 6d', 'd dh p2 7d', 'p1 cc', 'p2 cc'"
SHOWDOWN = "'p1 sm 7h6c4c3d2c', 'p2 sm 3c4h5d7d9h'"


def _triple(*rounds: str) -> str:
    """Three players, the button folds: p1 stands pat three times with 7-6-4-3-2, p2 draws four,
    one, one (a straight 2-6 thrown away for 9-7) and loses."""
    return f"""
variant = 'F2L3D'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = [{", ".join(rounds)}]
"""


TRIPLE = _triple(PRE_DRAW, FIRST, SECOND, THIRD, SHOWDOWN)


def test_standing_pat_and_the_bets_of_each_round() -> None:
    hand = parse_phh(TRIPLE)
    assert _final_stacks(hand) == _pokerkit_stacks(TRIPLE) == [1040, 960, 1000]
    result = replay(hand)
    assert [(player.vpip, player.pfr, player.saw_flop) for player in result.players] == [
        (True, False, True),  # the small blind completes: voluntary, no raise
        (False, False, True),  # the big blind checks
        (False, False, False),
    ]
    # the small bet on the first draw, the big bet from the second
    too_big = _triple(PRE_DRAW, FIRST.replace("cbr 10", "cbr 20"), SECOND, THIRD, SHOWDOWN)
    assert _refusal(too_big) == Refusal.RAISE_OVER_LIMIT
    too_small = _triple(PRE_DRAW, FIRST, SECOND.replace("cbr 20", "cbr 10"), THIRD, SHOWDOWN)
    assert _refusal(too_small) == Refusal.RAISE_UNDER_MINIMUM


@pytest.mark.parametrize(
    ("rounds", "code"),
    [
        # p2 throws away a card p2 does not hold
        ((PRE_DRAW, FIRST.replace("sd AsKsQsJs", "sd AsKsQs2c")), Refusal.DISCARD_NOT_HELD),
        # the small blind draws first: the big blind may not
        ((PRE_DRAW, "'p2 sd', 'p1 sd'"), Refusal.DRAW_OUT_OF_TURN),
        # a player draws twice in one draw
        ((PRE_DRAW, "'p1 sd', 'p2 sd Js', 'p2 sd'"), Refusal.DRAW_TWICE),
        # the folded button may not draw
        ((PRE_DRAW, "'p1 sd', 'p2 sd', 'p3 sd'"), Refusal.DRAW_AFTER_FOLD),
        # a card drawn that another player holds
        ((PRE_DRAW, FIRST, SECOND.replace("p2 6d", "p2 7h")), Refusal.CARD_SEEN_TWICE),
        # a card thrown away comes again while the deck has cards
        ((PRE_DRAW, FIRST, SECOND.replace("p2 6d", "p2 As")), Refusal.DRAWN_AGAIN),
        # more cards dealt than thrown away
        ((PRE_DRAW, FIRST.replace("2d3c4h5d", "2d3c4h5d6h")), Refusal.DEALT_UNDRAWN),
        # a draw while the betting is open
        ((PRE_DRAW, FIRST.replace("'p2 cc'", "'p2 sd'")), Refusal.DRAW_WHILE_BETTING),
        # a draw before the betting
        (("'d dh p1 7h6c4c3d2c', 'p1 sd'",), Refusal.DRAW_WHILE_BETTING),
        # a bet before the cards drawn are dealt
        ((PRE_DRAW, "'p1 sd', 'p2 sd Js', 'p1 cc'"), Refusal.NO_BETTING_ROUND),
        # a fourth draw
        ((PRE_DRAW, FIRST, SECOND, THIRD, "'p1 sd'"), Refusal.DRAW_AFTER_LAST),
        # the showdown after two draws of three; the hand ending there
        ((PRE_DRAW, FIRST, SECOND, SHOWDOWN), Refusal.DRAWS_UNFINISHED),
        ((PRE_DRAW, FIRST, SECOND), Refusal.DRAWS_UNFINISHED),
        # a board card
        ((PRE_DRAW, "'d db 2h'"), Refusal.BOARD_IN_DRAW_GAME),
        # five cards thrown away, four drawn in one action
        ((PRE_DRAW, "'p1 sd 7h6c4c3d2c 2h3h4h5h'"), Refusal.DRAW_COUNT),
    ],
)
def test_the_draw_rules_refused_by_code(rounds: tuple[str, ...], code: Refusal) -> None:
    assert _refusal(_triple(*rounds)) == code


def test_draw_refusals_are_worded() -> None:
    assert _refusal(TRIPLE) == Refusal.NONE
    thrown = _triple(PRE_DRAW, FIRST.replace("sd AsKsQsJs", "sd AsKsQs2c"))
    with pytest.raises(HandHistoryError, match="p2 throws away AsKsQs2c but holds AsKsQsJs9h"):
        replay(parse_phh(thrown))
    with pytest.raises(HandHistoryError, match="ends after 2 of deuce-to-seven-triple-draw's 3"):
        replay(parse_phh(_triple(PRE_DRAW, FIRST, SECOND, SHOWDOWN)))
    with pytest.raises(HandHistoryError, match="card As is dealt again to p2 before the deck"):
        replay(parse_phh(_triple(PRE_DRAW, FIRST, SECOND.replace("p2 6d", "p2 As"))))
    with pytest.raises(HandHistoryError, match="p2 draws out of turn: p1 draws first"):
        replay(parse_phh(_triple(PRE_DRAW, "'p2 sd', 'p1 sd'")))


def test_the_draw_written_in_one_action_is_the_discard_and_its_deal() -> None:
    """``p2 sd AsKsQsJs 2d3c4h5d``: thrown away and drawn in one action (the model's ``draw``),
    as the discard and the ``d dh`` after it."""
    one = TRIPLE.replace("'p2 sd AsKsQsJs', 'd dh p2 2d3c4h5d'", "'p2 sd AsKsQsJs 2d3c4h5d'")
    hand = parse_phh(one)
    draw = hand.actions[7]
    assert draw.kind == "draw" and draw.discarded == parse_cards("As Ks Qs Js")
    assert draw.cards == parse_cards("2d 3c 4h 5d")
    assert _final_stacks(hand) == [1040, 960, 1000]
    assert _refusal(one.replace("2d3c4h5d'", "2d3c4h'")) == Refusal.DRAW_COUNT


def test_a_draw_after_a_fold_and_unseen_cards() -> None:
    """The big blind folds before the first draw; the others draw (hidden cards thrown away and
    drawn unseen, shown at the end)."""
    text = """
variant = 'F2L3D'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 ??????????', 'd dh p2 AsKsQsJs9h', 'd dh p3 8d8h5s4s3h', 'p3 cbr 20',
  'p1 cc', 'p2 f',
  'p1 sd ????', 'p3 sd 8d8h', 'd dh p1 ????', 'd dh p3 2c7c', 'p1 cc', 'p3 cc',
  'p1 sd', 'p3 sd', 'p1 cc', 'p3 cc',
  'p1 sd ??', 'p3 sd', 'd dh p1 ??', 'p1 cc', 'p3 cc',
  'p1 sm 9d8c6h4d2h', 'p3 sm 2c7c5s4s3h']
"""
    hand = parse_phh(text)
    assert _final_stacks(hand) == _pokerkit_stacks(text) == [980, 990, 1030]
    # the folded player may not stand pat
    assert _refusal(text.replace("'p1 sd', 'p3 sd'", "'p1 sd', 'p2 sd'")) == (
        Refusal.DRAW_AFTER_FOLD
    )
    # the unseen cards shown must be as many as held
    assert _refusal(text.replace("9d8c6h4d2h", "9d8c6h4d")) == Refusal.SHOW_COUNT


def test_draws_go_on_after_an_all_in() -> None:
    """The short stack is all in before the first draw: no more betting, but both players draw
    three times (the all-in player too) before the showdown."""
    text = """
variant = 'F2L3D'
antes = [0, 0]
blinds_or_straddles = [5, 10]
small_bet = 10
big_bet = 20
starting_stacks = [1000, 15]
actions = ['d dh p1 KsQsJsTs9h', 'd dh p2 8d7h5s4s3h', 'p2 cbr 15', 'p1 cc',
  'p1 sd KsQsJsTs', 'p2 sd', 'd dh p1 2c3c4c5d',
  'p1 sd 5d', 'p2 sd', 'd dh p1 6d',
  'p1 sd 6d', 'p2 sd 8d', 'd dh p1 7c', 'd dh p2 2h',
  'p1 sm 9h2c3c4c7c', 'p2 sm 7h5s4s3h2h']
"""
    hand = parse_phh(text)
    assert _final_stacks(hand) == _pokerkit_stacks(text) == [985, 30]
    # a bet after the all-in is refused; the draws may not stop
    assert _refusal(text.replace("'p1 sd 5d', 'p2 sd'", "'p1 cbr 10', 'p1 sd 5d', 'p2 sd'")) == (
        Refusal.NO_BETTING_ROUND
    )
    cut = text.replace("'p1 sd 6d', 'p2 sd 8d', 'd dh p1 7c', 'd dh p2 2h',", "")
    assert _refusal(cut) == Refusal.DRAWS_UNFINISHED


def test_the_wheel_is_no_straight_in_deuce_to_seven() -> None:
    """A-2-3-4-5 is ace high, no straight, in deuce-to-seven: it beats a pair of deuces and a
    6-5-4-3-2 straight, and loses to king high. Judged by the rules (pokerkit #44 reports the
    wheel ranked as a straight; pokerkit 0.7.7's ``StandardLowHand`` ranks it as here)."""
    wheel, king = parse_cards("As 2d 3c 4h 5s"), parse_cards("Kd Qc Jh 9s 8d")
    deuces = parse_cards("2c 2h 7d 8c 9h")
    straight = parse_cards("6c 5d 4h 3s 2h")
    assert DEUCE_TO_SEVEN.evaluate([int(card) for card in wheel]) > DEUCE_TO_SEVEN.evaluate(
        [int(card) for card in straight]
    )
    assert DEUCE_TO_SEVEN.evaluate([int(card) for card in king]) > DEUCE_TO_SEVEN.evaluate(
        [int(card) for card in wheel]
    )
    assert DEUCE_TO_SEVEN.evaluate([int(card) for card in wheel]) > DEUCE_TO_SEVEN.evaluate(
        [int(card) for card in deuces]
    )
    text = """
variant = 'N2L1D'
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [100, 100]
actions = ['d dh p1 As2d3c4h5s', 'd dh p2 2c2h7d8c9h', 'p2 cc', 'p1 cc', 'p1 sd', 'p2 sd',
  'p1 cc', 'p2 cc', 'p1 sm As2d3c4h5s', 'p2 sm 2c2h7d8c9h']
"""
    assert _final_stacks(parse_phh(text)) == [110, 90]
    assert _pokerkit_stacks(text) == [110, 90]


def test_badugi_plays_four_cards_of_different_ranks_and_suits() -> None:
    """A four-card badugi (9 high) beats a three-card one with lower cards (A-2-3 with a pair of
    threes); a card drawn that the other player holds is refused."""
    four, three = parse_cards("9c 7d 5h 4s"), parse_cards("Ac 2d 3h 3s")
    assert BADUGI.evaluate([int(card) for card in four]) > BADUGI.evaluate(
        [int(card) for card in three]
    )
    text = """
variant = 'FB'
antes = [0, 0]
blinds_or_straddles = [5, 10]
small_bet = 10
big_bet = 20
starting_stacks = [200, 200]
actions = ['d dh p1 Ac2d3h3s', 'd dh p2 9c7d5hKh', 'p2 cc', 'p1 cc', 'p1 sd', 'p2 sd Kh',
  'd dh p2 4s', 'p1 cc', 'p2 cc', 'p1 sd', 'p2 sd', 'p1 cc', 'p2 cc', 'p1 sd', 'p2 sd', 'p1 cc',
  'p2 cc', 'p1 sm Ac2d3h3s', 'p2 sm 9c7d5h4s']
"""
    assert _final_stacks(parse_phh(text)) == _pokerkit_stacks(text) == [190, 210]
    assert _refusal(text.replace("p2 4s", "p2 3s")) == Refusal.CARD_SEEN_TWICE  # 3s is p1's


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["F2L3D", "N2L1D", "FB"])
def test_random_draw_hands_end_with_pokerkits_stacks(variant: str) -> None:
    from tests.histories_random import random_hand

    rng = random.Random(f"draw {variant}")
    showdowns = 0
    for number in range(1, 121):
        text, stacks = random_hand(rng, variant)
        hand = parse_phh(text, file="random", number=number)
        ours = _final_stacks(hand)
        theirs = [Fraction(stack) for stack in stacks]
        result = replay(hand)
        assert [seat.stack + Fraction(player.net) for seat, player in zip(hand.seats,
                result.players, strict=True)] == ours  # fmt: skip
        showdowns += any(player.went_to_showdown for player in result.players)
        if all(share.denominator == 1 for pot in result.pots for _, share in pot.shares):
            assert ours == theirs, (number, text)
        else:  # pokerkit hands an odd chip to one winner, the replay shares it
            assert sum(ours) == sum(theirs), (number, text)
            assert all(abs(a - b) <= len(result.pots) for a, b in zip(ours, theirs, strict=True))
    assert showdowns > 20


@pytest.mark.slow
def test_the_fast_reader_plays_draw_games_as_the_lenient_path() -> None:
    """Random draw hands of the three variants in one ``.phhs`` text through the compiled PHH
    reader: every hand played there, each player's chips put in and won as the converter's
    replay of the lenient reader's hand, the holes in the rows."""
    from tests.histories_random import fast_against_lenient

    holes = 0
    for hand, rows, played in fast_against_lenient("fast draw", ("F2L3D", "N2L1D", "FB")):
        for i, (row, cards) in enumerate(zip(rows, played, strict=True)):
            assert row == list(cards), (hand, i)
            holes += min(cards[:4]) >= 0
    assert holes > 30


def test_the_histories_command_replays_a_folder_of_draw_hands(tmp_path: Path) -> None:
    """``pokerscore histories`` on a folder of draw hands (a ``.phhs`` of hand-built hands beside
    a lone ``.phh``, and a bad one): every good hand replayed, its players' VPIP and PFR counted
    on the betting before the first draw."""
    import json

    from pokerscore.cli.app import app
    from tests.cli_runner import separate_streams_runner

    (tmp_path / "games.phhs").write_text(f"[1]\n{TRIPLE}\n[2]\n{TRIPLE}\n")
    (tmp_path / "one.phh").write_text(TRIPLE)
    bad = _triple(PRE_DRAW, FIRST.replace("sd AsKsQsJs", "sd AsKsQs2c"))
    (tmp_path / "bad.phh").write_text(bad)
    invoked = separate_streams_runner().invoke(app, ["histories", str(tmp_path), "--json"])
    assert invoked.exit_code == 1  # the bad hand
    payload = json.loads(invoked.stdout)
    assert (payload["hands"], payload["bad"], payload["disagreements"]) == (3, 1, 0)
    assert "p2 throws away AsKsQs2c but holds AsKsQsJs9h" in payload["errors"][0]["reason"]
    players = {player["player"]: player for player in payload["players"]}
    assert players["p1"]["hands"] == 3 and players["p1"]["vpip"] == 1.0
    assert players["p1"]["pfr"] == 0.0 and players["p2"]["vpip"] == 0.0
    assert players["p1"]["net"] == 3 * 40


@pytest.mark.parametrize(  # make quick: the triple draw and badugi; make test all three
    "variant", ["F2L3D", pytest.param("N2L1D", marks=pytest.mark.slow), "FB"]
)
def test_phh_out_of_a_draw_hand_replays_to_the_same_stacks(variant: str) -> None:
    """PHH out writes each draw as pokerkit plays it (the discard, then the cards drawn once
    every player has discarded): our reader and pokerkit replay the export to the stacks of the
    hand it came from."""
    from tests.histories_random import random_hand

    rng = random.Random(f"draw out {variant}")
    texts = [TRIPLE] if variant == "F2L3D" else []
    texts += [random_hand(rng, variant)[0] for _ in range(20)]
    for text in texts:
        hand = parse_phh(text)
        written = hand.to_phh()
        assert _final_stacks(parse_phh(written)) == _final_stacks(hand), written
        assert _pokerkit_stacks(written) == _pokerkit_stacks(text), written


def test_the_first_draw_is_the_flop_of_the_action_counts() -> None:
    """3-bet and c-bet figures: the betting before the first draw is preflop's, the betting after
    it the flop's (p3 opens, p1 3-bets and bets after the draw, p3 calls and then folds)."""
    from pokerscore.histories.stats import action_counts

    hand = parse_phh(
        _triple(
            "'d dh p1 7h6c4c3d2c', 'd dh p2 AsKsQsJs9h', 'd dh p3 8d8h5s4s3h', 'p3 cbr 20'",
            "'p1 cbr 30', 'p2 f', 'p3 cc', 'p1 sd', 'p3 sd 8d', 'd dh p3 2h', 'p1 cbr 10', 'p3 f'",
        )
    )
    assert engine_replay(hand).refusal.code == Refusal.NONE  # type: ignore[union-attr]
    assert action_counts(hand) == [
        [1, 1, 0, 0, 1, 1, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 1, 1],
    ]


def test_a_draw_variant_the_standard_does_not_name_is_unknown() -> None:
    """The game letters of the draw games make codes the standard does not name (``N2L3D``,
    ``FB`` with another betting): the compiled reader leaves them to the lenient one, which
    says so."""
    from pokerscore.histories._layout import F_STATUS, SLOW
    from pokerscore.histories.batches import replay_phh_text

    for code in ("N2L3D", "PB", "F2L1D"):
        text = TRIPLE.replace("'F2L3D'", f"'{code}'")
        with pytest.raises(HandHistoryError, match=f"variant '{code}' is unknown"):
            parse_phh(text)
        batch = replay_phh_text(f"[1]\n{text}\n".encode(), single=False)
        assert batch is not None and batch.facts[0, F_STATUS] == SLOW
    batch = replay_phh_text(f"[1]\n{TRIPLE}\n".encode(), single=False)
    assert batch is not None and batch.facts[0, F_STATUS] != SLOW


def test_cards_thrown_away_come_again_once_the_deck_runs_out() -> None:
    """Six players throwing away all five cards at every draw: the deck runs out on the first
    draw (30 dealt, a burn, 30 more asked), and pokerkit deals the burnt and thrown-away cards
    again; the replay takes them then, and ends with pokerkit's stacks."""
    from pokerkit import FixedLimitDeuceToSevenLowballTripleDraw
    from pokerkit import HandHistory as Written

    from tests.histories_random import AUTOMATIONS, _drawn

    rng = random.Random(6)
    game = FixedLimitDeuceToSevenLowballTripleDraw(AUTOMATIONS, False, 0, (5, 10), 10, 20)
    state = game([500] * 6, 6)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.can_deal_hole():
                count = len(state.hole_dealing_statuses[state.hole_dealee_index])
                state.deal_hole(_drawn(state, rng, count))
            elif state.can_stand_pat_or_discard():
                hole = state.hole_cards[state.stand_patter_or_discarder_index]
                state.stand_pat_or_discard("".join(repr(card) for card in hole))
            elif state.actor_index is not None:
                state.check_or_call()
            else:
                state.show_or_muck_hole_cards(True)
    text = str(Written.from_game_state(game, state).dumps())
    hand = parse_phh(text)
    dealt = [card for action in hand.actions if action.kind == "deal-hole" for card in action.cards]
    assert len(dealt) > len(set(dealt))  # some card dealt twice: the deck ran out
    assert _final_stacks(hand) == _pokerkit_stacks(text)


def test_a_draw_of_more_than_five_cards_is_a_bad_hand() -> None:
    too_many = TRIPLE.replace("'p2 sd AsKsQsJs'", "'p2 sd AsKsQsJs9h2h'")
    with pytest.raises(HandHistoryError, match="'p2 sd AsKsQsJs9h2h': a draw of more than five"):
        parse_phh(too_many)
    from pokerscore.histories._layout import F_REFUSAL, F_STATUS, SLOW
    from pokerscore.histories.batches import replay_phh_text

    batch = replay_phh_text(f"[1]\n{too_many}\n".encode(), single=False)
    assert batch is not None and batch.facts[0, F_STATUS] == SLOW
    assert batch.facts[0, F_REFUSAL] == Refusal.ACTION_TEXT  # the lenient reader words it
