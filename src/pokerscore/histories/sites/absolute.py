"""Absolute Poker and UltimateBet hand histories (the same text): hold'em and Omaha, cash games.

A hand starts ``Stage #C284520999: Holdem No Limit $4 - 2010-12-09 22:49:17 (ET)`` (no limit
and pot limit name the big blind; ``HOLDEM NORMAL $25/$50`` is fixed limit with its small and
big bets; the time is Eastern, kept with its offset on that date), then ``Table: name (Real
Money) Seat #1 is the dealer`` and the seats (``Seat 1 - PLAYER1 ($404 in chips)``). Posts:
``Posts small blind $2``, ``Posts big blind $4``, a new player's ``Posts $0.02`` (a live big
blind out of its place), a returning player's ``Posts $1 dead $0.50`` (a live big blind and a
dead small one) or ``Posts dead $40 dead $15`` (40 in all, 15 of it dead). ``Raises $3.50 to
$4`` gives the total, calls and bets the chips added (``All-In $3.73`` too; before the cards a
blind posted all in), ``All-In(Raise) $9 to $9`` a raise to the total, ``returned ($6) : not
called`` an uncalled bet, ``Collects $8.55 from main pot`` what the site paid after rake. The summary's ``Total
Pot($9.50) | Rake ($0.45) | Jackpot Rake ($0.50)``: the pot, and the rake with the jackpot fee
taken from the pot counted in it; the replay checks them all (not in a walk, where the site
counts the big blind's unmatched part in the pot and the payout). UltimateBet's files of the
same network (Cereus, 2010: fpdb's public sample) write no site words, in their text or their
names (``IHH20101106 … (Real Money) Table n.txt``, as Absolute's): their hands read as
Absolute's, with Absolute's site name. A 7-2 table (``$4 (7-2)``) is read; a hand that pays its
7-2 proposition (``Collects $40 from 72 proposition pot``: money paid outside the pot) is refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Final
from zoneinfo import ZoneInfo

from pokerscore._support.errors import shorten
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    PLAY_VERBS,
    RoundBets,
    add_action,
    finished_hand,
    line_player,
    mucks_unshown,
    seat_number,
)
from pokerscore.histories.sites.text import text_hands

_START: Final = re.compile(r"^Stage #(?P<id>[A-Z]?\d+): ")
_HEADER: Final = re.compile(
    r"^Stage #(?P<id>[A-Z]?\d+): (?P<game>.+?) +"
    r"(?P<betting>No Limit|Pot Limit|Normal|Limit) +(?P<stakes>\S+)(?: \(7-2\))? *- "
    r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{2}:\d{2}:\d{2})(?: \((?P<zone>[A-Z]+)\))?",
    re.IGNORECASE,
)
_GAMES: Final = {"holdem": ("T", "holdem"), "omaha": ("O", "omaha"),
                 "omaha hi/lo": ("O/8", "omaha-hi-lo")}  # fmt: skip
_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "no limit": ("N", "no-limit"),
    "pot limit": ("P", "pot-limit"),
    "normal": ("F", "fixed-limit"),
    "limit": ("F", "fixed-limit"),
}
_ZONES: Final = {"ET": "America/New_York", "CET": "Europe/Paris", "GMT": "UTC", "UTC": "UTC"}
_TABLE: Final = re.compile(
    r"^Table: (?P<table>.*?)(?: \([^)]*\))? Seat #(?P<button>\d{1,6}) is the dealer$"
)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}) - (?P<name>.+?) \((?P<stack>\S+) in chips\)(?P<rest>.*)$"
)
_BOARD: Final = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* (?P<cards>(?:\[[^\]]*\] ?)+)$")
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_TOTAL: Final = re.compile(r"^Total Pot\((?P<total>[^)]*)\)(?P<rest>.*)$")
_COLLECTS: Final = re.compile(
    r"^(?P<name>.+?) Collects (?P<amount>\S+) from (?P<pot>main pot|side pot(?: ?\d+)?)"
)


_FEES: Final = re.compile(r"\| (?:Jackpot )?Rake \(([^)]*)\)")
_NOT_DIGIT: Final = re.compile(r"\D")
_BLIND_POST: Final = re.compile(r"(small|big) blind (\S+)")
_DEAD_POST: Final = re.compile(r"(dead )?(\S+) dead (\S+)")


def sniff(head: str) -> bool:
    """An Absolute or UltimateBet file: it starts ``Stage #n: ``."""
    return _START.match(head) is not None


def _time(date: str, clock: str, zone: str | None) -> str:
    iso = f"{date}T{clock}"
    name = _ZONES.get(zone or "")
    if name is None:
        return iso
    return datetime.fromisoformat(iso).replace(tzinfo=ZoneInfo(name)).isoformat()


def parse_absolute(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``Stage #…``)."""
    draft = HandDraft(file, number, first_line, site="Absolute", source_format="absolute")
    header = _HEADER.match(lines[0].strip())
    if header is None:
        raise HandHistoryError(
            f"no game, stakes and time in {shorten(repr(lines[0].strip()))}", line=first_line
        )
    draft.hand_id = header["id"]
    game = header["game"].lower()
    if game not in _GAMES:
        raise HandHistoryError(
            f"{shorten(header['game'])} is not replayed here yet", line=first_line
        )
    letter, draft.game = _GAMES[game]
    betting_letter, draft.betting = _BETTING[header["betting"].lower()]
    draft.variant = betting_letter + letter
    stakes = header["stakes"].split("/")
    if draft.betting == "fixed-limit" and len(stakes) == 2:
        draft.small_blind, draft.big_blind = money(stakes[0]), money(stakes[1])
    else:
        draft.big_blind = money(stakes[-1])
        draft.small_blind = draft.big_blind / 2
    draft.currency = "USD" if "$" in header["stakes"] else None
    draft.time = _time(header["date"], header["time"], header["zone"])
    draft.fields = {"header": lines[0].strip()}
    bets = RoundBets()
    names: set[str] = set()
    summary = dealing = False
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + offset
        if not line:
            continue
        if line.startswith("*** SUMMARY"):
            summary = True
            continue
        if summary:
            total = _TOTAL.match(line)
            if total:
                draft.total = money(total["total"])
                fees = _FEES.findall(total["rest"])
                if fees:  # the jackpot fee is taken from the pot too: counted as rake
                    draft.rake = sum((money(fee) for fee in fees), Decimal(0))
            continue
        if line.startswith("Table: "):
            table = _TABLE.match(line)
            if table is None:
                raise HandHistoryError(f"no dealer in {shorten(repr(line))}", line=where)
            draft.table, draft.button = table["table"], int(table["button"])
            continue
        seat = _SEAT.match(line)
        if seat and not draft.posts:
            place = seat_number(seat["seat"], where)
            names.add(seat["name"])
            draft.seats.append((place, seat["name"], money(seat["stack"]), True))
            continue
        if line.startswith("*** "):
            dealing = True  # the posts are over
            board = _BOARD.match(line)
            if board:
                bets.new_round()
                last = board["cards"].rstrip().rsplit("[", 1)[-1].rstrip("] ")
                draft.actions.append(("deal-board", None, None, site_cards(last), 0, where, False))
            continue
        dealt = _DEALT.match(line)
        if dealt:
            if dealt["name"] in names:
                draft.actions.append(("deal-hole", dealt["name"], None, site_cards(dealt["cards"]), 0, where, False))  # fmt: skip
            continue
        if " Collects " in line and line.endswith(" proposition pot"):
            raise HandHistoryError(
                "a 7-2 proposition's payment (money paid outside the pot) is not replayed here",
                line=where,
            )
        collects = _COLLECTS.match(line)
        if collects and collects["name"] in names:
            pot = (
                0
                if collects["pot"] == "main pot"
                else int(_NOT_DIGIT.sub("", collects["pot"]) or 1)
            )
            draft.collected.append((collects["name"], money(collects["amount"]), pot))
            continue
        name, separator, words = line.partition(" - ")
        if not separator or name not in names:
            name_found, rest = line_player(line, names)
            if name_found is None or not rest.startswith("- "):
                continue  # table notices
            name, words = name_found, rest[2:]
        _act(draft, bets, name, words, where, posting=not dealing)
    mucks_unshown(draft, first_line + len(lines) - 1)
    # a walk: the site writes no return of the big blind's unmatched part and counts it in the
    # pot and the payout, which are then no record of the pot won
    walk = all(a[0] in ("fold", "deal-hole", "muck") for a in draft.actions)
    if walk and not draft.returned:
        draft.total = None
        return finished_hand(draft, returns_written=False, paid_written=False)
    return finished_hand(draft, returns_written=True)


def _act(
    draft: HandDraft, bets: RoundBets, name: str, words: str, where: int, *, posting: bool
) -> None:
    all_in = words.endswith(" (All-In)") or words.endswith(" All-In")
    words = words.removesuffix(" (All-In)").removesuffix(" All-In")
    verb, _, rest = words.partition(" ")
    if verb == "Posts":
        _post(draft, bets, name, rest, where)
    elif verb in ("Folds", "Checks"):
        add_action(draft, bets, PLAY_VERBS[verb.lower()], name, None, where)
    elif verb in ("Calls", "Bets"):
        add_action(draft, bets, PLAY_VERBS[verb.lower()], name, money(rest), where, all_in)
    elif verb == "Raises":
        add_action(draft, bets, "raise-to", name, money(rest.rpartition(" to ")[2]), where, all_in)
    elif verb in ("All-In", "All-In(Raise)"):
        _all_in(draft, bets, name, verb, rest, where, posting=posting)
    elif verb == "returned":
        draft.returned.append((name, money(rest.split(")")[0].strip("( ")), where))
    elif verb == "Shows":
        cards = rest[rest.find("[") + 1 : rest.find("]")] if "[" in rest else ""
        draft.actions.append(("show", name, None, site_cards(cards), 0, where, False))
    elif verb == "Mucks":
        draft.actions.append(("muck", name, None, (), 0, where, False))


def _all_in(
    draft: HandDraft, bets: RoundBets, name: str, verb: str, rest: str, where: int, *, posting: bool
) -> None:
    """``All-In $191.27``: a blind posted all in (before the cards), else the chips added;
    ``All-In(Raise) $1,024.75 to $1,024.75``: a raise to the total."""
    if verb == "All-In(Raise)":
        add_action(draft, bets, "raise-to", name, money(rest.rpartition(" to ")[2]), where, True)
    elif posting:  # the small blind if none is posted yet, else the big one
        kind = "big" if any(posted == "small" for _, posted, _, _ in draft.posts) else "small"
        amount = money(rest)
        draft.posts.append((name, kind, amount, where))
        bets.add(name, amount)
    else:
        add_action(draft, bets, "all-in", name, money(rest), where)


def _post(draft: HandDraft, bets: RoundBets, name: str, rest: str, where: int) -> None:
    blind = _BLIND_POST.fullmatch(rest)
    if blind:
        kind, amount = blind[1], money(blind[2])
        draft.posts.append((name, kind, amount, where))
        bets.add(name, amount)
        return
    if " " not in rest:  # "Posts $0.02": a new player's big blind, live, out of its place
        amount = money(rest)
        draft.posts.append((name, "big", amount, where))
        bets.add(name, amount)
        return
    dead = _DEAD_POST.fullmatch(rest)
    if dead is None:
        raise HandHistoryError(f"unknown post {shorten(repr(rest))}", line=where)
    first, extra = money(dead[2]), money(dead[3])
    live = first - extra if dead[1] else first  # "dead $40 dead $15": 40 in all
    draft.posts.append((name, "big", live, where))
    draft.posts.append((name, "small", extra, where))  # out of its place: dead money
    bets.add(name, live)


def read_absolute(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of an Absolute (or UltimateBet) file, streamed; a bad hand comes as its error."""
    return text_hands(path, lambda line: _START.match(line) is not None, parse_absolute)


FORMAT: Final = SiteFormat("absolute", "Absolute Poker", sniff, read_absolute)
