"""Video poker: pay tables, seeded deals, the optimal-hold advisor, the exact return of a game
and the seed-coverage search.

>>> from pokerscore.games.videopoker import advise, get_paytable
>>> best = advise("Kh Qh Jh Th 2s", get_paytable("jacks-or-better-9-6"))[0]
>>> " ".join(map(str, best.held)), best.ev_exact
('Kh Qh Jh Th', Fraction(925, 47))

Modules: :mod:`.paytables`, :mod:`.deal`, :mod:`.advisor`, :mod:`.analysis`, :mod:`.seeds`, and
the game without a screen, :mod:`.session`, with its SQLite store :mod:`.history`. None imports
Numba or NumPy at import time: kernel modules are imported inside the functions that need them.
"""

from pokerscore.games.videopoker.advisor import HoldEV, advise
from pokerscore.games.videopoker.analysis import GameAnalysis, analyze
from pokerscore.games.videopoker.deal import deal
from pokerscore.games.videopoker.paytables import (
    PAYTABLES,
    PayTable,
    PayTableError,
    get_paytable,
    load_paytable,
)
from pokerscore.games.videopoker.seeds import SeedRow, seed_coverage

__all__ = [
    "PAYTABLES",
    "GameAnalysis",
    "HoldEV",
    "PayTable",
    "PayTableError",
    "SeedRow",
    "advise",
    "analyze",
    "deal",
    "get_paytable",
    "load_paytable",
    "seed_coverage",
]
