"""Stud all-in EV (issue 28 §2): one pot's exact shares of a stud all-in, by street and players,
as ``allin.enumerated_shares`` counts them (the stud equity's kernels; not the per-process cache
of ``allin.pot_shares``, which makes a spot seen before free). Best of three after a warm-up.

    python -m benchmarks.bench_stud_allin
"""

from __future__ import annotations

import os
import time

SPOTS = {
    "heads-up, third street (4 cards each to come)": ("AhAd7c", "KhKd2c"),
    "heads-up, fifth street (2 each)": ("AhAd7c8cTd", "KhKd2c3d9c"),
    "three-way, sixth street (1 each)": ("AhAd7c8cTdQs", "KhKd2c3d9c5h", "QcQd4h6h8s9s"),
    "three-way, fifth street (2 each)": ("AhAd7c8cTd", "KhKd2c3d9c", "QcQd4h6h8s"),
}


def main() -> None:
    from pokerscore.cards import parse_cards
    from pokerscore.games.holdem.game import get_game
    from pokerscore.histories.allin import enumerated_shares

    print("load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    for name in ("stud", "stud-8", "razz"):
        game = get_game(name)
        for spot, hands in SPOTS.items():
            holes = tuple(tuple(card.id for card in parse_cards(hand)) for hand in hands)
            everyone = ((1 << len(holes)) - 1,)
            enumerated_shares(game, holes, (), (), everyone)  # compiles, warms the tables
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                shares = enumerated_shares(game, holes, (), (), everyone)
                best = min(best, time.perf_counter() - start)
            found = "past the bound: no EV" if shares is None else "exact"
            print(f"{name:7} {spot:48} {best * 1000:8.1f} ms  {found}")


if __name__ == "__main__":
    main()
