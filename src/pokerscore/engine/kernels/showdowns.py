"""Showdowns by the million: every board (exact) or random deals (Monte Carlo), tallied by share.

Players hold known cards (``holes``: one row of hole cards each). A board is completed from
``rest``; each player's value is the best five of hole and board under the high ranking's tables
``hi`` (and, in hi/lo games, the low of ``lo``), either any five of them (hold'em, ``omaha`` false)
or exactly two hole cards and three board cards (``omaha`` true). The winners of each board are
tallied as ``tally[slot, player, low, high_k, low_k]``: ``low`` is 1 when some player qualifies
for the low half, ``high_k`` the number of players sharing the high pot if this player is one of
them (else 0), ``low_k`` the same for the low half. Every share of the pot follows from those
integers, exactly.

The exact enumerator deals the board's missing cards as an odometer over positions of ``rest``
(each position keeps the key sums of those before it: the innermost card costs one addition per
player); the first position is dealt out to threads in snake order. The sampler runs blocks of
deals, each block with its own random stream seeded from (seed, block number), so the same seed
gives the same tally whatever the number of threads.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerscore.engine.arrays import RankingTables
from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels.enumeration import owner
from pokerscore.engine.kernels.lookup import (
    RANK_MASK,
    five_card_value,
    flush_suit,
    multiset_value,
    prange,
)

Tally = npt.NDArray[np.int64]
Cards = npt.NDArray[np.uint8]
IntArray = npt.NDArray[np.int64]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)
_UNIT = 1.0 / 9007199254740992.0  # 2 ** -53


@kernel()
def splitmix64(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """The next state and output of SplitMix64 (a fast, well-mixed 64-bit generator)."""
    state = state + _GOLDEN
    value = state
    value = (value ^ (value >> np.uint64(30))) * _MIX_1
    value = (value ^ (value >> np.uint64(27))) * _MIX_2
    return state, value ^ (value >> np.uint64(31))


@kernel(inline=True)
def any_five_value(key: int, masks: int, tables: RankingTables) -> int:
    """The best five of 5 to 7 cards from their summed key and OR of suit bits (rankings whose
    flushes are read by suit: high, short deck)."""
    if tables.flush_rule:
        suit = flush_suit(key)
        if suit >= 0:
            return int(tables.flush[(masks >> (13 * suit)) & RANK_MASK])
    return multiset_value(key, tables.bits, tables.base, tables.values)


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


@kernel(parallel=True)
def exact_showdowns(
    hole_keys: IntArray,
    hole_masks: IntArray,
    pair_keys: npt.NDArray[np.int64],
    known: Cards,
    rest: Cards,
    need: int,
    omaha: bool,
    hi: RankingTables,
    lo: RankingTables,
    has_low: bool,
    tally: Tally,
) -> None:
    """Tally every board that completes ``known`` with ``need`` cards of ``rest``, one row of
    ``tally`` per thread (``tally.shape[0]`` threads)."""
    threads = tally.shape[0]
    players = hole_keys.shape[0]
    pairs = pair_keys.shape[1]
    count = rest.shape[0]
    card_keys, suit_bits = hi.card_keys, hi.suit_bits
    base_key = 0
    base_masks = 0
    for card in known:
        base_key += card_keys[card]
        base_masks |= suit_bits[card]
    first_positions = count - need + 1 if need else 1
    last = need - 1
    for worker in prange(threads):
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        triples = np.zeros(10, dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        board[: known.shape[0]] = known
        chosen = np.zeros(5, dtype=np.int64)
        keys = np.zeros(6, dtype=np.int64)
        masks = np.zeros(6, dtype=np.int64)
        keys[0], masks[0] = base_key, base_masks
        places = known.shape[0]
        for first in range(first_positions):
            if owner(first, threads) != worker:
                continue
            if need == 0:
                judge_board(board, keys[0], masks[0], hole_keys, hole_masks, pair_keys, pairs,
                            omaha, hi, lo, has_low, high, low, triples)  # fmt: skip
                settle(high, low, players, has_low, tally, worker)
                continue
            chosen[0] = first
            keys[1] = keys[0] + card_keys[rest[first]]
            masks[1] = masks[0] | suit_bits[rest[first]]
            board[places] = rest[first]
            if need == 1:
                judge_board(board, keys[1], masks[1], hole_keys, hole_masks, pair_keys, pairs,
                            omaha, hi, lo, has_low, high, low, triples)  # fmt: skip
                settle(high, low, players, has_low, tally, worker)
                continue
            for level in range(1, last):
                chosen[level] = chosen[level - 1] + 1
                card = rest[chosen[level]]
                keys[level + 1] = keys[level] + card_keys[card]
                masks[level + 1] = masks[level] | suit_bits[card]
                board[places + level] = card
            chosen[last] = chosen[last - 1] + 1
            while True:
                for position in range(chosen[last], count):
                    card = rest[position]
                    board[places + last] = card
                    judge_board(board, keys[last] + card_keys[card], masks[last] | suit_bits[card],
                                hole_keys, hole_masks, pair_keys, pairs, omaha, hi, lo, has_low,
                                high, low, triples)  # fmt: skip
                    settle(high, low, players, has_low, tally, worker)
                # Move the deepest position (after the first) that has room; reset those after it.
                level = last - 1
                while level >= 1 and chosen[level] == count - need + level:
                    level -= 1
                if level < 1:
                    break
                chosen[level] += 1
                for deeper in range(level, last):
                    if deeper > level:
                        chosen[deeper] = chosen[deeper - 1] + 1
                    card = rest[chosen[deeper]]
                    keys[deeper + 1] = keys[deeper] + card_keys[card]
                    masks[deeper + 1] = masks[deeper] | suit_bits[card]
                    board[places + deeper] = card
                chosen[last] = chosen[last - 1] + 1


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
    weight: ``cumulative[p, i]`` is the sum of the first ``i + 1`` weights; a draw whose hands share a card, or meet ``used`` (the
    board and dead cards as a 52-bit mask), is redrawn whole, which keeps the joint odds of every
    compatible set of hands exact. The board's missing cards then come from ``deck`` at random.
    """
    blocks = tally.shape[0]
    players, _, hole = combos.shape
    pairs = hole * (hole - 1) // 2
    card_keys, suit_bits, keys5 = hi.card_keys, hi.suit_bits, hi.keys5
    for block in prange(blocks):
        state = seed ^ (np.uint64(first_block + block + 1) * _MIX_1)
        state, _ = splitmix64(state)
        high = np.zeros(players, dtype=np.int64)
        low = np.zeros(players, dtype=np.int64)
        triples = np.zeros(10, dtype=np.int64)
        hole_keys = np.zeros(players, dtype=np.int64)
        hole_masks = np.zeros(players, dtype=np.int64)
        pair_keys = np.zeros((players, max(pairs, 1)), dtype=np.int64)
        board = np.zeros(5, dtype=np.uint8)
        board[: known.shape[0]] = known
        for _ in range(block_size):
            taken = used
            while True:  # hands for every player, redrawn whole on any shared card
                taken = used
                clash = False
                for player in range(players):
                    state, bits = splitmix64(state)
                    last = combo_counts[player] - 1
                    point = float(bits >> np.uint64(11)) * _UNIT * cumulative[player, last]
                    low_index, high_index = 0, last
                    while low_index < high_index:  # the first cumulative weight above point
                        middle = (low_index + high_index) // 2
                        if cumulative[player, middle] > point:
                            high_index = middle
                        else:
                            low_index = middle + 1
                    pick = low_index
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
                if not clash:
                    break
            key = 0
            masks = 0
            for place in range(known.shape[0]):
                key += card_keys[known[place]]
                masks |= suit_bits[known[place]]
            for place in range(known.shape[0], 5):
                while True:
                    state, bits = splitmix64(state)
                    card = deck[int(float(bits >> np.uint64(11)) * _UNIT * deck.shape[0])]
                    bit = np.uint64(1) << np.uint64(card)
                    if not taken & bit:
                        break
                taken |= bit
                board[place] = card
                key += card_keys[card]
                masks |= suit_bits[card]
            judge_board(board, key, masks, hole_keys, hole_masks, pair_keys, pairs, omaha,
                        hi, lo, has_low, high, low, triples)  # fmt: skip
            settle(high, low, players, has_low, tally, block)
