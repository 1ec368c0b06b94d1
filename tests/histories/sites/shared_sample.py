"""Reading the shared sample of real hand histories of a site (``../shared/hand-histories/sites``):
every hand read and replayed, refused with its reason, or replayed with a disagreement."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistoryError
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay

SITES: Final = Path(__file__).resolve().parents[4] / "shared" / "hand-histories" / "sites"


@dataclass
class SampleCounts:
    """What reading a site's folder of the sample gives."""

    replayed: int = 0
    refused: list[str] = field(default_factory=list)
    """Each refused hand as ``file name, hand n: reason``."""
    disagreements: list[str] = field(default_factory=list)
    """Each disagreement as ``file name, hand n: kind: message``."""
    formats: set[str] = field(default_factory=set)


def sample_counts(site: str) -> SampleCounts:
    """Every hand of a site's folder of the sample read and replayed (the test is skipped where
    the sample is not there)."""
    folder = SITES / site
    if not folder.is_dir():
        pytest.skip(f"the shared sample {folder} is not here")
    counts = SampleCounts()
    for hand in read_histories(folder):
        if isinstance(hand, HandHistoryError):
            counts.refused.append(f"{Path(hand.file).name}, hand {hand.hand}: {hand.reason}")
            continue
        counts.formats.add(hand.source_format)
        try:
            result = replay(hand)
        except HandHistoryError as error:
            counts.refused.append(f"{Path(hand.file).name}, hand {hand.number}: {error.reason}")
            continue
        counts.replayed += 1
        counts.disagreements += [
            f"{Path(hand.file).name}, hand {hand.number}: {found.kind}: {found.message}"
            for found in result.disagreements
        ]
    return counts
