"""OnGame hand histories (text, many hands a file): hold'em, Omaha and Omaha hi/lo, cash games and
tournaments (chips).

A hand starts ``***** History for hand R5-69701-1672 *****`` (a tournament's ``T5-…`` adds
``(TOURNAMENT: "name", R-271-14, buy-in: €0)``), then ``Start hand: Thu Feb 28 07:30:49 CET
2013`` (the zone's abbreviation names its offset: CET, CEST, EET, EEST, GMT+0100 …), ``Table:
name [id] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)``, ``Button: seat 1`` and the seats.
Calls and bets are the chips added, raises ``raises $0.20 to $0.20`` give the total. The site
writes no uncalled bet. The summary is its record, checked by the replay: ``Main pot: $0.50
won by A ($0.48)`` and ``Side pot 1: …`` (each pot before rake, each winner's share after),
``Rake taken: $0.02``, and every seat's stack after the hand (``Seat 2: A ($10.28), net:
+$0.28``, with the cards shown at the showdown). Where the stakes' two blinds are equal
(``$0.50/$0.50``), the first "big blind" posted is the small blind; where a smaller small blind
is posted under them (``€1/€1`` over ``posts small blind (€0.50)``), it is the stakes' small
blind.

Seven-card stud (``LIMIT SEVEN_CARD_STUD $1/$2, ante: $0.10``, the stakes the small and big
bets): ``Dealing pocket cards``, ``Dealing 4th street`` … ``Dealing river``, each player's new
cards ``Dealing to P: [-, -, 7d]`` (``-`` unseen; seventh street's written for the saver only),
dealt through :class:`~pokerscore.histories.draft.StudStreets`, the seats in their order (the
``Button:`` line of a stud table is no button); ``big bring in $1`` is the bring-in made the
completion to the small bet (the small bring-in's amount is then not written, and the hand's
``bring_in`` is 0); ``small bring in`` or ``bring in`` (not in the shared sample: read as the
big one's wording suggests) is the bring-in. Five-card draw and the other games are refused per
hand by name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import STUD_GAMES, HandDraft, StudStreets, money, site_cards
from pokerscore.histories.model import MAX_SEAT, Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    PLAY_VERBS,
    RoundBets,
    add_action,
    finished_hand,
    mucks_unshown,
)
from pokerscore.histories.sites.text import text_hands

_START: Final = "***** History for hand "
_GAMES: Final = {
    "TEXAS_HOLDEM": ("T", "holdem"),
    "OMAHA_HI": ("O", "omaha"),
    "OMAHA_HI_LO": ("O/8", "omaha-hi-lo"),
    "SEVEN_CARD_STUD": ("7S", "stud"),
}
"""OnGame's names of the games read (the only stud game seen in real files is seven-card stud;
five-card draw, which the engine does not play, is refused by name)."""
_STUD_STREET: Final = re.compile(
    r"^Dealing (?:(?P<street>[4-6])th street|(?P<river>river)|pocket cards)$"
)
_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "NO_LIMIT": ("N", "no-limit"),
    "POT_LIMIT": ("P", "pot-limit"),
    "LIMIT": ("F", "fixed-limit"),
}
_HEADER: Final = re.compile(
    r"^\*{5} History for hand (?P<id>\S+)(?: \(TOURNAMENT: \"(?P<name>[^\"]*)\", (?P<tid>[^,]*),.*\))? \*{5}$"
)
_TABLE: Final = re.compile(
    r"^Table: (?P<table>.*?) ?\[[^\]]*\] \((?P<betting>[A-Z_]+) (?P<game>[A-Z_]+) "
    r"(?P<sb>[^/\s]+)/(?P<bb>[^,\s]+)(?P<rest>.*)\)$"
)
_START_TIME: Final = re.compile(
    r"^Start hand: \w{3} (?P<month>\w{3}) (?P<day>\d{1,2}) (?P<time>\d{2}:\d{2}:\d{2}) "
    r"(?P<zone>\S+) (?P<year>\d{4})$"
)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}): (?P<name>.+) \((?P<stack>[^()\s]*)\)(?P<rest>(?:, net: .*)?)$"
)
_BOARD: Final = re.compile(r"^--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]$")
_DEALT: Final = re.compile(r"^Dealing to (?P<name>.+?): \[(?P<cards>[^\]]*)\]$")
_POT: Final = re.compile(
    r"^(?:Main pot|Side pot (?P<side>\d{1,4})): (?P<total>\S+) won by (?P<winners>.*)$"
)
_WINNER: Final = re.compile(r"(?P<name>.+?) \((?P<amount>[^()]*)\)(?:, | and |$)")
_VERB: Final = re.compile(
    r"^(?P<name>.+?) (?P<verb>folds|checks|calls|bets|raises|posts small blind|posts big blind"
    r"|posts dead blind|posts ante|small bring in|big bring in|bring in)(?: (?P<rest>.*))?$"
)
_MONTHS: Final = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}  # fmt: skip
ZONES: Final = {"GMT": "+00:00", "UTC": "+00:00", "WET": "+00:00", "WEST": "+01:00",
                "BST": "+01:00", "CET": "+01:00", "CEST": "+02:00", "EET": "+02:00",
                "EEST": "+03:00", "MSK": "+03:00"}  # fmt: skip
"""The zone abbreviations OnGame writes, each the offset it stands for."""
_CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}


_GMT_OFFSET: Final = re.compile(r"GMT([-+])(\d{2}):?(\d{2})")
_SHOWN: Final = re.compile(r"\[(?P<cards>[^\]]*)\]")


def sniff(head: str) -> bool:
    """An OnGame file: it starts ``***** History for hand ``."""
    return head.startswith(_START)


def _offset(zone: str) -> str | None:
    if zone in ZONES:
        return ZONES[zone]
    found = _GMT_OFFSET.fullmatch(zone)
    return f"{found[1]}{found[2]}:{found[3]}" if found else None


def _time(line: str) -> str | None:
    found = _START_TIME.match(line)
    if found is None or found["month"] not in _MONTHS:
        return None
    offset = _offset(found["zone"]) or ""
    month = _MONTHS[found["month"]]
    return f"{found['year']}-{month:02d}-{int(found['day']):02d}T{found['time']}{offset}"


def _amount(text: str) -> Decimal:
    return money(text.removesuffix("[all in]").strip())


def _cards(text: str) -> tuple[Card | None, ...]:
    return site_cards(text.replace(",", ""))


def parse_ongame(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``***** History for hand …``)."""
    draft = HandDraft(file, number, first_line, site="OnGame", source_format="ongame")
    header = _HEADER.match(lines[0].strip())
    if header is None:
        raise HandHistoryError("no hand number in the first line", line=first_line)
    draft.hand_id = header["id"]
    draft.tournament = header["tid"] or header["name"]
    bets = RoundBets()
    names: set[str] = set()
    summary = False
    table_seen = False
    streets: dict[str, tuple[Card | None, ...]] = {}
    stud: StudStreets | None = None
    ends: dict[str, Decimal] = {}
    total = Decimal(0)
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + offset
        if not line or line.startswith("***** End of hand"):
            continue
        if line.startswith("Start hand: "):
            draft.time = _time(line)
            continue
        if line.startswith("Table: "):
            _table(draft, line, where)
            table_seen = True
            if draft.game in STUD_GAMES:
                stud = StudStreets(draft)
            continue
        if stud is not None and (street := _STUD_STREET.match(line)) is not None:
            stud.open(int(street["street"] or 0) or (7 if street["river"] else 3), where)
            bets.new_round()
            continue
        if line.startswith("Button: seat ") and stud is not None:
            continue  # a stud table has no button: the seats in their order
        if line.startswith("Button: seat "):
            draft.button = _seat_number(line.removeprefix("Button: seat "), where)
            continue
        if line == "Summary:":
            summary = True
            continue
        seat = _SEAT.match(line)
        if seat:
            stack = _amount(seat["stack"])
            name = seat["name"]
            if summary:
                ends[name] = stack
                shown = _SHOWN.search(seat["rest"])
                if shown and name in names:
                    draft.actions.append(("show", name, None, _cards(shown["cards"]), 0, where, False))  # fmt: skip
            else:
                names.add(name)
                # listed as sitting out: build_hand deals in only the players who post or act
                draft.seats.append((_seat_number(seat["seat"], where), name, stack, True))
            continue
        if summary:
            _summary(draft, line, names, where)
            pot = _POT.match(line)
            if pot:
                total += _amount(pot["total"])
            continue
        board_line = _BOARD.match(line)
        if board_line:
            cards = _cards(board_line["cards"])
            if streets.get(board_line["street"]) == cards:
                continue  # a street written again before an all-in's run-out
            streets[board_line["street"]] = cards
            bets.new_round()
            draft.actions.append(("deal-board", None, None, cards, 0, where, False))
            continue
        dealt = _DEALT.match(line)
        if dealt and dealt["name"] in names and stud is not None:  # [-, -, 7d]: two unseen
            stud.deal(dealt["name"], _cards(dealt["cards"].replace("-", "??")), where)
            continue
        if dealt and dealt["name"] in names:
            draft.actions.append(("deal-hole", dealt["name"], None, _cards(dealt["cards"]), 0, where, False))  # fmt: skip
            continue
        verb = _VERB.match(line)
        if verb and verb["name"] in names:
            if stud is not None:
                stud.finish(where)
                if verb["verb"] == "folds":
                    stud.fold(verb["name"])
            _act(draft, bets, verb["name"], verb["verb"], verb["rest"] or "", where)
        # anything else: "---", "Dealing pocket cards", "User:", "Players in round:"
    if not table_seen:
        raise HandHistoryError("a hand without its table line (game and stakes)")
    if summary:
        draft.total = total
        mucks_unshown(draft, first_line + len(lines) - 1)
    playing = {name for name, *_ in draft.posts} | {a[1] for a in draft.actions if a[1]}
    end_stacks = ends if summary and playing <= ends.keys() else None
    return finished_hand(draft, returns_written=False, end_stacks=end_stacks)


def _seat_number(text: str, where: int) -> int:
    if not text.isdigit() or len(text) > 6 or int(text) > MAX_SEAT:
        raise HandHistoryError(f"seat {shorten(repr(text))} is not a seat number", line=where)
    return int(text)


def _table(draft: HandDraft, line: str, where: int) -> None:
    table = _TABLE.match(line)
    if table is None:
        raise HandHistoryError(f"no game and stakes in {shorten(repr(line))}", line=where)
    if table["game"] not in _GAMES:
        raise HandHistoryError(f"{shorten(table['game'])} is not replayed here yet", line=where)
    if table["betting"] not in _BETTING:
        raise HandHistoryError(f"unknown betting {shorten(table['betting'])}", line=where)
    letter, draft.game = _GAMES[table["game"]]
    betting_letter, draft.betting = _BETTING[table["betting"]]
    draft.variant = betting_letter + letter
    draft.table = table["table"].strip() or None
    draft.small_blind, draft.big_blind = money(table["sb"]), money(table["bb"])
    tournament = "TC" in table["rest"].split(", ") or draft.tournament is not None
    symbol = next((c for s, c in _CURRENCIES.items() if s in table["bb"]), None)
    draft.currency = None if tournament else symbol
    draft.fields = {"table": line}


def _act(draft: HandDraft, bets: RoundBets, name: str, verb: str, rest: str, where: int) -> None:
    all_in = rest.endswith("[all in]")
    if verb.startswith("posts"):
        amount = _amount(rest.strip("()"))
        kind = {"posts small blind": "small", "posts big blind": "big", "posts ante": "ante"}.get(verb, "small")  # fmt: skip
        if verb == "posts dead blind" and amount > draft.small_blind:
            kind = "both"
        small_under = verb == "posts small blind" and draft.small_blind == draft.big_blind > amount
        if small_under and not all_in:  # "€1/€1" over a small blind of €0.50: the stakes' own
            draft.small_blind = amount
        first_blind = not any(post[1] in ("small", "big") for post in draft.posts)
        if kind == "big" and first_blind and draft.small_blind == draft.big_blind:
            kind = "small"  # equal blinds: the first one posted is the small blind
        draft.posts.append((name, kind, amount, where))
        if kind in ("small", "big"):
            bets.add(name, amount)
        elif kind == "both":
            bets.add(name, min(amount, draft.big_blind))
    elif verb in ("bring in", "small bring in"):
        draft.bring_in = _amount(rest)
        bets.add(name, draft.bring_in)
        draft.actions.append(("bring-in", name, None, (), 0, where, all_in))
    elif verb == "big bring in":  # brought in for the small bet: the completion
        draft.actions.append(("bet-raise", name, bets.add(name, _amount(rest)), (), 0, where, all_in))  # fmt: skip
    elif verb in ("folds", "checks"):
        add_action(draft, bets, PLAY_VERBS[verb], name, None, where)
    elif verb in ("calls", "bets"):
        add_action(draft, bets, PLAY_VERBS[verb], name, _amount(rest), where, all_in)
    else:  # raises $0.20 to $0.20
        _, separator, to_text = rest.partition(" to ")
        if not separator:
            raise HandHistoryError(f"a raise without its total: {shorten(repr(rest))}", line=where)
        add_action(draft, bets, "raise-to", name, _amount(to_text), where, all_in)


def _summary(draft: HandDraft, line: str, names: set[str], where: int) -> None:
    if line.startswith("Rake taken: "):
        draft.rake = _amount(line.removeprefix("Rake taken: "))
        return
    pot = _POT.match(line)
    if pot is None:
        return
    side = int(pot["side"]) if pot["side"] else 0
    for winner in _WINNER.finditer(pot["winners"]):
        if winner["name"] not in names:
            raise HandHistoryError(f"{shorten(winner['name'])} is not dealt in", line=where)
        draft.collected.append((winner["name"], _amount(winner["amount"]), side))


def read_ongame(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of an OnGame file, streamed; a bad hand comes as its error."""
    return text_hands(path, lambda line: line.startswith(_START), parse_ongame)


FORMAT: Final = SiteFormat("ongame", "OnGame", sniff, read_ongame)
