"""Cards of many rows at once: card strings read over the bytes, card ids and UCI numbers
gathered and checked, each in one compiled pass over a whole chunk (:mod:`pokerscore.files._kernels`).
What the fast path cannot read goes to the exact parser, row by row, for its error message (or
for a notation only it knows, like ``AhKh``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerscore.cards import DECK_SIZE, PokerScoreError, parse_card, parse_cards
from pokerscore.engine import Ranking
from pokerscore.engine.kernels.validation import any_bad_row
from pokerscore.engine.value_counts import HAND_SIZES
from pokerscore.files._kernels import (
    BLANK,
    COMMENT,
    GOOD,
    NOT_A_CARD,
    SLOW,
    parse_cells,
    parse_single_cards,
    row_status,
)
from pokerscore.files.formats import UCI_RANKS, UCI_SUITS
from pokerscore.files.tokens import separator_table, token_table
from pokerscore.hands.scores import check_in_deck

Bytes = npt.NDArray[np.uint8]
Indices = npt.NDArray[np.intp]

STANDARD_DECK_MASK: Final = (1 << DECK_SIZE) - 1
"""The 52 cards as a deck mask (bit ``id`` set): the default deck of the readers."""
HAND_RANGE: Final = (HAND_SIZES[0], HAND_SIZES[-1])
"""The fewest and most cards of a hand."""


@dataclass
class ParsedRows:
    """The cards of a chunk's rows, one row of ``ids`` each, and each row's status
    (:data:`~pokerscore.files._kernels.GOOD`, ``BLANK``, ``COMMENT`` or ``SLOW``: left to the exact
    parser). ``counts`` holds each row's number of cards when they may differ (card strings);
    ``first`` and ``last`` where a text cell's cards start and end (its text trimmed)."""

    ids: Bytes
    status: Bytes
    counts: Bytes | None = None
    first: npt.NDArray[np.int64] | None = None
    last: npt.NDArray[np.int64] | None = None

    @classmethod
    def empty(cls) -> ParsedRows:
        """No rows."""
        return cls(np.empty((0, 5), np.uint8), np.empty(0, np.uint8))

    def rows_with(self, status: int) -> Indices:
        """The rows of one status."""
        return np.flatnonzero(self.status == status)

    @property
    def slow(self) -> Indices:
        """The rows left to the exact parser."""
        return self.rows_with(SLOW)

    @property
    def blank(self) -> Indices:
        """The rows without a token."""
        return self.rows_with(BLANK)

    @property
    def comments(self) -> Indices:
        """The rows whose first token starts with ``#``."""
        return self.rows_with(COMMENT)

    def groups(self) -> Iterator[tuple[Indices | None, Bytes]]:
        """The good rows by number of cards: their indices (None: every row of the chunk) and
        their ids as C-contiguous rows. One group without a copy in the common case (every row
        good, all of one size)."""
        good = self.status == GOOD
        every = bool(good.all())
        if self.counts is None:
            if every:
                yield None, self.ids
            elif good.any():
                rows = np.flatnonzero(good)
                yield rows, self.ids[rows]
            return
        if every and len(self.counts) and (self.counts == self.counts[0]).all():
            size = int(self.counts[0])
            ids = self.ids if size == self.ids.shape[1] else self.ids[:, :size]
            yield None, np.ascontiguousarray(ids)
            return
        for size in HAND_SIZES:
            rows = np.flatnonzero(good & (self.counts == size))
            if len(rows):
                yield rows, np.ascontiguousarray(self.ids[rows, :size])


def parse_text_rows(
    data: Bytes,
    offsets: npt.NDArray[np.integer],
    deck_mask: int = STANDARD_DECK_MASK,
    sizes: tuple[int, int] = HAND_RANGE,
) -> ParsedRows:
    """The cards of each cell ``data[offsets[i]:offsets[i + 1]]`` (lines of a text file, cells of
    a string column), read by tokens of two to five bytes (``Ah``, ``10h``, ``A♥``, ``♥A``) in one
    compiled pass, checked against the deck (``deck_mask``: bit ``id`` set for each card); a
    good row has between ``sizes[0]`` and ``sizes[1]`` cards.

    >>> line = np.frombuffer(b"Ah Kh Qh Jh Th\\n2c,3d,4h,5s,7d,9c\\n\\n1x 2c 3c 4c 5c", np.uint8)
    >>> parsed = parse_text_rows(line, np.array([0, 15, 33, 34, 48]))
    >>> [(rows.tolist(), cards.tolist()) for rows, cards in parsed.groups()]
    [([0], [[50, 46, 42, 38, 34]]), ([1], [[0, 5, 10, 15, 21, 28]])]
    >>> parsed.slow.tolist(), parsed.blank.tolist()
    ([3], [2])
    """
    count = len(offsets) - 1
    ids = np.zeros((count, sizes[1]), dtype=np.uint8)
    counts = np.empty(count, dtype=np.uint8)
    status = np.empty(count, dtype=np.uint8)
    first = np.empty(count, dtype=np.int64)
    last = np.empty(count, dtype=np.int64)
    if count:
        read_only = data.view()  # one signature, whether the bytes came writable or not
        read_only.flags.writeable = False
        parse_cells(
            read_only,
            np.asarray(offsets, dtype=np.int64),
            token_table(),
            separator_table(),
            np.uint64(deck_mask),
            sizes[0],
            ids,
            counts,
            status,
            first,
            last,
        )
    return ParsedRows(ids, status, counts, first, last)


def single_card_ids(data: Bytes, offsets: npt.NDArray[np.integer]) -> Bytes:
    """The card id of each cell of one card (``Ah``, `` 10h ``), 255 where it is not one.

    >>> cells = np.frombuffer(bytearray(b"Ah 10h x"), np.uint8)  # writable, as Arrow's buffers
    >>> single_card_ids(cells, np.array([0, 2, 6, 8])).tolist()
    [50, 34, 255]
    """
    out = np.empty(len(offsets) - 1, dtype=np.uint8)
    if len(out):
        parse_single_cards(
            data, np.asarray(offsets, dtype=np.int64), token_table(), separator_table(), out
        )
    return out


def parse_id_rows(
    columns: Sequence[npt.NDArray[np.integer]], deck_mask: int = STANDARD_DECK_MASK
) -> ParsedRows:
    """Rows of card ids, one column per card (-1 for a missing cell), gathered into rows and
    checked: ids outside the deck or twice in a row go to the exact parser for their message.

    >>> parsed = parse_id_rows([np.array([50, 0]), np.array([46, 1]), np.array([42, 2]),
    ...                         np.array([38, 3]), np.array([34, 52])])
    >>> [(rows, cards.tolist()) for rows, cards in parsed.groups()], parsed.slow.tolist()
    ([(array([0]), [[50, 46, 42, 38, 34]])], [1])
    """
    count = len(columns[0]) if columns else 0
    ids = np.empty((count, len(columns)), dtype=np.uint8)
    outside = np.zeros(count, dtype=np.bool_)
    for place, column in enumerate(columns):
        if column.dtype != np.uint8 and count and (column.min() < 0 or column.max() > 51):
            wrong = (column < 0) | (column > 51)  # would wrap into a card as uint8
            outside |= wrong
            ids[:, place] = np.where(wrong, 0, column)
        else:
            ids[:, place] = column
    status = np.zeros(count, dtype=np.uint8)
    if count and any_bad_row(ids, deck_mask):  # one SIMD pass; rows named only when needed
        row_status(ids, np.uint64(deck_mask), status)
    status[outside] = SLOW
    return ParsedRows(ids, status)


@cache
def _uci_tables() -> tuple[Bytes, Bytes]:
    suits = np.full(256, NOT_A_CARD, dtype=np.uint8)
    ranks = np.full(256, NOT_A_CARD, dtype=np.uint8)
    for number, letter in UCI_SUITS.items():
        suits[number] = parse_card("A" + letter).suit
    for number, char in UCI_RANKS.items():
        ranks[number] = parse_card(char + "c").rank
    return suits, ranks


def uci_ids(
    suits: npt.NDArray[np.integer], ranks: npt.NDArray[np.integer]
) -> npt.NDArray[np.int16]:
    """Card ids of UCI suit and rank numbers (-1 where either is out of range).

    >>> uci_ids(np.array([1, 2, 5]), np.array([1, 13, 2])).tolist()
    [50, 47, -1]
    """
    suit_table, rank_table = _uci_tables()
    valid = (suits >= 1) & (suits <= 4) & (ranks >= 1) & (ranks <= 13)
    suit = suit_table[np.where(valid, suits, 0)].astype(np.int16)
    rank = rank_table[np.where(valid, ranks, 0)].astype(np.int16)
    return np.where(valid, 4 * rank + suit, -1).astype(np.int16)


def uci_message(suits: Sequence[int | None], ranks: Sequence[int | None]) -> str:
    """Why a UCI row is not five cards, or the parser's word on its cards (a duplicate).

    >>> uci_message([1, 9, 1, 1, 1], [1, 2, 3, 4, 5])
    'card 2: suit 9 is not 1-4 (hearts, spades, diamonds, clubs)'
    >>> uci_message([1, 1, 1, 1, 1], [1, 1, 3, 4, 5])
    'duplicate card Ah at positions 1 and 2'
    """
    cards = []
    for position, (suit, rank) in enumerate(zip(suits, ranks, strict=True), 1):
        if suit not in UCI_SUITS:
            return f"card {position}: suit {suit} is not 1-4 (hearts, spades, diamonds, clubs)"
        if rank not in UCI_RANKS:
            return f"card {position}: rank {rank} is not 1-13 (ace, 2-10, jack, queen, king)"
        cards.append(UCI_RANKS[rank] + UCI_SUITS[suit])
    try:
        parse_cards(cards)
    except PokerScoreError as error:
        return str(error)
    return "not a hand"  # pragma: no cover - only called on rows the fast path refused


def hand_ids(source: str | Sequence[int | str | None], ranking: Ranking) -> tuple[int, ...]:
    """One row's card ids by the exact parser: 5 to 7 cards, no card twice, all in the deck;
    else a :class:`PokerScoreError` whose message is the same as for a hand typed in.

    >>> from pokerscore.engine import get_ranking
    >>> hand_ids("AhKhQhJhTh", get_ranking("high"))
    (50, 46, 42, 38, 34)
    >>> hand_ids([50, 46, None, 38, 34], get_ranking("high"))
    Traceback (most recent call last):
    ...
    pokerscore._support.errors.PokerScoreError: missing card at position 3
    """
    if not isinstance(source, str):
        for position, item in enumerate(source, 1):
            if item is None or item == "":
                raise PokerScoreError(f"missing card at position {position}")
    items = source if isinstance(source, str) else [item for item in source if item is not None]
    cards = parse_cards(items, size=HAND_RANGE)
    check_in_deck(cards, ranking)
    return tuple(card.id for card in cards)


def ids_of(cards: Bytes) -> list[int]:
    """One row's ids as ints (for the exact parser)."""
    return [int(card) for card in cards]
