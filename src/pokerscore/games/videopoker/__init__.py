"""Video poker: pay tables, seeded deals, the optimal-hold advisor, the exact return of a game
and the seed-coverage search.

Modules: :mod:`.paytables` (``PayTable``, ``PAYTABLES``, ``get_paytable``, ``load_paytable``),
:mod:`.deal` (``deal(seed)``), :mod:`.advisor` (``advise``, ``HoldEV``), :mod:`.analysis`
(``analyze``) and :mod:`.seeds` (``seed_coverage``). Kernel modules are imported lazily.
"""
