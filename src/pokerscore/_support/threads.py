"""Work on threads: items produced ahead of the one consuming them (:func:`prefetched`), a
kernel's shares run side by side (:func:`in_threads`)."""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

Item = TypeVar("Item")


def prefetched(items: Iterator[Item], depth: int = 1) -> Iterator[Item]:
    """``items``, produced on a thread of their own up to ``depth`` ahead: the file's next piece
    is read (pyarrow and file reads release the GIL) while the last one is scored. Only reading
    runs there, never a parallel kernel (some Numba threading layers allow one caller at a time).
    An error raised while producing is raised here; leaving early stops the thread.

    >>> list(prefetched(iter(range(5))))
    [0, 1, 2, 3, 4]
    """
    pending: queue.Queue[tuple[bool, Any]] = queue.Queue(depth)
    stop = threading.Event()

    def offer(entry: tuple[bool, Any]) -> bool:
        while not stop.is_set():
            with contextlib.suppress(queue.Full):
                pending.put(entry, timeout=0.05)
                return True
        return False

    def produce() -> None:
        try:
            for item in items:
                if not offer((True, item)):
                    return
            offer((False, None))
        except BaseException as error:  # raised again on the consuming thread
            offer((False, error))

    thread = threading.Thread(target=produce, name="pokerscore-reader", daemon=True)
    thread.start()
    try:
        while True:
            more, value = pending.get()
            if not more:
                if value is not None:
                    raise value
                return
            yield value
    finally:
        stop.set()
        thread.join()


def in_threads(share: Callable[[int], None], threads: int) -> None:
    """``share(0)``, ``share(1)`` … ``share(threads - 1)`` at once, each on a thread of its own
    (the calling thread takes ``share(0)``; a single share runs here alone): for a compiled
    kernel that releases the GIL (every ``engine.jit.kernel`` does) and whose shares write
    apart. An error a share raises is raised here, once every share has ended.

    The hand-history readers share a buffer's hands so (``histories._phh_kernels.phh_hands``)
    rather than in a parallel kernel: Numba compiles a callee's code again into each kernel that
    calls it, and a parallel loop is two such kernels more (its body and its caller), each with
    the whole replay in it.

    >>> seen = []
    >>> in_threads(seen.append, 3)
    >>> sorted(seen)
    [0, 1, 2]
    """
    if threads <= 1:
        share(0)
        return
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(threads - 1, thread_name_prefix="pokerscore-share") as pool:
        others = [pool.submit(share, worker) for worker in range(1, threads)]
        share(0)
        for other in others:
            other.result()
