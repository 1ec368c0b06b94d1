"""The terminal game: a Textual video poker machine (:mod:`.app`) and its widgets.

Importing this package imports Textual; the command line does so only inside ``play``.
"""
