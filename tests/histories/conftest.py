"""Fixtures the histories' test modules share."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerscore.histories.database import import_histories
from tests.histories.test_database import SOURCES
from tests.shared_sample import shared


@pytest.fixture(scope="session")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of the real files and the fixtures (``SOURCES``: over 1,000 hands), imported
    once a process for the tests that only read it (seconds: those tests are marked ``slow``)."""
    shared()  # the real files: the tests that read this database skip where they are absent
    database = tmp_path_factory.mktemp("db") / "hands.duckdb"
    import_histories(SOURCES, database=database)
    return database


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests that read :func:`imported` in one xdist group: under `make unit` they run on
    one worker, which imports the database once (dealt out test by test, both workers imported
    it: 6.5 s of wall time each in setup at load 7, 2026-11-28)."""
    for item in items:
        if "imported" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("imported database"))
