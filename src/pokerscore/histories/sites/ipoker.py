"""iPoker hand histories: the network's XML session files (``.xml``, often saved as ``.txt``),
cash games and tournaments, hold'em, Omaha (4 and 5 cards), Omaha hi/lo, Six Plus hold'em and
seven-card stud.

A file holds one ``<session>`` or several one after another; each has a ``<general>`` part
(``<gametype>Holdem NL €0.01/€0.02</gametype>``, ``<currency>``, ``<nickname>`` the hero,
``<tablename>``, in tournaments ``<tournamentname>`` / ``<tournamentcode>``) and one
``<game gamecode="n">`` per hand: its players (``seat``, ``name``, ``chips`` the stack at the
start, ``dealer="1"`` the button, ``bet`` all the player put in, ``win`` what the site paid) and
its rounds (``<round no="0">`` the posts, ``1`` the deal and the first betting round, ``2``-``4``
flop, turn and river), each with ``<cards>`` (suit then rank: ``HA``, ``C10``, ``X`` unseen) and
``<action no= type= sum= player=>``. The actions are listed out of order: ``no`` orders them.

The action codes, as the files use them:

=====  ==================================  ==============================================
type   meaning                             ``sum``
=====  ==================================  ==============================================
0      fold                                0
1      posts the small blind               the blind
2      posts the big blind                 the blind
3      call                                the chips added (an increment)
4      check                               0
5      bet                                 the bet
7      all-in                              the chips added (a call or a raise)
8      sits out (not dealt in)             0
9      sits out during the deal            0
15     posts an ante                       the ante (stud)
16     brings in (stud)                    the bring-in
23     raise                               the player's whole bet this round ("raise to")
=====  ==================================  ==============================================

Stud (``<gametype>7 Card Stud L $0.05/$0.10</gametype>``: fixed limit, the stakes the small and
big bets; :data:`STUD_NAMES`): ``<round no="2">`` deals third street, the next ones fourth to
seventh (``Third Street`` … ``River`` cards, each player's new ones; ``X X H6`` two unseen, a
player who shows down written in full), read with
:class:`~pokerscore.histories.draft.StudStreets`; the seats in their order (no button); the
showdown, unwritten, taken from the cards: a player still in whose every card is written shows,
the others muck. A hand that bets the big bet on fourth street (an open pair's double bet, which
the replay does not take) is refused.

The site's totals checked by the replay: ``win`` per player (what was paid) and the stacks at
the end (``chips`` - ``bet`` + ``win``). A bet nobody called: files of clients that write
``<uncalled_bet_enabled>true`` leave it out of ``win`` (and keep it in ``bet``); older ones
pay it back inside ``win``. Either way the reader names it as returned (the part of the last
round's largest bet nobody matched), the replay checks that against its own, and it is taken
out of ``win`` where ``win`` holds it. There is no rake line: what the pot lacks from the
payouts is the rake, within the replay's limit.

Amounts carry the table's currency sign and, in some clients, comma decimals (``€301,49``).
Files declare UTF-8 but are often Windows code page 1252 (``€`` as one byte): each line is
decoded as its client wrote it and streamed as every XML site's is
(:mod:`~pokerscore.histories.sites.markup`: the file is never read whole, each hand is dropped
once read, a hand past the one limit of every reader is a bad hand, a file with a DOCTYPE or an
entity declaration is refused, never expanded), each session a document of its own. Times are
as written, in no time zone the file names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Final
from xml.etree.ElementTree import Element, ParseError, fromstring

from pokerscore.cards import Card
from pokerscore.histories.draft import (
    STUD_GAMES,
    HandDraft,
    StudStreets,
    build_hand,
    refuse_double_bets,
    site_cards,
)
from pokerscore.histories.model import MAX_SEAT, HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import GAMES
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    BETTING_ABBREVIATIONS,
    RoundBets,
    add_action,
    localised_amount,
)
from pokerscore.histories.sites.markup import xml_hands
from pokerscore.histories.sites.text import decode_line, long_hand_error

NAME: Final = "ipoker"
_GAMETYPE: Final = re.compile(
    r"^(?P<game>.*?)\s*\b(?P<betting>NL|PL|FL|L)\b(?:\s+(?P<sb>\S+)/(?P<bb>\S+))?\s*$"
)
GAME_NAMES: Final = {
    "Holdem": "Hold'em",
    "Texas Holdem": "Hold'em",
    "Six Plus Holdem": "6+ Hold'em",
    "Omaha": "Omaha",
    "Omaha Hi-Lo": "Omaha Hi/Lo",
    "Omaha HiLo": "Omaha Hi/Lo",
    "Omaha Hi Lo": "Omaha Hi/Lo",
}
"""iPoker's game names, as the PokerStars reader's (:data:`~pokerscore.histories.pokerstars.GAMES`):
this reader's and its compiled reader's (``_ipoker_kernels``) one table."""
STUD_NAMES: Final = {
    "7 Card Stud": "7 Card Stud",
    "7 Card Stud Hi-Lo": "7 Card Stud Hi/Lo",
    "7 Card Stud HiLow": "7 Card Stud Hi/Lo",
}
"""iPoker's stud games, as the PokerStars reader names them: this reader's alone (the compiled
reader leaves every hand dealt by streets to it). The shared sample holds seven-card stud only;
the hi/lo names are those public converters read (fpdb's iPoker reader)."""
_STUD_ROUNDS: Final = 2
"""A stud hand's round that deals third street (``<round no="2">``; the next ones deal fourth
street to seventh, ``River``)."""
_MONTHS: Final = {
    name: f"{number:02d}"
    for number, name in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
    )
}
_DATES: Final = (
    re.compile(r"^(?P<y>\d{4})[/-](?P<m>\d\d)[/-](?P<d>\d\d) (?P<t>\d\d:\d\d:\d\d)$"),
    re.compile(r"^(?P<d>\d\d)-(?P<mon>[A-Z][a-z]{2})-(?P<y>\d{4}) (?P<t>\d\d:\d\d:\d\d)$"),
)
_SESSION: Final = re.compile(r"<session[\s>/]")
"""Where a session starts: a document of its own."""


def sniff(head: str) -> bool:
    """An iPoker file: an XML ``<session sessioncode=…>`` with a ``<gametype>`` or a
    ``<game gamecode=…>``."""
    return _SESSION.search(head) is not None and ("<gametype>" in head or "<game gamecode" in head)


class _Session:
    """What a session's ``<general>`` part says of every hand in it."""

    def __init__(self) -> None:
        self.gametype = ""
        self.currency: str | None = None
        self.table: str | None = None
        self.tournament: str | None = None
        self.real = True
        self.uncalled_apart = False

    def general(self, element: Element) -> None:
        def text(tag: str) -> str:
            return (element.findtext(tag) or "").strip()

        self.gametype = text("gametype")
        self.currency = text("currency") or text("tablecurrency") or None
        self.table = text("tablename").rpartition(",")[0].strip() or text("tablename") or None
        self.tournament = text("tournamentcode") or text("tournamentname") or None
        self.real = text("mode") != "play"
        self.uncalled_apart = text("uncalled_bet_enabled").lower() == "true"


def read_ipoker(path: Path | str) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of an iPoker file, streamed; a bad hand comes as its error. Each ``<session``
    is a document of its own (:func:`~pokerscore.histories.sites.markup.xml_hands`): broken
    XML gives up the rest of its session only."""
    path = Path(path)
    session = _Session()

    def fresh() -> None:
        nonlocal session
        session = _Session()

    def context(element: Element) -> bool:
        if element.tag != "general":
            return False
        session.general(element)
        return True

    def read(game: Element, number: int, line: int) -> HandHistory:
        return _hand(game, session, str(path), number, line)

    tags = frozenset({"general", "game"})
    return xml_hands(path, tags, read, context=context, document=_SESSION, fresh=fresh)


def read_game(
    game: bytes, general: bytes | None, file: str, number: int, line: int, *, long: bool = False
) -> HandHistory | HandHistoryError:
    """A hand the compiled reader (``_ipoker_kernels``) left, read from its own bytes as
    :func:`read_ipoker` reads it in its file: ``game`` the ``<game>`` element, ``general`` its
    session's ``<general>`` (None where the session has none), the hand's number and the line
    its start tag ends on; ``long``: longer than the one limit of every reader. The compiled
    reader's index took the file's XML as well-formed, each line decoded as its client wrote it
    (:func:`~pokerscore.histories.sites.text.decode_line`)."""
    if long:
        return long_hand_error(file, number, line)
    session = _Session()
    try:
        if general is not None:
            session.general(fromstring(_decoded(general)))
        element = fromstring(_decoded(game))
    except ParseError as error:  # not met: the index reads only well-formed elements
        return HandHistoryError(f"not well-formed XML ({error})", file=file, hand=number, line=line)
    try:
        return _hand(element, session, file, number, line)
    except HandHistoryError as error:
        return error.located(file, number, line)


def _decoded(data: bytes) -> str:
    """An element's bytes as :func:`read_ipoker` decodes them, line by line."""
    return "\n".join(decode_line(piece).rstrip("\r") for piece in data.split(b"\n"))


def _cards(text: str) -> tuple[Card | None, ...]:
    """Cards as iPoker writes them, suit then rank (``HA C10``), ``X`` for an unseen one."""
    named = []
    for token in text.split():
        if token.upper() == "X":
            named.append("??")
        else:
            named.append(token[1:].replace("10", "T") + token[0].lower())
    return site_cards(" ".join(named))


def _is_board(cards: Element) -> bool:
    """A board's cards (``Flop``, ``Turn``; a ``River`` without a player: stud's is dealt to
    each player)."""
    kind = cards.get("type", "")
    return kind in ("Flop", "Turn") or (kind == "River" and not cards.get("player"))


def _when(text: str) -> str | None:
    for pattern in _DATES:
        found = pattern.match(text.strip())
        if found is not None:
            groups = found.groupdict()
            month = groups.get("m") or _MONTHS.get(groups.get("mon") or "", "")
            if month:
                return f"{found.group('y')}-{month}-{found.group('d')}T{found.group('t')}"
    return None


def _hand(game: Element, session: _Session, file: str, number: int, line: int) -> HandHistory:
    draft = HandDraft(file, number, line, site="iPoker", source_format=NAME)
    draft.hand_id = game.get("gamecode", "")
    draft.table = session.table
    draft.tournament = session.tournament
    draft.currency = session.currency if session.real and session.tournament is None else None
    draft.time = _when(game.findtext("general/startdate") or "")
    draft.fields = {"gametype": session.gametype}
    pockets = [c for c in game.iter("cards") if c.get("type") == "Pocket"]
    gametype = _GAMETYPE.match(session.gametype)
    game_name = gametype.group("game").strip() if gametype else ""
    streets = any(c.get("type", "").endswith("Street") for c in game.iter("cards"))
    if streets and game_name not in STUD_NAMES:
        raise HandHistoryError(f"{game_name or 'Stud'} is not replayed here yet")
    if game_name in STUD_NAMES and (pockets or any(_is_board(c) for c in game.iter("cards"))):
        raise HandHistoryError(f"a {game_name} hand deals no pocket cards or board")
    if gametype is None:
        raise HandHistoryError(f"unknown game {session.gametype[:60]!r}")
    dealt = max((len((c.text or "").split()) for c in pockets), default=2)
    if not game_name:  # "PL €2/€4": the game told by the cards dealt
        game_name = {2: "Holdem", 4: "Omaha", 5: "Omaha"}.get(dealt, "")
    stars_name = STUD_NAMES.get(game_name) or GAME_NAMES.get(game_name)
    if stars_name == "Omaha" and dealt == 5:
        stars_name = "5 Card Omaha"
    if stars_name is None or stars_name not in GAMES:
        raise HandHistoryError(f"{session.gametype[:60]!r} is not replayed here yet")
    letter, draft.game = GAMES[stars_name]
    betting_letter, draft.betting = BETTING_ABBREVIATIONS[gametype.group("betting")]
    draft.variant = betting_letter + letter
    if gametype.group("sb"):
        draft.small_blind = localised_amount(gametype.group("sb"))
        draft.big_blind = localised_amount(gametype.group("bb"))
    stud = StudStreets(draft) if draft.game in STUD_GAMES else None
    if stud is not None and not draft.big_blind:
        raise HandHistoryError(
            f"no stakes in {session.gametype[:60]!r}: a stud hand's small and big bets"
        )
    players = game.findall("general/players/player")
    out: set[str] = set()
    bets_said: dict[str, Decimal] = {}
    wins: dict[str, Decimal] = {}
    stacks: dict[str, Decimal] = {}
    for player in players:
        name = player.get("name", "")
        if not name:
            continue  # an empty seat
        seat = int(player.get("seat", "0") or 0)
        if not 0 < seat <= MAX_SEAT:
            raise HandHistoryError(f"seat numbers run from 1 to {MAX_SEAT}")
        stacks[name] = localised_amount(player.get("chips", ""))
        bets_said[name] = localised_amount(player.get("bet", "0") or "0")
        wins[name] = localised_amount(player.get("win", "0") or "0")
        if player.get("dealer") == "1" and stud is None:  # a stud table: the seats in order
            draft.button = seat
        draft.seats.append((seat, name, stacks[name], False))
    names = set(stacks)
    with_cards = {c.get("player", "") for c in pockets}
    bets = RoundBets()
    unmatched: tuple[str, Decimal] | None = None
    for round_element in sorted(game.findall("round"), key=lambda r: int(r.get("no", "0"))):
        round_number = int(round_element.get("no", "0"))
        if round_number >= 2:
            if bets.bets:
                unmatched = bets.unmatched()
            bets.new_round()
        if stud is not None and round_number >= _STUD_ROUNDS:
            stud.open(round_number + 3 - _STUD_ROUNDS, line)
        for cards in round_element.findall("cards"):
            kind = cards.get("type", "")
            if stud is not None and round_number >= _STUD_ROUNDS:  # "X X H6": two unseen
                who = cards.get("player", "")
                if who in names:
                    stud.deal(who, _cards(cards.text or ""), line)
            elif kind == "Pocket":
                hole = _cards(cards.text or "")
                who = cards.get("player", "")
                if who in names and hole and all(card is not None for card in hole):
                    draft.actions.append(("deal-hole", who, None, hole, 0, line, False))
            elif _is_board(cards):
                board = _cards(cards.text or "")
                draft.actions.append(("deal-board", None, None, board, 0, line, False))
        for action in sorted(
            round_element.findall("action"), key=lambda a: int(a.get("no", "0") or 0)
        ):
            if stud is not None:
                stud.finish(line)
                if action.get("type") == "0":
                    stud.fold(action.get("player", ""))
            _act(draft, bets, names, out, action, line)
    if bets.bets:
        unmatched = bets.unmatched()
    dealt_in = (with_cards | {name for name, *_ in draft.posts}) - out
    draft.seats = [(s, n, stack, n not in dealt_in) for s, n, stack, _ in draft.seats]
    if not draft.big_blind:  # a tournament's gametype has no stakes: the posts say
        blinds = [amount for _, kind, amount, _ in draft.posts if kind in ("small", "big")]
        draft.small_blind, draft.big_blind = min(blinds, default=Decimal(0)), max(blinds, default=Decimal(0))  # fmt: skip
        if draft.betting == "fixed-limit":  # the stakes are the bets: the big blind, twice it
            draft.small_blind, draft.big_blind = draft.big_blind, 2 * draft.big_blind
    back, returned = unmatched if unmatched is not None else ("", Decimal(0))
    if returned:
        draft.returned.append((back, returned, line))
    for name in stacks:
        if name not in dealt_in:
            continue
        paid = wins[name]
        if name == back and not session.uncalled_apart:
            paid -= min(returned, paid)  # the site paid the returned bet back inside "win"
        if paid:
            draft.collected.append((name, paid, 0))
    if stud is not None:
        stud.close()
        refuse_double_bets(draft)
        _stud_showdown(draft, stud, line)
    hand = build_hand(draft)
    index = {seat.name: i for i, seat in enumerate(hand.seats)}
    finishing = [0] * len(hand.seats)
    for name, i in index.items():
        back_in = returned if name == back and session.uncalled_apart else Decimal(0)
        end = stacks[name] - bets_said[name] + back_in + wins[name]
        finishing[i] = round(end * hand.scale)
    return replace(hand, finishing_stacks=tuple(finishing))


def _stud_showdown(draft: HandDraft, stud: StudStreets, line: int) -> None:
    """A stud showdown, which iPoker writes only as the cards it deals (a player who shows
    down has every card written, from third street on): each player still in shows where all
    their cards are known, else mucks, so that the hand says who showed (PHH's ``sm``)."""
    left = [name for name in stud.players if name not in stud.out]
    if len(left) < 2:
        return
    known = {name: True for name in left}
    for kind, name, _, cards, *_ in draft.actions:
        if kind == "deal-hole" and name in known:
            known[name] = known[name] and all(card is not None for card in cards)
    shows = [name for name in left if known[name]]
    for name in shows + [name for name in left if not known[name]]:
        kind = "show" if known[name] else "muck"
        draft.actions.append((kind, name, None, (), 0, line, False))


def _act(
    draft: HandDraft,
    bets: RoundBets,
    names: set[str],
    out: set[str],
    action: Element,
    line: int,
) -> None:
    who = action.get("player", "")
    kind = action.get("type", "")
    if who not in names:
        raise HandHistoryError(f"action {action.get('no')}: {who[:40]!r} is not seated")
    amount = localised_amount(action.get("sum") or "0")
    if kind in ("8", "9"):
        out.add(who)
    elif kind == "1":
        draft.posts.append((who, "small", amount, line))
        bets.add(who, amount)
    elif kind == "2":  # more than the big blind: a dead small blind with it
        both = bool(draft.big_blind) and amount > draft.big_blind
        draft.posts.append((who, "both" if both else "big", amount, line))
        bets.add(who, min(amount, draft.big_blind) if both else amount)
    elif kind == "15":
        draft.posts.append((who, "ante", amount, line))
    elif kind == "16":  # stud's bring-in
        draft.bring_in = amount
        bets.add(who, amount)
        draft.actions.append(("bring-in", who, None, (), 0, line, False))
    elif kind == "23":
        bets.set(who, amount)
        draft.actions.append(("bet-raise", who, amount, (), 0, line, False))
    elif kind in ("0", "3", "4", "5", "7"):
        verb = {"0": "fold", "3": "call", "4": "check", "5": "bet", "7": "all-in"}[kind]
        add_action(draft, bets, verb, who, amount, line)
    else:
        raise HandHistoryError(f"action {action.get('no')}: unknown action type {kind[:10]!r}")


FORMAT: Final = SiteFormat(NAME, "iPoker", sniff, read_ipoker)
