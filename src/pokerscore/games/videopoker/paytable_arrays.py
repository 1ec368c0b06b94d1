"""A pay table as the arrays the compiled kernels read (imported inside function bodies only)."""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from pokerscore.games.videopoker.paytables import PayTable


@cache
def value_class_array(table: PayTable) -> npt.NDArray[np.int8]:
    """A pay table's value -> class lookup as an array (index 0 unused)."""
    array = np.array(table.value_classes, dtype=np.int8)
    array.setflags(write=False)
    return array
