"""The ``pokerscore`` command. Each command module keeps heavy imports inside its functions, so
that a command pays only for what it uses."""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any, Final

import typer
from typer.core import TyperGroup

from pokerscore import __version__
from pokerscore.cards.errors import shorten
from pokerscore.cli.commands import (
    batch,
    board,
    draw,
    hands,
    histories,
    holdem,
    play,
    rankings,
    stats,
    tables,
    videopoker,
)
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


app = typer.Typer(
    name="pokerscore",
    cls=_OneLineErrors,
    help="Score poker hands exactly: cards in any notation, categories, comparisons, statistics.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
videopoker_app = typer.Typer(
    help="Video poker: pay tables, the best hold of a deal, the exact return of a game, "
    "strategy lists, seeds, and the game itself with its history.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
tables_app = typer.Typer(
    help="Exact preflop equity tables: every starting hand against a random hand and against "
    "each other, computed on Dask.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
# Every command, registered here and only here: (group, name, function).
COMMANDS: Final = (
    (app, "score", hands.score_command),
    (app, "compare", hands.compare_command),
    (app, "duel", hands.duel_command),
    (app, "stats", stats.stats_command),
    (app, "rankings", rankings.rankings_command),
    (app, "showdown", holdem.showdown_command),
    (app, "equity", holdem.equity_command),
    (app, "outs", board.outs_command),
    (app, "board", board.board_command),
    (app, "draw", draw.draw_command),
    (app, "batch", batch.batch_command),
    (app, "histories", histories.histories_command),
    (videopoker_app, "paytables", videopoker.paytables_command),
    (videopoker_app, "advise", videopoker.advise_command),
    (videopoker_app, "analyze", videopoker.analyze_command),
    (videopoker_app, "seeds", videopoker.seeds_command),
    (videopoker_app, "strategy", videopoker.strategy_command),
    (videopoker_app, "play", play.play_command),
    (videopoker_app, "history", play.history_command),
    (tables_app, "preflop", tables.preflop_command),
    (tables_app, "show", tables.show_command),
)
for group, name, function in COMMANDS:
    group.command(name)(function)
app.add_typer(videopoker_app, name="videopoker")
app.add_typer(tables_app, name="tables")
use_word_metavars(app)  # after every registration: `CARDS...`, not Typer's `{cards}...`


def _version(show: bool) -> None:
    if show:
        typer.echo(f"pokerscore {__version__}")
        raise typer.Exit()


@app.callback()
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


def main() -> None:
    """Console-script entry point."""
    app()
