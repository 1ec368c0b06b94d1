"""Comparing hands: :func:`compare` for two, :func:`winners` for any number."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pokerscore.cards import PokerScoreError, check_distinct
from pokerscore.hands.describe import describe, main_rank_count
from pokerscore.hands.score import HandInput, HandScore, best_hand


def _scores(hands: Iterable[HandInput | HandScore], same_deck: bool) -> list[HandScore]:
    scores = [hand if isinstance(hand, HandScore) else best_hand(hand) for hand in hands]
    if same_deck:
        check_distinct(card for hand in scores for card in hand.cards)
    return scores


def compare(
    first: HandInput | HandScore, second: HandInput | HandScore, *, same_deck: bool = False
) -> int:
    """1 if the first hand wins, -1 if the second does, 0 for a tie.

    Hands may share cards (several decks) unless ``same_deck`` is asked for.

    >>> compare("5h 5c 6s 7s Kd", "2c 3s 8s 8d Td")
    -1
    >>> compare("Ah Kh Qh Jh Th", "As Ks Qs Js Ts")
    0
    >>> compare("Ah Kh Qh Jh Th", "Ah Kd Qs Js Ts", same_deck=True)
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.DuplicateCardError: duplicate card Ah at positions 1 and 6
    """
    a, b = _scores((first, second), same_deck)
    return (a.value > b.value) - (a.value < b.value)


def winners(hands: Sequence[HandInput | HandScore], *, same_deck: bool = False) -> list[int]:
    """The indices of every hand tied for best.

    >>> winners(["2h 2d 4c 4d 4s", "3c 3d 3s 9s 9d", "4h 4c 2s 2c 2d"])
    [0]
    >>> winners(["Ah Kh Qh Jh 9h", "As Ks Qs Js 9s"])
    [0, 1]

    ``hands`` is a list of hands: one string is refused (it would be read character by
    character), and so is an empty list.
    """
    if isinstance(hands, str | bytes):
        raise PokerScoreError(
            "winners takes a list of hands, got one string: write winners([hand, ...])"
        )
    if not hands:
        raise PokerScoreError("winners needs at least one hand, got none")
    scores = _scores(hands, same_deck)
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


def why(winner: HandScore, loser: HandScore) -> str:
    """Why one hand beats another, naming only what decides it.

    >>> why(best_hand("2c 3s 8s 8d Td"), best_hand("5h 5c 6s 7s Kd"))
    'Pair of Eights beats Pair of Fives'
    >>> why(best_hand("4d 6s 9h Qh Qc"), best_hand("3d 6d 7h Qd Qs"))
    'Pair of Queens, kicker Nine beats Pair of Queens, kicker Seven'
    >>> why(best_hand("3d 6d 7d Td Qd"), best_hand("2d 9c As Ah Ac"))
    'Flush, Queen high beats Three of a Kind, Aces'
    """
    length = _deciding_length(winner, loser)
    loser_length = length if winner.category is loser.category else main_rank_count(loser.category)
    return (
        f"{describe(winner.category, winner.ranks[:length])} beats "
        f"{describe(loser.category, loser.ranks[:loser_length])}"
    )
