"""Rankings with the standard hand shapes, higher cards better: high poker and the short deck."""

from __future__ import annotations

from typing import Final

from pokerscore.engine.category import STANDARD_CATEGORIES, Category
from pokerscore.engine.hand_classes import (
    STANDARD_STRAIGHTS,
    Judgement,
    standard_category,
    straights,
)
from pokerscore.engine.rankings.ranking import Ranking


def _judge_high(ranks: tuple[int, ...], suited: bool) -> Judgement:
    category, explaining = standard_category(ranks, suited, STANDARD_STRAIGHTS)
    # Explaining ranks compare in order; the wheel (3, 2, 1, 0, 12) sorts below six high.
    return category, explaining, explaining


HIGH: Final = Ranking(
    name="high",
    title="High Poker",
    rules="Standard poker: 52 cards, the wheel A-2-3-4-5 is the lowest straight, royal flush best.",
    categories=STANDARD_CATEGORIES,
    judge=_judge_high,
    short_hands=True,
)
"""Standard high poker: 7,462 values, 7462 = royal flush. The default everywhere."""

SHORT_DECK_LOWEST: Final = 4
"""The short deck's lowest rank: the six."""
_SHORT_STRAIGHTS: Final = straights(SHORT_DECK_LOWEST)


def _judge_short_deck(ranks: tuple[int, ...], suited: bool) -> Judgement:
    category, explaining = standard_category(
        ranks, suited, _SHORT_STRAIGHTS, SHORT_DECK_LOWEST, royal=False
    )
    return category, explaining, explaining


_SHORT_DECK_BASE: Final = (Category.HIGH_CARD, Category.ONE_PAIR, Category.TWO_PAIR)
_SHORT_DECK_TOP: Final = (
    Category.FULL_HOUSE,
    Category.FLUSH,  # five of a suit are rarer than a full house with nine ranks
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)

SHORT_DECK: Final = Ranking(
    name="short-deck",
    title="Short Deck (Trips Beat Straights)",
    rules=(
        "36 cards, six to ace; A-6-7-8-9 is the lowest straight; a flush beats a full house; "
        "three of a kind beats a straight (most tournaments today)."
    ),
    categories=(
        *_SHORT_DECK_BASE,
        Category.STRAIGHT,
        Category.THREE_OF_A_KIND,
        *_SHORT_DECK_TOP,
    ),
    judge=_judge_short_deck,
    ranks=tuple(range(SHORT_DECK_LOWEST, 13)),
)
"""Short deck hold'em as most tournaments play it: three of a kind above a straight."""

SHORT_DECK_STRAIGHT_OVER_TRIPS: Final = Ranking(
    name="short-deck-straight-over-trips",
    title="Short Deck (Straights Beat Trips)",
    rules=(
        "36 cards, six to ace; A-6-7-8-9 is the lowest straight; a flush beats a full house; "
        "a straight beats three of a kind (the older convention, and pokerkit's)."
    ),
    categories=(
        *_SHORT_DECK_BASE,
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT,
        *_SHORT_DECK_TOP,
    ),
    judge=_judge_short_deck,
    ranks=tuple(range(SHORT_DECK_LOWEST, 13)),
)
"""Short deck with a straight above three of a kind."""
