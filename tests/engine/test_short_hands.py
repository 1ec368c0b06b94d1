"""Hands of 1 to 4 cards (stud's and razz's up cards) and the bring-in: brute-force counts,
pokerkit's opener rules, published facts, and the kernel tables against the scalar values."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import pytest
from pokerkit import Card as PokerkitCard
from pokerkit import RankOrder
from pokerkit.state import _HighHandOpeningLookup, _LowHandOpeningLookup

from pokerscore import PokerScoreError
from pokerscore.cards import Card, parse_cards
from pokerscore.engine import Category
from pokerscore.engine.kernels.short_hands import showing_rows
from pokerscore.engine.rankings import ACE_TO_FIVE, DEUCE_TO_SEVEN, EIGHT_OR_BETTER, HIGH, Ranking
from pokerscore.engine.short_tables import short_hand_tables

SHOWING = [HIGH, ACE_TO_FIVE]
NAMES = [str(Card(card)) for card in range(52)]


def _value(ranking: Ranking, text: str) -> int:
    ids = [card.id for card in parse_cards(text)]
    return ranking.of_size(len(ids)).evaluate(ids)


@pytest.mark.parametrize("ranking", SHOWING, ids=str)
@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_distinct_values_of_every_hand_by_brute_force(ranking: Ranking, size: int) -> None:
    # Every hand of ``size`` cards, through the kernel table: one value per multiset of ranks
    # (at most four of a rank, which ``size`` <= 4 never exceeds: C(13 + size - 1, size)).
    rows = np.array(list(combinations(range(52), size)), dtype=np.uint8)
    values = showing_rows(rows, short_hand_tables(ranking))
    assert len(rows) == comb(52, size)
    distinct = np.unique(values)
    assert len(distinct) == comb(13 + size - 1, size) == ranking.of_size(size).value_count
    assert distinct[0] == 1 and distinct[-1] == ranking.of_size(size).value_count


def _class_hands(size: int) -> list[tuple[int, ...]]:
    """One hand per multiset of ``size`` ranks: each rank's cards in suits from clubs up."""
    hands = []
    for ranks in combinations_with_replacement(range(13), size):
        seen: dict[int, int] = {}
        cards = []
        for rank in ranks:
            cards.append(4 * rank + seen.get(rank, 0))
            seen[rank] = seen.get(rank, 0) + 1
        hands.append(tuple(cards))
    return hands


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_high_up_cards_in_pokerkits_stud_order(size: int) -> None:
    # pokerkit's stud opener (Opening.HIGH_HAND): the highest entry of its lookup of 1 to 4 up
    # cards acts first; its StandardHighHand refuses fewer than five cards ('AsKs' is invalid).
    lookup = _HighHandOpeningLookup()
    hands = _class_hands(size)
    ours = [HIGH.of_size(size).evaluate(hand) for hand in hands]
    theirs = [lookup.get_entry("".join(NAMES[card] for card in hand)).index for hand in hands]
    assert len(set(ours)) == len(hands) == len(set(theirs))
    by_ours = [theirs[index] for index in sorted(range(len(hands)), key=ours.__getitem__)]
    assert by_ours == sorted(by_ours)


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_low_up_cards_in_pokerkits_razz_order(size: int) -> None:
    # pokerkit's razz opener (Opening.LOW_HAND): the lowest entry acts first, the best low.
    lookup = _LowHandOpeningLookup()
    hands = _class_hands(size)
    ours = [ACE_TO_FIVE.of_size(size).evaluate(hand) for hand in hands]
    theirs = [lookup.get_entry("".join(NAMES[card] for card in hand)).index for hand in hands]
    assert len(set(ours)) == len(hands) == len(set(theirs))
    by_ours = [theirs[index] for index in sorted(range(len(hands)), key=ours.__getitem__)]
    assert by_ours == sorted(by_ours, reverse=True)


@pytest.mark.parametrize(
    ("ranking", "better", "worse"),
    [
        (HIGH, "3c 3d", "Ah Kh"),  # stud: a pair showing beats ace-king showing
        (HIGH, "Ac Kd", "Ah Qh"),  # no flush under five cards: ace-king beats ace-queen suited
        (HIGH, "8c 8d 2h", "7c 7d Ah"),  # the higher pair, whatever the kicker
        (HIGH, "Kc Kd 5h", "Ks Kh 4c"),  # kickers decide equal pairs
        (HIGH, "2c 2d 2h", "Ac Ad Kc"),  # trips beat a pair
        (HIGH, "5c 5d 3h 3s", "Ac Ad Kh Qs"),  # two pair beats a pair with kickers
        (HIGH, "Ac Jd 8h 6s", "6c 7d 8h 9s"),  # no straight under five cards either
        (ACE_TO_FIVE, "Ac 2d", "2c 3d"),  # razz: the ace is low
        (ACE_TO_FIVE, "7c 6d", "8c 2d"),  # the highest card decides first
        (ACE_TO_FIVE, "Kc Qd", "2c 2d"),  # a pair is bad in razz
        (ACE_TO_FIVE, "6c 5d 4h 3s", "6c 6d 4h 3s"),
        (ACE_TO_FIVE, "Qc", "Kd"),
    ],
)
def test_published_facts(ranking: Ranking, better: str, worse: str) -> None:
    assert _value(ranking, better) > _value(ranking, worse)


def test_short_hands_have_their_own_categories_and_ranks() -> None:
    two = HIGH.of_size(2)
    pair = two.evaluate([48, 49])  # Ac Ad
    assert two.category_of(pair) is Category.ONE_PAIR and two.explaining_ranks(pair) == (12,)
    assert pair == two.value_count  # the best two up cards
    low = ACE_TO_FIVE.of_size(4)
    best = low.evaluate([48, 1, 6, 11])  # Ac 2d 3h 4s
    assert best == low.value_count and low.category_of(best) is Category.NO_PAIR
    assert HIGH.of_size(5) is HIGH and two.of_size(5) is HIGH and two.of_size(2) is two


def test_suits_never_decide_between_up_hands() -> None:
    # Equal showing hands tie: the replay breaks the tie by position, never by suit.
    assert _value(HIGH, "Ah Kh") == _value(HIGH, "Ac Kd")
    assert _value(ACE_TO_FIVE, "7s 5s 3s") == _value(ACE_TO_FIVE, "7c 5d 3h")


def test_bring_in_in_pokerkits_order() -> None:
    # pokerkit's stud bring-in (Opening.LOW_CARD): the lowest up card by (rank deuce low, suit
    # clubs < diamonds < hearts < spades); razz's (Opening.HIGH_CARD): the highest by (rank ace
    # low, suit), so among kings the king of spades brings in.
    def key(order: RankOrder, card: int) -> tuple[int, str]:
        parsed = next(iter(PokerkitCard.parse(NAMES[card])))
        return order.index(parsed.rank), parsed.suit

    cards = range(52)
    stud = sorted(cards, key=lambda card: key(RankOrder.STANDARD, card))
    razz = sorted(cards, key=lambda card: key(RankOrder.REGULAR, card), reverse=True)
    assert sorted(cards, key=HIGH.bring_in_order) == stud
    assert sorted(cards, key=ACE_TO_FIVE.bring_in_order) == razz
    assert sorted(map(HIGH.bring_in_order, cards)) == list(range(1, 53))
    assert sorted(map(ACE_TO_FIVE.bring_in_order, cards)) == list(range(1, 53))


@pytest.mark.parametrize(
    ("ranking", "brings_in", "other"),
    [
        (HIGH, "2c", "2d"),  # PokerStars stud: the lowest card, clubs the lowest suit
        (HIGH, "2s", "3c"),  # rank first
        (HIGH, "9h", "Ac"),
        (ACE_TO_FIVE, "Ks", "Kh"),  # razz: the highest card, spades the highest suit
        (ACE_TO_FIVE, "Kc", "Qs"),
        (ACE_TO_FIVE, "2c", "Ad"),  # the ace is the lowest razz card
    ],
)
def test_published_bring_ins(ranking: Ranking, brings_in: str, other: str) -> None:
    first, second = (card.id for card in parse_cards(f"{brings_in} {other}"))
    assert ranking.bring_in_order(first) < ranking.bring_in_order(second)


@pytest.mark.parametrize("ranking", SHOWING, ids=str)
def test_kernel_tables_agree_with_the_scalar_values(ranking: Ranking) -> None:
    tables = short_hand_tables(ranking)
    rng = random.Random(7)
    for size in (1, 2, 3, 4):
        hands = [rng.sample(range(52), size) for _ in range(2000)]
        rows = np.array(hands, dtype=np.uint8)
        scalar = [ranking.of_size(size).evaluate(hand) for hand in hands]
        assert showing_rows(rows, tables).tolist() == scalar
    assert [int(tables.bring_in[card]) for card in range(52)] == [
        ranking.bring_in_order(card) for card in range(52)
    ]
    # The key grows one card at a time, as up cards come street by street.
    hand = [12, 40, 41, 0]  # 5c Qc Qd 2c
    key = sum(int(tables.card_keys[card]) for card in hand)
    assert tables.values[tables.offsets[4] + key] == ranking.of_size(4).evaluate(hand)


def test_rankings_without_short_hands_refuse_them() -> None:
    for ranking in (DEUCE_TO_SEVEN, EIGHT_OR_BETTER):
        with pytest.raises(PokerScoreError, match=f"ranking {ranking} ranks hands of 5 cards"):
            ranking.of_size(3)
        with pytest.raises(PokerScoreError, match=f"ranking {ranking} ranks hands of 5 cards"):
            short_hand_tables(ranking)
    with pytest.raises(PokerScoreError, match="ranks hands of 1 to 5 cards, not 6"):
        HIGH.of_size(6)
