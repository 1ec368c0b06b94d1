"""Why a hand is refused: one code per reason (:class:`Refusal`), the number the kernels return
beside the action's index, and the one table (:data:`MESSAGES`) that words each code as users
read it.

Codes fall in three kinds (:meth:`Refusal.kind`):

- ``reading``: the text is written otherwise than the fast reader takes (a multi-line array, an
  escape, a number with more than six decimals ...), or an amount is past the model's 2**53
  units (``PAST_UNITS``). The lenient reader reads it (and refuses such an amount in its words).
- ``pending``: a hand the bulk replay leaves to ``replay``, one hand at a time: a site record
  that disagrees (``SITE_RECORD``) and an unseen hand contesting a pot (``UNJUDGED``), which
  the compiled replay plays there with their disagreements worded.
- ``rule``: the hand breaks a rule of the game (an action out of turn, a raise below the
  minimum, a card seen twice ...). Its message comes from :func:`refusal_error`, straight from
  the code; nothing is detected twice.

>>> Refusal.OUT_OF_TURN.kind, Refusal.ACTION_TEXT.kind, Refusal.SITE_RECORD.kind
('rule', 'reading', 'pending')
>>> MESSAGES[Refusal.OUT_OF_TURN]
'{name} acts out of turn: {other} is to act'
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Final, Literal, NamedTuple

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.model import STREETS, HandHistoryError

if TYPE_CHECKING:
    from pokerscore.games.holdem.game import Game
    from pokerscore.histories.model import DrawGame, HandHistory

RefusalKind = Literal["none", "reading", "pending", "rule"]

FIXED_LIMIT_BETS: Final = 4
"""Fixed limit: a bet and three raises a round (the kernel and the reference replay read it)."""
BOARD_SIZES: Final = (0, 3, 4, 5)
"""Board cards once each street is dealt."""
BOARD_PLACE: Final = -1
"""Where a card lies, in a refusal's seats: a seat, the board (-1), or run ``n`` of a board run
more than once (``-n``)."""
NO_CARD: Final = 63
"""A card not known, in the six bits a card takes in a packed hand (:func:`unpack_cards`)."""
PACKED_COUNT: Final = 48
"""Where a packed hand keeps its count of cards: above seven cards of six bits (stud)."""


class Refusal(IntEnum):
    """Why a hand is refused; 0 is none. The numbers are the kernels' (``_layout`` reads them)."""

    NONE = 0
    # reading: the lenient reader reads the hand
    TEXT = 1
    ACTION_TEXT = 2
    DECIMALS = 3
    PAST_UNITS = 4
    # pending: ``replay`` plays the hand one at a time and words what the kernel found (10 to
    # 12, more than 2**48 units at a table, a hand shown in part and an unseen hand contesting
    # a pot, are the kernel's now: see PAST_UNITS and UNJUDGED)
    SITE_RECORD = 13
    # rules
    NO_CHIPS = 20
    NOT_AT_TABLE = 21
    NO_BETTING_ROUND = 22
    OUT_OF_TURN = 23
    CALL_AMOUNT = 24
    ALL_IN_LEFT = 25
    SHORT_ALL_IN = 26
    RAISE_CAP = 27
    RAISE_CALL_ONLY = 28
    RAISE_ALONE = 29
    RAISE_OVER_STACK = 30
    RAISE_UNDER_MINIMUM = 31
    RAISE_OVER_LIMIT = 32
    DEALT_TWICE = 33
    DEALT_COUNT = 34
    BOARD_WHILE_BETTING = 35
    BOARD_AFTER_FOLDS = 36
    BOARD_UNSEEN = 37
    BOARD_AFTER_RIVER = 38
    BOARD_COUNT = 39
    SHOW_WHILE_BETTING = 40
    SHOW_AFTER_FOLD = 41
    SHOW_COUNT = 42
    SHOW_NOT_DEALT = 43
    ENDS_TO_ACT = 44
    ENDS_BEFORE_SHOWDOWN = 45
    CARD_NOT_IN_DECK = 46
    CARD_SEEN_TWICE = 47
    RETURNED_UNCALLED = 48
    POT_NOBODY = 49
    RUN_WITHOUT_ALL_IN = 50
    BOARD_AFTER_RUNS = 51
    # stud (seven-card stud, stud hi/lo, razz)
    HOLE_WHILE_BETTING = 52
    DEALT_AFTER_FOLD = 53
    UP_CARD_UNSEEN = 54
    BRING_IN_DUE = 55
    BRING_IN_NOT_DUE = 56
    SHARED_CARD_EARLY = 57
    STUD_ENDS_EARLY = 58
    # draw games (deuce-to-seven triple and single draw, badugi)
    DRAW_IN_NO_DRAW_GAME = 59
    DRAW_WHILE_BETTING = 60
    DRAW_AFTER_FOLD = 61
    DRAW_OUT_OF_TURN = 62
    DRAW_AFTER_FOLDS = 63
    DRAW_AFTER_LAST = 64
    DISCARD_NOT_HELD = 65
    DRAW_COUNT = 66
    DEALT_UNDRAWN = 67
    DRAWN_AGAIN = 68
    DRAWS_UNFINISHED = 69
    DRAW_TWICE = 70
    BOARD_IN_DRAW_GAME = 71
    # pending, played to the end: an unseen hand contests a pot (the ``unjudged`` disagreement)
    UNJUDGED = 72
    # a rule again: more players than the replay seats (MAX_PLAYERS)
    TOO_MANY_PLAYERS = 73

    @property
    def kind(self) -> RefusalKind:
        """``reading``, ``pending`` or ``rule`` (see the module), ``none`` for :attr:`NONE`."""
        if self is Refusal.NONE:
            return "none"
        if self < Refusal.SITE_RECORD:
            return "reading"
        if self < Refusal.NO_CHIPS or self == Refusal.UNJUDGED:
            return "pending"
        return "rule"


PLAYED_PENDING: Final = frozenset({Refusal.SITE_RECORD, Refusal.UNJUDGED})
"""The ``pending`` codes of a hand the compiled replay plays to its end, its rows written with
the replay's amounts (the bulk sends it to ``replay`` only to word its disagreements)."""


_RAISE: Final = "{name} bets or raises to {amount}: "
MESSAGES: Final[dict[Refusal, str]] = {
    Refusal.TEXT: "written otherwise than the compiled reader takes",
    Refusal.ACTION_TEXT: "an action written otherwise than the compiled reader takes",
    Refusal.DECIMALS: "amounts with more than six decimals",
    Refusal.PAST_UNITS: "an amount of more than 2**53 units",
    Refusal.SITE_RECORD: "a site record to compare",
    Refusal.UNJUDGED: (
        "a pot is contested by a hand nobody saw: judged as pokerkit does (it plays the board in "
        "hold'em, cannot win in Omaha, stud or a draw game; all unseen: split evenly)"
    ),
    Refusal.NO_CHIPS: "{name} starts with no chips",
    Refusal.NOT_AT_TABLE: "p{number} is not at the table",
    Refusal.NO_BETTING_ROUND: "{name} acts when no betting round is open",
    Refusal.OUT_OF_TURN: "{name} acts out of turn: {other} is to act",
    Refusal.CALL_AMOUNT: "stacks don't add up: {name} {said}, but {owed}",
    Refusal.ALL_IN_LEFT: "stacks don't add up: {name} is all in with {amount} left",
    Refusal.SHORT_ALL_IN: "{name} raises after a short all-in that does not reopen the betting",
    Refusal.RAISE_CAP: "{name} raises after the cap of {cap} bets",
    Refusal.RAISE_CALL_ONLY: "{name} raises with no more than the call in front of them",
    Refusal.RAISE_ALONE: "{name} raises when every other player has folded or is all in",
    Refusal.RAISE_OVER_STACK: _RAISE + "more than the {limit} the player has",
    Refusal.RAISE_UNDER_MINIMUM: _RAISE + "less than the smallest raise, to {limit}",
    Refusal.RAISE_OVER_LIMIT: _RAISE + "more than the {betting} maximum, {limit}",
    Refusal.DEALT_TWICE: "{name} is dealt hole cards twice",
    Refusal.DEALT_COUNT: "{name} is dealt {count} cards: {game} deals {deals}",
    Refusal.BOARD_WHILE_BETTING: "the board is dealt while {other} is still to act",
    Refusal.BOARD_AFTER_FOLDS: "the board is dealt after everyone but one player folded",
    Refusal.BOARD_UNSEEN: "a board card nobody saw",
    Refusal.BOARD_AFTER_RIVER: "a board card after the river",
    Refusal.BOARD_COUNT: "{count} cards dealt for the {street}, which has {wanted}",
    Refusal.SHOW_WHILE_BETTING: "{name} shows down while the betting is open",
    Refusal.SHOW_AFTER_FOLD: "{name} shows down after folding",
    Refusal.SHOW_COUNT: "{name} shows {count} cards: {game} deals {deals}",
    Refusal.SHOW_NOT_DEALT: "{name} shows {shown} but was dealt {dealt}",
    Refusal.ENDS_TO_ACT: "the hand ends with {other} to act",
    Refusal.ENDS_BEFORE_SHOWDOWN: "the hand ends on the {street}, before the showdown",
    Refusal.CARD_NOT_IN_DECK: "card {card} is not in the {game} deck",
    Refusal.CARD_SEEN_TWICE: "card {card} is seen twice ({other_place} and {place})",
    Refusal.RETURNED_UNCALLED: (
        "stacks don't add up: the site returns {amount} uncalled to {name}, the replay {limit}"
    ),
    Refusal.POT_NOBODY: "a pot that no player still in the hand can win",
    Refusal.RUN_WITHOUT_ALL_IN: "a board run more than once without an all-in",
    Refusal.BOARD_AFTER_RUNS: "the one board dealt after a board run more than once",
    Refusal.HOLE_WHILE_BETTING: "{name} is dealt cards while {other} is still to act",
    Refusal.DEALT_AFTER_FOLD: "{name} is dealt cards after folding",
    Refusal.UP_CARD_UNSEEN: "{name} is dealt an up card nobody saw",
    Refusal.BRING_IN_DUE: "{name} must bring in or complete",
    Refusal.BRING_IN_NOT_DUE: "{name} brings in when no bring-in is due",
    Refusal.SHARED_CARD_EARLY: "a community card before the deck runs short on seventh street",
    Refusal.STUD_ENDS_EARLY: "the hand ends with {count} cards dealt, before the showdown",
    Refusal.DRAW_IN_NO_DRAW_GAME: "{name} draws in {game}, which has no draws",
    Refusal.DRAW_WHILE_BETTING: "{name} draws while {other} is still to act",
    Refusal.DRAW_AFTER_FOLD: "{name} draws after folding",
    Refusal.DRAW_OUT_OF_TURN: "{name} draws out of turn: {other} draws first",
    Refusal.DRAW_AFTER_FOLDS: "a draw after everyone but one player folded",
    Refusal.DRAW_AFTER_LAST: "a draw after the last of {game}'s {wanted} draws",
    Refusal.DISCARD_NOT_HELD: "{name} throws away {shown} but holds {dealt}",
    Refusal.DRAW_COUNT: "{name} draws {count} cards for the {wanted} thrown away",
    Refusal.DEALT_UNDRAWN: "{name} is dealt {count} cards with {wanted} to draw",
    Refusal.DRAWN_AGAIN: "card {card} is dealt again to {place} before the deck runs out",
    Refusal.DRAWS_UNFINISHED: "the hand ends after {count} of {game}'s {wanted} draws",
    Refusal.DRAW_TWICE: "{name} draws twice in one draw",
    Refusal.BOARD_IN_DRAW_GAME: "a board card in {game}, which deals none",
    Refusal.TOO_MANY_PLAYERS: "{count} players: the replay seats ten at most",
}
"""Each code's message, its fields filled by :func:`refusal_reason`."""


class RefusalRecord(NamedTuple):
    """A refusal as the kernels give it: the code, the action's index (-1: none), a seat and
    another (-1: none), an amount and a limit (units, a count or packed cards, by the code)."""

    code: Refusal
    action: int = -1
    seat: int = -1
    other: int = -1
    amount: int = 0
    limit: int = 0


def pack_cards(cards: tuple[Card | None, ...] | list[Card | None]) -> int:
    """Up to seven cards in one int, six bits each (:data:`NO_CARD` for one not known), the
    count in the bits above.

    >>> unpack_cards(pack_cards([Card(50), None]))
    (Card('Ah'), None)
    """
    packed = len(cards) << PACKED_COUNT
    for place, card in enumerate(cards):
        packed |= (NO_CARD if card is None else int(card)) << (6 * place)
    return packed


def unpack_cards(packed: int) -> tuple[Card | None, ...]:
    """The cards of :func:`pack_cards` (the kernels pack them alike)."""
    count = packed >> PACKED_COUNT
    codes = [(packed >> (6 * place)) & NO_CARD for place in range(count)]
    return tuple(None if code == NO_CARD else Card(code) for code in codes)


def cards_text(cards: tuple[Card | None, ...] | list[Card | None]) -> str:
    """Cards as a message writes them, ``??`` for one not known."""
    return "".join("??" if card is None else str(card) for card in cards)


def refusal_reason(hand: HandHistory, game: Game | DrawGame, record: RefusalRecord) -> str:
    """The message of a rule refusal, worded from the code alone."""
    chips = hand.chips
    code = record.code

    def place(seat: int) -> str:
        if seat >= 0:
            return shorten(hand.seats[seat].name)
        return "the board" if seat == BOARD_PLACE else f"run {-seat}"

    fields: dict[str, object] = {
        "number": record.seat + 1,
        "cap": FIXED_LIMIT_BETS,
        "betting": hand.betting,
        "game": game.name,
        "deals": game.hole_cards,
        "count": record.amount,
        "wanted": record.limit,
    }
    if 0 <= record.seat < len(hand.seats):  # a name echoed cut short, as every user's token
        fields["name"] = shorten(hand.seats[record.seat].name)
    if 0 <= record.other < len(hand.seats):
        fields["other"] = shorten(hand.seats[record.other].name)
    if code in (Refusal.CARD_NOT_IN_DECK, Refusal.CARD_SEEN_TWICE, Refusal.DRAWN_AGAIN):
        fields["card"] = Card(record.amount)
        fields["place"] = place(record.seat)
        fields["other_place"] = place(record.other)
    elif code in (Refusal.SHOW_NOT_DEALT, Refusal.DISCARD_NOT_HELD):
        fields["shown"] = cards_text(unpack_cards(record.amount))
        fields["dealt"] = cards_text(unpack_cards(record.limit))
    elif code == Refusal.CALL_AMOUNT:
        fields["said"] = f"calls {chips(record.amount)}" if record.amount else "checks"
        fields["owed"] = (
            f"the call is {chips(record.limit)}" if record.limit else ("there is nothing to call")
        )
    elif code == Refusal.BOARD_COUNT:
        fields["street"] = STREETS[BOARD_SIZES.index(record.other + record.limit)]
    elif code == Refusal.ENDS_BEFORE_SHOWDOWN:
        fields["street"] = STREETS[BOARD_SIZES.index(record.amount)]
    elif code not in _COUNTS:
        fields["amount"] = chips(record.amount)
        fields["limit"] = chips(record.limit)
    return MESSAGES[code].format(**fields)


_COUNTS: Final = frozenset(
    {
        Refusal.DEALT_COUNT,
        Refusal.SHOW_COUNT,
        Refusal.STUD_ENDS_EARLY,
        Refusal.DRAW_AFTER_LAST,
        Refusal.DRAW_COUNT,
        Refusal.DEALT_UNDRAWN,
        Refusal.DRAWS_UNFINISHED,
        Refusal.TOO_MANY_PLAYERS,
    }
)
"""The codes whose amount and limit are counts of cards or rounds, not chips."""


def refusal_error(
    hand: HandHistory, game: Game | DrawGame, record: RefusalRecord
) -> HandHistoryError:
    """The error of a rule refusal, placed as the reference replay places it: at the action's
    line (PokerStars), or naming the action (PHH, ``action 3 'p2 f': ...``), or at the line the
    site returned the bet uncalled."""
    reason = refusal_reason(hand, game, record)
    if record.code == Refusal.RETURNED_UNCALLED:
        returned = hand.returned or ()
        line = next((line for seat, _, line in returned if seat == record.seat), None)
        return hand.error(reason, line)
    if record.action < 0:
        return hand.error(reason)
    action = hand.actions[record.action]
    if action.line is None and action.text:
        reason = f"action {record.action + 1} {action.text!r}: {reason}"
    return hand.error(reason, action.line)


class SiteRecord(IntEnum):
    """Where a site's record disagrees with the replay: the code the compiled replay writes,
    with a seat or pot and two amounts, for each disagreement (``_replay_kernels._site_record``);
    :data:`SITE_MESSAGES` words them."""

    NONE = 0
    ZERO_WINNINGS = 1
    """The winnings are all zero in a hand with a pot (no amounts)."""
    STACKS_GAP = 2
    """A seat's finishing stack less its winnings (units)."""
    PAID_NEGATIVE = 3
    """What the site pays a seat (1/DEN units)."""
    PAID_NOT_WON = 4
    """What the site pays a seat who wins nothing (1/DEN units)."""
    WON_NOT_PAID = 5
    """What a seat wins the site pays nothing of (1/DEN units)."""
    PAID_OVER = 6
    """What the site pays a seat and what it wins (1/DEN units)."""
    POT_COUNT = 7
    """The pots the site pays and the replay's."""
    POT_WINNERS = 8
    """A pot's number, and who the site and the replay pay it to (bits by seat)."""
    KEEPS_TOO_MUCH = 9
    """What the site pays in all and the pot (units)."""
    RAKE = 10
    """The rake the site reports (units) and what it keeps (1/DEN units)."""
    TOTAL_POT = 11
    """The pot the site reports and the replay's (units)."""
    GAP = 12
    """A seat's winnings less what the site's finishing stacks pay (1/DEN units): not a
    disagreement of its own, the hint that a dead blind may be missing."""


SITE_MESSAGES: Final[dict[SiteRecord, str]] = {
    SiteRecord.ZERO_WINNINGS: "the winnings are all zero (the site left them out)",
    SiteRecord.STACKS_GAP: "{name} {first}",
    SiteRecord.PAID_NEGATIVE: "{name} is paid {first}",
    SiteRecord.PAID_NOT_WON: "the site pays {name} {first}, who wins nothing here",
    SiteRecord.WON_NOT_PAID: "{name} wins {first} here, the site pays nothing",
    SiteRecord.PAID_OVER: "the site pays {name} {first}, more than the {second} won here",
    SiteRecord.POT_COUNT: "the site pays {first} pots, the replay has {second}",
    SiteRecord.POT_WINNERS: "the site pays {pot} to {first}, the replay to {second}",
    SiteRecord.KEEPS_TOO_MUCH: "the site pays {first} of a {second} pot, keeping more than {limit} %",
    SiteRecord.RAKE: "the site reports a rake of {first}, but keeps {second}",
    SiteRecord.TOTAL_POT: "the site reports a pot of {first}, the replay {second}",
    SiteRecord.GAP: " (a posted dead blind may be missing from the actions)",
}
"""The one wording of each :class:`SiteRecord` code (``replay.site_disagreements`` fills it)."""
STACKS_GAPS: Final = "the finishing stacks and the winnings disagree: {gaps}"
"""The finishing stacks' disagreement: the :attr:`SiteRecord.STACKS_GAP` entries listed."""


__all__ = [
    "MESSAGES",
    "SITE_MESSAGES",
    "STACKS_GAPS",
    "Refusal",
    "RefusalRecord",
    "SiteRecord",
    "cards_text",
    "pack_cards",
    "refusal_error",
    "refusal_reason",
    "unpack_cards",
]
