"""Compiled kernels of strategy lists: the suit-distinct deals, the pay sum of each of their 32
holds, the features a line reads from a hold, and the hold the first matching line picks
(imported inside function bodies only).

A deal is five sorted card ids (the joker, id 52, last); hold mask bit ``i`` holds its ``i``-th
card. The features of a hold are small integers, one per :data:`FEATURES` name, plus four
rank masks (:data:`BIT_FEATURES`); a pattern is a conjunction of ranges on the former and
all/none/any bit tests on the latter (``patterns.py`` says what each one means).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import prange

from pokerscore.cards import JOKER
from pokerscore.engine.combinatorics import (
    colex_unrank,
    is_suit_canonical,
    next_colex_subset,
    suit_class_size,
    suit_rank_masks,
)
from pokerscore.engine.jit import kernel

IntArray = npt.NDArray[np.int64]
Int8Array = npt.NDArray[np.int8]

_unrank = kernel(inline=True)(colex_unrank)
_suit_rank_masks = kernel(inline=True)(suit_rank_masks)
_is_suit_canonical = kernel(inline=True)(is_suit_canonical)
_suit_class_size = kernel(inline=True)(suit_class_size)
_next_subset_of = kernel(inline=True)(next_colex_subset)

# Scalar features of a hold (indices into a feature row).
N, W, WD, K, DISTINCT, SHAPE, SUITED, HIGH, WINDOWS, OUTS = range(10)
GAPS, ACE_LOW, ROYAL, CAT, TYPE, FLUSH_PEN, STRAIGHT_PEN, TOP, ALL_WILD = range(10, 19)
FEATURE_COUNT = 19
# Bit features: rank masks (bit r = rank r, 0 = deuce .. 12 = ace).
RMASK, GROUP, OTHER, DMASK = range(4)
BIT_COUNT = 4

# CAT codes: what the held cards make (five held), or the group they are (fewer held).
CAT_NONE, CAT_PAIR, CAT_TWO_PAIR, CAT_TRIPS, CAT_STRAIGHT, CAT_FLUSH, CAT_FULL_HOUSE = range(7)
CAT_QUADS, CAT_STRAIGHT_FLUSH, CAT_WILD_ROYAL, CAT_FIVE, CAT_ROYAL, CAT_FOUR_WILD = range(7, 13)
# SHAPE codes: the natural cards' rank multiplicities.
SHAPE_DISTINCT, SHAPE_PAIR, SHAPE_TWO_PAIR, SHAPE_TRIPS, SHAPE_FULL, SHAPE_QUADS = range(6)
# Pick rules when a line matches several holds of a deal.
PICK_BEST, PICK_LOWEST, PICK_HIGHEST = range(3)
NO_TOP = 13
ROYAL_RANKS = 0b1111100000000  # ten to ace
WHEEL = 0b1000000001111  # ace, 2, 3, 4, 5
WILD_NONE, WILD_DEUCES, WILD_JOKER = range(3)


@kernel()
def suit_distinct_deals(deck: int, binom: IntArray) -> tuple[Int8Array, IntArray]:
    """One deal of each class under suit permutations (its per-suit rank masks in
    non-increasing order, as the analysis plays them) and the size of its class."""
    total = binom[deck, 5]
    found = np.empty((total // 16 + 1024, 5), dtype=np.int8)
    weights = np.empty(total // 16 + 1024, dtype=np.int64)
    cards = np.empty(5, dtype=np.int64)
    _unrank(0, 5, binom, cards)
    count = 0
    for _ in range(total):
        naturals = 4 if cards[4] == JOKER else 5
        clubs, diamonds, hearts, spades = _suit_rank_masks(cards, naturals)
        if _is_suit_canonical(clubs, diamonds, hearts, spades):
            for i in range(5):
                found[count, i] = cards[i]
            weights[count] = _suit_class_size(clubs, diamonds, hearts, spades)
            count += 1
        _next_subset_of(cards, 5, deck)
    return found[:count].copy(), weights[:count].copy()


@kernel(parallel=True)
def hold_pay_sums(
    deals: Int8Array,
    final: Int8Array,
    offsets: IntArray,
    pay_sums: IntArray,
    pays: IntArray,
    binom: IntArray,
) -> IntArray:
    """sums[d, mask]: the coins paid over all the draws of each hold of each deal, by
    inclusion–exclusion over the discarded cards on the analysis's subset tables (``pay_sums``
    of every subset of 0..4 cards, row ``offsets[k] + colex index``; ``final`` the class of
    each five-card hand)."""
    count = deals.shape[0]
    sums = np.empty((count, 32), dtype=np.int64)
    popcount = np.zeros(32, dtype=np.int64)
    highest = np.zeros(32, dtype=np.int64)
    for mask in range(32):
        for i in range(5):
            if mask >> i & 1:
                popcount[mask] += 1
                highest[mask] = i
    for d in prange(count):
        colex = np.empty(32, dtype=np.int64)
        row = sums[d]
        colex[0] = 0
        for mask in range(1, 32):
            top = highest[mask]
            colex[mask] = colex[mask ^ (1 << top)] + binom[np.int64(deals[d, top]), popcount[mask]]
        for mask in range(31):
            row[mask] = pay_sums[offsets[popcount[mask]] + colex[mask]]
        row[31] = pays[final[colex[31]]]
        for bit in range(5):  # superset Möbius transform: row[H] = pays of the draws of hold H
            step = 1 << bit
            for mask in range(32):
                if not mask & step:
                    row[mask] -= row[mask | step]
    return sums


@kernel(inline=True)
def _popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@kernel(inline=True)
def _lowest_bit(x: int) -> int:
    i = 0
    while not x >> i & 1:
        i += 1
    return i


@kernel(inline=True)
def _highest_bit(x: int) -> int:
    i = 12
    while i > 0 and not x >> i & 1:
        i -= 1
    return i


@kernel(inline=True)
def _windows(rmask: int) -> tuple[int, int]:
    """How many straights (ace-low to ace-high) hold every rank of ``rmask``, and the union of
    their ranks."""
    count = 0
    union = 0
    if rmask & ~WHEEL == 0:
        count += 1
        union |= WHEEL
    for low in range(9):
        window = 0b11111 << low
        if rmask & ~window == 0:
            count += 1
            union |= window
    return count, union


@kernel(inline=True)
def deal_cards(
    cards: npt.NDArray[np.int8], wild_kind: int, ranks: IntArray, suits: IntArray, wild: IntArray
) -> int:
    """Split a deal into ranks, suits and wild flags; the number of wild cards."""
    wilds = 0
    for i in range(5):
        card = np.int64(cards[i])
        is_wild = (wild_kind == WILD_JOKER and card == JOKER) or (
            wild_kind == WILD_DEUCES and card < 4
        )
        wild[i] = 1 if is_wild else 0
        wilds += wild[i]
        ranks[i] = card >> 2
        suits[i] = card & 3
    return wilds


@kernel(inline=True)
def hold_features(
    mask: int,
    ranks: IntArray,
    suits: IntArray,
    wild: IntArray,
    deal_wilds: int,
    high_mask: int,
    wild_ranks: int,
    out: IntArray,
    bits: IntArray,
) -> None:
    """The features of holding ``mask`` of a deal (split by :func:`deal_cards`);
    ``wild_ranks`` is the rank mask of wild ranks (the deuce in Deuces Wild), which never
    complete a straight as natural cards."""
    n = 0
    w = 0
    k = 0
    rmask = 0
    suit = -1
    suited = 1
    for i in range(5):
        if mask >> i & 1:
            n += 1
            if wild[i]:
                w += 1
            else:
                if k == 0:
                    suit = suits[i]
                elif suits[i] != suit:
                    suited = 0
                k += 1
                rmask |= 1 << ranks[i]
    distinct = _popcount(rmask)
    # Multiplicities of the natural ranks held.
    most = 0
    group = -1
    pairs = 0
    trips = 0
    remaining = rmask
    while remaining:
        r = _lowest_bit(remaining)
        remaining &= remaining - 1
        count = 0
        for i in range(5):
            if mask >> i & 1 and not wild[i] and ranks[i] == r:
                count += 1
        if count >= most:  # ties go to the higher rank (ranks rise)
            most = count
            group = r
        if count == 2:
            pairs += 1
        elif count >= 3:
            trips += 1
    shape = SHAPE_DISTINCT
    if most == 4:
        shape = SHAPE_QUADS
    elif most == 3:
        shape = SHAPE_FULL if pairs else SHAPE_TRIPS
    elif pairs == 2:
        shape = SHAPE_TWO_PAIR
    elif pairs == 1:
        shape = SHAPE_PAIR
    high = _popcount(rmask & high_mask)
    straightish = distinct == k
    windows = 0
    union = 0
    if straightish:
        windows, union = _windows(rmask)
    gaps = 0
    ace_low = 0
    if windows and distinct:
        if rmask & 0b1000000000000 and rmask & ~WHEEL == 0 and distinct >= 2:
            ace_low = 1
            low_ranks = ((rmask & 0b111111111111) << 1) | 1  # the ace below the deuce
            gaps = _highest_bit(low_ranks) - _lowest_bit(low_ranks) + 1 - distinct
        else:
            gaps = _highest_bit(rmask) - _lowest_bit(rmask) + 1 - distinct
    outs = 0
    if windows:
        outs = _popcount(union & ~rmask & ~wild_ranks)
    royal = 1 if straightish and suited and rmask & ~ROYAL_RANKS == 0 and k >= 1 else 0
    sf_type = 0
    if windows and k >= 1:
        if ace_low or rmask == 0b111:
            sf_type = 2
        elif high >= gaps:
            sf_type = 1
        elif (gaps == 1 and high == 0) or (gaps == 2 and high == 1):
            sf_type = 2
        else:
            sf_type = 3
    # What the held cards make.
    cat = CAT_NONE
    if n == 5:
        if w == 4:
            cat = CAT_FOUR_WILD
        elif distinct == 1 and w > 0:
            cat = CAT_FIVE
        elif windows and suited:
            if royal:
                cat = CAT_ROYAL if w == 0 else CAT_WILD_ROYAL
            else:
                cat = CAT_STRAIGHT_FLUSH
        elif most + w >= 4:
            cat = CAT_QUADS
        elif shape == SHAPE_FULL or (shape == SHAPE_TWO_PAIR and w == 1):
            cat = CAT_FULL_HOUSE
        elif suited:
            cat = CAT_FLUSH
        elif windows:
            cat = CAT_STRAIGHT
        elif most + w >= 3:
            cat = CAT_TRIPS
        elif shape == SHAPE_TWO_PAIR:
            cat = CAT_TWO_PAIR
        elif most + w >= 2:
            cat = CAT_PAIR
    elif w == 4:
        cat = CAT_FOUR_WILD
    elif k >= 1 and distinct == 1 and n >= 2:
        cat = CAT_PAIR if n == 2 else (CAT_TRIPS if n == 3 else CAT_QUADS)
    elif n == 4 and shape == SHAPE_TWO_PAIR:
        cat = CAT_TWO_PAIR
    # Penalty cards: discarded naturals of the held suit, or of a rank a straight could use.
    flush_pen = 0
    straight_pen = 0
    dmask = 0
    for i in range(5):
        if not mask >> i & 1 and not wild[i]:
            dmask |= 1 << ranks[i]
            if k >= 1 and suited and suits[i] == suit:
                flush_pen += 1
            if windows and k >= 1 and union >> ranks[i] & 1 and not rmask >> ranks[i] & 1:
                straight_pen += 1
    out[N] = n
    out[W] = w
    out[WD] = deal_wilds
    out[K] = k
    out[DISTINCT] = distinct
    out[SHAPE] = shape
    out[SUITED] = suited
    out[HIGH] = high
    out[WINDOWS] = windows
    out[OUTS] = outs
    out[GAPS] = gaps
    out[ACE_LOW] = ace_low
    out[ROYAL] = royal
    out[CAT] = cat
    out[TYPE] = sf_type
    out[FLUSH_PEN] = flush_pen
    out[STRAIGHT_PEN] = straight_pen
    out[TOP] = _highest_bit(rmask) if rmask else NO_TOP
    out[ALL_WILD] = 1 if w == deal_wilds else 0
    group_bit = (1 << group) if group >= 0 else 0
    bits[RMASK] = rmask
    bits[GROUP] = group_bit
    bits[OTHER] = rmask & ~group_bit
    bits[DMASK] = dmask


@kernel(inline=True)
def _matches(
    feature: IntArray,
    bits: IntArray,
    a: int,
    low: IntArray,
    high: IntArray,
    bit_all: IntArray,
    bit_none: IntArray,
    bit_any: IntArray,
) -> bool:
    for f in range(FEATURE_COUNT):
        value = feature[f]
        if value < low[a, f] or value > high[a, f]:
            return False
    for b in range(BIT_COUNT):
        value = bits[b]
        if value & bit_all[a, b] != bit_all[a, b] or value & bit_none[a, b]:
            return False
        if bit_any[a, b] and not value & bit_any[a, b]:
            return False
    return True


@kernel(inline=True)
def _better(sums: IntArray, draws: IntArray, a: int, b: int) -> bool:
    """Whether hold ``a`` has a higher expected return than ``b`` (exact), ties going to more
    cards held, then to the larger mask."""
    na = _popcount(a)
    nb = _popcount(b)
    left = sums[a] * draws[5 - nb]
    right = sums[b] * draws[5 - na]
    if left != right:
        return left > right
    if na != nb:
        return na > nb
    return a > b


@kernel(parallel=True)
def best_holds(sums: IntArray, draws: IntArray) -> Int8Array:
    """The best hold of each deal (exact; ties to more cards held, then the larger mask)."""
    count = sums.shape[0]
    best = np.empty(count, dtype=np.int8)
    for d in prange(count):
        row = sums[d]
        top = 31
        for mask in range(30, -1, -1):
            if _better(row, draws, mask, top):
                top = mask
        best[d] = top
    return best


@kernel(parallel=True)
def first_lines(
    deals: Int8Array,
    sums: IntArray,
    draws: IntArray,
    wild_kind: int,
    high_mask: int,
    wild_ranks: int,
    low: IntArray,
    high: IntArray,
    bit_all: IntArray,
    bit_none: IntArray,
    bit_any: IntArray,
    alt_line: IntArray,
    picks: IntArray,
) -> tuple[Int8Array, npt.NDArray[np.int32]]:
    """Play each deal by a list: the hold the first line it matches picks, and that line's
    index (-1 when no line matches: the deal is redrawn, mask 0).

    Alternatives ``a`` (rows of the constraint arrays) are in list order; ``alt_line[a]`` is
    the line each belongs to, ``picks[line]`` its rule among several matching holds.
    """
    count = deals.shape[0]
    alternatives = alt_line.shape[0]
    chosen = np.zeros(count, dtype=np.int8)
    line_of = np.full(count, -1, dtype=np.int32)
    for d in prange(count):
        ranks = np.empty(5, dtype=np.int64)
        suits = np.empty(5, dtype=np.int64)
        wild = np.empty(5, dtype=np.int64)
        features = np.empty((32, FEATURE_COUNT), dtype=np.int64)
        bits = np.empty((32, BIT_COUNT), dtype=np.int64)
        deal_wilds = deal_cards(deals[d], wild_kind, ranks, suits, wild)
        for mask in range(32):
            hold_features(
                mask, ranks, suits, wild, deal_wilds, high_mask, wild_ranks, features[mask],
                bits[mask],
            )
        row = sums[d]
        a = 0
        while a < alternatives:
            line = alt_line[a]
            pick = -1
            while a < alternatives and alt_line[a] == line:
                for mask in range(32):
                    if _matches(features[mask], bits[mask], a, low, high, bit_all, bit_none, bit_any):
                        if pick < 0 or _preferred(
                            picks[line], mask, pick, bits, row, draws
                        ):
                            pick = mask
                a += 1
            if pick >= 0:
                chosen[d] = pick
                line_of[d] = line
                break
    return chosen, line_of


@kernel(inline=True)
def _preferred(
    rule: int, mask: int, current: int, bits: IntArray, row: IntArray, draws: IntArray
) -> bool:
    """Whether ``mask`` beats ``current`` under a line's pick rule (ties: the better hold)."""
    if rule != PICK_BEST:
        mine = bits[mask, RMASK]
        theirs = bits[current, RMASK]
        if mine != theirs:
            return mine < theirs if rule == PICK_LOWEST else mine > theirs
    return _better(row, draws, mask, current)


@kernel(parallel=True)
def all_features(
    deals: Int8Array, wild_kind: int, high_mask: int, wild_ranks: int
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """Every feature of every hold of every deal (for tests and single deals)."""
    count = deals.shape[0]
    features = np.empty((count, 32, FEATURE_COUNT), dtype=np.int16)
    bits = np.empty((count, 32, BIT_COUNT), dtype=np.int16)
    for d in prange(count):
        ranks = np.empty(5, dtype=np.int64)
        suits = np.empty(5, dtype=np.int64)
        wild = np.empty(5, dtype=np.int64)
        row = np.empty(FEATURE_COUNT, dtype=np.int64)
        row_bits = np.empty(BIT_COUNT, dtype=np.int64)
        deal_wilds = deal_cards(deals[d], wild_kind, ranks, suits, wild)
        for mask in range(32):
            hold_features(
                mask, ranks, suits, wild, deal_wilds, high_mask, wild_ranks, row, row_bits
            )
            for f in range(FEATURE_COUNT):
                features[d, mask, f] = row[f]
            for b in range(BIT_COUNT):
                bits[d, mask, b] = row_bits[b]
    return features, bits
