"""The Seals With Clubs reader: fixture hands written in its format (results worked out by hand
from the rules), the shared sample of real files, the sniff and hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.sealswithclubs import read_sealswithclubs
from tests.histories.sites.site_runs import sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "sealswithclubs"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_sealswithclubs(path))


def test_each_fixture_hand_reads_and_replays_to_the_results_worked_out_by_hand() -> None:
    first, second = (h for h in _hands()[:2] if isinstance(h, HandHistory))
    # Cy sits out; order from the dealer's left; calls add chips, raises are the total
    assert [(s.name, s.seat, s.stack) for s in first.seats] == [
        ("Eve", 6, 11049), ("Ann", 1, 10000), ("Bob", 2, 11948), ("Dee Dé", 4, 10125),
    ]  # fmt: skip
    moves = [
        (a.kind, a.actor, a.amount) for a in first.actions if a.kind in ("check-call", "bet-raise")
    ]
    assert moves == [
        ("bet-raise", 3, 300),
        ("check-call", 1, 200),
        ("check-call", 1, 0),
        ("bet-raise", 3, 400),
    ]
    assert (first.currency, first.rake, first.returned) == ("mBTC", 16, ((3, 400, 23),))
    results = [replay(first), replay(second)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Dee's flop bet is refunded; he wins a 6.50 pot less 0.16 rake (millibitcoins)
        {"Ann": -3.0, "Bob": 0.0, "Dee Dé": 3.34, "Eve": -0.5},
        # a walk: the big blind's unmatched 15 refunded, the 30 pot won
        {"Ann": 15.0, "Bob": -15.0},
    ]
    assert all(not result.disagreements for result in results)


def test_another_game_is_refused_and_a_wrong_payout_is_a_disagreement(tmp_path: Path) -> None:
    error = _hands()[2]
    assert isinstance(error, HandHistoryError) and error.hand == 3
    assert "Badugi is not replayed here yet" in error.reason
    path = tmp_path / "wrong.txt"
    path.write_text((DATA / "hands.txt").read_text().replace("wins Pot (6.34)", "wins Pot (6.44)"))
    assert [d.kind for d in replay(_hands(path)[0]).disagreements] == ["winnings"]  # type: ignore[arg-type]


def test_the_shared_sample_reads_every_hand() -> None:
    counts = sample_counts("SealsWithClubs")
    assert counts.formats == {"sealswithclubs"}
    assert (counts.replayed, counts.refused, counts.disagreements) == (2, [], [])
