"""The Enet reader: fixture hands written in Enet's format (decimal commas; results worked out by
hand from the rules), the shared sample of real files, the sniff and hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.enet import read_enet
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "enet"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_enet(path))


def test_each_fixture_hand_reads_and_replays_to_the_results_worked_out_by_hand() -> None:
    first, second = (h for h in _hands()[:2] if isinstance(h, HandHistory))
    # decimal commas, a point between thousands; each street's rake added up
    assert [(s.name, s.stack) for s in first.seats] == [
        ("Dee", 15127),
        ("Ann", 4187),
        ("Bob", 8805),
        ("Cy Dé", 112920),
    ]
    assert (first.variant, first.rake, first.currency, first.time) == (
        "PO",
        67,
        "EUR",
        "2012-07-29T23:31:54",
    )
    results = [replay(first), replay(second)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Dee's straight; Cy mucks; an 11.24 pot less 0.67 rake
        {"Ann": -0.5, "Bob": 0.0, "Cy Dé": -5.37, "Dee": 5.2},
        # Ann's flop bet comes back (the summary counts it in her 1.53): a 0.75 pot, 0.04 rake
        {"Ann": 0.46, "Bob": -0.25, "Cy Dé": -0.25},
    ]
    assert all(not result.disagreements for result in results)
    assert second.winnings == (71, 0, 0) and second.returned == ((0, 75, 55),)


def test_razz_is_refused_and_a_wrong_payout_is_a_disagreement(tmp_path: Path) -> None:
    error = _hands()[2]
    assert isinstance(error, HandHistoryError) and error.hand == 3
    assert "Razz is not replayed here yet" in error.reason
    path = tmp_path / "wrong.txt"
    path.write_text(
        (DATA / "hands.txt").read_text().replace("and won (€10,57)", "and won (€11,57)")
    )
    assert [d.kind for d in replay(_hands(path)[0]).disagreements] == ["winnings"]  # type: ignore[arg-type]


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("Enet")
    assert counts.formats == {"enet"}
    assert counts.replayed == 1
    # the file named "accounting issue": a player checks the big blind without having posted
    assert counts.refused == [
        "PLO-9max-USD-0.10-0.25-201208.accounting.issue.txt, hand 1: stacks don't add up: Player6 checks, but the call is 0.25"
    ]
    assert counts.disagreements == []
