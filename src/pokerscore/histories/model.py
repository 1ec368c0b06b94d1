"""What a hand history holds, read from any site's format: seats, posts, actions, the site's own
record of the result; and what replaying it gives: pots, each player's result, disagreements.

Amounts are whole numbers of *units*: a hand's :attr:`HandHistory.scale` units make one chip (or
one dollar), a power of ten large enough for every amount the file writes (100 for a cash game in
cents, 1 for tournament chips), so that replaying is exact integer arithmetic. Results give chips
as floats (:class:`PlayerResult`), worked out exactly first.
"""

from __future__ import annotations

import datetime
import json
import re
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, cast

from pokerscore._support.errors import ParameterError, PokerScoreError, shorten
from pokerscore._support.slots import slot_init
from pokerscore.cards import Card

if TYPE_CHECKING:
    import pyarrow as pa

Betting = Literal["no-limit", "pot-limit", "fixed-limit"]
"""How much a player may bet: anything up to the stack, up to the pot, or fixed amounts."""
ActionKind = Literal[
    "deal-hole",
    "deal-board",
    "fold",
    "check-call",
    "bet-raise",
    "show",
    "muck",
    "bring-in",
    "draw",
]
"""What happens: cards dealt to a player or to the board, a player's move, a showdown; in the
draw games, a player's discard and draw (PHH's ``sd``)."""
Street = Literal["preflop", "flop", "turn", "river"]
STREETS: Final[tuple[Street, ...]] = ("preflop", "flop", "turn", "river")
HistoryFormat = str
"""The format a hand was read from: ``phh``, ``pokerstars``, or a site format's name
(:mod:`pokerscore.histories.sites`): lower-case letters and digits."""

MAX_DECIMALS: Final = 8
"""The most decimals an amount may be written with: a currency has 0 to 3, bitcoin 8."""
MAX_UNITS: Final = 2**53
"""The largest amount, in units: every amount and result is then exact as a float."""
MAX_SEAT: Final = 2**15 - 1
"""The largest seat number (the rows' ``seat`` column is a 16-bit integer)."""
MAX_HAND_NUMBER: Final = 2**31 - 1
"""The largest hand number (the rows' ``hand`` column is a 32-bit integer)."""
_WHOLE_DIGITS: Final = len(str(MAX_UNITS))
_PLAIN: Final = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_LONGEST: Final = _WHOLE_DIGITS + 1 + 2 * MAX_DECIMALS
"""The longest amount text read (a few zeros to spare): longer text is refused unread."""


class HandHistoryError(PokerScoreError):
    """A hand that cannot be read or replayed: the message names the file, the hand and the line
    where they are known, and the reason."""

    def __init__(
        self, reason: str, *, file: str = "", hand: int | None = None, line: int | None = None
    ) -> None:
        self.reason = reason
        self.file = file
        self.hand = hand
        self.line = line
        PokerScoreError.__init__(self, self.where() + reason)

    def where(self) -> str:
        """The place as a message starts, ``file, hand 3, line 27:`` (the parts that are known)."""
        parts = [self.file] if self.file else []
        if self.hand is not None:
            parts.append(f"hand {self.hand}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        return ", ".join(parts) + ": " if parts else ""

    def located(self, file: str, hand: int | None, line: int | None) -> HandHistoryError:
        """The same error with its place filled in where it was not known yet."""
        return HandHistoryError(
            self.reason,
            file=self.file or file,
            hand=self.hand if self.hand is not None else hand,
            line=self.line if self.line is not None else line,
        )


class HandFieldError(HandHistoryError, ParameterError):
    """A :class:`HandHistory` with a field no hand can have (a stack that is not a whole number
    of units, an actor who is not seated …): a bad hand to the runs (a
    :class:`HandHistoryError`), and a bad ``hand`` argument to the function it was given to (a
    :class:`~pokerscore.PokerScoreError` naming the parameter ``hand``)."""

    def __init__(
        self, reason: str, *, file: str = "", hand: int | None = None, line: int | None = None
    ) -> None:
        HandHistoryError.__init__(self, "hand." + reason, file=file, hand=hand, line=line)
        self.template = self.where() + "{name}." + reason
        self.parameter = "hand"


# -- amounts --------------------------------------------------------------------------------


def read_amount(value: object, what: str) -> Decimal:
    """An amount as a hand history writes it, checked: a number of chips from 0, written plainly
    (digits and a decimal point, no exponent), with at most :data:`MAX_DECIMALS` decimals (a
    whole number may be written with more zeros) and fewer than 17 digits before the point. Text
    is looked at, never converted, until it passes, so any text is refused in bounded time.
    ``what`` names the amount in the message. The one rule of both readers.

    >>> read_amount("0.25", "the amount"), read_amount(200, "min_bet")
    (Decimal('0.25'), Decimal('200'))
    >>> read_amount("1e-999999999", "the amount")
    Traceback (most recent call last):
    ...
    pokerscore.histories.model.HandHistoryError: the amount '1e-999999999' is not a plain amount of chips (digits, a decimal point, at most 8 decimals)
    """
    if isinstance(value, bool):
        raise HandHistoryError(f"{what} is not a number: {value!r}")
    if isinstance(value, int):
        if value < 0 or value > MAX_UNITS:
            raise HandHistoryError(
                f"{what} must be a number of chips from 0 to 2**53, not {_echo(value)}"
            )
        return Decimal(value)
    if isinstance(value, float):
        value = Decimal(repr(value)) if value == value and abs(value) != float("inf") else None
    if isinstance(value, str):
        if len(value) > _LONGEST or not _PLAIN.fullmatch(value):
            raise HandHistoryError(
                f"{what} {shorten(repr(value))} is not a plain amount of chips (digits, a "
                f"decimal point, at most {MAX_DECIMALS} decimals)"
            )
        value = Decimal(value)
    if not isinstance(value, Decimal):
        raise HandHistoryError(f"{what} is not a number: {shorten(repr(value))}")
    if not value.is_finite() or value < 0:
        raise HandHistoryError(f"{what} must be a number of chips, not {shorten(repr(value))}")
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    written = -exponent if exponent < 0 else 0
    zeros = len(digits) - len(bytes(digits).rstrip(b"\0"))
    whole = value == 0 or zeros >= written
    if exponent > 0 or (written > MAX_DECIMALS and not whole):
        raise HandHistoryError(
            f"{what} {shorten(str(value))} is not a plain amount of chips (digits, a "
            f"decimal point, at most {MAX_DECIMALS} decimals)"
        )
    if len(digits) + exponent > _WHOLE_DIGITS:
        raise HandHistoryError(
            f"{what} {shorten(str(value))} is beyond any chip count (2**53 units)"
        )
    return value


def _echo(value: int) -> str:
    return shorten(str(value)) if value.bit_length() < 1000 else "a number of over 300 digits"


def amount_decimals(amount: Decimal) -> int:
    """The decimals an amount of :func:`read_amount` is written with, 0 for a whole number
    (``5.00`` is whole, ``0.50`` has two)."""
    exponent = amount.as_tuple().exponent
    assert isinstance(exponent, int)
    if exponent >= 0 or amount == amount.to_integral_value():
        return 0
    return -exponent


_DECIMALS_KEPT: Final = 4096
_decimals: dict[str, int] = {}
""":func:`amount_decimals` of the amounts last judged, by their text (``str`` of a Decimal
gives its digits and exponent exactly: ``0.5`` and ``0.50`` are two texts, of one and two
decimals, where the two Decimals are equal)."""


def hand_scale(amounts: Iterable[Decimal]) -> int:
    """The units per chip of a hand whose amounts (each read by :func:`read_amount`) are
    ``amounts``: ten to the most decimals any of them is written with. Raises a
    :class:`HandHistoryError` for an amount beyond :data:`MAX_UNITS` units at that scale.

    >>> hand_scale([Decimal("200"), Decimal("0.25"), Decimal("1.5")])
    100
    """
    amounts = list(amounts)
    # each amount's text judged once (:data:`_decimals`), the texts made and looked up by
    # ``map`` (no Python frame an amount): a hand repeats its amounts, and hands their stakes
    distinct = dict(zip(map(str, amounts), amounts, strict=True))
    found: list[int | None] = list(map(_decimals.get, distinct))
    if None in found:
        if len(_decimals) >= _DECIMALS_KEPT:
            _decimals.clear()
        for at, (text, amount) in enumerate(distinct.items()):
            if found[at] is None:
                found[at] = _decimals[text] = amount_decimals(amount)
    decimals = cast("list[int]", found)  # every one found now
    scale = int(10 ** max(decimals, default=0))
    if distinct and max(distinct.values()) * scale <= MAX_UNITS:
        return scale
    for amount in amounts:  # the first too large, in the order given
        if amount * scale > MAX_UNITS:
            unit = Decimal(1).scaleb(-len(str(scale)) + 1)
            raise HandHistoryError(
                f"the amount {amount} is beyond any chip count: more than 2**53 units of "
                f"{unit} (the hand's finest amount)"
            )
    return scale


def to_units(amount: Decimal, scale: int) -> int:
    """An amount (read by :func:`read_amount`, checked by :func:`hand_scale`) in units."""
    return int(amount * scale)


@slot_init
@dataclass(frozen=True, slots=True)
class Seat:
    """A player dealt into the hand, in the order of the table from the small blind (PHH's
    ``p1``, ``p2`` … ; heads-up, ``p1`` is the big blind and ``p2`` the button)."""

    name: str
    """The player's name, or ``p1``, ``p2`` … when the file names nobody."""
    seat: int | None
    """The seat number at the table, where the file says."""
    stack: int
    """Chips in front of the player when the hand starts, in units."""
    ante: int = 0
    """Dead money posted before the deal (an ante, or the dead half of a small and big blind)."""
    blind: int = 0
    """A live blind or straddle: counts toward the player's bet in the first round."""
    in_turn: bool = True
    """Whether the blind was posted in the blinds' order (small blind, big blind, straddles): the
    first to act preflop is the player after the largest of those. An extra big blind posted
    by a player who just sat down is live but out of turn, and moves nothing."""


@slot_init
@dataclass(frozen=True, slots=True)
class Action:
    """One line of the hand: the dealer dealing, a player acting or showing down."""

    kind: ActionKind
    actor: int | None = None
    """The index of the seat (``p1`` is 0); None for the board."""
    amount: int | None = None
    """``bet-raise``: the player's whole bet this round once it is made ("raise to"), in units;
    ``check-call``: what the site says the call costs (PokerStars), checked by the replay."""
    cards: tuple[Card | None, ...] = ()
    """Cards dealt or shown; None stands for a card nobody saw (PHH's ``??``)."""
    runout: int = 0
    """For a board dealt several times (run it twice): which run, from 1; 0 for the one board."""
    line: int | None = None
    """The line of the file it was read from, for messages."""
    text: str = ""
    """The action as the file writes it, for messages."""
    all_in: bool = False
    """The site says the player is all in after it (checked by the replay)."""
    discarded: tuple[Card | None, ...] = ()
    """``draw``: the cards the player threw away (None for one nobody saw; empty when standing
    pat); ``cards`` then holds the cards drawn in their place (PHH ``p1 sd 7h8h 2c3d``)."""


class DrawGame(NamedTuple):
    """A draw game a hand history replays (the equity's games have no draws): its name, title and
    the cards each player holds. There is no all-in EV of a draw game: what a player would
    have drawn is no fact of the hand (that needs a drawing policy)."""

    name: str
    title: str
    hole_cards: int
    draws: int
    """The draw rounds, each between two betting rounds."""


DRAW_GAMES: Final = {
    game.name: game
    for game in (
        DrawGame("deuce-to-seven-triple-draw", "2-7 Triple Draw", 5, 3),
        DrawGame("deuce-to-seven-single-draw", "2-7 Single Draw", 5, 1),
        DrawGame("badugi", "Badugi", 4, 3),
    )
}
"""The draw games by name (:attr:`HandHistory.game`): deuce-to-seven judged by
:data:`~pokerscore.engine.rankings.DEUCE_TO_SEVEN` (five cards, the ace high only), badugi by
:data:`~pokerscore.engine.rankings.BADUGI`."""


@slot_init
@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand as a site recorded it, in a form every reader shares."""

    variant: str
    """The PHH variant code: ``NT`` (no-limit hold'em), ``FT``, ``PO`` (pot-limit Omaha), ``FO/8``,
    ``NS`` (short deck) …"""
    game: str
    """The :func:`~pokerscore.games.holdem.game.get_game` name whose showdown settles the hand,
    or a draw game's (:data:`DRAW_GAMES`)."""
    betting: Betting
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    scale: int = 1
    """Units per chip: every amount of the hand is a whole number of units."""
    min_bet: int = 0
    """No-limit and pot-limit: the smallest bet. Fixed limit: the small bet."""
    big_bet: int = 0
    """Fixed limit: the big bet (turn and river); 0 otherwise."""
    ante_trimming: bool = False
    """PHH's ``ante_trimming_status``: antes count as bets of their own level in the side pots
    (True) or are dead money in the main pot (False)."""
    small_blind: int = 0
    big_blind: int = 0
    """The stakes (in units), for positions and results in big blinds."""
    winnings: tuple[int, ...] | None = None
    """What the site says each player collected from the pots (after rake), if recorded."""
    finishing_stacks: tuple[int, ...] | None = None
    """Each player's chips once the hand is over, as the site recorded them."""
    rake: int | None = None
    """The rake the site says it took, if recorded."""
    total_pot: int | None = None
    """The pot the site reports, if recorded."""
    site_pots: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] | None = None
    """Who the site says collected what from which pot: (pot: 0 the main pot, n side pot n;
    (seat index, amount) pairs), where it says."""
    returned: tuple[tuple[int, int, int], ...] | None = None
    """Uncalled bets the site says it returned: (seat index, amount, line)."""
    cash_outs: tuple[tuple[int, int, int], ...] = ()
    """All-in cash-outs: (seat index, amount the player took, fee). The player is paid that,
    win or lose."""
    site: str | None = None
    """The poker site or venue."""
    hand_id: str | None = None
    """The site's number or name for the hand."""
    table: str | None = None
    currency: str | None = None
    tournament: str | None = None
    time: str | None = None
    """When the hand started, as ISO 8601 (``2024-03-05T21:14:07+01:00``; with the offset the
    site's time zone gives, without one where the file names no zone), if recorded."""
    file: str = ""
    """The file it was read from."""
    number: int = 1
    """Its position in the file, from 1 (a ``.phhs`` file's ``[n]`` table is hand n)."""
    line: int = 1
    """The line of the file where it starts (a ``.phhs`` table's ``[n]`` header)."""
    source_format: HistoryFormat = "phh"
    fields: Mapping[str, object] = field(default_factory=dict)
    """Every field of the file as it was read (PHH: the TOML table; PokerStars: the header's)."""
    bring_in: int = 0
    """Stud: the bring-in, the forced bet of the lowest up card on third street (razz: the
    highest), in units; 0 in the games with blinds."""

    def chips(self, units: int) -> Decimal:
        """An amount in units as chips: ``chips(1250)`` is ``Decimal('12.50')`` at scale 100."""
        return Decimal(units).scaleb(-len(str(self.scale)) + 1)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def to_phh(self) -> str:
        """The hand as a PHH table (TOML text): every field of the PHH standard the hand knows,
        whatever site it was read from (:func:`phh_text`).

        >>> hand = HandHistory("NT", "holdem", "no-limit", (Seat("Ann", 1, 100, blind=1),
        ...     Seat("Bob", 2, 100, blind=2)), (Action("fold", 1),), min_bet=2, big_blind=2)
        >>> print(hand.to_phh().splitlines()[3])
        blinds_or_straddles = [2, 1]
        """
        return phh_text(self)

    def error(self, reason: str, line: int | None = None) -> HandHistoryError:
        """A :class:`HandHistoryError` about this hand."""
        return HandHistoryError(reason, file=self.file, hand=self.number, line=line or self.line)

    def check(self) -> None:
        """Raise a :class:`HandFieldError` unless every field is one a hand can have: the types
        of the annotations, amounts whole numbers of units from 0 to :data:`MAX_UNITS`, a scale
        that is a power of ten up to ``10 ** MAX_DECIMALS``, two players or more with distinct
        names, actors and the seats of the site's record among them, one entry per player in
        ``winnings`` and ``finishing_stacks``. The readers give only such hands;
        :func:`~pokerscore.histories.replay.replay` and
        :func:`~pokerscore.histories.replay.exact_allin_evs` check a hand made some other way
        here, so that it fails in one sentence, not deep inside (whether the game is one they
        play, and the betting rules, are the replay's to judge).

        >>> hand = HandHistory("NT", "holdem", "no-limit", (Seat("Ann", 1, 100),), ())
        >>> hand.check()
        Traceback (most recent call last):
        ...
        pokerscore.histories.model.HandFieldError: hand 1: hand.seats must hold two players or more, not 1
        """
        _check_hand(self)


@dataclass(frozen=True, slots=True)
class Pot:
    """A main or side pot once the hand is over."""

    amount: int
    """Chips in it, in units, before rake."""
    eligible: tuple[int, ...]
    """The seats (indices) still in the hand that put in enough to win it."""
    shares: tuple[tuple[int, Any], ...]
    """Who takes it: (seat index, exact fraction of the pot) pairs."""


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Where the site's record of the result differs from the replay's."""

    file: str
    hand: int
    hand_id: str | None
    kind: str
    """``winnings``, ``finishing-stacks``, ``all-zero-winnings``, ``pot``, ``rake`` …"""
    message: str

    def __str__(self) -> str:
        return f"{self.file}, hand {self.hand}: {self.message}"


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's hand, replayed. Amounts are chips (or the currency), worked out exactly."""

    player: str
    seat: int | None
    position: str
    """``BTN``, ``SB``, ``BB``, ``UTG``, ``UTG+1`` …, ``MP``, ``LJ``, ``HJ``, ``CO``."""
    hole: tuple[Card, ...] | None
    """The hole cards, when the file shows them all."""
    put_in: float
    """Everything the player put in the pots (uncalled bets returned are not in)."""
    won: float
    """What the player took from the pots: what the site paid where it records it and agrees
    with the replay, else the replay's share of each pot won."""
    net: float
    """``won - put_in``."""
    rake_paid: float
    """The part of the player's winnings the site kept (the replay's share less what it paid)."""
    vpip: bool
    """Put money in preflop voluntarily (a call or a raise; blinds and checks are not)."""
    pfr: bool
    """Raised preflop."""
    saw_flop: bool
    went_to_showdown: bool
    won_at_showdown: bool
    allin_street: Street | None
    """The street after which a player was all-in and no more betting could happen, if that was
    before the river."""
    allin_ev: float | None
    """All-in EV (see :mod:`pokerscore.histories.allin`): None where there is none."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """A hand replayed: every player's result, the pots, the board, what the site disagrees on."""

    hand: HandHistory
    players: tuple[PlayerResult, ...]
    pots: tuple[Pot, ...]
    boards: tuple[tuple[Card, ...], ...]
    """The board (several when the hand was run more than once)."""
    rake: float
    """What the site kept: the pots less what it paid out (0 where it records no payout)."""
    disagreements: tuple[Disagreement, ...] = ()

    @property
    def board(self) -> tuple[Card, ...]:
        return self.boards[0] if self.boards else ()


# -- checking a hand's fields ---------------------------------------------------------------

_KINDS: Final = frozenset(typing.get_args(ActionKind))
_BETTINGS: Final = frozenset(typing.get_args(Betting))
_FORMAT_NAME: Final = re.compile(r"[a-z][a-z0-9]{0,31}")
_SCALES: Final = frozenset(10**n for n in range(MAX_DECIMALS + 1))


def _check_hand(hand: HandHistory) -> None:
    def fail(field: str, allowed: str, value: object) -> HandFieldError:
        got = shorten(repr(value)) if not isinstance(value, int) else _echo(value)
        return HandFieldError(
            f"{field} must be {allowed}, not {got}",
            file=hand.file if isinstance(hand.file, str) else "",
            hand=hand.number if _is_int(hand.number) else None,
        )

    def units(field: str, value: object, *, optional: bool = False) -> None:
        if optional and value is None:
            return
        if not _is_int(value) or not 0 <= value <= MAX_UNITS:  # type: ignore[operator]
            raise fail(field, "a whole number of units from 0 to 2**53", value)

    def text(field: str, value: object, *, optional: bool = False) -> None:
        if not (isinstance(value, str) or (optional and value is None)):
            raise fail(field, "a string" + (" or None" if optional else ""), value)

    for name in ("file",):
        text(name, getattr(hand, name))
    if not _is_int(hand.number) or not 0 <= hand.number <= MAX_HAND_NUMBER:
        raise fail("number", "a whole number from 0 (a .phhs table [0]) to 2**31 - 1", hand.number)
    if not _is_int(hand.line) or hand.line < 1:
        raise fail("line", "a whole number from 1", hand.line)
    for name in ("variant", "game"):
        text(name, getattr(hand, name))
    if not isinstance(hand.betting, str) or hand.betting not in _BETTINGS:
        raise fail("betting", "no-limit, pot-limit or fixed-limit", hand.betting)
    if not isinstance(hand.source_format, str) or not _FORMAT_NAME.fullmatch(hand.source_format):
        raise fail(
            "source_format", "a format's name (phh, pokerstars, ggpoker …)", hand.source_format
        )
    if not _is_int(hand.scale) or hand.scale not in _SCALES:
        raise fail("scale", f"a power of ten from 1 to 10**{MAX_DECIMALS}", hand.scale)
    for name in ("min_bet", "big_bet", "small_blind", "big_blind", "bring_in"):
        units(name, getattr(hand, name))
    for name in ("rake", "total_pot"):
        units(name, getattr(hand, name), optional=True)
    for name in ("site", "hand_id", "table", "currency", "tournament", "time"):
        text(name, getattr(hand, name), optional=True)
    if not isinstance(hand.ante_trimming, bool):
        raise fail("ante_trimming", "True or False", hand.ante_trimming)
    if not isinstance(hand.fields, Mapping):
        raise fail("fields", "a mapping", hand.fields)
    seats = hand.seats
    if not isinstance(seats, tuple) or not all(isinstance(seat, Seat) for seat in seats):
        raise fail("seats", "a tuple of Seat", seats)
    count = len(seats)
    if count < 2:
        raise HandFieldError(
            f"seats must hold two players or more, not {count}", file=hand.file, hand=hand.number
        )
    names: dict[str, int] = {}
    for i, seat in enumerate(seats):
        where = f"seats[{i}]"
        text(f"{where}.name", seat.name)
        if not seat.name:
            raise fail(f"{where}.name", "a name", seat.name)
        if seat.name in names:
            raise HandFieldError(
                f"seats[{names[seat.name]}] and {where} are both named {shorten(repr(seat.name))}: "
                "each player needs a name of their own",
                file=hand.file,
                hand=hand.number,
            )
        names[seat.name] = i
        if seat.seat is not None and (not _is_int(seat.seat) or not 0 <= seat.seat <= MAX_SEAT):
            raise fail(f"{where}.seat", f"None or a whole number from 0 to {MAX_SEAT}", seat.seat)
        for name in ("stack", "ante", "blind"):
            units(f"{where}.{name}", getattr(seat, name))
        if not isinstance(seat.in_turn, bool):
            raise fail(f"{where}.in_turn", "True or False", seat.in_turn)
    actions = hand.actions
    if not isinstance(actions, tuple) or not all(isinstance(a, Action) for a in actions):
        raise fail("actions", "a tuple of Action", actions)
    for n, action in enumerate(actions):
        where = f"actions[{n}]"
        if not isinstance(action.kind, str) or action.kind not in _KINDS:
            raise fail(f"{where}.kind", ", ".join(sorted(_KINDS)), action.kind)
        if action.kind == "deal-board":
            if action.actor is not None:
                raise fail(f"{where}.actor", "None (the board is dealt to nobody)", action.actor)
        elif not _is_int(action.actor) or not 0 <= action.actor < count:  # type: ignore[operator]
            raise fail(f"{where}.actor", f"a seat index from 0 to {count - 1}", action.actor)
        units(f"{where}.amount", action.amount, optional=action.kind != "bet-raise")
        if not isinstance(action.cards, tuple) or not all(
            card is None or isinstance(card, Card) for card in action.cards
        ):
            raise fail(f"{where}.cards", "a tuple of Card or None", action.cards)
        if not isinstance(action.discarded, tuple) or not all(
            card is None or isinstance(card, Card) for card in action.discarded
        ):
            raise fail(f"{where}.discarded", "a tuple of Card or None", action.discarded)
        if not _is_int(action.runout) or not 0 <= action.runout <= 3:
            raise fail(f"{where}.runout", "0 (the one board) or a run from 1 to 3", action.runout)
        if action.line is not None and (not _is_int(action.line) or action.line < 1):
            raise fail(f"{where}.line", "a line number from 1 or None", action.line)
        text(f"{where}.text", action.text)
        if not isinstance(action.all_in, bool):
            raise fail(f"{where}.all_in", "True or False", action.all_in)
    for name in ("winnings", "finishing_stacks"):
        values = getattr(hand, name)
        if values is None:
            continue
        if not isinstance(values, tuple) or len(values) != count:
            raise fail(name, f"None or a tuple of {count} amounts, one per player", values)
        for i, value in enumerate(values):
            units(f"{name}[{i}]", value)
    seat_range = f"(seat index from 0 to {count - 1}"
    if hand.site_pots is not None:
        allowed = f"a tuple of (pot from 0, ({seat_range}, amount) …)) pairs"
        if not isinstance(hand.site_pots, tuple):
            raise fail("site_pots", allowed, hand.site_pots)
        for pot in hand.site_pots:
            if not (isinstance(pot, tuple) and len(pot) == 2 and _is_int(pot[0]) and pot[0] >= 0
                    and isinstance(pot[1], tuple) and pot[1]
                    and all(_pair(entry, count) for entry in pot[1])):  # fmt: skip
                raise fail("site_pots", allowed, pot)
    for name, size, allowed in (
        ("returned", 3, f"None or a tuple of {seat_range}, amount, line) triples"),
        ("cash_outs", 3, f"a tuple of {seat_range}, amount, fee) triples"),
    ):
        entries = getattr(hand, name)
        if entries is None and name == "returned":
            continue
        if not isinstance(entries, tuple):
            raise fail(name, allowed, entries)
        for entry in entries:
            if not (isinstance(entry, tuple) and len(entry) == size and _pair(entry[:2], count)
                    and _is_int(entry[2]) and entry[2] >= 0):  # fmt: skip
                raise fail(name, allowed, entry)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pair(entry: object, count: int) -> bool:
    """A (seat index, amount in units) pair of a hand of ``count`` players."""
    return (
        isinstance(entry, tuple)
        and len(entry) == 2
        and _is_int(entry[0])
        and 0 <= entry[0] < count
        and _is_int(entry[1])
        and 0 <= entry[1] <= MAX_UNITS
    )


# -- the hand as PHH ---------------------------------------------------------------------------

_COPIED: Final = (
    "author",
    "url",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "day",
    "month",
    "year",
    "level",
    "seat_count",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
"""The standard's optional fields a PHH hand may carry that the model does not hold: copied as
read."""
_WRITTEN: Final = frozenset(
    ("variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "min_bet",
     "small_bet", "big_bet", "starting_stacks", "actions", "venue", "hand", "table", "currency",
     "event", "seats", "players", "winnings", "finishing_stacks", "_rake", "_total_pot")
)  # fmt: skip
_STAMP: Final = re.compile(
    r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Z]{2,5})\b)?"
)
"""A PokerStars header's date and time: ``2010/06/07 20:13:12 WET``."""


def _amount(hand: HandHistory, units: int) -> str:
    """An amount in units as a TOML number of chips (``12.5``, ``200``)."""
    chips = hand.chips(units)
    if chips == chips.to_integral_value():
        return str(int(chips))
    return format(chips.normalize(), "f")


def _cards(cards: Sequence[Card | None]) -> str:
    return "".join("??" if card is None else str(card) for card in cards)


def _toml(value: object) -> str:
    """A TOML value: strings, numbers, booleans, dates and times, arrays, inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's escapes are TOML's
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(map(_toml, value)) + "]"
    if isinstance(value, Mapping):
        pairs = (f"{json.dumps(str(key))} = {_toml(item)}" for key, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise HandHistoryError(f"a field of type {type(value).__name__} has no PHH form")


def _stamp(hand: HandHistory) -> dict[str, object]:
    """The date and time of a hand: as a PHH hand carried them, or from a site's header."""
    fields = hand.fields
    if hand.source_format == "phh":
        return {key: fields[key] for key in _COPIED if key in fields}
    header = fields.get("header")
    found = _STAMP.search(header) if isinstance(header, str) else None
    if found is None:
        return {}
    year, month, day, hour, minute, second = (int(part) for part in found.groups()[:6])
    try:
        datetime.date(year, month, day)
        moment = datetime.time(hour, minute, second)
    except ValueError:
        return {}
    stamp: dict[str, object] = {"time": moment, "day": day, "month": month, "year": year}
    if found.group(7):
        stamp["time_zone"] = found.group(7)
    return stamp


def played_month(hand: HandHistory) -> str | None:
    """The month the hand was played, ``2010-06``, where the hand says (a PHH hand's ``year``
    and ``month``, a PokerStars header's date).

    >>> played_month(HandHistory("NT", "holdem", "no-limit", (), (), source_format="pokerstars",
    ...     fields={"header": "PokerStars Hand #1: Hold'em No Limit ($0.5/$1) - 2010/06/07 20:13:12 ET"}))
    '2010-06'
    """
    stamp = _stamp(hand)
    return month_text(stamp.get("year"), stamp.get("month"))


def month_text(year: object, month: object) -> str | None:
    """``2010-06`` from a year and a month as a hand gives them (None unless both are whole
    numbers in range): :func:`played_month`'s rule, which the import applies to the values the
    fast reader finds."""
    if isinstance(year, int) and isinstance(month, int) and 1 <= month <= 12 and 0 < year < 10000:
        return f"{year:04d}-{month:02d}"
    return None


class _Shows(NamedTuple):
    """The showdown as the replay takes it, for the writer (:func:`_showdown`)."""

    unplayed: set[int]
    """The indexes of the shows and mucks no showdown takes."""
    unwritten: list[int]
    """The players at the showdown the file writes no show or muck for."""


def _showdown(hand: HandHistory) -> _Shows:
    """The shows and mucks no showdown takes: those after every player but one has folded (the
    hand ended uncontested: a site may still write the winner's cards) and all but a player's
    last show or muck (a site writing a muck twice, or the cards of an all-in player before the
    last street and again at the showdown); and the players still in at a showdown whose show
    the file leaves out (iPoker writes every hand dealt, no show). A reader of the standard
    refuses a show the hand has no turn for (pokerkit: "Unable to repair the hand history") and
    judges a hand never shown unseen, where the replay judges every hand it knows, so the writer
    leaves the first out and shows the second (:func:`_actions`)."""
    folded: set[int] = set()
    last_show: dict[int, int] = {}
    unplayed: set[int] = set()
    for index, action in enumerate(hand.actions):
        if action.kind == "fold" and action.actor is not None:
            folded.add(action.actor)
        elif action.kind in ("show", "muck"):
            if len(hand.seats) - len(folded) < 2:
                unplayed.add(index)
                continue
            earlier = last_show.get(action.actor or 0)
            if earlier is not None:
                unplayed.add(earlier)
            last_show[action.actor or 0] = index
    still_in = [seat for seat in range(len(hand.seats)) if seat not in folded]
    if len(still_in) < 2:
        return _Shows(unplayed, [])
    return _Shows(unplayed, [seat for seat in still_in if seat not in last_show])


def _actions(hand: HandHistory, hole_cards: int) -> list[str]:
    """The actions as PHH writes them, every player dealt before the first move (the cards a
    player shows dealt to them), the showdown as the replay takes it (:func:`_showdown`): the
    shows no showdown takes left out, a hand known but never shown shown at the end."""
    known: list[list[Card | None]] = [[None] * hole_cards for _ in hand.seats]
    for action in hand.actions:
        if action.kind in ("deal-hole", "show") and action.actor is not None:
            mine = known[action.actor]
            for place, card in enumerate(action.cards[:hole_cards]):
                if card is not None and (mine[place] is None or action.kind == "deal-hole"):
                    mine[place] = card
    shows = _showdown(hand)
    written: list[str] = []
    dealt = False
    for index, action in enumerate(hand.actions):
        if action.runout:
            raise HandHistoryError("a board run more than once: PHH has no notation for it")
        if index in shows.unplayed:
            continue
        if action.kind == "deal-hole":
            if not dealt:
                dealt = True
                written += [f"d dh p{i + 1} {_cards(cards)}" for i, cards in enumerate(known)]
            continue
        if not dealt:
            dealt = True
            written += [f"d dh p{i + 1} {_cards(cards)}" for i, cards in enumerate(known)]
        written.append(_action(hand, action))
    if not dealt:
        written += [f"d dh p{i + 1} {_cards(cards)}" for i, cards in enumerate(known)]
    for seat in shows.unwritten:
        if None not in known[seat]:
            written.append(f"p{seat + 1} sm {_cards(known[seat])}")
    return written


def _dealt_in_place(hand: HandHistory) -> list[str]:
    """A stud or draw hand's actions as PHH writes them: each deal where it was (stud: the
    standard marks no card up or down: a player's second to sixth are up, by place), ``??`` for a
    card nobody saw, the shared last card of a short deck ``d db``, the bring-in ``pb``; a draw
    as its discard, the cards drawn dealt after the round's last discard (:func:`_discard`)."""
    written: list[str] = []
    drawn: list[str] = []  # a draw round's new cards, dealt after its last discard
    draw_game = DRAW_GAMES.get(hand.game)
    undealt = set(range(len(hand.seats))) if draw_game is not None else set()
    unplayed = _showdown(hand).unplayed
    for index, action in enumerate(hand.actions):
        if action.runout:
            raise HandHistoryError("a board run more than once: PHH has no notation for it")
        if index in unplayed:
            continue
        if action.kind == "deal-hole":
            undealt.discard(action.actor or 0)
        elif undealt and draw_game is not None:  # PHH deals every player of a draw game first
            unseen = "??" * draw_game.hole_cards
            written += [f"d dh p{i + 1} {unseen}" for i in sorted(undealt)]
            undealt.clear()
        if action.kind == "draw":
            discard, deals = _discard(action)
            written.append(discard)
            drawn += deals
            continue
        written += drawn
        drawn = []
        if action.kind == "deal-hole":
            written.append(f"d dh p{(action.actor or 0) + 1} {_cards(action.cards)}")
        else:
            written.append(_action(hand, action))
    return written + drawn


def _discard(action: Action) -> tuple[str, list[str]]:
    """A draw as PHH writes it: the player's discard (``p1 sd 7h8h``; ``p1 sd`` standing pat),
    and the dealer's new cards in their place (``d dh p1 2c3d``, ``??`` for one nobody saw),
    dealt once every player has discarded (pokerkit deals a draw round's cards after its last
    discard). A reader that deals the cards drawn in an action of their own (PHH's) gives a draw
    without ``cards``: that deal is written where it stands."""
    player = f"p{(action.actor or 0) + 1}"
    if not action.discarded:
        return f"{player} sd", []
    if not action.cards:
        return f"{player} sd {_cards(action.discarded)}", []
    return f"{player} sd {_cards(action.discarded)}", [f"d dh {player} {_cards(action.cards)}"]


def _action(hand: HandHistory, action: Action) -> str:
    player = f"p{(action.actor or 0) + 1}"
    match action.kind:
        case "bring-in":
            return f"{player} pb"
        case "deal-board":
            return f"d db {_cards(action.cards)}"
        case "fold":
            return f"{player} f"
        case "check-call":
            return f"{player} cc"
        case "bet-raise":
            return f"{player} cbr {_amount(hand, action.amount or 0)}"
        case "show":
            return f"{player} sm {_cards(action.cards) or '-'}"
        case _:  # muck
            return f"{player} sm"


def phh_text(hand: HandHistory) -> str:
    """The hand as a PHH table (TOML text, no ``[n]`` header): every field of the standard the
    hand knows (see the module). Raises a :class:`HandHistoryError` for a hand PHH cannot say.

    >>> from pokerscore.histories.phh import parse_phh
    >>> hand = parse_phh('''
    ... variant = 'NT'
    ... antes = [0, 0]
    ... blinds_or_straddles = [0.5, 1]
    ... min_bet = 1
    ... starting_stacks = [100, 80.25]
    ... players = ['Ann', 'Bob']
    ... actions = ['d dh p1 AhAs', 'p2 cbr 3', 'p1 f']
    ... ''')
    >>> print(phh_text(hand))
    variant = "NT"
    ante_trimming_status = false
    antes = [0, 0]
    blinds_or_straddles = [0.5, 1]
    min_bet = 1
    starting_stacks = [100, 80.25]
    actions = ["d dh p1 AhAs", "d dh p2 ????", "p2 cbr 3", "p1 f"]
    players = ["Ann", "Bob"]
    <BLANKLINE>
    """
    from pokerscore.games.holdem.game import GAMES

    if hand.cash_outs:
        raise hand.error("an all-in cash-out: PHH has no notation for it")
    count = len(hand.seats)
    game = GAMES.get(hand.game)
    hole_cards = game.hole_cards if game is not None else 2  # short deck (NS): hold'em's two
    in_place = hand.game in DRAW_GAMES or (game is not None and game.board_cards == 0)
    try:  # stud and draw games deal as they go; the others deal every player first
        actions = _dealt_in_place(hand) if in_place else _actions(hand, hole_cards)
    except HandHistoryError as error:
        raise error.located(hand.file, hand.number, hand.line) from None
    antes = [_amount(hand, seat.ante) for seat in hand.seats]
    blinds = [
        ("-" if not seat.in_turn and seat.blind else "") + _amount(hand, seat.blind)
        for seat in hand.seats
    ]
    if count == 2:  # heads-up, PHH lists antes and blinds from the big blind's side
        antes.reverse()
        blinds.reverse()
    in_order = hand.seats[::-1] if count == 2 else hand.seats
    for place, stake in enumerate((hand.small_blind, hand.big_blind)):
        seat = in_order[place]
        if seat.in_turn and seat.blind < stake and seat.ante + seat.blind == seat.stack:
            # a blind short all in: its full size, the post what the stack holds (pokerkit's
            # rule), so the reader takes the stakes from the first two blinds as posted in full
            blinds[place] = _amount(hand, stake)
    lines = [
        f"variant = {_toml(hand.variant)}",
        f"ante_trimming_status = {_toml(hand.ante_trimming)}",
        f"antes = [{', '.join(antes)}]",
    ]
    if game is not None and game.board_cards == 0:  # no blinds: the lowest up card brings in
        lines.append(f"bring_in = {_amount(hand, hand.bring_in)}")
    else:
        lines.append(f"blinds_or_straddles = [{', '.join(blinds)}]")
    if hand.betting == "fixed-limit":
        lines.append(f"small_bet = {_amount(hand, hand.min_bet)}")
        lines.append(f"big_bet = {_amount(hand, hand.big_bet)}")
    else:
        lines.append(f"min_bet = {_amount(hand, hand.min_bet)}")
    stacks = ", ".join(_amount(hand, seat.stack) for seat in hand.seats)
    lines.append(f"starting_stacks = [{stacks}]")
    lines.append(f"actions = {_toml(actions)}")
    names = [seat.name for seat in hand.seats]
    if names != [f"p{i + 1}" for i in range(count)]:
        lines.append(f"players = {_toml(names)}")
    if all(seat.seat is not None for seat in hand.seats):
        lines.append(f"seats = {_toml([seat.seat for seat in hand.seats])}")
    for name, values in (("winnings", hand.winnings), ("finishing_stacks", hand.finishing_stacks)):
        if values is not None:
            lines.append(f"{name} = [{', '.join(_amount(hand, value) for value in values)}]")
    for name, text in (("venue", hand.site), ("hand", hand.hand_id), ("table", hand.table),
                       ("currency", hand.currency), ("event", hand.tournament)):  # fmt: skip
        if text is not None:
            lines.append(f"{name} = {_toml(text)}")
    for name, value in _stamp(hand).items():
        lines.append(f"{name} = {_toml(value)}")
    for name, units in (("_rake", hand.rake), ("_total_pot", hand.total_pot)):
        if units is not None:
            lines.append(f"{name} = {_amount(hand, units)}")
    if hand.source_format == "phh":  # the file's own user-defined fields, as read
        for name, value in hand.fields.items():
            if name.startswith("_") and name not in _WRITTEN:
                lines.append(f"{json.dumps(name)} = {_toml(value)}")
    return "\n".join(lines) + "\n"


# -- the rows written out -----------------------------------------------------------------------

ACTION_COUNTS: Final = (
    "three_bet_chances",
    "three_bets",
    "fold_to_three_bet_chances",
    "folds_to_three_bet",
    "cbet_chances",
    "cbets",
    "fold_to_cbet_chances",
    "folds_to_cbet",
)
"""A player's counts of one hand from its actions (0 or 1 each: chance, taken, four times; the
definitions are :mod:`~pokerscore.histories.stats`'s): ``stats.action_counts`` from a hand's
actions, ``_stats_kernels.action_flags`` in the fast readers (bit k the k-th name)."""

COLUMNS: Final = (
    ("file", "string"),
    ("hand", "int32"),
    ("hand_id", "string"),
    ("site", "string"),
    ("variant", "string"),
    ("stakes", "string"),
    ("big_blind", "float64"),
    ("player", "string"),
    ("seat", "int16"),
    ("position", "string"),
    ("hole", "string"),
    ("put_in", "float64"),
    ("won", "float64"),
    ("net", "float64"),
    ("rake_paid", "float64"),
    ("vpip", "bool_"),
    ("pfr", "bool_"),
    ("saw_flop", "bool_"),
    ("went_to_showdown", "bool_"),
    ("won_at_showdown", "bool_"),
    ("allin_street", "string"),
    ("allin_ev", "float64"),
    *((name, "int8") for name in ACTION_COUNTS),
)
"""The Parquet columns: one row per hand and player (the last eight: :data:`ACTION_COUNTS`)."""


def schema() -> pa.Schema:
    """The Arrow schema of :data:`COLUMNS` (pyarrow, the ``files`` extra, loaded here)."""
    import pyarrow as pa

    return pa.schema([(name, getattr(pa, kind)()) for name, kind in COLUMNS])
