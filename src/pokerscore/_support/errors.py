"""The root of every error pokerscore raises, and how a message echoes a user's token (cut short,
on one line)."""

from __future__ import annotations

import os
from pathlib import Path

ECHO_LIMIT = 40
"""The most characters of a user's token an error message repeats (a line may be megabytes)."""


def shorten(token: str, limit: int = ECHO_LIMIT) -> str:
    """``token`` cut to ``limit`` characters with an ellipsis, for echoing it in a message.

    >>> shorten("Ah")
    'Ah'
    >>> shorten("X" * 100)
    'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX…'
    """
    return token if len(token) <= limit else token[: limit - 1] + "…"


def one_line(message: str) -> str:
    """A message (or a user's text) safe to show as one line: control characters and line
    breaks escaped.

    >>> print(one_line("bad\\x1b[31m token\\nhere"))
    bad\\x1b[31m token\\nhere
    """
    if message.isprintable():
        return message
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)


class PokerScoreError(ValueError):
    """Base class of every error pokerscore raises on bad input."""


class ParameterError(PokerScoreError):
    """Bad input traced to one parameter of a library call: the message names the parameter, and
    a command line names its own option instead (:meth:`naming`). ``template`` holds ``{name}``
    where the name goes.

    >>> error = ParameterError("{name} names 5 to 7 columns, not 3", "columns")
    >>> str(error), error.naming("--card-columns")
    ('columns names 5 to 7 columns, not 3', '--card-columns names 5 to 7 columns, not 3')
    """

    def __init__(self, template: str, parameter: str) -> None:
        self.template = template
        self.parameter = parameter
        super().__init__(self.naming(parameter))

    def naming(self, name: str) -> str:
        """The message with ``name`` (an option, say) in the parameter's place: for each
        ``{name}`` of the template (not :meth:`str.format`: the rest may quote any text)."""
        return self.template.replace("{name}", name)


def expect(value: object, kinds: type | tuple[type, ...], parameter: str, what: str) -> None:
    """Raise a :class:`ParameterError` unless ``value`` is one of ``kinds`` (``what`` says it
    in words): a library call with a value of the wrong type fails here, in one sentence,
    not deep inside with a foreign exception.

    >>> expect("Ah", str, "text", "a string of cards")
    >>> expect(5, str, "text", "a string of cards")
    Traceback (most recent call last):
    ...
    pokerscore._support.errors.ParameterError: text must be a string of cards, got int
    """
    if not isinstance(value, kinds):
        raise ParameterError(f"{{name}} must be {what}, got {type(value).__name__}", parameter)


def checked_flag(value: object, parameter: str) -> bool:
    """A yes-or-no option: True or False (NumPy's bools too), else a :class:`ParameterError`
    naming ``parameter`` (an array was read as its truth value, and failed deep inside).

    >>> checked_flag(False, "all_flops")
    False
    >>> checked_flag("yes", "all_flops")
    Traceback (most recent call last):
    ...
    pokerscore._support.errors.ParameterError: all_flops must be True or False, got str
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise ParameterError(f"{{name}} must be True or False, got {type(value).__name__}", parameter)


def checked_path(value: object, parameter: str) -> Path:
    """A path given as text or a path object, else a :class:`ParameterError` naming
    ``parameter`` (a number failed with "'int' object has no attribute 'is_dir'").

    >>> checked_path("tables", "out").name
    'tables'
    >>> checked_path(3, "out")
    Traceback (most recent call last):
    ...
    pokerscore._support.errors.ParameterError: out must be a path (text or a path object), got int
    """
    if isinstance(value, str) and value and "\0" not in value:
        return Path(value)
    if isinstance(value, os.PathLike) and isinstance(os.fspath(value), str):
        return Path(value)
    kind = "an empty text" if isinstance(value, str) else type(value).__name__
    raise ParameterError(f"{{name}} must be a path (text or a path object), got {kind}", parameter)
