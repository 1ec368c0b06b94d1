"""Two programs on one history file: no lost update, no failed creation, a lock named as a lock."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pokerscore.games.videopoker.history import (
    SCHEMA_VERSION,
    HistoryError,
    HistoryStore,
    open_history,
)

# A game that carries on the file's bankroll, says "ready", waits for "go", then plays fast.
PLAYER = textwrap.dedent(
    """
    import sys
    from pokerscore.games.videopoker.history import open_history
    from pokerscore.games.videopoker.paytables import get_paytable
    from pokerscore.games.videopoker.session import VideoPokerSession

    store = open_history(sys.argv[1])
    game = VideoPokerSession(get_paytable("jacks-or-better-9-6"), coins=1, seed=int(sys.argv[2]),
        store=store).start()
    game.deal()
    game.draw()  # the advisor's kernel is loaded: the games below run at full speed
    print("ready", flush=True)
    sys.stdin.readline()
    for _ in range(40):
        game.deal()
        game.toggle_hold(0)
        game.draw()
    print("done", flush=True)
    """
)

# Opens (and so creates) a history once told to.
OPENER = textwrap.dedent(
    """
    import sys
    from pokerscore.games.videopoker.history import open_history

    print("ready", flush=True)
    sys.stdin.readline()
    open_history(sys.argv[1]).close()
    print("opened", flush=True)
    """
)


def start(script: str, *args: str) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready", process.communicate()[1]
    return process


def go(processes: list[subprocess.Popen[str]]) -> list[str]:
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()
    results = [process.communicate(timeout=120) for process in processes]
    for process, (_, errors) in zip(processes, results, strict=True):
        assert process.returncode == 0, errors
    return [out for out, _ in results]


@pytest.mark.slow
def test_two_games_on_one_bankroll_lose_no_update(tmp_path: Path) -> None:
    db = tmp_path / "shared.sqlite3"
    with open_history(db) as store:
        store.new_bankroll(10_000)
    games = [start(PLAYER, str(db), seed) for seed in ("100", "900")]
    go(games)
    with open_history(db) as store:
        hands = store.hands()
        bankroll = store.current_bankroll()
    assert len(hands) == 2 * 41
    # Every coin bet and won is in the bankroll: neither game wrote over the other's balance.
    assert bankroll is not None
    assert bankroll.credits == 10_000 - sum(h.coins for h in hands) + sum(h.win for h in hands)


@pytest.mark.slow
def test_games_started_together_on_a_new_file_all_open_it(tmp_path: Path) -> None:
    for attempt in range(3):
        db = tmp_path / f"new-{attempt}.sqlite3"
        openers = [start(OPENER, str(db)) for _ in range(4)]
        assert all(out.strip() == "opened" for out in go(openers))
        with open_history(db) as store:
            assert store.schema_version == SCHEMA_VERSION and store.current_bankroll() is None


def test_a_locked_history_is_in_use_not_damaged(tmp_path: Path) -> None:
    db = tmp_path / "locked.sqlite3"
    with open_history(db) as store:
        store.new_bankroll(10)
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN EXCLUSIVE")  # another program in the middle of a long write
    try:
        with pytest.raises(HistoryError, match="in use by another process") as error:
            open_history(db, busy_timeout=0.05)
        assert "damaged" not in str(error.value)
        writer.execute("ROLLBACK")
        store = open_history(db, busy_timeout=0.05)
        writer.execute("BEGIN EXCLUSIVE")
        with pytest.raises(HistoryError, match="in use by another process"):
            store.new_bankroll(5)
        writer.execute("ROLLBACK")
        assert store.new_bankroll(5).credits == 5  # once the lock is gone, the write goes in
        store.close()
    finally:
        writer.close()


def test_a_read_only_history_says_so(tmp_path: Path) -> None:
    db = tmp_path / "read-only.sqlite3"
    open_history(db).close()
    read_only = sqlite3.connect(f"file:{db}?mode=ro", uri=True, isolation_level=None)
    store = HistoryStore(read_only, db)
    with pytest.raises(HistoryError, match="read-only"):
        store.new_bankroll(10)
    store.close()
