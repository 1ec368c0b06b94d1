"""The subset steps of ``engine.combinatorics`` against ``itertools.combinations``."""

from __future__ import annotations

from itertools import combinations

import pytest

from pokerscore.engine.combinatorics import next_colex_subset, next_lex_subset


@pytest.mark.parametrize(("n", "k"), [(0, 0), (3, 0), (3, 3), (5, 2), (7, 3), (9, 5)])
def test_next_lex_subset_steps_through_every_subset_in_order(n: int, k: int) -> None:
    subset = list(range(k))
    found = [tuple(subset)]
    while next_lex_subset(subset, k, n):
        found.append(tuple(subset))
    assert found == list(combinations(range(n), k))
    assert subset == list(range(n - k, n))  # the last one, unchanged


@pytest.mark.parametrize(("n", "k"), [(5, 2), (7, 3), (9, 5)])
def test_next_colex_subset_visits_the_same_subsets(n: int, k: int) -> None:
    subset = list(range(k))
    found = {tuple(subset)}
    for _ in range(len(list(combinations(range(n), k))) - 1):
        next_colex_subset(subset, k, n)
        found.add(tuple(subset))
    assert found == set(combinations(range(n), k))
