"""The compiled side of board reading: every hand's class and draws on a board, next cards, nuts.

A board is read once (:func:`read_board`: rank counts, suit counts and masks, where each rank
stands among the board's distinct ranks, its key sums); each hand is then judged on it by
:func:`classify`, which returns the made class (a code of :data:`MADE_CODES`, see
``reading.MadeClass``), the category and the draws (bits of :data:`DRAW_BITS`), and the ranks that
complete a straight. The rules are the module docstring of ``hand``; the tests check them
against a brute force written from those rules alone.

Hold'em hands (any five of hole and board) are valued by the multiset tables of their size
(five, six or seven cards); Omaha hands by the five-card tables over two hole cards and three
board cards.
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine import Category, Ranking
from pokerscore.engine.hand_classes import straights
from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.kernels.lookup import five_card_value, popcount
from pokerscore.games.holdem._kernels import read_any_five

Cards = npt.NDArray[np.uint8]
Counts = npt.NDArray[np.int64]

# Made classes, weakest first (``reading.MadeClass`` names them; keep the two in step).
NOTHING: Final = 0
PLAYS_BOARD: Final = 1
UNDERPAIR: Final = 2
BOTTOM_PAIR: Final = 3
SECOND_PAIR: Final = 4
POCKET_BETWEEN: Final = 5
TOP_PAIR: Final = 6
PAIR_PLUS_BOARD_PAIR: Final = 7
OVERPAIR: Final = 8
BOTTOM_TWO: Final = 9
TOP_AND_BOTTOM: Final = 10
TOP_TWO: Final = 11
TRIPS: Final = 12
SET: Final = 13
STRAIGHT: Final = 14
FLUSH: Final = 15
FULL_HOUSE: Final = 16
QUADS: Final = 17
STRAIGHT_FLUSH: Final = 18
MADE_CODES: Final = 19

# Draws, one bit each (``reading.Draw`` names them in this order).
FLUSH_DRAW: Final = 1
NUT_FLUSH_DRAW: Final = 2
OPEN_ENDED: Final = 4
GUTSHOT: Final = 8
BACKDOOR_FLUSH: Final = 16
BACKDOOR_STRAIGHT: Final = 32
OVERCARDS: Final = 64
COMBO_DRAW: Final = 128
DRAW_BITS: Final = 8

CATEGORY_SLOTS: Final = len(Category)
"""Counters per category: one per :class:`~pokerscore.engine.Category` member."""
COUNTERS: Final = MADE_CODES + CATEGORY_SLOTS + DRAW_BITS + 1
"""Per hand (or combo) tallies: made classes, categories, draws, and the live count last."""
CATEGORY_BASE: Final = MADE_CODES
DRAW_BASE: Final = MADE_CODES + CATEGORY_SLOTS
LIVE: Final = COUNTERS - 1

_HIGH_CARD: Final = int(Category.HIGH_CARD)
_ONE_PAIR: Final = int(Category.ONE_PAIR)
_TWO_PAIR: Final = int(Category.TWO_PAIR)
_THREE: Final = int(Category.THREE_OF_A_KIND)
_STRAIGHT: Final = int(Category.STRAIGHT)
_FLUSH: Final = int(Category.FLUSH)
_FULL_HOUSE: Final = int(Category.FULL_HOUSE)
_FOUR: Final = int(Category.FOUR_OF_A_KIND)
_STRAIGHT_FLUSH: Final = int(Category.STRAIGHT_FLUSH)
_ROYAL_FLUSH: Final = int(Category.ROYAL_FLUSH)


class BoardTables(NamedTuple):
    """What the board kernels read, for one high ranking (read-only arrays)."""

    card_keys: npt.NDArray[np.int64]
    suit_bits: npt.NDArray[np.int64]
    flush: npt.NDArray[np.uint16]
    bits5: npt.NDArray[np.uint64]
    base5: npt.NDArray[np.int32]
    values5: npt.NDArray[np.uint16]
    bits6: npt.NDArray[np.uint64]
    base6: npt.NDArray[np.int32]
    values6: npt.NDArray[np.uint16]
    bits7: npt.NDArray[np.uint64]
    base7: npt.NDArray[np.int32]
    values7: npt.NDArray[np.uint16]
    keys5: npt.NDArray[np.int32]
    is_flush5: npt.NDArray[np.bool_]
    flush5: npt.NDArray[np.uint16]
    plain5: npt.NDArray[np.uint16]
    category: npt.NDArray[np.int64]
    """Value -> its :class:`~pokerscore.engine.Category` (as an int)."""
    first_rank: npt.NDArray[np.int64]
    """Value -> its first explaining rank (the pair, the trips, the higher pair)."""
    second_rank: npt.NDArray[np.int64]
    """Value -> its second explaining rank (the lower pair of two pair)."""
    place: npt.NDArray[np.int64]
    """Category (int) -> its place in the ranking's order, weakest 0 (-1 where unused)."""
    straights: npt.NDArray[np.int64]
    """Rank masks of the ranking's straights."""
    lowest_rank: int
    """The deck's lowest rank (0, or 4 in the short deck)."""
    rule: int
    """The ranking's flush rule."""


@cache
def sizes_needed(game_hole: int, omaha: bool, board_sizes: tuple[int, ...]) -> tuple[int, ...]:
    """The hold'em hand sizes whose multiset tables a computation reads: hole and board, for
    each board size it sees (Omaha reads none: its hands are judged five cards at a time)."""
    if omaha:
        return ()
    return tuple(sorted({min(size + game_hole, 7) for size in board_sizes}))


@cache
def board_tables(ranking: Ranking, sizes: tuple[int, ...] = (5, 6, 7)) -> BoardTables:
    """The bundle of a high ranking, built once per process: the multiset tables of the hand
    ``sizes`` given (others are left empty, so a command on the flop builds no seven-card
    tables), the five-card tables and the per-value arrays."""
    empty = (
        np.zeros(1, dtype=np.uint64),
        np.zeros(1, dtype=np.int32),
        np.zeros(2, dtype=np.uint16),
    )
    multisets = {}
    for size in (5, 6, 7):
        if size in sizes:
            found = ranking.tables(size)
            multisets[size] = (found.bits, found.base, found.values)
        else:
            multisets[size] = empty
    t5 = ranking.tables(5)
    classes = ranking.classes
    category = np.array([0, *(kind for kind, _ in classes)], dtype=np.int64)
    first = np.array([0, *(ranks[0] for _, ranks in classes)], dtype=np.int64)
    second = np.array(
        [0, *(ranks[1] if len(ranks) > 1 else 0 for _, ranks in classes)], dtype=np.int64
    )
    place = np.full(CATEGORY_SLOTS, -1, dtype=np.int64)
    for index, member in enumerate(ranking.categories):
        place[int(member)] = index
    if Category.ROYAL_FLUSH in ranking.categories:  # a royal flush is a straight flush here
        place[int(Category.ROYAL_FLUSH)] = place[int(Category.STRAIGHT_FLUSH)]
    lowest = min(ranking.ranks)
    masks = np.array(sorted(straights(lowest)), dtype=np.int64)
    arrays = (category, first, second, place, masks)
    for array in (*empty, *arrays):  # the empty ones too: one type of bundle whatever the sizes
        array.setflags(write=False)
    return BoardTables(
        t5.card_keys, t5.suit_bits, t5.flush, *multisets[5], *multisets[6], *multisets[7],
        t5.keys5, t5.is_flush5, t5.flush5, t5.plain5, *arrays, lowest, t5.flush_rule,
    )  # fmt: skip


@kernel()
def bit_count(mask: int) -> int:
    """Set bits of a non-negative mask (one popcnt instruction)."""
    return popcount(np.uint64(mask))


@kernel()
def top_bit(mask: int) -> int:
    """The highest set bit of a non-zero mask."""
    bit = -1
    while mask:
        mask >>= 1
        bit += 1
    return bit


@kernel(inline=True)
def read_board(
    board: Cards,
    size: int,
    card_keys: npt.NDArray[np.int64],
    suit_bits: npt.NDArray[np.int64],
    keys5: npt.NDArray[np.int32],
    counts: Counts,
    suit_counts: Counts,
    suit_masks: Counts,
    positions: Counts,
    triples: Counts,
) -> tuple[int, int, int, int]:
    """Read the first ``size`` cards of ``board`` into the scratch arrays: rank counts, suit
    counts and rank masks per suit, each rank's place among the board's distinct ranks from
    the top (-1 where absent), the five-card keys of every three board cards. Returns the rank
    mask, the summed key, the OR of suit bits and the number of triples."""
    for rank in range(13):
        counts[rank] = 0
        positions[rank] = -1
    for suit in range(4):
        suit_counts[suit] = 0
        suit_masks[suit] = 0
    key = 0
    masks = 0
    rank_mask = 0
    for index in range(size):
        card = board[index]
        rank = card >> 2
        suit = card & 3
        counts[rank] += 1
        suit_counts[suit] += 1
        suit_masks[suit] |= 1 << rank
        rank_mask |= 1 << rank
        key += card_keys[card]
        masks |= suit_bits[card]
    place = 0
    for rank in range(12, -1, -1):
        if counts[rank]:
            positions[rank] = place
            place += 1
    found = 0
    for a in range(size - 2):
        for b in range(a + 1, size - 1):
            for c in range(b + 1, size):
                triples[found] = keys5[board[a]] + keys5[board[b]] + keys5[board[c]]
                found += 1
    return rank_mask, key, masks, found


@kernel(inline=True)
def multiset_tables(
    tables: BoardTables, size: int
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.int32], npt.NDArray[np.uint16]]:
    """The rank-and-select tables (bits, base, values) of hands of ``size`` cards (5 to 7)."""
    if size == 6:
        return tables.bits6, tables.base6, tables.values6
    if size == 7:
        return tables.bits7, tables.base7, tables.values7
    return tables.bits5, tables.base5, tables.values5


@kernel(inline=True)
def omaha_value(
    hole: Cards,
    hole_size: int,
    triples: Counts,
    found: int,
    keys5: npt.NDArray[np.int32],
    is_flush5: npt.NDArray[np.bool_],
    flush5: npt.NDArray[np.uint16],
    plain5: npt.NDArray[np.uint16],
) -> int:
    """The best five of exactly two hole cards and three of the board's ``found`` triples."""
    best = 0
    for i in range(hole_size - 1):
        for j in range(i + 1, hole_size):
            pair = keys5[hole[i]] + keys5[hole[j]]
            for t in range(found):
                best = max(best, five_card_value(pair + triples[t], is_flush5, flush5, plain5))
    return best


@kernel(inline=True)
def made_class(
    value: int,
    category: int,
    first: int,
    second: int,
    board_size: int,
    board_value: int,
    counts: Counts,
    positions: Counts,
    rank_mask: int,
) -> int:
    """The made class of a hand worth ``value`` (see ``reading``'s rules)."""
    if board_size == 5 and value == board_value:
        return PLAYS_BOARD
    if _STRAIGHT_FLUSH <= category <= _ROYAL_FLUSH:
        return STRAIGHT_FLUSH
    if category == _FOUR:
        return QUADS
    if category == _FULL_HOUSE:
        return FULL_HOUSE
    if category == _FLUSH:
        return FLUSH
    if category == _STRAIGHT:
        return STRAIGHT
    if category == _THREE:
        on_board = counts[first]
        if on_board == 1:
            return SET
        if on_board == 2:
            return TRIPS
        return NOTHING
    pocket = -1
    if category == _TWO_PAIR:
        high, low = counts[first], counts[second]
        if high == 2 and low == 2:
            return NOTHING
        if high == 1 and low == 1:
            if positions[first] == 0:
                return TOP_TWO if positions[second] == 1 else TOP_AND_BOTTOM
            return BOTTOM_TWO
        if high == 0:
            pocket = first
        elif low == 0:
            pocket = second
        else:
            return PAIR_PLUS_BOARD_PAIR
    elif category == _ONE_PAIR:
        on_board = counts[first]
        if on_board == 2:
            return NOTHING
        if on_board == 1:
            where = positions[first]
            return TOP_PAIR if where == 0 else SECOND_PAIR if where == 1 else BOTTOM_PAIR
        pocket = first
    else:
        return NOTHING
    if pocket > top_bit(rank_mask):
        return OVERPAIR
    if (1 << pocket) < (rank_mask & -rank_mask):
        return UNDERPAIR
    return POCKET_BETWEEN


@kernel(inline=True)
def straight_draws(
    hole: Cards,
    hole_size: int,
    omaha: bool,
    rank_mask: int,
    masks: npt.NDArray[np.int64],
) -> tuple[int, int]:
    """(ranks completing a straight next card, whether two more ranks would) for a hand with
    no straight: a straight of ``masks`` that uses a hole card (hold'em), or exactly two
    (Omaha), and the board and new cards for the rest."""
    completing = 0
    backdoor = 0
    if omaha:
        for i in range(hole_size - 1):
            for j in range(i + 1, hole_size):
                first, second = hole[i] >> 2, hole[j] >> 2
                if first == second:
                    continue
                pair = (1 << first) | (1 << second)
                for index in range(masks.shape[0]):
                    straight = masks[index]
                    if straight & pair != pair:
                        continue
                    missing = straight & ~pair & ~rank_mask
                    lacking = bit_count(missing)
                    if lacking == 1:
                        completing |= missing
                    elif lacking == 2:
                        backdoor = 1
        return completing, backdoor
    hole_ranks = 0
    for i in range(hole_size):
        hole_ranks |= 1 << (hole[i] >> 2)
    own = hole_ranks & ~rank_mask  # hole ranks the board lacks: a straight needs one of them
    held = hole_ranks | rank_mask
    for index in range(masks.shape[0]):
        straight = masks[index]
        if straight & own == 0:
            continue
        missing = straight & ~held
        lacking = bit_count(missing)
        if lacking == 1:
            completing |= missing
        elif lacking == 2:
            backdoor = 1
    return completing, backdoor


@kernel(inline=True)
def rank_reading(
    hole: Cards,
    hole_size: int,
    omaha: bool,
    value: int,
    board_size: int,
    board_value: int,
    counts: Counts,
    positions: Counts,
    rank_mask: int,
    category_of: npt.NDArray[np.int64],
    first_rank: npt.NDArray[np.int64],
    second_rank: npt.NDArray[np.int64],
    place: npt.NDArray[np.int64],
    straight_masks: npt.NDArray[np.int64],
) -> tuple[int, int, int, int]:
    """(made class, category, the draw bits ranks decide (straight draws, backdoor straight,
    overcards), straight-completing ranks) of a hand worth ``value``: everything of
    :func:`classify` but the flush draws, read from the hand's ranks and its value."""
    category = category_of[value]
    made = made_class(value, category, first_rank[value], second_rank[value], board_size,
                      board_value, counts, positions, rank_mask)  # fmt: skip
    if board_size >= 5:
        return made, category, 0, 0
    draws = 0
    completing = 0
    if place[category] < place[_STRAIGHT]:
        completing, backdoor = straight_draws(hole, hole_size, omaha, rank_mask, straight_masks)
        ways = bit_count(completing)
        if ways >= 2:
            draws |= OPEN_ENDED
        elif ways == 1:
            draws |= GUTSHOT
        elif backdoor and board_size == 3:
            draws |= BACKDOOR_STRAIGHT
    if made == NOTHING:
        top = top_bit(rank_mask)
        over = 0
        for i in range(hole_size):
            rank = hole[i] >> 2
            if rank > top:
                over |= 1 << rank
        if bit_count(over) >= 2:
            draws |= OVERCARDS
    return made, category, draws, completing


@kernel(inline=True)
def flush_draw_bits(
    hole: Cards,
    hole_size: int,
    omaha: bool,
    board_size: int,
    suit_counts: Counts,
    suit_masks: Counts,
    lowest: int,
) -> int:
    """The flush draws the hole cards hold on a flop or turn (:data:`FLUSH_DRAW`,
    :data:`NUT_FLUSH_DRAW`, :data:`BACKDOOR_FLUSH`), whatever the hand's category:
    :func:`add_flush_draws` keeps them only for a hand below a flush. Only the hole cards' own
    suits can draw, so only they are looked at."""
    found = 0
    if board_size >= 5:
        return found
    for i in range(hole_size):
        suit = hole[i] & 3
        held = 0
        seen = False
        for j in range(hole_size):
            if (hole[j] & 3) == suit:
                held += 1
                seen |= j < i
        if seen:
            continue
        on_board = suit_counts[suit]
        if omaha:
            draw = held >= 2 and on_board == 2
            backdoor = held >= 2 and on_board == 1
        else:
            draw = held + on_board == 4
            backdoor = held + on_board == 3
        if draw:
            found |= FLUSH_DRAW
            top = 12
            while top > lowest and (suit_masks[suit] >> top) & 1:
                top -= 1
            for j in range(hole_size):
                if hole[j] == 4 * top + suit:
                    found |= NUT_FLUSH_DRAW
        if backdoor and board_size == 3:
            found |= BACKDOOR_FLUSH
    return found


@kernel(inline=True)
def add_flush_draws(
    draws: int, category: int, flush_bits: int, place: npt.NDArray[np.int64]
) -> int:
    """``draws`` (from :func:`rank_reading`) with the flush draws (:func:`flush_draw_bits`) of a
    hand of ``category`` added, and the combo draw (a flush draw with a straight draw)."""
    if place[category] < place[_FLUSH]:
        draws |= flush_bits
    if draws & FLUSH_DRAW and draws & (OPEN_ENDED | GUTSHOT):
        draws |= COMBO_DRAW
    return draws


@kernel(inline=True)
def classify(
    hole: Cards,
    hole_size: int,
    omaha: bool,
    board_size: int,
    rank_mask: int,
    key: int,
    masks: int,
    scratch: tuple[Counts, Counts, Counts, Counts, Counts],
    found: int,
    board_value: int,
    lowest: int,
    card_keys: npt.NDArray[np.int64],
    suit_bits: npt.NDArray[np.int64],
    flush: npt.NDArray[np.uint16],
    rule: int,
    bits: npt.NDArray[np.uint64],
    base: npt.NDArray[np.int32],
    values: npt.NDArray[np.uint16],
    keys5: npt.NDArray[np.int32],
    is_flush5: npt.NDArray[np.bool_],
    flush5: npt.NDArray[np.uint16],
    plain5: npt.NDArray[np.uint16],
    category_of: npt.NDArray[np.int64],
    first_rank: npt.NDArray[np.int64],
    second_rank: npt.NDArray[np.int64],
    place: npt.NDArray[np.int64],
    straight_masks: npt.NDArray[np.int64],
) -> tuple[int, int, int, int, int]:
    """(value, made class, category, draw bits, straight-completing ranks) of one hand on a board
    read by :func:`read_board` into ``scratch`` (its counts, suit counts, suit masks, positions
    and triples; one tuple, as a call of more than 30 arguments cannot be inlined); ``bits``,
    ``base``, ``values`` are the multiset tables of hold'em's hand size."""
    counts, suit_counts, suit_masks, positions, triples = scratch
    if omaha:
        value = omaha_value(hole, hole_size, triples, found, keys5, is_flush5, flush5, plain5)
    else:
        hand_key = key
        hand_masks = masks
        for i in range(hole_size):
            hand_key += card_keys[hole[i]]
            hand_masks |= suit_bits[hole[i]]
        value = read_any_five(hand_key, hand_masks, rule, flush, bits, base, values)
    made, category, draws, completing = rank_reading(
        hole, hole_size, omaha, value, board_size, board_value, counts, positions, rank_mask,
        category_of, first_rank, second_rank, place, straight_masks,
    )  # fmt: skip
    flush_bits = flush_draw_bits(hole, hole_size, omaha, board_size, suit_counts, suit_masks,
                                 lowest)  # fmt: skip
    draws = add_flush_draws(draws, category, flush_bits, place)
    return value, made, category, draws, completing


@kernel(inline=True)
def tally(out: Counts, made: int, category: int, draws: int, weight: int) -> None:
    """Add one hand's class, category and draws, times ``weight``, to a row of counters."""
    out[made] += weight
    out[CATEGORY_BASE + category] += weight
    for bit in range(DRAW_BITS):
        if draws >> bit & 1:
            out[DRAW_BASE + bit] += weight
    out[LIVE] += weight


@kernel(inline=True)
def card_mask(hole: Cards, size: int) -> np.uint64:
    """The 52-bit mask of ``hole[:size]``."""
    mask = np.uint64(0)
    for i in range(size):
        mask |= np.uint64(1) << np.uint64(hole[i])
    return mask


@kernel(inline=True)
def may_flush(first_suit: int, second_suit: int, suit_counts: Counts) -> bool:
    """Whether two hole cards of these suits and the board hold five of a suit (a hold'em hand
    that may be a flush or a straight flush: its value is more than its ranks')."""
    same = first_suit == second_suit
    return bool(suit_counts[first_suit] + 1 + same >= 5 or suit_counts[second_suit] + 1 + same >= 5)


@kernel()
def board_counts(
    combos: Cards,
    weights: Counts,
    taken: np.uint64,
    board: Cards,
    omaha: bool,
    tables: BoardTables,
    out: Counts,
) -> None:
    """Tally every combo that holds no ``taken`` card (the board's and the dead cards), each
    times its integer weight, into ``out`` (:data:`COUNTERS`). One thread: a range of hold'em
    takes a fraction of a millisecond, less than waking a second thread can cost.

    A hold'em combo that cannot hold five of a suit (:func:`may_flush`) is worth what its ranks
    are: its value, made class, category and rank draws (:func:`rank_reading`) are read once per
    pair of ranks, and only its flush draws per combo; the others are read whole
    (:func:`classify`)."""
    hole_size = combos.shape[1]
    board_size = board.shape[0]
    card_keys, suit_bits, flush, rule = (
        tables.card_keys,
        tables.suit_bits,
        tables.flush,
        tables.rule,
    )
    bits, base, values = multiset_tables(tables, board_size + hole_size)
    keys5, is_flush5, flush5, plain5 = tables.keys5, tables.is_flush5, tables.flush5, tables.plain5
    category_of, first_rank, second_rank = tables.category, tables.first_rank, tables.second_rank
    place, straight_masks, lowest = tables.place, tables.straights, tables.lowest_rank
    scratch = (np.zeros(13, dtype=np.int64), np.zeros(4, dtype=np.int64),
               np.zeros(4, dtype=np.int64), np.zeros(13, dtype=np.int64),
               np.zeros(10, dtype=np.int64))  # fmt: skip
    counts, suit_counts, suit_masks, positions, triples = scratch
    rank_mask, key, masks, found = read_board(board, board_size, card_keys, suit_bits, keys5,
                                              counts, suit_counts, suit_masks, positions,
                                              triples)  # fmt: skip
    board_value = 0
    if board_size == 5:
        board_value = five_card_value(
            keys5[board[0]] + keys5[board[1]] + keys5[board[2]] + keys5[board[3]]
            + keys5[board[4]], is_flush5, flush5, plain5,
        )  # fmt: skip
    by_ranks = np.full((13, 13, 3), -1, dtype=np.int64)
    # Weights of the combos read by their ranks, by ranks and flush draws (FLUSH_DRAW and
    # NUT_FLUSH_DRAW as they are, BACKDOOR_FLUSH as 4): tallied once per cell at the end.
    pooled = np.zeros((13, 13, 8), dtype=np.int64)
    whole = omaha or hole_size != 2
    board_flush = suit_counts.max() >= 3  # a hold'em flush needs three of a suit on the board
    for index in range(combos.shape[0]):
        hole = combos[index]
        if card_mask(hole, hole_size) & taken:
            continue
        if whole or (board_flush and may_flush(hole[0] & 3, hole[1] & 3, suit_counts)):
            _, made, category, draws, _ = classify(
                hole, hole_size, omaha, board_size, rank_mask, key, masks, scratch, found,
                board_value, lowest, card_keys, suit_bits, flush, rule, bits, base, values,
                keys5, is_flush5, flush5, plain5, category_of, first_rank, second_rank, place,
                straight_masks,
            )  # fmt: skip
            tally(out, made, category, draws, weights[index])
            continue
        # No flush: the value, class, category and rank draws are the ranks' own.
        first, second = hole[0] >> 2, hole[1] >> 2
        if by_ranks[first, second, 0] < 0:
            value = read_any_five(key + card_keys[hole[0]] + card_keys[hole[1]],
                                  masks | suit_bits[hole[0]] | suit_bits[hole[1]], rule,
                                  flush, bits, base, values)  # fmt: skip
            cached = by_ranks[first, second]
            cached[0], cached[1], cached[2], _ = rank_reading(
                hole, 2, False, value, board_size, board_value, counts, positions,
                rank_mask, category_of, first_rank, second_rank, place, straight_masks,
            )  # fmt: skip
        flush_bits = flush_draw_bits(hole, 2, False, board_size, suit_counts, suit_masks, lowest)
        pooled[first, second, (flush_bits & 3) | ((flush_bits >> 2) & 4)] += weights[index]
    for first in range(13):
        for second in range(13):
            cached = by_ranks[first, second]
            if cached[0] < 0:
                continue
            for cell in range(8):
                weight = pooled[first, second, cell]
                if weight:
                    flush_bits = (cell & 3) | ((cell & 4) << 2)
                    draws = add_flush_draws(cached[2], cached[1], flush_bits, place)
                    tally(out, cached[0], cached[1], draws, weight)


@kernel(parallel=True)
def flop_counts(
    combos: Cards,
    deck: Cards,
    flops: Cards,
    dead: np.uint64,
    omaha: bool,
    tables: BoardTables,
    out: npt.NDArray[np.int64],
) -> None:
    """For each combo, the tallies over every flop ``deck[flops[row]]`` that shares no card
    with it or with ``dead``: ``out[thread, combo]`` (:data:`COUNTERS` each); flop rows go to
    the threads in turn."""
    threads = out.shape[0]
    hole_size = combos.shape[1]
    card_keys, suit_bits, flush, rule = (
        tables.card_keys,
        tables.suit_bits,
        tables.flush,
        tables.rule,
    )
    bits, base, values = tables.bits5, tables.base5, tables.values5
    keys5, is_flush5, flush5, plain5 = tables.keys5, tables.is_flush5, tables.flush5, tables.plain5
    category_of, first_rank, second_rank = tables.category, tables.first_rank, tables.second_rank
    place, straight_masks, lowest = tables.place, tables.straights, tables.lowest_rank
    combo_count = combos.shape[0]
    for worker in prange(threads):
        counts = np.zeros(13, dtype=np.int64)
        suit_counts = np.zeros(4, dtype=np.int64)
        suit_masks = np.zeros(4, dtype=np.int64)
        positions = np.zeros(13, dtype=np.int64)
        triples = np.zeros(10, dtype=np.int64)
        scratch = (counts, suit_counts, suit_masks, positions, triples)
        board = np.zeros(3, dtype=np.uint8)
        holes = np.zeros(combo_count, dtype=np.uint64)
        for index in range(combo_count):
            holes[index] = card_mask(combos[index], hole_size)
        rows = out[worker]
        for flop in range(worker, flops.shape[0], threads):
            flop_mask = np.uint64(0)
            for place_index in range(3):
                card = deck[flops[flop, place_index]]
                board[place_index] = card
                flop_mask |= np.uint64(1) << np.uint64(card)
            if flop_mask & dead:
                continue
            rank_mask, key, masks, found = read_board(board, 3, card_keys, suit_bits, keys5,
                                                      counts, suit_counts, suit_masks, positions,
                                                      triples)  # fmt: skip
            for index in range(combo_count):
                if holes[index] & flop_mask:
                    continue
                _, made, category, draws, _ = classify(
                    combos[index], hole_size, omaha, 3, rank_mask, key, masks, scratch, found, 0,
                    lowest, card_keys, suit_bits, flush, rule, bits, base, values, keys5,
                    is_flush5, flush5, plain5, category_of, first_rank, second_rank, place,
                    straight_masks,
                )  # fmt: skip
                tally(rows[index], made, category, draws, 1)


@kernel()
def hand_reading(
    hole: Cards,
    board: Cards,
    omaha: bool,
    tables: BoardTables,
) -> tuple[int, int, int, int, int]:
    """One hand on one board: (value, made class, category, draw bits, completing ranks)."""
    hole_size = hole.shape[0]
    board_size = board.shape[0]
    bits, base, values = multiset_tables(tables, board_size + hole_size)
    keys5 = tables.keys5
    counts = np.zeros(13, dtype=np.int64)
    suit_counts = np.zeros(4, dtype=np.int64)
    suit_masks = np.zeros(4, dtype=np.int64)
    positions = np.zeros(13, dtype=np.int64)
    triples = np.zeros(10, dtype=np.int64)
    rank_mask, key, masks, found = read_board(board, board_size, tables.card_keys,
                                              tables.suit_bits, keys5, counts, suit_counts,
                                              suit_masks, positions, triples)  # fmt: skip
    board_value = 0
    if board_size == 5:
        board_value = five_card_value(
            keys5[board[0]] + keys5[board[1]] + keys5[board[2]] + keys5[board[3]]
            + keys5[board[4]], tables.is_flush5, tables.flush5, tables.plain5,
        )  # fmt: skip
    scratch = (counts, suit_counts, suit_masks, positions, triples)
    return classify(
        hole, hole_size, omaha, board_size, rank_mask, key, masks, scratch, found, board_value,
        tables.lowest_rank, tables.card_keys, tables.suit_bits, tables.flush, tables.rule, bits,
        base, values, keys5, tables.is_flush5,
        tables.flush5, tables.plain5, tables.category, tables.first_rank, tables.second_rank,
        tables.place, tables.straights,
    )  # fmt: skip


@kernel(inline=True)
def hand_value(
    hole: Cards,
    board: Cards,
    board_size: int,
    omaha: bool,
    triples: Counts,
    card_keys: npt.NDArray[np.int64],
    suit_bits: npt.NDArray[np.int64],
    flush: npt.NDArray[np.uint16],
    rule: int,
    bits: npt.NDArray[np.uint64],
    base: npt.NDArray[np.int32],
    values: npt.NDArray[np.uint16],
    keys5: npt.NDArray[np.int32],
    is_flush5: npt.NDArray[np.bool_],
    flush5: npt.NDArray[np.uint16],
    plain5: npt.NDArray[np.uint16],
) -> int:
    """The value of hole cards on ``board[:board_size]`` (3 to 5 cards); ``bits``, ``base`` and
    ``values`` are the multiset tables of hold'em's hand size."""
    if omaha:
        found = 0
        for a in range(board_size - 2):
            for b in range(a + 1, board_size - 1):
                for c in range(b + 1, board_size):
                    triples[found] = keys5[board[a]] + keys5[board[b]] + keys5[board[c]]
                    found += 1
        return omaha_value(hole, hole.shape[0], triples, found, keys5, is_flush5, flush5, plain5)
    key = 0
    masks = 0
    for i in range(board_size):
        key += card_keys[board[i]]
        masks |= suit_bits[board[i]]
    for i in range(hole.shape[0]):
        key += card_keys[hole[i]]
        masks |= suit_bits[hole[i]]
    return read_any_five(key, masks, rule, flush, bits, base, values)


@kernel(inline=True)
def small_board_category(board: Cards, size: int) -> int:
    """The category of fewer than five cards, from their ranks alone (pairs, trips, quads)."""
    counts = np.zeros(13, dtype=np.int64)
    most = 0
    pairs = 0
    for i in range(size):
        rank = board[i] >> 2
        counts[rank] += 1
        most = max(most, counts[rank])
        if counts[rank] == 2:
            pairs += 1
    if most == 4:
        return _FOUR
    if most == 3:
        return _THREE
    if pairs == 2:
        return _TWO_PAIR
    if pairs == 1:
        return _ONE_PAIR
    return _HIGH_CARD


@kernel()
def next_cards(
    hole: Cards,
    against: Cards,
    board: Cards,
    cards: Cards,
    omaha: bool,
    tables: BoardTables,
    out: Counts,
) -> None:
    """For each card of ``cards`` dealt next: ``out[i]`` = (the hand's value, the value of
    ``against`` (0 when it is empty), the category of the board and that card alone)."""
    board_size = board.shape[0]
    grown = np.zeros(board_size + 1, dtype=np.uint8)
    grown[:board_size] = board
    triples = np.zeros(10, dtype=np.int64)
    card_keys, suit_bits, flush, rule = (
        tables.card_keys,
        tables.suit_bits,
        tables.flush,
        tables.rule,
    )
    keys5, is_flush5, flush5, plain5 = tables.keys5, tables.is_flush5, tables.flush5, tables.plain5
    category_of = tables.category
    bits, base, values = multiset_tables(tables, board_size + 1 + hole.shape[0])
    for index in range(cards.shape[0]):
        grown[board_size] = cards[index]
        out[index, 0] = hand_value(hole, grown, board_size + 1, omaha, triples, card_keys,
                                   suit_bits, flush, rule, bits, base, values, keys5, is_flush5,
                                   flush5, plain5)  # fmt: skip
        if against.shape[0]:
            out[index, 1] = hand_value(against, grown, board_size + 1, omaha, triples, card_keys,
                                       suit_bits, flush, rule, bits, base, values, keys5,
                                       is_flush5, flush5, plain5)  # fmt: skip
        if board_size + 1 == 5:
            key = 0
            for i in range(5):
                key += keys5[grown[i]]
            out[index, 2] = category_of[five_card_value(key, is_flush5, flush5, plain5)]
        else:
            out[index, 2] = small_board_category(grown, board_size + 1)


@kernel()
def values_possible(
    board: Cards, live: Cards, omaha: bool, tables: BoardTables, seen: npt.NDArray[np.uint8]
) -> None:
    """Mark ``seen[value]`` for every hand two ``live`` cards make with the board (hold'em: any
    five of them and the board; Omaha: both of them and three of the board)."""
    pair = np.zeros(2, dtype=np.uint8)
    triples = np.zeros(10, dtype=np.int64)
    board_size = board.shape[0]
    card_keys, suit_bits, flush, rule = (
        tables.card_keys,
        tables.suit_bits,
        tables.flush,
        tables.rule,
    )
    keys5, is_flush5, flush5, plain5 = tables.keys5, tables.is_flush5, tables.flush5, tables.plain5
    bits, base, values = multiset_tables(tables, board_size + 2)
    for i in range(live.shape[0] - 1):
        pair[0] = live[i]
        for j in range(i + 1, live.shape[0]):
            pair[1] = live[j]
            value = hand_value(pair, board, board_size, omaha, triples, card_keys, suit_bits,
                               flush, rule, bits, base, values, keys5, is_flush5, flush5,
                               plain5)  # fmt: skip
            seen[value] = 1


@kernel()
def lowest_bit(word: np.uint64) -> int:
    """The index of the lowest set bit of a non-zero word."""
    index = 0
    while not (word >> np.uint64(index)) & np.uint64(1):
        index += 1
    return index


@kernel(parallel=True)
def runout_equities(
    combos: Cards,
    hero: Counts,
    villain: Counts,
    known: Cards,
    rest: Cards,
    runouts: Cards,
    tables: BoardTables,
    shares: Counts,
    totals: Counts,
    runout_shares: Counts,
    runout_totals: Counts,
) -> None:
    """Every combo's equity against a range, over every runout, two hole cards, any five.

    ``combos`` are the union of both ranges, ``hero`` and ``villain`` their integer weights in
    each (0 where absent). Each runout (``known`` and the cards ``rest[runouts[row]]``) judges
    every live combo once; the combos are then ordered by value (the distinct values read from a
    bitmap, the combos placed by counting) and swept from the lowest: a hero combo beats the
    villain's weight swept before its value and ties that at its value, less what shares a card
    with it (the identical combo, taken off twice, added back once). Per thread:
    ``shares[t, u]`` adds twice the wins plus the ties of combo ``u`` (weighed by the villain's
    weights), ``totals[t, u]`` its opponents; ``runout_shares[row]`` and ``runout_totals[row]``
    the same summed over the hero's weights, on runout ``row`` (each row one thread's: the
    equity after each next card, or each turn and river, is summed from them). Runout rows go
    to the threads in turn.
    """
    threads = shares.shape[0]
    count = combos.shape[0]
    known_size = known.shape[0]
    width = runouts.shape[1]
    card_keys, suit_bits, flush, rule = (
        tables.card_keys,
        tables.suit_bits,
        tables.flush,
        tables.rule,
    )
    bits, base, values = tables.bits7, tables.base7, tables.values7
    words = tables.category.shape[0] // 64 + 1
    one = np.uint64(1)
    for worker in prange(threads):
        combo_bits = np.zeros(count, dtype=np.uint64)
        combo_keys = np.zeros(count, dtype=np.int64)
        combo_masks = np.zeros(count, dtype=np.int64)
        for u in range(count):
            combo_bits[u] = card_mask(combos[u], 2)
            combo_keys[u] = card_keys[combos[u, 0]] + card_keys[combos[u, 1]]
            combo_masks[u] = suit_bits[combos[u, 0]] | suit_bits[combos[u, 1]]
        judged = np.zeros(count, dtype=np.int64)
        seen = np.zeros(words, dtype=np.uint64)
        slot = np.zeros(words * 64, dtype=np.int64)
        starts = np.zeros(count + 2, dtype=np.int64)
        order = np.zeros(count, dtype=np.int64)
        swept = np.zeros(52, dtype=np.int64)
        level = np.zeros(52, dtype=np.int64)
        wins = np.zeros(count, dtype=np.int64)
        ties = np.zeros(count, dtype=np.int64)
        for row in range(worker, runouts.shape[0], threads):
            key = 0
            masks = 0
            taken = np.uint64(0)
            for place in range(known_size + width):
                card = (
                    known[place] if place < known_size else rest[runouts[row, place - known_size]]
                )
                key += card_keys[card]
                masks |= suit_bits[card]
                taken |= one << np.uint64(card)
            for u in range(count):
                if combo_bits[u] & taken:
                    judged[u] = 0
                    continue
                value = read_any_five(key + combo_keys[u], masks | combo_masks[u], rule, flush,
                                      bits, base, values)  # fmt: skip
                judged[u] = value
                seen[value >> 6] |= one << np.uint64(value & 63)
            found = 0
            for word in range(words):  # the distinct values, lowest first
                pending = seen[word]
                while pending:
                    low = lowest_bit(pending)
                    slot[word * 64 + low] = found
                    found += 1
                    pending &= pending - one
                seen[word] = 0
            for rank in range(found + 2):
                starts[rank] = 0
            for u in range(count):
                if judged[u]:
                    starts[slot[judged[u]] + 2] += 1
            for rank in range(2, found + 2):
                starts[rank] += starts[rank - 1]
            for u in range(count):  # counting sort: starts[r + 1] is where value r's run begins
                if judged[u]:
                    rank = slot[judged[u]] + 1
                    order[starts[rank]] = u
                    starts[rank] += 1
            below = 0
            for card in range(52):
                swept[card] = 0
            for rank in range(found):
                begin, end = starts[rank], starts[rank + 1]
                at = 0
                for position in range(begin, end):
                    u = order[position]
                    weight = villain[u]
                    at += weight
                    level[combos[u, 0]] += weight
                    level[combos[u, 1]] += weight
                for position in range(begin, end):
                    u = order[position]
                    if hero[u]:
                        first, second = combos[u, 0], combos[u, 1]
                        wins[u] = below - swept[first] - swept[second]
                        ties[u] = at - level[first] - level[second] + villain[u]
                below += at
                for position in range(begin, end):
                    u = order[position]
                    for column in range(2):
                        card = combos[u, column]
                        swept[card] += level[card]
                        level[card] = 0
            for u in range(count):
                mine = hero[u]
                if judged[u] == 0 or mine == 0:
                    continue
                first, second = combos[u, 0], combos[u, 1]
                opponents = below - swept[first] - swept[second] + villain[u]
                share = 2 * wins[u] + ties[u]
                shares[worker, u] += share
                totals[worker, u] += opponents
                runout_shares[row] += mine * share
                runout_totals[row] += mine * opponents


@kernel()
def read_one_hand(
    hole: Cards,
    against: Cards,
    board: Cards,
    unseen: Cards,
    live: Cards,
    omaha: bool,
    tables: BoardTables,
    out: Counts,
    seen: npt.NDArray[np.uint8],
) -> tuple[int, int, int, int, int, int]:
    """Everything :func:`~pokerscore.games.holdem.board.hand.hand_on_board` computes, in one
    call: (value, made class, category, draw bits, completing ranks, the value of ``against``
    now, 0 when it is empty); ``out`` gets :func:`next_cards` for each ``unseen`` card (with the
    category of the hand after it in a fourth column), ``seen`` :func:`values_possible` over the
    ``live`` cards."""
    value, made, category, draws, completing = hand_reading(hole, board, omaha, tables)
    other = 0
    if against.shape[0]:
        other = hand_reading(against, board, omaha, tables)[0]
    if board.shape[0] < 5:
        next_cards(hole, against, board, unseen, omaha, tables, out)
        category_of = tables.category
        for index in range(unseen.shape[0]):
            out[index, 3] = category_of[out[index, 0]]
    values_possible(board, live, omaha, tables, seen)
    return value, made, category, draws, completing, other


@kernel(parallel=True)
def pairwise_equities(
    hero: Cards,
    villain: Cards,
    hero_weights: Counts,
    villain_weights: Counts,
    known: Cards,
    rest: Cards,
    runouts: Cards,
    tables: BoardTables,
    shares: Counts,
    totals: Counts,
    runout_shares: Counts,
    runout_totals: Counts,
) -> None:
    """:func:`runout_equities` for Omaha (two hole cards and three of the board): every live
    hand of both sides valued once per runout, then every pair of hands sharing no card weighed
    (the work is hands times hands: short lists only). The same tallies, per hero hand."""
    threads = shares.shape[0]
    heroes, villains = hero.shape[0], villain.shape[0]
    hole_size = hero.shape[1]
    known_size = known.shape[0]
    width = runouts.shape[1]
    keys5, is_flush5, flush5, plain5 = tables.keys5, tables.is_flush5, tables.flush5, tables.plain5
    one = np.uint64(1)
    for worker in prange(threads):
        hero_bits = np.zeros(heroes, dtype=np.uint64)
        villain_bits = np.zeros(villains, dtype=np.uint64)
        for h in range(heroes):
            hero_bits[h] = card_mask(hero[h], hole_size)
        for v in range(villains):
            villain_bits[v] = card_mask(villain[v], hole_size)
        hero_values = np.zeros(heroes, dtype=np.int64)
        villain_values = np.zeros(villains, dtype=np.int64)
        triples = np.zeros(10, dtype=np.int64)
        runout = np.zeros(5, dtype=np.uint8)
        for row in range(worker, runouts.shape[0], threads):
            taken = np.uint64(0)
            for place in range(known_size + width):
                card = (
                    known[place] if place < known_size else rest[runouts[row, place - known_size]]
                )
                runout[place] = card
                taken |= one << np.uint64(card)
            found = 0
            for a in range(3):
                for b in range(a + 1, 4):
                    for c in range(b + 1, 5):
                        triples[found] = keys5[runout[a]] + keys5[runout[b]] + keys5[runout[c]]
                        found += 1
            for h in range(heroes):
                hero_values[h] = -1
                if not hero_bits[h] & taken:
                    hero_values[h] = omaha_value(hero[h], hole_size, triples, 10, keys5,
                                                 is_flush5, flush5, plain5)  # fmt: skip
            for v in range(villains):
                villain_values[v] = -1
                if not villain_bits[v] & taken:
                    villain_values[v] = omaha_value(villain[v], hole_size, triples, 10, keys5,
                                                    is_flush5, flush5, plain5)  # fmt: skip
            for h in range(heroes):
                mine = hero_values[h]
                if mine < 0:
                    continue
                wins = 0
                ties = 0
                opponents = 0
                for v in range(villains):
                    theirs = villain_values[v]
                    if theirs < 0 or hero_bits[h] & villain_bits[v]:
                        continue
                    weight = villain_weights[v]
                    opponents += weight
                    if mine > theirs:
                        wins += weight
                    elif mine == theirs:
                        ties += weight
                share = 2 * wins + ties
                shares[worker, h] += share
                totals[worker, h] += opponents
                runout_shares[row] += hero_weights[h] * share
                runout_totals[row] += hero_weights[h] * opponents
