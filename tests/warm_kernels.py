"""Compile the Numba kernels the tests use, each once, before the tests run (`make test`).

Kernels compile on first call and are cached on disk beside their source (``cache=True``). On
a fresh clone there is no cache, and compiling is about half of the whole test run; under
``pytest -n 2`` both workers meet the same kernels before either has saved them, and compile
many of them twice (Dask workers started by the tests, several more times). Here every family
of kernels is compiled once, in two processes that take disjoint halves, so that the two cores
compile different kernels; the tests then load them from the cache.

Each family calls the public functions on tiny inputs: the kernels must be compiled for the
argument types the library passes (a kernel called with other types compiles again), so the
calls go through the same code as the tests'. A kernel a family misses is only compiled later,
by the tests, as before; nothing here is asserted.

    python -m tests.warm_kernels            # both halves, in two processes
    python -m tests.warm_kernels board      # named families, in this process
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HISTORIES = ROOT / "tests" / "data" / "histories"
DATA = ROOT / "src" / "pokerscore" / "data"


# An Omaha all-in: its equity is enumerated by the kernel of every game but hold'em's.
OMAHA_ALLIN = """[1]
variant = 'PO'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [18, 18]
actions = ['d dh p1 AhAdKhKd', 'd dh p2 QsQcJsJc', 'p2 cbr 6', 'p1 cbr 18', 'p2 cc', \
'd db 9s4c2h', 'd db 7d', 'd db 3s', 'p1 sm AhAdKhKd', 'p2 sm QsQcJsJc']
"""


def histories() -> None:
    """The PHH and PokerStars fast paths (one process: both call ``replay_one``), the all-in
    shares, the Arrow columns, and ``replay_one`` called from Python (``replay``, the replayer's
    steps: every pytest worker replays hands, some at collection); the readers and Python pass
    it the same types, so that it compiles once."""
    from pokerscore.histories.phh import read_phh
    from pokerscore.histories.replay import replay
    from pokerscore.histories.running import analyse_histories
    from pokerscore.histories.steps import replay_steps

    hand = next(read_phh(HISTORIES / "actions.phhs"))
    replay(hand)
    list(replay_steps(hand))

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "omaha.phhs").write_text(OMAHA_ALLIN)
        phh = [*sorted(HISTORIES.glob("*.phhs")), folder / "omaha.phhs"]
        analyse_histories(phh, out=folder / "phh.parquet", follow="p1")
        analyse_histories([HISTORIES / "pokerstars-shapes.txt"], out=folder / "stars.parquet")


def sites() -> None:
    """The site formats' compiled shares (Winamax's, Winning's, Bovada's: each a kernel of its
    own, compiled for its first file, that logs their hands for ``read_histories`` too, session
    26; iPoker's is :func:`ipoker`'s, 888poker's :func:`pacific`'s) and PokerStars' and PHH's
    logs for ``read_histories``, after the replay they call (:func:`histories`, in the same
    process). PHH's log share
    (``_phh_log_share``, a ``.phhs`` file read by ``read_histories``) was compiled by the tests
    on a fresh clone (14 s of wall time at load 2.5, 37 s at load 6-10, 2026-11-28)."""
    from pokerscore.histories.reading import read_histories
    from pokerscore.histories.running import analyse_histories

    sites = HISTORIES / "sites"
    for folder in ("winamax", "winning", "bovada"):
        analyse_histories(sorted((sites / folder).glob("*.txt")))
    logs = (HISTORIES / "pokerstars-shapes.txt", sites / "winamax", HISTORIES / "actions.phhs")
    for hand in read_histories(*logs):
        if not isinstance(hand, Exception):
            hand.actions  # noqa: B018 (the log's columns made)


def ipoker() -> None:
    """iPoker's compiled index and share (its XML fixture through a run). Last in the other half
    than :func:`histories`: by then that half has cached the replay they call, which is loaded,
    not compiled again (the halves' compile times balanced: 37 s here)."""
    from pokerscore.histories.running import analyse_histories

    analyse_histories(sorted((HISTORIES / "sites" / "ipoker").glob("*.xml")))


def party() -> None:
    """PartyPoker's compiled share (``_party_kernels.pt_share``: a kernel of its own, 30 CPU
    seconds from empty caches with the replay it calls cached, 2026-11-28, load 3 to 4; 43-44.5
    with the 2019 layout's stages, session 24, load 2.5 to 3.4; the fixtures' cash hands, both
    layouts, and tournaments through a run). Last in the other half than :func:`histories`, after
    :func:`ipoker`, for the same reason."""
    from pokerscore.histories.running import analyse_histories

    analyse_histories(sorted((HISTORIES / "sites" / "partypoker").glob("*.txt")))


def pacific() -> None:
    """888poker's compiled share (its fixtures through a run), a family of its own so that it
    may go in either half: it was in :func:`sites`, which made the hand histories' half the
    last by 33 s on a fresh clone (2026-11-28, load about 2.5: 266 s against 233; 888poker's
    kernels took 21 s of the histories' half), and moved to the other half (at load 6-10, 1,020
    s against 1,036); with PartyPoker's share (:func:`party`, 30 s) in that half since, it is
    last in the histories' half again (after :func:`sites`: the replay it calls is cached)."""
    from pokerscore.histories.running import analyse_histories

    analyse_histories(sorted((HISTORIES / "sites" / "pacific").glob("*.txt")))


def fulltilt() -> None:
    """Full Tilt's compiled share (``_fulltilt_kernels.ft_share``, a kernel of its own since
    session 27: about 20 s of CPU from empty caches with the replay it calls cached; the UTF-8
    fixture through a run, which replays, and through ``read_histories``, which logs), last in
    the other half than :func:`histories`, after :func:`party`, for the same reason."""
    from pokerscore.histories.reading import read_histories
    from pokerscore.histories.running import analyse_histories

    analyse_histories([HISTORIES / "sites" / "fulltilt" / "cash.txt"])
    for hand in read_histories(HISTORIES / "sites" / "fulltilt" / "cash.txt"):
        if not isinstance(hand, Exception):
            hand.actions  # noqa: B018 (the log's columns made)


def board() -> None:
    """Hands and ranges on a board: flop, turn and river, hold'em and Omaha."""
    from pokerscore.games.holdem.board.breakdown import board_breakdown
    from pokerscore.games.holdem.board.distribution import equity_distribution
    from pokerscore.games.holdem.board.hand import hand_on_board

    for cards in ("8h 7h 2c", "8h 7h 2c 9d", "8h 7h 2c 9d Ks"):
        hand_on_board("Ah Kh", cards)
        hand_on_board("Ah Kh", cards, against="As Ac")
        hand_on_board("Ah Kh Qd Jd", cards, game="omaha")
        board_breakdown("QQ+,AKs,JTs", cards)
        board_breakdown("AA**", cards, game="omaha")
        equity_distribution("QQ+,AKs", "random", cards)
        equity_distribution("Ah Kh Qd Jd", "Tc Ts 5s 5d", cards, game="omaha")
    board_breakdown("AKs", all_flops=True)
    board_breakdown("AsKsQsJs", all_flops=True, game="omaha")


def equity() -> None:
    """Exact and sampled equity: hands, ranges, Omaha, stud, hi/lo."""
    from pokerscore.games.holdem.equity import equity

    equity(["AdAc", "KhKs"], "Ts 9s 2d")
    equity(["QQ+,AKs", "JJ-88"], "Ts 9s 2d")
    equity(["AdAc", "KhKs", "7s8s"], samples=1000, seed=1)
    equity(["QQ+,AKs", "JJ-88"], samples=1000, seed=1)
    equity(["Ah Kh Qd Jd", "2c 3c 4h 5h"], "Ts 9s 2d", game="omaha")
    equity(["AA**", "KK**"], "Ts 9s 2d", game="omaha")
    equity(["AxKxQyJy", "AA:ds, KKQQ"], "Ts 9s 2d", game="omaha")
    equity(["Ah Kh Qd Jd", "2c 3c 4h 5h"], samples=1000, seed=1, game="omaha-hi-lo")
    equity(["AhAd7c", "QsQh7d"], dead="5s Qc", game="stud")
    equity(["AhAd7c8c9c2s", "QsQh7d8d9d2h", "KsKh5c5d6h6s"], game="stud")
    equity(["As2d3c", "KhKd6s"], game="stud-8")
    equity(["As2d3c", "KhKd6s", "7c8c9c"], game="razz", samples=1000, seed=1)


def preflop() -> None:
    """The preflop sweeps, heads-up and three-way."""
    from pokerscore.games.holdem.preflop.counts import heads_up_counts, three_way_counts

    heads_up_counts(["AA", "KK"], stop=10)
    three_way_counts(["AA", "KK", "QQ"], stop=10)


def tournaments() -> None:
    """Push/fold: the heads-up solver and the multiway one (three and four players)."""
    from pokerscore.games.tournaments.pushfold import push_fold

    push_fold(10)
    push_fold(stacks=[10, 10, 10], samples=1_000)
    push_fold(stacks=[10, 10, 10, 10], payouts=[50, 30, 20], samples=1_000)


def batch() -> None:
    """Batches of hands at every size and ranking, checked (a bad row too) and not, and the
    hand counts."""
    import numpy as np

    from pokerscore.cards import PokerScoreError
    from pokerscore.engine import RANKINGS
    from pokerscore.engine.kernels.validation import any_bad_row
    from pokerscore.hands.batch import evaluate_batch, random_hands
    from pokerscore.hands.statistics import exhaustive_counts, sampled_counts

    for name, ranking in RANKINGS.items():
        if ranking.size != 5:  # badugi: its kernels warm below
            continue
        for size in (5, 6, 7):
            hands = random_hands(100, size=size, seed=1, ranking=name)
            evaluate_batch(hands, ranking=name)
            evaluate_batch(hands, ranking=name, check=False)
        sampled_counts(100, seed=1, cards=7, ranking=name)
    with contextlib.suppress(PokerScoreError):  # a card twice: the kernel that names it
        evaluate_batch([[0, 0, 1, 2, 3]])
    # a deck that is no run of ids (the sevens out) is checked bit by bit
    any_bad_row(np.array([[0, 4, 8, 12, 21]], dtype=np.uint8), ((1 << 52) - 1) & ~(0b1111 << 20))
    exhaustive_counts(cards=5)
    exhaustive_counts(cards=5, ranking="deuces-wild")
    short_hands()


def short_hands() -> None:
    """Up cards (1 to 4) under high and ace-to-five, and badugi, on uint8 rows."""
    import numpy as np

    from pokerscore.engine.kernels.short_hands import badugi_rows, showing_rows
    from pokerscore.engine.rankings import ACE_TO_FIVE, BADUGI, HIGH
    from pokerscore.engine.short_tables import badugi_tables, short_hand_tables

    rows = np.arange(16, dtype=np.uint8).reshape(4, 4)
    for ranking in (HIGH, ACE_TO_FIVE):
        showing_rows(rows, short_hand_tables(ranking))
    badugi_rows(rows, badugi_tables(BADUGI))


def files() -> None:
    """Hand files: text (bad lines too), CSV and Parquet (card strings, cards one per column,
    card ids), and the UCI data set."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from pokerscore.files.scoring import ScoreJob, score_file

    hands = ["Ah Kh Qh Jh Th", "2c 3d 4h 5s 7d 9c", "As Ks 7h 7d 7c 2d 3d"]
    cards = [hand.split()[:5] for hand in hands]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        sources = [DATA / "poker-hand-sample.data", *sorted((DATA / "hands").glob("*.txt"))]
        (folder / "bad.txt").write_text("\n".join([*hands, "Ah Ah Kd Qc Js", "Xx 2c", ""]))
        with (folder / "strings.csv").open("w") as out:
            out.write("\n".join(["cards", *hands, ""]))
        with (folder / "cards.csv").open("w") as out:
            out.write("\n".join(["c1,c2,c3,c4,c5", *(",".join(row) for row in cards), ""]))
        pq.write_table(pa.table({"cards": hands}), folder / "strings.parquet")
        rows = [[1, 5, 9, 13, 17], [0, 4, 8, 12, 12]]  # the second holds a card twice
        ids = {f"c{i + 1}": [row[i] for row in rows] for i in range(5)}
        pq.write_table(pa.table(ids), folder / "ids.parquet")
        columns = {f"c{i + 1}": [row[i] for row in cards] for i in range(5)}
        pq.write_table(pa.table(columns), folder / "cards.parquet")
        sources += [folder / name for name in ("bad.txt", "strings.csv", "cards.csv")]
        sources += [folder / name for name in ("strings.parquet", "ids.parquet", "cards.parquet")]
        for number, source in enumerate(sources):
            score_file(ScoreJob(source, out=folder / f"out{number}.parquet", describe=True))


def videopoker() -> None:
    """The advisor, the exact return, the seed table."""
    from pokerscore.games.videopoker.advisor import advise
    from pokerscore.games.videopoker.analysis import analyze
    from pokerscore.games.videopoker.paytables import get_paytable
    from pokerscore.games.videopoker.seeds import seed_coverage

    for name in ("jacks-or-better-9-6", "deuces-wild", "joker-poker-kings"):
        table = get_paytable(name)
        advise("3s 7h Th Jh Kh", table)
        analyze(table)
        seed_coverage(table, classes=[table.classes[0]], masks=[0])


def strategy() -> None:
    """Strategy lists: generated, and played."""
    from pokerscore.games.videopoker.strategy.generate import generate_strategy
    from pokerscore.games.videopoker.strategy.grammar import load_strategy
    from pokerscore.games.videopoker.strategy.play import line_matches, strategy_return

    generate_strategy("jacks-or-better-9-6", lines=5)
    strategy = load_strategy(DATA / "strategies" / "wizard-jacks-or-better-9-6-simple.txt")
    strategy_return(strategy, "jacks-or-better-9-6")
    line_matches(strategy, "jacks-or-better-9-6", "3c 3h 7h 9h Kh")


FAMILIES: dict[str, Callable[[], None]] = {
    family.__name__: family
    for family in (
        histories,
        sites,
        ipoker,
        party,
        pacific,
        fulltilt,
        board,
        equity,
        preflop,
        tournaments,
        batch,
        files,
        videopoker,
        strategy,
    )
}
# Compile times, CPU seconds, from empty caches (2026-11-27, load 11-15): histories 304 (317 on
# 2026-11-26, when ``replay_one`` compiled twice, once for the readers and once for Python;
# PokerStars' share alone 122). The other families, each in a process of its own (load 5-13,
# ``python -m benchmarks.compile_times``, ``benchmarks/compile.md``): board 80, equity 78,
# strategy 59, batch 29, tournaments 22, files 22, videopoker 19, preflop 13 (322 in all, some
# kernels counted in two families). Two processes adding to one kernel's cache index at once
# may lose an entry: the halves share no family.
HALVES = (
    ("histories", "sites", "pacific"),
    (
        "board",
        "equity",
        "strategy",
        "batch",
        "tournaments",
        "files",
        "preflop",
        "videopoker",
        "ipoker",
        "party",
        "fulltilt",
    ),
)


def main(names: list[str]) -> int:
    """Run the named families here, or both halves in two processes. A family that fails is
    reported and skipped, never fatal: the tests judge the library, and compile what a
    family missed (a warning here says the warm-up needs mending)."""
    if not names:
        runs = [
            subprocess.Popen([sys.executable, "-m", "tests.warm_kernels", *half], cwd=ROOT)
            for half in HALVES
        ]
        for run in runs:
            if run.wait():
                print(f"warm_kernels: a half ended with status {run.returncode}", flush=True)
        return 0
    for name in names:
        start = time.perf_counter()
        try:
            FAMILIES[name]()
        except Exception as error:  # the tests will say what is wrong; here only a warning
            print(f"warm_kernels: WARNING: {name} failed ({type(error).__name__}: {error})")
        print(f"warm_kernels: {name} {time.perf_counter() - start:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
