"""Differential tests: our values order random hands exactly as the peer evaluators do.

Peers differ in scale and direction (eval7: higher wins; phevaluator and treys: lower wins), so
what must agree is the order: sorted by our value, theirs must never decrease, and two hands tie
for us exactly when they tie for the peer. 100,000 hands per size here; ``make bench`` runs more.
"""

from __future__ import annotations

import eval7
import numpy as np
import phevaluator
import pytest
import treys

from pokerscore.hands.batch import evaluate_batch, random_hands

NAMES = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
HANDS = 100_000


def same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    """Whether two scorings (higher = better) rank the hands identically, ties included."""
    order = np.lexsort((theirs, ours))
    a, b = ours[order].astype(np.int64), theirs[order].astype(np.int64)
    return bool((np.diff(b) >= 0).all() and ((np.diff(a) == 0) == (np.diff(b) == 0)).all())


def test_same_order_detects_disagreements() -> None:
    ours = np.array([1, 2, 2, 3])
    assert same_order(ours, np.array([10, 20, 20, 30]))
    assert not same_order(ours, np.array([10, 20, 21, 30]))  # a tie broken
    assert not same_order(ours, np.array([10, 20, 20, 20]))  # a tie made
    assert not same_order(ours, np.array([30, 20, 20, 10]))  # reversed


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
def test_order_matches_eval7(size: int) -> None:
    deck = [eval7.Card(name) for name in NAMES]
    hands = random_hands(HANDS, size=size, seed=100 + size)
    theirs = np.array([eval7.evaluate([deck[card] for card in hand]) for hand in hands.tolist()])
    assert same_order(evaluate_batch(hands), theirs)


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
def test_order_matches_phevaluator(size: int) -> None:
    hands = random_hands(HANDS, size=size, seed=200 + size)
    # phevaluator's card ids are ours (4 * rank + suit); its ranks run 1 (best) .. 7462.
    theirs = np.array([phevaluator.evaluate_cards(*hand) for hand in hands.tolist()])
    assert same_order(evaluate_batch(hands), -theirs)
    if size == 5:  # same classes, opposite direction: the numbers themselves correspond
        assert (evaluate_batch(hands).astype(np.int64) == 7463 - theirs).all()


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 7])
def test_order_matches_treys(size: int) -> None:
    deck = [treys.Card.new(name) for name in NAMES]
    evaluator = treys.Evaluator()
    hands = random_hands(10_000, size=size, seed=300 + size)
    theirs = np.array(
        [
            evaluator.evaluate([deck[c] for c in hand[:2]], [deck[c] for c in hand[2:]])
            for hand in hands.tolist()
        ]
    )
    assert same_order(evaluate_batch(hands), -theirs)
