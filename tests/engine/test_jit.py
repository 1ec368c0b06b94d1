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


def _out_of_line_calls_with_constants() -> list[str]:
    """Calls, inside kernels (the hand histories' replay and PHH reader aside: another rewrite's),
    of a kernel compiled out of line (``kernel()``, not ``inline=True``) with a constant
    argument: each compiles the callee once more, for ``Literal[int]`` (``engine.jit.kernel``).
    (The histories' ``_pot_kernels._any_five`` passed ``flush_suit`` a key that starts at 0:
    its cache index held ``Literal[int](0)`` beside ``int64``.)"""
    import ast
    from pathlib import Path

    import pokerscore

    root = Path(pokerscore.__file__).parent
    modules = [*(root / "engine" / "kernels").glob("*.py"), root / "files" / "_kernels.py"]
    modules += [path for path in (root / "games").rglob("*.py") if "kernels" in path.name]
    # the hand histories' kernels but the replay and the PHH reader (being rewritten apart);
    # the PokerStars reader's ``_named`` and ``_speaker`` were compiled twice so, for a count
    # of seats listed that started at 0
    histories = ["_bytes.py", "_pot_kernels.py", "_stars_kernels.py", "_stats_kernels.py"]
    histories += ["batches.py"]
    modules += [root / "histories" / name for name in histories]
    trees = {path: ast.parse(path.read_text()) for path in modules}

    def inline(decorator: ast.expr) -> bool | None:  # None: not a kernel
        call = decorator if isinstance(decorator, ast.Call) else None
        name = call.func if call else decorator
        if not (isinstance(name, ast.Name) and name.id == "kernel"):
            return None
        keywords = call.keywords if call else []
        return any(k.arg == "inline" and getattr(k.value, "value", False) for k in keywords)

    kernels: dict[ast.FunctionDef, Path] = {}  # kernel: its module
    # each module's kernels by name: inlined or not (a module's own name shadows another's:
    # three modules name an inlined ``_next_subset``, holdem's kernels one out of line)
    kinds: dict[Path, dict[str, bool]] = {path: {} for path in trees}
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                decorators = [inline(decorator) for decorator in node.decorator_list]
                if decorators and decorators[0] is not None:
                    kernels[node] = path
                    kinds[path][node.name] = decorators[0]
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                # helper = kernel(...)(function)
                maker = node.value.func
                made = inline(maker) if isinstance(maker, ast.Call) else None
                if made is not None:
                    kinds[path].update(
                        (t.id, made) for t in node.targets if isinstance(t, ast.Name)
                    )
    # a name a module does not define is the kernel imported from another
    out_of_line = {name for names in kinds.values() for name, kind in names.items() if not kind}

    def called_out_of_line(name: str, path: Path) -> bool:
        own = kinds[path].get(name)
        return name in out_of_line if own is None else not own

    found = []
    for function, path in kernels.items():
        # a variable that starts at a constant (``low = 0``, then ``low = ...`` in a loop) is a
        # Literal[int] to Numba until its type widens: passed on, it compiles the callee twice
        starts_constant = {
            target.id
            for node in ast.walk(function)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for call in ast.walk(function):
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name)
                and called_out_of_line(call.func.id, path)
                and any(
                    isinstance(argument, ast.Constant)
                    or (isinstance(argument, ast.Name) and argument.id in starts_constant)
                    for argument in call.args
                )
            ):
                found.append(f"{function.name}: {ast.unparse(call)}")
    return found


def test_no_kernel_calls_a_kernel_out_of_line_with_a_constant() -> None:
    assert _out_of_line_calls_with_constants() == []
