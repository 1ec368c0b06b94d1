"""Winamax's hand histories: ``Winamax Poker - CashGame - HandId: #a-b-c - Holdem no limit
(0.02€/0.05€) - 2014/07/30 01:25:40 UTC`` (cash games in euros, tournaments in chips, play
money). Amounts carry a trailing ``€`` (a comma for the decimal point in some files); a
tournament's summary rounds thousands (``Total pot 17.68k`` for 17,685: no record of the pot).

Read: hold'em and Omaha (4 and 5 cards, high and hi/lo), no limit, pot limit and fixed limit;
blinds, antes, a small blind posted out of position (dead money) and a big blind posted out of
position (live, as a player coming in posts it); every action ("raises 8€ to 12€": the whole
bet); the pots each player collects, the summary's total pot and rake (``No rake``: none).
Winamax writes no "uncalled bet" line: the bet nobody matched is in the bettor's "collected"
(a pot of its own when the bettor loses the rest) and in the total pot. The reader takes it back
out as the site's returned bet (the last betting round's highest bet less the next highest), so
the replay checks the pot, the rake and the payout against the site's own. The summary's total
pot is after the rake on most files (it is then the sum of what was collected): the rake is
added back. A player the summary says "folded" on no street sat the hand out: not dealt in.
Seven-card stud, stud hi/lo and razz (``bring-in``; stakes ante/small bet/big bet; streets
``*** THIRD ***`` to ``*** SEVENTH ***``) are read with the stud helpers, and refused where the
file writes no cards dealt (the replay needs each player's up cards to tell who brings in); 2-7
triple draw (``*** FIRST-DRAW ***``, ``discards 2 cards [..]``, ``stands pat [..]``) is read
into draw actions; other games are refused hand by hand as not replayed yet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore.histories import _stars_lines as words_of
from pokerscore.histories.draft import (
    Dealing,
    DrawRounds,
    HandDraft,
    StudStreets,
    build_hand,
    discarded_cards,
    money,
    site_cards,
)
from pokerscore.histories.model import MAX_SEAT, HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import BETTING, GAMES, STREET
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import RoundBets, take_back_uncalled
from pokerscore.histories.sites.text import text_hands
from pokerscore.histories.sites.times import site_time

NAME: Final = "winamax"
_HEADER: Final = re.compile(
    rf"^{re.escape(words_of.WINAMAX)}(?P<kind>.*?){re.escape(words_of.WX_HAND_ID)}(?P<id>[0-9-]{{1,60}})"
    rf"{re.escape(words_of.WX_DASH)}(?P<game>.+?) \((?P<stakes>[^()]+)\){re.escape(words_of.WX_DASH)}(?P<time>.*)$"
)
_GAME: Final = re.compile(
    rf"^(?P<game>.+) (?P<betting>{'|'.join(map(re.escape, words_of.WX_BETTING))})$", re.I
)
_GAME_NAMES: Final = words_of.WX_GAMES
"""Winamax's names of the games read, as PokerStars names them (its table of games:
:data:`pokerscore.histories.pokerstars.GAMES`)."""
_BETTING_WORDS: Final = words_of.WX_BETTING
_TABLE: Final = re.compile(
    rf"^{re.escape(words_of.WX_TABLE)}'(?P<table>.*)' .*?{re.escape(words_of.BUTTON)}(?P<button>[0-9]{{1,5}})"
    rf"{re.escape(words_of.WX_IS_THE_BUTTON)}"
)
_TOURNAMENT_TABLE: Final = re.compile(r"\((?P<id>[0-9]{1,20})\)#[0-9]+$")
_SEAT: Final = re.compile(
    rf"^{words_of.SEAT}(?P<seat>[0-9]{{1,5}}): (?P<name>.+) \((?P<stack>[^()]*)\)$"
)
_TOTAL: Final = re.compile(
    rf"^{re.escape(words_of.TOTAL_POT)}(?P<total>\S+){re.escape(words_of.WX_BAR)}"
    rf"(?:{re.escape(words_of.WX_RAKE)}(?P<rake>\S+)|{re.escape(words_of.WX_NO_RAKE)})"
)
_COLLECTED: Final = re.compile(
    rf"^{words_of.WX_COLLECTED} (?P<amount>\S+) from "
    rf"(?:{'|'.join(words_of.WX_POTS[:-1])}|{words_of.WX_POTS[-1]}(?: (?P<side>[0-9]{{1,5}}))?)$"
)
_AWAY: Final = re.compile(
    rf"^Seat [0-9]{{1,5}}: (?P<name>.+?)(?: \((?:{'|'.join(words_of.WX_ROLES)})\))*{words_of.WX_FOLDED}$"
)
"""A player the summary says folded, on no street: away, dealt no cards (build_hand keeps a
player who posted or acted)."""
_COMMA_DECIMAL: Final = re.compile(r"^[^,]*[0-9],[0-9]{1,2}[^0-9,]*$")
_STUD_STREETS: Final = {name: street for street, name in enumerate(words_of.WX_STUD_STREETS, 3)}
_ROUND: Final = re.compile(
    rf"^{re.escape(words_of.SECTION)}(?P<name>[A-Z]+)"
    rf"(?P<kind>{'|'.join(map(re.escape, words_of.WX_ROUND_KINDS))})?{re.escape(words_of.SECTION_END)}"
)
_POSTS: Final = tuple((f"{words_of.POSTS} {words}", kind) for words, kind in words_of.WX_POST_KINDS)


def amount(text: str) -> Decimal:
    """An amount as Winamax writes it: ``2€``, ``0,90€`` (a decimal comma), ``6.02k``."""
    text = text.removesuffix(words_of.OUT_OF_POSITION)
    if _COMMA_DECIMAL.match(text):
        text = text.replace(",", ".")
    if text.endswith(words_of.ROUNDED):
        return money(text[:-1]) * 1000
    return money(text)


def parse_winamax(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One Winamax hand from its lines (the first one its ``Winamax Poker -`` header)."""
    draft = HandDraft(file, number, first_line, site="Winamax", source_format=NAME)
    _header(draft, lines[0])
    section = "seats"
    names: list[str] = []
    bets = RoundBets()
    last = RoundBets()
    """The last betting round's bets (the current round's where it has none)."""
    away: set[str] = set()
    dealing = Dealing(draft)
    stud, draw = dealing.stud, dealing.draw
    for offset, line in enumerate(lines[1:], 1):
        where = first_line + offset
        if not line.strip():
            continue
        if line.startswith(words_of.SECTION):
            section = _stud_draw_section(line, where, stud, draw) or _section(draft, line, where)
            if section == "street":
                last, bets = (bets if bets.bets else last), RoundBets()
            continue
        if section == "summary":
            total = _TOTAL.match(line)
            if total is not None:  # "17.68k" is rounded (17,685 collected): no record
                rounded = total["total"].endswith(words_of.ROUNDED)
                draft.total = None if rounded else amount(total["total"])
                draft.fields["total pot"] = total["total"]
                draft.rake = amount(total["rake"]) if total["rake"] else Decimal(0)
            folded = _AWAY.match(line)
            if folded is not None:
                away.add(folded["name"])
            continue
        if line.startswith(words_of.WX_TABLE):
            table = _TABLE.match(line)
            if table is None:
                raise HandHistoryError(f"no button in {line[:60]!r}", line=where)
            draft.table, draft.button = table["table"], int(table["button"])
            found = _TOURNAMENT_TABLE.search(draft.table)
            if draft.tournament is not None and found is not None:
                draft.tournament = found["id"]  # 'Freeroll 150€(5142226)#784': tournament 5142226
            continue
        if section == "seats" and line.startswith(words_of.SEAT):
            seat = _SEAT.match(line)
            if seat is None or int(seat["seat"]) > MAX_SEAT:
                raise HandHistoryError(f"cannot read the seat {line[:60]!r}", line=where)
            draft.seats.append((int(seat["seat"]), seat["name"], amount(seat["stack"]), False))
            names = sorted((entry[1] for entry in draft.seats), key=len, reverse=True)
            continue
        _play(draft, line, where, names, bets, dealing)
    if section != "summary":
        raise HandHistoryError(
            "the hand stops before its summary (a partial hand)", line=first_line + len(lines) - 1
        )
    if stud is not None:
        stud.close()
    if draw is not None:
        draw.close()
    paid = sum((entry[1] for entry in draft.collected), Decimal(0))
    if draft.total is not None and draft.rake and paid == draft.total:
        draft.total += draft.rake  # most files write the pot after the rake
    take_back_uncalled(draft, bets if bets.bets else last)
    draft.seats = [(seat, name, stack, name in away) for seat, name, stack, _ in draft.seats]
    return build_hand(draft)


def _header(draft: HandDraft, line: str) -> None:
    header = _HEADER.match(line.lstrip("\ufeff"))
    if header is None:
        raise HandHistoryError("not a Winamax hand: the first line has no hand number")
    draft.hand_id = header["id"]
    game = _GAME.match(header["game"])
    named = _GAME_NAMES.get(game["game"].lower()) if game else None
    if game is None or named is None:
        raise HandHistoryError(
            f"{header['game']} is not replayed here yet: hold'em and Omaha games only"
        )
    letter, draft.game = GAMES[named]
    betting_letter, draft.betting = BETTING[_BETTING_WORDS[game["betting"].lower()]]
    draft.variant = betting_letter + letter
    stakes = header["stakes"].split("/")
    if len(stakes) not in (2, 3):
        raise HandHistoryError("no stakes (small blind/big blind) in the header")
    draft.small_blind, draft.big_blind = amount(stakes[-2]), amount(stakes[-1])
    kind = header["kind"]
    if kind.startswith("Tournament"):
        draft.tournament = kind.partition('"')[2].partition('"')[0]  # its name, till its number
    else:
        draft.currency = "EUR" if words_of.EURO in header["stakes"] else None
    draft.time = site_time(header["time"])
    draft.fields = {"header": line.strip()}


def _stud_draw_section(
    line: str, where: int, stud: StudStreets | None, draw: DrawRounds | None
) -> str | None:
    """A stud street's or a draw game's section: ``actions`` (its first betting round),
    ``street`` (a later one), or None for a section of every game."""
    found = _ROUND.match(line)
    if found is None or (stud is None and draw is None):
        return None
    if stud is not None and found["name"] in _STUD_STREETS and not found["kind"]:
        stud.open(_STUD_STREETS[found["name"]], where)
        return "actions" if found["name"] == "THIRD" else "street"
    if stud is not None:
        stud.finish(where)
    if draw is not None and found["kind"]:
        draw.begin()
        if found["name"] != words_of.WX_FIRST or found["kind"] == words_of.WX_ROUND_KINDS[1]:
            draw.first_deal(where)
        first = found["name"] == words_of.WX_FIRST
        return "street" if found["kind"] == words_of.WX_ROUND_KINDS[0] and not first else "actions"
    if draw is not None and found["name"] == words_of.WX_SUMMARY_NAME:
        draw.first_deal(where)
    return None


def _section(draft: HandDraft, line: str, where: int) -> str:
    if line.startswith(words_of.SUMMARY):
        return "summary"
    if line.startswith((words_of.WX_ANTE_BLINDS, words_of.PRE_FLOP, words_of.WX_SHOW_DOWN)):
        return "actions"
    street = STREET.match(line)
    if street is None:
        raise HandHistoryError(f"unknown section {line[:60]!r}", line=where)
    run = {"FIRST": 1, "SECOND": 2, "THIRD": 3}.get(street["run"] or "", 0)
    draft.actions.append(("deal-board", None, None, site_cards(street["cards"]), run, where, False))
    return "street"


def _play(
    draft: HandDraft,
    line: str,
    where: int,
    names: list[str],
    bets: RoundBets,
    dealing: Dealing,
) -> None:
    if line.startswith("Dealt to "):
        rest = line[len("Dealt to ") :]
        name = next((n for n in names if rest.startswith(n + " [")), None)
        if name is not None and rest.endswith("]"):
            text = rest[len(name) + 2 : -1].replace("] [", " ")
            cards = site_cards(
                " ".join("??" if card == words_of.WX_UNSEEN else card for card in text.split())
            )
            dealing.deal(name, cards, where)
        return
    dealing.before_move(where)
    stud, draw = dealing.stud, dealing.draw
    name = next((n for n in names if line.startswith(n + " ")), None)
    if name is None:
        return  # the table's notices
    words = line[len(name) + 1 :]
    all_in = words.endswith(words_of.ALL_IN)
    words = words.removesuffix(words_of.ALL_IN)
    verb, _, rest = words.partition(" ")
    if verb == "posts":
        for prefix, kind in _POSTS:
            if words.startswith(prefix):
                value = amount(words[len(prefix) :])
                dead = kind == "small" and words.endswith(words_of.OUT_OF_POSITION)
                draft.posts.append((name, kind, value, where))
                if kind != "ante" and not dead:
                    bets.add(name, value)
                return
        raise HandHistoryError(f"unknown post {words[:60]!r}", line=where)
    if verb == "folds":
        if stud is not None:
            stud.fold(name)
        draft.actions.append(("fold", name, None, (), 0, where, False))
    elif verb == words_of.WX_BRING_IN:  # stud's bring-in: "bring-in 0.02"
        draft.bring_in = amount(rest)
        bets.add(name, draft.bring_in)
        draft.actions.append(("bring-in", name, None, (), 0, where, all_in))
    elif draw is not None and verb in (words_of.WX_DISCARDS, words_of.WX_STANDS):
        thrown = discarded_cards(
            rest.partition(" [")[0] if verb == words_of.WX_STANDS else rest, where
        )
        draw.draw(name, thrown, where)
    elif verb == "checks":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
    elif verb == "calls":
        value = amount(rest)
        bets.add(name, value)
        draft.actions.append(("check-call", name, value, (), 0, where, all_in))
    elif verb in ("bets", "raises"):
        to = amount(rest.partition(" to ")[2] if verb == "raises" else rest)
        bets.set(name, to)
        draft.actions.append(("bet-raise", name, to, (), 0, where, all_in))
    elif verb == "shows" and rest.startswith("[") and "]" in rest:
        cards = site_cards(rest[1 : rest.index("]")])
        draft.actions.append(("show", name, None, cards, 0, where, False))
    elif verb == "mucks":
        draft.actions.append(("muck", name, None, (), 0, where, False))
    elif verb == words_of.WX_COLLECTED:
        found = _COLLECTED.match(words)
        if found is None:
            raise HandHistoryError(f"cannot read {line[:60]!r}", line=where)
        pot = int(found["side"]) if found["side"] else 0
        draft.collected.append((name, amount(found["amount"]), pot))


def starts_hand(line: str) -> bool:
    """Whether a line starts a Winamax hand."""
    return line.startswith(words_of.WINAMAX)


def read_winamax(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Winamax file, streamed; a bad hand comes as its error."""
    return text_hands(path, starts_hand, parse_winamax)


def _sniff(head: str) -> bool:
    return starts_hand(head)


FORMAT: Final = SiteFormat(NAME, "Winamax", _sniff, read_winamax)
