"""A player's best hand at a showdown (``hole_score``), against its definition: in Omaha the best
of every two hole cards with every three of the board, each five scored on its own."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pokerscore.cards import Card
from pokerscore.games.holdem.game import get_game
from pokerscore.games.holdem.showdown import hole_score
from pokerscore.hands import score


@pytest.mark.parametrize("name", ["omaha", "omaha-5", "omaha-hi-lo"])
def test_an_omaha_hand_is_its_best_two_and_three(name: str) -> None:
    game = get_game(name)
    rankings = [game.high] + ([game.low] if game.low else [])
    rng = random.Random(name)
    deck = [Card(card) for card in game.deck]
    for _ in range(40):
        rng.shuffle(deck)
        hole = tuple(deck[: game.hole_cards])
        board = tuple(deck[game.hole_cards : game.hole_cards + rng.choice([3, 4, 5])])
        for ranking in rankings:
            found = hole_score(hole, board, game, ranking)
            expected = max(
                score(pair + triple, ranking=ranking)
                for pair in combinations(hole, 2)
                for triple in combinations(board, 3)
            )
            assert (found.value, found.cards, found.best) == (
                expected.value,
                expected.cards,
                expected.best,
            ), (hole, board, ranking.name)
