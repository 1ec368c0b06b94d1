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
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np
import numpy.typing as npt

from pokerscore.cards import FULL_DECK, Card
from pokerscore.histories._bytes import MINUS, NEWLINE, NINE, POINT, RETURN, SPACE, TAB, ZERO
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
    MAX_PLAYERS,
    VARIANT_NAMES,
)
from pokerscore.histories._phh_kernels import (
    KEPT_KEYS,
    KEYS,
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
from pokerscore.histories.hand_input import KINDS
from pokerscore.histories.hand_log import _readable, _value, logged
from pokerscore.histories.kernel_results import BlockField, _built, _collector_paused, _cut
from pokerscore.histories.model import Action, HandHistory, Seat
from pokerscore.histories.phh import toml_table, variant_rules

if TYPE_CHECKING:
    from pokerscore.histories.batches import Batch

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
_ACTIONS: dict[tuple[str, int | None], Action] = {}
"""Actions by their text and amount in units (frozen: a hand's fold is another's)."""

# -- which hands the log gives ------------------------------------------------------------------

_NUMBER_KEYS: Final = frozenset(
    key.encode()
    for key in ("antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
                "starting_stacks", "seats", "winnings", "finishing_stacks", "bring_in", "hand")
)  # fmt: skip
"""The keys whose values the fast reader reads as numbers (``hand`` may be one)."""
_THREE_WORD_DRAW: Final = re.compile(rb"sd +[^ '\"\n]+ +[^ '\"\n]+ +[^ '\"\n]+")
"""A draw of three words of cards: the fast reader takes it, the lenient reader at most two."""
_KEY_CHARS: Final = np.zeros(256, dtype=np.bool_)
_KEY_CHARS[list(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")] = True
_KEY_WIDTH: Final = 24
"""The bytes of a key told apart (a longer key is none of :data:`KEYS`)."""
_DELETE: Final = 127
"""The one control character above the space (TOML has no control character but the tab)."""


def fast_places(batch: Batch, data: bytes) -> npt.NDArray[np.bool_]:
    """Which hands of ``batch`` (read from ``data``) the log gives as the lenient reader reads
    them: played by the kernels and kept in the log (:func:`~.hand_log.logged`), with no text
    the fast reader takes and the lenient reader refuses: a control character or a carriage
    return alone (TOML has none), text that is no UTF-8 for Python, a value of a key the fast
    reader skips that is no TOML (:func:`_skipped_values`), a number TOML does not write or a
    bet of ``.5`` (:func:`_odd_numbers`), a draw of three words of cards."""
    hands = batch.hands
    fast = logged(batch)
    if not fast.any():
        return fast
    facts = batch.facts[:hands]
    starts, stops = facts[:, F_START], facts[:, F_STOP]
    text = np.frombuffer(data, dtype=np.uint8)
    bad = (text < SPACE) & (text != TAB) & (text != NEWLINE) & (text != RETURN)
    bad |= text == _DELETE
    bad[:-1] |= (text[:-1] == RETURN) & (text[1:] != NEWLINE)
    if len(text) and text[-1] == RETURN:
        bad[-1] = True
    draws = [found.start() for found in _THREE_WORD_DRAW.finditer(data)]
    spoiled = [np.flatnonzero(bad), np.array(draws, dtype=np.int64)]
    spoiled += [_odd_numbers(data, text), _skipped_values(data, text)]
    places = _hands_at(np.concatenate(spoiled), starts, stops)
    fast[places] = False
    if not data.isascii():
        for hand in np.flatnonzero(fast).tolist():
            try:
                data[starts[hand] : stops[hand]].decode("utf-8")
            except UnicodeDecodeError:
                fast[hand] = False
    return fast


def _odd_numbers(data: bytes, text: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Where a value the fast reader reads as numbers (:data:`_NUMBER_KEYS`) holds one TOML
    does not write (``.5``, ``05``; a seat below 0), or an action a bet of ``.5`` (the lenient
    reader wants a digit before the point): the few places NumPy finds that could be one
    (a point after no digit, a zero after no digit or point and before a digit, a minus),
    each one's line looked at."""
    edge = np.array([NEWLINE], dtype=np.uint8)
    padded = np.concatenate([edge, text, edge])  # a neighbour each side: ``padded[at]`` before
    points = np.flatnonzero(text == POINT)
    zeros = np.flatnonzero(text == ZERO)
    minuses = np.flatnonzero(text == MINUS)
    before_point, before_zero, after_zero = padded[points], padded[zeros], padded[zeros + 2]
    lone_points = points[(before_point < ZERO) | (before_point > NINE)]
    leading = ((before_zero < ZERO) | (before_zero > NINE)) & (before_zero != POINT)
    leading &= (after_zero >= ZERO) & (after_zero <= NINE)
    maybe = np.sort(np.concatenate([lone_points, zeros[leading], minuses]))
    found: list[int] = []
    for at in maybe.tolist():
        line = data.rfind(b"\n", 0, at) + 1
        key, equals, before = data[line:at].partition(b"=")
        if not equals:
            continue
        key = key.strip()
        if key in _NUMBER_KEYS:
            if text[at] != MINUS or key == b"seats":
                found.append(at)
        elif key == b"actions" and text[at] == POINT and before.rstrip(b" ").endswith(b"cbr"):
            found.append(at)
    return np.array(found, dtype=np.int64)


def _skipped_values(data: bytes, text: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
    """Where a line of a key the fast reader skips (none of :data:`KEYS`: its value unread)
    holds a value that is no TOML (:func:`~.hand_log._readable`, once per distinct text): each
    line's key told by NumPy from its first :data:`_KEY_WIDTH` bytes (a hash of them and the
    key's length); a line indented, by a regular expression."""
    size = len(text)
    newlines = np.flatnonzero(text == NEWLINE)
    starts = np.concatenate([[0], newlines + 1])
    starts = starts[starts < size]
    padded = np.concatenate([text, np.zeros(_KEY_WIDTH, dtype=np.uint8)])
    heads = np.lib.stride_tricks.sliding_window_view(padded, _KEY_WIDTH)[starts]
    indented = (heads[:, 0] == SPACE) | (heads[:, 0] == TAB)
    keyed = _KEY_CHARS[heads]
    lengths = np.where(keyed.all(axis=1), _KEY_WIDTH, np.argmin(keyed, axis=1))
    heads *= np.arange(_KEY_WIDTH) < lengths[:, None]
    unknown = (lengths > 0) & ~_known(_key_hashes(heads, lengths))
    at = np.flatnonzero(unknown | indented)
    line_ends = np.searchsorted(newlines, starts[at])
    stops = np.where(
        line_ends < len(newlines), newlines[np.minimum(line_ends, len(newlines) - 1)], size
    )
    found: list[int] = []
    for start, stop in zip(starts[at].tolist(), stops.tolist(), strict=True):
        if not _readable_line(data[start:stop]):
            found.append(start)
    return np.array(found, dtype=np.int64)


def _key_hashes(
    heads: npt.NDArray[np.uint8], lengths: npt.NDArray[np.int64]
) -> npt.NDArray[np.uint64]:
    """A 64-bit hash of each row of ``heads`` (:data:`_KEY_WIDTH` bytes, zero past the key)
    and its key's length."""
    words = np.ascontiguousarray(heads).view(np.uint64)
    hashes = lengths.astype(np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    with np.errstate(over="ignore"):
        for k in range(words.shape[1]):
            hashes = (hashes ^ words[:, k]) * np.uint64(0x100000001B3)
            hashes ^= hashes >> np.uint64(29)
    return hashes


def _known(hashes: npt.NDArray[np.uint64]) -> npt.NDArray[np.bool_]:
    """Which ``hashes`` are of one of :data:`KEYS`."""
    known = _known_hashes()
    at = np.minimum(np.searchsorted(known, hashes), len(known) - 1)
    return known[at] == hashes  # type: ignore[no-any-return]


@cache
def _known_hashes() -> npt.NDArray[np.uint64]:
    """The hashes of :data:`KEYS` (:func:`_key_hashes`), in order."""
    heads = np.zeros((len(KEYS), _KEY_WIDTH), dtype=np.uint8)
    for row, key in enumerate(KEYS):
        heads[row, : len(key)] = list(key.encode())
    lengths = np.array([len(key) for key in KEYS], dtype=np.int64)
    return np.sort(_key_hashes(heads, lengths))


_SKIPPED_LINE: Final = re.compile(rb"[ \t]*([A-Za-z0-9_-]+)[ \t]*=(.*)", re.DOTALL)


@lru_cache(maxsize=1 << 12)
def _readable_line(line: bytes) -> bool:
    """Whether a line is no key's, one of :data:`KEYS`, or one whose value is TOML."""
    found = _SKIPPED_LINE.fullmatch(line.removesuffix(b"\r"))
    if found is None or found[1].decode() in KEYS:
        return True
    return _readable(found[2].decode("utf-8", "replace"))


def _hands_at(
    positions: npt.NDArray[np.int64], starts: npt.NDArray[np.int64], stops: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """The hands whose text holds each of ``positions`` (none where it is between hands)."""
    hands = np.searchsorted(starts, positions, side="right") - 1
    inside = (hands >= 0) & (positions < stops[np.maximum(hands, 0)])
    return np.unique(hands[inside])


# -- the hands of a block ---------------------------------------------------------------------


class LoggedHand(HandHistory):
    """A :class:`~pokerscore.histories.model.HandHistory` the PHH fast reader read, whose
    fields are made when first read: each from its block's log (:class:`HandBlock`: the whole
    block's column at once, the first time any of its hands asks), ``fields`` by
    :mod:`tomllib` from the hand's own text. Equal to the
    :class:`~pokerscore.histories.model.HandHistory` of the same values, pickled as one.

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


for _name in _FIELDS:
    if _name != "fields":
        setattr(LoggedHand, _name, BlockField(_name, _SLOTS[_name]))
del _name
_BLOCK_SLOT: Final = LoggedHand.__dict__["_block"]
_AT_SLOT: Final = LoggedHand.__dict__["_at"]
_FIELDS_SLOT: Final = _SLOTS["fields"]


class HandBlock:
    """Some hands of a batch the fast reader read and logged (:func:`fast_places`), made
    :class:`LoggedHand`\\ s by column (:meth:`hands`): the block keeps a copy of their rows and
    log, and their text, not the batch's."""

    def __init__(self, batch: Batch, places: npt.NDArray[np.intp], data: bytes, file: str) -> None:
        log = batch.log
        assert log is not None
        facts = batch.facts[places]
        starts, stops = facts[:, F_START], facts[:, F_STOP]
        low, high = int(starts.min()), int(stops.max())
        self.text = data[low:high]
        self.low = low
        self.file = file
        self.hands = len(places)
        self.facts = facts
        self.starts, self.stops = starts - low, stops - low
        counts = facts[:, F_COUNT]
        seated = np.arange(MAX_PLAYERS) < counts[:, None]
        names = batch.names[places].reshape(len(places), MAX_PLAYERS, 2)[seated]
        self.names = np.where(names >= 0, names - low, -1)
        self.seat_numbers = batch.seats[places][seated]
        self.seats = log.seats[places][seated]
        self.setup = log.setup[places]
        spans = log.spans[places]
        self.spans = np.where(spans >= 0, spans - low, -1)
        steps = log.steps[places]
        firsts = np.cumsum(steps) - steps
        at = np.repeat(log.first[places] - firsts, steps) + np.arange(int(steps.sum()))
        self.steps = steps
        self.kinds = log.kinds[at].astype(np.int64)
        self.actors = log.actors[at].astype(np.int64)
        self.amounts = log.amounts[at]
        self.cards = log.cards[at]
        self.card_counts = log.card_counts[at].astype(np.int64)
        self.columns: dict[str, list[Any]] = {}
        self.tables: dict[int, Mapping[str, object]] = {}

    def hands_made(self) -> list[HandHistory]:
        """The block's hands, in order, each field made when first read."""
        hands = self.hands
        made: list[HandHistory] = list(map(_NEW, repeat(LoggedHand, hands)))
        _consume(map(_BLOCK_SLOT.__set__, made, repeat(self, hands)))
        _consume(map(_AT_SLOT.__set__, made, range(hands)))
        return made

    def column(self, field: str) -> list[Any]:
        """Every hand's ``field``, made the first time it is asked for."""
        found = self.columns.get(field)
        if found is None:
            with _collector_paused():
                found = self.columns[field] = _MAKERS[field](self)
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
        text = self.text
        missing = starts < 0
        cuts = map(slice, *np.where(missing, 0, [starts, stops]).tolist())
        if text.isascii():  # a byte a character: the text decoded once
            found: list[str | None] = list(map(text.decode("ascii").__getitem__, cuts))
        else:
            found = list(map(bytes.decode, map(text.__getitem__, cuts)))
        for k in np.flatnonzero(missing).tolist():
            found[k] = None
        return found

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
        spans = self.names
        unnamed = spans[:, 0] < 0
        names = self._texts(np.where(unnamed, -1, spans[:, 0]), spans[:, 1])
        within = np.arange(players) - np.repeat(np.cumsum(counts) - counts, counts)
        for j in np.flatnonzero(unnamed).tolist():
            names[j] = f"p{within[j] + 1}"
        seat_numbers: list[int | None] = self.seat_numbers.tolist()
        for j in np.flatnonzero(self.seat_numbers < 0).tolist():
            seat_numbers[j] = None
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
        """Every hand's actions: an action written as one made before (its text, and its
        amount in units) is that one (frozen: shared, as the cards are), the others made by
        column."""
        texts = self._action_texts()
        bets = np.array(self.amounts, dtype=object)
        bets[self.kinds != KINDS["bet-raise"]] = None
        keys = list(zip(texts, bets.tolist(), strict=True))
        if len(_ACTIONS) > 1 << 16:
            _ACTIONS.clear()
        found: list[Action | None] = list(map(_ACTIONS.get, keys))
        new = np.flatnonzero(np.fromiter(map(is_, found, repeat(None)), np.bool_, len(found)))
        if len(new):
            made = self._made_actions(new, [texts[k] for k in new.tolist()])
            for k, action in zip(new.tolist(), made, strict=True):
                found[k] = _ACTIONS[keys[k]] = action
        return _cut(found, self.steps.tolist())

    def _made_actions(self, at: npt.NDArray[np.intp], texts: list[str]) -> list[Action]:
        """The actions at ``at`` (their ``texts``), made by column."""
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
        bets[kinds != KINDS["bet-raise"]] = None
        columns_made = [
            _KIND_WORDS[kinds].tolist(),
            who.tolist(),
            bets.tolist(),
            card_tuples,
            repeat(0, total),
            repeat(None, total),
            texts,
            repeat(False, total),
            discarded,
        ]
        made: list[Action] = _built(Action, columns_made, total)
        return made

    def _action_texts(self) -> list[str]:
        """Every action's text as the hand writes it, hand after hand (the strings of each
        hand's ``actions`` line: the fast reader took them, so none holds a quote)."""
        text = self.text
        ascii_text = text.isascii()
        source: Any = text.decode("ascii") if ascii_text else text
        pattern: Any = _ACTIONS_LINE if ascii_text else _ACTIONS_LINE_BYTES
        lines: list[Any] = list(pattern.finditer(source))
        places = np.array([line.start() for line in lines], dtype=np.int64)
        hands = np.searchsorted(self.starts, places, side="right") - 1
        held = (hands >= 0) & (places < self.stops[np.maximum(hands, 0)])
        kept = [line[1] for line, keep in zip(lines, held.tolist(), strict=True) if keep]
        if ascii_text:
            found: list[str] = _STRINGS.findall("\n".join(kept))
        else:
            found = [each.decode("utf-8") for each in _STRINGS_BYTES.findall(b"\n".join(kept))]
        if len(kept) != self.hands or len(found) != len(self.kinds):
            raise AssertionError("the actions' texts are not the log's")  # pragma: no cover
        return found


_ACTIONS_LINE: Final = re.compile(r"^[ \t]*actions[ \t]*=[ \t]*\[([^\n]*)\]", re.MULTILINE)
_ACTIONS_LINE_BYTES: Final = re.compile(rb"^[ \t]*actions[ \t]*=[ \t]*\[([^\n]*)\]", re.MULTILINE)
_STRINGS: Final = re.compile(r"['\"]([^'\"\n]*)['\"]")
_STRINGS_BYTES: Final = re.compile(rb"['\"]([^'\"\n]*)['\"]")


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
