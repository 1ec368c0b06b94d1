"""Push/fold's whole-grid thresholds (``push_fold_thresholds()``: 241 heads-up equilibria, 1 to
25 bb), computed once a process for the two tests that read them.

The library's test asserts the table (HoldemResources' published thresholds on the whole grid)
and the command's test the JSON ``pushfold --thresholds --json`` prints of it: each computed it,
about 8 s of CPU each (2026-11-28, session 24). Both take it from :func:`whole_grid` and carry
the xdist group :data:`GROUP` (one worker computes it once); the command's test hands it to the
command through :func:`as_computed`, which checks that the command asked for the very table
(heads-up, no ante, the default grid and tolerance) and reports its progress as a run would.
"""

from __future__ import annotations

from functools import cache

# bound here: the command's test puts as_computed in the module's place
from pokerscore.games.tournaments.pushfold import PushFoldThresholds, push_fold_thresholds

GROUP = "push/fold grid"
"""The xdist group of the tests that read :func:`whole_grid`."""


@cache
def whole_grid() -> PushFoldThresholds:
    """``push_fold_thresholds()``, computed on the first call in this process."""
    return push_fold_thresholds()


def as_computed(**asked: object) -> PushFoldThresholds:
    """A stand-in for ``push_fold_thresholds`` that gives :func:`whole_grid`'s table when asked
    for it (no ante, the default stacks and tolerance: anything else fails the test), calling
    ``progress`` for each stack of the grid as the library does."""
    progress = asked.pop("progress", None)
    assert asked in ({}, {"ante": 0.0}), f"the command asked for another table: {asked}"
    table = whole_grid()
    if progress is not None:
        assert callable(progress)
        for done in range(len(table.stacks)):
            progress(done + 1, len(table.stacks))
    return table
