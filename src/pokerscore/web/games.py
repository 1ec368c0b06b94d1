"""The video poker games the browser plays: each one the terminal game's own
:class:`~pokerscore.games.videopoker.session.VideoPokerSession` on the same SQLite history (bet
charged at the deal, a hand left in play resumed by the next game at its pay table, the trainer's
verdict), kept by the server between requests under a random id.

At most :data:`MAX_GAMES` are open: one more closes the game used longest ago (as quitting the
terminal game does: a hand in play waits, paid for, for the next game at its pay table). A page
that closes ends its game; the server ends them all when it stops.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from pokerscore._support.errors import PokerScoreError, shorten

if TYPE_CHECKING:
    from pokerscore.games.videopoker.history import HistoryStore
    from pokerscore.games.videopoker.session import HandOutcome, VideoPokerSession

MAX_GAMES: Final = 16
"""Games open at once; one more closes the one used longest ago."""


class UnknownGameError(PokerScoreError):
    """A game id the server does not hold (never started, ended, or closed for a newer one)."""


@dataclass
class _Table:
    session: VideoPokerSession
    store: HistoryStore
    lock: threading.Lock
    used: float


class Games:
    """The open games, by id, on the history file ``history`` (``None``: the terminal game's
    default file; ``":memory:"`` one throwaway history per game)."""

    def __init__(self, history: Path | str | None = None) -> None:
        self.history = history
        self._tables: dict[str, _Table] = {}
        self._lock = threading.Lock()

    def start(self, session_of: type[VideoPokerSession], **options: object) -> str:
        """Open a game (``VideoPokerSession(**options)`` on the history, started) and its id."""
        from pokerscore.games.videopoker.history import open_history

        store = open_history(self.history)
        try:
            session = session_of(store=store, **options).start()  # type: ignore[arg-type]
        except BaseException:
            store.close()
            raise
        game = secrets.token_urlsafe(12)
        with self._lock:
            self._tables[game] = _Table(session, store, threading.Lock(), time.monotonic())
            oldest = None
            if len(self._tables) > MAX_GAMES:
                oldest = min(self._tables, key=lambda key: self._tables[key].used)
        if oldest is not None:
            self.end(oldest)
        return game

    @contextmanager
    def use(self, game: str) -> Iterator[VideoPokerSession]:
        """The game's session, held by this request alone while the block runs."""
        with self._lock:
            table = self._tables.get(game)
        if table is None:
            raise UnknownGameError(
                f'no game "{shorten(game)}" is open (ended, or closed for newer ones): start one'
            )
        with table.lock:
            table.used = time.monotonic()
            yield table.session

    def end(self, game: str) -> bool:
        """Close a game (a hand in play waits for the next game); whether it was open."""
        with self._lock:
            table = self._tables.pop(game, None)
        if table is None:
            return False
        with table.lock:
            try:
                with suppress(PokerScoreError):
                    table.session.close()
            finally:
                table.store.close()
        return True

    def close(self) -> None:
        """End every game (the server stops)."""
        for game in list(self._tables):
            self.end(game)


def outcome_json(outcome: HandOutcome, words: str | None) -> dict[str, object]:
    """A finished hand and the trainer's verdict: the final cards, the win, the hold's return
    per coin against a best hold's, the coins lost (0: a best hold) and, for a mistake, its
    name in players' words."""
    from pokerscore.cli.output import card_strings
    from pokerscore.games.draw import held_cards

    return {
        "number": outcome.number,
        "seed": outcome.seed,
        "dealt": card_strings(outcome.dealt),
        "hold": outcome.hold,
        "held": card_strings(held_cards(outcome.dealt, outcome.hold)),
        "final": card_strings(outcome.final),
        "hand": outcome.class_title,
        "win": outcome.win,
        "hold_ev": float(outcome.hold_ev),
        "best": {
            "mask": outcome.best.mask,
            "held": card_strings(outcome.best.held),
            "ev": float(outcome.best.ev_exact),
        },
        "ev_lost": float(outcome.ev_lost),
        "mistake": outcome.mistake,
        "words": words,
    }


def game_json(game: str, session: VideoPokerSession) -> dict[str, object]:
    """What the machine shows: the phase, credits, bet, cards on screen and the held ones, the
    session's totals, the last hand (with the trainer's verdict when the trainer is on)."""
    from pokerscore.cli.output import card_strings

    stats = session.stats
    return {
        "game": game,
        "paytable": session.paytable.name,
        "title": session.paytable.title,
        "phase": session.phase.value,
        "credits": session.credits,
        "coins": session.coins,
        "cards": card_strings(session.cards),
        "hold": session.hold,
        "trainer": session.trainer,
        "first_seed": session.first_seed,
        "resumed": session.resumed,
        "stats": {
            "hands": stats.hands,
            "coins_bet": stats.coins_bet,
            "coins_won": stats.coins_won,
            "return": stats.return_rate,
            "ev_lost": float(stats.ev_lost),
            "mistakes": stats.mistakes,
        },
    }
