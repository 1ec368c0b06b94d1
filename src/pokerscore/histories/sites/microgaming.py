"""Microgaming hand histories (XML, one ``<Game>`` element a hand, in files of their own or run
together between ``----PRIMA.DAT----`` lines): hold'em, Omaha and Omaha hi/lo, cash games and
tournaments.

A ``<Game id= date= stakes="5|10" betlimit="PL" gametype="Omaha" istournament= rake=>`` holds
the seats (``num``, ``alias``, ``balance``, ``endbalance``, ``dealer``, ``sittingout``) and the
play: ``SmallBlind``, ``BigBlind``, ``PostedToPlay`` (a new player's post: the big blind live,
less is dead money, more is a live big blind and dead rest), ``Fold``, ``Check``, ``Call``,
``Bet``, ``Raise`` and ``AllIn`` (each the chips added), the cards dealt (``Card value= suit=``)
and shown, and the winners (``Win``: each winner's amount counts a bet nobody called, so it is
no record of the pot won). The site's record read is every seat's ``endbalance`` and the rake
(``rake`` in cents); the replay checks them. The names are the ``alias`` the file shows (the
base64 ``unicodealias`` is not decoded). The ``date`` names no zone: kept without an offset.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import MAX_SEAT, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    BETTING_ABBREVIATIONS,
    RoundBets,
    deal_new_cards,
    finished_hand,
    mucks_unshown,
)
from pokerscore.histories.sites.markup import xml_hands

_GAMES: Final = {"Hold'em": ("T", "holdem"), "Multi Table Hold'em": ("T", "holdem"),
                 "Omaha": ("O", "omaha"), "Omaha H/L": ("O/8", "omaha-hi-lo")}  # fmt: skip


def sniff(head: str) -> bool:
    """A Microgaming file: it starts ``----PRIMA.DAT----`` or with a ``<Game`` element whose
    table name is also written in base64 (``unicodetablename``)."""
    return head.startswith("----PRIMA.DAT----") or (
        head.startswith("<Game ") and "unicodetablename=" in head.split("\n", 1)[0]
    )


def _value(element: ElementTree.Element, where: int, name: str = "value") -> Decimal:
    text = element.get(name)
    if text is None:
        raise HandHistoryError(
            f"a {element.get('type', element.tag)} without its {name}", line=where
        )
    return money(text)


def _cards(element: ElementTree.Element) -> tuple[Card | None, ...]:
    text = "".join(card.get("value", "?") + card.get("suit", "?") for card in element.iter("Card"))
    return site_cards(text)


def parse_microgaming(game: ElementTree.Element, draft: HandDraft, where: int) -> HandHistory:
    """One ``<Game>`` element as a hand."""
    kind = game.get("gametype", "")
    if kind not in _GAMES:
        raise HandHistoryError(f"{shorten(kind or 'a game with no type')} is not replayed here yet")
    limit = game.get("betlimit", "")
    if limit not in BETTING_ABBREVIATIONS:
        raise HandHistoryError(f"unknown betting {shorten(repr(limit))}")
    letter, draft.game = _GAMES[kind]
    betting_letter, draft.betting = BETTING_ABBREVIATIONS[limit]
    draft.variant = betting_letter + letter
    draft.hand_id = game.get("id", "")
    draft.table = game.get("tablename")
    small, _, big = game.get("stakes", "").partition("|")
    if not big:
        raise HandHistoryError(f"no stakes in {shorten(repr(game.get('stakes', '')))}")
    draft.small_blind, draft.big_blind = money(small), money(big)
    tournament = game.get("istournament") == "1"
    draft.tournament = game.get("tournamentid") or ("yes" if tournament else None)
    draft.currency = None if tournament else "EUR" if game.get("currencysymbol") == "rCA=" else None
    date = game.get("date", "")
    draft.time = date.replace(" ", "T") if len(date) == 19 else None
    rake = game.get("rake")
    if rake and rake.isdigit() and len(rake) < 16:
        draft.rake = Decimal(int(rake)) / 100
    draft.fields = dict(game.attrib)
    names: dict[str, str] = {}
    ends: dict[str, Decimal] = {}
    seats = game.find("Seats")
    for seat in seats.iter("Seat") if seats is not None else ():
        number = seat.get("num", "")
        if not number.isdigit() or len(number) > 6 or int(number) > MAX_SEAT:
            raise HandHistoryError(f"seat {shorten(repr(number))} is not a seat number", line=where)
        name = seat.get("alias") or f"seat {number}"
        names[number] = name
        draft.seats.append((int(number), name, _value(seat, where, "balance"), True))
        ends[name] = _value(seat, where, "endbalance")
        if seat.get("dealer") == "true":
            draft.button = int(number)
    bets = RoundBets()
    play = game.find("Gameplay")
    for action in play.iter("Action") if play is not None else ():
        _action(draft, bets, action, names, where)
    mucks_unshown(draft, where)
    playing = {name for name, *_ in draft.posts} | {a[1] for a in draft.actions if a[1]}
    end_stacks = ends if playing <= ends.keys() else None
    return finished_hand(draft, returns_written=False, paid_written=False, end_stacks=end_stacks)


def _action(
    draft: HandDraft,
    bets: RoundBets,
    action: ElementTree.Element,
    names: dict[str, str],
    where: int,
) -> None:
    kind = action.get("type", "")
    if kind in ("DealFlop", "DealTurn", "DealRiver"):
        deal_new_cards(draft, _cards(action), where, bets=bets)
        return
    if kind == "Win":
        return  # each amount counts a bet nobody called: the end balances are the record
    seat = action.get("seat", "")
    if seat not in names:
        raise HandHistoryError(f"seat {shorten(repr(seat))} is not at the table", line=where)
    name = names[seat]
    if kind in ("SmallBlind", "BigBlind", "Ante", "PostedToPlay"):
        amount = _value(action, where)
        if kind == "Ante":
            draft.posts.append((name, "ante", amount, where))
            return
        if kind == "PostedToPlay":  # the big blind live, the rest (or all, if less) dead
            live = amount if amount >= draft.big_blind else Decimal(0)
            live = min(live, draft.big_blind)
            if live:
                draft.posts.append((name, "big", live, where))
                bets.add(name, live)
            if amount > live:
                draft.posts.append((name, "small", amount - live, where))
            return
        post = "small" if kind == "SmallBlind" else "big"
        draft.posts.append((name, post, amount, where))
        bets.add(name, amount)
    elif kind == "DealCards":
        draft.actions.append(("deal-hole", name, None, _cards(action), 0, where, False))
    elif kind == "ShowCards":
        draft.actions.append(("show", name, None, _cards(action), 0, where, False))
    elif kind == "MuckCards":
        draft.actions.append(("muck", name, None, (), 0, where, False))
    elif kind == "Fold":
        draft.actions.append(("fold", name, None, (), 0, where, False))
    elif kind == "Check":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
    elif kind in ("Call", "Bet", "Raise", "AllIn"):
        chips = _value(action, where)
        top = bets.top()
        to = bets.add(name, chips)
        all_in = kind == "AllIn"
        if to > top:
            draft.actions.append(("bet-raise", name, to, (), 0, where, all_in))
        else:
            draft.actions.append(("check-call", name, chips, (), 0, where, all_in))
    else:
        raise HandHistoryError(f"unknown action {shorten(repr(kind))}", line=where)


def read_microgaming(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Microgaming file, streamed; a bad hand comes as its error."""

    def read(element: ElementTree.Element, number: int, where: int) -> HandHistory:
        draft = HandDraft(str(path), number, where, site="Microgaming", source_format="microgaming")
        return parse_microgaming(element, draft, where)

    return xml_hands(path, frozenset({"Game"}), read)


FORMAT: Final = SiteFormat("microgaming", "Microgaming", sniff, read_microgaming)
