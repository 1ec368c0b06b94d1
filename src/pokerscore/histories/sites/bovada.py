"""Bovada, Bodog and Ignition hand histories: cash games and tournaments, hold'em, Omaha and
Omaha hi/lo, as the client saves them.

A hand starts ``Bovada Hand #n TBL#m HOLDEM No Limit - 2012-09-02 13:23:36`` (or ``Bodog``,
``Ignition``; tournaments ``Ignition Hand #n: HOLDEM Tournament #t TBL#m, Turbo- Level 1
(10/20) - …``). The seats are anonymous: each player is named by their position in the hand
(``Dealer``, ``Small Blind``, ``Big Blind``, ``UTG``, ``UTG+1`` …), which changes every hand,
and the file's own player is marked ``[ME]``. The rows name that player ``Hero`` and every
other by the position the hand gives them; a tournament's seat numbers (``Seat 208``) are
table ids, so the seats are numbered here in the order of play (small blind first, the dealer
last), which is the order the positions name.

Amounts: cash games in dollars with thousands separators (``$2,700``), tournaments in chips.
Raises are totals (``Raises $0.50 to $0.50``; the older ``Raises $22`` and
``All-in(raise) $124`` give the total alone), calls and a plain ``All-in $2.83`` are increments.
Posts: ``Ante/Small Blind``, ``Big blind/Bring in``, ``Small blind``, ``Big blind``, ``Ante chip``,
``Posts chip`` (a live big blind of a player who joins) and ``Posts dead chip`` (a dead small
blind with a live big blind). Every dealt player's cards are written (``Card dealt to a spot``);
a player dealt no cards sits out. The site's record: ``Return uncalled portion of bet``, each
player's ``Hand result`` (what was paid, after rake; ``Hand result-Side pot``), and
``Total Pot($1.60) | Rake ($0.08)``. No limit for hold'em and pot limit for Omaha where a
tournament's header names no betting. Times as written, in no time zone the file names. Stud
games (``7CARD``) are refused ("not replayed here yet").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, build_hand, site_cards
from pokerscore.histories.model import Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import RoundBets, add_action, localised_amount
from pokerscore.histories.sites.text import text_hands

NAME: Final = "bovada"
HERO: Final = "Hero"
"""The name the rows give the file's own player (``[ME]``)."""
_HEADER: Final = re.compile(
    r"^(?P<site>Bovada|Bodog|Ignition) Hand #(?P<id>\d+):? (?P<rest>.*?)"
    r" - (?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\s*$"
)
_SEAT: Final = re.compile(r"^Seat (?P<seat>\d{1,6}): (?P<name>.+?) \((?P<stack>[^()]*) in chips\)")
_STREET: Final = re.compile(
    r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]\s*$"
)
_LEVEL: Final = re.compile(r"Level \d+ \((?P<sb>[0-9,.]+)/(?P<bb>[0-9,.]+)\)")
_TOTAL: Final = re.compile(r"^Total Pot\((?P<total>[^)]*)\)(?: \| Rake \((?P<rake>[^)]*)\))?")
_RAISE: Final = re.compile(r"^(?P<first>\S+)(?: to (?P<to>\S+))?$")
_BETTINGS: Final[dict[str, tuple[str, Betting]]] = {
    "No Limit": ("N", "no-limit"),
    "Pot Limit": ("P", "pot-limit"),
    "Fixed Limit": ("F", "fixed-limit"),
}
_POSTS: Final = (
    ("Ante/Small Blind ", "small"),
    ("Ante/Small blind ", "small"),
    ("Small blind ", "small"),
    ("Small Blind ", "small"),
    ("Big blind/Bring in ", "big"),
    ("Big blind ", "big"),
    ("Posts chip ", "big"),
    ("Posts dead chip ", "both"),
    ("Ante chip ", "ante"),
)
_MOVES: Final = {
    "Checks": "check",
    "Calls": "call",
    "Call": "call",
    "Bets": "bet",
    "Bet": "bet",
    "All-in": "all-in",
    "Raises": "bet-raise",
    "All-in(raise)": "bet-raise",
}
"""The moves by their first word (the rest of the line is the amount)."""
_NOTICES: Final = (
    "Set dealer",
    "Sitout",
    "Sit out",
    "Seat sit out",
    "Seat stand",
    "Stand",
    "Seat sit down",
    "Table enter user",
    "Table leave user",
    "Table deposit",
    "Draw for dealer",
    "Seat re-join",
    "Re-join",
    "Ranking",
    "Does not show",
    "Leave",
    "Enter",
)


_TOURNAMENT_ID: Final = re.compile(r"Tournament #(\d+)")
_TABLE_ID: Final = re.compile(r"TBL#(\d+)")


def sniff(head: str) -> bool:
    """A Bovada, Bodog or Ignition file: it starts ``Bovada Hand #``, ``Bodog Hand #`` or
    ``Ignition Hand #``."""
    return _HEADER.match(head.split("\n", 1)[0]) is not None


def _starts_hand(line: str) -> bool:
    return line.lstrip("\ufeff").startswith(("Bovada Hand #", "Bodog Hand #", "Ignition Hand #"))


def read_bovada(path: Path | str) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Bovada, Bodog or Ignition file, streamed; a bad hand comes as its
    error."""
    return text_hands(Path(path), _starts_hand, parse_bovada)


def position_order(position: str) -> int:
    """Where a position acts first before the flop's betting order starts again: the small
    blind 1, the big blind 2, ``UTG`` 3, ``UTG+n`` 3 + n, the dealer last.

    >>> sorted(["Dealer", "UTG+1", "Big Blind", "UTG", "Small Blind"], key=position_order)
    ['Small Blind', 'Big Blind', 'UTG', 'UTG+1', 'Dealer']
    """
    if position == "Small Blind":
        return 1
    if position == "Big Blind":
        return 2
    if position == "UTG":
        return 3
    if position.startswith("UTG+") and position[4:].isdigit() and len(position) < 8:
        return 3 + int(position[4:])
    if position == "Dealer":
        return 100
    raise HandHistoryError(f"{position[:40]!r} is not a position")


def _player(text: str) -> str:
    """The name the rows give the one a line speaks of: ``Hero`` for ``[ME]``, else the
    position."""
    if "[ME]" in text:
        return HERO
    return " ".join(text.split())


def parse_bovada(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One Bovada hand from its lines."""
    header = _HEADER.match(lines[0].lstrip("\ufeff").rstrip())
    if header is None:
        raise HandHistoryError("not a Bovada hand: no 'Bovada Hand #' header")
    draft = HandDraft(file, number, first_line, site=header.group("site"), source_format=NAME)
    draft.hand_id = header.group("id")
    draft.time = header.group("date").replace(" ", "T")
    rest = header.group("rest")
    draft.fields = {"header": lines[0].lstrip("\ufeff").strip()}
    _game(draft, rest)
    positions: dict[str, str] = {}
    stacks: dict[str, Decimal] = {}
    bets = RoundBets()
    dealt: set[str] = set()
    unmatched: tuple[str, Decimal] | None = None
    summary = False
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        line_number = first_line + offset
        if not line:
            continue
        if summary:
            if (total := _TOTAL.match(line)) is not None:
                draft.total = localised_amount(total.group("total"))
                if total.group("rake"):
                    draft.rake = localised_amount(total.group("rake"))
            elif line.startswith("Board ["):
                _summary_board(draft, site_cards(line[len("Board ") :].strip("[] ")), line_number)
            continue
        if line.startswith("Seat ") and (seat := _SEAT.match(line)) is not None:
            name = _player(seat.group("name"))
            position = " ".join(seat.group("name").replace("[ME]", "").split())
            position_order(position)  # a position, or the hand is refused
            positions[name] = position
            stacks[name] = localised_amount(seat.group("stack"))
            continue
        if line.startswith("*** "):
            if line.startswith("*** SUMMARY"):
                summary = True
            elif (street := _STREET.match(line)) is not None:
                if bets.bets:
                    unmatched = bets.unmatched()
                bets.new_round()
                cards = site_cards(street.group("cards"))
                draft.actions.append(("deal-board", None, None, cards, 0, line_number, False))
            elif not line.startswith("*** HOLE CARDS"):
                raise HandHistoryError(f"line {line_number}: unknown section {line[:60]!r}")
            continue
        who, separator, words = line.partition(" : ")
        if not separator:
            raise HandHistoryError(f"line {line_number}: cannot read {line[:60]!r}")
        name = _player(who)
        if name not in stacks:
            raise HandHistoryError(f"line {line_number}: {who[:40]!r} has no seat")
        _line(draft, bets, name, words.strip(), line_number, dealt)
    if bets.bets:
        unmatched = bets.unmatched()
    _unwritten_return(draft, unmatched)
    seats = sorted(positions.items(), key=lambda item: position_order(item[1]))
    draft.seats = [
        (index, name, stacks[name], name not in dealt) for index, (name, _) in enumerate(seats, 1)
    ]
    draft.button = next(
        (index for index, (_, position) in enumerate(seats, 1) if position == "Dealer"), 0
    )
    if not draft.small_blind:  # a cash game's header has no stakes: the posts say
        if not draft.big_blind:
            raise HandHistoryError("no big blind posted and none in the header: no stakes")
        posted = {kind: amount for _, kind, amount, _ in draft.posts}
        draft.small_blind = posted.get("small", draft.big_blind / 2)
    return build_hand(draft)


def _unwritten_return(draft: HandDraft, unmatched: tuple[str, Decimal] | None) -> None:
    """A bet nobody matched that the file does not say it returned (the big blind's in a walk):
    named as returned, and taken out of the player's result and the total pot the site writes,
    which both hold it."""
    if unmatched is None or any(name == unmatched[0] for name, _, _ in draft.returned):
        return
    name, amount = unmatched
    draft.returned.append((name, amount, draft.line))
    for index, (winner, paid, pot) in enumerate(draft.collected):
        if winner == name and paid >= amount:
            draft.collected[index] = (winner, paid - amount, pot)
            if draft.total is not None:
                draft.total -= amount
            break


def _summary_board(draft: HandDraft, board: tuple[Card | None, ...], number: int) -> None:
    """The board the summary shows, where the hand did not deal it street by street (all in
    before the flop): dealt before the showdown, as flop, turn and river."""
    known = sum(len(a[3]) for a in draft.actions if a[0] == "deal-board")
    if len(board) <= known:
        return
    at = next(
        (i for i, a in enumerate(draft.actions) if a[0] in ("show", "muck")), len(draft.actions)
    )
    streets = [board[known:3], board[max(known, 3) : 4], board[max(known, 4) : 5]]
    dealt = [("deal-board", None, None, cards, 0, number, False) for cards in streets if cards]
    draft.actions[at:at] = dealt


def _game(draft: HandDraft, rest: str) -> None:
    words = rest.split()
    kind = next((word for word in words if word in ("HOLDEM", "OMAHA", "7CARD", "5CARD")), None)
    if kind in ("7CARD", "5CARD") or kind is None:
        name = {"7CARD": "7 Card Stud", "5CARD": "5 Card Stud"}.get(kind or "", rest[:40])
        raise HandHistoryError(f"{name} is not replayed here yet")
    hi_lo = "HiLo" in words
    betting = next((b for b in _BETTINGS if b in rest), "No Limit" if kind == "HOLDEM" else "Pot Limit")  # fmt: skip
    betting_letter, draft.betting = _BETTINGS[betting]
    if kind == "HOLDEM":
        letter, draft.game = "T", "holdem"
    elif hi_lo:
        letter, draft.game = "O/8", "omaha-hi-lo"
    else:
        letter, draft.game = "O", "omaha"
    draft.variant = betting_letter + letter
    tournament = _TOURNAMENT_ID.search(rest)
    table = _TABLE_ID.search(rest)
    draft.table = table.group(1) if table else None
    if tournament is not None:
        draft.tournament = tournament.group(1)
        if (level := _LEVEL.search(rest)) is not None:
            draft.small_blind = localised_amount(level.group("sb"))
            draft.big_blind = localised_amount(level.group("bb"))
    else:
        draft.currency = "USD"


def _line(
    draft: HandDraft,
    bets: RoundBets,
    name: str,
    words: str,
    number: int,
    dealt: set[str],
) -> None:
    # the moves first, by their first word: no other line's prefix starts with one of them
    verb, _, amount_text = words.partition(" ")
    kind = _MOVES.get(verb)
    if kind == "check":
        add_action(draft, bets, "check", name, None, number)
        return
    if kind == "bet-raise":
        found = _RAISE.match(amount_text)
        if found is None:
            raise HandHistoryError(f"line {number}: cannot read {words[:60]!r}")
        total = localised_amount(found.group("to") or found.group("first"))
        bets.set(name, total)
        draft.actions.append(("bet-raise", name, total, (), 0, number, verb != "Raises"))
        return
    if kind is not None:
        add_action(draft, bets, kind, name, localised_amount(amount_text), number)
        return
    if words.startswith("Card dealt to a spot"):
        cards = site_cards(words[len("Card dealt to a spot") :].strip(" []"))
        dealt.add(name)
        draft.actions.append(("deal-hole", name, None, cards, 0, number, False))
        return
    for prefix, kind in _POSTS:
        if words.startswith(prefix):
            amount = localised_amount(words[len(prefix) :])
            draft.posts.append((name, kind, amount, number))
            if kind == "big" and not draft.big_blind:  # a cash game: the stakes are posted
                draft.big_blind = amount
            if kind == "both":  # the big blind is live, the rest dead
                bets.add(name, min(amount, draft.big_blind))
            elif kind != "ante":
                bets.add(name, amount)
            return
    if words.startswith("Return uncalled portion of bet"):
        amount = localised_amount(words[len("Return uncalled portion of bet") :])
        draft.returned.append((name, amount, number))
        return
    if words.startswith(("Hand result", "Hand Result")):
        amount_text = words[len("Hand result") :]
        pot = 0
        if amount_text.startswith("-Side pot"):
            amount_text, pot = amount_text[len("-Side pot") :], 1
        draft.collected.append((name, localised_amount(amount_text), pot))
        return
    if words.startswith("Showdown"):
        draft.actions.append(("show", name, None, (), 0, number, False))
        return
    if words.startswith("Mucks"):
        draft.actions.append(("muck", name, None, (), 0, number, False))
        return
    if words.startswith("Folds"):
        add_action(draft, bets, "fold", name, None, number)
        return
    if words.startswith(_NOTICES):
        return
    raise HandHistoryError(f"line {number}: cannot read {words[:60]!r}")


FORMAT: Final = SiteFormat(NAME, "Bovada", sniff, read_bovada)
