"""The shared sample of real hand histories: ``../shared/hand-histories`` beside the checkout.

The sample is not part of the project (its files are the sites' and other projects'), so a clone
made anywhere else has none. Every test that reads it finds it here, in one place: a test that
needs it is marked :data:`needs_sample` (or asks for a file through :func:`shared`, which skips
where the file is absent), so that such a clone skips those tests rather than failing them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HAND_HISTORIES = Path(__file__).resolve().parents[2] / "shared" / "hand-histories"
HERE = HAND_HISTORIES.is_dir()

needs_sample = pytest.mark.skipif(not HERE, reason="the shared hand histories are not here")


def shared(*parts: str) -> Path:
    """A file or folder of the sample; the calling test is skipped where it is absent."""
    path = HAND_HISTORIES.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"the shared hand histories are not here ({path})")
    return path


def if_here(*paths: Path) -> tuple[Path, ...]:
    """``paths`` of the sample where it is here, none elsewhere: for a list of inputs that mixes
    the project's own fixtures with the sample's files (a missing file of a present sample still
    fails the test that reads it)."""
    return paths if HERE else ()
