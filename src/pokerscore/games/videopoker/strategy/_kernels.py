"""Compiled kernels of strategy lists: the suit-distinct deals, the pay sum of each of their 32
holds, the features a line reads from a hold, and the hold the first matching line picks
(imported inside function bodies only).

A deal is five sorted card ids (the joker, id 52, last); hold mask bit ``i`` holds its ``i``-th
card. The features of a hold are small integers, one per :data:`FEATURES` name, plus four
rank masks (:data:`BIT_FEATURES`); a pattern is a conjunction of ranges on the former and
all/none/any bit tests on the latter (``patterns.py`` says what each one means).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.cards import JOKER
from pokerscore.engine.combinatorics import (
    colex_unrank,
    is_suit_canonical,
    next_colex_subset,
    suit_class_size,
    suit_rank_masks,
)
from pokerscore.engine.jit import kernel, prange

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


INFO_COUNT, INFO_WINDOWS, INFO_UNION, INFO_GAPS, INFO_ACE_LOW, INFO_TOP = range(6)


@cache
def rank_info() -> IntArray:
    """What a set of natural ranks (a 13-bit mask) says on its own, one row per mask: how many
    ranks; how many straights (ace-low to ace-high) hold them all, and the union of those
    straights' ranks; the ranks missing between its lowest and highest (the ace low when the
    others are of the wheel); whether it is such an ace-low set; its highest rank (13: none).
    """
    masks = np.arange(1 << 13, dtype=np.int64)
    info = np.zeros((1 << 13, 6), dtype=np.int64)
    counts = np.zeros(1 << 13, dtype=np.int64)
    for rank in range(13):
        counts += masks >> rank & 1
    info[:, INFO_COUNT] = counts
    windows = [WHEEL] + [0b11111 << low for low in range(9)]
    for window in windows:
        inside = masks & ~window == 0
        info[:, INFO_WINDOWS] += inside
        info[:, INFO_UNION] |= np.where(inside, window, 0)
    top = np.full(1 << 13, NO_TOP, dtype=np.int64)
    bottom = np.full(1 << 13, NO_TOP, dtype=np.int64)
    for rank in range(12, -1, -1):
        top = np.where((masks >> rank & 1) & (top == NO_TOP), rank, top)
    for rank in range(13):
        bottom = np.where((masks >> rank & 1) & (bottom == NO_TOP), rank, bottom)
    info[:, INFO_TOP] = top
    ace_low = (masks >> 12 & 1 == 1) & (masks & ~WHEEL == 0) & (counts >= 2)
    info[:, INFO_ACE_LOW] = ace_low
    # With the ace low, the set spans from the ace (one below the deuce) to its highest other.
    others = masks & 0b111111111111
    other_top = np.full(1 << 13, -1, dtype=np.int64)
    for rank in range(12):
        other_top = np.where(others >> rank & 1, rank, other_top)
    span = np.where(ace_low, other_top + 2, top - bottom + 1)
    info[:, INFO_GAPS] = np.where((counts > 0) & (info[:, INFO_WINDOWS] > 0), span - counts, 0)
    info.setflags(write=False)
    return info


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
    info: IntArray,
    out: IntArray,
    bits: IntArray,
) -> None:
    """The features of holding ``mask`` of a deal (split by :func:`deal_cards`);
    ``wild_ranks`` is the rank mask of wild ranks (the deuce in Deuces Wild), which never
    complete a straight as natural cards; ``info`` is :func:`rank_info`."""
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
    distinct = info[rmask, INFO_COUNT]
    top = info[rmask, INFO_TOP]
    shape = SHAPE_DISTINCT
    most = 1 if k else 0
    group = top if k else -1
    if k > distinct:  # some rank held twice or more: count each one's copies
        most = 0
        pairs = 0
        for i in range(5):
            if mask >> i & 1 and not wild[i]:
                copies = 0
                for j in range(5):
                    if mask >> j & 1 and not wild[j] and ranks[j] == ranks[i]:
                        copies += 1
                if copies > most or (copies == most and ranks[i] > group):
                    most = copies
                    group = ranks[i]
                if copies == 2:
                    pairs += 1
        pairs //= 2
        if most == 4:
            shape = SHAPE_QUADS
        elif most == 3:
            shape = SHAPE_FULL if pairs else SHAPE_TRIPS
        elif pairs == 2:
            shape = SHAPE_TWO_PAIR
        else:
            shape = SHAPE_PAIR
    high = _popcount(rmask & high_mask)
    windows = 0
    union = 0
    gaps = 0
    ace_low = 0
    if k == distinct:
        windows = info[rmask, INFO_WINDOWS]
        union = info[rmask, INFO_UNION]
        gaps = info[rmask, INFO_GAPS]
        ace_low = info[rmask, INFO_ACE_LOW]
    outs = _popcount(union & ~rmask & ~wild_ranks) if windows else 0
    royal = 1 if k >= 1 and k == distinct and suited and rmask & ~ROYAL_RANKS == 0 else 0
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
        elif windows and suited and royal:
            cat = CAT_ROYAL if w == 0 else CAT_WILD_ROYAL
        elif windows and suited:
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
    elif k >= 1:  # fewer held: the group they make, whatever single cards come with it
        if shape == SHAPE_TWO_PAIR and w == 0:
            cat = CAT_TWO_PAIR
        elif most + w >= 4:
            cat = CAT_QUADS
        elif most + w == 3:
            cat = CAT_TRIPS
        elif most + w == 2:
            cat = CAT_PAIR
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
    out[TOP] = top
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
    ranges: IntArray,
    range_count: IntArray,
    bit_tests: IntArray,
    bit_count: IntArray,
) -> bool:
    """Whether a hold (its features and rank masks) meets every condition of alternative
    ``a``: ``ranges[a, j] = (feature, low, high)`` for ``j < range_count[a]``, and
    ``bit_tests[a, j] = (bit feature, all, none, any)`` for ``j < bit_count[a]``."""
    for j in range(range_count[a]):
        value = feature[ranges[a, j, 0]]
        if value < ranges[a, j, 1] or value > ranges[a, j, 2]:
            return False
    for j in range(bit_count[a]):
        value = bits[bit_tests[a, j, 0]]
        every = bit_tests[a, j, 1]
        if value & every != every or value & bit_tests[a, j, 2]:
            return False
        some = bit_tests[a, j, 3]
        if some and not value & some:
            return False
    return True


MASKS_BY_SIZE = np.array(
    sorted(range(32), key=lambda mask: (bin(mask).count("1"), mask)), dtype=np.int64
)
"""The 32 masks by the number of cards held; those holding ``n`` start at ``SIZE_START[n]``."""
SIZE_START = np.array([0, 1, 6, 16, 26, 31, 32], dtype=np.int64)
CHUNK = 256
"""Deals per unit of parallel work."""


@kernel(inline=True)
def _better(sums: IntArray, draws: IntArray, a: int, b: int) -> bool:
    """Whether hold ``a`` has a higher expected return than ``b`` (exact), ties going to more
    cards held, then to the larger mask."""
    na = _popcount(a)
    nb = _popcount(b)
    left = sums[a] * draws[5 - nb]
    right = sums[b] * draws[5 - na]
    if left != right:
        return bool(left > right)
    if na != nb:
        return bool(na > nb)
    return bool(a > b)


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
    info: IntArray,
    ranges: IntArray,
    range_count: IntArray,
    bit_tests: IntArray,
    bit_count: IntArray,
    sizes: IntArray,
    alt_line: IntArray,
    picks: IntArray,
    dealt: IntArray,
) -> tuple[Int8Array, npt.NDArray[np.int32]]:
    """Play each deal by a list: the hold the first line it matches picks, and that line's
    index (-1 when no line matches: the deal is redrawn, mask 0).

    Alternatives ``a`` (the rows of the condition arrays, see :func:`_matches`) are in list
    order; ``sizes[a]`` bounds the cards they hold, ``alt_line[a]`` is the line each belongs
    to, ``picks[line]`` its rule among several matching holds, ``dealt[a]`` the wild cards
    dealt it is for. A hold's features are worked out the first time a line asks about it.
    """
    count = deals.shape[0]
    alternatives = alt_line.shape[0]
    chosen = np.zeros(count, dtype=np.int8)
    line_of = np.full(count, -1, dtype=np.int32)
    for chunk in prange((count + CHUNK - 1) // CHUNK):
        # Scratch space per chunk of deals, not per deal: allocations cost more than a deal.
        ranks = np.empty(5, dtype=np.int64)
        suits = np.empty(5, dtype=np.int64)
        wild = np.empty(5, dtype=np.int64)
        features = np.empty((32, FEATURE_COUNT), dtype=np.int64)
        bits = np.empty((32, BIT_COUNT), dtype=np.int64)
        known = np.zeros(32, dtype=np.bool_)
        for d in range(chunk * CHUNK, min(count, (chunk + 1) * CHUNK)):
            known[:] = False
            deal_wilds = deal_cards(deals[d], wild_kind, ranks, suits, wild)
            row = sums[d]
            a = 0
            while a < alternatives:
                line = alt_line[a]
                pick = -1
                while a < alternatives and alt_line[a] == line:
                    if deal_wilds < dealt[a, 0] or deal_wilds > dealt[a, 1]:
                        a += 1
                        continue
                    for slot in range(SIZE_START[sizes[a, 0]], SIZE_START[sizes[a, 1] + 1]):
                        mask = MASKS_BY_SIZE[slot]
                        if not known[mask]:
                            hold_features(
                                mask,
                                ranks,
                                suits,
                                wild,
                                deal_wilds,
                                high_mask,
                                wild_ranks,
                                info,
                                features[mask],
                                bits[mask],
                            )
                            known[mask] = True
                        if _matches(
                            features[mask],
                            bits[mask],
                            a,
                            ranges,
                            range_count,
                            bit_tests,
                            bit_count,
                        ) and (pick < 0 or _preferred(picks[line], mask, pick, bits, row, draws)):
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
            return bool(mine < theirs) if rule == PICK_LOWEST else bool(mine > theirs)
    return _better(row, draws, mask, current)


@kernel(parallel=True)
def all_features(
    deals: Int8Array, wild_kind: int, high_mask: int, wild_ranks: int, info: IntArray
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
                mask, ranks, suits, wild, deal_wilds, high_mask, wild_ranks, info, row, row_bits
            )
            for f in range(FEATURE_COUNT):
                features[d, mask, f] = row[f]
            for b in range(BIT_COUNT):
                bits[d, mask, b] = row_bits[b]
    return features, bits


@kernel(parallel=True)
def match_sets(
    deals: Int8Array,
    wild_kind: int,
    high_mask: int,
    wild_ranks: int,
    info: IntArray,
    ranges: IntArray,
    range_count: IntArray,
    bit_tests: IntArray,
    bit_count: IntArray,
    sizes: IntArray,
    alt_line: IntArray,
    line_count: int,
) -> npt.NDArray[np.int64]:
    """sets[d, line]: the holds of deal ``d`` (bit ``mask``) that each line names. The deals'
    cards may come in any order (bit ``i`` of a mask holds card ``i``)."""
    count = deals.shape[0]
    alternatives = alt_line.shape[0]
    sets = np.zeros((count, line_count), dtype=np.int64)
    for d in prange(count):
        ranks = np.empty(5, dtype=np.int64)
        suits = np.empty(5, dtype=np.int64)
        wild = np.empty(5, dtype=np.int64)
        features = np.empty((32, FEATURE_COUNT), dtype=np.int64)
        bits = np.empty((32, BIT_COUNT), dtype=np.int64)
        deal_wilds = deal_cards(deals[d], wild_kind, ranks, suits, wild)
        for mask in range(32):
            hold_features(
                mask,
                ranks,
                suits,
                wild,
                deal_wilds,
                high_mask,
                wild_ranks,
                info,
                features[mask],
                bits[mask],
            )
        for a in range(alternatives):
            for slot in range(SIZE_START[sizes[a, 0]], SIZE_START[sizes[a, 1] + 1]):
                mask = MASKS_BY_SIZE[slot]
                if _matches(
                    features[mask], bits[mask], a, ranges, range_count, bit_tests, bit_count
                ):
                    sets[d, alt_line[a]] |= 1 << mask
    return sets


@kernel(parallel=True)
def pick_each(
    deals: Int8Array,
    sums: IntArray,
    draws: IntArray,
    wild_kind: int,
    high_mask: int,
    wild_ranks: int,
    info: IntArray,
    ranges: IntArray,
    range_count: IntArray,
    bit_tests: IntArray,
    bit_count: IntArray,
    sizes: IntArray,
    alt_line: IntArray,
    picks: IntArray,
    dealt: IntArray,
) -> Int8Array:
    """held[line, d]: the hold each line picks on each deal on its own (-1: it names none).
    ``dealt[a]`` bounds the wild cards dealt alternative ``a`` is for."""
    count = deals.shape[0]
    alternatives = alt_line.shape[0]
    line_count = picks.shape[0]
    held = np.full((line_count, count), -1, dtype=np.int8)
    for chunk in prange((count + CHUNK - 1) // CHUNK):
        ranks = np.empty(5, dtype=np.int64)
        suits = np.empty(5, dtype=np.int64)
        wild = np.empty(5, dtype=np.int64)
        features = np.empty((32, FEATURE_COUNT), dtype=np.int64)
        bits = np.empty((32, BIT_COUNT), dtype=np.int64)
        for d in range(chunk * CHUNK, min(count, (chunk + 1) * CHUNK)):
            deal_wilds = deal_cards(deals[d], wild_kind, ranks, suits, wild)
            row = sums[d]
            for mask in range(32):
                hold_features(
                    mask,
                    ranks,
                    suits,
                    wild,
                    deal_wilds,
                    high_mask,
                    wild_ranks,
                    info,
                    features[mask],
                    bits[mask],
                )
            for a in range(alternatives):
                if deal_wilds < dealt[a, 0] or deal_wilds > dealt[a, 1]:
                    continue
                line = alt_line[a]
                pick = int(held[line, d])
                for slot in range(SIZE_START[sizes[a, 0]], SIZE_START[sizes[a, 1] + 1]):
                    mask = MASKS_BY_SIZE[slot]
                    if _matches(
                        features[mask],
                        bits[mask],
                        a,
                        ranges,
                        range_count,
                        bit_tests,
                        bit_count,
                    ) and (pick < 0 or _preferred(picks[line], mask, pick, bits, row, draws)):
                        pick = mask
                held[line, d] = pick
    return held


# ---- generation: ordering candidate lines ----------------------------------------------------


class Firing(NamedTuple):
    """Which candidate lines name which deals, and the return of the hold each picks there.

    Deal ``d`` is named by candidates ``cand[ptr[d]:ptr[d + 1]]``, each with the expected
    return per coin of the hold it picks (``ev``); ``by_deal[by_ptr[c]:by_ptr[c + 1]]`` are the
    deals candidate ``c`` names, with ``by_ev`` the same returns. A deal no line of a list names
    is redrawn (``default``). A list's value is the sum over deals, ``weight`` each (their share
    of all deals), of the return of the first of its lines that names the deal.
    """

    ptr: IntArray
    cand: IntArray
    ev: npt.NDArray[np.float64]
    by_ptr: IntArray
    by_deal: IntArray
    by_ev: npt.NDArray[np.float64]
    default: npt.NDArray[np.float64]
    weight: npt.NDArray[np.float64]


@kernel()
def list_value(order: IntArray, candidates: int, firing: Firing) -> float:
    """The weighted return of a list (candidates in ``order``)."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    ptr, cand, ev = firing.ptr, firing.cand, firing.ev
    default, weight = firing.default, firing.weight
    pos = np.full(candidates, 1 << 30, dtype=np.int64)
    for place in range(order.shape[0]):
        pos[order[place]] = place
    total = 0.0
    for d in range(ptr.shape[0] - 1):
        first = 1 << 30
        value = default[d]
        for e in range(ptr[d], ptr[d + 1]):
            if pos[cand[e]] < first:
                first = pos[cand[e]]
                value = ev[e]
        total += weight[d] * value
    return total


@kernel(inline=True)
def _best_place(
    p: int,
    pos: IntArray,
    size: int,
    gain: npt.NDArray[np.float64],
    ptr: IntArray,
    cand: IntArray,
    ev: npt.NDArray[np.float64],
    by_ptr: IntArray,
    by_deal: IntArray,
    by_ev: npt.NDArray[np.float64],
    default: npt.NDArray[np.float64],
    weight: npt.NDArray[np.float64],
) -> tuple[int, float, float]:
    """Where candidate ``p`` does the list most good: (place, value there, value where it is
    now), values relative to ``p`` out of the list; place -1 is out of the list.

    On each deal p names, the others' first position P1 in the list without p (their count
    when none names it: the redraw) and that candidate's (or the redraw's) return are found;
    p placed at j decides the deals with P1 >= j, so the value of every place is a suffix sum.
    """
    here = pos[p]
    others = size - 1 if here >= 0 else size
    gain[: others + 1] = 0.0
    for e in range(by_ptr[p], by_ptr[p + 1]):
        d = by_deal[e]
        first = others
        other = default[d]
        for f in range(ptr[d], ptr[d + 1]):
            q = cand[f]
            if q == p or pos[q] < 0:
                continue
            place = pos[q] - (1 if here >= 0 and pos[q] > here else 0)
            if place < first:
                first = place
                other = ev[f]
        gain[first] += weight[d] * (by_ev[e] - other)
    running = 0.0
    best_value = 0.0
    best_place = -1
    current = 0.0
    for j in range(others, -1, -1):
        running += gain[j]
        if j == here:
            current = running
        if running > best_value + 1e-15:
            best_value = running
            best_place = j
    return best_place, best_value, current


@kernel()
def improve_order(
    order: IntArray, pool: IntArray, candidates: int, firing: Firing, max_passes: int
) -> IntArray:
    """Move candidates, one at a time, to the place where the list returns most, until no
    move gains (or ``max_passes`` passes): an exact insertion search (:func:`_best_place`).
    A candidate of ``pool`` may come into the list, and one in it may leave: a line that
    decides nothing, or only worse than the lines below it, goes."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    ptr, cand, ev = firing.ptr, firing.cand, firing.ev
    by_ptr, by_deal, by_ev = firing.by_ptr, firing.by_deal, firing.by_ev
    default, weight = firing.default, firing.weight
    capacity = order.shape[0] + pool.shape[0]
    items = np.empty(capacity, dtype=np.int64)
    size = order.shape[0]
    items[:size] = order
    pos = np.full(candidates, -1, dtype=np.int64)
    for place in range(size):
        pos[items[place]] = place
    everyone = np.concatenate((order, pool))
    gain = np.zeros(capacity + 1, dtype=np.float64)
    for _ in range(max_passes):
        moved = 0
        for p in everyone:
            here = pos[p]
            best_place, best_value, current = _best_place(
                p, pos, size, gain, ptr, cand, ev, by_ptr, by_deal, by_ev, default, weight
            )
            if here >= 0 and best_place == -1 and current <= 1e-15:
                pass  # leaving is as good as any place: it goes
            elif best_place == here or best_value <= current + 1e-13:
                continue
            size = _move(items, pos, size, p, best_place)
            moved += 1
        if moved == 0:
            break
    return items[:size].copy()


@kernel(inline=True)
def _move(items: IntArray, pos: IntArray, size: int, p: int, place: int) -> int:
    """Take ``p`` out of the list (if in) and put it in at ``place`` (-1: leave it out)."""
    here = pos[p]
    if here >= 0:
        for i in range(here, size - 1):
            items[i] = items[i + 1]
            pos[items[i]] = i
        size -= 1
        pos[p] = -1
    if place >= 0:
        for i in range(size, place, -1):
            items[i] = items[i - 1]
            pos[items[i]] = i
        items[place] = p
        pos[p] = place
        size += 1
    return size


@kernel()
def insertion_gains(
    order: IntArray, pool: IntArray, candidates: int, firing: Firing
) -> tuple[npt.NDArray[np.float64], IntArray]:
    """For each candidate of ``pool`` (out of the list): what the list gains with it at its
    best place, and that place."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    ptr, cand, ev = firing.ptr, firing.cand, firing.ev
    by_ptr, by_deal, by_ev = firing.by_ptr, firing.by_deal, firing.by_ev
    default, weight = firing.default, firing.weight
    size = order.shape[0]
    pos = np.full(candidates, -1, dtype=np.int64)
    for place in range(size):
        pos[order[place]] = place
    gain = np.zeros(size + 2, dtype=np.float64)
    gains = np.zeros(pool.shape[0], dtype=np.float64)
    places = np.full(pool.shape[0], -1, dtype=np.int64)
    for i in range(pool.shape[0]):
        place, value, _ = _best_place(
            pool[i], pos, size, gain, ptr, cand, ev, by_ptr, by_deal, by_ev, default, weight
        )
        gains[i] = value
        places[i] = place
    return gains, places


@kernel()
def removal_losses(order: IntArray, candidates: int, firing: Firing) -> npt.NDArray[np.float64]:
    """What the list loses (weighted) if each candidate leaves it: on the deals it decides,
    the next candidate (or the redraw) decides instead."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    ptr, cand, ev = firing.ptr, firing.cand, firing.ev
    default, weight = firing.default, firing.weight
    pos = np.full(candidates, 1 << 30, dtype=np.int64)
    for place in range(order.shape[0]):
        pos[order[place]] = place
    loss = np.zeros(candidates, dtype=np.float64)
    for d in range(ptr.shape[0] - 1):
        first = 1 << 30
        second = 1 << 30
        first_ev = default[d]
        second_ev = default[d]
        owner = -1
        for e in range(ptr[d], ptr[d + 1]):
            place = pos[cand[e]]
            if place < first:
                second, second_ev = first, first_ev
                first, first_ev, owner = place, ev[e], cand[e]
            elif place < second:
                second, second_ev = place, ev[e]
        if owner >= 0:
            loss[owner] += weight[d] * (first_ev - second_ev)
    return loss


@kernel()
def greedy_order(candidates: int, firing: Firing) -> IntArray:
    """A list built from the top: next comes the candidate that loses least, on the deals not
    yet decided that it names, against the best any candidate (or the redraw) does there; the
    list stops when the redraw loses least on the deals left."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    ptr, cand, ev = firing.ptr, firing.cand, firing.ev
    by_ptr, by_deal = firing.by_ptr, firing.by_deal
    default, weight = firing.default, firing.weight
    count = ptr.shape[0] - 1
    best = default.copy()
    for d in range(count):
        for e in range(ptr[d], ptr[d + 1]):
            if ev[e] > best[d]:
                best[d] = ev[e]
    regret = np.zeros(candidates, dtype=np.float64)
    cover = np.zeros(candidates, dtype=np.float64)
    redraw = 0.0
    for d in range(count):
        redraw += weight[d] * (best[d] - default[d])
        for e in range(ptr[d], ptr[d + 1]):
            regret[cand[e]] += weight[d] * (best[d] - ev[e])
            cover[cand[e]] += weight[d]
    alive = np.ones(count, dtype=np.bool_)
    placed = np.zeros(candidates, dtype=np.bool_)
    order = np.empty(candidates, dtype=np.int64)
    size = 0
    while True:
        choice = -1
        for c in range(candidates):
            if placed[c] or cover[c] <= 0.0:
                continue
            if (
                choice < 0
                or regret[c] < regret[choice] - 1e-15
                or (regret[c] <= regret[choice] + 1e-15 and cover[c] > cover[choice])
            ):
                choice = c
        if choice < 0 or regret[choice] > redraw + 1e-15:
            break
        placed[choice] = True
        order[size] = choice
        size += 1
        for e in range(by_ptr[choice], by_ptr[choice + 1]):
            d = by_deal[e]
            if not alive[d]:
                continue
            alive[d] = False
            redraw -= weight[d] * (best[d] - default[d])
            for f in range(ptr[d], ptr[d + 1]):
                regret[cand[f]] -= weight[d] * (best[d] - ev[f])
                cover[cand[f]] -= weight[d]
    return order[:size].copy()


@kernel()
def decided_by(
    order: IntArray, candidates: int, firing: Firing
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """For each line of a list: the weight of the deals it decides, their summed return
    (weighted), and which lines both name some deal (``together[i, j]``)."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    ptr, cand, ev, weight = firing.ptr, firing.cand, firing.ev, firing.weight
    size = order.shape[0]
    pos = np.full(candidates, -1, dtype=np.int64)
    for place in range(size):
        pos[order[place]] = place
    mass = np.zeros(size, dtype=np.float64)
    value = np.zeros(size, dtype=np.float64)
    together = np.zeros((size, size), dtype=np.bool_)
    for d in range(ptr.shape[0] - 1):
        first = size
        first_ev = 0.0
        for e in range(ptr[d], ptr[d + 1]):
            place = pos[cand[e]]
            if place < 0:
                continue
            if place < first:
                first = place
                first_ev = ev[e]
            for f in range(ptr[d], e):
                other = pos[cand[f]]
                if other >= 0:
                    together[place, other] = True
                    together[other, place] = True
        if first < size:
            mass[first] += weight[d]
            value[first] += weight[d] * first_ev
    return mass, value, together
