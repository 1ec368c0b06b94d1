"""The callback long computations report through: ``progress(done, total)``."""

from __future__ import annotations

from collections.abc import Callable

from pokerscore._support.errors import ParameterError

Progress = Callable[[int, int], None]
"""Called with (work done, work in all) as a computation advances; the CLI draws a bar with it."""


def checked_progress(progress: object, parameter: str = "progress") -> Progress | None:
    """``progress`` as given when it is None or callable, checked before any work (a call
    with ``progress=3`` failed late with "'int' object is not callable"); a callback that
    raises is not wrapped: its exception reaches the caller as it is.

    >>> checked_progress(None) is None
    True
    >>> checked_progress(3)
    Traceback (most recent call last):
    ...
    pokerscore._support.errors.ParameterError: progress must be a function of (done, total) or None, got int
    """
    if progress is None or callable(progress):
        return progress
    raise ParameterError(
        f"{{name}} must be a function of (done, total) or None, got {type(progress).__name__}",
        parameter,
    )
