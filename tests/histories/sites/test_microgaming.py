"""The Microgaming reader (XML, end balances): fixture hands written in its format (results
worked out by hand from the rules), the shared sample of real files, the sniff and hostile
input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.microgaming import read_microgaming
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "microgaming"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_microgaming(path))


def test_each_fixture_hand_reads_and_replays_to_the_results_worked_out_by_hand() -> None:
    first, second = (h for h in _hands() if isinstance(h, HandHistory))
    # Dee's "PostedToPlay" of 5 (less than the big blind) is dead money; Raise adds chips
    assert [(s.name, s.ante, s.blind) for s in first.seats] == [
        ("Bob", 0, 5), ("Cy & Dé", 0, 10), ("Dee", 5, 0), ("Ann", 0, 0),
    ]  # fmt: skip
    assert [(a.kind, a.amount) for a in first.actions if a.kind == "bet-raise"] == [
        ("bet-raise", 30)
    ]
    assert first.finishing_stacks == (595, 1740, 605, 1000) and first.winnings is None
    assert (second.rake, second.currency, second.time) == (1, "EUR", "2016-03-17T11:09:36")
    results = [replay(first), replay(second)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Dee's raise to 30 is not called: 20 comes back, the blinds and his dead 5 are his
        {"Ann": 0.0, "Bob": -5.0, "Cy & Dé": -10.0, "Dee": 15.0},
        # Dee's three queens: a 40 pot less 1 rake (rake="100" is cents); Bob mucks
        {"Bob": -20.0, "Dee": 19.0},
    ]
    assert all(not result.disagreements for result in results)


def test_an_end_balance_that_does_not_add_up_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text(
        (DATA / "hands.txt").read_text().replace('endbalance="624.00"', 'endbalance="626.00"')
    )
    assert [d.kind for d in replay(_hands(path)[1]).disagreements] == ["finishing-stacks"]  # type: ignore[arg-type]


def test_the_shared_sample_reads_every_hand_and_lists_its_one_disagreement() -> None:
    counts = sample_counts("Microgaming")
    assert counts.formats == {"microgaming"}
    assert (counts.replayed, counts.refused) == (7, [])
    # a player "posted to play" 0.10, but his end balance is 0.15 less: the site took a dead
    # small blind too and wrote no action for it (the replay says what is missing)
    assert len(counts.disagreements) == 1
    assert counts.disagreements[0].startswith("NLHE-0.05-0.10-201111.posted.to.play.txt, hand 1")
    assert "a posted dead blind may be missing" in counts.disagreements[0]
