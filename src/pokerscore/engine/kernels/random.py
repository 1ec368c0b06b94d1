"""SplitMix64 compiled: the one generator every dealing kernel draws from.

The specification is :mod:`pokerscore.games.videopoker.deal` (``SplitMix64.next64`` and
``below``), which tests check these against output for output; the constants are restated here
because the engine sits below the games.
"""

from __future__ import annotations

import numpy as np

from pokerscore.engine.jit import kernel

GOLDEN_GAMMA = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
UNIT = 1.0 / 9007199254740992.0
"""2**-53: a 53-bit integer times this is a float in [0, 1)."""


@kernel()
def splitmix64(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """The next state and 64-bit output of SplitMix64."""
    state = state + GOLDEN_GAMMA
    value = state
    value = (value ^ (value >> np.uint64(30))) * MIX1
    value = (value ^ (value >> np.uint64(27))) * MIX2
    return state, value ^ (value >> np.uint64(31))


@kernel()
def below(state: np.uint64, n: int) -> tuple[np.uint64, np.int64]:
    """The next state and a uniform integer in ``0 .. n - 1`` (``1 <= n < 2**32``): Lemire's
    multiply of the output's top 32 bits, rejecting the few products that would favour some
    values."""
    bound = np.uint64(n)
    while True:
        state, value = splitmix64(state)
        product = (value >> np.uint64(32)) * bound  # below 2**64: unsigned
        low = product & np.uint64(0xFFFFFFFF)
        # The threshold is below n: only a low part under n needs it (and its division).
        if low >= bound or low >= (np.uint64(4294967296) - bound) % bound:
            return state, np.int64(product >> np.uint64(32))


@kernel()
def uniform(state: np.uint64) -> tuple[np.uint64, float]:
    """The next state and a float in [0, 1) from the output's top 53 bits."""
    state, value = splitmix64(state)
    return state, float(value >> np.uint64(11)) * UNIT
