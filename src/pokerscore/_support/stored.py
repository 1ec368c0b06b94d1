"""Values built in Python kept on disk between processes, as Numba keeps the kernels.

The tables the kernels read (a ranking's, the replay's) are built in Python by every process
that needs them: 0.3 to 1 s of CPU each, paid again by every pytest worker, command line and
Dask worker. :func:`stored` keeps a builder's result in the ``__pycache__`` folder beside the
builder's module (where Numba keeps its cache, and with the same lifetime: a fresh clone builds
once), pickled, and loads it in milliseconds.

A stored value is found by its key (the builder's arguments, named by the caller's ``key``
function: None stores nothing) and by a hash of the source of every module that builds it
(``sources``: packages or modules, their ``.py`` files read once a process), of NumPy's and
Python's versions: a change of the building code makes a new file, and the old one
is removed when the new one is written. Files are written atomically
(:func:`~pokerscore._support.atomic.atomic_path`: two processes racing each write a whole
file, the last rename wins). The arrays come back with the writeable flags they were built with
(a kernel meeting a read-only array where it met a writable one compiles again). A file that
does not read back is built again and replaced; a folder that cannot be written keeps nothing.
``POKERSCORE_CACHE`` set empty (derived tables kept nowhere) turns the store off.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Iterator
from enum import Enum
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Final, ParamSpec, TypeVar, cast

__all__ = ["fingerprint", "sources_hash", "stored"]

OFF_VARIABLE: Final = "POKERSCORE_CACHE"
"""Set empty, nothing is stored or loaded (as for the other derived tables)."""
SUFFIX: Final = ".stored"

P = ParamSpec("P")
T = TypeVar("T")


@functools.cache
def sources_hash(sources: tuple[str, ...]) -> str:
    """A hash of the ``.py`` files of the named packages or modules (the library's version is
    in them), and of the versions a pickle of arrays depends on (NumPy's, Python's)."""
    from importlib.metadata import PackageNotFoundError, version

    try:  # NumPy's version without importing it (a pay table needs none)
        numpy = version("numpy")
    except PackageNotFoundError:
        numpy = ""
    digest = hashlib.sha256(f"{numpy} {sys.version}".encode())
    for name in sources:
        spec = find_spec(name)
        if spec is None or spec.origin is None:
            raise ValueError(f"no module {name}")
        origin = Path(spec.origin)
        files = sorted(origin.parent.rglob("*.py")) if spec.submodule_search_locations else [origin]
        for path in files:
            digest.update(f"{name}:{path.relative_to(origin.parent)}\0".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def _canonical(value: Any) -> Any:
    """``value`` as nested tuples of plain values, the same in every process (sets sorted:
    a set of strings iterates in an order that changes with each process's hash seed); a
    function is named by where it lives, one of the library's only (another's code cannot be
    hashed here: :class:`LookupError`)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return (type(value).__qualname__, *(_canonical(getattr(value, f.name)) for f in fields))
    if isinstance(value, Enum):
        return (type(value).__qualname__, value.name)
    if isinstance(value, (tuple, list)):
        return tuple(_canonical(item) for item in value)
    if isinstance(value, (set, frozenset)):
        return ("set", *sorted((_canonical(item) for item in value), key=repr))
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return value
    module = getattr(value, "__module__", None) or ""
    name = getattr(value, "__qualname__", "<")
    if callable(value) and module.startswith("pokerscore.") and "<" not in name:
        return (module, name)
    raise LookupError(f"no fingerprint for {type(value).__name__}")


def fingerprint(*values: Any) -> str | None:
    """A name for ``values`` (dataclasses, enums, tuples, sets, plain values and the library's
    functions) that is the same in every process, for a :func:`stored` key; None where a value
    holds what cannot be named so (a function of another module: not stored)."""
    try:
        named = repr(_canonical(values))
    except LookupError:
        return None
    return hashlib.sha256(named.encode()).hexdigest()[:16]


def _arrays(value: Any) -> Iterator[Any]:
    """The NumPy arrays of nested tuples (named tuples among them), in order."""
    if isinstance(value, tuple):
        for item in value:
            yield from _arrays(item)
    elif hasattr(value, "setflags"):
        yield value


def _load(path: Path) -> Any:
    with path.open("rb") as file:
        value, writeable = pickle.load(file)
    arrays = list(_arrays(value))
    if len(arrays) != len(writeable):
        raise ValueError("a stored value that is not what was written")
    for array, flag in zip(arrays, writeable, strict=True):
        if not flag:
            array.setflags(write=False)
        elif not array.flags.writeable:
            raise ValueError("a writable array read back read-only")
    return value


def _save(path: Path, value: Any) -> None:
    from pokerscore._support.atomic import atomic_path

    writeable = [bool(array.flags.writeable) for array in _arrays(value)]
    path.parent.mkdir(exist_ok=True)
    with atomic_path(path) as temporary, temporary.open("wb") as file:
        pickle.dump((value, writeable), file, protocol=pickle.HIGHEST_PROTOCOL)
    stem = path.name.rsplit("-", 1)[0]
    for old in path.parent.glob(f"{stem}-*{SUFFIX}"):  # the same key under older code
        if old != path and old.name.rsplit("-", 1)[0] == stem:
            with contextlib.suppress(OSError):
                old.unlink()


def stored(
    key: Callable[..., str | None], sources: tuple[str, ...]
) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """Keep what the decorated builder returns on disk, under ``key(*args)`` and the hash of
    ``sources`` (the modules whose code builds it); the value is nested tuples of arrays and
    plain values (pickled). Put ``functools.cache`` above it to keep the value for the process
    too."""

    def decorate(build: Callable[P, T]) -> Callable[P, T]:
        module = sys.modules[build.__module__]
        folder = Path(module.__file__ or ".").parent / "__pycache__"

        @functools.wraps(build)
        def load_or_build(*args: P.args, **kwargs: P.kwargs) -> T:
            name = key(*args, **kwargs)
            if name is None or os.environ.get(OFF_VARIABLE) == "":
                return build(*args, **kwargs)
            path = folder / f"{build.__qualname__}.{name}-{sources_hash(sources)}{SUFFIX}"
            # a file missing, or damaged (unpickling raises anything): the value is built again
            with contextlib.suppress(Exception):
                return cast(T, _load(path))
            value = build(*args, **kwargs)
            with contextlib.suppress(Exception):  # a folder we may not write: kept nowhere
                _save(path, value)
            return value

        return load_or_build

    return decorate
