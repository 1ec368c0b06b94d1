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

from pokerscore.engine.hand_classes import rank_multisets
from pokerscore.engine.keys import RANK_KEYS_5, WILD_RANK_KEY_5

HAND_CARDS = 5
"""Cards in a hand: a completion has five ranks."""

ScoreOf = Callable[[tuple[int, ...], bool, int], int]
"""A score of a completion, higher = better: its five ranks (highest first, up to five of a
rank), whether all one suit, and how many wild cards completed it. A ranking's value ignores the
wild cards; a video poker pay class may not (a natural royal flush holds none)."""


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


def hand_kinds(
    natural_ranks: Sequence[int], most_wild: int
) -> Iterator[tuple[int, tuple[int, ...], int, bool]]:
    """Every kind of five-card hand with up to ``most_wild`` wild cards and natural cards of
    ``natural_ranks`` (at most four of a rank): its five-card rank key (the sum of
    :data:`~pokerscore.engine.keys.RANK_KEYS_5`, a wild card adding
    :data:`~pokerscore.engine.keys.WILD_RANK_KEY_5`), its natural ranks, its number of wild cards,
    and whether its natural cards can share a suit (no rank twice).

    >>> [kind[1:] for kind in hand_kinds([12], 4)]  # aces only, up to four wild cards
    [((12, 12, 12, 12), 1, False), ((12, 12, 12), 2, False), ((12, 12), 3, False), ((12,), 4, True)]
    """
    for wilds in range(most_wild + 1):
        for natural in rank_multisets(natural_ranks, HAND_CARDS - wilds):
            key = sum(RANK_KEYS_5[rank] for rank in natural) + wilds * WILD_RANK_KEY_5
            yield key, natural, wilds, len(set(natural)) == len(natural)


def five_card_lists(
    score_of: ScoreOf, natural_ranks: Sequence[int], ranks: Sequence[int], most_wild: int
) -> tuple[list[int], list[int]]:
    """(suited, plain): five-card rank key -> the best score over the completions, when the
    natural cards are all of one suit and when not, for hands of up to ``most_wild`` wild cards
    and natural cards of ``natural_ranks`` (at most four of a rank). Entries no hand reaches
    hold 0. With ``most_wild`` 0 the one completion of each hand is the hand itself.

    >>> suited, plain = five_card_lists(lambda ranks, suited, wilds: wilds, [12], [12], 4)
    >>> plain[4 * RANK_KEYS_5[12] + WILD_RANK_KEY_5]  # four aces and a wild card: one wild
    1
    """
    best: dict[tuple[int, bool], int] = {}
    for key, natural, wilds, can_suit in hand_kinds(natural_ranks, most_wild):
        complete = list(completions(natural, wilds, ranks))
        best[key, False] = max(score_of(completed, False, wilds) for completed in complete)
        if can_suit:
            best[key, True] = max(score_of(completed, True, wilds) for completed in complete)
    slots = max(key for key, _ in best) + 1
    suited_list, plain_list = [0] * slots, [0] * slots
    for (key, suited), value in best.items():
        (suited_list if suited else plain_list)[key] = value
    return suited_list, plain_list
