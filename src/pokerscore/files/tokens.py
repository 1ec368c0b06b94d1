"""The compiled reader's tables: each short card token by its key (:func:`token_table`) and the
bytes that separate tokens (:func:`separator_table`), both made from the card notation's own
definitions (:func:`pokerscore.cards.notation.card_tokens`, :data:`~pokerscore.cards.notation.SEPARATORS`),
so the fast reader and the exact parser read cards and separators alike."""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from pokerscore.cards.notation import SEPARATORS, card_tokens
from pokerscore.files._kernels import NOT_A_CARD, token_keys

Bytes = npt.NDArray[np.uint8]


@cache
def token_table() -> Bytes:
    """Token key (:func:`~pokerscore.files._kernels.token_key_at`) -> card id, 255 for no card.

    >>> from pokerscore.files._kernels import token_keys
    >>> keys = token_keys(np.frombuffer("Ah♥A10♥xy".encode(), np.uint8), np.array([0, 2, 6, 11, 13]))
    >>> token_table()[keys].tolist()
    [50, 50, 34, 255]
    """
    tokens = card_tokens()
    encoded = [token.encode() for token in tokens]
    offsets = np.cumsum([0, *map(len, encoded)], dtype=np.int64)
    keys = token_keys(np.frombuffer(b"".join(encoded), dtype=np.uint8), offsets)
    # Every token of the notation has a key: tests/files/test_batch_streaming.py checks it.
    table = np.full(1 << 16, NOT_A_CARD, dtype=np.uint8)
    table[keys] = list(tokens.values())
    return table


@cache
def separator_table() -> npt.NDArray[np.bool_]:
    """Byte -> whether it separates tokens (:data:`~pokerscore.cards.notation.SEPARATORS`).

    >>> [byte for byte in range(256) if separator_table()[byte]]
    [9, 10, 13, 32, 44, 59]
    """
    table = np.zeros(256, dtype=np.bool_)
    table[list(SEPARATORS.encode())] = True
    return table
