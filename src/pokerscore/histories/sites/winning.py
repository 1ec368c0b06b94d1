"""Winning Poker Network hand histories (Americas Cardroom, Black Chip, True Poker …): cash games
and tournaments, hold'em, Omaha and Omaha hi/lo (seven-card stud in the newer layout), in the
network's two layouts. Files are UTF-8
or UTF-16 with a byte-order mark.

The 2016-19 layout: a hand starts ``Game started at: 2016/8/8 16:39:21`` then
``Game ID: 698347374 0.01/0.02 (PRR) Bahamut (Short) - 2 (Hold'em)`` (the game last, in
parentheses: ``Hold'em`` is no limit, ``Omaha`` and ``Omaha HiLow`` pot limit; a tournament's
header names its table ``…, Table 1`` and has no ``(PRR)``); every amount is an increment
(``raises (30)`` puts in 30 more, as do ``allin (550)`` and ``caps (253.88)``); posts are
``Player X has small blind (0.01)``; the hero's cards come one a line; the summary says
``Pot: 37.05. Rake 1.71. JP fee 0.24`` (the pot after rake and the jackpot fee: the total pot is
their sum, and the rake column holds both) and per player ``Bets: 18. Collects: 37.05.
Wins: 19.05.`` (what was paid: the collections); uncalled bets are returned in writing.

The 2019 layout is much as PokerStars writes: ``Hand #n - Holdem(No Limit) - $0.02/$0.05 -
2021/07/28 16:15:58 UTC`` (tournaments ``Game Hand #n - Tournament #m - Omaha H/L(Pot Limit) -
Level 1 (250.00/500.00)- …``), ``posts the small blind 250.00``, ``raises 1900.00 to 1900.00``
(a total), ``calls 1650.00`` (an increment), ``collected 60600.00 from main pot``, ``Total pot
$0.36 | Rake $0.01``; the one card each player is dealt before the hand (for the button) is not
the deal.

The 2019 layout's seven-card stud (``Hand #n - 7Stud(Fixed Limit) - $0.04/$0.08 - …``, the
stakes the small and big bets; a table line with no button, ``Gorham 8-max``): ``*** 3rd STREET
***`` to ``*** 7th STREET ***``, each player's cards ``Dealt to P [7d 6h] [4h]`` (the others' up
cards only; seventh street's unwritten), ``brings in $0.02``, the completion as a raise, dealt
through :class:`~pokerscore.histories.draft.StudStreets`; who won is in the summary only (``did
not show and won $0.36``), and its total pot is then the winners' amount after rake.

Times: the 2019 layout's are UTC (``+00:00``); the older one names no zone. Other stud games
are refused ("not replayed here yet"); a player with no name (an anonymised file's gap) is
refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore.histories import _stars_lines as grammar
from pokerscore.histories.draft import STUD_GAMES, HandDraft, StudStreets, build_hand, site_cards
from pokerscore.histories.model import Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    RoundBets,
    add_action,
    line_player,
    localised_amount,
    seat_number,
)
from pokerscore.histories.sites.text import text_hands

NAME: Final = "winning"
_STARTED: Final = re.compile(r"^Game started at: (?P<when>\S+ \S+)")
_NEW_HEADER: Final = re.compile(r"^(?:Game )?Hand #(?P<id>\d+) - (?P<rest>.*)$")
_GAME_ID: Final = re.compile(
    r"^Game ID: (?P<id>\d+) (?P<sb>[0-9.,]+)/(?P<bb>[0-9.,]+) (?P<table>.*?)\s*"
    r"\((?P<game>[^()]*)\)\s*$"
)
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d{1,5}): (?P<name>.+?) \((?P<stack>[^()]*)\)\.?\s*$")
_BUTTON: Final = re.compile(r"Seat #?(?P<seat>\d{1,5}) is the button")
_STREET: Final = re.compile(
    r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*:? (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]\s*$"
)
_WHEN: Final = re.compile(
    r"^(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2}) (?P<h>\d{1,2}):(?P<mi>\d{1,2}):(?P<s>\d{1,2})$"
)
_NUMBER: Final = r"[0-9][0-9,]*(?:\.[0-9]+)?"
_SUMMARY_POT: Final = re.compile(
    rf"^Pot: (?P<pot>{_NUMBER})\.?(?: Rake (?P<rake>{_NUMBER})\.?)?(?: JP fee (?P<jp>{_NUMBER}))?"
)
_PAID: Final = re.compile(r"Bets: (?P<bets>[0-9.,]+)\. Collects: (?P<collects>[0-9.,]+)\.")
_SHOWN: Final = re.compile(r"\[(?P<cards>[^\]]+)\]")
_UNCALLED: Final = re.compile(r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.*)$")
_OLD_ACT: Final = re.compile(
    r"^(?P<verb>"
    + "|".join(map(re.escape, grammar.WN_OLD_VERBS))
    + r")(?: \((?P<amount>[^)]*)\))?\s*$"
)
_OLD_GAMES: Final = grammar.WN_OLD_GAMES
_NEW_GAME: Final = re.compile(
    r"(?P<game>[A-Za-z0-9+/' ]+?)\s*\((?P<betting>"
    + "|".join(map(re.escape, grammar.WN_BETTING))
    + r")\)"
)
_NEW_GAMES: Final = grammar.WN_GAMES
"""The 2019 layout's games read; its seven-card stud is the only stud game seen in real files
(another is refused by name)."""
_STUD_STREET: Final = re.compile(r"^\*\*\* (?P<street>[3-7])(?:rd|th) STREET \*\*\*")
_SUMMARY_WON: Final = re.compile(
    r"^Seat \d{1,5}: (?P<rest>.*?)" + re.escape(grammar.WN_WON) + r"(?P<amount>\S+)"
)
_BETTING: Final[dict[str, tuple[str, Betting]]] = grammar.WN_BETTING
_VERBS: Final = grammar.WN_OLD_VERBS


_TOURNAMENT_ID: Final = re.compile(re.escape(grammar.WN_TOURNAMENT) + r"(\d+)")
_STAKES_TEXT: Final = re.compile(r"\(?(\$?[0-9.,]+)/(\$?[0-9.,]+)\)?")
_HEADER_WHEN: Final = re.compile(r"(\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}:\d{1,2})( UTC)?")
_SIDE_POT: Final = re.compile(re.escape(grammar.WN_SIDE) + r"-?(\d+)")


def sniff(head: str) -> bool:
    """A Winning Poker Network file: ``Game started at:`` and ``Game ID:``, or the 2019 header
    ``Hand #n - Game(Betting) -`` / ``Game Hand #n - Tournament #``."""
    lines = head.splitlines()[:4]
    if lines and _STARTED.match(lines[0]):
        return any(line.startswith("Game ID: ") for line in lines)
    header = _NEW_HEADER.match(lines[0]) if lines else None
    return header is not None and (
        "Tournament #" in header.group("rest") or _NEW_GAME.match(header.group("rest")) is not None
    )


def _starts_hand(line: str) -> bool:
    return line.startswith(grammar.WINNING)


def read_winning(path: Path | str) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Winning Poker Network file, streamed; a bad hand comes as its error."""
    return text_hands(Path(path), _starts_hand, parse_winning)


def parse_winning(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One Winning Poker Network hand from its lines."""
    draft = HandDraft(file, number, first_line, site="Winning Poker Network", source_format=NAME)
    if lines[0].startswith("Game started at:"):
        _Older(draft).read(lines, first_line)
    else:
        _Newer(draft).read(lines, first_line)
    return build_hand(draft)


def _iso(text: str) -> str | None:
    found = _WHEN.match(text.strip())
    if found is None:
        return None
    y, m, d, h, mi, s = (int(found.group(g)) for g in ("y", "m", "d", "h", "mi", "s"))
    return f"{y:04d}-{m:02d}-{d:02d}T{h:02d}:{mi:02d}:{s:02d}"


def _seat(draft: HandDraft, line: str, number: int) -> str | None:
    seat = _SEAT.match(line)
    if seat is None:
        return None
    seat_number(seat.group("seat"), number)
    name = seat.group("name")
    draft.seats.append((int(seat.group("seat")), name, localised_amount(seat.group("stack")), False))  # fmt: skip
    return name


class _Older:
    """The 2016-19 layout."""

    def __init__(self, draft: HandDraft) -> None:
        self.draft = draft
        self.bets = RoundBets()
        self.names: set[str] = set()
        self.holes: dict[str, list[str]] = {}
        self.summary = False

    def read(self, lines: Sequence[str], first_line: int) -> None:
        draft = self.draft
        started = _STARTED.match(lines[0])
        draft.time = _iso(started.group("when")) if started else None
        for offset, raw in enumerate(lines[1:], 1):
            line = raw.strip(" \t\ufffd")  # a half character where a UTF-16 file is cut
            number = first_line + offset
            if not line or line.startswith("Game ended at:"):
                continue
            if not self.summary and line.startswith("Player "):  # most lines: no other test
                self._play(line[len("Player ") :], number)  # takes a line starting "Player "
                continue
            if line.startswith("Game ID: "):
                self._header(line, number)
            elif (button := _BUTTON.match(line)) is not None:
                draft.button = int(button.group("seat"))
            elif line.startswith("Seat ") and (name := _seat(draft, line, number)) is not None:
                self.names.add(name)
            elif line.startswith("*** "):
                self._flush_holes(number)
                street = _STREET.match(line)
                if street is None:
                    raise HandHistoryError(f"unknown section {line[:60]!r}", line=number)
                if self.bets.bets:
                    self.bets.new_round()
                cards = site_cards(street.group("cards"))
                draft.actions.append(("deal-board", None, None, cards, 0, number, False))
            elif line.startswith("------ Summary"):
                self._flush_holes(number)
                self.summary = True
            elif line.startswith("Uncalled bet"):
                found = _UNCALLED.match(line)
                if found is None or found.group("name") not in self.names:
                    raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
                draft.returned.append((found.group("name"), localised_amount(found.group("amount")), number))  # fmt: skip
            elif self.summary:
                self._summary(line, number)
            elif line.startswith("Player "):
                self._play(line[len("Player ") :], number)
            else:
                raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
        if draft.variant == "":
            raise HandHistoryError("no 'Game ID:' line")

    def _header(self, line: str, number: int) -> None:
        draft = self.draft
        header = _GAME_ID.match(line)
        if header is None:
            raise HandHistoryError(f"cannot read the game line {line[:60]!r}", line=number)
        draft.hand_id = header.group("id")
        game = header.group("game").strip()
        if game not in _OLD_GAMES:
            raise HandHistoryError(f"{game} is not replayed here yet")
        draft.variant, draft.game, draft.betting = _OLD_GAMES[game]
        draft.small_blind = localised_amount(header.group("sb"))
        draft.big_blind = localised_amount(header.group("bb"))
        table = header.group("table").rstrip(" -")
        draft.fields = {"header": line}
        if grammar.WN_OLD_CAP in f" {table} ":
            raise HandHistoryError(
                "a capped table (CAP): the cap ends the betting, which the replay does not apply"
            )
        if "(PRR)" not in table and ", Table " in table:
            draft.tournament, _, number_text = table.rpartition(", Table ")
            draft.table = f"Table {number_text}"
        else:
            draft.table = table.replace("(PRR)", "").strip(" -") or None

    def _flush_holes(self, number: int) -> None:
        for name, cards in self.holes.items():
            self.draft.actions.append(("deal-hole", name, None, site_cards(" ".join(cards)), 0, number, False))  # fmt: skip
        self.holes.clear()

    def _play(self, rest: str, number: int) -> None:
        draft = self.draft
        name, words = line_player(rest, self.names)
        if name is None:
            raise HandHistoryError(
                f"{rest[:60]!r}: a player not seated here (a name left out?)", line=number
            )
        if words.startswith(grammar.WN_OLD_RECEIVED):
            self.holes.setdefault(name, []).append(
                words[len(grammar.WN_OLD_RECEIVED) :].rstrip("]")
            )
            return
        if words == grammar.WN_OLD_MUCKS:  # at the showdown (or alone, with the pot)
            draft.actions.append(("muck", name, None, (), 0, number, False))
            return
        if words in grammar.WN_OLD_PASSED:
            if words == grammar.WN_OLD_SITTING_OUT and not draft.actions:
                draft.seats = [(s, n, stack, out or n == name) for s, n, stack, out in draft.seats]
            return
        for prefix, kind in grammar.WN_OLD_POSTS:
            if words.startswith(prefix):
                amount = localised_amount(words[len(prefix) :].strip(" ()"))
                draft.posts.append((name, kind, amount, number))
                if kind != "ante":
                    self.bets.add(name, min(amount, draft.big_blind) if kind == "both" else amount)
                return
        self._flush_holes(number)
        act = _OLD_ACT.match(words)
        if act is None:
            raise HandHistoryError(f"cannot read {rest[:60]!r}", line=number)
        said = act.group("amount")
        increment = None if said is None else localised_amount(said)
        add_action(draft, self.bets, _VERBS[act.group("verb")], name, increment, number)

    def _summary(self, line: str, number: int) -> None:
        draft = self.draft
        if (pot := _SUMMARY_POT.match(line)) is not None:
            rake = localised_amount(pot.group("rake") or "0")
            rake += localised_amount(pot.group("jp") or "0")  # the jackpot fee: rake column
            draft.rake = rake
            draft.total = localised_amount(pot.group("pot")) + rake
            return
        if line.startswith("Board:"):
            return
        rest = line.lstrip("*")
        if not rest.startswith("Player "):
            raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
        name, words = line_player(rest[len("Player ") :], self.names)
        paid = _PAID.search(words)
        if name is None or paid is None:
            raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
        shown = _SHOWN.search(words[: paid.start()])
        if shown is not None:
            cards = site_cards(shown.group("cards"))
            if words.startswith("shows"):
                draft.actions.append(("show", name, None, cards, 0, number, False))
            else:
                known = any(a[0] == "deal-hole" and a[1] == name for a in draft.actions)
                if not known:
                    draft.actions.append(("reveal", name, None, cards, 0, number, False))
                draft.actions.append(("muck", name, None, (), 0, number, False))
        collected = localised_amount(paid.group("collects"))
        if collected:
            draft.collected.append((name, collected, 0))


class _Newer:
    """The 2019 layout, much as PokerStars writes."""

    def __init__(self, draft: HandDraft) -> None:
        self.draft = draft
        self.names: set[str] = set()
        self.dealt = False
        self.summary = False
        self.stud: StudStreets | None = None
        self.won: list[tuple[str, Decimal, int]] = []
        """The summary's ``won $0.36`` per player (a stud hand writes no ``collected`` line)."""

    def read(self, lines: Sequence[str], first_line: int) -> None:
        draft = self.draft
        header = _NEW_HEADER.match(lines[0])
        if header is None:
            raise HandHistoryError("not a Winning Poker Network hand: no hand number")
        draft.hand_id = header.group("id")
        self._header(header.group("rest"))
        if draft.game in STUD_GAMES:
            self.stud = StudStreets(draft)
            draft.button = -1  # a stud table has no button: the seats in their order
        stud = self.stud
        for offset, raw in enumerate(lines[1:], 1):
            line = raw.strip(" \t\ufffd")  # a half character where a UTF-16 file is cut
            number = first_line + offset
            if not line or line.startswith(grammar.WN_MAIN_POT):
                continue
            if self.summary:
                if line.startswith(grammar.TOTAL_POT):
                    total, _, rake = line[len(grammar.TOTAL_POT) :].partition(grammar.WN_RAKE)
                    draft.total = localised_amount(total)
                    draft.rake = localised_amount(rake) if rake else None
                elif (won := _SUMMARY_WON.match(line)) is not None:
                    name, _ = line_player(won.group("rest"), self.names)
                    if name is not None:
                        self.won.append((name, localised_amount(won.group("amount")), 0))
                continue
            if stud is not None and offset == 1 and not line.startswith(("Seat ", "Table ")):
                draft.table = line.rpartition(" ")[0] or line  # a stud table: "Gorham 8-max"
                continue
            if stud is not None and (street := _STUD_STREET.match(line)) is not None:
                stud.open(int(street.group("street")), number)
                self.dealt = True
                continue
            if line.startswith("*** "):
                if stud is not None:
                    stud.finish(number)
                self._section(line, number)
            elif (button := _BUTTON.search(line)) is not None and line.startswith(grammar.WN_TABLE):
                draft.button = int(button.group("seat"))
                draft.table = line[len(grammar.WN_TABLE) :].partition(" ")[0].strip("'")
            elif line.startswith("Seat ") and not self.dealt:
                name = _seat(draft, line, number)
                if name is None:
                    raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
                self.names.add(name)
            elif line.startswith("Uncalled bet"):
                found = _UNCALLED.match(line)
                if found is None:
                    raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
                draft.returned.append((found.group("name"), localised_amount(found.group("amount")), number))  # fmt: skip
            elif line.startswith("Dealt to "):
                if self.dealt:  # not the one card each dealt before the hand for the button
                    name, words = line_player(line[len("Dealt to ") :], self.names)
                    if name is None:
                        raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
                    if stud is not None:  # the cards held, then the new one: [7d 6h] [4h]
                        stud.deal(name, site_cards(words.strip("[] ").replace("] [", " ")), number)
                        continue
                    cards = site_cards(words.strip("[] "))
                    draft.actions.append(("deal-hole", name, None, cards, 0, number, False))
            else:
                if stud is not None:
                    stud.finish(number)
                self._play(line, number)
        if not draft.collected:  # a stud hand writes who won in its summary only
            draft.collected = self.won
        paid = sum((amount for _, amount, _ in draft.collected), Decimal(0))
        if draft.rake and draft.total is not None and self.won and paid == draft.total:
            draft.total += draft.rake  # its total pot is the winners' (after rake), as they say

    def _header(self, rest: str) -> None:
        draft = self.draft
        draft.fields = {"header": rest}
        tournament = _TOURNAMENT_ID.search(rest)
        draft.tournament = tournament.group(1) if tournament else None
        game = _NEW_GAME.search(rest)
        if game is None or game.group("game").strip() not in _NEW_GAMES:
            name = game.group("game").strip() if game else rest[:40]
            raise HandHistoryError(f"{name} is not replayed here yet")
        letter, draft.game = _NEW_GAMES[game.group("game").strip()]
        betting_letter, draft.betting = _BETTING[game.group("betting")]
        draft.variant = betting_letter + letter
        stakes = _STAKES_TEXT.search(rest[game.end() :])
        if stakes is not None:
            draft.small_blind = localised_amount(stakes.group(1))
            draft.big_blind = localised_amount(stakes.group(2))
            if draft.tournament is None and "$" in stakes.group(0):
                draft.currency = "USD"
        when = _HEADER_WHEN.search(rest)
        if when is not None and (iso := _iso(when.group(1))) is not None:
            draft.time = iso + ("+00:00" if when.group(2) else "")

    def _section(self, line: str, number: int) -> None:
        if line.startswith("*** HOLE CARDS"):
            self.dealt = True
            return
        if line.startswith("*** SHOW DOWN"):
            return
        if line.startswith("*** SUMMARY"):
            self.summary = True
            return
        street = _STREET.match(line)
        if street is None:
            raise HandHistoryError(f"unknown section {line[:60]!r}", line=number)
        cards = site_cards(street.group("cards"))
        self.draft.actions.append(("deal-board", None, None, cards, 0, number, False))

    def _play(self, line: str, number: int) -> None:
        draft = self.draft
        name, words = line_player(line, self.names)
        if name is None:
            raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
        all_in = words.endswith(" and is all-in")
        words = words.removesuffix(" and is all-in")
        verb, _, rest = words.partition(" ")
        if verb == grammar.POSTS:
            for prefix, kind in grammar.WN_POST_KINDS:
                if rest.startswith(prefix):
                    draft.posts.append((name, kind, localised_amount(rest[len(prefix) :]), number))
                    return
            raise HandHistoryError(f"unknown post {rest[:60]!r}", line=number)
        if verb == "folds":
            if self.stud is not None:
                self.stud.fold(name)
            draft.actions.append(("fold", name, None, (), 0, number, False))
        elif verb == "brings" and rest.startswith("in "):  # stud's bring-in
            draft.bring_in = localised_amount(rest[len("in ") :])
            draft.actions.append(("bring-in", name, None, (), 0, number, all_in))
        elif verb == "checks":
            draft.actions.append(("check-call", name, Decimal(0), (), 0, number, False))
        elif verb == "calls":
            draft.actions.append(
                ("check-call", name, localised_amount(rest), (), 0, number, all_in)
            )
        elif verb == "bets":
            draft.actions.append(("bet-raise", name, localised_amount(rest), (), 0, number, all_in))
        elif verb == "raises":
            _, _, to = rest.partition(" to ")
            draft.actions.append(("bet-raise", name, localised_amount(to), (), 0, number, all_in))
        elif verb == "shows":
            cards = rest[1 : rest.index("]")] if rest.startswith("[") and "]" in rest else ""
            draft.actions.append(("show", name, None, site_cards(cards), 0, number, False))
        elif verb == grammar.WN_COLLECTED:
            amount, _, pot = rest.partition(grammar.FROM)
            side = _SIDE_POT.search(pot)
            draft.collected.append(
                (name, localised_amount(amount), int(side.group(1)) if side else 0)
            )
        elif verb in grammar.WN_PASSED:
            return
        else:
            raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)


FORMAT: Final = SiteFormat(NAME, "Winning Poker Network", sniff, read_winning)
