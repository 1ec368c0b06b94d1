"""Comparing hands: :func:`compare` for two, :func:`winners` for any number, :func:`why` in words.

Hands are scored under one ranking: ``ranking=`` names it, or else the ranking of the first
already-scored hand given, or standard high poker.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pokerscore._support.errors import expect
from pokerscore.cards import PokerScoreError, check_distinct
from pokerscore.engine import HIGH, Ranking, RankingLike, get_ranking
from pokerscore.hands.descriptions import describe, main_rank_count, reads_as_low
from pokerscore.hands.scores import HandInput, HandScore, best_hand


def _ranking_of(hands: Sequence[HandInput | HandScore], ranking: RankingLike | None) -> Ranking:
    if ranking is not None:
        return get_ranking(ranking)
    scored = (hand.ranking for hand in hands if isinstance(hand, HandScore))
    return next(scored, HIGH)


def _scores(
    hands: Iterable[HandInput | HandScore], same_deck: bool, ranking: RankingLike | None
) -> list[HandScore]:
    given = list(hands)
    rules = _ranking_of(given, ranking)
    scores = []
    for number, hand in enumerate(given, 1):
        if isinstance(hand, HandScore):
            if hand.ranking is not rules:
                raise PokerScoreError(
                    f"hand {number} was scored under {hand.ranking.name}, not {rules.name}"
                )
            scores.append(hand)
        else:
            scores.append(best_hand(hand, ranking=rules))
    if same_deck:
        check_distinct(card for hand in scores for card in hand.cards)
    return scores


def compare(
    first: HandInput | HandScore,
    second: HandInput | HandScore,
    *,
    same_deck: bool = False,
    ranking: RankingLike | None = None,
) -> int:
    """1 if the first hand wins, -1 if the second does, 0 for a tie.

    Hands may share cards (several decks) unless ``same_deck`` is asked for.

    >>> compare("5h 5c 6s 7s Kd", "2c 3s 8s 8d Td")
    -1
    >>> compare("5h 5c 6s 7s Kd", "2c 3s 8s 8d Td", ranking="ace-to-five")
    1
    >>> compare("Ah Kh Qh Jh Th", "As Ks Qs Js Ts")
    0
    >>> compare("Ah Kh Qh Jh Th", "Ah Kd Qs Js Ts", same_deck=True)
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.DuplicateCardError: duplicate card Ah at positions 1 and 6
    """
    a, b = _scores((first, second), same_deck, ranking)
    return (a.value > b.value) - (a.value < b.value)


def winners(
    hands: Sequence[HandInput | HandScore],
    *,
    same_deck: bool = False,
    ranking: RankingLike | None = None,
) -> list[int]:
    """The indices of every hand tied for best.

    >>> winners(["2h 2d 4c 4d 4s", "3c 3d 3s 9s 9d", "4h 4c 2s 2c 2d"])
    [0]
    >>> winners(["Ah Kh Qh Jh 9h", "As Ks Qs Js 9s"])
    [0, 1]
    >>> winners(["9c 8d 7h 6s 5c", "Ac 2d 3h 4s Ks"], ranking="eight-or-better")
    [0, 1]

    ``hands`` is a list of hands: one string is refused (it would be read character by
    character), and so is an empty list.
    """
    if isinstance(hands, str | bytes):
        raise PokerScoreError(
            "winners takes a list of hands, got one string: write winners([hand, ...])"
        )
    expect(hands, Sequence, "hands", "a list of hands")
    if not hands:
        raise PokerScoreError("winners needs at least one hand, got none")
    scores = _scores(hands, same_deck, ranking)
    top = max(hand.value for hand in scores)
    return [index for index, hand in enumerate(scores) if hand.value == top]


def _deciding_length(first: HandScore, second: HandScore) -> int:
    """How many tie-break ranks it takes to tell two hands apart (or all of them for a tie)."""
    main = main_rank_count(first.category)
    if first.category is not second.category:
        return main
    for index, (a, b) in enumerate(zip(first.ranks, second.ranks, strict=True)):
        if a != b:
            return max(index + 1, main)
    return len(first.ranks)


def _named(hand: HandScore, length: int) -> str:
    if reads_as_low(hand.category, hand.ranking.low):
        return hand.description  # a low is named by all its cards
    return describe(hand.category, hand.ranks[:length], low=hand.ranking.low)


def why(winner: HandScore, loser: HandScore) -> str:
    """Why one hand beats another, naming only what decides it.

    >>> why(best_hand("2c 3s 8s 8d Td"), best_hand("5h 5c 6s 7s Kd"))
    'Pair of Eights beats Pair of Fives'
    >>> why(best_hand("4d 6s 9h Qh Qc"), best_hand("3d 6d 7h Qd Qs"))
    'Pair of Queens, kicker Nine beats Pair of Queens, kicker Seven'
    >>> why(best_hand("3d 6d 7d Td Qd"), best_hand("2d 9c As Ah Ac"))
    'Flush, Queen high beats Three of a Kind, Aces'
    >>> low = "eight-or-better"
    >>> why(best_hand("8c 6d 4h 3s 2c", ranking=low), best_hand("8d 7h 4c 3d 2d", ranking=low))
    'Eight-Six low (8-6-4-3-2) beats Eight-Seven low (8-7-4-3-2)'
    """
    length = _deciding_length(winner, loser)
    loser_length = length if winner.category is loser.category else main_rank_count(loser.category)
    return f"{_named(winner, length)} beats {_named(loser, loser_length)}"
