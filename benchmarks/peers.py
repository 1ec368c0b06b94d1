"""The peer evaluators (the ``bench`` extra), each wrapped as: card ids in, a score out, higher wins.

eval7 scores higher-is-better; phevaluator and treys lower-is-better (negated here); pokerkit
returns hand objects that compare. phevaluator's card ids are ours (``4 * rank + suit``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

NAMES = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


@dataclass(frozen=True)
class Peer:
    """A peer evaluator: ``prepare`` turns id rows into its own card form, ``score`` scores one."""

    name: str
    prepare: Callable[[list[list[int]]], list[Any]]
    score: Callable[[Any], Any]
    slow: bool = False
    """Too slow for large samples (pokerkit): benchmarked on a few thousand hands."""


def available() -> list[Peer]:
    """The peers that are installed."""
    peers: list[Peer] = []
    try:
        import eval7

        deck7 = [eval7.Card(name) for name in NAMES]
        peers.append(
            Peer(
                "eval7",
                lambda rows: [[deck7[card] for card in row] for row in rows],
                eval7.evaluate,
            )
        )
    except ImportError:
        pass
    try:
        from phevaluator import evaluate_cards

        peers.append(Peer("phevaluator", lambda rows: rows, lambda row: -evaluate_cards(*row)))
    except ImportError:
        pass
    try:
        from treys import Card, Evaluator

        deck_t = [Card.new(name) for name in NAMES]
        evaluator = Evaluator()
        peers.append(
            Peer(
                "treys",
                lambda rows: [
                    ([deck_t[c] for c in row[:2]], [deck_t[c] for c in row[2:]]) for row in rows
                ],
                lambda pair: -evaluator.evaluate(*pair),
            )
        )
    except ImportError:
        pass
    try:
        from pokerkit import StandardHighHand

        peers.append(
            Peer(
                "pokerkit",
                lambda rows: ["".join(NAMES[c] for c in row) for row in rows],
                StandardHighHand.from_game,
                slow=True,
            )
        )
    except ImportError:
        pass
    return peers


def same_order(ours: Sequence[int] | np.ndarray, theirs: Sequence[int] | np.ndarray) -> bool:
    """Whether two scorings (higher = better) rank the hands identically, ties included."""
    a, b = np.asarray(ours, dtype=np.int64), np.asarray(theirs, dtype=np.int64)
    order = np.lexsort((b, a))
    a, b = a[order], b[order]
    return bool((np.diff(b) >= 0).all() and ((np.diff(a) == 0) == (np.diff(b) == 0)).all())
