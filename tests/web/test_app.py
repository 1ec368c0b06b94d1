"""The server's request handling in this process, through the ASGI interface: a client that
goes away stops the work of its request; a streamed answer reports progress, then the answer."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from pokerscore.web import app as web_app
from pokerscore.web.api import BY_PATH, Endpoint, Field
from pokerscore.web.app import CLIENT_GONE, STREAM, create_app

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


def _stream(
    path: str, body: dict[str, Any], leave: Callable[[list[bytes]], bool]
) -> list[dict[str, Any]]:
    """POST ``body`` to /api/``path`` asking for JSON lines; the client goes away as soon as
    ``leave(the body chunks so far)`` says so (never a clock). The lines received."""

    async def run() -> list[dict[str, Any]]:
        app = create_app()
        chunks: list[bytes] = []
        first = [{"type": "http.request", "body": json.dumps(body).encode(), "more_body": False}]
        changed = asyncio.Event()

        async def receive() -> dict[str, Any]:
            if first:
                return first.pop()
            while not leave(chunks):
                changed.clear()
                await changed.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = dict(message["headers"])
                assert message["status"] == 200 and headers[b"content-type"] == STREAM.encode()
            elif message.get("body"):
                chunks.append(message["body"])
            changed.set()

        scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"},
                 "http_version": "1.1", "method": "POST", "scheme": "http",
                 "path": f"/api/{path}", "raw_path": f"/api/{path}".encode(), "query_string": b"",
                 "root_path": "", "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80),
                 "headers": [(b"content-type", b"application/json"),
                             (b"accept", STREAM.encode())]}  # fmt: skip
        with ThreadPoolExecutor(2) as pool:  # leaving waits for the work's thread
            app.state.pool = pool
            await app(scope, receive, send)
        return [json.loads(line) for line in b"".join(chunks).splitlines()]

    return asyncio.run(run())


def _progressed(chunks: list[bytes]) -> bool:
    return b'"done"' in b"".join(chunks)


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """An endpoint ``count`` that counts to ``to``, reporting each step and waiting between
    steps until the test lets it go on (``steps`` holds the steps taken); it answers
    ``{"counted": to}``."""
    steps: list[int] = []
    go_on = threading.Event()

    def count(to: int, progress: Callable[[int, int], None]) -> dict[str, object]:
        for step in range(to):
            progress(step, to)
            steps.append(step)
            go_on.wait(0.01)
        return {"counted": to}

    endpoint = Endpoint("count", "count", (Field("to", "integer", "how far"),), count, True)
    monkeypatch.setattr(web_app, "BY_PATH", {**BY_PATH, "count": endpoint})
    return steps


def test_a_streamed_answer_reports_progress_then_the_answer(counting: list[int]) -> None:
    lines = _stream("count", {"to": 100}, leave=lambda chunks: False)
    assert lines[-1] == {"status": 200, "result": {"counted": 100}}
    assert counting == list(range(100))
    reports = lines[:-1]
    assert reports and all(line["total"] == 100 for line in reports)  # 100 steps of 10 ms
    done = [line["done"] for line in reports]
    assert done == sorted(set(done)) and done[-1] < 100  # each report new, in order


def test_a_streamed_answer_stops_when_the_client_leaves(counting: list[int]) -> None:
    # A count of a million steps (hours); the client leaves at the first progress line. The
    # work's thread ends at its next step: the pool's shutdown waits for it.
    lines = _stream("count", {"to": 10**6}, leave=_progressed)
    assert lines and all("done" in line for line in lines)  # no answer line: nobody read it
    assert 0 < len(counting) < 10**6


def test_a_streamed_error_is_one_line() -> None:
    lines = _stream("equity", {"players": ["AA", "QQ++"]}, leave=lambda chunks: False)
    assert lines[-1]["status"] == 422 and "range" in lines[-1]["error"]


def test_a_streamed_equity_stops_when_the_client_leaves(caplog: pytest.LogCaptureFixture) -> None:
    # The real work: a billion showdowns, left at the first progress report; the server's log
    # says the work stopped (a run to the end would take minutes and log nothing).
    caplog.set_level(logging.INFO, logger="pokerscore.web")
    body = {"players": ["random", "random"], "samples": 10**9, "seed": 1}
    lines = _stream("equity", body, leave=_progressed)
    assert lines and all("done" in line for line in lines)
    assert "/api/equity stopped: the client went away" in caplog.messages
