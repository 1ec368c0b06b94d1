"""The exact return of whole games under perfect play, against published figures."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import comb

import pytest

from pokerscore.cards import Card, parse_cards
from pokerscore.engine.combinatorics import colex_rank
from pokerscore.games.draw import held_cards
from pokerscore.games.videopoker.analysis import _subset_tables, analyze
from pokerscore.games.videopoker.paytables import MAX_COINS, MAX_PAY, PayTable, get_paytable


@pytest.mark.slow
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
    result = analyze(paytable, coins=coins)
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
    result = analyze("jacks-or-better-9-6", coins=5)
    # Regression pin: the exact fraction as this program computed it. Its independent check is
    # the published 0.995439 (test_published_returns) and the deal count below.
    assert result.return_exact == Fraction(1653526326983, 1661102543100)
    assert round(result.stdev, 2) == 4.42
    assert result.royal_cycle is not None and round(result.royal_cycle) == 40391
    assert round(result.probabilities["royal-flush"], 8) == 0.00002476
    # Every deal's draws are counted once: C(47, n) draws for each deal discarding n.
    deals = sum(sum(row) // comb(47, n) for n, row in enumerate(result.counts))
    assert deals == comb(52, 5)


def hold_pay_sums(cards: str | list[Card], paytable: str, coins: int) -> list[int]:
    """For each hold mask of a deal, the total paid over all its draws, from the analysis's
    subset tables: the inclusion–exclusion the kernel runs for every deal, in Python for one."""
    table = get_paytable(paytable)
    hand = parse_cards(cards, size=5)
    final, counts, offsets = _subset_tables(table)
    pays = table.pays(coins)
    sums = []
    for mask in range(32):
        held = held_cards(hand, mask)
        index = colex_rank(sorted(card.id for card in held))
        if len(held) == 5:
            sums.append(pays[int(final[index])])
        else:
            row = counts[int(offsets[len(held)]) + index]
            sums.append(sum(int(n) * pay for n, pay in zip(row, pays, strict=True)))
    for bit in range(5):  # superset Möbius transform
        for mask in range(32):
            if not mask & 1 << bit:
                sums[mask] -= sums[mask | 1 << bit]
    return sums


@pytest.mark.slow
def test_subset_tables_give_the_advisors_sums_for_every_hold() -> None:
    import random

    from pokerscore.cards import FULL_DECK
    from pokerscore.games.videopoker.advisor import advise

    assert Fraction(hold_pay_sums("Kh Qh Jh Th 2s", "jacks-or-better-9-6", 5)[0b01111], 47 * 5) == (
        Fraction(925, 47)  # the published EV of four to a royal, per coin
    )
    rng = random.Random(7)
    for paytable in ("jacks-or-better-9-6", "double-double-bonus-9-6"):
        for _ in range(5):
            hand = rng.sample(FULL_DECK, 5)
            sums = hold_pay_sums(hand, paytable, 5)
            for hold in advise(hand, paytable, coins=5):
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
    probabilities = analyze("jacks-or-better-9-6", coins=5).probabilities
    assert {name: round(p, 6) for name, p in probabilities.items()} == published


@pytest.mark.slow
def test_royal_cycle_finds_the_royal_by_its_hand_not_its_class_name() -> None:
    job = get_paytable("jacks-or-better-9-6")
    renamed = PayTable(
        "renamed",
        "Renamed",
        tuple(
            replace(pay_class, name="top-prize") if pay_class.name == "royal-flush" else pay_class
            for pay_class in job.paying
        ),
    )
    cycle = analyze(renamed, coins=5).royal_cycle
    assert cycle is not None and round(cycle) == 40391  # as Jacks or Better 9/6
    # Royals paid as straight flushes: no class holds the royals alone, so no royal cycle.
    lumped = PayTable("lumped", "Lumped", job.paying[:-1])
    assert analyze(lumped, coins=5).royal_cycle is None


def scaled(table: PayTable, factor: int) -> PayTable:
    """The table with every pay multiplied by ``factor``."""
    return PayTable(
        f"{table.name}-x{factor}",
        table.title,
        tuple(
            replace(pay_class, pays=tuple(pay * factor for pay in pay_class.pays))  # type: ignore[arg-type]
            for pay_class in table.paying
        ),
    )


def test_the_exact_comparisons_fit_64_bits_at_the_largest_pay() -> None:
    # A hold's pay sum (at most C(47, n) * pay) times another hold's draw count: the kernel never
    # compares two 5-card discards, so the largest product is C(47, 5) * C(47, 4) * pay.
    assert MAX_PAY * MAX_COINS * comb(47, 5) * comb(47, 4) < 2**63


@pytest.mark.slow
@pytest.mark.parametrize("factor", [7, MAX_PAY // 800])  # 1250: the royal pays MAX_PAY per coin
def test_a_table_scaled_by_an_allowed_factor_returns_the_same_per_unit(factor: int) -> None:
    job = get_paytable("jacks-or-better-9-6")
    big = scaled(job, factor)
    assert max(max(pay_class.pays) for pay_class in big.paying) <= MAX_PAY
    result = analyze(big, coins=5)
    assert result.return_exact == factor * Fraction(1653526326983, 1661102543100)
    assert result.counts == analyze(job, coins=5).counts  # the same holds, the same draws
