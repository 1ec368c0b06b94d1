"""The pieces of the machine's screen: card slots, the pay table, the meters, the session panel."""

from __future__ import annotations

from typing import Final

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from pokerscore.cards import Card, Rank
from pokerscore.games.videopoker.paytables import MAX_COINS, PayTable
from pokerscore.games.videopoker.session import SessionStats

CARD_WIDTH: Final = 11
"""Columns of a card face, borders included; a slot is this wide."""

_FACE_RED: Final = "bold #c8102e on #fbfbf7"
_FACE_BLACK: Final = "bold #111111 on #fbfbf7"
_BACK: Final = "#9db4ff on #233a8b"
_FACE_JOKER: Final = "bold #7b2cbf on #fbfbf7"


def card_face(card: Card | None, *, compact: bool = False) -> list[Text]:
    """Seven lines of a card drawn in box characters: rank and suit in two corners, a big pip.

    ``None`` draws the back of a card; ``compact`` draws five lines, for short screens. The
    joker has no rank and no suit: it reads JOKER across its middle.

    >>> print("\\n".join(line.plain for line in card_face(Card(50))))
    ╭─────────╮
    │A        │
    │♥        │
    │    ♥    │
    │        ♥│
    │        A│
    ╰─────────╯
    >>> print("\\n".join(line.plain for line in card_face(Card(52), compact=True)))
    ╭─────────╮
    │Jk       │
    │  JOKER  │
    │       Jk│
    ╰─────────╯
    """
    inner = CARD_WIDTH - 2
    if card is None:
        lines = ["╭" + "─" * inner + "╮"]
        lines += ["│" + "▚▞" * (inner // 2) + "▚" + "│" for _ in range(3 if compact else 5)]
        lines.append("╰" + "─" * inner + "╯")
        return [Text(line, style=_BACK) for line in lines]
    if card.is_joker:
        corner, middle = str(card), "JOKER".center(inner)
        rows = [corner.ljust(inner), middle, corner.rjust(inner)]
        if not compact:
            rows[1:2] = [" " * inner, middle, " " * inner]
        style = _FACE_JOKER
    else:
        rank = "10" if card.rank is Rank.TEN else card.rank.char
        suit = card.suit.symbol
        if compact:
            rows = [(rank + suit).ljust(inner), suit.center(inner), (rank + suit).rjust(inner)]
        else:
            rows = [
                rank.ljust(inner),
                suit.ljust(inner),
                suit.center(inner),
                suit.rjust(inner),
                rank.rjust(inner),
            ]
        style = _FACE_RED if card.suit.is_red else _FACE_BLACK
    face = ["╭" + "─" * inner + "╮", *("│" + row + "│" for row in rows), "╰" + "─" * inner + "╯"]
    return [Text(line, style=style) for line in face]


class CardSlot(Widget):
    """One of the five card positions: the HELD marker, the card, and its key (or advice)."""

    DEFAULT_CSS = """
    CardSlot { width: 11; height: 9; margin: 0 1; }
    CardSlot.compact { height: 6; }
    """

    card: reactive[Card | None] = reactive(None)
    held: reactive[bool] = reactive(False)
    advised: reactive[bool] = reactive(False)

    class Pressed(Message):
        """A click on a slot: the player toggles its hold."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, index: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.index = index

    def render(self) -> RenderableType:
        marker = Text("HELD".center(CARD_WIDTH), style="bold #111111 on #ffd23f")
        if not self.held:
            marker = Text(" " * CARD_WIDTH)
        key = Text(str(self.index + 1).center(CARD_WIDTH), style="bold #9db4ff")
        if self.advised:
            key = Text("▲ advised".center(CARD_WIDTH), style="bold #5ee27a")
        if self.has_class("compact"):  # one line under the card: HELD, else the key
            below = marker if self.held else key
            return Text("\n").join([*card_face(self.card, compact=True), below])
        return Text("\n").join([marker, *card_face(self.card), key])

    def on_click(self) -> None:
        self.post_message(self.Pressed(self.index))


class PayTableView(Static):
    """The pay table, its rows best first: the bet's column lit, the hand's row lit."""

    def __init__(self, paytable: PayTable, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.paytable = paytable
        self.coins = MAX_COINS
        self.lit_class = 0
        self.won = False

    def show(self, coins: int, lit_class: int, won: bool) -> None:
        """Light the column of ``coins`` and the row of class ``lit_class`` (0: none).

        ``won`` lights it as a pay-out; otherwise as the class of the cards just dealt.
        """
        self.coins, self.lit_class, self.won = coins, lit_class, won
        self.update(self._table())

    def on_mount(self) -> None:
        self.update(self._table())

    def _table(self) -> Table:
        table = Table(box=None, show_header=False, padding=(0, 1), expand=True, style="#ffd23f")
        # The pays keep their width; a long hand name gives way first.
        table.add_column("hand", ratio=1, no_wrap=True, overflow="ellipsis")
        widest = max(len(str(pay)) for pay in self.paytable.pays(MAX_COINS))
        for coins in range(1, MAX_COINS + 1):
            style = "bold #ffffff on #b3122a" if coins == self.coins else ""
            table.add_column(
                f"{coins}", justify="right", style=style, min_width=max(widest, 3), no_wrap=True
            )
        for index in range(len(self.paytable.classes) - 1, 0, -1):
            row_style = ""
            if index == self.lit_class:
                row_style = "bold #111111 on #ffd23f" if self.won else "bold #ffffff on #3b55b5"
            pays: list[Text | str] = [
                str(self.paytable.pay(index, coins)) for coins in range(1, MAX_COINS + 1)
            ]
            if index == self.lit_class and self.won:
                # The coins actually paid: where the lit row crosses the bet's column.
                pays[self.coins - 1] = Text(str(pays[self.coins - 1]), style="bold #b3122a")
            # A Text, never markup: a user's title may hold brackets ("Deuces [wild]").
            hand = Text(self.paytable.class_title(index).upper())
            table.add_row(hand, *pays, style=row_style)
        return table


class Meters(Static):
    """WIN, BET and CREDIT, as on the glass of a machine, one above the other."""

    def show(self, win: int | None, coins: int, credits: int) -> None:
        """Update the three meters; ``win=None`` leaves the win meter blank."""
        grid = Table.grid(expand=True)
        grid.add_column(style="bold #ffd23f")
        grid.add_column(justify="right", style="bold #ffffff")
        grid.add_row("WIN", "" if win is None else f"{win:,}")
        grid.add_row("BET", f"{coins}")
        grid.add_row("CREDIT", f"{credits:,}")
        self.update(grid)


class SessionPanel(Static):
    """The trainer's side panel: hands, return and the EV given away so far; the trainer and
    the history in its borders."""

    def show(self, stats: SessionStats, trainer: bool, seed: int, history: str | None) -> None:
        """Redraw from the session's running totals."""
        self.border_title = f"Trainer {'on' if trainer else 'off'}"
        self.border_subtitle = "history kept" if history else "history not kept"
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(style="#9db4ff")
        table.add_column(justify="right", style="bold #ffffff", overflow="fold")
        rate = stats.return_rate
        table.add_row("Hands", f"{stats.hands}")
        table.add_row("Bet / won", f"{stats.coins_bet} / {stats.coins_won}")
        table.add_row("Return", "–" if rate is None else f"{rate:.1%}")
        table.add_row("EV lost", f"{float(stats.ev_lost):.2f}")
        table.add_row("Mistakes", f"{stats.mistakes}")
        table.add_row("Seed", f"{seed}")
        self.update(table)
