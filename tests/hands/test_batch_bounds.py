"""Bad arguments to the batch and statistics functions: a PokerScoreError saying what is allowed
(never NumPy's ValueError, TypeError or MemoryError), and work bounded before it starts."""

from __future__ import annotations

import numpy as np
import pytest

from pokerscore.cards import HandSizeError, PokerScoreError
from pokerscore.hands import batch
from pokerscore.hands.batch import (
    BatchShapeError,
    RowJokersError,
    evaluate_batch,
    hands_to_array,
    random_hands,
)
from pokerscore.hands.statistics import (
    MAX_SAMPLE,
    exhaustive_counts,
    sampled_counts,
    total_hands,
)
from tests.cli_runner import separate_streams_runner


def test_a_deal_larger_than_memory_is_refused_with_the_bytes_it_needs() -> None:
    with pytest.raises(
        PokerScoreError,
        match=r"^1,000,000,000,000 hands of 7 cards need 7,000,000,000,000 bytes, more than "
        r"this machine's [\d,]+ bytes of memory: deal them in parts$",
    ):
        random_hands(10**12, size=7)


def test_the_bound_is_the_machine_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "memory_bytes", lambda: 7_000)
    assert random_hands(1_000, size=7, seed=1).shape == (1_000, 7)
    with pytest.raises(PokerScoreError, match=r"^1,001 hands of 7 cards need 7,007 bytes, more"):
        random_hands(1_001, size=7, seed=1)


def test_a_deal_numpy_cannot_allocate_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # Where the system does not tell its memory, NumPy's own refusal is translated.
    monkeypatch.setattr(batch, "memory_bytes", lambda: None)
    with pytest.raises(PokerScoreError, match=r"more than NumPy can allocate: deal them in parts"):
        random_hands(10**19, size=7)  # NumPy: ValueError, "array is too big"

    def no_memory(*args: object, **kwargs: object) -> None:
        raise MemoryError("Unable to allocate")

    monkeypatch.setattr(batch.np, "empty", no_memory)
    with pytest.raises(PokerScoreError, match=r"^10 hands of 7 cards need 70 bytes, more than Num"):
        random_hands(10, size=7)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"count": 10, "seed": -1}, r"^a seed is a whole number 0 or more, got -1$"),
        ({"count": 10, "seed": 1.5}, r"^a seed is a whole number 0 or more, got 1\.5$"),
        ({"count": 10, "seed": "1"}, r"^a seed is a whole number 0 or more, got '1'$"),
        ({"count": -1}, r"^the number of hands is a whole number 0 or more, got -1$"),
        ({"count": 1.5}, r"^the number of hands is a whole number 0 or more, got 1\.5$"),
        ({"count": "10"}, r"^the number of hands is a whole number 0 or more, got '10'$"),
        ({"count": True}, r"^the number of hands is a whole number 0 or more, got True$"),
        ({"count": 10, "size": 7.5}, r"^the number of cards in a hand is a whole number 1 or"),
        ({"count": 10, "size": 53}, r"^a hand from one deck has 1 to 52 cards, not 53$"),
    ],
)
def test_random_hands_arguments(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(PokerScoreError, match=message):
        random_hands(**arguments)  # type: ignore[arg-type]


def test_random_hands_takes_numpy_integers_and_generators() -> None:
    hands = random_hands(np.int64(50), size=np.int8(7), seed=np.uint32(3))
    assert (hands == random_hands(50, size=7, seed=3)).all()
    generator = np.random.default_rng(3)
    assert (random_hands(50, size=7, seed=generator) == hands).all()


@pytest.mark.parametrize("check", [True, False])
@pytest.mark.parametrize("ranking", ["high", "joker"])
def test_ragged_and_non_integer_batches_are_refused_checked_or_not(
    check: bool, ranking: str
) -> None:
    with pytest.raises(BatchShapeError, match=r"^every row must hold the same number of cards$"):
        evaluate_batch([[0, 1, 2, 3, 4], [0, 1, 2, 3]], check=check, ranking=ranking)
    for cards, dtype in [
        (np.array([["a"] * 5]), "<U1"),
        (np.zeros((2, 5)), "float64"),
        ([[2**70, 1, 2, 3, 4]], "object"),
    ]:
        with pytest.raises(BatchShapeError, match=rf"^card ids must be integers, got .*{dtype}$"):
            evaluate_batch(cards, check=check, ranking=ranking)


def test_hands_to_array_arguments() -> None:
    with pytest.raises(PokerScoreError, match=r"^hands are an iterable of hands .* got int$"):
        hands_to_array(5)  # type: ignore[arg-type]
    for size in (0, -1, "5", 5.0):
        with pytest.raises(
            PokerScoreError, match=r"^the number of cards in a row is a whole number 1 or more"
        ):
            hands_to_array(["Ah Kh Qh Jh Th"], size=size)  # type: ignore[arg-type]
    assert hands_to_array(["Ah Kh Qh Jh Th"], size=np.int64(5)).shape == (1, 5)
    with pytest.raises(
        RowJokersError, match=r"^row 1: a hand holds at most 2 jokers: a third at position 3$"
    ):
        hands_to_array(["Ah Kh Qh Jh Th", "Jk Jk Jk 2c 3c"])


def test_a_sample_beyond_the_bound_is_refused_before_any_dealing() -> None:
    with pytest.raises(
        PokerScoreError,
        match=r"^at most 1,000,000,000 hands are dealt, got 1,000,000,000,000,000: the exact",
    ):
        sampled_counts(10**15, seed=1, cards=7)
    with pytest.raises(PokerScoreError, match=r"at most 1,000,000,000 hands are dealt"):
        sampled_counts(MAX_SAMPLE + 1)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sampled_counts(1.5), r"^the number of hands to deal is a whole number 1 or"),
        (lambda: sampled_counts("10"), r"^the number of hands to deal is a whole number 1 or"),
        (lambda: sampled_counts(0), r"^the number of hands to deal is a whole number 1 or"),
        (lambda: sampled_counts(10, seed=1.5), r"^a seed is a whole number 0 or more, got 1\.5$"),
        (lambda: sampled_counts(10, seed=-1), r"^a seed is a whole number 0 or more, got -1$"),
        (lambda: sampled_counts(10, cards=5.0), r"^a hand has 5, 6 or 7 cards .* got 5\.0$"),
        (lambda: exhaustive_counts(cards="5"), r"^a hand has 5, 6 or 7 cards .* got '5'$"),
        (lambda: total_hands(-1), r"^expected 5 to 7 cards, got -1$"),
    ],
)
def test_statistics_arguments(call: object, message: str) -> None:
    with pytest.raises(PokerScoreError, match=message):
        call()  # type: ignore[operator]


def test_total_hands() -> None:
    assert total_hands(7) == 133_784_560
    assert total_hands(5, "short-deck") == 376_992
    with pytest.raises(HandSizeError):
        total_hands(60)


def test_stats_command_refuses_a_sample_beyond_the_bound() -> None:
    from pokerscore.cli.app import app

    result = separate_streams_runner().invoke(app, ["stats", "--sample", str(10**15)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: at most 1,000,000,000 hands are dealt, got ")
    assert result.stdout == ""
