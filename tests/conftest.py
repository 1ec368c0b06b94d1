"""Shared test settings, and the dependency check: a missing dependency fails the run."""

from __future__ import annotations

import contextlib
import warnings
from importlib import import_module
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from distributed import Client

# No timing assertions: shared machines are noisy, and first calls build tables or compile kernels.
settings.register_profile(
    "pokerscore", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
QUICK_EXAMPLES = 10
settings.register_profile(
    "quick", parent=settings.get_profile("pokerscore"), max_examples=QUICK_EXAMPLES
)
settings.load_profile("pokerscore")  # `make quick` passes --hypothesis-profile=quick

REQUIRED = {
    "numpy": "the project's own dependencies",
    "numba": "the project's own dependencies",
    "textual": "the project's own dependencies",
    "hypothesis": "the dev extra",
    "eval7": "the bench extra (peer evaluators for the differential tests)",
    "phevaluator": "the bench extra (peer evaluators for the differential tests)",
    "treys": "the bench extra (peer evaluators for the differential tests)",
    "pyarrow": "the files extra (hand files)",
    "distributed": "the cluster extra (Dask)",
    "matplotlib": "the plots extra (heat maps)",
}


def missing_dependencies() -> list[str]:
    """Each required module that does not import, with where it comes from and why."""
    missing = []
    for module, source in REQUIRED.items():
        try:
            with warnings.catch_warnings():  # a peer's own deprecation noise is not ours
                warnings.simplefilter("ignore")
                import_module(module)
        except Exception as error:  # a broken install raises more than ImportError
            missing.append(f"{module} ({source}): {type(error).__name__}: {error}")
    return missing


def pytest_configure(config: pytest.Config) -> None:
    """Fail at once, never skip, when a dependency is missing: `make test` installs them all.

    Checked once a run: an xdist worker (``workerinput``) runs in the environment its controller
    has already checked, and importing Dask, Matplotlib and the rest there cost each worker about
    a second of CPU for libraries most of its tests never load."""
    if hasattr(config, "workerinput"):
        return
    missing = missing_dependencies()
    if missing:
        raise pytest.UsageError(
            "missing test dependencies; run `make test` or "
            "`pip install -e '.[dev,bench]'`:\n  " + "\n  ".join(missing)
        )


def _group_ids(items: list[pytest.Item]) -> None:
    """Name each test's ``xdist_group`` in its node id (``id@group``), as pytest-xdist does under
    ``--dist loadgroup``: the controller sends the tests of one group to one worker by that
    suffix. xdist 3.8 writes it into ``item._nodeid``, which pytest 9 no longer reads (its node
    id is ``str(item._id)``): without this, every group was dealt out test by test, and both
    workers replayed the shared random hands (about 30 s of CPU each, twice) and started a
    cluster of two Dask workers each. Done only where xdist's own suffix did not take."""
    for item in items:
        names = {
            str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
            for mark in item.iter_markers("xdist_group")
        }
        if not names or "@" in item.nodeid:
            continue
        grouped = f"{item.nodeid}@{'_'.join(sorted(names))}"
        node_id = getattr(item, "_id", None)
        if node_id is not None and hasattr(type(node_id), "parse"):
            item._id = type(node_id).parse(grouped)  # type: ignore[attr-defined]
        else:
            item._nodeid = grouped  # type: ignore[attr-defined]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The xdist groups named in the node ids (:func:`_group_ids`) on a worker of ``--dist
    loadgroup``; and under the quick profile (`make quick`) every property test runs at most its
    examples: a test's own ``@settings(max_examples=...)`` would otherwise override the profile
    (60 to 500 examples in the fuzz and range tests)."""
    if getattr(config.option, "loadgroup", False):
        _group_ids(items)
    if config.getoption("hypothesis_profile", None) != "quick":
        return
    for item in items:
        test = getattr(item, "obj", None)
        test = getattr(test, "__func__", test)  # a method: the function Hypothesis wrapped
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if isinstance(chosen, settings) and chosen.max_examples > QUICK_EXAMPLES:
            test._hypothesis_internal_use_settings = settings(chosen, max_examples=QUICK_EXAMPLES)  # type: ignore[union-attr]


DASK_GROUP = "dask workers"
"""The xdist group of the tests that run on :func:`two_dask_workers`' cluster."""


class _SharedCluster:
    """The cluster behind :func:`two_dask_workers`: started by the first test that asks for it,
    stopped after the last test of its xdist group (:func:`pytest_runtest_teardown`), or at the
    end of the run."""

    def __init__(self) -> None:
        self._stack: contextlib.ExitStack | None = None
        self._client: Client | None = None

    @property
    def running(self) -> bool:
        return self._client is not None

    def client(self) -> Client:
        if self._client is None:
            from pokerscore._support.tasks import dask_client

            stack = contextlib.ExitStack()
            self._client = stack.enter_context(dask_client(workers=2))
            self._stack = stack
        return self._client

    def close(self) -> None:
        stack, self._stack, self._client = self._stack, None, None
        if stack is not None:
            stack.close()


_CLUSTER = _SharedCluster()


@pytest.fixture
def two_dask_workers() -> Client:
    """A client of one local cluster of two workers (``dask_client(workers=2)``), shared by the
    tests that run their work on Dask to compare it with one process's (batch files, hand
    histories, preflop tables: the xdist group ``dask workers``, so that ``make unit`` starts it
    once). Each started its own cluster: a scheduler, two nannies and two workers, each worker
    importing pokerscore and loading the kernels it met again. The tests of the cluster itself
    (``tests/_support/test_tasks.py``, a lost worker, a killed run) start their own.

    Stopped when its group is done, not at the end of the run: idle, its five processes (the
    scheduler, two nannies, two workers) took about 4 s of CPU a minute (7 % of a core,
    2026-11-28), and the group ends within the first minutes of `make unit` (of 22 minutes at
    load 7, the group's last test at 4 minutes: 135 s of CPU for the cluster, most of it idle)."""
    return _CLUSTER.client()


def _in_group(item: pytest.Item, name: str) -> bool:
    return any(
        (mark.args[0] if mark.args else mark.kwargs.get("name", "default")) == name
        for mark in item.iter_markers("xdist_group")
    )


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """The shared cluster stopped after the last test of this worker's run, or, under ``--dist
    loadgroup`` (which sends a group's tests to one worker as one run of tests), after the last
    of the ``dask workers`` group; elsewhere a test that asks for it again would start it again."""
    if not _CLUSTER.running:
        return
    if nextitem is None or (
        getattr(item.config.option, "loadgroup", False) and not _in_group(nextitem, DASK_GROUP)
    ):
        _CLUSTER.close()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The shared cluster stopped whatever ended the run (``-x``, an interrupt)."""
    _CLUSTER.close()
