"""A hand as a text reader names it, before it is a :class:`~pokerscore.histories.model.HandHistory`:
players by name, amounts as the site writes them, posts by kind, actions in order, the site's own
record (:class:`HandDraft`); and the one builder that makes the hand from it (:func:`build_hand`),
which every text reader of a site's format calls (PokerStars and its skins, the sites in
:mod:`pokerscore.histories.sites`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.histories import _stars_lines as words_of
from pokerscore.histories.model import (
    DRAW_GAMES,
    Action,
    Betting,
    HandHistory,
    HandHistoryError,
    Seat,
    hand_scale,
    read_amount,
    to_units,
)
from pokerscore.histories.phh import parse_cards_text

_AMOUNT: Final = re.compile(r"[^0-9.]")
_LETTER: Final = re.compile(r"[^\W\d_]")
"""A letter: an amount with one is no amount (``1e5`` is not 15)."""
_LONGEST_MONEY: Final = 64
"""The longest amount text read, currency signs and thousands separators included."""


@lru_cache(maxsize=4096)
def money(text: str) -> Decimal:
    """An amount as a site writes it (``$0.25``, ``1,500``, ``€2``): its digits and point,
    read by the one rule of amounts. Amounts recur from hand to hand: each text is read once
    (a Decimal is immutable; a text refused is not kept)."""
    cleaned = _AMOUNT.sub("", text[:_LONGEST_MONEY])
    if len(text) > _LONGEST_MONEY or not cleaned or _LETTER.search(text):
        raise HandHistoryError(f"{shorten(repr(text))} is not an amount")
    return read_amount(cleaned, f"the amount {shorten(repr(text))}:")


def site_cards(text: str) -> tuple[Card | None, ...]:
    """Cards as sites write them (``Ah Kd``, ``10h``), ``??`` for a card nobody saw."""
    return parse_cards_text(text.replace(" ", "").replace("10", "T"))


@dataclass
class HandDraft:
    """A hand as its lines are read: amounts still Decimals, players by name."""

    file: str
    number: int
    line: int
    hand_id: str = ""
    variant: str = ""
    game: str = ""
    betting: Betting = "no-limit"
    small_blind: Decimal = Decimal(0)
    big_blind: Decimal = Decimal(0)
    currency: str | None = None
    tournament: str | None = None
    table: str | None = None
    button: int = 0
    seats: list[tuple[int, str, Decimal, bool]] = field(default_factory=list)
    """(seat number, name, stack, sitting out) in the order listed."""
    posts: list[tuple[str, str, Decimal, int]] = field(default_factory=list)
    """(name, kind, amount, line): kind is ante, small, big, both or straddle."""
    actions: list[
        tuple[str, str | None, Decimal | None, tuple[Card | None, ...], int, int, bool]
    ] = field(default_factory=list)
    """(kind, name, amount, cards, runout, line, all-in)."""
    returned: list[tuple[str, Decimal, int]] = field(default_factory=list)
    collected: list[tuple[str, Decimal, int]] = field(default_factory=list)
    """(name, amount, pot: 0 main, n side pot n)."""
    cashed_out: list[tuple[str, Decimal, Decimal]] = field(default_factory=list)
    total: Decimal | None = None
    rake: Decimal | None = None
    fields: dict[str, object] = field(default_factory=dict)
    site: str | None = None
    source_format: str = "pokerstars"
    time: str | None = None
    bring_in: Decimal | None = None
    """Stud: the bring-in, as the site writes it ("brings in for $0.10"); None elsewhere."""
    discarded: dict[int, tuple[Card | None, ...]] = field(default_factory=dict)
    """The draw games: the cards a ``draw`` action threw away, by the action's place in
    :attr:`actions` (whose cards are the ones drawn)."""
    antes_returned: bool = False
    """The site gives back the part of the other players' antes that a player all in on his
    ante cannot match (PokerStars, Full Tilt): the hand's antes are trimmed (PHH's
    ``ante_trimming_status``) where every player posts an ante, not all the same, and no dead
    blind is held as one (:func:`build_hand`); elsewhere antes are dead money."""


STUD_GAMES: Final = frozenset({"stud", "stud-8", "razz"})
"""The games whose hole cards a text reader deals street by street (:class:`StudStreets`)."""


DRAW_HOLES: Final = {name: game.hole_cards for name, game in DRAW_GAMES.items()}
"""The draw games a text reader reads (:class:`DrawRounds`), with the cards each player holds
(the replay's :data:`~pokerscore.histories.model.DRAW_GAMES`)."""


_DISCARDS: Final = re.compile(
    rf"^(?P<count>[0-5]){re.escape(words_of.DISCARD_CARD)}s?(?: \[(?P<cards>[^\]]*)\])?$"
)
"""What follows ``discards`` (``_stars_lines.DISCARD_CARD``'s word, which the compiled reader
reads too)."""


def discarded_cards(rest: str, line: int) -> tuple[Card | None, ...]:
    """The cards a draw throws away, as PokerStars and Full Tilt write them after the verb:
    ``2 cards [7h 8h]`` (the saver's), ``2 cards`` (unseen), ``pat`` (none: ``stands pat``).

    >>> discarded_cards("2 cards", 7), discarded_cards("1 card [Kd]", 7), discarded_cards("pat", 7)
    ((None, None), (Card('Kd'),), ())
    """
    if rest == "pat":
        return ()
    found = _DISCARDS.match(rest)
    if found is None:
        raise HandHistoryError(f"cannot read the discard {shorten(repr(rest))}", line=line)
    count = int(found["count"])
    if found["cards"] is None:
        return (None,) * count
    cards = site_cards(found["cards"])
    if len(cards) != count:
        raise HandHistoryError(f"{count} cards discarded, {len(cards)} written", line=line)
    return cards


class DrawRounds:
    """A draw game's cards as a site writes them, into the replay's actions: every player dealt
    in gets the first cards before the first move (the saver's as written, the others' unseen);
    a discard (``discards 2 cards [7h 8h]``, the cards unwritten for the others) or standing pat
    is a ``draw`` action, and the cards a later ``Dealt to`` line gives its player are the ones
    that discard drew."""

    def __init__(self, draft: HandDraft, holes: int) -> None:
        self.draft = draft
        self.holes = holes
        self.dealing = False
        """The cards are being dealt (the posts are over)."""
        self.dealt = False
        self.known: dict[str, tuple[Card | None, ...]] = {}
        self.waiting: dict[str, int] = {}
        """A player whose cards drawn are still to be written: the draw action's place."""

    def deal(self, name: str, cards: tuple[Card | None, ...], line: int) -> None:
        """A ``Dealt to`` line: the first cards, or the ones drawn (written last)."""
        if name in self.waiting:
            at = self.waiting.pop(name)
            kind, _, amount, thrown, runout, _, all_in = self.draft.actions[at]
            if len(cards) < len(thrown):
                raise HandHistoryError(
                    f"{shorten(name)} threw away {len(thrown)} cards and is dealt {len(cards)}",
                    line=line,
                )
            drawn = cards[len(cards) - len(thrown) :]
            self.draft.actions[at] = (kind, name, amount, drawn, runout, line, all_in)
        elif not self.dealt:
            self.known[name] = cards[-self.holes :]

    def begin(self) -> None:
        """The cards are dealt from here (the site's dealing section, or any section after)."""
        self.dealing = True

    def first_deal(self, line: int) -> None:
        """Deal every player dealt in (seated and not sitting out, or posting) once, before the
        first move after the cards are dealt."""
        if self.dealt or not self.dealing:
            return
        self.dealt = True
        posted = {name for name, *_ in self.draft.posts}
        for _, name, _, out in sorted(self.draft.seats):
            if not out or name in posted or name in self.known:
                cards = self.known.get(name, (None,) * self.holes)
                self.draft.actions.append(("deal-hole", name, None, cards, 0, line, False))

    def close(self) -> None:
        """Once the hand is read: take back the unseen first cards of a player who neither
        posts nor acts (sitting out where the site says so on a line of its own)."""
        actions = self.draft.actions
        playing = {name for name, *_ in self.draft.posts}
        playing |= {a[1] or "" for a in actions if a[0] != "deal-hole"}
        idle = {
            at
            for at, (kind, name, _, cards, *_) in enumerate(actions)
            if kind == "deal-hole" and name not in playing and not any(cards)
        }
        if not idle:
            return
        moved = {at: at - sum(i < at for i in idle) for at in self.draft.discarded}
        self.draft.discarded = {moved[at]: cards for at, cards in self.draft.discarded.items()}
        self.draft.actions = [action for at, action in enumerate(actions) if at not in idle]

    def draw(
        self,
        name: str,
        thrown: tuple[Card | None, ...],
        line: int,
        drawn: tuple[Card | None, ...] | None = None,
    ) -> None:
        """``name`` throws ``thrown`` away (None for a card nobody saw), or stands pat (none);
        ``drawn``: the cards drawn where the same line writes them, else a later ``Dealt to``
        line gives them (or none does: unseen)."""
        self.first_deal(line)
        if drawn is not None and len(drawn) != len(thrown):
            raise HandHistoryError(
                f"{shorten(name)} throws away {len(thrown)} cards and draws {len(drawn)}", line=line
            )
        at = len(self.draft.actions)
        cards = (None,) * len(thrown) if drawn is None else drawn
        self.draft.actions.append(("draw", name, None, cards, 0, line, False))
        self.draft.discarded[at] = thrown
        if thrown and drawn is None:
            self.waiting[name] = at


class StudStreets:
    """A stud hand's cards as a site writes them, into the ``deal-hole`` actions the replay takes
    (a street's cards, three on third street, then one): third street's up card alone for the
    players other than the one who saved the file (their two down cards unseen); a later
    street's new card the last one written; a street whose cards the site does not write for a
    player still in (seventh street's down card) dealt unseen, before the street's first move."""

    def __init__(self, draft: HandDraft) -> None:
        self.draft = draft
        self.street = 0
        self.players: list[str] = []
        """The players dealt in on third street, in the order dealt."""
        self.out: set[str] = set()
        self.dealt: set[str] = set()

    def open(self, street: int, line: int) -> None:
        """Street ``street`` (3 to 7) begins at ``line``."""
        self.finish(line)
        self.street = street
        self.dealt = set()

    def deal(self, name: str, cards: tuple[Card | None, ...], line: int) -> None:
        """The site writes ``cards`` dealt to ``name`` on the street (all the player's, or the
        new ones last)."""
        if self.street == 3:
            cards = (None,) * (3 - len(cards)) + cards[-3:]
            if name not in self.players:
                self.players.append(name)
        else:
            cards = cards[-1:]
        if name in self.dealt:
            raise HandHistoryError(f"{shorten(name)} is dealt twice on a street", line=line)
        self.dealt.add(name)
        self.draft.actions.append(("deal-hole", name, None, cards, 0, line, False))

    def fold(self, name: str) -> None:
        self.out.add(name)

    def close(self) -> None:
        """Once the hand is read: refuse a hand whose file writes no cards dealt (the replay
        needs each player's up cards to tell who brings in and who acts first)."""
        if not self.players:
            raise HandHistoryError(
                "the stud hand writes no cards dealt: the replay needs each player's up cards"
            )

    def finish(self, line: int) -> None:
        """Deal the street's unwritten cards, unseen, to every player still in (called before
        each move: once dealt, a street deals nothing more)."""
        if not self.street:
            return
        count = 3 if self.street == 3 else 1
        for name in self.players:
            if name not in self.out and name not in self.dealt:
                self.dealt.add(name)
                self.draft.actions.append(
                    ("deal-hole", name, None, (None,) * count, 0, line, False)
                )


def stud_bet_sizes(draft: HandDraft) -> Iterator[tuple[int, Decimal, int]]:
    """A fixed-limit stud hand's completions, bets and raises as (street, size, line), in the
    order played, a move all in (maybe short) left out: a completion's size is its total, a bet's
    or raise's what it adds over the bet it tops. A street begins at its first card dealt after
    a move (the ``deal-hole`` actions :class:`StudStreets` writes)."""
    street, dealing, completed = 2, False, False
    bets: dict[str, Decimal] = {}
    for kind, name, amount, _, _, line, all_in in draft.actions:
        if kind == "deal-hole":
            if not dealing:
                street, dealing, bets = street + 1, True, {}
            continue
        dealing = False
        if kind == "bring-in" and name is not None:
            bets[name] = draft.bring_in or Decimal(0)
        elif kind == "check-call" and name is not None and amount:
            bets[name] = bets.get(name, Decimal(0)) + amount
        elif kind == "bet-raise" and name is not None and amount is not None:
            top = max(bets.values(), default=Decimal(0))
            size = amount if street == 3 and not completed else amount - top
            completed = completed or street == 3
            if not all_in:
                yield street, size, line
            bets[name] = amount


def stud_bets(draft: HandDraft) -> tuple[Decimal | None, Decimal | None]:
    """The small and big bets a fixed-limit stud hand's play shows, for a site whose header
    gives no stakes (Bovada): a completion, bet or raise on third or fourth street is by the small
    bet, on fifth to seventh street by the big bet (:func:`stud_bet_sizes`). None for a bet the
    play never makes; two sizes of one bet are refused.

    >>> draft = HandDraft("", 1, 1, game="stud", bring_in=Decimal("0.02"))
    >>> deal = ("deal-hole", "Ann", None, (), 0, 1, False)
    >>> draft.actions = [deal, ("bring-in", "Ann", None, (), 0, 2, False),
    ...     ("bet-raise", "Bob", Decimal("0.05"), (), 0, 3, False), deal,
    ...     ("bet-raise", "Ann", Decimal("0.05"), (), 0, 4, False),
    ...     ("bet-raise", "Bob", Decimal("0.10"), (), 0, 5, False)]
    >>> stud_bets(draft)
    (Decimal('0.05'), None)
    """
    sizes: tuple[set[Decimal], set[Decimal]] = (set(), set())
    for street, size, _ in stud_bet_sizes(draft):
        sizes[street > 4].add(size)
    found: list[Decimal | None] = []
    for which, seen in zip(("small", "big"), sizes, strict=True):
        if len(seen) > 1:
            shown = ", ".join(str(size) for size in sorted(seen))
            raise HandHistoryError(f"the {which} bet is made of {shown}: one size a hand")
        found.append(min(seen, default=None))
    return found[0], found[1]


def refuse_double_bets(draft: HandDraft) -> None:
    """Refuse a fixed-limit stud hand that bets or raises by more than the small bet on fourth
    street (the double bet an open pair showing allows; the replay's fixed-limit stud, as
    pokerkit's, bets the small bet there), naming the line rather than leaving the replay to
    find the raise too large."""
    for street, size, line in stud_bet_sizes(draft):
        if street == 4 and size > draft.small_blind:
            raise HandHistoryError(DOUBLE_BET, line=line)


DOUBLE_BET: Final = (
    "a double bet on fourth street (an open pair showing) is not replayed: the replay's "
    "fixed-limit stud bets the small bet there"
)
"""Why a stud hand that bets the big bet on fourth street is refused (:func:`refuse_double_bets`,
and Bovada's ``D bets`` line)."""


class Dealing:
    """Where a text reader's ``Dealt to`` lines go, written once for the sites that write them
    so (PokerStars and its skins, Full Tilt, Winamax): a stud hand's streets
    (:class:`StudStreets`), a draw game's rounds (:class:`DrawRounds`), else one ``deal-hole``;
    and the first deal closed before each line of play that is not a deal (:meth:`before_move`).

    >>> draft = HandDraft("", 1, 1, game="holdem")
    >>> dealing = Dealing(draft)
    >>> dealing.deal("Ann", site_cards("Ah Kd"), 5)
    >>> draft.actions[0][:4], dealing.stud, dealing.draw
    (('deal-hole', 'Ann', None, (Card('Ah'), Card('Kd'))), None, None)
    """

    def __init__(self, draft: HandDraft) -> None:
        self.draft = draft
        self.stud = StudStreets(draft) if draft.game in STUD_GAMES else None
        self.draw = DrawRounds(draft, DRAW_HOLES[draft.game]) if draft.game in DRAW_HOLES else None

    def deal(self, name: str, cards: tuple[Card | None, ...], line: int) -> None:
        """A ``Dealt to`` line: ``cards`` dealt to ``name`` as the site writes them."""
        if self.stud is not None:
            self.stud.deal(name, cards, line)
        elif self.draw is not None:
            self.draw.deal(name, cards, line)
        else:
            self.draft.actions.append(("deal-hole", name, None, cards, 0, line, False))

    def before_move(self, line: int) -> None:
        """A line of play that is no deal: the street's unwritten cards dealt unseen (stud),
        every player's first cards dealt (draw)."""
        if self.stud is not None:
            self.stud.finish(line)
        if self.draw is not None:
            self.draw.first_deal(line)


def build_hand(draft: HandDraft) -> HandHistory:
    """The hand a draft holds: players in the table's order from the seat after the button,
    amounts in the hand's units, posts as antes, live blinds and dead money."""
    playing = {name for name, *_ in draft.posts} | {a[1] for a in draft.actions if a[1]}
    seated = [
        (seat, name, stack)
        for seat, name, stack, out in draft.seats
        if not out or name in playing  # a tournament deals a player who sits out in
    ]
    seated.sort()
    first: dict[str, int] = {}
    for seat, name, _ in seated:
        if name in first:
            raise HandHistoryError(
                f"seats {first[name]} and {seat} are both {shorten(repr(name))}: "
                "each player needs a name of their own"
            )
        first[name] = seat
    after = [entry for entry in seated if entry[0] > draft.button]
    order = after + [entry for entry in seated if entry[0] <= draft.button]
    if len(order) < 2:
        raise HandHistoryError("fewer than two players dealt in")
    index = {name: i for i, (_, name, _) in enumerate(order)}
    count = len(order)
    amounts: list[Decimal] = [stack for _, _, stack in order]
    amounts += [draft.small_blind, draft.big_blind]
    amounts += [amount for _, _, amount, _ in draft.posts]
    amounts += [a[2] for a in draft.actions if a[2] is not None]
    amounts += [amount for _, amount, _ in draft.returned]
    amounts += [amount for _, amount, _ in draft.collected]
    amounts += [amount for _, amount, _ in draft.cashed_out] + [fee for *_, fee in draft.cashed_out]
    amounts += [value for value in (draft.total, draft.rake, draft.bring_in) if value is not None]
    scale = hand_scale(amounts)

    def units(value: Decimal) -> int:
        return to_units(value, scale)

    def who(name: str | None, line: int) -> int:
        if name not in index:
            raise HandHistoryError(f"{shorten(str(name))} is not dealt in", line=line)
        return index[name]

    antes = [0] * count
    blinds = [0] * count
    in_turn = [True] * count
    small_seat = 1 if count == 2 else 0
    big_posted = False
    posted_ante = [False] * count
    dead_blind = False
    """A dead blind held in :attr:`~pokerscore.histories.model.Seat.ante`: no ante to trim."""
    for name, kind, amount, line in draft.posts:
        i = who(name, line)
        value = units(amount)
        if kind == "ante":
            antes[i] += value
            posted_ante[i] = True
        elif kind == "small":
            if i == small_seat and not blinds[i]:
                blinds[i] = value
            else:
                antes[i] += value  # a small blind out of its place is dead money
                dead_blind = True
        elif kind == "both":
            live = min(value, units(draft.big_blind))
            blinds[i] += live
            antes[i] += value - live
            dead_blind = dead_blind or value > live
            in_turn[i] = False
        elif kind == "big":
            blinds[i] += value
            in_turn[i] = not big_posted
            big_posted = True
        else:
            blinds[i] += value
    seats = tuple(
        Seat(name, seat, units(stack), antes[i], blinds[i], in_turn[i])
        for i, (seat, name, stack) in enumerate(order)
    )
    actions = []
    for at, (kind, speaker, said, cards, runout, line, all_in) in enumerate(draft.actions):
        actor = None if speaker is None else who(speaker, line)
        size = None if said is None else units(said)
        if kind == "reveal":
            actions.append(Action("deal-hole", actor, None, cards, line=line))
            continue
        if kind == "draw":
            thrown = draft.discarded.get(at, ())
            actions.append(Action("draw", actor, None, cards, line=line, discarded=thrown))
            continue
        actions.append(
            Action(kind, actor, size, cards, runout, line, all_in=all_in)  # type: ignore[arg-type]
        )
    pots: dict[int, list[tuple[int, int]]] = {}
    for name, collected, pot in draft.collected:
        pots.setdefault(pot, []).append((who(name, draft.line), units(collected)))
    winnings = [0] * count
    for entries in pots.values():
        for i, taken in entries:
            winnings[i] += taken
    cash_outs = tuple(
        (who(name, draft.line), units(amount), units(fee)) for name, amount, fee in draft.cashed_out
    )
    limit = draft.betting == "fixed-limit"
    small, big = units(draft.small_blind), units(draft.big_blind)
    if draft.game in STUD_GAMES:  # no blinds: the stakes in small bets, as PHH reads stud
        small, big = 0, units(draft.small_blind)
    elif limit:  # the header gives the small and big bets: the blinds are what was posted
        posted = [value for value in blinds if value]
        big = max(posted, default=small)
        small = min(posted, default=small // 2)
    return HandHistory(
        variant=draft.variant,
        game=draft.game,
        betting=draft.betting,
        seats=seats,
        actions=tuple(actions),
        scale=scale,
        min_bet=units(draft.small_blind) if limit else units(draft.big_blind),
        big_bet=units(draft.big_blind) if limit else 0,
        # trimmed only where it changes the hand (antes of unequal levels), so a hand of equal
        # antes reads as every other reader's
        ante_trimming=draft.antes_returned
        and all(posted_ante)
        and not dead_blind
        and len(set(antes)) > 1,
        small_blind=small,
        big_blind=big,
        winnings=tuple(winnings),
        rake=units(draft.rake) if draft.rake is not None else None,
        total_pot=units(draft.total) if draft.total is not None else None,
        site_pots=tuple((pot, tuple(pots[pot])) for pot in sorted(pots)),
        returned=tuple(
            (who(name, line), units(amount), line) for name, amount, line in draft.returned
        ),
        cash_outs=cash_outs,
        site=draft.site,
        hand_id=draft.hand_id,
        table=draft.table,
        currency=draft.currency,
        tournament=draft.tournament,
        time=draft.time,
        file=draft.file,
        number=draft.number,
        line=draft.line,
        source_format=draft.source_format,
        fields=draft.fields,
        bring_in=units(draft.bring_in) if draft.bring_in is not None else 0,
    )
