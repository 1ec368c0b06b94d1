"""The fast path of hand histories: PHH text read and replayed by the thousand in one kernel call,
and exact all-in equities enumerated without Python in the loop.

:func:`phh_hands` reads the hands of a buffer of PHH text (the common TOML: one ``key = value``
a line, arrays on one line, literal or plain strings) and replays each exactly as
:mod:`~pokerscore.histories.replay` does, into arrays: per hand its status and facts, per
seat its result. It judges nothing it is unsure of: a hand written otherwise (a multi-line array,
an escape, a comment inside an action), a hand that breaks a rule, a hand whose site record
disagrees or whose showdown holds an unseen hand is marked for the reference path, which reads
it again and says why. So the two paths give the same rows, hand for hand; tests compare them.

Amounts are whole units (the hand's ``10 ** scale`` per chip); pot shares are kept in units of
``1 / DEN`` of a unit, exact for any split among up to ten players, halves and all.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels.lookup import (
    RANK_MASK,
    five_card_value,
    flush_suit,
    multiset_value,
    prange,
)
from pokerscore.engine.tables import RankingTables

MAX_PLAYERS: Final = 10
MAX_ACTIONS: Final = 400
DEN: Final = 10080
"""Pot shares are counted in 1/DEN of a unit: 2 x 5040, and 5040 splits by any count to ten."""

# hand status
OK: Final = 0
SLOW: Final = 1
"""Read or replayed by the reference path (unusual text, a rule broken, a disagreement)."""

# action kinds
DEAL_HOLE, DEAL_BOARD, FOLD, CHECK_CALL, BET_RAISE, SHOW, MUCK = range(7)
# games
HOLDEM, SHORT_DECK_SOT, OMAHA, OMAHA_HI_LO = range(4)
# betting
NO_LIMIT, POT_LIMIT, FIXED_LIMIT = range(3)
VARIANT_NAMES: Final = tuple(
    betting + game for game in ("T", "S", "O", "O/8") for betting in ("N", "P", "F")
)
"""Variant codes by number: 3 x game + betting."""

Bytes = npt.NDArray[np.uint8]
Ints = npt.NDArray[np.int64]
Grid = npt.NDArray[np.int64]
"""Two-dimensional: a row per pot (or hand), a column per player."""


class ReplayTables(NamedTuple):
    """The tables a replay reads: seven-card high, short deck (straight over trips) and
    eight-or-better, and the full and short decks as masks."""

    high7: RankingTables
    sot7: RankingTables
    low: RankingTables
    full_deck: npt.NDArray[np.bool_]
    short_deck: npt.NDArray[np.bool_]


class HandRows(NamedTuple):
    """A batch's results, one row per hand: its facts (``F_`` columns), and per player its name
    span, seat, chips put in, gross and won, flags, hole cards; the board and the pots."""

    facts: Ints
    names: Ints
    seat_numbers: Ints
    put_in: Ints
    gross: Ints
    won: Ints
    flags: npt.NDArray[np.int8]
    holes: npt.NDArray[np.int8]
    boards: npt.NDArray[np.int8]
    pots: Ints
    pot_masks: npt.NDArray[np.int32]
    pot_shares: npt.NDArray[np.int32]


class PhhIndex(NamedTuple):
    """Where each ``[n]`` table of a PHH text starts and stops, its number, header line and
    first line (:func:`phh_index` fills it)."""

    starts: Ints
    stops: Ints
    numbers: Ints
    headers: Ints
    lines: Ints


# -- reading text -----------------------------------------------------------------------------


@kernel(inline=True)
def _skip_spaces(text: Bytes, at: int, end: int) -> int:
    while at < end and (text[at] == 32 or text[at] == 9):
        at += 1
    return at


@kernel(inline=True)
def _line_end(text: Bytes, at: int, end: int) -> int:
    while at < end and text[at] != 10:
        at += 1
    return at


@kernel(inline=True)
def _number(text: Bytes, at: int, end: int) -> tuple[int, int, int, int]:
    """A decimal number at ``at``: (mantissa, decimals, sign, next position); next -1 if not
    one this reader takes (an exponent, an underscore, a plus sign, inf ...)."""
    sign = 1
    if at < end and text[at] == 45:  # -
        sign = -1
        at += 1
    mantissa = 0
    digits = 0
    decimals = 0
    while at < end and 48 <= text[at] <= 57:
        mantissa = mantissa * 10 + (text[at] - 48)
        digits += 1
        at += 1
    if at < end and text[at] == 46:  # .
        at += 1
        while at < end and 48 <= text[at] <= 57:
            mantissa = mantissa * 10 + (text[at] - 48)
            decimals += 1
            digits += 1
            at += 1
        if decimals == 0:
            return 0, 0, 1, -1
    if digits == 0 or digits > 12:
        return 0, 0, 1, -1
    if at < end and (65 <= text[at] <= 90 or 97 <= text[at] <= 122 or text[at] == 95):
        return 0, 0, 1, -1  # an exponent, an underscore, a word
    return mantissa, decimals, sign, at


@kernel(inline=True)
def _string(text: Bytes, at: int, end: int) -> tuple[int, int, int]:
    """A one-line TOML string at ``at`` ('...' or "..." without escapes): (start, stop, next);
    next -1 if not one."""
    quote = text[at]
    if quote != 39 and quote != 34:
        return 0, 0, -1
    if at + 2 < end and text[at + 1] == quote and text[at + 2] == quote:
        return 0, 0, -1  # multi-line strings: the reference reader
    start = at + 1
    at = start
    while at < end and text[at] != quote:
        if text[at] == 92 or text[at] == 10:  # an escape, or no closing quote on the line
            return 0, 0, -1
        at += 1
    if at >= end:
        return 0, 0, -1
    return start, at, at + 1


@kernel(inline=True)
def _card(text: Bytes, at: int) -> int:
    """The card id of two characters, -1 for ``??``, -2 if not a card."""
    rank = text[at]
    suit = text[at + 1]
    if rank == 63 and suit == 63:
        return -1
    r = -1
    if 50 <= rank <= 57:
        r = rank - 50
    elif rank == 84:
        r = 8
    elif rank == 74:
        r = 9
    elif rank == 81:
        r = 10
    elif rank == 75:
        r = 11
    elif rank == 65:
        r = 12
    s = -1
    if suit == 99:
        s = 0
    elif suit == 100:
        s = 1
    elif suit == 104:
        s = 2
    elif suit == 115:
        s = 3
    if r < 0 or s < 0:
        return -2
    return 4 * r + s


@kernel(inline=True)
def _valid_utf8(text: Bytes, start: int, stop: int) -> bool:
    at = start
    while at < stop:
        byte = text[at]
        if byte < 0x80:
            at += 1
            continue
        if 0xC2 <= byte <= 0xDF:
            need = 1
        elif 0xE0 <= byte <= 0xEF:
            need = 2
        elif 0xF0 <= byte <= 0xF4:
            need = 3
        else:
            return False
        if at + need >= stop:
            return False
        for k in range(1, need + 1):
            if not 0x80 <= text[at + k] <= 0xBF:
                return False
        at += need + 1
    return True


# -- evaluating hands -------------------------------------------------------------------------


@kernel(inline=True)
def _any_five(cards: Ints, count: int, tables: RankingTables) -> int:
    """The best five of 5 to 7 cards under a ranking whose flushes are read by suit."""
    key = 0
    masks = 0
    for k in range(count):
        key += tables.card_keys[cards[k]]
        masks |= tables.suit_bits[cards[k]]
    suit = flush_suit(key) if tables.flush_rule else -1
    if suit < 0:
        return multiset_value(key, tables.bits, tables.base, tables.values)
    return int(tables.flush[(masks >> (13 * suit)) & RANK_MASK])


@kernel(inline=True)
def _two_plus_three(hole: Ints, holes: int, board: Ints, tables: RankingTables) -> int:
    """The best five of exactly two hole cards and three of a five-card board."""
    keys5 = tables.keys5
    best = 0
    for a in range(holes - 1):
        for b in range(a + 1, holes):
            pair = keys5[hole[a]] + keys5[hole[b]]
            for c in range(3):
                for d in range(c + 1, 4):
                    for e in range(d + 1, 5):
                        key = pair + keys5[board[c]] + keys5[board[d]] + keys5[board[e]]
                        value = five_card_value(key, tables.is_flush5, tables.flush5, tables.plain5)
                        if value > best:
                            best = value
    return best


@kernel()
def _values(
    game: int,
    hole: Ints,
    holes: int,
    board: Ints,
    high7: RankingTables,
    sot7: RankingTables,
    low: RankingTables,
    work: Ints,
) -> tuple[int, int]:
    """A player's high value and low value (1: no low) on a five-card board."""
    if game >= OMAHA:  # omaha, omaha hi/lo
        high = _two_plus_three(hole, holes, board, high7)
        lowest = _two_plus_three(hole, holes, board, low) if game == OMAHA_HI_LO else 1
        return high, lowest
    for k in range(holes):
        work[k] = hole[k]
    for k in range(5):
        work[holes + k] = board[k]
    if game == SHORT_DECK_SOT:
        return _any_five(work, holes + 5, sot7), 1
    return _any_five(work, holes + 5, high7), 1


# -- replaying one hand -----------------------------------------------------------------------

# the betting state, one int64 each
HEAD, TAIL, LAST_RAISE, RAISES, SHORT_SUM, SHORT_COUNT, BETTING = range(7)
ALL_IN, ALLIN_STREET, ALLIN_CARDS, STREET, BOARD_SIZE = range(7, 12)
STATE_SIZE: Final = 12

# seat flags
VPIP, PFR, SAW_FLOP, SHOWDOWN, WON_SHOWDOWN, MUCKED = 1, 2, 4, 8, 16, 32
SCRATCH_ROWS: Final = 19
# what a site says beside the actions (PokerStars), in one int64 array ``said``
SAID_RETURNED, SAID_POTS, SAID_HAS_RAKE, SAID_RAKE, SAID_HAS_TOTAL, SAID_TOTAL = range(6)
SAID_RETURNS: Final = 6
"""From here, MAX_PLAYERS amounts returned uncalled."""
SAID_POT_MASKS: Final = SAID_RETURNS + MAX_PLAYERS
"""From here, MAX_PLAYERS pots: the seats the site paid from each (a bit mask), -1 if none."""
SAID_SIZE: Final = SAID_POT_MASKS + MAX_PLAYERS
"""Rows of per-seat scratch space a replay uses (allocated once per kernel call)."""


@kernel()
def _effective(stacks: Ints, bets: Ints, folded: Ints, count: int, index: int) -> int:
    """What a player can still lose: the stack, capped by the next largest stack in play."""
    first = -1
    second = -1
    for i in range(count):
        if folded[i]:
            continue
        total = bets[i] + stacks[i]
        if total > first:
            second = first
            first = total
        elif total > second:
            second = total
    if second < 0:
        return 0
    room = second - bets[index]
    if room < 0:
        room = 0
    return int(min(stacks[index], room))


@kernel(inline=True)
def _in_hand(folded: Ints, count: int) -> int:
    total = 0
    for i in range(count):
        total += 1 - folded[i]
    return total


@kernel()
def _collect(
    stacks: Ints, bets: Ints, put_in: Ints, contributions: Ints, refunds: Ints, count: int
) -> None:
    """The unmatched part of the largest bet back to its player; the bets into the pots."""
    first = -1
    second = -1
    for i in range(count):
        if bets[i] > first:
            second = first
            first = bets[i]
        elif bets[i] > second:
            second = bets[i]
    cutoff = second if second > 0 else 0
    for i in range(count):
        if bets[i] > cutoff:
            stacks[i] += bets[i] - cutoff
            put_in[i] -= bets[i] - cutoff
            refunds[i] += bets[i] - cutoff
            bets[i] = cutoff
        contributions[i] += bets[i]
        bets[i] = 0


@kernel()
def _round_over(
    state: Ints,
    stacks: Ints,
    bets: Ints,
    put_in: Ints,
    contributions: Ints,
    refunds: Ints,
    folded: Ints,
    count: int,
) -> None:
    if state[HEAD] < state[TAIL] and _in_hand(folded, count) > 1:
        return
    state[HEAD] = state[TAIL]
    state[BETTING] = 0
    _collect(stacks, bets, put_in, contributions, refunds, count)
    if _in_hand(folded, count) > 1:
        with_chips = 0
        for i in range(count):
            if not folded[i] and stacks[i] > 0:
                with_chips += 1
        if with_chips <= 1 and not state[ALL_IN]:
            state[ALL_IN] = 1
            if state[STREET] < 3:
                state[ALLIN_STREET] = state[STREET]
                state[ALLIN_CARDS] = state[BOARD_SIZE]


@kernel()
def _begin_round(
    state: Ints,
    opener: int,
    stacks: Ints,
    bets: Ints,
    put_in: Ints,
    contributions: Ints,
    refunds: Ints,
    folded: Ints,
    queue: Ints,
    acted: Ints,
    count: int,
) -> None:
    tail = 0
    for k in range(count):
        i = (opener + k) % count
        if not folded[i] and stacks[i] > 0 and _effective(stacks, bets, folded, count, i) > 0:
            queue[tail] = i
            tail += 1
    state[HEAD] = 0
    state[TAIL] = tail
    state[LAST_RAISE] = 0
    state[RAISES] = 0
    state[SHORT_SUM] = 0
    state[SHORT_COUNT] = 0
    state[BETTING] = 1
    for i in range(count):
        acted[i] = 0
    top = 0
    for i in range(count):
        top = max(top, bets[i])
    if tail == 1 and bets[queue[0]] >= top:
        state[HEAD] = tail
    _round_over(state, stacks, bets, put_in, contributions, refunds, folded, count)


@kernel()
def _raise(
    state: Ints,
    actor: int,
    to: int,
    betting: int,
    street_minimum: int,
    pot_total: int,
    stacks: Ints,
    bets: Ints,
    put_in: Ints,
    folded: Ints,
    queue: Ints,
    acted: Ints,
    count: int,
) -> bool:
    """A bet or raise to ``to``; False if the rules forbid it."""
    top = 0
    for i in range(count):
        top = max(top, bets[i])
    stack = stacks[actor]
    bet = bets[actor]
    call = min(stack, top - bet)
    if call < state[LAST_RAISE]:
        return False
    if betting == FIXED_LIMIT and state[RAISES] == 4:
        return False
    if state[SHORT_COUNT] and state[SHORT_SUM] < state[LAST_RAISE] and acted[actor]:
        return False
    if stack <= top - bet:
        return False
    others = False
    for i in range(count):
        if i != actor and not folded[i] and stacks[i] + bets[i] > top:
            others = True
    if not others:
        return False
    least = min(stack + bet, max(state[LAST_RAISE], street_minimum) + top)
    if betting == FIXED_LIMIT:
        most = least
    elif betting == POT_LIMIT:
        most = min(stack + bet, max(least, 2 * top - bet + pot_total))
    else:
        most = stack + bet
    if to < least or to > most:
        return False
    increment = to - top
    bets[actor] += to - bet
    stacks[actor] -= to - bet
    put_in[actor] += to - bet
    tail = 0
    for k in range(1, count):
        i = (actor + k) % count
        if not folded[i] and stacks[i] > 0:
            queue[tail] = i
            tail += 1
    state[HEAD] = 0
    state[TAIL] = tail
    acted[actor] = 1
    if increment >= state[LAST_RAISE]:
        for i in range(count):
            acted[i] = 0
        acted[actor] = 1
    state[LAST_RAISE] = max(state[LAST_RAISE], increment)
    state[RAISES] += 1
    if stacks[actor] > 0:
        state[SHORT_SUM] = 0
        state[SHORT_COUNT] = 0
    else:
        state[SHORT_SUM] += increment
        state[SHORT_COUNT] += 1
    if state[SHORT_SUM] >= state[LAST_RAISE]:
        state[SHORT_SUM] = 0
        state[SHORT_COUNT] = 0
    return True


@kernel()
def replay_one(
    count: int,
    game: int,
    betting: int,
    trimming: int,
    min_bet: int,
    big_bet: int,
    stacks0: Ints,
    antes0: Ints,
    blinds0: Ints,
    in_turn: Ints,
    action_count: int,
    kinds: Ints,
    actors: Ints,
    amounts: Ints,
    cards: npt.NDArray[np.int64],
    card_counts: Ints,
    paid_said: Ints,
    has_winnings: int,
    finishing: Ints,
    has_finishing: int,
    all_ins: Ints,
    said: Ints,
    tables: ReplayTables,
    in_deck: npt.NDArray[np.bool_],
    scratch: npt.NDArray[np.int64],
    scratch_holes: npt.NDArray[np.int64],
    board: Ints,
    state: Ints,
    seen: npt.NDArray[np.bool_],
    hole: Ints,
    work: Ints,
    rows: HandRows,
    hand: int,
) -> tuple[int, int, int, int]:
    """Replay one hand as :mod:`~pokerscore.histories.replay` does: (status, all-in street
    or -1, board cards at the all-in, pots). ``amounts`` of ``check-call`` are the site's (or
    -1); the results go to row ``hand`` of ``rows``. :data:`SLOW` where the reference
    path must decide: a rule broken, an unseen hand contesting a pot, a site record that does
    not agree."""
    high7, sot7, low = tables.high7, tables.sot7, tables.low
    out_put_in, out_gross, out_won = rows.put_in[hand], rows.gross[hand], rows.won[hand]
    out_flags, out_holes, out_pots = rows.flags[hand], rows.holes[hand], rows.pots[hand]
    out_pot_mask, out_pot_shares = rows.pot_masks[hand], rows.pot_shares[hand]
    out_board = rows.boards[hand]
    holes_per = 4 if game >= OMAHA else 2
    for row in range(SCRATCH_ROWS):
        for i in range(count):
            scratch[row, i] = 0
    stacks = scratch[0, :count]
    bets = scratch[1, :count]
    put_in = scratch[2, :count]
    dead = scratch[3, :count]
    contributions = scratch[4, :count]
    folded = scratch[5, :count]
    mucked = scratch[6, :count]
    flags = scratch[7, :count]
    dealt = scratch[8, :count]
    queue = scratch[9, :count]
    acted = scratch[10, :count]
    levels = scratch[11, :count]
    gross = scratch[12, :count]
    split = scratch[13, :count]
    high = scratch[14, :count]
    lows = scratch[15, :count]
    won = scratch[16, :count]
    paid = scratch[17, :count]
    refunds = scratch[18, :count]
    holes = scratch_holes[:count]
    for i in range(count):
        for k in range(4):
            holes[i, k] = -1
    for k in range(5):
        board[k] = -1
    for k in range(STATE_SIZE):
        state[k] = 0
    for k in range(52):
        seen[k] = False
    state[ALLIN_STREET] = -1
    for i in range(count):
        stacks[i] = stacks0[i]
        if stacks[i] <= 0 or stacks[i] > (1 << 46):  # shares of pots this big stay exact elsewhere
            return SLOW, -1, 0, 0
    for i in range(count):
        ante = min(antes0[i], stacks[i])
        stacks[i] -= ante
        put_in[i] += ante
        if trimming:
            bets[i] = ante
        else:
            dead[i] = ante
    if trimming:
        _collect(stacks, bets, put_in, contributions, refunds, count)
    for i in range(count):
        blind = min(blinds0[i], stacks[i])
        stacks[i] -= blind
        bets[i] += blind
        put_in[i] += blind
    best_key = -(1 << 62)
    best_index = 0
    for i in range(count):
        key = bets[i] if in_turn[i] else -bets[i]
        if key >= best_key:
            best_key = key
            best_index = i
    _begin_round(state, (best_index + 1) % count, stacks, bets, put_in, contributions, refunds,
                 folded, queue, acted, count)  # fmt: skip
    for step in range(action_count):
        kind = kinds[step]
        actor = actors[step]
        if kind != DEAL_BOARD and (actor < 0 or actor >= count):
            return SLOW, -1, 0, 0
        if FOLD <= kind <= BET_RAISE:
            if not state[BETTING] or queue[state[HEAD]] != actor:
                return SLOW, -1, 0, 0
            if kind == FOLD:
                state[HEAD] += 1
                acted[actor] = 1
                folded[actor] = 1
            elif kind == CHECK_CALL:
                top = 0
                for i in range(count):
                    top = max(top, bets[i])
                amount = min(stacks[actor], top - bets[actor])
                if amounts[step] >= 0 and amounts[step] != amount:
                    return SLOW, -1, 0, 0
                state[HEAD] += 1
                acted[actor] = 1
                bets[actor] += amount
                stacks[actor] -= amount
                put_in[actor] += amount
                if amount and state[STREET] == 0:
                    flags[actor] |= VPIP
            else:
                minimum = min_bet
                if betting == FIXED_LIMIT and state[STREET] >= 2:
                    minimum = big_bet
                pot_total = 0
                for i in range(count):
                    pot_total += dead[i] + contributions[i] + bets[i]
                if not _raise(state, actor, amounts[step], betting, minimum, pot_total, stacks,
                              bets, put_in, folded, queue, acted, count):  # fmt: skip
                    return SLOW, -1, 0, 0
                if state[STREET] == 0:
                    flags[actor] |= VPIP | PFR
            if all_ins[step] and stacks[actor] > 0:
                return SLOW, -1, 0, 0
            _round_over(state, stacks, bets, put_in, contributions, refunds, folded, count)
        elif kind == DEAL_HOLE:
            if dealt[actor] or card_counts[step] != holes_per:
                return SLOW, -1, 0, 0
            dealt[actor] = 1
            for k in range(holes_per):
                holes[actor, k] = cards[step, k]
        elif kind == DEAL_BOARD:
            if state[BETTING] or _in_hand(folded, count) < 2:
                return SLOW, -1, 0, 0
            have = state[BOARD_SIZE]
            wanted = 3 if have == 0 else 1
            if have == 5 or card_counts[step] != wanted:
                return SLOW, -1, 0, 0
            for k in range(wanted):
                if cards[step, k] < 0:
                    return SLOW, -1, 0, 0
                board[have + k] = cards[step, k]
            state[BOARD_SIZE] = have + wanted
            state[STREET] += 1
            if state[STREET] == 1:
                for i in range(count):
                    if not folded[i]:
                        flags[i] |= SAW_FLOP
            if not state[ALL_IN]:
                _begin_round(state, 0, stacks, bets, put_in, contributions, refunds, folded,
                             queue, acted, count)  # fmt: skip
        else:  # a show or a muck
            if state[BETTING] or folded[actor]:
                return SLOW, -1, 0, 0
            if kind == MUCK:
                if _in_hand(folded, count) - np.sum(mucked) > 1:
                    mucked[actor] = 1
                continue
            shown = card_counts[step]
            if shown == 0:
                continue
            if shown != holes_per:
                return SLOW, -1, 0, 0
            unknown = 0
            for k in range(holes_per):
                unknown += cards[step, k] < 0
            if unknown == holes_per:
                continue  # nothing seen: nothing changes
            if unknown:
                return SLOW, -1, 0, 0  # part of a hand shown: the reference path
            if not dealt[actor] or holes[actor, 0] < 0:
                dealt[actor] = 1
                for k in range(holes_per):
                    holes[actor, k] = cards[step, k]
                continue
            for k in range(holes_per):  # shown in any order, but the cards dealt
                found = False
                for j in range(holes_per):
                    found = found or holes[actor, j] == cards[step, k]
                if not found or holes[actor, k] < 0:
                    return SLOW, -1, 0, 0
            for k in range(holes_per):
                holes[actor, k] = cards[step, k]
    if state[BETTING]:
        return SLOW, -1, 0, 0
    contenders = 0
    for i in range(count):
        contenders += not folded[i] and not mucked[i]
    if contenders > 1 and state[BOARD_SIZE] != 5:
        return SLOW, -1, 0, 0
    for i in range(count):
        for k in range(holes_per):
            card = holes[i, k]
            if card >= 0:
                if not in_deck[card] or seen[card]:
                    return SLOW, -1, 0, 0
                seen[card] = True
    for k in range(state[BOARD_SIZE]):
        card = board[k]
        if not in_deck[card] or seen[card]:
            return SLOW, -1, 0, 0
        seen[card] = True
    if said[SAID_RETURNED]:  # what the site says it returned uncalled (PokerStars)
        for i in range(count):
            if said[SAID_RETURNS + i] != refunds[i]:
                return SLOW, -1, 0, 0
    # the pots
    for i in range(count):  # the levels, in order (an insertion sort: ten at most)
        value = contributions[i]
        j = i
        while j > 0 and levels[j - 1] > value:
            levels[j] = levels[j - 1]
            j -= 1
        levels[j] = value
    amount = 0
    for i in range(count):
        amount += dead[i]
    previous = 0
    pots = 0
    for index in range(count):
        level = levels[index]
        if index and level == levels[index - 1]:
            continue
        for i in range(count):
            if contributions[i] >= level:
                amount += level - previous
        mask = 0
        for i in range(count):
            if contributions[i] >= level and not folded[i]:
                mask |= 1 << i
        while pots and out_pot_mask[pots - 1] == mask:
            amount += out_pots[pots - 1]
            pots -= 1
        if amount:
            out_pots[pots] = amount
            out_pot_mask[pots] = mask
            pots += 1
        amount = 0
        previous = level
    total = 0
    for pot in range(pots):
        mask = out_pot_mask[pot]
        amount = out_pots[pot]
        total += amount
        for i in range(count):
            out_pot_shares[pot, i] = 0
        if mask == 0:
            return SLOW, -1, 0, 0
        eligible = 0
        for i in range(count):
            eligible += (mask >> i) & 1
        standing = mask
        for i in range(count):
            if (mask >> i) & 1 and mucked[i]:
                standing &= ~(1 << i)
        if standing == 0:
            standing = mask
        if eligible == 1:
            for i in range(count):
                if (mask >> i) & 1:
                    out_pot_shares[pot, i] = DEN
            continue
        people = 0
        for i in range(count):
            if (standing >> i) & 1:
                people += 1
                if holes[i, 0] < 0 or holes[i, holes_per - 1] < 0:
                    return SLOW, -1, 0, 0  # an unseen hand contests the pot
        if people == 1:
            for i in range(count):
                if (standing >> i) & 1:
                    out_pot_shares[pot, i] = DEN
            continue
        top = 0
        best_low = 1
        for i in range(count):
            if (standing >> i) & 1:
                for k in range(holes_per):
                    hole[k] = holes[i, k]
                high[i], lows[i] = _values(game, hole, holes_per, board, high7, sot7, low, work)
                top = max(top, high[i])
                best_low = max(best_low, lows[i])
        high_count = 0
        low_count = 0
        for i in range(count):
            if (standing >> i) & 1:
                high_count += high[i] == top
                low_count += best_low > 1 and lows[i] == best_low
        half = DEN // 2 if low_count else DEN
        for i in range(count):
            if (standing >> i) & 1:
                share = 0
                if high[i] == top:
                    share += half // high_count
                if low_count and lows[i] == best_low:
                    share += (DEN // 2) // low_count
                out_pot_shares[pot, i] = share
    odd = 0
    for pot in range(pots):
        for i in range(count):
            share = out_pot_shares[pot, i]
            gross[i] += out_pots[pot] * share
            if share != 0 and share != DEN:
                split[i] = 1
    for i in range(count):
        odd += split[i]
    # the site's record
    for i in range(count):
        won[i] = gross[i]
    if has_winnings or has_finishing:
        have = False
        if has_winnings:
            any_paid = False
            for i in range(count):
                any_paid = any_paid or paid_said[i] != 0
            if not any_paid and total:
                return SLOW, -1, 0, 0
            for i in range(count):
                paid[i] = paid_said[i]
            have = True
        if has_finishing:
            for i in range(count):
                from_stack = finishing[i] - (stacks0[i] - put_in[i])
                if have and from_stack != paid[i]:
                    return SLOW, -1, 0, 0
                if not have:
                    paid[i] = from_stack
            have = True
        kept = 0
        for i in range(count):
            allowance = DEN if split[i] else 0
            given = paid[i] * DEN
            if given < 0 or (gross[i] == 0 and given > 0):
                return SLOW, -1, 0, 0
            if gross[i] > 0 and given == 0 and gross[i] > allowance:
                return SLOW, -1, 0, 0
            if given > gross[i] + allowance:
                return SLOW, -1, 0, 0
            kept += gross[i] - given
            won[i] = given
        if said[SAID_POTS] > 1:  # who the site says took each pot (PokerStars)
            for pot in range(MAX_PLAYERS):
                mask = said[SAID_POT_MASKS + pot]
                if mask < 0:
                    continue
                if pot >= pots:
                    return SLOW, -1, 0, 0
                ours = 0
                for i in range(count):
                    if out_pot_shares[pot, i]:
                        ours |= 1 << i
                if ours != mask:
                    return SLOW, -1, 0, 0
        if total and 10 * kept > total * DEN + 10 * odd * DEN:
            return SLOW, -1, 0, 0
        if said[SAID_HAS_RAKE] and abs(kept - said[SAID_RAKE] * DEN) > odd * DEN:
            return SLOW, -1, 0, 0
        if said[SAID_HAS_TOTAL] and said[SAID_TOTAL] != total:
            return SLOW, -1, 0, 0
    showdown = _in_hand(folded, count) > 1
    for i in range(count):
        if mucked[i]:
            flags[i] |= MUCKED
        if showdown and not folded[i]:
            flags[i] |= SHOWDOWN
            if gross[i] > 0:
                flags[i] |= WON_SHOWDOWN
        out_put_in[i] = put_in[i]
        out_gross[i] = gross[i]
        out_won[i] = won[i]
        out_flags[i] = flags[i]
        known = holes[i, 0] >= 0 and holes[i, holes_per - 1] >= 0
        for k in range(4):
            out_holes[i, k] = holes[i, k] if known and k < holes_per else -1
    for k in range(5):
        out_board[k] = board[k]
    return OK, state[ALLIN_STREET], state[ALLIN_CARDS], pots


# -- reading PHH ------------------------------------------------------------------------------

KEYS: Final = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
    "players",
    "seats",
    "winnings",
    "finishing_stacks",
    "hand",
    "venue",
)
(K_VARIANT, K_TRIMMING, K_ANTES, K_BLINDS, K_MIN_BET, K_SMALL_BET, K_BIG_BET, K_STACKS,
 K_ACTIONS, K_PLAYERS, K_SEATS, K_WINNINGS, K_FINISHING, K_HAND, K_VENUE) = range(15)  # fmt: skip
_KEY_TEXT: Final = np.zeros((len(KEYS), 24), dtype=np.uint8)
_KEY_LENGTH: Final = np.zeros(len(KEYS), dtype=np.int64)
for _index, _word in enumerate(KEYS):
    _KEY_TEXT[_index, : len(_word)] = np.frombuffer(_word.encode(), dtype=np.uint8)
    _KEY_LENGTH[_index] = len(_word)
MAX_KEYS: Final = 64

# per-hand facts, one int64 column each of ``facts``
(F_STATUS, F_NUMBER, F_HEADER, F_LINE, F_START, F_STOP, F_COUNT, F_VARIANT, F_SCALE, F_SMALL,
 F_BIG, F_ID_START, F_ID_STOP, F_VENUE_START, F_VENUE_STOP, F_ALLIN_STREET, F_ALLIN_CARDS,
 F_POTS) = range(18)  # fmt: skip
FACTS: Final = 18


@kernel(inline=True)
def _scaled(mantissa: int, places: int, scale: int, powers: Ints) -> int:
    """A number written with ``places`` decimals in units of ``10 ** -scale``."""
    if places <= scale:
        return int(mantissa * powers[scale - places])
    return int(mantissa // powers[places - scale])  # a whole number written with zeros


@kernel(inline=True)
def _positive(signs: Ints, count: int) -> bool:
    ok = True
    for k in range(count):
        ok = ok and signs[k] > 0
    return ok


@kernel(inline=True)
def _is_header(text: Bytes, at: int, stop: int) -> bool:
    """A ``[key]`` table header, as the reference reader takes one."""
    if text[at] != 91:
        return False
    at = _skip_spaces(text, at + 1, stop)
    begin = at
    while at < stop and text[at] != 93 and text[at] != 32 and text[at] != 9 and text[at] != 13:
        at += 1
    if at == begin:
        return False
    at = _skip_spaces(text, at, stop)
    if at >= stop or text[at] != 93:
        return False
    while at + 1 < stop and (text[at + 1] == 32 or text[at + 1] == 9):
        at += 1
    return at + 1 >= stop or text[at + 1] == 35 or text[at + 1] == 13


@kernel(inline=True)
def _key_id(text: Bytes, start: int, stop: int) -> int:
    for key in range(_KEY_LENGTH.shape[0]):
        if stop - start != _KEY_LENGTH[key]:
            continue
        same = True
        for k in range(stop - start):
            if text[start + k] != _KEY_TEXT[key, k]:
                same = False
                break
        if same:
            return key
    return -1


@kernel(inline=True)
def _value_end(text: Bytes, at: int, end: int) -> bool:
    """Whether only spaces and a comment follow ``at`` on its line."""
    while at < end and (text[at] == 32 or text[at] == 9 or text[at] == 13):
        at += 1
    return at >= end or text[at] == 10 or text[at] == 35


@kernel()
def _numbers(
    text: Bytes, at: int, end: int, mantissas: Ints, decimals: Ints, signs: Ints
) -> tuple[int, int]:
    """A one-line array of numbers (or one number): (count, next position); count -1 if not
    one this reader takes. More than MAX_PLAYERS entries is not one."""
    if text[at] != 91:  # one number
        mantissa, places, sign, after = _number(text, at, end)
        if after < 0:
            return -1, at
        mantissas[0] = mantissa
        decimals[0] = places
        signs[0] = sign
        return -2, after  # -2: a single number (antes may be one)
    at += 1
    count = 0
    while True:
        at = _skip_spaces(text, at, end)
        if at >= end:
            return -1, at
        if text[at] == 93:
            return count, at + 1
        if count == MAX_PLAYERS:
            return -1, at
        mantissa, places, sign, after = _number(text, at, end)
        if after < 0:
            return -1, at
        mantissas[count] = mantissa
        decimals[count] = places
        signs[count] = sign
        count += 1
        at = _skip_spaces(text, after, end)
        if at < end and text[at] == 44:
            at += 1
        elif at >= end or text[at] != 93:
            return -1, at


@kernel()
def _strings(
    text: Bytes, at: int, end: int, starts: Ints, stops: Ints, room: int
) -> tuple[int, int]:
    """A one-line array of strings: (count, next position); count -1 if not one."""
    if text[at] != 91:
        return -1, at
    at += 1
    count = 0
    while True:
        at = _skip_spaces(text, at, end)
        if at >= end:
            return -1, at
        if text[at] == 93:
            return count, at + 1
        if count == room:
            return -1, at
        start, stop, after = _string(text, at, end)
        if after < 0:
            return -1, at
        starts[count] = start
        stops[count] = stop
        count += 1
        at = _skip_spaces(text, after, end)
        if at < end and text[at] == 44:
            at += 1
        elif at >= end or text[at] != 93:
            return -1, at


@kernel()
def _skip_value(text: Bytes, at: int, end: int) -> int:
    """Past a value this reader does not keep, if it ends on its line; -1 if not."""
    if text[at] == 39 or text[at] == 34:
        _, _, after = _string(text, at, end)
        return after
    if text[at] == 123:  # an inline table
        return -1
    if text[at] == 91:
        depth = 0
        while at < end and text[at] != 10:
            byte = text[at]
            if byte == 39 or byte == 34:
                _, _, after = _string(text, at, end)
                if after < 0:
                    return -1
                at = after
                continue
            if byte == 35:
                return -1
            if byte == 91:
                depth += 1
            elif byte == 93:
                depth -= 1
                if depth == 0:
                    return at + 1
            at += 1
        return -1
    while at < end and text[at] != 10 and text[at] != 35 and text[at] != 13:
        at += 1
    return at


@kernel()
def _action(
    text: Bytes,
    start: int,
    stop: int,
    index: int,
    kinds: Ints,
    actors: Ints,
    mantissas: Ints,
    decimals: Ints,
    cards: npt.NDArray[np.int64],
    counts: Ints,
    words_start: Ints,
    words_stop: Ints,
) -> bool:
    """One action string into row ``index``; False if this reader does not take it."""
    words = 0
    at = start
    while at < stop:
        while at < stop and text[at] == 32:
            at += 1
        if at >= stop:
            break
        if words == 5 or text[at] == 35:
            return False
        words_start[words] = at
        while at < stop and text[at] != 32:
            if text[at] == 35 or text[at] == 9:
                return False
            at += 1
        words_stop[words] = at
        words += 1
    if words < 2:
        return False
    kinds[index] = -1
    actors[index] = -1
    mantissas[index] = -1
    decimals[index] = 0
    counts[index] = 0
    first = words_start[0]
    # the player of "pN ..." (or the dealer "d")
    player = -1
    if text[first] == 112 and words_stop[0] - first >= 2:
        player = 0
        for k in range(first + 1, words_stop[0]):
            if not 48 <= text[k] <= 57:
                return False
            player = player * 10 + (text[k] - 48)
        if player < 1 or player > 99:
            return False
        player -= 1
    elif not (words_stop[0] - first == 1 and text[first] == 100):
        return False
    verb = words_start[1]
    verb_length = words_stop[1] - verb
    if player < 0:  # d dh pN cards | d db cards
        if verb_length != 2 or text[verb] != 100:
            return False
        if text[verb + 1] == 104 and words == 4:
            target = words_start[2]
            if text[target] != 112:
                return False
            who = 0
            for k in range(target + 1, words_stop[2]):
                if not 48 <= text[k] <= 57:
                    return False
                who = who * 10 + (text[k] - 48)
            if who < 1 or words_stop[2] - target < 2:
                return False
            kinds[index] = DEAL_HOLE
            actors[index] = who - 1
            card_word = 3
        elif text[verb + 1] == 98 and words == 3:
            kinds[index] = DEAL_BOARD
            card_word = 2
        else:
            return False
    else:
        actors[index] = player
        card_word = -1
        if verb_length == 1 and text[verb] == 102 and words == 2:
            kinds[index] = FOLD
        elif verb_length == 2 and text[verb] == 99 and text[verb + 1] == 99 and words == 2:
            kinds[index] = CHECK_CALL
        elif verb_length == 3 and text[verb] == 99 and text[verb + 1] == 98 and words == 3:
            if text[verb + 2] != 114:
                return False
            mantissa, places, sign, after = _number(text, words_start[2], words_stop[2])
            if after != words_stop[2] or sign < 0:
                return False
            kinds[index] = BET_RAISE
            mantissas[index] = mantissa
            decimals[index] = places
        elif verb_length == 2 and text[verb] == 115 and text[verb + 1] == 109:
            if words == 2:
                kinds[index] = MUCK
            elif words == 3:
                kinds[index] = SHOW
                if words_stop[2] - words_start[2] == 1 and text[words_start[2]] == 45:
                    card_word = -1  # "sm -": shown, cards not said
                else:
                    card_word = 2
            else:
                return False
        else:
            return False
    if card_word >= 0:
        length = words_stop[card_word] - words_start[card_word]
        if length % 2 or length == 0 or length > 10:
            return False
        for k in range(length // 2):
            card = _card(text, words_start[card_word] + 2 * k)
            if card == -2:
                return False
            cards[index, k] = card
        counts[index] = length // 2
    return True


class Scratch(NamedTuple):
    """The working arrays of one reading thread (allocated once, reused hand after hand)."""

    seen: npt.NDArray[Any]
    key_starts: npt.NDArray[Any]
    key_stops: npt.NDArray[Any]
    stacks_m: npt.NDArray[Any]
    stacks_d: npt.NDArray[Any]
    antes_m: npt.NDArray[Any]
    antes_d: npt.NDArray[Any]
    blinds_m: npt.NDArray[Any]
    blinds_d: npt.NDArray[Any]
    blind_signs: npt.NDArray[Any]
    won_m: npt.NDArray[Any]
    won_d: npt.NDArray[Any]
    finish_m: npt.NDArray[Any]
    finish_d: npt.NDArray[Any]
    ignored: npt.NDArray[Any]
    sizes_m: npt.NDArray[Any]
    sizes_d: npt.NDArray[Any]
    bet_sizes_m: npt.NDArray[Any]
    bet_sizes_d: npt.NDArray[Any]
    name_starts: npt.NDArray[Any]
    name_stops: npt.NDArray[Any]
    action_starts: npt.NDArray[Any]
    action_stops: npt.NDArray[Any]
    kinds: npt.NDArray[Any]
    actors: npt.NDArray[Any]
    amounts_m: npt.NDArray[Any]
    amounts_d: npt.NDArray[Any]
    amounts: npt.NDArray[Any]
    cards: npt.NDArray[Any]
    card_counts: npt.NDArray[Any]
    stacks: npt.NDArray[Any]
    antes: npt.NDArray[Any]
    blinds: npt.NDArray[Any]
    in_turn: npt.NDArray[Any]
    paid: npt.NDArray[Any]
    finishing: npt.NDArray[Any]
    words_start: npt.NDArray[Any]
    words_stop: npt.NDArray[Any]
    no_all_ins: npt.NDArray[Any]
    no_said: npt.NDArray[Any]
    seat_rows: npt.NDArray[Any]
    scratch_holes: npt.NDArray[Any]
    scratch_board: npt.NDArray[Any]
    scratch_state: npt.NDArray[Any]
    scratch_seen: npt.NDArray[Any]
    scratch_hole: npt.NDArray[Any]
    scratch_work: npt.NDArray[Any]
    powers: npt.NDArray[Any]


@kernel()
def new_scratch() -> Scratch:
    """Working arrays for :func:`phh_hand`."""
    seen = np.zeros(len(KEYS), dtype=np.int64)
    key_starts = np.zeros(MAX_KEYS, dtype=np.int64)
    key_stops = np.zeros(MAX_KEYS, dtype=np.int64)
    stacks_m = np.zeros(MAX_PLAYERS, dtype=np.int64)
    stacks_d = np.zeros(MAX_PLAYERS, dtype=np.int64)
    antes_m = np.zeros(MAX_PLAYERS, dtype=np.int64)
    antes_d = np.zeros(MAX_PLAYERS, dtype=np.int64)
    blinds_m = np.zeros(MAX_PLAYERS, dtype=np.int64)
    blinds_d = np.zeros(MAX_PLAYERS, dtype=np.int64)
    blind_signs = np.zeros(MAX_PLAYERS, dtype=np.int64)
    won_m = np.zeros(MAX_PLAYERS, dtype=np.int64)
    won_d = np.zeros(MAX_PLAYERS, dtype=np.int64)
    finish_m = np.zeros(MAX_PLAYERS, dtype=np.int64)
    finish_d = np.zeros(MAX_PLAYERS, dtype=np.int64)
    ignored = np.zeros(MAX_PLAYERS, dtype=np.int64)
    sizes_m = np.zeros(MAX_PLAYERS, dtype=np.int64)
    sizes_d = np.zeros(MAX_PLAYERS, dtype=np.int64)
    bet_sizes_m = np.zeros(3, dtype=np.int64)
    bet_sizes_d = np.zeros(3, dtype=np.int64)
    name_starts = np.zeros(MAX_PLAYERS, dtype=np.int64)
    name_stops = np.zeros(MAX_PLAYERS, dtype=np.int64)
    action_starts = np.zeros(MAX_ACTIONS, dtype=np.int64)
    action_stops = np.zeros(MAX_ACTIONS, dtype=np.int64)
    kinds = np.zeros(MAX_ACTIONS, dtype=np.int64)
    actors = np.zeros(MAX_ACTIONS, dtype=np.int64)
    amounts_m = np.zeros(MAX_ACTIONS, dtype=np.int64)
    amounts_d = np.zeros(MAX_ACTIONS, dtype=np.int64)
    amounts = np.zeros(MAX_ACTIONS, dtype=np.int64)
    cards = np.zeros((MAX_ACTIONS, 5), dtype=np.int64)
    card_counts = np.zeros(MAX_ACTIONS, dtype=np.int64)
    stacks = np.zeros(MAX_PLAYERS, dtype=np.int64)
    antes = np.zeros(MAX_PLAYERS, dtype=np.int64)
    blinds = np.zeros(MAX_PLAYERS, dtype=np.int64)
    in_turn = np.zeros(MAX_PLAYERS, dtype=np.int64)
    paid = np.zeros(MAX_PLAYERS, dtype=np.int64)
    finishing = np.zeros(MAX_PLAYERS, dtype=np.int64)
    words_start = np.zeros(5, dtype=np.int64)
    words_stop = np.zeros(5, dtype=np.int64)
    no_all_ins = np.zeros(MAX_ACTIONS, dtype=np.int64)
    no_said = np.zeros(SAID_SIZE, dtype=np.int64)
    seat_rows = np.zeros((SCRATCH_ROWS, MAX_PLAYERS), dtype=np.int64)
    scratch_holes = np.zeros((MAX_PLAYERS, 4), dtype=np.int64)
    scratch_board = np.zeros(5, dtype=np.int64)
    scratch_state = np.zeros(STATE_SIZE, dtype=np.int64)
    scratch_seen = np.zeros(52, dtype=np.bool_)
    scratch_hole = np.zeros(4, dtype=np.int64)
    scratch_work = np.zeros(9, dtype=np.int64)
    powers = np.ones(19, dtype=np.int64)
    for k in range(1, 19):
        powers[k] = powers[k - 1] * 10
    for k in range(1, 19):
        powers[k] = powers[k - 1] * 10
    return Scratch(
        seen,
        key_starts,
        key_stops,
        stacks_m,
        stacks_d,
        antes_m,
        antes_d,
        blinds_m,
        blinds_d,
        blind_signs,
        won_m,
        won_d,
        finish_m,
        finish_d,
        ignored,
        sizes_m,
        sizes_d,
        bet_sizes_m,
        bet_sizes_d,
        name_starts,
        name_stops,
        action_starts,
        action_stops,
        kinds,
        actors,
        amounts_m,
        amounts_d,
        amounts,
        cards,
        card_counts,
        stacks,
        antes,
        blinds,
        in_turn,
        paid,
        finishing,
        words_start,
        words_stop,
        no_all_ins,
        no_said,
        seat_rows,
        scratch_holes,
        scratch_board,
        scratch_state,
        scratch_seen,
        scratch_hole,
        scratch_work,
        powers,
    )


@kernel()
def phh_index(
    text: Bytes,
    single: bool,
    first_line: int,
    starts: Ints,
    stops: Ints,
    numbers: Ints,
    headers: Ints,
    lines: Ints,
) -> int:
    """Where each hand of ``text`` lies (one ``.phh`` hand when ``single``, else the ``[n]``
    tables of a ``.phhs`` text from a line start): its content (after the header line), its
    number, the line of its header and of its first line (``lines``, and the text's line count
    at ``lines[hands]``); the number of hands, or -1 when text stands before the first table."""
    end = text.shape[0]
    at = 0
    line = first_line
    hands = 0
    position = 0
    if single:
        starts[0] = 0
        stops[0] = end
        numbers[0] = 1
        headers[0] = 1
        lines[0] = 1
        count = 0
        for k in range(end):
            count += text[k] == 10
        lines[1] = first_line + count
        return 1
    while at < end:
        stop = _line_end(text, at, end)
        if _is_header(text, at, stop):
            inner = _skip_spaces(text, at + 1, stop)
            close = inner
            digits = True
            while close < stop and text[close] != 93 and text[close] != 32:
                digits = digits and 48 <= text[close] <= 57
                close += 1
            position += 1
            number = position
            if digits and close > inner and close - inner < 18:
                number = 0
                for k in range(inner, close):
                    number = number * 10 + (text[k] - 48)
            if hands:
                stops[hands - 1] = at
            numbers[hands] = number
            headers[hands] = line
            starts[hands] = stop + 1
            lines[hands] = line + 1
            hands += 1
        elif not hands:
            first = _skip_spaces(text, at, stop)
            if first < stop and text[first] != 35 and text[first] != 13:
                return -1
        at = stop + 1
        line += 1
    if hands:
        stops[hands - 1] = end
    lines[hands] = line
    return hands


@kernel()
def phh_hand(
    text: Bytes,
    hand: int,
    start: int,
    end: int,
    number: int,
    header: int,
    start_line: int,
    tables: ReplayTables,
    rows: HandRows,
    work_arrays: Scratch,
) -> None:
    """Read and replay the hand whose lines are ``text[start:end]`` into row ``hand`` of
    ``rows``: ``facts[hand, F_STATUS]`` is :data:`OK`, or :data:`SLOW` for the reference path."""
    facts, names, seat_numbers = rows.facts, rows.names, rows.seat_numbers
    seen = work_arrays.seen
    key_starts = work_arrays.key_starts
    key_stops = work_arrays.key_stops
    stacks_m = work_arrays.stacks_m
    stacks_d = work_arrays.stacks_d
    antes_m = work_arrays.antes_m
    antes_d = work_arrays.antes_d
    blinds_m = work_arrays.blinds_m
    blinds_d = work_arrays.blinds_d
    blind_signs = work_arrays.blind_signs
    won_m = work_arrays.won_m
    won_d = work_arrays.won_d
    finish_m = work_arrays.finish_m
    finish_d = work_arrays.finish_d
    ignored = work_arrays.ignored
    sizes_m = work_arrays.sizes_m
    sizes_d = work_arrays.sizes_d
    bet_sizes_m = work_arrays.bet_sizes_m
    bet_sizes_d = work_arrays.bet_sizes_d
    name_starts = work_arrays.name_starts
    name_stops = work_arrays.name_stops
    action_starts = work_arrays.action_starts
    action_stops = work_arrays.action_stops
    kinds = work_arrays.kinds
    actors = work_arrays.actors
    amounts_m = work_arrays.amounts_m
    amounts_d = work_arrays.amounts_d
    amounts = work_arrays.amounts
    cards = work_arrays.cards
    card_counts = work_arrays.card_counts
    stacks = work_arrays.stacks
    antes = work_arrays.antes
    blinds = work_arrays.blinds
    in_turn = work_arrays.in_turn
    paid = work_arrays.paid
    finishing = work_arrays.finishing
    words_start = work_arrays.words_start
    words_stop = work_arrays.words_stop
    no_all_ins = work_arrays.no_all_ins
    no_said = work_arrays.no_said
    seat_rows = work_arrays.seat_rows
    scratch_holes = work_arrays.scratch_holes
    scratch_board = work_arrays.scratch_board
    scratch_state = work_arrays.scratch_state
    scratch_seen = work_arrays.scratch_seen
    scratch_hole = work_arrays.scratch_hole
    scratch_work = work_arrays.scratch_work
    powers = work_arrays.powers
    # the hand's lines
    at = start
    line = start_line
    for k in range(len(KEYS)):
        seen[k] = 0
    keys_seen = 0
    slow = False
    variant = -1
    trimming = 0
    n_stacks = 0
    n_antes = 0
    n_blinds = 0
    n_won = -1
    n_finish = -1
    n_names = -1
    n_seats = -1
    n_actions = 0
    id_start = -1
    id_stop = -1
    venue_start = -1
    venue_stop = -1
    while at < end:
        stop = _line_end(text, at, end)
        line += 1
        if slow:
            at = stop + 1
            continue
        first = _skip_spaces(text, at, stop)
        if first >= stop or text[first] == 35 or text[first] == 13:
            at = stop + 1
            continue
        key_end = first
        while key_end < stop and (
            48 <= text[key_end] <= 57
            or 65 <= text[key_end] <= 90
            or 97 <= text[key_end] <= 122
            or text[key_end] == 95
            or text[key_end] == 45
        ):
            key_end += 1
        equals = _skip_spaces(text, key_end, stop)
        if key_end == first or equals >= stop or text[equals] != 61:
            slow = True
            at = stop + 1
            continue
        value = _skip_spaces(text, equals + 1, stop)
        if value >= stop:
            slow = True
            at = stop + 1
            continue
        key = _key_id(text, first, key_end)
        after = -1
        if key < 0:
            for k in range(keys_seen):  # a key twice is not TOML
                if key_stops[k] - key_starts[k] == key_end - first:
                    same = True
                    for j in range(key_end - first):
                        if text[key_starts[k] + j] != text[first + j]:
                            same = False
                            break
                    if same:
                        slow = True
            if keys_seen == MAX_KEYS:
                slow = True
            else:
                key_starts[keys_seen] = first
                key_stops[keys_seen] = key_end
                keys_seen += 1
            after = _skip_value(text, value, stop)
        elif seen[key]:
            slow = True
        else:
            seen[key] = 1
            if key == K_VARIANT:
                v_start, v_stop, after = _string(text, value, stop)
                if after >= 0:
                    length = v_stop - v_start
                    betting_letter = text[v_start] if length else 0
                    code = -1
                    if betting_letter == 78:
                        code = NO_LIMIT
                    elif betting_letter == 80:
                        code = POT_LIMIT
                    elif betting_letter == 70:
                        code = FIXED_LIMIT
                    game_code = -1
                    if length == 2 and text[v_start + 1] == 84:
                        game_code = HOLDEM
                    elif length == 2 and text[v_start + 1] == 83:
                        game_code = SHORT_DECK_SOT
                    elif length == 2 and text[v_start + 1] == 79:
                        game_code = OMAHA
                    elif (
                        length == 4
                        and text[v_start + 1] == 79
                        and text[v_start + 2] == 47
                        and text[v_start + 3] == 56
                    ):
                        game_code = OMAHA_HI_LO
                    if code >= 0 and game_code >= 0:
                        variant = 3 * game_code + code
            elif key == K_TRIMMING:
                if stop - value >= 4 and text[value] == 116 and text[value + 1] == 114 and text[value + 2] == 117 and text[value + 3] == 101:  # fmt: skip
                    trimming = 1
                    after = value + 4
                elif stop - value >= 5 and text[value] == 102 and text[value + 1] == 97 and text[value + 2] == 108 and text[value + 3] == 115 and text[value + 4] == 101:  # fmt: skip
                    trimming = 0
                    after = value + 5
            elif key == K_ANTES:
                n_antes, after = _numbers(text, value, stop, antes_m, antes_d, ignored)
                if not _positive(ignored, 1 if n_antes == -2 else n_antes):
                    after = -1
            elif key == K_BLINDS:
                n_blinds, after = _numbers(text, value, stop, blinds_m, blinds_d, blind_signs)
                if n_blinds == -2:
                    after = -1
            elif key == K_STACKS:
                n_stacks, after = _numbers(text, value, stop, stacks_m, stacks_d, ignored)
                if n_stacks == -2 or not _positive(ignored, n_stacks):
                    after = -1
            elif key == K_WINNINGS:
                n_won, after = _numbers(text, value, stop, won_m, won_d, ignored)
                if n_won == -2 or not _positive(ignored, n_won):
                    after = -1
            elif key == K_FINISHING:
                n_finish, after = _numbers(text, value, stop, finish_m, finish_d, ignored)
                if n_finish == -2 or not _positive(ignored, n_finish):
                    after = -1
            elif K_MIN_BET <= key <= K_BIG_BET:
                size, after = _numbers(text, value, stop, sizes_m, sizes_d, ignored)
                slot = key - K_MIN_BET
                if size != -2 or ignored[0] < 0:
                    after = -1
                bet_sizes_m[slot] = sizes_m[0]
                bet_sizes_d[slot] = sizes_d[0]
            elif key == K_ACTIONS:
                n_actions, after = _strings(text, value, stop, action_starts, action_stops,
                                            MAX_ACTIONS)  # fmt: skip
            elif key == K_PLAYERS:
                n_names, after = _strings(text, value, stop, name_starts, name_stops,
                                          MAX_PLAYERS)  # fmt: skip
            elif key == K_SEATS:
                n_seats, after = _numbers(text, value, stop, sizes_m, sizes_d, ignored)
                if n_seats >= 0:
                    for k in range(n_seats):
                        if sizes_d[k]:
                            after = -1
                        seat_numbers[hand, k] = sizes_m[k]
                else:
                    after = -1
            elif key == K_HAND:
                if text[value] == 39 or text[value] == 34:
                    id_start, id_stop, after = _string(text, value, stop)
                else:
                    _, places, sign, after = _number(text, value, stop)
                    if places or sign < 0 or (after >= 0 and text[value] == 48 and after - value > 1):  # fmt: skip
                        after = -1
                    id_start = value
                    id_stop = after
            elif key == K_VENUE:
                venue_start, venue_stop, after = _string(text, value, stop)
        if after < 0 or not _value_end(text, after, stop):
            slow = True
        at = stop + 1
    stop_at = at
    facts[hand, F_NUMBER] = number
    facts[hand, F_HEADER] = header
    facts[hand, F_START] = start
    facts[hand, F_STOP] = stop_at
    facts[hand, F_STATUS] = SLOW
    facts[hand, F_COUNT] = 0
    facts[hand, F_LINE] = start_line
    # checks the reference reader makes, and what this reader leaves to it
    count = n_stacks
    if (
        slow
        or variant < 0
        or count < 2
        or not (n_antes == count or n_antes == -2 or (n_antes == 0 and not seen[K_ANTES]))
        or n_blinds != count
        or (n_won >= 0 and n_won != count)
        or (n_finish >= 0 and n_finish != count)
        or (n_names >= 0 and n_names != count)
        or (n_seats >= 0 and n_seats != count)
        or n_actions < 0
        or not seen[K_ACTIONS]
        or (seen[K_WINNINGS] and n_won < 0)
        or (seen[K_FINISHING] and n_finish < 0)
        or (seen[K_PLAYERS] and n_names < 0)
        or not _valid_utf8(text, start, stop_at)
    ):
        return
    betting = variant % 3
    game = variant // 3
    if betting == FIXED_LIMIT:
        if not (seen[K_SMALL_BET] and seen[K_BIG_BET]):
            return
    elif not seen[K_MIN_BET]:
        return
    if n_antes == -2:
        for i in range(1, count):
            antes_m[i] = antes_m[0]
            antes_d[i] = antes_d[0]
    elif n_antes == 0:
        for i in range(count):
            antes_m[i] = 0
            antes_d[i] = 0
    # the scale: the most decimals of a non-whole amount
    places = 0
    for i in range(count):
        if stacks_d[i] and stacks_m[i] % powers[stacks_d[i]]:
            places = max(places, stacks_d[i])
        if antes_d[i] and antes_m[i] % powers[antes_d[i]]:
            places = max(places, antes_d[i])
        if blinds_d[i] and blinds_m[i] % powers[blinds_d[i]]:
            places = max(places, blinds_d[i])
        if n_won > 0 and won_d[i] and won_m[i] % powers[won_d[i]]:
            places = max(places, won_d[i])
        if n_finish > 0 and finish_d[i] and finish_m[i] % powers[finish_d[i]]:
            places = max(places, finish_d[i])
    for slot in range(3):
        used = slot > 0 if betting == FIXED_LIMIT else slot == 0
        if used and bet_sizes_d[slot] and bet_sizes_m[slot] % powers[bet_sizes_d[slot]]:
            places = max(places, bet_sizes_d[slot])
    bad_action = False
    for step in range(n_actions):
        if not _action(text, action_starts[step], action_stops[step], step, kinds, actors,
                       amounts_m, amounts_d, cards, card_counts, words_start,
                       words_stop):  # fmt: skip
            bad_action = True
            break
        if kinds[step] == BET_RAISE and amounts_d[step] and amounts_m[step] % powers[amounts_d[step]]:  # fmt: skip
            places = max(places, amounts_d[step])
    if bad_action or places > 6:
        return
    for i in range(count):
        stacks[i] = _scaled(stacks_m[i], stacks_d[i], places, powers)
        antes[i] = _scaled(antes_m[i], antes_d[i], places, powers)
        blinds[i] = _scaled(blinds_m[i], blinds_d[i], places, powers)
        in_turn[i] = 1 if blind_signs[i] > 0 else 0
        paid[i] = _scaled(won_m[i], won_d[i], places, powers) if n_won > 0 else 0
        finishing[i] = _scaled(finish_m[i], finish_d[i], places, powers) if n_finish > 0 else 0
    raw_small = blinds[0]
    raw_big = blinds[1]
    if count == 2:  # heads-up: written from the big blind's side
        antes[0], antes[1] = antes[1], antes[0]
        blinds[0], blinds[1] = blinds[1], blinds[0]
        in_turn[0], in_turn[1] = in_turn[1], in_turn[0]
    for step in range(n_actions):
        amounts[step] = (
            _scaled(amounts_m[step], amounts_d[step], places, powers)
            if kinds[step] == BET_RAISE
            else -1
        )
    if betting == FIXED_LIMIT:
        small_bet = _scaled(bet_sizes_m[1], bet_sizes_d[1], places, powers)
        big_bet = _scaled(bet_sizes_m[2], bet_sizes_d[2], places, powers)
    else:
        small_bet = _scaled(bet_sizes_m[0], bet_sizes_d[0], places, powers)
        big_bet = 0
    deck = tables.full_deck
    if game == SHORT_DECK_SOT:
        deck = tables.short_deck
    has_won = 0
    if n_won >= 0:
        has_won = 1
    has_finish = 0
    if n_finish >= 0:
        has_finish = 1
    status, allin_street, allin_cards, pot_count = replay_one(
        count, game, betting, trimming, small_bet, big_bet, stacks, antes, blinds, in_turn,
        n_actions, kinds, actors, amounts, cards, card_counts, paid, has_won,
        finishing, has_finish, no_all_ins, no_said, tables, deck, seat_rows, scratch_holes,
        scratch_board, scratch_state, scratch_seen, scratch_hole, scratch_work, rows, hand,
    )  # fmt: skip
    if status != OK:
        return
    facts[hand, F_STATUS] = OK
    facts[hand, F_COUNT] = count
    facts[hand, F_VARIANT] = variant
    facts[hand, F_SCALE] = places
    facts[hand, F_SMALL] = raw_small
    facts[hand, F_BIG] = raw_big if raw_big else small_bet
    facts[hand, F_ID_START] = id_start
    facts[hand, F_ID_STOP] = id_stop
    facts[hand, F_VENUE_START] = venue_start
    facts[hand, F_VENUE_STOP] = venue_stop
    facts[hand, F_ALLIN_STREET] = allin_street
    facts[hand, F_ALLIN_CARDS] = allin_cards
    facts[hand, F_POTS] = pot_count
    for i in range(count):
        names[hand, 2 * i] = name_starts[i] if n_names > 0 else -1
        names[hand, 2 * i + 1] = name_stops[i] if n_names > 0 else -1
        if n_seats < 0:
            seat_numbers[hand, i] = -1


@kernel(parallel=True)
def phh_hands(
    text: Bytes,
    index: PhhIndex,
    hands: int,
    threads: int,
    high7: RankingTables,
    sot7: RankingTables,
    low: RankingTables,
    full_deck: npt.NDArray[np.bool_],
    short_deck: npt.NDArray[np.bool_],
    rows: HandRows,
) -> None:
    """:func:`phh_hand` for every hand :func:`phh_index` found, the hands dealt to ``threads``
    threads in turn (each with its working arrays). The :class:`ReplayTables` come one by one
    (``*tables``): Numba's parallel loops take a bundle only as an argument of their own, and
    not a bundle of bundles."""
    for worker in prange(threads):
        # The thread's number as int64: the parallel loop's index is unsigned in the threads'
        # code and signed where Numba types the loop first, and each compiled the share again.
        _phh_share(text, index, np.int64(worker), hands, threads, high7, sot7, low, full_deck,  # type: ignore[arg-type]
                   short_deck, rows)  # fmt: skip


@kernel()
def _phh_share(
    text: Bytes,
    index: PhhIndex,
    worker: int,
    hands: int,
    threads: int,
    high7: RankingTables,
    sot7: RankingTables,
    low: RankingTables,
    full_deck: npt.NDArray[np.bool_],
    short_deck: npt.NDArray[np.bool_],
    rows: HandRows,
) -> None:
    """One thread's share of :func:`phh_hands`: hands ``worker``, ``worker + threads`` ..."""
    starts, stops, numbers, headers, lines = index
    tables = ReplayTables(high7, sot7, low, full_deck, short_deck)
    scratch = new_scratch()
    for hand in range(worker, hands, threads):
        phh_hand(text, hand, starts[hand], stops[hand], numbers[hand], headers[hand],
                 lines[hand], tables, rows, scratch)  # fmt: skip


# -- exact equities ---------------------------------------------------------------------------


@kernel(inline=True)
def _share_pots(high: Ints, lows: Ints, pots: Ints, weight: int, shares: Grid) -> None:
    """One board's shares of every pot, times ``weight``, added to ``shares[pot, player]`` in
    units of ``1 / DEN``: a pot's contenders (the bits of ``pots[pot]``) with its best high
    value split it, or its high half when one of them has a low (a value above 1 in ``lows``;
    ``lows`` is empty in a game without lows), and the best low splits the other half."""
    players = high.shape[0]
    for pot in range(pots.shape[0]):
        mask = pots[pot]
        top = 0
        best_low = 1
        for player in range(players):
            if mask >> player & 1:
                top = max(top, high[player])
                if lows.shape[0]:
                    best_low = max(best_low, lows[player])
        high_count = 0
        low_count = 0
        for player in range(players):
            if mask >> player & 1:
                high_count += high[player] == top
                low_count += best_low > 1 and lows[player] == best_low
        half = DEN // 2 if low_count else DEN
        for player in range(players):
            if mask >> player & 1:
                if high[player] == top:
                    shares[pot, player] += weight * (half // high_count)
                if low_count and lows[player] == best_low:
                    shares[pot, player] += weight * ((DEN // 2) // low_count)


@kernel()
def exact_shares(
    game: int,
    holes: npt.NDArray[np.int64],
    holes_per: int,
    known: Ints,
    rest: Ints,
    tables: ReplayTables,
    pots: Ints,
    shares: Grid,
) -> int:
    """Every board completing ``known`` from ``rest``: each player's share of each pot (whose
    contenders are the bits of ``pots[pot]``) summed over the boards, in units of ``1 / DEN``
    (split pots and hi/lo halves exact), into ``shares[pot, player]``; returns the number of
    boards. One enumeration values every pot: a side pot's other players' cards are dead in it
    as they are in the main pot."""
    high7, sot7, low = tables.high7, tables.sot7, tables.low
    players = holes.shape[0]
    need = 5 - known.shape[0]
    board = np.zeros(5, dtype=np.int64)
    for k in range(known.shape[0]):
        board[k] = known[k]
    chosen = np.arange(need, dtype=np.int64)
    high = np.zeros(players, dtype=np.int64)
    lows = np.zeros(players, dtype=np.int64)
    hole = np.zeros(4, dtype=np.int64)
    work = np.zeros(9, dtype=np.int64)
    shares[:] = 0
    size = rest.shape[0]
    boards = 0
    while True:
        for k in range(need):
            board[known.shape[0] + k] = rest[chosen[k]]
        for player in range(players):
            for k in range(holes_per):
                hole[k] = holes[player, k]
            high[player], lows[player] = _values(
                game, hole, holes_per, board, high7, sot7, low, work
            )
        _share_pots(high, lows, pots, 1, shares)
        boards += 1
        # the next subset of positions, in lexicographic order
        position = need - 1
        while position >= 0 and chosen[position] == size - need + position:
            position -= 1
        if position < 0:
            break
        chosen[position] += 1
        for k in range(position + 1, need):
            chosen[k] = chosen[k - 1] + 1
    return boards


@kernel(inline=True)
def _tally_any_five(
    key: int,
    masks: int,
    hole_keys: Ints,
    hole_masks: Ints,
    tables: RankingTables,
    high: Ints,
    pots: Ints,
    shares: Grid,
) -> None:
    """One board's shares of every pot when any five of hole and board cards play (no low)."""
    players = hole_keys.shape[0]
    for player in range(players):
        total = key + hole_keys[player]
        suit = flush_suit(total) if tables.flush_rule else -1
        if suit < 0:
            value = multiset_value(total, tables.bits, tables.base, tables.values)
        else:
            value = int(tables.flush[((masks | hole_masks[player]) >> (13 * suit)) & RANK_MASK])
        high[player] = value
    _share_pots(high, high[:0], pots, 1, shares)


@kernel()
def any_five_shares(
    hole_keys: Ints,
    hole_masks: Ints,
    known: Ints,
    rest: Ints,
    tables: RankingTables,
    pots: Ints,
    shares: Grid,
) -> int:
    """:func:`exact_shares` for hold'em-like games, the boards dealt card by card in nested
    loops (a key addition per card): the preflop all-in in some tens of milliseconds."""
    players = hole_keys.shape[0]
    high = np.zeros(players, dtype=np.int64)
    shares[:] = 0
    card_keys = tables.card_keys
    suit_bits = tables.suit_bits
    key = 0
    masks = 0
    for k in range(known.shape[0]):
        key += card_keys[known[k]]
        masks |= suit_bits[known[k]]
    need = 5 - known.shape[0]
    size = rest.shape[0]
    boards = 0
    if need == 0:
        _tally_any_five(key, masks, hole_keys, hole_masks, tables, high, pots, shares)
        return 1
    if need == 1:
        for a in range(size):
            _tally_any_five(key + card_keys[rest[a]], masks | suit_bits[rest[a]], hole_keys,
                            hole_masks, tables, high, pots, shares)  # fmt: skip
        return int(size)
    if need == 2:
        for a in range(size - 1):
            key_a = key + card_keys[rest[a]]
            masks_a = masks | suit_bits[rest[a]]
            for b in range(a + 1, size):
                _tally_any_five(key_a + card_keys[rest[b]], masks_a | suit_bits[rest[b]],
                                hole_keys, hole_masks, tables, high, pots, shares)  # fmt: skip
                boards += 1
        return boards
    for a in range(size - 4):
        key_a = key + card_keys[rest[a]]
        masks_a = masks | suit_bits[rest[a]]
        for b in range(a + 1, size - 3):
            key_b = key_a + card_keys[rest[b]]
            masks_b = masks_a | suit_bits[rest[b]]
            for c in range(b + 1, size - 2):
                key_c = key_b + card_keys[rest[c]]
                masks_c = masks_b | suit_bits[rest[c]]
                for d in range(c + 1, size - 1):
                    key_d = key_c + card_keys[rest[d]]
                    masks_d = masks_c | suit_bits[rest[d]]
                    for e in range(d + 1, size):
                        _tally_any_five(key_d + card_keys[rest[e]], masks_d | suit_bits[rest[e]],
                                        hole_keys, hole_masks, tables, high, pots, shares)  # fmt: skip
                        boards += 1
    return boards


# -- reading PokerStars -----------------------------------------------------------------------


@kernel()
def stars_index(text: Bytes, starts: Ints, stops: Ints) -> int:
    """Where each PokerStars hand of ``text`` lies: from a line starting ``PokerStars `` to the
    next; -1 when other text stands before the first hand."""
    end = text.shape[0]
    at = 0
    hands = 0
    while at < end:
        stop = _line_end(text, at, end)
        begin = at
        if stop - at >= 3 and text[at] == 0xEF and text[at + 1] == 0xBB and text[at + 2] == 0xBF:
            begin = at + 3
        if _starts_with(text, begin, stop, _POKERSTARS):
            if hands:
                stops[hands - 1] = at
            starts[hands] = at
            hands += 1
        elif not hands:
            first = begin
            while first < stop and (text[first] == 32 or text[first] == 9 or text[first] == 13):
                first += 1
            if first < stop:
                return -1
        at = stop + 1
    if hands:
        stops[hands - 1] = end
    return hands


def _ascii(text: str) -> npt.NDArray[np.uint8]:
    return np.frombuffer(text.encode(), dtype=np.uint8).copy()


_POKERSTARS: Final = _ascii("PokerStars ")
_HOLDEM: Final = _ascii("Hold'em ")
_OMAHA: Final = _ascii("Omaha ")
_HI_LO: Final = _ascii("Hi/Lo ")
_NO_LIMIT: Final = _ascii("No Limit")
_POT_LIMIT: Final = _ascii("Pot Limit")
_LIMIT: Final = _ascii("Limit")
_FIXED_LIMIT: Final = _ascii("Fixed Limit")
_SEAT: Final = _ascii("Seat ")
_SEAT_NUMBER: Final = _ascii("Seat #")
_TABLE: Final = _ascii("Table '")
_IN_CHIPS: Final = _ascii(" in chips")
_SITTING_OUT: Final = _ascii("sitting out")
_OUT_OF_HAND: Final = _ascii("out of hand")
_STARS: Final = _ascii("*** ")
_HOLE_CARDS: Final = _ascii("*** HOLE CARDS")
_DEALING: Final = _ascii("*** DEALING HANDS")
_PRE_FLOP: Final = _ascii("*** PRE-FLOP")
_SHOW_DOWN: Final = _ascii("SHOW DOWN")
_SHOWDOWN: Final = _ascii("SHOWDOWN")
_SUMMARY: Final = _ascii("*** SUMMARY")
_FLOP: Final = _ascii("*** FLOP *** ")
_TURN: Final = _ascii("*** TURN *** ")
_RIVER: Final = _ascii("*** RIVER *** ")
_DEALT_TO: Final = _ascii("Dealt to ")
_UNCALLED: Final = _ascii("Uncalled bet (")
_RETURNED_TO: Final = _ascii(") returned to ")
_COLLECTED: Final = _ascii(" collected ")
_FROM: Final = _ascii(" from ")
_POT: Final = _ascii("pot")
_MAIN_POT: Final = _ascii("main pot")
_SIDE_POT: Final = _ascii("side pot")
_CASHED_OUT: Final = _ascii(" cashed out the hand")
_TOTAL_POT: Final = _ascii("Total pot ")
_RAKE: Final = _ascii("| Rake ")
_POSTS: Final = _ascii("posts ")
_SMALL_AND_BIG: Final = _ascii("small & big blinds ")
_SMALL_BLIND: Final = _ascii("small blind ")
_BIG_BLIND: Final = _ascii("big blind ")
_THE_ANTE: Final = _ascii("the ante ")
_STRADDLE: Final = _ascii("straddle ")
_BUTTON_BLIND: Final = _ascii("button blind ")
_FOLDS: Final = _ascii("folds")
_CHECKS: Final = _ascii("checks")
_CALLS: Final = _ascii("calls ")
_BETS: Final = _ascii("bets ")
_RAISES: Final = _ascii("raises ")
_TO: Final = _ascii(" to ")
_SHOWS: Final = _ascii("shows [")
_MUCKS: Final = _ascii("mucks")
_ALL_IN: Final = _ascii(" and is all-in")
_SIX_PLUS: Final = _ascii("6+ ")
_CARD: Final = _ascii("Card ")
_HASH: Final = _ascii(" #")


@kernel(inline=True)
def _starts_with(text: Bytes, at: int, stop: int, word: Bytes) -> bool:
    if stop - at < word.shape[0]:
        return False
    same = True
    for k in range(word.shape[0]):
        if text[at + k] != word[k]:
            same = False
            break
    return same


@kernel()
def _find(text: Bytes, at: int, stop: int, word: Bytes) -> int:
    """The first place of ``word`` in ``text[at:stop]``, or -1."""
    last = stop - word.shape[0]
    while at <= last:
        if text[at] == word[0] and _starts_with(text, at, stop, word):
            return at
        at += 1
    return -1


@kernel()
def _money(text: Bytes, at: int, stop: int) -> tuple[int, int, bool]:
    """An amount as PokerStars writes one (``$0.25``, ``1,500``, ``€2``): every byte but the
    digits and the point dropped, as the reference reader reads it; (mantissa, decimals, ok)."""
    mantissa = 0
    decimals = 0
    digits = 0
    point = False
    for k in range(at, stop):
        byte = text[k]
        if 48 <= byte <= 57:
            mantissa = mantissa * 10 + (byte - 48)
            digits += 1
            if point:
                decimals += 1
        elif byte == 46:
            if point:
                return 0, 0, False
            point = True
    if digits == 0 or digits > 12 or (point and decimals == 0):
        return 0, 0, False
    return mantissa, decimals, True


@kernel()
def _token_end(text: Bytes, at: int, stop: int) -> int:
    while at < stop and text[at] != 32 and text[at] != 13:
        at += 1
    return at


@kernel()
def _stars_cards(text: Bytes, at: int, stop: int, out: Ints, room: int) -> int:
    """Cards written ``[Ah Kd]`` (from the ``[``): how many, or -1."""
    if at >= stop or text[at] != 91:
        return -1
    at += 1
    count = 0
    while at < stop and text[at] != 93:
        if text[at] == 32:
            at += 1
            continue
        if at + 1 >= stop or count == room:
            return -1
        rank = text[at]
        if rank == 49 and at + 2 < stop and text[at + 1] == 48:  # "10"
            card = _card_of(84, text[at + 2])
            at += 3
        else:
            card = _card_of(rank, text[at + 1])
            at += 2
        if card < 0:
            return -1
        out[count] = card
        count += 1
    if at >= stop:
        return -1
    return count


@kernel(inline=True)
def _card_of(rank: int, suit: int) -> int:
    r = -1
    if 50 <= rank <= 57:
        r = rank - 50
    elif rank == 84:
        r = 8
    elif rank == 74:
        r = 9
    elif rank == 81:
        r = 10
    elif rank == 75:
        r = 11
    elif rank == 65:
        r = 12
    s = -1
    if suit == 99:
        s = 0
    elif suit == 100:
        s = 1
    elif suit == 104:
        s = 2
    elif suit == 115:
        s = 3
    if r < 0 or s < 0:
        return -1
    return 4 * r + s


@kernel()
def _speaker(
    text: Bytes, at: int, stop: int, name_starts: Ints, name_stops: Ints, names: int
) -> tuple[int, int]:
    """The seat (in the order listed) whose name starts the line followed by ``: ``, and where
    the words begin; (-1, at) if none."""
    colon = at
    while colon + 1 < stop and not (text[colon] == 58 and text[colon + 1] == 32):
        colon += 1
    if colon + 1 < stop:
        for seat in range(names):
            length = name_stops[seat] - name_starts[seat]
            if length == colon - at:
                same = True
                for k in range(length):
                    if text[at + k] != text[name_starts[seat] + k]:
                        same = False
                        break
                if same:
                    return seat, colon + 2
    best = -1
    best_length = -1
    for seat in range(names):  # a name holding ": " itself
        length = name_stops[seat] - name_starts[seat]
        if length > best_length and at + length + 1 < stop and text[at + length] == 58 and text[at + length + 1] == 32:  # fmt: skip
            same = True
            for k in range(length):
                if text[at + k] != text[name_starts[seat] + k]:
                    same = False
                    break
            if same:
                best = seat
                best_length = length
    if best >= 0:
        return best, at + best_length + 2
    return -1, at


@kernel()
def _named(text: Bytes, at: int, stop: int, name_starts: Ints, name_stops: Ints, names: int) -> int:
    """The seat whose name is exactly ``text[at:stop]``, or -1."""
    for seat in range(names):
        length = name_stops[seat] - name_starts[seat]
        if length != stop - at:
            continue
        same = True
        for k in range(length):
            if text[at + k] != text[name_starts[seat] + k]:
                same = False
                break
        if same:
            return seat
    return -1


MAX_SEATS: Final = 10
MAX_POSTS: Final = 32
MAX_LISTED: Final = 64
"""Returned and collected lines kept per hand (more: the reference path)."""


class StarsScratch(NamedTuple):
    """The working arrays of one thread reading PokerStars hands."""

    seat_numbers: Ints
    name_starts: Ints
    name_stops: Ints
    stacks_m: Ints
    stacks_d: Ints
    out: Ints
    playing: Ints
    order_of: Ints
    listed_of: Ints
    post_seat: Ints
    post_kind: Ints
    post_m: Ints
    post_d: Ints
    kinds: Ints
    seats: Ints
    amounts_m: Ints
    amounts_d: Ints
    cards: npt.NDArray[np.int64]
    card_counts: Ints
    all_ins: Ints
    returned_seat: Ints
    returned_m: Ints
    returned_d: Ints
    collected_seat: Ints
    collected_m: Ints
    collected_d: Ints
    collected_pot: Ints
    numbers: Ints
    stacks: Ints
    antes: Ints
    blinds: Ints
    in_turn: Ints
    amounts: Ints
    actors: Ints
    paid: Ints
    finishing: Ints
    said: Ints
    hand_cards: Ints
    seat_rows: npt.NDArray[np.int64]
    holes: npt.NDArray[np.int64]
    board: Ints
    state: Ints
    seen: npt.NDArray[np.bool_]
    hole: Ints
    work: Ints
    powers: Ints


@kernel()
def new_stars_scratch() -> StarsScratch:
    """Working arrays for :func:`stars_hand`."""
    powers = np.ones(19, dtype=np.int64)
    for k in range(1, 19):
        powers[k] = powers[k - 1] * 10
    return StarsScratch(
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_SEATS, dtype=np.int64),
        np.zeros(MAX_POSTS, dtype=np.int64),
        np.zeros(MAX_POSTS, dtype=np.int64),
        np.zeros(MAX_POSTS, dtype=np.int64),
        np.zeros(MAX_POSTS, dtype=np.int64),
        np.zeros(MAX_ACTIONS, dtype=np.int64),
        np.zeros(MAX_ACTIONS, dtype=np.int64),
        np.zeros(MAX_ACTIONS, dtype=np.int64),
        np.zeros(MAX_ACTIONS, dtype=np.int64),
        np.zeros((MAX_ACTIONS, 5), dtype=np.int64),
        np.zeros(MAX_ACTIONS, dtype=np.int64),
        np.zeros(MAX_ACTIONS, dtype=np.int64),
        np.zeros(MAX_LISTED, dtype=np.int64),
        np.zeros(MAX_LISTED, dtype=np.int64),
        np.zeros(MAX_LISTED, dtype=np.int64),
        np.zeros(MAX_LISTED, dtype=np.int64),
        np.zeros(MAX_LISTED, dtype=np.int64),
        np.zeros(MAX_LISTED, dtype=np.int64),
        np.zeros(MAX_LISTED, dtype=np.int64),
        np.zeros(8, dtype=np.int64),
        np.zeros(MAX_PLAYERS, dtype=np.int64),
        np.zeros(MAX_PLAYERS, dtype=np.int64),
        np.zeros(MAX_PLAYERS, dtype=np.int64),
        np.zeros(MAX_PLAYERS, dtype=np.int64),
        np.zeros(MAX_ACTIONS, dtype=np.int64),
        np.zeros(MAX_ACTIONS, dtype=np.int64),
        np.zeros(MAX_PLAYERS, dtype=np.int64),
        np.zeros(MAX_PLAYERS, dtype=np.int64),
        np.zeros(SAID_SIZE, dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.zeros((SCRATCH_ROWS, MAX_PLAYERS), dtype=np.int64),
        np.zeros((MAX_PLAYERS, 4), dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.zeros(STATE_SIZE, dtype=np.int64),
        np.zeros(52, dtype=np.bool_),
        np.zeros(4, dtype=np.int64),
        np.zeros(9, dtype=np.int64),
        powers,
    )


# PokerStars post kinds
P_ANTE, P_SMALL, P_BIG, P_BOTH, P_STRADDLE = range(5)
# the numbers of a hand's header: stakes and summary, mantissa and decimals each
N_SB_M, N_SB_D, N_BB_M, N_BB_D, N_TOTAL_M, N_TOTAL_D, N_RAKE_M, N_RAKE_D = range(8)


@kernel()
def stars_hand(
    text: Bytes,
    hand: int,
    start: int,
    end: int,
    number: int,
    tables: ReplayTables,
    rows: HandRows,
    w: StarsScratch,
) -> None:
    """Read and replay the PokerStars hand ``text[start:end]`` into row ``hand`` of ``rows`` (as
    the reference reader and replay do), or mark it :data:`SLOW` for them."""
    facts, names, seat_numbers_out = rows.facts, rows.names, rows.seat_numbers
    facts[hand, F_STATUS] = SLOW
    facts[hand, F_NUMBER] = number
    facts[hand, F_START] = start
    facts[hand, F_STOP] = end
    facts[hand, F_COUNT] = 0
    if not _valid_utf8(text, start, end):
        return
    # the header
    at = start
    if end - at >= 3 and text[at] == 0xEF and text[at + 1] == 0xBB and text[at + 2] == 0xBF:
        at += 3
    stop = _line_end(text, at, end)
    hash_at = _find(text, at, stop, _HASH)
    if hash_at < 0:
        return
    id_start = hash_at + 2
    id_stop = id_start
    while id_stop < stop and 48 <= text[id_stop] <= 57:
        id_stop += 1
    if id_stop == id_start or id_stop >= stop or text[id_stop] != 58:
        return
    rest = id_stop + 1
    game = -1
    after = -1
    holdem = _find(text, rest, stop, _HOLDEM)
    omaha = _find(text, rest, stop, _OMAHA)
    if holdem >= 0 and (omaha < 0 or holdem < omaha):
        if holdem >= 3 and _starts_with(text, holdem - 3, stop, _SIX_PLUS):
            return
        game = HOLDEM
        after = holdem + _HOLDEM.shape[0]
    elif omaha >= 0:
        if omaha >= 5 and _starts_with(text, omaha - 5, stop, _CARD):
            return
        game = OMAHA
        after = omaha + _OMAHA.shape[0]
        if _starts_with(text, after, stop, _HI_LO):
            game = OMAHA_HI_LO
            after += _HI_LO.shape[0]
    else:
        return
    if _starts_with(text, after, stop, _NO_LIMIT):
        betting = NO_LIMIT
    elif _starts_with(text, after, stop, _POT_LIMIT):
        betting = POT_LIMIT
    elif _starts_with(text, after, stop, _FIXED_LIMIT) or _starts_with(text, after, stop, _LIMIT):
        betting = FIXED_LIMIT
    else:
        return
    numbers = w.numbers
    found = False
    k = rest
    while k < stop and not found:  # the stakes: (sb/bb[ CUR])
        if text[k] == 40:
            a = k + 1
            b = a
            while b < stop and text[b] != 47 and text[b] != 32 and text[b] != 40 and text[b] != 41:
                b += 1
            if b < stop and text[b] == 47 and b > a:
                c = b + 1
                d = c
                while d < stop and text[d] != 47 and text[d] != 32 and text[d] != 40 and text[d] != 41:  # fmt: skip
                    d += 1
                ok = d > c and d < stop
                if ok and text[d] == 32:
                    ok = d + 4 < stop and text[d + 4] == 41
                    for q in range(d + 1, d + 4):
                        ok = ok and 65 <= text[q] <= 90
                elif ok:
                    ok = text[d] == 41
                if ok:
                    m1, d1, ok1 = _money(text, a, b)
                    m2, d2, ok2 = _money(text, c, d)
                    if not (ok1 and ok2):
                        return
                    numbers[N_SB_M], numbers[N_SB_D] = m1, d1
                    numbers[N_BB_M], numbers[N_BB_D] = m2, d2
                    found = True
        k += 1
    if not found:
        return
    has_total = False
    has_rake = False
    # the lines
    listed = 0
    posts = 0
    actions = 0
    returned = 0
    collected = 0
    section = 0  # 0 seats, 1 actions, 2 summary
    button = 0
    at = stop + 1
    while at < end:
        stop = _line_end(text, at, end)
        line_stop = stop
        while line_stop > at and text[line_stop - 1] == 13:
            line_stop -= 1
        first = at
        at = stop + 1
        blank = True
        for q in range(first, line_stop):
            if text[q] != 32 and text[q] != 9:
                blank = False
                break
        if blank:
            continue
        if _starts_with(text, first, line_stop, _STARS):
            if _starts_with(text, first, line_stop, _SUMMARY):
                section = 2
            elif (
                _starts_with(text, first, line_stop, _HOLE_CARDS)
                or _starts_with(text, first, line_stop, _DEALING)
                or _starts_with(text, first, line_stop, _PRE_FLOP)
                or _find(text, first, line_stop, _SHOW_DOWN) >= 0
                or _find(text, first, line_stop, _SHOWDOWN) >= 0
            ):
                section = 1
            elif (
                _starts_with(text, first, line_stop, _FLOP)
                or _starts_with(text, first, line_stop, _TURN)
                or _starts_with(text, first, line_stop, _RIVER)
            ):
                last = line_stop - 1
                while last > first and text[last] != 91:
                    last -= 1
                if actions == MAX_ACTIONS:
                    return
                count = _stars_cards(text, last, line_stop, w.hand_cards, 5)
                if count <= 0 or text[line_stop - 1] != 93:
                    return
                w.kinds[actions] = DEAL_BOARD
                w.seats[actions] = -1
                w.amounts_m[actions] = -1
                w.all_ins[actions] = 0
                w.card_counts[actions] = count
                for q in range(count):
                    w.cards[actions, q] = w.hand_cards[q]
                actions += 1
                section = 1
            else:
                return  # a run of several boards, or a section the reference reader weighs
            continue
        if section == 2:
            if _starts_with(text, first, line_stop, _TOTAL_POT):
                a = first + _TOTAL_POT.shape[0]
                b = _token_end(text, a, line_stop)
                m, d, ok = _money(text, a, b)
                if not ok:
                    return
                numbers[N_TOTAL_M], numbers[N_TOTAL_D] = m, d
                has_total = True
                bar = b
                while bar < line_stop and text[bar] != 124:
                    bar += 1
                if _starts_with(text, bar, line_stop, _RAKE):
                    a = bar + _RAKE.shape[0]
                    b = _token_end(text, a, line_stop)
                    m, d, ok = _money(text, a, b)
                    if not ok:
                        return
                    numbers[N_RAKE_M], numbers[N_RAKE_D] = m, d
                    has_rake = True
            continue
        if section == 0:
            if _starts_with(text, first, line_stop, _TABLE):
                seat_at = _find(text, first, line_stop, _SEAT_NUMBER)
                if seat_at < 0:
                    return
                q = seat_at + _SEAT_NUMBER.shape[0]
                button = 0
                while q < line_stop and 48 <= text[q] <= 57:
                    button = button * 10 + (text[q] - 48)
                    q += 1
                continue
            if _starts_with(text, first, line_stop, _SEAT):
                q = first + _SEAT.shape[0]
                seat = 0
                digits = 0
                while q < line_stop and 48 <= text[q] <= 57:
                    seat = seat * 10 + (text[q] - 48)
                    q += 1
                    digits += 1
                if digits and q + 1 < line_stop and text[q] == 58 and text[q + 1] == 32:
                    name_start = q + 2
                    chips = _find(text, name_start, line_stop, _IN_CHIPS)
                    if chips > 0:
                        paren = chips - 1  # the " (" that opens the stack
                        while paren > name_start and text[paren] != 40:
                            paren -= 1
                        good = paren > name_start + 1 and text[paren - 1] == 32
                        for q in range(paren + 1, chips):
                            good = good and text[q] != 32 and text[q] != 40 and text[q] != 41
                        if good:
                            if listed == MAX_SEATS:
                                return
                            m, d, ok = _money(text, paren + 1, chips)
                            if not ok:
                                return
                            w.seat_numbers[listed] = seat
                            w.name_starts[listed] = name_start
                            w.name_stops[listed] = paren - 1
                            w.stacks_m[listed] = m
                            w.stacks_d[listed] = d
                            w.out[listed] = (
                                _find(text, chips, line_stop, _SITTING_OUT) >= 0
                                or _find(text, chips, line_stop, _OUT_OF_HAND) >= 0
                            )
                            w.playing[listed] = 0
                            listed += 1
                            continue
        # a line of play
        if _starts_with(text, first, line_stop, _DEALT_TO):
            a = first + _DEALT_TO.shape[0]
            bracket = a
            while bracket + 1 < line_stop and not (text[bracket] == 32 and text[bracket + 1] == 91):
                bracket += 1
            if bracket + 1 >= line_stop or text[line_stop - 1] != 93:
                continue
            who = _named(text, a, bracket, w.name_starts, w.name_stops, listed)
            if who < 0:
                continue
            last = line_stop - 1
            while last > bracket and text[last] != 91:
                last -= 1
            count = _stars_cards(text, last, line_stop, w.hand_cards, 5)
            if count < 0 or actions == MAX_ACTIONS:
                return
            w.kinds[actions] = DEAL_HOLE
            w.seats[actions] = who
            w.amounts_m[actions] = -1
            w.all_ins[actions] = 0
            w.card_counts[actions] = count
            for q in range(count):
                w.cards[actions, q] = w.hand_cards[q]
            w.playing[who] = 1
            actions += 1
            continue
        if _starts_with(text, first, line_stop, _UNCALLED):
            a = first + _UNCALLED.shape[0]
            close = _find(text, a, line_stop, _RETURNED_TO)
            if close < 0:
                return
            who = _named(text, close + _RETURNED_TO.shape[0], line_stop, w.name_starts,
                         w.name_stops, listed)  # fmt: skip
            m, d, ok = _money(text, a, close)
            if who < 0 or not ok or returned == MAX_LISTED:
                return
            w.returned_seat[returned] = who
            w.returned_m[returned] = m
            w.returned_d[returned] = d
            returned += 1
            continue
        taken = _find(text, first, line_stop, _COLLECTED)
        if taken > first:
            who = _named(text, first, taken, w.name_starts, w.name_stops, listed)
            if who >= 0:
                a = taken + _COLLECTED.shape[0]
                b = _token_end(text, a, line_stop)
                if not _starts_with(text, b, line_stop, _FROM):
                    return
                where = b + _FROM.shape[0]
                pot = -1
                if _starts_with(text, where, line_stop, _MAIN_POT):
                    pot = 0
                elif _starts_with(text, where, line_stop, _SIDE_POT):
                    q = where + _SIDE_POT.shape[0]
                    pot = 1
                    if q < line_stop and text[q] == 45:
                        pot = 0
                        q += 1
                        while q < line_stop and 48 <= text[q] <= 57:
                            pot = pot * 10 + (text[q] - 48)
                            q += 1
                elif _starts_with(text, where, line_stop, _POT):
                    pot = 0
                m, d, ok = _money(text, a, b)
                if pot < 0 or pot >= MAX_PLAYERS or not ok or collected == MAX_LISTED:
                    return
                w.collected_seat[collected] = who
                w.collected_m[collected] = m
                w.collected_d[collected] = d
                w.collected_pot[collected] = pot
                collected += 1
                continue
        cashed = _find(text, first, line_stop, _CASHED_OUT)
        if cashed > first and _named(text, first, cashed, w.name_starts, w.name_stops, listed) >= 0:
            return  # an all-in cash-out: the reference path
        who, words = _speaker(text, first, line_stop, w.name_starts, w.name_stops, listed)
        if who < 0:
            continue  # chat, seating, connection and tournament notices
        words_stop = line_stop
        all_in = 0
        if words_stop - words >= _ALL_IN.shape[0] and _starts_with(text, words_stop - _ALL_IN.shape[0], words_stop, _ALL_IN):  # fmt: skip
            all_in = 1
            words_stop -= _ALL_IN.shape[0]
        if _starts_with(text, words, words_stop, _POSTS):
            a = words + _POSTS.shape[0]
            kind = -1
            if _starts_with(text, a, words_stop, _SMALL_AND_BIG):
                kind = P_BOTH
                a += _SMALL_AND_BIG.shape[0]
            elif _starts_with(text, a, words_stop, _SMALL_BLIND):
                kind = P_SMALL
                a += _SMALL_BLIND.shape[0]
            elif _starts_with(text, a, words_stop, _BIG_BLIND):
                kind = P_BIG
                a += _BIG_BLIND.shape[0]
            elif _starts_with(text, a, words_stop, _THE_ANTE):
                kind = P_ANTE
                a += _THE_ANTE.shape[0]
            elif _starts_with(text, a, words_stop, _STRADDLE):
                kind = P_STRADDLE
                a += _STRADDLE.shape[0]
            elif _starts_with(text, a, words_stop, _BUTTON_BLIND):
                kind = P_STRADDLE
                a += _BUTTON_BLIND.shape[0]
            m, d, ok = _money(text, a, line_stop)
            if kind < 0 or not ok or posts == MAX_POSTS:
                return
            w.post_seat[posts] = who
            w.post_kind[posts] = kind
            w.post_m[posts] = m
            w.post_d[posts] = d
            w.playing[who] = 1
            posts += 1
            continue
        kind = -1
        m = -1
        d = 0
        if _starts_with(text, words, words_stop, _FOLDS):
            if words_stop > words + _FOLDS.shape[0]:
                return  # folds showing cards: the reference path
            kind = FOLD
        elif _starts_with(text, words, words_stop, _CHECKS):
            kind = CHECK_CALL
            m = 0
        elif _starts_with(text, words, words_stop, _CALLS):
            kind = CHECK_CALL
            m, d, ok = _money(text, words + _CALLS.shape[0], words_stop)
            if not ok:
                return
        elif _starts_with(text, words, words_stop, _BETS):
            kind = BET_RAISE
            m, d, ok = _money(text, words + _BETS.shape[0], words_stop)
            if not ok:
                return
        elif _starts_with(text, words, words_stop, _RAISES):
            to = _find(text, words, words_stop, _TO)
            if to < 0:
                return
            kind = BET_RAISE
            m, d, ok = _money(text, to + _TO.shape[0], words_stop)
            if not ok:
                return
        elif _starts_with(text, words, words_stop, _SHOWS):
            kind = SHOW
            close = words + _SHOWS.shape[0] - 1
            count = _stars_cards(text, close, line_stop, w.hand_cards, 5)
            if count < 0:
                return
        elif _starts_with(text, words, words_stop, _MUCKS):
            kind = MUCK
        else:
            continue
        if actions == MAX_ACTIONS:
            return
        w.kinds[actions] = kind
        w.seats[actions] = who
        w.amounts_m[actions] = m
        w.amounts_d[actions] = d
        w.all_ins[actions] = all_in
        w.card_counts[actions] = 0
        if kind == SHOW:
            w.card_counts[actions] = count
            for q in range(count):
                w.cards[actions, q] = w.hand_cards[q]
        w.playing[who] = 1
        actions += 1
    # who was dealt in, in the order of the table from the seat after the button
    for seat in range(listed):
        w.order_of[seat] = -1
    count = 0
    for turn in range(2):  # seats after the button, then the rest
        for _ in range(listed):
            best = -1
            for seat in range(listed):
                if w.order_of[seat] >= 0 or (w.out[seat] and not w.playing[seat]):
                    continue
                after_button = w.seat_numbers[seat] > button
                if after_button != (turn == 0):
                    continue
                if best < 0 or w.seat_numbers[seat] < w.seat_numbers[best]:
                    best = seat
            if best < 0:
                break
            w.order_of[best] = count
            w.listed_of[count] = best
            count += 1
    if count < 2 or count > MAX_PLAYERS:
        return
    for q in range(actions):
        if w.seats[q] >= 0 and w.order_of[w.seats[q]] < 0:
            return  # a player not dealt in
    for q in range(posts):
        if w.order_of[w.post_seat[q]] < 0:
            return
    for q in range(returned):
        if w.order_of[w.returned_seat[q]] < 0:
            return
    for q in range(collected):
        if w.order_of[w.collected_seat[q]] < 0:
            return
    # the scale: the most decimals of a non-whole amount
    powers = w.powers
    places = 0
    for i in range(count):
        seat = w.listed_of[i]
        places = _places(places, w.stacks_m[seat], w.stacks_d[seat], powers)
    places = _places(places, numbers[N_SB_M], numbers[N_SB_D], powers)
    places = _places(places, numbers[N_BB_M], numbers[N_BB_D], powers)
    for q in range(posts):
        places = _places(places, w.post_m[q], w.post_d[q], powers)
    for q in range(actions):
        if w.amounts_m[q] >= 0:
            places = _places(places, w.amounts_m[q], w.amounts_d[q], powers)
    for q in range(returned):
        places = _places(places, w.returned_m[q], w.returned_d[q], powers)
    for q in range(collected):
        places = _places(places, w.collected_m[q], w.collected_d[q], powers)
    if has_total:
        places = _places(places, numbers[N_TOTAL_M], numbers[N_TOTAL_D], powers)
    if has_rake:
        places = _places(places, numbers[N_RAKE_M], numbers[N_RAKE_D], powers)
    if places > 6:
        return
    small_header = _scaled(numbers[N_SB_M], numbers[N_SB_D], places, powers)
    big_header = _scaled(numbers[N_BB_M], numbers[N_BB_D], places, powers)
    stacks = w.stacks
    antes = w.antes
    blinds = w.blinds
    in_turn = w.in_turn
    for i in range(count):
        seat = w.listed_of[i]
        stacks[i] = _scaled(w.stacks_m[seat], w.stacks_d[seat], places, powers)
        antes[i] = 0
        blinds[i] = 0
        in_turn[i] = 1
    small_seat = 1 if count == 2 else 0
    big_posted = False
    for q in range(posts):
        i = w.order_of[w.post_seat[q]]
        value = _scaled(w.post_m[q], w.post_d[q], places, powers)
        kind = w.post_kind[q]
        if kind == P_ANTE:
            antes[i] += value
        elif kind == P_SMALL:
            if i == small_seat and blinds[i] == 0:
                blinds[i] = value
            else:
                antes[i] += value
        elif kind == P_BOTH:
            live = min(value, big_header)
            blinds[i] += live
            antes[i] += value - live
            in_turn[i] = 0
        elif kind == P_BIG:
            blinds[i] += value
            in_turn[i] = 0 if big_posted else 1
            big_posted = True
        else:
            blinds[i] += value
    for q in range(actions):
        w.actors[q] = w.order_of[w.seats[q]] if w.seats[q] >= 0 else -1
        w.amounts[q] = (
            _scaled(w.amounts_m[q], w.amounts_d[q], places, powers) if w.amounts_m[q] >= 0 else -1
        )
    said = w.said
    for q in range(SAID_SIZE):
        said[q] = 0
    for q in range(MAX_PLAYERS):
        said[SAID_POT_MASKS + q] = -1
    said[SAID_RETURNED] = 1
    for q in range(returned):
        said[SAID_RETURNS + w.order_of[w.returned_seat[q]]] += _scaled(
            w.returned_m[q], w.returned_d[q], places, powers
        )
    paid = w.paid
    for i in range(count):
        paid[i] = 0
    for q in range(collected):
        i = w.order_of[w.collected_seat[q]]
        paid[i] += _scaled(w.collected_m[q], w.collected_d[q], places, powers)
        pot = w.collected_pot[q]
        if said[SAID_POT_MASKS + pot] < 0:
            said[SAID_POT_MASKS + pot] = 0
            said[SAID_POTS] += 1
        said[SAID_POT_MASKS + pot] |= 1 << i
    if has_rake:
        said[SAID_HAS_RAKE] = 1
        said[SAID_RAKE] = _scaled(numbers[N_RAKE_M], numbers[N_RAKE_D], places, powers)
    if has_total:
        said[SAID_HAS_TOTAL] = 1
        said[SAID_TOTAL] = _scaled(numbers[N_TOTAL_M], numbers[N_TOTAL_D], places, powers)
    if betting == FIXED_LIMIT:
        min_bet = small_header
        big_bet = big_header
        small = -1
        big = -1
        for i in range(count):
            if blinds[i]:
                big = max(big, blinds[i])
                small = blinds[i] if small < 0 else min(small, blinds[i])
        if big < 0:
            big = small_header
            small = small_header // 2
    else:
        min_bet = big_header
        big_bet = 0
        small = small_header
        big = big_header
    # Constants as int64 variables: a literal 0 or 1 made Numba compile replay_one again for
    # Literal[int] arguments (three versions in all).
    no_trimming, has_won, has_finish = np.int64(0), np.int64(1), np.int64(0)
    status, allin_street, allin_cards, pot_count = replay_one(
        count, game, betting, no_trimming, min_bet, big_bet, stacks, antes, blinds, in_turn,  # type: ignore[arg-type]
        actions, w.kinds, w.actors, w.amounts, w.cards, w.card_counts, paid, has_won,  # type: ignore[arg-type]
        w.finishing, has_finish, w.all_ins, said, tables, tables.full_deck, w.seat_rows, w.holes,  # type: ignore[arg-type]
        w.board, w.state, w.seen, w.hole, w.work, rows, hand,
    )  # fmt: skip
    if status != OK:
        return
    facts[hand, F_STATUS] = OK
    facts[hand, F_COUNT] = count
    facts[hand, F_VARIANT] = 3 * game + betting
    facts[hand, F_SCALE] = places
    facts[hand, F_SMALL] = small
    facts[hand, F_BIG] = big
    facts[hand, F_ID_START] = id_start
    facts[hand, F_ID_STOP] = id_stop
    facts[hand, F_VENUE_START] = -1
    facts[hand, F_VENUE_STOP] = -1
    facts[hand, F_ALLIN_STREET] = allin_street
    facts[hand, F_ALLIN_CARDS] = allin_cards
    facts[hand, F_POTS] = pot_count
    for i in range(count):
        seat = w.listed_of[i]
        names[hand, 2 * i] = w.name_starts[seat]
        names[hand, 2 * i + 1] = w.name_stops[seat]
        seat_numbers_out[hand, i] = w.seat_numbers[seat]


@kernel(inline=True)
def _places(places: int, mantissa: int, decimals: int, powers: Ints) -> int:
    if decimals and mantissa % powers[decimals]:
        return max(places, decimals)
    return places


@kernel(parallel=True)
def stars_hands(
    text: Bytes,
    starts: Ints,
    stops: Ints,
    first_hand: int,
    hands: int,
    threads: int,
    high7: RankingTables,
    sot7: RankingTables,
    low: RankingTables,
    full_deck: npt.NDArray[np.bool_],
    short_deck: npt.NDArray[np.bool_],
    rows: HandRows,
) -> None:
    """:func:`stars_hand` for every hand :func:`stars_index` found, numbered from
    ``first_hand``, on ``threads`` threads (the tables one by one, as in :func:`phh_hands`)."""
    for worker in prange(threads):  # the thread's number as int64, as in phh_hands
        _stars_share(text, starts, stops, first_hand, np.int64(worker), hands, threads, high7,  # type: ignore[arg-type]
                     sot7, low, full_deck, short_deck, rows)  # fmt: skip


@kernel()
def _stars_share(
    text: Bytes,
    starts: Ints,
    stops: Ints,
    first_hand: int,
    worker: int,
    hands: int,
    threads: int,
    high7: RankingTables,
    sot7: RankingTables,
    low: RankingTables,
    full_deck: npt.NDArray[np.bool_],
    short_deck: npt.NDArray[np.bool_],
    rows: HandRows,
) -> None:
    """One thread's share of :func:`stars_hands`."""
    tables = ReplayTables(high7, sot7, low, full_deck, short_deck)
    scratch = new_stars_scratch()
    for hand in range(worker, hands, threads):
        stars_hand(text, hand, starts[hand], stops[hand], first_hand + hand, tables, rows,
                   scratch)  # fmt: skip


# -- exact preflop equities by rank patterns --------------------------------------------------


@kernel()
def preflop_shares(
    holes: npt.NDArray[np.int64],
    taken: npt.NDArray[np.bool_],
    tables: RankingTables,
    pots: Ints,
    shares: Grid,
) -> int:
    """:func:`any_five_shares` for a board not yet dealt, without dealing every board.

    A board makes a flush for some player only when it holds at least ``t`` cards of one suit,
    ``t`` being 5 less the most cards of that suit in one player's hand (3, 4 or 5: two such
    suits never meet on one board). Those boards are dealt one by one. Every other board is
    judged by its ranks alone: for each multiset of five ranks, its number of suitings that
    give no player a flush (all suitings, less those with ``t`` or more cards of a suit, counted
    rank by rank) weighs the players' values of those ranks. A preflop all-in then costs a few
    milliseconds instead of dealing 1,712,304 boards. ``taken`` marks the cards out of play
    (hole cards and dead cards) and cards outside the ranking's deck."""
    players = holes.shape[0]
    shares[:] = 0
    card_keys = tables.card_keys
    suit_bits = tables.suit_bits
    available = np.zeros((13, 4), dtype=np.int64)
    count_of = np.zeros(13, dtype=np.int64)
    for card in range(52):
        if not taken[card]:
            available[card >> 2, card & 3] = 1
            count_of[card >> 2] += 1
    thresholds = np.full(4, 5, dtype=np.int64)
    for player in range(players):
        in_suit = np.zeros(4, dtype=np.int64)
        for k in range(holes.shape[1]):
            in_suit[holes[player, k] & 3] += 1
        for suit in range(4):
            thresholds[suit] = min(thresholds[suit], 5 - in_suit[suit])
    binomial = np.zeros((5, 6), dtype=np.int64)
    for n in range(5):
        binomial[n, 0] = 1
        for r in range(1, n + 1):
            binomial[n, r] = binomial[n - 1, r - 1] + (binomial[n - 1, r] if r <= n - 1 else 0)
    hole_keys = np.zeros(players, dtype=np.int64)
    hole_masks = np.zeros(players, dtype=np.int64)
    for player in range(players):
        for k in range(holes.shape[1]):
            hole_keys[player] += card_keys[holes[player, k]]
            hole_masks[player] |= suit_bits[holes[player, k]]
    high = np.zeros(players, dtype=np.int64)
    ranks = np.zeros(5, dtype=np.int64)
    distinct = np.zeros(5, dtype=np.int64)
    times = np.zeros(5, dtype=np.int64)
    counts = np.zeros(6, dtype=np.int64)
    boards = 0
    # the boards judged by their ranks: five ranks, lowest first
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        ranks[0], ranks[1], ranks[2], ranks[3], ranks[4] = a, b, c, d, e
                        kinds = 0
                        for k in range(5):
                            if k and ranks[k] == ranks[k - 1]:
                                times[kinds - 1] += 1
                            else:
                                distinct[kinds] = ranks[k]
                                times[kinds] = 1
                                kinds += 1
                        possible = True
                        total = 1
                        for j in range(kinds):
                            if times[j] > count_of[distinct[j]]:
                                possible = False
                                break
                            total *= binomial[count_of[distinct[j]], times[j]]
                        if not possible:
                            continue
                        flushes = 0
                        for suit in range(4):
                            need = thresholds[suit]
                            if need > kinds:
                                continue
                            # suitings by how many ranks take this suit, rank after rank
                            for size in range(kinds + 1):
                                counts[size] = 0
                            counts[0] = 1
                            for j in range(kinds):
                                free = count_of[distinct[j]]
                                has = available[distinct[j], suit]
                                with_suit = binomial[free - 1, times[j] - 1] if has else 0
                                without = binomial[free - has, times[j]]
                                for size in range(j + 1, 0, -1):
                                    counts[size] = (
                                        counts[size] * without + counts[size - 1] * with_suit
                                    )
                                counts[0] *= without
                            for size in range(need, kinds + 1):
                                flushes += counts[size]
                        weight = total - flushes
                        if weight <= 0:
                            continue
                        key = 0
                        for k in range(5):
                            key += card_keys[4 * ranks[k]]
                        for player in range(players):
                            high[player] = multiset_value(
                                key + hole_keys[player], tables.bits, tables.base, tables.values
                            )
                        _share_pots(high, high[:0], pots, weight, shares)
                        boards += weight
    # the boards that may make a flush: dealt one by one
    suited = np.zeros(13, dtype=np.int64)
    others = np.zeros(52, dtype=np.int64)
    pick = np.zeros(5, dtype=np.int64)
    for suit in range(4):
        need = thresholds[suit]
        suited_count = 0
        for rank in range(13):
            if available[rank, suit]:
                suited[suited_count] = 4 * rank + suit
                suited_count += 1
        rest = 0
        for card in range(52):
            if not taken[card] and (card & 3) != suit:
                others[rest] = card
                rest += 1
        for many in range(need, 6):
            if many > suited_count:
                break
            # every ``many`` suited cards with every 5 - many others
            first = np.arange(many, dtype=np.int64)
            while True:
                key = 0
                masks = 0
                for k in range(many):
                    key += card_keys[suited[first[k]]]
                    masks |= suit_bits[suited[first[k]]]
                second = 5 - many
                for k in range(second):
                    pick[k] = k
                while True:
                    total_key = key
                    total_masks = masks
                    for k in range(second):
                        total_key += card_keys[others[pick[k]]]
                        total_masks |= suit_bits[others[pick[k]]]
                    _tally_any_five(total_key, total_masks, hole_keys, hole_masks, tables, high,
                                    pots, shares)  # fmt: skip
                    boards += 1
                    place = second - 1
                    while place >= 0 and pick[place] == rest - second + place:
                        place -= 1
                    if place < 0:
                        break
                    pick[place] += 1
                    for k in range(place + 1, second):
                        pick[k] = pick[k - 1] + 1
                place = many - 1
                while place >= 0 and first[place] == suited_count - many + place:
                    place -= 1
                if place < 0:
                    break
                first[place] += 1
                for k in range(place + 1, many):
                    first[k] = first[k - 1] + 1
    return boards
