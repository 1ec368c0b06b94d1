"""Merge Network hand histories (XML, one ``<game>`` element a hand after a ``<description
type="Holdem" stakes="Limit $0.02/$0.04"/>``): hold'em, Omaha and Omaha hi/lo, cash games and
tournaments.

Each ``<game id= starttime= data="date|table|…|tournament?">`` holds the players (``seat``,
``nickname``, ``balance``, ``dealtin``; ``dealer`` the button's seat) and rounds of events:
posts (``SMALL_BLIND``, ``BIG_BLIND``, ``ANTE``, ``RETURN_BLIND`` a returning player's small and
big blind), ``FOLD``, ``CHECK``, ``CALL`` and ``BET`` (the chips added), ``RAISE`` (the round
total: "raise to"), ``ALL_IN`` (the chips added: a bet, raise or call by what it comes to), the
cards (hole, the board so far, shown, mucked) and the winners: ``<winner amount= potnumber=
pottype="n|h|l">``, after rake, and ``uncalled="true"`` for a bet returned. Where a hand has no
such line the returned bets are not written separately (older files count an uncalled bet in the
winner's amount), so the replay's own are not checked against the file. Start times are the
site's (``2012/08/23 02:10:05 -0300`` keeps its offset; the older ``20110416150310`` names no
zone). Draw games, stud and HORSE hands are refused per hand.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import MAX_SEAT, Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import RoundBets, finished_hand
from pokerscore.histories.sites.markup import XmlFileError, xml_elements

_GAMES: Final = {
    "Holdem": ("T", "holdem"),
    "Omaha": ("O", "omaha"),
    "Omaha H/L8": ("O/8", "omaha-hi-lo"),
}
_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "No Limit": ("N", "no-limit"),
    "Pot Limit": ("P", "pot-limit"),
    "Limit": ("F", "fixed-limit"),
}
_STAKES: Final = re.compile(
    r"^(?P<betting>No Limit|Pot Limit|Limit)\s*\(?(?:(?P<sb>[^/()\s]+)/(?P<bb>[^/()\s]+))?\)?$"
)
_SNIFF: Final = re.compile(r"^(?:<\?xml[^>]*\?>\s*)?<description type=\"[^\"]*\" stakes=")
_TIME: Final = re.compile(
    r"^(?:(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})(?P<t>\d{6})"
    r"|(?P<Y>\d{4})/(?P<M>\d{2})/(?P<D>\d{2}) (?P<T>\d{2}:\d{2}:\d{2}) (?P<zone>[-+]\d{4}))$"
)
_CURRENCIES: Final = {"$": "USD", "€": "EUR", "£": "GBP"}


def sniff(head: str) -> bool:
    """A Merge file: it starts with ``<description type="…" stakes="…"``."""
    return _SNIFF.match(head) is not None


def _time(text: str) -> str | None:
    found = _TIME.match(text.strip())
    if found is None:
        return None
    if found["y"]:
        t = found["t"]
        return f"{found['y']}-{found['m']}-{found['d']}T{t[:2]}:{t[2:4]}:{t[4:]}"
    zone = found["zone"]
    return f"{found['Y']}-{found['M']}-{found['D']}T{found['T']}{zone[:3]}:{zone[3:]}"


def _amount(element: ElementTree.Element, where: int) -> Decimal:
    text = element.get("amount")
    if text is None:
        raise HandHistoryError(
            f"a {element.get('type', element.tag)} without its amount", line=where
        )
    return money(text)


def parse_merge(
    game: ElementTree.Element, description: dict[str, str], draft: HandDraft, where: int
) -> HandHistory:
    """One ``<game>`` element (and its file's description) as a hand."""
    kind = description.get("type", "").removesuffix(" Tournament")
    if kind not in _GAMES:
        raise HandHistoryError(f"{shorten(kind or 'a game with no type')} is not replayed here yet")
    letter, draft.game = _GAMES[kind]
    stakes_text = description.get("stakes", "")
    stakes = _STAKES.match(stakes_text.strip())
    if stakes is None:
        raise HandHistoryError(f"unknown stakes {shorten(repr(stakes_text))}")
    betting_letter, draft.betting = _BETTING[stakes["betting"]]
    draft.variant = betting_letter + letter
    draft.hand_id = game.get("id", "")
    draft.time = _time(game.get("starttime", ""))
    data = game.get("data", "").split("|")
    draft.table = data[1] if len(data) > 1 else None
    tournament = len(data) > 4 and data[4] == "true"
    draft.tournament = data[2] if tournament and len(data) > 2 else None
    if stakes["bb"]:
        draft.small_blind, draft.big_blind = money(stakes["sb"]), money(stakes["bb"])
        currency = next((c for s, c in _CURRENCIES.items() if s in stakes["bb"]), None)
        draft.currency = None if tournament else currency
    draft.fields = {**description, **game.attrib}
    names = _players(game, draft, where)
    _rounds(game, draft, names, where)
    returns = bool(draft.returned)
    rounds = [round_.get("id") for round_ in game.iter("round")]
    zoned = "/" in game.get("starttime", "")
    # older files (no zone in the start time) write no returned bet: a hand everybody folds to
    # a bet counts the bet in the winner's amount, which is then no record of the pot won
    paid = returns or zoned or "END_OF_FOLDED_GAME" not in rounds
    return finished_hand(draft, returns_written=returns or zoned, paid_written=paid)


def _players(game: ElementTree.Element, draft: HandDraft, where: int) -> dict[str, str]:
    players = game.find("players")
    if players is None:
        raise HandHistoryError("a game without its players", line=where)
    draft.button = _seat(players.get("dealer", "0"), where)
    names: dict[str, str] = {}
    for player in players.iter("player"):
        seat = player.get("seat", "")
        name = player.get("nickname") or f"seat {seat}"
        names[seat] = name
        balance = player.get("balance", "0")
        dealt = player.get("dealtin", "true") == "true"
        if dealt:
            draft.seats.append((_seat(seat, where), name, money(balance), True))
            if draft.currency is None and not draft.tournament:
                draft.currency = next((c for s, c in _CURRENCIES.items() if s in balance), None)
    return names


def _seat(text: str, where: int) -> int:
    if not text.isdigit() or len(text) > 6 or int(text) > MAX_SEAT:
        raise HandHistoryError(f"seat {shorten(repr(text))} is not a seat number", line=where)
    return int(text)


def _rounds(game: ElementTree.Element, draft: HandDraft, names: dict[str, str], where: int) -> None:
    bets = RoundBets()
    board: list[Card | None] = []
    pots: dict[str, int] = {}
    big: list[Decimal] = []

    def who(element: ElementTree.Element) -> str:
        seat = element.get("player", "")
        if seat not in names:
            raise HandHistoryError(f"seat {shorten(repr(seat))} is not at the table", line=where)
        return names[seat]

    for round_ in game.iter("round"):
        if round_.get("id") not in ("BLINDS", "PREFLOP"):
            bets.new_round()
        community = [c for c in round_.iter("cards") if c.get("type") == "COMMUNITY"]
        if community:
            cards = site_cards(community[-1].get("cards", "").replace(",", ""))
            new = cards[len(board) :]
            if new:
                draft.actions.append(("deal-board", None, None, new, 0, where, False))
                board.extend(new)
        for element in round_:
            if element.tag == "event":
                _event(draft, bets, element, who, big, where)
            elif element.tag == "cards" and element.get("type") in ("HOLE", "SHOWN"):
                kind = "deal-hole" if element.get("type") == "HOLE" else "show"
                cards = site_cards(element.get("cards", "").replace(",", ""))
                draft.actions.append((kind, who(element), None, cards, 0, where, False))
            elif element.tag == "winner":
                amount = _amount(element, where)
                if element.get("uncalled") == "true":
                    draft.returned.append((who(element), amount, where))
                    continue
                pot = pots.setdefault(element.get("potnumber", "1"), len(pots))
                draft.collected.append((who(element), amount, pot))


def _event(
    draft: HandDraft,
    bets: RoundBets,
    element: ElementTree.Element,
    who: Callable[[ElementTree.Element], str],
    big: list[Decimal],
    where: int,
) -> None:
    kind = element.get("type", "")
    if kind in ("LEAVE", "PLAYER_OUT", "SHOW", "MUCK", "SIT_OUT", "SIT_IN", "DRAW"):
        if kind == "MUCK":
            draft.actions.append(("muck", who(element), None, (), 0, where, False))
        return
    name = who(element)
    if kind in ("SMALL_BLIND", "BIG_BLIND", "ANTE", "RETURN_BLIND", "POST"):
        amount = _amount(element, where)
        if kind == "BIG_BLIND":
            big.append(amount)
        if not draft.big_blind and kind == "BIG_BLIND":  # a tournament's stakes are its blinds
            draft.big_blind = amount
        if not draft.small_blind and kind == "SMALL_BLIND":
            draft.small_blind = amount
        if kind in ("RETURN_BLIND", "POST"):
            # a returning player's post: a live big blind, the rest (the small blind) dead
            live = min(amount, big[0]) if big else amount
            draft.posts.append((name, "big", live, where))
            bets.add(name, live)
            if amount > live:
                draft.posts.append((name, "small", amount - live, where))
            return
        post = {"SMALL_BLIND": "small", "BIG_BLIND": "big"}.get(kind, "ante")
        draft.posts.append((name, post, amount, where))
        if post != "ante":
            bets.add(name, amount)
        return
    if kind == "FOLD":
        draft.actions.append(("fold", name, None, (), 0, where, False))
    elif kind == "CHECK":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
    elif kind == "CALL":
        amount = _amount(element, where)
        bets.add(name, amount)
        draft.actions.append(("check-call", name, amount, (), 0, where, False))
    elif kind == "BET":
        draft.actions.append(("bet-raise", name, bets.add(name, _amount(element, where)), (), 0, where, False))  # fmt: skip
    elif kind == "RAISE":
        to = _amount(element, where)
        bets.add(name, to - bets.bet(name))
        draft.actions.append(("bet-raise", name, to, (), 0, where, False))
    elif kind == "ALL_IN":
        amount = _amount(element, where)
        top = bets.top()
        to = bets.add(name, amount)
        if to > top:
            draft.actions.append(("bet-raise", name, to, (), 0, where, True))
        else:
            draft.actions.append(("check-call", name, amount, (), 0, where, True))
    else:
        raise HandHistoryError(f"unknown event {shorten(repr(kind))}", line=where)


def read_merge(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Merge file, streamed; a bad hand comes as its error."""
    name = str(path)
    description: dict[str, str] = {}
    number = 0
    try:
        for element, where in xml_elements(path, frozenset({"description", "game"})):
            if element.tag == "description":
                description = dict(element.attrib)
                continue
            number += 1
            draft = HandDraft(name, number, where, site="Merge", source_format="merge")
            try:
                yield parse_merge(element, description, draft, where)
            except HandHistoryError as error:
                yield error.located(name, number, where)
    except XmlFileError as error:
        yield error.located(name, number + 1, None)


FORMAT: Final = SiteFormat("merge", "Merge Network", sniff, read_merge)
