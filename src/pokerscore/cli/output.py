"""What every command shares: consoles, card colours, JSON output and the user-error boundary."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, suppress
from typing import TYPE_CHECKING, Annotated, Final, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from pokerscore._support.errors import ParameterError, one_line
from pokerscore.cards import Card, PokerScoreError

if TYPE_CHECKING:
    from distributed import Client
    from rich.progress import Progress

console = Console(highlight=False)
error_console = Console(stderr=True, highlight=False)

JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]

BAD_INPUT = 2
"""Exit status for bad input (the same as for a bad command line)."""


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural unless one: ``counted(1, "file")`` is ``'1 file'``.

    >>> counted(1, "file"), counted(2_000, "hand")
    ('1 file', '2,000 hands')
    """
    return f"{count:,} {noun}{'s' * (count != 1)}"


def report_error(message: str) -> None:
    """Print ``error: message`` on stderr as one line (a full or closed stderr is ignored)."""
    with suppress(OSError):  # nowhere left to say it: the exit status still tells
        error_console.print(Text(f"error: {one_line(message)}"), soft_wrap=True)


def fail(message: str, status: int = BAD_INPUT) -> NoReturn:
    """Print ``error: message`` on stderr, one line, and exit."""
    report_error(message)
    raise typer.Exit(status)


CLUSTER_FLAGS: Final = {"workers": "--workers", "scheduler": "--scheduler"}
"""The options every command that runs on Dask shares, by the parameter they set."""


def cluster(scheduler: str | None, workers: int | None) -> AbstractContextManager[Client]:
    """The Dask client of a command's ``--scheduler`` or ``--workers``: a local cluster of more
    workers than cores is lowered to the cores, with a one-line notice on stderr."""
    from pokerscore._support.tasks import dask_client

    def lowered(asked: int, used: int) -> None:
        noun = "core" if used == 1 else "cores"
        error_console.print(
            Text(
                f"note: --workers {asked} lowered to {used}, the {noun} of this machine "
                "(--scheduler runs on a cluster of any size)",
                style="dim",
            )
        )

    return dask_client(scheduler, workers, on_lowered=lowered)


@contextmanager
def user_errors(flags: Mapping[str, str] | None = None) -> Iterator[None]:
    """Turn bad input into one line on stderr and exit status 2, never a traceback. ``flags``
    maps a library parameter to the option that sets it: an error about the parameter names
    the option instead (the cluster options always do)."""
    try:
        yield
    except ParameterError as error:
        flag = (flags or {}).get(error.parameter) or CLUSTER_FLAGS.get(error.parameter)
        fail(error.naming(flag) if flag else str(error))
    except PokerScoreError as error:
        fail(str(error))
    except OSError as error:
        fail(f"{error.strerror or error}: {error.filename}" if error.filename else str(error))


@contextmanager
def progress_bar(*, disable: bool = False) -> Iterator[Progress]:
    """A transient progress bar on stderr, for work that may take more than a second.

    Shown only on a terminal: in a file or a pipe it would leave escape codes or a blank line.
    """
    from rich.progress import (
        BarColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=error_console,
        transient=True,
        disable=disable,
    )
    if disable or not error_console.is_terminal:
        # Never started: tasks still update, nothing is drawn (Rich's stop() would end a
        # non-terminal stream with a blank line, even for a disabled bar in some versions).
        yield bar
        return
    with bar:
        yield bar


def unicode_output() -> bool:
    """Whether stdout can show suit symbols (it may be ASCII, e.g. ``PYTHONIOENCODING=ascii``)."""
    try:
        "♣♦♥♠…".encode(sys.stdout.encoding or "ascii")
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def print_json(payload: object) -> None:
    """One JSON object on stdout (``\\u`` escapes where stdout is not Unicode)."""
    print_json_text(lambda ascii_only: json.dumps(payload, ensure_ascii=ascii_only))


def print_json_text(text: Callable[[bool], str]) -> None:
    """One JSON object on stdout written by ``text`` (given whether to escape as ``\\u`` every
    character past ASCII: where stdout is not Unicode), as :func:`print_json` writes it."""
    sys.stdout.write(text(not unicode_output()) + "\n")


def card_strings(cards: Iterable[Card]) -> list[str]:
    """Cards as plain strings (``Ah``) for JSON."""
    return [str(card) for card in cards]


def cards_text(cards: Iterable[Card]) -> Text:
    """Cards with suit symbols, hearts and diamonds in red, the joker in magenta (``Ah`` and
    ``Jk`` where stdout is ASCII)."""
    pretty = unicode_output()
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        style = "bold magenta" if card.is_joker else "bold red" if card.suit.is_red else "bold"
        text.append(card.pretty if pretty else str(card), style=style)
    return text
