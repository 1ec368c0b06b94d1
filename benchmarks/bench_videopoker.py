"""Video poker timings: the advisor, the exact analysis of whole games and the seed search,
Jacks or Better and the wild games (Deuces Wild, Joker Poker). "first" is a table's first
analysis in the process (its class tables and subset counts built); "warm" a second one."""

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


if __name__ == "__main__":
    main()
