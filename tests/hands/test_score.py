"""Scoring five cards: known answers from the source documents, exhaustive counts, the reference."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pokerscore import (
    Category,
    HandSizeError,
    PokerScoreError,
    Rank,
    best_hand,
    compare,
    score,
    winners,
)
from pokerscore.engine import HIGH, VALUE_COUNT, evaluate5
from pokerscore.hands.statistics import exhaustive_counts
from tests.reference import reference_key

# Project Euler 54's five example deals: player 1, player 2, and who wins.
EULER_EXAMPLES = [
    ("5H 5C 6S 7S KD", "2C 3S 8S 8D TD", -1),
    ("5D 8C 9S JS AC", "2C 5C 7D 8S QH", 1),
    ("2D 9C AS AH AC", "3D 6D 7D TD QD", -1),
    ("4D 6S 9H QH QC", "3D 6D 7H QD QS", 1),
    ("2H 2D 4C 4D 4S", "3C 3D 3S 9S 9D", 1),
]


@pytest.mark.parametrize(("first", "second", "outcome"), EULER_EXAMPLES)
def test_project_euler_examples(first: str, second: str, outcome: int) -> None:
    assert compare(first, second) == outcome


@pytest.mark.parametrize(
    ("hand", "slug", "description"),
    [
        ("5H 5C 6S 7S KD", "one-pair", "Pair of Fives, kickers King, Seven, Six"),
        ("5D 8C 9S JS AC", "high-card", "High Card Ace, kickers Jack, Nine, Eight, Five"),
        ("2D 9C AS AH AC", "three-of-a-kind", "Three of a Kind, Aces, kickers Nine, Two"),
        ("3D 6D 7D TD QD", "flush", "Flush, Queen high, kickers Ten, Seven, Six, Three"),
        ("2H 2D 4C 4D 4S", "full-house", "Full House, Fours over Twos"),
        ("3C 3D 3S 9S 9D", "full-house", "Full House, Threes over Nines"),
        # Source 000: the blog's own examples.
        ("♣ 6, ♦ A, ♠ A, ♣ 5, ♦ 4", "one-pair", "Pair of Aces, kickers Six, Five, Four"),
        ("♥ 7, ♦ 7, ♥ 6, ♦ 6, ♥ A", "two-pair", "Two Pair, Sevens and Sixes, kicker Ace"),
        ("♥ A, ♥ 2, ♥ 3, ♥ 4, ♥ 5", "straight-flush", "Straight Flush, Five high"),
        ("♣ 5, ♠ 5, ♥ 5, ♦ 5, ♥ 6", "four-of-a-kind", "Four of a Kind, Fives, kicker Six"),
        # Source 004: the dojo's category examples.
        ("T♥ J♥ Q♥ K♥ A♥", "royal-flush", "Royal Flush"),
        ("4♥ 5♥ 6♥ 7♥ 8♥", "straight-flush", "Straight Flush, Eight high"),
        ("4♣ 4♦ 4♥ 4♠ 2♥", "four-of-a-kind", "Four of a Kind, Fours, kicker Two"),
        ("2♣ 2♦ 2♥ 4♠ 4♥", "full-house", "Full House, Twos over Fours"),
        ("2♥ 4♥ 6♥ 9♥ J♥", "flush", "Flush, Jack high, kickers Nine, Six, Four, Two"),
        ("2♣ 3♦ 4♥ 5♠ 6♥", "straight", "Straight, Six high"),
        ("4♣ 4♦ 4♥ 6♠ J♥", "three-of-a-kind", "Three of a Kind, Fours, kickers Jack, Six"),
        ("8♥ 8♠ 4♣ 4♦ J♥", "two-pair", "Two Pair, Eights and Fours, kicker Jack"),
        ("4♣ 4♦ K♥ T♠ 8♥", "one-pair", "Pair of Fours, kickers King, Ten, Eight"),
        ("K♣ Q♥ T♠ 8♥ 4♦", "high-card", "High Card King, kickers Queen, Ten, Eight, Four"),
        # The issue's own examples.
        ("Kd Kh 2c 2s 5h", "two-pair", "Two Pair, Kings and Twos, kicker Five"),
        ("Ah 2d 3c 4s 5h", "straight", "Straight, Five high"),
        ("Qh Qd Kc 9s 7h", "one-pair", "Pair of Queens, kickers King, Nine, Seven"),
        ("6h 6d 6c 2s 2h", "full-house", "Full House, Sixes over Twos"),
    ],
)
def test_categories_and_descriptions(hand: str, slug: str, description: str) -> None:
    result = score(hand)
    assert result.category.slug == slug
    assert result.description == description


def test_source_004_tie_breaks() -> None:
    assert compare("5♣ 5♦ 8♥ T♠ K♥", "4♣ 4♦ 8♥ T♠ K♥") == 1  # higher pair
    assert compare("4♣ 4♦ 8♥ T♠ K♥", "4♥ 4♠ 8♥ T♠ Q♥") == 1  # King kicker beats Queen
    assert compare("6♥ J♥ 2♥ 9♥ 4♥", "2♠ 4♠ 6♠ 9♠ J♠") == 0  # same ranks: a tie
    assert compare("2♣ 2♦ 3♥ 4♠ 5♥", "A♣ K♦ Q♥ J♠ 9♥") == 1  # low pair beats ace high


def test_wheel_is_the_lowest_straight_and_no_wraparound() -> None:
    wheel, six_high = score("Ah 2d 3c 4s 5h"), score("2h 3d 4c 5s 6h")
    assert wheel.ranks == (Rank.FIVE,) and wheel < six_high
    assert score("As 2s 3s 4s 5s").category is Category.STRAIGHT_FLUSH
    assert score("As 2s 3s 4s 5s") < score("2h 3h 4h 5h 6h")
    assert score("Qh Kd Ac 2s 3h").category is Category.HIGH_CARD
    assert score("Jh Qd Kc As 2h").category is Category.HIGH_CARD
    assert [str(c) for c in wheel.best] == ["5h", "4s", "3c", "2d", "Ah"]


def test_best_lists_cards_as_they_explain_the_hand() -> None:
    assert [str(c) for c in score("Kd 2c Kh 2s 5h").best] == ["Kh", "Kd", "2s", "2c", "5h"]
    assert [str(c) for c in score("3c 9s 3d 9d 9h").best] == ["9s", "9h", "9d", "3d", "3c"]


def test_ranks_break_ties_in_order() -> None:
    assert score("Kd Kh 2c 2s 5h").ranks == (Rank.KING, Rank.TWO, Rank.FIVE)
    assert score("Ah Kh Qh Jh Th").ranks == (Rank.ACE,)
    assert score("9c 9d 9h 9s Ah").ranks == (Rank.NINE, Rank.ACE)


def test_score_wants_exactly_five_distinct_cards() -> None:
    # Four cards are up cards under high and ace-to-five (tests/hands/test_short_hands.py).
    with pytest.raises(HandSizeError):
        score("Ah Kh Qh Jh", ranking="deuce-to-seven")
    with pytest.raises(HandSizeError):
        score("Ah Kh Qh Jh Th 9h")
    with pytest.raises(ValueError, match="duplicate card Ah"):
        score("Ah Kh Qh Jh AH")


def test_hand_scores_compare_and_sort_by_value() -> None:
    hands = [score(h) for h in ("Ah Kh Qh Jh Th", "2c 3d 4h 5s 7c", "Ks Kd 2c 3d 4h")]
    assert [h.category.slug for h in sorted(hands)] == ["high-card", "one-pair", "royal-flush"]
    assert score("Ah Kh Qh Jh Th") == score("As Ks Qs Js Ts")
    assert max(hands).value == 7462 and min(hands).value == 1


def test_winners_reports_every_tied_index() -> None:
    assert winners(["Ah Kh Qh Jh 9h", "2c 2d 3c 4c 5c", "As Ks Qs Js 9s"]) == [0, 2]
    with pytest.raises(ValueError, match="duplicate card"):
        winners(["Ah Kh Qh Jh 9h", "Ah 2d 3c 4c 5c"], same_deck=True)


def test_best_hand_picks_the_best_five_of_seven() -> None:
    hand = best_hand("Ah Kh 2c 3d Qh Jh Th")
    assert hand.description == "Royal Flush"
    assert {str(c) for c in hand.best} == {"Ah", "Kh", "Qh", "Jh", "Th"}
    assert best_hand("2c 2d 2h 3c 3d 3h As").description == "Full House, Threes over Twos"


def test_value_space_is_1_to_7462_in_category_order() -> None:
    assert VALUE_COUNT == 7462
    first = tuple(HIGH.first_values[category] for category in HIGH.categories)
    assert first == (1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453, 7462)
    categories = [category for category, _ in HIGH.classes]
    assert categories == sorted(categories)


def test_exhaustive_counts_match_the_published_table() -> None:
    counts = exhaustive_counts()
    assert counts.total == 2_598_960
    assert counts.distinct == 7462
    assert {c.slug: n for c, n in counts.counts.items()} == {
        "high-card": 1_302_540,
        "one-pair": 1_098_240,
        "two-pair": 123_552,
        "three-of-a-kind": 54_912,
        "straight": 10_200,
        "flush": 5_108,
        "full-house": 3_744,
        "four-of-a-kind": 624,
        "straight-flush": 36,
        "royal-flush": 4,
    }


@pytest.mark.slow
def test_values_order_hands_exactly_as_the_rules_do() -> None:
    """On every hand of a 20-card slice of the deck and on random hands, the engine's value order
    equals the reference scorer's (category, ranks) order, ties included."""
    rng = random.Random(7)
    hands = list(combinations(rng.sample(range(52), 20), 5))
    hands += [tuple(rng.sample(range(52), 5)) for _ in range(20_000)]
    by_key: dict[tuple[int, tuple[int, ...]], int] = {}
    for hand in hands:
        key, value = reference_key(hand), evaluate5(*hand)
        assert by_key.setdefault(key, value) == value, hand
    keys = sorted(by_key)
    values = [by_key[key] for key in keys]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_winners_of_no_hands_is_an_error_that_says_so() -> None:
    with pytest.raises(PokerScoreError, match="winners needs at least one hand"):
        winners([])


def test_winners_refuses_a_single_string_instead_of_iterating_its_characters() -> None:
    with pytest.raises(PokerScoreError, match=r"a list of hands.*winners\(\[") as caught:
        winners("Ah Kh Qh Jh Th")  # type: ignore[arg-type]
    assert "position" not in str(caught.value)  # not a complaint about the character "A"


def test_score_refuses_bytes() -> None:
    with pytest.raises(PokerScoreError, match="bytes"):
        score(b"Ah Kh Qh Jh Th")
    with pytest.raises(PokerScoreError, match="bytes"):
        compare(b"\x00\x01\x02\x03\x04", "Ah Kh Qh Jh Th")
