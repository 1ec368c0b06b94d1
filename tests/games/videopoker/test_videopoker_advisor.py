"""The optimal-hold advisor: published figures, brute force on random deals, monotonicity."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerscore.cards import FULL_DECK, PokerScoreError, format_cards, parse_cards
from pokerscore.games.draw import held_cards
from pokerscore.games.videopoker.advisor import advise, hold_order_key
from pokerscore.games.videopoker.paytables import PayTable, get_paytable
from tests.reference_paytables import reference_class

JOB = get_paytable("jacks-or-better-9-6")


def test_four_to_a_royal_with_a_made_straight_flush_draw() -> None:
    holds = advise("Kh Qh Jh Th 2s", JOB, coins=5)
    best = holds[0]
    assert format_cards(best.held) == "Kh Qh Jh Th"
    assert best.mask == 0b01111
    assert best.ev_exact == Fraction(925, 47)
    assert best.ev == 925 / 47
    assert best.counts["royal-flush"] == 1
    assert best.counts["straight-flush"] == 1
    assert best.counts["flush"] == 7
    assert best.counts["straight"] == 6
    assert best.counts["jacks-or-better"] == 9
    assert best.draws == 47


def test_three_to_a_royal_beats_the_four_flush() -> None:
    holds = advise("3s 7h Th Jh Kh", JOB, coins=5)
    assert format_cards(holds[0].held) == "Th Jh Kh"
    assert holds[0].ev_exact == Fraction(1495, 1081)
    assert format_cards(holds[1].held) == "7h Th Jh Kh"
    assert holds[1].ev_exact == Fraction(60, 47)


def test_every_hold_once_sorted_best_first() -> None:
    holds = advise("2c 7d 9h Js Kd", JOB)
    assert sorted(hold.mask for hold in holds) == list(range(32))
    assert [hold_order_key(h) for h in holds] == sorted(hold_order_key(h) for h in holds)
    for hold in holds:
        discards = 5 - len(hold.held)
        assert hold.draws == comb(47, discards)
        assert set(hold.counts) == set(JOB.classes)


def test_order_does_not_depend_on_the_order_of_the_dealt_cards() -> None:
    # Equal EVs abound here (suits are symmetric); the tie rule uses the cards, not positions.
    first = advise("2c 5d 8h Js 3d", JOB)
    second = advise("3d Js 8h 5d 2c", JOB)
    assert [set(h.held) for h in first] == [set(h.held) for h in second]


def test_coins_change_the_royal_pay() -> None:
    five = advise("Ah Kh Qh Jh Th", JOB, coins=5)[0]
    one = advise("Ah Kh Qh Jh Th", JOB, coins=1)[0]
    assert (five.ev_exact, one.ev_exact) == (800, 250)


def brute_force_counts(hand: tuple, mask: int, table: PayTable) -> dict[str, int]:
    held = held_cards(hand, mask)
    rest = [card for card in FULL_DECK if card not in hand]
    counts = dict.fromkeys(table.classes, 0)
    for drawn in combinations(rest, 5 - len(held)):
        counts[reference_class(held + drawn, table.name)] += 1
    return counts


@pytest.mark.slow
def test_counts_agree_with_brute_force_on_random_deals() -> None:
    rng = random.Random(54)
    tables = [JOB, get_paytable("double-double-bonus-9-6")]
    for number in range(3):
        hand = tuple(rng.sample(FULL_DECK, 5))
        table = tables[number % 2]
        holds = {hold.mask: hold for hold in advise(hand, table)}
        # Every hold drawing up to three cards (the larger draws take seconds in Python).
        for mask in range(32):
            if mask.bit_count() >= 2:
                assert holds[mask].counts == brute_force_counts(hand, mask, table), (hand, mask)


def test_a_deal_with_quads_and_a_kicker_in_double_double_bonus() -> None:
    table = get_paytable("double-double-bonus-9-6")
    best = advise("Ac Ad Ah As 3c", table)[0]
    assert best.mask == 31
    assert best.ev_exact == 400


@pytest.mark.slow
@settings(max_examples=6)
@given(
    hand=st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True),
    which=st.integers(0, 8),
    raise_by=st.integers(1, 30),
)
def test_best_ev_never_drops_when_a_pay_rises(hand: list[int], which: int, raise_by: int) -> None:
    cards = parse_cards(hand)
    before = advise(cards, JOB)[0].ev_exact
    rule = JOB.paying[which]
    richer_rule = replace(rule, pays=tuple(pay + raise_by for pay in rule.pays))
    paying = (*JOB.paying[:which], richer_rule, *JOB.paying[which + 1 :])
    richer = replace(JOB, name="richer", paying=paying)
    assert advise(cards, richer)[0].ev_exact >= before


def test_a_missing_pay_table_is_named_not_an_attribute_error() -> None:
    with pytest.raises(PokerScoreError, match="a pay table is a PayTable"):
        advise("Kh Qh Jh Th 2s", None)  # type: ignore[arg-type]
