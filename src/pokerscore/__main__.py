"""``python -m pokerscore`` runs the command line."""

from pokerscore.cli import main

main()
