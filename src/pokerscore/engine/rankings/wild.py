"""Wild-card rankings: high poker with jokers wild, and with every deuce wild.

A wild card plays as whatever rank makes the best hand (:mod:`pokerscore.engine.completions`), so five
of a kind exists, and it ranks above the straight flush, as in Hoyle and in Rosetta Code's poker
hand analyser. There is no royal category: a royal is the ace-high straight flush.
"""

from __future__ import annotations

from typing import Final

from pokerscore.cards.card import JOKER, MAX_JOKERS
from pokerscore.engine.category import STANDARD_CATEGORIES, Category
from pokerscore.engine.hand_classes import STANDARD_STRAIGHTS, Judgement, standard_category
from pokerscore.engine.rankings.ranking import FlushRule, Ranking

WILD_CATEGORIES: Final = (*STANDARD_CATEGORIES[: Category.ROYAL_FLUSH], Category.FIVE_OF_A_KIND)
"""High poker's categories without the royal flush, then five of a kind on top."""


def _judge_wild(ranks: tuple[int, ...], suited: bool) -> Judgement:
    # The standard shapes (five of a kind among them); the royal is the best straight flush.
    category, explaining = standard_category(ranks, suited, STANDARD_STRAIGHTS, royal=False)
    return category, explaining, explaining


JOKER_WILD: Final = Ranking(
    name="joker",
    title="Jokers Wild",
    rules=(
        "52 cards and the joker, wild: it plays as whatever makes the best hand (a hand may hold "
        "two); five of a kind beats a straight flush."
    ),
    categories=WILD_CATEGORIES,
    judge=_judge_wild,
    flushes=FlushRule.EVERY_FIVE,
    wild_cards=frozenset({JOKER}),
    jokers=MAX_JOKERS,
)
"""High poker with jokers wild (Rosetta Code's two-joker deck): 7,475 values."""

DEUCES_WILD: Final = Ranking(
    name="deuces-wild",
    title="Deuces Wild",
    rules=(
        "52 cards, every 2 wild: a deuce plays as whatever makes the best hand; "
        "five of a kind beats a straight flush."
    ),
    categories=WILD_CATEGORIES,
    judge=_judge_wild,
    flushes=FlushRule.EVERY_FIVE,
    wild_cards=frozenset(range(4)),
)
"""High poker with the four deuces wild: 7,475 values."""
