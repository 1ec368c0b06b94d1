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
@pytest.mark.parametrize("left", [None, "65536"], ids=["clean", "left by an in-process nanny"])
def test_local_workers_start_with_the_allocator_settings(
    left: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A LocalCluster's nanny run in this process (as test_preflop_tables does) leaves Dask's
    # MALLOC_TRIM_THRESHOLD_=65536 in os.environ, which a spawned nanny took over its
    # configuration: the suite failed here when such a test ran first in the same process.
    if left is not None:
        monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", left)
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


_KILLED_OWNER = """
import os, sys, time
from pokerscore._support.tasks import dask_client
with dask_client(workers=1) as client:
    pids = [client.run_on_scheduler(os.getpid), *client.run(os.getppid).values(),
            *client.run(os.getpid).values()]
    print(*pids, flush=True)
    time.sleep(600)
"""


@pytest.mark.cluster
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal: Linux")
def test_a_killed_owner_leaves_no_scheduler_nanny_or_worker_behind() -> None:
    """The scheduler and nannies run in a session of their own: a command killed with
    ``kill -9`` left them running for good (found 37 minutes later)."""
    import os
    import signal
    import subprocess
    import time

    owner = subprocess.Popen(
        [sys.executable, "-c", _KILLED_OWNER], stdout=subprocess.PIPE, text=True
    )
    try:
        assert owner.stdout is not None
        pids = [int(pid) for pid in owner.stdout.readline().split()]
        assert len(pids) == 3 and owner.pid not in pids
    finally:
        owner.send_signal(signal.SIGKILL)
        owner.wait()

    def alive(pid: int) -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        with open(f"/proc/{pid}/stat") as stat:  # a zombie waits only for its parent
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"

    deadline = time.monotonic() + 120
    while any(map(alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in pids if alive(pid)]
