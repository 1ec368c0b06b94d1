"""Winamax's hands read in a kernel: PokerStars' layout with words of its own (the
``_stars_lines`` ``WX_`` words; the hands' reader is ``sites/winamax.py``, whose every rule these
stages keep: what it refuses or might read otherwise, they leave to it). Each hand read by
:func:`wx_hand` (its header, :func:`_wx_header`; its lines, :func:`_wx_lines`, a reader per kind
of line, each line kept by ``_stars_kernels.take_line``; what its record says,
:func:`_wx_said`), its other stages and its facts PokerStars' (``_stars_kernels``); a thread's
share, :func:`wx_share`, is a kernel of its own, compiled only for a Winamax file. Hold'em and
Omaha, and (session 24) stud, stud hi/lo, razz and 2-7 triple draw, their cards dealt by
PokerStars' stages as Winamax's reader deals them (:func:`_wx_lines`). A hand written otherwise
than this reader takes is marked ``SLOW`` for Winamax's reader."""

from __future__ import annotations

from typing import Final

import numpy as np

from pokerscore.engine.jit import kernel
from pokerscore.histories import _stars_lines as lines
from pokerscore.histories._bytes import (
    APOSTROPHE,
    BYTE_ORDER_MARK,
    CLOSE_BRACKET,
    CLOSE_PAREN,
    MINUS,
    OPEN_BRACKET,
    OPEN_PAREN,
    POINT,
    RETURN,
    SLASH,
    SPACE,
    TAB,
    ZERO,
    ascii_bytes,
    card_of,
    find_word,
    in_units,
    is_digit,
    line_end,
    starts_with,
    starts_with_folded,
    word_table,
)
from pokerscore.histories._layout import (
    BADUGI,
    BET_RAISE,
    BRING_IN,
    CHECK_CALL,
    DEAL_BOARD,
    DEAL_HOLE,
    DISCARD_DRAW,
    F_RUNS,
    FOLD,
    MAX_ACTIONS,
    MAX_PLAYERS,
    MUCK,
    OK,
    RAZZ,
    SHORT_DECK,
    SHORT_DECK_SOT,
    SHOW,
    STUD,
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
    _AFTER_SEAT,
    _ALL_IN,
    _BETTING_CODE,
    _BUTTON,
    _DEALING,
    _DEALT_TO,
    _FROM,
    _HOLE_CARDS,
    _PLAYED,
    _PRE_FLOP,
    _SEAT,
    _SHOW_DOWN,
    _SHOWDOWN,
    _STARS,
    _SUMMARY,
    _TO,
    _TOTAL_POT,
    A_ACTOR,
    A_ALL_IN,
    A_AMOUNT,
    A_BETS,
    A_COUNT,
    A_KIND,
    A_LINE,
    BOARD_GAME,
    C_D,
    C_M,
    C_POT,
    C_SEAT,
    C_UNITS,
    CARDS_ROOM,
    D_DEALT,
    D_KNOWN,
    D_OUT,
    D_WAITING,
    DRAW_GAME,
    LINE_ACTION,
    LINE_BAD,
    LINE_COLLECTED,
    LINE_OTHER,
    LINE_POST,
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
    P_SMALL,
    POST_AT,
    POST_D,
    POST_LIVE,
    POST_M,
    POST_SEAT,
    S_NAME_START,
    S_NAME_STOP,
    S_NUMBER,
    S_ORDER_OF,
    S_OUT,
    S_PLAYING,
    S_STACK_D,
    S_STACK_M,
    STUD_GAME,
    STUD_ROOM,
    T_ACTIONS,
    T_BETTING,
    T_BIG_BET,
    T_BRING_IN,
    T_COLLECTED,
    T_GAME,
    T_MIN_BET,
    T_POSTS,
    T_RAKE,
    T_TOTAL,
    T_TRIMMING,
    U_ANTE,
    U_BLIND,
    U_FINISHING,
    U_IN_TURN,
    U_LAST,
    U_LAST_HAS,
    U_PAID,
    U_ROUND,
    U_ROUND_HAS,
    U_STACK,
    BufferHands,
    SaidLine,
    StarsMarks,
    StarsReading,
    _discard,
    _first_deal,
    _hand_facts,
    _idle_dropped,
    _money,
    _named,
    _section_line,
    _stars_cards,
    _stud_finish,
    dealt_step,
    hand_begun,
    hand_logged,
    hand_read,
    hand_units,
    lines_read,
    new_stars_scratch,
    next_line,
    same_names,
    take_line,
)
from pokerscore.histories.model import MAX_SEAT

WINAMAX_SITE: Final = lines.HEADERS.index(lines.WINAMAX)
"""Winamax's place in :data:`~._stars_lines.HEADERS` (its header and lines differ)."""
_WX_HEAD: Final = ascii_bytes(lines.WINAMAX)
_WX_HAND_ID: Final = ascii_bytes(lines.WX_HAND_ID)
_WX_DASH: Final = ascii_bytes(lines.WX_DASH)
_WX_GAME_TEXT, _WX_GAME_LENGTH = word_table(tuple(lines.WX_GAMES))
_WX_GAME_CODE: Final = np.array(
    [_PLAYED.get(lines.GAMES[named][1], -1) for named in lines.WX_GAMES.values()], dtype=np.int64
)
"""The code of each of Winamax's games (:data:`~._stars_lines.WX_GAMES`)."""
_WX_BETTING_TEXT, _WX_BETTING_LENGTH = word_table(tuple(lines.WX_BETTING))
_WX_BETTING_CODE: Final = np.array(
    [_BETTING_CODE[tuple(lines.BETTING).index(named)] for named in lines.WX_BETTING.values()],
    dtype=np.int64,
)
_WX_TABLE: Final = ascii_bytes(lines.WX_TABLE + "'")
_WX_TABLE_WORD: Final = ascii_bytes(lines.WX_TABLE)
_WX_IS_THE_BUTTON: Final = ascii_bytes(lines.WX_IS_THE_BUTTON)
_WX_ANTE_BLINDS: Final = ascii_bytes(lines.WX_ANTE_BLINDS)
_WX_SHOW_DOWN: Final = ascii_bytes(lines.WX_SHOW_DOWN)
_WX_POST_TEXT, _WX_POST_LENGTH = word_table(tuple(words for words, _ in lines.WX_POST_KINDS))
_WX_POST_KIND: Final = np.array(
    [{"ante": P_ANTE, "small": P_SMALL, "big": P_BIG}[kind] for _, kind in lines.WX_POST_KINDS],
    dtype=np.int64,
)
_WX_OUT_OF_POSITION: Final = ascii_bytes(lines.OUT_OF_POSITION)
_WX_COLLECTED: Final = ascii_bytes(lines.WX_COLLECTED)
_WX_POT_TEXT, _WX_POT_LENGTH = word_table(lines.WX_POTS)
_WX_SIDE: Final = len(lines.WX_POTS) - 1
_WX_OTHER_TEXT, _WX_OTHER_LENGTH = word_table(lines.WX_OTHER_VERBS)
_WX_RAKE: Final = ascii_bytes(lines.WX_RAKE)
_WX_NO_RAKE: Final = ascii_bytes(lines.WX_NO_RAKE)
_WX_BAR: Final = ascii_bytes(lines.WX_BAR)
_WX_ROUNDED: Final = ord(lines.ROUNDED)
_EURO: Final = ascii_bytes(lines.EURO)
_WX_FOLDED: Final = ascii_bytes(lines.WX_FOLDED)
_WX_ROLE_TEXT, _WX_ROLE_LENGTH = word_table(tuple(f" ({role})" for role in lines.WX_ROLES))
_POSTS_WORD: Final = ascii_bytes(lines.POSTS)
_FOLDS_WORD: Final = ascii_bytes(lines.FOLDS)
_CHECKS_WORD: Final = ascii_bytes(lines.CHECKS)
_CALLS_WORD: Final = ascii_bytes(lines.CALLS)
_BETS_WORD: Final = ascii_bytes(lines.BETS)
_RAISES_WORD: Final = ascii_bytes(lines.RAISES)
_SHOWS_WORD: Final = ascii_bytes(lines.SHOWS)
_MUCKS_WORD: Final = ascii_bytes(lines.MUCKS)
# what an action does to the betting round's bets (``plays``' ``A_BETS``), as Winamax's reader
# tracks them to take back the bet nobody matched; ``B_ROUND`` added: a betting round (stud's
# street, a draw game's) opened before it
B_NONE, B_ADD, B_SET = range(3)
B_ROUND: Final = 4
_WX_SECTION_END: Final = ascii_bytes(lines.SECTION_END)
_WX_KIND_TEXT, _WX_KIND_LENGTH = word_table(lines.WX_ROUND_KINDS)
_WX_STREET_TEXT, _WX_STREET_LENGTH = word_table(lines.WX_STUD_STREETS)
_WX_FIRST: Final = ascii_bytes(lines.WX_FIRST)
_WX_SUMMARY_NAME: Final = ascii_bytes(lines.WX_SUMMARY_NAME)
_WX_BRING_IN: Final = ascii_bytes(lines.WX_BRING_IN)
_WX_DISCARDS: Final = ascii_bytes(lines.WX_DISCARDS)
_WX_STANDS: Final = ascii_bytes(lines.WX_STANDS)
_WX_PAT: Final = ascii_bytes(lines.WX_PAT)
_WX_UNSEEN: Final = ord(lines.WX_UNSEEN)
_CAPITAL_A: Final = ord("A")
_CAPITAL_Z: Final = ord("Z")
# what :func:`_wx_round` names: no round, another name, the first, the summary, then stud's
# streets by number (3 to 7)
R_NONE, R_OTHER, R_FIRST, R_SUMMARY = range(-1, 3)
# a round's kind: none, ``-BET``, ``-DRAW``
K_NONE, K_BET, K_DRAW = range(3)


@kernel()
def _wx_money(text: Bytes, at: int, stop: int) -> tuple[int, int, bool]:
    """An amount as Winamax writes one (``0.65€``, ``1500``): digits, a point and a trailing
    ``€``; anything else (a decimal comma, ``6.02k``) not read here."""
    q = stop
    if q - at > _EURO.shape[0] and starts_with(text, q - _EURO.shape[0], q, _EURO):
        q -= _EURO.shape[0]
    for k in range(at, q):
        if not (is_digit(text[k]) or text[k] == POINT):
            return 0, 0, False
    return _money(text, at, q)


@kernel()
def _wx_header(text: Bytes, start: int, end: int, numbers: Ints) -> tuple[int, int, int, int, int]:
    """A Winamax header (``Winamax Poker - CashGame - HandId: #6417287-1303-1406683540 - Omaha pot
    limit (1€/2€) - 2014/07/30 01:25:40 UTC``), read where Winamax's reader's regular expression
    reads it, as :func:`~._stars_kernels._read_header` gives one; the end -1 where not read here."""
    at = start
    if starts_with(text, at, end, BYTE_ORDER_MARK):
        at += 3
    stop = line_end(text, at, end)
    line_stop = stop
    while line_stop > at and text[line_stop - 1] == RETURN:
        line_stop -= 1
    hand_id = find_word(text, at + _WX_HEAD.shape[0], line_stop, _WX_HAND_ID)
    if hand_id < 0:
        return -1, 0, 0, 0, 0
    id_start = hand_id + _WX_HAND_ID.shape[0]
    id_stop = id_start
    while id_stop < line_stop and (is_digit(text[id_stop]) or text[id_stop] == MINUS):
        id_stop += 1
    if id_stop == id_start or id_stop - id_start > 60:
        return -1, 0, 0, 0, 0
    if not starts_with(text, id_stop, line_stop, _WX_DASH):
        return -1, 0, 0, 0, 0
    game_start = id_stop + _WX_DASH.shape[0]
    paren = game_start + 1  # the game's name, then the first `` (`` of the stakes
    while paren + 1 < line_stop and not (text[paren] == SPACE and text[paren + 1] == OPEN_PAREN):
        paren += 1
    close = paren + 2
    while close < line_stop and text[close] != OPEN_PAREN and text[close] != CLOSE_PAREN:
        close += 1
    if close >= line_stop or text[close] != CLOSE_PAREN or close == paren + 2:
        return -1, 0, 0, 0, 0
    if not starts_with(text, close + 1, line_stop, _WX_DASH):
        return -1, 0, 0, 0, 0
    game = -1
    betting = -1
    for b in range(_WX_BETTING_LENGTH.shape[0]):
        length = _WX_BETTING_LENGTH[b]
        named_stop = paren - length - 1
        if named_stop > game_start and text[named_stop] == SPACE and starts_with_folded(text, named_stop + 1, paren, _WX_BETTING_TEXT[b, :length]):  # fmt: skip
            for g in range(_WX_GAME_LENGTH.shape[0]):
                if _WX_GAME_LENGTH[g] == named_stop - game_start and starts_with_folded(text, game_start, named_stop, _WX_GAME_TEXT[g, : _WX_GAME_LENGTH[g]]):  # fmt: skip
                    game = _WX_GAME_CODE[g]
                    betting = _WX_BETTING_CODE[b]
            break
    if game < 0:
        return -1, 0, 0, 0, 0
    slashes = 0  # ``sb/bb`` or ``ante/sb/bb``: the last two
    last_slash = -1
    before_slash = -1
    for k in range(paren + 2, close):
        if text[k] == SLASH:
            slashes += 1
            before_slash = last_slash
            last_slash = k
    if slashes < 1 or slashes > 2:
        return -1, 0, 0, 0, 0
    small_start = paren + 2 if before_slash < 0 else before_slash + 1
    m1, d1, ok1 = _wx_money(text, small_start, last_slash)
    m2, d2, ok2 = _wx_money(text, last_slash + 1, close)
    if not (ok1 and ok2):
        return -1, 0, 0, 0, 0
    if slashes == 2:
        _, _, ok0 = _wx_money(text, paren + 2, before_slash)
        if not ok0:
            return -1, 0, 0, 0, 0
    numbers[N_SB_M], numbers[N_SB_D] = m1, d1
    numbers[N_BB_M], numbers[N_BB_D] = m2, d2
    return stop, id_start, id_stop, game, betting


@kernel()
def _wx_button(text: Bytes, first: int, line_stop: int) -> int:
    """The button of Winamax's table line (``Table: 'Name' 6-max (real money) Seat #1 is the
    button``): after the name's last ``' ``, the first ``Seat #n is the button``; -1 if none."""
    if not starts_with(text, first, line_stop, _WX_TABLE):
        return -1
    quote = line_stop - 2
    while quote >= first + _WX_TABLE.shape[0] and not (text[quote] == APOSTROPHE and text[quote + 1] == SPACE):  # fmt: skip
        quote -= 1
    if quote < first + _WX_TABLE.shape[0]:
        return -1
    for k in range(quote + 2, line_stop):
        if not starts_with(text, k, line_stop, _BUTTON):
            continue
        q = k + _BUTTON.shape[0]
        button = 0
        digits = 0
        while q < line_stop and is_digit(text[q]):
            button = button * 10 + (text[q] - ZERO)
            q += 1
            digits += 1
        if 0 < digits <= lines.SEAT_DIGITS and starts_with(text, q, line_stop, _WX_IS_THE_BUTTON):
            return button
    return -1


@kernel()
def _wx_seat(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> int:
    """A Winamax seat's line (``Seat 3: Chloé (120€)``) into column ``listed`` of ``seats``:
    the seats listed now, or -1 for a line left to Winamax's reader."""
    q = first + _SEAT.shape[0]
    seat = 0
    digits = 0
    while q < line_stop and is_digit(text[q]):
        seat = seat * 10 + (text[q] - ZERO)
        q += 1
        digits += 1
    if digits == 0 or digits > lines.SEAT_DIGITS or seat > MAX_SEAT:
        return -1
    if not starts_with(text, q, line_stop, _AFTER_SEAT) or listed == MAX_SEATS:
        return -1
    name_start = q + _AFTER_SEAT.shape[0]
    if line_stop - 1 <= name_start or text[line_stop - 1] != CLOSE_PAREN:
        return -1
    paren = line_stop - 2
    while paren > name_start and text[paren] != OPEN_PAREN:
        if text[paren] == CLOSE_PAREN:
            return -1
        paren -= 1
    if text[paren] != OPEN_PAREN or paren - 1 <= name_start or text[paren - 1] != SPACE:
        return -1
    m, d, ok = _wx_money(text, paren + 1, line_stop - 1)
    if not ok:
        return -1
    seats[S_NUMBER, listed] = seat
    seats[S_NAME_START, listed] = name_start
    seats[S_NAME_STOP, listed] = paren - 1
    seats[S_STACK_M, listed] = m
    seats[S_STACK_D, listed] = d
    seats[S_OUT, listed] = 0
    seats[S_PLAYING, listed] = 0
    return listed + 1


@kernel()
def _wx_section(text: Bytes, first: int, line_stop: int, hand_cards: Ints) -> tuple[int, int, int]:
    """A section's line of a Winamax hand, as :func:`~._stars_kernels._section_line` gives one: the
    summary, ``*** ANTE/BLINDS``, ``*** PRE-FLOP``, ``*** SHOW DOWN`` and the streets (a board run
    more than once too); any other left to Winamax's reader."""
    if starts_with(text, first, line_stop, _SUMMARY):
        return 2, 0, -1
    if (
        starts_with(text, first, line_stop, _WX_ANTE_BLINDS)
        or starts_with(text, first, line_stop, _PRE_FLOP)
        or starts_with(text, first, line_stop, _WX_SHOW_DOWN)
    ):
        return 1, 0, -1
    if (
        starts_with(text, first, line_stop, _HOLE_CARDS)
        or starts_with(text, first, line_stop, _DEALING)
        or find_word(text, first, line_stop, _SHOW_DOWN) >= 0
        or find_word(text, first, line_stop, _SHOWDOWN) >= 0
    ):
        return -1, 0, -1
    section, count, run = _section_line(text, first, line_stop, hand_cards)
    if section != 1 or count == 0:
        return -1, 0, -1
    return section, count, run


@kernel()
def _wx_round(text: Bytes, first: int, line_stop: int) -> tuple[int, int]:
    """A section's line as Winamax's reader's ``_ROUND`` matches it (``*** THIRD ***``,
    ``*** FIRST-BET ***``, ``*** SECOND-DRAW ***``: capitals, a kind or none, `` ***``, then
    anything): (``R_…`` or stud's street 3 to 7, ``K_…``); ``R_NONE`` where it does not match
    (``*** ANTE/BLINDS ***``, ``*** SHOW DOWN ***``)."""
    at = first + _STARS.shape[0]
    q = at
    while q < line_stop and _CAPITAL_A <= text[q] <= _CAPITAL_Z:
        q += 1
    if q == at:
        return R_NONE, K_NONE
    name_stop = q
    kind = K_NONE
    for k in range(_WX_KIND_LENGTH.shape[0]):
        if starts_with(text, q, line_stop, _WX_KIND_TEXT[k, : _WX_KIND_LENGTH[k]]):
            kind = k + 1
            q += _WX_KIND_LENGTH[k]
            break
    if not starts_with(text, q, line_stop, _WX_SECTION_END):
        return R_NONE, K_NONE
    if _wx_word(text, at, name_stop, _WX_FIRST):
        return R_FIRST, kind
    if _wx_word(text, at, name_stop, _WX_SUMMARY_NAME):
        return R_SUMMARY, kind
    for street in range(_WX_STREET_LENGTH.shape[0]):
        if _wx_word(text, at, name_stop, _WX_STREET_TEXT[street, : _WX_STREET_LENGTH[street]]):
            return street + 3, kind
    return R_OTHER, kind


@kernel()
def _wx_cards(text: Bytes, at: int, stop: int, out: Ints, room: int) -> int:
    """The cards of a stud or draw hand's ``Dealt to Bob [X X Kd] [7c]`` (from the first ``[``
    to the last ``]``, ``stop`` past it) into ``out``, ``X`` a card nobody saw (-1), as
    Winamax's reader takes them (the brackets joined); -1 where written otherwise (two
    spaces, a card of three characters: left to that reader) or past ``room``."""
    q = at + 1
    end = stop - 1
    count = 0
    while q < end:
        if count == room:
            return -1
        if text[q] == _WX_UNSEEN:
            out[count] = -1
            q += 1
        elif q + 1 < end:
            card = card_of(text[q], text[q + 1], -1)
            if card < 0:
                return -1
            out[count] = card
            q += 2
        else:
            return -1
        count += 1
        if q == end:
            break
        if text[q] == SPACE and q + 1 < end and text[q + 1] != SPACE:
            q += 1
        elif q + 3 < end and text[q] == CLOSE_BRACKET and text[q + 1] == SPACE and text[q + 2] == OPEN_BRACKET:  # fmt: skip
            q += 3
        else:
            return -1
    return count


@kernel()
def _wx_total(text: Bytes, first: int, line_stop: int, numbers: Ints) -> int:
    """A Winamax summary's ``Total pot 16.35€ | Rake 0.65€`` (or ``| No rake``; a total
    rounded to thousands, ``6.02k``, no record): bit 1 a total read, bit 2 a rake (0 for none),
    into ``numbers``; -1 for a line left to Winamax's reader."""
    a = first + _TOTAL_POT.shape[0]
    b = a
    while b < line_stop and text[b] != SPACE and text[b] != TAB:
        b += 1
    if b == a or not starts_with(text, b, line_stop, _WX_BAR):
        return -1
    said = 0
    if text[b - 1] != _WX_ROUNDED:
        m, d, ok = _wx_money(text, a, b)
        if not ok:
            return -1
        numbers[N_TOTAL_M], numbers[N_TOTAL_D] = m, d
        said = 1
    elif b - 1 == a:
        return -1
    c = b + _WX_BAR.shape[0]
    if starts_with(text, c, line_stop, _WX_RAKE):
        c += _WX_RAKE.shape[0]
        e = c
        while e < line_stop and text[e] != SPACE and text[e] != TAB:
            e += 1
        m, d, ok = _wx_money(text, c, e)
        if not ok:
            return -1
        numbers[N_RAKE_M], numbers[N_RAKE_D] = m, d
    elif starts_with(text, c, line_stop, _WX_NO_RAKE):
        numbers[N_RAKE_M], numbers[N_RAKE_D] = 0, 0
    else:
        return -1
    return said | 2


@kernel()
def _wx_away(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> None:
    """A summary's ``Seat 2: Ann (button) folded`` (folded on no street: Ann sat the hand out):
    that player's seat marked out (dealt in only if they posted or acted)."""
    q = first + _SEAT.shape[0]
    digits = 0
    while q < line_stop and is_digit(text[q]):
        q += 1
        digits += 1
    if digits == 0 or digits > lines.SEAT_DIGITS or not starts_with(text, q, line_stop, _AFTER_SEAT):  # fmt: skip
        return
    name_start = q + _AFTER_SEAT.shape[0]
    name_stop = line_stop - _WX_FOLDED.shape[0]
    if name_stop <= name_start or not starts_with(text, name_stop, line_stop, _WX_FOLDED):
        return
    stripped = True
    while stripped:  # the roles after the name, the shortest name left (Winamax's ``.+?``)
        stripped = False
        for role in range(_WX_ROLE_LENGTH.shape[0]):
            length = _WX_ROLE_LENGTH[role]
            if name_stop - length > name_start and starts_with(text, name_stop - length, name_stop, _WX_ROLE_TEXT[role, :length]):  # fmt: skip
                name_stop -= length
                stripped = True
                break
    who = _named(text, name_start, name_stop, seats, listed)
    if who >= 0:
        seats[S_OUT, who] = 1


@kernel(inline=True)
def _wx_word(text: Bytes, at: int, stop: int, word: Bytes) -> bool:
    """Whether ``text[at:stop]`` is ``word``."""
    return stop - at == word.shape[0] and starts_with(text, at, stop, word)


@kernel()
def _wx_named_first(text: Bytes, at: int, stop: int, seats: Ints, names: int, after: int) -> int:
    """The seat with the longest name that starts ``text[at:stop]`` followed by the byte
    ``after`` (a space, or the `` [`` of ``Dealt to Ann [``: ``after`` the bracket), or -1."""
    best = -1
    best_length = 0
    for seat in range(names):
        length = seats[S_NAME_STOP, seat] - seats[S_NAME_START, seat]
        if length <= best_length or at + length >= stop or text[at + length] != SPACE:
            continue
        if after != SPACE and (at + length + 1 >= stop or text[at + length + 1] != after):
            continue
        same = True
        for k in range(length):
            if text[at + k] != text[seats[S_NAME_START, seat] + k]:
                same = False
                break
        if same:
            best = seat
            best_length = length
    return best


@kernel()
def _wx_play(
    text: Bytes,
    first: int,
    line_stop: int,
    seats: Ints,
    listed: int,
    hand_cards: Ints,
    dealt_game: int,
) -> tuple[int, int, int, int, int, int, int]:
    """A line of a Winamax hand's play (``Bruno raises 4€ to 6€``: no colon after the name), as
    :func:`~._stars_kernels._play_line` gives one, but a post's ``all in`` is whether it is live (in
    the round's bets: not a small blind posted out of position) and an action's cards count's place
    holds what it does to the round's bets (``B_…``) in its top bits. ``dealt_game``
    (``_stars_kernels``' ``BOARD_GAME``, ``STUD_GAME``, ``DRAW_GAME``): stud's and the draw games'
    ``Dealt to`` lines with unseen cards and brackets (:func:`_wx_cards`), stud's ``bring-in``
    and seven cards shown, a draw's ``discards 2 cards [7h 8h]`` and ``stands pat [..]``."""
    if starts_with(text, first, line_stop, _DEALT_TO):
        a = first + _DEALT_TO.shape[0]
        who = _wx_named_first(text, a, line_stop, seats, listed, OPEN_BRACKET)
        if who < 0 or text[line_stop - 1] != CLOSE_BRACKET:
            return LINE_OTHER, 0, 0, 0, 0, 0, 0  # Winamax's reader passes it by
        bracket = a + seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
        if dealt_game != BOARD_GAME:
            count = _wx_cards(text, bracket, line_stop, hand_cards, STUD_ROOM)
            if count <= 0:
                return LINE_BAD, 0, 0, 0, 0, 0, 0
            return LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count
        for q in range(bracket, line_stop - 1):
            if text[q] == CLOSE_BRACKET:
                return LINE_BAD, 0, 0, 0, 0, 0, 0  # cards in more than one bracket
        count = _stars_cards(text, bracket, line_stop, hand_cards, CARDS_ROOM)
        if count <= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count
    who = _wx_named_first(text, first, line_stop, seats, listed, SPACE)
    if who < 0:
        return LINE_OTHER, 0, 0, 0, 0, 0, 0  # the table's notices
    words = first + seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
    words_stop = line_stop
    all_in = 0
    if words_stop - words >= _ALL_IN.shape[0] and starts_with(text, words_stop - _ALL_IN.shape[0], words_stop, _ALL_IN):  # fmt: skip
        all_in = 1
        words_stop -= _ALL_IN.shape[0]
    verb_stop = words
    while verb_stop < words_stop and text[verb_stop] != SPACE:
        verb_stop += 1
    rest = verb_stop + 1  # past the space (or past the words: nothing)
    if _wx_word(text, words, verb_stop, _POSTS_WORD):
        for post in range(_WX_POST_LENGTH.shape[0]):
            length = _WX_POST_LENGTH[post]
            if starts_with(text, rest, words_stop, _WX_POST_TEXT[post, :length]):
                kind = _WX_POST_KIND[post]
                a = rest + length
                b = words_stop
                out = b - a >= _WX_OUT_OF_POSITION.shape[0] and starts_with(text, b - _WX_OUT_OF_POSITION.shape[0], b, _WX_OUT_OF_POSITION)  # fmt: skip
                if out:
                    b -= _WX_OUT_OF_POSITION.shape[0]
                m, d, ok = _wx_money(text, a, b)
                if not ok:
                    return LINE_BAD, 0, 0, 0, 0, 0, 0
                live = 0 if kind == P_ANTE or (kind == P_SMALL and out) else 1
                return LINE_POST, kind, who, m, d, live, 0
        return LINE_BAD, 0, 0, 0, 0, 0, 0  # an unknown post: refused by Winamax's reader
    if _wx_word(text, words, verb_stop, _FOLDS_WORD):
        return LINE_ACTION, FOLD, who, -1, 0, 0, 0
    if _wx_word(text, words, verb_stop, _CHECKS_WORD):
        return LINE_ACTION, CHECK_CALL, who, 0, 0, 0, 0
    if _wx_word(text, words, verb_stop, _MUCKS_WORD):
        return LINE_ACTION, MUCK, who, -1, 0, 0, 0
    if _wx_word(text, words, verb_stop, _CALLS_WORD) or _wx_word(text, words, verb_stop, _BETS_WORD):  # fmt: skip
        m, d, ok = _wx_money(text, rest, words_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        if text[words] == _CALLS_WORD[0]:
            return LINE_ACTION, CHECK_CALL, who, m, d, all_in, B_ADD << 8
        return LINE_ACTION, BET_RAISE, who, m, d, all_in, B_SET << 8
    if _wx_word(text, words, verb_stop, _RAISES_WORD):
        to = find_word(text, verb_stop, words_stop, _TO)
        if to < 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        m, d, ok = _wx_money(text, to + _TO.shape[0], words_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, BET_RAISE, who, m, d, all_in, B_SET << 8
    if _wx_word(text, words, verb_stop, _SHOWS_WORD):
        if rest >= words_stop or text[rest] != OPEN_BRACKET:
            return LINE_OTHER, 0, 0, 0, 0, 0, 0
        room = STUD_ROOM if dealt_game == STUD_GAME else CARDS_ROOM
        count = _stars_cards(text, rest, words_stop, hand_cards, room)
        if count <= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, SHOW, who, -1, 0, 0, count
    if _wx_word(text, words, verb_stop, _WX_COLLECTED):
        b = rest
        while b < words_stop and text[b] != SPACE:
            b += 1
        m, d, ok = _wx_money(text, rest, b)
        if not ok or not starts_with(text, b, words_stop, _FROM):
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        where = b + _FROM.shape[0]
        for pot in range(_WX_POT_LENGTH.shape[0]):
            if _wx_word(text, where, words_stop, _WX_POT_TEXT[pot, : _WX_POT_LENGTH[pot]]):
                return LINE_COLLECTED, 0, who, m, d, 0, 0
        q = where + _WX_POT_LENGTH[_WX_SIDE]
        if not (starts_with(text, where, words_stop, _WX_POT_TEXT[_WX_SIDE, : _WX_POT_LENGTH[_WX_SIDE]]) and q < words_stop and text[q] == SPACE):  # fmt: skip
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        q += 1
        side = 0
        digits = 0
        while q < words_stop and is_digit(text[q]):
            side = side * 10 + (text[q] - ZERO)
            q += 1
            digits += 1
        if q != words_stop or digits == 0 or digits > 5 or side >= MAX_PLAYERS:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_COLLECTED, 0, who, m, d, 0, side
    if dealt_game == STUD_GAME and _wx_word(text, words, verb_stop, _WX_BRING_IN):
        m, d, ok = _wx_money(text, rest, words_stop)
        if not ok or all_in:
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # all in: the reader's (PokerStars' kernel drops it)
        return LINE_ACTION, BRING_IN, who, m, d, 0, B_ADD << 8
    if dealt_game == DRAW_GAME and _wx_word(text, words, verb_stop, _WX_DISCARDS):
        thrown, count = _discard(text, words, words_stop, hand_cards)
        if thrown < 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, DISCARD_DRAW, who, -1, thrown, 0, count
    if dealt_game == DRAW_GAME and _wx_word(text, words, verb_stop, _WX_STANDS):
        pat = rest + _WX_PAT.shape[0]  # ``pat``, then nothing or `` [`` (the cards kept)
        if not starts_with(text, rest, words_stop, _WX_PAT) or not (pat == words_stop or (pat + 1 < words_stop and text[pat] == SPACE and text[pat + 1] == OPEN_BRACKET)):  # fmt: skip
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, DISCARD_DRAW, who, -1, 0, 0, 0
    for verb in range(_WX_OTHER_LENGTH.shape[0]):
        if _wx_word(text, words, verb_stop, _WX_OTHER_TEXT[verb, : _WX_OTHER_LENGTH[verb]]):
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # stud's or a draw game's: Winamax's reader
    return LINE_OTHER, 0, 0, 0, 0, 0, 0  # ``denies big blind`` and other words: passed by


@kernel()
def _wx_lines(text: Bytes, at: int, end: int, reading: StarsReading, game: int) -> bool:
    """The lines after a Winamax hand's header, as :func:`~._stars_kernels._read_lines` reads
    PokerStars' (each post's place among the actions kept, and what each action does to the round's
    bets); False where the hand is left to Winamax's reader. Stud and the draw games (``game``)
    dealt as ``draft``'s ``StudStreets`` and ``DrawRounds`` deal them, by PokerStars' stages
    (``_stud_finish``, ``_first_deal``, ``dealt_written``, ``_idle_dropped``) where Winamax's
    reader calls them: its rounds' lines (:func:`_wx_round`: stud's streets, a draw's ``-BET``
    and ``-DRAW``, the summary), the first move after a ``Dealt to`` line, the end; a round
    after the first opens the round's bets again (the next action that bets marked
    ``B_ROUND``). Left, besides: a board's street, a post once the cards are dealt, a second
    bring-in, a stud hand that writes no cards dealt (Winamax's reader refuses it)."""
    seats, hand_cards, dealing = reading.seats, reading.hand_cards, reading.dealing
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    listed = 0
    said = 0
    section = 0  # 0 seats, 1 actions, 2 summary
    button = -1
    taken = (0, 0, 0, 0)  # posts, actions, returned, collected: take_line's
    stud = STUD <= game <= RAZZ
    draw = RAZZ < game <= BADUGI
    dealt_game = BOARD_GAME
    if stud:
        dealt_game = STUD_GAME
    elif draw:
        dealt_game = DRAW_GAME
    holes = 4 if game == BADUGI else 5
    if stud or draw:
        for seat in range(MAX_SEATS):
            dealing[D_OUT, seat], dealing[D_DEALT, seat] = 0, 0
            dealing[D_KNOWN, seat], dealing[D_WAITING, seat] = -1, -1
    players = 0  # stud's third-street players
    street = 0
    # a draw game: the cards are being dealt; the first deal made
    begun, first_dealt = False, False
    bring_ins = 0
    opened = False  # a betting round opened, its first bet not yet read
    while at < end:
        first, line_stop, at, blank = next_line(text, at, end)
        if blank:
            continue
        if starts_with(text, first, line_stop, _STARS):
            if stud or draw:
                name, kind = _wx_round(text, first, line_stop)
                p, a, r, c = taken
                if stud and name != R_NONE:
                    a = _stud_finish(reading, players, street, a, first)
                    if a < 0:
                        return False
                    taken = (p, a, r, c)
                    if 3 <= name <= 7 and kind == K_NONE:
                        street = name
                        for seat in range(listed):
                            dealing[D_DEALT, seat] = 0
                        opened = opened or name > 3
                        section = 1
                        continue
                elif draw and name != R_NONE and (kind != K_NONE or name == R_SUMMARY):
                    begun = begun or kind != K_NONE
                    if begun and not first_dealt and (name != R_FIRST or kind == K_DRAW):
                        first_dealt = True
                        a = _first_deal(reading, listed, p, holes, a, first)
                        if a < 0:
                            return False
                        taken = (p, a, r, c)
                    if kind != K_NONE:
                        opened = opened or (kind == K_BET and name != R_FIRST)
                        section = 1
                        continue
            section, count, run = _wx_section(text, first, line_stop, hand_cards)
            if section < 0:
                return False
            if count == 0:
                continue
            if stud or draw:
                return False  # a board's street: Winamax's reader's
            line, kind, who, m, d, all_in, bets = LINE_ACTION, DEAL_BOARD, -1, run, 0, 0, B_NONE
        elif section == 2:
            if starts_with(text, first, line_stop, _TOTAL_POT):
                if said & 4:
                    return False  # two totals: Winamax's reader keeps the last
                found = _wx_total(text, first, line_stop, reading.numbers)
                if found < 0:
                    return False
                said = found | 4
            elif starts_with(text, first, line_stop, _SEAT):
                _wx_away(text, first, line_stop, seats, listed)
            continue
        elif starts_with(text, first, line_stop, _WX_TABLE_WORD):
            if button >= 0:
                return False  # a second table line: Winamax's reader keeps the last
            button = _wx_button(text, first, line_stop)
            if button < 0:
                return False
            continue
        elif section == 0 and starts_with(text, first, line_stop, _SEAT):
            listed = _wx_seat(text, first, line_stop, seats, listed)
            if listed < 0:
                return False
            continue
        else:
            line, kind, who, m, d, all_in, count = _wx_play(text, first, line_stop, seats, listed, hand_cards, dealt_game)  # fmt: skip
            bets = count >> 8 if line == LINE_ACTION else B_NONE
            if line == LINE_ACTION:
                count &= 255
            if stud or draw:
                if line == LINE_BAD:
                    return False
                deal = (stud, holes, street, players, begun, first_dealt, bring_ins)
                kept, count, players, first_dealt, bring_ins, taken = dealt_step(reading, line, kind, who, d, count, starts_with(text, first, line_stop, _DEALT_TO), listed, first, deal, taken)  # fmt: skip
                if kept <= 0:
                    if kept < 0:
                        return False
                    continue
                if line == LINE_POST and taken[1] > 0:
                    return False  # a post once the cards are dealt
                if opened and bets != B_NONE:
                    bets |= B_ROUND
                    opened = False
        if line == LINE_ACTION and taken[1] < MAX_ACTIONS:
            plays[A_LINE, taken[1]] = first  # the line's start: its number, for the log
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, count, bets))  # fmt: skip
        if taken[0] < 0:
            return False
    if same_names(text, seats, listed):
        return False  # Winamax's reader refuses two seats of one name
    if draw:
        p, a, r, c = taken
        taken = (p, _idle_dropped(reading, listed, p, a), r, c)
    if stud and players == 0:
        return False  # no cards dealt written: Winamax's reader refuses the hand
    lines_read(reading.tally, taken, listed, button, said)
    return section == 2 and button >= 0


@kernel()
def _wx_said(reading: StarsReading, units: Ints, said: Ints, count: int, places: int) -> None:
    """What Winamax's record says, as :func:`~._stars_kernels._site_said` gives PokerStars': Winamax
    writes no returned bet, so, as its reader does, the last betting round's bet nobody matched (the
    highest less the next) is taken back out of the bettor's first ``collected`` (that pot gone
    where it was all of it) and out of the total; the total, written after the rake on most files
    (the sum of what was collected), has the rake added back. A betting round opens at a board's
    street or at an action marked ``B_ROUND`` (stud's street, a draw game's round)."""
    seats, posts, settled, plays = reading.seats, reading.posts, reading.settled, reading.plays
    powers, numbers, tally = reading.powers, reading.numbers, reading.tally
    collected = tally[T_COLLECTED]
    paid = 0
    for q in range(collected):
        settled[C_UNITS, q] = in_units(settled[C_M, q], settled[C_D, q], places, powers)
        paid += settled[C_UNITS, q]
    total = in_units(numbers[N_TOTAL_M], numbers[N_TOTAL_D], places, powers) if tally[T_TOTAL] else 0  # fmt: skip
    rake = in_units(numbers[N_RAKE_M], numbers[N_RAKE_D], places, powers) if tally[T_RAKE] else 0  # fmt: skip
    if tally[T_TOTAL] and rake and paid == total:
        total += rake
    bet, has = units[U_ROUND], units[U_ROUND_HAS]
    last, last_has = units[U_LAST], units[U_LAST_HAS]
    for i in range(count):
        bet[i], has[i], last[i], last_has[i] = 0, 0, 0, 0
    now = False  # some bet in this round
    before = False  # some bet in a round before
    post = 0
    actions = tally[T_ACTIONS]
    for q in range(actions + 1):
        while post < tally[T_POSTS] and posts[POST_AT, post] == q:
            if posts[POST_LIVE, post]:
                i = seats[S_ORDER_OF, posts[POST_SEAT, post]]
                bet[i] += in_units(posts[POST_M, post], posts[POST_D, post], places, powers)
                has[i] = 1
                now = True
            post += 1
        if q == actions:
            break
        change = plays[A_BETS, q]
        if plays[A_KIND, q] == DEAL_BOARD or change & B_ROUND:
            if now:
                for i in range(count):
                    last[i], last_has[i] = bet[i], has[i]
                before = True
            for i in range(count):
                bet[i], has[i] = 0, 0
            now = False
            change &= B_ROUND - 1
        if change != B_NONE:
            i = plays[A_ACTOR, q]
            # a bring-in's amount is the hand's (``_seat_units``), not the action's
            amount = tally[T_BRING_IN] if plays[A_KIND, q] == BRING_IN else plays[A_AMOUNT, q]
            if change == B_ADD:
                bet[i] += amount
            else:
                bet[i] = amount
            has[i] = 1
            now = True
    if not now and before:
        for i in range(count):
            bet[i], has[i] = last[i], last_has[i]
    top = -1
    for i in range(count):
        if has[i] and (top < 0 or bet[i] > bet[top]):
            top = i
    uncalled = 0
    if top >= 0:
        second = 0
        for i in range(count):
            if has[i] and i != top:
                second = max(second, bet[i])
        uncalled = bet[top] - second
    for q in range(SAID_SIZE):
        said[q] = 0
    for q in range(MAX_PLAYERS):
        said[SAID_POT_MASKS + q] = -1
    said[SAID_RETURNED] = 1
    if uncalled > 0:
        for q in range(collected):
            if seats[S_ORDER_OF, settled[C_SEAT, q]] == top:
                if settled[C_UNITS, q] >= uncalled:
                    settled[C_UNITS, q] -= uncalled  # 0: that pot was the bet alone
                    said[SAID_RETURNS + top] = uncalled
                    total -= uncalled
                    if settled[C_UNITS, q] == 0:
                        settled[C_UNITS, q] = -1
                break
    for i in range(count):
        units[U_PAID, i] = 0
    for q in range(collected):
        if settled[C_UNITS, q] < 0:
            continue
        i = seats[S_ORDER_OF, settled[C_SEAT, q]]
        units[U_PAID, i] += settled[C_UNITS, q]
        pot = settled[C_POT, q]
        if said[SAID_POT_MASKS + pot] < 0:
            said[SAID_POT_MASKS + pot] = 0
            said[SAID_POTS] += 1
        said[SAID_POT_MASKS + pot] |= 1 << i
    if tally[T_RAKE]:
        said[SAID_HAS_RAKE] = 1
        said[SAID_RAKE] = rake
    if tally[T_TOTAL]:
        said[SAID_HAS_TOTAL] = 1
        said[SAID_TOTAL] = total


@kernel(inline=True)
def wx_hand(
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
) -> int:
    """:func:`~._stars_kernels.stars_hand` for a Winamax hand: its header, lines and record
    read by the ``_wx_`` stages; its first stage, who was dealt in, the scale and the amounts
    PokerStars' (``hand_begun``, ``hand_units``, ``hand_read``)."""
    if not hand_begun(text, hand, start, end, number, ascii_text, facts):
        return -1
    stop, id_start, id_stop, game, betting = _wx_header(text, start, end, reading.numbers)
    if stop < 0:
        return -1
    if not _wx_lines(text, stop + 1, end, reading, game):
        return -1
    count, game, places = hand_units(reading, units, site, game, hand, facts)
    if count < 0:
        return -1
    _wx_said(reading, units, said, count, places)
    hand_read(reading, units, count, places, game, betting, id_start, id_stop)
    reading.tally[T_TRIMMING] = 0  # Winamax's reader leaves the antes whole (no antes_returned)
    return count


@kernel()
def wx_share(
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
    """:func:`~._stars_kernels.stars_share` for Winamax's hands (read by :func:`wx_hand`): a
    kernel of its own, so that PokerStars' share compiles without Winamax's stages (they cost
    it a third more compile time) and Winamax's compile only where a Winamax file is read; it
    replays them or logs them for ``read_histories`` (``_stars_kernels.SiteShare``: one kernel
    both jobs, its stages compiled once, where session 22 had a second, ``wx_log_share``)."""
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
    for hand in range(worker, hands, threads):
        count = wx_hand(text, hand, starts[hand], stops[hand], first_hand + hand, sites[hand],
                           ascii_text, facts, reading, units, said)  # fmt: skip
        if count < 0:
            continue
        if not replaying:  # read_histories' log: the hand's actions, not its replay
            taken = hand_logged(hand, count, no_trimming, tally[T_BRING_IN], starts[hand], stops[hand],
                                place, limit, reading, units, said, rows, log, marks)  # fmt: skip
            if taken >= 0:
                place += taken
            continue
        hand_input = HandInput(
            count, tally[T_GAME], tally[T_BETTING], no_trimming, tally[T_MIN_BET],
            tally[T_BIG_BET], stacks, antes, blinds, in_turn, tally[T_ACTIONS], kinds, actors,
            amounts, cards, card_counts, all_ins, paid, has_won, finishing, has_finish, said,
            tally[T_BRING_IN],
        )  # fmt: skip
        game = tally[T_GAME]
        deck = tables.short_deck if game in (SHORT_DECK_SOT, SHORT_DECK) else tables.full_deck
        replayed = replay_one(
            hand_input, game_tables(game, tables, deck), work, rows, hand, steps, site_record,
        )  # fmt: skip
        _hand_facts(hand, count, replayed, seats, plays, tally, facts, names, seat_numbers, flags)
        if replayed[0] != OK:
            record_refusal(work.state, facts, hand)
        else:
            facts[hand, F_RUNS] = work.state[RUNS]  # the runs of a board run more than once
