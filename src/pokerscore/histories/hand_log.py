"""What a database keeps of each hand beside its rows (its ``setup`` JSON, its month, its
actions packed), built by column from the PHH fast reader's log (``_phh_kernels.PhhLog``), so an
import reads no hand the kernels play a second time (the layout is the database's:
:mod:`~pokerscore.histories.setups`).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from string import Formatter
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from pokerscore.histories._layout import (
    DEAL_BOARD,
    DISCARD_DRAW,
    F_BIG,
    F_COUNT,
    F_HEADER,
    F_ID_START,
    F_ID_STOP,
    F_NUMBER,
    F_SCALE,
    F_SMALL,
    F_STATUS,
    F_VARIANT,
    F_VENUE_START,
    F_VENUE_STOP,
    GAME_NAMES,
    OK,
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
from pokerscore.histories.batches import (
    RANK_BYTES,
    SUIT_BYTES,
    Batch,
    _from_codes,
    _strings,
    span_strings,
)
from pokerscore.histories.hand_input import BETTINGS, KINDS
from pokerscore.histories.model import STREETS, month_text
from pokerscore.histories.packed_actions import packed
from pokerscore.histories.setups import SETUP_FORMAT

if TYPE_CHECKING:
    import pyarrow as pa

_BETTING_NAMES: Final = {code: name for name, code in BETTINGS.items()}
(_TABLE, _CURRENCY, _CURRENCY_SYMBOL, _EVENT, _YEAR, _MONTH) = range(len(KEPT_KEYS))  # fmt: skip


@dataclass
class LoggedHands:
    """Some hands of a batch as the import keeps them: each one's month, setup and actions
    (packed, :mod:`~pokerscore.histories.packed_actions`)."""

    months: pa.Array
    setups: pa.Array
    actions: pa.Array


def logged(batch: Batch) -> npt.NDArray[np.bool_]:
    """Which hands of ``batch`` its log holds whole (played by the kernels, their actions kept)."""
    log = batch.log
    if log is None:
        return np.zeros(batch.hands, dtype=np.bool_)
    facts = batch.facts[: batch.hands]
    held: npt.NDArray[np.bool_] = (facts[:, F_STATUS] == OK) & (log.first[: batch.hands] >= 0)
    return held


@lru_cache(maxsize=1 << 12)
def _value(raw: str) -> object:
    """A TOML value as the lenient reader gets it (:mod:`tomllib`), the plain strings and
    numbers of the usual files without it."""
    from pokerscore.histories.phh import _toml_float

    raw = raw.strip()
    quote = raw[:1]
    if (
        len(raw) >= 2
        and quote in ("'", '"')
        and raw[-1:] == quote
        and raw.count(quote) == 2
        and "\\" not in raw
    ):
        return raw[1:-1]
    if raw.isdigit() and raw.isascii() and (len(raw) == 1 or raw[:1] != "0"):
        return int(raw)
    return tomllib.loads("v = " + raw, parse_float=_toml_float)["v"]


def _text(value: object) -> str | None:
    return None if value is None else str(value)


@cache
def _card_chars() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Each card id's two characters (the id + 1 as index: 0 is ``??``, an unseen card)."""
    ids = np.arange(52)
    ranks = np.concatenate([[ord("?")], RANK_BYTES[ids >> 2]]).astype(np.uint8)
    suits = np.concatenate([[ord("?")], SUIT_BYTES[ids & 3]]).astype(np.uint8)
    return ranks, suits


def _cards_column(
    cards: npt.NDArray[np.int8], first: npt.NDArray[np.int64], stop: npt.NDArray[np.int64]
) -> pa.Array:
    """Each row's cards ``first`` to ``stop`` as text (``??`` unseen), null where none."""
    columns = np.arange(cards.shape[1])
    chosen = (columns >= first[:, None]) & (columns < stop[:, None])
    picked = cards[chosen].astype(np.int64) + 1
    ranks, suits = _card_chars()
    data = np.empty(2 * len(picked), dtype=np.uint8)
    data[0::2] = ranks[picked]
    data[1::2] = suits[picked]
    widths = np.maximum(stop - first, 0)
    offsets = np.zeros(len(widths) + 1, dtype=np.int32)
    np.cumsum(2 * widths, out=offsets[1:])
    return _strings(data, offsets, widths > 0)


def log_hands(batch: Batch, places: npt.NDArray[np.int64], file: str) -> LoggedHands:
    """The hands at ``places`` of ``batch`` (each one :func:`logged`), read from its log."""
    import pyarrow as pa
    import pyarrow.compute as pc

    log = batch.log
    assert log is not None
    facts = batch.facts[places]
    counts = facts[:, F_COUNT]
    hands = len(places)
    # the players' names, hand after hand (p1, p2 ... where the hand names none)
    hand_of_player = np.repeat(places, counts)
    seat_of_player = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    names = span_strings(
        batch.text,
        batch.names[hand_of_player, 2 * seat_of_player],
        batch.names[hand_of_player, 2 * seat_of_player + 1],
        seat_of_player + 1,
    )
    # the actions, hand after hand
    steps = log.steps[places]
    total = int(steps.sum())
    action_hand = np.repeat(np.arange(hands), steps)
    hand_first = np.cumsum(steps) - steps
    index = np.arange(total) - np.repeat(hand_first, steps)
    at = np.repeat(log.first[places], steps) + index
    kinds = log.kinds[at].astype(np.int64)
    actors = log.actors[at].astype(np.int64)
    amounts = log.amounts[at]
    card_counts = log.card_counts[at].astype(np.int64)
    boards = np.zeros(total + 1, dtype=np.int64)  # the boards dealt before each action
    np.cumsum(kinds == DEAL_BOARD, out=boards[1:])
    streets = np.minimum(boards[1:] - np.repeat(boards[hand_first], steps), len(STREETS) - 1)
    draws = kinds == DISCARD_DRAW
    thrown = np.where(draws, amounts, 0)
    bets = kinds == KINDS["bet-raise"]
    chosen = np.arange(log.cards.shape[1]) >= thrown[:, None]
    chosen &= np.arange(log.cards.shape[1]) < card_counts[:, None]
    actions = packed(
        steps,
        streets,
        actors,
        kinds,  # the database's ACTION_KINDS
        amounts,
        bets,
        np.maximum(card_counts - thrown, 0),
        (log.cards[at][chosen].astype(np.int64) + 1).astype(np.uint8),  # 0: unseen
    )
    # the setups: each field's JSON text, by column, joined in the database's one layout
    extras = ["{}"] * hands
    if draws.any():
        discarded = _cards_column(log.cards[at], np.zeros(total, dtype=np.int64), thrown)
        found_extras: dict[int, dict[str, list[Any]]] = {}
        for row in np.flatnonzero(draws & (thrown > 0)).tolist():
            entry = [0, False, discarded[row].as_py()]
            found_extras.setdefault(int(action_hand[row]), {})[str(index[row])] = entry
        for hand, entries in found_extras.items():
            extras[hand] = json.dumps(entries, separators=(",", ":"))
    setup = log.setup[places]
    seats = log.seats[hand_of_player, seat_of_player]
    seat_numbers = batch.seats[hand_of_player, seat_of_player]
    player_texts = _joined(
        "[", _json_texts(names), ",", _numbers(seat_numbers, seat_numbers < 0), ",",
        _numbers(seats[:, V_STACK]), ",", _numbers(seats[:, V_ANTE]), ",",
        _numbers(seats[:, V_BLIND]), ",", _flags(seats[:, V_IN_TURN] != 0), "]",
    )  # fmt: skip
    has_currency = pa.array(log.spans[places, 2 * _CURRENCY] >= 0)
    currency = pc.if_else(
        has_currency,
        _kept_texts(batch, places, _CURRENCY),
        _kept_texts(batch, places, _CURRENCY_SYMBOL),
    )
    variants = facts[:, F_VARIANT]
    everyone = np.ones(hands, dtype=np.bool_)
    columns: dict[str, pa.Array | str] = {
        "variant": _from_codes(variants, [_json(name) for name in VARIANT_NAMES]),
        "game": _from_codes(variants // 3, [_json(name) for name in GAME_NAMES]),
        "betting": _from_codes(variants % 3, [_json(_BETTING_NAMES[code]) for code in range(3)]),
        "seats": _per_hand(player_texts, counts, everyone),
        "scale": _numbers(10 ** facts[:, F_SCALE]),
        "min_bet": _numbers(setup[:, S_MIN_BET]),
        "big_bet": _numbers(setup[:, S_BIG_BET]),
        "ante_trimming": _flags(setup[:, S_TRIMMING] != 0),
        "small_blind": _numbers(facts[:, F_SMALL]),
        "big_blind": _numbers(facts[:, F_BIG]),
        "winnings": _per_hand(_numbers(seats[:, V_WON]), counts, setup[:, S_HAS_WON] != 0),
        "finishing_stacks": _per_hand(
            _numbers(seats[:, V_FINISHING]), counts, setup[:, S_HAS_FINISH] != 0
        ),
        "rake": "null",
        "total_pot": "null",
        "site_pots": "null",
        "returned": "null",
        "cash_outs": "[]",
        "site": _json_texts(_spans_text(batch, places, F_VENUE_START, F_VENUE_STOP)),
        "hand_id": _json_texts(_spans_text(batch, places, F_ID_START, F_ID_STOP)),
        "table": _kept_texts(batch, places, _TABLE),
        "currency": currency,
        "tournament": _kept_texts(batch, places, _EVENT),
        "time": "null",
        "file": _json(file),
        "number": _numbers(facts[:, F_NUMBER]),
        "line": _numbers(facts[:, F_HEADER]),
        "source_format": _json("phh"),
        "bring_in": _numbers(setup[:, S_BRING_IN]),
        "action_extras": pa.array(extras, pa.string()),
    }
    pieces: list[pa.Array | str] = []
    for literal, name, _, _ in Formatter().parse(SETUP_FORMAT):
        pieces.append(literal)
        if name is not None:  # a column of one text (the usual file's game, table …) as text
            pieces.append(_constant(columns[name]))
    return LoggedHands(_months(batch, places), _joined(*pieces, rows=hands), actions)


def _constant(column: pa.Array | str) -> pa.Array | str:
    """A column whose rows are one text as that text (the usual file's game, stakes, table …:
    joined with the texts beside it, a piece fewer to join row by row)."""
    import pyarrow.compute as pc

    if isinstance(column, str) or not len(column) or column.null_count:
        return column
    first: str = column[0].as_py()
    return first if pc.all(pc.equal(column, first)).as_py() else column


def _joined(*pieces: pa.Array | str, rows: int | None = None) -> pa.Array:
    """Texts and columns of text joined row by row (``rows`` of them: given, or a column's),
    the texts side by side joined first (each piece costs every row: the setups' 60 pieces cost
    0.54 s of CPU for 200,000 hands, 0.39 s with their columns of one text folded in)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if rows is None:
        rows = next(len(piece) for piece in pieces if not isinstance(piece, str))
    folded: list[pa.Array | str] = []
    for piece in pieces:
        if isinstance(piece, str) and folded and isinstance(folded[-1], str):
            folded[-1] += piece
        elif not isinstance(piece, str) or piece:
            folded.append(piece)
    if all(isinstance(piece, str) for piece in folded):  # every row the same text
        return pa.array(["".join(map(str, folded))] * rows, pa.string())
    parts = [pa.scalar(piece, pa.string()) if isinstance(piece, str) else piece for piece in folded]
    return pc.binary_join_element_wise(*parts, "")


def _numbers(values: npt.NDArray[np.int64], nulls: npt.NDArray[np.bool_] | None = None) -> pa.Array:
    """Whole numbers as JSON's text (``null`` where ``nulls``)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    texts = pc.cast(pa.array(values, mask=nulls), pa.string())
    return pc.fill_null(texts, "null") if nulls is not None else texts


def _flags(values: npt.NDArray[np.bool_]) -> pa.Array:
    """Flags as JSON's ``true`` and ``false``."""
    import pyarrow as pa
    import pyarrow.compute as pc

    return pc.if_else(pa.array(values), "true", "false")


_ESCAPED: Final = r"[^ !#-\[\]-~]"
"""A character ``json.dumps`` writes otherwise than itself: a quote, a backslash, a control
character, any past ASCII."""


def _json_texts(strings: pa.Array) -> pa.Array:
    """Each string's JSON text (``null`` for a null): quoted by column where it holds nothing
    :data:`_ESCAPED` (a hand's id, most names), else by :func:`json.dumps` once per distinct
    string."""
    import pyarrow as pa
    import pyarrow.compute as pc

    escaped = pc.fill_null(pc.match_substring_regex(strings, _ESCAPED), False)
    texts = _joined('"', strings, '"')
    if pc.any(escaped).as_py():
        encoded = pc.dictionary_encode(strings.filter(escaped))
        words = pa.array([_json(word) for word in encoded.dictionary.to_pylist()], pa.string())
        texts = pc.replace_with_mask(texts, escaped, words.take(encoded.indices))
    return pc.fill_null(texts, "null")


def _per_hand(
    texts: pa.Array, counts: npt.NDArray[np.int64], present: npt.NDArray[np.bool_]
) -> pa.Array:
    """Each hand's players' texts as a JSON list (``null`` where not ``present``)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    offsets = np.zeros(len(counts) + 1, dtype=np.int32)
    np.cumsum(counts, out=offsets[1:])
    lists = pa.ListArray.from_arrays(pa.array(offsets), texts)
    whole = _joined("[", pc.binary_join(lists, ","), "]")
    return pc.if_else(pa.array(present), whole, "null")


def _kept_texts(batch: Batch, places: npt.NDArray[np.int64], key: int) -> pa.Array:
    """The JSON text of one of :data:`KEPT_KEYS`' values as a setup holds it (``str`` of the
    value the lenient reader reads, ``null`` where absent), worked out once per distinct text."""
    import pyarrow as pa
    import pyarrow.compute as pc

    encoded = pc.dictionary_encode(_raw_values(batch, places, key))
    words = [_json(_text(_value(raw))) for raw in encoded.dictionary.to_pylist()]
    return pc.fill_null(pa.array(words, pa.string()).take(encoded.indices), "null")


def _raw_values(batch: Batch, places: npt.NDArray[np.int64], key: int) -> pa.Array:
    """The text of one of :data:`KEPT_KEYS`' values in each hand (null where absent)."""
    assert batch.log is not None
    spans = batch.log.spans[places]
    none = np.zeros(len(places), dtype=np.int64)
    return span_strings(batch.text, spans[:, 2 * key], spans[:, 2 * key + 1], none)


def _months(batch: Batch, places: npt.NDArray[np.int64]) -> pa.Array:
    """Each hand's month from its ``year`` and ``month`` (:func:`~.model.month_text`)."""
    import pyarrow as pa

    assert batch.log is not None
    spans = batch.log.spans[places]
    dated = np.flatnonzero((spans[:, 2 * _YEAR] >= 0) & (spans[:, 2 * _MONTH] >= 0))
    months: list[str | None] = [None] * len(places)
    if len(dated):
        years = _raw_values(batch, places[dated], _YEAR).to_pylist()
        numbers = _raw_values(batch, places[dated], _MONTH).to_pylist()
        for k, year, month in zip(dated.tolist(), years, numbers, strict=True):
            months[k] = month_text(_value(year), _value(month))
    return pa.array(months, pa.string())


def _spans_text(batch: Batch, places: npt.NDArray[np.int64], start: int, stop: int) -> pa.Array:
    """The text between two facts' places of each hand (null where the first is -1)."""
    facts = batch.facts[places]
    none = np.zeros(len(places), dtype=np.int64)
    return span_strings(batch.text, facts[:, start], facts[:, stop], none)


@lru_cache(maxsize=1 << 16)
def _json(value: str | None) -> str:
    """A string's JSON text (or null), as ``json.dumps`` writes it in a setup."""
    return json.dumps(value)
