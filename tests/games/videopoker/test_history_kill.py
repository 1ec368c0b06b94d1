"""Killing the game (SIGKILL) loses nothing: every finished hand is on disk, and a hand killed
between deal and draw is stored paid for, and resumed by the next session."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pokerscore.games.videopoker.deal import deal
from pokerscore.games.videopoker.history import open_history
from pokerscore.games.videopoker.paytables import get_paytable
from pokerscore.games.videopoker.session import Phase, VideoPokerSession

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")

# Plays seeded hands through the session and its store; after each finished hand it deals the
# next one, reports, and waits, so the parent can kill it with a hand in play.
PLAYER = textwrap.dedent(
    """
    import sys
    from pokerscore.games.videopoker.history import open_history
    from pokerscore.games.videopoker.paytables import get_paytable
    from pokerscore.games.videopoker.session import VideoPokerSession

    store = open_history(sys.argv[1])
    game = VideoPokerSession(get_paytable("jacks-or-better-9-6"), credits=500, seed=11, store=store).start()
    game.deal()
    while True:
        game.toggle_hold(0)
        outcome = game.draw()
        game.deal()
        print(outcome.number, game.credits + game.coins, flush=True)
        sys.stdin.readline()
    """
)

# Writes hands as fast as it can, for a kill that lands anywhere, mid-transaction included.
WRITER = textwrap.dedent(
    """
    import sys
    from pokerscore.cards import parse_cards
    from pokerscore.games.videopoker.history import HandRecord, open_history

    store = open_history(sys.argv[1])
    bankroll = store.new_bankroll(10**9).id
    session = store.start_session("jacks-or-better-9-6")
    dealt, final = parse_cards("Ah Ad 7c 4s 2h"), parse_cards("Ah Ad Kh Qs 9c")
    credits = 10**9
    print("ready", flush=True)
    while True:
        credits -= 1
        store.record_hand(HandRecord(session, bankroll, "jacks-or-better-9-6", 1, None, dealt, 3,
            final, "nothing", 0, 3, 1.0, 1.0, credits))
    """
)


# Deals one hand and waits, holding it (the player thinking, for as long as it takes).
HOLDER = textwrap.dedent(
    """
    import sys
    from pokerscore.games.videopoker.history import open_history
    from pokerscore.games.videopoker.paytables import get_paytable
    from pokerscore.games.videopoker.session import VideoPokerSession

    store = open_history(sys.argv[1])
    game = VideoPokerSession(get_paytable("jacks-or-better-9-6"), credits=100, seed=100,
        store=store, advisor=lambda cards, table, coins: []).start()
    game.deal()
    print("dealt", flush=True)
    sys.stdin.readline()
    """
)


def run(script: str, db: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
def test_kill_between_hands_loses_only_the_hand_in_play(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    player = run(PLAYER, db)
    assert player.stdin is not None and player.stdout is not None
    reports = []
    for _ in range(4):
        reports.append(player.stdout.readline().split())
        player.stdin.write("\n")
        player.stdin.flush()
    reports.append(player.stdout.readline().split())  # hand 5 done, hand 6 dealt
    player.send_signal(signal.SIGKILL)
    player.wait()
    number, credits_before_bet = map(int, reports[-1])
    with open_history(db) as store:
        hands = store.hands()
        bankroll = store.current_bankroll()
        assert bankroll is not None
        left = store.deal_in_play(bankroll.id)
        assert number == 5 and [hand.seed for hand in hands] == [11, 12, 13, 14, 15]
        # The bet of hand 6 was charged with its deal, which waits on disk for its draw.
        assert bankroll.credits == hands[-1].credits_after - 5 == credits_before_bet - 5
        assert left is not None and (left.seed, left.coins) == (16, 5)
        assert left.cards == deal(16)
        # The next session resumes it, bet paid; it cannot be dealt again for free.
        again = VideoPokerSession(get_paytable("jacks-or-better-9-6"), store=store).start()
        assert again.resumed and again.phase is Phase.HOLDING and again.cards == deal(16)[:5]
        assert again.credits == credits_before_bet - 5
        outcome = again.draw()
        hands = store.hands()
        bankroll = store.current_bankroll()
    assert [hand.seed for hand in hands] == [11, 12, 13, 14, 15, 16]
    assert bankroll is not None and bankroll.credits == credits_before_bet - 5 + outcome.win
    # The history and the bankroll agree: every coin in or out is a stored hand's.
    assert bankroll.credits == 500 - sum(h.coins for h in hands) + sum(h.win for h in hands)


@pytest.mark.slow
def test_kill_at_any_moment_leaves_a_consistent_file(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    writer = run(WRITER, db)
    assert writer.stdout is not None
    assert writer.stdout.readline().strip() == "ready"
    time.sleep(0.4)
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    with open_history(db) as store:  # opens: the header, quick_check and journal are fine
        hands = store.hands()
        bankroll = store.current_bankroll()
    assert hands, "the writer should have finished some hands"
    assert [hand.id for hand in hands] == list(range(1, len(hands) + 1))
    # Each hand and its bankroll update are one transaction: they never disagree.
    assert bankroll is not None and bankroll.credits == hands[-1].credits_after
    assert bankroll.credits == 10**9 - len(hands)


@pytest.mark.slow
def test_a_live_games_hand_is_its_own_until_its_process_is_killed(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    holder = run(HOLDER, db)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "dealt"
    table = get_paytable("jacks-or-better-9-6")
    try:
        with open_history(db) as store:
            # Another program on the file: the holder is live, its hand is not this game's.
            with VideoPokerSession(table, seed=200, store=store) as other:
                assert not other.resumed and other.deal() == deal(200)[:5]
                other.draw()
            assert len(list((tmp_path / "history.sqlite3-sessions").glob("*.lock"))) == 1
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    with open_history(db) as store:
        # Killed: no exit code ran, the kernel dropped its lock. The hand is free to resume.
        again = VideoPokerSession(table, store=store).start()
        assert again.resumed and again.cards == deal(100)[:5] and again.draw().seed == 100
        again.close()
    assert list((tmp_path / "history.sqlite3-sessions").glob("*")) == []  # no stale lock files


# Killed in the middle of a large write: the file is left with a "hot journal" to roll back.
HALF_WRITER = textwrap.dedent(
    """
    import sqlite3, sys, time
    from pokerscore.games.videopoker.history import open_history

    store = open_history(sys.argv[1])
    store.new_bankroll(77)
    store.close()
    raw = sqlite3.connect(sys.argv[1], isolation_level=None)
    raw.execute("PRAGMA cache_size = 1")  # changed pages spill into the file mid-transaction
    raw.execute("BEGIN IMMEDIATE")
    for _ in range(5000):
        raw.execute("INSERT INTO bankroll (started_at, initial_credits, credits)"
            " VALUES (?, 1, 1)", ("x" * 400,))
    print("ready", flush=True)
    time.sleep(60)
    """
)


def test_reading_a_history_killed_mid_write_sees_its_last_saved_state(tmp_path: Path) -> None:
    db = tmp_path / "history.sqlite3"
    writer = run(HALF_WRITER, db)
    assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    assert (tmp_path / "history.sqlite3-journal").exists()
    with open_history(db, read_only=True) as store:
        bankroll = store.current_bankroll()
        assert bankroll is not None and (bankroll.id, bankroll.credits) == (1, 77)
