"""The seed-coverage program of a video poker machine's scoring test.

Starting at seed 0, find for every final class and every one of the 32 hold masks the first seed
whose deal (:func:`~pokerscore.games.videopoker.deal.deal`), drawn with that mask, ends in that
class: 10 classes × 32 masks = 320 seeds for Jacks or Better. A machine's test program re-deals
each seed, draws with the mask and checks that its scorer gives the expected class.

Whatever the mask, the final hand is five random cards, so a royal flush turns up once in
649,740 seeds on average for each mask, and all 32 of them after a few million seeds: the search
runs compiled, over blocks of seeds in parallel, a million seeds per step.

>>> rows = seed_coverage(classes=["two-pair"], masks=[0, 31])
>>> [(row.seed, row.mask, row.class_name) for row in rows]
[(17, 0, 'two-pair'), (47, 31, 'two-pair')]
>>> format_cards(rows[1].final) == format_cards(rows[1].cards[:5])  # mask 31 stands pat
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerscore._support.progress import Progress, checked_progress
from pokerscore.cards import Card, PokerScoreError, format_cards
from pokerscore.games.draw import MASK_COUNT, draw
from pokerscore.games.videopoker.deal import deal
from pokerscore.games.videopoker.paytables import DEFAULT_PAYTABLE, PayTable, as_paytable

__all__ = ["SeedRow", "format_cards", "seed_coverage"]

STEP = 1 << 20
"""Seeds searched per kernel call."""
SEED_END = 1 << 63
"""The search runs on signed 64-bit integers: seeds below 2**63."""
DEFAULT_LIMIT = 1 << 32
"""Seeds searched at most (about an hour on two cores). The rarest class a table can have, one
hand value (four royal flushes), turns up for all 32 masks within a few million seeds; a class
no hand can reach is refused before the search starts."""


@dataclass(frozen=True)
class SeedRow:
    """One cell of the coverage: the first seed that ends in ``class_index`` with ``mask``."""

    seed: int
    mask: int
    class_index: int
    class_name: str
    cards: tuple[Card, ...]
    final: tuple[Card, ...]


def check_search(table: PayTable, classes: Sequence[int], start: int, limit: int) -> None:
    """Refuse, before any search, seeds out of range and classes no final hand belongs to."""
    if start < 0 or limit < 1 or start + limit > SEED_END:
        raise PokerScoreError(
            f"the seeds searched must lie in 0 .. 2**63 - 1, got {start} + {limit}"
        )
    unreachable = [table.class_name(index) for index in classes if index not in table.reachable]
    if unreachable:
        raise PokerScoreError(
            f"no hand ends in {', '.join(unreachable)} in {table.name}: later classes take every"
            " hand it matches, so no seed can reach it"
        )


def seed_coverage(
    paytable: PayTable | str = DEFAULT_PAYTABLE,
    *,
    classes: Sequence[str] | None = None,
    masks: Sequence[int] | None = None,
    start: int = 0,
    limit: int = DEFAULT_LIMIT,
    progress: Progress | None = None,
) -> list[SeedRow]:
    """The first seed (from ``start``) for each wanted class and mask, class by class, then by
    mask. ``classes`` (names) and ``masks`` default to all of them. A class that no final hand
    belongs to is refused at once; otherwise the search gives up with a :class:`PokerScoreError`
    after ``limit`` seeds (:data:`DEFAULT_LIMIT`). Each row is re-dealt and re-scored in Python
    before it is returned, so the compiled search and :func:`deal` are checked against each other.
    """
    import numpy as np

    from pokerscore.games.videopoker._seed_kernels import first_seeds
    from pokerscore.games.videopoker.class_tables import class_tables

    table = as_paytable(paytable)
    progress = checked_progress(progress)
    wanted_classes = (
        list(range(len(table.classes)))
        if classes is None
        else [table.class_index(name) for name in classes]
    )
    check_search(table, wanted_classes, start, limit)
    wanted_masks = list(range(MASK_COUNT)) if masks is None else list(masks)
    for mask in wanted_masks:
        if not 0 <= mask < MASK_COUNT:
            raise PokerScoreError(f"a hold mask is an integer 0..31, got {mask}")
    arrays = class_tables(table)
    deck_size = len(table.deck)
    found = np.full((len(table.classes), MASK_COUNT), -1, dtype=np.int64)
    wanted = np.zeros_like(found, dtype=np.bool_)
    wanted[np.ix_(wanted_classes, wanted_masks)] = True
    seed = start
    while (found[wanted] < 0).any():
        if seed - start >= limit:
            raise PokerScoreError(f"not every class and mask found within {limit:,} seeds")
        count = min(STEP, start + limit - seed)
        step = first_seeds(seed, count, arrays, deck_size, len(table.classes))
        fill = (found < 0) & (step >= 0)
        found[fill] = step[fill]
        seed += count
        if progress is not None:
            progress(int((found[wanted] >= 0).sum()), int(wanted.sum()))
    rows = []
    for class_index in wanted_classes:
        for mask in wanted_masks:
            row_seed = int(found[class_index, mask])
            cards = deal(row_seed, deck_size)
            final = draw(cards[:5], cards[5:], mask)
            if table.classify(final) != class_index:  # pragma: no cover - a kernel bug
                raise AssertionError(f"seed {row_seed} mask {mask} does not end in {class_index}")
            rows.append(
                SeedRow(row_seed, mask, class_index, table.class_name(class_index), cards, final)
            )
    return rows
