"""Check the reference scorers of tests/reference_rankings.py against the published figures.

Not a benchmark and not part of the suite (the 52-card runs take about 25 s each in pure
Python): run it by hand, ``.venv/bin/python -m benchmarks.reference_figures [RANKING ...]``,
after changing the reference scorers. It stops at the first figure that differs.

- Five cards: every hand of the ranking's deck, scored by brute force, counted by category.
- Seven cards (and six) of the suit-blind rankings (ace-to-five, eight-or-better): every rank
  multiset, scored once and weighted by its number of suit choices.
- Seven cards with an eight-or-better low: a count over rank multiplicities alone, sharing
  nothing with the scorers.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from itertools import combinations
from math import comb, prod

from tests.reference_rankings import (
    DECKS,
    RANKINGS,
    Key,
    category_slug,
    rank_multisets,
    reference_best,
    reference_key,
    representative_hands,
)

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
FIVE_CARDS["short-deck-straight-over-trips"] = FIVE_CARDS["short-deck"]

DISTINCT = {
    "high": 7_462,
    "ace-to-five": 6_175,
    "deuce-to-seven": 7_462,
    "eight-or-better": 57,
    "short-deck": 1_404,
    "short-deck-straight-over-trips": 1_404,
}
BEST_HANDS = {"ace-to-five": 1_024, "deuce-to-seven": 1_020}  # the wheel; 7-5-4-3-2 offsuit

SUIT_BLIND_SEVEN = {
    "ace-to-five": {
        # No pair (and its five-high .. eight-high parts) as published for 7-card lowball.
        "no-pair": 127_615_488,
        "one-pair": 5_948_800,
        "two-pair": 219_648,
        "full-house": 624,
    },
    "eight-or-better": {
        "five-low": 781_824,
        "six-low": 3_151_360,
        "seven-low": 7_426_560,
        "eight-low": 13_171_200,
        "no-low": 133_784_560 - 24_530_944,
    },
}


def check(label: str, found: object, expected: object) -> None:
    print(f"  {label}: {found}")
    if found != expected:
        raise SystemExit(f"{label}: found {found}, expected {expected}")


def five_card_figures(ranking: str) -> None:
    keys: Counter[Key] = Counter(
        reference_key(ranking, five) for five in combinations(DECKS[ranking], 5)
    )
    counts: Counter[str] = Counter()
    for key, hands in keys.items():
        counts[category_slug(ranking, key)] += hands
    check("counts", dict(counts), FIVE_CARDS[ranking])
    check("distinct", len(keys), DISTINCT[ranking])
    if ranking in BEST_HANDS:
        check("best hand's hands", keys[max(keys)], BEST_HANDS[ranking])
    # The representative hands the tests use meet every key.
    check(
        "representatives meet every key",
        {reference_key(ranking, h) for h in representative_hands(ranking)} == set(keys),
        True,
    )


def suit_blind_counts(ranking: str, size: int) -> Counter[str]:
    """Hands of ``size`` cards by category, for a ranking that never looks at suits."""
    counts: Counter[str] = Counter()
    for multiset in rank_multisets(range(13), size):
        repeats: Counter[int] = Counter()
        cards = []
        for rank in multiset:
            cards.append(4 * rank + repeats[rank])
            repeats[rank] += 1
        ways = prod(comb(4, n) for n in Counter(multiset).values())
        counts[category_slug(ranking, reference_best(ranking, cards))] += ways
    return counts


def eight_low_hands(size: int) -> tuple[int, int]:
    """(all hands, hands holding five different ranks from ace to eight) of ``size`` cards.

    Walks the 13 ranks (ace low first) keeping, for each (cards so far, different low ranks so
    far), the number of ways to pick those cards' suits.
    """
    ways = {(0, 0): 1}
    for rank in range(13):
        low = rank < 8  # ace, deuce .. eight
        following: Counter[tuple[int, int]] = Counter()
        for (cards, lows), count in ways.items():
            for copies in range(min(4, size - cards) + 1):
                following[cards + copies, lows + (low and copies > 0)] += count * comb(4, copies)
        ways = dict(following)
    total = sum(count for (cards, _), count in ways.items() if cards == size)
    qualifying = sum(count for (cards, lows), count in ways.items() if cards == size and lows >= 5)
    return total, qualifying


def main() -> None:
    chosen = sys.argv[1:] or list(RANKINGS)
    for ranking in chosen:
        start = time.perf_counter()
        print(f"{ranking}, five cards")
        five_card_figures(ranking)
        if ranking in SUIT_BLIND_SEVEN:
            print(f"{ranking}, seven cards")
            check("counts", dict(suit_blind_counts(ranking, 7)), SUIT_BLIND_SEVEN[ranking])
        print(f"  ({time.perf_counter() - start:.0f} s)")
    print("eight-or-better lows by rank multiplicities")
    check("5 cards", eight_low_hands(5), (2_598_960, 57_344))
    # 6 cards: the sum of the six-card lows the rank-multiset scoring finds (no published figure).
    check("6 cards", eight_low_hands(6), (20_358_520, 1_691_648))
    check("7 cards", eight_low_hands(7), (133_784_560, 24_530_944))


if __name__ == "__main__":
    main()
