"""Full Tilt Poker's hand histories (2005-2016; its client wrote UTF-16 files with a byte-order
mark, or UTF-8): ``Full Tilt Poker Game #n: Table X (6 max) - $0.10/$0.20 Ante $0.05 -
No Limit Hold'em - 01:27:48 ET - 2011/03/20``, the older ``FullTiltPoker Game #``.

Read: hold'em and Omaha (4, 5 and 6 cards, high and hi/lo), no limit, pot limit and limit;
cash games and tournaments (the tournament's number in parentheses); antes, blinds, a dead
small blind, a big blind posted to come in; every action ("raises to" is the whole bet already);
uncalled bets returned; the pots each player wins (from the play, else from the summary, where
the site wrote no "wins" line); the summary's total pot and rake; the hand's time (ET, with the
player's own zone first on later clients). Chat, time-bank, disconnection and sitting-out
notices are not part of the play. Seven-card stud, stud hi/lo and razz (bring-in, completion,
each street's cards, the seats in order: no button), 2-7 triple and single draw and badugi
(discards and stands pat as draw actions) are read with the helpers PokerStars' reader uses
(:class:`~pokerscore.histories.draft.StudStreets`, :class:`~.draft.DrawRounds`); five-card
stud and the other games are refused hand by hand as not replayed yet. The Full Tilt of 2016,
run by PokerStars, wrote PokerStars' layout (``Full Tilt Hand #``):
:mod:`pokerscore.histories.sites.stars_skins`.

This reader is the reference: a run and ``read_histories`` take the hold'em and Omaha hands it
reads from a compiled share (``_fulltilt_kernels``, session 27) where that share is sure to read
them as here (its words, ``_stars_lines``' ``FT_`` tables, are this reader's too), and every
other hand from this reader, in place.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
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
from pokerscore.histories.model import MAX_SEAT, HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import BETTING, GAMES, STREET, TOTAL_LINE
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.text import file_head, text_hands
from pokerscore.histories.sites.times import site_time

NAME: Final = "fulltilt"
_HEADER: Final = re.compile(r"^Full ?Tilt ?Poker Game #(?P<id>[0-9]{1,20}): (?P<rest>.*)$")
_GAME: Final = re.compile(
    rf"^(?P<betting>{'|'.join(map(re.escape, words_of.FT_BETTINGS))}) (?P<game>.+)$"
)
_BETTING_WORDS: Final = words_of.FT_BETTING_WORDS
_GAME_NAMES: Final = words_of.FT_GAMES
"""Full Tilt's names of the games read, as PokerStars names them (one table of games:
:data:`pokerscore.histories.pokerstars.GAMES`)."""
_STAKES: Final = re.compile(
    r"^(?P<sb>[^/\s]+)/(?P<bb>[^/\s]+)(?: Ante (?P<ante>\S+))?(?: (?P<currency>[A-Z]{3}))?$"
)
_ET: Final = re.compile(r"\[(?P<time>[0-9:]+ ET) - (?P<date>[0-9/]+)\]")
_CLOCK: Final = re.compile(r"^[0-9]{1,2}:[0-9]{2}:[0-9]{2} [A-Z]{2,4}$")
_DATE: Final = re.compile(r"^[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}$")
_TOURNAMENT: Final = re.compile(r"\((?P<id>[0-9]{1,20})\)")
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>[0-9]{1,5}): (?P<name>.+) \((?P<stack>[^()]*)\)(?P<rest>.*)$"
)
_SEAT_SUMMARY: Final = re.compile(r"^Seat [0-9]{1,5}: (?P<rest>.*)$")
_BUTTON: Final = re.compile(r"^The button is in seat #(?P<seat>[0-9]{1,5})$")
_UNCALLED: Final = re.compile(r"^Uncalled bet of (?P<amount>\S+) returned to (?P<name>.+)$")
_WINS: Final = re.compile(
    r"^(?:wins|ties for) the (?:(?:high|low) )?(?P<pot>pot|main pot|side pot)"
    r"(?: #(?P<side>[0-9]{1,5}))? \((?P<amount>[^)]+)\)"
)
_SUMMARY_WON: Final = re.compile(r"(?:collected|won) \((?P<amount>[^)]+)\)")
_POSTS: Final = words_of.FT_POSTS
"""Full Tilt's posts, in the order tried; ``posts $1``: a big blind posted to come in."""
_ALL_IN: Final = re.compile(r",? and is all in$")
_STUD_STREET: Final = re.compile(r"^\*\*\* (?P<street>[3-7])(?:RD|TH) STREET \*\*\*")
_DRAW_ROUND: Final = re.compile(r"^\*\*\* (?:(?:FIRST|SECOND|THIRD) )?DRAW \*\*\*")


def parse_fulltilt(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One Full Tilt hand from its lines (the first one its ``Full Tilt Poker Game #`` header)."""
    draft = HandDraft(file, number, first_line, site="Full Tilt Poker", source_format=NAME)
    draft.antes_returned = True  # a player all in on his ante: the others' trimmed to it
    _header(draft, lines[0])
    section = "seats"
    names: list[str] = []
    summary_won: list[tuple[str, Decimal]] = []
    dealing = Dealing(draft)
    stud, draw = dealing.stud, dealing.draw
    for offset, line in enumerate(lines[1:], 1):
        where = first_line + offset
        if not line.strip():
            continue
        if line.startswith("*** "):
            if stud is not None and (street := _STUD_STREET.match(line)) is not None:
                stud.open(int(street["street"]), where)
                section = "actions"
                continue
            if stud is not None:
                stud.finish(where)
            if draw is not None:
                draw.begin()
                if not line.startswith("*** HOLE CARDS"):
                    draw.first_deal(where)
                if _DRAW_ROUND.match(line):
                    section = "actions"
                    continue
            section = _section(draft, line, where)
            continue
        if section == "summary":
            _summary(draft, line, names, summary_won)
            continue
        if section == "seats" and line.startswith("Seat "):
            seat = _SEAT.match(line)
            if seat is None or int(seat["seat"]) > MAX_SEAT:
                raise HandHistoryError(f"cannot read the seat {line[:60]!r}", line=where)
            out = "sitting out" in seat["rest"]
            draft.seats.append((int(seat["seat"]), seat["name"], money(seat["stack"]), out))
            names = sorted((entry[1] for entry in draft.seats), key=len, reverse=True)
            continue
        if section == "seats" and line.endswith(" is sitting out"):  # before the deal: not dealt in
            name = line.removesuffix(" is sitting out")
            draft.seats = [
                (n, who, stack, out or who == name) for n, who, stack, out in draft.seats
            ]
            continue
        button = _BUTTON.match(line)
        if button is not None:
            draft.button = int(button["seat"])
            continue
        _play(draft, line, where, names, dealing)
    if section != "summary":
        raise HandHistoryError(
            "the hand stops before its summary (a partial hand)", line=first_line + len(lines) - 1
        )
    if not draft.seats:
        raise HandHistoryError("the hand has no seats (a partial hand)")
    if draw is not None:
        draw.close()
    if not draft.collected:  # some hands write who won only in the summary
        draft.collected = [(name, amount, 0) for name, amount in summary_won]
    hand = build_hand(draft)
    if not draft.returned:  # Full Tilt does not always write an uncalled bet: none is no record
        hand = dataclasses.replace(hand, returned=None)
    return hand


def _header(draft: HandDraft, line: str) -> None:
    header = _HEADER.match(line)
    if header is None:
        raise HandHistoryError("not a Full Tilt hand: the first line has no game number")
    draft.hand_id = header["id"]
    rest = header["rest"]
    eastern = _ET.search(rest)
    if eastern is not None:
        draft.time = site_time(f"{eastern['date']} {eastern['time']}")
        rest = rest[: eastern.start()].rstrip()
    pieces = rest.split(" - ")
    game = stakes = None
    clock = date = ""
    for piece in pieces[1:]:
        game = game or _GAME.match(piece)
        stakes = stakes or _STAKES.match(piece)
        clock = piece if _CLOCK.match(piece) else clock
        date = piece if _DATE.match(piece) else date
    if game is None:
        raise HandHistoryError(f"unknown game in {rest[:60]!r}")
    betting = _BETTING_WORDS.get(game["betting"], game["betting"])
    named = _GAME_NAMES.get(game["game"].lower())
    if named is None:
        raise HandHistoryError(
            f"{betting} {game['game']} is not replayed here yet: hold'em, Omaha, stud, 2-7 "
            "draw and badugi only"
        )
    letter, draft.game = GAMES[named]
    betting_letter, draft.betting = BETTING[betting]
    draft.variant = betting_letter + letter
    if stakes is None:
        raise HandHistoryError("no stakes (small blind/big blind) in the header")
    draft.small_blind, draft.big_blind = money(stakes["sb"]), money(stakes["bb"])
    draft.currency = stakes["currency"] or ("$" if "$" in stakes["bb"] else None)
    if draft.time is None and clock and date:
        draft.time = site_time(f"{date} {clock}")
    first = pieces[0]
    if first.startswith("Table "):
        draft.table = first[len("Table ") :].split(" (")[0]
    else:
        tournament = _TOURNAMENT.search(first)
        draft.tournament = tournament["id"] if tournament else None
        draft.table = first.rpartition(", ")[2] or None
    draft.fields = {"header": line.strip()}


def _section(draft: HandDraft, line: str, where: int) -> str:
    if line.startswith("*** SUMMARY"):
        return "summary"
    if line.startswith(("*** HOLE CARDS", "*** SHOW DOWN")):
        return "actions"
    street = STREET.match(line)
    if street is None:
        raise HandHistoryError(f"unknown section {line[:60]!r}", line=where)
    run = {"FIRST": 1, "SECOND": 2, "THIRD": 3}.get(street["run"] or "", 0)
    draft.actions.append(("deal-board", None, None, site_cards(street["cards"]), run, where, False))
    return "actions"


def _summary(draft: HandDraft, line: str, names: list[str], won: list[tuple[str, Decimal]]) -> None:
    total = TOTAL_LINE.match(line)
    if total is not None:
        draft.total = money(total["total"])
        if total["rake"]:
            draft.rake = money(total["rake"])
        return
    seat = _SEAT_SUMMARY.match(line)
    if seat is not None:
        name = next((n for n in names if seat["rest"].startswith(n + " ")), None)
        amount = _SUMMARY_WON.search(seat["rest"])
        if name is not None and amount is not None:
            won.append((name, money(amount["amount"])))


def _play(
    draft: HandDraft,
    line: str,
    where: int,
    names: list[str],
    dealing: Dealing,
) -> None:
    if line.startswith("Dealt to "):
        rest = line[len("Dealt to ") :]
        name = next((n for n in names if rest.startswith(n + " [")), None)
        if name is not None and rest.endswith("]"):
            # a stud or draw line writes the cards held, then the new ones: [4s Jc] [Th]
            cards = site_cards(rest[len(name) + 2 : -1].replace("] [", " "))
            dealing.deal(name, cards, where)
        return
    dealing.before_move(where)
    stud, draw = dealing.stud, dealing.draw
    if line.startswith("Uncalled bet of "):
        found = _UNCALLED.match(line)
        if found is None:
            raise HandHistoryError(f"cannot read {line[:60]!r}", line=where)
        draft.returned.append((found["name"], money(found["amount"]), where))
        return
    name = next((n for n in names if line.startswith(n + " ")), None)
    if name is None:
        return  # chat ("name: ..."), the dealer's and the table's notices
    words = line[len(name) + 1 :]
    all_in = _ALL_IN.search(words)
    if all_in is not None:
        words = words[: all_in.start()]
    verb, _, rest = words.partition(" ")
    if verb in ("posts", "antes"):
        for prefix, kind in _POSTS:
            if words.startswith(prefix):
                draft.posts.append((name, kind, money(words[len(prefix) :]), where))
                return
    elif verb == "folds":
        if stud is not None:
            stud.fold(name)
        draft.actions.append(("fold", name, None, (), 0, where, False))
    elif verb == "brings" and rest.startswith("in for "):  # stud's bring-in
        draft.bring_in = money(rest[len("in for ") :])
        draft.actions.append(("bring-in", name, None, (), 0, where, bool(all_in)))
    elif verb == "completes" and rest.startswith("it to "):  # the bring-in completed
        draft.actions.append(("bet-raise", name, money(rest[6:]), (), 0, where, bool(all_in)))
    elif verb in ("discards", "stands") and draw is not None:
        draw.draw(name, discarded_cards(rest, where), where)
    elif verb == "checks":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
    elif verb == "calls":
        draft.actions.append(("check-call", name, money(rest), (), 0, where, bool(all_in)))
    elif verb == "bets":
        draft.actions.append(("bet-raise", name, money(rest), (), 0, where, bool(all_in)))
    elif verb == "raises":
        if not rest.startswith("to "):
            raise HandHistoryError(f"a raise without its total: {line[:60]!r}", line=where)
        draft.actions.append(("bet-raise", name, money(rest[3:]), (), 0, where, bool(all_in)))
    elif verb == "shows" and rest.startswith("[") and "]" in rest:
        cards = site_cards(rest[1 : rest.index("]")])
        draft.actions.append(("show", name, None, cards, 0, where, False))
    elif verb == "mucks":
        draft.actions.append(("muck", name, None, (), 0, where, False))
    elif verb in ("wins", "ties"):
        won = _WINS.match(words)
        if won is None:
            raise HandHistoryError(f"cannot read {line[:60]!r}", line=where)
        pot = 0 if won["pot"] != "side pot" else int(won["side"] or 1)
        draft.collected.append((name, money(won["amount"]), pot))


def starts_hand(line: str) -> bool:
    """Whether a line starts a Full Tilt hand."""
    return _HEADER.match(line) is not None


def read_fulltilt(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Full Tilt file, streamed; a bad hand comes as its error. The ``BEGIN``
    line Holdem Manager's archives start with is no hand."""
    archive = file_head(path).startswith(_ARCHIVE)
    for hand in text_hands(path, starts_hand, parse_fulltilt):
        if archive and isinstance(hand, HandHistoryError) and hand.hand is None and hand.line == 1:
            continue
        yield hand


_ARCHIVE: Final = "BEGIN\n"


def _sniff(head: str) -> bool:
    return starts_hand(head.removeprefix(_ARCHIVE).partition("\n")[0])


FORMAT: Final = SiteFormat(NAME, "Full Tilt Poker", _sniff, read_fulltilt)
