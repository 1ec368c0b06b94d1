"""A run's parts as the process that plans them sees them: what a part is (:class:`HistoryPart`),
what a worker is asked to do with it (:class:`PartTask`), what it found (:class:`PartDone`), and the count of a part's lines and hands. Apart from the
readers and kernels (:mod:`~pokerscore.histories.parts`), so that the main process of a run on
Dask imports neither Numba nor the kernels' modules (0.6 s of its CPU, measured).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pokerscore.files.records import Marker, count_records
from pokerscore.histories._stars_lines import LAYOUT_HEADERS
from pokerscore.histories.summary import HistoriesSummary


@dataclass(frozen=True)
class HistoryPart:
    """A file, or the hands of a file that start in a byte range, with the numbers of its first
    line and (PokerStars) first hand in the file where they are known (else 1: the part's own
    numbers, which the run moves to their place)."""

    index: int
    path: str
    file_format: str
    """``phh``, ``pokerstars``, or ``auto`` for a file that is neither (reported bad)."""
    start: int = 0
    stop: int | None = None
    first_hand: int = 1
    """PokerStars hands are numbered in their file; PHH hands by their ``[n]`` tables."""
    first_line: int = 1

    @property
    def single(self) -> bool:
        """A ``.phh`` file: one hand."""
        return self.file_format == "phh" and Path(self.path).suffix.lower() == ".phh"

    @property
    def marker(self) -> Marker | None:
        """What the line that starts a hand starts with (None: the file is one hand): PHH's
        ``[``, or the first words of a hand in PokerStars' layout (its own, the skins',
        GGPoker's: :data:`~._stars_lines.LAYOUT_HEADERS`)."""
        if self.single:
            return None
        words = LAYOUT_HEADERS.get(self.file_format)
        if words is None:
            return b"["
        return tuple(word.encode() for word in words)

    @property
    def size(self) -> int:
        """The part's bytes, for progress."""
        if self.stop is not None:
            return self.stop - self.start
        try:
            return max(Path(self.path).stat().st_size - self.start, 1)
        except OSError:
            return 1


@dataclass(frozen=True)
class PartTask:
    """A part as a task: the part, where its rows go and how, and what the run values."""

    part: HistoryPart
    target: str | None
    """A Parquet file (a part of a dataset) or an Arrow file to stage; None: no rows written."""
    form: Literal["parquet", "arrow"]
    allin_ev: bool
    follow: str | None


@dataclass
class PartDone:
    """What a part found, its lines and the hands it counted (to number the next part's)."""

    summary: HistoriesSummary
    lines: int
    hands: int


def count_part(part: HistoryPart) -> tuple[int, int]:
    """The lines and hands of a part (a worker counts them, to number the next part's)."""
    return count_records(Path(part.path), part.marker, part.start, part.stop)
