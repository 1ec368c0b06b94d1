"""The hand-histories and preflop API over a real server on localhost: files uploaded (streamed,
size-limited) or a folder named, the report against the library's own run, the hand list
against each hand replayed by the library, one hand step by step, the progress streamed as JSON
lines, and every refusal one line with its status."""

from __future__ import annotations

import http.client
import json
import shutil
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pokerscore.histories.results import history_results
from pokerscore.histories.running import analyse_histories
from pokerscore.web.histories import MAX_HISTORY_BYTES, MAX_LIST
from tests.web.conftest import Server

pytestmark = pytest.mark.slow  # a server process, kernels compiled on first use

DATA = Path(__file__).parents[1] / "data" / "histories"
FILES = ("actions.phhs", "side-pots.phhs", "split-pots.phhs", "pokerstars-shapes.txt",
         "pokerstars-bad.txt")  # fmt: skip


def upload(server: Server, path: Path, name: str | None = None, into: str | None = None
           ) -> tuple[int, dict[str, Any]]:  # fmt: skip
    query = {"name": name or path.name} | ({"upload": into} if into else {})
    request = urllib.request.Request(
        f"{server.url}api/histories/upload?{urllib.parse.urlencode(query)}",
        data=path.read_bytes(),
        headers={"Content-Type": "application/octet-stream"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture(scope="module")
def uploaded(server: Server) -> str:
    into = None
    for name in FILES:
        status, payload = upload(server, DATA / name, into=into)
        assert status == 200, payload
        into = payload["upload"]
    assert payload["files"] == sorted(FILES)
    assert payload["bytes"] == sum((DATA / name).stat().st_size for name in FILES)
    assert into is not None
    return into


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture files alone in a folder (the library's run over them is the oracle)."""
    found = tmp_path_factory.mktemp("histories")
    for name in FILES:
        shutil.copy(DATA / name, found / name)
    return found


def _without_files(payload: dict[str, Any], folder: Path | None = None) -> dict[str, Any]:
    """The report with its files named by name (the server's by their path in the upload)."""
    if folder is not None:
        payload = json.loads(json.dumps(payload).replace(f"{folder}/", ""))
    kept = {
        key: value for key, value in payload.items() if key not in ("errors", "disagreement_list")
    }
    kept["errors"] = [{**error, "file": Path(error["file"]).name} for error in payload["errors"]]
    kept["disagreement_list"] = [
        {**d, "file": Path(d["file"]).name} for d in payload["disagreement_list"]
    ]
    return kept


def test_the_report_of_an_upload_is_the_librarys(
    server: Server, uploaded: str, folder: Path
) -> None:
    status, payload = server.post("histories/report", {"upload": uploaded})
    assert status == 200, payload
    expected = analyse_histories([folder]).as_json()
    assert _without_files(payload) == _without_files(expected, folder)
    assert payload["hands"] == expected["hands"] > 10 and payload["bad"] == expected["bad"] > 0
    assert all("/" not in error["file"] for error in payload["errors"])  # named in the upload


def test_a_players_series_adds_up_the_librarys(server: Server, uploaded: str, folder: Path) -> None:
    status, payload = server.post("histories/report", {"upload": uploaded, "player": "Alice"})
    assert status == 200 and payload["player"] == "Alice"
    hands = [result for result in history_results(folder) if "Alice" in result.hand.names]
    assert len(payload["series"]) == len(hands) > 1
    net = adjusted = 0.0
    for result, (shown_net, shown_adjusted) in zip(hands, payload["series"], strict=True):
        alice = next(player for player in result.players if player.player == "Alice")
        net += alice.net
        adjusted += alice.net if alice.allin_ev is None else alice.allin_ev
        assert (shown_net, shown_adjusted) == (pytest.approx(net), pytest.approx(adjusted))


def test_a_folder_of_this_machine(server: Server, folder: Path) -> None:
    status, payload = server.post("histories/report", {"folder": str(folder)})
    assert status == 200 and payload["hands"] == analyse_histories([folder]).hands


def test_the_hand_list_is_each_hand_replayed(server: Server, uploaded: str, folder: Path) -> None:
    results = list(history_results(folder))
    status, payload = server.post("histories/hands", {"upload": uploaded})
    assert status == 200 and payload["hands"] == len(results)
    assert [(row["file"], row["hand"], row["players"]) for row in payload["rows"]] == [
        (Path(result.hand.file).name, result.hand.number, len(result.players)) for result in results
    ]
    assert set(payload["variants"]) == {result.hand.variant for result in results}
    status, payload = server.post("histories/hands", {"upload": uploaded, "player": "Alice"})
    mine = [(Path(r.hand.file).name, r.hand.number, p.position, p.net)
            for r in results for p in r.players if p.player == "Alice"]  # fmt: skip
    assert [(row["file"], row["hand"], row["position"], row["net"]) for row in payload["rows"]] == [
        (file, number, position, pytest.approx(net)) for file, number, position, net in mine
    ]
    won = [row for row in mine if row[3] > 0]
    body = {"upload": uploaded, "player": "Alice", "min_net": 0.01}
    status, payload = server.post("histories/hands", body)
    assert status == 200 and payload["hands"] == len(won) > 0
    button = [row for row in mine if row[2] == "BTN"]
    body = {"upload": uploaded, "player": "Alice", "position": "BTN", "limit": 1, "offset": 0}
    status, payload = server.post("histories/hands", body)
    assert payload["hands"] == len(button) > 0 and len(payload["rows"]) == 1
    status, payload = server.post("histories/hands", {"upload": uploaded, "game": "PO"})
    assert payload["hands"] == sum(result.hand.variant == "PO" for result in results)


def test_a_stud_allin_steps_with_each_hands_equity(server: Server, tmp_path: Path) -> None:
    """The replayer's stud all-in equity over HTTP (none before): exact on sixth street heads-up
    (the library's figures, no deals said), sampled three ways on third street (the deals said);
    the draw games say why they have none."""
    from pokerscore.histories.phh import parse_phh
    from pokerscore.histories.steps import replay_steps
    from tests.histories.test_stud_allin_ev import THIRD_STREET, sixth_street_text

    sixth = sixth_street_text("F7S")
    path = tmp_path / "stud-allin.phhs"
    path.write_text(f"[1]\n{sixth}\n[2]\n{THIRD_STREET}")
    status, payload = upload(server, path)
    assert status == 200, payload
    for number, text in ((1, sixth), (2, THIRD_STREET)):
        body = {"upload": payload["upload"], "file": "stud-allin.phhs", "hand": number}
        status, answer = server.post("histories/hand", body)
        assert status == 200, answer
        expected = list(replay_steps(parse_phh(text)))
        shown = [(step["equity"], step["equity_samples"]) for step in answer["steps"]]
        assert shown == [
            (None if step.equity is None else [e if e is None else round(e, 6) for e in step.equity],
             step.equity_samples)
            for step in expected
        ]  # fmt: skip
        allin = next(step for step in answer["steps"] if step["equity"] is not None)
        assert (allin["equity_samples"] is None) == (number == 1)
        assert answer["equity_note"] is None
        # stud has no blinds and no button: its seats have no position (they had SB, BB, BTN)
        assert [player["position"] for player in answer["players"]] == [None] * len(
            answer["players"]
        )
    draw = DATA / "draw" / "pokerstars-draw.txt"
    status, payload = upload(server, draw)
    body = {"upload": payload["upload"], "file": draw.name, "hand": 1}
    status, answer = server.post("histories/hand", body)
    assert status == 200, answer
    assert answer["equity_note"].startswith("no all-in equity in the draw games")
    assert all(step["equity"] is None for step in answer["steps"])


def test_one_hand_step_by_step(server: Server, uploaded: str) -> None:
    # side-pots.phhs [1]: three stacks all in preflop; the aces take the main pot of 60, the
    # kings the side pot of 60, the queens' last 50 come back (the file's finishing stacks).
    body = {"upload": uploaded, "file": "side-pots.phhs", "hand": 1}
    status, payload = server.post("histories/hand", body)
    assert status == 200, payload
    steps = payload["steps"]
    assert steps[0]["text"] == "antes and blinds posted" and steps[0]["pot"] == 3
    called = next(step for step in steps if step["text"].startswith("p2 calls"))
    assert called["pot"] == 120 and called["stacks"] == [0, 0, 50]
    assert called["equity"] is not None and sum(called["equity"]) == pytest.approx(1)
    assert steps[-1]["stacks"] == [60, 60, 50] and steps[-1]["won"] == [60, 60, 0]
    assert [pot["amount"] for pot in payload["pots"]] == [60, 60]
    assert [player["net"] for player in payload["players"]] == [40, 10, -50]


# Refusals: one line, 400 for a request the API cannot read, 413 past a limit, 422 the library's.
def test_refusals(server: Server, uploaded: str, folder: Path) -> None:
    cases = [
        ("histories/report", {}, 400, '"upload"'),
        ("histories/report", {"upload": uploaded, "folder": str(folder)}, 400, '"upload"'),
        ("histories/report", {"upload": "0123456789abcdef"}, 400, "no upload"),
        ("histories/report", {"upload": "../../etc"}, 400, "no upload"),
        ("histories/report", {"folder": "relative/path"}, 400, "absolute"),
        ("histories/report", {"folder": str(folder / "nothing")}, 422, "not a folder"),
        ("histories/report", {"upload": uploaded, "format": "doc"}, 422, "unknown format"),
        ("histories/hand", {"upload": uploaded, "file": "side-pots.phhs", "hand": 1, "format": "doc"}, 422, "unknown format"),
        ("histories/hands", {"upload": uploaded, "limit": MAX_LIST + 1}, 400, "limit"),
        ("histories/hands", {"upload": uploaded, "position": "BTN"}, 400, "player"),
        ("histories/hand", {"upload": uploaded, "file": "../../../etc/passwd", "hand": 1}, 400, "no file"),
        ("histories/hand", {"upload": uploaded, "file": "side-pots.phhs", "hand": 99}, 422, "no hand 99"),
        ("histories/hand", {"upload": uploaded, "file": "malformed.phhs", "hand": 1}, 400, "no file"),
        ("preflop", {"against": "AKx"}, 422, "AKx"),
    ]  # fmt: skip
    for path, body, status, words in cases:
        found, payload = server.post(path, body)
        assert (found, list(payload)) == (status, ["error"]), (path, body, payload)
        assert words in payload["error"] and payload["error"].isprintable()


def test_upload_refusals(server: Server, uploaded: str) -> None:
    status, payload = upload(server, DATA / "actions.phhs", name="../x.phhs")
    assert status == 400 and "plain name" in payload["error"]
    status, payload = upload(server, DATA / "actions.phhs", name="notes.doc")
    assert status == 400 and ".phhs" in payload["error"]  # the suffixes a run reads
    status, payload = upload(server, DATA / "actions.phhs", into=uploaded)
    assert status == 400 and "already" in payload["error"]
    # Past the limit: refused from the declared size, before a byte of the body is read.
    address = urllib.parse.urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    try:
        connection.putrequest("POST", "/api/histories/upload?name=big.phhs")
        connection.putheader("Content-Length", str(MAX_HISTORY_BYTES + 1))
        connection.endheaders()
        response = connection.getresponse()
        payload = json.loads(response.read())
    finally:
        connection.close()
    assert response.status == 413
    assert f"{MAX_HISTORY_BYTES + 1:,} bytes" in payload["error"]


def test_the_progress_streams_as_json_lines(server: Server, uploaded: str) -> None:
    request = urllib.request.Request(
        f"{server.url}api/histories/report",
        data=json.dumps({"upload": uploaded}).encode(),
        headers={"Content-Type": "application/json", "Accept": "application/x-ndjson"},
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        assert response.headers["Content-Type"].startswith("application/x-ndjson")
        lines = [json.loads(line) for line in response.read().splitlines()]
    progress = [line["progress"] for line in lines[:-1]]
    assert progress and all(set(line) == {"progress"} for line in lines[:-1])
    assert progress[-1]["done"] == progress[-1]["total"] > 0  # every byte read
    assert (
        lines[-1]["result"]["hands"]
        == server.post("histories/report", {"upload": uploaded})[1]["hands"]
    )


def test_the_preflop_tables(server: Server) -> None:
    from pokerscore.cli.commands.tables import tables_json
    from pokerscore.games.holdem.matchups import heads_up_preflop
    from pokerscore.games.holdem.preflop import PreflopTables
    from pokerscore.games.holdem.preflop.results import shipped_vs_random

    status, payload = server.post("preflop", {})
    assert status == 200 and payload["against"] == "random"
    assert payload == {
        "against": "random",
        **tables_json(PreflopTables(vs_random=shipped_vs_random())),
    }
    assert round(100 * payload["vs_random"][0]["equity"], 2) == 85.2  # AA: the published figure
    status, payload = server.post("preflop", {"against": "kk"})
    assert status == 200 and payload["against"] == "KK" and len(payload["heads_up"]) == 169
    aces = next(row for row in payload["heads_up"] if row["hand1"] == "AA")
    # AA against KK: any aces against any kings share no card, and every suit pattern of the
    # matchup table's lookups averages to the same; AhAs against KhKc is one of them.
    assert aces["pairs"] == 36 and aces["equity"] == pytest.approx(
        float(sum(heads_up_preflop(a, k)[0] for a in ("AhAs", "AhAd", "AhAc", "AsAd", "AsAc", "AdAc")
                  for k in ("KhKs", "KhKd", "KhKc", "KsKd", "KsKc", "KdKc")) / 36))  # fmt: skip
