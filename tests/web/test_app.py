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
) -> tuple[int, str, list[dict[str, Any]]]:
    """POST ``body`` to /api/``path`` asking for JSON lines; the client goes away as soon as
    ``leave(the body chunks so far)`` says so (never a clock). The status, the media type and
    the lines received (one JSON object when the answer is not streamed)."""

    async def run() -> tuple[int, str, list[dict[str, Any]]]:
        app = create_app()
        chunks: list[bytes] = []
        first = [{"type": "http.request", "body": json.dumps(body).encode(), "more_body": False}]
        changed = asyncio.Event()
        start: dict[str, Any] = {}

        async def receive() -> dict[str, Any]:
            if first:
                return first.pop()
            while not leave(chunks):
                changed.clear()
                await changed.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message.get("body"):
                chunks.append(message["body"])
            changed.set()

        scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},  # uvicorn's
                 "http_version": "1.1", "method": "POST", "scheme": "http",
                 "path": f"/api/{path}", "raw_path": f"/api/{path}".encode(), "query_string": b"",
                 "root_path": "", "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80),
                 "headers": [(b"content-type", b"application/json"),
                             (b"accept", STREAM.encode())]}  # fmt: skip
        with ThreadPoolExecutor(2) as pool:  # leaving waits for the work's thread
            app.state.pool = pool
            await app(scope, receive, send)
        media = dict(start["headers"])[b"content-type"].decode()
        lines = [json.loads(line) for line in b"".join(chunks).splitlines()]
        return start["status"], media, lines

    return asyncio.run(run())


def _progressed(chunks: list[bytes]) -> bool:
    return b'"progress"' in b"".join(chunks)


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """An endpoint ``count`` that counts to ``to``, reporting each step, 10 ms a step
    (``steps`` holds the steps taken); it answers ``{"counted": to}``."""
    steps: list[int] = []
    never = threading.Event()

    def count(to: int, progress: Callable[[int, int], None]) -> dict[str, object]:
        for step in range(to):
            progress(step, to)
            steps.append(step)
            never.wait(0.01)
        return {"counted": to}

    endpoint = Endpoint("count", "count", (Field("to", "integer", "how far"),), count, True)
    monkeypatch.setattr(web_app, "BY_PATH", {**BY_PATH, "count": endpoint})
    return steps


def test_a_streamed_answer_reports_progress_then_the_answer(counting: list[int]) -> None:
    status, media, lines = _stream("count", {"to": 100}, leave=lambda chunks: False)
    assert (status, media) == (200, STREAM)
    assert lines[-1] == {"result": {"counted": 100}}
    assert counting == list(range(100))
    reports = [line["progress"] for line in lines[:-1]]
    assert reports == [{"done": step, "total": 100} for step in range(100)]  # each, in order


def test_a_streamed_answer_stops_when_the_client_leaves(counting: list[int]) -> None:
    # A count of a million steps (hours); the client leaves at the first progress line. The
    # work's thread ends at its next step: the pool's shutdown waits for it.
    status, media, lines = _stream("count", {"to": 10**6}, leave=_progressed)
    assert (status, media) == (200, STREAM) and all("progress" in line for line in lines)
    assert 0 < len(counting) < 10**6


def test_a_streamed_refusal_before_any_work_is_one_error() -> None:
    status, media, lines = _stream("equity", {"players": ["AA", "QQ++"]}, leave=lambda c: False)
    assert (status, media) == (422, "application/json") and "range" in lines[0]["error"]


def test_a_streamed_equity_stops_when_the_client_leaves(caplog: pytest.LogCaptureFixture) -> None:
    # The real work: a billion showdowns, left at the first progress report; the server's log
    # says the work stopped (a run to the end would take minutes and log nothing).
    caplog.set_level(logging.INFO, logger="pokerscore.web")
    body = {"players": ["random", "random"], "samples": 10**9, "seed": 1}
    status, media, lines = _stream("equity", body, leave=_progressed)
    assert (status, media) == (200, STREAM) and all("progress" in line for line in lines)
    assert "/api/equity stopped: the client went away" in caplog.messages
