"""iPoker's XML sessions read in a kernel (the reader whose every rule these stages keep is
``sites/ipoker.py``: what it refuses or might read otherwise, they leave to it, hand by hand).

iPoker is not PokerStars' layout (no lines of play: elements and attributes), but what a hand
says is what a PokerStars hand says: seats, posts, actions, cards, the bets returned and the
pots collected. So the reader is a share on PokerStars' stages: :func:`_ip_read` fills the
same grids (``StarsReading``, each post, action, returned bet and collected pot kept by
``_stars_kernels.take_line``), and PokerStars' later stages (``hand_units``: who was dealt in,
the scale, the units; ``_site_said``; ``hand_read``), the replay and ``_hand_facts`` are
PokerStars' own; the finishing stacks (``chips - bet + win``) are the site's record beside.

:func:`ip_index` reads the whole buffer once: a strict subset of XML (sessions one after
another, each element's tag on its own terms, attribute values quoted; no entity, character
reference, comment, CDATA, DOCTYPE or processing instruction but the ``<?xml …?>``
declaration between sessions, no control character): a buffer outside it is left whole to the
reference reader (-1), so that every hand the kernel leaves is one the reference reader reads on
its own (well-formed, in a session whose ``<general>`` is known). Each ``<game>`` is a hand,
with its session's ``<gametype>`` and ``<uncalled_bet_enabled>`` and the line its start tag
ends on (the reference reader's place).

Bytes are read as they are: only ASCII matters to the rows (names must be ASCII, else the hand
is left), and the amounts' currency signs are read in both encodings the files use (cp1252's
``€`` one byte, UTF-8's three: each only where the reference reader decodes the line so).
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import in_threads, kernel
from pokerscore.files.records import MAX_RECORD_BYTES
from pokerscore.histories._bytes import (
    APOSTROPHE,
    COMMA,
    NEWLINE,
    POINT,
    QUOTE,
    RETURN,
    SPACE,
    TAB,
    ZERO,
    ascii_bytes,
    card_of,
    is_digit,
    is_word,
    same_span,
    valid_utf8,
    word_id,
    word_table,
)
from pokerscore.histories._layout import (
    BET_RAISE,
    CHECK_CALL,
    DEAL_BOARD,
    DEAL_HOLE,
    F_HEADER,
    F_RUNS,
    FIXED_LIMIT,
    FOLD,
    GAME_CODES,
    MAX_ACTIONS,
    NO_LIMIT,
    OK,
    POT_LIMIT,
    Bytes,
    HandRows,
    Ints,
    ReplayTables,
)
from pokerscore.histories._phh_kernels import S_HAS_FINISH, V_FINISHING, PhhLog, no_log
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
    CARDS_ROOM,
    LINE_ACTION,
    LINE_COLLECTED,
    LINE_POST,
    LINE_RETURNED,
    MAX_SEATS,
    N_BB_D,
    N_BB_M,
    N_SB_D,
    N_SB_M,
    P_ANTE,
    P_BIG,
    P_BOTH,
    P_SMALL,
    S_LISTED_OF,
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
    _site_said,
    hand_begun,
    hand_logged,
    hand_read,
    hand_units,
    lines_read,
    new_marks,
    new_stars_scratch,
    take_line,
)
from pokerscore.histories._stars_lines import GAMES
from pokerscore.histories.model import MAX_SEAT, MAX_UNITS
from pokerscore.histories.sites.ipoker import GAME_NAMES

# -- iPoker's words: tags, attributes and values (XML, not PokerStars' lines: here, not in
# ``_stars_lines``) ----------------------------------------------------------------------------
_SESSION: Final = ascii_bytes("session")
_GENERAL: Final = ascii_bytes("general")
_GAMETYPE: Final = ascii_bytes("gametype")
_UNCALLED: Final = ascii_bytes("uncalled_bet_enabled")
_TRUE: Final = ascii_bytes("true")
_GAME: Final = ascii_bytes("game")
_GAMECODE: Final = ascii_bytes("gamecode")
_PLAYERS: Final = ascii_bytes("players")
_PLAYER: Final = ascii_bytes("player")
_ROUND: Final = ascii_bytes("round")
_CARDS: Final = ascii_bytes("cards")
_ACTION: Final = ascii_bytes("action")
_NAME: Final = ascii_bytes("name")
_SEAT: Final = ascii_bytes("seat")
_CHIPS: Final = ascii_bytes("chips")
_BET: Final = ascii_bytes("bet")
_WIN: Final = ascii_bytes("win")
_DEALER: Final = ascii_bytes("dealer")
_NO: Final = ascii_bytes("no")
_TYPE: Final = ascii_bytes("type")
_SUM: Final = ascii_bytes("sum")
_POCKET: Final = ascii_bytes("Pocket")
_FLOP: Final = ascii_bytes("Flop")
_TURN: Final = ascii_bytes("Turn")
_RIVER: Final = ascii_bytes("River")
_STREET: Final = ascii_bytes("Street")
_XML: Final = ascii_bytes("xml")
_HOLDEM_CODE: Final = GAME_CODES["holdem"]
_OMAHA_CODE: Final = GAME_CODES["omaha"]
_OMAHA_5_CODE: Final = GAME_CODES["omaha-5"]
_OMAHA_HI_LO_CODE: Final = GAME_CODES["omaha-hi-lo"]
_SIX_PLUS_CODE: Final = GAME_CODES[GAMES["6+ Hold'em"][1]]
# iPoker's action codes (``sites/ipoker.py``'s table)
_FOLDS, _SMALL, _BIG, _CALLS, _CHECKS, _BETS, _ALL_IN, _OUT, _OUT_DEALT, _ANTE, _RAISES_TO = (
    0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 23)  # fmt: skip

LESS: Final = ord("<")
MORE: Final = ord(">")
SLASH_BYTE: Final = ord("/")
BANG: Final = ord("!")
QUESTION_BYTE: Final = ord("?")
EQUALS_BYTE: Final = ord("=")
AMPERSAND: Final = ord("&")
DOLLAR: Final = ord("$")
MAX_DEPTH: Final = 16
MAX_ATTRIBUTES: Final = 16
_CP1252_SIGNS: Final = (0x80, 0xA3, 0xA0)
"""cp1252's ``€``, ``£`` and non-breaking space: one byte each."""
_UNDEFINED: Final = (0x81, 0x8D, 0x8F, 0x90, 0x9D)
"""The bytes cp1252 leaves undefined: a line holding one is decoded as Latin-1."""
_SIGN_BYTES: Final = (0x80, 0xA3, 0xA0, 0xE2, 0x82, 0xAC, 0xC2)
"""The bytes of the currency signs and spaces an amount may hold, in cp1252 and UTF-8."""
_UNIT: Final = 6
"""The decimals of the amounts the round's bets are summed in (the model's most)."""
_BIG_PART: Final = 12
"""The most digits an amount holds before its point here (more: the reference reader's)."""

# an index's context columns, per hand
X_TYPE_START, X_TYPE_STOP, X_UNCALLED, X_LONG, X_LINE, X_GENERAL, X_LINE_START = range(7)
X_GENERAL_START, X_GENERAL_STOP = range(7, 9)
"""The session's ``<general>`` element (the reference reader's, for a hand left)."""
X_HIGH, X_UNDEFINED = range(9, 11)
"""Whether the hand holds bytes past ASCII, and bytes cp1252 leaves undefined."""
CONTEXT: Final = 11


def _byte_classes() -> npt.NDArray[np.uint8]:
    """Each byte's classes for the index's loops (:data:`PLAIN`, :data:`NAME`)."""
    classes = np.zeros(256, dtype=np.uint8)
    for byte in range(256):
        if (0x20 <= byte < 0x7F and byte not in (ord("<"), ord("&"))) or byte in (9, 13):
            classes[byte] |= PLAIN
        if chr(byte).isascii() and (chr(byte).isalnum() or chr(byte) in "_-.:"):
            classes[byte] |= NAME
    return classes


PLAIN: Final = 1
"""A byte of text or of an attribute's value that needs no look: printable ASCII but ``<`` and
``&``, a tab, a carriage return."""
NAME: Final = 2
"""A byte of a tag's or an attribute's name (ASCII letters, digits, ``_-.:``)."""
_CLASSES: Final = _byte_classes()


@kernel(inline=True)
def _blank(byte: int) -> bool:
    return byte in (SPACE, TAB, RETURN, NEWLINE)


@kernel()
def _is_true(text: Bytes, start: int, stop: int) -> bool:
    """``text[start:stop]`` stripped is ``true`` in any case."""
    while start < stop and _blank(text[start]):
        start += 1
    while stop > start and _blank(text[stop - 1]):
        stop -= 1
    if stop - start != 4:
        return False
    for k in range(4):
        byte = text[start + k]
        if 65 <= byte <= 90:
            byte += 32
        if byte != _TRUE[k]:
            return False
    return True


# the context of the session read, carried by the index's loop (a tuple): whether it has a
# ``<general>``, that element's span, its gametype's text, whether the bets nobody called are
# paid apart (0 unread, 2 false, 3 true)
C_GENERAL, C_GENERAL_START, C_GENERAL_STOP, C_TYPE_START, C_TYPE_STOP, C_UNCALLED = range(6)
_NO_SESSION: Final = (0, -1, -1, -1, -1, 0)


@kernel()
def ip_index(text: Bytes) -> tuple[int, Ints, Ints, Ints]:
    """The hands (``<game>`` elements) of an iPoker buffer: (how many, their starts, their
    stops, their context rows: :data:`X_TYPE_START` … the session's gametype's text, whether
    the bets nobody called are paid apart, whether the hand is longer than the one limit, the
    line its start tag ends on, whether its session had a ``<general>``), or -1 where the
    buffer is not in the XML this reader takes (the reference reader reads it whole)."""
    size = text.shape[0]
    at = 3 if size >= 3 and text[0] == 0xEF and text[1] == 0xBB and text[2] == 0xBF else 0
    starts, stops = np.empty(64, dtype=np.int64), np.empty(64, dtype=np.int64)
    contexts = np.empty((64, CONTEXT), dtype=np.int64)
    none = np.empty(0, dtype=np.int64)
    fail = (-1, none, none, np.empty((0, CONTEXT), dtype=np.int64))
    open_start = np.empty(MAX_DEPTH, dtype=np.int64)  # each open element's name
    open_stop = np.empty(MAX_DEPTH, dtype=np.int64)
    attribute_start = np.empty(MAX_ATTRIBUTES, dtype=np.int64)  # a tag's attributes' names
    attribute_stop = np.empty(MAX_ATTRIBUTES, dtype=np.int64)
    hands, depth, line, line_start, session = 0, 0, 1, at, _NO_SESSION
    game_start, game_line, game_line_start, high, undefined = -1, 0, 0, 0, 0
    while at < size:
        byte = text[at]
        if depth > 0 and _CLASSES[byte] & PLAIN:  # a run of plain text, passed at once
            at += 1
            while at < size and _CLASSES[text[at]] & PLAIN:
                at += 1
            continue
        if byte == NEWLINE:
            line, at, line_start = line + 1, at + 1, at + 1
            continue
        if byte != LESS:
            fine, high, undefined = _byte_seen(byte, high, undefined)
            if not fine or (depth == 0 and byte != SPACE and byte != TAB and byte != RETURN):
                return fail
            at += 1
            continue
        if at + 1 >= size or text[at + 1] == BANG:
            return fail
        if text[at + 1] == QUESTION_BYTE:  # the declaration, outside the hands
            at = _declaration_end(text, at, depth)
            if at < 0:
                return fail
            continue
        if text[at + 1] == SLASH_BYTE:  # an end tag
            q = at + 2
            while q < size and _CLASSES[text[q]] & NAME:
                q += 1
            name_stop = q
            while q < size and (text[q] == SPACE or text[q] == TAB or text[q] == RETURN):
                q += 1
            if q >= size or text[q] != MORE or depth == 0:
                return fail
            depth -= 1
            if not same_span(text, at + 2, name_stop, open_start[depth], open_stop[depth]):
                return fail
            at = q + 1
            if depth == 0:  # a session read: the next one starts afresh
                session = _NO_SESSION
            elif depth == 1 and is_word(text, open_start[1], open_stop[1], _GENERAL):
                session = (session[0], session[1], at, session[3], session[4], session[5])
            elif depth == 1 and is_word(text, open_start[1], open_stop[1], _GAME):
                if hands == starts.shape[0]:
                    starts, stops, contexts = _grown(starts, stops, contexts, hands)
                starts[hands], stops[hands] = game_start, at
                _hand_context(text, contexts, hands, at, session, game_line, game_line_start,
                              high, undefined)  # fmt: skip
                hands += 1
            continue
        # a start tag
        if depth == 1:  # a hand, perhaps: its bytes past ASCII counted from here
            high, undefined = 0, 0
        name_start = at + 1
        q = name_start
        if q >= size or not _CLASSES[text[q]] & NAME or is_digit(text[q]) or text[q] in (45, 46):
            return fail
        while q < size and _CLASSES[text[q]] & NAME:
            q += 1
        name_stop = q
        attributes, seen, closed = 0, np.uint64(0), False
        while True:
            while q < size and _blank(text[q]):
                if text[q] == NEWLINE:
                    line += 1
                    line_start = q + 1
                q += 1
            if q >= size:
                return fail
            if text[q] == MORE:
                q += 1
                break
            if text[q] == SLASH_BYTE:
                if q + 1 >= size or text[q + 1] != MORE:
                    return fail
                closed = True
                q += 2
                break
            if q == name_stop or not _CLASSES[text[q]] & NAME or is_digit(text[q]):
                return fail  # an attribute needs a space before it and a name
            if attributes == MAX_ATTRIBUTES:
                return fail
            key = q
            while q < size and _CLASSES[text[q]] & NAME:
                q += 1
            # an attribute twice: the names compared where a hash (length, ends) meets one before
            bit = np.uint64(1) << np.uint64((q - key) * 131 + text[key] * 31 + text[q - 1] & 63)
            if seen & bit:
                for k in range(attributes):
                    if same_span(text, key, q, attribute_start[k], attribute_stop[k]):
                        return fail
            seen |= bit
            attribute_start[attributes], attribute_stop[attributes] = key, q
            attributes += 1
            while q < size and (text[q] == SPACE or text[q] == TAB or text[q] == RETURN):
                q += 1
            if q >= size or text[q] != EQUALS_BYTE:
                return fail
            q += 1
            while q < size and (text[q] == SPACE or text[q] == TAB or text[q] == RETURN):
                q += 1
            if q >= size or (text[q] != QUOTE and text[q] != APOSTROPHE):
                return fail
            mark, q = text[q], q + 1
            while q < size and text[q] != mark:  # the value, taken as text is (no new line)
                if not _CLASSES[text[q]] & PLAIN:
                    fine, high, undefined = _byte_seen(text[q], high, undefined)
                    if not fine:
                        return fail
                q += 1
            if q >= size:
                return fail
            q += 1
            if q < size and not _blank(text[q]) and text[q] != MORE and text[q] != SLASH_BYTE:
                return fail
        if depth > 1 and is_word(text, name_start, name_stop, _SESSION):
            return fail  # a new document inside a hand: the reference reader's error
        if depth == 1 and not closed and is_word(text, name_start, name_stop, _GAME):
            game_start, game_line, game_line_start = at, line, line_start
        elif depth <= 1 or (depth == 2 and is_word(text, open_start[1], open_stop[1], _GENERAL)):
            depth, session = _context_tag(text, name_start, name_stop, at, q, closed, depth, session)  # fmt: skip
            if depth < 0:
                return fail
        if not closed:
            if depth == MAX_DEPTH:
                return fail
            open_start[depth], open_stop[depth] = name_start, name_stop
            depth += 1
        at = q
    if depth > 1:
        return fail  # the buffer ends inside a hand (a session left open ends with it)
    return hands, starts, stops, contexts


@kernel(inline=True)
def _byte_seen(byte: int, high: int, undefined: int) -> tuple[bool, int, int]:
    """A byte of text or of an attribute's value that is not plain: (whether this XML takes
    it: not ``<``, ``&`` or a control character; whether the hand holds bytes past ASCII, and
    bytes cp1252 leaves undefined, this one counted)."""
    if byte in (LESS, AMPERSAND) or (byte < 0x20 and byte != TAB and byte != RETURN):
        return False, high, undefined
    if byte >= 0x80:
        high = 1
        if byte in _UNDEFINED:
            undefined = 1
    return True, high, undefined


@kernel()
def _declaration_end(text: Bytes, at: int, depth: int) -> int:
    """Where the ``<?xml …?>`` declaration at ``at`` ends, -1 where it is not one this reader
    takes: outside the hands, on one line (the reference reader drops it from every line: a
    file of sessions one after another, the last one's end not written, holds one inside a
    session)."""
    size = text.shape[0]
    if depth > 1 or not is_word(text, at + 2, min(at + 5, size), _XML):
        return -1
    q = at + 2
    while q + 1 < size and not (text[q] == QUESTION_BYTE and text[q + 1] == MORE):
        if text[q] == NEWLINE or text[q] == MORE or text[q] == LESS:
            return -1
        q += 1
    if q + 1 >= size:
        return -1
    return q + 2


@kernel(inline=True)
def _context_tag(
    text: Bytes, name_start: int, name_stop: int, at: int, tag_stop: int, closed: bool,
    depth: int, session: tuple[int, int, int, int, int, int],
) -> tuple[int, tuple[int, int, int, int, int, int]]:  # fmt: skip
    """A start tag outside the hands (at ``depth`` 0 or 1, or inside a session's
    ``<general>``: ``text[at:tag_stop]``, its name ``text[name_start:name_stop]``) read into
    the ``session``'s context (``C_…``): (the depth it opens at, -1 where the buffer is not in
    the XML this reader takes; the context)."""
    if depth <= 1 and is_word(text, name_start, name_stop, _SESSION):
        # a session, after the last one's end or not (the reference reader starts a new
        # document wherever a line holds ``<session``: the last one left open ends there)
        return (-1 if closed else 0), _NO_SESSION
    if depth == 0:
        return -1, session
    if depth == 1:
        if is_word(text, name_start, name_stop, _GAME) and closed:
            return -1, session
        if is_word(text, name_start, name_stop, _GENERAL):  # (its end's end, unless empty)
            return 1, (1, at, tag_stop, -1, -1, 0)
        return 1, session
    general, general_start, general_stop, type_start, type_stop, uncalled = session
    text_stop = tag_stop
    if not closed:
        while text_stop < text.shape[0] and text[text_stop] != LESS:
            text_stop += 1
    if type_start < 0 and is_word(text, name_start, name_stop, _GAMETYPE):
        type_start, type_stop = tag_stop, text_stop
    elif is_word(text, name_start, name_stop, _UNCALLED) and uncalled == 0:
        uncalled = 2 + (1 if _is_true(text, tag_stop, text_stop) else 0)
    return depth, (general, general_start, general_stop, type_start, type_stop, uncalled)


@kernel()
def _grown(starts: Ints, stops: Ints, contexts: Ints, hands: int) -> tuple[Ints, Ints, Ints]:
    """The index's arrays of ``hands`` hands, twice as long."""
    more_starts = np.empty(2 * hands, dtype=np.int64)
    more_stops = np.empty(2 * hands, dtype=np.int64)
    more_contexts = np.empty((2 * hands, CONTEXT), dtype=np.int64)
    more_starts[:hands] = starts
    more_stops[:hands] = stops
    more_contexts[:hands] = contexts
    return more_starts, more_stops, more_contexts


@kernel(inline=True)
def _hand_context(
    text: Bytes, contexts: Ints, hand: int, stop: int, session: tuple[int, int, int, int, int, int],
    line: int, line_start: int, high: int, undefined: int,
) -> None:  # fmt: skip
    """The context row of the hand whose ``<game>`` ends at ``stop`` (its session's context
    ``session``, the line its start tag ends on and where that line starts, whether it holds
    bytes past ASCII and bytes cp1252 leaves undefined)."""
    read_to = stop
    while read_to < text.shape[0] and text[read_to] != NEWLINE:
        read_to += 1
    read_to = min(read_to + 1, text.shape[0])
    row = contexts[hand]
    row[X_TYPE_START], row[X_TYPE_STOP] = session[C_TYPE_START], session[C_TYPE_STOP]
    row[X_UNCALLED] = 1 if session[C_UNCALLED] == 3 else 0  # 2 false, 3 true as read
    row[X_LONG] = 1 if read_to - line_start > MAX_RECORD_BYTES else 0
    row[X_LINE], row[X_LINE_START] = line, line_start
    row[X_GENERAL] = session[C_GENERAL]
    row[X_GENERAL_START], row[X_GENERAL_STOP] = session[C_GENERAL_START], session[C_GENERAL_STOP]
    row[X_HIGH], row[X_UNDEFINED] = high, undefined


# the attributes the reader reads, a place each in a tag's ``spans`` (start, stop)
K_GAMECODE, K_NAME, K_SEAT, K_CHIPS, K_BET, K_WIN, K_DEALER, K_NO, K_TYPE, K_SUM, K_PLAYER = range(
    11
)
KEYS: Final = 11


@kernel(inline=True)
def _key(text: Bytes, start: int, stop: int) -> int:
    """Which of the attributes read ``text[start:stop]`` names (``K_…``), -1 for another."""
    size = stop - start
    first = text[start]
    if size == 2:
        return K_NO if is_word(text, start, stop, _NO) else -1
    if size == 3:
        if first == _BET[0]:
            return K_BET if is_word(text, start, stop, _BET) else -1
        if first == _WIN[0]:
            return K_WIN if is_word(text, start, stop, _WIN) else -1
        return K_SUM if is_word(text, start, stop, _SUM) else -1
    if size == 4:
        if first == _NAME[0]:
            return K_NAME if is_word(text, start, stop, _NAME) else -1
        if first == _SEAT[0]:
            return K_SEAT if is_word(text, start, stop, _SEAT) else -1
        return K_TYPE if is_word(text, start, stop, _TYPE) else -1
    if size == 5:
        return K_CHIPS if is_word(text, start, stop, _CHIPS) else -1
    if size == 6:
        if first == _DEALER[0]:
            return K_DEALER if is_word(text, start, stop, _DEALER) else -1
        return K_PLAYER if is_word(text, start, stop, _PLAYER) else -1
    if size == 8:
        return K_GAMECODE if is_word(text, start, stop, _GAMECODE) else -1
    return -1


@kernel()
def _attributes(text: Bytes, at: int, spans: Ints) -> int:
    """The attributes of the start tag whose name ends at ``at`` (the index checked its form)
    read in one pass: each one read, its value's span into ``spans`` (``2 * K_…``: start, then
    stop; -1 for none); where the tag's ``>`` is."""
    for k in range(2 * KEYS):
        spans[k] = -1
    q = at
    while True:
        byte = text[q]
        if byte == MORE:
            return q
        if _blank(byte) or byte == SLASH_BYTE:
            q += 1
            continue
        key = q
        while _CLASSES[text[q]] & NAME:
            q += 1
        key_stop = q
        while text[q] != QUOTE and text[q] != APOSTROPHE:
            q += 1
        mark = text[q]
        q += 1
        value = q
        while text[q] != mark:
            q += 1
        found = _key(text, key, key_stop)
        if found >= 0:
            spans[2 * found] = value
            spans[2 * found + 1] = q
        q += 1


@kernel()
def _amount(text: Bytes, start: int, stop: int, utf8: bool, single: bool) -> tuple[int, int, int]:
    """An amount as ``sites.increments.localised_amount`` reads it (``€1.200,25``, ``$5``,
    ``0``): (mantissa, decimals, the amount in millionths), the decimals -1 where this reader
    is not sure. Currency signs: ``$``; cp1252's ``€`` and ``£`` and its non-breaking space
    (``single``: the hand's bytes hold none of cp1252's undefined ones); UTF-8's (``utf8``: the
    hand is UTF-8)."""
    if stop - start > 64:
        return 0, -1, 0
    mantissa = 0
    digits = 0
    after = -1
    q = start
    while q < stop:
        byte = text[q]
        if is_digit(byte):
            mantissa = mantissa * 10 + (byte - ZERO)
            digits += 1
            if after >= 0:
                after += 1
            if digits > 17:
                return 0, -1, 0
        elif byte in (POINT, COMMA):
            if digits == 0:
                return 0, -1, 0
            after = 0
        elif byte in (DOLLAR, SPACE) or (single and byte in _CP1252_SIGNS):
            pass
        elif utf8 and byte == 0xE2 and q + 2 < stop and text[q + 1] == 0x82 and text[q + 2] == 0xAC:
            q += 2
        elif (
            utf8 and byte == 0xC2 and q + 1 < stop and (text[q + 1] == 0xA3 or text[q + 1] == 0xA0)
        ):
            q += 1
        else:
            return 0, -1, 0
        q += 1
    if digits == 0 or after == 0:
        return 0, -1, 0
    decimals = after if after > 0 and after != 3 else 0
    if decimals > _UNIT or digits - decimals > _BIG_PART:
        return 0, -1, 0
    scaled = mantissa
    for _ in range(_UNIT - decimals):
        scaled *= 10
    return mantissa, decimals, scaled


@kernel(inline=True)
def _written(scaled: int, decimals: int) -> int:
    """A sum in millionths as a mantissa of ``decimals``."""
    for _ in range(_UNIT - decimals):
        scaled //= 10
    return scaled


@kernel()
def _cards_of(text: Bytes, start: int, out: Ints) -> tuple[int, int]:
    """Cards as iPoker writes them (``S10 HA``, ``X`` unseen) from ``start`` to the next tag
    into ``out``: (how many, how many unseen), -1 where this reader is not sure."""
    stop = start
    while text[stop] != LESS:
        stop += 1
    count = 0
    unseen = 0
    q = start
    while q < stop:
        byte = text[q]
        if byte in (SPACE, TAB, RETURN, NEWLINE):
            q += 1
            continue
        token = q
        while q < stop and not _blank(text[q]):
            q += 1
        if count == CARDS_ROOM:
            return -1, 0
        length = q - token
        first = text[token]
        if length == 1 and (first == 88 or first == 120):  # X
            out[count] = -1
            unseen += 1
            count += 1
            continue
        suit = first + 32 if 65 <= first <= 90 else first
        if length == 2:
            rank = text[token + 1]
        elif length == 3 and text[token + 1] == 49 and text[token + 2] == ZERO:
            rank = 84  # "10": T
        else:
            return -1, 0
        if not (50 <= rank <= 57 or rank in (84, 74, 81, 75, 65)):
            return -1, 0
        card = card_of(rank, suit, -1)
        if card < 0:
            return -1, 0
        out[count] = card
        count += 1
    return count, unseen


@kernel()
def _gametype(text: Bytes, start: int, stop: int) -> tuple[int, int, int, int, int, int, int, int]:
    """The session's ``<gametype>`` (``Holdem NL €0,25/€0,50``): (the game's name,
    ``NAMED_…``, betting, small blind's mantissa, decimals, millionths, big blind's …), the
    name -1 where this reader leaves the hand (an unknown or unread game), the
    blinds' decimals -2 where no stakes are written."""
    while start < stop and _blank(text[start]):
        start += 1
    while stop > start and _blank(text[stop - 1]):
        stop -= 1
    if start >= stop:
        return -1, 0, 0, 0, 0, 0, -2, 0
    utf8 = True
    single = True
    line_start = start
    while line_start > 0 and text[line_start - 1] != NEWLINE:
        line_start -= 1
    line_stop = stop
    while line_stop < text.shape[0] and text[line_stop] != NEWLINE:
        line_stop += 1
    for q in range(line_start, line_stop):  # how the reference reader decodes the line
        byte = text[q]
        if byte in _UNDEFINED:
            single = False
    for q in range(start, stop):  # spaces and currency signs alone (no tab, no other letter)
        byte = text[q]
        if byte in (TAB, RETURN, NEWLINE) or (byte >= 0x80 and byte not in _SIGN_BYTES):
            return -1, 0, 0, 0, 0, 0, -2, 0
    utf8 = valid_utf8(text, line_start, line_stop)
    if utf8:
        single = False
    # the last token: the stakes (holding a slash), else the betting
    last = stop
    while last > start and text[last - 1] != SPACE:
        last -= 1
    slash = -1
    for q in range(last, stop):
        if text[q] == SLASH_BYTE:
            if slash >= 0:
                return -1, 0, 0, 0, 0, 0, -2, 0
            slash = q
    small_m, small_d, small, big_m, big_d, big = 0, -2, 0, 0, -2, 0
    betting_stop = stop
    if slash >= 0:
        if slash == last or slash == stop - 1 or last == start:
            return -1, 0, 0, 0, 0, 0, -2, 0
        small_m, small_d, small = _amount(text, last, slash, utf8, single)
        big_m, big_d, big = _amount(text, slash + 1, stop, utf8, single)
        if small_d < 0 or big_d < 0:
            return -1, 0, 0, 0, 0, 0, -2, 0
        betting_stop = last - 1
        while betting_stop > start and text[betting_stop - 1] == SPACE:
            betting_stop -= 1
    betting_start = betting_stop
    while betting_start > start and text[betting_start - 1] != SPACE:
        betting_start -= 1
    word = betting_stop - betting_start
    if not 1 <= word <= 2 or text[betting_stop - 1] != 76:  # NL, PL, FL, L
        return -1, 0, 0, 0, 0, 0, -2, 0
    if word == 1 or text[betting_start] == 70:  # L, FL: fixed limit, the stakes its bets
        betting = FIXED_LIMIT
    elif text[betting_start] == 78:
        betting = NO_LIMIT
    elif text[betting_start] == 80:
        betting = POT_LIMIT
    else:
        return -1, 0, 0, 0, 0, 0, -2, 0
    game_stop = betting_start
    while game_stop > start and text[game_stop - 1] == SPACE:
        game_stop -= 1
    name = NAMED_BY_CARDS
    if game_stop > start:
        word = word_id(text, start, game_stop, _GAME_WORDS, _GAME_LENGTHS)
        name = _NAMED[word] if word >= 0 else -1
    return name, betting, small_m, small_d, small, big_m, big_d, big


@kernel(inline=True)
def _game_of(name: int, dealt: int) -> int:
    """The game a gametype's name (``NAMED_…``) and the most cards a pocket holds make, as
    iPoker's reader tells it (-1: left to it)."""
    if name == NAMED_HOLDEM or (name == NAMED_BY_CARDS and dealt == 2):
        return _HOLDEM_CODE
    if name in (NAMED_OMAHA, NAMED_BY_CARDS):
        if dealt == 5:
            return _OMAHA_5_CODE
        return _OMAHA_CODE if dealt == 4 or name == NAMED_OMAHA else -1
    if name == NAMED_HI_LO and dealt == 4:
        return _OMAHA_HI_LO_CODE
    if name == NAMED_SIX_PLUS:
        return _SIX_PLUS_CODE
    return -1


# the games a gametype names: by the cards dealt (none named), hold'em, Omaha, Omaha hi/lo,
# Six Plus hold'em
NAMED_BY_CARDS, NAMED_HOLDEM, NAMED_OMAHA, NAMED_HI_LO, NAMED_SIX_PLUS = range(5)
_NAMED_OF: Final = {
    "Hold'em": NAMED_HOLDEM, "Omaha": NAMED_OMAHA, "Omaha Hi/Lo": NAMED_HI_LO,
    "6+ Hold'em": NAMED_SIX_PLUS,
}  # fmt: skip
_GAME_WORDS, _GAME_LENGTHS = word_table(tuple(GAME_NAMES))
_NAMED: Final = np.array([_NAMED_OF[GAME_NAMES[word]] for word in GAME_NAMES], dtype=np.int64)
"""Each of iPoker's game names (``sites.ipoker.GAME_NAMES``, its reader's one table) as the
game it names here."""
# ``state``: the bet returned (seat listed, millionths, decimals), then the gametype last read
# (where its text starts, then what :func:`_gametype` gave)
G_AT: Final = 3
G_READ: Final = 4
STATE_SIZE: Final = 12


# the scratch rows of one hand's reading, a column per seat listed (bets of the round in
# millionths, as ``sites.increments.RoundBets`` keeps them), then per buffered action (as read,
# then the line :func:`_ip_round_end` tells for it: ``LINE_…`` or -1 for none, the kind, the
# amount's mantissa and decimals, all in)
L_BET_M, L_BET_D, L_BET, L_WIN_M, L_WIN_D, L_WIN, L_STACK, L_CARDS, L_POSTED, L_OUT = range(10)
L_ROUND, L_ROUND_D, L_ROUND_HAS, L_ROUND_ORDER = range(10, 14)
LOCAL_ROWS: Final = 14
B_NO, B_TYPE, B_M, B_D, B_SCALED, B_WHO = range(6)
B_READ: Final = 6
"""The rows an action is read into (and sorted by ``no``)."""
B_LINE, B_KIND, B_AM, B_AD, B_ALL_IN = range(6, 11)
BUFFER_ROWS: Final = 11


class IpScratch(NamedTuple):
    """A thread's scratch for :func:`_ip_read`: the seats' rows (``L_…``), a round's actions
    (``B_…``), the ``state`` (``G_…``: the bet returned, the session's gametype read) and a
    tag's attributes read (``spans``, ``K_…``)."""

    local: Ints
    buffer: Ints
    state: Ints
    spans: Ints


@kernel()
def new_ip_scratch() -> IpScratch:
    """A thread's scratch for :func:`_ip_read`, no gametype read yet."""
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    state[G_AT] = -2
    return IpScratch(
        np.zeros((LOCAL_ROWS, MAX_SEATS), dtype=np.int64),
        np.zeros((BUFFER_ROWS, MAX_ACTIONS), dtype=np.int64),
        state,
        np.zeros(2 * KEYS, dtype=np.int64),
    )


@kernel()
def _unmatched(local: Ints, listed: int) -> tuple[int, int, int]:
    """The round's bet nobody matched (``RoundBets.unmatched``): (the seat listed, by how much
    in millionths, its decimals), the seat -1 for none."""
    top = -1
    for seat in range(listed):
        if local[L_ROUND_HAS, seat] and (
            top < 0
            or local[L_ROUND, seat] > local[L_ROUND, top]
            or (
                local[L_ROUND, seat] == local[L_ROUND, top]
                and local[L_ROUND_ORDER, seat] < local[L_ROUND_ORDER, top]
            )
        ):
            top = seat
    if top < 0:
        return -1, 0, 0
    second = -1
    for seat in range(listed):
        if (
            seat != top
            and local[L_ROUND_HAS, seat]
            and (
                second < 0
                or local[L_ROUND, seat] > local[L_ROUND, second]
                or (
                    local[L_ROUND, seat] == local[L_ROUND, second]
                    and local[L_ROUND_ORDER, seat] < local[L_ROUND_ORDER, second]
                )
            )
        ):
            second = seat
    value = local[L_ROUND, second] if second >= 0 else 0
    decimals = local[L_ROUND_D, second] if second >= 0 else 0
    if local[L_ROUND, top] <= value:
        return -1, 0, 0
    return top, local[L_ROUND, top] - value, max(decimals, local[L_ROUND_D, top])


@kernel()
def _ip_read(
    text: Bytes,
    start: int,
    stop: int,
    context: Ints,
    reading: StarsReading,
    scratch: IpScratch,
) -> tuple[int, int, int, int, int, int, int, int]:
    """Read the ``<game>`` at ``text[start:stop]`` into PokerStars' grids as
    ``sites/ipoker.py`` reads it into a draft: (game, betting, hand id's span, the seat listed
    whose bet was returned or -1, the amount returned in millionths, whether it is paid
    apart, whether read), not read where this reader is not sure. In stages, each called once
    a hand (the loops over a hand's elements hold their arrays once): the game's start tag and
    gametype here, :func:`_ip_seats` (the elements before the first ``<round>``: the seats),
    :func:`_ip_rounds` (the rounds), :func:`_ip_hand_end` (the stakes, who was dealt in, the
    bet returned and the pots collected)."""
    local, state, spans = scratch.local, scratch.state, scratch.spans
    failed = (0, 0, 0, 0, -1, 0, 0, 0)
    # how the reference reader decodes the hand's lines (the index saw its bytes)
    utf8 = context[X_HIGH] == 0 or valid_utf8(text, start, stop)
    single = not utf8 and context[X_UNDEFINED] == 0
    # the game's start tag
    tag_stop = _attributes(text, start + 1 + _GAME.shape[0], spans)
    id_start, id_stop = spans[2 * K_GAMECODE], spans[2 * K_GAMECODE + 1]
    if id_start < 0 or id_start == id_stop:
        return failed
    for k in range(id_start, id_stop):
        if not is_digit(text[k]):
            return failed
    # the gametype first: its big blind decides a post's kind; the game is told at the end (by
    # the cards dealt where the gametype names none)
    type_start = context[X_TYPE_START]
    if context[X_GENERAL] == 0 or type_start < 0:
        return failed
    if state[G_AT] != type_start:  # a session's gametype read once
        read = _gametype(text, type_start, context[X_TYPE_STOP])
        for k in range(8):
            state[G_READ + k] = read[k]
        state[G_AT] = type_start
    named, betting = state[G_READ], state[G_READ + 1]
    if named < 0:
        return failed
    for seat in range(MAX_SEATS):
        for row in range(LOCAL_ROWS):
            local[row, seat] = 0
    at, listed, button = _ip_seats(text, tag_stop + 1, stop, reading.seats, scratch, utf8, single)
    if at < 0:
        return failed
    taken, dealt = _ip_rounds(text, at, stop, reading, scratch, listed, utf8, single)
    if taken[0] < 0 or listed < 2:
        return failed
    game = _game_of(named, dealt)
    if game < 0:
        return failed
    apart = context[X_UNCALLED]
    back, returned = _ip_hand_end(reading, scratch, listed, button, taken, apart)
    if back < -1:
        return failed
    return game, betting, id_start, id_stop, back, returned, apart, 1


@kernel(inline=True)
def _ip_seats(
    text: Bytes, at: int, stop: int, seats: Ints, scratch: IpScratch, utf8: bool, single: bool
) -> tuple[int, int, int]:
    """The elements of a ``<game>`` from ``at`` to its first ``<round>`` (its ``<general>``'s
    ``<player>`` elements: the seats, each into ``seats`` and the seat's ``L_…`` rows): (where
    the first round starts, or ``stop``; the seats listed; the button's seat number), where -1
    where this reader is not sure. Before a round, a ``<cards>`` or an ``<action>`` is where
    the reference reader does not look for it."""
    local, spans = scratch.local, scratch.spans
    failed = (-1, 0, 0)
    listed = 0
    button = 0
    depth = 1  # inside the game
    path1 = 0  # the element open at depth 1: 1 general; at depth 2: 2 players
    path2 = 0
    generals = 0
    while at < stop:
        if text[at] != LESS:
            at += 1
            continue
        if text[at + 1] == SLASH_BYTE:  # an end tag
            q = at + 2
            while text[q] != MORE:
                q += 1
            depth -= 1
            at = q + 1
            continue
        # a start tag
        name_start = at + 1
        q = name_start
        while _CLASSES[text[q]] & NAME:
            q += 1
        name_stop = q
        if depth == 1 and is_word(text, name_start, name_stop, _ROUND):
            return at, listed, button  # the rounds: :func:`_ip_rounds`
        tag_stop = _attributes(text, name_stop, spans)
        closed = text[tag_stop - 1] == SLASH_BYTE
        element = 0
        if depth == 1 and is_word(text, name_start, name_stop, _GENERAL):
            element = 1
            generals += 1
            if generals > 1:
                return failed
        elif depth == 2 and path1 == 1 and is_word(text, name_start, name_stop, _PLAYERS):
            element = 2
        elif depth == 3 and path1 == 1 and path2 == 2 and is_word(text, name_start, name_stop, _PLAYER):  # fmt: skip
            s, e = spans[2 * K_NAME], spans[2 * K_NAME + 1]
            if s >= 0 and s < e:
                if listed == MAX_SEATS:
                    return failed
                for k in range(s, e):
                    if text[k] < 0x20 or text[k] >= 0x7F:
                        return failed  # a name in ASCII alone, read alike in either encoding
                for other in range(listed):
                    if same_span(text, s, e, seats[S_NAME_START, other], seats[S_NAME_STOP, other]):  # fmt: skip
                        return failed
                seats[S_NAME_START, listed], seats[S_NAME_STOP, listed] = s, e
                s, e = spans[2 * K_SEAT], spans[2 * K_SEAT + 1]
                if s < 0 or s == e or e - s > 5:
                    return failed
                number = 0
                for k in range(s, e):
                    if not is_digit(text[k]):
                        return failed
                    number = number * 10 + text[k] - ZERO
                if not 0 < number <= MAX_SEAT:
                    return failed
                seats[S_NUMBER, listed] = number
                s, e = spans[2 * K_CHIPS], spans[2 * K_CHIPS + 1]
                if s < 0:
                    return failed
                m, d, scaled = _amount(text, s, e, utf8, single)
                if d < 0:
                    return failed
                seats[S_STACK_M, listed], seats[S_STACK_D, listed] = m, d
                local[L_STACK, listed] = scaled
                s, e = spans[2 * K_BET], spans[2 * K_BET + 1]
                m, d, scaled = (0, 0, 0) if s == e else _amount(text, s, e, utf8, single)
                if d < 0:
                    return failed
                local[L_BET_M, listed], local[L_BET_D, listed], local[L_BET, listed] = m, d, scaled
                s, e = spans[2 * K_WIN], spans[2 * K_WIN + 1]
                m, d, scaled = (0, 0, 0) if s == e else _amount(text, s, e, utf8, single)
                if d < 0:
                    return failed
                local[L_WIN_M, listed], local[L_WIN_D, listed], local[L_WIN, listed] = m, d, scaled
                s, e = spans[2 * K_DEALER], spans[2 * K_DEALER + 1]
                if e - s == 1 and text[s] == 49:
                    button = number
                seats[S_OUT, listed] = 0
                seats[S_PLAYING, listed] = 0
                listed += 1
        elif is_word(text, name_start, name_stop, _CARDS) or is_word(text, name_start, name_stop, _ACTION) or is_word(text, name_start, name_stop, _PLAYER) or is_word(text, name_start, name_stop, _ROUND) or is_word(text, name_start, name_stop, _PLAYERS) or is_word(text, name_start, name_stop, _GENERAL) or is_word(text, name_start, name_stop, _GAME):  # fmt: skip
            return failed  # where the reference reader does not look for it
        if not closed:
            if depth == 1:
                path1 = element
            elif depth == 2:
                path2 = element
            depth += 1
        at = tag_stop + 1
    return at, listed, button


@kernel()
def _ip_round_no(text: Bytes, spans: Ints, before: int) -> int:
    """A ``<round>``'s ``no`` (its attributes' ``spans``, :func:`_attributes`'): the number, -1
    where the hand is left to the reference reader (none, not a number, past 10,009, or below
    the round ``before``'s: the reference sorts them). Once a round: a stage."""
    s, e = spans[2 * K_NO], spans[2 * K_NO + 1]
    if s < 0 or s == e:
        return -1
    number = 0
    for k in range(s, e):
        if not is_digit(text[k]) or number > 1000:
            return -1
        number = number * 10 + text[k] - ZERO
    return -1 if number < before else number


@kernel(inline=True)
def _ip_rounds(
    text: Bytes, at: int, stop: int, reading: StarsReading, scratch: IpScratch, listed: int,
    utf8: bool, single: bool,
) -> tuple[tuple[int, int, int, int], int]:  # fmt: skip
    """The elements of a ``<game>`` from its first ``<round>`` (at ``at``) on: each round's
    ``<cards>`` kept as they come, its ``<action>`` elements buffered and kept at its end in
    ``no`` order (:func:`_ip_round_end`), each line by ``take_line``: (what ``take_line``
    counted, the posts -1 where this reader is not sure; the most cards a pocket holds, 2 where
    none is written). A ``<general>`` after a round is the reference reader's refusal."""
    seats, posts, settled, plays = reading.seats, reading.posts, reading.settled, reading.plays
    cards, hand_cards = reading.cards, reading.hand_cards
    local, buffer, state, spans = scratch.local, scratch.buffer, scratch.state, scratch.spans
    failed = ((-1, 0, 0, 0), 0)
    taken = (0, 0, 0, 0)
    depth = 1  # inside the game
    path1 = 0  # the element open at depth 1: 3 a round
    round_no = -1
    buffered = 0
    dealt = 2  # the most cards a pocket holds (2 where none is written)
    pockets = 0
    order = 0
    # the gametype's big blind in millionths (for dead small blinds posted with it)
    bd0 = state[G_READ + 6]
    big = state[G_READ + 7] if bd0 >= 0 else 0
    while at < stop:
        if text[at] != LESS:
            at += 1
            continue
        if text[at + 1] == SLASH_BYTE:  # an end tag
            q = at + 2
            while text[q] != MORE:
                q += 1
            depth -= 1
            if depth == 1 and path1 == 3:  # a round ends: its actions in ``no`` order
                order = _ip_round_end(local, buffer, buffered, listed, big, bd0, order)
                if order < 0:
                    return failed
                for i in range(buffered):
                    if buffer[B_LINE, i] >= 0:
                        taken = take_line(
                            seats, posts, settled, plays, cards, hand_cards, taken,
                            SaidLine(buffer[B_LINE, i], buffer[B_KIND, i], buffer[B_WHO, i],
                                     buffer[B_AM, i], buffer[B_AD, i], buffer[B_ALL_IN, i], 0, 0),
                        )  # fmt: skip
                        if taken[0] < 0:
                            return failed
                buffered = 0
            at = q + 1
            continue
        # a start tag
        name_start = at + 1
        q = name_start
        while _CLASSES[text[q]] & NAME:
            q += 1
        name_stop = q
        tag_stop = _attributes(text, name_stop, spans)
        closed = text[tag_stop - 1] == SLASH_BYTE
        element = 0
        if depth == 1 and is_word(text, name_start, name_stop, _ROUND):
            element = 3
            number = _ip_round_no(text, spans, round_no)
            if number < 0:
                return failed
            round_no = number
            if number >= 2:  # a new betting round
                _ip_round_begun(local, state, listed)
        elif is_word(text, name_start, name_stop, _CARDS):
            s, e = spans[2 * K_TYPE], spans[2 * K_TYPE + 1]
            if depth != 2 or path1 != 3 or closed or s < 0:
                return failed
            if e - s >= _STREET.shape[0] and is_word(text, e - _STREET.shape[0], e, _STREET):
                return failed  # stud: the reference reader's refusal
            count, unseen = _cards_of(text, tag_stop + 1, hand_cards)
            if count < 0:
                return failed
            if is_word(text, s, e, _POCKET):
                dealt = max(dealt, count) if pockets else count
                pockets += 1
                s, e = spans[2 * K_PLAYER], spans[2 * K_PLAYER + 1]
                who = -1  # a player missing (-1, -1) matches no name (each at least a byte)
                for other in range(listed):
                    if same_span(text, s, e, seats[S_NAME_START, other], seats[S_NAME_STOP, other]):  # fmt: skip
                        who = other
                if who >= 0:
                    local[L_CARDS, who] = 1
                    if count > 0 and unseen == 0:
                        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken,
                                          SaidLine(LINE_ACTION, DEAL_HOLE, who, -1, 0, 0, count, 0))  # fmt: skip
                        if taken[0] < 0:
                            return failed
            elif is_word(text, s, e, _FLOP) or is_word(text, s, e, _TURN) or is_word(text, s, e, _RIVER):  # fmt: skip
                if count == 0 or unseen:
                    return failed
                taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken,
                                  SaidLine(LINE_ACTION, DEAL_BOARD, -1, -1, 0, 0, count, 0))  # fmt: skip
                if taken[0] < 0:
                    return failed
        elif is_word(text, name_start, name_stop, _ACTION):
            if depth != 2 or path1 != 3 or buffered == MAX_ACTIONS:
                return failed
            s, e = spans[2 * K_PLAYER], spans[2 * K_PLAYER + 1]
            who = -1  # a player missing (-1, -1) matches no name
            for other in range(listed):
                if same_span(text, s, e, seats[S_NAME_START, other], seats[S_NAME_STOP, other]):
                    who = other
            if who < 0:
                return failed
            s, e = spans[2 * K_SUM], spans[2 * K_SUM + 1]
            m, d, scaled = (0, 0, 0) if s == e else _amount(text, s, e, utf8, single)
            if d < 0:
                return failed
            s, e = spans[2 * K_TYPE], spans[2 * K_TYPE + 1]
            if s < 0 or s == e or e - s > 3:
                return failed
            kind = 0
            for k in range(s, e):
                if not is_digit(text[k]):
                    return failed
                kind = kind * 10 + text[k] - ZERO
            s, e = spans[2 * K_NO], spans[2 * K_NO + 1]
            number = 0
            if e - s > 9:
                return failed
            for k in range(s, e):
                if not is_digit(text[k]):
                    return failed
                number = number * 10 + text[k] - ZERO
            buffer[B_NO, buffered], buffer[B_TYPE, buffered] = number, kind
            buffer[B_M, buffered], buffer[B_D, buffered], buffer[B_SCALED, buffered] = m, d, scaled
            buffer[B_WHO, buffered] = who
            buffered += 1
        elif is_word(text, name_start, name_stop, _PLAYER) or is_word(text, name_start, name_stop, _ROUND) or is_word(text, name_start, name_stop, _PLAYERS) or is_word(text, name_start, name_stop, _GENERAL) or is_word(text, name_start, name_stop, _GAME):  # fmt: skip
            return failed  # where the reference reader does not look for it
        if not closed:
            if depth == 1:
                path1 = element
            depth += 1
        at = tag_stop + 1
    return taken, dealt


@kernel(inline=True)
def _ip_round_begun(local: Ints, state: Ints, listed: int) -> None:
    """A new betting round (``no`` 2 on): the last one's bet nobody matched into ``state``
    (if it had bets), the seats' bets of the round none."""
    if _had_bets(local, listed):
        state[0], state[1], state[2] = _unmatched(local, listed)
    for seat in range(listed):
        local[L_ROUND_HAS, seat] = 0


@kernel(inline=True)
def _ip_round_end(
    local: Ints, buffer: Ints, buffered: int, listed: int, big: int, big_d: int, order: int
) -> int:
    """A round's ``buffered`` actions sorted by ``no`` (stably) and each told as the line
    ``take_line`` keeps (``B_LINE`` … rows; ``B_LINE`` -1 for none: who sat out), the round's
    bets added up as ``sites.increments.RoundBets`` does (``big``: the gametype's big blind in
    millionths, 0 for none, its decimals ``big_d``; ``order``: the next to bet in the round):
    the next ``order``, -1 for an action code this reader does not know."""
    for i in range(1, buffered):  # stable insertion sort
        j = i
        while j > 0 and buffer[B_NO, j - 1] > buffer[B_NO, j]:
            for row in range(B_READ):
                held = buffer[row, j]
                buffer[row, j] = buffer[row, j - 1]
                buffer[row, j - 1] = held
            j -= 1
    for i in range(buffered):
        kind = buffer[B_TYPE, i]
        who = buffer[B_WHO, i]
        m, d, scaled = buffer[B_M, i], buffer[B_D, i], buffer[B_SCALED, i]
        line = LINE_ACTION
        act = -1
        post = -1
        all_in = 0
        am, ad = -1, 0
        adds = -1  # millionths this adds to the round's bet (-1: none; -2: set)
        adds_d = 0
        buffer[B_LINE, i] = -1
        if kind in (_OUT, _OUT_DEALT):
            local[L_OUT, who] = 1
            continue
        if kind == _SMALL:
            post = P_SMALL
            adds, adds_d = scaled, d
        elif kind == _BIG:
            if big > 0 and scaled > big:
                post = P_BOTH
                adds, adds_d = big, big_d
            else:
                post = P_BIG
                adds, adds_d = scaled, d
        elif kind == _ANTE:
            post = P_ANTE
        elif kind == _FOLDS:
            act = FOLD
        elif kind == _CHECKS:
            act = CHECK_CALL
            am, ad = 0, 0
        elif kind == _RAISES_TO:
            act = BET_RAISE
            am, ad = m, d
            adds, adds_d = -2, d
        elif kind in (_CALLS, _BETS, _ALL_IN):
            top = 0
            for seat in range(listed):
                if local[L_ROUND_HAS, seat] and local[L_ROUND, seat] > top:
                    top = local[L_ROUND, seat]
            adds, adds_d = scaled, d
            has = local[L_ROUND_HAS, who]
            total = (local[L_ROUND, who] if has else 0) + scaled
            total_d = max(local[L_ROUND_D, who] if has else 0, d)
            if kind == _ALL_IN:
                all_in = 1
            if kind == _BETS or (kind == _ALL_IN and total > top):
                act = BET_RAISE
                am, ad = _written(total, total_d), total_d
            else:
                act = CHECK_CALL
                am, ad = m, d
        else:
            return -1  # an action code this reader does not know
        if post >= 0:
            local[L_POSTED, who] = 1
            line, act, am, ad = LINE_POST, post, m, d
        buffer[B_LINE, i], buffer[B_KIND, i], buffer[B_AM, i], buffer[B_AD, i] = line, act, am, ad
        buffer[B_ALL_IN, i] = all_in
        if adds != -1:
            if local[L_ROUND_HAS, who] == 0:
                local[L_ROUND_HAS, who] = 1
                local[L_ROUND_ORDER, who] = order
                order += 1
                local[L_ROUND, who] = 0
                local[L_ROUND_D, who] = 0
            if adds == -2:
                local[L_ROUND, who] = scaled
                local[L_ROUND_D, who] = adds_d
            else:
                local[L_ROUND, who] += adds
                local[L_ROUND_D, who] = max(local[L_ROUND_D, who], adds_d)
    return order


@kernel(inline=True)
def _ip_hand_end(
    reading: StarsReading,
    scratch: IpScratch,
    listed: int,
    button: int,
    taken: tuple[int, int, int, int],
    apart: int,
) -> tuple[int, int]:
    """A hand's end once its elements are read: the last round's bet nobody matched, the
    stakes (:func:`_ip_stakes`), who was dealt in (the pockets and posts, less who sat out), the
    bet returned and each ``win`` collected kept by ``take_line`` (``apart``: the file pays the
    bet returned apart), the lines counted: (the seat listed whose bet was returned or -1, the
    amount returned in millionths), the seat -2 where a line is refused."""
    seats, posts, settled, plays = reading.seats, reading.posts, reading.settled, reading.plays
    cards, hand_cards = reading.cards, reading.hand_cards
    local, state = scratch.local, scratch.state
    if _had_bets(local, listed):
        state[0], state[1], state[2] = _unmatched(local, listed)
    back, returned, returned_d = state[0], state[1], state[2]
    _ip_stakes(posts, taken[0], reading.numbers, state)
    for seat in range(listed):
        dealt_in = (local[L_CARDS, seat] or local[L_POSTED, seat]) and not local[L_OUT, seat]
        seats[S_OUT, seat] = 0 if dealt_in else 1
    if back >= 0 and returned > 0:
        said = SaidLine(LINE_RETURNED, 0, back, _written(returned, returned_d), returned_d, 0, 0, 0)
        taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken, said)
        if taken[0] < 0:
            return -2, 0
    else:
        back = -1
        returned = 0
    for seat in range(listed):
        if seats[S_OUT, seat]:
            continue
        paid = local[L_WIN, seat]
        pm, pd = local[L_WIN_M, seat], local[L_WIN_D, seat]
        if seat == back and not apart:
            if returned >= paid:
                paid = 0
            else:
                paid -= returned
                pd = max(pd, returned_d)
                pm = _written(paid, pd)
        if paid:
            taken = take_line(seats, posts, settled, plays, cards, hand_cards, taken,
                              SaidLine(LINE_COLLECTED, 0, seat, pm, pd, 0, 0, 0))  # fmt: skip
            if taken[0] < 0:
                return -2, 0
    lines_read(reading.tally, taken, listed, button, 0)
    return back, returned


@kernel()
def _ip_stakes(posts: Ints, count: int, numbers: Ints, state: Ints) -> None:
    """The blinds into ``numbers`` (``N_SB_M`` …): the gametype's stakes, or where it writes
    none the ``count`` posts' (the first smallest, the largest; in fixed limit the small and big
    bets: the largest and twice it)."""
    sm, sd, bm, bd, big_blind = (
        state[G_READ + 2], state[G_READ + 3], state[G_READ + 5], state[G_READ + 6],
        state[G_READ + 7],
    )  # fmt: skip
    if bd < 0 or big_blind == 0:  # no stakes written: the posts say
        sm, sd, small, bm, bd, big_blind = 0, 0, -1, 0, 0, -1
        for q in range(count):
            kind = posts[1, q]  # POST_KIND
            if kind in (P_SMALL, P_BIG):
                value = posts[2, q]
                decimals = posts[3, q]
                scaled = value
                for _ in range(_UNIT - decimals):
                    scaled *= 10
                if small < 0 or scaled < small:
                    sm, sd, small = value, decimals, scaled
                if big_blind < 0 or scaled > big_blind:
                    bm, bd, big_blind = value, decimals, scaled
        if small < 0:
            sm, sd, bm, bd = 0, 0, 0, 0
        elif state[G_READ + 1] == FIXED_LIMIT:  # the stakes are the bets: the big blind, twice it
            sm, sd, bm = bm, bd, 2 * bm
    numbers[N_SB_M], numbers[N_SB_D], numbers[N_BB_M], numbers[N_BB_D] = sm, sd, bm, bd


@kernel()
def _had_bets(local: Ints, listed: int) -> bool:
    """Whether the round read has bets (``RoundBets.bets`` not empty)."""
    has = False
    for seat in range(listed):
        if local[L_ROUND_HAS, seat]:
            has = True
            break
    return has


@kernel()
def _finishing(
    seats: Ints, local: Ints, units: Ints, count: int, places: int, back: int, returned: int,
    apart: int,
) -> bool:  # fmt: skip
    """Each player's stack at the end as the site writes it (``chips - bet + win``, the bet
    returned apart where the file pays it apart), in units; False where one is no whole number
    of units (the reference rounds it)."""
    step = 1
    for _ in range(_UNIT - places):
        step *= 10
    for i in range(count):
        seat = seats[S_LISTED_OF, i]
        end = local[L_STACK, seat] - local[L_BET, seat] + local[L_WIN, seat]
        if seat == back and apart:
            end += returned
        if end % step:
            return False
        units[U_FINISHING, i] = end // step
    return True


def ip_hands(
    text: Bytes,
    starts: Ints,
    stops: Ints,
    contexts: Ints,
    first_hand: int,
    hands: int,
    threads: int,
    tables: ReplayTables,
    rows: HandRows,
) -> None:
    """:func:`ip_share` for every hand :func:`ip_index` found, on ``threads`` Python threads
    (as ``_stars_kernels.stars_hands``), each replayed (``replaying`` True, no log)."""
    buffer = BufferHands(text, starts, stops, contexts, False, int(first_hand))
    log, marks = no_log(), new_marks(0)

    def one_share(worker: int) -> None:
        ip_share(buffer, worker, hands, threads, 0, 0, rows, log, marks, tables, True)

    in_threads(one_share, threads)


@kernel()
def ip_share(
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
    """One thread's share of :func:`ip_hands` (``replaying``) or of ``read_histories``' log
    (``_stars_kernels.stars_logs``, as a ``SiteShare``): each hand read by :func:`_ip_read`
    into PokerStars' grids, then PokerStars' stages, and the replay and the facts, as
    ``_stars_kernels.stars_share`` writes them (its lines repeated here, as every share's), or
    the log (``_stars_kernels.hand_logged``; each action at its hand's start, its line: iPoker's
    reader gives every action the line its ``<game>`` tag ends on; the site's stacks at the end
    beside, which iPoker's reader gives and PokerStars' do not). One kernel both jobs, so that
    iPoker's stages compile once. ``buffer.sites`` holds each hand's context row
    (:func:`ip_index`'s), in place of a site's code."""
    text, starts, stops, contexts = buffer.text, buffer.starts, buffer.stops, buffer.sites
    first_hand = buffer.first_hand
    w = new_stars_scratch()
    scratch = new_ip_scratch()
    local, state = scratch.local, scratch.state
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
    stacks, antes, blinds, in_turn = units[U_STACK], units[U_ANTE], units[U_BLIND], units[U_IN_TURN]
    paid, finishing = units[U_PAID], units[U_FINISHING]
    kinds, actors, amounts = plays[A_KIND], plays[A_ACTOR], plays[A_AMOUNT]
    card_counts, all_ins = plays[A_COUNT], plays[A_ALL_IN]
    no_trimming, has_won, has_finish = 0, 1, 1
    for hand in range(worker, hands, threads):
        start, stop = starts[hand], stops[hand]
        hand_begun(text, hand, start, stop, first_hand + hand, True, facts)
        context = contexts[hand]
        facts[hand, F_HEADER] = context[X_LINE]
        if context[X_LONG]:
            continue
        state[0], state[1], state[2] = -1, 0, 0
        game, betting, id_start, id_stop, back, returned, apart, read = _ip_read(
            text, start, stop, context, reading, scratch
        )
        if not read:
            continue
        count, game, places = hand_units(reading, units, -1, game, hand, facts)
        if count < 0:
            continue
        if not _finishing(seats, local, units, count, places, back, returned, apart):
            continue
        _site_said(reading, units, said, count, places)
        hand_read(reading, units, count, places, game, betting, id_start, id_stop)
        if not replaying:  # read_histories' log: the hand's actions, not its replay
            for step in range(tally[T_ACTIONS]):  # each on its hand's line, as iPoker's reader
                plays[A_LINE, step] = start
            largest = 0  # the stacks at the end (iPoker's reader's): past 2**53 units, refused
            for i in range(count):
                largest = max(largest, abs(finishing[i]))
            if largest > MAX_UNITS:
                continue
            taken = hand_logged(hand, count, no_trimming, 0, start, stop, place, limit, reading,
                                units, said, rows, log, marks)  # fmt: skip
            if taken < 0:
                continue  # another amount past 2**53 units: left, as hand_logged says
            place += taken
            log.setup[hand, S_HAS_FINISH] = has_finish
            for i in range(count):
                log.seats[hand, i, V_FINISHING] = finishing[i]
            continue
        deck = tables.short_deck if tally[T_GAME] == _SIX_PLUS_CODE else tables.full_deck
        hand_input = HandInput(
            count, tally[T_GAME], tally[T_BETTING], no_trimming, tally[T_MIN_BET],
            tally[T_BIG_BET], stacks, antes, blinds, in_turn, tally[T_ACTIONS], kinds, actors,
            amounts, cards, card_counts, all_ins, paid, has_won, finishing, has_finish, said, 0,
        )  # fmt: skip
        replayed = replay_one(
            hand_input, game_tables(tally[T_GAME], tables, deck), work, rows, hand,
            steps, site_record,
        )  # fmt: skip
        _hand_facts(hand, count, replayed, seats, plays, tally, facts, names, seat_numbers, flags)
        if replayed[0] != OK:
            record_refusal(work.state, facts, hand)
        else:
            facts[hand, F_RUNS] = work.state[RUNS]
