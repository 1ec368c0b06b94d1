"""The compiled kernels agree with the scalar evaluators hand by hand, and stay in bounds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerscore.engine import evaluate
from pokerscore.engine.kernels import evaluate_rows, first_duplicate
from pokerscore.engine.kernels_tables import kernel_tables
from pokerscore.hands.batch import random_hands


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_kernel_matches_scalar(size: int) -> None:
    hands = random_hands(30_000, size, seed=size)
    values = np.empty(len(hands), dtype=np.uint16)
    evaluate_rows(hands, *kernel_tables(size), values)
    assert values.tolist() == [evaluate(hand) for hand in hands.tolist()]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_kernel_on_random_club_flushes_with_off_suit_cards(size: int) -> None:
    # Five random clubs (a flush, sometimes a straight flush) plus random diamonds: the flush path.
    rng = np.random.default_rng(size)
    clubs = np.array([rng.choice(13, size=5, replace=False) * 4 for _ in range(5000)])
    others = np.array(
        [rng.choice(np.arange(1, 52, 4), size - 5, replace=False) for _ in range(5000)]
    )
    hands = np.ascontiguousarray(np.hstack([clubs, others]), dtype=np.uint8)
    values = np.empty(len(hands), dtype=np.uint16)
    evaluate_rows(hands, *kernel_tables(size), values)
    assert values.tolist() == [evaluate(hand) for hand in hands.tolist()]


def test_first_duplicate_names_row_and_columns() -> None:
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [9, 10, 11, 12, 10]], dtype=np.uint8)
    assert first_duplicate(hands) == (2, 4, 1)
    assert first_duplicate(hands[:2]) == (-1, -1, -1)


# Every id 0..255 in every column, and 255s beside an ace: unchecked garbage, run by the kernels.
# With ``cut``, the per-card tables lose their padding past id 51: a control that must fail.
GARBAGE_SCRIPT = """
import sys
import numpy as np
from pokerscore.engine.kernels import evaluate_rows, evaluate_rows_5
from pokerscore.engine.kernels_tables import five_card_tables, kernel_tables

cut = sys.argv[1] == "cut"
for size in (5, 6, 7):
    rows = [np.full(size, value) for value in range(256)]
    rows += [np.roll(np.r_[np.full(size - 1, 255), [51]], shift) for shift in range(size)]
    hands = np.ascontiguousarray(np.array(rows, dtype=np.uint8))
    out = np.empty(len(hands), dtype=np.uint16)
    tables = kernel_tables(size)
    if cut:
        tables = tables._replace(card_keys=tables.card_keys[:52].copy())
    evaluate_rows(hands, *tables, out)
    if size == 5:
        five = five_card_tables()
        evaluate_rows_5(hands, *(five._replace(keys=five.keys[:52].copy()) if cut else five), out)
print("in bounds")
"""


def run_with_bounds_checks(tables: str, cache: Path) -> subprocess.CompletedProcess[str]:
    """Run the garbage through freshly compiled kernels with Numba's bounds checks on: an
    out-of-bounds read raises IndexError instead of silently reading (or crashing on) memory."""
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "NUMBA_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-c", GARBAGE_SCRIPT, tables],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_unchecked_garbage_never_reads_out_of_bounds(tmp_path: Path) -> None:
    result = run_with_bounds_checks("padded", tmp_path / "padded")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "in bounds"
    # The control: without the padding, the same run must be caught reading out of bounds.
    control = run_with_bounds_checks("cut", tmp_path / "cut")
    assert control.returncode != 0 and "IndexError" in control.stderr, control.stderr
