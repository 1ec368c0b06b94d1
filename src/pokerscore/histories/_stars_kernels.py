"""PokerStars text read in a kernel: the hands of a buffer found (:func:`stars_index`), each
read (:func:`stars_hand`: its header, its lines by kind, who was dealt in, the scale, the
amounts in units) and replayed by :func:`~pokerscore.histories._replay_kernels.replay_one`
(in :func:`stars_share`), the hands shared among threads
(:func:`stars_hands`). The stages every layout shares are here, one each, for Winamax's
reader (``_winamax_kernels``) too: a line's split (:func:`next_line`), a line of play kept
(:func:`take_line`) and the lines counted (:func:`lines_read`), a hand's
first and last stages (:func:`hand_begun`, :func:`hand_units`, :func:`hand_read`) and its facts
(:func:`_hand_facts`). A hand written otherwise than this reader takes is marked :data:`SLOW`
for the reference reader (the site's own where the file is a site's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import in_threads, kernel
from pokerscore.histories import _stars_lines as lines
from pokerscore.histories._bytes import (
    APOSTROPHE,
    BAR,
    BYTE_ORDER_MARK,
    CLOSE_BRACKET,
    CLOSE_PAREN,
    COLON,
    COMMA,
    LOWER_A,
    LOWER_M,
    LOWER_Z,
    MINUS,
    NEWLINE,
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
    prefix_length,
    same_span,
    starts_with,
    starts_with_folded,
    valid_utf8,
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
    DISCARD_DRAW,
    F_ALLIN_CARDS,
    F_ALLIN_STREET,
    F_BIG,
    F_COUNT,
    F_ID_START,
    F_ID_STOP,
    F_NUMBER,
    F_POTS,
    F_REFUSAL,
    F_RUNS,
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
    RAZZ,
    SHORT_DECK,
    SHORT_DECK_SOT,
    SHOW,
    SLOW,
    STUD,
    Bytes,
    HandRows,
    Ints,
    ReplayTables,
)
from pokerscore.histories._phh_kernels import (
    ACTION_BYTES,
    S_BIG_BET,
    S_BRING_IN,
    S_HAS_FINISH,
    S_HAS_WON,
    S_MIN_BET,
    S_TRIMMING,
    V_ANTE,
    V_BLIND,
    V_FINISHING,
    V_IN_TURN,
    V_STACK,
    V_WON,
    PhhLog,
    no_log,
)
from pokerscore.histories._replay_kernels import (
    RUNS,
    SAID_CASH_FEES,
    SAID_CASH_OUTS,
    SAID_CASHED,
    SAID_HAS_RAKE,
    SAID_HAS_TOTAL,
    SAID_POT_MASKS,
    SAID_POTS,
    SAID_RAKE,
    SAID_RETURNED,
    SAID_RETURNS,
    SAID_SIZE,
    SAID_TOTAL,
    SITE_RECORD_SIZE,
    HandInput,
    ReplayWork,
    StepRecord,
    _past_units,
    game_tables,
    new_work,
    no_steps,
    record_refusal,
    replay_one,
    unread,
)
from pokerscore.histories._stats_kernels import action_flags
from pokerscore.histories.model import MAX_SEAT, MAX_UNITS
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
    start = 0
    hands, at = _index_lines(text, wanted, firsts, marks, start, start, starts, stops, sites)
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
_GG_GAME_TEXT, _GG_GAME_LENGTH = word_table(tuple(lines.GG_GAMES))
_GG_GAME_CODE: Final = np.array(
    [
        GAME_CODES[(lines.GG_SHORT_DECK if named == "ShortDeck" else lines.GAMES[named])[1]]
        for named, _ in lines.GG_GAMES.values()
    ],
    dtype=np.int64,
)
"""The code of each of GGPoker's games (:data:`~._stars_lines.GG_GAMES`)."""
_BETTING_WORDS, _BETTING_WORD_LENGTH = word_table(tuple(lines.BETTING))
_GG_IMPLIED: Final = np.array(
    [
        -1 if implied is None else tuple(lines.BETTING).index(implied)
        for _, implied in lines.GG_GAMES.values()
    ],
    dtype=np.int64,
)
"""The betting (its place in :data:`~._stars_lines.BETTING`) each of GGPoker's game names
implies (``PLO-5``: pot limit), -1 for none."""
_GG_OTHER_TEXT, _GG_OTHER_LENGTH = word_table(lines.GG_OTHER_GAMES)
_SETTLED_ANY: Final = tuple(words for words, _ in lines.SETTLED_OUTSIDE)
_SETTLED_TEXT, _SETTLED_LENGTH = word_table(
    tuple(
        words for words in _SETTLED_ANY if not any(o != words and o in words for o in _SETTLED_ANY)
    )
)
"""The words of :data:`~._stars_lines.SETTLED_OUTSIDE` that hold none of the others (each other
holds one of these: a hand holds one of these where it holds any)."""
_SETTLED_FIRST: Final = np.zeros(256, dtype=np.bool_)
_SETTLED_FIRST[_SETTLED_TEXT[:, 0]] = True
"""The first bytes of those words: a byte of no other is passed over with one look."""
_OUTSIDE_MONEY_TEXT, _OUTSIDE_MONEY_LENGTH = word_table(
    tuple(words for words, _, _ in lines.OUTSIDE_MONEY)
)
_OUTSIDE_KINDS: Final = ("insurance", "cash-out")
"""What money outside the pot settles (:data:`~._stars_lines.OUTSIDE_MONEY`' kinds), in the
order of the bits :data:`O_PAID` and :data:`O_CHOSEN` shift."""
_OUTSIDE_MONEY_SIGN: Final = np.array([sign for _, sign, _ in lines.OUTSIDE_MONEY], dtype=np.int64)
_OUTSIDE_MONEY_KIND: Final = np.array(
    [_OUTSIDE_KINDS.index(kind) for _, _, kind in lines.OUTSIDE_MONEY], dtype=np.int64
)
_OUTSIDE_CHOICE_TEXT, _OUTSIDE_CHOICE_LENGTH = word_table(tuple(lines.OUTSIDE_CHOICES))
_OUTSIDE_CHOICE_KIND: Final = np.array(
    [_OUTSIDE_KINDS.index(kind) for kind in lines.OUTSIDE_CHOICES.values()], dtype=np.int64
)
"""GGPoker's lines of money settled outside the pot that its reader reads
(:data:`~._stars_lines.OUTSIDE_MONEY`: the words after the name, the sign, the kind) and the
lines announcing such money (:data:`~._stars_lines.OUTSIDE_CHOICES`), tried in their order."""
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
STUD_ROOM: Final = 7
"""The most cards a line of a stud hand holds: seven shown. (A line's cards are read into rows
of :data:`~._layout.ACTION_CARDS`: a draw's row holds the cards thrown away and those drawn.)"""
BOARD_GAME, STUD_GAME, DRAW_GAME = range(3)
"""What a hand's cards are dealt as: hold'em's and Omaha's board, stud's streets
(:func:`_read_dealt_lines`), a draw game's rounds (the same)."""
_BRINGS_IN: Final = ascii_bytes(lines.BRINGS_IN)
_COMPLETES: Final = ascii_bytes(lines.COMPLETES)
_DISCARDS: Final = ascii_bytes(lines.DISCARDS)
_STANDS_PAT: Final = ascii_bytes(lines.STANDS)
_DISCARD_CARD: Final = ascii_bytes(lines.DISCARD_CARD)
_LOWER_S: Final = ord("s")
_DRAW_WORD: Final = ascii_bytes(f"{lines.DRAW}{lines.SECTION_END}")
_STUD_STREET_WORD: Final = ascii_bytes(f" {lines.STUD_STREET}{lines.SECTION_END}")
_STUD_RIVER: Final = ascii_bytes(f"{lines.STREETS[-1]}{lines.SECTION_END}")
_STUD_SUFFIX_TEXT, _STUD_SUFFIX_LENGTH = word_table(lines.STUD_SUFFIXES)
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
        "stud",
        "stud-8",
        "razz",
        "deuce-to-seven-triple-draw",
        "deuce-to-seven-single-draw",
        "badugi",
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
_STREET_TEXT, _STREET_LENGTH = word_table(
    tuple(f"{street}{lines.SECTION_END}" for street in lines.STREETS)
)
_ORDINAL_TEXT, _ORDINAL_LENGTH = word_table(tuple(f"{ordinal} " for ordinal in lines.ORDINALS))
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
_FOLDS: Final = ascii_bytes(lines.FOLDS)
_CHECKS: Final = ascii_bytes(lines.CHECKS)
_CALLS: Final = ascii_bytes(lines.CALLS + " ")
_BETS: Final = ascii_bytes(lines.BETS + " ")
_RAISES: Final = ascii_bytes(lines.RAISES + " ")
_TO: Final = ascii_bytes(lines.TO)
_SHOWS: Final = ascii_bytes(lines.SHOWS + " [")
_MUCKS: Final = ascii_bytes(lines.MUCKS)
_ALL_IN: Final = ascii_bytes(lines.ALL_IN)
_ROOM_TEXT, _ROOM_LENGTH = word_table(lines.HEADER_ROOMS)
_HAND_TEXT, _HAND_LENGTH = word_table(lines.HEADER_HANDS)


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
def _gg_game(text: Bytes, at: int, stop: int) -> tuple[int, int]:
    """A GGPoker header's game and betting, found where GGPoker's reader's regular expression
    finds them: the first place from ``at`` where one of :data:`~._stars_lines.GG_GAMES`
    stands (tried in their order), then a space and a betting, or none where the name implies
    one, then `` (`` or `` -``; (game code, betting code), or (-1, -1) for a header left to
    that reader (no game, no betting, a name at the line's end, another game's word)."""
    for words in range(_GG_OTHER_LENGTH.shape[0]):
        if find_word(text, at, stop, _GG_OTHER_TEXT[words, : _GG_OTHER_LENGTH[words]]) >= 0:
            return -1, -1
    for k in range(at, stop):
        for name in range(_GG_GAME_LENGTH.shape[0]):
            after = k + _GG_GAME_LENGTH[name]
            if after > stop or not starts_with(text, k, stop, _GG_GAME_TEXT[name, : _GG_GAME_LENGTH[name]]):  # fmt: skip
                continue
            if after + 1 < stop and text[after] == SPACE:
                for betting in range(_BETTING_WORD_LENGTH.shape[0]):
                    word = _BETTING_WORDS[betting, : _BETTING_WORD_LENGTH[betting]]
                    if starts_with(text, after + 1, stop, word):
                        end = _gg_game_end(text, after + 1 + word.shape[0], stop)
                        if end < 0:
                            return -1, -1
                        if end:
                            return _GG_GAME_CODE[name], _BETTING_CODE[betting]
            end = _gg_game_end(text, after, stop)
            if end < 0 or (end and _GG_IMPLIED[name] < 0):
                return -1, -1
            if end:
                return _GG_GAME_CODE[name], _BETTING_CODE[_GG_IMPLIED[name]]
    return -1, -1


@kernel(inline=True)
def _gg_game_end(text: Bytes, at: int, stop: int) -> int:
    """Whether a game's name (and betting) may end at ``at``: 1 before `` (`` or `` -``, 0 not,
    -1 at the line's end (the regular expression's ``$``: left to GGPoker's reader)."""
    if at >= stop or text[at] == RETURN:
        return -1
    if at + 1 < stop and text[at] == SPACE and (text[at + 1] == OPEN_PAREN or text[at + 1] == MINUS):  # fmt: skip
        return 1
    return 0


@kernel()
def _settled_at(text: Bytes, start: int, end: int) -> int:
    """Where the first words of money settled outside the pot stand in ``text[start:end]`` (an
    EV cash-out, all-in insurance, a cash drop: :data:`~._stars_lines.SETTLED_OUTSIDE`), -1
    for none, in one pass over the bytes (a search for each of the eight words took 10.5 µs a
    hand of 1.2 KB, a third of the kernel's time on GGPoker's shared files; one pass 1.9 µs)."""
    for at in range(start, end):
        byte = text[at]
        if not _SETTLED_FIRST[byte]:
            continue
        for k in range(_SETTLED_LENGTH.shape[0]):
            if byte == _SETTLED_TEXT[k, 0] and starts_with(text, at, end, _SETTLED_TEXT[k, : _SETTLED_LENGTH[k]]):  # fmt: skip
                return at
    return -1


@kernel()
def _outside_money(text: Bytes, start: int, end: int, at: int, reading: StarsReading) -> bool:
    """GGPoker's money settled outside the pot in the hand ``text[start:end]`` (its first
    words at ``at``, :func:`_settled_at`; after the hand's lines are read: the seats listed),
    as ``sites.ggpoker._outside_money`` and ``parse_ggpoker`` read it: each line holding
    :data:`~._stars_lines.SETTLED_OUTSIDE`'s words an insurance bought or a cash-out chosen
    (:data:`~._stars_lines.OUTSIDE_CHOICES`), or money paid or received
    (:data:`~._stars_lines.OUTSIDE_MONEY`), by a seated player (dealt in: :func:`_cashed_out`). An
    insurance is a bet with the site beside the pot: the pot is replayed as played (its money
    the site reader's record, ``fields["insurance"]``). An EV cash-out is the player's payout,
    win or lose: what they collected and the cash-out's money, into ``S_CASH_M`` and
    ``S_CASH_D`` (``T_CASH_OUTS`` the seats that took one). False where the hand is left to
    GGPoker's reader: a line in another form (a cash drop), an amount it might read otherwise,
    a player not seated, money announced and not written, a cash-out's risk beyond what was
    collected (the reader refuses these), an amount of more than ``MAX_DECIMALS`` decimals."""
    seats, settled, tally = reading.seats, reading.settled, reading.tally
    listed = tally[T_LISTED]
    for seat in range(listed):
        seats[S_OUTSIDE, seat] = 0
        seats[S_CASH_M, seat] = 0
        seats[S_CASH_D, seat] = 0
    while at >= 0:
        first = at
        while first > start and text[first - 1] != NEWLINE:
            first -= 1
        stop = line_end(text, at, end)
        line_stop = stop
        while line_stop > first and text[line_stop - 1] == RETURN:
            line_stop -= 1
        if not _outside_line(text, first, line_stop, seats, listed):
            return False
        at = _settled_at(text, stop, end)
    cash_outs = 0
    for seat in range(listed):
        said = seats[S_OUTSIDE, seat]
        for kind in range(2):
            if said & (O_CHOSEN << kind) and not said & (O_PAID << kind):
                return False  # money outside the pot with no amount written: refused
        if not said & (O_PAID << 1):
            continue
        m, d = seats[S_CASH_M, seat], seats[S_CASH_D, seat]
        for q in range(tally[T_COLLECTED]):
            if settled[C_SEAT, q] == seat:
                m, d = _added(m, d, settled[C_M, q], settled[C_D, q])
                if d < 0:
                    return False
        if m < 0:
            return False  # a cash-out's risk beyond what the player collected: refused
        seats[S_CASH_M, seat], seats[S_CASH_D, seat] = m, d
        cash_outs += 1
    tally[T_CASH_OUTS] = cash_outs
    return True


@kernel()
def _outside_line(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> bool:
    """A line of money settled outside the pot (:func:`_outside_money`), its player's
    ``S_OUTSIDE`` bits and cash-out money kept: False where GGPoker's reader refuses it or
    might read it otherwise (the line's end other than ``)``, past carriage returns: a space
    the reader strips is left to it)."""
    for k in range(_OUTSIDE_CHOICE_LENGTH.shape[0]):
        words = find_word(text, first, line_stop, _OUTSIDE_CHOICE_TEXT[k, : _OUTSIDE_CHOICE_LENGTH[k]])  # fmt: skip
        if words >= 0:  # an insurance bought, a cash-out chosen: its money written apart
            seat = _named(text, first, words, seats, listed)
            if seat < 0:
                return False
            seats[S_OUTSIDE, seat] |= O_CHOSEN << _OUTSIDE_CHOICE_KIND[k]
            return True
    if line_stop <= first or text[line_stop - 1] != CLOSE_PAREN:
        return False
    for k in range(_OUTSIDE_MONEY_LENGTH.shape[0]):
        length = _OUTSIDE_MONEY_LENGTH[k]
        words = find_word(text, first, line_stop, _OUTSIDE_MONEY_TEXT[k, :length])
        if words <= first:  # not here, or no name before it: the next form
            continue
        seat = _named(text, first, words, seats, listed)
        m, d, ok = _money(text, words + length, line_stop - 1)
        if seat < 0 or not ok or d > MAX_DECIMALS:
            return False
        kind = _OUTSIDE_MONEY_KIND[k]
        seats[S_OUTSIDE, seat] |= O_PAID << kind
        if kind == 1:
            m, d = _added(seats[S_CASH_M, seat], seats[S_CASH_D, seat], _OUTSIDE_MONEY_SIGN[k] * m, d)  # fmt: skip
            if d < 0:
                return False
            seats[S_CASH_M, seat], seats[S_CASH_D, seat] = m, d
        return True
    return False  # money outside the pot in a form not read: refused


_ADDED_BOUND: Final = 1 << 60
"""The largest sum :func:`_added` keeps (a term, twelve digits at six decimals, is below it)."""


@kernel(inline=True)
def _added(m: int, d: int, other_m: int, other_d: int) -> tuple[int, int]:
    """Two amounts (mantissa, decimals) added as ``Decimal`` adds them: the decimals the most
    of the two (written decimals kept, so that the scale is the reference reader's); the
    decimals -1 past ``MAX_DECIMALS`` or :data:`_ADDED_BOUND`."""
    both = max(d, other_d)
    if both > MAX_DECIMALS:
        return 0, -1
    for _ in range(both - d):
        m *= 10
    for _ in range(both - other_d):
        other_m *= 10
    total = m + other_m
    if total > _ADDED_BOUND or total < -_ADDED_BOUND:
        return 0, -1
    return total, both


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


_LONGEST_MONEY: Final = 64
"""``draft._LONGEST_MONEY``: the longest amount text the reference reader reads."""
_MONEY_SIGNS: Final = np.array(
    [list(sign.encode()) + [0] * (3 - len(sign.encode())) for sign in ("€", "£", "¥", "₹")],
    dtype=np.uint8,
)
"""The currency signs past ASCII an amount may hold (UTF-8, zeros after the shorter): no letter
to the reference reader."""


@kernel(inline=True)
def _money_sign(text: Bytes, at: int, stop: int) -> int:
    """The length of the currency sign of :data:`_MONEY_SIGNS` at ``at``, 0 for none."""
    for sign in range(_MONEY_SIGNS.shape[0]):
        length = 3 if _MONEY_SIGNS[sign, 2] else 2
        if at + length > stop:
            continue
        same = True
        for k in range(length):
            same = same and text[at + k] == _MONEY_SIGNS[sign, k]
        if same:
            return length
    return 0


@kernel()
def _signs_only(text: Bytes, at: int, stop: int) -> bool:
    """Whether every byte past ASCII of ``text[at:stop]`` is of a currency sign of
    :data:`_MONEY_SIGNS`."""
    k = at
    while k < stop:
        if text[k] < 128:
            k += 1
            continue
        sign = _money_sign(text, k, stop)
        if sign == 0:
            return False
        k += sign
    return True


@kernel()
def _money(text: Bytes, at: int, stop: int) -> tuple[int, int, bool]:
    """An amount as PokerStars writes one (``$0.25``, ``1,500``, ``€2``): every byte but the
    digits and the point dropped, as the reference reader reads it (``draft.money``), which
    refuses a text longer than :data:`_LONGEST_MONEY` or holding a letter: so is one here, or
    a byte past ASCII but the currency signs' (:data:`_MONEY_SIGNS`); (mantissa, decimals,
    ok)."""
    if stop - at > _LONGEST_MONEY:
        return 0, 0, False
    mantissa = 0
    decimals = 0
    digits = 0
    point = False
    high = False  # a byte past ASCII: checked after the loop (the usual amount has none)
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
        elif byte >= 128:
            high = True
        elif UPPER_A <= byte <= UPPER_Z or LOWER_A <= byte <= LOWER_Z:
            return 0, 0, False
    if high and not _signs_only(text, at, stop):
        return 0, 0, False
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


# the reader's grids: one array a group of numbers, its rows named (a grid is one reference
# count where a row of arrays would be one each)
MAX_SEATS: Final = 10
"""Seat lines kept per hand (more: the reference path)."""
MAX_POSTS: Final = 32
MAX_LISTED: Final = 64
"""Returned and collected lines kept per hand (more: the reference path)."""

# ``seats`` rows, a column per seat line in the order listed
S_NUMBER, S_NAME_START, S_NAME_STOP, S_STACK_M, S_STACK_D, S_OUT, S_PLAYING, S_ORDER_OF = range(8)
S_LISTED_OF: Final = 8
"""The seat line of each player dealt in, in the order of the table."""
S_OUTSIDE, S_CASH_M, S_CASH_D = 9, 10, 11
"""GGPoker's money settled outside the pot, a column per seat line (:func:`_outside_money`):
what the lines said (``O_…`` bits), and the EV cash-out's amount (what the player collected
and the cash-out's money, mantissa and decimals)."""
O_PAID: Final = 1
"""``S_OUTSIDE``'s bits: ``O_PAID << kind`` money of that kind (0 insurance, 1 cash-out) paid
or received, ``O_CHOSEN << kind`` an insurance bought or a cash-out chosen."""
O_CHOSEN: Final = 4
SEAT_ROWS: Final = 12
# ``posts`` rows, a column per post (Winamax's: the actions before it, and whether it is live)
POST_SEAT, POST_KIND, POST_M, POST_D, POST_AT, POST_LIVE = range(6)
# ``settled`` rows: the returned bets, then the collected pots (Winamax's in units too)
R_SEAT, R_M, R_D, C_SEAT, C_M, C_D, C_POT, C_UNITS = range(8)
# ``plays`` rows, a column per action: as read (kind, seat line, amount's mantissa and
# decimals, cards, all in), then in the replay's terms (seat in play, amount in units);
# Winamax's: what the action does to the round's bets (``B_…``); PokerStars': where its line
# starts (for the log, :func:`stars_logs`)
A_KIND, A_SEAT, A_M, A_D, A_COUNT, A_ALL_IN, A_ACTOR, A_AMOUNT, A_BETS, A_LINE = range(10)
PLAY_ROWS: Final = 10
# ``tally``: what the lines held
T_LISTED, T_POSTS, T_ACTIONS, T_RETURNED, T_COLLECTED, T_BUTTON, T_TOTAL, T_RAKE = range(8)
# and what the hand is in the replay's terms (the header's and the scale's, in units)
(T_GAME, T_BETTING, T_PLACES, T_MIN_BET, T_BIG_BET, T_SMALL, T_BIG, T_ID_START,
 T_ID_STOP) = range(8, 17)  # fmt: skip
T_BRING_IN, T_TRIMMING = 17, 18
"""Stud's bring-in in units (0 elsewhere), and whether the antes are trimmed (PHH's
``ante_trimming_status``, as ``draft.build_hand`` decides it: stud and the draw games only)."""
T_CASH_OUTS: Final = 19
"""The seats that took a GGPoker EV cash-out (``S_CASH_M``, ``S_CASH_D``), 0 in every other
layout (:func:`lines_read`)."""
TALLY_SIZE: Final = 20
# ``units`` rows, a column per player dealt in: what ``HandInput`` reads of them
U_STACK, U_ANTE, U_BLIND, U_IN_TURN, U_PAID, U_STRADDLED, U_FINISHING = range(7)
# and Winamax's betting rounds (``_winamax_kernels._wx_said``): this round's bets, the last
# round's
U_ROUND, U_ROUND_HAS, U_LAST, U_LAST_HAS = range(7, 11)

# PokerStars post kinds: what follows ``posts`` (``_stars_lines.POST_KINDS``, tried in order)
P_ANTE, P_SMALL, P_BIG, P_BOTH, P_STRADDLE = range(5)
_POST_TEXT, _POST_LENGTH = word_table(tuple(words for words, _ in lines.POST_KINDS))
_POST_KIND: Final = np.array(
    [
        {"ante": P_ANTE, "small": P_SMALL, "big": P_BIG, "both": P_BOTH, "straddle": P_STRADDLE}[
            kind
        ]
        for _, kind in lines.POST_KINDS
    ],
    dtype=np.int64,
)
# ``dealing`` rows, a column per seat line (stud and the draw games, :func:`_read_dealt_lines`):
# stud's third-street players in the order dealt (row 0, the first ``players`` columns), a
# player folded, dealt this street; the draw games' first cards written (how many, -1 none) and
# the draw waiting for its cards (its action, -1 none); the first cards from row D_CARDS on
D_ORDER, D_OUT, D_DEALT, D_KNOWN, D_WAITING, D_CARDS = range(6)
DEAL_ROWS: Final = D_CARDS + 5
# the numbers of a hand's header: stakes and summary, mantissa and decimals each
N_SB_M, N_SB_D, N_BB_M, N_BB_D, N_TOTAL_M, N_TOTAL_D, N_RAKE_M, N_RAKE_D = range(8)
# what a line of play is (:func:`_play_line`)
LINE_BAD, LINE_OTHER, LINE_ACTION, LINE_POST, LINE_RETURNED, LINE_COLLECTED = range(-1, 5)


@kernel()
def _speaker(text: Bytes, at: int, stop: int, seats: Ints, names: int) -> tuple[int, int]:
    """The seat (in the order listed) whose name starts the line followed by ``: ``, and where
    the words begin; (-1, at) if none."""
    colon = at
    while colon + 1 < stop and not (text[colon] == COLON and text[colon + 1] == SPACE):
        colon += 1
    if colon + 1 < stop:
        for seat in range(names):
            length = seats[S_NAME_STOP, seat] - seats[S_NAME_START, seat]
            if length == colon - at:
                same = True
                for k in range(length):
                    if text[at + k] != text[seats[S_NAME_START, seat] + k]:
                        same = False
                        break
                if same:
                    return seat, colon + 2
    best = -1
    best_length = -1
    for seat in range(names):  # a name holding ": " itself
        length = seats[S_NAME_STOP, seat] - seats[S_NAME_START, seat]
        if length > best_length and at + length + 1 < stop and text[at + length] == COLON and text[at + length + 1] == SPACE:  # fmt: skip
            same = True
            for k in range(length):
                if text[at + k] != text[seats[S_NAME_START, seat] + k]:
                    same = False
                    break
            if same:
                best = seat
                best_length = length
    if best >= 0:
        return best, at + best_length + 2
    return -1, at


@kernel()
def _named(text: Bytes, at: int, stop: int, seats: Ints, names: int) -> int:
    """The seat whose name is exactly ``text[at:stop]``, or -1."""
    for seat in range(names):
        length = seats[S_NAME_STOP, seat] - seats[S_NAME_START, seat]
        if length != stop - at:
            continue
        same = True
        for k in range(length):
            if text[at + k] != text[seats[S_NAME_START, seat] + k]:
                same = False
                break
        if same:
            return seat
    return -1


class StarsReading(NamedTuple):
    """What the lines of one hand are read into (the grids above), and the header's numbers."""

    seats: Ints
    posts: Ints
    settled: Ints
    plays: Ints
    cards: npt.NDArray[np.int64]
    hand_cards: Ints
    numbers: Ints
    powers: Ints
    tally: Ints
    dealing: Ints


class StarsScratch(NamedTuple):
    """The working arrays of one thread reading PokerStars hands: the reading, the hand in the
    replay's terms (``units``, ``said``), and the replay's own."""

    reading: StarsReading
    units: Ints
    said: Ints
    work: ReplayWork
    steps: StepRecord  # none recorded, and a site record to ignore: replay_one's one signature
    site_record: Ints


@kernel()
def new_stars_scratch() -> StarsScratch:
    """Working arrays for :func:`stars_hand`."""
    powers = np.ones(19, dtype=np.int64)
    for k in range(1, 19):
        powers[k] = powers[k - 1] * 10
    reading = StarsReading(
        np.zeros((SEAT_ROWS, MAX_SEATS), dtype=np.int64),
        np.zeros((6, MAX_POSTS), dtype=np.int64),
        np.zeros((8, MAX_LISTED), dtype=np.int64),
        np.zeros((PLAY_ROWS, MAX_ACTIONS), dtype=np.int64),
        np.zeros((MAX_ACTIONS, ACTION_CARDS), dtype=np.int64),
        np.zeros(ACTION_CARDS, dtype=np.int64),
        np.zeros(8, dtype=np.int64),
        powers,
        np.zeros(TALLY_SIZE, dtype=np.int64),
        np.zeros((DEAL_ROWS, MAX_SEATS), dtype=np.int64),
    )
    return StarsScratch(
        reading,
        np.zeros((11, MAX_PLAYERS), dtype=np.int64),
        np.zeros(SAID_SIZE, dtype=np.int64),
        new_work(),
        no_steps(),
        np.zeros(SITE_RECORD_SIZE, dtype=np.int64),
    )


@kernel()
def _read_header(
    text: Bytes, start: int, end: int, site: int, numbers: Ints
) -> tuple[int, int, int, int, int]:
    """A hand's first line: (where it ends, the hand's number's start and stop, game, betting),
    the stakes into ``numbers``; the end -1 where the line is not read here."""
    at = start
    if starts_with(text, at, end, BYTE_ORDER_MARK):
        at += 3
    stop = line_end(text, at, end)
    id_start = at + _HEADER_LENGTH[site]  # the site's words, a space (GGPoker's: to the ``#``)
    gg = site == GGPOKER_SITE
    if not gg:  # then as the reference reader's header: a room, and ``Hand #`` or its likes
        room = prefix_length(text, id_start, stop, _ROOM_TEXT, _ROOM_LENGTH)
        id_start += max(room, 0)
        hand = prefix_length(text, id_start, stop, _HAND_TEXT, _HAND_LENGTH)
        if hand < 0:
            return -1, 0, 0, 0, 0
        id_start += hand
    id_stop = id_start
    if gg:  # ``#HD123:``, ``#RC…``: up to four capitals, then the digits
        while id_stop < stop and id_stop - id_start < 4 and UPPER_A <= text[id_stop] <= UPPER_Z:
            id_stop += 1
    digits_at = id_stop
    while id_stop < stop and is_digit(text[id_stop]):
        id_stop += 1
    if id_stop == digits_at or id_stop - digits_at > (20 if gg else 40):
        return -1, 0, 0, 0, 0
    if id_stop >= stop or text[id_stop] != COLON:
        return -1, 0, 0, 0, 0
    rest = id_stop + 1
    if gg:  # the game where GGPoker's own reader finds it
        if rest + 1 >= stop or text[rest] != SPACE:
            return -1, 0, 0, 0, 0
        game, betting = _gg_game(text, rest + 1, stop)
    else:
        game, betting = _header_game(text, rest, stop)
    if game < 0:
        return -1, 0, 0, 0, 0
    stakes = _stakes(text, rest, stop, gg, numbers)
    if stakes == 0 and gg:  # GGPoker's short deck: ``($100)``, the ante and the button's blind
        stakes = _ante_stakes(text, rest, stop, numbers)
    if stakes <= 0:
        return -1, 0, 0, 0, 0
    return stop, id_start, id_stop, game, betting


@kernel(inline=True)
def _stakes(text: Bytes, at: int, stop: int, gg: bool, numbers: Ints) -> int:
    """The header's stakes, ``(sb/bb[ CUR])`` (no currency in GGPoker's), into ``numbers``: 1,
    0 where none stands, -1 where the first one is not read here. PokerStars' stand where the
    reference reader's ``_STAKES`` finds them first: after ``(`` or, in a mixed game's
    parentheses, ``,`` (``8-Game (Razz Limit, $4/$8 USD)``), a space between allowed, each
    amount ending at ``/``, a space, a parenthesis or a comma; a place where that expression
    matches but this reader does not read the rest (``($1/$2 USD, $40 Cap)``) leaves the hand."""
    for k in range(at, stop):
        if text[k] != OPEN_PAREN and (gg or text[k] != COMMA):
            continue
        a = k + 1
        if not gg and a < stop and text[a] == SPACE:
            a += 1
        b = a
        while b < stop and text[b] != SLASH and text[b] != SPACE and text[b] != OPEN_PAREN and text[b] != CLOSE_PAREN and (gg or text[b] != COMMA):  # fmt: skip
            b += 1
        if not (b < stop and text[b] == SLASH and b > a):
            continue
        c = b + 1
        d = c
        while d < stop and text[d] != SLASH and text[d] != SPACE and text[d] != OPEN_PAREN and text[d] != CLOSE_PAREN and (gg or text[d] != COMMA):  # fmt: skip
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
                return -1
            numbers[N_SB_M], numbers[N_SB_D] = m1, d1
            numbers[N_BB_M], numbers[N_BB_D] = m2, d2
            return 1
        if not gg and d > c:  # the expression's ``[^()]*\)``: matched where a ``)`` comes next
            q = d
            while q < stop and text[q] != OPEN_PAREN and text[q] != CLOSE_PAREN:
                q += 1
            if q < stop and text[q] == CLOSE_PAREN:
                return -1
    return 0


@kernel()
def _ante_stakes(text: Bytes, at: int, stop: int, numbers: Ints) -> int:
    """GGPoker's stakes of one amount (short deck's ``($100)``: no small blind, the ante and
    the button's blind the big one), the first ``(amount)`` of the header, as GGPoker's reader
    takes them where no ``(sb/bb)`` stands: 1, 0 where none, -1 where not read here."""
    for k in range(at, stop):
        if text[k] != OPEN_PAREN:
            continue
        b = k + 1
        while b < stop and text[b] != SLASH and text[b] != SPACE and text[b] != OPEN_PAREN and text[b] != CLOSE_PAREN:  # fmt: skip
            if text[b] < SPACE or text[b] >= 128:
                return -1  # other white space (the expression's ``\s``) or other letters
            b += 1
        if b > k + 1 and b < stop and text[b] == CLOSE_PAREN:
            m, d, ok = _money(text, k + 1, b)
            if not ok:
                return -1
            numbers[N_SB_M], numbers[N_SB_D] = 0, 0
            numbers[N_BB_M], numbers[N_BB_D] = m, d
            return 1
    return 0


@kernel()
def _section_line(
    text: Bytes, first: int, line_stop: int, hand_cards: Ints
) -> tuple[int, int, int]:
    """A section's line (``*** FLOP *** [...]``, a board run more than once ``*** SECOND
    TURN *** [...] [...]``): (the section it opens, 0 the seats, 1 the actions, 2 the summary,
    -1 one this reader leaves to the reference reader; a street's new cards, into
    ``hand_cards``, else 0; the street's run, 1 to 3, or -1 the one board)."""
    if starts_with(text, first, line_stop, _SUMMARY):
        return 2, 0, -1
    if (
        starts_with(text, first, line_stop, _HOLE_CARDS)
        or starts_with(text, first, line_stop, _DEALING)
        or starts_with(text, first, line_stop, _PRE_FLOP)
        or find_word(text, first, line_stop, _SHOW_DOWN) >= 0
        or find_word(text, first, line_stop, _SHOWDOWN) >= 0
    ):
        return 1, 0, -1
    at = first + _STARS.shape[0]
    run = -1
    for ordinal in range(_ORDINAL_LENGTH.shape[0]):
        if starts_with(text, at, line_stop, _ORDINAL_TEXT[ordinal, : _ORDINAL_LENGTH[ordinal]]):
            run = ordinal + 1
            at += _ORDINAL_LENGTH[ordinal]
            break
    for street in range(_STREET_LENGTH.shape[0]):
        if starts_with(text, at, line_stop, _STREET_TEXT[street, : _STREET_LENGTH[street]]):
            last = _street_cards(text, at + _STREET_LENGTH[street], line_stop)
            if last < 0:
                return -1, 0, -1
            count = _stars_cards(text, last, line_stop, hand_cards, 5)
            if count <= 0 or text[line_stop - 1] != CLOSE_BRACKET:
                return -1, 0, -1
            return 1, count, run
    return -1, 0, -1  # a section the reference reader weighs


@kernel()
def _summary_line(
    text: Bytes, first: int, line_stop: int, numbers: Ints, powers: Ints, said: int
) -> int:
    """A summary's line: the total pot, the rake and GGPoker's fees beside it (counted in the
    rake, as the reference reader counts them in every layout), into ``numbers``; ``said``
    (bit 1 a total read, bit 2 a rake) with this line's, or -1 for the reference reader."""
    if not starts_with(text, first, line_stop, _TOTAL_POT):
        return said
    a = first + _TOTAL_POT.shape[0]
    b = _token_end(text, a, line_stop)
    m, d, ok = _money(text, a, b)
    if not ok:
        return -1
    numbers[N_TOTAL_M], numbers[N_TOTAL_D] = m, d
    said |= 1
    bar = b
    while bar < line_stop and text[bar] != BAR:
        bar += 1
    if starts_with(text, bar, line_stop, _RAKE):
        a = bar + _RAKE.shape[0]
        b = _token_end(text, a, line_stop)
        m, d, ok = _money(text, a, b)
        if not ok:
            return -1
        numbers[N_RAKE_M], numbers[N_RAKE_D] = m, d
        said |= 2
    bar = find_word(text, first, line_stop, _FEE_BAR)  # ``| Jackpot $1``
    fees = 0  # the fees seen (the reference keeps the last of each: left to it)
    while bar >= 0:
        a = bar + _FEE_BAR.shape[0]
        for fee in range(_FEE_LENGTH.shape[0]):
            if starts_with(text, a, line_stop, _FEE_TEXT[fee, : _FEE_LENGTH[fee]]):
                if fees & (1 << fee):
                    return -1
                fees |= 1 << fee
                a += _FEE_LENGTH[fee]
                b = _token_end(text, a, line_stop)
                m, d, ok = _money(text, a, b)
                if not ok:
                    return -1
                if not said & 2:
                    numbers[N_RAKE_M], numbers[N_RAKE_D] = 0, 0
                    said |= 2
                rake_m, rake_d = numbers[N_RAKE_M], numbers[N_RAKE_D]
                both = max(d, rake_d)
                if both > MAX_DECIMALS:
                    return -1
                numbers[N_RAKE_M] = rake_m * powers[both - rake_d] + m * powers[both - d]
                numbers[N_RAKE_D] = both
                break
        bar = find_word(text, a, line_stop, _FEE_BAR)
    return said


@kernel()
def _seat_line(text: Bytes, first: int, line_stop: int, seats: Ints, listed: int) -> int:
    """A seat's line (``Seat 3: Ann (€10 in chips)``) into column ``listed`` of ``seats``:
    the seats listed now, or -1 for a seat written otherwise (the reference reader weighs it)."""
    q = first + _SEAT.shape[0]
    seat = 0
    digits = 0
    while q < line_stop and is_digit(text[q]):
        seat = seat * 10 + (text[q] - ZERO)
        q += 1
        digits += 1
    if digits > lines.SEAT_DIGITS or seat > MAX_SEAT:
        return -1  # the reference reader refuses it, or reads it as no seat
    if not (digits and starts_with(text, q, line_stop, _AFTER_SEAT)):
        return -1
    name_start = q + _AFTER_SEAT.shape[0]
    chips = find_word(text, name_start, line_stop, _IN_CHIPS)
    if chips <= 0:
        return -1
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
        good = good and text[q] != SPACE and text[q] != OPEN_PAREN and text[q] != CLOSE_PAREN
    if not good or listed == MAX_SEATS:
        return -1
    m, d, ok = _money(text, paren + 1, chips)
    if not ok:
        return -1
    seats[S_NUMBER, listed] = seat
    seats[S_NAME_START, listed] = name_start
    seats[S_NAME_STOP, listed] = space
    seats[S_STACK_M, listed] = m
    seats[S_STACK_D, listed] = d
    seats[S_OUT, listed] = (
        find_word(text, chips, line_stop, _SITTING_OUT) >= 0
        or find_word(text, chips, line_stop, _OUT_OF_HAND) >= 0
    )
    seats[S_PLAYING, listed] = 0
    return listed + 1


@kernel()
def _play_line(
    text: Bytes,
    first: int,
    line_stop: int,
    seats: Ints,
    listed: int,
    hand_cards: Ints,
    dealt_game: int,
) -> tuple[int, int, int, int, int, int, int]:
    """A line of play: (what it is, ``LINE_…``; the action's or the post's kind, the seat
    listed, the amount's mantissa and decimals or -1, all in, the cards into ``hand_cards``
    or the pot collected). Only named here: ``replay_one`` applies the rules. ``dealt_game``:
    :data:`BOARD_GAME`, :data:`STUD_GAME` (seven cards shown, the bring-in and its completion
    read) or :data:`DRAW_GAME` (the discards read: :func:`_discard`)."""
    room = STUD_ROOM if dealt_game == STUD_GAME else CARDS_ROOM
    if starts_with(text, first, line_stop, _HAND_CANCELLED) or starts_with(text, first, line_stop, _SPLASH):  # fmt: skip
        return LINE_BAD, 0, 0, 0, 0, 0, 0  # refused by the reference reader
    if starts_with(text, first, line_stop, _DEALT_TO):
        return _dealt_line(
            text,
            first + _DEALT_TO.shape[0],
            line_stop,
            seats,
            listed,
            hand_cards,
            room,
            dealt_game != BOARD_GAME,
        )
    if starts_with(text, first, line_stop, _UNCALLED):
        a = first + _UNCALLED.shape[0]
        close = find_word(text, a, line_stop, _RETURNED_TO)
        if close < 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        who = _named(text, close + _RETURNED_TO.shape[0], line_stop, seats, listed)
        m, d, ok = _money(text, a, close)
        if who < 0 or not ok:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_RETURNED, 0, who, m, d, 0, 0
    if _may_settle(text, first, line_stop):
        taken = find_word(text, first, line_stop, _COLLECTED)
        if taken > first:
            who = _named(text, first, taken, seats, listed)
            if who >= 0:
                m, d, pot = _collected(text, taken + _COLLECTED.shape[0], line_stop)
                if pot < 0:
                    return LINE_BAD, 0, 0, 0, 0, 0, 0
                return LINE_COLLECTED, 0, who, m, d, 0, pot
        cashed = find_word(text, first, line_stop, _CASHED_OUT)
        if cashed > first and _named(text, first, cashed, seats, listed) >= 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # an all-in cash-out: the reference path
    who, words = _speaker(text, first, line_stop, seats, listed)
    if who < 0:
        return LINE_OTHER, 0, 0, 0, 0, 0, 0  # chat, seating, connection, tournament notices
    words_stop = line_stop
    all_in = 0
    if words_stop - words >= _ALL_IN.shape[0] and starts_with(text, words_stop - _ALL_IN.shape[0], words_stop, _ALL_IN):  # fmt: skip
        all_in = 1
        words_stop -= _ALL_IN.shape[0]
    gg_straddle = starts_with(text, words, words_stop, _GG_STRADDLE)
    if gg_straddle or starts_with(text, words, words_stop, _POSTS):
        kind, m, d = _post(text, words, words_stop, gg_straddle)
        if kind < 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0
        return LINE_POST, kind, who, m, d, 0, 0
    kind, m, d, count = _action_words(
        text, words, words_stop, line_stop, hand_cards, dealt_game, room
    )
    if kind < -1:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    if kind < 0:
        return LINE_OTHER, 0, 0, 0, 0, 0, 0
    if kind != BET_RAISE and not (kind == CHECK_CALL and starts_with(text, words, words_stop, _CALLS)):  # fmt: skip
        all_in = 0  # the reader's "and is all-in" only after a bet, a raise or a call
    return LINE_ACTION, kind, who, m, d, all_in, count


@kernel(inline=True)
def _dealt_line(
    text: Bytes,
    a: int,
    line_stop: int,
    seats: Ints,
    listed: int,
    hand_cards: Ints,
    room: int,
    named_longest: bool,
) -> tuple[int, int, int, int, int, int, int]:
    """``Dealt to Ann [Ah Kh]`` from the name (``a``), as :func:`_play_line` gives a line.
    ``named_longest`` (stud and the draw games): the player the longest seated name followed by
    `` [`` names, as the reference reader's ``_dealt_name`` finds it (``Dealt to PC [Mittel]
    [5c]``); else the name is all before the first `` [``."""
    bracket = a
    while bracket + 1 < line_stop and not (
        text[bracket] == SPACE and text[bracket + 1] == OPEN_BRACKET
    ):
        bracket += 1
    if bracket + 1 >= line_stop or text[line_stop - 1] != CLOSE_BRACKET:
        for q in range(a, line_stop):
            if text[q] == OPEN_BRACKET:
                return LINE_BAD, 0, 0, 0, 0, 0, 0  # cards not after a space (``Ann B[Ah Kh]``)
        return LINE_OTHER, 0, 0, 0, 0, 0, 0  # no cards (GGPoker's other players)
    if named_longest:
        who = -1
        longest = -1
        for seat in range(listed):
            length = seats[S_NAME_STOP, seat] - seats[S_NAME_START, seat]
            q = a + length
            if length <= longest or q >= line_stop:
                continue
            if text[q] != OPEN_BRACKET and not (text[q] == SPACE and q + 1 < line_stop and text[q + 1] == OPEN_BRACKET):  # fmt: skip
                continue
            same = True
            for k in range(length):
                if text[a + k] != text[seats[S_NAME_START, seat] + k]:
                    same = False
                    break
            if same:
                who = seat
                longest = length
        if who < 0 or text[a + longest] != SPACE:
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # no player, or cards not after a space
        bracket = a + longest
    else:
        who = _named(text, a, bracket, seats, listed)
        if who < 0:
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # a name holding `` [``, or no player
    last = line_stop - 1
    while last > bracket and text[last] != OPEN_BRACKET:
        last -= 1
    for q in range(last + 1, line_stop - 1):
        if text[q] == CLOSE_BRACKET:
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # ``[… ]]``: no cards to the reference reader
    if last > bracket + 1:  # cards before them, ``[Ah] [Kh]``, else no cards to the reference
        if not (text[last - 1] == SPACE and text[last - 2] == CLOSE_BRACKET):
            return LINE_BAD, 0, 0, 0, 0, 0, 0  # ``[[ Ad]``
        for q in range(bracket + 2, last - 2):
            if text[q] == OPEN_BRACKET or text[q] == CLOSE_BRACKET:
                return LINE_BAD, 0, 0, 0, 0, 0, 0
    count = _stars_cards(text, last, line_stop, hand_cards, room)
    if count < 0:
        return LINE_BAD, 0, 0, 0, 0, 0, 0
    return LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count


@kernel(inline=True)
def _collected(text: Bytes, a: int, line_stop: int) -> tuple[int, int, int]:
    """``collected $2 from side pot-2`` from the amount (``a``): (mantissa, decimals, the pot),
    the pot -1 where the line is not read here."""
    b = _token_end(text, a, line_stop)
    if not starts_with(text, b, line_stop, _FROM):
        return 0, 0, -1
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
    if pot >= MAX_PLAYERS or not ok:
        return 0, 0, -1
    return m, d, pot


@kernel(inline=True)
def _post(text: Bytes, words: int, words_stop: int, gg_straddle: bool) -> tuple[int, int, int]:
    """A post's words (``posts small blind $1``, GGPoker's ``straddle $2``, before any ``and is
    all-in``, as the reference reader reads them): (kind ``P_…``, mantissa, decimals), the kind
    -1 where not read here."""
    a = words + _POSTS.shape[0]
    kind = -1
    if gg_straddle:
        kind = P_STRADDLE
        a = words + _GG_STRADDLE.shape[0]
    else:
        for post in range(_POST_LENGTH.shape[0]):
            if starts_with(text, a, words_stop, _POST_TEXT[post, : _POST_LENGTH[post]]):
                kind = _POST_KIND[post]
                a += _POST_LENGTH[post]
                break
    m, d, ok = _money(text, a, words_stop)
    if not ok:
        return -1, 0, 0
    return kind, m, d


_VERB_TEXT, _VERB_LENGTH = word_table(
    (lines.POSTS, lines.FOLDS, lines.CHECKS, lines.CALLS, lines.BETS, lines.RAISES, lines.SHOWS,
     lines.MUCKS, lines.GG_STRADDLE)
)  # fmt: skip
"""The verbs the reference reader takes as a line's first word."""
_STUD_VERB_TEXT, _STUD_VERB_LENGTH = word_table((lines.BRINGS_IN, lines.COMPLETES))
"""And the words it takes at a line's start in any game (stud's bring-in and its completion)."""


@kernel(inline=True)
def _verb_unread(text: Bytes, words: int, words_stop: int) -> bool:
    """Whether a speaker's words this reader does not read start with a verb the reference
    reader reads (``calls`` with no amount, ``shows`` with no cards, a bring-in): its hand,
    not chat to pass over."""
    end = words
    while end < words_stop and text[end] != SPACE:
        end += 1
    for verb in range(_VERB_LENGTH.shape[0]):
        length = _VERB_LENGTH[verb]
        if length == end - words and starts_with(text, words, end, _VERB_TEXT[verb, :length]):
            return True
    for verb in range(_STUD_VERB_LENGTH.shape[0]):
        length = _STUD_VERB_LENGTH[verb]
        if starts_with(text, words, words_stop, _STUD_VERB_TEXT[verb, :length]):
            return True
    return False


@kernel(inline=True)
def _action_words(
    text: Bytes,
    words: int,
    words_stop: int,
    line_stop: int,
    hand_cards: Ints,
    dealt_game: int,
    room: int,
) -> tuple[int, int, int, int]:
    """An action's words (``raises $1 to $3``): (kind, the amount's mantissa or -1, decimals,
    the cards shown into ``hand_cards``); the kind -1 for other words, -2 for the reference
    reader. Stud's ``brings in for $1`` (its amount kept for the scale, ``_seat_units`` making
    it the hand's bring-in) and ``completes it to $2`` (a bet); a draw game's discard as
    :func:`_discard` gives it."""
    m = -1
    d = 0
    count = 0
    if starts_with(text, words, words_stop, _FOLDS):
        if words_stop > words + _FOLDS.shape[0]:
            return -2, 0, 0, 0  # folds showing cards: the reference path
        return FOLD, m, d, count
    # a verb is the line's first word, as the reference reader's (``checksEve: …`` none)
    checks = words + _CHECKS.shape[0]
    if starts_with(text, words, words_stop, _CHECKS) and (checks == words_stop or text[checks] == SPACE):  # fmt: skip
        return CHECK_CALL, 0, d, count
    mucks = words + _MUCKS.shape[0]
    if starts_with(text, words, words_stop, _MUCKS) and (mucks == words_stop or text[mucks] == SPACE):  # fmt: skip
        return MUCK, m, d, count
    if starts_with(text, words, words_stop, _SHOWS):
        close = words + _SHOWS.shape[0] - 1
        count = _stars_cards(text, close, line_stop, hand_cards, room)
        if count < 0:
            return -2, 0, 0, 0
        return SHOW, m, d, count
    kind = BET_RAISE
    a = words + _BETS.shape[0]
    if starts_with(text, words, words_stop, _CALLS):
        kind = CHECK_CALL
        a = words + _CALLS.shape[0]
    elif starts_with(text, words, words_stop, _RAISES):
        to = find_word(text, words, words_stop, _TO)
        if to < 0:
            return -2, 0, 0, 0
        a = to + _TO.shape[0]
    elif dealt_game == STUD_GAME and starts_with(text, words, words_stop, _BRINGS_IN):
        kind = BRING_IN
        a = words + _BRINGS_IN.shape[0]
    elif dealt_game == STUD_GAME and starts_with(text, words, words_stop, _COMPLETES):
        a = words + _COMPLETES.shape[0]
    elif dealt_game == DRAW_GAME and (
        starts_with(text, words, words_stop, _DISCARDS)
        or starts_with(text, words, words_stop, _STANDS_PAT)
    ):
        thrown, count = _discard(text, words, words_stop, hand_cards)
        if thrown < 0:
            return -2, 0, 0, 0
        return DISCARD_DRAW, -1, thrown, count
    elif not starts_with(text, words, words_stop, _BETS):
        return (-2 if _verb_unread(text, words, words_stop) else -1), 0, 0, 0
    m, d, ok = _money(text, a, words_stop)
    if not ok:
        return -2, 0, 0, 0
    return kind, m, d, count


@kernel(inline=True)
def _discard(text: Bytes, words: int, words_stop: int, hand_cards: Ints) -> tuple[int, int]:
    """A draw game's ``discards 2 cards [7h 8h]`` (the cards unwritten: ``discards 1 card``) or
    ``stands pat``, as ``draft.discarded_cards`` reads it: (the cards thrown away, the row's
    cards: those thrown, -1 each unseen, then as many -1 for the ones drawn, into
    ``hand_cards``), or (-1, 0) for the reference reader."""
    if starts_with(text, words, words_stop, _STANDS_PAT):
        if words_stop != words + _STANDS_PAT.shape[0]:
            return -1, 0  # ``stands patiently``: refused by the reference reader
        return 0, 0
    p = words + _DISCARDS.shape[0]
    if not (p < words_stop and ZERO <= text[p] <= ZERO + 5):
        return -1, 0
    thrown = int(text[p]) - ZERO
    q = p + 1
    if not starts_with(text, q, words_stop, _DISCARD_CARD):
        return -1, 0
    q += _DISCARD_CARD.shape[0]
    if q < words_stop and text[q] == _LOWER_S:
        q += 1
    if q == words_stop:
        for k in range(thrown):
            hand_cards[k] = -1
    else:
        if not (q + 1 < words_stop and text[q] == SPACE and text[q + 1] == OPEN_BRACKET):
            return -1, 0
        if text[words_stop - 1] != CLOSE_BRACKET:
            return -1, 0
        for k in range(q + 2, words_stop - 1):
            if text[k] == CLOSE_BRACKET:
                return -1, 0
        count = _stars_cards(text, q + 1, words_stop, hand_cards, 5)
        if count != thrown:
            return -1, 0  # cards written otherwise, or not as many as the count
    for k in range(thrown, 2 * thrown):
        hand_cards[k] = -1
    return thrown, 2 * thrown


@kernel(inline=True)
def next_line(text: Bytes, at: int, end: int) -> tuple[int, int, int, bool]:
    """The line at ``at`` of a hand's text: (its first byte, its end before any carriage
    return, where the next line starts, whether it is blank: spaces and tabs alone)."""
    stop = line_end(text, at, end)
    line_stop = stop
    while line_stop > at and text[line_stop - 1] == RETURN:
        line_stop -= 1
    blank = True
    for q in range(at, line_stop):
        if text[q] != SPACE and text[q] != TAB:
            blank = False
            break
    return at, line_stop, stop + 1, blank


class SaidLine(NamedTuple):
    """A line of a hand's play as a layout's reader gave it, for :func:`take_line`: its
    ``LINE_…``, the kind, seat line ``who`` or -1, the amount's mantissa ``m`` or -1 and
    decimals ``d``, then all in or a post's being live, the number of cards in ``hand_cards``
    or the pot (``number``: ``count`` is a tuple's method), and what an action does to the
    round's ``bets`` (Winamax's ``B_…``, 0 elsewhere). Built at the call (Numba types its
    literals int64, as the variables are: one type)."""

    line: int
    kind: int
    who: int
    m: int
    d: int
    all_in: int
    number: int
    bets: int


@kernel(inline=True)
def take_line(
    seats: Ints,
    posts: Ints,
    settled: Ints,
    plays: Ints,
    cards: npt.NDArray[np.int64],
    hand_cards: Ints,
    taken: tuple[int, int, int, int],
    said_line: SaidLine,
) -> tuple[int, int, int, int]:
    """A line of a hand's play as a layout's reader gave it (:class:`SaidLine`) kept in the
    grids, the next column of its kind, the seat playing: ``taken``, the posts, actions,
    returned bets and collected pots kept before, given back with this line's counted, the
    posts -1 where the hand is left (a line refused, or one too many of its kind). A post
    keeps the actions before it and whether it is live, for Winamax's stages. Its cost: an
    inlined helper takes two atomic reference counts for each array it is given, at every
    line: PokerStars' kernel runs 7-9 % slower than with these lines written in
    ``_read_lines`` (0.332-0.334 s against 0.298-0.307 a 20,000 hands, 2026-11-27)."""
    line, kind, who, m, d, all_in, count, bets = said_line
    p, a, r, c = taken
    if line == LINE_BAD:
        return -1, a, r, c
    if line == LINE_OTHER:
        return p, a, r, c
    if line == LINE_POST:
        if p == MAX_POSTS:
            return -1, a, r, c
        posts[POST_SEAT, p], posts[POST_KIND, p], posts[POST_M, p], posts[POST_D, p] = who, kind, m, d  # fmt: skip
        posts[POST_AT, p], posts[POST_LIVE, p] = a, all_in
        seats[S_PLAYING, who] = 1
        return p + 1, a, r, c
    if line == LINE_RETURNED:
        if r == MAX_LISTED:
            return -1, a, r, c
        settled[R_SEAT, r], settled[R_M, r], settled[R_D, r] = who, m, d
        return p, a, r + 1, c
    if line == LINE_COLLECTED:
        if c == MAX_LISTED:
            return -1, a, r, c
        settled[C_SEAT, c], settled[C_M, c], settled[C_D, c], settled[C_POT, c] = who, m, d, count
        return p, a, r, c + 1
    if a == MAX_ACTIONS:
        return -1, a, r, c
    plays[A_KIND, a], plays[A_SEAT, a], plays[A_M, a], plays[A_D, a] = kind, who, m, d
    plays[A_ALL_IN, a], plays[A_COUNT, a], plays[A_BETS, a] = all_in, count, bets
    for k in range(count):
        cards[a, k] = hand_cards[k]
    if who >= 0:
        seats[S_PLAYING, who] = 1
    return p, a + 1, r, c


@kernel(inline=True)
def lines_read(
    tally: Ints, taken: tuple[int, int, int, int], listed: int, button: int, said: int
) -> None:
    """How many of each kind of line a hand's lines held into ``tally``: the posts, actions,
    returned bets and collected pots :func:`take_line` counted (``taken``), the seats listed,
    the button and what the summary said (``said``: bit 1 a total read, bit 2 a rake)."""
    tally[T_POSTS], tally[T_ACTIONS], tally[T_RETURNED], tally[T_COLLECTED] = taken
    tally[T_LISTED], tally[T_BUTTON] = listed, button
    tally[T_TOTAL], tally[T_RAKE] = said & 1, (said >> 1) & 1
    tally[T_CASH_OUTS] = 0


@kernel(inline=True)
def _read_lines(text: Bytes, at: int, end: int, reading: StarsReading) -> bool:
    """The lines after a hand's header, each named and its numbers kept in ``reading``'s grids
    (how many of each in its ``tally``); False where the hand is left to the reference reader:
    a line this reader does not take, no summary (a partial hand) or no table line's button."""
    seats, hand_cards = reading.seats, reading.hand_cards
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    listed = 0
    said = 0
    section = 0  # 0 seats, 1 actions, 2 summary
    button = -1
    taken = (0, 0, 0, 0)  # posts, actions, returned, collected: take_line's
    board = BOARD_GAME
    while at < end:
        first, line_stop, at, blank = next_line(text, at, end)
        if blank:
            continue
        if starts_with(text, first, line_stop, _STARS):
            section, count, run = _section_line(text, first, line_stop, hand_cards)
            if section < 0:
                return False
            if count == 0:
                continue
            line = LINE_ACTION
            kind, who, m, d, all_in = DEAL_BOARD, -1, run, 0, 0  # the amount: the run, or -1
        elif section == 2:
            said = _summary_line(text, first, line_stop, reading.numbers, reading.powers, said)
            if said < 0:
                return False
            continue
        elif section == 0 and (starts_with(text, first, line_stop, _TABLE) or starts_with(text, first, line_stop, _TABLE_ID)):  # fmt: skip
            button = _button(text, first, line_stop)
            if button < 0:
                return False
            continue
        elif section == 0 and starts_with(text, first, line_stop, _SEAT):
            listed = _seat_line(text, first, line_stop, seats, listed)
            if listed < 0:
                return False
            continue
        else:
            line, kind, who, m, d, all_in, count = _play_line(text, first, line_stop, seats, listed, hand_cards, board)  # fmt: skip
        if line == LINE_ACTION and taken[1] < MAX_ACTIONS:
            plays[A_LINE, taken[1]] = first  # the line's start: its number, for the log
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, count, 0))  # fmt: skip
        if taken[0] < 0:
            return False
    lines_read(reading.tally, taken, listed, button, said)
    return section == 2 and button >= 0


@kernel()
def _stud_street(text: Bytes, first: int, line_stop: int) -> int:
    """A stud street's line as the reference reader's ``_STUD_STREET`` reads it (``*** 3rd
    STREET ***`` to ``*** 7th STREET ***``, ``*** RIVER ***`` the seventh, spaces or tabs
    after): the street, 3 to 7, or 0 for another line."""
    at = first + _STARS.shape[0]
    street = 0
    if starts_with(text, at, line_stop, _STUD_RIVER):
        street = 7
        at += _STUD_RIVER.shape[0]
    elif at < line_stop and ZERO + 3 <= text[at] <= ZERO + 7:
        number = int(text[at]) - ZERO
        at += 1
        suffix = prefix_length(text, at, line_stop, _STUD_SUFFIX_TEXT, _STUD_SUFFIX_LENGTH)
        if suffix < 0 or not starts_with(text, at + suffix, line_stop, _STUD_STREET_WORD):
            return 0
        street = number
        at += suffix + _STUD_STREET_WORD.shape[0]
    for k in range(at, line_stop):
        if text[k] != SPACE and text[k] != TAB:
            return 0
    return street


@kernel(inline=True)
def _draw_round(text: Bytes, first: int, line_stop: int) -> bool:
    """Whether a section's line opens a draw (``*** FIRST DRAW ***``, ``*** DRAW ***``), as the
    reference reader's ``_DRAW_ROUND`` matches it (anything may follow)."""
    at = first + _STARS.shape[0]
    for ordinal in range(_ORDINAL_LENGTH.shape[0]):
        if starts_with(text, at, line_stop, _ORDINAL_TEXT[ordinal, : _ORDINAL_LENGTH[ordinal]]):
            at += _ORDINAL_LENGTH[ordinal]
            break
    return starts_with(text, at, line_stop, _DRAW_WORD)


@kernel()
def _stud_button(text: Bytes, at: int, stop: int) -> int:
    """A stud table line's button, as the reference reader takes it: none (0, the seats in
    their order) where the line names none; -1 where its regular expression does not match
    (no quote after the name's)."""
    quote = stop - 1
    while quote >= at and text[quote] != APOSTROPHE:
        quote -= 1
    head = _TABLE_ID.shape[0] if starts_with(text, at, stop, _TABLE_ID) else _TABLE.shape[0]
    if quote < at + head:
        return -1
    return max(_button(text, at, stop), 0)


@kernel()
def _unseen_deal(
    plays: Ints, cards: npt.NDArray[np.int64], seats: Ints, a: int, who: int, count: int, first: int
) -> int:
    """A deal of ``count`` cards nobody saw to seat line ``who`` as action ``a`` (its line at
    ``first``): the actions now, or -1 where there is no room."""
    if a == MAX_ACTIONS:
        return -1
    plays[A_KIND, a], plays[A_SEAT, a], plays[A_M, a], plays[A_D, a] = DEAL_HOLE, who, -1, 0
    plays[A_ALL_IN, a], plays[A_COUNT, a], plays[A_BETS, a], plays[A_LINE, a] = 0, count, 0, first
    for k in range(count):
        cards[a, k] = -1
    seats[S_PLAYING, who] = 1
    return a + 1


@kernel()
def _stud_finish(reading: StarsReading, players: int, street: int, a: int, first: int) -> int:
    """``draft.StudStreets.finish``: the street's cards the site did not write dealt unseen to
    every third-street player still in and not dealt on it (before a line of play, a section):
    the actions now, -1 where there is no room."""
    dealing = reading.dealing
    if street == 0:
        return a
    count = 3 if street == 3 else 1
    for k in range(players):
        who = dealing[D_ORDER, k]
        if dealing[D_OUT, who] == 0 and dealing[D_DEALT, who] == 0:
            dealing[D_DEALT, who] = 1
            a = _unseen_deal(reading.plays, reading.cards, reading.seats, a, who, count, first)
            if a < 0:
                return -1
    return a


@kernel()
def _first_deal(
    reading: StarsReading, listed: int, posted: int, holes: int, a: int, first: int
) -> int:
    """``draft.DrawRounds.first_deal``: every seat listed, in the order of the seats' numbers,
    not sitting out, or posting, or whose first cards are written, dealt them (those written,
    else ``holes`` unseen): the actions now, -1 where there is no room."""
    seats, posts, plays, cards, dealing = reading.seats, reading.posts, reading.plays, reading.cards, reading.dealing  # fmt: skip
    last_number = -1
    last_seat = -1
    for _ in range(listed):
        best = -1
        for seat in range(listed):  # the next by (number, place listed)
            number = seats[S_NUMBER, seat]
            if number < last_number or (number == last_number and seat <= last_seat):
                continue
            if best < 0 or number < seats[S_NUMBER, best]:
                best = seat
        if best < 0:
            break
        last_number, last_seat = seats[S_NUMBER, best], best
        known = dealing[D_KNOWN, best]
        dealt = not seats[S_OUT, best] or known >= 0
        for q in range(posted):
            dealt = dealt or posts[POST_SEAT, q] == best
        if not dealt:
            continue
        if known < 0:
            a = _unseen_deal(plays, cards, seats, a, best, holes, first)
            if a < 0:
                return -1
            continue
        a = _unseen_deal(plays, cards, seats, a, best, known, first)
        if a < 0:
            return -1
        for k in range(known):
            cards[a - 1, k] = dealing[D_CARDS + k, best]
    return a


@kernel()
def _idle_dropped(reading: StarsReading, listed: int, posted: int, actions: int) -> int:
    """``draft.DrawRounds.close``: the first deals of the players who neither post nor act,
    none of their cards seen, taken out of the actions: how many actions are left."""
    seats, posts, plays, cards = reading.seats, reading.posts, reading.plays, reading.cards
    active = reading.dealing[D_DEALT]  # free once the cards are dealt: a player who acts
    for seat in range(listed):
        active[seat] = 0
    for q in range(posted):
        active[posts[POST_SEAT, q]] = 1
    for q in range(actions):
        if plays[A_KIND, q] != DEAL_HOLE and plays[A_SEAT, q] >= 0:
            active[plays[A_SEAT, q]] = 1
    kept = 0
    for q in range(actions):
        seat = plays[A_SEAT, q]
        if plays[A_KIND, q] == DEAL_HOLE and seat >= 0 and not active[seat]:
            seen = False
            for k in range(plays[A_COUNT, q]):
                seen = seen or cards[q, k] >= 0
            if not seen:
                seats[S_PLAYING, seat] = 0
                continue
        if kept != q:
            for row in range(PLAY_ROWS):
                plays[row, kept] = plays[row, q]
            for k in range(plays[A_COUNT, q]):
                cards[kept, k] = cards[q, k]
        kept += 1
    return kept


@kernel()
def dealt_written(
    reading: StarsReading,
    who: int,
    count: int,
    stud: bool,
    street: int,
    first_dealt: bool,
    holes: int,
    players: int,
    first: int,
) -> tuple[int, int]:
    """A ``Dealt to`` line's ``count`` cards (in ``reading.hand_cards``, -1 a card unseen) to
    seat line ``who``, as ``draft``'s ``StudStreets.deal`` and ``DrawRounds.deal`` take them (in
    every layout that writes stud or a draw game so: PokerStars', Winamax's): stud's street
    deal made the action's cards in ``hand_cards`` (third street's three, the unwritten padded
    unseen; a later street's new card the last written), a draw's cards drawn given to the
    discard waiting for them (its line at ``first``), a draw's first cards kept for the first
    deal (``first_dealt``: that deal made). (The stud action's cards, 0 for none (a draw's), -1
    where the hand is left: no cards, dealt before third street or twice on a street, fewer
    cards than thrown away; stud's third-street players now.)"""
    dealing, hand_cards, plays, cards = reading.dealing, reading.hand_cards, reading.plays, reading.cards  # fmt: skip
    if count <= 0:
        return -1, players
    if not stud:
        waiting = dealing[D_WAITING, who]
        if waiting >= 0:
            thrown = plays[A_D, waiting]
            if count < thrown:
                return -1, players
            for k in range(thrown):
                cards[waiting, thrown + k] = hand_cards[count - thrown + k]
            plays[A_LINE, waiting] = first
            dealing[D_WAITING, who] = -1
        elif not first_dealt:
            known = min(count, holes)
            dealing[D_KNOWN, who] = known
            for k in range(known):
                dealing[D_CARDS + k, who] = hand_cards[count - known + k]
        return 0, players
    if street == 0 or dealing[D_DEALT, who]:
        return -1, players  # dealt before third street, or twice on a street
    dealing[D_DEALT, who] = 1
    if street != 3:
        hand_cards[0] = hand_cards[count - 1]
        return 1, players
    if count >= 3:
        for k in range(3):
            hand_cards[k] = hand_cards[count - 3 + k]
    else:
        for k in range(2, -1, -1):
            hand_cards[k] = hand_cards[k - 3 + count] if k >= 3 - count else -1
    for k in range(players):
        if dealing[D_ORDER, k] == who:
            return 3, players
    dealing[D_ORDER, players] = who
    return 3, players + 1


@kernel()
def dealt_step(
    reading: StarsReading, line: int, kind: int, who: int, d: int, count: int, dealt_to: bool,
    listed: int, first: int, deal: tuple[bool, int, int, int, bool, bool, int],
    taken: tuple[int, int, int, int],
) -> tuple[int, int, int, bool, int, tuple[int, int, int, int]]:  # fmt: skip
    """A stud or draw hand's line of play (not a section's), its line at ``first``, as the
    readers of every layout that writes them so (PokerStars', Winamax's) deal around it, from
    ``draft``'s ``StudStreets`` and ``DrawRounds``: a ``Dealt to`` line's cards
    (``dealt_to``: :func:`dealt_written`); before any other line, stud's street finished
    (:func:`_stud_finish`) or the draw's first deal made once the cards are being dealt
    (:func:`_first_deal`); a bring-in counted, a stud fold out of the deal, a discard's drawn
    cards waiting for its player's next ``Dealt to`` line. ``deal``: (stud, the holes of a draw
    game, the street, stud's third-street players, the draw begun, its first deal made, the
    bring-ins). (1 for a line to keep, 0 for one passed by, -1 where the hand is left to the
    site's reader (no room, a second bring-in, what :func:`dealt_written` leaves); the line's
    cards now; the players, the first deal made and the bring-ins now; ``taken`` with the
    actions dealt.)"""
    stud, holes, street, players, begun, first_dealt, bring_ins = deal
    if dealt_to:
        if line != LINE_ACTION:
            return 0, count, players, first_dealt, bring_ins, taken  # no cards: no deal
        count, players = dealt_written(reading, who, count, stud, street, first_dealt, holes, players, first)  # fmt: skip
        # -1: left; 0: a draw's cards, or the first ones (no action of their own)
        return min(count, 1), count, players, first_dealt, bring_ins, taken
    p, a, r, c = taken
    if stud:
        a = _stud_finish(reading, players, street, a, first)
    elif begun and not first_dealt:
        first_dealt = True
        a = _first_deal(reading, listed, p, holes, a, first)
    if a < 0:
        return -1, count, players, first_dealt, bring_ins, taken
    if line == LINE_ACTION and kind == BRING_IN:
        bring_ins += 1
        if bring_ins > 1:
            return -1, count, players, first_dealt, bring_ins, taken  # the last one's amount
    elif line == LINE_ACTION and kind == FOLD and stud:
        reading.dealing[D_OUT, who] = 1
    elif line == LINE_ACTION and kind == DISCARD_DRAW and d:
        reading.dealing[D_WAITING, who] = a  # standing pat keeps a discard before it waiting
    return 1, count, players, first_dealt, bring_ins, (p, a, r, c)


@kernel()
def same_names(text: Bytes, seats: Ints, listed: int) -> bool:
    """Whether two of the ``listed`` seats have one name (Winamax's and Winning's readers keep
    the names in a set or refuse them: a hand left to them)."""
    for one in range(listed):
        for other in range(one):
            if same_span(text, seats[S_NAME_START, one], seats[S_NAME_STOP, one],
                         seats[S_NAME_START, other], seats[S_NAME_STOP, other]):  # fmt: skip
                return True
    return False


@kernel()
def _read_dealt_lines(text: Bytes, at: int, end: int, reading: StarsReading, game: int) -> bool:
    """:func:`_read_lines` for stud and the draw games: the cards dealt as ``draft``'s
    ``StudStreets`` and ``DrawRounds`` deal them for the reference reader (stud: third street's
    cards three, the others' two down cards unseen, a later street's new card the last written,
    a card the site does not write dealt unseen before the street's first move; the draw
    games: every player's first cards before the first move, each discard's drawn cards the
    ones its player's next ``Dealt to`` line writes last, the idle players' first cards taken
    back at the end; :func:`dealt_step`); a stud table may name no button. False where the hand
    is left to the reference reader, as there: a line this reader does not take (a board's
    street, a second bring-in, a player dealt twice a street, a draw's cards not as many as it
    threw away)."""
    seats, hand_cards, dealing = reading.seats, reading.hand_cards, reading.dealing
    posts, settled, plays, cards = reading.posts, reading.settled, reading.plays, reading.cards
    stud = game <= RAZZ
    dealt_game = STUD_GAME if stud else DRAW_GAME
    holes = 4 if game == BADUGI else 5
    for seat in range(MAX_SEATS):
        dealing[D_OUT, seat], dealing[D_DEALT, seat] = 0, 0
        dealing[D_KNOWN, seat], dealing[D_WAITING, seat] = -1, -1
    listed = 0
    said = 0
    section = 0  # 0 seats, 1 actions, 2 summary
    button = -1
    taken = (0, 0, 0, 0)
    players = 0  # stud's third-street players
    street = 0
    # the draw games: the cards are being dealt; the first deal made
    begun, first_dealt = False, False
    bring_ins = 0
    while at < end:
        first, line_stop, at, blank = next_line(text, at, end)
        if blank:
            continue
        p, a, r, c = taken
        if starts_with(text, first, line_stop, _STARS):
            if stud:
                a = _stud_finish(reading, players, street, a, first)
                if a < 0:
                    return False
                taken = (p, a, r, c)
                opened = _stud_street(text, first, line_stop)
                if opened:
                    street = opened
                    for seat in range(listed):
                        dealing[D_DEALT, seat] = 0
                    section = 1
                    continue
            else:
                begun = True
                if not starts_with(text, first, line_stop, _DEALING) and not first_dealt:
                    first_dealt = True
                    a = _first_deal(reading, listed, p, holes, a, first)
                    if a < 0:
                        return False
                    taken = (p, a, r, c)
                if _draw_round(text, first, line_stop):
                    section = 1
                    continue
            section, count, _ = _section_line(text, first, line_stop, hand_cards)
            if section < 0 or count:
                return False  # a board's street: the reference reader's
            continue
        if section == 2:
            said = _summary_line(text, first, line_stop, reading.numbers, reading.powers, said)
            if said < 0:
                return False
            continue
        if section == 0 and (starts_with(text, first, line_stop, _TABLE) or starts_with(text, first, line_stop, _TABLE_ID)):  # fmt: skip
            button = _stud_button(text, first, line_stop) if stud else _button(text, first, line_stop)  # fmt: skip
            if button < 0:
                return False
            continue
        if section == 0 and starts_with(text, first, line_stop, _SEAT):
            listed = _seat_line(text, first, line_stop, seats, listed)
            if listed < 0:
                return False
            continue
        line, kind, who, m, d, all_in, count = _play_line(text, first, line_stop, seats, listed, hand_cards, dealt_game)  # fmt: skip
        if line == LINE_BAD:
            return False
        deal = (stud, holes, street, players, begun, first_dealt, bring_ins)
        kept, count, players, first_dealt, bring_ins, taken = dealt_step(reading, line, kind, who, d, count, starts_with(text, first, line_stop, _DEALT_TO), listed, first, deal, taken)  # fmt: skip
        if kept <= 0:
            if kept < 0:
                return False
            continue
        if line == LINE_ACTION and kind == DISCARD_DRAW:
            all_in = 0  # the reference reader's draw is never all in
        if line == LINE_ACTION and taken[1] < MAX_ACTIONS:
            plays[A_LINE, taken[1]] = first
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, SaidLine(line, kind, who, m, d, all_in, count, 0))  # fmt: skip
        if taken[0] < 0:
            return False
    if not stud:
        p, a, r, c = taken
        taken = (p, _idle_dropped(reading, listed, p, a), r, c)
    lines_read(reading.tally, taken, listed, button, said)
    return section == 2 and button >= 0


@kernel()
def _dealt_in(reading: StarsReading, site: int, game: int) -> tuple[int, int]:
    """Who was dealt in, in the order of the table from the seat after the button (``seats``'
    ``S_ORDER_OF`` and ``S_LISTED_OF``), and the game (PokerMaster heads its five- and six-card
    Omaha "Omaha": the cards tell); (players, game), the players -1 where some line names a
    player not dealt in or two seat lines one seat."""
    seats, plays, settled, tally = reading.seats, reading.plays, reading.settled, reading.tally
    posts = reading.posts
    listed, actions, button = tally[T_LISTED], tally[T_ACTIONS], tally[T_BUTTON]
    if site == _POKERMASTER_SITE and game == _OMAHA:
        dealt = -1
        for q in range(actions):
            if plays[A_KIND, q] == DEAL_HOLE:
                if dealt >= 0 and dealt != plays[A_COUNT, q]:
                    dealt = -2
                    break
                dealt = plays[A_COUNT, q]
        if dealt == 5:
            game = _OMAHA_5
        elif dealt == 6:
            game = _OMAHA_6
    for seat in range(listed):
        seats[S_ORDER_OF, seat] = -1
        for other in range(seat):
            if seats[S_NUMBER, seat] == seats[S_NUMBER, other]:
                return -1, game  # two players in one seat: the reference orders them by name
    count = 0
    for turn in range(2):  # seats after the button, then the rest
        for _ in range(listed):
            best = -1
            for seat in range(listed):
                if seats[S_ORDER_OF, seat] >= 0 or (seats[S_OUT, seat] and not seats[S_PLAYING, seat]):  # fmt: skip
                    continue
                after_button = seats[S_NUMBER, seat] > button
                if after_button != (turn == 0):
                    continue
                if best < 0 or seats[S_NUMBER, seat] < seats[S_NUMBER, best]:
                    best = seat
            if best < 0:
                break
            seats[S_ORDER_OF, best] = count
            seats[S_LISTED_OF, count] = best
            count += 1
    if count < 2 or count > MAX_PLAYERS:
        return -1, game
    for q in range(actions):
        if plays[A_SEAT, q] >= 0 and seats[S_ORDER_OF, plays[A_SEAT, q]] < 0:
            return -1, game  # a player not dealt in
    for q in range(tally[T_POSTS]):
        if seats[S_ORDER_OF, posts[POST_SEAT, q]] < 0:
            return -1, game
    for q in range(tally[T_RETURNED]):
        if seats[S_ORDER_OF, settled[R_SEAT, q]] < 0:
            return -1, game
    for q in range(tally[T_COLLECTED]):
        if seats[S_ORDER_OF, settled[C_SEAT, q]] < 0:
            return -1, game
    return count, game


@kernel()
def _scale(reading: StarsReading, count: int) -> int:
    """The hand's scale: the most decimals of a non-whole amount it holds."""
    seats, posts, plays, settled = reading.seats, reading.posts, reading.plays, reading.settled
    numbers, tally = reading.numbers, reading.tally
    places = 0
    for i in range(count):
        seat = seats[S_LISTED_OF, i]
        places = _places(places, seats[S_STACK_M, seat], seats[S_STACK_D, seat])
    places = _places(places, numbers[N_SB_M], numbers[N_SB_D])
    places = _places(places, numbers[N_BB_M], numbers[N_BB_D])
    for q in range(tally[T_POSTS]):
        places = _places(places, posts[POST_M, q], posts[POST_D, q])
    for q in range(tally[T_ACTIONS]):
        if plays[A_M, q] >= 0:
            places = _places(places, plays[A_M, q], plays[A_D, q])
    for q in range(tally[T_RETURNED]):
        places = _places(places, settled[R_M, q], settled[R_D, q])
    for q in range(tally[T_COLLECTED]):
        places = _places(places, settled[C_M, q], settled[C_D, q])
    if tally[T_TOTAL]:
        places = _places(places, numbers[N_TOTAL_M], numbers[N_TOTAL_D])
    if tally[T_RAKE]:
        places = _places(places, numbers[N_RAKE_M], numbers[N_RAKE_D])
    if tally[T_CASH_OUTS]:  # GGPoker's EV cash-outs (what each took, as the reader sums it)
        for seat in range(tally[T_LISTED]):
            if seats[S_OUTSIDE, seat] & (O_PAID << 1):
                places = _places(places, seats[S_CASH_M, seat], seats[S_CASH_D, seat])
    return places


@kernel(inline=True)
def _places(places: int, mantissa: int, decimals: int) -> int:
    """``places``, or ``decimals`` where more and the amount is not whole (the power of ten
    made here: ``powers`` passed to an inlined helper costs a reference count a call)."""
    if decimals <= places:
        return places
    power = 1
    for _ in range(decimals):
        power *= 10
    return decimals if mantissa % power else places


@kernel()
def _seat_units(reading: StarsReading, units: Ints, count: int, places: int) -> bool:
    """The players' stacks, antes and blinds (in turn or not), the straddles, and the actions'
    seats in play and amounts, in units of the scale: False for a straddle raised to less
    (the reference reader weighs it)."""
    seats, posts, plays, powers = reading.seats, reading.posts, reading.plays, reading.powers
    numbers = reading.numbers
    big_header = in_units(numbers[N_BB_M], numbers[N_BB_D], places, powers)
    tally = reading.tally
    tally[T_BRING_IN] = 0
    anted = 0  # a bit per player who posts an ante
    dead = False  # a dead blind held as an ante: no antes trimmed
    for i in range(count):
        seat = seats[S_LISTED_OF, i]
        units[U_STACK, i] = in_units(seats[S_STACK_M, seat], seats[S_STACK_D, seat], places, powers)  # fmt: skip
        units[U_ANTE, i] = 0
        units[U_BLIND, i] = 0
        units[U_IN_TURN, i] = 1
        units[U_STRADDLED, i] = 0  # each seat's straddles so far (a second: the straddle raised to)
    small_seat = 1 if count == 2 else 0
    big_posted = False
    for q in range(reading.tally[T_POSTS]):
        i = seats[S_ORDER_OF, posts[POST_SEAT, q]]
        value = in_units(posts[POST_M, q], posts[POST_D, q], places, powers)
        kind = posts[POST_KIND, q]
        if kind == P_ANTE:
            units[U_ANTE, i] += value
            anted |= 1 << i
        elif kind == P_SMALL:
            if i == small_seat and units[U_BLIND, i] == 0:
                units[U_BLIND, i] = value
            else:
                units[U_ANTE, i] += value
                dead = True
        elif kind == P_BOTH:
            live = min(value, big_header)
            dead = dead or value > live
            units[U_BLIND, i] += live
            units[U_ANTE, i] += value - live
            units[U_IN_TURN, i] = 0
        elif kind == P_BIG:
            units[U_BLIND, i] += value
            units[U_IN_TURN, i] = 0 if big_posted else 1
            big_posted = True
        else:
            if value <= units[U_STRADDLED, i]:
                return False  # a straddle raised to less: the reference reader weighs it
            units[U_BLIND, i] += value - units[U_STRADDLED, i]
            units[U_STRADDLED, i] = value
    unequal = False
    for i in range(1, count):
        unequal = unequal or units[U_ANTE, i] != units[U_ANTE, 0]
    tally[T_TRIMMING] = anted == (1 << count) - 1 and not dead and unequal
    for q in range(reading.tally[T_ACTIONS]):
        seat = plays[A_SEAT, q]
        plays[A_ACTOR, q] = seats[S_ORDER_OF, seat] if seat >= 0 else -1
        kind = plays[A_KIND, q]
        if kind == DEAL_BOARD:  # its amount is its run (1 to 3), or -1
            plays[A_AMOUNT, q] = plays[A_M, q]
        elif kind == BRING_IN:  # no amount of its own: the hand's bring-in
            tally[T_BRING_IN] = in_units(plays[A_M, q], plays[A_D, q], places, powers)
            plays[A_AMOUNT, q] = -1
        elif kind == DISCARD_DRAW:  # its amount: the cards thrown away (``A_D``)
            plays[A_AMOUNT, q] = plays[A_D, q]
        elif plays[A_M, q] >= 0:
            plays[A_AMOUNT, q] = in_units(plays[A_M, q], plays[A_D, q], places, powers)
        else:
            plays[A_AMOUNT, q] = -1
    return True


@kernel()
def _site_said(reading: StarsReading, units: Ints, said: Ints, count: int, places: int) -> None:
    """What the site's record says (``said``: the bets returned, the pots and who took them,
    the rake and the total) and what each player collected (``units``' ``U_PAID``), in units,
    for ``replay_one`` to compare with its own."""
    seats, settled, powers = reading.seats, reading.settled, reading.powers
    numbers, tally = reading.numbers, reading.tally
    for q in range(SAID_SIZE):
        said[q] = 0
    for q in range(MAX_PLAYERS):
        said[SAID_POT_MASKS + q] = -1
    said[SAID_RETURNED] = 1
    for q in range(tally[T_RETURNED]):
        said[SAID_RETURNS + seats[S_ORDER_OF, settled[R_SEAT, q]]] += in_units(
            settled[R_M, q], settled[R_D, q], places, powers
        )
    for i in range(count):
        units[U_PAID, i] = 0
    for q in range(tally[T_COLLECTED]):
        i = seats[S_ORDER_OF, settled[C_SEAT, q]]
        units[U_PAID, i] += in_units(settled[C_M, q], settled[C_D, q], places, powers)
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
        said[SAID_TOTAL] = in_units(numbers[N_TOTAL_M], numbers[N_TOTAL_D], places, powers)


@kernel()
def _cashed_out(reading: StarsReading, said: Ints, count: int, places: int) -> bool:
    """The EV cash-outs (:func:`_outside_money`) in ``said`` as the replay takes a cash-out
    (``SAID_CASHED``: the player's payout, win or lose; no fee), in units: False where a player
    who settled money outside the pot is not dealt in (GGPoker's reader refuses a cash-out
    then) or a cash-out is past the model's ``MAX_UNITS`` (refused too)."""
    seats, powers = reading.seats, reading.powers
    for seat in range(reading.tally[T_LISTED]):
        if seats[S_OUTSIDE, seat] and seats[S_ORDER_OF, seat] < 0:
            return False
    for i in range(count):
        seat = seats[S_LISTED_OF, i]
        if not seats[S_OUTSIDE, seat] & (O_PAID << 1):
            continue
        m, d = seats[S_CASH_M, seat], seats[S_CASH_D, seat]
        if d <= places and m > MAX_UNITS // powers[places - d]:
            return False
        said[SAID_CASHED] |= 1 << i
        said[SAID_CASH_OUTS + i] = in_units(m, d, places, powers)
        said[SAID_CASH_FEES + i] = 0
    return True


@kernel()
def _bets(
    betting: int, numbers: Ints, powers: Ints, units: Ints, count: int, places: int
) -> tuple[int, int, int, int]:
    """The bets' sizes (the minimum bet, fixed limit's big bet) and the stakes the rows give
    (small and big blind: fixed limit's the blinds posted, else the header's), in units."""
    small_header = in_units(numbers[N_SB_M], numbers[N_SB_D], places, powers)
    big_header = in_units(numbers[N_BB_M], numbers[N_BB_D], places, powers)
    if betting != FIXED_LIMIT:
        return big_header, 0, small_header, big_header
    small = -1
    big = -1
    for i in range(count):
        blind = units[U_BLIND, i]
        if blind:
            big = max(big, blind)
            small = blind if small < 0 else min(small, blind)
    if big < 0:
        big = small_header
        small = small_header // 2
    return small_header, big_header, small, big


@kernel(inline=True)
def stars_hand(
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
    """Read the hand ``text[start:end]`` in PokerStars' layout (its header the ``site``-th of
    :data:`~._stars_lines.HEADERS`: PokerStars, a skin, GGPoker) into the replay's terms in
    ``reading``, ``units`` and ``said`` (the players dealt in, given back; the game, betting,
    bets and stakes in ``reading.tally``) for :func:`stars_share` to replay as the reference reader and replay do, or
    mark it :data:`SLOW` for them in row ``hand`` of ``facts`` (-1 given back). ``ascii_text``:
    the whole buffer is ASCII (checked once), so no hand's UTF-8 is checked again. The
    stages: the header, the lines, who was dealt in, the scale, the amounts in units."""
    if not hand_begun(text, hand, start, end, number, ascii_text, facts):
        return -1
    stop, id_start, id_stop, game, betting = _read_header(text, start, end, site, reading.numbers)
    if stop < 0:
        return -1
    dealt = STUD <= game <= BADUGI
    if dealt:
        if not _read_dealt_lines(text, stop + 1, end, reading, game):
            return -1
    elif not _read_lines(text, stop + 1, end, reading):
        return -1
    outside = _settled_at(text, start, end) if site == GGPOKER_SITE else -1
    if outside >= 0 and not _outside_money(text, start, end, outside, reading):
        return -1  # money settled outside the pot GGPoker's reader refuses, or might read otherwise
    count, game, places = hand_units(reading, units, site, game, hand, facts)
    if count < 0:
        return -1
    _site_said(reading, units, said, count, places)
    if outside >= 0 and not _cashed_out(reading, said, count, places):
        return -1
    hand_read(reading, units, count, places, game, betting, id_start, id_stop)
    tally = reading.tally
    if site == GGPOKER_SITE:
        tally[T_TRIMMING] = 0  # GGPoker's reader leaves the antes whole (no antes_returned)
    return count


@kernel(inline=True)
def hand_begun(
    text: Bytes, hand: int, start: int, end: int, number: int, ascii_text: bool, facts: Ints
) -> bool:
    """A hand's first stage, in every layout: row ``hand`` of ``facts`` marked :data:`SLOW`
    for the reference reader until it is replayed (its number and place kept); whether its
    text is UTF-8 (``ascii_text``: the whole buffer is ASCII, checked once)."""
    facts[hand, F_STATUS] = SLOW
    unread(facts, hand)
    facts[hand, F_NUMBER] = number
    facts[hand, F_START] = start
    facts[hand, F_STOP] = end
    facts[hand, F_COUNT] = 0
    facts[hand, F_RUNS] = 0
    return ascii_text or valid_utf8(text, start, end)


@kernel(inline=True)
def hand_units(
    reading: StarsReading, units: Ints, site: int, game: int, hand: int, facts: Ints
) -> tuple[int, int, int]:
    """The stages after a hand's lines, in every layout: who was dealt in, the scale, the
    seats' amounts in units: (the players dealt in, the game, the scale's places), the players
    -1 where the hand is left (refused for its decimals in row ``hand`` of ``facts``)."""
    count, game = _dealt_in(reading, site, game)
    if count < 0:
        return -1, game, 0
    places = _scale(reading, count)
    if places > MAX_DECIMALS:
        facts[hand, F_REFUSAL] = Refusal.DECIMALS
        return -1, game, places
    if not _seat_units(reading, units, count, places):
        return -1, game, places
    return count, game, places


@kernel(inline=True)
def hand_read(
    reading: StarsReading,
    units: Ints,
    count: int,
    places: int,
    game: int,
    betting: int,
    id_start: int,
    id_stop: int,
) -> None:
    """A hand's last stage, in every layout: its game, betting, bets' sizes, stakes (stud's in
    small bets, no blinds), scale and hand id's span into ``reading.tally``."""
    tally = reading.tally
    tally[T_MIN_BET], tally[T_BIG_BET], tally[T_SMALL], tally[T_BIG] = _bets(betting, reading.numbers, reading.powers, units, count, places)  # fmt: skip
    tally[T_GAME], tally[T_BETTING], tally[T_PLACES] = game, betting, places
    tally[T_ID_START], tally[T_ID_STOP] = id_start, id_stop
    if STUD <= game <= RAZZ:  # no blinds: the stakes in small bets, as PHH reads stud
        numbers = reading.numbers
        tally[T_SMALL] = 0
        tally[T_BIG] = in_units(numbers[N_SB_M], numbers[N_SB_D], places, reading.powers)


@kernel()
def _hand_facts(
    hand: int,
    count: int,
    replayed: tuple[int, int, int, int],
    seats: Ints,
    plays: Ints,
    tally: Ints,
    facts: Ints,
    names: Ints,
    seat_numbers: Ints,
    flags: npt.NDArray[np.uint8],
) -> None:
    """A hand replayed (``replay_one``'s status, all-in street and cards, pots): its facts,
    its players' names and seats and their actions' ``flags``, in row ``hand`` of the rows."""
    status, allin_street, allin_cards, pot_count = replayed
    facts[hand, F_REFUSAL] = status
    if status != OK:
        return
    facts[hand, F_STATUS] = OK
    facts[hand, F_COUNT] = count
    facts[hand, F_VARIANT] = 3 * tally[T_GAME] + tally[T_BETTING]
    facts[hand, F_SCALE] = tally[T_PLACES]
    facts[hand, F_SMALL] = tally[T_SMALL]
    facts[hand, F_BIG] = tally[T_BIG]
    facts[hand, F_ID_START] = tally[T_ID_START]
    facts[hand, F_ID_STOP] = tally[T_ID_STOP]
    facts[hand, F_VENUE_START] = -1
    facts[hand, F_VENUE_STOP] = -1
    facts[hand, F_ALLIN_STREET] = allin_street
    facts[hand, F_ALLIN_CARDS] = allin_cards
    facts[hand, F_POTS] = pot_count
    for i in range(count):
        seat = seats[S_LISTED_OF, i]
        names[hand, 2 * i] = seats[S_NAME_START, seat]
        names[hand, 2 * i + 1] = seats[S_NAME_STOP, seat]
        seat_numbers[hand, i] = seats[S_NUMBER, seat]
    action_flags(plays[A_KIND], plays[A_ACTOR], tally[T_ACTIONS], flags, hand)


def stars_hands(
    text: Bytes,
    starts: Ints,
    stops: Ints,
    sites: Ints,
    ascii_text: bool,
    first_hand: int,
    hands: int,
    threads: int,
    tables: ReplayTables,
    rows: HandRows,
    share: Callable[..., None] | None = None,
) -> None:
    """:func:`stars_hand` for every hand :func:`stars_index` found (``ascii_text``: the
    buffer is ASCII), numbered from ``first_hand``, on ``threads`` Python threads (as in
    :func:`~._phh_kernels.phh_hands`): each thread's share of them, :func:`stars_share`
    unless another layout's ``share`` (:data:`SiteShare`: ``_winamax_kernels.wx_share``, one
    layout a buffer), which replays them here (``replaying`` True, no log)."""
    if share is None:

        def one_share(worker: int) -> None:
            stars_share(text, starts, stops, sites, ascii_text, first_hand, worker, hands,
                        threads, tables, rows)  # fmt: skip

    else:
        buffer = BufferHands(text, starts, stops, sites, bool(ascii_text), int(first_hand))
        log, marks = no_log(), new_marks(0)

        def one_share(worker: int) -> None:
            share(buffer, worker, hands, threads, 0, 0, rows, log, marks, tables, True)

    in_threads(one_share, threads)


@kernel()
def stars_share(
    text: Bytes,
    starts: Ints,
    stops: Ints,
    sites: Ints,
    ascii_text: bool,
    first_hand: int,
    worker: int,
    hands: int,
    threads: int,
    tables: ReplayTables,
    rows: HandRows,
) -> None:
    """One thread's share of :func:`stars_hands`: each hand read by :func:`stars_hand`
    (inlined), replayed by ``replay_one`` here (the tables, 78 arrays, and the rows bound once
    a thread: passed to an inlined helper they cost as many reference counts a hand, and the
    replay's glue put in a helper of its own, inlined or not, made the kernel a tenth slower:
    Winamax's share repeats these lines), its facts written by :func:`_hand_facts`."""
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
    for hand in range(worker, hands, threads):
        count = stars_hand(text, hand, starts[hand], stops[hand], first_hand + hand, sites[hand],
                           ascii_text, facts, reading, units, said)  # fmt: skip
        if count < 0:
            continue
        hand_input = HandInput(
            count, tally[T_GAME], tally[T_BETTING], tally[T_TRIMMING], tally[T_MIN_BET],
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


# -- the log: ``read_histories``' hands read, not replayed ----------------------------------------


class StarsMarks(NamedTuple):
    """What a PokerStars hand's actions say beyond :class:`~._phh_kernels.PhhLog`'s columns
    (PHH writes neither), placed as the log's actions are: whether the site says the player is
    all in after it, and the run of the board it belongs to (a street's run, or the last
    street's for a show or a muck, as the reference reader counts them; 0 the one board)."""

    all_ins: npt.NDArray[np.int8]
    runouts: npt.NDArray[np.int8]


class BufferHands(NamedTuple):
    """The hands of one buffer as :func:`stars_index` found them, what a share of
    :func:`stars_logs` reads: the buffer's bytes, each hand's start and stop in it and its
    site's place in ``HEADERS``, whether the buffer is ASCII, and the first hand's number."""

    text: Bytes
    starts: Ints
    stops: Ints
    sites: Ints
    ascii_text: bool
    first_hand: int


def new_marks(places: int) -> StarsMarks:
    """Marks for a log of ``places`` actions (:func:`~._phh_kernels.new_log`'s)."""
    return StarsMarks(np.zeros(places, dtype=np.int8), np.zeros(places, dtype=np.int8))


def stars_logs(
    text: Bytes,
    starts: Ints,
    stops: Ints,
    sites: Ints,
    ascii_text: bool,
    first_hand: int,
    hands: int,
    threads: int,
    rows: HandRows,
    log: PhhLog,
    marks: StarsMarks,
    share: Callable[..., None] | None = None,
    tables: ReplayTables | None = None,
) -> None:
    """Every hand :func:`stars_index` found read by :func:`stars_hand` into ``log`` and
    ``marks`` and not replayed (``read_histories`` wants the hands, not their results), shared
    among ``threads`` as :func:`stars_hands` shares them and placed as
    :func:`~._phh_kernels.phh_logs` places them (each share's actions one after another from
    where the room of the shares before it ends, a hand's room its bytes over
    :data:`~._phh_kernels.ACTION_BYTES`: a line of play takes more): a hand read whole, its
    amounts within the model's 2**53 units, is ``OK`` in the rows' facts (with its players'
    names and seats), any other ``SLOW`` (the lenient reader's, which reads or refuses it).
    Each action's text span is empty at the start of its line (PokerStars' actions have no
    text; the span gives the line's number). ``share``: another layout's share of them, as
    :func:`stars_hands` takes one (:data:`SiteShare`, ``replaying`` False: the share's one
    kernel logs them, ``tables`` unread but its type's)."""
    room = np.maximum(stops[:hands] // ACTION_BYTES - starts[:hands] // ACTION_BYTES, 0)
    ends = np.cumsum([int(room[worker::threads].sum()) for worker in range(threads)])
    firsts = np.concatenate([[0], ends[:-1]]).astype(np.int64)
    limits = np.minimum(ends, log.kinds.shape[0])
    buffer = BufferHands(text, starts, stops, sites, bool(ascii_text), int(first_hand))

    def one_share(worker: int) -> None:
        place, limit = int(firsts[worker]), int(limits[worker])
        if share is None:
            _stars_log_share(buffer, worker, hands, threads, place, limit, rows, log, marks)
        else:
            share(buffer, worker, hands, threads, place, limit, rows, log, marks, tables, False)

    in_threads(one_share, threads)


SiteShare = Callable[
    [BufferHands, int, int, int, int, int, HandRows, PhhLog, StarsMarks, ReplayTables, bool], None
]
"""A site's share kernel (``_winamax_kernels.wx_share``, ``_bovada_kernels.bv_share`` ...): one
thread's share of a buffer's hands (``buffer``, ``worker``, ``hands``, ``threads``), each read
by the site's stages and then, by ``replaying``, replayed into the rows (:func:`stars_hands`:
``place``, ``limit``, ``log`` and ``marks`` unread) or logged from ``place``, below ``limit``
(:func:`stars_logs`: :func:`hand_logged`, ``tables`` unread): one kernel both jobs, so that
the site's stages compile once."""


@kernel()
def _stars_log_share(
    buffer: BufferHands,
    worker: int,
    hands: int,
    threads: int,
    place: int,
    limit: int,
    rows: HandRows,
    log: PhhLog,
    marks: StarsMarks,
) -> None:
    """One thread's share of :func:`stars_logs`: hands ``worker``, ``worker + threads`` ...,
    each read (:func:`stars_hand`, inlined) and logged (:func:`_stars_logged`), their actions
    one after another from ``place``, below ``limit``."""
    text, starts, stops, sites = buffer.text, buffer.starts, buffer.stops, buffer.sites
    ascii_text, first_hand = buffer.ascii_text, buffer.first_hand
    w = new_stars_scratch()
    facts, reading, units, said = rows.facts, w.reading, w.units, w.said
    tally = reading.tally
    for hand in range(worker, hands, threads):
        start, stop = starts[hand], stops[hand]
        count = stars_hand(text, hand, start, stop, first_hand + hand, sites[hand], ascii_text,
                           facts, reading, units, said)  # fmt: skip
        if count < 0:
            continue
        taken = hand_logged(hand, count, tally[T_TRIMMING], tally[T_BRING_IN], start, stop, place,
                            limit, reading, units, said, rows, log, marks)  # fmt: skip
        if taken > 0:
            place += taken


@kernel()
def hand_logged(
    hand: int,
    count: int,
    trimming: int | np.int64,
    bring_in: int | np.int64,
    start: int,
    stop: int,
    place: int,
    limit: int,
    reading: StarsReading,
    units: Ints,
    said: Ints,
    rows: HandRows,
    log: PhhLog,
    marks: StarsMarks,
) -> int:
    """The log's job for a hand a share read (``text[start:stop]``, ``count`` players dealt
    in; ``trimming`` and ``bring_in`` as the share's replay takes them), in every layout, in
    place of the replay: its actions logged from ``place``, below ``limit``
    (:func:`_stars_logged`), and its facts, names and seats ``OK`` in the rows
    (:func:`_hand_facts`); the places its actions took, -1 where the hand is left ``SLOW`` to
    the lenient reader (an amount past the model's 2**53 units, which it refuses; no room,
    never: a line of play is longer). Out of line: not on the replay's path."""
    seats, plays, cards, tally = reading.seats, reading.plays, reading.cards, reading.tally
    hand_input = HandInput(
        count, tally[T_GAME], tally[T_BETTING], trimming, tally[T_MIN_BET], tally[T_BIG_BET],  # type: ignore[arg-type]
        units[U_STACK], units[U_ANTE], units[U_BLIND], units[U_IN_TURN], tally[T_ACTIONS],
        plays[A_KIND], plays[A_ACTOR], plays[A_AMOUNT], cards, plays[A_COUNT], plays[A_ALL_IN],
        units[U_PAID], 1, units[U_FINISHING], 0, said, bring_in,  # type: ignore[arg-type]
    )  # fmt: skip
    if _past_units(hand_input):
        return -1  # the lenient reader refuses it (the replay's PAST_UNITS)
    stop_place = min(place + stop // ACTION_BYTES - start // ACTION_BYTES, limit)
    taken = _stars_logged(hand, count, place, stop_place, plays, cards, tally, units, log, marks)
    if taken < 0:
        return -1
    log.setup[hand, S_TRIMMING] = trimming
    log.setup[hand, S_BRING_IN] = bring_in
    _hand_facts(hand, count, (OK, 0, 0, 0), seats, plays, tally, rows.facts, rows.names,
                rows.seat_numbers, rows.action_flags)  # fmt: skip
    return taken


@kernel()
def _stars_logged(
    hand: int,
    count: int,
    place: int,
    stop: int,
    plays: Ints,
    cards: npt.NDArray[np.int64],
    tally: Ints,
    units: Ints,
    log: PhhLog,
    marks: StarsMarks,
) -> int:
    """A hand :func:`stars_hand` read into ``log`` (its actions from ``place``, below ``stop``)
    and ``marks``: the places its actions took, or -1 where they do not fit."""
    n_actions = tally[T_ACTIONS]
    if place + n_actions > stop:
        return -1
    log.first[hand] = place
    log.steps[hand] = n_actions
    log_cards = log.cards
    run = 0
    for step in range(n_actions):
        at = place + step
        kind = plays[A_KIND, step]
        log.kinds[at] = kind
        log.actors[at] = plays[A_ACTOR, step]
        log.amounts[at] = plays[A_AMOUNT, step]
        log.card_counts[at] = plays[A_COUNT, step]
        log.texts[at, 0] = plays[A_LINE, step]
        log.texts[at, 1] = plays[A_LINE, step]
        for k in range(plays[A_COUNT, step]):
            log_cards[at, k] = cards[step, k]
        if kind == DEAL_BOARD:
            run = max(plays[A_AMOUNT, step], 0)
        marks.all_ins[at] = plays[A_ALL_IN, step]
        marks.runouts[at] = run if kind in (DEAL_BOARD, SHOW, MUCK) else 0
    setup = log.setup  # (the trimming and bring-in: :func:`hand_logged`'s, as replayed)
    setup[hand, S_MIN_BET] = tally[T_MIN_BET]
    setup[hand, S_BIG_BET] = tally[T_BIG_BET]
    setup[hand, S_HAS_WON] = 1
    setup[hand, S_HAS_FINISH] = 0
    kept_seats = log.seats
    for i in range(count):
        kept_seats[hand, i, V_STACK] = units[U_STACK, i]
        kept_seats[hand, i, V_ANTE] = units[U_ANTE, i]
        kept_seats[hand, i, V_BLIND] = units[U_BLIND, i]
        kept_seats[hand, i, V_IN_TURN] = units[U_IN_TURN, i]
        kept_seats[hand, i, V_WON] = units[U_PAID, i]
        kept_seats[hand, i, V_FINISHING] = 0
    return int(n_actions)
