"""The replay of one hand in a kernel: blinds, antes, the betting rounds, the board, shows and
mucks, the pots and their shares, and the site's record checked (:func:`replay_one`)."""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels.lookup import five_card_value
from pokerscore.engine.kernels.short_hands import badugi_value, showing_value
from pokerscore.engine.short_tables import BadugiTables, ShortHandTables
from pokerscore.engine.tables import RankingTables
from pokerscore.histories._layout import (
    BADUGI,
    BET_RAISE,
    BRING_IN,
    CHECK_CALL,
    DEAL_BOARD,
    DEAL_HOLE,
    DEN,
    DEUCE_TO_SEVEN_SINGLE,
    DEUCE_TO_SEVEN_TRIPLE,
    DISCARD_DRAW,
    F_ACTION,
    F_AMOUNT,
    F_LIMIT,
    F_OTHER,
    F_REFUSAL,
    F_SEAT,
    FIXED_LIMIT,
    FOLD,
    MAX_PLAYERS,
    MUCK,
    OK,
    OMAHA,
    OMAHA_6_HI_LO,
    POT_LIMIT,
    RAZZ,
    SHORT_DECK,
    SHORT_DECK_SOT,
    STUD,
    STUD_CARDS,
    STUD_HI_LO,
    GameTables,
    Grid,
    HandRows,
    Ints,
    ReplayTables,
)
from pokerscore.histories._pot_kernels import _any_five, board_high, hand_values
from pokerscore.histories.model import MAX_UNITS
from pokerscore.histories.refusals import (
    FIXED_LIMIT_BETS,
    NO_CARD,
    PACKED_COUNT,
    Refusal,
    SiteRecord,
)

# the betting state, one int64 each
HEAD, TAIL, LAST_RAISE, RAISES, SHORT_SUM, SHORT_COUNT, BETTING = range(7)
ALL_IN, ALLIN_STREET, ALLIN_CARDS, STREET, BOARD_SIZE = range(7, 12)
# a refusal (see :class:`~pokerscore.histories.refusals.RefusalRecord`), after the state
WHY_CODE, WHY_ACTION, WHY_SEAT, WHY_OTHER, WHY_AMOUNT, WHY_LIMIT = range(12, 18)
# stud: the cards each player holds on this street (0 before third street), the bring-in posted
STUD_DEALT, BROUGHT_IN = range(18, 20)
# draw games: the cards taken from the deck so far (dealt, known or not, and one burnt a draw)
DECK_USED = 20
# a board run more than once (run it twice, three times): the runs dealt, a bit each (1 << run)
RUNS = 21
# the hand's table, set once at its start: the players, the game and betting codes, the bets'
# sizes and the bring-in (units), the hole cards a player holds: read by the stages from here
PLAYERS, GAME, BET_LIMIT, MIN_BET, BIG_BET, BRING_IN_BET, HOLES_PER = range(22, 29)
STATE_SIZE: Final = 29

# seat flags
VPIP, PFR, SAW_FLOP, SHOWDOWN, WON_SHOWDOWN, MUCKED = 1, 2, 4, 8, 16, 32
CASHED_OUT: Final = 64
"""A seat flag: the player cashed out during the hand (won: the cash-out; its gross less won:
the fee)."""
SCRATCH_ROWS: Final = 27
"""Rows of per-seat scratch space a replay uses (allocated once per kernel call)."""
(ROW_STACKS, ROW_BETS, ROW_PUT_IN, ROW_DEAD, ROW_CONTRIBUTIONS, ROW_FOLDED, ROW_MUCKED, ROW_FLAGS,
 ROW_DEALT, ROW_QUEUE, ROW_ACTED, ROW_LEVELS) = range(12)  # fmt: skip
ROW_REFUNDS: Final = 18
ROW_HIGH, ROW_LOWS = 14, 15
"""A player's high and low values at the showdown (:func:`_judge_pot`)."""
ROW_PENDING, ROW_DREW = 19, 20
"""Draw games: the cards each player waits for; the last draw each stood pat or drew on."""
"""The scratch rows of the betting (``ReplayWork.seats``): the betting helpers take the grid,
not a view a row, since every array a kernel out of line takes costs two atomic reference
counts a call (``benchmarks/histories.md``)."""
GROSS, SPLIT, WON, PAID = 12, 13, 16, 17
GROSS_PARTS, WON_PARTS = 25, 26
"""The scratch rows of the winnings: whole units (``GROSS``, ``WON``: what the site paid, or
the gross) and the remainders in 1/DEN (``GROSS_PARTS``, ``WON_PARTS``); ``SPLIT``: a share of
a split pot; ``PAID``: what the site's record pays."""
MAX_RUNS: Final = 3
"""The most runs of a board dealt more than once (GGPoker runs it three times)."""
RUN_ROWS: Final = 21
"""The scratch rows of a board run more than once: run ``r`` (1 to :data:`MAX_RUNS`) in row
``RUN_ROWS + r - 1``, its cards in places 0 to 4 (the common ones first), how many in
:data:`RUN_SIZE`, the common ones in :data:`RUN_COMMON`; then a row for a pot's shares summed
over the runs (:data:`RUN_SHARES`)."""
RUN_SIZE: Final = 5
RUN_COMMON: Final = 6
RUN_SHARES: Final = RUN_ROWS + MAX_RUNS
EMPTY: Final = -2
"""Draw games: a hole card's place thrown away, waiting for the card drawn into it."""

# what a site says beside the actions (PokerStars), in one int64 array ``said``
SAID_RETURNED, SAID_POTS, SAID_HAS_RAKE, SAID_RAKE, SAID_HAS_TOTAL, SAID_TOTAL = range(6)
SAID_RETURNS: Final = 6
"""From here, MAX_PLAYERS amounts returned uncalled."""
SAID_POT_MASKS: Final = SAID_RETURNS + MAX_PLAYERS
"""From here, MAX_PLAYERS pots: the seats the site paid from each (a bit mask), -1 if none."""
SAID_CASHED: Final = SAID_POT_MASKS + MAX_PLAYERS
"""The seats that cashed out during the hand (a bit each): GGPoker's EV cash-out, PokerStars'
``cashed out the hand`` lines."""
SAID_CASH_OUTS: Final = SAID_CASHED + 1
"""From here, MAX_PLAYERS cash-outs: the amount each seat cashed out took (units)."""
SAID_CASH_FEES: Final = SAID_CASH_OUTS + MAX_PLAYERS
"""From here, MAX_PLAYERS cash-out fees (units)."""
SAID_SIZE: Final = SAID_CASH_FEES + MAX_PLAYERS
"""The length of ``said``."""


@kernel(inline=True)
def refuse(
    why: Ints, code: int, action: int, seat: int, other: int, amount: int, limit: int
) -> int:
    """Write a refusal into the ``WHY_`` places of a replay's state ``why``; its code."""
    why[WHY_CODE] = code
    why[WHY_ACTION] = action
    why[WHY_SEAT] = seat
    why[WHY_OTHER] = other
    why[WHY_AMOUNT] = amount
    why[WHY_LIMIT] = limit
    return int(why[WHY_CODE])


@kernel(inline=True)
def unread(facts: Ints, hand: int) -> None:
    """A hand's refusal before its reader has read it: :attr:`Refusal.TEXT`, nowhere."""
    facts[hand, F_REFUSAL] = Refusal.TEXT
    facts[hand, F_ACTION] = -1
    facts[hand, F_SEAT] = -1
    facts[hand, F_OTHER] = -1
    facts[hand, F_AMOUNT] = 0
    facts[hand, F_LIMIT] = 0


@kernel(inline=True)
def record_refusal(state: Ints, facts: Ints, hand: int) -> None:
    """A refusal of :func:`replay_one` (the ``WHY_`` places of its state) into a hand's facts."""
    facts[hand, F_REFUSAL] = state[WHY_CODE]
    facts[hand, F_ACTION] = state[WHY_ACTION]
    facts[hand, F_SEAT] = state[WHY_SEAT]
    facts[hand, F_OTHER] = state[WHY_OTHER]
    facts[hand, F_AMOUNT] = state[WHY_AMOUNT]
    facts[hand, F_LIMIT] = state[WHY_LIMIT]


@kernel(inline=True)
def _packed_row(cards: Ints, row: int, count: int) -> int:
    packed = count << PACKED_COUNT
    for k in range(count):
        card = cards[row, k]
        packed |= (NO_CARD if card < 0 else card) << (6 * k)
    return packed


class HandInput(NamedTuple):
    """One hand as :func:`replay_one` reads it, whichever reader filled it: the table (seats,
    game and betting codes, trimmed antes, the bets' sizes), each seat's stack, ante, blind and
    whether it was posted in turn, the actions (kind, actor, amount, cards, whether all in), and
    the site's record (winnings, finishing stacks, the ``said`` of PokerStars). Amounts in units;
    a ``check-call``'s amount is the site's, or -1."""

    players: int
    game: int
    betting: int
    trimming: int
    min_bet: int
    big_bet: int
    stacks: Ints
    antes: Ints
    blinds: Ints
    in_turn: Ints
    action_count: int
    kinds: Ints
    actors: Ints
    amounts: Ints
    cards: Grid
    card_counts: Ints
    all_ins: Ints
    paid: Ints
    has_winnings: int
    finishing: Ints
    has_finishing: int
    said: Ints
    bring_in: int
    """Stud: the bring-in (units); 0 in the games with blinds."""


class ReplayWork(NamedTuple):
    """The working arrays of a replay (one set per thread, reused hand after hand): per-seat rows
    (``SCRATCH_ROWS`` x ``MAX_PLAYERS``), hole cards, the board, the state, the cards seen, and
    room for one hand's cards."""

    seats: Grid
    holes: Grid
    board: Ints
    state: Ints
    seen: npt.NDArray[np.bool_]
    hole: Ints
    work: Ints


@kernel()
def new_work() -> ReplayWork:
    """A replay's working arrays, zeroed (``replay_one`` clears what it uses of them)."""
    return ReplayWork(
        np.zeros((SCRATCH_ROWS, MAX_PLAYERS), dtype=np.int64),
        np.zeros((MAX_PLAYERS, STUD_CARDS), dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.zeros(STATE_SIZE, dtype=np.int64),
        np.zeros(52, dtype=np.bool_),
        np.zeros(STUD_CARDS, dtype=np.int64),
        np.zeros(9, dtype=np.int64),
    )


@kernel()
def _effective(seats: Grid, count: int, index: int) -> int:
    """What a player can still lose: the stack, capped by the next largest stack in play."""
    first = -1
    second = -1
    for i in range(count):
        if seats[ROW_FOLDED, i]:
            continue
        total = seats[ROW_BETS, i] + seats[ROW_STACKS, i]
        if total > first:
            second = first
            first = total
        elif total > second:
            second = total
    if second < 0:
        return 0
    room = second - seats[ROW_BETS, index]
    if room < 0:
        room = 0
    return int(min(seats[ROW_STACKS, index], room))


@kernel(inline=True)
def _in_hand(seats: Grid, count: int) -> int:
    """The players who have not folded."""
    total = 0
    for i in range(count):
        total += 1 - seats[ROW_FOLDED, i]
    return total


@kernel()
def _collect(seats: Grid, count: int) -> None:
    """The unmatched part of the largest bet back to its player; the bets into the pots."""
    first = -1
    second = -1
    for i in range(count):
        if seats[ROW_BETS, i] > first:
            second = first
            first = seats[ROW_BETS, i]
        elif seats[ROW_BETS, i] > second:
            second = seats[ROW_BETS, i]
    cutoff = second if second > 0 else 0
    for i in range(count):
        if seats[ROW_BETS, i] > cutoff:
            seats[ROW_STACKS, i] += seats[ROW_BETS, i] - cutoff
            seats[ROW_PUT_IN, i] -= seats[ROW_BETS, i] - cutoff
            seats[ROW_REFUNDS, i] += seats[ROW_BETS, i] - cutoff
            seats[ROW_BETS, i] = cutoff
        seats[ROW_CONTRIBUTIONS, i] += seats[ROW_BETS, i]
        seats[ROW_BETS, i] = 0


@kernel(inline=True)
def _round_goes_on(state: Ints, seats: Grid, count: int) -> bool:
    """Whether the betting round goes on: someone is still to act, and two or more in hand."""
    return state[HEAD] < state[TAIL] and _in_hand(seats, count) > 1


@kernel()
def _round_over(state: Ints, seats: Grid, count: int) -> None:
    if _round_goes_on(state, seats, count):
        return
    state[HEAD] = state[TAIL]
    state[BETTING] = 0
    _collect(seats, count)
    if _in_hand(seats, count) > 1:
        with_chips = 0
        for i in range(count):
            if not seats[ROW_FOLDED, i] and seats[ROW_STACKS, i] > 0:
                with_chips += 1
        if with_chips <= 1 and not state[ALL_IN]:
            state[ALL_IN] = 1
            if 0 < state[STUD_DEALT] < STUD_CARDS:  # stud before seventh street: the round
                state[ALLIN_STREET] = state[STREET]  # (third street 0), the cards each holds
                state[ALLIN_CARDS] = state[STUD_DEALT]
            elif state[STREET] < 3 and not state[STUD_DEALT]:
                state[ALLIN_STREET] = state[STREET]
                state[ALLIN_CARDS] = state[BOARD_SIZE]


@kernel()
def _begin_round(state: Ints, opener: int, seats: Grid, count: int) -> None:
    tail = 0
    for k in range(count):
        i = (opener + k) % count
        if (
            not seats[ROW_FOLDED, i]
            and seats[ROW_STACKS, i] > 0
            and _effective(seats, count, i) > 0
        ):
            seats[ROW_QUEUE, tail] = i
            tail += 1
    state[HEAD] = 0
    state[TAIL] = tail
    state[LAST_RAISE] = 0
    state[RAISES] = 0
    state[SHORT_SUM] = 0
    state[SHORT_COUNT] = 0
    state[BETTING] = 1
    for i in range(count):
        seats[ROW_ACTED, i] = 0
    top = 0
    for i in range(count):
        top = max(top, seats[ROW_BETS, i])
    if tail == 1 and seats[ROW_BETS, seats[ROW_QUEUE, 0]] >= top:
        state[HEAD] = tail
    _round_over(state, seats, count)


@kernel()
def _raise(
    state: Ints,
    actor: int,
    to: int,
    betting: int,
    street_minimum: int,
    pot_total: int,
    seats: Grid,
    count: int,
) -> tuple[int, int]:
    """A bet or raise to ``to``: (0, 0), or the :class:`Refusal` that forbids it and the limit
    the amount broke (units)."""
    top = 0
    for i in range(count):
        top = max(top, seats[ROW_BETS, i])
    stack = seats[ROW_STACKS, actor]
    bet = seats[ROW_BETS, actor]
    call = min(stack, top - bet)
    if call < state[LAST_RAISE]:
        return Refusal.SHORT_ALL_IN, 0
    if betting == FIXED_LIMIT and state[RAISES] == FIXED_LIMIT_BETS:
        return Refusal.RAISE_CAP, 0
    if state[SHORT_COUNT] and state[SHORT_SUM] < state[LAST_RAISE] and seats[ROW_ACTED, actor]:
        return Refusal.SHORT_ALL_IN, 0
    if stack <= top - bet:
        return Refusal.RAISE_CALL_ONLY, 0
    others = False
    for i in range(count):
        if (
            i != actor
            and not seats[ROW_FOLDED, i]
            and seats[ROW_STACKS, i] + seats[ROW_BETS, i] > top
        ):
            others = True
    if not others:
        return Refusal.RAISE_ALONE, 0
    least = min(stack + bet, max(state[LAST_RAISE], street_minimum) + top)
    if betting == FIXED_LIMIT:
        most = least
    elif betting == POT_LIMIT:
        most = min(stack + bet, max(least, 2 * top - bet + pot_total))
    else:
        most = stack + bet
    if to > stack + bet:
        return Refusal.RAISE_OVER_STACK, stack + bet
    if to < least:
        return Refusal.RAISE_UNDER_MINIMUM, least
    if to > most:
        return Refusal.RAISE_OVER_LIMIT, most
    increment = to - top
    seats[ROW_BETS, actor] += to - bet
    seats[ROW_STACKS, actor] -= to - bet
    seats[ROW_PUT_IN, actor] += to - bet
    tail = 0
    for k in range(1, count):
        i = (actor + k) % count
        if not seats[ROW_FOLDED, i] and seats[ROW_STACKS, i] > 0:
            seats[ROW_QUEUE, tail] = i
            tail += 1
    state[HEAD] = 0
    state[TAIL] = tail
    seats[ROW_ACTED, actor] = 1
    if increment >= state[LAST_RAISE]:
        for i in range(count):
            seats[ROW_ACTED, i] = 0
        seats[ROW_ACTED, actor] = 1
    state[LAST_RAISE] = max(state[LAST_RAISE], increment)
    state[RAISES] += 1
    if seats[ROW_STACKS, actor] > 0:
        state[SHORT_SUM] = 0
        state[SHORT_COUNT] = 0
    else:
        state[SHORT_SUM] += increment
        state[SHORT_COUNT] += 1
    if state[SHORT_SUM] >= state[LAST_RAISE]:
        state[SHORT_SUM] = 0
        state[SHORT_COUNT] = 0
    return Refusal.NONE, 0


@kernel()
def _check_cards(
    state: Ints, holes: Grid, board: Ints, in_deck: npt.NDArray[np.bool_],
    seen: npt.NDArray[np.bool_],
) -> int:  # fmt: skip
    """Every known card in the deck and seen once (the holes seat by seat, then the board), as
    the reference replay checks them: 0, or the refusal (its card, where it was seen first and
    where again: a seat, or -1 for the board)."""
    count, holes_per, board_size = state[PLAYERS], state[HOLES_PER], state[BOARD_SIZE]
    for place in range(count + 1):
        size = holes_per if place < count else board_size
        for k in range(size):
            card = holes[place, k] if place < count else board[k]
            if card < 0:
                continue
            where = place if place < count else -1
            if not in_deck[card]:
                return refuse(state, Refusal.CARD_NOT_IN_DECK, -1, where, -1, card, 0)
            if seen[card]:
                first = -1
                for other in range(count - 1, -1, -1):
                    for j in range(holes_per):
                        earlier = other < place or (other == place and j < k)
                        if earlier and holes[other, j] == card:
                            first = other
                return refuse(state, Refusal.CARD_SEEN_TWICE, -1, where, first, card, 0)
            seen[card] = True
    return 0


# -- stud: the deals street by street, who acts first, the showdown -----------------------------
# The standard deals two down cards and one up on third street, one up card on each of fourth to
# sixth, one down on seventh (pokerkit's ``SevenCardStud`` streets): a player's cards 2 to 5 are
# the up cards, by their place in the row. When the deck runs short on seventh street, one
# community card (``d db``) is every player's last.


@kernel()
def _stud_deal(
    state: Ints, seats: Grid, holes: Grid, cards: Grid, step: int, actor: int, given: int
) -> int:
    """Stud hole cards (``given`` of row ``step``) to ``actor``: 0, or the refusal. The first
    deal after a street's betting opens the next street; a player who folded, or mucked at an
    all-in's showdown before the last cards, is dealt no more."""
    if state[BETTING]:
        to_act = seats[ROW_QUEUE, state[HEAD]]
        return refuse(state, Refusal.HOLE_WHILE_BETTING, step, actor, to_act, 0, 0)
    if seats[ROW_FOLDED, actor] or seats[ROW_MUCKED, actor]:
        return refuse(state, Refusal.DEALT_AFTER_FOLD, step, actor, -1, 0, 0)
    street_cards = state[STUD_DEALT]
    have = seats[ROW_DEALT, actor]
    if have == street_cards:  # the next street's first deal
        complete = street_cards < STUD_CARDS and state[BOARD_SIZE] == 0
        for i in range(state[PLAYERS]):
            out = seats[ROW_FOLDED, i] or seats[ROW_MUCKED, i]
            complete = complete and (out or seats[ROW_DEALT, i] == street_cards)
        if not complete:
            return refuse(state, Refusal.DEALT_TWICE, step, actor, -1, 0, 0)
        street_cards = 3 if street_cards == 0 else street_cards + 1
        state[STUD_DEALT] = street_cards
        if street_cards > 3:
            state[STREET] += 1
    if given != street_cards - have:
        return refuse(state, Refusal.DEALT_COUNT, step, actor, -1, given, 0)
    for k in range(given):
        card = cards[step, k]
        if 2 <= have + k <= 5 and card < 0:
            return refuse(state, Refusal.UP_CARD_UNSEEN, step, actor, -1, 0, 0)
        holes[actor, have + k] = card
    seats[ROW_DEALT, actor] = street_cards
    return 0


@kernel()
def _stud_street_dealt(state: Ints, seats: Grid) -> bool:
    """Whether every player still in the hand holds this street's cards."""
    for i in range(state[PLAYERS]):
        out = seats[ROW_FOLDED, i] or seats[ROW_MUCKED, i]
        if not out and seats[ROW_DEALT, i] != state[STUD_DEALT]:
            return False
    return True


@kernel()
def _stud_opener(
    cards: int, holes: Grid, seats: Grid, count: int, tables: ShortHandTables, work: Ints
) -> int:
    """Who acts first on a stud street (``cards`` each): on third street the bring-in, the lowest
    up card by the ranking's bring-in order; after it the best showing hand (high, or razz's
    ace-to-five low), the first in the order of the seats among equals (as pokerkit)."""
    card_keys, offsets, values, bring_in = (
        tables.card_keys, tables.offsets, tables.values, tables.bring_in
    )  # fmt: skip
    opener = 0
    if cards == 3:
        lowest = 1 << 30
        for i in range(count):
            if not seats[ROW_FOLDED, i] and bring_in[holes[i, 2]] < lowest:
                lowest = bring_in[holes[i, 2]]
                opener = i
        return opener
    ups = min(cards, 6) - 2
    best = -1
    for i in range(count):
        if seats[ROW_FOLDED, i]:
            continue
        for k in range(ups):
            work[k] = holes[i, 2 + k]
        value = showing_value(work, ups, card_keys, offsets, values)
        if value > best:
            best = value
            opener = i
    return opener


@kernel()
def _show_unknown(state: Ints, step: int, actor: int, cards: Grid, shown: int,
                  dealt: int) -> tuple[int, int]:  # fmt: skip
    """A show's count checked against the ``dealt`` cards it must name, and its cards not seen
    (``?``): (0, how many); (0, -1) when nothing changes (no card shown, or none seen); (the
    refusal, -1) when the count is not the cards dealt. The board games' and stud's shows."""
    if shown == 0:
        return 0, -1
    if shown != dealt:
        return refuse(state, Refusal.SHOW_COUNT, step, actor, -1, shown, 0), -1
    unknown = 0
    for k in range(shown):
        unknown += cards[step, k] < 0
    if unknown == shown:
        return 0, -1  # nothing seen: nothing changes
    return 0, unknown


@kernel()
def _stud_show(state: Ints, step: int, actor: int, cards: Grid, shown: int, holes: Grid,
               held: int) -> int:  # fmt: skip
    """A stud player shows ``shown`` cards: the cards dealt (``held`` of them) in any order, the
    ones dealt face down unseen taken from the show. A show in part (some cards unseen) names
    no more cards not seen dealt than the places dealt unseen, which they fill; the hand stays
    unseen in part (:func:`_judge_pot` judges it so). 0, or the refusal."""
    refused, unknown = _show_unknown(state, step, actor, cards, shown, held)
    if unknown < 0:
        return refused
    same = True
    free = 0
    for j in range(held):
        if holes[actor, j] < 0:
            free += 1
            continue
        found = False
        for k in range(shown):
            found = found or cards[step, k] == holes[actor, j]
        same = same and found
    extra = 0
    for k in range(shown):
        dealt_card = cards[step, k] < 0  # an unseen card of the show names nothing new
        for j in range(held):
            dealt_card = dealt_card or holes[actor, j] == cards[step, k]
        extra += not dealt_card
    if (unknown and extra > free) or (not unknown and (not same or extra != free)):
        shown_cards = _packed_row(cards, step, shown)
        dealt_cards = _packed_row(holes, actor, held)
        return refuse(state, Refusal.SHOW_NOT_DEALT, step, actor, -1, shown_cards, dealt_cards)
    for k in range(shown):  # the unseen down cards, in the order shown
        dealt_card = cards[step, k] < 0
        for j in range(held):
            dealt_card = dealt_card or holes[actor, j] == cards[step, k]
        if not dealt_card:
            for j in range(held):
                if holes[actor, j] < 0:
                    holes[actor, j] = cards[step, k]
                    break
    return 0


@kernel()
def _stud_values(
    game: int, holes: Grid, player: int, board: Ints, board_size: int, high: RankingTables,
    low: RankingTables, work: Ints,
) -> tuple[int, int]:  # fmt: skip
    """A stud player's seven cards, every one known (the community card as the last when one
    was dealt): the high value under ``high``, the game's (razz's: the ace-to-five
    ranking) and the eight-or-better low (1: none, or not stud hi/lo)."""
    for k in range(STUD_CARDS):
        work[k] = board[0] if k == STUD_CARDS - 1 and board_size else holes[player, k]
    lowest = _any_five(work, STUD_CARDS, low) if game == STUD_HI_LO else 1
    return _any_five(work, STUD_CARDS, high), lowest


# -- the table action by action, for a replayer ------------------------------------------------
# the columns of ``StepRecord.facts``, one row per step
STEP_STREET, STEP_BOARD, STEP_TO_ACT, STEP_ALLIN_STREET, STEP_ALLIN_CARDS = range(5)
STEP_FACTS: Final = 5


class StepRecord(NamedTuple):
    """The table after each line of one hand, written by :func:`replay_one` only when given one:
    row ``r`` is the table after ``r`` actions (row 0: the antes and blinds posted). Per row and
    player: the stack, the bet in front, the chips put in so far, whether folded, the cards
    dealt (hold'em: 1 once dealt or shown; stud: how many) and the hole cards (-1 unseen); per
    row the chips in the pots (the bets included), the board (-1 beyond it) and the facts
    (``STEP_`` columns: the street, the board's size, the seat to act or -1, the all-in's street
    and board size, -1 before an all-in before the river). ``written[0]``: the rows written
    (fewer than the actions and one when the hand is refused before its end)."""

    stacks: Grid
    bets: Grid
    put_in: Grid
    folded: Grid
    dealt: Grid
    holes: npt.NDArray[np.int64]
    pots: Ints
    board: Grid
    facts: Grid
    written: Ints
    runs: npt.NDArray[np.int64]
    """Per row, each run's board of a board run more than once (``MAX_RUNS`` x 5: the common
    cards first, -1 beyond it and for a run not dealt yet)."""


@kernel()
def no_steps() -> StepRecord:
    """A step record of no rows, which :func:`replay_one` leaves alone: the readers pass it (and
    a site record), so that the kernel has one signature, the one Python calls it with (two
    signatures compiled the whole replay twice, about 35 s of CPU each)."""
    none = np.zeros((0, MAX_PLAYERS), dtype=np.int64)
    grid = np.zeros((0, MAX_PLAYERS, STUD_CARDS), dtype=np.int64)
    row = np.zeros(0, dtype=np.int64)
    return StepRecord(none, none, none, none, none, grid, row, np.zeros((0, 5), dtype=np.int64),
                      np.zeros((0, STEP_FACTS), dtype=np.int64), np.zeros(1, dtype=np.int64),
                      np.zeros((0, MAX_RUNS, 5), dtype=np.int64))  # fmt: skip


@kernel()
def _record_step(
    steps: StepRecord, row: int, state: Ints, seats: Grid, holes: Grid, board: Ints
) -> None:
    """The table as it stands into row ``row`` of ``steps``."""
    pot = 0
    for i in range(state[PLAYERS]):
        steps.stacks[row, i] = seats[ROW_STACKS, i]
        steps.bets[row, i] = seats[ROW_BETS, i]
        steps.put_in[row, i] = seats[ROW_PUT_IN, i]
        steps.folded[row, i] = seats[ROW_FOLDED, i]
        steps.dealt[row, i] = seats[ROW_DEALT, i]
        for k in range(holes.shape[1]):
            steps.holes[row, i, k] = holes[i, k]
        pot += seats[ROW_DEAD, i] + seats[ROW_CONTRIBUTIONS, i] + seats[ROW_BETS, i]
    steps.pots[row] = pot
    for k in range(5):
        steps.board[row, k] = board[k]
    facts = steps.facts
    facts[row, STEP_STREET] = state[STREET]
    facts[row, STEP_BOARD] = state[BOARD_SIZE]
    betting = state[BETTING] and state[HEAD] < state[TAIL]
    facts[row, STEP_TO_ACT] = seats[ROW_QUEUE, state[HEAD]] if betting else -1
    facts[row, STEP_ALLIN_STREET] = state[ALLIN_STREET]
    facts[row, STEP_ALLIN_CARDS] = state[ALLIN_CARDS] if state[ALLIN_STREET] >= 0 else -1
    steps.written[0] = row + 1


@kernel()
def _unseen_shares(shares: Grid, pot: int, shown: int, winners_only: int, hidden: int,
                   count: int) -> None:  # fmt: skip
    """A pot some unseen hands contest, as the reference replay judges it: split evenly among
    the ``hidden`` and the ``shown`` (``winners_only``: those of them with a share, the unseen
    hands tying the winner by playing the board in hold'em)."""
    winners = 0
    for i in range(count):
        if (hidden >> i) & 1 or ((shown >> i) & 1 and (not winners_only or shares[pot, i])):
            winners |= 1 << i
    people = 0
    for i in range(count):
        people += (winners >> i) & 1
    for i in range(count):
        shares[pot, i] = DEN // people if (winners >> i) & 1 else 0


# -- the site's record against the replay -------------------------------------------------------
# A player's winnings are whole units and a remainder in 1/DEN of a unit (rows ``GROSS`` and
# ``GROSS_PARTS``, ``WON`` and ``WON_PARTS`` of the scratch, the remainders from 0 to DEN - 1):
# a table of up to 2**53 units a stack (the model's ``MAX_UNITS``) is exact in int64, where one
# count of 1/DEN would pass 2**63 past 2**48 units.
SITE_ENTRY: Final = 6
"""A disagreement in a site record array: its code (:class:`~.refusals.SiteRecord`), a seat or
pot (-1), and two amounts, each whole units and a remainder in 1/DEN."""
MAX_SITE_ENTRIES: Final = 4 * MAX_PLAYERS + 4
SITE_RECORD_SIZE: Final = 1 + SITE_ENTRY * MAX_SITE_ENTRIES
"""The length of a site record array: the count of disagreements, then each one."""


@kernel()
def _disagree(out: Ints | None, found: int, entry: Ints) -> int:
    """Disagreement ``found`` (counted from 0), the ``SITE_ENTRY`` values of ``entry``, into
    ``out`` when given; one more found. (The values travel in an array, so that the helper is
    compiled once, not once per literal code and amount.)"""
    if out is not None:
        at = 1 + SITE_ENTRY * found
        for k in range(SITE_ENTRY):
            out[at + k] = entry[k]
        out[0] = found + 1
    return found + 1


@kernel(inline=True)
def _entry(entry: Ints, code: int, place: int, first: int, first_parts: int, second: int,
           second_parts: int) -> Ints:  # fmt: skip
    """``entry`` filled with a disagreement (see :data:`SITE_ENTRY`)."""
    entry[0] = code
    entry[1] = place
    entry[2] = first
    entry[3] = first_parts
    entry[4] = second
    entry[5] = second_parts
    return entry


@kernel()
def _site_record(
    hand_input: HandInput, put_in: Ints, amounts: Grid, pots_out: Ints, shares: Grid, pots: int,
    total: int, odd: int, out: Ints | None,
) -> int:  # fmt: skip
    """The site's record (winnings, finishing stacks, PokerStars' pots, rake and total) against
    the replay's winnings (rows ``GROSS`` and ``GROSS_PARTS`` of ``amounts``): how many
    disagreements (each into ``out`` when given, as :class:`~.refusals.SiteRecord` words them),
    and, when none, the rows ``WON`` and ``WON_PARTS`` are what the site paid (whole units)."""
    count, paid_said, finishing = hand_input.players, hand_input.paid, hand_input.finishing
    stacks0, said = hand_input.stacks, hand_input.said
    has_winnings, has_finishing = hand_input.has_winnings, hand_input.has_finishing
    gross, gross_parts, split = amounts[GROSS], amounts[GROSS_PARTS], amounts[SPLIT]
    won, won_parts, paid = amounts[WON], amounts[WON_PARTS], amounts[PAID]
    entry = np.zeros(SITE_ENTRY, dtype=np.int64)
    cashed = said[SAID_CASHED]  # a seat cashed out took its cash-out, whatever it won
    found = 0
    have = False
    if has_winnings:
        any_paid = False
        for i in range(count):
            any_paid = any_paid or paid_said[i] != 0
        if not any_paid and total and not cashed:
            found = _disagree(out, found, _entry(entry, SiteRecord.ZERO_WINNINGS, -1, 0, 0, 0, 0))
        else:
            for i in range(count):
                paid[i] = paid_said[i]
            have = True
    if has_finishing:
        for i in range(count):
            from_stack = finishing[i] - (stacks0[i] - put_in[i])
            if have and from_stack != paid[i]:
                gap = from_stack - paid[i]
                found = _disagree(out, found, _entry(entry, SiteRecord.STACKS_GAP, i, gap, 0, 0, 0))
            if not have:
                paid[i] = from_stack
        have = True
    if not have:
        return found
    for i in range(count):
        if (cashed >> i) & 1:
            paid[i] = said[SAID_CASH_OUTS + i]
    start = found
    kept = 0  # what the site keeps: whole units and a remainder in 1/DEN
    kept_parts = 0
    for i in range(count):
        allowance = 1 if split[i] else 0  # a split pot's odd chip
        given = paid[i]
        won[i] = given
        won_parts[i] = 0
        if (cashed >> i) & 1:
            continue
        units, parts = gross[i], gross_parts[i]
        if given < 0:
            found = _disagree(
                out, found, _entry(entry, SiteRecord.PAID_NEGATIVE, i, given, 0, 0, 0)
            )
        elif units == 0 and parts == 0 and given > 0:
            found = _disagree(out, found, _entry(entry, SiteRecord.PAID_NOT_WON, i, given, 0, 0, 0))
        elif given == 0 and (units > allowance or (units == allowance and parts)) and not cashed:
            found = _disagree(out, found, _entry(entry, SiteRecord.WON_NOT_PAID, i, units, parts,
                                                 0, 0))  # fmt: skip
        elif given - allowance > units:  # (a whole number above the winnings' whole units)
            found = _disagree(out, found, _entry(entry, SiteRecord.PAID_OVER, i, given, 0, units,
                                                 parts))  # fmt: skip
        kept += units - given
        kept_parts += parts
    kept += kept_parts // DEN
    kept_parts %= DEN
    if found == start and said[SAID_POTS] > 1:  # who the site says took each pot (PokerStars)
        last = -1
        for pot in range(MAX_PLAYERS):
            if said[SAID_POT_MASKS + pot] >= 0:
                last = pot
        if last >= pots:
            found = _disagree(out, found, _entry(entry, SiteRecord.POT_COUNT, -1, last + 1, 0,
                                                 pots, 0))  # fmt: skip
        else:
            for pot in range(last + 1):
                mask = said[SAID_POT_MASKS + pot]
                if mask < 0:
                    continue
                ours = 0
                for i in range(count):
                    if shares[pot, i]:
                        ours |= 1 << i
                if ours != mask:
                    found = _disagree(out, found, _entry(entry, SiteRecord.POT_WINNERS, pot, mask,
                                                         0, ours, 0))  # fmt: skip
    # the site keeps more than a tenth of the pot, beyond its odd chips: a tenth is whole units
    # and tenths of a unit (DEN is a multiple of 10), compared as (units, parts)
    limit, limit_parts = total // 10 + odd, (total % 10) * (DEN // 10)
    too_much = kept > limit or (kept == limit and kept_parts > limit_parts)
    if found == start and total and not cashed and too_much:
        paid_total = 0
        for i in range(count):
            paid_total += paid[i]
        found = _disagree(out, found, _entry(entry, SiteRecord.KEEPS_TOO_MUCH, -1, paid_total, 0,
                                             total, 0))  # fmt: skip
    # more than the odd chips between the rake and what the site keeps: kept - rake is
    # (gap, kept_parts), past odd above it or below -odd (a remainder only brings it nearer)
    gap = kept - said[SAID_RAKE]
    rake_gap = gap > odd or (gap == odd and kept_parts > 0) or gap < -odd
    if said[SAID_HAS_RAKE] and found == start and not cashed and rake_gap:
        found = _disagree(out, found, _entry(entry, SiteRecord.RAKE, -1, said[SAID_RAKE], 0, kept,
                                             kept_parts))  # fmt: skip
    if said[SAID_HAS_TOTAL] and said[SAID_TOTAL] != total:
        found = _disagree(out, found, _entry(entry, SiteRecord.TOTAL_POT, -1, said[SAID_TOTAL], 0,
                                             total, 0))  # fmt: skip
    if found > start and has_finishing and not has_winnings:  # the wording's dead-blind hint
        for i in range(count):
            if gross[i] != paid[i] or gross_parts[i]:
                found = _disagree(out, found, _entry(entry, SiteRecord.GAP, i, gross[i] - paid[i],
                                                     gross_parts[i], 0, 0))  # fmt: skip
    if found:
        for i in range(count):
            won[i] = gross[i]
            won_parts[i] = gross_parts[i]
    return found


# -- draw games: the draws between the betting rounds, the showdown -------------------------------
# pokerkit's ``TripleDraw`` and ``SingleDraw`` streets: the cards dealt, a betting round, then
# each draw (every player still in the hand stands pat or throws cards away, in the order of the
# seats from the small blind, all-in players too; one card burnt; the cards drawn dealt) and a
# betting round after it, the first player after the button first. A player's thrown-away places
# are ``EMPTY`` until the cards drawn fill them. When the deck runs out, pokerkit deals the burnt,
# mucked and thrown-away cards again: a card seen before may come again only once more than 52
# cards have left the deck.


@kernel(inline=True)
def _draw_rounds(game: int) -> int:
    """The draws of a draw game: one in single draw, three in triple draw and badugi."""
    return 1 if game == DEUCE_TO_SEVEN_SINGLE else 3


@kernel()
def _draw_settled(state: Ints, seats: Grid) -> bool:
    """Whether every player still in the hand has stood pat or thrown away on this draw, and
    been dealt the cards drawn."""
    for i in range(state[PLAYERS]):
        waiting = seats[ROW_DREW, i] < state[STREET] or seats[ROW_PENDING, i]
        if not seats[ROW_FOLDED, i] and waiting:
            return False
    return True


@kernel()
def _draw_deal(
    state: Ints, seats: Grid, holes: Grid, cards: Grid, step: int, actor: int, first: int,
    given: int, in_deck: npt.NDArray[np.bool_], seen: npt.NDArray[np.bool_],
) -> int:  # fmt: skip
    """Cards ``first`` to ``first + given`` of row ``step`` dealt into ``actor``'s empty places
    (the first deal, or the cards drawn): 0, or the refusal. A known card must be in the deck, in
    no other hand still in play, and unseen until the deck has run out."""
    holes_per = state[HOLES_PER]
    if given > seats[ROW_PENDING, actor]:
        waiting = seats[ROW_PENDING, actor]
        return refuse(state, Refusal.DEALT_UNDRAWN, step, actor, -1, given, waiting)
    reshuffled = state[DECK_USED] + given > 52
    for k in range(first, first + given):
        card = cards[step, k]
        if card >= 0:
            if not in_deck[card]:
                return refuse(state, Refusal.CARD_NOT_IN_DECK, step, actor, -1, card, 0)
            for i in range(state[PLAYERS]):
                if seats[ROW_FOLDED, i]:
                    continue
                for j in range(holes_per):
                    if holes[i, j] == card:
                        return refuse(state, Refusal.CARD_SEEN_TWICE, step, actor, i, card, 0)
            if seen[card] and not reshuffled:
                return refuse(state, Refusal.DRAWN_AGAIN, step, actor, actor, card, 0)
            seen[card] = True
        for j in range(holes_per):
            if holes[actor, j] == EMPTY:
                holes[actor, j] = card
                break
    seats[ROW_PENDING, actor] -= given
    state[DECK_USED] += given
    return 0


@kernel()
def _draw(
    state: Ints, seats: Grid, holes: Grid, cards: Grid, step: int, actor: int, given: int,
    thrown: int, in_deck: npt.NDArray[np.bool_], seen: npt.NDArray[np.bool_],
) -> int:  # fmt: skip
    """``actor`` stands pat or throws away ``thrown`` cards of row ``step`` (the rest of its
    ``given`` cards the ones drawn, or none: dealt by the rows after); the first of a draw opens
    it (one card burnt). 0, or the refusal."""
    count, holes_per = state[PLAYERS], state[HOLES_PER]
    if seats[ROW_FOLDED, actor]:
        return refuse(state, Refusal.DRAW_AFTER_FOLD, step, actor, -1, 0, 0)
    if _draw_settled(state, seats):  # the next draw opens
        if _in_hand(seats, count) < 2:
            return refuse(state, Refusal.DRAW_AFTER_FOLDS, step, actor, -1, 0, 0)
        rounds = _draw_rounds(state[GAME])
        if state[STREET] >= rounds:
            return refuse(state, Refusal.DRAW_AFTER_LAST, step, actor, -1, 0, rounds)
        state[STREET] += 1
        state[DECK_USED] += 1
    turn = -1  # the first player still in the hand, in the order of the seats, to draw
    for i in range(count - 1, -1, -1):
        if not seats[ROW_FOLDED, i] and seats[ROW_DREW, i] < state[STREET]:
            turn = i
    if turn < 0:
        return refuse(state, Refusal.DRAW_TWICE, step, actor, -1, 0, 0)
    if turn != actor:
        return refuse(state, Refusal.DRAW_OUT_OF_TURN, step, actor, turn, 0, 0)
    drawn = given - thrown
    if thrown < 0 or thrown > holes_per or (drawn != 0 and drawn != thrown):
        return refuse(state, Refusal.DRAW_COUNT, step, actor, -1, drawn, thrown)
    held = _packed_row(holes, actor, holes_per)  # as held before the throw, for a refusal
    for k in range(thrown):
        card = cards[step, k]
        place = -1
        for j in range(holes_per):
            if holes[actor, j] == card:
                place = j
                break
        if place < 0:
            shown_cards = _packed_row(cards, step, thrown)
            return refuse(state, Refusal.DISCARD_NOT_HELD, step, actor, -1, shown_cards, held)
        holes[actor, place] = EMPTY
    seats[ROW_DREW, actor] = state[STREET]
    seats[ROW_PENDING, actor] = thrown
    if drawn:
        return _draw_deal(state, seats, holes, cards, step, actor, thrown, drawn, in_deck, seen)
    return 0


@kernel()
def _draw_action(
    state: Ints, seats: Grid, holes: Grid, cards: Grid, step: int, kind: int, actor: int,
    given: int, amount: int, in_deck: npt.NDArray[np.bool_], seen: npt.NDArray[np.bool_],
) -> int:  # fmt: skip
    """A draw game's row ``step``: a player's first cards, a discard (``amount`` cards thrown
    away, :func:`_draw`), or the cards drawn; 0, or the refusal."""
    holes_per = state[HOLES_PER]
    if kind == DISCARD_DRAW:
        if not DEUCE_TO_SEVEN_TRIPLE <= state[GAME] <= BADUGI:
            return refuse(state, Refusal.DRAW_IN_NO_DRAW_GAME, step, actor, -1, 0, 0)
        if seats[ROW_FOLDED, actor]:
            return refuse(state, Refusal.DRAW_AFTER_FOLD, step, actor, -1, 0, 0)
        if state[BETTING]:
            to_act = seats[ROW_QUEUE, state[HEAD]]
            return refuse(state, Refusal.DRAW_WHILE_BETTING, step, actor, to_act, 0, 0)
        return _draw(state, seats, holes, cards, step, actor, given, amount, in_deck, seen)
    if seats[ROW_FOLDED, actor]:
        return refuse(state, Refusal.DEALT_AFTER_FOLD, step, actor, -1, 0, 0)
    if not seats[ROW_DEALT, actor]:  # the first deal
        if given != holes_per:
            return refuse(state, Refusal.DEALT_COUNT, step, actor, -1, given, 0)
        seats[ROW_DEALT, actor] = 1
        for j in range(holes_per):
            holes[actor, j] = EMPTY
        seats[ROW_PENDING, actor] = holes_per
    elif state[BETTING]:
        to_act = seats[ROW_QUEUE, state[HEAD]]
        return refuse(state, Refusal.HOLE_WHILE_BETTING, step, actor, to_act, 0, 0)
    return _draw_deal(state, seats, holes, cards, step, actor, 0, given, in_deck, seen)


@kernel()
def _draw_values(
    game: int, holes: Grid, player: int, holes_per: int, deuce7: RankingTables,
    badugi: BadugiTables, work: Ints,
) -> int:  # fmt: skip
    """A draw player's final hand, every card known: its value (deuce-to-seven's five cards, ace
    high only; badugi's four)."""
    for k in range(holes_per):
        work[k] = holes[player, k]
    if game == BADUGI:
        return badugi_value(work, badugi.binomials, badugi.values)
    return _any_five(work, holes_per, deuce7)


# -- a board run more than once (run it twice, three times) --------------------------------------
# Once every player is all in, the rest of the board may be dealt more than once: each run's
# cards are a ``deal-board`` whose amount is its run (1 to MAX_RUNS; -1 the one board). A run
# starts from the common cards (the board as it stood); the board deals no more once a run is
# dealt. Each pot is judged on each run's board and split between the runs evenly, its shares
# summed over the runs and divided (exact: ``DEN`` counts a half or a ninth of a third).


@kernel()
def _deal_run(
    state: Ints, runs: Grid, board: Ints, cards: Grid, step: int, run: int, given: int
) -> int:
    """Row ``step`` deals ``given`` cards to run ``run`` (0: to the one board, once a run is
    dealt); 0, or the refusal. ``runs``: the seats grid, whose ``RUN_ROWS`` hold the runs."""
    if run <= 0:
        return refuse(state, Refusal.BOARD_AFTER_RUNS, step, -1, -1, 0, 0)
    if not state[ALL_IN]:
        return refuse(state, Refusal.RUN_WITHOUT_ALL_IN, step, -1, -1, 0, 0)
    row = RUN_ROWS + run - 1
    if not (state[RUNS] >> run) & 1:  # the run's first cards: the common ones first
        state[RUNS] |= 1 << run
        for k in range(5):
            runs[row, k] = board[k]
        runs[row, RUN_SIZE] = state[BOARD_SIZE]
        runs[row, RUN_COMMON] = state[BOARD_SIZE]
    have = runs[row, RUN_SIZE]
    if have == 5:
        return refuse(state, Refusal.BOARD_AFTER_RIVER, step, -1, -1, 0, 0)
    wanted = 3 if have == 0 else 1
    if given != wanted:
        return refuse(state, Refusal.BOARD_COUNT, step, -1, have, given, wanted)
    for k in range(wanted):
        runs[row, have + k] = cards[step, k]
    runs[row, RUN_SIZE] = have + wanted
    if have + wanted == 3:  # a run's flop: a flop seen
        _saw_flop(runs, state[PLAYERS])
    return 0


@kernel()
def _runs_short(state: Ints, runs: Grid) -> int:
    """The cards of the first run not dealt to the river, or 5."""
    for run in range(1, MAX_RUNS + 1):
        if (state[RUNS] >> run) & 1 and runs[RUN_ROWS + run - 1, RUN_SIZE] != 5:
            return int(runs[RUN_ROWS + run - 1, RUN_SIZE])
    return 5


@kernel()
def _first_run(state: Ints, board: Ints, runs: Grid) -> None:
    """The first run's board into ``board`` (the common cards, then its own): the board the
    cards are checked on first, and the hand's board in its row."""
    for run in range(1, MAX_RUNS + 1):
        if (state[RUNS] >> run) & 1:
            row = RUN_ROWS + run - 1
            for k in range(5):
                board[k] = runs[row, k]
            state[BOARD_SIZE] = runs[row, RUN_SIZE]
            return


@kernel()
def _check_runs(
    state: Ints, holes: Grid, runs: Grid, in_deck: npt.NDArray[np.bool_],
    seen: npt.NDArray[np.bool_],
) -> int:  # fmt: skip
    """After :func:`_check_cards` (the first run's board its board), each further run's own
    cards in the deck and seen once, as the reference replay checks them (run ``n`` in order is
    the place ``-n``): 0, or the refusal (its card, where it was seen first and where again)."""
    count, holes_per = state[PLAYERS], state[HOLES_PER]
    place = 0
    for run in range(1, MAX_RUNS + 1):
        if not (state[RUNS] >> run) & 1:
            continue
        place += 1
        if place == 1:
            continue
        row = RUN_ROWS + run - 1
        for k in range(runs[row, RUN_COMMON], runs[row, RUN_SIZE]):
            card = runs[row, k]
            if not in_deck[card]:
                return refuse(state, Refusal.CARD_NOT_IN_DECK, -1, -place, -1, card, 0)
            if seen[card]:
                first = -1  # on a seat, or on a run before (the first run's: the board)
                for other in range(count - 1, -1, -1):
                    for j in range(holes_per):
                        if holes[other, j] == card:
                            first = other
                earlier = 0
                for before in range(1, run):
                    if (state[RUNS] >> before) & 1:
                        earlier += 1
                        row_before = RUN_ROWS + before - 1
                        for j in range(runs[row_before, RUN_COMMON], runs[row_before, RUN_SIZE]):
                            if earlier > 1 and runs[row_before, j] == card:
                                first = -earlier
                return refuse(state, Refusal.CARD_SEEN_TWICE, -1, -place, first, card, 0)
            seen[card] = True
    return 0


@kernel()
def _record_runs(steps: StepRecord, row: int, state: Ints, runs: Grid) -> None:
    """Each run's board as it stands into row ``row`` of ``steps``."""
    for run in range(1, MAX_RUNS + 1):
        dealt = (state[RUNS] >> run) & 1
        for k in range(5):
            steps.runs[row, run - 1, k] = runs[RUN_ROWS + run - 1, k] if dealt else -1


@kernel()
def _cash_outs(said: Ints, rows: HandRows, hand: int, count: int) -> None:
    """Each seat cashed out during the hand (``said``) takes its cash-out, win or lose, and pays
    its fee: its row's ``won`` the cash-out, its ``gross`` that and the fee (so that the gross
    less ``won`` is the fee; whole units), flagged :data:`CASHED_OUT`."""
    cashed = said[SAID_CASHED]
    for i in range(count):
        if (cashed >> i) & 1:
            rows.flags[hand, i] |= CASHED_OUT
            rows.won[hand, i] = said[SAID_CASH_OUTS + i]
            rows.gross[hand, i] = said[SAID_CASH_OUTS + i] + said[SAID_CASH_FEES + i]
            rows.won_parts[hand, i] = 0
            rows.gross_parts[hand, i] = 0


@kernel()
def _run_shares(
    state: Ints, seats: Grid, holes: Grid, hole: Ints, work: Ints, tables: GameTables, pot: int,
    mask: int, shares: Grid,
) -> int:  # fmt: skip
    """Pot ``pot`` judged on each run's board (:func:`_judge_pot`) and split between the runs
    evenly: the unseen hands contesting it on some run (a bit each)."""
    count = state[PLAYERS]
    for i in range(count):
        seats[RUN_SHARES, i] = 0
    dealt = 0
    hidden = 0
    for run in range(1, MAX_RUNS + 1):
        if not (state[RUNS] >> run) & 1:
            continue
        dealt += 1
        row = RUN_ROWS + run - 1
        hidden |= _judge_pot(state, seats, holes, hole, work, tables, pot, mask, shares,
                             seats[row], 5)  # fmt: skip
        for i in range(count):
            seats[RUN_SHARES, i] += shares[pot, i]
    for i in range(count):  # exact: DEN counts a 27th of a pot (a ninth of a run of three)
        shares[pot, i] = seats[RUN_SHARES, i] // dealt
    return hidden


@kernel()
def _best_five(cards: Ints, count: int, tables: RankingTables) -> int:
    """The best five of ``count`` cards (5 to 7: a board and what is seen of a hand) by their
    five-card values (``_any_five`` reads tables of its ranking's card count only)."""
    keys5 = tables.keys5
    best = 0
    for a in range(count - 4):
        for b in range(a + 1, count - 3):
            for c in range(b + 1, count - 2):
                for d in range(c + 1, count - 1):
                    for e in range(d + 1, count):
                        key = (keys5[cards[a]] + keys5[cards[b]] + keys5[cards[c]]
                               + keys5[cards[d]] + keys5[cards[e]])  # fmt: skip
                        value = five_card_value(key, tables.is_flush5, tables.flush5, tables.plain5)
                        best = max(best, value)
    return best


@kernel()
def _show_in_part(
    state: Ints, step: int, actor: int, cards: Grid, holes: Grid, holes_per: int, work: Ints
) -> int:
    """A hand dealt in part shown, or one shown in part (row ``step``): the cards dealt and
    shown are no more than the hand's, as the reference replay merges them; the hand the cards
    shown (all seen), or those seen, those dealt but not shown, then the unseen. 0, or the
    refusal."""
    seen = 0
    for k in range(holes_per):  # the cards shown
        if cards[step, k] >= 0:
            work[seen] = cards[step, k]
            seen += 1
    for j in range(holes_per):  # then the cards dealt and not shown
        card = holes[actor, j]
        if card < 0:
            continue
        shown = False
        for k in range(seen):
            shown = shown or work[k] == card
        if not shown:
            if seen == holes_per:
                shown_cards = _packed_row(cards, step, holes_per)
                dealt_cards = _packed_row(holes, actor, holes_per)
                return refuse(state, Refusal.SHOW_NOT_DEALT, step, actor, -1, shown_cards,
                              dealt_cards)  # fmt: skip
            work[seen] = card
            seen += 1
    for k in range(holes_per):
        holes[actor, k] = work[k] if k < seen else -1
    return 0


@kernel()
def _whole_pot(shares: Grid, pot: int, players: int, count: int) -> None:
    """Pot ``pot`` whole to the one player of the bits of ``players`` (its shares zeroed)."""
    for i in range(count):
        if (players >> i) & 1:
            shares[pot, i] = DEN


@kernel()
def _judge_pot(
    state: Ints, seats: Grid, holes: Grid, hole: Ints, work: Ints, tables: GameTables, pot: int,
    mask: int, shares: Grid, board: Ints, board_size: int,
) -> int:  # fmt: skip
    """Pot ``pot`` (its contenders, two or more, the bits of ``mask``: :func:`_judge_pots` gives
    a pot of one contender whole) judged on one board (its first
    ``board_size`` cards: stud's shared last card): each player's share into ``shares[pot]``
    (1/DEN units); the unseen hands contesting it (a bit each), judged by
    :func:`_unseen_shares`. ``tables`` are the game's (:class:`GameTables`: its high ranking,
    razz's ace-to-five, the draw games' deuce-to-seven; eight-or-better; badugi's), not the whole
    :class:`ReplayTables`, whose 78 arrays cost two atomic reference counts each a call
    (``benchmarks/histories.md``); the players' values go to the ``ROW_HIGH`` and ``ROW_LOWS``
    rows of ``seats``."""
    count, game, holes_per = state[PLAYERS], state[GAME], state[HOLES_PER]
    ranked, low, badugi = tables.high, tables.low, tables.badugi
    stud = STUD <= game <= RAZZ
    draw = DEUCE_TO_SEVEN_TRIPLE <= game <= BADUGI
    for i in range(count):
        shares[pot, i] = 0
    standing = mask
    for i in range(count):
        if (mask >> i) & 1 and seats[ROW_MUCKED, i]:
            standing &= ~(1 << i)
    if standing == 0:
        standing = mask
    people = 0
    hidden = 0
    standing_count = 0
    for i in range(count):
        standing_count += (standing >> i) & 1
    for i in range(count):
        if (standing >> i) & 1:
            unseen = False
            for k in range(holes_per):  # stud's last card may be the one shared, the board's
                shared = stud and k == STUD_CARDS - 1 and board_size > 0
                unseen = unseen or (holes[i, k] < 0 and not shared)
            if unseen and (standing_count > 1 or not stud):  # stud: one left takes the pot
                hidden |= 1 << i  # a hand not seen whole: judged by _unseen_shares below
            else:
                people += 1
    if hidden:
        if people == 0:  # no hand known: the pot split evenly
            _unseen_shares(shares, pot, standing, 0, hidden, count)
            return hidden
        standing &= ~hidden
    if people == 1 and not hidden:
        _whole_pot(shares, pot, standing, count)
        return 0
    top = 0
    best_low = 1
    for i in range(count):
        if (standing >> i) & 1:
            if stud:
                seats[ROW_HIGH, i], seats[ROW_LOWS, i] = _stud_values(
                    game, holes, i, board, board_size, ranked, low, work
                )
            elif draw:
                seats[ROW_HIGH, i] = _draw_values(game, holes, i, holes_per, ranked, badugi, work)
                seats[ROW_LOWS, i] = 1
            else:
                for k in range(holes_per):
                    hole[k] = holes[i, k]
                seats[ROW_HIGH, i], seats[ROW_LOWS, i] = hand_values(
                    game, hole, holes_per, board, ranked, low, work
                )
            top = max(top, seats[ROW_HIGH, i])
            best_low = max(best_low, seats[ROW_LOWS, i])
    high_count = 0
    low_count = 0
    for i in range(count):
        if (standing >> i) & 1:
            high_count += seats[ROW_HIGH, i] == top
            low_count += best_low > 1 and seats[ROW_LOWS, i] == best_low
    half = DEN // 2 if low_count else DEN
    for i in range(count):
        if (standing >> i) & 1:
            share = 0
            if seats[ROW_HIGH, i] == top:
                share += half // high_count
            if low_count and seats[ROW_LOWS, i] == best_low:
                share += (DEN // 2) // low_count
            shares[pot, i] = share
    if hidden and (game <= SHORT_DECK_SOT or game == SHORT_DECK):  # hold'em, the short decks:
        tied = 0  # the unseen play the board, what is seen of them
        for i in range(count):
            if (hidden >> i) & 1:
                size = 5
                for k in range(5):
                    work[k] = board[k]
                for k in range(holes_per):
                    if holes[i, k] >= 0:
                        work[size] = holes[i, k]
                        size += 1
                if _best_five(work, size, ranked) == top:
                    tied |= 1 << i
        if tied:
            _unseen_shares(shares, pot, standing, 1, tied, count)
    return hidden


@kernel()
def _past_units(hand_input: HandInput) -> bool:
    """Whether an amount of the hand is past the model's ``MAX_UNITS`` (2**53 units), which the
    fast readers' numbers can reach (twelve digits at a scale of 10**6): the lenient reader
    refuses such a hand in the model's words. Below it every sum the replay makes fits int64."""
    count, said = hand_input.players, hand_input.said
    largest = max(abs(hand_input.bring_in), abs(hand_input.min_bet), abs(hand_input.big_bet))
    for i in range(count):
        largest = max(largest, abs(hand_input.stacks[i]), abs(hand_input.antes[i]))
        largest = max(largest, abs(hand_input.blinds[i]))
        if hand_input.has_winnings:
            largest = max(largest, abs(hand_input.paid[i]))
        if hand_input.has_finishing:
            largest = max(largest, abs(hand_input.finishing[i]))
    for step in range(hand_input.action_count):
        largest = max(largest, abs(hand_input.amounts[step]))
    for k in range(SAID_SIZE):
        if not SAID_POT_MASKS <= k < SAID_CASHED + 1:  # the amounts, not the seats' bits
            largest = max(largest, abs(said[k]))
    return largest > MAX_UNITS


@kernel(inline=True)
def game_tables(game: int, tables: ReplayTables, deck: npt.NDArray[np.bool_]) -> GameTables:
    """The tables a game's replay reads (:class:`GameTables`), picked once a hand by the
    replay's callers: the game's high ranking (razz's ace-to-five, the draw games'
    deuce-to-seven, a board game's by :func:`~._pot_kernels.board_high`), eight-or-better,
    badugi's, the up cards' (razz's ace-to-five, else high) and ``deck``."""
    if game == RAZZ:
        high = tables.razz7
    elif DEUCE_TO_SEVEN_TRIPLE <= game <= BADUGI:
        high = tables.deuce7
    else:
        high = board_high(game, tables)
    up = tables.up_low if game == RAZZ else tables.up_high
    return GameTables(high, tables.low, tables.badugi, up, deck)


@kernel(inline=True)
def _put(seats: Grid, actor: int, amount: int) -> None:
    """``amount`` from ``actor``'s stack into its bet."""
    seats[ROW_BETS, actor] += amount
    seats[ROW_STACKS, actor] -= amount
    seats[ROW_PUT_IN, actor] += amount


@kernel(inline=True)
def _saw_flop(seats: Grid, count: int) -> None:
    """Every player still in the hand saw the flop (stud's fourth street, a draw's first)."""
    for i in range(count):
        if not seats[ROW_FOLDED, i]:
            seats[ROW_FLAGS, i] |= SAW_FLOP


@kernel(inline=True)
def _start(hand_input: HandInput, working: ReplayWork) -> int:
    """A hand's table set (the ``PLAYERS`` ... ``HOLES_PER`` places of the state), the working
    arrays cleared, the antes (dead or trimmed) and blinds posted and the first round opened
    (stud's opens once third street is dealt): 0, or the refusal."""
    count, game = hand_input.players, hand_input.game
    seats, holes, board, state, seen = (
        working.seats, working.holes, working.board, working.state, working.seen
    )  # fmt: skip
    stud = STUD <= game <= RAZZ
    omaha = OMAHA <= game <= OMAHA_6_HI_LO
    holes_per = STUD_CARDS if stud else (4 + (game - OMAHA) // 2 if omaha else 2)
    if DEUCE_TO_SEVEN_TRIPLE <= game <= BADUGI:
        holes_per = 4 if game == BADUGI else 5
    if count > MAX_PLAYERS:  # before any seat's row is touched
        return refuse(state, Refusal.TOO_MANY_PLAYERS, -1, -1, -1, count, MAX_PLAYERS)
    for row in range(SCRATCH_ROWS):
        for i in range(count):
            seats[row, i] = 0
    for i in range(count):
        for k in range(holes.shape[1]):
            holes[i, k] = -1
    for k in range(5):
        board[k] = -1
    for k in range(STATE_SIZE):
        state[k] = 0
    for k in range(52):
        seen[k] = False
    state[ALLIN_STREET] = -1
    state[PLAYERS], state[GAME], state[BET_LIMIT] = count, game, hand_input.betting
    state[MIN_BET], state[BIG_BET] = hand_input.min_bet, hand_input.big_bet
    state[BRING_IN_BET], state[HOLES_PER] = hand_input.bring_in, holes_per
    if _past_units(hand_input):  # the lenient reader refuses it in the model's words
        return refuse(state, Refusal.PAST_UNITS, -1, -1, -1, 0, 0)
    stacks0, antes0, blinds0 = hand_input.stacks, hand_input.antes, hand_input.blinds
    for i in range(count):
        seats[ROW_STACKS, i] = stacks0[i]
        if stacks0[i] <= 0:
            return refuse(state, Refusal.NO_CHIPS, -1, i, -1, 0, 0)
    trimming = hand_input.trimming
    for i in range(count):
        ante = min(antes0[i], seats[ROW_STACKS, i])
        seats[ROW_STACKS, i] -= ante
        seats[ROW_PUT_IN, i] += ante
        if trimming:
            seats[ROW_BETS, i] = ante
        else:
            seats[ROW_DEAD, i] = ante
    if trimming:
        _collect(seats, count)
    for i in range(count):
        _put(seats, i, min(blinds0[i], seats[ROW_STACKS, i]))
    in_turn = hand_input.in_turn
    best_key = -(1 << 62)
    best_index = 0
    for i in range(count):
        key = seats[ROW_BETS, i] if in_turn[i] else -seats[ROW_BETS, i]
        if key >= best_key:
            best_key = key
            best_index = i
    if not stud:  # stud's first round opens once third street is dealt
        _begin_round(state, (best_index + 1) % count, seats, count)
    return 0


@kernel(inline=True)
def _bet_step(
    state: Ints, seats: Grid, step: int, kind: int, actor: int, amount: int, all_in: int
) -> int:
    """A betting row ``step`` by ``actor``: a fold, a check or call (``amount`` the site's, or
    -1), a bet or raise to ``amount``, or stud's bring-in; 0, or the refusal."""
    count = state[PLAYERS]
    if not state[BETTING]:
        return refuse(state, Refusal.NO_BETTING_ROUND, step, actor, -1, 0, 0)
    if seats[ROW_QUEUE, state[HEAD]] != actor:
        to_act = seats[ROW_QUEUE, state[HEAD]]
        return refuse(state, Refusal.OUT_OF_TURN, step, actor, to_act, 0, 0)
    # stud's bring-in: due from the first to act on third street until it is posted or the bet
    # completed (pokerkit's bring-in status), a post neither voluntary nor a raise
    stud = STUD <= state[GAME] <= RAZZ
    due = stud and state[BRING_IN_BET] > 0 and state[STREET] == 0
    due = due and not state[BROUGHT_IN] and state[RAISES] == 0
    if kind == BRING_IN:
        if not due:
            return refuse(state, Refusal.BRING_IN_NOT_DUE, step, actor, -1, 0, 0)
        state[HEAD] += 1
        state[BROUGHT_IN] = 1
        seats[ROW_ACTED, actor] = 1
        _put(seats, actor, min(seats[ROW_STACKS, actor], state[BRING_IN_BET]))
    elif due and kind != BET_RAISE:
        return refuse(state, Refusal.BRING_IN_DUE, step, actor, -1, 0, 0)
    elif kind == FOLD:
        state[HEAD] += 1
        seats[ROW_ACTED, actor] = 1
        seats[ROW_FOLDED, actor] = 1
    elif kind == CHECK_CALL:
        top = 0
        for i in range(count):
            top = max(top, seats[ROW_BETS, i])
        called = min(seats[ROW_STACKS, actor], top - seats[ROW_BETS, actor])
        if amount >= 0 and amount != called:
            return refuse(state, Refusal.CALL_AMOUNT, step, actor, -1, amount, called)
        state[HEAD] += 1
        seats[ROW_ACTED, actor] = 1
        _put(seats, actor, called)
        if called and state[STREET] == 0:
            seats[ROW_FLAGS, actor] |= VPIP
    else:
        minimum = state[MIN_BET]
        if state[BET_LIMIT] == FIXED_LIMIT and state[STREET] >= 2:
            minimum = state[BIG_BET]
        if stud and state[STREET] == 0 and state[RAISES] == 0:
            top = 0  # the completion: to the small bet, over the bring-in
            for i in range(count):
                top = max(top, seats[ROW_BETS, i])
            minimum = state[MIN_BET] - top
        pot_total = 0
        for i in range(count):
            pot_total += seats[ROW_DEAD, i] + seats[ROW_CONTRIBUTIONS, i] + seats[ROW_BETS, i]
        refused, limit = _raise(state, actor, amount, state[BET_LIMIT], minimum, pot_total, seats,
                                count)  # fmt: skip
        if refused != Refusal.NONE:
            return refuse(state, refused, step, actor, -1, amount, limit)
        if state[STREET] == 0:
            seats[ROW_FLAGS, actor] |= VPIP | PFR
    if all_in and seats[ROW_STACKS, actor] > 0:
        left = seats[ROW_STACKS, actor]
        return refuse(state, Refusal.ALL_IN_LEFT, step, actor, -1, left, 0)
    # Asked here first: most actions leave the round going on, and a call out of line costs two
    # atomic reference counts an array (benchmarks/histories.md)
    if not _round_goes_on(state, seats, count):
        _round_over(state, seats, count)
    return 0


@kernel()
def _stud_street(state: Ints, seats: Grid, holes: Grid, up: ShortHandTables, work: Ints) -> None:
    """A stud street dealt to every player still in the hand (:func:`_stud_street_dealt`): the
    flop seen on fourth street, the round opened by the showing hand (``up``: the up cards'
    tables) unless all are in. Called from :func:`replay_one` once a street, not a stage a deal:
    a stage inlined binds its arrays, two atomic reference counts each, at every deal."""
    count = state[PLAYERS]
    if state[STREET] == 1:
        _saw_flop(seats, count)
    if not state[ALL_IN]:
        opener = _stud_opener(state[STUD_DEALT], holes, seats, count, up, work)
        _begin_round(state, opener, seats, count)


@kernel(inline=True)
def _stud_board_step(
    state: Ints, seats: Grid, holes: Grid, board: Ints, cards: Grid, step: int, given: int,
    up: ShortHandTables, work: Ints,
) -> int:  # fmt: skip
    """Stud's deck run short on seventh street: one card (row ``step``) everyone's last; 0, or
    the refusal."""
    count = state[PLAYERS]
    if state[BETTING]:
        to_act = seats[ROW_QUEUE, state[HEAD]]
        return refuse(state, Refusal.BOARD_WHILE_BETTING, step, -1, to_act, 0, 0)
    if state[STUD_DEALT] != STUD_CARDS - 1 or state[BOARD_SIZE]:
        return refuse(state, Refusal.SHARED_CARD_EARLY, step, -1, -1, 0, 0)
    if not _stud_street_dealt(state, seats):
        return refuse(state, Refusal.SHARED_CARD_EARLY, step, -1, -1, 0, 0)
    if given != 1:
        return refuse(state, Refusal.BOARD_COUNT, step, -1, 4, given, 1)
    if cards[step, 0] < 0:
        return refuse(state, Refusal.BOARD_UNSEEN, step, -1, -1, 0, 0)
    board[0] = cards[step, 0]
    state[BOARD_SIZE] = 1
    state[STUD_DEALT] = STUD_CARDS
    state[STREET] += 1
    for i in range(count):
        if not seats[ROW_FOLDED, i] and not seats[ROW_MUCKED, i]:
            seats[ROW_DEALT, i] = STUD_CARDS - 1  # the cards of their own
    if not state[ALL_IN]:
        opener = _stud_opener(STUD_CARDS, holes, seats, count, up, work)
        _begin_round(state, opener, seats, count)
    return 0


@kernel()
def _draw_round(state: Ints, seats: Grid) -> None:
    """A draw settled (:func:`_draw_settled`): the flop seen on the first, the round opened
    unless all are in (as :func:`_stud_street`, once a draw, not a stage a row)."""
    if state[STREET] == 1:
        _saw_flop(seats, state[PLAYERS])
    if not state[ALL_IN]:
        _begin_round(state, 0, seats, state[PLAYERS])


@kernel(inline=True)
def _board_step(
    state: Ints, seats: Grid, board: Ints, cards: Grid, step: int, given: int, run: int
) -> int:
    """A board game's cards of the board (row ``step``; ``run`` the run of a board run more
    than once, :func:`_deal_run`, or -1); the next round opened; 0, or the refusal."""
    count = state[PLAYERS]
    if state[BETTING]:
        to_act = seats[ROW_QUEUE, state[HEAD]]
        return refuse(state, Refusal.BOARD_WHILE_BETTING, step, -1, to_act, 0, 0)
    if _in_hand(seats, count) < 2:
        return refuse(state, Refusal.BOARD_AFTER_FOLDS, step, -1, -1, 0, 0)
    for k in range(given):
        if cards[step, k] < 0:
            return refuse(state, Refusal.BOARD_UNSEEN, step, -1, -1, 0, 0)
    if run > 0 or state[RUNS]:  # a run of a board run more than once
        return _deal_run(state, seats, board, cards, step, run, given)
    have = state[BOARD_SIZE]
    if have == 5:
        return refuse(state, Refusal.BOARD_AFTER_RIVER, step, -1, -1, 0, 0)
    wanted = 3 if have == 0 else 1
    if given != wanted:
        return refuse(state, Refusal.BOARD_COUNT, step, -1, have, given, wanted)
    for k in range(wanted):
        board[have + k] = cards[step, k]
    state[BOARD_SIZE] = have + wanted
    state[STREET] += 1
    if state[STREET] == 1:
        _saw_flop(seats, count)
    if not state[ALL_IN]:
        _begin_round(state, 0, seats, count)
    return 0


@kernel(inline=True)
def _show_step(
    state: Ints, seats: Grid, holes: Grid, cards: Grid, step: int, kind: int, actor: int,
    given: int, work: Ints,
) -> int:  # fmt: skip
    """A show (``given`` cards of row ``step``) or a muck by ``actor``: the cards shown merged
    with those dealt (stud and the draw games: :func:`_stud_show`; a hand dealt or shown in
    part: :func:`_show_in_part`); 0, or the refusal."""
    count, game, holes_per = state[PLAYERS], state[GAME], state[HOLES_PER]
    draw = DEUCE_TO_SEVEN_TRIPLE <= game <= BADUGI
    if state[BETTING]:
        return refuse(state, Refusal.SHOW_WHILE_BETTING, step, actor, -1, 0, 0)
    if seats[ROW_FOLDED, actor]:
        return refuse(state, Refusal.SHOW_AFTER_FOLD, step, actor, -1, 0, 0)
    if kind == MUCK:
        mucked = 0
        for i in range(count):
            mucked += seats[ROW_MUCKED, i]
        if _in_hand(seats, count) - mucked > 1:
            seats[ROW_MUCKED, actor] = 1
        return 0
    if draw and (state[STREET] < _draw_rounds(game) or not _draw_settled(state, seats)):
        rounds = _draw_rounds(game)
        return refuse(state, Refusal.DRAWS_UNFINISHED, step, -1, -1, state[STREET], rounds)
    if STUD <= game <= RAZZ or draw:  # the cards dealt, the unseen ones taken from the show
        held = holes_per if draw else seats[ROW_DEALT, actor]
        return _stud_show(state, step, actor, cards, given, holes, held)
    refused, unknown = _show_unknown(state, step, actor, cards, given, holes_per)
    if unknown < 0:
        return refused
    known = 0
    for k in range(holes_per):
        known += holes[actor, k] >= 0
    if not seats[ROW_DEALT, actor] or known == 0:
        seats[ROW_DEALT, actor] = 1
        for k in range(holes_per):
            holes[actor, k] = cards[step, k]
        return 0
    if unknown or known < holes_per:  # shown in part, or dealt in part
        return _show_in_part(state, step, actor, cards, holes, holes_per, work)
    same = True
    for k in range(holes_per):  # shown in any order, but the cards dealt
        found = False
        shown_back = False
        for j in range(holes_per):
            found = found or holes[actor, j] == cards[step, k]
            shown_back = shown_back or cards[step, j] == holes[actor, k]
        same = same and found and shown_back
    if not same:
        shown_cards = _packed_row(cards, step, holes_per)
        dealt_cards = _packed_row(holes, actor, holes_per)
        return refuse(state, Refusal.SHOW_NOT_DEALT, step, actor, -1, shown_cards, dealt_cards)
    for k in range(holes_per):
        holes[actor, k] = cards[step, k]
    return 0


@kernel(inline=True)
def _ended(
    state: Ints, seats: Grid, holes: Grid, board: Ints, in_deck: npt.NDArray[np.bool_],
    seen: npt.NDArray[np.bool_], said: Ints,
) -> int:  # fmt: skip
    """After the last action: the hand played to its end (no one to act, every stud street and
    draw done, the board or each run dealt to the river when two or more are left), its cards
    checked, what the site says it returned uncalled; 0, or the refusal."""
    count, game = state[PLAYERS], state[GAME]
    stud = STUD <= game <= RAZZ
    draw = DEUCE_TO_SEVEN_TRIPLE <= game <= BADUGI
    if state[BETTING]:
        to_act = seats[ROW_QUEUE, state[HEAD]]
        return refuse(state, Refusal.ENDS_TO_ACT, -1, -1, to_act, 0, 0)
    contenders = 0
    for i in range(count):
        contenders += not seats[ROW_FOLDED, i] and not seats[ROW_MUCKED, i]
    if stud and contenders > 1 and state[STUD_DEALT] != STUD_CARDS:
        dealt_cards = state[STUD_DEALT]
        return refuse(state, Refusal.STUD_ENDS_EARLY, -1, -1, -1, dealt_cards, 0)
    if (
        draw
        and contenders > 1
        and (state[STREET] < _draw_rounds(game) or not _draw_settled(state, seats))
    ):
        rounds = _draw_rounds(game)
        return refuse(state, Refusal.DRAWS_UNFINISHED, -1, -1, -1, state[STREET], rounds)
    if state[RUNS] and contenders > 1 and _runs_short(state, seats) != 5:
        size = _runs_short(state, seats)
        return refuse(state, Refusal.ENDS_BEFORE_SHOWDOWN, -1, -1, -1, size, 0)
    if not stud and not draw and contenders > 1 and state[BOARD_SIZE] != 5 and not state[RUNS]:
        size = state[BOARD_SIZE]
        return refuse(state, Refusal.ENDS_BEFORE_SHOWDOWN, -1, -1, -1, size, 0)
    if state[RUNS]:  # the first run's board is the hand's board; the others' cards checked next
        _first_run(state, board, seats)
    refused = 0
    if not draw:  # a draw game's cards are checked as they are dealt
        refused = _check_cards(state, holes, board, in_deck, seen)
    if not refused and state[RUNS]:
        refused = _check_runs(state, holes, seats, in_deck, seen)
    if refused:
        return refused
    if said[SAID_RETURNED]:  # what the site says it returned uncalled (PokerStars)
        for i in range(count):
            if said[SAID_RETURNS + i] != seats[ROW_REFUNDS, i]:
                returned, refunded = said[SAID_RETURNS + i], seats[ROW_REFUNDS, i]
                return refuse(state, Refusal.RETURNED_UNCALLED, -1, i, -1, returned, refunded)
    return 0


@kernel(inline=True)
def _cut_pots(seats: Grid, count: int, pots_out: Ints, masks: npt.NDArray[np.int32]) -> int:
    """The pots cut at every level of the contributions (the dead money in the first, a pot
    whose contenders are the last one's joined to it): each pot's amount and contenders (a bit
    each) into ``pots_out`` and ``masks``; how many."""
    for i in range(count):  # the levels, in order (an insertion sort: ten at most)
        value = seats[ROW_CONTRIBUTIONS, i]
        j = i
        while j > 0 and seats[ROW_LEVELS, j - 1] > value:
            seats[ROW_LEVELS, j] = seats[ROW_LEVELS, j - 1]
            j -= 1
        seats[ROW_LEVELS, j] = value
    amount = 0
    for i in range(count):
        amount += seats[ROW_DEAD, i]
    previous = 0
    pots = 0
    for index in range(count):
        level = seats[ROW_LEVELS, index]
        if index and level == seats[ROW_LEVELS, index - 1]:
            continue
        for i in range(count):
            if seats[ROW_CONTRIBUTIONS, i] >= level:
                amount += level - previous
        mask = 0
        for i in range(count):
            if seats[ROW_CONTRIBUTIONS, i] >= level and not seats[ROW_FOLDED, i]:
                mask |= 1 << i
        while pots and masks[pots - 1] == mask:
            amount += pots_out[pots - 1]
            pots -= 1
        if amount:
            pots_out[pots] = amount
            masks[pots] = mask
            pots += 1
        amount = 0
        previous = level
    return pots


@kernel(inline=True)
def _judge_pots(
    state: Ints, seats: Grid, holes: Grid, hole: Ints, work: Ints, tables: GameTables,
    board: Ints, pots_out: Ints, masks: npt.NDArray[np.int32], shares: Grid, pots: int,
) -> tuple[int, int, int]:  # fmt: skip
    """Every pot judged (:func:`_judge_pot`, or :func:`_run_shares` on a board run more than
    once), its shares into ``shares``, and the gross winnings (rows ``GROSS``, ``GROSS_PARTS``,
    ``SPLIT`` of ``seats``): (0 or the refusal, the pots' total, whether an unseen hand
    contested a pot)."""
    count = state[PLAYERS]
    total = 0
    unjudged = 0
    for pot in range(pots):
        mask = int(np.int64(masks[pot]))  # an int64 (the masks are int32): _whole_pot once
        total += pots_out[pot]
        for i in range(count):
            shares[pot, i] = 0
        if mask == 0:
            return refuse(state, Refusal.POT_NOBODY, -1, -1, -1, 0, 0), total, unjudged
        if mask & (mask - 1) == 0:  # one contender: the whole pot is theirs, on every board
            _whole_pot(shares, pot, mask, count)  # (no call of the judge: its arrays' counts)
            continue
        if state[RUNS]:  # each run's share of the pot, summed over the runs, then divided
            hidden = _run_shares(state, seats, holes, hole, work, tables, pot, mask, shares)
        else:
            hidden = _judge_pot(state, seats, holes, hole, work, tables, pot, mask, shares, board,
                                state[BOARD_SIZE])  # fmt: skip
        if hidden:
            unjudged = 1
    for pot in range(pots):  # a pot times a share in 1/DEN: whole units and a remainder
        whole, part = pots_out[pot] // DEN, pots_out[pot] % DEN
        for i in range(count):
            share = shares[pot, i]
            seats[GROSS, i] += whole * share
            seats[GROSS_PARTS, i] += part * share  # below DEN**2 a pot: ten pots in int64
            if share != 0 and share != DEN:
                seats[SPLIT, i] = 1
    for i in range(count):
        seats[GROSS, i] += seats[GROSS_PARTS, i] // DEN
        seats[GROSS_PARTS, i] %= DEN
        seats[WON, i] = seats[GROSS, i]
        seats[WON_PARTS, i] = seats[GROSS_PARTS, i]
    return 0, total, unjudged


@kernel(inline=True)
def _write_rows(
    state: Ints, seats: Grid, holes: Grid, board: Ints, rows: HandRows, hand: int
) -> None:
    """The hand's rows (row ``hand`` of ``rows``): each player's chips put in, gross and won,
    flags (mucked, at the showdown, won it) and hole cards (-1 unless every one is known), the
    board."""
    count, holes_per = state[PLAYERS], state[HOLES_PER]
    showdown = _in_hand(seats, count) > 1
    out_holes = rows.holes
    for i in range(count):
        if seats[ROW_MUCKED, i]:
            seats[ROW_FLAGS, i] |= MUCKED
        if showdown and not seats[ROW_FOLDED, i]:
            seats[ROW_FLAGS, i] |= SHOWDOWN
            if seats[GROSS, i] > 0:
                seats[ROW_FLAGS, i] |= WON_SHOWDOWN
        rows.put_in[hand, i] = seats[ROW_PUT_IN, i]
        rows.gross[hand, i] = seats[GROSS, i]
        rows.won[hand, i] = seats[WON, i]
        rows.gross_parts[hand, i] = seats[GROSS_PARTS, i]
        rows.won_parts[hand, i] = seats[WON_PARTS, i]
        rows.flags[hand, i] = seats[ROW_FLAGS, i]
        known = True
        for k in range(holes_per):
            known = known and holes[i, k] >= 0
        for k in range(out_holes.shape[2]):
            out_holes[hand, i, k] = holes[i, k] if known and k < holes_per else -1
    for k in range(5):
        rows.boards[hand, k] = board[k]


@kernel()
def replay_one(
    hand_input: HandInput,
    tables: GameTables,
    working: ReplayWork,
    rows: HandRows,
    hand: int,
    steps: StepRecord | None = None,
    site_record: Ints | None = None,
) -> tuple[int, int, int, int]:
    """Replay one hand as :mod:`~pokerscore.histories.replay` does: (refusal, all-in street
    or -1, board cards at the all-in, pots). ``tables`` are the game's (:func:`game_tables`).
    ``amounts`` of ``check-call`` are the site's (or -1); the results go to row ``hand`` of
    ``rows``. The refusal is :data:`OK` (0), or the
    :class:`~pokerscore.histories.refusals.Refusal` of a rule broken or of what the reference
    replay must settle (an unseen hand contesting a pot, a site record), its details in the
    ``WHY_`` places of ``state``. Given ``steps``, the table after each action is written
    into it too (:func:`_record_step`); without it (the bulk replay) nothing is. Where the
    site's record disagrees with the replay (:func:`_site_record`), the hand is played to its end
    (the replay's amounts standing) and refused :attr:`Refusal.SITE_RECORD`, the count of
    disagreements its amount; given ``site_record``, they are written into it.

    The stages: :func:`_start` (the posts), each row by its kind (:func:`_bet_step`,
    :func:`_stud_deal` and :func:`_stud_street`, :func:`_draw_action` and
    :func:`_draw_round`, :func:`_stud_board_step`, :func:`_board_step`,
    :func:`_show_step`), :func:`_ended`, :func:`_cut_pots`, :func:`_judge_pots`, the site's
    record, :func:`_write_rows`."""
    refused = _start(hand_input, working)
    if refused:
        return refused, -1, 0, 0
    seats, holes, board, state = working.seats, working.holes, working.board, working.state
    seen, hole, work = working.seen, working.hole, working.work
    kinds, actors, amounts = hand_input.kinds, hand_input.actors, hand_input.amounts
    cards, card_counts, all_ins = hand_input.cards, hand_input.card_counts, hand_input.all_ins
    in_deck = tables.deck
    count, game = state[PLAYERS], state[GAME]
    stud = STUD <= game <= RAZZ
    draw = DEUCE_TO_SEVEN_TRIPLE <= game <= BADUGI
    action_count = hand_input.action_count
    # a record of no rows (:func:`no_steps`) is none; read once, not at every action (a
    # bundle's array taken costs two atomic reference counts)
    recording = steps is not None and steps.pots.shape[0] > 0
    for step in range(action_count):
        if steps is not None and recording:  # the table after the actions before this one
            # (0: the posts)
            _record_step(steps, step, state, seats, holes, board)
            _record_runs(steps, step, state, seats)
        kind = kinds[step]
        actor = actors[step]
        if kind != DEAL_BOARD and (actor < 0 or actor >= count):
            return refuse(state, Refusal.NOT_AT_TABLE, step, actor, -1, 0, 0), -1, 0, 0
        given = card_counts[step]
        refused = 0
        if FOLD <= kind <= BET_RAISE or kind == BRING_IN:
            refused = _bet_step(state, seats, step, kind, actor, amounts[step], all_ins[step])
        elif kind == DEAL_HOLE and stud:
            refused = _stud_deal(state, seats, holes, cards, step, actor, given)
            if not refused and _stud_street_dealt(state, seats):
                _stud_street(state, seats, holes, tables.up, work)
        elif kind == DISCARD_DRAW or (draw and kind == DEAL_HOLE):
            refused = _draw_action(state, seats, holes, cards, step, kind, actor, given,
                                   amounts[step], in_deck, seen)  # fmt: skip
            if not refused and state[STREET] and _draw_settled(state, seats):
                _draw_round(state, seats)
        elif kind == DEAL_BOARD and draw:
            refused = refuse(state, Refusal.BOARD_IN_DRAW_GAME, step, -1, -1, 0, 0)
        elif kind == DEAL_BOARD and stud:  # the deck runs short: one card is everyone's last
            refused = _stud_board_step(state, seats, holes, board, cards, step, given, tables.up,
                                       work)  # fmt: skip
        elif kind == DEAL_HOLE:
            holes_per = state[HOLES_PER]
            if seats[ROW_DEALT, actor]:
                refused = refuse(state, Refusal.DEALT_TWICE, step, actor, -1, 0, 0)
            elif given != holes_per:
                refused = refuse(state, Refusal.DEALT_COUNT, step, actor, -1, given, 0)
            else:
                seats[ROW_DEALT, actor] = 1
                for k in range(holes_per):
                    holes[actor, k] = cards[step, k]
        elif kind == DEAL_BOARD:
            refused = _board_step(state, seats, board, cards, step, given, amounts[step])
        else:  # a show or a muck
            refused = _show_step(state, seats, holes, cards, step, kind, actor, given, work)
        if refused:
            return refused, -1, 0, 0
    if steps is not None and recording:  # the table after the last action
        _record_step(steps, action_count, state, seats, holes, board)
        _record_runs(steps, action_count, state, seats)
    refused = _ended(state, seats, holes, board, in_deck, seen, hand_input.said)
    if refused:
        return refused, -1, 0, 0
    out_pots, out_pot_mask = rows.pots[hand], rows.pot_masks[hand]
    out_pot_shares = rows.pot_shares[hand]
    pots = _cut_pots(seats, count, out_pots, out_pot_mask)
    refused, total, unjudged = _judge_pots(state, seats, holes, hole, work, tables, board,
                                           out_pots, out_pot_mask, out_pot_shares, pots)  # fmt: skip
    if refused:
        return refused, -1, 0, 0
    odd = 0
    for i in range(count):
        odd += seats[SPLIT, i]
    disagreements = 0
    if hand_input.has_winnings or hand_input.has_finishing:  # the site's record
        disagreements = _site_record(hand_input, seats[ROW_PUT_IN, :count], seats, out_pots,
                                     out_pot_shares, pots, total, odd, site_record)  # fmt: skip
    if unjudged:  # a disagreement of its own: the replay's amounts stand
        for i in range(count):
            seats[WON, i] = seats[GROSS, i]
            seats[WON_PARTS, i] = seats[GROSS_PARTS, i]
    _write_rows(state, seats, holes, board, rows, hand)
    said = hand_input.said
    if said[SAID_CASHED]:
        _cash_outs(said, rows, hand, count)
    status = OK
    if disagreements:  # the hand played, its rows written, the replay's amounts standing
        status = refuse(state, Refusal.SITE_RECORD, -1, -1, -1, disagreements, 0)
    if unjudged:
        status = refuse(state, Refusal.UNJUDGED, -1, -1, -1, disagreements, 0)
    if draw:  # no all-in EV of a draw game without a drawing policy
        return status, -1, 0, pots
    return status, state[ALLIN_STREET], state[ALLIN_CARDS], pots
