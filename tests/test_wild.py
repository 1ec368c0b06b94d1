"""Wild cards: the joker as a card, the wild rankings' engine, Rosetta Code's joker examples."""

from __future__ import annotations

import pytest

from pokerscore.cards import JOKER, Card, PokerScoreError, TooManyJokersError, parse_cards
from pokerscore.engine import RANKINGS, Category, get_ranking
from pokerscore.engine.wild import completions

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
