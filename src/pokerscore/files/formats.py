"""The file formats ``pokerscore batch`` reads, how each is recognised, and the UCI encoding."""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Final

from pokerscore._support.errors import ParameterError
from pokerscore._support.extras import require_extra
from pokerscore.cards import PokerScoreError, parse_cards
from pokerscore.engine import STANDARD_CATEGORIES


class FileFormatError(PokerScoreError):
    """A file that is not what its format says (or what its name suggests)."""


class DeclaredFormatError(FileFormatError, ParameterError):
    """A file that is not of the format the ``file_format`` parameter declares."""


class Format(StrEnum):
    """A hand file's format (``auto`` asks :func:`detect_format` to tell)."""

    AUTO = "auto"
    TEXT = "text"
    CSV = "csv"
    PARQUET = "parquet"
    UCI = "uci"


PARQUET_MAGIC: Final = b"PAR1"
BYTE_ORDER_MARK: Final = b"\xef\xbb\xbf"

UCI_CLASSES: Final = STANDARD_CATEGORIES
"""The UCI Poker Hand data set's classes 0..9, as its description numbers them: standard high
poker's categories, weakest first."""

UCI_SUITS: Final = {1: "h", 2: "s", 3: "d", 4: "c"}
"""UCI suit numbers -> suit letters (1 hearts, 2 spades, 3 diamonds, 4 clubs)."""

UCI_RANKS: Final = {1: "A", **{n: str(n) for n in range(2, 11)}, 11: "J", 12: "Q", 13: "K"}
"""UCI rank numbers -> rank characters (1 ace, 2..10, 11 jack, 12 queen, 13 king)."""

UCI_COLUMNS: Final = tuple(f"{kind}{n}" for n in range(1, 6) for kind in "SC")
"""The UCI data set's column names: S1, C1, ..., S5, C5 (suit and rank of each card)."""

UCI_CLASS_COLUMN: Final = "CLASS"

_EXTENSIONS: Final = {
    ".txt": Format.TEXT,
    ".csv": Format.CSV,
    ".tsv": Format.CSV,
    ".tab": Format.CSV,
    ".parquet": Format.PARQUET,
    ".pq": Format.PARQUET,
}
_UCI_LINE: Final = re.compile(rb"^\s*\d+(\s*,\s*\d+){9,10}\s*$")


def pyarrow_required() -> None:
    """Raise :class:`~pokerscore._support.extras.MissingExtraError` unless pyarrow is installed."""
    require_extra("files", "reading hand files")


def _first_line(path: Path) -> bytes:
    with path.open("rb") as handle:
        head = handle.read(1 << 16)
    return head.removeprefix(BYTE_ORDER_MARK).split(b"\n", 1)[0].rstrip(b"\r")


def csv_delimiter(path: Path) -> str:
    """The delimiter of a CSV or TSV file: a tab when the header has one, else a comma.

    >>> csv_delimiter(Path("hands.tsv"))
    '\\t'
    """
    if path.suffix.lower() in (".tsv", ".tab"):
        return "\t"
    try:
        return "\t" if b"\t" in _first_line(path) else ","
    except OSError:
        return ","


def _is_text(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _looks_like_cards(line: bytes) -> bool:
    try:
        return 5 <= len(parse_cards(line.decode("utf-8"))) <= 7
    except (UnicodeDecodeError, PokerScoreError):
        return False


def detect_format(path: Path, declared: Format = Format.AUTO) -> Format:
    """The file's format: as declared (checked where the bytes can tell), else by extension and
    content. A file that is not what is declared raises :class:`FileFormatError`."""
    with path.open("rb") as handle:
        magic = handle.read(4)
    is_parquet = magic == PARQUET_MAGIC
    if declared is Format.PARQUET and not is_parquet:
        raise FileFormatError(f"{path} is not a Parquet file (it does not start with PAR1)")
    if declared is not Format.AUTO:
        if is_parquet and declared is not Format.PARQUET:
            raise DeclaredFormatError(
                f"{path} is a Parquet file, not {declared.value}: leave {{name}} out, or make "
                "it parquet",
                "file_format",
            )
        return declared
    if is_parquet:
        return Format.PARQUET
    by_name = _EXTENSIONS.get(path.suffix.lower())
    if by_name is not None:
        return by_name
    line = _first_line(path)
    if _UCI_LINE.match(line):
        return Format.UCI
    # A first line that is not UTF-8 makes no CSV header: read as text, each bad line reported.
    if not _is_text(line) or _looks_like_cards(line):
        return Format.TEXT
    if not any(mark in line for mark in (b",", b"\t", b";")):
        return Format.TEXT
    return Format.CSV
