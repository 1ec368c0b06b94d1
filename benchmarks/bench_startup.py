"""How long a command takes in a fresh process: what a shell user waits for.

Python's bytecode cache is on, as it is for users: the environment variable
PYTHONDONTWRITEBYTECODE (set on some build machines) is removed for the measured processes, since
without the cache every start recompiles pokerscore's sources (about 0.1 s more).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = {
    "pokerscore score Ah Kh Qh Jh Th": ["score", "Ah", "Kh", "Qh", "Jh", "Th"],
    "pokerscore compare (two hands)": ["compare", "5h 5c 6s 7s Kd", "2c 3s 8s 8d Td"],
    "pokerscore --help": ["--help"],
}
TARGET_SECONDS = 0.3
RUNS = 15


def wall_times(arguments: list[str], runs: int = RUNS) -> list[float]:
    """Wall-clock seconds of ``runs`` fresh processes running the command."""
    script = Path(sys.executable).with_name("pokerscore")
    command = (
        [str(script), *arguments]
        if script.exists()
        else [sys.executable, "-m", "pokerscore", *arguments]
    )
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    # The first run writes the bytecode cache and warms the OS file cache.
    subprocess.run(command, capture_output=True, check=True, env=environment)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, env=environment)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    """Print the startup table (median and best of fresh processes)."""
    print("\n## Command start-up (fresh process, wall clock)\n")
    print("| command | median s | best s | target |\n|---|---|---|---|")
    for label, arguments in COMMANDS.items():
        times = wall_times(arguments)
        print(
            f"| `{label}` | {statistics.median(times):.3f} | {min(times):.3f} | "
            f"< {TARGET_SECONDS} s |"
        )


if __name__ == "__main__":
    main()
