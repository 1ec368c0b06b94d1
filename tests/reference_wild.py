"""A brute-force wild-card scorer, sharing no code with the engine: every wild card is replaced
by every card of the 52-card deck, and the best five-card hand found is the hand's worth.

Rules, as Hoyle and Rosetta Code's poker hand analyser have them: five of a kind beats a straight
flush (the royal is simply the best straight flush); a wild card stands for a card the hand does
not hold, except to make five of a kind (so no "double-ace flush").
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations_with_replacement

from tests.reference import reference_key

FIVE_OF_A_KIND = 10
"""Above reference_key's categories (0 high card .. 8 straight flush, 9 royal flush)."""
ROYAL_FLUSH = 9
STRAIGHT_FLUSH = 8
CATEGORY_SLUGS = (
    "high-card", "one-pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
    "four-of-a-kind", "straight-flush",
)  # fmt: skip
"""The wild rankings' categories by reference_key number (a royal is a straight flush)."""

Key = tuple[int, tuple[int, ...]]


def natural_key(cards: Sequence[int]) -> Key:
    """The worth of five real cards (ids 0..51, repeats only for five of a kind)."""
    ranks = {card // 4 for card in cards}
    if len(ranks) == 1:
        return FIVE_OF_A_KIND, (next(iter(ranks)),)
    category, ranks_key = reference_key(cards)
    if category == ROYAL_FLUSH:
        return STRAIGHT_FLUSH, ranks_key
    return category, ranks_key


def wild_key(cards: Sequence[int], wild: Collection[int]) -> Key:
    """The best worth of five cards whose ``wild`` ids may each be any card of the deck."""
    natural = [card for card in cards if card not in wild]
    best: Key | None = None
    for stand_ins in combinations_with_replacement(range(52), len(cards) - len(natural)):
        hand = natural + list(stand_ins)
        if len(set(hand)) < len(hand) and len({card // 4 for card in hand}) > 1:
            continue  # a card twice: only five of a kind may do that
        key = natural_key(hand)
        if best is None or key > best:
            best = key
    assert best is not None
    return best


def slug(key: Key) -> str:
    """The category's machine name."""
    return "five-of-a-kind" if key[0] == FIVE_OF_A_KIND else CATEGORY_SLUGS[key[0]]
