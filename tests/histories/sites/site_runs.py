"""What the tests of each site's reader share: the site's real files in the shared folder
(``../shared/hand-histories/sites/<Site>``, beside the repository; skipped where it is not),
read and replayed with every refusal and disagreement counted."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistoryError, HandResult
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay
from tests.shared_sample import HAND_HISTORIES

DATA = Path(__file__).parents[2] / "data" / "histories" / "sites"
SHARED = HAND_HISTORIES / "sites"


@dataclass
class Run:
    """A folder read and replayed."""

    results: list[HandResult] = field(default_factory=list)
    refused: list[HandHistoryError] = field(default_factory=list)
    """The hands the reader or the replay refused, in the order they were read."""
    formats: set[str] = field(default_factory=set)
    """The formats of the hands read (refused by the replay or not)."""

    @property
    def disagreements(self) -> list[str]:
        """Each disagreement as ``file name, hand n: kind: message``."""
        return [
            f"{Path(result.hand.file).name}, hand {result.hand.number}: {found.kind}: {found.message}"
            for result in self.results
            for found in result.disagreements
        ]


def run(*paths: Path) -> Run:
    """Every hand of ``paths`` read and replayed; what cannot be, as its error."""
    done = Run()
    for hand in read_histories(*paths):
        if isinstance(hand, HandHistoryError):
            done.refused.append(hand)
            continue
        done.formats.add(hand.source_format)
        try:
            done.results.append(replay(hand))
        except HandHistoryError as error:
            done.refused.append(error)
    return done


def shared_folder(site: str) -> Path:
    """A site's folder of real files, or a skip where the shared folder is not here."""
    folder = SHARED / site
    if not folder.is_dir():
        pytest.skip(f"the shared hand histories ({folder}) are not on this machine")
    return folder


@dataclass(frozen=True)
class SampleCounts:
    """What reading and replaying a site's folder of the shared sample gives, as text."""

    replayed: int
    refused: list[str]
    """Each refused hand as ``file name, hand n: reason``, in the order read."""
    disagreements: list[str]
    """As :attr:`Run.disagreements`."""
    formats: set[str]


def sample_counts(site: str) -> SampleCounts:
    """Every hand of a site's folder of the shared sample read and replayed (:func:`run`)."""
    done = run(shared_folder(site))
    refused = [f"{Path(error.file).name}, hand {error.hand}: {error.reason}" for error in done.refused]  # fmt: skip
    return SampleCounts(len(done.results), refused, done.disagreements, done.formats)


def nets(result: HandResult) -> dict[str, float]:
    """Each player's result, rounded to the cent."""
    return {player.player: round(player.net, 2) for player in result.players}
