"""The README's console examples, run and compared with what the README shows.

Each ```` ```console ```` block is a list of ``$ pokerscore ...`` lines, each followed by the output
shown for it. Every command runs in process through Typer's runner, in a temporary working
directory holding a copy of the shipped samples (``src/pokerscore/data/``, the paths the README
names), a block's commands in order (``tables show`` reads what ``tables preflop`` wrote), on a
terminal 120 columns wide (Rich wraps lines at the width: the README's longest lines need 120).
What it prints, stdout then stderr as a terminal shows them, must match the lines shown, where a
line ``...`` stands for any lines (none included) and ``...`` inside a line for any text on that
line. A command shown without output must just succeed. A command shown with an ``error:`` line
must exit with status 2, every other with status 0.

What varies from run to run is never shown: Monte Carlo examples give ``--seed``, and the preflop
run's timing is written ``in ... s``.

``tables preflop`` opens a local Dask cluster (of the cores, by default): here its tasks run on
the tests' shared one instead (``tests/conftest.py``'s ``two_dask_workers``, a local cluster of
two workers, what a 2-core machine's default opens), handed to the command where it opens its
cluster (``pokerscore._support.tasks.dask_client``). Its tasks only compute (the command's own
process keeps their results and writes the files), and the tables are exact: what it prints does
not depend on the cluster. The preflop block started two clusters of its own, about 10 of its 30
s of CPU (2026-11-28, session 24); the cluster's own tests (``tests/_support/test_tasks.py``,
``tests/games/holdem/test_preflop_tables.py``) open and close local clusters themselves. (The
``batch --workers 2`` block keeps its own: its workers read and write files by paths relative to
the README's working directory.)
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from pokerscore._support import tasks
from pokerscore.cli import output
from pokerscore.cli.app import app
from tests import make_samples
from tests.cli_runner import separate_streams_runner
from tests.shared_cluster import on_the_shared_cluster

ROOT = Path(__file__).parents[2]
README = ROOT / "README.md"
DATA = Path("src") / "pokerscore" / "data"

# Commands that start a Dask cluster take tens of seconds: `pytest -m "not slow"` leaves them out
# (`make test` runs them).
SLOW = ("tables preflop", "--workers")
SHARED_CLUSTER = "tables preflop"
"""Commands run on the tests' shared cluster (``on_the_shared_cluster``)."""
WIDTH = 120

runner = separate_streams_runner()


@dataclass(frozen=True)
class Example:
    """One ``$`` line of a console block and the output lines shown under it."""

    line: int  # in README.md, counted from 1
    command: str
    shown: tuple[str, ...]

    @property
    def errors(self) -> list[str]:
        return [line for line in self.shown if line.startswith("error:")]


def console_blocks(text: str) -> list[list[Example]]:
    """The examples of every ```` ```console ```` block, in order."""
    blocks: list[list[Example]] = []
    block: list[Example] | None = None
    command: tuple[int, str] | None = None
    shown: list[str] = []

    def close_example() -> None:
        if command is not None and block is not None:
            while shown and not shown[-1].strip():
                shown.pop()
            block.append(Example(command[0], command[1], tuple(shown)))

    for number, line in enumerate(text.splitlines(), start=1):
        if block is None:
            if line.strip() == "```console":
                block, command, shown = [], None, []
        elif line.strip() == "```":
            close_example()
            blocks.append(block)
            block = None
        elif line.startswith("$ "):
            close_example()
            command, shown = (number, line[2:].strip()), []
        elif command is None:
            if line.strip():
                raise AssertionError(f"README.md:{number}: output before any $ command: {line!r}")
        else:
            shown.append(line)
    assert block is None, "README.md ends inside a console block"
    return blocks


def arguments(command: str) -> tuple[list[str], str | None]:
    """The arguments after ``pokerscore``, and stdin when ``echo ... |`` feeds it."""
    words = shlex.split(command)
    stdin = None
    if "|" in words:
        pipe = words.index("|")
        assert words[0] == "echo", f"only echo may feed a pipe: {command}"
        stdin = " ".join(words[1:pipe]) + "\n"
        words = words[pipe + 1 :]
    assert words[0] == "pokerscore", f"not a pokerscore command: {command}"
    return words[1:], stdin


def lines_pattern(shown: Sequence[str]) -> re.Pattern[str]:
    """Lines as a pattern: a line ``...`` matches any lines, ``...`` in a line any text in it."""
    parts = []
    for line in shown:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(r"[^\n]*".join(re.escape(part) for part in line.split("...")) + r"\n")
    return re.compile("".join(parts))


def as_lines(text: str) -> str:
    """Output as the terminal shows it: trailing spaces (Rich pads its tables) and blank lines at
    the end dropped, every line ended by a newline."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return "".join(line + "\n" for line in lines)


def matches(shown: Sequence[str], *texts: str) -> bool:
    """Whether the texts, one after the other (stdout, stderr), are the lines shown."""
    printed = "".join(as_lines(text) for text in texts)
    return lines_pattern(shown).fullmatch(printed) is not None


def mismatch(example: Example) -> str | None:
    """Why the example's output is not what the README shows, or None if it is."""
    args, stdin = arguments(example.command)
    result = runner.invoke(app, args, input=stdin)
    expected_status = 2 if example.errors else 0
    problems = []
    if result.exit_code != expected_status:
        problems.append(f"exit status {result.exit_code}, expected {expected_status}")
    # A command shown without output promises only that it runs.
    if example.shown and not matches(example.shown, result.stdout, result.stderr):
        problems.append("output differs")
    if not problems:
        return None
    shown = "\n".join(example.shown)
    return (
        f"README.md:{example.line}: $ {example.command}\n  {'; '.join(problems)}\n"
        f"--- shown ---\n{shown}\n--- stdout ---\n{result.stdout}--- stderr ---\n{result.stderr}"
    )


def block_param(block: list[Example]) -> object:
    first = block[0]
    name = "-".join(arguments(first.command)[0][:2])
    slow = any(marker in example.command for example in block for marker in SLOW)
    marks = [pytest.mark.slow] if slow else []
    if any(SHARED_CLUSTER in example.command for example in block):  # the cluster's xdist group
        marks.append(pytest.mark.xdist_group("dask workers"))  # (tests/conftest.py)
    return pytest.param(block, id=f"line{first.line}-{name}", marks=marks)


BLOCKS = console_blocks(README.read_text(encoding="utf-8"))


@pytest.fixture
def readme_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory where the paths the README names exist (the shipped samples), and
    consoles 120 columns wide."""
    shutil.copytree(ROOT / DATA, tmp_path / DATA)
    monkeypatch.chdir(tmp_path)
    # Rich wraps at the width its console took when made (from COLUMNS, which xdist's workers set
    # to 80; else the terminal's): set it here, and give the old one back after.
    for console in (output.console, output.error_console):
        monkeypatch.setattr(console, "_width", WIDTH)
    return tmp_path


@pytest.mark.slow
@pytest.mark.parametrize("block", [block_param(block) for block in BLOCKS])
def test_console_block_shows_what_the_commands_print(
    block: list[Example],
    readme_directory: Path,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if any(SHARED_CLUSTER in example.command for example in block):
        client = request.getfixturevalue("two_dask_workers")
        monkeypatch.setattr(tasks, "dask_client", on_the_shared_cluster(client))
    problems = [problem for example in block if (problem := mismatch(example)) is not None]
    assert not problems, "\n\n".join(problems)


def test_every_console_block_is_checked() -> None:
    """The parser finds the README's examples: a block it misread would check nothing."""
    examples = [example for block in BLOCKS for example in block]
    assert len(BLOCKS) >= 10 and len(examples) >= 25
    assert all(example.command.split()[0] in ("pokerscore", "echo") for example in examples)


@pytest.mark.parametrize(
    ("shown", "text", "expected"),
    [
        (["a", "...", "d"], "a\nb\nc\nd\n", True),
        (["a", "...", "d"], "a\nd\n", True),  # `...` may stand for no line at all
        (["a", "...", "d"], "a\nb\nc\n", False),
        (["a", "b"], "a\nb  \n\n", True),  # trailing spaces and blank lines are not shown
        (["a", "b"], "a\nc\n", False),
        (["a", "b"], "a\nb\nc\n", False),  # an extra line is a difference
        (['{"x": 1, ...'], '{"x": 1, "y": 2}\n', True),
        (['{"x": 1, ...'], '{"x": 2, "y": 2}\n', False),
        (["in ... s"], "in 17.7 s\nmore\n", False),  # `...` inside a line stays on that line
        ([], "", True),
        ([], "output\n", False),
    ],
)
def test_lines_match_as_the_module_docstring_says(
    shown: list[str], text: str, expected: bool
) -> None:
    assert matches(shown, text) is expected


def test_stderr_is_read_after_stdout() -> None:
    assert matches(["table", "wrote it"], "table", "wrote it\n")
    assert not matches(["wrote it", "table"], "table\n", "wrote it\n")


def test_a_drifted_example_is_reported() -> None:
    """The README's first example with one word changed is caught, with where it is."""
    example = BLOCKS[0][0]
    assert mismatch(example) is None
    drifted = Example(example.line, example.command, (*example.shown[:-1], "Straight Flush"))
    problem = mismatch(drifted)
    assert problem is not None and problem.startswith(f"README.md:{example.line}: $ pokerscore")
    error = Example(1, "pokerscore score Ah Kh Qh Jh Th", ("error: no such thing",))
    assert "exit status 0, expected 2" in (mismatch(error) or "")
    failing = Example(1, "pokerscore score Ah Kh Qh Jh Th 9h 8h 7h", ())  # eight cards
    assert "exit status 2, expected 0" in (mismatch(failing) or "")


def readme_rankings() -> dict[str, str]:
    """The README's table of rankings: each name and the number of values it shows."""
    rows: dict[str, str] = {}
    lines = iter(README.read_text(encoding="utf-8").splitlines())
    for line in lines:
        if line.startswith("| ranking | the game | values |"):
            break
    for line in lines:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells[2]
    return rows


def test_the_rankings_table_lists_every_ranking_with_its_values() -> None:
    result = runner.invoke(app, ["rankings", "--json"])
    assert result.exit_code == 0, result.stderr
    rankings = json.loads(result.stdout)["rankings"]
    assert readme_rankings() == {ranking["name"]: f"{ranking['values']:,}" for ranking in rankings}


def test_the_shipped_samples_are_what_the_script_writes() -> None:
    """The samples the README reads are regenerated by tests/make_samples.py, byte for byte,
    their UCI classes from the reference scorer; and they stay small."""
    for name, text in make_samples.samples().items():
        path = ROOT / DATA / name
        assert path.read_bytes() == text.encode("ascii"), (
            f"{name}: run python -m tests.make_samples"
        )
        assert path.stat().st_size < 100_000
    uci = (ROOT / DATA / make_samples.UCI_SAMPLE).read_text().splitlines()
    assert len(uci) == make_samples.UCI_ROWS
    assert {row.rsplit(",", 1)[1] for row in uci} == {str(n) for n in range(10)}
