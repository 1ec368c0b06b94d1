"""The sites whose clients write PokerStars' layout under their own name: PokerMaster
(``PokerMaster Hand #``, its five-card Omaha headed "Omaha"), Run It Once (``Run It Once Poker
Hand #``, ``Table ID``, times to the minute; splash-the-pot hands refused), PokerBros, the Full
Tilt of 2016 (``Full Tilt Hand #``, run by PokerStars) and PokerTracker 2's upper-case export of
PokerStars hands (``POKERSTARS GAME #``).

They are read by the PokerStars reader (:mod:`pokerscore.histories.pokerstars`: one grammar, one
place), each hand naming its own site. A format of its own rather than a branch of PokerStars'
fast path: the byte kernels and the runs' cutting take the lines that start ``PokerStars``, and
these files are few and small, so they are read whole by the reference reader.
"""

from __future__ import annotations

from typing import Final

from pokerscore.histories.pokerstars import SKIN_FORMAT, is_header, read_pokerstars
from pokerscore.histories.sites import SiteFormat


def _sniff(head: str) -> bool:
    first = head.partition("\n")[0]
    return not first.startswith("PokerStars") and is_header(first)


FORMAT: Final = SiteFormat(SKIN_FORMAT, "PokerStars skins", _sniff, read_pokerstars)
