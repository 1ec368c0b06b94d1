"""pokerscore: score poker hands exactly and fast.

>>> import pokerscore
>>> pokerscore.score("Th Jh Qh Kh Ah").description
'Royal Flush'
>>> pokerscore.compare("5h 5c 6s 7s Kd", "2c 3s 8s 8d Td")
-1
>>> pokerscore.score("7h 5d 4c 3s 2h", ranking="deuce-to-seven").description
'Seven-Five low (7-5-4-3-2)'

The batch API (:func:`evaluate_batch`, :func:`hands_to_array`, :func:`random_hands`) is loaded on
first access, so that ``import pokerscore`` imports neither NumPy nor Numba.
"""

from typing import TYPE_CHECKING

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
from pokerscore.engine import (
    RANKINGS,
    Category,
    Ranking,
    evaluate5,
    evaluate6,
    evaluate7,
    get_ranking,
)
from pokerscore.games.holdem.ranges import Range, RangeError, parse_range
from pokerscore.hands import HandScore, best_hand, compare, describe, score, winners

if TYPE_CHECKING:
    from pokerscore.games.videopoker.strategy.generate import generate_strategy
    from pokerscore.games.videopoker.strategy.grammar import (
        Strategy,
        load_strategy,
        parse_strategy,
    )
    from pokerscore.games.videopoker.strategy.play import strategy_return
    from pokerscore.hands.batch import evaluate_batch, hands_to_array, random_hands

__version__ = "0.1.0"

_LAZY = {
    "evaluate_batch": "pokerscore.hands.batch",
    "hands_to_array": "pokerscore.hands.batch",
    "random_hands": "pokerscore.hands.batch",
    "Strategy": "pokerscore.games.videopoker.strategy.grammar",
    "parse_strategy": "pokerscore.games.videopoker.strategy.grammar",
    "load_strategy": "pokerscore.games.videopoker.strategy.grammar",
    "strategy_return": "pokerscore.games.videopoker.strategy.play",
    "generate_strategy": "pokerscore.games.videopoker.strategy.generate",
}


def __getattr__(name: str) -> object:
    """Load the batch API and the video poker strategy lists (NumPy, Numba on first kernel
    call) only when they are asked for."""
    if name in _LAZY:
        from importlib import import_module

        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'pokerscore' has no attribute {name!r}")


__all__ = [
    "RANKINGS",
    "Card",
    "Category",
    "DuplicateCardError",
    "HandScore",
    "HandSizeError",
    "InvalidCardError",
    "PokerScoreError",
    "Range",
    "RangeError",
    "Rank",
    "Ranking",
    "Strategy",
    "Suit",
    "__version__",
    "best_hand",
    "compare",
    "describe",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_batch",
    "format_cards",
    "generate_strategy",
    "get_ranking",
    "hands_to_array",
    "load_strategy",
    "parse_card",
    "parse_cards",
    "parse_range",
    "parse_strategy",
    "random_hands",
    "score",
    "strategy_return",
    "winners",
]
