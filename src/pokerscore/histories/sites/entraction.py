"""Entraction hand histories (text, one or many hands a file): hold'em, Omaha and Omaha hi/lo,
cash games (euros) and tournaments (chips).

A hand starts ``Game # 2314086000 - Omaha High Pot Limit EUR 0.50/1 - Table "name"``, then the
players in columns (``Hero   (EUR 417.43 in seat 1)``), ``Dealer:``, the posts (``Small
Blind:``, ``Big Blind:``, ``Small + Big Blind:`` a returning player's, the small blind dead,
``Blind out of turn:`` a big blind), the play in columns (``Raise (5.00)``, ``Call``, ``Bet``,
``All-In``: each the chips added; ``Payback (7.50)`` an uncalled bet returned), the board
(``Flop   Kh - 8s - Ks``, the turn and river lines repeat it), the shown hands, what the winners
took after rake (``Hero wins:   EUR 11.40``) and the rake (``Rake:   EUR 0.60``), checked by the
replay; the hand ends ``Game ended 2011-07-20 23:45:00 CEST`` (the zone's abbreviation or
offset kept as the offset). Heads-up the site's "dealer" posts the big blind and the small blind
acts first on every street, an order the replay does not play: such hands are refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    RoundBets,
    finished_hand,
    mucks_unshown,
    seat_number,
)
from pokerscore.histories.sites.ongame import ZONES
from pokerscore.histories.sites.text import text_hands

_START: Final = re.compile(r"^\ufeff?Game # (?P<id>\d+) - (?P<rest>.*)$")
_HEADER: Final = re.compile(
    r"^(?P<game>.+?) (?P<betting>No Limit|Pot Limit|Fixed Limit) (?:(?P<currency>[A-Z]{3}) )?"
    r"(?P<sb>[\d,.]+)/(?P<bb>[\d,.]+) - Table \"(?P<table>.*)\"$"
)
_GAMES: Final = {"Texas Hold'em": ("T", "holdem"), "Omaha High": ("O", "omaha"),
                 "Omaha Hi/Lo": ("O/8", "omaha-hi-lo")}  # fmt: skip
_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "No Limit": ("N", "no-limit"),
    "Pot Limit": ("P", "pot-limit"),
    "Fixed Limit": ("F", "fixed-limit"),
}
_PLAYER: Final = re.compile(
    r"^(?P<name>.+?) +\((?:[A-Z]{3} )?(?P<stack>[\d,.]+) in seat (?P<seat>\d{1,6})\)$"
)
_POST: Final = re.compile(
    r"^(?P<kind>Small Blind|Big Blind|Small \+ Big Blind|Blind out of turn|Ante): +"
    r"(?P<name>.+?) +\((?P<amount>[\d,.]+)\)$"
)
_COLUMNS: Final = re.compile(
    r"^(?P<name>.+?) +(?P<verb>Fold|Check|Call|Bet|Raise|All-In|Payback)(?: +\((?P<amount>[\d,.]+)\))?$"
)
_BOARD: Final = re.compile(
    r"^(?P<street>Flop|Turn|River) +(?P<cards>[2-9TJQKA][cdhs](?: - [2-9TJQKA][cdhs])*)$"
)
_DEALT: Final = re.compile(r"^(?P<name>.+?) was dealt: +(?P<cards>.+)$")
_SHOWS: Final = re.compile(r"^(?P<name>.+?) shows: +(?P<cards>[^(]+?)(?: \(.*\))?$")
_WINS: Final = re.compile(r"^(?P<name>.+?) wins: +(?:[A-Z]{3} )?(?P<amount>[\d,.]+)(?: \(.*\))?$")
_ENDED: Final = re.compile(
    r"^Game ended (?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{2}:\d{2}:\d{2}) (?P<zone>\S+)"
)
_POSTS: Final = {"Small Blind": "small", "Big Blind": "big", "Small + Big Blind": "both",
                 "Blind out of turn": "big", "Ante": "ante"}  # fmt: skip


_GMT_OFFSET: Final = re.compile(r"GMT([-+]\d{2}):?(\d{2})")


def sniff(head: str) -> bool:
    """An Entraction file: ``Game # n - … - Table "…"`` then ``Players(max n):``."""
    first, _, rest = head.partition("\n")
    return _START.match(first) is not None and "Players(max" in rest[:200]


def _cards(text: str) -> tuple[Card | None, ...]:
    return site_cards(text.replace(" - ", ""))


def _offset(zone: str) -> str:
    if zone in ZONES:
        return ZONES[zone]
    found = _GMT_OFFSET.fullmatch(zone)
    return f"{found[1]}:{found[2]}" if found else ""


def parse_entraction(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``Game # n - …``)."""
    draft = HandDraft(file, number, first_line, site="Entraction", source_format="entraction")
    start = _START.match(lines[0].strip())
    header = _HEADER.match(start["rest"]) if start else None
    if start is None or header is None:
        raise HandHistoryError("no game, stakes and table in the first line", line=first_line)
    draft.hand_id = start["id"]
    if header["game"] not in _GAMES:
        raise HandHistoryError(
            f"{shorten(header['game'])} is not replayed here yet", line=first_line
        )
    letter, draft.game = _GAMES[header["game"]]
    betting_letter, draft.betting = _BETTING[header["betting"]]
    draft.variant = betting_letter + letter
    draft.small_blind, draft.big_blind = money(header["sb"]), money(header["bb"])
    draft.currency = header["currency"]
    draft.table = header["table"]
    draft.fields = {"header": lines[0].strip()}
    bets = RoundBets()
    seats: dict[str, int] = {}
    dealer = ""
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + offset
        if not line or line.startswith("Players(max"):
            continue
        if line.startswith("Dealer:"):
            dealer = line.removeprefix("Dealer:").strip()
            continue
        player = _PLAYER.match(line)
        if player and not draft.posts:
            seat = seat_number(player["seat"], where)
            seats[player["name"]] = seat
            draft.seats.append((seat, player["name"], money(player["stack"]), True))
            continue
        post = _POST.match(line)
        if post and post["name"] in seats:
            kind, amount = _POSTS[post["kind"]], money(post["amount"])
            draft.posts.append((post["name"], kind, amount, where))
            if kind in ("small", "big"):
                bets.add(post["name"], amount)
            elif kind == "both":
                bets.add(post["name"], min(amount, draft.big_blind))
            continue
        board = _BOARD.match(line)
        if board:
            cards = _cards(board["cards"])
            dealt = sum(len(a[3]) for a in draft.actions if a[0] == "deal-board")
            if len(cards) > dealt:
                bets.new_round()
                draft.actions.append(("deal-board", None, None, cards[dealt:], 0, where, False))
            continue
        ended = _ENDED.match(line)
        if ended:
            draft.time = f"{ended['date']}T{ended['time']}{_offset(ended['zone'])}"
            continue
        if line.startswith("Rake:"):
            draft.rake = money(line.removeprefix("Rake:").strip().removeprefix("EUR").strip())
            continue
        found = _DEALT.match(line) or _SHOWS.match(line)
        if found and found["name"] in seats:
            kind = "deal-hole" if " was dealt:" in line else "show"
            draft.actions.append((kind, found["name"], None, _cards(found["cards"].strip()), 0, where, False))  # fmt: skip
            continue
        wins = _WINS.match(line)
        if wins and wins["name"] in seats:
            draft.collected.append((wins["name"], money(wins["amount"]), 0))
            continue
        columns = _COLUMNS.match(line)
        if columns and columns["name"] in seats:
            _act(draft, bets, columns["name"], columns["verb"], columns["amount"], where)
    if dealer in seats:
        draft.button = seats[dealer]
    big = [name for name, kind, *_ in draft.posts if kind == "big"]
    dealt_in = {name for name, *_ in draft.posts} | {a[1] for a in draft.actions if a[1]}
    if len(dealt_in) == 2 and dealer in big:
        raise HandHistoryError(
            "heads-up with the dealer posting the big blind (the small blind acting first on "
            "every street): not an order the replay plays"
        )
    mucks_unshown(draft, first_line + len(lines) - 1)
    return finished_hand(draft, returns_written=True)


def _act(
    draft: HandDraft, bets: RoundBets, name: str, verb: str, amount: str | None, where: int
) -> None:
    if verb == "Fold":
        draft.actions.append(("fold", name, None, (), 0, where, False))
        return
    if verb == "Check":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
        return
    if amount is None:
        raise HandHistoryError(f"a {verb} without its amount", line=where)
    chips = money(amount)
    if verb == "Payback":
        draft.returned.append((name, chips, where))
    elif verb == "Call":
        bets.add(name, chips)
        draft.actions.append(("check-call", name, chips, (), 0, where, False))
    elif verb in ("Bet", "Raise"):
        draft.actions.append(("bet-raise", name, bets.add(name, chips), (), 0, where, False))
    else:  # All-In: the chips added, a bet, raise or call by what it comes to
        top = bets.top()
        to = bets.add(name, chips)
        if to > top:
            draft.actions.append(("bet-raise", name, to, (), 0, where, True))
        else:
            draft.actions.append(("check-call", name, chips, (), 0, where, True))


def read_entraction(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of an Entraction file, streamed; a bad hand comes as its error."""
    return text_hands(path, lambda line: _START.match(line) is not None, parse_entraction)


FORMAT: Final = SiteFormat("entraction", "Entraction", sniff, read_entraction)
