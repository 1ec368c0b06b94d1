"""888poker's (Pacific's, Cassava's) hands read in a kernel (issue 29 §1; the ``_stars_lines``
``PC_`` words; the hands' reader is ``sites/pacific.py``, whose every rule these stages keep:
what it refuses or might read otherwise, they leave to it). Each hand read by :func:`pc_hand`:
its first three lines (:func:`_pc_header`: ``#Game No : n``, the banner and its site, the
stakes, betting, game and date), its lines (:func:`_pc_lines`: the seats and the button; each
``name verb [amount]`` line by :func:`_pc_play`, every amount an increment, the round's bets
kept by the stages the sites that write increments share, ``_increments_kernels``, so that a
raise becomes the raise-to the replay takes and an all-in a call or a raise as 888poker's
reader makes them; a dead blind dead money and a live big blind, as there), and what its record
says: only what each player collected (no total, rake or returned bet: the replay returns the
bet nobody called and names the rake what the pot lacks from the collections, as for 888poker's
reader). Its other stages and its facts are PokerStars' (``_stars_kernels``); a thread's share,
:func:`pc_share`, is a kernel of its own, compiled only for an 888poker file. A hand written
otherwise than this reader takes (amounts or cards as a localised client writes them, cp1252
bytes, a player not dealt in who plays, a site's banner it does not know …) is marked ``SLOW`` for
888poker's reader."""

from __future__ import annotations

from typing import Final

import numpy as np

from pokerscore.engine.jit import kernel
from pokerscore.histories import _stars_lines as lines
from pokerscore.histories._bytes import (
    BYTE_ORDER_MARK,
    CLOSE_BRACKET,
    CLOSE_PAREN,
    COLON,
    COMMA,
    OPEN_BRACKET,
    OPEN_PAREN,
    RETURN,
    SLASH,
    SPACE,
    TAB,
    ZERO,
    ascii_bytes,
    card_of,
    find_word,
    is_digit,
    starts_with,
    word_id,
    word_table,
)
from pokerscore.histories._increments_kernels import (
    BET_HAS,
    cents_written,
    in_cents,
    new_round,
    plain_money,
    round_bet,
    word_at,
)
from pokerscore.histories._layout import (
    BET_RAISE,
    CHECK_CALL,
    DEAL_BOARD,
    DEAL_HOLE,
    F_RUNS,
    FIXED_LIMIT,
    FOLD,
    GAME_CODES,
    MUCK,
    NO_LIMIT,
    OK,
    POT_LIMIT,
    SHOW,
    Bytes,
    HandRows,
    Ints,
    ReplayTables,
)
from pokerscore.histories._phh_kernels import PhhLog
from pokerscore.histories._replay_kernels import (
    RUNS,
    SAID_RETURNED,
    HandInput,
    game_tables,
    record_refusal,
    replay_one,
)
from pokerscore.histories._stars_kernels import (
    A_ACTOR,
    A_ALL_IN,
    A_AMOUNT,
    A_COUNT,
    A_KIND,
    A_LINE,
    CARDS_ROOM,
    LINE_ACTION,
    LINE_BAD,
    LINE_COLLECTED,
    LINE_OTHER,
    LINE_POST,
    MAX_SEATS,
    N_BB_D,
    N_BB_M,
    N_SB_D,
    N_SB_M,
    P_ANTE,
    P_BIG,
    P_BOTH,
    P_SMALL,
    S_NAME_START,
    S_NAME_STOP,
    S_NUMBER,
    S_ORDER_OF,
    S_OUT,
    S_PLAYING,
    S_STACK_D,
    S_STACK_M,
    T_ACTIONS,
    T_BETTING,
    T_BIG_BET,
    T_GAME,
    T_MIN_BET,
    U_ANTE,
    U_BLIND,
    U_FINISHING,
    U_IN_TURN,
    U_PAID,
    U_STACK,
    BufferHands,
    SaidLine,
    StarsMarks,
    StarsReading,
    _hand_facts,
    _site_said,
    hand_begun,
    hand_logged,
    hand_read,
    hand_units,
    lines_read,
    new_stars_scratch,
    next_line,
    take_line,
)

PACIFIC_SITE: Final = lines.HEADERS.index(lines.PACIFIC_GAME_NO)
"""888poker's place in :data:`~._stars_lines.HEADERS` (its hands' first words)."""
_BANNER_TEXT, _BANNER_LENGTH = word_table(lines.PACIFIC_BANNERS)
_BANNER_SITE: Final = lines.HEADERS.index(lines.PACIFIC_BANNERS[0])
"""The place in :data:`~._stars_lines.HEADERS` of the first banner's site (the others' follow)."""
_GAME_NUMBER: Final = ascii_bytes(lines.PC_GAME_NUMBER)
_FOR_TEXT, _FOR_LENGTH = word_table(lines.PC_FOR_GAME)
_BANNER_END: Final = ascii_bytes(lines.PC_BANNER_END)
_BLINDS: Final = ascii_bytes(lines.PC_BLINDS)
_BETTING_TEXT, _BETTING_LENGTH = word_table(tuple(f"{words} " for words in lines.PC_BETTING))
_BETTING_CODE: Final = np.array(
    [
        {"no-limit": NO_LIMIT, "pot-limit": POT_LIMIT, "fixed-limit": FIXED_LIMIT}[betting]
        for _, betting in lines.PC_BETTING.values()
    ],
    dtype=np.int64,
)
_GAME_TEXT, _GAME_LENGTH = word_table(tuple(lines.PC_GAMES))
_GAME_CODE: Final = np.array(
    [GAME_CODES[game] for _, game in lines.PC_GAMES.values()], dtype=np.int64
)
_DATE_MARK: Final = ascii_bytes(lines.PC_DATE_MARK)
_DATE: Final = ascii_bytes(lines.PC_DATE)
_TABLE: Final = ascii_bytes(lines.PC_TABLE)
_TOURNAMENT: Final = ascii_bytes(lines.PC_TOURNAMENT)
_SEAT: Final = ascii_bytes(lines.PC_SEAT)
_IS_THE_BUTTON: Final = ascii_bytes(lines.PC_IS_THE_BUTTON)
_PLAYERS: Final = ascii_bytes(lines.PC_PLAYERS)
_SECTION: Final = ascii_bytes(lines.PC_SECTION)
_DEALING: Final = ascii_bytes(lines.PC_DEALING)
_STREET_TEXT, _STREET_LENGTH = word_table(
    tuple(f"{lines.PC_STREET}{street}{lines.PC_STREET_END}" for street in lines.PC_STREETS)
)
_DEALT: Final = ascii_bytes(lines.PC_DEALT)
_POST_TEXT, _POST_LENGTH = word_table(
    tuple(f"{lines.PC_POSTS}{words} [" for words in lines.PC_POST_KINDS)
)
_POST_KIND: Final = np.array(
    [
        {"ante": P_ANTE, "small": P_SMALL, "big": P_BIG}[kind]
        for kind in lines.PC_POST_KINDS.values()
    ],
    dtype=np.int64,
)
_POSTS: Final = ascii_bytes(lines.PC_POSTS)
_DEAD_BLIND: Final = ascii_bytes(f"{lines.PC_POSTS}{lines.PC_DEAD_BLIND} [")
_PLUS: Final = ascii_bytes(lines.PC_PLUS)
_COLLECTED: Final = ascii_bytes(lines.PC_COLLECTED)
_SHOWS: Final = ascii_bytes(lines.PC_SHOWS)
_MUCKS: Final = ascii_bytes(lines.PC_MUCKS)
_NOT_SHOWN_TEXT, _NOT_SHOWN_LENGTH = word_table(lines.PC_NOT_SHOWN)
_VERB_TEXT, _VERB_LENGTH = word_table(tuple(lines.PC_VERBS))
# the verbs' kinds (``PC_VERBS``)
V_FOLD, V_CHECK, V_CALL, V_BET, V_ALL_IN = range(5)
_VERB_KIND: Final = np.array(
    [
        {"fold": V_FOLD, "check": V_CHECK, "call": V_CALL, "all-in": V_ALL_IN}.get(kind, V_BET)
        for kind in lines.PC_VERBS.values()
    ],
    dtype=np.int64,
)
"""Each verb's kind (a bet and a raise alike: the chips put in, the round's bet after)."""
_FOLDS: Final = ascii_bytes(lines.PC_FOLDS)
# ``seats``' ``S_ORDER_OF`` row while the lines are read (``_dealt_in`` sets it after): whether a
# player's cards are known (dealt to them, or shown by a muck)
S_CARDS_KNOWN: Final = S_ORDER_OF


@kernel(inline=True)
def _is_space(byte: int) -> bool:
    return byte in (SPACE, TAB)


@kernel()
def _pc_header(
    text: Bytes, start: int, end: int, numbers: Ints
) -> tuple[int, int, int, int, int, int]:
    """An 888poker hand's first three lines (``#Game No : 339528182``, ``***** Cassava Hand
    History for Game 339528182 *****``, ``$10/$20 Blinds No Limit Holdem - *** 19 01 2012
    20:17:23``) read where 888poker's reader's regular expressions read them: (the third line's
    end, the hand id's span, the banner's site among :data:`~._stars_lines.PACIFIC_SITES`, game,
    betting), the end -1 where not read here; the stakes into ``numbers`` (a fixed limit's the
    bets: the big blind and twice it, as that reader takes them)."""
    at = start
    if starts_with(text, at, end, BYTE_ORDER_MARK):
        at += 3
    first, line_stop, at, _ = next_line(text, at, end)
    while line_stop > first and _is_space(text[line_stop - 1]):
        line_stop -= 1
    id_start = first + _GAME_NUMBER.shape[0]
    if not starts_with(text, first, line_stop, _GAME_NUMBER) or id_start == line_stop:
        return -1, 0, 0, 0, 0, 0
    for q in range(id_start, line_stop):
        if not is_digit(text[q]) or q - id_start >= 40:
            return -1, 0, 0, 0, 0, 0
    id_stop = line_stop
    if at >= end:
        return -1, 0, 0, 0, 0, 0
    first, line_stop, at, _ = next_line(text, at, end)  # the banner
    site = word_at(text, first, line_stop, _BANNER_TEXT, _BANNER_LENGTH)
    if site < 0:
        return -1, 0, 0, 0, 0, 0
    q = first + _BANNER_LENGTH[site]
    words = word_at(text, q, line_stop, _FOR_TEXT, _FOR_LENGTH)
    if words < 0:
        return -1, 0, 0, 0, 0, 0
    q += _FOR_LENGTH[words]
    number = q
    while q < line_stop and not _is_space(text[q]):
        q += 1
    if q == number or not starts_with(text, q, line_stop, _BANNER_END):
        return -1, 0, 0, 0, 0, 0
    if at >= end:
        return -1, 0, 0, 0, 0, 0
    first, line_stop, at, _ = next_line(text, at, end)  # the stakes, game and date
    slash = first
    while slash < line_stop and text[slash] != SLASH:
        slash += 1
    blinds = find_word(text, slash, line_stop, _BLINDS)
    if slash == first or slash >= line_stop or blinds < 0:
        return -1, 0, 0, 0, 0, 0
    sb_m, sb_d, sb_ok = plain_money(text, first, slash)
    bb_m, bb_d, bb_ok = plain_money(text, slash + 1, blinds)
    if not (sb_ok and bb_ok):
        return -1, 0, 0, 0, 0, 0
    q = blinds + _BLINDS.shape[0]
    kind = word_at(text, q, line_stop, _BETTING_TEXT, _BETTING_LENGTH)
    if kind < 0:
        return -1, 0, 0, 0, 0, 0
    q += _BETTING_LENGTH[kind]
    mark = find_word(text, q, line_stop, _DATE_MARK)
    if mark < 0:
        return -1, 0, 0, 0, 0, 0
    game = word_id(text, q, mark, _GAME_TEXT, _GAME_LENGTH)
    date = mark + _DATE_MARK.shape[0]
    if game < 0 or line_stop - date < _DATE.shape[0]:
        return -1, 0, 0, 0, 0, 0
    for k in range(_DATE.shape[0]):
        if is_digit(_DATE[k]) != is_digit(text[date + k]) or (not is_digit(_DATE[k]) and text[date + k] != _DATE[k]):  # fmt: skip
            return -1, 0, 0, 0, 0, 0
    betting = _BETTING_CODE[kind]
    if betting == FIXED_LIMIT:  # the header gives the blinds; the bets are big, 2 big
        sb_m, sb_d, bb_m = bb_m, bb_d, 2 * bb_m
    numbers[N_SB_M], numbers[N_SB_D], numbers[N_BB_M], numbers[N_BB_D] = sb_m, sb_d, bb_m, bb_d
    return at - 1, id_start, id_stop, site, _GAME_CODE[game], betting


@kernel()
def _pc_cards(text: Bytes, at: int, stop: int, out: Ints, room: int) -> int:
    """Cards as 888poker writes them, ``[ Tc, 9h ]`` (from the ``[``, whose ``]`` ends
    ``text[:stop]``), each a rank and a suit (a rank as a localised client writes it, ``Kn``, ``D``,
    ``10``: -1, for 888poker's reader): how many, or -1."""
    if at >= stop or text[at] != OPEN_BRACKET or text[stop - 1] != CLOSE_BRACKET:
        return -1
    count = 0
    q = at + 1
    while q < stop - 1:
        byte = text[q]
        if byte in (SPACE, COMMA, TAB):
            q += 1
            continue
        if q + 2 > stop - 1 or count == room:
            return -1
        after = text[q + 2]
        if q + 2 < stop - 1 and after not in (SPACE, COMMA, TAB):
            return -1
        card = card_of(byte, text[q + 1], -1)
        if card < 0:
            return -1
        out[count] = card
        count += 1
        q += 2
    return count


@kernel()
def _pc_seat(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> int:
    """A seat's line (``Seat 1: corobi14 ( 1,168.50 )``) into column ``listed`` of ``seats``:
    the seats listed now, -1 for a line left to 888poker's reader (a name with a bracket, spaces
    at its ends, one already seated; a stack written otherwise)."""
    q = first + _SEAT.shape[0]
    digits = q
    while q < line_stop and is_digit(text[q]):
        q += 1
    if q == digits or q - digits > 2 or q + 1 >= line_stop or text[q] != COLON or text[q + 1] != SPACE:  # fmt: skip
        return -1
    if listed == MAX_SEATS or text[line_stop - 1] != CLOSE_PAREN:
        return -1
    number = 0
    for k in range(digits, q):
        number = number * 10 + (text[k] - ZERO)
    name = q + 2
    paren = line_stop - 1
    while paren > name and text[paren] != OPEN_PAREN:
        paren -= 1
    if paren <= name + 1 or text[paren - 1] != SPACE:
        return -1
    stop = paren - 1
    a, b = paren + 1, line_stop - 1
    if a < b and text[a] == SPACE:
        a += 1
    if b > a and text[b - 1] == SPACE:
        b -= 1
    m, d, ok = plain_money(text, a, b)
    if not ok:
        return -1
    if _is_space(text[name]) or _is_space(text[stop - 1]):
        return -1
    for k in range(name, stop):
        if text[k] == OPEN_PAREN or text[k] == CLOSE_PAREN or text[k] == TAB:
            return -1
    for seat in range(listed):
        start = seats[S_NAME_START, seat]
        if seats[S_NAME_STOP, seat] - start == stop - name:
            same = True
            for k in range(stop - name):
                if text[name + k] != text[start + k]:
                    same = False
                    break
            if same:
                return -1
    seats[S_NUMBER, listed] = number
    seats[S_NAME_START, listed] = name
    seats[S_NAME_STOP, listed] = stop
    seats[S_STACK_M, listed] = m
    seats[S_STACK_D, listed] = d
    seats[S_OUT, listed] = 0
    seats[S_PLAYING, listed] = 0
    seats[S_CARDS_KNOWN, listed] = 0
    return listed + 1


@kernel(inline=True)
def _pc_speaker(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> int:
    """The seat whose name a line starts with, followed by a space (the longest that fits, as
    ``increments.line_player`` finds it), or -1."""
    who = -1
    longest = -1
    for seat in range(listed):
        start = seats[S_NAME_START, seat]
        length = seats[S_NAME_STOP, seat] - start
        if length <= longest or first + length >= line_stop or text[first + length] != SPACE:
            continue
        same = True
        for k in range(length):
            if text[first + k] != text[start + k]:
                same = False
                break
        if same:
            who = seat
            longest = length
    return who


@kernel()
def _pc_amount(text: Bytes, at: int, stop: int) -> tuple[int, int, bool]:
    """``[$0.04]`` from ``at`` to the line's end ``stop``: the amount in it (:func:`plain_money`)."""
    if stop - at < 3 or text[at] != OPEN_BRACKET or text[stop - 1] != CLOSE_BRACKET:
        return 0, 0, False
    return plain_money(text, at + 1, stop - 1)


@kernel()
def _pc_dead_blind(
    text: Bytes, at: int, stop: int, who: int, listed: int, units: Ints, numbers: Ints
) -> tuple[int, int, int, int, int, int, int]:
    """``posts dead blind [$0.05 + $0.10]`` from its amounts (``text[at:stop]``), as
    :func:`_pc_play` gives a post: a dead small blind and a live big blind (the total posted,
    the live part at most the big blind, in the round's bets), or one amount, dead money (an
    ante's kind); another form left to 888poker's reader."""
    plus = find_word(text, at, stop, _PLUS)
    if plus < 0:
        m, d, ok = plain_money(text, at, stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_POST, P_ANTE, who, m, d, 1, 0
    after = plus + _PLUS.shape[0]
    m1, d1, ok1 = plain_money(text, at, plus)
    m2, d2, ok2 = plain_money(text, after, stop)
    if not (ok1 and ok2) or find_word(text, after, stop, _PLUS) >= 0:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    total = in_cents(m1, d1) + in_cents(m2, d2)
    decimals = max(d1, d2)
    big = in_cents(numbers[N_BB_M], numbers[N_BB_D])
    if big < total:
        round_bet(units, listed, who, big, numbers[N_BB_D], True)
    else:
        round_bet(units, listed, who, total, decimals, True)
    m, d = cents_written(total, decimals)
    return LINE_POST, P_BOTH, who, m, d, 1, 0


@kernel()
def _pc_play(
    text: Bytes,
    first: int,
    line_stop: int,
    seats: Ints,
    listed: int,
    hand_cards: Ints,
    units: Ints,
    numbers: Ints,
) -> tuple[int, int, int, int, int, int, int]:
    """A line of play (``scottscc bets [8]``), as :func:`~._stars_kernels._play_line` gives one,
    in the order 888poker's reader tries its words (a muck's cards that were not known: the kind
    ``DEAL_HOLE`` with ``-1`` as its amount's decimals, for :func:`_pc_lines` to deal and muck);
    the round's bets kept in ``units`` (``_increments_kernels.BET_CENTS``)."""
    dealt = text[first] == _DEALT[0] and starts_with(text, first, line_stop, _DEALT)
    at = first + _DEALT.shape[0] if dealt else first
    who = _pc_speaker(text, at, line_stop, seats, listed)
    if who < 0:
        if not dealt and find_word(text, first, line_stop, _PLAYERS) >= 0:
            return LINE_OTHER, 0, 0, 0, 0, 0, 0
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    words = at + seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
    if dealt:
        count = _pc_cards(text, words, line_stop, hand_cards, CARDS_ROOM)
        if count <= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        seats[S_CARDS_KNOWN, who] = 1
        return LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count
    if words >= line_stop:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    byte = text[words]
    if byte == _POSTS[0] and starts_with(text, words, line_stop, _POSTS):
        post = word_at(text, words, line_stop, _POST_TEXT, _POST_LENGTH)
        b = line_stop
        while b > words and (text[b - 1] == CLOSE_BRACKET or text[b - 1] == SPACE):
            b -= 1
        if post < 0:
            if starts_with(text, words, line_stop, _DEAD_BLIND):
                return _pc_dead_blind(text, words + _DEAD_BLIND.shape[0], b, who, listed, units, numbers)  # fmt: skip
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # a post 888poker's reader does not know
        m, d, ok = plain_money(text, words + _POST_LENGTH[post], b)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        kind = _POST_KIND[post]
        if kind != P_ANTE:
            round_bet(units, listed, who, in_cents(m, d), d, True)
        return LINE_POST, kind, who, m, d, 1, 0
    if byte == _COLLECTED[0] and starts_with(text, words, line_stop, _COLLECTED):
        a = words + _COLLECTED.shape[0]
        b = line_stop
        while a < b and (text[a] == SPACE or text[a] == OPEN_BRACKET or text[a] == CLOSE_BRACKET):
            a += 1
        while b > a and (text[b - 1] == SPACE or text[b - 1] == OPEN_BRACKET or text[b - 1] == CLOSE_BRACKET):  # fmt: skip
            b -= 1
        m, d, ok = plain_money(text, a, b)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_COLLECTED, 0, who, m, d, 0, 0
    if byte == _SHOWS[0] and starts_with(text, words, line_stop, _SHOWS):
        count = _pc_cards(text, words + _SHOWS.shape[0], line_stop, hand_cards, CARDS_ROOM)
        if count <= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, SHOW, who, -1, 0, 0, count
    if byte == _MUCKS[0] and starts_with(text, words, line_stop, _MUCKS):
        a = words + _MUCKS.shape[0]
        if a == line_stop:
            return LINE_ACTION, MUCK, who, -1, 0, 0, 0
        if text[a] != SPACE:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        count = _pc_cards(text, a + 1, line_stop, hand_cards, CARDS_ROOM)
        if count <= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        if seats[S_CARDS_KNOWN, who]:
            return LINE_ACTION, MUCK, who, -1, 0, 0, 0
        seats[S_CARDS_KNOWN, who] = 1
        return LINE_ACTION, DEAL_HOLE, who, -1, -1, 0, count  # revealed, then mucked
    if word_at(text, words, line_stop, _NOT_SHOWN_TEXT, _NOT_SHOWN_LENGTH) >= 0:
        return LINE_OTHER, 0, 0, 0, 0, 0, 0
    verb = -1
    a = words
    for w in range(_VERB_LENGTH.shape[0]):  # the verb, then the line's end or `` [amount]``
        a = words + _VERB_LENGTH[w]
        if a > line_stop or (a < line_stop and text[a] != SPACE):
            continue
        same = True
        for k in range(_VERB_LENGTH[w]):
            if text[words + k] != _VERB_TEXT[w, k]:
                same = False
                break
        if same:
            verb = w
            break
    if verb < 0:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    kind = _VERB_KIND[verb]
    if kind in (V_FOLD, V_CHECK):
        if a != line_stop:
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # an amount after it: 888poker's reader's
        if kind == V_FOLD:
            return LINE_ACTION, FOLD, who, -1, 0, 0, 0
        return LINE_ACTION, CHECK_CALL, who, 0, 0, 0, 0
    if a == line_stop:
        return LINE_BAD, 0, 0, 0, 0, 0, 0  # no amount
    m, d, ok = _pc_amount(text, a + 1, line_stop)
    if not ok:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    top, total, decimals = round_bet(units, listed, who, in_cents(m, d), d, True)
    if kind == V_CALL or (kind == V_ALL_IN and total <= top):
        return LINE_ACTION, CHECK_CALL, who, m, d, 1 if kind == V_ALL_IN else 0, 0
    tm, td = cents_written(total, decimals)
    return LINE_ACTION, BET_RAISE, who, tm, td, 1 if kind == V_ALL_IN else 0, 0


@kernel()
def _pc_not_dealt_in(text: Bytes, first: int, stop: int, seats: Ints, listed: int) -> None:
    """``Bob folds`` before the cards are dealt (``text[first:stop]`` the name): the seat listed
    so far whose name it is out of the hand, as 888poker's reader takes it (a name no seat has:
    nothing)."""
    for seat in range(listed):
        start = seats[S_NAME_START, seat]
        if seats[S_NAME_STOP, seat] - start != stop - first:
            continue
        same = True
        for k in range(stop - first):
            if text[first + k] != text[start + k]:
                same = False
                break
        if same:
            seats[S_OUT, seat] = 1


@kernel()
def _pc_lines(text: Bytes, at: int, end: int, reading: StarsReading, units: Ints) -> bool:
    """The lines after an 888poker hand's header, as 888poker's reader reads them (each line
    stripped at its end; the seats, the button, the streets, the lines of play); whether read,
    not where the hand is left to that reader (a seat or button line it reads otherwise, no
    button, a player not dealt in who plays); a fold before the cards a player not dealt in."""
    seats, hand_cards = reading.seats, reading.hand_cards
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    listed = 0
    button = -1
    dealing = False
    taken = (0, 0, 0, 0)  # posts, actions, returned, collected: take_line's
    for i in range(MAX_SEATS):
        units[BET_HAS, i] = 0
    marked, line_first = taken[1], at  # the actions taken, and their line's start
    while at < end:
        first, line_stop, at, blank = next_line(text, at, end)
        for q in range(marked, taken[1]):  # the last line's actions: its start, for the log
            plays[A_LINE, q] = line_first
        marked, line_first = taken[1], first
        if blank:
            continue
        while _is_space(text[line_stop - 1]) or text[line_stop - 1] == RETURN:
            line_stop -= 1
        byte = text[first]
        if byte == _SEAT[0] and starts_with(text, first, line_stop, _SEAT):
            q = first + _SEAT.shape[0]
            digits = q
            while q < line_stop and is_digit(text[q]):
                q += 1
            if q > digits and q - digits <= 2 and q + _IS_THE_BUTTON.shape[0] == line_stop and starts_with(text, q, line_stop, _IS_THE_BUTTON):  # fmt: skip
                button = 0
                for k in range(digits, q):
                    button = button * 10 + (text[k] - ZERO)
                continue
            listed = _pc_seat(text, first, line_stop, seats, listed)
            if listed < 0:
                return False
            continue
        if byte == _SECTION[0] and starts_with(text, first, line_stop, _SECTION):
            if starts_with(text, first, line_stop, _DEALING):
                dealing = True
            street = word_at(text, first, line_stop, _STREET_TEXT, _STREET_LENGTH)
            if street < 0:
                continue
            count = _pc_cards(text, first + _STREET_LENGTH[street] - 1, line_stop, hand_cards, 5)
            if count <= 0:
                return False
            new_round(units, listed)
            taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_ACTION, DEAL_BOARD, -1, -1, 0, 0, count, 0))  # fmt: skip
            if taken[0] < 0:
                return False
            continue
        if (byte == _TABLE[0] and starts_with(text, first, line_stop, _TABLE)) or (byte == _TOURNAMENT[0] and starts_with(text, first, line_stop, _TOURNAMENT)):  # fmt: skip
            continue
        if not dealing and taken[1] == 0 and line_stop - first >= _FOLDS.shape[0] and starts_with(text, line_stop - _FOLDS.shape[0], line_stop, _FOLDS):  # fmt: skip
            _pc_not_dealt_in(text, first, line_stop - _FOLDS.shape[0], seats, listed)
            continue
        line, kind, who, m, d, all_in, count = _pc_play(text, first, line_stop, seats, listed, hand_cards, units, reading.numbers)  # fmt: skip
        if kind == DEAL_HOLE and d < 0:  # a muck's cards not known: dealt, then mucked
            taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, -1, 0, 0, count, 0))  # fmt: skip
            if taken[0] < 0:
                return False
            kind, count = MUCK, 0
            d = 0
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, count, 0))  # fmt: skip
        if taken[0] < 0:
            return False
    for q in range(marked, taken[1]):  # the last line's actions
        plays[A_LINE, q] = line_first
    if button < 0:
        return False
    for seat in range(listed):
        if seats[S_OUT, seat] and seats[S_PLAYING, seat]:
            return False  # a player not dealt in who plays: 888poker's reader's error
    lines_read(reading.tally, taken, listed, button, 0)
    return True


@kernel(inline=True)
def pc_hand(
    text: Bytes,
    hand: int,
    start: int,
    end: int,
    number: int,
    sites: Ints,
    ascii_text: bool,
    facts: Ints,
    reading: StarsReading,
    units: Ints,
    said: Ints,
) -> int:
    """:func:`~._stars_kernels.stars_hand` for an 888poker hand: its header and lines read by
    the ``_pc_`` stages, its record what each player collected alone (nothing said of a
    returned bet: the file never says one); its first stage, who was dealt in, the scale and the
    amounts PokerStars' (``hand_begun``, ``hand_units``, ``hand_read``); the hand's site its
    banner's (``sites[hand]``): the players dealt in, -1 where the hand is left."""
    if not hand_begun(text, hand, start, end, number, ascii_text, facts):
        return -1
    stop, id_start, id_stop, site, game, betting = _pc_header(text, start, end, reading.numbers)
    if stop < 0:
        return -1
    if not _pc_lines(text, stop + 1, end, reading, units):
        return -1
    count, game, places = hand_units(reading, units, PACIFIC_SITE, game, hand, facts)
    if count < 0:
        return -1
    _site_said(reading, units, said, count, places)
    said[SAID_RETURNED] = 0
    hand_read(reading, units, count, places, game, betting, id_start, id_stop)
    sites[hand] = _BANNER_SITE + site
    return count


@kernel()
def pc_share(
    buffer: BufferHands,
    worker: int,
    hands: int,
    threads: int,
    place: int,
    limit: int,
    rows: HandRows,
    log: PhhLog,
    marks: StarsMarks,
    tables: ReplayTables,
    replaying: bool,
) -> None:
    """:func:`~._stars_kernels.stars_share` for 888poker's hands (read by :func:`pc_hand`): a
    kernel of its own, as Bovada's (``_bovada_kernels.bv_share``), so that PokerStars' path
    compiles without these stages; it replays them or logs them (``_stars_kernels.SiteShare``)."""
    text, starts, stops, sites = buffer.text, buffer.starts, buffer.stops, buffer.sites
    ascii_text, first_hand = buffer.ascii_text, buffer.first_hand
    w = new_stars_scratch()
    facts, names, seat_numbers, flags = rows.facts, rows.names, rows.seat_numbers, rows.action_flags
    reading, units, said, work, steps, site_record = (
        w.reading,
        w.units,
        w.said,
        w.work,
        w.steps,
        w.site_record,
    )
    seats, plays, cards, tally = reading.seats, reading.plays, reading.cards, reading.tally
    # HandInput's arrays, views of the grids' rows made once a thread
    stacks, antes, blinds, in_turn = units[U_STACK], units[U_ANTE], units[U_BLIND], units[U_IN_TURN]
    paid, finishing = units[U_PAID], units[U_FINISHING]
    kinds, actors, amounts = plays[A_KIND], plays[A_ACTOR], plays[A_AMOUNT]
    card_counts, all_ins = plays[A_COUNT], plays[A_ALL_IN]
    no_trimming, has_won, has_finish = 0, 1, 0
    no_bring_in = 0  # no stud in this layout
    for hand in range(worker, hands, threads):
        count = pc_hand(text, hand, starts[hand], stops[hand], first_hand + hand, sites,
                        ascii_text, facts, reading, units, said)  # fmt: skip
        if count < 0:
            continue
        if not replaying:  # read_histories' log: the hand's actions, not its replay
            taken = hand_logged(hand, count, no_trimming, no_bring_in, starts[hand], stops[hand],
                                place, limit, reading, units, said, rows, log, marks)  # fmt: skip
            if taken >= 0:
                place += taken
            continue
        hand_input = HandInput(
            count, tally[T_GAME], tally[T_BETTING], no_trimming, tally[T_MIN_BET],
            tally[T_BIG_BET], stacks, antes, blinds, in_turn, tally[T_ACTIONS], kinds, actors,
            amounts, cards, card_counts, all_ins, paid, has_won, finishing, has_finish, said, 0,
        )  # fmt: skip
        game = tally[T_GAME]
        replayed = replay_one(
            hand_input, game_tables(game, tables, tables.full_deck), work, rows, hand, steps, site_record,
        )  # fmt: skip
        _hand_facts(hand, count, replayed, seats, plays, tally, facts, names, seat_numbers, flags)
        if replayed[0] != OK:
            record_refusal(work.state, facts, hand)
            continue
        facts[hand, F_RUNS] = work.state[RUNS]
