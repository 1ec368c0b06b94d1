"""A hand file read in chunks, whatever its format: text files a block of lines at a time
(:class:`~pokerscore.files.chunks.TextChunk`), CSV and Parquet files through
:mod:`pokerscore.files.columns`; rows numbered globally from 1."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from pokerscore._support.threads import prefetched
from pokerscore.files.chunks import BLOCK_BYTES, Chunk, TextChunk
from pokerscore.files.columns import BATCH_ROWS, csv_chunks, parquet_chunks
from pokerscore.files.formats import FileFormatError, Format
from pokerscore.files.parse import STANDARD_DECK_MASK
from pokerscore.files.text import TextLines, line_blocks

Span = tuple[int, int | None]
"""A part of a file: the lines starting in a byte range (text), a range of row groups (Parquet)."""


def text_chunks(
    path: Path,
    block_bytes: int = BLOCK_BYTES,
    deck_mask: int = STANDARD_DECK_MASK,
    byte_range: Span = (0, None),
    max_line: int | None = None,
) -> Iterator[Chunk]:
    """A text file (or the lines starting in ``byte_range``), one hand a line; a row's number
    is its line number (counted from the range's first line). A line longer than ``max_line``
    (default :data:`~pokerscore.files.text.MAX_LINE_BYTES`) is a bad row."""
    line_count = 0
    with path.open("rb") as handle:
        blocks = line_blocks(
            handle,
            block_bytes=block_bytes,
            max_line=max_line,
            start=byte_range[0],
            stop=byte_range[1],
        )
        for block in prefetched(blocks):
            lines = TextLines(block, lone_returns=False, max_line=max_line)
            numbers = np.arange(line_count + 1, line_count + 1 + len(lines), dtype=np.int64)
            line_count += len(lines)
            yield TextChunk(numbers, lines, lines.parse(deck_mask), block.done)


def file_chunks(
    path: Path,
    file_format: Format,
    *,
    columns: Sequence[str] = (),
    block_bytes: int = BLOCK_BYTES,
    batch_rows: int = BATCH_ROWS,
    deck_mask: int = STANDARD_DECK_MASK,
    part: Span | None = None,
) -> Iterator[Chunk]:
    """The chunks of a file of the given (detected) format; rows with a card outside
    ``deck_mask`` are left to the exact parser (for its message). ``part`` reads a part of the
    file (:data:`Span`); ``columns`` names the card columns of a table (see
    :func:`~pokerscore.files.columns.choose_card_columns`)."""
    if file_format is Format.TEXT:
        return text_chunks(path, block_bytes, deck_mask, part or (0, None))
    if file_format is Format.PARQUET:
        return parquet_chunks(
            path,
            columns=columns,
            batch_rows=batch_rows,
            deck_mask=deck_mask,
            row_groups=None if part is None else range(part[0], part[1] or 0),
        )
    if part is not None and part != (0, None):
        raise FileFormatError(f"{path}: a CSV file is read whole, not in parts")
    return csv_chunks(
        path,
        uci=file_format is Format.UCI,
        columns=columns,
        block_bytes=block_bytes,
        deck_mask=deck_mask,
    )
