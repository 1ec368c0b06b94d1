"""BetOnline (Chico network) hand histories and its skins' (PayNoRake, ActionPoker, Gear Poker):
text in PokerStars' shape, hold'em and Omaha, cash games and tournaments.

A hand starts ``BetOnline Poker Game #n: Tournament #t: Hold'em $10.00/$20.00 - 2011/08/07
16:02 Eastern Daylight Time`` (or ``PayNoRake Game #n: Hold'em No Limit ($0.25/0.50) - …``,
``Gear Poker Game #n: Hold'em - 2012-04-09 12:14:36``); the zone is a Windows zone name, kept as
its offset on that date (``tzdata``). ``Table '…' 10-Max, Seat #9 is the button`` (a button seat
no player has, as some tournament hands write, is the seat before the small blind's), the seats
(``- Sitting out`` is not dealt in), posts, ``raises 40.00 to 40.00`` (Gear Poker: ``Raises
1000.00 and is All In.``, the total), calls and bets as the chips added, ``Uncalled bet (470.00)
returned to …``, ``shows 3c 3d``. The site's record: the summary's ``Total pot 0.95 | Rake
0.05`` and each seat's ``collected (0.95)`` or ``showed [7h Jh] and won (0.95)``, after rake;
the replay checks them. The pot is written after the rake. Gear Poker numbers its seats the other way round the table,
writes no returned bet and no board of a hand all in before the flop (such a hand is refused:
its board is unknown).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Final
from zoneinfo import ZoneInfo

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import MAX_SEAT, HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import BETTING, speaker
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    PLAY_VERBS,
    RoundBets,
    add_action,
    add_post,
    finished_hand,
    mucks_unshown,
    seat_number,
)
from pokerscore.histories.sites.text import text_hands

_START: Final = re.compile(
    r"^(?P<skin>BetOnline Poker|PayNoRake|ActionPoker\.com|Gear Poker) Game #(?P<id>\d+): "
)
_HEADER: Final = re.compile(
    r"^(?P<skin>[^#]+?) Game #(?P<id>\d+): (?:Tournament #(?P<tournament>\d+): )?"
    r"(?P<game>Hold'em|Omaha Hi/Lo|Omaha)(?: (?P<betting>No Limit|Pot Limit|Limit|Fixed Limit))?"
    r"(?: \(?(?P<sb>[^/\s()]+)/(?P<bb>[^/\s()]+)\)?)? - "
    r"(?P<date>\d{4}[-/]\d{2}[-/]\d{2}) (?P<time>\d{2}:\d{2}(?::\d{2})?)(?: (?P<zone>.+))?$"
)
_GAME: Final = re.compile(r"^\S.* Game #\d+: (?:Tournament #\d+: )?(?P<game>[^-$(]+?)(?: [(-]|$)")
_GAMES: Final = {"Hold'em": ("T", "holdem"), "Omaha": ("O", "omaha"),
                 "Omaha Hi/Lo": ("O/8", "omaha-hi-lo")}  # fmt: skip
_TABLE: Final = re.compile(
    r"^Table (?P<table>.*?),? (?:\d+-Max,? )?Seat #(?P<button>\d{1,9}) is the button$"
)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}): (?P<name>.+?) \((?P<stack>\S+) in [Cc]hips\)(?P<rest>.*)$"
)
_BOARD: Final = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* (?P<cards>(?:\[[^\]]*\] ?)+)$")
_DEALT: Final = re.compile(r"^Dealt [Tt]o (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_UNCALLED: Final = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")
_TOTAL: Final = re.compile(r"^Total [Pp]ot (?P<total>\S+)(?: \| Rake (?P<rake>\S+))?")
_WON: Final = re.compile(
    r"^Seat \d{1,6}: (?P<name>.+?)(?: \((?:Button|Small Blind|Big Blind)\))? +"
    r"(?:showed \[[^\]]*\] and won|collected) \((?P<amount>[^)]*)\)"
)
WINDOWS_ZONES: Final = {
    "Eastern Daylight Time": "America/New_York",
    "Eastern Standard Time": "America/New_York",
    "Central Daylight Time": "America/Chicago",
    "Central Standard Time": "America/Chicago",
    "Pacific Daylight Time": "America/Los_Angeles",
    "Pacific Standard Time": "America/Los_Angeles",
    "GMT Standard Time": "Europe/London",
    "GMT Daylight Time": "Europe/London",
    "GMT": "UTC",
    "UTC": "UTC",
}
"""The zone names the clients write (Windows' names), as IANA zones."""


_BETTING_SUFFIX: Final = re.compile(r" (?:No Limit|Pot Limit|Fixed Limit|Limit)$")


def sniff(head: str) -> bool:
    """A BetOnline file (or a skin's): a line starts ``BetOnline Poker Game #`` (the file may
    start with tournament notices)."""
    return any(_START.match(line) for line in head.split("\n")[:20])


def _amount(text: str) -> Decimal:
    return money(text.strip().rstrip("."))


def _cards(text: str) -> tuple[Card | None, ...]:
    """``7c 2d``, ``7S 10D`` (upper-case suits, 10 for ten)."""
    cards = []
    for token in text.replace("[", " ").replace("]", " ").split():
        rank, suit = token[:-1].upper(), token[-1:].lower()
        cards.append(("T" if rank == "10" else rank) + suit)
    return site_cards("".join(cards))


def _time(date: str, clock: str, zone: str | None) -> str:
    day = date.replace("/", "-")
    clock = clock if clock.count(":") == 2 else clock + ":00"
    iso = f"{day}T{clock}"
    name = WINDOWS_ZONES.get((zone or "").strip())
    if name is None:
        return iso
    moment = datetime.fromisoformat(iso).replace(tzinfo=ZoneInfo(name))
    return moment.isoformat()


def parse_betonline(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``… Game #n: …``)."""
    draft = HandDraft(file, number, first_line, site="BetOnline", source_format="betonline")
    _header(draft, lines[0].strip(), first_line)
    bets = RoundBets()
    names: set[str] = set()
    summary = False
    board_done = False
    button_seen = 0
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
                draft.total = _amount(total["total"])
                if total["rake"]:  # the pot is written after the rake
                    draft.rake = _amount(total["rake"])
                    draft.total += draft.rake
                continue
            if line.startswith("Board [") and not board_done:
                _summary_board(draft, line, where)
                board_done = True
                continue
            won = _WON.match(line)
            if won and won["name"] in names and _amount(won["amount"]):
                draft.collected.append((won["name"], _amount(won["amount"]), 0))
            continue
        if line.startswith("Table "):
            table = _TABLE.match(line)
            if table is None:
                raise HandHistoryError(f"no button in {shorten(repr(line))}", line=where)
            draft.table = table["table"].strip("'")
            button_seen = int(table["button"])
            continue
        seat = _SEAT.match(line)
        if seat and not draft.posts and not draft.actions:
            number_ = seat_number(seat["seat"], where)
            names.add(seat["name"])  # one sitting out who posts or acts is dealt in
            draft.seats.append((number_, seat["name"], _amount(seat["stack"]), True))
            continue
        if line.startswith("*** "):
            board = _BOARD.match(line)
            if board:
                bets.new_round()
                last = board["cards"].rstrip().rsplit("[", 1)[-1]
                cards = _cards(last) if board["cards"].count("[") > 1 else _cards(board["cards"])
                draft.actions.append(("deal-board", None, None, cards, 0, where, False))
            continue
        dealt = _DEALT.match(line)
        if dealt:
            if dealt["name"] in names and dealt["cards"].strip():
                draft.actions.append(("deal-hole", dealt["name"], None, _cards(dealt["cards"]), 0, where, False))  # fmt: skip
            continue
        returned = _UNCALLED.match(line)
        if returned and returned["name"] in names:
            draft.returned.append((returned["name"], _amount(returned["amount"]), where))
            continue
        name, words = speaker(line, names)
        if name is None:
            shown = line.partition(" shows ")
            if shown[1] and shown[0] in names:
                draft.actions.append(("show", shown[0], None, _cards(shown[2]), 0, where, False))
            continue  # table notices: joins, leaves, "Tournament will start"
        _act(draft, bets, name, words, where)
    draft.button = _button(draft, button_seen)
    _stakes_from_posts(draft)
    mucks_unshown(draft, first_line + len(lines) - 1)
    if draft.total and not any(a[0] == "deal-board" for a in draft.actions):
        in_hand = {a[1] for a in draft.actions if a[0] in ("check-call", "bet-raise")}
        folded = {a[1] for a in draft.actions if a[0] == "fold"}
        if len(in_hand - folded) > 1:
            raise HandHistoryError("all in before the flop, but the site writes no board")
    gear = draft.fields.get("skin") == "Gear Poker"
    if not gear:
        return finished_hand(draft, returns_written=True)
    # Gear Poker's seats run the other way round the table (the small blind sits at the seat
    # below the button's): the table's order is read from the seats turned round
    draft.seats = [(MAX_SEAT - seat, name, stack, out) for seat, name, stack, out in draft.seats]
    draft.button = MAX_SEAT - draft.button
    hand = finished_hand(draft, returns_written=False)
    seats = tuple(
        dataclasses.replace(seat, seat=MAX_SEAT - (seat.seat or 0)) for seat in hand.seats
    )
    return dataclasses.replace(hand, seats=seats)


def _summary_board(draft: HandDraft, line: str, where: int) -> None:
    """The summary's board: the cards the play did not deal (a hand all in before the turn
    writes no turn or river line), dealt street by street after the play."""
    board = _cards(line.removeprefix("Board "))
    dealt = sum(len(a[3]) for a in draft.actions if a[0] == "deal-board")
    while dealt < len(board):
        size = 3 if dealt == 0 else 1
        draft.actions.append(
            ("deal-board", None, None, board[dealt : dealt + size], 0, where, False)
        )
        dealt += size


def _button(draft: HandDraft, said: int) -> int:
    """The button's seat: as written, or, where no player has that seat, the seat before the
    small blind's."""
    seats = sorted(seat for seat, *_ in draft.seats)
    if said in seats or not seats:
        return said
    small = next((name for name, kind, *_ in draft.posts if kind == "small"), None)
    seat_of = {name: seat for seat, name, *_ in draft.seats}
    if small is None:
        return said
    dealt = {name for name, *_ in draft.posts} | {a[1] for a in draft.actions if a[1]}
    playing = sorted(seat for seat, name, *_ in draft.seats if name in dealt)
    before = [seat for seat in playing if seat < seat_of[small]]
    return before[-1] if before else playing[-1]


def _header(draft: HandDraft, line: str, where: int) -> None:
    header = _HEADER.match(line)
    if header is None:
        game = _GAME.match(line)
        named = _BETTING_SUFFIX.sub("", game["game"]) if game else ""
        if named and named not in _GAMES:
            raise HandHistoryError(f"{shorten(named)} is not replayed here yet", line=where)
        raise HandHistoryError(f"no game and date in {shorten(repr(line))}", line=where)
    draft.hand_id = header["id"]
    letter, draft.game = _GAMES[header["game"]]
    betting_letter, draft.betting = BETTING[header["betting"] or "No Limit"]
    draft.variant = betting_letter + letter
    draft.tournament = header["tournament"]
    if header["bb"]:
        draft.small_blind, draft.big_blind = money(header["sb"]), money(header["bb"])
    dollars = "$" in (header["sb"] or "") + (header["bb"] or "")
    draft.currency = "USD" if dollars and not draft.tournament else None
    draft.time = _time(header["date"], header["time"], header["zone"])
    draft.site = header["skin"].removesuffix(" Poker").removesuffix(".com")
    draft.fields = {"header": line, "skin": header["skin"]}


def _stakes_from_posts(draft: HandDraft) -> None:
    """A tournament's header keeps the old level's stakes a few hands after the blinds rise
    (``Hold'em $10.00/$20.00`` over posts of 15.00 and 30.00): where both blinds are posted
    above the header's (a short blind posts less, never more), the posts are the stakes."""
    if draft.tournament is None or draft.betting == "fixed-limit":
        return  # fixed limit: the header gives the bets, the blinds come from the posts
    posted = {kind: amount for _, kind, amount, _ in draft.posts if kind in ("small", "big")}
    small, big = posted.get("small"), posted.get("big")
    if (
        small is not None
        and big is not None
        and small > draft.small_blind
        and big > draft.big_blind
    ):
        draft.small_blind, draft.big_blind = small, big


def _act(draft: HandDraft, bets: RoundBets, name: str, words: str, where: int) -> None:
    words = words.rstrip(".")
    all_in = words.lower().endswith(" and is all in")
    if all_in:
        words = words[: -len(" and is all in")]
    verb, _, rest = words.partition(" ")
    verb = verb.lower()
    if verb == "posts":
        kind_text, _, amount_text = rest.rpartition(" ")
        kind = {"small blind": "small", "big blind": "big", "the ante": "ante", "ante": "ante"}.get(kind_text.lower())  # fmt: skip
        if kind is None:
            raise HandHistoryError(f"unknown post {shorten(repr(words))}", line=where)
        amount = _amount(amount_text)
        add_post(draft, bets, name, kind, amount, where)
    elif verb in ("folds", "checks"):
        add_action(draft, bets, PLAY_VERBS[verb], name, None, where)
    elif verb in ("calls", "bets"):
        add_action(draft, bets, PLAY_VERBS[verb], name, _amount(rest), where, all_in)
    elif verb == "raises":
        add_action(
            draft, bets, "raise-to", name, _amount(rest.rpartition(" to ")[2]), where, all_in
        )
    elif verb == "shows":
        draft.actions.append(("show", name, None, _cards(rest), 0, where, False))
    elif verb == "mucks":
        draft.actions.append(("muck", name, None, (), 0, where, False))


def starts_hand(line: str) -> bool:
    return _START.match(line) is not None


def read_betonline(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a BetOnline file, streamed; a bad hand comes as its error. Tournament notices
    before the first hand are read past."""
    for hand in text_hands(path, starts_hand, parse_betonline):
        if isinstance(hand, HandHistoryError) and hand.reason == "text before the first hand":
            continue  # "Tournament will start in a moment." and the like
        yield hand


FORMAT: Final = SiteFormat("betonline", "BetOnline", sniff, read_betonline)
