"""The compiled kernels agree with the scalar evaluators hand by hand, under every ranking."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerscore.engine import RANKINGS, Ranking
from pokerscore.engine.kernels.batch import evaluate_rows, evaluate_rows_5
from pokerscore.engine.kernels.validation import any_bad_row, first_duplicate
from pokerscore.hands.batch import random_hands


def _kernel_values(hands: np.ndarray, ranking: Ranking) -> list[int]:
    values = np.empty(len(hands), dtype=np.uint16)
    kernel = evaluate_rows_5 if hands.shape[1] == 5 else evaluate_rows
    kernel(np.ascontiguousarray(hands, dtype=np.uint8), ranking.tables(hands.shape[1]), values)
    return [int(value) for value in values]


@pytest.mark.parametrize("ranking", RANKINGS.values(), ids=str)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_kernel_matches_scalar(ranking: Ranking, size: int) -> None:
    hands = random_hands(20_000, size, seed=size, ranking=ranking)
    assert _kernel_values(hands, ranking) == [ranking.evaluate(hand) for hand in hands.tolist()]


@pytest.mark.parametrize("ranking", RANKINGS.values(), ids=str)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_kernel_on_random_clubs_flushes(ranking: Ranking, size: int) -> None:
    # Five random clubs of the ranking's deck plus other suits exercise the flush paths.
    rng = np.random.default_rng(size)
    ranks = np.array(ranking.ranks)
    clubs = np.array([rng.choice(ranks, size=5, replace=False) * 4 for _ in range(3000)])
    others = np.array(
        [
            rng.choice(ranks, size - 5, replace=False) * 4 + 1 + rng.integers(0, 3)
            for _ in range(3000)
        ]
    ).reshape(3000, size - 5)
    hands = np.hstack([clubs, others])
    assert _kernel_values(hands, ranking) == [ranking.evaluate(hand) for hand in hands.tolist()]


def test_first_duplicate_names_row_and_columns() -> None:
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [9, 10, 11, 12, 10]], dtype=np.uint8)
    assert first_duplicate(hands) == (2, 4, 1)
    assert first_duplicate(hands[:2]) == (-1, -1, -1)


def test_bad_row_check_sees_ids_outside_the_deck_and_duplicates() -> None:
    full = np.uint64((1 << 52) - 1)
    short = np.uint64(RANKINGS["short-deck"].deck_mask)
    good = np.array([[51, 47, 43, 39, 35]], dtype=np.uint8)
    assert not any_bad_row(good, full) and not any_bad_row(good, short)
    assert any_bad_row(np.array([[0, 47, 43, 39, 35]], dtype=np.uint8), short)  # a deuce
    assert any_bad_row(np.array([[52, 47, 43, 39, 35]], dtype=np.uint8), full)
    assert any_bad_row(np.array([[115, 47, 43, 39, 35]], dtype=np.uint8), full)  # 115 & 63 = 51
    assert any_bad_row(np.array([[51, 47, 43, 39, 51]], dtype=np.uint8), full)


# Every id 0..255 in every column, and 255s beside an ace: unchecked garbage, run by the kernels
# of every ranking. With ``cut``, the per-card tables lose their padding past id 51: a control
# that must fail.
GARBAGE_SCRIPT = """
import sys
import numpy as np
from pokerscore.engine import RANKINGS
from pokerscore.engine.kernels.batch import evaluate_rows, evaluate_rows_5

cut = sys.argv[1] == "cut"
for ranking in RANKINGS.values():
    for size in (5, 6, 7):
        rows = [np.full(size, value) for value in range(256)]
        rows += [np.roll(np.r_[np.full(size - 1, 255), [51]], shift) for shift in range(size)]
        hands = np.ascontiguousarray(np.array(rows, dtype=np.uint8))
        out = np.empty(len(hands), dtype=np.uint16)
        tables = ranking.tables(size)
        if cut:
            tables = tables._replace(
                card_keys=tables.card_keys[:52].copy(), keys5=tables.keys5[:52].copy()
            )
        (evaluate_rows_5 if size == 5 else evaluate_rows)(hands, tables, out)
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
