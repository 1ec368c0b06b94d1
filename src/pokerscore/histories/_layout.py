"""What every hand-history kernel shares: the limits, the codes of games, betting, action kinds
and hand statuses, the bundles of tables a replay reads and of rows it writes, and the columns
of a hand's facts.

Amounts are whole units (the hand's ``10 ** scale`` per chip); pot shares are kept in units of
``1 / DEN`` of a unit, exact for any split among up to ten players, halves, and the runs of a
board run two or three times; a player's winnings as whole units and a remainder in ``1 / DEN``
(exact in int64 for stacks of up to the model's 2**53 units, where a count of 1/DEN would pass
2**63 past 2**48 units: :func:`in_parts` joins them).
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore.engine.short_tables import BadugiTables, ShortHandTables
from pokerscore.engine.tables import RankingTables

MAX_PLAYERS: Final = 10


MAX_ACTIONS: Final = 400
STUD_CARDS: Final = 7
"""The cards a stud player holds at the showdown (the most hole cards of any game)."""
ACTION_CARDS: Final = 10
"""The widest row of an action's cards: a draw's five cards thrown away and five drawn."""
MAX_DECIMALS: Final = 6
"""The most decimals of an amount the kernels read (more: the lenient reader)."""


DEN: Final = 30240
"""Pot shares are counted in 1/DEN of a unit: 2 x 3 x 5040, and 5040 splits by any count to
ten: a half (hi/lo) split by any count to ten and shared between two or three runs of a board
is a whole count of 1/DEN."""


# hand status
OK: Final = 0


SLOW: Final = 1
"""Read or replayed by the reference path (unusual text, a rule broken, a disagreement)."""


# action kinds
DEAL_HOLE, DEAL_BOARD, FOLD, CHECK_CALL, BET_RAISE, SHOW, MUCK = range(7)
BRING_IN: Final = 7
"""Stud's forced bet on third street (PHH ``pb``): a post, neither voluntary nor a raise."""
DISCARD_DRAW: Final = 8
"""A draw game's discard (PHH ``sd``): the row's first ``amount`` cards thrown away, any others
drawn in their place (none: the ``DEAL_HOLE`` rows after it deal them); no cards stands pat."""


# games
HOLDEM, SHORT_DECK_SOT, OMAHA, OMAHA_HI_LO = range(4)
OMAHA_5, OMAHA_5_HI_LO, OMAHA_6, OMAHA_6_HI_LO = range(4, 8)
"""Omaha dealt five and six cards (two of them and three of the board, as four-card Omaha):
the Omaha games are ``OMAHA`` to ``OMAHA_6_HI_LO``, high and hi/lo in turn, four, five and six
cards each (``4 + (game - OMAHA) // 2``), hi/lo where ``(game - OMAHA) % 2``."""
STUD, STUD_HI_LO, RAZZ = range(8, 11)
"""The stud games: no board, seven cards each (two down, four up, the last down)."""
DEUCE_TO_SEVEN_TRIPLE, DEUCE_TO_SEVEN_SINGLE, BADUGI = range(11, 14)
"""The draw games: no board, five cards each (badugi four), three draws or one."""
SHORT_DECK: Final = 14
"""Short-deck hold'em with trips over straights (PokerStars' 6+ hold'em; ``SHORT_DECK_SOT`` is
PHH's ``NS``, straight over trips): a board game of two hole cards, numbered after the draw
games so that the codes of Omaha, stud and the draw games stay ranges (the draw games are
``DEUCE_TO_SEVEN_TRIPLE <= game <= BADUGI``)."""
GAME_CODES: Final = {
    "holdem": HOLDEM,
    "short-deck-straight-over-trips": SHORT_DECK_SOT,
    "omaha": OMAHA,
    "omaha-hi-lo": OMAHA_HI_LO,
    "omaha-5": OMAHA_5,
    "omaha-5-hi-lo": OMAHA_5_HI_LO,
    "omaha-6": OMAHA_6,
    "omaha-6-hi-lo": OMAHA_6_HI_LO,
    "stud": STUD,
    "stud-8": STUD_HI_LO,
    "razz": RAZZ,
    "deuce-to-seven-triple-draw": DEUCE_TO_SEVEN_TRIPLE,
    "deuce-to-seven-single-draw": DEUCE_TO_SEVEN_SINGLE,
    "badugi": BADUGI,
    "short-deck": SHORT_DECK,
}
"""The games the kernels play, by :class:`~pokerscore.games.holdem.game.Game` name."""
GAME_NAMES: Final = tuple(GAME_CODES)
"""The :class:`~pokerscore.games.holdem.game.Game` name of each game code."""


# betting
NO_LIMIT, POT_LIMIT, FIXED_LIMIT = range(3)


VARIANT_NAMES: Final = tuple(
    betting + game
    for game in (
        *("T", "S", "O", "O/8", "5O", "5O/8", "6O", "6O/8"),
        *("7S", "7S/8", "R", "2L3D", "2L1D", "B", "S"),
    )
    for betting in ("N", "P", "F")
)
"""Variant codes by number: 3 x game + betting. Both short decks are ``S`` (the model's
variant of a 6+ hold'em hand); the PHH reader finds the first, straight over trips, as the
standard's ``NS`` means."""


Bytes = npt.NDArray[np.uint8]


Ints = npt.NDArray[np.int64]


Grid = npt.NDArray[np.int64]
"""Two-dimensional: a row per pot (or hand), a column per player."""


class ReplayTables(NamedTuple):
    """The tables a replay reads: seven-card high, short deck (straight over trips) and
    eight-or-better, the full and short decks as masks; for stud, seven-card ace-to-five (razz)
    and the up cards' values and bring-in order under high and under ace-to-five; for the draw
    games, five-card deuce-to-seven and badugi; short deck with trips over straights."""

    high7: RankingTables
    sot7: RankingTables
    low: RankingTables
    full_deck: npt.NDArray[np.bool_]
    short_deck: npt.NDArray[np.bool_]
    razz7: RankingTables
    up_high: ShortHandTables
    up_low: ShortHandTables
    deuce7: RankingTables
    badugi: BadugiTables
    tos7: RankingTables


class GameTables(NamedTuple):
    """The tables one game's replay reads, picked from :class:`ReplayTables` by its callers
    (``_replay_kernels.game_tables``): the game's high ranking (hold'em's or Omaha's, a short
    deck's, razz's ace-to-five, the draw games' deuce-to-seven), eight-or-better, badugi's, the
    stud up cards' (high, or razz's ace-to-five) and the deck: 29 arrays, not 78, since a kernel
    out of line counts two atomic references for each array it takes (``benchmarks/histories.md``)."""

    high: RankingTables
    low: RankingTables
    badugi: BadugiTables
    up: ShortHandTables
    deck: npt.NDArray[np.bool_]


class HandRows(NamedTuple):
    """A batch's results, one row per hand: its facts (``F_`` columns), and per player its name
    span, seat, chips put in, gross and won (whole units, then their remainders in 1/DEN: see
    :func:`in_parts`), flags, hole cards; the board and the pots; and per
    player the flags of the actions' statistics (``_stats_kernels.action_flags``: the fast
    readers fill them; a replay of one hand from Python leaves the default, never written)."""

    facts: Ints
    names: Ints
    seat_numbers: Ints
    put_in: Ints
    gross: Ints
    won: Ints
    gross_parts: Ints
    won_parts: Ints
    flags: npt.NDArray[np.int8]
    holes: npt.NDArray[np.int8]
    boards: npt.NDArray[np.int8]
    pots: Ints
    pot_masks: npt.NDArray[np.int32]
    pot_shares: npt.NDArray[np.int32]
    action_flags: npt.NDArray[np.uint8] = np.zeros((1, MAX_PLAYERS), dtype=np.uint8)


# per-hand facts, one int64 column each of ``facts``
(F_STATUS, F_NUMBER, F_HEADER, F_LINE, F_START, F_STOP, F_COUNT, F_VARIANT, F_SCALE, F_SMALL,
 F_BIG, F_ID_START, F_ID_STOP, F_VENUE_START, F_VENUE_STOP, F_ALLIN_STREET, F_ALLIN_CARDS,
 F_POTS) = range(18)  # fmt: skip
# why a hand is refused: the code, and where (see refusals.RefusalRecord)
F_REFUSAL, F_ACTION, F_SEAT, F_OTHER, F_AMOUNT, F_LIMIT = range(18, 24)
F_RUNS: Final = 24
"""The runs of a board run more than once, a bit each (``1 << run``; 0 the one board): the
rows hold one board a hand, so a hand's ``boards`` are then made from the hand read again
(:meth:`~.kernel_results.KernelRows._boards`). Written by PokerStars' reader."""
FACTS: Final = 25


def in_parts(units: Ints, parts: Ints | int = 0) -> npt.NDArray[np.int64] | npt.NDArray[np.object_]:
    """Amounts of whole ``units`` and remainders ``parts`` (the rows' winnings) in 1/DEN units,
    exact: int64 while every one fits (below 2**48 units), else Python integers (an object
    array, whose division by an int is Python's, correctly rounded).

    >>> in_parts(np.array([3, -1]), np.array([DEN // 2, 0])).tolist()
    [105840, -30240]
    >>> in_parts(np.array([2**53]), np.array([1])).tolist() == [2**53 * DEN + 1]
    True
    """
    units = np.asarray(units, dtype=np.int64)
    if np.abs(units).max(initial=0) < 2**48:
        return units * DEN + parts
    joined = units.astype(object) * DEN
    return joined + (parts.astype(object) if isinstance(parts, np.ndarray) else parts)
