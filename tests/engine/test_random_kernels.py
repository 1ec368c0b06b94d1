"""The compiled SplitMix64 against its specification, the Python generator of the seeded deals.

Called from Python, a kernel returns its state as a Python int: it goes back in as a NumPy
uint64, as it stays inside kernels.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokerscore.engine.kernels.random import below, splitmix64, uniform
from pokerscore.games.videopoker.deal import MASK64, SplitMix64

SEEDS = [0, 1, 2024, 2**63, MASK64]


@pytest.mark.parametrize("seed", SEEDS)
def test_outputs_match_the_specification(seed: int) -> None:
    spec = SplitMix64(seed)
    state = np.uint64(seed)
    for _ in range(500):
        state, value = splitmix64(np.uint64(state))
        assert int(value) == spec.next64()
    assert int(state) == spec.state


@pytest.mark.parametrize("seed", SEEDS)
def test_bounded_integers_match_the_specification(seed: int) -> None:
    # Bounds near 2**32 reject often: the rejection must consume outputs as the spec does.
    spec = SplitMix64(seed)
    state = np.uint64(seed)
    for n in [1, 2, 3, 47, 52, 53, 2**31 + 1, 2**32 - 1] * 40:
        state, value = below(np.uint64(state), n)
        assert value == spec.below(n)
    assert int(state) == spec.state


def test_uniform_floats_are_the_top_53_bits() -> None:
    spec = SplitMix64(7)
    state = np.uint64(7)
    for _ in range(200):
        state, value = uniform(np.uint64(state))
        assert 0.0 <= value < 1.0
        assert value == (spec.next64() >> 11) / 2**53
