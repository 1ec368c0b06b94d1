"""Cards of many rows at once: card strings tokenised over the bytes, card ids and UCI numbers
checked, all in NumPy over a whole chunk. What the fast path cannot read goes to the exact
parser, row by row, for its error message (or for a notation only it knows, like ``AhKh``)."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerscore.cards import PokerScoreError, parse_card, parse_cards
from pokerscore.engine import Ranking
from pokerscore.hands.score import check_in_deck
from pokerscore.io.formats import UCI_RANKS, UCI_SUITS

Bytes = npt.NDArray[np.uint8]
Indices = npt.NDArray[np.intp]

NOT_A_CARD: Final = 255
HAND_SIZES: Final = (5, 6, 7)
_TEN: Final = 0x01  # stands for the two bytes "10" in a token key
_SYMBOL_LEAD: Final = (0xE2, 0x99)  # UTF-8 of U+2660..U+2667 (the suit symbols) is E2 99 A0..A7
_SEPARATORS: Final = b" \t\r\n,;\x00"


def _token_key(token: bytes) -> int | None:
    """The table key of a token: (rank byte, suit byte); ``10`` as one byte, a suit symbol by
    its last byte. The vectorised :func:`_keys` computes the same."""
    if token.startswith(b"10") and len(token) in (3, 5):
        rank, rest = _TEN, token[2:]
        if len(rest) == 1:
            return rank << 8 | rest[0]
        return rank << 8 | rest[2] if rest[:2] == bytes(_SYMBOL_LEAD) else None
    if len(token) == 2:
        return token[0] << 8 | token[1]
    if len(token) == 4 and token[1:3] == bytes(_SYMBOL_LEAD):
        return token[0] << 8 | token[3]
    if len(token) == 4 and token[:2] == bytes(_SYMBOL_LEAD):
        return token[3] << 8 | token[2]
    if len(token) == 5 and token[:2] == bytes(_SYMBOL_LEAD) and token[3:] == b"10":
        return _TEN << 8 | token[2]
    return None


@cache
def token_table() -> Bytes:
    """Token key -> card id (255: not a card), built by asking the card parser about every
    one-character rank and suit, so the notation stays defined in one place."""
    table = np.full(1 << 16, NOT_A_CARD, dtype=np.uint8)
    ranks = [chr(code) for code in range(33, 127)] + ["10"]
    symbols = [chr(code) for code in range(0x2660, 0x2668)]
    tokens = [rank + suit for rank in ranks for suit in ranks[:-1] + symbols]
    tokens += [symbol + rank for symbol in symbols for rank in ranks]
    for token in tokens:
        key = _token_key(token.encode())
        if key is None:
            continue
        with contextlib.suppress(PokerScoreError):
            table[key] = parse_card(token).id
    return table


def _keys(padded: Bytes, starts: Indices, lengths: Indices) -> npt.NDArray[np.intp]:
    """:func:`_token_key` of every token at once (0, never a card, where it has none)."""
    b = [padded[starts + offset].astype(np.intp) for offset in range(5)]
    ten = (b[0] == ord("1")) & (b[1] == ord("0"))
    lead_first = (b[0] == _SYMBOL_LEAD[0]) & (b[1] == _SYMBOL_LEAD[1])
    lead_second = (b[1] == _SYMBOL_LEAD[0]) & (b[2] == _SYMBOL_LEAD[1])
    lead_third = (b[2] == _SYMBOL_LEAD[0]) & (b[3] == _SYMBOL_LEAD[1])
    keys = np.zeros(len(starts), dtype=np.intp)
    two = lengths == 2
    keys[two] = b[0][two] << 8 | b[1][two]
    three = (lengths == 3) & ten
    keys[three] = _TEN << 8 | b[2][three]
    four_rank_first = (lengths == 4) & lead_second
    keys[four_rank_first] = b[0][four_rank_first] << 8 | b[3][four_rank_first]
    four_symbol_first = (lengths == 4) & lead_first
    keys[four_symbol_first] = b[3][four_symbol_first] << 8 | b[2][four_symbol_first]
    five_ten_first = (lengths == 5) & ten & lead_third
    keys[five_ten_first] = _TEN << 8 | b[4][five_ten_first]
    five_symbol_first = (lengths == 5) & lead_first & (b[3] == ord("1")) & (b[4] == ord("0"))
    keys[five_symbol_first] = _TEN << 8 | b[2][five_symbol_first]
    return keys


@cache
def _separator_table() -> npt.NDArray[np.bool_]:
    table = np.zeros(256, dtype=np.bool_)
    table[list(_SEPARATORS)] = True
    return table


@dataclass
class ParsedRows:
    """The cards of a chunk's rows: groups of rows with the same number of cards (row indices
    within the chunk and their card ids), the rows left to the exact parser, and the blank."""

    groups: list[tuple[Indices, Bytes]] = field(default_factory=list)
    slow: Indices = field(default_factory=lambda: np.empty(0, dtype=np.intp))
    blank: Indices = field(default_factory=lambda: np.empty(0, dtype=np.intp))
    comments: Indices = field(default_factory=lambda: np.empty(0, dtype=np.intp))


def _grouped(
    rows: Indices, counts: Indices, first: Indices, ids: Bytes
) -> list[tuple[Indices, Bytes]]:
    groups = []
    for size in HAND_SIZES:
        chosen = rows[counts[rows] == size]
        if len(chosen):
            positions = first[chosen, None] + np.arange(size)
            groups.append((chosen, ids[positions]))
    return groups


def parse_text_rows(data: Bytes, starts: Indices, ends: Indices) -> ParsedRows:
    """The cards of each cell ``data[starts[i]:ends[i]]`` (lines of a text file, cells of a
    string column), read by tokens of two to five bytes (``Ah``, ``10h``, ``A♥``, ``♥A``).

    >>> line = np.frombuffer(b"Ah Kh Qh Jh Th\\n2c,3d,4h,5s,7d,9c\\n\\n1x 2c 3c 4c 5c", np.uint8)
    >>> parsed = parse_text_rows(line, np.array([0, 15, 33, 34]), np.array([14, 32, 33, 48]))
    >>> [(rows.tolist(), cards.tolist()) for rows, cards in parsed.groups]
    [([0], [[50, 46, 42, 38, 34]]), ([1], [[0, 5, 10, 15, 21, 28]])]
    >>> parsed.slow.tolist(), parsed.blank.tolist()
    ([3], [2])
    """
    count = len(starts)
    padded = np.zeros(len(data) + 8, dtype=np.uint8)
    padded[: len(data)] = data
    separator = _separator_table()[padded]
    boundary = np.zeros(len(padded) + 1, dtype=np.bool_)
    boundary[starts] = True
    boundary[ends] = True
    inside = ~separator
    before = np.empty_like(separator)
    before[0], before[1:] = True, separator[:-1]
    after = np.empty_like(separator)
    after[-1], after[:-1] = True, separator[1:]
    token_starts = np.flatnonzero(inside & (before | boundary[:-1]))
    token_ends = np.flatnonzero(inside & (after | boundary[1:])) + 1
    ids = token_table()[_keys(padded, token_starts, token_ends - token_starts)]
    row_of_token = np.searchsorted(starts, token_starts, side="right") - 1
    counts = np.bincount(row_of_token, minlength=count)
    unread = np.bincount(row_of_token, weights=ids == NOT_A_CARD, minlength=count) > 0
    first = np.cumsum(counts) - counts
    comment = np.zeros(count, dtype=np.bool_)
    has_tokens = counts > 0
    comment[has_tokens] = padded[token_starts[first[has_tokens]]] == ord("#")
    blank = ~has_tokens
    fast = has_tokens & ~comment & ~unread & (counts >= HAND_SIZES[0]) & (counts <= HAND_SIZES[-1])
    slow = np.flatnonzero(has_tokens & ~comment & ~fast)
    return ParsedRows(
        _grouped(np.flatnonzero(fast), counts, first, ids),
        slow,
        np.flatnonzero(blank),
        np.flatnonzero(comment),
    )


def parse_id_rows(columns: Sequence[npt.NDArray[np.integer]]) -> ParsedRows:
    """Rows of card ids, one column per card (-1 for a missing cell): ids outside 0..51 go to
    the exact parser for their message.

    >>> parsed = parse_id_rows([np.array([50, 0]), np.array([46, 1]), np.array([42, 2]),
    ...                         np.array([38, 3]), np.array([34, 52])])
    >>> [(rows.tolist(), cards.tolist()) for rows, cards in parsed.groups], parsed.slow.tolist()
    ([([0], [[50, 46, 42, 38, 34]])], [1])
    """
    matrix = np.column_stack(columns)
    bad = ((matrix < 0) | (matrix > 51)).any(axis=1)
    rows = np.flatnonzero(~bad)
    cards = matrix[rows].astype(np.uint8)
    return ParsedRows([(rows, cards)] if len(rows) else [], np.flatnonzero(bad))


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
    pokerscore.cards.errors.PokerScoreError: missing card at position 3
    """
    if not isinstance(source, str):
        for position, item in enumerate(source, 1):
            if item is None or item == "":
                raise PokerScoreError(f"missing card at position {position}")
    items = source if isinstance(source, str) else [item for item in source if item is not None]
    cards = parse_cards(items, size=(HAND_SIZES[0], HAND_SIZES[-1]))
    check_in_deck(cards, ranking)
    return tuple(card.id for card in cards)


def bad_rows(cards: Bytes, ranking: Ranking) -> npt.NDArray[np.bool_]:
    """Which rows of a group hold a card outside the ranking's deck or one card twice.

    >>> from pokerscore.engine import get_ranking
    >>> bad_rows(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 0]], np.uint8), get_ranking("high")).tolist()
    [False, True]
    """
    in_deck = np.zeros(256, dtype=np.bool_)
    in_deck[list(ranking.deck)] = True
    bad: npt.NDArray[np.bool_] = np.logical_not(in_deck[cards].all(axis=1))
    size = cards.shape[1]
    for first in range(size):
        for second in range(first + 1, size):
            bad |= cards[:, first] == cards[:, second]
    return bad


def ids_of(cards: Bytes) -> list[int]:
    """One row's ids as ints (for the exact parser)."""
    return [int(card) for card in cards]
