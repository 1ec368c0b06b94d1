"""A pay table as the arrays the compiled kernels read (imported inside function bodies only)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.tables import five_card_keys
from pokerscore.games.videopoker.paytables import PayTable


class ClassTables(NamedTuple):
    """What a kernel needs to class a five-card hand of a pay table: sum the cards' ``keys5``,
    then read the class from ``suited`` or ``plain`` by the sum's rank part
    (:func:`pokerscore.engine.kernels.five_card_value` does both), one lookup a hand."""

    keys5: npt.NDArray[np.int32]
    """Card id -> five-card additive key, under the table's ranking (wild cards: no suit)."""
    is_flush5: npt.NDArray[np.bool_]
    """Low 11 bits of a key sum -> whether the natural cards share a suit."""
    suited: npt.NDArray[np.int8]
    """Rank part of a key sum -> class, when the natural cards share a suit."""
    plain: npt.NDArray[np.int8]
    """Rank part of a key sum -> class, when not."""


@cache
def class_tables(table: PayTable) -> ClassTables:
    """A pay table's class lookup, as long as the ranking's five-card tables (so that ids a
    kernel is given unchecked read zeros, never out of bounds)."""
    keys5, is_flush5, slots = five_card_keys(table.ranking)
    arrays = []
    for classes in table.class_lists():
        array = np.zeros(max(slots, len(classes)), dtype=np.int8)
        array[: len(classes)] = classes
        array.setflags(write=False)
        arrays.append(array)
    return ClassTables(keys5, is_flush5, arrays[0], arrays[1])
