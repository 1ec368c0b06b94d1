"""The one place kernels are compiled: a typed wrapper over ``numba.njit(cache=True)``.

Importing this module imports Numba (a few tenths of a second), so only kernel modules import
it, and nothing imports a kernel module at ``import pokerscore`` time: the public functions that
need a kernel import it inside their bodies. Compilation happens on a kernel's first call and is
cached on disk beside the source.

The threading layer is Numba's choice (OpenMP with the pip wheels on Linux), with one setting of
ours: OpenMP threads that wait, wait asleep. By default they spin after every parallel loop, on
cores that a busy host's other work needs (measured in DEVELOPERS.md, "Threads"). Set
``OMP_WAIT_POLICY`` before the first kernel runs to choose otherwise.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar, cast

# Read by the OpenMP runtime when Numba loads it, on the first parallel kernel: it must be in
# the environment before then (if another library loaded OpenMP first, its setting stands).
os.environ.setdefault("OMP_WAIT_POLICY", "passive")

import numba

Function = TypeVar("Function", bound=Callable[..., Any])

prange: Final = cast(Callable[[int], range], numba.prange)
"""``numba.prange`` typed as ``range``: a parallel loop in a kernel, a plain one elsewhere."""


def kernel(*, parallel: bool = False, inline: bool = False) -> Callable[[Function], Function]:
    """Compile a function with Numba in nopython mode, cached, on first call.

    ``inline`` splices a helper into its callers at Numba's level, so a helper that takes arrays
    costs no call per hand (LLVM inlines small scalar helpers by itself, but not those). The
    helper is then typed and lowered again at every call site, and a parallel loop's body is
    built more than once, so large helpers inlined into ``prange`` bodies are most of the
    compile time outside the hand histories (``benchmarks/compile.md``). Out of line they cost
    the loops far more: ``hold_features`` called from the strategy kernels' parallel loops made
    a list's play 2.8 times slower, ``judge_board`` and ``settle_weighted`` the Omaha and
    range equities 15-45 % slower (2026-11-27): they stay inlined.

    A helper out of line is compiled once per signature, and never for a constant: Numba types a
    constant argument ``Literal[int]`` (so, for a moment, is a variable that starts at a
    constant, ``key = 0`` summed in a loop, before it widens to ``int64``) and compiled the
    helper once for each, throwing the first away (a second compile of 17 of the hand
    histories' stages, 2026-11-28). A kernel's calls from other kernels are typed without
    literals (:func:`_typed_without_literals`), so such a helper compiles once.
    """
    compile_ = numba.njit(
        cache=True,
        nogil=True,
        parallel=parallel,
        error_model="numpy",
        inline="always" if inline else "never",
    )

    def decorate(function: Function) -> Function:
        dispatcher = compile_(function)
        if not inline:  # an inlined helper is typed inside its caller, never compiled alone
            _typed_without_literals(dispatcher)
        return cast(Function, dispatcher)

    return decorate


def _typed_without_literals(dispatcher: Any) -> None:
    """Calls of ``dispatcher`` from other kernels typed with each constant's type
    (``Literal[int](0)`` as ``int64``, ``Literal[bool]`` as ``bool``): the arguments Numba's type
    inference gives :meth:`get_call_template` (which compiles the overload) made non-literal."""
    from numba.core import types

    template = dispatcher.get_call_template
    unliteral: Callable[[Any], Any] = types.unliteral

    def get_call_template(args: tuple[Any, ...], kws: dict[str, Any]) -> Any:
        return template(
            tuple(unliteral(arg) for arg in args),
            {name: unliteral(arg) for name, arg in kws.items()},
        )

    dispatcher.get_call_template = get_call_template


@contextlib.contextmanager
def kernel_threads(count: int) -> Iterator[None]:
    """Parallel kernels called from this thread run on at most ``count`` threads inside the
    block (Numba's setting belongs to the calling thread; other threads keep theirs).

    For pipelines whose own threads already fill the cores: a file scored while a reading and a
    writing thread run beside it spent about a sixth of its CPU time in OpenMP workers waiting
    at the end of each parallel loop, and the writer waited for them.
    """
    previous = numba.get_num_threads()
    numba.set_num_threads(max(1, min(count, previous)))
    try:
        yield
    finally:
        numba.set_num_threads(previous)


def in_threads(share: Callable[[int], None], threads: int) -> None:
    """``share(0)``, ``share(1)`` … ``share(threads - 1)`` at once, each on a thread of its own
    (the calling thread takes ``share(0)``; a single share runs here alone): for a kernel whose
    shares write apart (every :func:`kernel` releases the GIL). An error a share raises is
    raised here, once every share has ended.

    The hand-history readers share a buffer's hands so (``histories._phh_kernels.phh_hands``)
    rather than in a parallel kernel: Numba compiles a callee's code again into each kernel
    that calls it, and a parallel loop is two such kernels more (its body and its caller), each
    holding the whole replay.

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


@contextlib.contextmanager
def compile_notice(notice: Callable[[], None]) -> Iterator[None]:
    """Call ``notice()`` once, the first time a kernel is compiled inside the block (a kernel
    found in Numba's cache on disk is loaded, not compiled, and says nothing): a command can say
    why its first run waits (the hand-history kernels take minutes to compile).

    >>> told = []
    >>> with compile_notice(lambda: told.append("compiling")):
    ...     numba.njit(lambda x: x + 1)(1), numba.njit(lambda x: x * 2)(1)
    (2, 2)
    >>> told
    ['compiling']
    """
    from numba.core import event

    class Once(event.Listener):
        told = False

        def on_start(self, happening: event.Event) -> None:
            if not self.told:
                self.told = True
                notice()

        def on_end(self, happening: event.Event) -> None:
            pass

    with event.install_listener("numba:compile", Once()):
        yield
