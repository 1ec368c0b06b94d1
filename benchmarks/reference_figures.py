"""Check the reference scorers of tests/reference_rankings.py against the published figures.

Not a benchmark and not part of the suite (the 52-card runs take about 25 s each in pure
Python): run it by hand, ``.venv/bin/python -m benchmarks.reference_figures [RANKING ...]``,
after changing the reference scorers. It stops at the first figure that differs.

- Five cards: every hand of the ranking's deck, scored by brute force, counted by category.
- Six and seven cards: one hand per class (rank multiset, and the ranks of a five-card suit),
  scored by brute force over its five-card subsets and weighted by its number of suit choices.
- Seven cards with an eight-or-better low: a count over rank multiplicities alone, sharing
  nothing with the scorers.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from itertools import combinations
from math import comb, prod

from tests.engine.test_rankings_published import DISTINCT_FIVE as DISTINCT
from tests.engine.test_rankings_published import FIVE_CARDS, MORE_CARDS
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

BEST_HANDS = {"ace-to-five": 1_024, "deuce-to-seven": 1_020}  # the wheel; 7-5-4-3-2 offsuit

# With six cards no straight can be told from three of a kind by the order of the two.
MORE_CARDS["short-deck-straight-over-trips", 6] = MORE_CARDS["short-deck", 6]


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


def counts_by_class(ranking: str, size: int) -> tuple[int, Counter[str]]:
    """(distinct keys, hands by category) of every ``size``-card hand of the ranking's deck.

    Scores one hand per class instead of every hand. With 6 or 7 cards at most one suit holds
    five or more of them, so a hand's strength depends only on its rank multiset and on which
    of its ranks that suit holds (if any): one hand is scored per such pair, weighted by the
    number of suit choices that give it.
    """
    ranks = sorted({card // 4 for card in DECKS[ranking]})
    keys: set[Key] = set()
    counts: Counter[str] = Counter()

    def tally(cards: list[int], ways: int) -> None:
        key = reference_best(ranking, cards)
        keys.add(key)
        counts[category_slug(ranking, key)] += ways

    for multiset in rank_multisets(ranks, size):
        copies = Counter(multiset)
        distinct = sorted(copies)
        all_ways = prod(comb(4, n) for n in copies.values())
        flush_ways = 0
        for length in range(5, len(distinct) + 1):
            for suited in combinations(distinct, length):
                # Suit 0 (any of 4) holds one of each rank in ``suited``; suits 1-3 the rest.
                left = {rank: copies[rank] - (rank in suited) for rank in distinct}
                ways = 4 * prod(comb(3, n) for n in left.values())
                if ways:
                    cards = [4 * rank for rank in suited]
                    cards += [
                        4 * rank + suit for rank in distinct for suit in range(1, left[rank] + 1)
                    ]
                    tally(cards, ways)
                    flush_ways += ways
        if all_ways > flush_ways:  # suits dealt in turn: no suit holds more than two
            tally(
                [4 * rank + index % 4 for index, rank in enumerate(multiset)], all_ways - flush_ways
            )
    return len(keys), counts


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
        for size in (6, 7):
            print(f"{ranking}, {size} cards")
            distinct, counts = counts_by_class(ranking, size)
            check("counts", dict(counts), MORE_CARDS[ranking, size][1])
            check("distinct", distinct, MORE_CARDS[ranking, size][0])
        print(f"  ({time.perf_counter() - start:.0f} s)")
    print("eight-or-better lows by rank multiplicities")
    check("5 cards", eight_low_hands(5), (2_598_960, 57_344))
    # 6 cards: the sum of the six-card lows counted by class above (no published figure).
    check("6 cards", eight_low_hands(6), (20_358_520, 1_691_648))
    check("7 cards", eight_low_hands(7), (133_784_560, 24_530_944))


if __name__ == "__main__":
    main()
