"""GGPoker's text, from a fixture written in its format: the results per player are worked out
by hand from the fixture's text (comments)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.reading import file_format_of, read_histories
from pokerscore.histories.results import history_results
from tests.shared_sample import HAND_HISTORIES, needs_sample

DATA = Path(__file__).parents[2] / "data" / "histories" / "sites" / "ggpoker"
SHARED = HAND_HISTORIES / "sites" / "GGPoker"


def nets(result: HandResult) -> dict[str, float]:
    return {player.player: round(player.net, 2) for player in result.players}


def test_ggpoker_is_told_from_its_head() -> None:
    assert file_format_of(DATA / "cash.txt") == "ggpoker"


def test_straddles_run_it_twice_fees_short_deck_and_a_cash_out_refused() -> None:
    errors: list[HandHistoryError] = []
    twice, over_straddle, short = history_results(DATA / "cash.txt", on_error=errors.append)
    assert not twice.disagreements and not over_straddle.disagreements
    assert not short.disagreements
    hand = twice.hand
    assert (hand.site, hand.hand_id, hand.time) == ("GGPoker", "HD100000001", "2021-04-13T10:03:48")
    assert [seat.blind for seat in hand.seats] == [50, 100, 200, 0]  # the straddle, in cents
    assert len(twice.boards) == 2
    # 102 in the pot, 2.50 rake and 1 jackpot kept (the jackpot counted as rake): 49.25 a run,
    # Hero's aces take the first, the kings (three of them) the second
    assert nets(twice) == {"Hero": -0.75, "9f8e7d6c": -0.75, "5e5e5e5e": -2, "1a2b3c4d": 0}
    assert twice.rake == 3.5 and hand.fields["fees"] == {"Jackpot": "1", "Bingo": "0"}
    # a second straddle is the whole of it: 10 all in, 9.75 back, the blinds won
    assert over_straddle.hand.variant == "P5O"
    assert nets(over_straddle) == {"Hero": -0.1, "f279d709": -0.25, "9e7f64d4": 0.35}
    # short deck as GGPoker ranks it: the straight (A K Q J T) beats three tens
    assert short.hand.game == "short-deck-straight-over-trips"
    assert nets(short) == {"aaa111": 50, "bbb222": -50}
    (cash_out,) = errors
    assert cash_out.hand == 3 and "EV cash-out" in cash_out.reason


def test_hidden_players_are_dealt_in_without_cards() -> None:
    hand = next(iter(read_histories(DATA / "cash.txt")))
    assert isinstance(hand, HandHistory)
    assert len(hand.seats) == 4
    assert [a.cards for a in hand.actions if a.kind == "deal-hole"] != []


def test_a_truncated_hand_and_a_huge_amount_are_bad_hands_and_the_rest_read(
    tmp_path: Path,
) -> None:
    text = (DATA / "cash.txt").read_text()
    first, rest = text.split("\nPoker Hand #OM", 1)
    huge = rest.replace("($10 in chips)", "($" + "9" * 90 + " in chips)")
    path = tmp_path / "hostile.txt"
    path.write_text(first[: first.index("*** FIRST FLOP")] + "\nPoker Hand #OM" + huge)
    hands = list(read_histories(path))
    assert isinstance(hands[0], HandHistoryError) and "partial hand" in hands[0].reason
    assert isinstance(hands[1], HandHistoryError) and "not an amount" in hands[1].reason
    assert isinstance(hands[3], HandHistory)


@needs_sample
@pytest.mark.slow
def test_every_shared_ggpoker_hand_is_replayed_or_refused_with_its_reason() -> None:
    errors: list[HandHistoryError] = []
    found = list(history_results(SHARED, on_error=errors.append))
    assert len(found) == 56 and not [result for result in found if result.disagreements]
    assert all(result.hand.time for result in found)
    # the one refusal: all-in insurance, a premium paid outside the pot
    assert [error.reason for error in errors] == [
        "line 124: all-in insurance (a premium paid outside the pot) is not replayed"
    ]
