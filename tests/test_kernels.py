"""The compiled kernels agree with the scalar evaluators hand by hand, under every ranking."""

from __future__ import annotations

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


@pytest.mark.parametrize("ranking", RANKINGS.values(), ids=str)
def test_unchecked_garbage_gives_values_not_crashes(ranking: Ranking) -> None:
    # tests/test_engine_tables.py proves the bounds; this runs the kernels on the extremes.
    for size in (5, 6, 7):
        hands = np.array([[255] * size, [51] * size, [0] * size], dtype=np.uint8)
        assert len(_kernel_values(hands, ranking)) == 3
