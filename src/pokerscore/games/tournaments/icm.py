"""Prize equity by the Independent Chip Model (ICM), in the Malmuth-Harville form.

The model: the winner is drawn with probability proportional to the stacks; each next place is
drawn among the players left, again in proportion to their stacks. A player's equity is the sum
over places of the chance of finishing there times its prize.

The chances come from one recursion over subsets of players (:func:`icm` names its cost): the
chance ``q(S)`` that the players of ``S`` took the first ``|S|`` places, in some order, is the sum
over ``i`` in ``S`` of ``q(S - i) * stack(i) / (total - chips(S - i))``, and each term is also
``i``'s chance of finishing at place ``|S|``. That is ``n * 2**(n - 1)`` steps for ``n`` players.
Exact rational arithmetic (:class:`fractions.Fraction`) is cheap up to :data:`EXACT_PLAYERS`
players (0.6 s for ten on the shared test machine, 6 s for twelve: the denominators grow); beyond,
the same recursion runs layer by layer on NumPy arrays in floats, up to :data:`MAX_PLAYERS`
(see ``benchmarks/tournaments.md`` for the times).

Players without chips cannot win a place while anyone holds chips: they take the last places.
When only such players are left, the model says nothing (every stack is zero); they share those
places evenly, the limit of equal tiny stacks. A player with no chips thus gets the last paid
place's prize only if that place is still to be paid: with as many places paid as players.

>>> result = icm([5000, 3000, 1500, 500], [500, 300, 200])
>>> [round(float(equity), 2) for equity in result.equities]
[377.78, 312.89, 225.6, 83.73]
>>> sum(result.equities)
Fraction(1000, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import isfinite
from typing import Final, Literal

from pokerscore._support.errors import ParameterError

EXACT_PLAYERS: Final = 10
"""The most players :func:`icm` computes with fractions when left to choose (``"auto"``)."""
MAX_PLAYERS: Final = 20
"""The most players :func:`icm` takes: the recursion holds ``2**n`` subsets."""

Amount = int | float | Fraction
"""A stack or a prize: an int, a float (read as the decimal it prints as) or a fraction."""
Arithmetic = Literal["auto", "exact", "float"]


@dataclass(frozen=True)
class ICMResult:
    """Each player's prize equity and chance of each finishing place, in the order of the stacks.

    ``equities[i]`` is player ``i``'s expected prize; ``places[i][k]`` the chance that player
    ``i`` finishes in place ``k + 1`` (every place, paid or not: each row and each column sums to
    one). With ``exact`` the numbers are :class:`~fractions.Fraction`\\ s, else floats.
    """

    stacks: tuple[Fraction, ...]
    payouts: tuple[Fraction, ...]
    equities: tuple[Fraction | float, ...]
    places: tuple[tuple[Fraction | float, ...], ...]
    exact: bool

    @property
    def prize_pool(self) -> Fraction:
        """The prizes the players can still win: the first ``len(stacks)`` payouts."""
        return sum(self.payouts[: len(self.stacks)], Fraction(0))


def _amount(value: object, parameter: str, index: int) -> Fraction:
    """One stack or prize as an exact fraction (a float as the decimal it prints as)."""
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise ParameterError(
            f"{{name}} must hold numbers, not {type(value).__name__} (item {index + 1})", parameter
        )
    if isinstance(value, float) and not isfinite(value):
        raise ParameterError(f"{{name}} must hold finite numbers, not {value}", parameter)
    exact = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)
    if exact < 0:
        raise ParameterError(
            f"{{name}} must not be negative: {value} (item {index + 1})", parameter
        )
    return exact


def _amounts(values: object, parameter: str) -> tuple[Fraction, ...]:
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        raise ParameterError(
            f"{{name}} must be a sequence of numbers, got {type(values).__name__}", parameter
        )
    return tuple(_amount(value, parameter, index) for index, value in enumerate(values))


def check_stacks(stacks: object, *, most: int = MAX_PLAYERS) -> tuple[Fraction, ...]:
    """The stacks as fractions: 2 to ``most`` numbers, none negative, some positive."""
    found = _amounts(stacks, "stacks")
    if not 2 <= len(found) <= most:
        raise ParameterError(f"{{name}} must hold 2 to {most} players, not {len(found)}", "stacks")
    if not any(found):
        raise ParameterError("{name} must hold some chips: every stack is 0", "stacks")
    return found


def check_payouts(payouts: object, players: int) -> tuple[Fraction, ...]:
    """The prizes as fractions, first place first: 1 to ``players`` numbers, none negative."""
    found = _amounts(payouts, "payouts")
    if not 1 <= len(found) <= players:
        raise ParameterError(
            f"{{name}} must pay 1 to {players} places (one per player at most), not {len(found)}",
            "payouts",
        )
    return found


def icm(
    stacks: Sequence[Amount], payouts: Sequence[Amount], *, arithmetic: Arithmetic = "auto"
) -> ICMResult:
    """Each player's prize equity by the Malmuth-Harville model, and the chance of each place.

    ``stacks`` are the players' chips (2 to 20 players), ``payouts`` the prizes from first place
    down (no more places than players; unpaid places need not be listed). ``arithmetic``:
    ``"exact"`` computes with fractions (equities sum to the prize pool exactly; cost
    ``n * 2**(n - 1)`` fraction steps, under a second to ten players), ``"float"`` in NumPy
    floats (the same recursion, one subset size at a time: 20 players in about a second),
    ``"auto"`` exact up to ten players.

    The example of Wikipedia's "Independent Chip Model" page (chips 50/30/20 %, prizes 70/30):

    >>> equities = icm([50, 30, 20], [70, 30]).equities
    >>> [f"{float(equity):.2f}" for equity in equities]
    ['45.18', '32.25', '22.57']
    >>> icm([50, 30, 20], [70, 30]).places[2]  # the short stack: 1st, 2nd, 3rd
    (Fraction(1, 5), Fraction(2, 7), Fraction(18, 35))

    A :class:`~pokerscore._support.errors.ParameterError` names ``stacks``, ``payouts`` or
    ``arithmetic`` when one is not what it must be.
    """
    chips = check_stacks(stacks)
    prizes = check_payouts(payouts, len(chips))
    if arithmetic not in ("auto", "exact", "float"):
        raise ParameterError(
            f"{{name}} must be 'auto', 'exact' or 'float', not {arithmetic!r}", "arithmetic"
        )
    exact = arithmetic == "exact" or (arithmetic == "auto" and len(chips) <= EXACT_PLAYERS)
    places: tuple[tuple[Fraction | float, ...], ...]
    if exact:
        places = tuple(tuple(row) for row in _exact_places(chips))
    else:
        places = tuple(tuple(float(value) for value in row) for row in _float_places(chips))
    equities = tuple(
        sum((chance * prize for chance, prize in zip(row, prizes, strict=False)), Fraction(0))
        if exact
        else float(
            sum(float(chance) * float(prize) for chance, prize in zip(row, prizes, strict=False))
        )
        for row in places
    )
    return ICMResult(chips, prizes, equities, places, exact)


def _exact_places(stacks: Sequence[Fraction]) -> list[list[Fraction]]:
    """``places[i][k]``: player ``i``'s chance of place ``k + 1``, by the subset recursion."""
    count = len(stacks)
    total = sum(stacks, Fraction(0))
    places = [[Fraction(0)] * count for _ in range(count)]
    layer: dict[int, Fraction] = {0: Fraction(1)}
    chips_of = {0: Fraction(0)}
    for place in range(count):
        following: dict[int, Fraction] = {}
        for placed, chance in layer.items():
            left = total - chips_of[placed]
            waiting = [player for player in range(count) if not placed >> player & 1]
            for player in waiting:
                share = stacks[player] / left if left else Fraction(1, len(waiting))
                step = chance * share
                if not step:
                    continue
                places[player][place] += step
                grown = placed | 1 << player
                following[grown] = following.get(grown, Fraction(0)) + step
                chips_of[grown] = chips_of[placed] + stacks[player]
        layer = following
    return places


def _float_places(stacks: Sequence[Fraction]) -> list[list[float]]:
    """The same recursion in floats, one layer of subsets (by size) at a time, on NumPy."""
    import numpy as np

    count = len(stacks)
    chips = np.array([float(stack) for stack in stacks])
    total = float(chips.sum())
    held = np.zeros(1 << count)  # chips of each subset, built a bit at a time
    size = np.zeros(1 << count, dtype=np.int64)
    for player in range(count):
        low = slice(0, 1 << player)
        held[1 << player : 2 << player] = held[low] + chips[player]
        size[1 << player : 2 << player] = size[low] + 1
    by_size = np.argsort(size, kind="stable")
    starts = np.searchsorted(size[by_size], np.arange(count + 1))
    chance = np.zeros(1 << count)
    chance[0] = 1.0
    places = np.zeros((count, count))
    for place in range(count):
        layer = by_size[starts[place] : starts[place + 1]]
        left = total - held[layer]
        share_of_rest = 1.0 / (count - place)
        for player in range(count):
            free = (layer >> player & 1) == 0
            placed = layer[free]
            room = left[free]
            share = np.where(room > 0, chips[player] / np.where(room > 0, room, 1.0), share_of_rest)
            step = chance[placed] * share
            places[player, place] = step.sum()
            chance[placed | 1 << player] += step
    return places.tolist()


__all__ = ["EXACT_PLAYERS", "MAX_PLAYERS", "ICMResult", "check_payouts", "check_stacks", "icm"]
