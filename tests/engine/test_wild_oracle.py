"""Wild rankings against the brute-force oracle (tests/reference_wild.py) and published counts."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations_with_replacement, pairwise

import pytest

from pokerscore.cards import JOKER
from pokerscore.engine import Category, Ranking, get_ranking
from pokerscore.hands.statistics import exhaustive_counts
from tests.reference_wild import Key, slug, wild_key

JOKER_RANKING = get_ranking("joker")
DEUCES = get_ranking("deuces-wild")
DEUCE_IDS = (0, 1, 2, 3)


def _hands_of(natural_ranks: Sequence[int], wild_cards: Sequence[int]) -> list[list[int]]:
    """Hands of these natural ranks and wild cards: one with the naturals in several suits, and
    one all of one suit when their ranks differ (the only suit patterns a wild hand's worth
    depends on)."""
    seen: dict[int, int] = {}
    mixed = []
    for rank in natural_ranks:
        mixed.append(4 * rank + seen.get(rank, 0))
        seen[rank] = seen.get(rank, 0) + 1
    if len(natural_ranks) > 1 and len({card % 4 for card in mixed}) == 1:
        mixed[-1] += 1  # distinct ranks, all clubs so far: make the last a diamond
    hands = [mixed + list(wild_cards)] if len(natural_ranks) > 1 else []
    if len(set(natural_ranks)) == len(natural_ranks):
        hands.append([4 * rank + 2 for rank in natural_ranks] + list(wild_cards))
    return hands


def _check_against_oracle(ranking: Ranking, hands: list[list[int]], wild: set[int]) -> None:
    pairs: list[tuple[Key, int]] = []
    for hand in hands:
        key, value = wild_key(hand, wild), ranking.evaluate(hand)
        assert ranking.category_of(value).slug == slug(key), hand
        pairs.append((key, value))
    # The values order the hands exactly as the oracle's keys do: equal keys, equal values.
    pairs.sort()
    for (key_a, value_a), (key_b, value_b) in pairwise(pairs):
        assert (key_a < key_b) == (value_a < value_b) and (key_a == key_b) == (value_a == value_b)


def _natural(ranks: Sequence[int], size: int) -> list[tuple[int, ...]]:
    return [
        multiset
        for multiset in combinations_with_replacement(ranks, size)
        if all(multiset.count(rank) <= 4 for rank in multiset)
    ]


@pytest.mark.slow
def test_every_one_joker_class_and_sampled_two_joker_classes_match_the_oracle() -> None:
    # Every multiset of four natural ranks with the joker (both suit patterns): each entry of
    # the one-joker table; and a sample of the two-joker entries (each costs 1,378 stand-ins).
    hands = [hand for ranks in _natural(range(13), 4) for hand in _hands_of(ranks, [JOKER])]
    rng = random.Random(10)
    three = _natural(range(13), 3)
    hands += [hand for ranks in rng.sample(three, 120) for hand in _hands_of(ranks, [JOKER, JOKER])]
    # And natural hands, random ones: the joker ranking judges them as high poker does.
    hands += [rng.sample(range(52), 5) for _ in range(500)]
    _check_against_oracle(JOKER_RANKING, hands, {JOKER})


@pytest.mark.slow
def test_every_one_deuce_class_and_sampled_two_and_three_deuce_classes_match_the_oracle() -> None:
    rng = random.Random(11)
    natural_ranks = range(1, 13)  # the deuces are all wild
    hands = [hand for ranks in _natural(natural_ranks, 4) for hand in _hands_of(ranks, [3])]
    hands += [
        hand
        for ranks in rng.sample(_natural(natural_ranks, 3), 100)
        for hand in _hands_of(ranks, [1, 3])
    ]
    hands += [
        hand
        for ranks in rng.sample(_natural(natural_ranks, 2), 5)
        for hand in _hands_of(ranks, [0, 1, 3])
    ]
    hands += [rng.sample(range(4, 52), 5) for _ in range(500)]
    _check_against_oracle(DEUCES, hands, set(DEUCE_IDS))


@pytest.mark.slow
def test_random_real_hands_with_wild_cards_match_the_oracle() -> None:
    # Real suits, random hands: one or two jokers, one or two deuces.
    rng = random.Random(12)
    jokers = [[*rng.sample(range(52), 4), JOKER] for _ in range(400)]
    jokers += [[*rng.sample(range(52), 3), JOKER, JOKER] for _ in range(20)]
    _check_against_oracle(JOKER_RANKING, jokers, {JOKER})
    deuces = [[*rng.sample(range(4, 52), 4), rng.choice(DEUCE_IDS)] for _ in range(400)]
    deuces += [rng.sample(range(4, 52), 3) + rng.sample(DEUCE_IDS, 2) for _ in range(20)]
    _check_against_oracle(DEUCES, deuces, set(DEUCE_IDS))


def test_four_deuces_are_five_of_a_kind_of_the_fifth_cards_rank() -> None:
    # 48 hands: the four deuces and any other card (its rank five times).
    for card in range(4, 52):
        value = DEUCES.evaluate([0, 1, 2, 3, card])
        assert DEUCES.category_of(value) is Category.FIVE_OF_A_KIND
        assert DEUCES.explaining_ranks(value) == (card // 4,)


@pytest.mark.slow
def test_deuces_wild_dealt_hand_counts() -> None:
    counts = exhaustive_counts(cards=5, ranking="deuces-wild")
    assert counts.total == 2_598_960
    by_slug = {category.slug: count for category, count in counts.counts.items()}
    # Brian Alspach, "Wild Cards in Profusion: Part 2" (Poker Digest, 2002,
    # people.math.sfu.ca/~alspach/mag94): 672 five-card quints with four wild cards of one
    # rank: 48 of four deuces and a card, 288 with three deuces, 288 with two, 48 with one.
    assert by_slug["five-of-a-kind"] == 672
    # Without a deuce no hand changes, and any deuce pairs: the high cards are high poker's
    # no-pair hands of the 48 other cards, C(12, 5) rank sets minus 8 straights (no wheel: no
    # deuce), times 4**5 - 4 suitings: 784 * 1020 = 799,680.
    assert by_slug["high-card"] == 784 * 1020
    # Regression pins (produced by this program, checked by no published table we found; the
    # oracle tests above check the classes they come from).
    assert by_slug == {
        "high-card": 799_680,
        "one-pair": 1_225_008,
        "two-pair": 95_040,
        "three-of-a-kind": 355_080,
        "straight": 62_232,
        "flush": 14_472,
        "full-house": 12_672,
        "four-of-a-kind": 31_552,
        "straight-flush": 2_552,
        "five-of-a-kind": 672,
    }


def test_joker_dealt_hand_counts() -> None:
    counts = exhaustive_counts(cards=5, ranking="joker")
    assert counts.total == 2_869_685  # C(53, 5)
    by_slug = {category.slug: count for category, count in counts.counts.items()}
    # Five of a kind: four of a kind and the joker, one hand per rank (13 of 2,869,685).
    assert by_slug["five-of-a-kind"] == 13
    # The joker pairs any card: the high cards are high poker's 1,302,540 (Scarne's joker
    # table shows them unchanged, as blackjack-absolute.com's "Mathematics of Deuces Wild"
    # notes), and two pair cannot use it (a joker makes trips of a pair): 123,552 as in
    # high poker.
    assert by_slug["high-card"] == 1_302_540
    assert by_slug["two-pair"] == 123_552
    # Regression pins (this program's counts) for the rest.
    assert by_slug == {
        "high-card": 1_302_540,
        "one-pair": 1_268_088,
        "two-pair": 123_552,
        "three-of-a-kind": 137_280,
        "straight": 20_532,
        "flush": 7_804,
        "full-house": 6_552,
        "four-of-a-kind": 3_120,
        "straight-flush": 204,
        "five-of-a-kind": 13,
    }


@pytest.mark.slow
@pytest.mark.parametrize("ranking", [JOKER_RANKING, DEUCES], ids=str)
def test_six_card_counts_hold_five_of_a_kind_as_counted_by_hand(ranking: Ranking) -> None:
    counts = exhaustive_counts(cards=6, ranking=ranking)
    five = counts.counts[Category.FIVE_OF_A_KIND]
    if ranking is JOKER_RANKING:
        # Four of a kind, the joker and any of the 48 other cards: 13 * 48.
        assert five == 13 * 48
    else:
        assert counts.total == 20_358_520 and five > 672
