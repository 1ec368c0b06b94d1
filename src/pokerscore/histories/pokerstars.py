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
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.model import (
    MAX_SEAT,
    Action,
    Betting,
    HandHistory,
    HandHistoryError,
    Seat,
    hand_scale,
    read_amount,
    to_units,
)
from pokerscore.histories.phh import parse_cards_text

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
_AMOUNT: Final = re.compile(r"[^0-9.]")
_LETTER: Final = re.compile(r"[^\W\d_]")
"""A letter: an amount with one is no amount (``1e5`` is not 15)."""
_LONGEST_MONEY: Final = 64
"""The longest amount text read, currency signs and thousands separators included."""

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


def _money(text: str) -> Decimal:
    """An amount as the site writes it (``$0.25``, ``1,500``, ``€2``): its digits and point,
    read by the one rule of amounts."""
    cleaned = _AMOUNT.sub("", text[:_LONGEST_MONEY])
    if len(text) > _LONGEST_MONEY or not cleaned or _LETTER.search(text):
        raise HandHistoryError(f"{shorten(repr(text))} is not an amount")
    return read_amount(cleaned, f"the amount {shorten(repr(text))}:")


def _cards(text: str) -> tuple[Card | None, ...]:
    return parse_cards_text(text.replace(" ", "").replace("10", "T"))


@dataclass
class _Draft:
    """A hand as its lines are read: amounts still Decimals, players by name."""

    file: str
    number: int
    line: int
    hand_id: str = ""
    variant: str = ""
    game: str = ""
    betting: Betting = "no-limit"
    small_blind: Decimal = Decimal(0)
    big_blind: Decimal = Decimal(0)
    currency: str | None = None
    tournament: str | None = None
    table: str | None = None
    button: int = 0
    seats: list[tuple[int, str, Decimal, bool]] = field(default_factory=list)
    """(seat number, name, stack, sitting out) in the order listed."""
    posts: list[tuple[str, str, Decimal, int]] = field(default_factory=list)
    """(name, kind, amount, line): kind is ante, small, big, both or straddle."""
    actions: list[
        tuple[str, str | None, Decimal | None, tuple[Card | None, ...], int, int, bool]
    ] = field(default_factory=list)
    """(kind, name, amount, cards, runout, line, all-in)."""
    returned: list[tuple[str, Decimal, int]] = field(default_factory=list)
    collected: list[tuple[str, Decimal, int]] = field(default_factory=list)
    """(name, amount, pot: 0 main, n side pot n)."""
    cashed_out: list[tuple[str, Decimal, Decimal]] = field(default_factory=list)
    total: Decimal | None = None
    rake: Decimal | None = None
    fields: dict[str, object] = field(default_factory=dict)


def parse_pokerstars(
    lines: Sequence[str], *, file: str = "", number: int = 1, first_line: int = 1
) -> HandHistory:
    """One hand from its lines (the first one the ``PokerStars … #…`` header)."""
    draft = _Draft(file, number, first_line)
    try:
        _read(draft, lines, first_line)
        return _build(draft)
    except HandHistoryError as error:
        raise error.located(file, number, first_line) from None


def _read(draft: _Draft, lines: Sequence[str], first_line: int) -> None:
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
    draft.small_blind, draft.big_blind = _money(stakes.group("sb")), _money(stakes.group("bb"))
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
                draft.seats.append((int(seat.group("seat")), seat.group("name"), _money(seat.group("stack")), out))  # fmt: skip
                continue
        _action_line(draft, line, number, runout)


def _section(draft: _Draft, line: str, section: str, runout: int, number: int) -> tuple[str, int]:
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
    cards = _cards(street.group("cards"))
    draft.actions.append(("deal-board", None, None, cards, run, number, False))
    return "actions", run


def _summary(draft: _Draft, line: str) -> None:
    total = _TOTAL.match(line)
    if total is not None:
        draft.total = _money(total.group("total"))
        if total.group("rake"):
            draft.rake = _money(total.group("rake"))
        return


def _action_line(draft: _Draft, line: str, number: int, runout: int) -> None:
    names = {name for _, name, _, _ in draft.seats}
    if line.startswith("Dealt to "):
        dealt = _DEALT.match(line)
        if dealt and dealt.group("name") in names:
            draft.actions.append(("deal-hole", dealt.group("name"), None, _cards(dealt.group("cards")), 0, number, False))  # fmt: skip
        return
    if line.startswith("Uncalled bet"):
        found = _UNCALLED.match(line)
        if found is None:
            raise HandHistoryError(f"line {number}: cannot read {line[:60]!r}")
        draft.returned.append((found.group("name"), _money(found.group("amount")), number))
        return
    collected = _COLLECTED.match(line)
    if collected is not None and collected.group("name") in names:
        pot = (
            0
            if not collected.group("pot").startswith("side")
            else int(collected.group("side") or 1)
        )
        draft.collected.append((collected.group("name"), _money(collected.group("amount")), pot))
        return
    cashed = _CASHED_OUT.match(line)
    if cashed is not None and cashed.group("name") in names:
        fee = _money(cashed.group("fee")) if cashed.group("fee") else Decimal(0)
        draft.cashed_out.append((cashed.group("name"), _money(cashed.group("amount")), fee))
        return
    name, words = _speaker(line, names)
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
            draft.actions.append(("reveal", name, None, _cards(rest.strip("[] ")), 0, number, False))  # fmt: skip
        draft.actions.append(("fold", name, None, (), 0, number, False))
    elif verb == "checks":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, number, False))
    elif verb == "calls":
        draft.actions.append(("check-call", name, _money(rest), (), 0, number, all_in))
    elif verb == "bets":
        draft.actions.append(("bet-raise", name, _money(rest), (), 0, number, all_in))
    elif verb == "raises":
        _, _, to = rest.partition(" to ")
        if not to:
            raise HandHistoryError(f"line {number}: a raise without its total: {line[:60]!r}")
        draft.actions.append(("bet-raise", name, _money(to), (), 0, number, all_in))
    elif verb == "shows":
        cards = rest[1 : rest.index("]")] if rest.startswith("[") and "]" in rest else ""
        draft.actions.append(("show", name, None, _cards(cards), runout, number, False))
    elif verb == "mucks":
        draft.actions.append(("muck", name, None, (), runout, number, False))


def _speaker(line: str, names: set[str]) -> tuple[str | None, str]:
    """The player a line of play starts with (``name: words``), and the words."""
    name, separator, words = line.partition(": ")
    if separator and name in names:
        return name, words
    for candidate in sorted(names, key=len, reverse=True):  # a name holding ": "
        if line.startswith(candidate + ": "):
            return candidate, line[len(candidate) + 2 :]
    return None, line


def _post(draft: _Draft, name: str, rest: str, number: int) -> None:
    for prefix, kind in (
        ("small & big blinds ", "both"),
        ("small blind ", "small"),
        ("big blind ", "big"),
        ("the ante ", "ante"),
        ("straddle ", "straddle"),
        ("button blind ", "straddle"),
    ):
        if rest.startswith(prefix):
            draft.posts.append((name, kind, _money(rest[len(prefix) :]), number))
            return
    raise HandHistoryError(f"line {number}: unknown post {rest[:60]!r}")


def _build(draft: _Draft) -> HandHistory:
    playing = {name for name, *_ in draft.posts} | {a[1] for a in draft.actions if a[1]}
    seated = [
        (seat, name, stack)
        for seat, name, stack, out in draft.seats
        if not out or name in playing  # a tournament deals a player who sits out in
    ]
    seated.sort()
    first: dict[str, int] = {}
    for seat, name, _ in seated:
        if name in first:
            raise HandHistoryError(
                f"seats {first[name]} and {seat} are both {shorten(repr(name))}: "
                "each player needs a name of their own"
            )
        first[name] = seat
    after = [entry for entry in seated if entry[0] > draft.button]
    order = after + [entry for entry in seated if entry[0] <= draft.button]
    if len(order) < 2:
        raise HandHistoryError("fewer than two players dealt in")
    index = {name: i for i, (_, name, _) in enumerate(order)}
    count = len(order)
    amounts: list[Decimal] = [stack for _, _, stack in order]
    amounts += [draft.small_blind, draft.big_blind]
    amounts += [amount for _, _, amount, _ in draft.posts]
    amounts += [a[2] for a in draft.actions if a[2] is not None]
    amounts += [amount for _, amount, _ in draft.returned]
    amounts += [amount for _, amount, _ in draft.collected]
    amounts += [amount for _, amount, _ in draft.cashed_out] + [fee for *_, fee in draft.cashed_out]
    amounts += [value for value in (draft.total, draft.rake) if value is not None]
    scale = hand_scale(amounts)

    def units(value: Decimal) -> int:
        return to_units(value, scale)

    def who(name: str | None, line: int) -> int:
        if name not in index:
            raise HandHistoryError(f"line {line}: {shorten(str(name))} is not dealt in")
        return index[name]

    antes = [0] * count
    blinds = [0] * count
    in_turn = [True] * count
    small_seat = 1 if count == 2 else 0
    big_posted = False
    for name, kind, amount, line in draft.posts:
        i = who(name, line)
        value = units(amount)
        if kind == "ante":
            antes[i] += value
        elif kind == "small":
            if i == small_seat and not blinds[i]:
                blinds[i] = value
            else:
                antes[i] += value  # a small blind out of its place is dead money
        elif kind == "both":
            live = min(value, units(draft.big_blind))
            blinds[i] += live
            antes[i] += value - live
            in_turn[i] = False
        elif kind == "big":
            blinds[i] += value
            in_turn[i] = not big_posted
            big_posted = True
        else:
            blinds[i] += value
    seats = tuple(
        Seat(name, seat, units(stack), antes[i], blinds[i], in_turn[i])
        for i, (seat, name, stack) in enumerate(order)
    )
    actions = []
    for kind, speaker, said, cards, runout, line, all_in in draft.actions:
        actor = None if speaker is None else who(speaker, line)
        size = None if said is None else units(said)
        if kind == "reveal":
            actions.append(Action("deal-hole", actor, None, cards, line=line))
            continue
        actions.append(
            Action(kind, actor, size, cards, runout, line, all_in=all_in)  # type: ignore[arg-type]
        )
    pots: dict[int, list[tuple[int, int]]] = {}
    for name, collected, pot in draft.collected:
        pots.setdefault(pot, []).append((who(name, draft.line), units(collected)))
    winnings = [0] * count
    for entries in pots.values():
        for i, taken in entries:
            winnings[i] += taken
    cash_outs = tuple(
        (who(name, draft.line), units(amount), units(fee)) for name, amount, fee in draft.cashed_out
    )
    limit = draft.betting == "fixed-limit"
    small, big = units(draft.small_blind), units(draft.big_blind)
    if limit:  # the header gives the small and big bets: the blinds are what was posted
        posted = [value for value in blinds if value]
        big = max(posted, default=small)
        small = min(posted, default=small // 2)
    return HandHistory(
        variant=draft.variant,
        game=draft.game,
        betting=draft.betting,
        seats=seats,
        actions=tuple(actions),
        scale=scale,
        min_bet=units(draft.small_blind) if limit else units(draft.big_blind),
        big_bet=units(draft.big_blind) if limit else 0,
        ante_trimming=False,
        small_blind=small,
        big_blind=big,
        winnings=tuple(winnings),
        rake=units(draft.rake) if draft.rake is not None else None,
        total_pot=units(draft.total) if draft.total is not None else None,
        site_pots=tuple((pot, tuple(pots[pot])) for pot in sorted(pots)),
        returned=tuple(
            (who(name, line), units(amount), line) for name, amount, line in draft.returned
        ),
        cash_outs=cash_outs,
        site="PokerStars",
        hand_id=draft.hand_id,
        table=draft.table,
        currency=draft.currency,
        tournament=draft.tournament,
        file=draft.file,
        number=draft.number,
        line=draft.line,
        source_format="pokerstars",
        fields=draft.fields,
    )


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
