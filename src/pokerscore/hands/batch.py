"""Batch evaluation: many hands as a NumPy array of card ids, scored by a compiled kernel.

A batch is an ``(N, k)`` integer array, one hand of k = 5, 6 or 7 card ids per row (ids as
everywhere: ``4 * rank + suit``). :func:`evaluate_batch` checks it in one compiled pass and
returns the N values, the same as :func:`~pokerscore.hands.best_hand` gives hand by hand.
:func:`hands_to_array` reads hands written in any notation into such an array, and
:func:`random_hands` deals random ones. Bad input raises a :class:`RowError` naming the first bad
row (0-based, as NumPy counts) and what is wrong with it.

The kernels compile on first use (a few seconds, then cached on disk); NumPy is imported with this
module, Numba only when a kernel first runs.
"""

from __future__ import annotations

import operator
import os
import re
from collections.abc import Iterable
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from pokerscore.cards import (
    JOKER,
    MAX_JOKERS,
    Card,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerScoreError,
    TooManyJokersError,
    check_distinct,
    parse_cards,
)
from pokerscore.cards.notation import SEPARATORS, card_tokens
from pokerscore.engine import HIGH, Ranking, RankingLike, get_ranking
from pokerscore.engine.value_counts import HAND_SIZES
from pokerscore.hands.scores import HandInput, deck_words, joker_rankings_words

__all__ = [
    "BatchShapeError",
    "DuplicateRowCardError",
    "InvalidRowCardError",
    "RowError",
    "RowJokersError",
    "RowSizeError",
    "as_rows",
    "evaluate_batch",
    "hands_to_array",
    "random_hands",
]

_TOKENS: Final = re.compile(f"[^{re.escape(SEPARATORS)}]+")
"""A token of a hand: a run of characters between separators."""
_DEAL_CHUNK: Final = 1 << 16
"""Rows dealt at a time by :func:`random_hands`: big enough to amortise NumPy's per-call cost."""


def whole_number(value: object, what: str, least: int = 0) -> int:
    """``value`` as an int (Python's or NumPy's, not a bool) of at least ``least``, else a
    :class:`PokerScoreError` naming ``what`` and what is allowed.

    >>> whole_number(np.int64(3), "the number of hands")
    3
    >>> whole_number(1.5, "the number of hands")
    Traceback (most recent call last):
    ...
    pokerscore._support.errors.PokerScoreError: the number of hands is a whole number 0 or more, got 1.5
    """
    try:
        number = None if isinstance(value, bool) else operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if number is None or number < least:
        raise PokerScoreError(f"{what} is a whole number {least} or more, got {value!r}")
    return number


def memory_bytes() -> int | None:
    """The machine's physical memory in bytes, where the system tells it."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, OSError, ValueError):  # no sysconf (Windows), or no such name
        return None


class RowError(PokerScoreError):
    """Base class of the errors about one row of a batch; ``row`` is its 0-based index."""

    row: int

    def _at_row(self, row: int) -> None:
        self.row = row
        self.args = (f"row {row}: {self.args[0]}",)


class InvalidRowCardError(RowError, InvalidCardError):
    """A row holds something that is not a card (an id outside 0..51, or a bad card string).

    >>> raise InvalidRowCardError(3, "52", 2, "a card id is an integer 0..51")
    Traceback (most recent call last):
    ...
    pokerscore.hands.batch.InvalidRowCardError: row 3: invalid card "52" at position 2: a card id is an integer 0..51
    """

    def __init__(self, row: int, token: str, position: int, reason: str) -> None:
        InvalidCardError.__init__(self, token, position, reason)
        self._at_row(row)


class DuplicateRowCardError(RowError, DuplicateCardError):
    """A row holds the same card twice (positions are 1-based within the row)."""

    def __init__(self, row: int, card: str, first: int, second: int) -> None:
        DuplicateCardError.__init__(self, card, first, second)
        self._at_row(row)


class RowSizeError(RowError, HandSizeError):
    """A row with a different number of cards from the others, or outside 5..7."""

    def __init__(self, row: int, minimum: int, maximum: int, got: int) -> None:
        HandSizeError.__init__(self, minimum, maximum, got)
        self._at_row(row)


class RowJokersError(RowError, TooManyJokersError):
    """A row holds more jokers than the ranking plays with."""

    def __init__(self, row: int, most: int, position: int, reason: str) -> None:
        TooManyJokersError.__init__(self, most, position, reason)
        self._at_row(row)


class BatchShapeError(PokerScoreError):
    """The batch as a whole is malformed: not a 2-D integer array of 5 to 7 columns."""


Rows = npt.NDArray[np.uint8]
Values = npt.NDArray[np.uint16]


def _shape_checked(cards: npt.ArrayLike) -> npt.NDArray[Any]:
    """The batch as an array of 5 to 7 integer columns (checked with or without ``check``:
    converting other dtypes would fail inside NumPy, or turn them into ids silently)."""
    try:
        array = np.asarray(cards)
    except ValueError:  # NumPy's "inhomogeneous shape"
        raise BatchShapeError("every row must hold the same number of cards") from None
    if array.ndim != 2:
        raise BatchShapeError(
            f"expected a 2-D array, one hand per row, got shape {array.shape}"
            + (" (use cards[None, :] for one hand)" if array.ndim == 1 else "")
        )
    if array.shape[1] not in HAND_SIZES:
        raise BatchShapeError(f"expected 5 to 7 cards per row, got {array.shape[1]}")
    if not np.issubdtype(array.dtype, np.integer):
        raise BatchShapeError(f"card ids must be integers, got an array of {array.dtype}")
    return array


def _raise_first_problem(array: npt.NDArray[Any], ranking: Ranking) -> None:
    """Raise the error of the first bad row: an id outside the deck, or a card twice."""
    from pokerscore.engine.kernels.validation import first_duplicate

    in_deck = np.zeros(256, dtype=np.bool_)
    in_deck[list(ranking.deck)] = True
    outside = (array < 0) | (array > 255)
    outside |= ~in_deck[np.where(outside, 0, array)] & ~outside
    bad_rows = outside.any(axis=1)
    limit = int(np.argmax(bad_rows)) if bad_rows.any() else len(array)
    if limit:  # rows above the first bad id hold good ids only
        row, column, earlier = first_duplicate(np.ascontiguousarray(array[:limit], dtype=np.uint8))
        if row >= 0:
            card = str(Card(int(array[row, column])))
            raise DuplicateRowCardError(row, card, earlier + 1, column + 1)
    column = int(np.argmax(outside[limit]))
    raise _outside_deck(limit, column, int(array[limit, column]), ranking)


def _outside_deck(row: int, column: int, card_id: int, ranking: Ranking) -> InvalidRowCardError:
    """The error of an id outside the ranking's deck."""
    if card_id == JOKER:
        return InvalidRowCardError(row, str(Card(card_id)), column + 1, joker_rankings_words())
    if 0 <= card_id <= 51:
        reason = f"{ranking.name} is played with {deck_words(ranking)}"
        return InvalidRowCardError(row, str(Card(card_id)), column + 1, reason)
    return InvalidRowCardError(row, str(card_id), column + 1, "a card id is an integer 0..51")


def _check_joker_rows(array: npt.NDArray[Any], ranking: Ranking) -> None:
    """Validate a batch under a ranking with jokers, where the joker may come up to
    ``ranking.jokers`` times in a row (NumPy passes; the first bad row is named)."""
    if not len(array):
        return
    in_deck = np.zeros(256, dtype=np.bool_)
    in_deck[list(ranking.deck)] = True
    outside = (array < 0) | (array > 255)
    outside |= ~in_deck[np.where(outside, 0, array)]
    ordered = np.sort(array, axis=1)
    twice = ((ordered[:, 1:] == ordered[:, :-1]) & (ordered[:, 1:] != JOKER)).any(axis=1)
    bad = outside.any(axis=1) | twice | ((array == JOKER).sum(axis=1) > ranking.jokers)
    if not bad.any():
        return
    row = int(np.argmax(bad))
    if outside[row].any():
        column = int(np.argmax(outside[row]))
        raise _outside_deck(row, column, int(array[row, column]), ranking)
    cards = [Card(int(card_id)) for card_id in array[row]]
    try:
        check_distinct(cards)
        jokers = 0
        for position, card in enumerate(cards, 1):
            jokers += card.id == JOKER
            if jokers > ranking.jokers:
                raise TooManyJokersError(ranking.jokers, position, f"{ranking.name} plays")
    except DuplicateCardError as error:
        raise DuplicateRowCardError(row, error.card, error.first, error.second) from None
    except TooManyJokersError as error:
        raise RowJokersError(row, error.most, error.position, error.reason) from None


def as_rows(cards: npt.ArrayLike, *, check: bool = True, ranking: RankingLike = HIGH) -> Rows:
    """The batch as a C-contiguous uint8 array, validated unless ``check`` is false.

    Validation refuses ids outside the ranking's deck and a card twice in a row. Without
    ``check`` only the shape and the integer dtype are checked; bad ids then give meaningless
    values (never a crash: they are taken modulo 256 and the tables are padded).

    >>> as_rows([[0, 1, 2, 3, 4]]).dtype
    dtype('uint8')
    >>> as_rows([[0, 1, 2, 3, 53]])
    Traceback (most recent call last):
    ...
    pokerscore.hands.batch.InvalidRowCardError: row 0: invalid card "53" at position 5: a card id is an integer 0..51
    >>> as_rows([[0, 1, 2, 3, 52]])
    Traceback (most recent call last):
    ...
    pokerscore.hands.batch.InvalidRowCardError: row 0: invalid card "Jk" at position 5: only the joker ranking plays with jokers
    >>> as_rows([[0, 1, 2, 3, 4], [8, 9, 10, 9, 12]])
    Traceback (most recent call last):
    ...
    pokerscore.hands.batch.DuplicateRowCardError: row 1: duplicate card 4d at positions 2 and 4
    >>> as_rows([[48, 44, 40, 36, 0]], ranking="short-deck")
    Traceback (most recent call last):
    ...
    pokerscore.hands.batch.InvalidRowCardError: row 0: invalid card "2c" at position 5: short-deck is played with 36 cards, sixes to aces
    """
    rules = get_ranking(ranking)
    if check and rules.jokers:  # a row may hold the joker more than once
        _check_joker_rows(_shape_checked(cards), rules)
        check = False
    rows = _uint8_rows(cards, check=check, ranking=rules)
    if check and len(rows):
        from pokerscore.engine.kernels.validation import any_bad_row

        if any_bad_row(rows, rules.deck_mask):
            _raise_first_problem(rows, rules)
    return rows


def _uint8_rows(cards: npt.ArrayLike, *, check: bool, ranking: Ranking) -> Rows:
    """The batch as C-contiguous uint8 rows, its shape and dtype checked; with ``check``, for
    other dtypes than uint8 also its range (converting would wrap bad ids into good ones). Ids
    in the deck and duplicates are left to the caller's pass over the uint8 rows."""
    array = _shape_checked(cards)
    if check and len(array) and array.dtype != np.uint8 and (array.min() < 0 or array.max() > 51):
        _raise_first_problem(array, ranking)
    return np.ascontiguousarray(array, dtype=np.uint8)


def evaluate_batch(
    cards: npt.ArrayLike, *, check: bool = True, ranking: RankingLike = HIGH
) -> Values:
    """The value of each hand of an ``(N, k)`` array of card ids, k = 5, 6 or 7 (best five).

    Values are those of :func:`~pokerscore.hands.best_hand` under the same ranking (standard
    high poker by default: 1..7462), higher wins. Any integer dtype is accepted; a C-contiguous
    uint8 array is used as is, others are converted once. ``check=False`` skips the validation
    of ids and duplicates (not of the shape and dtype).

    >>> import numpy as np
    >>> evaluate_batch(np.array([[48, 44, 40, 36, 32, 0, 1], [0, 1, 2, 3, 4, 5, 6]]))
    array([7462, 7297], dtype=uint16)
    >>> evaluate_batch(hands_to_array(["Ah Kh Qh Jh Th", "2c 3d 4h 5s 7d"]))
    array([7462,    1], dtype=uint16)
    >>> evaluate_batch(hands_to_array(["5d 4c 3h 2s Ad", "Kh Kd 7c 5s 2h"]), ranking="ace-to-five")
    array([6175, 2221], dtype=uint16)
    >>> evaluate_batch(hands_to_array(["Jk Ah Qh Jh Th", "Jk Jk Ac Ad Ah"]), ranking="joker")
    array([7462, 7475], dtype=uint16)
    >>> evaluate_batch(hands_to_array(["Jk Ah Qh Jh Th"]))
    Traceback (most recent call last):
    ...
    pokerscore.hands.batch.InvalidRowCardError: row 0: invalid card "Jk" at position 1: only the joker ranking plays with jokers
    """
    rules = get_ranking(ranking)
    array = _shape_checked(cards)
    if check and rules.jokers:  # a row may hold the joker more than once
        _check_joker_rows(array, rules)
        check = False
    if check:
        # Each block of rows is checked just before it is scored, in the same parallel loop.
        from pokerscore.engine.kernels.validation import ahead_masks, deck_run

        run = deck_run(rules.deck_mask)
        if run is not None:
            rows = _uint8_rows(array, check=True, ranking=rules)
            values = np.empty(len(rows), dtype=np.uint16)
            if len(rows):
                from pokerscore.engine.kernels.batch import (
                    evaluate_checked_rows,
                    evaluate_checked_rows_5,
                )

                width = rows.shape[1]
                checked = evaluate_checked_rows_5 if width == 5 else evaluate_checked_rows
                first, span = np.uint8(run[0]), np.uint8(run[1] - run[0])
                if checked(rows, rules.tables(width), first, span, ahead_masks(width), values):
                    _raise_first_problem(rows, rules)
            return values
    # A deck that is not one run of ids is checked in a pass of its own.
    rows = as_rows(array, check=check, ranking=rules)
    values = np.empty(len(rows), dtype=np.uint16)
    if len(rows):
        from pokerscore.engine.kernels.batch import evaluate_rows, evaluate_rows_5

        kernel = evaluate_rows_5 if rows.shape[1] == 5 else evaluate_rows
        kernel(rows, rules.tables(rows.shape[1]), values)
    return values


def _row_ids(hand: HandInput, row: int, tokens: dict[str, int]) -> list[int]:
    if isinstance(hand, str):
        # Fast path: tokens between the notation's separators; anything else goes through the
        # full parser (str.split would also split at form feeds, which separate no cards).
        ids = [tokens.get(token, -1) for token in _TOKENS.findall(hand)]
        if -1 not in ids and ids.count(JOKER) <= MAX_JOKERS:  # else the parser says what is wrong
            return ids
    try:
        return [card.id for card in parse_cards(hand)]
    except InvalidCardError as error:
        raise InvalidRowCardError(row, error.token, error.position, error.reason) from None
    except DuplicateCardError as error:
        raise DuplicateRowCardError(row, error.card, error.first, error.second) from None
    except TooManyJokersError as error:
        raise RowJokersError(row, error.most, error.position, error.reason) from None


def hands_to_array(hands: Iterable[HandInput], *, size: int | None = None) -> Rows:
    """Hands in any notation (strings such as lines of a file, or iterables of cards) as rows.

    Every row must have ``size`` cards (by default as many as the first row) and no card twice;
    errors name the 0-based row. The result is ready for :func:`evaluate_batch`.

    >>> hands_to_array(["Ah Kh Qh Jh Th", "2c,3d,4h,5s,7d", "A♠ K♠ Q♠ J♠ 10♠"])
    array([[50, 46, 42, 38, 34],
           [ 0,  5, 10, 15, 21],
           [51, 47, 43, 39, 35]], dtype=uint8)
    >>> hands_to_array(["Ah Kh Qh Jh Th", "2c 3d 4h 5s"])
    Traceback (most recent call last):
    ...
    pokerscore.hands.batch.RowSizeError: row 1: expected 5 cards, got 4
    >>> hands_to_array(["Ah Kh Qh Jh Th", "2c 3d 4h 5s 1x"])
    Traceback (most recent call last):
    ...
    pokerscore.hands.batch.InvalidRowCardError: row 1: invalid card "1x" at position 5: rank must be one of 2-9, T or 10, J, Q, K, A
    """
    if size is not None:
        size = whole_number(size, "the number of cards in a row", 1)
    try:
        numbered = enumerate(hands)
    except TypeError:
        raise PokerScoreError(
            f"hands are an iterable of hands (strings or lists of cards), got {type(hands).__name__}"
        ) from None
    tokens = card_tokens()
    rows: list[list[int]] = []
    for row, hand in numbered:
        ids = _row_ids(hand, row, tokens)
        if size is None:
            size = len(ids)
        if len(ids) != size:
            raise RowSizeError(row, size, size, len(ids))
        rows.append(ids)
    array = np.array(rows, dtype=np.uint8).reshape(len(rows), size or 0)
    if len(array):
        from pokerscore.engine.kernels.validation import first_duplicate

        # Jokers may repeat (rows holding them were checked by the parser): each joker is
        # probed as an id of its own column, 52 and up, which no other card has.
        columns = np.arange(array.shape[1], dtype=np.uint8)
        probe = np.where(array == JOKER, np.uint8(JOKER) + columns, array).astype(np.uint8)
        row, column, earlier = first_duplicate(probe)
        if row >= 0:
            card = str(Card(int(array[row, column])))
            raise DuplicateRowCardError(row, card, earlier + 1, column + 1)
    return array


def random_hands(
    count: int,
    *,
    size: int = 7,
    seed: int | np.random.Generator | None = None,
    ranking: RankingLike = HIGH,
) -> Rows:
    """``count`` hands of ``size`` cards, each dealt from its own shuffled deck (the ranking's
    deck: 36 cards for the short deck).

    The same seed gives the same hands (with the same NumPy). ``seed`` is a whole number 0 or
    more, or a NumPy ``Generator`` (which the deal advances). The hands take ``count * size``
    bytes: a count that needs more than the machine's physical memory is refused up front, and
    so is one NumPy cannot allocate; deal such numbers in parts.

    >>> hands = random_hands(1000, size=7, seed=1)
    >>> hands.shape, int(hands.max()) <= 51
    ((1000, 7), True)
    >>> bool((np.sort(hands, axis=1)[:, 1:] != np.sort(hands, axis=1)[:, :-1]).all())
    True
    """
    cards = get_ranking(ranking).deck
    count = whole_number(count, "the number of hands")
    size = whole_number(size, "the number of cards in a hand", 1)
    if size > len(cards):
        raise PokerScoreError(f"a hand from one deck has 1 to {len(cards)} cards, not {size}")
    generator = _generator(seed)
    memory = memory_bytes()
    if memory is not None and count * size > memory:
        raise _too_many_hands(count, size, f"more than this machine's {memory:,} bytes of memory")
    try:
        hands = np.empty((count, size), dtype=np.uint8)
    except (MemoryError, ValueError):  # less memory free than the machine has, or "too big"
        raise _too_many_hands(count, size, "more than NumPy can allocate") from None
    for start in range(0, count, _DEAL_CHUNK):
        stop = min(count, start + _DEAL_CHUNK)
        rows = np.arange(stop - start)
        deck = np.tile(np.array(cards, dtype=np.uint8), (len(rows), 1))
        # A partial Fisher-Yates shuffle of every row at once: position j takes a random card
        # from positions j..end.
        for position in range(size):
            pick = generator.integers(position, len(cards), size=len(rows))
            chosen = deck[rows, pick]
            deck[rows, pick] = deck[rows, position]
            deck[rows, position] = chosen
        hands[start:stop] = deck[:, :size]
    return hands


def _generator(seed: object) -> np.random.Generator:
    """NumPy's generator for a seed of :func:`random_hands` (a Generator is used as it is)."""
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None:
        seed = whole_number(seed, "a seed")
    return np.random.default_rng(seed)


def _too_many_hands(count: int, size: int, why: str) -> PokerScoreError:
    return PokerScoreError(
        f"{count:,} hands of {size} cards need {count * size:,} bytes, {why}: deal them in parts"
    )
