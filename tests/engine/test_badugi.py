"""Badugi: exhaustive counts by brute force, the oracle written from the rules
(``tests/reference_badugi.py``), pokerkit's ``BadugiHand``, and the kernel table."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, pairwise
from math import comb

import numpy as np
import pytest
from pokerkit import BadugiHand

from pokerscore import PokerScoreError
from pokerscore.cards import Card, parse_card
from pokerscore.engine import Category
from pokerscore.engine.kernels.short_hands import badugi_rows
from pokerscore.engine.rankings import BADUGI, HIGH, get_ranking
from pokerscore.engine.short_tables import badugi_tables
from tests.hands.test_differential import same_order
from tests.reference_badugi import parse, strength

NAMES = [str(Card(card)) for card in range(52)]


def _oracle(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return strength(parse(" ".join(NAMES[card] for card in cards)))


def _pokerkit(cards: tuple[int, ...]) -> int:
    """pokerkit's strength, higher better (a low hand's entry index is smaller when better)."""
    return -BadugiHand.from_game("".join(NAMES[card] for card in cards)).entry.index


def _colex(cards: tuple[int, ...]) -> int:
    return sum(comb(card, k) for k, card in enumerate(sorted(cards), 1))


def test_registered_by_name_with_its_value_count() -> None:
    assert get_ranking("badugi") is BADUGI
    # 13 one-card, C(13,2) two-card, C(13,3) three-card, C(13,4) four-card badugis.
    assert BADUGI.value_count == 1092 == 13 + 78 + 286 + 715
    counts = Counter(BADUGI.category_of(value) for value in range(1, 1093))
    assert counts == {
        Category.ONE_CARD_BADUGI: 13,
        Category.TWO_CARD_BADUGI: 78,
        Category.THREE_CARD_BADUGI: 286,
        Category.FOUR_CARD_BADUGI: 715,
    }


@pytest.mark.slow
def test_every_four_card_hand_by_brute_force() -> None:
    hands = list(combinations(range(52), 4))
    assert len(hands) == 270_725
    table = badugi_tables(BADUGI).values
    values = [int(table[_colex(hand)]) for hand in hands]
    oracle = [_oracle(hand) for hand in hands]
    # 17,160 four-card badugis: four ranks of 13 and four suits, C(13, 4) * 4!.
    assert sum(1 for size, _ in oracle if size == 4) == 17_160
    assert sum(1 for value in values if value > BADUGI.value_count - 715) == 17_160
    # 1,092 distinct values, 715 + 286 + 78 + 13 by cards that play, each one class of the
    # oracle: the same partition of the hands, in the same order.
    by_value = dict(zip(values, oracle, strict=True))
    assert len(by_value) == 1092 == len(set(oracle))
    assert Counter(size for size, _ in by_value.values()) == {4: 715, 3: 286, 2: 78, 1: 13}
    keys = [by_value[value] for value in sorted(by_value)]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


@pytest.mark.parametrize("count", [100, pytest.param(3000, marks=pytest.mark.slow)])
def test_scalar_and_kernel_values_agree_with_the_oracle_on_random_hands(count: int) -> None:
    rng = random.Random(28)  # make quick: the first 100 hands of the slow run's 3,000
    hands = [tuple(rng.sample(range(52), 4)) for _ in range(count)]  # in dealt order
    scalar = np.array([BADUGI.evaluate(hand) for hand in hands])
    rows = np.array(hands, dtype=np.uint8)
    assert (badugi_rows(rows, badugi_tables(BADUGI)) == scalar).all()
    oracle = [_oracle(hand) for hand in hands]
    order = sorted(range(len(hands)), key=lambda index: scalar[index])
    for before, after in pairwise(order):
        same = scalar[before] == scalar[after]
        assert (oracle[before] == oracle[after]) if same else oracle[before] < oracle[after]


def _class_hand(value: int) -> tuple[int, ...]:
    """Four cards whose best badugi is the class of ``value``: its ranks in four different
    suits, then further cards of its first rank (which add no card to a badugi)."""
    ranks = BADUGI.explaining_ranks(value)
    cards = [4 * rank + suit for suit, rank in enumerate(ranks)]
    cards += [4 * ranks[0] + suit for suit in range(len(ranks), 4)]
    return tuple(cards)


def test_every_class_in_pokerkits_order() -> None:
    hands = [_class_hand(value) for value in range(1, BADUGI.value_count + 1)]
    assert [BADUGI.evaluate(hand) for hand in hands] == list(range(1, 1093))
    theirs = [_pokerkit(hand) for hand in hands]
    assert theirs == sorted(theirs) and len(set(theirs)) == len(theirs)


def test_random_hands_in_pokerkits_order() -> None:
    rng = random.Random(4)
    hands = [tuple(rng.sample(range(52), 4)) for _ in range(2000)]
    ours = np.array([BADUGI.evaluate(hand) for hand in hands])
    assert same_order(ours, np.array([_pokerkit(hand) for hand in hands]))


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ac 2d 3h 4s", "Ac 2d 3h 5s"),  # the best hand; a wheel-like five-high badugi after it
        ("Kc Qd Jh Ts", "Ac 2d 3h 3s"),  # any four-card badugi beats every three-card one
        ("Ac 2d 3h 3s", "2c 3d 4h 4s"),  # A-2-3 beats 4-3-2
        ("7c 5d 4h 4s", "7c 6d 2h 2s"),  # 7-5-4 beats 7-6-2: compared from the top down
        ("Ac Ad Ah As", "2c 2d 2h 2s"),  # one card each: the ace is low
        ("Ac 2c 3c Kd", "Ac 2c 3c 4c"),  # A-K two cards beats one card
    ],
)
def test_published_orderings(better: str, worse: str) -> None:
    def value(text: str) -> int:
        return BADUGI.evaluate([parse_card(token).id for token in text.split()])

    assert value(better) > value(worse)


def test_suits_never_break_a_tie() -> None:
    ids = [
        [parse_card(token).id for token in text.split()] for text in ("Ac 2d 3h 4s", "As 2h 3d 4c")
    ]
    assert BADUGI.evaluate(ids[0]) == BADUGI.evaluate(ids[1])


def test_playing_cards_are_the_best_badugi() -> None:
    ids = [
        parse_card(token).id for token in ["Kc", "4d", "2h", "Ad"]
    ]  # two diamonds: the ace plays
    assert [NAMES[card] for card in BADUGI.playing(ids)] == ["Kc", "2h", "Ad"]


def test_five_card_machinery_refuses_badugi() -> None:
    with pytest.raises(PokerScoreError, match="badugi judges hands of 4 cards"):
        BADUGI.tables(5)
    with pytest.raises(PokerScoreError, match="badugi judges hands of 4 cards"):
        BADUGI.evaluate5(0, 1, 2, 3, 4)
    with pytest.raises(PokerScoreError, match="must be a badugi ranking, not high"):
        badugi_tables(HIGH)
