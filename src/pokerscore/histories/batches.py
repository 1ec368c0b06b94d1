"""Hands by the thousand: PHH and PokerStars text read and replayed by the kernels
(``_phh_kernels``, ``_stars_kernels``), straight into Arrow columns, the statistics tallied from
the columns; the hands the kernels leave (unusual text, a broken rule, a disagreement) replayed
by the reference path and put back in their place.

Every row is the one the reference path gives (tests check it hand for hand); the fast path only
decides what it is sure of.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, TypeVar

import numba
import numpy as np
import numpy.typing as npt

from pokerscore.cards.card import RANK_CHARS, SUIT_LETTERS
from pokerscore.engine.jit import kernel
from pokerscore.games.holdem.game import Game
from pokerscore.histories._bovada_kernels import HERO_SPAN, bv_share
from pokerscore.histories._bytes import NEWLINE, OPEN_BRACKET, ZERO, ascii_bytes
from pokerscore.histories._fulltilt_kernels import ft_share
from pokerscore.histories._ipoker_kernels import (
    X_GENERAL,
    X_GENERAL_START,
    X_GENERAL_STOP,
    X_LONG,
    ip_hands,
    ip_index,
)
from pokerscore.histories._layout import (
    DEN,
    F_ALLIN_STREET,
    F_BIG,
    F_COUNT,
    F_HEADER,
    F_ID_START,
    F_ID_STOP,
    F_LIMIT,
    F_NUMBER,
    F_REFUSAL,
    F_SCALE,
    F_SMALL,
    F_START,
    F_STATUS,
    F_STOP,
    F_VARIANT,
    F_VENUE_START,
    F_VENUE_STOP,
    FACTS,
    GAME_NAMES,
    MAX_PLAYERS,
    OK,
    STUD_CARDS,
    VARIANT_NAMES,
    HandRows,
    Ints,
    in_parts,
)
from pokerscore.histories._pacific_kernels import pc_share
from pokerscore.histories._party_kernels import PARTY_SITE, pt_share
from pokerscore.histories._phh_kernels import (
    PLAYER_LETTER,
    PhhIndex,
    PhhLog,
    new_log,
    no_log,
    phh_hands,
    phh_index,
)
from pokerscore.histories._replay_kernels import PFR, SAW_FLOP, SHOWDOWN, VPIP, WON_SHOWDOWN
from pokerscore.histories._stars_kernels import SiteShare, StarsMarks, stars_hands, stars_index
from pokerscore.histories._stars_lines import BV_HERO, HEADER_SITES, HEADERS, LAYOUT_HEADERS
from pokerscore.histories._stats_kernels import TallyRows
from pokerscore.histories._winamax_kernels import wx_share
from pokerscore.histories._winning_kernels import wn_share
from pokerscore.histories.allin import block_allin_evs, kernel_tables
from pokerscore.histories.fast_files import WHOLE_FILE_BYTES
from pokerscore.histories.kernel_results import position_codes
from pokerscore.histories.model import (
    ACTION_COUNTS,
    STREETS,
    HandHistory,
    HandHistoryError,
    HandResult,
    schema,
)
from pokerscore.histories.refusals import Refusal, RefusalRecord
from pokerscore.histories.replay import rule_game
from pokerscore.histories.sites.ipoker import read_game

if TYPE_CHECKING:
    import pyarrow as pa


RANK_BYTES: Final = ascii_bytes(RANK_CHARS)
SUIT_BYTES: Final = ascii_bytes(SUIT_LETTERS)
"""The card notation's letters (:mod:`pokerscore.cards.card`) as the rows' hole text writes them."""


@dataclass
class Batch:
    """The kernels' arrays for the hands of one buffer."""

    text: npt.NDArray[np.uint8]
    hands: int
    facts: npt.NDArray[np.int64]
    names: npt.NDArray[np.int64]
    seats: npt.NDArray[np.int64]
    put_in: npt.NDArray[np.int64]
    gross: npt.NDArray[np.int64]
    won: npt.NDArray[np.int64]
    gross_parts: npt.NDArray[np.int64]
    won_parts: npt.NDArray[np.int64]
    flags: npt.NDArray[np.int8]
    holes: npt.NDArray[np.int8]
    boards: npt.NDArray[np.int8]
    pots: npt.NDArray[np.int64]
    pot_masks: npt.NDArray[np.int32]
    pot_shares: npt.NDArray[np.int32]
    action_flags: npt.NDArray[np.uint8]
    """Per hand and player, the flags of :data:`~.model.ACTION_COUNTS` (``_stats_kernels``)."""
    lines: int = 0
    """The line number after the text (its first line's number plus its lines)."""
    site: str | None = None
    """The site of every hand, where the format says it."""
    site_codes: npt.NDArray[np.int64] | None = None
    """Each hand's site, a place in :data:`~._stars_lines.HEADER_SITES` (PokerStars' layout)."""
    log: PhhLog | None = None
    """Each PHH hand's actions and setup, when asked for (an import's); PokerStars' too
    (``read_histories``', :func:`~.logged_hands.read_stars_text`)."""
    marks: StarsMarks | None = None
    """What PokerStars' log keeps beside PHH's columns (:class:`~._stars_kernels.StarsMarks`)."""
    generals: dict[int, bytes | None] | None = None
    """iPoker's: each hand's session's ``<general>`` element (its bytes, None where the session
    has none), by the hand's number, for the reference reader of a hand read again."""
    long_hands: frozenset[int] = frozenset()
    """iPoker's: the numbers of the hands longer than the one limit of every reader."""

    def ipoker_hand(
        self, text: bytes, file: str, number: int, line: int
    ) -> HandHistory | HandHistoryError:
        """iPoker's: the hand numbered ``number`` (``text``: its ``<game>``'s bytes, its start
        tag ending on ``line``) read by iPoker's reader, with its session's ``<general>``
        (:func:`~.sites.ipoker.read_game`)."""
        assert self.generals is not None
        long = number in self.long_hands
        return read_game(text, self.generals[number], file, number, line, long=long)

    def rows(self) -> HandRows:
        """The result arrays as the kernels take them, one bundle."""
        return HandRows(self.facts, self.names, self.seats, self.put_in, self.gross, self.won,
                          self.gross_parts, self.won_parts,
                          self.flags, self.holes, self.boards, self.pots, self.pot_masks,
                          self.pot_shares, self.action_flags)  # fmt: skip


def replay_phh_text(
    data: bytes, *, single: bool, first_line: int = 1, first_hand: int = 1, keep: bool = False
) -> Batch | None:
    """Read and replay the PHH hands of ``data`` (a whole ``.phh`` file when ``single``, else
    ``[n]`` tables from a line start, the first the file's ``first_hand``-th: a table named
    otherwise than by a number is numbered by its place); None when text stands before the
    first table. ``keep``: each hand's actions and setup kept in the batch's ``log`` too
    (``_phh_kernels.PhhLog``)."""
    text = np.frombuffer(data, dtype=np.uint8)
    capacity = 1 if single else max(1, _headers(text))
    batch = _empty_batch(text, capacity)
    starts, stops, numbers, headers = (np.zeros(capacity, dtype=np.int64) for _ in range(4))
    index = PhhIndex(starts, stops, numbers, headers, np.zeros(capacity + 1, dtype=np.int64))
    hands = phh_index(text, single, first_line, first_hand, *index)
    if hands < 0:
        return None
    batch.lines = int(index.lines[hands])
    threads = max(1, min(numba.get_num_threads(), hands // 64 or 1))
    log = new_log(hands, text.shape[0]) if keep else no_log()
    phh_hands(text, index, hands, threads, kernel_tables(), batch.rows(), log)
    batch.hands = hands
    batch.log = log if keep else None
    return batch


def replay_stars_text(
    data: bytes, *, first_hand: int = 1, layout: StarsLayout = "pokerstars"
) -> Batch | None:
    """Read and replay the hands of ``data`` in PokerStars' layout (from the start of a hand;
    the file's first hand is numbered ``first_hand``): ``layout`` is the format, PokerStars'
    own, its skins' or GGPoker's (:data:`~._stars_lines.LAYOUT_HEADERS`: the first words of
    its hands). None when other text stands before the first."""
    text = np.frombuffer(data, dtype=np.uint8)
    hands, starts, stops, sites = layout_index(data, text, layout)
    if hands < 0:
        return None
    batch = _empty_batch(text, max(1, hands))
    threads = max(1, min(numba.get_num_threads(), hands // 64 or 1))
    stars_hands(text, starts, stops, sites, data.isascii(), first_hand, hands, threads, kernel_tables(),
                batch.rows(), SITE_SHARES.get(layout))  # fmt: skip
    batch.hands = hands
    batch.site_codes = sites[:hands]
    return batch


@dataclass
class IpokerIndex:
    """Where the hands of an iPoker buffer lie (:func:`~._ipoker_kernels.ip_index`)."""

    hands: int
    starts: npt.NDArray[np.int64]
    stops: npt.NDArray[np.int64]
    contexts: npt.NDArray[np.int64]
    """Each hand's session and place (``_ipoker_kernels.X_…`` columns)."""


IPOKER_BATCH: Final = 1 << 14
"""The iPoker hands the kernels replay or log at a time (a batch's arrays bounded)."""


def ipoker_index(data: bytes) -> IpokerIndex | None:
    """The hands of an iPoker buffer (whole sessions); None where the buffer is not in the XML
    the compiled reader takes (:func:`~._ipoker_kernels.ip_index`): the reference reader reads
    it."""
    hands, starts, stops, contexts = ip_index(np.frombuffer(data, dtype=np.uint8))
    return None if hands < 0 else IpokerIndex(hands, starts, stops, contexts)


def ipoker_file(path: str) -> tuple[bytes, IpokerIndex] | None:
    """An iPoker file's bytes and its hands for the compiled reader (a run's, ``history_results``'
    and ``read_histories``'), or None: the reference reader's (a file past
    :data:`~.fast_files.WHOLE_FILE_BYTES`, or not in the XML the kernel reads)."""
    try:
        if Path(path).stat().st_size > WHOLE_FILE_BYTES:
            return None
        data = Path(path).read_bytes()
    except OSError:
        return None
    index = ipoker_index(data)
    return None if index is None else (data, index)


def replay_ipoker_text(
    data: bytes, index: IpokerIndex, first: int = 0, last: int | None = None
) -> Batch:
    """Read and replay the hands ``first`` to ``last`` (an index's places, from 0; the hands
    numbered from ``first + 1``) of an iPoker buffer by ``_ipoker_kernels``: a batch whose
    text is the whole buffer (the spans are the buffer's), its hands those."""
    last = index.hands if last is None else last
    hands = last - first
    text = np.frombuffer(data, dtype=np.uint8)
    batch = _empty_batch(text, max(1, hands))
    threads = max(1, min(numba.get_num_threads(), hands // 64 or 1))
    contexts = index.contexts[first:last]
    ip_hands(text, index.starts[first:last], index.stops[first:last], contexts, first + 1, hands,
             threads, kernel_tables(), batch.rows())  # fmt: skip
    batch.hands = hands
    ipoker_sessions(batch, data, contexts, first)
    return batch


def ipoker_sessions(batch: Batch, data: bytes, contexts: Ints, first: int) -> None:
    """What a batch of iPoker hands (the index's places from ``first``; ``contexts`` theirs)
    keeps for the reference reader of a hand left: the site, each hand's session's
    ``<general>`` (:attr:`Batch.generals`) and the hands past the one limit
    (:attr:`Batch.long_hands`)."""
    batch.site = "iPoker"
    spans: dict[tuple[int, int], bytes | None] = {}
    generals: dict[int, bytes | None] = {}
    for place, (has, start, stop) in enumerate(
        contexts[:, [X_GENERAL, X_GENERAL_START, X_GENERAL_STOP]].tolist(), first + 1
    ):
        if (start, stop) not in spans:
            spans[start, stop] = data[start:stop] if has else None
        generals[place] = spans[start, stop]
    batch.generals = generals
    long = np.flatnonzero(contexts[:, X_LONG]) + first + 1
    batch.long_hands = frozenset(long.tolist())


StarsLayout = Literal[
    "pokerstars",
    "starsskin",
    "ggpoker",
    "winamax",
    "winning",
    "bovada",
    "pacific",
    "partypoker",
    "fulltilt",
]
"""The formats in PokerStars' layout the kernel reads (:data:`~._stars_lines.LAYOUT_HEADERS`)."""
SITE_SHARES: Final[dict[str, SiteShare]] = {
    "winamax": wx_share,
    "winning": wn_share,
    "bovada": bv_share,
    "pacific": pc_share,
    "partypoker": pt_share,
    "fulltilt": ft_share,
}
"""The layouts whose hands a share of their own reads (the others: PokerStars'), one kernel
that replays them (:func:`replay_stars_text`) or logs them for ``read_histories``
(:func:`~.logged_hands.read_stars_text`)."""


_MARK_AT_THE_START: Final = ("winning", "pacific", "partypoker")
"""The layouts whose readers skip a byte-order mark at the file's start only
(``sites.text``'s decoding): a mark before a later header is a character of its line, which
starts no hand there (``sites.text.text_hands`` with a rule that takes no mark). PokerStars',
its skins', Winamax's and Bovada's readers take a header after a mark on any line."""


def layout_index(
    data: bytes, text: npt.NDArray[np.uint8], layout: str
) -> tuple[int, Ints, Ints, Ints]:
    """The hands of a buffer in PokerStars' layout (``text``: ``data``'s bytes, from a file's
    start or a hand's) as the replay and the log both find them:
    :func:`~._stars_kernels.stars_index` (hands, starts, stops, sites; hands -1 where other
    text stands before the first), a byte-order mark skipped where the site's reader skips one
    (:data:`_MARK_AT_THE_START`: the buffer's first, its file's), a PartyPoker buffer led by
    separators or by 2019 banners by :func:`_party_index`."""
    if layout in _MARK_AT_THE_START:
        skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
        found = stars_index(text[skip:], wanted_headers(layout), False)
        if found[0] > 0 and skip:  # the first hand from the mark, as the reader's first line
            found[1][: found[0]] += skip
            found[2][: found[0]] += skip
            found[1][0] = 0
    else:
        found = stars_index(text, wanted_headers(layout), layout != "ggpoker")
    if found[0] < 0 and layout == "partypoker":
        return _party_index(data, text)
    return found


def _party_index(data: bytes, text: npt.NDArray[np.uint8]) -> tuple[int, Ints, Ints, Ints]:
    """:func:`~._stars_kernels.stars_index` of a PartyPoker buffer whose first ``#Game No``
    has ``Game #n starts.`` separators before it (``sites.party.preamble``): the first hand from
    the buffer's start, as PartyPoker's reader starts it; hands -1 where other text stands
    there."""
    from pokerscore.histories.sites.party import banner_starts, preamble

    skip = preamble(data)
    if skip < 0 and (found := banner_starts(data)) is not None:
        count = len(found)
        starts = np.array(found, dtype=np.int64)
        stops = np.append(starts[1:], len(data)).astype(np.int64)
        return count, starts, stops, np.full(count, PARTY_SITE, dtype=np.int64)
    if skip <= 0:
        empty = np.zeros(0, dtype=np.int64)
        return -1, empty, empty, empty
    # (no mark skipped: PartyPoker's reader takes none past the file's start, _MARK_AT_THE_START)
    hands, starts, stops, sites = stars_index(text[skip:], wanted_headers("partypoker"), False)
    starts[:hands] += skip
    stops[:hands] += skip
    starts[0] = 0
    return hands, starts, stops, sites


@cache
def wanted_headers(layout: str) -> npt.NDArray[np.bool_]:
    """Which of :data:`~._stars_lines.HEADERS` start a hand of ``layout``."""
    return np.array([word in LAYOUT_HEADERS[layout] for word in HEADERS], dtype=np.bool_)


def _empty_batch(text: npt.NDArray[np.uint8], capacity: int) -> Batch:
    players = MAX_PLAYERS
    return Batch(
        text=text,
        hands=0,
        facts=np.zeros((capacity, FACTS), dtype=np.int64),
        names=np.full((capacity, 2 * players), -1, dtype=np.int64),
        seats=np.full((capacity, players), -1, dtype=np.int64),
        put_in=np.zeros((capacity, players), dtype=np.int64),
        gross=np.zeros((capacity, players), dtype=np.int64),
        won=np.zeros((capacity, players), dtype=np.int64),
        gross_parts=np.zeros((capacity, players), dtype=np.int64),
        won_parts=np.zeros((capacity, players), dtype=np.int64),
        flags=np.zeros((capacity, players), dtype=np.int8),
        holes=np.full((capacity, players, STUD_CARDS), -1, dtype=np.int8),
        boards=np.full((capacity, 5), -1, dtype=np.int8),
        pots=np.zeros((capacity, players), dtype=np.int64),
        pot_masks=np.zeros((capacity, players), dtype=np.int32),
        pot_shares=np.zeros((capacity, players, players), dtype=np.int32),
        action_flags=np.zeros((capacity, players), dtype=np.uint8),
    )


@kernel()
def _headers(text: npt.NDArray[np.uint8]) -> int:
    """An upper bound on the tables of a text: lines starting with ``[`` (one pass, no
    temporary arrays: NumPy's three comparisons of the whole text took four to five times
    as long, on the block's replay thread before its index)."""
    size = text.shape[0]
    if size == 0:
        return 0
    found = 1 if text[0] == OPEN_BRACKET else 0
    for at in range(size - 1):
        found += (text[at] == NEWLINE) & (text[at + 1] == OPEN_BRACKET)
    return found


# -- columns ------------------------------------------------------------------------------------


@kernel()
def _gather(
    text: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    stops: npt.NDArray[np.int64],
    fallback: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32], npt.NDArray[np.bool_]]:
    """The strings ``text[starts[r]:stops[r]]`` as Arrow's data and offsets; a row without a
    span (start -1) is ``p<fallback>`` when fallback > 0, else null."""
    rows = starts.shape[0]
    offsets = np.zeros(rows + 1, dtype=np.int32)
    valid = np.ones(rows, dtype=np.bool_)
    size = 0
    for row in range(rows):
        if starts[row] >= 0:
            size += stops[row] - starts[row]
        elif fallback[row] > 0:
            size += 3
    data = np.zeros(size, dtype=np.uint8)
    at = 0
    for row in range(rows):
        if starts[row] >= 0:
            for position in range(starts[row], stops[row]):
                data[at] = text[position]
                at += 1
        elif fallback[row] > 0:
            data[at] = PLAYER_LETTER
            at += 1
            number = fallback[row]
            if number >= 10:
                data[at] = ZERO + number // 10
                at += 1
            data[at] = ZERO + number % 10
            at += 1
        else:
            valid[row] = False
        offsets[row + 1] = at
    return data[:at], offsets, valid


@kernel()
def _hole_text(
    holes: npt.NDArray[np.int8],
    hands: npt.NDArray[np.int64],
    seats: npt.NDArray[np.int64],
    ranks: npt.NDArray[np.uint8],
    suits: npt.NDArray[np.uint8],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32], npt.NDArray[np.bool_]]:
    """The hole cards of row ``r`` (``holes[hands[r], seats[r]]``) as Arrow's string data,
    offsets and validity (null where none is known)."""
    rows = hands.shape[0]
    cards = holes.shape[2]
    offsets = np.zeros(rows + 1, dtype=np.int32)
    valid = np.zeros(rows, dtype=np.bool_)
    data = np.zeros(rows * 2 * cards, dtype=np.uint8)
    at = 0
    for row in range(rows):
        hand, seat = hands[row], seats[row]
        if holes[hand, seat, 0] >= 0:
            valid[row] = True
            for column in range(cards):
                card = holes[hand, seat, column]
                if card < 0:
                    break
                data[at] = ranks[card >> 2]
                data[at + 1] = suits[card & 3]
                at += 2
        offsets[row + 1] = at
    return data[:at], offsets, valid


ROW_FACTS: Final = (F_NUMBER, F_VARIANT, F_BIG, F_SCALE, F_ID_START, F_ID_STOP, F_VENUE_START,
                    F_VENUE_STOP)  # fmt: skip
"""The facts of its hand each row carries (:func:`_row_values`: after :data:`ROW_SEAT`'s)."""
ROW_SEAT: Final = ("put_in", "gross", "gross_parts", "won", "won_parts", "flags", "seat",
                   "action_flags", "name_start", "name_stop", "position")  # fmt: skip
"""A row's own values (:func:`_row_values`), in order."""


@kernel()
def _row_values(
    rows: HandRows, ok: Ints, positions: Ints, fact_columns: Ints
) -> tuple[Ints, Ints, Ints]:
    """The rows of the hands at ``ok`` (each hand's players in seat order): each row's hand and
    seat, and its values by column, one row of ``values`` each: :data:`ROW_SEAT`, the
    position's code (``positions[count, seat]``), then the hand's ``facts[:, fact_columns]``.
    One pass: the NumPy gathers by (hand, seat), one a column, took most of the columns' time."""
    facts = rows.facts
    size = 0
    for hand in ok:
        size += facts[hand, F_COUNT]
    hands = np.empty(size, dtype=np.int64)
    seats = np.empty(size, dtype=np.int64)
    own = len(ROW_SEAT)
    values = np.empty((own + fact_columns.shape[0], size), dtype=np.int64)
    put_in, gross, won = rows.put_in, rows.gross, rows.won
    gross_parts, won_parts, flags = rows.gross_parts, rows.won_parts, rows.flags
    seat_numbers, action_flags, names = rows.seat_numbers, rows.action_flags, rows.names
    row = 0
    for hand in ok:
        count = facts[hand, F_COUNT]
        for seat in range(count):
            hands[row] = hand
            seats[row] = seat
            values[0, row] = put_in[hand, seat]
            values[1, row] = gross[hand, seat]
            values[2, row] = gross_parts[hand, seat]
            values[3, row] = won[hand, seat]
            values[4, row] = won_parts[hand, seat]
            values[5, row] = flags[hand, seat]
            values[6, row] = seat_numbers[hand, seat]
            values[7, row] = action_flags[hand, seat]
            values[8, row] = names[hand, 2 * seat]
            values[9, row] = names[hand, 2 * seat + 1]
            values[10, row] = positions[count, seat]
            for k in range(fact_columns.shape[0]):
                values[own + k, row] = facts[hand, fact_columns[k]]
            row += 1
    return hands, seats, values


def span_strings(
    text: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    stops: npt.NDArray[np.int64],
    fallback: npt.NDArray[np.int64],
) -> pa.Array:
    """The strings ``text[starts[r]:stops[r]]`` as an Arrow string array (:func:`_gather`).

    The spans go to the kernel contiguous: a column of a 2-d array (``facts[:, start]``, as the
    hand logs pass) is a strided view, which Numba types as another array (layout ``A``, not
    ``C``) and for which it compiled ``_gather`` a second time."""
    return _strings(
        *_gather(
            text,
            np.ascontiguousarray(starts),
            np.ascontiguousarray(stops),
            np.ascontiguousarray(fallback),
        )
    )


def _strings(
    data: npt.NDArray[np.uint8], offsets: npt.NDArray[np.int32], valid: npt.NDArray[np.bool_]
) -> pa.Array:
    import pyarrow as pa

    mask = None if valid.all() else pa.array(valid).buffers()[1]
    nulls = int((~valid).sum())
    return pa.StringArray.from_buffers(
        len(offsets) - 1, pa.py_buffer(offsets), pa.py_buffer(data), mask, nulls
    )


def _from_codes(codes: npt.NDArray[np.int64], words: list[str | None]) -> pa.Array:
    """Strings by code (a code < 0, or a None word, is null)."""
    import pyarrow as pa

    dictionary = pa.array(words, type=pa.string())
    indices = codes.astype(np.int32)
    if (codes < 0).any():
        return dictionary.take(pa.array(indices, mask=codes < 0))
    return dictionary.take(indices)  # (a dictionary array cast to strings: a fifth longer)


_ROW_FACTS: Final = np.array(ROW_FACTS, dtype=np.int64)


@cache
def _positions() -> tuple[tuple[str, ...], Ints]:
    """:func:`~.kernel_results.position_codes`, made once."""
    return position_codes()


@cache
def _stakes(small: int, big: int, scale: int) -> str:
    def plain(units: int) -> str:
        text = f"{Decimal(units).scaleb(-scale):f}"
        return text.rstrip("0").rstrip(".") if "." in text else text

    return f"{plain(small)}/{plain(big)}"


@dataclass
class Columns:
    """A batch's rows, as Arrow columns plus what the tally needs."""

    table: pa.Table
    order: npt.NDArray[np.int64]
    """Each row's hand, by its place in the buffer (to put the slow hands back in order)."""
    allin_adjusted: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))
    tally: TallyRows | None = None
    """The rows as the run's players table adds them (its ``codes``, the players, left empty:
    the caller's)."""


def batch_columns(batch: Batch, file: str, *, allin_ev: bool) -> Columns:
    """The rows of the hands the kernels replayed (status OK), in hand order; without
    ``allin_ev`` no all-in is valued (the rows' all-in street and EV null, as ``replay``'s)."""
    import pyarrow as pa

    facts = batch.facts[: batch.hands]
    ok = np.flatnonzero(facts[:, F_STATUS] == OK)
    counts = facts[ok, F_COUNT]
    position_words, position_table = _positions()
    hand_of_row, seat_of_row, values = _row_values(batch.rows(), ok, position_table, _ROW_FACTS)
    rows = len(hand_of_row)
    put_in, gross_units, gross_parts, won_units, won_parts, flags, seat_numbers, action_flags, \
        name_starts, name_stops, position_codes_, numbers, variants, bigs, scales, id_starts, \
        id_stops, venue_starts, venue_stops = values  # fmt: skip
    scale = 10.0**scales
    den_scale = scale * DEN
    gross = in_parts(gross_units, gross_parts)  # in 1/DEN, exact
    won = in_parts(won_units, won_parts)
    won_f = _ratio(won, den_scale)
    net_f = _ratio(won - in_parts(put_in), den_scale)
    rake_f = _ratio(gross - won, den_scale)
    if allin_ev:
        evs, streets = _allin(batch, ok, facts)
        seat_evs = evs[hand_of_row, seat_of_row]
        street_codes = np.where(np.isnan(seat_evs), -1, streets[hand_of_row])
    else:
        seat_evs, street_codes = np.full(rows, np.nan), np.full(rows, -1)
    none = np.zeros(rows, dtype=np.int64)
    names = span_strings(batch.text, name_starts, name_stops, seat_of_row + 1)
    if (heroes := name_starts == HERO_SPAN).any():  # Bovada's file's own player
        import pyarrow.compute as pc

        names = pc.if_else(pa.array(heroes), BV_HERO, names)
    ids = span_strings(batch.text, id_starts, id_stops, none)
    if batch.site_codes is not None:
        venues = _from_codes(batch.site_codes[hand_of_row], list(HEADER_SITES))
    elif batch.site is not None:
        venues = _from_codes(none, [batch.site])
    else:
        venues = span_strings(batch.text, venue_starts, venue_stops, none)
    stakes = facts[ok][:, [F_SMALL, F_BIG, F_SCALE]]
    if len(stakes) and (stakes == stakes[0]).all():  # one table's stakes: the usual file
        unique, stake_codes = stakes[:1], np.zeros(len(stakes), dtype=np.int64)
    else:
        unique, stake_codes = np.unique(stakes, axis=0, return_inverse=True)
    stake_words: list[str | None] = [_stakes(int(a), int(b), int(c)) for a, b, c in unique]
    big = bigs / scale
    columns = {
        "file": _from_codes(none, [file]),
        "hand": pa.array(numbers.astype(np.int32)),
        "hand_id": ids,
        "site": venues,
        "variant": _from_codes(variants, list(VARIANT_NAMES)),
        "stakes": _from_codes(np.repeat(stake_codes.reshape(-1), counts), stake_words),
        "big_blind": pa.array(big),
        "player": names,
        "seat": pa.array(seat_numbers.astype(np.int16), mask=seat_numbers < 0),
        "position": _from_codes(position_codes_, list(position_words)),
        "hole": _strings(*_hole_text(batch.holes, hand_of_row, seat_of_row, RANK_BYTES, SUIT_BYTES)),
        "put_in": pa.array(put_in / scale),
        "won": pa.array(won_f),
        "net": pa.array(net_f),
        "rake_paid": pa.array(rake_f),
        "vpip": pa.array((flags & VPIP) != 0),
        "pfr": pa.array((flags & PFR) != 0),
        "saw_flop": pa.array((flags & SAW_FLOP) != 0),
        "went_to_showdown": pa.array((flags & SHOWDOWN) != 0),
        "won_at_showdown": pa.array((flags & WON_SHOWDOWN) != 0),
        "allin_street": _from_codes(street_codes, list(STREETS)),  # stud's sixth: river
        "allin_ev": pa.array(seat_evs, mask=np.isnan(seat_evs)),
    }  # fmt: skip
    action_flags = batch.action_flags[hand_of_row, seat_of_row]
    for bit, name in enumerate(ACTION_COUNTS):
        columns[name] = pa.array((action_flags >> bit) & 1, type=pa.int8())
    table = pa.table(columns, schema=schema())
    adjusted = np.where(np.isnan(seat_evs), net_f, seat_evs)
    tally = TallyRows(np.zeros(0, dtype=np.int64), net_f, adjusted, big, flags,
                      action_flags.astype(np.uint8))  # fmt: skip
    return Columns(table, hand_of_row, adjusted, tally)


def _ratio(
    numerator: npt.NDArray[np.int64] | npt.NDArray[np.object_],
    denominator: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """``numerator / denominator`` correctly rounded, as Python's Fractions give it (an object
    ``numerator``: Python integers, past int64)."""
    values = np.asarray(numerator / denominator, dtype=np.float64)  # (object: Python ints)
    wide = np.abs(numerator) >= (1 << 53)
    for row in np.flatnonzero(wide):  # past float's exact integers: exactly, one by one
        values[row] = float(Fraction(int(numerator[row]), round(denominator[row])))
    return values


def _allin(
    batch: Batch, ok: npt.NDArray[np.int64], facts: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """All-in EV of each seat (NaN where none) and each hand's all-in street
    (:func:`~.allin.block_allin_evs`: the all-in hands' rows read at once)."""
    evs = np.full(batch.put_in.shape, np.nan)
    streets = facts[:, F_ALLIN_STREET] if len(facts) else np.zeros(0, dtype=np.int64)
    hands = ok[streets[ok] >= 0]
    if not len(hands):
        return evs, streets
    games: dict[int, Game | None] = {}
    for variant in np.unique(facts[hands, F_VARIANT]).tolist():
        ruled = rule_game(GAME_NAMES[variant // 3])
        games[variant] = ruled if isinstance(ruled, Game) else None  # draw: no drawing policy
    found_hands, found_seats, found_values = block_allin_evs(
        batch.rows(),
        hands.tolist(),
        [games[variant] for variant in facts[hands, F_VARIANT].tolist()],
        (10 ** facts[hands, F_SCALE]).tolist(),
    )
    evs[found_hands, found_seats] = found_values
    return evs, streets


def slow_hands(batch: Batch) -> list[tuple[int, int, int, int, int]]:
    """The hands the kernels refused: (place, number, header line, start, stop); why is
    :func:`refusal_of`."""
    facts = batch.facts[: batch.hands]
    return [
        (int(place), int(facts[place, F_NUMBER]), int(facts[place, F_HEADER]),
         int(facts[place, F_START]), int(facts[place, F_STOP]))
        for place in np.flatnonzero(facts[:, F_STATUS] != OK)
    ]  # fmt: skip


def refusal_of(batch: Batch, place: int) -> RefusalRecord:
    """Why the kernels refused the hand at ``place`` of a batch, and where."""
    code, action, seat, other, amount, limit = batch.facts[place, F_REFUSAL : F_LIMIT + 1].tolist()
    return RefusalRecord(Refusal(code), action, seat, other, amount, limit)


__all__ = [
    "Batch",
    "Columns",
    "HandHistoryError",
    "HandResult",
    "batch_columns",
    "refusal_of",
    "replay_phh_text",
    "slow_hands",
]


Made = TypeVar("Made")


def in_batch_order(
    played: npt.NDArray[np.int64],
    slow: npt.NDArray[np.int64],
    chunk: int,
    block: Callable[[npt.NDArray[np.int64]], Sequence[Made]],
    left: Callable[[int], Sequence[Made]],
) -> Iterator[Sequence[Made]]:
    """A batch's hands in their order, in lists: the places of ``played`` ``chunk`` at a time
    as ``block(places)`` makes them, cut where a place of ``slow`` stands between, each of
    those as ``left(place)`` makes it (``played`` and ``slow`` sorted, together every place).

    >>> made = in_batch_order(np.array([0, 1, 3]), np.array([2]), 2, np.ndarray.tolist, lambda p: [-p])
    >>> [list(part) for part in made]
    [[0, 1], [-2], [3]]
    """
    pending = 0  # the first of ``slow`` not handed on
    for at in range(0, len(played), chunk):
        places = played[at : at + chunk]
        made = block(places)
        before = int(np.searchsorted(slow, places[-1]))  # the slow hands before its last
        cut = 0
        for place in slow[pending:before].tolist():
            upto = int(np.searchsorted(places, place))
            if upto > cut:
                yield made[cut:upto]
                cut = upto
            yield left(place)
        pending = before
        yield made[cut:] if cut else made
    for place in slow[pending:].tolist():
        yield left(place)
