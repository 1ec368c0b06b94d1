"""The compiled kernels agree with the scalar evaluators hand by hand."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from pokerscore.engine import evaluate  # noqa: E402
from pokerscore.engine.kernels import evaluate_rows, first_duplicate  # noqa: E402
from pokerscore.engine.kernels_tables import kernel_tables  # noqa: E402
from pokerscore.hands.batch import random_hands  # noqa: E402


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_kernel_matches_scalar(size: int) -> None:
    hands = random_hands(30_000, size, seed=size)
    values = np.empty(len(hands), dtype=np.uint16)
    evaluate_rows(hands, *kernel_tables(size), values)
    assert values.tolist() == [evaluate(hand) for hand in hands.tolist()]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_kernel_on_every_flush_and_straight_flush(size: int) -> None:
    # Hands heavy in one suit exercise the flush path: clubs plus the lowest other cards.
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


def test_unchecked_garbage_never_reads_out_of_bounds() -> None:
    hands = np.full((4, 7), 255, dtype=np.uint8)
    values = np.empty(4, dtype=np.uint16)
    evaluate_rows(hands, *kernel_tables(7), values)  # meaningless values, but no crash
    assert values.shape == (4,)


def test_five_card_kernel_survives_unchecked_garbage() -> None:
    from pokerscore.engine.kernels import evaluate_rows_5
    from pokerscore.engine.kernels_tables import five_card_tables

    hands = np.array([[255] * 5, [51] * 5, [0, 0, 0, 0, 0]], dtype=np.uint8)
    values = np.empty(3, dtype=np.uint16)
    evaluate_rows_5(hands, *five_card_tables(), values)  # meaningless values, but no crash
    assert values.shape == (3,)
