"""Pot shares on a board: each player's high and low values, a board's shares of every pot
(contenders as bit masks, split pots and hi/lo halves exact in units of ``1 / DEN``), and the
all-in enumerations over every board completing the known cards (:func:`exact_shares`,
:func:`any_five_shares`, :func:`preflop_shares`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerscore.engine.combinatorics import next_lex_subset
from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels.lookup import RANK_MASK, five_card_value, flush_suit, multiset_value
from pokerscore.engine.tables import RankingTables
from pokerscore.histories._layout import (
    DEN,
    OMAHA,
    OMAHA_6_HI_LO,
    SHORT_DECK,
    SHORT_DECK_SOT,
    STUD_CARDS,
    Grid,
    Ints,
    ReplayTables,
)

_next_subset = kernel(inline=True)(next_lex_subset)
"""The next lexicographic subset (:func:`~pokerscore.engine.combinatorics.next_lex_subset`)."""


@kernel(inline=True)
def _any_five(cards: Ints, count: int, tables: RankingTables) -> int:
    """The best five of 5 to 7 cards under a ranking whose flushes are read by suit."""
    key = 0
    masks = 0
    for k in range(count):
        key += tables.card_keys[cards[k]]
        masks |= tables.suit_bits[cards[k]]
    suit = flush_suit(key) if tables.flush_rule else -1
    if suit < 0:
        return multiset_value(key, tables.bits, tables.base, tables.values)
    return int(tables.flush[(masks >> (13 * suit)) & RANK_MASK])


@kernel(inline=True)
def _two_plus_three(hole: Ints, holes: int, board: Ints, tables: RankingTables) -> int:
    """The best five of exactly two hole cards and three of a five-card board."""
    keys5 = tables.keys5
    best = 0
    for a in range(holes - 1):
        for b in range(a + 1, holes):
            pair = keys5[hole[a]] + keys5[hole[b]]
            for c in range(3):
                for d in range(c + 1, 4):
                    for e in range(d + 1, 5):
                        key = pair + keys5[board[c]] + keys5[board[d]] + keys5[board[e]]
                        value = five_card_value(key, tables.is_flush5, tables.flush5, tables.plain5)
                        if value > best:
                            best = value
    return best


@kernel(inline=True)
def board_high(game: int, tables: ReplayTables) -> RankingTables:
    """The high ranking of a board game: hold'em's and Omaha's, or a short deck's."""
    if game == SHORT_DECK_SOT:
        return tables.sot7
    if game == SHORT_DECK:
        return tables.tos7
    return tables.high7


@kernel()
def hand_values(
    game: int,
    hole: Ints,
    holes: int,
    board: Ints,
    high7: RankingTables,
    low: RankingTables,
    work: Ints,
) -> tuple[int, int]:
    """A player's high value (``high7``: the game's, :func:`board_high`) and low value (1: no
    low) on a five-card board."""
    if OMAHA <= game <= OMAHA_6_HI_LO:  # omaha of 4 to 6 cards, hi/lo (stud: _replay_kernels)
        high = _two_plus_three(hole, holes, board, high7)
        lowest = _two_plus_three(hole, holes, board, low) if (game - OMAHA) % 2 else 1
        return high, lowest
    for k in range(holes):
        work[k] = hole[k]
    for k in range(5):
        work[holes + k] = board[k]
    return _any_five(work, holes + 5, high7), 1


@kernel(inline=True)
def _share_pots(high: Ints, lows: Ints, pots: Ints, weight: int, shares: Grid) -> None:
    """One board's shares of every pot, times ``weight``, added to ``shares[pot, player]`` in
    units of ``1 / DEN``: a pot's contenders (the bits of ``pots[pot]``) with its best high
    value split it, or its high half when one of them has a low (a value above 1 in ``lows``;
    ``lows`` is empty in a game without lows), and the best low splits the other half."""
    players = high.shape[0]
    for pot in range(pots.shape[0]):
        mask = pots[pot]
        top = 0
        best_low = 1
        for player in range(players):
            if mask >> player & 1:
                top = max(top, high[player])
                if lows.shape[0]:
                    best_low = max(best_low, lows[player])
        high_count = 0
        low_count = 0
        for player in range(players):
            if mask >> player & 1:
                high_count += high[player] == top
                low_count += best_low > 1 and lows[player] == best_low
        half = DEN // 2 if low_count else DEN
        for player in range(players):
            if mask >> player & 1:
                if high[player] == top:
                    shares[pot, player] += weight * (half // high_count)
                if low_count and lows[player] == best_low:
                    shares[pot, player] += weight * ((DEN // 2) // low_count)


@kernel()
def exact_shares(
    game: int,
    holes: npt.NDArray[np.int64],
    holes_per: int,
    known: Ints,
    rest: Ints,
    tables: ReplayTables,
    pots: Ints,
    shares: Grid,
) -> int:
    """Every board completing ``known`` from ``rest``: each player's share of each pot (whose
    contenders are the bits of ``pots[pot]``) summed over the boards, in units of ``1 / DEN``
    (split pots and hi/lo halves exact), into ``shares[pot, player]``; returns the number of
    boards. One enumeration values every pot: a side pot's other players' cards are dead in it
    as they are in the main pot."""
    high7, low = board_high(game, tables), tables.low
    players = holes.shape[0]
    need = 5 - known.shape[0]
    board = np.zeros(5, dtype=np.int64)
    for k in range(known.shape[0]):
        board[k] = known[k]
    chosen = np.arange(need, dtype=np.int64)
    high = np.zeros(players, dtype=np.int64)
    lows = np.zeros(players, dtype=np.int64)
    hole = np.zeros(STUD_CARDS, dtype=np.int64)
    work = np.zeros(9, dtype=np.int64)
    shares[:] = 0
    size = rest.shape[0]
    boards = 0
    while True:
        for k in range(need):
            board[known.shape[0] + k] = rest[chosen[k]]
        for player in range(players):
            for k in range(holes_per):
                hole[k] = holes[player, k]
            high[player], lows[player] = hand_values(game, hole, holes_per, board, high7, low, work)
        _share_pots(high, lows, pots, 1, shares)
        boards += 1
        if not _next_subset(chosen, need, size):
            break
    return boards


@kernel(inline=True)
def _tally_any_five(
    key: int,
    masks: int,
    hole_keys: Ints,
    hole_masks: Ints,
    tables: RankingTables,
    high: Ints,
    pots: Ints,
    shares: Grid,
) -> None:
    """One board's shares of every pot when any five of hole and board cards play (no low)."""
    players = hole_keys.shape[0]
    for player in range(players):
        total = key + hole_keys[player]
        suit = flush_suit(total) if tables.flush_rule else -1
        if suit < 0:
            value = multiset_value(total, tables.bits, tables.base, tables.values)
        else:
            value = int(tables.flush[((masks | hole_masks[player]) >> (13 * suit)) & RANK_MASK])
        high[player] = value
    _share_pots(high, high[:0], pots, 1, shares)


@kernel()
def any_five_shares(
    hole_keys: Ints,
    hole_masks: Ints,
    known: Ints,
    rest: Ints,
    tables: RankingTables,
    pots: Ints,
    shares: Grid,
) -> int:
    """:func:`exact_shares` for hold'em-like games, the boards dealt card by card in nested
    loops (a key addition per card): the preflop all-in in some tens of milliseconds."""
    players = hole_keys.shape[0]
    high = np.zeros(players, dtype=np.int64)
    shares[:] = 0
    card_keys = tables.card_keys
    suit_bits = tables.suit_bits
    key = 0
    masks = 0
    for k in range(known.shape[0]):
        key += card_keys[known[k]]
        masks |= suit_bits[known[k]]
    need = 5 - known.shape[0]
    size = rest.shape[0]
    boards = 0
    if need == 0:
        _tally_any_five(key, masks, hole_keys, hole_masks, tables, high, pots, shares)
        return 1
    if need == 1:
        for a in range(size):
            _tally_any_five(key + card_keys[rest[a]], masks | suit_bits[rest[a]], hole_keys,
                            hole_masks, tables, high, pots, shares)  # fmt: skip
        return int(size)
    if need == 2:
        for a in range(size - 1):
            key_a = key + card_keys[rest[a]]
            masks_a = masks | suit_bits[rest[a]]
            for b in range(a + 1, size):
                _tally_any_five(key_a + card_keys[rest[b]], masks_a | suit_bits[rest[b]],
                                hole_keys, hole_masks, tables, high, pots, shares)  # fmt: skip
                boards += 1
        return boards
    for a in range(size - 4):
        key_a = key + card_keys[rest[a]]
        masks_a = masks | suit_bits[rest[a]]
        for b in range(a + 1, size - 3):
            key_b = key_a + card_keys[rest[b]]
            masks_b = masks_a | suit_bits[rest[b]]
            for c in range(b + 1, size - 2):
                key_c = key_b + card_keys[rest[c]]
                masks_c = masks_b | suit_bits[rest[c]]
                for d in range(c + 1, size - 1):
                    key_d = key_c + card_keys[rest[d]]
                    masks_d = masks_c | suit_bits[rest[d]]
                    for e in range(d + 1, size):
                        _tally_any_five(key_d + card_keys[rest[e]], masks_d | suit_bits[rest[e]],
                                        hole_keys, hole_masks, tables, high, pots, shares)  # fmt: skip
                        boards += 1
    return boards


@kernel(inline=True)
def _flushless_suitings(
    distinct: Ints,
    times: Ints,
    kinds: int,
    count_of: Ints,
    available: Grid,
    thresholds: Ints,
    binomial: Grid,
    counts: Ints,
) -> int:
    """:func:`preflop_shares`' weight of a multiset of five ranks (``kinds`` ranks
    ``distinct``, each ``times`` over): its suitings from the cards ``available`` that give no
    player a flush, all of them less those with a suit's threshold or more cards of it (counted
    rank by rank, ``counts`` the work); 0 when the cards are not there."""
    total = 1
    for j in range(kinds):
        if times[j] > count_of[distinct[j]]:
            return 0
        total *= binomial[count_of[distinct[j]], times[j]]
    flushes = 0
    for suit in range(4):
        need = thresholds[suit]
        if need > kinds:
            continue
        # suitings by how many ranks take this suit, rank after rank
        for size in range(kinds + 1):
            counts[size] = 0
        counts[0] = 1
        for j in range(kinds):
            free = count_of[distinct[j]]
            has = available[distinct[j], suit]
            with_suit = binomial[free - 1, times[j] - 1] if has else 0
            without = binomial[free - has, times[j]]
            for size in range(j + 1, 0, -1):
                counts[size] = counts[size] * without + counts[size - 1] * with_suit
            counts[0] *= without
        for size in range(need, kinds + 1):
            flushes += counts[size]
    return total - flushes


@kernel()
def preflop_shares(
    holes: npt.NDArray[np.int64],
    taken: npt.NDArray[np.bool_],
    tables: RankingTables,
    pots: Ints,
    shares: Grid,
) -> int:
    """:func:`any_five_shares` for a board not yet dealt, without dealing every board.

    A board makes a flush for some player only when it holds at least ``t`` cards of one suit,
    ``t`` being 5 less the most cards of that suit in one player's hand (3, 4 or 5: two such
    suits never meet on one board). Those boards are dealt one by one. Every other board is
    judged by its ranks alone: for each multiset of five ranks, its number of suitings that
    give no player a flush (all suitings, less those with ``t`` or more cards of a suit, counted
    rank by rank) weighs the players' values of those ranks. A preflop all-in then costs a few
    milliseconds instead of dealing 1,712,304 boards. ``taken`` marks the cards out of play
    (hole cards and dead cards) and cards outside the ranking's deck."""
    players = holes.shape[0]
    shares[:] = 0
    card_keys = tables.card_keys
    suit_bits = tables.suit_bits
    available = np.zeros((13, 4), dtype=np.int64)
    count_of = np.zeros(13, dtype=np.int64)
    for card in range(52):
        if not taken[card]:
            available[card >> 2, card & 3] = 1
            count_of[card >> 2] += 1
    thresholds = np.full(4, 5, dtype=np.int64)
    for player in range(players):
        in_suit = np.zeros(4, dtype=np.int64)
        for k in range(holes.shape[1]):
            in_suit[holes[player, k] & 3] += 1
        for suit in range(4):
            thresholds[suit] = min(thresholds[suit], 5 - in_suit[suit])
    binomial = np.zeros((5, 6), dtype=np.int64)
    for n in range(5):
        binomial[n, 0] = 1
        for r in range(1, n + 1):
            binomial[n, r] = binomial[n - 1, r - 1] + (binomial[n - 1, r] if r <= n - 1 else 0)
    hole_keys = np.zeros(players, dtype=np.int64)
    hole_masks = np.zeros(players, dtype=np.int64)
    for player in range(players):
        for k in range(holes.shape[1]):
            hole_keys[player] += card_keys[holes[player, k]]
            hole_masks[player] |= suit_bits[holes[player, k]]
    high = np.zeros(players, dtype=np.int64)
    ranks = np.zeros(5, dtype=np.int64)
    distinct = np.zeros(5, dtype=np.int64)
    times = np.zeros(5, dtype=np.int64)
    counts = np.zeros(6, dtype=np.int64)
    boards = 0
    # the boards judged by their ranks: five ranks, lowest first
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        ranks[0], ranks[1], ranks[2], ranks[3], ranks[4] = a, b, c, d, e
                        kinds = 0
                        for k in range(5):
                            if k and ranks[k] == ranks[k - 1]:
                                times[kinds - 1] += 1
                            else:
                                distinct[kinds] = ranks[k]
                                times[kinds] = 1
                                kinds += 1
                        weight = _flushless_suitings(distinct, times, kinds, count_of,
                                                     available, thresholds, binomial, counts)  # fmt: skip
                        if weight <= 0:
                            continue
                        key = 0
                        for k in range(5):
                            key += card_keys[4 * ranks[k]]
                        for player in range(players):
                            high[player] = multiset_value(
                                key + hole_keys[player], tables.bits, tables.base, tables.values
                            )
                        _share_pots(high, high[:0], pots, weight, shares)
                        boards += weight
    # the boards that may make a flush: dealt one by one
    suited = np.zeros(13, dtype=np.int64)
    others = np.zeros(52, dtype=np.int64)
    pick = np.zeros(5, dtype=np.int64)
    for suit in range(4):
        need = thresholds[suit]
        suited_count = 0
        for rank in range(13):
            if available[rank, suit]:
                suited[suited_count] = 4 * rank + suit
                suited_count += 1
        rest = 0
        for card in range(52):
            if not taken[card] and (card & 3) != suit:
                others[rest] = card
                rest += 1
        for many in range(need, 6):
            if many > suited_count:
                break
            # every ``many`` suited cards with every 5 - many others
            first = np.arange(many, dtype=np.int64)
            while True:
                key = 0
                masks = 0
                for k in range(many):
                    key += card_keys[suited[first[k]]]
                    masks |= suit_bits[suited[first[k]]]
                second = 5 - many
                for k in range(second):
                    pick[k] = k
                while True:
                    total_key = key
                    total_masks = masks
                    for k in range(second):
                        total_key += card_keys[others[pick[k]]]
                        total_masks |= suit_bits[others[pick[k]]]
                    _tally_any_five(total_key, total_masks, hole_keys, hole_masks, tables, high,
                                    pots, shares)  # fmt: skip
                    boards += 1
                    if not _next_subset(pick, second, rest):
                        break
                if not _next_subset(first, many, suited_count):
                    break
    return boards
