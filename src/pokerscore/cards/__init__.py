"""Cards: the :class:`Card` type, ranks and suits, notation, and the error family.

This is the bottom layer: it imports nothing else from pokerscore.
"""

from pokerscore.cards.card import DECK_SIZE, FULL_DECK, JOKER, MAX_JOKERS, Card, Rank, Suit
from pokerscore.cards.errors import (
    CardNotInDeckError,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerScoreError,
    TooManyJokersError,
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
    "JOKER",
    "MAX_JOKERS",
    "Card",
    "CardLike",
    "CardNotInDeckError",
    "DuplicateCardError",
    "HandSizeError",
    "InvalidCardError",
    "PokerScoreError",
    "Rank",
    "Suit",
    "TooManyJokersError",
    "UnknownRankingError",
    "check_distinct",
    "format_cards",
    "glyph",
    "parse_card",
    "parse_cards",
]
