"""A database of hands as the browser's source, over a real server on localhost: the report, the
hand list and the replayer from a DuckDB file made by ``histories import``, against the library
(report_histories, database_hands) and against the same hand replayed from its file; and every
refusal one line: a file that is no database, a filter that is not one, an injection attempt."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from pokerscore.histories.database import database_hands, import_histories, report_histories
from tests.web.conftest import Server

pytestmark = pytest.mark.slow  # a server process, kernels compiled on first use

DATA = Path(__file__).parents[1] / "data" / "histories"
FILES = ("actions.phhs", "side-pots.phhs", "split-pots.phhs", "pokerstars-shapes.txt")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    found = tmp_path_factory.mktemp("histories")
    for name in FILES:
        shutil.copy(DATA / name, found / name)
    return found


@pytest.fixture(scope="module")
def database(folder: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("db") / "hands.duckdb"
    import_histories([folder], database=made)
    return made


def test_the_report_is_the_librarys(server: Server, database: Path) -> None:
    status, payload = server.post("histories/database/report", {"database": str(database)})
    assert status == 200, payload
    assert payload["hands"] == report_histories(database=database).hands > 0
    assert payload["groups"] == report_histories(database=database).as_json()["groups"]
    body = {"database": str(database), "by": "position", "where": "net > 0", "player": "Alice"}
    status, payload = server.post("histories/database/report", body)
    assert status == 200, payload
    found = report_histories(database=database, by="position", where="net > 0", player="Alice")
    assert payload["groups"] == found.as_json()["groups"]
    assert [group["group"] for group in payload["groups"]] == sorted(
        {group for group, _ in found.groups}
    )
    net = adjusted = 0.0
    for one, other in found.series:
        net, adjusted = net + one, adjusted + other
    assert payload["series"][-1] == [pytest.approx(net), pytest.approx(adjusted)]
    assert all(pair[0] > 0 for pair in payload["series"][:1])  # only the hands Alice won


def test_the_hand_list_is_the_databases(server: Server, database: Path) -> None:
    body = {"database": str(database), "where": "position = 'BTN' and net > 0", "limit": 500}
    status, payload = server.post("histories/database/hands", body)
    assert status == 200, payload
    expected = database_hands(database=database, where="position = 'BTN' and net > 0", limit=500)
    assert payload["hands"] == expected.total > 0
    assert [row["seq"] for row in payload["rows"]] == [row["seq"] for row in expected.rows]
    with duckdb.connect(str(database), read_only=True) as con:
        hands = con.execute("SELECT count(*) FROM hands").fetchone()
    assert hands is not None and payload["hands"] < hands[0]  # the filter kept some
    body = {"database": str(database), "player": "Alice", "offset": 1, "limit": 2}
    status, payload = server.post("histories/database/hands", body)
    assert status == 200 and len(payload["rows"]) == 2
    assert all(row["player"] == "Alice" for row in payload["rows"])


def test_a_hand_replayed_from_the_database_is_the_hand_of_its_file(
    server: Server, database: Path, folder: Path
) -> None:
    status, listed = server.post(
        "histories/database/hands", {"database": str(database), "limit": 500}
    )
    assert status == 200
    for row in listed["rows"]:
        status, stored = server.post(
            "histories/database/hand", {"database": str(database), "seq": row["seq"]}
        )
        assert status == 200, stored
        body = {"folder": str(folder), "file": Path(row["file"]).name, "hand": row["hand"]}
        status, read = server.post("histories/hand", body)
        assert status == 200, read
        for name in ("players", "board", "pots", "rake", "disagreements"):
            assert stored[name] == read[name], (row, name)
        # each action's text is the file's own where it quotes it: the database keeps no text
        assert [{**step, "text": None} for step in stored["steps"]] == [
            {**step, "text": None} for step in read["steps"]
        ]
        assert stored["seq"] == row["seq"] and stored["hand"] == row["hand"]


def test_refusals(server: Server, database: Path, tmp_path: Path) -> None:
    text = tmp_path / "notes.duckdb"
    text.write_text("not a database\n" * 10)
    parquet = tmp_path / "rows.parquet"
    parquet.write_bytes(b"PAR1" + bytes(100))
    cases = [
        ("histories/database/report", {}, 400, '"database" is required'),
        ("histories/database/report", {"database": "hands.duckdb"}, 400, "absolute"),
        ("histories/database/report", {"database": str(tmp_path / "none.duckdb")}, 422, "not a file"),
        ("histories/database/report", {"database": str(text)}, 422, "not a database of hands"),
        ("histories/database/hands", {"database": str(parquet)}, 422, "not a database of hands"),
        ("histories/database/hand", {"database": str(text), "seq": 1}, 422, "not a database of hands"),
        ("histories/database/report", {"database": str(database), "by": "table"}, 400, '"by"'),
        ("histories/database/report", {"database": str(database), "where": "net >"}, 422, "where ends too soon"),
        ("histories/database/hands", {"database": str(database), "where": "wallet > 0"}, 422, "names no column"),
        ("histories/database/hands", {"database": str(database), "where": "net > 0; DROP TABLE rows"}, 422, "where cannot be read"),
        ("histories/database/hands", {"database": str(database), "limit": 0}, 400, "limit"),
        ("histories/database/hand", {"database": str(database), "seq": 10**6}, 422, "holds no hand"),
        ("histories/database/hand", {"database": str(database), "seq": 0}, 422, "seq must be"),
        ("histories/database/hand", {"database": str(database), "seq": "1"}, 400, "integer"),
    ]  # fmt: skip
    for path, body, status, words in cases:
        found, payload = server.post(path, body)
        assert (found, list(payload)) == (status, ["error"]), (path, body, payload)
        assert words in payload["error"] and payload["error"].isprintable(), payload
        assert "\n" not in payload["error"]


def test_an_injection_in_a_value_is_bound(server: Server, database: Path) -> None:
    body = {"database": str(database), "where": "player = 'x'' or ''1''=''1'"}
    status, payload = server.post("histories/database/hands", body)
    assert (status, payload["hands"]) == (200, 0)
    body = {"database": str(database), "player": "Alice' OR '1'='1"}
    status, payload = server.post("histories/database/report", body)
    assert (status, payload["hands"]) == (200, 0)
    status, payload = server.post("histories/database/hands", {"database": str(database)})
    assert status == 200 and payload["hands"] > 0  # every table still there


def test_the_endpoints_are_in_the_openapi_description(server: Server) -> None:
    import json

    status, text = server.get("api/openapi.json")
    assert status == 200
    paths = json.loads(text)["paths"]
    for name in ("report", "hands", "hand"):
        assert "database" in paths[f"/api/histories/database/{name}"]["post"]["requestBody"][
            "content"]["application/json"]["schema"]["required"]  # fmt: skip
