"""Strategy lists for video poker: read a list in players' words (:mod:`.grammar`, the grammar
in ``docs/strategy.md``), match its lines against a deal (:mod:`.patterns`, kernels in
:mod:`._kernels`), play every deal by it exactly (:mod:`.play`, on the deal tables of
:mod:`.deals`), generate one for a pay table (:mod:`.generate`) and name a hold in its words
(:mod:`.words`). Nothing here imports NumPy or Numba at import time but :mod:`._kernels`.
"""
