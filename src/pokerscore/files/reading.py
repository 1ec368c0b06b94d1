"""Hand files read in chunks (lines of text, pyarrow's streaming CSV reader, Parquet row groups)
with global 1-based row numbers, and output written atomically (Parquet or CSV by extension).

pyarrow is imported inside the functions: this module loads without it.
"""

from __future__ import annotations

import contextlib
import csv
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Final, TextIO, TypeVar

import numpy as np
import numpy.typing as npt

from pokerscore._support.threads import prefetched
from pokerscore.cards import PokerScoreError
from pokerscore.files.formats import (
    BYTE_ORDER_MARK,
    UCI_CLASS_COLUMN,
    UCI_COLUMNS,
    FileFormatError,
    Format,
    csv_delimiter,
)
from pokerscore.files.parse import (
    FULL_DECK,
    Indices,
    ParsedRows,
    parse_id_rows,
    parse_text_rows,
    single_card_ids,
    uci_ids,
)

if TYPE_CHECKING:
    import pyarrow as pa

BLOCK_BYTES: Final = 16 << 20
"""Bytes of text or CSV read at a time (about 750,000 lines of seven cards): big enough that the
per-chunk work in Python is lost in the noise, small enough to keep memory bounded."""
BATCH_ROWS: Final = 1 << 20
"""Parquet rows read at a time: one row group of the output (pyarrow's largest by default).
Half the 2 million rows used before: the writer waits half as long for the first batch and has
half as much left to write once the last is scored (measured: 20 M rows, 0.92 s against 1.13 s,
best of six on the shared host)."""
PENDING_BATCHES: Final = 2
"""Output batches waiting for the writer thread: bounds the memory the overlap costs."""
_CARD_COLUMN_NAMES: Final = ("cards", "hand")
_SIZES: Final = range(5, 8)

SlowSource = str | list[int | str | None]
Item = TypeVar("Item")


@dataclass
class Chunk:
    """Rows of a file: their global numbers, the input's columns, their parsed cards, and how to
    get one row's text (for reports) and what the exact parser should read for it."""

    numbers: npt.NDArray[np.int64]
    columns: Callable[[Indices | None], pa.RecordBatch]
    """The input's columns of the given rows (None: every row), as they are written out."""
    parsed: ParsedRows
    text_of: Callable[[int], str]
    source_of: Callable[[int], SlowSource]
    done: int
    """Progress: bytes (text, CSV) or rows (Parquet) read so far."""
    blank_is_row: bool = False
    classes: npt.NDArray[np.int16] | None = None
    refused: list[tuple[int, str, str]] = field(default_factory=list)
    """Rows refused while reading (a CSV row with the wrong number of fields): number, text, why."""
    card_names: Sequence[str] = ("cards",)
    """The columns holding the cards: never null in a scored row."""


def _decoding_message(error: UnicodeDecodeError) -> str:
    return f"not UTF-8 text: byte 0x{error.object[error.start]:02x} at column {error.start + 1}"


def _raw_blocks(
    handle: BinaryIO, block_bytes: int, start: int, stop: int | None
) -> Iterator[bytes]:
    """The bytes of the lines that start in ``start .. stop`` (all of them when ``stop`` is
    None): a line cut by ``start`` belongs to the part before, one cut by ``stop`` to this one."""
    position, block = start, b"\n"
    if start > 0:
        handle.seek(start - 1)
        if handle.read(1) != b"\n":  # mid-line: the rest of the line is the part before's
            position += len(handle.readline())
    while stop is None or position < stop:
        wanted = block_bytes if stop is None else min(block_bytes, stop - position)
        block = handle.read(wanted)
        if not block:
            return
        position += len(block)
        yield block
    if not block.endswith(b"\n"):
        yield handle.readline()  # the last line, to its end


def _text_blocks(
    path: Path, block_bytes: int, start: int = 0, stop: int | None = None
) -> Iterator[tuple[bytes, int]]:
    """The file (or the lines starting in bytes ``start .. stop``) in pieces that end at a line
    end, with the bytes read so far."""
    carry, done = b"", 0
    with path.open("rb") as handle:
        first = start == 0
        blocks = _raw_blocks(handle, block_bytes, start, stop)
        while True:
            block = next(blocks, b"")
            done += len(block)
            if first:
                while len(block) < len(BYTE_ORDER_MARK) and (more := next(blocks, b"")):
                    block += more
                    done += len(more)
                block = block.removeprefix(BYTE_ORDER_MARK)
                first = False
            if not block:
                if carry:
                    yield carry + b"\n", done
                return
            data = carry + block
            cut = data.rfind(b"\n")
            if cut < 0:
                carry = data
                continue
            carry = data[cut + 1 :]
            yield data[: cut + 1], done


def text_chunks(
    path: Path,
    block_bytes: int = BLOCK_BYTES,
    deck_mask: int = FULL_DECK,
    byte_range: tuple[int, int | None] = (0, None),
) -> Iterator[Chunk]:
    """A text file (or the lines starting in ``byte_range``), one hand a line; a row's number
    is its line number (counted from the range's first line)."""
    from pokerscore.files._kernels import compact_cells, line_offsets

    line_count = 0
    for piece, done in prefetched(_text_blocks(path, block_bytes, *byte_range)):
        data = np.frombuffer(piece, dtype=np.uint8)
        offsets = line_offsets(data, False)
        lines = len(offsets) - 1
        numbers = np.arange(line_count + 1, line_count + 1 + lines, dtype=np.int64)
        line_count += lines
        parsed = parse_text_rows(data, offsets, deck_mask)

        def line(index: int, piece: bytes = piece, offsets: Any = offsets) -> bytes:
            return piece[int(offsets[index]) : int(offsets[index + 1])].rstrip(b"\r\n")

        def source(index: int, line: Callable[[int], bytes] = line) -> str:
            try:
                return line(index).decode("utf-8")
            except UnicodeDecodeError as error:
                raise PokerScoreError(_decoding_message(error)) from None

        def columns(
            rows: Indices | None, data: Any = data, parsed: ParsedRows = parsed
        ) -> pa.RecordBatch:
            import pyarrow as pa

            assert parsed.first is not None and parsed.last is not None
            chosen = np.arange(len(parsed.status)) if rows is None else rows
            cells, cell_offsets = compact_cells(
                data, parsed.first, parsed.last, chosen.astype(np.int64)
            )
            array = pa.StringArray.from_buffers(
                len(chosen), pa.py_buffer(cell_offsets), pa.py_buffer(cells)
            )
            return pa.RecordBatch.from_arrays([array], names=["cards"])

        def text_of(index: int, line: Callable[[int], bytes] = line) -> str:
            return line(index).decode("utf-8", "backslashreplace").strip()

        yield Chunk(numbers, columns, parsed, text_of, source, done)


def _strings(array: pa.Array) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
    """The bytes of a string array and its offsets: cell ``i`` is ``data[o[i]:o[i + 1]]``."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if array.null_count:
        array = pc.fill_null(array, "")
    if pa.types.is_large_string(array.type):
        array = array.cast(pa.string())
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
    """A column of integers (or of integer strings) as int64 with -1 where a cell is missing or
    not an integer, and as the column to write (integers, nulls where unreadable)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if pa.types.is_integer(array.type):
        column = array
    else:
        try:
            column = pc.cast(array, pa.int64())
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            column = pa.array([_integer_or_none(cell) for cell in array.to_pylist()], pa.int64())
    if column.null_count == 0:  # the common case: no copy, the column's own integer type
        return column.to_numpy(zero_copy_only=False), column
    values = pc.fill_null(pc.cast(column, pa.int64()), -1).to_numpy(zero_copy_only=False)
    return values, column


def _integer_or_none(cell: object) -> int | None:
    if isinstance(cell, str):
        cell = cell.strip()
        if cell.lstrip("-").isdigit() and len(cell) < 10:
            return int(cell)
        return None
    return cell if isinstance(cell, int) else None


def _is_id_column(array: pa.Array) -> bool:
    import pyarrow as pa

    if pa.types.is_integer(array.type):
        return True
    if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type)):
        return False
    first = next((cell for cell in array.to_pylist()[:100] if cell), None)
    return first is not None and first.strip().isdigit()


def choose_card_columns(
    names: Sequence[str], cards_column: str | None, card_columns: Sequence[str] | None
) -> list[str]:
    """The columns that hold the cards: as named, else one called ``cards`` or ``hand``, the only
    column, or columns ``card1``..``cardN`` / ``c1``..``cN`` (N = 5..7).

    >>> choose_card_columns(["id", "Cards"], None, None)
    ['Cards']
    >>> choose_card_columns(["c1", "c2", "c3", "c4", "c5", "c6", "c7", "x"], None, None)
    ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']
    """
    chosen = [cards_column] if cards_column else list(card_columns or [])
    if chosen:
        missing = [name for name in chosen if name not in names]
        if missing:
            raise PokerScoreError(
                f"no column {missing[0]!r} in the file (its columns: {', '.join(names)})"
            )
        if card_columns and len(chosen) not in _SIZES:
            raise PokerScoreError(f"--card-columns names 5 to 7 columns, not {len(chosen)}")
        return chosen
    if len(names) == 1:
        return list(names)
    lowered = {name.lower(): name for name in names}
    for name in _CARD_COLUMN_NAMES:
        if name in lowered:
            return [lowered[name]]
    for prefix in ("card", "c"):
        for size in reversed(_SIZES):
            wanted = [f"{prefix}{n}" for n in range(1, size + 1)]
            if all(name in lowered for name in wanted):
                return [lowered[name] for name in wanted]
    raise PokerScoreError(
        "which columns hold the cards? name them with --cards-column or --card-columns "
        f"(the file's columns: {', '.join(names)})"
    )


def _table_chunk(
    batch: pa.RecordBatch,
    card_names: list[str],
    id_columns: bool,
    numbers: npt.NDArray[np.int64],
    done: int,
    *,
    uci: bool = False,
    deck_mask: int = FULL_DECK,
) -> Chunk:
    """A chunk of a CSV or Parquet file: the cards from one string column, 5-7 string columns,
    5-7 id columns, or the UCI suit and rank columns."""
    import pyarrow as pa

    arrays = {name: batch.column(name) for name in card_names}
    classes = None
    if uci or id_columns:
        converted = {name: _integers(arrays[name]) for name in card_names}
        written = {name: column for name, (_, column) in converted.items()}
        if uci:
            suits = [converted[name][0] for name in card_names[0::2]]
            ranks = [converted[name][0] for name in card_names[1::2]]
            parsed = parse_id_rows(
                [uci_ids(s, r) for s, r in zip(suits, ranks, strict=True)], deck_mask
            )
            if UCI_CLASS_COLUMN in batch.schema.names:
                values, written[UCI_CLASS_COLUMN] = _integers(batch.column(UCI_CLASS_COLUMN))
                classes = values.astype(np.int16)
        else:
            parsed = parse_id_rows([converted[name][0] for name in card_names], deck_mask)
        if any(written[name] is not batch.column(name) for name in written):
            names = batch.schema.names
            batch = pa.RecordBatch.from_arrays(
                [written.get(name, batch.column(name)) for name in names], names=names
            )
    elif len(card_names) == 1:
        parsed = parse_text_rows(*_strings(arrays[card_names[0]]), deck_mask)
    else:
        parsed = parse_id_rows(
            [single_card_ids(*_strings(arrays[name])) for name in card_names], deck_mask
        )

    def columns(rows: Indices | None) -> pa.RecordBatch:
        return batch if rows is None else batch.take(pa.array(rows))

    def cells(index: int) -> list[Any]:
        return [batch.column(name)[index].as_py() for name in card_names]

    def text_of(index: int) -> str:
        values = cells(index) + ([classes[index]] if classes is not None else [])
        separator = "," if uci else " "
        return separator.join("" if value is None else str(value) for value in values)

    def source_of(index: int) -> SlowSource:
        values = cells(index)
        if len(values) == 1:
            return str(values[0] or "")
        return [_integer_or_none(v) if id_columns and isinstance(v, str) else v for v in values]

    return Chunk(
        numbers,
        columns,
        parsed,
        text_of,
        source_of,
        done,
        blank_is_row=True,
        classes=classes,
        card_names=card_names,
    )


def _csv_reader(
    path: Path,
    block_bytes: int,
    *,
    names: list[str] | None,
    types: dict[str, Any],
    handler: Any,
    source: Any = None,
) -> Any:
    import pyarrow as pa
    import pyarrow.csv as pacsv

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
        raise FileFormatError(f"{path} is not a readable CSV file: {_first_line(error)}") from None


def _text_cells(
    batch: pa.RecordBatch, numbers: npt.NDArray[np.int64], delimiter: str
) -> tuple[pa.RecordBatch, npt.NDArray[np.int64], list[tuple[int, str, str]]]:
    """The batch with its byte columns as strings, less the rows with a cell that is not UTF-8,
    which are returned as refused rows (number, text, message)."""
    import pyarrow as pa

    columns: list[pa.Array] = []
    refused: dict[int, str] = {}
    for name, column in zip(batch.schema.names, batch.columns, strict=True):
        if pa.types.is_binary(column.type):
            try:
                column = column.cast(pa.string())
            except pa.ArrowInvalid:  # some cell is not UTF-8: find which, row by row (rare)
                cells = column.to_pylist()
                for index, cell in enumerate(cells):
                    try:
                        cell is None or cell.decode("utf-8")
                    except UnicodeDecodeError as error:
                        refused.setdefault(index, f"{_decoding_message(error)} in field {name}")
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


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def csv_chunks(
    path: Path,
    *,
    uci: bool = False,
    cards_column: str | None = None,
    card_columns: Sequence[str] | None = None,
    block_bytes: int = BLOCK_BYTES,
    deck_mask: int = FULL_DECK,
) -> Iterator[Chunk]:
    """A CSV (or TSV) file with a header, or a UCI file (no header); a row's number counts the
    data rows from 1, the header not counted."""
    import pyarrow as pa

    refused: list[tuple[int, str, str]] = []
    header_lines = 0 if uci else 1

    def handler(row: Any) -> str:
        number = (row.number or 0) - header_lines
        why = f"expected {row.expected_columns} fields, got {row.actual_columns}"
        refused.append((number, row.text, why))
        return "skip"

    if uci:
        first = _csv_reader(path, block_bytes, names=None, types={}, handler=handler)
        width = len(first.schema.names)
        if width not in (10, 11):
            raise FileFormatError(
                f"{path} is not a UCI Poker Hand file: it has {width} columns, not 10 or 11"
            )
        names = [*UCI_COLUMNS, UCI_CLASS_COLUMN][:width]
        card_names = list(UCI_COLUMNS)
    else:
        first = _csv_reader(path, block_bytes, names=None, types={}, handler=handler)
        names = None
        card_names = choose_card_columns(first.schema.names, cards_column, card_columns)
    refused.clear()
    # Read through a Python file object, whose position tells the progress bar how far it is.
    handle = path.open("rb")
    reader = _csv_reader(
        path,
        block_bytes,
        names=names,
        # Bytes, not strings: a cell that is not UTF-8 is then one bad row, not a failed file.
        types={name: pa.binary() for name in (names or card_names)},
        handler=handler,
        source=handle,
    )
    next_row, id_columns, size = 1, None, max(path.stat().st_size, 1)

    def batches() -> Iterator[tuple[pa.RecordBatch, list[tuple[int, str, str]], int]]:
        # Runs ahead on the reading thread: each batch with the rows refused while reading it.
        while True:
            try:
                batch = reader.read_next_batch()
            except StopIteration:
                return
            except (pa.ArrowInvalid, UnicodeDecodeError) as error:
                raise FileFormatError(f"{path}: {_first_line(error)}") from None
            taken, refused[:] = list(refused), []
            yield batch, taken, min(size, handle.tell())

    for batch, taken, position in prefetched(batches()):
        skipped = sorted(number for number, _, _ in taken)
        candidates = np.arange(next_row, next_row + batch.num_rows + len(skipped), dtype=np.int64)
        numbers = candidates[~np.isin(candidates, skipped)][: batch.num_rows]
        if len(numbers):
            next_row = int(numbers[-1]) + 1
        batch, numbers, not_text = _text_cells(batch, numbers, csv_delimiter(path))
        taken = sorted(taken + not_text)
        if id_columns is None and batch.num_rows:
            id_columns = uci or all(_is_id_column(batch.column(n)) for n in card_names)
        chunk = _table_chunk(
            batch, card_names, bool(id_columns), numbers, position, uci=uci, deck_mask=deck_mask
        )
        chunk.refused = taken
        yield chunk
    handle.close()
    if refused:
        yield Chunk(
            np.empty(0, np.int64),
            lambda rows: pa.RecordBatch.from_arrays([], names=[]),
            ParsedRows.empty(),
            str,
            str,
            size,
            refused=list(refused),
        )


def parquet_chunks(
    path: Path,
    *,
    cards_column: str | None = None,
    card_columns: Sequence[str] | None = None,
    batch_rows: int = BATCH_ROWS,
    deck_mask: int = FULL_DECK,
    row_groups: Sequence[int] | None = None,
) -> Iterator[Chunk]:
    """A Parquet file (or some of its row groups), read in batches of rows; a row's number
    counts from 1 (at the first row group read)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        # Read without pre-buffering: pyarrow's pre-buffered reader keeps every column chunk it
        # has read until the file is closed (RSS grew by the file's size: 100 M rows, 0.9 GB),
        # and fresh buffers cost the kernel's page zeroing; read a chunk at a time, the pool's
        # buffers are reused and memory stays flat (0.2 GB), as fast. A memory map is no better:
        # its pages count as resident too.
        source = pq.ParquetFile(path, pre_buffer=False)
    except (pa.ArrowInvalid, OSError) as error:
        raise FileFormatError(
            f"{path} is not a readable Parquet file: {_first_line(error)}"
        ) from None
    card_names = choose_card_columns(source.schema_arrow.names, cards_column, card_columns)
    id_columns = all(pa.types.is_integer(source.schema_arrow.field(n).type) for n in card_names)
    next_row = 1
    for batch in prefetched(source.iter_batches(batch_size=batch_rows, row_groups=row_groups)):
        numbers = np.arange(next_row, next_row + batch.num_rows, dtype=np.int64)
        next_row += batch.num_rows
        yield _table_chunk(
            batch, card_names, id_columns, numbers, next_row - 1, deck_mask=deck_mask
        )


def parquet_rows(path: Path) -> int:
    """The number of rows of a Parquet file, from its footer."""
    import pyarrow.parquet as pq

    return int(pq.ParquetFile(path).metadata.num_rows)


def file_chunks(
    path: Path,
    file_format: Format,
    *,
    cards_column: str | None = None,
    card_columns: Sequence[str] | None = None,
    block_bytes: int = BLOCK_BYTES,
    batch_rows: int = BATCH_ROWS,
    deck_mask: int = FULL_DECK,
    part: tuple[int, int | None] | None = None,
) -> Iterator[Chunk]:
    """The chunks of a file of the given (detected) format; rows with a card outside
    ``deck_mask`` are left to the exact parser (for its message). ``part`` reads a part of the
    file: the lines starting in a byte range (text), or a range of row groups (Parquet)."""
    if file_format is Format.TEXT:
        return text_chunks(path, block_bytes, deck_mask, part or (0, None))
    if file_format is Format.PARQUET:
        return parquet_chunks(
            path,
            cards_column=cards_column,
            card_columns=card_columns,
            batch_rows=batch_rows,
            deck_mask=deck_mask,
            row_groups=None if part is None else range(part[0], part[1] or 0),
        )
    if part is not None and part != (0, None):
        raise FileFormatError(f"{path}: a CSV file is read whole, not in parts")
    return csv_chunks(
        path,
        uci=file_format is Format.UCI,
        cards_column=cards_column,
        card_columns=card_columns,
        block_bytes=block_bytes,
        deck_mask=deck_mask,
    )


class TableWriter:
    """Record batches to Parquet (``.parquet``, ``.pq``) or CSV (anything else), created with the
    first batch's schema; ``target`` names the format when ``path`` is a temporary name.

    The writing runs on a thread of its own (pyarrow releases the GIL), so the next chunk is read
    and scored while the last one is encoded and written; at most :data:`PENDING_BATCHES` wait.
    Use it as a context manager: leaving the block on an error stops the thread (the caller
    then throws the partial file away).
    """

    def __init__(self, path: Path, target: Path | None = None) -> None:
        self.path = path
        self.parquet = (target or path).suffix.lower() in (".parquet", ".pq")
        self._writer: Any = None
        self._pending: queue.Queue[pa.RecordBatch | None] = queue.Queue(PENDING_BATCHES)
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._drain, name="pokerscore-writer", daemon=True)
        self._thread.start()

    def __enter__(self) -> TableWriter:
        return self

    def __exit__(self, *error: object) -> None:
        if self._thread.is_alive():  # left early: stop the thread, drop what waits
            with contextlib.suppress(queue.Empty):
                while True:
                    self._pending.get_nowait()
            self._pending.put(None)
            self._thread.join()
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()

    def _drain(self) -> None:
        while (batch := self._pending.get()) is not None:
            if self._failure is None:
                try:
                    self._write_now(batch)
                except BaseException as failure:  # raised again by write and close
                    self._failure = failure

    def _raise_failure(self) -> None:
        if self._failure is not None:
            raise self._failure

    def write(self, batch: pa.RecordBatch) -> None:
        """Queue a batch to be written (blocks while :data:`PENDING_BATCHES` wait)."""
        self._raise_failure()
        self._pending.put(batch)

    def _write_now(self, batch: pa.RecordBatch) -> None:
        import pyarrow as pa

        if not self.parquet:  # CSV has no dictionaries: write their values
            batch = pa.RecordBatch.from_arrays(
                [
                    column.dictionary_decode() if pa.types.is_dictionary(column.type) else column
                    for column in batch.columns
                ],
                names=batch.schema.names,
            )
        if self._writer is None:
            if self.parquet:
                import pyarrow.parquet as pq

                self._writer = pq.ParquetWriter(
                    self.path, batch.schema, **parquet_options(batch.schema)
                )
            else:
                import pyarrow.csv as pacsv

                self._writer = pacsv.CSVWriter(self.path, batch.schema)
        self._writer.write_batch(batch)

    def close(self, empty: pa.Schema) -> None:
        """Write what waits and finish the file (with ``empty``'s columns when no batch came)."""
        self._pending.put(None)
        self._thread.join()
        self._raise_failure()
        if self._writer is None:
            self._write_now(_empty_batch(empty))
        self._writer.close()
        self._writer = None


def parquet_options(schema: pa.Schema) -> dict[str, Any]:
    """How each column is encoded: numbers split into byte streams (card ids become one
    meaningful byte and three zero ones, which snappy all but removes), categories and other
    labels as dictionaries, hands as plain strings (nearly all distinct), all snappy-compressed.

    Measured on seven card-id columns: byte streams 7x as fast to write as dictionaries, for
    files 1.6x the size (8.2 against 5.3 bytes a row).
    """
    import pyarrow as pa

    numbers = [
        field.name
        for field in schema
        if pa.types.is_integer(field.type) or pa.types.is_floating(field.type)
    ]
    labels = [
        field.name
        for field in schema
        if pa.types.is_dictionary(field.type)
        or (pa.types.is_string(field.type) and field.name not in ("cards", "hand"))
    ]
    return {
        "compression": "snappy",
        "use_dictionary": labels,
        "use_byte_stream_split": numbers,
        # A dictionary column's min and max took half its writing time, and say little.
        "write_statistics": [name for name in schema.names if name not in labels],
    }


def _empty_batch(schema: pa.Schema) -> pa.RecordBatch:
    import pyarrow as pa

    return pa.RecordBatch.from_arrays(
        [pa.array([], type=field.type) for field in schema], schema=schema
    )


def error_writer(handle: TextIO) -> Callable[[int, str, str], None]:
    """A function writing one bad row (number, text, message) as a CSV line."""
    writer = csv.writer(handle, lineterminator="\n")
    writer.writerow(["row", "text", "message"])
    return lambda number, text, message: writer.writerow([number, text, message])
