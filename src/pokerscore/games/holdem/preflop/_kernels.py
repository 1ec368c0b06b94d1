"""Exact preflop tables: every board once, every live hole combo judged once per board, and the
wins and ties of every class against every class (or against a random hand) counted in one sweep.

Boards are visited up to suit isomorphism: only the canonical board of each class under suit
permutations (per-suit rank masks in non-increasing order, see
:mod:`pokerscore.engine.combinatorics`), weighted by the size of its class. A starting-hand class
(``AKs``) maps to itself under every suit permutation, so the count of any pair (or triple) of
classes is the same on every board of a suit class.

On one board each pair of hole ranks is judged once (its plain value) and only the combos that
make a flush one by one; these items are sorted by value (a two-pass radix sort: values are
below 8,192) and the live combos swept from the lowest value up, keeping per-class counts of the combos already passed
(``lower[class]``) and, for each card, of those holding that card (``card_lower[card, class]``).
A combo ``c = (x, y)`` then beats ``lower - card_lower[x] - card_lower[y]`` combos of each class
that share no card with it (no passed combo holds both ``x`` and ``y``): card removal is exact
at the cost of three loads per class. Ties are counted pair by pair within a short run of equal
values, and in a long one (a board that plays) as the same difference taken across the run
(inclusion and exclusion: the combo itself is added back once).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerscore.engine.combinatorics import (
    is_suit_canonical,
    next_colex_subset,
    suit_class_size,
    suit_rank_masks,
)
from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.kernels.lookup import RANK_MASK, flush_suit, multiset_value
from pokerscore.engine.keys import SUIT_FIELD_BITS
from pokerscore.engine.tables import RankingTables
from pokerscore.games.holdem._kernels import read_any_five

IntArray = npt.NDArray[np.int64]
Counts = npt.NDArray[np.int32]
Cards = npt.NDArray[np.uint8]

DECK = 52
BOARD = 5
RANKS = 13
RANK_PAIRS = RANKS * RANKS
"""Two ranks, high first, as ``high * 13 + low`` (only ``high >= low`` is used)."""
THREE_TO_FIVE = sum(2 << (SUIT_FIELD_BITS * suit) for suit in range(4))
"""Two more cards of every suit in a key's suit counters: a board holding three of a suit then
probes as a flush, and only then can a hole combo make one."""
SHORT_RUN = 24
"""Runs of equal values up to this long count their ties pair by pair (cheaper than two passes
over every class per combo); longer ones, where the board plays, by the per-card counters."""
_RADIX_BITS = 7
_RADIX = 1 << _RADIX_BITS
_RADIX_MASK = _RADIX - 1

_suit_rank_masks = kernel(inline=True)(suit_rank_masks)
_is_suit_canonical = kernel(inline=True)(is_suit_canonical)
_suit_class_size = kernel(inline=True)(suit_class_size)
_next_subset = kernel(inline=True)(next_colex_subset)


@kernel()
def canonical_boards(boards: Cards, weights: IntArray) -> int:
    """Write every canonical five-card board (cards increasing) and its class size into
    ``boards`` and ``weights`` (room for 2,598,960 rows); return how many there are (134,459)."""
    cards = np.arange(BOARD, dtype=np.int64)
    total = 0
    count = 0
    for _ in range(2_598_960):
        clubs, diamonds, hearts, spades = _suit_rank_masks(cards, BOARD)
        if _is_suit_canonical(clubs, diamonds, hearts, spades):
            for place in range(BOARD):
                boards[count, place] = cards[place]
            weights[count] = _suit_class_size(clubs, diamonds, hearts, spades)
            total += weights[count]
            count += 1
        _next_subset(cards, BOARD, DECK)
    return count


@kernel(inline=True)
def sort_by_value(values: IntArray, count: int, order: IntArray, scratch: IntArray) -> None:
    """``order[:count]``: the positions ``0 .. count - 1`` by increasing ``values`` (below 8,192),
    stable; two passes of a radix sort on 7 and 6 bits."""
    buckets = np.zeros(_RADIX, dtype=np.int64)
    for position in range(count):
        buckets[values[position] & _RADIX_MASK] += 1
    running = 0
    for bucket in range(_RADIX):
        size = buckets[bucket]
        buckets[bucket] = running
        running += size
    for position in range(count):
        bucket = values[position] & _RADIX_MASK
        scratch[buckets[bucket]] = position
        buckets[bucket] += 1
    buckets[:] = 0
    for position in range(count):
        buckets[values[position] >> _RADIX_BITS] += 1
    running = 0
    for bucket in range(_RADIX):
        size = buckets[bucket]
        buckets[bucket] = running
        running += size
    for index in range(count):
        position = scratch[index]
        bucket = values[position] >> _RADIX_BITS
        order[buckets[bucket]] = position
        buckets[bucket] += 1


@kernel()
def preflop_sweep(
    boards: Cards,
    weights: IntArray,
    combo_cards: Cards,
    combo_class: IntArray,
    heads_up: bool,
    tables: RankingTables,
    wins: Counts,
    ties: Counts,
    random_wins: IntArray,
    random_ties: IntArray,
) -> None:
    """Add the weighted counts of ``boards`` (rows of five cards; ``weights`` each):

    - ``wins[k, j]``, ``ties[k, j]``: pairs (combo of class ``k``, combo of class ``j``, board)
      sharing no card where the first wins or ties (when ``heads_up``);
    - ``random_wins[k]``, ``random_ties[k]``: the same against every combo of ``combo_cards``.

    ``combo_cards`` rows are two card ids, ``combo_class`` each combo's class ``0 .. C - 1`` where
    ``C`` is ``wins.shape[0]``. Serial: a Dask worker runs one task on one core.
    """
    combos = combo_cards.shape[0]
    classes = wins.shape[0]
    card_keys, suit_bits = tables.card_keys, tables.suit_bits
    flush, bits_of, base, values = tables.flush, tables.bits, tables.base, tables.values
    rule = tables.flush_rule
    combo_key = np.empty(combos, dtype=np.int64)
    combo_masks = np.empty(combos, dtype=np.int64)
    combo_bits = np.empty(combos, dtype=np.uint64)
    first_card = np.empty(combos, dtype=np.int64)
    second_card = np.empty(combos, dtype=np.int64)
    # Combos grouped by their two ranks: one lookup per rank pair and board for the plain value.
    pair_of = np.empty(combos, dtype=np.int64)
    pair_start = np.zeros(RANK_PAIRS + 1, dtype=np.int64)
    for combo in range(combos):
        a, b = combo_cards[combo, 0], combo_cards[combo, 1]
        combo_key[combo] = card_keys[a] + card_keys[b]
        combo_masks[combo] = suit_bits[a] | suit_bits[b]
        combo_bits[combo] = (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
        first_card[combo], second_card[combo] = a, b
        pair_of[combo] = max(a >> 2, b >> 2) * RANKS + min(a >> 2, b >> 2)
        pair_start[pair_of[combo] + 1] += 1
    for pair in range(RANK_PAIRS):
        pair_start[pair + 1] += pair_start[pair]
    by_pair = np.empty(combos, dtype=np.int64)
    filled = pair_start[:RANK_PAIRS].copy()
    for combo in range(combos):
        by_pair[filled[pair_of[combo]]] = combo
        filled[pair_of[combo]] += 1
    pairs_held = np.empty(RANK_PAIRS, dtype=np.int64)
    pair_count = 0
    for pair in range(RANK_PAIRS):
        if pair_start[pair + 1] > pair_start[pair]:
            pairs_held[pair_count] = by_pair[pair_start[pair]]  # a combo of the pair: its key
            pair_count += 1
    # Items to sort: each rank pair (its plain value), then each combo that makes a flush.
    item_value = np.empty(RANK_PAIRS + combos, dtype=np.int64)
    item = np.empty(RANK_PAIRS + combos, dtype=np.int64)
    item_order = np.empty(RANK_PAIRS + combos, dtype=np.int64)
    item_scratch = np.empty(RANK_PAIRS + combos, dtype=np.int64)
    flushes = np.zeros(combos, dtype=np.bool_)
    live = np.empty(combos, dtype=np.int64)
    live_value = np.empty(combos, dtype=np.int64)
    lower = np.zeros(classes, dtype=np.int32)
    card_lower = np.zeros((DECK, classes), dtype=np.int32)
    card_total = np.zeros(DECK, dtype=np.int64)
    for row in range(boards.shape[0]):
        weight = np.int32(weights[row])
        key = 0
        masks = 0
        board_bits = np.uint64(0)
        for place in range(BOARD):
            card = boards[row, place]
            key += card_keys[card]
            masks |= suit_bits[card]
            board_bits |= np.uint64(1) << np.uint64(card)
        items = 0
        for index in range(pair_count):
            combo = pairs_held[index]
            item_value[items] = multiset_value(key + combo_key[combo], bits_of, base, values)
            item[items] = pair_of[combo]
            items += 1
        # A flush needs three cards of a suit on the board (the key's probe bits say which).
        flush_board = rule != 0 and flush_suit(key + THREE_TO_FIVE) >= 0
        for combo in range(combos):
            flushes[combo] = False
            if not flush_board or combo_bits[combo] & board_bits:
                continue
            suit = flush_suit(key + combo_key[combo])
            if suit >= 0:
                flushes[combo] = True
                suited = (masks | combo_masks[combo]) >> (13 * suit)
                item_value[items] = flush[suited & RANK_MASK]
                item[items] = RANK_PAIRS + combo
                items += 1
        sort_by_value(item_value, items, item_order, item_scratch)
        count = 0
        for index in range(items):
            position = item_order[index]
            value = item_value[position]
            if item[position] >= RANK_PAIRS:
                live[count] = item[position] - RANK_PAIRS
                live_value[count] = value
                count += 1
                continue
            pair = item[position]
            for member in range(pair_start[pair], pair_start[pair + 1]):
                combo = by_pair[member]
                if combo_bits[combo] & board_bits or flushes[combo]:
                    continue
                live[count] = combo
                live_value[count] = value
                count += 1
        lower[:] = 0
        card_lower[:, :] = 0
        card_total[:] = 0
        lower_total = 0
        start = 0
        while start < count:
            value = live_value[start]
            end = start + 1
            while end < count and live_value[end] == value:
                end += 1
            # A short run's ties pair by pair; a long one's (boards that play) by counters.
            pairwise = end - start <= SHORT_RUN
            # Against the combos below this run of equal values.
            for position in range(start, end):
                combo = live[position]
                held = combo_class[combo]
                x, y = first_card[combo], second_card[combo]
                below = lower_total - card_total[x] - card_total[y]
                random_wins[held] += weight * below
                if not pairwise:
                    random_ties[held] += weight * (1 - below)
                if heads_up:
                    if pairwise:
                        for other in range(classes):
                            wins[held, other] += weight * (
                                lower[other] - card_lower[x, other] - card_lower[y, other]
                            )
                    else:
                        for other in range(classes):
                            beaten = weight * (
                                lower[other] - card_lower[x, other] - card_lower[y, other]
                            )
                            wins[held, other] += beaten
                            ties[held, other] -= beaten
                        ties[held, held] += weight
                if pairwise:
                    used = combo_bits[combo]
                    for other_position in range(start, end):
                        other_combo = live[other_position]
                        if used & combo_bits[other_combo]:
                            continue
                        random_ties[held] += weight
                        if heads_up:
                            ties[held, combo_class[other_combo]] += weight
            for position in range(start, end):
                combo = live[position]
                held = combo_class[combo]
                x, y = first_card[combo], second_card[combo]
                lower[held] += 1
                card_lower[x, held] += 1
                card_lower[y, held] += 1
                card_total[x] += 1
                card_total[y] += 1
            lower_total += end - start
            if not pairwise:
                # The run's own combos: counted after it minus before it (subtracted above).
                for position in range(start, end):
                    combo = live[position]
                    held = combo_class[combo]
                    x, y = first_card[combo], second_card[combo]
                    random_ties[held] += weight * (lower_total - card_total[x] - card_total[y])
                    if heads_up:
                        for other in range(classes):
                            ties[held, other] += weight * (
                                lower[other] - card_lower[x, other] - card_lower[y, other]
                            )
            start = end


@kernel(parallel=True)
def preflop_sweep_threads(
    boards: Cards,
    weights: IntArray,
    combo_cards: Cards,
    combo_class: IntArray,
    heads_up: bool,
    tables: RankingTables,
    wins: Counts,
    ties: Counts,
    random_wins: IntArray,
    random_ties: IntArray,
) -> None:
    """:func:`preflop_sweep` on all of Numba's threads: ``wins[t]`` (and the others) hold thread
    ``t``'s counts over its share of the boards; the caller sums them."""
    threads = wins.shape[0]
    rows = boards.shape[0]
    for thread in prange(threads):
        start = rows * thread // threads
        stop = rows * (thread + 1) // threads
        preflop_sweep(boards[start:stop], weights[start:stop], combo_cards, combo_class, heads_up,
                      tables, wins[thread], ties[thread], random_wins[thread],
                      random_ties[thread])  # fmt: skip


@kernel()
def three_way_sweep(
    boards: Cards,
    weights: IntArray,
    combo_cards: Cards,
    class_starts: IntArray,
    triples: IntArray,
    tables: RankingTables,
    tally: IntArray,
) -> None:
    """Three players, every combination of one combo per player that shares no card, judged on
    each board: ``tally[t]`` gets (wins of player 1, 2, 3; two-way ties of players 1-2, 1-3,
    2-3; three-way ties; deals weighed) for the class triple ``triples[t]``.

    Combos are grouped by class: class ``k``'s are rows ``class_starts[k] .. class_starts[k+1]``
    of ``combo_cards``. Brute force, for short class lists.
    """
    combos = combo_cards.shape[0]
    card_keys, suit_bits = tables.card_keys, tables.suit_bits
    flush, bits_of, base, values, rule = (
        tables.flush, tables.bits, tables.base, tables.values, tables.flush_rule
    )  # fmt: skip
    combo_bits = np.empty(combos, dtype=np.uint64)
    value = np.zeros(combos, dtype=np.int64)
    for combo in range(combos):
        a, b = combo_cards[combo, 0], combo_cards[combo, 1]
        combo_bits[combo] = (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
    for row in range(boards.shape[0]):
        weight = weights[row]
        key = 0
        masks = 0
        board_bits = np.uint64(0)
        for place in range(BOARD):
            card = boards[row, place]
            key += card_keys[card]
            masks |= suit_bits[card]
            board_bits |= np.uint64(1) << np.uint64(card)
        for combo in range(combos):
            if combo_bits[combo] & board_bits:
                continue
            a, b = combo_cards[combo, 0], combo_cards[combo, 1]
            value[combo] = read_any_five(
                key + card_keys[a] + card_keys[b], masks | suit_bits[a] | suit_bits[b], rule,
                flush, bits_of, base, values,
            )  # fmt: skip
        for triple in range(triples.shape[0]):
            first, second, third = triples[triple, 0], triples[triple, 1], triples[triple, 2]
            for i in range(class_starts[first], class_starts[first + 1]):
                used_i = combo_bits[i]
                if used_i & board_bits:
                    continue
                for j in range(class_starts[second], class_starts[second + 1]):
                    used_j = combo_bits[j]
                    if used_j & (board_bits | used_i):
                        continue
                    for k in range(class_starts[third], class_starts[third + 1]):
                        if combo_bits[k] & (board_bits | used_i | used_j):
                            continue
                        a, b, c = value[i], value[j], value[k]
                        top = max(a, max(b, c))
                        slot = (a == top) * 1 + (b == top) * 2 + (c == top) * 4
                        # slot: 1, 2, 4 a sole winner; 3, 5, 6 two-way; 7 three-way.
                        if slot == 1:
                            tally[triple, 0] += weight
                        elif slot == 2:
                            tally[triple, 1] += weight
                        elif slot == 4:
                            tally[triple, 2] += weight
                        elif slot == 3:
                            tally[triple, 3] += weight
                        elif slot == 5:
                            tally[triple, 4] += weight
                        elif slot == 6:
                            tally[triple, 5] += weight
                        else:
                            tally[triple, 6] += weight
                        tally[triple, 7] += weight
