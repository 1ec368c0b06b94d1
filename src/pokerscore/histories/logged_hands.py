"""Hands the PHH fast reader read, made :class:`~.model.HandHistory`\\ s by column from its
rows and log (``_phh_kernels.PhhLog``: each action's kind, player, amount and cards, each
seat's stack, ante and blind), for the hands read one by one
(:func:`~pokerscore.histories.reading.read_histories`): a block of up to :data:`CHUNK` hands,
each field of every hand of the block made at once when one hand's is first read
(:class:`LoggedHand`), a hand's ``fields`` (its TOML table) read by :mod:`tomllib` from its own
text when asked for.

One job: the log's integers turned into the model's types, the values and types the lenient
reader (:func:`~pokerscore.histories.phh.parse_phh`) gives the same text
(``tests/histories/test_logged_hands.py`` compares them field by field). Where the fast reader
takes text the lenient reader refuses (a value of a key it skips that is no TOML, a number
with a leading zero, a control character ...), :func:`fast_places` leaves the hand to the
lenient reader, which words the refusal.

PokerStars' hands (and its skins', and GGPoker's, which its kernel reads too) the same way
from PokerStars' kernel's log in the same layout (:func:`read_stars_text`, :class:`StarsBlock`:
the seats and actions from the log, the site's record from the lenient reader, PokerStars' or
the site's own, when first read; ``tests/histories/test_stars_logged_hands.py``); Winamax's,
Bovada's, 888poker's, PartyPoker's and Winning's from the log of the site's own share, the
kernel that replays them too (``batches.SITE_SHARES``: ``_winamax_kernels.wx_share`` ...), in
that layout (``tests/histories/test_sites_logged_hands.py``); iPoker's XML from its share's log
as well (:func:`read_ipoker_text`, ``_ipoker_kernels.ip_share``: the site's record from iPoker's
reader, each action on its hand's line as that reader gives it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Final, cast
from weakref import ref

import numpy as np
import numpy.typing as npt

from pokerscore._support.slots import lazy_attribute
from pokerscore.cards import FULL_DECK, Card
from pokerscore.histories._bytes import NEWLINE
from pokerscore.histories._layout import (
    F_BIG,
    F_COUNT,
    F_HEADER,
    F_ID_START,
    F_ID_STOP,
    F_NUMBER,
    F_SCALE,
    F_SMALL,
    F_START,
    F_STOP,
    F_VARIANT,
    F_VENUE_START,
    F_VENUE_STOP,
    FACTS,
    GAME_NAMES,
    MAX_PLAYERS,
    VARIANT_NAMES,
)
from pokerscore.histories._phh_kernels import (
    KEPT_KEYS,
    S_BIG_BET,
    S_BRING_IN,
    S_HAS_FINISH,
    S_HAS_WON,
    S_MIN_BET,
    S_TRIMMING,
    V_ANTE,
    V_BLIND,
    V_FINISHING,
    V_IN_TURN,
    V_STACK,
    V_WON,
)
from pokerscore.histories.hand_input import BETTINGS, KINDS
from pokerscore.histories.hand_log import _value, logged
from pokerscore.histories.kernel_results import (
    _built,
    _collector_paused,
    _cut,
    _dead,
    named_players,
    texts_at,
)
from pokerscore.histories.model import Action, HandHistory, HandHistoryError, Seat
from pokerscore.histories.phh import toml_table, variant_rules

if TYPE_CHECKING:
    from pokerscore.histories._phh_kernels import PhhLog
    from pokerscore.histories._stars_kernels import StarsMarks
    from pokerscore.histories.batches import Batch, IpokerIndex

CHUNK: Final = 1024
"""The hands of a block (:class:`HandBlock`): each field made for the whole block when first
read."""
_FIELDS: Final = HandHistory.__match_args__
_SLOTS: Final = {name: HandHistory.__dict__[name] for name in _FIELDS}
_NEW: Final = object.__new__
_consume: Final = deque[object](maxlen=0).extend
"""Runs an iterator to its end (``map`` of the slots' setters: C loops, no Python frame)."""
_NONE: Final = 255
"""No card, or a card nobody saw, as a byte of the log's int8 cards (-1)."""
_UNUSED: Final = 254
"""A byte of a log row outside the cards an action field holds."""
_KIND_WORDS: Final = np.array(sorted(KINDS, key=KINDS.__getitem__), dtype=object)
_VARIANT_WORDS: Final = np.array(VARIANT_NAMES, dtype=object)
_TABLE, _CURRENCY, _CURRENCY_SYMBOL, _EVENT = (KEPT_KEYS.index(key) for key in
                                                 ("table", "currency", "currency_symbol", "event"))  # fmt: skip


class _CardTuples(dict[bytes, tuple[Card | None, ...]]):
    """An action's cards by its log row's bytes (``_UNUSED`` outside them, ``_NONE`` a card
    nobody saw)."""

    def __missing__(self, key: bytes) -> tuple[Card | None, ...]:
        if len(self) > 1 << 16:
            self.clear()
        cards = self[key] = tuple(
            None if byte == _NONE else FULL_DECK[byte] for byte in key if byte != _UNUSED
        )
        return cards


_CARD_TUPLES: Final = _CardTuples()
_ACTIONS: dict[int, dict[bytes | str, Action]] = {}
"""Actions by their hand's scale (its decimals) and their text (its bytes,
:meth:`HandBlock._action_keys`), which say all of an action (frozen: a hand's fold is
another's; a bet's amount in units is its text's at the scale)."""
_ACTION_WIDTH: Final = 32
"""The bytes of an action's key (a block with a longer action keys its actions by their
texts)."""


def _key_masks(width: int) -> npt.NDArray[np.uint64]:
    """The mask of a text of each length up to ``width`` bytes (its bytes kept, the rest
    zeros), as uint64 words."""
    kept = np.arange(width) < np.arange(width + 1)[:, None]
    return np.where(kept, 0xFF, 0).astype(np.uint8).view(np.uint64)


_KEY_MASKS: Final = {width: _key_masks(width) for width in (_ACTION_WIDTH // 2, _ACTION_WIDTH)}

# -- which hands the log gives ------------------------------------------------------------------


def read_phh_text(
    data: bytes, first_line: int, first_hand: int, tables: int | None = None
) -> Batch | None:
    """The ``[n]`` tables of ``data`` (from a line start, the first the file's
    ``first_hand``-th, on line ``first_line``) read by the PHH fast reader into its log and
    not replayed (:func:`~._phh_kernels.phh_logs`): a :class:`~.batches.Batch` whose facts,
    names, seats and log only are filled (its replay's arrays empty), a hand read whole ``OK``,
    any other ``SLOW``; None when text stands before the first table. ``tables`` is the count
    of ``data``'s lines starting ``[`` where the caller has it (counted here otherwise: some
    9 ms of 8 MiB)."""
    import numba

    from pokerscore.histories._phh_kernels import PhhIndex, new_log, phh_index, phh_logs
    from pokerscore.histories.batches import Batch

    text = np.frombuffer(data, dtype=np.uint8)
    if tables is None:
        tables = data.count(b"\n[") + data.startswith(b"[")
    capacity = max(1, tables)  # lines starting ``[``
    starts, stops, numbers, headers = (np.zeros(capacity, dtype=np.int64) for _ in range(4))
    index = PhhIndex(starts, stops, numbers, headers, np.zeros(capacity + 1, dtype=np.int64))
    hands = phh_index(text, False, first_line, first_hand, *index)
    if hands < 0:
        return None
    facts = np.zeros((capacity, FACTS), dtype=np.int64)
    names = np.full((capacity, 2 * MAX_PLAYERS), -1, dtype=np.int64)
    seats = np.full((capacity, MAX_PLAYERS), -1, dtype=np.int64)
    log = new_log(hands, text.shape[0])
    threads = max(1, min(numba.get_num_threads(), hands // 64 or 1))
    phh_logs(text, index, hands, threads, facts, names, seats, log)
    none = np.zeros((0, MAX_PLAYERS), dtype=np.int64)
    return Batch(
        text=text, hands=hands, facts=facts, names=names, seats=seats, put_in=none, gross=none,
        won=none, gross_parts=none, won_parts=none, flags=none.astype(np.int8),
        holes=np.zeros((0, MAX_PLAYERS, 1), dtype=np.int8), boards=np.zeros((0, 5), np.int8),
        pots=none, pot_masks=none.astype(np.int32),
        pot_shares=np.zeros((0, MAX_PLAYERS, MAX_PLAYERS), dtype=np.int32),
        action_flags=none.astype(np.uint8), lines=int(index.lines[hands]), log=log,
    )  # fmt: skip


def fast_places(batch: Batch, data: bytes) -> npt.NDArray[np.bool_]:
    """Which hands of ``batch`` (read from ``data``) the log gives as the lenient reader reads
    them: read whole and kept in the log (:func:`~.hand_log.logged`), and UTF-8 for Python (the
    kernel's check of the bytes' bounds lets a surrogate through). What else the lenient
    reader refuses (a control character, a number TOML does not write, a value of a key the
    fast reader skips that is no TOML) the fast reader leaves to it itself
    (``_phh_kernels._plain``, ``_skip_value``). An iPoker batch's hands need no such check:
    the log's text is ASCII there (names, the kernel checks; the hand's number, digits), the
    rest is iPoker's reader's, which decodes each line as its client wrote it."""
    fast = logged(batch)
    if fast.any() and batch.generals is None and not data.isascii():
        facts = batch.facts[: batch.hands]
        starts, stops = facts[:, F_START], facts[:, F_STOP]
        for hand in np.flatnonzero(fast).tolist():
            try:
                data[starts[hand] : stops[hand]].decode("utf-8")
            except UnicodeDecodeError:
                fast[hand] = False
    return fast


# -- the hands of a block ---------------------------------------------------------------------


class LoggedHand(HandHistory):
    """A :class:`~pokerscore.histories.model.HandHistory` the PHH fast reader read, whose
    fields are made when first read: each from its block's log (:class:`HandBlock`: the whole
    block's column at once, the first time any of its hands asks), ``fields`` by
    :mod:`tomllib` from the hand's own text. Equal to the
    :class:`~pokerscore.histories.model.HandHistory` of the same values, pickled as one.

    A field is the dataclass's own slot, empty until first read: a read of an empty slot comes
    to :meth:`__getattr__`, which makes the block's column and fills that slot of every hand of
    the block (:meth:`HandBlock.fill`), so a field costs one exception a block and every later
    read is the slot's own (C, no Python frame: a descriptor of ours was some 0.4 µs a read).

    A hand holds its block (its text and the log's rows of its hands, some 1,024 hands') while
    it lives; made otherwise (``dataclasses.replace``), every field is its own."""

    __slots__ = ("_at", "_block")
    _at: int
    _block: HandBlock | None

    def __init__(self, *values: Any, **named: Any) -> None:
        """Every field given (``dataclasses.replace`` makes one so): no block."""
        _BLOCK_SLOT.__set__(self, None)
        HandHistory.__init__(self, *values, **named)

    @property
    def fields(self) -> Mapping[str, object]:
        block = self._block
        if block is not None:
            return block.table(self._at)
        return _FIELDS_SLOT.__get__(self)  # type: ignore[no-any-return]

    @fields.setter
    def fields(self, value: Mapping[str, object]) -> None:
        _FIELDS_SLOT.__set__(self, value)

    if not TYPE_CHECKING:  # (hidden from mypy: it would make every unknown attribute Any)

        def __getattr__(self, name: str) -> Any:
            """A field not read yet (its slot empty): its block's column made and filled in."""
            return lazy_attribute(self, name, _BLOCK_SLOT, _LAZY_SLOTS)

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandHistory):
            return NotImplemented
        return self._values() == tuple(getattr(other, name) for name in _FIELDS)

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return repr(HandHistory(*cast(Any, self._values())))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return HandHistory, self._values()


_LAZY_SLOTS: Final = {name: slot for name, slot in _SLOTS.items() if name != "fields"}
"""The member descriptors of the fields :meth:`LoggedHand.__getattr__` fills."""
_BLOCK_SLOT: Final = LoggedHand.__dict__["_block"]
_AT_SLOT: Final = LoggedHand.__dict__["_at"]
_FIELDS_SLOT: Final = _SLOTS["fields"]


class _Hands(list[HandHistory]):
    """A block's hands, as the iteration hands them on: a list its block refers to weakly."""

    __slots__ = ("__weakref__",)


class HandBlock:
    """Some hands of a batch the fast reader read and logged (:func:`fast_places`), made
    :class:`LoggedHand`\\ s by column (:meth:`hands`): the block keeps a copy of their rows and
    log, and their text, not the batch's."""

    MAKERS: Mapping[str, Callable[[Any], list[Any]]]
    """Each field's maker of the block's column (PHH's :data:`_MAKERS`)."""
    CALL_AMOUNTS: bool = False
    """Whether a ``check-call`` keeps the amount the text writes (PokerStars': what the call
    costs, checked by the replay), as a ``bet-raise`` does."""

    def __init__(self, batch: Batch, places: npt.NDArray[np.intp], data: bytes, file: str) -> None:
        log = batch.log
        assert log is not None
        facts = np.take(batch.facts, places, axis=0)
        starts, stops = facts[:, F_START], facts[:, F_STOP]
        low, high = int(starts.min()), int(stops.max())
        self.text = data[low:high]
        self.low = low
        self.file = file
        self.hands = len(places)
        self.facts = facts
        self.starts, self.stops = starts - low, stops - low
        # rows gathered by ``np.take`` along the first axis (a few times faster than a fancy
        # index of a 2-D array, or a boolean one of a 3-D one), the players' by their rows in
        # the batch's arrays seen as one row a player
        counts = facts[:, F_COUNT]
        firsts = np.cumsum(counts) - counts
        players = np.repeat(places * MAX_PLAYERS - firsts, counts) + np.arange(int(counts.sum()))
        names = np.take(batch.names.reshape(-1, 2), players, axis=0)
        self.names = np.where(names >= 0, names - low, names)  # none (-1) and Bovada's Hero kept
        self.seat_numbers = batch.seats.reshape(-1)[players]
        self.seats = np.take(log.seats.reshape(-1, log.seats.shape[2]), players, axis=0)
        self.setup = np.take(log.setup, places, axis=0)
        spans = np.take(log.spans, places, axis=0)
        self.spans = np.where(spans >= 0, spans - low, -1)
        steps = log.steps[places]
        firsts = np.cumsum(steps) - steps
        at = np.repeat(log.first[places] - firsts, steps) + np.arange(int(steps.sum()))
        self.steps = steps
        self.kinds = log.kinds[at].astype(np.int64)
        self.actors = log.actors[at].astype(np.int64)
        self.amounts = log.amounts[at]
        self.cards = np.take(log.cards, at, axis=0)
        self.card_counts = log.card_counts[at].astype(np.int64)
        self.action_spans = np.take(log.texts, at, axis=0) - low
        self.logged_at = at
        """Each of the block's actions' place in the batch's log."""
        self.columns: dict[str, list[Any]] = {}
        self.tables: dict[int, Mapping[str, object]] = {}
        self.made: Callable[[], list[HandHistory] | None] = _dead
        """The block's hands' list (:meth:`hands_made`) while it lives, else None."""

    def hands_made(self) -> list[HandHistory]:
        """The block's hands, in order, each field made when first read (the block refers to
        the list weakly: a hand refers to its block, and a cycle is the collector's to free)."""
        hands = self.hands
        made = _Hands(map(_NEW, repeat(LoggedHand, hands)))
        _consume(map(_BLOCK_SLOT.__set__, made, repeat(self, hands)))
        _consume(map(_AT_SLOT.__set__, made, range(hands)))
        self.made = ref(made)
        return made

    def fill(self, hand: LoggedHand, name: str, slot: Any) -> None:
        """The field ``name`` (its member descriptor ``slot``) of every hand of the block while
        their list lives (the iteration's), else of ``hand`` alone."""
        column = self.column(name)
        made = self.made()
        if made is not None:
            _consume(map(slot.__set__, made, column))
        else:
            slot.__set__(hand, column[_AT_SLOT.__get__(hand)])

    def column(self, field: str) -> list[Any]:
        """Every hand's ``field``, made the first time it is asked for."""
        found = self.columns.get(field)
        if found is None:
            with _collector_paused():
                found = self.columns[field] = self.MAKERS[field](self)
        return found

    def table(self, at: int) -> Mapping[str, object]:
        """The TOML table of the hand at ``at`` (its ``fields``), read the first time it is
        asked for."""
        found = self.tables.get(at)
        if found is None:
            text = self.text[self.starts[at] : self.stops[at]].decode("utf-8")
            found = self.tables[at] = toml_table(text)
        return found

    def _texts(
        self, starts: npt.NDArray[np.int64], stops: npt.NDArray[np.int64]
    ) -> list[str | None]:
        """The block's text between each pair of places (None where the start is -1)."""
        return texts_at(self.text, starts, stops)

    def _between(self, start: int, stop: int) -> list[str | None]:
        """The text between two facts' places of each hand (None where the first is -1)."""
        starts = self.facts[:, start]
        return self._texts(
            np.where(starts >= 0, starts - self.low, -1), self.facts[:, stop] - self.low
        )

    def _kept(self, key: int) -> list[str | None]:
        """One of :data:`KEPT_KEYS`' values as the lenient reader's ``str`` of it (None where
        absent)."""
        raws = self._texts(self.spans[:, 2 * key], self.spans[:, 2 * key + 1])
        return [None if raw is None else str(_value(raw)) for raw in raws]

    def _per_hand(self, values: list[Any], present: npt.NDArray[np.bool_]) -> list[Any]:
        """The players' ``values`` as a tuple a hand (None where not ``present``)."""
        cut: list[Any] = _cut(values, self.facts[:, F_COUNT].tolist())
        for k in np.flatnonzero(~present).tolist():
            cut[k] = None
        return cut

    def _seats(self) -> list[tuple[Seat, ...]]:
        counts = self.facts[:, F_COUNT]
        players = int(counts.sum())
        names, seat_numbers = named_players(self.text, self.names, counts, self.seat_numbers)
        values = self.seats
        columns = [
            names,
            seat_numbers,
            values[:, V_STACK].tolist(),
            values[:, V_ANTE].tolist(),
            values[:, V_BLIND].tolist(),
            (values[:, V_IN_TURN] != 0).tolist(),
        ]
        return _cut(_built(Seat, columns, players), counts.tolist())

    def _actions(self) -> list[tuple[Action, ...]]:
        """Every hand's actions: an action written as one made before at the same scale (its
        text's bytes, :meth:`_action_keys`) is that one (frozen: shared, as the cards are), the
        others made by column (their texts decoded then)."""
        keys = self._action_keys()
        scales = np.unique(self.facts[:, F_SCALE]).tolist()  # the hands' (1,024, not 16,000)
        found: list[Action | None] = [None] * len(keys)
        for scale in scales:
            known = _ACTIONS.setdefault(scale, {})
            if len(known) > 1 << 16:
                known.clear()
            if len(scales) == 1:  # the usual block: one scale, every action
                found = list(map(known.get, keys))
                new = np.flatnonzero(np.fromiter(map(is_, found, repeat(None)), np.bool_, len(keys)))  # fmt: skip
            else:
                at = np.flatnonzero(np.repeat(self.facts[:, F_SCALE], self.steps) == scale).tolist()  # fmt: skip
                for k, action in zip(at, map(known.get, [keys[k] for k in at]), strict=True):
                    found[k] = action
                new = np.array([k for k in at if found[k] is None], dtype=np.intp)
            if len(new):
                spans = self.action_spans[new]
                texts = cast("list[str]", self._texts(spans[:, 0], spans[:, 1]))
                count = len(new)
                made = self._made_actions(new, texts, repeat(0, count), repeat(None, count),
                                          repeat(False, count))  # fmt: skip
                for k, action in zip(new.tolist(), made, strict=True):
                    found[k] = known[keys[k]] = action
        return _cut(found, self.steps.tolist())

    def _action_keys(self) -> list[bytes] | list[str]:
        """Every action's key among those made (:data:`_ACTIONS`): its text's bytes and zeros
        after, to half :data:`_ACTION_WIDTH` or to the whole as the block's longest text needs
        (NumPy cuts them; no text holds a zero byte, the kernel leaves control characters to
        the lenient reader; the two widths' keys never meet, each makes its own actions), else
        its text."""
        spans = self.action_spans
        lengths = spans[:, 1] - spans[:, 0]
        longest = int(lengths.max()) if len(lengths) else 0
        if not longest or longest > _ACTION_WIDTH:
            return cast("list[str]", self._texts(spans[:, 0], spans[:, 1]))
        width = _ACTION_WIDTH // 2 if longest <= _ACTION_WIDTH // 2 else _ACTION_WIDTH
        text = self.text
        if int(spans[-1, 0]) + width > len(text):  # (the last text's row past the block's)
            text += bytes(width)
        rows = np.lib.stride_tricks.sliding_window_view(np.frombuffer(text, np.uint8), width)
        words = rows[spans[:, 0]].view(np.uint64) & _KEY_MASKS[width][lengths]  # zeros past each
        keys: list[bytes] = words.view(f"V{width}").ravel().tolist()
        return keys

    def _made_actions(
        self,
        at: npt.NDArray[np.intp],
        texts: Iterable[str],
        runouts: Iterable[int],
        lines: Iterable[int | None],
        all_ins: Iterable[bool],
    ) -> list[Action]:
        """The actions at ``at`` (their ``texts``, runs, lines and all-ins), made by column: a
        ``bet-raise``'s amount kept (and a ``check-call``'s where the format writes what the
        call costs, :attr:`CALL_AMOUNTS`), a draw's the count of its cards thrown."""
        kinds, actors, amounts = self.kinds[at], self.actors[at], self.amounts[at]
        total = len(kinds)
        draws = kinds == KINDS["draw"]
        thrown = np.where(draws, amounts, 0)
        columns = np.arange(self.cards.shape[1])
        cards = self.cards[at].view(np.uint8)
        held = (columns >= thrown[:, None]) & (columns < self.card_counts[at][:, None])
        dealt = np.where(held, cards, _UNUSED).astype(np.uint8)
        width = f"V{cards.shape[1]}"
        card_tuples = list(map(_CARD_TUPLES.__getitem__, dealt.view(width).ravel().tolist()))
        discarded: list[tuple[Card | None, ...]] | repeat[tuple[()]] = repeat((), total)
        if draws.any():
            gone = np.where(columns < thrown[:, None], cards, _UNUSED).astype(np.uint8)
            discarded = list(map(_CARD_TUPLES.__getitem__, gone.view(width).ravel().tolist()))
        who = np.array(actors, dtype=object)
        who[actors < 0] = None
        bets = np.array(amounts, dtype=object)
        kept = kinds == KINDS["bet-raise"]
        if self.CALL_AMOUNTS:
            kept |= kinds == KINDS["check-call"]
        bets[~kept] = None
        columns_made = [
            _KIND_WORDS[kinds].tolist(),
            who.tolist(),
            bets.tolist(),
            card_tuples,
            runouts,
            lines,
            texts,
            all_ins,
            discarded,
        ]
        made: list[Action] = _built(Action, columns_made, total)
        return made


@cache
def _rules(variant: int) -> tuple[str, str]:
    game, betting = variant_rules(VARIANT_NAMES[variant])
    return game, betting


def _currency(block: HandBlock) -> list[str | None]:
    """The ``currency``, else the ``currency_symbol`` (as the lenient reader takes them)."""
    named = block.spans[:, 2 * _CURRENCY] >= 0
    currencies, symbols = block._kept(_CURRENCY), block._kept(_CURRENCY_SYMBOL)
    return [c if has else s for c, s, has in zip(currencies, symbols, named.tolist(), strict=True)]


def _constant(value: object) -> Callable[[HandBlock], list[Any]]:
    return lambda block: [value] * block.hands


def _facts(column: int) -> Callable[[HandBlock], list[Any]]:
    return lambda block: block.facts[:, column].tolist()


def _setup(column: int) -> Callable[[HandBlock], list[Any]]:
    return lambda block: block.setup[:, column].tolist()


_MAKERS: Final[dict[str, Callable[[HandBlock], list[Any]]]] = {
    "variant": lambda block: _VARIANT_WORDS[block.facts[:, F_VARIANT]].tolist(),
    "game": lambda block: [_rules(v)[0] for v in block.facts[:, F_VARIANT].tolist()],
    "betting": lambda block: [_rules(v)[1] for v in block.facts[:, F_VARIANT].tolist()],
    "seats": HandBlock._seats,
    "actions": HandBlock._actions,
    "scale": lambda block: (10 ** block.facts[:, F_SCALE]).tolist(),
    "min_bet": _setup(S_MIN_BET),
    "big_bet": _setup(S_BIG_BET),
    "ante_trimming": lambda block: (block.setup[:, S_TRIMMING] != 0).tolist(),
    "small_blind": _facts(F_SMALL),
    "big_blind": _facts(F_BIG),
    "winnings": lambda block: block._per_hand(
        block.seats[:, V_WON].tolist(), block.setup[:, S_HAS_WON] != 0
    ),
    "finishing_stacks": lambda block: block._per_hand(
        block.seats[:, V_FINISHING].tolist(), block.setup[:, S_HAS_FINISH] != 0
    ),
    "rake": _constant(None),
    "total_pot": _constant(None),
    "site_pots": _constant(None),
    "returned": _constant(None),
    "cash_outs": _constant(()),
    "site": lambda block: block._between(F_VENUE_START, F_VENUE_STOP),
    "hand_id": lambda block: block._between(F_ID_START, F_ID_STOP),
    "table": lambda block: block._kept(_TABLE),
    "currency": _currency,
    "tournament": lambda block: block._kept(_EVENT),
    "time": _constant(None),
    "file": lambda block: [block.file] * block.hands,
    "number": _facts(F_NUMBER),
    "line": _facts(F_HEADER),
    "source_format": _constant("phh"),
    "bring_in": _setup(S_BRING_IN),
}
"""Each field's maker of a block's column (``fields`` is a hand's own: :meth:`HandBlock.table`)."""

HandBlock.MAKERS = _MAKERS


# -- PokerStars' layout -----------------------------------------------------------------------


def read_stars_text(
    data: bytes, first_line: int, first_hand: int, layout: str = "pokerstars"
) -> Batch | None:
    """The hands of ``data`` in PokerStars' layout (from the start of a hand, on line
    ``first_line``, the file's ``first_hand``-th; ``layout`` the format,
    ``batches.StarsLayout``), found as the replay finds them (:func:`~.batches.layout_index`),
    read by its kernel into the log and not replayed (:func:`~._stars_kernels.stars_logs`; a
    site's hands by its own share, ``batches.SITE_SHARES``): a :class:`~.batches.Batch` whose
    facts (each hand's first line ``F_HEADER``), names, seats, log and marks only are filled, a
    hand read whole ``OK``, any other ``SLOW``; None when other text stands before the first
    hand."""
    import numba

    from pokerscore.histories._stars_kernels import stars_logs
    from pokerscore.histories.allin import kernel_tables
    from pokerscore.histories.batches import SITE_SHARES, layout_index

    text = np.frombuffer(data, dtype=np.uint8)
    hands, starts, stops, sites = layout_index(data, text, layout)
    if hands < 0:
        return None
    batch, log, marks = _logged_batch(text, hands, text.shape[0])
    batch.site_codes = sites[:hands]
    threads = max(1, min(numba.get_num_threads(), hands // 64 or 1))
    share = SITE_SHARES.get(layout)  # a site's hands: its share, which logs them too
    tables = kernel_tables() if share is not None else None  # (its type's; not read)
    stars_logs(text, starts, stops, sites, data.isascii(), first_hand, hands, threads,
               batch.rows(), log, marks, share, tables)  # fmt: skip
    newlines = np.flatnonzero(text == NEWLINE)
    facts = batch.facts
    facts[:hands, F_HEADER] = first_line + np.searchsorted(newlines, facts[:hands, F_START])
    return batch


def read_ipoker_text(data: bytes, index: IpokerIndex, first: int, last: int) -> Batch:
    """The hands ``first`` to ``last`` (the index's places, from 0; numbered from ``first + 1``)
    of an iPoker buffer (``batches.ipoker_file``'s) read by its share into the log and not
    replayed (``_stars_kernels.stars_logs`` with ``_ipoker_kernels.ip_share``, the kernel that
    replays them too): a batch as :func:`read_stars_text`'s (each hand's ``F_HEADER`` the line
    its start tag ends on), with its sessions' ``<general>`` parts for the hands left
    (``batches.ipoker_sessions``)."""
    import numba

    from pokerscore.histories._ipoker_kernels import ip_share
    from pokerscore.histories._stars_kernels import stars_logs
    from pokerscore.histories.allin import kernel_tables
    from pokerscore.histories.batches import ipoker_sessions

    text = np.frombuffer(data, dtype=np.uint8)
    hands = last - first
    starts, stops = index.starts[first:last], index.stops[first:last]
    contexts = index.contexts[first:last]
    batch, log, marks = _logged_batch(text, hands, int(stops[-1] - starts[0]) if hands else 0)
    threads = max(1, min(numba.get_num_threads(), hands // 64 or 1))
    # (the contexts where a share of PokerStars' layout reads its sites' codes: ``ip_share``'s)
    stars_logs(text, starts, stops, contexts, False, first + 1, hands, threads, batch.rows(), log,
               marks, ip_share, kernel_tables())  # fmt: skip
    ipoker_sessions(batch, data, contexts, first)
    return batch


def _logged_batch(
    text: npt.NDArray[np.uint8], hands: int, size: int
) -> tuple[Batch, PhhLog, StarsMarks]:
    """An empty :class:`~.batches.Batch` for ``hands`` hands of ``text`` logged, not replayed:
    its facts, names, seats, log (for ``size`` bytes of hands) and marks only, the replay's
    arrays empty; its log and marks."""
    from pokerscore.histories._phh_kernels import new_log
    from pokerscore.histories._stars_kernels import new_marks
    from pokerscore.histories.batches import Batch

    capacity = max(1, hands)
    facts = np.zeros((capacity, FACTS), dtype=np.int64)
    names = np.full((capacity, 2 * MAX_PLAYERS), -1, dtype=np.int64)
    seats = np.full((capacity, MAX_PLAYERS), -1, dtype=np.int64)
    flags = np.zeros((capacity, MAX_PLAYERS), dtype=np.uint8)
    none = np.zeros((0, MAX_PLAYERS), dtype=np.int64)
    log = new_log(hands, size)
    marks = new_marks(log.kinds.shape[0])
    batch = Batch(
        text=text, hands=hands, facts=facts, names=names, seats=seats, put_in=none, gross=none,
        won=none, gross_parts=none, won_parts=none, flags=none.astype(np.int8),
        holes=np.zeros((0, MAX_PLAYERS, 1), dtype=np.int8), boards=np.zeros((0, 5), np.int8),
        pots=none, pot_masks=none.astype(np.int32),
        pot_shares=np.zeros((0, MAX_PLAYERS, MAX_PLAYERS), dtype=np.int32),
        action_flags=flags, log=log, marks=marks,
    )  # fmt: skip
    return batch, log, marks


class StarsBlock(HandBlock):
    """Some hands of a batch in PokerStars' layout its kernel read and logged
    (:func:`read_stars_text`), made by column as PHH's are (:class:`HandBlock`): the seats, the
    actions (each one's line from where its line starts, its run and all-in from the batch's
    marks), the stakes, bets and what each player collected from the log; what the site's
    record says beside (its time, table, currency, tournament, rake, total, pots, returned
    bets, the header's ``fields`` ...) from the lenient reader's reading of the block's hands,
    made the first time one of them is asked for."""

    CALL_AMOUNTS = True

    def __init__(
        self, batch: Batch, places: npt.NDArray[np.intp], data: bytes, file: str, layout: str
    ) -> None:
        HandBlock.__init__(self, batch, places, data, file)
        self.layout = layout
        marks = batch.marks
        assert marks is not None
        self.all_ins = marks.all_ins[self.logged_at]
        self.runouts = marks.runouts[self.logged_at]
        self.read: list[HandHistory] | None = None
        self.ipoker = batch if batch.generals is not None else None
        """iPoker's batch (its hands' sessions), whose reader reads the site's record."""

    def table(self, at: int) -> Mapping[str, object]:
        return self.reference()[at].fields

    def reference(self) -> list[HandHistory]:
        """The block's hands as the lenient reader reads them (read once, when first asked)."""
        if self.read is None:
            from pokerscore.histories.sites.layouts import reference_stars_hand

            facts = self.facts
            read = []
            for at, (number, line) in enumerate(facts[:, [F_NUMBER, F_HEADER]].tolist()):
                text = self.text[self.starts[at] : self.stops[at]]
                if self.ipoker is not None:  # iPoker's: read with its session's <general>
                    hand = self.ipoker.ipoker_hand(text, self.file, number, line)
                else:
                    hand = reference_stars_hand(text, self.file, number, line, self.layout)
                if isinstance(hand, HandHistoryError):
                    raise hand
                read.append(hand)
            self.read = read
        return self.read

    def _stars_actions(self) -> list[tuple[Action, ...]]:
        """Every hand's actions, made by column (no text: the line each was read from)."""
        count = len(self.kinds)
        if self.ipoker is not None:  # iPoker's reader: each action on its hand's line
            lines = np.repeat(self.facts[:, F_HEADER], self.steps).tolist()
        else:
            starts = self.action_spans[:, 0]
            newlines = np.flatnonzero(np.frombuffer(self.text, dtype=np.uint8) == NEWLINE)
            first = int(self.facts[0, F_HEADER]) if self.hands else 0  # the block's first line
            lines = (first + np.searchsorted(newlines, starts)).tolist()
        made = self._made_actions(np.arange(count), repeat("", count), self.runouts.tolist(),
                                  lines, (self.all_ins != 0).tolist())  # fmt: skip
        return _cut(made, self.steps.tolist())


def _lenient(name: str) -> Callable[[StarsBlock], list[Any]]:
    """A field of the site's record: the lenient reader's reading of the block's hands."""
    return lambda block: [getattr(hand, name) for hand in block.reference()]


_RECORD_FIELDS: Final = (
    *("rake", "total_pot", "site_pots", "returned", "cash_outs", "site", "table", "currency"),
    *("tournament", "time", "source_format"),
)
"""The fields of a PokerStars hand the log does not hold: the lenient reader's."""
_GAME_WORDS: Final = np.array(GAME_NAMES, dtype=object)
_BETTING_WORDS: Final = np.array(sorted(BETTINGS, key=BETTINGS.__getitem__), dtype=object)
_STARS_MAKERS: Final[dict[str, Callable[[StarsBlock], list[Any]]]] = {
    **_MAKERS,
    # the game by its code (PHH's variant codes name no six-card Omaha)
    "game": lambda block: _GAME_WORDS[block.facts[:, F_VARIANT] // 3].tolist(),
    "betting": lambda block: _BETTING_WORDS[block.facts[:, F_VARIANT] % 3].tolist(),
    "actions": StarsBlock._stars_actions,
    **{name: _lenient(name) for name in _RECORD_FIELDS},
}
"""Each field's maker of a PokerStars block's column."""
StarsBlock.MAKERS = _STARS_MAKERS
