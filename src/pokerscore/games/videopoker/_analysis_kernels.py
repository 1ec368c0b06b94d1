"""Compiled kernels of the whole-game analysis (imported inside function bodies only).

Subsets of the deck are numbered by their colex rank (:mod:`pokerscore.engine.combinatorics`):
the ``k``-card subsets of a deck of ``n`` ids (52, or 53 with the joker, id 52) are numbered
``0 .. C(n, k) - 1``, and enumerating 5-card hands in colex order visits indices in sequence.

Work is split into blocks of consecutive indices (each block unranks its first subset, then
steps to the next), so ``prange`` shares the table building evenly between threads and each block
writes only its own rows.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerscore.cards import JOKER
from pokerscore.engine.combinatorics import (
    binomial_rows,
    colex_unrank,
    is_suit_canonical,
    next_colex_subset,
    next_submask,
    suit_class_size,
    suit_rank_masks,
)
from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.kernels import five_card_value
from pokerscore.games.videopoker.class_tables import ClassTables

IntArray = npt.NDArray[np.int64]
HAND_SIZE = 5
ClassArray = npt.NDArray[np.int8]
BLOCK = 4096
"""Subsets per block of parallel work."""


def binomials() -> IntArray:
    """``C(n, k)`` for ``n`` 0..53 and ``k`` 0..5, as an array ``[n, k]``."""
    return np.array(binomial_rows(JOKER + 1, HAND_SIZE), dtype=np.int64)


# The subset arithmetic of pokerscore.engine.combinatorics, compiled into these kernels.
_unrank = kernel(inline=True)(colex_unrank)
_suit_rank_masks = kernel(inline=True)(suit_rank_masks)
_is_suit_canonical = kernel(inline=True)(is_suit_canonical)
_suit_class_size = kernel(inline=True)(suit_class_size)
_next_subset_of = kernel(inline=True)(next_colex_subset)
_next_submask = kernel(inline=True)(next_submask)


@kernel(inline=True)
def _naturals(cards: IntArray) -> int:
    """How many of five sorted cards are not the joker (the joker's id comes last)."""
    return 4 if cards[4] == JOKER else 5


@kernel(parallel=True)
def final_classes(tables: ClassTables, deck: int, binom: IntArray) -> ClassArray:
    """The class of every five-card hand of a deck of ``deck`` ids, by colex index."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    keys, is_flush, suited, plain = tables.keys5, tables.is_flush5, tables.suited, tables.plain
    total = binom[deck, 5]
    result = np.empty(total, dtype=np.int8)
    for block in prange((total + BLOCK - 1) // BLOCK):
        cards = np.empty(5, dtype=np.int64)
        start = block * BLOCK
        _unrank(start, 5, binom, cards)
        for index in range(start, min(start + BLOCK, total)):
            key = keys[cards[0]] + keys[cards[1]] + keys[cards[2]] + keys[cards[3]] + keys[cards[4]]
            result[index] = five_card_value(key, is_flush, suited, plain)
            _next_subset_of(cards, 5, deck)
    return result


@kernel()
def _count_range(
    key: int,
    keys: npt.NDArray[np.int32],
    low: int,
    high: int,
    is_flush: npt.NDArray[np.bool_],
    suited: ClassArray,
    plain: ClassArray,
    row: npt.NDArray[np.int32],
) -> None:
    """Count, by class, the hands ``key`` plus one card of ``low .. high - 1``."""
    for card in range(low, high):  # alone in its loop: the compiler overlaps the table reads
        row[five_card_value(key + keys[card], is_flush, suited, plain)] += 1


@kernel(parallel=True)
def four_card_counts(
    tables: ClassTables, deck: int, class_count: int, binom: IntArray
) -> npt.NDArray[np.int32]:
    """counts[i, c]: how many five-card hands containing 4-subset ``i`` are in class ``c``."""
    # The arrays leave the bundle before any loop (read through it, they are reloaded).
    keys, is_flush, suited, plain = tables.keys5, tables.is_flush5, tables.suited, tables.plain
    total = binom[deck, 4]
    counts = np.zeros((total, class_count), dtype=np.int32)
    for block in prange((total + BLOCK - 1) // BLOCK):
        cards = np.empty(4, dtype=np.int64)
        start = block * BLOCK
        _unrank(start, 4, binom, cards)
        for index in range(start, min(start + BLOCK, total)):
            key = keys[cards[0]] + keys[cards[1]] + keys[cards[2]] + keys[cards[3]]
            row = counts[index]
            low = 0
            for i in range(4):  # every fifth card: the gaps between the four
                _count_range(key, keys, low, cards[i], is_flush, suited, plain, row)
                low = cards[i] + 1
            _count_range(key, keys, low, deck, is_flush, suited, plain, row)
            _next_subset_of(cards, 4, deck)
    return counts


@kernel()
def smaller_counts(
    k: int, upper: npt.NDArray[np.int32], deck: int, binom: IntArray
) -> npt.NDArray[np.int32]:
    """The class counts of ``k``-subsets from those of ``k + 1``-subsets.

    Each five-card hand containing a ``k``-subset ``S`` contains ``5 - k`` of the
    ``(k + 1)``-subsets ``S + {x}``, so summing over ``x`` counts it ``5 - k`` times.
    """
    total = binom[deck, k]
    class_count = upper.shape[1]
    counts = np.zeros((total, class_count), dtype=np.int32)
    cards = np.zeros(k + 1, dtype=np.int64)
    if k:
        _unrank(0, k, binom, cards)
    for index in range(total):
        for extra in range(deck):
            upper_index = 0
            position = 1
            inserted = False
            member = False
            for i in range(k):
                if cards[i] == extra:
                    member = True
                if not inserted and extra < cards[i]:
                    upper_index += binom[extra, position]
                    position += 1
                    inserted = True
                upper_index += binom[cards[i], position]
                position += 1
            if member:
                continue
            if not inserted:
                upper_index += binom[extra, position]
            for c in range(class_count):
                counts[index, c] += upper[upper_index, c]
        for c in range(class_count):
            counts[index, c] //= 5 - k
        if k:
            _next_subset_of(cards, k, deck)
    return counts


@kernel()
def _play_deal(
    cards: IntArray,
    final_class: int,
    weight: int,
    counts: npt.NDArray[np.int32],
    offsets: IntArray,
    pay_sums: IntArray,
    pays: IntArray,
    binom: IntArray,
    unseen: int,
    popcount: IntArray,
    highest: IntArray,
    tally: IntArray,
) -> None:
    """Play one deal (sorted card ids) with its best hold; add ``weight`` times its draws' class
    counts to ``tally[discards]``."""
    subset = np.empty(32, dtype=np.int64)
    colex = np.empty(32, dtype=np.int64)
    sums = np.empty(32, dtype=np.int64)
    # Colex index of every subset of the deal (mask bit i = the i-th lowest card): a subset's
    # highest card is its last, so its index adds one term to that of the rest.
    colex[0] = 0
    for mask in range(1, 32):
        top = highest[mask]
        colex[mask] = colex[mask ^ (1 << top)] + binom[cards[top], popcount[mask]]
    for mask in range(31):
        subset[mask] = offsets[popcount[mask]] + colex[mask]
        sums[mask] = pay_sums[subset[mask]]
    sums[31] = pays[final_class]
    for bit in range(5):  # superset Möbius transform: sums[H] = pays of the draws of hold H
        step = 1 << bit
        for mask in range(32):
            if not mask & step:
                sums[mask] -= sums[mask | step]
    best = 31
    for mask in range(30, -1, -1):  # masks downwards: ties keep the larger mask
        left = sums[mask] * binom[unseen, 5 - popcount[best]]
        right = sums[best] * binom[unseen, 5 - popcount[mask]]
        if left > right or (left == right and popcount[mask] > popcount[best]):
            best = mask
    outcome = tally[5 - popcount[best]]
    class_count = counts.shape[1]
    # Class counts of the best hold, by inclusion–exclusion over the discarded cards.
    free = 31 ^ best
    extra = free
    while True:
        mask = best | extra
        sign = weight * (1 - 2 * (popcount[extra] & 1))
        if mask == 31:
            outcome[final_class] += sign
        else:
            for c in range(class_count):
                outcome[c] += sign * counts[subset[mask], c]
        if extra == 0:
            break
        extra = _next_submask(extra, free)


@kernel()
def best_play_counts(
    first_block: int,
    last_block: int,
    deck: int,
    final: ClassArray,
    counts: npt.NDArray[np.int32],
    offsets: IntArray,
    pay_sums: IntArray,
    pays: IntArray,
    binom: IntArray,
) -> IntArray:
    """For deals of blocks ``first_block .. last_block - 1`` of a deck of ``deck`` ids: play each
    deal's best hold and count the final hands. Returns totals[n, c]: over deals whose best hold
    discards ``n`` cards, the number of draws ending in class ``c`` (each deal's draws are
    ``C(deck - 5, n)``).

    ``counts`` and ``pay_sums`` hold, for every subset of 0..4 cards (row ``offsets[k] + index``),
    the class counts and the pay sum of the five-card hands containing it; ``final`` the class of
    each five-card hand. The sum of pays over the draws of a hold ``H`` of deal ``D`` follows by
    inclusion–exclusion over the discarded cards: the sum over ``H ⊆ S ⊆ D`` of
    ``(-1)^|S - H|`` times the sum over hands containing ``S`` (a Möbius transform over the 32
    subsets of the deal). Holds compare exactly: ``sum_a * C(47, n_b)`` against
    ``sum_b * C(47, n_a)``; ties go to more cards held, then to higher cards (a larger mask).

    Suits are symmetric, so only one deal of each class under suit permutations is played: the
    one whose per-suit rank masks are in non-increasing order (clubs, diamonds, hearts, spades),
    counted as many times as the class has deals (24 over the permutations that fix it). Ties
    are thus broken on that deal, and its choice stands for the whole class. Wild deuces keep
    the symmetry (all four are wild), and so does the joker, which has no suit: its masks are
    those of the natural cards.
    """
    total = binom[deck, 5]
    unseen = deck - 5
    class_count = counts.shape[1]
    blocks = last_block - first_block
    per_block = np.zeros((blocks, 6, class_count), dtype=np.int64)
    popcount = np.zeros(32, dtype=np.int64)
    highest = np.zeros(32, dtype=np.int64)
    for mask in range(32):
        for i in range(5):
            if mask >> i & 1:
                popcount[mask] += 1
                highest[mask] = i
    # Serial: with one deal in 19 played, threads cost more than they save on a shared machine.
    for block in range(blocks):
        cards = np.empty(5, dtype=np.int64)
        start = (first_block + block) * BLOCK
        _unrank(start, 5, binom, cards)
        for index in range(start, min(start + BLOCK, total)):
            clubs, diamonds, hearts, spades = _suit_rank_masks(cards, _naturals(cards))
            if _is_suit_canonical(clubs, diamonds, hearts, spades):
                _play_deal(
                    cards,
                    final[index],
                    _suit_class_size(clubs, diamonds, hearts, spades),
                    counts,
                    offsets,
                    pay_sums,
                    pays,
                    binom,
                    unseen,
                    popcount,
                    highest,
                    per_block[block],
                )
            _next_subset_of(cards, 5, deck)
    totals = np.zeros((6, class_count), dtype=np.int64)
    for block in range(blocks):
        totals += per_block[block]
    return totals
