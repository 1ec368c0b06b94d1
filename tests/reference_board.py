"""A brute-force reading of hands on a board, written from the rules of issue 19 alone.

It shares no code with pokerscore: cards are ids ``4 * rank + suit`` (rank 0 = deuce … 12 = ace),
hands are judged by :func:`best_of` (category 0..9 as standard high poker orders them, then the
ranks that break ties; Python's tuple order is the order of hands), and every class, draw, out
and nut rank is found by trying the cards and ranks the rules talk about. Hold'em plays any five
of hole and board; Omaha exactly two hole cards and three board cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
ROYAL = 9
STRAIGHTS = [frozenset(range(low, low + 5)) for low in range(9)] + [frozenset({12, 0, 1, 2, 3})]
"""Every straight as its set of five ranks, the wheel A-2-3-4-5 included."""

Hand = tuple[int, tuple[int, ...]]


def straight_high(ranks: set[int] | frozenset[int]) -> int:
    """The high rank of the best straight within a set of ranks, or -1."""
    best = -1
    for straight in STRAIGHTS:
        if straight <= ranks:
            high = 3 if 12 in straight and 0 in straight else max(straight)
            best = max(best, high)
    return best


def best_of(cards: Sequence[int]) -> Hand:
    """(category, tie-break ranks) of the best five of up to seven cards (five or more: any
    five; fewer: only the pairs count, as a board of three or four cards alone)."""
    ranks = [card // 4 for card in cards]
    counts = Counter(ranks)
    if len(cards) >= 5:
        by_suit: dict[int, list[int]] = {}
        for card in cards:
            by_suit.setdefault(card % 4, []).append(card // 4)
        for suited in by_suit.values():
            if len(suited) >= 5:
                high = straight_high(set(suited))
                if high >= 0:
                    return (ROYAL if high == 12 else STRAIGHT_FLUSH), (high,)
    # Ranks grouped by count, then rank: the order they are read in.
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    if counts[order[0]] == 4:
        kickers = sorted((r for r in ranks if r != order[0]), reverse=True)[:1]
        return QUADS, (order[0], *kickers)
    triples = [rank for rank in order if counts[rank] == 3]
    pairs = [rank for rank in order if counts[rank] == 2]
    if triples and (len(triples) > 1 or pairs):
        top = triples[0]
        second = max([r for r in triples[1:]] + pairs)
        return FULL_HOUSE, (top, second)
    if len(cards) >= 5:
        for suited in by_suit.values():
            if len(suited) >= 5:
                return FLUSH, tuple(sorted(suited, reverse=True)[:5])
        high = straight_high(set(ranks))
        if high >= 0:
            return STRAIGHT, (high,)
    size = min(5, len(cards))
    if triples:
        kickers = sorted((r for r in ranks if r != triples[0]), reverse=True)
        return TRIPS, (triples[0], *kickers[: size - 3])
    if len(pairs) >= 2:
        top, low = pairs[0], pairs[1]
        kickers = sorted((r for r in ranks if r not in (top, low)), reverse=True)
        return TWO_PAIR, (top, low, *kickers[: size - 4])
    if pairs:
        kickers = sorted((r for r in ranks if r != pairs[0]), reverse=True)
        return PAIR, (pairs[0], *kickers[: size - 2])
    return HIGH_CARD, tuple(sorted(ranks, reverse=True)[:size])


def hand_of(hole: Sequence[int], board: Sequence[int], omaha: bool) -> Hand:
    """The best hand of hole cards on a board under the game's rule."""
    if not omaha:
        return best_of(list(hole) + list(board))
    return max(
        best_of(list(pair) + list(triple))
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
    )


def category(hand: Hand) -> int:
    """The category, a royal flush counted as a straight flush."""
    return STRAIGHT_FLUSH if hand[0] == ROYAL else hand[0]


def made_class(hole: Sequence[int], board: Sequence[int], omaha: bool) -> str:
    """The made class of the rules (slugs as ``pokerscore`` names them)."""
    hand = hand_of(hole, board, omaha)
    if len(board) == 5 and hand == best_of(board):
        return "plays-the-board"
    kind, ranks = category(hand), hand[1]
    by_category = {
        STRAIGHT_FLUSH: "straight-flush",
        QUADS: "quads",
        FULL_HOUSE: "full-house",
        FLUSH: "flush",
        STRAIGHT: "straight",
    }
    if kind in by_category:
        return by_category[kind]
    on_board = Counter(card // 4 for card in board)
    distinct = sorted(on_board, reverse=True)
    if kind == TRIPS:
        return {1: "set", 2: "trips"}.get(on_board[ranks[0]], "nothing")
    if kind == TWO_PAIR:
        high, low = ranks[0], ranks[1]
        if on_board[high] == 2 and on_board[low] == 2:
            return "nothing"
        if on_board[high] == 1 and on_board[low] == 1:
            if distinct.index(high) == 0:
                return "top-two" if distinct.index(low) == 1 else "top-and-bottom"
            return "bottom-two"
        if on_board[high] and on_board[low]:
            return "pair-plus-board-pair"
        return _pocket(high if on_board[high] == 0 else low, distinct)
    if kind == PAIR:
        pair = ranks[0]
        if on_board[pair] == 2:
            return "nothing"
        if on_board[pair] == 1:
            return (
                ("top-pair", "second-pair")[distinct.index(pair)]
                if distinct.index(pair) < 2
                else "bottom-pair"
            )
        return _pocket(pair, distinct)
    return "nothing"


def _pocket(pair: int, distinct: list[int]) -> str:
    if pair > max(distinct):
        return "overpair"
    if pair < min(distinct):
        return "underpair"
    return "pocket-pair-between"


def _has_straight_with_hole(hole: Sequence[int], board_ranks: list[int], omaha: bool) -> bool:
    """Whether hole cards and ``board_ranks`` (the board's and new ranks) hold a straight that
    uses a hole card (hold'em: not within the board ranks alone; Omaha: two hole cards and
    three of the board ranks)."""
    hole_ranks = [card // 4 for card in hole]
    if omaha:
        for pair in combinations(hole_ranks, 2):
            for triple in combinations(board_ranks, 3):
                ranks = set(pair) | set(triple)
                if len(ranks) == 5 and straight_high(ranks) >= 0:
                    return True
        return False
    every = set(hole_ranks) | set(board_ranks)
    alone = set(board_ranks)
    return any(straight <= every and not straight <= alone for straight in STRAIGHTS)


def draws(hole: Sequence[int], board: Sequence[int], omaha: bool) -> tuple[set[str], set[int]]:
    """The draws of the rules, and the completing ranks R."""
    found: set[str] = set()
    if len(board) >= 5:
        return found, set()
    hand = hand_of(hole, board, omaha)
    kind = category(hand)
    if kind < FLUSH:
        for suit in range(4):
            held = sum(card % 4 == suit for card in hole)
            shown = sum(card % 4 == suit for card in board)
            if omaha:
                four, three = held >= 2 and shown == 2, held >= 2 and shown == 1
            else:
                four, three = held >= 1 and held + shown == 4, held >= 1 and held + shown == 3
            if four:
                found.add("flush-draw")
                unseen_ranks = [r for r in range(13) if 4 * r + suit not in board]
                if 4 * max(unseen_ranks) + suit in hole:
                    found.add("nut-flush-draw")
            if three and len(board) == 3:
                found.add("backdoor-flush-draw")
    completing: set[int] = set()
    board_ranks = [card // 4 for card in board]
    if kind < STRAIGHT:
        for rank in range(13):
            if _has_straight_with_hole(hole, [*board_ranks, rank], omaha):
                completing.add(rank)
        if len(completing) >= 2:
            found.add("open-ended")
        elif len(completing) == 1:
            found.add("gutshot")
        elif len(board) == 3 and any(
            _has_straight_with_hole(hole, [*board_ranks, first, second], omaha)
            for first in range(13)
            for second in range(first + 1, 13)
        ):
            found.add("backdoor-straight-draw")
    if made_class(hole, board, omaha) == "nothing":
        top = max(board_ranks)
        if len({card // 4 for card in hole if card // 4 > top}) >= 2:
            found.add("overcards")
    if "flush-draw" in found and found & {"open-ended", "gutshot"}:
        found.add("combo-draw")
    return found, completing


def outs(
    hole: Sequence[int],
    board: Sequence[int],
    dead: Sequence[int],
    omaha: bool,
    against: Sequence[int] | None = None,
) -> tuple[set[int], set[int]]:
    """(outs, ties) by dealing every unseen card next."""
    seen = set(hole) | set(board) | set(dead) | set(against or ())
    now = hand_of(hole, board, omaha)
    ahead = against is not None and now > hand_of(against, board, omaha)
    found, ties = set(), set()
    for card in range(52):
        if card in seen or len(board) >= 5:
            continue
        grown = [*board, card]
        after = hand_of(hole, grown, omaha)
        if against is None:
            alone = best_of(grown)
            if category(after) > category(now) and category(after) > category(alone):
                found.add(card)
        else:
            theirs = hand_of(against, grown, omaha)
            if after > theirs and not ahead:
                found.add(card)
            if after == theirs:
                ties.add(card)
    return found, ties


def nut_rank(
    hole: Sequence[int],
    board: Sequence[int],
    dead: Sequence[int],
    omaha: bool,
    against: Sequence[int] = (),
) -> int:
    """1 + the number of distinct better hands two other unseen cards can make with the board."""
    mine = hand_of(hole, board, omaha)
    seen = set(hole) | set(board) | set(dead) | set(against)
    live = [card for card in range(52) if card not in seen]
    better = {
        hand for pair in combinations(live, 2) if (hand := hand_of(pair, board, omaha)) > mine
    }
    return len(better) + 1
