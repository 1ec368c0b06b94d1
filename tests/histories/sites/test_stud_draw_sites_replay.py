"""The other sites' draw hands replayed by the one engine to the site's record (Full Tilt's
collected amounts, King's Club's end stacks)."""

from __future__ import annotations

import pytest

from pokerscore.histories.model import HandHistory, HandResult
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay
from tests.shared_sample import HAND_HISTORIES, needs_sample

SITES = HAND_HISTORIES / "sites"

pytestmark = needs_sample


def _nets(result: HandResult) -> dict[str, float]:
    return {player.player: round(player.net, 2) for player in result.players}


@pytest.mark.parametrize(
    ("name", "nets"),
    [
        # Hero raises to 80, Player0 calls; Hero bets 40 and calls the raise to 80, raises to
        # 160 after the second draw, bets 80 after the third: 400 each, the pot less 1 to
        # Hero's 8-6-4-3-2
        (
            "KingsClub/cash/2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt",
            {"Hero": 399, "Player0": -400},
        ),
        # Hero raises to 0.60 with the antes of 0.05, Wayren and Sonny090 call, Wayren calls
        # Sonny090's 0.80 after the draw and wins 3.47 of the 3.65 pot
        (
            "FTP/cash/1-Draw-NL-USD-0.10-0.20-201103.txt",
            {"Wayren": 2.02, "Sonny090": -1.45, "mrsjoanmac": -0.05, "Thanks4Coming": -0.05,
             "Hero": -0.65},
        ),
        # Player0 raises to 50, Hero calls 50, 25 and 50 and folds to the last 50: the 300
        # pot less 2
        (
            "Winamax/cash/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt",
            {"Hero": -125, "Player0": 123},
        ),
    ],
)  # fmt: skip
def test_shared_draw_hands_replay_to_the_sites_record(name: str, nets: dict[str, float]) -> None:
    (hand,) = read_histories(SITES / name)
    assert isinstance(hand, HandHistory)
    result = replay(hand)
    assert not result.disagreements and _nets(result) == nets
