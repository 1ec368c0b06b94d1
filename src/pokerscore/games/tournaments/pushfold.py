"""Push or fold: the equilibrium of short-stacked play before the flop, where the only moves are
all in or fold (and, facing an all-in, call or fold).

Heads-up, the small blind shoves or folds and the big blind calls or folds. Each side's payoff
depends on its class and the other's only through the exact class-against-class equities with
card removal (:mod:`.class_equities`): the game is a 169 x 169 matrix game. It is solved by
CFR+ (regret matching+ per class, the two sides in turn, the average strategy weighted by the
iteration; :mod:`._kernels`). The run stops when the exploitability, the sum of what each side
would gain per hand by switching to its best response against the other's strategy, is at most
``tolerance``: by default a millionth of a big blind (the issue asks for at most 0.01), which
takes some hundreds of iterations. So tight a bound matters for the charts, not for the money:
a strategy off by a marginal class costs a thousandth of a big blind or less.

Amounts are in big blinds. The small blind posts 0.5, the big blind 1, and each player an
``ante`` first; a stack counts everything the player has before posting. With the ``payouts`` of
a tournament, each outcome is valued by its players' ICM prize equity (:func:`~.icm.icm`); with
two players left that is linear in the chips, so the strategies are those of chip EV (the tests
check it). Three and four players are :mod:`.multiway`.

A class's strategy is the share of its combos that shove (or call): 1 or 0 for almost every
class, a fraction for the one or two marginal classes at a stack (mixed strategies). The charts
and the thresholds simplify: a class counts as in a range when it plays at least half the time
(:data:`IN_RANGE`). A class's threshold is the largest stack of the grid (1 to 25 bb by 0.1, as
HoldemResources publishes it) at which it is in the equilibrium range.

>>> result = push_fold(10)
>>> [round(share, 3) for share in (result.push["A2o"], result.push["72o"], result.call["K9o"])]
[1.0, 0.0, 1.0]
>>> result.exploitability <= 0.001
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import isfinite
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import ParameterError
from pokerscore._support.progress import Progress
from pokerscore.games.tournaments.class_equities import CLASSES, class_matchups
from pokerscore.games.tournaments.icm import Amount, check_payouts, icm
from pokerscore.games.tournaments.spots import (
    BIG_BLIND,
    POSITIONS,
    SMALL_BLIND,
    PushFoldResult,
)

if TYPE_CHECKING:
    from pokerscore.games.tournaments._kernels import HeadsUpGame

FloatArray = npt.NDArray[np.float64]

IN_RANGE: Final = 0.5
"""A class counts as in a range (charts, thresholds) when it plays at least this share."""
TOLERANCE: Final = 1e-6
"""The default exploitability a solution stops at, per hand (in big blinds, or prize with ICM)."""
MAX_ITERATIONS: Final = 20_000
CHECK_EVERY: Final = 25
WARM_START: Final = 0.01
"""The share of the regrets one stack of the thresholds table hands to the next."""
THRESHOLD_STACKS: Final = tuple(round(0.1 * tenth, 1) for tenth in range(10, 251))
"""The stacks of the thresholds table: 1 to 25 bb by 0.1."""


def check_amount(value: object, parameter: str, *, low: float, high: float) -> float:
    """A finite number from ``low`` to ``high``, as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise ParameterError(f"{{name}} must be a number, got {type(value).__name__}", parameter)
    number = float(value)
    if not isfinite(number) or not low <= number <= high:
        raise ParameterError(f"{{name}} must be from {low:g} to {high:g}, not {value}", parameter)
    return number


MIN_STACK: Final = 1.0
MAX_STACK: Final = 1000.0


def check_stacks_bb(stack_bb: object, stacks: Sequence[float] | None) -> tuple[float, ...]:
    """The players' stacks in big blinds, in order of action: two equal ones from ``stack_bb``,
    or ``stacks`` (2 to 4 players), each enough to post the ante and its blind."""
    if stacks is None:
        if stack_bb is None:
            raise ParameterError("{name} is needed unless stacks are given", "stack_bb")
        one = check_amount(stack_bb, "stack_bb", low=MIN_STACK, high=MAX_STACK)
        found: tuple[float, ...] = (one, one)
    else:
        if stack_bb is not None:
            raise ParameterError("{name} and stacks cannot both be given", "stack_bb")
        if isinstance(stacks, str | bytes) or not isinstance(stacks, Sequence):
            raise ParameterError(
                f"{{name}} must be a sequence of numbers, got {type(stacks).__name__}", "stacks"
            )
        if not 2 <= len(stacks) <= 4:
            raise ParameterError(f"{{name}} must hold 2 to 4 players, not {len(stacks)}", "stacks")
        found = tuple(
            check_amount(stack, "stacks", low=MIN_STACK, high=MAX_STACK) for stack in stacks
        )
    return found


def check_ante(ante: object) -> float:
    """An ante in big blinds, from 0 to 1."""
    return check_amount(ante, "ante", low=0.0, high=1.0)


@dataclass(frozen=True)
class HeadsUpValues:
    """What each outcome of a heads-up push/fold hand is worth to each player, in big blinds or
    prize: the small blind folds (``fold``); shoves and the big blind folds (``steal``); both
    are all in and the small blind wins (``win``) or loses (``lose``). Each is the (small
    blind's, big blind's) value; a split pot is worth the mean of ``win`` and ``lose`` (linear
    in the chips, as heads-up ICM is)."""

    fold: tuple[float, float]
    steal: tuple[float, float]
    win: tuple[float, float]
    lose: tuple[float, float]


def heads_up_values(
    stacks: tuple[float, float], ante: float, payouts: tuple[Fraction, ...] | None
) -> HeadsUpValues:
    """Each outcome's value: the change of each player's stack, or its ICM equity."""
    small, big = stacks
    at_risk = min(small, big)
    changes = {
        "fold": (-SMALL_BLIND - ante, SMALL_BLIND + ante),
        "steal": (BIG_BLIND + ante, -BIG_BLIND - ante),
        "win": (at_risk, -at_risk),
        "lose": (-at_risk, at_risk),
    }
    if payouts is None:
        return HeadsUpValues(**changes)
    valued = {}
    for name, (mine, theirs) in changes.items():
        after = [Fraction(repr(small + mine)), Fraction(repr(big + theirs))]
        equities = icm(after, payouts[:2]).equities
        valued[name] = (float(equities[0]), float(equities[1]))
    return HeadsUpValues(**valued)


def heads_up_game(values: HeadsUpValues) -> HeadsUpGame:
    """The class game of :func:`solve_heads_up`: each outcome's value weighed by the chance of
    each pair of classes and their equity."""
    from pokerscore.games.tournaments._kernels import HeadsUpGame

    table = class_matchups()
    joint = table.pairs / table.pairs.sum()  # the chance of each pair of classes
    equity = table.equity
    win, lose = values.win, values.lose
    fold, steal = values.fold, values.steal
    chance = joint.sum(axis=1)
    game = HeadsUpGame(
        called=joint * (equity * (win[0] - lose[0]) + lose[0] - steal[0]),
        calls=(joint * (equity * (win[1] - lose[1]) + lose[1] - steal[1])).T.copy(),
        steals=chance * steal[0],
        folds=chance * fold[0],
    )
    for array in game:
        array.setflags(write=False)
    return game


def solve_heads_up(
    values: HeadsUpValues,
    *,
    tolerance: float = TOLERANCE,
    max_iterations: int = MAX_ITERATIONS,
    regret: FloatArray | None = None,
) -> tuple[FloatArray, FloatArray, float, int]:
    """The equilibrium of the 169 x 169 class game by CFR+: the small blind's shoving and the big
    blind's calling share per class, the exploitability, and the iterations run. ``regret``
    (2 x 169 x 2) starts the run where another ended, and is updated."""
    from pokerscore.games.tournaments._kernels import solve_heads_up_game

    out = np.zeros((2, CLASSES))
    start = np.zeros((2, CLASSES, 2)) if regret is None else regret
    exploitability, iterations = solve_heads_up_game(
        heads_up_game(values), tolerance, max_iterations, CHECK_EVERY, start, out
    )
    return out[0], out[1], float(exploitability), int(iterations)


def _payouts(payouts: Sequence[Amount] | None, players: int) -> tuple[Fraction, ...] | None:
    return None if payouts is None else check_payouts(payouts, players)


def push_fold(
    stack_bb: float | None = None,
    *,
    ante: float = 0.0,
    payouts: Sequence[Amount] | None = None,
    stacks: Sequence[float] | None = None,
    tolerance: float = TOLERANCE,
    samples: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> PushFoldResult:
    """The push-or-fold equilibrium: heads-up at ``stack_bb`` big blinds each, or for the
    ``stacks`` (in big blinds) of 2 to 4 players in order of action (small blind, big blind;
    or button, small blind, big blind; or cut-off, button, small blind, big blind).

    ``ante`` is each player's ante in big blinds; ``payouts`` (the prizes still to be won, first
    place first) values every outcome by ICM prize equity instead of chips. ``tolerance`` is the
    exploitability the solution stops at (per hand). Three and four players sample their deals
    (:mod:`pokerscore.games.tournaments.multiway`): ``samples`` deals (default
    :data:`~pokerscore.games.tournaments.multiway.DEFAULT_SAMPLES`) from ``seed``, the same
    deals for every strategy, so a seed gives one answer; ``progress`` is told of the sampling.

    >>> spot = push_fold(7.7)
    >>> spot.push["T3s"] >= 0.5, spot.push["T2s"] >= 0.5  # HoldemResources: T3s shoves to 7.7
    (True, False)
    >>> spot.unit, spot.positions
    ('bb', ('SB', 'BB'))

    Bad values raise a :class:`~pokerscore._support.errors.ParameterError` naming ``stack_bb``,
    ``stacks``, ``ante``, ``payouts``, ``tolerance``, ``samples`` or ``seed``.
    """
    chips = check_stacks_bb(stack_bb, stacks)
    posted = check_ante(ante)
    prizes = _payouts(payouts, len(chips))
    limit = check_amount(tolerance, "tolerance", low=1e-9, high=1.0)
    positions = POSITIONS[len(chips)]
    if len(chips) > 2:
        from pokerscore.games.tournaments.multiway import solve_multiway

        return solve_multiway(
            chips, posted, prizes, tolerance=limit, samples=samples, seed=seed, progress=progress
        )
    if min(chips) < BIG_BLIND + posted:
        raise ParameterError(
            f"{{name}} must cover the ante and the big blind ({BIG_BLIND + posted:g} bb)",
            "stack_bb" if stacks is None else "stacks",
        )
    values = heads_up_values((chips[0], chips[1]), posted, prizes)
    push, call, exploitability, iterations = solve_heads_up(values, tolerance=limit)
    names = class_matchups().names
    return PushFoldResult(
        stacks=chips,
        ante=posted,
        payouts=prizes,
        ranges={
            "SB push": dict(zip(names, push.tolist(), strict=True)),
            "BB call SB": dict(zip(names, call.tolist(), strict=True)),
        },
        exploitability=exploitability,
        iterations=iterations,
        positions=positions,
    )


@dataclass(frozen=True)
class PushFoldThresholds:
    """For each class, the largest stack (bb) of ``stacks`` at which it is in the heads-up
    equilibrium range (plays at least :data:`IN_RANGE` of the time): the small blind's ``push``
    and the big blind's ``call``; None for a class in no range of the grid."""

    ante: float
    stacks: tuple[float, ...]
    push: Mapping[str, float | None]
    call: Mapping[str, float | None]
    exploitability: float


def push_fold_thresholds(
    *,
    ante: float = 0.0,
    stacks: Sequence[float] = THRESHOLD_STACKS,
    tolerance: float = TOLERANCE,
    progress: Progress | None = None,
) -> PushFoldThresholds:
    """The heads-up thresholds table, as HoldemResources publishes it: the equilibrium at each
    of ``stacks`` (default 1 to 25 bb by 0.1), and each class's largest stack in range.

    >>> table = push_fold_thresholds(stacks=[5.6, 5.7, 7.7, 7.8])
    >>> table.push["T3s"], table.call["Q2o"]  # HoldemResources' chart, no ante
    (7.7, 5.6)

    ``exploitability`` is the largest of the solutions'. Bad values raise a
    :class:`~pokerscore._support.errors.ParameterError` naming ``ante``, ``stacks`` or
    ``tolerance``.
    """
    posted = check_ante(ante)
    limit = check_amount(tolerance, "tolerance", low=1e-9, high=1.0)
    if isinstance(stacks, str | bytes) or not isinstance(stacks, Sequence) or not stacks:
        raise ParameterError("{name} must be a non-empty sequence of stacks in bb", "stacks")
    grid = sorted(
        {check_amount(stack, "stacks", low=BIG_BLIND + posted, high=MAX_STACK) for stack in stacks}
    )
    names = class_matchups().names
    push: dict[str, float | None] = dict.fromkeys(names)
    call: dict[str, float | None] = dict.fromkeys(names)
    worst = 0.0
    # Each stack starts from the regrets of the one before, scaled down: unscaled, they held
    # the old strategy too long (four thresholds moved by up to 0.4 bb); scaled, the table is
    # the one of solving every stack from scratch (compared while building this), in less time.
    regret = np.zeros((2, CLASSES, 2))
    for done, stack in enumerate(grid):
        regret *= WARM_START
        shoves, calls, exploitability, _ = solve_heads_up(
            heads_up_values((stack, stack), posted, None), tolerance=limit, regret=regret
        )
        worst = max(worst, exploitability)
        for name, shove, answer in zip(names, shoves.tolist(), calls.tolist(), strict=True):
            if shove >= IN_RANGE:
                push[name] = stack
            if answer >= IN_RANGE:
                call[name] = stack
        if progress is not None:
            progress(done + 1, len(grid))
    return PushFoldThresholds(posted, tuple(grid), push, call, worst)


__all__ = [
    "IN_RANGE",
    "POSITIONS",
    "THRESHOLD_STACKS",
    "HeadsUpValues",
    "PushFoldResult",
    "PushFoldThresholds",
    "heads_up_values",
    "push_fold",
    "push_fold_thresholds",
    "solve_heads_up",
]
