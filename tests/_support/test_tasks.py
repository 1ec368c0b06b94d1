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


@pytest.mark.cluster
def test_the_local_scheduler_and_nannies_run_outside_the_calling_process() -> None:
    """Issue 28 §4: a scheduler and nannies in the command's process cost it some 5 % of a core
    for as long as the cluster ran (1.5 s of CPU in 30 s idle), a serial share that grew with
    the wall clock; the process that opens the cluster now keeps only the client."""
    import os

    with dask_client(workers=2) as client:
        scheduler = client.run_on_scheduler(os.getpid)
        workers = client.run(os.getpid)
        nannies = client.run(os.getppid)
    assert scheduler != os.getpid()
    assert len(workers) == 2
    assert os.getpid() not in set(workers.values()) | set(nannies.values())
