"""The 13 x 13 grid of the starting hands, and the PNG heat map of the equities against a random
hand drawn on it (matplotlib, the ``plots`` extra, imported when a map is drawn).

The grid is laid out as PokerStove and Equilab draw it: pairs on the diagonal, suited hands above
it, offsuit below, aces first.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Final

import numpy as np

from pokerscore._support.atomic import atomic_path
from pokerscore._support.extras import require_extra
from pokerscore.games.holdem.ranges import Range

if TYPE_CHECKING:
    import pyarrow as pa

GRID: Final = 13
"""Rows and columns of the grid: one per rank."""
HEAT_MAP: Final = "vs_random.png"
"""The heat map's file name in a directory of tables."""


def grid_cells(values: dict[str, float]) -> list[list[tuple[str, float | None]]]:
    """The 13 x 13 grid (pairs on the diagonal, suited above, offsuit below) as rows of
    (class, value or None where the class has no value).

    >>> grid_cells({"AKs": 0.67})[0][:2]
    [('AA', None), ('AKs', 0.67)]
    """
    names = Range.starting_hands()
    return [
        [(name, values.get(name)) for name in names[row * GRID : (row + 1) * GRID]]
        for row in range(GRID)
    ]


def write_heat_map(vs_random: pa.Table, path: Path) -> Path:
    """Draw the vs-random equities (columns ``hand`` and ``equity``) as a 13 x 13 heat map and
    write it to ``path`` as PNG, atomically. Returns ``path``."""
    require_extra("plots", "drawing the preflop heat map")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = dict(
        zip(
            vs_random.column("hand").to_pylist(),
            vs_random.column("equity").to_pylist(),
            strict=True,
        )
    )
    cells = grid_cells(values)
    image = np.array([[np.nan if value is None else value for _, value in row] for row in cells])
    figure, axes = plt.subplots(figsize=(9, 9), dpi=100)
    try:
        shown = axes.imshow(image, cmap="RdYlGn", vmin=0.3, vmax=0.85)
        for row, line in enumerate(cells):
            for column, (name, value) in enumerate(line):
                label = name if value is None else f"{name}\n{100 * value:.1f}"
                axes.text(column, row, label, ha="center", va="center", fontsize=7)
        axes.set_xticks([])
        axes.set_yticks([])
        axes.set_title("Equity against a random hand (exact), %")
        figure.colorbar(shown, ax=axes, fraction=0.046, pad=0.04)
        figure.tight_layout()
        with atomic_path(path) as temporary:
            figure.savefig(temporary, format="png")
    finally:
        plt.close(figure)
    return path


__all__ = ["GRID", "HEAT_MAP", "grid_cells", "write_heat_map"]
