"""The hand-history formats of the sites people play on, beside PHH and PokerStars' own
(``histories/phh.py``, ``histories/pokerstars.py``): one module per format, each holding a
:class:`SiteFormat` named ``FORMAT`` and listed in :data:`SITE_MODULES`.

A reader only names what the text records (seats, stacks, posts, actions, cards, the site's own
totals) as a :class:`~pokerscore.histories.model.HandHistory`; the one replay applies the rules.
A file's format is told from its first bytes (:func:`sniff_site`), so a folder of mixed files
just works.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError

SITE_MODULES: Final[tuple[str, ...]] = (
    "stars_skins",
    "fulltilt",
    "ggpoker",
    "winamax",
    "pacific",
    "party",
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
)
"""The modules of ``pokerscore.histories.sites`` that hold a format, in the order their
``sniff`` is tried (a more specific format before a more general one)."""


@dataclass(frozen=True, slots=True)
class SiteFormat:
    """One site's hand-history format."""

    name: str
    """The format's name, as ``file_format=`` takes it and the rows' ``source_format`` shows
    (``ggpoker``, ``winamax`` …)."""
    site: str
    """The site or network as players know it (``GGPoker``, ``Winamax`` …)."""
    sniff: Callable[[str], bool]
    """Whether a file is in this format, from its head: the first 4 KiB decoded
    (:func:`~pokerscore.histories.sites.text.file_head`), byte-order mark and leading blank
    space removed."""
    read: Callable[[Path], Iterator[HandHistory | HandHistoryError]]
    """The file's hands, streamed; a bad hand is yielded as its error (with file, hand and line)
    and the reading goes on."""


@cache
def site_formats() -> tuple[SiteFormat, ...]:
    """Every site format, in the order they are tried."""
    return tuple(importlib.import_module(f"{__name__}.{module}").FORMAT for module in SITE_MODULES)


def site_format(name: str) -> SiteFormat | None:
    """The site format called ``name``, if there is one."""
    return next((found for found in site_formats() if found.name == name), None)


def sniff_site(head: str) -> SiteFormat | None:
    """The first site format whose ``sniff`` takes this file head, if any."""
    return next((found for found in site_formats() if found.sniff(head)), None)
