"""Heads-up equity of every starting-hand class against every other, exact, with card removal:
the 169 x 169 table push/fold reads.

For each pair of classes, every pair of their combos that shares no card is looked up in the
shipped table of every heads-up matchup (:mod:`pokerscore.games.holdem.matchups`), and the
class's equity is the mean over those combo pairs (wins plus half the ties, over every board).
By suit symmetry one combo of the first class stands for all of them: 169 x 1,326 lookups,
about 3.5 s on the shared test machine. The table is kept for the process and on disk
(:func:`cache_directory`), so that is paid once per machine.
"""

from __future__ import annotations

import os
from functools import cache
from math import comb
from pathlib import Path
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore._support.atomic import atomic_path
from pokerscore.cards import DECK_SIZE
from pokerscore.games.holdem.matchups import BOARDS, matchup_halves
from pokerscore.games.holdem.ranges import Range

CACHE_VARIABLE: Final = "POKERSCORE_CACHE"
"""Where derived tables are kept on disk; empty to keep none (default: the user's cache folder)."""
CLASSES: Final = 169
COMBOS: Final = comb(DECK_SIZE, 2)
"""Two-card combos in the deck: 1,326."""
MATCHUPS_CACHE: Final = "class-matchups-v1.npz"

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


class ClassMatchups(NamedTuple):
    """The 169 classes in grid order (:meth:`~pokerscore.Range.starting_hands`), and per pair of
    classes (row, column): ``pairs``, the combo pairs that share no card; ``equity``, the row
    class's equity against the column class over them (0 where they cannot meet)."""

    names: tuple[str, ...]
    sizes: IntArray
    pairs: IntArray
    equity: FloatArray


def cache_directory() -> Path | None:
    """Where derived tables are kept: ``$POKERSCORE_CACHE``, else the user's cache folder
    (platformdirs, the ``cli`` extra), else nowhere."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen is not None:
        return Path(chosen) if chosen else None
    try:
        from platformdirs import user_cache_path
    except ImportError:
        return None
    return user_cache_path("pokerscore")


def class_combos() -> tuple[tuple[str, ...], list[list[tuple[int, int]]]]:
    """The class names in grid order and each class's combos as card ids."""
    names = Range.starting_hands()
    combos = [[(combo[0].id, combo[1].id) for combo in Range.from_class(name)] for name in names]
    return names, combos


def _compute() -> tuple[IntArray, FloatArray]:
    _, combos = class_combos()
    halves = np.zeros((CLASSES, CLASSES), dtype=np.int64)
    pairs = np.zeros((CLASSES, CLASSES), dtype=np.int64)
    for row, members in enumerate(combos):
        first = members[0]
        for column, others in enumerate(combos):
            for second in others:
                if first[0] in second or first[1] in second:
                    continue
                halves[row, column] += matchup_halves(first, second)[0]
                pairs[row, column] += 1
        halves[row] *= len(members)
        pairs[row] *= len(members)
    equity = halves / (2 * BOARDS * np.maximum(pairs, 1))
    return pairs, equity


def _read(path: Path) -> tuple[IntArray, FloatArray] | None:
    try:
        with np.load(path) as arrays:
            pairs, equity = arrays["pairs"], arrays["equity"]
    except (OSError, ValueError, KeyError):
        return None
    if pairs.shape != (CLASSES, CLASSES) or equity.shape != (CLASSES, CLASSES):
        return None
    if int(pairs.sum()) != COMBOS * comb(DECK_SIZE - 2, 2):  # every disjoint pair, once per order
        return None
    return pairs.astype(np.int64), equity.astype(np.float64)


@cache
def class_matchups() -> ClassMatchups:
    """The table: read from the disk cache, or computed (seconds) and kept there."""
    names, combos = class_combos()
    sizes = np.array([len(members) for members in combos], dtype=np.int64)
    folder = cache_directory()
    found = _read(folder / MATCHUPS_CACHE) if folder is not None else None
    if found is None:
        found = _compute()
        if folder is not None:
            try:
                folder.mkdir(parents=True, exist_ok=True)
                with (
                    atomic_path(folder / MATCHUPS_CACHE) as temporary,
                    temporary.open("wb") as stream,
                ):
                    np.savez(stream, pairs=found[0], equity=found[1])
            except OSError:
                pass  # a read-only home: the table is kept for this process only
    pairs, equity = found
    for array in (sizes, pairs, equity):
        array.setflags(write=False)
    return ClassMatchups(names, sizes, pairs, equity)


__all__ = ["CACHE_VARIABLE", "ClassMatchups", "cache_directory", "class_combos", "class_matchups"]
