"""The scalar tables as NumPy arrays, for compiled kernels.

:func:`five_card_arrays` gives what a kernel needs to evaluate five cards: with
``key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]``, the value is
``flush[key >> SUIT_SHIFT_5]`` if ``is_flush[key & SUIT_MASK_5]`` else ``plain[key >> SUIT_SHIFT_5]``.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.tables import (
    CARD_KEYS_5,
    IS_FLUSH_5,
    SUIT_MASK_5,
    SUIT_SHIFT_5,
    flush_table_5,
    plain_table_5,
)

__all__ = ["SUIT_MASK_5", "SUIT_SHIFT_5", "FiveCardArrays", "five_card_arrays"]


class FiveCardArrays(NamedTuple):
    """Five-card evaluation tables (read-only arrays)."""

    keys: npt.NDArray[np.int32]
    is_flush: npt.NDArray[np.bool_]
    flush: npt.NDArray[np.uint16]
    plain: npt.NDArray[np.uint16]


@cache
def five_card_arrays() -> FiveCardArrays:
    """The five-card tables as arrays, built once per process."""
    arrays = FiveCardArrays(
        np.array(CARD_KEYS_5, dtype=np.int32),
        np.array(IS_FLUSH_5, dtype=np.bool_),
        np.array(flush_table_5(), dtype=np.uint16),
        np.array(plain_table_5(), dtype=np.uint16),
    )
    for array in arrays:
        array.setflags(write=False)
    return arrays
