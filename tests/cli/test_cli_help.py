"""Every ``--help`` reads as plain text: no reStructuredText from the docstrings, and values named
in words (``CARDS...``, ``--seed SEED``), not Typer's ``{cards}...`` or ``<int range>``."""

from __future__ import annotations

import re
from functools import cache

import pytest
import typer
from typer.main import get_command

from pokerscore.cli.app import app
from pokerscore.cli.metavars import use_word_metavars
from tests.cli_runner import separate_streams_runner

runner = separate_streams_runner()


def command_paths() -> list[list[str]]:
    """The root, every command and every group's commands, as arguments before ``--help``."""
    paths: list[list[str]] = []

    def walk(command: object, path: list[str]) -> None:
        paths.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(get_command(app), [])
    return paths


PATHS = command_paths()

REST = re.compile(
    r"``"  # inline literals
    r"|`"  # interpreted text (and Markdown's code): plain text has no backquotes
    r"|:[a-z]+:"  # roles such as :func:, :class:, :mod:
    r"|^\s*\.\. "  # directives and comments
    r"|^\s*[-*] ",  # list items: Click rewraps them into one paragraph
    re.MULTILINE,
)


def help_of(path: list[str]) -> str:
    return _help_of(tuple(path))


@cache
def _help_of(path: tuple[str, ...]) -> str:
    """Each command's help once a process: two tests read every one of them."""
    result = runner.invoke(app, [*path, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_every_command_is_walked() -> None:
    names = {" ".join(path) for path in PATHS}
    assert {"", "score", "batch", "videopoker advise", "videopoker history", "tables show"} <= names
    assert len(PATHS) >= 20


@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(path) or "pokerscore")
def test_help_has_no_restructuredtext(path: list[str]) -> None:
    text = help_of(path)
    assert REST.search(text) is None, f"reST in `pokerscore {' '.join(path)} --help`:\n{text}"


@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(path) or "pokerscore")
def test_help_names_values_in_words(path: list[str]) -> None:
    """No braces around arguments, no ``<type>`` for options: metavars are capitalised words."""
    text = help_of(path)
    usage = text.splitlines()[0]
    assert usage.startswith("Usage: pokerscore")
    words = usage.split()[2 + len(path) :]
    assert all(re.fullmatch(r"\[?[A-Z][A-Z0-9_|,.-]*\]?(\.\.\.)?", word) for word in words), usage
    assert re.search(r"<[a-z ]+>|\{\w+\}", text) is None, text


@pytest.mark.parametrize(
    ("path", "usage"),
    [
        (["score"], "Usage: pokerscore score [OPTIONS] CARDS..."),
        (["compare"], "Usage: pokerscore compare [OPTIONS] HANDS..."),
        (["duel"], "Usage: pokerscore duel [OPTIONS] FILE|-"),
        (["showdown"], "Usage: pokerscore showdown [OPTIONS] HANDS..."),
        (["equity"], "Usage: pokerscore equity [OPTIONS] PLAYERS..."),
        (["draw"], "Usage: pokerscore draw [OPTIONS] FILE|-"),
        (["batch"], "Usage: pokerscore batch [OPTIONS] IN"),
        (["videopoker", "advise"], "Usage: pokerscore videopoker advise [OPTIONS] CARDS..."),
        (["tables", "show"], "Usage: pokerscore tables show [OPTIONS] DIR"),
        (["videopoker"], "Usage: pokerscore videopoker [OPTIONS] COMMAND [ARGS]..."),
    ],
)
def test_usage_lines(path: list[str], usage: str) -> None:
    text = help_of(path)
    assert text.splitlines()[0] == usage
    if path != ["videopoker"]:
        argument = usage.split()[-1]  # listed under Arguments in the same words
        assert re.search(rf"^Arguments:\n  {re.escape(argument)} ", text, re.MULTILINE), text


def test_options_are_named_by_their_metavar_or_name() -> None:
    text = help_of(["equity"])
    assert "-n, --samples SAMPLES " in text and "--seed SEED " in text
    assert "-g, --game GAME " in text  # a metavar of the command's own is kept


def test_an_optional_argument_is_bracketed() -> None:
    """Typer writes optional arguments as ``[name]``; the words keep the brackets."""
    extra = typer.Typer(rich_markup_mode=None)

    @extra.command()
    def pick(first: str, second: str = typer.Argument("x")) -> None:
        """Two values."""

    @extra.command()
    def other() -> None:
        """So that pick is a subcommand."""

    use_word_metavars(extra)
    result = runner.invoke(extra, ["pick", "--help"])
    assert result.stdout.splitlines()[0] == "Usage: root pick [OPTIONS] FIRST [SECOND]", (
        result.stdout
    )
