"""Full Tilt Poker's text (UTF-16 with its byte-order mark), from a fixture written in its
format: the results per player are worked out by hand from the fixture's text (comments)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.reading import file_format_of, read_histories
from pokerscore.histories.results import history_results
from tests.shared_sample import HAND_HISTORIES, needs_sample

DATA = Path(__file__).parents[2] / "data" / "histories" / "sites" / "fulltilt"
SHARED = HAND_HISTORIES / "sites" / "FTP"


def nets(result: HandResult) -> dict[str, float]:
    return {player.player: round(player.net, 2) for player in result.players}


def test_full_tilt_is_told_from_its_head() -> None:
    assert file_format_of(DATA / "mixed-utf16.txt") == "fulltilt"


def test_antes_side_pots_summary_winners_and_a_razz_hand() -> None:
    side_pots, walk, razz = read_histories(DATA / "mixed-utf16.txt")
    assert isinstance(side_pots, HandHistory) and isinstance(walk, HandHistory)
    assert (side_pots.site, side_pots.table, side_pots.currency) == (
        "Full Tilt Poker",
        "Alpha",
        "$",
    )
    assert side_pots.time == "2012-11-06T11:09:49-05:00"  # the ET in brackets, in winter time
    assert [seat.name for seat in side_pots.seats] == ["Cy", "Di", "Ann"]  # Bob sits out
    assert [seat.ante for seat in side_pots.seats] == [5, 5, 5]
    assert walk.variant == "PO/8" and walk.time == "2006-05-22T16:13:10-04:00"
    assert isinstance(razz, HandHistory) and (razz.variant, razz.bring_in) == ("FR", 10)
    errors: list[HandHistoryError] = []
    first, second, third = history_results(DATA / "mixed-utf16.txt", on_error=errors.append)
    assert not errors and not first.disagreements and not second.disagreements
    # razz: Cy (Kd) brings in 10 and Ann folds: the bring-in comes back, Cy takes the antes
    assert nets(third) == {"Ann": -7, "Cy": 7} and not third.disagreements
    # main pot: the antes 0.15 and 3.95 three times, 12; side pot: Ann's and Cy's 6 more each;
    # a dollar raked leaves 11.50 each: Di's queens take the main pot, Cy's jacks the side pot
    assert nets(first) == {"Cy": 1.5, "Di": 7.5, "Ann": -10}
    assert first.rake == 1
    # the winner only in the summary, no uncalled-bet line: Cy's raise comes back, Ann's 1 won
    assert nets(second) == {"Ann": -1, "Cy": 1}


def test_a_truncated_hand_is_a_partial_hand_and_the_next_is_read(tmp_path: Path) -> None:
    text = (DATA / "mixed-utf16.txt").read_text(encoding="utf-16")
    first, rest = text.split("\nFullTiltPoker", 1)
    cut = first[: first.index("*** FLOP")]
    path = tmp_path / "cut.txt"
    path.write_text(cut + "\nFullTiltPoker" + rest, encoding="utf-8")
    hands = list(read_histories(path))
    assert isinstance(hands[0], HandHistoryError) and "partial hand" in hands[0].reason
    assert isinstance(hands[1], HandHistory)


@needs_sample
@pytest.mark.slow
def test_every_shared_full_tilt_hand_is_replayed_or_refused_with_its_reason() -> None:
    errors: list[HandHistoryError] = []
    found = list(history_results(SHARED, on_error=errors.append))
    assert len(found) == 70 and not [result for result in found if result.disagreements]
    assert all(result.hand.time for result in found)
    reasons = sorted(error.reason for error in errors)
    # the five-card stud hand
    assert len([reason for reason in reasons if "is not replayed here yet" in reason]) == 1
    # the Matrix file's own faults: a hand cut after its header, a hand whose river is written
    # only in the summary, and a hand whose last fold is not written (the razz hand whose
    # player all in on the ante gets back the part of the other's ante he cannot match replays
    # with the antes trimmed: test_antes.py), and the triple draw hand where both players sit out before the deal
    assert [reason for reason in reasons if "is not replayed here yet" not in reason] == [
        "fewer than two players dealt in",
        "the hand ends on the turn, before the showdown",
        "the hand ends with Player1 to act",
        "the hand has no seats (a partial hand)",
    ]
