"""Video poker pay tables: the paying hand classes of a machine and what each pays per coin.

A :class:`PayTable` lists its paying classes weakest first; class 0 is always ``nothing``. Each
class is a rule on the final hand (a category, optionally restricted to the rank of its main
group and, for four of a kind, the kicker) and its pay per coin for bets of 1 to 5 coins. A hand
belongs to the *last* class whose rule it matches, so a specific class (``four-aces``) listed
after a general one (``four-of-a-kind``) takes the hands it names.

Because a class depends only on the hand's value (1..7462), every table is also a lookup table
from value to class (:attr:`PayTable.value_classes`), which the compiled kernels use.

>>> table = get_paytable("jacks-or-better-9-6")
>>> table.title, len(table.classes), table.classes[1]
('Jacks or Better 9/6', 10, 'jacks-or-better')
>>> index = table.classify("Kh Ks 2d 7c 9h")
>>> table.class_name(index), table.pay(index, 5)
('jacks-or-better', 5)
>>> royal = table.classify("Ah Kh Qh Jh Th")
>>> table.class_title(royal), table.pay(royal, 1), table.pay(royal, 5)
('Royal Flush', 250, 4000)

User tables are TOML files (the format is in ``docs/paytables.md``), read by
:func:`load_paytable`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Final

from pokerscore.cards import Card, CardLike, PokerScoreError, parse_cards
from pokerscore.cards.card import RANK_CHARS
from pokerscore.engine import (
    STANDARD_CATEGORIES,
    VALUE_COUNT,
    Category,
    category_of,
    evaluate5,
    explaining_ranks,
)

MAX_COINS: Final = 5
NOTHING: Final = "nothing"

# Categories whose explaining ranks start with the rank of one group (pair, trips, quads).
_GROUP_CATEGORIES: Final = frozenset(
    {
        Category.ONE_PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
    }
)
_NAME_PATTERN: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_ALL_RANKS: Final = tuple(range(13))


class PayTableError(PokerScoreError):
    """A pay table that cannot be used: unknown name, unreadable or inconsistent definition."""


@dataclass(frozen=True)
class PayClass:
    """One paying hand class: a rule on the final hand and its pay per coin at 1..5 coins.

    ``ranks`` restricts the rank of the hand's main group (the pair of a one-pair hand, the
    higher pair of two pair, the trips of a full house, the quads), ``kickers`` the fifth card
    of four of a kind; empty means any. ``hand = straight-flush`` also matches royal flushes.
    """

    name: str
    title: str
    hand: Category
    pays: tuple[int, int, int, int, int]
    ranks: tuple[int, ...] = ()
    kickers: tuple[int, ...] = ()

    def matches(self, value: int) -> bool:
        """Whether a hand of this value belongs to the rule (before later classes take it)."""
        category = category_of(value)
        if category != self.hand and not (
            self.hand == Category.STRAIGHT_FLUSH and category == Category.ROYAL_FLUSH
        ):
            return False
        ranks = explaining_ranks(value)
        if self.ranks and ranks[0] not in self.ranks:
            return False
        return not self.kickers or ranks[1] in self.kickers


@dataclass(frozen=True)
class PayTable:
    """A named pay table: the paying classes, weakest first, after the implicit ``nothing``."""

    name: str
    title: str
    paying: tuple[PayClass, ...]

    @property
    def classes(self) -> tuple[str, ...]:
        """Machine names of all classes in order, ``nothing`` (index 0) first."""
        return (NOTHING, *(pay_class.name for pay_class in self.paying))

    @property
    def titles(self) -> tuple[str, ...]:
        """Titles of all classes in order, ``Nothing`` first."""
        return ("Nothing", *(pay_class.title for pay_class in self.paying))

    def class_name(self, index: int) -> str:
        """The machine name of class ``index`` (0 = ``nothing``)."""
        return self.classes[self._check_class(index)]

    def class_title(self, index: int) -> str:
        """The title of class ``index``, e.g. ``Four Aces``."""
        return self.titles[self._check_class(index)]

    def class_index(self, name: str) -> int:
        """The index of a class by machine name.

        >>> get_paytable("bonus-poker-8-5").class_index("four-aces")
        9
        """
        try:
            return self.classes.index(name)
        except ValueError:
            known = ", ".join(self.classes)
            raise PayTableError(f'{self.name} has no class "{name}": use one of {known}') from None

    def per_coin(self, index: int, coins: int = MAX_COINS) -> int:
        """What class ``index`` pays per coin for a bet of ``coins``."""
        self._check_class(index)
        return self.paying[index - 1].pays[_check_coins(coins) - 1] if index else 0

    def pay(self, index: int, coins: int = MAX_COINS) -> int:
        """Total coins returned for a bet of ``coins`` (1..5) ending in class ``index``.

        >>> table = get_paytable("jacks-or-better-8-5")
        >>> [table.pay(table.class_index("full-house"), coins) for coins in (1, 5)]
        [8, 40]
        """
        return self.per_coin(index, coins) * coins

    def pays(self, coins: int = MAX_COINS) -> tuple[int, ...]:
        """Total coins returned for each class (index order) at a bet of ``coins``."""
        return tuple(self.pay(index, coins) for index in range(len(self.classes)))

    @cached_property
    def value_classes(self) -> tuple[int, ...]:
        """Hand value (1..7462) -> class index; index 0 of the tuple is unused."""
        table = [0] * (VALUE_COUNT + 1)
        for value in range(1, VALUE_COUNT + 1):
            for index in range(len(self.paying), 0, -1):
                if self.paying[index - 1].matches(value):
                    table[value] = index
                    break
        return tuple(table)

    def class_of_value(self, value: int) -> int:
        """The class index of a hand value."""
        return self.value_classes[value]

    def classify(self, cards: str | Iterable[CardLike]) -> int:
        """The class index of a five-card final hand (0 = ``nothing``).

        >>> table = get_paytable("double-double-bonus-9-6")
        >>> table.class_name(table.classify("Ac Ad Ah As 3c"))
        'four-aces-with-2-4'
        >>> table.class_name(table.classify("Ac Ad Ah As Kc"))
        'four-aces'
        """
        hand: tuple[Card, ...] = parse_cards(cards, size=5)
        return self.value_classes[evaluate5(*(card.id for card in hand))]

    def _check_class(self, index: int) -> int:
        if not 0 <= index < len(self.classes):
            raise PayTableError(f"{self.name} has classes 0..{len(self.classes) - 1}, got {index}")
        return index


def _check_coins(coins: int) -> int:
    if not 1 <= coins <= MAX_COINS:
        raise PayTableError(f"a bet is 1 to {MAX_COINS} coins, got {coins}")
    return coins


# ---- the built-in tables -----------------------------------------------------------------------

_ROYAL_PAYS: Final = (250, 250, 250, 250, 800)  # the 5-coin royal bonus
_LOW_QUADS: Final = (0, 1, 2)  # deuces, treys, fours
_ACES: Final = (12,)


def _flat(pay: int) -> tuple[int, int, int, int, int]:
    return (pay, pay, pay, pay, pay)


def _category_pays(category: Category, pays: tuple[int, int, int, int, int]) -> PayClass:
    """A class that is a whole category, named as the category is."""
    return PayClass(category.slug, category.title, category, pays)


def _base(
    full_house: int, flush: int, straight: int, two_pair: int, quads: list[PayClass]
) -> tuple[PayClass, ...]:
    return (
        PayClass(
            "jacks-or-better", "Jacks or Better", Category.ONE_PAIR, _flat(1), (9, 10, 11, 12)
        ),
        _category_pays(Category.TWO_PAIR, _flat(two_pair)),
        _category_pays(Category.THREE_OF_A_KIND, _flat(3)),
        _category_pays(Category.STRAIGHT, _flat(straight)),
        _category_pays(Category.FLUSH, _flat(flush)),
        _category_pays(Category.FULL_HOUSE, _flat(full_house)),
        *quads,
        _category_pays(Category.STRAIGHT_FLUSH, _flat(50)),
        _category_pays(Category.ROYAL_FLUSH, _ROYAL_PAYS),
    )


def _jacks_or_better(full_house: int, flush: int) -> PayTable:
    quads = _category_pays(Category.FOUR_OF_A_KIND, _flat(25))
    return PayTable(
        f"jacks-or-better-{full_house}-{flush}",
        f"Jacks or Better {full_house}/{flush}",
        _base(full_house, flush, 4, 2, [quads]),
    )


def _bonus_quads(five_k: int, two_4: int, aces: int) -> list[PayClass]:
    four = Category.FOUR_OF_A_KIND
    return [
        PayClass("four-5-k", "Four 5s-Ks", four, _flat(five_k)),
        PayClass("four-2-4", "Four 2s-4s", four, _flat(two_4), _LOW_QUADS),
        PayClass("four-aces", "Four Aces", four, _flat(aces), _ACES),
    ]


def _builtin() -> dict[str, PayTable]:
    four = Category.FOUR_OF_A_KIND
    tables = [
        _jacks_or_better(9, 6),
        _jacks_or_better(9, 5),
        _jacks_or_better(8, 6),
        _jacks_or_better(8, 5),
        _jacks_or_better(7, 5),
        _jacks_or_better(6, 5),
        PayTable("bonus-poker-8-5", "Bonus Poker 8/5", _base(8, 5, 4, 2, _bonus_quads(25, 40, 80))),
        PayTable(
            "double-bonus-10-7", "Double Bonus 10/7", _base(10, 7, 5, 1, _bonus_quads(50, 80, 160))
        ),
        PayTable(
            "double-double-bonus-9-6",
            "Double Double Bonus 9/6",
            _base(
                9,
                6,
                4,
                1,
                [
                    *_bonus_quads(50, 80, 160),
                    PayClass(
                        "four-2-4-with-a-4",
                        "Four 2s-4s with A-4",
                        four,
                        _flat(160),
                        _LOW_QUADS,
                        (0, 1, 2, 12),
                    ),
                    PayClass(
                        "four-aces-with-2-4",
                        "Four Aces with 2-4",
                        four,
                        _flat(400),
                        _ACES,
                        _LOW_QUADS,
                    ),
                ],
            ),
        ),
    ]
    return {table.name: table for table in tables}


PAYTABLES: Final[dict[str, PayTable]] = _builtin()
"""The built-in pay tables by name."""
DEFAULT_PAYTABLE: Final = "jacks-or-better-9-6"


def get_paytable(name: str) -> PayTable:
    """A built-in pay table by name.

    >>> get_paytable("bonus-poker-8-5").classes[7:10]
    ('four-5-k', 'four-2-4', 'four-aces')
    >>> get_paytable("deuces-wild")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerscore.games.videopoker.paytables.PayTableError: unknown pay table "deuces-wild": use one of jacks-or-better-9-6, ...
    """
    try:
        return PAYTABLES[name]
    except KeyError:
        raise PayTableError(
            f'unknown pay table "{name}": use one of {", ".join(PAYTABLES)}'
            " or the path of a .toml file"
        ) from None


def resolve_paytable(name_or_path: str) -> PayTable:
    """A built-in table by name, or a user table from a path ending in ``.toml``."""
    if name_or_path.endswith(".toml"):
        return load_paytable(name_or_path)
    return get_paytable(name_or_path)


# ---- TOML ---------------------------------------------------------------------------------------

_TABLE_KEYS: Final = frozenset({"name", "title", "classes"})
_CLASS_KEYS: Final = frozenset({"name", "title", "hand", "ranks", "kickers", "pay"})
_HANDS: Final = tuple(category.slug for category in STANDARD_CATEGORIES)


def load_paytable(path: str | Path) -> PayTable:
    """Read a user pay table from a TOML file (see ``docs/paytables.md``).

    Any mistake raises :class:`PayTableError` naming the file, the class and what is wrong.
    """
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        with Path(path).open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise PayTableError(f"no such pay table file: {path}") from None
    except tomllib.TOMLDecodeError as error:
        raise PayTableError(f"{path}: not valid TOML: {error}") from None
    except OSError as error:
        raise PayTableError(f"cannot read {path}: {error.strerror}") from None
    try:
        return paytable_from_dict(data)
    except PayTableError as error:
        raise PayTableError(f"{path}: {error}") from None


def paytable_from_dict(data: Mapping[str, object]) -> PayTable:
    """A pay table from parsed TOML (a dict), validated.

    >>> paytable_from_dict({"name": "x", "classes": [{"name": "big", "hand": "fl", "pay": 1}]})
    Traceback (most recent call last):
    ...
    pokerscore.games.videopoker.paytables.PayTableError: class 1 ("big"): unknown hand "fl": use one of high-card, one-pair, two-pair, three-of-a-kind, straight, flush, full-house, four-of-a-kind, straight-flush, royal-flush
    """
    _no_unknown_keys(data, _TABLE_KEYS, "the table")
    name = _name(data.get("name"), "the table")
    title = data.get("title", name)
    if not isinstance(title, str) or not title.strip():
        raise PayTableError("title must be a non-empty string")
    classes = data.get("classes")
    if not isinstance(classes, list) or not classes:
        raise PayTableError("a table needs a non-empty [[classes]] list, weakest first")
    paying: list[PayClass] = []
    for number, entry in enumerate(classes, 1):
        where = f"class {number}"
        if not isinstance(entry, dict):
            raise PayTableError(f"{where}: expected a table with name, hand and pay")
        if isinstance(entry.get("name"), str):
            where += f' ("{entry["name"]}")'
        paying.append(_pay_class(entry, where))
    names = [pay_class.name for pay_class in paying]
    for pay_class in paying:
        if pay_class.name == NOTHING or names.count(pay_class.name) > 1:
            raise PayTableError(f'class name "{pay_class.name}" is reserved or repeated')
    return PayTable(name, title.strip(), tuple(paying))


def _no_unknown_keys(data: Mapping[str, object], allowed: frozenset[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise PayTableError(
            f"{where}: unknown key {unknown[0]!r}: allowed keys are {', '.join(sorted(allowed))}"
        )


def _name(value: object, where: str) -> str:
    if not isinstance(value, str) or not _NAME_PATTERN.fullmatch(value):
        raise PayTableError(
            f"{where}: name must be lower-case letters, digits and single hyphens, got {value!r}"
        )
    return value


def _pay_class(entry: Mapping[str, object], where: str) -> PayClass:
    _no_unknown_keys(entry, _CLASS_KEYS, where)
    name = _name(entry.get("name"), where)
    title = entry.get("title", _default_title(name))
    if not isinstance(title, str) or not title.strip():
        raise PayTableError(f"{where}: title must be a non-empty string")
    hand = entry.get("hand")
    if hand not in _HANDS:
        raise PayTableError(f'{where}: unknown hand "{hand}": use one of {", ".join(_HANDS)}')
    category = Category.from_slug(str(hand))
    ranks = _ranks(entry.get("ranks"), f"{where}: ranks")
    kickers = _ranks(entry.get("kickers"), f"{where}: kickers")
    if ranks and category not in _GROUP_CATEGORIES:
        raise PayTableError(f"{where}: ranks apply only to pairs, trips, full houses and quads")
    if kickers and category != Category.FOUR_OF_A_KIND:
        raise PayTableError(f"{where}: kickers apply only to four-of-a-kind")
    return PayClass(name, title.strip(), category, _pays(entry.get("pay"), where), ranks, kickers)


def _default_title(name: str) -> str:
    """``tens-or-better`` -> ``Tens or Better``."""
    small = {"a", "and", "of", "or", "with"}
    words = name.split("-")
    return " ".join(w if i and w in small else w.capitalize() for i, w in enumerate(words))


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
            raise PayTableError(f'{where}: "{char}" is not a rank: use 2-9, T, J, Q, K, A')
        ranks.append(rank)
    if not ranks:
        raise PayTableError(f"{where}: give at least one rank, or leave the key out for any")
    return tuple(sorted(set(ranks)))


def _pays(value: object, where: str) -> tuple[int, int, int, int, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        pays = [value] * MAX_COINS
    elif isinstance(value, list) and all(
        isinstance(item, int) and not isinstance(item, bool) for item in value
    ):
        pays = [int(item) for item in value]
    else:
        raise PayTableError(f"{where}: pay must be an integer or a list of {MAX_COINS} integers")
    if len(pays) != MAX_COINS or min(pays) < 0:
        raise PayTableError(
            f"{where}: pay must be one integer >= 0, or {MAX_COINS} of them (per coin at 1..5 coins)"
        )
    return (pays[0], pays[1], pays[2], pays[3], pays[4])


def paytable_toml(table: PayTable) -> str:
    """A pay table as TOML text that :func:`load_paytable` reads back to an equal table.

    >>> print(paytable_toml(get_paytable("jacks-or-better-9-6")).splitlines()[0])
    name = "jacks-or-better-9-6"
    """
    lines = [f'name = "{table.name}"', f'title = "{table.title}"']
    for pay_class in table.paying:
        lines += ["", "[[classes]]", f'name = "{pay_class.name}"', f'title = "{pay_class.title}"']
        lines.append(f'hand = "{pay_class.hand.slug}"')
        if pay_class.ranks:
            lines.append(f'ranks = "{"".join(RANK_CHARS[rank] for rank in pay_class.ranks)}"')
        if pay_class.kickers:
            lines.append(f'kickers = "{"".join(RANK_CHARS[rank] for rank in pay_class.kickers)}"')
        pays = pay_class.pays
        pay = str(pays[0]) if len(set(pays)) == 1 else "[" + ", ".join(map(str, pays)) + "]"
        lines.append(f"pay = {pay}")
    return "\n".join(lines) + "\n"
