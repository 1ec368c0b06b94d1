"""PokerStars' stud, stud hi/lo and razz read into the one engine: fixtures written in
PokerStars' stud layout (``tests/data/histories/pokerstars-stud.txt``), each player's result
worked out by hand from the text (in the comments), and the shared sample's stud files."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerscore.cards import Card
from pokerscore.histories.draft import site_cards
from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.pokerstars import parse_pokerstars
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay
from pokerscore.histories.results import history_results
from tests.shared_sample import HAND_HISTORIES, needs_sample

STUD = Path(__file__).parents[1] / "data" / "histories" / "pokerstars-stud.txt"
SHARED = HAND_HISTORIES / "sites" / "Stars"


def _hands() -> list[HandHistory]:
    hands = list(read_histories(STUD))
    assert all(isinstance(hand, HandHistory) for hand in hands)
    return hands  # type: ignore[return-value]


def _nets(result: HandResult) -> dict[str, float]:
    return {player.player: round(player.net, 2) for player in result.players}


def _cards(text: str) -> tuple[Card | None, ...]:
    return site_cards(text)


def test_a_stud_hand_is_read_street_by_street_in_the_engines_order() -> None:
    hand = _hands()[0]
    assert (hand.variant, hand.game, hand.betting) == ("F7S", "stud", "fixed-limit")
    assert [seat.name for seat in hand.seats] == ["Ann", "Bob", "Cat"]  # seats 2, 4, 7: no button
    assert [seat.ante for seat in hand.seats] == [10, 10, 10]
    assert (hand.bring_in, hand.min_bet, hand.big_bet) == (25, 100, 200)
    deals = [
        (hand.names[action.actor], action.cards)
        for action in hand.actions
        if action.kind == "deal-hole" and action.actor is not None
    ]
    assert deals[:3] == [
        ("Ann", _cards("9s 9d 4c")),
        ("Bob", _cards("?? ?? 2d")),  # two down cards nobody saw, the up card
        ("Cat", _cards("?? ?? Kh")),
    ]
    assert deals[3:5] == [("Ann", _cards("Qc")), ("Cat", _cards("7s"))]  # the new card only
    assert deals[-2:] == [("Ann", _cards("9h")), ("Cat", (None,))]  # seventh street: down
    kinds = [action.kind for action in hand.actions if action.actor == 1]
    assert kinds == ["deal-hole", "bring-in", "fold"]


def test_stud_stud_hi_lo_and_razz_replay_to_the_sites_totals() -> None:
    stud, hi_lo, razz = (replay(hand) for hand in _hands())
    assert not stud.disagreements and not hi_lo.disagreements and not razz.disagreements
    # Bob (2d) brings in 0.25, Cat completes to 1, Ann raises to 2, Bob folds, Cat calls; Ann
    # bets 1 and 4 later, Cat 2 on fifth: each puts in 9.10 with the ante, Bob 0.35; Ann's
    # nines take the 18.55 pot less 0.55 rake
    assert _nets(stud) == {"Ann": 8.9, "Bob": -0.35, "Cat": -9.1}
    assert stud.rake == pytest.approx(0.55)
    # Eve's kings take the high half, Dee's 8-4-3-2-A the low half of 264 (antes 4 each, 40,
    # 40 and 40 from both, Eve's last 6 all in): 132 each against 130 put in
    assert _nets(hi_lo) == {"Dee": 2, "Eve": 2, "Fay": -4}
    # razz: Hal (Kc, the highest up card) completes to 2 rather than bringing in, Gus raises
    # to 4 and his 2 uncalled come back: he takes the antes and Hal's 2
    assert _nets(razz) == {"Gus": 2.8, "Hal [7]": -2.4, "Ivy": -0.4}
    flags = [(player.vpip, player.pfr) for player in stud.players]
    assert flags == [(True, True), (False, False), (True, True)]  # a bring-in is neither


def test_the_fast_path_gives_the_same_results() -> None:
    errors: list[HandHistoryError] = []
    found = list(history_results(STUD, on_error=errors.append))
    assert not errors
    assert [_nets(result) for result in found] == [_nets(replay(hand)) for hand in _hands()]


def test_a_stud_move_out_of_turn_is_refused_by_the_engine() -> None:
    """Fourth street opens with the best hand showing: Cat's king, not Ann's queen."""
    lines = STUD.read_text().split("\n\n\n\n")[0].splitlines()
    at = lines.index("Cat: checks")
    lines[at : at + 3] = ["Ann: bets $1", "Cat: calls $1"]
    hand = parse_pokerstars(lines)
    with pytest.raises(HandHistoryError, match="Ann"):
        replay(hand)


def test_a_dealt_to_line_names_a_player_with_brackets_in_the_name() -> None:
    razz = _hands()[2]
    deals = [action for action in razz.actions if action.kind == "deal-hole"]
    assert [(razz.names[a.actor or 0], a.cards) for a in deals][1] == (
        "Hal [7]",
        _cards("?? ?? Kc"),
    )


def test_a_stud_table_line_without_a_button_is_read_only_in_stud() -> None:
    header = "PokerStars Hand #3: Hold'em Limit ($1/$2 USD) - 2024/03/05 21:30:00 ET"
    with pytest.raises(HandHistoryError, match="no button"):
        parse_pokerstars([header, "Table 'Mira' 8-max", "Seat 1: Ann ($20 in chips)"])


@needs_sample
@pytest.mark.parametrize(
    ("name", "nets"),
    [
        # Hero 3-bets third street to 1200 and bets 400 and 800; Player0 folds to the last:
        # the pot of 3320 less 2 rake
        ("cash/7-StudHL-USD-400-800-201701.3bet.fix.txt", {"Hero": 1658, "Player0": -1660}),
        # PC [Mittel]'s 9-5-4-2-A beats Hero's T-5-3-2-A; three players put in 360 each
        (
            "tournament/Razz-8max-USD-200-15-201009.bracket.in.alias.txt",
            {
                "Player0": -10,
                "Player1": -10,
                "Hero": -360,
                "Player2": -360,
                "Player3": -10,
                "Player4": -10,
                "Player5": -25,
                "PC [Mittel]": 785,
            },
        ),
    ],
)
def test_the_shared_stud_hands_replay_to_the_sites_totals(name: str, nets: dict[str, int]) -> None:
    (hand,) = read_histories(SHARED / name)
    assert isinstance(hand, HandHistory)
    result = replay(hand)
    assert not result.disagreements
    assert _nets(result) == nets


@needs_sample
def test_the_shared_triple_stud_hand_with_a_card_written_of_is_refused() -> None:
    (hand,) = read_histories(SHARED / "tournament" / "Triple-Stud-USD-2.00-0.20-MTT-201301.txt")
    assert isinstance(hand, HandHistoryError)
    assert "invalid card 'of'" in hand.reason
