"""Replaying a hand exactly: antes, blinds and straddles, every bet, call, raise and fold, the
uncalled part of a bet returned, the main and side pots, showdowns, rake, and each player's result.

The betting rules are pokerkit's (the oracle the tests replay the same files with): the first to
act preflop is the player after the largest blind or straddle posted in turn, and after the flop
``p1``; a raise is at least the largest raise of the round so far (and the minimum bet), unless it
is all in; pot limit caps a raise at the pot after the call; fixed limit allows a bet and three
raises a round, of the small bet preflop and on the flop and the big bet after. A short all-in
raise does not reopen the betting to players who have acted. Folding when a check is free is
allowed (a cash game allows it).

At the end each betting round's unmatched part of the largest bet goes back to its player. The
pots are cut at every level a player put in; antes are dead money in the main pot unless the file
says ``ante_trimming_status = true``. A contested pot is judged by
:func:`pokerscore.games.holdem.showdown.showdown` among the players still in it whose cards are
known (a hand nobody saw cannot win, as in pokerkit), in exact shares: a split pot, hi/lo halves
and quarters, a board run twice each take their exact fraction, so an odd chip is shared, not
handed to anyone.

Where the site recorded what it paid (``winnings``, ``finishing_stacks``, PokerStars'
``collected``), the two are compared player by player: the site must pay the players the replay
pays, no more than the replay (an odd chip apart), and keep no more than :data:`RAKE_LIMIT` of the
pot. When they agree, a player's ``won`` is what the site paid and the difference is the rake the
player paid; every disagreement is counted and reported, and the replay's amounts stand.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Final

from pokerscore._support.errors import expect, shorten
from pokerscore.cards import FULL_DECK, Card, PokerScoreError
from pokerscore.engine import get_ranking
from pokerscore.games.holdem.game import BOARD_CARDS, GAMES, Game
from pokerscore.games.holdem.showdown import showdown
from pokerscore.hands import best_hand
from pokerscore.histories._layout import DEN, F_ALLIN_CARDS, F_ALLIN_STREET, F_COUNT, F_POTS
from pokerscore.histories._replay_kernels import SITE_ENTRY, SITE_RECORD_SIZE
from pokerscore.histories.allin import allin_evs, row_allin_evs
from pokerscore.histories.hand_input import engine_rows
from pokerscore.histories.kernel_results import (
    KernelRows,
    ReadLater,
    positions,
    read_later,
    seats_of,
)
from pokerscore.histories.model import (
    DRAW_GAMES,
    STREETS,
    Action,
    Disagreement,
    DrawGame,
    HandFieldError,
    HandHistory,
    HandHistoryError,
    HandResult,
    PlayerResult,
    Pot,
    Street,
)
from pokerscore.histories.refusals import (
    BOARD_PLACE,
    BOARD_SIZES,
    FIXED_LIMIT_BETS,
    MESSAGES,
    PLAYED_PENDING,
    SITE_MESSAGES,
    STACKS_GAPS,
    Refusal,
    RefusalRecord,
    SiteRecord,
    pack_cards,
    refusal_error,
)

RAKE_LIMIT: Final = Fraction(1, 10)
"""The most of a pot a site may keep before the payout counts as a disagreement."""

SHORT_DECK_STRAIGHT_OVER_TRIPS: Final = Game(
    "short-deck-straight-over-trips",
    "Short Deck Hold'em (straights above three of a kind)",
    2,
    False,
    get_ranking("short-deck-straight-over-trips"),
)
"""PHH's ``NS``, judged as pokerkit judges it."""


def game_named(name: str) -> Game:
    """The game of a hand history's ``game``; a :class:`HandFieldError` for a name that is none.

    >>> game_named("omaha").name
    'omaha'
    """
    if name == SHORT_DECK_STRAIGHT_OVER_TRIPS.name:
        return SHORT_DECK_STRAIGHT_OVER_TRIPS
    game = GAMES.get(name)
    if game is None or game.board_cards != BOARD_CARDS:
        known = ", ".join(sorted(n for n, g in GAMES.items() if g.board_cards == BOARD_CARDS))
        raise HandFieldError(
            f"game must be a community-card game ({known}), not {shorten(repr(name))}"
        )
    return game


class _Table:
    """The state of a hand being replayed."""

    def __init__(self, hand: HandHistory) -> None:
        self.hand = hand
        self.game = game_named(hand.game)
        count = len(hand.seats)
        self.count = count
        self.stacks = [seat.stack for seat in hand.seats]
        self.bets = [0] * count
        self.put_in = [0] * count
        self.refunds = [0] * count
        """Uncalled bets returned."""
        self.antes = [0] * count
        """Antes that are dead money (not trimmed)."""
        self.contributions = [0] * count
        """Chips in the pots beside dead antes, bets of past rounds."""
        self.folded = [False] * count
        self.mucked = [False] * count
        self.holes: list[list[Card | None] | None] = [None] * count
        self.boards: list[list[Card]] = [[]]
        """The board; several once the hand is over if it was run more than once."""
        self.runs: dict[int, list[Card]] = {}
        """Each run of a board dealt more than once: the common cards and its own."""
        self.street = 0
        self.betting = False
        self.actors: deque[int] = deque()
        self.last_raise = 0
        self.raises = 0
        self.acted: set[int] = set()
        self.short_all_ins: list[int] = []
        self.all_in = False
        self.allin_street: Street | None = None
        self.allin_board: tuple[Card, ...] = ()
        self.vpip = [False] * count
        self.pfr = [False] * count
        self.saw_flop = [False] * count
        self.action: Action | None = None
        self.action_number = 0

    # -- errors -------------------------------------------------------------------------------

    def refuse(
        self, code: Refusal, seat: int = -1, other: int = -1, amount: int = 0, limit: int = 0
    ) -> HandHistoryError:
        """The error of a broken rule, worded by the one table of :mod:`.refusals`."""
        action = self.action_number - 1 if self.action is not None else -1
        record = RefusalRecord(code, action, seat, other, amount, limit)
        return refusal_error(self.hand, self.game, record)

    def name(self, index: int) -> str:
        return self.hand.seats[index].name

    # -- posting ------------------------------------------------------------------------------

    def post(self) -> None:
        hand = self.hand
        for index, seat in enumerate(hand.seats):
            if seat.stack <= 0:
                raise self.refuse(Refusal.NO_CHIPS, index)
        antes = [min(seat.ante, seat.stack) for seat in hand.seats]
        for index, ante in enumerate(antes):
            self.stacks[index] -= ante
            self.put_in[index] += ante
        if hand.ante_trimming:
            self.bets = antes
            self._collect()
        else:
            self.antes = antes
        for index, seat in enumerate(hand.seats):
            blind = min(seat.blind, self.stacks[index])
            self.stacks[index] -= blind
            self.bets[index] += blind
            self.put_in[index] += blind
        keys = [
            (self.bets[i] * (1 if seat.in_turn else -1), i) for i, seat in enumerate(hand.seats)
        ]
        opener = (max(keys)[1] + 1) % self.count
        self._begin_round(opener)

    # -- betting rounds -----------------------------------------------------------------------

    def _effective_stack(self, index: int) -> int:
        totals = sorted(
            self.bets[i] + self.stacks[i] for i in range(self.count) if not self.folded[i]
        )
        if len(totals) < 2:
            return 0
        return min(self.stacks[index], max(0, totals[-2] - self.bets[index]))

    def _begin_round(self, opener: int) -> None:
        order = [(opener + k) % self.count for k in range(self.count)]
        self.actors = deque(
            i for i in order if not self.folded[i] and self.stacks[i] and self._effective_stack(i)
        )
        self.last_raise = 0
        self.raises = 0
        self.acted = set()
        self.short_all_ins = []
        self.betting = True
        if len(self.actors) == 1 and self.bets[self.actors[0]] >= max(self.bets):
            self.actors.clear()
        self._check_round_over()

    def _in_hand(self) -> int:
        return self.count - sum(self.folded)

    def _contenders(self) -> int:
        """Players who may still win a pot: neither folded nor mucked."""
        return sum(1 for i in range(self.count) if not self.folded[i] and not self.mucked[i])

    def _check_round_over(self) -> None:
        if self.actors and self._in_hand() > 1:
            return
        self.actors.clear()
        self.betting = False
        self._collect()
        if self._in_hand() > 1:
            with_chips = sum(1 for i in range(self.count) if not self.folded[i] and self.stacks[i])
            if with_chips <= 1 and not self.all_in:
                self.all_in = True
                if self.street < len(STREETS) - 1:
                    self.allin_street = STREETS[self.street]
                    self.allin_board = tuple(self.boards[0])

    def _collect(self) -> None:
        """Return the unmatched part of the largest bet, and move the bets into the pots."""
        ordered = sorted(self.bets)
        cutoff = ordered[-2] if len(ordered) > 1 else 0
        for index, bet in enumerate(self.bets):
            if bet > cutoff:
                self.stacks[index] += bet - cutoff
                self.put_in[index] -= bet - cutoff
                self.refunds[index] += bet - cutoff
                self.bets[index] = cutoff
        for index, bet in enumerate(self.bets):
            self.contributions[index] += bet
        self.bets = [0] * self.count

    def _street_minimum(self) -> int:
        hand = self.hand
        if hand.betting == "fixed-limit":
            return hand.min_bet if self.street < 2 else hand.big_bet
        return hand.min_bet

    def _pot_total(self) -> int:
        return sum(self.antes) + sum(self.contributions) + sum(self.bets)

    def act(self, action: Action) -> None:
        index = action.actor
        assert index is not None
        if not self.betting:
            raise self.refuse(Refusal.NO_BETTING_ROUND, index)
        if self.actors[0] != index:
            raise self.refuse(Refusal.OUT_OF_TURN, index, self.actors[0])
        top = max(self.bets)
        if action.kind == "fold":
            self.actors.popleft()
            self.acted.add(index)
            self.folded[index] = True
        elif action.kind == "check-call":
            amount = min(self.stacks[index], top - self.bets[index])
            if action.amount is not None and action.amount != amount:
                raise self.refuse(Refusal.CALL_AMOUNT, index, amount=action.amount, limit=amount)
            self.actors.popleft()
            self.acted.add(index)
            self._pay(index, amount)
            if amount and self.street == 0:
                self.vpip[index] = True
        else:
            self._raise(index, action.amount or 0, top)
        if action.all_in and self.stacks[index]:
            raise self.refuse(Refusal.ALL_IN_LEFT, index, amount=self.stacks[index])
        self._check_round_over()

    def _pay(self, index: int, amount: int) -> None:
        self.bets[index] += amount
        self.stacks[index] -= amount
        self.put_in[index] += amount

    def _raise(self, index: int, to: int, top: int) -> None:
        stack, bet = self.stacks[index], self.bets[index]
        call = min(stack, top - bet)
        if call < self.last_raise:
            raise self.refuse(Refusal.SHORT_ALL_IN, index)
        if self.hand.betting == "fixed-limit" and self.raises == FIXED_LIMIT_BETS:
            raise self.refuse(Refusal.RAISE_CAP, index)
        if self.short_all_ins and sum(self.short_all_ins) < self.last_raise and index in self.acted:
            raise self.refuse(Refusal.SHORT_ALL_IN, index)
        if stack <= top - bet:
            raise self.refuse(Refusal.RAISE_CALL_ONLY, index)
        if not any(
            i != index and not self.folded[i] and self.stacks[i] + self.bets[i] > top
            for i in range(self.count)
        ):
            raise self.refuse(Refusal.RAISE_ALONE, index)
        least = min(stack + bet, max(self.last_raise, self._street_minimum()) + top)
        if self.hand.betting == "fixed-limit":
            most = least
        elif self.hand.betting == "pot-limit":
            most = min(stack + bet, max(least, 2 * top - bet + self._pot_total()))
        else:
            most = stack + bet
        if to > stack + bet:
            raise self.refuse(Refusal.RAISE_OVER_STACK, index, amount=to, limit=stack + bet)
        if to < least:
            raise self.refuse(Refusal.RAISE_UNDER_MINIMUM, index, amount=to, limit=least)
        if to > most:
            raise self.refuse(Refusal.RAISE_OVER_LIMIT, index, amount=to, limit=most)
        increment = to - top
        self._pay(index, to - bet)
        self.actors = deque(
            i
            for i in ((index + k) % self.count for k in range(1, self.count))
            if not self.folded[i] and self.stacks[i]
        )
        self.acted.add(index)
        if increment >= self.last_raise:
            self.acted = {index}
        self.last_raise = max(self.last_raise, increment)
        self.raises += 1
        if self.stacks[index]:
            self.short_all_ins.clear()
        else:
            self.short_all_ins.append(increment)
        if sum(self.short_all_ins) >= self.last_raise:
            self.short_all_ins.clear()
        if self.street == 0:
            self.vpip[index] = self.pfr[index] = True

    # -- cards --------------------------------------------------------------------------------

    def deal_hole(self, action: Action) -> None:
        index = action.actor
        assert index is not None
        if self.holes[index] is not None:
            raise self.refuse(Refusal.DEALT_TWICE, index)
        if len(action.cards) != self.game.hole_cards:
            raise self.refuse(Refusal.DEALT_COUNT, index, amount=len(action.cards))
        self.holes[index] = list(action.cards)

    def deal_board(self, action: Action) -> None:
        if self.betting:
            raise self.refuse(Refusal.BOARD_WHILE_BETTING, other=self.actors[0])
        if self._in_hand() < 2:
            raise self.refuse(Refusal.BOARD_AFTER_FOLDS)
        if any(card is None for card in action.cards):
            raise self.refuse(Refusal.BOARD_UNSEEN)
        cards = [card for card in action.cards if card is not None]
        runout = action.runout
        if runout:
            if not self.all_in:
                raise self.refuse(Refusal.RUN_WITHOUT_ALL_IN)
            board = self.runs.setdefault(runout, list(self.boards[0]))
        elif self.runs:
            raise self.refuse(Refusal.BOARD_AFTER_RUNS)
        else:
            board = self.boards[0]
        have = len(board)
        if have == BOARD_CARDS:
            raise self.refuse(Refusal.BOARD_AFTER_RIVER)
        wanted = next(size for size in BOARD_SIZES if size > have) - have
        if len(cards) != wanted:
            raise self.refuse(Refusal.BOARD_COUNT, other=have, amount=len(cards), limit=wanted)
        board.extend(cards)
        if len(board) == BOARD_SIZES[1]:  # a flop, of the one board or of a run: a flop seen
            for i in range(self.count):
                self.saw_flop[i] = not self.folded[i]
        if runout:
            return
        self.street = BOARD_SIZES.index(len(board))
        if not self.all_in:
            self._begin_round(0)

    def show(self, action: Action) -> None:
        index = action.actor
        assert index is not None
        if self.betting:
            raise self.refuse(Refusal.SHOW_WHILE_BETTING, index)
        if self.folded[index]:
            raise self.refuse(Refusal.SHOW_AFTER_FOLD, index)
        if action.kind == "muck":
            if self._in_hand() - sum(self.mucked) > 1:
                self.mucked[index] = True
            return
        if not action.cards:
            return
        if len(action.cards) != self.game.hole_cards:
            raise self.refuse(Refusal.SHOW_COUNT, index, amount=len(action.cards))
        known = self.holes[index]
        if known is None:
            self.holes[index] = list(action.cards)
            return
        dealt = [card for card in known if card is not None]
        shown = [card for card in action.cards if card is not None]
        complete = len(dealt) == len(known) and len(shown) == len(action.cards)
        if (complete and set(dealt) != set(shown)) or len(set(dealt) | set(shown)) > len(known):
            shown_cards, dealt_cards = pack_cards(action.cards), pack_cards(known)
            raise self.refuse(Refusal.SHOW_NOT_DEALT, index, amount=shown_cards, limit=dealt_cards)
        if len(shown) == len(action.cards):
            self.holes[index] = list(action.cards)
        else:
            merged = shown + [card for card in dealt if card not in shown]
            self.holes[index] = [*merged, *[None] * (len(known) - len(merged))]

    # -- the end ------------------------------------------------------------------------------

    def finish(self) -> None:
        if self.betting:
            raise self.refuse(Refusal.ENDS_TO_ACT, other=self.actors[0])
        common = len(self.boards[0])
        if self.runs:
            self.boards = [self.runs[run] for run in sorted(self.runs)]
        if self._contenders() > 1:
            for board in self.boards:
                if len(board) != BOARD_CARDS:
                    raise self.refuse(Refusal.ENDS_BEFORE_SHOWDOWN, amount=len(board))
        deck = set(self.game.deck)
        seen: dict[Card, int] = {}
        places: list[tuple[int, list[Card | None] | list[Card]]] = [
            (i, hole) for i, hole in enumerate(self.holes) if hole
        ]
        places.append((BOARD_PLACE, self.boards[0]))  # then each further run, as -2, -3 ...
        places += [(-n, board[common:]) for n, board in enumerate(self.boards[1:], 2)]
        for where, cards in places:
            for card in cards:
                if card is None:
                    continue
                if card.id not in deck:
                    raise self.refuse(Refusal.CARD_NOT_IN_DECK, where, amount=card.id)
                previous = seen.get(card)
                if previous is not None:
                    raise self.refuse(Refusal.CARD_SEEN_TWICE, where, previous, amount=card.id)
                seen[card] = where

    def pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """(amount, eligible seats) of each pot, main pot first; pokerkit's cut. A player who
        mucked is still eligible (and loses any contest): a side pot nobody else can win goes
        back to the player (where pokerkit burns it)."""
        live = [not self.folded[i] for i in range(self.count)]
        amount = sum(self.antes)
        previous = 0
        pots: list[tuple[int, tuple[int, ...]]] = []
        for level in sorted(set(self.contributions)):
            for contribution in self.contributions:
                if contribution >= level:
                    amount += level - previous
            eligible = tuple(
                i for i in range(self.count) if self.contributions[i] >= level and live[i]
            )
            while pots and pots[-1][1] == eligible:
                amount += pots.pop()[0]
            if amount:
                pots.append((amount, eligible))
            amount = 0
            previous = level
        return pots


def _known(hole: list[Card | None] | None) -> tuple[Card, ...] | None:
    if hole is None or any(card is None for card in hole):
        return None
    return tuple(card for card in hole if card is not None)


def _judge(
    table: _Table, eligible: tuple[int, ...]
) -> tuple[tuple[tuple[int, Fraction], ...], bool]:
    """Each eligible seat's exact share of a pot, and whether it was judged on known hands only.

    A player who mucked loses any contest. A hand nobody saw is judged as pokerkit judges it: in
    hold'em it plays the board with whatever of it is known, so it ties a winner who only plays
    the board; in Omaha (two hole cards must play) it cannot win. A pot nobody's hand is known in
    is split evenly. Either way the caller reports the pot as not judged on known hands.
    """
    if len(eligible) == 1:
        return ((eligible[0], Fraction(1)),), True
    standing = [i for i in eligible if not table.mucked[i]] or list(eligible)
    shown = [(i, hole) for i in standing if (hole := _known(table.holes[i])) is not None]
    hidden = [i for i in standing if _known(table.holes[i]) is None]
    if not shown:
        return tuple((i, Fraction(1, len(standing))) for i in standing), False
    game = table.game
    shares: dict[int, Fraction] = {}
    boards = table.boards
    for board in boards:
        if len(shown) > 1:
            result = showdown(board, [hole for _, hole in shown], game=game)
            split = {i: player.share for (i, _), player in zip(shown, result.players, strict=True)}
            top = max(player.high.value for player in result.players)
        else:
            split = {shown[0][0]: Fraction(1)}
            top = 0
        if hidden and not game.uses_exactly_two and game.low is None:
            top = top or best_hand((*shown[0][1], *board), ranking=game.high).value
            tied = [
                i
                for i in hidden
                if best_hand(
                    (*board, *(card for card in table.holes[i] or () if card is not None)),
                    ranking=game.high,
                ).value
                == top
            ]
            if tied:
                winners = [i for i, share in split.items() if share] + tied
                split = {i: Fraction(1, len(winners)) for i in winners}
        for i, share in split.items():
            if share:
                shares[i] = shares.get(i, Fraction(0)) + share / len(boards)
    return tuple(sorted(shares.items())), not hidden


def _play(hand: HandHistory) -> _Table:
    """The table once every action of the hand is played."""
    *_, table = playing(hand)
    return table


def playing(hand: HandHistory) -> Iterator[_Table]:
    """The one table of a hand as it is played: once the antes and blinds are posted, after
    each action (``table.action`` is the action, ``table.action_number`` its place from 1), and
    once more when the hand is over (``table.action`` None): for
    :func:`~pokerscore.histories.steps.replay_steps`, which copies what it shows at each."""
    table = _Table(hand)
    table.post()
    yield table
    for number, action in enumerate(hand.actions, 1):
        table.action = action
        table.action_number = number
        kind = action.kind
        if kind != "deal-board" and (action.actor is None or action.actor >= table.count):
            raise table.refuse(Refusal.NOT_AT_TABLE, action.actor or 0)
        if kind in ("fold", "check-call", "bet-raise"):
            table.act(action)
        elif kind == "deal-board":
            table.deal_board(action)
        elif kind == "deal-hole":
            table.deal_hole(action)
        else:
            table.show(action)
        yield table
    table.action = None
    table.finish()
    if hand.returned is not None:
        said = [0] * table.count
        for seat, amount, _ in hand.returned:
            said[seat] += amount
        for i in range(table.count):
            if said[i] != table.refunds[i]:
                record = RefusalRecord(
                    Refusal.RETURNED_UNCALLED, -1, i, amount=said[i], limit=table.refunds[i]
                )
                raise refusal_error(hand, table.game, record)
    yield table


class _Payout:
    """The pots of a played hand, who the replay pays, what the site paid, where they differ."""

    def __init__(self, table: _Table) -> None:
        hand = table.hand
        count = table.count
        self.pots: list[Pot] = []
        self.gross = [Fraction(0)] * count
        split = [False] * count
        unjudged = False
        for amount, eligible in table.pots():
            if not eligible:
                raise table.refuse(Refusal.POT_NOBODY)
            shares, judged = _judge(table, eligible)
            unjudged = unjudged or not judged
            self.pots.append(Pot(amount, eligible, shares))
            for i, share in shares:
                self.gross[i] += amount * share
                if share.denominator != 1:
                    split[i] = True
        paid, self.disagreements = _site_paid(hand, table, self.gross, split, self.pots)
        cashed = {seat for seat, _, _ in hand.cash_outs}
        if unjudged:
            self.disagreements.append(_disagreement(hand, "unjudged", MESSAGES[Refusal.UNJUDGED]))
        self.won = list(paid if paid is not None and not self.disagreements else self.gross)
        self.rake_paid = [gross - won for gross, won in zip(self.gross, self.won, strict=True)]
        for seat, amount, fee in hand.cash_outs:  # paid during the hand, win or lose
            self.won[seat] = Fraction(amount)
            self.rake_paid[seat] = Fraction(fee)
        paid_out = sum(self.won[i] for i in range(count) if i not in cashed)
        counted = sum(pot.amount for pot in self.pots) - sum(self.gross[i] for i in cashed)
        self.ratio = Fraction(paid_out, counted) if counted else Fraction(1)


def replay_table(hand: HandHistory) -> tuple[_Table, list[Pot], list[Fraction], Fraction]:
    """The played table, its pots, what each player took and the share of the pots paid out
    (for :mod:`pokerscore.histories.allin`)."""
    table = _play(hand)
    payout = _Payout(table)
    return table, payout.pots, payout.won, payout.ratio


def replay(hand: HandHistory, *, allin_ev: bool = True) -> HandResult:
    """Replay a hand: each player's result, the pots, what the site's record disagrees with.

    Raises :class:`~pokerscore.histories.model.HandHistoryError` for a hand that cannot
    be played (an action out of turn, a bet beyond the stack, a card seen twice, a hand that
    stops before its end). ``allin_ev=False`` leaves the all-in EV out (it is the costly part).
    The hand is played by the compiled replay (a site record that disagrees and an unseen hand
    contesting a pot included: its disagreements are worded from the kernel's codes; a board run
    more than once, a cash-out and a hand shown in part too); more than 2**48 units at the table
    and short-deck hold'em are still settled by the reference replay of this module.
    """
    expect(hand, HandHistory, "hand", "a HandHistory")
    expect(allin_ev, bool, "allin_ev", "True or False")
    hand.check()
    result = engine_result(hand, allin_ev)
    if result is not None:
        return result
    if hand.game in ENGINE_ONLY:  # a stud or draw hand the kernel leaves
        raise _engine_only_error(hand)
    return table_replay(hand, allin_ev)


def table_replay(hand: HandHistory, allin_ev: bool) -> HandResult:
    """``hand`` replayed by the reference replay (``_Table``): what the compiled replay leaves
    (its ``pending`` refusals), and the oracle the tests compare it with."""
    table = _play(hand)
    payout = _Payout(table)
    count = table.count
    won, gross = payout.won, payout.gross
    showdown_seats = (
        {i for i in range(count) if not table.folded[i]} if table._in_hand() > 1 else set()
    )
    evs: dict[int, Fraction] | None = None
    if allin_ev and table.allin_street is not None:
        evs = allin_evs(table, payout.pots, won, payout.ratio)
    scale = hand.scale
    names = positions(count)
    players = []
    for i, seat in enumerate(hand.seats):
        at_showdown = i in showdown_seats
        player_ev = evs.get(i) if evs is not None else None
        players.append(
            PlayerResult(
                player=seat.name,
                seat=seat.seat,
                position=names[i],
                hole=_known(table.holes[i]),
                put_in=table.put_in[i] / scale,
                won=float(won[i] / scale),
                net=float((won[i] - table.put_in[i]) / scale),
                rake_paid=float(payout.rake_paid[i] / scale),
                vpip=table.vpip[i],
                pfr=table.pfr[i],
                saw_flop=table.saw_flop[i],
                went_to_showdown=at_showdown,
                won_at_showdown=at_showdown and gross[i] > 0,
                allin_street=table.allin_street if player_ev is not None else None,
                allin_ev=float(player_ev / scale) if player_ev is not None else None,
            )
        )
    return HandResult(
        hand=hand,
        players=tuple(players),
        pots=tuple(payout.pots),
        boards=tuple(tuple(board) for board in table.boards if board),
        rake=float(sum(payout.rake_paid) / scale),
        disagreements=tuple(payout.disagreements),
    )


ENGINE_ONLY: Final = frozenset({"stud", "stud-8", "razz", *DRAW_GAMES})
"""Games only the compiled replay plays (``hand_input.engine_replay``): the reference replay
(``_Table``) deals a board and blinds, and is not taught other rules (stud, the draw games)."""


def rule_game(name: str) -> Game | DrawGame:
    """The game a refusal of a hand of game ``name`` is worded with: any game a replay plays
    (:func:`game_named`'s, or one of :data:`ENGINE_ONLY`).

    >>> rule_game("razz").hole_cards
    7
    >>> rule_game("badugi").hole_cards
    4
    """
    if name in DRAW_GAMES:
        return DRAW_GAMES[name]
    return GAMES[name] if name in ENGINE_ONLY else game_named(name)


def _engine_only_error(hand: HandHistory) -> HandHistoryError:
    """Why a hand of a game in :data:`ENGINE_ONLY` is not replayed: the compiled replay leaves
    it (a ``pending`` refusal, or a hand the converter does not take), and the reference replay
    plays no stud or draw hand. Every hand it plays is :func:`engine_result`'s."""
    from pokerscore.histories.hand_input import engine_replay

    game = rule_game(hand.game)
    if any(action.runout for action in hand.actions):
        return hand.error(f"{game.name} deals no board to run more than once")
    played = engine_replay(hand)
    what = MESSAGES[played.refusal.code] if played is not None else "this many actions or cards"
    return hand.error(f"{game.name} is not replayed with {what} yet")


def _disagreement(hand: HandHistory, kind: str, message: str) -> Disagreement:
    return Disagreement(hand.file, hand.number, hand.hand_id, kind, message)


def _site_paid(
    hand: HandHistory,
    table: _Table,
    gross: list[Fraction],
    split: list[bool],
    pots: list[Pot],
) -> tuple[list[Fraction] | None, list[Disagreement]]:
    """What the site paid each player, where it says, and where that disagrees."""
    found: list[Disagreement] = []
    chips = hand.chips
    total = sum(pot.amount for pot in pots)
    paid: list[Fraction] | None = None
    if hand.winnings is not None:
        if not any(hand.winnings) and total and not hand.cash_outs:
            found.append(
                _disagreement(
                    hand, "all-zero-winnings", "the winnings are all zero (the site left them out)"
                )
            )
        else:
            paid = [Fraction(amount) for amount in hand.winnings]
    if hand.finishing_stacks is not None:
        from_stacks = [
            Fraction(finish - (seat.stack - table.put_in[i]))
            for i, (seat, finish) in enumerate(zip(hand.seats, hand.finishing_stacks, strict=True))
        ]
        if paid is not None and from_stacks != paid:
            found.append(
                _disagreement(
                    hand,
                    "finishing-stacks",
                    "the finishing stacks and the winnings disagree: "
                    + _listing(hand, [f - w for f, w in zip(from_stacks, paid, strict=True)]),
                )
            )
        elif paid is None:
            paid = from_stacks
    if paid is None:
        return None, found
    cashed = {seat: amount for seat, amount, _ in hand.cash_outs}
    for seat, amount in cashed.items():
        paid[seat] = Fraction(amount)  # taken during the hand, win or lose
    what = "winnings" if hand.winnings is not None else "finishing-stacks"
    problems = []
    for i in range(table.count):
        if i in cashed:
            continue
        allowance = 1 if split[i] else 0
        name = hand.seats[i].name
        if paid[i] < 0:
            problems.append(f"{name} is paid {_amount(hand, paid[i])}")
        elif gross[i] == 0 and paid[i] > 0:
            problems.append(f"the site pays {name} {_amount(hand, paid[i])}, who wins nothing here")
        elif gross[i] > 0 and paid[i] == 0 and gross[i] > allowance and not cashed:
            problems.append(f"{name} wins {_amount(hand, gross[i])} here, the site pays nothing")
        elif paid[i] > gross[i] + allowance:
            problems.append(
                f"the site pays {name} {_amount(hand, paid[i])}, more than the "
                f"{_amount(hand, gross[i])} won here"
            )
    if not problems and hand.site_pots and len(hand.site_pots) > 1:
        problems += _pot_winners(hand, pots)
    counted = [i for i in range(table.count) if i not in cashed]
    kept = sum((gross[i] - paid[i] for i in counted), Fraction(0))
    odd = sum(split)
    if not problems and not cashed and total and kept > RAKE_LIMIT * total + odd:
        problems.append(
            f"the site pays {_amount(hand, sum(paid))} of a {chips(total)} pot, "
            f"keeping more than {RAKE_LIMIT.numerator * 100 // RAKE_LIMIT.denominator} %"
        )
    if hand.rake is not None and not problems and not cashed and abs(kept - hand.rake) > odd:
        problems.append(
            f"the site reports a rake of {chips(hand.rake)}, but keeps {_amount(hand, kept)}"
        )
    if hand.total_pot is not None and hand.total_pot != total:
        problems.append(
            f"the site reports a pot of {chips(hand.total_pot)}, the replay {chips(total)}"
        )
    if problems:
        hint = ""
        if hand.finishing_stacks is not None and hand.winnings is None:
            gaps = {abs(int(g - p)) for g, p in zip(gross, paid, strict=True) if g != p}
            if gaps & {hand.small_blind, hand.big_blind}:
                hint = " (a posted dead blind may be missing from the actions)"
        found.append(_disagreement(hand, what, "; ".join(problems) + hint))
    return paid, found


def _pot_winners(hand: HandHistory, pots: list[Pot]) -> list[str]:
    """Where the site names who took each pot: the same players as the replay's."""
    assert hand.site_pots is not None
    said = {pot: {seat for seat, _ in entries} for pot, entries in hand.site_pots}
    if max(said) >= len(pots):
        return [f"the site pays {max(said) + 1} pots, the replay has {len(pots)}"]
    problems = []
    for number, seats in sorted(said.items()):
        ours = {seat for seat, share in pots[number].shares if share}
        if ours != seats:
            label = "the main pot" if number == 0 else f"side pot {number}"
            names = ", ".join(hand.seats[i].name for i in sorted(seats))
            mine = ", ".join(hand.seats[i].name for i in sorted(ours))
            problems.append(f"the site pays {label} to {names}, the replay to {mine}")
    return problems


def _amount(hand: HandHistory, units: Fraction | int) -> str:
    value = Fraction(units) / hand.scale
    if value.denominator == 1 or hand.scale % value.denominator == 0:
        return str(hand.chips(int(value * hand.scale)))
    return f"{float(value):.4f}".rstrip("0")


def _listing(hand: HandHistory, gaps: list[Fraction]) -> str:
    return ", ".join(
        f"{seat.name} {_amount(hand, gap)}"
        for seat, gap in zip(hand.seats, gaps, strict=True)
        if gap
    )


__all__ = [
    "KernelRows",
    "PokerScoreError",
    "ReadLater",
    "game_named",
    "positions",
    "read_later",
    "replay",
]


def exact_allin_evs(hand: HandHistory) -> dict[str, Fraction] | None:
    """Each player's all-in EV in chips, exactly, by name; None for a hand without an all-in
    before the river (stud: before seventh street), and for a stud all-in past the work the
    stud equity enumerates exactly (see :mod:`pokerscore.histories.allin`)."""
    expect(hand, HandHistory, "hand", "a HandHistory")
    hand.check()
    replayed = engine_rows(hand)
    played = replayed is not None and (
        replayed[0].code.kind != "pending" or replayed[0].code in PLAYED_PENDING
    )
    if hand.game in ENGINE_ONLY and not played:
        return None  # a stud hand the kernel leaves: its result has no all-in EV
    if replayed is not None and played:
        record, rows = replayed
        if record.code != Refusal.NONE and record.code not in PLAYED_PENDING:
            raise refusal_error(hand, rule_game(hand.game), record)
        count, pots_count, street, cards = rows.facts[
            0, [F_COUNT, F_POTS, F_ALLIN_STREET, F_ALLIN_CARDS]
        ].tolist()
        game = rule_game(hand.game)
        if street < 0 or not isinstance(game, Game):  # no all-in, or a draw game: no EV
            return None
        values = row_allin_evs(rows, 0, game, count, pots_count, cards)
        if values is None:
            return None
        return {hand.seats[i].name: value / hand.scale for i, value in values.items()}
    table, pots, won, ratio = replay_table(hand)
    found = allin_evs(table, pots, won, ratio)
    if found is None:
        return None
    return {hand.seats[i].name: value / hand.scale for i, value in found.items()}


def engine_result(hand: HandHistory, allin_ev: bool) -> HandResult | None:
    """``hand`` replayed by the compiled replay, or None where the reference replay settles it
    (a ``pending`` refusal, or a hand the converter leaves); a broken rule raises its
    :class:`~pokerscore.histories.model.HandHistoryError`, worded from the one table."""
    import numpy as np

    site_record = np.zeros(SITE_RECORD_SIZE, dtype=np.int64)
    runs: list[tuple[int, ...]] = []
    replayed = engine_rows(hand, site_record=site_record, runs=runs)
    if replayed is None:
        return None
    record, rows = replayed
    disagreements: tuple[Disagreement, ...] = ()
    if record.code in PLAYED_PENDING:  # played, the replay's amounts
        disagreements = tuple(site_disagreements(hand, site_record.tolist()))
        if record.code == Refusal.UNJUDGED:
            unjudged = MESSAGES[Refusal.UNJUDGED]
            disagreements += (_disagreement(hand, "unjudged", unjudged),)
    elif record.code.kind == "pending":
        return None
    elif record.code != Refusal.NONE:
        raise refusal_error(hand, rule_game(hand.game), record)
    seats = [seat.seat for seat in hand.seats]
    game = rule_game(hand.game)
    block = KernelRows(rows, [0], lambda: (hand.names, seats), [hand.scale], [game], allin_ev)
    (result,) = block.results()
    boards = tuple(tuple(FULL_DECK[card] for card in run) for run in runs) or result.boards
    return HandResult(hand, result.players, result.pots, boards, result.rake, disagreements)


def site_disagreements(hand: HandHistory, entries: Sequence[int]) -> list[Disagreement]:
    """The compiled replay's site record (``_replay_kernels._site_record``: a count, then a
    code, a seat or pot and two amounts each) worded by :data:`~.refusals.SITE_MESSAGES`: the
    winnings all zero, the finishing stacks against the winnings, and the payouts, pots, rake
    and total against the replay's, each a :class:`~.model.Disagreement`."""
    found: list[Disagreement] = []
    gaps: list[str] = []
    problems: list[str] = []
    blind_gaps: set[int] = set()
    names = hand.names

    def paid(amount: int) -> str:  # an amount in 1/DEN units
        return _amount(hand, Fraction(amount, DEN))

    def seats(mask: int) -> str:
        return ", ".join(names[i] for i in seats_of(mask))

    for n in range(entries[0]):
        code, place, first, second = entries[1 + SITE_ENTRY * n : 1 + SITE_ENTRY * (n + 1)]
        kind = SiteRecord(code)
        words = SITE_MESSAGES[kind]
        name = names[place] if place >= 0 else ""
        if kind == SiteRecord.ZERO_WINNINGS:
            found.append(_disagreement(hand, "all-zero-winnings", words))
        elif kind == SiteRecord.STACKS_GAP:
            gaps.append(words.format(name=name, first=_amount(hand, first)))
        elif kind == SiteRecord.GAP:
            blind_gaps.add(abs(first) // DEN)
        elif kind in (SiteRecord.PAID_NEGATIVE, SiteRecord.PAID_NOT_WON, SiteRecord.WON_NOT_PAID):
            problems.append(words.format(name=name, first=paid(first)))
        elif kind == SiteRecord.PAID_OVER:
            problems.append(words.format(name=name, first=paid(first), second=paid(second)))
        elif kind == SiteRecord.POT_COUNT:
            problems.append(words.format(first=first, second=second))
        elif kind == SiteRecord.POT_WINNERS:
            pot = "the main pot" if place == 0 else f"side pot {place}"
            problems.append(words.format(pot=pot, first=seats(first), second=seats(second)))
        elif kind == SiteRecord.KEEPS_TOO_MUCH:
            limit = RAKE_LIMIT.numerator * 100 // RAKE_LIMIT.denominator
            problems.append(
                words.format(first=_amount(hand, first), second=hand.chips(second), limit=limit)
            )
        elif kind == SiteRecord.RAKE:
            problems.append(words.format(first=hand.chips(first), second=paid(second)))
        else:  # the pot the site reports
            problems.append(words.format(first=hand.chips(first), second=hand.chips(second)))
    if gaps:
        found.append(
            _disagreement(hand, "finishing-stacks", STACKS_GAPS.format(gaps=", ".join(gaps)))
        )
    if problems:
        what = "winnings" if hand.winnings is not None else "finishing-stacks"
        hint = (
            SITE_MESSAGES[SiteRecord.GAP] if blind_gaps & {hand.small_blind, hand.big_blind} else ""
        )
        found.append(_disagreement(hand, what, "; ".join(problems) + hint))
    return found
