"""The server's table of open video poker games: bounded, each on its own history connection,
ended once."""

from __future__ import annotations

import pytest

from pokerscore.games.videopoker.paytables import PAYTABLES
from pokerscore.games.videopoker.session import VideoPokerSession
from pokerscore.web.games import MAX_GAMES, Games, UnknownGameError


def _start(games: Games) -> str:
    table = PAYTABLES["jacks-or-better-9-6"]
    return games.start(VideoPokerSession, paytable=table, coins=5, credits=100, seed=1,
                       trainer=False)  # fmt: skip


def test_one_game_past_the_limit_closes_the_one_used_longest_ago() -> None:
    games = Games(":memory:")
    opened = [_start(games) for _ in range(MAX_GAMES)]
    with games.use(opened[0]) as session:  # the first is used again: the second is the oldest
        assert session.credits == 100
    newest = _start(games)
    with pytest.raises(UnknownGameError, match="no game"), games.use(opened[1]):
        pass
    for game in [opened[0], *opened[2:], newest]:
        with games.use(game) as session:
            assert session.started
    assert games.end(newest) and not games.end(newest)  # ended once
    games.close()
    with pytest.raises(UnknownGameError), games.use(opened[0]):
        pass


def test_a_refused_start_leaves_nothing_open() -> None:
    from pokerscore.games.videopoker.session import GameError

    games = Games(":memory:")
    table = PAYTABLES["jacks-or-better-9-6"]
    with pytest.raises(GameError, match="credits"):
        games.start(VideoPokerSession, paytable=table, coins=5, credits=-1, seed=None,
                    trainer=False)  # fmt: skip
    assert games.end("anything") is False
