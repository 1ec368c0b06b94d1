"""What the sites that write each bet as an increment share (888poker, PartyPoker, the Winning
Poker Network, Bovada): amounts as localised clients write them, cards as localised clients
name them, and each player's bet this round, so that ``raises [$0.04]`` (an increment) becomes
the "raise to" total a :class:`~pokerscore.histories.draft.HandDraft` holds.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import HandHistoryError

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
    tokens = [token for token in re.split(r"[\s,\[\]]+", text) if token]
    named = []
    for token in tokens:
        rank, suit = token[:-1], token[-1:]
        named.append(_RANKS.get(rank, rank) + suit.lower())
    return site_cards(" ".join(named))


def speaker(line: str, names: set[str]) -> tuple[str | None, str]:
    """The seated player a line starts with (``name words``), and the words."""
    name, _, words = line.partition(" ")
    if name in names:
        return name, words
    for candidate in sorted(names, key=len, reverse=True):  # a name holding a space
        if line.startswith(candidate + " "):
            return candidate, line[len(candidate) + 1 :]
    return None, line


class RoundBets:
    """Each player's bet this betting round, to turn an increment into a "raise to" total."""

    def __init__(self) -> None:
        self.bets: dict[str, Decimal] = {}

    def new_round(self) -> None:
        self.bets.clear()

    def add(self, name: str, increment: Decimal) -> Decimal:
        """Add an increment to a player's bet this round; the bet it makes."""
        total = self.bets.get(name, Decimal(0)) + increment
        self.bets[name] = total
        return total

    def set(self, name: str, total: Decimal) -> None:
        """A player's bet this round is now ``total`` (a site that writes "raises … to")."""
        self.bets[name] = total

    def unmatched(self) -> tuple[str, Decimal] | None:
        """The player whose bet this round nobody matched, and by how much it tops the next
        largest, if one does."""
        if not self.bets:
            return None
        ranked = sorted(self.bets.items(), key=lambda item: item[1], reverse=True)
        top_name, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else Decimal(0)
        return (top_name, top - second) if top > second else None


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
    ``raise``, or ``all-in`` (a call when it does not top the round's bet, else a raise)."""
    if verb == "fold":
        draft.actions.append(("fold", name, None, (), 0, line, False))
        return
    if verb == "check":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, line, False))
        return
    if increment is None:
        raise HandHistoryError(f"line {line}: {verb} without an amount")
    top = max(bets.bets.values(), default=Decimal(0))
    total = bets.add(name, increment)
    if verb == "all-in":
        all_in = True
        verb = "raise" if total > top else "call"
    if verb == "call":
        draft.actions.append(("check-call", name, increment, (), 0, line, all_in))
    else:
        draft.actions.append(("bet-raise", name, total, (), 0, line, all_in))
