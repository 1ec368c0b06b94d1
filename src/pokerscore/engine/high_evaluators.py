"""Standard high poker, the default ranking, as plain functions: ``pokerscore.evaluate5`` & co.

Values run from 1 (7-5-4-3-2 offsuit) to 7462 (the royal flush); equal values tie. These are the
:data:`~pokerscore.engine.rankings.HIGH` ranking's own evaluators and lookups, bound once here so
that the hot path is one call.

>>> evaluate5(48, 44, 40, 36, 32)  # Ac Kc Qc Jc Tc
7462
>>> evaluate5(0, 5, 10, 15, 21)  # 2c 3d 4h 5s 7d
1
>>> evaluate7(48, 44, 40, 36, 32, 0, 1), evaluate7(0, 1, 2, 3, 4, 5, 6)  # royal; four deuces
(7462, 7297)
>>> evaluate6(48, 44, 40, 36, 32, 0), evaluate([51, 47, 43, 39, 35])
(7462, 7462)
>>> category_of(7462), explaining_ranks(1)
(<Category.ROYAL_FLUSH: 9>, (5, 3, 2, 1, 0))
"""

from __future__ import annotations

from typing import Final

from pokerscore.engine.rankings import HIGH

VALUE_COUNT: Final = 7462
"""The number of distinct values under standard high poker (``HIGH.value_count``)."""

evaluate5: Final = HIGH.evaluate5
evaluate6: Final = HIGH.evaluators.evaluate6
evaluate7: Final = HIGH.evaluators.evaluate7
evaluate: Final = HIGH.evaluators.evaluate
category_of: Final = HIGH.category_of
explaining_ranks: Final = HIGH.explaining_ranks
