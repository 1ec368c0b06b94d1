"""The reference replay: the betting and pot rules of hold'em, short deck and Omaha written
again in plain Python (``_Table``, pokerkit's rules), the oracle the compiled replay (the
package's one rule book, ``histories._replay_kernels``) is compared with, beside pokerkit, as
:mod:`tests.reference_board` is for board reading. It was the package's second rule book until
issue 28 moved every hand to the kernel; it plays no stud and no draw game, and words its
refusals through the package's one table (``histories.refusals``), so that the two replays give
the same messages.

``table_replay(hand, allin_ev)`` is a hand's :class:`~pokerscore.histories.model.HandResult` by
this replay; ``playing(hand)`` the table after each action; ``table_states(hand)`` those tables as
the browser's replayer's states (``histories.steps``); ``allin_evs`` the all-in EV of a table.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Protocol

from pokerscore.cards import Card
from pokerscore.games.holdem.game import BOARD_CARDS, Game
from pokerscore.games.holdem.showdown import showdown
from pokerscore.hands import best_hand
from pokerscore.histories.allin import judged_pots
from pokerscore.histories.model import (
    STREETS,
    Action,
    Disagreement,
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
    Refusal,
    RefusalRecord,
    pack_cards,
    refusal_error,
)
from pokerscore.histories.replay import (
    RAKE_LIMIT,
    _amount,
    _disagreement,
    game_named,
    positions,
)
from pokerscore.histories.steps import _State


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


def _listing(hand: HandHistory, gaps: list[Fraction]) -> str:
    return ", ".join(
        f"{seat.name} {_amount(hand, gap)}"
        for seat, gap in zip(hand.seats, gaps, strict=True)
        if gap
    )


def allin_evs(
    table: ReplayedTable, pots: Sequence[Pot], won: Sequence[Fraction], ratio: Fraction
) -> dict[int, Fraction] | None:
    """Each player's all-in EV (in units) for a replayed hand that had an all-in before the
    river, keyed by seat index; None without one. ``ratio`` is the share of the pots the site
    paid out (1 without rake)."""
    if table.allin_street is None:
        return None
    in_hand = [i for i in range(table.count) if not table.folded[i]]
    holes = {i: _hole(table, i) for i in in_hand}
    values = {i: Fraction(0) for i in in_hand}
    mucked = any(table.mucked[i] for i in in_hand)
    board = tuple(card.id for card in table.allin_board)
    valued = judged_pots(table.game, holes, board, [pot.eligible for pot in pots], mucked)
    if valued is None:
        return None
    for pot, shares in zip(pots, valued, strict=True):
        value = pot.amount * ratio
        for i, share in shares.items() if shares is not None else pot.shares:
            values[i] += value * share
    return {i: values[i] - table.put_in[i] for i in in_hand}


def _hole(table: ReplayedTable, index: int) -> tuple[int, ...] | None:
    hole = table.holes[index]
    if hole is None or any(card is None for card in hole):
        return None
    return tuple(card.id for card in hole if card is not None)


class ReplayedTable(Protocol):
    """What all-in EV reads of a replayed hand (the replay's table has it)."""

    game: Game
    count: int
    folded: list[bool]
    mucked: list[bool]
    put_in: list[int]
    holes: list[list[Card | None] | None]

    @property
    def allin_street(self) -> Street | None: ...

    @property
    def allin_board(self) -> tuple[Card, ...]: ...


def table_states(hand: HandHistory) -> list[_State]:
    """The states of the reference replay's table (``replay.playing``), for the hands the
    compiled replay does not step yet."""
    return [_table_state(table) for table in playing(hand)][:-1]  # the last: the hand over


def _table_state(table: _Table) -> _State:
    return _State(
        street=table.street,
        stacks=tuple(table.stacks),
        bets=tuple(table.bets),
        put_in=tuple(table.put_in),
        pot=sum(table.antes) + sum(table.contributions) + sum(table.bets),
        board=tuple(table.boards[0]),
        holes=tuple(None if hole is None else tuple(hole) for hole in table.holes),
        folded=tuple(table.folded),
        to_act=table.actors[0] if table.betting and table.actors else None,
        allin_board=tuple(table.allin_board) if table.allin_street is not None else None,
        runs=tuple(tuple(table.runs[run]) for run in sorted(table.runs)),
    )
