"""How often each hand wins from here: exact enumeration of every board, or Monte Carlo.

A player is a hand (``"AhAs"``) or a range: hold'em's (``"QQ+,AKs"``, ``"15%"``), or in Omaha
games (four to six hole cards, hi/lo too) ProPokerTools' patterns (``"AA**"``, ``"AxKxQyJy"``,
``"KKds"``, ``"random"``; see :mod:`~pokerscore.games.holdem.omaha_ranges`); a string of fewer
cards than Omaha deals is such a pattern (``"AsAhKsKh"`` in five-card Omaha: any fifth card).
Equity is the share of the pot a player takes on average: a k-way tie gives each 1/k, and in
hi/lo games each half pot counts half. ``win`` is the chance of taking the whole pot, ``tie`` of
taking part of it, ``lose`` of taking nothing.

**Exact** enumerates every board that completes the known cards, for every combination of the
players' combos that shares no card, each weighted by the product of the combos' weights (the
PokerStove/Equilab definition), and keeps integer counts. ``method="auto"`` enumerates when the
work, boards x combinations of combos x players, is at most :data:`EXACT_LIMIT`, and samples
otherwise. The combinations that hold no card twice are counted before any work, not bounded
by the product of the ranges' sizes: a ``random`` range is a factor (every hand of the cards
the others leave), the other ranges are counted as the sets of cards their combos take, and
past a few million (set, combo) pairs estimated by following 4,096 partial deals. A range is
held as rows of card ids with its weights' levels, never an object per combo; Omaha's
``random`` (every hand: 20 million in six-card Omaha) is listed only for an exact run, and
sampled like the board (below).

**Monte Carlo** must draw each combination of combos with chance proportional to the product of
their weights, among those that share no card, then a uniform board. Redrawing every hand until
none clashes does that, but costs exponentially many draws in the number of players (random
hands: 56 draws a deal for 10 players, 457 for 12, 5e13 for 23). Instead the players are dealt
one at a time, each from what the cards taken before leave:

1. Known hands first: their cards (and the board's and dead cards) are removed from every range
   up front, which is exact.
2. Ranges narrowest first: player ``k`` draws a live combo (one that misses the cards taken) with
   chance its weight over ``L_k``, the live weight of its range. Dealt this way, a combination
   ``c`` is drawn with chance ``q(c) = prod_k w_k(c_k) / L_k``, but the target is ``p(c) =
   prod_k w_k(c_k) / Z`` (``Z`` the weight of all combinations). So each deal carries the
   importance weight ``p / q``, proportional to ``W = prod_k L_k / T_k`` (``T_k`` the range's
   whole weight), and every sum is weighted by ``W``. ``L_k`` comes by inclusion-exclusion from
   per-card and per-pair weights (no pass over the range); a range that shares no card with
   those dealt before it always has ``L_k = T_k``. A deal in which some range has no live combo
   weighs 0 (it counts among the samples and is not judged). Omaha combos may hold more than
   two of the cards taken, past what per-pair weights count: such a range, when it shares
   cards with those dealt before it, draws ``c_k`` from its whole range with chance
   ``w_k(c_k) / T_k`` and the deal weighs 0 if ``c_k`` holds a taken card (rejection), which
   is alive with chance ``L_k / T_k``: the same weight on average, with no ``L_k`` to compute.
3. Ranges of every hand of the cards left, alike in weight (``random``): their live weight
   depends only on how many cards are taken, the same on every deal, so they carry no weight
   and take two (Omaha: four to six) uniform cards, as the board then does (a partial Fisher-Yates shuffle of the live deck).

The estimate ``sum W x share / sum W`` is the self-normalised importance sampling estimator: it
is exact in expectation when every ``W`` is the same (hands and ``random`` ranges, the usual
case), and otherwise consistent, with a bias of order 1/samples, far below the standard error
(of order 1/sqrt(samples)), which is ``sqrt(sum W**2 (share - mean)**2) / sum W``. Tests check
the estimates against exact enumeration within 4 standard errors. A deal costs a constant per
hand and per card, linear in the players; a range that overlaps ranges dealt before it adds a
term in the square of their number (the pairs of inclusion-exclusion). Deals come in blocks with their own random streams (SplitMix64, seeded
by the seed and the block's number): the same seed gives the same answer whatever the number
of threads.

**Stud** (games without a board) deals each player's missing cards from the deck less every
known and dead card, one community card for all when the deck runs short (see
:mod:`~pokerscore.games.holdem._stud_kernels`): heads-up, every deal is counted by a sweep over
the two players' completions, valued once each; more players, deal by deal when the work allows,
else Monte Carlo, as above.

Before either method, a search for one combination of combos with no card held twice refuses
a spot no deal can complete (``AA``, ``AA``, ``AA``); if the search gives up (many wide
overlapping ranges), Monte Carlo refuses a spot whose first batch of deals holds no deal in
which every range fits.

>>> result = equity(["AdAc", "KhKs"])
>>> result.method, result.boards, result.players[0].wins, result.players[0].ties
('exact', 1712304, 1388072, 6538)
>>> round(result.players[0].equity, 6)
0.812555
"""

from __future__ import annotations

import math
import numbers
import operator
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from itertools import combinations
from math import comb, lcm
from typing import Any, Final, Literal, cast, get_args

import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import shorten
from pokerscore._support.progress import Progress, checked_progress
from pokerscore.cards import DECK_SIZE, Card, PokerScoreError, check_distinct, parse_cards
from pokerscore.engine.combinatorics import binomial_rows
from pokerscore.engine.kernels.enumeration import thread_count
from pokerscore.engine.keys import CARD_KEYS, CARD_KEYS_5
from pokerscore.engine.tables import board_multisets, board_steps, values_by_board
from pokerscore.games.holdem._kernels import (
    ACCUMULATORS,
    FIXED,
    FULL,
    PARTIAL,
    DealtHoles,
    SampledCards,
    SampledPlayers,
    any_five_showdowns,
    dealt_showdowns,
    fill_subsets,
    range_showdowns,
    sampled_showdowns,
)
from pokerscore.games.holdem._stud_kernels import (
    Completions,
    Spot,
    completion_values,
    deal_showdowns,
    heads_up_sweep,
    sampled_stud,
)
from pokerscore.games.holdem.game import BOARD_CARDS, Game, GameName, get_game, parameter_error
from pokerscore.games.holdem.omaha_ranges import EVERY_HAND
from pokerscore.games.holdem.ranges import Range, closer_error, parse_range
from pokerscore.games.holdem.showdown import PlayerError, player_list
from pokerscore.hands.scores import HandInput, check_in_deck

Method = Literal["auto", "exact", "monte-carlo"]
"""How :func:`equity` counts: enumerate every board, sample, or choose by the work."""
EXACT_LIMIT: Final = 400_000_000
"""``method="auto"`` enumerates up to this much work (hands judged, see :data:`MAX_WORK`)."""
MAX_WORK: Final = 10**10
"""The most work one call takes on, in hands judged: boards (or showdowns dealt) times players
for every combination of combos that holds no card twice (counted, not bounded by the product
of the ranges' sizes), an Omaha hand counting as its ``C(hole cards, 2) x 10`` five-card
lookups over four (15 hold'em hands in four-card Omaha, 37 in six-card), plus a thousand per
prefix of those combinations listed in Python (every player's combo but the widest range's)
and a quarter per pair of combos weighed (range against range). About a minute on two cores of a recent server at the rates of
``benchmarks/equity.md``: a call that would take more is refused up front, with what it would
take."""
DEFAULT_SAMPLES: Final = 1_000_000
"""Monte Carlo deals this many showdowns when neither ``samples`` nor ``stderr`` is given."""
BLOCK_SIZE: Final = 4096
"""Showdowns per random stream; a run is a whole number of blocks."""
_PREFIX_COST: Final = 1_000
"""Walking one prefix of combinations of combos in Python (:func:`_combination_batches`), in
hands judged."""
_BLOCKS_PER_CALL: Final = 64

PlayerInput = HandInput | Range
"""A hand in any card notation, a range text, or a :class:`~pokerscore.games.holdem.ranges.Range`."""


@dataclass(frozen=True)
class PotEquity:
    """One player's results from one half of a hi/lo pot.

    ``equity`` is the share of the whole pot this half brings on average: a half is half the
    pot when a low qualifies, and the high hand takes the whole pot when none does, so a
    player's high and low equities add up to their equity."""

    win: float
    """The chance of taking this half alone."""
    tie: float
    """The chance of sharing it."""
    equity: float
    none: float | None = None
    """Low half only: the chance that no low qualifies (the high hand takes the whole pot)."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result."""

    hand: str
    """The player's hand or range, as given (normalised)."""
    combos: int
    """How many combos the player's range holds after card removal (1 for a hand)."""
    equity: float
    win: float
    tie: float
    lose: float
    equity_exact: Fraction | None = None
    """Exact equity (exact method only)."""
    wins: int | Fraction | None = None
    """Boards (weighted by combos) on which the player takes the whole pot (exact only)."""
    ties: int | Fraction | None = None
    """Boards on which the player takes part of the pot (exact only)."""
    stderr: float | None = None
    """Standard error of ``equity`` (Monte Carlo only)."""
    scoop: float | None = None
    """Hi/lo games: the chance of taking the whole pot alone (both halves, or the high hand
    when no low qualifies); the same as ``win``. None in games without a low."""
    high: PotEquity | None = None
    """Hi/lo games: the high half's results; None in games without a low."""
    low: PotEquity | None = None
    """Hi/lo games: the low half's results; None in games without a low."""


@dataclass(frozen=True)
class EquityResult:
    """The equity of every player of a spot."""

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    method: str
    """``exact`` or ``monte-carlo``."""
    players: tuple[PlayerEquity, ...]
    boards: int | Fraction | None = None
    """Exact: the number of boards weighed (times combination weights, for ranges); in stud,
    the deals of the unknown cards."""
    samples: int | None = None
    """Monte Carlo: the number of showdowns dealt."""
    seed: int | None = None
    """Monte Carlo: the seed, to reproduce the run."""


@dataclass(frozen=True, eq=False)
class _Player:
    """A player's combos as rows of card ids, each with its weight's level: never Python
    objects per combo (``ds`` in six-card Omaha is 6.2 million hands); ``combos`` and
    ``weights`` are built when a path that lists them asks (exact runs, short ranges)."""

    text: str
    rows: npt.NDArray[np.uint8]
    """``(combos, hole cards)`` card ids, highest first."""
    levels: tuple[Fraction, ...]
    """The distinct weights, increasing."""
    level_of: npt.NDArray[np.intp]
    """Each combo's weight, as its place in ``levels``."""
    every: int = 0
    """Omaha's ``random``: every hand of this many cards, of one weight (``levels[0]``), not
    listed in ``rows`` (six cards have 20 million); card removal leaves every hand of the cards
    left. 0: the combos are listed."""

    @classmethod
    def of(
        cls, text: str, combos: Sequence[tuple[Card, ...]], weights: Sequence[Fraction]
    ) -> _Player:
        """A player of listed combos and their weights."""
        levels = sorted(set(weights))
        place = {weight: index for index, weight in enumerate(levels)}
        rows = np.array([[card.id for card in combo] for combo in combos], dtype=np.uint8)
        level_of = np.array([place[weight] for weight in weights], dtype=np.intp)
        return cls(text, rows.reshape(len(combos), -1), tuple(levels), level_of)

    @property
    def count(self) -> int:
        """How many combos are listed (0 for ``every``)."""
        return len(self.rows)

    @cached_property
    def combos(self) -> tuple[tuple[Card, ...], ...]:
        cards = [Card(card) for card in range(DECK_SIZE)]
        return tuple(tuple(cards[card] for card in row) for row in self.rows.tolist())

    @cached_property
    def weights(self) -> tuple[Fraction, ...]:
        return tuple(self.levels[level] for level in self.level_of.tolist())

    @cached_property
    def masks(self) -> npt.NDArray[np.uint64]:
        """Each combo as a 64-bit set of card ids."""
        masks = np.zeros(len(self.rows), dtype=np.uint64)
        for column in self.rows.T:
            masks |= np.left_shift(np.uint64(1), column.astype(np.uint64))
        return masks

    @property
    def alike(self) -> bool:
        """Whether every combo weighs the same."""
        return len(self.levels) == 1

    def size(self, pool: int) -> int:
        """How many combos the player holds when ``pool`` cards are live."""
        return comb(pool, self.every) if self.every else self.count

    def keep(self, chosen: npt.NDArray[np.bool_]) -> _Player:
        """The player with only the combos ``chosen``."""
        return _Player(self.text, self.rows[chosen], self.levels, self.level_of[chosen])

    def listed(self, pool: Sequence[Card]) -> _Player:
        """The player with its combos listed: every hand of ``pool`` when it holds them all."""
        if not self.every:
            return self
        ids = np.array(sorted(card.id for card in pool), dtype=np.uint8)
        positions = np.zeros((comb(len(ids), self.every), self.every), dtype=np.uint8)
        fill_subsets(len(ids), positions)  # ascending in each row
        rows = np.ascontiguousarray(ids[positions][:, ::-1])  # highest first
        return _Player(self.text, rows, self.levels, np.zeros(len(rows), dtype=np.intp))


def _player(item: PlayerInput, number: int, game: Game) -> _Player:
    """A player's combos and weights, each card checked against the game's deck."""
    every_hand = isinstance(item, str) and item.strip().lower() in EVERY_HAND
    if not game.board_cards and (isinstance(item, Range) or every_hand):
        raise PlayerError(  # stud: the cards dealt so far, which a range does not say
            number,
            f"{game.name} players hold {game.fewest_cards} to {game.hole_cards} known cards, "
            "not a range",
        )
    if isinstance(item, Range):
        return _range_player(item, number, game)
    if isinstance(item, str) and every_hand and game.hole_cards > 2:
        # Every hand (20 million in six-card Omaha): dealt like the board, never listed.
        empty = np.zeros((0, game.hole_cards), dtype=np.uint8)
        every = game.hole_cards
        return _Player(item.strip(), empty, (Fraction(1),), np.zeros(0, dtype=np.intp), every)
    try:
        cards = parse_cards(item)
    except PokerScoreError as error:
        if not isinstance(item, str):
            raise PlayerError(number, str(error)) from None
        try:
            found = parse_range(item, ranking=game.high, hole_cards=game.hole_cards)
        except PokerScoreError as range_error:  # neither cards nor a range: where it is wrong
            raise PlayerError(number, str(closer_error(error, range_error))) from None
        return _range_player(found, number, game)
    try:
        check_in_deck(cards, game.high)
    except PokerScoreError as error:
        raise PlayerError(number, str(error)) from None
    if len(cards) < game.hole_cards > 2 and game.board_cards and isinstance(item, str):
        # Fewer cards than Omaha deals name a pattern: AsAhKsKh in five-card Omaha, and any fifth.
        try:
            found = parse_range(item, ranking=game.high, hole_cards=game.hole_cards)
        except PokerScoreError as error:
            raise PlayerError(number, str(error)) from None
        return _range_player(found, number, game)
    if not game.board_cards and not game.fewest_cards <= len(cards) <= game.hole_cards:
        raise PlayerError(
            number,
            f"{game.name} players hold {game.fewest_cards} to {game.hole_cards} known cards, "
            f"got {len(cards)}",
        )
    if game.board_cards and len(cards) != game.hole_cards:
        raise PlayerError(
            number, f"{game.name} deals {game.hole_cards} hole cards, got {len(cards)}"
        )
    return _Player.of(" ".join(map(str, cards)), [cards], [Fraction(1)])


def _range_player(found: Range, number: int, game: Game) -> _Player:
    if found.hole_cards != game.hole_cards:
        raise PlayerError(
            number,
            f"the range holds {found.hole_cards}-card hands, and {game.name} deals "
            f"{game.hole_cards} hole cards",
        )
    if not len(found):
        raise PlayerError(number, "the range is empty")
    # Every hand of the 52 cards (Omaha's random: millions) holds each card; no list needed.
    every = found.hole_cards > 2 and len(found) == comb(DECK_SIZE, found.hole_cards)
    rows = np.arange(DECK_SIZE) if every else found.as_array()
    inside = np.zeros(256, dtype=np.bool_)
    inside[list(game.deck)] = True
    outside = rows[~inside[rows]]
    if len(outside):
        raise PlayerError(
            number, f"the range holds {Card(int(outside[0]))}, which {game.name}'s deck does not"
        )
    # Weights are exact decimals as written (0.33 is 33/100), not the float's binary value.
    floats = found.weight_array()
    if floats.min() == floats.max():  # one weight (the usual case): no sort
        distinct, level_of = floats[:1], np.zeros(len(floats), dtype=np.intp)
    else:
        distinct, level_of = np.unique(floats, return_inverse=True)
    levels = tuple(Fraction(repr(weight)) for weight in distinct.tolist())
    if every and len(levels) == 1:  # dealt like the board, never listed
        empty = np.zeros((0, found.hole_cards), dtype=np.uint8)
        return _Player(found.text, empty, levels, np.zeros(0, dtype=np.intp), found.hole_cards)
    rows = np.ascontiguousarray(rows, dtype=np.uint8).reshape(len(floats), found.hole_cards)
    return _Player(found.text, rows, levels, level_of.reshape(-1).astype(np.intp))


def _live(players: list[_Player], taken: set[Card]) -> list[_Player]:
    """Each range without the board, the dead cards and every known hand's cards; a range left
    with one combo is a known hand from then on, and its cards go too. An emptied range is an
    error naming the player."""
    live = players
    out = sum(1 << card.id for card in taken)
    while True:
        known = 0
        for player in live:
            if player.count == 1:
                known |= int(player.masks[0])
        removed = []
        for number, player in enumerate(live, 1):
            if player.every:  # every hand of the cards left
                removed.append(player)
                continue
            own = int(player.masks[0]) if player.count == 1 else 0
            gone = np.uint64(out | (known & ~own))
            kept = (player.masks & gone) == 0
            if not kept.any():
                raise PlayerError(number, f"no combo of {player.text} is left after card removal")
            removed.append(player if kept.all() else player.keep(kept))
        if [p.count for p in removed] == [p.count for p in live]:
            return removed
        live = removed


def _possible(players: list[_Player], full: Sequence[bool], budget: int = 100_000) -> bool | None:
    """Whether one combo per player can be chosen with no card held twice (players with a full
    range can always be dealt once the others are: the deck is large enough); None when the
    search gives up after ``budget`` steps. Narrowest ranges first, so a dead end shows early."""
    masks = sorted(
        (
            player.masks[: budget + 1].tolist()  # the search looks at no more
            for player, everything in zip(players, full, strict=True)
            if not everything
        ),
        key=len,
    )
    steps = 0

    def search(index: int, taken: int) -> bool | None:
        nonlocal steps
        if index == len(masks):
            return True
        undecided = False
        for mask in masks[index]:
            steps += 1
            if steps > budget:
                return None
            if mask & taken:
                continue
            found = search(index + 1, taken | mask)
            if found:
                return True
            undecided = undecided or found is None
        return None if undecided else False

    return search(0, 0)


def _widest(sizes: Sequence[int]) -> int:
    """The player whose combos are picked by a vector operation, the others walked in Python."""
    return max(range(len(sizes)), key=lambda index: (sizes[index], -index))


def _combination_batches(players: list[_Player], batch: int) -> Iterator[npt.NDArray[np.int64]]:
    """Every combination of one combo per player (as indices, one row each) that holds no card
    twice, in batches of ``batch`` rows: the combos of every player but the widest walked depth
    first (the prefixes, :class:`_Deals`), the widest's live combos picked by one array
    operation per prefix. Listed as they are judged, never all at once (three random hands
    have 2.3e9)."""
    masks = [player.masks for player in players]
    last = _widest([len(mask) for mask in masks])
    others = [index for index in range(len(players)) if index != last]
    wide = masks[last]
    chosen: list[int] = []
    pending: list[npt.NDArray[np.int64]] = []
    waiting = 0

    def walk(depth: int, taken: int) -> Iterator[tuple[list[int], int]]:
        if depth == len(others):
            yield chosen, taken
            return
        for number, mask in enumerate(masks[others[depth]].tolist()):
            if not mask & taken:
                chosen.append(number)
                yield from walk(depth + 1, taken | mask)
                chosen.pop()

    for prefix, taken in walk(0, 0):
        live = np.flatnonzero((wide & np.uint64(taken)) == 0)
        if not len(live):
            continue
        rows = np.empty((len(live), len(players)), dtype=np.int64)
        rows[:, others] = prefix
        rows[:, last] = live
        pending.append(rows)
        waiting += len(rows)
        while waiting >= batch:
            joined = np.concatenate(pending)
            yield joined[:batch]
            pending = [joined[batch:]]
            waiting -= batch
    if waiting:
        yield np.concatenate(pending)


_COUNT_PAIRS: Final = 1 << 22
"""The most (state, combo) pairs :func:`_deals` weighs at once when it counts exactly."""
_COUNT_SAMPLES: Final = 4096
"""Partial deals followed to estimate a count too large to count exactly."""


@dataclass(frozen=True)
class _Deals:
    """How many combinations of combos hold no card twice (``count``), and how many prefixes
    (combinations of every player's combo but the widest's) :func:`_combination_batches` walks
    to list them; ``exact`` is False for estimates (by sequential importance sampling, within a
    few percent)."""

    count: float
    prefixes: float
    exact: bool


def _deals(players: list[_Player], pool: int) -> _Deals:
    """Count the combinations of combos that hold no card twice, without listing them.

    A range of every hand of the live cards (``random``) holds ``C(left, hole cards)`` of them
    whatever the other ranges took: a factor. Known hands (one combo, their cards already out
    of the pool) are a factor of 1. The other ranges are counted exactly, narrowest first, as
    the sets of cards their combos take with the number of ways to take each; past
    :data:`_COUNT_PAIRS` the rest is estimated from :data:`_COUNT_SAMPLES` partial deals, each
    continued with a random live combo of the next range and weighted by the number of live
    ones (an unbiased estimate)."""
    sizes = [player.size(pool) for player in players]
    full = _full(players, pool)
    last = _widest(sizes)
    hole = max(player.rows.shape[1] for player in players)
    ranged = [i for i, player in enumerate(players) if not full[i] and sizes[i] > 1]
    left = pool - hole * len(ranged)
    full_factors = {}
    for index in (i for i in range(len(players)) if full[i]):
        full_factors[index] = comb(max(left, 0), hole)
        left -= hole
    states = np.zeros(1, dtype=np.uint64)
    counts = np.ones(1, dtype=np.float64)
    prefixes = None
    exact = True
    rng = np.random.default_rng(0)  # estimates: the same one every time
    order = sorted(ranged, key=lambda index: (index == last, sizes[index]))
    for index in order:
        masks = players[index].masks
        if index == last:
            prefixes = float(counts.sum())
        total = float(counts.sum())
        if total == 0:  # no deal holds no card twice
            break
        # The last range only counts its live combos, in parts: it may weigh more pairs.
        budget = _COUNT_PAIRS * (16 if index == last else 1)
        if exact and len(states) * len(masks) > budget:
            exact = False
            states = rng.choice(states, size=_COUNT_SAMPLES, p=counts / total)
            counts = np.full(_COUNT_SAMPLES, total / _COUNT_SAMPLES)
        if not exact and len(states) * len(masks) <= _COUNT_PAIRS:
            # Each partial deal goes on with one of its live combos, weighted by their number.
            live = (states[:, None] & masks[None, :]) == 0
            numbers = live.sum(axis=1)
            counts = counts * numbers
            picks = np.minimum((rng.random(len(states)) * numbers).astype(np.int64),
                               np.maximum(numbers - 1, 0))  # fmt: skip
            chosen = np.argmax(np.cumsum(live, axis=1) > picks[:, None], axis=1)
            states = states | masks[chosen]
            continue
        if not exact:  # a range too wide to weigh: one combo drawn, kept if it is live
            drawn = masks[rng.integers(0, len(masks), size=len(states))]
            counts = counts * len(masks) * ((states & drawn) == 0)
            states = states | drawn
            continue
        step = max(1, _COUNT_PAIRS // max(len(masks), 1))
        if index == last:  # the counts of live combos are enough: no new states
            total = 0.0
            for start in range(0, len(states), step):
                part = slice(start, start + step)
                live = (states[part, None] & masks[None, :]) == 0
                total += float(live.sum(axis=1) @ counts[part])
            states, counts = np.zeros(1, dtype=np.uint64), np.array([total])
            continue
        apart = (states[:, None] & masks[None, :]) == 0
        joined = (states[:, None] | masks[None, :])[apart]
        weights = np.broadcast_to(counts[:, None], apart.shape)[apart]
        states, inverse = np.unique(joined, return_inverse=True)
        counts = np.bincount(inverse.reshape(-1), weights=weights, minlength=len(states)).astype(
            np.float64
        )
    count = float(counts.sum()) * math.prod(full_factors.values())
    if prefixes is None:  # the widest is a known hand or a full range: its factor divides out
        prefixes = count / max(min(full_factors.values()) if full[last] else 1, 1)
    else:
        prefixes *= math.prod(full_factors.values())
    return _Deals(count, prefixes, exact)


def _share(split: int, high_k: int, low_k: int) -> Fraction:
    high = Fraction(1, high_k) if high_k else Fraction(0)
    if not split:
        return high
    return (high + (Fraction(1, low_k) if low_k else Fraction(0))) / 2


_POT_SUMS: Final = ("high_win", "high_tie", "high_share", "low_win", "low_tie", "low_share",
                    "no_low")  # fmt: skip
"""Per-pot sums of a tally, in the order of the sampler's accumulators 7 to 13."""


def _summary(tally: npt.NDArray[Any], players: int) -> list[dict[str, Fraction]]:
    """Per player: total, whole-pot, part-pot, share and share-squared sums of a tally, and the
    per-pot sums (:data:`_POT_SUMS`)."""
    sums = []
    for player in range(players):
        totals = dict.fromkeys(("total", "win", "tie", "share", "square", *_POT_SUMS), Fraction(0))
        for (split, high_k, low_k), count in _cells(tally[player]):
            share = _share(split, high_k, low_k)
            totals["total"] += count
            totals["share"] += count * share
            totals["square"] += count * share * share
            if share == 1:
                totals["win"] += count
            elif share:
                totals["tie"] += count
            if high_k:
                totals["high_win" if high_k == 1 else "high_tie"] += count
                totals["high_share"] += count * _share(split, high_k, 0)
            if low_k:
                totals["low_win" if low_k == 1 else "low_tie"] += count
                totals["low_share"] += count * _share(split, 0, low_k)
            if not split:
                totals["no_low"] += count
        sums.append(totals)
    return sums


def _pots(sums: Sequence[float | Fraction], total: float | Fraction) -> dict[str, Any]:
    """The per-pot fields of :class:`PlayerEquity` from the :data:`_POT_SUMS` (in order)."""
    high_win, high_tie, high_share, low_win, low_tie, low_share, no_low = (
        float(value / total) for value in sums
    )
    return {
        "high": PotEquity(high_win, high_tie, high_share),
        "low": PotEquity(low_win, low_tie, low_share, no_low),
    }


def _cells(counts: npt.NDArray[Any]) -> list[tuple[tuple[int, int, int], Fraction]]:
    """The non-zero cells of one player's tally: integers, or fractions once weighted (never
    truncated: a weight of 0.5 makes half counts)."""
    return [
        ((int(split), int(high_k), int(low_k)), _fraction(counts[split, high_k, low_k]))
        for split, high_k, low_k in zip(*np.nonzero(counts), strict=True)
    ]


def _fraction(count: int | np.integer[Any] | Fraction) -> Fraction:
    return Fraction(count) if isinstance(count, Fraction) else Fraction(int(count))


def _player_equity(
    player: _Player,
    share: Fraction,
    won: Fraction,
    tied: Fraction,
    total: Fraction | int,
    stderr: float | None = None,
    *,
    exact: bool = False,
    scale: Fraction = Fraction(1),
    pots: dict[str, Any] | None = None,
) -> PlayerEquity:
    """A player's result from its summed share, whole-pot and part-pot counts out of ``total``
    (exact counts are reported times ``scale``: the weights' common denominator undone)."""
    lost = total - won - tied
    return PlayerEquity(
        hand=player.text,
        combos=player.count,
        equity=float(share / total),
        win=float(won / total),
        tie=float(tied / total),
        lose=float(lost / total),
        equity_exact=share / total if exact else None,
        wins=_whole(won * scale) if exact else None,
        ties=_whole(tied * scale) if exact else None,
        stderr=stderr,
        scoop=float(won / total) if pots else None,
        **(pots or {}),
    )


def _whole(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value


def _hole_arrays(
    rows: npt.NDArray[np.uint8], game: Game
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Each hand's (row of card ids') summed card key, its suit bits (13 per suit) and, in
    Omaha, the five-card keys of each pair of its cards (else a column of zeros)."""
    ids = rows.astype(np.int64)
    keys = np.array(CARD_KEYS, dtype=np.int64)[ids].sum(axis=1)
    bits = np.left_shift(np.int64(1), 13 * (ids & 3) + (ids >> 2))
    masks = np.bitwise_or.reduce(bits, axis=1) if ids.shape[1] else np.zeros(len(ids), np.int64)
    if not game.uses_exactly_two:
        return keys, masks, np.zeros((len(ids), 1), dtype=np.int64)
    keys5 = np.array(CARD_KEYS_5, dtype=np.int64)[ids]
    columns = combinations(range(ids.shape[1]), 2)
    return keys, masks, np.stack([keys5[:, a] + keys5[:, b] for a, b in columns], axis=1)


@cache
def _prefixes(count: int, need: int) -> npt.NDArray[np.uint8]:
    """Every subset of ``need - 1`` of ``count`` positions, one row each (cached per process):
    the boards' cards but the last, which the kernels deal after them."""

    size = max(need - 1, 0)
    prefixes = np.zeros((comb(count, size), size), dtype=np.uint8)
    fill_subsets(count, prefixes)
    prefixes.setflags(write=False)
    return prefixes


def _exact(
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    players: list[_Player],
    progress: Progress | None,
) -> EquityResult:
    held = {card for player in players if player.count == 1 for card in player.combos[0]}
    out = set(board + dead) | held
    pool = [Card(card) for card in game.deck if Card(card) not in out]
    players = [player.listed(pool) for player in players]
    ranges = any(player.count > 1 for player in players)
    if len(players) == 2 and not game.uses_exactly_two and game.low is None and ranges:
        return _exact_heads_up_ranges(game, board, dead, players)
    size = len(players) + 1
    weighted = np.zeros((len(players), 2, size, size), dtype=object)
    any_five = not game.uses_exactly_two and game.low is None
    batches = _any_five_batches if any_five else _dealt_batches
    expected = round(_deals(players, len(pool)).count)
    for counts, weight, done, bound in batches(game, board, dead, players, expected):
        weighted += counts.astype(object) * weight if weight != 1 else counts.astype(object)
        if progress is not None:
            progress(done, bound)
    sums = _summary(weighted, len(players))
    total = sums[0]["total"]
    if total == 0:
        raise PokerScoreError("the players' ranges leave no deal in which no card is held twice")
    return _exact_result(game, board, dead, players, sums)


def _exact_result(
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    players: list[_Player],
    sums: list[dict[str, Fraction]],
) -> EquityResult:
    """The exact result of every player's tally sums (:func:`_summary`)."""
    total = sums[0]["total"]
    results = tuple(
        _player_equity(
            player,
            summary["share"],
            summary["win"],
            summary["tie"],
            total,
            exact=True,
            pots=_pots([summary[name] for name in _POT_SUMS], total) if game.low else None,
        )
        for player, summary in zip(players, sums, strict=True)
    )
    return EquityResult(game, board, dead, "exact", results, boards=_whole(total))


_BATCH_CELLS: Final = 1 << 22
"""The most tally cells (64-bit) one batch of deals fills: 32 MB."""


def _any_five_batches(
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    players: list[_Player],
    expected: int,
) -> Iterator[tuple[npt.NDArray[np.int64], Fraction, int, int]]:
    """Hold'em and short deck: every combination of combos, in batches of one kernel call, each
    batch's tallies by the weight of its deals: (counts, weight, combinations done, at most)."""
    tables = game.high.tables(7)
    _, board_rows = board_multisets(game.high)
    four_rows, steps = board_steps(game.high)
    # One row of plain values per pair of hole ranks, shared by every player.
    rank_pairs = sorted(
        {tuple(sorted(card.rank for card in combo)) for p in players for combo in p.combos}
    )
    by_board = values_by_board(game.high, [list(pair) for pair in rank_pairs])
    row_of = {pair: row for row, pair in enumerate(rank_pairs)}
    keys, masks, hole_rows, cards, weight_ids, weights = [], [], [], [], [], []
    for player in players:
        player_keys, player_masks, _ = _hole_arrays(player.rows, game)
        keys.append(player_keys)
        masks.append(player_masks)
        hole_rows.append(np.array([row_of[tuple(sorted(c.rank for c in combo))]
                                   for combo in player.combos], dtype=np.int64))  # fmt: skip
        cards.append(player.masks)
        weights.append(list(player.levels))
        weight_ids.append(player.level_of.astype(np.int64))
    out = {card.id for card in board + dead}
    pool = np.array([card for card in game.deck if card not in out], dtype=np.uint8)
    known = np.array([card.id for card in board], dtype=np.uint8)
    need = BOARD_CARDS - len(board)
    prefixes = _prefixes(len(pool) - 2 * len(players), need)
    size = len(players) + 1
    threads = thread_count()
    per_deal = threads * len(players) * 2 * size * size
    batch = max(1, min(4096, _BATCH_CELLS // per_deal))
    alike = all(player.alike for player in players)
    bound = expected  # combinations to deal (:func:`_deals`), for the progress
    done = 0
    for index in _combination_batches(players, batch):  # (deals, players): each one's combo
        columns = range(len(players))
        hole_keys = np.stack([keys[p][index[:, p]] for p in columns], axis=1)
        hole_masks = np.stack([masks[p][index[:, p]] for p in columns], axis=1)
        rows = np.stack([hole_rows[p][index[:, p]] for p in columns], axis=1)
        held = np.bitwise_or.reduce(np.stack([cards[p][index[:, p]] for p in columns]), axis=0)
        rests = _rests(held, pool, need)
        # Deals of the same weight (the same weight of each player's combo) share a tally.
        ids = np.stack([weight_ids[p][index[:, p]] for p in columns], axis=1)
        kinds, groups = _weight_kinds(ids, alike)
        tally = np.zeros((threads, len(kinds), len(players), 2, size, size), dtype=np.int64)
        any_five_showdowns(hole_keys, hole_masks, rows, by_board, board_rows, four_rows, steps,
                           known, np.ascontiguousarray(rests), prefixes, need == 0, tables,
                           groups.reshape(-1).astype(np.int64), tally)  # fmt: skip
        counts = tally.sum(axis=0)
        done += len(index)
        for group, kind in enumerate(kinds.tolist()):
            weight = math.prod((weights[p][w] for p, w in enumerate(kind)), start=Fraction(1))
            yield counts[group], weight, done, max(bound, done)


def _rests(
    held: npt.NDArray[np.uint64], pool: npt.NDArray[np.uint8], need: int
) -> npt.NDArray[np.uint8]:
    """Each deal's cards left for the board: the pool less the cards its players hold (a
    placeholder column when the board is complete: the kernels read no card of it)."""
    if need == 0:
        return np.zeros((len(held), 1), dtype=np.uint8)
    free = (held[:, None] >> pool[None, :].astype(np.uint64)) & np.uint64(1) == 0
    rests: npt.NDArray[np.uint8] = np.broadcast_to(pool, free.shape)[free].reshape(len(held), -1)
    return rests


def _weight_kinds(
    ids: npt.NDArray[np.int64], alike: bool
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The distinct rows of weight levels of a batch of deals, and each deal's row among them
    (one row when every player's combos weigh alike: no sort)."""
    if alike:
        return ids[:1], np.zeros(len(ids), dtype=np.int64)
    kinds, groups = np.unique(ids, axis=0, return_inverse=True)
    return kinds, groups


def _dealt_batches(
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    players: list[_Player],
    expected: int,
) -> Iterator[tuple[npt.NDArray[np.int64], Fraction, int, int]]:
    """Omaha and hi/lo games: every combination of combos (one, of known hands), in batches of
    one kernel call, as :func:`_any_five_batches` yields them."""
    hi = game.high.tables(7)
    lo = game.low.tables(7) if game.low else hi
    arrays: list[list[npt.NDArray[Any]]] = []  # per player: keys, masks, pairs, cards, weight ids
    levels: list[list[Fraction]] = []  # per player: its distinct weights
    for player in players:
        keys, masks, pairs = _hole_arrays(player.rows, game)
        cards = player.masks
        distinct = list(player.levels)
        ids = player.level_of.astype(np.int64)
        arrays.append([keys, masks, pairs, cards, ids])
        levels.append(distinct)
    out = {card.id for card in board + dead}
    pool = np.array([card for card in game.deck if card not in out], dtype=np.uint8)
    known = np.array([card.id for card in board], dtype=np.uint8)
    need = BOARD_CARDS - len(board)
    prefixes = _prefixes(len(pool) - game.hole_cards * len(players), need)
    size = len(players) + 1
    threads = thread_count()
    batch = max(1, min(4096, _BATCH_CELLS // (threads * len(players) * 2 * size * size)))
    alike = all(player.alike for player in players)
    bound = expected  # combinations to deal (:func:`_deals`), for the progress
    done = 0
    for index in _combination_batches(players, batch):  # (deals, players): each one's combo
        keys, masks, pairs, cards, ids = (
            np.stack([arrays[p][kind][index[:, p]] for p in range(len(players))], axis=1)
            for kind in range(5)
        )
        held = np.bitwise_or.reduce(cards, axis=1)
        rests = _rests(held, pool, need)
        kinds, groups = _weight_kinds(ids, alike)
        tally = np.zeros((threads, len(kinds), len(players), 2, size, size), dtype=np.int64)
        deal = DealtHoles(keys, masks, np.ascontiguousarray(pairs), np.ascontiguousarray(rests),
                          groups.reshape(-1).astype(np.int64))  # fmt: skip
        dealt_showdowns(deal, known, prefixes, need == 0, game.uses_exactly_two, hi, lo,
                        game.low is not None, tally)  # fmt: skip
        counts = tally.sum(axis=0)
        done += len(index)
        for group, kind in enumerate(kinds.tolist()):
            weight = math.prod((levels[p][w] for p, w in enumerate(kind)), start=Fraction(1))
            yield counts[group], weight, done, max(bound, done)


def _hand_cost(game: Game) -> int:
    """The work of judging one hand, in hold'em hands: an Omaha hand is looked up five cards at
    a time, ``C(hole cards, 2) x 10`` times, about a quarter of a hold'em hand each (measured:
    four-card Omaha 13, five 26, six 27 times as slow as hold'em per hand judged)."""
    return comb(game.hole_cards, 2) * comb(BOARD_CARDS, 3) // 4 if game.uses_exactly_two else 1


def _work(players: list[_Player], game: Game, boards: int, pool: int) -> tuple[int, int]:
    """Hands to judge exactly, and their work (see :data:`MAX_WORK`): for two ranges of
    hold'em each board once per live combo, then every pair of combos weighed; else each board
    per player for every combination of combos that holds no card twice (:func:`_deals`), each
    hand at :func:`_hand_cost`, and the prefixes walked in Python to list them."""
    sizes = [player.size(pool) for player in players]
    if len(players) == 2 and not game.uses_exactly_two and game.low is None:
        hands = boards * (sizes[0] + sizes[1] + sizes[0] * sizes[1] // 4)
        return hands, hands
    deals = _deals(players, pool)
    hands = round(deals.count * boards * len(players))
    return hands, round(hands * _hand_cost(game) + deals.prefixes * _PREFIX_COST)


def _refuse_work(hands: int, work: int, game: Game) -> None:
    """Refuse an exact enumeration past :data:`MAX_WORK`, saying how many hands it would judge
    (and their work, where a hand is more than a hold'em hand's)."""
    if work <= MAX_WORK:
        return
    cost = _hand_cost(game)
    weighed = (
        f" ({cost} hold'em hands' work each in {game.name}: {work:.1e})"
        if cost > 1 and hands * cost > MAX_WORK
        else ""
    )
    raise PokerScoreError(
        f"exact enumeration of this spot would judge about {hands:.1e} hands{weighed}, more than "
        f"the {MAX_WORK:.0e} one call takes on: sample it (Monte Carlo) instead"
    )


def _integer_weights(weights: Sequence[Fraction]) -> tuple[list[int], int]:
    """The weights times their common denominator, and that denominator."""
    denominator = lcm(*(weight.denominator for weight in weights))
    return [int(weight * denominator) for weight in weights], denominator


def _exact_heads_up_ranges(
    game: Game, board: tuple[Card, ...], dead: tuple[Card, ...], players: list[_Player]
) -> EquityResult:
    """Range against range: each board once, each live combo judged once on it.

    The kernel sums the second range's integer weights per combo of the first; the first
    range's weights multiply those sums here, in Python integers. Second-range weights too large
    for 64-bit sums (many decimal digits) are split into digits of a base small enough, one
    kernel pass per digit.
    """

    tables = game.high.tables(7)
    arrays = []
    for player in players:
        keys, masks, _ = _hole_arrays(player.rows, game)
        arrays.append((keys, masks, player.masks))
    first, second = arrays
    first_weights, first_denominator = _integer_weights(players[0].weights)
    second_weights, second_denominator = _integer_weights(players[1].weights)
    apart = ((first[2][:, None] & second[2][None, :]) == 0).astype(np.uint8)
    taken = {card.id for card in board + dead}
    rest = np.array([card for card in game.deck if card not in taken], dtype=np.uint8)
    known = np.array([card.id for card in board], dtype=np.uint8)
    need = BOARD_CARDS - len(board)
    prefixes = _prefixes(len(rest), need)
    boards = comb(len(rest), need)
    # Every kernel sum is at most boards x (the largest digit) x combos: keep it below 2**63.
    base = 1 << ((2**63 - 1) // (boards * len(second_weights))).bit_length() - 1
    sums = [0] * (3 * len(first_weights))
    place = 1
    digits = second_weights
    while any(digits):
        tally = np.zeros((thread_count(), len(first_weights), 3), dtype=np.int64)
        digit_array = np.array([digit % base for digit in digits], dtype=np.int64)
        range_showdowns(*first, *second, digit_array, apart, known, rest, prefixes, need == 0,
                        tables, tally)  # fmt: skip
        sums = [
            old + place * int(new)
            for old, new in zip(sums, tally.sum(axis=0).ravel().tolist(), strict=True)
        ]
        digits = [digit // base for digit in digits]
        place *= base
    wins, ties, total = (
        Fraction(sum(weight * sums[3 * i + column] for i, weight in enumerate(first_weights)))
        for column in range(3)
    )
    scale = Fraction(1, first_denominator * second_denominator)
    if total == 0:
        raise PokerScoreError("the players' ranges leave no deal in which no card is held twice")
    outcomes = ((wins, ties), (total - wins - ties, ties))
    results = tuple(
        _player_equity(player, won + tied / 2, won, tied, total, exact=True, scale=scale)
        for player, (won, tied) in zip(players, outcomes, strict=True)
    )
    return EquityResult(game, board, dead, "exact", results, boards=_whole(total * scale))


def _full(players: list[_Player], pool: int) -> list[bool]:
    """Which players hold every hand of the ``pool`` live cards, all weighted alike."""
    return [
        bool(player.every)
        or (player.count == comb(pool, player.rows.shape[1]) > 1 and player.alike)
        for player in players
    ]  # fmt: skip


def _dealt(players: list[_Player], full: list[bool], hole_cards: int) -> SampledPlayers:
    """The players as :func:`~pokerscore.games.holdem._kernels.sampled_showdowns` deals them."""
    count = len(players)
    kinds = np.array(
        [FULL if everything else FIXED if p.count == 1 else PARTIAL
         for p, everything in zip(players, full, strict=True)], dtype=np.int64,
    )  # fmt: skip
    # Known hands, then ranges narrowest first (a narrow range dealt late would often find
    # its combos taken: deals of little weight), then full ranges.
    order = np.array(
        sorted(range(count), key=lambda i: (kinds[i], players[i].count)), dtype=np.int64
    )
    partial = [i for i in range(count) if kinds[i] == PARTIAL]
    most = max([1] + [players[i].count for i in range(count) if kinds[i] != FULL])
    combos = np.zeros((count, most, hole_cards), dtype=np.uint8)
    cumulative = np.zeros((count, most), dtype=np.float64)
    bits = np.zeros((count, most), dtype=np.uint64)
    card_weight = np.zeros((count, 64), dtype=np.float64)
    card_count = np.zeros((count, 64), dtype=np.int64)
    pair_weight = np.zeros((max(len(partial), 1), 64, 64), dtype=np.float64)  # at most
    slots = np.zeros(count, dtype=np.int64)
    counts = np.zeros(count, dtype=np.int64)
    for index, player in enumerate(players):
        if kinds[index] == FULL:
            continue
        size = player.count
        counts[index] = size
        weights = np.array([float(level) for level in player.levels])[player.level_of]
        combos[index, :size] = player.rows
        cumulative[index, :size] = np.cumsum(weights)
        bits[index, :size] = player.masks
        for column in player.rows.T:  # no temporary of every card's weight
            card_weight[index] += np.bincount(column, weights, 64)
            card_count[index] += np.bincount(column, minlength=64)
    dealt = 0  # cards of the ranges dealt before, in order
    slots[:] = -1
    overlapping = []
    for index in order.tolist():
        if kinds[index] != PARTIAL:
            continue
        cards = int(np.bitwise_or.reduce(players[index].masks))
        if cards & dealt:
            overlapping.append(index)
        dealt |= cards
    for slot, index in enumerate(overlapping):
        slots[index] = slot
        if hole_cards > 2:
            continue  # no pair weights: the sampler rejects a deal on a taken card
        levels = np.array([float(level) for level in players[index].levels])
        weights = levels[players[index].level_of]
        first, second = players[index].rows.T
        pair_weight[slot, first, second] = weights
        pair_weight[slot, second, first] = weights
    return SampledPlayers(kinds, order, combos, counts, cumulative, bits, card_weight,
                          card_count, pair_weight, slots)  # fmt: skip


def _sampled(
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    players: list[_Player],
    samples: int | None,
    target: float | None,
    seed: int | None,
    progress: Progress | None,
) -> EquityResult:
    """Monte Carlo, as the module's docstring describes."""
    known = np.array([card.id for card in board], dtype=np.uint8)
    held = {card for player in players if player.count == 1 for card in player.combos[0]}
    out = {card.id for card in board + dead} | {card.id for card in held}
    pool = np.array([card for card in game.deck if card not in out], dtype=np.uint8)
    used = np.uint64(sum(1 << card for card in out))
    full = _full(players, len(pool))
    dealt = _dealt(players, full, game.hole_cards)
    cards = SampledCards(known, used, pool)
    hi = game.high.tables(7)
    lo = game.low.tables(7) if game.low else hi
    has_low = game.low is not None

    def deal(seed: int, first_block: int, sums: npt.NDArray[np.float64]) -> None:
        sampled_showdowns(np.uint64(seed), first_block, BLOCK_SIZE, dealt, cards,
                          game.uses_exactly_two, hi, lo, has_low, sums)  # fmt: skip

    return _sample(game, board, dead, players, deal, samples, target, seed, progress)


Deal = Callable[[int, int, npt.NDArray[np.float64]], None]
"""A sampling kernel's call: (seed, first block, sums of ``(blocks, players, ACCUMULATORS)``)."""


def _sample(
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    players: list[_Player],
    deal: Deal,
    samples: int | None,
    target: float | None,
    seed: int | None,
    progress: Progress | None,
) -> EquityResult:
    """Blocks of deals by ``deal`` until ``samples`` or the ``target`` standard error."""
    if seed is None:
        seed = secrets.randbits(63)
    limit = samples if samples is not None else (None if target else DEFAULT_SAMPLES)
    totals = np.zeros((len(players), ACCUMULATORS), dtype=np.float64)
    blocks_done = 0
    wanted_blocks = -(-limit // BLOCK_SIZE) if limit is not None else None
    while True:
        batch = _BLOCKS_PER_CALL
        if wanted_blocks is not None:
            batch = min(batch, wanted_blocks - blocks_done)
        sums = np.zeros((batch, len(players), ACCUMULATORS), dtype=np.float64)
        deal(seed, blocks_done, sums)
        totals += sums.sum(axis=0)
        blocks_done += batch
        dealt = blocks_done * BLOCK_SIZE
        if totals[0, 0] == 0:
            raise PokerScoreError(
                "the players' ranges leave almost no deal in which no card is held twice: "
                f"none of {dealt:,} random deals was possible"
            )
        errors = [_weighted_stderr(row) for row in totals]
        if progress is not None:
            progress(dealt, wanted_blocks * BLOCK_SIZE if wanted_blocks else dealt)
        if wanted_blocks is not None and blocks_done >= wanted_blocks:
            break
        if target is not None and max(errors) <= target:
            break
        if (dealt + _BLOCKS_PER_CALL * BLOCK_SIZE) * len(players) > MAX_WORK:
            break  # unequal deal weights may need more: the errors say what was reached
    held = {card for player in players if player.count == 1 for card in player.combos[0]}
    pool = len(game.deck) - len(board) - len(dead) - len(held)  # Omaha's random: its combos
    results = tuple(
        PlayerEquity(
            hand=player.text,
            combos=player.size(pool),
            equity=row[1] / row[0],
            win=row[2] / row[0],
            tie=row[3] / row[0],
            lose=max(1.0 - (row[2] + row[3]) / row[0], 0.0),
            stderr=error,
            scoop=row[2] / row[0] if game.low else None,
            **(_pots(row[7:], row[0]) if game.low else {}),
        )
        for player, row, error in zip(players, totals.tolist(), errors, strict=True)
    )
    return EquityResult(game, board, dead, "monte-carlo", results, samples=dealt, seed=seed)


def _weighted_stderr(row: npt.NDArray[np.float64]) -> float:
    """The standard error of the weighted mean of shares, from one player's sums (see
    :data:`~pokerscore.games.holdem._kernels.ACCUMULATORS`)."""
    weight, share, _, _, square, square_share, square_share2 = (float(x) for x in row[:7])
    mean = share / weight
    spread = square_share2 - 2 * mean * square_share + mean * mean * square
    return math.sqrt(max(spread, 0.0)) / weight


@dataclass(frozen=True)
class _StudDeal:
    """A stud spot as the kernels of :mod:`~pokerscore.games.holdem._stud_kernels` take it."""

    spot: Spot
    pool: tuple[int, ...]
    """The card ids left to deal: the deck less every known and dead card."""
    community: bool
    """Whether the deck runs short, so that the last card is one community card for all."""

    @classmethod
    def of(cls, game: Game, dead: tuple[Card, ...], players: list[_Player]) -> _StudDeal:
        holes = [player.combos[0] for player in players]
        out = {card.id for card in dead} | {card.id for hole in holes for card in hole}
        pool = tuple(card for card in game.deck if card not in out)
        missing = [game.hole_cards - len(hole) for hole in holes]
        community = sum(missing) > len(pool)
        if community and sum(max(need - 1, 0) for need in missing) + 1 > len(pool):
            raise PokerScoreError(
                f"{game.name} has {len(game.deck)} cards, too few for this spot: "
                f"{len(pool)} left to deal"
            )
        known = [
            _hole_arrays(np.array([[card.id for card in hole]], np.uint8), game) for hole in holes
        ]
        keys = np.concatenate([key for key, _, _ in known])
        masks = np.concatenate([mask for _, mask, _ in known])
        spot = Spot(
            keys, masks, np.array(missing, dtype=np.int64),
            np.array([CARD_KEYS[card] for card in pool], dtype=np.int64),
            np.array([1 << (13 * (card & 3) + (card >> 2)) for card in pool], dtype=np.int64),
        )  # fmt: skip
        return cls(spot, pool, community)

    def widths(self) -> list[int]:
        """The cards each player is dealt from the pool of their own."""
        missing = self.spot.missing.tolist()
        return [need - 1 if self.community and need else need for need in missing]

    def work(self) -> int:
        """Hands to judge exactly (see :data:`MAX_WORK`): heads-up, each completion valued and
        swept (a few dozen steps each); else each player's hand on every deal of completions
        that holds no card twice (counted: the community card, then each player's cards from
        those left), plus a quarter per completion tried against the cards taken before it (the
        kernel tries every completion of a player after each deal of those before)."""
        widths = self.widths()
        if len(widths) == 2:
            pool = len(self.pool) - self.community
            return sum(comb(pool, width) for width in widths) * 64
        prefixes = len(self.pool) if self.community else 1
        left = len(self.pool) - self.community
        tries = 0
        for width in widths:
            tries += prefixes * comb(len(self.pool), width)
            prefixes *= comb(left, width)
            left -= width
        return prefixes * len(widths) + tries // 4


def _completions(
    deal: _StudDeal, player: int, game: Game
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """A player's completions (rows of pool positions), and their high values and raw lows."""
    width = deal.widths()[player]
    rows = np.zeros((comb(len(deal.pool), width), width), dtype=np.uint8)
    fill_subsets(len(deal.pool), rows)
    high = np.zeros(len(rows), dtype=np.int64)
    low = np.zeros(len(rows), dtype=np.int64)
    hi = game.high.tables(7)
    lo = game.low.tables(7) if game.low else hi
    spot = deal.spot
    completion_values(int(spot.known_keys[player]), int(spot.known_masks[player]),
                      spot.pool_keys, spot.pool_masks, rows, hi, lo, game.low is not None, high,
                      low)  # fmt: skip
    return rows, high, low


def _stud_exact(
    game: Game, dead: tuple[Card, ...], players: list[_Player], deal: _StudDeal
) -> EquityResult:
    """Every deal of the unknown cards: heads-up by the sweep, else deal by deal."""
    size = len(players) + 1
    if len(players) == 2:
        (first_rows, first_high, first_low), (second_rows, second_high, second_low) = (
            _completions(deal, player, game) for player in range(2)
        )
        lows, levels = np.unique(np.concatenate(([1], first_low, second_low)), return_inverse=True)
        first_levels, second_levels = levels[1 : 1 + len(first_low)], levels[1 + len(first_low) :]
        first = Completions(first_rows, first_high, first_levels.astype(np.int64),
                            np.argsort(first_high, kind="stable"))  # fmt: skip
        second = Completions(second_rows, second_high, second_levels.astype(np.int64),
                             np.argsort(second_high, kind="stable"))  # fmt: skip
        apart = comb(len(deal.pool) - first_rows.shape[1], second_rows.shape[1])
        tally = np.zeros((2, 2, size, size), dtype=np.int64)
        most = min(first_rows.shape[1], second_rows.shape[1])
        binomials = np.array(binomial_rows(len(deal.pool), most + 1), dtype=np.int64)
        heads_up_sweep(first, second, len(lows), binomials, apart, tally)
    else:
        widths = deal.widths()
        most = max(comb(len(deal.pool), width) for width in widths)
        rows = np.zeros((len(players), most, max(max(widths), 1)), dtype=np.uint8)
        bits = np.zeros((len(players), most), dtype=np.uint64)
        counts = np.zeros(len(players), dtype=np.int64)
        for player, width in enumerate(widths):
            own = np.zeros((comb(len(deal.pool), width), width), dtype=np.uint8)
            fill_subsets(len(deal.pool), own)
            counts[player] = len(own)
            rows[player, : len(own), :width] = own
            bits[player, : len(own)] = (
                np.left_shift(np.uint64(1), own.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
                if width
                else 0
            )
        hi = game.high.tables(7)
        lo = game.low.tables(7) if game.low else hi
        threads = thread_count()
        tallies = np.zeros((threads, len(players), 2, size, size), dtype=np.int64)
        deal_showdowns(deal.spot, rows, bits, counts, np.array(widths, dtype=np.int64),
                       deal.community, hi, lo, game.low is not None, tallies)  # fmt: skip
        tally = tallies.sum(axis=0)
    sums = _summary(tally.astype(object), len(players))
    return _exact_result(game, (), dead, players, sums)


def stud_shares(
    game: Game, holes: Sequence[Sequence[int]], dead: Sequence[int], *, most: int = EXACT_LIMIT
) -> tuple[Fraction, ...] | None:
    """Each stud player's exact share of one pot they all contend for (hi/lo halves counted
    half): every deal of the cards still to come from the deck less ``holes`` and ``dead`` (card
    ids), counted as :func:`equity` counts a stud spot exactly, without its per-call checks
    (all-in EV, :mod:`pokerscore.histories.allin`). None when the work (hands judged, as
    :func:`equity` counts it) is past ``most``: the :data:`EXACT_LIMIT` that ``method="auto"``
    enumerates, a few seconds.

    >>> from pokerscore.cards import parse_cards
    >>> aces, kings = ([c.id for c in parse_cards(h)] for h in ("AhAd7c2s3s4s", "KhKd7d2c3c4c"))
    >>> stud_shares(get_game("stud"), [aces, kings], [])
    (Fraction(643, 780), Fraction(137, 780))
    """
    cards = [Card(card) for card in range(DECK_SIZE)]
    players = [
        _Player.of("", [tuple(cards[card] for card in hole)], [Fraction(1)]) for hole in holes
    ]
    out = tuple(cards[card] for card in dead)
    deal = _StudDeal.of(game, out, players)
    if deal.work() > most:
        return None
    shares = tuple(player.equity_exact for player in _stud_exact(game, out, players, deal).players)
    assert all(share is not None for share in shares)  # an exact result's
    return cast(tuple[Fraction, ...], shares)


def _stud_sampled(
    game: Game,
    dead: tuple[Card, ...],
    players: list[_Player],
    deal: _StudDeal,
    samples: int | None,
    target: float | None,
    seed: int | None,
    progress: Progress | None,
) -> EquityResult:
    """Monte Carlo stud: each player's missing cards dealt at random, block by block."""
    hi = game.high.tables(7)
    lo = game.low.tables(7) if game.low else hi
    positions = np.arange(len(deal.pool), dtype=np.uint8)

    def run(seed: int, first_block: int, sums: npt.NDArray[np.float64]) -> None:
        sampled_stud(np.uint64(seed), first_block, BLOCK_SIZE, deal.spot, positions,
                     deal.community, hi, lo, game.low is not None, sums)  # fmt: skip

    return _sample(game, (), dead, players, run, samples, target, seed, progress)


def _stud_equity(
    game: Game,
    dead: tuple[Card, ...],
    players: list[_Player],
    method: Method,
    sampling: bool,
    options: tuple[int | None, float | None, int | None],
    progress: Progress | None,
) -> EquityResult:
    """A stud spot, exact or Monte Carlo, chosen as for board games."""
    deal = _StudDeal.of(game, dead, players)
    work = deal.work()
    if method == "exact" or (method == "auto" and not sampling and work <= EXACT_LIMIT):
        _refuse_work(work, work, game)
        result = _stud_exact(game, dead, players, deal)
        if progress is not None:
            progress(1, 1)
        return result
    samples, target, seed = options
    _check_sampling_work(len(players), samples, target)
    return _stud_sampled(game, dead, players, deal, samples, target, seed, progress)


def _cards(name: str, value: HandInput) -> tuple[Card, ...]:
    try:
        return parse_cards(value)
    except PokerScoreError as error:
        raise parameter_error(name, f": {error}") from None


def _whole_number(name: str, value: object, low: int, high: int) -> int:
    """An integer ``low .. high`` (NumPy integers too; not a bool, not a float)."""
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if number is None or isinstance(value, bool) or not low <= number <= high:
        shown = shorten(repr(value))
        raise parameter_error(
            name, f" must be a whole number from {low:,} to {high:,}, got {shown}"
        )
    return number


def _options(
    method: object, samples: object, seed: object, stderr: object
) -> tuple[Method, int | None, int | None, float | None]:
    """The options checked, each error naming its parameter."""
    if not isinstance(method, str) or method not in get_args(Method):
        shown = shorten(repr(method))
        raise parameter_error("method", f' must be "auto", "exact" or "monte-carlo", got {shown}')
    count = None if samples is None else _whole_number("samples", samples, 1, 2**63 - 1)
    chosen = None if seed is None else _whole_number("seed", seed, 0, 2**64 - 1)
    target = None
    if stderr is not None:
        if isinstance(stderr, bool) or not isinstance(stderr, numbers.Real):
            kind = type(stderr).__name__
            raise parameter_error("stderr", f" must be a positive number, got {kind}")
        target = float(stderr)
        if not (target > 0 and math.isfinite(target)):
            raise parameter_error("stderr", f" must be a positive number, got {stderr!r}")
    if method == "exact" and (count, chosen, target) != (None, None, None):
        raise parameter_error(
            "samples" if count is not None else "seed" if chosen is not None else "stderr",
            ' is for Monte Carlo: method="exact" enumerates every board',
        )
    return cast(Method, method), count, chosen, target


def _check_sampling_work(players: int, samples: int | None, stderr: float | None) -> None:
    """Refuse a Monte Carlo run past :data:`MAX_WORK`: ``samples`` showdowns, or those a target
    standard error may need (a share lies in [0, 1], so its variance is at most 1/4: ``1 /
    (4 stderr**2)`` showdowns always reach it when every deal weighs the same)."""
    most = MAX_WORK // players
    if samples is not None and samples > most:
        raise parameter_error(
            "samples",
            f" must be at most {most:,} with {players} players ({MAX_WORK:.0e} hands judged "
            f"in all), got {samples:,}",
        )
    if stderr is not None and samples is None and 1 / (4 * stderr * stderr) > most:
        lowest = 1 / math.sqrt(4 * most)
        raise parameter_error(
            "stderr",
            f" must be at least {lowest:.1e} with {players} players (a smaller one may need "
            f"more than {most:,} showdowns, {MAX_WORK:.0e} hands judged), got {stderr:g}",
        )


def equity(
    players: Sequence[PlayerInput],
    board: HandInput = "",
    dead: HandInput = "",
    *,
    game: Game | GameName = "holdem",
    method: Method = "auto",
    samples: int | None = None,
    seed: int | None = None,
    stderr: float | None = None,
    progress: Progress | None = None,
) -> EquityResult:
    """Each player's equity, win, tie and lose chances: exact or Monte Carlo.

    ``players`` holds one hand or range per player (Omaha patterns in Omaha games); ``board``
    0, 3, 4 or 5 cards; ``dead`` cards are out of play. In stud games a player's hand is the
    cards known so far (3 to 7), and there is no board. In hi/lo games each player's result
    holds ``scoop``, ``high`` and ``low`` (``PotEquity``: each half of the pot). ``method="exact"`` enumerates every
    board, ``"monte-carlo"`` samples, ``"auto"`` enumerates when the work is at most
    :data:`EXACT_LIMIT` and no Monte Carlo option (``samples``, ``stderr``, ``seed``) is given.
    Monte Carlo stops after ``samples`` showdowns (rounded up to whole blocks of
    :data:`BLOCK_SIZE`; :data:`DEFAULT_SAMPLES` without ``samples`` or ``stderr``) or once every
    player's standard error is at most ``stderr``, whichever comes first; ``seed`` (0 to
    2**64 - 1) reproduces a run. ``progress(done, total)`` is called as the work advances.

    No call takes on more than :data:`MAX_WORK` hands judged (about a minute on two cores):
    an exact enumeration, ``samples`` or an ``stderr`` that may need more is refused up front
    (``stderr`` at least ``1 / sqrt(4 * MAX_WORK / players)``, some 1e-5 heads-up). Ranges
    that overlap weigh their deals unequally (see above), and may stop at the bound with
    standard errors above ``stderr``: the result's ``stderr`` says what was reached.

    Bad input raises a :class:`~pokerscore.cards.PokerScoreError`: a
    :class:`~pokerscore.games.holdem.showdown.PlayerError` names the player, a
    :class:`~pokerscore._support.errors.ParameterError` the parameter.

    >>> result = equity(["AsKs", "QdQc"], board="2s 7s Qh")  # a regression pin; brute force in tests
    >>> [round(player.equity, 4) for player in result.players]
    [0.2556, 0.7444]
    >>> result = equity(["AxKxQyJy", "As Ad 7c 6h"], board="Ah 9s 4d", game="omaha")
    >>> result.players[0].combos, result.players[0].equity_exact  # hand by hand in tests
    (3, Fraction(227, 2460))
    >>> razz = equity(["As2d3c", "4h5h6s"], dead="Ac 2c", game="razz")  # a regression pin too
    >>> razz.boards, [round(player.equity, 4) for player in razz.players]
    (12406283890, [0.5881, 0.4119])
    """
    rules = get_game(game)
    progress = checked_progress(progress)
    method, samples, seed, stderr = _options(method, samples, seed, stderr)
    items = player_list("players", players)
    if not 2 <= len(items) <= rules.max_players:
        raise parameter_error(
            "players",
            f" must hold 2 to {rules.max_players} players in {rules.name}, got {len(items)}",
        )
    board_cards = _cards("board", board)
    dead_cards = _cards("dead", dead)
    if not rules.board_cards and board_cards:
        raise parameter_error("board", f" must be empty in {rules.name}, which deals no board")
    if len(board_cards) not in (0, 3, 4, 5):
        raise parameter_error("board", f" must hold 0, 3, 4 or 5 cards, got {len(board_cards)}")
    check_distinct(board_cards + dead_cards)
    for name, cards in (("board", board_cards), ("dead", dead_cards)):
        try:
            check_in_deck(cards, rules.high)
        except PokerScoreError as error:
            raise parameter_error(name, f": {error}") from None
    parsed = [_player(item, number, rules) for number, item in enumerate(items, 1)]
    seen = {card: "the board or the dead cards" for card in board_cards + dead_cards}
    for number, player in enumerate(parsed, 1):
        if player.count == 1:  # a hand, not a range: its cards are taken
            for card in player.combos[0]:
                if card in seen:
                    raise PlayerError(number, f"card {card} is also held by {seen[card]}")
                seen[card] = f"player {number}"
    if not rules.board_cards:
        sampling = (samples, stderr, seed) != (None, None, None)
        return _stud_equity(rules, dead_cards, parsed, method, sampling, (samples, stderr, seed),
                            progress)  # fmt: skip
    needed = len(board_cards) + len(dead_cards) + len(items) * rules.hole_cards
    if needed + BOARD_CARDS - len(board_cards) > len(rules.deck):
        raise PokerScoreError(f"{rules.name} has {len(rules.deck)} cards, too few for this spot")
    live = _live(parsed, set(board_cards + dead_cards))
    held = {card for player in live if player.count == 1 for card in player.combos[0]}
    pool = len(rules.deck) - len(board_cards) - len(dead_cards) - len(held)
    if _possible(live, _full(live, pool)) is False:  # None: undecided, the sampler watches
        raise PokerScoreError("the players' ranges leave no deal in which no card is held twice")
    boards = comb(len(rules.deck) - needed, BOARD_CARDS - len(board_cards))
    sampling = (samples, stderr, seed) != (None, None, None)
    hands, work = _work(live, rules, boards, pool)
    exact = method == "exact" or (method == "auto" and not sampling and work <= EXACT_LIMIT)
    if exact:
        _refuse_work(hands, work, rules)
        return _exact(rules, board_cards, dead_cards, live, progress)
    _check_sampling_work(len(items), samples, stderr)
    return _sampled(rules, board_cards, dead_cards, live, samples, stderr, seed, progress)
