"""Cards: the :class:`Card` type, ranks and suits, notation, and the error family.

This is the bottom layer: it imports nothing else from pokerscore.
"""

from pokerscore.cards.card import DECK_SIZE, FULL_DECK, Card, Rank, Suit
from pokerscore.cards.errors import (
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerScoreError,
    UnknownRankingError,
)
from pokerscore.cards.notation import (
    CardLike,
    check_distinct,
    format_cards,
    glyph,
    parse_card,
    parse_cards,
)

__all__ = [
    "DECK_SIZE",
    "FULL_DECK",
    "Card",
    "CardLike",
    "CardNotInDeckError",
    "DuplicateCardError",
    "HandSizeError",
    "InvalidCardError",
    "PokerScoreError",
    "Rank",
    "Suit",
    "UnknownRankingError",
    "check_distinct",
    "format_cards",
    "glyph",
    "parse_card",
    "parse_cards",
]
