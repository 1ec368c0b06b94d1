"""pokerscore: score poker hands exactly and fast.

>>> import pokerscore
>>> pokerscore.score("Th Jh Qh Kh Ah").description
'Royal Flush'
>>> pokerscore.compare("5h 5c 6s 7s Kd", "2c 3s 8s 8d Td")
-1
"""

from pokerscore.cards import (
    Card,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerScoreError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from pokerscore.engine import Category, evaluate5, evaluate6, evaluate7
from pokerscore.hands import HandScore, best_hand, compare, describe, score, winners

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Category",
    "DuplicateCardError",
    "HandScore",
    "HandSizeError",
    "InvalidCardError",
    "PokerScoreError",
    "Rank",
    "Suit",
    "__version__",
    "best_hand",
    "compare",
    "describe",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "format_cards",
    "parse_card",
    "parse_cards",
    "score",
    "winners",
]
