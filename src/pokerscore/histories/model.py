"""What a hand history holds, read from any site's format: seats, posts, actions, the site's own
record of the result; and what replaying it gives: pots, each player's result, disagreements.

Amounts are whole numbers of *units*: a hand's :attr:`HandHistory.scale` units make one chip (or
one dollar), a power of ten large enough for every amount the file writes (100 for a cash game in
cents, 1 for tournament chips), so that replaying is exact integer arithmetic. Results give chips
as floats (:class:`PlayerResult`), worked out exactly first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Final, Literal

from pokerscore._support.errors import PokerScoreError
from pokerscore.cards import Card

if TYPE_CHECKING:
    import pyarrow as pa

Betting = Literal["no-limit", "pot-limit", "fixed-limit"]
"""How much a player may bet: anything up to the stack, up to the pot, or fixed amounts."""
ActionKind = Literal["deal-hole", "deal-board", "fold", "check-call", "bet-raise", "show", "muck"]
"""What happens: cards dealt to a player or to the board, a player's move, a showdown."""
Street = Literal["preflop", "flop", "turn", "river"]
STREETS: Final[tuple[Street, ...]] = ("preflop", "flop", "turn", "river")
HistoryFormat = Literal["phh", "pokerstars"]


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
        super().__init__(self.where() + reason)

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


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand as a site recorded it, in a form every reader shares."""

    variant: str
    """The PHH variant code: ``NT`` (no-limit hold'em), ``FT``, ``PO`` (pot-limit Omaha), ``FO/8``,
    ``NS`` (short deck) …"""
    game: str
    """The :func:`~pokerscore.games.holdem.game.get_game` name whose showdown settles the hand."""
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
    file: str = ""
    """The file it was read from."""
    number: int = 1
    """Its position in the file, from 1 (a ``.phhs`` file's ``[n]`` table is hand n)."""
    line: int = 1
    """The line of the file where it starts (a ``.phhs`` table's ``[n]`` header)."""
    source_format: HistoryFormat = "phh"
    fields: Mapping[str, object] = field(default_factory=dict)
    """Every field of the file as it was read (PHH: the TOML table; PokerStars: the header's)."""

    def chips(self, units: int) -> Decimal:
        """An amount in units as chips: ``chips(1250)`` is ``Decimal('12.50')`` at scale 100."""
        return Decimal(units).scaleb(-len(str(self.scale)) + 1)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def error(self, reason: str, line: int | None = None) -> HandHistoryError:
        """A :class:`HandHistoryError` about this hand."""
        return HandHistoryError(reason, file=self.file, hand=self.number, line=line or self.line)


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


# -- the rows written out -----------------------------------------------------------------------

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
)
"""The Parquet columns: one row per hand and player."""


def schema() -> pa.Schema:
    """The Arrow schema of :data:`COLUMNS` (pyarrow, the ``files`` extra, loaded here)."""
    import pyarrow as pa

    return pa.schema([(name, getattr(pa, kind)()) for name, kind in COLUMNS])
