"""``videopoker history`` and the file checks of ``videopoker play``, through Typer's runner."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from typer.testing import Result

from pokerscore.cli.commands import play as play_commands
from pokerscore.cli.commands.play import history_command, play_command
from pokerscore.games.videopoker.history import open_history
from pokerscore.games.videopoker.paytables import get_paytable
from pokerscore.games.videopoker.session import VideoPokerSession
from pokerscore.games.videopoker.strategy.grammar import Strategy
from tests.cli_runner import separate_streams_runner

# The two commands on their own sub-app, as `pokerscore videopoker` mounts them.
app = typer.Typer()
app.command("play")(play_command)
app.command("history")(history_command)
runner = separate_streams_runner()
WIZARD = (
    Path(__file__).parents[2]
    / "src/pokerscore/data/strategies/wizard-jacks-or-better-9-6-simple.txt"
)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A history of two sessions: one careful, one that throws every deal away."""
    path = tmp_path_factory.mktemp("history") / "h.sqlite3"
    table = get_paytable("jacks-or-better-9-6")
    with open_history(path) as store:
        careful = VideoPokerSession(table, credits=200, seed=100, store=store).start()
        for _ in range(4):
            careful.deal()
            for index in range(5):
                if careful.advice()[0].mask >> index & 1:
                    careful.toggle_hold(index)
            careful.draw()
        careless = VideoPokerSession(table, coins=1, seed=200, store=store).start()
        for _ in range(3):
            careless.deal()
            careless.draw()
    return path


@pytest.mark.slow
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


def test_history_counts_the_hands_in_play_of_every_game(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    table = get_paytable("jacks-or-better-9-6")
    with open_history(db) as one, open_history(db) as two:
        first = VideoPokerSession(table, credits=100, seed=1, store=one).start()
        second = VideoPokerSession(table, coins=2, seed=2, store=two).start()
        first.deal()
        second.deal()  # two games, each with a hand waiting for its draw
        text = runner.invoke(app, ["history", "--db", str(db)], env={"COLUMNS": "160"})
        data = json.loads(runner.invoke(app, ["history", "--db", str(db), "--json"]).stdout)
    # Words, not layout: a console made earlier in this process may keep its own width.
    assert "2 hands are in play: 7 coins bet, not drawn yet." in " ".join(text.stdout.split())
    assert (data["hands_in_play"], data["coins_in_play"]) == (2, 7)


def test_history_of_an_older_file_leaves_it_as_it_was(tmp_path: Path) -> None:
    from tests.games.videopoker.test_history import old_history

    path = tmp_path / "v1.sqlite3"
    old_history(path, 1).close()
    before = path.read_bytes()
    result = runner.invoke(app, ["history", "--db", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["overall"]["hands"] == 0
    assert path.read_bytes() == before  # not migrated: reading never writes


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Play as if in a terminal (the runner's stdin and stdout are not one)."""
    monkeypatch.setattr(play_commands, "terminal_attached", lambda: True)


@pytest.mark.parametrize("command", ["history", "play"])
@pytest.mark.usefixtures("terminal")
def test_foreign_database_is_a_one_line_error(tmp_path: Path, command: str) -> None:
    path = tmp_path / "contacts.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE contacts (name TEXT)")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    result = runner.invoke(app, [command, "--db", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: ") and "another program" in result.stderr
    assert path.read_bytes() == before


@pytest.mark.usefixtures("terminal")
def test_a_read_only_history_names_the_option_that_moves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pokerscore.games.videopoker.history as history
    from pokerscore.games.videopoker.history.store import _read_only

    def read_only(path: Path, **options: object) -> object:
        raise _read_only(path)

    assert "--db" not in str(_read_only("h.sqlite3"))  # the library names no option
    monkeypatch.setattr(history, "open_history", read_only)
    result = runner.invoke(app, ["play", "--db", str(tmp_path / "h.sqlite3")])
    one_line_error(result, "is read-only; keep the history in another file (--db PATH)")


@pytest.mark.usefixtures("terminal")
def test_a_hand_left_at_another_table_is_settled_with_options(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    table = get_paytable("jacks-or-better-9-6")
    with open_history(db) as store, VideoPokerSession(table, store=store) as left:
        left.deal()
    result = runner.invoke(app, ["play", "-p", "bonus-poker-8-5", "--db", str(db)])
    one_line_error(result, "finish it with --paytable jacks-or-better-9-6, or start a new")
    assert "--credits" in result.stderr


def test_corrupt_and_missing_files(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"\x00garbage" * 100)
    result = runner.invoke(app, ["history", "--db", str(junk)])
    assert result.exit_code == 2 and "not a SQLite database" in result.stderr
    missing = tmp_path / "missing.sqlite3"
    result = runner.invoke(app, ["history", "--db", str(missing)])
    assert result.exit_code == 2 and "no history file" in result.stderr
    assert not missing.exists()


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize("option", ["--paytable", "-p"])
def test_play_refuses_an_unknown_pay_table(tmp_path: Path, option: str) -> None:
    result = runner.invoke(app, ["play", option, "deuces-wilder", "--db", str(tmp_path / "h")])
    assert result.exit_code == 2 and 'unknown pay table "deuces-wilder"' in result.stderr


def one_line_error(result: Result, text: str, status: int = 2) -> None:
    assert result.exit_code == status, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert text in result.stderr


def test_play_without_a_terminal_says_so_before_creating_anything(tmp_path: Path) -> None:
    db = tmp_path / "new" / "h.sqlite3"
    one_line_error(runner.invoke(app, ["play", "--db", str(db)]), "the game needs a terminal")
    assert not db.parent.exists()


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize("seed", [str(2**63), str(2**64 - 1), "-1"])
def test_play_seeds_beyond_what_sqlite_stores_are_refused(tmp_path: Path, seed: str) -> None:
    result = runner.invoke(app, ["play", "--seed", seed, "--db", str(tmp_path / "h.sqlite3")])
    assert result.exit_code == 2 and "--seed" in result.stderr
    assert not (tmp_path / "h.sqlite3").exists()


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe binary",
        b'name = "x"\n[[classes]]\nname = "r"\nhand = "royal-flush"\npay = 1000000000000000000000\n',
    ],
)
def test_play_refuses_a_bad_pay_table_file_in_one_line(tmp_path: Path, content: bytes) -> None:
    toml = tmp_path / "mine.toml"
    toml.write_bytes(content)
    result = runner.invoke(app, ["play", "--paytable", str(toml), "--db", str(tmp_path / "h")])
    one_line_error(result, str(toml))


class ScriptedApp:
    """Stands in for the Textual app: plays a script on the session, then ends as told."""

    script: Callable[[VideoPokerSession], None] = staticmethod(lambda session: None)
    return_code = 0

    strategies: list[Strategy | None]

    def __init__(
        self,
        session: VideoPokerSession,
        *,
        history: Path | None = None,
        strategy: Strategy | None = None,
    ) -> None:
        self.session = session
        type(self).strategies.append(strategy)

    def run(self) -> None:
        type(self).script(self.session)


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch, terminal: None) -> type[ScriptedApp]:
    import pokerscore.tui.app

    app_class = type("App", (ScriptedApp,), {"strategies": []})
    monkeypatch.setattr(pokerscore.tui.app, "VideoPokerApp", app_class)
    return app_class


def test_quitting_between_deal_and_draw_is_told_and_kept(
    tmp_path: Path, scripted: type[ScriptedApp]
) -> None:
    db = tmp_path / "h.sqlite3"
    scripted.script = staticmethod(lambda session: (session.deal(), None)[1])  # then quit
    result = runner.invoke(app, ["play", "--seed", "7", "--credits", "50", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "A hand is in play (5 coins bet, already charged)" in result.output
    assert "45 credits left" in result.output
    with open_history(db) as store:
        bankroll = store.current_bankroll()
        assert bankroll is not None and bankroll.credits == 45
        assert store.deal_in_play(bankroll.id) is not None
    history = json.loads(runner.invoke(app, ["history", "--db", str(db), "--json"]).output)
    assert history["coins_in_play"] == 5 and history["bankroll"]["credits"] == 45


@pytest.mark.slow
def test_two_games_on_one_history_each_keep_their_own_hand(
    tmp_path: Path, scripted: type[ScriptedApp]
) -> None:
    # Issue 23 as played: A deals; B starts on the same file and deals; A draws and deals again.
    from pokerscore.games.videopoker.deal import deal

    db = tmp_path / "g.sqlite3"
    seen: dict[str, object] = {}

    def game_b(session: VideoPokerSession) -> None:
        seen["b resumed"] = session.resumed
        seen["b dealt"] = session.deal()
        session.draw()

    def game_a(session: VideoPokerSession) -> None:
        session.deal()
        scripted.script = staticmethod(game_b)
        seen["b status"] = runner.invoke(app, ["play", "--db", str(db), "--seed", "200"]).exit_code
        seen["a drew"] = session.draw().seed
        seen["a dealt"] = session.deal()
        session.draw()

    scripted.script = staticmethod(game_a)
    result = runner.invoke(app, ["play", "--db", str(db), "--seed", "100", "--credits", "1000"])
    assert result.exit_code == 0, result.output
    assert seen == {
        "b resumed": False,
        "b dealt": deal(200)[:5],
        "b status": 0,
        "a drew": 100,
        "a dealt": deal(101)[:5],
    }
    history = json.loads(runner.invoke(app, ["history", "--db", str(db), "--json"]).stdout)
    assert [(s["seed"], s["hands"]) for s in history["sessions"]] == [(100, 2), (200, 1)]
    assert history["overall"]["coins_bet"] == 15 and history["coins_in_play"] == 0


def test_forfeited_hands_are_counted_in_words(tmp_path: Path, scripted: type[ScriptedApp]) -> None:
    from pokerscore.games.videopoker.deal import deal

    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        bankroll = store.new_bankroll(100).id
        for seed in (1, 2):  # two games quit between deal and draw
            session = store.start_session("jacks-or-better-9-6", seed)
            store.place_bet(session, bankroll, "jacks-or-better-9-6", 5, seed, deal(seed))
            store.end_session(session)
    result = runner.invoke(app, ["play", "--db", str(db), "--credits", "50"])
    assert result.exit_code == 0, result.output
    assert "2 hands left in play on an old bankroll were forfeited" in result.stdout


@pytest.mark.parametrize("option", ["--coins", "-c"])
def test_play_takes_the_bet_as_the_other_commands_do(
    tmp_path: Path, scripted: type[ScriptedApp], option: str
) -> None:
    bets: list[int] = []
    scripted.script = staticmethod(lambda session: bets.append(session.coins))
    result = runner.invoke(app, ["play", option, "2", "--db", str(tmp_path / "h.sqlite3")])
    assert result.exit_code == 0, result.output
    assert bets == [2]


def test_play_gives_the_game_the_strategy_list_of_its_trainer(
    tmp_path: Path, scripted: type[ScriptedApp]
) -> None:
    db = str(tmp_path / "h.sqlite3")
    result = runner.invoke(app, ["play", "--trainer", "--strategy", str(WIZARD), "--db", db])
    assert result.exit_code == 0, result.output
    given = scripted.strategies[-1]
    assert given is not None and given.lines[7].text == "4 to a flush"
    result = runner.invoke(app, ["play", "--db", db])
    assert result.exit_code == 0 and scripted.strategies[-1] is None
    result = runner.invoke(app, ["play", "--strategy", str(tmp_path / "none.txt"), "--db", db])
    one_line_error(result, "none.txt: No such file or directory")


def test_a_crash_inside_the_game_never_exits_0(tmp_path: Path, scripted: type[ScriptedApp]) -> None:
    scripted.return_code = 1  # what Textual sets after showing an unhandled exception
    result = runner.invoke(app, ["play", "--db", str(tmp_path / "h.sqlite3")])
    one_line_error(result, "the game stopped on an unexpected error", status=1)


@pytest.mark.slow
def test_play_with_input_from_dev_null_and_output_to_a_file_ends_at_once(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite3"
    with (tmp_path / "out.txt").open("w") as out:
        done = subprocess.run(
            [sys.executable, "-m", "pokerscore", "videopoker", "play", "--db", str(db)],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,  # it once spun a core forever
        )
    assert done.returncode == 2 and "the game needs a terminal" in done.stderr
    assert not db.exists()


class Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize("redirected", ["stdin", "stdout", "stderr"])
def test_the_terminal_check_covers_the_stream_the_game_draws_on(
    monkeypatch: pytest.MonkeyPatch, redirected: str
) -> None:
    # Textual draws on stderr: with stderr in a file, the game would run unseen.
    for name in ("stdin", "stdout", "stderr"):
        monkeypatch.setattr(sys, name, Stream(name != redirected))
    assert not play_commands.terminal_attached()
    monkeypatch.setattr(sys, redirected, None)  # closed before the start (2>&-)
    assert not play_commands.terminal_attached()


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_play_with_stderr_to_a_file_refuses_at_once(tmp_path: Path) -> None:
    import os
    import pty

    db = tmp_path / "h.sqlite3"
    leader, follower = pty.openpty()
    try:
        with (tmp_path / "err.txt").open("w") as err:
            done = subprocess.run(
                [sys.executable, "-m", "pokerscore", "videopoker", "play", "--db", str(db)],
                stdin=follower,
                stdout=follower,
                stderr=err,
                timeout=30,  # an invisible game would wait for keys forever
            )
    finally:
        os.close(follower)
        os.close(leader)
    errors = (tmp_path / "err.txt").read_text()
    assert done.returncode == 2 and errors.startswith("error: ") and errors.count("\n") == 1
    assert "the game needs a terminal" in errors and not db.exists()
