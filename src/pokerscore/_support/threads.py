"""Work on a thread of its own: items produced ahead of the one consuming them."""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Iterator
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
