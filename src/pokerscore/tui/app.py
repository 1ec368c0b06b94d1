"""The video poker machine in the terminal: a Textual app over :class:`VideoPokerSession`.

All rules live in the session; this module turns keys and clicks into its calls and shows the
result. The advisor may need a moment on the first hand (its kernel compiles or loads), so it
runs in a thread and the screen stays responsive.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar, TypeVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from pokerscore.cards import Card, PokerScoreError
from pokerscore.engine import Ranking
from pokerscore.games.draw import held_cards
from pokerscore.games.videopoker.session import HandOutcome, Phase, VideoPokerSession
from pokerscore.games.videopoker.strategy.grammar import Strategy
from pokerscore.tui.widgets import CardSlot, Meters, PayTableView, SessionPanel

T = TypeVar("T")
PAYS_TITLE = "Pays for a bet of 1 to 5 coins"

KEYS_HELP = """\
[b]1[/b]–[b]5[/b]          hold or release a card (or click it)
[b]Enter[/b] [b]Space[/b]  deal, then draw
[b]+[/b] [b]-[/b]          bet one coin more or less (1 to 5)
[b]B[/b]            bet one: 1, 2, … 5, then back to 1
[b]H[/b]            the advisor's best hold for this deal
[b]T[/b]            trainer on or off: after each draw, the best hold and the EV lost
[b]N[/b]            a new bankroll, when the credits run out
[b]?[/b]            these keys
[b]Q[/b]            quit (every finished hand is already saved)"""


def pretty(cards: tuple[Card, ...]) -> str:
    """Cards with suit symbols, or ``nothing`` for an empty hold."""
    return " ".join(card.pretty for card in cards) if cards else "nothing (draw five)"


def hand_words(cards: tuple[Card, ...], ranking: Ranking) -> str:
    """A hand named without its kickers, e.g. ``Pair of Eights``, for a hand that pays nothing
    (wild cards playing as the ranking has them)."""
    from pokerscore.hands import score
    from pokerscore.hands.descriptions import describe, main_rank_count

    hand = score(cards, ranking=ranking)
    return describe(hand.category, hand.ranks[: main_rank_count(hand.category)])


class KeysScreen(ModalScreen[None]):
    """The keys, over the machine; any key closes it."""

    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen > Static {
        width: auto; padding: 1 3; border: heavy #ffd23f; background: #0b1646; color: #ffffff;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(Text.from_markup(KEYS_HELP + "\n\n[dim]any key closes this[/dim]"))

    def on_key(self, event: events.Key) -> None:
        # The key only closes this screen: "q" here must not also quit the game.
        event.stop()
        event.prevent_default()
        self.dismiss()

    def on_click(self) -> None:
        self.dismiss()


class VideoPokerApp(App[None]):
    """A video poker machine: pay table, five cards, meters, messages and the trainer's panel."""

    CSS_PATH = "styles.tcss"
    TITLE = "pokerscore video poker"
    ENABLE_COMMAND_PALETTE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "deal_or_draw", "Deal/Draw"),
        Binding("1", "hold(0)", "Hold 1-5"),
        *(Binding(str(n), f"hold({n - 1})", show=False) for n in range(2, 6)),
        Binding("plus,equals_sign", "bet_up", "Bet +"),
        Binding("minus,underscore", "bet_down", "Bet -"),
        Binding("b", "bet_one", "Bet one", show=False),
        Binding("h", "advise", "Advice"),
        Binding("t", "trainer", "Trainer"),
        Binding("n", "new_bankroll", "New bankroll"),
        Binding("question_mark", "keys", "Keys"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        session: VideoPokerSession,
        *,
        history: Path | None = None,
        strategy: Strategy | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.strategy = strategy
        """A strategy list whose words the trainer uses (without one: players' words)."""
        self.history = history
        self.busy = False
        self.quit_after_draw = False
        self.sub_title = session.paytable.title

    # Layout

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="title")
        with Horizontal(id="top"):
            yield PayTableView(self.session.paytable, id="paytable")
            with Vertical(id="side"):
                yield SessionPanel(id="session")
                yield Meters(id="meters")
        with Horizontal(id="cards"):
            for index in range(5):
                yield CardSlot(index, id=f"card-{index}")
        with Vertical(id="messages"):
            yield Static(id="message")
            yield Static(id="trainer")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        # The full layout when the screen has the rows for it; else the compact one (80x24 with
        # a long pay table), so that the cards, meters and messages all stay on screen.
        paying = len(self.session.paytable.paying)
        rows_needed = 1 + max(paying + 2, 11) + 9 + 2 + 1
        compact = event.size.height < rows_needed
        self.screen.set_class(compact, "compact")
        for slot in self.query(CardSlot):
            slot.set_class(compact, "compact")
        table = self.query_one("#paytable")
        title = self.session.paytable.title
        table.border_title = f"{title}: pays for 1 to 5 coins" if compact else PAYS_TITLE

    def on_mount(self) -> None:
        self.query_one("#paytable").border_title = PAYS_TITLE
        self._refresh(win=None)
        if self.session.phase is Phase.HOLDING:  # a deal left in play by the last session
            self._show_deal(f"Your last hand, {self.session.coins} coins already bet, is back. ")
        elif self.session.broke:
            self._broke_message()
        else:
            self._say("Press Enter to deal. ? shows the keys.")
        # Load the advisor's compiled kernel now, so the first hand does not wait for it.
        self.run_worker(asyncio.to_thread(self._warm_up), name="warm-up", group="advisor")

    def _title(self) -> Text:
        text = Text(" ♠ ♥ VIDEO POKER ♦ ♣ ", style="bold #ffd23f")
        text.append(f" {self.session.paytable.title}", style="bold #ffffff")
        return text

    # Actions

    def action_deal_or_draw(self) -> None:
        if self.busy:
            return
        if self.session.phase is Phase.READY:
            self._deal()
        else:
            self.busy = True
            self.run_worker(self._draw(), name="draw", exclusive=True)

    def action_hold(self, index: int) -> None:
        if self.busy:
            return
        if self.session.phase is not Phase.HOLDING:
            self._say("Deal first: press Enter.", error=True)
            return
        held = self.session.toggle_hold(index)
        self.query_one(f"#card-{index}", CardSlot).held = held

    def on_card_slot_pressed(self, message: CardSlot.Pressed) -> None:
        self.action_hold(message.index)

    def action_bet_up(self) -> None:
        self._bet(self.session.bet_up)

    def action_bet_down(self) -> None:
        self._bet(self.session.bet_down)

    def action_bet_one(self) -> None:
        self._bet(self.session.bet_one)

    def action_advise(self) -> None:
        if self.session.phase is not Phase.HOLDING:
            self._say("The advisor looks at a deal: press Enter to deal first.", error=True)
            return
        self.run_worker(self._advise(), name="advise", exclusive=True)

    def action_trainer(self) -> None:
        self.session.trainer = not self.session.trainer
        state = "on: each hold is checked after the draw" if self.session.trainer else "off"
        self._say(f"Trainer {state}.")
        self._refresh_panel()

    def action_new_bankroll(self) -> None:
        if not self.session.broke:
            self._say("A new bankroll is offered when the credits run out.", error=True)
            return
        credits = self._guard(self.session.new_bankroll)
        if credits is not None:
            self._say(f"New bankroll: {credits:,} credits. Press Enter to deal.")
            self._refresh(win=None)

    async def action_quit(self) -> None:
        if self.busy:
            # A draw is being stored: leave once it is on disk, not halfway through.
            self.quit_after_draw = True
            return
        self.exit()

    def action_keys(self) -> None:
        self.push_screen(KeysScreen())

    # The hand

    def _deal(self) -> None:
        bet = self.session.coins
        if self._guard(self.session.deal) is None:
            self._refresh(win=None)  # another game on the history may have spent the credits
            return
        note = (
            f" (bet cut to your {self.session.coins} credits)" if bet > self.session.coins else ""
        )
        self._show_deal("", note)

    def _show_deal(self, lead: str, note: str = "") -> None:
        """The dealt cards on screen, the dealt class lit, the advisor started."""
        for index, card in enumerate(self.session.cards):
            slot = self.query_one(f"#card-{index}", CardSlot)
            slot.card, slot.held, slot.advised = card, False, False
        class_index = self.session.dealt_class()
        dealt = self.session.paytable.class_title(class_index) if class_index else ""
        lead += f"{dealt} dealt. " if dealt else ""
        self._say(f"{lead}Choose cards to hold (1-5), then Enter to draw.{note}")
        self.query_one("#trainer", Static).update("")
        self._refresh(win=None, lit_class=class_index)
        # Start the advisor now; the draw will find its answer ready.
        self.run_worker(asyncio.to_thread(self.session.advice), name="advice", group="advisor")

    async def _draw(self) -> None:
        try:
            outcome = await asyncio.to_thread(self.session.draw)
        except (PokerScoreError, sqlite3.Error) as error:
            self._say(f"The hand could not be finished: {error}", error=True)
            if self.session.phase is Phase.READY:  # finished by another game: gone from here
                self._refresh(win=None)
            return
        finally:
            self.busy = False
            if self.quit_after_draw:
                self.exit()
        said = None
        if self.session.trainer and outcome.mistake:
            said = await asyncio.to_thread(self._mistake_words, outcome)
        for index, card in enumerate(outcome.final):
            slot = self.query_one(f"#card-{index}", CardSlot)
            slot.card, slot.advised = card, False
        if outcome.win:
            self._say(f"{outcome.class_title}!  You win {outcome.win:,} coins.", win=True)
        else:
            words = hand_words(outcome.final, self.session.paytable.ranking)
            self._say(f"{words}: no win. Press Enter to deal again.")
        self._show_verdict(outcome, said)
        self._refresh(win=outcome.win, lit_class=outcome.class_index, won=outcome.win > 0)
        if self.session.broke:
            self._broke_message()

    def _mistake_words(self, outcome: HandOutcome) -> str | None:
        """The mistake in the strategy's words (or players' words without one)."""
        from pokerscore.games.videopoker.strategy.words import explain_hold, name_mistake

        table = self.session.paytable
        try:
            if self.strategy is None:
                return name_mistake(table, outcome.dealt, outcome.hold, outcome.best.mask)
            evs = {hold.mask: hold.ev_exact for hold in self.session.advice()}
            verdict = explain_hold(
                self.strategy, table, outcome.dealt, outcome.hold, coins=outcome.coins, evs=evs
            )
            return verdict.message
        except PokerScoreError:
            return None

    def _show_verdict(self, outcome: HandOutcome, words: str | None = None) -> None:
        trainer = self.query_one("#trainer", Static)
        if not self.session.trainer:
            trainer.update("")
            return
        held = held_cards(outcome.dealt, outcome.hold)
        best_ev = float(outcome.best.ev_exact)
        if outcome.mistake:
            text = Text("✗ Trainer: ", style="bold #ff6b6b")
            text.append(f"best hold was {pretty(outcome.best.held)} ({best_ev:.4f} per coin); ")
            text.append(f"you held {pretty(held)} ({float(outcome.hold_ev):.4f}): ")
            text.append(f"{float(outcome.ev_lost):.2f} coins lost", style="bold #ff6b6b")
            if words:
                text.append(f"\n{words[:1].upper()}{words[1:]}.")
        else:
            text = Text("✓ Trainer: ", style="bold #5ee27a")
            text.append(f"a best hold ({best_ev:.4f} per coin).")
        trainer.update(text)

    async def _advise(self) -> None:
        self._say("The advisor is thinking…")
        best = await asyncio.to_thread(self.session.best_holds)
        if self.session.phase is not Phase.HOLDING:
            return
        top = best[0]
        for index in range(5):
            self.query_one(f"#card-{index}", CardSlot).advised = bool(top.mask >> index & 1)
        others = len(best) - 1
        also = f" ({others} other hold{'s' if others > 1 else ''} as good)" if others else ""
        self._say(f"Advisor: hold {pretty(top.held)} — {top.ev:.4f} coins back per coin bet{also}.")

    def _warm_up(self) -> None:
        from pokerscore.games.videopoker.advisor import advise

        # Only a head start: if it fails, the first draw will meet the same error and say so.
        with contextlib.suppress(Exception):
            advise("Ah Kh 7c 7d 2s", self.session.paytable, coins=self.session.coins)

    # Screen updates

    def _bet(self, change: Callable[[], int]) -> None:
        if self._guard(change) is not None:
            self._say(f"Bet {self.session.coins} coin{'s' if self.session.coins > 1 else ''}.")
            self._refresh(win=None)

    def _guard(self, action: Callable[[], T]) -> T | None:
        """Run a session action; a refusal becomes the message line, not a crash."""
        try:
            return action()
        except (PokerScoreError, sqlite3.Error) as error:
            self._say(str(error).capitalize() + ".", error=True)
            return None

    def _broke_message(self) -> None:
        self._say(
            f"Out of credits. Press N for a new bankroll of {self.session.bankroll_size:,}.",
            error=True,
        )

    def _say(self, message: str, *, error: bool = False, win: bool = False) -> None:
        style = "bold #ff6b6b" if error else "bold #ffd23f" if win else "bold #ffffff"
        self.query_one("#message", Static).update(Text(message, style=style))
        if error:
            self.bell()

    def _refresh(self, *, win: int | None, lit_class: int = 0, won: bool = False) -> None:
        self.query_one(PayTableView).show(self.session.coins, lit_class, won)
        self.query_one(Meters).show(win, self.session.coins, self.session.credits)
        self._refresh_panel()

    def _refresh_panel(self) -> None:
        self.query_one(SessionPanel).show(
            self.session.stats,
            self.session.trainer,
            self.session.next_seed,
            str(self.history) if self.history else None,
        )
