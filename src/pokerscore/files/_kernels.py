"""Compiled passes over a chunk of a hand file: card strings read straight from the bytes, card-id
columns gathered into rows, both checked against the deck in the same pass.

Each row ends with a status: :data:`GOOD` (5 to 7 cards of the deck, none twice: its ids are in
the row of ``ids``), :data:`BLANK`, :data:`COMMENT` (its first token starts with ``#``), or
:data:`SLOW`: anything else, left to the exact parser, which gives the message (or reads a
notation only it knows, such as ``AhKhQhJhTh``). A token is keyed by :func:`token_key_at` and
looked up in :func:`pokerscore.files.tokens.token_table`, which holds the card parser's own
tokens: the notation stays defined in one place.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel, prange

NOT_A_CARD: Final = 255
"""A token table's entry for a key that is no card."""
TEN: Final = 0x01
"""Stands for the two bytes ``10`` in a token key."""
SYMBOL_LEAD: Final = (0xE2, 0x99)
"""UTF-8 of U+2660..U+2667 (the suit symbols) is E2 99 A0..A7."""
GOOD: Final = 0
BLANK: Final = 1
COMMENT: Final = 2
SLOW: Final = 3
_LEAD_0, _LEAD_1 = SYMBOL_LEAD
_ONE: Final = np.uint64(1)

Bytes = npt.NDArray[np.uint8]


@kernel(inline=True)
def _is_ten(first: np.int64, second: np.int64) -> bool:
    return bool(first == 0x31 and second == 0x30)  # "10"


@kernel(inline=True)
def token_key_at(data: Bytes, start: int, length: int) -> int:
    """The token table's key of ``data[start:start + length]``, or -1 (not a card's shape):
    (rank byte, suit byte), ``10`` as the byte :data:`TEN`, a suit symbol by its last byte."""
    key = np.int64(-1)
    b0 = np.int64(data[start])
    b1 = np.int64(data[start + 1])
    if length == 2:
        key = b0 << 8 | b1
    elif length == 3:
        if _is_ten(b0, b1):
            key = TEN << 8 | np.int64(data[start + 2])
    elif length == 4:
        b2 = np.int64(data[start + 2])
        b3 = np.int64(data[start + 3])
        if b1 == _LEAD_0 and b2 == _LEAD_1:
            key = b0 << 8 | b3
        elif b0 == _LEAD_0 and b1 == _LEAD_1:
            key = b3 << 8 | b2
    elif length == 5:
        b2 = np.int64(data[start + 2])
        b3 = np.int64(data[start + 3])
        b4 = np.int64(data[start + 4])
        if _is_ten(b0, b1) and b2 == _LEAD_0 and b3 == _LEAD_1:
            key = TEN << 8 | b4
        elif b0 == _LEAD_0 and b1 == _LEAD_1 and _is_ten(b3, b4):
            key = TEN << 8 | b2
    return int(key)


@kernel()
def token_keys(data: Bytes, offsets: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The key of each token ``data[offsets[i]:offsets[i + 1]]`` (-1: not a card's shape)."""
    keys = np.full(offsets.shape[0] - 1, -1, dtype=np.int64)
    for index in range(keys.shape[0]):
        length = offsets[index + 1] - offsets[index]
        if 2 <= length <= 5:
            keys[index] = token_key_at(data, offsets[index], length)
    return keys


@kernel(parallel=True)
def parse_cells(
    data: Bytes,
    offsets: npt.NDArray[np.int64],
    tokens: Bytes,
    separators: npt.NDArray[np.bool_],
    deck_mask: np.uint64,
    minimum: int,
    ids: Bytes,
    counts: Bytes,
    status: Bytes,
    first: npt.NDArray[np.int64],
    last: npt.NDArray[np.int64],
) -> None:
    """Read the cards of each cell ``data[offsets[row]:offsets[row + 1]]`` into ``ids[row]``,
    with their number, the row's status, and where its first token starts and its last ends.
    A row is good with ``minimum`` to ``ids.shape[1]`` cards."""
    width = ids.shape[1]
    for row in prange(offsets.shape[0] - 1):
        end = offsets[row + 1]
        position = offsets[row]
        count = 0
        seen = np.uint64(0)
        state = GOOD
        first[row] = position
        last[row] = position
        while position < end:
            if separators[data[position]]:
                position += 1
                continue
            stop = position + 1
            while stop < end and not separators[data[stop]]:
                stop += 1
            if count == 0:
                first[row] = position
                if data[position] == 0x23:  # "#"
                    state = COMMENT
                    break
            last[row] = stop
            length = stop - position
            card = NOT_A_CARD
            if 2 <= length <= 5:
                key = token_key_at(data, position, length)
                if key >= 0:
                    card = tokens[key]
            if card == NOT_A_CARD or count == width:
                state = SLOW
                break
            bit = _ONE << np.uint64(card)
            if (seen & bit) != 0 or (deck_mask & bit) == 0:
                state = SLOW
                break
            seen |= bit
            ids[row, count] = card
            count += 1
            position = stop
        if state == GOOD:
            if count == 0:
                state = BLANK
            elif count < minimum:
                state = SLOW
        counts[row] = count
        status[row] = state


@kernel(parallel=True)
def parse_single_cards(
    data: Bytes,
    offsets: npt.NDArray[np.int64],
    tokens: Bytes,
    separators: npt.NDArray[np.bool_],
    out: Bytes,
) -> None:
    """The card id of each cell holding one card token (spaces around it allowed), else 255."""
    for row in prange(offsets.shape[0] - 1):
        start = offsets[row]
        stop = offsets[row + 1]
        while start < stop and separators[data[start]]:
            start += 1
        while stop > start and separators[data[stop - 1]]:
            stop -= 1
        length = stop - start
        card = NOT_A_CARD
        if 2 <= length <= 5:
            key = token_key_at(data, start, length)
            if key >= 0:
                card = tokens[key]
        out[row] = card


@kernel(parallel=True)
def row_status(ids: Bytes, deck_mask: np.uint64, status: Bytes) -> None:
    """Each row of ids :data:`GOOD` when every id is a card of the deck and none comes twice,
    else :data:`SLOW` (its message comes from the parser)."""
    width = ids.shape[1]
    for row in prange(ids.shape[0]):
        seen = np.uint64(0)
        total = np.uint64(0)
        outside = False
        for column in range(width):
            card = ids[row, column]
            outside |= card > 63
            bit = _ONE << np.uint64(card & 63)
            seen |= bit
            total += bit
        # A card twice adds its bit twice: the sum then differs from the OR.
        bad = outside | (total != seen) | ((seen & ~deck_mask) != 0)
        status[row] = SLOW if bad else GOOD


@kernel()
def line_offsets(data: Bytes, lone_returns: bool) -> npt.NDArray[np.int64]:
    """Where each line of ``data`` starts, and one past the end: ``data`` ends with a newline,
    which stays in its line (a separator, like a ``\\r`` before it). With ``lone_returns`` a
    ``\\r`` not followed by ``\\n`` ends a line too, as :meth:`bytes.splitlines` reads them."""
    lines = 0
    for index in range(data.shape[0]):
        byte = data[index]
        lines += byte == 0x0A or (lone_returns and byte == 0x0D and data[index + 1] != 0x0A)
    offsets = np.empty(lines + 1, dtype=np.int64)
    offsets[0] = 0
    line = 1
    for index in range(data.shape[0]):
        byte = data[index]
        if byte == 0x0A or (lone_returns and byte == 0x0D and data[index + 1] != 0x0A):
            offsets[line] = index + 1
            line += 1
    return offsets


@kernel()
def compact_cells(
    data: Bytes,
    first: npt.NDArray[np.int64],
    last: npt.NDArray[np.int64],
    rows: npt.NDArray[np.int64],
) -> tuple[Bytes, npt.NDArray[np.int32]]:
    """The bytes ``data[first[row]:last[row]]`` of the chosen rows, one after another, with
    Arrow string offsets: the trimmed cells of the rows that are written out."""
    total = 0
    for index in range(rows.shape[0]):
        total += last[rows[index]] - first[rows[index]]
    out = np.empty(total, dtype=np.uint8)
    offsets = np.empty(rows.shape[0] + 1, dtype=np.int32)
    offsets[0] = 0
    at = 0
    for index in range(rows.shape[0]):
        row = rows[index]
        for position in range(first[row], last[row]):
            out[at] = data[position]
            at += 1
        offsets[index + 1] = at
    return out, offsets


@kernel()
def categorise(
    values: npt.NDArray[np.uint16],
    table: npt.NDArray[np.int8],
    categories: npt.NDArray[np.int8],
    counts: npt.NDArray[np.int64],
) -> int:
    """Each value's category (``table[value]``) into ``categories``, counted into ``counts``
    (value 0, a bad row, not counted); returns the number of rows scored."""
    scored = 0
    for row in range(values.shape[0]):
        value = values[row]
        category = table[value]
        categories[row] = category
        if value:
            counts[category] += 1
            scored += 1
    return scored
