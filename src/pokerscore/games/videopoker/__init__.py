"""Video poker: pay tables, seeded deals, the optimal-hold advisor, the exact return of a game
and the seed-coverage search.

>>> from pokerscore import advise, get_paytable
>>> best = advise("Kh Qh Jh Th 2s", get_paytable("jacks-or-better-9-6"))[0]
>>> " ".join(map(str, best.held)), best.ev_exact
('Kh Qh Jh Th', Fraction(925, 47))

Modules: :mod:`.paytables`, :mod:`.deal`, :mod:`.advisor`, :mod:`.analysis`, :mod:`.seeds`,
:mod:`.strategy` (strategy lists: read, played exactly, generated), and
the game without a screen, :mod:`.session`, with its SQLite store :mod:`.history`. This package
re-exports nothing: its public names are on the face, :mod:`pokerscore`, which loads each module
on first use (the command line, which imports :mod:`.paytables`, pays for nothing else).
"""
