"""Replaying a hand exactly: antes, blinds and straddles, every bet, call, raise and fold, the
uncalled part of a bet returned, the main and side pots, showdowns, rake, and each player's result.

The betting rules are pokerkit's (the oracle the tests replay the same files with): the first to
act preflop is the player after the largest blind or straddle posted in turn, and after the flop
``p1``; a raise is at least the largest raise of the round so far (and the minimum bet), unless it
is all in; pot limit caps a raise at the pot after the call; fixed limit allows a bet and three
raises a round, of the small bet preflop and on the flop and the big bet after. A short all-in
raise does not reopen the betting to players who have acted. Folding when a check is free is
allowed (a cash game allows it).

At the end each betting round's unmatched part of the largest bet goes back to its player. The
pots are cut at every level a player put in; antes are dead money in the main pot unless the file
says ``ante_trimming_status = true``. A contested pot is judged by
:func:`pokerscore.games.holdem.showdown.showdown` among the players still in it whose cards are
known (a hand nobody saw cannot win, as in pokerkit), in exact shares: a split pot, hi/lo halves
and quarters, a board run twice each take their exact fraction, so an odd chip is shared, not
handed to anyone.

Where the site recorded what it paid (``winnings``, ``finishing_stacks``, PokerStars'
``collected``), the two are compared player by player: the site must pay the players the replay
pays, no more than the replay (an odd chip apart), and keep no more than :data:`RAKE_LIMIT` of the
pot. When they agree, a player's ``won`` is what the site paid and the difference is the rake the
player paid; every disagreement is counted and reported, and the replay's amounts stand.
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from functools import cache
from itertools import accumulate, repeat
from typing import Any, Final, TypeVar

from pokerscore._support.errors import expect, shorten
from pokerscore.cards import FULL_DECK, Card, PokerScoreError
from pokerscore.engine import get_ranking
from pokerscore.games.holdem.game import BOARD_CARDS, GAMES, Game
from pokerscore.histories._layout import (
    DEN,
    F_ALLIN_CARDS,
    F_ALLIN_STREET,
    F_COUNT,
    F_POTS,
    MAX_PLAYERS,
    HandRows,
    in_parts,
)
from pokerscore.histories._replay_kernels import (
    PFR,
    SAW_FLOP,
    SHOWDOWN,
    SITE_ENTRY,
    SITE_RECORD_SIZE,
    VPIP,
    WON_SHOWDOWN,
)
from pokerscore.histories.allin import row_allin_evs
from pokerscore.histories.hand_input import engine_rows
from pokerscore.histories.model import (
    DRAW_GAMES,
    STREETS,
    Disagreement,
    DrawGame,
    HandFieldError,
    HandHistory,
    HandHistoryError,
    HandResult,
    PlayerResult,
    Pot,
    Street,
)
from pokerscore.histories.refusals import (
    MESSAGES,
    PLAYED_PENDING,
    SITE_MESSAGES,
    STACKS_GAPS,
    Refusal,
    SiteRecord,
    refusal_error,
)

RAKE_LIMIT: Final = Fraction(1, 10)
"""The most of a pot a site may keep before the payout counts as a disagreement."""

SHORT_DECK_STRAIGHT_OVER_TRIPS: Final = Game(
    "short-deck-straight-over-trips",
    "Short Deck Hold'em (straights above three of a kind)",
    2,
    False,
    get_ranking("short-deck-straight-over-trips"),
)
"""PHH's ``NS``, judged as pokerkit judges it."""


def game_named(name: str) -> Game:
    """The game of a hand history's ``game``; a :class:`HandFieldError` for a name that is none.

    >>> game_named("omaha").name
    'omaha'
    """
    if name == SHORT_DECK_STRAIGHT_OVER_TRIPS.name:
        return SHORT_DECK_STRAIGHT_OVER_TRIPS
    game = GAMES.get(name)
    if game is None or game.board_cards != BOARD_CARDS:
        known = ", ".join(sorted(n for n, g in GAMES.items() if g.board_cards == BOARD_CARDS))
        raise HandFieldError(
            f"game must be a community-card game ({known}), not {shorten(repr(name))}"
        )
    return game


@cache
def positions(count: int) -> tuple[str, ...]:
    """The position of each seat, ``p1`` first (``p1`` is the small blind; heads-up, the big
    blind, and ``p2`` the button, who posts the small blind).

    >>> positions(2), positions(6)
    (('BB', 'BTN'), ('SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN'))
    >>> positions(9)
    ('SB', 'BB', 'UTG', 'UTG+1', 'MP', 'LJ', 'HJ', 'CO', 'BTN')
    """
    if count == 2:
        return ("BB", "BTN")
    middle = max(count - 3, 0)
    named = middle if middle <= 2 else min(middle - 1, 4)  # from the button back: CO, HJ, LJ, MP
    tail = ["MP", "LJ", "HJ", "CO"][4 - named :]
    head = ["UTG" if n == 0 else f"UTG+{n}" for n in range(middle - named)]
    return ("SB", "BB", *head, *tail, "BTN")


def replay(hand: HandHistory, *, allin_ev: bool = True) -> HandResult:
    """Replay a hand: each player's result, the pots, what the site's record disagrees with.

    Raises :class:`~pokerscore.histories.model.HandHistoryError` for a hand that cannot
    be played (an action out of turn, a bet beyond the stack, a card seen twice, a hand that
    stops before its end). ``allin_ev=False`` leaves the all-in EV out (it is the costly part).
    Every hand is played by the compiled replay, the one rule book (a site record that
    disagrees and an unseen hand contesting a pot included: their disagreements are worded from
    the kernel's codes).
    """
    expect(hand, HandHistory, "hand", "a HandHistory")
    expect(allin_ev, bool, "allin_ev", "True or False")
    hand.check()
    result = engine_result(hand, allin_ev)
    if result is None:
        raise _unplayed_error(hand)
    return result


ENGINE_ONLY: Final = frozenset({"stud", "stud-8", "razz", *DRAW_GAMES})
"""The games without a board and blinds (stud, the draw games): the tests' reference replay
(``tests/reference_replay.py``) is not taught them; pokerkit is their oracle."""


def rule_game(name: str) -> Game | DrawGame:
    """The game a refusal of a hand of game ``name`` is worded with: any game a replay plays
    (:func:`game_named`'s, or one of :data:`ENGINE_ONLY`).

    >>> rule_game("razz").hole_cards
    7
    >>> rule_game("badugi").hole_cards
    4
    """
    if name in DRAW_GAMES:
        return DRAW_GAMES[name]
    return GAMES[name] if name in ENGINE_ONLY else game_named(name)


def _unplayed_error(hand: HandHistory) -> HandHistoryError:
    """Why the converter gives the compiled replay no hand (``hand_input``'s None): a stud or
    draw hand with a board run more than once, which their games do not deal."""
    game = rule_game(hand.game)
    return hand.error(f"{game.name} deals no board to run more than once")


def _disagreement(hand: HandHistory, kind: str, message: str) -> Disagreement:
    return Disagreement(hand.file, hand.number, hand.hand_id, kind, message)


def _amount(hand: HandHistory, units: Fraction | int) -> str:
    value = Fraction(units) / hand.scale
    if value.denominator == 1 or hand.scale % value.denominator == 0:
        return str(hand.chips(int(value * hand.scale)))
    return f"{float(value):.4f}".rstrip("0")


__all__ = ["PokerScoreError", "game_named", "positions", "replay"]


def exact_allin_evs(hand: HandHistory) -> dict[str, Fraction] | None:
    """Each player's all-in EV in chips, exactly, by name; None for a hand without an all-in
    before the river (stud: before seventh street), and for a stud all-in past the work the
    stud equity enumerates exactly (see :mod:`pokerscore.histories.allin`)."""
    expect(hand, HandHistory, "hand", "a HandHistory")
    hand.check()
    game = rule_game(hand.game)  # a game no replay plays: its HandFieldError
    replayed = engine_rows(hand)
    if replayed is None:
        return None  # a stud or draw hand with a board run twice: no result, no all-in EV
    record, rows = replayed
    if record.code != Refusal.NONE and record.code not in PLAYED_PENDING:
        raise refusal_error(hand, game, record)
    count, pots_count, street, cards = rows.facts[
        0, [F_COUNT, F_POTS, F_ALLIN_STREET, F_ALLIN_CARDS]
    ].tolist()
    if street < 0 or not isinstance(game, Game):  # no all-in, or a draw game: no EV
        return None
    values = row_allin_evs(rows, 0, game, count, pots_count, cards)
    if values is None:
        return None
    return {hand.seats[i].name: value / hand.scale for i, value in values.items()}


# -- results from the compiled replay's rows ----------------------------------------------------

_DECK: Final = FULL_DECK
_NONE: Final = 255
"""No card, as a byte of the kernel's int8 rows (-1)."""
_NO_CARD: Final = bytes([_NONE])
_CARDS: dict[bytes, tuple[Card, ...]] = {}
"""Cards by their bytes (hole cards come back hand after hand)."""


def _cards(ids: bytes) -> tuple[Card, ...]:
    """The cards of the kernel's bytes (every one known)."""
    cards = _CARDS.get(ids)
    if cards is None:
        if len(_CARDS) > 1 << 16:
            _CARDS.clear()
        cards = _CARDS[ids] = tuple(_DECK[card] for card in ids)
    return cards


_HAND_SLOT: Final = HandResult.__dict__["hand"]
_RESULT_SLOTS: Final = tuple(
    HandResult.__dict__[name] for name in ("players", "pots", "boards", "rake", "disagreements")
)
_WHOLE: Final = Fraction(1)
_SHARES: dict[int, Fraction] = {DEN: _WHOLE}
"""Pot shares by their count of ``1 / DEN`` (a few dozen values in all)."""
_SEATS_OF: dict[int, tuple[int, ...]] = {}
"""The seats of a bit mask."""


def _seats_of(mask: int) -> tuple[int, ...]:
    seats = _SEATS_OF.get(mask)
    if seats is None:
        seats = _SEATS_OF[mask] = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
    return seats


def _share(part: int) -> Fraction:
    share = _SHARES.get(part)
    if share is None:
        share = _SHARES[part] = Fraction(part, DEN)
    return share


class ReadLater(HandResult):
    """A :class:`~pokerscore.histories.model.HandResult` of the compiled replay whose ``hand``
    is read from its text by the lenient reader when first asked for (the per-hand iterator's
    results: most users read the players, not the actions). Equal to the
    :class:`~pokerscore.histories.model.HandResult` of the same values, pickled as one."""

    __slots__ = ("_read",)

    @property
    def hand(self) -> HandHistory:
        try:
            return _HAND_SLOT.__get__(self)  # type: ignore[no-any-return]
        except AttributeError:
            hand = _READ_SLOT.__get__(self)()
            _HAND_SLOT.__set__(self, hand)
            return hand  # type: ignore[no-any-return]

    @hand.setter
    def hand(self, value: HandHistory) -> None:
        _HAND_SLOT.__set__(self, value)

    def _values(self) -> tuple[object, ...]:
        return (self.hand, self.players, self.pots, self.boards, self.rake, self.disagreements)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return self._values() == (
            other.hand,
            other.players,
            other.pots,
            other.boards,
            other.rake,
            other.disagreements,
        )

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return HandResult, self._values()


_READ_SLOT: Final = ReadLater.__dict__["_read"]


def read_later(result: HandResult, read: Callable[[], HandHistory]) -> None:
    """Give a result of :meth:`KernelRows.results` the reader of its hand."""
    _READ_SLOT.__set__(result, read)


_PLAYER_SLOTS: Final = tuple(PlayerResult.__dict__[name] for name in PlayerResult.__match_args__)
_PLAYER_SETTERS: Final = tuple(slot.__set__ for slot in _PLAYER_SLOTS)
_POT_SETTERS: Final = tuple(Pot.__dict__[name].__set__ for name in Pot.__match_args__)
_RESULT_SETTERS: Final = tuple(slot.__set__ for slot in _RESULT_SLOTS)
_EXACT: Final = 2**53
"""Below it an int is a float exactly, and so is the quotient of two such ints (rounded
once, as Python rounds ``int / int``)."""


class _HoleCards(dict[bytes, tuple[Card, ...] | None]):
    """A player's hole cards by a row's seven bytes and the count the game deals (an eighth
    byte): None where the first is unknown (255)."""

    def __missing__(self, key: bytes) -> tuple[Card, ...] | None:
        if len(self) > 1 << 16:
            self.clear()
        cards = self[key] = None if key[0] == _NONE else tuple(_DECK[c] for c in key[: key[-1]])
        return cards


class _Boards(dict[bytes, tuple[tuple[Card, ...], ...]]):
    """A hand's ``boards`` by its row's five bytes (255 where no card)."""

    def __missing__(self, key: bytes) -> tuple[tuple[Card, ...], ...]:
        if len(self) > 1 << 16:
            self.clear()
        boards = self[key] = (_cards(key.rstrip(_NO_CARD)),) if key[0] != _NONE else ()
        return boards


class _PotShapes(dict[bytes, tuple[tuple[int, ...], tuple[tuple[int, Fraction], ...]]]):
    """A pot's eligible seats and shares by its mask (four bytes) and its row of shares (four
    bytes a seat, the seats past the hand's players zero)."""

    def __missing__(self, key: bytes) -> tuple[tuple[int, ...], tuple[tuple[int, Fraction], ...]]:
        if len(self) > 1 << 16:
            self.clear()
        eligible = _seats_of(int.from_bytes(key[:4], "little"))
        if len(eligible) == 1:
            shares: tuple[tuple[int, Fraction], ...] = ((eligible[0], _WHOLE),)
        else:
            row = [int.from_bytes(key[at : at + 4], "little") for at in range(4, len(key), 4)]
            shares = tuple((i, _share(part)) for i, part in enumerate(row) if part)
        shape = self[key] = (eligible, shares)
        return shape


_NEW: Final = object.__new__
_HOLES: Final = _HoleCards()
_BOARDS: Final = _Boards()
_POT_SHAPES: Final = _PotShapes()
_FLAG_BITS: Final = (VPIP, PFR, SAW_FLOP, SHOWDOWN, WON_SHOWDOWN)
_consume: Final = deque[object](maxlen=0).extend
"""Runs an iterator to its end (``map`` of the slots' setters: C loops, no Python frame)."""


_Made = TypeVar("_Made")


def _built(
    cls: type[_Made],
    setters: tuple[Callable[[object, object], None], ...],
    columns: Sequence[Iterable[object]],
    count: int,
) -> list[_Made]:
    """``count`` objects of the frozen dataclass ``cls`` with slots (``cls(*values)`` for
    each row of ``columns``' values), filled by column."""
    made = list(map(_NEW, repeat(cls, count)))
    for setter, column in zip(setters, columns, strict=True):
        _consume(map(setter, made, column))
    return made


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a block's objects are made (none holds a cycle): made
    by the hundred thousand and all alive, they would set off collections that walk them and
    the whole heap again and again (a third of the iterator's time)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _cut(items: list[Any], counts: Sequence[int]) -> list[tuple[Any, ...]]:
    """``items`` cut into tuples of ``counts`` items, in order."""
    ends = list(accumulate(counts))
    return list(map(tuple, map(items.__getitem__, map(slice, [0, *ends[:-1]], ends))))


class KernelRows:
    """A batch of the compiled replay's rows (:class:`~._layout.HandRows`) made results by
    column, a block of hands at a time: each player's amounts and flags by NumPy (floats
    exactly as Python's ``int / int`` gives them while the amounts stay below 2**53; past it,
    Python's own division), each object's slots filled a field at a time."""

    def __init__(self, rows: HandRows) -> None:
        self.rows = rows

    def results(
        self,
        places: Sequence[int],
        names: Sequence[str],
        seats: Sequence[int | None],
        scales: Sequence[int],
        games: Sequence[Game | DrawGame],
        allin_ev: bool,
    ) -> list[HandResult]:
        """The results of the hands at ``places`` (replayed: their refusals none), in order:
        ``names`` and ``seats`` each player's (a hand's players after the previous hand's),
        ``scales`` (units a chip) and ``games`` each hand's. Each result's hand is to be set
        (``hand`` or ``_read``) by the caller."""
        import numpy as np

        rows = self.rows
        at = np.asarray(places, dtype=np.intp)
        facts = rows.facts[at]
        counts = facts[:, F_COUNT]
        seated = np.arange(rows.put_in.shape[1]) < counts[:, None]
        hands, players = len(at), int(counts.sum())
        each_scale = np.repeat(np.asarray(scales, dtype=np.int64), counts)
        gross_all = in_parts(rows.gross[at], rows.gross_parts[at])  # in 1/DEN, exact
        won_all = in_parts(rows.won[at], rows.won_parts[at])
        put_in, gross, won = rows.put_in[at][seated], gross_all[seated], won_all[seated]
        whole = each_scale * DEN
        amounts = [
            (put_in / each_scale).tolist(),
            (won / whole).tolist(),
            ((won - put_in * DEN) / whole).tolist(),
            ((gross - won) / whole).tolist(),
        ]
        kept = ((gross_all - won_all) * seated).sum(axis=1)
        rake = (kept / (np.asarray(scales, dtype=np.int64) * DEN)).tolist()
        exact = (np.abs(put_in) <= _EXACT // DEN) & (np.abs(gross) <= _EXACT // 2)
        exact &= np.abs(won) <= _EXACT // 2
        player_hand = np.repeat(np.arange(hands), counts)
        inexact = np.flatnonzero(~exact)
        if inexact.size or np.abs(kept).max(initial=0) > _EXACT:
            hand_exact = np.abs(kept) <= _EXACT
            hand_exact[player_hand[inexact]] = False
            self._inexact(at, np.flatnonzero(~hand_exact), counts, scales, amounts, rake)
        flags = rows.flags[at][seated]
        holes = rows.holes[at][seated].view(np.uint8)
        keys = np.empty((players, holes.shape[1] + 1), dtype=np.uint8)
        keys[:, :-1] = holes
        keys[:, -1] = np.repeat([game.hole_cards for game in games], counts)
        within = np.nonzero(seated)[1]
        streets, evs = self._allin_evs(places, facts.tolist(), scales, games, allin_ev)
        columns = [
            names,
            seats,
            _position_table()[np.repeat(counts, counts), within].tolist(),
            list(map(_HOLES.__getitem__, keys.view(f"V{keys.shape[1]}").ravel().tolist())),
            *amounts,
            *(((flags & bit) != 0).tolist() for bit in _FLAG_BITS),
            streets if streets is not None else repeat(None, players),
            evs if evs is not None else repeat(None, players),
        ]
        with _collector_paused():
            made = _built(PlayerResult, _PLAYER_SETTERS, columns, players)
            pot_counts = facts[:, F_POTS]
            pooled = np.arange(rows.pots.shape[1]) < pot_counts[:, None]
            shares = rows.pot_shares[at][pooled] * np.repeat(seated, pot_counts, axis=0)
            pot_keys = np.empty((len(shares), shares.shape[1] + 1), dtype="<i4")
            pot_keys[:, 0], pot_keys[:, 1:] = rows.pot_masks[at][pooled], shares
            shapes = list(
                map(
                    _POT_SHAPES.__getitem__,
                    pot_keys.view(f"V{4 * pot_keys.shape[1]}").ravel().tolist(),
                )
            )
            pot_columns = (
                rows.pots[at][pooled].tolist(),
                [shape[0] for shape in shapes],
                [shape[1] for shape in shapes],
            )
            pots = _built(Pot, _POT_SETTERS, pot_columns, len(shapes))
            boards = np.ascontiguousarray(rows.boards[at]).view(np.uint8)
            hand_columns = (
                _cut(made, counts.tolist()),
                _cut(pots, pot_counts.tolist()),
                list(map(_BOARDS.__getitem__, boards.view(f"V{boards.shape[1]}").ravel().tolist())),
                rake,
                repeat((), hands),
            )
            return _built(ReadLater, _RESULT_SETTERS, hand_columns, hands)

    def _inexact(
        self,
        at: Any,
        hands: Any,
        counts: Any,
        scales: Sequence[int],
        amounts: list[list[float]],
        rake: list[float],
    ) -> None:
        """The amounts of ``hands`` (places in ``at``) worked out by Python's exact
        ``int / int``: past 2**53 units a float of NumPy's would round twice."""
        rows = self.rows
        firsts = [0, *accumulate(counts.tolist())]
        for k in hands.tolist():
            place, count, scale = int(at[k]), int(counts[k]), scales[k]
            whole = DEN * scale
            put_in = rows.put_in[place, :count].tolist()
            gross = in_parts(rows.gross[place], rows.gross_parts[place]).tolist()[:count]
            won = in_parts(rows.won[place], rows.won_parts[place]).tolist()[:count]
            for i in range(count):
                j = firsts[k] + i
                amounts[0][j] = put_in[i] / scale
                amounts[1][j] = won[i] / whole
                amounts[2][j] = (won[i] - put_in[i] * DEN) / whole
                amounts[3][j] = (gross[i] - won[i]) / whole
            rake[k] = sum(g - w for g, w in zip(gross, won, strict=True)) / whole

    def _allin_evs(
        self,
        places: Sequence[int],
        facts: list[list[int]],
        scales: Sequence[int],
        games: Sequence[Game | DrawGame],
        allin_ev: bool,
    ) -> tuple[list[Street | None] | None, list[float | None] | None]:
        """Each player's all-in street and EV (chips), a column each; None for a column of
        None."""
        if not allin_ev:
            return None, None
        streets: list[Street | None] | None = None
        evs: list[float | None] | None = None
        first = 0
        for k, row in enumerate(facts):
            count, game = row[F_COUNT], games[k]
            if row[F_ALLIN_STREET] >= 0 and isinstance(game, Game):
                found = row_allin_evs(
                    self.rows, places[k], game, count, row[F_POTS], row[F_ALLIN_CARDS]
                )
                if found is not None:
                    if streets is None or evs is None:
                        players = sum(hand[F_COUNT] for hand in facts)
                        streets, evs = [None] * players, [None] * players
                    street = STREETS[row[F_ALLIN_STREET]]
                    for i in range(count):
                        ev = found.get(i)
                        if ev is not None:
                            streets[first + i] = street
                            evs[first + i] = float(ev / scales[k])
            first += count
        return streets, evs


@cache
def _position_table() -> Any:
    """``positions(count)[i]`` at ``[count, i]``: NumPy's object array, to index by column."""
    import numpy as np

    table = np.full((MAX_PLAYERS + 1, MAX_PLAYERS), None, dtype=object)
    for count in range(1, MAX_PLAYERS + 1):
        named = positions(count)[:count]
        table[count, : len(named)] = named
    return table


def engine_result(hand: HandHistory, allin_ev: bool) -> HandResult | None:
    """``hand`` replayed by the compiled replay, or None for a hand the converter leaves (a stud
    or draw hand with a board run twice); a broken rule raises its
    :class:`~pokerscore.histories.model.HandHistoryError`, worded from the one table."""
    import numpy as np

    site_record = np.zeros(SITE_RECORD_SIZE, dtype=np.int64)
    runs: list[tuple[int, ...]] = []
    replayed = engine_rows(hand, site_record=site_record, runs=runs)
    if replayed is None:
        return None
    record, rows = replayed
    disagreements: tuple[Disagreement, ...] = ()
    if record.code in PLAYED_PENDING:  # played, the replay's amounts
        disagreements = tuple(site_disagreements(hand, site_record.tolist()))
        if record.code == Refusal.UNJUDGED:
            unjudged = MESSAGES[Refusal.UNJUDGED]
            disagreements += (_disagreement(hand, "unjudged", unjudged),)
    elif record.code != Refusal.NONE:
        raise refusal_error(hand, rule_game(hand.game), record)
    seats = [seat.seat for seat in hand.seats]
    game = rule_game(hand.game)
    (result,) = KernelRows(rows).results([0], hand.names, seats, [hand.scale], [game], allin_ev)
    boards = tuple(tuple(_DECK[card] for card in run) for run in runs) or result.boards
    return HandResult(hand, result.players, result.pots, boards, result.rake, disagreements)


def site_disagreements(hand: HandHistory, entries: Sequence[int]) -> list[Disagreement]:
    """The compiled replay's site record (``_replay_kernels._site_record``: a count, then a
    code, a seat or pot and two amounts each, whole units and a remainder in 1/DEN) worded by
    :data:`~.refusals.SITE_MESSAGES`: the
    winnings all zero, the finishing stacks against the winnings, and the payouts, pots, rake
    and total against the replay's, each a :class:`~.model.Disagreement`."""
    found: list[Disagreement] = []
    gaps: list[str] = []
    problems: list[str] = []
    blind_gaps: set[int] = set()
    names = hand.names

    def paid(units: int, parts: int) -> str:  # whole units and a remainder in 1/DEN
        return _amount(hand, units + Fraction(parts, DEN))

    def seats(mask: int) -> str:
        return ", ".join(names[i] for i in _seats_of(mask))

    for n in range(entries[0]):
        entry = entries[1 + SITE_ENTRY * n : 1 + SITE_ENTRY * (n + 1)]
        code, place, first, first_parts, second, second_parts = entry
        kind = SiteRecord(code)
        words = SITE_MESSAGES[kind]
        name = names[place] if place >= 0 else ""
        if kind == SiteRecord.ZERO_WINNINGS:
            found.append(_disagreement(hand, "all-zero-winnings", words))
        elif kind == SiteRecord.STACKS_GAP:
            gaps.append(words.format(name=name, first=_amount(hand, first)))
        elif kind == SiteRecord.GAP:
            blind_gaps.add(int(abs(first + Fraction(first_parts, DEN))))
        elif kind in (SiteRecord.PAID_NEGATIVE, SiteRecord.PAID_NOT_WON, SiteRecord.WON_NOT_PAID):
            problems.append(words.format(name=name, first=paid(first, first_parts)))
        elif kind == SiteRecord.PAID_OVER:
            first_paid, second_won = paid(first, first_parts), paid(second, second_parts)
            problems.append(words.format(name=name, first=first_paid, second=second_won))
        elif kind == SiteRecord.POT_COUNT:
            problems.append(words.format(first=first, second=second))
        elif kind == SiteRecord.POT_WINNERS:
            pot = "the main pot" if place == 0 else f"side pot {place}"
            problems.append(words.format(pot=pot, first=seats(first), second=seats(second)))
        elif kind == SiteRecord.KEEPS_TOO_MUCH:
            limit = RAKE_LIMIT.numerator * 100 // RAKE_LIMIT.denominator
            problems.append(
                words.format(first=_amount(hand, first), second=hand.chips(second), limit=limit)
            )
        elif kind == SiteRecord.RAKE:
            problems.append(
                words.format(first=hand.chips(first), second=paid(second, second_parts))
            )
        else:  # the pot the site reports
            problems.append(words.format(first=hand.chips(first), second=hand.chips(second)))
    if gaps:
        found.append(
            _disagreement(hand, "finishing-stacks", STACKS_GAPS.format(gaps=", ".join(gaps)))
        )
    if problems:
        what = "winnings" if hand.winnings is not None else "finishing-stacks"
        hint = (
            SITE_MESSAGES[SiteRecord.GAP] if blind_gaps & {hand.small_blind, hand.big_blind} else ""
        )
        found.append(_disagreement(hand, what, "; ".join(problems) + hint))
    return found
