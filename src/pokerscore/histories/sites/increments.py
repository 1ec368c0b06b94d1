"""What the readers of sites that write each bet as the chips it adds share (888poker,
PartyPoker, iPoker, the Winning Poker Network, Bovada, Everleaf, PKR, Cake, OnGame …): amounts
and cards as localised clients write them; turning "raises [$0.35]" (the chips put in by the
action) into "raise to" (the player's whole bet this round, as
:class:`~pokerscore.histories.draft.HandDraft` names a ``bet-raise``); the player a line of play
starts with; and finishing a hand with the parts of the site's record a
:class:`~pokerscore.histories.draft.HandDraft` has no field for (end stacks; no written uncalled
bets).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from decimal import Decimal
from functools import lru_cache
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, build_hand, money, site_cards
from pokerscore.histories.model import MAX_SEAT, Betting, HandHistory, HandHistoryError, to_units

_SIGNS: Final = re.compile(r"[\s$€£]")
_DIGITS: Final = re.compile(r"[0-9][0-9.,]*")
_CURRENCY_WORDS: Final = re.compile(r"\b(?:USD|EUR|GBP|CAD|SEK|chips)\b")
_RANKS: Final = {
    "Kn": "J",  # Swedish knekt
    "E": "A",  # Swedish ess
    "D": "Q",  # Swedish, German, French dame
    "B": "J",  # German bube
    "V": "J",  # French valet
    "R": "K",  # French roi
    "10": "T",
}
"""Ranks as localised clients write them, and the rank they are."""


_CARD_GAPS: Final = re.compile(r"[\s,\[\]]+")


@lru_cache(maxsize=4096)
def localised_amount(text: str) -> Decimal:
    """An amount as a localised client writes it: ``$1,168.50``, ``788,50 $``, ``15 788,50 $``
    (a non-breaking space between thousands), ``1.500`` (dots between thousands), ``5 USD``.
    A separator followed by exactly three digits at the end separates thousands; otherwise the
    last separator is the decimal point.

    >>> localised_amount("15\\xa0788,50 $"), localised_amount("$1,168.50"), localised_amount("1.500")
    (Decimal('15788.50'), Decimal('1168.50'), Decimal('1500'))

    Amounts recur from hand to hand: each text is read once (a Decimal is immutable).
    """
    digits = _SIGNS.sub("", _CURRENCY_WORDS.sub("", text[:64]))
    if len(text) > 64 or not _DIGITS.fullmatch(digits):
        raise HandHistoryError(f"{shorten(repr(text))} is not an amount")
    last = max(digits.rfind("."), digits.rfind(","))
    if last >= 0 and len(digits) - last - 1 != 3:
        digits = digits[:last].replace(".", "").replace(",", "") + "." + digits[last + 1 :]
    else:
        digits = digits.replace(".", "").replace(",", "")
    return money(digits)


def localised_cards(text: str) -> tuple[Card | None, ...]:
    """Cards as localised clients write them (``Kns`` Swedish jack of spades, ``Ec`` ace of
    clubs, ``10h``), separated by commas or spaces.

    >>> [str(card) for card in localised_cards("[ Tc, Knh, Ec, Dd ]")]
    ['Tc', 'Jh', 'Ac', 'Qd']
    """
    tokens = [token for token in _CARD_GAPS.split(text) if token]
    named = []
    for token in tokens:
        rank, suit = token[:-1], token[-1:]
        named.append(_RANKS.get(rank, rank) + suit.lower())
    return site_cards(" ".join(named))


class RoundBets:
    """Each player's bet in the current betting round, from the chips each post and action adds.

    >>> bets = RoundBets()
    >>> bets.add("Ann", Decimal("0.05")); bets.add("Bob", Decimal("0.10"))
    Decimal('0.05')
    Decimal('0.10')
    >>> bets.add("Ann", Decimal("0.30"))  # "raises [0.30]": a raise to 0.35
    Decimal('0.35')
    >>> bets.unmatched()
    ('Ann', Decimal('0.25'))
    >>> bets.new_round(); bets.add("Bob", Decimal("0.40"))
    Decimal('0.40')
    """

    __slots__ = ("bets",)

    def __init__(self) -> None:
        self.bets: dict[str, Decimal] = {}
        """Each player's bet this round so far, by name."""

    def add(self, name: str, chips: Decimal) -> Decimal:
        """Add what a player puts in; their whole bet this round after it."""
        total = self.bets.get(name, Decimal(0)) + chips
        self.bets[name] = total
        return total

    def set(self, name: str, total: Decimal) -> None:
        """A player's bet this round is now ``total`` (a site that writes "raises … to")."""
        self.bets[name] = total

    def bet(self, name: str) -> Decimal:
        """A player's bet this round so far."""
        return self.bets.get(name, Decimal(0))

    def top(self) -> Decimal:
        """The largest bet this round."""
        return max(self.bets.values(), default=Decimal(0))

    def unmatched(self) -> tuple[str, Decimal] | None:
        """The player whose bet this round nobody matched, and by how much it tops the next
        largest, if one does."""
        if not self.bets:
            return None
        ranked = sorted(self.bets.items(), key=lambda item: item[1], reverse=True)
        top_name, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else Decimal(0)
        return (top_name, top - second) if top > second else None

    def new_round(self) -> None:
        """A new betting round: nobody has bet yet."""
        self.bets.clear()


def add_post(
    draft: HandDraft, bets: RoundBets, name: str, kind: str, amount: Decimal, line: int
) -> None:
    """Record a post (``small``, ``big`` or ``ante``): a blind goes into the round's bets, and
    the first small and big blinds posted are the stakes where the header gives none.

    >>> from pokerscore.histories.draft import HandDraft
    >>> draft, bets = HandDraft("f", 1, 1), RoundBets()
    >>> add_post(draft, bets, "Ann", "big", Decimal(2), 3); (draft.big_blind, bets.bets)
    (Decimal('2'), {'Ann': Decimal('2')})
    """
    draft.posts.append((name, kind, amount, line))
    if kind == "ante":
        return
    bets.add(name, amount)
    if kind == "big" and not draft.big_blind:
        draft.big_blind = amount
    if kind == "small" and not draft.small_blind:
        draft.small_blind = amount


def seat_number(text: str, line: int) -> int:
    """A seat's number as a site writes it (digits), refused past the model's last seat with
    the one wording every reader uses.

    >>> seat_number("3", 12)
    3
    >>> seat_number("99999", 12)
    Traceback (most recent call last):
    ...
    pokerscore.histories.model.HandHistoryError: line 12: seat numbers run to 32767
    """
    number = int(text)
    if number > MAX_SEAT:
        raise HandHistoryError(f"seat numbers run to {MAX_SEAT}", line=line)
    return number


BETTING_ABBREVIATIONS: Final[dict[str, tuple[str, Betting]]] = {
    "NL": ("N", "no-limit"),
    "PL": ("P", "pot-limit"),
    "FL": ("F", "fixed-limit"),
    "L": ("F", "fixed-limit"),
    "Limit": ("F", "fixed-limit"),
}
"""A betting structure as sites abbreviate it (``NL``, ``PL``, ``FL``, ``L`` or ``Limit``): its
letter in a PHH variant and the model's name, for every site reader that reads one."""
PLAY_VERBS: Final = {
    "folds": "fold",
    "checks": "check",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
}
"""The verbs of play as sites write them (``Bob folds``), as :func:`add_action` takes them."""
BRACKETED_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}): (?P<name>.+?) \( *(?P<stack>[^()]*?) *\)$"
)
"""A seat as Everleaf and Betfair write it (``Seat 1: Hero ( $1 )``, ``( € 2.50 EURO )``)."""
BUTTON_SEAT: Final = re.compile(r"^Seat (?P<seat>\d{1,6}) is the button$")
"""The button's line of Everleaf's and Betfair's hands (``Seat 2 is the button``)."""
DEALING_BOARD: Final = re.compile(r"^\*\* Dealing (?:Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]$")
"""A board street as Everleaf and Betfair deal it (``** Dealing Flop ** [ 4d, 5d, 6d ]``)."""


def add_action(
    draft: HandDraft,
    bets: RoundBets,
    verb: str,
    name: str,
    increment: Decimal | None,
    line: int,
    all_in: bool = False,
) -> None:
    """Record one act of play written as an increment: ``fold``, ``check``, ``call``, ``bet``,
    ``raise``, or ``all-in`` (a call when it does not top the round's bet, else a raise); or
    ``raise-to``, a raise written as the player's whole bet this round (``increment`` that
    total). The one rule of how a site's call, bet or raise moves the round's bets.

    >>> from pokerscore.histories.draft import HandDraft
    >>> draft, bets = HandDraft("f", 1, 1), RoundBets()
    >>> bets.add("Ann", Decimal(1)); add_action(draft, bets, "raise-to", "Bob", Decimal(3), 7)
    Decimal('1')
    >>> add_action(draft, bets, "call", "Ann", Decimal(2), 8)
    >>> [action[:3] for action in draft.actions], bets.bets
    ([('bet-raise', 'Bob', Decimal('3')), ('check-call', 'Ann', Decimal('2'))], {'Ann': Decimal('3'), 'Bob': Decimal('3')})
    """
    if verb == "fold":
        draft.actions.append(("fold", name, None, (), 0, line, False))
        return
    if verb == "check":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, line, False))
        return
    if increment is None:
        raise HandHistoryError(f"{verb} without an amount", line=line)
    if verb == "raise-to":
        bets.set(name, increment)
        draft.actions.append(("bet-raise", name, increment, (), 0, line, all_in))
        return
    top = bets.top()
    total = bets.add(name, increment)
    if verb == "all-in":
        all_in = True
        verb = "raise" if total > top else "call"
    if verb == "call":
        draft.actions.append(("check-call", name, increment, (), 0, line, all_in))
    else:
        draft.actions.append(("bet-raise", name, total, (), 0, line, all_in))


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


def take_back_uncalled(draft: HandDraft, bets: RoundBets) -> None:
    """The last round's bet nobody matched, which a site that writes no return (Winamax,
    Unibet) leaves in the bettor's "collected" and in the total pot, written as the site's
    returned bet (a payout that was only that bet dropped)."""
    unmatched = bets.unmatched()
    if unmatched is None:
        return
    top, uncalled = unmatched
    taken = [i for i, (name, *_) in enumerate(draft.collected) if name == top]
    if not taken:
        return
    name, collected, pot = draft.collected[taken[0]]
    if collected < uncalled:
        return
    if collected == uncalled:  # paid back as a pot of its own
        del draft.collected[taken[0]]
    else:
        draft.collected[taken[0]] = (name, collected - uncalled, pot)
    draft.returned.append((top, uncalled, draft.line))
    if draft.total is not None:
        draft.total -= uncalled


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
    # by the names' lengths, longest first: the one name of a length that fits is the line's
    # first characters, followed by a space (no name made and no key called for each name)
    for length in sorted(set(map(len, names)), reverse=True):
        if line[length : length + 1] == " " and line[:length] in names:
            return line[:length], line[length + 1 :]
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
