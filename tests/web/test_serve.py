"""``pokerscore serve`` itself: a port already taken is one error line, and what counts as
localhost (anything else gets a warning), and the connections it accepts send at once."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest

from pokerscore.cli.commands.serve import _is_loopback, _listen


def test_a_taken_port_is_one_error_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "pokerscore", "serve", "--port", str(port)],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}: ")
    assert result.stderr.count("\n") == 1


def test_a_bad_port_is_one_error_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pokerscore", "serve", "--port", "70000"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 2 and result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1


def test_json_gives_the_address() -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "pokerscore", "serve", "--port", "0", "--json"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        url = json.loads(server.stdout.readline())["url"]
        assert url.startswith("http://127.0.0.1:") and url.endswith("/")
        with urllib.request.urlopen(url + "api/docs", timeout=60) as response:
            assert response.status == 200
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.parametrize(
    ("host", "local"),
    [("127.0.0.1", True), ("localhost", True), ("::1", True), ("127.0.0.2", True),
     ("0.0.0.0", False), ("::", False), ("192.168.1.10", False), ("example.org", False)],
)  # fmt: skip
def test_what_counts_as_localhost(host: str, local: bool) -> None:
    assert _is_loopback(host) is local


def test_the_connections_accepted_send_small_writes_at_once() -> None:
    """Each connection the server's socket accepts has Nagle's algorithm off (TCP_NODELAY), as
    asyncio sets it on TCP sockets: a socket made without naming TCP was not one to asyncio, and
    on a connection the browser keeps, each answer's body waited for the ACK of its headers,
    which the browser delays: 40 ms more on every request the pages make."""

    async def accepted() -> int:
        found: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        class Record(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                sock = transport.get_extra_info("socket")
                found.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        server = await asyncio.get_running_loop().create_server(
            Record, sock=_listen("127.0.0.1", 0)
        )
        async with server:
            port = server.sockets[0].getsockname()[1]
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            try:
                return await asyncio.wait_for(found, 30)
            finally:
                writer.close()

    assert asyncio.run(accepted()) != 0


def test_another_host_is_warned_of() -> None:
    """Only when asked does the server listen beyond this machine, and it warns first (here an
    address of the documentation range, which no interface holds: the warning, then one error
    line, and nothing listens)."""
    result = subprocess.run(
        [sys.executable, "-m", "pokerscore", "serve", "--host", "192.0.2.1", "--port", "0"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    lines = result.stderr.splitlines()
    assert result.returncode == 2 and result.stdout == "" and len(lines) == 2
    assert lines[0] == "warning: listening on 192.0.2.1: other machines can reach this server"
    assert lines[1].startswith("error: cannot listen on 192.0.2.1:0: ")


def test_open_shows_the_page_in_the_browser(tmp_path: Path) -> None:
    """``--open``: the address handed to the user's browser (``$BROWSER``, here a command that
    writes down what it was given)."""
    shown = tmp_path / "shown.txt"
    browser = (
        f"{sys.executable} -c \"import sys; open(sys.argv[1], 'w').write(sys.argv[2])\" {shown} %s"
    )
    server = subprocess.Popen(
        [sys.executable, "-m", "pokerscore", "serve", "--port", "0", "--json", "--open"],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "BROWSER": browser},
    )  # fmt: skip
    try:
        assert server.stdout is not None
        url = json.loads(server.stdout.readline())["url"]
        deadline = time.monotonic() + 60
        while not (shown.exists() and shown.read_text()) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert shown.read_text() == url
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_web_extra_is_in_all() -> None:
    """``pip install pokerscore[all]`` (``make run``) brings the server's dependencies."""
    with (Path(__file__).parents[2] / "pyproject.toml").open("rb") as stream:
        extras = tomllib.load(stream)["project"]["optional-dependencies"]
    assert {requirement.split(">")[0] for requirement in extras["web"]} == {"starlette", "uvicorn"}
    assert "web" in extras["all"][0].split("[")[1].rstrip("]").split(",")
