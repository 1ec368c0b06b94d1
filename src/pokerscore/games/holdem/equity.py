"""How often each hand wins from here: exact enumeration of every board, or Monte Carlo.

A player is a hand (``"AhAs"``) or a range (``"QQ+,AKs"``, hold'em only). Equity is the share of
the pot a player takes on average: a k-way tie gives each 1/k, and in hi/lo games each half pot
counts half. ``win`` is the chance of taking the whole pot, ``tie`` of taking part of it, ``lose``
of taking nothing.

**Exact** enumerates every board that completes the known cards, for every combination of the
players' combos that shares no card, each weighted by the product of the combos' weights (the
PokerStove/Equilab definition), and keeps integer counts. **Monte Carlo** deals random hands
(redrawn whole when two share a card, which keeps the joint odds exact) and random boards, in
blocks with their own random streams: the same seed gives the same answer whatever the number of
threads. ``method="auto"`` enumerates when the work, boards x combinations of combos x players,
is at most :data:`EXACT_LIMIT`, and samples otherwise.

>>> result = equity(["AdAc", "KhKs"])
>>> result.method, result.boards, result.players[0].wins, result.players[0].ties
('exact', 1712304, 1388072, 6538)
>>> round(result.players[0].equity, 6)
0.812555
"""

from __future__ import annotations

import math
import operator
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb, lcm
from typing import Any, Final, Literal, cast, get_args

import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import shorten
from pokerscore._support.progress import Progress
from pokerscore.cards import Card, PokerScoreError, check_distinct, parse_cards
from pokerscore.engine.kernels.enumeration import thread_count
from pokerscore.engine.keys import CARD_KEYS, CARD_KEYS_5
from pokerscore.engine.tables import board_multisets, board_steps, values_by_board
from pokerscore.games.holdem._kernels import (
    any_five_showdowns,
    exact_showdowns,
    fill_subsets,
    range_showdowns,
    sampled_showdowns,
)
from pokerscore.games.holdem.game import BOARD_CARDS, Game, GameName, ParameterError, get_game
from pokerscore.games.holdem.ranges import Range, parse_range
from pokerscore.games.holdem.showdown import PlayerError, player_list
from pokerscore.hands.score import HandInput, check_in_deck

Method = Literal["auto", "exact", "monte-carlo"]
"""How :func:`equity` counts: enumerate every board, sample, or choose by the work."""
EXACT_LIMIT: Final = 400_000_000
"""``method="auto"`` enumerates up to this many player-boards (boards x combinations x players)."""
DEFAULT_SAMPLES: Final = 1_000_000
"""Monte Carlo deals this many showdowns when neither ``samples`` nor ``stderr`` is given."""
BLOCK_SIZE: Final = 4096
"""Showdowns per random stream; a run is a whole number of blocks."""
_BLOCKS_PER_CALL: Final = 64

PlayerInput = HandInput | Range
"""A hand in any card notation, a range text, or a :class:`~pokerscore.games.holdem.ranges.Range`."""


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
    """Exact: the number of boards weighed (times combination weights, for ranges)."""
    samples: int | None = None
    """Monte Carlo: the number of showdowns dealt."""
    seed: int | None = None
    """Monte Carlo: the seed, to reproduce the run."""


@dataclass(frozen=True)
class _Player:
    text: str
    combos: tuple[tuple[Card, ...], ...]
    weights: tuple[Fraction, ...]


def _player(item: PlayerInput, number: int, game: Game) -> _Player:
    """A player's combos and weights, each card checked against the game's deck."""
    if isinstance(item, Range):
        return _range_player(item, number, game)
    try:
        cards = parse_cards(item)
    except PokerScoreError as error:
        if not isinstance(item, str):
            raise PlayerError(number, str(error)) from None
        try:
            found = parse_range(item, ranking=game.high)
        except PokerScoreError:
            raise PlayerError(number, str(error)) from None  # neither cards nor a range
        return _range_player(found, number, game)
    try:
        check_in_deck(cards, game.high)
    except PokerScoreError as error:
        raise PlayerError(number, str(error)) from None
    if len(cards) != game.hole_cards:
        raise PlayerError(
            number, f"{game.name} deals {game.hole_cards} hole cards, got {len(cards)}"
        )
    return _Player(" ".join(map(str, cards)), (cards,), (Fraction(1),))


def _range_player(found: Range, number: int, game: Game) -> _Player:
    if game.hole_cards != 2:
        raise PlayerError(
            number,
            f"a range is two-card combos, and {game.name} deals {game.hole_cards} hole cards: "
            "give the player's cards",
        )
    if not found.combos:
        raise PlayerError(number, "the range is empty")
    outside = [card for combo in found.combos for card in combo if card.id not in game.deck]
    if outside:
        raise PlayerError(
            number, f"the range holds {outside[0]}, which {game.name}'s deck does not"
        )
    # Weights are exact decimals as written (0.33 is 33/100), not the float's binary value.
    weights = tuple(Fraction(repr(weight)) for weight in found.weights)
    return _Player(found.text, found.combos, weights)


def _live(players: list[_Player], taken: set[Card]) -> list[_Player]:
    """Each player's combos without the board and dead cards; an empty range is an error."""
    live = []
    for number, player in enumerate(players, 1):
        kept = [
            (combo, weight)
            for combo, weight in zip(player.combos, player.weights, strict=True)
            if not taken.intersection(combo)
        ]
        if not kept:
            raise PlayerError(number, f"no combo of {player.text} is left after card removal")
        combos, weights = zip(*kept, strict=True)
        live.append(_Player(player.text, combos, weights))
    return live


def _tuples(players: list[_Player]) -> list[tuple[tuple[tuple[Card, ...], ...], Fraction]]:
    """Every combination of one combo per player sharing no card, with its weight."""
    found = []
    for choice in product(*(zip(p.combos, p.weights, strict=True) for p in players)):
        cards = [card for combo, _ in choice for card in combo]
        if len(set(cards)) == len(cards):
            weight = Fraction(1)
            for _, combo_weight in choice:
                weight *= combo_weight
            found.append((tuple(combo for combo, _ in choice), weight))
    return found


def _share(split: int, high_k: int, low_k: int) -> Fraction:
    high = Fraction(1, high_k) if high_k else Fraction(0)
    if not split:
        return high
    return (high + (Fraction(1, low_k) if low_k else Fraction(0))) / 2


def _summary(tally: npt.NDArray[Any], players: int) -> list[dict[str, Fraction]]:
    """Per player: total, whole-pot, part-pot, share and share-squared sums of a tally."""
    sums = []
    for player in range(players):
        totals = dict.fromkeys(("total", "win", "tie", "share", "square"), Fraction(0))
        for (split, high_k, low_k), count in _cells(tally[player]):
            share = _share(split, high_k, low_k)
            totals["total"] += count
            totals["share"] += count * share
            totals["square"] += count * share * share
            if share == 1:
                totals["win"] += count
            elif share:
                totals["tie"] += count
        sums.append(totals)
    return sums


def _cells(counts: npt.NDArray[Any]) -> list[tuple[tuple[int, int, int], Fraction]]:

    return [
        ((int(split), int(high_k), int(low_k)), Fraction(int(counts[split, high_k, low_k])))
        for split, high_k, low_k in zip(*np.nonzero(counts), strict=True)
    ]


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
) -> PlayerEquity:
    """A player's result from its summed share, whole-pot and part-pot counts out of ``total``
    (exact counts are reported times ``scale``: the weights' common denominator undone)."""
    lost = total - won - tied
    return PlayerEquity(
        hand=player.text,
        combos=len(player.combos),
        equity=float(share / total),
        win=float(won / total),
        tie=float(tied / total),
        lose=float(lost / total),
        equity_exact=share / total if exact else None,
        wins=_whole(won * scale) if exact else None,
        ties=_whole(tied * scale) if exact else None,
        stderr=stderr,
    )


def _whole(value: Fraction) -> int | Fraction:
    return int(value) if value.denominator == 1 else value


def _hole_arrays(
    holes: Sequence[tuple[Card, ...]], game: Game
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:

    keys = np.array([sum(CARD_KEYS[card.id] for card in hole) for hole in holes], dtype=np.int64)
    masks = np.array(
        [sum(1 << (13 * (card.id & 3) + (card.id >> 2)) for card in set(hole)) for hole in holes],
        dtype=np.int64,
    )
    pairs = [
        [CARD_KEYS_5[a.id] + CARD_KEYS_5[b.id] for a, b in combinations(hole, 2)] for hole in holes
    ]
    return keys, masks, np.array(pairs if game.uses_exactly_two else [[0]] * len(holes))


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
    choices: list[tuple[tuple[tuple[Card, ...], ...], Fraction]],
    progress: Progress | None,
) -> EquityResult:

    if len(players) == 2 and not game.uses_exactly_two and game.low is None and len(choices) > 1:
        return _exact_heads_up_ranges(game, board, dead, players)
    hi = game.high.tables(7)
    lo = game.low.tables(7) if game.low else hi
    known = np.array([card.id for card in board], dtype=np.uint8)
    need = BOARD_CARDS - len(board)
    size = len(players) + 1
    weighted = np.zeros((len(players), 2, size, size), dtype=object)
    for done, (holes, weight) in enumerate(choices, 1):
        taken = {card.id for card in board + dead} | {card.id for hole in holes for card in hole}
        rest = np.array([card for card in game.deck if card not in taken], dtype=np.uint8)
        tally = np.zeros((thread_count(), len(players), 2, size, size), dtype=np.int64)
        keys, masks, pairs = _hole_arrays(holes, game)
        prefixes = _prefixes(len(rest), need)
        if game.uses_exactly_two or game.low is not None:
            exact_showdowns(keys, masks, pairs, known, rest, prefixes, need == 0,
                            game.uses_exactly_two, hi, lo, game.low is not None, tally)  # fmt: skip
        else:
            _, board_rows = board_multisets(game.high)
            four_rows, steps = board_steps(game.high)
            by_board = values_by_board(game.high, [[card.rank for card in hole] for hole in holes])
            any_five_showdowns(keys, masks, by_board, board_rows, four_rows, steps, known, rest,
                               prefixes, need == 0, hi, tally)  # fmt: skip
        counts = tally.sum(axis=0)
        weighted += counts.astype(object) * weight if weight != 1 else counts.astype(object)
        if progress is not None:
            progress(done, len(choices))
    sums = _summary(weighted, len(players))
    total = sums[0]["total"]
    results = tuple(
        _player_equity(player, summary["share"], summary["win"], summary["tie"], total, exact=True)
        for player, summary in zip(players, sums, strict=True)
    )
    return EquityResult(game, board, dead, "exact", results, boards=_whole(total))


def _work(players: list[_Player], game: Game, boards: int) -> int:
    """Hands to judge exactly: each board once per live combo for two ranges of hold'em, else
    each board per player for every combination of combos."""
    if len(players) == 2 and not game.uses_exactly_two and game.low is None:
        return boards * sum(len(player.combos) for player in players)
    combinations_bound = 1
    for player in players:
        combinations_bound *= len(player.combos)
    return boards * combinations_bound * len(players)


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
        holes = player.combos
        keys, masks, _ = _hole_arrays(holes, game)
        cards = np.array([sum(1 << card.id for card in hole) for hole in holes], dtype=np.uint64)
        arrays.append((keys, masks, cards))
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


def _padded_combos(
    players: list[_Player], game: Game
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[np.float64]]:

    most = max(len(player.combos) for player in players)
    combos = np.zeros((len(players), most, game.hole_cards), dtype=np.uint8)
    cumulative = np.zeros((len(players), most), dtype=np.float64)
    for index, player in enumerate(players):
        combos[index, : len(player.combos)] = [[card.id for card in c] for c in player.combos]
        cumulative[index, : len(player.combos)] = np.cumsum([float(w) for w in player.weights])
    counts = np.array([len(player.combos) for player in players], dtype=np.int64)
    return combos, counts, cumulative


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

    if seed is None:
        seed = secrets.randbits(63)
    limit = samples if samples is not None else (None if target else DEFAULT_SAMPLES)
    hi = game.high.tables(7)
    lo = game.low.tables(7) if game.low else hi
    known = np.array([card.id for card in board], dtype=np.uint8)
    used = np.uint64(sum(1 << card.id for card in board + dead))
    deck = np.array(game.deck, dtype=np.uint8)
    combos, counts, cumulative = _padded_combos(players, game)
    size = len(players) + 1
    total = np.zeros((len(players), 2, size, size), dtype=np.int64)
    blocks_done = 0
    wanted_blocks = -(-limit // BLOCK_SIZE) if limit is not None else None
    while True:
        batch = _BLOCKS_PER_CALL
        if wanted_blocks is not None:
            batch = min(batch, wanted_blocks - blocks_done)
        tally = np.zeros((batch, len(players), 2, size, size), dtype=np.int64)
        sampled_showdowns(np.uint64(seed), blocks_done, BLOCK_SIZE, combos, counts, cumulative,
                          known, used, deck, game.uses_exactly_two, hi, lo,
                          game.low is not None, tally)  # fmt: skip
        total += tally.sum(axis=0)
        blocks_done += batch
        sums = _summary(total, len(players))
        dealt = blocks_done * BLOCK_SIZE
        errors = [_stderr(summary, dealt) for summary in sums]
        if progress is not None:
            progress(dealt, wanted_blocks * BLOCK_SIZE if wanted_blocks else dealt)
        if wanted_blocks is not None and blocks_done >= wanted_blocks:
            break
        if target is not None and max(errors) <= target:
            break
    results = tuple(
        _player_equity(player, summary["share"], summary["win"], summary["tie"], dealt, error)
        for player, summary, error in zip(players, sums, errors, strict=True)
    )
    return EquityResult(game, board, dead, "monte-carlo", results, samples=dealt, seed=seed)


def _stderr(summary: dict[str, Fraction], dealt: int) -> float:
    mean = float(summary["share"]) / dealt
    variance = max(float(summary["square"]) / dealt - mean * mean, 0.0)
    return float((variance / dealt) ** 0.5)


def _cards(name: str, value: HandInput) -> tuple[Card, ...]:
    try:
        return parse_cards(value)
    except PokerScoreError as error:
        raise ParameterError(name, f": {error}") from None


def _whole_number(name: str, value: object, low: int, high: int) -> int:
    """An integer ``low .. high`` (NumPy integers too; not a bool, not a float)."""
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if number is None or isinstance(value, bool) or not low <= number <= high:
        shown = shorten(repr(value))
        raise ParameterError(name, f" must be a whole number from {low:,} to {high:,}, got {shown}")
    return number


def _options(
    method: object, samples: object, seed: object, stderr: object, progress: object
) -> tuple[Method, int | None, int | None, float | None]:
    """The options checked, each error naming its parameter."""
    if method not in get_args(Method):
        shown = shorten(repr(method))
        raise ParameterError("method", f' must be "auto", "exact" or "monte-carlo", got {shown}')
    count = None if samples is None else _whole_number("samples", samples, 1, 2**63 - 1)
    chosen = None if seed is None else _whole_number("seed", seed, 0, 2**64 - 1)
    target = None
    if stderr is not None:
        if isinstance(stderr, bool) or not isinstance(stderr, (int, float)):
            kind = type(stderr).__name__
            raise ParameterError("stderr", f" must be a positive number, got {kind}")
        target = float(stderr)
        if not (target > 0 and math.isfinite(target)):
            raise ParameterError("stderr", f" must be a positive number, got {stderr!r}")
    if progress is not None and not callable(progress):
        kind = type(progress).__name__
        raise ParameterError("progress", f" must be a function of (done, total), got {kind}")
    if method == "exact" and (count, chosen, target) != (None, None, None):
        raise ParameterError(
            "samples" if count is not None else "seed" if chosen is not None else "stderr",
            ' is for Monte Carlo: method="exact" enumerates every board',
        )
    return cast(Method, method), count, chosen, target


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

    ``players`` holds one hand or range per player (a range only in two-card games); ``board``
    0, 3, 4 or 5 cards; ``dead`` cards are out of play. ``method="exact"`` enumerates every
    board, ``"monte-carlo"`` samples, ``"auto"`` enumerates when the work is at most
    :data:`EXACT_LIMIT` and no Monte Carlo option (``samples``, ``stderr``, ``seed``) is given.
    Monte Carlo stops after ``samples`` showdowns (rounded up to whole blocks of
    :data:`BLOCK_SIZE`; :data:`DEFAULT_SAMPLES` without ``samples`` or ``stderr``) or once every
    player's standard error is at most ``stderr``, whichever comes first; ``seed`` (0 to
    2**64 - 1) reproduces a run. ``progress(done, total)`` is called as the work advances.

    Bad input raises a :class:`~pokerscore.cards.PokerScoreError`: a
    :class:`~pokerscore.games.holdem.showdown.PlayerError` names the player, a
    :class:`~pokerscore.games.holdem.game.ParameterError` the parameter.

    >>> result = equity(["AsKs", "QdQc"], board="2s 7s Qh")  # a regression pin; brute force in tests
    >>> [round(player.equity, 4) for player in result.players]
    [0.2556, 0.7444]
    """
    rules = get_game(game)
    method, samples, seed, stderr = _options(method, samples, seed, stderr, progress)
    items = player_list("players", players)
    if not 2 <= len(items) <= rules.max_players:
        raise ParameterError(
            "players",
            f" must hold 2 to {rules.max_players} players in {rules.name}, got {len(items)}",
        )
    board_cards = _cards("board", board)
    dead_cards = _cards("dead", dead)
    if len(board_cards) not in (0, 3, 4, 5):
        raise ParameterError("board", f" must hold 0, 3, 4 or 5 cards, got {len(board_cards)}")
    check_distinct(board_cards + dead_cards)
    for name, cards in (("board", board_cards), ("dead", dead_cards)):
        try:
            check_in_deck(cards, rules.high)
        except PokerScoreError as error:
            raise ParameterError(name, f": {error}") from None
    parsed = [_player(item, number, rules) for number, item in enumerate(items, 1)]
    seen = {card: "the board or the dead cards" for card in board_cards + dead_cards}
    for number, player in enumerate(parsed, 1):
        if len(player.combos) == 1:  # a hand, not a range: its cards are taken
            for card in player.combos[0]:
                if card in seen:
                    raise PlayerError(number, f"card {card} is also held by {seen[card]}")
                seen[card] = f"player {number}"
    live = _live(parsed, set(board_cards + dead_cards))
    needed = len(board_cards) + len(dead_cards) + len(items) * rules.hole_cards
    if needed + BOARD_CARDS - len(board_cards) > len(rules.deck):
        raise PokerScoreError(f"{rules.name} has {len(rules.deck)} cards, too few for this spot")
    boards = comb(len(rules.deck) - needed, BOARD_CARDS - len(board_cards))
    sampling = (samples, stderr, seed) != (None, None, None)
    exact = method == "exact" or (
        method == "auto" and not sampling and _work(live, rules, boards) <= EXACT_LIMIT
    )
    if exact:
        choices = _tuples(live)
        if not choices:
            raise PokerScoreError(
                "the players' ranges leave no deal in which no card is held twice"
            )
        return _exact(rules, board_cards, dead_cards, live, choices, progress)
    return _sampled(rules, board_cards, dead_cards, live, samples, stderr, seed, progress)
