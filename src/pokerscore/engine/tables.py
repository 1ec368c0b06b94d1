"""The NumPy tables of a ranking, bundled for the compiled kernels (no Numba here).

A hand's key is the sum of its cards' :data:`~pokerscore.engine.keys.CARD_KEYS`: the rank
multiset key above bit 16, four suit counters below. Flushes are looked up by the suit's 13-bit
rank mask (8,192 entries). Everything else needs the value of a rank multiset, and its key is
sparse (49,205 seven-card multisets spread over 0..7.8 million), so the keys are indexed by
rank and select: a bitmap with one bit per possible key, and for each 64-bit word the number of
keys below it. A key's index among all keys is then ``base[word] + popcount(bits[word] & below)``,
and ``values[index]`` is its value: two loads from 1.5 MB of tables (it fits in L2), one popcount
and one load from the 100 KB value array, with nothing to search for at build time.

Five cards have direct tables besides (:data:`~pokerscore.engine.keys.CARD_KEYS_5`: the key
indexes the value), one lookup fewer than rank and select.

The multiset values of six and seven cards derive from five: the best five of n cards is the
best five of one of its (n - 1)-card subsets, so a multiset's value is the largest value among
the multisets one card smaller (vectorised over all multisets at once). Per-card
arrays are 256 long (zero past 51), and the bitmap covers every sum of ``size`` card keys, so
that a kernel run without validation on bad ids reads garbage but never out of bounds.
"""

from __future__ import annotations

from array import array
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, Final, NamedTuple, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from pokerscore._support.stored import fingerprint, stored
from pokerscore.engine.hand_classes import HandClass, rank_multisets
from pokerscore.engine.keys import (
    CARD_KEYS,
    CARD_KEYS_5,
    FIVE_CARD_SLOTS,
    IS_FLUSH_5,
    RANK_KEYS,
    RANK_KEYS_5,
    SUIT_SHIFT_5,
)


class Ranking(Protocol):
    """What the tables read of a ranking (:class:`~pokerscore.engine.rankings.Ranking` is one).

    Named by its shape, not imported: a ranking builds its tables from this module, so this
    module does not import the rankings back.
    """

    @property
    def ranks(self) -> tuple[int, ...]: ...
    @property
    def wild_cards(self) -> frozenset[int]: ...
    @property
    def flushes(self) -> int: ...
    @property
    def classes(self) -> tuple[HandClass, ...]: ...
    @property
    def value_count(self) -> int: ...
    @property
    def card_keys5(self) -> tuple[int, ...]: ...
    @property
    def is_flush5(self) -> tuple[bool, ...]: ...
    def __hash__(self) -> int: ...  # tables are cached per ranking
    def plain_values(self) -> dict[tuple[int, ...], int]: ...
    def five_card_lists(self) -> tuple[list[int], list[int]]: ...
    def five_card_entries(self) -> list[tuple[int, bool, int]]: ...


__all__ = [
    "ID_SLOTS",
    "WORD_BITS",
    "RankingTables",
    "five_card_keys",
    "flush_by_mask",
    "plain_array",
    "ranking_tables",
]

WORD_BITS: Final = 64
ID_SLOTS: Final = 256
"""Per-card arrays are this long (zero past 51), so any uint8 id is a safe index."""


class RankingTables(NamedTuple):
    """What a kernel needs to evaluate hands of one size under one ranking (read-only arrays)."""

    card_keys: npt.NDArray[np.int64]
    """Card id -> additive key (rank key << 16 | suit counter)."""
    suit_bits: npt.NDArray[np.int64]
    """Card id -> ``1 << (13 * suit + rank)``: OR them for the four suits' rank masks."""
    flush: npt.NDArray[np.uint16]
    """13-bit rank mask of a flush suit -> value of its best five."""
    bits: npt.NDArray[np.uint64]
    """Rank/select bitmap: bit ``key % 64`` of word ``key // 64`` is set for each multiset key."""
    base: npt.NDArray[np.int32]
    """Number of multiset keys below each word of ``bits``."""
    values: npt.NDArray[np.uint16]
    """Non-flush value of each multiset key, in increasing key order (one spare slot at the end)."""
    keys5: npt.NDArray[np.int32]
    """Card id -> five-card additive key."""
    is_flush5: npt.NDArray[np.bool_]
    """Low 11 bits of a five-card key sum -> all one suit."""
    flush5: npt.NDArray[np.uint16]
    """Five-card rank key -> value when all one suit."""
    plain5: npt.NDArray[np.uint16]
    """Five-card rank key -> value when not."""
    distinct_masks: npt.NDArray[np.uint16]
    """Value -> 13-bit mask of its class's ranks when they are five different ones, else 0."""
    flush_rule: int
    """The ranking's :class:`~pokerscore.engine.rankings.FlushRule`."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickled arrays are writable: a bundle sent to a Dask worker is made read-only again,
        # or every kernel it meets compiles once more for the writable combination.
        return _unpickled_tables, (tuple(self),)


def _unpickled_tables(fields: tuple[Any, ...]) -> RankingTables:
    return RankingTables._make(
        _read_only(field) if isinstance(field, np.ndarray) else field for field in fields
    )


Array = TypeVar("Array", bound=npt.NDArray[Any])


def _read_only(array: Array) -> Array:
    array.setflags(write=False)
    return array


_COUNT_BITS: Final = 3
"""Multisets are coded as 13 rank counts of 3 bits in one int64."""
_RANK_UNITS: Final = np.left_shift(np.int64(1), _COUNT_BITS * np.arange(13, dtype=np.int64))
_RANK_KEYS: Final = np.array(RANK_KEYS, dtype=np.int64)

Level = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.uint16]]
"""Every rank multiset of one size: count codes, rank keys and non-flush values."""


def _five_card_level(ranking: Ranking) -> Level:
    plain = ranking.plain_values()
    ranks = np.array(list(plain), dtype=np.int64)
    values = np.array(list(plain.values()), dtype=np.uint16)
    return _RANK_UNITS[ranks].sum(axis=1), _RANK_KEYS[ranks].sum(axis=1), values


def _next_level(level: Level, ranks: tuple[int, ...]) -> Level:
    """Multisets one card larger: each the best of the smaller ones it extends."""
    codes, keys, values = level
    deck_ranks = np.array(ranks, dtype=np.int64)
    room = ((codes[:, None] >> (_COUNT_BITS * deck_ranks)) & 7) < 4
    grown = (codes[:, None] + _RANK_UNITS[deck_ranks])[room]
    grown_keys = (keys[:, None] + _RANK_KEYS[deck_ranks])[room]
    grown_values = np.broadcast_to(values[:, None], room.shape)[room]
    # Sort by multiset, then value: the last of each run of equal codes holds the best value.
    order = np.lexsort((grown_values, grown))
    grown, grown_keys, grown_values = grown[order], grown_keys[order], grown_values[order]
    last = np.append(grown[1:] != grown[:-1], True)
    return grown[last], grown_keys[last], grown_values[last]


@cache
def _plain_level(ranking: Ranking, size: int) -> Level:
    if size == 5:
        return _five_card_level(ranking)
    return _next_level(_plain_level(ranking, size - 1), ranking.ranks)


@cache
def flat_values(ranking: Ranking, size: int) -> npt.NDArray[np.uint16]:
    """Rank-multiset key (sum of :data:`~pokerscore.engine.keys.RANK_KEYS`) -> value of the best
    non-flush five of ``size`` cards, as one flat array (0 where no hand has the key)."""
    _, keys, values = _plain_level(ranking, size)
    flat = np.zeros(int(keys.max()) + 1, dtype=np.uint16)
    flat[keys] = values
    return _read_only(flat)


def plain_array(ranking: Ranking, size: int) -> array[int]:
    """:func:`flat_values` as a Python array, for the scalar evaluators.

    One memory access per lookup, where a dictionary of 49,205 entries costs several cache misses
    (the scalar evaluators' rates: ``benchmarks/results.md``). 15.7 MB for seven cards.
    """
    return array("H", flat_values(ranking, size).tobytes())


@cache
def flush_by_mask(ranking: Ranking) -> npt.NDArray[np.uint16]:
    """13-bit rank mask -> value of the best five cards of those ranks in one suit (0 below five).

    Five-bit masks are looked up in the five-card flush table; a larger mask is the best of its
    masks one bit smaller, filled in order of bit count.
    """
    flush5 = _five_card_tables(ranking)[0]
    masks = np.arange(1 << 13, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(13)) & 1
    bit_counts = bits.sum(axis=1)
    table = np.zeros(1 << 13, dtype=np.uint16)
    fives = bit_counts == 5
    table[fives] = flush5[bits[fives] @ np.array(RANK_KEYS_5, dtype=np.int64)]
    for count in range(6, 14):
        larger = masks[bit_counts == count]
        for rank in range(13):
            has = larger[(larger >> rank) & 1 == 1]
            table[has] = np.maximum(table[has], table[has ^ (1 << rank)])
    return _read_only(table)


@cache
def board_multisets(ranking: Ranking) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int16]]:
    """Every five-rank multiset of the deck (rows of ranks), and for each five-card rank key
    (the sum of :data:`~pokerscore.engine.keys.RANK_KEYS_5`) its row (-1 where none).

    Equity kernels index a per-player table by the board's row: one small table read per player
    where the rank-and-select lookup reads three large ones.
    """
    rows = np.array(list(rank_multisets(ranking.ranks)), dtype=np.int64)
    index = np.full(FIVE_CARD_SLOTS, -1, dtype=np.int16)
    index[np.array(RANK_KEYS_5, dtype=np.int64)[rows].sum(axis=1)] = np.arange(len(rows))
    return _read_only(rows), _read_only(index)


@cache
def board_steps(ranking: Ranking) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """For boards dealt four cards, then a fifth: each four-card rank key's row among the
    four-rank multisets (-1 where none), and ``steps[row, rank]``, the row in
    :func:`board_multisets` of that multiset plus ``rank`` (-1 where five of a rank).

    A board's row is then one read of a table of a few tens of kilobytes per card dealt.
    """
    _, index5 = board_multisets(ranking)
    # Every multiset of four ranks (four of a kind included: a deck holds four of each).
    fours = np.array(list(combinations_with_replacement(sorted(ranking.ranks), 4)), dtype=np.int64)
    rank_keys = np.array(RANK_KEYS_5, dtype=np.int64)
    keys4 = rank_keys[fours].sum(axis=1)
    index4 = np.full(4 * RANK_KEYS_5[-1] + 1, -1, dtype=np.int16)
    index4[keys4] = np.arange(len(fours))
    steps = index5[keys4[:, None] + rank_keys[None, :]]
    return _read_only(index4), _read_only(steps.astype(np.int16))


def values_by_board(ranking: Ranking, hole_ranks: list[list[int]]) -> npt.NDArray[np.uint16]:
    """For each player's hole ranks and each board multiset of :func:`board_multisets`, the value
    of the best plain five of hole and board (0 where the ranks cannot all be dealt)."""
    rows, _ = board_multisets(ranking)
    flat = flat_values(ranking, 5 + len(hole_ranks[0]))
    rank_keys = np.array(RANK_KEYS, dtype=np.int64)
    boards = rank_keys[rows].sum(axis=1)
    table = np.zeros((len(hole_ranks), len(rows)), dtype=np.uint16)
    for player, ranks in enumerate(hole_ranks):
        keys = boards + int(rank_keys[ranks].sum())
        inside = keys < len(flat)
        table[player, inside] = flat[keys[inside]]
    return table


def _card_arrays() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int32]]:
    card_keys = np.zeros(ID_SLOTS, dtype=np.int64)
    card_keys[:52] = CARD_KEYS
    ids = np.arange(52, dtype=np.int64)
    suit_bits = np.zeros(ID_SLOTS, dtype=np.int64)
    suit_bits[:52] = np.left_shift(1, 13 * (ids & 3) + (ids >> 2))
    # Zero keys past 51: five of them still index the five-card tables.
    keys5 = np.zeros(ID_SLOTS, dtype=np.int32)
    keys5[:52] = CARD_KEYS_5
    return card_keys, suit_bits, keys5


def _uint16(values: list[int]) -> npt.NDArray[np.uint16]:
    """A list of small ints as a NumPy array, converted in C (np.array walks the list slower)."""
    return np.frombuffer(array("H", values), dtype=np.uint16).copy()


@cache
def _distinct_masks(ranking: Ranking) -> npt.NDArray[np.uint16]:
    masks = np.zeros(ranking.value_count + 1, dtype=np.uint16)
    for value, (_, ranks) in enumerate(ranking.classes, 1):
        if len(set(ranks)) == 5:
            masks[value] = sum(1 << rank for rank in ranks)
    return _read_only(masks)


@cache
def _five_card_tables(ranking: Ranking) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """A ranking's :meth:`~Ranking.five_card_lists` as read-only arrays, converted once per
    process (every hand size's tables share them)."""
    if ranking.wild_cards:
        flush5, plain5 = ranking.five_card_lists()
        return _read_only(_uint16(flush5)), _read_only(_uint16(plain5))
    tables = np.zeros((2, FIVE_CARD_SLOTS), dtype=np.uint16)  # row 0 plain, row 1 flush
    keys, suited, values = zip(*ranking.five_card_entries(), strict=True)
    tables[np.array(suited, dtype=np.intp), np.array(keys)] = values
    return _read_only(tables[1].copy()), _read_only(tables[0].copy())


@cache
def five_card_keys(ranking: Ranking) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_], int]:
    """A ranking's five-card key of each card id (256 long: garbage ids past the deck read
    zero), its suit test (low 11 bits of a key sum -> suited), and how long a table indexed by
    the rank part of a sum of five keys must be so that any five ids stay in bounds."""
    keys5 = np.zeros(ID_SLOTS, dtype=np.int32)
    keys5[: len(ranking.card_keys5)] = ranking.card_keys5
    slots = 5 * (int(keys5.max()) >> SUIT_SHIFT_5) + 1
    return _read_only(keys5), _read_only(np.array(ranking.is_flush5, dtype=np.bool_)), slots


def _five_card_arrays(
    ranking: Ranking,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_], npt.NDArray[Any], npt.NDArray[Any]]:
    """keys5, is_flush5, flush5 and plain5 of a ranking, the tables as long as the largest sum
    of five per-card keys needs (garbage ids past the deck read zeros, never out of bounds)."""
    keys5, is_flush5, slots = five_card_keys(ranking)
    flush5, plain5 = _five_card_tables(ranking)
    flush5, plain5 = (np.pad(table, (0, max(0, slots - len(table)))) for table in (flush5, plain5))
    return keys5, is_flush5, flush5, plain5


def _wild_tables(ranking: Ranking) -> RankingTables:
    """A wild ranking's bundle: hands of any size are judged five by five on the five-card
    tables (``FlushRule.EVERY_FIVE``), so the multiset and flush-mask parts stay empty."""
    keys5, is_flush5, flush5, plain5 = _five_card_arrays(ranking)
    zeros = np.zeros(ID_SLOTS, dtype=np.int64)
    return RankingTables(
        _read_only(zeros),
        _read_only(zeros.copy()),
        _read_only(np.zeros(1 << 13, dtype=np.uint16)),
        _read_only(np.zeros(1, dtype=np.uint64)),
        _read_only(np.zeros(1, dtype=np.int32)),
        _read_only(np.zeros(2, dtype=np.uint16)),
        _read_only(keys5),
        _read_only(is_flush5),
        _read_only(flush5),
        _read_only(plain5),
        _distinct_masks(ranking),
        int(ranking.flushes),
    )


STORED_SOURCES: Final = ("pokerscore.engine", "pokerscore.cards")
"""The code that builds a ranking's tables: a change in it builds them again (``stored``)."""


def stored_key(ranking: Ranking, *sizes: int) -> str | None:
    """The name a ranking's tables are kept on disk under (:func:`~pokerscore._support.stored.stored`):
    its fields, its judge among them (a judge of another module's: kept nowhere), and the sizes."""
    return fingerprint(ranking, sizes)


@cache
@stored(stored_key, STORED_SOURCES)
def ranking_tables(ranking: Ranking, size: int) -> RankingTables:
    """The tables for hands of ``size`` cards (5, 6 or 7) under a ranking, built once per process.

    >>> from pokerscore.engine.rankings import HIGH
    >>> tables = ranking_tables(HIGH, 7)
    >>> len(tables.values) - 1, int(tables.flush[0b1111100000000])  # one spare value slot
    (49205, 7462)
    """
    if ranking.wild_cards:
        return _wild_tables(ranking)
    _, keys, values = _plain_level(ranking, size)
    order = np.argsort(keys)
    keys, values = keys[order], values[order]
    # Room for every sum of ``size`` rank keys, and one spare slot in ``values``.
    words = (size * RANK_KEYS[-1]) // WORD_BITS + 1
    bits = np.zeros(words, dtype=np.uint64)
    # Keys are distinct and sorted: each word's bits are the sum of its keys' bits, summed per
    # run of equal words (np.bitwise_or.at does the same a few times slower).
    key_words = keys // WORD_BITS
    starts = np.flatnonzero(np.append(True, key_words[1:] != key_words[:-1]))
    key_bits = np.left_shift(np.uint64(1), (keys % WORD_BITS).astype(np.uint64))
    bits[key_words[starts]] = np.add.reduceat(key_bits, starts)
    per_word = np.bincount(keys // WORD_BITS, minlength=words)
    base = np.zeros(words, dtype=np.int32)
    np.cumsum(per_word[:-1], out=base[1:])
    card_keys, suit_bits, keys5 = _card_arrays()
    flush5, plain5 = _five_card_tables(ranking)
    return RankingTables(
        _read_only(card_keys),
        _read_only(suit_bits),
        flush_by_mask(ranking),
        _read_only(bits),
        _read_only(base),
        _read_only(np.append(values, np.uint16(0))),
        _read_only(keys5),
        _read_only(np.array(IS_FLUSH_5, dtype=np.bool_)),
        flush5,
        plain5,
        _distinct_masks(ranking),
        int(ranking.flushes),
    )
