"""A hand's actions packed as a database keeps them since layout 8: the bytes the module's
documentation gives, read back whole by Python and by SQL (the view ``actions_named``)."""

from __future__ import annotations

import json

import duckdb
import numpy as np
import pyarrow as pa
import pytest

from pokerscore.histories.model import STREETS
from pokerscore.histories.packed_actions import (
    ACTION_KINDS,
    NAMED_ACTIONS,
    card_codes,
    cards_text,
    packed,
    text_codes,
    unpacked,
)


def test_the_bytes_are_the_documented_layout() -> None:
    # p1 dealt Ah and an unseen card, p2 raises to 250 units, the flop 2c 3d 4h: written by
    # hand from the module's description (count, records, amounts, cards)
    blob = packed(
        np.array([3]),
        np.array([0, 0, 1]),
        np.array([0, 1, -1]),
        np.array([0, 4, 1]),
        np.array([0, 250, 0]),
        np.array([False, True, False]),
        np.array([2, 0, 3]),
        np.array([51, 0, 1, 6, 11], dtype=np.uint8),  # Ah (id 50) + 1, unseen, 2c, 3d, 4h
    )
    assert blob.to_pylist() == [
        bytes([0, 3])
        + bytes([0, 0, 0, 2, 0, 1, 4 + 128, 0, 1, 255, 1, 3])
        + (250).to_bytes(8, "big")
        + bytes([51, 0, 1, 6, 11])
    ]


def _random_hands(
    seed: int, hands: int
) -> list[list[tuple[int, int | None, int, int | None, tuple[int, ...]]]]:
    rng = np.random.default_rng(seed)
    found = []
    for _ in range(hands):
        actions = []
        for _ in range(int(rng.integers(0, 40))):
            amount = int(rng.integers(0, 2**53)) if rng.random() < 0.3 else None
            player = None if rng.random() < 0.2 else int(rng.integers(0, 10))
            cards = tuple(int(code) for code in rng.integers(0, 53, int(rng.integers(0, 8))))
            actions.append(
                (int(rng.integers(0, 4)), player, int(rng.integers(0, 9)), amount, cards)
            )
        found.append(actions)
    return found


def _packed(
    hands: list[list[tuple[int, int | None, int, int | None, tuple[int, ...]]]],
) -> pa.Array:
    actions = [action for hand in hands for action in hand]
    return packed(
        np.array([len(hand) for hand in hands], dtype=np.int64),
        np.array([street for street, *_ in actions], dtype=np.int64),
        np.array([-1 if player is None else player for _, player, *_ in actions], dtype=np.int64),
        np.array([kind for _, _, kind, _, _ in actions], dtype=np.int64),
        np.array([amount or 0 for *_, amount, _ in actions], dtype=np.int64),
        np.array([amount is not None for *_, amount, _ in actions], dtype=np.bool_),
        np.array([len(cards) for *_, cards in actions], dtype=np.int64),
        np.array([code for *_, cards in actions for code in cards], dtype=np.uint8),
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_packed_hands_are_read_back_whole(seed: int) -> None:
    hands = _random_hands(seed, 60)
    blobs = _packed(hands)
    assert [unpacked(blob) for blob in blobs.to_pylist()] == hands


def test_the_view_names_each_action_as_the_rules_name_it() -> None:
    hands = _random_hands(4, 40)
    names = [f"player {seat}" for seat in range(10)]
    scale = 100
    setup = json.dumps({"seats": [[name] for name in names], "scale": scale})
    con = duckdb.connect()
    con.execute("CREATE TABLE hands (seq BIGINT, setup VARCHAR, actions BLOB)")
    table = pa.table(
        {
            "seq": np.arange(1, len(hands) + 1),
            "setup": [setup] * len(hands),
            "actions": _packed(hands),
        }
    )
    con.from_arrow(table).insert_into("hands")
    con.execute(NAMED_ACTIONS)
    expected = [
        (
            seq,
            idx,
            STREETS[street],
            None if player is None else names[player],
            ACTION_KINDS[kind],
            None if amount is None else amount / scale,
            cards_text(cards) or None,
        )
        for seq, hand in enumerate(hands, 1)
        for idx, (street, player, kind, amount, cards) in enumerate(hand)
    ]
    assert con.execute("SELECT * FROM actions_named ORDER BY seq, idx").fetchall() == expected


def test_cards_text_and_codes_agree() -> None:
    texts = ["AhKd", None, "", "??2c", "2c3d4h5s6c"]
    counts, codes = text_codes(pa.array(texts, pa.string()))
    assert counts.tolist() == [len(card_codes(text)) for text in texts]
    assert codes.tolist() == [code for text in texts for code in card_codes(text)]
    assert [cards_text(card_codes(text)) for text in texts] == [
        "AhKd",
        "",
        "",
        "??2c",
        "2c3d4h5s6c",
    ]
    assert card_codes("2c") == [1] and card_codes("As") == [52] and card_codes("??") == [0]
