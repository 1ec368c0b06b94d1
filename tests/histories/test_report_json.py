"""The report's JSON written by column (``stats.players_json``, ``DatabaseReport.json_text``): the
same characters as ``json.dumps`` of ``as_json`` for any figures (floats at or near a half of the
last place kept, -0.0, tiny, huge, infinite or NaN, ints where floats belong, unknown action
figures, any name), ASCII-escaped or not, and for the reports of a database by group and
filter; the command writes it."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pokerscore.histories.database import import_histories, report_histories
from pokerscore.histories.stats import JSON_PLACES, PlayerStats, players_json
from tests.histories.test_runs import DATA, run_command

BUNDLED = Path(__file__).parents[2] / "src" / "pokerscore" / "data" / "histories"


def _dumped(players: list[PlayerStats], ensure_ascii: bool) -> str:
    return json.dumps([stats.as_json() for stats in players], ensure_ascii=ensure_ascii)


def _near_halves() -> st.SearchStrategy[float]:
    """Floats at, just below and just above ``(k + 0.5) / 10**places``: where rounding the
    product by 10**places could land on the other side of the half from the exact value."""
    halves = st.integers(-(10**15), 10**15).map(lambda k: (k + 0.5) / 10**JSON_PLACES)
    return st.tuples(halves, st.sampled_from([-1, 0, 1])).map(
        lambda pair: pair[0] if not pair[1] else math.nextafter(pair[0], pair[1] * math.inf)
    )


FIGURES = st.one_of(
    st.floats(),  # infinities and NaN, subnormals, huge
    st.floats(-1e6, 1e6),
    _near_halves(),
    st.integers(-(2**60), 2**60),  # round() of an int is the int: no ".0"
    st.sampled_from([0.0, -0.0, 0.5e-6, 2.5e-6, 0.0078125, -1e-9, 1e-5, 1e-4, 1e15, 2.0**52]),
)
PLAYERS = st.builds(
    PlayerStats,
    st.one_of(st.text(), st.sampled_from(["Hero", "élan", "\u2660 ace", 'q"uote\\', "\ud800x"])),
    st.one_of(st.integers(0, 10**12), st.booleans()),
    *[FIGURES] * 8,
    *[st.one_of(st.none(), FIGURES)] * 4,
)


@given(st.lists(PLAYERS, max_size=12), st.booleans())
@example([], True)
@example(
    [PlayerStats("a", 1, *[0.0078125, -0.0, 2.5e-6, math.nan, math.inf, -math.inf, 1e-5, 3])],
    False,
)
def test_the_players_written_by_column_are_json_dumps_of_as_json(
    players: list[PlayerStats], ensure_ascii: bool
) -> None:
    assert players_json(players, ensure_ascii=ensure_ascii) == _dumped(players, ensure_ascii)


def _sample(k: int) -> PlayerStats:
    shares = [(k % 7) / 7, (k % 3) / 3, (k % 5) / 5, 0.0]
    actions = [None if k % 4 else (k % 9) / 9, (k % 2) / 2, None, -0.0]
    return PlayerStats(f"p{k}", k % 7 + 1, k / 3, -k / 7, 0.1 * k, 1e-5 * k, *shares, *actions)


def test_many_players_with_a_few_distinct_shares_each_written_as_their_own() -> None:
    # the shares' texts are made once a distinct value: each player keeps its own
    players = [_sample(k) for k in range(3000)]
    for ensure_ascii in (True, False):
        assert players_json(players, ensure_ascii=ensure_ascii) == _dumped(players, ensure_ascii)


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("json") / "hands.duckdb"
    import_histories([BUNDLED, *sorted(DATA.glob("*.phh*"))], database=path)
    return path


@pytest.mark.parametrize(
    ("where", "by"),
    [
        (None, None),
        ("position = 'BTN' and stakes = '0.5/1'", None),  # the sums
        ("position = 'BTN' and net > 0", None),  # every row
        (None, "position"),
        ("vpip = true", "month"),  # a group of no month: null
        ("position = 'BTN' and position = 'CO'", None),  # no player
    ],
)
def test_a_reports_json_text_is_json_dumps_of_its_as_json(
    database: Path, where: str | None, by: str | None
) -> None:
    found = report_histories(database=database, where=where, by=by)  # type: ignore[arg-type]
    for ensure_ascii in (True, False):
        assert found.json_text(ensure_ascii=ensure_ascii) == json.dumps(
            found.as_json(), ensure_ascii=ensure_ascii
        )


def test_the_command_writes_the_reports_json(database: Path) -> None:
    status, stdout, stderr = run_command("report", "--db", str(database), "--by", "site", "--json")
    assert status == 0, stderr
    found = report_histories(database=database, by="site")
    assert stdout == json.dumps(found.as_json(), ensure_ascii=False) + "\n"
    assert len(found.groups) > 1 and all(players for _, players in found.groups)
