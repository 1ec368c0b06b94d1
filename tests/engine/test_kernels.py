"""The compiled kernels agree with the scalar evaluators hand by hand, under every ranking."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerscore.engine import RANKINGS, Ranking
from pokerscore.engine.kernels.batch import (
    evaluate_checked_rows,
    evaluate_checked_rows_5,
    evaluate_rows,
    evaluate_rows_5,
)
from pokerscore.engine.kernels.validation import (
    BLOCK_ROWS,
    _any_bad_row_by_bits,
    ahead_masks,
    any_bad_row,
    deck_run,
    first_duplicate,
)
from pokerscore.engine.rankings import Play
from pokerscore.hands.batch import random_hands

FIVE_CARD = [ranking for ranking in RANKINGS.values() if ranking.play is Play.BEST_FIVE]
"""The rankings whose hands the batch kernels score (not badugi's four cards)."""


def _kernel_values(hands: np.ndarray, ranking: Ranking) -> list[int]:
    values = np.empty(len(hands), dtype=np.uint16)
    kernel = evaluate_rows_5 if hands.shape[1] == 5 else evaluate_rows
    kernel(np.ascontiguousarray(hands, dtype=np.uint8), ranking.tables(hands.shape[1]), values)
    return [int(value) for value in values]


@pytest.mark.slow
@pytest.mark.parametrize("ranking", FIVE_CARD, ids=str)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_kernel_matches_scalar(ranking: Ranking, size: int) -> None:
    hands = random_hands(20_000, size=size, seed=size, ranking=ranking)
    assert _kernel_values(hands, ranking) == [ranking.evaluate(hand) for hand in hands.tolist()]


@pytest.mark.parametrize("ranking", FIVE_CARD, ids=str)
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
    if ranking.size != 5:  # badugi: no five-card tables
        continue
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


@pytest.mark.slow
def test_unchecked_garbage_never_reads_out_of_bounds(tmp_path: Path) -> None:
    result = run_with_bounds_checks("padded", tmp_path / "padded")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "in bounds"
    # The control: without the padding, the same run must be caught reading out of bounds.
    control = run_with_bounds_checks("cut", tmp_path / "cut")
    assert control.returncode != 0 and "IndexError" in control.stderr, control.stderr


def _every_pair_duplicated(hands: np.ndarray, row: int) -> list[np.ndarray]:
    """Copies of ``hands`` with row ``row`` holding its card of column a again in column b, for
    every pair of columns a < b."""
    width = hands.shape[1]
    copies = []
    for earlier in range(width):
        for later in range(earlier + 1, width):
            bad = hands.copy()
            bad[row, later] = bad[row, earlier]
            copies.append(bad)
    return copies


@pytest.mark.parametrize("size", [5, 6, 7])
def test_block_check_sees_a_duplicate_at_every_pair_of_columns_in_every_kind_of_block(
    size: int,
) -> None:
    # Three blocks and a part: the first and last blocks take the forward-only path, the middle
    # ones the rotation path; the rows checked are the edges of each block.
    hands = random_hands(3 * BLOCK_ROWS + 17, size=size, seed=20 + size)
    full = (1 << 52) - 1
    assert not any_bad_row(hands, full)
    rows = [0, BLOCK_ROWS - 1, BLOCK_ROWS, 2 * BLOCK_ROWS + 5, 3 * BLOCK_ROWS - 1, len(hands) - 1]
    for row in rows:
        for bad in _every_pair_duplicated(hands, row):
            assert any_bad_row(bad, full), (row, bad[row])


@pytest.mark.parametrize("size", [5, 6, 7])
def test_block_check_sees_every_id_outside_the_deck(size: int) -> None:
    hands = random_hands(2 * BLOCK_ROWS + 3, size=size, seed=30 + size)
    short = RANKINGS["short-deck"].deck_mask
    short_hands = random_hands(2 * BLOCK_ROWS + 3, size=size, seed=40 + size, ranking="short-deck")
    for row, column in [(0, 0), (BLOCK_ROWS + 1, size // 2), (len(hands) - 1, size - 1)]:
        for card_id in range(52, 256):
            bad = hands.copy()
            bad[row, column] = card_id
            assert any_bad_row(bad, (1 << 52) - 1), (row, card_id)
        for card_id in range(16):  # deuces to fives are outside the short deck
            bad = short_hands.copy()
            bad[row, column] = card_id
            assert any_bad_row(bad, short), (row, card_id)


@pytest.mark.slow
def test_block_check_agrees_with_the_bitwise_check_on_random_rows() -> None:
    # Rows of random ids in a small range make every kind of row: good ones, duplicates (often
    # several), ids outside the deck; rows are checked one per batch against the scalar check.
    rng = np.random.default_rng(7)
    for size in (5, 6, 7):
        for deck_mask in ((1 << 52) - 1, RANKINGS["short-deck"].deck_mask):
            hands = rng.integers(10, 60, size=(3000, size)).astype(np.uint8)
            expected = [
                _any_bad_row_by_bits(hands[i : i + 1], np.uint64(deck_mask)) for i in range(3000)
            ]
            assert 0 < sum(expected) < 3000
            got = [any_bad_row(hands[i : i + 1], deck_mask) for i in range(3000)]
            assert got == expected
            # Whole batch: bad exactly when some row is.
            assert any_bad_row(hands, deck_mask) == any(expected)


def test_deck_run_and_a_deck_with_a_hole() -> None:
    assert deck_run(RANKINGS["high"].deck_mask) == (0, 51)
    assert deck_run(RANKINGS["short-deck"].deck_mask) == (16, 51)
    no_sevens = ((1 << 52) - 1) & ~(0b1111 << 20)
    assert deck_run(no_sevens) is None
    hands = np.array([[0, 4, 8, 12, 16], [0, 4, 8, 12, 21]], dtype=np.uint8)
    assert not any_bad_row(hands[:1], no_sevens)
    assert any_bad_row(hands, no_sevens)  # 21 is the seven of diamonds


@pytest.mark.slow
@pytest.mark.parametrize("ranking", FIVE_CARD, ids=str)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_checked_kernels_values_and_flag(ranking: Ranking, size: int) -> None:
    # The kernels that check each block as they score it: on good rows, the values of the
    # scalar evaluator and of the unchecked kernel; a bad row anywhere raises the flag.
    hands = random_hands(2 * BLOCK_ROWS + 9, size=size, seed=size, ranking=ranking)
    first, last = deck_run(ranking.deck_mask) or (0, 0)
    tables = ranking.tables(size)
    checked = evaluate_checked_rows_5 if size == 5 else evaluate_checked_rows

    def run(cards: np.ndarray) -> tuple[bool, list[int]]:
        values = np.empty(len(cards), dtype=np.uint16)
        bad = checked(
            cards, tables, np.uint8(first), np.uint8(last - first), ahead_masks(size), values
        )
        return bool(bad), [int(value) for value in values]

    expected = [ranking.evaluate(hand) for hand in hands.tolist()]
    assert run(hands) == (False, expected)
    assert _kernel_values(hands, ranking) == expected
    for row in (0, BLOCK_ROWS - 1, BLOCK_ROWS + 3, len(hands) - 1):
        for bad in _every_pair_duplicated(hands, row):
            assert run(bad)[0], row
        for card_id in (last + 1, 255) + ((first - 1,) if first else ()):
            bad = hands.copy()
            bad[row, size - 1] = card_id
            assert run(bad)[0], (row, card_id)


@pytest.mark.slow
def test_openmp_threads_wait_asleep_unless_told_otherwise() -> None:
    # Spinning OpenMP threads took the cores a busy host's other work needed (DEVELOPERS.md,
    # "Threads"): the policy is set before Numba loads OpenMP, and a user's own setting stands.
    code = (
        "import os\nimport pokerscore.engine.jit\nfrom pokerscore import evaluate_batch, "
        "random_hands\nevaluate_batch(random_hands(5000, size=7, seed=1))\n"
        "print(os.environ['OMP_WAIT_POLICY'])"
    )
    for preset, expected in ((None, "passive"), ("active", "active")):
        env = {key: value for key, value in os.environ.items() if key != "OMP_WAIT_POLICY"}
        if preset is not None:
            env["OMP_WAIT_POLICY"] = preset
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == expected
