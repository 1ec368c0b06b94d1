"""Patterns against a pay table: a strategy's lines as the constraint arrays the matching
kernel reads, and what "high" means at that table.

A *high* rank is one whose pair pays (Jacks or Better: J, Q, K, A; Joker Poker, kings or
better: K, A; Deuces Wild: none). In a wild game every phrase but "discard everything" holds
every wild card dealt, and a group header ("Two deuces:") limits its lines to deals with that
many wild cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from pokerscore._support.errors import ParameterError
from pokerscore.engine import Category
from pokerscore.games.videopoker.paytables import MAX_COINS, PayTable
from pokerscore.games.videopoker.strategy.grammar import (
    BIT_FEATURES,
    FEATURE,
    FEATURES,
    HIGH_RANKS,
    Pattern,
    Strategy,
)

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

PICK_CODES = {"best": 0, "lowest": 1, "highest": 2}
WILD_KINDS = {None: 0, "deuces": 1, "joker": 2}
WILD_WORDS = {"deuces": "deuce", "joker": "joker"}
NO_RANK = 1 << 20
"""An "any of these ranks" test no hold passes (no rank mask has this bit)."""


class CompiledLines(NamedTuple):
    """A list as the matching kernel reads it: one row per alternative, in list order, each a
    short list of conditions (see ``_kernels._matches``)."""

    ranges: npt.NDArray[np.int64]
    range_count: npt.NDArray[np.int64]
    bit_tests: npt.NDArray[np.int64]
    bit_count: npt.NDArray[np.int64]
    sizes: npt.NDArray[np.int64]
    alt_line: npt.NDArray[np.int64]
    picks: npt.NDArray[np.int64]
    dealt: npt.NDArray[np.int64]
    """The wild cards dealt (low, high) each alternative is for: a deal outside is skipped
    before any of its holds is looked at (a wild game's groups)."""


def high_ranks(table: PayTable) -> int:
    """The rank mask of the table's high cards: the ranks whose pair pays.

    >>> from pokerscore.games.videopoker.paytables import get_paytable
    >>> [f"{high_ranks(get_paytable(name)):013b}" for name in ("jacks-or-better-9-6",
    ...     "joker-poker-kings", "deuces-wild")]
    ['1111000000000', '1100000000000', '0000000000000']
    """
    mask = 0
    for pay_class in table.paying:
        if pay_class.hand.category == Category.ONE_PAIR and pay_class.pays[MAX_COINS - 1] > 0:
            ranks = pay_class.ranks or tuple(range(13))
            for rank in ranks:
                mask |= 1 << rank
    return mask & ~wild_rank_mask(table)


def wild_rank_mask(table: PayTable) -> int:
    """Ranks that are wild at this table (the deuce in Deuces Wild)."""
    return 1 if table.wild == "deuces" else 0


def check_strategy(strategy: Strategy, table: PayTable) -> None:
    """Refuse a list that names wild cards the table does not deal."""
    word = strategy.wild_word
    most = table.most_wild
    if word is not None and WILD_WORDS.get(table.wild or "") != word:
        deals = f"deals {WILD_WORDS[table.wild]}s" if table.wild else "has no wild cards"
        raise ParameterError(f"{{name}} names {word}s, but {table.name} {deals}", "strategy")
    for line in strategy.lines:
        if line.group is not None and line.group > most:
            raise ParameterError(
                f"{{name}}: line {line.number} is for deals with {line.group} wild cards;"
                f" {table.name} deals at most {most}",
                "strategy",
            )


def compile_lines(strategy: Strategy, table: PayTable) -> CompiledLines:
    """The condition arrays of a list at a table."""
    check_strategy(strategy, table)
    alternatives = [
        (index, pattern)
        for index, line in enumerate(strategy.lines)
        for pattern in line.alternatives
    ]
    picks = [PICK_CODES[line.pick] for line in strategy.lines]
    return compile_patterns(
        [pattern for _, pattern in alternatives], table, [i for i, _ in alternatives], picks
    )


def compile_patterns(
    patterns: list[Pattern], table: PayTable, lines: list[int], picks: list[int]
) -> CompiledLines:
    """Condition arrays for patterns; pattern ``a`` belongs to line ``lines[a]``."""

    high = high_ranks(table)
    count = len(patterns)
    ranges = np.zeros((count, len(FEATURES), 3), dtype=np.int64)
    range_count = np.zeros(count, dtype=np.int64)
    bit_tests = np.zeros((count, len(BIT_FEATURES), 4), dtype=np.int64)
    bit_count = np.zeros(count, dtype=np.int64)
    sizes = np.zeros((count, 2), dtype=np.int64)
    dealt = np.zeros((count, 2), dtype=np.int64)
    for row, pattern in enumerate(patterns):
        bounds: dict[int, tuple[int, int]] = {}
        for feature, lower, upper in _ranges(pattern):
            old_low, old_high = bounds.get(feature, (-(1 << 20), 1 << 20))
            bounds[feature] = (max(old_low, lower), min(old_high, upper))
        n_low, n_high = bounds.pop(FEATURE["n"], (0, 5))
        # The natural cards held bound the cards held: at most the deck's wild cards more.
        k_low, k_high = bounds.get(FEATURE["k"], (0, 5))
        n_low, n_high = max(n_low, k_low), min(n_high, k_high + table.most_wild)
        sizes[row] = (max(0, n_low), min(5, n_high))
        if sizes[row, 0] > sizes[row, 1]:
            sizes[row] = (1, 0)  # no hold has that many cards: never matches
        wd_low, wd_high = bounds.get(FEATURE["wd"], (0, 5))
        dealt[row] = (max(0, wd_low), min(5, wd_high))
        for j, (feature, (lower, upper)) in enumerate(sorted(bounds.items(), key=_selective)):
            ranges[row, j] = (feature, lower, upper)
        range_count[row] = len(bounds)
        tests: dict[int, list[int]] = {}
        for bit, all_of, none_of, any_of in pattern.bits:
            test = tests.setdefault(bit, [0, 0, 0])
            test[0] |= _resolve(all_of, high)
            test[1] |= _resolve(none_of, high)
            if any_of:
                # Two "any of" tests on one mask: keep the intersection (the phrases never
                # ask for more); none at all is a test no hold passes.
                resolved = _resolve(any_of, high)
                test[2] = resolved if not test[2] else test[2] & resolved
                test[2] = test[2] or NO_RANK
        for j, (bit, test) in enumerate(sorted(tests.items())):
            bit_tests[row, j] = (bit, *test)
        bit_count[row] = len(tests)
    return CompiledLines(
        ranges,
        range_count,
        bit_tests,
        bit_count,
        sizes,
        np.array(lines, dtype=np.int64),
        np.array(picks, dtype=np.int64),
        dealt,
    )


_ORDER = {
    FEATURE[name]: place
    for place, name in enumerate(
        ("cat", "k", "suited", "high", "royal", "windows", "wd", "all_wild")
    )
}


def _selective(item: tuple[int, tuple[int, int]]) -> int:
    """Conditions that fail most often first."""
    return _ORDER.get(item[0], len(_ORDER))


def _ranges(pattern: Pattern) -> list[tuple[int, int, int]]:
    ranges = list(pattern.ranges)
    if pattern.wild_held:
        ranges.append((FEATURE["all_wild"], 1, 1))
    return ranges


def _resolve(mask: int, high: int) -> int:
    return high if mask == HIGH_RANKS else mask
