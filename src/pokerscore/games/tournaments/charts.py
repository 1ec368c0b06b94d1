"""The push/fold ranges as 13 x 13 charts: a PNG (matplotlib, the ``plots`` extra, imported
when a chart is drawn), one panel per situation, laid out as every grid of this project
(:func:`pokerscore.games.holdem.preflop.heatmap.grid_cells`: pairs on the diagonal, suited above,
offsuit below).

Each cell is coloured by the share of the class's combos that shove or call: green always,
white never, shades between for the mixed classes, which also show their share in percent.
"""

from __future__ import annotations

from collections.abc import Mapping
from math import ceil
from pathlib import Path
from typing import TYPE_CHECKING, Final

import numpy as np

from pokerscore._support.atomic import atomic_path
from pokerscore._support.extras import require_extra
from pokerscore.games.holdem.preflop.heatmap import grid_cells

if TYPE_CHECKING:
    from pokerscore.games.tournaments.pushfold import PushFoldResult

PURE: Final = 0.005
"""A share this close to 0 or 1 is drawn as pure (never or always)."""
PANELS_PER_ROW: Final = 2


def share_label(name: str, share: float) -> str:
    """A cell's text: the class, and its share in percent when it is mixed.

    >>> share_label("T3s", 0.7493), share_label("AA", 1.0)
    ('T3s\\n75%', 'AA')
    """
    if PURE < share < 1 - PURE:
        return f"{name}\n{100 * share:.0f}%"
    return name


def situation_title(situation: str, result: PushFoldResult) -> str:
    """A panel's title: the situation and the acting player's stack."""
    actor = situation.split()[0]
    stack = result.stacks[result.positions.index(actor)]
    return f"{situation} ({stack:g} bb)"


def write_push_fold_chart(result: PushFoldResult, path: Path) -> Path:
    """Draw every range of ``result`` as a 13 x 13 chart and write the PNG to ``path``,
    atomically. Returns ``path``."""
    require_extra("plots", "drawing push/fold charts")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    situations: list[tuple[str, Mapping[str, float]]] = list(result.ranges.items())
    columns = min(PANELS_PER_ROW, len(situations))
    rows = ceil(len(situations) / columns)
    figure, axes = plt.subplots(rows, columns, figsize=(6.2 * columns, 6.6 * rows), dpi=90)
    panels = np.atleast_1d(axes).ravel()
    try:
        for panel, (situation, shares) in zip(panels, situations, strict=False):
            cells = grid_cells(dict(shares))
            image = np.array([[value or 0.0 for _, value in row] for row in cells])
            panel.imshow(image, cmap="Greens", vmin=-0.15, vmax=1.15)
            for row, line in enumerate(cells):
                for column, (name, value) in enumerate(line):
                    panel.text(
                        column,
                        row,
                        share_label(name, value or 0.0),
                        ha="center",
                        va="center",
                        fontsize=6.5,
                        color="white" if (value or 0.0) > 0.6 else "black",
                    )
            panel.set_xticks([])
            panel.set_yticks([])
            panel.set_title(situation_title(situation, result))
        for panel in panels[len(situations) :]:
            panel.axis("off")
        ante = f", ante {result.ante:g} bb" if result.ante else ""
        unit = "ICM" if result.unit == "prize" else "chip EV"
        figure.suptitle(f"Push/fold equilibrium, {unit}{ante}")
        figure.tight_layout()
        with atomic_path(path) as temporary:
            figure.savefig(temporary, format="png")
    finally:
        plt.close(figure)
    return path


__all__ = ["share_label", "write_push_fold_chart"]
