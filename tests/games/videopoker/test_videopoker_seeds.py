"""Seeded deals (the specified generator) and the seed-coverage search of source 002."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from pokerscore.cards import PokerScoreError, format_cards
from pokerscore.games.draw import draw
from pokerscore.games.videopoker.deal import MASK64, SplitMix64, deal, deal_ids
from pokerscore.games.videopoker.paytables import PAY_HANDS, PayClass, PayTable, get_paytable
from pokerscore.games.videopoker.seeds import seed_coverage

JOB = get_paytable("jacks-or-better-9-6")

# Regression pins: rows of the full 320-row run (`pokerscore videopoker seeds`), as the program
# produced them: seed, mask, class, ten cards. Independent check: each row is re-dealt from the
# specified generator and scored by the pay table below, and the search is checked in Python on
# the cheap cells (test_search_on_a_subset_finds_the_first_seed_of_each_cell).
RECORDED = [
    (0, 31, "nothing", "Kd 7s 2s Ah 4d 7c 5d Qd 6h Ad"),
    (352, 0, "four-of-a-kind", "9s 9c 2h 6s Js Ac Ad As Qh Ah"),
    (4447, 1, "four-of-a-kind", "7h 9d Ah 9c 3h 7s Td 7d 7c 5s"),
    (11514, 15, "four-of-a-kind", "3d 3c 3h 3s Qc Qd Ts 4d 2s Td"),
    (89151, 0, "straight-flush", "3c Jd 2h As 9c 9h 8h Th Jh 7h"),
    (102259, 31, "straight-flush", "6h 4h 5h 3h 7h 9s 6d 3d Th Kc"),
    (419148, 0, "royal-flush", "Jd 9c 2d 4h 6d Qc Kc Jc Ac Tc"),
    (79146, 1, "royal-flush", "Qc Ad 4d 7s Kh Kc Jc Ac Tc 6c"),
    (2246116, 15, "royal-flush", "Kc Jc Tc Qc Js Ac 6c 3d 3s 2s"),
    (52038, 31, "royal-flush", "Kc Qc Tc Jc Ac Th 4c Jd Qh 9h"),
]


def test_splitmix64_reference_output() -> None:
    # The published first output of SplitMix64 from state 0.
    assert SplitMix64(0).next64() == 0xE220A8397B1DCDAF


@pytest.mark.parametrize(("seed", "mask", "name", "cards"), RECORDED)
def test_recorded_rows_re_deal_and_score(seed: int, mask: int, name: str, cards: str) -> None:
    dealt = deal(seed)
    assert format_cards(dealt) == cards
    final = draw(dealt[:5], dealt[5:], mask)
    assert JOB.class_name(JOB.classify(final)) == name


def test_deals_are_ten_distinct_cards_and_roughly_uniform() -> None:
    first_cards = np.zeros(52, dtype=np.int64)
    for seed in range(5200):
        ids = deal_ids(seed)
        assert len(set(ids)) == 10
        first_cards[ids[0]] += 1
    assert first_cards.min() > 50 and first_cards.max() < 160  # mean 100


def test_seed_range_is_checked() -> None:
    assert len(deal(MASK64)) == 10
    for bad in (-1, MASK64 + 1, 1.5, True):
        with pytest.raises(PokerScoreError, match="seed"):
            deal(bad)  # type: ignore[arg-type]


def test_compiled_deals_match_python_deals() -> None:
    from pokerscore.games.videopoker._seed_kernels import deal_ids_into

    deck = np.empty(52, dtype=np.int64)
    for seed in [*range(300), 2**32 - 1, 2**32, 2**63 - 1, 2**63, MASK64]:
        deal_ids_into(np.uint64(seed), deck)
        assert tuple(int(card) for card in deck[:10]) == deal_ids(seed), seed


@pytest.mark.slow
def test_search_on_a_subset_finds_the_first_seed_of_each_cell() -> None:
    names = ["nothing", "jacks-or-better", "two-pair", "flush"]
    rows = seed_coverage(JOB, classes=names, masks=range(32))
    assert len(rows) == 4 * 32
    assert [(row.class_name, row.mask) for row in rows] == [
        (n, m) for n in names for m in range(32)
    ]
    for row in rows:
        assert JOB.class_name(JOB.classify(row.final)) == row.class_name
        # No earlier seed reaches the cell (checked in Python for the cheap cells).
        if row.seed < 200:
            for seed in range(row.seed):
                dealt = deal(seed)
                final = draw(dealt[:5], dealt[5:], row.mask)
                assert JOB.class_name(JOB.classify(final)) != row.class_name


@pytest.mark.slow
def test_search_from_a_later_start_and_its_limit() -> None:
    rows = seed_coverage(JOB, classes=["royal-flush"], masks=[31], start=52038)
    assert rows[0].seed == 52038
    with pytest.raises(PokerScoreError, match="within"):
        seed_coverage(JOB, classes=["royal-flush"], masks=[31], start=52039, limit=1000)


@pytest.mark.slow
def test_a_class_no_hand_can_reach_is_refused_before_searching() -> None:
    quads = PayClass("quads", "Quads", PAY_HANDS["four-of-a-kind"], (25, 25, 25, 25, 25))
    shadowed = PayTable("shadowed", "Shadowed", (quads, replace(quads, name="all-quads")))
    with pytest.raises(PokerScoreError, match="no hand ends in quads in shadowed"):
        seed_coverage(shadowed, limit=1)  # a search would fail on the limit instead
    assert seed_coverage(shadowed, classes=["all-quads"], masks=[15])[0].seed == 11514


def test_the_search_stays_within_signed_64_bit_seeds() -> None:
    with pytest.raises(PokerScoreError, match="must lie in"):
        seed_coverage(JOB, classes=["nothing"], masks=[0], start=2**63 - 10, limit=100)
    with pytest.raises(PokerScoreError, match="must lie in"):
        seed_coverage(JOB, classes=["nothing"], masks=[0], start=-1)
