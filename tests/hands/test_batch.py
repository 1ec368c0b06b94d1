"""The batch API: evaluate_batch, hands_to_array and random_hands, and their validation."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokerscore
from pokerscore import best_hand, score
from pokerscore.cards import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerScoreError,
)
from pokerscore.hands.batch import (
    BatchShapeError,
    DuplicateRowCardError,
    InvalidRowCardError,
    RowError,
    RowSizeError,
    evaluate_batch,
    hands_to_array,
    random_hands,
)


def test_lazy_exports() -> None:
    assert pokerscore.evaluate_batch is evaluate_batch
    assert pokerscore.hands_to_array is hands_to_array
    assert pokerscore.random_hands is random_hands
    with pytest.raises(AttributeError):
        _ = pokerscore.no_such_name  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_equals_best_hand(size: int) -> None:
    hands = random_hands(3000, size=size, seed=10 + size)
    expected = [
        (score if size == 5 else best_hand)([int(card) for card in hand]).value for hand in hands
    ]
    assert evaluate_batch(hands).tolist() == expected


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.uint64])
def test_any_integer_dtype(dtype: type) -> None:
    hands = random_hands(100, size=7, seed=2)
    assert (evaluate_batch(hands.astype(dtype)) == evaluate_batch(hands)).all()
    assert (evaluate_batch(hands.astype(dtype), check=False) == evaluate_batch(hands)).all()


def test_lists_and_empty_batches() -> None:
    assert evaluate_batch([[51, 47, 43, 39, 35]]).tolist() == [7462]
    assert evaluate_batch(np.empty((0, 7), dtype=np.int64)).tolist() == []


def test_bad_id_names_first_bad_row() -> None:
    hands = random_hands(10, size=7, seed=3).astype(np.int64)
    hands[4, 2] = 53  # 52 is the joker: see tests/engine/test_wild.py
    hands[7, 0] = -1
    with pytest.raises(
        InvalidRowCardError, match=r'^row 4: invalid card "53" at position 3'
    ) as info:
        evaluate_batch(hands)
    assert isinstance(info.value, InvalidCardError) and info.value.row == 4
    hands[4, 2] = 0 if 0 not in hands[4] else 51 - hands[4].max()
    with pytest.raises(InvalidRowCardError, match=r'^row 7: invalid card "-1" at position 1'):
        evaluate_batch(hands)


@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
def test_the_first_bad_row_is_named_whatever_is_wrong(dtype: type) -> None:
    hands = random_hands(50, size=7, seed=4).astype(dtype)
    hands[30, 1] = 60
    hands[12, 5] = hands[12, 2]
    with pytest.raises(
        DuplicateRowCardError, match=r"^row 12: duplicate card \w\w at positions 3 and 6$"
    ):
        evaluate_batch(hands)
    hands[5, 0] = 53
    with pytest.raises(InvalidRowCardError, match=r'^row 5: invalid card "53" at position 1'):
        evaluate_batch(hands)


def test_duplicate_names_row_card_and_positions() -> None:
    hands = np.array([[0, 1, 2, 3, 4, 5, 6], [50, 46, 42, 38, 34, 30, 50]])
    with pytest.raises(
        DuplicateRowCardError, match=r"^row 1: duplicate card Ah at positions 1 and 7$"
    ) as info:
        evaluate_batch(hands)
    assert isinstance(info.value, DuplicateCardError) and info.value.row == 1


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (np.zeros((3, 4), dtype=np.int64), "expected 5 to 7 cards per row, got 4"),
        (np.zeros((3, 8), dtype=np.int64), "expected 5 to 7 cards per row, got 8"),
        (np.arange(7), r"got shape \(7,\) \(use cards\[None, :\] for one hand\)"),
        (np.zeros((2, 5, 1)), "expected a 2-D array"),
        (np.arange(10.0).reshape(2, 5), "card ids must be integers, got an array of float64"),
        (np.ones((2, 5), dtype=bool), "card ids must be integers"),
    ],
)
def test_malformed_batches(cards: object, message: str) -> None:
    with pytest.raises(BatchShapeError, match=message):
        evaluate_batch(cards)  # type: ignore[arg-type]


def test_every_error_is_a_pokerscore_error() -> None:
    for error in (
        BatchShapeError,
        RowError,
        InvalidRowCardError,
        DuplicateRowCardError,
        RowSizeError,
    ):
        assert issubclass(error, PokerScoreError)
    assert issubclass(RowSizeError, HandSizeError)


def test_hands_to_array_notations_and_errors() -> None:
    lines = [
        "Ah Kh Qh Jh Th 2c 3c\n",
        "a♠, k♠, q♠, j♠, 10♠, 2d, 3d",
        "🂡🂮🂭🂫🂪 2h 3h",
        [0, 1, 2, 3, 4, 5, 6],
    ]
    array = hands_to_array(lines)
    assert array.dtype == np.uint8 and array.shape == (4, 7)
    assert evaluate_batch(array).tolist()[:3] == [7462, 7462, 7462]
    with pytest.raises(RowSizeError, match=r"^row 1: expected 7 cards, got 6$"):
        hands_to_array(["Ah Kh Qh Jh Th 2c 3c", "Ah Kh Qh Jh Th 2c"])
    with pytest.raises(RowSizeError, match=r"^row 0: expected 5 cards, got 7$"):
        hands_to_array(["Ah Kh Qh Jh Th 2c 3c"], size=5)
    with pytest.raises(
        DuplicateRowCardError, match=r"^row 1: duplicate card Ah at positions 1 and 3$"
    ):
        hands_to_array(["2c 3c 4c 5c 7d", "Ah Kh Ah Jh Th"])
    with pytest.raises(InvalidRowCardError, match=r'^row 2: invalid card "Zh" at position 2'):
        hands_to_array(["2c 3c 4c 5c 7d", "2c 3c 4c 5c 7d", "Ah Zh"])
    assert hands_to_array([]).shape == (0, 0)


def test_random_hands_are_reproducible_and_valid() -> None:
    first, again = random_hands(5000, size=6, seed=9), random_hands(5000, size=6, seed=9)
    assert (first == again).all()
    ordered = np.sort(first, axis=1)
    assert (ordered[:, 1:] != ordered[:, :-1]).all() and first.max() <= 51
    # Every card is dealt about equally often.
    counts = np.bincount(first.ravel(), minlength=52)
    assert counts.min() > 0.8 * counts.mean()


SEVEN = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)


@given(hands=st.lists(SEVEN, min_size=1, max_size=20), suits=st.permutations(range(4)))
def test_suit_renaming_does_not_change_values(hands: list[list[int]], suits: list[int]) -> None:
    cards = np.array(hands)
    renamed = (cards & ~3) | np.array(suits)[cards & 3]
    assert (evaluate_batch(renamed) == evaluate_batch(cards)).all()


@given(hands=st.lists(SEVEN, min_size=1, max_size=20), data=st.data())
def test_card_order_does_not_change_values(hands: list[list[int]], data: st.DataObject) -> None:
    order = data.draw(st.permutations(range(7)))
    cards = np.array(hands)
    assert (evaluate_batch(cards[:, order]) == evaluate_batch(cards)).all()


@given(hands=st.lists(SEVEN, min_size=1, max_size=10))
def test_seven_cards_are_worth_their_best_five(hands: list[list[int]]) -> None:
    values = evaluate_batch(np.array(hands)).tolist()
    assert values == [best_hand(hand).value for hand in hands]
    fives = evaluate_batch(np.array([hand[:5] for hand in hands])).tolist()
    assert all(seven >= five for seven, five in zip(values, fives, strict=True))


def _modules_after(code: str) -> set[str]:
    script = code + "\nimport sys; print(' '.join(sorted(m.split('.')[0] for m in sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@pytest.mark.slow
def test_import_and_scoring_one_hand_load_neither_numpy_nor_numba() -> None:
    # One hand of 5 to 7 cards is scored on the pure-Python five-card tables, under any ranking.
    # (The scalar six- and seven-card evaluators build their 15.7 MB tables with NumPy.)
    loaded = _modules_after(
        "import pokerscore\npokerscore.best_hand('As Ks 7h 7d 2c 9s 7c')\n"
        "pokerscore.best_hand('As Ks 7h 7d 2c 9s 7c', ranking='deuce-to-seven')"
    )
    assert "pokerscore" in loaded
    assert not loaded & {"numpy", "numba"}


@pytest.mark.slow
def test_score_command_does_not_load_numba() -> None:
    code = (
        "import sys\nfrom pokerscore.cli.app import app\n"
        "sys.argv = ['pokerscore', 'score', 'As Ks 7h 7d 2c 9s 7c']\n"
        "try:\n    app()\nexcept SystemExit:\n    pass"
    )
    assert "numba" not in _modules_after(code)


LARGE = 5000  # several blocks of the compiled check


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("row", [LARGE // 2 + 1, LARGE - 1])
def test_a_large_batch_names_a_bad_row_in_the_middle_or_at_the_end(size: int, row: int) -> None:
    hands = random_hands(LARGE, size=size, seed=60 + size)
    duplicate = hands.copy()
    duplicate[row, size - 1] = duplicate[row, 0]
    card = str(pokerscore.Card(int(hands[row, 0])))
    with pytest.raises(
        DuplicateRowCardError,
        match=rf"^row {row}: duplicate card {card} at positions 1 and {size}$",
    ):
        evaluate_batch(duplicate)
    for card_id in (53, 63, 64, 115, 255):
        bad = hands.copy()
        bad[row, 1] = card_id
        with pytest.raises(
            InvalidRowCardError,
            match=rf'^row {row}: invalid card "{card_id}" at position 2: a card id is an integer',
        ):
            evaluate_batch(bad)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_every_id_from_52_to_255_is_refused(size: int) -> None:
    hands = random_hands(3000, size=size, seed=70 + size)
    for card_id in range(52, 256):
        bad = hands.copy()
        bad[2999 - card_id, card_id % size] = card_id
        token = "Jk" if card_id == 52 else card_id  # 52, the joker, is named as a card
        with pytest.raises(
            InvalidRowCardError, match=rf'^row {2999 - card_id}: invalid card "{token}"'
        ):
            evaluate_batch(bad)


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("ranking", ["short-deck", "short-deck-straight-over-trips"])
def test_a_short_deck_batch_refuses_a_deuce(size: int, ranking: str) -> None:
    hands = random_hands(LARGE, size=size, seed=80 + size, ranking=ranking)
    assert len(evaluate_batch(hands, ranking=ranking)) == LARGE
    for row in (0, LARGE // 3, LARGE - 1):
        bad = hands.copy()
        bad[row, size - 1] = 0  # the deuce of clubs
        with pytest.raises(
            InvalidRowCardError,
            match=rf'^row {row}: invalid card "2c" at position {size}: {ranking} is played with 36',
        ):
            evaluate_batch(bad, ranking=ranking)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_checked_and_unchecked_batches_agree_under_every_ranking(size: int) -> None:
    for name, ranking in pokerscore.engine.RANKINGS.items():
        if ranking.size != 5:  # badugi's four cards are not a batch's hands
            continue
        hands = random_hands(LARGE, size=size, seed=90 + size, ranking=name)
        checked = evaluate_batch(hands, ranking=name)
        assert (checked == evaluate_batch(hands, check=False, ranking=name)).all()
        assert (checked == evaluate_batch(hands.astype(np.int64), ranking=name)).all()


@pytest.mark.parametrize("size", [5, 6, 7])
def test_a_validated_batch_is_checked_in_its_scoring_pass(
    size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One parallel loop checks and scores each block: the separate checking pass never runs
    # (two passes wait at two thread barriers, which a busy host makes slow), and a bad row is
    # still named as before.
    from pokerscore.engine.kernels import validation

    def separate_pass(*args: object) -> bool:
        raise AssertionError("the batch was checked in a pass of its own")

    monkeypatch.setattr(validation, "any_bad_row", separate_pass)
    hands = random_hands(LARGE, size=size, seed=110 + size)
    assert (evaluate_batch(hands) == evaluate_batch(hands, check=False)).all()
    bad = hands.copy()
    bad[LARGE - 2, size - 1] = bad[LARGE - 2, 1]
    card = str(pokerscore.Card(int(hands[LARGE - 2, 1])))
    with pytest.raises(
        DuplicateRowCardError,
        match=rf"^row {LARGE - 2}: duplicate card {card} at positions 2 and {size}$",
    ):
        evaluate_batch(bad)
