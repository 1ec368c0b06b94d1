"""A sitting at a video poker machine: credits, bet, deal, hold, draw, pay, and the trainer's verdict.

This is the game without a screen: the Textual app (:mod:`pokerscore.tui`) only calls it. Every
hand is judged against the advisor's best hold (exactly, in fractions). With a history store,
the bet is charged and the deal stored when the cards are dealt, and the hand stored with its
win at the draw; a deal left in play (the program quit or was killed) is resumed by the next
session at the same pay table, bet already paid.

With a seed ``S`` (0 .. 2**63 - 1, what SQLite stores), the ``i``-th hand the session deals
(counting from 0) is ``deal(S + i)``; a resumed hand is not one of them, unless it was ``deal(S)``
itself, which is then hand 0 (no deal is dealt twice):

>>> from pokerscore.games.videopoker.paytables import get_paytable
>>> game = VideoPokerSession(get_paytable("jacks-or-better-9-6"), credits=20, seed=1)
>>> game.phase, game.credits, game.coins
(<Phase.READY: 'ready'>, 20, 5)
>>> dealt = game.deal()
>>> game.phase, game.credits, dealt == deal_cards(1)[:5]
(<Phase.HOLDING: 'holding'>, 15, True)
>>> game.toggle_hold(0), game.toggle_hold(4), game.hold
(True, True, 17)
>>> outcome = game.draw()
>>> outcome.final == draw(dealt, deal_cards(1)[5:], 17), game.credits == 15 + outcome.win
(True, True)
>>> game.stats.hands, game.next_seed
(1, 2)
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Final

from pokerscore.cards import Card, PokerScoreError
from pokerscore.games.draw import draw
from pokerscore.games.videopoker.advisor import advise
from pokerscore.games.videopoker.deal import deal as deal_cards
from pokerscore.games.videopoker.history import (
    Bankroll,
    DealFinishedElsewhereError,
    DealInPlay,
    HandRecord,
    HistoryStore,
    SameDealInPlayError,
)
from pokerscore.games.videopoker.paytables import MAX_COINS, PayTable

if TYPE_CHECKING:
    from pokerscore.games.videopoker.advisor import HoldEV

DEFAULT_CREDITS: Final = 1000
"""A new bankroll, in coins, unless the player asks for another."""
MAX_CREDITS: Final = 10**12
"""The largest bankroll a player may bring: wins on top of it stay far inside SQLite's integers."""
SEED_LIMIT: Final = 1 << 63
"""Seeds of a game are 0 .. 2**63 - 1, the integers SQLite stores, and wrap around there."""

Dealer = Callable[[int], Sequence[Card]]
"""``deal(seed)``: 10 cards, the five dealt then the five replacements."""
Advisor = Callable[[Sequence[Card], PayTable, int], "list[HoldEV]"]
"""``advise(cards, paytable, coins)``: every hold with its expected return, best first."""


class GameError(PokerScoreError):
    """An action the machine does not allow now: drawing before a deal, betting mid-hand, …"""


class HandLeftElsewhereError(GameError):
    """A hand left in play on the bankroll waits at another pay table (``paytable``)."""

    def __init__(self, paytable: str) -> None:
        super().__init__(
            f"a hand dealt at {paytable} is still in play on this bankroll: finish it at that"
            " pay table, or start a new bankroll (credits), which forfeits it"
        )
        self.paytable = paytable


class Phase(Enum):
    """Where a hand is: waiting for a deal (the bet may change) or waiting for the draw."""

    READY = "ready"
    HOLDING = "holding"


@dataclass(frozen=True)
class HandOutcome:
    """A finished hand and the trainer's verdict on its hold.

    ``hold_ev`` and ``best.ev_exact`` are expected returns per coin; ``ev_lost`` is in coins.
    """

    number: int
    seed: int
    coins: int
    dealt: tuple[Card, ...]
    hold: int
    final: tuple[Card, ...]
    class_index: int
    class_title: str
    win: int
    hold_ev: Fraction
    best: HoldEV
    ev_lost: Fraction

    @property
    def mistake(self) -> bool:
        """Whether the hold was worth less than a best hold (equal EV is no mistake)."""
        return self.ev_lost > 0


@dataclass
class SessionStats:
    """Running totals of the session, for the trainer's panel.

    >>> stats = SessionStats(hands=4, coins_bet=20, coins_won=15)
    >>> stats.return_rate
    0.75
    """

    hands: int = 0
    coins_bet: int = 0
    coins_won: int = 0
    ev_lost: Fraction = Fraction(0)
    mistakes: int = 0

    @property
    def return_rate(self) -> float | None:
        """Coins won per coin bet so far (``None`` before the first hand)."""
        return self.coins_won / self.coins_bet if self.coins_bet else None


def _real_advisor(cards: Sequence[Card], paytable: PayTable, coins: int) -> list[HoldEV]:
    # Imported here: the advisor's kernel module imports Numba, which costs a second to load.

    return advise(tuple(cards), paytable, coins=coins)


class VideoPokerSession:
    """One player at one machine (a pay table), with credits and, optionally, a history store.

    Constructing one reads and writes nothing; with a ``store``, :meth:`start` opens the
    sitting on it before the first deal and :meth:`close` ends it (or use ``with``). With a
    ``store``, ``credits=None`` carries on the stored bankroll (or opens one of
    :data:`DEFAULT_CREDITS`) and resumes a deal left in play on it at this pay table by a
    session that is over; a number opens a new bankroll of that size. Deals left by sessions
    that are over on any other bankroll can never be resumed: they are forfeited (recorded,
    bet lost). A live game's hand is never touched. ``seed=None`` picks a random starting seed
    (or carries on from a resumed deal's); the deals are then reproducible from
    :attr:`first_seed`.
    """

    def __init__(
        self,
        paytable: PayTable,
        *,
        coins: int = MAX_COINS,
        credits: int | None = None,
        seed: int | None = None,
        trainer: bool = False,
        store: HistoryStore | None = None,
        dealer: Dealer | None = None,
        advisor: Advisor = _real_advisor,
    ) -> None:
        if credits is not None and not 0 <= credits <= MAX_CREDITS:
            raise GameError(f"credits are 0 to {MAX_CREDITS:,}, got {credits}")
        if seed is not None and not 0 <= seed < SEED_LIMIT:
            raise GameError(f"a seed of the game is 0 .. 2**63 - 1, got {seed}")
        self.paytable = paytable
        self.trainer = trainer
        self.store = store
        self.stats = SessionStats()
        self.first_seed = secrets.randbelow(1 << 31) if seed is None else seed
        self._hand_seed = self.first_seed
        # Advanced by each deal, not each draw: a hand that ends elsewhere (forfeited, finished
        # by another game) never brings its seed back.
        self._next_seed = self.first_seed
        self.last: HandOutcome | None = None
        # The machine's deck: 52 cards, or 53 with Joker Poker's joker.
        self._dealer = dealer or partial(deal_cards, deck_size=len(paytable.deck))
        self._advisor = advisor
        self._coins = self._check_coins(coins)
        self._phase = Phase.READY
        self._cards: tuple[Card, ...] = ()
        self._replacements: tuple[Card, ...] = ()
        self._hold = 0
        self._advice: list[HoldEV] | None = None
        self._advice_lock = threading.Lock()
        self.resumed = False
        """Whether the session began with a deal left in play by an earlier one."""
        self._bankroll_id = 0
        self._deal_id: int | None = None
        self.forfeited = 0
        """Deals left in play on a bankroll no game can use any more, forfeited at the start."""
        self._requested_credits = credits
        self._requested_seed = seed
        self._session_id = 0
        self._closed = False
        # Without a history there is nothing to open: the game is ready as constructed. With
        # one, nothing is read or written until start().
        self.started = store is None
        self.bankroll_size = DEFAULT_CREDITS if credits is None else credits
        self._credits = self.bankroll_size if store is None else 0

    def start(self) -> VideoPokerSession:
        """Open the sitting on the history: the session's row, the bankroll, a deal left in play.

        Construction reads and writes nothing; this is where the history is first touched.
        Returns the session, so ``VideoPokerSession(...).start()`` reads as one step (or use
        ``with``, which also closes it). Calling it again does nothing.

        A deal left in play is resumed only if its session is over (closed, or its process
        gone): a hand belongs to the game that dealt it while that game is live.
        """
        if self._closed:
            raise GameError("the session is closed: start a new one")
        store = self.store
        if self.started or store is None:
            self.started = True
            return self
        credits, name = self._requested_credits, self.paytable.name
        current = store.current_bankroll()
        if credits is None and current is not None:
            waiting = store.orphaned_deals(current.id)
            if waiting and all(deal.paytable != name for deal in waiting):
                raise HandLeftElsewhereError(waiting[0].paytable)
        self._session_id = store.start_session(name, self._requested_seed)
        try:
            self._open(store, current)
        except BaseException:
            # Nothing half-open: the session ends (a hand it took over waits for the next).
            with contextlib.suppress(PokerScoreError):
                store.end_session(self._session_id)
            raise
        self.started = True
        return self

    def close(self) -> None:
        """End the sitting: the session is over, and a hand left in play waits, bet paid, for
        the next session at its pay table. Calling it again does nothing."""
        if self._closed:
            return
        self._closed = True
        if self.store is not None and self.started:
            self.store.end_session(self._session_id)

    def __enter__(self) -> VideoPokerSession:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # What the screen shows

    @property
    def phase(self) -> Phase:
        """Waiting for a deal, or for the draw."""
        return self._phase

    @property
    def credits(self) -> int:
        """Coins on the meter (the bet of a hand in play is already taken)."""
        return self._credits

    @property
    def coins(self) -> int:
        """The bet, 1 to 5 coins."""
        return self._coins

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards on screen: the deal while holding, the final hand after a draw."""
        return self._cards

    @property
    def hold(self) -> int:
        """The hold mask of the hand in play (bit ``i`` holds card ``i``)."""
        return self._hold

    @property
    def next_seed(self) -> int:
        """The seed of the hand in play, or of the next deal: the first seed + hands dealt."""
        if self._phase is Phase.HOLDING:
            return self._hand_seed
        return self._next_seed

    @property
    def coins_in_play(self) -> int:
        """The bet of a hand dealt but not drawn (0 between hands): already charged."""
        return self._coins if self._phase is Phase.HOLDING else 0

    @property
    def broke(self) -> bool:
        """No credits left and no hand in play: only a new bankroll lets the game go on."""
        return self._credits == 0 and self._phase is Phase.READY

    def dealt_class(self) -> int:
        """The pay table class of the cards on screen (0 when none or nothing)."""
        return self.paytable.classify(self._cards) if self._cards else 0

    # The bet

    def set_bet(self, coins: int) -> int:
        """Bet ``coins`` (1..5) on the next deal; refused mid-hand or beyond the credits."""
        self._require_started()
        self._require(Phase.READY, "the bet changes between hands")
        coins = self._check_coins(coins)
        if coins > max(self._credits, 1):
            raise GameError(f"only {self._credits} credits: the bet cannot be {coins} coins")
        self._coins = coins
        return coins

    def bet_up(self) -> int:
        """One more coin, up to 5."""
        return self.set_bet(min(self._coins + 1, MAX_COINS))

    def bet_down(self) -> int:
        """One coin less, down to 1."""
        return self.set_bet(max(self._coins - 1, 1))

    def bet_one(self) -> int:
        """The machine's BET ONE button: one more coin, and from 5 (or the credits) back to 1."""
        top = min(MAX_COINS, max(self._credits, 1))
        return self.set_bet(1 if self._coins >= top else self._coins + 1)

    # A hand

    def deal(self) -> tuple[Card, ...]:
        """Take the bet and deal five cards; the bet shrinks to the credits when they are short."""
        self._require_started()
        self._require(Phase.READY, "a hand is in play: draw first")
        if self._credits == 0:
            raise GameError("out of credits: start a new bankroll")
        seed = self.next_seed
        ten = tuple(self._dealer(seed))
        if self.store is None:
            self._coins = min(self._coins, self._credits)
            self._credits -= self._coins
        else:
            # Charged and stored with the deal, in one transaction against the stored bankroll
            # (another game on the same file may have spent some of it).
            try:
                placed, self._credits = self.store.place_bet(
                    self._session_id, self._bankroll_id, self.paytable.name, self._coins, seed, ten
                )
            except SameDealInPlayError as error:
                raise GameError(f"seed {seed}: {error}") from None
            if placed is None:
                raise GameError("out of credits: start a new bankroll")
            self._coins, self._deal_id = placed.coins, placed.id
        self._hand_seed, self._next_seed = seed, (seed + 1) % SEED_LIMIT
        self._cards, self._replacements = ten[:5], ten[5:10]
        self._hold = 0
        with self._advice_lock:
            self._advice = None
        self._phase = Phase.HOLDING
        return self._cards

    def toggle_hold(self, index: int) -> bool:
        """Hold or release card ``index`` (0..4); whether it is now held."""
        self._require(Phase.HOLDING, "deal first")
        if not 0 <= index < 5:
            raise GameError(f"cards are numbered 0..4, got {index}")
        self._hold ^= 1 << index
        return bool(self._hold >> index & 1)

    def advice(self) -> list[HoldEV]:
        """Every hold of the hand in play (or the last one) with its expected return, best first.

        Thread-safe and computed once per hand, so a screen can start it in the background.
        """
        with self._advice_lock:
            if self._advice is None:
                if self._phase is Phase.HOLDING:
                    cards = self._cards
                elif self.last is not None:
                    cards = self.last.dealt
                else:
                    raise GameError("no hand to advise on yet")
                self._advice = self._advisor(cards, self.paytable, self._coins)
            return self._advice

    def best_holds(self) -> list[HoldEV]:
        """The holds that share the best expected return (usually one)."""
        advice = self.advice()
        return [hold for hold in advice if hold.ev_exact == advice[0].ev_exact]

    def draw(self) -> HandOutcome:
        """Replace the cards not held, pay, judge the hold, and store the hand."""
        self._require(Phase.HOLDING, "deal first")
        dealt, coins = self._cards, self._coins
        final = draw(dealt, self._replacements, self._hold)
        class_index = self.paytable.classify(final)
        win = self.paytable.pay(class_index, coins)
        advice = self.advice()
        best = advice[0]
        hold_ev = next(hold.ev_exact for hold in advice if hold.mask == self._hold)
        outcome = HandOutcome(
            number=self.stats.hands + 1,
            seed=self._hand_seed,
            coins=coins,
            dealt=dealt,
            hold=self._hold,
            final=final,
            class_index=class_index,
            class_title=self.paytable.class_title(class_index),
            win=win,
            hold_ev=hold_ev,
            best=best,
            ev_lost=(best.ev_exact - hold_ev) * coins,
        )
        if self.store is None:
            self._credits += win
        else:
            # Written before anything changes here: if the write fails, the hand is still in
            # play and the draw can be tried again; once it succeeds, the hand is on disk.
            try:
                stored = self.store.record_hand(self._record(outcome), deal_id=self._deal_id)
            except DealFinishedElsewhereError as error:
                self._phase, self._deal_id = Phase.READY, None
                self._credits = self.store.bankroll(self._bankroll_id).credits
                raise GameError(str(error)) from None
            self._credits, self._deal_id = stored.credits_after, None
        self._cards = final
        self._phase = Phase.READY
        self.last = outcome
        self.stats.hands += 1
        self.stats.coins_bet += coins
        self.stats.coins_won += win
        self.stats.ev_lost += outcome.ev_lost
        self.stats.mistakes += outcome.mistake
        return outcome

    def new_bankroll(self) -> int:
        """Start again with a fresh bankroll once the credits are gone; the new credits."""
        self._require_started()
        if not self.broke:
            raise GameError("a new bankroll is offered only when the credits run out")
        if self.store is not None:  # stored first: a failed write leaves the game as it was
            self._bankroll_id = self.store.new_bankroll(self.bankroll_size).id
        self._credits = self.bankroll_size
        return self._credits

    # Helpers

    def _open(self, store: HistoryStore, current: Bankroll | None) -> None:
        """Forfeit what can never be resumed, pick the bankroll, resume a deal left in play."""
        credits, name = self._requested_credits, self.paytable.name
        # A deal left on a bankroll that is not the current one (or on any, when this session
        # opens a new bankroll) can never be resumed: it is forfeited.
        for left in store.orphaned_deals():
            if credits is None and current is not None and left.bankroll_id == current.id:
                continue
            try:
                store.forfeit(left, self._session_id)
            except DealFinishedElsewhereError:
                continue  # another session starting now took it first
            self.forfeited += 1
        if credits is not None:
            current = store.new_bankroll(credits)
        elif current is None:
            current = store.new_bankroll(DEFAULT_CREDITS)
        self.bankroll_size = current.initial_credits or DEFAULT_CREDITS
        self._bankroll_id = current.id
        if credits is None:
            for left in store.orphaned_deals(current.id):
                if left.paytable != name:
                    continue  # it waits for a session at its own table
                claimed = store.claim_deal(left.id, self._session_id)
                if claimed is not None:  # else another session starting now took it
                    self._resume(claimed, self._requested_seed)
                    break
        self._credits = store.bankroll(current.id).credits

    def _resume(self, left: DealInPlay, seed: int | None) -> None:
        """Put a deal left in play back on screen, bet paid, waiting for the draw."""
        self._deal_id, self._coins = left.id, left.coins
        self._cards, self._replacements = left.cards[:5], left.cards[5:10]
        if left.seed is not None:
            self._hand_seed = left.seed
            if seed is None:  # carry on the left deal's sequence
                self.first_seed = left.seed
                self._next_seed = (left.seed + 1) % SEED_LIMIT
            elif left.seed == seed:  # it was deal(S) itself, hand 0: never dealt twice
                self._next_seed = (seed + 1) % SEED_LIMIT
            # Else the seeded hands start at deal(S), as documented: the resumed hand is none
            # of them.
        self._phase = Phase.HOLDING
        self.resumed = True

    def _record(self, outcome: HandOutcome) -> HandRecord:
        return HandRecord(
            session_id=self._session_id,
            bankroll_id=self._bankroll_id,
            paytable=self.paytable.name,
            coins=outcome.coins,
            seed=outcome.seed,
            dealt=outcome.dealt,
            hold=outcome.hold,
            final=outcome.final,
            hand_class=self.paytable.class_name(outcome.class_index),
            win=outcome.win,
            best_hold=outcome.best.mask,
            hold_ev=float(outcome.hold_ev),
            best_ev=float(outcome.best.ev_exact),
        )

    def _require_started(self) -> None:
        if self._closed:
            raise GameError("the session is closed: start a new one")
        if not self.started:
            raise GameError("the session is not started: call start() before playing")

    def _require(self, phase: Phase, message: str) -> None:
        if self._phase is not phase:
            raise GameError(message)

    @staticmethod
    def _check_coins(coins: int) -> int:
        if not 1 <= coins <= MAX_COINS:
            raise GameError(f"a bet is 1 to {MAX_COINS} coins, got {coins}")
        return coins
