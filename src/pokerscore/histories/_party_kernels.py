"""PartyPoker's hands in its older and 2019 layouts read in a kernel (issue 29 §1; the
``_stars_lines`` ``PT_`` and ``PT19_`` words; the hands' reader is ``sites/party.py``, whose
every rule these stages keep: what it refuses or might read otherwise, they leave to it).
Each hand read by :func:`pt_hand`: its
first lines (:func:`_pt_header`: ``Game #n starts.`` separators before the file's first hand,
``#Game No : n``, the banner, the stakes, betting and game; a tournament's blinds,
:func:`_pt_tournament`), its lines (:func:`_pt_lines`: the seats and the button, players sitting
out; each ``name verb [amount]`` line by :func:`_pt_play`, every amount an increment, the
round's bets kept by the stages the sites that write increments share, ``_increments_kernels``,
so that a raise becomes the raise-to the replay takes and an all-in a call or a raise, as
PartyPoker's reader makes them; a tournament's blind posts, which it does not write, named when
the cards are dealt, :func:`_pt_implied`), and what its record says: what each player won
(``wins $19.75 USD from the main pot``), which holds the bet nobody called: the share names that
bet returned (the part of the last betting round's largest bet nobody matched) and takes it from
the winner's payouts, the side pots first, as the reader does (:func:`_pt_returned`), and says no
total or rake (what the pot lacks is the rake, within the replay's limit). Its other stages and
its facts are PokerStars' (``_stars_kernels``); a thread's share, :func:`pt_share`, is a kernel
of its own, compiled only for a PartyPoker file. The 2019 layout's hands (``***** Hand History For
Game …`` alone, cut by ``sites.party.banner_starts``) by the same stages, told by their first
words (``newer``): :func:`_pt19_header`, the button on the table line, amounts in parentheses,
``raises … to`` totals, ``is all-In.`` lines, the summary's pot and rake lines (the site's
total and rake) and ``balance`` lines (``collected``, shown cards). A hand written otherwise than
this reader takes (localised amounts, a hand another tool converted, a separator at a line's end,
a player sitting out who plays, a tournament's first act before its cards are dealt …) is marked
``SLOW`` for PartyPoker's reader."""

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
    SLASH,
    SPACE,
    TAB,
    ZERO,
    ascii_bytes,
    find_word,
    is_digit,
    starts_with,
    word_id,
    word_table,
)
from pokerscore.histories._increments_kernels import (
    cents_written,
    in_cents,
    new_round,
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
    MAX_PLAYERS,
    NO_LIMIT,
    OK,
    POT_LIMIT,
    SHOW,
    Bytes,
    HandRows,
    Ints,
    ReplayTables,
)
from pokerscore.histories._pacific_kernels import _pc_cards, _pc_speaker
from pokerscore.histories._phh_kernels import PhhLog
from pokerscore.histories._replay_kernels import (
    RUNS,
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
    A_M,
    A_SEAT,
    C_D,
    C_M,
    C_POT,
    C_SEAT,
    CARDS_ROOM,
    LINE_ACTION,
    LINE_COLLECTED,
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

PARTY_SITE: Final = lines.HEADERS.index(lines.PARTY_BANNER)
"""PartyPoker's place in :data:`~._stars_lines.HEADERS` (the site code of the hands read here;
their first words are 888poker's, ``#Game No``)."""
_NUL: Final = 0
_GAME_NO: Final = ascii_bytes(lines.PACIFIC_GAME_NO)
_GAME_NUMBER: Final = ascii_bytes(lines.PT_GAME_NUMBER)
_BANNER: Final = ascii_bytes(lines.PARTY_BANNER)
_BANNER_END: Final = ascii_bytes(lines.PT_BANNER_END)
_SEPARATOR_START: Final = ascii_bytes(lines.PT_SEPARATOR[0])
_SEPARATOR_END: Final = ascii_bytes(lines.PT_SEPARATOR[1].lstrip())
_CODE_TEXT, _CODE_LENGTH = word_table(lines.PT_CURRENCIES)
_DOLLAR: Final = ord("$")
_BETTING_TEXT, _BETTING_LENGTH = word_table(tuple(f"{words} " for words in lines.PT_BETTING))
_BETTING_CODE: Final = np.array([NO_LIMIT, POT_LIMIT, FIXED_LIMIT], dtype=np.int64)
_GAME_TEXT, _GAME_LENGTH = word_table(tuple(name for name, _ in lines.PT_GAMES))
_GAME_CODE: Final = np.array([GAME_CODES[game] for _, (_, game) in lines.PT_GAMES], dtype=np.int64)
_REFUSED_TEXT, _REFUSED_LENGTH = word_table(
    (*lines.PT_NOT_REPLAYED, *(f"({tag})" for tag in lines.PT_CONVERTED))
)
"""Words of a header this reader leaves: a game PartyPoker's reader refuses, a converted hand's
site."""
_BUY_IN: Final = ascii_bytes(lines.PT_BUY_IN)
_IMPLIED_TEXT, _IMPLIED_LENGTH = word_table(lines.PT_IMPLIED)
# the blind posts a tournament's header implies: none (a cash game's), its blinds (its
# ``Blinds(…)``), fixed limit's bets (``Stakes(…)``: the blinds half of each)
NO_IMPLIED, IMPLIED_BLINDS, IMPLIED_HALVES = range(3)
_DATE_MARK: Final = ascii_bytes(lines.PT_DATE_MARK)
_IS_THE_BUTTON: Final = ascii_bytes(lines.PT_IS_THE_BUTTON)
_SEAT: Final = ascii_bytes(lines.PT_SEAT)
_SEAT_LOWER: Final = ascii_bytes(lines.PT_SEAT_LOWER)
_TABLE: Final = ascii_bytes(lines.PT_TABLE)
_IGNORED_TEXT, _IGNORED_LENGTH = word_table(lines.PT_IGNORED)
_SECTION: Final = ascii_bytes(lines.PT_SECTION)
_DEALING: Final = ascii_bytes(lines.PT_DEALING)
_STREET: Final = ascii_bytes(lines.PT_STREET)
_STREET_TEXT, _STREET_LENGTH = word_table(
    tuple(f"{lines.PT_STREET}{street}{lines.PT_STREET_END}" for street in lines.PT_STREETS)
)
_DEALT: Final = ascii_bytes(lines.PT_DEALT)
_POSTS: Final = ascii_bytes(lines.PT_POSTS)
_POST_TEXT, _POST_LENGTH = word_table(
    tuple(f"{lines.PT_POSTS}{words} [" for words in lines.PT_POST_KINDS)
)
_POST_KIND: Final = np.array(
    [
        {"ante": P_ANTE, "small": P_SMALL, "big": P_BIG}[kind]
        for kind in lines.PT_POST_KINDS.values()
    ],
    dtype=np.int64,
)
_SITTING_OUT: Final = ascii_bytes(lines.PT_SITTING_OUT)
_WINS: Final = ascii_bytes(lines.PT_WINS)
_CHIPS: Final = ascii_bytes(lines.PT_CHIPS)
_FROM_TEXT, _FROM_LENGTH = word_table(lines.PT_FROM)
_WITH: Final = ascii_bytes(lines.PT_WITH)
_LOW: Final = ascii_bytes(lines.PT_LOW)
_BALANCE: Final = ascii_bytes(lines.PT_BALANCE)
_SHOWS: Final = ascii_bytes(lines.PT_SHOWS)
_NOTICE_TEXT, _NOTICE_LENGTH = word_table(lines.PT_NOTICES)
_VERB_TEXT, _VERB_LENGTH = word_table(tuple(lines.PT_VERBS))
# the verbs' kinds (``PT_VERBS``)
V_FOLD, V_CHECK, V_CALL, V_BET, V_ALL_IN = range(5)
_VERB_KIND: Final = np.array(
    [
        {"fold": V_FOLD, "check": V_CHECK, "call": V_CALL, "all-in": V_ALL_IN}.get(kind, V_BET)
        for kind in lines.PT_VERBS.values()
    ],
    dtype=np.int64,
)
"""Each verb's kind (a bet and a raise alike: the chips put in, the round's bet after)."""
# the 2019 layout's words (``PT19_``)
_BANNER19: Final = ascii_bytes(lines.PT19_BANNER)
_TABLE19: Final = ascii_bytes(lines.PT19_TABLE)
_BETTING19_TEXT, _BETTING19_LENGTH = word_table(
    tuple(f"{words}){lines.PT_DATE_MARK}" for words in lines.PT_BETTING)
)
_STREET19_TEXT, _STREET19_LENGTH = word_table(
    tuple(f"{lines.PT_STREET}{street}{lines.PT19_STREET_MARK}" for street in lines.PT_STREETS)
)
_POST19_TEXT, _POST19_LENGTH = word_table(
    tuple(f"{lines.PT_POSTS}{words} (" for words in lines.PT_POST_KINDS)
)
_RAISE_TO: Final = ascii_bytes(lines.PT19_RAISE_TO)
_ALL_IN19_TEXT, _ALL_IN19_LENGTH = word_table(lines.PT19_ALL_IN)
_POT19_TEXT, _POT19_LENGTH = word_table(tuple(f"{pot}{lines.PT19_POT}" for pot in lines.PT19_POTS))
_RAKE19: Final = ascii_bytes(lines.PT19_RAKE)
_COLLECTED19: Final = ascii_bytes(lines.PT19_COLLECTED)
_FOLDED19: Final = ascii_bytes(lines.PT19_FOLDED)
_LOST: Final = ascii_bytes(lines.PT19_SHOWN[0])
_NET: Final = ascii_bytes(lines.PT19_SHOWN[1])


@kernel(inline=True)
def _is_space(byte: int) -> bool:
    return byte in (SPACE, TAB)


@kernel(inline=True)
def _stripped(text: Bytes, first: int, line_stop: int) -> tuple[int, int]:
    """A line's span without the spaces, tabs, NUL bytes and carriage returns at its ends, as
    PartyPoker's reader strips each line."""
    while first < line_stop and text[first] in (SPACE, TAB, _NUL, RETURN):
        first += 1
    while line_stop > first and text[line_stop - 1] in (SPACE, TAB, _NUL, RETURN):
        line_stop -= 1
    return first, line_stop


@kernel()
def _separator(text: Bytes, first: int, stop: int) -> int:
    """Whether a stripped line holds ``Game #n starts.`` : 1 the line is one, 0 it holds none,
    -1 it ends with one after other words (its reader cuts it off: left to it)."""
    size = _SEPARATOR_END.shape[0]
    if stop - first < size or not starts_with(text, stop - size, stop, _SEPARATOR_END):
        return 0
    if find_word(text, first, stop, _SEPARATOR_START) < 0:
        return 0
    if not starts_with(text, first, stop, _SEPARATOR_START):
        return -1
    q = first + _SEPARATOR_START.shape[0]
    token = q
    while q < stop and not _is_space(text[q]):
        q += 1
    if q == token or q + size + 1 != stop or text[q] != SPACE:
        return -1
    return 1


@kernel(inline=True)
def _is_code(text: Bytes, at: int) -> bool:
    """Whether ``text[at:at + 3]`` is a currency's code (``PT_CURRENCIES``)."""
    return word_id(text, at, at + 3, _CODE_TEXT, _CODE_LENGTH) >= 0


@kernel()
def _pt_amount(text: Bytes, at: int, stop: int) -> tuple[int, int, bool]:
    """An amount as PartyPoker's older layout writes one (``$1,534.96 USD``, ``4,220``): a
    dollar sign or none, :func:`plain_money`'s digits, a currency's code after a space or none,
    as its reader's ``localised_amount`` reads it; (mantissa, decimals, ok)."""
    if stop - at > 4 and text[stop - 4] == SPACE and _is_code(text, stop - 3):
        stop -= 4
    return plain_money(text, at, stop)


@kernel()
def _pt_tournament(
    text: Bytes, first: int, line_stop: int, at: int, implied: int, numbers: Ints
) -> tuple[int, int]:
    """A tournament's header (``NL Texas Hold'em $11 USD Buy-in Trny: 777 Level: 7
    Blinds(300/600) - Friday, April 01, 11:44:54 CEST 2011``), its blinds' word at ``at``: (the
    betting's place in ``PT_BETTING`` or -1, the posts implied), the blinds into ``numbers``
    (fixed limit's ``Stakes(…)`` the bets, its blinds half of each, as PartyPoker's reader
    takes them)."""
    kind = word_at(text, first, line_stop, _BETTING_TEXT, _BETTING_LENGTH)
    if kind < 0:
        return -1, 0
    q = first + _BETTING_LENGTH[kind]
    game = word_at(text, q, line_stop, _GAME_TEXT, _GAME_LENGTH)
    if game < 0 or q + _GAME_LENGTH[game] >= line_stop or text[q + _GAME_LENGTH[game]] != SPACE:
        return -1, 0
    if at > first and text[at - 1] != SPACE:
        return -1, 0
    a = at + _IMPLIED_LENGTH[0]
    slash = a
    while slash < line_stop and (is_digit(text[slash]) or text[slash] in (COMMA, POINT)):
        slash += 1
    close = slash + 1
    while close < line_stop and (is_digit(text[close]) or text[close] in (COMMA, POINT)):
        close += 1
    if slash == a or slash >= line_stop or text[slash] != SLASH or close == slash + 1 or close >= line_stop or text[close] != CLOSE_PAREN:  # fmt: skip
        return -1, 0
    sb_m, sb_d, sb_ok = plain_money(text, a, slash)
    bb_m, bb_d, bb_ok = plain_money(text, slash + 1, close)
    if not (sb_ok and bb_ok):
        return -1, 0
    if implied == IMPLIED_HALVES and _BETTING_CODE[kind] != FIXED_LIMIT:
        implied = IMPLIED_BLINDS  # ``Stakes(…)`` halved in fixed limit alone
    numbers[N_SB_M], numbers[N_SB_D], numbers[N_BB_M], numbers[N_BB_D] = sb_m, sb_d, bb_m, bb_d
    return kind, implied


@kernel()
def _pt19_header(
    text: Bytes, at: int, end: int, numbers: Ints
) -> tuple[int, int, int, int, int, int]:
    """A hand's first lines in the 2019 layout (``***** Hand History For Game 1784559729098abc
    *****``, ``0.10/0.25 Omaha Hi Game Table (PL) - Mon Jul 20 11:01:17 EDT 2026``), as
    :func:`_pt_header` gives them (the stakes into ``numbers``); the first -1 where not read
    here (any other form of the header)."""
    first, line_stop, at, _ = next_line(text, at, end)
    first, line_stop = _stripped(text, first, line_stop)
    id_start = first + _BANNER19.shape[0]
    id_stop = line_stop - _BANNER_END.shape[0]
    if id_stop <= id_start or not starts_with(text, id_stop, line_stop, _BANNER_END):
        return -1, 0, 0, 0, 0, 0
    for q in range(id_start, id_stop):
        byte = text[q]
        if not (is_digit(byte) or (65 <= byte <= 90) or (97 <= byte <= 122)) or q - id_start >= 40:
            return -1, 0, 0, 0, 0, 0
    if at >= end:
        return -1, 0, 0, 0, 0, 0
    first, line_stop, at, _ = next_line(text, at, end)
    first, line_stop = _stripped(text, first, line_stop)
    for w in range(_REFUSED_LENGTH.shape[0]):
        if find_word(text, first, line_stop, _REFUSED_TEXT[w, : _REFUSED_LENGTH[w]]) >= 0:
            return -1, 0, 0, 0, 0, 0
    for w in range(_IMPLIED_LENGTH.shape[0]):
        if find_word(text, first, line_stop, _IMPLIED_TEXT[w, : _IMPLIED_LENGTH[w]]) >= 0:
            return -1, 0, 0, 0, 0, 0
    if find_word(text, first, line_stop, _BUY_IN) >= 0:
        return -1, 0, 0, 0, 0, 0
    game = -1
    for w in range(_GAME_LENGTH.shape[0]):  # the reader's: the first of its games named
        if find_word(text, first, line_stop, _GAME_TEXT[w, : _GAME_LENGTH[w]]) >= 0:
            game = w
            break
    slash = first
    while slash < line_stop and (is_digit(text[slash]) or text[slash] == POINT):
        slash += 1
    if slash == first or slash >= line_stop or text[slash] != SLASH:
        return -1, 0, 0, 0, 0, 0
    q = slash + 1
    while q < line_stop and (is_digit(text[q]) or text[q] == POINT):
        q += 1
    if q == slash + 1 or q >= line_stop or text[q] != SPACE:
        return -1, 0, 0, 0, 0, 0
    sb_m, sb_d, sb_ok = plain_money(text, first, slash)
    bb_m, bb_d, bb_ok = plain_money(text, slash + 1, q)
    if not (sb_ok and bb_ok) or game < 0:
        return -1, 0, 0, 0, 0, 0
    q += 1
    if word_at(text, q, line_stop, _GAME_TEXT, _GAME_LENGTH) != game:
        return -1, 0, 0, 0, 0, 0
    q += _GAME_LENGTH[game]
    if not starts_with(text, q, line_stop, _TABLE19):
        return -1, 0, 0, 0, 0, 0
    q += _TABLE19.shape[0]
    kind = word_at(text, q, line_stop, _BETTING19_TEXT, _BETTING19_LENGTH)
    if kind < 0:
        return -1, 0, 0, 0, 0, 0
    numbers[N_SB_M], numbers[N_SB_D], numbers[N_BB_M], numbers[N_BB_D] = sb_m, sb_d, bb_m, bb_d
    return at, id_start, id_stop, _GAME_CODE[game], _BETTING_CODE[kind], NO_IMPLIED


@kernel()
def _pt_header(
    text: Bytes, start: int, end: int, numbers: Ints
) -> tuple[int, int, int, int, int, int]:
    """A PartyPoker hand's first lines (``#Game No : 200``, ``***** Hand History for Game 200
    *****``, ``$0.10/$0.25 USD NL Texas Hold'em - Friday, August 01, 22:45:59 CEST 2014``; the
    file's first hand from the separators and blank lines before them) read where PartyPoker's
    reader reads them: (where the lines after them start, the hand id's span, game, betting, the
    blind posts the header implies: ``NO_IMPLIED`` …), the first -1 where not read here; the
    stakes into ``numbers`` (fixed limit's the bets, as the header writes them; a tournament's
    those of its ``Blinds(…)``)."""
    at = start
    if starts_with(text, at, end, BYTE_ORDER_MARK):
        at += 3
    if starts_with(text, at, end, _BANNER19):
        return _pt19_header(text, at, end, numbers)
    first, line_stop = at, at
    while at < end:  # the separators and blank lines before a file's first hand
        first, line_stop, at, _ = next_line(text, at, end)
        if starts_with(text, first, line_stop, _GAME_NO):
            break
        a, b = _stripped(text, first, line_stop)
        if a < b and _separator(text, a, b) != 1:
            return -1, 0, 0, 0, 0, 0
    while line_stop > first and _is_space(text[line_stop - 1]):
        line_stop -= 1
    id_start = first + _GAME_NUMBER.shape[0]
    if not starts_with(text, first, line_stop, _GAME_NUMBER) or id_start == line_stop:
        return -1, 0, 0, 0, 0, 0
    for q in range(id_start, line_stop):
        if not is_digit(text[q]) or q - id_start >= 40:
            return -1, 0, 0, 0, 0, 0
    id_stop = line_stop
    blank = True
    while blank and at < end:  # the reader passes over blank lines before the banner
        first, line_stop, at, blank = next_line(text, at, end)
    if blank:
        return -1, 0, 0, 0, 0, 0
    while line_stop > first and _is_space(text[line_stop - 1]):
        line_stop -= 1
    if not starts_with(text, first, line_stop, _BANNER):
        return -1, 0, 0, 0, 0, 0
    q = first + _BANNER.shape[0]
    number = q
    while q < line_stop and not _is_space(text[q]):
        q += 1
    if q == number or q + _BANNER_END.shape[0] != line_stop or not starts_with(text, q, line_stop, _BANNER_END):  # fmt: skip
        return -1, 0, 0, 0, 0, 0
    if at >= end:
        return -1, 0, 0, 0, 0, 0
    first, line_stop, at, _ = next_line(text, at, end)  # the stakes, betting, game and date
    first, line_stop = _stripped(text, first, line_stop)
    for w in range(_REFUSED_LENGTH.shape[0]):
        if find_word(text, first, line_stop, _REFUSED_TEXT[w, : _REFUSED_LENGTH[w]]) >= 0:
            return -1, 0, 0, 0, 0, 0
    game = -1
    for w in range(_GAME_LENGTH.shape[0]):  # the reader's: the first of its games named
        if find_word(text, first, line_stop, _GAME_TEXT[w, : _GAME_LENGTH[w]]) >= 0:
            game = w
            break
    implied_at = -1
    implied = NO_IMPLIED
    for w in range(_IMPLIED_LENGTH.shape[0]):
        word = _IMPLIED_TEXT[w, : _IMPLIED_LENGTH[w]]
        found = find_word(text, first, line_stop, word)
        if found >= 0:
            if implied_at >= 0 or find_word(text, found + 1, line_stop, word) >= 0:
                return -1, 0, 0, 0, 0, 0  # two: the reader's first, not told here
            implied_at = found
            implied = IMPLIED_BLINDS + w
    if implied_at >= 0:
        kind, implied = _pt_tournament(text, first, line_stop, implied_at, implied, numbers)
        if kind < 0 or game < 0:
            return -1, 0, 0, 0, 0, 0
        return at, id_start, id_stop, _GAME_CODE[game], _BETTING_CODE[kind], implied
    if find_word(text, first, line_stop, _BUY_IN) >= 0:
        return -1, 0, 0, 0, 0, 0  # no stakes to the reader
    slash = first
    while slash < line_stop and text[slash] != SLASH:
        slash += 1
    if slash == first or slash >= line_stop:
        return -1, 0, 0, 0, 0, 0
    q = slash + 1
    while q < line_stop and (is_digit(text[q]) or text[q] in (COMMA, POINT) or (q == slash + 1 and text[q] == _DOLLAR)):  # fmt: skip
        q += 1
    if q >= line_stop or text[q] != SPACE:
        return -1, 0, 0, 0, 0, 0
    sb_m, sb_d, sb_ok = plain_money(text, first, slash)
    bb_m, bb_d, bb_ok = plain_money(text, slash + 1, q)
    if not (sb_ok and bb_ok):
        return -1, 0, 0, 0, 0, 0
    q += 1
    if q + 3 < line_stop and text[q + 3] == SPACE and _is_code(text, q):
        q += 4  # ``USD `` after the stakes, or none
    kind = word_at(text, q, line_stop, _BETTING_TEXT, _BETTING_LENGTH)
    if kind < 0:
        return -1, 0, 0, 0, 0, 0
    q += _BETTING_LENGTH[kind]
    mark = find_word(text, q, line_stop, _DATE_MARK)
    if mark < 0 or word_id(text, q, mark, _GAME_TEXT, _GAME_LENGTH) < 0:
        return -1, 0, 0, 0, 0, 0
    numbers[N_SB_M], numbers[N_SB_D], numbers[N_BB_M], numbers[N_BB_D] = sb_m, sb_d, bb_m, bb_d
    return at, id_start, id_stop, _GAME_CODE[game], _BETTING_CODE[kind], NO_IMPLIED


@kernel()
def _pt_seat(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> int:
    """A seat's line (``Seat 1: Ann ( $10 USD )``, ``seat1: Player0 ( $664.25 USD )``) into
    column ``listed`` of ``seats``: the seats listed now, -1 for a line left to PartyPoker's
    reader (a name with a bracket, spaces at its ends, one already seated; a stack written
    otherwise)."""
    if starts_with(text, first, line_stop, _SEAT):
        q = first + _SEAT.shape[0]
    else:
        q = first + _SEAT_LOWER.shape[0]
        if q < line_stop and text[q] == SPACE:
            q += 1
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
    while a < b and text[a] == SPACE:
        a += 1
    while b > a and text[b - 1] == SPACE:
        b -= 1
    m, d, ok = _pt_amount(text, a, b)
    if not ok:
        return -1
    if _is_space(text[name]) or _is_space(text[stop - 1]):
        return -1
    for k in range(name, stop):
        if text[k] == OPEN_PAREN or text[k] == CLOSE_PAREN or text[k] == TAB or text[k] == _NUL:
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
    seats[S_ORDER_OF, listed] = 0
    return listed + 1


@kernel(inline=True)
def _pt19_all_in(text: Bytes, words: int, line_stop: int) -> bool:
    """Whether a player's words are the 2019 layout's ``is all-In.`` (or ``is all-In``) alone."""
    for w in range(_ALL_IN19_LENGTH.shape[0]):
        size = _ALL_IN19_LENGTH[w]
        if line_stop - words == size and starts_with(
            text, words, line_stop, _ALL_IN19_TEXT[w, :size]
        ):
            return True
    return False


@kernel()
def _pt19_button(text: Bytes, first: int, line_stop: int) -> int:
    """The button of the 2019 layout's table line (``Table Table 7490030 (Real Money) -- Seat 1
    is the button``): the seat's number, -1 for a line written otherwise."""
    size = _IS_THE_BUTTON.shape[0]
    mark = line_stop - size
    if mark <= first or find_word(text, first, line_stop, _IS_THE_BUTTON) != mark:
        return -1
    digits = mark
    while digits > first and is_digit(text[digits - 1]):
        digits -= 1
    if digits == mark or mark - digits > 2 or digits - _SEAT.shape[0] < first:
        return -1
    if not starts_with(text, digits - _SEAT.shape[0], mark, _SEAT):
        return -1
    button = 0
    for k in range(digits, mark):
        button = button * 10 + (text[k] - ZERO)
    return button


@kernel()
def _pt_button(text: Bytes, first: int, line_stop: int) -> int:
    """The button of the older layout's ``Seat 3 is the button`` line (the whole line): the
    seat's number, -1 for a line written otherwise."""
    q = first + _SEAT.shape[0]
    digits = q
    while q < line_stop and is_digit(text[q]):
        q += 1
    if not starts_with(text, first, line_stop, _SEAT) or q == digits or q - digits > 2 or q + _IS_THE_BUTTON.shape[0] != line_stop or not starts_with(text, q, line_stop, _IS_THE_BUTTON):  # fmt: skip
        return -1
    button = 0
    for k in range(digits, q):
        button = button * 10 + (text[k] - ZERO)
    return button


@kernel(inline=True)
def _pt_street(text: Bytes, first: int, line_stop: int, newer: bool) -> int:
    """A ``** …`` section line: where its board's bracket starts (``** Dealing Flop ** [ …``; the
    2019 layout's ``*** FLOP *** [ …`` too), -1 for ``** Dealing down cards **``, -2 for another
    section passed by, -3 where the hand is left to PartyPoker's reader (a street written
    otherwise)."""
    if starts_with(text, first, line_stop, _DEALING):
        return -1
    street = word_at(text, first, line_stop, _STREET_TEXT, _STREET_LENGTH)
    if street >= 0:
        return first + int(_STREET_LENGTH[street]) - 1
    if newer:
        street = word_at(text, first, line_stop, _STREET19_TEXT, _STREET19_LENGTH)
        if street >= 0:
            bracket = first + int(_STREET19_LENGTH[street])
            if bracket >= line_stop or text[bracket] != SPACE:
                return -3
            while bracket < line_stop and text[bracket] == SPACE:
                bracket += 1
            if bracket >= line_stop or text[bracket] != OPEN_BRACKET:
                return -3
            return bracket
    return -3 if starts_with(text, first, line_stop, _STREET) else -2


@kernel()
def _pt19_pots(
    text: Bytes, first: int, line_stop: int, pot: tuple[int, int, int, int, int]
) -> tuple[int, int, int, int, int]:
    """A 2019 pot line (:func:`_pt19_pot`) added to ``pot``, the pot lines read before (how
    many; the pots after rake and the rakes summed in cents, each with its most decimals), the
    count -1 where the hand is left to PartyPoker's reader."""
    pm, pd, rm, rd = _pt19_pot(text, first, line_stop)
    if pd < 0:
        return -1, 0, 0, 0, 0
    pots, pot_c, pot_d, rake_c, rake_d = pot
    return pots + 1, pot_c + in_cents(pm, pd), max(pot_d, pd), rake_c + in_cents(rm, rd), max(rake_d, rd)  # fmt: skip


@kernel()
def _pt19_said(numbers: Ints, pot: tuple[int, int, int, int, int]) -> int:
    """What the 2019 layout's pot lines said (``pot``: :func:`_pt19_pots`') as the total and
    the rake into ``numbers``: :func:`~._stars_kernels.lines_read`'s ``said`` (3, 0 where no pot
    line was read), -1 where the hand is left to PartyPoker's reader (a pot of nothing: it
    names no total)."""
    pots, pot_c, pot_d, rake_c, rake_d = pot
    if not pots:
        return 0
    if pot_c == 0:
        return -1
    numbers[N_TOTAL_M], numbers[N_TOTAL_D] = cents_written(pot_c + rake_c, max(pot_d, rake_d))
    numbers[N_RAKE_M], numbers[N_RAKE_D] = cents_written(rake_c, rake_d)
    return 3


@kernel()
def _pt19_pot(text: Bytes, first: int, line_stop: int) -> tuple[int, int, int, int]:
    """The 2019 layout's ``Main Pot: $1.09 Rake: $0.05`` (``Side Pot 1: …``), the whole line:
    (the pot after rake's mantissa and decimals, the rake's), the second -1 for a line left to
    PartyPoker's reader."""
    q = first + _POT19_LENGTH[word_at(text, first, line_stop, _POT19_TEXT, _POT19_LENGTH)]
    if q < line_stop and text[q] == SPACE:
        q += 1
        digits = q
        while q < line_stop and is_digit(text[q]):
            q += 1
        if q == digits or q - digits > 3:
            return 0, -1, 0, 0
    if q + 2 >= line_stop or text[q] != COLON or text[q + 1] != SPACE:
        return 0, -1, 0, 0
    a = q + 2
    rake = find_word(text, a, line_stop, _RAKE19)
    if rake <= a:
        return 0, -1, 0, 0
    for k in range(a, rake):
        if text[k] == SPACE:
            return 0, -1, 0, 0
    pm, pd, ok = _pt_amount(text, a, rake)
    b = rake + _RAKE19.shape[0]
    if not ok or b >= line_stop:
        return 0, -1, 0, 0
    for k in range(b, line_stop):
        if text[k] == SPACE:
            return 0, -1, 0, 0
    rm, rd, ok = _pt_amount(text, b, line_stop)
    if not ok:
        return 0, -1, 0, 0
    return pm, pd, rm, rd


@kernel()
def _pt19_balance(
    text: Bytes, words: int, line_stop: int, hand_cards: Ints
) -> tuple[int, int, int]:
    """A 2019 ``balance`` line from its words (``balance $13.12, bet $0.57, collected $1.09, net
    +$0.52[ 9s, 4d, 8s, Jc ] [ three of a kind … ]``), as PartyPoker's reader reads one: (what
    the player collected, its mantissa and decimals, the decimals -1 for nothing collected; how
    many cards it shows, into ``hand_cards``), the decimals -2 where the line is left to it."""
    cm, cd, a, b = _pt19_balance_spans(text, words, line_stop)
    if cd == -2 or a < 0:
        return cm, cd, 0
    count = _pc_cards(text, a, b, hand_cards, CARDS_ROOM)
    return (cm, cd, count) if count > 0 else (0, -2, 0)


@kernel(inline=True)
def _pt19_balance_spans(text: Bytes, words: int, line_stop: int) -> tuple[int, int, int, int]:
    """:func:`_pt19_balance`'s line: (what the player collected, its mantissa and decimals, the
    decimals -1 for nothing collected; the shown cards' span, the first -1 for none), the
    decimals -2 where the line is left to PartyPoker's reader."""
    q = words + _BALANCE.shape[0]
    comma = q
    while comma < line_stop and text[comma] != COMMA:
        comma += 1
    cm, cd = 0, -1
    if comma > q and comma < line_stop:
        at = find_word(text, comma + 1, line_stop, _COLLECTED19)
        if at >= 0:
            a = at + _COLLECTED19.shape[0]
            b = a
            while b < line_stop and text[b] != COMMA:
                b += 1
            if b == a:
                return 0, -2, -1, 0
            if b < line_stop:
                m, d, ok = _pt_amount(text, a, b)
                if not ok:
                    return 0, -2, -1, 0
                cm, cd = m, d
            elif find_word(text, a, line_stop, _COLLECTED19) >= 0:
                return 0, -2, -1, 0
    if find_word(text, words, line_stop, _FOLDED19) >= 0:
        return cm, cd, -1, 0
    bracket = q
    while bracket < line_stop and text[bracket] != OPEN_BRACKET:
        bracket += 1
    if bracket >= line_stop:
        return cm, cd, -1, 0
    shown = False  # "lost " or "net " before the bracket, no parenthesis between
    for p in range(q, bracket):
        size = 0
        if starts_with(text, p, bracket, _LOST):
            size = _LOST.shape[0]
        elif starts_with(text, p, bracket, _NET):
            size = _NET.shape[0]
        if size:
            clear = True
            for k in range(p + size, bracket):
                if text[k] == OPEN_PAREN:
                    clear = False
                    break
            if clear:
                shown = True
                break
    if not shown:
        return cm, cd, -1, 0
    close = bracket + 1
    while close < line_stop and text[close] != CLOSE_BRACKET:
        close += 1
    if close >= line_stop or close == bracket + 1:
        return cm, cd, -1, 0
    return cm, cd, bracket, close + 1


@kernel(inline=True)
def _noticed(text: Bytes, first: int, stop: int) -> bool:
    """Whether a line holds one of PartyPoker's notices (``PT_NOTICES``) anywhere."""
    for w in range(_NOTICE_LENGTH.shape[0]):
        if find_word(text, first, stop, _NOTICE_TEXT[w, : _NOTICE_LENGTH[w]]) >= 0:
            return True
    return False


@kernel()
def _pt_passed_by(text: Bytes, first: int, stop: int) -> bool:
    """Whether a line that names no player seated is one PartyPoker's reader passes by: one
    that ends ``is sitting out``, or holds one of its notices anywhere (:func:`_noticed`)."""
    size = _SITTING_OUT.shape[0]
    if stop - first >= size and starts_with(text, stop - size, stop, _SITTING_OUT):
        return True
    return _noticed(text, first, stop)


@kernel()
def _pt_wins(text: Bytes, at: int, stop: int) -> tuple[int, int, int]:
    """``wins $19.75 USD from the main pot with three of a kind, Jacks.`` from the amount
    (``at``): (mantissa, decimals, the pot: 0 the main one, n side pot n), the pot -1 where the
    line is left to PartyPoker's reader (a low half's ``Lo (…)``, anything else)."""
    if starts_with(text, at, stop, _LOW):
        return 0, 0, -1
    q = at
    while q < stop and text[q] != SPACE:
        q += 1
    amount_stop = q
    if q + 4 <= stop and _is_code(text, q + 1) and (q + 4 == stop or text[q + 4] in (SPACE, POINT)):  # fmt: skip
        amount_stop = q + 4
    m, d, ok = _pt_amount(text, at, amount_stop)
    if not ok:
        return 0, 0, -1
    q = amount_stop
    if starts_with(text, q, stop, _CHIPS):
        q += _CHIPS.shape[0]
    pot = 0
    where = word_at(text, q, stop, _FROM_TEXT, _FROM_LENGTH)
    if where >= 0:
        q += _FROM_LENGTH[where]
        if where == 1:
            pot = 1
            if q + 1 < stop and text[q] == SPACE and is_digit(text[q + 1]):
                q += 1
                digits = q
                pot = 0
                while q < stop and is_digit(text[q]):
                    pot = pot * 10 + (text[q] - ZERO)
                    q += 1
                if q - digits > 3:
                    return 0, 0, -1
    if pot >= MAX_PLAYERS:
        return 0, 0, -1
    if q == stop or (q + 1 == stop and text[q] == POINT) or starts_with(text, q, stop, _WITH):
        return m, d, pot
    return 0, 0, -1


@kernel()
def _pt19_amount(
    text: Bytes, a: int, line_stop: int, who: int, listed: int, units: Ints, kind: int
) -> tuple[int, int, int, int, int, int, int]:
    """A 2019 act's amount (``a`` after the verb and spaces): ``(0.15)`` the chips put in,
    ``0.65 to 0.75`` a bet's or raise's total; as :func:`_pt_play` gives the line."""
    if a < line_stop and text[a] == OPEN_PAREN:
        b = line_stop
        if text[b - 1] == POINT:
            b -= 1
        if b - a < 3 or text[b - 1] != CLOSE_PAREN or text[a + 1] == SPACE or text[b - 2] == SPACE:
            return -1, 0, 0, 0, 0, 0, 0
        m, d, ok = _pt_amount(text, a + 1, b - 1)
        if not ok or kind == V_ALL_IN:
            return -1, 0, 0, 0, 0, 0, 0
        _top, total, decimals = round_bet(units, listed, who, in_cents(m, d), d, True)
        if kind == V_CALL:
            return LINE_ACTION, CHECK_CALL, who, m, d, 0, 0
        tm, td = cents_written(total, decimals)
        return LINE_ACTION, BET_RAISE, who, tm, td, 0, 0
    if kind != V_BET:
        return -1, 0, 0, 0, 0, 0, 0
    q = a
    while q < line_stop and text[q] != SPACE:
        q += 1
    if q == a or not starts_with(text, q, line_stop, _RAISE_TO):
        return -1, 0, 0, 0, 0, 0, 0
    q += _RAISE_TO.shape[0]
    for k in range(q, line_stop):
        if not (is_digit(text[k]) or text[k] == POINT):
            return -1, 0, 0, 0, 0, 0, 0
    if q >= line_stop or not is_digit(text[line_stop - 1]):
        return -1, 0, 0, 0, 0, 0, 0
    tm, td, ok = plain_money(text, q, line_stop)
    if not ok:
        return -1, 0, 0, 0, 0, 0, 0
    round_bet(units, listed, who, in_cents(tm, td), td, False)
    return LINE_ACTION, BET_RAISE, who, tm, td, 0, 0


@kernel()
def _pt_play(
    text: Bytes,
    first: int,
    line_stop: int,
    who: int,
    listed: int,
    units: Ints,
    newer: bool,
) -> tuple[int, int, int, int, int, int, int]:
    """A player's line of posts or play, from the words after the name (``first``): as
    :func:`~._stars_kernels._play_line` gives one (the kind ``LINE_BAD``, -1, for a line left to
    PartyPoker's reader; ``LINE_OTHER``, 0, for one it passes over), the round's bets kept in
    ``units`` (``_increments_kernels.BET_CENTS``)."""
    byte = text[first]
    if byte == _POSTS[0] and starts_with(text, first, line_stop, _POSTS):
        if newer:
            post = word_at(text, first, line_stop, _POST19_TEXT, _POST19_LENGTH)
            size = -1 if post < 0 else _POST19_LENGTH[post]
        else:
            post = word_at(text, first, line_stop, _POST_TEXT, _POST_LENGTH)
            size = -1 if post < 0 else _POST_LENGTH[post]
        if post < 0:
            return -1, 0, 0, 0, 0, 0, 0  # a post PartyPoker's reader does not know
        b = line_stop
        if text[b - 1] == POINT:
            b -= 1
        if b <= first or text[b - 1] != (CLOSE_PAREN if newer else CLOSE_BRACKET):
            return -1, 0, 0, 0, 0, 0, 0
        a = first + size
        b -= 1
        while a < b and text[a] == SPACE:
            a += 1
        while b > a and text[b - 1] == SPACE:
            b -= 1
        m, d, ok = _pt_amount(text, a, b)
        if not ok:
            return -1, 0, 0, 0, 0, 0, 0
        kind = _POST_KIND[post]
        if kind != P_ANTE:
            round_bet(units, listed, who, in_cents(m, d), d, True)
        return LINE_POST, kind, who, m, d, 1, 0
    if byte == _WINS[0] and starts_with(text, first, line_stop, _WINS):
        m, d, pot = _pt_wins(text, first + _WINS.shape[0], line_stop)
        if pot < 0:
            return -1, 0, 0, 0, 0, 0, 0
        return LINE_COLLECTED, 0, who, m, d, 0, pot
    if byte == _SHOWS[0] and starts_with(text, first, line_stop, _SHOWS):
        a = first
        while a < line_stop and text[a] != OPEN_BRACKET:
            a += 1
        b = first
        while b < line_stop and text[b] != CLOSE_BRACKET:
            b += 1
        if a >= line_stop or b >= line_stop or b < a:
            return 0, 0, 0, 0, 0, 0, 0  # no cards: the reader passes over it
        return LINE_ACTION, SHOW, who, a, b + 1, 0, 0  # the cards' span, for _pt_lines
    verb = -1
    a = first
    for w in range(_VERB_LENGTH.shape[0]):  # the verb, then the line's end or its amount
        a = first + _VERB_LENGTH[w]
        if a > line_stop or (a < line_stop and text[a] not in (SPACE, OPEN_BRACKET, POINT)):
            continue
        same = True
        for k in range(_VERB_LENGTH[w]):
            if text[first + k] != _VERB_TEXT[w, k]:
                same = False
                break
        if same:
            verb = w
            break
    if verb < 0:
        return 0 if _noticed(text, first, line_stop) else -1, 0, 0, 0, 0, 0, 0
    kind = _VERB_KIND[verb]
    if kind in (V_FOLD, V_CHECK):
        if a != line_stop and not (a + 1 == line_stop and text[a] == POINT):
            return -1, 0, 0, 0, 0, 0, 0  # anything after it: PartyPoker's reader's
        if kind == V_FOLD:
            return LINE_ACTION, FOLD, who, -1, 0, 0, 0
        return LINE_ACTION, CHECK_CALL, who, 0, 0, 0, 0
    while a < line_stop and text[a] == SPACE:
        a += 1
    if newer:
        return _pt19_amount(text, a, line_stop, who, listed, units, kind)
    b = line_stop
    if b > a and text[b - 1] == POINT:
        b -= 1
    if b - a < 3 or text[a] != OPEN_BRACKET or text[b - 1] != CLOSE_BRACKET:
        return -1, 0, 0, 0, 0, 0, 0  # no amount, or one in another form (the 2019 layout's)
    a += 1
    b -= 1
    while a < b and text[a] == SPACE:
        a += 1
    while b > a and text[b - 1] == SPACE:
        b -= 1
    m, d, ok = _pt_amount(text, a, b)
    if not ok:
        return -1, 0, 0, 0, 0, 0, 0
    top, total, decimals = round_bet(units, listed, who, in_cents(m, d), d, True)
    if kind == V_CALL or (kind == V_ALL_IN and total <= top):
        return LINE_ACTION, CHECK_CALL, who, m, d, 1 if kind == V_ALL_IN else 0, 0
    tm, td = cents_written(total, decimals)
    return LINE_ACTION, BET_RAISE, who, tm, td, 1 if kind == V_ALL_IN else 0, 0


@kernel()
def _pt_returned(
    settled: Ints, taken: tuple[int, int, int, int], back: int, cents: int, decimals: int
) -> tuple[int, int, int, int]:
    """The bet nobody called (``cents``, written with ``decimals``), which the site's payouts to
    ``back`` hold, taken from them as PartyPoker's reader takes it: from the highest pot first
    (of equal pots, the first written), each payout less what is left of it, one it empties
    dropped; ``taken`` with the collected pots counted after."""
    p, a, r, c = taken
    left, left_decimals = cents, decimals
    while left > 0:
        best = -1
        for q in range(c):
            if settled[C_SEAT, q] == back and (best < 0 or settled[C_POT, q] > settled[C_POT, best]):  # fmt: skip
                best = q
        if best < 0:
            break
        amount = in_cents(settled[C_M, best], settled[C_D, best])
        written = settled[C_D, best]
        if left <= amount:
            amount -= left
            written = max(written, left_decimals)
            left = 0
        else:
            left -= amount
            left_decimals = max(left_decimals, written)
            amount = 0
        if amount:
            settled[C_M, best], settled[C_D, best] = cents_written(amount, written)
            continue
        for q in range(best, c - 1):  # an emptied payout: dropped
            settled[C_SEAT, q], settled[C_M, q] = settled[C_SEAT, q + 1], settled[C_M, q + 1]
            settled[C_D, q], settled[C_POT, q] = settled[C_D, q + 1], settled[C_POT, q + 1]
        c -= 1
    return p, a, r, c


@kernel(inline=True)
def _posted(m: int, d: int, seats: Ints, seat: int) -> tuple[int, int]:
    """An implied blind ``m``, ``d`` as the seat posts it: at most its stack (the smaller of the
    two as written; the blind where they are equal)."""
    stack_m, stack_d = seats[S_STACK_M, seat], seats[S_STACK_D, seat]
    if in_cents(m, d) <= in_cents(stack_m, stack_d):
        return m, d
    return stack_m, stack_d


@kernel()
def _pt_implied(
    seats: Ints, listed: int, button: int, numbers: Ints, implied: int
) -> tuple[int, int, int, int, int, int]:
    """The blind posts a tournament's header implies, as PartyPoker's reader names them when
    the cards are dealt: the two seats not sitting out after the button in the table's order
    (heads-up the button posts the small blind), each at most its stack; (small blind's seat,
    mantissa, decimals, big blind's the same), the first seat -1 for none (fewer than two
    players), -2 where the hand is left to that reader (a half blind of three decimals)."""
    players = 0
    for seat in range(listed):
        if not seats[S_OUT, seat]:
            players += 1
    if players < 2:
        return -1, 0, 0, -1, 0, 0
    picked = 0
    small = big = -1
    for turn in range(2):  # the seats after the button, then the rest, each in seat order
        before = -1
        while picked < 2:
            best = -1
            for seat in range(listed):
                number = seats[S_NUMBER, seat]
                if seats[S_OUT, seat] or (number > button) != (turn == 0) or number <= before:
                    continue
                if best < 0 or number < seats[S_NUMBER, best]:
                    best = seat
            if best < 0:
                break
            before = seats[S_NUMBER, best]
            if picked == 0:
                small = best
            else:
                big = best
            picked += 1
    if big < 0:
        return -2, 0, 0, -1, 0, 0  # two players in one seat: the reader's order, not told here
    if players == 2:  # heads-up: the button posts the small blind
        small, big = big, small
    big_m, big_d = numbers[N_BB_M], numbers[N_BB_D]
    small_m, small_d = numbers[N_SB_M], numbers[N_SB_D]
    if implied == IMPLIED_HALVES:
        big_m, big_d = small_m, small_d
        cents = in_cents(small_m, small_d)
        if cents % 2:
            return -2, 0, 0, -1, 0, 0
        half = cents // 2
        small_d = big_d
        while small_d < 2 and half % (10 if small_d == 1 else 100):
            small_d += 1  # the decimals the half needs (a Decimal's quotient)
        small_m, small_d = cents_written(half, small_d)
    small_m, small_d = _posted(small_m, small_d, seats, small)
    big_m, big_d = _posted(big_m, big_d, seats, big)
    return small, small_m, small_d, big, big_m, big_d


@kernel()
def _pt19_all_in_kept(plays: Ints, actions: int, who: int) -> bool:
    """A 2019 ``is all-In.`` line of seat line ``who`` kept on the last of the ``actions``, its
    own bet, raise or call; False where it is not (left to PartyPoker's reader)."""
    last = actions - 1
    if last < 0 or plays[A_SEAT, last] != who or plays[A_KIND, last] not in (BET_RAISE, CHECK_CALL) or plays[A_M, last] <= 0:  # fmt: skip
        return False
    plays[A_ALL_IN, last] = 1
    return True


@kernel()
def _pt_dealt(
    text: Bytes, first: int, line_stop: int, seats: Ints, listed: int, hand_cards: Ints
) -> tuple[int, int]:
    """A ``Dealt to Name [ Ah Kd ]`` line: (the seat line, -1 for a player not seated, whom
    PartyPoker's reader passes by; how many cards, into ``hand_cards``, 0 or less where the
    hand is left to that reader)."""
    a = first + _DEALT.shape[0]
    who = _pc_speaker(text, a, line_stop, seats, listed)
    if who < 0:
        return -1, 0
    a += seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
    return who, _pc_cards(text, a, line_stop, hand_cards, CARDS_ROOM)


@kernel(inline=True)
def _pt_board(
    text: Bytes, bracket: int, line_stop: int, reading: StarsReading, units: Ints, listed: int,
    taken: tuple[int, int, int, int], unmatched: tuple[int, int, int],
) -> tuple[tuple[int, int, int, int], tuple[int, int, int]]:  # fmt: skip
    """A street's board cards (at ``bracket``) dealt and a new betting round begun: (``taken``
    with the deal, the posts -1 where the hand is left to PartyPoker's reader; ``unmatched``,
    the last betting round's with bets, :func:`~._increments_kernels.round_unmatched`'s)."""
    seats, hand_cards = reading.seats, reading.hand_cards
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    count = _pc_cards(text, bracket, line_stop, hand_cards, 5)
    if count <= 0:
        return (-1, 0, 0, 0), unmatched
    found = round_unmatched(units, listed)
    new_round(units, listed)
    taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_ACTION, DEAL_BOARD, -1, -1, 0, 0, count, 0))  # fmt: skip
    return taken, (unmatched if found[0] == -2 else found)


@kernel()
def _pt_implied_posted(
    reading: StarsReading, units: Ints, listed: int, button: int, implied: int,
    taken: tuple[int, int, int, int], acted: int,
) -> tuple[tuple[int, int, int, int], int]:  # fmt: skip
    """The blinds a tournament's header implies (:func:`_pt_implied`) posted where PartyPoker's
    reader names them, at the deal before any post: into the round's bets and kept as posts,
    (``taken`` with them, the posts -1 where the hand is left to that reader; ``acted`` with
    their seats' bits)."""
    seats, hand_cards = reading.seats, reading.hand_cards
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    if button < 0:
        return (-1, 0, 0, 0), acted
    small, sm, sd, big, bm, bd = _pt_implied(seats, listed, button, reading.numbers, implied)
    if small == -2:
        return (-1, 0, 0, 0), acted
    if small >= 0:
        round_bet(units, listed, small, in_cents(sm, sd), sd, True)
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_POST, P_SMALL, small, sm, sd, 1, 0, 0))  # fmt: skip
        round_bet(units, listed, big, in_cents(bm, bd), bd, True)
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_POST, P_BIG, big, bm, bd, 1, 0, 0))  # fmt: skip
        acted |= (1 << small) | (1 << big)
    return taken, acted


@kernel()
def _pt_lines(
    text: Bytes, at: int, end: int, reading: StarsReading, units: Ints, implied: int, newer: bool
) -> bool:
    """The lines after a PartyPoker hand's header, as PartyPoker's reader reads them (each line
    stripped at its ends; the seats, the button, players sitting out, the streets, the lines of
    play, what each player won, the separator before the next hand); whether read, not where
    the hand is left to that reader. A seat whose player neither posts nor plays was not dealt
    in (the site writes every dealt player's fold); the bet the last betting round's largest
    nobody matched is returned, and taken from its better's payouts (:func:`_pt_returned`)."""
    seats, hand_cards = reading.seats, reading.hand_cards
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    listed = 0
    button = -1
    dealing = False
    acted = 0  # a bit a seat listed: it posted or played
    taken = (0, 0, 0, 0)  # posts, actions, returned, collected: take_line's
    unmatched = (-2, 0, 0)  # the last betting round's with bets: round_unmatched's
    pot = (0, 0, 0, 0, 0)  # the 2019 layout's pot lines: _pt19_pots'
    new_round(units, MAX_SEATS)
    marked, line_first = taken[1], at  # the actions taken, and their line's start
    while at < end:
        first, line_stop, at, blank = next_line(text, at, end)
        for q in range(marked, taken[1]):  # the last line's actions: its start, for the log
            plays[A_LINE, q] = line_first
        marked, line_first = taken[1], first
        if blank:
            continue
        first, line_stop = _stripped(text, first, line_stop)
        if first == line_stop:
            continue
        separator = _separator(text, first, line_stop)
        if separator < 0:
            return False
        if separator:
            continue
        byte = text[first]
        seat_line = (byte == _SEAT[0] and starts_with(text, first, line_stop, _SEAT)) or (byte == _SEAT_LOWER[0] and starts_with(text, first, line_stop, _SEAT_LOWER))  # fmt: skip
        table_line = byte == _TABLE[0] and starts_with(text, first, line_stop, _TABLE)
        if seat_line or table_line:
            if find_word(text, first, line_stop, _IS_THE_BUTTON) >= 0:
                button = _pt19_button(text, first, line_stop) if newer and table_line else _pt_button(text, first, line_stop)  # fmt: skip
                if button < 0:
                    return False  # a button written otherwise
                continue
            if table_line:
                continue
            if dealing:
                return False
            listed = _pt_seat(text, first, line_stop, seats, listed)
            if listed < 0:
                return False
            continue
        if word_at(text, first, line_stop, _IGNORED_TEXT, _IGNORED_LENGTH) >= 0:
            continue
        if byte == _SECTION[0] and starts_with(text, first, line_stop, _SECTION):
            bracket = _pt_street(text, first, line_stop, newer)
            if bracket == -3:
                return False
            if bracket == -2:
                continue
            if not dealing and implied != NO_IMPLIED and taken[0] == 0:  # the reader's deal
                taken, acted = _pt_implied_posted(reading, units, listed, button, implied, taken, acted)  # fmt: skip
                if taken[0] < 0:
                    return False
            dealing = True
            if bracket < 0:
                continue  # the down cards
            taken, unmatched = _pt_board(text, bracket, line_stop, reading, units, listed, taken, unmatched)  # fmt: skip
            if taken[0] < 0:
                return False
            continue
        if newer and word_at(text, first, line_stop, _POT19_TEXT, _POT19_LENGTH) >= 0:
            pot = _pt19_pots(text, first, line_stop, pot)
            if pot[0] < 0:
                return False
            continue
        if byte == _DEALT[0] and starts_with(text, first, line_stop, _DEALT):
            who, count = _pt_dealt(text, first, line_stop, seats, listed, hand_cards)
            if who < 0:
                continue  # cards dealt to nobody seated: the reader passes over them
            if count <= 0:
                return False
            taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count, 0))  # fmt: skip
            if taken[0] < 0:
                return False
            continue
        who = _pc_speaker(text, first, line_stop, seats, listed)
        if who < 0:
            if _pt_passed_by(text, first, line_stop):
                continue
            return False
        words = first + seats[S_NAME_STOP, who] - seats[S_NAME_START, who] + 1
        if line_stop - words == _SITTING_OUT.shape[0] and starts_with(text, words, line_stop, _SITTING_OUT):  # fmt: skip
            if not dealing:
                seats[S_OUT, who] = 1
            continue
        if starts_with(text, words, line_stop, _BALANCE):
            if not newer:
                return False  # the 2019 layout's record in the older one
            cm, cd, count = _pt19_balance(text, words, line_stop, hand_cards)
            if cd == -2:
                return False
            if cd >= 0:
                taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_COLLECTED, 0, who, cm, cd, 0, 0, 0))  # fmt: skip
                if taken[0] < 0:
                    return False
            if count > 0:
                taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_ACTION, SHOW, who, -1, 0, 0, count, 0))  # fmt: skip
                if taken[0] < 0:
                    return False
                acted |= 1 << who
            continue
        if newer and _pt19_all_in(text, words, line_stop):
            if not _pt19_all_in_kept(plays, taken[1], who):  # the act before, the player's own
                return False
            continue
        line, kind, who, m, d, all_in, count = _pt_play(text, words, line_stop, who, listed, units, newer)  # fmt: skip
        if line < 0:
            return False
        if line == 0:
            continue
        if line == LINE_ACTION and kind == SHOW:
            count = _pc_cards(text, m, d, hand_cards, CARDS_ROOM)
            if count <= 0:
                return False
            m, d = -1, 0
        elif line == LINE_ACTION:
            if not dealing and implied != NO_IMPLIED and taken[0] == 0:
                return False  # the implied blinds named at an act: not here
            dealing = True  # the reader's deal before an act
        if line != LINE_COLLECTED:
            acted |= 1 << who
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, count, 0))  # fmt: skip
        if taken[0] < 0:
            return False
    for q in range(marked, taken[1]):  # the last line's actions
        plays[A_LINE, q] = line_first
    said = _pt19_said(reading.numbers, pot)
    if said < 0:
        return False
    return _pt_hand_end(reading, units, taken, listed, button, acted, unmatched, said)


@kernel(inline=True)
def _pt_hand_end(
    reading: StarsReading,
    units: Ints,
    taken: tuple[int, int, int, int],
    listed: int,
    button: int,
    acted: int,
    unmatched: tuple[int, int, int],
    said: int,
) -> bool:
    """A PartyPoker hand's lines read (:func:`_pt_lines`: ``acted`` a bit a seat that posted
    or played, ``unmatched`` the last betting round's with bets): the players not dealt in
    sat out, the bet nobody matched returned and taken from its better's payouts, the lines
    counted; whether the hand is read, not left to PartyPoker's reader."""
    seats, hand_cards = reading.seats, reading.hand_cards
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    if button < 0:
        return False
    for seat in range(listed):
        played = (acted >> seat) & 1
        if seats[S_OUT, seat] and played:
            return False  # a player sitting out who plays: PartyPoker's reader's error
        if not played:
            if seats[S_PLAYING, seat]:
                return False  # cards dealt to a player who never plays
            seats[S_OUT, seat] = 1
    found = round_unmatched(units, listed)
    if found[0] == -2:
        found = unmatched
    back, cents, decimals = found
    if back == -3:
        return False  # equal bets written with other decimals: the reader's, by their order
    if back >= 0:
        m, d = cents_written(cents, decimals)
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(LINE_RETURNED, 0, back, m, d, 0, 0, 0))  # fmt: skip
        if taken[0] < 0:
            return False
        taken = _pt_returned(settled, taken, back, cents, decimals)
    lines_read(reading.tally, taken, listed, button, said)
    return True


@kernel(inline=True)
def pt_hand(
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
    """:func:`~._stars_kernels.stars_hand` for a PartyPoker hand: its header and lines read by
    the ``_pt_`` stages, its record what each player won and the bet returned; its first
    stage, who was dealt in, the scale and the amounts PokerStars' (``hand_begun``,
    ``hand_units``, ``hand_read``); the hand's site PartyPoker (``sites[hand]``): the players
    dealt in, -1 where the hand is left."""
    if not hand_begun(text, hand, start, end, number, ascii_text, facts):
        return -1
    at, id_start, id_stop, game, betting, implied = _pt_header(text, start, end, reading.numbers)
    if at < 0:
        return -1
    newer = starts_with(text, start, end, _BANNER19)
    if not _pt_lines(text, at, end, reading, units, implied, newer):
        return -1
    count, game, places = hand_units(reading, units, PARTY_SITE, game, hand, facts)
    if count < 0:
        return -1
    _site_said(reading, units, said, count, places)
    hand_read(reading, units, count, places, game, betting, id_start, id_stop)
    sites[hand] = PARTY_SITE
    return count


@kernel()
def pt_share(
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
    """:func:`~._stars_kernels.stars_share` for PartyPoker's hands (read by :func:`pt_hand`): a
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
    no_trimming, has_won, has_finish = 0, 1, 0
    no_bring_in = 0  # no stud in this layout
    for hand in range(worker, hands, threads):
        count = pt_hand(text, hand, starts[hand], stops[hand], first_hand + hand, sites,
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
