"""pokerscore: score poker hands exactly and fast.

>>> import pokerscore
>>> pokerscore.score("Th Jh Qh Kh Ah").description
'Royal Flush'
>>> pokerscore.compare("5h 5c 6s 7s Kd", "2c 3s 8s 8d Td")
-1
>>> pokerscore.score("7h 5d 4c 3s 2h", ranking="deuce-to-seven").description
'Seven-Five low (7-5-4-3-2)'

Every capability is a name here, loaded from its home module on first use (one table,
:data:`_HOMES`), so ``import pokerscore`` imports neither NumPy nor Numba: those come with the
first batch, equity or video poker call.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # the names of _HOMES, re-exported for type checkers (tests check they agree)
    from pokerscore.cards import Card as Card
    from pokerscore.cards import DuplicateCardError as DuplicateCardError
    from pokerscore.cards import HandSizeError as HandSizeError
    from pokerscore.cards import InvalidCardError as InvalidCardError
    from pokerscore.cards import PokerScoreError as PokerScoreError
    from pokerscore.cards import Rank as Rank
    from pokerscore.cards import Suit as Suit
    from pokerscore.cards import format_cards as format_cards
    from pokerscore.cards import parse_card as parse_card
    from pokerscore.cards import parse_cards as parse_cards
    from pokerscore.engine import RANKINGS as RANKINGS
    from pokerscore.engine import Category as Category
    from pokerscore.engine import Ranking as Ranking
    from pokerscore.engine import evaluate5 as evaluate5
    from pokerscore.engine import evaluate6 as evaluate6
    from pokerscore.engine import evaluate7 as evaluate7
    from pokerscore.engine import get_ranking as get_ranking
    from pokerscore.files.distributed import score_on_cluster as score_on_cluster
    from pokerscore.files.scoring import ScoreJob as ScoreJob
    from pokerscore.files.scoring import Summary as Summary
    from pokerscore.files.scoring import score_file as score_file
    from pokerscore.games.draw import BestDraw as BestDraw
    from pokerscore.games.draw import best_draw as best_draw
    from pokerscore.games.holdem.board.breakdown import BoardBreakdown as BoardBreakdown
    from pokerscore.games.holdem.board.breakdown import board_breakdown as board_breakdown
    from pokerscore.games.holdem.board.distribution import ComboEquity as ComboEquity
    from pokerscore.games.holdem.board.distribution import (
        EquityDistribution as EquityDistribution,
    )
    from pokerscore.games.holdem.board.distribution import (
        equity_distribution as equity_distribution,
    )
    from pokerscore.games.holdem.board.hand import BoardHand as BoardHand
    from pokerscore.games.holdem.board.hand import hand_on_board as hand_on_board
    from pokerscore.games.holdem.equity import EquityResult as EquityResult
    from pokerscore.games.holdem.equity import equity as equity
    from pokerscore.games.holdem.game import GAMES as GAMES
    from pokerscore.games.holdem.game import Game as Game
    from pokerscore.games.holdem.game import get_game as get_game
    from pokerscore.games.holdem.matchups import heads_up_preflop as heads_up_preflop
    from pokerscore.games.holdem.preflop import PreflopJob as PreflopJob
    from pokerscore.games.holdem.preflop import PreflopTables as PreflopTables
    from pokerscore.games.holdem.preflop import compute_preflop_tables as compute_preflop_tables
    from pokerscore.games.holdem.ranges import Range as Range
    from pokerscore.games.holdem.ranges import RangeError as RangeError
    from pokerscore.games.holdem.ranges import parse_range as parse_range
    from pokerscore.games.holdem.ranges import top_classes as top_classes
    from pokerscore.games.holdem.ranges import vs_random_counts as vs_random_counts
    from pokerscore.games.holdem.showdown import Showdown as Showdown
    from pokerscore.games.holdem.showdown import showdown as showdown
    from pokerscore.games.tournaments.icm import ICMResult as ICMResult
    from pokerscore.games.tournaments.icm import icm as icm
    from pokerscore.games.tournaments.pushfold import PushFoldThresholds as PushFoldThresholds
    from pokerscore.games.tournaments.pushfold import push_fold as push_fold
    from pokerscore.games.tournaments.pushfold import push_fold_thresholds as push_fold_thresholds
    from pokerscore.games.tournaments.spots import PushFoldResult as PushFoldResult
    from pokerscore.games.videopoker.advisor import HoldEV as HoldEV
    from pokerscore.games.videopoker.advisor import advise as advise
    from pokerscore.games.videopoker.analysis import GameAnalysis as GameAnalysis
    from pokerscore.games.videopoker.analysis import analyze as analyze
    from pokerscore.games.videopoker.paytables import PAYTABLES as PAYTABLES
    from pokerscore.games.videopoker.paytables import PayTable as PayTable
    from pokerscore.games.videopoker.paytables import get_paytable as get_paytable
    from pokerscore.games.videopoker.paytables import load_paytable as load_paytable
    from pokerscore.games.videopoker.seeds import seed_coverage as seed_coverage
    from pokerscore.games.videopoker.strategy.generate import (
        GeneratedStrategy as GeneratedStrategy,
    )
    from pokerscore.games.videopoker.strategy.generate import (
        generate_strategy as generate_strategy,
    )
    from pokerscore.games.videopoker.strategy.grammar import Strategy as Strategy
    from pokerscore.games.videopoker.strategy.grammar import StrategyError as StrategyError
    from pokerscore.games.videopoker.strategy.grammar import load_strategy as load_strategy
    from pokerscore.games.videopoker.strategy.grammar import parse_strategy as parse_strategy
    from pokerscore.games.videopoker.strategy.play import StrategyPlay as StrategyPlay
    from pokerscore.games.videopoker.strategy.play import strategy_return as strategy_return
    from pokerscore.hands import HandScore as HandScore
    from pokerscore.hands import best_hand as best_hand
    from pokerscore.hands import compare as compare
    from pokerscore.hands import describe as describe
    from pokerscore.hands import score as score
    from pokerscore.hands import winners as winners
    from pokerscore.hands.batch import evaluate_batch as evaluate_batch
    from pokerscore.hands.batch import hands_to_array as hands_to_array
    from pokerscore.hands.batch import random_hands as random_hands
    from pokerscore.hands.statistics import CategoryCounts as CategoryCounts
    from pokerscore.hands.statistics import exhaustive_counts as exhaustive_counts
    from pokerscore.hands.statistics import sampled_counts as sampled_counts
    from pokerscore.histories.database import DatabaseBusyError as DatabaseBusyError
    from pokerscore.histories.database import DatabaseHands as DatabaseHands
    from pokerscore.histories.database import DatabaseReport as DatabaseReport
    from pokerscore.histories.database import ImportSummary as ImportSummary
    from pokerscore.histories.database import database_hand as database_hand
    from pokerscore.histories.database import database_hands as database_hands
    from pokerscore.histories.database import import_histories as import_histories
    from pokerscore.histories.database import report_histories as report_histories
    from pokerscore.histories.model import HandHistory as HandHistory
    from pokerscore.histories.model import HandHistoryError as HandHistoryError
    from pokerscore.histories.model import HandResult as HandResult
    from pokerscore.histories.model import PlayerResult as PlayerResult
    from pokerscore.histories.phh_writing import PhhExport as PhhExport
    from pokerscore.histories.phh_writing import export_phh as export_phh
    from pokerscore.histories.reading import read_histories as read_histories
    from pokerscore.histories.replay import exact_allin_evs as exact_allin_evs
    from pokerscore.histories.replay import replay as replay
    from pokerscore.histories.results import history_results as history_results
    from pokerscore.histories.running import analyse_histories as analyse_histories
    from pokerscore.histories.stats import PlayerStats as PlayerStats
    from pokerscore.histories.stats import player_stats as player_stats
    from pokerscore.histories.steps import ReplayStep as ReplayStep
    from pokerscore.histories.steps import replay_steps as replay_steps
    from pokerscore.histories.summary import HistoriesSummary as HistoriesSummary

__version__ = "0.1.0"

_HOMES: Final[dict[str, str]] = {
    # cards: the Card type, notation and the error family
    "Card": "pokerscore.cards",
    "Rank": "pokerscore.cards",
    "Suit": "pokerscore.cards",
    "parse_card": "pokerscore.cards",
    "parse_cards": "pokerscore.cards",
    "format_cards": "pokerscore.cards",
    "PokerScoreError": "pokerscore.cards",
    "InvalidCardError": "pokerscore.cards",
    "DuplicateCardError": "pokerscore.cards",
    "HandSizeError": "pokerscore.cards",
    # rankings and the plain evaluators of standard high poker
    "Category": "pokerscore.engine",
    "Ranking": "pokerscore.engine",
    "RANKINGS": "pokerscore.engine",
    "get_ranking": "pokerscore.engine",
    "evaluate5": "pokerscore.engine",
    "evaluate6": "pokerscore.engine",
    "evaluate7": "pokerscore.engine",
    # one hand: score, compare, describe
    "HandScore": "pokerscore.hands",
    "score": "pokerscore.hands",
    "best_hand": "pokerscore.hands",
    "compare": "pokerscore.hands",
    "winners": "pokerscore.hands",
    "describe": "pokerscore.hands",
    # many hands: NumPy batches and exact statistics
    "evaluate_batch": "pokerscore.hands.batch",
    "hands_to_array": "pokerscore.hands.batch",
    "random_hands": "pokerscore.hands.batch",
    "CategoryCounts": "pokerscore.hands.statistics",
    "exhaustive_counts": "pokerscore.hands.statistics",
    "sampled_counts": "pokerscore.hands.statistics",
    # draw poker
    "BestDraw": "pokerscore.games.draw",
    "best_draw": "pokerscore.games.draw",
    # hold'em and Omaha: games, showdowns, ranges, equity, preflop tables, hands on a board
    "Game": "pokerscore.games.holdem.game",
    "GAMES": "pokerscore.games.holdem.game",
    "get_game": "pokerscore.games.holdem.game",
    "Showdown": "pokerscore.games.holdem.showdown",
    "showdown": "pokerscore.games.holdem.showdown",
    "Range": "pokerscore.games.holdem.ranges",
    "RangeError": "pokerscore.games.holdem.ranges",
    "parse_range": "pokerscore.games.holdem.ranges",
    "top_classes": "pokerscore.games.holdem.ranges",
    "EquityResult": "pokerscore.games.holdem.equity",
    "equity": "pokerscore.games.holdem.equity",
    "heads_up_preflop": "pokerscore.games.holdem.matchups",
    "PreflopJob": "pokerscore.games.holdem.preflop",
    "PreflopTables": "pokerscore.games.holdem.preflop",
    "compute_preflop_tables": "pokerscore.games.holdem.preflop",
    "BoardHand": "pokerscore.games.holdem.board.hand",
    "hand_on_board": "pokerscore.games.holdem.board.hand",
    "BoardBreakdown": "pokerscore.games.holdem.board.breakdown",
    "board_breakdown": "pokerscore.games.holdem.board.breakdown",
    "ComboEquity": "pokerscore.games.holdem.board.distribution",
    "EquityDistribution": "pokerscore.games.holdem.board.distribution",
    "equity_distribution": "pokerscore.games.holdem.board.distribution",
    # tournaments: ICM and push/fold
    "ICMResult": "pokerscore.games.tournaments.icm",
    "icm": "pokerscore.games.tournaments.icm",
    "PushFoldResult": "pokerscore.games.tournaments.spots",
    "PushFoldThresholds": "pokerscore.games.tournaments.pushfold",
    "push_fold": "pokerscore.games.tournaments.pushfold",
    "push_fold_thresholds": "pokerscore.games.tournaments.pushfold",
    # video poker
    "PayTable": "pokerscore.games.videopoker.paytables",
    "PAYTABLES": "pokerscore.games.videopoker.paytables",
    "get_paytable": "pokerscore.games.videopoker.paytables",
    "load_paytable": "pokerscore.games.videopoker.paytables",
    "HoldEV": "pokerscore.games.videopoker.advisor",
    "advise": "pokerscore.games.videopoker.advisor",
    "GameAnalysis": "pokerscore.games.videopoker.analysis",
    "analyze": "pokerscore.games.videopoker.analysis",
    "seed_coverage": "pokerscore.games.videopoker.seeds",
    "Strategy": "pokerscore.games.videopoker.strategy.grammar",
    "StrategyError": "pokerscore.games.videopoker.strategy.grammar",
    "parse_strategy": "pokerscore.games.videopoker.strategy.grammar",
    "load_strategy": "pokerscore.games.videopoker.strategy.grammar",
    "StrategyPlay": "pokerscore.games.videopoker.strategy.play",
    "strategy_return": "pokerscore.games.videopoker.strategy.play",
    "GeneratedStrategy": "pokerscore.games.videopoker.strategy.generate",
    "generate_strategy": "pokerscore.games.videopoker.strategy.generate",
    # hand files
    "ScoreJob": "pokerscore.files.scoring",
    "Summary": "pokerscore.files.scoring",
    "score_file": "pokerscore.files.scoring",
    "score_on_cluster": "pokerscore.files.distributed",
    # hand histories: PHH and PokerStars, replayed; all-in EV; statistics per player
    "HandHistory": "pokerscore.histories.model",
    "HandHistoryError": "pokerscore.histories.model",
    "HandResult": "pokerscore.histories.model",
    "PlayerResult": "pokerscore.histories.model",
    "export_phh": "pokerscore.histories.phh_writing",
    "import_histories": "pokerscore.histories.database",
    "report_histories": "pokerscore.histories.database",
    "ImportSummary": "pokerscore.histories.database",
    "DatabaseReport": "pokerscore.histories.database",
    "DatabaseBusyError": "pokerscore.histories.database",
    "database_hands": "pokerscore.histories.database",
    "DatabaseHands": "pokerscore.histories.database",
    "database_hand": "pokerscore.histories.database",
    "PhhExport": "pokerscore.histories.phh_writing",
    "read_histories": "pokerscore.histories.reading",
    "replay": "pokerscore.histories.replay",
    "exact_allin_evs": "pokerscore.histories.replay",
    "history_results": "pokerscore.histories.results",
    "analyse_histories": "pokerscore.histories.running",
    "HistoriesSummary": "pokerscore.histories.summary",
    "PlayerStats": "pokerscore.histories.stats",
    "player_stats": "pokerscore.histories.stats",
    "replay_steps": "pokerscore.histories.steps",
    "ReplayStep": "pokerscore.histories.steps",
    "vs_random_counts": "pokerscore.games.holdem.ranges",
}
"""Every public name and the module it lives in."""

__all__ = [
    "__version__",
    *_HOMES,
]


def __getattr__(name: str) -> object:
    """Load a public name from its home module on first use, then keep it here."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pokerscore' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
