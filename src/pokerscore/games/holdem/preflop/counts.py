"""Exact preflop equity of the 169 starting-hand classes: against a random hand, heads-up against
each other, and three-way on short class lists, as integer counts over every board.

Counts are from the first hand's side over every (combo of the first class, combo of the
second, board) that shares no card: ``total`` is the number of such deals, ``wins`` and ``ties``
those it wins or ties, and equity is ``(wins + ties / 2) / total``. Against a random hand the
opponent is any of the 1,225 combos left after the hand's own cards.

The work is a sweep over the 134,459 boards of :func:`canonical_boards` (one per class of
boards under suit permutations, weighted by its size; see :mod:`pokerscore.games.holdem.preflop._kernels`):
any slice of them gives exact partial counts, and partial counts add up, which is how
:mod:`pokerscore.games.holdem.preflop.job` spreads the tables over a Dask cluster.

>>> starting_classes("kk, aa, AKs")
('AA', 'AKs', 'KK')
>>> counts = heads_up_counts(["AA", "KK"], start=0, stop=500)  # a slice of the boards
>>> counts.wins.shape, counts.random_wins.shape
((2, 2), (2,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import Final

import numba  # the kernels' machinery: imported when counting starts
import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import ParameterError
from pokerscore.cards import PokerScoreError
from pokerscore.cards.errors import shorten
from pokerscore.engine.rankings import HIGH
from pokerscore.engine.tables import ranking_tables
from pokerscore.games.holdem.preflop._kernels import canonical_boards as fill
from pokerscore.games.holdem.preflop._kernels import preflop_sweep_threads, three_way_sweep
from pokerscore.games.holdem.ranges import Range

IntArray = npt.NDArray[np.int64]

PLAYERS: Final = (2, 3)
"""Table sizes: heads-up (with against a random hand), and three-way on short class lists."""
BOARDS_PER_DEAL: Final = comb(48, 5)
"""Boards that complete two disjoint hole combos: 1,712,304."""
OPPONENT_COMBOS: Final = comb(50, 2)
"""Combos a random opponent may hold once a hand's two cards are out: 1,225."""
BOARD_CLASSES: Final = 134_459
"""Five-card boards up to suit permutations: the length of :func:`canonical_boards`."""
THREE_WAY_COLUMNS: Final = ("wins1", "wins2", "wins3", "ties12", "ties13", "ties23", "ties123")
"""The three-way counts: a sole winner, two players splitting (the third loses), all three."""
THREE_WAY_CLASS_LIMIT: Final = 12
"""The longest class list three-way tables take: their brute force weighs every combo triple."""


class PreflopError(PokerScoreError):
    """A preflop table that cannot be made: an unknown class name, an unsupported size."""


class PreflopParameterError(PreflopError, ParameterError):
    """A preflop job's parameter out of bounds: the message names the parameter (``{name}`` in
    the template), which a command line names as its own option."""


def starting_classes(hands: str | Sequence[str] | None = None) -> tuple[str, ...]:
    """The classes named (all 169 when ``None``), validated, in the grid order of
    :meth:`Range.starting_hands` (``AA``, ``AKs`` … ``22``), each once.

    Names are case-insensitive (``aks``); a string is split at commas and spaces.

    >>> len(starting_classes()), starting_classes(["72O", "aa"])
    (169, ('AA', '72o'))
    >>> starting_classes("AA, AKx")
    Traceback (most recent call last):
    ...
    pokerscore.games.holdem.preflop.counts.PreflopError: unknown starting hand "AKx" (item 2): a class is a pair (QQ) or two ranks, high first, with s or o (AKs, AKo)
    """
    grid = Range.starting_hands()
    if hands is None:
        return grid
    if isinstance(hands, str):
        names = hands.replace(",", " ").split()
    elif isinstance(hands, Sequence) and all(isinstance(name, str) for name in hands):
        names = list(hands)
    else:
        raise PreflopParameterError(
            f"{{name}} must be class names, as a text or a list of texts, got {type(hands).__name__}",
            "hands",
        )
    if not names:
        raise PreflopError("no starting hand named: give classes such as AA, AKs, AKo")
    wanted = set()
    for position, name in enumerate(names, 1):
        normal = name.strip()[:2].upper() + name.strip()[2:].lower()
        if normal not in grid:
            raise PreflopError(
                f'unknown starting hand "{shorten(name)}" (item {position}): a class is a pair '
                "(QQ) or two ranks, high first, with s or o (AKs, AKo)"
            )
        wanted.add(normal)
    return tuple(name for name in grid if name in wanted)


@cache
def _class_combos() -> tuple[tuple[str, ...], IntArray, npt.NDArray[np.uint8]]:
    """Every combo (rows of two card ids) and its class's place in the grid."""
    grid = Range.starting_hands()
    combos = [Range.from_class(name).as_array() for name in grid]
    classes = np.repeat(np.arange(len(grid)), [len(rows) for rows in combos])
    return grid, classes, np.concatenate(combos)


@cache
def canonical_boards() -> tuple[npt.NDArray[np.uint8], IntArray]:
    """One five-card board of each class under suit permutations (134,459 of them, in colex
    order) and how many boards each stands for (the weights sum to 2,598,960).

    >>> boards, weights = canonical_boards()
    >>> len(boards), int(weights.sum())
    (134459, 2598960)
    """

    boards = np.empty((comb(52, 5), 5), dtype=np.uint8)
    weights = np.empty(comb(52, 5), dtype=np.int64)
    count = fill(boards, weights)
    kept, kept_weights = boards[:count].copy(), weights[:count].copy()
    kept.setflags(write=False)
    kept_weights.setflags(write=False)
    return kept, kept_weights


def task_bounds(tasks: int) -> list[tuple[int, int]]:
    """The canonical boards cut into ``tasks`` slices of equal size (to one board).

    >>> task_bounds(3)
    [(0, 44819), (44819, 89639), (89639, 134459)]
    """
    check_tasks(tasks)
    return [task_slice(tasks, task) for task in range(tasks)]


def check_tasks(tasks: int) -> None:
    """Refuse a task count the boards do not allow (1 to 134,459 slices)."""
    if not 1 <= tasks <= BOARD_CLASSES:
        raise PreflopParameterError(
            f"{{name}} must be 1 to {BOARD_CLASSES:,}, not {tasks}", "tasks"
        )


def task_slice(tasks: int, task: int) -> tuple[int, int]:
    """The boards ``start, stop`` of slice ``task`` of :func:`task_bounds` (computed alone: a
    run of 134,459 tasks does not build the whole list once per task).

    >>> task_slice(3, 2)
    (89639, 134459)
    """
    check_tasks(tasks)
    if not 0 <= task < tasks:
        raise PreflopParameterError(f"{{name}} must be 0 to {tasks - 1}, not {task}", "task")
    boards = BOARD_CLASSES
    return boards * task // tasks, boards * (task + 1) // tasks


@dataclass(frozen=True)
class HeadsUpCounts:
    """Exact counts over some boards, for the classes ``hands`` (in that order).

    ``wins[k, j]``, ``ties[k, j]``: deals of class ``k`` against class ``j`` that ``k`` wins or
    ties; ``random_wins[k]``, ``random_ties[k]``: the same against a random hand. Counts over
    disjoint slices of boards add up (``+``).
    """

    hands: tuple[str, ...]
    wins: IntArray
    ties: IntArray
    random_wins: IntArray
    random_ties: IntArray

    def __add__(self, other: HeadsUpCounts) -> HeadsUpCounts:
        if other.hands != self.hands:
            raise PreflopError("only counts of the same classes add up")
        return HeadsUpCounts(
            self.hands,
            self.wins + other.wins,
            self.ties + other.ties,
            self.random_wins + other.random_wins,
            self.random_ties + other.random_ties,
        )


def heads_up_counts(
    hands: Sequence[str] | None = None,
    *,
    start: int = 0,
    stop: int | None = None,
    heads_up: bool = True,
) -> HeadsUpCounts:
    """Exact counts of the classes ``hands`` (all 169 by default) against each other and
    against a random hand, over the canonical boards ``start .. stop`` (all of them by default),
    on all of Numba's threads. ``heads_up=False`` counts against a random hand only (faster).
    """

    names = starting_classes(hands)
    grid, grid_classes, combos = _class_combos()
    # Classes not asked for share one spare row: they count as opponents, not as rows.
    place = np.full(len(grid) + 1, len(names), dtype=np.int64)
    place[[grid.index(name) for name in names]] = np.arange(len(names))
    combo_class = place[grid_classes]
    boards, weights = canonical_boards()
    boards, weights = boards[start:stop], weights[start:stop]
    threads = max(1, min(numba.get_num_threads(), len(boards)))
    size = len(names) + 1
    wins = np.zeros((threads, size, size), dtype=np.int32)
    ties = np.zeros((threads, size, size), dtype=np.int32)
    random_wins = np.zeros((threads, size), dtype=np.int64)
    random_ties = np.zeros((threads, size), dtype=np.int64)
    if len(boards):
        preflop_sweep_threads(
            boards, weights, combos, combo_class, heads_up, ranking_tables(HIGH, 7),
            wins, ties, random_wins, random_ties,
        )  # fmt: skip
    rows = slice(0, len(names))
    return HeadsUpCounts(
        names,
        wins.sum(axis=0, dtype=np.int64)[rows, rows],
        ties.sum(axis=0, dtype=np.int64)[rows, rows],
        random_wins.sum(axis=0)[rows],
        random_ties.sum(axis=0)[rows],
    )


def combo_counts(hands: Sequence[str]) -> IntArray:
    """How many combos each class holds: 6 for a pair, 4 suited, 12 offsuit.

    >>> combo_counts(["AA", "AKs", "AKo"]).tolist()
    [6, 4, 12]
    """
    grid, grid_classes, _ = _class_combos()
    per_class = np.bincount(grid_classes, minlength=len(grid))
    return np.array([per_class[grid.index(name)] for name in hands], dtype=np.int64)


def heads_up_totals(hands: Sequence[str]) -> IntArray:
    """``total[k, j]``: the deals of class ``k`` against class ``j``, the combo pairs that share
    no card times :data:`BOARDS_PER_DEAL`.

    >>> (heads_up_totals(["AA", "KK"]) // BOARDS_PER_DEAL).tolist()
    [[6, 36], [36, 6]]
    """
    grid, grid_classes, combos = _class_combos()
    places = [grid.index(name) for name in hands]
    masks = np.left_shift(np.uint64(1), combos.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    chosen = [masks[grid_classes == place] for place in places]
    apart = np.zeros((len(places), len(places)), dtype=np.int64)
    for row, first in enumerate(chosen):
        for column, second in enumerate(chosen):
            apart[row, column] = ((first[:, None] & second[None, :]) == 0).sum()
    return apart * BOARDS_PER_DEAL


def random_totals(hands: Sequence[str]) -> IntArray:
    """The deals of each class against a random hand: combos x 1,225 x 1,712,304.

    >>> int(random_totals(["AA"])[0])
    12585434400
    """
    return combo_counts(hands) * OPPONENT_COMBOS * BOARDS_PER_DEAL


def class_triples(count: int) -> IntArray:
    """Every multiset of three of ``count`` classes, as rows ``(a, b, c)`` with ``a <= b <= c``.

    >>> class_triples(2).tolist()
    [[0, 0, 0], [0, 0, 1], [0, 1, 1], [1, 1, 1]]
    """
    rows = list(combinations_with_replacement(range(count), 3))
    return np.array(rows, dtype=np.int64).reshape(len(rows), 3)


@dataclass(frozen=True)
class ThreeWayCounts:
    """Exact three-way counts: for each class triple ``triples[t]`` (indices into ``hands``),
    ``tally[t]`` holds :data:`THREE_WAY_COLUMNS` and then the deals weighed."""

    hands: tuple[str, ...]
    triples: IntArray
    tally: IntArray

    def __add__(self, other: ThreeWayCounts) -> ThreeWayCounts:
        if other.hands != self.hands:
            raise PreflopError("only counts of the same classes add up")
        return ThreeWayCounts(self.hands, self.triples, self.tally + other.tally)


def check_three_way(hands: Sequence[str]) -> None:
    """Refuse a class list too long for the three-way brute force."""
    if len(hands) > THREE_WAY_CLASS_LIMIT:
        raise PreflopError(
            f"three-way tables take at most {THREE_WAY_CLASS_LIMIT} hands, not {len(hands)}: "
            "every combo triple is weighed on every board"
        )


def three_way_counts(
    hands: Sequence[str], *, start: int = 0, stop: int | None = None
) -> ThreeWayCounts:
    """Exact three-way counts of every class triple of ``hands`` over the canonical boards
    ``start .. stop``. One thread (a short class list is a small job).

    >>> counts = three_way_counts(["AA", "KK"], start=0, stop=200)
    >>> counts.triples.tolist()[1], counts.tally.shape
    ([0, 0, 1], (4, 8))
    """

    names = starting_classes(hands)
    check_three_way(names)
    grid, grid_classes, combos = _class_combos()
    places = [grid.index(name) for name in names]
    chosen = [combos[grid_classes == place] for place in places]
    starts = np.cumsum([0] + [len(rows) for rows in chosen]).astype(np.int64)
    triples = class_triples(len(names))
    tally = np.zeros((len(triples), len(THREE_WAY_COLUMNS) + 1), dtype=np.int64)
    boards, weights = canonical_boards()
    boards, weights = boards[start:stop], weights[start:stop]
    if len(boards):
        three_way_sweep(
            boards, weights, np.concatenate(chosen), starts, triples, ranking_tables(HIGH, 7),
            tally,
        )  # fmt: skip
    return ThreeWayCounts(names, triples, tally)


__all__ = [
    "BOARDS_PER_DEAL",
    "BOARD_CLASSES",
    "PLAYERS",
    "THREE_WAY_COLUMNS",
    "HeadsUpCounts",
    "PreflopError",
    "ThreeWayCounts",
    "canonical_boards",
    "check_tasks",
    "check_three_way",
    "class_triples",
    "combo_counts",
    "heads_up_counts",
    "heads_up_totals",
    "random_totals",
    "starting_classes",
    "task_bounds",
    "task_slice",
    "three_way_counts",
]
