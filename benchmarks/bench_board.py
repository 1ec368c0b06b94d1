"""Hands on a board (issue 19): breakdowns, outs and equity distributions, beside a Python loop
over eval7 doing the same breakdown, in one process.

- Breakdown of ``random`` (1,176 live combos) on a flop: ours, and the same table (made classes,
  categories, draws) computed combo by combo in Python with eval7 judging the hands. The two
  tables are checked equal before timing. Rounds alternate the two sides; each side's median,
  best and worst round are reported, and the ratio of medians.
- ``random`` over all 22,100 flops (25,989,600 combo-flops).
- One hand's outs against another on a flop (``hand_on_board(..., against=...)``).
- Equity distribution of ``random`` against ``random`` on a flop, exact (every turn and river).
- ``pokerscore board "QQ+,AKs" --board "Ks 7d 2c"`` in a fresh process (Numba's cache warm).

Writes ``benchmarks/board.md``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

from benchmarks.bench_engine import machine
from pokerscore import board_breakdown, hand_on_board, parse_cards
from pokerscore.games.holdem.board.distribution import equity_distribution

RESULTS = Path(__file__).with_name("board.md")
FLOP = "Th 9h 4c"
ROUNDS = 9
CHECKED = (FLOP, "Ks 7d 2c", "8h 7h 2h", "5s 4s 3d", "9c 9d 2h", "7s 7d 7c")
"""Flops on which the peer's table is checked equal to ours before timing."""

NOTES = """\
- The peer is the same table computed in Python, combo by combo, with eval7 judging each hand
  (`eval7_breakdown` here); it is checked equal to ours on six flops before any timing.
- A breakdown's time is its whole call: reading the board, the checks, the kernel (about 19 us
  for 1,176 combos, some 3.5 us of it Numba checking the arguments: a combo that cannot make a
  flush is read once per pair of ranks, its flush draws per combo, and such combos are tallied
  once per pair of ranks and flush draws) and the result's dictionaries (about 6 us of Python
  in all: a board and a range are each read and checked once, then kept).
- Over all flops one combo of each suit pattern (169 for `random`) is read on every flop, on
  every core; CPU time counts both threads.
- A fresh process spends most of its time importing Python, NumPy and Numba and starting Numba's
  compiler (loading cached kernels), as the equity command does: the two are measured side by
  side.
"""

STRAIGHTS = [set(range(low, low + 5)) for low in range(9)] + [{12, 0, 1, 2, 3}]
_EVAL7_CATEGORY = {
    "High Card": "high-card",
    "Pair": "one-pair",
    "Two Pair": "two-pair",
    "Trips": "three-of-a-kind",
    "Straight": "straight",
    "Flush": "flush",
    "Full House": "full-house",
    "Quads": "four-of-a-kind",
    "Straight Flush": "straight-flush",
}
_ORDER = list(_EVAL7_CATEGORY.values())


def _flop_class(hole: list[int], board: list[int], category: str) -> str:
    """The made class of two hole cards on a flop (five cards: all of them play)."""
    if category in ("straight-flush", "four-of-a-kind", "full-house", "flush", "straight"):
        return {"four-of-a-kind": "quads"}.get(category, category)
    on_board = Counter(card >> 2 for card in board)
    counts = Counter(card >> 2 for card in hole + board)
    distinct = sorted(on_board, reverse=True)
    pairs = sorted((rank for rank, n in counts.items() if n == 2), reverse=True)
    if category == "three-of-a-kind":
        trips = next(rank for rank, n in counts.items() if n == 3)
        return {1: "set", 2: "trips"}.get(on_board[trips], "nothing")
    if category == "two-pair":
        high, low = pairs
        if on_board[high] == 1 and on_board[low] == 1:
            if distinct.index(high) == 0:
                return "top-two" if distinct.index(low) == 1 else "top-and-bottom"
            return "bottom-two"
        if on_board[high] and on_board[low]:
            return "pair-plus-board-pair"
        pocket = high if on_board[high] == 0 else low
    elif category == "one-pair":
        pair = pairs[0]
        if on_board[pair] == 2:
            return "nothing"
        if on_board[pair] == 1:
            return ("top-pair", "second-pair", "bottom-pair")[distinct.index(pair)]
        pocket = pair
    else:
        return "nothing"
    if pocket > distinct[0]:
        return "overpair"
    if pocket < distinct[-1]:
        return "underpair"
    return "pocket-pair-between"


def _flop_draws(hole: list[int], board: list[int], category: str, made: str) -> list[str]:
    found = []
    place = _ORDER.index(category)
    if place < _ORDER.index("flush"):
        for suit in range(4):
            held = sum(card & 3 == suit for card in hole)
            total = held + sum(card & 3 == suit for card in board)
            if held and total == 4:
                found.append("flush-draw")
                top = max(r for r in range(13) if 4 * r + suit not in board)
                if 4 * top + suit in hole:
                    found.append("nut-flush-draw")
            if held and total == 3:
                found.append("backdoor-flush-draw")
    if place < _ORDER.index("straight"):
        hole_ranks = {card >> 2 for card in hole}
        board_ranks = {card >> 2 for card in board}
        own = hole_ranks - board_ranks
        completing: set[int] = set()
        backdoor = False
        for straight in STRAIGHTS:
            if not straight & own:
                continue
            missing = straight - hole_ranks - board_ranks
            if len(missing) == 1:
                completing |= missing
            elif len(missing) == 2:
                backdoor = True
        if len(completing) >= 2:
            found.append("open-ended")
        elif completing:
            found.append("gutshot")
        elif backdoor:
            found.append("backdoor-straight-draw")
    if made == "nothing":
        top = max(card >> 2 for card in board)
        if len({card >> 2 for card in hole if card >> 2 > top}) >= 2:
            found.append("overcards")
    if "flush-draw" in found and ("open-ended" in found or "gutshot" in found):
        found.append("combo-draw")
    return found


def eval7_breakdown(board_text: str) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """The breakdown of every combo on a flop, in Python, eval7 judging the five cards."""
    import eval7

    names = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    deck = [eval7.Card(name) for name in names]
    board = [card.id for card in parse_cards(board_text)]
    shown = [deck[card] for card in board]
    made: Counter[str] = Counter()
    categories: Counter[str] = Counter()
    draws: Counter[str] = Counter()
    for first, second in combinations([card for card in range(52) if card not in board], 2):
        category = _EVAL7_CATEGORY[
            eval7.handtype(eval7.evaluate([deck[first], deck[second], *shown]))
        ]
        kind = _flop_class([first, second], board, category)
        made[kind] += 1
        categories[category] += 1
        draws.update(_flop_draws([first, second], board, category, kind))
    return made, categories, draws


def _ours(flop: str) -> tuple[Counter[str], Counter[str], Counter[str]]:
    result = board_breakdown("random", flop)
    slug = {"royal-flush": "straight-flush"}
    categories: Counter[str] = Counter()
    for category, count in result.categories.items():
        categories[slug.get(category.slug, category.slug)] += count  # type: ignore[assignment]
    return (
        Counter({kind.slug: count for kind, count in result.made.items() if count}),  # type: ignore[misc]
        +categories,
        Counter({draw.slug: count for draw, count in result.draws.items() if count}),  # type: ignore[misc]
    )


def _seconds(run: Callable[[], object], repeat: int = 1) -> tuple[float, float]:
    """Wall-clock and CPU seconds (every thread of the process) per call."""
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(repeat):
        run()
    return (time.perf_counter() - start) / repeat, (time.process_time() - cpu) / repeat


def _alternate(
    sides: dict[str, tuple[Callable[[], object], int]], rounds: int = ROUNDS
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Each side's wall-clock and CPU time per call in every round, the sides taking turns round
    by round."""
    times: dict[str, list[float]] = {name: [] for name in sides}
    cpu: dict[str, list[float]] = {name: [] for name in sides}
    for _ in range(rounds):
        for name, (run, repeat) in sides.items():
            wall, used = _seconds(run, repeat)
            times[name].append(wall)
            cpu[name].append(used)
    return times, cpu


def _spread(times: list[float], scale: float, unit: str) -> str:
    median = statistics.median(times)
    return f"{median * scale:.3g} {unit} ({min(times) * scale:.3g}-{max(times) * scale:.3g})"


def _fresh_command(args: list[str] | None = None) -> list[float]:
    """Seconds of a fresh ``pokerscore`` process, seven times (the board command by default)."""
    runs = []
    for _ in range(7):
        start = time.perf_counter()
        command = args or ["board", "QQ+,AKs", "--board", FLOP]
        subprocess.run(
            [sys.executable, "-m", "pokerscore", *command, "--json"],
            check=True,
            capture_output=True,
        )
        runs.append(time.perf_counter() - start)
    return runs


def main() -> None:
    """Check the peer's table against ours, measure, print and write the results."""
    if any(eval7_breakdown(flop) != _ours(flop) for flop in CHECKED):
        raise SystemExit("eval7's breakdown and ours differ: no timing")
    load_before = os.getloadavg()[0]
    hand = ("Ah Kh", "8h 7h 2c")
    board_breakdown("random", all_flops=True)
    hand_on_board(*hand, against="Qs Qd")
    equity_distribution("random", "random", FLOP)
    breakdown, breakdown_cpu = _alternate(
        {
            # about as long a round as the peer's (400 calls, some 12 ms), as timeit would time it
            "ours": (lambda: board_breakdown("random", FLOP), 400),
            "eval7": (lambda: eval7_breakdown(FLOP), 1),
        }
    )
    ratios = [peer / ours for peer, ours in zip(breakdown["eval7"], breakdown["ours"], strict=True)]
    rest, rest_cpu = _alternate(
        {
            "all flops": (lambda: board_breakdown("random", all_flops=True), 1),
            "outs": (lambda: hand_on_board(*hand, against="Qs Qd"), 50),
            "distribution": (lambda: equity_distribution("random", "random", FLOP), 1),
        },
        5,
    )
    fresh = _fresh_command()
    equity_fresh = _fresh_command(["equity", "AhAs", "KdKc"])
    load = f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    ratio = statistics.median(breakdown["eval7"]) / statistics.median(breakdown["ours"])
    lines = [
        f"Machine: {machine()}; {load}. Warm (tables built, kernels compiled); each figure is the "
        "median of the rounds, with the fastest and slowest round in brackets; the sides "
        "alternate round by round. CPU is the process's CPU time per call, every thread "
        "counted: on a shared host it shows the work where the wall clock shows the wait.",
        "",
        "| workload | pokerscore | CPU | peer | ratio | target |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        f"| breakdown of `random` on {FLOP} (1,176 combos) | {_spread(breakdown['ours'], 1e3, 'ms')} "
        f"| {_spread(breakdown_cpu['ours'], 1e3, 'ms')} "
        f"| eval7 in a Python loop: {_spread(breakdown['eval7'], 1e3, 'ms')} "
        f"| {ratio:,.0f}x ({min(ratios):,.0f}-{max(ratios):,.0f}) | 2 ms; 500x |",
        f"| `random` over all 22,100 flops (25,989,600 combo-flops) "
        f"| {_spread(rest['all flops'], 1, 's')} | {_spread(rest_cpu['all flops'], 1, 's')} "
        "| | | 1 s |",
        f"| outs of Ah Kh against Qs Qd on 8h 7h 2c (`hand_on_board`) "
        f"| {_spread(rest['outs'], 1e3, 'ms')} | {_spread(rest_cpu['outs'], 1e3, 'ms')} | | | 1 ms |",
        f"| equity distribution, `random` vs `random` on {FLOP}, exact "
        f"| {_spread(rest['distribution'], 1e3, 'ms')} "
        f"| {_spread(rest_cpu['distribution'], 1e3, 'ms')} | | | 100 ms |",
        f'| `pokerscore board "QQ+,AKs" --board "{FLOP}"`, fresh process '
        f"| {_spread(fresh, 1, 's')} | | `pokerscore equity AhAs KdKc`, fresh: "
        f"{_spread(equity_fresh, 1, 's')} | | 1 s |",
    ]
    for line in lines[4:]:
        print(line, flush=True)
    RESULTS.write_text("# Hands on a board\n\n" + "\n".join(lines) + "\n\n" + NOTES)
    print(f"\nwritten to {RESULTS}")


if __name__ == "__main__":
    main()
