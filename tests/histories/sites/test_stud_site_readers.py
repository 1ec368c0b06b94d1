"""Seven-card stud and stud hi/lo read by the Everleaf, iPoker and Bovada readers (the stud
helpers of ``histories/draft.py``): fixtures written in each site's format, each outcome worked
out by hand from the text (comments); the shared sample's stud files (skipped where absent);
the stakes a Bovada hand's play shows, and the hands refused with their reason."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pokerscore.histories.draft import DOUBLE_BET, HandDraft, site_cards, stud_bets
from pokerscore.histories.model import HandHistory, HandHistoryError

from .site_runs import DATA, Run, nets, run, shared_folder


def _deals(hand: HandHistory) -> list[tuple[str, tuple[object, ...]]]:
    return [(hand.names[a.actor or 0], a.cards) for a in hand.actions if a.kind == "deal-hole"]


def _first_moves(hand: HandHistory, count: int) -> list[tuple[str, str, int | None]]:
    moves = [a for a in hand.actions if a.kind not in ("deal-hole", "show", "muck")]
    return [(a.kind, hand.names[a.actor or 0], a.amount) for a in moves[:count]]


def _refused(done: Run) -> list[tuple[int | None, str]]:
    return [(error.hand, error.reason) for error in done.refused]


def test_everleaf_stud_hands_replay_to_the_sites_payouts() -> None:
    done = run(DATA / "everleaf" / "stud-cp1252.txt")  # cp1252 bytes: the euro sign one byte
    showdown, completed = done.results
    hand = showdown.hand
    # the header's stakes are the small and big bets; "posts bring-in €0.05." the bring-in
    assert (hand.variant, hand.min_bet, hand.big_bet, hand.bring_in, hand.currency) == (
        "F7S", 10, 20, 5, "EUR"
    )  # fmt: skip
    deals = _deals(hand)
    # Ann saved the file: her three cards; the others' up card alone; seventh street's down card
    # written for Ann only, Cy's dealt unseen
    assert deals[:3] == [
        ("Ann", site_cards("KhKd9s")), ("Bob", site_cards("????2c")), ("Cy", site_cards("????Qh")),
    ]  # fmt: skip
    assert deals[-2:] == [("Ann", site_cards("Ks")), ("Cy", site_cards("??"))]
    # Bob (2c, the lowest) brings in 0.05, Cy completes to 0.10, Ann raises [0.20]: to 0.20
    assert _first_moves(hand, 3) == [
        ("bring-in", "Bob", None), ("bet-raise", "Cy", 10), ("bet-raise", "Ann", 20),
    ]  # fmt: skip
    # antes 0.06, Bob's 0.05, 0.20 + 0.10 + 0.20 + 0.40 each from Ann and Cy: 1.91; Ann's kings
    # beat Cy's aces, 1.85 paid (0.06 raked)
    assert nets(showdown) == {"Ann": 0.93, "Bob": -0.07, "Cy": -0.92}
    assert round(showdown.rake, 2) == 0.06
    # Bob (3h, the lowest) completes ("bets [0.10]") without a bring-in line: no bring-in
    # written; Dee folds, Bob takes the antes
    assert completed.hand.bring_in == 0
    assert _first_moves(completed.hand, 1) == [("bet-raise", "Bob", 10)]
    assert nets(completed) == {"Bob": 0.02, "Dee": -0.02}
    assert not done.disagreements
    # the third: Bob bets [0.20], the big bet, on fourth street with his open eights
    assert _refused(done) == [(3, DOUBLE_BET)] and done.refused[0].line == 84


def test_ipoker_stud_hands_replay_to_the_sites_totals() -> None:
    done = run(DATA / "ipoker" / "stud.xml")
    (showdown,) = done.results
    hand = showdown.hand
    assert (hand.variant, hand.min_bet, hand.big_bet, hand.bring_in) == ("F7S", 10, 20, 5)
    # a stud table has no button: the seats in their order (Bob's dealer="1" is no button)
    assert [seat.name for seat in hand.seats] == ["Hero", "Ann", "Bob"]
    deals = _deals(hand)
    # "X X C2": Ann's two down cards unseen; Bob showed down: his three written in full
    assert deals[:3] == [
        ("Hero", site_cards("KhKd9s")), ("Ann", site_cards("????2c")), ("Bob", site_cards("AcAdQh")),
    ]  # fmt: skip
    # the actions in their "no" order: Ann (2c) brings in (type 16), Bob completes to 0.10 and
    # Hero raises to 0.20 (type 23, "to"), Ann folds
    assert _first_moves(hand, 4) == [
        ("bring-in", "Ann", None), ("bet-raise", "Bob", 10), ("bet-raise", "Hero", 20),
        ("fold", "Ann", None),
    ]  # fmt: skip
    # as the Everleaf fixture's first hand: a 1.91 pot, Hero's "win" 1.85 (0.06 raked)
    assert nets(showdown) == {"Hero": 0.93, "Ann": -0.07, "Bob": -0.92}
    assert not done.disagreements
    # the second: Ann bets 0.20, the big bet, on fourth street with her open tens
    assert _refused(done) == [(2, DOUBLE_BET)]


def test_bovada_stud_stakes_come_from_the_play() -> None:
    done = run(DATA / "bovada" / "stud.txt")
    plain, hi_lo = done.results
    hand = plain.hand
    # no stakes in the header: Seat+1's completion to 0.10 and Hero's raise by 0.10 on third
    # street are by the small bet, the 0.20 bets of fifth and seventh by the big bet
    assert (hand.variant, hand.min_bet, hand.big_bet, hand.bring_in) == ("F7S", 10, 20, 5)
    # seats named Seat+n (the file's own player Hero), in the order of their numbers
    assert [(seat.name, seat.seat) for seat in hand.seats] == [("Seat+1", 1), ("Hero", 2), ("Seat+4", 4)]  # fmt: skip
    # no street lines: each street starts at its first card dealt after a move
    assert [cards for name, cards in _deals(hand) if name == "Hero"] == [
        site_cards("KhKd9s"), *map(site_cards, ("3d", "7c", "4h", "Ks")),
    ]  # fmt: skip
    assert _first_moves(hand, 3) == [
        ("bring-in", "Seat+4", None), ("bet-raise", "Seat+1", 10), ("bet-raise", "Hero", 20),
    ]  # fmt: skip
    assert nets(plain) == {"Seat+1": -0.92, "Hero": 0.93, "Seat+4": -0.07}
    # hi/lo with street lines: Seat+3 (3s, the lowest) completes to 0.25 with no bring-in line;
    # Hero bets 0.50 on fifth. Pot 0.10 + 0.50 + 1.00 = 1.60, 0.08 raked: Hero's three kings
    # take the high half, Seat+3's 8-4-3-2-A the low, 0.76 each
    assert (hi_lo.hand.variant, hi_lo.hand.min_bet, hi_lo.hand.big_bet, hi_lo.hand.bring_in) == (
        "F7S/8", 25, 50, 0
    )  # fmt: skip
    assert nets(hi_lo) == {"Seat+3": -0.04, "Hero": -0.04}
    assert not done.disagreements
    # the third makes no bet on fifth to seventh street: the big bet unknown, not guessed
    ((number, reason),) = _refused(done)
    assert number == 3 and reason.startswith("no stakes: the header gives none")
    assert "no bet of the big bet" in reason


def test_stud_bets_refuses_two_sizes_of_one_bet() -> None:
    draft = HandDraft("", 1, 1, game="stud")
    deal = ("deal-hole", "Ann", None, (), 0, 1, False)
    draft.actions = [
        deal,
        ("bet-raise", "Ann", Decimal("0.10"), (), 0, 2, False),
        ("bet-raise", "Bob", Decimal("0.30"), (), 0, 3, False),  # a raise by 0.20
    ]
    with pytest.raises(HandHistoryError, match=r"the small bet is made of 0\.10, 0\.20"):
        stud_bets(draft)
    draft.actions[2] = ("bet-raise", "Bob", Decimal("0.30"), (), 0, 3, True)  # all in: no size
    assert stud_bets(draft) == (Decimal("0.10"), None)


def _shared(site: str, name: str) -> Run:
    return run(shared_folder(site) / "cash" / name)


def test_everleafs_shared_stud_file() -> None:
    done = _shared("Everleaf", "7-Stud-EUR-0.05-0.10.201108-new-format.txt")
    assert [nets(result) for result in done.results] == [
        # EricBlade brings in 0.02, MOURINHO_ completes to 0.05, EricBlade calls; MOURINHO_'s
        # 0.05 on fourth is not called: the antes and 0.10, 0.12, no rake
        {"MOURINHO_": 0.06, "EricBlade": -0.06},
        # MOURINHO_ (2d) completes with no bring-in; 0.15 each on third, 0.05 on fourth: 0.42,
        # 0.40 paid to his jacks
        {"MOURINHO_": 0.19, "EricBlade": -0.21},
        {"MOURINHO_": 0.19, "EricBlade": -0.21},  # as the second, EricBlade folds on fifth
        {"MOURINHO_": 0.24, "EricBlade": -0.26},  # 0.52, 0.50 paid
        # 0.01 + 0.10 + 0.05 + 0.10 + 0.10 each: 0.72, 0.69 to EricBlade's jacks
        {"MOURINHO_": -0.36, "EricBlade": 0.33},
    ]
    assert not done.disagreements
    # the sixth: MOURINHO_ raises [0.15] over a 0.05 bet on fourth, EricBlade's fours showing
    assert _refused(done) == [(6, DOUBLE_BET)]


def test_ipokers_shared_stud_file() -> None:
    done = _shared("iPoker", "7-StudL-USD-0.05-0.10-201009.txt")
    first, second = (nets(result) for result in done.results)
    # Hero brings in 0.02, two call, three check to the end: seven antes and 0.06, Hero's two
    # pair take all 0.13
    assert first["Hero"] == 0.10 and first["Qekz406"] == first["Zsuzsanna"] == -0.03
    # FENGLIUDUSHENG (2s) brings in, five call; komanchi7 bets 0.05 on fourth (two call) and
    # 0.10 on fifth, not called: 0.34 in the pot, 0.33 paid
    assert second["komanchi7"] == 0.25 and second["axi0matic"] == second["Zsuzsanna"] == -0.08
    assert not done.disagreements and not done.refused


def test_bovadas_shared_stud_files() -> None:
    done = _shared("Bovada", "7-Stud-USD-2.00-4.00-201205.txt")
    (result,) = done.results
    # the third hand: 0.05 bets and raises on fourth, 0.10 on fifth: the stakes 0.05/0.10;
    # 0.47 in the pot, Hero's queens paid 0.45
    assert (result.hand.number, result.hand.min_bet, result.hand.big_bet) == (3, 5, 10)
    assert nets(result) == {"Seat+1": -0.01, "Hero": 0.22, "Seat+5": -0.23}
    assert [number for number, _ in _refused(done)] == [1, 2, 4]
    done = _shared("Bovada", "7-StudHL-USD-0.25-0.50-201209.txt")
    (hi_lo,) = done.results
    # Seat+1 (2s) completes to 0.25 with no bring-in line; 2.05 from Seat+1 and Seat+4 each,
    # 0.55 from Seat+5, 0.35 of antes: 4.85, 0.20 raked, 2.32 low and 2.33 high
    assert nets(hi_lo) == {
        "Seat+1": 0.27, "Hero": -0.05, "Seat+3": -0.05, "Seat+4": 0.28, "Seat+5": -0.55,
        "Seat+6": -0.05, "Seat+8": -0.05,
    }  # fmt: skip
    assert not done.disagreements and not done.refused
