"""Push or fold for three and four players (button, small blind, big blind; and the cut-off
first), in chips or in ICM prize equity, on sampled deals.

Each player acts once: the first shoves or folds; a later player facing no shove shoves or
folds, facing one or more calls or folds (all in, or for its whole stack when it is shorter:
side pots as dealt); the big blind, folded to, wins the blinds and antes. A situation is who acts
and which players before went in; a strategy gives each class the share of its combos that go in
there (:class:`~.pushfold.PushFoldResult` names them ``"SB call BTN"``, ``"BB call BTN+SB"``).

Exact multiway equities for every combination of classes are out of reach here: the exact
three-way table of all 169 classes (:mod:`pokerscore.games.holdem.preflop` brute-forces combo
triples on every board) is some 16 core-hours, and four players some 270 times that
(``benchmarks/tournaments.md``). So the deals are
sampled: ``samples`` deals of every player's two cards and eight boards, from a seed (the same
deals for every strategy, so a seed gives one answer), each valued once for every set of players
that may go all in (their side pots; by ICM, each player's prize equity after the hand): two
players all in by the exact equity of their classes (:func:`leaf_values`), three or four by the mean
over the deal's :data:`BOARDS_PER_DEAL` boards. The
equilibrium of that sampled game is found by CFR+ as heads-up (:mod:`._kernels`), and
``exploitability`` is measured on the same deals: CFR+ stops at
:data:`MULTIWAY_TOLERANCE` per hand or after :data:`MULTIWAY_ITERATIONS` iterations (with more
than two players it has no guarantee of converging; measured, it levels off near 0.003 bb). What sampling costs is the error of each
class's EV: ``stderr`` is the largest standard error of a class's EV when called or calling,
over the deals where the class holds its seat (the rarest classes, suited ones, are dealt 4 times
in 1,326); classes whose EVs differ by less than about twice that may be misplaced.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import ParameterError
from pokerscore._support.progress import Progress
from pokerscore.games.tournaments.class_equities import CLASSES, class_combos
from pokerscore.games.tournaments.icm import icm
from pokerscore.games.tournaments.spots import (
    BIG_BLIND,
    POSITIONS,
    SMALL_BLIND,
    PushFoldResult,
)

DEFAULT_SAMPLES: Final = 100_000
BOARDS_PER_DEAL: Final = 8
"""Boards dealt with each deal's hole cards (disjoint: 8 x 5 cards fit beside four hands)."""
MAX_SAMPLES: Final = 5_000_000
MULTIWAY_TOLERANCE: Final = 0.005
"""The least exploitability asked of three or four players (per hand): CFR has no guarantee of
converging with more than two players, and here it levels off at about 0.003 bb per hand
(measured: three players at 10 bb, 20,000 deals, from 100 to 800 iterations, the strategies
steady to a few thousandths); tighter is not reached."""
MULTIWAY_ITERATIONS: Final = 300
"""The most iterations of a multiway solution (each a pass over every deal per player)."""
MIN_ITERATIONS: Final = 150
"""The fewest iterations of a multiway solution: the exploitability bound is met early (80
iterations at 10 bb) while the average strategy still carries the first iterations' swings."""
CHECK_EVERY: Final = 10

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def check_samples(samples: object) -> int:
    if samples is None:
        return DEFAULT_SAMPLES
    if isinstance(samples, bool) or not isinstance(samples, int):
        raise ParameterError(
            f"{{name}} must be a whole number, got {type(samples).__name__}", "samples"
        )
    if not 1_000 <= samples <= MAX_SAMPLES:
        raise ParameterError(
            f"{{name}} must be from 1,000 to {MAX_SAMPLES:,}, not {samples:,}", "samples"
        )
    return samples


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ParameterError(f"{{name}} must be a whole number from 0, not {seed!r}", "seed")
    return seed


@cache
def _class_of_cards() -> IntArray:
    """The class index of every pair of card ids (both orders)."""
    _, combos = class_combos()
    found = np.full((52, 52), -1, dtype=np.int64)
    for index, members in enumerate(combos):
        for first, second in members:
            found[first, second] = found[second, first] = index
    return found


def deal(players: int, samples: int, seed: int) -> tuple[IntArray, npt.NDArray[np.uint16]]:
    """``samples`` deals: each player's class, and each player's hand value (standard high,
    higher wins) on each of the deal's :data:`BOARDS_PER_DEAL` boards (disjoint, from the cards
    left: each is a uniform board, and together they take most of the board's noise out of a
    showdown of three or four)."""
    from pokerscore.hands.batch import evaluate_batch

    generator = np.random.Generator(np.random.PCG64(seed))
    cards = 2 * players + 5 * BOARDS_PER_DEAL
    order = np.empty((samples, cards), dtype=np.uint8)
    block = 50_000
    for start in range(0, samples, block):
        stop = min(samples, start + block)
        order[start:stop] = np.argsort(generator.random((stop - start, 52)), axis=1)[:, :cards]
    holes = order[:, : 2 * players].reshape(samples, players, 2)
    boards = order[:, 2 * players :].reshape(samples, BOARDS_PER_DEAL, 5)
    classes = _class_of_cards()[holes[:, :, 0], holes[:, :, 1]]
    hands = np.concatenate(
        [
            np.repeat(holes[:, None, :, :], BOARDS_PER_DEAL, axis=1),
            np.repeat(boards[:, :, None, :], players, axis=2),
        ],
        axis=3,
    )
    values = evaluate_batch(np.ascontiguousarray(hands.reshape(-1, 7)), check=False)
    return classes, values.reshape(samples, BOARDS_PER_DEAL, players)


def posted(players: int, ante: float) -> FloatArray:
    """What each player puts in before acting: the ante, and the blinds of the last two."""
    found = np.full(players, ante)
    found[-2] += SMALL_BLIND
    found[-1] += BIG_BLIND
    return found


def final_stacks(
    stacks: FloatArray, ante: float, leaf: int, values: npt.NDArray[np.uint16]
) -> FloatArray:
    """Every player's stack after the hand, per deal, when the players of ``leaf`` went all in
    and the others folded: side pots built from the stacks in, each split among the best hands
    that are in it; the folded players' antes and blinds go to the main pot."""
    players = len(stacks)
    deals = values.shape[0]
    inside = [player for player in range(players) if leaf >> player & 1]
    blinds = posted(players, ante)
    after = np.tile(stacks, (deals, 1))
    dead = 0.0
    for player in range(players):
        if player not in inside:
            after[:, player] -= blinds[player]
            dead += blinds[player]
    if not inside:  # everyone folded to the big blind (leaf 0): its own blind comes back too
        after[:, players - 1] += dead
        return after
    if len(inside) == 1:
        after[:, inside[0]] += dead
        return after
    # Each player in risks at most what the deepest other player in can match.
    risked = {
        player: min(stacks[player], max(stacks[other] for other in inside if other != player))
        for player in inside
    }
    for player in inside:
        after[:, player] -= risked[player]
    levels = sorted(set(risked.values()))
    below = 0.0
    for level_index, level in enumerate(levels):
        eligible = [player for player in inside if risked[player] >= level]
        pot = sum(min(risked[player], level) - min(risked[player], below) for player in inside)
        if level_index == 0:
            pot += dead
        best = np.max(values[:, eligible], axis=1)
        winners = np.stack([values[:, player] == best for player in eligible], axis=1)
        share = pot / winners.sum(axis=1)
        for column, player in enumerate(eligible):
            after[:, player] += np.where(winners[:, column], share, 0.0)
        below = level
    return after


def _valued(
    stacks: FloatArray, after: FloatArray, payouts: tuple[Fraction, ...] | None
) -> FloatArray:
    """Stacks after the hand as chips won, or as each player's ICM equity (each distinct row
    of stacks valued once)."""
    if payouts is None:
        return after - stacks
    rows, inverse = np.unique(np.round(after, 9), axis=0, return_inverse=True)
    equities = np.array(
        [
            [float(e) for e in icm([Fraction(repr(float(c))) for c in row], payouts).equities]
            for row in rows
        ]
    )
    return equities[inverse.reshape(-1)]


def leaf_values(
    stacks: FloatArray,
    ante: float,
    payouts: tuple[Fraction, ...] | None,
    values: npt.NDArray[np.uint16],
    classes: IntArray,
) -> FloatArray:
    """``values[d, leaf, k]``: player ``k``'s chips won (or ICM equity) for every leaf, from the
    hand values of :func:`deal` (deal, board, player).

    A showdown of two players is valued by the exact equity of their classes against each other
    (:func:`~.class_equities.class_matchups`: the expectation over every board and over the
    combos of the two classes), not by the deal's boards: that takes the board's noise out of
    the commonest showdown (the third player's cards still shape which classes meet). Showdowns
    of three or four players take the mean over the deal's boards.
    """
    from pokerscore.games.tournaments.class_equities import class_matchups

    equity = class_matchups().equity
    players = len(stacks)
    deals = values.shape[0]
    found = np.zeros((deals, 1 << players, players))
    for leaf in range(1 << players):
        inside = [player for player in range(players) if leaf >> player & 1]
        if len(inside) < 2:  # no showdown: the cards play no part
            found[:, leaf, :] = _valued(
                stacks, final_stacks(stacks, ante, leaf, values[:, 0]), payouts
            )
            continue
        if len(inside) > 2:  # the mean over the deal's boards
            for board in range(values.shape[1]):
                after = final_stacks(stacks, ante, leaf, values[:, board])
                found[:, leaf, :] += _valued(stacks, after, payouts)
            found[:, leaf, :] /= values.shape[1]
            continue
        first, second = inside
        outcomes = []
        for winner in (first, second):
            won = np.zeros((1, players), dtype=np.uint16)
            won[0, winner] = 1
            after = final_stacks(stacks, ante, leaf, won)
            outcomes.append(_valued(stacks, after, payouts)[0])
        share = equity[classes[:, first], classes[:, second]][:, None]
        found[:, leaf, :] = share * outcomes[0] + (1 - share) * outcomes[1]
    return found


def situation_name(positions: tuple[str, ...], player: int, before: int) -> str:
    """``"SB push"`` or ``"BB call BTN+SB"``."""
    if not before:
        return f"{positions[player]} push"
    callers = "+".join(positions[other] for other in range(player) if before >> other & 1)
    return f"{positions[player]} call {callers}"


def situations(players: int) -> list[tuple[int, int]]:
    """Every (player, players before it that went in) where a decision is made, in order of
    action and then of the shovers."""
    found = []
    for player in range(players):
        for count in range(player + 1):
            for chosen in combinations(range(player), count):
                before = sum(1 << other for other in chosen)
                if player == players - 1 and before == 0:
                    continue
                found.append((player, before))
    return found


def _stderr(classes: IntArray, outcomes: FloatArray) -> float:
    """The largest standard error of a class's EV when everyone is in: per player, the spread of
    its value over the deals, over the square root of the deals of the rarest class there."""
    players = classes.shape[1]
    everyone = (1 << players) - 1
    worst = 0.0
    for player in range(players):
        counts = np.bincount(classes[:, player], minlength=CLASSES)
        spread = float(np.std(outcomes[:, everyone, player]))
        worst = max(worst, spread / np.sqrt(max(int(counts.min()), 1)))
    return worst


def solve_multiway(
    stacks: tuple[float, ...],
    ante: float,
    payouts: tuple[Fraction, ...] | None,
    *,
    tolerance: float,
    samples: int | None,
    seed: int,
    progress: Progress | None = None,
) -> PushFoldResult:
    """The equilibrium for 3 or 4 players (:func:`~.pushfold.push_fold` checks the values)."""
    from pokerscore.games.tournaments._kernels import MultiwayGame, solve_multiway_game

    count = check_samples(samples)
    start = check_seed(seed)
    players = len(stacks)
    blinds = posted(players, ante)
    if any(stack < blind for stack, blind in zip(stacks, blinds, strict=True)):
        raise ParameterError("{name} must each cover the player's ante and blind", "stacks")
    if progress is not None:
        progress(0, 2)
    classes, values = deal(players, count, start)
    outcomes = leaf_values(np.array(stacks), ante, payouts, values, classes)
    if progress is not None:
        progress(1, 2)
    game = MultiwayGame(classes, outcomes)
    strategy = np.zeros((players, 1 << (players - 1), CLASSES))
    exploitability, iterations = solve_multiway_game(
        game,
        max(tolerance, MULTIWAY_TOLERANCE),
        MULTIWAY_ITERATIONS,
        CHECK_EVERY,
        MIN_ITERATIONS,
        strategy,
    )
    if progress is not None:
        progress(2, 2)
    names, _ = class_combos()
    positions = POSITIONS[players]
    ranges = {
        situation_name(positions, player, before): dict(
            zip(names, strategy[player, before].tolist(), strict=True)
        )
        for player, before in situations(players)
    }
    return PushFoldResult(
        stacks=stacks,
        ante=ante,
        payouts=payouts,
        ranges=ranges,
        exploitability=float(exploitability),
        iterations=int(iterations),
        stderr=_stderr(classes, outcomes),
        samples=count,
        positions=positions,
    )


__all__ = ["DEFAULT_SAMPLES", "deal", "final_stacks", "situations", "solve_multiway"]
