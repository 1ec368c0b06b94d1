"""Omaha hand patterns in ProPokerTools' generic syntax: one word read, and the hands it names.

A word names hands of ``size`` cards (4 in Omaha, 5 or 6 in its bigger variants; 2 for the
generic words of a hold'em range, which :mod:`~pokerscore.games.holdem.ranges` reads only as
ProPokerTools writes them), read case-insensitively. Reading a word needs neither NumPy nor
Numba; matching it (:func:`word_flags`) loads them. It is a **term**, or terms joined by ``!`` (except: ``AA!AAA``, at least two
aces but not three):

- ``random``, ``any`` or ``*``: every hand;
- ``ds``, ``ss``, ``rainbow``: every hand of that suit shape (below);
- a **pattern**: one to ``size`` named cards, optionally followed by a suit shape (``AAds``).
  A hand fits when its cards can be given to the named cards one each, every one a card it may
  be; cards left over are free (``AA`` means ``AA**``: at least two aces).

A named card is a rank (``2`` to ``9``, ``T``, ``J``, ``Q``, ``K``, ``A``; ``10`` too), ``*``
for any rank, a rank set in brackets (``[AKQ]``, ``[A-T]``, ``[AK5-2]``) or a **rank variable**
(any other letter: ``R``, ``O``, ``N`` …, ``B E F G I L M N O P R U V``), followed by an
optional suit (``s h d c``) or **suit variable** (``w x y z``); a suit or variable alone is a
card of any rank (``xxyy``, ``sshh``). Cards with the same variable
have the same suit, different variables different suits, and no variable takes a suit the
pattern writes out (``ssxx``: two spades and two cards of one other suit). ``AxKxQyJy`` is the
ace and king of one suit with the queen and jack of another: 12 hands. A rank with a suit is an
exact card (``AsKhJd2c``). Rank variables work as suit variables do, over ranks: the same
letter the same rank, different letters different ranks, none a rank the pattern writes out
(``RRON``: one pair and two other ranks, 82,368 hands; ``RxRyOxOy``: two pairs suited together,
468; ``AARR``: aces and another pair, 432).

A **rank span** (ProPokerTools') names several terms, whose hands are united: two words of
plain ranks written alike, whose differing ranks step together (``KK-TT``: KK, QQ, JJ, TT;
``AK-AT``; ``JT9-765``; ``AxKx-AxTx``), or one word ending in ``+`` (every rank steps up until
the highest is an ace: ``TT+``, ``JT9+``) or ``-`` (down until the lowest is a deuce: ``55-``).

Suit shapes judge the whole hand's suit counts: ``ds`` (double-suited) two suits of exactly two
cards and none of more, ``ss`` (single-suited) one such suit and none of more, ``rainbow`` no
suit twice. In Omaha: ``ds`` is 2-2, ``ss`` 2-1-1, ``rainbow`` 1-1-1-1. A word ending in
``ds``, ``ss`` or ``rainbow`` ends in that qualifier (``AAss`` is single-suited aces; two spades
are ``*s*s``).

>>> pattern = read_word("AxKxQyJy", 4)
>>> len(pattern.terms), [len(term.cards) for term in pattern.terms]
(1, [4])
>>> int(word_flags("AA", 4).sum()), int(word_flags("AxKxQyJy", 4).sum())
(6961, 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from math import comb
from typing import TYPE_CHECKING, Final

from pokerscore._support.errors import ParameterError, expect, shorten
from pokerscore.cards import Card, PokerScoreError, Rank
from pokerscore.cards.card import SUIT_LETTERS
from pokerscore.engine.combinatorics import binomial_rows

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

DECK: Final = 52
ALL_CARDS: Final = (1 << DECK) - 1
VARIABLES: Final = "wxyz"
RANK_VARIABLES: Final = "BEFGILMNOPRUV"
"""Rank variables: every letter that is no rank, suit or suit variable (ProPokerTools: "R for
Rank, O for Other rank, N for aNother rank")."""
SHAPES: Final = {"ds": 1, "ss": 2, "rainbow": 3}
"""The suit shapes by name, as the kernel numbers them (see ``_kernels.DOUBLE_SUITED``)."""
EVERY_HAND: Final = frozenset({"random", "any", "*"})
ALLOWED: Final = (
    "an Omaha hand is named by ranks 2-9 T J Q K A, * for any card, rank sets and runs in "
    "brackets ([AKQ], [A-T]), each optionally with a suit s h d c or a suit variable w x y z "
    "or alone (AsKsxx, AxKxQyJy, xxyy), rank variables B E F G I L M N O P R U V (RRON); "
    "qualifiers ds ss rainbow (AAds); random; ! to exclude (AA!AAA)"
)
EXPECTED_CARD: Final = (
    "a rank (2-9 T J Q K A), *, a rank set [...], a rank variable (R O N …), a suit (s h d c) "
    "or a suit variable (w x y z)"
)
"""What a named card starts with."""
_RANKS: Final = {rank.char: int(rank) for rank in Rank}


class PatternError(PokerScoreError):
    """A word that is not an Omaha pattern; the reason says what is allowed."""


@dataclass(frozen=True)
class NamedCard:
    """One named card: the 52-bit set of cards it may be, its suit variable (or -1) and its rank
    variable (or -1)."""

    mask: int
    letter: int
    rank_letter: int = -1


@dataclass(frozen=True)
class Term:
    """Hands holding the named cards (one each), with a suit shape (0: any)."""

    cards: tuple[NamedCard, ...]
    shape: int
    blocked: int
    """The suits the pattern writes out (a bit per suit): no variable takes them."""
    blocked_ranks: int = 0
    """The ranks the pattern writes out (a bit per rank): no rank variable takes them."""


@dataclass(frozen=True)
class Word:
    """The hands of the first part, less those of each later one (``!``). A part is one term,
    or the terms of a rank span (``KK-TT``: KK, QQ, JJ, TT), whose hands are united."""

    parts: tuple[tuple[Term, ...], ...]

    @property
    def terms(self) -> tuple[Term, ...]:
        """Every term, part after part."""
        return tuple(term for part in self.parts for term in part)


def read_word(word: str, size: int) -> Word:
    """The terms of one word (see the module's grammar); a :class:`PatternError` if it is none.

    >>> read_word("AA!AAA", 4).terms[1].cards[2].mask == read_word("A", 4).terms[0].cards[0].mask
    True
    >>> len(read_word("KK-TT", 4).parts[0]), len(read_word("JT9+", 4).parts[0])  # JT9 ... AKQ
    (4, 4)
    >>> read_word("AAKKQ", 4)
    Traceback (most recent call last):
    ...
    pokerscore.games.holdem.omaha_ranges.PatternError: a hand here holds 4 cards, and AAKKQ names 5
    """
    expect(word, str, "word", "a pattern written as text, e.g. AxKxQyJy")
    size = _checked_size(size)
    if "!" in word[1:]:
        parts = word.split("!")
        if any(part == "" for part in parts):
            raise PatternError("! stands between two terms, e.g. AA!AAA")
        return Word(tuple(_part(part, size) for part in parts))
    return Word((_part(word, size),))


SPAN_HELP: Final = (
    "a rank span joins two words of plain ranks written alike, whose differing ranks step "
    "together (KK-TT, AK-AT, JT9-765, AxKx-AxTx), or ends in + or - (TT+, JT9+, 55-)"
)


def _part(text: str, size: int) -> tuple[Term, ...]:
    """One part of a word: a term, or the terms of a rank span (ProPokerTools' ``KK-TT``,
    ``TT+``): the words it names, each read as a term."""
    lower = text.lower()
    shape = next((name for name in SHAPES if lower.endswith(name) and len(lower) > len(name)), "")
    body = text[: len(text) - len(shape)]
    dash = _outside_brackets(body, "-")
    if dash < 0 and not body.endswith("+"):
        return (_term(text, size),)
    if dash == 0 or "[" in body:
        raise PatternError(SPAN_HELP)
    if body.endswith(("+", "-")) and (dash < 0 or dash == len(body) - 1):
        words = _open_span(body[:-1], up=body.endswith("+"))
    else:
        words = _closed_span(body[:dash], body[dash + 1 :])
    return tuple(_term(word + shape, size) for word in words)


def _outside_brackets(text: str, char: str) -> int:
    """Where ``char`` first stands outside a rank set's brackets (-1: nowhere)."""
    depth = 0
    for index, found in enumerate(text):
        depth += (found == "[") - (found == "]")
        if found == char and depth == 0:
            return index
    return -1


def _ranks_and_rest(text: str) -> tuple[list[int], list[str]]:
    """A word of plain ranks split into its ranks and what stands between them (suits,
    variables, ``*``): ``AxKx`` is ([12, 11], ["", "x", "x"])."""
    ranks: list[int] = []
    rest = [""]
    index = 0
    while index < len(text):
        rank, after = _rank(text, index)
        if rank is None:
            rest[-1] += text[index]
            index += 1
        else:
            ranks.append(rank)
            rest.append("")
            index = after
    if not ranks or any(char in text for char in "+-!"):
        raise PatternError(SPAN_HELP)
    return ranks, rest


def _spelled(ranks: Sequence[int], rest: Sequence[str]) -> str:
    return rest[0] + "".join(
        Rank(rank).char + after for rank, after in zip(ranks, rest[1:], strict=True)
    )


def _closed_span(first: str, last: str) -> list[str]:
    """The words from ``first`` to ``last``: the ranks that differ step together by one."""
    low, rest = _ranks_and_rest(first)
    high, rest_high = _ranks_and_rest(last)
    steps = {b - a for a, b in zip(low, high, strict=False) if a != b}
    if len(low) != len(high) or rest != rest_high or len(steps) != 1:
        raise PatternError(SPAN_HELP)
    step = steps.pop()
    moving = [a != b for a, b in zip(low, high, strict=True)]
    sign = 1 if step > 0 else -1
    return [
        _spelled([rank + sign * k * moves for rank, moves in zip(low, moving, strict=True)], rest)
        for k in range(abs(step) + 1)
    ]


def _open_span(first: str, *, up: bool) -> list[str]:
    """The words from ``first`` up while its highest rank is at most an ace (``+``), or down
    while its lowest is at least a deuce (``-``), every rank stepping together."""
    ranks, rest = _ranks_and_rest(first)
    count = 12 - max(ranks) if up else min(ranks)
    sign = 1 if up else -1
    return [_spelled([rank + sign * k for rank in ranks], rest) for k in range(count + 1)]


def _term(text: str, size: int) -> Term:
    lower = text.lower()
    if lower in EVERY_HAND:
        return Term((), 0, 0)
    if lower in SHAPES:
        return Term((), SHAPES[lower], 0)
    shape = 0
    for name, number in SHAPES.items():
        if lower.endswith(name) and len(lower) > len(name):
            text, shape = text[: -len(name)], number
            break
    cards, blocked, blocked_ranks = _named_cards(text)
    if len(cards) > size:
        raise PatternError(f"a hand here holds {size} cards, and {text} names {len(cards)}")
    exact = [card.mask for card in cards if card.mask & (card.mask - 1) == 0]
    if len(exact) != len(set(exact)):
        twice = next(mask for mask in exact if exact.count(mask) > 1)
        raise PatternError(f"{Card(twice.bit_length() - 1)} is named twice")
    # A card that may be anything and has no variable is a free card: it asks nothing. The
    # rest in order of their sets, so interchangeable cards stand side by side (see _after).
    kept = sorted(
        (
            card
            for card in cards
            if card.mask != ALL_CARDS or card.letter >= 0 or card.rank_letter >= 0
        ),
        key=lambda card: (card.mask, card.letter, card.rank_letter),
    )
    return Term(tuple(kept), shape, blocked, blocked_ranks)


def _after(cards: tuple[NamedCard, ...]) -> list[int]:
    """1 for each named card interchangeable with the one before it: the same set of cards, and
    for suit variables and for rank variables alike, the same variable or none, or each a
    variable no other card has (swapping two such cards in an assignment gives another one, so
    only the assignment in increasing places is tried).
    """
    suits = [card.letter for card in cards]
    ranks = [card.rank_letter for card in cards]

    def same(uses: list[int], first: int, second: int) -> bool:
        alone = uses.count(first) == 1 and uses.count(second) == 1
        return first == second or (first >= 0 and second >= 0 and alone)

    after = [0]
    for before, card in pairwise(cards):
        swappable = same(suits, before.letter, card.letter) and same(
            ranks, before.rank_letter, card.rank_letter
        )
        after.append(int(card.mask == before.mask and swappable))
    return after


def _named_cards(text: str) -> tuple[list[NamedCard], int, int]:
    """The named cards of a term, the suits it writes out and the ranks it writes out."""
    cards: list[NamedCard] = []
    blocked = 0
    blocked_ranks = 0
    index = 0
    while index < len(text):
        if text[index] in VARIABLES.upper():
            # ProPokerTools reads a capital X as a rank variable, other tools XxXx as "any hand":
            # either way not four cards of one suit, as a small x would make it.
            raise PatternError(
                f"{text[index]}: suit variables are small letters (w x y z), and XxXx is no "
                "hand here: write random for any hand"
            )
        rank_letter = RANK_VARIABLES.find(text[index].upper())
        if rank_letter >= 0:
            ranks, index = list(range(13)), index + 1
        else:
            ranks, index = _ranks_at(text, index)
            if len(ranks) == 1:
                blocked_ranks |= 1 << ranks[0]
        mask = sum(0b1111 << (4 * rank) for rank in ranks)
        letter = -1
        if index < len(text) and text[index].lower() in SUIT_LETTERS + VARIABLES:
            char = text[index].lower()
            index += 1
            if char in SUIT_LETTERS:
                suit = SUIT_LETTERS.index(char)
                mask &= sum(1 << (4 * rank + suit) for rank in range(13))
                blocked |= 1 << suit
            else:
                letter = VARIABLES.index(char)
        cards.append(NamedCard(mask, letter, rank_letter))
    return cards, blocked, blocked_ranks


def _ranks_at(text: str, index: int) -> tuple[list[int], int]:
    """The ranks a named card may have, from ``text[index]``, and the index after them."""
    char = text[index]
    if char == "*":
        return list(range(13)), index + 1
    if char.lower() in SUIT_LETTERS + VARIABLES:  # a suit alone: any rank of it (sshh, xxyy)
        return list(range(13)), index
    if char == "[":
        close = text.find("]", index)
        if close < 0:
            raise PatternError("a rank set is closed by ], e.g. [AKQ] or [A-T]")
        return _rank_set(text[index + 1 : close]), close + 1
    rank, after = _rank(text, index)
    if rank is None:
        raise PatternError(f'"{char}" is not {EXPECTED_CARD}: ' + ALLOWED)
    return [rank], after


def _rank(text: str, index: int) -> tuple[int | None, int]:
    if text.startswith("10", index):
        return int(Rank.TEN), index + 2
    rank = _RANKS.get(text[index].upper()) if index < len(text) else None
    return rank, index + (rank is not None)


def _rank_set(body: str) -> list[int]:
    ranks: set[int] = set()
    index = 0
    while index < len(body):
        first, index = _rank(body, index)
        if first is None:
            raise PatternError("a rank set holds ranks and runs, e.g. [AKQ], [A-T] or [AK5-2]")
        last: int | None = first
        if index < len(body) and body[index] == "-":
            last, index = _rank(body, index + 1)
        if last is None:
            raise PatternError("a run in a rank set joins two ranks, e.g. [A-T]")
        ranks.update(range(min(first, last), max(first, last) + 1))
    if not ranks:
        raise PatternError("an empty rank set: put ranks inside, e.g. [AKQ]")
    return sorted(ranks)


def _checked_size(size: object) -> int:
    """A hand size the patterns name: 2 to 6 cards (an int, never a bool)."""
    if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= 6:
        raise ParameterError(
            "{name} must be a number of cards from 2 to 6, got " + shorten(repr(size)), "size"
        )
    return size


def hand_count(size: int) -> int:
    """How many hands of ``size`` cards one deck holds.

    >>> hand_count(4)
    270725
    """
    return _hand_count(_checked_size(size))


@cache
def _hand_count(size: int) -> int:
    return comb(DECK, size)


def word_flags(word: str | Word, size: int) -> npt.NDArray[np.bool_]:
    """Whether each hand of ``size`` cards (every hand, colex order of its card ids) fits the
    word.

    >>> flags = word_flags("ds", 4)
    >>> int(flags.sum())
    36504
    """
    size = _checked_size(size)
    if not isinstance(word, str | Word):
        kind = type(word).__name__
        raise ParameterError(f"{{name}} must be a pattern or a Word, got {kind}", "word")
    found = read_word(word, size) if isinstance(word, str) else word  # before NumPy and Numba
    flags = _part_flags(found.parts[0], size)
    for part in found.parts[1:]:
        flags &= ~_part_flags(part, size)
    return flags


def _part_flags(part: tuple[Term, ...], size: int) -> npt.NDArray[np.bool_]:
    """Whether each hand fits one of the part's terms."""
    flags = _term_flags(part[0], size)
    for term in part[1:]:
        flags |= _term_flags(term, size)
    return flags


def _term_flags(term: Term, size: int) -> npt.NDArray[np.bool_]:
    import numpy as np

    from pokerscore.games.holdem._kernels import HandPattern, match_anchored, match_pattern

    if not term.cards and not term.shape:
        return np.ones(hand_count(size), dtype=np.bool_)
    pattern = HandPattern(
        np.array([card.mask for card in term.cards], dtype=np.uint64),
        np.array([card.letter for card in term.cards], dtype=np.int64),
        np.array(_after(term.cards), dtype=np.int64),
        term.blocked,
        term.shape,
        np.array([card.rank_letter for card in term.cards], dtype=np.int64),
        term.blocked_ranks,
    )
    # The narrowest named card: every hand that fits holds one of its cards. Hands holding
    # one are C(51, size - 1) for each card of it; reading only those pays when they are fewer.
    narrowest = min((card.mask for card in term.cards), key=int.bit_count, default=ALL_CARDS)
    anchors = [card for card in range(DECK) if narrowest >> card & 1]
    if len(anchors) * comb(DECK - 1, size - 1) < hand_count(size) // 2:
        out = np.zeros(hand_count(size), dtype=np.bool_)
        cards = np.array(anchors, dtype=np.int64)
        match_anchored(size, pattern, cards, _binomials(size), out)
    else:
        out = np.empty(hand_count(size), dtype=np.bool_)
        match_pattern(size, pattern, _offsets(size), out)
    return out


@cache
def _binomials(size: int) -> npt.NDArray[np.int64]:
    """``C(n, k)`` for ``n`` 0..52 and ``k`` 0..``size``: colex ranks of hands."""
    import numpy as np

    binomials = np.array(binomial_rows(DECK, size), dtype=np.int64)
    binomials.setflags(write=False)
    return binomials


@cache
def _offsets(size: int) -> npt.NDArray[np.int64]:
    """``C(top, size)`` for ``top`` = 0 .. 52: the colex index of the first hand topped by a card."""
    import numpy as np

    offsets = np.array([comb(top, size) for top in range(DECK + 1)], dtype=np.int64)
    offsets.setflags(write=False)
    return offsets


def flagged_hands(flags: npt.NDArray[np.bool_], size: int) -> npt.NDArray[np.uint8]:
    """The hands whose flags are set, one row each in colex order, cards in descending order.

    >>> import numpy as np
    >>> flags = np.zeros(hand_count(4), dtype=np.bool_)
    >>> flags[[0, -1]] = True
    >>> flagged_hands(flags, 4).tolist()
    [[3, 2, 1, 0], [51, 50, 49, 48]]
    """

    import numpy as np

    from pokerscore.games.holdem._kernels import flagged_hands as fill

    offsets = _offsets(size)
    flagged = np.flatnonzero(flags)
    starts = np.searchsorted(flagged, offsets).astype(np.int64)
    out = np.empty((len(flagged), size), dtype=np.uint8)
    fill(size, flags, offsets, starts, out)
    return out


__all__ = ["PatternError", "flagged_hands", "hand_count", "read_word", "word_flags"]
