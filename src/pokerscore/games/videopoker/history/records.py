"""What a history holds, as Python values: the bankroll, hands played, and a deal in play.

>>> record = HandRecord(session_id=1, bankroll_id=1, paytable="jacks-or-better-9-6",
...     coins=5, seed=None, dealt=parse_cards("Kh Qh Jh Th 2c"), hold=0,
...     final=parse_cards("3c 4d 5h 8s 9s"), hand_class="nothing", win=0,
...     best_hold=0b01111, hold_ev=0.5, best_ev=19.0, credits_after=0)
>>> record.ev_lost, record.mistake
(92.5, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Final

from pokerscore.cards import Card, PokerScoreError, parse_cards

FORFEITED: Final = "forfeited"
"""The class of a hand whose deal was abandoned: the bet is lost, no draw was made."""


class HistoryError(PokerScoreError):
    """A history file that cannot be used: not SQLite, another program's, damaged, too new, in
    use by another process, or not writable."""


class ReadOnlyHistoryError(HistoryError):
    """The history file, or its folder, cannot be written to."""


class DealFinishedElsewhereError(HistoryError):
    """The deal in play was drawn or abandoned by another game on the same history."""


class SameDealInPlayError(HistoryError):
    """The ten cards about to be dealt (the same seed) wait for their draw in another game."""


def now_text() -> str:
    """The current UTC time as ISO 8601 to the second, the form every row's time takes."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Bankroll:
    """Credits the player brought (``initial_credits``) and has now (``credits``)."""

    id: int
    started_at: str
    initial_credits: int
    credits: int


@dataclass(frozen=True)
class DealInPlay:
    """A hand dealt and paid for but not drawn yet: the ten cards (five dealt, then the five
    replacements in order), the bet and the seed. Stored with the bet, so that quitting or a
    kill between deal and draw neither refunds the bet nor loses the hand."""

    id: int
    session_id: int
    bankroll_id: int
    paytable: str
    coins: int
    seed: int | None
    cards: tuple[Card, ...]
    dealt_at: str


@dataclass(frozen=True)
class HandRecord:
    """One hand as played: the deal, the hold, the outcome and what the advisor thought of it.

    ``hold`` and ``best_hold`` are hold masks (bit i holds the i-th dealt card); ``hold_ev``
    and ``best_ev`` are expected returns per coin bet, so the coins given away by the hold are
    ``(best_ev - hold_ev) * coins``. ``credits_after`` is the bankroll once the hand is paid,
    as the store computed it.
    """

    session_id: int
    bankroll_id: int
    paytable: str
    coins: int
    seed: int | None
    dealt: tuple[Card, ...]
    hold: int
    final: tuple[Card, ...]
    hand_class: str
    win: int
    best_hold: int
    hold_ev: float
    best_ev: float
    credits_after: int = 0
    played_at: str = field(default_factory=now_text)
    id: int | None = None

    @property
    def ev_lost(self) -> float:
        """Expected coins given away by not making the best hold (0 for a best hold)."""
        return max(0.0, (self.best_ev - self.hold_ev) * self.coins)

    @property
    def mistake(self) -> bool:
        """Whether the hold was worth less than the best one."""
        return self.best_ev > self.hold_ev


def cards_of(text: str) -> tuple[Card, ...]:
    """Cards as a row stores them (``Ah Kd …``)."""
    return tuple(parse_cards(text))
