"""Run every benchmark (each ``benchmarks/bench_*.py`` module's ``main()``) in one process."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path


def main() -> None:
    """Import and run the benchmark modules in name order, or those named on the command line."""
    names = sorted(path.stem for path in Path(__file__).parent.glob("bench_*.py"))
    chosen = [name for name in names if not sys.argv[1:] or name in sys.argv[1:]]
    for name in chosen:
        print(f"\n## {name}\n", flush=True)
        importlib.import_module(f"benchmarks.{name}").main()


if __name__ == "__main__":
    main()
