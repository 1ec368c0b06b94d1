"""``videopoker history`` and the file checks of ``videopoker play``, through Typer's runner."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pokerscore.cli.play_commands import history_command, play_command
from pokerscore.games.videopoker.history import open_history
from pokerscore.games.videopoker.paytables import get_paytable
from pokerscore.games.videopoker.session import VideoPokerSession

# The two commands on their own sub-app, as `pokerscore videopoker` mounts them.
app = typer.Typer()
app.command("play")(play_command)
app.command("history")(history_command)
runner = CliRunner()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history of two sessions: one careful, one that throws every deal away."""
    path = tmp_path_factory.mktemp("history") / "h.sqlite3"
    table = get_paytable("jacks-or-better-9-6")
    with open_history(path) as store:
        careful = VideoPokerSession(table, credits=200, seed=100, store=store)
        for _ in range(4):
            careful.deal()
            for index in range(5):
                if careful.advice()[0].mask >> index & 1:
                    careful.toggle_hold(index)
            careful.draw()
        careless = VideoPokerSession(table, coins=1, seed=200, store=store)
        for _ in range(3):
            careless.deal()
            careless.draw()
    return path


def test_history_table(played: Path) -> None:
    result = runner.invoke(app, ["history", "--db", str(played)], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "Video poker history" in result.output
    assert "jacks-or-better-9-6" in result.output and "Costliest holds" in result.output
    assert "all" in result.output and "Bankroll:" in result.output


def test_history_json_totals(played: Path) -> None:
    result = runner.invoke(app, ["history", "--db", str(played), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    sessions = data["sessions"]
    assert [(s["hands"], s["coins_bet"], s["seed"]) for s in sessions] == [
        (4, 20, 100),
        (3, 3, 200),
    ]
    assert sessions[0]["mistakes"] == 0 and sessions[0]["ev_lost"] == 0
    assert data["overall"]["hands"] == 7 and data["overall"]["coins_bet"] == 23
    assert data["overall"]["mistakes"] == sessions[1]["mistakes"]
    worst = data["worst_mistakes"]
    assert worst and all(hand["held"] == [] for hand in worst)
    assert [hand["ev_lost"] for hand in worst] == sorted(
        (h["ev_lost"] for h in worst), reverse=True
    )


@pytest.mark.parametrize("command", ["history", "play"])
def test_foreign_database_is_a_one_line_error(tmp_path: Path, command: str) -> None:
    path = tmp_path / "contacts.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE contacts (name TEXT)")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    result = runner.invoke(app, [command, "--db", str(path)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    assert result.output.startswith("error: ") and "another program" in result.output
    assert path.read_bytes() == before


def test_corrupt_and_missing_files(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"\x00garbage" * 100)
    result = runner.invoke(app, ["history", "--db", str(junk)])
    assert result.exit_code == 2 and "not a SQLite database" in result.output
    missing = tmp_path / "missing.sqlite3"
    result = runner.invoke(app, ["history", "--db", str(missing)])
    assert result.exit_code == 2 and "no history file" in result.output
    assert not missing.exists()


def test_play_refuses_an_unknown_pay_table(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--paytable", "deuces-wild", "--db", str(tmp_path / "h")])
    assert result.exit_code == 2 and 'unknown pay table "deuces-wild"' in result.output
