"""What a run over hand-history files found: the hands and bad hands counted (the first ones kept),
the disagreements with the sites' records, each player's tally, and the parts of a run added up
in file order."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final

from pokerscore.histories.model import Disagreement, HandHistoryError, HandResult
from pokerscore.histories.stats import PlayerStats, StatsTally

KEPT: Final = 100
"""Bad hands and disagreements kept for the summary (all are counted)."""


@dataclass(frozen=True)
class BadHand:
    """A hand that could not be read or replayed."""

    file: str
    hand: int | None
    line: int | None
    message: str
    reason: str

    @classmethod
    def of(cls, error: HandHistoryError) -> BadHand:
        return cls(error.file, error.hand, error.line, str(error), error.reason)

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "hand": self.hand,
            "line": self.line,
            "reason": self.reason,
            "message": self.message,
        }


@dataclass
class HistoriesSummary:
    """What a run read and found."""

    files: int = 0
    hands: int = 0
    """Hands replayed."""
    bad: int = 0
    """Hands that could not be read or replayed."""
    errors: list[BadHand] = field(default_factory=list)
    """The first :data:`KEPT` bad hands."""
    disagreement_count: int = 0
    """Hands whose site record disagrees with the replay."""
    disagreements: list[Disagreement] = field(default_factory=list)
    """The first :data:`KEPT` disagreements."""
    disagreement_kinds: dict[str, int] = field(default_factory=dict)
    tally: StatsTally = field(default_factory=StatsTally)
    series: list[tuple[float, float]] = field(default_factory=list)
    """The followed player's (net, all-in EV adjusted net) hand by hand, in order."""
    rows: int = 0

    def players(self, player: str | None = None) -> list[PlayerStats]:
        return self.tally.stats(player)

    def add_error(self, error: HandHistoryError) -> None:
        self.bad += 1
        if len(self.errors) < KEPT:
            self.errors.append(BadHand.of(error))

    def add_result(self, result: HandResult, follow: str | None) -> None:
        self.hands += 1
        self.tally.add(result)
        if result.disagreements:
            self.disagreement_count += 1
            for disagreement in result.disagreements:
                kinds = self.disagreement_kinds
                kinds[disagreement.kind] = kinds.get(disagreement.kind, 0) + 1
                if len(self.disagreements) < KEPT:
                    self.disagreements.append(disagreement)
        if follow is not None:
            for player in result.players:
                if player.player == follow:
                    adjusted = player.net if player.allin_ev is None else player.allin_ev
                    self.series.append((player.net, adjusted))

    def moved_down(self, lines: int) -> HistoriesSummary:
        """This summary with its bad hands' lines ``lines`` further down their file (a part
        read with its lines counted from its own start)."""
        if not lines:
            return self
        errors = [
            BadHand.of(
                HandHistoryError(bad.reason, file=bad.file, hand=bad.hand, line=bad.line + lines)
            )
            if bad.line is not None
            else bad
            for bad in self.errors
        ]
        return replace(self, errors=errors)

    def merge(self, other: HistoriesSummary) -> None:
        """Add a later part's summary (its errors and disagreements come after these)."""
        self.hands += other.hands
        self.rows += other.rows
        self.bad += other.bad
        self.errors += other.errors[: max(0, KEPT - len(self.errors))]
        self.disagreement_count += other.disagreement_count
        self.disagreements += other.disagreements[: max(0, KEPT - len(self.disagreements))]
        for kind, count in other.disagreement_kinds.items():
            self.disagreement_kinds[kind] = self.disagreement_kinds.get(kind, 0) + count
        self.tally.merge(other.tally)
        self.series += other.series

    def as_json(self, player: str | None = None) -> dict[str, Any]:
        """The ``--json`` object."""
        return {
            "files": self.files,
            "hands": self.hands,
            "bad": self.bad,
            "disagreements": self.disagreement_count,
            "disagreement_kinds": dict(sorted(self.disagreement_kinds.items())),
            "players": [stats.as_json() for stats in self.players(player)],
            "errors": [error.as_json() for error in self.errors],
            "disagreement_list": [
                {
                    "file": d.file,
                    "hand": d.hand,
                    "hand_id": d.hand_id,
                    "kind": d.kind,
                    "message": d.message,
                }
                for d in self.disagreements
            ],
        }
