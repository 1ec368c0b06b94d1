"""The fast readers' batches (``batches.replay_phh_text``, ``replay_stars_text``): a buffer's
hands shared among threads give the rows one thread gives, byte for byte."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import numba
import numpy as np
import pytest

from pokerscore.histories._layout import F_STATUS, OK
from pokerscore.histories.batches import Batch, replay_phh_text, replay_stars_text

DATA = Path(__file__).parents[1] / "data" / "histories"
PHH_COPIES, STARS_COPIES = 10, 90
"""Enough copies of the fixtures for four threads (a thread takes 64 hands or more)."""


def _phhs(copies: int) -> bytes:
    """The PHH fixtures ``copies`` times over (their hand numbers repeat: no matter here)."""
    texts = [path.read_text() for path in sorted(DATA.glob("*.phhs"))]
    return ("\n".join(texts) * copies).encode()


def _stars(copies: int) -> bytes:
    return "\n\n".join([(DATA / "pokerstars-shapes.txt").read_text()] * copies).encode()


def _arrays(batch: Batch | None) -> dict[str, np.ndarray]:
    assert batch is not None
    found = {
        field.name: getattr(batch, field.name)
        for field in fields(batch)
        if isinstance(getattr(batch, field.name), np.ndarray)
    }
    if batch.log is not None:
        found |= {f"log.{name}": array for name, array in batch.log._asdict().items()}
    return found


@pytest.mark.parametrize("threads", [2, 4])
def test_hands_shared_among_threads_give_one_threads_rows(
    threads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    phh, stars = _phhs(PHH_COPIES), _stars(STARS_COPIES)
    monkeypatch.setattr(numba, "get_num_threads", lambda: 1)
    alone = replay_phh_text(phh, single=False, keep=True), replay_stars_text(stars)
    monkeypatch.setattr(numba, "get_num_threads", lambda: threads)
    shared = replay_phh_text(phh, single=False, keep=True), replay_stars_text(stars)
    for one, many in zip(alone, shared, strict=True):
        assert one is not None and many is not None
        assert many.hands == one.hands >= 64 * threads
        assert np.count_nonzero(one.facts[: one.hands, F_STATUS] == OK) >= one.hands // 3
        expected, found = _arrays(one), _arrays(many)
        assert found.keys() == expected.keys()
        for name, array in expected.items():
            assert np.array_equal(found[name], array), name
