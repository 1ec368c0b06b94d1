"""Every heads-up preflop matchup of hold'em, up to suit renaming, with its exact equity.

Two hands of two cards, no other card known, the full deck of 52 and standard high: the rest of
the deck deals C(48, 5) = 1,712,304 boards. Renaming the suits (24 ways) or swapping the two
hands gives the same matchup, which leaves 47,008 matchups (of the 812,175 pairs of hands that
share no card). One table holds them, keyed by a canonical form (the least of the matchup's
packed forms over the renamings and the two orders, ``canonical_matchup``), each with its first
hand's wins plus half the ties. It ships as ``pokerscore/data/heads-up-matchups.npz`` (sorted
keys and their counts, written by ``python -m tests.make_matchups`` from the all-in kernel's
exact enumeration) and is read once per process, on first use: an answer is a lookup of some
microseconds, where enumerating the boards takes milliseconds. All-in EV
(:doc:`histories`) reads the same table.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from importlib import resources
from itertools import permutations
from math import comb
from typing import Final

from pokerscore._support.errors import ParameterError
from pokerscore.cards import DECK_SIZE, PokerScoreError, check_distinct, parse_cards
from pokerscore.engine import HIGH
from pokerscore.games.holdem.game import BOARD_CARDS
from pokerscore.hands.scores import HandInput, check_in_deck

MATCHUPS_FILE: Final = "heads-up-matchups.npz"
"""The table's file in ``pokerscore/data``: arrays ``keys`` (sorted) and ``halves``."""
BOARDS: Final = comb(DECK_SIZE - 4, BOARD_CARDS)
"""Boards a heads-up preflop matchup deals: C(48, 5) = 1,712,304."""

_CARD_BITS: Final = 6  # a card id 0..51 in a key
_RENAMINGS: Final = tuple(
    tuple(card & ~3 | order[card & 3] for card in range(DECK_SIZE))
    for order in permutations(range(4))
)
"""Each renaming of the four suits, as the new id of every card id."""


def pack(first: tuple[int, int], second: tuple[int, int]) -> int:
    """Four card ids as one int: the first hand's in the high bits (each hand highest first).

    >>> pack((51, 50), (47, 45)) == 51 << 18 | 50 << 12 | 47 << 6 | 45
    True
    """
    return ((first[0] << _CARD_BITS | first[1]) << _CARD_BITS | second[0]) << _CARD_BITS | second[1]


def unpack(key: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two hands of a key (:func:`pack` undone).

    >>> unpack(pack((51, 50), (47, 45)))
    ((51, 50), (47, 45))
    """
    mask = (1 << _CARD_BITS) - 1
    ids = [key >> shift & mask for shift in (3 * _CARD_BITS, 2 * _CARD_BITS, _CARD_BITS, 0)]
    return (ids[0], ids[1]), (ids[2], ids[3])


def canonical_matchup(first: Sequence[int], second: Sequence[int]) -> tuple[int, bool]:
    """The key of a matchup of two hands (card ids), and whether ``first`` is the key's second.

    The key is the least :func:`pack` over the 24 renamings of the suits and the two orders of
    the hands (each hand highest card first), so every renaming of a matchup and its swap share
    one key. The hands must hold two distinct cards each, none shared (not checked).

    >>> from pokerscore.cards import parse_cards
    >>> def ids(text):
    ...     return [card.id for card in parse_cards(text)]
    >>> key, swapped = canonical_matchup(ids("AhAs"), ids("KhKc"))
    >>> canonical_matchup(ids("KdKs"), ids("AcAd")) == (key, not swapped)
    True
    """
    best = 1 << 4 * _CARD_BITS
    swapped = False
    for rename in _RENAMINGS:
        a, b = rename[first[0]], rename[first[1]]
        c, d = rename[second[0]], rename[second[1]]
        one = (a, b) if a > b else (b, a)
        two = (c, d) if c > d else (d, c)
        straight, crossed = pack(one, two), pack(two, one)
        if straight < best:
            best, swapped = straight, False
        if crossed < best:
            best, swapped = crossed, True
    return best, swapped


@cache
def matchup_table() -> dict[int, int]:
    """The shipped table: each canonical key's ``2 x wins + ties`` for its first hand (read
    once per process)."""
    import numpy as np

    source = resources.files("pokerscore").joinpath("data", MATCHUPS_FILE)
    with source.open("rb") as stream, np.load(stream) as arrays:
        keys, halves = arrays["keys"].tolist(), arrays["halves"].tolist()
    return dict(zip(keys, halves, strict=True))


def matchup_halves(first: Sequence[int], second: Sequence[int]) -> tuple[int, int]:
    """Each hand's ``2 x wins + ties`` over the :data:`BOARDS` boards, from the table (card ids,
    two distinct cards each, none shared: not checked)."""
    key, swapped = canonical_matchup(first, second)
    halves = matchup_table()[key]
    other = 2 * BOARDS - halves
    return (other, halves) if swapped else (halves, other)


def heads_up_preflop(first: HandInput, second: HandInput) -> tuple[Fraction, Fraction]:
    """Each hand's exact equity, all in preflop heads-up in hold'em: wins plus half the ties
    over every board, no other card known (a lookup in a shipped table of every matchup; no
    enumeration).

    >>> heads_up_preflop("AhAs", "KhKc")
    (Fraction(255121, 311328), Fraction(56207, 311328))
    >>> aks, queens = heads_up_preflop("Ac Kc", "Qd Qh")  # a regression pin (tests: equity())
    >>> round(float(aks), 4), round(float(queens), 4)
    (0.4621, 0.5379)

    Hands that are not two cards each of the 52, or share a card, raise a
    :class:`~pokerscore._support.errors.ParameterError` naming ``first`` or ``second``.
    """
    hands = []
    for name, value in (("first", first), ("second", second)):
        try:
            cards = parse_cards(value, size=2)
            check_in_deck(cards, HIGH)
        except PokerScoreError as error:
            raise ParameterError(f"{{name}} must be two cards of hold'em: {error}", name) from None
        hands.append(cards)
    try:
        check_distinct(hands[0] + hands[1])
    except PokerScoreError as error:
        raise ParameterError(f"{{name}} shares a card with first: {error}", "second") from None
    ids = [[card.id for card in hand] for hand in hands]
    halves = matchup_halves(ids[0], ids[1])
    return Fraction(halves[0], 2 * BOARDS), Fraction(halves[1], 2 * BOARDS)
