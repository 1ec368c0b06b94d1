"""King's Club hand histories (text, many hands a file): hold'em, Omaha and Omaha hi/lo,
seven-card stud, stud hi/lo and razz, 2-7 triple and single draw; A-5 single draw, Drawmaha and
Badacey are refused per hand by name.

A hand starts ``#39969377: No Limit Holdem - 5/10``, then the time (``2021-01-02 15:49:35``, no
zone: kept without an offset), ``Table '8 Game Mix' Seat 6 is the button`` and the seats (stacks
with thousands separators, ``1,000``); the files name no currency (the stakes are kept as
chips). Calls are written as the bet called (``calls 25`` after a big blind of 10 adds 15),
raises ``raises to``, ``and is all in``; cards nobody saw are ``[X X]``. A street's line carries
the board so far (``*** RIVER *** [2s Th 6h 7c] [5s]``, all five at once in a hand all in
before the flop): the cards not dealt yet are dealt street by street. The summary is the
site's record the replay checks: each seat's stack after the hand (``Seat 1: Player0 (900.55)
+40.17``) and the rake (``Rake 1``); its ``wins pot`` lines leave out a side pot nobody
contested, so the stacks are the record read.

Stud: the first cards are dealt before any street's line (``Dealt to Player0: [X X Td]``), a
street's line numbers the street before it (``*** 3RD STREET ***`` opens fourth street), one
card each after; no button (the seats in their order); ``brings in for``. Draw: ``Hero
discards [Ts Jh] draws [3c 6c]``, ``Player0 draws 2``, ``stands pat``; a draw run more than once
(``draws [6d] [3h]``) is refused.

King's Club files start with ``#``, as PHH files may: this format is tried before PHH.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import (
    DRAW_HOLES,
    STUD_GAMES,
    DrawRounds,
    HandDraft,
    StudStreets,
    money,
    site_cards,
)
from pokerscore.histories.model import Betting, HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import speaker
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    RoundBets,
    finished_hand,
    line_player,
    mucks_unshown,
    seat_number,
)
from pokerscore.histories.sites.text import text_hands

_START: Final = re.compile(r"^#(?P<id>\d+): (?P<game>.+) - (?P<stakes>[\d,./]+)\s*$")
_SNIFF: Final = re.compile(r"^#\d+: .+ - [\d,./]+\s*\n\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s*\n")
_GAMES: Final[dict[str, tuple[str, str, Betting]]] = {
    "No Limit Holdem": ("NT", "holdem", "no-limit"),
    "Pot Limit Holdem": ("PT", "holdem", "pot-limit"),
    "Limit Holdem": ("FT", "holdem", "fixed-limit"),
    "No Limit Omaha": ("NO", "omaha", "no-limit"),
    "Pot Limit Omaha": ("PO", "omaha", "pot-limit"),
    "Limit Omaha": ("FO", "omaha", "fixed-limit"),
    "Pot Limit Omaha Hi-Lo": ("PO/8", "omaha-hi-lo", "pot-limit"),
    "Limit Omaha Hi-Lo": ("FO/8", "omaha-hi-lo", "fixed-limit"),
    "No Limit Omaha Hi-Lo": ("NO/8", "omaha-hi-lo", "no-limit"),
    "Limit Seven Card Stud": ("F7S", "stud", "fixed-limit"),
    "Limit Seven Card Stud Hi-Lo": ("F7S/8", "stud-8", "fixed-limit"),
    "Limit Razz": ("FR", "razz", "fixed-limit"),
    "Limit 2-7 Triple Draw": ("F2L3D", "deuce-to-seven-triple-draw", "fixed-limit"),
    "No Limit 2-7 Single Draw": ("N2L1D", "deuce-to-seven-single-draw", "no-limit"),
}
_TABLE: Final = re.compile(r"^Table '(?P<table>.*)'(?: Seat (?P<button>\d{1,6}) is the button)?$")
_STUD_STREET: Final = re.compile(r"^\*\*\* [3-7](?:RD|TH) STREET \*\*\*$")
_DRAW: Final = re.compile(r"^discards \[(?P<thrown>[^\]]*)\] draws (?P<drawn>(?:\[[^\]]*\] ?)+)$")
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}): (?P<name>.+) \((?P<stack>[\d,.]+)\)(?P<rest>.*)$"
)
_BOARD: Final = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* (?P<cards>(?:\[[^\]]*\] ?)+)$")
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?): \[(?P<cards>[^\]]*)\]$")
_SHOWS: Final = re.compile(r"^(?P<name>.+?) shows \[(?P<cards>[^\]]*)\]")


_STAMP_LINE: Final = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")


def sniff(head: str) -> bool:
    """A King's Club file: ``#n: game - stakes`` then the date and time on the next line (not
    PHH, not 888's or Party's ``#Game No :``)."""
    return _SNIFF.match(head) is not None


def _amount(text: str) -> Decimal:
    return money(text.strip().removesuffix(", and is all in").strip())


def _cards(text: str) -> tuple[Card | None, ...]:
    return site_cards(" ".join("??" if token == "X" else token for token in text.split()))


def parse_kingsclub(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``#n: game - stakes``)."""
    draft = HandDraft(file, number, first_line, site="King's Club", source_format="kingsclub")
    start = _START.match(lines[0].strip())
    if start is None:
        raise HandHistoryError("no game and stakes in the first line", line=first_line)
    draft.hand_id = start["id"]
    game = start["game"]
    if game not in _GAMES:
        raise HandHistoryError(f"{shorten(game)} is not replayed here yet", line=first_line)
    draft.variant, draft.game, draft.betting = _GAMES[game]
    stakes = start["stakes"].split("/")
    if len(stakes) != 2:
        raise HandHistoryError(f"no stakes in {shorten(repr(start['stakes']))}", line=first_line)
    draft.small_blind, draft.big_blind = money(stakes[0]), money(stakes[1])
    draft.fields = {"header": lines[0].strip()}
    bets = RoundBets()
    names: set[str] = set()
    summary = False
    board: list[Card | None] = []
    ends: dict[str, Decimal] = {}
    stud = StudStreets(draft) if draft.game in STUD_GAMES else None
    draw = DrawRounds(draft, DRAW_HOLES[draft.game]) if draft.game in DRAW_HOLES else None
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + offset
        if not line:
            continue
        if _STAMP_LINE.fullmatch(line):
            draft.time = line.replace(" ", "T")
            continue
        if line.startswith("Table "):
            table = _TABLE.match(line)
            if table is None or (table["button"] is None and stud is None):
                raise HandHistoryError(f"no button in {shorten(repr(line))}", line=where)
            draft.table, draft.button = table["table"], int(table["button"] or 0)
            continue
        if line.startswith("*** SUMMARY"):
            summary = True
            continue
        seat = _SEAT.match(line)
        if seat:
            place = seat_number(seat["seat"], where)
            if summary:
                ends[seat["name"]] = _amount(seat["stack"])
            else:
                names.add(seat["name"])
                draft.seats.append((place, seat["name"], _amount(seat["stack"]), True))
            continue
        if summary:
            if line.startswith("Rake "):
                draft.rake = _amount(line.removeprefix("Rake "))
            continue  # "wins pot": the stacks are the record read
        if line.startswith("*** "):
            if stud is not None and _STUD_STREET.match(line):
                stud.open(stud.street + 1, where)
                bets.new_round()
                continue
            if draw is not None and "BETTING ROUND" in line:
                bets.new_round()
                continue
            found = _BOARD.match(line)
            if found:
                bets.new_round()
                _deal_board(draft, board, _cards(found["cards"].replace("[", " ").replace("]", " ")), where)  # fmt: skip
            continue
        dealt = _DEALT.match(line)
        if dealt:
            if dealt["name"] in names:
                cards = _cards(dealt["cards"])
                if stud is not None:
                    if not stud.street:  # the first cards, before any street's line
                        stud.open(3, where)
                    stud.deal(dealt["name"], cards, where)
                elif draw is not None:
                    draw.begin()
                    draw.deal(dealt["name"], cards, where)
                else:
                    draft.actions.append(("deal-hole", dealt["name"], None, cards, 0, where, False))  # fmt: skip
            continue
        if stud is not None:
            stud.finish(where)
        if draw is not None:
            draw.first_deal(where)
        shows = _SHOWS.match(line)
        if shows and shows["name"] in names:
            draft.actions.append(("show", shows["name"], None, _cards(shows["cards"]), 0, where, False))  # fmt: skip
            continue
        name, words = speaker(line, names)
        if name is None:
            name, words = line_player(line, names)
        if name is not None:
            _act(draft, bets, name, words, where, stud, draw)
    if draw is not None:
        draw.close()
    mucks_unshown(draft, first_line + len(lines) - 1)
    playing = {name for name, *_ in draft.posts} | {a[1] for a in draft.actions if a[1]}
    end_stacks = ends if playing <= ends.keys() else None
    return finished_hand(draft, returns_written=False, paid_written=False, end_stacks=end_stacks)


def _deal_board(
    draft: HandDraft, board: list[Card | None], cards: tuple[Card | None, ...], where: int
) -> None:
    """The cards of a street's line not dealt yet, dealt as the streets they belong to."""
    while len(board) < len(cards):
        size = 3 if not board else 1
        new = cards[len(board) : len(board) + size]
        draft.actions.append(("deal-board", None, None, new, 0, where, False))
        board.extend(new)


def _act(
    draft: HandDraft,
    bets: RoundBets,
    name: str,
    words: str,
    where: int,
    stud: StudStreets | None = None,
    draw: DrawRounds | None = None,
) -> None:
    all_in = words.endswith(", and is all in")
    words = words.removesuffix(", and is all in")
    verb, _, rest = words.partition(" ")
    if verb == "posts":
        kind = {"the small blind": "small", "the big blind": "big", "ante": "ante"}
        for prefix, post in kind.items():
            if rest.startswith(prefix + " "):
                amount = _amount(rest.removeprefix(prefix + " "))
                draft.posts.append((name, post, amount, where))
                if post != "ante":
                    bets.add(name, amount)
                return
        raise HandHistoryError(f"unknown post {shorten(repr(rest))}", line=where)
    if verb == "folds":
        if stud is not None:
            stud.fold(name)
        draft.actions.append(("fold", name, None, (), 0, where, False))
    elif verb == "brings" and rest.startswith("in for "):  # stud's bring-in
        draft.bring_in = _amount(rest.removeprefix("in for "))
        bets.add(name, draft.bring_in)
        draft.actions.append(("bring-in", name, None, (), 0, where, all_in))
    elif draw is not None and verb in ("discards", "draws", "stands"):
        _draw(draw, name, words, where)
    elif verb == "checks":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
    elif verb == "calls":  # the bet called: the call adds what the player lacks of it
        added = _amount(rest) - bets.bet(name)
        bets.add(name, added)
        draft.actions.append(("check-call", name, added, (), 0, where, all_in))
    elif verb in ("bets", "raises"):
        to = _amount(rest.removeprefix("to "))
        bets.add(name, to - bets.bet(name))
        draft.actions.append(("bet-raise", name, to, (), 0, where, all_in))
    elif verb == "mucks":
        draft.actions.append(("muck", name, None, (), 0, where, False))


def _draw(draw: DrawRounds, name: str, words: str, where: int) -> None:
    """``discards [Ts Jh] draws [3c 6c]``, ``draws 2`` (unseen), ``stands pat``."""
    if words == "stands pat":
        draw.draw(name, (), where, ())
        return
    if words.startswith("draws ") and words[6:].isdigit():
        unseen = (None,) * int(words[6:])
        draw.draw(name, unseen, where, unseen)
        return
    found = _DRAW.match(words)
    if found is None:
        raise HandHistoryError(f"cannot read the draw {shorten(repr(words))}", line=where)
    if found["drawn"].count("[") > 1:
        raise HandHistoryError(
            "a draw run more than once is not replayed (its runs are not in the model)", line=where
        )
    draw.draw(name, _cards(found["thrown"]), where, _cards(found["drawn"].strip(" []")))


def read_kingsclub(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a King's Club file, streamed; a bad hand comes as its error."""
    return text_hands(path, lambda line: _START.match(line) is not None, parse_kingsclub)


FORMAT: Final = SiteFormat("kingsclub", "King's Club", sniff, read_kingsclub)
