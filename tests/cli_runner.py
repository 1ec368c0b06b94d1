"""A Typer test runner that keeps stderr apart from stdout under every Click the bounds allow."""

from __future__ import annotations

from typer.testing import CliRunner


def separate_streams_runner() -> CliRunner:
    """Click before 8.2 mixes stderr into stdout unless told not to; 8.2 dropped the option."""
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg, unused-ignore]
    except TypeError:
        return CliRunner()
