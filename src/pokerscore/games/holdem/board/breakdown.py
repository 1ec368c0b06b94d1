"""A range on a board, as Flopzilla shows it: how many combos make each class and hold each draw.

Every live combo of the range (card removal exact: no combo holding a board or dead card) is read
as :func:`~pokerscore.games.holdem.board.hand.hand_on_board` reads one hand, and the classes,
categories and draws are summed as weighted combo counts: integers when every weight is 1, exact
fractions otherwise. Over every flop (``all_flops=True``) the counts are combo-flop pairs: each
combo on each flop that shares no card with it or the dead cards.

Over every flop a combo's counts are the same for every combo of its suit pattern (a suit
permutation maps the flops one to one), so one combo of each pattern is read on every flop and
its counts are weighed by the pattern's combos (169 patterns for ``random``); with dead cards
each combo is read on its own.

>>> result = board_breakdown("QQ+,AKs", "Ks 7d 2c")
>>> result.combos, result.made[MadeClass.SET], result.made[MadeClass.OVERPAIR]
(18, 3, 6)
>>> result.made[MadeClass.TOP_PAIR], result.draws[Draw.BACKDOOR_FLUSH_DRAW]
(3, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import permutations
from math import comb, lcm
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import numpy as np

from pokerscore._support.errors import checked_flag
from pokerscore._support.progress import Progress, checked_progress
from pokerscore.cards import Card, PokerScoreError, parse_cards
from pokerscore.engine import Category
from pokerscore.engine.kernels.enumeration import thread_count
from pokerscore.games.holdem._kernels import fill_subsets
from pokerscore.games.holdem.board import _kernels as k
from pokerscore.games.holdem.board.hand import (
    CardsInput,
    Draw,
    MadeClass,
    bad_parameter,
    board_game,
    check_board,
    check_cards,
    made_order,
    read_cards,
)
from pokerscore.games.holdem.game import Game, GameName
from pokerscore.games.holdem.ranges import parse_range

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pokerscore.games.holdem.ranges import Range

Count = int | Fraction
"""A weighted number of combos: an integer when every weight is 1."""
RangeInput = str | Any
"""A range text (``"QQ+,AKs"``), a :class:`~pokerscore.games.holdem.ranges.Range`, or in Omaha
``random``, hands separated by commas (``"AhKhQhJh, 2c3c4d5d"``) or an Omaha range
(``"AA:ds, KKQQ"``, :func:`~pokerscore.games.holdem.ranges.parse_range`)."""
EVERYTHING: Final = frozenset({"random", "any", "100%"})
EVERY_HAND_LIMIT: Final = 3_000_000
"""``random`` in a game of more hole cards is read up to this many hands (Omaha and five-card
Omaha, not six-card)."""
FLOP_WORK_LIMIT: Final = 60_000_000
"""``all_flops`` reads at most this many (combo pattern, flop) pairs."""
_FLOP_CHUNKS: Final = 16


@dataclass(frozen=True)
class BoardBreakdown:
    """A range's made classes, categories and draws on a board (or over every flop)."""

    game: Game
    board: tuple[Card, ...]
    """The board; empty over every flop."""
    dead: tuple[Card, ...]
    range: str
    """The range, as given (normalised)."""
    combos: Count
    """Weighted live combos; over every flop, weighted combo-flop pairs."""
    made: dict[MadeClass, Count]
    """Each made class, best first (every class, zeros included)."""
    categories: dict[Category, Count]
    """Each category of the game's ranking, best first."""
    draws: dict[Draw, Count]
    """Each draw, in :class:`~pokerscore.games.holdem.board.hand.Draw` order."""
    all_flops: bool = False

    def share(self, count: Count) -> float:
        """A count as a share of :attr:`combos` (0 for an empty range)."""
        return float(count / self.combos) if self.combos else 0.0


@dataclass(frozen=True)
class RangeCombos:
    """A range read for the kernels: combos as rows of card ids, integer weights and their scale."""

    text: str
    combos: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.int64]
    """Each combo's weight times :attr:`scale`."""
    scale: int


def read_range(source: RangeInput, game: Game, *, name: str = "range") -> RangeCombos:
    """A range for ``game``: hold'em-style ranges (two hole cards) in PokerStove notation, or a
    :class:`~pokerscore.games.holdem.ranges.Range`; for more hole cards, ``random``, a list of
    hands separated by commas or an Omaha range. Errors name the parameter. Texts are read once
    per process."""
    if hasattr(source, "as_array") and hasattr(source, "weight_array"):  # a Range
        text = str(getattr(source, "text", source))
        try:
            return _range_combos(text, source.as_array(), source.weight_array().tolist(), game)
        except PokerScoreError as error:
            raise bad_parameter(name, str(error)) from None
    if not isinstance(source, str):
        raise bad_parameter(name, f"a range is text or a Range, got {type(source).__name__}")
    try:
        return _read_text(source, game)
    except PokerScoreError as error:
        raise bad_parameter(name, str(error)) from None


@cache
def _read_text(source: str, game: Game) -> RangeCombos:
    if game.hole_cards == 2:
        found: Range = parse_range(source, ranking=game.high)
        combos = [(a.id, b.id) for a, b in found.combos]
        return _range_combos(found.text, combos, found.weights, game)
    if source.strip().lower() in EVERYTHING:
        return _every_hand(game)
    try:
        hands, text = _hand_list(source, game)
    except PokerScoreError:
        # Not a list of hands: an Omaha range (AA:ds, KKQQ), refused past the hands' limit;
        # its errors name the token and what the syntax allows (exact hands too).

        found = parse_range(source, ranking=game.high, hole_cards=game.hole_cards)
        if len(found) > EVERY_HAND_LIMIT:
            raise PokerScoreError(
                f"{found.text} is {len(found):,} hands, more than the {EVERY_HAND_LIMIT:,} "
                "read here"
            ) from None
        return _range_combos(found.text, found.as_array(), found.weight_array().tolist(), game)
    return _range_combos(text, hands, [1.0] * len(hands), game)


def _every_hand(game: Game) -> RangeCombos:
    """Every hand of the game's deck, as rows of card ids (a range of one weight)."""

    count = comb(len(game.deck), game.hole_cards)
    if count > EVERY_HAND_LIMIT:
        raise PokerScoreError(
            f"random in {game.name} is {count:,} hands, too many to read here; give a list of "
            "hands separated by commas or a narrower range"
        )
    positions = np.zeros((count, game.hole_cards), dtype=np.uint8)
    fill_subsets(len(game.deck), positions)
    combos = np.array(game.deck, dtype=np.uint8)[positions]
    weights = np.ones(count, dtype=np.int64)
    combos.setflags(write=False)
    weights.setflags(write=False)
    return RangeCombos("random", combos, weights, 1)


def _range_combos(
    text: str,
    combos: Sequence[tuple[int, ...]] | npt.NDArray[np.uint8],
    weights: Sequence[float],
    game: Game,
) -> RangeCombos:

    width = combos.shape[1] if isinstance(combos, np.ndarray) else None
    if width is None and any(len(combo) != game.hole_cards for combo in combos):
        raise PokerScoreError(f"{game.name} deals {game.hole_cards} hole cards")
    if width is not None and len(combos) and width != game.hole_cards:
        raise PokerScoreError(
            f"the range holds {width}-card hands, and {game.name} deals {game.hole_cards} hole cards"
        )
    exact = {weight: Fraction(str(weight)) for weight in set(weights)}
    scale = lcm(*(fraction.denominator for fraction in exact.values())) if exact else 1
    scaled = {weight: int(fraction * scale) for weight, fraction in exact.items()}
    array = np.array(combos, dtype=np.uint8).reshape(-1, game.hole_cards)
    integers = np.array([scaled[weight] for weight in weights], dtype=np.int64)
    array.setflags(write=False)
    integers.setflags(write=False)
    return RangeCombos(text, array, integers, scale)


def _hand_list(source: str, game: Game) -> tuple[list[tuple[int, ...]], str]:
    """Omaha-style ranges: every hand (``random``) or hands separated by commas."""
    hands = []
    for position, part in enumerate(source.split(","), 1):
        try:
            cards = parse_cards(part)
        except PokerScoreError as error:
            raise PokerScoreError(f"hand {position}: {error}") from None
        if len(cards) != game.hole_cards:
            raise PokerScoreError(
                f"hand {position}: {game.name} deals {game.hole_cards} hole cards, "
                f"got {len(cards)} (a range here is random or hands separated by commas)"
            )
        check_cards(game, [(f"hand {position}", cards)])
        hands.append(tuple(sorted((card.id for card in cards), reverse=True)))
    unique = list(dict.fromkeys(hands))
    text = ", ".join("".join(str(Card(card)) for card in hand) for hand in unique)
    return unique, text


def _whole(value: Fraction) -> Count:
    return int(value) if value.denominator == 1 else value


class _Layout(NamedTuple):
    """Where a game's counters go in a :class:`BoardBreakdown`, read once per game."""

    made: tuple[MadeClass, ...]
    """The made classes, best first."""
    made_counts: Callable[[list[int]], tuple[int, ...]]
    """Their counters, picked from a row of counters."""
    categories: tuple[Category, ...]
    """The categories, best first."""
    category_counts: Callable[[list[int]], tuple[int, ...]]
    draws: tuple[Draw, ...]


@cache
def _layout(game: Game) -> _Layout:
    order = made_order(game.high)
    categories = tuple(reversed(game.high.categories))
    return _Layout(
        order,
        itemgetter(*(kind.code for kind in order)),
        categories,
        itemgetter(*(k.CATEGORY_BASE + int(category) for category in categories)),
        tuple(Draw),
    )


def _result(
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    text: str,
    counts: list[int],
    scale: int,
    *,
    all_flops: bool,
) -> BoardBreakdown:

    if scale != 1:
        counts = [_whole(Fraction(count, scale)) for count in counts]  # type: ignore[misc]
    layout = _layout(game)
    return BoardBreakdown(
        game,
        board,
        dead,
        text,
        counts[k.LIVE],
        # The layout's counters match its names one for one (zip's strict check costs here).
        dict(zip(layout.made, layout.made_counts(counts))),  # noqa: B905
        dict(zip(layout.categories, layout.category_counts(counts))),  # noqa: B905
        dict(zip(layout.draws, counts[k.DRAW_BASE : k.DRAW_BASE + k.DRAW_BITS])),  # noqa: B905
        all_flops=all_flops,
    )


def board_breakdown(
    range: RangeInput,
    board: CardsInput = "",
    *,
    game: Game | GameName = "holdem",
    dead: CardsInput = "",
    all_flops: bool = False,
    progress: Progress | None = None,
) -> BoardBreakdown:
    """The made classes, categories and draws of every live combo of ``range`` on ``board`` (3,
    4 or 5 cards), as weighted combo counts; with ``all_flops`` (and no board), summed over every
    flop in combo-flop pairs. ``progress(done, total)`` is called as the flops are read.

    >>> every = board_breakdown("random", all_flops=True)
    >>> every.combos, every.categories[Category.ONE_PAIR]
    (25989600, 10982400)
    """
    progress = checked_progress(progress)
    all_flops = checked_flag(all_flops, "all_flops")
    rules = board_game(game)
    board_cards = read_cards("board", board)
    dead_cards = read_cards("dead", dead)
    if all_flops and board_cards:
        raise bad_parameter("board", "all_flops reads every flop, so it takes no board")
    if not all_flops:
        taken, board_ids = _checked_board(rules, board_cards, dead_cards)
        found = read_range(range, rules)
        omaha = rules.uses_exactly_two
        sizes = k.sizes_needed(rules.hole_cards, omaha, (len(board_cards),))
        out = np.zeros(k.COUNTERS, dtype=np.int64)
        k.board_counts(found.combos, found.weights, taken, board_ids, omaha,
                       k.board_tables(rules.high, sizes), out)  # fmt: skip
        return _result(rules, board_cards, dead_cards, found.text, out.tolist(),
                       found.scale, all_flops=False)  # fmt: skip
    check_cards(rules, [("board", board_cards), ("dead", dead_cards)])
    found = read_range(range, rules)
    dead_mask = sum(1 << card.id for card in dead_cards)
    flops = _flops(len(rules.deck))
    least = len(found.combos) // len(_SUIT_PERMUTATIONS) if not dead_cards else len(found.combos)
    patterns, members = (
        _patterns(found, dead_cards) if least * len(flops) <= FLOP_WORK_LIMIT else ([0] * least, [])
    )
    if len(patterns) * len(flops) > FLOP_WORK_LIMIT:
        raise bad_parameter(
            "range",
            f"{found.text} has {len(patterns):,} hands distinct up to suits, too many to read on "
            f"all {len(flops):,} flops; give fewer hands",
        )
    combos = found.combos[patterns]
    per_pattern = _read_flops(combos, rules, flops, dead_mask, progress)
    totals = [0] * k.COUNTERS
    for row, weight in zip(per_pattern.tolist(), members, strict=True):
        for index, value in enumerate(row):
            totals[index] += value * weight
    return _result(rules, (), dead_cards, found.text, totals, found.scale, all_flops=True)


@lru_cache(maxsize=512)
def _checked_board(
    game: Game, board: tuple[Card, ...], dead: tuple[Card, ...]
) -> tuple[np.uint64, npt.NDArray[np.uint8]]:
    """The board and dead cards checked for ``game`` (errors name the parameter), as the kernel
    reads them: the mask of the cards taken, and the board's card ids. Kept for the last few
    hundred boards, as the texts are: a program asks about one board for range after range."""
    check_board(game, board)
    check_cards(game, [("board", board), ("dead", dead)])
    ids = np.array([card.id for card in board], dtype=np.uint8)
    ids.setflags(write=False)
    return np.uint64(sum(1 << card.id for card in board + dead)), ids


def _read_flops(
    combos: npt.NDArray[np.uint8],
    game: Game,
    flops: npt.NDArray[np.uint8],
    taken: int,
    progress: Progress | None,
) -> npt.NDArray[np.int64]:
    """Each combo's tallies over the flops, read in chunks (``progress`` told after each)."""

    tables = k.board_tables(game.high, k.sizes_needed(game.hole_cards, game.uses_exactly_two, (3,)))
    deck = np.array(game.deck, dtype=np.uint8)
    per_combo = np.zeros((len(combos), k.COUNTERS), dtype=np.int64)
    chunk = -(-len(flops) // _FLOP_CHUNKS)
    for start in range(0, len(flops), chunk):
        out = np.zeros((thread_count(), len(combos), k.COUNTERS), dtype=np.int64)
        part = flops[start : start + chunk]
        k.flop_counts(combos, deck, part, np.uint64(taken), game.uses_exactly_two, tables, out)
        per_combo += out.sum(axis=0)
        if progress is not None:
            progress(start + len(part), len(flops))
    return per_combo


def _flops(cards: int) -> npt.NDArray[np.uint8]:
    """Every three positions of a deck of ``cards``."""

    flops = np.zeros((comb(cards, 3), 3), dtype=np.uint8)
    fill_subsets(cards, flops)
    return flops


_SUIT_PERMUTATIONS: Final = tuple(permutations(range(4)))


def _patterns(found: RangeCombos, dead: tuple[Card, ...]) -> tuple[list[int], list[int]]:
    """One combo of each suit pattern (its row) and the patterns' summed integer weights; with
    dead cards, which break the symmetry, every combo is its own pattern."""
    rows = found.combos.tolist()
    weights = found.weights.tolist()
    if dead:
        dead_ids = {card.id for card in dead}
        live = [index for index, row in enumerate(rows) if not dead_ids.intersection(row)]
        return live, [weights[index] for index in live]
    first: dict[tuple[int, ...], int] = {}
    summed: dict[tuple[int, ...], int] = {}
    for index, (combo, weight) in enumerate(zip(rows, weights, strict=True)):
        if weight == 0:
            continue
        key = min(
            tuple(sorted((card & ~3) | permutation[card & 3] for card in combo))
            for permutation in _SUIT_PERMUTATIONS
        )
        first.setdefault(key, index)
        summed[key] = summed.get(key, 0) + weight
    return list(first.values()), [summed[key] for key in first]
