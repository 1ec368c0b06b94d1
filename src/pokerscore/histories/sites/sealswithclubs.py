"""Seals With Clubs hand histories (text, many hands a file): hold'em and Omaha, played for
bitcoin.

A hand starts ``Hand #11376400-955 - 2013-10-30 01:24:27`` (no zone: kept without an offset),
then ``Game: NL Hold'em (20 - 100) - Blinds 0.50/1``, ``Site: Seals With Clubs``, the table,
the seats (``- sitting out`` is dealt in only if the player posts or acts), ``X has the dealer
button``, the posts and the play: ``raises to 3`` (the total), ``calls 2`` and ``bets 4`` (the
chips added), ``refunded 4`` (an uncalled bet returned), ``wins Pot (6.34)`` after the rake,
``Rake (0.16)``: the replay checks them. The amounts are the site's millibitcoins, kept as
written: the currency is ``mBTC`` (0.50 is half a millibitcoin; the hand's scale is the
decimals written, up to the 8 a bitcoin amount may have).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories.draft import HandDraft, money, site_cards
from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.pokerstars import speaker
from pokerscore.histories.sites import SiteFormat
from pokerscore.histories.sites.increments import (
    BETTING_ABBREVIATIONS,
    PLAY_VERBS,
    RoundBets,
    add_action,
    finished_hand,
    line_player,
    mucks_unshown,
    seat_number,
)
from pokerscore.histories.sites.text import text_hands

_START: Final = re.compile(
    r"^Hand #(?P<id>[\d-]+) - (?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{2}:\d{2}:\d{2})$"
)
_GAME: Final = re.compile(
    r"^Game: (?P<betting>NL|PL|FL|Limit) (?P<game>.+?) \(.*\) - Blinds (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)$"
)
_GAMES: Final = {"Hold'em": ("T", "holdem"), "Omaha": ("O", "omaha"),
                 "Omaha Hi/Lo": ("O/8", "omaha-hi-lo"), "Omaha H/L": ("O/8", "omaha-hi-lo")}  # fmt: skip
_SEAT: Final = re.compile(
    r"^Seat (?P<seat>\d{1,6}): (?P<name>.+?) \((?P<stack>[\d.,]+)\)(?P<rest>.*)$"
)
_BOARD: Final = re.compile(r"^\*\* (?:Flop|Turn|River) \*\* \[(?P<cards>[^\]]*)\]")
_DEALT: Final = re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]$")


def sniff(head: str) -> bool:
    """A Seals With Clubs file: ``Hand #n - date``, ``Game:`` and ``Site: Seals With Clubs``."""
    lines = head.split("\n", 4)
    return (
        len(lines) > 3
        and _START.match(lines[0]) is not None
        and lines[1].startswith("Game: ")
        and lines[2].startswith("Site: Seals With Clubs")
    )


def parse_seals(lines: Sequence[str], file: str, number: int, first_line: int) -> HandHistory:
    """One hand from its lines (the first one ``Hand #…``)."""
    draft = HandDraft(
        file, number, first_line, site="Seals With Clubs", source_format="sealswithclubs"
    )
    start = _START.match(lines[0].strip())
    if start is None:
        raise HandHistoryError("no hand number and time in the first line", line=first_line)
    draft.hand_id = start["id"]
    draft.time = f"{start['date']}T{start['time']}"
    draft.currency = "mBTC"
    bets = RoundBets()
    names: set[str] = set()
    seat_of: dict[str, int] = {}
    game_seen = False
    for offset, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + offset
        if not line or line.startswith(("Site: ", "** Hole Cards")):
            continue
        if line.startswith("Game: "):
            _game(draft, line, where)
            game_seen = True
            continue
        if line.startswith("Table: "):
            draft.table = line.removeprefix("Table: ")
            continue
        seat = _SEAT.match(line)
        if seat and not draft.posts:
            number_ = seat_number(seat["seat"], where)
            names.add(seat["name"])
            seat_of[seat["name"]] = number_
            draft.seats.append((number_, seat["name"], money(seat["stack"]), True))
            continue
        if line.endswith(" has the dealer button"):
            dealer = line.removesuffix(" has the dealer button")
            if dealer in seat_of:
                draft.button = seat_of[dealer]
            continue
        board = _BOARD.match(line)
        if board:  # the street's cards, or the board so far: the cards not dealt yet
            bets.new_round()
            on_board = {card for a in draft.actions if a[0] == "deal-board" for card in a[3]}
            new = tuple(card for card in site_cards(board["cards"]) if card not in on_board)
            draft.actions.append(("deal-board", None, None, new, 0, where, False))
            continue
        dealt = _DEALT.match(line)
        if dealt:
            if dealt["name"] in names:
                draft.actions.append(("deal-hole", dealt["name"], None, site_cards(dealt["cards"]), 0, where, False))  # fmt: skip
            continue
        if line.startswith("Rake ("):
            draft.rake = money(line.removeprefix("Rake (").rstrip(")"))
            continue
        name, words = speaker(line, names)
        if name is None:
            name, words = line_player(line, names)
        if name is not None:
            _act(draft, bets, name, words, where)
    if not game_seen:
        raise HandHistoryError("a hand without its game line (game and blinds)")
    mucks_unshown(draft, first_line + len(lines) - 1)
    return finished_hand(draft, returns_written=True)


def _game(draft: HandDraft, line: str, where: int) -> None:
    game = _GAME.match(line)
    if game is None:
        raise HandHistoryError(f"no game and blinds in {shorten(repr(line))}", line=where)
    if game["game"] not in _GAMES:
        raise HandHistoryError(f"{shorten(game['game'])} is not replayed here yet", line=where)
    letter, draft.game = _GAMES[game["game"]]
    betting_letter, draft.betting = BETTING_ABBREVIATIONS[game["betting"]]
    draft.variant = betting_letter + letter
    draft.small_blind, draft.big_blind = money(game["sb"]), money(game["bb"])
    draft.fields = {"game": line}


def _act(draft: HandDraft, bets: RoundBets, name: str, words: str, where: int) -> None:
    verb, _, rest = words.partition(" ")
    if words.startswith(("posts small blind ", "posts big blind ")):
        kind = "small" if words.startswith("posts small") else "big"
        amount = money(words.rpartition(" ")[2])
        draft.posts.append((name, kind, amount, where))
        bets.add(name, amount)
    elif verb in ("folds", "checks"):
        add_action(draft, bets, PLAY_VERBS[verb], name, None, where)
    elif verb in ("calls", "bets"):
        amount = money(rest.removesuffix(" and is all-in"))
        add_action(draft, bets, PLAY_VERBS[verb], name, amount, where, rest.endswith("all-in"))
    elif words.startswith("raises to "):
        to = money(words.removeprefix("raises to ").removesuffix(" and is all-in"))
        add_action(draft, bets, "raise-to", name, to, where, words.endswith("all-in"))
    elif verb == "refunded":
        draft.returned.append((name, money(rest), where))
    elif verb == "shows":
        cards = rest[rest.find("[") + 1 : rest.find("]")] if "[" in rest else ""
        draft.actions.append(("show", name, None, _cards(cards), 0, where, False))
    elif verb == "mucks":
        draft.actions.append(("muck", name, None, (), 0, where, False))
    elif words.startswith("wins Pot ("):
        draft.collected.append((name, money(words.removeprefix("wins Pot (").split(")")[0]), 0))
    # "adds 3 chips" and the like: chips for the next hand


def _cards(text: str) -> tuple[Card | None, ...]:
    return site_cards(text)


def read_sealswithclubs(path: Path) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a Seals With Clubs file, streamed; a bad hand comes as its error."""
    return text_hands(path, lambda line: _START.match(line) is not None, parse_seals)


FORMAT: Final = SiteFormat("sealswithclubs", "Seals With Clubs", sniff, read_sealswithclubs)
