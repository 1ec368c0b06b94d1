"""The validated API: score, compare and describe hands given in any card notation; ranges."""

from pokerscore.hands.compare import compare, why, winners
from pokerscore.hands.describe import describe
from pokerscore.hands.ranges import Range, RangeError, parse_range
from pokerscore.hands.score import HandInput, HandScore, best_hand, score

__all__ = [
    "HandInput",
    "HandScore",
    "Range",
    "RangeError",
    "best_hand",
    "compare",
    "describe",
    "parse_range",
    "score",
    "why",
    "winners",
]
