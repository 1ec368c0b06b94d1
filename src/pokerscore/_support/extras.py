"""Optional dependencies: which extra installs each, and the one-line error when one is missing.

The heavy libraries live in extras so the core install stays light: ``cli`` (Typer, Rich,
Textual, platformdirs) for the command line and the game, ``files`` (pyarrow) for hand
files, ``cluster`` (Dask) for work spread over processes or machines, ``plots`` (matplotlib) for
pictures, ``web`` (Starlette, uvicorn) for ``pokerscore serve``; ``all`` installs every one. A command that needs a missing one stops with a
:class:`MissingExtraError` naming the extra, which the command line prints as one line (exit 2).

>>> require("json", "files", "reading hand files")  # a module that is present: nothing happens
>>> require("no_such_module_here", "plots", "drawing heat maps")
Traceback (most recent call last):
...
pokerscore._support.extras.MissingExtraError: drawing heat maps needs no_such_module_here: install the plots extra (pip install 'pokerscore[plots]')
"""

from __future__ import annotations

import importlib
from typing import Final

from pokerscore._support.errors import PokerScoreError

EXTRAS: Final = {
    "cli": "typer",
    "files": "pyarrow",
    "cluster": "dask",
    "plots": "matplotlib",
    "web": "starlette",
    "database": "duckdb",
}
"""Each extra and the module that tells whether it is installed."""


class MissingExtraError(PokerScoreError):
    """An optional dependency that is not installed: the message names the extra to install."""


def require(module: str, extra: str, purpose: str) -> None:
    """Raise :class:`MissingExtraError` unless ``module`` can be imported.

    ``purpose`` says in words what needs it (``"hand files"``); ``extra`` is the extra that
    installs it. Imports it (the caller is about to use it anyway), so a broken install is
    caught here too.
    """
    try:
        importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(
            f"{purpose} needs {module}: install the {extra} extra (pip install 'pokerscore[{extra}]')"
        ) from None


def require_extra(extra: str, purpose: str) -> None:
    """:func:`require` by the extra's name: ``require_extra("cluster", "--workers")``."""
    require(EXTRAS[extra], extra, purpose)
