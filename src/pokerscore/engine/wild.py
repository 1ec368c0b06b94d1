"""Wild cards: what a hand holding them can be, and the five-card tables of a wild ranking.

A wild card plays as any rank: a hand of natural cards and ``w`` wild cards is worth the best of
its **completions**, the five-rank multisets the wild cards can complete the natural ranks to
(:func:`completions`; a rank may then come five times: five of a kind). A completion is suited
exactly when the natural cards are all of one suit: the wild cards take that suit. Scoring and
video poker's pay classes both judge wild hands through :func:`completions`, the one definition.

A wild ranking's five-card tables are indexed like every ranking's, by a sum of five-card keys
(:mod:`pokerscore.engine.keys`): a wild card adds :data:`~pokerscore.engine.keys.WILD_RANK_KEY_5`
and no suit, so the sum names the natural ranks, the number of wild cards and whether the natural
cards share a suit; each entry holds the best value over the completions. Scoring a wild hand is
then the same single lookup as any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations_with_replacement

from pokerscore.engine.classes import rank_multisets
from pokerscore.engine.keys import RANK_KEYS_5, WILD_RANK_KEY_5

HAND_CARDS = 5
"""Cards in a hand: a completion has five ranks."""

ValueOf = Callable[[tuple[int, ...], bool], int]
"""The value of five ranks (highest first, up to five of a rank) and whether all one suit."""


def completions(
    natural_ranks: Sequence[int], wilds: int, ranks: Sequence[int]
) -> Iterator[tuple[int, ...]]:
    """Every multiset of ranks that ``wilds`` wild cards can complete ``natural_ranks`` to, each
    once, highest rank first: the natural ranks plus any ``wilds`` ranks of ``ranks`` (repeats
    allowed, so five of a kind is one). With five cards in all, a rank comes at most five times.

    >>> list(completions([12, 12, 11, 11], 1, [12, 11, 5]))  # A A K K and one wild card
    [(12, 12, 12, 11, 11), (12, 12, 11, 11, 11), (12, 12, 11, 11, 5)]
    >>> list(completions([3, 2, 1], 2, [12, 0]))
    [(12, 12, 3, 2, 1), (12, 3, 2, 1, 0), (3, 2, 1, 0, 0)]
    >>> len(list(completions([], 4, range(13))))  # four wild cards alone: C(16, 4) multisets
    1820
    """
    natural = tuple(natural_ranks)
    for added in combinations_with_replacement(sorted(set(ranks), reverse=True), wilds):
        yield tuple(sorted(natural + added, reverse=True))


def five_card_lists(
    value_of: ValueOf, natural_ranks: Sequence[int], ranks: Sequence[int], most_wild: int
) -> tuple[list[int], list[int]]:
    """(suited, plain): five-card rank key -> the best value over the completions, when the
    natural cards are all of one suit and when not, for hands of up to ``most_wild`` wild cards
    and natural cards of ``natural_ranks`` (at most four of a rank). Entries no hand reaches
    hold 0."""
    best: dict[tuple[int, bool], int] = {}
    for wilds in range(most_wild + 1):
        for natural in rank_multisets(natural_ranks, HAND_CARDS - wilds):
            key = sum(RANK_KEYS_5[rank] for rank in natural) + wilds * WILD_RANK_KEY_5
            complete = list(completions(natural, wilds, ranks))
            best[key, False] = max(value_of(completed, False) for completed in complete)
            if len(set(natural)) == len(natural):  # cards of one rank differ in suit
                best[key, True] = max(value_of(completed, True) for completed in complete)
    slots = max(key for key, _ in best) + 1
    suited_list, plain_list = [0] * slots, [0] * slots
    for (key, suited), value in best.items():
        (suited_list if suited else plain_list)[key] = value
    return suited_list, plain_list
