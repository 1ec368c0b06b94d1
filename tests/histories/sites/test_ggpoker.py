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


def test_straddles_run_it_twice_fees_short_deck_and_an_ev_cash_out() -> None:
    errors: list[HandHistoryError] = []
    twice, over_straddle, cash_out, short = history_results(
        DATA / "cash.txt", on_error=errors.append
    )
    assert errors == []
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
    # Hero's aces, all in against a set, cashed out at the flop: Hero receives $16.50 from the
    # site whatever the pot does (the sevens hold and take the $198 left after $2.50 rake)
    assert not cash_out.disagreements
    assert nets(cash_out) == {"1a2b3c4d": 98, "Hero": -83.5, "9f8e7d6c": -0.5}
    assert {p.player: p.won for p in cash_out.players}["Hero"] == 16.5


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


def _cashed_out_winner(risk: str) -> str:
    """The cash-out hand of the fixture with the cards swapped: Hero's sevens hold, and Hero,
    who cashed out at the flop, pays back ``risk`` of the $198 collected."""
    text = (DATA / "cash.txt").read_text()
    start = text.index("Poker Hand #HD100000003")
    hand = text[start : text.index("Poker Hand #SD100000004")]
    return (
        hand.replace("[Ah Ad]", "[7c 7d]")
        .replace("1a2b3c4d: shows [7c 7d]", "1a2b3c4d: shows [Ah Ad]")
        .replace("Hero: Receives Cashout ($16.5)", f"Hero: Pays Cashout Risk (${risk})")
        .replace("1a2b3c4d collected", "Hero collected")
    )


def test_an_ev_cash_out_won_pays_its_risk_back(tmp_path: Path) -> None:
    path = tmp_path / "gg.txt"
    path.write_text(_cashed_out_winner("20"))
    (won,) = history_results(path)
    assert not won.disagreements
    assert nets(won) == {"1a2b3c4d": -100, "Hero": 78, "9f8e7d6c": -0.5}
    # a risk beyond the pot collected, or a cash-out chosen with no amount: refused, never
    # silently read as a plain pot
    path.write_text(
        _cashed_out_winner("199")
        + _cashed_out_winner("1").replace("Hero: Pays Cashout Risk ($1)\n", "")
    )
    errors: list[HandHistoryError] = []
    assert list(history_results(path, on_error=errors.append)) == []
    assert [(error.reason, error.line) for error in errors] == [
        ("'Hero' pays a cash-out's risk beyond what they collected", 1),
        ("money outside the pot with no amount written", 40),
    ]


def test_an_all_in_insurance_is_kept_beside_the_pot(tmp_path: Path) -> None:
    """The premium GGPoker writes after the river: the pot replayed as played, the premium kept
    in the hand's fields; a wording of insurance money not known is refused."""
    text = _cashed_out_winner("20").replace("Hero: Chooses to EV Cashout\n", "")
    insured = text.replace(
        "Hero: Pays Cashout Risk ($20)",
        "Hero: get an all-in insurance (premium ($0/$4/$0) for ($0/$10.8/$0)"
        " - (Mandatory/Main/Sub))",
    ).replace("*** SHOWDOWN ***", "Hero: pay premium of all-in insurance ($4)\n*** SHOWDOWN ***")
    path = tmp_path / "gg.txt"
    unknown = insured.replace("pay premium of", "receives an")
    path.write_text(insured + unknown + unknown.replace("Hero: get an", "Hero: got an"))
    errors: list[HandHistoryError] = []
    (result,) = history_results(path, on_error=errors.append)
    assert nets(result) == {"1a2b3c4d": -100, "Hero": 98, "9f8e7d6c": -0.5}
    assert result.hand.fields["insurance"] == {"Hero": "-4"}
    # the third holds no line the compiled reader knows: it leaves the hand to GGPoker's
    # reader by the words "all-in insurance" alone
    assert [error.reason for error in errors] == [
        "all-in insurance (money settled outside the pot) is not replayed"
    ] * 2


@needs_sample
@pytest.mark.slow
def test_every_shared_ggpoker_hand_is_replayed_or_refused_with_its_reason() -> None:
    errors: list[HandHistoryError] = []
    found = list(history_results(SHARED, on_error=errors.append))
    assert len(found) == 57 and not errors
    assert not [result for result in found if result.disagreements]
    assert all(result.hand.time for result in found)
    # the all-in insurance: a premium of $4 paid by the winner outside the $37.50 pot
    (insured,) = [result for result in found if "insurance" in result.hand.fields]
    assert insured.hand.fields["insurance"] == {"23aca38f": "-4"}
    assert nets(insured) == {
        "23aca38f": 20.5, "b673c93c": -3.5, "6da5da63": 0, "e0ced697": 0, "b84ff923": 0,
        "Hero": -17,
    }  # fmt: skip
