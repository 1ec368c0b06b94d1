"""Kernels run on threads (``engine.jit``)."""

from __future__ import annotations

import threading

import pytest

from pokerscore.engine.jit import in_threads


def test_shares_run_at_once_each_on_a_thread_of_its_own() -> None:
    # Every share waits at one barrier for the others: were any two run one after the other on
    # one thread, the barrier would time out.
    barrier = threading.Barrier(4, timeout=30)
    names: dict[int, str] = {}

    def share(worker: int) -> None:
        names[worker] = threading.current_thread().name
        barrier.wait()

    in_threads(share, 4)
    assert sorted(names) == [0, 1, 2, 3]
    assert len(set(names.values())) == 4
    assert names[0] == threading.current_thread().name


def test_a_single_share_runs_on_the_calling_thread() -> None:
    names: list[str] = []
    in_threads(lambda worker: names.append(threading.current_thread().name), 1)
    assert names == [threading.current_thread().name]


@pytest.mark.parametrize("failing", [0, 2])
def test_a_shares_error_is_raised_once_every_share_has_ended(failing: int) -> None:
    ended: list[int] = []

    def share(worker: int) -> None:
        if worker == failing:
            raise KeyError(worker)
        ended.append(worker)

    with pytest.raises(KeyError) as raised:
        in_threads(share, 3)
    assert raised.value.args == (failing,)
    assert sorted(ended) == sorted({0, 1, 2} - {failing})


def test_a_kernel_called_with_constants_from_kernels_compiles_once() -> None:
    # Numba types a constant argument Literal[int] (or Literal[bool]), and a variable that
    # starts at a constant is one until its type widens: each compiled the callee once more
    # (three overloads here before engine.jit typed kernels' calls without literals).
    import numba

    from pokerscore.engine.jit import kernel

    @kernel()
    def callee(value: int, flag: bool) -> int:
        return value + 1 if flag else value

    @numba.njit(cache=False)
    def caller(count: int) -> int:
        total = 0  # a Literal[int](0) until the loop widens it
        for _ in range(count):
            total = callee(total, True)
        return callee(-1, False) + total

    assert caller(3) == 2
    assert [str(signature) for signature in callee.signatures] == ["(int64, bool)"]
