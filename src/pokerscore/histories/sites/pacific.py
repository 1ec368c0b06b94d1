"""888poker hand histories (also Pacific Poker, Cassava and the 888 skins): cash games and
tournaments, hold'em and Omaha (no limit, pot limit, fixed limit), as the client saves them.

A hand starts ``#Game No : n`` then ``***** 888poker Hand History for Game n *****`` (or
``Cassava``, ``888.es`` …: a word before ``Hand History``, which tells it from PartyPoker's
``***** Hand History for Game``); the stakes, game and date follow
(``$10/$20 Blinds No Limit Holdem - *** 19 01 2012 20:17:23``, the date day first, in no time
zone the file names). Every amount is in brackets and is an increment (``raises [$0.04]`` puts
in $0.04 more: the reader turns it into the "raise to" total); the summary says only what each
player ``collected``: there are no pot, rake or uncalled-bet lines (an uncalled bet is returned
by the replay, and what the pot lacks from the collections is the rake, within the replay's
limit). ``posts dead blind [1 + 2]`` is a dead small blind and a live big blind. Localised
clients write comma decimals with a (non-breaking) space between thousands (``15 788,50 $``),
dots between thousands in tournaments, and card ranks in their language (Swedish ``Kn``, ``D``,
``E``); a shown losing hand is ``mucks [cards]`` (its cards are read, the player mucks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore.histories import _stars_lines as words_of
from pokerscore.histories.draft import HandDraft, build_hand
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    RoundBets,
    add_action,
    line_player,
    localised_amount,
    localised_cards,
    seat_number,
)
from pokerscore.histories.sites.text import text_hands

NAME: Final = "pacific"
_GAME_NUMBER: Final = re.compile(rf"^{re.escape(words_of.PACIFIC_GAME_NO)} : ?(?P<id>\S+)")
_BANNER: Final = re.compile(r"^\*{5} (?P<site>\S+) Hand History [Ff]or Game (?P<id>\S+) \*{5}")
_BETTING: Final = words_of.PC_BETTING
_GAMES: Final = words_of.PC_GAMES
_HEADER: Final = re.compile(
    rf"^(?P<sb>[^/]+)/(?P<bb>.+?){re.escape(words_of.PC_BLINDS)}"
    rf"(?P<betting>{'|'.join(map(re.escape, _BETTING))}) (?P<game>.+?)"
    rf"{re.escape(words_of.PC_DATE_MARK)}(?P<day>\d\d) (?P<month>\d\d) (?P<year>\d{{4}}) "
    r"(?P<time>\d\d:\d\d:\d\d)"
)
_TOURNAMENT: Final = re.compile(rf"^{re.escape(words_of.PC_TOURNAMENT)}(?P<id>\d+)")
_TABLE: Final = re.compile(r"^Table (?P<table>.+?) \((?P<money>[^()]*)\)\s*$")
_BUTTON: Final = re.compile(rf"^Seat (?P<seat>\d{{1,5}}){re.escape(words_of.PC_IS_THE_BUTTON)}")
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d{1,5}): (?P<name>.+?) \( ?(?P<stack>[^()]*?) ?\)\s*$")
_STREET: Final = re.compile(
    rf"^{re.escape(words_of.PC_STREET)}(?P<street>{'|'.join(words_of.PC_STREETS)})"
    rf"{re.escape(words_of.PC_STREET_END)}(?P<cards>[^\]]*)\]"
)
_VERBS: Final = words_of.PC_VERBS
_ACT: Final = re.compile(
    rf"^(?P<verb>{'|'.join(map(re.escape, _VERBS))})(?: \[(?P<amount>[^\]]*)\])?\s*$"
)
_CURRENCIES: Final = (("$", "USD"), ("€", "EUR"), ("£", "GBP"))


def sniff(head: str) -> bool:
    """An 888 file: its first lines hold ``***** <site> Hand History for Game``."""
    for line in head.splitlines()[:6]:
        banner = _BANNER.match(line)
        if banner is not None:
            return banner.group("site") != "Hand"
    return False


def _starts() -> Callable[[str], bool]:
    """A hand starts at ``#Game No :``; in a file whose hands have no such line, at the banner.
    Once a hand of the file has started at ``#Game No``, a banner alone starts none (it is a
    line of the hand, which is bad): the file's hands are cut as the compiled reader cuts them
    (at :data:`~pokerscore.histories._stars_lines.PACIFIC_GAME_NO`), so the two paths read the
    same hands."""
    numbered = [False, False]  # the line before is ``#Game No``; a hand started at one

    def starts_hand(line: str) -> bool:
        if line.startswith(words_of.PACIFIC_GAME_NO):
            numbered[0] = numbered[1] = True
            return True
        if line.startswith("***** ") and _BANNER.match(line):
            was = numbered[0]
            numbered[0] = False
            return not was and not numbered[1]
        if line.strip():
            numbered[0] = False
        return False

    return starts_hand


def read_pacific(path: Path | str) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of an 888poker file, streamed; a bad hand comes as its error."""
    starts = _starts()
    return text_hands(Path(path), starts, parse_pacific)


def parse_pacific(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One 888poker hand from its lines."""
    draft = HandDraft(file, number, first_line, site="888poker", source_format=NAME)
    _read(draft, lines, first_line)
    return replace(build_hand(draft), returned=None)  # the file never says what it returned


def _read(draft: HandDraft, lines: Sequence[str], first_line: int) -> None:
    offset = 0
    game_number = _GAME_NUMBER.match(lines[0])
    if game_number is not None:
        draft.hand_id = game_number.group("id")
        offset = 1
    if offset >= len(lines) or not (banner := _BANNER.match(lines[offset])):
        raise HandHistoryError("not an 888poker hand: no '***** … Hand History' line")
    draft.hand_id = draft.hand_id or banner.group("id")
    draft.site = "888poker" if banner.group("site") == "888poker" else banner.group("site")
    offset += 1
    header = _HEADER.match(lines[offset]) if offset < len(lines) else None
    if header is None:
        raise HandHistoryError("no stakes, game and date line after the hand's banner")
    game = header.group("game").strip()
    if game not in _GAMES:
        raise HandHistoryError(f"{game} {header.group('betting')} is not replayed here yet")
    letter, draft.game = _GAMES[game]
    betting_letter, draft.betting = _BETTING[header.group("betting")]
    draft.variant = betting_letter + letter
    small, big = localised_amount(header.group("sb")), localised_amount(header.group("bb"))
    if draft.betting == "fixed-limit":  # the header gives the blinds; the bets are big, 2 big
        small, big = big, 2 * big
    draft.small_blind, draft.big_blind = small, big
    stakes = header.group("sb") + header.group("bb")
    draft.currency = next((code for sign, code in _CURRENCIES if sign in stakes), None)
    draft.time = (
        f"{header.group('year')}-{header.group('month')}-{header.group('day')}"
        f"T{header.group('time')}"
    )
    draft.fields = {"header": lines[offset].strip()}
    bets = RoundBets()
    names: set[str] = set()
    dealing = False
    for index in range(offset + 1, len(lines)):
        line = lines[index].rstrip()
        number = first_line + index
        if not line:
            continue
        if line.startswith(words_of.PC_SEAT):
            if (button := _BUTTON.match(line)) is not None:
                draft.button = int(button.group("seat"))
                continue
            if (seat := _SEAT.match(line)) is not None:
                seat_number(seat.group("seat"), number)
                name = seat.group("name")
                draft.seats.append((int(seat.group("seat")), name, localised_amount(seat.group("stack")), False))  # fmt: skip
                names.add(name)
                continue
        if line.startswith(words_of.PC_SECTION):
            if line.startswith(words_of.PC_DEALING):
                dealing = True
            street = _STREET.match(line)
            if street is not None:
                bets.new_round()
                cards = localised_cards(street.group("cards"))
                draft.actions.append(("deal-board", None, None, cards, 0, number, False))
            continue
        if line.startswith((words_of.PC_TABLE, words_of.PC_TOURNAMENT)):
            if (tournament := _TOURNAMENT.match(line)) is not None:
                draft.tournament = tournament.group("id")
                draft.currency = None  # tournament chips
                draft.table = line.partition(" - ")[2].rpartition(" (")[0] or None
            elif (table := _TABLE.match(line)) is not None:
                draft.table = table.group("table")
                if "Practice" in table.group("money") or "Play" in table.group("money"):
                    draft.currency = None
            continue
        if not dealing and not draft.actions and line.endswith(words_of.PC_FOLDS):  # not dealt in
            folder = line[: -len(words_of.PC_FOLDS)]
            draft.seats = [
                (n, who, stack, out or who == folder) for n, who, stack, out in draft.seats
            ]
            continue
        _play(draft, bets, names, line, number)


def _play(draft: HandDraft, bets: RoundBets, names: set[str], line: str, number: int) -> None:
    if line.startswith(words_of.PC_DEALT):
        name, words = line_player(line[len(words_of.PC_DEALT) :], names)
        if name is None:
            raise HandHistoryError(f"cards dealt to nobody seated: {line[:60]!r}", line=number)
        draft.actions.append(("deal-hole", name, None, localised_cards(words), 0, number, False))
        return
    name, words = line_player(line, names)
    if name is None:
        if words_of.PC_PLAYERS in line:
            return
        raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
    if words.startswith(words_of.PC_POSTS):
        _post(draft, bets, name, words[len(words_of.PC_POSTS) :], number)
        return
    if words.startswith(words_of.PC_COLLECTED):
        collected = words[len(words_of.PC_COLLECTED) :].strip(" []")
        draft.collected.append((name, localised_amount(collected), 0))
        return
    if words.startswith(words_of.PC_SHOWS):
        cards = localised_cards(words[len(words_of.PC_SHOWS) :])
        draft.actions.append(("show", name, None, cards, 0, number, False))
        return
    if words.startswith(words_of.PC_MUCKS):
        cards = localised_cards(words[len(words_of.PC_MUCKS) :])
        known = any(a[0] in ("deal-hole", "reveal") and a[1] == name for a in draft.actions)
        if cards and not known:
            draft.actions.append(("reveal", name, None, cards, 0, number, False))
        draft.actions.append(("muck", name, None, (), 0, number, False))
        return
    if words.startswith(words_of.PC_NOT_SHOWN):
        return
    act = _ACT.match(words)
    if act is None:
        raise HandHistoryError(f"cannot read {line[:60]!r}", line=number)
    amount = act.group("amount")
    increment = None if amount is None else localised_amount(amount)
    add_action(draft, bets, _VERBS[act.group("verb")], name, increment, number)


def _post(draft: HandDraft, bets: RoundBets, name: str, rest: str, number: int) -> None:
    kind_text, _, amount_text = rest.partition(" [")
    amount_text = amount_text.rstrip("] ")
    if kind_text == words_of.PC_DEAD_BLIND:
        parts = [localised_amount(part) for part in amount_text.split("+")]
        total = sum(parts, Decimal(0))
        if len(parts) == 2:  # a dead small blind and a live big blind
            draft.posts.append((name, "both", total, number))
            bets.add(name, min(total, draft.big_blind))
        else:
            draft.posts.append((name, "ante", total, number))  # dead money
        return
    kinds = words_of.PC_POST_KINDS
    if kind_text not in kinds:
        raise HandHistoryError(f"unknown post {rest[:60]!r}", line=number)
    amount = localised_amount(amount_text)
    draft.posts.append((name, kinds[kind_text], amount, number))
    if kind_text != "ante":
        bets.add(name, amount)


FORMAT: Final = SiteFormat(NAME, "888poker", sniff, read_pacific)
