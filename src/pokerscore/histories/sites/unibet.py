"""Unibet Poker hand histories (its own client's text, not its iPoker skin's XML): hold'em and
Omaha, cash games and tournaments.

A hand starts ``Unibet Hand #n - 0.03/0.05 - Pot Limit Omaha - UTC 21:59:40 2026/06/05`` (a
tournament's: ``Unibet Hand #n, Tournament #t, €0.93 + €0.07 - 25.00/50.00 - No Limit Hold'Em
- Total prize €4 - UTC …``) then ``Table "86113818" 6-max``; the older client's ``Game #n: Table
€1 NL - 0.05/0.10 - No Limit Hold'Em Banzai - 13:22:50 2021/04/04`` (no zone: the time is kept
without an offset; ``Banzai`` its fast-fold tables). A file may open with ``=== HAND HISTORIES
===``. Sections ``*** Seated players ***`` (``Seat 1: name (€1.53)``, ``(sitting out)``),
``*** Blinds and button ***`` (``name has the button``, ``posts small blind €0.03``),
``*** Hole cards ***``, the streets (``*** Turn *** [2h 3s 6s] [Qs]``: the board so far) and
``*** Summary ***`` (``Total pot €0.15 Rake €0.01``, the pot before the rake, a bet returned
counted in it). Calls and bets are the chips added, ``raises €0.95 to €0.95`` gives the total,
``, and is all-in`` ends an all-in's line; ``Uncalled bet returned to name: €0.72``, or no line
and the bet left in the bettor's ``wins €1.10`` (taken back here as the returned bet); ``wins
€0.14`` / ``wins €1 from main pot`` / ``wins side pot #1, €2`` what the site paid. A hand no
``wins`` line pays (a walk) records no payout. The saver's name carries the session's token
(``hero[Unibet_28204e08…]``), taken off so the player is one player from session to session.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.histories.draft import HandDraft, money
from pokerscore.histories.model import Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    PLAY_VERBS,
    RoundBets,
    add_action,
    add_post,
    deal_new_cards,
    finished_hand,
    line_player,
    localised_cards,
    mucks_unshown,
    seat_number,
    take_back_uncalled,
)
from pokerscore.histories.sites.text import text_hands
from pokerscore.histories.sites.times import site_time

_BANNER: Final = "=== HAND HISTORIES ==="
_START: Final = re.compile(r"^(?:Unibet Hand #\d+[ ,]|Game #\d+: Table \S+ (?:NL|PL|FL) - )")
_HEADER: Final = re.compile(
    r"^(?:Unibet Hand #(?P<id>\d+)(?:, Tournament #(?P<tournament>\d+), [^-]*)?"
    r"|Game #(?P<old_id>\d+): Table (?P<table>\S+ (?:NL|PL|FL)))"
    r" - (?P<small>[\d.,]+)/(?P<big>[\d.,]+) - (?P<game>.+?)(?: - Total prize \S+)?"
    r" - (?P<zone>UTC )?(?P<time>\d{1,2}:\d{2}:\d{2}) (?P<date>\d{4}/\d{2}/\d{2})$"
)
_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "No Limit": ("N", "no-limit"),
    "Pot Limit": ("P", "pot-limit"),
    "Fixed Limit": ("F", "fixed-limit"),
    "Limit": ("F", "fixed-limit"),
}
_GAMES: Final = {"Hold'Em": ("T", "holdem"), "Omaha": ("O", "omaha"),
                 "Omaha Hi/Lo": ("O/8", "omaha-hi-lo")}  # fmt: skip
_GAME: Final = re.compile(r"^(?P<betting>No Limit|Pot Limit|Fixed Limit|Limit) (?P<game>.+?)(?: Banzai)?$")  # fmt: skip
_CURRENCIES: Final = {"€": "EUR", "$": "USD", "£": "GBP"}
_TOKEN: Final = re.compile(r"\[Unibet_[0-9a-fA-F]+\]")
_TABLE: Final = re.compile(r'^Table "(?P<table>[^"]*)"(?: \d{1,2}-max)?$')
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}): (?P<name>.+?) \((?P<stack>[^()]*)\)(?P<out> \(sitting out\))?$"
)
_STREET: Final = re.compile(r"^\*\*\* (?P<street>[A-Za-z ]+?) \*\*\*(?P<cards>.*)$")
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_UNCALLED: Final = re.compile(r"^Uncalled bet returned to (?P<name>.+): (?P<amount>\S+)$")
_TOTAL: Final = re.compile(r"^Total pot (?P<total>\S+)(?: Rake (?P<rake>\S+))?$")
_WINS: Final = re.compile(
    r"^wins (?:(?P<named>main pot|side pot(?: #(?P<named_side>\d{1,4}))?), )?(?P<amount>[^\s,]+)"
    r"(?: from (?P<pot>main pot|side pot(?: #(?P<side>\d{1,4}))?))?$"
)
_POSTS: Final = {
    "small blind": "small",
    "big blind": "big",
    "small & big blinds": "both",
    "straddle": "straddle",
    "the ante": "ante",
    "the ant": "ante",
}
_NOTICE: Final = re.compile(r" +\((?:timed out|disconnect(?:ed)?)\)$")
_ALL_IN: Final = ", and is all-in"


def sniff(head: str) -> bool:
    """A Unibet file: it starts with a hand's first line (after the file's title, if any)."""
    first = head.removeprefix(_BANNER).lstrip()
    return _START.match(first) is not None


def parse_unibet(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``Unibet Hand #…`` or ``Game #…: Table …``)."""
    draft = HandDraft(file, number, first_line, site="Unibet", source_format="unibet")
    _header(draft, _TOKEN.sub("", lines[0].strip()), first_line)
    bets = RoundBets()
    names: set[str] = set()
    section = "seats"
    told_back = False
    for offset, raw in enumerate(lines[1:], 1):
        line = _TOKEN.sub("", raw.strip())
        where = first_line + offset
        if not line:
            continue
        street = _STREET.match(line)
        if street:
            section = street["street"].lower()
            if section in ("flop", "turn", "river"):
                deal_new_cards(draft, localised_cards(street["cards"]), where, bets=bets)
            continue
        if section == "summary":
            total = _TOTAL.match(line)
            if total:
                draft.total = _amount(total["total"])
                if total["rake"] is not None:
                    draft.rake = _amount(total["rake"])
            continue  # each seat's bet, win and net: the wins and the replay say it
        if section in ("seats", "seated players"):
            _seat_or_table(draft, line, names, where)
            continue
        dealt = _DEALT.match(line)
        if dealt and dealt["name"] in names:
            draft.actions.append(("deal-hole", dealt["name"], None, localised_cards(dealt["cards"]), 0, where, False))  # fmt: skip
            continue
        if line.startswith("Dealt in "):
            continue  # dealt cards nobody saw
        uncalled = _UNCALLED.match(line)
        if uncalled and uncalled["name"] in names:
            amount = _amount(uncalled["amount"])
            draft.returned.append((uncalled["name"], amount, where))
            told_back = True
            continue
        name, rest = line_player(line, names)
        if name is None:
            raise HandHistoryError(f"cannot read {shorten(repr(line))}", line=where)
        _act(draft, bets, name, _NOTICE.sub("", rest), where)
    if section != "summary":
        raise HandHistoryError(
            "the hand stops before its summary (the file ends inside it)",
            line=first_line + len(lines) - 1,
        )
    if told_back and draft.total is not None:  # the total counts the bet returned
        draft.total -= sum((amount for _, amount, _ in draft.returned), Decimal(0))
    if not told_back:
        take_back_uncalled(draft, bets)
    _silent_folds(draft)
    mucks_unshown(draft, first_line + len(lines) - 1)
    if not draft.collected:  # a walk: nobody is written as paid
        draft.total = None
        return finished_hand(draft, returns_written=False, paid_written=False)
    return finished_hand(draft, returns_written=True)


def _header(draft: HandDraft, line: str, where: int) -> None:
    header = _HEADER.match(line)
    if header is None:
        raise HandHistoryError(f"no stakes, game and time in {shorten(repr(line))}", line=where)
    draft.hand_id = header["id"] or header["old_id"]
    draft.tournament = header["tournament"]
    draft.table = header["table"]
    game = _GAME.match(header["game"])
    named = _GAMES.get(game["game"]) if game else None
    if game is None or named is None:
        raise HandHistoryError(f"{shorten(header['game'])} is not replayed here yet", line=where)
    letter, draft.game = named
    betting_letter, draft.betting = _BETTING[game["betting"]]
    draft.variant = betting_letter + letter
    draft.small_blind, draft.big_blind = money(header["small"]), money(header["big"])
    moment = f"{header['date']} {header['time']}"
    draft.time = site_time(moment, zone="UTC" if header["zone"] else "")
    draft.fields = {"header": line}


def _seat_or_table(draft: HandDraft, line: str, names: set[str], where: int) -> None:
    """A line of the seats' section: the table, or a seat."""
    table = _TABLE.match(line)
    if table:
        draft.table = table["table"]
        return
    seat = _SEAT.match(line)
    if seat is None:
        raise HandHistoryError(f"cannot read the seat {shorten(repr(line))}", line=where)
    stack = seat["stack"]
    if not draft.seats and draft.tournament is None:  # the currency of a cash table's chips
        draft.currency = _CURRENCIES.get(stack[:1])
    names.add(seat["name"])
    draft.seats.append(
        (seat_number(seat["seat"], where), seat["name"], _amount(stack), bool(seat["out"]))
    )


def _silent_folds(draft: HandDraft) -> None:
    """A player dealt in who neither posts nor acts (the site leaves some folds unwritten: a
    fast fold before the player's turn) folds at his turn before the flop: before the first
    move of a player after him in the order of play, else as the round's last move."""
    acting = {name for name, *_ in draft.posts}
    acting |= {a[1] for a in draft.actions if a[0] != "deal-hole" and a[1]}
    seated = sorted((seat, name) for seat, name, _, out in draft.seats if not out)
    silent = [name for _, name in seated if name not in acting]
    if not silent or len(seated) < 2:
        return
    order = [name for seat, name in seated if seat > draft.button]
    order += [name for seat, name in seated if seat <= draft.button]
    # before the flop the player after the big blind acts first (heads-up: the button)
    turns = order[1:] + order[:1] if len(order) == 2 else order[2:] + order[:2]
    place = {name: at for at, name in enumerate(turns)}
    for name in silent:
        flop = next(
            (at for at, action in enumerate(draft.actions) if action[0] == "deal-board"),
            len(draft.actions),
        )
        later = next(
            (
                at
                for at, (kind, who, *_) in enumerate(draft.actions[:flop])
                if kind in ("fold", "check-call", "bet-raise") and place[who or ""] > place[name]
            ),
            flop,
        )
        line = draft.actions[min(later, len(draft.actions) - 1)][5] if draft.actions else draft.line
        draft.actions.insert(later, ("fold", name, None, (), 0, line, False))


def _act(draft: HandDraft, bets: RoundBets, name: str, rest: str, where: int) -> None:
    """One line of play: ``rest`` is what follows the player's name."""
    all_in = rest.endswith(_ALL_IN)
    rest = rest.removesuffix(_ALL_IN)
    verb, _, tail = rest.partition(" ")
    if rest == "has the button":
        draft.button = next(seat for seat, who, *_ in draft.seats if who == name)
    elif verb == "posts":
        kind, _, amount = tail.rpartition(" ")
        if kind not in _POSTS:
            raise HandHistoryError(f"unknown post {shorten(repr(rest))}", line=where)
        add_post(draft, bets, name, _POSTS[kind], _amount(amount), where)
    elif verb in ("folds", "checks") and not tail:
        add_action(draft, bets, PLAY_VERBS[verb], name, None, where)
    elif verb in ("calls", "bets"):
        add_action(draft, bets, PLAY_VERBS[verb], name, _amount(tail), where, all_in)
    elif verb == "raises":
        total = _amount(tail.rpartition(" to ")[2])
        add_action(draft, bets, "raise-to", name, total, where, all_in)
    elif verb == "shows":
        cards = tail[tail.find("[") + 1 : tail.find("]")] if "[" in tail and "]" in tail else ""
        draft.actions.append(("show", name, None, localised_cards(cards), 0, where, False))
    elif verb == "mucks":
        draft.actions.append(("muck", name, None, (), 0, where, False))
    elif verb == "wins" and (wins := _WINS.match(rest)) is not None:
        side = wins["named_side"] or wins["side"]
        pot = 0 if (wins["named"] or wins["pot"] or "main pot") == "main pot" else int(side or 1)
        draft.collected.append((name, _amount(wins["amount"]), pot))
    elif "bounty" in rest or "tournament" in rest:
        pass  # paid outside the pot: bounties, the tournament's places
    elif rest.startswith("cashed out"):
        raise HandHistoryError("a hand cashed out is not replayed here yet", line=where)
    elif rest not in ("sits out", "is sitting out"):
        raise HandHistoryError(f"cannot read {shorten(repr(rest))}", line=where)


def _amount(text: str) -> Decimal:
    """``€0.05``, ``$1``, ``25`` (tournament chips), ``€-0.05``: an amount."""
    return money(text.lstrip("€$£"))


def read_unibet(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Unibet file, streamed; a bad hand comes as its error."""
    return text_hands(
        path,
        lambda line: _START.match(line) is not None,
        parse_unibet,
        banner=lambda line: line.strip() == _BANNER,
    )


FORMAT: Final = SiteFormat("unibet", "Unibet", sniff, read_unibet)
