"""The replayer's hand far into a big file: ``histories/hand`` (the web API's function, called
directly, on a folder of this machine) for the last hands of a generated ``.phhs`` file of about
100 MB (the server reads at most 128 MiB of histories a request). The first open finds where
every hand starts (one pass over the bytes, kept while the file is unchanged); later opens read
only the hand's bytes. ``POKERSCORE_BENCH_HANDS`` sets the file's hands (default 170,000),
``POKERSCORE_BENCH_OPENS`` how many opens (default 6: the last hand, then five others). A small
file's hand is opened first, so that the replay's kernels are compiled before the clock runs.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from benchmarks.histories_data import write_phhs


def main() -> None:
    from pokerscore.web.histories import HistoryFiles, one_hand

    hands = int(os.environ.get("POKERSCORE_BENCH_HANDS", "170000"))
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "big.phhs")
        written = write_phhs(path, hands, seed=3)
        store = HistoryFiles.create(local_folders=True)
        context = SimpleNamespace(histories=store)
        times = []
        opens = int(os.environ.get("POKERSCORE_BENCH_OPENS", "6"))
        try:
            warm = Path(folder, "warm")
            warm.mkdir()
            write_phhs(warm / "small.phhs", 20, seed=3)
            one_hand(None, str(warm), "small.phhs", 20, "auto", context)
            for number in (hands, hands - 1, hands - 2, hands // 2, hands - 3, 1)[:opens]:
                start = time.perf_counter()
                answer = one_hand(None, str(path.parent), path.name, number, "auto", context)
                times.append(time.perf_counter() - start)
                assert answer["hand"] == number
        finally:
            store.close()
    print(f"{hands:,} hands, {written / 1e6:.0f} MB; load average {load:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after")  # fmt: skip
    print(f"the last hand, first open: {times[0]:.2f} s")
    later = times[1:]
    if not later:
        return
    print(f"later opens (hands {hands - 1}, {hands - 2}, {hands // 2}, {hands - 3}, 1): "
          f"median {statistics.median(later) * 1e3:.3g} ms "
          f"({min(later) * 1e3:.3g}-{max(later) * 1e3:.3g})")  # fmt: skip


if __name__ == "__main__":
    main()
