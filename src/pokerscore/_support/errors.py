"""The root of every error pokerscore raises, and how a message echoes a user's token."""

from __future__ import annotations

ECHO_LIMIT = 40
"""The most characters of a user's token an error message repeats (a line may be megabytes)."""


def shorten(token: str, limit: int = ECHO_LIMIT) -> str:
    """``token`` cut to ``limit`` characters with an ellipsis, for echoing it in a message.

    >>> shorten("Ah")
    'Ah'
    >>> shorten("X" * 100)
    'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX…'
    """
    return token if len(token) <= limit else token[: limit - 1] + "…"


class PokerScoreError(ValueError):
    """Base class of every error pokerscore raises on bad input."""
