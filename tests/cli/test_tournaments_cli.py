"""The icm and pushfold commands: the published figures through the command line, JSON, the PNG
and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerscore.cli.app import app
from pokerscore.games.tournaments import pushfold
from tests import pushfold_grid
from tests.cli_runner import separate_streams_runner


def run(*args: str) -> tuple[int, str, str]:
    result = separate_streams_runner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_icm_prints_the_published_figures() -> None:
    status, out, _ = run("icm", "--stacks", "5000,3000,1500,500", "--payouts", "500,300,200")
    assert status == 0
    for figure in ("377.78", "312.89", "225.60", "83.73"):
        assert figure in out


def test_icm_json() -> None:
    status, out, _ = run("icm", "--stacks", "50,30,20", "--payouts", "70,30", "--json")
    payload = json.loads(out)
    assert status == 0 and payload["exact"]
    assert [round(value, 2) for value in payload["equities"]] == [45.18, 32.25, 22.57]
    assert payload["equities_exact"][1] == "129/4"
    assert payload["places"][2] == pytest.approx([0.2, 2 / 7, 18 / 35])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stacks", "5000,x", "--payouts", "1"], "error: --stacks takes numbers separated"),
        (["--stacks", "5000", "--payouts", "1"], "error: --stacks must hold 2 to 20 players"),
        (["--stacks", "5,5", "--payouts", "1,1,1"], "error: --payouts must pay 1 to 2 places"),
    ],
)
def test_icm_bad_input_is_one_line(args: list[str], message: str) -> None:
    status, _, err = run("icm", *args)
    assert status == 2 and err.startswith(message) and err.count("\n") == 1


@pytest.mark.slow  # the chart imports Matplotlib: 2 s of CPU
def test_pushfold_heads_up_json_and_png(tmp_path: Path) -> None:
    chart = tmp_path / "chart.png"
    status, out, _ = run("pushfold", "--stack", "7.7", "--json", "--png", str(chart))
    payload = json.loads(out)
    assert status == 0 and payload["positions"] == ["SB", "BB"] and payload["unit"] == "bb"
    assert payload["ranges"]["SB push"]["T3s"] >= 0.5 and payload["ranges"]["SB push"]["T2s"] < 0.5
    assert payload["exploitability"] <= 0.01
    assert chart.read_bytes()[:4] == b"\x89PNG"


def test_pushfold_text_reads_without_colours() -> None:
    status, out, err = run("pushfold", "--stack", "10")
    assert status == 0 and "SB push (10 bb): 58.3 % of hands" in out  # a regression pin
    assert "BB call SB (10 bb)" in out and "exploitability" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "error: give --stack (heads-up, equal stacks) or --stacks"),
        (["--stack", "10", "--stacks", "10,10"], "error: give --stack"),
        (["--stack", "10", "--icm"], "error: --icm and --payouts go together"),
        (["--stack", "0.5"], "error: --stack must be from 1 to 1000"),
        (["--stack", "10", "--ante", "2"], "error: --ante must be from 0 to 1"),
        (["--stacks", "10,10,10,10,10"], "error: --stacks must hold 2 to 4 players"),
        (["--thresholds", "--stack", "10"], "error: --thresholds is the heads-up chip-EV table"),
        (["--stacks", "10,10,10", "--samples", "5"], "error: --samples must be from 1,000"),
    ],
)
def test_pushfold_bad_input_is_one_line(args: list[str], message: str) -> None:
    status, _, err = run("pushfold", *args)
    assert status == 2 and err.startswith(message) and err.count("\n") == 1, err


@pytest.mark.slow
@pytest.mark.xdist_group(pushfold_grid.GROUP)  # the table shared with the library's test
def test_pushfold_thresholds_json(monkeypatch: pytest.MonkeyPatch) -> None:
    # The whole grid's table, which the library's test asserts, computed once for both: the
    # command must ask for that very table (tests/pushfold_grid.py).
    monkeypatch.setattr(pushfold, "push_fold_thresholds", pushfold_grid.as_computed)
    status, out, _ = run("pushfold", "--thresholds", "--json")
    payload = json.loads(out)
    assert status == 0
    assert payload["thresholds"]["push"]["T3s"] == 7.7
    assert payload["thresholds"]["call"]["Q2o"] == 5.6
    assert payload["thresholds"]["push"]["AA"] == 25.0


@pytest.mark.slow
def test_pushfold_three_players_with_icm() -> None:
    args = ["--stacks", "10,10,10", "--icm", "--payouts", "65,35", "--samples", "20000", "--json"]
    status, out, _ = run("pushfold", *args)
    payload = json.loads(out)
    assert status == 0 and payload["positions"] == ["BTN", "SB", "BB"]
    assert payload["unit"] == "prize" and payload["samples"] == 20_000 and payload["stderr"] > 0
    assert set(payload["ranges"]) == {
        "BTN push", "SB push", "SB call BTN", "BB call SB", "BB call BTN", "BB call BTN+SB",
    }  # fmt: skip
