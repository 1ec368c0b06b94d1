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
from starlette.responses import FileResponse, JSONResponse, Response
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
    except RequestError as error:
        return _error(str(error), 400)
    except PokerScoreError as error:
        return _error(str(error), 422)
    except Exception:  # a bug: logged here, one line for the client, never a traceback
        log.exception("unexpected error in /api/%s", endpoint.path)
        return _error("internal error (logged by the server)", 500)
    return JSONResponse(payload)


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


def create_app() -> Starlette:
    """The web app: the pages, ``/static/``, the API and its description at ``/api/docs``."""
    docs = Route("/api/docs", lambda request: FileResponse(STATIC / "docs.html"))
    return Starlette(
        routes=[
            _page("index.html"),
            _page("board.html"),
            _page("videopoker.html"),
            docs,
            Route("/api/openapi.json", openapi_json),
            Route("/api/{path:path}", answer, methods=["POST"]),
            Route("/api/{path:path}", not_allowed, methods=["GET", "PUT", "DELETE", "PATCH"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=_lifespan,
    )
