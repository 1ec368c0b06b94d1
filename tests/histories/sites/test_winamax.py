"""Winamax's text, from a fixture written in its format: the results per player are worked out
by hand from the fixture's text (comments)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.reading import file_format_of, read_histories
from pokerscore.histories.results import history_results
from pokerscore.histories.sites.winamax import amount
from tests.shared_sample import HAND_HISTORIES, needs_sample

DATA = Path(__file__).parents[2] / "data" / "histories" / "sites" / "winamax"
SHARED = HAND_HISTORIES / "sites" / "Winamax"


def nets(result: HandResult) -> dict[str, float]:
    return {player.player: round(player.net, 2) for player in result.players}


def test_winamax_is_told_from_its_head() -> None:
    assert file_format_of(DATA / "mixed.txt") == "winamax"


@pytest.mark.parametrize(
    ("text", "value"),
    [("2€", "2"), ("0,90€", "0.90"), ("1,500", "1500"), ("6.02k", "6020"), ("16.35€", "16.35")],
)
def test_amounts_as_winamax_writes_them(text: str, value: str) -> None:
    assert amount(text) == Decimal(value)


def test_uncalled_bets_dead_blinds_side_pots_and_a_stud_hand() -> None:
    errors: list[HandHistoryError] = []
    cash, tournament, stud = history_results(DATA / "mixed.txt", on_error=errors.append)
    assert not cash.disagreements and not tournament.disagreements
    assert (cash.hand.currency, cash.hand.time) == ("EUR", "2014-12-24T16:13:22+00:00")
    # Bruno's small blind out of position is dead; Hero's 30 nobody called is in his 70
    # "collected" and the total after the 2 rake: pot 1 + 1 + 20 + 20 = 42, Hero takes 40
    assert cash.hand.returned == ((1, 30, 1),) and cash.hand.total_pot == 42  # scale 1: euros
    assert nets(cash) == {"Denis": -1, "Hero": 20, "Anne Marie": 0, "Bruno": -1, "Chloé": -20}
    assert cash.rake == 2
    # alpha's 7035 nobody matched comes back as "side pot 2"; "17.68k" is no record of the pot;
    # delta, "folded" on no street, sat out; main 2880 x 3 to gamma's flush, side 1005 x 2 to
    # beta's lower flush
    assert tournament.hand.tournament == "5142226" and tournament.hand.total_pot is None
    assert [seat.name for seat in tournament.hand.seats] == ["alpha", "beta", "gamma"]
    assert nets(tournament) == {"alpha": -3885, "beta": -1875, "gamma": 5760}
    # stud: a (4h, the lowest up card) brings in 0.02, b folds: the bring-in Winamax leaves in
    # a's "collected" comes back, a takes the antes
    assert not errors and not stud.disagreements and stud.hand.variant == "F7S"
    assert nets(stud) == {"a": 0.01, "b": -0.01}


def test_a_truncated_hand_is_a_partial_hand_and_the_next_is_read(tmp_path: Path) -> None:
    text = (DATA / "mixed.txt").read_text()
    first, rest = text.split("\nWinamax Poker - Tournament", 1)
    path = tmp_path / "cut.txt"
    path.write_text(first[: first.index("*** FLOP")] + "\nWinamax Poker - Tournament" + rest)
    hands = list(read_histories(path))
    assert isinstance(hands[0], HandHistoryError) and "partial hand" in hands[0].reason
    assert isinstance(hands[1], HandHistory)


@needs_sample
@pytest.mark.slow
def test_every_shared_winamax_hand_is_replayed_or_refused_with_its_reason() -> None:
    errors: list[HandHistoryError] = []
    found = list(history_results(SHARED, on_error=errors.append))
    assert len(found) == 31 and not [result for result in found if result.disagreements]
    assert all(result.hand.time for result in found)
    reasons = [error.reason for error in errors]
    assert len(reasons) == 5
    # the stud export writes no cards dealt
    assert sum("the stud hand writes no cards dealt" in reason for reason in reasons) == 1
    # the files' own: the "ante.raise" cash file has a raise among the blinds before the small
    # blind is posted (twice); a freeroll hand writes an all-in for less as "raises 230 to
    # 2610"; the Omaha freeroll's hand 5 has lost its blinds and preflop lines
    assert sum("acts out of turn" in reason for reason in reasons) == 3
    assert sum("raises when every other player has folded" in reason for reason in reasons) == 1
