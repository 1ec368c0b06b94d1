"""Community-card games as configuration: deck, hole cards, board, rankings, how the pot splits.

>>> [game.name for game in GAMES.values()]  # doctest: +NORMALIZE_WHITESPACE
['holdem', 'omaha', 'omaha-5', 'omaha-6', 'omaha-hi-lo', 'short-deck']
>>> get_game("omaha").hole_cards, get_game("omaha").uses_exactly_two
(4, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from pokerscore._support.errors import ParameterError, shorten
from pokerscore.cards import PokerScoreError
from pokerscore.engine import HIGH, Category, Ranking
from pokerscore.engine.rankings import EIGHT_OR_BETTER, SHORT_DECK
from pokerscore.engine.rankings.ranking import FlushRule

BOARD_CARDS: Final = 5
"""Every game here deals a board of five community cards."""


GameName = Literal["holdem", "omaha", "omaha-5", "omaha-6", "omaha-hi-lo", "short-deck"]
"""The name of a built-in game (:data:`GAMES`)."""


def parameter_error(parameter: str, rest: str) -> ParameterError:
    """The error of a bad value of ``parameter``: its message is the name, then ``rest``.

    >>> str(parameter_error("samples", " must be at least 1, got 0"))
    'samples must be at least 1, got 0'
    """
    return ParameterError("{name}" + rest, parameter)


class UnknownGameError(PokerScoreError):
    """A game name that is not one of the built-in games."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f'unknown game "{shorten(name)}": use one of {", ".join(GAMES)}')


@dataclass(frozen=True, eq=False)
class Game:
    """A community-card poker game: who holds what, and how a showdown is judged."""

    name: str
    """The machine name, e.g. ``omaha-hi-lo``."""
    title: str
    """The name in words."""
    hole_cards: int
    """Cards each player holds."""
    uses_exactly_two: bool
    """Omaha's rule: the best five use exactly two hole cards and three of the board; else any
    five of hole and board cards."""
    high: Ranking = HIGH
    """The ranking of the high hand (the whole pot, or half of it when a low qualifies)."""
    low: Ranking | None = None
    """The low ranking of a hi/lo game (half the pot to the best qualifying low), or none."""

    def __post_init__(self) -> None:
        # The kernels judge any five of seven cards (a flush read by its suit), or two hole
        # cards and three of the board by five-card tables: refuse what they would judge wrong.
        if not isinstance(self.hole_cards, int) or not 2 <= self.hole_cards <= 6:
            raise parameter_error(
                "hole_cards", f" must be a whole number from 2 to 6, got {self.hole_cards!r}"
            )
        if not self.uses_exactly_two and self.hole_cards != 2:
            raise parameter_error(
                "hole_cards",
                f" must be 2 when any five play (seven cards at most), got {self.hole_cards}",
            )
        for name, ranking in (("high", self.high), ("low", self.low)):
            if ranking is None and name == "low":
                continue
            if not isinstance(ranking, Ranking):
                raise parameter_error(name, f" must be a ranking, got {type(ranking).__name__}")
            if ranking.wild_cards or ranking.jokers:
                raise parameter_error(
                    name, f" must be a ranking without wild cards, got {ranking.name}"
                )
            read_by_suit = ranking.flushes in (FlushRule.IGNORED, FlushRule.BEST_OF_SUIT)
            if not self.uses_exactly_two and not read_by_suit:
                raise parameter_error(
                    name, f" must judge a flush by its suit when any five play, got {ranking.name}"
                )
        if self.low is not None and self.low.categories[0] is not Category.NO_LOW:
            # The pot splits only when a low qualifies: value 1 must mean no low.
            raise parameter_error(
                "low", f" must be a ranking with a qualifier (no low), got {self.low.name}"
            )
        if self.low is not None and self.low.flushes is not FlushRule.IGNORED:
            raise parameter_error("low", f" must ignore suits, got {self.low.name}")

    @property
    def deck(self) -> tuple[int, ...]:
        """The card ids of the game's deck."""
        return self.high.deck

    @property
    def max_players(self) -> int:
        """How many players one deck deals to, with a full board."""
        return (len(self.deck) - BOARD_CARDS) // self.hole_cards


GAMES: Final[dict[str, Game]] = {
    game.name: game
    for game in (
        Game("holdem", "Texas Hold'em", 2, False),
        Game("omaha", "Omaha", 4, True),
        Game("omaha-5", "Five-Card Omaha", 5, True),
        Game("omaha-6", "Six-Card Omaha", 6, True),
        Game("omaha-hi-lo", "Omaha Hi/Lo (Eight or Better)", 4, True, HIGH, EIGHT_OR_BETTER),
        Game("short-deck", "Short Deck Hold'em", 2, False, SHORT_DECK),
    )
}
"""Every built-in game by name."""


assert set(get_args(GameName)) == set(GAMES), "GameName lists every built-in game"


def get_game(game: Game | GameName) -> Game:
    """The game of a name (or the game itself); any other name is an :class:`UnknownGameError`.

    >>> get_game("short-deck").title
    "Short Deck Hold'em"
    """
    if isinstance(game, Game):
        return game
    found = GAMES.get(game) if isinstance(game, str) else None
    if found is None:
        raise UnknownGameError(game if isinstance(game, str) else type(game).__name__)
    return found
