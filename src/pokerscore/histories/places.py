"""Where each hand of a large PHH or PokerStars file starts, so that one hand is read from its
own bytes rather than by reading the file from its start (the browser's replayer opening a hand
far into a big file).

:func:`hand_places` finds the hands' starts in one pass over the file's bytes
(:func:`~pokerscore.files.records.record_starts`, the rule that cuts files into parts), and
their numbers as the readers give them (PokerStars: their place in the file; PHH: the ``[n]``
of each table, :func:`~pokerscore.histories.phh.table_number`). :func:`hand_at` reads one hand
from its place with the reference reader of the runs (a part of the file one byte long).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pokerscore.files.records import LongRecord, record_starts
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.part_specs import HistoryPart
from pokerscore.histories.parts import PartRecords, block_hands, long_hand
from pokerscore.histories.phh import table_number

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

_HEAD_BYTES = 256
"""Bytes read of a ``.phhs`` table's first line for its number."""


@dataclass(frozen=True)
class HandPlaces:
    """The hands of one file: their numbers, byte offsets and first lines (from 1)."""

    path: Path
    file_format: str
    numbers: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64]
    lines: npt.NDArray[np.int64]

    def __len__(self) -> int:
        return len(self.numbers)

    def place(self, number: int) -> int | None:
        """The index of hand ``number`` (the first of that number), or None."""
        import numpy as np

        found = np.flatnonzero(self.numbers == number)
        return int(found[0]) if len(found) else None


def hand_places(path: Path, file_format: str) -> HandPlaces | None:
    """Where each hand of ``path`` starts; None for a file read whole (a ``.phh`` file holds one
    hand; a site's format other than PokerStars is read by its own reader). ``file_format`` is
    the file's format as :func:`~pokerscore.histories.reading.file_format_of` tells it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     source = Path(folder, "two.phhs")
    ...     _ = source.write_text("[7]\\nvariant = 'NT'\\n\\n[9]\\nvariant = 'NT'\\n")
    ...     places = hand_places(source, "phh")
    >>> places.numbers.tolist(), places.offsets.tolist(), places.lines.tolist()
    ([7, 9], [0, 20], [1, 4])
    """
    import numpy as np

    part = HistoryPart(0, str(path), file_format)
    marker = part.marker if file_format in ("phh", "pokerstars") else None
    if marker is None:
        return None
    starts, lines = record_starts(path, marker)
    numbers = np.zeros(len(starts), dtype=np.int64)
    hands = np.ones(len(starts), dtype=bool)
    tables = 0
    with path.open("rb") as handle:
        for index, start in enumerate(starts.tolist()):
            if file_format == "pokerstars" and index > 0:
                continue  # every record but a first one starts with the marker
            handle.seek(start)
            head = handle.read(_HEAD_BYTES)
            if not head.startswith(marker):  # text before the file's first hand
                hands[index] = False
            elif file_format == "phh":
                tables += 1
                line = head.split(b"\n", 1)[0].decode("utf-8", "replace")
                numbers[index] = table_number(line, tables)
    if file_format == "pokerstars":
        numbers = np.cumsum(hands, dtype=np.int64)
    return HandPlaces(path, file_format, numbers[hands], starts[hands], lines[hands] + 1)


def hand_at(places: HandPlaces, number: int) -> HandHistory | HandHistoryError | None:
    """Hand ``number`` of the file read from its own bytes (as the runs' reference reader reads
    it: equal to what :func:`~pokerscore.histories.reading.read_histories` gives), its error if
    it cannot be read, or None if the file has no such hand."""
    index = places.place(number)
    if index is None:
        return None
    start = int(places.offsets[index])
    part = HistoryPart(
        0,
        str(places.path),
        places.file_format,
        start=start,
        stop=start + 1,
        first_hand=number,
        first_line=int(places.lines[index]),
    )
    records = PartRecords(part)
    for item in records:
        if isinstance(item, LongRecord):
            return long_hand(part, item, number)
        for hand in block_hands(part, item.data, part.first_line + item.line, records):
            found = hand.number if isinstance(hand, HandHistory) else hand.hand
            if found == number:
                return hand
    return None
