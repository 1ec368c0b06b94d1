"""``python -m pokerscore`` runs the command line."""

from pokerscore.cli.app import main

main()
