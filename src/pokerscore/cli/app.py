"""The ``pokerscore`` command. Each command module keeps heavy imports inside its functions, so
that a command pays only for what it uses."""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from pokerscore import __version__
from pokerscore.cards.errors import shorten
from pokerscore.cli.commands import (
    batch,
    draw,
    hands,
    histories,
    holdem,
    rankings,
    stats,
    tables,
    videopoker,
)
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
app.command("score")(hands.score_command)
app.command("compare")(hands.compare_command)
app.command("duel")(hands.duel_command)
app.command("stats")(stats.stats_command)
app.command("rankings")(rankings.rankings_command)
app.command("showdown")(holdem.showdown_command)
app.command("equity")(holdem.equity_command)
app.command("draw")(draw.draw_command)
app.command("batch")(batch.batch_command)
app.command("histories")(histories.histories_command)
app.add_typer(videopoker.app, name="videopoker")
app.add_typer(tables.app, name="tables")


def _version(show: bool) -> None:
    if show:
        typer.echo(f"pokerscore {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Score poker hands exactly: cards in any notation, categories, comparisons, statistics."""


def main() -> None:
    """Console-script entry point."""
    app()
