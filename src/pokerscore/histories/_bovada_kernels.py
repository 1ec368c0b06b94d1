"""Bovada's, Bodog's and Ignition's hands read in a kernel (the ``_stars_lines`` ``BV_`` words;
the hands' reader is ``sites/bovada.py``, whose every rule these stages keep: what it refuses
or might read otherwise, they leave to it). Each hand read by :func:`bv_hand`: its header
(:func:`_bv_header`: the game, betting and a tournament's level), its lines
(:func:`_bv_lines`: the seats by position, :func:`_bv_seat`; each ``Name : Verb`` line by
:func:`_bv_play`, the round's bets kept as Bovada's reader keeps them by the stages the sites
that write increments share, ``_increments_kernels``, so that an ``All-in`` is a call or a raise
as there and the bet nobody matched is known; the summary's total and board,
:func:`_bv_summary`), the seats numbered in the order of play (:func:`_bv_order`), the stakes
(:func:`_bv_stakes`), and what its record says (:func:`_bv_said`: the bet nobody matched that the
file does not return taken back out of the bettor's result and the total). Its other stages and
its facts are PokerStars' (``_stars_kernels``); a thread's share, :func:`bv_share`, is a kernel of
its own, compiled only for a Bovada file. The file's own player (``[ME]``) is named
:data:`HERO_SPAN` in the rows' name spans (``Hero``, :data:`~._stars_lines.BV_HERO`, where the
rows are made). A hand written otherwise than this reader takes is marked ``SLOW`` for
Bovada's reader."""

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
    POINT,
    RETURN,
    SPACE,
    TAB,
    ZERO,
    ascii_bytes,
    find_word,
    in_units,
    is_digit,
    line_end,
    starts_with,
    word_table,
)
from pokerscore.histories._increments_kernels import (
    BET_HAS,
    amount_after,
    cents_written,
    in_cents,
    plain_money,
    round_bet,
    round_unmatched,
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
    MAX_ACTIONS,
    MAX_PLAYERS,
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
    SAID_HAS_RAKE,
    SAID_HAS_TOTAL,
    SAID_POT_MASKS,
    SAID_POTS,
    SAID_RAKE,
    SAID_RETURNED,
    SAID_RETURNS,
    SAID_SIZE,
    SAID_TOTAL,
    HandInput,
    game_tables,
    record_refusal,
    replay_one,
)
from pokerscore.histories._stars_kernels import (
    _HOLE_CARDS,
    _STARS,
    _SUMMARY,
    A_ACTOR,
    A_ALL_IN,
    A_AMOUNT,
    A_BETS,
    A_COUNT,
    A_D,
    A_KIND,
    A_LINE,
    A_M,
    A_SEAT,
    C_D,
    C_M,
    C_POT,
    C_SEAT,
    C_UNITS,
    CARDS_ROOM,
    LINE_ACTION,
    LINE_BAD,
    LINE_COLLECTED,
    LINE_OTHER,
    LINE_POST,
    LINE_RETURNED,
    MAX_SEATS,
    N_BB_D,
    N_BB_M,
    N_RAKE_D,
    N_RAKE_M,
    N_SB_D,
    N_SB_M,
    N_TOTAL_D,
    N_TOTAL_M,
    P_ANTE,
    P_BIG,
    P_BOTH,
    P_SMALL,
    R_D,
    R_M,
    R_SEAT,
    S_LISTED_OF,
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
    T_COLLECTED,
    T_GAME,
    T_MIN_BET,
    T_RAKE,
    T_RETURNED,
    T_TOTAL,
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
    _stars_cards,
    hand_begun,
    hand_logged,
    hand_read,
    hand_units,
    lines_read,
    new_stars_scratch,
    next_line,
    take_line,
)
from pokerscore.histories.sites.bovada import position_order

HERO_SPAN: Final = -2
"""The name span (start and stop) the rows give the file's own player (``[ME]``), named
:data:`~._stars_lines.BV_HERO` where the rows are made."""
_HEAD_LENGTH: Final = np.array([len(words) for words in lines.HEADERS], dtype=np.int64)
_DATE: Final = ascii_bytes(lines.BV_DATE)
_DASH: Final = ascii_bytes(" - ")
_GAME_TEXT, _GAME_LENGTH = word_table((*lines.BV_GAMES, *lines.BV_STUD_GAMES))
_GAME_CODE: Final = np.array(
    [GAME_CODES[game] for _, game in lines.BV_GAMES.values()] + [-1] * len(lines.BV_STUD_GAMES),
    dtype=np.int64,
)
"""The code of each game the header may name (hold'em first), -1 for stud (Bovada's reader's)."""
_OMAHA_HI_LO: Final = GAME_CODES[lines.BV_OMAHA_HI_LO[1]]
_HI_LO: Final = ascii_bytes(lines.BV_HI_LO)
_BETTING_TEXT, _BETTING_LENGTH = word_table(tuple(lines.BV_BETTING))
_BETTING_CODE: Final = np.array(
    [
        {"no-limit": NO_LIMIT, "pot-limit": POT_LIMIT, "fixed-limit": FIXED_LIMIT}[betting]
        for _, betting in lines.BV_BETTING.values()
    ],
    dtype=np.int64,
)
"""Each betting's code; hold'em's own where the header names none the first, Omaha's the second."""
_TOURNAMENT: Final = ascii_bytes(lines.BV_TOURNAMENT)
_LEVEL: Final = ascii_bytes(lines.BV_LEVEL)
_SEAT: Final = ascii_bytes(lines.BV_SEAT)
_IN_CHIPS: Final = ascii_bytes(lines.BV_IN_CHIPS)
_DOLLAR: Final = ord(lines.BV_DOLLAR)
_SPEAKER: Final = ascii_bytes(lines.BV_SPEAKER)
_ME: Final = ascii_bytes(lines.BV_ME)
_POSITION_TEXT, _POSITION_LENGTH = word_table(lines.BV_POSITIONS)
_POSITION_ORDER: Final = np.array(list(map(position_order, lines.BV_POSITIONS)), dtype=np.int64)
"""Where each of :data:`~._stars_lines.BV_POSITIONS` acts before the flop, by Bovada's reader's
rule (``sites.bovada.position_order``; ``UTG+n``: ``UTG``'s and n)."""
_DEALER: Final = int(_POSITION_ORDER[-1])
_UTG: Final = position_order(lines.BV_POSITIONS[2])
_UTG_PLUS: Final = ascii_bytes(lines.BV_UTG_PLUS)
_DEALT: Final = ascii_bytes(lines.BV_DEALT)
_POST_TEXT, _POST_LENGTH = word_table(tuple(words for words, _ in lines.BV_POSTS))
_POST_KIND: Final = np.array(
    [
        {"ante": P_ANTE, "small": P_SMALL, "big": P_BIG, "both": P_BOTH}[kind]
        for _, kind in lines.BV_POSTS
    ],
    dtype=np.int64,
)
# the moves' kinds (``BV_MOVES``)
M_CHECK, M_CALL, M_BET, M_ALL_IN, M_RAISE = range(5)
_MOVE_TEXT, _MOVE_LENGTH = word_table(tuple(lines.BV_MOVES))
_MOVE_KIND: Final = np.array(
    [
        {"check": M_CHECK, "call": M_CALL, "bet": M_BET, "all-in": M_ALL_IN, "bet-raise": M_RAISE}[
            kind
        ]
        for kind in lines.BV_MOVES.values()
    ],
    dtype=np.int64,
)
_PLAIN_RAISE: Final = ascii_bytes(lines.BV_PLAIN_RAISE)
_TO: Final = ascii_bytes(lines.BV_RAISE_TO)
_RETURNED: Final = ascii_bytes(lines.BV_RETURNED)
_RESULT_TEXT, _RESULT_LENGTH = word_table(lines.BV_RESULTS)
_SIDE_POT: Final = ascii_bytes(lines.BV_SIDE_POT)
_SHOWDOWN: Final = ascii_bytes(lines.BV_SHOWDOWN)
_MUCKS: Final = ascii_bytes(lines.BV_MUCKS)
_FOLDS: Final = ascii_bytes(lines.BV_FOLDS)
_NOTICE_TEXT, _NOTICE_LENGTH = word_table(lines.BV_NOTICES)
_TOTAL: Final = ascii_bytes(lines.BV_TOTAL)
_RAKE: Final = ascii_bytes(lines.BV_RAKE)
_BOARD: Final = ascii_bytes(lines.BV_BOARD)
_STREET_TEXT, _STREET_LENGTH = word_table(
    tuple(f"{lines.SECTION}{street}{lines.SECTION_END} " for street in lines.STREETS)
)
_MAX_CENTS: Final = 10**14


@kernel(inline=True)
def _is_space(byte: int) -> bool:
    return byte in (SPACE, TAB)


@kernel()
def _bv_header(
    text: Bytes, start: int, end: int, site: int, numbers: Ints
) -> tuple[int, int, int, int, int]:
    """A Bovada header (``Bovada Hand #2629950879 TBL#1902693 HOLDEM No Limit - 2012-09-02
    13:23:36``, ``Ignition Hand #4370494854: HOLDEM Tournament #42934012 TBL#17, Normal- Level 19
    (1000/2000) - 2021-08-17 23:16:04``) read where Bovada's reader's regular expression reads it:
    (its end, the hand id's span, game, betting), the end -1 where not read here; a
    tournament's level's blinds into ``numbers`` (0 where the posts tell them)."""
    at = start
    if starts_with(text, at, end, BYTE_ORDER_MARK):
        at += 3
    stop = line_end(text, at, end)
    line_stop = stop
    while line_stop > at and (text[line_stop - 1] == RETURN or _is_space(text[line_stop - 1])):
        line_stop -= 1
    id_start = at + _HEAD_LENGTH[site]
    id_stop = id_start
    while id_stop < line_stop and is_digit(text[id_stop]):
        id_stop += 1
    if id_stop == id_start or id_stop - id_start > 40:
        return -1, 0, 0, 0, 0
    rest = id_stop + 1 if id_stop < line_stop and text[id_stop] == COLON else id_stop
    if rest >= line_stop or text[rest] != SPACE:
        return -1, 0, 0, 0, 0
    rest += 1
    date = line_stop - _DATE.shape[0]
    rest_stop = date - _DASH.shape[0]
    if rest_stop < rest or not starts_with(text, rest_stop, line_stop, _DASH):
        return -1, 0, 0, 0, 0
    for k in range(_DATE.shape[0]):
        if is_digit(_DATE[k]) != is_digit(text[date + k]) or (not is_digit(_DATE[k]) and text[date + k] != _DATE[k]):  # fmt: skip
            return -1, 0, 0, 0, 0
    game = -2
    hi_lo = False
    q = rest
    while q < rest_stop:  # the words of the rest: the first that names a game, and HiLo
        while q < rest_stop and _is_space(text[q]):
            q += 1
        word = q
        while q < rest_stop and not _is_space(text[q]):
            q += 1
        if q == word:
            break
        if q - word == _HI_LO.shape[0] and starts_with(text, word, q, _HI_LO):
            hi_lo = True
        if game == -2:
            for g in range(_GAME_LENGTH.shape[0]):
                if q - word == _GAME_LENGTH[g] and starts_with(text, word, q, _GAME_TEXT[g, : _GAME_LENGTH[g]]):  # fmt: skip
                    game = g
                    break
    if game < 0 or _GAME_CODE[game] < 0:
        return -1, 0, 0, 0, 0  # no game, or stud: refused by Bovada's reader
    betting = _BETTING_CODE[0] if game == 0 else _BETTING_CODE[1]
    for b in range(_BETTING_LENGTH.shape[0]):
        if find_word(text, rest, rest_stop, _BETTING_TEXT[b, : _BETTING_LENGTH[b]]) >= 0:
            betting = _BETTING_CODE[b]
            break
    code = _GAME_CODE[game] if game == 0 or not hi_lo else _OMAHA_HI_LO
    numbers[N_SB_M], numbers[N_SB_D], numbers[N_BB_M], numbers[N_BB_D] = 0, 0, 0, 0
    if _tournament(text, rest, rest_stop) and not _level(text, rest, rest_stop, numbers):
        return -1, 0, 0, 0, 0
    return stop, id_start, id_stop, code, betting


@kernel()
def _tournament(text: Bytes, at: int, stop: int) -> bool:
    """Whether ``Tournament #`` and a digit stand in ``text[at:stop]``."""
    q = find_word(text, at, stop, _TOURNAMENT)
    while q >= 0:
        after = q + _TOURNAMENT.shape[0]
        if after < stop and is_digit(text[after]):
            return True
        q = find_word(text, after, stop, _TOURNAMENT)
    return False


@kernel()
def _level(text: Bytes, at: int, stop: int, numbers: Ints) -> bool:
    """A tournament's first ``Level n (sb/bb)`` into ``numbers`` (none: the posts tell the
    blinds); False where its amounts are written otherwise than :func:`~._increments_kernels.plain_money` reads."""
    q = find_word(text, at, stop, _LEVEL)
    while q >= 0:
        r = q + _LEVEL.shape[0]
        digits = r
        while r < stop and is_digit(text[r]):
            r += 1
        if r > digits and r + 1 < stop and text[r] == SPACE and text[r + 1] == OPEN_PAREN:
            a = r + 2
            slash = a
            while slash < stop and (is_digit(text[slash]) or text[slash] == COMMA or text[slash] == POINT):  # fmt: skip
                slash += 1
            close = slash + 1
            while close < stop and (is_digit(text[close]) or text[close] == COMMA or text[close] == POINT):  # fmt: skip
                close += 1
            if slash > a and slash < stop and text[slash] == ord("/") and close > slash + 1 and close < stop and text[close] == CLOSE_PAREN:  # fmt: skip
                m1, d1, ok1 = plain_money(text, a, slash)
                m2, d2, ok2 = plain_money(text, slash + 1, close)
                if not (ok1 and ok2) or text[a] == _DOLLAR or text[slash + 1] == _DOLLAR:
                    return False
                numbers[N_SB_M], numbers[N_SB_D], numbers[N_BB_M], numbers[N_BB_D] = m1, d1, m2, d2
                return True
        q = find_word(text, q + 1, stop, _LEVEL)
    return True


@kernel()
def _bv_position(text: Bytes, at: int, stop: int) -> int:
    """Where a position acts before the flop (``sites.bovada.position_order``), or -1."""
    for p in range(_POSITION_LENGTH.shape[0]):
        if stop - at == _POSITION_LENGTH[p] and starts_with(text, at, stop, _POSITION_TEXT[p, : _POSITION_LENGTH[p]]):  # fmt: skip
            return int(_POSITION_ORDER[p])
    q = at + _UTG_PLUS.shape[0]
    if not starts_with(text, at, stop, _UTG_PLUS) or q == stop or stop - q > 3:
        return -1
    plus = 0
    for k in range(q, stop):
        if not is_digit(text[k]):
            return -1
        plus = plus * 10 + (text[k] - ZERO)
    return _UTG + plus


@kernel()
def _bv_seat(
    text: Bytes, first: int, line_stop: int, seats: Ints, listed: int, hero: int
) -> tuple[int, int]:
    """A seat's line (``Seat 6: UTG+2 [ME] ($25 in chips)``) into column ``listed`` of
    ``seats``, its number the position's place in the order of play (numbered in turn once all
    are read, :func:`_bv_order`), out until dealt cards: (the seats listed now, the file's own
    player's), the seats -1 for a line left to Bovada's reader (a name written otherwise than
    one position, or a second ``[ME]``)."""
    q = first + _SEAT.shape[0]
    digits = q
    while q < line_stop and is_digit(text[q]):
        q += 1
    if q == digits or q - digits > 6 or q + 1 >= line_stop or text[q] != COLON or text[q + 1] != SPACE:  # fmt: skip
        return -1, hero
    if listed == MAX_SEATS:
        return -1, hero
    name = q + 2
    paren = name + 1
    while paren + 1 < line_stop and not (text[paren] == SPACE and text[paren + 1] == OPEN_PAREN):
        paren += 1
    close = paren + 2
    while close < line_stop and text[close] != OPEN_PAREN and text[close] != CLOSE_PAREN:
        close += 1
    if paren + 1 >= line_stop or close >= line_stop or text[close] != CLOSE_PAREN:
        return -1, hero
    chips = close + 1 - _IN_CHIPS.shape[0]
    if chips < paren + 2 or not starts_with(text, chips, close + 1, _IN_CHIPS):
        return -1, hero
    m, d, ok = plain_money(text, paren + 2, chips)
    if not ok:
        return -1, hero
    for k in range(name, paren):  # one space between words, none at the ends
        if text[k] == TAB or (text[k] == SPACE and (k == name or k == paren - 1 or text[k + 1] == SPACE)):  # fmt: skip
            return -1, hero
    position_stop = paren
    if find_word(text, name, paren, _ME) >= 0:
        position_stop = paren - _ME.shape[0] - 1
        if (
            hero >= 0
            or position_stop <= name
            or not starts_with(text, position_stop + 1, paren, _ME)
        ):
            return -1, hero
        hero = listed
    order = _bv_position(text, name, position_stop)
    if order < 0:
        return -1, hero
    seats[S_NUMBER, listed] = order
    seats[S_NAME_START, listed] = name
    seats[S_NAME_STOP, listed] = paren
    seats[S_STACK_M, listed] = m
    seats[S_STACK_D, listed] = d
    seats[S_OUT, listed] = 1
    seats[S_PLAYING, listed] = 0
    return listed + 1, hero


@kernel()
def _bv_speaker(text: Bytes, at: int, stop: int, seats: Ints, listed: int, hero: int) -> int:
    """The seat a line of play speaks of (``text[at:stop]``, before its `` : ``), named as
    Bovada's reader names it: the file's own player wherever ``[ME]`` stands, else the seat
    whose name the words are, spaces aside; -1 for none."""
    if find_word(text, at, stop, _ME) >= 0:
        return hero
    for seat in range(listed):
        if seat == hero:
            continue
        i = at
        while i < stop and _is_space(text[i]):
            i += 1
        j = seats[S_NAME_START, seat]
        e = seats[S_NAME_STOP, seat]
        same = True
        while i < stop:
            if _is_space(text[i]):
                while i < stop and _is_space(text[i]):
                    i += 1
                if i == stop:
                    break
                if j >= e or text[j] != SPACE:
                    same = False
                    break
                j += 1
            else:
                if j >= e or text[j] != text[i]:
                    same = False
                    break
                i += 1
                j += 1
        if same and j == e:
            return seat
    return -1


@kernel()
def _bv_play(
    text: Bytes,
    first: int,
    line_stop: int,
    seats: Ints,
    listed: int,
    hero: int,
    hand_cards: Ints,
    units: Ints,
    numbers: Ints,
) -> tuple[int, int, int, int, int, int, int]:
    """A line of play (``UTG : Raises $0.50 to $0.50``), as :func:`~._stars_kernels._play_line`
    gives one (a post's ``all in`` place its kind's, a collected pot's cards place its pot), in
    the order Bovada's reader tries its words; the round's bets kept in ``units``
    (:data:`BET_CENTS`), a cash game's big blind, the first posted, in ``numbers``."""
    # the first `` : `` and the speaker written as its seat line writes the name, found here
    # and not by calls: each array a call (inlined or not) is given costs two atomic reference
    # counts, 8 % of the kernel's time here; a word's first byte is compared before its call
    # (``text[words] == _DEALT[0]``) for the same reason, another 10 % (2026-11-27)
    colon = first
    while colon + 2 < line_stop and not (text[colon] == SPACE and text[colon + 1] == COLON and text[colon + 2] == SPACE):  # fmt: skip
        colon += 1
    if colon + 2 >= line_stop:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    who = -1
    for seat in range(listed):  # the name as written in its seat line: most lines
        start = seats[S_NAME_START, seat]
        if seat == hero or seats[S_NAME_STOP, seat] - start != colon - first:
            continue
        same = True
        for k in range(colon - first):
            if text[first + k] != text[start + k]:
                same = False
                break
        if same:
            who = seat
            break
    if who < 0:
        who = _bv_speaker(text, first, colon, seats, listed, hero)
    if who < 0:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    words = colon + _SPEAKER.shape[0]
    while words < line_stop and _is_space(text[words]):
        words += 1
    if words == line_stop:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    verb = words
    while verb < line_stop and text[verb] != SPACE:
        verb += 1
    rest = verb + 1 if verb < line_stop else verb
    move = -1
    for w in range(_MOVE_LENGTH.shape[0]):
        if verb - words == _MOVE_LENGTH[w] and starts_with(text, words, verb, _MOVE_TEXT[w, : _MOVE_LENGTH[w]]):  # fmt: skip
            move = w
            break
    if move >= 0:
        kind = _MOVE_KIND[move]
        if kind == M_CHECK:
            return LINE_ACTION, CHECK_CALL, who, 0, 0, 0, 0
        if kind == M_RAISE:
            to = find_word(text, rest, line_stop, _TO)
            a = rest if to < 0 else to + _TO.shape[0]
            for k in range(rest, line_stop):  # ``\S+`` or ``\S+ to \S+``
                if _is_space(text[k]) and (to < 0 or k < to or k >= a):
                    return LINE_BAD, 0, 0, 0, 0, 0, 0
            if to >= 0:
                _, _, first_ok = plain_money(text, rest, to)
                if not first_ok:
                    return LINE_BAD, 0, 0, 0, 0, 0, 0
            m, d, ok = plain_money(text, a, line_stop)
            if not ok:
                return LINE_BAD, 0, 0, 0, 0, 0, 0
            round_bet(units, listed, who, in_cents(m, d), d, False)
            plain = verb - words == _PLAIN_RAISE.shape[0] and starts_with(text, words, verb, _PLAIN_RAISE)  # fmt: skip
            return LINE_ACTION, BET_RAISE, who, m, d, 0 if plain else 1, 0
        m, d, ok = plain_money(text, rest, line_stop)
        if not ok or rest >= line_stop:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        top, total, decimals = round_bet(units, listed, who, in_cents(m, d), d, True)
        if kind == M_CALL or (kind == M_ALL_IN and total <= top):
            return LINE_ACTION, CHECK_CALL, who, m, d, 1 if kind == M_ALL_IN else 0, 0
        tm, td = cents_written(total, decimals)
        return LINE_ACTION, BET_RAISE, who, tm, td, 1 if kind == M_ALL_IN else 0, 0
    if text[words] == _DEALT[0] and starts_with(text, words, line_stop, _DEALT):
        a = words + _DEALT.shape[0]
        while a < line_stop and text[a] == SPACE:
            a += 1
        if a >= line_stop or text[a] != OPEN_BRACKET or text[line_stop - 1] != CLOSE_BRACKET:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        for q in range(a, line_stop - 1):
            if text[q] == CLOSE_BRACKET:
                return LINE_BAD, 0, 0, 0, 0, 0, 0
        count = _stars_cards(text, a, line_stop, hand_cards, CARDS_ROOM)
        if count <= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        seats[S_OUT, who] = 0
        return LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count
    post = word_at(text, words, line_stop, _POST_TEXT, _POST_LENGTH)
    if post >= 0:
        m, d, ok = plain_money(text, words + _POST_LENGTH[post], line_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        kind = _POST_KIND[post]
        if kind == P_BIG and numbers[N_BB_M] == 0:
            numbers[N_BB_M], numbers[N_BB_D] = m, d
        if kind == P_BOTH:  # the big blind live, the rest dead
            big = in_cents(numbers[N_BB_M], numbers[N_BB_D])
            cents = in_cents(m, d)
            if big < cents:
                round_bet(units, listed, who, big, numbers[N_BB_D], True)
            else:
                round_bet(units, listed, who, cents, d, True)
        elif kind != P_ANTE:
            round_bet(units, listed, who, in_cents(m, d), d, True)
        return LINE_POST, kind, who, m, d, 1, 0
    if text[words] == _RETURNED[0] and starts_with(text, words, line_stop, _RETURNED):
        m, d, ok = amount_after(text, words + _RETURNED.shape[0], line_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_RETURNED, 0, who, m, d, 0, 0
    result = word_at(text, words, line_stop, _RESULT_TEXT, _RESULT_LENGTH)
    if result >= 0:
        a = words + _RESULT_LENGTH[result]
        pot = 0
        if starts_with(text, a, line_stop, _SIDE_POT):
            a += _SIDE_POT.shape[0]
            pot = 1
        m, d, ok = amount_after(text, a, line_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_COLLECTED, 0, who, m, d, 0, pot
    if text[words] == _SHOWDOWN[0] and starts_with(text, words, line_stop, _SHOWDOWN):
        return LINE_ACTION, SHOW, who, -1, 0, 0, 0
    if text[words] == _MUCKS[0] and starts_with(text, words, line_stop, _MUCKS):
        return LINE_ACTION, MUCK, who, -1, 0, 0, 0
    if text[words] == _FOLDS[0] and starts_with(text, words, line_stop, _FOLDS):
        return LINE_ACTION, FOLD, who, -1, 0, 0, 0
    if word_at(text, words, line_stop, _NOTICE_TEXT, _NOTICE_LENGTH) >= 0:
        return LINE_OTHER, 0, 0, 0, 0, 0, 0
    return LINE_BAD, 0, 0, 0, 0, 0, 0


@kernel()
def _bv_street(text: Bytes, first: int, line_stop: int, hand_cards: Ints) -> int:
    """A street's line (``*** TURN *** [Ac 4c 6h] [7h]``: its new cards, the last bracket, as
    Bovada's reader's regular expression reads them) into ``hand_cards``: how many, or -1."""
    street = word_at(text, first, line_stop, _STREET_TEXT, _STREET_LENGTH)
    if street < 0:
        return -1
    a = first + _STREET_LENGTH[street]
    if a >= line_stop or text[a] != OPEN_BRACKET or text[line_stop - 1] != CLOSE_BRACKET:
        return -1
    q = a + 1
    while q < line_stop and text[q] != CLOSE_BRACKET:
        q += 1
    if q < line_stop - 1:  # ``[board] [cards]``: one space between
        if q + 2 >= line_stop or text[q + 1] != SPACE or text[q + 2] != OPEN_BRACKET:
            return -1
        a = q + 2
        for k in range(a, line_stop - 1):
            if text[k] == CLOSE_BRACKET:
                return -1
    return _stars_cards(text, a, line_stop, hand_cards, 5)


@kernel()
def _bv_total(text: Bytes, first: int, line_stop: int, numbers: Ints) -> int:
    """The summary's ``Total Pot($1.60) | Rake ($0.08)`` (the rake's part optional): bit 1 a
    total read, bit 2 a rake, into ``numbers``; -1 for a line left to Bovada's reader."""
    a = first + _TOTAL.shape[0]
    close = a
    while close < line_stop and text[close] != CLOSE_PAREN:
        close += 1
    if close >= line_stop:
        return -1
    m, d, ok = plain_money(text, a, close)
    if not ok:
        return -1
    numbers[N_TOTAL_M], numbers[N_TOTAL_D] = m, d
    b = close + 1
    if not starts_with(text, b, line_stop, _RAKE):
        return 1
    b += _RAKE.shape[0]
    end = b
    while end < line_stop and text[end] != CLOSE_PAREN:
        end += 1
    if end >= line_stop or end == b:
        return -1  # no closing parenthesis, or no rake in it: left to Bovada's reader
    m, d, ok = plain_money(text, b, end)
    if not ok:
        return -1
    numbers[N_RAKE_M], numbers[N_RAKE_D] = m, d
    return 3


@kernel()
def _bv_board(text: Bytes, first: int, line_stop: int, reading: StarsReading, actions: int) -> int:
    """The summary's ``Board [Td 8h Qs 6d 5d]``: the cards no street's line dealt (an all-in
    before the river) dealt as flop, turn and river before the first show or muck, as Bovada's
    reader deals them; the actions now, or -1 for a board left to Bovada's reader."""
    plays, cards, hand_cards = reading.plays, reading.cards, reading.hand_cards
    a = first + _BOARD.shape[0] - 1
    if text[line_stop - 1] != CLOSE_BRACKET:
        return -1
    for k in range(a + 1, line_stop - 1):
        if text[k] == CLOSE_BRACKET:
            return -1
    count = _stars_cards(text, a, line_stop, hand_cards, 5)
    if count < 0:
        return -1
    known = 0
    at = actions
    for q in range(actions):
        if plays[A_KIND, q] == DEAL_BOARD:
            known += plays[A_COUNT, q]
        elif (plays[A_KIND, q] == SHOW or plays[A_KIND, q] == MUCK) and at == actions:
            at = q
    if count <= known:
        return actions
    deals = 0
    for last in (3, 4, 5):  # the streets' cards still to deal: up to the flop's third, ...
        if min(count, last) > max(known, last - 1 if last > 3 else 0):
            deals += 1
    if actions + deals > MAX_ACTIONS:
        return -1
    for q in range(actions - 1, at - 1, -1):
        for row in range(plays.shape[0]):
            plays[row, q + deals] = plays[row, q]
        for k in range(CARDS_ROOM):
            cards[q + deals, k] = cards[q, k]
    q = at
    for last in (3, 4, 5):
        begin = max(known, last - 1 if last > 3 else 0)
        stop = min(count, last)
        if stop <= begin:
            continue
        plays[A_KIND, q], plays[A_SEAT, q], plays[A_M, q], plays[A_D, q] = DEAL_BOARD, -1, -1, 0
        plays[A_COUNT, q], plays[A_ALL_IN, q], plays[A_BETS, q] = stop - begin, 0, 0
        plays[A_LINE, q] = first  # the board's line, for the log
        for k in range(stop - begin):
            cards[q, k] = hand_cards[begin + k]
        q += 1
    return actions + deals


@kernel()
def _bv_order(seats: Ints, listed: int) -> int:
    """The seats numbered in the order of play (the small blind first, the dealer last), as
    Bovada's reader numbers them: the dealer's seat (0 for none), or -1 where two share a
    position (Bovada's reader's)."""
    button = 0
    for i in range(listed):
        rank = 1
        for j in range(listed):
            if j != i:
                if seats[S_NUMBER, j] == seats[S_NUMBER, i]:
                    return -1
                if seats[S_NUMBER, j] < seats[S_NUMBER, i]:
                    rank += 1
        seats[S_ORDER_OF, i] = rank
    for i in range(listed):
        if seats[S_NUMBER, i] == _DEALER:
            button = seats[S_ORDER_OF, i]
        seats[S_NUMBER, i] = seats[S_ORDER_OF, i]
    return button


@kernel()
def _bv_lines(
    text: Bytes, at: int, end: int, reading: StarsReading, units: Ints
) -> tuple[bool, int, int]:
    """The lines after a Bovada hand's header, as :func:`~._stars_kernels._read_lines` reads
    PokerStars' (each line stripped, as Bovada's reader strips it), then the bet nobody matched
    that no line returned named returned, the seats numbered (:func:`_bv_order`) and the stakes
    (:func:`_bv_stakes`): (whether read, the player whose bet was so returned or -1, the file's
    own player's seat line or -1); not read where the hand is left to Bovada's reader."""
    seats, hand_cards = reading.seats, reading.hand_cards
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    numbers = reading.numbers
    listed = 0
    hero = -1
    said = 0
    section = 0  # 0 seats, 1 actions, 2 summary
    board = False
    small_m, small_d = -1, 0  # the last small blind posted
    taken = (0, 0, 0, 0)  # posts, actions, returned, collected: take_line's
    unmatched, unmatched_cents, unmatched_decimals = -1, 0, 0
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
        while _is_space(text[first]):
            first += 1
        while _is_space(text[line_stop - 1]):
            line_stop -= 1
        if section == 2:
            if text[first] == _TOTAL[0] and starts_with(text, first, line_stop, _TOTAL):
                if said & 4:
                    return False, -1, hero  # two totals: Bovada's reader keeps the last
                found = _bv_total(text, first, line_stop, numbers)
                if found < 0:
                    return False, -1, hero
                said = found | 4
            elif text[first] == _BOARD[0] and starts_with(text, first, line_stop, _BOARD):
                actions = -1 if board else _bv_board(text, first, line_stop, reading, taken[1])
                if actions < 0:
                    return False, -1, hero
                board = True
                taken = (taken[0], actions, taken[2], taken[3])
                marked = actions  # (the deals' lines _bv_board's, the shows' kept)
            continue
        if text[first] == _STARS[0] and starts_with(text, first, line_stop, _STARS):
            if starts_with(text, first, line_stop, _SUMMARY):
                section = 2
                continue
            count = _bv_street(text, first, line_stop, hand_cards)
            if count <= 0:
                if not starts_with(text, first, line_stop, _HOLE_CARDS):
                    return False, -1, hero
                section = 1
                continue
            who, cents, decimals = round_unmatched(units, listed)
            if who == -3:
                return False, -1, hero
            if who != -2:
                unmatched, unmatched_cents, unmatched_decimals = who, cents, decimals
            for i in range(listed):
                units[BET_HAS, i] = 0
            section = 1
            line, kind, who, m, d, all_in = LINE_ACTION, DEAL_BOARD, -1, -1, 0, 0
        elif section == 0 and text[first] == _SEAT[0] and starts_with(text, first, line_stop, _SEAT):  # fmt: skip
            listed, hero = _bv_seat(text, first, line_stop, seats, listed, hero)
            if listed < 0:
                return False, -1, hero
            continue
        else:
            line, kind, who, m, d, all_in, count = _bv_play(text, first, line_stop, seats, listed, hero, hand_cards, units, numbers)  # fmt: skip
            if line == LINE_POST and kind == P_SMALL:
                small_m, small_d = m, d
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, count, 0))  # fmt: skip
        if taken[0] < 0:
            return False, -1, hero
    for q in range(marked, taken[1]):  # the last line's actions
        plays[A_LINE, q] = line_first
    if section != 2:
        return False, -1, hero  # no summary: a partial hand, Bovada's reader's
    who, cents, decimals = round_unmatched(units, listed)
    if who == -3:
        return False, -1, hero
    if who != -2:
        unmatched, unmatched_cents, unmatched_decimals = who, cents, decimals
    derived = -1
    if unmatched >= 0:
        written = False
        for q in range(taken[2]):
            written = written or settled[R_SEAT, q] == unmatched
        if not written:  # taken back as Bovada's reader takes it (``_unwritten_return``)
            m, d = cents_written(unmatched_cents, unmatched_decimals)
            taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_RETURNED, 0, unmatched, m, d, 0, 0, 0))  # fmt: skip
            if taken[0] < 0:
                return False, -1, hero
            derived = unmatched
    button = _bv_order(seats, listed)
    if button < 0 or not _bv_stakes(numbers, small_m, small_d):
        return False, -1, hero
    lines_read(reading.tally, taken, listed, button, said & 3)
    return True, derived, hero


@kernel()
def _bv_stakes(numbers: Ints, small_m: int, small_d: int) -> bool:
    """The stakes where no tournament level gave them (a cash game's header has none): the big
    blind the first posted (:func:`_bv_play`), the small blind the last posted, else half the
    big; False for no big blind at all (refused by Bovada's reader)."""
    if numbers[N_SB_M] != 0:
        return True
    if numbers[N_BB_M] == 0:
        return False
    if small_m >= 0:
        numbers[N_SB_M], numbers[N_SB_D] = small_m, small_d
    elif numbers[N_BB_M] % 2 == 0:
        numbers[N_SB_M], numbers[N_SB_D] = numbers[N_BB_M] // 2, numbers[N_BB_D]
    else:
        numbers[N_SB_M], numbers[N_SB_D] = numbers[N_BB_M] * 5, numbers[N_BB_D] + 1
    return True


@kernel()
def _bv_said(
    reading: StarsReading, units: Ints, said: Ints, count: int, places: int, derived: int
) -> None:
    """What Bovada's record says, as :func:`~._stars_kernels._site_said` gives PokerStars':
    where the bet nobody matched was named returned here (``derived``, the last returned), it
    is taken out of that player's first result that holds it and out of the total, as Bovada's
    reader takes it."""
    seats, settled, powers = reading.seats, reading.settled, reading.powers
    numbers, tally = reading.numbers, reading.tally
    for q in range(SAID_SIZE):
        said[q] = 0
    for q in range(MAX_PLAYERS):
        said[SAID_POT_MASKS + q] = -1
    said[SAID_RETURNED] = 1
    returned = tally[T_RETURNED]
    for q in range(returned):
        said[SAID_RETURNS + seats[S_ORDER_OF, settled[R_SEAT, q]]] += in_units(
            settled[R_M, q], settled[R_D, q], places, powers
        )
    total = in_units(numbers[N_TOTAL_M], numbers[N_TOTAL_D], places, powers) if tally[T_TOTAL] else 0  # fmt: skip
    collected = tally[T_COLLECTED]
    for q in range(collected):
        settled[C_UNITS, q] = in_units(settled[C_M, q], settled[C_D, q], places, powers)
    if derived >= 0:
        amount = in_units(settled[R_M, returned - 1], settled[R_D, returned - 1], places, powers)
        for q in range(collected):
            if settled[C_SEAT, q] == derived and settled[C_UNITS, q] >= amount:
                settled[C_UNITS, q] -= amount
                total -= amount
                break
    for i in range(count):
        units[U_PAID, i] = 0
    for q in range(collected):
        i = seats[S_ORDER_OF, settled[C_SEAT, q]]
        units[U_PAID, i] += settled[C_UNITS, q]
        pot = settled[C_POT, q]
        if said[SAID_POT_MASKS + pot] < 0:
            said[SAID_POT_MASKS + pot] = 0
            said[SAID_POTS] += 1
        said[SAID_POT_MASKS + pot] |= 1 << i
    if tally[T_RAKE]:
        said[SAID_HAS_RAKE] = 1
        said[SAID_RAKE] = in_units(numbers[N_RAKE_M], numbers[N_RAKE_D], places, powers)
    if tally[T_TOTAL]:
        said[SAID_HAS_TOTAL] = 1
        said[SAID_TOTAL] = total


@kernel(inline=True)
def bv_hand(
    text: Bytes,
    hand: int,
    start: int,
    end: int,
    number: int,
    site: int,
    ascii_text: bool,
    facts: Ints,
    reading: StarsReading,
    units: Ints,
    said: Ints,
) -> tuple[int, int]:
    """:func:`~._stars_kernels.stars_hand` for a Bovada hand: its header, lines and record read
    by the ``_bv_`` stages; its first stage, who was dealt in, the scale and the amounts
    PokerStars' (``hand_begun``, ``hand_units``, ``hand_read``): (the players dealt in, -1 where
    the hand is left; the file's own player's seat line, or -1)."""
    if not hand_begun(text, hand, start, end, number, ascii_text, facts):
        return -1, -1
    stop, id_start, id_stop, game, betting = _bv_header(text, start, end, site, reading.numbers)
    if stop < 0:
        return -1, -1
    read, derived, hero = _bv_lines(text, stop + 1, end, reading, units)
    if not read:
        return -1, -1
    count, game, places = hand_units(reading, units, site, game, hand, facts)
    if count < 0:
        return -1, -1
    _bv_said(reading, units, said, count, places, derived)
    hand_read(reading, units, count, places, game, betting, id_start, id_stop)
    return count, hero


@kernel()
def bv_share(
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
    """:func:`~._stars_kernels.stars_share` for Bovada's hands (read by :func:`bv_hand`): a
    kernel of its own, as Winamax's (``_winamax_kernels.wx_share``), so that PokerStars' path
    compiles without these stages; the file's own player's name span :data:`HERO_SPAN`. One
    kernel both jobs (``_stars_kernels.SiteShare``): the hands replayed, or by ``replaying``
    False logged for ``read_histories`` (``_stars_kernels.hand_logged``)."""
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
        count, hero = bv_hand(text, hand, starts[hand], stops[hand], first_hand + hand, sites[hand],
                              ascii_text, facts, reading, units, said)  # fmt: skip
        if count < 0:
            continue
        if not replaying:  # read_histories' log: the hand's actions, not its replay
            taken = hand_logged(hand, count, no_trimming, no_bring_in, starts[hand], stops[hand],
                                place, limit, reading, units, said, rows, log, marks)  # fmt: skip
            if taken < 0:
                continue
            place += taken
        else:
            hand_input = HandInput(
                count, tally[T_GAME], tally[T_BETTING], no_trimming, tally[T_MIN_BET],
                tally[T_BIG_BET], stacks, antes, blinds, in_turn, tally[T_ACTIONS], kinds, actors,
                amounts, cards, card_counts, all_ins, paid, has_won, finishing, has_finish, said, 0,
            )  # fmt: skip
            game = tally[T_GAME]
            replayed = replay_one(
                hand_input, game_tables(game, tables, tables.full_deck), work, rows, hand, steps, site_record,
            )  # fmt: skip
            _hand_facts(
                hand, count, replayed, seats, plays, tally, facts, names, seat_numbers, flags
            )
            if replayed[0] != OK:
                record_refusal(work.state, facts, hand)
                continue
            facts[hand, F_RUNS] = work.state[RUNS]
        for i in range(count):
            if seats[S_LISTED_OF, i] == hero:
                names[hand, 2 * i] = HERO_SPAN
                names[hand, 2 * i + 1] = HERO_SPAN
