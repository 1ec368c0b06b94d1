"""What every push/fold spot shares: the positions, the blinds, and the result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Literal

SMALL_BLIND: Final = 0.5
BIG_BLIND: Final = 1.0
POSITIONS: Final = {2: ("SB", "BB"), 3: ("BTN", "SB", "BB"), 4: ("CO", "BTN", "SB", "BB")}
"""The players of a hand, in order of action, by their number."""


@dataclass(frozen=True)
class PushFoldResult:
    """An equilibrium of push or fold.

    ``ranges`` maps each situation to each class's share of combos that shove or call, classes
    in grid order. A situation is named by who acts and what they face: ``"SB push"`` (everyone
    before folded), ``"BB call SB"`` (the small blind shoved), ``"BB call BTN+SB"`` (the button
    shoved and the small blind called). ``exploitability`` is the sum, over the players, of what
    each would gain per hand by its best response to the others' strategies (big blinds, or
    prize with ``payouts``); ``stderr`` is the standard error of a class's EV where equities are
    sampled (three and four players), else None.
    """

    stacks: tuple[float, ...]
    ante: float
    payouts: tuple[Fraction, ...] | None
    ranges: Mapping[str, Mapping[str, float]]
    exploitability: float
    iterations: int
    stderr: float | None = None
    samples: int | None = None
    positions: tuple[str, ...] = field(default=())

    @property
    def unit(self) -> Literal["bb", "prize"]:
        """What EVs and the exploitability are counted in."""
        return "prize" if self.payouts is not None else "bb"

    @property
    def push(self) -> Mapping[str, float]:
        """The first player's shoving range (the small blind's heads-up)."""
        return self.ranges[f"{self.positions[0]} push"]

    @property
    def call(self) -> Mapping[str, float]:
        """The big blind's calling range against the small blind's shove alone."""
        return self.ranges["BB call SB"]


__all__ = ["BIG_BLIND", "POSITIONS", "SMALL_BLIND", "PushFoldResult"]
