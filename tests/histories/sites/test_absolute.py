"""The Absolute Poker (and UltimateBet) reader: fixture hands written in its format (results
worked out by hand from the rules), the shared sample of real files, the sniff and hostile
input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import file_format_of
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.absolute import read_absolute
from tests.histories.sites.site_runs import nets, sample_counts

DATA: Final = Path(__file__).parents[2] / "data" / "histories" / "sites" / "absolute"


def _hands(path: Path = DATA / "hands.txt") -> list[HandHistory | HandHistoryError]:
    return list(read_absolute(path))


def test_each_fixture_hand_reads_and_replays_to_the_results_worked_out_by_hand() -> None:
    first, second, walk = (h for h in _hands()[:3] if isinstance(h, HandHistory))
    # "Posts $1 dead $0.50": a live big blind and a dead 0.50; "dead $40 dead $15": 25 live
    assert [(s.name, s.ante, s.blind) for s in first.seats] == [
        ("Bob", 0, 50), ("Cy Dé", 0, 100), ("Dee", 50, 100), ("Ann", 0, 0),
    ]  # fmt: skip
    assert [(s.name, s.ante, s.blind) for s in second.seats][2] == ("Dee", 15, 25)
    # the jackpot fee is counted in the rake: 0.45 + 0.50
    assert (first.total_pot, first.rake, first.time) == (950, 95, "2009-12-14T17:14:02-05:00")
    assert (second.variant, second.min_bet, second.big_bet) == ("FT", 25, 50)
    results = [replay(first), replay(second), replay(walk)]
    nets = [{p.player: round(p.net, 2) for p in result.players} for result in results]
    assert nets == [
        # Bob's flop bet comes back; a 9.50 pot less 0.95 of rake and jackpot
        {"Ann": 0.0, "Bob": 4.55, "Cy Dé": -1.0, "Dee": -4.5},
        # Dee's dead 15 and live 25, raised to 50; his flop bet comes back; rake 3
        {"Ann": 0.0, "Bob": -50.0, "Cy Dé": -50.0, "Dee": 97.0},
        # a walk: the site counts the big blind's unmatched 2 in a 6 pot; the replay nets 2
        {"Ann": 0.0, "Bob": -2.0, "Cy Dé": 2.0},
    ]
    assert all(not result.disagreements for result in results)
    assert (walk.total_pot, walk.winnings, walk.returned) == (None, None, None)


def test_razz_is_refused_and_a_wrong_rake_is_a_disagreement(tmp_path: Path) -> None:
    error = _hands()[3]
    assert isinstance(error, HandHistoryError) and error.hand == 4
    assert "Razz is not replayed here yet" in error.reason
    path = tmp_path / "wrong.txt"
    path.write_text((DATA / "hands.txt").read_text().replace("Rake ($3)", "Rake ($5)"))
    assert [d.kind for d in replay(_hands(path)[1]).disagreements] == ["winnings"]  # type: ignore[arg-type]


def test_the_shared_sample_reads_every_hand() -> None:
    counts = sample_counts("Absolute")
    assert counts.formats == {"absolute"}
    assert (counts.replayed, counts.refused, counts.disagreements) == (3, [], [])


def test_an_ultimatebet_hand_reads_as_absolute_with_a_new_players_post() -> None:
    """UltimateBet's text (Cereus, 2010) is Absolute's, with no site words and a blank first
    line; ``Dee - Posts $0.02`` is a new player's live big blind out of its place."""
    path = DATA / "ultimatebet.txt"
    assert file_format_of(path) == "absolute"
    (hand,) = _hands(path)
    assert isinstance(hand, HandHistory)
    assert [(s.name, s.blind, s.ante) for s in hand.seats] == [
        ("Bob", 1, 0), ("Cy Dé", 2, 0), ("Dee", 2, 0), ("Ann", 0, 0),
    ]  # fmt: skip
    result = replay(hand)
    # Dee raises to 0.08 from his live 0.02, his turn bet of 0.72 comes back: a 0.65 pot
    # (0.01 + 0.28 + 0.08 + 0.28) less 0.03 of rake
    assert nets(result) == {"Bob": -0.01, "Cy Dé": -0.28, "Dee": 0.34, "Ann": -0.08}
    assert (hand.total_pot, hand.rake, hand.returned) == (65, 3, ((2, 72, 26),))
    assert not result.disagreements


def test_all_in_posts_and_raises_and_a_proposition_paid_outside_the_pot() -> None:
    """``Dee - All-In $0.02`` before the cards is his big blind, all in; ``All-In(Raise) $1 to
    $1`` a raise to the total; a 7-2 table's header reads, and the hand that pays its 7-2
    proposition (money paid outside the pot) is refused with its place."""
    hand, refused = _hands(DATA / "allin.txt")
    assert isinstance(hand, HandHistory) and isinstance(refused, HandHistoryError)
    assert [(s.name, s.blind) for s in hand.seats] == [
        ("Cy Dé", 1), ("Dee", 2), ("Ann", 0), ("Bob", 0),
    ]  # fmt: skip
    result = replay(hand)
    # Ann's kings take the main pot (3 x 0.02) and the side pot (2 x 0.98) less 0.05 of rake
    assert nets(result) == {"Cy Dé": -1.0, "Dee": -0.02, "Ann": 0.97, "Bob": 0.0}
    assert not result.disagreements
    assert (refused.hand, refused.line) == (2, 44)  # the "Collects … 72 proposition pot" line
    assert "7-2 proposition" in refused.reason
