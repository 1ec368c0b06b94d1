"""What each kernel costs to compile: a family of ``tests.warm_kernels`` in a fresh process on
an empty Numba cache, with a listener on Numba's ``numba:compile`` event (issue 32 §5).

    python -m benchmarks.compile_times board equity     # each family in a process of its own
    python -m benchmarks.compile_times --top 15 board   # and the 15 dearest kernels of all

Every family runs in a child process whose ``NUMBA_CACHE_DIR`` is a new empty directory, so that
nothing is loaded from a cache and no one's cache is touched. A kernel's time is the CPU time of
the compiling thread (``time.thread_time``) between the event's start and end: *inclusive* counts
the callees compiled inside it (a plain call compiles the callee first, as its own event),
*exclusive* does not. Inlined helpers (``kernel(inline=True)``) have no event of their own: their
typing and lowering are counted in each caller. A parallel loop's body is compiled inside its
kernel's event. The family's CPU is the child's whole CPU time (``resource``), imports included.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from typing import Any


def _record(family: str) -> dict[str, Any]:
    """Run ``family`` here, recording each compile; the figures as a dict (CPU seconds)."""
    from numba.core import event
    from tests.warm_kernels import FAMILIES

    stacks: dict[int, list[list[Any]]] = defaultdict(list)
    spans: list[tuple[str, float, float, str]] = []

    class Listener(event.Listener):
        def on_start(self, happening: event.Event) -> None:
            name, args = _name(happening), str(happening.data["args"])
            stacks[threading.get_ident()].append([name, args, time.thread_time(), 0.0])

        def on_end(self, happening: event.Event) -> None:
            stack = stacks[threading.get_ident()]
            name, args, start, inner = stack.pop()
            spent = time.thread_time() - start
            if stack:
                stack[-1][3] += spent
            spans.append((name, spent, spent - inner, args))

    wall = time.perf_counter()
    with event.install_listener("numba:compile", Listener()):
        FAMILIES[family]()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "family": family,
        "cpu": usage.ru_utime + usage.ru_stime,
        "wall": time.perf_counter() - wall,
        "spans": spans,
    }


def _name(happening: Any) -> str:
    dispatcher = happening.data["dispatcher"]
    function = dispatcher.py_func
    module = function.__module__.removeprefix("pokerscore.")
    return f"{module}.{function.__qualname__}"


def measure(family: str) -> dict[str, Any]:
    """``family`` in a child process on an empty cache."""
    with tempfile.TemporaryDirectory(prefix="compile-times-") as cache:
        environment = {**os.environ, "NUMBA_CACHE_DIR": cache}
        run = subprocess.run(
            [sys.executable, "-m", "benchmarks.compile_times", "--child", family],
            env=environment,
            capture_output=True,
            text=True,
            check=True,
        )
    result: dict[str, Any] = json.loads(run.stdout.splitlines()[-1])
    return result


def main(arguments: list[str]) -> None:
    if arguments[:1] == ["--child"]:
        print(json.dumps(_record(arguments[1])))
        return
    top = 0
    if arguments[:1] == ["--top"]:
        top, arguments = int(arguments[1]), arguments[2:]
    signatures = arguments[:1] == ["--signatures"]  # those of kernels compiled more than once
    arguments = arguments[1:] if signatures else arguments
    from tests.warm_kernels import FAMILIES

    kernels: list[tuple[float, float, int, str, str]] = []
    for family in arguments or [name for name in FAMILIES if name != "histories"]:
        result = measure(family)
        spans = result["spans"]
        compiled = sum(span[2] for span in spans)
        print(
            f"{family}: {result['cpu']:.1f} s CPU, {result['wall']:.1f} s wall, "
            f"{len(spans)} compiles {compiled:.1f} s",
            flush=True,
        )
        totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
        seen: dict[str, list[str]] = defaultdict(list)
        for name, inclusive, exclusive, args in spans:
            totals[name][0] += inclusive
            totals[name][1] += exclusive
            totals[name][2] += 1
            seen[name].append(f"{exclusive:5.1f} s {args}")
        for name, each in seen.items():
            if signatures and len(each) > 1 and name.split(".")[0] != "numba":
                print(f"  {name}:", *each, sep="\n    ")
        for name, (inclusive, exclusive, count) in totals.items():
            kernels.append((exclusive, inclusive, int(count), name, family))
    if top:
        print(
            f"\nexclusive  inclusive  signatures  kernel (family)  [load {os.getloadavg()[0]:.1f}]"
        )
        for exclusive, inclusive, count, name, family in sorted(kernels, reverse=True)[:top]:
            print(f"{exclusive:9.1f}  {inclusive:9.1f}  {count:10d}  {name} ({family})")


if __name__ == "__main__":
    main(sys.argv[1:])
