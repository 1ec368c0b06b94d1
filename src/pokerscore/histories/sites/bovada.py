"""Bovada, Bodog and Ignition hand histories: cash games and tournaments, hold'em, Omaha and
Omaha hi/lo, seven-card stud and stud hi/lo, as the client saves them.

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
tournament's header names no betting. Times as written, in no time zone the file names.

Stud (``7CARD Fixed Limit``, ``7CARD HiLo Fixed Limit``; five-card stud refused by name): seats
``Seat+1: $0.57 in chips``, no positions (the players named ``Seat+n``, the ``[ME]`` one
``Hero``, in the order of their numbers, no button); every player's cards written, three on
third street (the last one up), then one a street, through
:class:`~pokerscore.histories.draft.StudStreets`: a street starts at its ``*** 4TH STREET ***``
line where the file writes them, else at its first card dealt after a move; ``Bring_in chip``
the bring-in (none written where the lowest card completes: ``Bets $0.25``). The header gives
no stakes: the small and big bets are those the play shows
(:func:`~pokerscore.histories.draft.stud_bets`: a completion, bet or raise on third or fourth
street by the small bet, on fifth to seventh by the big bet); a hand that makes no bet of one of
them is refused rather than given a guess, and so is ``D bets`` (an open pair's double bet on
fourth street, which the replay does not take).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import Path
from typing import Final

from pokerscore.cards import Card
from pokerscore.histories import _stars_lines as words_of
from pokerscore.histories.draft import (
    DOUBLE_BET,
    STUD_GAMES,
    HandDraft,
    StudStreets,
    build_hand,
    site_cards,
    stud_bets,
)
from pokerscore.histories.model import Betting, HandHistory, HandHistoryError
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import RoundBets, add_action, localised_amount
from pokerscore.histories.sites.text import text_hands

NAME: Final = "bovada"
HERO: Final = words_of.BV_HERO
"""The name the rows give the file's own player (``[ME]``)."""
_SITES: Final = "|".join(map(re.escape, words_of.BOVADA_SITES))
_HEADER: Final = re.compile(
    rf"^(?P<site>{_SITES}){re.escape(words_of.BOVADA_HAND)}(?P<id>\d+):? (?P<rest>.*?)"
    r" - (?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\s*$"
)
_SEAT: Final = re.compile(
    rf"^{words_of.BV_SEAT}(?P<seat>\d{{1,6}}): (?P<name>.+?) \((?P<stack>[^()]*){re.escape(words_of.BV_IN_CHIPS)}"
)
_STREETS: Final = "|".join(words_of.STREETS)
_STREET: Final = re.compile(
    rf"^\*\*\* (?P<street>{_STREETS}) \*\*\* (?:\[[^\]]*\] )?\[(?P<cards>[^\]]*)\]\s*$"
)
_STUD_SEAT: Final = re.compile(
    rf"^{re.escape(words_of.BV_STUD_SEAT)}(?P<seat>\d{{1,6}})(?P<me> {re.escape(words_of.BV_ME)})?: "
    rf"(?P<stack>\S+){re.escape(words_of.BV_IN_CHIPS[:-1])}$"
)
_STUD_STREETS: Final = {
    f"{words_of.SECTION}{name}{words_of.SECTION_END}": street
    for street, name in enumerate(words_of.BV_STUD_STREETS, 3)
}
_LEVEL: Final = re.compile(rf"{words_of.BV_LEVEL}\d+ \((?P<sb>[0-9,.]+)/(?P<bb>[0-9,.]+)\)")
_TOTAL: Final = re.compile(
    rf"^{re.escape(words_of.BV_TOTAL)}(?P<total>[^)]*)\)(?:{re.escape(words_of.BV_RAKE)}(?P<rake>[^)]*)\))?"
)
_RAISE: Final = re.compile(rf"^(?P<first>\S+)(?:{words_of.BV_RAISE_TO}(?P<to>\S+))?$")
_BETTINGS: Final[dict[str, tuple[str, Betting]]] = words_of.BV_BETTING
_POSTS: Final = words_of.BV_POSTS
_MOVES: Final = words_of.BV_MOVES
"""The moves by their first word (the rest of the line is the amount)."""
_NOTICES: Final = words_of.BV_NOTICES


_KINDS: Final = (*words_of.BV_GAMES, *words_of.BV_STUD_GAMES)
"""The header's words that name a game."""
_TOURNAMENT_ID: Final = re.compile(rf"{words_of.BV_TOURNAMENT}(\d+)")
_TABLE_ID: Final = re.compile(rf"{words_of.BV_TABLE}(\d+)")


def sniff(head: str) -> bool:
    """A Bovada, Bodog or Ignition file: it starts ``Bovada Hand #``, ``Bodog Hand #`` or
    ``Ignition Hand #``."""
    return _HEADER.match(head.split("\n", 1)[0]) is not None


def _starts_hand(line: str) -> bool:
    return line.lstrip("\ufeff").startswith(words_of.BOVADA_STARTS)


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
    small, big, utg, dealer = words_of.BV_POSITIONS
    if position == small:
        return 1
    if position == big:
        return 2
    if position == utg:
        return 3
    plus = len(words_of.BV_UTG_PLUS)
    if position.startswith(words_of.BV_UTG_PLUS) and position[plus:].isdigit() and len(position) < plus + 4:  # fmt: skip
        return 3 + int(position[plus:])
    if position == dealer:
        return 100
    raise HandHistoryError(f"{position[:40]!r} is not a position")


def _player(text: str) -> str:
    """The name the rows give the one a line speaks of: ``Hero`` for ``[ME]``, else the
    position."""
    if words_of.BV_ME in text:
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
    stud = StudStreets(draft) if draft.game in STUD_GAMES else None
    played = False
    """A move since the street's cards were dealt: a stud card dealt next starts a street."""
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
            elif line.startswith(words_of.BV_BOARD):
                _summary_board(draft, site_cards(line[len(words_of.BV_BOARD) - 1 :].strip("[] ")), line_number)  # fmt: skip
            continue
        if stud is not None and (seat := _STUD_SEAT.match(line)) is not None:
            name = HERO if seat.group("me") else words_of.BV_STUD_SEAT + seat.group("seat")
            positions[name] = seat.group("seat")  # no positions: the seats in their order
            stacks[name] = localised_amount(seat.group("stack"))
            continue
        if stud is not None and line.startswith(words_of.BV_SEAT) and _SEAT.match(line):
            raise HandHistoryError(
                f"{line[:40]!r} is no stud seat ({words_of.BV_STUD_SEAT}n: no positions)",
                line=line_number,
            )
        if line.startswith(words_of.BV_SEAT) and (seat := _SEAT.match(line)) is not None:
            name = _player(seat.group("name"))
            position = " ".join(seat.group("name").replace(words_of.BV_ME, "").split())
            position_order(position)  # a position, or the hand is refused
            positions[name] = position
            stacks[name] = localised_amount(seat.group("stack"))
            continue
        if line.startswith(words_of.SECTION):
            if line.startswith(words_of.SUMMARY):
                summary = True
            elif stud is not None and line in _STUD_STREETS:
                unmatched = bets.unmatched() if bets.bets else unmatched
                bets.new_round()
                stud.open(_STUD_STREETS[line], line_number)
                played = False
            elif (street := _STREET.match(line)) is not None:
                if bets.bets:
                    unmatched = bets.unmatched()
                bets.new_round()
                cards = site_cards(street.group("cards"))
                draft.actions.append(("deal-board", None, None, cards, 0, line_number, False))
            elif not line.startswith(words_of.HOLE_CARDS):
                raise HandHistoryError(f"unknown section {line[:60]!r}", line=line_number)
            continue
        who, separator, words = line.partition(words_of.BV_SPEAKER)
        if not separator:
            raise HandHistoryError(f"cannot read {line[:60]!r}", line=line_number)
        name = _player(who)
        if name not in stacks:
            raise HandHistoryError(f"{who[:40]!r} has no seat", line=line_number)
        words = words.strip()
        if stud is not None:
            if words.startswith(words_of.BV_DEALT) and (played or not stud.street):
                unmatched = bets.unmatched() if bets.bets else unmatched
                bets.new_round()
                stud.open(stud.street + 1 if stud.street else 3, line_number)
                played = False
            if words.startswith(words_of.BV_DEALT):
                dealt.add(name)
                stud.deal(name, site_cards(words[len(words_of.BV_DEALT) :].strip(" []")), line_number)  # fmt: skip
                continue
            if _stud_move(draft, bets, stud, name, words, line_number, dealt):
                played = True
                continue
        _line(draft, bets, name, words, line_number, dealt)
    if bets.bets:
        unmatched = bets.unmatched()
    _unwritten_return(draft, unmatched)
    if stud is not None:
        stud.close()
        draft.seats = [(int(at), name, stacks[name], name not in dealt) for name, at in positions.items()]  # fmt: skip
        draft.small_blind, draft.big_blind = _stud_stakes(draft)
        return build_hand(draft)
    seats = sorted(positions.items(), key=lambda item: position_order(item[1]))
    draft.seats = [
        (index, name, stacks[name], name not in dealt) for index, (name, _) in enumerate(seats, 1)
    ]
    dealer = words_of.BV_POSITIONS[-1]
    draft.button = next((index for index, (_, at) in enumerate(seats, 1) if at == dealer), 0)
    if not draft.small_blind:  # a cash game's header has no stakes: the posts say
        if not draft.big_blind:
            raise HandHistoryError("no big blind posted and none in the header: no stakes")
        posted = {kind: amount for _, kind, amount, _ in draft.posts}
        draft.small_blind = posted.get("small", draft.big_blind / 2)
    return build_hand(draft)


def _stud_move(
    draft: HandDraft,
    bets: RoundBets,
    stud: StudStreets,
    name: str,
    words: str,
    number: int,
    dealt: set[str],
) -> bool:
    """A stud hand's move read, the street's unwritten cards dealt before it: whether the line
    was one (else it is :func:`_line`'s). The moves of every game are :func:`_line`'s; the
    bring-in and the double bet stud's own."""
    verb = words.partition(" ")[0]
    is_move = verb in _MOVES or words.startswith((words_of.BV_FOLDS, words_of.BV_BRING_IN))
    if words.startswith(words_of.BV_DOUBLE_BET):
        raise HandHistoryError(f"{words[:40]!r}: {DOUBLE_BET}", line=number)
    if not is_move:
        return False
    stud.finish(number)
    if words.startswith(words_of.BV_BRING_IN):
        draft.bring_in = localised_amount(words[len(words_of.BV_BRING_IN) :])
        bets.add(name, draft.bring_in)
        draft.actions.append(("bring-in", name, None, (), 0, number, False))
        return True
    if words.startswith(words_of.BV_FOLDS):
        stud.fold(name)
    _line(draft, bets, name, words, number, dealt)
    return True


def _stud_stakes(draft: HandDraft) -> tuple[Decimal, Decimal]:
    """A stud hand's small and big bets, which Bovada's header does not give: those its play
    shows (:func:`~pokerscore.histories.draft.stud_bets`), or the hand is refused."""
    small, big = stud_bets(draft)
    missing = [which for which, size in (("small", small), ("big", big)) if size is None]
    if small is None or big is None:
        raise HandHistoryError(
            f"no stakes: the header gives none and the play makes no bet of the "
            f"{' or the '.join(missing)} bet (a completion or bet on third or fourth street, "
            "a bet on fifth to seventh)"
        )
    return small, big


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
    kind = next((word for word in words if word in _KINDS), None)
    if kind in words_of.BV_STUD:
        hi_lo = words_of.BV_HI_LO in words
        letter, draft.game = words_of.BV_STUD_HI_LO if hi_lo else words_of.BV_STUD[kind]
        betting = next((b for b in _BETTINGS if b in rest), None)
        if betting is None:
            raise HandHistoryError(f"no betting in {rest[:60]!r}")
        betting_letter, draft.betting = _BETTINGS[betting]
        draft.variant = betting_letter + letter
        table = _TABLE_ID.search(rest)
        draft.table = table.group(1) if table else None
        draft.currency = "USD"
        return
    if kind is None or kind not in words_of.BV_GAMES:
        name = words_of.BV_STUD_GAMES.get(kind or "", rest[:40])
        raise HandHistoryError(f"{name} is not replayed here yet")
    holdem, _ = words_of.BV_GAMES
    no_limit, pot_limit, _ = _BETTINGS
    betting = next((b for b in _BETTINGS if b in rest), no_limit if kind == holdem else pot_limit)
    betting_letter, draft.betting = _BETTINGS[betting]
    if kind != holdem and words_of.BV_HI_LO in words:
        letter, draft.game = words_of.BV_OMAHA_HI_LO
    else:
        letter, draft.game = words_of.BV_GAMES[kind]
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
            raise HandHistoryError(f"cannot read {words[:60]!r}", line=number)
        total = localised_amount(found.group("to") or found.group("first"))
        bets.set(name, total)
        all_in = verb != words_of.BV_PLAIN_RAISE
        draft.actions.append(("bet-raise", name, total, (), 0, number, all_in))
        return
    if kind is not None:
        add_action(draft, bets, kind, name, localised_amount(amount_text), number)
        return
    if words.startswith(words_of.BV_DEALT):
        cards = site_cards(words[len(words_of.BV_DEALT) :].strip(" []"))
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
    if words.startswith(words_of.BV_RETURNED):
        amount = localised_amount(words[len(words_of.BV_RETURNED) :])
        draft.returned.append((name, amount, number))
        return
    if words.startswith(words_of.BV_RESULTS):
        amount_text = words[len(words_of.BV_RESULTS[0]) :]
        pot = 0
        if amount_text.startswith(words_of.BV_SIDE_POT):
            amount_text, pot = amount_text[len(words_of.BV_SIDE_POT) :], 1
        draft.collected.append((name, localised_amount(amount_text), pot))
        return
    if words.startswith(words_of.BV_SHOWDOWN):
        draft.actions.append(("show", name, None, (), 0, number, False))
        return
    if words.startswith(words_of.BV_MUCKS):
        draft.actions.append(("muck", name, None, (), 0, number, False))
        return
    if words.startswith(words_of.BV_FOLDS):
        add_action(draft, bets, "fold", name, None, number)
        return
    if words.startswith(_NOTICES):
        return
    raise HandHistoryError(f"cannot read {words[:60]!r}", line=number)


FORMAT: Final = SiteFormat(NAME, "Bovada", sniff, read_bovada)
