"""A real server for the web tests: ``pokerscore serve --port 0`` in a process of its own, on
127.0.0.1 only, stopped when the tests end."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest


@dataclass(frozen=True)
class Server:
    url: str
    history: Path | None = None
    """The video poker games' history file (``serve --db``)."""

    def post(self, path: str, body: object, *, raw: bytes | None = None) -> tuple[int, dict]:
        """``POST /api/<path>`` with ``body`` as JSON (or ``raw`` bytes): status and JSON."""
        data = raw if raw is not None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}api/{path}", data=data, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=600) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def get(self, path: str) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


WEB = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here in one xdist group, first in the run: under `make unit` they run on one
    worker, which starts the session's ``server`` (a process importing pokerscore and loading
    the kernels its answers need) and test_pages' Chromium once (dealt out test by test, both
    workers started their own: 6 s of CPU more). First, because a group is handed out whole in
    the order of the tests: last (as the folder comes), its minute of CPU ran on one worker
    while the other had nothing left."""
    web = [item for item in items if WEB in item.path.parents]
    for item in web:
        item.add_marker(pytest.mark.xdist_group("web server"))
    items[:] = web + [item for item in items if WEB not in item.path.parents]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    history = tmp_path_factory.mktemp("web") / "videopoker.sqlite3"  # never the user's own
    serve = ["serve", "--host", "127.0.0.1", "--port", "0", "--db", str(history)]
    process = subprocess.Popen(
        [sys.executable, "-m", "pokerscore", *serve],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("pokerscore serving on http://127.0.0.1:"), line + (
            process.stderr.read() if process.stderr else ""
        )
        running = Server(line.split()[3], history)
        # Compile the equity kernels the pages use before any test waits on them.
        status, _ = running.post("equity", {"players": ["QQ+, AKs", "random"]})
        assert status == 200
        yield running
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def close_page(browser: Any) -> None:
    """Close the page's tab, going on in a new one. Going to ``about:blank`` instead left the
    page's four streams open about 60 s (``ss`` showed their connections established till then,
    the server computing all the while); a closed tab closes them at once."""
    page = browser.current_window_handle
    browser.switch_to.new_window("tab")
    other = browser.current_window_handle
    browser.switch_to.window(page)
    browser.close()
    browser.switch_to.window(other)


@pytest.fixture(autouse=True)
def _page_closed_after_its_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test that drives the browser, its page is closed, pass or fail, so that no
    request of one test's page runs on into the next. A page left by ``browser.get`` kept its
    connections open about a minute, the server computing for it all the while: a pay table's
    strategy list left running when its test timed out under load held a thread of the server's
    pool and the cores, and the next test waited on it too."""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    if browser is not None:
        close_page(browser)
