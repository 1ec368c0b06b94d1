"""Scoring a hand file end to end: chunks read, cards parsed, values computed, bad rows reported,
output written, and the summary the ``batch`` command prints."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from pokerscore.cards import PokerScoreError
from pokerscore.engine import Ranking
from pokerscore.hands.batch import RowError, evaluate_batch
from pokerscore.hands.score import HandScore
from pokerscore.io.formats import UCI_CLASSES, Format, detect_format, pyarrow_required
from pokerscore.io.parse import bad_rows, hand_ids, ids_of, uci_message
from pokerscore.io.stream import (
    BATCH_ROWS,
    BLOCK_BYTES,
    Chunk,
    TableWriter,
    atomic_path,
    error_writer,
    file_chunks,
)

if TYPE_CHECKING:
    import pyarrow as pa

KEPT_ERRORS: Final = 100
"""Bad rows kept for the summary (all of them go to the errors file)."""
KEPT_DISAGREEMENTS: Final = 100


class BadRowError(PokerScoreError):
    """A bad row in strict mode: the run stops there."""


@dataclass
class Summary:
    """What a run read and found."""

    rows: int = 0
    scored: int = 0
    bad: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    agree: int | None = None
    disagree: int | None = None
    errors: list[tuple[int, str]] = field(default_factory=list)
    disagreements: list[tuple[int, int, str]] = field(default_factory=list)
    """The first rows whose UCI class disagrees: row, class, the category found."""

    def as_json(self) -> dict[str, Any]:
        """The summary as the ``--json`` object."""
        payload: dict[str, Any] = {
            "rows": self.rows,
            "scored": self.scored,
            "bad": self.bad,
            "counts": self.counts,
        }
        if self.agree is not None:
            payload |= {
                "agree": self.agree,
                "disagree": self.disagree,
                "disagreements": [
                    {"row": row, "class": label, "category": category}
                    for row, label, category in self.disagreements
                ],
            }
        payload["errors"] = [{"row": row, "message": message} for row, message in self.errors]
        return payload


@cache
def _category_table(ranking: Ranking) -> npt.NDArray[np.int8]:
    """Value -> index of its category in ``ranking.categories`` (index 0 unused)."""
    places = {category: index for index, category in enumerate(ranking.categories)}
    table = np.zeros(ranking.value_count + 1, dtype=np.int8)
    for value in range(1, ranking.value_count + 1):
        table[value] = places[ranking.category_of(value)]
    return table


@dataclass
class _Scored:
    values: npt.NDArray[np.uint16]
    bad: dict[int, str]


def _score_chunk(chunk: Chunk, ranking: Ranking, uci: bool) -> _Scored:
    """The value of each good row of a chunk (0 for the others) and the bad rows' messages."""
    values = np.zeros(len(chunk.numbers), dtype=np.uint16)
    bad: dict[int, str] = {}
    slow_rows = [int(row) for row in chunk.parsed.slow]
    if chunk.blank_is_row:
        slow_rows += [int(row) for row in chunk.parsed.blank]
    for rows, cards in chunk.parsed.groups:
        try:
            values[rows] = evaluate_batch(cards, ranking=ranking)
        except RowError:
            refused = bad_rows(cards, ranking)
            good = ~refused
            values[rows[good]] = evaluate_batch(cards[good], check=False, ranking=ranking)
            for row, row_cards in zip(rows[refused], cards[refused], strict=True):
                slow_rows.append(int(row))
                if uci:
                    bad[int(row)] = uci_message(*_uci_numbers(row_cards))
    for row in sorted(slow_rows):
        if row in bad:
            continue
        try:
            if uci:
                raise PokerScoreError(uci_message(*_cells_numbers(chunk.source_of(row))))
            source = chunk.source_of(row)
            if source == "":
                raise PokerScoreError("no cards")
            ids = hand_ids(source, ranking)
        except PokerScoreError as error:
            bad[row] = str(error)
            continue
        values[row] = evaluate_batch(np.array([ids], dtype=np.uint8), ranking=ranking)[0]
    return _Scored(values, bad)


def _uci_numbers(cards: Any) -> tuple[list[int], list[int]]:
    """UCI suit and rank numbers of card ids (for a refused row's message)."""
    from pokerscore.cards import Card
    from pokerscore.io.formats import UCI_RANKS, UCI_SUITS

    suit_numbers = {letter: number for number, letter in UCI_SUITS.items()}
    rank_numbers = {char: number for number, char in UCI_RANKS.items()}
    named = [str(Card(int(card))) for card in ids_of(cards)]
    return (
        [suit_numbers[text[-1]] for text in named],
        [rank_numbers["10" if text[0] == "T" else text[0]] for text in named],
    )


def _cells_numbers(cells: Any) -> tuple[list[Any], list[Any]]:
    return list(cells[0::2]), list(cells[1::2])


def _output_batch(
    chunk: Chunk,
    good: npt.NDArray[np.bool_],
    values: npt.NDArray[np.uint16],
    ranking: Ranking,
    describe: Callable[[int], str] | None,
) -> pa.RecordBatch:
    import pyarrow as pa

    rows = np.flatnonzero(good)
    columns = chunk.columns()
    if len(rows) != columns.num_rows:
        columns = columns.take(pa.array(rows))
    if columns.schema.names == ["cards"] and pa.types.is_string(columns.schema.field(0).type):
        import pyarrow.compute as pc

        columns = pa.RecordBatch.from_arrays(
            [pc.utf8_trim_whitespace(columns.column(0))], names=["cards"]
        )
    kept = values[rows]
    category = pa.DictionaryArray.from_arrays(
        pa.array(_category_table(ranking)[kept].astype(np.int32)),
        pa.array([category.slug for category in ranking.categories]),
    )
    arrays = [*columns.columns, pa.array(kept), category]
    names = [*columns.schema.names, "value", "category"]
    if describe is not None:
        distinct, index = np.unique(kept, return_inverse=True)
        arrays.append(
            pa.DictionaryArray.from_arrays(
                pa.array(index.astype(np.int32)), pa.array([describe(int(v)) for v in distinct])
            )
        )
        names.append("description")
    return pa.RecordBatch.from_arrays(arrays, names=names)


def score_file(
    path: Path,
    *,
    ranking: Ranking,
    file_format: Format = Format.AUTO,
    out: Path | None = None,
    cards_column: str | None = None,
    card_columns: Sequence[str] | None = None,
    describe: bool = False,
    errors: Path | None = None,
    strict: bool = False,
    on_bad: Callable[[int, str], None] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    block_bytes: int = BLOCK_BYTES,
    batch_rows: int = BATCH_ROWS,
) -> Summary:
    """Score every hand of a file, streaming: the summary, with the output written to ``out``
    (Parquet or CSV by extension) and the bad rows to ``errors`` (CSV: row, text, message), both
    atomically. ``on_bad(row, message)`` hears each bad row; ``on_progress(done, rows)`` each
    chunk. With ``strict`` the first bad row raises :class:`BadRowError` and nothing is written.
    """
    pyarrow_required()
    import contextlib

    file_format = detect_format(path, file_format)
    uci = file_format is Format.UCI
    summary = Summary()
    counts = np.zeros(len(ranking.categories), dtype=np.int64)
    checked_classes = uci and ranking.categories[: len(UCI_CLASSES)] == UCI_CLASSES
    # The class check needs standard high poker's categories (other rankings: no check).
    class_table = np.array(
        [ranking.categories.index(c) if checked_classes else 0 for c in UCI_CLASSES],
        dtype=np.int8,
    )
    descriptions: dict[int, str] = {}

    def description(value: int) -> str:
        if value not in descriptions:
            descriptions[value] = HandScore(value, (), (), ranking).description
        return descriptions[value]

    with contextlib.ExitStack() as stack:
        writer = None
        if out is not None:
            writer = TableWriter(stack.enter_context(atomic_path(out)), out)
        report = None
        if errors is not None:
            handle = stack.enter_context(
                stack.enter_context(atomic_path(errors)).open("w", encoding="utf-8", newline="")
            )
            report = error_writer(handle)
        chunks = file_chunks(
            path,
            file_format,
            cards_column=cards_column,
            card_columns=card_columns,
            block_bytes=block_bytes,
            batch_rows=batch_rows,
        )
        schema = None
        for chunk in chunks:
            scored = _score_chunk(chunk, ranking, uci)
            problems = [
                (int(chunk.numbers[row]), chunk.text_of(row), m) for row, m in scored.bad.items()
            ]
            problems += chunk.refused
            if chunk.classes is not None:
                labels = chunk.classes
                for row in np.flatnonzero(((labels < 0) | (labels > 9)) & (scored.values > 0)):
                    problems.append(
                        (
                            int(chunk.numbers[row]),
                            chunk.text_of(int(row)),
                            f"class {labels[row]} is not 0..9",
                        )
                    )
                    scored.values[row] = 0
            problems.sort()
            skipped = (
                0 if chunk.blank_is_row else len(chunk.parsed.blank) + len(chunk.parsed.comments)
            )
            summary.rows += len(chunk.numbers) - skipped + len(chunk.refused)
            summary.bad += len(problems)
            for number, text, message in problems:
                if strict:
                    raise BadRowError(f"row {number}: {message}")
                if report is not None:
                    report(number, text, message)
                if len(summary.errors) < KEPT_ERRORS:
                    summary.errors.append((number, message))
                if on_bad is not None:
                    on_bad(number, message)
            good = scored.values > 0
            categories = _category_table(ranking)[scored.values[good]]
            counts += np.bincount(categories, minlength=len(counts))
            summary.scored += int(good.sum())
            if checked_classes and chunk.classes is not None:
                expected = class_table[np.clip(chunk.classes[good], 0, 9)]
                wrong = np.flatnonzero(expected != categories)
                summary.agree = (summary.agree or 0) + int(good.sum()) - len(wrong)
                summary.disagree = (summary.disagree or 0) + len(wrong)
                numbers = chunk.numbers[good]
                for index in wrong[: KEPT_DISAGREEMENTS - len(summary.disagreements)]:
                    category = ranking.categories[categories[index]].slug
                    summary.disagreements.append(
                        (int(numbers[index]), int(chunk.classes[good][index]), category)
                    )
            if writer is not None and len(chunk.numbers):
                batch = _output_batch(
                    chunk, good, scored.values, ranking, description if describe else None
                )
                schema = batch.schema
                writer.write(batch)
            if on_progress is not None:
                on_progress(chunk.done, summary.rows)
        if writer is not None:
            import pyarrow as pa

            writer.close(schema or pa.schema([("value", pa.uint16()), ("category", pa.string())]))
    summary.counts = {
        category.slug: int(count)
        for category, count in zip(ranking.categories, counts, strict=True)
    }
    return summary
