"""PokerStars text read in a kernel: the hands of a buffer found (:func:`stars_index`), each
read and replayed by :func:`~pokerscore.histories._replay_kernels.replay_one`
(:func:`stars_hand`), the hands shared among threads (:func:`stars_hands`). A hand written
otherwise than this reader takes is marked :data:`SLOW` for the reference reader."""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import in_threads, kernel
from pokerscore.engine.short_tables import BadugiTables, ShortHandTables
from pokerscore.engine.tables import RankingTables
from pokerscore.histories import _stars_lines as lines
from pokerscore.histories._bytes import (
    APOSTROPHE,
    BAR,
    BYTE_ORDER_MARK,
    CLOSE_BRACKET,
    CLOSE_PAREN,
    COLON,
    COMMA,
    LOWER_M,
    MINUS,
    ONE,
    OPEN_BRACKET,
    OPEN_PAREN,
    POINT,
    RETURN,
    SLASH,
    SPACE,
    TAB,
    TEN,
    UPPER_A,
    UPPER_M,
    UPPER_Z,
    ZERO,
    ascii_bytes,
    card_of,
    find_word,
    in_units,
    is_digit,
    line_end,
    starts_with,
    starts_with_folded,
    valid_utf8,
    word_table,
)
from pokerscore.histories._layout import (
    BET_RAISE,
    CHECK_CALL,
    DEAL_BOARD,
    DEAL_HOLE,
    F_ALLIN_CARDS,
    F_ALLIN_STREET,
    F_BIG,
    F_COUNT,
    F_ID_START,
    F_ID_STOP,
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
    GAME_CODES,
    MAX_ACTIONS,
    MAX_DECIMALS,
    MAX_PLAYERS,
    MUCK,
    NO_LIMIT,
    OK,
    POT_LIMIT,
    SHOW,
    SLOW,
    STUD_CARDS,
    Bytes,
    HandRows,
    Ints,
    ReplayTables,
)
from pokerscore.histories._replay_kernels import (
    SAID_HAS_RAKE,
    SAID_HAS_TOTAL,
    SAID_POT_MASKS,
    SAID_POTS,
    SAID_RAKE,
    SAID_RETURNED,
    SAID_RETURNS,
    SAID_SIZE,
    SAID_TOTAL,
    SCRATCH_ROWS,
    SITE_RECORD_SIZE,
    STATE_SIZE,
    HandInput,
    ReplayWork,
    StepRecord,
    game_tables,
    no_steps,
    record_refusal,
    replay_one,
    unread,
)
from pokerscore.histories._stats_kernels import action_flags
from pokerscore.histories.model import MAX_SEAT
from pokerscore.histories.refusals import Refusal


@kernel()
def stars_index(
    text: Bytes, wanted: npt.NDArray[np.bool_], marks: bool
) -> tuple[int, Ints, Ints, Ints]:
    """Where each hand of ``text`` in PokerStars' layout lies: from a line starting with one of
    the :data:`~._stars_lines.HEADERS` ``wanted`` (a byte-order mark before it skipped where
    ``marks``) to the next; (hands, starts, stops, sites: each hand's place in that table),
    the arrays sized for at least ``hands``; hands -1 when other text stands before the first
    hand. The lines are read by :func:`_index_lines` into arrays of a first guess of room,
    grown here when full (an array reassigned inside the loop over the lines cost Numba a
    reference count each line: the index took 66 ms a 15 MB buffer so, 18 apart)."""
    firsts = np.zeros(256, dtype=np.bool_)  # the wanted headers' first bytes
    for word in range(_HEADER_LENGTH.shape[0]):
        if wanted[word]:
            firsts[_HEADER_TEXT[word, 0]] = True
    end = text.shape[0]
    room = max(16, end // 512)
    starts = np.empty(room, dtype=np.int64)
    stops = np.empty(room, dtype=np.int64)
    sites = np.empty(room, dtype=np.int64)
    start = np.int64(0)  # not a constant: _index_lines would compile again for Literal[int]
    hands, at = _index_lines(text, wanted, firsts, marks, start, start, starts, stops, sites)  # type: ignore[arg-type]
    while 0 <= at < end:  # full: twice the room, and on from the hand that did not fit
        room *= 2
        starts = _grown(starts, room)
        stops = _grown(stops, room)
        sites = _grown(sites, room)
        hands, at = _index_lines(text, wanted, firsts, marks, at, hands, starts, stops, sites)
    if hands > 0:
        stops[hands - 1] = end
    return hands, starts, stops, sites


@kernel()
def _index_lines(
    text: Bytes,
    wanted: npt.NDArray[np.bool_],
    firsts: npt.NDArray[np.bool_],
    marks: bool,
    at: int,
    hands: int,
    starts: Ints,
    stops: Ints,
    sites: Ints,
) -> tuple[int, int]:
    """:func:`stars_index`'s lines from ``at``, the ``hands`` found so far in the arrays: a
    line's first byte looked up in ``firsts`` before any header is compared with it; (hands,
    the end of the text, or where a hand starts that the arrays have no room for, or -1 when
    other text stands before the first hand)."""
    end = text.shape[0]
    room = starts.shape[0]
    while at < end:
        stop = line_end(text, at, end)
        begin = at
        if marks and starts_with(text, at, stop, BYTE_ORDER_MARK):
            begin = at + 3
        site = -1
        if begin < stop and firsts[text[begin]]:
            for word in range(_HEADER_LENGTH.shape[0]):
                length = _HEADER_LENGTH[word]
                if wanted[word] and stop - begin >= length:
                    same = True
                    for k in range(length):
                        if text[begin + k] != _HEADER_TEXT[word, k]:
                            same = False
                            break
                    if same:
                        site = word
                        break
        if site >= 0:
            if hands:
                stops[hands - 1] = at
            if hands == room:
                return hands, at
            starts[hands] = at
            sites[hands] = site
            hands += 1
        elif not hands:
            first = begin
            while first < stop and (
                text[first] == SPACE or text[first] == TAB or text[first] == RETURN
            ):
                first += 1
            if first < stop:
                return -1, -1
        at = stop + 1
    return hands, end


@kernel(inline=True)
def _grown(values: Ints, room: int) -> Ints:
    grown = np.empty(room, dtype=np.int64)
    grown[: values.shape[0]] = values
    return grown


# the line kinds, from the one table both readers are made from (_stars_lines)
_HEADER_TEXT, _HEADER_LENGTH = word_table(lines.HEADERS)
GGPOKER_SITE: Final = lines.HEADERS.index(lines.GGPOKER)
"""GGPoker's place in :data:`~._stars_lines.HEADERS` (its header, stakes and lines differ)."""
_POKERMASTER_SITE: Final = lines.HEADERS.index("PokerMaster ")
_OMAHA, _OMAHA_5, _OMAHA_6 = (GAME_CODES[name] for name in ("omaha", "omaha-5", "omaha-6"))
_GG_GAME_TEXT, _GG_GAME_LENGTH = word_table(lines.GG_PLAIN_GAMES)
_GG_GAME_CODE: Final = np.array(
    [GAME_CODES[lines.GAMES[name][1]] for name in lines.GG_PLAIN_GAMES], dtype=np.int64
)
_BETTING_WORDS, _BETTING_WORD_LENGTH = word_table(tuple(lines.BETTING))
_SETTLED_TEXT, _SETTLED_LENGTH = word_table(tuple(words for words, _ in lines.SETTLED_OUTSIDE))
_FEE_TEXT, _FEE_LENGTH = word_table(tuple(f"{fee} " for fee in lines.FEES))
_FEE_BAR: Final = ascii_bytes(lines.FEE_BAR)
_HAND_CANCELLED: Final = ascii_bytes(lines.HAND_CANCELLED)
_SPLASH: Final = ascii_bytes(lines.SPLASH)
_GG_STRADDLE: Final = ascii_bytes(lines.GG_STRADDLE + " ")
_TABLE_ID: Final = ascii_bytes(lines.TABLES[1])
_IS_THE_BUTTON: Final = ascii_bytes(" is the button")
_PLAY_MONEY: Final = ascii_bytes(" (Play Money)")
_MAX: Final = ascii_bytes("ax")
_GAME_TEXT, _GAME_LENGTH = word_table(tuple(name.lower() for name in lines.GAME_NAMES))
"""The games' names in lower case: a header's are matched in any case, as the reference reader's
regular expression matches them (``HOLD'EM NO LIMIT``)."""
CARDS_ROOM: Final = 6
"""The most cards a line of play holds: a six-card Omaha hand dealt or shown."""
_PLAYED: Final = {
    name: GAME_CODES[name]
    for name in (
        "holdem",
        "omaha",
        "omaha-hi-lo",
        "omaha-5",
        "omaha-5-hi-lo",
        "omaha-6",
        "omaha-6-hi-lo",
    )
}
_GAME_CODE: Final = np.array(
    [_PLAYED.get(lines.GAMES.get(name, ("", ""))[1], -1) for name in lines.GAME_NAMES],
    dtype=np.int64,
)
"""The code of each game a header names (:data:`GAME_NAMES`'s order), -1 for the games this
reader leaves to the reference reader."""
_BETTING_TEXT, _BETTING_LENGTH = word_table(tuple(name.lower() for name in lines.BETTING))
_BETTING_CODE: Final = np.array(
    [
        {"no-limit": NO_LIMIT, "pot-limit": POT_LIMIT, "fixed-limit": FIXED_LIMIT}[betting]
        for _, betting in lines.BETTING.values()
    ],
    dtype=np.int64,
)
_SEAT: Final = ascii_bytes(lines.SEAT)
_BUTTON: Final = ascii_bytes(lines.BUTTON)
_AFTER_SEAT: Final = ascii_bytes(lines.AFTER_SEAT)
_STACK: Final = ascii_bytes(lines.STACK)
_TABLE: Final = ascii_bytes(lines.TABLE)
_IN_CHIPS: Final = ascii_bytes(lines.IN_CHIPS)
_SITTING_OUT: Final = ascii_bytes(lines.SITTING_OUT)
_OUT_OF_HAND: Final = ascii_bytes(lines.OUT_OF_HAND)
_STARS: Final = ascii_bytes(lines.SECTION)
_SECTION_END: Final = ascii_bytes(lines.SECTION_END)
_HOLE_CARDS: Final = ascii_bytes(lines.HOLE_CARDS)
_DEALING: Final = ascii_bytes(lines.DEALING)
_PRE_FLOP: Final = ascii_bytes(lines.PRE_FLOP)
_SHOW_DOWN: Final = ascii_bytes(lines.SHOW_DOWN)
_SHOWDOWN: Final = ascii_bytes(lines.SHOWDOWN)
_SUMMARY: Final = ascii_bytes(lines.SUMMARY)
_FLOP, _TURN, _RIVER = (
    ascii_bytes(f"{lines.SECTION}{street}{lines.SECTION_END}") for street in lines.STREETS
)
_DEALT_TO: Final = ascii_bytes(lines.DEALT_TO)
_UNCALLED: Final = ascii_bytes(lines.UNCALLED)
_RETURNED_TO: Final = ascii_bytes(lines.RETURNED_TO)
_COLLECTED: Final = ascii_bytes(lines.COLLECTED)
_FROM: Final = ascii_bytes(lines.FROM)
_POT: Final = ascii_bytes("pot")
_MAIN_POT: Final = ascii_bytes("main pot")
_SIDE_POT: Final = ascii_bytes("side pot")
_CASHED_OUT: Final = ascii_bytes(lines.CASHED_OUT)
_TOTAL_POT: Final = ascii_bytes(lines.TOTAL_POT)
_RAKE: Final = ascii_bytes(lines.RAKE)
_POSTS: Final = ascii_bytes(lines.POSTS + " ")
_SMALL_AND_BIG: Final = ascii_bytes(lines.SMALL_AND_BIG)
_SMALL_BLIND: Final = ascii_bytes(lines.SMALL_BLIND)
_BIG_BLIND: Final = ascii_bytes(lines.BIG_BLIND)
_THE_ANTE: Final = ascii_bytes(lines.THE_ANTE)
_STRADDLE: Final = ascii_bytes(lines.STRADDLE)
_BUTTON_BLIND: Final = ascii_bytes(lines.BUTTON_BLIND)
_FOLDS: Final = ascii_bytes(lines.FOLDS)
_CHECKS: Final = ascii_bytes(lines.CHECKS)
_CALLS: Final = ascii_bytes(lines.CALLS + " ")
_BETS: Final = ascii_bytes(lines.BETS + " ")
_RAISES: Final = ascii_bytes(lines.RAISES + " ")
_TO: Final = ascii_bytes(lines.TO)
_SHOWS: Final = ascii_bytes(lines.SHOWS + " [")
_MUCKS: Final = ascii_bytes(lines.MUCKS)
_ALL_IN: Final = ascii_bytes(lines.ALL_IN)
_HASH: Final = ascii_bytes(" #")


@kernel()
def _header_game(text: Bytes, at: int, stop: int) -> tuple[int, int]:
    """The game and the betting a header names (``Hold'em No Limit``), as the reference reader
    finds them: the first place where a game's name, a space and a betting's stand, the
    longest name first, in any case; (game code or -1 for a game left to the reference reader,
    betting code), or (-1, -1) where none does."""
    for k in range(at, stop):
        for name in range(_GAME_LENGTH.shape[0]):
            after = k + _GAME_LENGTH[name] + 1
            if after > stop or text[after - 1] != SPACE:
                continue
            if not starts_with_folded(text, k, stop, _GAME_TEXT[name, : _GAME_LENGTH[name]]):
                continue
            for betting in range(_BETTING_LENGTH.shape[0]):
                word = _BETTING_TEXT[betting, : _BETTING_LENGTH[betting]]
                if starts_with_folded(text, after, stop, word):
                    return _GAME_CODE[name], _BETTING_CODE[betting]
    return -1, -1


@kernel()
def _gg_game(text: Bytes, at: int, stop: int) -> tuple[int, int, int]:
    """A GGPoker header's game and betting at ``at`` (``Hold'em No Limit``: a game named as
    PokerStars names it, a space, the betting, in their case); (game code, betting code, where
    the betting ends) or (-1, -1, -1)."""
    for name in range(_GG_GAME_LENGTH.shape[0]):
        after = at + _GG_GAME_LENGTH[name]
        if after >= stop or text[after] != SPACE:
            continue
        if not starts_with(text, at, stop, _GG_GAME_TEXT[name, : _GG_GAME_LENGTH[name]]):
            continue
        for betting in range(_BETTING_WORD_LENGTH.shape[0]):
            word = _BETTING_WORDS[betting, : _BETTING_WORD_LENGTH[betting]]
            if starts_with(text, after + 1, stop, word):
                return _GG_GAME_CODE[name], _BETTING_CODE[betting], after + 1 + word.shape[0]
    return -1, -1, -1


@kernel()
def _settled_outside(text: Bytes, start: int, end: int) -> bool:
    """Whether a GGPoker hand holds a line of money settled outside the pot (an EV cash-out,
    all-in insurance, a cash drop: :data:`~._stars_lines.SETTLED_OUTSIDE`)."""
    for words in range(_SETTLED_LENGTH.shape[0]):
        if find_word(text, start, end, _SETTLED_TEXT[words, : _SETTLED_LENGTH[words]]) >= 0:
            return True
    return False


@kernel()
def _button(text: Bytes, at: int, stop: int) -> int:
    """The button of a table line (``Table 'Name' 6-max Seat #2 is the button``, Run It Once's
    ``Table ID '…'``), read where the reference reader's regular expression reads it: after the
    name's last quote, an optional ``6-max`` and ``(Play Money)``; -1 if none."""
    quote = stop - 1
    while quote >= at and text[quote] != APOSTROPHE:
        quote -= 1
    head = _TABLE_ID.shape[0] if starts_with(text, at, stop, _TABLE_ID) else _TABLE.shape[0]
    if quote < at + head:
        return -1
    q = quote + 1
    if q + 1 < stop and text[q] == SPACE and is_digit(text[q + 1]):  # `` 6-max``
        r = q + 1
        while r < stop and is_digit(text[r]):
            r += 1
        if r + 3 < stop and text[r] == MINUS and (text[r + 1] == UPPER_M or text[r + 1] == LOWER_M) and starts_with(text, r + 2, stop, _MAX):  # fmt: skip
            q = r + 4
    if starts_with(text, q, stop, _PLAY_MONEY):
        q += _PLAY_MONEY.shape[0]
    if not (q < stop and text[q] == SPACE and starts_with(text, q + 1, stop, _BUTTON)):
        return -1
    q += 1 + _BUTTON.shape[0]
    button = 0
    digits = 0
    while q < stop and is_digit(text[q]) and digits <= lines.SEAT_DIGITS:
        button = button * 10 + (text[q] - ZERO)
        q += 1
        digits += 1
    if digits == 0 or digits > lines.SEAT_DIGITS or not starts_with(text, q, stop, _IS_THE_BUTTON):
        return -1
    return button


@kernel()
def _street_cards(text: Bytes, at: int, stop: int) -> int:
    """Where the new cards of a street's line begin (its ``[``), read as the reference reader
    reads them: after the section, spaces, then ``[cards]`` or ``[board] [cards]``, the
    line's last; -1 otherwise."""
    p = at
    while p < stop and text[p] == SPACE:
        p += 1
    if p >= stop or text[p] != OPEN_BRACKET:
        return -1
    q = p + 1
    while q < stop and text[q] != CLOSE_BRACKET:
        q += 1
    if q >= stop:
        return -1
    r = q + 1
    if r < stop and text[r] == SPACE:
        r += 1
    if r < stop and text[r] == OPEN_BRACKET:
        t = r + 1
        while t < stop and text[t] != CLOSE_BRACKET:
            t += 1
        if t == stop - 1:
            return r
        return -1
    return p if q == stop - 1 else -1


@kernel(inline=True)
def _may_settle(text: Bytes, at: int, stop: int) -> bool:
    """Whether the first four bytes of :data:`_COLLECTED` or of :data:`_CASHED_OUT` (`` col``,
    `` cas``) stand in ``text[at:stop]``: only such a line is searched for the whole words, so
    that a line of play costs one pass over its bytes, not two calls."""
    for k in range(at, stop - 3):
        if text[k] == SPACE:
            if text[k + 1] == _COLLECTED[1] and text[k + 2] == _COLLECTED[2] and text[k + 3] == _COLLECTED[3]:  # fmt: skip
                return True
            if text[k + 1] == _CASHED_OUT[1] and text[k + 2] == _CASHED_OUT[2] and text[k + 3] == _CASHED_OUT[3]:  # fmt: skip
                return True
    return False


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
        if is_digit(byte):
            mantissa = mantissa * 10 + (byte - ZERO)
            digits += 1
            if point:
                decimals += 1
        elif byte == POINT:
            if point:
                return 0, 0, False
            point = True
    if digits == 0 or digits > 12 or (point and decimals == 0):
        return 0, 0, False
    return mantissa, decimals, True


@kernel()
def _token_end(text: Bytes, at: int, stop: int) -> int:
    while at < stop and text[at] != SPACE and text[at] != RETURN:
        at += 1
    return at


@kernel()
def _stars_cards(text: Bytes, at: int, stop: int, out: Ints, room: int) -> int:
    """Cards written ``[Ah Kd]`` (from the ``[``): how many, or -1."""
    if at >= stop or text[at] != OPEN_BRACKET:
        return -1
    at += 1
    count = 0
    while at < stop and text[at] != CLOSE_BRACKET:
        if text[at] == SPACE:
            at += 1
            continue
        if at + 1 >= stop or count == room:
            return -1
        rank = text[at]
        if rank == ONE and at + 2 < stop and text[at + 1] == ZERO:  # "10"
            card = card_of(TEN, text[at + 2], -1)
            at += 3
        else:
            card = card_of(rank, text[at + 1], -1)
            at += 2
        if card < 0:
            return -1
        out[count] = card
        count += 1
    if at >= stop:
        return -1
    return count


@kernel()
def _speaker(
    text: Bytes, at: int, stop: int, name_starts: Ints, name_stops: Ints, names: int
) -> tuple[int, int]:
    """The seat (in the order listed) whose name starts the line followed by ``: ``, and where
    the words begin; (-1, at) if none."""
    colon = at
    while colon + 1 < stop and not (text[colon] == COLON and text[colon + 1] == SPACE):
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
        if length > best_length and at + length + 1 < stop and text[at + length] == COLON and text[at + length + 1] == SPACE:  # fmt: skip
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
    steps: StepRecord  # none recorded, and a site record to ignore: replay_one's one signature
    site_record: Ints


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
        np.zeros((MAX_ACTIONS, CARDS_ROOM), dtype=np.int64),
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
        np.zeros(CARDS_ROOM, dtype=np.int64),
        np.zeros((SCRATCH_ROWS, MAX_PLAYERS), dtype=np.int64),
        np.zeros((MAX_PLAYERS, STUD_CARDS), dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.zeros(STATE_SIZE, dtype=np.int64),
        np.zeros(52, dtype=np.bool_),
        np.zeros(STUD_CARDS, dtype=np.int64),
        np.zeros(9, dtype=np.int64),
        powers,
        no_steps(),
        np.zeros(SITE_RECORD_SIZE, dtype=np.int64),
    )


# PokerStars post kinds
P_ANTE, P_SMALL, P_BIG, P_BOTH, P_STRADDLE = range(5)


# the numbers of a hand's header: stakes and summary, mantissa and decimals each
N_SB_M, N_SB_D, N_BB_M, N_BB_D, N_TOTAL_M, N_TOTAL_D, N_RAKE_M, N_RAKE_D = range(8)


@kernel(inline=True)
def stars_hand(
    text: Bytes,
    hand: int,
    start: int,
    end: int,
    number: int,
    site: int,
    ascii_text: bool,
    tables: ReplayTables,
    rows: HandRows,
    w: StarsScratch,
) -> None:
    """Read and replay the hand ``text[start:end]`` in PokerStars' layout (its header the
    ``site``-th of :data:`~._stars_lines.HEADERS`: PokerStars, a skin, GGPoker) into row
    ``hand`` of ``rows`` (as the reference reader and replay do), or mark it :data:`SLOW` for
    them. ``ascii_text``: the whole buffer is ASCII (checked once), so no hand's UTF-8 is
    checked again."""
    facts, names, seat_numbers_out = rows.facts, rows.names, rows.seat_numbers
    facts[hand, F_STATUS] = SLOW
    unread(facts, hand)
    facts[hand, F_NUMBER] = number
    facts[hand, F_START] = start
    facts[hand, F_STOP] = end
    facts[hand, F_COUNT] = 0
    if not ascii_text and not valid_utf8(text, start, end):
        return
    # the header
    at = start
    if starts_with(text, at, end, BYTE_ORDER_MARK):
        at += 3
    stop = line_end(text, at, end)
    hash_at = find_word(text, at, stop, _HASH)
    if hash_at < 0:
        return
    id_start = hash_at + 2
    id_stop = id_start
    gg = site == GGPOKER_SITE
    if gg:  # ``#HD123:``, ``#RC…``: up to four capitals, then the digits
        while id_stop < stop and id_stop - id_start < 4 and UPPER_A <= text[id_stop] <= UPPER_Z:
            id_stop += 1
    digits_at = id_stop
    while id_stop < stop and is_digit(text[id_stop]):
        id_stop += 1
    if id_stop == digits_at or id_stop - digits_at > (20 if gg else 40):
        return
    if id_stop >= stop or text[id_stop] != COLON:
        return
    rest = id_stop + 1
    if gg:  # the game where GGPoker's own reader finds it: first, named as PokerStars does
        if rest + 1 >= stop or text[rest] != SPACE:
            return
        game, betting, after = _gg_game(text, rest + 1, stop)
        if after < 0 or after + 1 >= stop or text[after] != SPACE or text[after + 1] != OPEN_PAREN:
            return
    else:
        game, betting = _header_game(text, rest, stop)
    if game < 0:
        return
    numbers = w.numbers
    found = False
    k = rest
    while k < stop and not found:  # the stakes: (sb/bb[ CUR])
        if text[k] == OPEN_PAREN:
            a = k + 1
            b = a
            while (
                b < stop
                and text[b] != SLASH
                and text[b] != SPACE
                and text[b] != OPEN_PAREN
                and text[b] != CLOSE_PAREN
            ):
                b += 1
            if b < stop and text[b] == SLASH and b > a:
                c = b + 1
                d = c
                while d < stop and text[d] != SLASH and text[d] != SPACE and text[d] != OPEN_PAREN and text[d] != CLOSE_PAREN:  # fmt: skip
                    d += 1
                ok = d > c and d < stop
                if ok and text[d] == SPACE:
                    ok = not gg and d + 4 < stop and text[d + 4] == CLOSE_PAREN
                    for q in range(d + 1, d + 4):
                        ok = ok and UPPER_A <= text[q] <= UPPER_Z
                elif ok:
                    ok = text[d] == CLOSE_PAREN
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
    if gg and _settled_outside(text, start, end):
        return  # money settled outside the pot: refused by GGPoker's reader
    # the scratch's arrays the lines fill, read from it once a hand, not at each line
    all_ins, amounts_d, amounts_m, card_counts = w.all_ins, w.amounts_d, w.amounts_m, w.card_counts
    cards, collected_d, collected_m, collected_pot = (
        w.cards,
        w.collected_d,
        w.collected_m,
        w.collected_pot,
    )
    collected_seat, hand_cards, kinds, name_starts = (
        w.collected_seat,
        w.hand_cards,
        w.kinds,
        w.name_starts,
    )
    name_stops, out, playing, post_d = w.name_stops, w.out, w.playing, w.post_d
    post_kind, post_m, post_seat, powers = w.post_kind, w.post_m, w.post_seat, w.powers
    returned_d, returned_m, returned_seat, seat_numbers = (
        w.returned_d,
        w.returned_m,
        w.returned_seat,
        w.seat_numbers,
    )
    seats, stacks_d, stacks_m = w.seats, w.stacks_d, w.stacks_m
    # the lines
    listed = 0
    posts = 0
    actions = 0
    returned = 0
    collected = 0
    section = 0  # 0 seats, 1 actions, 2 summary
    button = -1
    at = stop + 1
    while at < end:
        stop = line_end(text, at, end)
        line_stop = stop
        while line_stop > at and text[line_stop - 1] == RETURN:
            line_stop -= 1
        first = at
        at = stop + 1
        blank = True
        for q in range(first, line_stop):
            if text[q] != SPACE and text[q] != TAB:
                blank = False
                break
        if blank:
            continue
        if starts_with(text, first, line_stop, _STARS):
            if starts_with(text, first, line_stop, _SUMMARY):
                section = 2
            elif (
                starts_with(text, first, line_stop, _HOLE_CARDS)
                or starts_with(text, first, line_stop, _DEALING)
                or starts_with(text, first, line_stop, _PRE_FLOP)
                or find_word(text, first, line_stop, _SHOW_DOWN) >= 0
                or find_word(text, first, line_stop, _SHOWDOWN) >= 0
            ):
                section = 1
            elif (
                starts_with(text, first, line_stop, _FLOP)
                or starts_with(text, first, line_stop, _TURN)
                or starts_with(text, first, line_stop, _RIVER)
            ):
                after = find_word(text, first + _STARS.shape[0], line_stop, _SECTION_END)
                last = _street_cards(text, after + _SECTION_END.shape[0], line_stop)
                if last < 0 or actions == MAX_ACTIONS:
                    return
                count = _stars_cards(text, last, line_stop, hand_cards, np.int64(5))  # type: ignore[arg-type]
                if count <= 0 or text[line_stop - 1] != CLOSE_BRACKET:
                    return
                kinds[actions] = DEAL_BOARD
                seats[actions] = -1
                amounts_m[actions] = -1
                all_ins[actions] = 0
                card_counts[actions] = count
                for q in range(count):
                    cards[actions, q] = hand_cards[q]
                actions += 1
                section = 1
            else:
                return  # a run of several boards, or a section the reference reader weighs
            continue
        if section == 2:
            if starts_with(text, first, line_stop, _TOTAL_POT):
                a = first + _TOTAL_POT.shape[0]
                b = _token_end(text, a, line_stop)
                m, d, ok = _money(text, a, b)
                if not ok:
                    return
                numbers[N_TOTAL_M], numbers[N_TOTAL_D] = m, d
                has_total = True
                bar = b
                while bar < line_stop and text[bar] != BAR:
                    bar += 1
                if starts_with(text, bar, line_stop, _RAKE):
                    a = bar + _RAKE.shape[0]
                    b = _token_end(text, a, line_stop)
                    m, d, ok = _money(text, a, b)
                    if not ok:
                        return
                    numbers[N_RAKE_M], numbers[N_RAKE_D] = m, d
                    has_rake = True
                # GGPoker's fees beside the rake (``| Jackpot $1``), counted in it (as the
                # reference reader counts them in every layout)
                bar = find_word(text, first, line_stop, _FEE_BAR)
                fees = 0  # the fees seen (the reference keeps the last of each: left to it)
                while bar >= 0:
                    a = bar + _FEE_BAR.shape[0]
                    for fee in range(_FEE_LENGTH.shape[0]):
                        if starts_with(text, a, line_stop, _FEE_TEXT[fee, : _FEE_LENGTH[fee]]):
                            if fees & (1 << fee):
                                return
                            fees |= 1 << fee
                            a += _FEE_LENGTH[fee]
                            b = _token_end(text, a, line_stop)
                            m, d, ok = _money(text, a, b)
                            if not ok:
                                return
                            if not has_rake:
                                numbers[N_RAKE_M], numbers[N_RAKE_D] = 0, 0
                                has_rake = True
                            rake_m, rake_d = numbers[N_RAKE_M], numbers[N_RAKE_D]
                            both = max(d, rake_d)
                            if both > MAX_DECIMALS:
                                return
                            numbers[N_RAKE_M] = (rake_m * powers[both - rake_d] + m * powers[both - d])  # fmt: skip
                            numbers[N_RAKE_D] = both
                            break
                    bar = find_word(text, a, line_stop, _FEE_BAR)
            continue
        if section == 0:
            if starts_with(text, first, line_stop, _TABLE) or starts_with(text, first, line_stop, _TABLE_ID):  # fmt: skip
                button = _button(text, first, line_stop)
                if button < 0:
                    return
                continue
            if starts_with(text, first, line_stop, _SEAT):
                q = first + _SEAT.shape[0]
                seat = 0
                digits = 0
                while q < line_stop and is_digit(text[q]):
                    seat = seat * 10 + (text[q] - ZERO)
                    q += 1
                    digits += 1
                if digits > lines.SEAT_DIGITS or seat > MAX_SEAT:
                    return  # the reference reader refuses it, or reads it as no seat
                if digits and starts_with(text, q, line_stop, _AFTER_SEAT):
                    name_start = q + _AFTER_SEAT.shape[0]
                    chips = find_word(text, name_start, line_stop, _IN_CHIPS)
                    if chips > 0:
                        paren = chips - 1  # the " (" that opens the stack
                        while paren > name_start and text[paren] != OPEN_PAREN:
                            paren -= 1
                        space = paren + 1 - _STACK.shape[0]
                        if not starts_with(text, space, chips, _STACK):
                            space = paren  # ``Ann B(€10 in chips)``: Run It Once's
                        good = space > name_start and text[paren] == OPEN_PAREN
                        q = chips + _IN_CHIPS.shape[0]  # then ``)`` or ``, …)``
                        good = good and q < line_stop and (text[q] == CLOSE_PAREN or (text[q] == COMMA and q + 1 < line_stop and text[q + 1] == SPACE))  # fmt: skip
                        if good and text[q] == COMMA:
                            while q < line_stop and text[q] != CLOSE_PAREN:
                                q += 1
                            good = q < line_stop
                        for q in range(paren + 1, chips):
                            good = (
                                good
                                and text[q] != SPACE
                                and text[q] != OPEN_PAREN
                                and text[q] != CLOSE_PAREN
                            )
                        if good:
                            if listed == MAX_SEATS:
                                return
                            m, d, ok = _money(text, paren + 1, chips)
                            if not ok:
                                return
                            seat_numbers[listed] = seat
                            name_starts[listed] = name_start
                            name_stops[listed] = space
                            stacks_m[listed] = m
                            stacks_d[listed] = d
                            out[listed] = (
                                find_word(text, chips, line_stop, _SITTING_OUT) >= 0
                                or find_word(text, chips, line_stop, _OUT_OF_HAND) >= 0
                            )
                            playing[listed] = 0
                            listed += 1
                            continue
                    return  # a seat written otherwise: the reference reader weighs it
        # a line of play
        if starts_with(text, first, line_stop, _HAND_CANCELLED) or starts_with(text, first, line_stop, _SPLASH):  # fmt: skip
            return  # refused by the reference reader
        if starts_with(text, first, line_stop, _DEALT_TO):
            a = first + _DEALT_TO.shape[0]
            bracket = a
            while bracket + 1 < line_stop and not (
                text[bracket] == SPACE and text[bracket + 1] == OPEN_BRACKET
            ):
                bracket += 1
            if bracket + 1 >= line_stop or text[line_stop - 1] != CLOSE_BRACKET:
                for q in range(a, line_stop):
                    if text[q] == OPEN_BRACKET:
                        return  # cards not after a space (``Dealt to Ann B[Ah Kh]``)
                continue  # no cards (GGPoker's other players)
            who = _named(text, a, bracket, name_starts, name_stops, listed)
            if who < 0:
                return  # a name holding `` [``, or no player: the reference reader weighs it
            last = line_stop - 1
            while last > bracket and text[last] != OPEN_BRACKET:
                last -= 1
            count = _stars_cards(text, last, line_stop, hand_cards, np.int64(CARDS_ROOM))  # type: ignore[arg-type]
            if count < 0 or actions == MAX_ACTIONS:
                return
            kinds[actions] = DEAL_HOLE
            seats[actions] = who
            amounts_m[actions] = -1
            all_ins[actions] = 0
            card_counts[actions] = count
            for q in range(count):
                cards[actions, q] = hand_cards[q]
            playing[who] = 1
            actions += 1
            continue
        if starts_with(text, first, line_stop, _UNCALLED):
            a = first + _UNCALLED.shape[0]
            close = find_word(text, a, line_stop, _RETURNED_TO)
            if close < 0:
                return
            who = _named(text, close + _RETURNED_TO.shape[0], line_stop, name_starts,
                         name_stops, listed)  # fmt: skip
            m, d, ok = _money(text, a, close)
            if who < 0 or not ok or returned == MAX_LISTED:
                return
            returned_seat[returned] = who
            returned_m[returned] = m
            returned_d[returned] = d
            returned += 1
            continue
        settles = _may_settle(text, first, line_stop)
        taken = find_word(text, first, line_stop, _COLLECTED) if settles else -1
        if taken > first:
            who = _named(text, first, taken, name_starts, name_stops, listed)
            if who >= 0:
                a = taken + _COLLECTED.shape[0]
                b = _token_end(text, a, line_stop)
                if not starts_with(text, b, line_stop, _FROM):
                    return
                where = b + _FROM.shape[0]
                pot = -1
                if starts_with(text, where, line_stop, _MAIN_POT):
                    pot = 0
                elif starts_with(text, where, line_stop, _SIDE_POT):
                    q = where + _SIDE_POT.shape[0]
                    pot = 1
                    if q < line_stop and text[q] == MINUS:
                        pot = 0
                        q += 1
                        while q < line_stop and is_digit(text[q]):
                            pot = pot * 10 + (text[q] - ZERO)
                            q += 1
                elif starts_with(text, where, line_stop, _POT):
                    pot = 0
                m, d, ok = _money(text, a, b)
                if pot < 0 or pot >= MAX_PLAYERS or not ok or collected == MAX_LISTED:
                    return
                collected_seat[collected] = who
                collected_m[collected] = m
                collected_d[collected] = d
                collected_pot[collected] = pot
                collected += 1
                continue
        cashed = find_word(text, first, line_stop, _CASHED_OUT) if settles else -1
        if cashed > first and _named(text, first, cashed, name_starts, name_stops, listed) >= 0:
            return  # an all-in cash-out: the reference path
        who, words = _speaker(text, first, line_stop, name_starts, name_stops, listed)
        if who < 0:
            continue  # chat, seating, connection and tournament notices
        words_stop = line_stop
        all_in = 0
        if words_stop - words >= _ALL_IN.shape[0] and starts_with(text, words_stop - _ALL_IN.shape[0], words_stop, _ALL_IN):  # fmt: skip
            all_in = 1
            words_stop -= _ALL_IN.shape[0]
        gg_straddle = starts_with(text, words, words_stop, _GG_STRADDLE)
        if gg_straddle or starts_with(text, words, words_stop, _POSTS):
            a = words + _POSTS.shape[0]
            kind = -1
            if gg_straddle:  # ``Ann: straddle $2``
                kind = P_STRADDLE
                a = words + _GG_STRADDLE.shape[0]
            elif starts_with(text, a, words_stop, _SMALL_AND_BIG):
                kind = P_BOTH
                a += _SMALL_AND_BIG.shape[0]
            elif starts_with(text, a, words_stop, _SMALL_BLIND):
                kind = P_SMALL
                a += _SMALL_BLIND.shape[0]
            elif starts_with(text, a, words_stop, _BIG_BLIND):
                kind = P_BIG
                a += _BIG_BLIND.shape[0]
            elif starts_with(text, a, words_stop, _THE_ANTE):
                kind = P_ANTE
                a += _THE_ANTE.shape[0]
            elif starts_with(text, a, words_stop, _STRADDLE):
                kind = P_STRADDLE
                a += _STRADDLE.shape[0]
            elif starts_with(text, a, words_stop, _BUTTON_BLIND):
                kind = P_STRADDLE
                a += _BUTTON_BLIND.shape[0]
            m, d, ok = _money(text, a, line_stop)
            if kind < 0 or not ok or posts == MAX_POSTS:
                return
            post_seat[posts] = who
            post_kind[posts] = kind
            post_m[posts] = m
            post_d[posts] = d
            playing[who] = 1
            posts += 1
            continue
        kind = -1
        m = -1
        d = 0
        if starts_with(text, words, words_stop, _FOLDS):
            if words_stop > words + _FOLDS.shape[0]:
                return  # folds showing cards: the reference path
            kind = FOLD
        elif starts_with(text, words, words_stop, _CHECKS):
            kind = CHECK_CALL
            m = 0
        elif starts_with(text, words, words_stop, _CALLS):
            kind = CHECK_CALL
            m, d, ok = _money(text, words + _CALLS.shape[0], words_stop)
            if not ok:
                return
        elif starts_with(text, words, words_stop, _BETS):
            kind = BET_RAISE
            m, d, ok = _money(text, words + _BETS.shape[0], words_stop)
            if not ok:
                return
        elif starts_with(text, words, words_stop, _RAISES):
            to = find_word(text, words, words_stop, _TO)
            if to < 0:
                return
            kind = BET_RAISE
            m, d, ok = _money(text, to + _TO.shape[0], words_stop)
            if not ok:
                return
        elif starts_with(text, words, words_stop, _SHOWS):
            kind = SHOW
            close = words + _SHOWS.shape[0] - 1
            count = _stars_cards(text, close, line_stop, hand_cards, np.int64(CARDS_ROOM))  # type: ignore[arg-type]
            if count < 0:
                return
        elif starts_with(text, words, words_stop, _MUCKS):
            kind = MUCK
        else:
            continue
        if actions == MAX_ACTIONS:
            return
        kinds[actions] = kind
        seats[actions] = who
        amounts_m[actions] = m
        amounts_d[actions] = d
        all_ins[actions] = all_in
        card_counts[actions] = 0
        if kind == SHOW:
            card_counts[actions] = count
            for q in range(count):
                cards[actions, q] = hand_cards[q]
        playing[who] = 1
        actions += 1
    if section != 2 or button < 0:
        return  # no summary (a partial hand), no table line with its button
    if site == _POKERMASTER_SITE and game == _OMAHA:
        dealt = -1  # PokerMaster heads its five- and six-card Omaha "Omaha": the cards tell
        for q in range(actions):
            if kinds[q] == DEAL_HOLE:
                if dealt >= 0 and dealt != card_counts[q]:
                    dealt = -2
                    break
                dealt = card_counts[q]
        if dealt == 5:
            game = _OMAHA_5
        elif dealt == 6:
            game = _OMAHA_6
    # who was dealt in, in the order of the table from the seat after the button
    order_of, listed_of, actors, amounts = w.order_of, w.listed_of, w.actors, w.amounts
    for seat in range(listed):
        order_of[seat] = -1
    count = 0
    for turn in range(2):  # seats after the button, then the rest
        for _ in range(listed):
            best = -1
            for seat in range(listed):
                if order_of[seat] >= 0 or (out[seat] and not playing[seat]):
                    continue
                after_button = seat_numbers[seat] > button
                if after_button != (turn == 0):
                    continue
                if best < 0 or seat_numbers[seat] < seat_numbers[best]:
                    best = seat
            if best < 0:
                break
            order_of[best] = count
            listed_of[count] = best
            count += 1
    if count < 2 or count > MAX_PLAYERS:
        return
    for q in range(actions):
        if seats[q] >= 0 and order_of[seats[q]] < 0:
            return  # a player not dealt in
    for q in range(posts):
        if order_of[post_seat[q]] < 0:
            return
    for q in range(returned):
        if order_of[returned_seat[q]] < 0:
            return
    for q in range(collected):
        if order_of[collected_seat[q]] < 0:
            return
    # the scale: the most decimals of a non-whole amount
    places = 0
    for i in range(count):
        seat = listed_of[i]
        places = _places(places, stacks_m[seat], stacks_d[seat], powers)
    places = _places(places, numbers[N_SB_M], numbers[N_SB_D], powers)
    places = _places(places, numbers[N_BB_M], numbers[N_BB_D], powers)
    for q in range(posts):
        places = _places(places, post_m[q], post_d[q], powers)
    for q in range(actions):
        if amounts_m[q] >= 0:
            places = _places(places, amounts_m[q], amounts_d[q], powers)
    for q in range(returned):
        places = _places(places, returned_m[q], returned_d[q], powers)
    for q in range(collected):
        places = _places(places, collected_m[q], collected_d[q], powers)
    if has_total:
        places = _places(places, numbers[N_TOTAL_M], numbers[N_TOTAL_D], powers)
    if has_rake:
        places = _places(places, numbers[N_RAKE_M], numbers[N_RAKE_D], powers)
    if places > MAX_DECIMALS:
        facts[hand, F_REFUSAL] = Refusal.DECIMALS
        return
    small_header = in_units(numbers[N_SB_M], numbers[N_SB_D], places, powers)
    big_header = in_units(numbers[N_BB_M], numbers[N_BB_D], places, powers)
    stacks = w.stacks
    antes = w.antes
    blinds = w.blinds
    in_turn = w.in_turn
    for i in range(count):
        seat = listed_of[i]
        stacks[i] = in_units(stacks_m[seat], stacks_d[seat], places, powers)
        antes[i] = 0
        blinds[i] = 0
        in_turn[i] = 1
    small_seat = 1 if count == 2 else 0
    big_posted = False
    straddled = w.paid  # each seat's straddles so far (a second one: the straddle raised to)
    for i in range(count):
        straddled[i] = 0
    for q in range(posts):
        i = order_of[post_seat[q]]
        value = in_units(post_m[q], post_d[q], places, powers)
        kind = post_kind[q]
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
            if value <= straddled[i]:
                return  # a straddle raised to less: the reference reader weighs it
            blinds[i] += value - straddled[i]
            straddled[i] = value
    for q in range(actions):
        actors[q] = order_of[seats[q]] if seats[q] >= 0 else -1
        amounts[q] = (
            in_units(amounts_m[q], amounts_d[q], places, powers) if amounts_m[q] >= 0 else -1
        )
    said = w.said
    for q in range(SAID_SIZE):
        said[q] = 0
    for q in range(MAX_PLAYERS):
        said[SAID_POT_MASKS + q] = -1
    said[SAID_RETURNED] = 1
    for q in range(returned):
        said[SAID_RETURNS + order_of[returned_seat[q]]] += in_units(
            returned_m[q], returned_d[q], places, powers
        )
    paid = w.paid
    for i in range(count):
        paid[i] = 0
    for q in range(collected):
        i = order_of[collected_seat[q]]
        paid[i] += in_units(collected_m[q], collected_d[q], places, powers)
        pot = collected_pot[q]
        if said[SAID_POT_MASKS + pot] < 0:
            said[SAID_POT_MASKS + pot] = 0
            said[SAID_POTS] += 1
        said[SAID_POT_MASKS + pot] |= 1 << i
    if has_rake:
        said[SAID_HAS_RAKE] = 1
        said[SAID_RAKE] = in_units(numbers[N_RAKE_M], numbers[N_RAKE_D], places, powers)
    if has_total:
        said[SAID_HAS_TOTAL] = 1
        said[SAID_TOTAL] = in_units(numbers[N_TOTAL_M], numbers[N_TOTAL_D], places, powers)
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
    # Literal[int] arguments.
    no_trimming, has_won, has_finish = np.int64(0), np.int64(1), np.int64(0)
    hand_input = HandInput(
        count, game, betting, no_trimming, min_bet, big_bet, stacks, antes, blinds, in_turn,  # type: ignore[arg-type]
        actions, kinds, actors, amounts, cards, card_counts, all_ins, paid, has_won,  # type: ignore[arg-type]
        w.finishing, has_finish, said, 0,  # type: ignore[arg-type]
    )  # fmt: skip
    working = ReplayWork(w.seat_rows, w.holes, w.board, w.state, w.seen, w.hole, w.work)
    status, allin_street, allin_cards, pot_count = replay_one(
        hand_input,
        game_tables(game, tables, tables.full_deck),
        working,
        rows,
        hand,
        w.steps,
        w.site_record,
    )
    facts[hand, F_REFUSAL] = status
    if status != OK:
        record_refusal(w.state, facts, hand)
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
        seat = listed_of[i]
        names[hand, 2 * i] = name_starts[seat]
        names[hand, 2 * i + 1] = name_stops[seat]
        seat_numbers_out[hand, i] = seat_numbers[seat]
    action_flags(kinds, actors, actions, rows.action_flags, hand)


@kernel(inline=True)
def _places(places: int, mantissa: int, decimals: int, powers: Ints) -> int:
    if decimals and mantissa % powers[decimals]:
        return max(places, decimals)
    return places


def stars_hands(
    text: Bytes,
    starts: Ints,
    stops: Ints,
    sites: Ints,
    ascii_text: bool,
    first_hand: int,
    hands: int,
    threads: int,
    high7: RankingTables,
    sot7: RankingTables,
    low: RankingTables,
    full_deck: npt.NDArray[np.bool_],
    short_deck: npt.NDArray[np.bool_],
    razz7: RankingTables,
    up_high: ShortHandTables,
    up_low: ShortHandTables,
    deuce7: RankingTables,
    badugi: BadugiTables,
    tos7: RankingTables,
    rows: HandRows,
) -> None:
    """:func:`stars_hand` for every hand :func:`stars_index` found (``ascii_text``: the
    buffer is ASCII), numbered from ``first_hand``, on ``threads`` Python threads (as in :func:`~._phh_kernels.phh_hands`)."""

    def share(worker: int) -> None:
        _stars_share(text, starts, stops, sites, ascii_text, first_hand, worker, hands, threads, high7, sot7, low,
                     full_deck, short_deck, razz7, up_high, up_low, deuce7, badugi, tos7, rows)  # fmt: skip

    in_threads(share, threads)


@kernel()
def _stars_share(
    text: Bytes,
    starts: Ints,
    stops: Ints,
    sites: Ints,
    ascii_text: bool,
    first_hand: int,
    worker: int,
    hands: int,
    threads: int,
    high7: RankingTables,
    sot7: RankingTables,
    low: RankingTables,
    full_deck: npt.NDArray[np.bool_],
    short_deck: npt.NDArray[np.bool_],
    razz7: RankingTables,
    up_high: ShortHandTables,
    up_low: ShortHandTables,
    deuce7: RankingTables,
    badugi: BadugiTables,
    tos7: RankingTables,
    rows: HandRows,
) -> None:
    """One thread's share of :func:`stars_hands`."""
    tables = ReplayTables(high7, sot7, low, full_deck, short_deck, razz7, up_high, up_low, deuce7,
                          badugi, tos7)  # fmt: skip
    scratch = new_stars_scratch()
    for hand in range(worker, hands, threads):
        stars_hand(text, hand, starts[hand], stops[hand], first_hand + hand, sites[hand], ascii_text,
                   tables,
                   rows, scratch)  # fmt: skip
