"""Validation of batches: ids in the ranking's deck, no card twice in a row.

Every deck is a run of ids (52 cards, or sixes to aces), so the fast check works on the bytes of
a block of rows as one flat run, 32 at a time in SIMD registers, with no per-row work: every id
minus the deck's first must be at most the deck's span, and every byte must differ from the
bytes of its row that a rotation of the row brings next to it. Rotating a row of w cards by
k = 1 .. w // 2 pairs each card with those k and w - k places away: every pair of a row, in
w // 2 passes over the block. A byte's partner at rotation k is k bytes ahead if that stays in
its row, else w - k bytes behind; a mask per position (the row's pattern repeated) selects it.
The blocks at the two ends of the batch, where the partner bytes would fall outside the array,
compare only forward (w - 1 passes, each masked to its own row).

Kernels only flag a bad block; naming the first bad row is the slow path's job.
"""

from __future__ import annotations

from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel, prange
from pokerscore.engine.kernels.lookup import Rows

BLOCK_ROWS: Final = 1024
"""Rows checked at a time: 5 to 7 KB, which stay in the L1 cache for the evaluation after."""

Masks = npt.NDArray[np.uint8]


@cache
def ahead_masks(width: int) -> Masks:
    """``masks[k, i]`` is 0xFF where byte ``i`` of a block has a byte ``k`` places ahead in its
    row, else 0 (the row's pattern repeated for :data:`BLOCK_ROWS` rows; read-only)."""
    position = np.arange(BLOCK_ROWS * width) % width
    steps = np.arange(width)[:, None]
    masks = np.where(position + steps < width, 0xFF, 0).astype(np.uint8)
    masks.setflags(write=False)
    return masks


def deck_run(deck_mask: int) -> tuple[int, int] | None:
    """The first and last id of a deck given as a mask, if its ids form one run, else None.

    >>> deck_run((1 << 52) - 1), deck_run(((1 << 36) - 1) << 16), deck_run(0b101)
    ((0, 51), (16, 51), None)
    """
    if deck_mask <= 0:
        return None
    first = (deck_mask & -deck_mask).bit_length() - 1
    last = deck_mask.bit_length() - 1
    return (first, last) if deck_mask == ((1 << (last + 1)) - (1 << first)) else None


@kernel()
def _forward_block_valid(
    flat: npt.NDArray[np.uint8], lo: int, hi: int, first: np.uint8, span: np.uint8, masks: Masks
) -> bool:
    """Whether the rows in bytes ``lo .. hi`` are good, reading no byte outside them."""
    part = flat[lo:hi]
    top = np.uint8(0)
    for i in range(part.shape[0]):
        top = max(top, np.uint8(part[i] - first))
    nearest = np.uint8(0xFF)
    for step in range(1, masks.shape[0]):
        ahead = flat[lo + step : hi]
        mask = masks[step]
        for i in range(ahead.shape[0]):
            nearest = min(nearest, np.uint8((part[i] ^ ahead[i]) | ~mask[i]))
    return bool(top <= span) and bool(nearest != 0)


@kernel()
def _rotated_block_valid(
    flat: npt.NDArray[np.uint8], lo: int, hi: int, first: np.uint8, span: np.uint8, masks: Masks
) -> bool:
    """Whether the rows in bytes ``lo .. hi`` are good; reads a row's worth of bytes on each
    side, so the block must not touch either end of ``flat``."""
    width = masks.shape[0]
    part = flat[lo:hi]
    top = np.uint8(0)
    for i in range(part.shape[0]):
        top = max(top, np.uint8(part[i] - first))
    nearest = np.uint8(0xFF)
    for step in range(1, width // 2 + 1):
        ahead = flat[lo + step : hi + step]
        behind = flat[lo + step - width : hi + step - width]
        mask = masks[step]
        for i in range(part.shape[0]):
            partner = (ahead[i] & mask[i]) | (behind[i] & ~mask[i])
            nearest = min(nearest, np.uint8(part[i] ^ partner))
    return bool(top <= span) and bool(nearest != 0)


@kernel()
def block_valid(
    cards: Rows, start: int, stop: int, first: np.uint8, span: np.uint8, masks: Masks
) -> bool:
    """Whether rows ``start .. stop`` (at most :data:`BLOCK_ROWS`) hold only ids ``first`` to
    ``first + span`` and no card twice; ``masks`` is :func:`ahead_masks` of the width."""
    rows, width = cards.shape
    flat = cards.reshape(rows * width)
    lo, hi = start * width, stop * width
    if lo >= width and hi + width <= flat.shape[0]:
        return _rotated_block_valid(flat, lo, hi, first, span, masks)
    return _forward_block_valid(flat, lo, hi, first, span, masks)


@kernel(parallel=True)
def any_bad_block(cards: Rows, first: np.uint8, span: np.uint8, masks: Masks) -> bool:
    """Whether some row holds an id outside ``first .. first + span`` or a card twice."""
    rows = cards.shape[0]
    blocks = (rows + BLOCK_ROWS - 1) // BLOCK_ROWS
    good = np.empty(blocks, dtype=np.bool_)
    for block in prange(blocks):
        start = block * BLOCK_ROWS
        good[block] = block_valid(cards, start, min(rows, start + BLOCK_ROWS), first, span, masks)
    return not good.all()


@kernel(parallel=True)
def _any_bad_row_by_bits(cards: Rows, deck_mask: np.uint64) -> bool:
    """The check for any deck mask: per row, the OR of the ids shows any id of 64 or more; the
    OR of ``1 << id`` must lie inside the deck; and the SUM of ``1 << id`` equals that OR only if
    no bit was added twice (a branch-free scalar pass)."""
    bad = 0
    width = cards.shape[1]
    outside = ~deck_mask
    for row in prange(cards.shape[0]):
        ids = 0
        seen = np.uint64(0)
        total = np.uint64(0)
        for column in range(width):
            card = cards[row, column]
            ids |= card
            bit = np.uint64(1) << np.uint64(card & 63)
            seen |= bit
            total += bit
        bad += (ids > 63) | ((seen & outside) != 0) | (total != seen)
    return bad > 0


def any_bad_row(cards: Rows, deck_mask: int | np.uint64) -> bool:
    """Whether some row of a C-contiguous uint8 batch holds an id outside the deck (bit ``id``
    of ``deck_mask``) or a card twice: one parallel pass, SIMD for decks that are a run of ids.
    """
    if len(cards) == 0:
        return False
    run = deck_run(int(deck_mask))
    if run is None:
        return bool(_any_bad_row_by_bits(cards, np.uint64(deck_mask)))
    first, last = run
    masks = ahead_masks(cards.shape[1])
    return bool(any_bad_block(cards, np.uint8(first), np.uint8(last - first), masks))


@kernel()
def first_duplicate(cards: Rows) -> tuple[int, int, int]:
    """The first row holding a card twice, as (row, column, earlier column); row -1 if none.

    Ids must already be known to be in 0..51.
    """
    rows, width = cards.shape
    for row in range(rows):
        seen = 0
        for column in range(width):
            bit = 1 << int(cards[row, column])
            if seen & bit:
                for other in range(column):
                    if cards[row, other] == cards[row, column]:
                        return row, column, other
            seen |= bit
    return -1, -1, -1
