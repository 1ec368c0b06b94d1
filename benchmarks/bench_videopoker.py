"""Video poker timings: the advisor, the exact analysis of whole games and the seed search,
Jacks or Better and the wild games (Deuces Wild, Joker Poker). "first" is a table's first
analysis in the process (its class tables and subset counts built); "warm" a second one.

The strategy-list section ends the run; ``python -m benchmarks.bench_videopoker strategy`` runs
it alone: the
published simple lists played exactly, generated lists (full and short) with their returns and
times, and ``analyze --strategy`` in a fresh process (Numba's cache warm), the figures of
benchmarks/strategy.md."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ADVISOR_HANDS = ("Kh Qh Jh Th 2s", "3s 7h Th Jh Kh", "2c 5d 8h Js 3d", "Ac Ad Ah As 3c")
# Jacks or Better tables share their classes, so their subset tables are built once; the bonus
# tables rebuild them (their quads are split by rank).
GAMES = (
    ("jacks-or-better-9-6", 5),
    ("jacks-or-better-8-5", 5),
    ("jacks-or-better-9-6", 1),
    ("bonus-poker-8-5", 5),
    ("double-bonus-10-7", 5),
    ("double-double-bonus-9-6", 5),
)
WILD_ADVISOR_HANDS = {
    "deuces-wild": ("2c 2d Kh Qh 7s", "2s 5h 6h 9c Kd", "3c 4d 8h Js Qd"),
    "joker-poker-kings": ("Jk Kd 7c 4h 2s", "Jk 5h 6h 9c Td", "Ah Kh Qh 8s 3d"),
}
WILD_GAMES = ("deuces-wild", "not-so-ugly-ducks", "loose-deuces", "joker-poker-kings")


def _timed(function: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def main() -> None:
    """Print the video poker section: first (compiling) and warm times."""
    from pokerscore.games.videopoker.advisor import advise
    from pokerscore.games.videopoker.analysis import analyze
    from pokerscore.games.videopoker.seeds import seed_coverage

    print("## video poker")
    first, _ = _timed(lambda: advise(ADVISOR_HANDS[0]))
    warm = [_timed(lambda hand=hand: advise(hand))[0] for hand in ADVISOR_HANDS * 5]
    print(f"advise (32 holds, 2,598,960 draws): first {first:.2f} s, warm {min(warm) * 1e3:.1f} ms")
    first, _ = _timed(lambda: analyze(GAMES[0][0], coins=GAMES[0][1]))
    print(f"analyze, first call (compiles unless cached): {first:.2f} s")
    for paytable, coins in GAMES:
        seconds, result = _timed(
            lambda paytable=paytable, coins=coins: analyze(paytable, coins=coins)
        )
        rate = result.return_rate  # type: ignore[attr-defined]
        print(f"analyze {paytable} at {coins} coin(s): return {rate:.7f} in {seconds:.2f} s")
    for paytable in WILD_GAMES:
        first, result = _timed(lambda paytable=paytable: analyze(paytable))
        warm, _ = _timed(lambda paytable=paytable: analyze(paytable))
        rate = result.return_rate  # type: ignore[attr-defined]
        print(
            f"analyze {paytable} at 5 coins: return {rate:.8f}, first {first:.2f} s,"
            f" warm {warm:.2f} s"
        )
    for paytable, hands in WILD_ADVISOR_HANDS.items():
        advise(hands[0], paytable)
        warm = [_timed(lambda h=h, p=paytable: advise(h, p))[0] for h in hands * 5]
        print(f"advise {paytable} (32 holds): warm {min(warm) * 1e3:.1f} ms a deal")
    for paytable in ("jacks-or-better-9-6", "deuces-wild", "joker-poker-kings"):
        seconds, rows = _timed(lambda paytable=paytable: seed_coverage(paytable))
        highest = max(row.seed for row in rows)  # type: ignore[attr-defined]
        print(
            f"seed coverage {paytable}: {len(rows)} rows, seeds up to {highest:,},"  # type: ignore[arg-type]
            f" in {seconds:.2f} s"
        )
    strategy_section()


STRATEGIES = Path(__file__).parents[1] / "src" / "pokerscore" / "data" / "strategies"
PUBLISHED = (
    ("jacks-or-better-9-6", "wizard-jacks-or-better-9-6-simple.txt", "99.46 %"),
    ("deuces-wild", "deuces-wild-simple.txt", "100.71 %"),
)
GENERATED = (
    ("jacks-or-better-9-6", 15),
    ("jacks-or-better-9-6", None),
    ("double-double-bonus-9-6", None),
    ("deuces-wild", 27),
    ("deuces-wild", None),
    ("joker-poker-kings", 30),
    ("joker-poker-kings", None),
)


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min)"


def _warm_plays(strategy: object, paytable: str) -> tuple[str, object]:
    """Five plays of a list in this process (its deal table built): fastest, median, slowest."""
    from pokerscore.games.videopoker.strategy.play import strategy_return

    runs = []
    for _ in range(5):
        seconds, play = _timed(lambda: strategy_return(strategy, paytable))  # type: ignore[arg-type]
        runs.append(seconds)
    runs.sort()
    return f"{runs[0]:.2f} s (median {runs[2]:.2f}, slowest {runs[4]:.2f})", play


def strategy_section() -> None:
    """Print the strategy-list figures: returns, costs and times."""
    from pokerscore.games.videopoker.strategy.generate import generate_strategy
    from pokerscore.games.videopoker.strategy.grammar import load_strategy
    from pokerscore.games.videopoker.strategy.play import strategy_return

    print("## strategy lists")
    print(_load())
    for paytable, name, published in PUBLISHED:
        strategy = load_strategy(STRATEGIES / name)
        strategy_return(strategy, paytable)  # compiles, builds the deal table
        runs, play = _warm_plays(strategy, paytable)
        rate = play.return_rate  # type: ignore[attr-defined]
        cost = float(play.cost_exact)  # type: ignore[attr-defined]
        print(
            f"{name} on {paytable}: return {rate * 100:.4f} % (published {published}),"
            f" cost {cost * 100:.4f} %, played warm in {runs}"
        )
    for paytable, lines in GENERATED:
        start = time.process_time()
        seconds, generated = _timed(lambda p=paytable, n=lines: generate_strategy(p, lines=n))
        cpu = time.process_time() - start
        play = generated.play  # type: ignore[attr-defined]
        size = len([line for line in play.lines if line.text != "Discard everything"])
        print(
            f"generate {paytable} lines={lines}: {size} lines, return"
            f" {play.return_rate * 100:.5f} % of optimal {play.optimal_rate * 100:.5f} %,"
            f" cost {float(play.cost_exact) * 100:.5f} %, exceptions {play.misplayed:,} deals,"
            f" {seconds:.1f} s ({cpu:.1f} s CPU); {_load()}"
        )
        if lines is None:  # the longest list of the table, played again (the deal table built)
            runs, _ = _warm_plays(generated.strategy, paytable)  # type: ignore[attr-defined]
            print(f"  its {len(play.lines)} lines played warm in {runs}")
    for paytable, name, _ in PUBLISHED:
        command = [sys.executable, "-m", "pokerscore", "videopoker", "analyze", "-p", paytable,
                   "--strategy", str(STRATEGIES / name), "--json"]  # fmt: skip
        subprocess.run(command, check=True, capture_output=True)  # Numba's cache warm
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            runs.append(time.perf_counter() - start)
        fastest, median = min(runs), sorted(runs)[2]
        print(
            f"pokerscore videopoker analyze -p {paytable} --strategy …: {fastest:.2f} s"
            f" (fastest of 5 fresh processes; median {median:.2f} s); {_load()}",
            flush=True,
        )
    for paytable in ("jacks-or-better-9-6", "deuces-wild", "joker-poker-kings"):
        command = [sys.executable, "-m", "pokerscore", "videopoker", "strategy", "-p", paytable,
                   "--json"]  # fmt: skip
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        seconds = time.perf_counter() - start
        print(
            f"pokerscore videopoker strategy -p {paytable} (full list, fresh process):"
            f" {seconds:.1f} s; {_load()}",
            flush=True,
        )


if __name__ == "__main__":
    if sys.argv[1:] == ["strategy"]:
        strategy_section()
    else:
        main()
