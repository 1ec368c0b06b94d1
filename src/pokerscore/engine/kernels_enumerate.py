"""Compiled exhaustive enumeration: tally the value of every hand that starts with a given card.

Hands are visited as nested loops over increasing card ids, never stored: each loop adds its
card's key (and suit bit) to the running sums of the loops outside it, so the innermost loop does
one addition, one flush test and one lookup per hand. A call covers the hands whose lowest card
is ``first``; the second card is dealt out to ``threads`` workers in snake order (0, 1, 1, 0, …),
which balances their work since hands get fewer as the second card rises. Each worker tallies
into its own row of ``tally``, so no two threads write the same memory.

Import this module inside functions only: it imports Numba.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from pokerscore.engine.jit import kernel
from pokerscore.engine.kernels import (
    RANK_MASK,
    IntArray,
    Values,
    flush_suit,
    multiset_value,
    prange,
)

Tally = npt.NDArray[np.int64]
Bits = npt.NDArray[np.uint64]
Base = npt.NDArray[np.int32]


def thread_count() -> int:
    """The number of threads the parallel kernels use."""
    return int(numba.get_num_threads())


@kernel()
def owner(position: int, threads: int) -> int:
    """Which worker takes the ``position``-th second card: 0, 1, …, n-1, n-1, …, 0, 0, 1, …"""
    block, offset = divmod(position, threads)
    return offset if block % 2 == 0 else threads - 1 - offset


@kernel(parallel=True)
def count_from_5(
    first: int,
    keys: IntArray,
    suit_bits: IntArray,
    flush: Values,
    bits: Bits,
    base: Base,
    values: Values,
    tally: Tally,
) -> None:
    """Tally every five-card hand whose lowest card is ``first``."""
    threads = tally.shape[0]
    for worker in prange(threads):
        for b in range(first + 1, 49):
            if owner(b - first - 1, threads) != worker:
                continue
            key_b, mask_b = keys[first] + keys[b], suit_bits[first] | suit_bits[b]
            for c in range(b + 1, 50):
                key_c, mask_c = key_b + keys[c], mask_b | suit_bits[c]
                for d in range(c + 1, 51):
                    key_d, mask_d = key_c + keys[d], mask_c | suit_bits[d]
                    for e in range(d + 1, 52):
                        key = key_d + keys[e]
                        suit = flush_suit(key)
                        if suit < 0:
                            value = multiset_value(key, bits, base, values)
                        else:
                            value = flush[((mask_d | suit_bits[e]) >> (13 * suit)) & RANK_MASK]
                        tally[worker, value] += 1


@kernel(parallel=True)
def count_from_6(
    first: int,
    keys: IntArray,
    suit_bits: IntArray,
    flush: Values,
    bits: Bits,
    base: Base,
    values: Values,
    tally: Tally,
) -> None:
    """Tally every six-card hand whose lowest card is ``first``."""
    threads = tally.shape[0]
    for worker in prange(threads):
        for b in range(first + 1, 48):
            if owner(b - first - 1, threads) != worker:
                continue
            key_b, mask_b = keys[first] + keys[b], suit_bits[first] | suit_bits[b]
            for c in range(b + 1, 49):
                key_c, mask_c = key_b + keys[c], mask_b | suit_bits[c]
                for d in range(c + 1, 50):
                    key_d, mask_d = key_c + keys[d], mask_c | suit_bits[d]
                    for e in range(d + 1, 51):
                        key_e, mask_e = key_d + keys[e], mask_d | suit_bits[e]
                        for f in range(e + 1, 52):
                            key = key_e + keys[f]
                            suit = flush_suit(key)
                            if suit < 0:
                                value = multiset_value(key, bits, base, values)
                            else:
                                value = flush[((mask_e | suit_bits[f]) >> (13 * suit)) & RANK_MASK]
                            tally[worker, value] += 1


@kernel(parallel=True)
def count_from_7(
    first: int,
    keys: IntArray,
    suit_bits: IntArray,
    flush: Values,
    bits: Bits,
    base: Base,
    values: Values,
    tally: Tally,
) -> None:
    """Tally every seven-card hand whose lowest card is ``first``."""
    threads = tally.shape[0]
    for worker in prange(threads):
        for b in range(first + 1, 47):
            if owner(b - first - 1, threads) != worker:
                continue
            key_b, mask_b = keys[first] + keys[b], suit_bits[first] | suit_bits[b]
            for c in range(b + 1, 48):
                key_c, mask_c = key_b + keys[c], mask_b | suit_bits[c]
                for d in range(c + 1, 49):
                    key_d, mask_d = key_c + keys[d], mask_c | suit_bits[d]
                    for e in range(d + 1, 50):
                        key_e, mask_e = key_d + keys[e], mask_d | suit_bits[e]
                        for f in range(e + 1, 51):
                            key_f, mask_f = key_e + keys[f], mask_e | suit_bits[f]
                            for g in range(f + 1, 52):
                                key = key_f + keys[g]
                                suit = flush_suit(key)
                                if suit < 0:
                                    value = multiset_value(key, bits, base, values)
                                else:
                                    value = flush[
                                        ((mask_f | suit_bits[g]) >> (13 * suit)) & RANK_MASK
                                    ]
                                tally[worker, value] += 1


CountFrom = Callable[[int, IntArray, IntArray, Values, Bits, Base, Values, Tally], None]
COUNTERS: Final[dict[int, CountFrom]] = {5: count_from_5, 6: count_from_6, 7: count_from_7}
"""Hand size -> the kernel tallying the hands that start with a given lowest card."""
