"""Wild cards: the joker as a card, the wild rankings' engine, Rosetta Code's joker examples."""

from __future__ import annotations

import numpy as np
import pytest

from pokerscore import best_hand, compare, score, winners
from pokerscore.cards import (
    JOKER,
    Card,
    CardNotInDeckError,
    DuplicateCardError,
    PokerScoreError,
    TooManyJokersError,
    parse_cards,
)
from pokerscore.engine import RANKINGS, Category, get_ranking
from pokerscore.engine.completions import completions
from pokerscore.hands.batch import RowJokersError, evaluate_batch, hands_to_array

JOKER_RANKING = get_ranking("joker")
DEUCES = get_ranking("deuces-wild")

# Rosetta Code, "Poker hand analyser", extra credit (two jokers wild, five of a kind the best
# hand): the examples with their published answers
# (https://rosettacode.org/wiki/Poker_hand_analyser, revision of 20 December 2013, and the
# "More extra credit examples" added later).
ROSETTA_JOKER_EXAMPLES = [
    ("joker 2♦ 2♠ k♠ q♦", "three-of-a-kind"),
    ("joker 5♥ 7♦ 8♠ 9♦", "straight"),
    ("joker 2♦ 3♠ 4♠ 5♠", "straight"),
    ("joker 3♥ 2♦ 3♠ 3♦", "four-of-a-kind"),
    ("joker 7♥ 2♦ 3♠ 3♦", "three-of-a-kind"),
    ("joker 7♥ 7♦ 7♠ 7♣", "five-of-a-kind"),
    ("joker j♥ q♥ k♥ A♥", "straight-flush"),
    ("joker 4♣ k♣ 5♦ 10♠", "one-pair"),
    ("joker k♣ 7♣ 6♣ 4♣", "flush"),
    ("joker Q♦ K♠ A♠ 10♠", "straight"),
    ("joker Q♦ joker A♠ 10♠", "straight"),
    ("joker Q♦ joker A♦ 10♦", "straight-flush"),
    ("joker 2♦ 2♠ joker q♦", "four-of-a-kind"),
]


@pytest.mark.parametrize(("hand", "category"), ROSETTA_JOKER_EXAMPLES)
def test_rosetta_code_joker_examples_in_the_engine(hand: str, category: str) -> None:
    ids = [card.id for card in parse_cards(hand)]
    assert JOKER_RANKING.category_of(JOKER_RANKING.evaluate(ids)).slug == category


@pytest.mark.parametrize("text", ["Jk", "JK", "jk", "joker", "JOKER", "Joker", "🃏"])
def test_every_joker_notation_parses_to_the_one_joker_id(text: str) -> None:
    (card,) = parse_cards(f"{text}")
    assert card.id == JOKER == 52
    assert card.is_joker and str(card) == "Jk" and card.pretty == "🃏"
    assert parse_cards(f"Ah {text} Kd")[1] is Card(JOKER)


def test_a_hand_holds_at_most_two_jokers_and_other_cards_once() -> None:
    assert [str(card) for card in parse_cards("Jk Ah jokerKd")] == ["Jk", "Ah", "Jk", "Kd"]
    assert len(parse_cards("Jk Ah joker Kd")) == 4
    with pytest.raises(TooManyJokersError, match="at most 2 jokers: a third at position 4"):
        parse_cards("Jk Ah joker 🃏")
    with pytest.raises(PokerScoreError, match="duplicate card Ah at positions 2 and 3"):
        parse_cards("Jk Ah Ah")


def test_the_joker_has_no_rank_or_suit() -> None:
    with pytest.raises(PokerScoreError, match="no rank"):
        _ = Card(JOKER).rank
    with pytest.raises(PokerScoreError, match="no suit"):
        _ = Card(JOKER).suit


def test_the_wild_rankings_are_configured_as_the_contract_says() -> None:
    assert RANKINGS["joker"] is JOKER_RANKING and RANKINGS["deuces-wild"] is DEUCES
    assert JOKER_RANKING.wild_cards == frozenset({52}) and JOKER_RANKING.jokers == 2
    assert DEUCES.wild_cards == frozenset({0, 1, 2, 3}) and DEUCES.jokers == 0
    assert all(
        not RANKINGS[name].wild_cards for name in RANKINGS if name not in {"joker", "deuces-wild"}
    )
    assert JOKER_RANKING.deck == (*range(52), 52) and DEUCES.deck == tuple(range(52))
    expected = [
        "high-card", "one-pair", "two-pair", "three-of-a-kind", "straight", "flush",
        "full-house", "four-of-a-kind", "straight-flush", "five-of-a-kind",
    ]  # fmt: skip
    for ranking in (JOKER_RANKING, DEUCES):
        assert [category.slug for category in ranking.categories] == expected
        # High poker's 7,462 classes (the royal one straight flush among ten) and 13 more.
        assert ranking.value_count == 7462 + 13
        assert ranking.category_of(ranking.value_count) is Category.FIVE_OF_A_KIND
        assert ranking.explaining_ranks(ranking.value_count) == (12,)


def test_completions_are_the_natural_ranks_plus_any_ranks_for_the_wild_cards() -> None:
    # Counted by hand: one wild card to a four-card hand, one completion per rank.
    assert sorted(completions([5, 4, 3, 2], 1, range(13))) == sorted(
        tuple(sorted((5, 4, 3, 2, rank), reverse=True)) for rank in range(13)
    )
    # Two wild cards: the multisets of two of 13 ranks, C(14, 2) = 91, each once.
    two = list(completions([12, 0, 5], 2, range(13)))
    assert len(two) == len(set(two)) == 91
    assert all(hand == tuple(sorted(hand, reverse=True)) for hand in two)
    assert (12, 12, 12, 5, 0) in two and (5, 5, 5, 12, 0) not in two  # highest first
    assert next(iter(completions([7, 7, 7, 7], 1, range(13)))) == (12, 7, 7, 7, 7)
    assert (7, 7, 7, 7, 7) in completions([7, 7, 7, 7], 1, range(13))
    assert list(completions([9, 8, 7, 6, 5], 0, range(13))) == [(9, 8, 7, 6, 5)]


def test_value_of_orders_five_of_a_kind_above_the_royal() -> None:
    for ranking in (JOKER_RANKING, DEUCES):
        royal = ranking.value_of((12, 11, 10, 9, 8), True)
        assert ranking.category_of(royal) is Category.STRAIGHT_FLUSH
        assert ranking.value_of((2, 2, 2, 2, 2), False) > royal
        assert ranking.value_of((12, 11, 10, 9, 8), False) < royal
        # Repeated ranks cannot share a suit: suited is ignored.
        assert ranking.value_of((12, 12, 10, 9, 8), True) == ranking.value_of(
            (8, 9, 10, 12, 12), False
        )


def test_deuces_wild_scores_the_deuces_as_anything() -> None:
    def category(text: str) -> str:
        return DEUCES.category_of(DEUCES.evaluate([card.id for card in parse_cards(text)])).slug

    assert category("2c 2d 2h 2s Ah") == "five-of-a-kind"
    assert category("2c Kh Qh Jh Th") == "straight-flush"
    assert category("2c Kh Qh Jh 9d") == "straight"
    assert category("2c 7h 7d 4s 9d") == "three-of-a-kind"
    assert category("2c Ah 3d 4s 5d") == "straight"
    assert category("2c Ah 7h 4h 9h") == "flush"
    assert category("3c 3h 7h 7d 9h") == "two-pair"  # no deuce: as in high poker
    assert category("2c 2h 7h 7d 7s") == "five-of-a-kind"
    # Six and seven cards: the best five, deuces included.
    assert category("2c 2h 7h 7d 3s 4d 9c") == "four-of-a-kind"


@pytest.mark.parametrize(("hand", "category"), ROSETTA_JOKER_EXAMPLES)
def test_rosetta_code_joker_examples_scored(hand: str, category: str) -> None:
    assert score(hand, ranking="joker").category.slug == category


def test_the_issues_joker_example_is_three_of_a_kind() -> None:
    hand = score("joker 2d 2s kS qD", ranking="joker")
    assert hand.category is Category.THREE_OF_A_KIND
    assert hand.description == "Three of a Kind, Twos, kickers King, Queen (joker as Two)"
    assert [str(card) for card in hand.best] == ["2s", "2d", "Jk", "Ks", "Qd"]


@pytest.mark.parametrize(
    ("hand", "ranking", "description"),
    [
        ("Jk Ah Qh Jh Th", "joker", "Straight Flush, Ace high (joker as King)"),
        ("joker Q♦ joker A♠ 10♠", "joker", "Straight, Ace high (joker as King, joker as Jack)"),
        ("joker 2♦ 2♠ joker q♦", "joker", "Four of a Kind, Twos, kicker Queen (jokers as Twos)"),
        ("Jk Jk Ac Ad Ah", "joker", "Five of a Kind, Aces"),
        ("Jk 7c 7d 7h 7s", "joker", "Five of a Kind, Sevens"),
        ("Jk 9c 9d 4h 4s", "joker", "Full House, Nines over Fours (joker as Nine)"),
        ("Jk Ac Kc 7c 4c", "joker", "Flush, Ace high, kickers King, Queen, Seven, Four (joker as Queen)"),
        ("2s Kh Qh Jh Th", "deuces-wild", "Straight Flush, Ace high (2♠ as Ace)"),
        ("2c 2d Kh Qh 9h", "deuces-wild", "Straight Flush, King high (2♦ as Jack, 2♣ as Ten)"),
        ("2c 2d 2h 2s Ah", "deuces-wild", "Five of a Kind, Aces"),
        ("2c 2d 7h 7s 3d", "deuces-wild", "Four of a Kind, Sevens, kicker Three (2♦ and 2♣ as Sevens)"),
        ("2c Ah 3d 4s 5d", "deuces-wild", "Straight, Five high (2♣ as Two)"),
        ("2c 6h 3d 4s 5d", "deuces-wild", "Straight, Seven high (2♣ as Seven)"),
        ("3c 3h 7h 7d 9h", "deuces-wild", "Two Pair, Sevens and Threes, kicker Nine"),
    ],
)  # fmt: skip
def test_descriptions_say_what_the_wild_cards_play_as(
    hand: str, ranking: str, description: str
) -> None:
    assert score(hand, ranking=ranking).description == description


def test_best_hand_of_seven_with_wild_cards() -> None:
    hand = best_hand("Jk 2c 7h 7d 3s 4d 9c", ranking="joker")
    assert hand.description == "Three of a Kind, Sevens, kickers Nine, Four (joker as Seven)"
    assert [str(card) for card in hand.best] == ["7h", "7d", "Jk", "9c", "4d"]
    assert best_hand("2c 5h 6h 7h 8h Kd Ks", ranking="deuces-wild").category.slug == (
        "straight-flush"
    )


@pytest.mark.parametrize("ranking", ["high", "deuces-wild", "short-deck", "ace-to-five"])
def test_a_joker_under_a_ranking_without_jokers_says_which_rankings_take_them(
    ranking: str,
) -> None:
    message = r'^invalid card "Jk" at position 2: only the joker ranking plays with jokers$'
    with pytest.raises(CardNotInDeckError, match=message):
        score("Ah Jk Qh Jh Th", ranking=ranking)
    with pytest.raises(CardNotInDeckError, match=message):
        best_hand("Ah joker Qh Jh Th 9c", ranking=ranking)


def test_three_jokers_are_refused_and_other_duplicates_as_before() -> None:
    with pytest.raises(TooManyJokersError, match="at most 2 jokers: a third at position 5"):
        score("Jk Ah Jk Kh Jk", ranking="joker")
    with pytest.raises(DuplicateCardError, match="duplicate card Ah at positions 2 and 4"):
        score("Jk Ah Kh Ah Qd", ranking="joker")
    with pytest.raises(DuplicateCardError, match="duplicate card 2c at positions 1 and 2"):
        score("2c 2c Kh Ah Qd", ranking="deuces-wild")


def test_compare_and_winners_rank_five_of_a_kind_above_the_royal() -> None:
    assert compare("Jk Ac Ad Ah As", "Kh Ah Qh Jh Th", ranking="joker") == 1
    assert compare("2c 3c 3d 3h 3s", "As Ks Qs Js Ts", ranking="deuces-wild") == 1
    assert winners(["Jk Kh Qh Jh Th", "As Ks Qs Js Ts"], ranking="joker") == [0, 1]


def test_batch_evaluation_of_wild_rankings_matches_hand_by_hand() -> None:
    hands = ["Jk Ah Qh Jh Th", "Jk Jk Ac Ad Ah", "Jk 2d 2s Ks Qd", "Jk Jk 5c 9d Kh"]
    values = evaluate_batch(hands_to_array(hands), ranking="joker")
    assert values.tolist() == [score(hand, ranking="joker").value for hand in hands]
    sevens = ["Jk 2c 7h 7d 3s 4d 9c", "Jk Jk 2c 3c 4c 9d Kh"]
    values = evaluate_batch(hands_to_array(sevens), ranking="joker")
    assert values.tolist() == [best_hand(hand, ranking="joker").value for hand in sevens]
    with pytest.raises(RowJokersError, match=r"^row 0: a hand holds at most 2 jokers"):
        evaluate_batch(np.array([[52, 52, 52, 1, 2]]), ranking="joker")
    with pytest.raises(PokerScoreError, match=r"^row 1: duplicate card 2d at positions 2 and 3"):
        evaluate_batch(np.array([[52, 52, 0, 4, 8], [52, 1, 1, 3, 4]]), ranking="joker")
    message = r'^row 1: invalid card "Jk" at position 1: only the joker ranking plays with jokers'
    for ranking in ("high", "deuces-wild"):
        with pytest.raises(PokerScoreError, match=message):
            evaluate_batch(np.array([[0, 1, 2, 3, 4], [52, 5, 6, 7, 8]]), ranking=ranking)
