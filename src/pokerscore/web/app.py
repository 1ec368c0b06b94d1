"""The server: Starlette routes for the API (:mod:`pokerscore.web.api`), the OpenAPI page and
the pages shipped in ``static/`` (no CDN: everything the browser loads comes from here).

Every answer of ``/api/`` is JSON: a result with 200, or ``{"error": "one line"}`` with 400 (a
request the API cannot read), 404, 413 (a body over :data:`MAX_BODY_BYTES`) or 422 (the library
refused the input, too much work included: it refuses that up front). Work runs on a pool of
:data:`WORKERS` threads, never on the event loop, so a long computation does not hold up the
other requests; a client that goes away stops the work of a cancellable endpoint (equity, board,
video poker's analysis and strategy) at its next progress report (answered 499, for the log:
nobody reads it).

A request to a cancellable endpoint that accepts ``application/x-ndjson`` gets its answer
streamed as JSON lines: ``{"done": d, "total": t}`` as the work advances (at most one a
:data:`POLL_SECONDS`), then ``{"status": 200, "result": {…}}`` or ``{"status": 4xx, "error": "one
line"}`` (the HTTP status is 200: it was sent before the work ended).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pokerscore._support.errors import PokerScoreError, one_line
from pokerscore.web.api import BY_PATH, RequestError, openapi
from pokerscore.web.games import Games

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from pokerscore.web.api import Endpoint

STATIC: Final = Path(__file__).parent / "static"
"""The pages, scripts and styles the server ships."""

MAX_BODY_BYTES: Final = 256 * 1024
"""The largest request body read (a range or a list of hands is a few kilobytes)."""

WORKERS: Final = 4
"""Threads that run the library's work (Numba kernels release the GIL)."""

POLL_SECONDS: Final = 0.1
"""How often a request waiting on its work looks whether its client is still there."""

STREAM: Final = "application/x-ndjson"
"""The media type of a streamed answer: progress lines, then the answer's line."""

CLIENT_GONE: Final = 499
"""The status of a request whose client went away before the answer (nginx's code)."""

log = logging.getLogger("pokerscore.web")


class Cancelled(Exception):
    """Raised in a worker thread, from the library's progress report, to stop the work of a
    request whose client has gone."""


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


class _Work:
    """An endpoint's answer running on the pool: its latest progress, and the flag that stops
    it (checked at each progress report, in the worker thread)."""

    def __init__(self, request: Request, endpoint: Endpoint, arguments: dict[str, object]) -> None:
        self.endpoint = endpoint
        self.gone = threading.Event()
        self.reported: tuple[int, int] | None = None
        if endpoint.cancellable:
            arguments["progress"] = self._progress
        if endpoint.playing:
            arguments["games"] = request.app.state.games
        pool: ThreadPoolExecutor = request.app.state.pool
        self.future = asyncio.get_running_loop().run_in_executor(
            pool, partial(endpoint.answer, **arguments)
        )
        self.future.add_done_callback(self._ended)

    def _progress(self, done: int, total: int) -> None:
        if self.gone.is_set():
            raise Cancelled
        self.reported = (done, total)

    def _ended(self, future: asyncio.Future[dict[str, object]]) -> None:
        if not future.cancelled() and isinstance(future.exception(), Cancelled):
            log.info("/api/%s stopped: the client went away", self.endpoint.path)

    async def wait(self, request: Request) -> bool:
        """Wait up to :data:`POLL_SECONDS` for the answer; whether it is there. A client gone
        stops the work (at its next report)."""
        if (await asyncio.wait({self.future}, timeout=POLL_SECONDS))[0]:
            return True
        if await request.is_disconnected():
            self.gone.set()
        return False


def _outcome(work: _Work) -> tuple[int, dict[str, object]]:
    """The status and JSON object of finished work: its answer, or one line of error."""
    try:
        return 200, work.future.result()
    except Cancelled:
        return CLIENT_GONE, {"error": "cancelled: the client went away"}
    except RequestError as error:
        return 400, {"error": one_line(str(error))}
    except PokerScoreError as error:
        return 422, {"error": one_line(str(error))}
    except Exception:  # a bug: logged here, one line for the client, never a traceback
        log.exception("unexpected error in /api/%s", work.endpoint.path)
        return 500, {"error": "internal error (logged by the server)"}


async def _lines(request: Request, work: _Work) -> AsyncIterator[bytes]:
    """The streamed answer: progress lines while the work runs, then its outcome. A client that
    goes away (found by a look, or by a line that cannot be sent) stops the work."""
    try:
        shown = None
        while not await work.wait(request):
            if work.gone.is_set():
                await asyncio.wait({work.future})  # its thread is free again before we end
                return
            if work.reported != shown and work.reported is not None:
                shown = work.reported
                yield (json.dumps({"done": shown[0], "total": shown[1]}) + "\n").encode()
        status, payload = _outcome(work)
        yield (
            json.dumps({"status": status, **({"result": payload} if status == 200 else payload)})
            + "\n"
        ).encode()
    finally:
        if not work.future.done():
            work.gone.set()


async def _body(request: Request) -> bytes | None:
    """The request body, or None past :data:`MAX_BODY_BYTES` (read no further than that)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        return None
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


async def answer(request: Request) -> Response:
    """``POST /api/<endpoint>``: the endpoint's JSON answer, or one line of error."""
    endpoint = BY_PATH.get(request.path_params["path"])
    if endpoint is None:
        return _error(f"no such endpoint: /api/{request.path_params['path'][:40]}", 404)
    body = await _body(request)
    if body is None:
        return _error(f"the request body is larger than {MAX_BODY_BYTES:,} bytes", 413)
    try:
        parsed = json.loads(body or b"{}")
    except (ValueError, RecursionError):
        return _error("the request body is not JSON", 400)
    try:
        arguments = endpoint.arguments(parsed)
    except RequestError as error:
        return _error(str(error), 400)
    work = _Work(request, endpoint, arguments)
    if endpoint.cancellable and STREAM in request.headers.get("accept", ""):
        return StreamingResponse(_lines(request, work), media_type=STREAM)
    while not await work.wait(request):
        pass  # a client gone: the work stops at its next report (and its thread is free again)
    status, payload = _outcome(work)
    return JSONResponse(payload, status_code=status)


async def not_allowed(request: Request) -> Response:
    return _error(f"use POST with a JSON object for /api/{request.path_params['path'][:40]}", 405)


async def openapi_json(request: Request) -> Response:
    return JSONResponse(openapi())


def _page(name: str) -> Route:
    async def show(request: Request) -> Response:
        return FileResponse(STATIC / name, media_type="text/html")

    return Route("/" if name == "index.html" else f"/{name.removesuffix('.html')}", show)


@asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    with ThreadPoolExecutor(WORKERS, thread_name_prefix="pokerscore-web") as pool:
        app.state.pool = pool
        try:
            yield
        finally:
            app.state.games.close()


def create_app(*, history: Path | str | None = None) -> Starlette:
    """The web app: the pages, ``/static/``, the API and its description at ``/api/docs``;
    the video poker games keep their hands in ``history`` (``None``: the terminal game's
    default file)."""
    docs = Route("/api/docs", lambda request: FileResponse(STATIC / "docs.html"))
    app = Starlette(
        routes=[
            _page("index.html"),
            _page("board.html"),
            _page("videopoker.html"),
            _page("videopoker-play.html"),
            docs,
            Route("/api/openapi.json", openapi_json),
            Route("/api/{path:path}", answer, methods=["POST"]),
            Route("/api/{path:path}", not_allowed, methods=["GET", "PUT", "DELETE", "PATCH"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=_lifespan,
    )
    app.state.games = Games(history)
    return app
