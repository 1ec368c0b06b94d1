"""PokerTracker's export of Merge Network hands (text): ``MERGE_GAME #n: Holdem NL Tournament
11/02/2011 21:16:13``, hold'em and Omaha.

The export writes the table (``Table name, id (Tournament: name, id Buy-In: $2+$0.20)``), the
seats (``Seat 1: Player9 ($6,679.00 in chips) DEALER``; tournament chips written with a dollar
sign), the posts (``Post Ante``, ``Post SB``, ``Post BB``), the play (``Call``, ``Bet``,
``Allin``: the chips added; ``Raise $1,600.00``: the total), the board, and in its summary the
cards shown and what each winner took (``wins $1,513.00``), a bet nobody called included: no
record of the pots won, so it is not read (the export writes no rake, pot or end stacks either:
its hands are replayed unchecked). Some of its all-ins add more than the player has (the
replay refuses those hands, with the amounts).
PokerTracker's exports of other sites' hands in other layouts (Microgaming's ``** Game ID``,
iPoker's ``GAME #``) are told from their first line and each hand refused by name (Microgaming's
versions write a call differently: as the bet called, or as the chips added).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import speaker
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    BETTING_ABBREVIATIONS,
    RoundBets,
    add_post,
    deal_new_cards,
    finished_hand,
    mucks_unshown,
    seat_number,
)
from pokerscore.histories.sites.text import file_head, text_hands

_START: Final = re.compile(
    r"^MERGE_GAME #(?P<id>\d+): (?P<game>Holdem|Omaha Hi/Lo|Omaha) (?P<betting>NL|PL|FL|Limit)"
    r"(?P<tournament> Tournament)? (?P<m>\d{2})/(?P<d>\d{2})/(?P<y>\d{4}) (?P<time>\d{2}:\d{2}:\d{2})"
)
_FIRST: Final = re.compile(r"^MERGE_GAME #\d+: ")
_GAMES: Final = {
    "Holdem": ("T", "holdem"),
    "Omaha": ("O", "omaha"),
    "Omaha Hi/Lo": ("O/8", "omaha-hi-lo"),
}
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}): (?P<name>.+?) \((?P<stack>\S+) in chips\)(?P<rest>.*)$"
)
_BOARD: Final = re.compile(r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* (?P<cards>(?:\[[^\]]*\] ?)+)$")
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")
_TOURNAMENT: Final = re.compile(r"\(Tournament: .*?, (?P<id>\d+) Buy-In")


_OTHERS: Final = (
    (
        re.compile(r"^\*\* Game ID \d+ (?:Version:\d+ )?starting - "),
        "PokerTracker's export of Microgaming hands is not read yet: its calls are written as "
        "the bet called in one version and as the chips added in another",
    ),
    (
        re.compile(r"^GAME #\d+: .* - \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s*$"),
        "PokerTracker's export of iPoker hands is not read yet",
    ),
)
"""PokerTracker's exports of other sites' hands in other layouts: each hand refused by name
(the shared sample has one cash and one tournament file of Microgaming hands, one file of two
iPoker hands)."""


def sniff(head: str) -> bool:
    """A PokerTracker export: of Merge hands (``MERGE_GAME #``, read), of Microgaming's
    (``** Game ID n starting -``) or iPoker's (``GAME #n: Omaha 50/100 - 2013-08-01 22:16:18``),
    refused by name."""
    first = head.partition("\n")[0]
    return _FIRST.match(first) is not None or any(start.match(first) for start, _ in _OTHERS)


def parse_pokertracker(
    lines: Sequence[str], file: str, number: int, first_line: int
) -> HandHistory:
    """One hand from its lines (the first one ``MERGE_GAME #…``)."""
    draft = HandDraft(file, number, first_line, site="Merge Network", source_format="pokertracker")
    start = _START.match(lines[0].strip())
    if start is None:
        raise HandHistoryError(
            f"no game and time in {shorten(repr(lines[0].strip()))}", line=first_line
        )
    draft.hand_id = start["id"]
    letter, draft.game = _GAMES[start["game"]]
    betting_letter, draft.betting = BETTING_ABBREVIATIONS[start["betting"]]
    draft.variant = betting_letter + letter
    draft.time = f"{start['y']}-{start['m']}-{start['d']}T{start['time']}"
    draft.fields = {"header": lines[0].strip()}
    tournament = bool(start["tournament"])
    bets = RoundBets()
    names: set[str] = set()
    summary = False
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + offset
        if not line:
            continue
        if line.startswith("Table "):
            draft.table = line.removeprefix("Table ").split(" (")[0]
            found = _TOURNAMENT.search(line)
            draft.tournament = found["id"] if found else None
            continue
        if line.startswith("*** SUMMARY"):
            summary = True
            continue
        seat = _SEAT.match(line)
        if seat and not draft.posts:
            place = seat_number(seat["seat"], where)
            names.add(seat["name"])
            draft.seats.append((place, seat["name"], money(seat["stack"]), True))
            if "DEALER" in seat["rest"]:
                draft.button = place
            continue
        board = _BOARD.match(line)
        if board:
            cards = site_cards(board["cards"].replace("[", " ").replace("]", " "))
            deal_new_cards(draft, cards, where, bets=bets)
            continue
        dealt = _DEALT.match(line)
        if dealt:
            if dealt["name"] in names:
                draft.actions.append(("deal-hole", dealt["name"], None, site_cards(dealt["cards"]), 0, where, False))  # fmt: skip
            continue
        name, words = speaker(line, names)
        if name is not None:
            _act(draft, bets, name, words, where, summary)
    if not names:
        raise HandHistoryError("a hand without its seats")
    draft.currency = None if tournament else "USD"
    mucks_unshown(draft, first_line + len(lines) - 1)
    return finished_hand(draft, returns_written=False, paid_written=False)


def _act(
    draft: HandDraft, bets: RoundBets, name: str, words: str, where: int, summary: bool
) -> None:
    verb, _, rest = words.partition(" ")
    if verb == "Post":
        kind_text, _, amount_text = rest.partition(" ")
        kind = {"Ante": "ante", "SB": "small", "BB": "big"}.get(kind_text)
        if kind is None:
            raise HandHistoryError(f"unknown post {shorten(repr(rest))}", line=where)
        amount = money(amount_text)
        add_post(draft, bets, name, kind, amount, where)
    elif verb == "Fold":
        draft.actions.append(("fold", name, None, (), 0, where, False))
    elif verb == "Check":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
    elif verb in ("Call", "Bet", "Allin"):
        chips = money(rest)
        top = bets.top()
        to = bets.add(name, chips)
        all_in = verb == "Allin"
        if verb == "Call" or (all_in and to <= top):
            draft.actions.append(("check-call", name, chips, (), 0, where, all_in))
        else:
            draft.actions.append(("bet-raise", name, to, (), 0, where, all_in))
    elif verb == "Raise":
        to = money(rest.removeprefix("to "))
        bets.add(name, to - bets.bet(name))
        draft.actions.append(("bet-raise", name, to, (), 0, where, False))
    elif verb == "Shows":
        cards = rest[rest.find("[") + 1 : rest.find("]")] if "[" in rest else ""
        draft.actions.append(("show", name, None, site_cards(cards), 0, where, False))
    elif verb == "wins" and summary:
        draft.collected.append((name, money(rest), 0))


def read_pokertracker(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a PokerTracker export of Merge hands, streamed; a bad hand comes as its
    error. An export of another site's hands: each hand refused with the reason."""
    first = file_head(path).partition("\n")[0]
    for start, reason in _OTHERS:
        if start.match(first):
            return text_hands(path, _starts(start), _refused(reason))
    return text_hands(path, lambda line: _FIRST.match(line) is not None, parse_pokertracker)


def _starts(start: re.Pattern[str]) -> Callable[[str], bool]:
    return lambda line: start.match(line) is not None


def _refused(reason: str) -> Callable[[Sequence[str], str, int, int], HandHistory]:
    def refuse(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
        raise HandHistoryError(reason)

    return refuse


FORMAT: Final = SiteFormat("pokertracker", "PokerTracker export", sniff, read_pokertracker)
