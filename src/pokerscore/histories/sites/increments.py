"""What the readers of sites that write each bet as the chips it adds share: turning "raises
[$0.35]" (the chips put in by the action) into "raise to" (the player's whole bet this round,
as :class:`~pokerscore.histories.draft.HandDraft` names a ``bet-raise``), and finishing a hand
with the parts of the site's record a :class:`~pokerscore.histories.draft.HandDraft` has no
field for (end stacks; no written uncalled bets).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from decimal import Decimal

from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, build_hand
from pokerscore.histories.model import HandHistory, to_units


class RoundBets:
    """Each player's bet in the current betting round, from the chips each post and action adds.

    >>> bets = RoundBets()
    >>> bets.add("Ann", Decimal("0.05")); bets.add("Bob", Decimal("0.10"))
    Decimal('0.05')
    Decimal('0.10')
    >>> bets.add("Ann", Decimal("0.30"))  # "raises [0.30]": a raise to 0.35
    Decimal('0.35')
    >>> bets.new_round(); bets.add("Bob", Decimal("0.40"))
    Decimal('0.40')
    """

    __slots__ = ("_bets",)

    def __init__(self) -> None:
        self._bets: dict[str, Decimal] = {}

    def add(self, name: str, chips: Decimal) -> Decimal:
        """Add what a player puts in; their whole bet this round after it."""
        total = self._bets.get(name, Decimal(0)) + chips
        self._bets[name] = total
        return total

    def bet(self, name: str) -> Decimal:
        """A player's bet this round so far."""
        return self._bets.get(name, Decimal(0))

    def top(self) -> Decimal:
        """The largest bet this round."""
        return max(self._bets.values(), default=Decimal(0))

    def new_round(self) -> None:
        """A new betting round: nobody has bet yet."""
        self._bets.clear()


def finished_hand(
    draft: HandDraft,
    *,
    returns_written: bool,
    paid_written: bool = True,
    end_stacks: Mapping[str, Decimal] | None = None,
) -> HandHistory:
    """The hand a draft holds (:func:`~pokerscore.histories.draft.build_hand`), with the site's
    record completed: where the site never writes a returned uncalled bet (``returns_written``
    False), the hand says nothing about returned bets (rather than "none were returned"); where
    it writes each player's stack after the hand, those are its ``finishing_stacks``; where what
    it writes as paid is no record of the pots won (``paid_written`` False), the hand records
    no winnings."""
    hand = build_hand(draft)
    changes: dict[str, object] = {}
    if not returns_written:
        changes["returned"] = None
    if not paid_written:
        changes["winnings"] = None
        changes["site_pots"] = None
    if end_stacks is not None:
        changes["finishing_stacks"] = tuple(
            to_units(end_stacks[seat.name], hand.scale) for seat in hand.seats
        )
    return dataclasses.replace(hand, **changes) if changes else hand  # type: ignore[arg-type]


def mucks_unshown(draft: HandDraft, line: int) -> None:
    """For a site whose record of a showdown shows only the cards shown: each player still in at
    the end who neither won nor showed mucked (a muck at ``line``, after the play)."""
    done = {name for kind, name, *_ in draft.actions if kind in ("fold", "show", "muck")}
    done |= {name for name, *_ in draft.collected}
    dealt = {name for name, *_ in draft.posts} | {a[1] for a in draft.actions if a[1]}
    for _, name, _, _ in draft.seats:
        if name in dealt and name not in done:
            draft.actions.append(("muck", name, None, (), 0, line, False))


def line_player(line: str, names: set[str]) -> tuple[str | None, str]:
    """The player a line of play starts with, ``name verb …`` (no colon; the longest name that
    fits, so a name holding spaces or a verb is found whole), and the rest of the line."""
    for candidate in sorted(names, key=len, reverse=True):
        if line.startswith(candidate + " "):
            return candidate, line[len(candidate) + 1 :]
    return None, line


def deal_new_cards(
    draft: HandDraft, cards: tuple[Card | None, ...], line: int, *, bets: RoundBets | None = None
) -> None:
    """Deal the cards of a board line the board does not hold yet (sites that write the board
    so far, or all of it at once), as the streets they belong to: three, then one, then one; a
    new street starts a new betting round."""
    board = [
        card for kind, _, _, dealt, *_ in draft.actions if kind == "deal-board" for card in dealt
    ]
    new = [card for card in cards if card is None or card not in board]
    while new:
        size = 3 if not board else 1
        street, new = tuple(new[:size]), new[size:]
        draft.actions.append(("deal-board", None, None, street, 0, line, False))
        board.extend(street)
        if bets is not None:
            bets.new_round()
