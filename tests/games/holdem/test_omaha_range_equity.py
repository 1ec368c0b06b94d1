"""Equity with Omaha ranges (four to six hole cards): exact against hand-by-hand enumeration,
Monte Carlo against exact, card removal.

The oracle lists a range's hands from the pattern's meaning (itertools over ranks and suits,
written here from ProPokerTools' rules, not read from the parser), keeps those that share no
card with the board or the other players' cards, and averages the exact hand-against-hand
equities, each weighted by its combo's weight (every compatible deal sees the same number of
boards, so weights by combos are the whole weighting).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations, product

import pytest

from pokerscore import equity
from pokerscore.cards import Card, PokerScoreError, parse_cards
from pokerscore.engine import HIGH
from pokerscore.engine.rankings import EIGHT_OR_BETTER
from pokerscore.games.holdem.game import Game
from pokerscore.games.holdem.showdown import PlayerError

SUITS = "cdhs"
Combo = tuple[Card, ...]


def _card(text: str) -> Card:
    return parse_cards(text)[0]


def _cards(rank: str, suits: str = SUITS) -> list[Card]:
    return [_card(rank + suit) for suit in suits]


def suited_pairs(first: str, second: str, third: str, fourth: str) -> list[Combo]:
    """``AxKxQyJy``: the first two ranks in one suit, the last two in another."""
    return [
        (_card(first + x), _card(second + x), _card(third + y), _card(fourth + y))
        for x, y in permutations(SUITS, 2)
    ]


def two_pair(high: str, low: str) -> list[Combo]:
    """``KKQQ``: two of one rank and two of another (four cards: nothing else)."""
    return [a + b for a, b in product(combinations(_cards(high), 2), combinations(_cards(low), 2))]


def with_free_cards(fixed: str, size: int) -> list[Combo]:
    """Named cards and ``size - len`` cards of anything else (``AsAhKsKh`` in five-card Omaha)."""
    named = tuple(parse_cards(fixed))
    rest = [Card(card) for card in range(52) if Card(card) not in named]
    return [named + extra for extra in combinations(rest, size - len(named))]


def oracle(ranges: list[list[tuple[Combo, Fraction]]], board: str, game: str) -> list[Fraction]:
    """Each player's exact equity: every compatible combination of combos, hand against hand,
    weighted by the product of the combos' weights."""
    board_cards = set(parse_cards(board))
    shares = [Fraction(0)] * len(ranges)
    total = Fraction(0)
    for choice in product(*ranges):
        cards = [card for combo, _ in choice for card in combo]
        if len(set(cards)) != len(cards) or board_cards.intersection(cards):
            continue
        weight = Fraction(1)
        for _, combo_weight in choice:
            weight *= combo_weight
        hands = [" ".join(map(str, combo)) for combo, _ in choice]
        result = equity(hands, board=board, game=game, method="exact")  # type: ignore[arg-type]
        for player, found in enumerate(result.players):
            assert found.equity_exact is not None
            shares[player] += weight * found.equity_exact
        total += weight
    return [share / total for share in shares]


def weighted(combos: list[Combo], weight: Fraction = Fraction(1)) -> list[tuple[Combo, Fraction]]:
    return [(combo, weight) for combo in combos]


def test_a_range_against_a_hand_is_the_weighted_average_of_its_hands() -> None:
    # 0.5(AxKxQyJy), KKQQ against a set of aces on the flop: most of AxKxQyJy is blocked
    # (the player's and the board's aces), so card removal and weights both count.
    board = "Ah 9s 4d"
    hand = "As Ad 7c 6h"
    found = equity(["0.5(AxKxQyJy), KKQQ", hand], board=board, game="omaha", method="exact")
    expected = oracle(
        [
            weighted(suited_pairs("A", "K", "Q", "J"), Fraction(1, 2))
            + weighted(two_pair("K", "Q")),
            weighted([tuple(parse_cards(hand))]),
        ],
        board,
        "omaha",
    )
    assert found.method == "exact"
    assert [player.equity_exact for player in found.players] == expected
    assert found.players[0].combos == 3 + 36  # AcKc with QJ of the three other suits


@pytest.mark.slow
def test_range_against_range_hi_lo_is_the_weighted_average() -> None:
    board = "2h 5d 9c Ks"
    first = weighted(suited_pairs("A", "3", "K", "Q"))
    second = weighted(two_pair("J", "T"), Fraction(3, 10))
    found = equity(["Ax3xKyQy", "0.3(JJTT)"], board=board, game="omaha-hi-lo", method="exact")
    expected = oracle([first, second], board, "omaha-hi-lo")
    assert [player.equity_exact for player in found.players] == expected


def test_five_card_omaha_range_with_a_free_card() -> None:
    # AsAhKsKh and any fifth card, against a known hand on the turn.
    board = "Qs Jh 2d 7c"
    hand = "Tc 9c 8h 8d 3s"
    found = equity(["AsAhKsKh", hand], board=board, game="omaha-5", method="exact")
    expected = oracle(
        [weighted(with_free_cards("As Ah Ks Kh", 5)), weighted([tuple(parse_cards(hand))])],
        board,
        "omaha-5",
    )
    assert [player.equity_exact for player in found.players] == expected
    assert found.players[0].combos == 52 - 4 - 4 - 5


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "board", "game"),
    [
        (["0.5(AxKxQyJy), KKQQ", "As Ad 7c 6h"], "Ah 9s 4d", "omaha"),
        (["As Ad 7c 6h", "random"], "Ah 9s 4d Tc", "omaha"),  # every hand: dealt like the board
        (["As2s**", "KKQQ", "Ac 4d 8h 8s"], "Ah 4s 7d Jc", "omaha-hi-lo"),  # overlapping ranges
    ],
)
def test_monte_carlo_is_within_four_standard_errors_of_exact(
    players: list[str], board: str, game: str
) -> None:
    exact = equity(players, board=board, game=game, method="exact")  # type: ignore[arg-type]
    sampled = equity(players, board=board, game=game, samples=200_000, seed=7)  # type: ignore[arg-type]
    assert sampled.method == "monte-carlo"
    for ours, reference in zip(sampled.players, exact.players, strict=True):
        assert ours.stderr is not None and ours.stderr > 0
        assert abs(ours.equity - reference.equity) <= 4 * ours.stderr
        assert ours.combos == reference.combos


@pytest.mark.slow
def test_every_hand_in_six_card_omaha_splits_evenly() -> None:
    # Three random six-card hands: by symmetry each takes a third.
    result = equity(["random", "random", "random"], game="omaha-6", samples=40_000, seed=11)
    for player in result.players:
        assert player.combos == 20_358_520  # C(52, 6): nothing known is removed
        assert player.stderr is not None
        assert abs(player.equity - 1 / 3) <= 4 * player.stderr


@pytest.mark.slow
def test_auto_samples_a_wide_preflop_range() -> None:
    result = equity(["AA**", "KKds"], game="omaha", samples=20_000, seed=5)
    assert result.method == "monte-carlo"
    assert [player.combos for player in result.players] == [6961, 864]
    with pytest.raises(PokerScoreError, match="exact enumeration of this spot would judge"):
        equity(["AA**", "random"], game="omaha", method="exact")


def test_a_range_the_board_blocks_names_the_player() -> None:
    with pytest.raises(PlayerError, match=r"player 2: no combo of .* is left after card removal"):
        equity(["As Ad 7c 6h", "KK"], board="Kh Kd Kc", game="omaha")
    with pytest.raises(PlayerError, match=r"player 2: no combo of .* is left"):
        equity(["AsKsQsJs", "KKQQ"], dead="Qh Qd Qc", game="omaha")


def test_hold_em_hi_lo_ranges_weigh_every_combo() -> None:
    # A hi/lo game of two hole cards (any five play) takes the same path as Omaha hi/lo: before
    # it, exact equity judged only each range's first combo there.
    game = Game("holdem-hi-lo", "Hold'em Hi/Lo", 2, False, HIGH, EIGHT_OR_BETTER)
    board = "3c 4d Kh"
    found = equity(["A2s", "7h7d"], board=board, game=game, method="exact")
    suited = [(_card("A" + suit), _card("2" + suit)) for suit in SUITS]
    each = [
        equity([" ".join(map(str, combo)), "7h7d"], board=board, game=game, method="exact")
        for combo in suited
    ]
    expected = sum(result.players[0].equity_exact or 0 for result in each) / Fraction(4)
    assert found.players[0].equity_exact == expected


@pytest.mark.slow
def test_a_six_card_range_of_millions_is_sampled_in_bounded_memory() -> None:
    # ds vs random in six-card Omaha (6,169,176 hands against 20,358,520), 20,000 samples: the
    # ranges were made Python tuples, combo by combo, and the run was killed at 60 s and 1.83 GB.
    # Now random is dealt like the board and ds held as arrays of card ids (the reading of the
    # pattern itself peaks at about 250 MB); same seed, same result.
    import tracemalloc

    equity(["AAds", "KKds"], game="omaha-6", samples=4096, seed=3)  # compiled first
    tracemalloc.start()
    try:
        first = equity(["ds", "random"], game="omaha-6", samples=20_000, seed=3)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 640 * 2**20, peak
    assert [player.combos for player in first.players] == [6_169_176, 20_358_520]
    again = equity(["ds", "random"], game="omaha-6", samples=20_000, seed=3)
    assert [p.equity for p in again.players] == [p.equity for p in first.players]
    assert first.samples == 20_480 and first.method == "monte-carlo"
