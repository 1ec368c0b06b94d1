"""Hands on a board (issue 19): every class, draw, out and nut rank against a brute force written
from the rules (``tests/reference_board.py``), published flop figures, and the commands."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerscore import Card, Category, PokerScoreError, parse_cards, parse_range
from pokerscore.cli.app import app
from pokerscore.games.holdem.board.breakdown import BoardBreakdown, board_breakdown
from pokerscore.games.holdem.board.distribution import equity_distribution
from pokerscore.games.holdem.board.hand import Draw, MadeClass, hand_on_board
from pokerscore.games.holdem.equity import equity
from tests import reference_board as ref
from tests.cli.test_cli_fuzz import (
    assert_allowed,
    flags,
    fuzz,
    games,
    hand_text,
    invoke,
    range_words,
)
from tests.cli_runner import separate_streams_runner

CATEGORY_OF = {  # pokerscore's category slugs, with the royal flush as a straight flush
    "high-card": ref.HIGH_CARD,
    "one-pair": ref.PAIR,
    "two-pair": ref.TWO_PAIR,
    "three-of-a-kind": ref.TRIPS,
    "straight": ref.STRAIGHT,
    "flush": ref.FLUSH,
    "full-house": ref.FULL_HOUSE,
    "four-of-a-kind": ref.QUADS,
    "straight-flush": ref.STRAIGHT_FLUSH,
    "royal-flush": ref.STRAIGHT_FLUSH,
}


def _spots(seed: int, count: int, hole_size: int) -> list[tuple[list[int], list[int], list[int]]]:
    """Random (hole, board, dead) deals: boards of 3, 4 and 5 cards, sometimes a dead card."""
    rng = random.Random(seed)
    spots = []
    for index in range(count):
        cards = rng.sample(range(52), hole_size + 6)
        board_size = 3 + index % 3
        dead = cards[hole_size + board_size : hole_size + board_size + (index % 4 == 0)]
        spots.append((cards[:hole_size], cards[hole_size : hole_size + board_size], dead))
    return spots


def _drawing_spots(
    seed: int, count: int, hole_size: int
) -> list[tuple[list[int], list[int], list[int]]]:
    """Deals rich in draws: cards from a few adjacent ranks and two suits."""
    rng = random.Random(seed)
    spots = []
    for index in range(count):
        low = rng.randrange(-1, 9)
        ranks = [(low + step) % 13 for step in range(6)]
        suits = rng.sample(range(4), 2)
        pool = [4 * rank + suit for rank in ranks for suit in range(4)]
        weights = [4 if card % 4 in suits else 1 for card in pool]
        chosen: list[int] = []
        while len(chosen) < hole_size + 5:
            card = rng.choices(pool, weights)[0]
            if card not in chosen:
                chosen.append(card)
        board_size = 3 + index % 2
        spots.append((chosen[:hole_size], chosen[hole_size : hole_size + board_size], []))
    return spots


def _check_reading(hole: list[int], board: list[int], dead: list[int], omaha: bool) -> None:
    game = "omaha" if omaha else "holdem"
    hand = hand_on_board(hole, board, game=game, dead=dead)
    where = f"hole {hole} board {board} dead {dead} {game}"
    assert hand.made.kind.slug == ref.made_class(hole, board, omaha), where
    assert CATEGORY_OF[hand.made.category.slug] == ref.category(ref.hand_of(hole, board, omaha))
    expected_draws, completing = ref.draws(hole, board, omaha)
    assert {draw.slug for draw in hand.draws} == expected_draws, where
    assert {int(rank) for rank in hand.completing} == completing, where
    expected_outs, _ = ref.outs(hole, board, dead, omaha)
    assert {card.id for card in hand.outs} == expected_outs, where
    assert sum(len(group.cards) for group in hand.out_groups) == len(hand.outs)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_holdem_readings_agree_with_the_brute_force(seed: int) -> None:
    for hole, board, dead in _spots(seed, 400, 2) + _drawing_spots(seed, 300, 2):
        _check_reading(hole, board, dead, omaha=False)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
def test_omaha_readings_agree_with_the_brute_force(seed: int) -> None:
    for hole, board, dead in _spots(100 + seed, 200, 4) + _drawing_spots(100 + seed, 120, 4):
        _check_reading(hole, board, dead, omaha=True)


@pytest.mark.slow
@pytest.mark.parametrize(("hole_size", "count"), [(2, 150), (4, 40)])
def test_nut_ranks_agree_with_the_brute_force(hole_size: int, count: int) -> None:
    omaha = hole_size == 4
    for hole, board, dead in _spots(7 + hole_size, count, hole_size):
        hand = hand_on_board(hole, board, game="omaha" if omaha else "holdem", dead=dead)
        assert hand.nut_rank == ref.nut_rank(hole, board, dead, omaha), (hole, board, dead)


@pytest.mark.slow
@pytest.mark.parametrize("hole_size", [2, 4])
def test_outs_against_a_hand_agree_with_the_brute_force(hole_size: int) -> None:
    rng = random.Random(hole_size)
    omaha = hole_size == 4
    for index in range(300 if hole_size == 2 else 120):
        cards = rng.sample(range(52), 2 * hole_size + 5)
        hole, against = cards[:hole_size], cards[hole_size : 2 * hole_size]
        board = cards[2 * hole_size : 2 * hole_size + 3 + index % 2]
        hand = hand_on_board(hole, board, game="omaha" if omaha else "holdem", against=against)
        outs, ties = ref.outs(hole, board, [], omaha, against)
        assert {card.id for card in hand.outs} == outs, (hole, against, board)
        assert {card.id for card in hand.ties} == ties, (hole, against, board)


def test_the_issues_example_has_fifteen_outs() -> None:
    hand = hand_on_board("Ah Kh", "8h 7h 2c")
    assert len(hand.outs) == 15
    assert [(group.makes.slug, len(group.cards)) for group in hand.out_groups] == [
        ("flush", 9),
        ("one-pair", 6),
    ]
    assert Draw.NUT_FLUSH_DRAW in hand.draws and Draw.FLUSH_DRAW in hand.draws
    assert hand.made.kind is MadeClass.NOTHING


@pytest.mark.parametrize(
    ("hole", "board", "kind", "words"),
    [
        ("Ks Qd", "Kh 7c 2d", "top-pair", "top pair, queen kicker"),
        ("Ah Kc", "Kh 7c 2d", "top-pair", "top pair, ace kicker"),
        ("7s Qd", "Kh 7c 2d", "second-pair", "second pair, sevens"),
        ("2s Qd", "Kh 7c 2d", "bottom-pair", "bottom pair, twos"),
        ("As Ad", "Kh 7c 2d", "overpair", "overpair, aces"),
        ("9s 9d", "Kh 7c 2d", "pocket-pair-between", "pocket nines between the king and the seven"),
        ("2s 2c", "Kh 7c 3d", "underpair", "underpair, twos"),
        ("Ks 7d", "Kh 7c 2d", "top-two", "top two pair, kings and sevens"),
        ("Ks 2s", "Kh 7c 2d", "top-and-bottom", "top and bottom pair, kings and twos"),
        ("7s 2s", "Kh 7c 2d", "bottom-two", "bottom two pair, sevens and twos"),
        (
            "7s 8s",
            "Kh Kc 7d",
            "pair-plus-board-pair",
            "pair of sevens plus the board's pair of kings",
        ),
        ("Ks 8s", "Kh Kc 7d", "trips", "trips, kings"),
        ("7s 7h", "Kh 7c 2d", "set", "set of sevens"),
        ("As Qs", "Kh Kc 7d", "nothing", "nothing (the board's one pair)"),
        ("2s 3h", "Ah Kh Qd Jc Ts", "plays-the-board", "plays the board"),
        ("Ah 3h", "Kh 7h 2h", "flush", "flush, ace high"),
        ("3h 3d", "Kh Kd 3s", "full-house", "full house, threes full of kings"),
        ("5h 6h", "7h 8h 9h", "straight-flush", "straight flush, nine high"),
    ],
)
def test_made_classes_in_words(hole: str, board: str, kind: str, words: str) -> None:
    made = hand_on_board(hole, board).made
    assert (made.kind.slug, made.words) == (kind, words)


def test_double_gutshot_and_open_ender_are_told_apart_in_words() -> None:
    assert hand_on_board("9s 7d", "Jc 5h 8d").draw_words == ("double gutshot (T or 6)",)
    assert hand_on_board("9s 8d", "7c 6h 2d").draw_words == (
        "open-ended straight draw (T or 5)",
        "overcards",
    )
    assert hand_on_board("As Kd", "Qc Jh 2d").draw_words == ("gutshot (T)", "overcards")


def test_omaha_uses_exactly_two_hole_cards() -> None:
    # Four hearts in the hand and one on the board: no flush draw (the board needs two).
    hand = hand_on_board("Ah Kh Qh Jh", "2h 7c 8d", game="omaha")
    assert Draw.FLUSH_DRAW not in hand.draws and Draw.BACKDOOR_FLUSH_DRAW in hand.draws
    # A board with four to a straight gives a hold'em hand a straight, not an Omaha hand.
    assert hand_on_board("9c 9d Kd Ks", "5h 6c 7d 8s", game="omaha").made.kind is MadeClass.OVERPAIR


def test_hi_lo_games_describe_the_low() -> None:
    hand = hand_on_board("Ah 2d Kc Ks", "3c 4h 8s 9d Qc", game="omaha-hi-lo")
    assert hand.made.low is not None and hand.made.low.description.startswith("Eight")


@pytest.mark.slow
def test_outs_against_a_hand_agree_with_equity_on_the_turn() -> None:
    rng = random.Random(5)
    for _ in range(5):
        cards = rng.sample(range(52), 8)
        hole, against, board = cards[:2], cards[2:4], cards[4:8]
        hand = hand_on_board(hole, board, against=against)
        for river in range(52):
            if river in cards:
                continue
            result = equity([hole, against], board=[*board, river])
            share = Fraction(result.players[0].equity).limit_denominator(2)
            behind_now = hand.ahead != 1
            assert (river in {c.id for c in hand.outs}) == (share == 1 and behind_now)
            assert (river in {c.id for c in hand.ties}) == (share == Fraction(1, 2))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hole": "Ah", "board": "2c 3d 4h"}, "hole: holdem deals 2 hole cards, got 1"),
        ({"hole": "Ah Kh", "board": "2c 3d"}, "board: a board of holdem has 3, 4 or 5 cards"),
        (
            {"hole": "Ah Kh", "board": "2c 3d 4h", "dead": "Ah"},
            "dead: card Ah is already in the hole cards",
        ),
        ({"hole": "Ah Kh", "board": "2c 3d 4h", "against": "Qs"}, "against: holdem deals 2"),
        ({"hole": "Ah Kh", "board": "2c 3d 4x"}, "board: invalid card"),
        ({"hole": "Ah 2h", "board": "6c 7d 8h", "game": "short-deck"}, "hole: 2h is not in"),
    ],
)
def test_bad_input_names_the_parameter(kwargs: dict[str, str], message: str) -> None:
    with pytest.raises(PokerScoreError, match=message):
        hand_on_board(**kwargs)  # type: ignore[arg-type]


def _reference_breakdown(
    hands: list[tuple[list[int], Fraction]], board: list[int], dead: list[int], omaha: bool
) -> tuple[Fraction, Counter[str], Counter[int], Counter[str]]:
    """Made classes, categories and draws summed over the live hands, by the brute force."""
    made: Counter[str] = Counter()
    categories: Counter[int] = Counter()
    draws: Counter[str] = Counter()
    total = Fraction(0)
    for hole, weight in hands:
        if set(hole) & (set(board) | set(dead)):
            continue
        total += weight
        made[ref.made_class(hole, board, omaha)] += weight  # type: ignore[assignment]
        categories[ref.category(ref.hand_of(hole, board, omaha))] += weight  # type: ignore[assignment]
        for draw in ref.draws(hole, board, omaha)[0]:
            draws[draw] += weight  # type: ignore[assignment]
    return total, made, categories, draws


def _check_breakdown(
    result: BoardBreakdown, expected: tuple[Fraction, Counter[str], Counter[int], Counter[str]]
) -> None:
    total, made, categories, draws = expected
    assert result.combos == total
    assert {kind.slug: count for kind, count in result.made.items() if count} == dict(+made)
    found: Counter[int] = Counter()
    for category, count in result.categories.items():
        found[CATEGORY_OF[category.slug]] += count  # type: ignore[assignment]
    assert +found == +categories
    assert {draw.slug: count for draw, count in result.draws.items() if count} == dict(+draws)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_breakdowns_of_random_agree_with_the_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    hands = [(list(pair), Fraction(1)) for pair in combinations(range(52), 2)]
    for board_size in (3, 4, 5):
        cards = rng.sample(range(52), board_size + 1)
        board, dead = cards[:board_size], cards[board_size:] if seed else []
        result = board_breakdown("random", board, dead=dead)
        _check_breakdown(result, _reference_breakdown(hands, board, dead, omaha=False))


def _suited_boards(seed: int, count: int, deck: list[int]) -> list[list[int]]:
    """Flops, turns and rivers, a third of them of three to five cards of one suit (boards where
    some combos may make a flush and others not)."""
    rng = random.Random(seed)
    boards = []
    for index in range(count):
        size = 3 + index % 3
        if index % 3:
            boards.append(rng.sample(deck, size))
            continue
        suit = rng.randrange(4)
        suited = rng.sample([card for card in deck if card % 4 == suit], rng.randint(3, size))
        rest = [card for card in deck if card not in suited]
        boards.append(suited + rng.sample(rest, size - len(suited)))
    return boards


@pytest.mark.parametrize(
    ("game", "count"),
    [
        ("holdem", 12),  # make quick: the first boards of the slow runs'
        ("short-deck", 6),
        pytest.param("holdem", 120, marks=pytest.mark.slow),
        pytest.param("short-deck", 60, marks=pytest.mark.slow),
    ],
)
def test_breakdowns_agree_with_each_combo_classified_whole(game: str, count: int) -> None:
    """The breakdown reads a combo that cannot make a flush by its pair of ranks (once per pair)
    and its flush draws; the kernel's one-hand reading classifies each combo whole. The two
    agree on every combo of ``random`` over many boards."""
    import numpy as np

    from pokerscore.games.holdem.board import _kernels as k
    from pokerscore.games.holdem.game import get_game

    rules = get_game(game)  # type: ignore[arg-type]
    deck = list(rules.deck)
    for board in _suited_boards(5, count, deck):
        tables = k.board_tables(rules.high, k.sizes_needed(2, False, (len(board),)))
        board_ids = np.array(board, dtype=np.uint8)
        expected = [0] * k.COUNTERS
        for pair in combinations([card for card in deck if card not in board], 2):
            hole = np.array(pair, dtype=np.uint8)
            _, made, category, draws, _ = k.hand_reading(hole, board_ids, False, tables)
            expected[made] += 1
            expected[k.CATEGORY_BASE + category] += 1
            for bit in range(k.DRAW_BITS):
                expected[k.DRAW_BASE + bit] += draws >> bit & 1
            expected[k.LIVE] += 1
        result = board_breakdown("random", board, game=game)  # type: ignore[arg-type]
        made_expected = {kind: expected[kind.code] for kind in result.made}
        assert result.made == made_expected, board
        assert result.categories == {
            category: expected[k.CATEGORY_BASE + int(category)] for category in result.categories
        }, board
        assert list(result.draws.values()) == expected[k.DRAW_BASE : k.DRAW_BASE + k.DRAW_BITS]
        assert result.combos == expected[k.LIVE]


def test_weighted_breakdowns_are_exact_fractions() -> None:
    text = "0.3(AK), 0.25(QQ+), 22:0.5"
    rng = random.Random(3)
    board = rng.sample(range(52), 3)
    parsed = parse_range(text)
    hands = [
        ([a.id, b.id], Fraction(str(weight)))
        for (a, b), weight in zip(parsed.combos, parsed.weights, strict=True)
    ]
    result = board_breakdown(text, board)
    _check_breakdown(result, _reference_breakdown(hands, board, [], omaha=False))
    assert isinstance(result.combos, Fraction)


@pytest.mark.slow
def test_omaha_breakdowns_agree_with_the_brute_force() -> None:
    rng = random.Random(11)
    board = rng.sample(range(52), 3)
    rest = [card for card in range(52) if card not in board]
    hands = {tuple(sorted(rng.sample(rest, 4), reverse=True)) for _ in range(400)}
    text = ", ".join("".join(str(Card(card)) for card in hand) for hand in hands)
    result = board_breakdown(text, board, game="omaha")
    _check_breakdown(
        result, _reference_breakdown([(list(h), Fraction(1)) for h in hands], board, [], True)
    )
    every = board_breakdown("random", board, game="omaha")
    assert every.combos == comb(49, 4)


@pytest.mark.slow
def test_omaha_all_flops_of_a_few_hands_agree_with_their_flops() -> None:
    hands = "AhKhQdJd, 7c7d8s9s"
    every = board_breakdown(hands, game="omaha", all_flops=True)
    assert every.combos == 2 * comb(48, 3)
    # The same counts, flop by flop, for one hand, on a sample: the per-flop tallies sum.
    assert sum(every.made.values()) == every.combos


@pytest.mark.slow
def test_all_flops_of_random_is_ten_times_the_five_card_table() -> None:
    every = board_breakdown("random", all_flops=True)
    assert every.combos == 25_989_600
    assert every.categories[Category.ONE_PAIR] == 10_982_400
    five_card = {"high-card": 1_302_540, "one-pair": 1_098_240, "two-pair": 123_552,
                 "three-of-a-kind": 54_912, "straight": 10_200, "flush": 5_108,
                 "full-house": 3_744, "four-of-a-kind": 624, "straight-flush": 36,
                 "royal-flush": 4}  # fmt: skip
    assert {c.slug: n for c, n in every.categories.items()} == {
        slug: 10 * count for slug, count in five_card.items()
    }


def test_published_flop_figures() -> None:
    pair = board_breakdown("8c8d", all_flops=True)
    assert pair.combos == 19_600
    # A set, or a full house or quads using the pair: flops holding an eight. Full houses
    # without one are the 48 flops of three of a kind of another rank.
    board_trips = 12 * 4
    made = pair.made
    assert (
        made[MadeClass.SET] + made[MadeClass.QUADS] + made[MadeClass.FULL_HOUSE] - board_trips
        == 2_304
    )
    suited = board_breakdown("AhKh", all_flops=True)
    assert suited.made[MadeClass.FLUSH] + suited.made[MadeClass.STRAIGHT_FLUSH] == 165
    assert suited.draws[Draw.FLUSH_DRAW] == 2_145
    unpaired = board_breakdown("AsKd", all_flops=True)
    # No flush and only the QJT flops make a straight: every other flop pairing neither card is
    # "nothing"; the rest pair a hole card (6,356 of 19,600, 32.43 %).
    assert 19_600 - unpaired.made[MadeClass.NOTHING] - unpaired.made[MadeClass.STRAIGHT] == 6_356


def test_all_flops_with_dead_cards_reads_every_combo() -> None:
    with_dead = board_breakdown("AKs, 72o", all_flops=True, dead="2c")
    assert with_dead.combos == (4 + 9) * comb(49, 3)  # three 72o combos hold the dead deuce
    assert sum(with_dead.categories.values()) == with_dead.combos


@pytest.mark.slow
@pytest.mark.parametrize("dead", ["", "2c"])
def test_all_flops_sum_the_breakdowns_of_every_flop(dead: str) -> None:
    text = "AKs, 72o, 55, 0.5(T9s)"
    every = board_breakdown(text, all_flops=True, dead=dead)
    made: Counter[MadeClass] = Counter()
    draws: Counter[Draw] = Counter()
    dead_ids = {card.id for card in parse_cards(dead)}
    for flop in combinations(range(52), 3):
        if dead_ids & set(flop):
            continue
        one = board_breakdown(text, flop, dead=dead)
        made.update(one.made)
        draws.update(one.draws)
    assert every.made == {kind: made[kind] for kind in every.made}
    assert every.draws == {draw: draws[draw] for draw in every.draws}


def test_a_breakdown_with_a_board_and_all_flops_is_refused() -> None:
    with pytest.raises(PokerScoreError, match="board: all_flops reads every flop"):
        board_breakdown("AA", "2c 3d 4h", all_flops=True)
    with pytest.raises(PokerScoreError, match="range: invalid range"):
        board_breakdown("AKx", "2c 3d 4h")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hero", "villain", "board", "dead"),
    [
        ("QQ+,AKs", "random", "Ks 7d 2c", ""),
        ("0.5(TT-77), AQo", "22+, 0.25(KJs)", "9h 8h 2c 3d", "Ah"),
        ("AsQs, 6c6d", "JJ, AQ", "Ks 7d 2c 3h 9s", ""),
    ],
)
def test_equity_distributions_agree_with_equity(
    hero: str, villain: str, board: str, dead: str
) -> None:
    spread = equity_distribution(hero, villain, board, dead=dead)
    ranges = [parse_range(hero), parse_range(villain)]  # as ranges: "AsQs, 6c6d" reads as cards
    whole = equity(ranges, board=board, dead=dead, method="exact")
    assert spread.equity_exact == whole.players[0].equity_exact
    assert sum(spread.buckets) == pytest.approx(1.0)
    for combo in spread.combos[:: max(1, len(spread.combos) // 4)]:
        alone = equity([combo.cards, ranges[1]], board=board, dead=dead, method="exact")
        assert combo.equity_exact == alone.players[0].equity_exact, combo.cards
        bucket = min(int(combo.equity * 10), 9)
        assert spread.buckets[bucket] > 0
    for card, share in list(spread.next_cards.items())[:5]:
        after = equity(
            [hero, villain], board=[*parse_cards(board), card], dead=dead, method="exact"
        )
        assert share == pytest.approx(after.players[0].equity, abs=1e-12), card
    assert (len(spread.next_cards) > 0) == (len(parse_cards(board)) < 5)


def _brute_force(
    hero: list[tuple[str, int]], villain: list[tuple[str, int]], board: list[Card]
) -> tuple[int, int]:
    """Twice the wins plus the ties of every matchup on a full ``board``, and twice their count,
    each weighed by both combos' weights (PokerStove's); combos sharing a card are no matchup.
    Judged by eval7, written from the rules without the engine."""
    import eval7

    def value(cards: list[Card]) -> int:
        return int(eval7.evaluate([eval7.Card(str(card)) for card in cards]))

    shares = count = 0
    for hero_text, hero_weight in hero:
        mine = parse_cards(hero_text)
        for villain_text, villain_weight in villain:
            theirs = parse_cards(villain_text)
            if len({*mine, *theirs, *board}) < len(mine) + len(theirs) + len(board):
                continue
            weight = hero_weight * villain_weight
            ours, others = value([*mine, *board]), value([*theirs, *board])
            shares += weight * (2 if ours > others else 1 if ours == others else 0)
            count += 2 * weight
    return shares, count


@pytest.mark.slow
def test_equity_by_turn_and_river_is_the_brute_force() -> None:
    """On a flop, the equity after each turn card and after each turn and river (the rivers
    were not given before): every matchup of every runout counted here, each two-card runout
    on its own and each turn card pooled over its rivers; the ranking's ends are the best and
    worst runouts."""
    hero = [("AhKh", 2), ("8c8d", 1)]
    villain = [("QsQd", 1), ("JhTh", 2), ("Ah9h", 1)]
    flop = parse_cards("Qh 7h 2c")
    spread = equity_distribution("AhKh, 0.5(8c8d)", "0.5(QsQd), JhTh, 0.5(Ah9h)", flop)
    deck = [card for card in map(Card, range(52)) if card not in flop]
    by_turn: dict[Card, list[int]] = {card: [0, 0] for card in deck}
    seen = 0
    for turn, river in combinations(deck, 2):
        shares, count = _brute_force(hero, villain, [*flop, turn, river])
        for card in (turn, river):
            by_turn[card][0] += shares
            by_turn[card][1] += count
        if count:
            expected = shares / count
            assert spread.rivers[turn][river] == pytest.approx(expected, abs=1e-12)
            assert spread.rivers[river][turn] == spread.rivers[turn][river]
            seen += 1
        else:
            assert river not in spread.rivers.get(turn, {})
    assert sum(len(rivers) for rivers in spread.rivers.values()) == 2 * seen
    assert set(spread.next_cards) == {card for card, (_, count) in by_turn.items() if count}
    for card, (shares, count) in by_turn.items():
        if count:
            assert spread.next_cards[card] == pytest.approx(shares / count, abs=1e-12), card
    ranked = spread.runouts_ranked()
    assert len(ranked) == seen
    assert ranked[0][1] == max(share for _, share in ranked)
    assert ranked[-1][1] == min(share for _, share in ranked)
    turn = parse_cards("9d 3s")  # on a turn: the river cards are the next cards, no rivers
    on_turn = equity_distribution("AhKh, 0.5(8c8d)", "0.5(QsQd), JhTh", [*flop, turn[0]])
    assert on_turn.rivers == {} and on_turn.runouts_ranked() == []
    assert turn[1] in on_turn.next_cards


@pytest.mark.slow
def test_omaha_equity_by_turn_and_river_is_equitys() -> None:
    """Omaha's hand-against-hand path gives the rivers too: a few turns and rivers against
    equity() on the full board."""
    players = ["AhKhQdJd", "8c8d7s6s"]
    flop = parse_cards("Qh 7h 2c")
    spread = equity_distribution(players[0], players[1], flop, game="omaha")
    for turn, river in [("9d", "3s"), ("Ac", "Kd"), ("8h", "6h")]:
        board = [*flop, *parse_cards(f"{turn} {river}")]
        after = equity(players, board=board, game="omaha", method="exact")
        share = spread.rivers[parse_cards(turn)[0]][parse_cards(river)[0]]
        assert share == pytest.approx(after.players[0].equity, abs=1e-12), (turn, river)
    assert len(spread.rivers) == 52 - 3 - 8


def run(*args: str) -> tuple[int, str, str]:
    result = separate_streams_runner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_outs_command_shows_class_draws_outs_and_nut_rank() -> None:
    status, out, _ = run("outs", "AhKh", "--board", "8h 7h 2c")
    assert status == 0
    assert "nothing, ace high" in out and "nut flush draw (hearts)" in out
    assert "15 of 47 cards" in out and "flush (9)" in out and "nut rank  47" in out
    status, out, _ = run("outs", "Ah", "Kh", "-b", "8h 7h 2c", "--against", "Qs Qd", "--json")
    payload = json.loads(out)
    assert status == 0 and payload["ahead"] == -1 and len(payload["outs"]) == 15
    assert payload["made"]["class"] == "nothing" and payload["ties"] == []
    assert payload["outs_by_hand"]["flush"][0] == "2h"


def test_the_board_command_json_has_the_issues_keys() -> None:
    status, out, _ = run("board", "QQ+,AKs", "--board", "Ks 7d 2c", "--json")
    payload = json.loads(out)
    assert status == 0
    assert {"board", "game", "range", "combos", "made", "categories", "draws"} <= set(payload)
    assert payload["combos"] == 18 and payload["made"]["set"] == 3
    assert set(payload["draws"]) == {
        "flush-draw", "nut-flush-draw", "open-ended", "gutshot", "backdoor-flush-draw",
        "backdoor-straight-draw", "overcards", "combo-draw",
    }  # fmt: skip
    status, out, _ = run("board", "0.5(AK), 0.3(22)", "-b", "Ks 7d 2c", "--json")
    payload = json.loads(out)
    assert payload["combos"] == 6.9 and payload["made"]["top-pair"] == 6.0  # 12 AK and 3 22 live


def test_the_board_command_over_every_flop_and_against_a_range() -> None:
    status, out, _ = run("board", "AsKd", "--all-flops", "--json")
    assert status == 0 and json.loads(out)["combos"] == 19_600
    args = ["board", "AA,KK", "-b", "Ks 7d 2c 5h", "--against", "QQ+,AKs", "--by-street"]
    status, out, _ = run(*args, "--json")
    payload = json.loads(out)
    assert status == 0 and len(payload["against"]["distribution"]) == 10
    assert (
        payload["by_street"]["street"] == "turn" and len(payload["by_street"]["next_cards"]) == 48
    )
    status, out, _ = run(*args)
    assert status == 0 and "equity against QQ+, AKs" in out and "every river card" in out
    assert "by turn and river" not in out  # on a turn: the river cards only
    args = ["board", "AA,KK", "-b", "Ks 7d 2c", "--against", "QQ+,AKs", "--by-street"]
    status, out, _ = run(*args, "--json")
    street = json.loads(out)["by_street"]
    assert status == 0 and street["street"] == "flop" and street["next_street"] == "turn"
    assert len(street["next_cards"]) == 49 and len(street["rivers"]) == 49
    assert all(len(rivers) == 48 for rivers in street["rivers"].values())
    assert street["rivers"]["Ah"]["Kc"] == street["rivers"]["Kc"]["Ah"]
    status, out, _ = run(*args)
    assert status == 0 and "by turn and river (1,176 runouts)" in out


@pytest.mark.slow
def test_board_and_outs_errors_are_one_line_naming_the_flag() -> None:
    for args, message in (
        (["board", "random", "--board", "Ks"], "--board: a board of holdem has 3, 4 or 5"),
        (["board", "random"], "a board is needed"),
        (["board", "random", "--all-flops", "-b", "Ks 7d 2c"], "--all-flops reads every flop"),
        (["board", "random", "-b", "Ks 7d 2c", "--by-street"], "--by-street needs --against"),
        (["board", "AKx", "-b", "Ks 7d 2c"], "RANGE: invalid range"),
        (["board", "random", "-b", "Ks 7d 2c", "--dead", "Ks"], "--dead: card Ks is already"),
        (["outs", "Ah", "--board", "Ks 7d 2c"], "HOLE: holdem deals 2 hole cards, got 1"),
        (["outs", "AhKh", "--board", "Ks 7d 2c", "--against", "Ah Qd"], "--against: card Ah"),
        (["outs", "AhKh", "--board", "Ks 7d 2c", "-g", "badugi"], 'unknown game "badugi"'),
    ):
        status, _, err = run(*args)
        assert status == 2, args
        assert err.startswith(f"error: {message}") and err.count("\n") == 1, (args, err)


@pytest.mark.slow
@fuzz
@given(range_words, hand_text, hand_text, hand_text, games, st.lists(flags, max_size=2))
def test_board_and_outs_with_any_arguments(
    text: str, board: str, dead: str, against: str, game: str, extra: list[str]
) -> None:
    assert_allowed(invoke(["outs", text, "--board", board, "--dead", dead, "-g", game, *extra]))
    assert_allowed(invoke(["outs", text, "-b", board, "--against", against, "-g", game, *extra]))
    assert_allowed(invoke(["board", text, "--board", board, "--dead", dead, "-g", game, *extra]))
    assert_allowed(invoke(["board", text, "-b", board, "--against", against, "--by-street"]))


@pytest.mark.slow
def test_omaha_equity_distributions_agree_with_equity() -> None:
    hands = ["AhKhQdJd", "7c7d8s9s", "2c3c4d5d"]
    against = ["AsAdKcQc", "Th9h8h6d"]
    board = "Kd 9c 2h"
    spread = equity_distribution(", ".join(hands), ", ".join(against), board, game="omaha")
    for combo in spread.combos:
        pairs = [
            equity([combo.cards, other], board=board, game="omaha", method="exact")
            for other in against
        ]
        boards = [Fraction(result.boards) for result in pairs]  # type: ignore[arg-type]
        won = sum(
            (result.players[0].equity_exact or 0) * count
            for result, count in zip(pairs, boards, strict=True)
        )
        assert combo.equity_exact == won / sum(boards), combo.cards
    assert sum(spread.buckets) == pytest.approx(1.0)
    with pytest.raises(PokerScoreError, match="game: equity distributions judge the high hand"):
        equity_distribution(hands[0], against[0], board, game="omaha-hi-lo")


@pytest.mark.slow  # 0.5 s
def test_omaha_distribution_states_its_work_and_refuses_past_the_bound() -> None:
    # random (211,876 live Omaha hands on this flop) against two hands on 1,176 runouts took a
    # minute: the bound counted 5e8 (runout, hand, hand) triples, not the 1.5e10 five-card hands
    # valued (each live hand on each runout, 6 x 10 lookups). Now refused up front, saying so.
    work = 1176 * ((211_876 + 2) * 60 + 211_876 * 2)
    with pytest.raises(PokerScoreError, match="would look up about") as refused:
        equity_distribution("random", "AhKhQdJd, 7c7d8s9s", "Th 9h 4c", game="omaha")
    said = float(str(refused.value).split("about ")[1].split(" five-card")[0])
    assert work / 2 <= said <= work * 2, (said, work)
    assert str(refused.value).startswith("against: ")


def test_omaha_distribution_reports_progress_as_runouts_are_weighed() -> None:
    seen: list[tuple[int, int]] = []
    spread = equity_distribution(
        "AhKhQdJd, 7c7d8s9s", "AsAdKcQc", "Kd 9c 2h", game="omaha",
        progress=lambda done, total: seen.append((done, total)),
    )  # fmt: skip
    assert seen[-1] == (spread.runouts, spread.runouts) == (1176, 1176)
    assert [done for done, _ in seen] == sorted({done for done, _ in seen}) and len(seen) > 1
