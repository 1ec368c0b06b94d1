"""The video poker game without a screen: deals, bets, credits, pay-outs and the trainer."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from pokerscore.cards import parse_cards
from pokerscore.games.draw import draw
from pokerscore.games.videopoker.advisor import advise
from pokerscore.games.videopoker.deal import deal
from pokerscore.games.videopoker.history import (
    DealFinishedElsewhereError,
    HistoryError,
    HistoryStore,
    open_history,
)
from pokerscore.games.videopoker.paytables import get_paytable
from pokerscore.games.videopoker.session import (
    DEFAULT_CREDITS,
    GameError,
    HandLeftElsewhereError,
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


def test_a_short_bankroll_cuts_the_bet_and_going_broke_offers_a_new_one() -> None:
    # Rigged: the five replacements (9c Tc Jd Kh 8s with nothing held) pay nothing.
    game = VideoPokerSession(
        TABLE, credits=3, dealer=lambda seed: parse_cards("2c 3d 4h 5s 7d 9c Tc Jd Kh 8s")
    )
    with pytest.raises(GameError, match="only 3 credits"):
        game.set_bet(4)
    with pytest.raises(GameError, match="only when the credits run out"):
        game.new_bankroll()
    game.deal()  # the bet of 5 shrinks to the 3 credits
    assert (game.coins, game.credits) == (3, 0)
    assert game.draw().win == 0 and game.credits == 0 and game.broke
    with pytest.raises(GameError, match="out of credits"):
        game.deal()
    assert game.new_bankroll() == 3


def test_a_win_with_the_last_credits_is_no_reason_for_a_new_bankroll() -> None:
    # Rigged: holding nothing draws Kh Ks 2d 7c 9h, a pair of kings.
    game = VideoPokerSession(
        TABLE, credits=3, dealer=lambda seed: parse_cards("2c 3d 4h 5s 7d Kh Ks 2d 7c 9h")
    )
    game.deal()
    assert game.draw().win == 3 and game.credits == 3 and not game.broke
    with pytest.raises(GameError, match="only when the credits run out"):
        game.new_bankroll()


@pytest.mark.parametrize("coins", [1, 2, 3, 4, 5])
def test_every_bet_is_charged_and_paid_per_coin(coins: int) -> None:
    # Rigged: a dealt flush, stood pat, pays 6 per coin whatever the bet.
    game = VideoPokerSession(
        TABLE,
        coins=coins,
        credits=100,
        dealer=lambda seed: parse_cards("2h 7h 9h Jh Kh 2c 3c 4c 5c 6c"),
    )
    game.deal()
    assert game.credits == 100 - coins
    for index in range(5):
        game.toggle_hold(index)
    outcome = game.draw()
    assert (outcome.coins, outcome.win) == (coins, 6 * coins)
    assert game.credits == 100 + 5 * coins
    assert game.stats.coins_bet == coins and game.stats.coins_won == 6 * coins


def test_trainer_judges_the_hold_exactly() -> None:
    game = rigged("Kh Qh Jh Th 2s Ah 3c 4d 5h 6s")
    game.deal()
    best = game.best_holds()
    assert [hold.mask for hold in best] == [0b01111]
    outcome = game.draw()  # nothing held: a costly mistake
    by_mask = {hold.mask: hold.ev_exact for hold in advise("Kh Qh Jh Th 2s", TABLE, coins=5)}
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
        game = VideoPokerSession(TABLE, credits=50, seed=3, store=store).start()
        outcomes = []
        for _ in range(3):
            game.deal()
            game.toggle_hold(0)
            outcomes.append(game.draw())
    with open_history(path) as store:
        rows = store.hands()
        bankroll = store.current_bankroll()
        # A later session without --credits carries on the same bankroll.
        again = VideoPokerSession(TABLE, store=store).start()
        assert again.credits == game.credits
    assert bankroll is not None and bankroll.credits == game.credits
    assert [row.dealt for row in rows] == [outcome.dealt for outcome in outcomes]
    assert [row.seed for row in rows] == [3, 4, 5]
    assert [row.win for row in rows] == [outcome.win for outcome in outcomes]
    assert [row.hold for row in rows] == [1, 1, 1]
    assert [row.best_hold for row in rows] == [outcome.best.mask for outcome in outcomes]
    assert [row.ev_lost for row in rows] == pytest.approx([float(o.ev_lost) for o in outcomes])
    assert rows[-1].credits_after == game.credits


def test_constructing_a_session_touches_no_history_until_start(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    open_history(path).close()
    before = path.read_bytes()
    with open_history(path) as store:
        game = VideoPokerSession(TABLE, credits=50, seed=3, store=store)
        assert path.read_bytes() == before  # no session row, no bankroll: nothing written
        raw = sqlite3.connect(path)
        assert raw.execute("SELECT count(*) FROM sessions").fetchone() == (0,)
        raw.close()
        assert store.current_bankroll() is None
        with pytest.raises(GameError, match="start"):
            game.deal()
        assert game.start() is game and game.credits == 50
        assert store.current_bankroll() is not None
        game.start()  # a second start opens nothing more
        assert game.deal() == deal(3)[:5]
    with open_history(path) as store:
        bankroll = store.current_bankroll()
        assert bankroll is not None and bankroll.credits == 45 and store.hands() == []


def test_default_bankroll_in_a_new_history() -> None:
    game = VideoPokerSession(TABLE, store=open_history(":memory:")).start()
    assert game.credits == DEFAULT_CREDITS


# ---- with a history: the bet at the deal, retries, resumed and forfeited deals ---------------------

FLUSH_DEAL = parse_cards("2h 7h 9h Jh Kh 2c 3c 4c 5c 6c")


def stand_pat(game: VideoPokerSession) -> None:
    for index in range(5):
        if not game.hold >> index & 1:
            game.toggle_hold(index)


def agree(store: HistoryStore) -> None:
    """The bankroll holds exactly what the stored hands and deals in play say."""
    bankroll = store.current_bankroll()
    assert bankroll is not None
    hands = [hand for hand in store.hands() if hand.bankroll_id == bankroll.id]
    left = store.deal_in_play(bankroll.id)
    in_play = left.coins if left else 0
    assert bankroll.credits == (
        bankroll.initial_credits - sum(h.coins for h in hands) + sum(h.win for h in hands) - in_play
    )


def test_the_bet_is_charged_and_stored_with_the_deal() -> None:
    store = open_history(":memory:")
    game = VideoPokerSession(TABLE, credits=50, seed=3, store=store).start()
    game.deal()
    bankroll = store.current_bankroll()
    assert bankroll is not None and bankroll.credits == 45 == game.credits
    left = store.deal_in_play(bankroll.id)
    assert left is not None and (left.seed, left.coins, left.cards) == (3, 5, deal(3))
    agree(store)


def test_a_failed_write_leaves_the_hand_in_play_and_the_draw_can_be_retried(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = open_history(":memory:")
    game = VideoPokerSession(TABLE, credits=50, store=store, dealer=lambda seed: FLUSH_DEAL).start()
    game.deal()
    stand_pat(game)
    real_record = store.record_hand

    def fail_once(*args: object, **kwargs: object) -> object:
        monkeypatch.setattr(store, "record_hand", real_record)
        raise HistoryError("disk full")

    monkeypatch.setattr(store, "record_hand", fail_once)
    with pytest.raises(HistoryError, match="disk full"):
        game.draw()
    assert game.phase is Phase.HOLDING and game.credits == 45 and store.hands() == []
    outcome = game.draw()  # the retry
    assert outcome.win == 30 and game.credits == 75 and len(store.hands()) == 1
    agree(store)


def test_a_deal_left_in_play_is_resumed_at_the_same_table(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with open_history(path) as store:
        first = VideoPokerSession(TABLE, credits=50, seed=7, store=store).start()
        first.deal()  # … and the program quits, or is killed
        assert first.coins_in_play == 5
    with open_history(path) as store:
        # The same seed again: no fresh look at deal(7) for free, the paid deal comes back.
        again = VideoPokerSession(TABLE, seed=7, store=store).start()
        assert again.resumed and again.phase is Phase.HOLDING
        assert (again.cards, again.credits, again.next_seed) == (deal(7)[:5], 45, 7)
        with pytest.raises(GameError, match="draw first"):
            again.deal()
        outcome = again.draw()
        assert outcome.seed == 7 and again.credits == 45 + outcome.win
        assert again.next_seed == 8
        agree(store)


def test_after_a_resumed_hand_a_seeded_session_deals_its_own_seed_first(tmp_path: Path) -> None:
    # Documented: with --seed S, hand i is deal(S + i); a hand resumed from another session
    # is not one of them.
    path = tmp_path / "h.sqlite3"
    with open_history(path) as store:
        with VideoPokerSession(TABLE, credits=50, seed=100, store=store) as first:
            first.deal()
        with VideoPokerSession(TABLE, seed=200, store=store) as again:
            assert again.resumed and again.next_seed == 100
            assert again.draw().seed == 100
            assert again.next_seed == 200 and again.deal() == deal(200)[:5]
            again.draw()
            assert again.deal() == deal(201)[:5]


def test_a_hand_finished_elsewhere_never_brings_its_deal_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = open_history(":memory:")
    game = VideoPokerSession(TABLE, credits=50, seed=30, store=store).start()
    game.deal()

    def finished_elsewhere(*args: object, **kwargs: object) -> object:
        raise DealFinishedElsewhereError("finished by another game")

    monkeypatch.setattr(store, "record_hand", finished_elsewhere)
    with pytest.raises(GameError, match="another game"):
        game.draw()
    monkeypatch.undo()
    assert game.phase is Phase.READY and game.next_seed == 31
    assert game.deal() == deal(31)[:5]  # never deal(30) again, charged a second time


def test_a_deal_left_in_play_at_another_table_must_be_finished_there_or_forfeited() -> None:
    store = open_history(":memory:")
    with VideoPokerSession(TABLE, credits=50, store=store, dealer=lambda seed: FLUSH_DEAL) as first:
        first.deal()  # … and the player leaves, the hand in play
    other = get_paytable("bonus-poker-8-5")
    with pytest.raises(HandLeftElsewhereError, match="dealt at jacks-or-better-9-6") as refused:
        VideoPokerSession(other, store=store).start()
    assert refused.value.paytable == "jacks-or-better-9-6"
    fresh = VideoPokerSession(other, credits=20, store=store).start()  # a new bankroll forfeits it
    assert fresh.forfeited == 1 and fresh.phase is Phase.READY and fresh.credits == 20
    [forfeit] = store.hands()
    assert (forfeit.hand_class, forfeit.coins, forfeit.win, forfeit.mistake) == (
        "forfeited",
        5,
        0,
        False,
    )
    assert store.summary().overall.coins_bet == 5


# ---- two games on one history: a hand belongs to the game that dealt it -------------------------


def test_a_second_game_never_takes_over_a_live_games_hand(tmp_path: Path) -> None:
    # Issue 23: game A deals; game B starts on the same file; A draws and deals again.
    path = tmp_path / "g.sqlite3"
    with open_history(path) as store_a, open_history(path) as store_b:
        a = VideoPokerSession(TABLE, credits=1000, seed=100, store=store_a).start()
        assert a.deal() == deal(100)[:5]
        b = VideoPokerSession(TABLE, seed=200, store=store_b).start()
        # A is playing: its hand is not B's to resume. B deals its own seed, charged once.
        assert not b.resumed and b.phase is Phase.READY and b.credits == 995
        assert b.deal() == deal(200)[:5]
        b.draw()
        outcome = a.draw()  # A's hand is still A's
        assert outcome.seed == 100 and a.stats.hands == 1
        assert a.deal() == deal(101)[:5]  # A's next deal is new, not deal(100) again
        a.draw()
        a.close()
        b.close()
        hands = store_a.hands()
    assert [(hand.session_id, hand.seed) for hand in hands] == [(2, 200), (1, 100), (1, 101)]
    assert len({hand.dealt for hand in hands}) == 3  # no deal played twice


def test_a_hand_left_by_a_session_that_is_over_is_resumed_once(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    with open_history(path) as store:
        with VideoPokerSession(TABLE, credits=100, seed=7, store=store) as first:
            first.deal()
        assert first.coins_in_play == 5
        with pytest.raises(GameError, match="closed"):
            first.start()
    with open_history(path) as store_b, open_history(path) as store_c:
        b = VideoPokerSession(TABLE, seed=50, store=store_b).start()
        c = VideoPokerSession(TABLE, seed=60, store=store_c).start()
        # The first session is over: one new session takes its hand, the other cannot.
        assert b.resumed and b.cards == deal(7)[:5] and not c.resumed
        assert store_c.orphaned_deals() == []
        b.close()  # left again, now by b: the next session takes it
        d = VideoPokerSession(TABLE, store=store_c).start()
        assert d.resumed and d.cards == deal(7)[:5] and d.draw().seed == 7
        assert b.credits == 95 and store_c.hands()[0].session_id == 4


def test_a_new_bankroll_never_forfeits_a_live_games_hand(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    with open_history(path) as store_a, open_history(path) as store_b:
        a = VideoPokerSession(TABLE, credits=100, seed=1, store=store_a).start()
        a.deal()
        b = VideoPokerSession(TABLE, credits=30, store=store_b).start()
        assert b.forfeited == 0 and b.credits == 30
        outcome = a.draw()  # still A's: drawn and paid on A's bankroll
        assert a.credits == 95 + outcome.win == store_a.bankroll(1).credits
        assert store_b.bankroll(2).credits == 30


def test_a_hand_left_on_a_bankroll_no_game_uses_is_forfeited_not_kept_forever(
    tmp_path: Path,
) -> None:
    path = tmp_path / "g.sqlite3"
    store_a = open_history(path)
    a = VideoPokerSession(TABLE, credits=100, seed=1, store=store_a).start()
    a.deal()
    with open_history(path) as store_b:
        VideoPokerSession(TABLE, credits=30, store=store_b).start().close()  # bankroll 2
    store_a.close()  # A's process ends with its hand dealt on bankroll 1
    with open_history(path) as store, VideoPokerSession(TABLE, store=store) as c:
        # Only bankroll 2 is played from now on: A's hand could never come back.
        assert c.forfeited == 1 and not c.resumed and c.credits == 30
        [forfeit] = store.hands()
        assert (forfeit.bankroll_id, forfeit.seed, forfeit.hand_class) == (1, 1, "forfeited")
        assert store.summary().hands_in_play == 0 and store.bankroll(1).credits == 95


def test_a_deal_in_play_in_another_game_is_never_dealt_again(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    with open_history(path) as store_a, open_history(path) as store_b:
        a = VideoPokerSession(TABLE, credits=100, seed=9, store=store_a).start()
        a.deal()
        b = VideoPokerSession(TABLE, seed=9, store=store_b).start()
        # Dealt here, deal(9) would show A's replacements before A draws.
        with pytest.raises(GameError, match="seed 9: the same deal is in play"):
            b.deal()
        assert b.phase is Phase.READY and b.credits == 95 and b.next_seed == 9
        a.draw()
        assert b.deal() == deal(9)[:5]  # A has drawn: the seed replays as asked


def test_a_new_bankroll_with_a_history_is_stored() -> None:
    store = open_history(":memory:")
    game = VideoPokerSession(
        TABLE,
        credits=5,
        store=store,
        dealer=lambda seed: parse_cards("2c 3d 4h 5s 7d 9c Tc Jd Kh 8s"),
    ).start()
    game.deal()
    game.draw()
    assert game.broke
    old = store.current_bankroll()
    assert game.new_bankroll() == 5
    new = store.current_bankroll()
    assert old is not None and new is not None and new.id == old.id + 1
    assert (old.credits, new.initial_credits, new.credits) == (0, 5, 5)
    game.deal()
    assert store.bankroll(new.id).credits == 0 and store.bankroll(old.id).credits == 0


def test_a_new_bankroll_that_cannot_be_stored_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = open_history(":memory:")
    game = VideoPokerSession(
        TABLE,
        credits=5,
        store=store,
        dealer=lambda seed: parse_cards("2c 3d 4h 5s 7d 9c Tc Jd Kh 8s"),
    ).start()
    game.deal()
    game.draw()

    def disk_full(credits: int) -> object:
        raise HistoryError("disk full")

    monkeypatch.setattr(store, "new_bankroll", disk_full)
    with pytest.raises(HistoryError, match="disk full"):
        game.new_bankroll()
    # Still broke on the stored bankroll: no credits the history does not have.
    assert game.credits == 0 and game.broke
    monkeypatch.undo()
    assert game.new_bankroll() == 5 and store.current_bankroll().credits == 5  # type: ignore[union-attr]


def test_seeds_and_credits_are_bounded_to_what_the_history_stores() -> None:
    for seed in (-1, 2**63, 2**64 - 1):
        with pytest.raises(GameError, match="2\\*\\*63"):
            VideoPokerSession(TABLE, seed=seed)
    with pytest.raises(GameError, match="credits are 0 to"):
        VideoPokerSession(TABLE, credits=10**30)
    store = open_history(":memory:")
    game = VideoPokerSession(TABLE, credits=100, seed=2**63 - 1, store=store).start()
    game.deal()
    game.draw()
    assert game.next_seed == 0  # wraps within what SQLite stores
    game.deal()
    assert store.hands()[0].seed == 2**63 - 1


def test_joker_poker_deals_from_53_cards_and_pays_the_wild_hand() -> None:
    table = get_paytable("joker-poker-kings")
    # Seed 5 of the 53-card deck brings the joker up as the first replacement (see deal()).
    game = VideoPokerSession(table, credits=100, seed=5)
    dealt = game.deal()
    assert dealt == deal(5, deck_size=53)[:5]
    game.toggle_hold(1)  # keep the queen of clubs: the joker comes second
    game.toggle_hold(3)
    outcome = game.draw()
    assert any(card.is_joker for card in outcome.final)
    assert outcome.class_index == table.classify(outcome.final)
    assert outcome.win == table.pay(outcome.class_index, game.coins)


@pytest.mark.slow
def test_deuces_wild_trainer_judges_against_the_wild_advisor() -> None:
    table = get_paytable("deuces-wild")
    game = VideoPokerSession(
        table,
        credits=100,
        trainer=True,
        dealer=lambda seed: parse_cards("2c 2d 2h 2s 7c 8c 9c Tc Jc Qc"),
    )
    game.deal()
    outcome = game.draw()  # nothing held: four deuces thrown away
    best = advise("2c 2d 2h 2s 7c", table)[0]
    assert best.mask == 31 and best.ev_exact == 200
    assert outcome.class_index == table.classify("7c 8c 9c Tc Jc")
    assert outcome.mistake and game.stats.mistakes == 1
