"""Cake Poker hand histories (text, many hands a file): hold'em and Omaha, cash games and
tournaments (chips).

A hand starts ``Hand#n - table -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30`` (no time
zone: kept without an offset; a tournament's header names it, ``T10651074``, and its stakes
``0/10/20``: ante, small and big blind), the button is ``Dealer: Seat 3`` or the seat marked
``DEALER``. Calls and bets are the chips added, raises ``raises to``, ``is all in $1.63`` the
chips added (a bet, raise or call by what it comes to); uncalled bets are written (``returns
uncalled bet $0.30``), and what each player won after rake (``wins $0.56``): the replay checks
both (except in a walk the site writes no return for, where it counts the big blind's unmatched
part in the payout). Amounts may be written with a decimal comma (``$1,50``). On tables played in euros the
chips are dollars and each amount is followed by its euro value (``$0.25 (EUR €0.20)``): the
hand is read in the dollars of the chips.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, site_cards
from pokerscore.histories.model import MAX_SEAT, HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import speaker
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    BETTING_ABBREVIATIONS,
    PLAY_VERBS,
    RoundBets,
    add_action,
    finished_hand,
    localised_amount,
)
from pokerscore.histories.sites.text import text_hands

_START: Final = re.compile(r"^(?:\ufeff|ï»¿)*Hand#(?P<id>[0-9A-Z]+) - ")
_HEADER: Final = re.compile(
    r"^(?:\ufeff|ï»¿)*Hand#(?P<id>[0-9A-Z]+) - (?P<table>.*?) -- (?:.* -- )?"
    r"(?P<stakes>\S+) (?:(?P<betting>NL|PL|FL|Limit) )?(?P<game>[^-]+?) -- "
    r"(?P<date>\d{4}/\d{2}/\d{2}) - (?P<time>\d{2}:\d{2}:\d{2})$"
)
_GAMES: Final = {"Hold'em": ("T", "holdem"), "Omaha": ("O", "omaha"),
                 "Omaha Hi/Lo": ("O/8", "omaha-hi-lo")}  # fmt: skip
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}): (?P<name>.+?) \((?P<stack>\S+) in chips\)(?P<rest>.*)$"
)
_BOARD: Final = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* \[(?P<cards>[^\]]*)\]$")
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_WINS: Final = re.compile(r"^(?P<name>.+?) wins (?P<amount>\S+)(?: \(EUR [^)]*\))?(?: with .*)?$")
_TOURNAMENT: Final = re.compile(r"\bT(?P<id>\d+)\b")
_CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}


def sniff(head: str) -> bool:
    """A Cake file: it starts ``Hand#`` and its header has the `` -- `` separated fields."""
    first = head.split("\n", 1)[0]
    return _START.match(first) is not None and " -- " in first


def _amount(text: str) -> Decimal:
    """``$0.30``, ``10``, ``$1,50`` (a decimal comma), ``$0.25 (EUR €0.20)`` (the dollars)."""
    return localised_amount(text.split(" (EUR", 1)[0].strip())


def _cards(text: str) -> tuple[Card | None, ...]:
    return site_cards(text.replace(",", ""))


def parse_cake(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``Hand#…``)."""
    draft = HandDraft(file, number, first_line, site="Cake", source_format="cake")
    _header(draft, lines[0].strip(), first_line)
    bets = RoundBets()
    names: set[str] = set()
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + offset
        if not line or line.startswith("***SHOW DOWN"):
            continue
        if line.startswith("Dealer: Seat "):
            draft.button = _seat_number(line.removeprefix("Dealer: Seat "), where)
            continue
        seat = _SEAT.match(line)
        if seat and not draft.actions and not draft.posts:
            number_ = _seat_number(seat["seat"], where)
            if "DEALER" in seat["rest"]:
                draft.button = number_
            names.add(seat["name"])
            # listed as sitting out: build_hand deals in only the players who post or act
            draft.seats.append((number_, seat["name"], _amount(seat["stack"]), True))
            continue
        board = _BOARD.match(line)
        if board:
            bets.new_round()
            draft.actions.append(("deal-board", None, None, _cards(board["cards"]), 0, where, False))  # fmt: skip
            continue
        dealt = _DEALT.match(line)
        if dealt and dealt["name"] in names:
            draft.actions.append(("deal-hole", dealt["name"], None, _cards(dealt["cards"]), 0, where, False))  # fmt: skip
            continue
        name, words = speaker(line, names)
        if name is not None:
            _act(draft, bets, name, words, where)
            continue
        wins = _WINS.match(line)
        if wins and wins["name"] in names:
            draft.collected.append((wins["name"], _amount(wins["amount"]), 0))
        # anything else: chat, players joining or leaving
    done = {name for name, *_ in draft.collected}
    done |= {a[1] for a in draft.actions if a[0] == "fold" and a[1] is not None}
    # "mucks" by a winner or by a player who folded is no muck: only a loser's at the showdown
    draft.actions = [a for a in draft.actions if a[0] != "muck" or a[1] not in done]
    # a hand everybody folds to the blinds (a walk): the site writes no uncalled part of the big
    # blind and counts it in the payout, which is then no record of the pot won
    walk = all(a[0] in ("fold", "deal-hole", "muck") for a in draft.actions)
    lumped = walk and not draft.returned
    return finished_hand(draft, returns_written=not lumped, paid_written=not lumped)


def _header(draft: HandDraft, line: str, where: int) -> None:
    header = _HEADER.match(line)
    if header is None:
        raise HandHistoryError(f"no stakes and game in {shorten(repr(line))}", line=where)
    draft.hand_id = header["id"]
    if header["game"] not in _GAMES:
        raise HandHistoryError(f"{shorten(header['game'])} is not replayed here yet", line=where)
    if header["betting"] is None:
        raise HandHistoryError(f"no betting (NL, PL, FL) in {shorten(repr(line))}", line=where)
    letter, draft.game = _GAMES[header["game"]]
    betting_letter, draft.betting = BETTING_ABBREVIATIONS[header["betting"]]
    draft.variant = betting_letter + letter
    stakes = header["stakes"].split("/")
    if len(stakes) not in (2, 3):
        raise HandHistoryError(f"no stakes in {shorten(repr(header['stakes']))}", line=where)
    draft.small_blind, draft.big_blind = _amount(stakes[-2]), _amount(stakes[-1])
    table = header["table"]
    tournament = _TOURNAMENT.search(table) if len(stakes) == 3 or "CASH" not in line else None
    draft.tournament = tournament["id"] if tournament and len(stakes) == 3 else None
    draft.table = table.split(" -- ")[0]
    symbol = next((c for s, c in _CURRENCIES.items() if s in stakes[-1]), None)
    draft.currency = None if draft.tournament else symbol
    draft.time = header["date"].replace("/", "-") + "T" + header["time"]
    draft.fields = {"header": line}


def _seat_number(text: str, where: int) -> int:
    text = text.strip()
    if not text.isdigit() or len(text) > 6 or int(text) > MAX_SEAT:
        raise HandHistoryError(f"seat {shorten(repr(text))} is not a seat number", line=where)
    return int(text)


def _act(draft: HandDraft, bets: RoundBets, name: str, words: str, where: int) -> None:
    verb, _, rest = words.partition(" ")
    if words.startswith(("posts small blind ", "posts big blind ", "posts ante ")):
        kind = {"small": "small", "big": "big"}.get(words.split(" ")[1], "ante")
        amount = _amount(words.split(" ", 3)[3] if kind != "ante" else words.split(" ", 2)[2])
        draft.posts.append((name, kind, amount, where))
        if kind != "ante":
            bets.add(name, amount)
            if draft.currency == "EUR" and "(EUR" in words:  # the chips are dollars
                draft.currency = "USD"
            if kind == "big":
                draft.big_blind = amount
            elif kind == "small":
                draft.small_blind = amount
    elif verb in ("folds", "checks"):
        add_action(draft, bets, PLAY_VERBS[verb], name, None, where)
    elif verb in ("calls", "bets"):
        add_action(draft, bets, PLAY_VERBS[verb], name, _amount(rest), where)
    elif words.startswith("raises to "):
        add_action(draft, bets, "raise-to", name, _amount(words.removeprefix("raises to ")), where)
    elif words.startswith("is all in "):
        add_action(draft, bets, "all-in", name, _amount(words.removeprefix("is all in ")), where)
    elif words.startswith("returns uncalled bet "):
        draft.returned.append((name, _amount(words.removeprefix("returns uncalled bet ")), where))
    elif verb == "shows":
        cards = rest[rest.find("[") + 1 : rest.find("]")] if "[" in rest else ""
        draft.actions.append(("show", name, None, _cards(cards), 0, where, False))
    elif words == "mucks":
        draft.actions.append(("muck", name, None, (), 0, where, False))
    # "mucks [Td,Qd] (Pair) ." after the result: a mucked hand's cards, no part of the play


def read_cake(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Cake file, streamed; a bad hand comes as its error."""
    return text_hands(path, lambda line: _START.match(line) is not None, parse_cake)


FORMAT: Final = SiteFormat("cake", "Cake Poker", sniff, read_cake)
