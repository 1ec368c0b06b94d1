"""The library's per-hand iterator: ``history_results`` over generated six-max PHH hands (2,000
and 20,000) against ``analyse_histories`` (the runs: the same kernels into Arrow columns) on
the same hands, in alternating rounds; on 2,000 hands also the reference path
(``POKERSCORE_HISTORIES_REFERENCE=1``: the lenient reader and ``replay`` hand by hand) and
the lenient reader alone (``reading.read_file``: ``tomllib`` hand by hand, what
``read_histories`` was before session 16); ``read_histories`` two ways, its hands counted and
every hand's seats and actions read (made from the fast reader's log by column). Then the same
ways but the PHH-only ones on 20,000 generated hands written as PokerStars text
(``write_pokerstars``, the same simulator): the kernels alone are ``replay_stars_text`` there,
and ``read_histories`` gives the hands of PokerStars' kernel's log (since session 21: the
lenient reader's before). Then the shared sample's files in PokerStars' layout
(``../shared/hand-histories``, where it is here), each format's files joined and repeated to
some 20,000 hands: ``read_histories`` two ways (GGPoker's and Winamax's hands from their
compiled readers' log since session 22) and the lenient reader.

The iterator is timed three ways, as a user reads it: every result's players read (their nets
summed, so every ``PlayerResult`` is made), every result's pots read (their amounts summed:
the players, made when first read, are never made), and nothing read (the results counted: the
iteration's own cost beside the kernels'). The kernels alone (``replay_phh_text`` on the whole
file: no results) are timed beside them, the floor of every way.

A round runs each way once, in turn, after one warm-up pass of each (Numba's cache warm, the
all-in equity cache warm); each figure is the best of ``BENCH_RESULTS_ROUNDS`` rounds (default
3), hands a second of CPU time (``time.process_time``: every thread's, so it moves less with the
host's load than the wall clock) and of wall clock (what a user waits: the issue's 50,000 hands/s,
as the PHH runs' 100,000, is a rate of the one process on the host's cores, the kernels' two
threads among them), each pass's beside, with the load average at the round's end, since the
host may be shared. Run as ``python -m benchmarks.bench_history_results``. Figures:
``benchmarks/histories.md``.
"""

from __future__ import annotations

import codecs
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from benchmarks.histories_data import write_phhs, write_pokerstars

TARGET = 50_000


def _players(path: Path) -> int:
    from pokerscore.histories.results import history_results

    hands = 0
    total = 0.0
    for result in history_results(path):
        hands += 1
        total += sum(player.net for player in result.players)
    assert abs(total) < 1e6
    return hands


def _pots(path: Path) -> int:
    from pokerscore.histories.results import history_results

    hands = 0
    total = 0
    for result in history_results(path):
        hands += 1
        total += sum(pot.amount for pot in result.pots)
    assert total > 0
    return hands


def _counted(path: Path) -> int:
    from pokerscore.histories.results import history_results

    return sum(1 for _ in history_results(path))


def _kernels(path: Path) -> int:
    from pokerscore.histories.batches import replay_phh_text, replay_stars_text

    data = path.read_bytes()
    if path.suffix == ".txt":
        stars = replay_stars_text(data)
        assert stars is not None
        return stars.hands
    batch = replay_phh_text(data, single=False)
    assert batch is not None
    return batch.hands


def _reference(path: Path) -> int:
    os.environ["POKERSCORE_HISTORIES_REFERENCE"] = "1"
    try:
        return _players(path)
    finally:
        del os.environ["POKERSCORE_HISTORIES_REFERENCE"]


def _analyse(path: Path) -> int:
    from pokerscore.histories.running import analyse_histories

    return analyse_histories([path]).hands


def _read(path: Path) -> int:
    from pokerscore.histories.reading import read_histories

    return sum(1 for _ in read_histories(path))


def _read_actions(path: Path) -> int:
    from pokerscore.histories.model import HandHistory
    from pokerscore.histories.reading import read_histories

    hands = 0
    total = 0
    for hand in read_histories(path):
        assert isinstance(hand, HandHistory)
        hands += 1
        total += sum(seat.stack for seat in hand.seats) + len(hand.actions)
    assert total > 0
    return hands


def _lenient(path: Path) -> int:
    from pokerscore.histories.reading import read_file

    return sum(1 for _ in read_file(path))


WAYS: dict[str, Callable[[Path], int]] = {
    "history_results, players read": _players,
    "history_results, pots read": _pots,
    "history_results, nothing read": _counted,
    "kernels alone": _kernels,
    "analyse_histories": _analyse,
    "reference path": _reference,
    "read_histories": _read,
    "read_histories, seats and actions read": _read_actions,
    "lenient reader (read_histories before)": _lenient,
}


def rounds(
    ways: dict[str, Callable[[Path], int]], path: Path, count: int
) -> dict[str, list[tuple[float, float, float]]]:
    """Each way's passes over ``path`` in ``count`` alternating rounds after a warm-up pass of
    each: (hands a second of CPU, hands a second of wall clock, load average) a pass."""
    for run in ways.values():
        run(path)  # warm-up
    found: dict[str, list[tuple[float, float, float]]] = {name: [] for name in ways}
    for _ in range(count):
        for name, run in ways.items():
            start, clock = time.process_time(), time.perf_counter()
            hands = run(path)
            cpu, wall = time.process_time() - start, time.perf_counter() - clock
            found[name].append((hands / cpu, hands / wall, os.getloadavg()[0]))
    return found


def main() -> None:
    count = int(os.environ.get("BENCH_RESULTS_ROUNDS", "3"))
    folder = Path(tempfile.mkdtemp())
    print(f"threads: NUMBA_NUM_THREADS={os.environ.get('NUMBA_NUM_THREADS', 'all')}")
    for hands, suffix in ((2_000, ".phhs"), (20_000, ".phhs"), (20_000, ".txt")):
        path = folder / f"generated-{hands}{suffix}"
        if suffix == ".txt":
            write_pokerstars(path, hands, seed=4344)
        else:
            write_phhs(path, hands, seed=4344)
        ways = dict(WAYS)
        if hands > 2_000:  # the slow paths on the small file only
            del ways["reference path"], ways["lenient reader (read_histories before)"]
        _report(f"{hands:>6,} hands {suffix:<5}", rounds(ways, path, count))
    for layout, joined in _shared_files(folder).items():
        ways = {name: WAYS[name] for name in SHARED_WAYS}
        _report(f"{layout:<18}", rounds(ways, joined, count))


def _report(what: str, found: dict[str, list[tuple[float, float, float]]]) -> None:
    for name, passes in found.items():
        best = max(cpu for cpu, _, _ in passes)
        best_wall = max(wall for _, wall, _ in passes)
        spread = ", ".join(f"{cpu:,.0f}" for cpu, _, _ in passes)
        walls = ", ".join(f"{wall:,.0f}" for _, wall, _ in passes)
        loads = ", ".join(f"{load:.1f}" for _, _, load in passes)
        print(f"{what} {name:<30} best {best:>8,.0f} hands/s of CPU, {best_wall:>8,.0f} of wall "
              f"clock  (CPU {spread}; wall {walls}; load {loads}; target {TARGET:,})")  # fmt: skip


SHARED_WAYS: Final = (
    "read_histories",
    "read_histories, seats and actions read",
    "lenient reader (read_histories before)",
)
SHARED_HANDS: Final = 20_000


def _shared_files(folder: Path) -> dict[str, Path]:
    """The shared sample's files of each format in PokerStars' layout (PokerStars' own,
    GGPoker's, Winamax's) whose hands all read, joined and repeated to some
    :data:`SHARED_HANDS` hands, in ``folder``; none where the sample is not here."""
    from pokerscore.histories.model import HandHistory
    from pokerscore.histories.reading import file_format_of, read_file

    sample = Path(__file__).resolve().parents[2] / "shared" / "hand-histories"
    texts: dict[str, list[bytes]] = {"pokerstars": [], "ggpoker": [], "winamax": []}
    hands = dict.fromkeys(texts, 0)
    for path in sorted(sample.rglob("*.txt")) if sample.is_dir() else []:
        kind = file_format_of(path)
        if kind not in texts:
            continue
        read = list(read_file(path))
        if read and all(isinstance(hand, HandHistory) for hand in read):
            text = path.read_bytes().removeprefix(codecs.BOM_UTF8).rstrip()
            texts[kind].append(text + b"\n\n\n")
            hands[kind] += len(read)
    joined = {}
    for kind, parts in texts.items():
        if parts:
            path = joined[kind] = folder / f"shared-{kind}.txt"
            path.write_bytes(b"".join(parts) * max(1, SHARED_HANDS // hands[kind]))
    return joined


if __name__ == "__main__":
    main()
