"""Every ranking against standard high poker, side by side in one process.

For each ranking: the batch kernels on 5 and 7 cards (unchecked, so the kernel alone is timed),
best of several rounds taken in alternation with ``high`` so that a slow moment of the shared
machine does not fall on one side only; and the exhaustive count of every seven-card hand of its
deck. Writes ``benchmarks/rankings.md``.
"""

from __future__ import annotations

import time
from pathlib import Path

from benchmarks.bench_engine import machine
from pokerscore import evaluate_batch, random_hands
from pokerscore.engine import RANKINGS, Ranking
from pokerscore.engine.value_counts import count_values

RESULTS = Path(__file__).with_name("rankings.md")
HANDS = 5_000_000
ROUNDS = 5


def _batch_rates(size: int) -> dict[str, float]:
    hands = {
        name: random_hands(HANDS, size=size, seed=size, ranking=ranking)
        for name, ranking in RANKINGS.items()
    }
    for name, ranking in RANKINGS.items():  # tables and kernels, before any timing
        evaluate_batch(hands[name][:1000], check=False, ranking=ranking)
    best: dict[str, float] = {}
    for _ in range(ROUNDS):
        for name, ranking in RANKINGS.items():
            start = time.perf_counter()
            evaluate_batch(hands[name], check=False, ranking=ranking)
            best[name] = max(best.get(name, 0.0), HANDS / (time.perf_counter() - start))
    return best


def _exhaustive_seconds(ranking: Ranking) -> float:
    count_values(7, ranking)  # tables and kernel
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        count_values(7, ranking)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    """Measure, print and write the table."""
    five, seven = _batch_rates(5), _batch_rates(7)
    lines = [
        f"Machine: {machine()}. Batch rates are hands per second, unchecked, best of {ROUNDS} "
        f"rounds alternating the rankings on {HANDS:,} random hands of each ranking's deck.",
        "",
        "| ranking | batch 5-card | vs high | batch 7-card | vs high | every 7-card hand |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, ranking in RANKINGS.items():
        seconds = _exhaustive_seconds(ranking)
        hands = sum(count_values(7, ranking))
        lines.append(
            f"| {name} | {five[name]:,.0f} | {five[name] / five['high']:.2f}x "
            f"| {seven[name]:,.0f} | {seven[name] / seven['high']:.2f}x "
            f"| {hands:,} in {seconds:.2f} s |"
        )
        print(lines[-1], flush=True)
    RESULTS.write_text("# Rankings side by side\n\n" + "\n".join(lines) + "\n")
    print(f"\nwritten to {RESULTS}")


if __name__ == "__main__":
    main()
