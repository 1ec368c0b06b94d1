"""The engine: integers in, integers out. Rankings, tables and compiled kernels; no validation.

Card ids are ``4 * rank + suit`` (rank 0 = deuce … 12 = ace; suits clubs, diamonds, hearts,
spades). Each :class:`~pokerscore.engine.rankings.Ranking` has its own value space, always
"higher = better"; under standard high poker (the default) a ``value`` is 1..7462, 7462 = royal
flush.
"""

from pokerscore.engine.category import STANDARD_CATEGORIES, Category
from pokerscore.engine.hand_classes import straight_high
from pokerscore.engine.high_evaluators import (
    VALUE_COUNT,
    category_of,
    evaluate,
    evaluate5,
    evaluate6,
    evaluate7,
    explaining_ranks,
)
from pokerscore.engine.rankings import HIGH, RANKINGS, FlushRule, Ranking, RankingLike, get_ranking

__all__ = [
    "HIGH",
    "RANKINGS",
    "STANDARD_CATEGORIES",
    "VALUE_COUNT",
    "Category",
    "FlushRule",
    "Ranking",
    "RankingLike",
    "category_of",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "explaining_ranks",
    "get_ranking",
    "straight_high",
]
