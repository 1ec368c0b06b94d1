"""Stud, stud hi/lo and razz: showdowns, exact and Monte Carlo equity, per-pot hi/lo results.

Oracles: a brute force through ``showdown`` over every deal of the unknown cards (the community
card rule restated from the rules here), pokerkit's hands for the winners of random deals, the
rankings' own scalar evaluators for the seven-card values, and a count of the seven-card hands
that hold an eight-or-better low made from the rule alone.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import numpy as np
import pokerkit
import pytest

from pokerscore import equity, parse_range, showdown
from pokerscore.cards import Card, PokerScoreError, parse_cards
from pokerscore.engine import Category
from pokerscore.engine.keys import CARD_KEYS
from pokerscore.engine.rankings import ACE_TO_FIVE, EIGHT_OR_BETTER, HIGH
from pokerscore.games.holdem._stud_kernels import completion_values
from pokerscore.games.holdem.game import GAMES, get_game
from pokerscore.games.holdem.showdown import PlayerError
from pokerscore.hands import score

STUD_GAMES = ("stud", "stud-8", "razz")


def deals(pool: list[Card], needs: list[int]) -> list[list[tuple[Card, ...]]]:
    """Every deal of ``needs[i]`` cards to each player from ``pool``, no card twice."""
    if not needs:
        return [[]]
    found = []
    for own in combinations(pool, needs[0]):
        rest = [card for card in pool if card not in own]
        found.extend([own, *later] for later in deals(rest, needs[1:]))
    return found


def brute_force(game: str, hands: list[str], dead: str = "") -> tuple[list[Fraction], int]:
    """Every player's average share over every deal of the unknown cards, by ``showdown``; when
    the players need more cards than are left, one community card is every short player's
    last (the standard rule)."""
    holes = [parse_cards(hand) for hand in hands]
    used = {card for hole in holes for card in hole} | set(parse_cards(dead))
    pool = [Card(card) for card in range(52) if Card(card) not in used]
    needs = [7 - len(hole) for hole in holes]
    community = sum(needs) > len(pool)
    assert not community or all(needs), "a community card is everyone's: showdown's board"
    totals = [Fraction(0)] * len(hands)
    count = 0
    for shared in pool if community else [None]:
        rest = [card for card in pool if card != shared]
        own_needs = [need - 1 if community and need else need for need in needs]
        for deal in deals(rest, own_needs):
            full = [hole + own for hole, own in zip(holes, deal, strict=True)]
            result = showdown([shared] if shared else [], full, game=game)
            count += 1
            for index, player in enumerate(result.players):
                totals[index] += player.share
    return [total / count for total in totals], count


def random_hands(seed: int, sizes: list[int], dead: int = 0) -> tuple[list[str], str]:
    deck = [str(Card(card)) for card in range(52)]
    random.Random(seed).shuffle(deck)
    hands = []
    for size in sizes:
        hands.append(" ".join(deck[:size]))
        deck = deck[size:]
    return hands, " ".join(deck[:dead])


def test_games_are_configuration() -> None:
    for name in STUD_GAMES:
        game = get_game(name)
        assert (game.hole_cards, game.board_cards, game.first_cards) == (7, 0, 3)
        assert game.max_players == 8  # 8 x 6 private cards and one community card: 49 of 52
    assert get_game("razz").high is ACE_TO_FIVE and get_game("razz").low is None
    assert get_game("stud-8").low is EIGHT_OR_BETTER and get_game("stud").high is HIGH
    assert get_game("omaha-5-hi-lo").hole_cards == 5 and get_game("omaha-6-hi-lo").low is not None


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "sizes", "dead", "seed"),
    [
        ("stud", [6, 6], 0, 1),
        ("stud", [7, 5], 3, 2),
        ("razz", [6, 6], 2, 3),
        ("razz", [7, 5], 0, 4),
        ("stud-8", [6, 6], 0, 5),
        ("stud-8", [5, 7], 1, 6),
        pytest.param("stud", [6, 6, 7], 0, 7, marks=pytest.mark.slow),
        pytest.param("stud-8", [6, 7, 6], 4, 8, marks=pytest.mark.slow),
        ("stud-8", [7, 6, 7], 2, 10),
        ("razz", [7, 6, 6], 0, 9),
    ],
)
def test_exact_matches_brute_force(game: str, sizes: list[int], dead: int, seed: int) -> None:
    hands, dead_cards = random_hands(seed, sizes, dead)
    result = equity(hands, dead=dead_cards, game=game, method="exact")
    shares, count = brute_force(game, hands, dead_cards)
    assert result.boards == count
    assert [player.equity_exact for player in result.players] == shares


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "sizes", "dead", "seed"),
    [
        ("stud", [6] * 8, 0, 11),  # 7th street, 4 cards left: one community card
        ("stud-8", [5, 5, 5, 5, 6, 6, 6, 6], 2, 12),  # 6 left: 4 own cards and a community one
        ("razz", [6] * 7, 6, 13),  # 7 players, 4 cards left
    ],
)
def test_community_card_when_the_deck_runs_out(
    game: str, sizes: list[int], dead: int, seed: int
) -> None:
    hands, dead_cards = random_hands(seed, sizes, dead)
    result = equity(hands, dead=dead_cards, game=game, method="exact")
    shares, count = brute_force(game, hands, dead_cards)
    assert result.boards == count
    assert [player.equity_exact for player in result.players] == shares
    sampled = equity(hands, dead=dead_cards, game=game, samples=200_000, seed=seed)
    for exact, estimate in zip(result.players, sampled.players, strict=True):
        assert estimate.stderr is not None
        assert abs(estimate.equity - exact.equity) <= 4 * estimate.stderr + 1e-12


@pytest.mark.slow
def test_third_street_heads_up_counts_every_deal() -> None:
    result = equity(["AhAd7c", "QsQh7d"], game="stud", method="exact")
    assert result.boards == comb(46, 4) * comb(42, 4) == 18_265_297_050
    first, second = result.players
    assert first.wins + second.wins + first.ties == result.boards
    with_dead = equity(["AhAd7c", "QsQh7d"], dead="5s Qc", game="stud", method="exact")
    assert with_dead.boards == comb(44, 4) * comb(40, 4)
    # The last queen is dead: the queens lose equity.
    assert with_dead.players[1].equity < second.equity


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "hands", "dead"),
    [
        ("stud", ["AhAd7c", "QsQh7d"], "5s Qc"),
        ("stud", ["9s 9d 4c 2h", "Kd Qd Jd Td"], ""),
        ("razz", ["As 2d 3c", "4h 5h 6s"], "Ac 2c"),
        ("stud-8", ["As 2d 3c", "Kh Kd 6s"], ""),
        ("stud-8", ["Ah 2h 3h 8d", "4c 5c 6c 7d"], "Kd"),
        ("stud", ["Ah Kh Qh", "2c 2d 5s", "9c Tc Jc"], ""),
        ("stud-8", ["Ah 4h Kc", "2c 3c 9s", "Qd Qh 5s"], "Ac"),
    ],
)
def test_monte_carlo_within_four_standard_errors(game: str, hands: list[str], dead: str) -> None:
    sampled = equity(hands, dead=dead, game=game, samples=400_000, seed=7)
    exact_method = "exact" if len(hands) == 2 else "monte-carlo"
    if exact_method == "monte-carlo":  # three-way from third street: larger samples against
        reference = equity(hands, dead=dead, game=game, samples=4_000_000, seed=8)
    else:
        reference = equity(hands, dead=dead, game=game, method="exact")
    for estimate, exact in zip(sampled.players, reference.players, strict=True):
        assert estimate.stderr is not None
        spread = 4 * estimate.stderr * (1.05 if exact_method == "exact" else 1.5)
        assert abs(estimate.equity - exact.equity) <= spread
        if exact.low is not None:
            assert estimate.low is not None and estimate.high is not None
            assert exact.high is not None
            assert abs(estimate.low.equity - exact.low.equity) < 0.01
            assert abs(estimate.high.win - exact.high.win) < 0.01


def test_same_seed_same_result() -> None:
    first = equity(["As 2d 3c", "4h 5h 6s"], game="razz", samples=50_000, seed=3)
    second = equity(["As 2d 3c", "4h 5h 6s"], game="razz", samples=50_000, seed=3)
    assert first.players == second.players


def pokerkit_order(game: str, hands: list[str]) -> list[int]:
    """The winners of a showdown by pokerkit's hands (indices), each half in stud-8."""
    kind = {"stud": pokerkit.StandardHighHand, "razz": pokerkit.RegularLowHand}
    text = [hand.replace(" ", "") for hand in hands]
    if game in kind:
        judged = [kind[game].from_game(hand, "") for hand in text]
        best = max(judged)
        return [index for index, hand in enumerate(judged) if hand == best]
    highs = [pokerkit.StandardHighHand.from_game(hand, "") for hand in text]
    lows = []
    for hand in text:
        try:
            lows.append(pokerkit.EightOrBetterLowHand.from_game(hand, ""))
        except ValueError:
            lows.append(None)
    top = max(highs)
    winners = [index for index, hand in enumerate(highs) if hand == top]
    qualified = [low for low in lows if low is not None]
    if qualified:
        best_low = max(qualified)
        winners += [100 + index for index, low in enumerate(lows) if low == best_low]
    return winners


@pytest.mark.slow
@pytest.mark.parametrize("game", STUD_GAMES)
def test_winners_match_pokerkit(game: str) -> None:
    generator = random.Random(game)
    deck = [str(Card(card)) for card in range(52)]
    for _ in range(1500):
        players = generator.randint(2, 7)
        cards = generator.sample(deck, 7 * players)
        hands = [" ".join(cards[7 * i : 7 * i + 7]) for i in range(players)]
        expected = pokerkit_order(game, hands)
        result = showdown("", hands, game=game)
        shares = [player.share for player in result.players]
        # Every high winner and every low winner takes a share; and nobody else.
        assert sorted({w % 100 for w in expected}) == result.winners
        if game == "stud-8":
            high_winners = [w for w in expected if w < 100]
            low_winners = [w - 100 for w in expected if w >= 100]
            for index, share in enumerate(shares):
                half = Fraction(1, 2) if low_winners else Fraction(1)
                wanted = (half / len(high_winners)) * (index in high_winners)
                if low_winners:
                    wanted += Fraction(1, 2) / len(low_winners) * (index in low_winners)
                assert share == wanted
        # The kernels judge alike: seven known cards each, one deal.
        if players <= 3:
            kernel = equity(hands, game=game, method="exact")
            assert [p.equity_exact for p in kernel.players] == shares


def kernel_values(ranking_game: str, hands: list[tuple[int, ...]]) -> tuple[list[int], list[int]]:
    game = get_game(ranking_game)
    rows = np.array(hands, dtype=np.uint8)
    suit_bits = np.array([1 << (13 * (card & 3) + (card >> 2)) for card in range(52)])
    high = np.zeros(len(rows), dtype=np.int64)
    low = np.zeros(len(rows), dtype=np.int64)
    hi = game.high.tables(7)
    lo = game.low.tables(7) if game.low else hi
    completion_values(0, 0, np.array(CARD_KEYS[:52], dtype=np.int64), suit_bits, rows, hi, lo,
                      game.low is not None, high, low)  # fmt: skip
    return high.tolist(), low.tolist()


@pytest.mark.slow
def test_seven_card_values_are_the_rankings_best_five() -> None:
    generator = random.Random(5)
    hands = [tuple(generator.sample(range(52), 7)) for _ in range(1000)]
    razz, _ = kernel_values("razz", hands)
    high, low = kernel_values("stud-8", hands)
    for hand, razz_value, high_value, low_value in zip(hands, razz, high, low, strict=True):
        fives = [tuple(Card(card) for card in five) for five in combinations(hand, 5)]
        assert razz_value == max(score(five, ranking=ACE_TO_FIVE).value for five in fives)
        assert high_value == max(score(five, ranking=HIGH).value for five in fives)
        assert low_value == max(score(five, ranking=EIGHT_OR_BETTER).value for five in fives)


# Seven-card ace-to-five lows without a pair, by their top card (five-high, the wheel, to king-
# high): the published table of seven-card lowball hands (Wikipedia, "Poker probability"), which
# the rule-based count below reproduces too.
PUBLISHED_SEVEN_CARD_LOWS = {
    3: 781_824, 4: 3_151_360, 5: 7_426_560, 6: 13_171_200, 7: 19_174_400, 8: 23_675_904,
    9: 24_837_120, 10: 21_457_920, 11: 13_939_200,
}  # fmt: skip


@pytest.mark.slow
def test_seven_card_low_counts() -> None:
    """Over every seven-card rank multiset (weighted by its suit choices): razz's no-pair lows
    by top card against the published figures, and the hands with an eight-or-better low
    against the rule (five different ranks among ace to eight) and the published sum."""
    low_ranks = [12, *range(7)]  # ace, deuce .. eight
    by_rule = 0
    by_top: Counter[int] = Counter()
    multisets = []
    weights = []
    for counts in _rank_counts(13, 7):
        weight = 1
        for count in counts:
            weight *= comb(4, count)
        if len({rank for rank in low_ranks if counts[rank]}) >= 5:
            by_rule += weight
        hand = tuple(4 * rank + copy for rank, count in enumerate(counts) for copy in range(count))
        multisets.append(hand)
        weights.append(weight)
    razz, _ = kernel_values("razz", multisets)
    _, lows = kernel_values("stud-8", multisets)
    for weight, value in zip(weights, razz, strict=True):
        category, ranks = ACE_TO_FIVE.classes[value - 1]
        if category == Category.NO_PAIR:
            by_top[ranks[0]] += weight
    by_kernel = sum(weight for weight, low in zip(weights, lows, strict=True) if low > 1)
    assert sum(weights) == comb(52, 7)
    assert dict(by_top) == PUBLISHED_SEVEN_CARD_LOWS
    eight_or_better = sum(PUBLISHED_SEVEN_CARD_LOWS[top] for top in range(3, 7))
    assert by_kernel == by_rule == eight_or_better == 24_530_944
    assert len(set(lows)) == 57  # 56 lows and none


def _rank_counts(ranks: int, cards: int) -> list[tuple[int, ...]]:
    if ranks == 0:
        return [()] if cards == 0 else []
    return [
        (count, *rest)
        for count in range(min(4, cards) + 1)
        for rest in _rank_counts(ranks - 1, cards - count)
    ]


@pytest.mark.slow
def test_per_pot_results_add_up() -> None:
    result = equity(["As 2d 3c", "Kh Kd 6s"], game="stud-8", method="exact")
    for player in result.players:
        assert player.high is not None and player.low is not None and player.scoop is not None
        assert player.scoop == player.win
        assert player.high.equity + player.low.equity == pytest.approx(player.equity)
        assert player.low.none is not None and 0 < player.low.none < 1
    assert result.players[0].low.none == result.players[1].low.none  # type: ignore[union-attr]
    plain = equity(["AhAd7c", "QsQh7d"], game="stud", samples=10_000, seed=1)
    assert plain.players[0].high is None and plain.players[0].scoop is None


@pytest.mark.slow
def test_omaha_hi_lo_per_pot_by_brute_force() -> None:
    hands = ["Ac 2c Kd Kh", "Ad 3d Qs Qh"]
    board = "4h 5s 9c"
    result = equity(hands, board=board, game="omaha-hi-lo", method="exact")
    used = set(parse_cards(board)) | {card for hand in hands for card in parse_cards(hand)}
    rest = [Card(card) for card in range(52) if Card(card) not in used]
    sums: Counter[str] = Counter()
    total = 0
    for extra in combinations(rest, 2):
        players = showdown(parse_cards(board) + extra, hands, game="omaha-hi-lo").players
        total += 1
        lows = [p.low.value if p.low else 0 for p in players]
        highs = [p.high.value for p in players]
        if max(lows) == 0:
            sums["none"] += 1
        first_low = lows[0] and lows[0] == max(lows)
        sums["low_win"] += bool(first_low and lows.count(lows[0]) == 1)
        sums["high_win"] += highs[0] > highs[1]
        sums["high_tie"] += highs[0] == highs[1]
        sums["scoop"] += players[0].share == 1
    first = result.players[0]
    assert first.high is not None and first.low is not None
    assert first.scoop == pytest.approx(sums["scoop"] / total)
    assert first.high.win == pytest.approx(sums["high_win"] / total)
    assert first.high.tie == pytest.approx(sums["high_tie"] / total)
    assert first.low.win == pytest.approx(sums["low_win"] / total)
    assert first.low.none == pytest.approx(sums["none"] / total)
    sampled = equity(hands, board=board, game="omaha-hi-lo", samples=200_000, seed=2)
    assert sampled.players[0].low is not None
    assert abs(sampled.players[0].low.none - first.low.none) < 0.01  # type: ignore[operator]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["omaha-5-hi-lo", "omaha-6-hi-lo"])
def test_big_o_by_brute_force(game: str) -> None:
    rules = GAMES[game]
    deck = [str(Card(card)) for card in range(52)]
    random.Random(game).shuffle(deck)
    size = rules.hole_cards
    hands = [" ".join(deck[:size]), " ".join(deck[size : 2 * size])]
    board = " ".join(deck[2 * size : 2 * size + 4])
    result = equity(hands, board=board, game=game, method="exact")
    used = set(parse_cards(board)) | {card for hand in hands for card in parse_cards(hand)}
    rest = [Card(card) for card in range(52) if Card(card) not in used]
    shares = [Fraction(0), Fraction(0)]
    for extra in rest:
        players = showdown((*parse_cards(board), extra), hands, game=game).players
        for index, player in enumerate(players):
            shares[index] += player.share
    assert [p.equity_exact for p in result.players] == [s / len(rest) for s in shares]


def test_refusals() -> None:
    with pytest.raises(PlayerError, match="3 to 7 known cards"):
        equity(["AhAd", "QsQh7d"], game="stud")
    # a range says no cards dealt: refused by name, not an IndexError (found by
    # test_library_fuzz's plausible spots, session 24)
    for game in ("stud", "razz", "stud-8"):
        for hands in (["random", "3s 4c 4d"], ["3s 4c 4d", " Random "]):
            with pytest.raises(PlayerError, match="known cards, not a range"):
                equity(hands, game=game, method="auto", samples=1)
    with pytest.raises(PlayerError, match="player 2: stud players hold 3 to 7 known cards, not a"):
        equity(["3s 4c 4d", parse_range("QQ+")], game="stud")
    with pytest.raises(PokerScoreError, match="board must be empty"):
        equity(["AhAd7c", "QsQh7d"], board="2c 3c 4c", game="razz")
    with pytest.raises(PokerScoreError, match="players must hold 2 to 8"):
        equity(["AhAd7c"] + [f"{r}c{r}d{r}h" for r in "23456789"], game="stud")
    with pytest.raises(PokerScoreError, match="board must hold 0 or 1 cards"):
        showdown("2c 5d", ["As 2d 3c 4h Kd", "Ad 2s 3h 6c 7d"], game="razz")
    with pytest.raises(PokerScoreError, match="more than"):
        equity(["Ah Kh Qh", "2c 2d 5s", "9c Tc Jc"], game="stud", method="exact")


@pytest.mark.slow
def test_permutations_of_players_permute_results() -> None:
    hands = ["Ah 4h Kc 5d 6d 8c", "2c 3c 9s 9d Td", "Qd Qh 5s 7s 8s Js"]
    base = [p.equity_exact for p in equity(hands, game="stud-8", method="exact").players]
    for order in permutations(range(3)):
        result = equity([hands[i] for i in order], game="stud-8", method="exact")
        assert [p.equity_exact for p in result.players] == [base[i] for i in order]


def test_multiway_stud_work_counts_the_deals_that_hold_no_card_twice() -> None:
    # Three players on fourth street, three cards each to come from 40: C(40, 3) x C(37, 3) x
    # C(34, 3) deals of three hands judged; the bound took the product of C(40, 3) thrice, 2.1
    # times too many. A refusal states the size within a factor of 2.
    truth = 9880 * 7770 * 5984 * 3
    with pytest.raises(PokerScoreError, match="would judge about") as refused:
        equity(["AhAd7c2s", "QsQh7d3s", "JcTc9c4s"], game="stud", method="exact")
    said = float(str(refused.value).split("about ")[1].split(" hands")[0])
    assert truth <= said <= 2 * truth, (said, truth)


def test_multiway_stud_exact_deals_are_those_a_brute_force_counts() -> None:
    hands = ["AhAd7c2s5h6h", "QsQh7d3s5c6c", "JcTc9c4s5d6d"]
    dead = "2c 2d 3c 3d"
    known = {card for hand in hands for card in parse_cards(hand)} | set(parse_cards(dead))
    pool = [Card(card) for card in range(52) if Card(card) not in known]
    deals = sum(1 for _ in permutations(pool, 3))  # one card each, none twice
    result = equity(hands, dead=dead, game="stud", method="exact")
    assert result.boards == deals == 30 * 29 * 28
