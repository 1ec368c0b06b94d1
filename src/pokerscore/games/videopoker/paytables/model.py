"""The pay table model: the paying hand classes of a machine and what each pays per coin.

A :class:`PayTable` lists its paying classes weakest first; class 0 is always ``nothing``. Each
class is a rule on the final hand (a category, optionally restricted to the rank of its main
group and, for four of a kind, the kicker) and its pay per coin for bets of 1 to 5 coins. A hand
belongs to the *last* class whose rule it matches, so a specific class (``four-aces``) listed
after a general one (``four-of-a-kind``) takes the hands it names.

Because a class depends only on the hand's value (1..7462), every table is also a lookup table
from value to class (:attr:`PayTable.value_classes`), which the compiled kernels use.

Every table is checked when it is made, whoever makes it (the built-in list, a TOML file, a
program): pays are whole numbers of coins from 0 to :data:`MAX_PAY` per coin, at most
:data:`MAX_PAYING_CLASSES` paying classes, titles are printable text.

>>> from pokerscore.games.videopoker.paytables import get_paytable
>>> table = get_paytable("jacks-or-better-9-6")
>>> table.title, len(table.classes), table.classes[1]
('Jacks or Better 9/6', 10, 'jacks-or-better')
>>> index = table.classify("Kh Ks 2d 7c 9h")
>>> table.class_name(index), table.pay(index, 5)
('jacks-or-better', 5)
>>> royal = table.classify("Ah Kh Qh Jh Th")
>>> table.class_title(royal), table.pay(royal, 1), table.pay(royal, 5)
('Royal Flush', 250, 4000)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from pokerscore.cards import Card, CardLike, PokerScoreError, parse_cards
from pokerscore.engine import VALUE_COUNT, Category, category_of, evaluate5, explaining_ranks

MAX_COINS: Final = 5
NOTHING: Final = "nothing"
MAX_PAY: Final = 1_000_000
"""The largest pay per coin. The whole-game analysis compares holds exactly in 64-bit integers:
a pay sum over the draws of one hold times the draw count of another stays below
``C(47, 5) * C(47, 4) * MAX_PAY * MAX_COINS`` (about 1.4e18, under 2**63), and every win
fits SQLite's integers with room to spare."""
MAX_PAYING_CLASSES: Final = 127
"""The largest number of paying classes: the kernels keep class indices in 8-bit integers."""

# Categories whose explaining ranks start with the rank of one group (pair, trips, quads).
GROUP_CATEGORIES: Final = frozenset(
    {
        Category.ONE_PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
    }
)
NAME_PATTERN: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A table's or a class's machine name: lower-case letters, digits and single hyphens."""
MAX_NAME_LENGTH: Final = 60
MAX_TITLE_LENGTH: Final = 60


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

    def __post_init__(self) -> None:
        check_name(self.name, f'class "{self.name}"')
        check_title(self.title, f'class "{self.name}"')
        check_pays(self.pays, f'class "{self.name}"')
        if self.ranks and self.hand not in GROUP_CATEGORIES:
            raise PayTableError(
                f'class "{self.name}": ranks apply only to pairs, trips, full houses and quads'
            )
        if self.kickers and self.hand != Category.FOUR_OF_A_KIND:
            raise PayTableError(f'class "{self.name}": kickers apply only to four-of-a-kind')

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

    def __post_init__(self) -> None:
        check_name(self.name, "the table")
        check_title(self.title, "the table")
        if not 1 <= len(self.paying) <= MAX_PAYING_CLASSES:
            raise PayTableError(
                f"a table has 1 to {MAX_PAYING_CLASSES} paying classes, got {len(self.paying)}"
            )
        names = [pay_class.name for pay_class in self.paying]
        for name in names:
            if name == NOTHING or names.count(name) > 1:
                raise PayTableError(f'class name "{name}" is reserved or repeated')

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

        >>> from pokerscore.games.videopoker.paytables import get_paytable
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

        >>> from pokerscore.games.videopoker.paytables import get_paytable
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

        >>> from pokerscore.games.videopoker.paytables import get_paytable
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


def check_name(value: object, where: str) -> str:
    """A machine name, or a :class:`PayTableError` saying what a name must be."""
    if (
        not isinstance(value, str)
        or len(value) > MAX_NAME_LENGTH
        or not NAME_PATTERN.fullmatch(value)
    ):
        raise PayTableError(
            f"{where}: name must be lower-case letters, digits and single hyphens"
            f" (at most {MAX_NAME_LENGTH}), got {short_repr(value)}"
        )
    return value


def check_pays(value: object, where: str) -> tuple[int, int, int, int, int]:
    """Pays per coin: one whole number for every bet, or one for each bet of 1 to 5 coins.

    >>> check_pays(9, "full-house"), check_pays([250, 250, 250, 250, 800], "royal")[4]
    ((9, 9, 9, 9, 9), 800)
    >>> check_pays(10**18, "big")
    Traceback (most recent call last):
    ...
    pokerscore.games.videopoker.paytables.model.PayTableError: big: pay must be one whole number from 0 to 1,000,000 per coin, or 5 of them (for bets of 1 to 5 coins), got 1000000000000000000
    """
    items = [value] * MAX_COINS if _is_int(value) else value
    if (
        not isinstance(items, (list, tuple))
        or len(items) != MAX_COINS
        or not all(_is_int(item) and 0 <= item <= MAX_PAY for item in items)
    ):
        raise PayTableError(
            f"{where}: pay must be one whole number from 0 to {MAX_PAY:,} per coin, or"
            f" {MAX_COINS} of them (for bets of 1 to {MAX_COINS} coins), got {short_repr(value)}"
        )
    return (items[0], items[1], items[2], items[3], items[4])


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_title(value: object, where: str) -> str:
    """A title people read: non-empty printable text, no control characters, not too long.

    >>> check_title("Deuces [wild] 25/15", "the table")
    'Deuces [wild] 25/15'
    >>> check_title("Bell\\a", "the table")
    Traceback (most recent call last):
    ...
    pokerscore.games.videopoker.paytables.model.PayTableError: the table: title must be printable text of 1 to 60 characters, got 'Bell\\x07'
    """
    if (
        not isinstance(value, str)
        or not value.strip()
        or value != value.strip()
        or len(value) > MAX_TITLE_LENGTH
        or any(unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") for char in value)
    ):
        raise PayTableError(
            f"{where}: title must be printable text of 1 to {MAX_TITLE_LENGTH} characters,"
            f" got {short_repr(value)}"
        )
    return value


def short_repr(value: object, limit: int = 40) -> str:
    """A bad value as an error message shows it: quoted, and cut so that it never echoes a file.

    >>> short_repr("fl"), short_repr(10**60)
    ('"fl"', '100000000000000000000000000000000000000…')
    """
    printable = isinstance(value, str) and value.isprintable()
    text = f'"{value}"' if printable else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
