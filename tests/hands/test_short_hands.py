"""score and best_hand on up cards (1 to 4 under high and ace-to-five) and on badugi hands."""

from __future__ import annotations

import random

import pytest

from pokerscore import HandSizeError, PokerScoreError, best_hand, compare, score, winners
from pokerscore.cards import Card
from pokerscore.engine import HIGH, Category
from pokerscore.engine.rankings import ACE_TO_FIVE, BADUGI
from tests.reference_badugi import parse, strength


@pytest.mark.parametrize(
    ("cards", "ranking", "description", "best"),
    [
        ("Ah", "high", "High Card Ace", "Ah"),
        ("Kd Ah", "high", "High Card Ace, kicker King", "Ah Kd"),
        ("3c Ah 3d", "high", "Pair of Threes, kicker Ace", "3d 3c Ah"),
        ("9c 9d 4h 4s", "high", "Two Pair, Nines and Fours", "9d 9c 4s 4h"),
        ("Qc Qd Qh Qs", "high", "Four of a Kind, Queens", "Qs Qh Qd Qc"),
        ("7c", "ace-to-five", "Seven low (7)", "7c"),
        ("Ac 6d 2h", "ace-to-five", "Six-Two low (6-2-A)", "6d 2h Ac"),
        ("Kc Kd 2h", "ace-to-five", "Pair of Kings, kicker Two", "Kd Kc 2h"),
        ("Ac 2d 3h 4s", "badugi", "4-card badugi, 4-3-2-A", "4s 3h 2d Ac"),
        ("Kc 4d 2h Ad", "badugi", "3-card badugi, K-2-A", "Kc 2h Ad"),
        ("5c 5d 3c 3d", "badugi", "2-card badugi, 5-3", "5c 3d"),
        ("9h 9c 9d 9s", "badugi", "1-card badugi, 9", "9h"),
    ],
)
def test_descriptions_and_the_cards_that_play(
    cards: str, ranking: str, description: str, best: str
) -> None:
    hand = score(cards, ranking=ranking)
    assert hand.description == description
    assert " ".join(map(str, hand.best)) == best
    assert best_hand(cards, ranking=ranking) == hand
    assert best_hand(cards, ranking=ranking).description == description


def test_a_pair_showing_beats_ace_king_showing() -> None:
    assert score("3c 3d") > score("Ah Kh")
    assert compare("3c 3d", "Ah Kh") == 1
    assert winners(["Ah Kh", "3c 3d", "Qs Qh"]) == [2]


def test_short_hands_score_under_the_ranking_of_their_size() -> None:
    hand = score("Kd Ks 7c")
    assert hand.ranking is HIGH.of_size(3) and hand.category is Category.ONE_PAIR
    assert hand.ranking.name == "high"
    assert score("4c 3d 2h As", ranking="ace-to-five").value == ACE_TO_FIVE.of_size(4).value_count
    assert score("Ac 2d 3h 4s", ranking="badugi").value == BADUGI.value_count == 1092


def test_sizes_each_ranking_takes() -> None:
    with pytest.raises(HandSizeError, match="expected 5 cards, got 4"):
        score("8c 6d 4h 2s", ranking="eight-or-better")  # no low under five cards
    with pytest.raises(HandSizeError, match="expected 5 cards, got 3"):
        score("7c 5d 2h", ranking="deuce-to-seven")
    with pytest.raises(HandSizeError, match="expected 1 to 5 cards, got 6"):
        score("Ah Kh Qh Jh Th 9h")
    with pytest.raises(HandSizeError, match="expected 4 cards, got 5"):
        score("Ac 2d 3h 4s 5c", ranking="badugi")
    with pytest.raises(HandSizeError, match="expected 4 cards, got 7"):
        best_hand("Ac 2d 3h 4s 5c 6d 7h", ranking="badugi")
    with pytest.raises(HandSizeError, match="expected 1 to 7 cards, got 0"):
        best_hand([])
    with pytest.raises(PokerScoreError, match="duplicate card"):
        score("Ac Ac", ranking="ace-to-five")


def test_hands_of_different_sizes_do_not_compare() -> None:
    with pytest.raises(PokerScoreError, match="hand 2 was scored under high"):
        compare(score("Ah Kh"), score("Ah Kh Qd"))


def test_badugi_scores_order_random_hands_as_the_rules_do() -> None:
    rng = random.Random(11)
    deck = [str(Card(card)) for card in range(52)]
    hands = [" ".join(rng.sample(deck, 4)) for _ in range(1500)]
    scores = [score(hand, ranking="badugi") for hand in hands]
    keys = [strength(parse(hand)) for hand in hands]
    for first, second in zip(range(0, 1500, 2), range(1, 1500, 2), strict=True):
        ours = (scores[first] > scores[second]) - (scores[first] < scores[second])
        rules = (keys[first] > keys[second]) - (keys[first] < keys[second])
        assert ours == rules, (hands[first], hands[second])
