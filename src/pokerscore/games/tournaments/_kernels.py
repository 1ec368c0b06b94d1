"""The compiled side of push/fold: regret matching on the heads-up class game.

The heads-up game (:func:`pokerscore.games.tournaments.pushfold.solve_heads_up`) is one
decision per class and side, with payoffs linear in the other side's strategy; it is solved by
CFR+ (regret matching+, the two sides updated in turn, the average strategy weighted by the
iteration's number), which comes within a millionth of a big blind per hand of the equilibrium in
some hundreds of iterations, where fictitious play took tens of thousands (measured while
building this).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel

FloatArray = npt.NDArray[np.float64]


class HeadsUpGame(NamedTuple):
    """The heads-up game per class pair, each weighted by the chance of the pair: ``called``
    (row: the small blind's class), its shove called less its steal; ``calls`` (row: the big
    blind's class), its call less its fold against a shove; and per class of the small blind,
    ``steals`` and ``folds``."""

    called: FloatArray
    calls: FloatArray
    steals: FloatArray
    folds: FloatArray


@kernel(inline=True)
def _gains(game: HeadsUpGame, push: FloatArray, call: FloatArray) -> float:
    """The sum of both sides' best-response gains against the other's strategy."""
    called, calls, steals, folds = game.called, game.calls, game.steals, game.folds
    size = push.shape[0]
    total = 0.0
    for row in range(size):
        shove = steals[row]
        for column in range(size):
            shove += called[row, column] * call[column]
        total += max(shove, folds[row]) - (push[row] * shove + (1.0 - push[row]) * folds[row])
    for row in range(size):
        gain = 0.0
        for column in range(size):
            gain += calls[row, column] * push[column]
        total += max(gain, 0.0) - call[row] * gain
    return total


@kernel()
def solve_heads_up_game(
    game: HeadsUpGame,
    tolerance: float,
    max_iterations: int,
    check_every: int,
    regret: FloatArray,
    out: FloatArray,
) -> tuple[float, int]:
    """Run CFR+ until the average strategies' exploitability is at most ``tolerance``: writes the
    small blind's shoving share per class to ``out[0]`` and the big blind's calling share to
    ``out[1]``; returns the exploitability and the iterations run.

    ``regret`` (side, class, act or not) is where the run starts and is left where it ends: zeros
    start from scratch, a solution of a nearby game (the next stack of a table) starts close."""
    called, calls, steals, folds = game.called, game.calls, game.steals, game.folds
    size = steals.shape[0]
    push = np.empty(size)
    call = np.empty(size)
    for row in range(size):
        push[row] = _strategy(regret[0, row])
        call[row] = _strategy(regret[1, row])
    push_sum = np.zeros(size)
    call_sum = np.zeros(size)
    weights = 0.0
    exploitability = np.inf
    iteration = 0
    while iteration < max_iterations:
        iteration += 1
        for row in range(size):
            gain = steals[row] - folds[row]
            for column in range(size):
                gain += called[row, column] * call[column]
            _regret_step(regret[0, row], gain, push[row])
            push[row] = _strategy(regret[0, row])
            push_sum[row] += iteration * push[row]
        for row in range(size):
            gain = 0.0
            for column in range(size):
                gain += calls[row, column] * push[column]
            _regret_step(regret[1, row], gain, call[row])
            call[row] = _strategy(regret[1, row])
            call_sum[row] += iteration * call[row]
        weights += iteration
        if iteration % check_every == 0 or iteration == max_iterations:
            out[0, :] = push_sum / weights
            out[1, :] = call_sum / weights
            exploitability = _gains(game, out[0], out[1])
            if exploitability <= tolerance:
                break
    return exploitability, iteration


@kernel(inline=True)
def _regret_step(regret: FloatArray, gain: float, share: float) -> None:
    """Regret matching+: the action's regrets against the value played, floored at zero
    (``gain`` is playing less not playing, ``share`` how often it was played)."""
    value = share * gain
    regret[0] = max(regret[0] + gain - value, 0.0)
    regret[1] = max(regret[1] - value, 0.0)


@kernel(inline=True)
def _strategy(regret: FloatArray) -> float:
    total = regret[0] + regret[1]
    return regret[0] / total if total > 0.0 else 0.5
