"""The engine: integers in, integers out. Tables and compiled kernels; no validation, no objects.

Card ids are ``4 * rank + suit`` (rank 0 = deuce … 12 = ace; suits clubs, diamonds, hearts,
spades); a ``value`` is 1..7462, higher wins, 7462 = royal flush.
"""

from pokerscore.engine.category import Category
from pokerscore.engine.classes import (
    CATEGORY_FIRST_VALUE,
    HAND_CLASSES,
    VALUE_COUNT,
    category_of,
    explaining_ranks,
    straight_high,
)
from pokerscore.engine.scalar import evaluate, evaluate5, evaluate6, evaluate7

__all__ = [
    "CATEGORY_FIRST_VALUE",
    "HAND_CLASSES",
    "VALUE_COUNT",
    "Category",
    "category_of",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "explaining_ranks",
    "straight_high",
]
