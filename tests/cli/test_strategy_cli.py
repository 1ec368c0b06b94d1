"""``videopoker strategy``, ``analyze --strategy/--strategy-of`` and ``advise --held`` in the
command line: JSON fields, the published figure of a list read from a file, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from pokerscore.cli.app import app as cli_app
from tests.cli_runner import separate_streams_runner
from tests.games.videopoker.test_videopoker_strategy import WIZARD_9_6


@pytest.mark.slow
def test_cli_strategy_and_analyze_strategy(tmp_path: Path) -> None:
    runner = separate_streams_runner()
    saved = tmp_path / "short.txt"
    saved.write_text("an older list", encoding="utf-8")
    result = runner.invoke(
        cli_app, ["videopoker", "strategy", "--lines", "15", "--json", "-o", str(saved)]
    )
    assert result.exit_code == 0, result.stderr
    # The output is written whole: the older list replaced, no temporary file left beside it.
    assert saved.read_text(encoding="utf-8").splitlines()[0] != "an older list"
    assert [path.name for path in tmp_path.iterdir()] == ["short.txt"]
    data = json.loads(result.stdout)
    assert {"paytable", "return", "return_exact", "optimal_return", "lines", "exceptions"} <= set(
        data
    )
    assert all({"text", "ev", "deals"} <= set(line) for line in data["lines"])
    wizard = tmp_path / "wizard.txt"
    wizard.write_text(WIZARD_9_6, encoding="utf-8")
    result = runner.invoke(cli_app, ["videopoker", "analyze", "--strategy", str(wizard), "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert round(data["return"] * 100, 2) == 99.46 and round(data["optimal_return"], 6) == 0.995439
    assert Fraction(data["return_exact"]) < Fraction(data["optimal_return_exact"])
    assert data["worst"][0]["held"] and data["worst"][0]["best"]
    result = runner.invoke(cli_app, ["videopoker", "analyze", "--strategy", str(saved), "--json"])
    assert json.loads(result.stdout)["return"] >= data["return"]
    result = runner.invoke(
        cli_app,
        ["videopoker", "analyze", "--strategy-of", "double-double-bonus-9-6", "--json"],
    )
    assert result.exit_code == 0 and json.loads(result.stdout)["misplayed_deals"] > 0
    for args, message in (
        (["--strategy", str(tmp_path / "missing.txt")], "missing.txt: No such file"),
        (["--strategy-of", "deuces-wild"], "deuces-wild deals other cards"),
        (["--strategy", str(wizard), "--strategy-of", "bonus-poker-8-5"], "give one of them"),
    ):
        result = runner.invoke(cli_app, ["videopoker", "analyze", *args])
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
        assert result.stderr.startswith("error: ") and message in result.stderr
    result = runner.invoke(
        cli_app,
        ["videopoker", "advise", "3c", "3h", "7h", "9h", "Kh", "--strategy", str(wizard),
         "--held", "3c 3h", "--json"],
    )  # fmt: skip
    data = json.loads(result.stdout)
    assert data["verdict"] == "you kept a low pair; 4 to a flush ranks above it (line 8)"
    assert data["strategy"] == {
        "line": 8,
        "text": "4 to a flush",
        "mask": 0b11110,
        "held": ["3h", "7h", "9h", "Kh"],
    }


@pytest.mark.parametrize("kind", ["named pipe", "folder"])
def test_cli_strategy_output_refuses_what_is_not_a_regular_file(tmp_path: Path, kind: str) -> None:
    # A named pipe blocked the command forever (opened for writing with no reader) and a
    # folder failed after the whole list was written: both are refused before any work, in one
    # line. A real process, with a bound that only a hang reaches.
    target = tmp_path / "list"
    if kind == "named pipe":
        os.mkfifo(target)
    else:
        target.mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "pokerscore", "videopoker", "strategy", "--lines", "5",
         "-o", str(target)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert f"is a {kind}, not a regular file" in result.stderr
