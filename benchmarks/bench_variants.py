"""Stud and the draw games replayed by the compiled PHH reader, beside hold'em, on one thread
(issue 28 §2).

Stud hands (seven-card stud, stud hi/lo, razz in turn) and draw hands (2-7 triple draw, 2-7
single draw, badugi in turn) are played at random by pokerkit (``tests/histories_random.py``:
2,000 distinct hands each, its state machine being slow) and the text repeated to
``BENCH_VARIANTS_HANDS`` hands (default 60,000); the hold'em hands are
``histories_data``'s six-max no-limit hands, as many. Each text goes through
``batches.replay_phh_text`` (read and replay, no all-in EV, no Arrow) on one Numba thread, the
two alternating, best of five rounds after one warm-up (the second pass of the issue's
target: the kernels compiled and cached).

    python -m benchmarks.bench_variants
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

TARGETS = {"stud": 20_000, "draw": 20_000, "holdem": 100_000}


def _random_text(variants: tuple[str, ...], distinct: int, total: int) -> bytes:
    from tests.histories_random import random_hand

    rng = random.Random(28)
    texts = [random_hand(rng, variants[n % len(variants)])[0] for n in range(distinct)]
    tables = [f"[{n + 1}]\n{texts[n % distinct]}\n" for n in range(total)]
    return "".join(tables).encode()


def _holdem_text(total: int) -> bytes:
    from benchmarks.histories_data import phhs_tables

    return "".join(phhs_tables(total, seed=1)).encode()


def main() -> None:
    sys.path.insert(0, str(Path(__file__).parents[1]))
    import numba
    from tests.histories_random import DRAW_VARIANTS, STUD_VARIANTS

    from pokerscore.histories._layout import F_STATUS, OK
    from pokerscore.histories.batches import replay_phh_text

    numba.set_num_threads(1)
    total = int(os.environ.get("BENCH_VARIANTS_HANDS", "60000"))
    data = {
        "stud": _random_text(STUD_VARIANTS, 2000, total),
        "draw": _random_text(DRAW_VARIANTS, 2000, total),
        "holdem": _holdem_text(total),
    }
    rates: dict[str, list[float]] = {name: [] for name in data}
    for round_ in range(6):
        for name, text in data.items():
            start = time.perf_counter()
            batch = replay_phh_text(text, single=False)
            seconds = time.perf_counter() - start
            assert batch is not None and batch.hands == total
            assert int((batch.facts[:total, F_STATUS] == OK).sum()) == total, name  # all played
            if round_:  # the first round warms the kernels
                rates[name].append(total / seconds)
    load = os.getloadavg()
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {total:,} hands a text")
    for name, found in rates.items():
        print(
            f"{name}: best {max(found):,.0f} hands/s, worst {min(found):,.0f} "
            f"(target {TARGETS[name]:,})"
        )


if __name__ == "__main__":
    main()
