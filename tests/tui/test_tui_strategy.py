"""The game's trainer names a mistake in the words of a strategy list (play --strategy)."""

from __future__ import annotations

import asyncio

import pytest

from pokerscore.games.videopoker.paytables import get_paytable
from pokerscore.games.videopoker.session import VideoPokerSession
from pokerscore.games.videopoker.strategy.grammar import parse_strategy
from pokerscore.tui.app import VideoPokerApp
from tests.games.videopoker.test_videopoker_strategy import WIZARD_9_6


@pytest.mark.slow
def test_the_game_trainer_speaks_the_strategy() -> None:
    session = VideoPokerSession(get_paytable("jacks-or-better-9-6"), credits=100, seed=1,
                                trainer=True)  # fmt: skip
    app = VideoPokerApp(session, strategy=parse_strategy(WIZARD_9_6))

    async def main() -> None:
        async with app.run_test(size=(110, 40)) as pilot:
            await pilot.press("enter", "1", "3", "enter")  # 9♦ A♥ over the pair of eights
            await app.workers.wait_for_complete()
            await pilot.pause()
            text = str(app.query_one("#trainer").render())
            assert "low pair (line 9)" in text, text

    asyncio.run(main())
