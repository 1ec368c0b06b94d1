"""The compiled action statistics (``_stats_kernels.action_flags``, run by the fast readers)
against :func:`~pokerscore.histories.stats.action_counts` over the lenient reader's hands: the
same 3-bet, fold to 3-bet, c-bet and fold to c-bet chances and takings, hand by hand and player
by player, on the fixtures, the real files and generated hands."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from benchmarks.histories_data import phhs_tables

from pokerscore.histories._layout import F_COUNT, F_NUMBER, F_STATUS, OK
from pokerscore.histories.batches import replay_phh_text, replay_stars_text
from pokerscore.histories.model import ACTION_COUNTS, HandHistoryError
from pokerscore.histories.reading import read_file
from pokerscore.histories.stats import action_counts
from tests.shared_sample import HAND_HISTORIES, needs_sample

SHARED = HAND_HISTORIES
DATA = Path(__file__).parents[1] / "data" / "histories"


def _kernel_counts(path: Path) -> dict[int, list[list[int]]]:
    """Each hand the kernels played (by its number): every player's counts from the flags."""
    data = path.read_bytes()
    if path.suffix in (".phh", ".phhs"):
        batch = replay_phh_text(data, single=path.suffix == ".phh")
    else:
        batch = replay_stars_text(data)
    assert batch is not None
    found = {}
    for place in range(batch.hands):
        if batch.facts[place, F_STATUS] != OK:
            continue
        flags = batch.action_flags[place, : batch.facts[place, F_COUNT]].tolist()
        found[int(batch.facts[place, F_NUMBER])] = [
            [(mine >> bit) & 1 for bit in range(len(ACTION_COUNTS))] for mine in flags
        ]
    return found


def _compare(path: Path) -> tuple[int, int]:
    """The kernels' counts against ``action_counts`` on every hand both read; (hands compared,
    chances seen)."""
    kernel = _kernel_counts(path)
    compared = chances = 0
    for hand in read_file(path, "auto"):
        if isinstance(hand, HandHistoryError) or hand.number not in kernel:
            continue
        expected = action_counts(hand)
        found = kernel[hand.number]
        assert found == expected, (path.name, hand.number)
        compared += 1
        chances += sum(mine[0] + mine[2] + mine[4] + mine[6] for mine in expected)
    return compared, chances


FILES = sorted(DATA.glob("*.phhs")) + [
    path for path in sorted(DATA.glob("pokerstars*.txt")) if path.name != "pokerstars-stud.txt"
]
"""The fixtures the fast readers play hands of (PokerStars' stud hands are read by the lenient
reader, whose hands ``action_counts`` counts: the kernels play none of them)."""


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_the_kernels_count_the_actions_as_action_counts_on_the_fixtures(path: Path) -> None:
    compared, _ = _compare(path)
    assert compared > 0


def test_the_kernels_count_the_actions_as_action_counts_on_generated_hands(
    tmp_path: Path,
) -> None:
    path = tmp_path / "generated.phhs"
    path.write_text("".join(phhs_tables(400, seed=29)), encoding="utf-8")
    compared, chances = _compare(path)
    assert compared == 400 and chances > 100


@pytest.mark.slow
@pytest.mark.parametrize(
    "variant",
    [
        # the community-card variants: the shared random hands, which pokerkit plays once for
        # the group (its own 200 hands were most of this test's CPU: pokerkit's showdowns)
        pytest.param(None, marks=pytest.mark.xdist_group("random hands")),
        "F2L3D",
        "N2L1D",
        "FB",
    ],
)
def test_the_kernels_count_the_actions_as_action_counts_on_random_hands(
    tmp_path: Path, variant: str | None
) -> None:
    from tests.histories_random import random_hand, random_hands

    if variant is None:
        texts = [text for text, _ in random_hands(200)]
    else:
        rng = random.Random(f"29 {variant}")
        texts = [random_hand(rng, variant)[0] for _ in range(200)]
    path = tmp_path / "random.phhs"
    with path.open("w") as out:
        for number, text in enumerate(texts, 1):
            out.write(f"[{number}]\n{text}\n\n")
    compared, chances = _compare(path)
    assert compared > 100 and chances > 20, (compared, chances)


@needs_sample
@pytest.mark.slow
def test_the_kernels_count_the_actions_as_action_counts_on_the_real_files() -> None:
    paths = sorted((SHARED / "phh").rglob("*.phh*")) + sorted((SHARED / "pokerstars").glob("*"))
    compared = chances = 0
    for path in paths:
        hands, seen = _compare(path)
        compared += hands
        chances += seen
    assert compared > 100 and chances > 50, (compared, chances)
