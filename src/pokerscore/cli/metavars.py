"""Help that names values in words: ``pokerscore score [OPTIONS] CARDS...``, ``--seed SEED``.

Typer 0.28 writes a required argument as ``{cards}...`` in the usage line and an option's value
as its type (``<int range>``); Click before it wrote ``INTEGER RANGE``. Every command gets the
convention of Click's arguments and argparse's options instead: the parameter's name in capitals,
unless its declaration gives a metavar of its own (``FILE|-``, ``NAME``).
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperCommand

try:  # recent Typer carries its own copy of Click
    from typer._click import Context
except ImportError:  # pragma: no cover - older Typer, on the separate Click package
    from click import Context  # type: ignore[assignment,unused-ignore]


class WordMetavars(TyperCommand):
    """A command whose arguments and option values are named in capitals, never by type."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            flag = getattr(param, "is_flag", False) or getattr(param, "count", False)
            if param.metavar is None and param.name and not flag:
                many = param.param_type_name == "argument" and param.nargs != 1
                param.metavar = param.name.upper() + ("..." if many else "")

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        """Arguments as their metavars (``[NAME]`` when optional), without Typer's braces."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument" and param.metavar:
                pieces.append(param.metavar if param.required else f"[{param.metavar}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


def use_word_metavars(app: typer.Typer) -> None:
    """Make every command of ``app`` and of its groups, registered so far, a :class:`WordMetavars`
    (a command that names a class of its own keeps it; Typer fills in its plain one, or None)."""
    for command in app.registered_commands:
        if command.cls in (None, TyperCommand):
            command.cls = WordMetavars
    for group in app.registered_groups:
        if isinstance(group.typer_instance, typer.Typer):
            use_word_metavars(group.typer_instance)
