"""PokerStars' draw games (2-7 triple draw, 2-7 single draw, badugi) read into ``HandHistory``s
with ``draw`` actions: fixtures written in PokerStars' draw layout
(``tests/data/histories/draw/pokerstars-draw.txt``) and the shared sample's draw files, checked by the
hand each gives (replayed: ``test_pokerstars_draw_replay.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerscore.cards import Card
from pokerscore.histories.draft import site_cards
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import parse_pokerstars
from pokerscore.histories.reading import read_histories
from tests.shared_sample import HAND_HISTORIES, needs_sample

DRAW = Path(__file__).parents[1] / "data" / "histories" / "draw" / "pokerstars-draw.txt"
"""In a folder of its own, apart from the fixtures the tests of every fixture of ``data/histories``
take (their pinned counts)."""
SHARED = HAND_HISTORIES / "sites" / "Stars"


def draw_hands() -> list[HandHistory]:
    hands = list(read_histories(DRAW))
    assert all(isinstance(hand, HandHistory) for hand in hands)
    return hands  # type: ignore[return-value]


def _moves(hand: HandHistory) -> list[tuple[str, str, str, str]]:
    """Each deal and draw as (player, kind, cards thrown, cards given), ``??`` unseen."""

    def text(cards: tuple[Card | None, ...]) -> str:
        return " ".join("??" if card is None else str(card) for card in cards)

    return [
        (hand.names[action.actor or 0], action.kind, text(action.discarded), text(action.cards))
        for action in hand.actions
        if action.kind in ("deal-hole", "draw")
    ]


def test_a_triple_draw_hand_deals_everyone_and_draws_in_the_sites_order() -> None:
    hand = draw_hands()[0]
    assert (hand.variant, hand.game, hand.betting) == (
        "F2L3D",
        "deuce-to-seven-triple-draw",
        "fixed-limit",
    )
    assert [seat.name for seat in hand.seats] == ["Ann", "Bob", "Cat"]  # from the small blind
    assert (hand.min_bet, hand.big_bet, hand.small_blind, hand.big_blind) == (10, 20, 5, 10)
    assert _moves(hand) == [
        ("Ann", "deal-hole", "", "2c 3d 4h 9s Kd"),
        ("Bob", "deal-hole", "", "?? ?? ?? ?? ??"),
        ("Cat", "deal-hole", "", "?? ?? ?? ?? ??"),
        ("Ann", "draw", "9s Kd", "7c 8h"),  # the cards thrown, then the ones drawn
        ("Bob", "draw", "??", "??"),
        ("Cat", "draw", "?? ?? ??", "?? ?? ??"),
        ("Ann", "draw", "", ""),  # standing pat
        ("Cat", "draw", "??", "??"),
        ("Ann", "draw", "", ""),
        ("Cat", "draw", "??", "??"),
    ]
    shows = [(hand.names[a.actor or 0], a.cards) for a in hand.actions if a.kind == "show"]
    assert shows == [("Cat", site_cards("2s3s5c6d8d")), ("Ann", site_cards("2c3d4h7c8h"))]
    # the site's record: Cat takes the 1.60 pot less 0.08 rake
    assert (hand.total_pot, hand.rake, hand.winnings) == (160, 8, (0, 0, 152))


def test_badugi_and_single_draw_hands_read_their_draws_and_the_sites_record() -> None:
    _, badugi, single = draw_hands()
    assert (badugi.variant, badugi.game) == ("FB", "badugi")
    assert _moves(badugi) == [
        ("Dan", "deal-hole", "", "As 2d 3h 4c"),  # four cards each
        ("Eli", "deal-hole", "", "?? ?? ?? ??"),
        ("Flo", "deal-hole", "", "?? ?? ?? ??"),
        ("Dan", "draw", "", ""),
        ("Flo", "draw", "?? ??", "?? ??"),
    ]
    assert badugi.returned is not None and [r[:2] for r in badugi.returned] == [(0, 25)]
    assert (badugi.total_pot, badugi.rake, badugi.winnings) == (125, 5, (120, 0, 0))
    assert (single.variant, single.game, single.betting) == (
        "N2L1D",
        "deuce-to-seven-single-draw",
        "no-limit",
    )
    assert [seat.name for seat in single.seats] == ["Hal", "Gil"]  # heads-up: the big blind first
    assert _moves(single)[2:] == [("Hal", "draw", "Kd", "2c"), ("Gil", "draw", "", "")]
    assert (single.total_pot, single.rake, single.winnings) == (2100, 100, (2000, 0))


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Bob: discards 1 card", "Bob: discards 1 card [9s Kd]", "1 cards discarded, 2 written"),
        ("Bob: discards 1 card", "Bob: discards many cards", "cannot read the discard"),
        ("Dealt to Ann [2c 3d 4h] [7c 8h]", "Dealt to Ann [2c 3d 4h 7c] [8h]",
         "Ann threw away 2 cards and is dealt 1"),
    ],
)  # fmt: skip
def test_a_draw_written_wrong_is_a_bad_hand_with_its_line(old: str, new: str, reason: str) -> None:
    lines = DRAW.read_text().split("\n\n\n\n")[0].replace(old, new).splitlines()
    with pytest.raises(HandHistoryError, match=reason):
        parse_pokerstars(lines)


@needs_sample
def test_the_shared_draw_files_give_every_hands_draws() -> None:
    counts = {}
    for name in (
        "cash/Badugi-USD-0.25-0.50-201009.txt",
        "cash/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt",
        "tournament/2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt",
    ):
        hands = list(read_histories(SHARED / name))
        assert all(isinstance(hand, HandHistory) for hand in hands), name
        counts[name.split("/")[1][:6]] = [
            sum(action.kind == "draw" for action in hand.actions)  # type: ignore[union-attr]
            for hand in hands
        ]
    # counted from the files' discards and stands pat (badugi's second hand: all fold first)
    assert counts == {"Badugi": [13, 0, 7, 10], "Triple": [7], "2-7 Si": [2]}
    (single,) = read_histories(
        SHARED / "tournament" / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"
    )
    assert isinstance(single, HandHistory)
    assert _moves(single)[2:] == [("Player0", "draw", "", ""), ("Hero", "draw", "Qs 5c 2s",
                                                                  "Ks 9d Kd")]  # fmt: skip
