"""Showdowns by the million: every board (exact) or random deals (Monte Carlo), tallied by share.

Players hold known cards (``holes``: one row of hole cards each). A board is completed from
``rest``; each player's value is the best five of hole and board under the high ranking's tables
``hi`` (and, in hi/lo games, the low of ``lo``), either any five of them (hold'em, ``omaha`` false)
or exactly two hole cards and three board cards (``omaha`` true). The winners of each board are
tallied as ``tally[slot, player, low, high_k, low_k]``: ``low`` is 1 when some player qualifies
for the low half, ``high_k`` the number of players sharing the high pot if this player is one of
them (else 0), ``low_k`` the same for the low half. Every share of the pot follows from those
integers, exactly.

The exact enumerators read the boards as rows of positions into ``rest``: every subset of one card
fewer than the board lacks (listed once per process by :func:`fill_subsets`), each followed by
every later card of ``rest``, so the innermost card costs one key addition per player; rows go to
the threads in turn;
range against range judges every live combo once per board and then weighs every pair of combos.
The sampler runs blocks of
deals, each block with its own random stream seeded from (seed, block number), so the same seed
gives the same tally whatever the number of threads.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerscore.engine.combinatorics import next_colex_subset
from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels.lookup import (
    RANK_MASK,
    five_card_value,
    flush_suit,
    multiset_value,
    prange,
)
from pokerscore.engine.kernels.random import MIX1, UNIT, splitmix64
from pokerscore.engine.keys import SUIT_SHIFT_5
from pokerscore.engine.tables import RankingTables

Tally = npt.NDArray[np.int64]
Cards = npt.NDArray[np.uint8]
IntArray = npt.NDArray[np.int64]


@kernel(inline=True)
def read_any_five(
    key: int,
    masks: int,
    rule: int,
    flush: npt.NDArray[np.uint16],
    bits: npt.NDArray[np.uint64],
    base: npt.NDArray[np.int32],
    values: npt.NDArray[np.uint16],
) -> int:
    """The best five of 5 to 7 cards from their summed key and OR of suit bits, for rankings
    whose flushes are read by suit (high, short deck). The arrays come one by one: hot loops
    take them out of the bundle first, or they are reloaded on every pass."""
    suit = flush_suit(key) if rule else -1
    if suit < 0:
        return multiset_value(key, bits, base, values)
    return int(flush[(masks >> (13 * suit)) & RANK_MASK])


@kernel(inline=True)
def any_five_value(key: int, masks: int, tables: RankingTables) -> int:
    """:func:`read_any_five` on a bundle."""
    return read_any_five(
        key, masks, tables.flush_rule, tables.flush, tables.bits, tables.base, tables.values
    )


@kernel(inline=True)
def tally_heads_up(tally: Tally, slot: int, first_wins: int, second_wins: int, deals: int) -> None:
    """Heads-up results counted in registers, into ``tally[slot]`` as :func:`settle` would."""
    ties = deals - first_wins - second_wins
    tally[slot, 0, 0, 1, 0] += first_wins
    tally[slot, 1, 0, 0, 0] += first_wins
    tally[slot, 1, 0, 1, 0] += second_wins
    tally[slot, 0, 0, 0, 0] += second_wins
    tally[slot, 0, 0, 2, 0] += ties
    tally[slot, 1, 0, 2, 0] += ties


@kernel(inline=True)
def two_plus_three_value(
    pair_keys: IntArray, pairs: int, triple_keys: IntArray, tables: RankingTables
) -> int:
    """The best five made of exactly two hole cards (their five-card key sums ``pair_keys``) and
    three board cards (``triple_keys``)."""
    best = 0
    for pair in range(pairs):
        for triple in range(10):
            key = pair_keys[pair] + triple_keys[triple]
            best = max(best, five_card_value(key, tables.is_flush5, tables.flush5, tables.plain5))
    return best


@kernel(inline=True)
def settle(
    high: IntArray, low: IntArray, players: int, has_low: bool, tally: Tally, slot: int
) -> None:
    """Tally one board's winners into ``tally[slot]``."""
    top = 0
    for player in range(players):
        top = max(top, high[player])
    high_count = 0
    for player in range(players):
        high_count += high[player] == top
    best_low = 1  # value 1 of eight-or-better: no low
    if has_low:
        for player in range(players):
            best_low = max(best_low, low[player])
    split = 1 if best_low > 1 else 0
    low_count = 0
    if split:
        for player in range(players):
            low_count += low[player] == best_low
    for player in range(players):
        high_k = high_count if high[player] == top else 0
        low_k = low_count if split and low[player] == best_low else 0
        tally[slot, player, split, high_k, low_k] += 1


@kernel(inline=True)
def judge_board(
    board: Cards,
    key: int,
    masks: int,
    hole_keys: IntArray,
    hole_masks: IntArray,
    pair_keys: npt.NDArray[np.int64],
    pairs: int,
    omaha: bool,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    high: IntArray,
    low: IntArray,
    triples: IntArray,
) -> None:
    """Each player's high (and low) value on a complete five-card ``board``."""
    players = hole_keys.shape[0]
    if omaha:
        keys5 = hi.keys5
        index = 0
        for a in range(3):
            for b in range(a + 1, 4):
                for c in range(b + 1, 5):
                    triples[index] = keys5[board[a]] + keys5[board[b]] + keys5[board[c]]
                    index += 1
        for player in range(players):
            high[player] = two_plus_three_value(pair_keys[player], pairs, triples, hi)
            if has_low:
                low[player] = two_plus_three_value(pair_keys[player], pairs, triples, lo)
    else:
        for player in range(players):
            high[player] = any_five_value(key + hole_keys[player], masks | hole_masks[player], hi)
            if has_low:
                low[player] = any_five_value(key + hole_keys[player], 0, lo)


_next_subset = kernel()(next_colex_subset)


@kernel()
def fill_subsets(count: int, out: Cards) -> None:
    """Every ``out.shape[1]``-subset of positions ``0 .. count - 1``, one row each, in colex order."""
    size = out.shape[1]
    subset = np.arange(size, dtype=np.int64)
    for row in range(out.shape[0]):
        for column in range(size):
            out[row, column] = subset[column]
        _next_subset(subset, size, count)


@kernel(inline=True)
def board_prefix(
    known: Cards, rest: Cards, prefixes: Cards, row: int, board: Cards, tables: RankingTables
) -> tuple[int, int, np.uint64, int]:
    """The summed key, OR of suit bits and 52-bit card mask of a board's cards but its last: the
    ``known`` cards and ``rest[prefixes[row]]``, written into ``board``; and the first position of
    ``rest`` the last card may take (each board is then dealt once, positions increasing)."""
    key = 0
    masks = 0
    bits = np.uint64(0)
    places = known.shape[0]
    width = prefixes.shape[1]
    for place in range(places + width):
        card = known[place] if place < places else rest[prefixes[row, place - places]]
        board[place] = card
        key += tables.card_keys[card]
        masks |= tables.suit_bits[card]
        bits |= np.uint64(1) << np.uint64(card)
    start = prefixes[row, width - 1] + 1 if width else 0
    return key, masks, bits, start


@kernel(parallel=True)
def exact_showdowns(
    hole_keys: IntArray,
    hole_masks: IntArray,
    pair_keys: npt.NDArray[np.int64],
    known: Cards,
    rest: Cards,
    prefixes: Cards,
    complete: bool,
    omaha: bool,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    tally: Tally,
) -> None:
    """Tally every board: ``known`` (the whole board when ``complete``), else ``known`` and the
    cards ``rest[prefixes[row]]`` and one more card of ``rest`` after them, for each row.

    Rows go to the ``tally.shape[0]`` threads in turn; the last card costs one key addition.
    """
    threads = tally.shape[0]
    players = hole_keys.shape[0]
    pairs = pair_keys.shape[1]
    rows = prefixes.shape[0]
    last = known.shape[0] + prefixes.shape[1]
    card_keys, suit_bits = hi.card_keys, hi.suit_bits
    for worker in prange(threads):
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        triples = np.zeros(10, dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        for row in range(worker, rows, threads):
            key, masks, _, start = board_prefix(known, rest, prefixes, row, board, hi)
            if complete:
                judge_board(board, key, masks, hole_keys, hole_masks, pair_keys, pairs, omaha,
                            hi, lo, has_low, high, low, triples)  # fmt: skip
                settle(high, low, players, has_low, tally, worker)
                continue
            for position in range(start, rest.shape[0]):
                card = rest[position]
                board[last] = card
                judge_board(board, key + card_keys[card], masks | suit_bits[card], hole_keys,
                            hole_masks, pair_keys, pairs, omaha, hi, lo, has_low, high, low,
                            triples)  # fmt: skip
                settle(high, low, players, has_low, tally, worker)


@kernel(parallel=True)
def any_five_showdowns(
    hole_keys: IntArray,
    hole_masks: IntArray,
    by_board: npt.NDArray[np.uint16],
    board_rows: npt.NDArray[np.int16],
    four_rows: npt.NDArray[np.int16],
    steps: npt.NDArray[np.int16],
    known: Cards,
    rest: Cards,
    prefixes: Cards,
    complete: bool,
    tables: RankingTables,
    tally: Tally,
) -> None:
    """:func:`exact_showdowns` for games where any five of hole and board play and no low
    qualifies (hold'em, short deck), with known hands: a player's plain value is read from
    ``by_board[player, board_rows[board's five-card rank key]]`` (see
    :func:`~pokerscore.engine.tables.values_by_board`), a few kilobytes per player where the
    rank-and-select tables take megabytes; flushes from the flush table. Boards of four cards
    and a fifth find their row by ``steps[four_rows[four cards' rank key], rank]``."""
    threads = tally.shape[0]
    players = hole_keys.shape[0]
    rows = prefixes.shape[0]
    card_keys, suit_bits, flush = tables.card_keys, tables.suit_bits, tables.flush
    keys5, rule = tables.keys5, tables.flush_rule
    places = known.shape[0] + prefixes.shape[1]
    heads_up = players == 2
    for worker in prange(threads):
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        first_wins = 0
        second_wins = 0
        dealt = 0
        for row in range(worker, rows, threads):
            prefix_key, prefix_masks, _, start = board_prefix(
                known, rest, prefixes, row, board, tables
            )
            prefix_key5 = 0
            for place in range(places):
                prefix_key5 += keys5[board[place]]
            stop = start + 1 if complete else rest.shape[0]
            dealt += stop - start
            # Four cards down, the fifth steps from their multiset's row (a small table).
            four_row = four_rows[prefix_key5 >> SUIT_SHIFT_5] if not complete else 0
            for position in range(start, stop):
                key, masks = prefix_key, prefix_masks
                if complete:
                    board_row = board_rows[prefix_key5 >> SUIT_SHIFT_5]
                else:
                    card = rest[position]
                    key += card_keys[card]
                    masks |= suit_bits[card]
                    board_row = steps[four_row, card >> 2]
                for player in range(players):
                    hand_key = key + hole_keys[player]
                    suit = flush_suit(hand_key) if rule else -1
                    if suit < 0:
                        high[player] = by_board[player, board_row]
                    else:
                        suited = (masks | hole_masks[player]) >> (13 * suit)
                        high[player] = flush[suited & RANK_MASK]
                if heads_up:  # counted in registers, tallied once at the end
                    first_wins += high[0] > high[1]
                    second_wins += high[0] < high[1]
                else:
                    settle(high, low, players, False, tally, worker)
        if heads_up:
            tally_heads_up(tally, worker, first_wins, second_wins, dealt)


@kernel(parallel=True)
def range_showdowns(
    first_keys: IntArray,
    first_masks: IntArray,
    first_cards: npt.NDArray[np.uint64],
    second_keys: IntArray,
    second_masks: IntArray,
    second_cards: npt.NDArray[np.uint64],
    second_weights: IntArray,
    apart: npt.NDArray[np.uint8],
    known: Cards,
    rest: Cards,
    prefixes: Cards,
    complete: bool,
    tables: RankingTables,
    tally: Tally,
) -> None:
    """Heads-up, range against range: every board once (as in :func:`exact_showdowns`), every
    live combo of each range judged on it once, then every pair of combos that share no card
    (``apart[i, j]``) weighed.

    ``tally[thread, i]`` gets, for the first range's combo ``i``, the second range's weight it
    beats, ties and meets in all, summed over boards (integer weights of the second range only:
    the caller multiplies by the first range's weights in Python integers, which never overflow;
    it keeps ``boards x sum(second_weights)`` below 2**63).
    """
    threads = tally.shape[0]
    firsts, seconds = first_keys.shape[0], second_keys.shape[0]
    rows = prefixes.shape[0]
    card_keys, suit_bits, flush = tables.card_keys, tables.suit_bits, tables.flush
    bits_of, base, values, rule = tables.bits, tables.base, tables.values, tables.flush_rule
    for worker in prange(threads):
        first_values = np.zeros(firsts, dtype=np.int64)
        second_values = np.zeros(seconds, dtype=np.int64)
        first_live = np.zeros(firsts, dtype=np.uint8)
        second_live = np.zeros(seconds, dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        for row in range(worker, rows, threads):
            prefix_key, prefix_masks, prefix_bits, start = board_prefix(
                known, rest, prefixes, row, board, tables
            )
            stop = start + 1 if complete else rest.shape[0]
            for position in range(start, stop):
                key, masks, bits = prefix_key, prefix_masks, prefix_bits
                if not complete:
                    card = rest[position]
                    key += card_keys[card]
                    masks |= suit_bits[card]
                    bits |= np.uint64(1) << np.uint64(card)
                for i in range(firsts):
                    live = (first_cards[i] & bits) == 0
                    first_live[i] = 1 if live else 0
                    if live:
                        first_values[i] = read_any_five(
                            key + first_keys[i], masks | first_masks[i], rule, flush, bits_of,
                            base, values,
                        )  # fmt: skip
                for j in range(seconds):
                    live = (second_cards[j] & bits) == 0
                    second_live[j] = second_weights[j] if live else 0
                    if live:
                        second_values[j] = read_any_five(
                            key + second_keys[j], masks | second_masks[j], rule, flush, bits_of,
                            base, values,
                        )  # fmt: skip
                for i in range(firsts):
                    if first_live[i] == 0:
                        continue
                    value = first_values[i]
                    beaten = 0
                    level = 0
                    weighed = 0
                    for j in range(seconds):
                        weight = second_live[j] * apart[i, j]
                        weighed += weight
                        beaten += weight * (second_values[j] < value)
                        level += weight * (second_values[j] == value)
                    tally[worker, i, 0] += beaten
                    tally[worker, i, 1] += level
                    tally[worker, i, 2] += weighed


@kernel(parallel=True)
def sampled_showdowns(
    seed: np.uint64,
    first_block: int,
    block_size: int,
    combos: npt.NDArray[np.uint8],
    combo_counts: IntArray,
    cumulative: npt.NDArray[np.float64],
    known: Cards,
    used: np.uint64,
    deck: Cards,
    omaha: bool,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    tally: Tally,
) -> None:
    """Deal ``tally.shape[0]`` blocks of ``block_size`` random showdowns, block ``b`` from the
    stream of (``seed``, ``first_block + b``), each tallied into ``tally[b]``.

    Player ``p`` holds one of ``combos[p, :combo_counts[p]]`` (rows of hole cards), drawn by
    weight: ``cumulative[p, i]`` is the sum of the first ``i + 1`` weights (a player with one
    combo draws nothing). A draw whose hands share a card, or meet ``used`` (the board and dead
    cards as a 52-bit mask), is redrawn whole, which keeps the joint odds of every compatible set
    of hands exact. The board's missing cards then come from ``deck`` at random.
    """
    blocks = tally.shape[0]
    players, _, hole = combos.shape
    pairs = hole * (hole - 1) // 2
    card_keys, suit_bits, keys5 = hi.card_keys, hi.suit_bits, hi.keys5
    flush, bits, base, values, rule = hi.flush, hi.bits, hi.base, hi.values, hi.flush_rule
    any_five = not omaha and not has_low
    heads_up = any_five and players == 2
    deck_size = np.uint64(deck.shape[0])
    for block in prange(blocks):
        state = seed ^ (np.uint64(first_block + block + 1) * MIX1)
        state, _ = splitmix64(state)
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        triples = np.zeros(10, dtype=np.int64)
        hole_keys = np.zeros(players, dtype=np.int64)
        hole_masks = np.zeros(players, dtype=np.int64)
        pair_keys = np.zeros((players, max(pairs, 1)), dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        board[: known.shape[0]] = known
        fixed = True  # every player holds one known hand: their keys are set once
        for player in range(players):
            fixed = fixed and combo_counts[player] == 1
        held = used
        first_wins = 0
        second_wins = 0
        for sample in range(block_size):
            taken = used
            while True:  # hands for every player, redrawn whole on any shared card
                taken = used
                clash = False
                for player in range(players):
                    last = combo_counts[player] - 1
                    pick = 0
                    if last:
                        state, draw = splitmix64(state)
                        point = float(draw >> np.uint64(11)) * UNIT * cumulative[player, last]
                        low_index, high_index = 0, last
                        while low_index < high_index:  # the first cumulative weight above point
                            middle = (low_index + high_index) // 2
                            if cumulative[player, middle] > point:
                                high_index = middle
                            else:
                                low_index = middle + 1
                        pick = low_index
                    elif fixed and sample > 0:
                        continue  # set by the first deal of the block
                    key = 0
                    masks = 0
                    for column in range(hole):
                        card = combos[player, pick, column]
                        bit = np.uint64(1) << np.uint64(card)
                        if taken & bit:
                            clash = True
                        taken |= bit
                        key += card_keys[card]
                        masks |= suit_bits[card]
                    hole_keys[player], hole_masks[player] = key, masks
                    if omaha:
                        index = 0
                        for a in range(hole - 1):
                            for b in range(a + 1, hole):
                                pair_keys[player, index] = (
                                    keys5[combos[player, pick, a]] + keys5[combos[player, pick, b]]
                                )
                                index += 1
                if fixed:
                    if sample == 0:
                        held = taken
                    taken = held
                if not clash:
                    break
            key = 0
            masks = 0
            for place in range(known.shape[0]):
                key += card_keys[known[place]]
                masks |= suit_bits[known[place]]
            for place in range(known.shape[0], 5):
                while True:
                    state, draw = splitmix64(state)
                    card = deck[((draw >> np.uint64(32)) * deck_size) >> np.uint64(32)]
                    bit = np.uint64(1) << np.uint64(card)
                    if not taken & bit:
                        break
                taken |= bit
                board[place] = card
                key += card_keys[card]
                masks |= suit_bits[card]
            if any_five:  # hold'em: the tables' arrays are read once, out of the loops
                for player in range(players):
                    high[player] = read_any_five(
                        key + hole_keys[player], masks | hole_masks[player], rule, flush, bits,
                        base, values,
                    )  # fmt: skip
            else:
                judge_board(board, key, masks, hole_keys, hole_masks, pair_keys, pairs, omaha,
                            hi, lo, has_low, high, low, triples)  # fmt: skip
            if heads_up:  # counted in registers, tallied once per block
                first_wins += high[0] > high[1]
                second_wins += high[0] < high[1]
            else:
                settle(high, low, players, has_low, tally, block)
        if heads_up:
            tally_heads_up(tally, block, first_wins, second_wins, block_size)
