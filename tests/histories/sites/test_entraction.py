"""The Entraction reader: fixture hands written in Entraction's format (results worked out by
hand from the rules), the shared sample of real files, the sniff and hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.entraction import read_entraction
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "entraction"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_entraction(path))


def test_each_fixture_hand_reads_and_replays_to_the_results_worked_out_by_hand() -> None:
    first, second = (h for h in _hands()[:2] if isinstance(h, HandHistory))
    # Bob's "Small + Big Blind" of 1.50: 1.00 live, 0.50 dead; every amount is chips added
    assert [(s.name, s.ante, s.blind) for s in first.seats[:4]] == [
        ("Dee", 0, 50), ("Eve", 0, 100), ("Ann", 0, 0), ("Bob", 50, 100),
    ]  # fmt: skip
    moves = [
        (a.kind, a.actor, a.amount) for a in second.actions if a.kind in ("check-call", "bet-raise")
    ]
    assert moves == [("bet-raise", 2, 350), ("bet-raise", 0, 1150), ("check-call", 2, 800),
                     ("bet-raise", 0, 1200), ("bet-raise", 2, 3850), ("check-call", 0, 2650)]  # fmt: skip
    results = [replay(first), replay(second)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Ann's flop bet is paid back; she wins a 12.00 pot less 0.60 rake
        {"Ann": 6.4, "Bob": -5.5, "Cy Dé": 0.0, "Dee": -0.5, "Eve": -1.0},
        # Ann's ace-high flush beats Cy's queen-high all in: 101.00 pot, 3.00 rake
        {"Ann": 48.0, "Bob": -1.0, "Cy Dé": -50.0, "Dee": 0.0},
    ]
    assert all(not result.disagreements for result in results)
    assert (first.time, second.time) == ("2011-07-20T23:45:00+02:00", "2011-08-06T18:53:35+01:00")
    assert first.returned == ((2, 750, 27),) and first.currency == "EUR"


def test_a_heads_up_hand_with_the_dealer_on_the_big_blind_is_refused() -> None:
    error = _hands()[2]
    assert isinstance(error, HandHistoryError) and error.hand == 3
    assert "dealer posting the big blind" in error.reason


def test_a_payout_that_does_not_add_up_is_a_disagreement(tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text((DATA / "hands.txt").read_text().replace("EUR 98.00", "EUR 99.50"))
    result = replay(_hands(path)[1])  # type: ignore[arg-type]
    assert [d.kind for d in result.disagreements] == ["winnings"]


def test_the_shared_sample_reads_or_refuses_every_hand() -> None:
    counts = sample_counts("Entraction")
    assert counts.formats == {"entraction"}
    assert counts.replayed == 3
    assert sorted(counts.refused) == [
        # labelled fixed limit, played in pot-limit sizes: the replay holds the site to its label
        "AllInHandWithShowdown.txt, hand 1: YoOyYo bets or raises to 600.00: more than the fixed-limit maximum, 300.00",
        "LHE-HU-EUR-10-20-201103.txt, hand 1: heads-up with the dealer posting the big blind "
        "(the small blind acting first on every street): not an order the replay plays",
    ]
    assert counts.disagreements == []
