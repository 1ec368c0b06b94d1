"""Counting subsets of the deck: binomial coefficients, colex ranks, subsets of a mask, suit classes.

Ints in, ints out, no validation, and nothing imported: every function here is plain Python that
Numba also compiles as it stands, so kernel modules wrap them (``kernel()(colex_unrank)``) and
Python code calls them directly. What a card is does not matter here, only that it is an integer
``0 .. n - 1``; card ids (``4 * rank + suit``) give the suit classes their meaning.

**Colex rank.** The ``k``-subsets of ``0 .. n - 1`` are numbered in colexicographic order: the
sorted elements ``s1 < s2 < … < sk`` have rank ``C(s1, 1) + C(s2, 2) + … + C(sk, k)``, so the
``k``-subsets are ranked ``0 .. C(n, k) - 1`` whatever ``n`` is, and stepping through them in
order visits the ranks in sequence.

>>> colex_rank([0, 1, 2, 3, 4]), colex_rank([47, 48, 49, 50, 51]) == comb(52, 5) - 1
(0, True)
>>> cards = [0] * 5
>>> colex_unrank(colex_rank([3, 9, 20, 30, 51]), 5, binomial_rows(52, 5), cards)
>>> cards
[3, 9, 20, 30, 51]
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Protocol


class IntSequence(Protocol):
    """Integers by position: a list, or a NumPy array of integers."""

    def __getitem__(self, index: int, /) -> int: ...


class MutableIntSequence(IntSequence, Protocol):
    """Integers by position, writable."""

    def __setitem__(self, index: int, value: int, /) -> None: ...


class IntRows(Protocol):
    """Rows of integers: a list of lists, or a two-dimensional NumPy array."""

    def __getitem__(self, index: int, /) -> IntSequence: ...


SUITS = 4
"""Card id ``c`` is of suit ``c % 4`` and rank ``c // 4``."""
SUIT_PERMUTATIONS = 24
"""The permutations of the four suits, ``4!``."""


def binomial_rows(n_max: int, k_max: int) -> list[list[int]]:
    """``C(n, k)`` for ``n`` 0..``n_max`` and ``k`` 0..``k_max``, as rows ``[n][k]``.

    >>> binomial_rows(4, 2)
    [[1, 0, 0], [1, 1, 0], [1, 2, 1], [1, 3, 3], [1, 4, 6]]
    """
    return [[comb(n, k) for k in range(k_max + 1)] for n in range(n_max + 1)]


def colex_rank(sorted_elements: Sequence[int]) -> int:
    """The colex rank of a subset given as its elements in increasing order.

    >>> [colex_rank(subset) for subset in ([0, 1], [0, 2], [1, 2], [0, 3])]
    [0, 1, 2, 3]
    """
    return sum(comb(element, k) for k, element in enumerate(sorted_elements, 1))


def colex_unrank(index: int, k: int, binomials: IntRows, out: MutableIntSequence) -> None:
    """The sorted elements of the ``k``-subset of colex rank ``index``, into ``out[:k]``.

    ``binomials[n][j]`` is ``C(n, j)`` (:func:`binomial_rows`, or the same as an array).
    """
    for position in range(k, 0, -1):
        element = position - 1
        while binomials[element + 1][position] <= index:
            element += 1
        out[position - 1] = element
        index -= binomials[element][position]


def next_colex_subset(elements: MutableIntSequence, k: int, n: int) -> None:
    """Step the sorted ``elements[:k]`` to the next ``k``-subset of ``0 .. n - 1`` in colex order.

    >>> subset = [0, 1]
    >>> for _ in range(3):
    ...     next_colex_subset(subset, 2, 4)
    ...     print(subset)
    [0, 2]
    [1, 2]
    [0, 3]
    """
    for i in range(k):
        limit = elements[i + 1] if i + 1 < k else n
        if elements[i] + 1 < limit:
            elements[i] += 1
            for j in range(i):
                elements[j] = j
            return


def next_lex_subset(elements: MutableIntSequence, k: int, n: int) -> bool:
    """Step the sorted ``elements[:k]`` to the next ``k``-subset of ``0 .. n - 1`` in
    lexicographic order; False (``elements`` unchanged) after the last one.

    >>> subset = [0, 1]
    >>> steps = []
    >>> while next_lex_subset(subset, 2, 3):
    ...     steps.append(list(subset))
    >>> steps
    [[0, 2], [1, 2]]
    """
    place = k - 1
    while place >= 0 and elements[place] == n - k + place:
        place -= 1
    if place < 0:
        return False
    elements[place] += 1
    for j in range(place + 1, k):
        elements[j] = elements[j - 1] + 1
    return True


def next_submask(submask: int, mask: int) -> int:
    """The next smaller subset of ``mask`` (bit sets) after ``submask``; from ``mask`` down to 0.

    >>> subsets, submask = [mask := 0b101], mask
    >>> while submask:
    ...     submask = next_submask(submask, mask)
    ...     subsets.append(submask)
    >>> subsets
    [5, 4, 1, 0]
    """
    return (submask - 1) & mask


def suit_rank_masks(cards: IntSequence, count: int) -> tuple[int, int, int, int]:
    """The ranks held in each suit (bit ``r`` for rank ``r``) of the card ids ``cards[:count]``.

    >>> suit_rank_masks([0, 4, 51], 3)  # 2c 3c As
    (3, 0, 0, 4096)
    """
    clubs = diamonds = hearts = spades = 0
    for i in range(count):  # no list: compiled, this runs once per hand without allocating
        bit = 1 << (cards[i] // SUITS)
        suit = cards[i] % SUITS
        if suit == 0:
            clubs |= bit
        elif suit == 1:
            diamonds |= bit
        elif suit == 2:
            hearts |= bit
        else:
            spades |= bit
    return (clubs, diamonds, hearts, spades)


def is_suit_canonical(clubs: int, diamonds: int, hearts: int, spades: int) -> bool:
    """Whether a hand is the representative of its class under suit permutations: the one whose
    per-suit rank masks are in non-increasing order (clubs, diamonds, hearts, spades).

    >>> masks = suit_rank_masks([0, 5], 2), suit_rank_masks([1, 4], 2)  # 2c 3d, then 2d 3c
    >>> is_suit_canonical(*masks[0]), is_suit_canonical(*masks[1])
    (False, True)
    """
    return clubs >= diamonds and diamonds >= hearts and hearts >= spades


def suit_class_size(clubs: int, diamonds: int, hearts: int, spades: int) -> int:
    """How many hands a canonical hand stands for: ``24`` over the number of suit permutations
    that leave it unchanged (the product of the factorials of its runs of equal masks).

    >>> suit_class_size(0b11, 0b1, 0, 0)  # two suits empty: 24 / 2!
    12
    >>> suit_class_size(0b1, 0b1, 0b1, 0b1)  # four of a kind: one hand
    1
    """
    run_2 = 2 if diamonds == clubs else 1
    run_3 = run_2 + 1 if hearts == diamonds else 1
    run_4 = run_3 + 1 if spades == hearts else 1
    return SUIT_PERMUTATIONS // (run_2 * run_3 * run_4)
