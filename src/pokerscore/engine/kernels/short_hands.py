"""Lookups of hands under five cards for kernels: stud's up cards and badugi.

The helpers take the arrays of a bundle (:mod:`pokerscore.engine.short_tables`) one by one and
are inlined into their callers (``kernel(inline=True)``); a caller reads the bundle's arrays
before its loop. The row kernels value many hands at once (the tests check them against the
scalar :meth:`~pokerscore.engine.rankings.Ranking.evaluate`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.short_tables import BadugiTables, ShortHandTables

Ids = npt.NDArray[np.integer[Any]]


@kernel(inline=True)
def showing_value(
    cards: Ids, count: int, card_keys: Ids, offsets: Ids, values: npt.NDArray[np.uint16]
) -> int:
    """The value of the first ``count`` (1 to 4) card ids of ``cards``, from the arrays of a
    :class:`~pokerscore.engine.short_tables.ShortHandTables`: higher is better, between hands of
    as many cards."""
    key = 0
    for index in range(count):
        key += card_keys[cards[index]]
    return int(values[offsets[count] + key])


@kernel(inline=True)
def badugi_value(cards: Ids, binomials: Ids, values: npt.NDArray[np.uint16]) -> int:
    """The badugi value of four different card ids (any order), from the arrays of a
    :class:`~pokerscore.engine.short_tables.BadugiTables`: sorted, then the colex rank."""
    a, b, c, d = int(cards[0]), int(cards[1]), int(cards[2]), int(cards[3])
    # A sorting network of five compare-exchanges.
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    return int(values[binomials[a, 1] + binomials[b, 2] + binomials[c, 3] + binomials[d, 4]])


@kernel(parallel=True)
def showing_rows(rows: Ids, tables: ShortHandTables) -> npt.NDArray[np.uint16]:
    """The value of each row of 1 to 4 card ids (the row's width) under one ranking."""
    card_keys, offsets, values = tables.card_keys, tables.offsets, tables.values
    count = rows.shape[1]
    out = np.empty(rows.shape[0], dtype=np.uint16)
    for row in prange(rows.shape[0]):
        out[row] = showing_value(rows[row], count, card_keys, offsets, values)
    return out


@kernel(parallel=True)
def badugi_rows(rows: Ids, tables: BadugiTables) -> npt.NDArray[np.uint16]:
    """The badugi value of each row of four card ids."""
    binomials, values = tables.binomials, tables.values
    out = np.empty(rows.shape[0], dtype=np.uint16)
    for row in prange(rows.shape[0]):
        out[row] = badugi_value(rows[row], binomials, values)
    return out
