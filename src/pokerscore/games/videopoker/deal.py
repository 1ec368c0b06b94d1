"""Seeded deals: the same ten cards for a seed on every platform and Python version.

The generator is specified here rather than taken from :mod:`random`, whose algorithms may change:

1. **SplitMix64** (Steele, Lea and Flood, 2014) with state ``seed`` (an integer 0 .. 2**64 - 1):
   each output adds ``0x9E3779B97F4A7C15`` to the state (mod 2**64), then mixes it with
   ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``, ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``,
   ``z ^ (z >> 31)`` (all mod 2**64).
2. **A uniform integer below n** from the top 32 bits ``r`` of an output, by Lemire's method:
   ``m = r * n``; if ``m mod 2**32 < (2**32 - n) mod n`` the output is rejected and the next one
   used; otherwise the result is ``m >> 32``. The rejection makes every card exactly equally likely.
3. **A partial Fisher–Yates shuffle** of the deck in id order (``2c 2d 2h 2s 3c … As``, then the
   joker, id 52, in Joker Poker's 53-card deck): for ``i = 0..9``, swap position ``i`` with
   position ``i + uniform(n - i)``, ``n`` the deck's size. The first ten positions are the deal:
   five cards dealt, then the five replacement cards in the order they are drawn.

:mod:`pokerscore.games.videopoker._seed_kernels` runs the same steps compiled, for searching seeds.

>>> from pokerscore.cards import format_cards
>>> format_cards(deal(0))
'Kd 7s 2s Ah 4d 7c 5d Qd 6h Ad'
"""

from __future__ import annotations

from typing import Final

from pokerscore.cards import DECK_SIZE, JOKER, Card, PokerScoreError

MASK64: Final = (1 << 64) - 1
GOLDEN_GAMMA: Final = 0x9E3779B97F4A7C15
MIX1: Final = 0xBF58476D1CE4E5B9
MIX2: Final = 0x94D049BB133111EB
DEAL_SIZE: Final = 10
"""Five dealt cards, then the five replacement cards in draw order."""


class SplitMix64:
    """The SplitMix64 generator over a 64-bit state.

    >>> generator = SplitMix64(0)
    >>> hex(generator.next64())
    '0xe220a8397b1dcdaf'
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n - 1`` (Lemire's multiply-and-reject, 32-bit)."""
        threshold = ((1 << 32) - n) % n
        while True:
            product = (self.next64() >> 32) * n
            if product & 0xFFFFFFFF >= threshold:
                return product >> 32


def check_seed(seed: int) -> int:
    """A seed is an integer 0 .. 2**64 - 1."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64:
        raise PokerScoreError(f"a seed is an integer 0 .. 2**64 - 1, got {seed!r}")
    return seed


def check_deck_size(deck_size: int) -> int:
    """A machine's deck: 52 cards, or 53 with the joker."""
    if deck_size not in (DECK_SIZE, JOKER + 1):
        raise PokerScoreError(f"a deck has 52 cards, or 53 with the joker, got {deck_size!r}")
    return deck_size


def deal_ids(seed: int, deck_size: int = DECK_SIZE) -> tuple[int, ...]:
    """The ten card ids of a seed's deal from a deck of ``deck_size`` cards (ids in order)."""
    generator = SplitMix64(check_seed(seed))
    deck = list(range(check_deck_size(deck_size)))
    for i in range(DEAL_SIZE):
        j = i + generator.below(len(deck) - i)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck[:DEAL_SIZE])


def deal(seed: int, deck_size: int = DECK_SIZE) -> tuple[Card, ...]:
    """The ten cards of a seed: the five dealt, then the five replacement cards in order, from
    a deck of 52 cards or, with ``deck_size=53``, 52 and the joker.

    Draw with :func:`pokerscore.games.draw.draw` (``draw(cards[:5], cards[5:], mask)``).

    >>> from pokerscore.cards import format_cards
    >>> format_cards(deal(2024)[:5])
    'Tc 3d 6c 4c Qs'
    >>> format_cards(deal(5, deck_size=53))
    '7c Qc 5d 3s 2h 7s Jk 9h 8s Ts'
    """
    return tuple(Card(card_id) for card_id in deal_ids(seed, deck_size))
