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


class MultiwayGame(NamedTuple):
    """Sampled deals of a push/fold hand of ``n`` players (3 or 4): ``classes[d, k]``, the class
    of player ``k`` in deal ``d``; ``values[d, leaf, k]``, what player ``k`` ends with when the
    players of the bit set ``leaf`` went all in and the others folded (chips won, or ICM
    prize equity)."""

    classes: npt.NDArray[np.int64]
    values: FloatArray


@kernel(inline=True)
def _leaf_factor(strategy: FloatArray, player: int, leaf: int, big_blind: int, hand: int) -> float:
    """The chance that ``player`` acts as in ``leaf``, given the players before it in ``leaf``."""
    before = leaf & ((1 << player) - 1)
    share: float = strategy[player, before, hand]
    if player == big_blind and before == 0:  # everyone folded: the big blind has no decision
        return 0.0 if leaf >> player & 1 else 1.0
    return share if leaf >> player & 1 else 1.0 - share


@kernel()
def multiway_gains(
    game: MultiwayGame, strategy: FloatArray, player: int, gains: FloatArray, values: FloatArray
) -> None:
    """For ``player``, each situation's (bit set of the players before it that went in) value of
    going in (``values[0, situation, class]``) and of folding (``values[1, ...]``), summed over the
    deals, weighted by the chance that the others act so; ``gains`` receives their difference."""
    classes, outcomes = game.classes, game.values
    deals, players = classes.shape
    leaves = 1 << players
    big_blind = players - 1
    values[:] = 0.0
    for deal in range(deals):
        mine = classes[deal, player]
        for leaf in range(leaves):
            if leaf == 1 << big_blind:
                continue  # only the big blind in: it never comes to that
            others = 1.0
            for other in range(players):
                if other != player:
                    others *= _leaf_factor(strategy, other, leaf, big_blind, classes[deal, other])
                    if others == 0.0:
                        break
            if others == 0.0:
                continue
            before = leaf & ((1 << player) - 1)
            went = leaf >> player & 1
            if player == big_blind and before == 0:
                continue  # no decision
            values[1 - went, before, mine] += others * outcomes[deal, leaf, player]
    gains[:] = values[0] - values[1]


@kernel()
def solve_multiway_game(
    game: MultiwayGame,
    tolerance: float,
    max_iterations: int,
    check_every: int,
    min_iterations: int,
    strategy: FloatArray,
) -> tuple[float, int]:
    """CFR+ on the sampled game, each player updated in turn, for at least ``min_iterations``
    (the average of the first few carries their wide swings): writes the average strategy
    (player, situation, class) to ``strategy``; returns the exploitability per deal (the sum of
    the players' best-response gains on these deals) and the iterations run."""
    players = game.classes.shape[1]
    deals = game.classes.shape[0]
    situations = strategy.shape[1]
    classes = strategy.shape[2]
    current = np.full(strategy.shape, 0.5)
    total = np.zeros(strategy.shape)
    regret = np.zeros((players, situations, classes, 2))
    gains = np.zeros((situations, classes))
    values = np.zeros((2, situations, classes))
    weights = 0.0
    exploitability = np.inf
    iteration = 0
    while iteration < max_iterations:
        iteration += 1
        for player in range(players):
            multiway_gains(game, current, player, gains, values)
            for situation in range(1 << player):
                for hand in range(classes):
                    _regret_step(
                        regret[player, situation, hand],
                        gains[situation, hand],
                        current[player, situation, hand],
                    )
                    current[player, situation, hand] = _strategy(regret[player, situation, hand])
                    total[player, situation, hand] += iteration * current[player, situation, hand]
        weights += iteration
        if iteration % check_every == 0 or iteration == max_iterations:
            strategy[:] = total / weights
            exploitability = multiway_exploitability(game, strategy, gains, values) / deals
            if exploitability <= tolerance and iteration >= min_iterations:
                break
    strategy[:] = total / weights
    return exploitability, iteration


@kernel()
def multiway_exploitability(
    game: MultiwayGame, strategy: FloatArray, gains: FloatArray, values: FloatArray
) -> float:
    """The sum over players of each one's best-response gain against the others (summed over
    the deals: each player decides once on any path, so its best response is situation by
    situation and class by class)."""
    players = game.classes.shape[1]
    total = 0.0
    for player in range(players):
        multiway_gains(game, strategy, player, gains, values)
        for situation in range(1 << player):
            if player == players - 1 and situation == 0:
                continue
            for hand in range(strategy.shape[2]):
                going, folding = values[0, situation, hand], values[1, situation, hand]
                share = strategy[player, situation, hand]
                total += max(going, folding) - (share * going + (1.0 - share) * folding)
    return total
