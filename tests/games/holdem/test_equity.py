"""Showdowns and equity: published figures, brute force through the Python showdown, pokerkit's
Omaha hands, and Monte Carlo against exact results."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import numba
import pokerkit
import pytest

from pokerscore.cards import Card, DuplicateCardError, PokerScoreError, parse_cards
from pokerscore.games.holdem import equity as equity_module
from pokerscore.games.holdem.equity import EquityResult, equity
from pokerscore.games.holdem.game import GAMES, ParameterError, UnknownGameError, get_game
from pokerscore.games.holdem.ranges import Range, parse_range
from pokerscore.games.holdem.showdown import PlayerError, showdown


def pairs_of(rank: str) -> Range:
    """A pair's six combos, built from the cards (not parsed from range text)."""
    cards = parse_cards(" ".join(rank + suit for suit in "cdhs"))
    combos = tuple(combinations(cards, 2))
    return Range(combos, (1.0,) * len(combos))


def offsuit(high: str, low: str) -> Range:
    found = tuple(
        (parse_cards(high + s1)[0], parse_cards(low + s2)[0])
        for s1 in "cdhs"
        for s2 in "cdhs"
        if s1 != s2
    )
    return Range(found, (1.0,) * len(found))


# ---- published figures -------------------------------------------------------------------------


def test_aces_against_kings_every_board_gnu_poker_eval() -> None:
    # GNU poker-eval's published output for AdAc vs KhKs over all 1,712,304 boards.
    result = equity(["AdAc", "KhKs"])
    aces, kings = result.players
    assert result.method == "exact" and result.boards == 1_712_304
    assert (aces.wins, aces.ties) == (1_388_072, 6_538)
    assert (kings.wins, kings.ties) == (317_694, 6_538)
    assert aces.equity_exact == Fraction(1_388_072 * 2 + 6_538, 2 * 1_712_304)


def test_aces_against_king_queen_wikipedia() -> None:
    # Wikipedia, "Poker probability (Texas hold 'em)": AsAc vs KsQc wins 87.65 %, ties 0.49 %.
    aces, _ = equity(["AsAc", "KsQc"]).players
    assert round(100 * aces.win, 2) == 87.65 and round(100 * aces.tie, 2) == 0.49


@pytest.mark.slow
def test_aces_against_kings_as_classes_and_by_suits() -> None:
    # PokerStove: AA vs KK 81.9461 %; 81.2555 / 81.9461 / 82.6366 % sharing 0 / 1 / 2 suits.
    classes = equity([pairs_of("A"), pairs_of("K")], method="exact").players[0]
    assert round(100 * classes.equity, 4) == 81.9461
    shares = [equity([aces, kings]).players[0].equity for aces, kings in
              (("AdAc", "KhKs"), ("AdAc", "KhKc"), ("AdAc", "KdKc"))]  # fmt: skip
    assert [round(100 * share, 4) for share in shares] == [81.2555, 81.9461, 82.6366]


@pytest.mark.slow
def test_three_way_with_and_without_dead_cards_pokerstove() -> None:
    # PokerStove (quoted in OMPEval issue 10): AA vs QQ vs AKo, then with As and Ts dead.
    players = [pairs_of("A"), pairs_of("Q"), offsuit("A", "K")]
    result = equity(players, method="exact")
    assert [round(100 * p.equity, 4) for p in result.players] == [76.1347, 18.7420, 5.1233]
    result = equity(players, dead="As Ts", method="exact")
    assert [round(100 * p.equity, 4) for p in result.players] == [73.4955, 21.0303, 5.4743]


# ---- brute force through the Python showdown -------------------------------------------------


def brute_force(game: str, board: str, hands: list[str]) -> list[Fraction]:
    """Average share of each player over every completion of the board, by ``showdown``."""
    rules = get_game(game)
    known = parse_cards(board)
    used = set(known) | {card for hand in hands for card in parse_cards(hand)}
    rest = [Card(card) for card in rules.deck if Card(card) not in used]
    totals = [Fraction(0)] * len(hands)
    boards = 0
    for extra in combinations(rest, 5 - len(known)):
        result = showdown(known + extra, hands, game=game)
        boards += 1
        for index, player in enumerate(result.players):
            totals[index] += player.share
    return [total / boards for total in totals]


def random_spot(game: str, players: int, board: int, seed: int) -> tuple[str, list[str]]:
    rules = get_game(game)
    deck = [str(Card(card)) for card in rules.deck]
    random.Random(seed).shuffle(deck)
    hands = [
        " ".join(deck[rules.hole_cards * i : rules.hole_cards * (i + 1)]) for i in range(players)
    ]
    start = rules.hole_cards * players
    return " ".join(deck[start : start + board]), hands


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "board", "seed"),
    [
        ("holdem", 2, 3, 1),
        ("holdem", 3, 4, 2),
        ("holdem", 4, 3, 3),
        ("short-deck", 3, 3, 4),
        ("omaha", 2, 4, 5),
        ("omaha", 3, 3, 6),
        ("omaha-5", 2, 4, 7),
        ("omaha-6", 2, 4, 8),
        ("omaha-hi-lo", 2, 3, 9),
        ("omaha-hi-lo", 3, 4, 10),
    ],
)
def test_exact_equity_matches_brute_force_showdowns(
    game: str, players: int, board: int, seed: int
) -> None:
    known, hands = random_spot(game, players, board, seed)
    result = equity(hands, board=known, game=game, method="exact")
    assert [player.equity_exact for player in result.players] == brute_force(game, known, hands)


@pytest.mark.slow
def test_hi_lo_splits_and_quarters_against_brute_force() -> None:
    # A board with a low draw: both players hold A-2, so lows split and quarters happen.
    hands = ["Ac 2c Kd Kh", "Ad 2d Qs Qh"]
    result = equity(hands, board="3h 4s 8c", game="omaha-hi-lo", method="exact")
    exact = [player.equity_exact for player in result.players]
    assert exact == brute_force("omaha-hi-lo", "3h 4s 8c", hands)
    assert sum(exact, Fraction(0)) == 1


# ---- Omaha against pokerkit ------------------------------------------------------------------


@pytest.mark.slow
def test_omaha_showdown_winners_agree_with_pokerkit() -> None:
    rng = random.Random(11)
    deck = [str(Card(card)) for card in range(52)]
    for _ in range(2000):
        rng.shuffle(deck)
        hands = ["".join(deck[4 * i : 4 * i + 4]) for i in range(3)]
        board = "".join(deck[12:17])
        ours = showdown(board, hands, game="omaha").winners
        theirs = [pokerkit.OmahaHoldemHand.from_game(hand, board) for hand in hands]
        best = max(theirs)
        assert ours == [i for i, hand in enumerate(theirs) if hand == best], (board, hands)


@pytest.mark.slow
def test_omaha_symmetric_hands_split_exactly() -> None:
    result = equity(["AsKsAhKh", "AdKdAcKc"], game="omaha")
    assert [p.equity_exact for p in result.players] == [Fraction(1, 2), Fraction(1, 2)]
    assert result.boards == 1_086_008


# ---- Monte Carlo -------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hands", "board", "game"),
    [
        (["AdAc", "KhKs"], "", "holdem"),
        (["7h8h", "AsKd", "QcQd"], "2h 9h Kc", "holdem"),
        (["As Kd Qh 2c", "7h 8h 9c Tc"], "", "omaha"),
        (["Ac 2c Kd Kh", "Ad 3d Qs Qh"], "4h 5s 9c", "omaha-hi-lo"),
    ],
)
def test_monte_carlo_lands_within_four_standard_errors(
    hands: list[str], board: str, game: str
) -> None:
    exact = equity(hands, board=board, game=game, method="exact")
    sampled = equity(hands, board=board, game=game, method="monte-carlo", samples=200_000, seed=3)
    assert sampled.samples is not None and sampled.samples >= 200_000
    for estimate, truth in zip(sampled.players, exact.players, strict=True):
        assert estimate.stderr is not None and estimate.stderr > 0
        assert abs(estimate.equity - truth.equity) < 4 * estimate.stderr


@pytest.mark.slow
def test_monte_carlo_with_overlapping_ranges_is_unbiased() -> None:
    # Both ranges hold aces: dealt one after the other, the second range's combos blocked by the
    # first would be under-counted without the deal's importance weight.
    players = [pairs_of("A"), offsuit("A", "K")]
    exact = equity(players, method="exact")
    sampled = equity(players, method="monte-carlo", samples=300_000, seed=5)
    for estimate, truth in zip(sampled.players, exact.players, strict=True):
        assert estimate.stderr is not None
        assert abs(estimate.equity - truth.equity) < 4 * estimate.stderr


def test_monte_carlo_is_reproducible_whatever_the_thread_count() -> None:
    spot = {"players": ["AdAc", "KhKs", "7s8s"], "method": "monte-carlo", "samples": 50_000}
    first = equity(**spot, seed=42)  # type: ignore[arg-type]
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        single = equity(**spot, seed=42)  # type: ignore[arg-type]
    finally:
        numba.set_num_threads(threads)
    assert [p.equity for p in first.players] == [p.equity for p in single.players]
    other = equity(**spot, seed=43)  # type: ignore[arg-type]
    assert [p.equity for p in other.players] != [p.equity for p in first.players]


def test_monte_carlo_stops_at_a_target_standard_error() -> None:
    result = equity(["AdAc", "KhKs"], method="monte-carlo", stderr=0.002, seed=1)
    assert all(p.stderr is not None and p.stderr <= 0.002 for p in result.players)
    assert result.samples is not None and result.samples < 1_000_000


def test_auto_enumerates_small_work_and_samples_large() -> None:
    assert equity(["AdAc", "KhKs"]).method == "exact"
    big = equity([pairs_of("A"), pairs_of("K"), pairs_of("Q"), offsuit("A", "K")], samples=20_000)
    assert big.method == "monte-carlo"


# ---- showdown and errors -----------------------------------------------------------------------


def test_showdown_split_pot_shares_are_exact_thirds() -> None:
    result = showdown("Ah Kh Qh Jh Th", ["2c 3c", "4d 5d", "6s 7s"])
    assert [player.share for player in result.players] == [Fraction(1, 3)] * 3
    assert result.winners == [0, 1, 2]


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # The board holds three hearts and the player one: hold'em would make a flush, but Omaha
    # takes exactly two hole cards, so the lone heart makes none.
    result = showdown("Ah Kh Qh 7c 2d", ["Jh 3s 4s 5s", "9c 9d 8c 8d"], game="omaha")
    assert result.players[0].high.category.slug != "flush"


def test_errors_name_the_player_and_card() -> None:
    with pytest.raises(PlayerError, match="player 2: card As is also held by player 1"):
        showdown("Ah Kd 7s 2c 9h", ["AsQh", "AsQd"])
    with pytest.raises(PlayerError, match="player 1: omaha deals 4 hole cards"):
        showdown("Ah Kd 7s 2c 9h", ["AsQh", "2h 3h 4h 5h"], game="omaha")
    with pytest.raises(PokerScoreError, match="board must hold 5 cards"):
        showdown("Ah Kd 7s", ["AsQh", "2h 3h"])
    with pytest.raises(PlayerError, match="player 2"):
        showdown("Ah Kd 7s 6c 9h", ["AsQh", "2h 3h"], game="short-deck")
    with pytest.raises(UnknownGameError, match="unknown game"):
        get_game("badugi")
    with pytest.raises(PokerScoreError, match="0, 3, 4 or 5 cards"):
        equity(["AsKs", "QdQc"], board="2s 7s")
    with pytest.raises(DuplicateCardError):
        equity(["AsKs", "QdQc"], board="2s 7s 8d", dead="8d")
    with pytest.raises(PlayerError, match="player 2: no combo of AA is left"):
        equity(["AsKs", pairs_of("A")], board="Ah Ad 8d", dead="Ac")


def test_every_game_deals_a_full_table() -> None:
    assert {name: game.max_players for name, game in GAMES.items()} == {
        "holdem": 23,
        "omaha": 11,
        "omaha-5": 9,
        "omaha-6": 7,
        "omaha-hi-lo": 11,
        "omaha-5-hi-lo": 9,
        "omaha-6-hi-lo": 7,
        "short-deck": 15,
        "stud": 8,  # the eighth player's last card is the community card
        "stud-8": 8,
        "razz": 8,
    }


@pytest.mark.slow
def test_range_weights_with_many_digits_stay_exact() -> None:
    # Integer weights of 10**12 times boards times combos overflowed 64 bits: equities came out
    # negative. Equal weights within each range leave PokerStove's AA vs KK unchanged.
    aces = Range(pairs_of("A").combos, (0.123456789123,) * 6)
    kings = Range(pairs_of("K").combos, (0.987654321987,) * 6)
    heads_up = equity([aces, kings], method="exact")
    assert [round(100 * p.equity, 4) for p in heads_up.players] == [81.9461, 18.0539]
    assert all(0 <= p.win <= 1 and 0 <= p.lose <= 1 for p in heads_up.players)
    assert heads_up.boards == 1_712_304 * 36 * Fraction("0.123456789123") * Fraction(
        "0.987654321987"
    )


@pytest.mark.slow
def test_unequal_weights_with_many_digits_match_combo_by_combo() -> None:
    # Each pair of combos run as hands, weighed by the product of its weights as fractions.
    aces = pairs_of("A").combos[:4]
    kings = pairs_of("K").combos[2:]
    # 1/3 as a float is 3333333333333333/10**16: the second range's sums take two digits.
    aces_weights = (0.123456789123, 0.5, 2 / 3, 0.0000001)
    kings_weights = (0.987654321987, 0.25, 1 / 3, 1.0)
    wins = ties = total = Fraction(0)
    for ace, ace_weight in zip(aces, aces_weights, strict=True):
        for king, king_weight in zip(kings, kings_weights, strict=True):
            weight = Fraction(str(ace_weight)) * Fraction(str(king_weight))
            result = equity([ace, king], method="exact")
            assert result.players[0].wins is not None and result.players[0].ties is not None
            assert result.boards is not None
            wins += weight * result.players[0].wins
            ties += weight * result.players[0].ties
            total += weight * result.boards
    ranged = equity([Range(aces, aces_weights), Range(kings, kings_weights)], method="exact")
    assert (ranged.players[0].wins, ranged.players[0].ties, ranged.boards) == (wins, ties, total)
    assert ranged.players[0].equity_exact == (wins + ties / 2) / total


def test_cards_outside_the_games_deck_are_refused() -> None:
    # A joker read as id 52 indexed past the card keys (IndexError); short deck's 2c 3c were
    # dealt as if the deck held them.
    with pytest.raises(PlayerError, match=r"player 1: .*only the joker ranking plays with jokers"):
        equity(["Jk Ah", "KhKs"])
    with pytest.raises(PlayerError, match=r'player 1: invalid card "2c".*short-deck'):
        equity(["2c3c", "AhKh"], game="short-deck")
    with pytest.raises(PlayerError, match=r'player 2: invalid card "5d".*short-deck'):
        equity(["AhKh", "Qs5d"], game="short-deck", method="monte-carlo", samples=100)
    with pytest.raises(PlayerError, match=r"player 1: .*joker"):
        showdown("Ah Kd 7s 2c 9h", ["Jk Qh", "2h 3h"])
    with pytest.raises(PlayerError, match='player 2: invalid card "2h"'):
        showdown("Ah Kd 7s 6c 9h", ["AsQh", "2h 3h"], game="short-deck")
    with pytest.raises(PokerScoreError, match=r'"2c".*short-deck'):
        showdown("Ah Kd 7s 2c 9h", ["AsQh", "Th Jh"], game="short-deck")


# ---- the library's errors (issue 23 §7, issue 18 §4) -------------------------------------------


def test_ranges_equity_cannot_use_are_refused() -> None:
    with pytest.raises(
        PlayerError, match="player 2: the range holds 2-card hands, and omaha deals 4 hole cards"
    ):
        equity(["AsKsQsJs", parse_range("AA")], game="omaha")
    with pytest.raises(
        PlayerError, match="player 1: the range holds 4-card hands, and holdem deals 2 hole cards"
    ):
        equity([parse_range("AA**", hole_cards=4), "AsKs"])
    with pytest.raises(PlayerError, match="player 2: the range is empty"):
        equity(["AsKs", Range((), ())])
    with pytest.raises(PlayerError, match="player 1: the range holds 5s, which short-deck's"):
        equity([parse_range("55"), "AsKs"], game="short-deck")
    with pytest.raises(PokerScoreError, match="weights must each be above 0"):
        equity(["AsKs", Range(pairs_of("Q").combos, (0.0,) * 6)])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"samples": 0}, "samples must be a whole number from 1"),
        ({"samples": 2.5}, "samples must be a whole number from 1 .* got 2.5"),
        ({"samples": True}, "samples must be a whole number"),
        ({"seed": -1}, "seed must be a whole number from 0 to 18,446,744,073,709,551,615"),
        ({"seed": 2**64}, "seed must be a whole number"),
        ({"stderr": 0.0}, "stderr must be a positive number, got 0.0"),
        ({"stderr": float("nan")}, "stderr must be a positive number, got nan"),
        ({"stderr": "0.1"}, "stderr must be a positive number, got str"),
        ({"method": "fast"}, 'method must be "auto", "exact" or "monte-carlo"'),
        ({"method": "exact", "samples": 10}, 'samples is for Monte Carlo: method="exact"'),
        ({"method": "exact", "seed": 1}, "seed is for Monte Carlo"),
        ({"method": "exact", "stderr": 0.01}, "stderr is for Monte Carlo"),
        ({"progress": 3}, "progress must be a function"),
        ({"board": "2s 7s"}, "board must hold 0, 3, 4 or 5 cards, got 2"),
        ({"board": "2s 7s Xx"}, 'board: invalid card "Xx"'),
        ({"dead": "Jk"}, "dead: .*only the joker ranking"),
        ({"players": "AsKs QdQc"}, "players must be a list with one item per player, got str"),
        ({"players": ["AsKs"]}, "players must hold 2 to 23 players in holdem, got 1"),
    ],
)
def test_errors_name_the_parameter(options: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"players": ["AsKs", "QdQc"], **options}
    with pytest.raises(ParameterError, match=message) as caught:
        equity(**arguments)  # type: ignore[arg-type]
    assert caught.value.parameter == str(message).split()[0].rstrip(":")


def test_a_seed_asks_for_monte_carlo() -> None:
    # Under method="auto" a seed was silently ignored on spots small enough to enumerate.
    result = equity(["AdAc", "KhKs"], seed=7, samples=4096)
    assert result.method == "monte-carlo" and result.seed == 7
    assert equity(["AdAc", "KhKs"], seed=7).method == "monte-carlo"


def test_showdown_errors_name_the_parameter() -> None:
    with pytest.raises(ParameterError, match="hands must be a list with one item per player"):
        showdown("Ah Kd 7s 2c 9h", "AsQh QdQc")
    with pytest.raises(ParameterError, match="board: invalid card"):
        showdown("Ah Kd 7s 2c 9x", ["AsQh", "QdQc"])
    with pytest.raises(UnknownGameError, match='unknown game "badugi"'):
        showdown("Ah Kd 7s 2c 9h", ["AsQh", "QdQc"], game="badugi")  # type: ignore[arg-type]


# ---- Monte Carlo dealt player by player (issue 23 §3, §4) -------------------------------------


def within_four_errors(sampled: EquityResult, exact: EquityResult) -> None:
    for estimate, truth in zip(sampled.players, exact.players, strict=True):
        assert estimate.stderr is not None and estimate.stderr > 0
        assert abs(estimate.equity - truth.equity) < 4 * estimate.stderr, (estimate, truth)


def ace_of_spades_combos() -> Range:
    """Every combo holding the ace of spades (51), built by hand, and 22 at weight 0.01."""
    spade = Card(51)
    combos = [(spade, Card(other)) for other in range(51)] + list(pairs_of("2").combos)
    return Range(tuple(combos), (1.0,) * 51 + (0.01,) * 6)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("players", "board"),
    [
        # Overlapping ranges: the later ranges' live weight varies from deal to deal.
        (["AA,KK", "AK", "AQs,KQs,QQ"], "2c 7d 9h"),
        # Dead ends: when the first two take all four aces, the third range has no combo.
        (["AA,KK", "AA,KK", "AK"], "2c 7d 9h"),
        # Weights, a known hand and a range it blocks.
        (["AhKh", "0.3(QQ+),AKs,0.7(JTs)", "Ah7h,Kh7h,TT"], "2h 7d 9h"),
        # The second range's live share is about 0.1 %: the combo is read off a scan.
        (["AsKs,AsQs", ace_of_spades_combos()], "7c 8d 9h"),
    ],
)
def test_monte_carlo_of_overlapping_ranges_matches_exact(players: list[object], board: str) -> None:
    exact = equity(players, board=board, method="exact")  # type: ignore[arg-type]
    sampled = equity(players, board=board, samples=300_000, seed=11)  # type: ignore[arg-type]
    assert sampled.method == "monte-carlo"
    within_four_errors(sampled, exact)


@pytest.mark.slow
def test_monte_carlo_of_random_hands_matches_exact_and_symmetry() -> None:
    # A random range is dealt like the board; against a hand, the exact heads-up path decides.
    for players in (["AsKs", "random"], ["random", "7h2c"]):
        exact = equity(players, board="Td 9d 3c", method="exact")
        within_four_errors(equity(players, board="Td 9d 3c", samples=200_000, seed=2), exact)
    # Ten random hands share the pot alike: a tenth each, exactly.
    result = equity(["random"] * 10, samples=200_000, seed=3)
    for player in result.players:
        assert player.stderr is not None
        assert abs(player.equity - 0.1) < 4 * player.stderr
    assert sum(player.equity for player in result.players) == pytest.approx(1)


@pytest.mark.slow
def test_a_full_table_of_random_hands_is_dealt() -> None:
    # 23 random hands: whole-deal redraws needed some 5e13 draws a deal.
    result = equity(["random"] * 23, samples=4096, seed=1)
    assert result.samples == 4096 and len(result.players) == 23


def test_a_spot_no_deal_completes_is_refused_up_front() -> None:
    for method in ("auto", "monte-carlo", "exact"):
        with pytest.raises(PokerScoreError, match="leave no deal in which no card is held twice"):
            equity(["AA", "AA", "AA"], method=method)  # type: ignore[arg-type]
    with pytest.raises(PokerScoreError, match="leave no deal"):
        equity(["AA"] + ["AA,KK"] * 4, samples=100)  # five pairs of eight cards
    with pytest.raises(PlayerError, match="player 3: no combo of AcKd, AcQd is left"):
        equity(["AhAs", "AA", "AcKd,AcQd"], samples=100)  # AA is AcAd, a known hand then


def test_monte_carlo_refuses_when_no_sampled_deal_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    # When the search gives up undecided, the sampler is the last guard.
    monkeypatch.setattr(equity_module, "_possible", lambda *_: None)
    with pytest.raises(PokerScoreError, match="none of 262,144 random deals was possible"):
        equity(["AA", "AA", "AA"], method="monte-carlo")


# ---- bounded memory and work (issue 23 §5, §6) ----------------------------------------------


@pytest.mark.slow
def test_exact_enumeration_streams_its_combinations() -> None:
    # 142,506 combinations of combos are listed as judged, in batches: the list of them alone
    # took 24 MB (three random hands preflop grew by 31 MB/s until MemoryError).
    import tracemalloc

    dead = "6c 6d 6h 6s 8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts"
    equity(["AhQh", "JcJd", "AsKs"], board="2c 3d 4h 5s 7c", method="exact")  # compiled first
    tracemalloc.start()
    try:
        result = equity(
            ["random", "random", "AsKs"], board="2c 3d 4h 5s 7c", dead=dead, method="exact"
        )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.boards == 406 * 351
    first, second, _ = result.players
    assert first.equity_exact == second.equity_exact  # two random hands share alike, exactly
    assert peak < 8 * 2**20, peak


def test_work_past_the_bound_is_refused_up_front() -> None:
    with pytest.raises(PokerScoreError, match=r"exact enumeration of this spot would judge about"):
        equity(["random"] * 3, method="exact")
    with pytest.raises(PokerScoreError, match=r"would judge about 7\.6e\+11 hands"):
        equity(["random", "random"], method="exact")
    with pytest.raises(ParameterError, match="samples must be at most 5,000,000,000 with 2"):
        equity(["AdAc", "KhKs"], samples=10**18)
    with pytest.raises(ParameterError, match=r"stderr must be at least 7\.1e-06 with 2 players"):
        equity(["AdAc", "KhKs"], stderr=1e-9)
    # Within the bound a target is reached: the spread of a share is at most a half.
    assert equity(["AdAc", "KhKs"], stderr=0.001, seed=1).players[0].stderr <= 0.001  # type: ignore[operator]


def test_weighted_counts_keep_their_fractions() -> None:
    # A weight of 0.5 makes half counts; they were truncated to integers (int(Fraction)), and
    # the equities summed to 16253/16254. One weight over a whole range changes nothing.
    plain = equity(["AA", "JJ", "2s 3d"], board="3h 3s 4s", method="exact")
    halved = equity(["AA", "0.5(JJ)", "2s 3d"], board="3h 3s 4s", method="exact")
    assert [p.equity_exact for p in halved.players] == [p.equity_exact for p in plain.players]
    assert sum((p.equity_exact or 0 for p in halved.players), Fraction(0)) == 1
    assert halved.boards == Fraction(plain.boards or 0) / 2


def test_a_game_the_kernels_cannot_judge_is_refused() -> None:
    # The any-five kernels read seven cards and a flush by its suit: three hole cards, a
    # deuce-to-seven or wild high, would have been judged wrong without a word.
    from pokerscore.engine import get_ranking
    from pokerscore.games.holdem.game import Game

    with pytest.raises(ParameterError, match="hole_cards must be 2 when any five play"):
        Game("three", "Three cards", 3, False)
    with pytest.raises(ParameterError, match="hole_cards must be a whole number from 2 to 6"):
        Game("big", "Big Omaha", 7, True)
    with pytest.raises(ParameterError, match="high must be a ranking without wild cards"):
        Game("wild", "Wild", 2, False, get_ranking("deuces-wild"))
    with pytest.raises(ParameterError, match="high must judge a flush by its suit"):
        Game("lowball", "Lowball", 2, False, get_ranking("deuce-to-seven"))
    with pytest.raises(ParameterError, match="high must be a ranking of the best five cards"):
        Game("badugi", "Badugi", 4, True, get_ranking("badugi"))  # four cards, not 2 + 3
    with pytest.raises(ParameterError, match="high must be a ranking of the best five cards"):
        Game("up", "Up cards", 2, False, get_ranking("high").of_size(3))
    with pytest.raises(ParameterError, match="low must be a ranking"):
        Game("odd", "Odd", 4, True, low="razz")  # type: ignore[arg-type]
    with pytest.raises(ParameterError, match="low must be a ranking with a qualifier"):
        Game("odd", "Odd", 4, True, low=get_ranking("ace-to-five"))
    # Two plus three is judged by five-card tables: any natural ranking will do.
    lowball = Game("omaha-27", "Omaha 2-7", 4, True, get_ranking("deuce-to-seven"))
    result = equity(["2c 3d 4h 7s", "Ah Kh Qd Jd"], board="5c 8d 9h", game=lowball)
    assert result.players[0].equity > 0.5


# ---- the work counted, not bounded (issue 32 §1) -----------------------------------------------


def _brute_force_deals(players: list[str], board: str, dead: str, hole_cards: int = 2) -> int:
    """Combinations of one combo per player that hold no card twice nor a board or dead card,
    counted one by one from the ranges' combos."""
    out = set(parse_cards(board)) | set(parse_cards(dead))
    ranges = [
        [set(combo) for combo in parse_range(text, hole_cards=hole_cards) if not out & set(combo)]
        for text in players
    ]

    def count(index: int, taken: set[Card]) -> int:
        if index == len(ranges):
            return 1
        return sum(count(index + 1, taken | combo) for combo in ranges[index] if not taken & combo)

    return count(0, set())


def _counted(players: list[str], board: str, dead: str, game: str = "holdem") -> object:
    rules = get_game(game)
    taken = set(parse_cards(board)) | set(parse_cards(dead))
    parsed = [equity_module._player(text, n, rules) for n, text in enumerate(players, 1)]
    live = equity_module._live(parsed, taken)
    held = {card for player in live if len(player.combos) == 1 for card in player.combos[0]}
    return equity_module._deals(live, len(rules.deck) - len(taken) - len(held))


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AA", "AK", "KK"], "", ""),
        (["AA", "AK", "AQ", "KQ"], "Qh", ""),
        (["QQ+,AK", "JJ+", "AKs,KQs"], "Ah 7c 2d", "Ks"),
        (["random", "AK", "AsKh"], "4h Ad 3c 4c 7c", "6h 5c 5d 5h 5s 8c 8d 8h 8s 9c 9d 9h 9s"),
        # the brute force counts these two one combination at a time: seconds (85 s and 15 s in
        # `make quick` at load 11), so they run in `make test` only
        pytest.param(["random", "random", "22+,A2s+"], "4h Ad 3c 4c 7c",
                     "6h 5c 5d 5h 5s 8c 8d 8h 8s 9c 9d", marks=pytest.mark.slow),
        pytest.param(["22-55", "random", "Td9d", "random"], "Th 9h 8h",
                     "2c 3c 4c 5c 6c 7c Jc Qc Kc Ac", marks=pytest.mark.slow),
    ],
)  # fmt: skip
def test_deals_are_counted_as_a_brute_force_counts_them(
    players: list[str], board: str, dead: str
) -> None:
    # The work of an exact run was the product of the ranges' sizes times (boards x players +
    # 1000), 440 times the truth on a river; now the combinations that hold no card twice are
    # counted, and each is judged boards x players times.
    counted = _counted(players, board, dead)
    assert counted.exact  # type: ignore[attr-defined]
    assert counted.count == _brute_force_deals(players, board, dead)  # type: ignore[attr-defined]


def test_a_count_too_large_to_count_exactly_is_estimated_within_a_few_percent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    players, board, dead = ["QQ+,AK", "JJ+,AQ", "AKs,KQs,QJs", "TT+"], "Ah 7c 2d", "Ks"
    truth = _brute_force_deals(players, board, dead)
    monkeypatch.setattr(equity_module, "_COUNT_PAIRS", 64)
    estimated = _counted(players, board, dead)
    assert not estimated.exact  # type: ignore[attr-defined]
    assert abs(estimated.count / truth - 1) < 0.1, (estimated.count, truth)  # type: ignore[attr-defined]
    monkeypatch.setattr(equity_module, "_COUNT_PAIRS", 1)  # every range drawn from, one combo
    estimated = _counted(players, board, dead)
    assert abs(estimated.count / truth - 1) < 0.1, (estimated.count, truth)  # type: ignore[attr-defined]


@pytest.mark.slow
def test_the_ompeval_river_spot_is_enumerated() -> None:
    # OMPEval's test 4 (random, random, AK on 4hAd3c4c7c, 6h dead): AK 0.695971. It was refused
    # as "about 1.3e+10 hands"; its 9,774,072 deals judge 29 million hands.
    result = equity(["random", "random", "AK"], board="4hAd3c4c7c", dead="6h", method="exact")
    assert result.boards == 9_774_072
    assert round(result.players[2].equity, 6) == 0.695971
    assert result.players[0].equity_exact == result.players[1].equity_exact


def test_a_spot_past_the_bound_is_refused_with_its_true_size() -> None:
    # Three random hands and AK on a river: 16 x C(45, 2) x C(43, 2) x C(41, 2) deals, each
    # judging four hands (random is every hand of the cards left, whatever the others took).
    truth = 16 * 990 * 903 * 820 * 4
    with pytest.raises(PokerScoreError, match="would judge about") as refused:
        equity(["random", "random", "random", "AK"], board="2c 3d 4h 5s 7c", method="exact")
    said = float(str(refused.value).split("about ")[1].split(" hands")[0])
    assert truth / 2 <= said <= truth * 2, (said, truth)
    # The river with three random hands: 966,381,570 deals, 2.9e9 hands, under the bound.
    rules = get_game("holdem")
    players = [equity_module._player("random", n, rules) for n in (1, 2, 3)]
    live = equity_module._live(players, set(parse_cards("2c 3d 4h 5s 7c")))
    _, work = equity_module._work(live, rules, 1, 47)
    assert 966_381_570 * 3 <= work <= 2 * 966_381_570 * 3


def test_an_omaha_hand_weighs_its_lookups_and_the_refusal_says_both() -> None:
    # Six-card Omaha, a hand against random on a flop: C(43, 6) x C(37, 2) deals of two hands
    # judged, 8.1e9, under the bound in hands; but each is 15 x 10 five-card lookups (measured
    # 27 times as slow as a hold'em hand), some 3e11 hold'em hands' work: refused, saying both.
    truth = comb(43, 6) * comb(37, 2) * 2
    with pytest.raises(PokerScoreError, match="hold'em hands' work each in omaha-6") as refused:
        equity(["AsAdKcQh7c6h", "random"], board="2c 3d 9h", game="omaha-6", method="exact")
    said = float(str(refused.value).split("about ")[1].split(" hands")[0])
    assert truth / 2 <= said <= truth * 2, (said, truth)
