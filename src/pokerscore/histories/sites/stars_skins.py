"""The sites whose clients write PokerStars' layout under their own name: PokerMaster
(``PokerMaster Hand #``, its five-card Omaha headed "Omaha"), Run It Once (``Run It Once Poker
Hand #``, ``Table ID``, times to the minute; splash-the-pot hands refused), PokerBros, the Full
Tilt of 2016 (``Full Tilt Hand #``, run by PokerStars) and PokerTracker 2's upper-case export of
PokerStars hands (``POKERSTARS GAME #``).

They are read by the PokerStars reader (:mod:`pokerscore.histories.pokerstars`: one grammar, one
place), each hand naming its own site. A format of its own, each file one part of a run, whose
hands go through PokerStars' compiled reader (``_stars_kernels``, its headers' first words in
``_stars_lines.HEADERS``) where it is sure of them, and through this reader otherwise
(:data:`pokerscore.histories.sites.layouts.SITE_LAYOUTS`).
"""

from __future__ import annotations

from typing import Final

from pokerscore.histories.pokerstars import SKIN_FORMAT, is_header, read_pokerstars
from pokerscore.histories.sites import SiteFormat


def _sniff(head: str) -> bool:
    first = head.partition("\n")[0]
    return not first.startswith("PokerStars") and is_header(first)


FORMAT: Final = SiteFormat(SKIN_FORMAT, "PokerStars skins", _sniff, read_pokerstars)
