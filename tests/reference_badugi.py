"""Badugi from its rules, sharing no code with the engine: the oracle of the badugi tests.

The rules (as a card room states them): a player holds four cards; the hand is the largest set
of them in which no two cards share a rank and no two share a suit (a pair, or two cards of a
suit, play one card of the two). A hand of more such cards beats any hand of fewer; between
hands of as many cards the lower wins, compared from the highest card down, the ace always low
(below the deuce). Suits never break a tie.

Cards here are (rank, suit) pairs with rank 2..14 (14 the ace) and suit "cdhs", as a person
writes them, not the engine's ids.
"""

from __future__ import annotations

from itertools import combinations

RANK_CHARS = "23456789TJQKA"


def parse(text: str) -> list[tuple[int, str]]:
    """``"Ac 2d 3h 4s"`` -> ``[(14, "c"), (2, "d"), (3, "h"), (4, "s")]``."""
    return [(RANK_CHARS.index(token[0]) + 2, token[1]) for token in text.split()]


def _low_rank(rank: int) -> int:
    """A rank's size in badugi: the ace is 1, below the deuce."""
    return 1 if rank == 14 else rank


def badugi(cards: list[tuple[int, str]]) -> tuple[int, tuple[int, ...]]:
    """(how many cards play, their low ranks highest first) of the best badugi in ``cards``.

    >>> badugi(parse("Ac 2d 3h 4s"))
    (4, (4, 3, 2, 1))
    >>> badugi(parse("Kc Kd Kh Ks"))
    (1, (13,))
    """
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            if len({rank for rank, _ in subset}) < size or len({suit for _, suit in subset}) < size:
                continue
            ranks = tuple(sorted((_low_rank(rank) for rank, _ in subset), reverse=True))
            if best is None or ranks < best[1]:  # lower is better, highest card first
                best = (size, ranks)
        if best is not None:  # a larger badugi beats every smaller one
            return best
    raise ValueError("no cards")


def strength(cards: list[tuple[int, str]]) -> tuple[int, tuple[int, ...]]:
    """A key under which a better hand is greater: more cards, then lower ranks.

    >>> strength(parse("Ac 2d 3h 4s")) > strength(parse("Ac 2d 3h 5s")) > strength(parse("Ac 2c 3h 4s"))
    True
    """
    size, ranks = badugi(cards)
    return size, tuple(-rank for rank in ranks)
