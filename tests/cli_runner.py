"""A Typer test runner that keeps stderr apart from stdout under every Click the bounds allow, and
builds the command line's Click commands once.

Typer's runner turns the app into Click commands on every ``invoke`` (``typer.main.get_command``:
the signatures and type hints of every command read again), about 30 ms of CPU, nearly all of an
invoke's time, in the hundreds of commands the tests run (2026-11-28, session 24: the property
tests of ``test_cli_fuzz`` alone invoke it some 1,200 times). The commands are built once per app
here and reused: a command looks up what it calls when it runs, so the tests' ``monkeypatch`` of
a helper (``terminal_attached``, ``open_history``, a text limit) still reaches it. A Typer
without the private name it builds through (``typer.testing._get_command``) builds them per
invoke, as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import typer.testing
from typer import Typer
from typer.main import get_command
from typer.testing import CliRunner, Result

_COMMANDS: dict[int, tuple[Typer, Any]] = {}


def _built_once(app: Typer) -> Any:
    """``app``'s Click command, built on the first call for it (the app kept beside it, so that
    its id is not reused by another)."""
    found = _COMMANDS.get(id(app))
    if found is None or found[0] is not app:
        found = _COMMANDS[id(app)] = (app, get_command(app))
    return found[1]


class _Runner(CliRunner):
    def invoke(  # type: ignore[override]
        self,
        app: Typer,
        args: str | Sequence[str] | None = None,
        input: bytes | str | None = None,
        env: Mapping[str, str | None] | None = None,
        catch_exceptions: bool = True,
        color: bool = False,
        **extra: Any,
    ) -> Result:
        builds = getattr(typer.testing, "_get_command", None)
        if builds is not get_command:  # another Typer: its own way
            return super().invoke(app, args, input, env, catch_exceptions, color, **extra)
        typer.testing._get_command = _built_once  # type: ignore[attr-defined]
        try:
            return super().invoke(app, args, input, env, catch_exceptions, color, **extra)
        finally:
            typer.testing._get_command = builds  # type: ignore[attr-defined]


def separate_streams_runner() -> CliRunner:
    """Click before 8.2 mixes stderr into stdout unless told not to; 8.2 dropped the option."""
    try:
        return _Runner(mix_stderr=False)  # type: ignore[call-arg, unused-ignore]
    except TypeError:
        return _Runner()
