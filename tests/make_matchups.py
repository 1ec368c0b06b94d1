"""The exact equity of every heads-up preflop matchup of hold'em up to suit renaming, shipped in
``src/pokerscore/data/heads-up-matchups.npz`` (read by :mod:`pokerscore.games.holdem.matchups`).

Regenerate it with ``nice python -m tests.make_matchups`` (from the repository's root; some two
minutes on one core): every pair of disjoint hands is put in its canonical form
(:func:`~pokerscore.games.holdem.matchups.canonical_matchup`), and each distinct form's boards
are counted by the all-in kernel's exact enumeration
(:func:`pokerscore.histories.allin.enumerated_equities`, checked against
:func:`pokerscore.games.holdem.equity.equity` in ``tests/histories/test_histories.py``).
``tests/games/holdem/test_matchups.py`` checks the shipped file: the number of matchups by a
brute force of its own, published figures, entries against ``equity`` and eval7.
"""

from __future__ import annotations

import io
from itertools import combinations
from pathlib import Path

DATA = Path(__file__).parents[1] / "src" / "pokerscore" / "data"


def canonical_keys() -> list[int]:
    """Every canonical key, sorted: the forms of all 1,326 x 1,225 / 2 pairs of disjoint hands."""
    from pokerscore.games.holdem.matchups import canonical_matchup

    hands = list(combinations(range(52), 2))
    keys = set()
    for i, first in enumerate(hands):
        for second in hands[i + 1 :]:
            if not set(first) & set(second):
                keys.add(canonical_matchup(first, second)[0])
    return sorted(keys)


def matchup_halves() -> tuple[list[int], list[int]]:
    """Every canonical key, sorted, and its first hand's ``2 x wins + ties`` over the boards."""
    from pokerscore.games.holdem.game import get_game
    from pokerscore.games.holdem.matchups import BOARDS, unpack
    from pokerscore.histories.allin import enumerated_equities

    holdem = get_game("holdem")
    keys = canonical_keys()
    halves = []
    for key in keys:
        first, second = unpack(key)
        shares = enumerated_equities(holdem, (first, second), (), ())
        assert sum(shares) == 1
        halves.append(int(shares[0] * 2 * BOARDS))
        assert halves[-1] == shares[0] * 2 * BOARDS  # whole half boards
    return keys, halves


def matchups_bytes(keys: list[int], halves: list[int]) -> bytes:
    """The file: ``keys`` (uint32, sorted) and ``halves`` (uint32), as
    ``numpy.savez_compressed`` writes them."""
    import numpy as np

    out = io.BytesIO()
    np.savez_compressed(
        out, keys=np.array(keys, dtype=np.uint32), halves=np.array(halves, dtype=np.uint32)
    )
    return out.getvalue()


if __name__ == "__main__":
    from pokerscore.games.holdem.matchups import MATCHUPS_FILE

    (DATA / MATCHUPS_FILE).write_bytes(matchups_bytes(*matchup_halves()))
    print(f"wrote {DATA / MATCHUPS_FILE}")
