"""A long hand-history report through the server's ASGI interface in this process: a client that
goes away stops the run, asked plainly or with its progress streamed."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import pokerscore.histories.running as running
from pokerscore.web.app import CLIENT_GONE, Cancelled, create_app
from pokerscore.web.histories import HistoryFiles

pytestmark = pytest.mark.slow  # the history kernels, compiled on first use; a run of seconds

DATA = Path(__file__).parents[1] / "data" / "histories"
BIG = 24 << 20
"""A file of this many bytes takes seconds to replay (some 20 s on the shared test machine)."""


@pytest.fixture(scope="module")
def big_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of one .phhs file of :data:`BIG` bytes: the side-pot hands over and over."""
    text = (DATA / "side-pots.phhs").read_text()
    hands = [re.sub(r"^#.*\n", "", hand, flags=re.MULTILINE)
             for hand in re.split(r"^\[\d+\]\n", text, flags=re.MULTILINE)[1:]]  # fmt: skip
    folder = tmp_path_factory.mktemp("big")
    with (folder / "big.phhs").open("w") as stream:
        number = 0
        while stream.tell() < BIG:
            for hand in hands:
                number += 1
                stream.write(f"[{number}]\n{hand}\n")
    return folder


def _call(body: dict[str, Any], leave: Callable[[list[bytes]], bool], stream: bool
          ) -> tuple[int, list[bytes]]:  # fmt: skip
    """POST ``body`` to /api/histories/report; the client goes away once ``leave`` says so of
    the body parts received. The status and the body parts."""

    async def run() -> tuple[int, list[bytes]]:
        app = create_app(local_folders=True)
        sent: list[dict[str, Any]] = []
        parts: list[bytes] = []
        first = [{"type": "http.request", "body": json.dumps(body).encode(), "more_body": False}]

        async def receive() -> dict[str, Any]:
            if first:
                return first.pop()
            for _ in range(6000):  # at most ten minutes
                if leave(parts):
                    return {"type": "http.disconnect"}
                await asyncio.sleep(0.1)
            raise AssertionError("the client waited ten minutes")

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)
            if message["type"] == "http.response.body" and message.get("body"):
                parts.append(message["body"])

        headers = [(b"content-type", b"application/json")]
        if stream:
            headers.append((b"accept", b"application/x-ndjson"))
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "POST", "scheme": "http", "path": "/api/histories/report",
                 "raw_path": b"/api/histories/report", "query_string": b"", "root_path": "",
                 "headers": headers, "client": ("127.0.0.1", 1),
                 "server": ("127.0.0.1", 80)}  # fmt: skip
        files = HistoryFiles.create(local_folders=True)
        try:
            with ThreadPoolExecutor(2) as pool:
                app.state.pool = pool
                app.state.histories = files
                await app(scope, receive, send)
        finally:
            files.close()
        status = next(m["status"] for m in sent if m["type"] == "http.response.start")
        return status, parts

    return asyncio.run(run())


_STARTED = threading.Event()
"""Set when a watched run starts (the client of the plain request leaves then)."""


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> list[BaseException | None]:
    """How each run ended (None: to the end), as the runs end."""
    ended: list[BaseException | None] = []
    analyse = running.analyse_histories

    def watching(*args: Any, **kwargs: Any) -> Any:
        _STARTED.set()
        try:
            found = analyse(*args, **kwargs)
        except BaseException as error:
            ended.append(error)
            raise
        ended.append(None)
        return found

    monkeypatch.setattr(running, "analyse_histories", watching)
    return ended


def test_a_client_that_leaves_stops_the_run(big_folder: Path, watched: list[Any]) -> None:
    # Seconds of replaying; the client leaves once the run has started (it left after half a
    # second by the clock, which a quicker host's run could outlast). The server answers once
    # the run has stopped (it waits for its thread), and says so: a run to the end answers 200.
    _STARTED.clear()
    status, parts = _call({"folder": str(big_folder)}, lambda _: _STARTED.is_set(), stream=False)
    assert status == CLIENT_GONE
    assert json.loads(b"".join(parts)) == {"error": "cancelled: the client went away"}
    assert len(watched) == 1 and isinstance(watched[0], Cancelled)


def test_a_streamed_run_stops_when_its_client_leaves(big_folder: Path, watched: list[Any]) -> None:
    # The client reads the first progress line and leaves: the stream ends without a result,
    # and the run stops at its next report (the pool waits for its thread before _call ends: a
    # run that went on to the end would end with None here).
    status, parts = _call({"folder": str(big_folder)}, lambda parts: bool(parts), stream=True)
    assert status == 200
    lines = [json.loads(line) for line in b"".join(parts).splitlines()]
    assert lines and all("progress" in line for line in lines)
    assert len(watched) == 1 and isinstance(watched[0], Cancelled)
