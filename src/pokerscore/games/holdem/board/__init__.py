"""Hands on a board: one hand read as players read it (``reading``), a range broken down by made
class and draw on a board or over every flop (``breakdown``), and equity distributions
(``distribution``); their kernels in ``_kernels``."""
