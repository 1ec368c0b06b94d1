"""Compiled kernels (Numba): lookups, batch evaluation, validation and exhaustive enumeration.

Importing this package imports Numba; import it inside functions only (see ``engine.jit``).
Every kernel takes one ranking's tables as a single bundle,
:class:`~pokerscore.engine.tables.RankingTables`, so a signature does not grow with each table.
"""

from pokerscore.engine.kernels.lookup import (
    RANK_MASK,
    five_card_value,
    flush_suit,
    multiset_value,
    popcount,
)

__all__ = [
    "RANK_MASK",
    "five_card_value",
    "flush_suit",
    "multiset_value",
    "popcount",
]
