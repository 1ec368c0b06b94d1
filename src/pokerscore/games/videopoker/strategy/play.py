"""The exact return of a strategy list: every deal played by the first line it matches.

Each of the suit-distinct deals (:mod:`.deals`) is matched against the list in order; the first
line that names some hold of the deal picks it (the best of them, unless the line says lowest
or highest), and the deal is paid that hold's exact expected return. A deal no line matches is
redrawn (hold nothing). Summed with the deals' weights this is the list's return, a fraction,
beside the optimal return of the same table and bet.

>>> from pokerscore.games.videopoker.strategy.grammar import parse_strategy
>>> play = strategy_return(parse_strategy("High pair\\nDiscard everything"), "jacks-or-better-9-6")
>>> round(float(play.return_exact), 4), round(float(play.optimal_exact), 6)
(0.5332, 0.995439)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from pokerscore._support.errors import ParameterError
from pokerscore.cards import Card
from pokerscore.games.videopoker.paytables import (
    DEFAULT_PAYTABLE,
    MAX_COINS,
    PayTable,
    as_paytable,
    check_coins,
)
from pokerscore.games.videopoker.strategy import _kernels as kernels
from pokerscore.games.videopoker.strategy.deals import deal_table, popcounts
from pokerscore.games.videopoker.strategy.grammar import Strategy
from pokerscore.games.videopoker.strategy.patterns import (
    WILD_KINDS,
    compile_lines,
    high_ranks,
    wild_rank_mask,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pokerscore.games.videopoker.strategy.deals import DealTable

DEFAULT_WORST = 10
MAX_WORST = 10_000


@dataclass(frozen=True)
class Misplay:
    """A deal (one of its suit pattern) the list plays worse than the best hold."""

    cards: tuple[Card, ...]
    held: tuple[Card, ...]
    best: tuple[Card, ...]
    coins_lost: float
    """Expected coins lost on this deal at the bet (best hold's return less the list's)."""
    line: int | None
    """The line that picked the hold (``None``: no line matched, or another table's play)."""
    deals: int
    """How many deals share its suit pattern."""


@dataclass(frozen=True)
class LineRecord:
    """What one line of a list decides: the deals it picks the hold for (of all 2,598,960),
    the average expected return per coin of those holds, and the cost of its misplays."""

    number: int
    text: str
    deals: int
    ev: float
    misplayed: int
    cost: float
    """Its share of the list's cost, in bets per hand played."""


@dataclass(frozen=True)
class StrategyPlay:
    """A table's every deal played by a list (or by another table's best holds), exactly."""

    paytable: PayTable
    coins: int
    return_exact: Fraction
    optimal_exact: Fraction
    misplayed: int
    """Deals (of all of the deck's) whose hold returns less than the best hold."""
    undecided: int
    """Deals no line matched (redrawn)."""
    worst: tuple[Misplay, ...]
    lines: tuple[LineRecord, ...]

    @property
    def return_rate(self) -> float:
        """:attr:`return_exact` as a float."""
        return float(self.return_exact)

    @property
    def optimal_rate(self) -> float:
        """The optimal return as a float."""
        return float(self.optimal_exact)

    @property
    def cost_exact(self) -> Fraction:
        """What the list gives away per hand, in bets: optimal less its return."""
        return self.optimal_exact - self.return_exact

    @property
    def hands_per_bet(self) -> float | None:
        """One bet lost every this many hands (``None`` when the list is optimal)."""
        cost = self.cost_exact
        return float(1 / cost) if cost > 0 else None


def strategy_return(
    strategy: Strategy | PayTable,
    paytable: PayTable | str = DEFAULT_PAYTABLE,
    *,
    coins: int = MAX_COINS,
    worst: int = DEFAULT_WORST,
) -> StrategyPlay:
    """Play every deal of ``paytable`` by ``strategy`` and return the exact outcome.

    ``strategy`` is a list (:func:`~.grammar.parse_strategy`), or another pay table, whose
    best holds are then played (what a Double Double Bonus player loses at Jacks or Better);
    that table must deal the same cards. ``worst`` is how many of the costliest misplayed deals
    to list.

    >>> from pokerscore.games.videopoker.paytables import get_paytable
    >>> play = strategy_return(get_paytable("double-double-bonus-9-6"), "jacks-or-better-9-6")
    >>> round(play.return_rate, 5), play.misplayed > 0
    (0.98511, True)
    """

    table = as_paytable(paytable)
    check_options(coins, worst)
    if isinstance(strategy, PayTable):
        if strategy.wild != table.wild:
            raise ParameterError(
                f"{{name}}: {strategy.name} deals other cards than {table.name}"
                " (wild cards differ): its best holds cannot be played there",
                "strategy",
            )
        chosen = deal_table(strategy, coins).best.copy()
        line_of = np.full(len(chosen), -1, dtype=np.int32)
        texts: list[str] = []
    elif isinstance(strategy, Strategy):
        chosen, line_of = choose(strategy, table, coins)
        texts = [line.text for line in strategy.lines]
    else:
        raise ParameterError(
            "{name} must be a Strategy (parse_strategy) or a PayTable,"
            f" got {type(strategy).__name__}",
            "strategy",
        )
    deals = deal_table(table, coins)
    return _outcome(deals, chosen, line_of, texts, worst)


def check_options(coins: int, worst: int) -> None:
    """Refuse a bet that is not 1 to 5 coins, or a count of worst deals out of 0 to 10,000."""
    check_coins(coins)
    if isinstance(worst, bool) or not isinstance(worst, int) or not 0 <= worst <= MAX_WORST:
        raise ParameterError(f"{{name}} must be 0 to {MAX_WORST:,} deals, got {worst!r}", "worst")


def choose(
    strategy: Strategy, table: PayTable, coins: int
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int32]]:
    """The hold a list picks for every suit-distinct deal, and the line that picked it."""

    compiled = compile_lines(strategy, table)
    deals = deal_table(table, coins)
    return kernels.first_lines(
        deals.deals,
        deals.sums,
        deals.draws,
        WILD_KINDS[table.wild],
        high_ranks(table),
        wild_rank_mask(table),
        kernels.rank_info(),
        *compiled,
    )


def line_matches(strategy: Strategy, paytable: PayTable | str, cards: object) -> list[int]:
    """For one deal (five cards, in the order dealt), the holds each line of a list names:
    one 32-bit set per line, bit ``mask`` set when the line names that hold (bit ``i`` of a
    mask holds card ``i``).

    >>> from pokerscore.games.videopoker.strategy.grammar import parse_strategy
    >>> sets = line_matches(parse_strategy("Low pair\\n4 to a flush"), "jacks-or-better-9-6",
    ...                     "3c 3h 7h 9h Kh")
    >>> [[mask for mask in range(32) if found >> mask & 1] for found in sets]
    [[3], [30]]
    """
    table = as_paytable(paytable)
    hand = table.check_hand(cards)  # type: ignore[arg-type]
    return deals_line_matches(strategy, table, [[card.id for card in hand]])[0]


def deals_line_matches(
    strategy: Strategy, paytable: PayTable, deals: list[list[int]]
) -> list[list[int]]:
    """:func:`line_matches` for many deals at once, given as card ids (unchecked)."""

    compiled = compile_lines(strategy, paytable)
    sets = kernels.match_sets(
        np.array(deals, dtype=np.int8).reshape(-1, 5),
        WILD_KINDS[paytable.wild],
        high_ranks(paytable),
        wild_rank_mask(paytable),
        kernels.rank_info(),
        compiled.ranges,
        compiled.range_count,
        compiled.bit_tests,
        compiled.bit_count,
        compiled.sizes,
        compiled.alt_line,
        len(strategy.lines),
    )
    return [[int(found) for found in row] for row in sets]


def _outcome(
    deals: DealTable,
    chosen: npt.NDArray[np.int8],
    line_of: npt.NDArray[np.int32],
    texts: list[str],
    worst: int,
) -> StrategyPlay:

    index = np.arange(len(chosen))
    held = popcounts()[chosen.astype(np.int64)]
    best = deals.best.astype(np.int64)
    best_held = popcounts()[best]
    draws = deals.draws
    mine = deals.sums[index, chosen.astype(np.int64)]
    theirs = deals.sums[index, best]
    # Exact comparison: EV_best - EV_mine has the sign of this cross product (within int64:
    # see MAX_PAY).
    gap = theirs * draws[5 - held] - mine * draws[5 - best_held]
    lost = gap > 0
    ev_mine = mine / draws[5 - held] / deals.coins
    ev_best = theirs / draws[5 - best_held] / deals.coins
    loss = np.where(lost, ev_best - ev_mine, 0.0)
    weights = deals.weights
    total_deals = deals.deal_count
    lines = []
    for number, text in enumerate(texts, 1):
        where = line_of == number - 1
        count = int(weights[where].sum())
        ev = float((weights[where] * ev_mine[where]).sum() / count) if count else 0.0
        lines.append(
            LineRecord(
                number,
                text,
                count,
                ev,
                int(weights[where & lost].sum()),
                float((weights[where] * loss[where]).sum() / total_deals),
            )
        )
    order = np.lexsort((index, -loss))[: min(worst, int(lost.sum()))]
    misplays = tuple(
        Misplay(
            _cards(deals.deals[d]),
            _cards(deals.deals[d], int(chosen[d])),
            _cards(deals.deals[d], int(best[d])),
            float(loss[d]) * deals.coins,
            int(line_of[d]) + 1 if line_of[d] >= 0 else None,
            int(weights[d]),
        )
        for d in order
    )
    return StrategyPlay(
        deals.paytable,
        deals.coins,
        deals.total(chosen),
        deals.total(deals.best),
        int(weights[lost].sum()),
        int(weights[line_of < 0].sum()) if texts else 0,
        misplays,
        tuple(lines),
    )


def _cards(deal: npt.NDArray[np.int8], mask: int = 31) -> tuple[Card, ...]:
    return tuple(Card(int(card)) for i, card in enumerate(deal) if mask >> i & 1)
