"""The ``pokerscore`` command. Each command module keeps heavy imports inside its functions, so
that a command pays only for what it uses."""

from __future__ import annotations

import importlib
import os
import sys
from functools import cache
from typing import Annotated, Any, Final, NoReturn

import typer
from typer.core import TyperGroup

from pokerscore import __version__
from pokerscore.cards.errors import shorten
from pokerscore.cli.metavars import use_word_metavars
from pokerscore.cli.output import BAD_INPUT, report_error

try:  # recent Typer carries its own copy of Click
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # pragma: no cover - older Typer, on the separate Click package
    from click.exceptions import (  # type: ignore[no-redef,import-not-found,assignment,unused-ignore]
        ClickException,
        UsageError,
    )


def _usage_message(error: UsageError) -> str:
    """Click's usage error as one sentence, e.g. ``no such option: --x (see pokerscore --help)``."""
    message = " ".join(shorten(word) for word in error.format_message().split(" "))
    message = message[:1].lower() + message[1:].rstrip(".")
    return f"{message} (see {error.ctx.command_path} --help)" if error.ctx else message


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so that output still buffered cannot fail again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test runner's buffer): nothing is left to flush


def _ascii_safe_streams() -> None:
    """Where stdout or stderr cannot encode Unicode, write escapes rather than crash."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            "♣♦♥♠…".encode(stream.encoding or "ascii")
        except (LookupError, UnicodeEncodeError):
            reconfigure(errors="backslashreplace")


DEBUG_VARIABLE: Final = "POKERSCORE_DEBUG"
"""Set (to anything but 0 or empty) to see the traceback of an unexpected error."""


def _debugging() -> bool:
    return os.environ.get(DEBUG_VARIABLE, "") not in ("", "0")


class _OneLineErrors(TyperGroup):
    """The root command: every failure ends as one line on stderr, never a traceback.

    Click prints usage errors as four lines (usage, hint, blank, error); the README promises
    ``error: ...`` and exit status 2 for every bad command line, like any other bad input.
    """

    def main(  # type: ignore[override]
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        _ascii_safe_streams()
        try:
            result = super().main(args, prog_name, complete_var, False, **extra)
            sys.stdout.flush()
            status = result if isinstance(result, int) else 0
        except UsageError as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # a bare ``pokerscore``: the help
                sys.stdout.write(error.format_message() + "\n")
                status = 0
            else:
                report_error(_usage_message(error))
                status = error.exit_code
        except ClickException as error:
            report_error(error.format_message())
            status = error.exit_code
        except typer.Abort:
            report_error("aborted")
            status = 1
        except BrokenPipeError:  # the reader went away (``| head``): stop quietly
            _discard_stdout()
            status = 1
        except OSError as error:
            if error.filename is None:  # opening and reading files name them: this is stdout
                report_error(f"cannot write the output: {error.strerror or error}")
                _discard_stdout()
            else:
                report_error(f"{error.strerror or error}: {error.filename}")
            status = BAD_INPUT
        except Exception as error:  # a bug of ours: still one line, and how to see the rest
            if _debugging():
                raise
            report_error(
                f"unexpected {type(error).__name__}: {error} (a bug in pokerscore: please report "
                f"it; {DEBUG_VARIABLE}=1 or --debug shows the traceback)"
            )
            status = BAD_INPUT
        sys.exit(status)


ROOT_HELP: Final = (
    "Score poker hands exactly: cards in any notation, categories, comparisons, statistics."
)
GROUP_HELP: Final = {
    "videopoker": "Video poker: pay tables, the best hold of a deal, the exact return of a game, "
    "strategy lists, seeds, and the game itself with its history.",
    "tables": "Exact preflop equity tables: every starting hand against a random hand and "
    "against each other, computed on Dask.",
}
# Every command, registered here and only here: (group, name, module in cli/commands, function).
# A module is imported only when its command is run, or when the whole list is wanted (help).
COMMANDS: Final = (
    ("", "score", "hands", "score_command"),
    ("", "compare", "hands", "compare_command"),
    ("", "duel", "hands", "duel_command"),
    ("", "stats", "stats", "stats_command"),
    ("", "rankings", "rankings", "rankings_command"),
    ("", "showdown", "holdem", "showdown_command"),
    ("", "equity", "holdem", "equity_command"),
    ("", "outs", "board", "outs_command"),
    ("", "board", "board", "board_command"),
    ("", "draw", "draw", "draw_command"),
    ("", "batch", "batch", "batch_command"),
    ("", "histories", "histories", "histories_command"),
    ("", "icm", "tournaments", "icm_command"),
    ("", "pushfold", "tournaments", "pushfold_command"),
    ("videopoker", "paytables", "videopoker", "paytables_command"),
    ("videopoker", "advise", "videopoker", "advise_command"),
    ("videopoker", "analyze", "videopoker", "analyze_command"),
    ("videopoker", "seeds", "videopoker", "seeds_command"),
    ("videopoker", "strategy", "videopoker", "strategy_command"),
    ("videopoker", "play", "play", "play_command"),
    ("videopoker", "history", "play", "history_command"),
    ("tables", "preflop", "tables", "preflop_command"),
    ("tables", "show", "tables", "show_command"),
    ("", "serve", "serve", "serve_command"),
)


def _version(show: bool) -> None:
    if show:
        typer.echo(f"pokerscore {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Show the traceback of an unexpected error.")
    ] = False,
) -> None:
    """Score poker hands exactly: cards in any notation, categories, comparisons, statistics."""
    if debug:
        os.environ[DEBUG_VARIABLE] = "1"


def build(only: str | None = None) -> typer.Typer:
    """The command line: every command, or only the top-level command or group named ``only``
    (what ``pokerscore board ...`` runs, so that it imports no other command's modules)."""
    root = typer.Typer(
        name="pokerscore",
        cls=_OneLineErrors,
        help=ROOT_HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    groups = {"": root}
    for group, text in GROUP_HELP.items():
        groups[group] = typer.Typer(help=text, no_args_is_help=True, rich_markup_mode=None)
    for group, name, module, function in COMMANDS:
        if only in (None, group or name):
            found = importlib.import_module(f"pokerscore.cli.commands.{module}")
            groups[group].command(name)(getattr(found, function))
    for group in GROUP_HELP:
        if only in (None, group):
            root.add_typer(groups[group], name=group)
    root.callback()(_root)
    use_word_metavars(root)  # after every registration: `CARDS...`, not Typer's `{cards}...`
    return root


def _chosen(args: list[str]) -> str | None:
    """The top-level command or group an argument list runs (the root's options are flags), or
    None when it names none that exists (help, a typo: the whole list answers)."""
    first = next((arg for arg in args if not arg.startswith("-")), None)
    known = {group or name for group, name, _, _ in COMMANDS}
    return first if first in known else None


@cache
def _whole() -> typer.Typer:
    return build()


def __getattr__(name: str) -> typer.Typer:
    """``app``: the whole command line, built on first use (for tests and embedding)."""
    if name == "app":
        return _whole()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console-script entry point: builds only the command it runs, and leaves at once when it
    is done (:func:`_leave`)."""
    try:
        build(_chosen(sys.argv[1:]))()
    except SystemExit as done:
        code = done.code
        if code is not None and not isinstance(code, int):
            sys.stderr.write(f"{code}\n")
            code = 1
        _leave(code or 0)
    _leave(0)


def _leave(status: int) -> NoReturn:
    """Flush the output and end the process without the interpreter's teardown, which takes a
    quarter of a second once Numba is loaded (measured: 0.6 s of work, 0.85 s of wall clock).
    Nothing is left to tidy by then: every file is closed and every cluster shut by the command
    itself, in ``with`` blocks."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # the reader went away: nothing more can be said
        status = status or 1
    os._exit(status)
