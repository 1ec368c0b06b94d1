"""A replayed hand step by step, for a replayer: the table once the antes and blinds are posted,
after each line of the hand (cards dealt, each action, each show), and once the pots are paid,
with the stacks, the bets in front of the players, the pot, the board, the cards known and
whose turn it is; and, from the moment the players are all in before the river, each live
player's equity (:func:`pokerscore.games.holdem.equity.equity` on the board as it stood).

The states are the replay's own (:func:`~pokerscore.histories.replay.replay` plays the hand on
the same table, one action at a time); the last step pays the pots as the replay's
:class:`~pokerscore.histories.model.HandResult` does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerscore._support.errors import expect
from pokerscore.cards import Card
from pokerscore.histories.model import STREETS, Action, HandHistory, HandResult, Street
from pokerscore.histories.replay import playing, replay

if TYPE_CHECKING:
    from pokerscore.histories.replay import _Table


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The table after one line of a hand. Amounts are chips (the hand's currency), as in
    :class:`~pokerscore.histories.model.PlayerResult`; tuples hold one entry per seat, ``p1``
    first."""

    number: int
    """0 once the antes and blinds are posted, ``n`` after the hand's ``n``-th action, one more
    than the actions once the pots are paid."""
    street: Street
    action: Action | None
    """The line just played (None for the posts and the payout)."""
    text: str
    """What happened, in words: ``Cara raises to 100``, ``flop 2c 7h 9d``, ``Ann takes 60``."""
    stacks: tuple[float, ...]
    """Chips behind each player (not counting the bet in front)."""
    bets: tuple[float, ...]
    """Each player's bet in the current round, not yet in the pot."""
    pot: float
    """Chips in the pots, the bets in front included (0 once paid)."""
    board: tuple[Card, ...]
    holes: tuple[tuple[Card | None, ...] | None, ...]
    """Each player's hole cards as known so far (None: not dealt in the file; a None card: one
    nobody saw)."""
    folded: tuple[bool, ...]
    to_act: int | None
    """The seat whose turn it is, or None between betting rounds and at the end."""
    equity: tuple[float | None, ...] | None = None
    """Once the players are all in before the river and two live hands or more are known (a
    site deals only its user's cards: the others come with their show): each live player's
    equity whose cards are known (None for the others) on the board as it stood at the all-in;
    None before, and in a hand without such an all-in."""
    won: tuple[float, ...] | None = None
    """The last step: what each player took from the pots (the result's ``won``)."""


def replay_steps(hand: HandHistory, *, equity: bool = True) -> Iterator[ReplayStep]:
    """The states of ``hand`` replayed, one :class:`ReplayStep` per line (see the module).
    Raises :class:`~pokerscore.histories.model.HandHistoryError` for a hand that cannot be
    played, before the first step. ``equity=False`` leaves the all-in equities out.

    >>> from pathlib import Path
    >>> from pokerscore.histories.reading import read_histories
    >>> folder = Path(__file__).parents[3] / "tests" / "data" / "histories"
    >>> hand = next(read_histories(folder / "side-pots.phhs"))
    >>> steps = list(replay_steps(hand))
    >>> [step.text for step in steps[4:7]]  # doctest: +NORMALIZE_WHITESPACE
    ['p3 raises to 100 and is all in', 'p1 calls 19 and is all in',
     'p2 calls 48 and is all in; 50 returned to p3']
    >>> steps[6].pot, round(sum(steps[6].equity), 9)  # each hand's equity at the all-in
    (120.0, 1.0)
    >>> steps[-1].text, steps[-1].stacks
    ('p1 takes 60; p2 takes 60', (60.0, 60.0, 50.0))
    """
    expect(hand, HandHistory, "hand", "a HandHistory")
    expect(equity, bool, "equity", "True or False")
    result = replay(hand, allin_ev=False)  # a hand that cannot be played fails here, first
    return _steps(hand, result, equity)


def _steps(hand: HandHistory, result: HandResult, with_equity: bool) -> Iterator[ReplayStep]:
    scale = hand.scale
    names = hand.names
    chips = _Chips(scale)
    equities: tuple[float | None, ...] | None = None
    before: _Table | None = None
    put_in: list[int] = []
    top = 0
    table = None
    for table in playing(hand):
        action = table.action
        if action is None and before is not None:
            break  # the hand is over: the payout below
        text = (
            "antes and blinds posted"
            if action is None
            else _words(action, names, chips, put_in, top, table)
        )
        returned = [
            f"{_amount(chips(before - after))} returned to {names[i]}"
            for i, (before, after) in enumerate(zip(put_in, table.put_in, strict=False))
            if after < before
        ]
        text = "; ".join([text, *returned])
        if with_equity and equities is None and table.allin_street is not None:
            equities = _allin_equities(table)
        yield ReplayStep(
            number=table.action_number if action is not None else 0,
            street=STREETS[table.street],
            action=action,
            text=text,
            stacks=tuple(chips(stack) for stack in table.stacks),
            bets=tuple(chips(bet) for bet in table.bets),
            pot=chips(sum(table.antes) + sum(table.contributions) + sum(table.bets)),
            board=tuple(table.boards[0]),
            holes=tuple(None if hole is None else tuple(hole) for hole in table.holes),
            folded=tuple(table.folded),
            to_act=table.actors[0] if table.betting and table.actors else None,
            equity=equities,
        )
        before = table
        put_in = list(table.put_in)
        top = max(table.bets)
    assert table is not None
    won = tuple(player.won for player in result.players)
    takes = [f"{names[i]} takes {_amount(amount)}" for i, amount in enumerate(won) if amount]
    yield ReplayStep(
        number=len(hand.actions) + 1,
        street=STREETS[table.street],
        action=None,
        text="; ".join(takes) or "nobody takes a pot",
        stacks=tuple(
            seat.stack / scale - player.put_in + player.won
            for seat, player in zip(hand.seats, result.players, strict=True)
        ),
        bets=(0.0,) * len(names),
        pot=0.0,
        board=result.board,
        holes=tuple(player.hole for player in result.players),
        folded=tuple(table.folded),
        to_act=None,
        equity=equities,
        won=won,
    )


class _Chips:
    """Units to chips as floats (exact for amounts up to 2**53 units)."""

    def __init__(self, scale: int) -> None:
        self.scale = scale

    def __call__(self, units: int) -> float:
        return units / self.scale


def _amount(chips: float) -> str:
    """An amount as words show it: ``60``, ``0.5``, ``1.25``."""
    return f"{chips:,.8f}".rstrip("0").rstrip(".")


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join("??" if card is None else str(card) for card in cards)


def _words(
    action: Action,
    names: tuple[str, ...],
    chips: _Chips,
    put_in_before: list[int],
    top_before: int,
    table: _Table,
) -> str:
    """One line of the hand in words, from what each player had put in and the largest bet
    before it, and the table after it."""
    kind = action.kind
    if kind == "deal-board":
        place = STREETS[table.street] if not action.runout else f"run {action.runout}"
        return f"{place} {_cards(action.cards)}"
    name = names[action.actor] if action.actor is not None else "?"
    index = action.actor if action.actor is not None else 0
    if kind == "deal-hole":
        return f"{name} is dealt {_cards(action.cards)}"
    if kind == "fold":
        return f"{name} folds"
    if kind in ("show", "muck"):
        return f"{name} mucks" if kind == "muck" else f"{name} shows {_cards(action.cards)}"
    all_in = " and is all in" if not table.stacks[index] else ""
    if kind == "check-call":
        paid = table.put_in[index] - put_in_before[index]
        return f"{name} checks" if paid <= 0 else f"{name} calls {_amount(chips(paid))}{all_in}"
    verb = "raises to" if top_before else "bets"
    return f"{name} {verb} {_amount(chips(action.amount or 0))}{all_in}"


def _allin_equities(table: _Table) -> tuple[float | None, ...] | None:
    """Each live player's equity at the all-in, on the board as it stood, the known cards of
    the players who folded out of the deck; None with fewer than two hands known."""
    from pokerscore.games.holdem.equity import equity

    live = [
        i
        for i in range(table.count)
        if not table.folded[i] and table.holes[i] and None not in (table.holes[i] or ())
    ]
    if len(live) < 2:
        return None
    dead = [
        card
        for i in range(table.count)
        if table.folded[i]
        for card in table.holes[i] or ()
        if card is not None
    ]
    result = equity(
        [" ".join(str(card) for card in table.holes[i] or ()) for i in live],
        " ".join(str(card) for card in table.allin_board),
        " ".join(str(card) for card in dead),
        game=table.game,
    )
    found: list[float | None] = [None] * table.count
    for i, player in zip(live, result.players, strict=True):
        found[i] = player.equity
    return tuple(found)


__all__ = ["ReplayStep", "replay_steps"]
