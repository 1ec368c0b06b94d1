"""Exact preflop tables of hold'em's 169 starting hands: the counts (:mod:`.counts`, over every
board, on Numba's threads), the result tables and their files (:mod:`.results`), the 13 x 13 heat
map (:mod:`.heatmap`), and a run on a Dask client with its parts kept and resumed (:mod:`.job`).

>>> job = PreflopJob(hands=("AA", "KK"), tasks=8, heads_up=False)
>>> job.describe()
'2 players, hands AA,KK, 8 tasks, vs random only'
"""

from pokerscore.games.holdem.preflop.counts import (
    HeadsUpCounts,
    PreflopError,
    ThreeWayCounts,
    heads_up_counts,
    starting_classes,
    three_way_counts,
)
from pokerscore.games.holdem.preflop.heatmap import grid_cells, write_heat_map
from pokerscore.games.holdem.preflop.job import (
    DEFAULT_TASKS,
    PreflopJob,
    check_out,
    compute_preflop_tables,
    run_task,
)
from pokerscore.games.holdem.preflop.results import (
    PreflopTables,
    heads_up_tables,
    read_preflop_tables,
    three_way_table,
    write_preflop_tables,
)

__all__ = [
    "DEFAULT_TASKS",
    "HeadsUpCounts",
    "PreflopError",
    "PreflopJob",
    "PreflopTables",
    "ThreeWayCounts",
    "check_out",
    "compute_preflop_tables",
    "grid_cells",
    "heads_up_counts",
    "heads_up_tables",
    "read_preflop_tables",
    "run_task",
    "starting_classes",
    "three_way_counts",
    "three_way_table",
    "write_heat_map",
    "write_preflop_tables",
]
