"""The compiled replay has one signature (issue 32 §5): the readers' kernels pass ``replay_one``
a step record and a site record of the very types ``replay`` and the replayer's steps pass from
Python, so that the whole replay (about 35 s of CPU) is compiled once, not once for the readers
(who passed neither) and once more for Python."""

from __future__ import annotations

import ast
import importlib
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


KERNEL_MODULES = ("_bytes", "_phh_kernels", "_pot_kernels", "_replay_kernels", "_stars_kernels",
                  "_stats_kernels")  # fmt: skip


def _kernels() -> dict[str, bool]:
    """Every kernel of the hand-history modules by name: whether it is inlined."""
    found: dict[str, bool] = {}
    for name in KERNEL_MODULES:
        module = importlib.import_module(f"pokerscore.histories.{name}")
        for function in ast.walk(ast.parse(inspect.getsource(module))):
            if not isinstance(function, ast.FunctionDef):
                continue
            for decorator in function.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and getattr(decorator.func, "id", "") == "kernel"
                ):
                    inline = [k for k in decorator.keywords if k.arg == "inline"]
                    found[function.name] = bool(inline) and ast.literal_eval(inline[0].value)
    return found


def test_no_kernel_is_called_with_a_constant_argument() -> None:
    # A constant argument (``0``, ``-1``, ``STUD_CARDS``, ``Refusal.X``) is typed Literal[int]:
    # the callee is compiled once more for it, beside the int64 version its other callers use
    # (``_judge_pot`` was compiled twice, for a board of literal 5 cards, and every helper
    # below it twice more). Inlined helpers are typed at each call anyway.
    kernels = _kernels()
    constants: list[str] = []
    for name in KERNEL_MODULES:
        module = importlib.import_module(f"pokerscore.histories.{name}")
        for call in ast.walk(ast.parse(inspect.getsource(module))):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
                continue
            if kernels.get(call.func.id, True):
                continue  # not a kernel, or an inlined one
            for argument in call.args:
                value = argument.operand if isinstance(argument, ast.UnaryOp) else argument
                constant = (
                    isinstance(value, ast.Constant)
                    or (
                        isinstance(value, ast.Name)
                        and isinstance(getattr(module, value.id, None), int)
                    )
                    or (
                        isinstance(value, ast.Attribute)
                        and isinstance(value.value, ast.Name)
                        and isinstance(
                            getattr(getattr(module, value.value.id, None), value.attr, None), int
                        )
                    )
                )
                if constant:
                    constants.append(
                        f"{name}:{call.lineno} {call.func.id}({ast.unparse(argument)})"
                    )
    assert constants == []
