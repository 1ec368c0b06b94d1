"""What a database keeps of each hand beside its rows (its ``setup`` JSON, its month, its
actions' rows), built by column from the PHH fast reader's log (``_phh_kernels.PhhLog``), so an
import reads no hand the kernels play a second time (the layout is the database's:
:func:`~pokerscore.histories.database.setup_text`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from pokerscore.histories._layout import (
    DEAL_BOARD,
    DISCARD_DRAW,
    F_BIG,
    F_COUNT,
    F_HEADER,
    F_NUMBER,
    F_SCALE,
    F_SMALL,
    F_STATUS,
    F_VARIANT,
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
    RANK_CHARS,
    SUIT_CHARS,
    Batch,
    _from_codes,
    _gather,
    _strings,
)
from pokerscore.histories.database import setup_text
from pokerscore.histories.hand_input import BETTINGS, KINDS
from pokerscore.histories.model import STREETS, month_text

if TYPE_CHECKING:
    import pyarrow as pa

_BETTING_NAMES: Final = {code: name for name, code in BETTINGS.items()}
_KIND_NAMES: Final = {code: name for name, code in KINDS.items()}
(_TABLE, _CURRENCY, _CURRENCY_SYMBOL, _EVENT, _YEAR, _MONTH) = range(len(KEPT_KEYS))  # fmt: skip


@dataclass
class LoggedHands:
    """Some hands of a batch as the import keeps them: each one's month and setup, and the
    rows of their actions (``hand``: the hand's place among those asked for; then ``idx``,
    ``street``, ``player``, ``kind``, ``amount``, ``cards``)."""

    months: list[str | None]
    setups: list[str]
    actions: pa.Table


def logged(batch: Batch) -> npt.NDArray[np.bool_]:
    """Which hands of ``batch`` its log holds whole (played by the kernels, their actions kept)."""
    log = batch.log
    if log is None:
        return np.zeros(batch.hands, dtype=np.bool_)
    facts = batch.facts[: batch.hands]
    held: npt.NDArray[np.bool_] = (facts[:, F_STATUS] == OK) & (log.first[: batch.hands] >= 0)
    return held


def _value(raw: bytes) -> object:
    """A TOML value as the lenient reader gets it (:mod:`tomllib`), the plain strings and
    numbers of the usual files without it."""
    from pokerscore.histories.phh import _toml_float

    raw = raw.strip()
    quote = raw[:1]
    if (
        len(raw) >= 2
        and quote in (b"'", b'"')
        and raw[-1:] == quote
        and raw.count(quote) == 2
        and b"\\" not in raw
    ):
        return raw[1:-1].decode("utf-8")
    if raw.isdigit() and (len(raw) == 1 or raw[:1] != b"0"):
        return int(raw)
    return tomllib.loads("v = " + raw.decode("utf-8"), parse_float=_toml_float)["v"]


def _text(value: object) -> str | None:
    return None if value is None else str(value)


@cache
def _card_chars() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Each card id's two characters (the id + 1 as index: 0 is ``??``, an unseen card)."""
    ids = np.arange(52)
    ranks = np.concatenate([[ord("?")], RANK_CHARS[ids >> 2]]).astype(np.uint8)
    suits = np.concatenate([[ord("?")], SUIT_CHARS[ids & 3]]).astype(np.uint8)
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

    log = batch.log
    assert log is not None
    facts = batch.facts[places]
    counts = facts[:, F_COUNT]
    hands = len(places)
    # the players' names, hand after hand (p1, p2 ... where the hand names none)
    hand_of_player = np.repeat(places, counts)
    seat_of_player = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    names = _strings(
        *_gather(
            batch.text,
            batch.names[hand_of_player, 2 * seat_of_player],
            batch.names[hand_of_player, 2 * seat_of_player + 1],
            seat_of_player + 1,
        )
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
    scales = 10 ** facts[:, F_SCALE]
    bets = kinds == KINDS["bet-raise"]
    amount = amounts / np.repeat(scales, steps).astype(np.float64)
    player_base = np.cumsum(counts) - counts
    players = names.take(pa.array(player_base[action_hand] + actors, mask=actors < 0))
    actions = pa.table(
        {
            "hand": pa.array(action_hand),
            "idx": pa.array(index.astype(np.int32)),
            "street": _from_codes(streets, list(STREETS)),
            "player": players,
            "kind": _from_codes(kinds, [_KIND_NAMES[code] for code in range(len(_KIND_NAMES))]),
            "amount": pa.array(amount, mask=~bets),
            "cards": _cards_column(log.cards[at], thrown, card_counts),
        }
    )
    # the setups, one by one
    name_list = names.to_pylist()
    extras: list[dict[str, list[Any]]] = [{} for _ in range(hands)]
    if draws.any():
        discarded = _cards_column(log.cards[at], np.zeros(total, dtype=np.int64), thrown)
        for row in np.flatnonzero(draws & (thrown > 0)).tolist():
            extras[action_hand[row]][str(index[row])] = [0, False, discarded[row].as_py()]
    months: list[str | None] = []
    setups: list[str] = []
    text = batch.text
    for k in range(hands):
        place = int(places[k])
        row = facts[k]
        spans = log.spans[place]
        found: list[object] = [None] * len(KEPT_KEYS)
        for key in range(len(KEPT_KEYS)):
            if spans[2 * key] >= 0:
                found[key] = _value(text[spans[2 * key] : spans[2 * key + 1]].tobytes())
        count = int(row[F_COUNT])
        setup = log.setup[place]
        seats = log.seats[place, :count].tolist()
        seat_numbers = batch.seats[place, :count].tolist()
        base = int(player_base[k])
        variant = int(row[F_VARIANT])
        has_won, has_finish = setup[S_HAS_WON], setup[S_HAS_FINISH]
        currency = found[_CURRENCY] if spans[2 * _CURRENCY] >= 0 else found[_CURRENCY_SYMBOL]
        values = {
            "variant": VARIANT_NAMES[variant],
            "game": GAME_NAMES[variant // 3],
            "betting": _BETTING_NAMES[variant % 3],
            "seats": [
                [
                    name_list[base + i],
                    None if seat_numbers[i] < 0 else seat_numbers[i],
                    seat[V_STACK],
                    seat[V_ANTE],
                    seat[V_BLIND],
                    bool(seat[V_IN_TURN]),
                ]
                for i, seat in enumerate(seats)
            ],
            "scale": int(scales[k]),
            "min_bet": int(setup[S_MIN_BET]),
            "big_bet": int(setup[S_BIG_BET]),
            "ante_trimming": bool(setup[S_TRIMMING]),
            "small_blind": int(row[F_SMALL]),
            "big_blind": int(row[F_BIG]),
            "winnings": [seat[V_WON] for seat in seats] if has_won else None,
            "finishing_stacks": [seat[V_FINISHING] for seat in seats] if has_finish else None,
            "rake": None,
            "total_pot": None,
            "site_pots": None,
            "returned": None,
            "cash_outs": [],
            "site": None,
            "hand_id": None,
            "table": _text(found[_TABLE]),
            "currency": _text(currency),
            "tournament": _text(found[_EVENT]),
            "time": None,
            "file": file,
            "number": int(row[F_NUMBER]),
            "line": int(row[F_HEADER]),
            "source_format": "phh",
            "bring_in": int(setup[S_BRING_IN]),
        }
        _site_and_id(batch, place, values)
        months.append(month_text(found[_YEAR], found[_MONTH]))
        setups.append(setup_text(values, extras[k]))
    return LoggedHands(months, setups, actions)


def _site_and_id(batch: Batch, place: int, values: dict[str, Any]) -> None:
    """The hand's ``venue`` and ``hand`` as the rows have them (the same spans of the text)."""
    from pokerscore.histories._layout import F_ID_START, F_ID_STOP, F_VENUE_START, F_VENUE_STOP

    facts = batch.facts[place]
    text = batch.text
    for name, start, stop in (("site", F_VENUE_START, F_VENUE_STOP),
                              ("hand_id", F_ID_START, F_ID_STOP)):  # fmt: skip
        if facts[start] >= 0:
            values[name] = text[facts[start] : facts[stop]].tobytes().decode("utf-8")
