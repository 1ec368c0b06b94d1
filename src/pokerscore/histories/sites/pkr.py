"""PKR hand histories (text, many hands a file): hold'em, Omaha and Omaha hi/lo, cash games and
tournaments.

A hand starts ``Table #n - name`` then ``Starting Hand #n``, ``Start time of hand: 11 Jun 2012
21:38:10`` (no time zone: kept without an offset), ``Game Type:``, ``Limit Type:``, ``Money
Type:``, ``Blinds are now $0.02 / $0.04``, the seats (``Seat 4: Player9 - $0 (away from
table)`` is not dealt in) and ``Moving Button to seat 7`` (the button of the hand; the ``Button
is at seat`` line before it is the last hand's). Calls are written as the bet called (``calls
$0.04`` after a small blind of 0.02 adds 0.02), raises as ``raises to``. The site's record: the
rake (``Taking Rake of $0.03 from pot 1``), what each player won (``wins $0.35``; hi/lo ``ties,
and wins $34.75 with high hand`` and ``ties $34.75 with low hand``), the pot before rake (the last
``Pot sizes:``), uncalled bets where written (``Returning $2.48 to Player11 uncalled``; often they
are not, so a hand without such a line says nothing about them), and every seat's stack after
the hand (the seat lines repeated before ``End of Hand``, less a rebuy made during the hand),
all checked by the replay.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import RoundBets, finished_hand, seat_number
from pokerscore.histories.sites.text import text_hands

_GAMES: Final = {"HOLD'EM": ("T", "holdem"), "OMAHA": ("O", "omaha"),
                 "OMAHA HI/LO": ("O/8", "omaha-hi-lo")}  # fmt: skip
_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "NO LIMIT": ("N", "no-limit"),
    "POT LIMIT": ("P", "pot-limit"),
    "FIXED LIMIT": ("F", "fixed-limit"),
    "LIMIT": ("F", "fixed-limit"),
}
_SNIFF: Final = re.compile(r"^Starting Hand #\d+\s*\n(?:.*\n)?Start time of hand: ", re.M)
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}): (?P<name>.+) - (?P<stack>\S+)(?P<rest>(?: \([^()]*\))?)$"
)
_BLINDS: Final = re.compile(r"^Blinds are now (?P<sb>\S+) / (?P<bb>\S+)$")
_BOARD: Final = re.compile(r"^Dealing (?:Flop|Turn|River) (?P<cards>(?:\[[^\]]*\])+)$")
_DEALT: Final = re.compile(r"^Dealing (?P<cards>(?:\[[^\]]*\])+) to (?P<name>.+)$")
_VERB: Final = re.compile(
    r"^(?P<name>.+?) (?P<verb>folds|checks|calls|bets|raises to|posts small blind"
    r"|posts big blind|posts ante of|posts|shows|mucks|doesn't show|wins|ties, and wins|ties"
    r"|rebuys|brings)(?: (?P<rest>.*))?$"
)
_RETURNED: Final = re.compile(r"^Returning (?P<amount>\S+) to (?P<name>.+) uncalled$")
_RAKE: Final = re.compile(r"^Taking Rake of (?P<amount>\S+) from pot \d+$")
_CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}


def sniff(head: str) -> bool:
    """A PKR file: ``Starting Hand #n`` then ``Start time of hand:`` (a file may start in the
    middle of a hand)."""
    return _SNIFF.search(head) is not None


def _amount(text: str) -> Decimal:
    return money(text.strip().removesuffix("(all-in)").strip().strip("()"))


def _cards(text: str) -> tuple[Card | None, ...]:
    """``[K d][A d]``, ``[XX] [6 s]`` (a card not shown)."""
    return site_cards(text.replace("XX", "??").replace("[", "").replace("]", ""))


class _Hand:
    """One hand as its lines are read."""

    def __init__(self, draft: HandDraft) -> None:
        self.draft = draft
        self.bets = RoundBets()
        self.names: set[str] = set()
        self.seats_done = False
        self.end_stacks: dict[str, Decimal] = {}
        self.rebuys: dict[str, Decimal] = {}
        self.no_show: list[int] = []
        self.pot: Decimal | None = None

    def line(self, line: str, where: int) -> None:
        draft = self.draft
        head, _, value = line.partition(": ")
        if head in ("Game Type", "Limit Type", "Money Type", "Table Type", "Start time of hand"):
            draft.fields[head] = value
            return
        if line.startswith(("Table #", "Starting Hand #", "Last Hand", "Shuffling", "Button is")):
            if line.startswith("Table #"):
                draft.table = line.removeprefix("Table #")
            if line.startswith("Starting Hand #"):
                draft.hand_id = line.removeprefix("Starting Hand #").strip()
            return
        if line.startswith("Blinds are now "):
            blinds = _BLINDS.match(line)
            if blinds is None:
                raise HandHistoryError(f"cannot read {shorten(repr(line))}", line=where)
            draft.small_blind, draft.big_blind = money(blinds["sb"]), money(blinds["bb"])
            draft.currency = next((c for s, c in _CURRENCIES.items() if s in blinds["bb"]), None)
            return
        seat = _SEAT.match(line)
        if seat:
            self.seat(seat, where)
            return
        self.seats_done = True
        if line.startswith("Moving Button to seat "):
            draft.button = int(line.removeprefix("Moving Button to seat ")[:6])
            return
        if line.startswith("Pot sizes: "):
            self.pot = _amount(line.removeprefix("Pot sizes: "))
            return
        if line.startswith("Dealing Cards"):
            return
        board = _BOARD.match(line)
        if board:
            self.bets.new_round()
            draft.actions.append(("deal-board", None, None, _cards(board["cards"]), 0, where, False))  # fmt: skip
            return
        dealt = _DEALT.match(line)
        if dealt and dealt["name"] in self.names:
            draft.actions.append(("deal-hole", dealt["name"], None, _cards(dealt["cards"]), 0, where, False))  # fmt: skip
            return
        if line == "No Rake Taken":
            draft.rake = Decimal(0)
            return
        rake = _RAKE.match(line)
        if rake:
            draft.rake = (draft.rake or Decimal(0)) + _amount(rake["amount"])
            return
        returned = _RETURNED.match(line)
        if returned and returned["name"] in self.names:
            draft.returned.append((returned["name"], _amount(returned["amount"]), where))
            return
        verb = _VERB.match(line)
        if verb and verb["name"] in self.names:
            self.act(verb["name"], verb["verb"], verb["rest"] or "", where)
        # anything else: chat, time banks, players joining or leaving, "did not respond in time"

    def seat(self, seat: re.Match[str], where: int) -> None:
        number = seat_number(seat["seat"], where)
        name, stack = seat["name"], _amount(seat["stack"])
        if self.seats_done:  # the stacks after the hand
            self.end_stacks[name] = stack
            return
        away = "away from table" in seat["rest"] or stack == 0
        if not away:
            self.names.add(name)
        # listed as sitting out: build_hand deals in only the players who post or act
        self.draft.seats.append((number, name, stack, True))

    def act(self, name: str, verb: str, rest: str, where: int) -> None:
        draft, bets = self.draft, self.bets
        all_in = rest.endswith("(all-in)")
        if verb.startswith("posts"):
            amount = _amount(rest)
            kind = {"posts small blind": "small", "posts ante of": "ante"}.get(verb, "big")
            if verb == "posts" and amount > draft.big_blind:
                kind = "both"
            if kind != "ante":
                bets.add(name, amount)
            draft.posts.append((name, kind, amount, where))
        elif verb == "folds":
            draft.actions.append(("fold", name, None, (), 0, where, False))
        elif verb == "checks":
            draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
        elif verb == "calls":  # the bet called: the call adds what the player lacks of it
            to = _amount(rest)
            added = to - bets.bet(name)
            bets.add(name, added)
            draft.actions.append(("check-call", name, added, (), 0, where, all_in))
        elif verb in ("bets", "raises to"):
            to = _amount(rest)
            bets.add(name, to - bets.bet(name))
            draft.actions.append(("bet-raise", name, to, (), 0, where, all_in))
        elif verb == "shows":
            draft.actions.append(("show", name, None, _cards(rest), 0, where, False))
        elif verb in ("mucks", "doesn't show"):
            draft.actions.append(("muck", name, None, (), 0, where, False))
        elif verb in ("wins", "ties, and wins", "ties"):
            draft.collected.append((name, _amount(rest.split(" with")[0]), 0))
        else:  # rebuys, brings: chips added during the hand, after it is dealt
            added = _amount(rest.split(" to table")[0])
            self.rebuys[name] = self.rebuys.get(name, Decimal(0)) + added

    def hand(self) -> HandHistory:
        draft = self.draft
        winners = {name for name, *_ in draft.collected}
        # a winner who "doesn't show" wins unseen; for anyone else it is a muck
        draft.actions = [a for a in draft.actions if a[0] != "muck" or a[1] not in winners]
        draft.total = self.pot
        playing = {name for name, *_ in draft.posts} | {a[1] for a in draft.actions if a[1]}
        ends = None
        if playing <= self.end_stacks.keys():
            ends = {
                name: stack - self.rebuys.get(name, Decimal(0))
                for name, stack in self.end_stacks.items()
            }
        return finished_hand(draft, returns_written=bool(draft.returned), end_stacks=ends)


def parse_pkr(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``Table #…`` or ``Starting Hand #…``)."""
    draft = HandDraft(file, number, first_line, site="PKR", source_format="pkr")
    hand = _Hand(draft)
    for offset, raw in enumerate(lines):
        line = raw.strip()
        if line.startswith("End of Hand"):
            break
        if line:
            hand.line(line, first_line + offset)
    game = draft.fields.get("Game Type")
    if not isinstance(game, str) or game.upper() not in _GAMES:
        raise HandHistoryError(f"{shorten(str(game))} is not replayed here yet")
    letter, draft.game = _GAMES[game.upper()]
    limit = str(draft.fields.get("Limit Type", "")).upper()
    if limit not in _BETTING:
        raise HandHistoryError(f"unknown limit type {shorten(repr(limit))}")
    betting_letter, draft.betting = _BETTING[limit]
    draft.variant = betting_letter + letter
    if "TOURNAMENT" in str(draft.fields.get("Table Type", "")).upper():
        draft.currency = None
        draft.tournament = (draft.table or "").partition("Tournament #")[2].split(" ")[0] or None
    draft.time = _time(str(draft.fields.get("Start time of hand", "")))
    return hand.hand()


_MONTHS: Final = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}  # fmt: skip
_TIME: Final = re.compile(r"^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}:\d{2}:\d{2})$")


def _time(text: str) -> str | None:
    """``11 Jun 2012 21:38:10`` as ISO 8601 (no zone is named)."""
    found = _TIME.match(text.strip())
    if found is None or found[2] not in _MONTHS:
        return None
    return f"{found[3]}-{_MONTHS[found[2]]:02d}-{int(found[1]):02d}T{found[4]}"


def starts_hand() -> Callable[[str], bool]:
    """A hand starts at its ``Table #`` line, or at ``Starting Hand #`` where that is missing."""
    previous = [""]

    def starts(line: str) -> bool:
        begins = line.startswith("Table #") or (
            line.startswith("Starting Hand #") and not previous[0].startswith("Table #")
        )
        previous[0] = line
        return begins

    return starts


def read_pkr(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a PKR file, streamed; a bad hand comes as its error."""
    return text_hands(path, starts_hand(), parse_pkr)


FORMAT: Final = SiteFormat("pkr", "PKR", sniff, read_pkr)
