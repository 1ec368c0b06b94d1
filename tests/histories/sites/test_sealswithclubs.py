"""The Seals With Clubs reader: fixture hands written in its format (results worked out by hand
from the rules), the shared sample of real files, the sniff and hostile input."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import file_format_of, read_histories
from pokerscore.histories.replay import replay
from pokerscore.histories.sites.sealswithclubs import read_sealswithclubs
from tests.histories.sites.shared_sample import sample_counts

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


def test_seals_is_told_from_its_head_in_a_mixed_folder(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text((DATA / "hands.txt").read_text())
    (tmp_path / "b.txt").write_text(
        (Path(__file__).parents[2] / "data" / "histories" / "pokerstars-shapes.txt").read_text()
    )
    assert file_format_of(tmp_path / "a.txt") == "sealswithclubs"
    formats = [h.source_format for h in read_histories(tmp_path) if isinstance(h, HandHistory)]
    assert formats.count("sealswithclubs") == 2 and "pokerstars" in formats


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Ann refunded 15", "Ann refunded 9" + "9" * 40, "is not a plain amount"),
        ("Game: NL Hold'em (600 - 3000) - Blinds 15/30", "Game: garbage", "no game and blinds"),
        ("Seat 2: Bob (2798.10)", "Seat 99999: Bob (2798.10)", "seat numbers run"),
    ],
    ids=["huge number", "garbage game", "huge seat"],
)
def test_a_hostile_hand_is_one_bad_hand_with_its_place(
    tmp_path: Path, old: str, new: str, reason: str
) -> None:
    text = (DATA / "hands.txt").read_text()
    path = tmp_path / "hostile.txt"
    path.write_text(text.replace(old, new, 1))
    hands = _hands(path)
    assert len(hands) == 3 and isinstance(hands[0], HandHistory)
    error = hands[1]
    assert isinstance(error, HandHistoryError) and error.hand == 2 and reason in error.reason


def test_a_truncated_hand_and_an_empty_file(tmp_path: Path) -> None:
    text = (DATA / "hands.txt").read_text()
    cut = tmp_path / "cut.txt"
    cut.write_text(text[: text.index("Ann folds")])
    (hand,) = _hands(cut)
    assert isinstance(hand, HandHistory)
    with pytest.raises(HandHistoryError, match="hand 1"):
        replay(hand)
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert _hands(empty) == []
