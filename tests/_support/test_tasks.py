"""Running tasks on Dask: the local cluster's workers start with the settings they are given."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pokerscore._support.tasks import WORKER_MALLOC, dask_client, numba_threads_per_worker


def _start_environment() -> bytes:
    """The environment this process was started with (Linux keeps it apart from later changes,
    which glibc's allocator never sees)."""
    return Path("/proc/self/environ").read_bytes()


@pytest.mark.cluster
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_local_workers_start_with_the_allocator_settings() -> None:
    with dask_client(workers=2) as client:
        found = client.run(_start_environment)
        threads = client.run(lambda: __import__("os").environ.get("NUMBA_NUM_THREADS"))
    assert len(found) == 2
    for started in found.values():
        entries = set(started.split(b"\0"))
        for name, value in WORKER_MALLOC.items():
            assert f"{name}={value}".encode() in entries
    assert set(threads.values()) == {str(numba_threads_per_worker(2))}
