"""The compiled replay has one signature (issue 32 §5): the readers' kernels pass ``replay_one``
a step record and a site record of the very types ``replay`` and the replayer's steps pass from
Python, so that the whole replay (about 35 s of CPU) is compiled once, not once for the readers
(who passed neither) and once more for Python."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import numba
import numpy as np

from pokerscore.histories._replay_kernels import SITE_RECORD_SIZE, no_steps
from pokerscore.histories._stars_kernels import new_stars_scratch
from pokerscore.histories.hand_input import engine_rows, step_record
from pokerscore.histories.phh import read_phh

DATA = Path(__file__).parents[1] / "data" / "histories"


def test_the_readers_pass_replay_one_the_records_python_passes() -> None:
    python = numba.typeof(step_record(3)), numba.typeof(np.zeros(SITE_RECORD_SIZE, np.int64))
    # the records as the readers' kernels build them (their Python bodies: the same arrays):
    # the PHH share's own (_phh_share: no_steps and a site record), the PokerStars scratch's
    phh = numba.typeof(no_steps.py_func()), numba.typeof(np.zeros(SITE_RECORD_SIZE, np.int64))
    assert phh == python
    scratch = new_stars_scratch.py_func()
    assert (numba.typeof(scratch.steps), numba.typeof(scratch.site_record)) == python


def test_a_step_record_of_no_rows_records_nothing_and_changes_nothing() -> None:
    for hand in read_phh(DATA / "actions.phhs"):
        record = step_record(len(hand.actions))
        recorded, unrecorded = engine_rows(hand, record), engine_rows(hand, no_steps())
        if recorded is None or unrecorded is None:
            assert recorded is unrecorded  # neither converted
            continue
        assert record.written[0] >= 1  # the posts at least: the real record is written
        assert recorded[0] == unrecorded[0]
        for mine, other in zip(recorded[1], unrecorded[1], strict=True):
            assert np.array_equal(mine, other)


def test_every_reader_passes_replay_one_both_records() -> None:
    # A call that leaves the step record or the site record to their defaults (None) compiles
    # the whole replay once more (the PHH share did so from session 21 to 25: 15-20 s of CPU).
    folder = Path(inspect.getfile(no_steps.py_func)).parent
    calls = {}
    for path in sorted(folder.glob("*.py")):
        for call in ast.walk(ast.parse(path.read_text())):
            if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "replay_one":
                calls[f"{path.name}:{call.lineno}"] = len(call.args) + len(call.keywords)
    assert len(calls) >= 9  # PHH's share, Python's replay and the seven sites' shares
    assert {place: count for place, count in calls.items() if count != 7} == {}
