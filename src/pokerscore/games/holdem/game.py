"""Poker games as configuration: deck, cards per player, board, rankings, how the pot splits.

The community-card games (hold'em, Omaha) deal a board of five; the stud games (seven-card stud,
stud hi/lo, razz) deal no board and seven cards to each player, of which equity is asked from
the third (two down, one up) on.

>>> [game.name for game in GAMES.values()]  # doctest: +NORMALIZE_WHITESPACE
['holdem', 'omaha', 'omaha-5', 'omaha-6', 'omaha-hi-lo', 'omaha-5-hi-lo', 'omaha-6-hi-lo',
 'short-deck', 'stud', 'stud-8', 'razz']
>>> get_game("omaha").hole_cards, get_game("omaha").uses_exactly_two
(4, True)
>>> razz = get_game("razz")
>>> razz.hole_cards, razz.board_cards, razz.first_cards, razz.high.name, razz.max_players
(7, 0, 3, 'ace-to-five', 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, get_args

from pokerscore._support.errors import ParameterError, shorten
from pokerscore.cards import PokerScoreError
from pokerscore.engine import HIGH, Category, Ranking
from pokerscore.engine.rankings import ACE_TO_FIVE, EIGHT_OR_BETTER, SHORT_DECK
from pokerscore.engine.rankings.ranking import FlushRule, Play

BOARD_CARDS: Final = 5
"""Every community-card game here deals a board of five cards."""
STUD_CARDS: Final = 7
"""A stud player's cards at the showdown: two down, four up, the last down."""


GameName = Literal[
    "holdem",
    "omaha",
    "omaha-5",
    "omaha-6",
    "omaha-hi-lo",
    "omaha-5-hi-lo",
    "omaha-6-hi-lo",
    "short-deck",
    "stud",
    "stud-8",
    "razz",
]
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
    """A poker game: who holds what, and how a showdown is judged.

    A stud game (``board_cards=0``) deals each player ``hole_cards`` (seven) of their own; equity
    takes each player's known cards (at least ``first_cards``) and deals the rest. When the deck
    cannot give every player their last card, one card is dealt face up to all as a community
    card (the standard rule, eight players)."""

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
    board_cards: int = BOARD_CARDS
    """Community cards: five (hold'em, Omaha), or none (stud)."""
    first_cards: int | None = None
    """Stud: the fewest cards a player holds when equity is asked (three, on third street);
    None for board games, where every player holds ``hole_cards``."""

    def __post_init__(self) -> None:
        # The kernels judge any five of seven cards (a flush read by its suit), or two hole
        # cards and three of the board by five-card tables: refuse what they would judge wrong.
        if self.board_cards not in (0, BOARD_CARDS):
            raise parameter_error(
                "board_cards", f" must be 0 or {BOARD_CARDS}, got {self.board_cards!r}"
            )
        most = STUD_CARDS if not self.board_cards else 6
        if not isinstance(self.hole_cards, int) or not 2 <= self.hole_cards <= most:
            raise parameter_error(
                "hole_cards", f" must be a whole number from 2 to {most}, got {self.hole_cards!r}"
            )
        if not self.board_cards:
            if self.uses_exactly_two or self.hole_cards != STUD_CARDS:
                raise parameter_error(
                    "hole_cards",
                    f" must be {STUD_CARDS}, any five playing, in a game without a board",
                )
            if not isinstance(self.first_cards, int) or not 1 <= self.first_cards <= STUD_CARDS:
                raise parameter_error(
                    "first_cards",
                    f" must be a whole number from 1 to {STUD_CARDS} in a game without a board, "
                    f"got {self.first_cards!r}",
                )
        elif self.first_cards is not None:
            raise parameter_error("first_cards", " is for games without a board (stud)")
        if not self.uses_exactly_two and self.hole_cards + self.board_cards != STUD_CARDS:
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
            if ranking.play is not Play.BEST_FIVE:
                raise parameter_error(
                    name, f" must be a ranking of the best five cards, got {ranking.name}"
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
    def fewest_cards(self) -> int:
        """The fewest cards a player may hold when equity is asked (``hole_cards`` in board
        games)."""
        return self.first_cards if self.first_cards is not None else self.hole_cards

    @property
    def max_players(self) -> int:
        """How many players one deck deals to, with a full board; in stud, with one community
        card for the last round when the deck runs short (eight players)."""
        if not self.board_cards:
            return (len(self.deck) - 1) // (self.hole_cards - 1)
        return (len(self.deck) - self.board_cards) // self.hole_cards


GAMES: Final[dict[str, Game]] = {
    game.name: game
    for game in (
        Game("holdem", "Texas Hold'em", 2, False),
        Game("omaha", "Omaha", 4, True),
        Game("omaha-5", "Five-Card Omaha", 5, True),
        Game("omaha-6", "Six-Card Omaha", 6, True),
        Game("omaha-hi-lo", "Omaha Hi/Lo (Eight or Better)", 4, True, HIGH, EIGHT_OR_BETTER),
        Game("omaha-5-hi-lo", "Big O (Five-Card Omaha Hi/Lo)", 5, True, HIGH, EIGHT_OR_BETTER),
        Game("omaha-6-hi-lo", "Six-Card Omaha Hi/Lo", 6, True, HIGH, EIGHT_OR_BETTER),
        Game("short-deck", "Short Deck Hold'em", 2, False, SHORT_DECK),
        Game("stud", "Seven-Card Stud", STUD_CARDS, False, board_cards=0, first_cards=3),
        Game(
            "stud-8",
            "Seven-Card Stud Hi/Lo (Eight or Better)",
            STUD_CARDS,
            False,
            HIGH,
            EIGHT_OR_BETTER,
            board_cards=0,
            first_cards=3,
        ),
        Game("razz", "Razz", STUD_CARDS, False, ACE_TO_FIVE, board_cards=0, first_cards=3),
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
