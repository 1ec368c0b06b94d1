"""Exhaustive counts of 5, 6 and 7-card hands: the published figures, and an independent check."""

from __future__ import annotations

import json
from math import comb

import numpy as np
import pytest

from pokerscore.cards import HandSizeError, PokerScoreError
from pokerscore.cli.app import app
from pokerscore.engine import HIGH, STANDARD_CATEGORIES
from pokerscore.engine.keys import SUIT_MASK_5, SUIT_SHIFT_5
from pokerscore.engine.value_counts import count_values
from pokerscore.hands.batch import evaluate_batch
from pokerscore.hands.statistics import exhaustive_counts, sampled_counts
from tests.cli_runner import separate_streams_runner

# Published category counts (e.g. Wikipedia, "Poker probability"), weakest category first.
PUBLISHED = {
    5: (1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4),
    6: (6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1656, 188),
    7: (23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 37260, 4324),
}
DISTINCT = {5: 7462, 6: 6075, 7: 4824}
TOTAL = {5: 2598960, 6: 20358520, 7: 133784560}


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
def test_exhaustive_counts_match_published(size: int) -> None:
    seen: list[tuple[int, int]] = []
    counts = exhaustive_counts(cards=size, progress=lambda done, total: seen.append((done, total)))
    assert counts.total == TOTAL[size]
    assert counts.distinct == DISTINCT[size]
    assert tuple(counts.counts[category] for category in HIGH.categories) == PUBLISHED[size]
    assert seen[-1] == (TOTAL[size], TOTAL[size])
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_enumerator_and_batch_kernel_agree_on_every_five_card_hand() -> None:
    # The batch kernel scores the 2,598,960 hands listed by NumPy; the enumerator visits them
    # with its own loops: two ways through the hands, one histogram.
    hands = _colex_combinations(52, 5)
    histogram = np.bincount(evaluate_batch(hands, check=False), minlength=7463)
    assert histogram.tolist() == count_values(5)


def _colex_combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) in colex order, so those of range(m) come first (C(m, k) rows)."""
    combos = np.arange(n, dtype=np.uint8)[:, None]
    for size in range(2, k + 1):
        blocks = [
            np.hstack(
                [
                    combos[: comb(top, size - 1)],
                    np.full((comb(top, size - 1), 1), top, dtype=np.uint8),
                ]
            )
            for top in range(size - 1, n)
        ]
        combos = np.vstack(blocks)
    return combos


@pytest.mark.slow
def test_six_card_histogram_by_brute_force() -> None:
    """Every six-card hand as the best of its six five-card hands, on the five-card tables only.

    Shares neither the rank/select tables nor the derived six-card table with the engine.
    """
    tables = HIGH.tables(5)
    keys, is_flush = tables.keys5.astype(np.int64), tables.is_flush5
    flush, plain = tables.flush5, tables.plain5
    combos = _colex_combinations(51, 5)
    histogram = np.zeros(7463, dtype=np.int64)
    for first in range(47):
        rest = combos[: comb(51 - first, 5)].astype(np.int64) + first + 1
        card_keys = keys[rest]
        total = card_keys.sum(axis=1) + keys[first]
        best = np.zeros(len(rest), dtype=np.uint16)
        # Drop each card in turn: the first, then each of the other five (keys are additive).
        for dropped in [np.full(len(rest), keys[first]), *card_keys.T]:
            key = total - dropped
            suited = is_flush[key & SUIT_MASK_5]
            value = np.where(suited, flush[key >> SUIT_SHIFT_5], plain[key >> SUIT_SHIFT_5])
            np.maximum(best, value, out=best)
        histogram += np.bincount(best, minlength=7463)
    assert histogram.tolist() == count_values(6)


def test_unknown_size_is_refused() -> None:
    with pytest.raises(HandSizeError, match="expected 5 to 7 cards, got 4"):
        exhaustive_counts(cards=4)
    with pytest.raises(HandSizeError, match="expected 5 to 7 cards, got 8"):
        sampled_counts(10, cards=8)
    with pytest.raises(PokerScoreError, match="a whole number 1 or more, got 0"):
        sampled_counts(0)
    with pytest.raises(PokerScoreError, match="seed"):
        sampled_counts(10, seed=-1)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_sampled_counts_are_reproducible_and_close(size: int) -> None:
    counts = sampled_counts(200_000, seed=5, cards=size)
    assert counts == sampled_counts(200_000, seed=5, cards=size)
    assert counts.total == 200_000
    for category, published in zip(STANDARD_CATEGORIES, PUBLISHED[size], strict=True):
        expected = 200_000 * published / TOTAL[size]
        assert abs(counts.counts[category] - expected) < 5 * expected**0.5 + 3


@pytest.mark.slow
def test_stats_command_prints_seven_card_counts() -> None:
    result = separate_streams_runner().invoke(app, ["stats", "--cards", "7", "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["cards"] == 7 and payload["total"] == 133784560 and payload["distinct"] == 4824
    assert payload["counts"]["royal-flush"] == 4324
    assert payload["counts"]["straight-flush"] == 37260
    table = separate_streams_runner().invoke(app, ["stats", "--cards", "6"])
    assert "All 20,358,520 6-card hands" in table.stdout and "188" in table.stdout


def test_stats_command_samples_seven_cards() -> None:
    args = ["stats", "--cards", "7", "--sample", "5000", "--seed", "4", "--json"]
    first = separate_streams_runner().invoke(app, args)
    assert first.exit_code == 0, first.output
    payload = json.loads(first.stdout)
    assert payload["cards"] == 7 and payload["total"] == 5000 and payload["sample"] is True
    assert separate_streams_runner().invoke(app, args).stdout == first.stdout


def test_stats_command_refuses_other_sizes() -> None:
    result = separate_streams_runner().invoke(app, ["stats", "--cards", "8"])
    assert result.exit_code == 2
