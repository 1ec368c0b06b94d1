"""A chunk of a hand file: rows read at once, with their global numbers, their cards as the fast
pass read them, and each kind's way to give its columns, show a row and have the exact parser
read it: :class:`TextChunk` (lines of text), :class:`TableChunk` (columns of CSV or Parquet) and
:class:`RefusedRows` (rows the CSV reader refused, nothing else)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from pokerscore.cards import PokerScoreError
from pokerscore.engine import Ranking
from pokerscore.files._kernels import compact_cells
from pokerscore.files.formats import UCI_CLASS_COLUMN
from pokerscore.files.parse import (
    STANDARD_DECK_MASK,
    Indices,
    ParsedRows,
    hand_ids,
    parse_id_rows,
    parse_text_rows,
    single_card_ids,
    uci_ids,
    uci_message,
)
from pokerscore.files.text import TextLines

BLOCK_BYTES: Final = 16 << 20
"""Bytes of text or CSV read at a time (about 750,000 lines of seven cards): big enough that the
per-chunk work in Python is lost in the noise, small enough to keep memory bounded."""

BadRow = tuple[int, str, str]
"""A bad row: its number, its text as a report shows it, and the message."""

_NO_ID: Final = -1


class Chunk(ABC):
    """Rows of a hand file read at once."""

    numbers: npt.NDArray[np.int64]
    """Each row's number in the file (1-based: a text file's line, a table's data row)."""
    parsed: ParsedRows
    """The rows' cards as the compiled pass read them, and each row's status."""
    done: int
    """Progress: bytes (text, CSV) or rows (Parquet) read so far."""
    refused: list[BadRow]
    """Rows refused while reading (not in ``numbers``): a CSV row with the wrong number of
    fields, a cell that is not UTF-8."""
    classes: npt.NDArray[np.int16] | None = None
    """A UCI file's class of each row (-1 where missing or unreadable), None elsewhere."""
    card_names: Sequence[str] = ("cards",)
    """The columns holding the cards: never null in a scored row."""

    @abstractmethod
    def columns(self, rows: Indices | None) -> pa.RecordBatch:
        """The input's columns of the given rows (None: every row), as they are written out."""

    @abstractmethod
    def text_of(self, row: int) -> str:
        """A row as a report shows it (one line, never raw bytes)."""

    @abstractmethod
    def exact_ids(self, row: int, ranking: Ranking) -> tuple[int, ...]:
        """A row's card ids by the exact parser, or the :class:`PokerScoreError` that says why
        it is no hand."""

    @abstractmethod
    def rows_to_check(self) -> Indices:
        """The rows the compiled pass left to :meth:`exact_ids`."""

    @abstractmethod
    def skipped(self) -> int:
        """Rows that are not hands and not bad either (blank and comment lines)."""


class TextChunk(Chunk):
    """Lines of a text file, one hand a line; blank lines and ``#`` comments are skipped."""

    def __init__(
        self, numbers: npt.NDArray[np.int64], lines: TextLines, parsed: ParsedRows, done: int
    ) -> None:
        self.numbers, self.lines, self.parsed, self.done = numbers, lines, parsed, done
        self.refused = []

    def columns(self, rows: Indices | None) -> pa.RecordBatch:
        """The trimmed text of the rows as a column ``cards``."""
        parsed = self.parsed
        assert parsed.first is not None and parsed.last is not None
        chosen = np.arange(len(parsed.status)) if rows is None else rows
        cells, offsets = compact_cells(
            self.lines.array, parsed.first, parsed.last, chosen.astype(np.int64)
        )
        array = pa.StringArray.from_buffers(len(chosen), pa.py_buffer(offsets), pa.py_buffer(cells))
        return pa.RecordBatch.from_arrays([array], names=["cards"])

    def text_of(self, row: int) -> str:
        return self.lines.shown(row)

    def exact_ids(self, row: int, ranking: Ranking) -> tuple[int, ...]:
        return hand_ids(self.lines.text(row), ranking)

    def rows_to_check(self) -> Indices:
        return self.parsed.slow

    def skipped(self) -> int:
        return len(self.parsed.blank) + len(self.parsed.comments)


class TableChunk(Chunk):
    """A batch of rows of a CSV or Parquet file: the cards in one column of card strings, in 5
    to 7 columns of card strings or ids, or in the UCI suit and rank columns. A row without
    cards is a bad row."""

    def __init__(
        self,
        batch: pa.RecordBatch,
        card_names: Sequence[str],
        numbers: npt.NDArray[np.int64],
        done: int,
        *,
        id_columns: bool,
        uci: bool = False,
        deck_mask: int = STANDARD_DECK_MASK,
    ) -> None:
        self.numbers, self.done, self.card_names = numbers, done, list(card_names)
        self.uci, self.id_columns = uci, id_columns or uci
        self.refused = []
        batch = _with_columns(batch, {name: _readable(batch.column(name)) for name in card_names})
        if self.id_columns:
            converted = {name: _integers(batch.column(name)) for name in card_names}
            written = {name: column for name, (_, column) in converted.items()}
            if uci:
                suits = [converted[name][0] for name in card_names[0::2]]
                ranks = [converted[name][0] for name in card_names[1::2]]
                self.parsed = parse_id_rows(
                    [uci_ids(s, r) for s, r in zip(suits, ranks, strict=True)], deck_mask
                )
                if UCI_CLASS_COLUMN in batch.schema.names:
                    values, written[UCI_CLASS_COLUMN] = _integers(batch.column(UCI_CLASS_COLUMN))
                    self.classes = values.astype(np.int16)
            else:
                self.parsed = parse_id_rows([converted[n][0] for n in card_names], deck_mask)
            batch = _with_columns(batch, written)
        elif len(card_names) == 1:
            self.parsed = parse_text_rows(*_strings(batch.column(card_names[0])), deck_mask)
        else:
            self.parsed = parse_id_rows(
                [single_card_ids(*_strings(batch.column(name))) for name in card_names],
                deck_mask,
            )
        self.batch = batch

    def columns(self, rows: Indices | None) -> pa.RecordBatch:
        return self.batch if rows is None else self.batch.take(pa.array(rows))

    def _cells(self, row: int) -> list[Any]:
        return [self.batch.column(name)[row].as_py() for name in self.card_names]

    def text_of(self, row: int) -> str:
        values = self._cells(row) + ([self.classes[row]] if self.classes is not None else [])
        separator = "," if self.uci else " "
        return separator.join("" if value is None else str(value) for value in values)

    def exact_ids(self, row: int, ranking: Ranking) -> tuple[int, ...]:
        cells = self._cells(row)
        if self.uci:
            raise PokerScoreError(uci_message(cells[0::2], cells[1::2]))
        if len(cells) == 1:
            if not cells[0]:
                raise PokerScoreError("no cards")
            return hand_ids(str(cells[0]), ranking)
        return hand_ids([_card_cell(cell, self.id_columns) for cell in cells], ranking)

    def rows_to_check(self) -> Indices:
        return np.union1d(self.parsed.slow, self.parsed.blank)

    def skipped(self) -> int:
        return 0


class RefusedRows(Chunk):
    """Rows the CSV reader refused and reported only after its last batch: no columns."""

    def __init__(self, refused: list[BadRow], done: int) -> None:
        self.numbers = np.empty(0, dtype=np.int64)
        self.parsed = ParsedRows.empty()
        self.refused, self.done = refused, done

    def columns(self, rows: Indices | None) -> pa.RecordBatch:
        return pa.RecordBatch.from_arrays([], names=[])

    def text_of(self, row: int) -> str:
        raise IndexError(row)

    def exact_ids(self, row: int, ranking: Ranking) -> tuple[int, ...]:
        raise IndexError(row)

    def rows_to_check(self) -> Indices:
        return np.empty(0, dtype=np.intp)

    def skipped(self) -> int:
        return 0


def _with_columns(batch: pa.RecordBatch, replaced: dict[str, pa.Array]) -> pa.RecordBatch:
    """The batch with some columns replaced (itself when none changes)."""
    if all(replaced[name] is batch.column(name) for name in replaced):
        return batch
    names = batch.schema.names
    return pa.RecordBatch.from_arrays(
        [replaced.get(name, batch.column(name)) for name in names], names=names
    )


def _readable(array: pa.Array) -> pa.Array:
    """A card column as the readers take it: dictionaries decoded (a pandas categorical), large
    and view strings as strings, a column of nulls as empty strings."""
    if pa.types.is_dictionary(array.type):
        array = array.dictionary_decode()
    kind = array.type
    if pa.types.is_large_string(kind) or getattr(pa.types, "is_string_view", bool)(kind):
        return array.cast(pa.string())
    if pa.types.is_null(kind):
        return pa.array([None] * len(array), pa.string())
    return array


def _strings(array: pa.Array) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
    """The bytes of a string array and its offsets: cell ``i`` is ``data[o[i]:o[i + 1]]``."""
    if array.null_count:
        array = pc.fill_null(array, "")
    _, offsets_buffer, data_buffer = array.buffers()
    offsets = np.frombuffer(offsets_buffer, dtype=np.int32)[
        array.offset : array.offset + len(array) + 1
    ]
    data = (
        np.frombuffer(data_buffer, dtype=np.uint8)
        if data_buffer is not None
        else np.empty(0, np.uint8)
    )
    return data, offsets


def _integers(array: pa.Array) -> tuple[npt.NDArray[np.integer[Any]], pa.Array]:
    """A column of ids (integers, whole floats, or integer strings) as int64 with -1 where a
    cell is missing or no integer, and as the column to write (the input's, or integers read
    from strings with nulls where unreadable)."""
    if pa.types.is_integer(array.type):
        column = array
    elif pa.types.is_floating(array.type):
        values = pc.fill_null(array, np.nan).to_numpy(zero_copy_only=False)
        whole = np.isfinite(values) & (values == np.floor(values)) & (np.abs(values) < 1 << 16)
        return np.where(whole, values, _NO_ID).astype(np.int64), array
    else:
        try:
            column = pc.cast(array, pa.int64())
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            column = pa.array([_integer_or_none(cell) for cell in array.to_pylist()], pa.int64())
    if column.null_count == 0:  # the common case: no copy, the column's own integer type
        return column.to_numpy(zero_copy_only=False), column
    values = pc.fill_null(pc.cast(column, pa.int64()), _NO_ID).to_numpy(zero_copy_only=False)
    return values, column


def _integer_or_none(cell: object) -> int | None:
    if isinstance(cell, str):
        cell = cell.strip()
        if cell.lstrip("-").isdigit() and len(cell) < 10:
            return int(cell)
        return None
    return cell if isinstance(cell, int) else None


def _card_cell(cell: object, id_columns: bool) -> Any:
    """One card cell as the exact parser should read it: an id column's string as an integer,
    a whole float as an integer (the parser takes no floats as ids)."""
    if isinstance(cell, float) and cell.is_integer():
        return int(cell)
    if id_columns and isinstance(cell, str):
        return _integer_or_none(cell)
    return cell
