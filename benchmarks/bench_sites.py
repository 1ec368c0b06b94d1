"""The site readers (``pokerscore.histories.sites``): hands/s in one process, per format.

Each format's fixture file of the tests (``tests/data/histories/sites/<format>/``, a few hands
written in the site's own layout, worked out by hand) is repeated into one file of about
``BENCH_SITES_HANDS`` hands (default 20,000), then

- read: ``read_histories`` over the file, every hand into a ``HandHistory`` (the reader alone);
  with ``BENCH_SITES_ACTIONS=1`` also every hand's seats and actions read (the formats whose
  ``read_histories`` makes a hand's fields when first read: PHH's, and PokerStars', its skins',
  GGPoker's, Winamax's, Bovada's, 888poker's, PartyPoker's, Winning's (UTF-16 too, since
  session 27) and iPoker's (since session 27) from the compiled readers' log);
- replayed: ``history_results`` over it, each hand read by the site's reader and replayed by
  the compiled replay, 256 hands' results made by column at a time (``replay.replayed``: what
  ``pokerscore histories`` does for a site's file today).

Best of ``BENCH_SITES_ROUNDS`` runs (default 3); ``BENCH_SITES_FORMATS`` (comma-separated names
of :data:`FILES`) measures those formats alone; ``BENCH_SITES_REPLAY=0`` leaves the replayed
column out (the readers alone). Each rate is given by the wall clock and by this process's CPU
time (``time.process_time``: on a shared machine, the figure that compares). The target is 50,000 hands/s a reader, for a
later fast path (compiled kernels, as PHH and PokerStars have; GGPoker's, the PokerStars skins',
Winamax's, Winning's (both layouts, UTF-8), Bovada's, 888poker's and PartyPoker's older layout's hold'em and
Omaha hands go through PokerStars' compiled reader, Winamax's, Winning's, Bovada's, 888poker's
and PartyPoker's by shares of their own (Winamax's stud and 2-7 triple draw too, since session 24);
iPoker's hold'em and Omaha by a compiled reader of its own on PokerStars' stages,
``_ipoker_kernels``; the others through the site's reader (the ``pacific`` fixture's hand, a
dead blind among its lines, is one 888poker's share reads; the ``partypoker`` fixture's
hands, ``cash-old.txt``, PartyPoker's share reads, the bet nobody called held by the win; Full Tilt's hold'em and Omaha
by a share of its own since session 27, ``fulltilt``'s UTF-8 fixture, while ``fulltilt-mixed``'s
UTF-16 hands, one of them razz, one headed ``FullTiltPoker Game #``, are its reader's); ``read_histories`` takes the hands
of PokerStars' layout, GGPoker's and Winamax's among them, from the compiled reader's log since
session 22, Bovada's, 888poker's, PartyPoker's and Winning's since session 26, Full Tilt's since
session 27). Figures and how
to read them:
``benchmarks/sites.md``.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from benchmarks.bench_engine import machine

FIXTURES = Path(__file__).parents[1] / "tests" / "data" / "histories" / "sites"
FILES = {
    "pacific": ("cash.txt", "utf-8"),
    "partypoker": ("cash-old.txt", "utf-8"),
    "partypoker-2019": ("cash-2019.txt", "utf-8"),
    "ipoker": ("sessions-cp1252.xml", "cp1252"),
    "winning": ("older-utf16.txt", "utf-16"),
    "winning-2019": ("newer-kinds.txt", "utf-8"),
    "winning-older": ("older-utf16.txt", "utf-16"),
    "bovada": ("cash.txt", "utf-8-sig"),
    "starsskin": ("pokermaster.txt", "utf-8"),
    "fulltilt": ("cash.txt", "utf-8"),
    "fulltilt-mixed": ("mixed-utf16.txt", "utf-16"),
    "ggpoker": ("cash.txt", "utf-8"),
    "winamax": ("mixed.txt", "utf-8"),
    "everleaf": ("hands.txt", "utf-8"),
    "pkr": ("hands.txt", "utf-8"),
    "merge": ("holdem.xml", "utf-8"),
    "ongame": ("hands.txt", "utf-8"),
    "cake": ("hands.txt", "utf-8-sig"),
    "betonline": ("hands.txt", "utf-8"),
    "kingsclub": ("hands.txt", "utf-8"),
    "entraction": ("hands.txt", "utf-8"),
    "sealswithclubs": ("hands.txt", "utf-8"),
    "absolute": ("hands.txt", "utf-8"),
    "enet": ("hands.txt", "utf-8"),
    "everest": ("hands.xml", "utf-8"),
    "microgaming": ("hands.txt", "utf-8"),
    "pokertracker": ("merge.txt", "utf-8"),
    "boss": ("hands.xml", "utf-8"),
    "betfair": ("hands.txt", "utf-8"),
    "unibet": ("hands.txt", "utf-8"),
}
"""Each format (its folder below ``FIXTURES``, or a layout of it: ``winning-2019``, Winning's
2019 layout, beside ``winning``'s 2016-19 UTF-16 hands; ``winning-older``, those hands written
in UTF-8, :data:`WRITTEN`; ``fulltilt-mixed``, Full Tilt's UTF-16 fixture, the ``fulltilt``
row's until session 27; ``partypoker-2019``, PartyPoker's 2019 layout, read by
PartyPoker's share as its older layout): the fixture repeated, and its encoding."""
WRITTEN = {"winning-older": "utf-8"}
"""The layouts whose file is written in another encoding than their fixture's."""
TARGET = 50_000


def _repeated(name: str, folder: Path, hands: int) -> Path:
    """A file of the format's fixture repeated to about ``hands`` hands, in its encoding."""
    from pokerscore.histories.reading import read_histories

    file_name, encoding = FILES[name]
    source = FIXTURES / name.partition("-")[0] / file_name
    per_copy = sum(1 for _ in read_histories(source))
    text = source.read_bytes().decode(encoding)
    if name == "ipoker":  # sessions follow one another: a copy is whole sessions
        text = text.rstrip() + "\n</session>\n"
    if name == "boss":  # the hands inside one <ROOT>, written once
        text = text[text.index("<HISTORY ") :]
    if name == "microgaming":  # the flat file's marker, written once
        text = text.removeprefix("----PRIMA.DAT----")
    copies = max(1, hands // per_copy)
    path = folder / f"{name}{source.suffix}"
    body = (text.rstrip("\n") + "\n\n") * copies
    if name == "boss":
        body = "<ROOT>\n" + body
    if name == "microgaming":
        body = "----PRIMA.DAT----" + body
    written = WRITTEN.get(name, "utf-16" if encoding == "utf-16" else "utf-8")
    path.write_bytes(body.encode(written))
    return path


def _seats_and_actions(path: Path) -> int:
    """The hands of ``path`` by ``read_histories``, every hand's seats and actions read (as
    ``bench_history_results``' way; a bad hand counted too)."""
    from pokerscore.histories.model import HandHistory
    from pokerscore.histories.reading import read_histories

    hands = 0
    total = 0
    for hand in read_histories(path):
        hands += 1
        if isinstance(hand, HandHistory):
            total += sum(seat.stack for seat in hand.seats) + len(hand.actions)
    return hands


def _rate(
    path: Path, replayed: bool, rounds: int, actions: bool = False
) -> tuple[int, float, float]:
    """The hands of ``path`` (read, or read and replayed; ``actions``: read, every hand's seats
    and actions read) and the best rates of ``rounds``: by the wall clock and by this
    process's CPU time."""
    from pokerscore.histories.reading import read_histories
    from pokerscore.histories.results import history_results

    best = best_cpu = 0.0
    count = 0
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        if replayed:
            count = sum(1 for _ in history_results(path))
        elif actions:
            count = _seats_and_actions(path)
        else:
            count = sum(1 for _ in read_histories(path))
        cpu = time.process_time() - start_cpu
        best = max(best, count / (time.perf_counter() - start))
        best_cpu = max(best_cpu, count / cpu if cpu else 0.0)
    return count, best, best_cpu


def main() -> None:
    hands = int(os.environ.get("BENCH_SITES_HANDS", "20000"))
    rounds = int(os.environ.get("BENCH_SITES_ROUNDS", "3"))
    chosen = os.environ.get("BENCH_SITES_FORMATS", "")
    names = [name.strip() for name in chosen.split(",") if name.strip()] or list(FILES)
    unknown = sorted(set(names) - set(FILES))
    if unknown:
        raise SystemExit(f"error: BENCH_SITES_FORMATS names no format: {', '.join(unknown)}")
    print(machine())
    print(f"load average at the start: {os.getloadavg()}")
    replay = os.environ.get("BENCH_SITES_REPLAY", "1") != "0"
    actions = os.environ.get("BENCH_SITES_ACTIONS", "0") == "1"
    print(
        "| format | hands | read hands/s | read hands per CPU s |"
        + (" seats and actions read per CPU s |" if actions else "")
        + (" read and replayed hands/s | read and replayed per CPU s |" if replay else "")
        + " target |"
    )
    print(
        "|---|---:|---:|---:|"
        + ("---:|" if actions else "")
        + ("---:|---:|" if replay else "")
        + "---:|"
    )
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            path = _repeated(name, Path(folder), hands)
            count, read, read_cpu = _rate(path, False, rounds)
            if actions:
                read_cpu_text = f"{read_cpu:,.0f} | {_rate(path, False, rounds, True)[2]:,.0f}"
            else:
                read_cpu_text = f"{read_cpu:,.0f}"
            both = ""
            if replay:
                _, replayed, replayed_cpu = _rate(path, True, rounds)
                both = f" {replayed:,.0f} | {replayed_cpu:,.0f} |"
            print(
                f"| {name} | {count:,} | {read:,.0f} | {read_cpu_text} |{both} {TARGET:,} |",
                flush=True,
            )
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
