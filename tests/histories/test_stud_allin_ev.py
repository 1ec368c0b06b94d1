"""Stud all-in EV (an all-in before seventh street): each pot valued by the exact count of the
cards still to come, against an oracle written here from the rules (every deal of those cards
from the deck less the cards known at the all-in, eval7's high hands, the lows and the pot split
below) and against ``equity()`` on the same spot. pokerkit plays stud but gives no EV, so it is
no reference here."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import eval7
import pytest

from pokerscore.cards import Card
from pokerscore.games.holdem.equity import equity
from pokerscore.histories.model import HandHistory, HandResult
from pokerscore.histories.phh import parse_phh
from pokerscore.histories.replay import exact_allin_evs, replay

BETTING = ("fold", "check-call", "bet-raise", "bring-in")
STREET_CARDS = {"preflop": 3, "flop": 4, "turn": 5, "river": 6}
"""The cards each player holds when the all-in closes each betting round (third street is the
first round, named as hold'em's)."""


def _high(cards: Sequence[Card]) -> int:
    """Seven cards' best high five (eval7: higher is better)."""
    return int(eval7.evaluate([eval7.Card(str(card)) for card in cards]))


def _ace_low(card: Card) -> int:
    return 1 if card.rank == 12 else card.rank + 2  # ace 1, deuce 2 … king 13


def _razz(cards: Sequence[Card]) -> tuple[object, ...]:
    """Ace-to-five: the best five of seven (lower is better): fewer repeated ranks first, then
    the ranks from the most repeated and highest down; straights and flushes do not count."""

    def key(five: Sequence[Card]) -> tuple[object, ...]:
        counts = Counter(_ace_low(card) for card in five)
        ranks = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
        return tuple(sorted(counts.values(), reverse=True)), tuple(ranks)

    return min(key(five) for five in itertools.combinations(cards, 5))


def _eight(cards: Sequence[Card]) -> tuple[object, ...] | None:
    """Eight or better: five different ranks of eight or lower (ace low), the lowest such five
    by its highest card down; None without one."""
    ranks = sorted({_ace_low(card) for card in cards if _ace_low(card) <= 8})
    if len(ranks) < 5:
        return None
    return min(tuple(sorted(five, reverse=True)) for five in itertools.combinations(ranks, 5))


def _split(amount: Fraction, winners: list[int], shares: dict[int, Fraction]) -> None:
    for seat in winners:
        shares[seat] += amount / len(winners)


Judged = tuple[int, tuple[object, ...] | None]
"""A hand's high (higher is better; razz: 0) and low (lower is better; None: no low)."""


def _judged(variant: str, cards: Sequence[Card]) -> Judged:
    if variant == "FR":
        return 0, _razz(cards)
    return _high(cards), _eight(cards) if variant == "F7S/8" else None


def _pot_split(hands: dict[int, Judged], eligible: list[int]) -> dict[int, Fraction]:
    """Who takes what of one pot (its fraction per seat) on one deal: the best high, or the best
    low alone (razz), or half each to the best high and the best low when one qualifies."""
    shares = dict.fromkeys(eligible, Fraction(0))
    top = max(hands[seat][0] for seat in eligible)
    highs = [seat for seat in eligible if hands[seat][0] == top]
    lows: dict[int, tuple[object, ...]] = {}
    for seat in eligible:
        low = hands[seat][1]
        if low is not None:
            lows[seat] = low
    if not lows:
        _split(Fraction(1), highs, shares)
        return shares
    best_low = min(lows.values())  # type: ignore[type-var]
    low_winners = [seat for seat, low in lows.items() if low == best_low]
    if all(hands[seat][0] == 0 for seat in eligible):  # razz: the low takes it all
        _split(Fraction(1), low_winners, shares)
        return shares
    _split(Fraction(1, 2), highs, shares)
    _split(Fraction(1, 2), low_winners, shares)
    return shares


def _oracle(hand: HandHistory, result: HandResult) -> dict[str, Fraction] | None:
    """Each live player's all-in EV in chips by the rules: None where a live hand is unseen."""
    folded = {action.actor for action in hand.actions if action.kind == "fold"}
    live = [seat for seat in range(len(hand.seats)) if seat not in folded]
    shown = {a.actor: list(a.cards) for a in hand.actions if a.kind == "show" and a.actor in live}
    if set(shown) != set(live) or any(len(cards) != 7 or None in cards for cards in shown.values()):
        return None
    dealt = dict.fromkeys(live, 0)  # the cards each holds when the betting ends: the all-in's
    held = dict.fromkeys(live, 0)
    for action in hand.actions:
        if action.kind == "deal-hole" and action.actor in dealt:
            dealt[action.actor] += len(action.cards)
        elif action.kind in BETTING:
            held = dict(dealt)
    known = {seat: [card for card in shown[seat][: held[seat]] if card] for seat in live}
    taken = {card for cards in known.values() for card in cards}
    deck = [card for card in (Card(n) for n in range(52)) if card not in taken]
    need = [7 - len(known[seat]) for seat in live]
    put_in = [Fraction(player.put_in) for player in result.players]
    # The pots as the replay cuts them (antes dead or trimmed: the final stacks are checked
    # against pokerkit's in test_stud); who takes each on a deal is the oracle's.
    pots = [(Fraction(pot.amount, hand.scale), list(pot.eligible)) for pot in result.pots]
    values = dict.fromkeys(live, Fraction(0))
    deals = 0
    # A seat's hand on a deal depends only on the cards it is dealt: each judged once (on sixth
    # street a seat's 7-card hand is one of some 40, met on every deal of the others' cards).
    judged: dict[tuple[int, tuple[Card, ...]], Judged] = {}
    for cards in itertools.permutations(deck, sum(need)):
        deals += 1
        hands, start = {}, 0
        for seat, count in zip(live, need, strict=True):
            mine = (seat, cards[start : start + count])
            if mine not in judged:
                judged[mine] = _judged(hand.variant, [*known[seat], *mine[1]])
            hands[seat] = judged[mine]
            start += count
        for amount, eligible in pots:
            for seat, share in _pot_split(hands, eligible).items():
                values[seat] += amount * share
    return {hand.seats[seat].name: values[seat] / deals - put_in[seat] for seat in live}


SIXTH_STREET = """variant = '{variant}'
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [31, 100, {third}]
actions = ['d dh p1 {p1[0]}', 'd dh p2 {p2[0]}', 'd dh p3 {p3[0]}', 'p{opener} pb', 'p3 f',
 '{other} cbr 5', 'p{opener} cc', 'd dh p1 {p1[1]}', 'd dh p2 {p2[1]}', 'p1 cbr 5', 'p2 cc',
 'd dh p1 {p1[2]}', 'd dh p2 {p2[2]}', 'p1 cbr 10', 'p2 cc', 'd dh p1 {p1[3]}', 'd dh p2 {p2[3]}',
 'p1 cbr 10', 'p2 cc', 'd dh p1 {p1[4]}', 'd dh p2 {p2[4]}',
 'p1 sm {p1[5]}', 'p2 sm {p2[5]}']
"""


def sixth_street_text(variant: str, *, hidden: bool = False) -> str:
    """Two players in to sixth street, the first all in there (31 chips each, 63 in the pot),
    the third's third-street cards folded; ``hidden``: the second's down cards unseen until
    the show, as a site deals them (test_steps)."""
    p1 = ["AhAd7c", "8c", "Td", "Qs", "6d"]
    p2 = (
        ["KhKd2c", "3d", "9c", "5h", "Kc"]
        if variant != "FR"
        else ["Kh2d3c", "4d", "9c", "5h", "Kc"]
    )
    p1 = [*p1, "".join(p1)]
    p2 = [*p2, "".join(p2)]
    if hidden:
        p2[0], p2[4] = "??" * 2 + p2[0][4:], "??"
    opener = 2 if variant != "FR" else 1  # the lowest up card, razz's highest
    other = "p1" if opener == 2 else "p2"
    return SIXTH_STREET.format(variant=variant, p1=p1, p2=p2, p3=["3s4s9h"], third=50,
                               opener=opener, other=other)  # fmt: skip


def _sixth_street(variant: str) -> HandHistory:
    return parse_phh(sixth_street_text(variant))


@pytest.mark.parametrize("variant", ["F7S", "F7S/8"])
def test_a_sixth_street_all_in_is_worth_its_exact_share(variant: str) -> None:
    hand = _sixth_street(variant)
    result = replay(hand)
    evs = exact_allin_evs(hand)
    assert evs is not None and evs == _oracle(hand, result)
    assert [p.allin_street for p in result.players] == ["river", "river", None]
    assert [p.allin_ev for p in result.players][:2] == [float(evs["p1"]), float(evs["p2"])]
    # equity() on the same spot: the cards each held at the all-in, one pot of 63
    spot = equity(["AhAd7c8cTdQs", "KhKd2c3d9c5h"], game="stud" if variant == "F7S" else "stud-8")
    assert [63 * p.equity_exact - 31 for p in spot.players if p.equity_exact is not None] == [
        evs["p1"], evs["p2"]
    ]  # fmt: skip


THIRD_STREET = """variant = 'F7S'
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [6, 6, 6]
actions = ['d dh p1 AhAd7c', 'd dh p2 KhKd2c', 'd dh p3 QsQh9h', 'p2 pb', 'p3 cbr 5', 'p1 cc',
 'p2 cc', 'd dh p1 8c', 'd dh p2 3d', 'd dh p3 4h', 'd dh p1 Td', 'd dh p2 9c', 'd dh p3 Js',
 'd dh p1 Qd', 'd dh p2 5h', 'd dh p3 6s', 'd dh p1 6d', 'd dh p2 Kc', 'd dh p3 2h',
 'p1 sm AhAd7c8cTdQd6d', 'p2 sm KhKd2c3d9c5hKc', 'p3 sm QsQh9h4hJs6s2h']
"""


HEADS_UP = """variant = 'F7S'
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [6, 6]
actions = ['d dh p1 AhAd7c', 'd dh p2 KhKd2c', 'p2 pb', 'p1 cbr 5', 'p2 cc', 'd dh p1 8c',
 'd dh p2 3d', 'd dh p1 Td', 'd dh p2 9c', 'd dh p1 Qd', 'd dh p2 5h', 'd dh p1 6d',
 'd dh p2 Kc', 'p1 sm AhAd7c8cTdQd6d', 'p2 sm KhKd2c3d9c5hKc']
"""


def test_a_heads_up_third_street_all_in_is_equitys_exact_count() -> None:
    """Four cards each to come from 46 (some 10^10 deals): the stud equity's sweep counts them;
    the EV is ``equity()``'s share of the pot less what each put in."""
    hand = parse_phh(HEADS_UP)
    evs = exact_allin_evs(hand)
    spot = equity(["AhAd7c", "KhKd2c"], game="stud")
    assert evs is not None and spot.method == "exact"
    assert [12 * p.equity_exact - 6 for p in spot.players if p.equity_exact is not None] == [
        evs["p1"], evs["p2"]
    ]  # fmt: skip
    assert [p.allin_street for p in replay(hand).players] == ["preflop", "preflop"]


def test_three_players_all_in_on_third_street_are_past_the_bound() -> None:
    """Three players, four cards each to come (some 10^14 deals, past the work the stud equity
    enumerates exactly): no all-in EV, rather than an estimate."""
    hand = parse_phh(THIRD_STREET)
    assert exact_allin_evs(hand) is None
    result = replay(hand)
    assert [(p.allin_street, p.allin_ev) for p in result.players] == [(None, None)] * 3
    assert sum(p.net for p in result.players) == 0  # the hand itself is played out


@pytest.mark.slow
@pytest.mark.xdist_group("random stud hands")  # tests.histories_random.random_hands
@pytest.mark.parametrize("variant", ["F7S", "F7S/8", "FR"])
def test_random_stud_all_ins_are_worth_the_oracles_and_equitys_shares(variant: str) -> None:
    """Hands pokerkit plays at random (the 120 of test_stud's, shared): an all-in on sixth
    street among two or three shown hands against the oracle (every deal of the last cards); a
    heads-up all-in earlier, one pot, against ``equity()``."""
    from tests.histories_random import random_hands

    by_oracle = by_equity = 0
    game = {"F7S": "stud", "F7S/8": "stud-8", "FR": "razz"}[variant]
    for number, (text, _) in enumerate(random_hands(120, variant=variant), 1):
        hand = parse_phh(text, number=number)
        result = replay(hand)
        evs = exact_allin_evs(hand)
        shown = {p.player: p.allin_ev for p in result.players if p.allin_ev is not None}
        assert {name: float(ev) for name, ev in (evs or {}).items()} == shown, number
        streets = {p.allin_street for p in result.players} - {None}
        if evs is None or (streets != {"river"} and len(evs) != 2):
            continue
        live = [p for p in result.players if p.went_to_showdown]
        if streets == {"river"} and len(live) <= 3:
            expected = _oracle(hand, result)
            if expected is not None:
                assert evs == expected, number
                by_oracle += 1
        elif (
            len(result.pots) == 1
            and all(p.hole for p in live)
            and not any(a.kind == "muck" for a in hand.actions)
        ):
            cards = STREET_CARDS[streets.pop()]
            holes = ["".join(map(str, p.hole[:cards])) for p in live if p.hole]
            spot = equity(holes, game=game)  # type: ignore[arg-type]
            pot = Fraction(result.pots[0].amount, hand.scale)
            assert [pot * p.equity_exact - Fraction(q.put_in) for p, q in zip(spot.players, live,
                    strict=True) if p.equity_exact is not None] == [evs[q.player] for q in live]  # fmt: skip
            by_equity += 1
    assert by_oracle + by_equity >= 5, (by_oracle, by_equity)


def test_the_rows_and_the_iterator_carry_the_stud_all_in_ev(tmp_path: Path) -> None:
    """The runs' rows (the fast reader's batch into Arrow columns) and ``history_results``:
    sixth street is the fourth betting round, ``river``, and each EV is ``exact_allin_evs``'s."""
    from pokerscore.histories.batches import batch_columns, replay_phh_text
    from pokerscore.histories.results import history_results

    hand = _sixth_street("F7S")
    evs = exact_allin_evs(hand)
    assert evs is not None
    text = sixth_street_text("F7S").replace(",\n ", ", ")  # one line: the fast reader's
    batch = replay_phh_text(text.encode(), single=True)
    assert batch is not None
    rows = batch_columns(batch, "sixth.phh", allin_ev=True).table.to_pydict()
    expected = [float(evs["p1"]), float(evs["p2"]), None]
    assert rows["allin_street"] == ["river", "river", None]
    assert rows["allin_ev"] == expected
    path = tmp_path / "sixth.phh"
    path.write_text(text)
    (result,) = history_results(path)
    assert [(p.allin_street, p.allin_ev) for p in result.players] == list(
        zip(["river", "river", None], expected, strict=True)
    )
