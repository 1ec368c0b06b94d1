"""A hand's actions as a database of hands keeps them since layout 8: one BLOB a hand
(``hands.actions``), not a row an action (layout 7's ``actions`` table: DuckDB's appends of its
15.6 rows a hand cost a fifth of an import's writing, ``benchmarks/histories.md``, session 27).

The bytes of a hand's actions, numbers big-endian:

- 2 bytes: how many actions, ``n``;
- ``n`` records of 4 bytes, one an action in order: its street (its place in
  :data:`~pokerscore.histories.model.STREETS`), its player (the seat's place in the hand's
  setup, 255 for none), its kind (the code in :data:`ACTION_KINDS`, plus :data:`HAS_AMOUNT`
  where the action has an amount) and how many cards it deals or shows;
- 8 bytes for each action with an amount, in order: the amount in the hand's units (a signed
  64-bit integer: chips times the setup's ``scale``);
- 1 byte for each card of the actions, in order: 0 for a card nobody saw (``??``), else the
  card's id plus 1 (``4 * rank + suit``, :class:`~pokerscore.cards.Card`).

Packed by column (:func:`packed`, from the PHH fast reader's log, a hand read whole, or a
database's ``actions`` rows brought to layout 8), read back by :func:`unpacked` (a hand
rebuilt) and by SQL (:data:`NAMED_ACTIONS`, the view ``actions_named``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from pokerscore.cards.card import RANK_CHARS, SUIT_LETTERS
from pokerscore.histories.model import STREETS

if TYPE_CHECKING:
    import pyarrow as pa

ACTION_KINDS: Final = (
    "deal-hole", "deal-board", "fold", "check-call", "bet-raise", "show", "muck", "bring-in", "draw"
)  # fmt: skip
"""Each action kind by its code (the compiled replay's codes,
:data:`~pokerscore.histories.hand_input.KINDS`; fixed by the layout: a change is a new
database layout)."""
HAS_AMOUNT: Final = 128
"""Added to a record's kind where the action has an amount."""
NO_PLAYER: Final = 255
"""A record's player where the action has none (the board dealt)."""
_HEAD: Final = 2
_RECORD: Final = 4
_AMOUNT: Final = 8


def packed(
    steps: npt.NDArray[np.int64],
    streets: npt.NDArray[Any],
    players: npt.NDArray[Any],
    kinds: npt.NDArray[Any],
    amounts: npt.NDArray[np.int64],
    has_amount: npt.NDArray[np.bool_],
    card_counts: npt.NDArray[np.int64],
    cards: npt.NDArray[Any],
) -> pa.Array:
    """Hands' actions packed, one BLOB a hand: ``steps`` each hand's count of actions; then a
    value an action, hand after hand (``players`` -1 for none; ``amounts`` read where
    ``has_amount``); ``cards`` each action's cards' codes one after another (0 unseen, else
    the card's id + 1)."""
    import pyarrow as pa

    steps = np.asarray(steps, dtype=np.int64)
    hands, total = len(steps), int(steps.sum())
    action_hand = np.repeat(np.arange(hands), steps)
    hand_amounts = np.bincount(action_hand, weights=has_amount, minlength=hands).astype(np.int64)
    hand_cards = np.bincount(action_hand, weights=card_counts, minlength=hands).astype(np.int64)
    sizes = _HEAD + _RECORD * steps + _AMOUNT * hand_amounts + hand_cards
    offsets = np.zeros(hands + 1, dtype=np.int64)
    np.cumsum(sizes, out=offsets[1:])
    data = np.zeros(int(offsets[-1]), dtype=np.uint8)
    starts = offsets[:-1]
    data[starts] = steps >> 8
    data[starts + 1] = steps & 255
    first_action = np.cumsum(steps) - steps
    index = np.arange(total) - np.repeat(first_action, steps)
    at = np.repeat(starts + _HEAD, steps) + _RECORD * index
    data[at] = streets
    data[at + 1] = np.where(players < 0, NO_PLAYER, players)
    data[at + 2] = kinds + HAS_AMOUNT * has_amount
    data[at + 3] = card_counts
    # the amounts after the records, in order
    with_amount = np.flatnonzero(has_amount)
    amount_rank: npt.NDArray[np.int64] = np.cumsum(has_amount) - has_amount  # amounts before
    hand_first_amount = np.cumsum(hand_amounts) - hand_amounts
    amount_hand = action_hand[with_amount]
    place = (
        starts[amount_hand]
        + _HEAD
        + _RECORD * steps[amount_hand]
        + _AMOUNT * (amount_rank[with_amount] - hand_first_amount[amount_hand])
    )
    written = amounts[with_amount].astype(">i8").view(np.uint8).reshape(-1, _AMOUNT)
    data[place[:, None] + np.arange(_AMOUNT)] = written
    # the cards after the amounts, in order
    card_hand = np.repeat(action_hand, card_counts)
    hand_first_card = np.cumsum(hand_cards) - hand_cards
    card_place = (
        starts[card_hand]
        + _HEAD
        + _RECORD * steps[card_hand]
        + _AMOUNT * hand_amounts[card_hand]
        + np.arange(len(card_hand))
        - hand_first_card[card_hand]
    )
    data[card_place] = cards
    return pa.Array.from_buffers(
        pa.large_binary(), hands, [None, pa.py_buffer(offsets), pa.py_buffer(data)]
    ).cast(pa.binary())


def unpacked(blob: bytes) -> list[tuple[int, int | None, int, int | None, tuple[int, ...]]]:
    """A hand's actions from its BLOB: each one's street, player (None for none), kind's code,
    amount in units (None for none) and cards' codes."""
    data = np.frombuffer(blob, dtype=np.uint8)
    count = int(data[0]) << 8 | int(data[1])
    records = data[_HEAD : _HEAD + _RECORD * count].reshape(count, _RECORD).tolist()
    with_amount = sum(1 for record in records if record[2] & HAS_AMOUNT)
    amounts_at = _HEAD + _RECORD * count
    amounts = (
        data[amounts_at : amounts_at + _AMOUNT * with_amount].view(">i8").astype(np.int64).tolist()
    )
    cards = data[amounts_at + _AMOUNT * with_amount :].tolist()
    found = []
    amount_at = card_at = 0
    for street, player, kind, dealt in records:
        amount = None
        if kind & HAS_AMOUNT:
            amount = amounts[amount_at]
            amount_at += 1
        found.append(
            (
                street,
                None if player == NO_PLAYER else player,
                kind & ~HAS_AMOUNT,
                amount,
                tuple(cards[card_at : card_at + dealt]),
            )
        )
        card_at += dealt
    return found


def card_codes(text: str | None) -> list[int]:
    """Cards' text (``AhKd``, ``??`` unseen) as their codes."""
    if not text:
        return []
    return [_CODES[text[i : i + 2]] for i in range(0, len(text), 2)]


def cards_text(codes: tuple[int, ...] | list[int]) -> str:
    """Cards' codes as their text (``??`` unseen)."""
    return "".join(_TEXTS[code] for code in codes)


_TEXTS: Final = ("??", *(rank + suit for rank in RANK_CHARS for suit in SUIT_LETTERS))
"""Each code's text: 0 unseen, then the cards by id."""
_CODES: Final = {text: code for code, text in enumerate(_TEXTS)}


def text_codes(cards: pa.Array) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8]]:
    """A column of cards' text (null or empty for none) as each row's count of cards and their
    codes one after another, by column."""
    import pyarrow as pa
    import pyarrow.compute as pc

    texts = pc.fill_null(cards, "").cast(pa.large_string())
    buffers = texts.buffers()
    offsets = np.frombuffer(buffers[1], dtype=np.int64)[
        texts.offset : texts.offset + len(texts) + 1
    ]
    data = np.frombuffer(buffers[2], dtype=np.uint8) if buffers[2] is not None else np.zeros(0)
    counts = (offsets[1:] - offsets[:-1]) // 2
    chars = data[offsets[0] : offsets[-1]]
    ranks, suits = np.full(256, -1, dtype=np.int64), np.full(256, -1, dtype=np.int64)
    ranks[np.frombuffer(RANK_CHARS.encode(), np.uint8)] = np.arange(len(RANK_CHARS))
    suits[np.frombuffer(SUIT_LETTERS.encode(), np.uint8)] = np.arange(len(SUIT_LETTERS))
    rank, suit = ranks[chars[0::2]], suits[chars[1::2]]
    codes = np.where(rank < 0, 0, 4 * rank + suit + 1).astype(np.uint8)
    return counts.astype(np.int64), codes


def _sql_list(names: tuple[str, ...]) -> str:
    return "[" + ", ".join(f"'{name}'" for name in names) + "]"


def _byte(at: str) -> str:
    """The SQL of the byte at offset ``at`` (an SQL expression) of a hand's hex text ``x``."""
    return f"CAST('0x' || substr(x, 2 * ({at}) + 1, 2) AS INTEGER)"


NAMED_ACTIONS: Final = (
    "CREATE OR REPLACE VIEW actions_named AS "
    "WITH records AS (SELECT seq, names, scale, x, n, idx, "
    f"{_byte(f'{_HEAD} + {_RECORD} * idx')} AS street, "
    f"{_byte(f'{_HEAD} + {_RECORD} * idx + 1')} AS player, "
    f"{_byte(f'{_HEAD} + {_RECORD} * idx + 2')} AS code, "
    f"{_byte(f'{_HEAD} + {_RECORD} * idx + 3')} AS dealt "
    "FROM (SELECT seq, names, scale, x, n, unnest(range(n)) AS idx FROM (SELECT seq, "
    "json_extract_string(setup, '$.seats[*][0]') AS names, "
    "CAST(json_extract(setup, '$.scale') AS DOUBLE) AS scale, hex(actions) AS x, "
    f"CAST('0x' || substr(hex(actions), 1, 4) AS INTEGER) AS n FROM hands))), "
    "placed AS (SELECT *, "
    f"CAST(sum(CAST(code >= {HAS_AMOUNT} AS INTEGER)) OVER hand AS BIGINT) "
    f"- CAST(code >= {HAS_AMOUNT} AS INTEGER) AS amounts_before, "
    "CAST(sum(dealt) OVER hand AS BIGINT) - dealt AS cards_before, "
    f"CAST(sum(CAST(code >= {HAS_AMOUNT} AS INTEGER)) OVER whole AS BIGINT) AS amounts "
    "FROM records WINDOW hand AS (PARTITION BY seq ORDER BY idx ROWS UNBOUNDED PRECEDING), "
    "whole AS (PARTITION BY seq)) "
    f"SELECT seq, CAST(idx AS INTEGER) AS idx, {_sql_list(STREETS)}[street + 1] AS street, "
    f"CASE WHEN player = {NO_PLAYER} THEN NULL ELSE names[player + 1] END AS player, "
    f"{_sql_list(ACTION_KINDS)}[code % {HAS_AMOUNT} + 1] AS kind, "
    f"CASE WHEN code >= {HAS_AMOUNT} THEN CAST('0x' || substr(x, "
    f"2 * ({_HEAD} + {_RECORD} * n + {_AMOUNT} * amounts_before) + 1, {2 * _AMOUNT}) "
    "AS BIGINT) / scale END AS amount, "
    "CASE WHEN dealt > 0 THEN array_to_string(list_transform(range(dealt), "
    f"lambda k: {_sql_list(_TEXTS)}[1 + "
    f"{_byte(f'{_HEAD} + {_RECORD} * n + {_AMOUNT} * amounts + cards_before + k')}]), '') "
    "END AS cards FROM placed"
)
"""The view ``actions_named``: a row an action (``seq``, ``idx``, and the street's, player's
and kind's names, the amount in chips, the cards' text: layout 4's ``actions``), unpacked from
each hand's BLOB by SQL."""
