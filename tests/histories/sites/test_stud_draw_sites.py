"""The other sites' stud and draw hands read into the one engine: Full Tilt's seven-card stud,
stud hi/lo and razz replayed to the site's totals, its draw games read into ``draw`` actions
(the draw replay is another branch's), five-card stud refused by name. Fixtures written in each
site's format with results worked out by hand (comments), and the shared sample's files."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerscore.histories.draft import site_cards
from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay
from pokerscore.histories.results import history_results
from tests.shared_sample import HAND_HISTORIES, needs_sample

DATA = Path(__file__).parents[2] / "data" / "histories" / "sites"
SITES = HAND_HISTORIES / "sites"


def _nets(result: HandResult) -> dict[str, float]:
    return {player.player: round(player.net, 2) for player in result.players}


def _one(path: Path) -> HandHistory:
    (hand,) = read_histories(path)
    assert isinstance(hand, HandHistory), hand
    return hand


def test_a_full_tilt_stud_hand_is_dealt_street_by_street_and_replays_to_the_sites_totals() -> None:
    hand = _one(DATA / "fulltilt" / "stud.txt")
    assert (hand.variant, hand.game, hand.bring_in, hand.min_bet, hand.big_bet) == (
        "F7S",
        "stud",
        25,
        100,
        200,
    )
    assert [seat.name for seat in hand.seats] == ["Ann", "Bob", "Cat"]  # the seats' order
    deals = [(hand.names[a.actor or 0], a.cards) for a in hand.actions if a.kind == "deal-hole"]
    assert deals[0] == ("Ann", site_cards("9s9d4c"))  # [9s 9d] [4c]: down cards, then up
    assert deals[1] == ("Bob", site_cards("????2d"))
    assert deals[-2:] == [("Ann", site_cards("9h")), ("Cat", site_cards("??"))]  # seventh
    errors: list[HandHistoryError] = []
    (result,) = history_results(DATA / "fulltilt" / "stud.txt", on_error=errors.append)
    assert not errors and not result.disagreements
    # Bob (2d) brings in 0.25, Cat completes to 1, Ann raises to 2, Bob folds, Cat calls; Ann
    # bets 1 and raises to 4 on seventh, Cat bets 2 on fifth: 9.10 each with the ante, Bob
    # 0.35; Ann's nines take 18.55 less 0.55 rake
    assert _nets(result) == {"Ann": 8.9, "Bob": -0.35, "Cat": -9.1}


@needs_sample
@pytest.mark.parametrize(
    ("name", "nets"),
    [
        # goulartarm (3s) brings in 1, bllodshot completes to 3, all fold: 2 comes back and
        # bllodshot takes the eight antes of 0.50 and the 1 he called
        (
            "7-Stud-USD-3-6-20106.Steal.from.HJ.Success.txt",
            {"bllodshot": 4.5, "kwuiyhw": -0.5, "chasrigg": -0.5, "goulartarm": -1.5,
             "Hero": -0.5, "arjun1111": -0.5, "thebear666": -0.5, "FILL A RACK": -0.5},
        ),
        (
            "7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt",
            {"bllodshot": -0.5, "kwuiyhw": 4.0, "chasrigg": -0.5, "goulartarm": -1.5,
             "Hero": -0.5, "thebear666": -0.5, "FILL A RACK": -0.5},
        ),
    ],
)  # fmt: skip
def test_full_tilts_shared_stud_hands_replay_to_the_sites_totals(
    name: str, nets: dict[str, float]
) -> None:
    result = replay(_one(SITES / "FTP" / "cash" / name))
    assert not result.disagreements and _nets(result) == nets


@needs_sample
def test_full_tilts_draw_hands_are_read_into_draw_actions() -> None:
    badugi = _one(SITES / "FTP" / "cash" / "Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt")
    assert (badugi.variant, badugi.game) == ("FB", "badugi")
    draws = [
        (badugi.names[a.actor or 0], a.discarded, a.cards)
        for a in badugi.actions
        if a.kind == "draw"
    ]
    assert draws == [  # Hero's discards and draws as written; Player2's unseen
        ("Hero", site_cards("7s"), site_cards("2h")),
        ("Player2", site_cards("????"), site_cards("????")),
        ("Hero", site_cards("7h"), site_cards("Qs")),
        ("Player2", site_cards("??"), site_cards("??")),
        ("Hero", site_cards("Qs"), site_cards("Js")),
        ("Player2", site_cards("??"), site_cards("??")),
    ]
    single = _one(SITES / "FTP" / "cash" / "1-Draw-NL-USD-0.10-0.20-201103.txt")
    assert (single.variant, single.game) == ("N2L1D", "deuce-to-seven-single-draw")
    assert [a.discarded for a in single.actions if a.kind == "draw"][-1] == site_cards("AhTs")
    assert (single.total_pot, single.rake) == (365, 18)


@needs_sample
def test_full_tilts_five_card_stud_is_refused_by_name() -> None:
    (hand,) = read_histories(SITES / "FTP" / "tournament" / "5-Stud-USD-MTT-100-201303.txt")
    assert isinstance(hand, HandHistoryError)
    assert hand.reason.startswith("Limit 5 Card Stud is not replayed here yet")


@needs_sample
@pytest.mark.parametrize(
    ("name", "nets"),
    [
        # antes 10, Player0 (Td) brings in 10, Hero completes to 40, Player0 calls; 40, 80, 80
        # and 80 more each: 330 each, the 660 pot less 1 to Player0's kings up (no low)
        ("7-StudHL-USD-40-80-202101.txt", {"Player0": 329, "Hero": -330}),
        # Player0 (Tc) brings in 10 and calls Hero's 40, folds to Hero's next 40 (returned):
        # the 100 pot less 1 to Hero
        ("Razz-USD-40-80-202101.txt", {"Player0": -50, "Hero": 49}),
    ],
)
def test_kings_clubs_shared_stud_hands_replay_to_the_sites_end_stacks(
    name: str, nets: dict[str, float]
) -> None:
    hand = _one(SITES / "KingsClub" / "cash" / name)
    assert hand.finishing_stacks is not None  # the summary's stacks: the record compared
    result = replay(hand)
    assert not result.disagreements and _nets(result) == nets
    first = next(a.cards for a in hand.actions if a.kind == "deal-hole")
    assert first[:2] == (None, None) and first[2] is not None  # [X X Td]: the up card seen


@needs_sample
def test_kings_clubs_draw_lines_are_read_into_draw_actions() -> None:
    hand = _one(SITES / "KingsClub" / "cash" / "2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt")
    assert (hand.variant, hand.game) == ("F2L3D", "deuce-to-seven-triple-draw")
    draws = [(hand.names[a.actor or 0], a.discarded, a.cards) for a in hand.actions
             if a.kind == "draw"]  # fmt: skip
    assert draws == [
        ("Hero", site_cards("TsJh"), site_cards("3c6c")),  # discards [Ts Jh] draws [3c 6c]
        ("Player0", site_cards("????"), site_cards("????")),  # draws 2
        ("Hero", site_cards("6c"), site_cards("2c")),
        ("Player0", (), ()),  # stands pat
        ("Hero", (), ()),
        ("Player0", (), ()),
    ]


@needs_sample
@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("2-7 Drawmaha-FL-USD-60-120-202108.showdown.txt", "Limit 2-7 Drawmaha is not replayed"),
        ("A5-1-Draw-Limit-USD-50-100-202102.txt", "Limit A-5 Single Draw is not replayed"),
        ("NL-2-7-SD-USD-25-50-202108.3.RIT.txt", "a draw run more than once is not replayed"),
    ],
)
def test_kings_clubs_other_draw_games_are_refused_by_name(name: str, reason: str) -> None:
    (hand,) = read_histories(SITES / "KingsClub" / "cash" / name)
    assert isinstance(hand, HandHistoryError) and reason in hand.reason


@needs_sample
def test_winamaxs_triple_draw_is_read_and_its_stud_export_without_cards_refused() -> None:
    folder = SITES / "Winamax" / "cash"
    hand = _one(folder / "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt")
    assert (hand.variant, hand.game, hand.min_bet, hand.big_bet) == ("F2L3D", "deuce-to-seven-triple-draw", 2500, 5000)  # fmt: skip
    deals = [(hand.names[a.actor or 0], a.cards) for a in hand.actions if a.kind == "deal-hole"]
    assert deals == [("Hero", site_cards("2hTd8c7c8s")), ("Player0", (None,) * 5)]  # [X X X X X]
    draws = [(a.discarded, a.cards) for a in hand.actions if a.kind == "draw"]
    assert draws == [((), ())] * 6  # both stand pat three times ("stands pat [2h Td 8c 7c 8s]")
    # Player0 collects 298 with his last bet of 50 nobody called: taken back as returned
    assert hand.returned is not None and [r[:2] for r in hand.returned] == [(1, 5000)]
    (stud,) = read_histories(folder / "7-Stud-6max-play-0.5-0.10-201606.export.txt")
    assert isinstance(stud, HandHistoryError)
    assert "the stud hand writes no cards dealt" in stud.reason
