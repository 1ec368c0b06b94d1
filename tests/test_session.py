"""The video poker game without a screen: deals, bets, credits, pay-outs and the trainer."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pokerscore.cards import parse_cards
from pokerscore.games.draw import draw
from pokerscore.games.videopoker.advisor import advise
from pokerscore.games.videopoker.deal import deal
from pokerscore.games.videopoker.history import open_history
from pokerscore.games.videopoker.paytables import get_paytable
from pokerscore.games.videopoker.session import (
    DEFAULT_CREDITS,
    GameError,
    Phase,
    VideoPokerSession,
)

TABLE = get_paytable("jacks-or-better-9-6")


def rigged(cards: str) -> VideoPokerSession:
    """A session whose every deal is the same ten cards."""
    ten = parse_cards(cards)
    return VideoPokerSession(TABLE, credits=100, dealer=lambda seed: ten)


def test_seeded_hands_follow_seed_plus_index_and_pay_the_table() -> None:
    game = VideoPokerSession(TABLE, credits=100, seed=40)
    credits = 100
    for index, mask in enumerate([0, 0b11111, 0b00101, 0b10000]):
        ten = deal(40 + index)
        assert game.deal() == ten[:5]
        for card in range(5):
            if mask >> card & 1:
                game.toggle_hold(card)
        outcome = game.draw()
        final = draw(ten[:5], ten[5:], mask)
        win = TABLE.pay(TABLE.classify(final), 5)
        credits += win - 5
        assert (outcome.final, outcome.win, outcome.seed) == (final, win, 40 + index)
        assert game.credits == credits
    assert game.stats.hands == 4 and game.stats.coins_bet == 20


def test_bet_changes_between_hands_only() -> None:
    game = rigged("Kh Qh Jh Th 2s Ah 3c 4d 5h 6s")
    assert game.bet_up() == 5  # already at the top
    assert [game.bet_down() for _ in range(5)] == [4, 3, 2, 1, 1]
    assert [game.bet_one() for _ in range(6)] == [2, 3, 4, 5, 1, 2]
    game.deal()
    with pytest.raises(GameError, match="between hands"):
        game.bet_up()
    with pytest.raises(GameError, match="1 to 5"):
        VideoPokerSession(TABLE, coins=6)


def test_credits_never_go_negative_and_a_new_bankroll_is_offered() -> None:
    game = VideoPokerSession(TABLE, credits=3, dealer=lambda seed: deal(7))
    with pytest.raises(GameError, match="only 3 credits"):
        game.set_bet(4)
    game.deal()  # the bet of 5 shrinks to the 3 credits
    assert (game.coins, game.credits) == (3, 0)
    outcome = game.draw()
    assert game.credits == outcome.win
    if outcome.win == 0:
        assert game.broke
        with pytest.raises(GameError, match="out of credits"):
            game.deal()
        assert game.new_bankroll() == 3
    else:
        with pytest.raises(GameError, match="only when the credits run out"):
            game.new_bankroll()


def test_trainer_judges_the_hold_exactly() -> None:
    game = rigged("Kh Qh Jh Th 2s Ah 3c 4d 5h 6s")
    game.deal()
    best = game.best_holds()
    assert [hold.mask for hold in best] == [0b01111]
    outcome = game.draw()  # nothing held: a costly mistake
    by_mask = {hold.mask: hold.ev_exact for hold in advise("Kh Qh Jh Th 2s", TABLE, 5)}
    assert outcome.hold_ev == by_mask[0]
    assert outcome.ev_lost == (Fraction(925, 47) - by_mask[0]) * 5
    assert outcome.mistake and game.stats.mistakes == 1
    assert game.stats.ev_lost == outcome.ev_lost


def test_a_hold_as_good_as_the_best_is_no_mistake() -> None:
    # Four aces: keeping or throwing the king pays the same 25 per coin.
    game = rigged("As Ah Ad Ac Kh 2c 3c 4c 5c 6c")
    game.deal()
    assert sorted(hold.mask for hold in game.best_holds()) == [0b01111, 0b11111]
    for index in range(4):
        game.toggle_hold(index)
    outcome = game.draw()
    assert outcome.best.mask == 0b11111 and outcome.hold == 0b01111
    assert outcome.ev_lost == 0 and not outcome.mistake
    assert outcome.win == 125 and outcome.class_title == "Four of a Kind"


def test_actions_out_of_turn_are_refused() -> None:
    game = rigged("Kh Qh Jh Th 2s Ah 3c 4d 5h 6s")
    for action in (game.draw, lambda: game.toggle_hold(0), game.advice):
        with pytest.raises(GameError):
            action()
    game.deal()
    with pytest.raises(GameError, match="draw first"):
        game.deal()
    with pytest.raises(GameError, match=r"0\.\.4"):
        game.toggle_hold(5)
    assert game.phase is Phase.HOLDING


def test_hands_and_bankroll_are_stored(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with open_history(path) as store:
        game = VideoPokerSession(TABLE, credits=50, seed=3, store=store)
        outcomes = []
        for _ in range(3):
            game.deal()
            game.toggle_hold(0)
            outcomes.append(game.draw())
    with open_history(path) as store:
        rows = store.hands()
        bankroll = store.current_bankroll()
        # A later session without --credits carries on the same bankroll.
        again = VideoPokerSession(TABLE, store=store)
        assert again.credits == game.credits
    assert bankroll is not None and bankroll.credits == game.credits
    assert [row.dealt for row in rows] == [outcome.dealt for outcome in outcomes]
    assert [row.seed for row in rows] == [3, 4, 5]
    assert [row.win for row in rows] == [outcome.win for outcome in outcomes]
    assert [row.hold for row in rows] == [1, 1, 1]
    assert [row.best_hold for row in rows] == [outcome.best.mask for outcome in outcomes]
    assert [row.ev_lost for row in rows] == pytest.approx([float(o.ev_lost) for o in outcomes])
    assert rows[-1].credits_after == game.credits


def test_default_bankroll_in_a_new_history() -> None:
    game = VideoPokerSession(TABLE, store=open_history(":memory:"))
    assert game.credits == DEFAULT_CREDITS
