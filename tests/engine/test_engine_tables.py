"""The lookup tables: key uniqueness, the value space against the oracle, and every form of each
ranking's tables against the others."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

from pokerscore._support.errors import ParameterError
from pokerscore.engine import HIGH, RANKINGS, Ranking
from pokerscore.engine.keys import (
    CARD_KEYS,
    FIRST_CARD_KEYS,
    FLUSH_BITS,
    RANK_KEYS,
    RANK_KEYS_5,
    SUIT_MASK_5,
    SUIT_SHIFT,
    SUIT_SHIFT_5,
)
from pokerscore.engine.rankings import Play
from pokerscore.engine.tables import ID_SLOTS, flush_by_mask, plain_array
from tests.reference import reference_key


def _multisets(size: int) -> list[tuple[int, ...]]:
    return [
        ranks
        for ranks in combinations_with_replacement(range(13), size)
        if all(ranks.count(rank) <= 4 for rank in set(ranks))
    ]


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
def test_rank_keys_are_unique_within_each_size(size: int) -> None:
    sums = {sum(RANK_KEYS[rank] for rank in ranks) for ranks in _multisets(size)}
    assert len(sums) == len(_multisets(size))


def test_five_card_rank_keys_are_unique() -> None:
    sums = {sum(RANK_KEYS_5[rank] for rank in ranks) for ranks in _multisets(5)}
    assert len(sums) == len(_multisets(5)) == 6175


def test_first_card_key_carries_the_flush_probe() -> None:
    # Seven cards with five clubs: the probed sum shows a flush; four of each suit at most does not.
    clubs = [FIRST_CARD_KEYS[0]] + [CARD_KEYS[4 * rank] for rank in range(1, 5)] + [CARD_KEYS[1]]
    assert sum(clubs) & FLUSH_BITS
    mixed = [FIRST_CARD_KEYS[0]] + [CARD_KEYS[card] for card in (1, 2, 3, 4, 5, 6)]
    assert not sum(mixed) & FLUSH_BITS
    assert sum(mixed) >> SUIT_SHIFT == sum(RANK_KEYS[card >> 2] for card in range(7))


def _representatives() -> list[tuple[int, ...]]:
    """One hand of every five-card rank multiset, plus one flush of every five distinct ranks."""
    hands = []
    for ranks in _multisets(5):
        hands.append(tuple(4 * rank + index % 4 for index, rank in enumerate(ranks)))
        if len(set(ranks)) == 5:
            hands.append(tuple(4 * rank for rank in ranks))
    return hands


def test_high_value_space_is_the_oracles_7462_classes_in_order() -> None:
    # The oracle in tests/reference.py shares no code with the engine: its distinct keys, sorted,
    # are the hand classes, and each hand's value must be its key's 1-based place among them.
    hands = _representatives()
    keys = [reference_key(hand) for hand in hands]
    place = {key: index for index, key in enumerate(sorted(set(keys)), 1)}
    assert len(place) == HIGH.value_count == 7462
    assert [HIGH.evaluate(hand) for hand in hands] == [place[key] for key in keys]
    assert HIGH.first_values[HIGH.categories[-1]] == 7462  # the royal flush


# Rankings without wild cards: their six- and seven-card tables are multisets and flush masks
# (wild rankings judge six and seven cards five by five: tests/engine/test_wild.py).
FIVE_CARD = [ranking for ranking in RANKINGS.values() if ranking.play is Play.BEST_FIVE]
"""The rankings with five-card tables (not badugi)."""
NATURAL = [ranking for ranking in FIVE_CARD if not ranking.wild_cards]


@pytest.mark.parametrize("ranking", NATURAL, ids=str)
def test_five_card_lists_cover_exactly_the_decks_hands(ranking: Ranking) -> None:
    flush, plain = ranking.five_card_lists()
    in_deck = [ranks for ranks in _multisets(5) if set(ranks) <= set(ranking.ranks)]
    keys = {sum(RANK_KEYS_5[rank] for rank in ranks) for ranks in in_deck}
    assert {key for key, value in enumerate(plain) if value} == keys
    suited = {sum(RANK_KEYS_5[r] for r in ranks) for ranks in in_deck if len(set(ranks)) == 5}
    assert {key for key, value in enumerate(flush) if value} == suited
    assert set(plain) | set(flush) == {0, *range(1, ranking.value_count + 1)}


@pytest.mark.parametrize("ranking", NATURAL, ids=str)
@pytest.mark.parametrize("size", [6, 7])
def test_kernel_bundle_and_scalar_array_hold_the_same_multiset_values(
    ranking: Ranking, size: int
) -> None:
    tables = ranking.tables(size)
    flat = np.frombuffer(plain_array(ranking, size), dtype=np.uint16)
    keys = np.flatnonzero(flat)
    # Rank and select, done here in NumPy: the index of each key among all keys set in the bitmap.
    words = keys >> 6
    below = tables.bits[words] & ((np.uint64(1) << (keys & 63).astype(np.uint64)) - np.uint64(1))
    counts = np.array([int(word).bit_count() for word in below.tolist()])
    assert np.array_equal(tables.values[tables.base[words] + counts], flat[keys])
    assert sum(int(word).bit_count() for word in tables.bits.tolist()) == len(keys)


@pytest.mark.parametrize("ranking", NATURAL, ids=str)
def test_flush_table_by_mask_is_the_best_five_of_the_suit(ranking: Ranking) -> None:
    # Every suit of five to seven cards (a hand of seven holds at most seven of a suit).
    table = flush_by_mask(ranking)
    flush, _ = ranking.five_card_lists()
    for mask in range(1 << 13):
        ranks = [rank for rank in range(13) if mask >> rank & 1]
        if not 5 <= len(ranks) <= 7 or not set(ranks) <= set(ranking.ranks):
            continue
        best = max(flush[sum(RANK_KEYS_5[r] for r in five)] for five in combinations(ranks, 5))
        assert table[mask] == best


@pytest.mark.slow
@pytest.mark.parametrize("ranking", FIVE_CARD, ids=str)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_unchecked_garbage_ids_stay_inside_every_table(ranking: Ranking, size: int) -> None:
    # Ids are uint8, so an unchecked row may hold any of 0..255: the per-card arrays must be that
    # long, and the largest reachable key sums must still index the tables (computed here from
    # the keys, independently of how the tables were sized).
    tables = ranking.tables(size)
    assert len(tables.card_keys) == len(tables.suit_bits) == len(tables.keys5) == ID_SLOTS
    largest = size * int(tables.card_keys.max())
    assert (largest >> SUIT_SHIFT) >> 6 < len(tables.bits)
    word_counts = np.array([int(word).bit_count() for word in tables.bits.tolist()])
    assert int((tables.base + word_counts).max()) < len(tables.values)
    largest5 = 5 * int(tables.keys5.max())
    assert largest5 >> SUIT_SHIFT_5 < len(tables.plain5) == len(tables.flush5)
    assert len(tables.is_flush5) > SUIT_MASK_5
    assert max(ranking.card_keys5) == int(tables.keys5.max())


def test_tables_stay_read_only_through_pickle() -> None:
    """A bundle sent to a Dask worker arrives read-only, as built: Numba compiles a kernel once
    per combination of writable and read-only arrays, and the workers compiled
    ``evaluate_rows`` again for the writable copies that unpickling made."""
    import pickle

    from pokerscore.engine.tables import RankingTables, ranking_tables

    for ranking in FIVE_CARD:
        tables = ranking_tables(ranking, 7)
        copy = pickle.loads(pickle.dumps(tables))
        assert isinstance(copy, RankingTables)
        for name, built, sent in zip(tables._fields, tables, copy, strict=True):
            if isinstance(built, np.ndarray):
                assert not built.flags.writeable, name
                assert not sent.flags.writeable, name
                assert np.array_equal(built, sent), name
            else:
                assert sent == built, name


@pytest.mark.parametrize("size", [4, 8, 0, -1, "7", 7.0, True])
def test_tables_of_a_size_no_kernel_takes_are_refused_by_name(size: object) -> None:
    # 4 recursed without end and 8 built tables no kernel reads (issue 32, round three)
    with pytest.raises(ParameterError, match=r"^size must be 5, 6 or 7 cards"):
        HIGH.tables(size)  # type: ignore[arg-type]
