"""The command line's edges, in real processes: closed or full streams, ASCII terminals, pipes.

Each case must end with a result or one line ``error: ...`` on stderr, never a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

COMMAND = [sys.executable, "-m", "pokerscore"]


def run(
    *args: str, env: dict[str, str] | None = None, stdout: object = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [*COMMAND, *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def assert_one_error_line(result: subprocess.CompletedProcess[str], status: int = 2) -> None:
    assert result.returncode == status, result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.slow
def test_duel_from_a_closed_stdin_is_one_line() -> None:
    result = subprocess.run(
        ["sh", "-c", 'exec "$@" <&-', "sh", *COMMAND, "duel", "-"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert_one_error_line(result)
    assert "standard input is closed" in result.stderr


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "args",
    [
        ["score", "Ah", "Kh", "Qh", "Jh", "Th"],
        ["score", "Ah", "Kh", "Qh", "Jh", "Th", "--json"],
        ["compare", "Ah Kh Qh Jh Th", "2c 3d 4h 5s 7c"],
        ["--help"],
    ],
)
def test_a_full_stdout_is_one_line(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = run(*args, stdout=full)
    assert_one_error_line(result)
    assert "cannot write the output: No space left on device" in result.stderr


@pytest.mark.slow
def test_an_ascii_stdout_gets_letters_for_suits() -> None:
    env = {"PYTHONIOENCODING": "ascii"}
    result = run("score", "A♥", "K♥", "Q♥", "J♥", "T♥", env=env)
    assert result.returncode == 0, result.stderr
    assert "best five: Ah Kh Qh Jh Th" in result.stdout
    result = run("compare", "Ah Kh Qh Jh Th", "2c 3d 4h 5s 7c", env=env)
    assert result.returncode == 0 and "Hand 1 wins" in result.stdout, result.stderr
    result = run("score", "Ah Kh Qh Jh Th", "--json", env=env)
    assert result.returncode == 0 and '"Ah"' in result.stdout


@pytest.mark.slow
def test_an_ascii_stderr_escapes_the_bad_token() -> None:
    result = run("score", "Ah", "🂬", env={"PYTHONIOENCODING": "ascii"})
    assert_one_error_line(result)
    assert 'invalid card "\\U0001f0ac" at position 2' in result.stderr


@pytest.mark.slow
def test_a_reader_that_goes_away_ends_the_run_quietly() -> None:
    process = subprocess.Popen(
        [*COMMAND, "stats", "--cards", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the first write: every write meets a broken pipe
    error = process.stderr.read()
    assert process.wait(timeout=120) == 1
    assert error == ""


@pytest.mark.slow
def test_no_blank_line_on_stderr_after_a_progress_bar_in_a_file() -> None:
    result = run("stats", "--sample", "20000", "--seed", "1")
    assert result.returncode == 0 and "20,000 random 5-card hands (seed 1)" in result.stdout
    assert result.stderr == ""
