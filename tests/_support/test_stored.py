"""``_support.stored``: tables kept on disk come back as they were built (values, dtypes, the
writeable flags the kernels are typed by), and a file that is damaged, or of older code, or
turned off, never stands in for a build."""

from __future__ import annotations

import dataclasses
import os
import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pytest
from numba import typeof

from pokerscore._support import stored as store
from pokerscore._support.stored import fingerprint, stored
from pokerscore.engine.rankings import BADUGI, HIGH, get_ranking
from pokerscore.engine.short_tables import badugi_tables, short_hand_tables
from pokerscore.engine.tables import ranking_tables, stored_key
from pokerscore.games.videopoker.paytables import get_paytable
from pokerscore.games.videopoker.paytables import model as paytables
from pokerscore.histories.allin import kernel_tables

FOLDER = Path(__file__).parent / "__pycache__"


class _Pair(NamedTuple):
    frozen: np.ndarray[Any, Any]
    open: np.ndarray[Any, Any]
    count: int


BUILDS: list[int] = []


@stored(lambda size: f"test-{size}" if size >= 0 else None, ("tests._support",))
def _pair(size: int) -> _Pair:
    BUILDS.append(size)
    frozen = np.arange(abs(size), dtype=np.uint16)
    frozen.setflags(write=False)
    return _Pair(frozen, np.zeros(abs(size), dtype=np.bool_), size)


@pytest.fixture
def files() -> Iterator[None]:
    """No file of ``_pair`` before or after the test."""

    def clear() -> None:
        for path in FOLDER.glob("_pair.*"):
            path.unlink()

    clear()
    BUILDS.clear()
    yield
    clear()


def _arrays(value: Any) -> list[np.ndarray[Any, Any]]:
    return list(store._arrays(value))


def _same(built: Any, loaded: Any) -> None:
    assert type(built) is type(loaded)
    assert typeof(built) == typeof(loaded)  # what a kernel compiles for: dtypes, flags, layout
    pairs = list(zip(_arrays(built), _arrays(loaded), strict=True))
    assert pairs
    for one, other in pairs:
        assert one.dtype == other.dtype
        assert one.flags.writeable == other.flags.writeable
        np.testing.assert_array_equal(one, other)


@pytest.mark.usefixtures("files")
def test_a_value_is_built_once_and_read_back_as_it_was_built() -> None:
    built = _pair(5)
    loaded = _pair(5)
    assert BUILDS == [5]
    _same(built, loaded)
    assert loaded.count == 5
    assert not loaded.frozen.flags.writeable and loaded.open.flags.writeable
    assert len(list(FOLDER.glob("_pair.test-5-*.stored"))) == 1


@pytest.mark.usefixtures("files")
def test_a_damaged_file_is_built_again_and_replaced() -> None:
    _pair(3)
    (path,) = FOLDER.glob("_pair.test-3-*.stored")
    path.write_bytes(path.read_bytes()[:40])
    _same(_pair.__wrapped__(3), _pair(3))  # type: ignore[attr-defined]
    assert BUILDS == [3, 3, 3]  # the first, the reference, the damaged file's
    _pair(3)
    assert BUILDS == [3, 3, 3]
    with path.open("rb") as file:  # the flags were written beside the value
        value, flags = pickle.load(file)
    assert flags == [False, True] and value.count == 3


@pytest.mark.usefixtures("files")
def test_older_code_s_file_is_not_read_and_is_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    _pair(4)
    (old,) = FOLDER.glob("_pair.test-4-*.stored")
    monkeypatch.setattr(store, "sources_hash", lambda sources: "0" * 20)
    _pair(4)
    assert BUILDS == [4, 4]
    assert [path.name for path in FOLDER.glob("_pair.test-4-*.stored")] == [
        f"_pair.test-4-{'0' * 20}.stored"
    ]
    assert not old.exists()


@pytest.mark.usefixtures("files")
def test_no_key_or_the_cache_turned_off_keeps_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    _pair(-1)
    monkeypatch.setenv("POKERSCORE_CACHE", "")
    _pair(2)
    _pair(2)
    assert BUILDS == [-1, 2, 2]
    assert not list(FOLDER.glob("_pair.*"))


def test_the_sources_hash_follows_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "stored_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "build.py").write_text("A = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = store.sources_hash.__wrapped__(("stored_probe",))  # type: ignore[attr-defined]
    assert store.sources_hash.__wrapped__(("stored_probe",)) == before  # type: ignore[attr-defined]
    (package / "build.py").write_text("A = 2\n")
    assert store.sources_hash.__wrapped__(("stored_probe",)) != before  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["high", "deuce-to-seven", "eight-or-better", "joker"])
@pytest.mark.parametrize("size", [5, 7])
def test_a_ranking_s_stored_tables_are_its_built_tables(name: str, size: int) -> None:
    ranking = get_ranking(name)
    ranking_tables(ranking, size)  # written, if no process has yet
    build = ranking_tables.__wrapped__.__wrapped__  # type: ignore[attr-defined]
    _same(build(ranking, size), ranking_tables.__wrapped__(ranking, size))  # type: ignore[attr-defined]


@pytest.mark.slow  # builds every table the replay reads: a second of CPU
def test_the_replay_s_stored_tables_are_its_built_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    for builder, argument in ((short_hand_tables, HIGH), (badugi_tables, BADUGI)):
        builder(argument)
        _same(builder.__wrapped__.__wrapped__(argument), builder.__wrapped__(argument))  # type: ignore[attr-defined]
    loaded = kernel_tables.__wrapped__()  # type: ignore[attr-defined]
    monkeypatch.setenv("POKERSCORE_CACHE", "")
    for cached, homes in (
        (ranking_tables, ("pokerscore.engine.tables",)),
        (short_hand_tables, ("pokerscore.engine.short_tables", "pokerscore.histories.allin")),
        (badugi_tables, ("pokerscore.engine.short_tables", "pokerscore.histories.allin")),
    ):
        for home in homes:  # the builders themselves, past the process's cache
            monkeypatch.setattr(f"{home}.{cached.__name__}", cached.__wrapped__)  # type: ignore[attr-defined]
    _same(kernel_tables.__wrapped__(), loaded)  # type: ignore[attr-defined]


def test_rankings_are_keyed_by_their_rules_and_only_the_library_s_judges() -> None:
    assert stored_key(HIGH, 7) != stored_key(HIGH, 5)
    assert stored_key(HIGH, 7) != stored_key(get_ranking("short-deck"), 7)
    assert stored_key(HIGH.of_size(2)) != stored_key(HIGH.of_size(3))
    renamed = dataclasses.replace(HIGH, rules="other")
    assert stored_key(renamed, 7) not in {None, stored_key(HIGH, 7)}
    foreign = dataclasses.replace(HIGH, judge=lambda ranks, suited: HIGH.judge(ranks, suited))
    assert stored_key(foreign, 7) is None


@pytest.mark.parametrize("name", ["jacks-or-better-9-6", "deuces-wild", "joker-poker-kings"])
def test_a_pay_table_s_stored_classes_are_its_built_classes(name: str) -> None:
    table = get_paytable(name)
    stored_lists = paytables._class_lists(table)
    assert stored_lists == paytables._class_lists.__wrapped__(table)  # type: ignore[attr-defined]
    assert table.class_lists() == stored_lists


FINGERPRINT = """
from pokerscore._support.stored import fingerprint
from pokerscore.games.videopoker.paytables import get_paytable
print(fingerprint(get_paytable("deuces-wild")))
"""


def test_a_fingerprint_is_the_same_in_every_process() -> None:
    """A pay hand's tables (``wild``) are a set of strings, whose order follows the hash seed."""
    prints = {
        subprocess.run(
            [sys.executable, "-c", FINGERPRINT],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert prints == {fingerprint(get_paytable("deuces-wild")) + "\n"}


def test_a_fingerprint_names_the_values_it_is_given() -> None:
    table = get_paytable("deuces-wild")
    assert fingerprint(table) != fingerprint(get_paytable("jacks-or-better-9-6"))
    assert fingerprint(table, 1) != fingerprint(table, 2)
    assert fingerprint(HIGH, (7,)) == stored_key(HIGH, 7)
    assert fingerprint(lambda: 0) is None and fingerprint(np.zeros(1)) is None
