"""Scalar evaluators on card ids: int in, int out, no validation.

Each returns the ``value`` (1..7462, higher wins) of the best five cards. They trust their input:
ids in 0..51 and no card twice; anything else gives a wrong answer or an ``IndexError``. Tables
are built on the first call (tens of milliseconds for five cards, about a quarter second for seven).

The six- and seven-card paths are tuned for CPython: the first card's key carries the flush probe
(one addition fewer), and the flush-free path (97 % of seven-card hands) builds no tuple and reads
one entry of a flat array indexed by the rank key (a dictionary lookup would cost several cache
misses).
"""

from __future__ import annotations

from array import array

from pokerscore.engine.tables import (
    CARD_KEYS,
    CARD_KEYS_5,
    FIRST_CARD_KEYS,
    FLUSH_BITS,
    FLUSH_PROBE,
    IS_FLUSH_5,
    RANK_BITS,
    SUIT_MASK_5,
    SUIT_SHIFT,
    SUIT_SHIFT_5,
    flush_table_5,
    flush_table_by_mask,
    plain_array,
    plain_table_5,
    suit_of_flush,
)

_KEYS = CARD_KEYS
_KEYS1 = FIRST_CARD_KEYS
_KEYS5 = CARD_KEYS_5
_IS_FLUSH5 = IS_FLUSH_5
_RANK_BITS = RANK_BITS
# Filled in place on first use, so the fast paths below read plain module globals.
_FLUSH5: list[int] = []
_PLAIN5: list[int] = []
_PLAIN6: array[int] = array("H")
_PLAIN7: array[int] = array("H")
_FLUSH_MASK: list[int] = []


def _load(size: int) -> None:
    if size == 5:
        if not _PLAIN5:
            _FLUSH5.extend(flush_table_5())
            _PLAIN5.extend(plain_table_5())
        return
    if not _FLUSH_MASK:
        _FLUSH_MASK.extend(flush_table_by_mask())
    global _PLAIN6, _PLAIN7
    if size == 6 and not _PLAIN6:
        _PLAIN6 = plain_array(6)
    if size == 7 and not _PLAIN7:
        _PLAIN7 = plain_array(7)


def evaluate5(c1: int, c2: int, c3: int, c4: int, c5: int) -> int:
    """Value of five cards.

    >>> evaluate5(48, 44, 40, 36, 32)  # As Ks Qs Js Ts... as clubs: Ac Kc Qc Jc Tc
    7462
    >>> evaluate5(0, 5, 10, 15, 21)  # 2c 3d 4h 5s 7d
    1
    """
    key = _KEYS5[c1] + _KEYS5[c2] + _KEYS5[c3] + _KEYS5[c4] + _KEYS5[c5]
    try:
        if _IS_FLUSH5[key & SUIT_MASK_5]:
            return _FLUSH5[key >> SUIT_SHIFT_5]
        return _PLAIN5[key >> SUIT_SHIFT_5]
    except IndexError:  # tables not built yet
        _load(5)
    if _IS_FLUSH5[key & SUIT_MASK_5]:
        return _FLUSH5[key >> SUIT_SHIFT_5]
    return _PLAIN5[key >> SUIT_SHIFT_5]


def _flush_of(key: int, cards: tuple[int, ...]) -> int:
    """The flush value of a probed key's flush suit."""
    suit = suit_of_flush(key - FLUSH_PROBE)
    mask = 0
    for card in cards:
        if card & 3 == suit:
            mask |= _RANK_BITS[card]
    return _FLUSH_MASK[mask]


def evaluate6(c1: int, c2: int, c3: int, c4: int, c5: int, c6: int) -> int:
    """Value of the best five of six cards.

    >>> evaluate6(48, 44, 40, 36, 32, 0)
    7462
    """
    key = _KEYS1[c1] + _KEYS[c2] + _KEYS[c3] + _KEYS[c4] + _KEYS[c5] + _KEYS[c6]
    if not _PLAIN6:
        _load(6)
    if key & FLUSH_BITS:
        return _flush_of(key, (c1, c2, c3, c4, c5, c6))
    return _PLAIN6[key >> SUIT_SHIFT]


def evaluate7(c1: int, c2: int, c3: int, c4: int, c5: int, c6: int, c7: int) -> int:
    """Value of the best five of seven cards.

    >>> evaluate7(48, 44, 40, 36, 32, 0, 1)
    7462
    >>> evaluate7(0, 1, 2, 3, 4, 5, 6)  # four deuces, threes kicker
    7297
    """
    key = _KEYS1[c1] + _KEYS[c2] + _KEYS[c3] + _KEYS[c4] + _KEYS[c5] + _KEYS[c6] + _KEYS[c7]
    try:
        if key & FLUSH_BITS:
            return _flush_of(key, (c1, c2, c3, c4, c5, c6, c7))
        return _PLAIN7[key >> SUIT_SHIFT]
    except IndexError:  # tables not built yet
        _load(7)
    if key & FLUSH_BITS:
        return _flush_of(key, (c1, c2, c3, c4, c5, c6, c7))
    return _PLAIN7[key >> SUIT_SHIFT]


def evaluate(cards: tuple[int, ...] | list[int]) -> int:
    """Value of the best five of 5, 6 or 7 card ids.

    >>> evaluate([51, 47, 43, 39, 35])
    7462
    """
    if len(cards) == 5:
        return evaluate5(*cards)
    if len(cards) == 6:
        return evaluate6(*cards)
    return evaluate7(*cards)
