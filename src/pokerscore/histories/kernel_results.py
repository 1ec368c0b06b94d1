"""Results from the compiled replay's rows: a batch's :class:`~._layout.HandRows` made
:class:`~.model.HandResult`\\ s by column (:class:`KernelRows`), for the per-hand iterator
(:mod:`.results`) and for ``replay`` of one hand (:func:`.replay.engine_result`); the seats'
positions (:func:`positions`); a result whose hand is read when first asked for
(:class:`ReadLater`).

One job: the rows' integers turned into the public types, the same values and types as the
reference replay gives (``tests/histories/test_results.py``). The wording of refusals and site
disagreements stays in :mod:`.replay` and :mod:`.refusals`.
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from fractions import Fraction
from functools import cache
from itertools import accumulate, compress, islice, repeat
from sys import getrefcount
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast
from weakref import ref

from pokerscore._support.slots import lazy_attribute
from pokerscore.cards import FULL_DECK, Card
from pokerscore.games.holdem.game import Game
from pokerscore.histories._bovada_kernels import HERO_SPAN
from pokerscore.histories._layout import (
    DEN,
    F_ALLIN_STREET,
    F_COUNT,
    F_POTS,
    F_RUNS,
    MAX_PLAYERS,
    HandRows,
    in_parts,
)
from pokerscore.histories._replay_kernels import PFR, SAW_FLOP, SHOWDOWN, VPIP, WON_SHOWDOWN
from pokerscore.histories._stars_lines import BV_HERO
from pokerscore.histories.allin import block_allin_evs
from pokerscore.histories.model import (
    STREETS,
    DrawGame,
    HandHistory,
    HandResult,
    PlayerResult,
    Pot,
    Street,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


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
_PLAYERS_SLOT: Final = HandResult.__dict__["players"]
_POTS_SLOT: Final = HandResult.__dict__["pots"]
_BOARDS_SLOT: Final = HandResult.__dict__["boards"]
_RAKE_SLOT: Final = HandResult.__dict__["rake"]
_DISAGREEMENTS_SLOT: Final = HandResult.__dict__["disagreements"]
_WHOLE: Final = Fraction(1)
_SHARES: dict[int, Fraction] = {DEN: _WHOLE}
"""Pot shares by their count of ``1 / DEN`` (a few dozen values in all)."""
_SEATS_OF: dict[int, tuple[int, ...]] = {}
"""The seats of a bit mask."""


def seats_of(mask: int) -> tuple[int, ...]:
    """The seats (indices) of a bit mask, in order.

    >>> seats_of(0b1011)
    (0, 1, 3)
    """
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
    """A :class:`~pokerscore.histories.model.HandResult` of the compiled replay whose fields
    are made when first read: ``players``, ``pots``, ``boards`` and ``rake`` from its block's
    rows (:class:`KernelRows`: the whole block's column at once, the first time any of its
    hands asks), ``hand`` from its text by the lenient reader (most users read the players, not
    the actions). Equal to the :class:`~pokerscore.histories.model.HandResult` of the same
    values, pickled as one.

    ``players``, ``pots``, ``boards`` and ``rake`` are the dataclass's own slots, empty until
    first read: a read of an empty slot comes to :meth:`__getattr__`, which makes the block's
    column and fills that slot of every result of the block while the iteration's list of them
    lives (:meth:`KernelRows.fill`: one exception a block, every later read the slot's own, C,
    where a descriptor of ours was some 0.4 µs a read), else of the result alone. Once the
    block is let go (:class:`Behind`, ``_block`` None) its own slots hold every field, and
    ``_read`` the reader of its hand's own bytes until the hand is read. Until then a result holds the block's rows (some 1,024 hands' integers and text); the
    per-hand iterator lets go of them behind it (:class:`Behind`)."""

    __slots__ = ("_at", "_block", "_read")
    _at: int
    _block: KernelRows | None
    _read: Callable[[], HandHistory] | None

    def __init__(self, *fields: Any, **named: Any) -> None:
        """Every field given (``dataclasses.replace`` makes one so): no block, no reader."""
        _BLOCK_SLOT.__set__(self, None)
        _READ_SLOT.__set__(self, None)
        HandResult.__init__(self, *fields, **named)

    @property
    def hand(self) -> HandHistory:
        block = self._block
        if block is not None:
            return block.hand(self._at)
        read = self._read
        if read is not None:  # let go unread: read from its own bytes, once
            _HAND_SLOT.__set__(self, read())
            _READ_SLOT.__set__(self, None)
        return _HAND_SLOT.__get__(self)  # type: ignore[no-any-return]

    @hand.setter
    def hand(self, value: HandHistory) -> None:
        _HAND_SLOT.__set__(self, value)

    if not TYPE_CHECKING:  # (hidden from mypy: it would make every unknown attribute Any)

        def __getattr__(self, name: str) -> Any:
            """A field not read yet (its slot empty): its block's column made and filled in."""
            return lazy_attribute(self, name, _BLOCK_SLOT, _LAZY_SLOTS)

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
_LAZY_SLOTS: Final = {
    "players": _PLAYERS_SLOT, "pots": _POTS_SLOT, "boards": _BOARDS_SLOT, "rake": _RAKE_SLOT
}  # fmt: skip
"""The member descriptors of the fields :meth:`ReadLater.__getattr__` fills."""
_BLOCK_SLOT: Final = ReadLater.__dict__["_block"]
_AT_SLOT: Final = ReadLater.__dict__["_at"]


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
        eligible = seats_of(int.from_bytes(key[:4], "little"))
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
_SET_CLASS: Final = object.__dict__["__class__"].__set__
_TWINS: dict[type, type] = {}
"""Each frozen dataclass's twin (:func:`_built`)."""


def _twin(cls: type) -> type:
    """A plain class with ``cls``'s slots (the same layout) and an ``__init__`` that stores
    the fields given by place in order (``self.name = name``, without the frozen dataclass's
    ``__setattr__``: CPython stores each straight into its slot): an object made as one becomes
    a ``cls`` by ``__class__``."""
    twin = _TWINS.get(cls)
    if twin is None:
        names = cls.__match_args__  # type: ignore[attr-defined]
        assert all(name.isidentifier() for name in names)
        source = f"def __init__(self, {', '.join(names)}):\n" + "".join(
            f" self.{name} = {name}\n" for name in names
        )
        scope: dict[str, Any] = {}
        exec(source, {}, scope)  # the text is made above from the fields' names only
        slots = {"__slots__": cls.__slots__, "__init__": scope["__init__"]}  # type: ignore[attr-defined]
        twin = _TWINS[cls] = type(f"_{cls.__name__}Twin", (), slots)
    return twin


def _built(cls: type[_Made], columns: Sequence[Iterable[object]], count: int) -> list[_Made]:
    """``count`` objects of the frozen dataclass ``cls`` with slots (``cls(*values)`` for
    each row of ``columns``' values, a column a field), made as ``cls``'s twin by ``map`` over
    the columns (its ``__init__`` a plain function whose stores CPython specialises to the
    slots: about 290 ns an object of 15 fields against 590 for ``map`` of the builtin
    ``setattr`` a column at a time), then made ``cls`` (``__class__``, the same layout)."""
    if len(columns) != len(cls.__match_args__):  # type: ignore[attr-defined]
        raise ValueError(f"{len(columns)} columns for {cls.__name__}'s fields")
    made: list[Any] = list(islice(map(_twin(cls), *columns), count))
    if len(made) != count:
        raise ValueError(f"columns of {len(made)} values, not {count}")
    _consume(map(_SET_CLASS, made, repeat(cls, count)))
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
    """``items`` cut into tuples of ``counts`` items, in order (slices of one tuple: no list
    a piece)."""
    ends = list(accumulate(counts))
    return list(map(tuple(items).__getitem__, map(slice, [0, *ends[:-1]], ends)))


def texts_at(text: bytes, starts: Any, stops: Any) -> list[str | None]:
    """The UTF-8 text of ``text`` between each pair of places (NumPy's int64 arrays; None where
    the start is -1): the pieces gathered by NumPy into one text, a zero byte between two,
    decoded and split at once (about 0.1 µs a piece, against 0.2 for a slice of the text and
    a decoding each); each piece alone where one holds a zero byte."""
    import numpy as np

    count = len(starts)
    if not count:
        return []
    missing = starts < 0
    lengths = np.where(missing, 0, stops - starts)
    firsts = np.cumsum(lengths) - lengths
    within = np.arange(int(lengths.sum())) - np.repeat(firsts, lengths)
    pieces = np.frombuffer(text, dtype=np.uint8)[within + np.repeat(starts, lengths)]
    if not pieces.all():  # a zero byte in a piece: the pieces one by one
        cuts = map(slice, *np.where(missing, 0, [starts, stops]).tolist())
        found: list[str | None] = list(map(bytes.decode, map(text.__getitem__, cuts)))
    else:
        joined = np.zeros(len(within) + count - 1, dtype=np.uint8)
        joined[within + np.repeat(firsts + np.arange(count), lengths)] = pieces
        found = joined.tobytes().decode("utf-8").split("\x00")  # type: ignore[assignment]
    for k in np.flatnonzero(missing).tolist():
        found[k] = None
    return found


People = Callable[[], tuple[Sequence[str], Sequence[int | None]]]
"""The names and seats of a block's players (a hand's after the previous hand's), made when
the players are first read."""
Readers = Callable[[int], Callable[[], HandHistory]]
"""The reader of a block's hand (by its place in the block): the lenient reader over the hand's
own bytes."""


def run_boards(hand: HandHistory) -> tuple[tuple[Card, ...], ...]:
    """The boards of a hand whose board was run more than once, as the replay deals them: each
    run's, in the runs' order, the common cards (the board as it stood: no board is dealt once
    a run is) first."""
    common = [card for action in hand.actions if action.kind == "deal-board" and not action.runout for card in action.cards]  # fmt: skip
    runs: dict[int, list[Card | None]] = {}
    for action in hand.actions:
        if action.kind == "deal-board" and action.runout:
            runs.setdefault(action.runout, list(common)).extend(action.cards)
    return tuple(tuple(card for card in runs[run] if card is not None) for run in sorted(runs))


class _Results(list[HandResult]):
    """A block's results, as the iteration hands them on: a list its block refers to weakly."""

    __slots__ = ("__weakref__",)


def _dead() -> None:
    return None


class KernelRows:
    """A block of hands the compiled replay played (their refusals none), made results by
    column (:meth:`results`): each field of every hand of the block made at once when one
    hand's is first read (:class:`ReadLater`). Each player's amounts and flags by NumPy
    (floats exactly as Python's ``int / int`` gives them while the amounts stay below 2**53;
    past it, Python's own division), each object's slots filled a field at a time.

    ``rows`` is a batch's rows and ``places`` the block's hands in it (the block keeps a copy
    of their rows, not the batch's); ``people`` gives the block's players' names and seats,
    ``scales`` (units a chip) and ``games`` are each hand's; ``readers`` reads a hand (None:
    the results' ``hand`` is set by whoever makes them)."""

    def __init__(
        self,
        rows: HandRows,
        places: Sequence[int],
        people: People,
        scales: Sequence[int],
        games: Sequence[Game | DrawGame],
        allin_ev: bool,
        readers: Readers | None = None,
    ) -> None:
        import numpy as np

        at = np.asarray(places, dtype=np.intp)
        self.rows: HandRows | None = HandRows._make(np.take(array, at, axis=0) for array in rows)
        self.people: People | None = people
        self.scales = scales
        self.games = games
        self.allin_ev = allin_ev
        self.hands = len(at)
        self.columns: dict[str, list[Any]] = {}
        self.readers = readers
        self.read: dict[int, HandHistory] = {}
        """The hands read, by place."""
        self.made: Callable[[], list[HandResult] | None] = _dead
        """The block's results' list (:meth:`results`) while it lives, else None."""

    def results(self) -> list[HandResult]:
        """The block's results, in order, each field made when first read (``disagreements``
        none; the ``hand`` read by ``readers`` when asked for)."""
        hands = self.hands
        made = _Results(map(_NEW, repeat(ReadLater, hands)))
        _consume(map(_BLOCK_SLOT.__set__, made, repeat(self, hands)))
        _consume(map(_AT_SLOT.__set__, made, range(hands)))
        _consume(map(_DISAGREEMENTS_SLOT.__set__, made, repeat((), hands)))
        self.made = ref(made)
        return made

    def fill(self, result: HandResult, name: str, slot: Any) -> None:
        """The field ``name`` (its member descriptor ``slot``) of every result of the block
        while their list lives (the iteration's: the block refers to it weakly, since a
        result refers to its block), else of ``result`` alone."""
        column = self.column(name)
        made = self.made()
        if made is not None:
            _consume(map(slot.__set__, made, column))
        else:
            slot.__set__(result, column[_AT_SLOT.__get__(result)])

    def column(self, field: str) -> list[Any]:
        """Every hand's ``field`` (``players``, ``pots``, ``boards`` or ``rake``), made the
        first time it is asked for; the rows let go once all four are made."""
        found = self.columns.get(field)
        if found is None:
            rows = self.rows
            assert rows is not None
            with _collector_paused():
                found = self.columns[field] = _MAKERS[field](self, rows)
            if len(self.columns) == len(_MAKERS):
                self.rows = self.people = None
        return found

    def hand(self, at: int) -> HandHistory:
        """The hand at ``at``, read the first time it is asked for."""
        hand = self.read.get(at)
        if hand is None:
            assert self.readers is not None
            hand = self.read[at] = self.readers(at)()
        return hand

    def _players(self, rows: HandRows) -> list[tuple[PlayerResult, ...]]:
        """Every hand's players."""
        import numpy as np

        assert self.people is not None
        names, seats = self.people()
        scales, games = self.scales, self.games
        facts = rows.facts
        counts = facts[:, F_COUNT]
        seated = np.arange(rows.put_in.shape[1]) < counts[:, None]
        players = int(counts.sum())
        each_scale = np.repeat(np.asarray(scales, dtype=np.int64), counts)
        gross_all = in_parts(rows.gross, rows.gross_parts)  # in 1/DEN, exact
        won_all = in_parts(rows.won, rows.won_parts)
        put_in, gross, won = rows.put_in[seated], gross_all[seated], won_all[seated]
        whole = each_scale * DEN
        amounts = [
            (put_in / each_scale).tolist(),
            (won / whole).tolist(),
            ((won - put_in * DEN) / whole).tolist(),
            ((gross - won) / whole).tolist(),
        ]
        exact = (np.abs(put_in) <= _EXACT // DEN) & (np.abs(gross) <= _EXACT // 2)
        exact &= np.abs(won) <= _EXACT // 2
        inexact = np.flatnonzero(~exact)
        if inexact.size:
            player_hand = np.repeat(np.arange(self.hands), counts)
            self._inexact(rows, np.unique(player_hand[inexact]), counts, amounts)
        flags = rows.flags[seated]
        holes = rows.holes[seated].view(np.uint8)
        keys = np.empty((players, holes.shape[1] + 1), dtype=np.uint8)
        keys[:, :-1] = holes
        keys[:, -1] = np.repeat([game.hole_cards for game in games], counts)
        within = np.nonzero(seated)[1]
        streets, evs = self._allin_evs(rows, counts)
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
        made = _built(PlayerResult, columns, players)
        return _cut(made, counts.tolist())

    def _pots(self, rows: HandRows) -> list[tuple[Pot, ...]]:
        """Every hand's pots."""
        import numpy as np

        counts = rows.facts[:, F_COUNT]
        seated = np.arange(rows.put_in.shape[1]) < counts[:, None]
        pot_counts = rows.facts[:, F_POTS]
        pooled = np.arange(rows.pots.shape[1]) < pot_counts[:, None]
        shares = rows.pot_shares[pooled] * np.repeat(seated, pot_counts, axis=0)
        pot_keys = np.empty((len(shares), shares.shape[1] + 1), dtype="<i4")
        pot_keys[:, 0], pot_keys[:, 1:] = rows.pot_masks[pooled], shares
        shapes = list(
            map(
                _POT_SHAPES.__getitem__, pot_keys.view(f"V{4 * pot_keys.shape[1]}").ravel().tolist()
            )
        )
        pot_columns = (
            rows.pots[pooled].tolist(),
            [shape[0] for shape in shapes],
            [shape[1] for shape in shapes],
        )
        pots = _built(Pot, pot_columns, len(shapes))
        return _cut(pots, pot_counts.tolist())

    def _boards(self, rows: HandRows) -> list[tuple[tuple[Card, ...], ...]]:
        """Every hand's boards: the row's one, or a board run more than once (``F_RUNS``) from
        its hand read again (a block made by ``replay`` gets its runs from there)."""
        import numpy as np

        boards = np.ascontiguousarray(rows.boards).view(np.uint8)
        made = list(map(_BOARDS.__getitem__, boards.view(f"V{boards.shape[1]}").ravel().tolist()))
        for at in np.flatnonzero(rows.facts[:, F_RUNS]).tolist():
            made[at] = run_boards(self.hand(at))
        return made

    def _rake(self, rows: HandRows) -> list[float]:
        """Every hand's rake: what the site kept, in chips (NumPy's float while the count of
        ``1 / DEN`` stays below 2**53, else Python's ``int / int``)."""
        import numpy as np

        counts = rows.facts[:, F_COUNT]
        seated = np.arange(rows.put_in.shape[1]) < counts[:, None]
        gross_all = in_parts(rows.gross, rows.gross_parts)  # in 1/DEN, exact
        won_all = in_parts(rows.won, rows.won_parts)
        kept = ((gross_all - won_all) * seated).sum(axis=1)
        wholes = np.asarray(self.scales, dtype=np.int64) * DEN
        rake: list[float] = (kept / wholes).tolist()
        for k in np.flatnonzero(np.abs(kept) > _EXACT).tolist():
            count = int(counts[k])
            gross = in_parts(rows.gross[k], rows.gross_parts[k]).tolist()[:count]
            won = in_parts(rows.won[k], rows.won_parts[k]).tolist()[:count]
            rake[k] = sum(g - w for g, w in zip(gross, won, strict=True)) / int(wholes[k])
        return rake

    def _inexact(self, rows: HandRows, hands: Any, counts: Any, amounts: list[list[float]]) -> None:
        """The players' amounts of ``hands`` worked out by Python's exact ``int / int``: past
        2**53 units a float of NumPy's would round twice."""
        firsts = [0, *accumulate(counts.tolist())]
        for k in hands.tolist():
            count, scale = int(counts[k]), self.scales[k]
            whole = DEN * scale
            put_in = rows.put_in[k, :count].tolist()
            gross = in_parts(rows.gross[k], rows.gross_parts[k]).tolist()[:count]
            won = in_parts(rows.won[k], rows.won_parts[k]).tolist()[:count]
            for i in range(count):
                j = firsts[k] + i
                amounts[0][j] = put_in[i] / scale
                amounts[1][j] = won[i] / whole
                amounts[2][j] = (won[i] - put_in[i] * DEN) / whole
                amounts[3][j] = (gross[i] - won[i]) / whole

    def _allin_evs(
        self, rows: HandRows, counts: Any
    ) -> tuple[list[Street | None] | None, list[float | None] | None]:
        """Each player's all-in EV (chips), a column each; None for a column of None. Only the
        hands with an all-in are looked at (NumPy finds them: a few in a hundred), all at once
        (:func:`~.allin.block_allin_evs`, as the runs' columns)."""
        import numpy as np

        if not self.allin_ev:
            return None, None
        facts = rows.facts
        hands = np.flatnonzero(facts[:, F_ALLIN_STREET] >= 0).tolist()
        games = [game if isinstance(game, Game) else None for game in map(self.games.__getitem__, hands)]  # fmt: skip
        scales = list(map(self.scales.__getitem__, hands))
        found_hands, found_seats, found_values = block_allin_evs(rows, hands, games, scales)
        if not found_hands:
            return None, None
        players = int(counts.sum())
        streets: list[Street | None] = [None] * players
        evs: list[float | None] = [None] * players
        firsts = np.cumsum(counts) - counts
        places = (firsts[found_hands] + found_seats).tolist()
        codes = facts[found_hands, F_ALLIN_STREET].tolist()
        for place, code, value in zip(places, codes, found_values, strict=True):
            streets[place] = STREETS[code]
            evs[place] = value
        return streets, evs


_MAKERS: Final[dict[str, Callable[[KernelRows, HandRows], list[Any]]]] = {
    "players": KernelRows._players,
    "pots": KernelRows._pots,
    "boards": KernelRows._boards,
    "rake": KernelRows._rake,
}
"""Each lazy field's maker of a block's column."""


class Behind:
    """The blocks of results an iteration has entered (:meth:`entered`, as each block's results
    are made), let go behind it: once the iteration is two blocks past a block, the results of
    it the caller still holds get their fields made and drop the block, so that a kept result
    holds its own values, not its block's rows (a result unread and not kept is never made);
    at the iteration's end (:meth:`let_go`) the last blocks' too.

    Held is told by CPython's reference count (``sys.getrefcount``), the one way to know what a
    caller keeps without a reference of our own; the caller's loop variable holds the latest
    result, hence two blocks, not one, and at the end the last result alone is taken for the
    loop variable's (it keeps its block's rows, one block at most)."""

    def __init__(self) -> None:
        self.blocks: deque[list[HandResult]] = deque()

    def entered(self, results: list[HandResult]) -> list[HandResult]:
        """``results``, a block the iteration enters; the one two before it let go."""
        self.blocks.append(results)
        if len(self.blocks) > 2:
            _settle(self.blocks.popleft())
        return results

    def let_go(self, last: int) -> None:
        """Let go of the blocks left, at the iteration's end (or when it is dropped); ``last``
        is the ``id`` of the last result handed on."""
        while self.blocks:
            _settle(self.blocks.popleft(), last)


_FIELD_SLOTS: Final = tuple((field, HandResult.__dict__[field]) for field in _MAKERS)
_HELD: Final = next(map(getrefcount, [object()]))
"""A result's references as :func:`_settle` counts them when nothing else holds it: its
block's list's and ``map``'s (measured: 2 in CPython 3.11)."""


def _settle(results: list[HandResult], last: int = 0) -> None:
    """The results of one block the caller still holds: every field made, the block dropped
    (a hand not read yet keeps the reader of its own bytes). The result whose ``id`` is
    ``last``, the iteration's last (held by the caller's loop variable, kept or not), is made
    only with others of its block: alone, it keeps its block's rows."""
    counts = list(map(getrefcount, results))  # (not inside ``compress``: it holds one more)
    held = list(compress(results, map(_HELD.__lt__, counts)))
    if len(held) == 1 and id(held[0]) == last:
        return
    for result in held:
        block: KernelRows = _BLOCK_SLOT.__get__(result)
        at: int = _AT_SLOT.__get__(result)
        for field, slot in _FIELD_SLOTS:
            slot.__set__(result, block.column(field)[at])
        hand = block.read.get(at)
        if hand is not None or block.readers is None:
            _READ_SLOT.__set__(result, None)
            if hand is not None:
                _HAND_SLOT.__set__(result, hand)
        else:
            _READ_SLOT.__set__(result, block.readers(at))
        _BLOCK_SLOT.__set__(result, None)


@cache
def position_codes() -> tuple[tuple[str, ...], Any]:
    """The one table of positions by column: every position's word, and the code (its place
    among the words) of ``positions(count)[i]`` at ``[count, i]`` of NumPy's int64 table (-1
    past the seats). The runs' Arrow column is made of the codes (``batches``), the iterator's
    words by the table of words (:func:`_position_table`)."""
    import numpy as np

    words: dict[str, int] = {}
    table = np.full((MAX_PLAYERS + 1, MAX_PLAYERS), -1, dtype=np.int64)
    for count in range(1, MAX_PLAYERS + 1):
        for seat, word in enumerate(positions(count)[:count]):
            table[count, seat] = words.setdefault(word, len(words))
    return tuple(words), table


@cache
def _position_table() -> Any:
    """``positions(count)[i]`` at ``[count, i]``: NumPy's object array (None past the seats),
    to index by column."""
    import numpy as np

    words, codes = position_codes()
    return np.array([*words, None], dtype=object)[codes]


def named_players(
    text: bytes,
    spans: npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    seat_numbers: npt.NDArray[np.int64],
) -> tuple[list[str], list[int | None]]:
    """A block's players' names (decoded from its ``text`` at ``spans``; a PHH hand with no
    ``players`` key names them ``p1``, ``p2`` ..., Bovada's file's own player's span
    ``HERO_SPAN`` is :data:`~._stars_lines.BV_HERO`) and seats (None where not given): the
    replayed hands' (``results``) and the logged ones' (``logged_hands``)."""
    import numpy as np

    unnamed = spans[:, 0] < 0
    names = cast("list[str]", texts_at(text, np.where(unnamed, -1, spans[:, 0]), spans[:, 1]))
    if unnamed.any():
        within = np.arange(len(spans)) - np.repeat(np.cumsum(counts) - counts, counts)
        for j in np.flatnonzero(unnamed).tolist():
            names[j] = f"p{within[j] + 1}"
    seats: list[int | None] = list(seat_numbers.tolist())
    for j in np.flatnonzero(spans[:, 0] == HERO_SPAN).tolist():  # Bovada's file's own player
        names[j] = BV_HERO
    for j in np.flatnonzero(seat_numbers < 0).tolist():
        seats[j] = None
    return names, seats
