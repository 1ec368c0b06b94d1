"""A filter over the rows of a database of hands, written as users write it
(``position = 'BTN' and stakes = '0.5/1'``), parsed and checked against the known columns, and
turned into SQL whose values are bound as parameters: no text of the filter reaches the query
but the names of known columns and the operators of the grammar.

The grammar: comparisons ``column op value`` (``=``, ``==``, ``!=``, ``<>``, ``<``, ``<=``,
``>``, ``>=``; a value is a string in single or double quotes, a number, ``true`` or ``false``),
``column is null``, ``column is not null``, joined by ``and``, ``or``, ``not`` and parentheses.
A string column compares with strings, a number column with numbers, a true/false column with
``true`` and ``false`` (``=`` and ``!=`` only).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from pokerscore._support.errors import ParameterError, shorten

ColumnKind = Literal["text", "number", "flag"]

_TOKEN: Final = re.compile(
    r"""\s*(?:
        (?P<string>'(?:[^']|'')*'|"(?:[^"]|"")*")
      | (?P<number>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)
      | (?P<op><=|>=|<>|!=|==|=|<|>)
      | (?P<paren>[()])
      | (?P<word>[A-Za-z_][A-Za-z0-9_$]*)
    )""",
    re.VERBOSE,
)
_OPERATORS: Final = {"=": "=", "==": "=", "!=": "<>", "<>": "<>", "<": "<", "<=": "<=",
                     ">": ">", ">=": ">="}  # fmt: skip
MAX_FILTER: Final = 2000
"""The longest filter read, in characters (deeper nesting than this is refused with it)."""


@dataclass(frozen=True)
class SqlFilter:
    """A filter as SQL: ``text`` with ``?`` for each of ``values``, in order."""

    text: str
    values: tuple[object, ...]


def _fail(reason: str) -> ParameterError:
    return ParameterError("{name} " + reason, "where")


def _tokens(text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    at = 0
    while at < len(text):
        if text[at:].isspace():
            break
        match = _TOKEN.match(text, at)
        if match is None or match.end() == at:
            rest = shorten(repr(text[at:].strip()))
            raise _fail(f"cannot be read from {rest}: use comparisons of columns with values, "
                        "and, or, not and parentheses")  # fmt: skip
        kind = match.lastgroup
        assert kind is not None
        found.append((kind, match.group(kind)))
        at = match.end()
    return found


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]], columns: Mapping[str, ColumnKind]) -> None:
        self.tokens = tokens
        self.at = 0
        self.columns = columns
        self.values: list[object] = []

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def word(self, *words: str) -> bool:
        token = self.peek()
        if token is not None and token[0] == "word" and token[1].lower() in words:
            self.at += 1
            return True
        return False

    def take(self) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise _fail("ends too soon: a comparison is missing")
        self.at += 1
        return token

    def either(self) -> str:
        parts = [self.both()]
        while self.word("or"):
            parts.append(self.both())
        return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"

    def both(self) -> str:
        parts = [self.negated()]
        while self.word("and"):
            parts.append(self.negated())
        return parts[0] if len(parts) == 1 else "(" + " AND ".join(parts) + ")"

    def negated(self) -> str:
        if self.word("not"):
            return f"(NOT {self.negated()})"
        return self.atom()

    def atom(self) -> str:
        kind, text = self.take()
        if (kind, text) == ("paren", "("):
            inner = self.either()
            if self.peek() is None or self.take() != ("paren", ")"):
                raise _fail("has a parenthesis that is not closed")
            return inner
        if kind != "word" or text.lower() in ("and", "or", "not", "is", "null", "true", "false"):
            raise _fail(f"has {shorten(repr(text))} where a column name belongs")
        column = text.lower()
        column_kind = self.columns.get(column)
        if column_kind is None:
            known = ", ".join(sorted(self.columns))
            raise _fail(f"names no column {shorten(repr(text))}: the columns are {known}")
        if self.word("is"):
            negated = self.word("not")
            if not self.word("null"):
                raise _fail(f"has {column} is … without null")
            return f'("{column}" IS {"NOT " if negated else ""}NULL)'
        kind, operator = self.take()
        if kind != "op":
            raise _fail(f"has {shorten(repr(operator))} where an operator (=, !=, <, …) belongs")
        value = self.value(column, column_kind, operator)
        self.values.append(value)
        return f'("{column}" {_OPERATORS[operator]} ?)'

    def value(self, column: str, column_kind: ColumnKind, operator: str) -> object:
        kind, text = self.take()
        if kind == "string" and column_kind == "text":
            return text[1:-1].replace(text[0] * 2, text[0])
        if kind == "number" and column_kind == "number":
            return float(text)
        if kind == "word" and text.lower() in ("true", "false") and column_kind == "flag":
            if _OPERATORS[operator] not in ("=", "<>"):
                raise _fail(f"compares {column} (true or false) with {operator}: use = or !=")
            return text.lower() == "true"
        wanted = {"text": "a string in quotes", "number": "a number", "flag": "true or false"}
        raise _fail(f"compares {column} with {shorten(text)}: it takes {wanted[column_kind]}")


def parse_filter(text: str, columns: Mapping[str, ColumnKind]) -> SqlFilter:
    """The SQL of a filter over ``columns`` (name to kind), its values bound as parameters;
    a :class:`ParameterError` naming ``where`` for anything else.

    >>> parse_filter("position = 'BTN' and (net > 0 or not vpip = true)",
    ...              {"position": "text", "net": "number", "vpip": "flag"})
    SqlFilter(text='(("position" = ?) AND (("net" > ?) OR (NOT ("vpip" = ?))))', values=('BTN', 0.0, True))
    >>> parse_filter("position = 'BTN'; drop table rows", {"position": "text"})
    Traceback (most recent call last):
    ...
    pokerscore._support.errors.ParameterError: where cannot be read from '; drop table rows': use comparisons of columns with values, and, or, not and parentheses
    """
    if not isinstance(text, str) or not text.strip():
        raise _fail("must be a filter such as position = 'BTN'")
    if len(text) > MAX_FILTER:
        raise _fail(f"is longer than {MAX_FILTER:,} characters")
    parser = _Parser(_tokens(text), columns)
    sql = parser.either()
    left = parser.peek()
    if left is not None:
        raise _fail(f"goes on after a whole filter, at {shorten(repr(left[1]))}")
    return SqlFilter(sql, tuple(parser.values))
