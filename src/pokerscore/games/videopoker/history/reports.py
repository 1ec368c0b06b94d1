"""What ``pokerscore videopoker history`` reports: totals per session and overall, worst holds."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from pokerscore.games.videopoker.history.records import Bankroll, HandRecord, cards_of


@dataclass(frozen=True)
class Totals:
    """Sums over a set of hands: a session's or the whole history's."""

    hands: int
    coins_bet: int
    coins_won: int
    ev_lost: float
    mistakes: int

    @property
    def return_rate(self) -> float | None:
        """Coins won per coin bet (``None`` before the first hand)."""
        return self.coins_won / self.coins_bet if self.coins_bet else None

    @property
    def ev_lost_per_hand(self) -> float | None:
        """Average coins given away per hand by holds below the best."""
        return self.ev_lost / self.hands if self.hands else None


@dataclass(frozen=True)
class SessionSummary:
    """One sitting at the machine and its totals."""

    id: int
    started_at: str
    paytable: str
    seed: int | None
    totals: Totals


@dataclass(frozen=True)
class HistorySummary:
    """Sessions, overall totals, worst holds, the bankroll, and the hands in play (dealt and
    paid for, not drawn yet) with their bets."""

    sessions: list[SessionSummary]
    overall: Totals
    worst_mistakes: list[HandRecord]
    bankroll: Bankroll | None
    coins_in_play: int = 0
    hands_in_play: int = 0


_TOTALS = (
    "count(*) AS hands, coalesce(sum(coins), 0) AS coins_bet,"
    " coalesce(sum(win), 0) AS coins_won,"
    " coalesce(sum(max(best_ev - hold_ev, 0) * coins), 0.0) AS ev_lost,"
    " coalesce(sum(best_ev > hold_ev), 0) AS mistakes"
)


def summarize(db: sqlite3.Connection, bankroll: Bankroll | None, worst: int) -> HistorySummary:
    """Totals per session (those with hands) and overall, and the ``worst`` costliest holds."""
    sessions = [
        SessionSummary(
            id=row["id"],
            started_at=row["started_at"],
            paytable=row["paytable"],
            seed=row["seed"],
            totals=_totals(row),
        )
        for row in db.execute(
            f"SELECT s.id, s.started_at, s.paytable, s.seed, {_TOTALS}"
            " FROM sessions s JOIN hands h ON h.session_id = s.id"
            " GROUP BY s.id ORDER BY s.id"
        )
    ]
    overall = _totals(db.execute(f"SELECT {_TOTALS} FROM hands").fetchone())
    worst_rows = db.execute(
        "SELECT * FROM hands WHERE best_ev > hold_ev"
        " ORDER BY (best_ev - hold_ev) * coins DESC, id LIMIT ?",
        (worst,),
    )
    # Every game's hand waiting for its draw: several games may share the file.
    hands_in_play, coins_in_play = db.execute(
        "SELECT count(*), coalesce(sum(coins), 0) FROM deals_in_play"
    ).fetchone()
    return HistorySummary(
        sessions=sessions,
        overall=overall,
        worst_mistakes=[hand_from_row(row) for row in worst_rows],
        bankroll=bankroll,
        coins_in_play=int(coins_in_play),
        hands_in_play=int(hands_in_play),
    )


def _totals(row: sqlite3.Row) -> Totals:
    return Totals(
        hands=row["hands"],
        coins_bet=row["coins_bet"],
        coins_won=row["coins_won"],
        ev_lost=float(row["ev_lost"]),
        mistakes=row["mistakes"],
    )


def hand_from_row(row: sqlite3.Row) -> HandRecord:
    """A row of ``hands`` as a :class:`HandRecord`."""
    return HandRecord(
        id=row["id"],
        played_at=row["played_at"],
        session_id=row["session_id"],
        bankroll_id=row["bankroll_id"],
        paytable=row["paytable"],
        coins=row["coins"],
        seed=row["seed"],
        dealt=cards_of(row["dealt"]),
        hold=row["hold"],
        final=cards_of(row["final"]),
        hand_class=row["class"],
        win=row["win"],
        best_hold=row["best_hold"],
        hold_ev=row["hold_ev"],
        best_ev=row["best_ev"],
        credits_after=row["credits_after"],
    )
