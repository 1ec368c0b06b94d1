"""Properties every scorer must have, checked on generated hands."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pokerscore import Card, best_hand, compare, score
from pokerscore.engine import evaluate, evaluate5, evaluate6, evaluate7
from tests.reference import reference_key

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


@given(hands5, hands5)
def test_compare_is_antisymmetric(first: list[int], second: list[int]) -> None:
    assert compare(first, second) == -compare(second, first)


@given(hands5, hands5, hands5)
def test_compare_is_transitive(a: list[int], b: list[int], c: list[int]) -> None:
    if compare(a, b) >= 0 and compare(b, c) >= 0:
        assert compare(a, c) >= 0
    if compare(a, b) == 0 and compare(b, c) == 0:
        assert compare(a, c) == 0


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
def test_best_of_many_is_the_best_five_card_subset(cards: list[int]) -> None:
    from itertools import combinations

    best = max(evaluate5(*five) for five in combinations(cards, 5))
    scalar = {5: evaluate5, 6: evaluate6, 7: evaluate7}[len(cards)]
    assert scalar(*cards) == best
    hand = best_hand(cards)
    assert hand.value == best
    assert set(hand.best) <= {Card(c) for c in cards}
    assert evaluate5(*(card.id for card in hand.best)) == best
