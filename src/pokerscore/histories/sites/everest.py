"""Everest Poker hand histories (XML: a ``<SESSION>`` element, then one ``<HAND>`` element a
hand): hold'em and Omaha, cash games and tournaments.

The session names the game (``game="hold-em"``, ``gametype="fixed-limit"``), the money (``$``;
empty in a tournament) and the table. Each hand (``time`` in seconds since 1970, kept as UTC)
holds its seats (``position``, ``name``, ``balance``), the dealer, ``ANTE`` and ``BLIND`` posts,
``HOLE`` cards (``--`` one nobody saw), ``FOLD``, ``BET`` (the chips added: a check, call, bet
or raise by what it comes to), ``PUSH`` (an uncalled bet returned), ``COMMUNITY`` cards (the
cards not dealt yet, street by street), ``SHOW`` and ``WIN`` (what the site paid, after rake:
``SWEEP rake=``). Every amount is written in hundredths of the stakes' unit (cents of a dollar,
hundredths of a chip): ``balance="197"`` is $1.97.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import MAX_SEAT, Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    RoundBets,
    deal_new_cards,
    finished_hand,
    mucks_unshown,
)
from pokerscore.histories.sites.markup import Described, xml_hands

_GAMES: Final = {"hold-em": ("T", "holdem"), "omaha": ("O", "omaha"),
                 "omaha-hi-lo": ("O/8", "omaha-hi-lo")}  # fmt: skip
_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "no-limit": ("N", "no-limit"),
    "pot-limit": ("P", "pot-limit"),
    "fixed-limit": ("F", "fixed-limit"),
}
_HUNDREDTH: Final = Decimal("0.01")


def sniff(head: str) -> bool:
    """An Everest file: it starts with its ``<SESSION`` element and holds ``<HAND`` elements."""
    text = (
        head.removeprefix("<?xml").partition("?>")[2].lstrip() if head.startswith("<?xml") else head
    )
    return text.startswith("<SESSION ") and "<HAND " in head


def _amount(element: ElementTree.Element, name: str, where: int) -> Decimal:
    text = element.get(name) if name != "." else element.text
    if text is None:
        raise HandHistoryError(f"a {element.tag} without its {name}", line=where)
    return money(text.strip()) * _HUNDREDTH


def _cards(text: str) -> tuple[Card | None, ...]:
    return site_cards(text.replace(",", " ").replace("--", "??"))


def parse_everest(
    hand: ElementTree.Element, session: dict[str, str], draft: HandDraft, where: int
) -> HandHistory:
    """One ``<HAND>`` element (and its session) as a hand."""
    game = session.get("game", "")
    if game not in _GAMES:
        raise HandHistoryError(f"{shorten(game or 'a game with no name')} is not replayed here yet")
    betting = session.get("gametype", "")
    if betting not in _BETTING:
        raise HandHistoryError(f"unknown betting {shorten(repr(betting))}")
    letter, draft.game = _GAMES[game]
    betting_letter, draft.betting = _BETTING[betting]
    draft.variant = betting_letter + letter
    draft.hand_id = hand.get("id", "")
    draft.table = session.get("tableName")
    tournament = session.get("type") == "tournament"
    draft.tournament = session.get("id") if tournament else None
    draft.currency = (
        {"$": "USD", "€": "EUR", "£": "GBP"}.get(session.get("money", ""))
        if not tournament
        else None
    )
    stamp = hand.get("time", "")
    if stamp.isdigit() and len(stamp) < 12:
        draft.time = datetime.fromtimestamp(int(stamp), UTC).isoformat()
    stakes = (hand.get("stakes") if draft.betting == "fixed-limit" else hand.get("blinds")) or ""
    small, _, big = stakes.partition("/")
    if big:
        draft.small_blind, draft.big_blind = money(small), money(big)
    blinds = (hand.get("blinds") or "").partition("/")[2]
    big_blind = money(blinds) if blinds else draft.big_blind
    draft.fields = {**session, **hand.attrib}
    bets = RoundBets()
    names: dict[str, str] = {}
    for element in hand:
        tag, seat = element.tag, element.get("position", "")
        if tag == "SEAT":
            number = _seat(seat, where)
            names[seat] = element.get("name") or f"seat {seat}"
            draft.seats.append((number, names[seat], _amount(element, "balance", where), True))
            continue
        if tag == "DEALER":
            draft.button = _seat(seat, where)
            continue
        if tag == "COMMUNITY":
            deal_new_cards(draft, _cards(element.text or ""), where, bets=bets)
            continue
        if tag in ("SWEEP", "SESSION"):
            if tag == "SWEEP" and element.get("rake"):
                draft.rake = (draft.rake or Decimal(0)) + _amount(element, "rake", where)
            continue
        if seat not in names:
            raise HandHistoryError(
                f"position {shorten(repr(seat))} is not at the table", line=where
            )
        name = names[seat]
        if tag == "ANTE":
            draft.posts.append((name, "ante", _amount(element, "amount", where), where))
        elif tag == "BLIND":
            amount = _amount(element, "amount", where)
            posted = [post for post in draft.posts if post[1] in ("small", "big")]
            kind = "small" if not posted and amount < big_blind else "big"
            draft.posts.append((name, kind, amount, where))
            bets.add(name, amount)
        elif tag == "HOLE":
            _hole(draft, name, _cards(element.text or ""), where)
        elif tag == "FOLD":
            draft.actions.append(("fold", name, None, (), 0, where, False))
        elif tag == "BET":
            chips = _amount(element, "amount", where)
            top = bets.top()
            to = bets.add(name, chips)
            if to > top:
                draft.actions.append(("bet-raise", name, to, (), 0, where, False))
            else:
                draft.actions.append(("check-call", name, chips, (), 0, where, False))
        elif tag == "CHECK":
            draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
        elif tag == "PUSH":
            draft.returned.append((name, _amount(element, "amount", where), where))
        elif tag == "SHOW":
            if not any(a[0] == "show" and a[1] == name for a in draft.actions):
                draft.actions.append(
                    ("show", name, None, _cards(element.text or ""), 0, where, False)
                )
        elif tag == "WIN":
            pot = element.get("pot", "0")
            draft.collected.append((name, _amount(element, "amount", where), int(pot) if pot.isdigit() and len(pot) < 4 else 0))  # fmt: skip
        elif tag == "MUCK":
            draft.actions.append(("muck", name, None, (), 0, where, False))
    mucks_unshown(draft, where)
    return finished_hand(draft, returns_written=True)


def _hole(draft: HandDraft, name: str, cards: tuple[Card | None, ...], where: int) -> None:
    """A hole card dealt one at a time: added to the player's cards dealt so far."""
    for index, action in enumerate(draft.actions):
        if action[0] == "deal-hole" and action[1] == name:
            draft.actions[index] = (*action[:3], action[3] + cards, *action[4:])
            return
    draft.actions.append(("deal-hole", name, None, cards, 0, where, False))


def _seat(text: str, where: int) -> int:
    if not text.isdigit() or len(text) > 6 or int(text) > MAX_SEAT:
        raise HandHistoryError(f"position {shorten(repr(text))} is not a seat number", line=where)
    return int(text)


def read_everest(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of an Everest file, streamed; a bad hand comes as its error."""
    session = Described("SESSION")

    def read(element: ElementTree.Element, number: int, where: int) -> HandHistory:
        draft = HandDraft(str(path), number, where, site="Everest", source_format="everest")
        return parse_everest(element, session.attributes, draft, where)

    return xml_hands(path, frozenset({"SESSION", "HAND"}), read, context=session)


FORMAT: Final = SiteFormat("everest", "Everest Poker", sniff, read_everest)
