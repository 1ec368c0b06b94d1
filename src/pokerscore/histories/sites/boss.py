"""Boss Media hand histories (XML; the Boss network's clients: Svenska Spel, Espacejeux …):
hold'em, Omaha and Omaha hi/lo, cash games and tournaments.

A file holds ``<HISTORY ID= TABLE= GAME="GAME_THM" GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR"
LIMIT="NL" STAKES="0.05/0.10" DATE="1341335315">`` elements (one a hand, inside a ``<ROOT>``):
the seats (``<PLAYER NAME= SEAT= AMOUNT= STATE=>``, a dealer flag on later clients), then the
``<ACTION TYPE=>`` elements in order: ``HAND_BLINDS`` (``KIND="HAND_SB"``/``"HAND_BB"``; a second
small blind is dead money), ``HAND_DEAL`` (a player dealt in, ``<CARD LINK="b">`` a card unseen),
``ACTION_FOLD``/``CHECK``/``CALL``/``BET``/``RAISE``/``ALLIN`` (every amount the player's whole
bet in the round: a call "to", a raise "to", an all-in's round total), ``HAND_BOARD`` (the
board so far); and the ``<SHOWDOWN POT= RAKE=>`` with a ``<RESULT PLAYER= WIN=>`` per player
(the cards shown inside). Cards are numbers: 0 to 51, thirteen a suit (diamonds, clubs, hearts,
spades), ace first (``0`` the ace of diamonds, ``13`` the ace of clubs). The site's record
checked by the replay: each player's ``WIN`` (after rake; a player still in with no cards in
his ``RESULT`` mucked), the pot after rake and the rake (the
total pot their sum); a bet nobody called is returned unwritten. The button is the seat before
the first small blind's (heads-up the small blind's own): the dealer flag of the newer files
marks the small blind's seat where a player coming in posts. Times: ``DATE`` (seconds since
1970, UTC). Five-card draw (``GAME_FCD``) and other games are refused by name.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from datetime import UTC, datetime
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
)
from pokerscore.histories.sites.markup import xml_hands

NAME: Final = "boss"
_GAMES: Final = {
    "GAME_THM": ("T", "holdem"),
    "GAME_OMA": ("O", "omaha"),
    "GAME_OMATU": ("O", "omaha"),
    "GAME_OMAHL": ("O/8", "omaha-hi-lo"),
}
"""Boss Media's games read (``GAME_OMATU`` deals four cards, as ``GAME_OMA``: the shared
sample's README takes it for five-card Omaha, its file deals four); five-card draw
(``GAME_FCD``) is refused by name."""
_SNIFF: Final = re.compile(r"^(?:<\?xml[^>]*\?>\s*)?(?:<ROOT>\s*)?<HISTORY ID=\"")
_RANKS: Final = "A23456789TJQK"
_SUITS: Final = "dchs"
_PLAYS: Final = {
    "ACTION_FOLD": "fold",
    "ACTION_CHECK": "check",
    "ACTION_CALL": "call",
    "ACTION_BET": "bet",
    "ACTION_RAISE": "raise",
    "ACTION_ALLIN": "all-in",
}


def sniff(head: str) -> bool:
    """A Boss Media file: ``<HISTORY ID="`` first (after an XML declaration and ``<ROOT>``)."""
    return _SNIFF.match(head) is not None


def boss_cards(element: ElementTree.Element) -> tuple[Card | None, ...]:
    """The ``<CARD LINK=>`` cards an element holds: 0 to 51 (ace first, diamonds, clubs, hearts,
    spades), ``b`` a card unseen.

    >>> boss_cards(ElementTree.fromstring('<A><CARD LINK="0"/><CARD LINK="51"/><CARD LINK="b"/></A>'))
    (Card('Ad'), Card('Ks'), None)
    """
    written = []
    for card in element.iter("CARD"):
        link = card.get("LINK", "")
        if link == "b":
            written.append("??")
            continue
        if not link.isdigit() or int(link) > 51:
            raise HandHistoryError(f"card {shorten(repr(link))} is no card number (0 to 51)")
        written.append(_RANKS[int(link) % 13] + _SUITS[int(link) // 13])
    return site_cards("".join(written))


def _amount(element: ElementTree.Element, name: str, where: int) -> Decimal:
    text = element.get(name)
    if text is None:
        raise HandHistoryError(
            f"a {element.get('TYPE', element.tag)} without its {name}", line=where
        )
    return money(text)


def parse_boss(history: ElementTree.Element, draft: HandDraft, where: int) -> HandHistory:
    """One ``<HISTORY>`` element as a hand."""
    game = history.get("GAME", "")
    if game not in _GAMES:
        raise HandHistoryError(f"{shorten(game or 'a hand with no GAME')} is not replayed here yet")
    letter, draft.game = _GAMES[game]
    limit = history.get("LIMIT", "")
    if limit not in BETTING_ABBREVIATIONS:
        raise HandHistoryError(f"unknown betting {shorten(repr(limit))}", line=where)
    betting_letter, draft.betting = BETTING_ABBREVIATIONS[limit]
    draft.variant = betting_letter + letter
    draft.hand_id = history.get("ID", "")
    draft.table = history.get("TABLE") or None
    small, _, big = history.get("STAKES", "").partition("/")
    if not big:
        raise HandHistoryError("no stakes (STAKES=small/big)", line=where)
    draft.small_blind, draft.big_blind = money(small), money(big)
    if history.get("GAMEKIND") == "GAMEKIND_TOURNAMENT":
        draft.tournament = history.get("TABLETOURNEYID") or history.get("TABLE") or ""
    else:
        draft.currency = history.get("TABLECURRENCY") or None
    date = history.get("DATE", "")
    if date.isdigit() and len(date) <= 12:
        draft.time = datetime.fromtimestamp(int(date), UTC).isoformat()
    draft.fields = dict(history.attrib)
    seats: dict[str, int] = {}
    for player in history.iter("PLAYER"):
        name, seat = player.get("NAME", ""), player.get("SEAT", "")
        if not seat.isdigit() or len(seat) > 6 or int(seat) > MAX_SEAT:
            raise HandHistoryError(f"seat {shorten(repr(seat))} is not a seat number", line=where)
        if name and name != "UNKNOWN":
            seats[name] = int(seat)
            draft.seats.append((int(seat), name, money(player.get("AMOUNT", "0")), True))
    _play(history, draft, seats, where)
    return finished_hand(draft, returns_written=False)


def _play(
    history: ElementTree.Element, draft: HandDraft, seats: dict[str, int], where: int
) -> None:
    bets = RoundBets()
    dealt: list[str] = []
    first_small: str | None = None

    def who(element: ElementTree.Element) -> str:
        name = element.get("PLAYER", "")
        if name not in seats:
            raise HandHistoryError(f"{shorten(repr(name))} is not seated", line=where)
        return name

    for action in history.iter("ACTION"):
        kind = action.get("TYPE", "")
        if kind == "HAND_BLINDS":
            name = who(action)
            value = _amount(action, "VALUE", where)
            small = action.get("KIND") == "HAND_SB"
            first_small = first_small or (name if small else None)
            draft.posts.append((name, "small" if small else "big", value, where))
            bets.add(name, value)
        elif kind == "HAND_DEAL":
            name = who(action)
            dealt.append(name)
            cards = boss_cards(action)
            if any(cards):
                draft.actions.append(("deal-hole", name, None, cards, 0, where, False))
        elif kind == "HAND_BOARD":
            deal_new_cards(draft, boss_cards(action), where, bets=bets)
        elif kind in _PLAYS:
            _act(draft, bets, _PLAYS[kind], who(action), action, where)
        else:
            raise HandHistoryError(f"the action {shorten(repr(kind))} is not read", line=where)
    draft.seats = [(seat, name, stack, name not in dealt) for seat, name, stack, _ in draft.seats]
    draft.button = _button(sorted(seats[name] for name in dealt), seats.get(first_small or ""))
    showdown = history.find("SHOWDOWN")
    if showdown is None:
        raise HandHistoryError("the hand has no SHOWDOWN (a partial hand)", line=where)
    folded = {name for kind, name, *_ in draft.actions if kind == "fold"}
    for result in showdown.iter("RESULT"):
        name = who(result)
        cards = boss_cards(result)
        if any(cards):
            draft.actions.append(("show", name, None, cards, 0, where, False))
        elif name in dealt and name not in folded:  # $(STR_G_MUCK), or $(STR_G_FOLD) at the end
            draft.actions.append(("muck", name, None, (), 0, where, False))
        won = _amount(result, "WIN", where)
        if won:
            draft.collected.append((name, won, 0))
    draft.rake = _amount(showdown, "RAKE", where)
    draft.total = _amount(showdown, "POT", where) + draft.rake  # the pot written after rake


def _button(dealt: list[int], small: int | None) -> int:
    """The button's seat: the seat dealt in before the first small blind's (heads-up the small
    blind's own); with no small blind, before the first seat."""
    if small is None or small not in dealt:
        return dealt[-1] if dealt else 0
    if len(dealt) == 2:
        return small
    return dealt[dealt.index(small) - 1]


def _act(
    draft: HandDraft,
    bets: RoundBets,
    verb: str,
    name: str,
    action: ElementTree.Element,
    where: int,
) -> None:
    if verb == "fold":
        draft.actions.append(("fold", name, None, (), 0, where, False))
        return
    if verb == "check":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
        return
    to = _amount(action, "VALUE", where)  # the player's whole bet this round
    top = bets.top()
    added = to - bets.bet(name)
    bets.set(name, to)
    all_in = verb == "all-in"
    if verb == "call" or (all_in and to <= top):
        draft.actions.append(("check-call", name, added, (), 0, where, all_in))
    else:
        draft.actions.append(("bet-raise", name, to, (), 0, where, all_in))


def read_boss(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Boss Media file, streamed; a bad hand comes as its error."""

    def read(element: ElementTree.Element, number: int, where: int) -> HandHistory:
        draft = HandDraft(str(path), number, where, site="Boss Media", source_format=NAME)
        return parse_boss(element, draft, where)

    return xml_hands(path, frozenset({"HISTORY"}), read)


FORMAT: Final = SiteFormat(NAME, "Boss Media", sniff, read_boss)
