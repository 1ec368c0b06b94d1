"""Properties every scorer must have, checked on generated hands."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pokerscore import Card, best_hand, compare, score, winners
from pokerscore.engine import evaluate, evaluate5, evaluate6, evaluate7
from tests.reference import reference_best, reference_compare, reference_key

hands5 = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)
hands7 = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)
suit_maps = st.permutations(range(4))


def rename_suits(cards: list[int], mapping: list[int]) -> list[int]:
    return [card - card % 4 + mapping[card % 4] for card in cards]


@given(hands5, st.randoms())
def test_order_of_cards_does_not_matter(cards: list[int], rng: object) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert score(shuffled).value == score(cards).value


@given(hands7, suit_maps)
def test_renaming_suits_does_not_matter(cards: list[int], mapping: list[int]) -> None:
    assert evaluate(rename_suits(cards, mapping)) == evaluate(cards)


@given(hands7, hands7)
def test_compare_agrees_with_the_reference_scorer(first: list[int], second: list[int]) -> None:
    # The reference's order is Python's tuple order, so this also makes compare antisymmetric
    # and transitive, without restating how compare works.
    assert compare(first, second) == reference_compare(first, second)
    assert compare(second, first) == reference_compare(second, first)


@given(st.lists(hands7, min_size=1, max_size=5))
def test_winners_are_the_reference_best_hands(hands: list[list[int]]) -> None:
    keys = [reference_best(hand) for hand in hands]
    assert winners(hands) == [index for index, key in enumerate(keys) if key == max(keys)]


@given(hands5, hands5)
def test_value_order_equals_category_then_ranks_order(first: list[int], second: list[int]) -> None:
    a, b = score(first), score(second)
    assert (a.value > b.value) == ((a.category, a.ranks) > (b.category, b.ranks))
    assert (a.value == b.value) == ((a.category, a.ranks) == (b.category, b.ranks))
    assert (a.category, tuple(a.ranks)) == (
        reference_key(first)[0],
        reference_key(first)[1][: len(a.ranks)],
    )


@given(hands7)
def test_best_hand_is_the_reference_best_five(cards: list[int]) -> None:
    hand = best_hand(cards)
    assert set(hand.best) <= {Card(card) for card in cards} and len(hand.best) == 5
    assert reference_key([card.id for card in hand.best]) == reference_best(cards)
    assert hand.category == reference_best(cards)[0]


@given(hands7, hands7)
def test_scalar_evaluators_order_hands_as_the_reference_does(
    first: list[int], second: list[int]
) -> None:
    scalar = {5: evaluate5, 6: evaluate6, 7: evaluate7}
    a, b = scalar[len(first)](*first), scalar[len(second)](*second)
    assert (a > b) - (a < b) == reference_compare(first, second)
    assert evaluate(first) == a
