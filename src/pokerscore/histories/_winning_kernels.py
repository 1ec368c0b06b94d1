"""The Winning Poker Network's hands read in a kernel (issue 29 §1): its 2019 layout
(``Hand #n - Holdem(No Limit) - $0.02/$0.05 - … UTC``, tournaments ``Game Hand #n - Tournament
#m - Omaha H/L(Pot Limit) - Level 1 (250.00/500.00)- …``), PokerStars' layout with words of its
own (the ``_stars_lines`` ``WN_`` words; the hands' reader is ``sites/winning.py``, whose every
rule these stages keep: what it refuses or might read otherwise, they leave to it). Each hand
read by :func:`wn_hand` (its header, :func:`_wn_header`; its lines, :func:`_wn_lines`, each
line of play by :func:`_wn_play` and kept by ``_stars_kernels.take_line``), its other stages,
its record (``_site_said``: Winning writes its returned bets, pots and total as PokerStars does)
and its facts PokerStars'; a thread's share, :func:`wn_share`, is a kernel of its own, compiled
only for a Winning file, as Winamax's is. Its hold'em and Omaha, hi/lo, cash and tournaments,
are read here; 6+ hold'em and stud are marked ``SLOW`` for Winning's reader, hand by hand, as is
any hand written otherwise than these stages take.

The 2016-19 layout (``Game started at:``, ``Game ID: 1001 0.50/1 (PRR) … (Hold'em)``, ``Player
X raises (3)``: every amount the chips a line adds) is read by stages of its own in the same
share (:func:`_wn_old_header`, :func:`_wn_old_lines`), as ``sites/winning.py``'s ``_Older``
reads it: the round's bets kept while reading (``_increments_kernels.round_bet``, its
``RoundBets``) make a raise the raise-to the replay takes and an all-in a call or a raise; the
hole cards, one a line, dealt where that reader deals them; the summary's ``Pot: … Rake … JP
fee …`` the total and rake, each player's ``Collects`` what was paid, the cards shown there
shown (or, mucked, dealt). Its hold'em and Omaha, hi/lo, cash and tournaments; 6+ hold'em and
any hand written otherwise are left to Winning's reader."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel
from pokerscore.histories import _stars_lines as lines
from pokerscore.histories._bytes import (
    APOSTROPHE,
    BYTE_ORDER_MARK,
    CLOSE_BRACKET,
    CLOSE_PAREN,
    COMMA,
    MINUS,
    OPEN_BRACKET,
    OPEN_PAREN,
    POINT,
    SLASH,
    SPACE,
    TAB,
    ZERO,
    ascii_bytes,
    find_word,
    is_digit,
    is_letter,
    line_end,
    starts_with,
    word_table,
)
from pokerscore.histories._increments_kernels import cents_written, in_cents, new_round, round_bet
from pokerscore.histories._layout import (
    BET_RAISE,
    CHECK_CALL,
    DEAL_BOARD,
    DEAL_HOLE,
    F_RUNS,
    FOLD,
    MAX_PLAYERS,
    MUCK,
    OK,
    SHORT_DECK,
    SHORT_DECK_SOT,
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
    SAID_RAKE,
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
    _DEALT_TO,
    _FROM,
    _HOLE_CARDS,
    _IS_THE_BUTTON,
    _PLAYED,
    _SEAT,
    _STARS,
    _SUMMARY,
    _TO,
    _TOTAL_POT,
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
    P_BOTH,
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
    same_names,
    take_line,
)
from pokerscore.histories.model import MAX_SEAT

WINNING_SITE: Final = lines.HEADERS.index(lines.WINNING[0])
"""The first of Winning's places in :data:`~._stars_lines.HEADERS` (its headers and lines
differ)."""
_WN_HAND: Final = ascii_bytes(lines.WINNING[0])
_WN_GAME_HAND: Final = ascii_bytes(lines.WINNING[1])
_WN_DASH: Final = ascii_bytes(" - ")
_WN_GAME_TEXT, _WN_GAME_LENGTH = word_table(tuple(lines.WN_GAMES))
_WN_GAME_CODE: Final = np.array(
    [_PLAYED.get(game, -1) for _, game in lines.WN_GAMES.values()], dtype=np.int64
)
"""The code of each of Winning's games (:data:`~._stars_lines.WN_GAMES`), -1 for those left to
Winning's reader (6+ hold'em, stud)."""
_WN_BETTING_TEXT, _WN_BETTING_LENGTH = word_table(tuple(lines.WN_BETTING))
_WN_BETTING_CODE: Final = np.array(
    [
        _BETTING_CODE[[betting for _, betting in lines.BETTING.values()].index(betting)]
        for _, betting in lines.WN_BETTING.values()
    ],
    dtype=np.int64,
)
_WN_LEVEL: Final = ascii_bytes(lines.WN_LEVEL)
_WN_TABLE: Final = ascii_bytes(lines.WN_TABLE)
_WN_MAIN_POT: Final = ascii_bytes(lines.WN_MAIN_POT)
_WN_POST_TEXT, _WN_POST_LENGTH = word_table(tuple(words for words, _ in lines.WN_POST_KINDS))
_WN_POST_KIND: Final = np.array(
    [
        {"ante": P_ANTE, "small": P_SMALL, "big": P_BIG, "both": P_BOTH}[kind]
        for _, kind in lines.WN_POST_KINDS
    ],
    dtype=np.int64,
)
_WN_PASSED_TEXT, _WN_PASSED_LENGTH = word_table(lines.WN_PASSED)
_WN_COLLECTED: Final = ascii_bytes(lines.WN_COLLECTED)
_WN_MAIN: Final = ascii_bytes(lines.WN_MAIN)
_WN_SIDE: Final = ascii_bytes(lines.WN_SIDE)
_WN_RAKE: Final = ascii_bytes(lines.WN_RAKE)
_WN_WON: Final = ascii_bytes(lines.WN_WON)
_WN_UNCALLED: Final = ascii_bytes(lines.UNCALLED)
_WN_UNCALLED_WORD: Final = ascii_bytes(lines.UNCALLED.rstrip(" ("))
_WN_RETURNED_TO: Final = ascii_bytes(lines.RETURNED_TO)
_WN_SHOW_DOWN: Final = ascii_bytes(lines.SECTION + lines.SHOW_DOWN)
_WN_STREET_TEXT, _WN_STREET_LENGTH = word_table(
    tuple(f"{lines.SECTION}{street}{lines.SECTION_END} " for street in lines.STREETS)
)
_POSTS_WORD: Final = ascii_bytes(lines.POSTS)
_FOLDS_WORD: Final = ascii_bytes(lines.FOLDS)
_CHECKS_WORD: Final = ascii_bytes(lines.CHECKS)
_CALLS_WORD: Final = ascii_bytes(lines.CALLS)
_BETS_WORD: Final = ascii_bytes(lines.BETS)
_RAISES_WORD: Final = ascii_bytes(lines.RAISES)
_SHOWS_WORD: Final = ascii_bytes(lines.SHOWS)
_DOLLAR: Final = ord("$")
_PLUS: Final = ord("+")
_REPLACEMENT_END: Final = 0xBD
"""The last byte of U+FFFD (and of other characters): a line ending in it is left to Winning's
reader, which strips the replacement character."""
_REPLACEMENT_START: Final = 0xEF
# what :func:`_wn_section` finds
WN_HOLE, WN_SUMMARY, WN_SHOW_DOWN, WN_STREET = range(1, 5)


@kernel()
def _wn_money(text: Bytes, at: int, stop: int) -> tuple[int, int, bool]:
    """An amount as Winning writes one (``$0.25``, ``30000.00``): a dollar sign or not, digits,
    a point and one or two decimals; anything else (commas, three decimals, which Winning's
    reader takes for thousands) not read here."""
    if at < stop and text[at] == _DOLLAR:
        at += 1
    point = -1
    for k in range(at, stop):
        if text[k] == POINT and point < 0:
            point = k
        elif not is_digit(text[k]):
            return 0, 0, False
    if point == at or (point >= 0 and not 1 <= stop - point - 1 <= 2):
        return 0, 0, False
    return _money(text, at, stop)


@kernel(inline=True)
def _wn_game_byte(byte: int) -> bool:
    """A byte of the header's game name as Winning's reader's expression takes it
    (``[A-Za-z0-9+/' ]``)."""
    return is_letter(byte) or is_digit(byte) or byte == _PLUS or byte == SLASH or byte == APOSTROPHE or byte == SPACE  # fmt: skip


@kernel()
def _wn_header(text: Bytes, start: int, end: int, numbers: Ints) -> tuple[int, int, int, int, int]:
    """A header of the 2019 layout, read where Winning's reader's expressions read it, as
    :func:`~._stars_kernels._read_header` gives one (its end, the hand id's span, game and
    betting; the stakes into ``numbers``); the end -1 where not read here: the game its reader
    finds is the name before the first ``(`` of the words after the number, the stakes the first
    ``a/b`` after the betting's ``)``, which these stages take only as ``- $0.02/$0.05 -`` or
    ``- Level 1 (250.00/500.00)``."""
    at = start
    if starts_with(text, at, end, BYTE_ORDER_MARK):
        at += 3
    stop = line_end(text, at, end)
    line_stop = stop
    while line_stop > at and text[line_stop - 1] == 13:
        line_stop -= 1
    if starts_with(text, at, line_stop, _WN_HAND):
        at += _WN_HAND.shape[0]
    elif starts_with(text, at, line_stop, _WN_GAME_HAND):
        at += _WN_GAME_HAND.shape[0]
    else:
        return -1, 0, 0, 0, 0  # the 2016-19 layout: Winning's reader
    id_start = at
    while at < line_stop and is_digit(text[at]):
        at += 1
    id_stop = at
    if id_stop == id_start or id_stop - id_start > 60:
        return -1, 0, 0, 0, 0
    if not starts_with(text, id_stop, line_stop, _WN_DASH):
        return -1, 0, 0, 0, 0
    rest = id_stop + _WN_DASH.shape[0]
    paren = rest
    while paren < line_stop and text[paren] != OPEN_PAREN:
        paren += 1
    if paren >= line_stop or paren == rest or not _wn_game_byte(text[paren - 1]):
        return -1, 0, 0, 0, 0
    betting = -1
    close = -1
    for b in range(_WN_BETTING_LENGTH.shape[0]):
        length = _WN_BETTING_LENGTH[b]
        after = paren + 1 + length
        if after < line_stop and text[after] == CLOSE_PAREN and starts_with(text, paren + 1, after, _WN_BETTING_TEXT[b, :length]):  # fmt: skip
            betting = _WN_BETTING_CODE[b]
            close = after
            break
    if betting < 0:
        return -1, 0, 0, 0, 0  # no betting after the first bracket: its reader looks further
    name_start = paren
    while name_start > rest and _wn_game_byte(text[name_start - 1]):
        name_start -= 1
    name_stop = paren
    while name_start < name_stop and text[name_start] == SPACE:
        name_start += 1
    while name_stop > name_start and text[name_stop - 1] == SPACE:
        name_stop -= 1
    game = -1
    for g in range(_WN_GAME_LENGTH.shape[0]):
        length = _WN_GAME_LENGTH[g]
        if length == name_stop - name_start and starts_with(text, name_start, name_stop, _WN_GAME_TEXT[g, :length]):  # fmt: skip
            game = _WN_GAME_CODE[g]
            break
    if game < 0:
        return -1, 0, 0, 0, 0
    q = close + 1
    if not starts_with(text, q, line_stop, _WN_DASH):
        return -1, 0, 0, 0, 0
    q += _WN_DASH.shape[0]
    if starts_with(text, q, line_stop, _WN_LEVEL):  # a tournament's ``Level 1 (250.00/500.00)``
        q += _WN_LEVEL.shape[0]
        digits = q
        while q < line_stop and is_digit(text[q]):
            q += 1
        if q == digits or q + 1 >= line_stop or text[q] != SPACE or text[q + 1] != OPEN_PAREN:
            return -1, 0, 0, 0, 0
        small = q + 2
        last = CLOSE_PAREN
    else:  # cash: ``$0.02/$0.05 -``
        small = q
        last = SPACE
    slash = small
    while slash < line_stop and text[slash] != SLASH and text[slash] != SPACE:
        slash += 1
    if slash >= line_stop or text[slash] != SLASH:
        return -1, 0, 0, 0, 0
    big_stop = slash + 1
    while big_stop < line_stop and text[big_stop] != last and text[big_stop] != SPACE:
        big_stop += 1
    if big_stop >= line_stop or text[big_stop] != last:
        return -1, 0, 0, 0, 0
    if last == SPACE and not starts_with(text, big_stop, line_stop, _WN_DASH):
        return -1, 0, 0, 0, 0
    m1, d1, ok1 = _wn_money(text, small, slash)
    m2, d2, ok2 = _wn_money(text, slash + 1, big_stop)
    if not (ok1 and ok2):
        return -1, 0, 0, 0, 0
    numbers[N_SB_M], numbers[N_SB_D] = m1, d1
    numbers[N_BB_M], numbers[N_BB_D] = m2, d2
    return stop, id_start, id_stop, game, betting


@kernel()
def _wn_button(text: Bytes, first: int, line_stop: int) -> int:
    """The button of a table line (``Table 'Gorham' 6-max Seat #1 is the button``) where
    Winning's reader finds it, the line's first ``Seat #n is the button``; -1 if none, or if
    ``Seat`` stands before it otherwise (its reader's ``Seat #?``: left to it)."""
    for k in range(first + _WN_TABLE.shape[0], line_stop):
        if not starts_with(text, k, line_stop, _SEAT):
            continue
        if not starts_with(text, k, line_stop, _BUTTON):
            return -1
        q = k + _BUTTON.shape[0]
        button = 0
        digits = 0
        while q < line_stop and is_digit(text[q]):
            button = button * 10 + (text[q] - ZERO)
            q += 1
            digits += 1
        if 0 < digits <= lines.SEAT_DIGITS and starts_with(text, q, line_stop, _IS_THE_BUTTON):
            return button
        return -1
    return -1


@kernel()
def _wn_seat(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> int:
    """A seat's line (``Seat 3: Ann B ($4.00)``: the name up to the last `` (``) into column
    ``listed`` of ``seats``: the seats listed now, or -1 for a line left to Winning's reader."""
    q = first + _SEAT.shape[0]
    seat = 0
    digits = 0
    while q < line_stop and is_digit(text[q]):
        seat = seat * 10 + (text[q] - ZERO)
        q += 1
        digits += 1
    if digits == 0 or digits > lines.SEAT_DIGITS or seat > MAX_SEAT or seat == 0:
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
    m, d, ok = _wn_money(text, paren + 1, line_stop - 1)
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
def _wn_section(text: Bytes, first: int, line_stop: int, hand_cards: Ints) -> tuple[int, int]:
    """A section's line: (``WN_…``, a street's new cards into ``hand_cards``, else 0), or -1
    for one left to Winning's reader: a street read as its expression reads it, ``*** FLOP ***
    [cards]`` or ``*** TURN *** [board] [cards]``, the last bracket's cards."""
    if starts_with(text, first, line_stop, _HOLE_CARDS):
        return WN_HOLE, 0
    if starts_with(text, first, line_stop, _SUMMARY):
        return WN_SUMMARY, 0
    if starts_with(text, first, line_stop, _WN_SHOW_DOWN):
        return WN_SHOW_DOWN, 0
    for street in range(_WN_STREET_LENGTH.shape[0]):
        length = _WN_STREET_LENGTH[street]
        if not starts_with(text, first, line_stop, _WN_STREET_TEXT[street, :length]):
            continue
        p = first + length
        if p >= line_stop or text[p] != OPEN_BRACKET or text[line_stop - 1] != CLOSE_BRACKET:
            return -1, 0
        q = p + 1
        while text[q] != CLOSE_BRACKET:
            q += 1
        last = p
        if q != line_stop - 1:
            if q + 2 >= line_stop or text[q + 1] != SPACE or text[q + 2] != OPEN_BRACKET:
                return -1, 0
            last = q + 2
            for k in range(last, line_stop - 1):
                if text[k] == CLOSE_BRACKET:
                    return -1, 0
        count = _stars_cards(text, last, line_stop, hand_cards, 5)
        if count <= 0:
            return -1, 0
        return WN_STREET, count
    return -1, 0


@kernel()
def _wn_total(text: Bytes, first: int, line_stop: int, numbers: Ints) -> int:
    """The summary's ``Total pot $2.22 | Rake $0.11`` (a tournament's without the rake): bit 1
    a total read, bit 2 a rake, into ``numbers``; -1 for a line left to Winning's reader."""
    a = first + _TOTAL_POT.shape[0]
    bar = find_word(text, a, line_stop, _WN_RAKE)
    total_stop = line_stop if bar < 0 else bar
    m, d, ok = _wn_money(text, a, total_stop)
    if not ok:
        return -1
    numbers[N_TOTAL_M], numbers[N_TOTAL_D] = m, d
    if bar < 0:
        return 1
    m, d, ok = _wn_money(text, bar + _WN_RAKE.shape[0], line_stop)
    if not ok:
        return -1
    numbers[N_RAKE_M], numbers[N_RAKE_D] = m, d
    return 3


@kernel()
def _wn_won(text: Bytes, first: int, line_stop: int) -> bool:
    """Whether a summary's seat line is one Winning's reader takes as these stages do: its
    ``… won $2.11 …`` (the first `` won ``'s amount, which that reader reads, and refuses the
    hand where it is not one) an amount, or no `` won `` in it."""
    won = find_word(text, first, line_stop, _WN_WON)
    if won < 0:
        return True
    a = won + _WN_WON.shape[0]
    b = a
    while b < line_stop and text[b] != SPACE and text[b] != TAB:
        b += 1
    _, _, ok = _wn_money(text, a, b)
    return ok


@kernel(inline=True)
def _wn_word(text: Bytes, at: int, stop: int, word: Bytes) -> bool:
    """Whether ``text[at:stop]`` is ``word``."""
    return stop - at == word.shape[0] and starts_with(text, at, stop, word)


@kernel()
def _wn_named_first(text: Bytes, at: int, stop: int, seats: Ints, names: int) -> int:
    """The seat with the longest name that starts ``text[at:stop]`` followed by a space (Winning's
    reader's ``line_player``), or -1."""
    best = -1
    best_length = 0
    for seat in range(names):
        length = seats[S_NAME_STOP, seat] - seats[S_NAME_START, seat]
        if length <= best_length or at + length >= stop or text[at + length] != SPACE:
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
def _wn_returned(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> tuple[int, int, int, int, int, int, int]:  # fmt: skip
    """``Uncalled bet ($2.90) returned to Hero``, as :func:`_wn_play` gives a line."""
    if not starts_with(text, first, line_stop, _WN_UNCALLED):
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    a = first + _WN_UNCALLED.shape[0]
    b = a
    while b < line_stop and text[b] != CLOSE_PAREN:
        b += 1
    if not starts_with(text, b, line_stop, _WN_RETURNED_TO):
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    m, d, ok = _wn_money(text, a, b)
    who = _named(text, b + _WN_RETURNED_TO.shape[0], line_stop, seats, listed)
    if not ok or who < 0:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    return LINE_RETURNED, 0, who, m, d, 0, 0


@kernel()
def _wn_dealt(
    text: Bytes, first: int, line_stop: int, seats: Ints, listed: int, hand_cards: Ints
) -> tuple[int, int, int, int, int, int, int]:
    """``Dealt to Hero [As Kd]`` after the hole cards' section, as :func:`_wn_play` gives a
    line: the player's cards in one bracket."""
    a = first + _DEALT_TO.shape[0]
    who = _wn_named_first(text, a, line_stop, seats, listed)
    if who < 0:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    bracket = a + seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
    if bracket >= line_stop or text[bracket] != OPEN_BRACKET or text[line_stop - 1] != CLOSE_BRACKET:  # fmt: skip
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    for q in range(bracket, line_stop - 1):
        if text[q] == CLOSE_BRACKET:
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # cards in more than one bracket
    count = _stars_cards(text, bracket, line_stop, hand_cards, CARDS_ROOM)
    if count <= 0:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    return LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count


@kernel()
def _wn_play(
    text: Bytes, first: int, line_stop: int, seats: Ints, listed: int, hand_cards: Ints
) -> tuple[int, int, int, int, int, int, int]:
    """A line of play (``Ann raises $0.15 to $0.15``: no colon after the name), as
    :func:`~._stars_kernels._play_line` gives one; every line Winning's reader does not take
    as one of these, or reads otherwise, ``LINE_BAD``."""
    who = _wn_named_first(text, first, line_stop, seats, listed)
    if who < 0:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    words = first + seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
    words_stop = line_stop
    all_in = 0
    if words_stop - words >= _ALL_IN.shape[0] and starts_with(text, words_stop - _ALL_IN.shape[0], words_stop, _ALL_IN):  # fmt: skip
        all_in = 1
        words_stop -= _ALL_IN.shape[0]
    verb_stop = words
    while verb_stop < words_stop and text[verb_stop] != SPACE:
        verb_stop += 1
    rest = min(verb_stop + 1, words_stop)
    if _wn_word(text, words, verb_stop, _POSTS_WORD):
        for post in range(_WN_POST_LENGTH.shape[0]):
            length = _WN_POST_LENGTH[post]
            if starts_with(text, rest, words_stop, _WN_POST_TEXT[post, :length]):
                m, d, ok = _wn_money(text, rest + length, words_stop)
                if not ok:
                    return LINE_BAD, 0, 0, 0, 0, 0, 0
                return LINE_POST, _WN_POST_KIND[post], who, m, d, 1, 0
        return LINE_BAD, 0, 0, 0, 0, 0, 0  # an unknown post: refused by Winning's reader
    if _wn_word(text, words, verb_stop, _FOLDS_WORD) and verb_stop == words_stop:
        return LINE_ACTION, FOLD, who, -1, 0, 0, 0
    if _wn_word(text, words, verb_stop, _CHECKS_WORD) and verb_stop == words_stop:
        return LINE_ACTION, CHECK_CALL, who, 0, 0, 0, 0
    if verb_stop < words_stop and (_wn_word(text, words, verb_stop, _CALLS_WORD) or _wn_word(text, words, verb_stop, _BETS_WORD)):  # fmt: skip
        m, d, ok = _wn_money(text, rest, words_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        kind = CHECK_CALL if text[words] == _CALLS_WORD[0] else BET_RAISE
        return LINE_ACTION, kind, who, m, d, all_in, 0
    if _wn_word(text, words, verb_stop, _RAISES_WORD):
        to = find_word(text, rest, words_stop, _TO)  # its reader's ``rest.partition(" to ")``
        if to < 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        m, d, ok = _wn_money(text, to + _TO.shape[0], words_stop)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, BET_RAISE, who, m, d, all_in, 0
    if _wn_word(text, words, verb_stop, _SHOWS_WORD):
        if rest >= words_stop or text[rest] != OPEN_BRACKET:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        count = _stars_cards(text, rest, words_stop, hand_cards, CARDS_ROOM)
        if count <= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_ACTION, SHOW, who, -1, 0, 0, count
    if _wn_word(text, words, verb_stop, _WN_COLLECTED):
        b = find_word(text, rest, words_stop, _FROM)
        if b < 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        m, d, ok = _wn_money(text, rest, b)
        if not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        where = b + _FROM.shape[0]
        if _wn_word(text, where, words_stop, _WN_MAIN):
            return LINE_COLLECTED, 0, who, m, d, 0, 0
        if not starts_with(text, where, words_stop, _WN_SIDE):
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        q = where + _WN_SIDE.shape[0]
        if q < words_stop and text[q] == MINUS:
            q += 1
        side = 0
        digits = 0
        while q < words_stop and is_digit(text[q]):
            side = side * 10 + (text[q] - ZERO)
            q += 1
            digits += 1
        if q != words_stop or digits == 0 or digits > 2 or side >= MAX_PLAYERS:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_COLLECTED, 0, who, m, d, 0, side
    for verb in range(_WN_PASSED_LENGTH.shape[0]):
        if _wn_word(text, words, verb_stop, _WN_PASSED_TEXT[verb, : _WN_PASSED_LENGTH[verb]]):
            return LINE_OTHER, 0, 0, 0, 0, 0, 0  # ``mucks``, ``does not show``: passed by
    return LINE_BAD, 0, 0, 0, 0, 0, 0


@kernel()
def _wn_lines(text: Bytes, at: int, end: int, reading: StarsReading) -> bool:
    """The lines after a hand's header, as Winning's reader reads them (its order of tests
    kept: ``Main pot`` passed by anywhere, the summary's total alone read, a section, the table's
    button, a seat before the hole cards, a returned bet, the hole cards after their section,
    else a player's line), into ``reading`` as :func:`~._stars_kernels._read_lines` reads
    PokerStars'; False where the hand is left to Winning's reader (no summary, no button, no
    pot collected, two seats of one name, any line it might read otherwise)."""
    seats, hand_cards = reading.seats, reading.hand_cards
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    listed = 0
    said = 0
    section = 0  # 0 before the hole cards, 1 the play, 2 the summary
    button = -1
    taken = (0, 0, 0, 0)  # posts, actions, returned, collected: take_line's
    marked, line_first = taken[1], at  # the actions taken, and their line's start
    while at < end:
        first, line_stop, at, blank = next_line(text, at, end)
        for q in range(marked, taken[1]):  # the last line's actions: its start, for the log
            plays[A_LINE, q] = line_first
        marked, line_first = taken[1], first
        if blank:
            continue
        head, tail = text[first], text[line_stop - 1]
        if head == SPACE or head == TAB or head == _REPLACEMENT_START or tail == SPACE or tail == TAB or tail == _REPLACEMENT_END:  # noqa: SIM109  # fmt: skip
            return False  # what Winning's reader strips from a line: left to it
        if starts_with(text, first, line_stop, _WN_MAIN_POT):
            continue
        if section == 2:
            if starts_with(text, first, line_stop, _TOTAL_POT):
                if said & 4:
                    return False  # two totals: Winning's reader keeps the last
                found = _wn_total(text, first, line_stop, reading.numbers)
                if found < 0:
                    return False
                said = found | 4
            elif starts_with(text, first, line_stop, _SEAT) and not _wn_won(text, first, line_stop):
                return False
            continue
        if starts_with(text, first, line_stop, _STARS):
            found, count = _wn_section(text, first, line_stop, hand_cards)
            if found < 0:
                return False
            if found == WN_HOLE:
                if section != 0:
                    return False
                section = 1
                continue
            if found == WN_SUMMARY:
                section = 2
                continue
            if found == WN_SHOW_DOWN:
                continue
            if section != 1:
                return False  # a street before the hole cards
            line, kind, who, m, d, all_in = LINE_ACTION, DEAL_BOARD, -1, -1, 0, 0
        elif starts_with(text, first, line_stop, _WN_TABLE):
            if button >= 0:
                return False  # a second table line: Winning's reader keeps the last
            button = _wn_button(text, first, line_stop)
            if button < 0:
                return False
            continue
        elif starts_with(text, first, line_stop, _SEAT):
            if section != 0:
                return False
            listed = _wn_seat(text, first, line_stop, seats, listed)
            if listed < 0:
                return False
            continue
        elif starts_with(text, first, line_stop, _WN_UNCALLED_WORD):
            line, kind, who, m, d, all_in, count = _wn_returned(text, first, line_stop, seats, listed)  # fmt: skip
        elif starts_with(text, first, line_stop, _DEALT_TO):
            if section == 0:
                continue  # the one card each is dealt for the button: not the deal
            line, kind, who, m, d, all_in, count = _wn_dealt(text, first, line_stop, seats, listed, hand_cards)  # fmt: skip
        else:
            line, kind, who, m, d, all_in, count = _wn_play(text, first, line_stop, seats, listed, hand_cards)  # fmt: skip
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, count, 0))  # fmt: skip
        if taken[0] < 0:
            return False
    for q in range(marked, taken[1]):  # the last line's actions
        plays[A_LINE, q] = line_first
    if same_names(text, seats, listed):
        return False  # two seats of one name: Winning's reader's names are a set
    lines_read(reading.tally, taken, listed, button, said)
    return section == 2 and button >= 0 and taken[3] > 0 and (said & 4) != 0


# the 2016-19 layout's words (``_stars_lines.WN_OLD_…``)
_WN_OLD_STARTED: Final = ascii_bytes(lines.WN_OLD_STARTED)
_WN_OLD_GAME_ID: Final = ascii_bytes(lines.WN_OLD_GAME_ID)
_WN_OLD_ENDED: Final = ascii_bytes(lines.WN_OLD_ENDED)
_WN_OLD_GAME_TEXT, _WN_OLD_GAME_LENGTH = word_table(tuple(lines.WN_OLD_GAMES))
_WN_OLD_GAME_CODE: Final = np.array(
    [
        -1 if game == "short-deck" else _PLAYED.get(game, -1)
        for _, game, _ in lines.WN_OLD_GAMES.values()
    ],
    dtype=np.int64,
)
"""The code of each game of the ``Game ID:`` line, -1 for 6+ hold'em (Winning's reader)."""
_BETTING_NAMES: Final = [betting for _, betting in lines.BETTING.values()]
_WN_OLD_BETTING_CODE: Final = np.array(
    [_BETTING_CODE[_BETTING_NAMES.index(betting)] for *_, betting in lines.WN_OLD_GAMES.values()],
    dtype=np.int64,
)
_WN_OLD_CAP: Final = ascii_bytes(lines.WN_OLD_CAP.strip(" -"))
_WN_OLD_PLAYER: Final = ascii_bytes(lines.WN_OLD_PLAYER)
_WN_OLD_RECEIVED: Final = ascii_bytes(lines.WN_OLD_RECEIVED)
_WN_OLD_MUCKS: Final = ascii_bytes(lines.WN_OLD_MUCKS)
_WN_OLD_SITTING_OUT: Final = ascii_bytes(lines.WN_OLD_SITTING_OUT)
_WN_OLD_PASSED_TEXT, _WN_OLD_PASSED_LENGTH = word_table(lines.WN_OLD_PASSED)
_WN_OLD_POST_TEXT, _WN_OLD_POST_LENGTH = word_table(tuple(words for words, _ in lines.WN_OLD_POSTS))
_WN_OLD_POST_KIND: Final = np.array(
    [
        {"ante": P_ANTE, "small": P_SMALL, "big": P_BIG, "both": P_BOTH}[kind]
        for _, kind in lines.WN_OLD_POSTS
    ],
    dtype=np.int64,
)
_WN_OLD_VERB_TEXT, _WN_OLD_VERB_LENGTH = word_table(tuple(lines.WN_OLD_VERBS))
_WN_OLD_VERB_DOES: Final = np.array(
    [
        ("fold", "check", "call", "bet", "raise", "all-in").index(does)
        for does in lines.WN_OLD_VERBS.values()
    ],
    dtype=np.int64,
)
"""What each verb does: 0 fold, 1 check, 2 call, 3 bet, 4 raise, 5 all-in."""
_WN_OLD_BUTTON: Final = ascii_bytes(lines.WN_OLD_BUTTON)
_WN_OLD_SUMMARY: Final = ascii_bytes(lines.WN_OLD_SUMMARY)
_WN_OLD_POT: Final = ascii_bytes(lines.WN_OLD_POT)
_WN_OLD_RAKE: Final = ascii_bytes(lines.WN_OLD_RAKE)
_WN_OLD_JP_FEE: Final = ascii_bytes(lines.WN_OLD_JP_FEE)
_WN_OLD_BOARD: Final = ascii_bytes(lines.WN_OLD_BOARD)
_WN_OLD_BETS: Final = ascii_bytes(lines.WN_OLD_BETS)
_WN_OLD_COLLECTS: Final = ascii_bytes(lines.WN_OLD_COLLECTS)
_WN_OLD_SHOWS: Final = ascii_bytes(lines.WN_OLD_SHOWS)
_WN_OLD_STREET_TEXT, _WN_OLD_STREET_LENGTH = word_table(
    tuple(f"{lines.SECTION}{street}{lines.SECTION_END}" for street in lines.STREETS)
)
_STAR: Final = ord("*")
_COLON: Final = ord(":")
_HASH: Final = ord("#")


@kernel(inline=True)
def _wn_amount_byte(byte: int) -> bool:
    """A byte of Winning's reader's ``[0-9.,]``."""
    if byte == POINT:
        return True
    return is_digit(byte) or byte == COMMA


@kernel()
def _wn_old_header(text: Bytes, start: int, end: int, numbers: Ints) -> tuple[int, int, int, int, int]:  # fmt: skip
    """A hand of the 2016-19 layout's first two lines, ``Game started at: …`` and ``Game ID:
    1001 0.50/1 (PRR) Fixture (Short) - 2 (Hold'em)`` (blank lines between them passed by),
    read as Winning's reader's ``_GAME_ID`` reads the second (the game in the last brackets,
    the stakes ``a/b`` after the id), as :func:`_wn_header` gives one; the end -1 where not
    read here (a game it does not take, 6+ hold'em, a capped table, stakes written otherwise,
    another line before the ``Game ID:`` line)."""
    at = start
    if starts_with(text, at, end, BYTE_ORDER_MARK):
        at += 3
    if not starts_with(text, at, end, _WN_OLD_STARTED):
        return -1, 0, 0, 0, 0
    at = line_end(text, at, end) + 1
    blank = True
    line_stop = at
    after = at
    while blank and at < end:  # the blank lines between (a UTF-16 file's, as decoded)
        at, line_stop, after, blank = next_line(text, at, end)
        if blank:
            at = after
    if blank or not starts_with(text, at, line_stop, _WN_OLD_GAME_ID):
        return -1, 0, 0, 0, 0
    id_start = at + _WN_OLD_GAME_ID.shape[0]
    q = id_start
    while q < line_stop and is_digit(text[q]):
        q += 1
    id_stop = q
    if id_stop == id_start or id_stop - id_start > 60 or q >= line_stop or text[q] != SPACE:
        return -1, 0, 0, 0, 0
    small = q + 1
    q = small
    while q < line_stop and _wn_amount_byte(text[q]):
        q += 1
    slash = q
    if slash == small or slash >= line_stop or text[slash] != SLASH:
        return -1, 0, 0, 0, 0
    q = slash + 1
    while q < line_stop and _wn_amount_byte(text[q]):
        q += 1
    big_stop = q
    if big_stop == slash + 1 or big_stop >= line_stop or text[big_stop] != SPACE:
        return -1, 0, 0, 0, 0
    table = big_stop + 1
    if line_stop - 1 <= table or text[line_stop - 1] != CLOSE_PAREN:
        return -1, 0, 0, 0, 0
    paren = line_stop - 2
    while paren >= table and text[paren] != OPEN_PAREN:
        if text[paren] == CLOSE_PAREN:
            return -1, 0, 0, 0, 0
        paren -= 1
    if paren < table:
        return -1, 0, 0, 0, 0
    name_start = paren + 1
    name_stop = line_stop - 1
    while name_start < name_stop and text[name_start] == SPACE:
        name_start += 1
    while name_stop > name_start and text[name_stop - 1] == SPACE:
        name_stop -= 1
    game = -1
    betting = -1
    for g in range(_WN_OLD_GAME_LENGTH.shape[0]):
        length = _WN_OLD_GAME_LENGTH[g]
        if length == name_stop - name_start and starts_with(text, name_start, name_stop, _WN_OLD_GAME_TEXT[g, :length]):  # fmt: skip
            game = _WN_OLD_GAME_CODE[g]
            betting = _WN_OLD_BETTING_CODE[g]
            break
    if game < 0:
        return -1, 0, 0, 0, 0
    if find_word(text, table, paren, _WN_OLD_CAP) >= 0:
        return -1, 0, 0, 0, 0  # a capped table: refused by Winning's reader
    m1, d1, ok1 = _wn_money(text, small, slash)
    m2, d2, ok2 = _wn_money(text, slash + 1, big_stop)
    if not (ok1 and ok2):
        return -1, 0, 0, 0, 0
    numbers[N_SB_M], numbers[N_SB_D] = m1, d1
    numbers[N_BB_M], numbers[N_BB_D] = m2, d2
    return after - 1, id_start, id_stop, game, betting


@kernel()
def _wn_old_button(text: Bytes, first: int, line_stop: int) -> int:
    """``Seat 2 is the button`` (the whole line): the button, or -1 for another line."""
    q = first + _SEAT.shape[0]
    if q < line_stop and text[q] == _HASH:
        q += 1
    button = 0
    digits = 0
    while q < line_stop and is_digit(text[q]):
        button = button * 10 + (text[q] - ZERO)
        q += 1
        digits += 1
    if digits == 0 or digits > lines.SEAT_DIGITS:
        return -1
    if q + _WN_OLD_BUTTON.shape[0] != line_stop or not starts_with(text, q, line_stop, _WN_OLD_BUTTON):  # fmt: skip
        return -1
    return button


@kernel()
def _wn_old_street(text: Bytes, first: int, line_stop: int, hand_cards: Ints) -> int:
    """A street's line, ``*** FLOP ***: [2c 7d Jh]`` or ``*** TURN ***: [2c 7d Jh] [9s]``, as
    Winning's reader's ``_STREET`` reads it (the last bracket's cards into ``hand_cards``): how
    many, or -1 for a line left to it."""
    for street in range(_WN_OLD_STREET_LENGTH.shape[0]):
        length = _WN_OLD_STREET_LENGTH[street]
        if not starts_with(text, first, line_stop, _WN_OLD_STREET_TEXT[street, :length]):
            continue
        p = first + length
        if p < line_stop and text[p] == _COLON:
            p += 1
        if p + 1 >= line_stop or text[p] != SPACE:
            return -1
        p += 1
        if text[p] != OPEN_BRACKET or text[line_stop - 1] != CLOSE_BRACKET:
            return -1
        q = p + 1
        while text[q] != CLOSE_BRACKET:
            q += 1
        last = p
        if q != line_stop - 1:
            if q + 2 >= line_stop or text[q + 1] != SPACE or text[q + 2] != OPEN_BRACKET:
                return -1
            last = q + 2
            for k in range(last, line_stop - 1):
                if text[k] == CLOSE_BRACKET:
                    return -1
        count = _stars_cards(text, last, line_stop, hand_cards, 5)
        return count if count > 0 else -1
    return -1


@kernel()
def _wn_old_number(text: Bytes, at: int, stop: int) -> int:
    """The end of Winning's reader's ``_NUMBER`` at ``at`` (``[0-9][0-9,]*(?:\\.[0-9]+)?``),
    or -1 where none starts there."""
    if at >= stop or not is_digit(text[at]):
        return -1
    q = at + 1
    while q < stop and (is_digit(text[q]) or text[q] == COMMA):
        q += 1
    if q + 1 < stop and text[q] == POINT and is_digit(text[q + 1]):
        q += 2
        while q < stop and is_digit(text[q]):
            q += 1
    return q


@kernel()
def _wn_old_pot(text: Bytes, first: int, line_stop: int, numbers: Ints) -> int:
    """The summary's ``Pot: 100.25. Rake 1.51. JP fee 0.24`` (the whole line): the total (pot,
    rake and fee) and the rake (rake and fee) into ``numbers``, 3; -1 for a line left to
    Winning's reader."""
    a = first + _WN_OLD_POT.shape[0]
    b = _wn_old_number(text, a, line_stop)
    if b < 0:
        return -1
    pot_m, pot_d, ok = _wn_money(text, a, b)
    if not ok:
        return -1
    q = b + 1 if b < line_stop and text[b] == POINT else b
    rake = 0
    rake_d = 0
    if starts_with(text, q, line_stop, _WN_OLD_RAKE):
        a = q + _WN_OLD_RAKE.shape[0]
        b = _wn_old_number(text, a, line_stop)
        if b < 0:
            return -1
        m, d, ok = _wn_money(text, a, b)
        if not ok:
            return -1
        rake, rake_d = in_cents(m, d), d
        q = b + 1 if b < line_stop and text[b] == POINT else b
    if starts_with(text, q, line_stop, _WN_OLD_JP_FEE):
        a = q + _WN_OLD_JP_FEE.shape[0]
        b = _wn_old_number(text, a, line_stop)
        if b < 0:
            return -1
        m, d, ok = _wn_money(text, a, b)
        if not ok:
            return -1
        rake += in_cents(m, d)
        rake_d = max(rake_d, d)
        q = b
    if q != line_stop:
        return -1
    total_d = max(pot_d, rake_d)
    numbers[N_TOTAL_M], numbers[N_TOTAL_D] = cents_written(in_cents(pot_m, pot_d) + rake, total_d)
    numbers[N_RAKE_M], numbers[N_RAKE_D] = cents_written(rake, rake_d)
    return 3


@kernel()
def _wn_old_run(text: Bytes, at: int, stop: int) -> int:
    """The end of a run of ``[0-9.,]`` at ``at`` that ends with a point (Winning's reader's
    ``([0-9.,]+)\\.``, the point after the amount), the point's place; -1 otherwise."""
    q = at
    while q < stop and _wn_amount_byte(text[q]):
        q += 1
    if q - at < 2 or text[q - 1] != POINT:
        return -1
    return q - 1


@kernel()
def _wn_take(
    seats: Ints, posts: Ints, settled: Ints, plays: Ints, cards: npt.NDArray[np.int64],
    hand_cards: Ints, taken: tuple[int, int, int, int], said_line: SaidLine,
) -> tuple[int, int, int, int]:  # fmt: skip
    """:func:`~._stars_kernels.take_line` called, not inlined: the 2016-19 stages keep lines
    at a dozen places, and each inlined copy of it added to the share's compile."""
    return take_line(seats, posts, settled, plays, cards, hand_cards, taken, said_line)


@kernel()
def _wn_old_holes(
    holes: Ints, held: int, holder: int, dealt: int, reading: StarsReading,
    taken: tuple[int, int, int, int],
) -> tuple[tuple[int, int, int, int], int]:  # fmt: skip
    """The ``held`` hole cards received so far (at least one) dealt to seat line ``holder``
    (Winning's reader's ``_flush_holes``, before a line of play, a street or the summary), as
    :func:`~._stars_kernels.take_line` keeps a line: (``taken`` with it counted, the posts -1
    where the hand is left; ``dealt`` with the holder's bit)."""
    hand_cards = reading.hand_cards
    for k in range(held):
        hand_cards[k] = holes[k]
    taken = _wn_take(reading.seats, reading.posts, reading.settled, reading.plays, reading.cards, hand_cards, taken, SaidLine(LINE_ACTION, DEAL_HOLE, holder, -1, 0, 0, held, 0))  # fmt: skip
    return taken, dealt | (1 << holder)


@kernel()
def _wn_old_received(
    text: Bytes, bracket: int, line_stop: int, hand_cards: Ints, holes: Ints, held: int
) -> int:
    """A ``Player X received card: [Ah]`` line's cards from ``bracket`` (one bracket, the
    line's end) appended to the ``held`` hole cards received so far: how many, -1 where the
    hand is left to Winning's reader."""
    for k in range(bracket, line_stop - 1):
        if text[k] == CLOSE_BRACKET:
            return -1
    if text[line_stop - 1] != CLOSE_BRACKET:
        return -1
    count = _stars_cards(text, bracket, line_stop, hand_cards, np.int64(CARDS_ROOM - held))  # type: ignore[arg-type]  # fmt: skip
    if count <= 0:
        return -1
    for k in range(count):
        holes[held + k] = hand_cards[k]
    return count


@kernel()
def _wn_old_play(
    text: Bytes, words: int, line_stop: int, who: int, listed: int, units: Ints, big: int,
    big_d: int,
) -> tuple[int, int, int, int, int]:  # fmt: skip
    """A ``Player X`` line's words after the name (at ``words``), but a card received, as
    Winning's reader's ``_Older`` tests them (a muck, the words it passes by, a post, a verb):
    (its ``LINE_…``, the kind, the amount's mantissa and decimals, all in or a post's being
    live), ``LINE_BAD`` where the hand is left to that reader, ``LINE_OTHER`` for a line passed
    by (the kind 1 where it says the player sits out). A post or a verb's amount is added to
    the round's bets in ``units`` (a post of both blinds: the big blind ``big`` cents, written
    with ``big_d`` decimals, live, the rest dead), a verb's increment made a raise-to, or an
    all-in a call or a raise."""
    if _wn_word(text, words, line_stop, _WN_OLD_MUCKS):
        return LINE_ACTION, MUCK, -1, 0, 0
    for verb in range(_WN_OLD_PASSED_LENGTH.shape[0]):
        if _wn_word(text, words, line_stop, _WN_OLD_PASSED_TEXT[verb, : _WN_OLD_PASSED_LENGTH[verb]]):  # fmt: skip
            return LINE_OTHER, 1 if _wn_word(text, words, line_stop, _WN_OLD_SITTING_OUT) else 0, 0, 0, 0  # fmt: skip
    for post in range(_WN_OLD_POST_LENGTH.shape[0]):
        if starts_with(text, words, line_stop, _WN_OLD_POST_TEXT[post, : _WN_OLD_POST_LENGTH[post]]):  # fmt: skip
            a = words + _WN_OLD_POST_LENGTH[post]
            if a + 2 >= line_stop or text[a] != SPACE or text[a + 1] != OPEN_PAREN or text[line_stop - 1] != CLOSE_PAREN:  # fmt: skip
                return LINE_BAD, 0, 0, 0, 0
            m, d, ok = _wn_money(text, a + 2, line_stop - 1)
            if not ok:
                return LINE_BAD, 0, 0, 0, 0
            kind = _WN_OLD_POST_KIND[post]
            if kind == P_BOTH:  # the big blind live, the rest dead
                cents = in_cents(m, d)
                if cents <= big:
                    round_bet(units, listed, who, cents, d, True)
                else:
                    round_bet(units, listed, who, big, big_d, True)
            elif kind != P_ANTE:
                round_bet(units, listed, who, in_cents(m, d), d, True)
            return LINE_POST, kind, m, d, 1
    verb_stop = words
    while verb_stop < line_stop and text[verb_stop] != SPACE:
        verb_stop += 1
    does = -1
    for v in range(_WN_OLD_VERB_LENGTH.shape[0]):
        if _wn_word(text, words, verb_stop, _WN_OLD_VERB_TEXT[v, : _WN_OLD_VERB_LENGTH[v]]):
            does = _WN_OLD_VERB_DOES[v]
            break
    if does < 0:
        return LINE_BAD, 0, 0, 0, 0
    if does <= 1:
        if verb_stop != line_stop:
            return LINE_BAD, 0, 0, 0, 0  # an amount after a fold or a check: left to its reader
        return LINE_ACTION, FOLD if does == 0 else CHECK_CALL, -1 if does == 0 else 0, 0, 0
    if verb_stop + 2 >= line_stop or text[verb_stop + 1] != OPEN_PAREN or text[line_stop - 1] != CLOSE_PAREN:  # fmt: skip
        return LINE_BAD, 0, 0, 0, 0
    m, d, ok = _wn_money(text, verb_stop + 2, line_stop - 1)
    if not ok:
        return LINE_BAD, 0, 0, 0, 0
    top, total, total_d = round_bet(units, listed, who, in_cents(m, d), d, True)
    all_in = 1 if does == 5 else 0
    if does == 2 or (does == 5 and total <= top):
        return LINE_ACTION, CHECK_CALL, m, d, all_in
    m, d = cents_written(total, total_d)
    return LINE_ACTION, BET_RAISE, m, d, all_in


@kernel()
def _wn_old_collects(
    text: Bytes, first: int, line_stop: int, seats: Ints, listed: int, hand_cards: Ints
) -> tuple[int, int, int, int, int]:
    """A summary's player line (``*Player X shows: [..] Bets: 2. Collects: 3.50. Wins: ..``,
    the stars of the winner before it): (the seat line, -1 where the hand is left to Winning's
    reader; 0 no cards, 1 cards shown, 2 cards mucked and known; how many, in ``hand_cards``;
    what the player collected, mantissa and decimals)."""
    failed = (-1, 0, 0, 0, 0)
    rest = first
    while rest < line_stop and text[rest] == _STAR:
        rest += 1
    if not starts_with(text, rest, line_stop, _WN_OLD_PLAYER):
        return failed
    name = rest + _WN_OLD_PLAYER.shape[0]
    who = _wn_named_first(text, name, line_stop, seats, listed)
    if who < 0:
        return failed
    words = name + seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
    paid = find_word(text, words, line_stop, _WN_OLD_BETS)
    if paid < 0:
        return failed
    bets_point = _wn_old_run(text, paid + _WN_OLD_BETS.shape[0], line_stop)
    if bets_point < 0 or not starts_with(text, bets_point + 1, line_stop, _WN_OLD_COLLECTS):
        return failed
    collects = bets_point + 1 + _WN_OLD_COLLECTS.shape[0]
    collects_point = _wn_old_run(text, collects, line_stop)
    if collects_point < 0:
        return failed
    m, d, ok = _wn_money(text, collects, collects_point)
    if not ok:
        return failed
    bracket = words
    while bracket < paid and text[bracket] != OPEN_BRACKET:
        bracket += 1
    if bracket == paid:
        return who, 0, 0, m, d
    close = bracket + 1  # cards shown, or mucked and known
    while close < paid and text[close] != CLOSE_BRACKET:
        close += 1
    if close >= paid or close == bracket + 1:
        return failed
    count = _stars_cards(text, bracket, close + 1, hand_cards, CARDS_ROOM)
    if count <= 0:
        return failed
    return who, 1 if starts_with(text, words, paid, _WN_OLD_SHOWS) else 2, count, m, d


@kernel()
def _wn_old_lines(text: Bytes, at: int, end: int, reading: StarsReading, units: Ints) -> bool:
    """The lines of a 2016-19 hand after its ``Game ID:`` line, as Winning's reader's
    ``_Older`` reads them (its order of tests kept; a ``Player X`` line's words
    :func:`_wn_old_play`'s; the hole cards, one a line, dealt where that reader deals them,
    :func:`_wn_old_holes`; the summary's pot and players' lines, :func:`_wn_old_collects`), into
    ``reading`` as :func:`_wn_lines` reads the 2019 layout's; False where the hand is left to
    Winning's reader (no summary, button, pot line or pot collected; two seats of one name; a
    seat after the play began; hole cards for two players at once; any line it might read
    otherwise)."""
    seats, hand_cards, numbers = reading.seats, reading.hand_cards, reading.numbers
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    listed = 0
    said = 0
    section = 0  # 0 before the play, 1 the play, 2 the summary
    button = -1
    taken = (0, 0, 0, 0)  # posts, actions, returned, collected: take_line's
    holes = np.empty(CARDS_ROOM, dtype=np.int64)
    held, holder, dealt = 0, -1, 0  # the hole cards received, whose; a bit a seat
    # line: hole cards dealt
    big = in_cents(numbers[N_BB_M], numbers[N_BB_D])
    new_round(units, MAX_SEATS)
    marked, line_first = taken[1], at  # the actions taken, and their line's start
    while at < end:
        first, line_stop, at, blank = next_line(text, at, end)
        for q in range(marked, taken[1]):  # the last line's actions: its start, for the log
            plays[A_LINE, q] = line_first
        marked, line_first = taken[1], first
        if blank:
            continue
        head, tail = text[first], text[line_stop - 1]
        if head == SPACE or head == TAB or head == _REPLACEMENT_START or tail == SPACE or tail == TAB or tail == _REPLACEMENT_END:  # noqa: SIM109  # fmt: skip
            return False  # what Winning's reader strips from a line: left to it
        if starts_with(text, first, line_stop, _WN_OLD_ENDED):
            continue
        if section < 2 and starts_with(text, first, line_stop, _WN_OLD_PLAYER):
            name = first + _WN_OLD_PLAYER.shape[0]
            who = _wn_named_first(text, name, line_stop, seats, listed)
            if who < 0:
                return False
            words = name + seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
            if starts_with(text, words, line_stop, _WN_OLD_RECEIVED):
                if holder >= 0 and holder != who:
                    return False
                count = _wn_old_received(text, words + _WN_OLD_RECEIVED.shape[0] - 1, line_stop, hand_cards, holes, held)  # fmt: skip
                if count < 0:
                    return False
                held += count
                holder = who
                continue
            line, kind, m, d, all_in = _wn_old_play(text, words, line_stop, who, listed, units, big, numbers[N_BB_D])  # fmt: skip
            if line == LINE_BAD:
                return False
            if line == LINE_OTHER:
                if kind and taken[1] == 0:
                    seats[S_OUT, who] = 1
                continue
            if line != LINE_POST and kind != MUCK and held > 0:
                taken, dealt = _wn_old_holes(holes, held, holder, dealt, reading, taken)
                held, holder = 0, -1
                if taken[0] < 0:
                    return False
            if kind != MUCK or line == LINE_POST:
                section = 1
            taken = _wn_take(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, 0, 0))  # fmt: skip
            if taken[0] < 0:
                return False
            continue
        if starts_with(text, first, line_stop, _WN_OLD_GAME_ID):
            return False  # a second header: Winning's reader keeps the last
        if starts_with(text, first, line_stop, _SEAT):
            if section != 0 or held > 0:
                return False  # a seat after the play began (or in the summary)
            found = _wn_old_button(text, first, line_stop)
            if found >= 0:
                if button >= 0:
                    return False  # a second button: Winning's reader keeps the last
                button = found
                continue
            seat_stop = line_stop - 1 if text[line_stop - 1] == POINT else line_stop
            listed = _wn_seat(text, first, seat_stop, seats, listed)
            if listed < 0:
                return False
            continue
        street = starts_with(text, first, line_stop, _STARS)
        if street or starts_with(text, first, line_stop, _WN_OLD_SUMMARY):
            if section == 2:
                return False
            if held > 0:  # the hole cards received dealt before a street or the summary
                taken, dealt = _wn_old_holes(holes, held, holder, dealt, reading, taken)
                held, holder = 0, -1
                if taken[0] < 0:
                    return False
            if not street:
                section = 2
                continue
            count = _wn_old_street(text, first, line_stop, hand_cards)
            if count < 0:
                return False
            new_round(units, listed)
            section = 1
            taken = _wn_take(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_ACTION, DEAL_BOARD, -1, -1, 0, 0, count, 0))  # fmt: skip
            if taken[0] < 0:
                return False
            continue
        if starts_with(text, first, line_stop, _WN_UNCALLED_WORD):
            line, kind, who, m, d, all_in, count = _wn_returned(text, first, line_stop, seats, listed)  # fmt: skip
            taken = _wn_take(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, count, 0))  # fmt: skip
            if taken[0] < 0:
                return False
            continue
        if section != 2:
            return False
        # the summary
        if starts_with(text, first, line_stop, _WN_OLD_POT):
            if said != 0:
                return False  # two pot lines: Winning's reader keeps the last
            said = _wn_old_pot(text, first, line_stop, numbers)
            if said < 0:
                return False
            continue
        if starts_with(text, first, line_stop, _WN_OLD_BOARD):
            continue
        who, shown, count, m, d = _wn_old_collects(text, first, line_stop, seats, listed, hand_cards)  # fmt: skip
        if who < 0:
            return False
        if shown == 2 and not (dealt >> who) & 1:  # its reader's "reveal" (not dealt there)
            taken = _wn_take(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count, 0))  # fmt: skip
            if taken[0] < 0:
                return False
        if shown:
            taken = _wn_take(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_ACTION, SHOW if shown == 1 else MUCK, who, -1, 0, 0, count if shown == 1 else 0, 0))  # fmt: skip
            if taken[0] < 0:
                return False
        if m != 0:
            taken = _wn_take(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_COLLECTED, 0, who, m, d, 0, 0, 0))  # fmt: skip
            if taken[0] < 0:
                return False
    for q in range(marked, taken[1]):  # the last line's actions
        plays[A_LINE, q] = line_first
    if same_names(text, seats, listed):
        return False
    lines_read(reading.tally, taken, listed, button, said)
    return section == 2 and button >= 0 and taken[3] > 0 and said != 0


@kernel(inline=True)
def wn_hand(
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
    """:func:`~._stars_kernels.stars_hand` for a Winning hand: its header and lines read by the
    ``_wn_`` stages, the rest PokerStars' (``hand_begun``, ``hand_units``, ``_site_said``,
    ``hand_read``). A raked hand whose total is what was collected is left: Winning's reader
    then adds the rake to the total (its stud hands write the total after the rake)."""
    if not hand_begun(text, hand, start, end, number, ascii_text, facts):
        return -1
    stop, id_start, id_stop, game, betting = _wn_header(text, start, end, reading.numbers)
    older = stop < 0
    if older:  # the 2016-19 layout
        stop, id_start, id_stop, game, betting = _wn_old_header(text, start, end, reading.numbers)
        if stop < 0 or not _wn_old_lines(text, stop + 1, end, reading, units):
            return -1
    elif not _wn_lines(text, stop + 1, end, reading):
        return -1
    count, game, places = hand_units(reading, units, site, game, hand, facts)
    if count < 0:
        return -1
    _site_said(reading, units, said, count, places)
    if not older and said[SAID_HAS_RAKE] and said[SAID_RAKE] != 0 and said[SAID_HAS_TOTAL]:
        paid = 0
        for i in range(count):
            paid += units[U_PAID, i]
        if paid == said[SAID_TOTAL]:
            return -1
    hand_read(reading, units, count, places, game, betting, id_start, id_stop)
    return count


@kernel()
def wn_share(
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
    """:func:`~._stars_kernels.stars_share` for Winning's hands (read by :func:`wn_hand`): a
    kernel of its own, so that PokerStars' share compiles without Winning's stages, and
    Winning's only where a Winning file is read (its lines the share's as Winamax's are); it
    replays them or logs them (``_stars_kernels.SiteShare``)."""
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
        count = wn_hand(text, hand, starts[hand], stops[hand], first_hand + hand, sites[hand],
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
        deck = tables.short_deck if game in (SHORT_DECK_SOT, SHORT_DECK) else tables.full_deck
        replayed = replay_one(
            hand_input, game_tables(game, tables, deck), work, rows, hand, steps, site_record,
        )  # fmt: skip
        _hand_facts(hand, count, replayed, seats, plays, tally, facts, names, seat_numbers, flags)
        if replayed[0] != OK:
            record_refusal(work.state, facts, hand)
        else:
            facts[hand, F_RUNS] = work.state[RUNS]
