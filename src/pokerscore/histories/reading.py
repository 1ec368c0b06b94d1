"""Hand-history files read hand by hand: which files a list of paths names, each file's format,
and every hand read (:func:`read_histories`) or replayed (:func:`history_results`), streamed.

Formats: ``.phh`` and ``.phhs`` are PHH; any other file is told from its first bytes:
PokerStars text when it starts ``PokerStars``, a site's format when that site's reader
recognises it (:mod:`pokerscore.histories.sites`), else PHH when it starts as PHH does. A folder
is searched recursively (hidden files and folders skipped, links to folders not followed), in
name order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal

from pokerscore._support.errors import ParameterError, expect, shorten
from pokerscore.files.finding import find_files
from pokerscore.files.records import LongRecord, record_blocks
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.phh import read_phh, table_number, text_hands
from pokerscore.histories.pokerstars import read_pokerstars
from pokerscore.histories.sites import site_format, site_formats, sniff_site
from pokerscore.histories.sites.ipoker import NAME as IPOKER
from pokerscore.histories.sites.text import MAX_HAND_BYTES, file_head, long_hand_error

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pokerscore.histories.batches import Batch

FileFormat = Literal[
    "auto",
    "phh",
    "pokerstars",
    "starsskin",
    "fulltilt",
    "ggpoker",
    "winamax",
    "pacific",
    "partypoker",
    "ipoker",
    "winning",
    "bovada",
    "everleaf",
    "pkr",
    "merge",
    "ongame",
    "cake",
    "betonline",
    "kingsclub",
    "entraction",
    "sealswithclubs",
    "absolute",
    "enet",
    "everest",
    "microgaming",
    "pokertracker",
    "boss",
    "betfair",
    "unibet",
]
"""``auto`` (told from each file), or a format's name: ``phh``, ``pokerstars``, or a site's
(:data:`pokerscore.histories.sites.SITE_MODULES`; each adds its name here)."""
HISTORY_SUFFIXES: Final = (".phh", ".phhs", ".txt", ".xml")


class StrictError(HandHistoryError):
    """The first bad hand of a strict run."""


def history_files(paths: Sequence[str | os.PathLike[str]]) -> list[Path]:
    """The files ``paths`` name: files, folders (searched recursively for ``.phh``, ``.phhs``,
    ``.txt`` and ``.xml`` files) and globs, each in name order, duplicates dropped."""
    return find_files(paths, suffixes=HISTORY_SUFFIXES, parameter="paths")


def file_format_of(path: Path, declared: FileFormat = "auto") -> str:
    """The format of a file: as declared, else by its suffix, else by its first bytes."""
    if declared != "auto":
        return declared
    if path.suffix.lower() in (".phh", ".phhs"):
        return "phh"
    head = file_head(path)
    if head.startswith("PokerStars"):
        return "pokerstars"
    site = sniff_site(head)
    if site is not None:
        return site.name
    if head.startswith(("[", "variant", "#")):
        return "phh"
    raise HandHistoryError(
        "not a hand history: neither PHH (.phh, .phhs), PokerStars text nor a site's format"
        " pokerscore reads",
        file=str(path),
    )


def read_file(
    path: Path, file_format: FileFormat = "auto"
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of one file, streamed; a bad hand comes as its error."""

    try:
        kind = file_format_of(path, file_format)
    except HandHistoryError as error:
        yield error
        return
    except OSError as error:
        yield HandHistoryError(f"cannot read: {error.strerror or error}", file=str(path))
        return
    site = site_format(kind)
    if kind == "phh":
        yield from read_phh(path, multiple=path.suffix.lower() != ".phh")
    elif site is not None:
        yield from site.read(path)
    else:
        yield from read_pokerstars(path)


def read_histories(
    *paths: str | Path, file_format: FileFormat = "auto"
) -> Iterator[HandHistory | HandHistoryError]:
    """Every hand of the files, folders and globs ``paths``, in order, streamed: a
    :class:`~pokerscore.histories.model.HandHistory`, or the
    :class:`~pokerscore.histories.model.HandHistoryError` of a hand that cannot be read
    (it names the file, the hand and the line).

    A PHH file of many hands (``.phhs``) is read in blocks by the compiled reader, as
    :func:`~pokerscore.histories.running.analyse_histories` reads it; each hand it reads is
    made from its arrays, a block of some 1,024 hands at a time, each field when first read
    (the hand's ``fields``, its TOML table, by :mod:`tomllib` when asked for). A PokerStars
    file, a PokerStars skin's or GGPoker's, is read so by PokerStars' compiled reader, a
    Winamax, Bovada, 888poker, PartyPoker, Winning (UTF-16 too) or iPoker file by the site's
    (the site's record, its time, table, rake and pots, by the format's own reader when first
    asked for). Every other hand, and every other file, is read by its format's own reader:
    the same hands and errors either way.

    >>> from pathlib import Path
    >>> folder = Path(__file__).parents[3] / "tests" / "data" / "histories"
    >>> first = next(read_histories(folder / "actions.phhs"))
    >>> first.names, first.actions[3].text, first.fields["hand"]
    (('Sam', 'Bea', 'Cy'), 'p3 cbr 6', 'A-1')
    """
    _check_options(file_format)
    files = history_files(paths)  # checked now, not at the first next()
    # the hands a list at a time (a block of the fast reader's, or one hand), flattened by
    # ``chain`` in C: no Python frame a hand
    lists = chain.from_iterable(_file_lists(path, file_format) for path in files)
    return chain.from_iterable(lists)


REFERENCE_ONLY: Final = "POKERSCORE_HISTORIES_REFERENCE"
"""Set to 1, every hand goes the reference path: the lenient reader (``read_histories``, the
runs' parts, ``history_results``; tests compare the two)."""


def _file_lists(
    path: Path, file_format: FileFormat
) -> Iterator[Sequence[HandHistory | HandHistoryError]]:
    """The hands of one file in lists: a PHH file of many hands by the fast reader's blocks
    (:func:`_phh_lists`), any other by its format's lenient reader, a list a hand."""
    try:
        kind = file_format_of(path, file_format)
    except (HandHistoryError, OSError):
        kind = ""  # read_file words it
    if os.environ.get(REFERENCE_ONLY) != "1":
        if kind == "phh" and path.suffix.lower() != ".phh":
            return _phh_lists(path)
        if kind in LOGGED_FORMATS:
            return _ipoker_lists(path) if kind == IPOKER else _stars_lists(path, kind)
    return ([hand] for hand in read_file(path, file_format))


def _phh_lists(path: Path) -> Iterator[Sequence[HandHistory | HandHistoryError]]:
    """The hands of a PHH file of many hands, in lists: blocks of whole ``[n]`` tables
    (:func:`~pokerscore.files.records.record_blocks`, as a run cuts them) read by the fast
    reader into its log, not replayed (:func:`~.logged_hands.read_phh_text`), each hand it
    reads whole made by column
    (:class:`~.logged_hands.HandBlock`, up to ``logged_hands.CHUNK`` hands a list); every
    other hand read by the lenient reader, in its place, as :func:`~.phh.read_phh` reads it in
    the file (:func:`~.phh.text_hands`). A block whose tables the fast reader does not find
    every one of (text before the first, a ``[`` line no header) is the lenient reader's."""
    from pokerscore.histories.logged_hands import read_phh_text  # NumPy and the kernels: here

    name = str(path)
    next_hand = 1  # the place in the file of the block's first table
    with path.open("rb") as handle:
        for item in record_blocks(handle, b"[", max_record=MAX_HAND_BYTES):
            if isinstance(item, LongRecord):
                head = item.head.split(b"\n", 1)[0].decode("utf-8", "replace")
                table = head.startswith("[")  # else text before the first table
                number = table_number(head, next_hand) if table else None
                yield [long_hand_error(name, number, 1 + item.line)]
                next_hand += table
                continue
            data, line = item.data, 1 + item.line
            tables = data.count(b"\n[") + data.startswith(b"[")
            batch = read_phh_text(data, first_line=line, first_hand=next_hand, tables=tables)
            if batch is None or batch.hands != tables:
                yield list(text_hands(data, name, first_line=line, first_place=next_hand))
            else:
                yield from _batch_lists(batch, data, name, next_hand)
            next_hand += tables


STARS_LOGGED: Final = (
    "pokerstars",
    "starsskin",
    "ggpoker",
    "winamax",
    "bovada",
    "pacific",
    "partypoker",
    "winning",
    "fulltilt",
)
"""The formats in PokerStars' layout whose hands :func:`read_histories` takes from its kernel's
log (:func:`_stars_lists`; a site's from its own share's, ``batches.SITE_SHARES``)."""


def _stars_lists(path: Path, kind: str) -> Iterator[Sequence[HandHistory | HandHistoryError]]:
    """The hands of a file in PokerStars' layout, in lists: blocks of whole hands (as a run
    cuts them: :func:`~pokerscore.files.records.record_blocks` at its hands' first words) read
    by its kernel into the log, not replayed (:func:`~.logged_hands.read_stars_text`), each
    hand it reads whole made by column (:class:`~.logged_hands.StarsBlock`, up to
    ``logged_hands.CHUNK`` hands a list); every other hand read by the lenient reader from its
    own bytes in its place, as :func:`read_file` reads it
    (:func:`~.sites.layouts.reference_stars_hand`). A UTF-16 file of
    ``fast_files.WIDE_FORMATS`` (Winning's) is read so from its UTF-8
    (``fast_files.wide_text``: each line's text and number the site reader's), as a run reads
    it. A file with text before its first hand, or one a run leaves to the site's reader
    (``fast_files.fast_format``: another's UTF-16, whose records are not cut at its hands'
    bytes; a PartyPoker or 888poker file whose records are not cut where its reader cuts its
    hands) is the lenient reader's, whole."""
    import io

    from pokerscore.histories.fast_files import WIDE_FORMATS, fast_format, wide_text
    from pokerscore.histories.logged_hands import read_stars_text  # the kernels
    from pokerscore.histories.part_specs import HistoryPart
    from pokerscore.histories.sites.layouts import reference_stars_hand

    name = str(path)
    part = HistoryPart(0, name, kind)
    if not fast_format(part):
        yield from ([hand] for hand in read_file(path, kind))  # type: ignore[arg-type]
        return
    wide = wide_text(name, kind) if kind in WIDE_FORMATS else None  # (fast_format's: read once)
    next_hand = 1
    with io.BytesIO(wide) if wide is not None else path.open("rb") as handle:
        marker = part.marker
        for item in record_blocks(handle, marker, max_record=MAX_HAND_BYTES):
            if isinstance(item, LongRecord):
                yield [long_hand_error(name, next_hand, 1 + item.line)]
                next_hand += 1
                continue
            data, line = item.data, 1 + item.line
            if not data or data.isspace():  # (``not data.strip()``, without its copy)
                continue
            batch = read_stars_text(data, line, next_hand, kind)
            if batch is None:  # text before the file's first hand: the whole file the reader's
                yield from ([hand] for hand in read_file(path, kind))  # type: ignore[arg-type]
                return
            yield from _batch_lists(batch, data, name, next_hand, kind, reference_stars_hand)
            next_hand += batch.hands


LOGGED_FORMATS: Final = (*STARS_LOGGED, IPOKER)
"""Every format but PHH whose hands :func:`read_histories` takes from a compiled reader's log:
those in PokerStars' layout (:func:`_stars_lists`) and iPoker's XML (:func:`_ipoker_lists`)."""


def _ipoker_lists(path: Path) -> Iterator[Sequence[HandHistory | HandHistoryError]]:
    """The hands of an iPoker file, in lists: the file read whole where the compiled reader
    takes it (``batches.ipoker_file``), ``batches.IPOKER_BATCH`` hands at a time read by its
    share into the log, not replayed (:func:`~.logged_hands.read_ipoker_text`), each hand it
    reads whole made by column (:class:`~.logged_hands.StarsBlock`); every other hand read by
    iPoker's reader from its own bytes, in its place, with its session's ``<general>``
    (``Batch.ipoker_hand``), as the runs read it. A file the compiled reader does not take is
    iPoker's reader's, whole."""
    from pokerscore.histories.batches import IPOKER_BATCH, ipoker_file
    from pokerscore.histories.logged_hands import read_ipoker_text  # the kernels

    found = ipoker_file(str(path))
    if found is None:
        yield from ([hand] for hand in read_file(path, IPOKER))
        return
    data, index = found
    name = str(path)
    for first in range(0, index.hands, IPOKER_BATCH):
        batch = read_ipoker_text(data, index, first, min(first + IPOKER_BATCH, index.hands))

        def left(
            text: bytes, file: str, number: int, line: int, layout: str, batch: Batch = batch
        ) -> HandHistory | HandHistoryError:
            return batch.ipoker_hand(text, file, number, line)

        yield from _batch_lists(batch, data, name, first + 1, IPOKER, left)


def _batch_lists(
    batch: Batch,
    data: bytes,
    file: str,
    first_place: int,
    layout: str = "phh",
    stars_hand: Callable[[bytes, str, int, int, str], HandHistory | HandHistoryError] | None = None,
) -> Iterator[Sequence[HandHistory | HandHistoryError]]:
    """The hands of a batch in order, in lists: those its log gives made by column
    (:func:`~.logged_hands.fast_places`) ``logged_hands.CHUNK`` at a time, cut where
    another stands; the others read by the lenient reader in their places, a list each (the
    batch's first table is the file's ``first_place``-th)."""
    import numpy as np

    from pokerscore.histories._layout import F_HEADER, F_START, F_STOP
    from pokerscore.histories.batches import in_batch_order
    from pokerscore.histories.logged_hands import CHUNK, HandBlock, StarsBlock, fast_places

    fast = fast_places(batch, data)
    facts = batch.facts[: batch.hands]
    played = np.flatnonzero(fast)
    slow = np.flatnonzero(~fast)

    def left(place: int) -> list[HandHistory | HandHistoryError]:
        header, start, stop = facts[place, [F_HEADER, F_START, F_STOP]].tolist()
        if stars_hand is not None:  # a hand's own bytes (F_HEADER: its first line)
            return [stars_hand(data[start:stop], file, first_place + place, header, layout)]
        head = data.rfind(b"\n", 0, start - 1) + 1  # the table from its header's line
        return list(
            text_hands(data[head:stop], file, first_line=header, first_place=first_place + place)
        )

    def block(places: npt.NDArray[np.int64]) -> list[HandHistory]:
        if stars_hand is not None:
            return StarsBlock(batch, places, data, file, layout).hands_made()
        return HandBlock(batch, places, data, file).hands_made()

    yield from in_batch_order(played, slow, CHUNK, block, left)


def format_names() -> tuple[str, ...]:
    """Every name ``file_format`` takes."""
    return ("auto", "phh", "pokerstars", *(site.name for site in site_formats()))


def _check_options(file_format: str, **flags: object) -> None:
    """Refuse an unknown format, and a flag (``strict``, ``allin_ev``) that is not a bool."""
    names = format_names()
    if not isinstance(file_format, str) or file_format not in names:
        raise ParameterError(
            f"{{name}}: unknown format {shorten(repr(file_format))}, use {', '.join(names)}",
            "file_format",
        )
    for name, value in flags.items():
        expect(value, bool, name, "True or False")
