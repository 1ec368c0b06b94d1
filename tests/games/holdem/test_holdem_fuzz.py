"""Fuzzing the hold'em library: showdown, equity, parse_range, get_game and Range with any
arguments, bad types included.

The only outcomes allowed: a result, or a :class:`~pokerscore.cards.PokerScoreError` (never a
TypeError, IndexError, ZeroDivisionError, a NumPy error...). No case can run long: Monte Carlo
gets at most a few thousand samples or a coarse target error, and exact enumeration narrow
ranges (a call past the work bound is refused up front, which is an allowed outcome).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pokerscore.cards import FULL_DECK, JOKER, Card, PokerScoreError
from pokerscore.engine import RANKINGS
from pokerscore.games.holdem.equity import EquityResult, equity
from pokerscore.games.holdem.game import GAMES, Game, get_game
from pokerscore.games.holdem.ranges import Range, parse_range
from pokerscore.games.holdem.showdown import Showdown, showdown

fuzz = settings(max_examples=60)

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.binary(max_size=4),
    st.just(object()),
    st.just({"a": 1}),
    st.lists(st.integers(-2, 60), max_size=3),
)
card_name = st.sampled_from([str(card) for card in FULL_DECK] + ["Jk", "Xx", "10h", "A♠"])
card_like = st.one_of(card_name, st.integers(-1, 54), st.sampled_from([Card(0), Card(JOKER)]))
cards_text = st.lists(card_name, max_size=7).map(" ".join)
cards = st.one_of(cards_text, st.lists(card_like, max_size=7), junk)
range_text = st.sampled_from(
    ["AA", "QQ+", "AKs", "22-44", "0.5(JJ)", "JJ:0.3", "AhKh, KsQs", "KTo+", "AA:0", "2x", "("]
)
weights = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True), st.integers(-2, 3), st.fractions(), junk
)


@st.composite
def ranges(draw: st.DrawFn) -> object:
    """A Range built by hand from anything, or parsed; many are refused as they are built."""
    combos = draw(st.lists(st.one_of(st.tuples(card_like, card_like), cards, junk), max_size=5))
    weight_list = draw(st.lists(weights, min_size=len(combos), max_size=len(combos) + 1))
    ranking = draw(st.one_of(st.sampled_from(["high", "short-deck", "razz"]), junk))
    try:
        return Range(tuple(combos), tuple(weight_list), ranking)  # type: ignore[arg-type]
    except PokerScoreError:
        return parse_range(draw(st.sampled_from(["AA", "QQ+, AKs", "0.5(JJ)"])))


player = st.one_of(cards_text, range_text, ranges(), st.lists(card_like, max_size=5), junk)
game = st.one_of(
    st.sampled_from([*GAMES, "badugi", ""]), st.sampled_from(list(GAMES.values())), junk
)


def allowed(call: Callable[[], object]) -> object:
    """The call's result, or None when it raised a PokerScoreError; anything else fails."""
    try:
        return call()
    except PokerScoreError:
        return None


@pytest.mark.slow
@fuzz
@given(
    players=st.one_of(st.lists(player, max_size=4), junk),
    board=st.one_of(st.lists(card_name, min_size=3, max_size=5).map(" ".join), cards),
    dead=st.one_of(st.just(""), cards),
    game=game,
    method=st.one_of(st.sampled_from(["auto", "monte-carlo", "exact"]), junk),
    samples=st.one_of(st.integers(-1, 3000), st.sampled_from([10**12, 2**64]), junk),
    seed=st.one_of(st.none(), st.integers(-1, 2**64), junk),
    stderr=st.one_of(st.none(), st.floats(0.02, 1.0), st.sampled_from([0.0, -1.0, 1e-12]), junk),
    progress=st.one_of(st.none(), st.just(lambda done, total: None), junk),
)
def test_equity_with_any_arguments(
    players: object,
    board: object,
    dead: object,
    game: object,
    method: object,
    samples: object,
    seed: object,
    stderr: object,
    progress: object,
) -> None:
    if method == "exact":  # only narrow spots may be enumerated: no Monte Carlo options
        samples = seed = stderr = None
    elif samples is None and stderr is None:
        samples = 1000  # Monte Carlo stays short
    result = allowed(
        lambda: equity(
            players,  # type: ignore[arg-type]
            board,  # type: ignore[arg-type]
            dead,  # type: ignore[arg-type]
            game=game,  # type: ignore[arg-type]
            method=method,  # type: ignore[arg-type]
            samples=samples,  # type: ignore[arg-type]
            seed=seed,  # type: ignore[arg-type]
            stderr=stderr,  # type: ignore[arg-type]
            progress=progress,  # type: ignore[arg-type]
        )
    )
    if isinstance(result, EquityResult):
        shares = [p.equity for p in result.players]
        assert all(0 <= share <= 1 for share in shares)
        assert abs(sum(shares) - 1) < 1e-9
        for p in result.players:
            assert abs(p.win + p.tie + p.lose - 1) < 1e-9


@st.composite
def spots(draw: st.DrawFn) -> tuple[list[object], str, str, str]:
    """A plausible spot: cards dealt from one shuffled deck, with an odd card or range in it."""
    name = draw(st.sampled_from(list(GAMES)))
    rules = GAMES[name]
    deck = draw(st.permutations([str(Card(card)) for card in rules.deck]))
    count = draw(st.integers(2, 4))
    players: list[object] = []
    for number in range(count):
        known = draw(st.integers(rules.fewest_cards, rules.hole_cards))  # stud: 3 to 7
        hole = deck[number * rules.hole_cards : number * rules.hole_cards + known]
        players.append(
            draw(
                st.one_of(
                    st.just(" ".join(hole)), st.just(hole), range_text, ranges(), st.just("random")
                )
            )
        )
    rest = deck[count * rules.hole_cards :]
    board = " ".join(rest[: draw(st.sampled_from([0, 3, 4, 5, 2]))])
    dead = " ".join(rest[5 : 5 + draw(st.integers(0, 3))])
    return players, board, dead, name


@pytest.mark.slow
@fuzz
@given(
    spot=spots(),
    method=st.sampled_from(["auto", "monte-carlo", "exact"]),
    samples=st.one_of(st.integers(1, 3000), st.integers(-1, 0)),
    seed=st.one_of(st.none(), st.integers(0, 2**64 - 1)),
)
def test_equity_of_plausible_spots(
    spot: tuple[list[object], str, str, str], method: str, samples: int, seed: int | None
) -> None:
    players, board, dead, game = spot
    if method == "exact" and ("random" in players or len(board.split()) < 3):
        method = "monte-carlo"  # enumerating a wide spot may take long
    sampling = {"samples": samples, "seed": seed} if method != "exact" else {}
    result = allowed(
        lambda: equity(players, board, dead, game=game, method=method, **sampling)  # type: ignore[arg-type]
    )
    if isinstance(result, EquityResult):
        event("result")
        assert abs(sum(p.equity for p in result.players) - 1) < 1e-9
    else:
        event("refused")


@fuzz
@given(
    board=st.one_of(st.lists(card_name, min_size=5, max_size=5).map(" ".join), cards),
    hands=st.one_of(st.lists(st.one_of(cards_text, cards), max_size=4), junk),
    game=game,
)
def test_showdown_with_any_arguments(board: object, hands: object, game: object) -> None:
    result = allowed(lambda: showdown(board, hands, game=game))  # type: ignore[arg-type]
    if isinstance(result, Showdown):
        assert sum((p.share for p in result.players), Fraction(0)) == 1


@pytest.mark.slow
@fuzz
@given(data=st.data(), name=st.sampled_from(list(GAMES)), count=st.integers(2, 5))
def test_showdown_of_plausible_deals(data: st.DataObject, name: str, count: int) -> None:
    rules = GAMES[name]
    deck = data.draw(st.permutations([str(Card(card)) for card in rules.deck]))
    hands: list[object] = [
        deck[number * rules.hole_cards : (number + 1) * rules.hole_cards] for number in range(count)
    ]
    board = deck[count * rules.hole_cards : count * rules.hole_cards + rules.board_cards]
    if data.draw(st.booleans()):  # now and then one odd card: a joker, a repeat, a 2c in short deck
        hands[data.draw(st.integers(0, count - 1))] = data.draw(st.lists(card_like, max_size=6))
    result = allowed(lambda: showdown(" ".join(board), hands, game=name))  # type: ignore[arg-type]
    event("result" if isinstance(result, Showdown) else "refused")
    if isinstance(result, Showdown):
        assert sum((p.share for p in result.players), Fraction(0)) == 1
        assert result.winners


@fuzz
@given(
    text=st.one_of(range_text, st.text(max_size=30), junk),
    ranking=st.one_of(st.sampled_from(["high", "short-deck", "deuce-to-seven", "razz"]), junk),
    name=st.one_of(game, junk),
    data=st.data(),
)
def test_parse_range_and_games_with_any_arguments(
    data: st.DataObject, text: object, ranking: object, name: object
) -> None:
    allowed(lambda: parse_range(text, ranking=ranking))  # type: ignore[arg-type]
    allowed(lambda: get_game(name))  # type: ignore[arg-type]
    ranking_or_junk = st.one_of(st.sampled_from([None, *RANKINGS.values()]), junk)
    rules = (data.draw(st.one_of(st.integers(0, 8), junk)), data.draw(st.booleans()),
             data.draw(ranking_or_junk), data.draw(ranking_or_junk))  # fmt: skip
    game = allowed(lambda: Game("custom", "Custom", *rules))  # type: ignore[arg-type]
    if isinstance(game, Game):  # a game it builds, the kernels can judge
        hands = [" ".join(str(Card(c)) for c in game.deck[i * game.hole_cards :][: game.hole_cards])
                 for i in range(2)]  # fmt: skip
        result = allowed(lambda: equity(hands, game=game, samples=512, seed=1))
        assert result is not None


@pytest.mark.slow
@fuzz
@given(hands=ranges(), cards=cards, name=st.one_of(range_text, junk), ranking=junk)
def test_range_methods_with_any_arguments(
    hands: Range, cards: object, name: object, ranking: object
) -> None:
    left = allowed(lambda: hands.without(cards))  # type: ignore[arg-type]
    assert left is None or (isinstance(left, Range) and len(left) <= len(hands))
    assert hands.as_array().shape == (len(hands), 2)
    assert np.all(hands.weight_array() > 0)
    assert parse_range(hands.text) == hands if hands.combos else True
    assert repr(hands).startswith("Range(")
    allowed(lambda: Range.from_class(name, ranking=ranking))  # type: ignore[arg-type]
    allowed(lambda: Range.starting_hands(ranking))  # type: ignore[arg-type]
