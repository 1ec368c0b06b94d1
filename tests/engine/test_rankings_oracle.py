"""Every ranking against its reference scorer (tests/reference_rankings.py), written from the rules.

What must agree is the order: the values of any set of hands must sort them exactly as the
reference keys do, ties included, and name the same categories. Checked on one hand of every
five-card class of each ranking, on random 5-, 6- and 7-card hands, and on hands in players'
words.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerscore
from pokerscore import (
    RANKINGS,
    PokerScoreError,
    best_hand,
    compare,
    evaluate_batch,
    get_ranking,
    score,
    winners,
)
from tests.reference_rankings import (
    ACE,
    CATEGORIES,
    DECKS,
    Key,
    card_ids,
    card_name,
    category_slug,
    reference_best,
    reference_key,
    representative_hands,
)

NAMES = tuple(CATEGORIES)
LOWBALL = ("ace-to-five", "deuce-to-seven", "eight-or-better")
SHORT = ("short-deck", "short-deck-straight-over-trips")

VALUE_COUNTS = {
    "high": 7462,  # published: distinct five-card hands
    "ace-to-five": 6175,  # published: distinct rank multisets
    "deuce-to-seven": 7462,  # as high: 9 straights and flushes fewer, 1 no-pair class more each
    "eight-or-better": 57,  # C(8, 5) lows and one "no low"
    "short-deck": 1404,  # counted by the reference scorer over all 376,992 hands
    "short-deck-straight-over-trips": 1404,
}


def words(hand: Sequence[int]) -> str:
    return " ".join(card_name(card) for card in hand)


def assert_same_order(
    ranking: str, hands: Sequence[Sequence[int]], values: Sequence[int], keys: Sequence[Key]
) -> None:
    """Values must rank ``hands`` as the reference keys do: same ties, same order."""
    assert len(hands) == len(values) == len(keys)
    order = sorted(range(len(keys)), key=lambda index: keys[index])
    for low, high in pairwise(order):
        tie = keys[low] == keys[high]
        agrees = values[low] == values[high] if tie else values[low] < values[high]
        assert agrees, (
            f"{ranking}: {words(hands[low])} (key {keys[low]}, value {values[low]}) "
            f"{'ties' if tie else 'loses to'} {words(hands[high])} "
            f"(key {keys[high]}, value {values[high]}) by the rules"
        )


def test_order_check_detects_disagreements() -> None:
    hands = [[0, 1, 2, 3, 4]] * 3
    keys: list[Key] = [(0, (1,)), (0, (2,)), (0, (2,))]
    assert_same_order("high", hands, [1, 2, 2], keys)
    for wrong in ([1, 2, 3], [2, 2, 2], [3, 2, 2]):  # a tie broken, a tie made, reversed
        with pytest.raises(AssertionError):
            assert_same_order("high", hands, wrong, keys)


# -- the rankings as objects -------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_ranking_describes_its_deck_and_categories(name: str) -> None:
    assert name in RANKINGS
    ranking = pokerscore.get_ranking(name)
    assert ranking.name == name
    assert get_ranking(ranking) is ranking
    assert sorted(ranking.deck) == list(DECKS[name])
    assert tuple(category.slug for category in ranking.categories) == CATEGORIES[name]
    assert ranking.value_count == VALUE_COUNTS[name]


def test_an_unknown_ranking_is_an_error_naming_it() -> None:
    with pytest.raises(PokerScoreError, match="razzle"):
        get_ranking("razzle")


# -- every five-card class ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_every_five_card_class_in_the_reference_order(name: str) -> None:
    """One hand per (rank multiset, suited or not): every value of the ranking, in order."""
    ranking = get_ranking(name)
    hands = representative_hands(name)
    values = evaluate_batch(np.array(hands, dtype=np.uint8), ranking=name)
    assert values.dtype == np.uint16 and values.shape == (len(hands),)
    keys = [reference_key(name, hand) for hand in hands]
    assert_same_order(name, hands, values.tolist(), keys)
    assert set(values.tolist()) == set(range(1, ranking.value_count + 1))
    assert len(set(keys)) == ranking.value_count
    for hand, value, key in zip(hands, values.tolist(), keys, strict=True):
        assert ranking.category_of(value).slug == category_slug(name, key), words(hand)


# -- random hands of 5, 6 and 7 cards ----------------------------------------------------------


def dealt_hands(name: str, count: int, size: int, seed: int) -> np.ndarray:
    """``count`` hands: a third from the whole deck, a third from two suits (flushes), a third
    from six neighbouring ranks, the ace on either end (straights, pairs, lows)."""
    rng = np.random.default_rng(seed)
    deck = np.array(DECKS[name])
    ranks = sorted({card // 4 for card in DECKS[name]})
    cyclic = [ACE, *ranks]  # the ace also plays below the lowest rank
    pools = [deck]
    pools += [deck[np.isin(deck % 4, suits)] for suits in ([0, 1], [1, 2], [2, 3], [0, 3])]
    pools += [
        deck[np.isin(deck // 4, cyclic[start : start + 6])] for start in range(len(cyclic) - 5)
    ]
    weights = np.array([4.0] + [1.0] * 4 + [4 / (len(pools) - 5)] * (len(pools) - 5))
    chosen = rng.choice(len(pools), size=count, p=weights / weights.sum())
    hands = np.empty((count, size), dtype=np.uint8)
    for index, pool in enumerate(pools):
        rows = np.flatnonzero(chosen == index)
        # The first ``size`` of a random permutation of the pool, for each row.
        picks = np.argsort(rng.random((len(rows), len(pool))), axis=1)[:, :size]
        hands[rows] = pool[picks]
    return hands


RANDOM_HANDS = 1500
THROUGH_SCALAR = 150


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("name", NAMES)
def test_random_hands_in_the_reference_order(name: str, size: int) -> None:
    hands = dealt_hands(name, RANDOM_HANDS, size, seed=1000 * size + NAMES.index(name))
    values = evaluate_batch(hands, ranking=name).tolist()
    rows = hands.tolist()
    keys = [reference_best(name, hand) for hand in rows]
    assert_same_order(name, rows, values, keys)
    ranking = get_ranking(name)
    for hand, value, key in zip(rows, values, keys, strict=True):
        assert ranking.category_of(value).slug == category_slug(name, key), words(hand)
    # The scalar paths give the batch's numbers.
    scalar = slice(THROUGH_SCALAR)
    for hand, value, key in zip(rows[scalar], values[scalar], keys[scalar], strict=True):
        assert ranking.evaluate(hand) == value, words(hand)
        best = best_hand(hand, ranking=name)
        assert best.value == value, words(hand)
        assert best.category.slug == category_slug(name, key), words(hand)
        assert len(best.best) == 5 and {card.id for card in best.best} <= set(hand)
        assert reference_key(name, [card.id for card in best.best]) == key, words(hand)
        if size == 5:
            assert score(hand, ranking=name).value == value, words(hand)


# -- hands in players' words -------------------------------------------------------------------


def value(name: str, cards: str) -> int:
    return best_hand(cards, ranking=name).value


def slug(name: str, cards: str) -> str:
    return best_hand(cards, ranking=name).category.slug


def test_ace_to_five_known_hands() -> None:
    name = "ace-to-five"
    top = get_ranking(name).value_count
    assert value(name, "5c 4d 3h 2s Ac") == top  # the wheel is the nuts
    assert value(name, "5h 4h 3h 2h Ah") == top  # a flush does not count
    assert slug(name, "5c 4d 3h 2s Ac") == "no-pair"
    assert value(name, "6c 4d 3h 2s Ac") == top - 1  # the second best
    assert value(name, "6c 5d 4h 3s 2c") < value(name, "6c 4d 3h 2s Ac")
    # K-Q-J-T-9 is only king high, yet any no-pair hand beats a pair.
    assert value(name, "Kc Qd Jh Ts 9c") > value(name, "Ac Ad 2c 3d 4h")
    assert slug(name, "Ac Ad 2c 3d 4h") == "one-pair"
    assert value(name, "Ac Ad 2c 3d 4h") > value(name, "2c 2d Ac 3d 4h")  # aces are the low pair
    assert value(name, "Kc Kd Kh Ks Qc") == 1  # the worst: four kings
    assert value(name, "Ac 2d 3h 4s 5c Kd Kh") == top  # best five of seven


def test_deuce_to_seven_known_hands() -> None:
    name = "deuce-to-seven"
    top = get_ranking(name).value_count
    assert value(name, "7c 5d 4h 3s 2c") == top  # 7-5-4-3-2 not all one suit is the nuts
    assert slug(name, "7c 5d 4h 3s 2c") == "high-card"
    assert slug(name, "7h 5h 4h 3h 2h") == "flush"  # suited it is a flush, which counts against
    assert value(name, "7h 5h 4h 3h 2h") < value(name, "Kc Kd Ah Qs Js")
    assert value(name, "7c 6d 4h 3s 2c") < top  # 7-6 is worse than 7-5
    # A-2-3-4-5 is no straight (the ace is only high): an ace-high hand.
    assert slug(name, "Ac 2d 3h 4s 5c") == "high-card"
    assert value(name, "Ac 2d 3h 4s 5c") > value(name, "Ac Kd Qh Js 9c")
    assert value(name, "Ac 2d 3h 4s 5c") < value(name, "Kc Qd Jh Ts 8c")  # king high is lower
    assert slug(name, "6c 5d 4h 3s 2c") == "straight"
    assert value(name, "6c 5d 4h 3s 2c") < value(name, "2c 2d 3h 4s 5c")  # straight < a pair
    assert slug(name, "As Ks Qs Js Ts") == "straight-flush"
    assert value(name, "As Ks Qs Js Ts") == 1  # the royal flush is the worst hand


def test_eight_or_better_known_hands() -> None:
    name = "eight-or-better"
    top = get_ranking(name).value_count
    assert value(name, "5c 4d 3h 2s Ac") == top and slug(name, "5c 4d 3h 2s Ac") == "five-low"
    assert value(name, "5c 4c 3c 2c Ac") == top  # flushes and straights do not matter
    assert slug(name, "9c 8d 7h 6s 5c") == "no-low"  # a nine is too high
    assert value(name, "9c 8d 7h 6s 5c") == 1
    assert slug(name, "Ac Ad 2c 3d 4h") == "no-low"  # a pair is no low
    assert value(name, "Ac Ad 2c 3d 4h") == value(name, "Kc Kd Ks Qd Qh")  # no lows tie
    assert slug(name, "8c 7d 6h 5s 4c") == "eight-low"
    assert value(name, "8c 7d 6h 5s 4c") == 2  # the worst low
    assert slug(name, "7c 5d 4h 3s 2c") == "seven-low"
    assert slug(name, "6c 4d 3h 2s Ac") == "six-low"
    assert slug(name, "Ac 2d 3h 4s 8c Kd Kh") == "eight-low"  # best five of seven
    assert slug(name, "Ac Ad 2c 2d 3h 4s 6c") == "six-low"  # pairs set aside
    assert slug(name, "Ac Ad 2c 2d 3h 4s Kc") == "no-low"  # only four low ranks


def test_short_deck_known_hands() -> None:
    wheel, trips = "Ac 6d 7h 8s 9c", "6c 6d 6h Ks Qc"
    for name in SHORT:
        assert slug(name, wheel) == "straight"  # the ace plays low below the six
        assert value(name, wheel) < value(name, "6c 7d 8h 9s Tc")  # the lowest straight
        assert value(name, wheel) > value(name, "Ac Ad Kh Ks Qc")
        assert slug(name, "Ac Kc Qc Jc 9c") == "flush"
        assert value(name, "Ac Kc Qc Jc 9c") > value(name, "Ac Ad Ah Ks Kc")  # flush > full house
        assert slug(name, "Ac 6c 7c 8c 9c") == "straight-flush"
        assert value(name, "Ac 6c 7c 8c 9c") > value(name, "Ac Ad Ah As Kc")
        assert value(name, "Ts Js Qs Ks As") == get_ranking(name).value_count
        assert slug(name, "Ts Js Qs Ks As") == "straight-flush"  # no royal-flush category
        assert value(name, "Jc 9d 8h 7s 6c") == 1  # the worst: J-9-8-7-6 (T-9-8-7-6 is straight)
    assert value("short-deck", wheel) < value("short-deck", trips)
    assert value("short-deck-straight-over-trips", wheel) > value(
        "short-deck-straight-over-trips", trips
    )


def test_high_is_unchanged_and_the_default() -> None:
    high = get_ranking("high")
    assert high.value_count == 7462
    assert value("high", "Th Jh Qh Kh Ah") == 7462
    assert slug("high", "Ac 2d 3h 4s 5c") == "straight"
    for cards in ("Th Jh Qh Kh Ah", "Ac 2d 3h 4s 5c", "2c 3d 4h 5s 7c", "Kc Kd 7h 7s 2c"):
        assert score(cards).value == score(cards, ranking="high").value
        assert score(cards).value == score(cards, ranking=high).value
        assert score(cards).value == high.evaluate(card_ids(cards))


def test_compare_and_winners_take_a_ranking() -> None:
    wheel, king_high = "Ac 2d 3h 4s 5c", "Kc Qd Jh Ts 8c"
    assert compare(wheel, king_high) == 1  # high: a straight
    assert compare(wheel, king_high, ranking="ace-to-five") == 1
    assert compare(wheel, king_high, ranking="deuce-to-seven") == -1
    assert compare(wheel, king_high, ranking=get_ranking("deuce-to-seven")) == -1
    hands = ["9c 8d 7h 6s 5c", "Kc Kd Ks Qd Qh", "8c 7d 6h 5s 4c"]
    assert winners(hands, ranking="eight-or-better") == [2]
    assert winners(hands[:2], ranking="eight-or-better") == [0, 1]  # no low ties no low


# -- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHORT)
def test_a_card_outside_the_short_deck_is_an_error_naming_it(name: str) -> None:
    with pytest.raises(PokerScoreError, match="2c"):
        score("2c 6d 7h 8s 9c", ranking=name)
    with pytest.raises(PokerScoreError, match="5h"):
        best_hand("Ac Kd 7h 8s 9c Tc 5h", ranking=name)
    with pytest.raises(PokerScoreError, match="2c"):
        evaluate_batch(
            np.array([card_ids("Ac 6d 7h 8s 9c"), card_ids("Ac 2c 7h 8s 9c")]), ranking=name
        )
    with pytest.raises(PokerScoreError, match="2c"):
        compare("Ac 6d 7h 8s 9c", "2c 6c 7c 8c 9d", ranking=name)


# -- properties --------------------------------------------------------------------------------


def hands_of(name: str) -> st.SearchStrategy[list[int]]:
    """5 to 7 different cards of the ranking's deck."""
    return st.lists(st.sampled_from(DECKS[name]), min_size=5, max_size=7, unique=True)


@st.composite
def ranked_hand(draw: st.DrawFn) -> tuple[str, list[int]]:
    name = draw(st.sampled_from(NAMES))
    return name, draw(hands_of(name))


@given(ranked_hand(), st.permutations(range(4)), st.randoms(use_true_random=False))
def test_renaming_suits_and_reordering_cards_change_nothing(
    named: tuple[str, list[int]], mapping: list[int], rng: object
) -> None:
    name, hand = named
    renamed = [card - card % 4 + mapping[card % 4] for card in hand]
    rng.shuffle(renamed)  # type: ignore[attr-defined]
    ranking = get_ranking(name)
    assert ranking.evaluate(renamed) == ranking.evaluate(hand)
    assert best_hand(renamed, ranking=name).value == best_hand(hand, ranking=name).value


def sign(first: Key, second: Key) -> int:
    return (first > second) - (first < second)


@given(st.data(), st.sampled_from(NAMES))
def test_compare_and_winners_follow_the_rules(data: st.DataObject, name: str) -> None:
    """Judged by the reference keys, so antisymmetric and transitive as the rules are."""
    hands = [data.draw(hands_of(name)) for _ in range(3)]
    keys = [reference_best(name, hand) for hand in hands]
    for i in range(3):
        for j in range(3):
            assert compare(hands[i], hands[j], ranking=name) == sign(keys[i], keys[j])
    assert winners(hands, ranking=name) == [i for i in range(3) if keys[i] == max(keys)]
