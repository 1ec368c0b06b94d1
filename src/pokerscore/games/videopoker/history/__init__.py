"""The video poker history: every hand played, the bankroll and the sessions, in one SQLite file.

Modules by job: :mod:`.records` (the values: bankroll, hands, a deal in play, the error),
:mod:`.schema` (the file's marks, schema and migrations), :mod:`.store` (the open file and every
change to it, each one transaction), :mod:`.leases` (which sessions are live: the locks they
hold) and :mod:`.reports` (the totals ``history`` shows).
"""

from __future__ import annotations

from pokerscore.games.videopoker.history.records import (
    FORFEITED,
    Bankroll,
    DealFinishedElsewhereError,
    DealInPlay,
    HandRecord,
    HistoryError,
    ReadOnlyHistoryError,
    SameDealInPlayError,
    now_text,
)
from pokerscore.games.videopoker.history.reports import HistorySummary, SessionSummary, Totals
from pokerscore.games.videopoker.history.schema import APPLICATION_ID, SCHEMA_VERSION
from pokerscore.games.videopoker.history.store import (
    HISTORY_FILE_NAME,
    HistoryStore,
    default_history_path,
    open_history,
)

__all__ = [
    "APPLICATION_ID",
    "FORFEITED",
    "HISTORY_FILE_NAME",
    "SCHEMA_VERSION",
    "Bankroll",
    "DealFinishedElsewhereError",
    "DealInPlay",
    "HandRecord",
    "HistoryError",
    "HistoryStore",
    "HistorySummary",
    "ReadOnlyHistoryError",
    "SameDealInPlayError",
    "SessionSummary",
    "Totals",
    "default_history_path",
    "now_text",
    "open_history",
]
