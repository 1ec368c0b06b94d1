"""Hold'em and Omaha: games as configuration, showdowns with split pots, and equity.

Modules: :mod:`.game` (the games), :mod:`.showdown` (who wins a showdown, and each player's exact
share of the pot), :mod:`.equity` (how often each hand wins from here: exact or Monte Carlo).
"""

from pokerscore.games.holdem.game import GAMES, Game, UnknownGameError, get_game

__all__ = ["GAMES", "Game", "UnknownGameError", "get_game"]
