"""A replayed hand step by step (``replay_steps``): chips neither made nor lost at any step, the
last step's stacks the finishing stacks the files record, the pot and bets as the rules of the
hands say (worked out by hand in the fixtures' comments), and the all-in equity against the
shipped matchup table."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest

from pokerscore._support.errors import ParameterError
from pokerscore.cards import Card, parse_cards
from pokerscore.games.holdem.equity import equity
from pokerscore.games.holdem.matchups import heads_up_preflop
from pokerscore.histories import steps
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.phh import parse_phh
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import ENGINE_ONLY, replay
from pokerscore.histories.steps import replay_steps
from tests.histories.test_stud_allin_ev import THIRD_STREET, _judged, _pot_split, sixth_street_text
from tests.reference_replay import table_states
from tests.shared_sample import HAND_HISTORIES, needs_sample

DATA = Path(__file__).parents[1] / "data" / "histories"
FIXTURES = ("actions.phhs", "side-pots.phhs", "split-pots.phhs", "pokerstars-shapes.txt")


def _hands() -> list[HandHistory]:
    """The fixtures' hands as read (no replay here: replaying at collection loaded the replay
    kernel in every pytest worker, about 1.5 s of CPU each, whichever tests it ran)."""
    return [item for item in read_histories(*(DATA / name for name in FIXTURES))
            if isinstance(item, HandHistory)]  # fmt: skip


HANDS = _hands()


@pytest.mark.parametrize("hand", HANDS, ids=lambda hand: f"{Path(hand.file).name}-{hand.number}")
def test_no_chip_is_made_or_lost_and_the_end_is_the_result(hand: HandHistory) -> None:
    try:
        result = replay(hand, allin_ev=False)
    except HandHistoryError as error:
        pytest.skip(f"a fixture of a bad hand: {error}")
    steps = list(replay_steps(hand, equity=False))
    start = sum(seat.stack for seat in hand.seats) / hand.scale
    assert [step.number for step in steps] == list(range(len(hand.actions) + 2))
    for step in steps[:-1]:
        assert sum(step.stacks) + step.pot == pytest.approx(start), step.text
        assert sum(step.bets) <= step.pot + 1e-9
    last = steps[-1]
    if not hand.cash_outs:  # a cash-out is paid by the site, from outside the pots
        # What leaves the table is the rake: the rest is in the stacks.
        assert sum(last.stacks) == pytest.approx(start - result.rake)
    assert last.won == tuple(player.won for player in result.players)
    if hand.finishing_stacks is not None and not result.disagreements:
        recorded = tuple(stack / hand.scale for stack in hand.finishing_stacks)
        assert last.stacks == pytest.approx(recorded)  # the file's own record


def test_side_pots_step_by_step() -> None:
    # side-pots.phhs [1]: stacks 20, 50, 100, blinds 1 and 2; p3 all in for 100, p1 calls 19
    # more, p2 calls 48 more; the queens' last 50 come back uncalled (the file's comment).
    hand = next(read_histories(DATA / "side-pots.phhs"))
    steps = list(replay_steps(hand, equity=False))
    posted = steps[0]
    assert (posted.stacks, posted.bets, posted.pot, posted.to_act) == (
        (19.0, 48.0, 100.0), (1.0, 2.0, 0.0), 3.0, 2)  # fmt: skip
    texts = [step.text for step in steps]
    assert texts[4:7] == ["p3 raises to 100 and is all in", "p1 calls 19 and is all in",
                          "p2 calls 48 and is all in; 50 returned to p3"]  # fmt: skip
    called = steps[6]
    assert (called.stacks, called.pot, called.to_act) == ((0.0, 0.0, 50.0), 120.0, None)
    assert [step.board for step in steps if step.action and step.action.kind == "deal-board"][
        -1
    ] == result_board(hand)
    assert steps[-1].stacks == (60.0, 60.0, 50.0) and steps[-1].pot == 0.0
    assert steps[-1].text == "p1 takes 60; p2 takes 60"


def result_board(hand: HandHistory) -> tuple[object, ...]:
    return replay(hand, allin_ev=False).board


def test_a_fold_a_check_and_a_bet_in_words() -> None:
    hand = parse_phh("""
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['p3 f', 'p1 cc', 'p2 cc', 'd db 2c7h9d', 'p1 cbr 4', 'p2 cbr 12', 'p1 f']
""")
    steps = list(replay_steps(hand, equity=False))
    assert [step.text for step in steps[1:]] == [
        "p3 folds", "p1 calls 1", "p2 checks", "flop 2c 7h 9d", "p1 bets 4", "p2 raises to 12",
        "p1 folds; 8 returned to p2", "p2 takes 12"]  # fmt: skip
    assert [step.street for step in steps] == ["preflop"] * 4 + ["flop"] * 5
    assert steps[4].to_act == 0  # the first to act after the flop: p1
    assert steps[-1].stacks == (94.0, 106.0, 100.0)


@pytest.mark.slow  # the equity kernels, compiled on first use
def test_the_allin_equity_is_the_matchup_tables() -> None:
    # pokerstars-shapes.txt hand 1: Alice's Ah As against Cara's Ks Qs, all in preflop (Bob's
    # folded cards are unseen): the equity from the shipped table of every matchup, given from
    # the step where both hands are known (Cara's show: the site deals only Alice's), as it
    # stood at the all-in (no board yet).
    hand = next(read_histories(DATA / "pokerstars-shapes.txt"))
    steps = list(replay_steps(hand))
    first = next(index for index, step in enumerate(steps) if step.equity is not None)
    assert steps[first].text == "Cara shows Ks Qs"
    assert all(step.equity is None for step in steps[:first])
    aces, kings = heads_up_preflop("Ah As", "Ks Qs")
    equity = dict(zip(hand.names, steps[first].equity or (), strict=True))
    assert equity["Bob"] is None  # folded
    assert equity["Alice"] == pytest.approx(float(aces), abs=1e-12)
    assert equity["Cara"] == pytest.approx(float(kings), abs=1e-12)
    assert steps[-1].equity == steps[first].equity  # shown to the end of the hand


THREE_ALL_IN = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AhAs', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 100', 'p1 cc', 'p2 cc',
 'd db 2c7d8h', 'd db 9s', 'd db 3c', 'p1 sm AhAs', 'p2 sm KsKd', 'p3 sm QcQd']
"""


@pytest.mark.slow  # the equity kernels, compiled on first use
def test_a_three_way_allin_waits_for_every_live_hand() -> None:
    # Three players all in preflop, only p1's cards dealt in the file (as a site writes it):
    # after p2's show two hands are known, but an equity of aces against kings alone leaves
    # out the queens in the pot. The equity comes with the last show, three-way, as equity()
    # counts it from the rules' matchup (every board of the 46 cards left).
    steps = list(replay_steps(parse_phh(THREE_ALL_IN)))
    first = next(index for index, step in enumerate(steps) if step.equity is not None)
    assert steps[first].text.startswith("p3 shows")
    expected = equity(["Ah As", "Ks Kd", "Qc Qd"], "", "")
    assert steps[first].equity == pytest.approx(
        tuple(player.equity for player in expected.players), abs=1e-12
    )
    assert steps[-1].equity == steps[first].equity


def _stud_oracle(variant: str, hands: list[list[Card]], dead: list[Card]) -> list[Fraction]:
    """Each hand's share of the pot by the rules: every deal of the cards still to come from the
    deck less the known and dead cards, judged by test_stud_allin_ev's oracle (eval7's high
    hands, the lows, the split)."""
    taken = {card for hand in hands for card in hand} | set(dead)
    deck = [card for card in map(Card, range(52)) if card not in taken]
    need = [7 - len(hand) for hand in hands]
    shares = [Fraction(0)] * len(hands)
    deals = 0
    for cards in itertools.permutations(deck, sum(need)):
        deals += 1
        judged, start = {}, 0
        for seat, (hand, count) in enumerate(zip(hands, need, strict=True)):
            judged[seat] = _judged(variant, [*hand, *cards[start : start + count]])
            start += count
        for seat, share in _pot_split(judged, list(range(len(hands)))).items():
            shares[seat] += share
    return [share / deals for share in shares]


@pytest.mark.slow  # the stud equity kernels, compiled on first use
@pytest.mark.parametrize("variant", ["F7S", "F7S/8"])
@pytest.mark.parametrize("seen", [True, False], ids=["dealt", "shown"])
def test_a_stud_allin_shows_each_hands_exact_equity(variant: str, seen: bool) -> None:
    """The stud all-in equity (none before: the replayer showed no stud equity), on the six
    cards each held at the all-in, p3's folded cards out of the deck: the rules' oracle over
    every deal of the last cards, and equity() on the same cards. With p2's down cards unseen
    until the show, it is given from the show on, on the cards held at the all-in (not the
    seven shown)."""
    hand = parse_phh(sixth_street_text(variant, hidden=not seen))
    stepped = list(replay_steps(hand))
    first = next(index for index, step in enumerate(stepped) if step.equity is not None)
    assert stepped[first].text == ("p2 calls 10" if seen else "p2 shows Kh Kd 2c 3d 9c 5h Kc")
    assert stepped[first].street == ("sixth" if seen else "seventh")
    assert all(step.equity == stepped[first].equity for step in stepped[first:])
    assert all(step.equity_samples is None for step in stepped)  # counted exactly
    held = [parse_cards("AhAd7c8cTdQs"), parse_cards("KhKd2c3d9c5h")]
    dead = parse_cards("3s4s9h")
    oracle = _stud_oracle(variant, held, dead)
    assert stepped[first].equity == pytest.approx((*map(float, oracle), None), abs=1e-12)
    spot = equity(held, dead=dead, game="stud" if variant == "F7S" else "stud-8")
    assert [p.equity_exact for p in spot.players] == oracle


@pytest.mark.slow  # the stud equity kernels, compiled on first use
def test_a_three_way_third_street_stud_allin_is_sampled_and_says_so() -> None:
    """Three players all in on third street: some 10^14 deals, past the exact count, so the
    equity is sampled (the showdowns said, a fixed seed: the same on every replay), equity()'s
    Monte Carlo on the same cards; the exact count's figures are not known, but three pairs'
    shares add to the pot and the aces, ahead of both, lead."""
    hand = parse_phh(THIRD_STREET)
    stepped = list(replay_steps(hand))
    first = next(index for index, step in enumerate(stepped) if step.equity is not None)
    assert stepped[first].text == "p2 calls 3 and is all in"
    shown = stepped[first].equity
    assert shown is not None and stepped[first].equity_samples is not None
    spot = equity(["AhAd7c", "KhKd2c", "QsQh9h"], game="stud", method="monte-carlo",
                  samples=steps.STUD_SAMPLES, seed=steps.STUD_SEED)  # fmt: skip
    assert stepped[first].equity_samples == spot.samples >= steps.STUD_SAMPLES
    assert shown == tuple(p.equity for p in spot.players)
    assert sum(shown) == pytest.approx(1) and shown[0] > max(shown[1:])  # type: ignore[arg-type,operator]
    assert list(replay_steps(hand))[first].equity == shown  # replayed alike


def test_a_bad_hand_fails_before_the_first_step() -> None:
    hand = parse_phh("""
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['p1 cbr 500']
""")
    with pytest.raises(HandHistoryError, match="500"):
        replay_steps(hand)
    with pytest.raises(ParameterError, match="hand"):
        replay_steps("p1 cbr 500")  # type: ignore[arg-type]


# -- the steps from the compiled replay (issue 31): the reference table's, pokerkit's ------------

SHARED = HAND_HISTORIES


def _compared(hands: list[HandHistory]) -> int:
    """The compiled replay's states against the reference table's (``replay.playing``), and the
    steps built from each, on every hand both play to the end; how many were compared."""
    compared = 0
    for hand in hands:
        try:
            result = replay(hand, allin_ev=False)
        except HandHistoryError:
            continue
        if hand.game in ENGINE_ONLY:  # stud and the draw games: no reference table
            continue
        engine = steps._engine_states(hand)
        if engine is None:
            continue
        table = table_states(hand)
        assert engine == table, (hand.file, hand.number)
        assert list(steps._steps(hand, result, False, engine)) == list(
            steps._steps(hand, result, False, table)
        )
        compared += 1
    return compared


def test_the_engine_steps_are_the_reference_tables_on_the_fixtures() -> None:
    paths = (*sorted(DATA.glob("*.phhs")), *sorted(DATA.glob("*.txt")), DATA / "sites")
    hands = [hand for hand in read_histories(*paths) if isinstance(hand, HandHistory)]
    assert _compared(hands) >= 40


@pytest.mark.slow
@needs_sample
def test_the_engine_steps_are_the_reference_tables_on_the_real_files() -> None:
    hands = [h for h in read_histories(SHARED / "phh", SHARED / "pokerstars")
             if isinstance(h, HandHistory)]  # fmt: skip
    assert _compared(hands) >= 50


def _pokerkit_tables(text: str) -> list[tuple[list[int], list[int]]]:
    """pokerkit's stacks and bets before each action of a PHH hand is applied (its automations
    done: antes, blinds, bets collected and uncalled bets returned), in whole chips."""
    import warnings

    from pokerkit import HandHistory as PokerkitHistory

    found: list[tuple[list[int], list[int]]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = PokerkitHistory.loads(text)
        before: tuple[list[int], list[int]] | None = None
        for state, action in history.state_actions:
            if action is not None and before is not None:
                found.append(before)
            before = ([int(s) for s in state.stacks], [int(b) for b in state.bets])
    return found


def _stepped_like_pokerkit(hand: HandHistory, text: str) -> None:
    """Before each action, the steps' stacks and bets are pokerkit's (an independent state
    machine playing the same text)."""
    stepped = list(replay_steps(hand, equity=False))
    expected = _pokerkit_tables(text)
    assert len(expected) == len(hand.actions)
    for number, (stacks, bets) in enumerate(expected):
        step = stepped[number]  # the table after the actions before this one
        assert step.stacks == tuple(float(s) for s in stacks), (number, step.text)
        assert step.bets == tuple(float(b) for b in bets), (number, step.text)
        start = sum(seat.stack for seat in hand.seats) / hand.scale
        assert sum(step.stacks) + step.pot == pytest.approx(start)


STUD_FILES = ("wsop-2023-43/6.phh", "wsop-2023-43/8.phh", "wsop-2023-43/10.phh",
              "wsop-2023-43/20.phh")  # fmt: skip


@pytest.mark.slow  # the stud kernels, compiled on first use
@needs_sample
@pytest.mark.parametrize("name", STUD_FILES)
def test_real_stud_hands_step_as_pokerkit_plays_them(name: str) -> None:
    path = SHARED / "phh" / name
    hand = next(read_histories(path))
    assert isinstance(hand, HandHistory) and hand.game in steps.STUD_GAMES
    _stepped_like_pokerkit(hand, path.read_text())
    stepped = list(replay_steps(hand))
    places = [steps.STUD_STREETS.index(step.street) for step in stepped]  # type: ignore[arg-type]
    assert places[0] == 0 and places == sorted(places)  # third street, then on in order
    for step in stepped[:-1]:  # each player still in holds the street's cards: 3 on third ...
        held = {len(hole) for hole, out in zip(step.holes, step.folded, strict=True) if not out
                and hole}  # fmt: skip
        assert held <= {2 + places[step.number], 3 + places[step.number]}, step.text
    for step in stepped[:-1]:
        for hole, folded in zip(step.holes, step.folded, strict=True):
            if hole is not None and not folded:  # the up cards are seen: the third to sixth
                assert None not in hole[2:6], step.text
    assert stepped[-1].stacks == tuple(s / hand.scale for s in hand.finishing_stacks or ())


@pytest.mark.slow
def test_random_hands_step_as_pokerkit_plays_them() -> None:
    from tests.histories_random import STUD_VARIANTS, random_hand

    rng = random.Random(31)
    stepped = 0
    for number in range(1, 41):
        variant = STUD_VARIANTS[number % 3] if number % 2 else None
        text, _ = random_hand(rng, variant) if variant else random_hand(rng)
        hand = parse_phh(text, file="random", number=number)
        try:
            replay(hand, allin_ev=False)
        except HandHistoryError:
            continue
        _stepped_like_pokerkit(hand, text)
        stepped += 1
    assert stepped >= 30


@pytest.mark.parametrize(  # make quick: the triple draw and badugi; make test all three
    "variant", ["F2L3D", pytest.param("N2L1D", marks=pytest.mark.slow), "FB"]
)
def test_draw_hands_step_as_pokerkit_plays_them(variant: str) -> None:
    """The draw games step too (replay_steps refused them before): before each action the
    stacks and bets are pokerkit's; the streets run from the predraw round through each draw in
    order; a discard leaves its places unknown until the cards drawn fill them."""
    from tests.histories_random import random_hand

    rng = random.Random(f"steps {variant}")
    rounds = 1 if variant == "N2L1D" else 3
    for number in range(1, 16):
        text, _ = random_hand(rng, variant)
        hand = parse_phh(text, file="random", number=number)
        _stepped_like_pokerkit(hand, text)
        stepped = list(replay_steps(hand))
        places = [steps.DRAW_STREETS.index(step.street) for step in stepped]  # type: ignore[arg-type]
        assert places[0] == 0 and places == sorted(places) and places[-1] <= rounds
        assert all(step.equity is None for step in stepped)  # no EV without a drawing policy
        for action, step in zip(hand.actions, stepped[1:], strict=False):
            if action.kind == "draw" and action.discarded and not action.cards:
                hole = step.holes[action.actor or 0]
                assert hole is not None and hole.count(None) >= len(action.discarded)
