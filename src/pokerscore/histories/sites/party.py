"""PartyPoker hand histories: cash games and tournaments, hold'em and Omaha (no limit, pot
limit, fixed limit), in the client's two layouts.

A hand starts ``#Game No : n`` then ``***** Hand History for Game n *****`` (files of 2019 on:
``***** Hand History For Game <letters and digits> *****`` alone); ``Game #n starts.``
separators between hands (sometimes at the end of a line, or after a NUL byte) are passed over
(where hands start, as the compiled reader cuts a file: :func:`_starts`). Both layouts'
hands are read by a compiled share where it is sure of them (``_party_kernels``, whose words
and these expressions' are ``_stars_lines``' ``PT_`` tables). The older layout writes every amount in brackets as an increment (``raises [$35 USD]``,
``calls[ $20 USD ]``, ``is all-In  [4,220]``); the newer one in parentheses (``calls (0.15)``)
with raises as totals (``raises 0.65 to 0.75``) and ``is all-In.`` on a line of its own.

What each file records of the site's own totals, and how it is checked:

- older layout: ``wins $239 USD`` / ``wins 2,000 chips from the side pot 1`` includes the
  uncalled part of the last bet, which is not written: the reader names it as returned (the part
  of the round's largest bet nobody matched), the replay checks that against its own, and the
  winnings are what is left; no pot or rake line (what the pot lacks is the rake, within the
  replay's limit).
- newer layout: ``Main Pot: $16 Rake: $0.84`` (the pot after rake, and the rake: the total pot
  is their sum) and per player ``collected $2.50`` (again with the uncalled bet).
- tournaments write no blind posts: the blinds are in the header (``Blinds(300/600)``, or
  ``Stakes(200/400)`` in fixed limit: the bets, the blinds half of each), and the reader names
  the posts they imply (the two seats after the button; heads-up the button posts the small
  blind), each at most the player's stack.

Hands other tools converted to this format (``(Poker Stars)``, ``(WPN)``, ``(PokerBros)`` in
the header) are read the same way, the site they were played on kept as the hand's ``site``.
A player who joins during a hand and posts without a seat line is refused (the file has no stack
for them); a player sitting out before the deal is not dealt in. Times carry the offset of the
zone the file names (``EDT``, ``CEST`` …) where it is one of :data:`ZONES`. Stud games are
refused by name: a PartyPoker stud hand writes the saver's cards only (``Dealt to Hero [ 3h 8c
7c ]``), no other player's up cards, which the replay needs to tell who brings in and who acts
first on each street; draw games are refused as not replayed yet (none in the shared sample).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore.histories import _stars_lines as words_of
from pokerscore.histories.draft import HandDraft, build_hand, site_cards
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    BETTING_ABBREVIATIONS,
    RoundBets,
    add_action,
    line_player,
    localised_amount,
    seat_number,
)
from pokerscore.histories.sites.text import text_hands

NAME: Final = "partypoker"
_GAME_NUMBER: Final = re.compile(r"^#Game No : ?(?P<id>\S+)")
_BANNER: Final = re.compile(
    rf"^(?:{re.escape(words_of.PARTY_BANNER)}|{re.escape(words_of.PT19_BANNER)})(?P<id>\S+)"
    rf"{re.escape(words_of.PT_BANNER_END)}"
)
_SEPARATOR: Final = re.compile(r"\s*Game #\S+ starts\.\s*$")
_STAKES: Final = re.compile(r"^\$?(?P<sb>[0-9][0-9.,]*)/\$?(?P<bb>[0-9][0-9.,]*)\b")
_BLINDS: Final = re.compile(
    rf"\b(?P<kind>{'|'.join(re.escape(word[:-1]) for word in words_of.PT_IMPLIED)})"
    r"\((?P<sb>[0-9.,]+)/(?P<bb>[0-9.,]+)\)"
)
_TOURNAMENT: Final = re.compile(r"Trny: ?(?P<id>\d+)")
_BETTING_WORD: Final = re.compile(r"(?:^|[\s(])(?P<betting>NL|PL|FL)(?:[\s)]|$)")
_DATE: Final = re.compile(
    r"(?P<month>[A-Z][a-z]{2})[a-z]* (?P<day>\d\d?),? (?P<time>\d\d:\d\d:\d\d) "
    r"(?P<zone>[A-Z]{2,5}) (?P<year>\d{4})"
)
_BUTTON: Final = re.compile(r"Seat (?P<seat>\d{1,5}) is the button")
_SEAT: Final = re.compile(
    r"^[Ss]eat ?(?P<seat>\d{1,5}): (?P<name>.+?) \( ?(?P<stack>[^()]*?) ?\)\s*$"
)
_STREET: Final = re.compile(
    r"^\*\* Dealing (?P<street>Flop|Turn|River) \*\*(?: :)? +\[(?P<cards>[^\]]*)\]"
)
_ACT: Final = re.compile(
    r"^(?P<verb>folds|checks|calls|bets|raises|is all-In)\s*"
    r"(?:\[ ?(?P<bracket>[^\]]*?) ?\]|\((?P<paren>[^)]*)\)|"
    rf"(?P<by>\S+){re.escape(words_of.PT19_RAISE_TO)}(?P<to>\S+))?\s*\.?$"
)
_WINS: Final = re.compile(
    r"^wins (?:Lo \()?(?P<amount>[^()]+?)\)?(?: chips)?(?: from the (?P<pot>main pot|side pot"
    r"(?: (?P<side>\d{1,3}))?))?(?: with .*)?\.?$"
)
_BALANCE: Final = re.compile(
    rf"^{re.escape(words_of.PT_BALANCE)}[^,]+,.*?{re.escape(words_of.PT19_COLLECTED)}(?P<amount>[^,]+),"
)
_SHOWN: Final = re.compile(
    rf"^{re.escape(words_of.PT_BALANCE)}[^\[]*?(?:lost|net) [^\[(]*\[(?P<cards>[^\]]+)\]"
)
_MAIN_POT: Final = re.compile(
    rf"^(?:{'|'.join(words_of.PT19_POTS)}){re.escape(words_of.PT19_POT)}(?: \d+)?: (?P<pot>\S+)"
    rf"{re.escape(words_of.PT19_RAKE)}(?P<rake>\S+)"
)
_STUD: Final = re.compile(r"\b(?:7 Card Stud(?: Hi-Lo)?|5 Card Stud|Razz|Badugi|2-7[^-]*Draw)\b")
_GAMES: Final = words_of.PT_GAMES
_MONTHS: Final = {
    name: f"{number:02d}"
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
    )
}
ZONES: Final = {
    "GMT": "+00:00", "UTC": "+00:00", "WET": "+00:00", "BST": "+01:00", "WEST": "+01:00",
    "CET": "+01:00", "CEST": "+02:00", "EET": "+02:00", "EEST": "+03:00", "MSK": "+03:00",
    "EST": "-05:00", "EDT": "-04:00", "CST": "-06:00", "CDT": "-05:00", "MST": "-07:00",
    "MDT": "-06:00", "PST": "-08:00", "PDT": "-07:00", "YEKT": "+05:00", "YEKST": "+06:00",
    "AEST": "+10:00", "AEDT": "+11:00",
}  # fmt: skip
"""The offsets of the time-zone names PartyPoker's clients write."""
_CONVERTED: Final = words_of.PT_CONVERTED
"""The sites of hands other tools converted to PartyPoker's format, as the header tags them:
the hand's ``site`` is where it was played (its ``source_format`` stays ``partypoker``)."""
_VERBS: Final = words_of.PT_VERBS
_NOTICES: Final = words_of.PT_NOTICES
_NOTICE: Final = re.compile("|".join(map(re.escape, _NOTICES)))
"""Any of :data:`_NOTICES` within the words of a line of play (one search, faster than one
per notice on such short text)."""


def sniff(head: str) -> bool:
    """A PartyPoker file: its first lines hold ``***** Hand History for Game``."""
    return any(_BANNER.match(line) for line in head.splitlines()[:6])


def _starts() -> Callable[[str], bool]:
    """A hand starts at ``#Game No`` at a line's start, as the compiled reader's index cuts a
    file (and the runs' parts: :data:`~pokerscore.histories._stars_lines.PACIFIC_GAME_NO`);
    ``Game #n starts.`` separators before the file's first hand start it (the ``#Game No``
    after them does not), those after it are lines of the hand before (which passes over them).
    A hand starts at its banner where no ``#Game No`` line (blank lines aside) comes before it,
    in a file whose first hand starts so; in one whose first hand starts at ``#Game No`` (which
    the compiled path reads: :func:`preamble`), a banner alone is a line of the hand (which is
    bad), as the compiled reader's index cuts it: the two paths read the same hands."""
    started = [False]
    numbered: list[bool | None] = [None]  # the file's first hand started at ``#Game No``
    opened = [0]  # the line before, blank lines aside: 1 a leading separator, 2 ``#Game No``

    def starts_hand(line: str) -> bool:
        if line.startswith(words_of.PACIFIC_GAME_NO):
            was = opened[0] == 1
            started[0] = True
            numbered[0] = True if numbered[0] is None else numbered[0]
            opened[0] = 2
            return not was
        bare = line.strip(" \x00\t\r")
        if _SEPARATOR.fullmatch(" " + bare):
            if not started[0]:
                started[0] = True
                opened[0] = 1
                return True
            opened[0] = 1 if opened[0] == 1 else 0
            return False
        if bare.startswith("***** ") and _BANNER.match(bare):
            was = opened[0] != 0
            started[0] = True
            numbered[0] = False if numbered[0] is None else numbered[0]
            opened[0] = 0
            return not was and not numbered[0]
        if bare:
            opened[0] = 0
        return False

    return starts_hand


def preamble(data: bytes) -> int:
    """Where a file's first ``#Game No`` line starts when only blank lines and ``Game #n
    starts.`` separators stand before it (the first hand of :func:`_starts`, from the file's
    start), else -1: what the compiled path reads from the first hand's line (the separators
    its own reader passes over)."""
    at = 0
    if data.startswith(b"\xef\xbb\xbf"):
        at = 3
    marker = words_of.PACIFIC_GAME_NO.encode()
    while at < len(data):
        stop = data.find(b"\n", at)
        stop = len(data) if stop < 0 else stop
        line = data[at:stop]
        if line.startswith(marker):
            return at
        try:
            bare = line.decode().strip(" \x00\t\r")
        except UnicodeDecodeError:
            return -1
        if bare and not _SEPARATOR.fullmatch(" " + bare):
            return -1
        at = stop + 1
    return -1


_BANNER19: Final = (
    re.escape(words_of.PT19_BANNER.encode()) + rb"[0-9A-Za-z]+"
    + re.escape(words_of.PT_BANNER_END.encode())
)  # fmt: skip
_BANNER19_FIRST: Final = re.compile(_BANNER19)
_BANNER19_LINE: Final = re.compile(rb"\n" + _BANNER19)
"""A 2019 banner after a line's end (a literal to look for first: four times as fast as
``(?m)^`` on a file of them)."""
_BANNER_WORDS: Final = (
    words_of.PARTY_BANNER.rstrip().encode(), words_of.PT19_BANNER.rstrip().encode()
)  # fmt: skip


def banner_starts(data: bytes) -> list[int] | None:
    """Where the hands of a buffer of the 2019 layout start (each line that starts with
    ``***** Hand History For Game <letters and digits> *****``), as :func:`_starts` starts them,
    for the compiled reader's index; None where it is not sure of that (the buffer not led by
    such a banner, a ``#Game No`` in it, a banner written otherwise or not at a line's start)."""
    if _BANNER19_FIRST.match(data) is None or words_of.PACIFIC_GAME_NO.encode() in data:
        return None
    found = [0, *(match.start() + 1 for match in _BANNER19_LINE.finditer(data))]
    if len(found) != sum(data.count(word) for word in _BANNER_WORDS):
        return None
    return found


def read_party(path: Path | str) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a PartyPoker file, streamed; a bad hand comes as its error."""
    return text_hands(Path(path), _starts(), parse_party)


def parse_party(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One PartyPoker hand from its lines."""
    draft = HandDraft(file, number, first_line, site="PartyPoker", source_format=NAME)
    _Hand(draft).read(lines, first_line)
    return build_hand(draft)


class _Hand:
    def __init__(self, draft: HandDraft) -> None:
        self.draft = draft
        self.bets = RoundBets()
        self.names: set[str] = set()
        self.dealt = False
        self.implied: tuple[Decimal, Decimal] | None = None
        self.wins: list[tuple[str, Decimal, int]] = []
        self.pot_after_rake = Decimal(0)
        self.unmatched: tuple[str, Decimal] | None = None

    def read(self, lines: Sequence[str], first_line: int) -> None:
        draft = self.draft
        offset = 0
        while offset < len(lines) and (
            not lines[offset].strip(" \x00\t")
            or _SEPARATOR.fullmatch(" " + lines[offset].strip(" \x00\t"))
        ):
            offset += 1
        if offset < len(lines) and (game_number := _GAME_NUMBER.match(lines[offset])) is not None:
            draft.hand_id = game_number.group("id")
            offset += 1
        while offset < len(lines) and not lines[offset].strip():
            offset += 1
        if offset >= len(lines) or not (banner := _BANNER.match(lines[offset])):
            raise HandHistoryError("not a PartyPoker hand: no '***** Hand History for Game' line")
        draft.hand_id = draft.hand_id or banner.group("id")
        if offset + 1 >= len(lines):
            raise HandHistoryError("no game line after the hand's banner")
        self._header(lines[offset + 1].strip())
        for index in range(offset + 2, len(lines)):
            line = _SEPARATOR.sub("", lines[index].strip(" \x00\t\r"))
            if line:
                self._line(line, first_line + index)
        self._finish()

    def _header(self, header: str) -> None:
        draft = self.draft
        draft.fields = {"header": header}
        draft.site = next(
            (site for tag, site in _CONVERTED.items() if f"({tag})" in header), draft.site
        )
        if (stud := _STUD.search(header)) is not None:
            if "Stud" in stud.group() or stud.group() == "Razz":
                raise HandHistoryError(
                    f"{stud.group()} is not replayed: PartyPoker writes no up cards but the "
                    "saver's, and the replay needs each player's to tell who brings in and acts "
                    "first"
                )
            raise HandHistoryError(f"{stud.group()} is not replayed here yet")
        game = next((found for name, found in _GAMES if name in header), None)
        if game is None:
            refused = header.partition(" - ")[0]
            raise HandHistoryError(f"{refused[:60]!r}: the game is not replayed here yet")
        letter, draft.game = game
        betting = _BETTING_WORD.search(header)
        if betting is None:
            raise HandHistoryError("no betting (NL, PL, FL) in the game line")
        betting_letter, draft.betting = BETTING_ABBREVIATIONS[betting.group("betting")]
        draft.variant = betting_letter + letter
        tournament = _TOURNAMENT.search(header)
        draft.tournament = tournament.group("id") if tournament else None
        if draft.tournament is None:
            draft.currency = next(
                (code for code in ("USD", "EUR", "GBP", "CAD") if code in header.split()),
                "USD" if "$" in header else None,
            )
        blinds = _BLINDS.search(header)
        stakes = _STAKES.match(header)
        if blinds is not None:
            small, big = localised_amount(blinds.group("sb")), localised_amount(blinds.group("bb"))
            if blinds.group("kind") == "Stakes" and draft.betting == "fixed-limit":
                self.implied = (small / 2, small)
            else:
                self.implied = (small, big)
            draft.small_blind, draft.big_blind = small, big
        elif stakes is not None and words_of.PT_BUY_IN not in header:
            small, big = localised_amount(stakes.group("sb")), localised_amount(stakes.group("bb"))
            draft.small_blind, draft.big_blind = small, big
        date = _DATE.search(header)
        if date is not None and date.group("month") in _MONTHS:
            draft.time = (
                f"{date.group('year')}-{_MONTHS[date.group('month')]}-{int(date.group('day')):02d}"
                f"T{date.group('time')}{ZONES.get(date.group('zone'), '')}"
            )

    def _line(self, line: str, number: int) -> None:
        draft = self.draft
        if line.startswith(("Table ", "Seat ", "seat")) and (button := _BUTTON.search(line)):
            draft.button = int(button.group("seat"))
            if line.startswith("Table "):
                draft.table = line[len("Table ") :].partition(" (")[0].strip() or None
            return
        if line.startswith("Table "):
            draft.table = line[len("Table ") :].partition(" (")[0].strip() or None
            return
        if (seat := _SEAT.match(line)) is not None and not self.dealt:
            seat_number(seat.group("seat"), number)
            name = seat.group("name")
            if draft.currency is None and draft.tournament is None and "$" in seat.group("stack"):
                draft.currency = "USD"  # the 2019 layout names it only in the amounts
            draft.seats.append((int(seat.group("seat")), name, localised_amount(seat.group("stack")), False))  # fmt: skip
            self.names.add(name)
            return
        if line.startswith(("Total number of players", "Trny:", "Blinds(", "Stakes(", "Board:")):
            return
        if line.startswith("Creating ") or line.startswith("** Summary"):
            return
        if line.startswith("** "):
            if line.startswith("** Dealing down cards"):
                self._deal()
            elif (street := _STREET.match(line)) is not None:
                self._deal()
                if self.bets.bets:
                    self.unmatched = self.bets.unmatched()
                self.bets.new_round()
                cards = site_cards(street.group("cards").replace(",", " "))
                draft.actions.append(("deal-board", None, None, cards, 0, number, False))
            return
        if (pot := _MAIN_POT.match(line)) is not None:
            self.pot_after_rake += localised_amount(pot.group("pot"))
            draft.rake = (draft.rake or Decimal(0)) + localised_amount(pot.group("rake"))
            return
        if line.startswith("Dealt to "):
            name, words = line_player(line[len("Dealt to ") :], self.names)
            if name is not None:
                cards = site_cards(words.strip(" []").replace(",", " "))
                draft.actions.append(("deal-hole", name, None, cards, 0, number, False))
            return
        name, words = line_player(line, self.names)
        if name is None:
            self._stranger(line, number)
            return
        self._play(name, words, number)

    def _stranger(self, line: str, number: int) -> None:
        """A line that starts with no seated player's name: a notice, or a player who plays
        without a seat line."""
        if any(notice in line for notice in _NOTICES) or line.endswith("is sitting out"):
            return
        if line.startswith("Player ") and "finished in" in line:
            return
        if " posts " in line or " calls " in line or " folds" in line:
            who = line.partition(" posts ")[0].partition(" calls ")[0].partition(" folds")[0]
            raise HandHistoryError(
                f"{who[:40]!r} plays without a seat line (joined during the "
                "hand): the file has no stack for them",
                line=number,
            )
        raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)

    def _deal(self) -> None:
        """The cards are dealt: the posts a tournament's header implies are named now."""
        if self.dealt:
            return
        self.dealt = True
        if self.implied is None or self.draft.posts:
            return
        seated = sorted(
            (seat, name, stack) for seat, name, stack, out in self.draft.seats if not out
        )
        after = [entry for entry in seated if entry[0] > self.draft.button]
        order = after + [entry for entry in seated if entry[0] <= self.draft.button]
        if len(order) < 2:
            return
        if len(order) == 2:  # heads-up: the button posts the small blind
            order = [order[1], order[0]]
        for (_, name, stack), kind, amount in zip(
            order, ("small", "big"), self.implied, strict=False
        ):
            posted = min(amount, stack)
            self.draft.posts.append((name, kind, posted, self.draft.line))
            self.bets.add(name, posted)

    def _play(self, name: str, words: str, number: int) -> None:
        draft = self.draft
        if words.startswith("posts "):
            self._post(name, words[len("posts ") :], number)
            return
        if words == "is sitting out":
            if not self.dealt:
                draft.seats = [
                    (seat, who, stack, out or who == name) for seat, who, stack, out in draft.seats
                ]
            return
        if words.startswith("wins "):
            found = _WINS.match(words)
            if found is None:
                raise HandHistoryError(f"cannot read {words[:60]!r}", line=number)
            side = found.group("side")
            pot = 0 if not found.group("pot") or "main" in found.group("pot") else int(side or 1)
            self.wins.append((name, localised_amount(found.group("amount")), pot))
            return
        if words.startswith("balance "):
            if (collected := _BALANCE.match(words)) is not None:
                self.wins.append((name, localised_amount(collected.group("amount")), 0))
            if (shown := _SHOWN.match(words)) is not None and words_of.PT19_FOLDED not in words:
                cards = site_cards(shown.group("cards").replace(",", " "))
                draft.actions.append(("show", name, None, cards, 0, number, False))
            return
        if words.startswith("shows"):
            start, end = words.find("["), words.find("]")
            if start >= 0 and end > start:
                cards = site_cards(words[start + 1 : end].replace(",", " "))
                draft.actions.append(("show", name, None, cards, 0, number, False))
            return
        if _NOTICE.search(words):
            return
        if words in words_of.PT19_ALL_IN:  # the newer layout: of the act just before
            last = draft.actions[-1] if draft.actions else None
            if last is None or last[1] != name:
                raise HandHistoryError(f"all-in after no act of {name[:40]!r}", line=number)
            draft.actions[-1] = (*last[:6], True)
            return
        act = _ACT.match(words)
        if act is None:
            raise HandHistoryError(f"cannot read {words[:60]!r}", line=number)
        self._deal()
        verb = _VERBS[act.group("verb")]
        if act.group("to") is not None:  # "raises 0.65 to 0.75": the total
            total = localised_amount(act.group("to"))
            self.bets.set(name, total)
            draft.actions.append(("bet-raise", name, total, (), 0, number, False))
            return
        amount = act.group("bracket") or act.group("paren")
        increment = None if amount is None else localised_amount(amount)
        add_action(draft, self.bets, verb, name, increment, number)

    def _post(self, name: str, rest: str, number: int) -> None:
        kinds = {"small blind": "small", "big blind": "big", "ante": "ante"}
        kind_text, _, amount_text = rest.partition(" ")
        for text in kinds:
            if rest.startswith(text):
                kind_text, amount_text = text, rest[len(text) :]
                break
        else:
            raise HandHistoryError(f"unknown post {rest[:60]!r}", line=number)
        amount = localised_amount(amount_text.strip(" []().").rstrip("]"))
        self.draft.posts.append((name, kinds[kind_text], amount, number))
        if kind_text != "ante":
            self.bets.add(name, amount)

    def _finish(self) -> None:
        draft = self.draft
        playing = {name for name, *_ in draft.posts} | {
            a[1] for a in draft.actions if a[0] != "deal-hole"
        }
        draft.seats = [  # the site writes every dealt player's fold: one with no act sat out
            (seat, name, stack, out or name not in playing)
            for seat, name, stack, out in draft.seats
        ]
        if not draft.small_blind and draft.posts:  # no stakes in the header: the posts say
            blinds = [amount for _, kind, amount, _ in draft.posts if kind in ("small", "big")]
            if blinds:
                draft.small_blind, draft.big_blind = min(blinds), max(blinds)
        unmatched = self.bets.unmatched() if self.bets.bets else self.unmatched
        back, returned = unmatched if unmatched is not None else ("", Decimal(0))
        if returned:
            draft.returned.append((back, returned, draft.line))
        for name, amount, pot in sorted(self.wins, key=lambda win: -win[2]):
            if name == back and returned:  # the site's payout holds the bet it returned
                taken = min(returned, amount)
                amount -= taken
                returned -= taken
                if not amount:
                    continue  # a "side pot" that was only the returned bet
            draft.collected.append((name, amount, pot))
        if self.pot_after_rake and draft.rake is not None:
            draft.total = self.pot_after_rake + draft.rake


FORMAT: Final = SiteFormat(NAME, "PartyPoker", sniff, read_party)
