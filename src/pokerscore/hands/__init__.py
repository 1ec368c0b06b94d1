"""The validated API: score, compare and describe hands given in any card notation."""

from pokerscore.hands.compare import compare, why, winners
from pokerscore.hands.describe import describe
from pokerscore.hands.score import HandInput, HandScore, best_hand, score

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
