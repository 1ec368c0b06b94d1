"""The statistics of a hand's actions, compiled: each player's 3-bet, fold to 3-bet, c-bet and
fold to c-bet chances and takings (:data:`~pokerscore.histories.model.ACTION_COUNTS`, the
definitions in :mod:`~pokerscore.histories.stats`), from the action arrays a fast reader hands
to the replay (:class:`~._replay_kernels.HandInput`'s kinds and actors).

The fast readers call :func:`action_flags` on every hand the replay plays, so the rows of a run
carry the counts as columns and every tally (the run's players table, the database) adds the
same flags up. ``stats.action_counts`` gives the same counts from a ``HandHistory``: the hands
the kernels refuse go that way, and the tests compare the two hand by hand.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel
from pokerscore.histories._layout import (
    BET_RAISE,
    DEAL_BOARD,
    DEAL_HOLE,
    DISCARD_DRAW,
    FOLD,
    MUCK,
    SHOW,
    Ints,
)

Floats = npt.NDArray[np.float64]

# the bits of a player's flags, in the order of model.ACTION_COUNTS
THREE_BET_CHANCE, THREE_BET = 1, 2
FOLD_TO_THREE_BET_CHANCE, FOLD_TO_THREE_BET = 4, 8
CBET_CHANCE, CBET = 16, 32
FOLD_TO_CBET_CHANCE, FOLD_TO_CBET = 64, 128


@kernel()
def action_flags(
    kinds: Ints, actors: Ints, action_count: int, out: npt.NDArray[np.uint8], hand: int
) -> None:
    """Each player's flags of one hand into ``out[hand, seat]`` (bit k: the k-th of
    ``ACTION_COUNTS``), from its first ``action_count`` actions (``kinds``, ``actors``; an
    actor < 0 is the dealer). Preflop is the round before the first board card; a hand without
    a board (stud) counts its betting as one round, and in a draw game the first draw of a round
    opens the next street, as ``stats.action_counts`` does."""
    for seat in range(out.shape[1]):
        out[hand, seat] = 0
    street = 0
    raises = 0
    opener = -1
    aggressor = -1
    flop_bet = False
    cbet = False
    raised_after_cbet = False
    drawing = False
    for step in range(action_count):
        kind = kinds[step]
        if kind == DEAL_BOARD:
            street += 1
            continue
        if kind == DISCARD_DRAW:
            if not drawing:
                street += 1
            drawing = True
            continue
        player = actors[step]
        if kind == DEAL_HOLE or kind == SHOW or kind == MUCK or player < 0:  # noqa: SIM109
            continue
        drawing = False
        mine = np.int64(out[hand, player])
        raising = kind == BET_RAISE
        if street == 0:
            if raises == 1 and player != opener:
                mine = (mine & ~THREE_BET) | THREE_BET_CHANCE  # the last chance's answer
                if raising:
                    mine |= THREE_BET
            elif raises == 2 and player == opener and not mine & FOLD_TO_THREE_BET_CHANCE:
                mine |= FOLD_TO_THREE_BET_CHANCE
                if kind == FOLD:
                    mine |= FOLD_TO_THREE_BET
            if raising:
                raises += 1
                aggressor = player
                if raises == 1:
                    opener = player
        elif street == 1:
            if not flop_bet:
                if player == aggressor:
                    mine = (mine & ~CBET) | CBET_CHANCE
                    if raising:
                        mine |= CBET
                    cbet = raising
                flop_bet = raising
            elif (
                cbet
                and not raised_after_cbet
                and player != aggressor
                and not mine & FOLD_TO_CBET_CHANCE
            ):
                mine |= FOLD_TO_CBET_CHANCE
                if kind == FOLD:
                    mine |= FOLD_TO_CBET
                raised_after_cbet = raising
            elif raising:
                raised_after_cbet = True
        out[hand, player] = mine


class TallyRows(NamedTuple):
    """A block's rows as a run's players table adds them up (``parts._tally_columns``): each
    row's player (its place among the block's names), net and all-in EV adjusted net (units),
    big blind (units), flags (the replay's) and action flags (:func:`action_flags`)."""

    codes: Ints
    net: Floats
    adjusted: Floats
    big: Floats
    flags: Ints
    action_flags: npt.NDArray[np.uint8]


@kernel()
def tally_rows(
    rows: TallyRows,
    bits: Ints,
    places: Ints,
    counts: Ints,
    sums: Floats,
    actions: Ints,
) -> None:
    """Add a block's rows to a tally's arrays: row ``places[k]`` of ``counts`` (hands, then one
    count per flag of ``bits``), ``sums`` (net, adjusted net, the two in big blinds: 0 where the
    big blind is not above 0) and ``actions`` (hands, then a count per action flag) takes the
    rows of the block's player ``k``. Each player's block sums are added in row order from 0,
    then to the tally's (NumPy's ``bincount`` by player, then ``tally[places] += block``: the
    same floats)."""
    size = places.shape[0]
    flagged = bits.shape[0]
    counted = actions.shape[1] - 1
    block_counts = np.zeros((size, flagged + 1), dtype=np.int64)
    block_sums = np.zeros((size, 4), dtype=np.float64)
    block_actions = np.zeros((size, counted + 1), dtype=np.int64)
    for row in range(rows.codes.shape[0]):
        k = rows.codes[row]
        flags = rows.flags[row]
        block_counts[k, 0] += 1
        for bit in range(flagged):
            if flags & bits[bit]:
                block_counts[k, bit + 1] += 1
        net = rows.net[row]
        adjusted = rows.adjusted[row]
        big = rows.big[row]
        block_sums[k, 0] += net
        block_sums[k, 1] += adjusted
        block_sums[k, 2] += net / big if big > 0 else 0.0
        block_sums[k, 3] += adjusted / big if big > 0 else 0.0
        taken = rows.action_flags[row]
        block_actions[k, 0] += 1
        for bit in range(counted):
            if (taken >> bit) & 1:
                block_actions[k, bit + 1] += 1
    for k in range(size):
        place = places[k]
        for column in range(flagged + 1):
            counts[place, column] += block_counts[k, column]
        for column in range(4):
            sums[place, column] += block_sums[k, column]
        for column in range(counted + 1):
            actions[place, column] += block_actions[k, column]


class NameSlots(NamedTuple):
    """A tally's players by the UTF-8 bytes of their names (``stats.StatsTally``'s index,
    compiled, for the kernels' rows): an open-addressing table of tally rows hashed by FNV-1a
    (``slots``, a power of two long, -1 empty, at most half full) and each stored row's name,
    ``store[spans[row, 0] : spans[row, 1]]``."""

    slots: Ints
    store: npt.NDArray[np.uint8]
    spans: Ints


_FNV_OFFSET = np.uint64(0xCBF29CE484222325)
_FNV_PRIME = np.uint64(0x100000001B3)


@kernel(inline=True)
def _name_hash(data: npt.NDArray[np.uint8], start: int, stop: int) -> int:
    """FNV-1a of ``data[start:stop]``, as a non-negative int."""
    value = _FNV_OFFSET
    for at in range(start, stop):
        value = (value ^ np.uint64(data[at])) * _FNV_PRIME
    return int(value >> np.uint64(1))


@kernel()
def find_players(
    names: NameSlots,
    data: npt.NDArray[np.uint8],
    offsets: npt.NDArray[np.int32],
    found: Ints,
) -> int:
    """``found[r]``: the tally row of the name ``data[offsets[r] : offsets[r + 1]]`` (an Arrow
    string array's buffers), -1 where ``names`` does not hold it; returns the count of -1."""
    slots, store, spans = names.slots, names.store, names.spans
    mask = slots.shape[0] - 1
    missing = 0
    for row in range(offsets.shape[0] - 1):
        start, stop = offsets[row], offsets[row + 1]
        size = stop - start
        at = _name_hash(data, start, stop) & mask
        found[row] = -1
        while slots[at] >= 0:
            place = slots[at]
            begin = spans[place, 0]
            if spans[place, 1] - begin == size:
                same = True
                for k in range(size):
                    if store[begin + k] != data[start + k]:
                        same = False
                        break
                if same:
                    found[row] = place
                    break
            at = (at + 1) & mask
        if found[row] < 0:
            missing += 1
    return missing


@kernel()
def store_players(
    names: NameSlots,
    data: npt.NDArray[np.uint8],
    starts: Ints,
    stops: Ints,
    places: Ints,
    used: int,
) -> int:
    """Name ``k`` (``data[starts[k] : stops[k]]``) stored as tally row ``places[k]``, its
    bytes from ``store[used]`` on (none held already); returns the store's bytes used."""
    slots, store, spans = names.slots, names.store, names.spans
    mask = slots.shape[0] - 1
    for k in range(places.shape[0]):
        start, stop = starts[k], stops[k]
        place = places[k]
        spans[place, 0] = used
        for at in range(start, stop):
            store[used] = data[at]
            used += 1
        spans[place, 1] = used
        at = _name_hash(data, start, stop) & mask
        while slots[at] >= 0:
            at = (at + 1) & mask
        slots[at] = place
    return used


@kernel()
def block_codes(found: Ints, seen: Ints) -> tuple[Ints, Ints]:
    """Each row's player numbered in order of first appearance in the block (``codes``), and
    the tally row of each (``places``), from the rows' tally rows; ``seen`` (a tally row's
    code, -1 for none) is left as it came."""
    rows = found.shape[0]
    codes = np.empty(rows, dtype=np.int64)
    places = np.empty(rows, dtype=np.int64)
    size = 0
    for row in range(rows):
        place = found[row]
        code = seen[place]
        if code < 0:
            code = size
            seen[place] = code
            places[size] = place
            size += 1
        codes[row] = code
    for k in range(size):
        seen[places[k]] = -1
    return codes, places[:size]
