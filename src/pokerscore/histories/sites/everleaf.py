"""Everleaf Gaming hand histories (text, many hands a file): hold'em, Omaha and Omaha hi/lo, cash
games (dollars, euros) and tournaments (chips).

Each hand starts ``Everleaf Gaming Game #n`` then ``***** Hand history for game #n *****``, a
``Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:15`` line (no time zone: the time is kept
without an offset), the table, the button's seat and the seats (``new player`` seats are not
dealt in; a player who "sits out" posts and acts nothing, and so is not dealt in either). Every
amount is the chips the action adds (``raises [$ 0.25 USD]`` after a small blind of 0.05 is a
raise to 0.30), turned into "raise to" here. The site writes no uncalled bet, total pot or rake:
what it paid is the ``wins … from main pot`` / ``side pot`` lines (hi/lo: ``wins high ($ 1.71
USD)`` and ``wins low ($0.85)``), after rake; the replay checks them.

Seven-card stud (``€0.05/€0.10 7 Card Stud``: fixed limit, the stakes the small and big bets;
stud hi/lo and razz read by PokerStars' names, not in the shared sample) is read with the stud
helpers (:class:`~pokerscore.histories.draft.Dealing`): ``** Dealing down cards **``, ``** Dealing
4th Street **`` … ``** Dealing River **`` open the streets, ``Dealt to X [ Ah ].`` writes the
others' up card alone (their down cards unseen) and the saver's three, then each new card
(seventh street's for the saver only); ``posts bring-in €0.02.`` is the bring-in, ``completes to
€0.05.`` the completion's total; the lowest card completing with no bring-in line (``bets``)
leaves the hand's bring-in unwritten (0). A hand that writes no cards dealt, or bets the big bet
on fourth street (an open pair's double bet, which the replay does not take), is refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import (
    STUD_GAMES,
    Dealing,
    HandDraft,
    money,
    refuse_double_bets,
    site_cards,
)
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import GAMES
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    BETTING_ABBREVIATIONS,
    BRACKETED_SEAT,
    BUTTON_SEAT,
    DEALING_BOARD,
    PLAY_VERBS,
    RoundBets,
    add_action,
    finished_hand,
    seat_number,
)
from pokerscore.histories.sites.text import text_hands

_FIRST: Final = "Everleaf Gaming Game #"
_SECOND: Final = "***** Hand history for game #"
_HEADER: Final = re.compile(
    r"^(?:Blinds )?(?P<sb>[^/\s]+)/(?P<bb>\S+) (?:(?P<betting>NL|PL|FL|Limit) )?"
    r"(?P<game>.+?) - (?P<date>\d{4}/\d{2}/\d{2}) - (?P<time>\d{2}:\d{2}:\d{2})\s*$"
)
_GAMES: Final = {"Hold'em": ("T", "holdem"), "Omaha": ("O", "omaha"),
                 "Omaha Hi/Lo": ("O/8", "omaha-hi-lo")}  # fmt: skip
_STUD_NAMES: Final = ("7 Card Stud", "7 Card Stud Hi/Lo", "Razz")
"""Everleaf's stud games, named as PokerStars names them (its table of games,
:data:`~pokerscore.histories.pokerstars.GAMES`): fixed limit, the header's stakes the small and
big bets."""
_STUD_STREET: Final = re.compile(
    r"^\*\* Dealing (?:(?P<street>[4-6])th Street|(?P<river>River)|down cards) \*\*$"
)
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]\.?$")
_WINS: Final = re.compile(
    r"^(?P<name>.+?) wins +(?:(?P<part>high|low) \((?P<split>[^)]*)\)|(?P<amount>.+?)) "
    r"from (?P<pot>main pot|side pot(?: (?P<side>\d{1,4}))?)(?: with [^\[]*(?:\[(?P<best>[^\]]*)\])?.*)?$"
)
_VERB: Final = re.compile(
    r"^(?P<name>.+?):? (?P<verb>posts small blind|posts big blind|posts ante|posts bring-in"
    r"|completes to|folds|checks|calls|raises|bets|shows) ?(?P<rest>.*)$"
)
_UNITS: Final = re.compile(r"\b(?:USD|EURO|EUR|GBP|Chips|chips)\b")


def sniff(head: str) -> bool:
    """An Everleaf file: it starts with the hand's first line (or its second)."""
    return head.startswith((_FIRST, _SECOND))


def _amount(text: str) -> Decimal:
    """``[$ 0.35 USD]``, ``[ 60 Chips]``, ``€ 0.12 EURO``, ``1120 chips`` as an amount."""
    return money(_UNITS.sub("", text.strip().strip("[]")).replace(" ", ""))


def parse_everleaf(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``Everleaf Gaming Game #…``)."""
    draft = HandDraft(file, number, first_line, site="Everleaf", source_format="everleaf")
    bets = RoundBets()
    names: set[str] = set()
    first = lines[0].strip()
    draft.hand_id = first.removeprefix(_FIRST).removeprefix(_SECOND).rstrip("* ").strip()
    header_seen = False
    dealing: Dealing | None = None
    """A stud hand's streets (:class:`~pokerscore.histories.draft.StudStreets`); None elsewhere."""
    for offset, raw in enumerate(lines):
        line = raw.strip()
        where = first_line + offset
        if not line or line.startswith((_FIRST, _SECOND)):
            continue
        if not header_seen:
            _header(draft, line, where)
            header_seen = True
            dealing = Dealing(draft) if draft.game in STUD_GAMES else None
            continue
        if line.startswith("Table "):
            draft.table = line.removeprefix("Table ")
            continue
        button = BUTTON_SEAT.match(line)
        if button:
            draft.button = int(button.group("seat"))
            continue
        seat = BRACKETED_SEAT.match(line)
        if seat and not draft.actions:
            _seat(draft, seat, names, where)
            continue
        if dealing is not None and dealing.stud is not None and line.startswith("** Dealing"):
            street = _STUD_STREET.match(line)
            if street is None:
                raise HandHistoryError(f"cannot read {shorten(repr(line))}", line=where)
            dealing.stud.open(7 if street["river"] else int(street["street"] or 3), where)
            bets.new_round()
            continue
        if line.startswith("** Dealing down cards"):
            continue
        if line.startswith("** Dealing"):
            board = DEALING_BOARD.match(line)
            if board is None:
                raise HandHistoryError(f"cannot read {shorten(repr(line))}", line=where)
            bets.new_round()
            draft.actions.append(("deal-board", None, None, _cards(board.group("cards")), 0, where, False))  # fmt: skip
            continue
        if line.startswith("Dealt to "):
            dealt = _DEALT.match(line)
            if dealt and dealt.group("name") in names and dealing is not None:
                dealing.deal(dealt.group("name"), _cards(dealt.group("cards")), where)
            elif dealt and dealt.group("name") in names:
                draft.actions.append(("deal-hole", dealt.group("name"), None, _cards(dealt.group("cards")), 0, where, False))  # fmt: skip
            continue
        wins = _WINS.match(line)
        if wins and wins.group("name") in names:
            _wins(draft, wins, where)
            continue
        verb = _VERB.match(line)
        if verb and verb.group("name") in names:
            if dealing is not None:
                dealing.before_move(where)
                if verb.group("verb") == "folds" and dealing.stud is not None:
                    dealing.stud.fold(verb.group("name"))
            _act(draft, bets, verb.group("name"), verb.group("verb"), verb.group("rest"), where)
            continue
        if line.endswith(" does not show cards") and line[: -len(" does not show cards")] in names:
            draft.actions.append(("muck", line[: -len(" does not show cards")], None, (), 0, where, False))  # fmt: skip
        # anything else is the table's news: joins, sitting out, disconnections
    if not header_seen:
        raise HandHistoryError("a hand without its blinds and game line")
    winners = {name for name, *_ in draft.collected}
    # "does not show cards" is a muck for a loser; a winner who does not show wins unseen
    draft.actions = [a for a in draft.actions if a[0] != "muck" or a[1] not in winners]
    if dealing is not None and dealing.stud is not None:
        dealing.stud.close()
        refuse_double_bets(draft)
    return finished_hand(draft, returns_written=False)


def _header(draft: HandDraft, line: str, where: int) -> None:
    header = _HEADER.match(line)
    if header is None:
        raise HandHistoryError(f"no stakes and game in {shorten(repr(line))}", line=where)
    game = header.group("game")
    if game not in _GAMES and game not in _STUD_NAMES:
        raise HandHistoryError(f"{shorten(game)} is not replayed here yet", line=where)
    letter, draft.game = _GAMES[game] if game in _GAMES else GAMES[game]
    betting = header.group("betting") or ("FL" if game in _STUD_NAMES else None)
    if betting is None:
        raise HandHistoryError(f"no betting (NL, PL, FL) in {shorten(repr(line))}", line=where)
    betting_letter, draft.betting = BETTING_ABBREVIATIONS[betting]
    draft.variant = betting_letter + letter
    small, big = header.group("sb"), header.group("bb")
    draft.small_blind, draft.big_blind = money(small), money(big)
    draft.currency = "USD" if "$" in big else "EUR" if "€" in big else None
    draft.time = header.group("date").replace("/", "-") + "T" + header.group("time")
    draft.fields = {"header": line}


def _seat(draft: HandDraft, seat: re.Match[str], names: set[str], where: int) -> None:
    number = seat_number(seat.group("seat"), where)
    stack = seat.group("stack")
    if stack == "new player":
        return
    name = seat.group("name")
    names.add(name)
    # listed as sitting out: build_hand deals in only the players who post or act
    draft.seats.append((number, name, _amount(stack), True))


def _cards(text: str) -> tuple[Card | None, ...]:
    return site_cards(text.replace(",", ""))


def _wins(draft: HandDraft, wins: re.Match[str], where: int) -> None:
    name = wins.group("name")
    amount = _amount(wins.group("split") or wins.group("amount"))
    pot = 0 if wins.group("pot") == "main pot" else int(wins.group("side") or 1)
    draft.collected.append((name, amount, pot))
    if wins.group("best") and draft.game == "holdem":
        _winner_cards(draft, name, _cards(wins.group("best")), where)


def _winner_cards(draft: HandDraft, name: str, best: tuple[Card | None, ...], where: int) -> None:
    """A hold'em winner who did not show: the site names the five cards that won, and the two of
    them not on the board are the winner's (fewer than two: the cards stay unseen)."""
    board = {
        card for kind, _, _, cards, *_ in draft.actions if kind == "deal-board" for card in cards
    }
    if any(kind == "show" and who == name for kind, who, *_ in draft.actions):
        return
    hole = tuple(card for card in best if card not in board)
    if len(hole) == 2:
        draft.actions.append(("show", name, None, hole, 0, where, False))


def _act(draft: HandDraft, bets: RoundBets, name: str, verb: str, rest: str, where: int) -> None:
    if verb == "posts bring-in":  # stud: "posts bring-in €0.02."
        draft.bring_in = _amount(rest.rstrip("."))
        bets.add(name, draft.bring_in)
        draft.actions.append(("bring-in", name, None, (), 0, where, False))
    elif verb == "completes to":  # stud: "completes to €0.05.", the bet's total
        add_action(draft, bets, "raise-to", name, _amount(rest.rstrip(".")), where)
    elif verb.startswith("posts"):
        kind = {"posts small blind": "small", "posts big blind": "big"}.get(verb, "ante")
        amount = _amount(rest)
        if kind != "ante":
            bets.add(name, amount)
        draft.posts.append((name, kind, amount, where))
    elif verb in ("folds", "checks"):
        add_action(draft, bets, PLAY_VERBS[verb], name, None, where)
    elif verb in ("calls", "bets", "raises"):  # a raise too is the chips it adds
        add_action(draft, bets, PLAY_VERBS[verb], name, _amount(rest), where)
    else:  # shows [ 9c, Ac ] a pair of queens
        cards = rest[rest.find("[") + 1 : rest.find("]")] if "[" in rest and "]" in rest else ""
        draft.actions.append(("show", name, None, _cards(cards), 0, where, False))


def starts_hand() -> Callable[[str], bool]:
    """A hand starts at its ``Everleaf Gaming Game #`` line, or at the ``***** Hand history``
    line where the first is missing."""
    previous = [""]

    def starts(line: str) -> bool:
        begins = line.startswith(_FIRST) or (
            line.startswith(_SECOND) and not previous[0].startswith(_FIRST)
        )
        previous[0] = line
        return begins

    return starts


def read_everleaf(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of an Everleaf file, streamed; a bad hand comes as its error."""
    return text_hands(path, starts_hand(), parse_everleaf)


FORMAT: Final = SiteFormat("everleaf", "Everleaf", sniff, read_everleaf)
