"""GGPoker's hand histories (and its network's: Natural8 and the other skins write the same):
``Poker Hand #HD…`` (cash), ``#RC…`` (Rush & Cash), ``#OM…`` (Omaha), ``#SD…`` (short deck),
``#TM…`` (tournaments), ``#SG…`` (Spin & Gold). The layout is PokerStars' (one grammar, one
place: :func:`pokerscore.histories.pokerstars.read_body` reads the seats, the play and the
summary); what differs is read here: the header (``Hold'em No Limit ($0.5/$1)``, ``PLO-5``,
``ShortDeck No Limit ($100)``, no time zone), hidden players' names (hashes, dealt no cards).

Read: hold'em, Omaha of 4, 5 and 6 cards, short deck (36 cards, a straight above three of
a kind as GGPoker ranks them, a button blind and antes); straddles (a second straddle by the same player is the
whole of it); a board run two or three times (one "collected" per run); the summary's total
pot, and its rake with the jackpot, bingo and fortune fees GGPoker also takes from the pot
counted in the rake column (each kept in ``fields["fees"]``); money settled with the site
outside the pot: an all-in insurance (the pot replayed as played, its net, all-in EV and
figures the play's; each player's premium and cover kept in ``fields["insurance"]``,
``{"Ann": "-4"}`` for a premium of 4 paid) and an EV cash-out (a cash-out as PokerStars': the
player takes what they collected and what the cash-out paid them or took, win or lose).
Refused, hand by hand, with their reason: a cash drop (money the site adds to the pot), a line
of money outside the pot in a form not known or whose amount is not written.

A UTF-8 file's hands go through PokerStars' compiled reader (``_stars_kernels``) where it is sure
of them: the games of :data:`~pokerscore.histories._stars_lines.GG_GAMES` (hold'em, Omaha,
``PLO-5``, ``PLO-6``, short deck), cash and tournaments (Spin & Gold's too: the level's
``(sb/bb)``, or short deck's one amount), straddles, antes and fees, a board run two or three
times, an all-in insurance and an EV cash-out written as this reader reads them (since session
24: ``_stars_kernels._outside_money``); the others (a cash drop, money outside the pot this
reader refuses or might read otherwise, a header or a line it would otherwise misread) through
this reader (:data:`pokerscore.histories.sites.layouts.SITE_LAYOUTS`), as
the same grammar (:mod:`~pokerscore.histories._stars_lines`) makes both.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore.histories._stars_lines import (
    GG_GAMES,
    GG_OTHER_GAMES,
    GG_SHORT_DECK,
    GGPOKER,
    OUTSIDE_CHOICES,
    OUTSIDE_MONEY,
    SETTLED_OUTSIDE,
)
from pokerscore.histories.draft import HandDraft, build_hand, money
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import BETTING, GAMES, currency_of, read_body
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.text import text_hands
from pokerscore.histories.sites.times import site_time

NAME: Final = "ggpoker"
_HEADER: Final = re.compile(
    rf"^{re.escape(GGPOKER)}(?P<id>[A-Z]{{0,4}}[0-9]{{1,20}}): (?P<rest>.*)$"
)
_GAME: Final = re.compile(
    rf"(?P<game>{'|'.join(map(re.escape, GG_GAMES))}|"
    rf"[A-Z][A-Za-z0-9 /'-]*?(?:{'|'.join(GG_OTHER_GAMES)})[A-Za-z0-9 /'-]*?)"
    r"(?: (?P<betting>No Limit|Pot Limit|Fixed Limit|Limit))?(?= \(| -|$)"
)
"""The header's game (the first place one of :data:`~._stars_lines.GG_GAMES` stands, or
another game's name), and its betting."""
SHORT_DECK: Final = GG_SHORT_DECK
_STAKES: Final = re.compile(r"\((?P<sb>[^/()\s]+)/(?P<bb>[^/()\s]+)\)")
_ANTE_ONLY: Final = re.compile(r"\((?P<ante>[^/()\s]+)\)")


_TOURNAMENT_ID: Final = re.compile(r"Tournament #(?P<id>[0-9]{1,20})")


def parse_ggpoker(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One GGPoker hand from its lines (the first one its ``Poker Hand #`` header)."""
    draft = HandDraft(file, number, first_line, site="GGPoker", source_format=NAME)
    _header(draft, lines[0])
    insurance, cash_outs = _outside_money(lines, first_line)
    read_body(draft, lines, first_line)
    seated = {seat[1] for seat in draft.seats}
    for name in (*insurance, *cash_outs):
        if name not in seated:
            raise HandHistoryError(f"{name!r} settles money outside the pot but is not seated")
    if insurance:
        draft.fields["insurance"] = {name: str(amount) for name, amount in insurance.items()}
    for name, amount in cash_outs.items():
        collected = sum((won for player, won, _ in draft.collected if player == name), Decimal(0))
        if collected + amount < 0:
            raise HandHistoryError(f"{name!r} pays a cash-out's risk beyond what they collected")
        draft.cashed_out.append((name, collected + amount, Decimal(0)))
    return build_hand(draft)


Outside = dict[str, Decimal]


def _outside_money(lines: Sequence[str], first_line: int) -> tuple[Outside, Outside]:
    """What each player paid to the site (negative) or received from it outside the pot, for
    an all-in insurance and for an EV cash-out. An insurance (its premium, its cover) is a bet
    with the site beside the pot: the pot is replayed as played and the money is kept in
    ``fields["insurance"]``. An EV cash-out fixes what the player takes, win or lose: it is a
    cash-out as PokerStars' (the player's payout is what they collected and the cash-out's
    money, :attr:`~.draft.HandDraft.cashed_out`). A line of such money in another form, or an
    insurance bought or a cash-out chosen whose amount is not written, refuses the hand: such
    money is never silently left out."""
    settled: dict[str, Outside] = {"insurance": {}, "cash-out": {}}
    announced: dict[tuple[str, str], int] = {}  # (name, kind): the line announcing it
    for offset, line in enumerate(lines):
        number = first_line + offset
        what = next((what for words, what in SETTLED_OUTSIDE if words in line), None)
        if what is None:
            continue
        chosen = next((words for words in OUTSIDE_CHOICES if words in line), None)
        if chosen is not None:
            announced[line.partition(chosen)[0], OUTSIDE_CHOICES[chosen]] = number
            continue
        for words, sign, kind in OUTSIDE_MONEY:
            name, found, rest = line.rstrip().partition(words)
            if found and name and rest.endswith(")"):
                try:
                    amount = money(rest[:-1])
                except HandHistoryError as error:
                    raise HandHistoryError(f"{error.reason}", line=number) from None
                settled[kind][name] = settled[kind].get(name, Decimal(0)) + sign * amount
                break
        else:
            raise HandHistoryError(f"{what} is not replayed", line=number)
    for (name, kind), number in announced.items():
        if name not in settled[kind]:
            raise HandHistoryError("money outside the pot with no amount written", line=number)
    return settled["insurance"], settled["cash-out"]


def _header(draft: HandDraft, line: str) -> None:
    header = _HEADER.match(line.lstrip("\ufeff"))
    if header is None:
        raise HandHistoryError("not a GGPoker hand: the first line has no hand number")
    draft.hand_id = header["id"]
    rest = header["rest"]
    game = _GAME.search(rest)
    if game is None:
        raise HandHistoryError(f"unknown game in {rest[:60]!r}")
    named, implied = GG_GAMES.get(game["game"], (None, None))
    betting = game["betting"] or implied
    if named is None or betting is None:
        raise HandHistoryError(f"{game[0]} is not replayed here yet: hold'em and Omaha games only")
    letter, draft.game = SHORT_DECK if named == "ShortDeck" else GAMES[named]
    betting_letter, draft.betting = BETTING[betting]
    draft.variant = betting_letter + letter
    stakes = _STAKES.search(rest)
    if stakes is not None:
        draft.small_blind, draft.big_blind = money(stakes["sb"]), money(stakes["bb"])
        currency = currency_of(stakes["bb"])
    else:  # short deck: antes and a button blind of one amount
        ante = _ANTE_ONLY.search(rest)
        if ante is None:
            raise HandHistoryError("no stakes (small blind/big blind) in the header")
        draft.small_blind, draft.big_blind = Decimal(0), money(ante["ante"])
        currency = currency_of(ante["ante"])
    tournament = _TOURNAMENT_ID.search(rest)
    draft.tournament = tournament["id"] if tournament else None
    draft.currency = None if draft.tournament else currency
    draft.time = site_time(rest, zone="")  # GGPoker names no zone
    draft.fields = {"header": line.strip()}


def is_header(line: str) -> bool:
    """Whether a line is a whole GGPoker header."""
    return line.startswith(GGPOKER) and _HEADER.match(line) is not None


def starts_hand(line: str) -> bool:
    """Whether a line starts a GGPoker hand: its header's first words (a header that is not
    whole is a bad hand of its own, not text of the hand before, as the compiled reader cuts
    the file and as PokerStars' layout reads)."""
    return line.startswith(GGPOKER)


def read_ggpoker(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a GGPoker file, streamed; a bad hand comes as its error."""
    return text_hands(path, starts_hand, parse_ggpoker)


def _sniff(head: str) -> bool:
    return is_header(head.partition("\n")[0])


FORMAT: Final = SiteFormat(NAME, "GGPoker", _sniff, read_ggpoker)
