"""PokerStars hand histories (the text the client saves): cash games and tournaments, many hands
a file, into the same :class:`~pokerscore.histories.model.HandHistory` as PHH.

Read: hold'em, Omaha of 4, 5 and 6 cards, high and hi/lo (no limit, pot limit, limit), 6+
hold'em, seven-card stud, stud hi/lo and razz, also in mixed games (each hand names its game:
``HORSE (Hold'em Limit, $2/$4 USD)``); the draw games, badugi and Courchevel are refused hand by
hand as not replayed yet. Stud: the bring-in (``brings in for``) and its completion, each
street's cards as the replay deals them (:class:`~pokerscore.histories.draft.StudStreets`: the
other players' down cards unseen), the seats in their order (a stud table has no button). The
seats dealt in (a player sitting out is not); antes, blinds, a dead small blind ("posts small & big
blinds": the small blind is dead money, the big blind live), extra big blinds posted by players
who just sat down (live, but they do not move the action) and straddles; every action with the
amounts the site writes ("calls $0.13", "raises $0.10 to $0.15", "and is all-in"), which the
replay checks against its own; uncalled bets returned; boards, a board run twice; shown and
mucked cards; "collected" amounts per pot (main, side pot-1 …); an all-in cash-out; the
summary's total pot and rake; the hand's time (ET, as ISO 8601 with its offset). A cancelled
hand, a hand cut before its summary and a splash-the-pot hand (money the site adds) are
refused. Lines are decoded as the client wrote them (UTF-8, else cp1252).

The same layout under other names (PokerMaster, Run It Once, PokerBros, the Full Tilt of 2016,
PokerTracker 2's upper-case export) is read here too, each hand naming its site
(:mod:`pokerscore.histories.sites.stars_skins`); GGPoker's body is read by :func:`read_body`.

Players are ordered from the seat after the button, so ``p1`` is the small blind (heads-up the
big blind, the button being ``p2``) as in PHH. Each hand starts at a line beginning
``PokerStars``; a file is streamed hand by hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore.histories import _stars_lines as words_of
from pokerscore.histories.draft import (
    Dealing,
    HandDraft,
    build_hand,
    discarded_cards,
    money,
    site_cards,
)
from pokerscore.histories.model import (
    MAX_SEAT,
    HandHistory,
    HandHistoryError,
)
from pokerscore.histories.sites.text import text_hands
from pokerscore.histories.sites.times import site_time


def _either(words: Iterable[str]) -> str:
    """A regular expression of any of ``words``, each as written."""
    return "|".join(map(re.escape, words))


_SECTION: Final = re.escape(words_of.SECTION)
_SECTION_END: Final = re.escape(words_of.SECTION_END)
SITES: Final = words_of.SITES
"""The sites whose clients write PokerStars' layout, by the word that starts their header
(``_stars_lines``)."""
_HEADER: Final = re.compile(
    rf"^(?P<site>{_either(SITES)})"
    rf" (?:{_either(words_of.HEADER_ROOMS)})?(?:{_either(words_of.HEADER_HANDS)})"
    r"(?P<id>[0-9A-Za-z-]{1,40}):\s*"
    r"(?P<rest>.*)$"
)
_GAME: Final = re.compile(
    rf"(?P<game>{_either(words_of.GAME_NAMES)}) (?P<betting>{_either(words_of.BETTING)})",
    re.IGNORECASE,
)
_STAKES: Final = re.compile(
    r"[(,] ?(?P<sb>[^/(),\s]+)/(?P<bb>[^/(),\s]+)(?: (?P<currency>[A-Z]{3}))?[^()]*\)"
)
"""The stakes: ``($0.25/$0.50 USD)``, in a mixed game's parentheses after its game
(``8-Game (Hold'em Limit, $4/$8 USD)``), a cap after them (``($1/$2 USD, $40 Cap)``)."""
_TOURNAMENT: Final = re.compile(r"Tournament #(?P<id>\d+)")
_TABLE: Final = re.compile(rf"^(?:{_either(words_of.TABLES)})(?P<table>.*)'(?: (?P<max>[0-9]+)-[Mm]ax)?(?: \(Play Money\))?"
                           rf"(?: {re.escape(words_of.BUTTON)}(?P<button>[0-9]{{1,{words_of.SEAT_DIGITS}}}) is the button)?")  # fmt: skip
"""The table line; a stud table has no button (``Table 'Educatio' 6-max``)."""
_SEAT: Final = re.compile(
    rf"^{re.escape(words_of.SEAT)}(?P<seat>[0-9]{{1,{words_of.SEAT_DIGITS}}})"
    rf"{re.escape(words_of.AFTER_SEAT)}(?P<name>.+?) ?\((?P<stack>[^ ()]+)"
    rf"{re.escape(words_of.IN_CHIPS)}(?:, [^)]*)?\)(?P<rest>.*)$"
)
STREET: Final = re.compile(
    rf"^{_SECTION}(?:(?P<run>{_either(words_of.ORDINALS)}) )?(?P<street>{_either(words_of.STREETS)})"
    rf"{_SECTION_END} *(?:\[[^\]]*\] ?)?\[(?P<cards>[^\]]*)\]"
)
_STUD_STREET: Final = re.compile(
    rf"^{_SECTION}(?:(?P<street>[3-7])(?:{_either(words_of.STUD_SUFFIXES)}) {re.escape(words_of.STUD_STREET)}"
    rf"|{re.escape(words_of.STREETS[-1])}){_SECTION_END}\s*$"
)
"""A stud street's line: ``*** 3rd STREET ***`` to ``*** 6th STREET ***``, then ``*** RIVER ***``
with no cards (seventh street)."""
_DRAW_ROUND: Final = re.compile(
    rf"^{_SECTION}(?:(?:{_either(words_of.ORDINALS)}) )?{re.escape(words_of.DRAW)}{_SECTION_END}"
)
_COLLECTED: Final = re.compile(
    rf"^(?P<name>.+?){re.escape(words_of.COLLECTED)}(?P<amount>\S+){re.escape(words_of.FROM)}"
    r"(?P<pot>pot|main pot|side pot(?:-(?P<side>[0-9]{1,5}))?)"
)
_UNCALLED: Final = re.compile(
    rf"^{re.escape(words_of.UNCALLED)}(?P<amount>[^)]+){re.escape(words_of.RETURNED_TO)}"
    r"(?P<name>.+)$"
)
_DEALT: Final = re.compile(
    rf"^{re.escape(words_of.DEALT_TO)}(?P<name>.+?) ?(?:\[[^\]]*\] )?\[(?P<cards>[^\]]+)\]$"
)
_CASHED_OUT: Final = re.compile(
    rf"^(?P<name>.+?){re.escape(words_of.CASHED_OUT)} for (?P<amount>\S+)"
    r"(?: \| Cash Out Fee (?P<fee>\S+))?"
)
_FEES: Final = re.compile(
    rf"{re.escape(words_of.FEE_BAR)}(?P<name>{_either(words_of.FEES)}) (?P<amount>\S+)"
)
"""What GGPoker takes from a pot beside the rake (``| Jackpot $0.10 | Bingo $0``)."""
TOTAL_LINE: Final = re.compile(
    rf"^{re.escape(words_of.TOTAL_POT)}(?P<total>\S+)(?P<pots>[^|]*)"
    rf"(?:{re.escape(words_of.RAKE)}(?P<rake>\S+))?"
)

_EASTERN: Final = re.compile(r"[0-9] \(?ET\b")
_SIGNS: Final = {"$": "$", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}

SKIN_FORMAT: Final = "starsskin"
"""The format name of the skins' files (:mod:`pokerscore.histories.sites.stars_skins`)."""
_STARTS: Final = words_of.STARS_STARTS

GAMES: Final = words_of.GAMES
"""The games read here, by their name in the header (the one table: ``_stars_lines``); the
others it names (Courchevel, five-card draw, A-5 triple draw) are refused, hand by hand, as not
replayed yet."""
_GAMES_IN_ANY_CASE: Final = {name.lower(): game for name, game in GAMES.items()}
"""The same, by the name in lower case (PokerTracker 2's export writes ``OMAHA POT LIMIT``)."""
OMAHA_BY_CARDS: Final = {5: ("5O", "omaha-5"), 6: ("6O", "omaha-6")}
"""PokerMaster heads its five- and six-card Omaha "Omaha": the cards dealt tell which."""
BETTING: Final = words_of.BETTING
"""The betting after the game's name (``_stars_lines``)."""


def parse_pokerstars(
    lines: Sequence[str], *, file: str = "", number: int = 1, first_line: int = 1
) -> HandHistory:
    """One hand from its lines (the first one the ``PokerStars … #…`` header)."""
    draft = HandDraft(file, number, first_line, site="PokerStars", source_format="pokerstars")
    draft.antes_returned = True  # a player all in on his ante: the others' trimmed to it
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
    draft.site = SITES[header.group("site")]
    if header.group("site") != "PokerStars":
        draft.source_format = SKIN_FORMAT
    rest = header.group("rest")
    game = _GAME.search(rest)
    if game is None:
        raise HandHistoryError(f"unknown game in {rest[:60]!r}")
    name = game.group("game")
    if name.lower() not in _GAMES_IN_ANY_CASE:
        raise HandHistoryError(
            f"{name} {game.group('betting')} is not replayed here yet: hold'em, Omaha, stud, "
            "2-7 draw and badugi only"
        )
    letter, draft.game = _GAMES_IN_ANY_CASE[name.lower()]
    betting_letter, draft.betting = BETTING[game.group("betting").title()]
    draft.variant = betting_letter + letter
    stakes = _STAKES.search(rest)
    if stakes is None:
        raise HandHistoryError("no stakes (small blind/big blind) in the header")
    draft.small_blind, draft.big_blind = money(stakes.group("sb")), money(stakes.group("bb"))
    draft.currency = stakes.group("currency") or currency_of(stakes.group("bb"))
    tournament = _TOURNAMENT.search(rest)
    draft.tournament = tournament.group("id") if tournament else None
    draft.time = _time(rest)
    draft.fields = {"header": lines[0].strip().lstrip("\ufeff")}
    read_body(draft, lines, first_line)
    if draft.site == "PokerMaster" and draft.game == "omaha":
        dealt = {len(action[3]) for action in draft.actions if action[0] == "deal-hole"}
        if len(dealt) == 1 and (count := dealt.pop()) in OMAHA_BY_CARDS:
            letter, draft.game = OMAHA_BY_CARDS[count]
            draft.variant = draft.variant[0] + letter


def read_body(draft: HandDraft, lines: Sequence[str], first_line: int) -> None:
    """The lines of a hand after its header, in PokerStars' layout (PokerStars, its skins,
    GGPoker): the table, the seats, the play, the summary's totals."""
    section = "seats"
    runout = 0
    dealing = Dealing(draft)
    stud, draw = dealing.stud, dealing.draw
    names = {name for _, name, _, _ in draft.seats}  # kept as the seats are read
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.rstrip("\r\n")
        number = first_line + offset
        if not line.strip():
            continue
        if line.startswith(words_of.SECTION):
            if stud is not None:
                street = _STUD_STREET.match(line)
                if street is not None:
                    stud.open(int(street.group("street") or 7), number)
                    section = "actions"
                    continue
                stud.finish(number)
            if draw is not None:
                draw.begin()
                if not line.startswith(words_of.DEALING):
                    draw.first_deal(number)
                if _DRAW_ROUND.match(line):
                    section = "actions"
                    continue
            section, runout = _section(draft, line, section, runout, number)
            continue
        if section == "summary":
            _summary(draft, line)
            continue
        if section == "seats":
            if line.startswith(words_of.TABLES):
                table = _TABLE.match(line)
                if table is None:
                    raise HandHistoryError(f"no button in {line[:60]!r}", line=number)
                draft.table = table.group("table")
                if table.group("button") is None and stud is None:
                    raise HandHistoryError(f"no button in {line[:60]!r}", line=number)
                draft.button = int(table.group("button") or 0)  # stud: seats in their order
                continue
            seat = _SEAT.match(line)
            if seat is not None and int(seat.group("seat")) > MAX_SEAT:
                raise HandHistoryError(f"seat numbers run to {MAX_SEAT}", line=number)
            if seat is not None:
                out = words_of.SITTING_OUT in seat.group("rest") or words_of.OUT_OF_HAND in seat.group("rest")  # fmt: skip
                draft.seats.append((int(seat.group("seat")), seat.group("name"), money(seat.group("stack")), out))  # fmt: skip
                names.add(seat.group("name"))
                continue
        if line.startswith(words_of.HAND_CANCELLED):
            raise HandHistoryError("the hand was cancelled (no result to replay)", line=number)
        if line.startswith(words_of.SPLASH):
            raise HandHistoryError(
                "splash the pot (money the site adds to the pot) is not replayed", line=number
            )
        _action_line(draft, line, number, runout, dealing, names)
    if draw is not None:
        draw.close()
    if section != "summary":
        raise HandHistoryError(
            "the hand stops before its summary (a partial hand)", line=first_line + len(lines) - 1
        )


def _time(header: str) -> str | None:
    """The hand's time: PokerStars writes the player's zone first and its own, ET, in brackets
    (``2013/04/10 19:06:22 WET [2013/04/10 14:06:22 ET]``); the site's own where it is there."""
    parts = header.split("[")
    times = [site_time(part) for part in parts if _EASTERN.search(part)]
    return next(filter(None, times + [site_time(part) for part in parts]), None)


def currency_of(amount: str) -> str | None:
    """The currency of an amount's sign (``$0.50``, ``€2``, ``¥10``), None for chips."""
    return next((code for sign, code in _SIGNS.items() if sign in amount), None)


def _section(
    draft: HandDraft, line: str, section: str, runout: int, number: int
) -> tuple[str, int]:
    if line.startswith(words_of.SUMMARY):
        return "summary", runout
    if line.startswith(words_of.FIRST_CARDS):
        return "actions", runout
    if words_of.SHOW_DOWN in line or words_of.SHOWDOWN in line:
        return "actions", runout
    street = STREET.match(line)
    if street is None:
        raise HandHistoryError(f"unknown section {line[:60]!r}", line=number)
    run = words_of.ORDINALS.index(street.group("run")) + 1 if street.group("run") else 0
    cards = site_cards(street.group("cards"))
    draft.actions.append(("deal-board", None, None, cards, run, number, False))
    return "actions", run


def _summary(draft: HandDraft, line: str) -> None:
    total = TOTAL_LINE.match(line)
    if total is not None:
        draft.total = money(total.group("total"))
        if total.group("rake"):
            draft.rake = money(total.group("rake"))
        fees = {fee["name"]: money(fee["amount"]) for fee in _FEES.finditer(line)}
        if fees:  # taken from the pot beside the rake: counted in the rake column
            draft.fields["fees"] = {name: str(amount) for name, amount in fees.items()}
            draft.rake = (draft.rake or Decimal(0)) + sum(fees.values(), Decimal(0))


def _action_line(
    draft: HandDraft,
    line: str,
    number: int,
    runout: int,
    dealing: Dealing,
    names: set[str],
) -> None:
    """A line of play; ``names``: the players seated (the names of ``draft.seats``)."""
    if line.startswith(words_of.DEALT_TO):
        dealt = _DEALT.match(line)
        name = _dealt_name(line, names)
        if dealt and name is not None:
            dealing.deal(name, site_cards(dealt.group("cards")), number)
        return
    dealing.before_move(number)
    stud, draw = dealing.stud, dealing.draw
    if line.startswith(words_of.UNCALLED):
        found = _UNCALLED.match(line)
        if found is None:
            raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
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
    all_in = words.endswith(words_of.ALL_IN)
    if all_in:
        words = words[: -len(words_of.ALL_IN)]
    verb, _, rest = words.partition(" ")
    if verb == words_of.POSTS:
        _post(draft, name, rest, number)
    elif (
        verb == words_of.GG_STRADDLE
    ):  # GGPoker: "straddle $0.50" (a second one: the straddle raised to)
        _post(draft, name, words, number)
    elif verb == words_of.FOLDS:
        if stud is not None:
            stud.fold(name)
        if rest.startswith("["):
            draft.actions.append(("reveal", name, None, site_cards(rest.strip("[] ")), 0, number, False))  # fmt: skip
        draft.actions.append(("fold", name, None, (), 0, number, False))
    elif verb == words_of.CHECKS:
        draft.actions.append(("check-call", name, Decimal(0), (), 0, number, False))
    elif verb == words_of.CALLS:
        draft.actions.append(("check-call", name, money(rest), (), 0, number, all_in))
    elif verb == words_of.BETS:
        draft.actions.append(("bet-raise", name, money(rest), (), 0, number, all_in))
    elif verb == words_of.RAISES:
        _, _, total = rest.partition(words_of.TO)
        if not total:
            raise HandHistoryError(f"a raise without its total: {line[:60]!r}", line=number)
        draft.actions.append(("bet-raise", name, money(total), (), 0, number, all_in))
    elif words.startswith(words_of.BRINGS_IN):  # stud's bring-in
        draft.bring_in = money(words[len(words_of.BRINGS_IN) :])
        draft.actions.append(("bring-in", name, None, (), 0, number, all_in))
    elif words.startswith(words_of.COMPLETES):  # the bring-in completed
        completed = money(words[len(words_of.COMPLETES) :])
        draft.actions.append(("bet-raise", name, completed, (), 0, number, all_in))
    elif words.startswith((words_of.DISCARDS, words_of.STANDS)) and draw is not None:
        draw.draw(name, discarded_cards(rest, number), number)
    elif verb == words_of.SHOWS:
        cards = rest[1 : rest.index("]")] if rest.startswith("[") and "]" in rest else ""
        draft.actions.append(("show", name, None, site_cards(cards), runout, number, False))
    elif verb == words_of.MUCKS:
        draft.actions.append(("muck", name, None, (), runout, number, False))


def _dealt_name(line: str, names: set[str]) -> str | None:
    """The player a ``Dealt to`` line names: the longest seated name it starts with before a
    bracket (a name may hold brackets itself: ``Dealt to PC [Mittel] [5c]``)."""
    rest = line[len(words_of.DEALT_TO) :]
    for name in sorted(names, key=len, reverse=True):
        if rest.startswith(name + " [") or rest.startswith(name + "["):
            return name
    return None


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
    for prefix, kind in words_of.POST_KINDS:
        if rest.startswith(prefix):
            amount = money(rest[len(prefix) :])
            if kind == "straddle":  # a player's second straddle is the whole of it
                amount -= sum(a for n, k, a, _ in draft.posts if n == name and k == kind)
            draft.posts.append((name, kind, amount, number))
            return
    raise HandHistoryError(f"unknown post {rest[:60]!r}", line=number)


def is_header(line: str) -> bool:
    """Whether a line is a whole header of PokerStars' layout (its own or a skin's)."""
    return _HEADER.match(line.lstrip("\ufeff")) is not None


def starts_hand(line: str) -> bool:
    """Whether a line starts a hand in PokerStars' layout (its own or a skin's header: a header
    that is not whole is a bad hand of its own, not text of the hand before)."""
    return line.lstrip("\ufeff").startswith(_STARTS)


def pokerstars_hands(lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """The hands of a PokerStars text as (first line number, lines), each from its header."""
    start = 0
    buffer: list[str] = []
    for number, line in lines:
        if starts_hand(line):
            if buffer:
                yield start, buffer
            start, buffer = number, [line]
        elif buffer:
            buffer.append(line)
        elif line.strip():
            raise HandHistoryError("text before the first PokerStars hand", line=number)
    if buffer:
        yield start, buffer


def read_pokerstars(path: Path | str) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a file in PokerStars' layout (PokerStars' own, or a skin's), streamed; a bad
    hand is yielded as its error and the reading goes on. Lines are decoded as the client wrote
    them (UTF-8, else the Windows code page 1252 of older clients)."""
    return text_hands(Path(path), starts_hand, parse_lines)


def parse_lines(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand in PokerStars' layout (its own or a skin's) from its lines: :func:`parse_pokerstars`
    as a text format's parser (``sites.text.HandParser``), for the hands a compiled reader left."""
    return parse_pokerstars(lines, file=file, number=number, first_line=first_line)
