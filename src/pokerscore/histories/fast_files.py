"""Which site files the compiled readers take, and how (a run's parts, :mod:`~.parts`, and
``read_histories``' files, :mod:`~.reading`, ask the same): PHH and PokerStars' own always, a
site's file in PokerStars' layout where its records are cut at its hands' bytes as its reader
cuts them (:func:`fast_format`), a UTF-16 file as the UTF-8 the kernels read
(:func:`wide_text`), no site file past :data:`WHOLE_FILE_BYTES` whole."""

from __future__ import annotations

import codecs
import re
from functools import lru_cache
from pathlib import Path
from typing import Final

from pokerscore.histories._stars_lines import LAYOUT_HEADERS, PT19_BANNER
from pokerscore.histories.part_specs import HistoryPart
from pokerscore.histories.sites.fulltilt import NAME as FULLTILT
from pokerscore.histories.sites.layouts import SITE_LAYOUTS
from pokerscore.histories.sites.pacific import NAME as PACIFIC
from pokerscore.histories.sites.party import NAME as PARTY
from pokerscore.histories.sites.party import banner_starts, preamble
from pokerscore.histories.sites.text import MAX_HAND_BYTES
from pokerscore.histories.sites.winning import NAME as WINNING

WHOLE_FILE_BYTES: Final = 1 << 28
"""The largest site file a compiled reader takes whole: an iPoker file (its sessions'
``<general>`` parts say what each hand is played for), a UTF-16 file (decoded whole,
:func:`wide_text`), a PartyPoker file of the 2019 layout (its banners checked over the whole
file, :func:`fast_format`); a larger one is the site's reader's, streamed."""


WIDE_FORMATS: Final = (WINNING, FULLTILT)
"""The formats whose UTF-16 files the kernels read (:func:`wide_text`); another's go whole to
its reader."""
_WIDE_STARTS: Final = {
    name: re.compile(
        b"^(?:" + b"|".join(re.escape(word.encode()) for word in LAYOUT_HEADERS[name]) + b")",
        re.MULTILINE,
    )
    for name in WIDE_FORMATS
}
"""Where the hands of each of :data:`WIDE_FORMATS` start (:data:`~._stars_lines.LAYOUT_HEADERS`)."""


def wide_text(path: str, file_format: str) -> bytes | None:
    """A file in UTF-16 (its byte-order mark first) as the UTF-8 text the kernels read, or None
    (not UTF-16, unreadable, past :data:`WHOLE_FILE_BYTES`, or a hand that might be longer than
    its reader reads): decoded as
    the site's reader decodes it (``sites.text``'s ``_wide_lines``: code units it cannot decode
    replaced), each line end (``\r\n``, ``\r`` or ``\n``, each one line there) one
    ``\n``, so that every line's text and number are that reader's, and a hand the kernels
    leave is read from this text as that reader reads it. A run's part of such a file is the
    whole file (a site's file is one part), so no place in it is cut. Kept for the last file
    (a part asks twice: whether it is read so, then its records). ``file_format``: one of
    :data:`WIDE_FORMATS`, whose hands' first words tell how long each hand is."""
    try:
        stat = Path(path).stat()
    except OSError:
        return None
    if stat.st_size > WHOLE_FILE_BYTES:  # decoded whole: a larger file is streamed by its reader
        return None
    return _wide_text(path, file_format, stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=1)
def _wide_text(path: str, file_format: str, size: int, changed: int) -> bytes | None:
    """:func:`wide_text` of a file of this size, changed at this time."""
    encodings = {codecs.BOM_UTF16_LE: "utf-16-le", codecs.BOM_UTF16_BE: "utf-16-be"}
    try:
        with Path(path).open("rb") as handle:
            encoding = encodings.get(handle.read(2))
            if encoding is None:
                return None
            raw = handle.read()
    except OSError:
        return None
    text = raw.decode(encoding, errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    if text.startswith("\ufeff"):  # a second mark: a character of the reader's first line,
        return None  # where the kernels' index would skip a UTF-8 file's mark
    data = text.encode("utf-8")
    starts = [found.start() for found in _WIDE_STARTS[file_format].finditer(data)]
    # a hand's bytes in the file: at most 4 a byte here (a line end of 4 made one), so a hand
    # of at most a quarter of the reader's longest is read whole by it too
    # (no hand at a line start, a mark before the first header, say: the kernels' index finds
    # text before the first hand and leaves the file to the reader)
    ends = [*starts[1:], len(data)] if starts else []
    longest = max((b - a for a, b in zip(starts, ends, strict=True)), default=0)
    return data if longest <= MAX_HAND_BYTES // 4 else None


def fast_format(part: HistoryPart) -> bool:
    """Whether the kernels read the part: PHH, PokerStars, and a site's file in PokerStars'
    layout unless it is UTF-16 (its records are not cut at its hands' bytes), but those of
    :data:`WIDE_FORMATS` (Winning's, Full Tilt's: read as the UTF-8 of :func:`wide_text`); a
    Full Tilt file whose every hand starts where its reader starts one (:func:`_cut_as_fulltilt`,
    up to :data:`WHOLE_FILE_BYTES`); a PartyPoker or
    888poker file only where its first hand starts at ``#Game No`` (:func:`~.sites.party.preamble`:
    the records are cut there; a file whose hands start at their banners would be one record,
    too long past 1 MiB, where the site's reader reads its hands), or a PartyPoker file of the
    2019 layout, led by its banner, whose every banner starts a hand as its reader starts one
    (:func:`~.sites.party.banner_starts` over the whole file, up to :data:`WHOLE_FILE_BYTES`: its
    records are cut at ``LAYOUT_HEADERS``' banner); not a file led by ``#Game No`` with a 2019
    banner in its first 64 KiB."""
    if part.file_format in ("phh", "pokerstars"):
        return True
    if part.file_format not in SITE_LAYOUTS:
        return False
    try:
        with Path(part.path).open("rb") as handle:
            start = handle.read(_HEAD if part.file_format in (PARTY, PACIFIC) else 2)
    except OSError:
        return False
    if part.file_format == PARTY and start.startswith(PT19_BANNER.encode()):
        try:  # PartyPoker's 2019 layout: its records cut at its banners, where its reader cuts
            # them, which the whole file is read to tell: up to WHOLE_FILE_BYTES (a larger one
            # is streamed by its reader, so that no run holds a file whole past it)
            path = Path(part.path)
            if path.stat().st_size > WHOLE_FILE_BYTES:
                return False
            return banner_starts(path.read_bytes()) is not None
        except OSError:
            return False
    if part.file_format in (PARTY, PACIFIC) and preamble(start) < 0:
        return False  # (888poker writes no separators: its first line, blank lines apart)
    if part.file_format == PARTY and b"\n" + PT19_BANNER.encode() in start:
        return False  # a 2019 banner in a file led by ``#Game No``: the reader's line of a hand
    if start[:2] not in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return part.file_format != FULLTILT or _cut_as_fulltilt(_utf8_text(part.path))
    if part.file_format not in WIDE_FORMATS:
        return False
    wide = wide_text(part.path, part.file_format)
    return wide is not None and (part.file_format != FULLTILT or _cut_as_fulltilt(wide))


_FULLTILT_HEADER: Final = b"Full Tilt Poker Game #"
_FULLTILT_LATER: Final = re.compile(b"\n" + _FULLTILT_HEADER + rb"[0-9]{1,20}: ")
_FULLTILT_FIRST: Final = re.compile(_FULLTILT_HEADER + rb"[0-9]{1,20}: ")
_FULL_TILT: Final = (b"Full Tilt", b"FullTilt")
"""What every line the index or the reader may start a Full Tilt hand at starts with (the
reader's ``Full ?Tilt ?Poker Game #``, the index's ``Full Tilt ``)."""


def _utf8_text(path: str) -> bytes | None:
    """A file's bytes, None past :data:`WHOLE_FILE_BYTES` (streamed by its reader) or
    unreadable."""
    try:
        if Path(path).stat().st_size > WHOLE_FILE_BYTES:
            return None
        return Path(path).read_bytes()
    except OSError:
        return None


def _cut_as_fulltilt(data: bytes | None) -> bool:
    """Whether the kernels' index cuts a Full Tilt file's text (:func:`_utf8_text`, or a UTF-16
    file's :func:`wide_text`; None: not read so) at the lines its reader starts each hand at:
    every line starting with one of :data:`_FULL_TILT` is a hand's header as the index and the
    reader both read it (not the older client's ``FullTiltPoker Game #``, nor ``Full Tilt ``
    without a hand's number), and no byte-order mark stands before a later line (a player named
    ``Fuller`` no matter). Counted, not searched line by line: a regular
    expression anchored at each line took a third of ``read_histories``' time."""
    if data is None:
        return False
    head = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    starts = sum(data.count(b"\n" + words) + data.startswith(words, head) for words in _FULL_TILT)
    headers = sum(1 for _ in _FULLTILT_LATER.finditer(data))
    headers += _FULLTILT_FIRST.match(data, head) is not None
    return starts == headers and b"\n" + codecs.BOM_UTF8 not in data


_HEAD: Final = 1 << 16
"""The bytes of a PartyPoker or 888poker file :func:`fast_format` reads for its first
``#Game No``."""
