"""Tasks on a Dask client (or in this process), and the clients: a local cluster or a running one.

Used by the preflop tables and by hand files on Dask. Dask (the ``cluster`` extra) is imported
inside :func:`dask_client` only, so a command that does not ask for it never pays for it.

A local cluster runs its scheduler in a process of its own and each worker in a process of its
own under its own nanny process, with one Dask thread each, and gives each worker's Numba
kernels an equal share of the cores (``NUMBA_NUM_THREADS``), so workers don't oversubscribe the
machine. The process that opens it keeps only the client: a scheduler and nannies in it cost it
some 5 % of a core for as long as the cluster runs, whatever the work (measured: 1.5 s of CPU
in 30 s idle, against 0.04 s). Workers of a running cluster keep their own settings: start them
with ``NUMBA_NUM_THREADS`` set to the cores each may use.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from pokerscore._support.errors import ParameterError, PokerScoreError
from pokerscore._support.extras import require_extra

if TYPE_CHECKING:
    from distributed import Client

Result = TypeVar("Result")

CONNECT_TIMEOUT: Final = 10
"""Seconds to wait for a running scheduler before giving up."""
START_TIMEOUT: Final = 300
"""Seconds to wait for a local cluster's workers (a busy machine starts them slowly)."""
CLOSE_TIMEOUT: Final = 10
"""Seconds a local worker's nanny has to stop before it is killed."""


class ClusterError(PokerScoreError):
    """A cluster that cannot be started or reached."""


def cores() -> int:
    """The cores this process may use (the affinity mask where the system has one)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every system has affinity masks
        return os.cpu_count() or 1


def numba_threads_per_worker(workers: int) -> int:
    """The Numba threads each of ``workers`` local workers gets: an equal share of the cores.

    >>> numba_threads_per_worker(cores()) == 1
    True
    """
    return max(1, cores() // workers)


WORKER_MALLOC: Final = {
    "MALLOC_MMAP_THRESHOLD_": str(64 << 20),
    "MALLOC_TRIM_THRESHOLD_": str(128 << 20),
}
"""glibc's allocator settings for local workers. Dask's nanny sets ``MALLOC_TRIM_THRESHOLD_`` to
64 KiB, which also freezes glibc's threshold for mapping large blocks at 128 KiB: every array
a batch allocates is then mapped, zeroed page by page and unmapped again, and a fifth of a
hand-history worker's time went to the kernel's page faults. Blocks up to 64 MiB come from the
heap again and are reused; memory stays bounded by the largest batch.

glibc reads them when a process starts, so they go in Dask's ``pre-spawn-environ`` (set before
a worker's process is started), not in the environment the nanny gives a worker once it runs:
there they are visible to Python and ignored by glibc. They win over the caller's own
``MALLOC_*`` variables of the same names (which an in-process Dask nanny leaves set)."""


def local_workers(workers: int | None) -> int:
    """The workers of a local cluster asked for ``workers``: one per core by default, and never
    more than the cores (each worker is a process of some 70 MB that would only wait for a core:
    40 of them on 2 cores took 2.8 GB).

    >>> local_workers(None) == local_workers(10_000) == cores()
    True
    """
    return cores() if workers is None else min(workers, cores())


@contextmanager
def dask_client(
    scheduler: str | None = None,
    workers: int | None = None,
    *,
    on_lowered: Callable[[int, int], None] | None = None,
) -> Iterator[Client]:
    """A Dask client: to the scheduler at ``scheduler``, or to a new local cluster of ``workers``.

    ``workers`` defaults to the number of cores, and is lowered to it when it is more
    (:func:`local_workers`; ``on_lowered(asked, used)`` is told); it cannot be combined with
    ``scheduler`` (a running cluster has the workers it has). The local cluster is closed on
    exit.
    """
    if scheduler is not None and workers is not None:
        raise ParameterError(
            "{name} sizes a local cluster: leave it out with a running scheduler", "workers"
        )
    if workers is not None and workers < 1:
        raise ParameterError(f"{{name}} must be at least 1, not {workers}", "workers")
    require_extra("cluster", "running on Dask")
    from distributed import Client

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as error:
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            raise ClusterError(
                f"cannot reach the Dask scheduler at {scheduler}: {reason}"
            ) from None
        with client:
            yield client
        return
    count = local_workers(workers)
    if workers is not None and count < workers and on_lowered is not None:
        on_lowered(workers, count)
    with _local_cluster(count) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        try:
            client.wait_for_workers(count, timeout=START_TIMEOUT)
        except TimeoutError:
            raise ClusterError(
                f"the local cluster's {count} workers did not start within {START_TIMEOUT} s"
            ) from None
        client.register_plugin(_interrupts_ignored())
        yield client


def _local_cluster(count: int) -> Any:
    """A cluster of ``count`` workers on this machine, the scheduler and each worker's nanny in
    processes of their own (distributed's ``SubprocessScheduler`` and ``SubprocessWorker``,
    started with the settings below in a session of their own, so that a terminal's Ctrl-C
    reaches only the command, which closes them)."""
    import dask
    from distributed import SpecCluster

    spawned = {**dask.config.get("distributed.nanny.pre-spawn-environ"), **WORKER_MALLOC}
    # A nanny reads its pre-spawn-environ from Dask's configuration when it starts: a variable
    # of its environment sets it there, where dask.config.set here cannot. Log lines ("Nanny
    # at ... closed") would be noise on the command's stderr: errors reach it as exceptions.
    # The settings go in the nanny's own environment too: a nanny takes a pre-spawn variable
    # from its environment before its configuration, and a process that ran an in-process
    # nanny before (a LocalCluster) keeps Dask's MALLOC_TRIM_THRESHOLD_=65536 in os.environ.
    environment = {
        **os.environ,
        **WORKER_MALLOC,
        PRE_SPAWN_VARIABLE: repr(spawned),
        LOGS_VARIABLE: "critical",
    }
    threads = str(numba_threads_per_worker(count))
    nanny = {
        "nthreads": 1,
        "host": "127.0.0.1",
        "dashboard": False,
        "silence_logs": logging.CRITICAL,
        "env": {"NUMBA_NUM_THREADS": threads, "OMP_NUM_THREADS": "1"},
    }
    scheduler_class, worker_class = _spawned_classes()
    worker = {"cls": worker_class, "options": {"nanny": nanny, "environment": environment}}
    options = {"host": "127.0.0.1", "port": 0, "dashboard": False}
    scheduler = {
        "cls": scheduler_class,
        "options": {"scheduler_kwargs": options, "environment": environment},
    }
    return SpecCluster(  # type: ignore[no-untyped-call]
        workers=dict.fromkeys(range(count), worker),
        scheduler=scheduler,
        worker=worker,
        silence_logs=logging.CRITICAL,
        name="pokerscore",
    )


PRE_SPAWN_VARIABLE: Final = "DASK_DISTRIBUTED__NANNY__PRE_SPAWN_ENVIRON"
"""The environment variable that sets Dask's ``distributed.nanny.pre-spawn-environ``."""
LOGS_VARIABLE: Final = "DASK_LOGGING__DISTRIBUTED"
"""The environment variable that sets the level of distributed's logs."""


async def _spawn(command: list[str], environment: dict[str, str]) -> Any:
    """``python -m dask spec ...`` in a session of its own, with ``environment``; on Linux it is
    sent SIGTERM (and stops) when the process that started it dies: a command killed with
    ``kill -9`` left its scheduler and nannies running, out of reach of its process group."""
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "dask", "spec", *command, env=environment,
        stderr=asyncio.subprocess.DEVNULL, start_new_session=True, preexec_fn=_parent_death(),
    )  # fmt: skip


def _parent_death() -> Callable[[], None] | None:
    """What a child runs before its program (Linux: ``prctl(PR_SET_PDEATHSIG, SIGTERM)``, the
    signal sent when the thread that started it ends, here the cluster's event loop, which
    runs until the cluster is closed); None elsewhere. The C function is found here, before
    the fork, so the child only calls it."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    prctl = ctypes.CDLL(None, use_errno=True).prctl
    parent = os.getpid()

    def set_signal() -> None:
        prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # the parent died before: no signal will come
            os._exit(1)

    return set_signal


def _spawned_classes() -> tuple[type, type]:
    """distributed's ``SubprocessScheduler`` and ``SubprocessWorker`` (a nanny), each started
    by :func:`_spawn`."""
    from distributed.deploy.subprocess import SubprocessScheduler, SubprocessWorker

    class SpawnedScheduler(SubprocessScheduler):  # type: ignore[misc,unused-ignore]
        def __init__(
            self, *, scheduler_kwargs: dict[str, Any], environment: dict[str, str]
        ) -> None:
            super().__init__(scheduler_kwargs, timeout=START_TIMEOUT)
            self.environment = environment

        async def _start(self) -> None:
            spec = {"cls": "distributed.Scheduler", "opts": self.scheduler_kwargs}
            self.process = process = await _spawn(["--spec", json.dumps(spec)], self.environment)
            found = Path(self.scheduler_kwargs["scheduler_file"])
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self.timeout
            while process.returncode is None and loop.time() < deadline:
                try:  # the scheduler writes its address there once it listens
                    self.address = json.loads(found.read_text())["address"]
                except (OSError, ValueError, KeyError):
                    await asyncio.sleep(0.1)
                else:
                    found.unlink()  # read: the scheduler leaves it behind when it is killed
                    return
            raise ClusterError("the local cluster's scheduler did not start")

    class SpawnedWorker(SubprocessWorker):  # type: ignore[misc,unused-ignore]
        def __init__(
            self, scheduler: str, *, nanny: dict[str, Any], environment: dict[str, str],
            name: object = None,
        ) -> None:  # fmt: skip
            # distributed gives the spawned process no name either: the scheduler names it
            super().__init__(scheduler, worker_kwargs=nanny)
            self.environment = environment

        async def _start(self) -> None:
            spec = {"cls": self.worker_class, "opts": self.worker_kwargs}
            command = [self.scheduler, "--spec", json.dumps(spec)]
            self.process = await _spawn(command, self.environment)

        async def close(self) -> None:
            # Asked to stop, the nanny closes its worker and its own helpers (distributed kills
            # them all at once, and multiprocessing's resource tracker, killed first, printed
            # tracebacks as the nanny relaunched it); killed only when it does not stop.
            process = self.process
            if process is not None and process.returncode is None:
                process.terminate()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), CLOSE_TIMEOUT)
            await super().close()

    return SpawnedScheduler, SpawnedWorker


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group: the local workers leave it to the
    # command, which reports once and closes the cluster (each worker would print a traceback).
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupts_ignored() -> object:
    """A worker plugin (also run by workers that replace lost ones): Ctrl-C is ignored."""
    from distributed import WorkerPlugin

    class IgnoreInterrupts(WorkerPlugin):  # type: ignore[misc,unused-ignore]
        name = "pokerscore-ignore-interrupts"

        def setup(self, worker: object) -> None:
            _ignore_interrupts()

    return IgnoreInterrupts()


def run_tasks(
    client: Client | None,
    function: Callable[..., Result],
    arguments: Iterable[tuple[Any, ...]],
    *,
    retries: int = 0,
) -> Iterator[tuple[int, Result]]:
    """``function(*args)`` for each tuple of ``arguments``: ``(index, result)`` pairs in the order
    the tasks finish. Each task is submitted as soon as its arguments are made (``arguments``
    may be a generator still working out the later ones while the first run), and the results
    that are ready are handed over between two submissions. On the client's workers (each
    future released once its result is read, so finished results are not kept twice), or one
    by one in this process when ``client`` is None.

    ``retries`` is how often Dask reruns a task whose worker was lost.

    >>> sorted(run_tasks(None, pow, [(2, 3), (3, 2)]))
    [(0, 8), (1, 9)]
    """
    if client is None:
        for index, args in enumerate(arguments):
            yield index, function(*args)
        return
    from distributed import as_completed

    index_of: dict[object, int] = {}
    running: Any = as_completed()  # type: ignore[no-untyped-call]  # distributed is untyped here

    def handed(futures: Iterable[Any]) -> Iterator[tuple[int, Result]]:
        for future in futures:
            result = future.result()
            future.release()
            yield index_of.pop(future.key), result

    for index, args in enumerate(arguments):
        future = client.submit(function, *args, pure=False, retries=retries)
        index_of[future.key] = index
        running.add(future)
        if running.has_ready():
            yield from handed(running.next_batch(block=False))
    yield from handed(running)
