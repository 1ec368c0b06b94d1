"""Pay tables as TOML files: read (:func:`load_paytable`) and written (:func:`paytable_toml`).

The format is in ``docs/paytables.md``. Every mistake in a file is one :class:`PayTableError`
naming the file, the class and what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from os import PathLike
from pathlib import Path
from typing import Final

from pokerscore._support.errors import expect
from pokerscore.cards.card import RANK_CHARS
from pokerscore.engine import Category
from pokerscore.games.videopoker.paytables.model import (
    GROUP_CATEGORIES,
    MAX_PAYING_CLASSES,
    NOTHING,
    PAY_HANDS,
    WILD_RANKINGS,
    PayClass,
    PayTable,
    PayTableError,
    check_name,
    check_pays,
    check_title,
    default_title,
    short_repr,
)

MAX_FILE_SIZE: Final = 1 << 20
"""A pay table file is a few hundred bytes: anything over a megabyte is not one."""

MAX_NESTING: Final = 16
"""A pay table nests four levels deep (the table, its classes, a class, its pays): far deeper
values are refused as soon as they are read."""

_TABLE_KEYS: Final = frozenset({"name", "title", "wild", "classes"})
_CLASS_KEYS: Final = frozenset({"name", "title", "hand", "ranks", "kickers", "pay"})


def load_paytable(path: str | Path) -> PayTable:
    """Read a user pay table from a TOML file (see ``docs/paytables.md``).

    Any mistake raises :class:`PayTableError` naming the file, the class and what is wrong,
    binary and non-UTF-8 files included.
    """
    import tomllib

    expect(path, (str, PathLike), "path", "the path of a TOML file")
    try:
        with Path(path).open("rb") as handle:
            content = handle.read(MAX_FILE_SIZE + 1)
    except FileNotFoundError:
        raise PayTableError(f"no such pay table file: {path}") from None
    except IsADirectoryError:
        raise PayTableError(f"{path} is a directory, not a pay table file") from None
    except OSError as error:
        raise PayTableError(f"cannot read {path}: {error.strerror}") from None
    if len(content) > MAX_FILE_SIZE:
        raise PayTableError(f"{path}: over {MAX_FILE_SIZE:,} bytes, not a pay table")
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        line = content[: error.start].count(b"\n") + 1
        raise PayTableError(
            f"{path}: not UTF-8 text (byte {error.start + 1}, line {line}): a pay table is a"
            " TOML text file"
        ) from None
    too_deep = PayTableError(
        f"{path}: values nested more than {MAX_NESTING} levels deep: not a pay table"
    )
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        raise PayTableError(f"{path}: not valid TOML: {error}") from None
    except RecursionError:  # the reader recurses once per level: thousands overflow the stack
        raise too_deep from None
    except ValueError:  # Python refuses to read integers of over 4,300 digits
        raise PayTableError(f"{path}: a number of thousands of digits: not a pay table") from None
    if _nesting_exceeds(data, MAX_NESTING):
        raise too_deep
    try:
        return paytable_from_dict(data)
    except PayTableError as error:
        raise PayTableError(f"{path}: {error}") from None


def paytable_from_dict(data: Mapping[str, object]) -> PayTable:
    """A pay table from parsed TOML (a dict), validated.

    >>> paytable_from_dict({"name": "x", "classes": [{"name": "big", "hand": "fl", "pay": 1}]})
    Traceback (most recent call last):
    ...
    pokerscore.games.videopoker.paytables.model.PayTableError: class 1 ("big"): unknown hand "fl": use one of high-card, one-pair, two-pair, three-of-a-kind, straight, flush, full-house, four-of-a-kind, straight-flush, royal-flush, wild-royal-flush, five-of-a-kind, four-deuces
    >>> paytable_from_dict({"name": "x", "classes": [{"name": "q", "hand": "five-of-a-kind", "pay": 1}]})
    Traceback (most recent call last):
    ...
    pokerscore.games.videopoker.paytables.model.PayTableError: class "q": hand "five-of-a-kind" is not played without wild cards
    """
    _no_unknown_keys(data, _TABLE_KEYS, "the table")
    name = check_name(data.get("name"), "the table")
    title = check_title(_stripped(data.get("title", name)), "the table")
    wild = data.get("wild")
    if wild is not None and (not isinstance(wild, str) or wild not in WILD_RANKINGS):
        raise PayTableError(
            f"wild must be one of {', '.join(map(toml_string, WILD_RANKINGS))} (or left out),"
            f" got {short_repr(wild)}"
        )
    classes = data.get("classes")
    if not isinstance(classes, list) or not classes:
        raise PayTableError("a table needs a non-empty [[classes]] list, weakest first")
    if len(classes) > MAX_PAYING_CLASSES:
        raise PayTableError(
            f"a table has at most {MAX_PAYING_CLASSES} paying classes, got {len(classes)}"
        )
    paying: list[PayClass] = []
    for number, entry in enumerate(classes, 1):
        where = f"class {number}"
        if not isinstance(entry, dict):
            raise PayTableError(f"{where}: expected a table with name, hand and pay")
        if isinstance(entry.get("name"), str):
            where += f" ({short_repr(entry['name'])})"
        paying.append(_pay_class(entry, where))
    names = [pay_class.name for pay_class in paying]
    for pay_class in paying:
        if pay_class.name == NOTHING or names.count(pay_class.name) > 1:
            raise PayTableError(f'class name "{pay_class.name}" is reserved or repeated')
    return PayTable(name, title, tuple(paying), wild=str(wild) if wild is not None else None)


def _nesting_exceeds(data: object, limit: int) -> bool:
    """Whether tables and arrays nest deeper than ``limit`` (walked without recursion)."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in value)
    return False


def _stripped(value: object) -> object:
    return value.strip() if isinstance(value, str) else value


def _no_unknown_keys(data: Mapping[str, object], allowed: frozenset[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise PayTableError(
            f"{where}: unknown key {short_repr(unknown[0])}: allowed keys are"
            f" {', '.join(sorted(allowed))}"
        )


def _pay_class(entry: Mapping[str, object], where: str) -> PayClass:
    _no_unknown_keys(entry, _CLASS_KEYS, where)
    name = check_name(entry.get("name"), where)
    title = check_title(_stripped(entry.get("title", default_title(name))), where)
    hand = entry.get("hand")
    if not isinstance(hand, str) or hand not in PAY_HANDS:
        raise PayTableError(
            f"{where}: unknown hand {short_repr(hand)}: use one of {', '.join(PAY_HANDS)}"
        )
    category = PAY_HANDS[hand].category
    ranks = _ranks(entry.get("ranks"), f"{where}: ranks")
    kickers = _ranks(entry.get("kickers"), f"{where}: kickers")
    if ranks and category not in GROUP_CATEGORIES:
        raise PayTableError(
            f"{where}: ranks apply only to pairs, trips, full houses, quads and five of a kind"
        )
    if kickers and category != Category.FOUR_OF_A_KIND:
        raise PayTableError(f"{where}: kickers apply only to four-of-a-kind")
    pays = check_pays(entry.get("pay"), where)
    return PayClass(name, title, PAY_HANDS[hand], pays, ranks, kickers)


def _ranks(value: object, where: str) -> tuple[int, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        chars = [char for char in value.upper() if char not in " ,"]
    elif isinstance(value, list) and all(isinstance(item, str) for item in value):
        chars = [str(item).upper() for item in value]
    else:
        raise PayTableError(f'{where}: expected rank characters like "JQKA" or ["J", "Q"]')
    ranks = []
    for char in chars:
        rank = RANK_CHARS.find("T" if char == "10" else char)
        if (len(char) != 1 and char != "10") or rank < 0:
            raise PayTableError(
                f"{where}: {short_repr(char)} is not a rank: use 2-9, T, J, Q, K, A"
            )
        ranks.append(rank)
    if not ranks:
        raise PayTableError(f"{where}: give at least one rank, or leave the key out for any")
    return tuple(sorted(set(ranks)))


def toml_string(text: str) -> str:
    r"""``text`` as a TOML basic string: quotes, backslashes and control characters escaped.

    >>> print(toml_string('Pays "big" \\ [/] x'))
    "Pays \"big\" \\ [/] x"
    """
    escaped = []
    for char in text:
        if char in '"\\':
            escaped.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            escaped.append(f"\\u{ord(char):04X}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def paytable_toml(table: PayTable) -> str:
    """A pay table as TOML text that :func:`load_paytable` reads back to an equal table.

    >>> from pokerscore.games.videopoker.paytables import get_paytable
    >>> print(paytable_toml(get_paytable("jacks-or-better-9-6")).splitlines()[0])
    name = "jacks-or-better-9-6"
    """
    lines = [f"name = {toml_string(table.name)}", f"title = {toml_string(table.title)}"]
    if table.wild:
        lines.append(f"wild = {toml_string(table.wild)}")
    for pay_class in table.paying:
        lines += [
            "",
            "[[classes]]",
            f"name = {toml_string(pay_class.name)}",
            f"title = {toml_string(pay_class.title)}",
            f"hand = {toml_string(pay_class.hand.slug)}",
        ]
        if pay_class.ranks:
            lines.append(f'ranks = "{"".join(RANK_CHARS[rank] for rank in pay_class.ranks)}"')
        if pay_class.kickers:
            lines.append(f'kickers = "{"".join(RANK_CHARS[rank] for rank in pay_class.kickers)}"')
        pays = pay_class.pays
        pay = str(pays[0]) if len(set(pays)) == 1 else "[" + ", ".join(map(str, pays)) + "]"
        lines.append(f"pay = {pay}")
    return "\n".join(lines) + "\n"
