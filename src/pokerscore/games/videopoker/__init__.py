"""Video poker: pay tables, seeded deals, the optimal-hold advisor, the exact return of a game
and the seed-coverage search.

>>> from pokerscore.games.videopoker import advise, get_paytable
>>> best = advise("Kh Qh Jh Th 2s", get_paytable("jacks-or-better-9-6"))[0]
>>> " ".join(map(str, best.held)), best.ev_exact
('Kh Qh Jh Th', Fraction(925, 47))

Modules: :mod:`.paytables`, :mod:`.deal`, :mod:`.advisor`, :mod:`.analysis`, :mod:`.seeds`,
:mod:`.strategy` (strategy lists: read, played exactly, generated), and
the game without a screen, :mod:`.session`, with its SQLite store :mod:`.history`. None imports
Numba or NumPy at import time: kernel modules are imported inside the functions that need them.
The advisor, analysis and seed names load with their module on first use, so that the command
line, which imports :mod:`.paytables`, does not pay for them (exact fractions import decimal).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# Light modules, imported now; this also binds ``deal`` to the function, not the submodule.
from pokerscore.games.videopoker.deal import deal
from pokerscore.games.videopoker.paytables import (
    PAYTABLES,
    PayTable,
    PayTableError,
    get_paytable,
    load_paytable,
)

if TYPE_CHECKING:
    from pokerscore.games.videopoker.advisor import HoldEV, advise
    from pokerscore.games.videopoker.analysis import GameAnalysis, analyze
    from pokerscore.games.videopoker.seeds import SeedRow, seed_coverage
    from pokerscore.games.videopoker.strategy.generate import generate_strategy
    from pokerscore.games.videopoker.strategy.grammar import Strategy, parse_strategy
    from pokerscore.games.videopoker.strategy.play import strategy_return

_HOMES = {
    "HoldEV": "advisor",
    "advise": "advisor",
    "GameAnalysis": "analysis",
    "analyze": "analysis",
    "SeedRow": "seeds",
    "seed_coverage": "seeds",
    "Strategy": "strategy.grammar",
    "parse_strategy": "strategy.grammar",
    "strategy_return": "strategy.play",
    "generate_strategy": "strategy.generate",
}

__all__ = [
    "PAYTABLES",
    "GameAnalysis",
    "HoldEV",
    "PayTable",
    "PayTableError",
    "SeedRow",
    "Strategy",
    "advise",
    "analyze",
    "deal",
    "generate_strategy",
    "get_paytable",
    "load_paytable",
    "parse_strategy",
    "seed_coverage",
    "strategy_return",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
