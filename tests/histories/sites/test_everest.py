"""The Everest Poker reader (XML, amounts in hundredths): fixture hands written in its format
(results worked out by hand from the rules), the shared sample of real files, the sniff and
hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.everest import read_everest
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "everest"


def _hands(path: Path = DATA / "hands.xml") -> list[HandHistory | HandHistoryError]:
    return list(read_everest(path))


def test_each_fixture_hand_reads_and_replays_to_the_results_worked_out_by_hand() -> None:
    first, second = (h for h in _hands() if isinstance(h, HandHistory))
    # amounts in cents; one big blind and no small one; BET is the chips added
    assert [(s.name, s.seat, s.stack, s.blind) for s in first.seats] == [
        ("Ann", 2, 200, 2), ("Bob", 3, 102, 0), ("Cy & Dé", 5, 28, 0), ("Dee", 0, 197, 0),
    ]  # fmt: skip
    moves = [
        (a.kind, a.actor, a.amount) for a in first.actions if a.kind in ("check-call", "bet-raise")
    ]
    assert moves == [("check-call", 3, 2), ("bet-raise", 0, 4), ("check-call", 3, 2),
                     ("bet-raise", 0, 2), ("bet-raise", 3, 4), ("check-call", 0, 2), ("bet-raise", 0, 4)]  # fmt: skip
    assert first.actions[0].cards == first.actions[0].cards[:2] and len(first.actions[0].cards) == 2
    assert (first.time, first.currency, first.rake) == ("2012-04-21T13:20:14+00:00", "USD", 1)
    results = [replay(first), replay(second)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Ann's jacks: a 0.16 pot, 0.01 raked; her turn bet comes back
        {"Ann": 0.07, "Bob": 0.0, "Cy & Dé": 0.0, "Dee": -0.08},
        # a heads-up walk: the big blind's unmatched cent comes back
        {"Ann": 0.01, "Dee": -0.01},
    ]
    assert all(not result.disagreements for result in results)


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("Everest")
    assert counts.formats == {"everest"}
    assert counts.replayed == 1
    # the small blind covers the big blind's all-in for less and everybody else folds: the site
    # goes to the showdown, the engine waits for the small blind (its rule, reported)
    assert counts.refused == [
        "LHE-play-STT-201111.allin.blind.txt, hand 1: Player1 shows down while the betting is open"
    ]
    assert counts.disagreements == []


def test_a_billion_laughs_file_is_refused_unexpanded(tmp_path: Path) -> None:
    path = tmp_path / "laughs.xml"
    path.write_text(
        '<!DOCTYPE x [<!ENTITY a "aaaa">]>\n<SESSION game="hold-em"/>\n<HAND id="&a;"/>\n'
    )
    (error,) = _hands(path)
    assert isinstance(error, HandHistoryError) and "entity declaration" in error.reason
