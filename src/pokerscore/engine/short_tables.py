"""The NumPy tables of hands under five cards, bundled for the compiled kernels (no Numba here).

Two bundles, for the games a hand history replays beside the five-card ones:

- :class:`ShortHandTables`, per ranking with :attr:`~pokerscore.engine.rankings.Ranking.short_hands`
  (high for stud and stud hi/lo, ace-to-five for razz): the value of 1 to 4 up cards and the
  bring-in order of a single up card. A hand's key is the sum of its cards' rank keys (those of
  five cards, :data:`~pokerscore.engine.keys.RANK_KEYS_5`, whose sums differ for every multiset
  of each size up to five); ``values[offsets[n] + key]`` is the value of ``n`` cards, 1 to
  ``ranking.of_size(n).value_count``, higher better, comparable only between hands of ``n``
  cards. The key grows by one card key as each up card comes.
- :class:`BadugiTables`: the value of every four-card hand, indexed by the colex rank of its
  four card ids in increasing order (270,725 entries, ``C(52, 4)``).

Both are built once per process, on first use, and hold read-only arrays.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import ParameterError
from pokerscore._support.stored import stored
from pokerscore.engine.combinatorics import binomial_rows
from pokerscore.engine.hand_classes import rank_multisets
from pokerscore.engine.keys import RANK_KEYS_5
from pokerscore.engine.rankings import Play, Ranking
from pokerscore.engine.rankings.ranking import SHORT_SIZES
from pokerscore.engine.tables import ID_SLOTS, STORED_SOURCES, stored_key

__all__ = ["BadugiTables", "ShortHandTables", "badugi_tables", "short_hand_tables"]

_DECK: Final = 52
_FOUR: Final = 4


class ShortHandTables(NamedTuple):
    """What a kernel needs to value 1 to 4 up cards under one ranking, and pick the bring-in."""

    card_keys: npt.NDArray[np.int32]
    """Card id -> its rank's key (:data:`~pokerscore.engine.keys.RANK_KEYS_5`), 0 past 51."""
    offsets: npt.NDArray[np.int32]
    """Cards ``n`` (1 to 4) -> where the values of ``n`` cards start in ``values``."""
    values: npt.NDArray[np.uint16]
    """``offsets[n]`` + the sum of ``n`` card keys -> the value of those ``n`` cards (0 for
    sums no hand makes)."""
    bring_in: npt.NDArray[np.uint8]
    """Card id -> its bring-in order, 1 to 52: the lowest up card by it brings in
    (:meth:`~pokerscore.engine.rankings.Ranking.bring_in_order`); 0 past 51."""


class BadugiTables(NamedTuple):
    """What a kernel needs to value four cards under badugi."""

    binomials: npt.NDArray[np.int32]
    """``binomials[n, k]`` = ``C(n, k)`` for ``n`` 0..52, ``k`` 0..4: the colex rank of four
    ids ``a < b < c < d`` is ``C(a, 1) + C(b, 2) + C(c, 3) + C(d, 4)``."""
    values: npt.NDArray[np.uint16]
    """Colex rank of four card ids -> the value of the hand (its best badugi)."""


def _read_only(array: npt.NDArray[np.generic]) -> None:
    array.setflags(write=False)


@cache
@stored(stored_key, STORED_SOURCES)
def short_hand_tables(ranking: Ranking) -> ShortHandTables:
    """The tables of 1 to 4 up cards under a ranking of :attr:`~pokerscore.engine.rankings.Ranking.short_hands`.

    >>> from pokerscore.engine.rankings import HIGH
    >>> tables = short_hand_tables(HIGH)
    >>> aces = int(tables.card_keys[48] + tables.card_keys[49])  # Ac Ad
    >>> int(tables.values[tables.offsets[2] + aces]) == HIGH.of_size(2).value_count
    True
    >>> int(tables.bring_in[0]), int(tables.bring_in[51])  # 2c brings in first; As never
    (1, 52)
    """
    base = ranking.base or ranking
    base.of_size(1)  # refuses a ranking without short hands
    card_keys = np.zeros(ID_SLOTS, dtype=np.int32)
    card_keys[:_DECK] = [RANK_KEYS_5[card >> 2] for card in range(_DECK)]
    offsets = np.zeros(len(SHORT_SIZES) + 1, dtype=np.int32)
    for size in SHORT_SIZES[:-1]:
        offsets[size + 1] = offsets[size] + size * RANK_KEYS_5[-1] + 1
    values = np.zeros(int(offsets[-1]) + SHORT_SIZES[-1] * RANK_KEYS_5[-1] + 1, dtype=np.uint16)
    for size in SHORT_SIZES:
        sized = base.of_size(size)
        for ranks in rank_multisets(base.ranks, size):
            key = sum(RANK_KEYS_5[rank] for rank in ranks)
            values[offsets[size] + key] = sized.value_of(ranks, False)
    bring_in = np.zeros(ID_SLOTS, dtype=np.uint8)
    bring_in[:_DECK] = [base.bring_in_order(card) for card in range(_DECK)]
    for array in (card_keys, offsets, values, bring_in):
        _read_only(array)
    return ShortHandTables(card_keys, offsets, values, bring_in)


@cache
@stored(stored_key, STORED_SOURCES)
def badugi_tables(ranking: Ranking) -> BadugiTables:
    """The value of every four-card hand under a badugi ranking, by colex rank.

    >>> from pokerscore.engine.rankings import get_ranking
    >>> badugi = get_ranking("badugi")
    >>> tables = badugi_tables(badugi)
    >>> len(tables.values), int(tables.values.min()), int(tables.values.max())
    (270725, 1, 1092)
    >>> ids = (1, 6, 11, 48)  # 2d 3h 4s Ac, in increasing order
    >>> colex = sum(int(tables.binomials[card, k]) for k, card in enumerate(ids, 1))
    >>> int(tables.values[colex]) == badugi.evaluate(ids)
    True
    """
    if ranking.play is not Play.BADUGI:
        raise ParameterError(f"{{name}} must be a badugi ranking, not {ranking.name}", "ranking")
    # A badugi's value by the 13-bit mask of its ranks (0 where no badugi has those ranks).
    by_mask = np.zeros(1 << 13, dtype=np.uint16)
    for size in range(1, _FOUR + 1):
        for badugi in combinations(ranking.ranks, size):
            by_mask[sum(1 << rank for rank in badugi)] = ranking.value_of(badugi, False)
    # Every four ids in increasing order, each row at its colex rank.
    hands = np.array(list(combinations(range(_DECK), _FOUR)), dtype=np.int64)
    binomials = np.array(binomial_rows(_DECK, _FOUR), dtype=np.int64)
    colex = sum(binomials[hands[:, k], k + 1] for k in range(_FOUR))
    hand_ranks, hand_suits = hands >> 2, hands & 3
    values = np.zeros(comb(_DECK, _FOUR), dtype=np.uint16)
    best = np.zeros(len(hands), dtype=np.uint16)
    for size in range(1, _FOUR + 1):
        for subset in combinations(range(_FOUR), size):
            picked_ranks, picked_suits = hand_ranks[:, subset], hand_suits[:, subset]
            rank_masks = np.bitwise_or.reduce(1 << picked_ranks, axis=1)
            suit_masks = np.bitwise_or.reduce(1 << picked_suits, axis=1)
            # A badugi: as many different ranks and suits as cards.
            ok = (_popcount(rank_masks) == size) & (_popcount(suit_masks) == size)
            np.maximum(best, np.where(ok, by_mask[rank_masks], 0).astype(np.uint16), out=best)
    values[colex] = best
    tables = BadugiTables(binomials.astype(np.int32), values)
    for array in tables:
        _read_only(array)
    return tables


def _popcount(masks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Set bits of each 13-bit mask."""
    return sum((masks >> bit) & 1 for bit in range(13))  # type: ignore[return-value]
