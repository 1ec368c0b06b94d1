"""Full Tilt Poker's hands read in a kernel (issue 29 §1; the ``_stars_lines`` ``FT_`` words;
the hands' reader is ``sites/fulltilt.py``, whose every rule these stages keep: what it refuses
or might read otherwise, they leave to it). Full Tilt wrote PokerStars' hand in words of its
own, so each hand is read by :func:`ft_hand`: its header (:func:`_ft_header`: the hand's
number, the game and betting, the stakes among the `` - `` pieces), its lines
(:func:`_ft_lines`: the seats, the button's line, the streets, each ``name verb amount`` line
by :func:`_ft_play`, the summary's total and rake, and its seats' winnings where the play
writes no ``wins`` line), then PokerStars' own stages and facts (``_stars_kernels``: who was
dealt in, the scale, the amounts, the record, the antes trimmed as there). A thread's share,
:func:`ft_share`, is a kernel of its own, compiled only for a Full Tilt file. A hand written
otherwise than this reader takes (stud and the draw games, a header past ASCII or a game it
does not name, cp1252 bytes, a line ending in spaces, two players of one name, no button line,
a verb's amount or cards its reader might read otherwise, ...) is marked ``SLOW`` for Full
Tilt's reader."""

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
    SLASH,
    SPACE,
    TAB,
    UPPER_A,
    UPPER_Z,
    ZERO,
    ascii_bytes,
    is_digit,
    starts_with,
    word_table,
)
from pokerscore.histories._increments_kernels import word_at
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
    STUD,
    Bytes,
    HandRows,
    Ints,
    ReplayTables,
)
from pokerscore.histories._pacific_kernels import _pc_speaker
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
    P_SMALL,
    S_NAME_START,
    S_NAME_STOP,
    S_NUMBER,
    S_OUT,
    S_PLAYING,
    S_STACK_D,
    S_STACK_M,
    T_ACTIONS,
    T_BETTING,
    T_BIG_BET,
    T_GAME,
    T_MIN_BET,
    T_RETURNED,
    T_TRIMMING,
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
    _money,
    _named,
    _site_said,
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
from pokerscore.histories.model import MAX_SEAT

_HEADER: Final = ascii_bytes(lines.FT_HEADER)
_DASH: Final = ascii_bytes(lines.FT_DASH)
_BETTING_TEXT, _BETTING_LENGTH = word_table(tuple(f"{word} " for word in lines.FT_BETTINGS))
_BETTING_CODE: Final = np.array(
    [
        {"no-limit": NO_LIMIT, "pot-limit": POT_LIMIT, "fixed-limit": FIXED_LIMIT}[
            lines.BETTING[lines.FT_BETTING_WORDS.get(word, word)][1]
        ]
        for word in lines.FT_BETTINGS
    ],
    dtype=np.int64,
)
_GAME_TEXT, _GAME_LENGTH = word_table(tuple(lines.FT_GAMES))
_GAME_CODE: Final = np.array(
    [
        GAME_CODES[game] if GAME_CODES[game] < STUD else -1
        for game in (lines.GAMES[name][1] for name in lines.FT_GAMES.values())
    ],
    dtype=np.int64,
)
"""Each of the header's games' code, -1 for those left to Full Tilt's reader (stud, the draw
games: ``_stars_kernels`` reads them in PokerStars' words only)."""
_ANTE: Final = ascii_bytes(lines.FT_ANTE)
_EASTERN: Final = ascii_bytes(lines.FT_EASTERN[0])
_SEAT: Final = ascii_bytes(lines.SEAT)
_AFTER_SEAT: Final = ascii_bytes(lines.AFTER_SEAT)
_SITTING_OUT: Final = ascii_bytes(lines.SITTING_OUT)
_IS_SITTING_OUT: Final = ascii_bytes(lines.FT_SITTING_OUT)
_BUTTON: Final = ascii_bytes(lines.FT_BUTTON)
_SECTION: Final = ascii_bytes(lines.SECTION)
_SUMMARY: Final = ascii_bytes(lines.SUMMARY)
_HOLE_CARDS: Final = ascii_bytes(lines.HOLE_CARDS)
_SHOW_DOWN: Final = ascii_bytes(f"{lines.SECTION}{lines.SHOW_DOWN}")
_ORDINAL_TEXT, _ORDINAL_LENGTH = word_table(tuple(f"{word} " for word in lines.ORDINALS))
_STREET_TEXT, _STREET_LENGTH = word_table(
    tuple(f"{street}{lines.SECTION_END}" for street in lines.STREETS)
)
_TOTAL_POT: Final = ascii_bytes(lines.TOTAL_POT)
_RAKE: Final = ascii_bytes(lines.RAKE)
_DEALT_TO: Final = ascii_bytes(lines.DEALT_TO)
_UNCALLED: Final = ascii_bytes(lines.FT_UNCALLED[0])
_RETURNED_TO: Final = ascii_bytes(lines.FT_UNCALLED[1])
_ALL_IN: Final = ascii_bytes(lines.FT_ALL_IN)
_POST_TEXT, _POST_LENGTH = word_table(tuple(words for words, _ in lines.FT_POSTS))
_POST_KIND: Final = np.array(
    [{"ante": P_ANTE, "small": P_SMALL, "big": P_BIG}[kind] for _, kind in lines.FT_POSTS],
    dtype=np.int64,
)
_VERB_TEXT, _VERB_LENGTH = word_table(lines.FT_VERBS)
(V_POSTS, V_ANTES, V_FOLDS, V_BRINGS, V_COMPLETES, V_DISCARDS, V_STANDS, V_CHECKS, V_CALLS,
 V_BETS, V_RAISES, V_SHOWS, V_MUCKS, V_WINS, V_TIES) = range(15)  # fmt: skip
"""The verbs' places in :data:`~._stars_lines.FT_VERBS`."""
_RAISES_TO: Final = ascii_bytes(lines.FT_RAISES_TO)
_WINS_TEXT, _WINS_LENGTH = word_table(lines.FT_WINS)
_HIGH_LOW_TEXT, _HIGH_LOW_LENGTH = word_table(lines.FT_HIGH_LOW)
_POTS_TEXT, _POTS_LENGTH = word_table(lines.FT_POTS)
_SIDE_POT: Final = lines.FT_POTS.index("side pot")
_SIDE_NUMBER: Final = ascii_bytes(lines.FT_SIDE_NUMBER)
_WON_TEXT, _WON_LENGTH = word_table(lines.FT_SUMMARY_WON)
_STAR: Final = ord("*")
_LOWER_OFFSET: Final = ord("a") - ord("A")


@kernel(inline=True)
def _is_space(byte: int) -> bool:
    """Whether a byte is whitespace to a regular expression (``\\s``, ASCII)."""
    return byte == SPACE or TAB <= byte <= 13


@kernel()
def _ft_stakes(text: Bytes, a: int, e: int, numbers: Ints) -> int:
    """A header's piece ``text[a:e]`` read as the reference reader's stakes (``$0.50/$1``, an
    ``Ante`` and a currency's code after): 0 not stakes, 1 read into ``numbers``, -1 stakes whose
    amounts it refuses."""
    slash = a
    while slash < e and text[slash] != SLASH and not _is_space(text[slash]):
        slash += 1
    if slash == a or slash >= e or text[slash] != SLASH:
        return 0
    b = slash + 1
    while b < e and text[b] != SLASH and not _is_space(text[b]):
        b += 1
    if b == slash + 1 or (b < e and text[b] == SLASH):
        return 0
    tail = b
    if starts_with(text, tail, e, _ANTE):  # `` Ante $0.05``, a non-space run
        q = tail + _ANTE.shape[0]
        r = q
        while r < e and not _is_space(text[r]):
            r += 1
        if r > q:
            tail = r
    if tail < e:  # `` USD``
        if e - tail != 4 or text[tail] != SPACE:
            return 0
        for k in range(tail + 1, e):
            if not UPPER_A <= text[k] <= UPPER_Z:
                return 0
    sb_m, sb_d, sb_ok = _money(text, a, slash)
    bb_m, bb_d, bb_ok = _money(text, slash + 1, b)
    if not (sb_ok and bb_ok):
        return -1
    numbers[N_SB_M], numbers[N_SB_D], numbers[N_BB_M], numbers[N_BB_D] = sb_m, sb_d, bb_m, bb_d
    return 1


@kernel()
def _ft_game(text: Bytes, a: int, e: int) -> tuple[bool, int, int]:
    """A header's piece ``text[a:e]`` read as the reference reader's game (``No Limit
    Hold'em``, ``PL Omaha Hi``): (whether a game's piece; the game's code, -1 for a game this
    reader leaves or none the reference reader reads; the betting's code)."""
    kind = word_at(text, a, e, _BETTING_TEXT, _BETTING_LENGTH)
    if kind < 0 or a + _BETTING_LENGTH[kind] >= e:
        return False, -1, 0
    q = a + _BETTING_LENGTH[kind]
    for game in range(_GAME_LENGTH.shape[0]):  # the name in any case
        if _GAME_LENGTH[game] != e - q:
            continue
        same = True
        for k in range(e - q):
            byte = int(text[q + k])
            if UPPER_A <= byte <= UPPER_Z:
                byte += _LOWER_OFFSET
            if byte != _GAME_TEXT[game, k]:
                same = False
                break
        if same:
            return True, _GAME_CODE[game], _BETTING_CODE[kind]
    return True, -1, 0


@kernel()
def _ft_header(text: Bytes, start: int, end: int, numbers: Ints) -> tuple[int, int, int, int, int]:
    """A Full Tilt hand's first line (``Full Tilt Poker Game #31318808612: Table Rymer (6 max)
    - $2/$4 - Pot Limit Omaha Hi - 17:09:49 CET - 2012/11/06 [11:09:49 ET - 2012/11/06]``) read
    where Full Tilt's reader reads it: the pieces between `` - `` after the first (before any
    Eastern time in brackets), the first that names a betting and game its game, the first of
    stakes its stakes (into ``numbers``); (the line's end, the hand id's span, game, betting),
    the end -1 where not read here (a header past printable ASCII or ending in a space, a game
    left to that reader or refused by it, no stakes)."""
    at = start
    if starts_with(text, at, end, BYTE_ORDER_MARK):
        at += 3
    first, line_stop, after, _ = next_line(text, at, end)
    if not starts_with(text, first, line_stop, _HEADER) or text[line_stop - 1] == SPACE:
        return -1, 0, 0, 0, 0
    for k in range(first, line_stop):
        if not SPACE <= text[k] < 127:
            return -1, 0, 0, 0, 0
    id_start = first + _HEADER.shape[0]
    q = id_start
    while q < line_stop and is_digit(text[q]):
        q += 1
    id_stop = q
    if q == id_start or q - id_start > 20 or q + 1 >= line_stop or text[q] != COLON or text[q + 1] != SPACE:  # fmt: skip
        return -1, 0, 0, 0, 0
    rest = q + 2
    stop = line_stop
    for k in range(rest, line_stop):  # ``[11:09:49 ET - 2012/11/06]``: the pieces end before it
        if text[k] == OPEN_BRACKET and _eastern_at(text, k + 1, line_stop):
            stop = k
            while stop > rest and text[stop - 1] == SPACE:
                stop -= 1
            break
    game, betting, named, staked = -1, 0, False, 0
    piece = _find(text, rest, stop, _DASH)
    while piece >= 0:
        a = piece + _DASH.shape[0]
        piece = _find(text, a, stop, _DASH)
        e = stop if piece < 0 else piece
        if not named:
            named, game, betting = _ft_game(text, a, e)
            if named and game < 0:
                return -1, 0, 0, 0, 0  # stud, a draw game, or a game refused
        if staked == 0:
            staked = _ft_stakes(text, a, e, numbers)
            if staked < 0:
                return -1, 0, 0, 0, 0
    if not named or staked == 0:
        return -1, 0, 0, 0, 0
    return after - 1, id_start, id_stop, game, betting


@kernel(inline=True)
def _find(text: Bytes, at: int, stop: int, word: Bytes) -> int:
    """The first place of ``word`` in ``text[at:stop]``, or -1."""
    last = stop - word.shape[0]
    while at <= last:
        if text[at] == word[0] and starts_with(text, at, stop, word):
            return at
        at += 1
    return -1


@kernel()
def _eastern_at(text: Bytes, at: int, stop: int) -> bool:
    """Whether ``text[at:stop]`` starts with ``11:09:49 ET - 2012/11/06]`` (digits and colons,
    `` ET - ``, digits and slashes, ``]``)."""
    q = at
    while q < stop and (is_digit(text[q]) or text[q] == COLON):
        q += 1
    if q == at or not starts_with(text, q, stop, _EASTERN):
        return False
    q += _EASTERN.shape[0]
    r = q
    while r < stop and (is_digit(text[r]) or text[r] == SLASH):
        r += 1
    return bool(r > q and r < stop and text[r] == CLOSE_BRACKET)


@kernel()
def _ft_seat(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> int:
    """A seat's line (``Seat 2: Bo ($112.30), is sitting out``) into column ``listed`` of
    ``seats``: the seats listed now, -1 for a line left to Full Tilt's reader (a name holding a
    bracket, one already seated, a seat past ``MAX_SEAT``, a stack it would refuse ...)."""
    q = first + _SEAT.shape[0]
    digits = q
    number = 0
    while q < line_stop and is_digit(text[q]):
        number = number * 10 + (text[q] - ZERO)
        q += 1
    if q == digits or q - digits > 5 or number > MAX_SEAT or not starts_with(text, q, line_stop, _AFTER_SEAT):  # fmt: skip
        return -1
    name = q + _AFTER_SEAT.shape[0]
    paren = -1
    close = -1
    for k in range(name, line_stop):  # one ``(``, then one ``)``: the stack between
        if text[k] == OPEN_PAREN:
            if paren >= 0:
                return -1
            paren = k
        elif text[k] == CLOSE_PAREN:
            if close >= 0 or paren < 0:
                return -1
            close = k
    if close < 0 or paren <= name + 1 or text[paren - 1] != SPACE or listed == MAX_SEATS:
        return -1
    stop = paren - 1
    m, d, ok = _money(text, paren + 1, close)
    if not ok:
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
    seats[S_OUT, listed] = _find(text, close, line_stop, _SITTING_OUT) >= 0
    seats[S_PLAYING, listed] = 0
    return listed + 1


@kernel()
def _ft_section(text: Bytes, first: int, line_stop: int, hand_cards: Ints) -> tuple[int, int, int]:
    """A section's line as Full Tilt's reader reads it (``*** TURN *** [8h Jc 4d] [3d]
    (Total Pot: $44, 2 Players)``): (the section it opens, 1 the play, 2 the summary, -1 one
    left to that reader; a street's new cards, into ``hand_cards``, else 0; the street's run,
    1 to 3, or -1 the one board)."""
    if starts_with(text, first, line_stop, _SUMMARY):
        return 2, 0, -1
    if starts_with(text, first, line_stop, _HOLE_CARDS) or starts_with(text, first, line_stop, _SHOW_DOWN):  # fmt: skip
        return 1, 0, -1
    at = first + _SECTION.shape[0]
    run = -1
    ordinal = word_at(text, at, line_stop, _ORDINAL_TEXT, _ORDINAL_LENGTH)
    if ordinal >= 0:
        run = ordinal + 1
        at += _ORDINAL_LENGTH[ordinal]
    street = word_at(text, at, line_stop, _STREET_TEXT, _STREET_LENGTH)
    if street < 0:
        return -1, 0, -1
    p = at + _STREET_LENGTH[street]
    while p < line_stop and text[p] == SPACE:
        p += 1
    close = _closing(text, p, line_stop)
    if close < 0:
        return -1, 0, -1
    r = close + 1  # ``[board] [cards]``, or ``[cards]`` alone
    if r < line_stop and text[r] == SPACE and _closing(text, r + 1, line_stop) >= 0:
        p = r + 1
    elif _closing(text, r, line_stop) >= 0:
        p = r
    count = _stars_cards(text, p, line_stop, hand_cards, 5)
    if count <= 0:
        return -1, 0, -1
    return 1, count, run


@kernel(inline=True)
def _closing(text: Bytes, at: int, stop: int) -> int:
    """The ``]`` closing a ``[`` at ``at``, or -1."""
    if at >= stop or text[at] != OPEN_BRACKET:
        return -1
    for q in range(at + 1, stop):
        if text[q] == CLOSE_BRACKET:
            return q
    return -1


@kernel()
def _ft_total(text: Bytes, first: int, line_stop: int, numbers: Ints, said: int) -> int:
    """A summary's ``Total pot $16 | Rake $0.80`` as Full Tilt's reader reads it (the total,
    then the rake after the first ``|``, no other fee counted): ``said`` with this line's bits
    (1 a total, 2 a rake), or -1 for an amount that reader refuses."""
    a = first + _TOTAL_POT.shape[0]
    b = a
    while b < line_stop and not _is_space(text[b]):
        b += 1
    if b == a:
        return said
    m, d, ok = _money(text, a, b)
    if not ok:
        return -1
    numbers[N_TOTAL_M], numbers[N_TOTAL_D] = m, d
    said |= 1
    bar = b
    while bar < line_stop and text[bar] != ord("|"):
        bar += 1
    if starts_with(text, bar, line_stop, _RAKE):
        a = bar + _RAKE.shape[0]
        b = a
        while b < line_stop and not _is_space(text[b]):
            b += 1
        if b > a:
            m, d, ok = _money(text, a, b)
            if not ok:
                return -1
            numbers[N_RAKE_M], numbers[N_RAKE_D] = m, d
            said |= 2
    return said


@kernel()
def _ft_summary_won(
    text: Bytes, first: int, line_stop: int, seats: Ints, listed: int
) -> tuple[int, int, int, int]:
    """A summary's seat line (``Seat 1: Ann (small blind) collected ($15.20)``) as Full Tilt's
    reader reads it: (1 a player's winnings, 0 none, -1 an amount it refuses; the seat listed,
    mantissa, decimals)."""
    q = first + _SEAT.shape[0]
    digits = q
    while q < line_stop and is_digit(text[q]):
        q += 1
    if q == digits or q - digits > 5 or not starts_with(text, q, line_stop, _AFTER_SEAT):
        return 0, 0, 0, 0
    rest = q + _AFTER_SEAT.shape[0]
    who = _pc_speaker(text, rest, line_stop, seats, listed)
    if who < 0:
        return 0, 0, 0, 0
    for p in range(rest, line_stop):  # the first ``collected (…)`` or ``won (…)``
        kind = word_at(text, p, line_stop, _WON_TEXT, _WON_LENGTH)
        if kind < 0:
            continue
        a = p + _WON_LENGTH[kind]
        b = a
        while b < line_stop and text[b] != CLOSE_PAREN:
            b += 1
        if b == a or b >= line_stop:
            continue
        m, d, ok = _money(text, a, b)
        if not ok:
            return -1, 0, 0, 0
        return 1, who, m, d
    return 0, 0, 0, 0


@kernel()
def _ft_wins(text: Bytes, words: int, words_stop: int) -> tuple[int, int, int]:
    """``wins the side pot #2 ($5.10) with …`` (``ties for the high pot (…)``) from its verb:
    (the pot, mantissa, decimals), the pot -1 where Full Tilt's reader refuses the line."""
    kind = word_at(text, words, words_stop, _WINS_TEXT, _WINS_LENGTH)
    if kind < 0:
        return -1, 0, 0
    q = words + _WINS_LENGTH[kind]
    half = word_at(text, q, words_stop, _HIGH_LOW_TEXT, _HIGH_LOW_LENGTH)
    if half >= 0:
        q += _HIGH_LOW_LENGTH[half]
    found = word_at(text, q, words_stop, _POTS_TEXT, _POTS_LENGTH)
    if found < 0:
        return -1, 0, 0
    q += _POTS_LENGTH[found]
    pot = 1 if found == _SIDE_POT else 0
    if starts_with(text, q, words_stop, _SIDE_NUMBER):
        r = q + _SIDE_NUMBER.shape[0]
        number = 0
        while r < words_stop and is_digit(text[r]) and r - q - 2 < 5:
            number = number * 10 + (text[r] - ZERO)
            r += 1
        if r == q + _SIDE_NUMBER.shape[0]:
            return -1, 0, 0
        if found == _SIDE_POT:
            pot = number
        q = r
    if q + 1 >= words_stop or text[q] != SPACE or text[q + 1] != OPEN_PAREN:
        return -1, 0, 0
    a = q + 2
    b = a
    while b < words_stop and text[b] != CLOSE_PAREN:
        b += 1
    if b == a or b >= words_stop:
        return -1, 0, 0
    m, d, ok = _money(text, a, b)
    if not ok or pot >= MAX_PLAYERS:
        return -1, 0, 0
    return pot, m, d


@kernel()
def _ft_play(
    text: Bytes, first: int, line_stop: int, seats: Ints, listed: int, hand_cards: Ints
) -> tuple[int, int, int, int, int, int, int]:
    """A line of play (``Player3 raises to $2``, ``Uncalled bet of $16 returned to Ann``,
    ``Dealt to Hero [Jc Qd]``), as :func:`~._stars_kernels._play_line` gives one, in the order
    Full Tilt's reader tries its words: a line naming no player, or a verb it does not read,
    passed by (chat, notices); one it reads otherwise than here (or refuses) ``LINE_BAD``."""
    if starts_with(text, first, line_stop, _DEALT_TO):
        a = first + _DEALT_TO.shape[0]
        who = -1
        longest = -1
        for seat in range(listed):  # the longest name followed by `` [``
            length = seats[S_NAME_STOP, seat] - seats[S_NAME_START, seat]
            q = a + length
            if length <= longest or q + 1 >= line_stop or text[q] != SPACE or text[q + 1] != OPEN_BRACKET:  # fmt: skip
                continue
            same = True
            for k in range(length):
                if text[a + k] != text[seats[S_NAME_START, seat] + k]:
                    same = False
                    break
            if same:
                who = seat
                longest = length
        if who < 0 or text[line_stop - 1] != CLOSE_BRACKET:
            return LINE_OTHER, 0, 0, 0, 0, 0, 0
        bracket = a + longest + 1
        for q in range(bracket + 1, line_stop - 1):
            if text[q] == OPEN_BRACKET or text[q] == CLOSE_BRACKET:
                return LINE_BAD, 0, 0, 0, 0, 0, 0  # stud's and the draw games' ``[…] […]``
        count = _stars_cards(text, bracket, line_stop, hand_cards, CARDS_ROOM)
        if count <= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count
    if starts_with(text, first, line_stop, _UNCALLED):
        a = first + _UNCALLED.shape[0]
        b = a
        while b < line_stop and not _is_space(text[b]):
            b += 1
        if b == a or not starts_with(text, b, line_stop, _RETURNED_TO):
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        who = _named(text, b + _RETURNED_TO.shape[0], line_stop, seats, listed)
        m, d, ok = _money(text, a, b)
        if who < 0 or not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_RETURNED, 0, who, m, d, 0, 0
    who = _pc_speaker(text, first, line_stop, seats, listed)
    if who < 0:
        return LINE_OTHER, 0, 0, 0, 0, 0, 0  # chat (``Ann: hi``), the table's notices
    words = first + seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
    words_stop = line_stop
    all_in = 0
    if words_stop - _ALL_IN.shape[0] >= words and starts_with(text, words_stop - _ALL_IN.shape[0], words_stop, _ALL_IN):  # fmt: skip
        all_in = 1
        words_stop -= _ALL_IN.shape[0]
        if words_stop > words and text[words_stop - 1] == COMMA:
            words_stop -= 1
    verb_stop = words
    while verb_stop < words_stop and text[verb_stop] != SPACE:
        verb_stop += 1
    verb = -1
    for w in range(_VERB_LENGTH.shape[0]):
        if _VERB_LENGTH[w] == verb_stop - words and starts_with(text, words, verb_stop, _VERB_TEXT[w, : _VERB_LENGTH[w]]):  # fmt: skip
            verb = w
            break
    if verb < 0 or verb in (V_DISCARDS, V_STANDS):
        return LINE_OTHER, 0, 0, 0, 0, 0, 0  # (a draw's words, in hold'em: passed by)
    rest = min(verb_stop + 1, words_stop)  # after the verb's space
    if verb in (V_POSTS, V_ANTES):
        post = word_at(text, words, words_stop, _POST_TEXT, _POST_LENGTH)
        if post < 0:
            return LINE_OTHER, 0, 0, 0, 0, 0, 0
        m, d, ok = _money(text, words + _POST_LENGTH[post], words_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_POST, _POST_KIND[post], who, m, d, 0, 0
    if verb == V_FOLDS:
        return LINE_ACTION, FOLD, who, -1, 0, 0, 0
    if verb == V_CHECKS:
        return LINE_ACTION, CHECK_CALL, who, 0, 0, 0, 0
    if verb == V_MUCKS:
        return LINE_ACTION, MUCK, who, -1, 0, 0, 0
    if verb in (V_CALLS, V_BETS):
        m, d, ok = _money(text, rest, words_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, CHECK_CALL if verb == V_CALLS else BET_RAISE, who, m, d, all_in, 0
    if verb == V_RAISES:
        if verb_stop == words_stop or not starts_with(text, rest, words_stop, _RAISES_TO):
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        m, d, ok = _money(text, rest + _RAISES_TO.shape[0], words_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, BET_RAISE, who, m, d, all_in, 0
    if verb == V_SHOWS:
        if verb_stop == words_stop or text[rest] != OPEN_BRACKET:
            return LINE_OTHER, 0, 0, 0, 0, 0, 0  # ``shows a pair of Tens``
        close = _closing(text, rest, words_stop)
        if close < 0:
            return LINE_OTHER, 0, 0, 0, 0, 0, 0
        count = _stars_cards(text, rest, close + 1, hand_cards, CARDS_ROOM)
        if count <= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, SHOW, who, -1, 0, 0, count
    if verb in (V_WINS, V_TIES):
        pot, m, d = _ft_wins(text, words, words_stop)
        if pot < 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_COLLECTED, 0, who, m, d, 0, pot
    return LINE_BAD, 0, 0, 0, 0, 0, 0  # stud's bring-in and its completion, in a board game


@kernel()
def _ft_lines(text: Bytes, at: int, end: int, reading: StarsReading) -> bool:
    """The lines after a Full Tilt hand's header, as Full Tilt's reader reads them (the
    sections, the summary's total, rake and seats' winnings, the seats, the players not dealt
    in, the button, the lines of play); whether read, not where the hand is left to that
    reader (a line it reads otherwise or refuses, a line ending in a space, no button line, no
    summary)."""
    seats, hand_cards = reading.seats, reading.hand_cards
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    listed = 0
    said = 0
    section = 0  # 0 seats, 1 actions, 2 summary
    button = -1
    taken = (0, 0, 0, 0)  # posts, actions, returned, collected: take_line's
    lines_at = at
    while at < end:
        first, line_stop, at, blank = next_line(text, at, end)
        if blank:
            continue
        if _is_space(text[line_stop - 1]):
            return False  # the reader's words end in spaces: its reading
        byte = text[first]
        if byte == _STAR and starts_with(text, first, line_stop, _SECTION):
            section, count, run = _ft_section(text, first, line_stop, hand_cards)
            if section < 0:
                return False
            if count == 0:
                continue
            line, kind, who, m, d, all_in = LINE_ACTION, DEAL_BOARD, -1, run, 0, 0  # (its run)
        else:
            if section == 2:
                if starts_with(text, first, line_stop, _TOTAL_POT):
                    said = _ft_total(text, first, line_stop, reading.numbers, said)
                    if said < 0:
                        return False
                elif starts_with(text, first, line_stop, _SEAT) and _ft_summary_won(text, first, line_stop, seats, listed)[0] < 0:  # fmt: skip
                    return False  # an amount the reader refuses, wins lines or none
                continue
            if section == 0 and starts_with(text, first, line_stop, _SEAT):
                listed = _ft_seat(text, first, line_stop, seats, listed)
                if listed < 0:
                    return False
                continue
            if section == 0 and line_stop - _IS_SITTING_OUT.shape[0] >= first and starts_with(text, line_stop - _IS_SITTING_OUT.shape[0], line_stop, _IS_SITTING_OUT):  # fmt: skip
                out = _named(text, first, line_stop - _IS_SITTING_OUT.shape[0], seats, listed)
                if out >= 0:
                    seats[S_OUT, out] = 1
                continue
            if starts_with(text, first, line_stop, _BUTTON):
                q = first + _BUTTON.shape[0]
                number = 0
                while q < line_stop and is_digit(text[q]):
                    number = number * 10 + (text[q] - ZERO)
                    q += 1
                if q == line_stop and 0 < q - first - _BUTTON.shape[0] <= 5:
                    button = number
                    continue
            line, kind, who, m, d, all_in, count = _ft_play(text, first, line_stop, seats, listed, hand_cards)  # fmt: skip
        if line == LINE_ACTION and taken[1] < MAX_ACTIONS:
            plays[A_LINE, taken[1]] = first  # the line's start: its number, for the log
        # one call for a street's cards and a line of play (take_line is inlined at each call)
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, count, 0))  # fmt: skip
        if taken[0] < 0:
            return False
    if section != 2 or listed == 0 or button < 0:
        return False
    if taken[3] == 0:  # no ``wins`` line: what the summary's seats say each won
        summary = False
        at = lines_at
        while at < end:
            first, line_stop, at, blank = next_line(text, at, end)
            if blank:
                continue
            if starts_with(text, first, line_stop, _SECTION):
                summary = starts_with(text, first, line_stop, _SUMMARY)
            elif summary and starts_with(text, first, line_stop, _SEAT):
                won, who, m, d = _ft_summary_won(text, first, line_stop, seats, listed)
                if won > 0:
                    taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_COLLECTED, 0, who, m, d, 0, 0, 0))  # fmt: skip
                    if taken[0] < 0:
                        return False
    lines_read(reading.tally, taken, listed, button, said)
    return True


@kernel(inline=True)
def ft_hand(
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
    """:func:`~._stars_kernels.stars_hand` for a Full Tilt hand: its header and lines read by
    the ``_ft_`` stages, its record as Full Tilt's reader keeps it (no bet returned written: no
    record of returned bets); its first stage, who was dealt in, the scale, the amounts and the
    antes' trimming PokerStars' (``hand_begun``, ``hand_units``, ``hand_read``): the players
    dealt in, -1 where the hand is left."""
    if not hand_begun(text, hand, start, end, number, ascii_text, facts):
        return -1
    stop, id_start, id_stop, game, betting = _ft_header(text, start, end, reading.numbers)
    if stop < 0:
        return -1
    if not _ft_lines(text, stop + 1, end, reading):
        return -1
    count, game, places = hand_units(reading, units, site, game, hand, facts)
    if count < 0:
        return -1
    _site_said(reading, units, said, count, places)
    if reading.tally[T_RETURNED] == 0:
        said[SAID_RETURNED] = 0
    hand_read(reading, units, count, places, game, betting, id_start, id_stop)
    return count


@kernel()
def ft_share(
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
    """:func:`~._stars_kernels.stars_share` for Full Tilt's hands (read by :func:`ft_hand`): a
    kernel of its own, as 888poker's (``_pacific_kernels.pc_share``), so that PokerStars' path
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
    has_won, has_finish = 1, 0
    no_bring_in = 0  # no stud read here
    for hand in range(worker, hands, threads):
        count = ft_hand(text, hand, starts[hand], stops[hand], first_hand + hand, sites[hand],
                        ascii_text, facts, reading, units, said)  # fmt: skip
        if count < 0:
            continue
        if not replaying:  # read_histories' log: the hand's actions, not its replay
            taken = hand_logged(hand, count, tally[T_TRIMMING], no_bring_in, starts[hand],
                                stops[hand], place, limit, reading, units, said, rows, log, marks)  # fmt: skip
            if taken >= 0:
                place += taken
            continue
        hand_input = HandInput(
            count, tally[T_GAME], tally[T_BETTING], tally[T_TRIMMING], tally[T_MIN_BET],
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
