"""CSV and Parquet hand files read in batches of rows (:class:`~pokerscore.files.chunks.TableChunk`):
which columns hold the cards, what types they may have, pyarrow's streaming CSV reader and
Parquet's row groups, rows numbered globally from 1."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from pokerscore._support.errors import ParameterError
from pokerscore._support.threads import prefetched
from pokerscore.cards.errors import shorten
from pokerscore.engine.value_counts import HAND_SIZES
from pokerscore.files.chunks import BLOCK_BYTES, BadRow, Chunk, RefusedRows, TableChunk
from pokerscore.files.formats import UCI_CLASS_COLUMN, UCI_COLUMNS, FileFormatError, csv_delimiter
from pokerscore.files.parse import STANDARD_DECK_MASK
from pokerscore.files.text import decoding_message

BATCH_ROWS: Final = 1 << 20
"""Parquet rows read at a time: one row group of the output (pyarrow's largest by default).
Smaller batches would cost more calls; larger ones make the writer wait longer for the first and
leave more to write after the last is scored."""
_CARD_COLUMN_NAMES: Final = ("cards", "hand")


class ColumnTypeError(FileFormatError):
    """A card column of a type that holds no cards (booleans, lists, dates, …)."""


def choose_card_columns(names: Sequence[str], columns: Sequence[str] = ()) -> list[str]:
    """The columns that hold the cards: ``columns`` when given (one column of card strings, or
    5 to 7 columns of one card each), else one called ``cards`` or ``hand``, the only column,
    or columns ``card1``..``cardN`` / ``c1``..``cN`` (N = 5..7).

    >>> choose_card_columns(["id", "Cards"])
    ['Cards']
    >>> choose_card_columns(["c1", "c2", "c3", "c4", "c5", "c6", "c7", "x"])
    ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']
    """
    if columns:
        missing = [name for name in columns if name not in names]
        if missing:
            raise ParameterError(
                f"{{name}} names {missing[0]!r}, which the file has not "
                f"(its columns: {', '.join(names)})",
                "columns",
            )
        return list(columns)
    if len(names) == 1:
        return list(names)
    lowered = {name.lower(): name for name in names}
    for name in _CARD_COLUMN_NAMES:
        if name in lowered:
            return [lowered[name]]
    for prefix in ("card", "c"):
        for size in reversed(HAND_SIZES):
            wanted = [f"{prefix}{n}" for n in range(1, size + 1)]
            if all(name in lowered for name in wanted):
                return [lowered[name] for name in wanted]
    raise ParameterError(
        "which columns hold the cards? name them with {name} "
        f"(the file's columns: {', '.join(names)})",
        "columns",
    )


def check_column_types(path: Path, schema: pa.Schema, card_names: Sequence[str]) -> bool:
    """Whether the card columns hold ids (integers, or floats: whole ones are ids) rather than
    card strings; a :class:`ColumnTypeError` for a column that can hold neither."""
    kinds = []
    for name in card_names:
        kind = schema.field(name).type
        if pa.types.is_dictionary(kind):
            kind = kind.value_type
        if pa.types.is_integer(kind) or pa.types.is_floating(kind):
            kinds.append("ids")
        elif (
            pa.types.is_string(kind)
            or pa.types.is_large_string(kind)
            or getattr(pa.types, "is_string_view", bool)(kind)
            or pa.types.is_binary(kind)
            or pa.types.is_large_binary(kind)
            or pa.types.is_null(kind)
        ):
            kinds.append("text")
        else:
            raise ColumnTypeError(
                f"{path}: column {name!r} holds {kind}, not card strings or card ids"
            )
    if len(card_names) == 1 and kinds == ["ids"]:
        raise ColumnTypeError(
            f"{path}: column {card_names[0]!r} holds numbers: one card id a column takes "
            "5 to 7 columns"
        )
    return bool(kinds) and all(kind == "ids" for kind in kinds)


def _arrow_message(error: BaseException) -> str:
    """pyarrow's message in one line, without the row it quotes (it may be any bytes)."""
    text = str(error).strip()
    line = text.splitlines()[0] if text else type(error).__name__
    line = re.sub(r"(Expected \d+ columns, got \d+):.*", r"\1", line)
    return shorten(line.encode("ascii", "backslashreplace").decode("ascii"), 200)


class _RowHandler:
    """pyarrow's ``invalid_row_handler``: notes each refused row and skips it.

    pyarrow decodes a row's text before calling it, and a row that is not UTF-8 fails there:
    pyarrow prints "Exception ignored" and stops the file. :func:`_quiet_undecodable` keeps that
    print off stderr and flags it here, so the file's error can say what happened."""

    def __init__(self, header_lines: int) -> None:
        self.header_lines = header_lines
        self.refused: list[BadRow] = []
        self.undecodable = False

    def __call__(self, row: Any) -> str:
        number = (row.number or 0) - self.header_lines
        why = f"expected {row.expected_columns} fields, got {row.actual_columns}"
        text = row.text.encode("utf-8", "backslashreplace").decode("utf-8")
        self.refused.append((number, shorten(text.strip(), 200), why))
        return "skip"

    def taken(self) -> list[BadRow]:
        """The rows refused since the last call."""
        taken, self.refused = self.refused, []
        return taken


def _quiet_undecodable(unraisable: Any) -> None:
    if isinstance(unraisable.object, _RowHandler) and isinstance(
        unraisable.exc_value, UnicodeDecodeError
    ):
        unraisable.object.undecodable = True
        return
    _previous_hook(unraisable)


_previous_hook = sys.unraisablehook
sys.unraisablehook = _quiet_undecodable


def _csv_reader(
    path: Path,
    block_bytes: int,
    handler: _RowHandler,
    *,
    names: list[str] | None,
    types: dict[str, Any],
    source: Any = None,
) -> Any:
    try:
        return pacsv.open_csv(
            path if source is None else source,
            read_options=pacsv.ReadOptions(
                block_size=block_bytes, use_threads=False, column_names=names
            ),
            parse_options=pacsv.ParseOptions(
                delimiter=csv_delimiter(path), invalid_row_handler=handler
            ),
            convert_options=pacsv.ConvertOptions(column_types=types, strings_can_be_null=False),
        )
    except (pa.ArrowInvalid, UnicodeDecodeError) as error:
        raise FileFormatError(
            _csv_failure(path, error, handler, "is not a readable CSV file")
        ) from None


def _csv_failure(path: Path, error: BaseException, handler: _RowHandler, what: str) -> str:
    if handler.undecodable:
        found = re.search(r"Row #(\d+)", str(error))
        row = f"row {int(found[1]) - handler.header_lines}" if found else "a row"
        return (
            f"{path}: {row} has the wrong number of fields and is not UTF-8 text: "
            "the CSV reader cannot skip it"
        )
    return f"{path} {what}: {_arrow_message(error)}"


def _text_cells(
    batch: pa.RecordBatch, numbers: npt.NDArray[np.int64], delimiter: str, names: Sequence[str]
) -> tuple[pa.RecordBatch, npt.NDArray[np.int64], list[BadRow]]:
    """The batch with its byte columns among ``names`` as strings, less the rows with a cell
    that is not UTF-8, which are returned as refused rows (number, text, message)."""
    columns: list[pa.Array] = []
    refused: dict[int, str] = {}
    for name, column in zip(batch.schema.names, batch.columns, strict=True):
        if name in names and pa.types.is_dictionary(column.type):
            column = column.dictionary_decode()
        if name in names and (
            pa.types.is_binary(column.type) or pa.types.is_large_binary(column.type)
        ):
            try:
                column = column.cast(pa.string())
            except pa.ArrowInvalid:  # some cell is not UTF-8: find which, row by row (rare)
                cells = column.to_pylist()
                for index, cell in enumerate(cells):
                    try:
                        cell is None or cell.decode("utf-8")
                    except UnicodeDecodeError as error:
                        refused.setdefault(index, f"{decoding_message(error)} in field {name}")
                column = pa.array(
                    [None if c is None else c.decode("utf-8", "replace") for c in cells],
                    pa.string(),
                )
        columns.append(column)
    batch = pa.RecordBatch.from_arrays(columns, names=batch.schema.names)
    if not refused:
        return batch, numbers, []
    rows = sorted(refused)
    texts = [
        delimiter.join(
            cell.decode("utf-8", "backslashreplace") if isinstance(cell, bytes) else str(cell)
            for cell in (batch.column(n)[row].as_py() for n in range(batch.num_columns))
        )
        for row in rows
    ]
    keep = np.ones(batch.num_rows, dtype=np.bool_)
    keep[rows] = False
    listed = [
        (int(numbers[row]), text, refused[row]) for row, text in zip(rows, texts, strict=True)
    ]
    return batch.filter(pa.array(keep)), numbers[keep], listed


def csv_chunks(
    path: Path,
    *,
    uci: bool = False,
    columns: Sequence[str] = (),
    block_bytes: int = BLOCK_BYTES,
    deck_mask: int = STANDARD_DECK_MASK,
) -> Iterator[Chunk]:
    """A CSV (or TSV) file with a header, or a UCI file (no header); a row's number counts the
    data rows from 1, the header not counted."""
    handler = _RowHandler(header_lines=0 if uci else 1)
    first = _csv_reader(path, block_bytes, handler, names=None, types={})
    try:
        header = list(first.schema.names)
    except UnicodeDecodeError as error:
        raise FileFormatError(f"{path}: the header is {decoding_message(error)}") from None
    if uci:
        width = len(header)
        if width not in (10, 11):
            raise FileFormatError(
                f"{path} is not a UCI Poker Hand file: it has {width} columns, not 10 or 11"
            )
        names: list[str] | None = [*UCI_COLUMNS, UCI_CLASS_COLUMN][:width]
        card_names = list(UCI_COLUMNS)
    else:
        names = None
        card_names = choose_card_columns(header, columns)
    handler.taken()
    delimiter = csv_delimiter(path)
    # Read through a Python file object, whose position tells the progress bar how far it is.
    with path.open("rb") as handle:
        reader = _csv_reader(
            path,
            block_bytes,
            handler,
            names=names,
            # Bytes, not strings: a cell that is not UTF-8 is then one bad row, not a failed file.
            types={name: pa.binary() for name in (names or card_names)},
            source=handle,
        )
        size = max(path.stat().st_size, 1)

        def batches() -> Iterator[tuple[pa.RecordBatch, list[BadRow], int]]:
            # Runs ahead on the reading thread: each batch with the rows refused while reading it.
            while True:
                try:
                    batch = reader.read_next_batch()
                except StopIteration:
                    return
                except (pa.ArrowInvalid, UnicodeDecodeError) as error:
                    raise FileFormatError(
                        _csv_failure(path, error, handler, "cannot be read on")
                    ) from None
                yield batch, handler.taken(), min(size, handle.tell())

        next_row, id_columns = 1, None
        for batch, taken, position in prefetched(batches()):
            skipped = sorted(number for number, _, _ in taken)
            candidates = np.arange(
                next_row, next_row + batch.num_rows + len(skipped), dtype=np.int64
            )
            numbers = candidates[~np.isin(candidates, skipped)][: batch.num_rows]
            if len(numbers):
                next_row = int(numbers[-1]) + 1
            batch, numbers, not_text = _text_cells(batch, numbers, delimiter, batch.schema.names)
            if id_columns is None and batch.num_rows:
                id_columns = uci or all(_is_id_column(batch.column(n)) for n in card_names)
            chunk = TableChunk(
                batch,
                card_names,
                numbers,
                position,
                id_columns=bool(id_columns),
                uci=uci,
                deck_mask=deck_mask,
            )
            chunk.refused = sorted(taken + not_text)
            yield chunk
    if late := handler.taken():
        yield RefusedRows(late, size)


def _is_id_column(array: pa.Array) -> bool:
    first = next((cell for cell in array.to_pylist()[:100] if cell), None)
    return first is not None and first.strip().isdigit()


def parquet_chunks(
    path: Path,
    *,
    columns: Sequence[str] = (),
    batch_rows: int = BATCH_ROWS,
    deck_mask: int = STANDARD_DECK_MASK,
    row_groups: Sequence[int] | None = None,
) -> Iterator[Chunk]:
    """A Parquet file (or some of its row groups), read in batches of rows; a row's number
    counts from 1 (at the first row group read)."""
    try:
        # Read without pre-buffering: pyarrow's pre-buffered reader keeps every column chunk it
        # has read until the file is closed (RSS grew by the file's size: 100 M rows, 0.9 GB),
        # and fresh buffers cost the kernel's page zeroing; read a chunk at a time, the pool's
        # buffers are reused and memory stays flat (0.2 GB), as fast. A memory map is no better:
        # its pages count as resident too.
        source = pq.ParquetFile(path, pre_buffer=False)
    except (pa.ArrowInvalid, OSError) as error:
        raise FileFormatError(
            f"{path} is not a readable Parquet file: {_arrow_message(error)}"
        ) from None
    card_names = choose_card_columns(source.schema_arrow.names, columns)
    id_columns = check_column_types(path, source.schema_arrow, card_names)
    next_row = 1
    for batch in prefetched(source.iter_batches(batch_size=batch_rows, row_groups=row_groups)):
        numbers = np.arange(next_row, next_row + batch.num_rows, dtype=np.int64)
        next_row += batch.num_rows
        batch, numbers, not_text = _text_cells(batch, numbers, " ", card_names)
        chunk = TableChunk(
            batch, card_names, numbers, next_row - 1, id_columns=id_columns, deck_mask=deck_mask
        )
        chunk.refused = not_text
        yield chunk


def parquet_rows(path: Path) -> int:
    """The number of rows of a Parquet file, from its footer."""
    return int(pq.ParquetFile(path).metadata.num_rows)
