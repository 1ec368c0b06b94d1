"""``serve``: the local web app and its HTTP API (the ``web`` extra)."""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
from typing import Annotated

import typer
from rich.text import Text

from pokerscore.cli.commands.play import DbOption
from pokerscore.cli.output import JsonOption, error_console, fail, print_json

LOOPBACK_NAMES = ("localhost",)


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (port 0: any free one), or one error line."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        # TCP named: asyncio turns Nagle's algorithm off only on sockets it sees as TCP, and
        # with it on, each answer's body waited 40 ms for the ACK of its headers
        sock = socket.socket(info[0], socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[4])
        sock.listen(128)
    except OSError as error:
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
    return sock


def serve_command(
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on. Any other than localhost lets other machines connect"
            " (with a warning).",
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="The port (0: any free one).")
    ] = 8000,
    open_page: Annotated[
        bool, typer.Option("--open", help="Open the equity page in the web browser.")
    ] = False,
    db: DbOption = None,
    json_output: JsonOption = False,
) -> None:
    """Serve the web pages and the HTTP API (under /api/, described at /api/docs) until Ctrl+C.

    The first line printed is the address, port 0 resolved (with --json, one JSON object
    holding it as url). Every page works offline. The video poker game keeps its hands in the
    terminal game's history (--db another file).
    """
    from pokerscore._support.extras import MissingExtraError, require, require_extra

    try:
        require_extra("web", "pokerscore serve")
        require("uvicorn", "web", "pokerscore serve")
    except MissingExtraError as error:
        fail(str(error))
    if not _is_loopback(host):
        error_console.print(
            Text(f"warning: listening on {host}: other machines can reach this server"),
            soft_wrap=True,
        )
    sock = _listen(host, port)
    import uvicorn

    from pokerscore.web.app import create_app

    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{bound}/"
    if json_output:
        print_json({"url": url})
    else:
        print(f"pokerscore serving on {url} (Ctrl+C stops)")
    sys.stdout.flush()
    if open_page:
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (url,)).start()
    app = create_app(local_folders=_is_loopback(host), history=db)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])  # Ctrl+C: uvicorn stops and returns
