"""The exact return of whole games under perfect play, against published figures."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from pokerscore.games.videopoker.analysis import analyze


@pytest.mark.parametrize(
    ("paytable", "coins", "published"),
    [
        ("jacks-or-better-9-6", 5, 0.995439),
        ("jacks-or-better-8-5", 5, 0.972984),
        ("jacks-or-better-9-6", 1, 0.983735),  # royal pays 250: the strategy changes too
        # Published to four decimals of a percent.
        ("bonus-poker-8-5", 5, 0.991660),
        ("double-bonus-10-7", 5, 1.001725),
        ("double-double-bonus-9-6", 5, 0.989808),
    ],
)
def test_published_returns(paytable: str, coins: int, published: float) -> None:
    result = analyze(paytable, coins)
    assert round(result.return_rate, 6) == published
    probabilities = result.probabilities_exact
    assert sum(probabilities.values()) == 1
    assert result.return_exact == sum(
        (
            p * Fraction(pay, coins)
            for p, pay in zip(probabilities.values(), result.paytable.pays(coins), strict=True)
        ),
        Fraction(0),
    )


def test_jacks_or_better_9_6_details() -> None:
    result = analyze("jacks-or-better-9-6", 5)
    assert result.return_exact == Fraction(1653526326983, 1661102543100)
    assert round(result.stdev, 2) == 4.42
    assert result.royal_cycle is not None and round(result.royal_cycle) == 40391
    assert round(result.probabilities["royal-flush"], 8) == 0.00002476
    # Every deal's draws are counted once: C(47, n) draws for each deal discarding n.
    deals = sum(sum(row) // comb(47, n) for n, row in enumerate(result.counts))
    assert deals == comb(52, 5)


def test_subset_tables_give_the_advisors_sums_for_every_hold() -> None:
    import random

    from pokerscore.cards import FULL_DECK
    from pokerscore.games.videopoker.advisor import advise
    from pokerscore.games.videopoker.analysis import hold_pay_sums

    rng = random.Random(7)
    for paytable in ("jacks-or-better-9-6", "double-double-bonus-9-6"):
        for _ in range(5):
            hand = rng.sample(FULL_DECK, 5)
            sums = hold_pay_sums(hand, paytable, 5)
            for hold in advise(hand, paytable, 5):
                draws = comb(47, 5 - len(hold.held))
                assert Fraction(sums[hold.mask], draws * 5) == hold.ev_exact


def test_jacks_or_better_9_6_class_probabilities() -> None:
    # As published with the return of the game, to six decimals.
    published = {
        "royal-flush": 0.000025,
        "straight-flush": 0.000109,
        "four-of-a-kind": 0.002363,
        "full-house": 0.011512,
        "flush": 0.011015,
        "straight": 0.011229,
        "three-of-a-kind": 0.074449,
        "two-pair": 0.129279,
        "jacks-or-better": 0.214585,
        "nothing": 0.545435,
    }
    probabilities = analyze("jacks-or-better-9-6", 5).probabilities
    assert {name: round(p, 6) for name, p in probabilities.items()} == published
