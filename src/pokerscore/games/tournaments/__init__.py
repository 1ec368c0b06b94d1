"""Tournaments: prize equity by the Independent Chip Model (:mod:`.icm`) and the push-or-fold
equilibria of short stacks (:mod:`.pushfold` heads-up, :mod:`.multiway` for three and four
players, :mod:`.charts` for the 13 x 13 pictures).

Nothing is imported here: NumPy comes with the push/fold modules, and :func:`~.icm.icm` needs
none of it for a final table of up to :data:`~.icm.EXACT_PLAYERS` players.
"""
