"""The lookup tables: key uniqueness, and every derived table against the one definition of value."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from pokerscore.engine.classes import flush_value, plain_value
from pokerscore.engine.tables import (
    CARD_KEYS,
    FIRST_CARD_KEYS,
    FLUSH_BITS,
    RANK_KEYS,
    RANK_KEYS_5,
    SUIT_SHIFT,
    flush_table_by_mask,
    plain_table,
)


def _multisets(size: int) -> list[tuple[int, ...]]:
    return [
        ranks
        for ranks in combinations_with_replacement(range(13), size)
        if all(ranks.count(rank) <= 4 for rank in set(ranks))
    ]


def _counts(ranks: tuple[int, ...]) -> list[int]:
    return [ranks.count(rank) for rank in range(13)]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_rank_keys_are_unique_within_each_size(size: int) -> None:
    sums = {sum(RANK_KEYS[rank] for rank in ranks) for ranks in _multisets(size)}
    assert len(sums) == len(_multisets(size))


def test_five_card_rank_keys_are_unique() -> None:
    sums = {sum(RANK_KEYS_5[rank] for rank in ranks) for ranks in _multisets(5)}
    assert len(sums) == len(_multisets(5)) == 6175


@pytest.mark.parametrize("size", [5, 6, 7])
def test_derived_plain_tables_match_plain_value(size: int) -> None:
    table = plain_table(size)
    for ranks in _multisets(size):
        assert table[sum(RANK_KEYS[rank] for rank in ranks)] == plain_value(_counts(ranks))


def test_flush_table_matches_flush_value() -> None:
    table = flush_table_by_mask()
    for mask in range(1 << 13):
        expected = flush_value(mask) if mask.bit_count() >= 5 else 0
        assert table[mask] == expected


def test_first_card_key_carries_the_flush_probe() -> None:
    # Seven cards with five clubs: the probed sum shows a flush; four of each suit at most does not.
    clubs = [FIRST_CARD_KEYS[0]] + [CARD_KEYS[4 * rank] for rank in range(1, 5)] + [CARD_KEYS[1]]
    assert sum(clubs) & FLUSH_BITS
    mixed = [FIRST_CARD_KEYS[0]] + [CARD_KEYS[card] for card in (1, 2, 3, 4, 5, 6)]
    assert not sum(mixed) & FLUSH_BITS
    assert sum(mixed) >> SUIT_SHIFT == sum(RANK_KEYS[card >> 2] for card in range(7))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_kernel_tables_index_every_multiset(size: int) -> None:
    np = pytest.importorskip("numpy")
    from pokerscore.engine.kernels_tables import kernel_tables

    tables = kernel_tables(size)
    assert tables.flush.tolist() == list(flush_table_by_mask())
    for key, value in plain_table(size).items():
        word = key >> 6
        below = int(tables.bits[word]) & ((1 << (key & 63)) - 1)
        assert tables.values[int(tables.base[word]) + below.bit_count()] == value
    assert sum(array.nbytes for array in tables) < 50 * 2**20
    assert not np.any(tables.card_keys[52:])
