"""The session's Dask cluster (``tests/conftest.py``'s ``two_dask_workers``) in the place of the
local cluster a command run in the test's own process would start."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from distributed import Client


def on_the_shared_cluster(
    client: Client, size: int | None = None
) -> Callable[..., contextlib.AbstractContextManager[Client]]:
    """``dask_client`` for a command run here (``monkeypatch.setattr(tasks, "dask_client",
    ...)``): the local cluster of ``size`` workers (None: the default size) the command opens is
    ``client``'s; any other cluster (another size, ``--scheduler``) fails the test. Each local
    cluster is a scheduler, nannies and workers that import pokerscore and load the kernels
    again: seconds of CPU for the same path."""

    @contextlib.contextmanager
    def shared(
        scheduler: str | None = None, workers: int | None = None, **_: object
    ) -> Iterator[Client]:
        assert scheduler is None and workers == size, "only a local cluster of its size is shared"
        yield client

    return shared
