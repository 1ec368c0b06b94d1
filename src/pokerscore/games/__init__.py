"""Games built on the scorer: five-card draw (:mod:`.draw`) and video poker (:mod:`.videopoker`).

Nothing here imports Numba at import time: the functions that need a compiled kernel import it
inside their bodies.
"""
