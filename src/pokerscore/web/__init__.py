"""pokerscore in the browser: a local server (Starlette on uvicorn, the ``web`` extra) with an
HTTP API under ``/api/`` and the pages that use it (``pokerscore serve``)."""
