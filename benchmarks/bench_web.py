"""The web server as a browser meets it: start to first page, API round trips on localhost
against the direct library call, and requests per second under 8 concurrent clients.

Goals (issue 31): the server answers its first page within 2 s of starting; heads-up preflop
equity in at most 50 ms warm, end to end; no request slower than its direct library call by more
than 10 ms. Every request goes to 127.0.0.1, in bounded loops.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

ROUNDS = 15
CLIENTS = 8
PER_CLIENT = 25


def _post(url: str, path: str, body: object) -> bytes:
    request = urllib.request.Request(
        f"{url}api/{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=600) as response:
        return bytes(response.read())


def _median_ms(action: Callable[[], object], rounds: int = ROUNDS) -> float:
    action()  # warm: kernels compiled, tables built
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    from pokerscore.games.holdem.board.breakdown import board_breakdown
    from pokerscore.games.holdem.equity import equity
    from pokerscore.hands import best_hand

    start = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "pokerscore", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().split()[3]
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
        print(f"start to first page: {time.perf_counter() - start:.2f} s (goal 2 s)")
        page = _median_ms(
            lambda: urllib.request.urlopen(url + "static/equity.js", timeout=60).read()
        )
        print(f"a page's script, warm: {page:.1f} ms")
        cases = [
            ("score", {"cards": "Ah Kh Qh Jh Th"}, lambda: best_hand("Ah Kh Qh Jh Th")),
            ("equity AhAs vs KdKc, preflop", {"players": ["AhAs", "KdKc"]},
             lambda: equity(["AhAs", "KdKc"])),
            ("board QQ+, AKs on Ah 7c 2d", {"range": "QQ+, AKs", "board": "Ah 7c 2d"},
             lambda: board_breakdown("QQ+, AKs", "Ah 7c 2d")),
        ]  # fmt: skip
        for name, body, direct in cases:
            path = name.split()[0]
            over_http = _median_ms(lambda path=path, body=body: _post(url, path, body))
            library = _median_ms(direct)
            print(f"{name}: {over_http:.1f} ms over HTTP, {library:.1f} ms direct "
                  f"(+{over_http - library:.1f} ms)")  # fmt: skip

        def client(_: int) -> None:
            for _ in range(PER_CLIENT):
                _post(url, "equity", {"players": ["AhAs", "KdKc"]})

        begun = time.perf_counter()
        with ThreadPoolExecutor(CLIENTS) as pool:
            list(pool.map(client, range(CLIENTS)))
        rate = CLIENTS * PER_CLIENT / (time.perf_counter() - begun)
        print(f"{CLIENTS} clients, heads-up preflop equity: {rate:.0f} requests/s")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
