"""A range's equity against another on a board: each combo's, their distribution, street by street.

Every live combo of the first range is judged against the second range on every runout of the
board (exact): the runout is dealt once, every combo of both ranges valued once on it, the
distinct values sorted, and each combo's wins and ties read from counts of the opponent's weight
below and at its value, in all and per card (card removal exact: an opponent combo sharing a card
is taken off). A combo's equity is its share of the pot over every opponent combo and runout,
weighted by the opponent's weights; the range's equity weighs each matchup by both weights
(PokerStove's definition, as :func:`~pokerscore.games.holdem.equity.equity` computes it).

The same pass gives the equity street by street: after each next card (each turn card on a
flop, each river card on a turn: the matchups of the runouts holding that card) and, on a flop,
after each turn and river (each two-card runout's own matchups). The kernels sum each runout's
matchups once; both are read from those sums.

Games where two hole cards play with any five (hold'em, short deck) are swept as above; Omaha
hands (exactly two hole cards) are weighed hand against hand on each runout, which suits lists of
hands, not ``random``. The high hand only: hi/lo games are refused.

>>> spread = equity_distribution("AA", "KK", "Ks 7d 2c")
>>> round(spread.equity, 4), spread.buckets[:2]
(0.0859, (1.0, 0.0))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerscore._support.progress import Progress, checked_progress
from pokerscore.cards import Card, PokerScoreError
from pokerscore.engine.kernels.enumeration import thread_count
from pokerscore.games.holdem._kernels import fill_subsets
from pokerscore.games.holdem.board._kernels import board_tables, pairwise_equities, runout_equities
from pokerscore.games.holdem.board.breakdown import RangeCombos, RangeInput, read_range
from pokerscore.games.holdem.board.hand import (
    CardsInput,
    bad_parameter,
    board_game,
    check_board,
    check_cards,
    read_cards,
)
from pokerscore.games.holdem.game import BOARD_CARDS, Game, GameName

BUCKETS: Final = 10
"""Equity buckets of 10 % each; the last holds 90 % to 100 % inclusive."""
PAIRWISE_LIMIT: Final = 10**10
"""Omaha weighs hand against hand: at most this much work, in five-card hands looked up: every
live hand of both sides valued on every runout (``C(hole cards, 2) x 10`` lookups each), plus
one per pair of hands weighed on it. About a minute on two cores (``random`` in Omaha, 270,725
hands, against two hands on a flop is 1.9e10: it took a minute and is refused)."""
_PAIRWISE_CHUNKS: Final = 64
"""Omaha's runouts are weighed in this many calls, ``progress`` told after each."""


@dataclass(frozen=True)
class ComboEquity:
    """One combo's equity against the opposing range."""

    cards: tuple[Card, ...]
    weight: float
    shares: int
    """Twice the wins plus the ties, each opponent combo and runout weighed by the opponent's
    integer weight."""
    matchups: int
    """Opponent combos times runouts, weighed alike."""

    @property
    def equity(self) -> float:
        """The combo's share of the pot on average."""
        return self.shares / (2 * self.matchups)

    @property
    def equity_exact(self) -> Fraction:
        """:attr:`equity` as a fraction."""
        return Fraction(self.shares, 2 * self.matchups)


@dataclass(frozen=True)
class EquityDistribution:
    """A range's equity against another on a board, combo by combo and card by card."""

    game: Game
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    range: str
    against: str
    combos: tuple[ComboEquity, ...]
    """Every live combo of the range with an opponent, in the range's order."""
    buckets: tuple[float, ...]
    """The share of the range (by weight) whose equity falls in each 10 % bucket."""
    equity: float
    equity_exact: Fraction
    """The range's equity: every matchup weighed by both combos' weights."""
    next_cards: dict[Card, float]
    """The range's equity after each next card (none on the river)."""
    runouts: int
    """Runouts judged: every way to complete the board."""
    rivers: dict[Card, dict[Card, float]]
    """On a flop, for each turn card, the range's equity after each river card with it: the
    board then complete, a two-card runout, whose figure is the same whichever of its cards
    comes first (``rivers[turn][river] == rivers[river][turn]``; the river cards averaged over
    the turns would be :attr:`next_cards` again). Empty on a turn, where :attr:`next_cards`
    holds the river cards, and on the river."""

    def runouts_ranked(self) -> list[tuple[tuple[Card, Card], float]]:
        """On a flop, each turn and river (each pair once, the higher card first) and the
        range's equity after them, the runouts that help most first; empty on a turn or river.

        >>> spread = equity_distribution("AA", "KK", "Ks 7d 2c")  # brute force in tests
        >>> ranked = spread.runouts_ranked()
        >>> len(ranked), [(f"{turn} {river}", share) for (turn, river), share in ranked[:2]]
        (1173, [('As Ah', 1.0), ('As Ad', 1.0)])
        >>> ranked[-1]  # two deuces: the kings' full house against the aces' pair
        ((Card('2h'), Card('2d')), 0.0)
        """
        pairs = {
            (max(turn, river), min(turn, river)): share
            for turn, shares in self.rivers.items()
            for river, share in shares.items()
        }
        return sorted(pairs.items(), key=lambda item: (-item[1], -item[0][0].id, -item[0][1].id))


def equity_distribution(
    range: RangeInput,
    against: RangeInput,
    board: CardsInput,
    *,
    game: Game | GameName = "holdem",
    dead: CardsInput = "",
    progress: Progress | None = None,
) -> EquityDistribution:
    """Each live combo of ``range``'s equity against ``against`` on ``board`` (3 to 5 cards),
    exact over every runout; their distribution in 10 % buckets, the range's equity, and its
    equity after each next card. Errors name the parameter. ``progress(done, total)`` is
    called as the runouts are weighed. Omaha weighs hand against hand, up to
    :data:`PAIRWISE_LIMIT`: more is refused up front, with the work it would take."""

    progress = checked_progress(progress)
    rules = board_game(game)
    if rules.low is not None:
        raise bad_parameter(
            "game",
            f"equity distributions judge the high hand only, and {rules.name} splits the pot "
            "with a low",
        )
    board_cards = read_cards("board", board)
    dead_cards = read_cards("dead", dead)
    check_board(rules, board_cards)
    check_cards(rules, [("board", board_cards), ("dead", dead_cards)])
    hero = read_range(range, rules)
    villain = read_range(against, rules, name="against")
    taken = {card.id for card in board_cards + dead_cards}
    hero_live = _live(hero, taken, "range")
    villain_live = _live(villain, taken, "against")
    rest = np.array([card for card in rules.deck if card not in taken], dtype=np.uint8)
    need = BOARD_CARDS - len(board_cards)
    runouts = np.zeros((comb(len(rest), need), need), dtype=np.uint8)
    fill_subsets(len(rest), runouts)
    known = np.array([card.id for card in board_cards], dtype=np.uint8)
    threads = thread_count()
    runout_shares = np.zeros(len(runouts), dtype=np.int64)
    runout_totals = np.zeros(len(runouts), dtype=np.int64)
    if rules.hole_cards == 2 and not rules.uses_exactly_two:
        union: dict[tuple[int, ...], list[int]] = {}
        for (combos, weights), side in ((hero_live, 0), (villain_live, 1)):
            for combo, weight in zip(combos, weights, strict=True):
                union.setdefault(tuple(sorted(combo, reverse=True)), [0, 0])[side] = weight
        combos_array = np.array(list(union), dtype=np.uint8).reshape(-1, 2)
        hero_weights = np.array([weights[0] for weights in union.values()], dtype=np.int64)
        villain_weights = np.array([weights[1] for weights in union.values()], dtype=np.int64)
        shares = np.zeros((threads, len(combos_array)), dtype=np.int64)
        totals = np.zeros((threads, len(combos_array)), dtype=np.int64)
        runout_equities(combos_array, hero_weights, villain_weights, known, rest, runouts,
                        board_tables(rules.high, (7,)), shares, totals, runout_shares,
                        runout_totals)  # fmt: skip
        combo_rows, weight_list = combos_array.tolist(), hero_weights.tolist()
    else:
        heroes, villains = len(hero_live[0]), len(villain_live[0])
        lookups = comb(rules.hole_cards, 2) * comb(BOARD_CARDS, 3)
        work = len(runouts) * ((heroes + villains) * lookups + heroes * villains)
        if work > PAIRWISE_LIMIT:
            raise bad_parameter(
                "against",
                f"{heroes:,} hands against {villains:,} on {len(runouts):,} runouts would look "
                f"up about {work:.1e} five-card hands in {rules.name}, more than the "
                f"{PAIRWISE_LIMIT:.0e} one call takes on; give fewer hands or more board cards",
            )
        hero_array = np.array(hero_live[0], dtype=np.uint8).reshape(-1, rules.hole_cards)
        villain_array = np.array(villain_live[0], dtype=np.uint8).reshape(-1, rules.hole_cards)
        shares = np.zeros((threads, len(hero_array)), dtype=np.int64)
        totals = np.zeros((threads, len(hero_array)), dtype=np.int64)
        hero_weights = np.array(hero_live[1], dtype=np.int64)
        villain_weights = np.array(villain_live[1], dtype=np.int64)
        tables = board_tables(rules.high, ())
        step = -(-len(runouts) // _PAIRWISE_CHUNKS)
        for start in np.arange(0, len(runouts), step).tolist():  # (range is a parameter)
            part = runouts[start : start + step]
            pairwise_equities(hero_array, villain_array, hero_weights, villain_weights, known,
                              rest, part, tables, shares, totals,
                              runout_shares[start : start + step],
                              runout_totals[start : start + step])  # fmt: skip
            if progress is not None:
                progress(start + len(part), len(runouts))
        combo_rows, weight_list = hero_array.tolist(), hero_live[1]
    return _distribution(
        rules, board_cards, dead_cards, hero.text, villain.text, combo_rows, weight_list,
        hero.scale, shares.sum(axis=0).tolist(), totals.sum(axis=0).tolist(),
        _by_street(rest[runouts], runout_shares, runout_totals), len(runouts),
    )  # fmt: skip


def _live(found: RangeCombos, taken: set[int], name: str) -> tuple[list[list[int]], list[int]]:
    """A range's combos and integer weights without those holding a board or dead card."""
    combos, weights = [], []
    for combo, weight in zip(found.combos.tolist(), found.weights.tolist(), strict=True):
        if weight and not taken.intersection(combo):
            combos.append(combo)
            weights.append(weight)
    if not combos:
        raise bad_parameter(name, f"no combo of {found.text} is left after card removal")
    return combos, weights


def _by_street(
    dealt: npt.NDArray[np.uint8], shares: npt.NDArray[np.int64], totals: npt.NDArray[np.int64]
) -> tuple[dict[Card, float], dict[Card, dict[Card, float]]]:
    """The equity after each next card and, with two cards to come, after each turn and river:
    from each runout's (``dealt``, card ids a row) summed matchups, twice the wins plus the ties
    (``shares``) and their count (``totals``), the hero's weights in both."""
    card_shares = np.zeros(52, dtype=np.int64)
    card_totals = np.zeros(52, dtype=np.int64)
    for column in range(dealt.shape[1]):  # each runout counts for every card it holds
        np.add.at(card_shares, dealt[:, column], shares)
        np.add.at(card_totals, dealt[:, column], totals)
    next_cards = {
        Card(card): share / (2 * total)
        for card, (share, total) in enumerate(
            zip(card_shares.tolist(), card_totals.tolist(), strict=True)
        )
        if total
    }
    rivers: dict[Card, dict[Card, float]] = {}
    if dealt.shape[1] == 2:
        for (first, second), share, total in zip(
            dealt.tolist(), shares.tolist(), totals.tolist(), strict=True
        ):
            if total:
                rivers.setdefault(Card(first), {})[Card(second)] = share / (2 * total)
                rivers.setdefault(Card(second), {})[Card(first)] = share / (2 * total)
    return next_cards, rivers


def _distribution(
    game: Game,
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    text: str,
    against: str,
    combos: list[list[int]],
    weights: list[int],
    scale: int,
    shares: list[int],
    totals: list[int],
    by_street: tuple[dict[Card, float], dict[Card, dict[Card, float]]],
    runouts: int,
) -> EquityDistribution:
    found = []
    bucket_weights = [0] * BUCKETS
    weighed = 0
    for combo, weight, share, total in zip(combos, weights, shares, totals, strict=True):
        if weight == 0 or total == 0:
            continue
        found.append(ComboEquity(tuple(map(Card, combo)), weight / scale, share, total))
        bucket_weights[min(share * BUCKETS // (2 * total), BUCKETS - 1)] += weight
        weighed += weight
    all_shares = sum(weight * share for weight, share in zip(weights, shares, strict=True))
    all_totals = sum(weight * total for weight, total in zip(weights, totals, strict=True))
    if all_totals == 0:
        raise PokerScoreError("the ranges leave no deal in which no card is held twice")
    exact_equity = Fraction(all_shares, 2 * all_totals)
    next_cards, rivers = by_street
    return EquityDistribution(
        game, board, dead, text, against, tuple(found),
        tuple(weight / weighed for weight in bucket_weights), float(exact_equity), exact_equity,
        next_cards, runouts, rivers,
    )  # fmt: skip
