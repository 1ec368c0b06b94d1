"""The callback long computations report through: ``progress(done, total)``."""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[int, int], None]
"""Called with (work done, work in all) as a computation advances; the CLI draws a bar with it."""
