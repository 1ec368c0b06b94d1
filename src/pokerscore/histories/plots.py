"""A player's results over the hands of a run, drawn (PNG)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from pokerscore._support.atomic import atomic_path
from pokerscore._support.errors import PokerScoreError
from pokerscore._support.extras import require_extra


def plot_player(series: Sequence[tuple[float, float]], player: str, path: Path) -> Path:
    """Draw a player's cumulative net won and all-in EV adjusted net over the hands (PNG),
    written atomically."""
    require_extra("plots", "drawing the results plot (plot)")
    if not series:
        raise PokerScoreError(f"player: {player!r} plays no hand here: nothing to draw")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = np.array(series, dtype=np.float64)
    hands = np.arange(1, len(values) + 1)
    figure, axes = plt.subplots(figsize=(10, 5.5), dpi=100)
    axes.plot(hands, np.cumsum(values[:, 0]), label="net won", color="tab:green", linewidth=1.4)
    axes.plot(
        hands,
        np.cumsum(values[:, 1]),
        label="all-in EV adjusted",
        color="tab:orange",
        linewidth=1.2,
    )
    axes.axhline(0, color="grey", linewidth=0.6)
    axes.set_xlabel("hands")
    axes.set_ylabel("won")
    axes.set_title(f"{player}: {len(values):,} hands")
    axes.legend(loc="best")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="png")
    plt.close(figure)
    return path
