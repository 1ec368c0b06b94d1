"""Video poker timings: the advisor, the exact analysis of whole games and the seed search."""

from __future__ import annotations

import time
from collections.abc import Callable

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
    first, _ = _timed(lambda: analyze(*GAMES[0]))
    print(f"analyze, first call (compiles unless cached): {first:.2f} s")
    for paytable, coins in GAMES:
        seconds, result = _timed(lambda paytable=paytable, coins=coins: analyze(paytable, coins))
        rate = result.return_rate  # type: ignore[attr-defined]
        print(f"analyze {paytable} at {coins} coin(s): return {rate:.7f} in {seconds:.2f} s")
    seconds, rows = _timed(seed_coverage)
    highest = max(row.seed for row in rows)  # type: ignore[attr-defined]
    print(f"seed coverage: {len(rows)} rows, seeds up to {highest:,}, in {seconds:.2f} s")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
