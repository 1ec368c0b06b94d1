"""Video poker pay tables: the model (:mod:`.model`), the built-in tables (:mod:`.builtin`) and
user tables in TOML files (:mod:`.toml_format`, format in ``docs/paytables.md``).

>>> table = resolve_paytable("jacks-or-better-9-6")
>>> table.title, table.pay(table.class_index("royal-flush"), 5)
('Jacks or Better 9/6', 4000)
>>> as_paytable(None)
Traceback (most recent call last):
...
pokerscore.games.videopoker.paytables.model.PayTableError: a pay table is a PayTable, a built-in name or the path of a .toml file, got None
"""

from __future__ import annotations

from pokerscore.games.videopoker.paytables.builtin import (
    DEFAULT_PAYTABLE,
    PAYTABLES,
    get_paytable,
)
from pokerscore.games.videopoker.paytables.model import (
    MAX_COINS,
    MAX_PAY,
    MAX_PAYING_CLASSES,
    NOTHING,
    PAY_HANDS,
    WILD_RANKINGS,
    PayClass,
    PayHand,
    PayTable,
    PayTableError,
    check_coins,
    short_repr,
)
from pokerscore.games.videopoker.paytables.toml_format import (
    load_paytable,
    paytable_from_dict,
    paytable_toml,
)

__all__ = [
    "DEFAULT_PAYTABLE",
    "MAX_COINS",
    "MAX_PAY",
    "MAX_PAYING_CLASSES",
    "NOTHING",
    "PAYTABLES",
    "PAY_HANDS",
    "WILD_RANKINGS",
    "PayClass",
    "PayHand",
    "PayTable",
    "PayTableError",
    "as_paytable",
    "check_coins",
    "get_paytable",
    "load_paytable",
    "paytable_from_dict",
    "paytable_toml",
    "resolve_paytable",
]


def resolve_paytable(name_or_path: str) -> PayTable:
    """A built-in table by name, or a user table from a path ending in ``.toml``."""
    if name_or_path.endswith(".toml"):
        return load_paytable(name_or_path)
    return get_paytable(name_or_path)


def as_paytable(paytable: object) -> PayTable:
    """A :class:`PayTable` as given, or resolved from a name or path; anything else is refused."""
    if isinstance(paytable, PayTable):
        return paytable
    if isinstance(paytable, str):
        return resolve_paytable(paytable)
    raise PayTableError(
        "a pay table is a PayTable, a built-in name or the path of a .toml file,"
        f" got {short_repr(paytable)}"
    )
