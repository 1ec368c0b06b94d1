"""The server's request handling in this process, through the ASGI interface: a client that
goes away stops the work of its request."""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from pokerscore.web.app import CLIENT_GONE, create_app

pytestmark = pytest.mark.slow  # equity kernels, compiled on first use


def _call(body: dict[str, Any], leave_after: float | None) -> tuple[int, dict[str, Any]]:
    """POST ``body`` to /api/equity; the client goes away ``leave_after`` seconds in."""

    async def run() -> tuple[int, dict[str, Any]]:
        app = create_app()
        sent: list[dict[str, Any]] = []
        start = time.monotonic()
        first = [{"type": "http.request", "body": json.dumps(body).encode(), "more_body": False}]

        async def receive() -> dict[str, Any]:
            if first:
                return first.pop()
            if leave_after is not None and time.monotonic() - start > leave_after:
                return {"type": "http.disconnect"}
            await asyncio.sleep(3600)  # still there: the server's look is cancelled
            raise AssertionError("never reached")

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "POST", "scheme": "http", "path": "/api/equity",
                 "raw_path": b"/api/equity", "query_string": b"", "root_path": "",
                 "headers": [(b"content-type", b"application/json")],
                 "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}  # fmt: skip
        with ThreadPoolExecutor(2) as pool:
            app.state.pool = pool
            await app(scope, receive, send)
        status = next(m["status"] for m in sent if m["type"] == "http.response.start")
        payload = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
        return status, json.loads(payload)

    return asyncio.run(run())


def test_a_client_that_stays_gets_its_answer() -> None:
    status, payload = _call({"players": ["AA", "KK"], "samples": 20_000, "seed": 3}, None)
    assert status == 200 and payload["method"] == "monte-carlo" and payload["samples"] >= 20_000


def test_a_client_that_leaves_stops_the_work() -> None:
    # A billion showdowns take minutes; the client leaves after half a second. The answer comes
    # back only once the work has stopped (the server waits for its thread), and says so: a
    # run to the end would answer 200 with the equity.
    body = {"players": ["random", "random"], "samples": 10**9, "seed": 1}
    status, payload = _call(body, leave_after=0.5)
    assert (status, payload) == (CLIENT_GONE, {"error": "cancelled: the client went away"})
