"""Merge Network hand histories (XML, one ``<game>`` element a hand after a ``<description
type="Holdem" stakes="Limit $0.02/$0.04"/>``): hold'em, Omaha and Omaha hi/lo, stud hi/lo, 2-7
triple draw and badugi, HORSE's hands of those games; cash games and tournaments.

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
zone).

Stud (rounds ``BRING_IN``, ``THIRD_STREET`` … ``SEVENTH_STREET``): ``ANTE`` posts, ``BRING_IN``
(the bring-in), ``COMPLETE`` (to the small bet); each round writes every player's cards so far
after its play (``null`` for a card unseen; a folded player's again, unchanged), dealt before the
round's first move through :class:`~pokerscore.histories.draft.StudStreets`. Draw (rounds
``PRE_FIRST_DRAW``, ``FIRST_DRAW``, ``POST_FIRST_DRAW`` …): ``DRAW`` events with the count thrown
away (``text``); the saver's hand before and after each draw (``HOLE``, ``DRAW_DRAWN_CARDS``)
gives the cards he threw away and drew, through :class:`~pokerscore.histories.draft.DrawRounds`.
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
from pokerscore.histories.draft import (
    DRAW_HOLES,
    STUD_GAMES,
    DrawRounds,
    HandDraft,
    StudStreets,
    money,
    site_cards,
)
from pokerscore.histories.model import MAX_SEAT, Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import RoundBets, finished_hand
from pokerscore.histories.sites.markup import Described, xml_hands

_GAMES: Final = {
    "Holdem": ("T", "holdem"),
    "Omaha": ("O", "omaha"),
    "Omaha H/L8": ("O/8", "omaha-hi-lo"),
    "7-Stud H/L8": ("7S/8", "stud-8"),
    "2-7 Lowball": ("2L3D", "deuce-to-seven-triple-draw"),
    "Badugi": ("B", "badugi"),
}
"""Merge's names of the games read (the ``<description type=>``, a tournament's without its
`` Tournament``): PHH letter and the game that settles them. Merge's 2-7 is triple draw (its
rounds ``FIRST_DRAW`` to ``THIRD_DRAW``). Only the names seen in real files are here: another
name (Merge's plain stud and razz are not in the shared sample) is refused by name."""
_MIXED_GAMES: Final = {"2": "Holdem", "35": "Omaha H/L8", "43": "7-Stud H/L8"}
"""A mixed game's hand (``type="HORSE"``) names its game by its ``multigametype`` code, the
``gametype`` the site gives the game's own tables (2 limit hold'em, 35 Omaha H/L8, 43 stud
H/L8, as the shared sample's files show); another code is refused by name."""
_STUD_STREETS: Final = {
    "BRING_IN": 3,
    "THIRD_STREET": 3,
    "FOURTH_STREET": 4,
    "FIFTH_STREET": 5,
    "SIXTH_STREET": 6,
    "SEVENTH_STREET": 7,
}
"""A stud hand's rounds and the street each deals (the bring-in is third street's)."""
_SAME_ROUND: Final = frozenset({"BLINDS", "PREFLOP", "PRE_FIRST_DRAW", "BRING_IN", "THIRD_STREET"})
"""Rounds whose bets carry on the round before's (the blinds, the bring-in)."""
_DRAW_ROUNDS: Final = frozenset({"FIRST_DRAW", "SECOND_DRAW", "THIRD_DRAW"})
"""A draw game's rounds of draws (``DRAW`` events, the saver's hand after them)."""
_IDLE: Final = frozenset({"LEAVE", "PLAYER_OUT", "SIT_OUT", "SIT_IN"})
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
    if kind == "HORSE":
        code = game.get("multigametype", "")
        if code not in _MIXED_GAMES:
            raise HandHistoryError(
                f"a {kind} hand of game {shorten(repr(code))} is not replayed here yet: "
                f"its hold'em, Omaha H/L8 and stud H/L8 hands only"
            )
        kind = _MIXED_GAMES[code]
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
    playing = {
        names.get(event.get("player", ""))
        for event in game.iter("event")
        if event.get("type") not in _IDLE
    }
    if draft.game in STUD_GAMES:  # a stud table has no button: the seats in their order (from 0)
        draft.button = -1
    # a seat dealt in is sitting out unless its player posts or acts (a draw deals each one)
    draft.seats = [(seat, n, stack, n not in playing) for seat, n, stack, _ in draft.seats]
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


def _cards(element: ElementTree.Element) -> tuple[Card | None, ...]:
    """A ``<cards cards="8h,2s,null">`` element's cards (``null``: a card nobody saw)."""
    return site_cards(element.get("cards", "").replace("null", "??").replace(",", ""))


def _rounds(game: ElementTree.Element, draft: HandDraft, names: dict[str, str], where: int) -> None:
    bets = RoundBets()
    board: list[Card | None] = []
    pots: dict[str, int] = {}
    big: list[Decimal] = []
    stud = StudStreets(draft) if draft.game in STUD_GAMES else None
    draw = DrawRounds(draft, DRAW_HOLES[draft.game]) if draft.game in DRAW_HOLES else None
    held: dict[str, tuple[Card | None, ...]] = {}
    """A draw game's cards of each player as last written (the saver's)."""

    def who(element: ElementTree.Element) -> str:
        seat = element.get("player", "")
        if seat not in names:
            raise HandHistoryError(f"seat {shorten(repr(seat))} is not at the table", line=where)
        return names[seat]

    for round_ in game.iter("round"):
        round_id = round_.get("id", "")
        if round_id not in _SAME_ROUND:
            bets.new_round()
        community = [c for c in round_.iter("cards") if c.get("type") == "COMMUNITY"]
        if community:
            cards = site_cards(community[-1].get("cards", "").replace(",", ""))
            new = cards[len(board) :]
            if new:
                draft.actions.append(("deal-board", None, None, new, 0, where, False))
                board.extend(new)
        dealt = [
            (who(element), _cards(element))
            for element in round_
            if element.tag == "cards" and element.get("type") in ("HOLE", "DRAW_DRAWN_CARDS")
        ]
        drawn: dict[str, tuple[Card | None, ...]] = {}
        if stud is not None:  # the street's cards are written after its play: dealt first
            _stud_cards(stud, round_id, dealt, where)
        elif draw is not None:
            if round_id != "BLINDS":
                draw.begin()
            for name, cards in dealt:
                if round_id in _DRAW_ROUNDS:
                    drawn[name] = cards  # the hand after this round's draw
                elif name not in held:
                    held[name] = cards
                    draw.deal(name, cards, where)
        for element in round_:
            if element.tag == "event":
                kind = element.get("type", "")
                if kind == "DRAW" and draw is not None:
                    _draw(draw, element, who(element), held, drawn, where)
                    continue
                if kind not in _IDLE and kind != "MUCK" and round_id != "BLINDS":
                    if stud is not None:
                        stud.finish(where)
                    if draw is not None:
                        draw.first_deal(where)
                _event(draft, bets, element, who, big, where, stud)
            elif element.tag == "cards" and element.get("type") == "SHOWN":
                draft.actions.append(("show", who(element), None, _cards(element), 0, where, False))
            elif element.tag == "cards" and element.get("type") == "HOLE" and not (stud or draw):
                draft.actions.append(("deal-hole", who(element), None, _cards(element), 0, where, False))  # fmt: skip
            elif element.tag == "winner":
                amount = _amount(element, where)
                if element.get("uncalled") == "true":
                    draft.returned.append((who(element), amount, where))
                    continue
                pot = pots.setdefault(element.get("potnumber", "1"), len(pots))
                draft.collected.append((who(element), amount, pot))
    if draw is not None:
        draw.close()


def _stud_cards(
    stud: StudStreets,
    round_id: str,
    dealt: list[tuple[str, tuple[Card | None, ...]]],
    where: int,
) -> None:
    """A stud round's cards: each player's so far, the street's new card last; a player who has
    folded is written again with the cards he held, and is dealt nothing."""
    street = _STUD_STREETS.get(round_id)
    if street is None:
        return
    if street != stud.street:
        stud.open(street, where)
    for name, cards in dealt:
        if name not in stud.out and name not in stud.dealt and len(cards) >= street:
            stud.deal(name, cards, where)


def _draw(
    draw: DrawRounds,
    element: ElementTree.Element,
    name: str,
    held: dict[str, tuple[Card | None, ...]],
    drawn: dict[str, tuple[Card | None, ...]],
    where: int,
) -> None:
    """A ``DRAW`` event (``text`` the count thrown away): the saver's cards thrown and drawn are
    the ones his hand before and after the draw do not share."""
    count = element.get("text", "")
    if not count.isdigit() or int(count) > draw.holes:
        raise HandHistoryError(f"a draw of {shorten(repr(count))} cards", line=where)
    thrown: tuple[Card | None, ...] = (None,) * int(count)
    before, after = held.get(name), drawn.get(name)
    if before is None or after is None:
        draw.draw(name, thrown, where)
        return
    thrown = tuple(card for card in before if card not in after)
    new = tuple(card for card in after if card not in before)
    if len(thrown) != int(count) or len(new) != len(thrown):
        raise HandHistoryError(
            f"{shorten(name)} draws {count} cards and is written {len(new)} new ones", line=where
        )
    held[name] = after
    draw.draw(name, thrown, where, new)


def _event(
    draft: HandDraft,
    bets: RoundBets,
    element: ElementTree.Element,
    who: Callable[[ElementTree.Element], str],
    big: list[Decimal],
    where: int,
    stud: StudStreets | None = None,
) -> None:
    kind = element.get("type", "")
    if kind in _IDLE or kind in ("SHOW", "MUCK", "DRAW"):
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
    if kind == "BRING_IN":
        draft.bring_in = _amount(element, where)
        bets.add(name, draft.bring_in)
        draft.actions.append(("bring-in", name, None, (), 0, where, False))
    elif kind == "FOLD":
        if stud is not None:
            stud.fold(name)
        draft.actions.append(("fold", name, None, (), 0, where, False))
    elif kind == "CHECK":
        draft.actions.append(("check-call", name, Decimal(0), (), 0, where, False))
    elif kind == "CALL":
        amount = _amount(element, where)
        bets.add(name, amount)
        draft.actions.append(("check-call", name, amount, (), 0, where, False))
    elif kind == "BET":
        draft.actions.append(("bet-raise", name, bets.add(name, _amount(element, where)), (), 0, where, False))  # fmt: skip
    elif kind in ("RAISE", "COMPLETE"):  # the round's total; a completion's, the small bet
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
    description = Described("description")

    def read(element: ElementTree.Element, number: int, where: int) -> HandHistory:
        draft = HandDraft(str(path), number, where, site="Merge", source_format="merge")
        return parse_merge(element, description.attributes, draft, where)

    return xml_hands(path, frozenset({"description", "game"}), read, context=description)


FORMAT: Final = SiteFormat("merge", "Merge Network", sniff, read_merge)
