"""The shipped table of every heads-up preflop matchup: its size, published figures, entries
against :func:`pokerscore.equity`, the whole table against the shipped vs-random sweep, and the
canonical form's invariance under suit renaming and swapping the hands."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, permutations

import numpy as np
import pytest

from pokerscore import PokerScoreError, equity, heads_up_preflop
from pokerscore.cards import parse_cards
from pokerscore.games.holdem.matchups import (
    BOARDS,
    canonical_matchup,
    matchup_table,
    unpack,
)
from tests.games.holdem.test_ranges import shipped_rows

HANDS = list(combinations(range(52), 2))
SUIT_ORDERS = list(permutations(range(4)))


def ids(text: str) -> list[int]:
    return [card.id for card in parse_cards(text)]


def orbit_keys() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every unordered pair of disjoint hands (812,175: first, second as card ids) and its orbit's
    key under the 24 renamings of the suits and the swap of the two hands, from the definition:
    the least packed form (each hand highest card first, the first hand in the high bits) over
    the orbit, computed here in NumPy (no library code). Two pairs share a key exactly when one
    is a renaming or swap of the other."""
    cards = np.array(HANDS)
    i, j = np.triu_indices(len(HANDS), k=1)
    disjoint = (cards[i][:, :, None] != cards[j][:, None, :]).all(axis=(1, 2))
    first, second = cards[i[disjoint]], cards[j[disjoint]]
    best = np.full(len(first), 1 << 24, dtype=np.int64)
    for order in SUIT_ORDERS:
        rename = np.array([4 * (card // 4) + order[card % 4] for card in range(52)])
        one, two = np.sort(rename[first], axis=1)[:, ::-1], np.sort(rename[second], axis=1)[:, ::-1]
        for high, low in ((one, two), (two, one)):
            np.minimum(
                best, high[:, 0] << 18 | high[:, 1] << 12 | low[:, 0] << 6 | low[:, 1], out=best
            )
    return first, second, best


@pytest.mark.slow
def test_the_table_holds_every_matchup_once() -> None:
    # The orbits were walked in Python before, pair by pair, marking each orbit's 24 renamings
    # (10 s of CPU); the least key over the orbit names the same orbits in NumPy (2 s).
    first, second, best = orbit_keys()
    assert len(first) == 1326 * 1225 // 2
    orbits, member = np.unique(best, return_index=True)
    assert len(orbits) == 47_008
    table = matchup_table()
    assert len(table) == len(orbits) and set(orbits.tolist()) == set(table)
    # The library's canonical form of one pair of each orbit (the first met) is that orbit's key.
    keys = {
        canonical_matchup(sorted(first[k].tolist()), sorted(second[k].tolist()))[0]
        for k in member.tolist()
    }
    assert keys == set(table)


PUBLISHED = [
    # GNU poker-eval's hcmp2 as quoted at brainwagon.org/2005/04/09/texas-holdem-trivia:
    # (first, second, first's wins, losses, ties) over the 1,712,304 boards.
    ("AdAc", "KhKs", 1_388_072, 317_694, 6_538),
    ("AdAc", "Td9d", 1_338_249, 367_143, 6_912),
    ("AdAc", "QcJh", 1_450_987, 254_763, 6_554),
]


@pytest.mark.parametrize(("first", "second", "wins", "losses", "ties"), PUBLISHED)
def test_published_matchups(first: str, second: str, wins: int, losses: int, ties: int) -> None:
    assert wins + losses + ties == BOARDS
    expected = Fraction(2 * wins + ties, 2 * BOARDS), Fraction(2 * losses + ties, 2 * BOARDS)
    assert heads_up_preflop(first, second) == expected
    assert heads_up_preflop(second, first) == expected[::-1]


def test_aces_against_kings_in_every_suiting() -> None:
    # The all-in EV module's figure (an exact enumeration there) for AhAs against KhKc.
    assert heads_up_preflop("AhAs", "KhKc")[0] == Fraction(255121, 311328)
    # AA against KK: no shared suit (poker-eval above), one, two; rounded figures everywhere
    # put the aces at 81-83 %: the more suits the kings share, the less they have.
    none = heads_up_preflop("AdAc", "KhKs")[0]
    one = heads_up_preflop("AdAc", "KdKs")[0]
    two = heads_up_preflop("AdAc", "KdKc")[0]
    assert Fraction(81, 100) < none < one < two < Fraction(83, 100)


def test_suited_big_slick_against_queens() -> None:
    # AKs against QQ, no shared suit: about 46 % (pokerstrategy.com forum thread 188543).
    aks, queens = heads_up_preflop("AsKs", "QdQc")
    assert aks + queens == 1 and round(float(aks), 2) == 0.46
    assert float(heads_up_preflop("AsKs", "QsQc")[0]) < float(aks)  # a queen blocks the flush


@pytest.mark.slow
def test_entries_against_exact_equity() -> None:
    """Thirty random entries against the exact enumeration of :func:`equity` (another kernel)."""
    rng = random.Random(30)
    table = sorted(matchup_table())
    for key in rng.sample(table, 30):
        first, second = unpack(key)
        result = equity([parse_cards(first), parse_cards(second)], method="exact")
        expected = tuple(player.equity_exact for player in result.players)
        assert result.boards == BOARDS
        assert heads_up_preflop(parse_cards(first), parse_cards(second)) == expected


def test_every_renaming_and_swap_gives_the_same_matchup() -> None:
    rng = random.Random(24)
    for _ in range(40):
        cards = rng.sample(range(52), 4)
        first, second = cards[:2], cards[2:]
        key, swapped = canonical_matchup(first, second)
        shares = heads_up_preflop(first, second)
        for order in rng.sample(SUIT_ORDERS, 6):
            one, two = ([4 * (c // 4) + order[c % 4] for c in hand] for hand in (first, second))
            one.reverse()  # the order of a hand's cards does not matter either
            assert canonical_matchup(one, two) == (key, swapped)
            assert canonical_matchup(two, one) == (key, not swapped) or (
                # a matchup that is its own swap (AhKh against AsKs) has one answer
                canonical_matchup(two, one)[0] == key and shares[0] == shares[1]
            )
            assert heads_up_preflop(one, two) == shares
            assert heads_up_preflop(two, one) == shares[::-1]


@pytest.mark.slow
def test_the_whole_table_sums_to_the_shipped_sweep_against_a_random_hand() -> None:
    """Every hand against each of the 1,225 others, summed by class, is the shipped vs-random
    file (the preflop sweep's counts, another kernel, checked against Jazbo's table): every entry
    of the table takes part. The canonical keys are computed here, in NumPy, from the
    definition (least packed form over the renamings and the two orders)."""
    first, second = (np.array(side) for side in zip(*[
        (a, b) for a in HANDS for b in HANDS if not set(a) & set(b)
    ], strict=True))  # fmt: skip
    best = np.full(len(first), 1 << 24, dtype=np.int64)
    swapped = np.zeros(len(first), dtype=np.bool_)
    for order in SUIT_ORDERS:
        rename = np.array([4 * (card // 4) + order[card % 4] for card in range(52)])
        one, two = np.sort(rename[first], axis=1)[:, ::-1], np.sort(rename[second], axis=1)[:, ::-1]
        for packed, crossed in (((one, two), False), ((two, one), True)):
            key = (
                packed[0][:, 0] << 18
                | packed[0][:, 1] << 12
                | packed[1][:, 0] << 6
                | packed[1][:, 1]
            )
            better = key < best
            best[better], swapped[better] = key[better], crossed
    table = matchup_table()
    keys = np.array(sorted(table), dtype=np.int64)
    halves = np.array([table[key] for key in keys.tolist()], dtype=np.int64)
    at = np.searchsorted(keys, best)
    assert (keys[at] == best).all()
    mine = np.where(swapped, 2 * BOARDS - halves[at], halves[at])
    ranks = first // 4
    high, low = ranks.max(axis=1), ranks.min(axis=1)
    suited = first[:, 0] % 4 == first[:, 1] % 4
    letters = "23456789TJQKA"
    for name, (combos, wins, ties, _) in shipped_rows().items():
        top, bottom = letters.index(name[0]), letters.index(name[1])
        rows = (high == top) & (low == bottom) & (suited == name.endswith("s"))
        assert int(rows.sum()) == combos * 1225
        assert int(mine[rows].sum()) == 2 * wins + ties, name


def test_bad_hands_name_the_parameter() -> None:
    with pytest.raises(PokerScoreError, match=r"^first must be two cards"):
        heads_up_preflop("AhAsAd", "KhKc")
    with pytest.raises(PokerScoreError, match=r"^second must be two cards"):
        heads_up_preflop("AhAs", "Jk Kc")
    with pytest.raises(PokerScoreError, match=r"^second shares a card with first"):
        heads_up_preflop("AhAs", "AsKc")


def test_the_shipped_file_holds_sorted_keys_and_counts_in_range() -> None:
    from importlib import resources

    from pokerscore.games.holdem.matchups import MATCHUPS_FILE

    with resources.files("pokerscore").joinpath("data", MATCHUPS_FILE).open("rb") as stream:
        arrays = np.load(stream)
        keys, halves = arrays["keys"], arrays["halves"]
    assert keys.dtype == halves.dtype == np.uint32 and keys.shape == halves.shape == (47_008,)
    assert (np.diff(keys.astype(np.int64)) > 0).all()
    assert ((halves > 0) & (halves < 2 * BOARDS)).all()  # no matchup is decided preflop
    for key in keys[::997].tolist():  # each key is its own canonical form
        assert canonical_matchup(*unpack(key)) == (key, False)
