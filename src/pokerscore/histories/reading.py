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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final, Literal

from pokerscore._support.errors import ParameterError, expect, shorten
from pokerscore.files.finding import find_files
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.phh import read_phh
from pokerscore.histories.pokerstars import read_pokerstars
from pokerscore.histories.sites import site_format, site_formats, sniff_site
from pokerscore.histories.sites.text import file_head

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
    (it names the file, the hand and the line)."""
    _check_options(file_format)
    files = history_files(paths)  # checked now, not at the first next()
    return (hand for path in files for hand in read_file(path, file_format))


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
