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

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.combinatorics import next_colex_subset
from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.kernels.lookup import (
    RANK_MASK,
    five_card_value,
    flush_suit,
    multiset_value,
)
from pokerscore.engine.kernels.random import MIX1, below, splitmix64, uniform
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


class DealtHoles(NamedTuple):
    """A batch of deals of hole cards for :func:`dealt_showdowns`: deal ``d`` gives player ``p``
    the cards whose summed keys are ``keys[d, p]`` (suit bits ``masks[d, p]``; five-card keys of
    every pair of them ``pair_keys[d, p]``, Omaha) and leaves ``rests[d]`` for the board; its
    boards are tallied into group ``groups[d]`` (deals of equal weight share a group)."""

    keys: IntArray
    masks: IntArray
    pair_keys: IntArray
    rests: Cards
    groups: IntArray


@kernel(parallel=True)
def dealt_showdowns(
    deals: DealtHoles,
    known: Cards,
    prefixes: Cards,
    complete: bool,
    omaha: bool,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    tally: Tally,
) -> None:
    """Tally every board of every deal (Omaha and hi/lo games): ``known`` (the whole board when
    ``complete``), else ``known`` and the cards ``rests[d][prefixes[row]]`` and one more card of
    ``rests[d]`` after them, for each row, into ``tally[thread, deals.groups[d]]``. The threads
    take (deal, row) items in turn, so a river (one board per deal) still spreads; the last
    card costs one key addition."""
    threads = tally.shape[0]
    keys, masks, pair_keys, rests, groups = (
        deals.keys, deals.masks, deals.pair_keys, deals.rests, deals.groups
    )  # fmt: skip
    count, players = keys.shape
    pairs = pair_keys.shape[2]
    rows = prefixes.shape[0]
    last = known.shape[0] + prefixes.shape[1]
    card_keys, suit_bits = hi.card_keys, hi.suit_bits
    for worker in prange(threads):
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        triples = np.zeros(10, dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        for item in range(worker, count * rows, threads):
            deal = item // rows
            row = item - deal * rows
            rest = rests[deal]
            hole_keys, hole_masks, hole_pairs = keys[deal], masks[deal], pair_keys[deal]
            group_tally, group = tally[worker], groups[deal]
            key, suits, _, start = board_prefix(known, rest, prefixes, row, board, hi)
            if complete:
                judge_board(board, key, suits, hole_keys, hole_masks, hole_pairs, pairs, omaha,
                            hi, lo, has_low, high, low, triples)  # fmt: skip
                settle(high, low, players, has_low, group_tally, group)
                continue
            for position in range(start, rest.shape[0]):
                card = rest[position]
                board[last] = card
                judge_board(board, key + card_keys[card], suits | suit_bits[card], hole_keys,
                            hole_masks, hole_pairs, pairs, omaha, hi, lo, has_low, high, low,
                            triples)  # fmt: skip
                settle(high, low, players, has_low, group_tally, group)


@kernel(parallel=True)
def any_five_showdowns(
    hole_keys: IntArray,
    hole_masks: IntArray,
    hole_rows: IntArray,
    by_board: npt.NDArray[np.uint16],
    board_rows: npt.NDArray[np.int16],
    four_rows: npt.NDArray[np.int16],
    steps: npt.NDArray[np.int16],
    known: Cards,
    rests: Cards,
    prefixes: Cards,
    complete: bool,
    tables: RankingTables,
    groups: IntArray,
    tally: Tally,
) -> None:
    """:func:`dealt_showdowns` for games where any five of hole and board play and no low
    qualifies (hold'em, short deck), for a batch of deals: deal ``d`` gives player ``p`` the
    hole cards of ``hole_keys[d, p]`` and ``hole_masks[d, p]`` and leaves ``rests[d]`` for the
    board; its boards are tallied into ``tally[thread, groups[d]]`` (deals of equal weight share
    a group). A player's plain value is read from ``by_board[hole_rows[d, p], board_rows[board's
    five-card rank key]]`` (see :func:`~pokerscore.engine.tables.values_by_board`: one row per
    pair of hole ranks), a few kilobytes where the rank-and-select tables take megabytes;
    flushes from the flush table. Boards of four cards and a fifth find their row by
    ``steps[four_rows[four cards' rank key], rank]``.

    The threads take (deal, prefix) items in turn: every board of one deal (turn and river to
    come), or many deals of one board each (a river): never one call per deal."""
    threads = tally.shape[0]
    deals, players = hole_keys.shape
    rows = prefixes.shape[0]
    card_keys, suit_bits, flush = tables.card_keys, tables.suit_bits, tables.flush
    keys5, rule = tables.keys5, tables.flush_rule
    places = known.shape[0] + prefixes.shape[1]
    heads_up = players == 2 and deals == 1  # counted in registers, tallied once at the end
    for worker in prange(threads):
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        first_wins = 0
        second_wins = 0
        dealt = 0
        for item in range(worker, deals * rows, threads):
            deal = item // rows
            row = item - deal * rows
            rest = rests[deal]
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
                    hand_key = key + hole_keys[deal, player]
                    suit = flush_suit(hand_key) if rule else -1
                    if suit < 0:
                        high[player] = by_board[hole_rows[deal, player], board_row]
                    else:
                        suited = (masks | hole_masks[deal, player]) >> (13 * suit)
                        high[player] = flush[suited & RANK_MASK]
                if heads_up:
                    first_wins += high[0] > high[1]
                    second_wins += high[0] < high[1]
                else:
                    settle(high, low, players, False, tally[worker], groups[deal])
        if heads_up:
            tally_heads_up(tally[worker], groups[0], first_wins, second_wins, dealt)


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
    """Heads-up, range against range: every board once (as in :func:`dealt_showdowns`), every
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


FIXED = 0
"""A player whose hand is known."""
PARTIAL = 1
"""A player drawing from a range, by weight, among the combos the cards taken before leave."""
FULL = 2
"""A player whose range is every hand of the cards left (two, or four to six in Omaha), all weighted
alike: dealt like the board."""
ACCUMULATORS = 14
"""Per player and block: sums of w, w x share, w x whole pot, w x part of it, w**2,
w**2 x share and w**2 x share**2, ``w`` the weight of a deal; then, pot by pot, w x the high
hand alone, w x the high hand shared, w x the pot's share taken by the high hand, the same
three for the low half, and w x no low qualifying."""


@kernel(inline=True)
def take(pool: Cards, where: IntArray, remaining: int, card: int) -> int:
    """Move ``card`` out of the ``remaining`` live cards at the front of ``pool`` (swapped to just
    behind them; ``where`` tracks positions); return how many remain."""
    position = where[card]
    last = remaining - 1
    other = pool[last]
    pool[position], pool[last] = other, card
    where[other], where[card] = position, last
    return last


@kernel(inline=True)
def draw_card(
    state: np.uint64, pool: Cards, where: IntArray, remaining: int, taken: np.uint64, shuffled: bool
) -> tuple[np.uint64, int, int]:
    """A uniform card of ``pool`` not in ``taken``, and how many live cards remain: from the
    ``remaining`` at the front of a ``shuffled`` pool (taken cards are behind them), else from
    the whole pool, redrawn while taken (cheaper when few cards are taken)."""
    if shuffled:
        state, index = below(state, remaining)
        card = pool[index]
        return state, card, take(pool, where, remaining, card)
    while True:
        state, index = below(state, pool.shape[0])
        card = pool[index]
        if not taken & (np.uint64(1) << np.uint64(card)):
            return state, card, remaining


@kernel(inline=True)
def live_weight(
    player: int,
    slot: int,
    taken_cards: Cards,
    count: int,
    full_weight: float,
    combo_counts: IntArray,
    card_weight: npt.NDArray[np.float64],
    card_count: IntArray,
    pair_weight: npt.NDArray[np.float64],
) -> tuple[float, int]:
    """The weight and number of ``player``'s combos that miss the first ``count`` cards of
    ``taken_cards``, by inclusion and exclusion: all, less those holding each card, plus those
    holding two of them (counted twice)."""
    weight = full_weight
    combos = combo_counts[player]
    for i in range(count):
        card = taken_cards[i]
        weight -= card_weight[player, card]
        combos -= card_count[player, card]
        for j in range(i):
            both = pair_weight[slot, card, taken_cards[j]]
            if both > 0:
                weight += both
                combos += 1
    return weight, combos


@kernel(inline=True)
def pick_combo(
    state: np.uint64,
    player: int,
    weight: float,
    taken: np.uint64,
    combos: Cards,
    combo_counts: IntArray,
    cumulative: npt.NDArray[np.float64],
    combo_bits: npt.NDArray[np.uint64],
) -> tuple[np.uint64, int]:
    """A combo of ``player`` that misses ``taken``, each with chance its weight / ``weight`` (the
    live weight): drawn from the whole range and redrawn on a taken card while the live weight
    is at least an eighth of the whole (at most 8 draws on average), else read off a scan of
    the live combos."""
    last = combo_counts[player] - 1
    total = cumulative[player, last]
    if weight * 8.0 >= total:
        while True:
            state, point = uniform(state)
            point *= total
            low, high = 0, last
            while low < high:  # the first cumulative weight above the point
                middle = (low + high) // 2
                if cumulative[player, middle] > point:
                    high = middle
                else:
                    low = middle + 1
            if not combo_bits[player, low] & taken:
                return state, low
    return scan_live(state, player, weight, taken, combo_counts, cumulative, combo_bits)


@kernel()
def scan_live(
    state: np.uint64,
    player: int,
    weight: float,
    taken: np.uint64,
    combo_counts: IntArray,
    cumulative: npt.NDArray[np.float64],
    combo_bits: npt.NDArray[np.uint64],
) -> tuple[np.uint64, int]:
    """:func:`pick_combo` when most of the range is taken: one pass over the live combos (out of
    line: a rare path kept out of the hot loop)."""
    state, point = uniform(state)
    point *= weight
    found = -1
    passed = 0.0
    previous = 0.0
    for index in range(combo_counts[player]):
        own = cumulative[player, index] - previous
        previous = cumulative[player, index]
        if combo_bits[player, index] & taken:
            continue
        found = index
        passed += own
        if passed > point:
            break
    return state, found  # rounding past the end: the last live combo


@kernel(inline=True)
def settle_weighted(
    high: IntArray,
    low: IntArray,
    players: int,
    has_low: bool,
    weight: float,
    total: npt.NDArray[np.float64],
) -> None:
    """Add one judged deal of weight ``weight`` to ``total[player]`` (see :data:`ACCUMULATORS`)."""
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
    split = best_low > 1
    low_count = 0
    if split:
        for player in range(players):
            low_count += low[player] == best_low
    square = weight * weight
    for player in range(players):
        share = 0.0
        whole = True
        row = total[player]
        if high[player] == top:
            share = 1.0 / high_count
            whole = high_count == 1
            row[7 if whole else 8] += weight
        else:
            whole = False
        if split:
            share *= 0.5
        row[9] += weight * share
        if split:
            if low[player] == best_low:
                share += 0.5 / low_count
                whole = whole and low_count == 1
                row[10 if low_count == 1 else 11] += weight
                row[12] += weight * 0.5 / low_count
            else:
                whole = False
        else:
            row[13] += weight
        row[0] += weight
        row[4] += square
        if share > 0.0:
            row[1] += weight * share
            row[5] += square * share
            row[6] += square * share * share
            if whole:
                row[2] += weight
            else:
                row[3] += weight


@kernel(inline=True)
def heads_up_rows(
    total: npt.NDArray[np.float64], deals: int, first_wins: int, second_wins: int
) -> None:
    """Heads-up deals of weight 1 and no low, counted in registers, written into ``total`` as
    :func:`settle_weighted` would have summed them."""
    ties = deals - first_wins - second_wins
    for player, wins in ((0, first_wins), (1, second_wins)):
        share = wins + 0.5 * ties
        row = total[player]
        row[0], row[1], row[2], row[3] = deals, share, wins, ties
        row[4], row[5], row[6] = deals, share, wins + 0.25 * ties
        row[7], row[8], row[9] = wins, ties, share
        row[13] = deals


class SampledPlayers(NamedTuple):
    """The players as :func:`sampled_showdowns` deals them, one row each.

    ``kinds`` (:data:`FIXED`, :data:`PARTIAL`, :data:`FULL`) and the ``order`` they are dealt
    in; a partial player ``p``'s combos ``combos[p, :combo_counts[p]]`` with their
    ``cumulative`` weights and ``combo_bits`` card masks; the weight and count of its combos
    holding each card (``card_weight``, ``card_count``) and, for a range that shares cards with
    those dealt before it, the weight of each pair of cards ``pair_weight[slots[p]]``
    (``slots[p]`` is -1 for a range that shares none)."""

    kinds: IntArray
    order: IntArray
    combos: Cards
    combo_counts: IntArray
    cumulative: npt.NDArray[np.float64]
    combo_bits: npt.NDArray[np.uint64]
    card_weight: npt.NDArray[np.float64]
    card_count: IntArray
    pair_weight: npt.NDArray[np.float64]
    slots: IntArray


class SampledCards(NamedTuple):
    """The cards of :func:`sampled_showdowns`: the ``known`` board, the 64-bit mask of the cards
    no deal takes (board, dead and known hands: ``used``) and the others (``live``)."""

    known: Cards
    used: np.uint64
    live: Cards


@kernel(parallel=True)
def sampled_showdowns(
    seed: np.uint64,
    first_block: int,
    block_size: int,
    dealt: SampledPlayers,
    cards: SampledCards,
    omaha: bool,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    sums: npt.NDArray[np.float64],
) -> None:
    """Deal ``sums.shape[0]`` blocks of ``block_size`` random showdowns, block ``b`` from the
    stream of (``seed``, ``first_block + b``), each summed into ``sums[b, player]`` (see
    :data:`ACCUMULATORS`).

    Players are dealt one at a time in ``dealt.order`` (see :class:`SampledPlayers`). A partial
    player draws among its live combos by weight, and the deal's weight is multiplied by the
    live share of its range (the live weight over the whole, by inclusion and exclusion; a
    range that shares no card with those dealt before it always weighs whole). A deal in which
    some range has no live combo weighs 0 and is not judged. Combos of more than two cards
    (Omaha) may hold more than two taken cards, past what pair weights count: a range that
    shares cards with those dealt before draws from its whole range instead, and a combo
    holding a taken card makes the deal weigh 0 (rejection: the same weight on average). Full
    players, then the board, take uniform cards from ``cards.live``.
    """
    kinds, order, combos, combo_counts = dealt.kinds, dealt.order, dealt.combos, dealt.combo_counts
    cumulative, combo_bits, slots = dealt.cumulative, dealt.combo_bits, dealt.slots
    card_weight, card_count, pair_weight = dealt.card_weight, dealt.card_count, dealt.pair_weight
    known, used, live_cards = cards.known, cards.used, cards.live
    blocks = sums.shape[0]
    players, _, hole = combos.shape
    pairs = hole * (hole - 1) // 2
    card_keys, suit_bits, keys5 = hi.card_keys, hi.suit_bits, hi.keys5
    flush, bits, base, values, rule = hi.flush, hi.bits, hi.base, hi.values, hi.flush_rule
    any_five = not omaha and not has_low
    pool_size = live_cards.shape[0]
    weighted = False
    for player in range(players):
        weighted = weighted or (kinds[player] == PARTIAL and slots[player] >= 0)
    heads_up = any_five and players == 2 and not weighted  # counted in registers
    shuffled = False  # full ranges: cards leave the pool as dealt (else a taken card is redrawn)
    for player in range(players):
        shuffled = shuffled or kinds[player] == FULL
    for block in prange(blocks):
        state = seed ^ (np.uint64(first_block + block + 1) * MIX1)
        state, _ = splitmix64(state)
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        triples = np.zeros(10, dtype=np.int64)
        hole_keys = np.zeros(players, dtype=np.int64)
        hole_masks = np.zeros(players, dtype=np.int64)
        pair_keys = np.zeros((players, max(pairs, 1)), dtype=np.int64)
        hand = np.zeros(hole, dtype=np.uint8)
        taken_cards = np.zeros(hole * players, dtype=np.uint8)
        board = np.zeros(5, dtype=np.uint8)
        board[: known.shape[0]] = known
        pool = live_cards.copy()
        where = np.zeros(64, dtype=np.int64)
        for position in range(pool_size):
            where[pool[position]] = position
        total = sums[block]
        first_wins = 0
        second_wins = 0
        for sample in range(block_size):
            weight = 1.0
            taken = used
            remaining = pool_size
            count = 0
            for step in range(players):  # known hands first: a dead deal stops after them
                player = order[step]
                kind = kinds[player]
                if kind == FIXED:
                    if sample > 0:
                        continue  # set by the block's first deal
                    for column in range(hole):
                        hand[column] = combos[player, 0, column]
                elif kind == PARTIAL:
                    whole = cumulative[player, combo_counts[player] - 1]
                    live = whole
                    pick = 0
                    if slots[player] >= 0 and hole > 2:  # rejection: any combo, dead if taken
                        state, pick = pick_combo(state, player, whole, np.uint64(0), combos,
                                                 combo_counts, cumulative, combo_bits)  # fmt: skip
                        if combo_bits[player, pick] & taken:
                            weight = 0.0
                            break
                        live = -1.0  # picked
                    elif slots[player] >= 0:  # a range that shares cards with one dealt before
                        live, left = live_weight(player, slots[player], taken_cards, count,
                                                 whole, combo_counts, card_weight, card_count,
                                                 pair_weight)  # fmt: skip
                        if left <= 0:
                            weight = 0.0
                            break
                        weight *= live / whole
                    if live >= 0.0:
                        state, pick = pick_combo(state, player, live, taken, combos,
                                                 combo_counts, cumulative, combo_bits)  # fmt: skip
                    for column in range(hole):
                        card = combos[player, pick, column]
                        hand[column] = card
                        taken_cards[count] = card
                        count += 1
                        if shuffled:
                            remaining = take(pool, where, remaining, card)
                    taken |= combo_bits[player, pick]
                else:
                    for column in range(hole):
                        state, card, remaining = draw_card(state, pool, where, remaining, taken,
                                                           shuffled)  # fmt: skip
                        hand[column] = card
                        taken |= np.uint64(1) << np.uint64(card)
                key = 0
                masks = 0
                for column in range(hole):
                    key += card_keys[hand[column]]
                    masks |= suit_bits[hand[column]]
                hole_keys[player], hole_masks[player] = key, masks
                if omaha:
                    index = 0
                    for a in range(hole - 1):
                        for b in range(a + 1, hole):
                            pair_keys[player, index] = keys5[hand[a]] + keys5[hand[b]]
                            index += 1
            if weight == 0.0:  # a dead deal: counted in the samples, weighs nothing
                continue
            key = 0
            masks = 0
            for place in range(known.shape[0]):
                key += card_keys[known[place]]
                masks |= suit_bits[known[place]]
            for place in range(known.shape[0], 5):
                state, card, remaining = draw_card(state, pool, where, remaining, taken, shuffled)
                taken |= np.uint64(1) << np.uint64(card)
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
            if heads_up:
                first_wins += high[0] > high[1]
                second_wins += high[0] < high[1]
            else:
                settle_weighted(high, low, players, has_low, weight, total)
        if heads_up:
            heads_up_rows(total, block_size, first_wins, second_wins)


# Omaha range patterns (games/holdem/omaha_ranges.py): every hand of a size, matched in place.

Flags = npt.NDArray[np.bool_]

DOUBLE_SUITED, SINGLE_SUITED, RAINBOW = 1, 2, 3
"""Suit shapes a pattern may ask of the whole hand (0: any)."""


class HandPattern(NamedTuple):
    """One pattern of named cards for :func:`match_pattern`.

    ``masks[i]`` is the 52-bit set of cards named card ``i`` may be, ``letters[i]`` its suit
    variable (0 to 3, or -1), ``rank_letters[i]`` its rank variable (0 to 12, or -1);
    ``after[i]`` 1 when named card ``i`` is interchangeable with the one before it (so it takes
    a later place in the hand: each assignment is tried once, not in every order); ``blocked``
    the suits the pattern writes out (bit per suit: no suit variable takes them),
    ``blocked_ranks`` the ranks it writes out (bit per rank: no rank variable takes them);
    ``shape`` a suit shape of the whole hand (0 none, or :data:`DOUBLE_SUITED`,
    :data:`SINGLE_SUITED`, :data:`RAINBOW`).
    """

    masks: npt.NDArray[np.uint64]
    letters: IntArray
    after: IntArray
    blocked: int
    shape: int
    rank_letters: IntArray
    blocked_ranks: int


SCRATCH_PER_CARD = 3
SCRATCH_MORE = 34
"""A pattern's scratch integers: per named card, and beyond them (see :func:`_pattern_fits`)."""


@kernel(inline=True)
def _shape_fits(cards: IntArray, size: int, shape: int, tally: IntArray) -> bool:
    """Whether the hand's suit counts have the shape: ds two suits of exactly two cards and none
    of more, ss one such suit and none of more, rainbow no suit twice."""
    for suit in range(4):
        tally[suit] = 0
    for place in range(size):
        tally[cards[place] & 3] += 1
    twos = 0
    most = 0
    for suit in range(4):
        twos += tally[suit] == 2
        most = max(most, tally[suit])
    if shape == DOUBLE_SUITED:
        return twos == 2 and most == 2
    if shape == SINGLE_SUITED:
        return twos == 1 and most == 2
    return most <= 1


@kernel(inline=True)
def _variable_fits(letter: int, value: int, value_of: IntArray, letter_of: IntArray) -> int:
    """Whether a card whose suit (or rank) is ``value`` may take a named card of variable
    ``letter``: -1 no, 0 yes (no variable, or the variable already has that value), 1 yes by
    binding the variable to it (the variable is free and no other variable, nor the pattern's
    own written values, has the value)."""
    if letter < 0 or value_of[letter] == value:
        return 0
    if value_of[letter] < 0 and letter_of[value] < 0:
        return 1
    return -1


@kernel(inline=True)
def _pattern_fits(
    cards: IntArray,
    size: int,
    masks: npt.NDArray[np.uint64],
    letters: IntArray,
    rank_letters: IntArray,
    after: IntArray,
    blocked: int,
    blocked_ranks: int,
    scratch: IntArray,
) -> bool:
    """Whether the named cards go to different cards of the hand, each to one it may be, the
    same suit variable to the same suit and different ones to different suits, and the same for
    rank variables and ranks (backtracking). ``scratch`` holds ``SCRATCH_PER_CARD *
    len(masks) + SCRATCH_MORE`` integers."""
    count = masks.shape[0]
    if count == 0:
        return True
    choice = scratch[:count]
    bound = scratch[count : 2 * count]
    bound_rank = scratch[2 * count : 3 * count]
    suit_of = scratch[3 * count : 3 * count + 4]
    letter_of = scratch[3 * count + 4 : 3 * count + 8]
    rank_of = scratch[3 * count + 8 : 3 * count + 21]
    rank_letter_of = scratch[3 * count + 21 : 3 * count + 34]
    for suit in range(4):
        suit_of[suit] = -1
        letter_of[suit] = 4 if blocked >> suit & 1 else -1
    for rank in range(13):
        rank_of[rank] = -1
        rank_letter_of[rank] = 13 if blocked_ranks >> rank & 1 else -1
    used = 0
    level = 0
    choice[0] = -1
    while level >= 0:
        place = choice[level]
        letter = letters[level]
        rank_letter = rank_letters[level]
        if place >= 0:  # undo this level's last try
            used &= ~(1 << place)
            if bound[level]:
                letter_of[suit_of[letter]] = -1
                suit_of[letter] = -1
            if bound_rank[level]:
                rank_letter_of[rank_of[rank_letter]] = -1
                rank_of[rank_letter] = -1
        place += 1
        if after[level] and place <= choice[level - 1]:
            place = choice[level - 1] + 1
        binds = 0
        binds_rank = 0
        while place < size:
            card = cards[place]
            if not used >> place & 1 and masks[level] >> np.uint64(card) & np.uint64(1):
                binds = _variable_fits(letter, card & 3, suit_of, letter_of)
                binds_rank = _variable_fits(rank_letter, card >> 2, rank_of, rank_letter_of)
                if binds >= 0 and binds_rank >= 0:
                    break
            place += 1
        if place == size:
            choice[level] = -1
            level -= 1
            continue
        choice[level] = place
        bound[level] = binds
        bound_rank[level] = binds_rank
        used |= 1 << place
        if binds:
            suit_of[letter] = cards[place] & 3
            letter_of[cards[place] & 3] = letter
        if binds_rank:
            rank_of[rank_letter] = cards[place] >> 2
            rank_letter_of[cards[place] >> 2] = rank_letter
        if level == count - 1:
            return True
        level += 1
        choice[level] = -1
    return False


@kernel(parallel=True)
def match_pattern(size: int, pattern: HandPattern, offsets: IntArray, out: Flags) -> None:
    """``out[i]``: whether hand ``i`` fits the pattern, hands being every ``size`` cards of 52
    in colex order (``offsets[top]`` = C(top, size) hands lie below those whose top card is
    ``top``); one thread per top card."""
    masks = pattern.masks
    letters = pattern.letters
    rank_letters = pattern.rank_letters
    after = pattern.after
    blocked = pattern.blocked
    blocked_ranks = pattern.blocked_ranks
    shape = pattern.shape
    for lowest_top in prange(53 - size):
        top = lowest_top + size - 1
        cards = np.empty(size, dtype=np.int64)
        subset = np.arange(size - 1, dtype=np.int64)
        scratch = np.empty(SCRATCH_PER_CARD * masks.shape[0] + SCRATCH_MORE, dtype=np.int64)
        tally = np.empty(4, dtype=np.int64)
        cards[size - 1] = top
        for index in range(offsets[top], offsets[top + 1]):
            for place in range(size - 1):
                cards[place] = subset[place]
            fits = shape == 0 or _shape_fits(cards, size, shape, tally)
            out[index] = fits and _pattern_fits(
                cards, size, masks, letters, rank_letters, after, blocked, blocked_ranks, scratch
            )
            _next_subset(subset, size - 1, top)


@kernel(parallel=True)
def match_anchored(
    size: int, pattern: HandPattern, anchors: IntArray, binomials: IntArray, out: Flags
) -> None:
    """Sets ``out[i]`` (colex order, as in :func:`match_pattern`; the caller clears ``out``) for
    every hand that fits the pattern, reading only hands that hold one of the ``anchors``: a
    named card must be one of them, so no other hand fits. One thread per anchor; a hand holding
    two anchors is read twice and set the same way both times."""
    masks = pattern.masks
    letters = pattern.letters
    rank_letters = pattern.rank_letters
    after = pattern.after
    blocked = pattern.blocked
    blocked_ranks = pattern.blocked_ranks
    shape = pattern.shape
    rest = size - 1
    count = binomials[51, rest]
    last_card = 51
    for which in prange(anchors.shape[0]):
        anchor = anchors[which]
        cards = np.empty(size, dtype=np.int64)
        subset = np.arange(rest, dtype=np.int64)
        scratch = np.empty(SCRATCH_PER_CARD * masks.shape[0] + SCRATCH_MORE, dtype=np.int64)
        tally = np.empty(4, dtype=np.int64)
        for _ in range(count):
            # The other cards in increasing order, the anchor put in its place.
            place = 0
            for position in range(rest):
                card = subset[position] + (subset[position] >= anchor)
                if place == position and card > anchor:
                    cards[place] = anchor
                    place += 1
                cards[place] = card
                place += 1
            if place == rest:
                cards[rest] = anchor
            fits = shape == 0 or _shape_fits(cards, size, shape, tally)
            if fits and _pattern_fits(
                cards, size, masks, letters, rank_letters, after, blocked, blocked_ranks, scratch
            ):
                index = 0
                for position in range(size):
                    index += binomials[cards[position], position + 1]
                out[index] = True
            _next_subset(subset, rest, last_card)


@kernel(parallel=True)
def flagged_hands(size: int, flags: Flags, offsets: IntArray, starts: IntArray, out: Cards) -> None:
    """The hands whose ``flags`` are set (every ``size`` cards of 52 in colex order, as in
    :func:`match_pattern`), one row each in that order, cards in descending order;
    ``starts[top]`` is the row of the first flagged hand topped by ``top``."""
    for lowest_top in prange(53 - size):
        top = lowest_top + size - 1
        subset = np.arange(size - 1, dtype=np.int64)
        row = starts[top]
        for index in range(offsets[top], offsets[top + 1]):
            if flags[index]:
                out[row, 0] = top
                for place in range(1, size):
                    out[row, place] = subset[size - 1 - place]
                row += 1
            _next_subset(subset, size - 1, top)
