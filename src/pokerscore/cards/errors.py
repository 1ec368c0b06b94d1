"""The error family every validated entry point raises.

All of them derive from :class:`PokerScoreError`, itself a :class:`ValueError`, so callers can
catch one type; the message always reads as a sentence a person understands without the code.
"""

from __future__ import annotations

# The root of the family, defined with the plumbing so that every layer can raise it.
from pokerscore._support.errors import ECHO_LIMIT as ECHO_LIMIT
from pokerscore._support.errors import PokerScoreError as PokerScoreError
from pokerscore._support.errors import shorten as shorten


class InvalidCardError(PokerScoreError):
    """A token that is not a card, with its 1-based position and what is allowed.

    The message cuts a long token (see :func:`shorten`); ``token`` keeps it whole.

    >>> raise InvalidCardError("1X", 1, "rank must be one of 2-9, T or 10, J, Q, K, A")
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.InvalidCardError: invalid card "1X" at position 1: rank must be one of 2-9, T or 10, J, Q, K, A
    """

    def __init__(self, token: str, position: int, reason: str) -> None:
        self.token = token
        self.position = position
        self.reason = reason
        super().__init__(f'invalid card "{shorten(token)}" at position {position}: {reason}')


class DuplicateCardError(PokerScoreError):
    """The same card given twice where one deck is assumed."""

    def __init__(self, card: str, first: int, second: int) -> None:
        self.card = card
        self.first = first
        self.second = second
        super().__init__(f"duplicate card {card} at positions {first} and {second}")


class TooManyJokersError(PokerScoreError):
    """More jokers in a hand than a pack holds (or than the ranking plays with).

    >>> str(TooManyJokersError(2, 5))
    'a hand holds at most 2 jokers: a third at position 5'
    """

    def __init__(self, most: int, position: int, reason: str = "a hand holds") -> None:
        self.most = most
        self.position = position
        self.reason = reason
        ordinal = {0: "one", 1: "a second", 2: "a third"}.get(most, f"number {most + 1}")
        plural = "joker" if most == 1 else "jokers"
        super().__init__(f"{reason} at most {most} {plural}: {ordinal} at position {position}")


class HandSizeError(PokerScoreError):
    """A hand with the wrong number of cards.

    >>> str(HandSizeError(5, 5, 4))
    'expected 5 cards, got 4'
    >>> str(HandSizeError(5, 7, 8))
    'expected 5 to 7 cards, got 8'
    """

    def __init__(self, minimum: int, maximum: int, got: int) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.got = got
        expected = str(minimum) if minimum == maximum else f"{minimum} to {maximum}"
        super().__init__(f"expected {expected} cards, got {got}")


class UnknownRankingError(PokerScoreError):
    """A ranking name that is not one of the built-in rankings."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        super().__init__(f'unknown ranking "{name}": use one of {", ".join(known)}')


class CardNotInDeckError(InvalidCardError):
    """A card that the ranking's deck does not hold (a deuce in the short deck).

    >>> raise CardNotInDeckError("2c", 1, "short-deck", "36 cards, six to ace")
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.CardNotInDeckError: invalid card "2c" at position 1: short-deck is played with 36 cards, six to ace
    """

    def __init__(
        self, token: str, position: int, ranking: str, deck: str, reason: str | None = None
    ) -> None:
        self.ranking = ranking
        super().__init__(token, position, reason or f"{ranking} is played with {deck}")
