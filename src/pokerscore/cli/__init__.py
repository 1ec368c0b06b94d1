"""The pokerscore command line (Typer + Rich, the ``cli`` extra) and its entry point."""

from __future__ import annotations

import sys


def main() -> None:
    """Console-script entry point: the command line, or one line naming the extra it needs."""
    from pokerscore._support.extras import MissingExtraError, require_extra

    try:
        require_extra("cli", "the pokerscore command")
    except MissingExtraError as error:
        sys.stderr.write(f"error: {error}\n")
        sys.exit(2)
    from pokerscore.cli.app import main as run

    run()
