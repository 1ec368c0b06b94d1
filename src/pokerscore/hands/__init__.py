"""The validated API: score, compare and describe hands given in any card notation."""

from pokerscore.hands.comparison import compare, why, winners
from pokerscore.hands.descriptions import describe
from pokerscore.hands.scores import HandInput, HandScore, best_hand, score

__all__ = [
    "HandInput",
    "HandScore",
    "best_hand",
    "compare",
    "describe",
    "score",
    "why",
    "winners",
]
