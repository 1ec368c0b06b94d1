"""PHH text read in a kernel: the ``[n]`` tables of a buffer found (:func:`phh_index`), each hand
read (the common TOML: one ``key = value`` a line, arrays on one line, literal or plain strings)
and replayed by :func:`~pokerscore.histories._replay_kernels.replay_one` (:func:`phh_hand`), the
hands shared among threads (:func:`phh_hands`). A hand written otherwise (a multi-line array, an
escape, a comment inside an action) is marked :data:`SLOW` for the reference reader."""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import in_threads, kernel
from pokerscore.histories._bytes import (
    APOSTROPHE,
    CLOSE_BRACKET,
    COMMA,
    EQUALS,
    HASH,
    MINUS,
    NEWLINE,
    OPEN_BRACE,
    OPEN_BRACKET,
    POINT,
    QUOTE,
    RETURN,
    SPACE,
    TAB,
    UNDERSCORE,
    ZERO,
    ascii_bytes,
    in_units,
    is_digit,
    is_letter,
    is_word,
    line_end,
    read_card,
    read_number,
    read_string,
    same_span,
    skip_spaces,
    starts_with,
    utf8_sequence,
    word_id,
    word_table,
)
from pokerscore.histories._layout import (
    ACTION_CARDS,
    BADUGI,
    BET_RAISE,
    BRING_IN,
    CHECK_CALL,
    DEAL_BOARD,
    DEAL_HOLE,
    DEUCE_TO_SEVEN_SINGLE,
    DEUCE_TO_SEVEN_TRIPLE,
    DISCARD_DRAW,
    F_ACTION,
    F_ALLIN_CARDS,
    F_ALLIN_STREET,
    F_BIG,
    F_COUNT,
    F_HEADER,
    F_ID_START,
    F_ID_STOP,
    F_LINE,
    F_NUMBER,
    F_POTS,
    F_REFUSAL,
    F_SCALE,
    F_SMALL,
    F_START,
    F_STATUS,
    F_STOP,
    F_VARIANT,
    F_VENUE_START,
    F_VENUE_STOP,
    FIXED_LIMIT,
    FOLD,
    MAX_ACTIONS,
    MAX_DECIMALS,
    MAX_PLAYERS,
    MUCK,
    NO_LIMIT,
    OK,
    OMAHA_5,
    OMAHA_6_HI_LO,
    RAZZ,
    SHORT_DECK_SOT,
    SHOW,
    SLOW,
    STUD,
    STUD_CARDS,
    VARIANT_NAMES,
    Bytes,
    Grid,
    HandRows,
    Ints,
    ReplayTables,
)
from pokerscore.histories._replay_kernels import (
    SAID_SIZE,
    SITE_RECORD_SIZE,
    HandInput,
    _past_units,
    game_tables,
    new_work,
    no_steps,
    record_refusal,
    replay_one,
    unread,
)
from pokerscore.histories._stats_kernels import action_flags
from pokerscore.histories.model import MAX_SEAT
from pokerscore.histories.phh import HAND_NUMBER_DIGITS
from pokerscore.histories.refusals import Refusal


class PhhIndex(NamedTuple):
    """Where each ``[n]`` table of a PHH text starts and stops, its number, header line and
    first line (:func:`phh_index` fills it)."""

    starts: Ints
    stops: Ints
    numbers: Ints
    headers: Ints
    lines: Ints


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
    "bring_in",
)


(K_VARIANT, K_TRIMMING, K_ANTES, K_BLINDS, K_MIN_BET, K_SMALL_BET, K_BIG_BET, K_STACKS,
 K_ACTIONS, K_PLAYERS, K_SEATS, K_WINNINGS, K_FINISHING, K_HAND, K_VENUE, K_BRING_IN) = range(16)  # fmt: skip
BRING_IN_SLOT: Final = 3
"""Where the bring-in is kept beside the bet sizes (min_bet, small_bet, big_bet)."""
_KEY_TEXT, _KEY_LENGTH = word_table(KEYS)
_VARIANT_TEXT, _VARIANT_LENGTH = word_table(VARIANT_NAMES)
PLAYER_LETTER: Final = ord("p")
"""The letter of ``p1``, ``p2`` ... in an action."""
_DEALER: Final = ascii_bytes("d")
_DEAL_HOLE: Final = ascii_bytes("dh")
_DEAL_BOARD: Final = ascii_bytes("db")
_FOLD: Final = ascii_bytes("f")
_CHECK_CALL: Final = ascii_bytes("cc")
_BET_RAISE: Final = ascii_bytes("cbr")
_SHOW_MUCK: Final = ascii_bytes("sm")
_BRING_IN: Final = ascii_bytes("pb")
_DRAW: Final = ascii_bytes("sd")
DRAW_VARIANTS: Final = (
    3 * DEUCE_TO_SEVEN_TRIPLE + FIXED_LIMIT,
    3 * DEUCE_TO_SEVEN_SINGLE + NO_LIMIT,
    3 * BADUGI + FIXED_LIMIT,
)
"""The draw variants the standard names (F2L3D, N2L1D, FB); the other codes of the draw games'
letters go to the lenient reader, which refuses them."""
_TRUE: Final = ascii_bytes("true")
_FALSE: Final = ascii_bytes("false")
_PLUS: Final = ord("+")
_UPPER_T, _LOWER_T, _UPPER_ZED, _LOWER_ZED, _UPPER_E, _LOWER_E = (ord(c) for c in "TtZzEe")
_COLON: Final = ord(":")
_SCALAR_ENDS: Final = np.zeros(256, dtype=np.bool_)
_SCALAR_ENDS[[SPACE, TAB, RETURN, NEWLINE, HASH, COMMA, CLOSE_BRACKET]] = True
"""The bytes that may follow a value of :func:`_toml_scalar`."""
_INT_DIGITS: Final = 640
"""The most digits of a whole number a skipped value may hold for this reader: ``tomllib``
converts one by ``int``, which refuses more than ``sys.get_int_max_str_digits()`` (4,300 by
default, 640 the least it can be set to), so a longer one is the lenient reader's (it refuses
it or reads it, as the limit says)."""
_DELETE: Final = 127
"""The one control character above the space (TOML has none but the tab and the newline)."""
MAX_KEYS: Final = 64
MAX_NESTING: Final = 8
"""Arrays nested deeper in a value this reader skips send the hand to the lenient reader, which
refuses what :mod:`tomllib` cannot read (nested thousands deep) and reads the rest."""
KEPT_KEYS: Final = ("table", "currency", "currency_symbol", "event", "year", "month")
"""Keys this reader does not replay but an import keeps (a hand's setup and month): the span of
each one's value goes to :attr:`PhhLog.spans`, two columns a key."""
_KEPT_TEXT, _KEPT_LENGTH = word_table(KEPT_KEYS)
ACTION_BYTES: Final = 7
"""The fewest bytes an action takes in a hand's text (``'p1 f',``): a hand of ``n`` bytes has at
most ``n // 7`` actions, so hand after hand their places in :class:`PhhLog` never meet."""
(S_TRIMMING, S_MIN_BET, S_BIG_BET, S_BRING_IN, S_HAS_WON, S_HAS_FINISH) = range(6)  # fmt: skip
SETUP_SIZE: Final = 6
"""The columns of :attr:`PhhLog.setup`."""
(V_STACK, V_ANTE, V_BLIND, V_IN_TURN, V_WON, V_FINISHING) = range(6)  # fmt: skip
SEAT_SIZE: Final = 6
"""The columns of :attr:`PhhLog.seats`, per player."""
# The reader's working rows, a few grids rather than forty arrays: every array a kernel takes
# or unpacks costs two of Numba's atomic reference counts a hand (benchmarks/histories.md).
# ``Scratch.seats``, a row each, a column per player: each number key's mantissas, decimals and
# signs (read by :func:`_numbers` into three rows from its first), the players' names, the bet
# sizes (min_bet, small_bet, big_bet, the bring-in), then the amounts in units the replay reads
(STACKS_M, STACKS_D, STACK_SIGNS, ANTES_M, ANTES_D, ANTE_SIGNS, BLINDS_M, BLINDS_D, BLIND_SIGNS,
 WON_M, WON_D, WON_SIGNS, FINISH_M, FINISH_D, FINISH_SIGNS, SIZES_M, SIZES_D, SIZE_SIGNS,
 NAME_STARTS, NAME_STOPS, BET_SIZES_M, BET_SIZES_D, STACKS, ANTES, BLINDS, IN_TURN, PAID,
 FINISHING) = range(28)  # fmt: skip
SEAT_ROWS: Final = 28
# ``Scratch.actions``, a row each, a column per action: where its text starts and stops, its
# kind, actor, amount's mantissa and decimals, amount in units, count of cards, all-in (0)
(A_STARTS, A_STOPS, A_KINDS, A_ACTORS, A_AMOUNTS_M, A_AMOUNTS_D, A_AMOUNTS, A_CARD_COUNTS,
 A_ALL_INS) = range(9)  # fmt: skip
ACTION_ROWS: Final = 9
# ``Scratch.keys``: which keys were seen, where each unknown key starts and stops, and what the
# hand's lines said (``K_READ``, a column each: ``H_``)
K_SEEN, K_STARTS, K_STOPS, K_READ = range(4)
(H_SLOW, H_VARIANT, H_TRIMMING, H_STACKS, H_ANTES, H_BLINDS, H_WON, H_FINISH, H_NAMES, H_SEATS,
 H_ACTIONS, H_ID_START, H_ID_STOP, H_VENUE_START, H_VENUE_STOP, H_STOP, H_PLACES, H_SMALL_BET,
 H_BIG_BET, H_BRING_IN, H_RAW_SMALL, H_RAW_BIG, H_KEYS) = range(23)  # fmt: skip
"""``K_READ``'s columns: whether the hand goes to the reference reader, the variant, ante
trimming, the numbers each number key held (-1: not read, -2: one for all), the hand's id and
venue (spans of the text), where its lines stop; after :func:`_amounts`, the scale and the bets'
sizes in units, the first two blinds as written; the unknown keys seen (``H_KEYS``)."""
H_SIZE: Final = 23


class PhhLog(NamedTuple):
    """What an import keeps of each hand the kernels play, beside its rows (an empty log, the
    runs' :func:`no_log`, keeps nothing): its actions in the log (from ``first[hand]``,
    ``steps[hand]`` of them, or ``first[hand]`` -1: not kept), placed by the hand's start
    (``start // ACTION_BYTES``) so that threads never share a place (the replay's), or one
    after another in each thread's own part (:func:`phh_logs`'); an action's ``cards`` past
    its count are not written; its setup in units
    (``setup``: the ``S_`` columns; ``seats``: the ``V_`` columns per player, in table order as
    the replay takes them); and where the values of :data:`KEPT_KEYS` lie in the text
    (``spans[hand, 2 * k]`` to ``spans[hand, 2 * k + 1]``, -1 where absent)."""

    first: Ints
    steps: Ints
    kinds: npt.NDArray[np.int8]
    actors: npt.NDArray[np.int8]
    amounts: Ints
    """Units for a bet or raise, the cards thrown for a draw, else -1."""
    cards: npt.NDArray[np.int8]
    card_counts: npt.NDArray[np.int8]
    setup: Ints
    seats: Ints
    spans: Ints
    texts: Ints
    """Where each action's string lies in the text: its first byte and the one past its last
    (inside its quotes), two columns an action."""


def no_log() -> PhhLog:
    """A log that keeps nothing (the runs')."""
    empty = np.zeros(0, dtype=np.int64)
    small = np.zeros(0, dtype=np.int8)
    return PhhLog(
        empty, empty, small, small, empty, np.zeros((0, ACTION_CARDS), dtype=np.int8), small,
        np.zeros((0, SETUP_SIZE), dtype=np.int64),
        np.zeros((0, MAX_PLAYERS, SEAT_SIZE), dtype=np.int64),
        np.zeros((0, 2 * len(KEPT_KEYS)), dtype=np.int64),
        np.zeros((0, 2), dtype=np.int64),
    )  # fmt: skip


def new_log(hands: int, size: int) -> PhhLog:
    """A log for ``hands`` hands of a text of ``size`` bytes."""
    places = size // ACTION_BYTES + 1
    return PhhLog(
        np.full(hands, -1, dtype=np.int64),
        np.zeros(hands, dtype=np.int64),
        np.zeros(places, dtype=np.int8),
        np.zeros(places, dtype=np.int8),
        np.zeros(places, dtype=np.int64),
        np.zeros((places, ACTION_CARDS), dtype=np.int8),  # (read to each action's count only)
        np.zeros(places, dtype=np.int8),
        np.zeros((hands, SETUP_SIZE), dtype=np.int64),
        np.zeros((hands, MAX_PLAYERS, SEAT_SIZE), dtype=np.int64),
        np.full((hands, 2 * len(KEPT_KEYS)), -1, dtype=np.int64),
        np.zeros((places, 2), dtype=np.int64),
    )


@kernel(inline=True)
def _positive(grid: Grid, row: int, count: int) -> bool:
    ok = True
    for k in range(count):
        ok = ok and grid[row, k] > 0
    return ok


@kernel(inline=True)
def _is_header(text: Bytes, at: int, stop: int) -> bool:
    """Whether a line starting with ``[`` is a ``[key]`` table header, as the reference reader
    takes one."""
    at = skip_spaces(text, at + 1, stop)
    begin = at
    while (
        at < stop
        and text[at] != CLOSE_BRACKET
        and text[at] != SPACE
        and text[at] != TAB
        and text[at] != RETURN
    ):
        at += 1
    if at == begin:
        return False
    at = skip_spaces(text, at, stop)
    if at >= stop or text[at] != CLOSE_BRACKET:
        return False
    while at + 1 < stop and (text[at + 1] == SPACE or text[at + 1] == TAB):
        at += 1
    return at + 1 >= stop or text[at + 1] == HASH or text[at + 1] == RETURN


@kernel(inline=True)
def _value_end(text: Bytes, at: int, end: int) -> bool:
    """Whether only spaces and a comment follow ``at`` on its line."""
    while at < end and (text[at] == SPACE or text[at] == TAB or text[at] == RETURN):
        at += 1
    return at >= end or text[at] == NEWLINE or text[at] == HASH


@kernel(inline=True)
def _toml_number_start(text: Bytes, at: int, end: int) -> bool:
    """Whether the number :func:`~._bytes.read_number` read at ``at`` starts as TOML writes
    one: a digit after its sign, not a point (``.5``), and no zero before another digit
    (``05``), which the lenient reader refuses."""
    if at < end and text[at] == MINUS:
        at += 1
    if at >= end or text[at] == POINT:
        return False
    return not (text[at] == ZERO and at + 1 < end and is_digit(text[at + 1]))


@kernel()
def _numbers(text: Bytes, at: int, end: int, into: Grid) -> tuple[int, int]:
    """A one-line array of numbers (or one number) into the rows of ``into``: the mantissas,
    the decimals, the signs (three rows of :attr:`Scratch.seats`, a slice: the row passed as a
    number would be a constant, which compiles the helper once for each): (count, next
    position); count -1 if not one this reader takes. More than MAX_PLAYERS entries is not
    one."""
    if text[at] != OPEN_BRACKET:  # one number
        mantissa, places, sign, after = read_number(text, at, end)
        if after < 0 or not _toml_number_start(text, at, end):
            return -1, at
        into[0, 0] = mantissa
        into[1, 0] = places
        into[2, 0] = sign
        return -2, after  # -2: a single number (antes may be one)
    at += 1
    count = 0
    while True:
        at = skip_spaces(text, at, end)
        if at >= end:
            return -1, at
        if text[at] == CLOSE_BRACKET:
            return count, at + 1
        if count == MAX_PLAYERS:
            return -1, at
        mantissa, places, sign, after = read_number(text, at, end)
        if after < 0 or not _toml_number_start(text, at, end):
            return -1, at
        into[0, count] = mantissa
        into[1, count] = places
        into[2, count] = sign
        count += 1
        at = skip_spaces(text, after, end)
        if at < end and text[at] == COMMA:
            at += 1
        elif at >= end or text[at] != CLOSE_BRACKET:
            return -1, at


@kernel()
def _strings(text: Bytes, at: int, end: int, into: Grid, room: int) -> tuple[int, int]:
    """A one-line array of strings, where each starts and stops into the two rows of ``into``
    (a slice, as :func:`_numbers`'): (count, next position); count -1 if not one."""
    if text[at] != OPEN_BRACKET:
        return -1, at
    at += 1
    count = 0
    while True:
        at = skip_spaces(text, at, end)
        if at >= end:
            return -1, at
        if text[at] == CLOSE_BRACKET:
            return count, at + 1
        if count == room:
            return -1, at
        start, stop, after = read_string(text, at, end)
        if after < 0:
            return -1, at
        into[0, count] = start
        into[1, count] = stop
        count += 1
        at = skip_spaces(text, after, end)
        if at < end and text[at] == COMMA:
            at += 1
        elif at >= end or text[at] != CLOSE_BRACKET:
            return -1, at


@kernel(inline=True)
def _distinct_names(text: Bytes, grid: Grid, count: int) -> bool:
    """Whether every player's name is there and none is another's (the reference reader
    refuses a hand that names a player twice, or none)."""
    for i in range(count):
        if grid[NAME_STOPS, i] <= grid[NAME_STARTS, i]:
            return False
        for j in range(i):
            if same_span(text, grid[NAME_STARTS, i], grid[NAME_STOPS, i],
                         grid[NAME_STARTS, j], grid[NAME_STOPS, j]):  # fmt: skip
                return False
    return True


@kernel()
def _skip_value(text: Bytes, at: int, end: int) -> int:
    """Past a value this reader does not keep, if it ends on its line and is TOML this reader
    knows (:func:`_toml_array`, :func:`_toml_scalar`); -1 if not: the hand is the lenient
    reader's, which reads it or refuses it (one grammar: what ``tomllib`` refuses is never
    played)."""
    if text[at] == APOSTROPHE or text[at] == QUOTE:
        _, _, after = read_string(text, at, end)
        return after
    if text[at] == OPEN_BRACE:  # an inline table
        return -1
    if text[at] == OPEN_BRACKET:
        return _toml_array(text, at, end)
    return _toml_scalar(text, at, end)


@kernel()
def _toml_array(text: Bytes, at: int, end: int) -> int:
    """Past the one-line array at ``at`` (its ``[``) whose items are strings, values of
    :func:`_toml_scalar` or such arrays (nested up to :data:`MAX_NESTING`), commas between them
    (one after the last too); -1 if not (a comment inside, an array over lines ...)."""
    depth = 0
    want = True  # a value, or the end of the array: after a ``[`` or a comma
    while at < end:
        byte = text[at]
        if byte == SPACE or byte == TAB:  # noqa: SIM109 (a kernel compares bytes)
            at += 1
        elif byte == OPEN_BRACKET:
            depth += 1
            if not want or depth > MAX_NESTING:
                return -1
            at += 1
        elif byte == CLOSE_BRACKET:
            depth -= 1
            at += 1
            if depth == 0:
                return at
            want = False
        elif want:
            if byte == APOSTROPHE or byte == QUOTE:  # noqa: SIM109 (a kernel compares bytes)
                _, _, at = read_string(text, at, end)
            else:
                at = _toml_scalar(text, at, end)
            if at < 0:
                return -1
            want = False
        elif byte == COMMA:
            want = True
            at += 1
        else:
            return -1
    return -1


@kernel(inline=True)
def _digits(text: Bytes, at: int, end: int, count: int) -> int:
    """The number the ``count`` digits at ``at`` write; -1 if they are not all digits."""
    value = 0
    for k in range(at, at + count):
        if k >= end or not is_digit(text[k]):
            return -1
        value = value * 10 + (text[k] - ZERO)
    return value


@kernel(inline=True)
def _toml_time(text: Bytes, at: int, end: int) -> int:
    """Past a time ``HH:MM:SS`` (and a fraction of a second) at ``at``; -1 if not one."""
    hours, minutes, seconds = _digits(text, at, end, 2), _digits(text, at + 3, end, 2), _digits(text, at + 6, end, 2)  # fmt: skip
    if not (0 <= hours <= 23 and 0 <= minutes <= 59 and 0 <= seconds <= 59):
        return -1
    if text[at + 2] != _COLON or text[at + 5] != _COLON:
        return -1
    at += 8
    if at < end and text[at] == POINT:
        at += 1
        if at >= end or not is_digit(text[at]):
            return -1
        while at < end and is_digit(text[at]):
            at += 1
    return at


@kernel(inline=True)
def _toml_date_time(text: Bytes, at: int, end: int) -> int:
    """Past a local time, or a date (``YYYY-MM-DD``, a day every month has) and after a ``T``
    a time and an offset, at ``at``; -1 if not one (a date of the 29th to the 31st too: the
    lenient reader knows the months)."""
    if at + 2 < end and text[at + 2] == _COLON:
        return _toml_time(text, at, end)
    year, month, day = _digits(text, at, end, 4), _digits(text, at + 5, end, 2), _digits(text, at + 8, end, 2)  # fmt: skip
    if year < 1 or not (1 <= month <= 12 and 1 <= day <= 28):
        return -1
    if text[at + 4] != MINUS or text[at + 7] != MINUS:
        return -1
    at += 10
    if at < end and (text[at] == _UPPER_T or text[at] == _LOWER_T):
        at = _toml_time(text, at + 1, end)
        if at < 0:
            return -1
        if at < end and (text[at] == _UPPER_ZED or text[at] == _LOWER_ZED):
            at += 1
        elif at < end and (text[at] == _PLUS or text[at] == MINUS):
            hours, minutes = _digits(text, at + 1, end, 2), _digits(text, at + 4, end, 2)
            if not (0 <= hours <= 23 and 0 <= minutes <= 59) or text[at + 3] != _COLON:
                return -1
            at += 6
    return at


@kernel()
def _toml_scalar(text: Bytes, at: int, end: int) -> int:
    """Past a value at ``at`` that TOML reads and this reader knows (a boolean; a decimal
    number without underscores, its exponent too; a date or time of :func:`_toml_date_time`),
    ended by a space, a comma, a ``]``, a comment or the line's end; -1 if not (a word, a
    number TOML does not write, a hexadecimal one, ``inf`` ...: the lenient reader decides)."""
    after: int
    if starts_with(text, at, end, _TRUE):
        after = at + _TRUE.shape[0]
    elif starts_with(text, at, end, _FALSE):
        after = at + _FALSE.shape[0]
    else:
        after = _toml_date_time(text, at, end)
        if after < 0:
            after = at
            if after < end and (text[after] == MINUS or text[after] == _PLUS):
                after += 1
            first = after
            while after < end and is_digit(text[after]):
                after += 1
            if after == first or (text[first] == ZERO and after - first > 1):
                return -1
            whole = after - first  # (a whole number past Python's digits: the lenient reader's)
            if whole > _INT_DIGITS and (after >= end or (text[after] != POINT and text[after] != _LOWER_E and text[after] != _UPPER_E)):  # fmt: skip
                return -1
            if after < end and text[after] == POINT:
                after += 1
                if after >= end or not is_digit(text[after]):
                    return -1
                while after < end and is_digit(text[after]):
                    after += 1
            if after < end and (text[after] == _LOWER_E or text[after] == _UPPER_E):
                after += 1
                if after < end and (text[after] == MINUS or text[after] == _PLUS):
                    after += 1
                if after >= end or not is_digit(text[after]):
                    return -1
                while after < end and is_digit(text[after]):
                    after += 1
    if after >= end:
        return after
    ends: bool = _SCALAR_ENDS[text[after]]
    return after if ends else -1


@kernel()
def _action(
    text: Bytes,
    start: int,
    stop: int,
    index: int,
    cards: npt.NDArray[np.int64],
    word_at: Grid,
) -> tuple[bool, int, int, int, int, int]:
    """One action string: whether this reader takes it, and its kind, actor, amount (mantissa
    and decimal places) and count of cards (the cards into row ``index`` of ``cards``; where
    each word starts and stops into the rows of ``word_at``). The
    fields come back as numbers, not written into five arrays passed in: each array argument
    costs two of Numba's atomic reference counts a call, and this runs once an action
    (``benchmarks/histories.md``, "PHH's part of the regression")."""
    kind = -1
    actor = -1
    mantissa = -1
    decimal_places = 0
    count = 0
    words = 0
    at = start
    while at < stop:
        while at < stop and text[at] == SPACE:
            at += 1
        if at >= stop:
            break
        if words == 5 or text[at] == HASH:
            return False, kind, actor, mantissa, decimal_places, count
        word_at[0, words] = at
        while at < stop and text[at] != SPACE:
            if text[at] == HASH or text[at] == TAB:
                return False, kind, actor, mantissa, decimal_places, count
            at += 1
        word_at[1, words] = at
        words += 1
    if words < 2:
        return False, kind, actor, mantissa, decimal_places, count
    first = word_at[0, 0]
    # the player of "pN ..." (or the dealer "d")
    player = -1
    if text[first] == PLAYER_LETTER and word_at[1, 0] - first >= 2:
        player = 0
        for k in range(first + 1, word_at[1, 0]):
            if not is_digit(text[k]):
                return False, kind, actor, mantissa, decimal_places, count
            player = player * 10 + (text[k] - ZERO)
        if player < 1 or player > 99:
            return False, kind, actor, mantissa, decimal_places, count
        player -= 1
    elif not is_word(text, first, word_at[1, 0], _DEALER):
        return False, kind, actor, mantissa, decimal_places, count
    verb = word_at[0, 1]
    verb_stop = word_at[1, 1]
    if player < 0:  # d dh pN cards | d db cards
        if is_word(text, verb, verb_stop, _DEAL_HOLE) and words == 4:
            target = word_at[0, 2]
            if text[target] != PLAYER_LETTER:
                return False, kind, actor, mantissa, decimal_places, count
            who = 0
            for k in range(target + 1, word_at[1, 2]):
                if not is_digit(text[k]):
                    return False, kind, actor, mantissa, decimal_places, count
                who = who * 10 + (text[k] - ZERO)
            if who < 1 or word_at[1, 2] - target < 2:
                return False, kind, actor, mantissa, decimal_places, count
            kind = DEAL_HOLE
            actor = who - 1
            card_word = 3
        elif is_word(text, verb, verb_stop, _DEAL_BOARD) and words == 3:
            kind = DEAL_BOARD
            card_word = 2
        else:
            return False, kind, actor, mantissa, decimal_places, count
    else:
        actor = player
        card_word = -1
        if is_word(text, verb, verb_stop, _FOLD) and words == 2:
            kind = FOLD
        elif is_word(text, verb, verb_stop, _CHECK_CALL) and words == 2:
            kind = CHECK_CALL
        elif is_word(text, verb, verb_stop, _BRING_IN) and words == 2:
            kind = BRING_IN
        elif is_word(text, verb, verb_stop, _DRAW) and words <= 4:  # pN sd [thrown [drawn]]
            kind = DISCARD_DRAW
            given = 0  # the count thrown in mantissas; at most two words of five cards
            for word in range(2, words):
                length = word_at[1, word] - word_at[0, word]
                if length % 2 or length == 0 or length > ACTION_CARDS:  # five cards a word
                    return False, kind, actor, mantissa, decimal_places, count
                for k in range(length // 2):
                    card = read_card(text, word_at[0, word] + 2 * k)
                    if card == -2:
                        return False, kind, actor, mantissa, decimal_places, count
                    cards[index, given + k] = card
                given += length // 2
                if word == 2:
                    mantissa = given
            if words == 2:
                mantissa = 0
            count = given
        elif is_word(text, verb, verb_stop, _BET_RAISE) and words == 3:
            number, places, sign, after = read_number(text, word_at[0, 2], word_at[1, 2])
            if after != word_at[1, 2] or sign < 0 or text[word_at[0, 2]] == POINT:
                return False, kind, actor, mantissa, decimal_places, count  # ``.5``: no TOML
            kind = BET_RAISE
            mantissa = number
            decimal_places = places
        elif is_word(text, verb, verb_stop, _SHOW_MUCK):
            if words == 2:
                kind = MUCK
            elif words == 3:
                kind = SHOW
                if word_at[1, 2] - word_at[0, 2] == 1 and text[word_at[0, 2]] == MINUS:
                    card_word = -1  # "sm -": shown, cards not said
                else:
                    card_word = 2
            else:
                return False, kind, actor, mantissa, decimal_places, count
        else:
            return False, kind, actor, mantissa, decimal_places, count
    if card_word >= 0:
        length = word_at[1, card_word] - word_at[0, card_word]
        if length % 2 or length == 0 or length > 2 * STUD_CARDS:
            return False, kind, actor, mantissa, decimal_places, count
        for k in range(length // 2):
            card = read_card(text, word_at[0, card_word] + 2 * k)
            if card == -2:
                return False, kind, actor, mantissa, decimal_places, count
            cards[index, k] = card
        count = length // 2
    return True, kind, actor, mantissa, decimal_places, count


class Scratch(NamedTuple):
    """The working arrays of one reading thread (allocated once, reused hand after hand): a few
    grids, not an array a field, since every array a kernel takes costs it two atomic reference
    counts a call (``benchmarks/histories.md``). The replay's own (``ReplayWork``, the records
    passed for nothing) are :func:`_phh_share`'s, which calls the replay."""

    keys: Grid
    """The ``K_SEEN``, ``K_STARTS`` and ``K_STOPS`` rows: the keys seen, the unknown ones; and
    ``K_READ``: what the hand's lines said (the ``H_`` columns)."""
    seats: Grid
    """``SEAT_ROWS`` rows of a column per player (``STACKS_M`` …)."""
    actions: Grid
    """``ACTION_ROWS`` rows of a column per action (``A_STARTS`` …)."""
    cards: Grid
    word_at: Grid
    """Where each word of an action starts (row 0) and stops (row 1)."""
    no_said: Ints
    powers: Ints


@kernel()
def new_scratch() -> Scratch:
    """Working arrays for :func:`phh_read`."""
    keys = np.zeros((4, max(len(KEYS), MAX_KEYS, H_SIZE)), dtype=np.int64)
    seats = np.zeros((SEAT_ROWS, max(MAX_PLAYERS, BRING_IN_SLOT + 1)), dtype=np.int64)
    actions = np.zeros((ACTION_ROWS, MAX_ACTIONS), dtype=np.int64)
    powers = np.ones(19, dtype=np.int64)
    for k in range(1, 19):
        powers[k] = powers[k - 1] * 10
    return Scratch(
        keys,
        seats,
        actions,
        np.zeros((MAX_ACTIONS, ACTION_CARDS), dtype=np.int64),
        np.zeros((2, 5), dtype=np.int64),
        np.zeros(SAID_SIZE, dtype=np.int64),
        powers,
    )


@kernel()
def phh_index(
    text: Bytes,
    single: bool,
    first_line: int,
    first_place: int,
    starts: Ints,
    stops: Ints,
    numbers: Ints,
    headers: Ints,
    lines: Ints,
) -> int:
    """Where each hand of ``text`` lies (one ``.phh`` hand when ``single``, else the ``[n]``
    tables of a ``.phhs`` text from a line start): its content (after the header line), its
    number, the line of its header and of its first line (``lines``, and the text's line count
    at ``lines[hands]``); the number of hands, or -1 when text stands before the first table.
    A table whose name is no hand number is numbered by its place in the file, the text's first
    table's place being ``first_place`` (as ``phh.phh_tables`` numbers it)."""
    end = text.shape[0]
    at = 0
    line = first_line
    hands = 0
    position = first_place - 1
    if single:
        starts[0] = 0
        stops[0] = end
        numbers[0] = 1
        headers[0] = 1
        lines[0] = 1
        count = 0
        for k in range(end):
            count += text[k] == NEWLINE
        lines[1] = first_line + count
        return 1
    while at < end:
        stop = line_end(text, at, end)
        # the helper's copy of the text (two atomic reference counts) only where a line may be
        # a header, not at every line
        if text[at] == OPEN_BRACKET and _is_header(text, at, stop):
            inner = skip_spaces(text, at + 1, stop)
            close = inner
            digits = True
            while close < stop and text[close] != CLOSE_BRACKET and text[close] != SPACE and text[close] != TAB and text[close] != RETURN:  # fmt: skip
                digits = digits and is_digit(text[close])
                close += 1
            position += 1
            number = position
            if digits and close > inner and close - inner <= HAND_NUMBER_DIGITS:
                number = 0
                for k in range(inner, close):
                    number = number * 10 + (text[k] - ZERO)
            if hands:
                stops[hands - 1] = at
            numbers[hands] = number
            headers[hands] = line
            starts[hands] = stop + 1
            lines[hands] = line + 1
            hands += 1
        elif not hands:
            first = skip_spaces(text, at, stop)
            if first < stop and text[first] != HASH and text[first] != RETURN:
                return -1
        at = stop + 1
        line += 1
    if hands:
        stops[hands - 1] = end
    lines[hands] = line
    return hands


@kernel(inline=True)
def _unknown_key(
    text: Bytes, first: int, key_end: int, value: int, stop: int, hand: int, key_grid: Grid,
    spans: Grid,
) -> int:  # fmt: skip
    """A key the kernel does not read, on a line from ``first``: skipped to the end of its value
    (returned, or -1); the hand goes to the reference reader if it was seen before (a key twice
    is not TOML) or past :data:`MAX_KEYS`; its value's span kept when it is one of
    :data:`KEPT_KEYS` and ``spans`` (an import's log) has room."""
    keys_seen = key_grid[K_READ, H_KEYS]
    for k in range(keys_seen):  # a key twice is not TOML
        if key_grid[K_STOPS, k] - key_grid[K_STARTS, k] == key_end - first:
            same = True
            for j in range(key_end - first):
                if text[key_grid[K_STARTS, k] + j] != text[first + j]:
                    same = False
                    break
            if same:
                key_grid[K_READ, H_SLOW] = 1
    if keys_seen == MAX_KEYS:
        key_grid[K_READ, H_SLOW] = 1
    else:
        key_grid[K_STARTS, keys_seen] = first
        key_grid[K_STOPS, keys_seen] = key_end
        key_grid[K_READ, H_KEYS] = keys_seen + 1
    after = _skip_value(text, value, stop)
    if spans.shape[0]:
        kept = word_id(text, first, key_end, _KEPT_TEXT, _KEPT_LENGTH)
        if kept >= 0:
            spans[hand, 2 * kept] = value
            spans[hand, 2 * kept + 1] = after
    return after


@kernel(inline=True)
def _read_lines(
    text: Bytes, hand: int, start: int, end: int, seat_numbers: Grid, scratch: Scratch,
    spans: Grid,
) -> None:  # fmt: skip
    """The hand's lines ``text[start:end]``, one ``key = value`` each: the keys the kernel reads
    into ``scratch`` (the numbers into ``seats``, the actions' text places into ``actions``, the
    rest into ``keys[K_READ]``, the ``H_`` columns), any other skipped (:func:`_unknown_key`).
    ``H_SLOW`` when a line is written otherwise."""
    key_grid, per_seat, per_action = scratch.keys, scratch.seats, scratch.actions
    read = key_grid[K_READ]
    for k in range(H_SIZE):
        read[k] = -1
    read[H_SLOW], read[H_TRIMMING], read[H_STACKS], read[H_ANTES], read[H_BLINDS] = 0, 0, 0, 0, 0
    read[H_ACTIONS], read[H_KEYS] = 0, 0
    for k in range(len(KEYS)):
        key_grid[K_SEEN, k] = 0
    at = start
    while at < end:
        stop = line_end(text, at, end)
        if read[H_SLOW]:
            at = stop + 1
            continue
        first = skip_spaces(text, at, stop)
        if first >= stop or text[first] == HASH or text[first] == RETURN:
            at = stop + 1
            continue
        key_end = first
        while key_end < stop and (
            is_digit(text[key_end])
            or is_letter(text[key_end])
            or text[key_end] == UNDERSCORE
            or text[key_end] == MINUS
        ):
            key_end += 1
        equals = skip_spaces(text, key_end, stop)
        value = skip_spaces(text, equals + 1, stop)
        if key_end == first or equals >= stop or text[equals] != EQUALS or value >= stop:
            read[H_SLOW] = 1
            at = stop + 1
            continue
        key = word_id(text, first, key_end, _KEY_TEXT, _KEY_LENGTH)
        after = -1
        if key < 0:
            after = _unknown_key(text, first, key_end, value, stop, hand, key_grid, spans)
        elif key_grid[K_SEEN, key]:
            read[H_SLOW] = 1
        else:
            key_grid[K_SEEN, key] = 1
            if key == K_VARIANT:
                v_start, v_stop, after = read_string(text, value, stop)
                if after >= 0:
                    read[H_VARIANT] = word_id(text, v_start, v_stop, _VARIANT_TEXT, _VARIANT_LENGTH)
            elif key == K_TRIMMING:
                if starts_with(text, value, stop, _TRUE):
                    read[H_TRIMMING] = 1
                    after = value + _TRUE.shape[0]
                elif starts_with(text, value, stop, _FALSE):
                    read[H_TRIMMING] = 0
                    after = value + _FALSE.shape[0]
            elif key == K_ANTES:
                n, after = _numbers(text, value, stop, per_seat[ANTES_M : ANTES_M + 3])
                read[H_ANTES] = n
                if not _positive(per_seat, ANTE_SIGNS, 1 if n == -2 else n):
                    after = -1
            elif key == K_BLINDS:
                n, after = _numbers(text, value, stop, per_seat[BLINDS_M : BLINDS_M + 3])
                read[H_BLINDS] = n
                if n == -2:
                    after = -1
            elif key == K_STACKS:
                n, after = _numbers(text, value, stop, per_seat[STACKS_M : STACKS_M + 3])
                read[H_STACKS] = n
                if n == -2 or not _positive(per_seat, STACK_SIGNS, n):
                    after = -1
            elif key == K_WINNINGS:
                n, after = _numbers(text, value, stop, per_seat[WON_M : WON_M + 3])
                read[H_WON] = n
                if n == -2 or not _positive(per_seat, WON_SIGNS, n):
                    after = -1
            elif key == K_FINISHING:
                n, after = _numbers(text, value, stop, per_seat[FINISH_M : FINISH_M + 3])
                read[H_FINISH] = n
                if n == -2 or not _positive(per_seat, FINISH_SIGNS, n):
                    after = -1
            elif K_MIN_BET <= key <= K_BIG_BET or key == K_BRING_IN:
                size, after = _numbers(text, value, stop, per_seat[SIZES_M : SIZES_M + 3])
                slot = BRING_IN_SLOT if key == K_BRING_IN else key - K_MIN_BET
                if size != -2 or per_seat[SIZE_SIGNS, 0] < 0:
                    after = -1
                per_seat[BET_SIZES_M, slot] = per_seat[SIZES_M, 0]
                per_seat[BET_SIZES_D, slot] = per_seat[SIZES_D, 0]
            elif key == K_ACTIONS:
                n, after = _strings(text, value, stop, per_action[A_STARTS : A_STARTS + 2],
                                    MAX_ACTIONS)  # fmt: skip
                read[H_ACTIONS] = n
            elif key == K_PLAYERS:
                n, after = _strings(text, value, stop, per_seat[NAME_STARTS : NAME_STARTS + 2],
                                    MAX_PLAYERS)  # fmt: skip
                read[H_NAMES] = n
            elif key == K_SEATS:
                n, after = _numbers(text, value, stop, per_seat[SIZES_M : SIZES_M + 3])
                read[H_SEATS] = n
                if n >= 0:
                    for k in range(n):
                        if (per_seat[SIZES_D, k] or per_seat[SIZES_M, k] > MAX_SEAT
                                or per_seat[SIZE_SIGNS, k] < 0):  # fmt: skip
                            after = -1
                        seat_numbers[hand, k] = per_seat[SIZES_M, k]
                else:
                    after = -1
            elif key == K_HAND:
                if text[value] == APOSTROPHE or text[value] == QUOTE:
                    read[H_ID_START], read[H_ID_STOP], after = read_string(text, value, stop)
                else:
                    _, places, sign, after = read_number(text, value, stop)
                    if places or sign < 0 or (after >= 0 and text[value] == ZERO and after - value > 1):  # fmt: skip
                        after = -1
                    read[H_ID_START] = value
                    read[H_ID_STOP] = after
            elif key == K_VENUE:
                read[H_VENUE_START], read[H_VENUE_STOP], after = read_string(text, value, stop)
        if after < 0 or not _value_end(text, after, stop):
            read[H_SLOW] = 1
        at = stop + 1
    read[H_STOP] = at


@kernel(inline=True)
def _plain(text: Bytes, start: int, stop: int, key_grid: Grid, per_seat: Grid) -> bool:
    """The checks the reference reader makes on the lines read, and what this reader leaves to
    it: whether the hand is plain (read whole, every count agreeing, UTF-8)."""
    read = key_grid[K_READ]
    count, n_antes, n_blinds, n_names = read[H_STACKS], read[H_ANTES], read[H_BLINDS], read[H_NAMES]
    n_won, n_finish, n_seats, variant = read[H_WON], read[H_FINISH], read[H_SEATS], read[H_VARIANT]
    return not (
        read[H_SLOW]
        or variant < 0
        or count < 2
        or not (
            n_antes == count or n_antes == -2 or (n_antes == 0 and not key_grid[K_SEEN, K_ANTES])
        )
        or not (
            n_blinds == count
            or (3 * STUD <= variant < 3 * DEUCE_TO_SEVEN_TRIPLE and not key_grid[K_SEEN, K_BLINDS])
        )
        or (n_won >= 0 and n_won != count)
        or (n_finish >= 0 and n_finish != count)
        or (n_names >= 0 and n_names != count)
        or (n_seats >= 0 and n_seats != count)
        or read[H_ACTIONS] < 0
        or not key_grid[K_SEEN, K_ACTIONS]
        or (key_grid[K_SEEN, K_WINNINGS] and n_won < 0)
        or (key_grid[K_SEEN, K_FINISHING] and n_finish < 0)
        or (key_grid[K_SEEN, K_PLAYERS] and n_names < 0)
        or (n_names > 0 and not _distinct_names(text, per_seat, n_names))
        or not _toml_text(text, start, stop)
    )


@kernel(inline=True)
def _toml_text(text: Bytes, start: int, stop: int) -> bool:
    """Whether ``text[start:stop]`` is UTF-8 (the bounds of each sequence's bytes, as
    :func:`~._bytes.utf8_sequence` checks them) and holds no character TOML refuses: no control
    character but the tab and the newline, a carriage return only before a newline. One pass,
    the printable ASCII bytes first (most bytes)."""
    end = text.shape[0]
    stop = min(stop, end)  # (a hand's last line may stop past the text)
    at = start
    while at < stop:
        byte = text[at]
        if SPACE <= byte < _DELETE:
            at += 1
        elif byte >= 0x80:
            size = utf8_sequence(text, at, stop)
            if size == 0:
                return False
            at += size
        elif byte == TAB or byte == NEWLINE:  # noqa: SIM109, SIM114 (a kernel compares bytes)
            at += 1
        elif byte == RETURN and at + 1 < end and text[at + 1] == NEWLINE:
            at += 1
        else:
            return False
    return True


@kernel(inline=True)
def _game_read(key_grid: Grid, per_seat: Grid) -> int:
    """The game of a plain hand (:func:`_plain`) the kernel plays, its blinds, bring-in and
    antes filled where the text leaves them out; or -1 (the reference reader's)."""
    read = key_grid[K_READ]
    variant, count = read[H_VARIANT], read[H_STACKS]
    betting = variant % 3
    game = variant // 3
    stud = STUD <= game <= RAZZ
    if OMAHA_5 <= game <= OMAHA_6_HI_LO:  # no PHH variant names them: the lenient reader says so
        return -1
    if game >= DEUCE_TO_SEVEN_TRIPLE:
        named = False
        for code in DRAW_VARIANTS:
            named = named or variant == code
        if not named:
            return -1
    if stud and not key_grid[K_SEEN, K_BLINDS]:  # stud posts no blinds
        for i in range(count):
            per_seat[BLINDS_M, i] = 0
            per_seat[BLINDS_D, i] = 0
            per_seat[BLIND_SIGNS, i] = 1
    if not stud or not key_grid[K_SEEN, K_BRING_IN]:
        per_seat[BET_SIZES_M, BRING_IN_SLOT] = 0
        per_seat[BET_SIZES_D, BRING_IN_SLOT] = 0
    if betting == FIXED_LIMIT:
        if not (key_grid[K_SEEN, K_SMALL_BET] and key_grid[K_SEEN, K_BIG_BET]):
            return -1
    elif not key_grid[K_SEEN, K_MIN_BET]:
        return -1
    if read[H_ANTES] == -2:
        for i in range(1, count):
            per_seat[ANTES_M, i] = per_seat[ANTES_M, 0]
            per_seat[ANTES_D, i] = per_seat[ANTES_D, 0]
    elif read[H_ANTES] == 0:
        for i in range(count):
            per_seat[ANTES_M, i] = 0
            per_seat[ANTES_D, i] = 0
    return int(game)


@kernel(inline=True)
def _decimals(places: int, mantissa: int, decimals: int, powers: Ints) -> int:
    """The scale so far and an amount's decimals: the more of them if the amount is not whole."""
    if decimals and mantissa % powers[decimals]:
        return max(places, decimals)
    return places


@kernel(inline=True)
def _scale(text: Bytes, hand: int, facts: Grid, scratch: Scratch, game: int) -> int:
    """The hand's actions read (:func:`_action`) and its scale: the most decimals of a
    non-whole amount (the setup's and the bets'); or -1, its refusal in ``facts``."""
    read, per_seat, per_action = scratch.keys[K_READ], scratch.seats, scratch.actions
    cards, word_at, powers = scratch.cards, scratch.word_at, scratch.powers
    count, betting = read[H_STACKS], read[H_VARIANT] % 3
    places = 0
    for i in range(count):
        places = _decimals(places, per_seat[STACKS_M, i], per_seat[STACKS_D, i], powers)
        places = _decimals(places, per_seat[ANTES_M, i], per_seat[ANTES_D, i], powers)
        places = _decimals(places, per_seat[BLINDS_M, i], per_seat[BLINDS_D, i], powers)
        if read[H_WON] > 0:
            places = _decimals(places, per_seat[WON_M, i], per_seat[WON_D, i], powers)
        if read[H_FINISH] > 0:
            places = _decimals(places, per_seat[FINISH_M, i], per_seat[FINISH_D, i], powers)
    for slot in range(BRING_IN_SLOT + 1):
        used = slot > 0 if betting == FIXED_LIMIT else slot == 0
        if used:
            mantissa, decimals = per_seat[BET_SIZES_M, slot], per_seat[BET_SIZES_D, slot]
            places = _decimals(places, mantissa, decimals, powers)
    for step in range(read[H_ACTIONS]):
        taken, kind, actor, mantissa, decimals, card_count = _action(
            text, per_action[A_STARTS, step], per_action[A_STOPS, step], step, cards, word_at
        )
        per_action[A_KINDS, step] = kind
        per_action[A_ACTORS, step] = actor
        per_action[A_AMOUNTS_M, step] = mantissa
        per_action[A_AMOUNTS_D, step] = decimals
        per_action[A_CARD_COUNTS, step] = card_count
        if not taken or (kind == DISCARD_DRAW and game < DEUCE_TO_SEVEN_TRIPLE):
            facts[hand, F_REFUSAL] = Refusal.ACTION_TEXT  # a draw elsewhere: the lenient words it
            facts[hand, F_ACTION] = step
            return -1
        if kind == BET_RAISE:
            places = _decimals(places, mantissa, decimals, powers)
    if places > MAX_DECIMALS:
        facts[hand, F_REFUSAL] = Refusal.DECIMALS
        return -1
    return places


@kernel(inline=True)
def _in_units(scratch: Scratch, places: int) -> None:
    """The hand's amounts in units of its scale ``places``: the seats' (heads-up written from
    the big blind's side), the bets', the bet sizes and the bring-in (``K_READ``'s ``H_``)."""
    read, per_seat, per_action = scratch.keys[K_READ], scratch.seats, scratch.actions
    powers = scratch.powers
    count, betting = read[H_STACKS], read[H_VARIANT] % 3
    for i in range(count):
        per_seat[STACKS, i] = in_units(per_seat[STACKS_M, i], per_seat[STACKS_D, i], places, powers)
        per_seat[ANTES, i] = in_units(per_seat[ANTES_M, i], per_seat[ANTES_D, i], places, powers)
        per_seat[BLINDS, i] = in_units(per_seat[BLINDS_M, i], per_seat[BLINDS_D, i], places, powers)
        per_seat[IN_TURN, i] = 1 if per_seat[BLIND_SIGNS, i] > 0 else 0
        per_seat[PAID, i] = (
            in_units(per_seat[WON_M, i], per_seat[WON_D, i], places, powers)
            if read[H_WON] > 0
            else 0
        )
        per_seat[FINISHING, i] = (
            in_units(per_seat[FINISH_M, i], per_seat[FINISH_D, i], places, powers)
            if read[H_FINISH] > 0
            else 0
        )
    read[H_RAW_SMALL] = per_seat[BLINDS, 0]
    read[H_RAW_BIG] = per_seat[BLINDS, 1]
    if count == 2:  # heads-up: written from the big blind's side
        per_seat[ANTES, 0], per_seat[ANTES, 1] = per_seat[ANTES, 1], per_seat[ANTES, 0]
        per_seat[BLINDS, 0], per_seat[BLINDS, 1] = per_seat[BLINDS, 1], per_seat[BLINDS, 0]
        per_seat[IN_TURN, 0], per_seat[IN_TURN, 1] = per_seat[IN_TURN, 1], per_seat[IN_TURN, 0]
    for step in range(read[H_ACTIONS]):
        per_action[A_AMOUNTS, step] = (
            in_units(per_action[A_AMOUNTS_M, step], per_action[A_AMOUNTS_D, step], places, powers)
            if per_action[A_KINDS, step] == BET_RAISE
            else -1
        )
        if per_action[A_KINDS, step] == DISCARD_DRAW:
            per_action[A_AMOUNTS, step] = per_action[A_AMOUNTS_M, step]  # the cards thrown away
    first = 1 if betting == FIXED_LIMIT else 0  # the small and big bets, or the minimum bet
    read[H_SMALL_BET] = in_units(per_seat[BET_SIZES_M, first], per_seat[BET_SIZES_D, first],
                                 places, powers)  # fmt: skip
    read[H_BIG_BET] = 0
    if betting == FIXED_LIMIT:
        read[H_BIG_BET] = in_units(per_seat[BET_SIZES_M, 2], per_seat[BET_SIZES_D, 2], places,
                                   powers)  # fmt: skip
    read[H_BRING_IN] = in_units(per_seat[BET_SIZES_M, BRING_IN_SLOT],
                                per_seat[BET_SIZES_D, BRING_IN_SLOT], places, powers)  # fmt: skip
    read[H_PLACES] = places


@kernel()
def phh_read(
    text: Bytes, hand: int, start: int, end: int, number: int, header: int, start_line: int,
    facts: Grid, seat_numbers: Grid, scratch: Scratch, spans: Grid,
) -> int:  # fmt: skip
    """Read the hand whose lines are ``text[start:end]`` (row ``hand``) into ``scratch``, its
    place in ``facts``, marked :data:`SLOW` (the reference path) until it is replayed: the game
    to replay it in (:func:`phh_input` its arrays), or -1 (left to the reference path, or
    refused with its reason in ``facts``). ``spans``: an import's log's (its first dimension 0:
    none kept)."""
    _read_lines(text, hand, start, end, seat_numbers, scratch, spans)
    read = scratch.keys[K_READ]
    facts[hand, F_NUMBER] = number
    facts[hand, F_HEADER] = header
    facts[hand, F_START] = start
    facts[hand, F_STOP] = read[H_STOP]
    facts[hand, F_STATUS] = SLOW
    unread(facts, hand)
    facts[hand, F_COUNT] = 0
    facts[hand, F_LINE] = start_line
    if not _plain(text, start, read[H_STOP], scratch.keys, scratch.seats):
        return -1
    game = _game_read(scratch.keys, scratch.seats)
    if game < 0:
        return -1
    places = _scale(text, hand, facts, scratch, game)
    if places < 0:
        return -1
    _in_units(scratch, places)
    return game


@kernel(inline=True)
def phh_input(scratch: Scratch, game: int) -> HandInput:
    """The hand :func:`phh_read` read, as the replay takes it."""
    read, per_seat, per_action = scratch.keys[K_READ], scratch.seats, scratch.actions
    has_won, has_finish = np.int64(read[H_WON] >= 0), np.int64(read[H_FINISH] >= 0)
    return HandInput(
        read[H_STACKS], game, read[H_VARIANT] % 3, read[H_TRIMMING], read[H_SMALL_BET],
        read[H_BIG_BET], per_seat[STACKS], per_seat[ANTES], per_seat[BLINDS], per_seat[IN_TURN],
        read[H_ACTIONS], per_action[A_KINDS], per_action[A_ACTORS], per_action[A_AMOUNTS],
        scratch.cards, per_action[A_CARD_COUNTS], per_action[A_ALL_INS], per_seat[PAID],
        has_won, per_seat[FINISHING], has_finish, scratch.no_said, read[H_BRING_IN],  # type: ignore[arg-type]
    )  # fmt: skip


@kernel()
def phh_played(
    hand: int, result: tuple[int, int, int, int], state: Ints, facts: Grid, names: Grid,
    seat_numbers: Grid, flags: npt.NDArray[np.uint8], scratch: Scratch,
) -> bool:  # fmt: skip
    """A hand :func:`phh_read` read and the replay played (``result``: its refusal, all-in
    street and cards, pots; ``state`` its state): its facts, players' names and seats, actions'
    statistics; whether it is ``OK`` (an import's log keeps it then: :func:`phh_kept`). It takes
    the four of :class:`~._layout.HandRows` it writes and not the log: each array a kernel out
    of line takes costs two atomic reference counts a hand."""
    status, allin_street, allin_cards, pot_count = result
    per_action = scratch.actions
    facts[hand, F_REFUSAL] = status
    if status != OK:
        record_refusal(state, facts, hand)
        return False
    phh_logged(hand, facts, names, seat_numbers, scratch)
    facts[hand, F_ALLIN_STREET] = allin_street
    facts[hand, F_ALLIN_CARDS] = allin_cards
    facts[hand, F_POTS] = pot_count
    n_actions = scratch.keys[K_READ, H_ACTIONS]
    action_flags(per_action[A_KINDS], per_action[A_ACTORS], n_actions, flags, hand)
    return True


@kernel(inline=True)
def phh_logged(hand: int, facts: Grid, names: Grid, seat_numbers: Grid, scratch: Scratch) -> None:
    """What :func:`phh_read` read of a hand (played, or read only: :func:`phh_logs`), marked
    ``OK``: its facts but the replay's, players' names and seats."""
    read, per_seat = scratch.keys[K_READ], scratch.seats
    count, n_names = read[H_STACKS], read[H_NAMES]
    facts[hand, F_STATUS] = OK
    facts[hand, F_COUNT] = count
    facts[hand, F_VARIANT] = read[H_VARIANT]
    facts[hand, F_SCALE] = read[H_PLACES]
    facts[hand, F_SMALL] = read[H_RAW_SMALL]
    facts[hand, F_BIG] = read[H_RAW_BIG] if read[H_RAW_BIG] else read[H_SMALL_BET]
    facts[hand, F_ID_START] = read[H_ID_START]
    facts[hand, F_ID_STOP] = read[H_ID_STOP]
    facts[hand, F_VENUE_START] = read[H_VENUE_START]
    facts[hand, F_VENUE_STOP] = read[H_VENUE_STOP]
    for i in range(count):
        names[hand, 2 * i] = per_seat[NAME_STARTS, i] if n_names > 0 else -1
        names[hand, 2 * i + 1] = per_seat[NAME_STOPS, i] if n_names > 0 else -1
        if read[H_SEATS] < 0:
            seat_numbers[hand, i] = -1


@kernel(inline=True)
def phh_kept(hand: int, start: int, place: int, limit: int, scratch: Scratch, log: PhhLog) -> int:
    """A hand :func:`phh_logged` wrote, in ``log`` where the log has room (an import's,
    ``read_histories``': its actions from ``place``, below ``limit``, :func:`_keep`, and its
    setup and seats); the log's places its actions took."""
    read, per_seat, per_action = scratch.keys[K_READ], scratch.seats, scratch.actions
    count, n_actions = read[H_STACKS], read[H_ACTIONS]
    taken = 0
    if log.first.shape[0] > 0:
        room = read[H_STOP] // ACTION_BYTES - start // ACTION_BYTES
        taken = _keep(log, hand, place, min(place + room, limit), n_actions, per_action,
                      scratch.cards)  # fmt: skip
        setup = log.setup
        setup[hand, S_TRIMMING] = read[H_TRIMMING]
        setup[hand, S_MIN_BET] = read[H_SMALL_BET]
        setup[hand, S_BIG_BET] = read[H_BIG_BET]
        setup[hand, S_BRING_IN] = read[H_BRING_IN]
        setup[hand, S_HAS_WON] = read[H_WON] >= 0
        setup[hand, S_HAS_FINISH] = read[H_FINISH] >= 0
        kept_seats = log.seats
        for i in range(count):
            kept_seats[hand, i, V_STACK] = per_seat[STACKS, i]
            kept_seats[hand, i, V_ANTE] = per_seat[ANTES, i]
            kept_seats[hand, i, V_BLIND] = per_seat[BLINDS, i]
            kept_seats[hand, i, V_IN_TURN] = per_seat[IN_TURN, i]
            kept_seats[hand, i, V_WON] = per_seat[PAID, i]
            kept_seats[hand, i, V_FINISHING] = per_seat[FINISHING, i]
    return taken


@kernel()
def _keep(
    log: PhhLog,
    hand: int,
    place: int,
    stop: int,
    n_actions: int,
    actions: Grid,
    cards: Grid,
) -> int:
    """A hand's actions into the log from ``place``, below ``stop`` (none where that is too
    small: a hand of ``n`` bytes has room for ``n // ACTION_BYTES`` actions); the places taken."""
    if place + n_actions > stop:
        return 0
    log.first[hand] = place
    log.steps[hand] = n_actions
    log_cards = log.cards
    for step in range(n_actions):
        at = place + step
        log.kinds[at] = actions[A_KINDS, step]
        log.actors[at] = actions[A_ACTORS, step]
        log.amounts[at] = actions[A_AMOUNTS, step]
        log.card_counts[at] = actions[A_CARD_COUNTS, step]
        log.texts[at, 0] = actions[A_STARTS, step]
        log.texts[at, 1] = actions[A_STOPS, step]
        for k in range(actions[A_CARD_COUNTS, step]):
            log_cards[at, k] = cards[step, k]
    return n_actions


def phh_hands(
    text: Bytes, index: PhhIndex, hands: int, threads: int, tables: ReplayTables, rows: HandRows,
    log: PhhLog,
) -> None:  # fmt: skip
    """Every hand :func:`phh_index` found read and replayed, the hands dealt to ``threads``
    threads in turn (each with its working arrays): :func:`_phh_share` on Python threads
    (:func:`~pokerscore.engine.jit.in_threads`), not in a parallel loop, which compiled the
    whole replay into three kernels more (DEVELOPERS.md, "The kernel warm-up")."""

    def share(worker: int) -> None:
        _phh_share(text, index, worker, hands, threads, tables, rows, log)

    in_threads(share, threads)


@kernel()
def _phh_share(
    text: Bytes, index: PhhIndex, worker: int, hands: int, threads: int, tables: ReplayTables,
    rows: HandRows, log: PhhLog,
) -> None:  # fmt: skip
    """One thread's share of :func:`phh_hands`: hands ``worker``, ``worker + threads`` ...,
    each read (:func:`phh_read`), replayed (:func:`~._replay_kernels.replay_one`, on the game's
    tables only: :func:`~._replay_kernels.game_tables`) and written (:func:`phh_played`).

    The game's tables are picked once for a run of hands of one game, not once a hand: a
    bundle made in the loop costs two atomic reference counts an array a hand, 29 arrays
    (``benchmarks/histories.md``); so the hand after a run is read where the run ends, and the
    loop that picks the next run's tables replays it."""
    starts, stops, numbers, headers, lines = index
    facts, names, seat_numbers, flags, spans = (
        rows.facts, rows.names, rows.seat_numbers, rows.action_flags, log.spans
    )  # fmt: skip
    scratch = new_scratch()
    working = new_work()
    # no steps recorded, no site record kept, but passed as every caller passes them: one
    # compilation of replay_one serves every reader and Python (its defaults compiled the whole
    # replay a second time: benchmarks/compile.md, session 25)
    steps, site_record = no_steps(), np.zeros(SITE_RECORD_SIZE, dtype=np.int64)
    state = working.state
    keep = log.first.shape[0] > 0
    hand = worker
    game = -1
    if hand < hands:
        game = phh_read(text, hand, starts[hand], stops[hand], numbers[hand], headers[hand],
                        lines[hand], facts, seat_numbers, scratch, spans)  # fmt: skip
    while hand < hands:
        if game >= 0:
            deck = tables.short_deck if game == SHORT_DECK_SOT else tables.full_deck
            played = game_tables(game, tables, deck)
            run = game
            while game == run:  # the hands of this game, one after another
                result = replay_one(phh_input(scratch, game), played, working, rows, hand, steps,
                                    site_record)  # fmt: skip
                played_ok = phh_played(hand, result, state, facts, names, seat_numbers, flags,
                                       scratch)  # fmt: skip
                if played_ok and keep:  # an import's log (the log's arrays taken only here)
                    start = starts[hand]
                    phh_kept(hand, start, start // ACTION_BYTES, log.kinds.shape[0], scratch, log)
                hand += threads
                game = -1
                if hand < hands:
                    game = phh_read(text, hand, starts[hand], stops[hand], numbers[hand],
                                    headers[hand], lines[hand], facts, seat_numbers, scratch,
                                    spans)  # fmt: skip
        else:  # left to the reference path, or refused: the next hand
            hand += threads
            if hand < hands:
                game = phh_read(text, hand, starts[hand], stops[hand], numbers[hand],
                                headers[hand], lines[hand], facts, seat_numbers, scratch,
                                spans)  # fmt: skip


def phh_logs(
    text: Bytes, index: PhhIndex, hands: int, threads: int, facts: Grid, names: Grid,
    seat_numbers: Grid, log: PhhLog,
) -> None:  # fmt: skip
    """Every hand :func:`phh_index` found read into ``log`` and not replayed (``read_histories``
    wants the hands, not their results), shared among ``threads`` as :func:`phh_hands` shares
    them: a hand read whole, its amounts within the model's 2**53 units, is ``OK`` in ``facts``
    (:func:`phh_logged`), any other ``SLOW`` (the lenient reader's, which reads or refuses
    it). Each share writes its hands' actions one after another from where the room of the
    shares before it ends (each hand's room its bytes over :data:`ACTION_BYTES`, as the replay
    places them), not at each hand's own place: the log's pages a share does not reach are
    never touched (the operating system's zero pages; writing at every hand's place touched
    them all, some 27 ms of page faults of 124 an 8 MiB block)."""
    starts, stops = index.starts[:hands], index.stops[:hands]
    rooms = np.maximum(stops // ACTION_BYTES - starts // ACTION_BYTES, 0)
    ends = np.cumsum([int(rooms[worker::threads].sum()) for worker in range(threads)])
    firsts = np.concatenate([[0], ends[:-1]]).astype(np.int64)
    limits = np.minimum(ends, log.kinds.shape[0])

    def share(worker: int) -> None:
        _phh_log_share(text, index, worker, hands, threads, int(firsts[worker]),
                       int(limits[worker]), facts, names, seat_numbers, log)  # fmt: skip

    in_threads(share, threads)


@kernel()
def _phh_log_share(
    text: Bytes, index: PhhIndex, worker: int, hands: int, threads: int, place: int, limit: int,
    facts: Grid, names: Grid, seat_numbers: Grid, log: PhhLog,
) -> None:  # fmt: skip
    """One thread's share of :func:`phh_logs`: hands ``worker``, ``worker + threads`` ..., each
    read (:func:`phh_read`) and logged (:func:`phh_logged`), their actions one after another
    from ``place``, below ``limit``."""
    starts, stops, numbers, headers, lines = index
    scratch = new_scratch()
    for hand in range(worker, hands, threads):
        start = starts[hand]
        game = phh_read(text, hand, start, stops[hand], numbers[hand], headers[hand], lines[hand],
                        facts, seat_numbers, scratch, log.spans)  # fmt: skip
        # an amount past 2**53 units: the lenient reader refuses it (the replay's PAST_UNITS)
        if game >= 0 and not _past_units(phh_input(scratch, game)):
            phh_logged(hand, facts, names, seat_numbers, scratch)
            place += phh_kept(hand, start, place, limit, scratch, log)
