"""Ranks, suits and the :class:`Card` type over the engine's integer card id.

A card id is ``4 * rank + suit``: rank 0 is the deuce and 12 the ace; suits 0..3 are clubs,
diamonds, hearts and spades. The joker is id 52 (:data:`JOKER`), outside the 52-card deck: it has
no rank and no suit, and a hand may hold it twice (a deck with two jokers, as Rosetta Code's
poker hand analyser deals). This is the one encoding every layer shares.
"""

from __future__ import annotations

import operator
from enum import IntEnum
from typing import Final, SupportsIndex

from pokerscore.cards.errors import PokerScoreError, shorten


class Rank(IntEnum):
    """Card ranks, deuce (0) to ace (12), in poker order."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """One-character symbol: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_CHARS[self]

    @property
    def word(self) -> str:
        """The rank in words, e.g. ``Queen``."""
        return self.name.capitalize()

    @property
    def plural(self) -> str:
        """The rank in words, plural, e.g. ``Sixes``."""
        return self.word + ("es" if self is Rank.SIX else "s")


class Suit(IntEnum):
    """The four suits in id order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """Lower-case letter: ``c``, ``d``, ``h``, ``s``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """Unicode suit symbol: ``♣``, ``♦``, ``♥``, ``♠``."""
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


RANK_CHARS: Final = "23456789TJQKA"
SUIT_LETTERS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
DECK_SIZE: Final = 52
"""The cards of the standard deck: ids 0..51 (the joker is not among them)."""
JOKER: Final = 52
"""The joker's card id: the first id past the standard deck, the same for every joker."""
JOKER_TEXT: Final = "Jk"
JOKER_SYMBOL: Final = "🃏"
MAX_JOKERS: Final = 2
"""The most jokers a hand may hold: a pack carries two."""


class Card:
    """An immutable playing card over its integer id (``4 * rank + suit``).

    >>> card = Card.from_rank_suit(Rank.ACE, Suit.HEARTS)
    >>> card, int(card), str(card), card.pretty
    (Card('Ah'), 50, 'Ah', 'A♥')
    >>> Card(0).rank, Card(0).suit
    (<Rank.TWO: 0>, <Suit.CLUBS: 0>)
    >>> sorted([Card(50), Card(3)])
    [Card('2s'), Card('Ah')]
    >>> joker = Card(JOKER)
    >>> joker, joker.is_joker, str(joker), joker.pretty, Card(50).is_joker
    (Card('Jk'), True, 'Jk', '🃏', False)
    """

    __slots__ = ("_id",)
    _id: int

    def __new__(cls, card_id: SupportsIndex) -> Card:
        # Every card is interned: there are only 52, and identity makes equality cheap.
        if type(card_id) is int and 0 <= card_id <= JOKER:  # the common case, first
            return _CARDS[card_id]
        return _CARDS[_integer(card_id, JOKER + 1, CARD_ID_HELP)]

    @classmethod
    def _make(cls, card_id: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "_id", card_id)
        return card

    @classmethod
    def from_rank_suit(cls, rank: SupportsIndex, suit: SupportsIndex) -> Card:
        """The card of a rank (0..12) and a suit (0..3).

        >>> Card.from_rank_suit(0, 7)
        Traceback (most recent call last):
        ...
        pokerscore._support.errors.PokerScoreError: a suit is an integer 0..3, got 7
        """
        rank_number = _integer(rank, 13, "a rank is an integer 0..12")
        return _CARDS[4 * rank_number + _integer(suit, 4, "a suit is an integer 0..3")]

    @property
    def id(self) -> int:
        """The engine's integer id, 0..51, or 52 for the joker."""
        return self._id

    @property
    def is_joker(self) -> bool:
        """Whether this is the joker (id :data:`JOKER`), which has no rank and no suit."""
        return self._id == JOKER

    @property
    def rank(self) -> Rank:
        """The card's rank (the joker has none: a :class:`PokerScoreError`)."""
        if self._id == JOKER:
            raise PokerScoreError("the joker has no rank")
        return Rank(self._id >> 2)

    @property
    def suit(self) -> Suit:
        """The card's suit (the joker has none: a :class:`PokerScoreError`)."""
        if self._id == JOKER:
            raise PokerScoreError("the joker has no suit")
        return Suit(self._id & 3)

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, e.g. ``A♥`` (ten as ``10``); the joker is ``🃏``."""
        if self._id == JOKER:
            return JOKER_SYMBOL
        rank = "10" if self.rank is Rank.TEN else self.rank.char
        return rank + self.suit.symbol

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __int__(self) -> int:
        return self._id

    def __index__(self) -> int:
        return self._id

    def __hash__(self) -> int:
        return self._id

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other._id == self._id

    def __lt__(self, other: Card) -> bool:
        return self._id < other._id

    def __le__(self, other: Card) -> bool:
        return self._id <= other._id

    def __gt__(self, other: Card) -> bool:
        return self._id > other._id

    def __ge__(self, other: Card) -> bool:
        return self._id >= other._id

    def __str__(self) -> str:
        if self._id == JOKER:
            return JOKER_TEXT
        return RANK_CHARS[self._id >> 2] + SUIT_LETTERS[self._id & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self._id,))


def _integer(value: SupportsIndex, limit: int, what: str) -> int:
    """``value`` as an int in ``0..limit-1``: ints and int-likes (NumPy integers), never bools."""
    if not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:
            pass
        else:
            if 0 <= number < limit:
                return number
    raise PokerScoreError(f"{what}, got {shorten(repr(value))}")


CARD_ID_HELP: Final = "a card id is an integer 0..51, or 52 for the joker"

_CARDS: Final[tuple[Card, ...]] = tuple(Card._make(card_id) for card_id in range(JOKER + 1))

FULL_DECK: Final[tuple[Card, ...]] = _CARDS[:DECK_SIZE]
"""All 52 cards of the standard deck in id order (no joker)."""
