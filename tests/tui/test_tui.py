"""The Textual game, driven headless by Textual's pilot: keys, clicks, pay-outs, trainer, rows."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from pokerscore.cards import parse_cards
from pokerscore.games.draw import draw
from pokerscore.games.videopoker.deal import deal
from pokerscore.games.videopoker.history import HistoryError, HistoryStore, open_history
from pokerscore.games.videopoker.paytables import PayTable, get_paytable
from pokerscore.games.videopoker.session import Phase, VideoPokerSession
from pokerscore.tui.app import KeysScreen, VideoPokerApp
from pokerscore.tui.widgets import CardSlot, Meters, PayTableView

TABLE = get_paytable("jacks-or-better-9-6")
SIZE = (110, 40)
SCREENSHOT = Path(__file__).parents[2] / "docs" / "screenshots" / "videopoker.svg"

Script = Callable[[VideoPokerApp, Pilot[None]], Awaitable[None]]


def play(app: VideoPokerApp, script: Script, size: tuple[int, int] = SIZE) -> None:
    """Run ``script`` against the app in a headless terminal."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(app, pilot)

    asyncio.run(main())


async def settle(app: VideoPokerApp, pilot: Pilot[None]) -> None:
    """Wait for the advisor and draw workers, then for the screen to catch up."""
    await app.workers.wait_for_complete()
    await pilot.pause()


def message(app: VideoPokerApp, name: str = "message") -> str:
    return str(app.query_one(f"#{name}", Static).render())


def slots(app: VideoPokerApp) -> list[CardSlot]:
    return list(app.query(CardSlot))


@pytest.fixture
def store(tmp_path: Path) -> HistoryStore:
    return open_history(tmp_path / "history.sqlite3")


@pytest.mark.slow
def test_deal_hold_by_key_and_click_draw_pay_and_store(store: HistoryStore) -> None:
    session = VideoPokerSession(TABLE, credits=100, seed=1, trainer=True, store=store).start()
    app = VideoPokerApp(session, history=Path("history.sqlite3"))
    dealt, replacements = deal(1)[:5], deal(1)[5:]

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        assert all(slot.card is None for slot in slots(app))  # card backs before the deal
        await pilot.press("enter")
        assert [slot.card for slot in slots(app)] == list(dealt)
        assert session.credits == 95
        await pilot.press("1")
        assert await pilot.click("#card-2")
        await pilot.press("4", "4")  # held and released again
        assert [slot.held for slot in slots(app)] == [True, False, True, False, False]
        await pilot.press("space")
        await settle(app, pilot)
        final = draw(dealt, replacements, 0b00101)
        assert [slot.card for slot in slots(app)] == list(final)
        outcome = session.last
        assert outcome is not None and outcome.final == final
        assert session.credits == 95 + TABLE.pay(TABLE.classify(final), 5)
        # Holding 9♦ A♥ over the pair of eights is a mistake; the trainer says what it cost.
        assert outcome.mistake
        verdict = message(app, "trainer")
        assert "best hold was 8♣ 8♦" in verdict
        assert f"{float(outcome.ev_lost):.2f} coins lost" in verdict

    play(app, script)
    [row] = store.hands()
    assert (row.dealt, row.hold, row.final, row.seed) == (
        dealt,
        0b00101,
        draw(dealt, replacements, 5),
        1,
    )
    assert row.best_hold == 0b11000 and row.mistake
    assert row.credits_after == session.credits
    assert store.current_bankroll().credits == session.credits  # type: ignore[union-attr]


@pytest.mark.slow
def test_a_dealt_pair_lights_its_row_and_standing_pat_pays_it() -> None:
    # Rigged: every deal is a pair of kings; keep all five and be paid.
    session = VideoPokerSession(
        TABLE, credits=100, dealer=lambda seed: parse_cards("Kh Ks 2d 7c 9h 3c 4c 5c 6c 8c")
    )
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        assert app.query_one(PayTableView).lit_class == TABLE.class_index("jacks-or-better")
        assert "Jacks or Better dealt" in message(app)
        await pilot.press("1", "2", "3", "4", "5", "enter")
        await settle(app, pilot)
        table = app.query_one(PayTableView)
        assert (table.lit_class, table.won) == (TABLE.class_index("jacks-or-better"), True)
        assert "You win 5 coins" in message(app)
        assert session.credits == 100
        assert message(app, "trainer") == ""  # trainer off: no verdict

    play(app, script)


@pytest.mark.slow
def test_advisor_key_marks_the_best_hold() -> None:
    session = VideoPokerSession(TABLE, credits=100, seed=1)
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("h")
        assert "Deal first" in message(app) or "deal first" in message(app)
        await pilot.press("enter", "h")
        await settle(app, pilot)
        assert [slot.advised for slot in slots(app)] == [False, False, False, True, True]
        assert "Advisor: hold 8♣ 8♦" in message(app)

    play(app, script)


@pytest.mark.slow
def test_bet_keys_move_the_lit_column() -> None:
    session = VideoPokerSession(TABLE, credits=100, seed=1)
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("minus", "minus")
        assert session.coins == 3 and app.query_one(PayTableView).coins == 3
        await pilot.press("plus")
        assert session.coins == 4
        await pilot.press("b", "b")  # bet one: 5, then round to 1
        assert session.coins == 1 and app.query_one(PayTableView).coins == 1
        await pilot.press("enter", "plus")
        assert session.coins == 1 and "between hands" in message(app)
        assert session.credits == 99

    play(app, script)


@pytest.mark.slow
def test_out_of_credits_then_a_new_bankroll() -> None:
    # A deal that pays nothing, held whole: five credits, one hand, broke.
    ten = parse_cards("2c 3d 4h 5s 7d 9c Tc Jd Kh 8s")
    session = VideoPokerSession(TABLE, credits=5, dealer=lambda seed: ten)
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("n")
        assert "when the credits run out" in message(app)
        await pilot.press("enter", "1", "2", "3", "4", "5", "enter")
        await settle(app, pilot)
        assert session.credits == 0 and "Out of credits. Press N" in message(app)
        await pilot.press("enter")
        assert "Out of credits" in message(app) and session.stats.hands == 1
        await pilot.press("n")
        assert session.credits == 5 and "New bankroll: 5 credits" in message(app)

    play(app, script)


@pytest.mark.slow
def test_keys_screen_trainer_key_and_quit() -> None:
    session = VideoPokerSession(TABLE, credits=100, seed=1)
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, KeysScreen)
        await pilot.press("q")  # closes the keys, does not quit
        assert not isinstance(app.screen, KeysScreen) and app.is_running
        await pilot.press("t")
        assert session.trainer and "Trainer on" in message(app)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running

    play(app, script)


@pytest.mark.slow
def test_screenshot_of_the_main_screen(tmp_path: Path) -> None:
    """The SVG for the README; set POKERSCORE_SCREENSHOT=1 to rewrite the committed one."""
    session = VideoPokerSession(TABLE, credits=1000, seed=336, trainer=True)
    app = VideoPokerApp(session, history=Path("videopoker.sqlite3"))
    target = SCREENSHOT if os.environ.get("POKERSCORE_SCREENSHOT") else tmp_path / "vp.svg"

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        # Hand 1: everything thrown away; hand 2 (Td 7s 7c 6d 7d): the trips held, quads drawn.
        await pilot.press("enter", "enter")
        await settle(app, pilot)
        await pilot.press("enter", "2", "3", "5", "enter")
        await settle(app, pilot)
        assert session.last is not None and session.last.class_title == "Four of a Kind"
        assert "✓ Trainer" in message(app, "trainer")
        app.save_screenshot(target.name, path=str(target.parent))

    play(app, script, size=(80, 24))  # the classic terminal
    svg = target.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "JACKS" in svg and "CREDIT" in svg


@pytest.mark.slow
def test_keys_typed_fast_are_taken_in_order() -> None:
    # Enter must not overtake the hold keys typed before it (it once had priority and did).
    session = VideoPokerSession(TABLE, credits=100, seed=1)
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter", "2", "4", "enter")
        await settle(app, pilot)
        assert session.last is not None and session.last.hold == 0b01010
        assert message(app).endswith(": no win. Press Enter to deal again.")

    play(app, script)


def screen_lines(app: VideoPokerApp) -> list[str]:
    """The text on screen, row by row."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        "jacks-or-better-9-6",
        "bonus-poker-8-5",
        "double-double-bonus-9-6",
        "deuces-wild",
        "joker-poker-kings",
    ],
)
def test_every_built_in_table_fits_80_by_24(name: str) -> None:
    table = get_paytable(name)
    session = VideoPokerSession(table, credits=1000, seed=336, trainer=True)
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await settle(app, pilot)
        text = "\n".join(screen_lines(app))
        assert len(screen_lines(app)) == 24
        for widget in (app.query_one(Meters), app.query_one("#message"), *slots(app)):
            assert widget.region.bottom <= 23, widget  # above the footer, not scrolled away
        for index in range(1, len(table.classes)):  # every pay, in full, at every bet
            row = "  ".join(f"{table.pay(index, coins):>4}" for coins in range(1, 6))
            assert table.class_title(index).upper() in text, table.class_title(index)
            assert all(str(table.pay(index, coins)) in text for coins in range(1, 6)), row
        assert "CREDIT" in text and "995" in text
        # Seed 336 deals a pair of aces: a win dealt in the games that pay one.
        assert ("dealt" in text) == bool(session.dealt_class())

    play(app, script, size=(80, 24))


@pytest.mark.slow
def test_pay_table_titles_are_plain_text_not_markup() -> None:
    job = get_paytable("jacks-or-better-9-6")
    odd = PayTable(
        "odd",
        "Pays [/] x",
        (*job.paying[:-1], replace(job.paying[-1], title="Deuces [wild] 25/15")),
    )
    app = VideoPokerApp(VideoPokerSession(odd, credits=100, seed=1))

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        text = "\n".join(screen_lines(app))
        assert "DEUCES [WILD] 25/15" in text and "Pays [/] x" in text

    play(app, script)


@pytest.mark.slow
def test_quit_during_the_draw_waits_for_the_hand_to_be_stored(store: HistoryStore) -> None:
    session = VideoPokerSession(TABLE, credits=100, seed=1, store=store).start()
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await settle(app, pilot)
        app.busy = True  # a draw in flight: quitting now must wait for it
        await pilot.press("q")
        assert app.is_running and app.quit_after_draw
        app.busy = False
        app.run_worker(app._draw(), name="draw", exclusive=True)
        await app.workers.wait_for_complete()
        await pilot.pause()

    play(app, script)
    assert not app.is_running
    assert len(store.hands()) == 1 and session.coins_in_play == 0


@pytest.mark.slow
def test_a_failed_draw_is_said_on_screen_and_can_be_tried_again(
    store: HistoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = VideoPokerSession(TABLE, credits=100, seed=1, store=store).start()
    app = VideoPokerApp(session)
    real_record = store.record_hand

    def fail_once(*args: object, **kwargs: object) -> object:
        monkeypatch.setattr(store, "record_hand", real_record)
        raise HistoryError("disk full")

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await settle(app, pilot)
        monkeypatch.setattr(store, "record_hand", fail_once)
        await pilot.press("enter")
        await settle(app, pilot)
        assert "The hand could not be finished: disk full" in message(app)
        assert session.phase is Phase.HOLDING and store.hands() == []
        await pilot.press("enter")  # the retry
        await settle(app, pilot)
        assert session.phase is Phase.READY and len(store.hands()) == 1

    play(app, script)


@pytest.mark.slow
def test_a_deal_left_in_play_is_back_on_screen(store: HistoryStore) -> None:
    left = VideoPokerSession(TABLE, credits=100, seed=1, store=store).start()
    left.deal()
    left.close()  # the player quit between deal and draw
    session = VideoPokerSession(TABLE, store=store).start()
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        assert [slot.card for slot in slots(app)] == list(deal(1)[:5])
        assert "Your last hand, 5 coins already bet, is back" in message(app)
        await pilot.press("enter")
        await settle(app, pilot)
        assert session.credits == 95 + session.last.win  # type: ignore[union-attr]

    play(app, script)


@pytest.mark.slow
def test_the_joker_is_drawn_on_its_card() -> None:
    table = get_paytable("joker-poker-kings")
    # Seed 5's deal of 53 cards holds the joker among the replacements; holding nothing brings
    # it up as the second card drawn.
    session = VideoPokerSession(table, credits=1000, seed=5)
    app = VideoPokerApp(session)

    async def script(app: VideoPokerApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert any(card is not None and card.is_joker for card in (s.card for s in slots(app)))
        assert "JOKER" in "\n".join(screen_lines(app))

    play(app, script, size=(80, 24))
