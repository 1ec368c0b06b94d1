"""Wild-card video poker: Deuces Wild and Joker Poker against published returns, exhaustive
dealt-hand counts worked out by hand, and an independent brute-force classifier
(``tests.reference_paytables``)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from pokerscore import advise, analyze, get_paytable, seed_coverage
from pokerscore.cards import Card, PokerScoreError
from pokerscore.games.draw import held_cards
from pokerscore.games.videopoker.paytables import (
    PayTableError,
    paytable_from_dict,
    paytable_toml,
)
from tests.games.videopoker.test_videopoker_paytables import documented_example
from tests.reference_paytables import reference_class

WILD_TABLES = ("deuces-wild", "not-so-ugly-ducks", "loose-deuces", "joker-poker-kings")

# Returns under perfect play at 5 coins, as published (Wizard of Odds' analyses of these tables).
PUBLISHED_RETURNS = {
    "deuces-wild": 1.00761961,
    "not-so-ugly-ducks": 0.99728295,
    "loose-deuces": 1.01603867,
    "joker-poker-kings": 1.00646297,
}


@pytest.mark.slow
@pytest.mark.parametrize("name", WILD_TABLES)
def test_published_returns_to_eight_decimals(name: str) -> None:
    result = analyze(name)
    assert round(result.return_rate, 8) == PUBLISHED_RETURNS[name]
    # The exact fraction agrees with the float, and the classes' probabilities add up to one.
    assert sum(result.probabilities_exact.values()) == 1


def test_the_joker_natural_royal_comes_once_in_41214_hands() -> None:
    assert round(analyze("joker-poker-kings").royal_cycle or 0) == 41214


def dealt_counts(name: str) -> Counter[str]:
    """Every dealt hand of the table's deck, classed by the compiled kernel."""
    from pokerscore.games.videopoker import _analysis_kernels as kernels
    from pokerscore.games.videopoker.class_tables import class_tables

    table = get_paytable(name)
    final = kernels.final_classes(class_tables(table), len(table.deck), kernels.binomials())
    counts = np.bincount(final, minlength=len(table.classes))
    return Counter({table.class_name(index): int(n) for index, n in enumerate(counts)})


def test_dealt_hands_of_deuces_wild_counted_by_hand() -> None:
    counts = dealt_counts("deuces-wild")
    assert sum(counts.values()) == comb(52, 5)
    assert counts["four-deuces"] == 48  # the four deuces and any of 48 cards
    assert counts["natural-royal-flush"] == 4
    # k deuces (k = 1..3) and 5 - k of one suit's five royal ranks.
    assert counts["wild-royal-flush"] == sum(4 * comb(5, 5 - k) * comb(4, k) for k in (1, 2, 3))
    # k deuces and 5 - k cards of one of the twelve other ranks (k = 4 is four deuces).
    assert counts["five-of-a-kind"] == sum(12 * comb(4, 5 - k) * comb(4, k) for k in (1, 2, 3))


def test_dealt_hands_of_joker_poker_counted_by_hand() -> None:
    counts = dealt_counts("joker-poker-kings")
    assert sum(counts.values()) == comb(53, 5) == 2_869_685
    assert counts["five-of-a-kind"] == 13  # four of a rank and the joker
    assert counts["natural-royal-flush"] == 4
    assert counts["wild-royal-flush"] == 4 * 5  # the joker and four of a suit's royal ranks


def _random_hand(rng: random.Random, name: str) -> list[int]:
    """Five cards of the table's deck, wild cards made common so that every class shows up."""
    table = get_paytable(name)
    wild = [card for card in table.deck if card in table.ranking.wild_cards]
    natural = [card for card in table.deck if card not in table.ranking.wild_cards]
    wilds = min(rng.choice((0, 0, 1, 1, 2, 3, 4)), len(wild))
    return rng.sample(wild, wilds) + rng.sample(natural, 5 - wilds)


@pytest.mark.slow
@pytest.mark.parametrize("name", WILD_TABLES)
def test_classes_agree_with_the_brute_force_classifier(name: str) -> None:
    rng = random.Random(name)
    table = get_paytable(name)
    for _ in range(200):
        hand = _random_hand(rng, name)
        assert table.class_name(table.classify(Card(card) for card in hand)) == (
            reference_class(hand, name)
        ), hand


@pytest.mark.slow
def test_every_class_of_every_table_is_reached_and_named() -> None:
    for name in WILD_TABLES:
        table = get_paytable(name)
        assert table.reachable == frozenset(range(len(table.classes)))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["deuces-wild", "joker-poker-kings"])
def test_advisor_counts_agree_with_brute_force_over_every_draw(name: str) -> None:
    table = get_paytable(name)
    rng = random.Random(f"advisor {name}")
    for _ in range(1 if name == "deuces-wild" else 2):  # deuces: slow brute force of 3 wilds
        hand = tuple(Card(card) for card in _random_hand(rng, name))
        holds = {hold.mask: hold for hold in advise(hand, table)}
        rest = [Card(card) for card in table.deck if Card(card) not in hand]
        for mask in range(32):
            if mask.bit_count() < 3:  # larger draws take too long in Python
                continue
            held = held_cards(hand, mask)
            brute = Counter(
                reference_class(held + drawn, name) for drawn in combinations(rest, 5 - len(held))
            )
            assert {k: v for k, v in holds[mask].counts.items() if v} == dict(brute), (hand, mask)
            assert holds[mask].draws == comb(table.unseen, 5 - len(held))


def test_known_best_holds() -> None:
    # Deuces Wild: four deuces stand pat (200 a coin); a pat wild royal beats drawing to it.
    deuces = get_paytable("deuces-wild")
    assert advise("2c 2d 2h 2s 7c", deuces)[0].mask == 31
    assert advise("2c 2d 2h 2s 7c", deuces)[0].ev_exact == 200
    assert advise("2c Ah Kh Qh Jh", deuces)[0].ev_exact == 25
    # Joker Poker: a dealt five of a kind stands pat.
    joker = get_paytable("joker-poker-kings")
    assert advise("Jk 9c 9d 9h 9s", joker)[0].ev_exact == 200


def test_a_second_joker_is_refused_by_joker_poker() -> None:
    with pytest.raises(PokerScoreError, match="joker-poker-kings's deck holds at most 1 joker"):
        advise("Jk Jk 9c 9d 9h", "joker-poker-kings")
    with pytest.raises(PokerScoreError, match="only the joker ranking plays with jokers"):
        advise("Jk 9c 9d 9h 9s", "deuces-wild")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["deuces-wild", "joker-poker-kings"])
def test_seed_coverage_rows_end_in_their_class(name: str) -> None:
    table = get_paytable(name)
    rows = seed_coverage(name, classes=list(table.classes[-3:]), masks=[0, 31])
    for row in rows:
        assert reference_class(row.final, name) == row.class_name


@pytest.mark.slow
def test_the_documented_wild_example_is_full_pay_deuces_wild(tmp_path: Path) -> None:
    table = documented_example(2, tmp_path)
    builtin = get_paytable("deuces-wild")
    assert table.wild == "deuces" and table.paying == builtin.paying
    assert table.class_name(table.classify("2c 2d Kh Qh Jh")) == "wild-royal-flush"
    assert table.class_name(table.classify("2c 2d 2h 2s Ac")) == "four-deuces"
    assert paytable_toml(builtin) == paytable_toml(table).replace(
        'name = "deuces-wild-full-pay"\ntitle = "Deuces Wild (full pay)"',
        'name = "deuces-wild"\ntitle = "Deuces Wild"',
    )


def test_wild_hands_belong_to_wild_tables_only() -> None:
    with pytest.raises(PayTableError, match='hand "five-of-a-kind" is not played without wild'):
        paytable_from_dict(
            {"name": "x", "classes": [{"name": "q", "hand": "five-of-a-kind", "pay": 1}]}
        )
    with pytest.raises(PayTableError, match='hand "four-deuces" is not played with wild = "joker"'):
        paytable_from_dict(
            {
                "name": "x",
                "wild": "joker",
                "classes": [{"name": "q", "hand": "four-deuces", "pay": 1}],
            }
        )
    with pytest.raises(PayTableError, match="wild must be one of"):
        paytable_from_dict({"name": "x", "wild": "sevens", "classes": []})


@pytest.mark.slow
def test_a_five_aces_class_by_rank() -> None:
    table = paytable_from_dict(
        {
            "name": "bonus-deuces",
            "wild": "deuces",
            "classes": [
                {"name": "five-of-a-kind", "hand": "five-of-a-kind", "pay": 15},
                {"name": "five-aces", "hand": "five-of-a-kind", "ranks": "A", "pay": 80},
                {"name": "four-deuces-with-ace", "hand": "four-deuces", "ranks": "A", "pay": 400},
            ],
        }
    )
    assert table.class_name(table.classify("2c Ad Ah As Ac")) == "five-aces"
    assert table.class_name(table.classify("2c 2d Kh Ks Kc")) == "five-of-a-kind"
    assert table.class_name(table.classify("2c 2d 2h 2s Ac")) == "four-deuces-with-ace"
    assert table.class_name(table.classify("2c 2d 2h 2s Kc")) == "five-of-a-kind"
