"""Every ranking's exhaustive counts against the published figures.

Five cards: every hand of the ranking's deck, by category, as published (Wikipedia's "Poker
probability" and its lowball and short-deck tables; the issue's figures). The reference scorer
of tests/reference_rankings.py reproduces each of them (``python -m benchmarks.reference_figures``).
Where a figure is the reference scorer's own count rather than a published one, a comment says so.
"""

from __future__ import annotations

from math import comb

import pytest

from pokerscore import get_ranking
from pokerscore.hands.statistics import exhaustive_counts

FIVE_CARDS: dict[str, dict[str, int]] = {
    "high": {
        "royal-flush": 4,
        "straight-flush": 36,
        "four-of-a-kind": 624,
        "full-house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three-of-a-kind": 54_912,
        "two-pair": 123_552,
        "one-pair": 1_098_240,
        "high-card": 1_302_540,
    },
    # Ace-to-five ignores suits: the counts of the pair patterns, whatever the suits.
    "ace-to-five": {
        "no-pair": 1_317_888,
        "one-pair": 1_098_240,
        "two-pair": 123_552,
        "three-of-a-kind": 54_912,
        "full-house": 3_744,
        "four-of-a-kind": 624,
    },
    "deuce-to-seven": {
        "high-card": 1_303_560,
        "one-pair": 1_098_240,
        "two-pair": 123_552,
        "three-of-a-kind": 54_912,
        "straight": 9_180,
        "flush": 5_112,
        "full-house": 3_744,
        "four-of-a-kind": 624,
        "straight-flush": 36,
    },
    # 4**5 suit choices for each of the C(8, 5) = 56 lows: 57,344 qualifying hands.
    "eight-or-better": {
        "five-low": 1_024,
        "six-low": 5_120,
        "seven-low": 15_360,
        "eight-low": 35_840,
        "no-low": 2_598_960 - 57_344,
    },
    "short-deck": {
        "straight-flush": 24,
        "four-of-a-kind": 288,
        "flush": 480,
        "full-house": 1_728,
        "three-of-a-kind": 16_128,
        "straight": 6_120,
        "two-pair": 36_288,
        "one-pair": 193_536,
        "high-card": 122_400,
    },
}
# The order of three of a kind and straight moves no hand from one category to another.
FIVE_CARDS["short-deck-straight-over-trips"] = FIVE_CARDS["short-deck"]

DISTINCT_FIVE = {
    "high": 7_462,
    "ace-to-five": 6_175,
    "deuce-to-seven": 7_462,
    "eight-or-better": 57,
    "short-deck": 1_404,  # the reference scorer's count
    "short-deck-straight-over-trips": 1_404,  # the reference scorer's count
}


def by_slug(counts: dict[object, int]) -> dict[str, int]:
    """Category slug -> hands, leaving out categories no hand of this size falls in."""
    return {category.slug: hands for category, hands in counts.items() if hands}  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", list(FIVE_CARDS))
def test_five_card_counts(name: str) -> None:
    counts = exhaustive_counts(cards=5, ranking=name)
    assert counts.total == (376_992 if name.startswith("short-deck") else 2_598_960)
    assert sum(counts.counts.values()) == counts.total
    assert by_slug(counts.counts) == FIVE_CARDS[name]
    assert counts.distinct == DISTINCT_FIVE[name] == get_ranking(name).value_count
    assert set(counts.counts) <= set(get_ranking(name).categories)


def test_five_card_counts_take_a_ranking_object() -> None:
    counts = exhaustive_counts(cards=5, ranking=get_ranking("ace-to-five"))
    assert by_slug(counts.counts) == FIVE_CARDS["ace-to-five"]


MORE_CARDS: dict[tuple[str, int], tuple[int, dict[str, int]]] = {
    # (ranking, cards): (distinct values, hands by category). Published: every high figure, the
    # 7-card five- to eight-high lows (eight-or-better) and 127,615,488 no-pair hands
    # (ace-to-five) of the 7-card lowball table, and the 7-card eight-or-better total the issue
    # cites. Short deck's 7-card straight flushes, fours of a kind, flushes, full houses and
    # threes of a kind agree with a derivation by hand of six-plus hold'em frequencies. Every
    # other figure is the reference scorer's own count (benchmarks/reference_figures.py, which
    # reproduces every published figure here with the same method).
    ("high", 6): (
        6_075,
        {
            "royal-flush": 188,
            "straight-flush": 1_656,
            "four-of-a-kind": 14_664,
            "full-house": 165_984,
            "flush": 205_792,
            "straight": 361_620,
            "three-of-a-kind": 732_160,
            "two-pair": 2_532_816,
            "one-pair": 9_730_740,
            "high-card": 6_612_900,
        },
    ),
    ("high", 7): (
        4_824,
        {
            "royal-flush": 4_324,
            "straight-flush": 37_260,
            "four-of-a-kind": 224_848,
            "full-house": 3_473_184,
            "flush": 4_047_644,
            "straight": 6_180_020,
            "three-of-a-kind": 6_461_620,
            "two-pair": 31_433_400,
            "one-pair": 58_627_800,
            "high-card": 23_294_460,
        },
    ),
    ("ace-to-five", 6): (
        6_019,
        {
            "no-pair": 16_912_896,
            "one-pair": 3_203_200,
            "two-pair": 226_512,
            "three-of-a-kind": 13_728,
            "full-house": 2_184,
        },
    ),
    # Seven cards always hold a better five than three or four of a kind.
    ("ace-to-five", 7): (
        5_083,
        {"no-pair": 127_615_488, "one-pair": 5_948_800, "two-pair": 219_648, "full-house": 624},
    ),
    ("deuce-to-seven", 6): (
        6_802,
        {
            "high-card": 16_836_912,
            "one-pair": 3_272_320,
            "two-pair": 226_512,
            "three-of-a-kind": 13_728,
            "flush": 6_864,
            "full-house": 2_184,
        },
    ),
    # A straight can always be broken with seven cards; six or seven of one suit cannot.
    ("deuce-to-seven", 7): (
        5_536,
        {
            "high-card": 127_355_184,
            "one-pair": 6_202_240,
            "two-pair": 219_648,
            "flush": 6_864,
            "full-house": 624,
        },
    ),
    ("eight-or-better", 6): (
        57,
        {
            "five-low": 40_448,
            "six-low": 181_760,
            "seven-low": 483_840,
            "eight-low": 985_600,
            "no-low": 20_358_520 - 1_691_648,
        },
    ),
    ("eight-or-better", 7): (
        57,
        {
            "five-low": 781_824,
            "six-low": 3_151_360,
            "seven-low": 7_426_560,
            "eight-low": 13_171_200,
            "no-low": 133_784_560 - 24_530_944,
        },
    ),
    ("short-deck", 6): (
        1_060,
        {
            "straight-flush": 724,
            "four-of-a-kind": 4_464,
            "flush": 13_220,
            "full-house": 48_960,
            "three-of-a-kind": 129_024,
            "straight": 122_100,
            "two-pair": 453_600,
            "one-pair": 914_400,
            "high-card": 261_300,
        },
    ),
    ("short-deck", 7): (
        762,
        {
            "straight-flush": 10_560,
            "four-of-a-kind": 44_640,
            "flush": 175_560,
            "full-house": 633_024,
            "three-of-a-kind": 637_560,
            "straight": 1_139_580,
            "two-pair": 3_157_056,
            "one-pair": 2_316_600,
            "high-card": 233_100,
        },
    ),
    ("short-deck-straight-over-trips", 7): (
        752,
        {
            "straight-flush": 10_560,
            "four-of-a-kind": 44_640,
            "flush": 175_560,
            "full-house": 633_024,
            "straight": 1_169_940,
            "three-of-a-kind": 607_200,
            "two-pair": 3_157_056,
            "one-pair": 2_316_600,
            "high-card": 233_100,
        },
    ),
}
# Six cards never hold both a straight and three of a kind to choose between.
MORE_CARDS["short-deck-straight-over-trips", 6] = MORE_CARDS["short-deck", 6]

TOTALS = {(deck, size): comb(deck, size) for deck in (52, 36) for size in (5, 6, 7)}


@pytest.mark.slow
@pytest.mark.parametrize(("name", "size"), sorted(MORE_CARDS))
def test_six_and_seven_card_counts(name: str, size: int) -> None:
    distinct, expected = MORE_CARDS[name, size]
    counts = exhaustive_counts(cards=size, ranking=name)
    assert counts.total == TOTALS[len(get_ranking(name).deck), size]
    assert by_slug(counts.counts) == expected
    assert counts.distinct == distinct


@pytest.mark.slow
def test_seven_card_eight_or_better_lows() -> None:
    found = by_slug(exhaustive_counts(cards=7, ranking="eight-or-better").counts)
    assert sum(hands for slug, hands in found.items() if slug != "no-low") == 24_530_944


@pytest.mark.slow
def test_seven_card_high_is_the_default() -> None:
    assert by_slug(exhaustive_counts(cards=7).counts) == MORE_CARDS["high", 7][1]
