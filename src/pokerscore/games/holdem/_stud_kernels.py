"""Stud showdowns: each player's known cards completed to seven from the rest of the deck.

A player's *completions* are the sets of cards that complete their hand, as rows of positions
into ``pool`` (the deck less every known and dead card), increasing, in colex order. Values come
from the seven-card tables (:func:`~pokerscore.games.holdem._kernels.read_any_five`); a low is a
*level*: the rank of the player's low among the distinct lows of the spot, 0 for no low (and for
every hand of a game without one).

**Heads-up, exact** (:func:`heads_up_sweep`): each side's completions are valued once, and the
first side's counted against the second's in order of high value. A second-side completion
``S`` adds 1 to a counter of every subset ``T`` of its cards (at most as many as the first side
draws); the second-side completions that share no card with a first-side completion ``F`` are
then, by inclusion and exclusion, the sum over subsets ``T`` of ``F`` of ``(-1)**|T|`` times the
counter of ``T``. Each counter is a row over low levels, cumulative (entry ``l`` counts the
completions with a low level at most ``l``), so one pass gives the joint count of (high below,
low below or equal) the first side's. Subsets are indexed by size and colex rank.

**More players, exact** (:func:`deal_showdowns`): every deal of completions that shares no card,
depth first, each player judged when dealt. When the deck runs short (eight players), one
community card is dealt first, the last card of every player still owed one.

**Monte Carlo** (:func:`sampled_stud`): blocks of random deals, each block with its own SplitMix64
stream (seed, block number), so the same seed gives the same sums at any number of threads.
Tallies and sums are those of :mod:`~pokerscore.games.holdem._kernels` (``settle``,
``settle_weighted``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.kernels.random import MIX1, below, splitmix64
from pokerscore.engine.tables import RankingTables
from pokerscore.games.holdem._kernels import heads_up_rows, read_any_five, settle, settle_weighted

Cards = npt.NDArray[np.uint8]
IntArray = npt.NDArray[np.int64]


class Completions(NamedTuple):
    """One player's completions (heads-up sweep)."""

    rows: Cards
    """Positions into the pool, one row per completion, increasing."""
    high: IntArray
    """High value of each completed hand."""
    low: IntArray
    """Low level of each (0: no low)."""
    order: IntArray
    """The completions in increasing order of high value."""


class Spot(NamedTuple):
    """Every player of a stud spot (exact deals and Monte Carlo)."""

    known_keys: IntArray
    """Each player's summed card key of the known cards."""
    known_masks: IntArray
    """Each player's OR of suit bits of the known cards."""
    missing: IntArray
    """Cards each player is dealt (their last from the community card when ``community``)."""
    pool_keys: IntArray
    """Card key of each pool position."""
    pool_masks: IntArray
    """Suit bit of each pool position."""


@kernel(parallel=True)
def completion_values(
    known_key: int,
    known_mask: int,
    pool_keys: IntArray,
    pool_masks: IntArray,
    rows: Cards,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    high: IntArray,
    low: IntArray,
) -> None:
    """The high (and low) value of the known cards with each row of pool positions."""
    rule, flush, bits, base, values = hi.flush_rule, hi.flush, hi.bits, hi.base, hi.values
    low_rule, low_flush, low_bits, low_base = lo.flush_rule, lo.flush, lo.bits, lo.base
    low_values = lo.values
    width = rows.shape[1]
    for index in prange(rows.shape[0]):
        key = known_key
        masks = known_mask
        for column in range(width):
            key += pool_keys[rows[index, column]]
            masks |= pool_masks[rows[index, column]]
        high[index] = read_any_five(key, masks, rule, flush, bits, base, values)
        if has_low:
            low[index] = read_any_five(key, 0, low_rule, low_flush, low_bits, low_base, low_values)
        else:
            low[index] = 1


@kernel(inline=True)
def subset_index(
    row: Cards, subset: int, width: int, offsets: IntArray, binomials: IntArray
) -> tuple[int, int]:
    """The counter index and size of the subset of ``row``'s positions chosen by the bits of
    ``subset``: its size's offset plus its colex rank (as
    :func:`~pokerscore.engine.combinatorics.colex_rank` defines it)."""
    size = 0
    rank = 0
    for column in range(width):
        if subset >> column & 1:
            size += 1
            rank += binomials[row[column], size]
    return offsets[size] + rank, size


@kernel(inline=True)
def add_completion(
    counters: npt.NDArray[np.int32],
    row: Cards,
    width: int,
    level: int,
    most: int,
    offsets: IntArray,
    binomials: IntArray,
) -> None:
    """Count a second-side completion (low ``level``) in the counter of each subset of its
    cards of at most ``most`` cards, cumulative over low levels."""
    levels = counters.shape[1]
    for subset in range(1 << width):
        index, size = subset_index(row, subset, width, offsets, binomials)
        if size > most:
            continue
        for place in range(level, levels):
            counters[index, place] += 1


@kernel(inline=True)
def disjoint_counts(
    counters: npt.NDArray[np.int32],
    row: Cards,
    width: int,
    level: int,
    most: int,
    offsets: IntArray,
    binomials: IntArray,
) -> tuple[int, int, int]:
    """The counted second-side completions that share no card with ``row``: with a low level
    below ``level``, equal to it, and in all (inclusion and exclusion over ``row``'s subsets)."""
    top = counters.shape[1] - 1
    below_level = 0
    at_most = 0
    everything = 0
    for subset in range(1 << width):
        index, size = subset_index(row, subset, width, offsets, binomials)
        if size > most:
            continue
        sign = -1 if size & 1 else 1
        if level > 0:
            below_level += sign * counters[index, level - 1]
        at_most += sign * counters[index, level]
        everything += sign * counters[index, top]
    return below_level, at_most - below_level, everything


@kernel(inline=True)
def tally_cells(tally: IntArray, count: int, high: int, low: int, no_low: bool) -> None:
    """Add ``count`` pairs to the heads-up ``tally[player, split, high_k, low_k]``: ``high`` and
    ``low`` are 0 when the first player's hand is better, 1 on a tie, 2 when worse; a low tie
    with the first player holding no low is a pot without a low."""
    if count == 0:
        return
    first_high = 1 if high == 0 else (2 if high == 1 else 0)
    second_high = 1 if high == 2 else (2 if high == 1 else 0)
    split = 0 if (no_low and low == 1) else 1
    first_low = 0
    second_low = 0
    if split:
        first_low = 1 if low == 0 else (2 if low == 1 else 0)
        second_low = 1 if low == 2 else (2 if low == 1 else 0)
    tally[0, split, first_high, first_low] += count
    tally[1, split, second_high, second_low] += count


@kernel()
def heads_up_sweep(
    first: Completions,
    second: Completions,
    levels: int,
    binomials: IntArray,
    apart: int,
    tally: IntArray,
) -> None:
    """Every pair of completions that share no card, tallied into ``tally[player, split,
    high_k, low_k]`` (``levels``: how many low levels; ``binomials[n, k]``: ``C(n, k)`` for the
    pool's size and up to the smaller completion; ``apart``: the second-side completions that
    miss any one first-side completion). See the module's docstring."""
    first_rows, first_high, first_low, first_order = first
    second_rows, second_high, second_low, second_order = second
    first_width = first_rows.shape[1]
    second_width = second_rows.shape[1]
    most = min(first_width, second_width)
    pool_size = binomials.shape[0] - 1
    offsets = np.zeros(most + 2, dtype=np.int64)  # where each size's counters begin
    for size in range(most + 1):
        offsets[size + 1] = offsets[size] + binomials[pool_size, size]
    counters = np.zeros((offsets[most + 1], levels), dtype=np.int32)
    firsts = first_rows.shape[0]
    seconds = second_rows.shape[0]
    # Per first-side completion: (low below, low equal, any low) among those of high below,
    # then of high at most.
    under = np.zeros((firsts, 3), dtype=np.int64)
    upto = np.zeros((firsts, 3), dtype=np.int64)
    next_second = 0
    start = 0
    while start < firsts:
        value = first_high[first_order[start]]
        stop = start
        while stop < firsts and first_high[first_order[stop]] == value:
            stop += 1
        while next_second < seconds and second_high[second_order[next_second]] < value:
            item = second_order[next_second]
            add_completion(counters, second_rows[item], second_width, second_low[item], most,
                           offsets, binomials)  # fmt: skip
            next_second += 1
        for place in range(start, stop):
            item = first_order[place]
            counts = disjoint_counts(counters, first_rows[item], first_width, first_low[item],
                                     most, offsets, binomials)  # fmt: skip
            under[item, 0], under[item, 1], under[item, 2] = counts
        while next_second < seconds and second_high[second_order[next_second]] == value:
            item = second_order[next_second]
            add_completion(counters, second_rows[item], second_width, second_low[item], most,
                           offsets, binomials)  # fmt: skip
            next_second += 1
        for place in range(start, stop):
            item = first_order[place]
            counts = disjoint_counts(counters, first_rows[item], first_width, first_low[item],
                                     most, offsets, binomials)  # fmt: skip
            upto[item, 0], upto[item, 1], upto[item, 2] = counts
        start = stop
    while next_second < seconds:
        item = second_order[next_second]
        add_completion(counters, second_rows[item], second_width, second_low[item], most,
                       offsets, binomials)  # fmt: skip
        next_second += 1
    for item in range(firsts):
        low_below, low_equal, _ = disjoint_counts(counters, first_rows[item], first_width,
                                                  first_low[item], most, offsets, binomials)  # fmt: skip
        no_low = first_low[item] == 0
        # Rows: second side's high below, equal, above; columns: its low below, equal, above.
        rows = np.empty((3, 3), dtype=np.int64)
        rows[0, 0], rows[0, 1] = under[item, 0], under[item, 1]
        rows[0, 2] = under[item, 2] - under[item, 0] - under[item, 1]
        for column in range(3):
            rows[1, column] = 0
        rows[1, 0] = upto[item, 0] - under[item, 0]
        rows[1, 1] = upto[item, 1] - under[item, 1]
        rows[1, 2] = upto[item, 2] - under[item, 2] - rows[1, 0] - rows[1, 1]
        rows[2, 0] = low_below - upto[item, 0]
        rows[2, 1] = low_equal - upto[item, 1]
        rows[2, 2] = apart - upto[item, 2] - rows[2, 0] - rows[2, 1]
        for high in range(3):
            for low in range(3):
                tally_cells(tally, rows[high, low], high, low, no_low)


@kernel(inline=True)
def player_value(
    player: int,
    rows: Cards,
    pick: int,
    width: int,
    key: int,
    masks: int,
    spot: Spot,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    high: IntArray,
    low: IntArray,
) -> None:
    """Value ``player``'s known cards with completion ``pick`` (and the community card's
    ``key`` and ``masks``, zero without one)."""
    pool_keys, pool_masks = spot.pool_keys, spot.pool_masks
    key += spot.known_keys[player]
    masks |= spot.known_masks[player]
    for column in range(width):
        key += pool_keys[rows[player, pick, column]]
        masks |= pool_masks[rows[player, pick, column]]
    high[player] = read_any_five(key, masks, hi.flush_rule, hi.flush, hi.bits, hi.base, hi.values)
    low[player] = (
        read_any_five(key, 0, lo.flush_rule, lo.flush, lo.bits, lo.base, lo.values)
        if has_low
        else 1
    )


@kernel(parallel=True)
def deal_showdowns(
    spot: Spot,
    rows: Cards,
    row_bits: npt.NDArray[np.uint64],
    row_counts: IntArray,
    widths: IntArray,
    community: bool,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    tally: IntArray,
) -> None:
    """Every deal of one completion per player (``rows[player, :row_counts[player], :widths[
    player]]``, pool bit masks ``row_bits``) that holds no card twice, tallied into
    ``tally[thread, player, split, high_k, low_k]``; with a ``community`` card first when the
    deck runs short (each player whose width is below their ``missing`` takes it)."""
    threads = tally.shape[0]
    players = row_counts.shape[0]
    pool_size = spot.pool_keys.shape[0]
    cards = pool_size if community else 1
    firsts = row_counts[0]
    for worker in prange(threads):
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        picks = np.zeros(players, dtype=np.int64)
        taken = np.zeros(players + 1, dtype=np.uint64)
        keys = np.zeros(players, dtype=np.int64)
        masks = np.zeros(players, dtype=np.int64)
        for item in range(worker, cards * firsts, threads):
            card = item // firsts
            first = item - card * firsts
            shared = np.uint64(0)
            if community:
                shared = np.uint64(1) << np.uint64(card)
                for player in range(players):
                    takes = widths[player] < spot.missing[player]
                    keys[player] = spot.pool_keys[card] if takes else 0
                    masks[player] = spot.pool_masks[card] if takes else 0
            if row_bits[0, first] & shared:
                continue
            player_value(0, rows, first, widths[0], keys[0], masks[0], spot, hi, lo, has_low,
                         high, low)  # fmt: skip
            taken[1] = shared | row_bits[0, first]
            depth = 1
            picks[1] = -1
            while depth >= 1:
                picks[depth] += 1
                pick = picks[depth]
                if pick >= row_counts[depth]:
                    depth -= 1
                    continue
                if row_bits[depth, pick] & taken[depth]:
                    continue
                player_value(depth, rows, pick, widths[depth], keys[depth], masks[depth], spot,
                             hi, lo, has_low, high, low)  # fmt: skip
                if depth == players - 1:
                    settle(high, low, players, has_low, tally, worker)
                    continue
                taken[depth + 1] = taken[depth] | row_bits[depth, pick]
                depth += 1
                picks[depth] = -1


@kernel(parallel=True)
def sampled_stud(
    seed: np.uint64,
    first_block: int,
    block_size: int,
    spot: Spot,
    pool: Cards,
    community: bool,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    sums: npt.NDArray[np.float64],
) -> None:
    """Deal ``sums.shape[0]`` blocks of ``block_size`` random showdowns, block ``b`` from the
    stream of (``seed``, ``first_block + b``), summed into ``sums[b, player]`` (see
    :data:`~pokerscore.games.holdem._kernels.ACCUMULATORS`). Each deal takes uniform cards of
    the ``pool`` (positions, by a partial Fisher-Yates shuffle): the community card first when
    ``community``, then each player's missing cards."""
    known_keys, known_masks, missing = spot.known_keys, spot.known_masks, spot.missing
    pool_keys, pool_masks = spot.pool_keys, spot.pool_masks
    rule, flush, bits, base, values = hi.flush_rule, hi.flush, hi.bits, hi.base, hi.values
    low_rule, low_flush, low_bits, low_base = lo.flush_rule, lo.flush, lo.bits, lo.base
    low_values = lo.values
    players = known_keys.shape[0]
    pool_size = pool.shape[0]
    heads_up = players == 2 and not has_low
    for block in prange(sums.shape[0]):
        state = seed ^ (np.uint64(first_block + block + 1) * MIX1)
        state, _ = splitmix64(state)
        order = pool.copy()
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        total = sums[block]
        first_wins = 0
        second_wins = 0
        for _deal in range(block_size):
            remaining = pool_size
            shared_key = 0
            shared_mask = 0
            if community:
                state, index = below(state, remaining)
                remaining -= 1
                card = order[index]
                order[index], order[remaining] = order[remaining], card
                shared_key = pool_keys[card]
                shared_mask = pool_masks[card]
            for player in range(players):
                key = known_keys[player]
                masks = known_masks[player]
                need = missing[player]
                if community and need > 0:
                    key += shared_key
                    masks |= shared_mask
                    need -= 1
                for _card in range(need):
                    state, index = below(state, remaining)
                    remaining -= 1
                    card = order[index]
                    order[index], order[remaining] = order[remaining], card
                    key += pool_keys[card]
                    masks |= pool_masks[card]
                high[player] = read_any_five(key, masks, rule, flush, bits, base, values)
                if has_low:
                    low[player] = read_any_five(key, 0, low_rule, low_flush, low_bits, low_base,
                                                low_values)  # fmt: skip
            if heads_up:
                first_wins += high[0] > high[1]
                second_wins += high[0] < high[1]
            else:
                settle_weighted(high, low, players, has_low, 1.0, total)
        if heads_up:
            heads_up_rows(total, block_size, first_wins, second_wins)
