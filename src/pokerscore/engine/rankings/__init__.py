"""Rankings: one object per rule set, looked up by name.

>>> [ranking.name for ranking in RANKINGS.values()]  # doctest: +NORMALIZE_WHITESPACE
['high', 'ace-to-five', 'deuce-to-seven', 'eight-or-better', 'short-deck',
 'short-deck-straight-over-trips', 'joker', 'deuces-wild', 'badugi']
>>> get_ranking("short-deck").value_count, len(get_ranking("short-deck").deck)
(1404, 36)
>>> get_ranking("razz")
Traceback (most recent call last):
...
pokerscore.cards.errors.UnknownRankingError: unknown ranking "razz": use one of high, ace-to-five, deuce-to-seven, eight-or-better, short-deck, short-deck-straight-over-trips, joker, deuces-wild, badugi
"""

from __future__ import annotations

from typing import Final

from pokerscore.cards.errors import UnknownRankingError
from pokerscore.engine.rankings.badugi import BADUGI
from pokerscore.engine.rankings.high import HIGH, SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS
from pokerscore.engine.rankings.lowball import ACE_TO_FIVE, DEUCE_TO_SEVEN, EIGHT_OR_BETTER
from pokerscore.engine.rankings.ranking import FlushRule, Play, Ranking
from pokerscore.engine.rankings.wild import DEUCES_WILD, JOKER_WILD

RANKINGS: Final[dict[str, Ranking]] = {
    ranking.name: ranking
    for ranking in (
        HIGH,
        ACE_TO_FIVE,
        DEUCE_TO_SEVEN,
        EIGHT_OR_BETTER,
        SHORT_DECK,
        SHORT_DECK_STRAIGHT_OVER_TRIPS,
        JOKER_WILD,
        DEUCES_WILD,
        BADUGI,
    )
}
"""Every built-in ranking by name, standard high poker first."""

RankingLike = Ranking | str
"""A ranking, or its name."""


def get_ranking(ranking: RankingLike) -> Ranking:
    """The ranking of a name (or the ranking itself)."""
    if isinstance(ranking, Ranking):
        return ranking
    found = RANKINGS.get(ranking) if isinstance(ranking, str) else None
    if found is None:
        raise UnknownRankingError(str(ranking), tuple(RANKINGS))
    return found


__all__ = [
    "ACE_TO_FIVE",
    "BADUGI",
    "DEUCES_WILD",
    "DEUCE_TO_SEVEN",
    "EIGHT_OR_BETTER",
    "HIGH",
    "JOKER_WILD",
    "RANKINGS",
    "SHORT_DECK",
    "SHORT_DECK_STRAIGHT_OVER_TRIPS",
    "FlushRule",
    "Play",
    "Ranking",
    "RankingLike",
    "get_ranking",
]
