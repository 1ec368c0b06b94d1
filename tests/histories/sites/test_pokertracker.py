"""The reader of PokerTracker's export of Merge hands (``MERGE_GAME #``): fixture hands written
in its layout (results worked out by hand from the rules), the shared sample, the sniff and
hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.pokertracker import read_pokertracker
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "pokertracker"


def _hands(path: Path = DATA / "merge.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_pokertracker(path))


def test_each_fixture_hand_reads_and_replays_to_the_results_worked_out_by_hand() -> None:
    first, second = (h for h in _hands() if isinstance(h, HandHistory))
    assert [(s.name, s.ante, s.blind) for s in first.seats] == [
        ("Bob", 25, 125),
        ("Cy Dé", 25, 250),
        ("Ann", 25, 0),
    ]
    moves = [
        (a.kind, a.actor, a.amount, a.all_in)
        for a in first.actions
        if a.kind in ("check-call", "bet-raise")
    ]
    # Allin and Call add chips: Bob's 1,125 on his small blind is all in to 1,250
    assert moves == [("bet-raise", 0, 1250, True), ("check-call", 1, 1000, False)]
    assert (first.tournament, first.currency, first.winnings) == ("42862423", None, None)
    results = [replay(first), replay(second)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # both play a pair of sixes with Q-J-9 from the board: the 2,575 pot is split
        {"Ann": -25.0, "Bob": 12.5, "Cy Dé": 12.5},
        # Ann's raise to 100 is not called: 50 comes back, she wins the blinds
        {"Ann": 50.0, "Bob": -50.0},
    ]


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("PokerTracker")
    assert counts.formats == {"pokertracker"}
    assert counts.replayed == 11
    # PokerTracker's exports of Microgaming (** Game ID) and iPoker (GAME #) hands: each hand
    # refused by name with the reason (before: each file "not a hand history")
    assert sum("export of Microgaming hands is not read" in r for r in counts.refused) == 8
    assert sum("export of iPoker hands is not read" in r for r in counts.refused) == 2
    assert not [r for r in counts.refused if "not a hand history" in r]
    # six all-ins the export writes as more than the player has (the ante counted in): refused
    assert sum("more than the" in r and "the player has" in r for r in counts.refused) == 6
    assert counts.disagreements == []
