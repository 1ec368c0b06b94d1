"""Badugi: four cards, of which those of different ranks and different suits play.

A pair plays one of its cards, two cards of a suit play one of them: the hand is the best
badugi among the four (:func:`~pokerscore.engine.hand_classes.best_badugi`). More cards beat
fewer (any four-card badugi beats every three-card one), then the lowest wins, compared from the
highest card down, the ace low: A-2-3-4 of four suits is the best hand. 1,092 values: 715
four-card badugis, 286 three-card, 78 two-card and 13 one-card.
"""

from __future__ import annotations

from typing import Final

from pokerscore.engine.category import BADUGI_CATEGORIES
from pokerscore.engine.hand_classes import Judgement, grouped_ranks, low_order
from pokerscore.engine.rankings.ranking import FlushRule, Play, Ranking


def _judge_badugi(ranks: tuple[int, ...], suited: bool) -> Judgement:
    # ``ranks``: the badugi's own, all different. Lower wins: the ranks negated, ace lowest.
    _, ordered = grouped_ranks(ranks, ace_low=True)
    strength = tuple(-low_order(rank) for rank in ordered)
    return BADUGI_CATEGORIES[len(ranks) - 1], ordered, strength


BADUGI: Final = Ranking(
    name="badugi",
    title="Badugi",
    rules=(
        "Four cards; those of different ranks and different suits play (of a pair, or of two "
        "cards of a suit, one); more cards beat fewer, then the lowest wins, the ace low: "
        "A-2-3-4 of four suits is the best hand."
    ),
    categories=BADUGI_CATEGORIES,
    judge=_judge_badugi,
    flushes=FlushRule.IGNORED,
    low=True,
    play=Play.BADUGI,
    size=4,
)
"""Badugi: 1,092 values, 1092 = A-2-3-4 of four suits."""
