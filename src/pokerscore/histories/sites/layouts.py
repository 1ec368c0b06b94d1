"""The sites whose files are written in PokerStars' layout and the compiled readers read, and
the lenient reader of one hand of each: what a run (``parts``), the per-hand iterator
(``results``) and ``read_histories`` (``logged_hands``) read a hand the kernels left with."""

from __future__ import annotations

from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import SKIN_FORMAT, parse_lines
from pokerscore.histories.sites.bovada import NAME as BOVADA
from pokerscore.histories.sites.bovada import parse_bovada
from pokerscore.histories.sites.fulltilt import NAME as FULLTILT
from pokerscore.histories.sites.fulltilt import parse_fulltilt
from pokerscore.histories.sites.ggpoker import NAME as GGPOKER
from pokerscore.histories.sites.ggpoker import parse_ggpoker
from pokerscore.histories.sites.pacific import NAME as PACIFIC
from pokerscore.histories.sites.pacific import parse_pacific
from pokerscore.histories.sites.party import NAME as PARTY
from pokerscore.histories.sites.party import parse_party
from pokerscore.histories.sites.text import HandParser, hand_from_bytes
from pokerscore.histories.sites.winamax import NAME as WINAMAX
from pokerscore.histories.sites.winamax import parse_winamax
from pokerscore.histories.sites.winning import NAME as WINNING
from pokerscore.histories.sites.winning import parse_winning

SITE_LAYOUTS: Final[dict[str, HandParser]] = {
    SKIN_FORMAT: parse_lines,
    GGPOKER: parse_ggpoker,
    WINAMAX: parse_winamax,
    WINNING: parse_winning,
    BOVADA: parse_bovada,
    PACIFIC: parse_pacific,
    PARTY: parse_party,
    FULLTILT: parse_fulltilt,
}
"""The sites' formats in PokerStars' layout the kernels read, and the reader of one hand of
each, as the site's reader reads it (:mod:`~pokerscore.histories.sites.stars_skins`,
:mod:`~pokerscore.histories.sites.ggpoker`, :mod:`~pokerscore.histories.sites.winamax` …);
PokerStars' own is read by :func:`~pokerscore.histories.pokerstars.parse_lines`."""


def reference_stars_hand(
    data: bytes, name: str, number: int, first_line: int, layout: str = "pokerstars"
) -> HandHistory | HandHistoryError:
    """A hand in PokerStars' layout the kernels left (its own bytes, the file's ``number``-th
    hand from line ``first_line``), read by the lenient reader of its format (``layout``:
    PokerStars' own, a skin's or a site's) as that reader reads a whole file
    (:func:`~.text.hand_from_bytes`: lines cut at line feeds only, decoded one by one)."""
    return hand_from_bytes(SITE_LAYOUTS.get(layout, parse_lines), data, name, number, first_line)
