"""Betfair Poker hand histories (text, many hands a file): hold'em and Omaha, cash games.

A hand starts ``***** Betfair Poker Hand History for Game n *****``, then the stakes, game and
time (``PL $0.05/$0.10 Omaha - Sunday, October 18, 20:00:00 GMT 2009``: ``NL`` or ``PL``, the
small and big blinds, the time in GMT), the table (``Table Death 1 6-max (Real Money)``), the
button's seat, the seats (``Seat 1: Hero ( $1 )``; a player who sits out posts and acts
nothing, and so is not dealt in) and ends ``************  Game n ends  ************``. Posts:
``posts small blind [$0.05]``, ``posts big blind [$0.10]`` (a returning player's too) and
``posts small & big blinds [$0.15]`` (the big blind live, the rest dead). Calls and bets are the
chips added, ``raises to [$0.30]`` the player's whole bet (an older ``raises [$0.20]`` the chips
added); ``goes all-in`` is a line of its own before the act it names. The site writes no
uncalled bet, total pot or rake: what it paid is the ``wins $6.26 from side pot #1`` / ``from
main pot`` lines, after rake; the replay checks them (a payout above the pot holds the bet
nobody called, taken back here: the public files show no fold-out to tell which way the site
writes it). Other games (razz, stud) are refused per hand by name.
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
    BETTING_ABBREVIATIONS,
    BRACKETED_SEAT,
    BUTTON_SEAT,
    DEALING_BOARD,
    PLAY_VERBS,
    RoundBets,
    add_action,
    add_post,
    finished_hand,
    line_player,
    localised_cards,
    mucks_unshown,
    seat_number,
    take_back_uncalled,
)
from pokerscore.histories.sites.text import text_hands
from pokerscore.histories.sites.times import iso_time

_START: Final = "***** Betfair Poker Hand History for Game "
_END: Final = re.compile(r"^\*+ +Game \S+ ends +\*+$")
_HEADER: Final = re.compile(
    r"^(?:(?P<betting>NL|PL|FL|Limit) )?(?P<small>[^/\s]+)/(?P<big>\S+) (?P<game>.+?) - "
    r"\w+, (?P<month>[A-Za-z]+) (?P<day>\d{1,2}), (?P<time>\d{2}:\d{2}:\d{2}) "
    r"(?P<zone>[A-Z]{2,4}) (?P<year>\d{4})$"
)
_GAMES: Final = {"Texas Hold'em": ("T", "holdem"), "Omaha": ("O", "omaha"),
                 "Omaha Hi": ("O", "omaha"), "Omaha Hi/Lo": ("O/8", "omaha-hi-lo")}  # fmt: skip
_MONTHS: Final = {name: number for number, name in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), 1)}  # fmt: skip
_CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}
_TABLE: Final = re.compile(r"^Table (?P<table>.+?)(?: \d{1,2}-max)?(?: \((?P<money>[^)]*)\))?$")
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_WINS: Final = re.compile(
    r"^wins (?P<amount>\S+)(?: from (?P<pot>main pot|side pot(?: #?(?P<side>\d{1,4}))?))?(?: .*)?$"
)
_AMOUNT: Final = re.compile(r"^\[(?P<amount>[^\]]*)\]$")
_POSTS: Final = {"small blind": "small", "big blind": "big", "small & big blinds": "both"}


def sniff(head: str) -> bool:
    """A Betfair file: it starts with a hand's first line."""
    return head.startswith(_START)


def parse_betfair(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``***** Betfair Poker Hand History …``)."""
    draft = HandDraft(file, number, first_line, site="Betfair", source_format="betfair")
    draft.hand_id = lines[0].strip().removeprefix(_START).rstrip("* ")
    bets = RoundBets()
    names: set[str] = set()
    header_seen = ended = False
    all_in: set[str] = set()
    put_in = Decimal(0)  # the chips of the rounds before this one
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + offset
        if not line:
            continue
        if not header_seen:
            _header(draft, line, where)
            header_seen = True
            continue
        if _END.match(line):
            ended = True
            break
        if line.startswith("** "):
            board = DEALING_BOARD.match(line)
            if board:
                put_in += sum(bets.bets.values(), Decimal(0))
                bets.new_round()
                draft.actions.append(("deal-board", None, None, localised_cards(board["cards"]), 0, where, False))  # fmt: skip
            elif line.startswith("** Dealing") and "down cards" not in line:
                raise HandHistoryError(f"cannot read {shorten(repr(line))}", line=where)
            continue  # down cards, showdown, the hand's conclusion
        if line.startswith("Table "):
            _table(draft, line, where)
            continue
        button = BUTTON_SEAT.match(line)
        if button:
            draft.button = seat_number(button["seat"], where)
            continue
        seat = BRACKETED_SEAT.match(line)
        if seat and not draft.posts and not draft.actions:
            names.add(seat["name"])
            # listed as sitting out: build_hand deals in only the players who post or act
            draft.seats.append((seat_number(seat["seat"], where), seat["name"], money(seat["stack"]), True))  # fmt: skip
            continue
        dealt = _DEALT.match(line)
        if dealt and dealt["name"] in names:
            draft.actions.append(("deal-hole", dealt["name"], None, localised_cards(dealt["cards"]), 0, where, False))  # fmt: skip
            continue
        name, rest = line_player(line, names)
        if name is None:
            continue  # the table's news
        _act(draft, bets, name, rest, where, all_in)
    if not header_seen:
        raise HandHistoryError("a hand without its stakes and game line", line=first_line)
    if not ended:
        raise HandHistoryError(
            "the file ends inside the hand (no 'Game … ends' line)",
            line=first_line + len(lines) - 1,
        )
    put_in += sum(bets.bets.values(), Decimal(0))
    unmatched = bets.unmatched()
    paid = sum((amount for _, amount, _ in draft.collected), Decimal(0))
    if unmatched is not None and paid > put_in - unmatched[1]:
        take_back_uncalled(draft, bets)  # more than the pot was paid: the bet nobody called
    mucks_unshown(draft, first_line + len(lines) - 1)
    return finished_hand(draft, returns_written=False)


def _header(draft: HandDraft, line: str, where: int) -> None:
    header = _HEADER.match(line)
    if header is None:
        raise HandHistoryError(f"no stakes, game and time in {shorten(repr(line))}", line=where)
    game = header["game"]
    if game not in _GAMES:
        raise HandHistoryError(f"{shorten(game)} is not replayed here yet", line=where)
    letter, draft.game = _GAMES[game]
    betting: tuple[str, Betting] = BETTING_ABBREVIATIONS[header["betting"] or "FL"]
    draft.variant = betting[0] + letter
    draft.betting = betting[1]
    draft.small_blind, draft.big_blind = money(header["small"]), money(header["big"])
    draft.currency = _CURRENCIES.get(header["big"][:1])
    month = _MONTHS.get(header["month"])
    hour, minute, second = (int(part) for part in header["time"].split(":"))
    if month is not None:
        draft.time = iso_time(
            int(header["year"]), month, int(header["day"]), hour, minute, second, header["zone"]
        )
    draft.fields = {"header": line}


def _table(draft: HandDraft, line: str, where: int) -> None:
    table = _TABLE.match(line)
    if table is None:  # the pattern takes any text after "Table "
        raise HandHistoryError(f"cannot read {shorten(repr(line))}", line=where)
    draft.table = table["table"]
    if table["money"] and "real" not in table["money"].lower():
        draft.currency = None  # play money


def _act(
    draft: HandDraft, bets: RoundBets, name: str, rest: str, where: int, all_in: set[str]
) -> None:
    """One line of play: ``rest`` is what follows the player's name."""
    if rest == "goes all-in":
        all_in.add(name)  # the act on the next line of this player's is all in
        return
    verb, _, tail = rest.partition(" ")
    if rest.startswith("posts "):
        kind, _, amount = rest.removeprefix("posts ").rpartition(" ")
        if kind not in _POSTS:
            raise HandHistoryError(f"unknown post {shorten(repr(rest))}", line=where)
        add_post(draft, bets, name, _POSTS[kind], _amount(amount, where), where)
    elif verb in ("folds", "checks") and not tail:
        add_action(draft, bets, PLAY_VERBS[verb], name, None, where)
    elif verb in ("calls", "bets", "raises"):
        to = tail.startswith("to ")
        chips = _amount(tail.removeprefix("to "), where)
        kind = "raise-to" if to else PLAY_VERBS[verb]
        add_action(draft, bets, kind, name, chips, where, name in all_in)
        all_in.discard(name)
    elif verb == "shows":
        cards = tail[tail.find("[") + 1 : tail.find("]")] if "[" in tail and "]" in tail else ""
        draft.actions.append(("show", name, None, localised_cards(cards), 0, where, False))
    elif verb == "mucks":
        draft.actions.append(("muck", name, None, (), 0, where, False))
    elif verb == "wins":
        wins = _WINS.match(rest)
        if wins is None:
            raise HandHistoryError(f"cannot read {shorten(repr(rest))}", line=where)
        pot = 0 if wins["pot"] in (None, "main pot") else int(wins["side"] or 1)
        draft.collected.append((name, money(wins["amount"]), pot))
    elif "[" in rest:  # a player's line with an amount this reader does not know
        raise HandHistoryError(f"cannot read {shorten(repr(rest))}", line=where)
    # anything else is the player's news: sits out, joins, leaves


def _amount(text: str, where: int) -> Decimal:
    """``[$0.10]`` as an amount."""
    found = _AMOUNT.match(text.strip())
    if found is None:
        raise HandHistoryError(f"no amount in {shorten(repr(text))}", line=where)
    return money(found["amount"])


def read_betfair(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Betfair file, streamed; a bad hand comes as its error."""
    return text_hands(path, lambda line: line.startswith(_START), parse_betfair)


FORMAT: Final = SiteFormat("betfair", "Betfair", sniff, read_betfair)
