"""The server: Starlette routes for the API (:mod:`pokerscore.web.api`), the OpenAPI page and
the pages shipped in ``static/`` (no CDN: everything the browser loads comes from here).

Every answer of ``/api/`` is JSON: a result with 200, or ``{"error": "one line"}`` with 400 (a
request the API cannot read), 404, 413 (a body over :data:`MAX_BODY_BYTES`) or 422 (the library
refused the input, too much work included: it refuses that up front). Work runs on a pool of
:data:`WORKERS` threads, never on the event loop, so a long computation does not hold up the
other requests; a client that goes away stops the work of a cancellable endpoint (equity) at its
next progress report (answered 499, for the log: nobody reads it).
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

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

STATIC: Final = Path(__file__).parent / "static"
"""The pages, scripts and styles the server ships."""

MAX_BODY_BYTES: Final = 256 * 1024
"""The largest request body read (a range or a list of hands is a few kilobytes)."""

WORKERS: Final = 4
"""Threads that run the library's work (Numba kernels release the GIL)."""

POLL_SECONDS: Final = 0.1
"""How often a request waiting on its work looks whether its client is still there."""

CLIENT_GONE: Final = 499
"""The status of a request whose client went away before the answer (nginx's code)."""

STREAM: Final = "application/x-ndjson"
"""The answer of a cancellable endpoint asked for its progress: JSON lines."""

UPLOAD_CHECK_BYTES: Final = 1 << 20
"""An upload's size is checked against the limits every this many bytes as it streams in."""

log = logging.getLogger("pokerscore.web")


class Cancelled(Exception):
    """Raised in a worker thread, from the library's progress report, to stop the work of a
    request whose client has gone."""


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status)


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
        if endpoint.context:
            arguments["context"] = request.app.state
        if endpoint.cancellable and STREAM in request.headers.get("accept", ""):
            return await _streamed(request, endpoint.path, partial(endpoint.answer, **arguments))
        gone = threading.Event()
        if endpoint.cancellable:

            def progress(done: int, total: int) -> None:
                if gone.is_set():
                    raise Cancelled

            arguments["progress"] = progress
        pool: ThreadPoolExecutor = request.app.state.pool
        work = asyncio.get_running_loop().run_in_executor(
            pool, partial(endpoint.answer, **arguments)
        )
        while not (await asyncio.wait({work}, timeout=POLL_SECONDS))[0]:
            if await request.is_disconnected():
                gone.set()  # the work stops at its next report (and its thread is free again)
        payload = await work
    except Cancelled:
        log.info("/api/%s stopped: the client went away", endpoint.path)
        return _error("cancelled: the client went away", CLIENT_GONE)
    except PokerScoreError as error:
        return _error(str(error), _status(error))
    except Exception:  # a bug: logged here, one line for the client, never a traceback
        log.exception("unexpected error in /api/%s", endpoint.path)
        return _error("internal error (logged by the server)", 500)
    return JSONResponse(payload)


def _status(error: PokerScoreError) -> int:
    """A refusal's HTTP status: 400 a request the API cannot read, 413 past a size limit, 422
    the library's no."""
    from pokerscore.web.histories import TooLarge

    if isinstance(error, RequestError):
        return 400
    return 413 if isinstance(error, TooLarge) else 422


async def _streamed(request: Request, path: str, work: partial[dict[str, object]]) -> Response:
    """A cancellable endpoint's answer as JSON lines (``Accept: application/x-ndjson``):
    ``{"progress": {"done": …, "total": …}}`` as the work advances, then ``{"result": …}`` or
    ``{"error": "one line", "status": …}``. A refusal before the first report is a plain error
    answer with its status. The client going away (the stream's send failing, or the server
    noticing the disconnect) stops the work at its next report."""
    loop = asyncio.get_running_loop()
    events: asyncio.Queue[dict[str, object]] = asyncio.Queue()
    gone = threading.Event()

    def progress(done: int, total: int) -> None:
        if gone.is_set():
            raise Cancelled
        event: dict[str, object] = {"progress": {"done": done, "total": total}}
        loop.call_soon_threadsafe(events.put_nowait, event)

    pool: ThreadPoolExecutor = request.app.state.pool
    running = loop.run_in_executor(pool, partial(work, progress=progress))

    def ending() -> dict[str, object]:
        try:
            return {"result": running.result()}
        except Cancelled:
            return {"error": "cancelled: the client went away", "status": CLIENT_GONE}
        except PokerScoreError as error:
            return {"error": one_line(str(error)), "status": _status(error)}
        except Exception:
            log.exception("unexpected error in /api/%s", path)
            return {"error": "internal error (logged by the server)", "status": 500}

    async def next_event() -> dict[str, object] | None:
        """The next progress report, or None once the work is over and reported."""
        while True:
            if not events.empty():
                return events.get_nowait()
            if running.done():
                return None
            waiting = asyncio.ensure_future(events.get())
            finished, _ = await asyncio.wait({waiting, running}, timeout=POLL_SECONDS,
                                             return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
            if waiting in finished:
                return waiting.result()
            waiting.cancel()
            if not finished and await request.is_disconnected():
                gone.set()

    first = await next_event()
    if first is None:
        end = ending()
        if "error" in end:
            return _error(str(end["error"]), int(str(end["status"])))
        return JSONResponse(end["result"])

    async def lines() -> AsyncIterator[bytes]:
        try:
            event: dict[str, object] | None = first
            while event is not None:
                yield json.dumps(event).encode() + b"\n"
                event = await next_event()
            yield json.dumps(ending()).encode() + b"\n"
        finally:
            if not running.done():
                gone.set()  # the client went away: the work stops at its next report
                log.info("/api/%s stopped: the client went away", path)
                running.add_done_callback(lambda work: work.cancelled() or work.exception())

    return StreamingResponse(lines(), media_type=STREAM)


async def upload(request: Request) -> Response:
    """``POST /api/histories/upload?name=FILE[&upload=ID]``: one hand-history file, the raw
    bytes as the body, streamed into the server's temporary folder; the upload's files."""
    from pokerscore.web.histories import HistoryFiles, TooLarge

    store: HistoryFiles = request.app.state.histories
    name = request.query_params.get("name", "")
    declared = request.headers.get("content-length", "")
    try:
        target = store.upload_target(
            request.query_params.get("upload"),
            name,
            int(declared) if declared.isdigit() else None,
        )
        folder = target.parent
        partial_file = folder / f".{target.name}.part"  # hidden: no run reads it
        try:
            with partial_file.open("wb") as stream:
                size, check = 0, UPLOAD_CHECK_BYTES
                async for chunk in request.stream():
                    size += len(chunk)
                    if size >= check:  # refused as soon as it is past the limits
                        store.check_room(folder, size)
                        check = size + UPLOAD_CHECK_BYTES
                    stream.write(chunk)
            store.check_room(folder, size)
            partial_file.rename(target)
        finally:
            partial_file.unlink(missing_ok=True)
        return JSONResponse(store.listing(folder.name))
    except PokerScoreError as error:
        return _error(str(error), 413 if isinstance(error, TooLarge) else 400)


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
        yield


def create_app(*, local_folders: bool = False, history: Path | str | None = None) -> Starlette:
    """The web app: the pages, ``/static/``, the API and its description at ``/api/docs``.
    ``local_folders``: whether a request may name a folder of this machine (hand histories):
    for a server that listens on localhost only. The video poker games keep their hands in
    ``history`` (``None``: the terminal game's default file)."""
    from pokerscore.web.games import Games
    from pokerscore.web.histories import HistoryFiles

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        app.state.histories = HistoryFiles.create(local_folders=local_folders)
        app.state.games = Games(history)
        try:
            async with _lifespan(app):
                yield
        finally:
            app.state.games.close()
            app.state.histories.close()

    docs = Route("/api/docs", lambda request: FileResponse(STATIC / "docs.html"))
    return Starlette(
        routes=[
            _page("index.html"),
            _page("board.html"),
            _page("videopoker.html"),
            _page("histories.html"),
            _page("preflop.html"),
            _page("videopoker-play.html"),
            docs,
            Route("/api/openapi.json", openapi_json),
            Route("/api/histories/upload", upload, methods=["POST"]),
            Route("/api/{path:path}", answer, methods=["POST"]),
            Route("/api/{path:path}", not_allowed, methods=["GET", "PUT", "DELETE", "PATCH"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
