"""Enet hand histories (text, many hands a file): Omaha and hold'em cash games in euros, written
with decimal commas.

A hand starts ``Game #7732310: Omaha (€0,25/€0,50) - 23:31:54 29.7.2012 - %6`` (the time names
no zone: kept without an offset), then ``Table 'SantElena 1 - Pot Limit' 6-max Seat #4 is the
button`` (the table's name says the betting), the seats and the play in PokerStars' words
(``calls €0,50`` and ``bets`` the chips added, ``raises … to …`` the total), ``Uncalled bet (…)
returned to …``. The site's record: each street's ``Rake: €0,09`` (added up, the summary's
``Rake €0,67``) and the summary's ``collected (€1,04)`` / ``won (€10,57)`` (what the player
took back, a returned bet included: the returned bet is taken off, as written in the same
hand). The summary's ``Total pot €0`` is not a total and is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.histories.draft import HandDraft, site_cards
from pokerscore.histories.model import Betting, HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import speaker
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    PLAY_VERBS,
    RoundBets,
    add_action,
    finished_hand,
    localised_amount,
    mucks_unshown,
    seat_number,
)
from pokerscore.histories.sites.text import text_hands

_START: Final = re.compile(
    r"^Game #(?P<id>\d+): (?P<game>[^(]+?) \((?P<sb>[^/]+)/(?P<bb>[^)]+)\) - (?P<time>\d{2}:\d{2}:\d{2}) (?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{4})"
)
_GAMES: Final = {"Omaha": ("O", "omaha"), "Hold'em": ("T", "holdem"), "Holdem": ("T", "holdem"),
                 "Omaha Hi/Lo": ("O/8", "omaha-hi-lo")}  # fmt: skip
_TABLE: Final = re.compile(
    r"^Table '(?P<table>.*)' (?:\d+-max )?Seat #(?P<button>\d{1,6}) is the button$"
)
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d{1,6}): (?P<name>.+?) \((?P<stack>\S+) in chips\)")
_BOARD: Final = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]$")
_PAID: Final = re.compile(
    r"^Seat \d{1,6}: (?P<name>.+?) (?:\([a-z ]+\) )? *(?:collected|showed \[[^\]]*\] and won) \((?P<amount>[^)]*)\)"
)
_UNCALLED: Final = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")


def sniff(head: str) -> bool:
    """An Enet file: ``Game #n: game (€sb/€bb) - hh:mm:ss d.m.yyyy``."""
    return _START.match(head) is not None


def _amount(text: str) -> Decimal:
    """``€0,25`` (a decimal comma), ``€1.234,50`` (points between thousands)."""
    return localised_amount(text.strip())


def parse_enet(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``Game #…``)."""
    draft = HandDraft(file, number, first_line, site="Enet", source_format="enet")
    start = _START.match(lines[0].strip())
    if start is None:
        raise HandHistoryError("no game, stakes and time in the first line", line=first_line)
    draft.hand_id = start["id"]
    if start["game"] not in _GAMES:
        raise HandHistoryError(
            f"{shorten(start['game'])} is not replayed here yet", line=first_line
        )
    letter, draft.game = _GAMES[start["game"]]
    draft.small_blind, draft.big_blind = _amount(start["sb"]), _amount(start["bb"])
    draft.currency = "EUR" if "€" in start["bb"] else None
    draft.time = f"{start['y']}-{int(start['m']):02d}-{int(start['d']):02d}T{start['time']}"
    draft.fields = {"header": lines[0].strip()}
    bets = RoundBets()
    names: set[str] = set()
    summary = False
    rake = Decimal(0)
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + offset
        if not line:
            continue
        if line.startswith("*** SUMMARY"):
            summary = True
            continue
        if summary:
            paid = _PAID.match(line)
            if paid and paid["name"] in names:
                draft.collected.append((paid["name"], _amount(paid["amount"]), 0))
            continue
        if line.startswith("Table '"):
            table = _TABLE.match(line)
            if table is None:
                raise HandHistoryError(f"no button in {shorten(repr(line))}", line=where)
            draft.table, draft.button = table["table"], int(table["button"])
            betting: Betting = "pot-limit" if "Pot Limit" in draft.table else "no-limit"
            if "Fixed Limit" in draft.table or (draft.table.endswith(" Limit") and "Pot" not in draft.table and "No" not in draft.table):  # fmt: skip
                betting = "fixed-limit"
            draft.betting = betting
            draft.variant = {"pot-limit": "P", "no-limit": "N", "fixed-limit": "F"}[
                betting
            ] + letter
            continue
        seat = _SEAT.match(line)
        if seat and not draft.posts:
            place = seat_number(seat["seat"], where)
            names.add(seat["name"])
            draft.seats.append((place, seat["name"], _amount(seat["stack"]), True))
            continue
        if line.startswith("Rake: "):
            rake += _amount(line.removeprefix("Rake: "))
            continue
        board = _BOARD.match(line)
        if board:
            bets.new_round()
            on_board = {card for a in draft.actions if a[0] == "deal-board" for card in a[3]}
            new = tuple(card for card in site_cards(board["cards"]) if card not in on_board)
            draft.actions.append(("deal-board", None, None, new, 0, where, False))
            continue
        returned = _UNCALLED.match(line)
        if returned and returned["name"] in names:
            draft.returned.append((returned["name"], _amount(returned["amount"]), where))
            continue
        name, words = speaker(line, names)
        if name is not None:
            _act(draft, bets, name, words, where)
    if not draft.variant:
        raise HandHistoryError("a hand without its table line (the betting)")
    draft.rake = rake
    returned_to: dict[str, Decimal] = {}
    for name, amount, _ in draft.returned:
        returned_to[name] = returned_to.get(name, Decimal(0)) + amount
    draft.collected = [
        (name, amount - returned_to.pop(name, Decimal(0)), pot)
        for name, amount, pot in draft.collected
    ]
    draft.collected = [entry for entry in draft.collected if entry[1] > 0]
    mucks_unshown(draft, first_line + len(lines) - 1)
    return finished_hand(draft, returns_written=True)


def _act(draft: HandDraft, bets: RoundBets, name: str, words: str, where: int) -> None:
    all_in = words.endswith(" and is all-in")
    words = words.removesuffix(" and is all-in")
    verb, _, rest = words.partition(" ")
    if words.startswith(("posts small blind ", "posts big blind ")):
        kind = "small" if words.startswith("posts small") else "big"
        amount = _amount(words.rpartition(" ")[2])
        draft.posts.append((name, kind, amount, where))
        bets.add(name, amount)
    elif verb in ("folds", "checks"):
        add_action(draft, bets, PLAY_VERBS[verb], name, None, where)
    elif verb in ("calls", "bets"):
        add_action(draft, bets, PLAY_VERBS[verb], name, _amount(rest), where, all_in)
    elif verb == "raises":
        add_action(
            draft, bets, "raise-to", name, _amount(rest.rpartition(" to ")[2]), where, all_in
        )
    elif verb == "shows":
        cards = rest[rest.find("[") + 1 : rest.find("]")] if "[" in rest else ""
        draft.actions.append(("show", name, None, site_cards(cards), 0, where, False))
    elif verb in ("mucks", "mucked"):
        draft.actions.append(("muck", name, None, (), 0, where, False))


def read_enet(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of an Enet file, streamed; a bad hand comes as its error."""
    return text_hands(path, lambda line: _START.match(line) is not None, parse_enet)


FORMAT: Final = SiteFormat("enet", "Enet", sniff, read_enet)
