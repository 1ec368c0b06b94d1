"""PokerStars hand histories (the text the client saves): cash games and tournaments, many hands
a file, into the same :class:`~pokerscore.histories.model.HandHistory` as PHH.

Read: hold'em, Omaha and Omaha hi/lo (no limit, pot limit, limit) and 6+ hold'em; the seats
dealt in (a player sitting out is not); antes, blinds, a dead small blind ("posts small & big
blinds": the small blind is dead money, the big blind live), extra big blinds posted by players
who just sat down (live, but they do not move the action) and straddles; every action with the
amounts the site writes ("calls $0.13", "raises $0.10 to $0.15", "and is all-in"), which the
replay checks against its own; uncalled bets returned; boards, a board run twice; shown and
mucked cards; "collected" amounts per pot (main, side pot-1 …); an all-in cash-out; the
summary's total pot and rake.

Players are ordered from the seat after the button, so ``p1`` is the small blind (heads-up the
big blind, the button being ``p2``) as in PHH. Each hand starts at a line beginning
``PokerStars``; a file is streamed hand by hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore.histories.draft import HandDraft, build_hand, money, site_cards
from pokerscore.histories.model import (
    MAX_SEAT,
    Betting,
    HandHistory,
    HandHistoryError,
)

_HEADER: Final = re.compile(
    r"^PokerStars (?:Zoom |Home Game |Fast Poker )?(?:Hand|Game) #(?P<id>\d+):\s*"
    r"(?P<rest>.*)$"
)
_GAME: Final = re.compile(
    r"(?P<game>Hold'em|6\+ Hold'em|Omaha Hi/Lo|Omaha|5 Card Omaha Hi/Lo|5 Card Omaha|Courchevel"
    r"|7 Card Stud Hi/Lo|7 Card Stud|Razz|Triple Draw 2-7 Lowball|Single Draw 2-7 Lowball"
    r"|5 Card Draw|Badugi) "
    r"(?P<betting>No Limit|Pot Limit|Limit|Fixed Limit)"
)
_STAKES: Final = re.compile(r"\((?P<sb>[^/()\s]+)/(?P<bb>[^/()\s]+)(?: (?P<currency>[A-Z]{3}))?\)")
_TOURNAMENT: Final = re.compile(r"Tournament #(?P<id>\d+)")
_TABLE: Final = re.compile(r"^Table '(?P<table>.*)' (?:(?P<max>[0-9]+)-max )?(?:\(Play Money\) )?"
                           r"Seat #(?P<button>[0-9]{1,5}) is the button")  # fmt: skip
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>[0-9]{1,5}): (?P<name>.+?) \((?P<stack>[^ ()]+) in chips(?:, [^)]*)?\)"
    r"(?P<rest>.*)$"
)
_STREET: Final = re.compile(
    r"^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?(?P<street>FLOP|TURN|RIVER) \*\*\* "
    r"(?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]"
)
_COLLECTED: Final = re.compile(
    r"^(?P<name>.+?) collected (?P<amount>\S+) from (?P<pot>pot|main pot|side pot(?:-(?P<side>[0-9]{1,5}))?)"
)
_UNCALLED: Final = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.+)$")
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) (?:\[[^\]]*\] )?\[(?P<cards>[^\]]+)\]$")
_CASHED_OUT: Final = re.compile(
    r"^(?P<name>.+?) cashed out the hand for (?P<amount>\S+)(?: \| Cash Out Fee (?P<fee>\S+))?"
)
_TOTAL: Final = re.compile(r"^Total pot (?P<total>\S+)(?P<pots>[^|]*)(?:\| Rake (?P<rake>\S+))?")

GAMES: Final = {
    "Hold'em": ("T", "holdem"),
    "6+ Hold'em": ("S", "short-deck"),
    "Omaha": ("O", "omaha"),
    "Omaha Hi/Lo": ("O/8", "omaha-hi-lo"),
    "5 Card Omaha": ("5O", "omaha-5"),
}
"""The games read here: PHH letter and the game that settles them (6+ hold'em as the site plays
it, three of a kind above a straight)."""
BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "No Limit": ("N", "no-limit"),
    "Pot Limit": ("P", "pot-limit"),
    "Limit": ("F", "fixed-limit"),
    "Fixed Limit": ("F", "fixed-limit"),
}


def parse_pokerstars(
    lines: Sequence[str], *, file: str = "", number: int = 1, first_line: int = 1
) -> HandHistory:
    """One hand from its lines (the first one the ``PokerStars … #…`` header)."""
    draft = HandDraft(file, number, first_line, site="PokerStars", source_format="pokerstars")
    try:
        _read(draft, lines, first_line)
        return build_hand(draft)
    except HandHistoryError as error:
        raise error.located(file, number, first_line) from None


def _read(draft: HandDraft, lines: Sequence[str], first_line: int) -> None:
    header = _HEADER.match(lines[0].lstrip("\ufeff"))
    if header is None:
        raise HandHistoryError("not a PokerStars hand: the first line has no hand number")
    draft.hand_id = header.group("id")
    rest = header.group("rest")
    game = _GAME.search(rest)
    if game is None:
        raise HandHistoryError(f"unknown game in {rest[:60]!r}")
    name = game.group("game")
    if name not in GAMES:
        raise HandHistoryError(
            f"{name} {game.group('betting')} is not replayed here: community-card games only"
        )
    letter, draft.game = GAMES[name]
    betting_letter, draft.betting = BETTING[game.group("betting")]
    draft.variant = betting_letter + letter
    stakes = _STAKES.search(rest)
    if stakes is None:
        raise HandHistoryError("no stakes (small blind/big blind) in the header")
    draft.small_blind, draft.big_blind = money(stakes.group("sb")), money(stakes.group("bb"))
    draft.currency = stakes.group("currency") or ("$" if "$" in stakes.group("bb") else None)
    tournament = _TOURNAMENT.search(rest)
    draft.tournament = tournament.group("id") if tournament else None
    draft.fields = {"header": lines[0].strip().lstrip("\ufeff")}
    section = "seats"
    runout = 0
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.rstrip("\r\n")
        number = first_line + offset
        if not line.strip():
            continue
        if line.startswith("*** "):
            section, runout = _section(draft, line, section, runout, number)
            continue
        if section == "summary":
            _summary(draft, line)
            continue
        if section == "seats":
            if line.startswith("Table '"):
                table = _TABLE.match(line)
                if table is None:
                    raise HandHistoryError(f"line {number}: no button in {line[:60]!r}")
                draft.table = table.group("table")
                draft.button = int(table.group("button"))
                continue
            seat = _SEAT.match(line)
            if seat is not None and int(seat.group("seat")) > MAX_SEAT:
                raise HandHistoryError(f"line {number}: seat numbers run to {MAX_SEAT}")
            if seat is not None:
                out = "sitting out" in seat.group("rest") or "out of hand" in seat.group("rest")
                draft.seats.append((int(seat.group("seat")), seat.group("name"), money(seat.group("stack")), out))  # fmt: skip
                continue
        _action_line(draft, line, number, runout)


def _section(
    draft: HandDraft, line: str, section: str, runout: int, number: int
) -> tuple[str, int]:
    if line.startswith("*** SUMMARY"):
        return "summary", runout
    if line.startswith(("*** HOLE CARDS", "*** DEALING HANDS", "*** PRE-FLOP")):
        return "actions", runout
    if "SHOW DOWN" in line or "SHOWDOWN" in line:
        return "actions", runout
    street = _STREET.match(line)
    if street is None:
        raise HandHistoryError(f"line {number}: unknown section {line[:60]!r}")
    run = {"FIRST": 1, "SECOND": 2, "THIRD": 3}.get(street.group("run") or "", 0)
    cards = site_cards(street.group("cards"))
    draft.actions.append(("deal-board", None, None, cards, run, number, False))
    return "actions", run


def _summary(draft: HandDraft, line: str) -> None:
    total = _TOTAL.match(line)
    if total is not None:
        draft.total = money(total.group("total"))
        if total.group("rake"):
            draft.rake = money(total.group("rake"))
        return


def _action_line(draft: HandDraft, line: str, number: int, runout: int) -> None:
    names = {name for _, name, _, _ in draft.seats}
    if line.startswith("Dealt to "):
        dealt = _DEALT.match(line)
        if dealt and dealt.group("name") in names:
            draft.actions.append(("deal-hole", dealt.group("name"), None, site_cards(dealt.group("cards")), 0, number, False))  # fmt: skip
        return
    if line.startswith("Uncalled bet"):
        found = _UNCALLED.match(line)
        if found is None:
            raise HandHistoryError(f"line {number}: cannot read {line[:60]!r}")
        draft.returned.append((found.group("name"), money(found.group("amount")), number))
        return
    collected = _COLLECTED.match(line)
    if collected is not None and collected.group("name") in names:
        pot = (
            0
            if not collected.group("pot").startswith("side")
            else int(collected.group("side") or 1)
        )
        draft.collected.append((collected.group("name"), money(collected.group("amount")), pot))
        return
    cashed = _CASHED_OUT.match(line)
    if cashed is not None and cashed.group("name") in names:
        fee = money(cashed.group("fee")) if cashed.group("fee") else Decimal(0)
        draft.cashed_out.append((cashed.group("name"), money(cashed.group("amount")), fee))
        return
    name, words = speaker(line, names)
    if name is None:
        return  # chat, seating, connection and tournament notices: not part of the play
    all_in = words.endswith(" and is all-in")
    if all_in:
        words = words[: -len(" and is all-in")]
    verb, _, rest = words.partition(" ")
    if verb == "posts":
        _post(draft, name, rest, number)
    elif verb == "folds":
        if rest.startswith("["):
            draft.actions.append(("reveal", name, None, site_cards(rest.strip("[] ")), 0, number, False))  # fmt: skip
        draft.actions.append(("fold", name, None, (), 0, number, False))
    elif verb == "checks":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, number, False))
    elif verb == "calls":
        draft.actions.append(("check-call", name, money(rest), (), 0, number, all_in))
    elif verb == "bets":
        draft.actions.append(("bet-raise", name, money(rest), (), 0, number, all_in))
    elif verb == "raises":
        _, _, to = rest.partition(" to ")
        if not to:
            raise HandHistoryError(f"line {number}: a raise without its total: {line[:60]!r}")
        draft.actions.append(("bet-raise", name, money(to), (), 0, number, all_in))
    elif verb == "shows":
        cards = rest[1 : rest.index("]")] if rest.startswith("[") and "]" in rest else ""
        draft.actions.append(("show", name, None, site_cards(cards), runout, number, False))
    elif verb == "mucks":
        draft.actions.append(("muck", name, None, (), runout, number, False))


def speaker(line: str, names: set[str]) -> tuple[str | None, str]:
    """The player a line of play starts with (``name: words``), and the words."""
    name, separator, words = line.partition(": ")
    if separator and name in names:
        return name, words
    for candidate in sorted(names, key=len, reverse=True):  # a name holding ": "
        if line.startswith(candidate + ": "):
            return candidate, line[len(candidate) + 2 :]
    return None, line


def _post(draft: HandDraft, name: str, rest: str, number: int) -> None:
    for prefix, kind in (
        ("small & big blinds ", "both"),
        ("small blind ", "small"),
        ("big blind ", "big"),
        ("the ante ", "ante"),
        ("straddle ", "straddle"),
        ("button blind ", "straddle"),
    ):
        if rest.startswith(prefix):
            draft.posts.append((name, kind, money(rest[len(prefix) :]), number))
            return
    raise HandHistoryError(f"line {number}: unknown post {rest[:60]!r}")


def pokerstars_hands(lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """The hands of a PokerStars text as (first line number, lines), each from its header."""
    start = 0
    buffer: list[str] = []
    for number, line in lines:
        if line.lstrip("\ufeff").startswith("PokerStars "):
            if buffer:
                yield start, buffer
            start, buffer = number, [line]
        elif buffer:
            buffer.append(line)
        elif line.strip():
            raise HandHistoryError(f"line {number}: text before the first PokerStars hand")
    if buffer:
        yield start, buffer


def read_pokerstars(path: Path | str) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a PokerStars file, streamed; a bad hand is yielded as its error and the
    reading goes on (a line that is not UTF-8 spoils only its hand)."""
    path = Path(path)
    name = str(path)
    number = 0
    spoiled: dict[int, HandHistoryError] = {}

    def lines() -> Iterator[tuple[int, str]]:
        with path.open("rb") as stream:
            for line_number, data in enumerate(stream, 1):
                try:
                    yield line_number, data.decode("utf-8-sig" if line_number == 1 else "utf-8")
                except UnicodeDecodeError as error:
                    spoiled[line_number] = HandHistoryError(
                        f"not UTF-8 text ({error.reason})", line=line_number
                    )
                    yield line_number, ""

    try:
        for start, hand_lines in pokerstars_hands(lines()):
            number += 1
            bad = [line for line in spoiled if start <= line < start + len(hand_lines)]
            if bad:
                yield spoiled[bad[0]].located(name, number, None)
                spoiled.clear()
                continue
            try:
                yield parse_pokerstars(hand_lines, file=name, number=number, first_line=start)
            except HandHistoryError as error:
                yield error
    except HandHistoryError as error:
        yield error.located(name, None, None)
