"""The pay table model: the paying hand classes of a machine and what each pays per coin.

A :class:`PayTable` lists its paying classes weakest first; class 0 is always ``nothing``. Each
class is a rule on the final hand (a :class:`PayHand`, optionally restricted to the rank of its
main group and, for four of a kind, the kicker) and its pay per coin for bets of 1 to 5 coins. A
hand belongs to the *last* class whose rule it matches, so a specific class (``four-aces``) listed
after a general one (``four-of-a-kind``) takes the hands it names.

A table may play with wild cards (``wild = "deuces"``: every 2; ``wild = "joker"``: a 53-card
deck with one joker). A wild card plays as whatever makes the class: a hand takes the last class
that any of its completions (:func:`pokerscore.engine.completions.completions`) makes. So a class
depends on the natural ranks, the number of wild cards and whether the natural cards share a
suit, which is exactly what a five-card key of the table's ranking holds: every table is also a
lookup table from that key to class (:meth:`PayTable.class_lists`), which the compiled kernels
use, one lookup a hand.

Every table is checked when it is made, whoever makes it (the built-in list, a TOML file, a
program): pays are whole numbers of coins from 0 to :data:`MAX_PAY` per coin, at most
:data:`MAX_PAYING_CLASSES` paying classes, titles are printable text, and the wild games' own
hands only in the tables they belong to.

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
>>> deuces = get_paytable("deuces-wild")
>>> [deuces.class_name(deuces.classify(hand)) for hand in ("2c 2d Kh Qh Jh", "2c 2d 2h 2s 5c")]
['wild-royal-flush', 'four-deuces']
"""

from __future__ import annotations

import math
import re
import reprlib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from pokerscore._support.errors import ParameterError, expect
from pokerscore._support.stored import fingerprint, stored
from pokerscore.cards import (
    JOKER,
    Card,
    CardLike,
    PokerScoreError,
    TooManyJokersError,
    parse_cards,
)
from pokerscore.engine import HIGH, Category, Ranking, get_ranking
from pokerscore.engine.completions import five_card_lists, hand_kinds
from pokerscore.engine.hand_classes import STANDARD_STRAIGHTS, standard_category
from pokerscore.engine.keys import SUIT_MASK_5, SUIT_SHIFT_5
from pokerscore.hands.scores import check_in_deck

MAX_COINS: Final = 5
NOTHING: Final = "nothing"
MAX_PAY: Final = 1_000_000
"""The largest pay per coin. The whole-game analysis compares holds exactly in 64-bit integers:
a pay sum over the draws of one hold times the draw count of another stays below
``C(48, 5) * C(48, 4) * MAX_PAY * MAX_COINS`` (about 1.7e18, under 2**63, with the joker's
48 unseen cards), and every win fits SQLite's integers with room to spare."""
MAX_PAYING_CLASSES: Final = 127
"""The largest number of paying classes: the kernels keep class indices in 8-bit integers."""
HAND_SIZE: Final = 5

# Categories whose explaining ranks start with the rank of one group (pair, trips, quads, five).
GROUP_CATEGORIES: Final = frozenset(
    {
        Category.ONE_PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
        Category.FIVE_OF_A_KIND,
    }
)
NAME_PATTERN: Final = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A table's or a class's machine name: lower-case letters, digits and single hyphens."""
MAX_NAME_LENGTH: Final = 60
MAX_TITLE_LENGTH: Final = 60

WILD_RANKINGS: Final[dict[str, str]] = {"deuces": "deuces-wild", "joker": "joker"}
"""A table's ``wild`` setting -> the ranking whose wild cards it plays with."""


class PayTableError(PokerScoreError):
    """A pay table that cannot be used: unknown name, unreadable or inconsistent definition."""


@dataclass(frozen=True)
class PayHand:
    """A hand a pay class names: a category of standard high poker (five of a kind included,
    a royal flush a category of its own) made by some completion of the hand, with a number of
    wild cards among ``wilds``. ``wild`` lists the tables it belongs in: ``None`` for tables
    without wild cards, else a :data:`WILD_RANKINGS` key.

    >>> PAY_HANDS["royal-flush"].wilds, PAY_HANDS["wild-royal-flush"].wilds
    ((0,), (1, 2, 3, 4))
    """

    slug: str
    category: Category
    wilds: tuple[int, ...]
    wild: frozenset[str | None]


_EVERY_TABLE: Final = frozenset({None, *WILD_RANKINGS})
_ANY_WILDS: Final = tuple(range(HAND_SIZE))
PAY_HANDS: Final[dict[str, PayHand]] = {
    **{
        category.slug: PayHand(category.slug, category, _ANY_WILDS, _EVERY_TABLE)
        for category in Category
        if category <= Category.STRAIGHT_FLUSH
    },
    # A royal flush of natural cards: in a wild table, the "natural royal".
    "royal-flush": PayHand("royal-flush", Category.ROYAL_FLUSH, (0,), _EVERY_TABLE),
    "wild-royal-flush": PayHand(
        "wild-royal-flush", Category.ROYAL_FLUSH, _ANY_WILDS[1:], frozenset(WILD_RANKINGS)
    ),
    "five-of-a-kind": PayHand(
        "five-of-a-kind", Category.FIVE_OF_A_KIND, _ANY_WILDS, frozenset(WILD_RANKINGS)
    ),
    # Four deuces and any fifth card: five of a kind with four wild cards.
    "four-deuces": PayHand("four-deuces", Category.FIVE_OF_A_KIND, (4,), frozenset({"deuces"})),
}
"""Every hand a pay class may name, by machine name (the ``hand`` key of a TOML table)."""


@dataclass(frozen=True)
class PayClass:
    """One paying hand class: a rule on the final hand and its pay per coin at 1..5 coins.

    ``ranks`` restricts the rank of the hand's main group (the pair of a one-pair hand, the
    higher pair of two pair, the trips of a full house, the quads, the five of a kind), ``kickers``
    the fifth card of four of a kind; empty means any. ``hand = straight-flush`` also matches
    royal flushes (natural or wild).
    """

    name: str
    title: str
    hand: PayHand
    pays: tuple[int, int, int, int, int]
    ranks: tuple[int, ...] = ()
    kickers: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        check_name(self.name, f'class "{self.name}"')
        check_title(self.title, f'class "{self.name}"')
        check_pays(self.pays, f'class "{self.name}"')
        expect(self.hand, PayHand, "hand", "a PayHand")
        if self.ranks and self.hand.category not in GROUP_CATEGORIES:
            raise PayTableError(
                f'class "{self.name}": ranks apply only to pairs, trips, full houses, quads and'
                " five of a kind"
            )
        if self.kickers and self.hand.category != Category.FOUR_OF_A_KIND:
            raise PayTableError(f'class "{self.name}": kickers apply only to four-of-a-kind')

    def matches(self, category: Category, ranks: tuple[int, ...], wilds: int) -> bool:
        """Whether a completed hand (its category under standard rules, its explaining ranks,
        and the wild cards it took) belongs to the rule, before later classes take it."""
        wanted = self.hand.category
        if category != wanted and not (
            wanted == Category.STRAIGHT_FLUSH and category == Category.ROYAL_FLUSH
        ):
            return False
        if wilds not in self.hand.wilds or (self.ranks and ranks[0] not in self.ranks):
            return False
        return not self.kickers or ranks[1] in self.kickers


@dataclass(frozen=True)
class PayTable:
    """A named pay table: the paying classes, weakest first, after the implicit ``nothing``;
    ``wild`` names its wild cards (``"deuces"``, ``"joker"``; ``None``: none)."""

    name: str
    title: str
    paying: tuple[PayClass, ...]
    wild: str | None = None

    def __post_init__(self) -> None:
        check_name(self.name, "the table")
        check_title(self.title, "the table")
        expect(self.paying, tuple, "paying", "a tuple of PayClass")
        for pay_class in self.paying:
            expect(pay_class, PayClass, "paying", "a tuple of PayClass")
        if self.wild is not None and (
            not isinstance(self.wild, str) or self.wild not in WILD_RANKINGS
        ):
            raise PayTableError(
                f"wild must be one of {', '.join(WILD_RANKINGS)}, got {short_repr(self.wild)}"
            )
        if not 1 <= len(self.paying) <= MAX_PAYING_CLASSES:
            raise PayTableError(
                f"a table has 1 to {MAX_PAYING_CLASSES} paying classes, got {len(self.paying)}"
            )
        names = [pay_class.name for pay_class in self.paying]
        for name in names:
            if name == NOTHING or names.count(name) > 1:
                raise PayTableError(f'class name "{name}" is reserved or repeated')
        for pay_class in self.paying:
            if self.wild not in pay_class.hand.wild:
                where = f'with wild = "{self.wild}"' if self.wild else "without wild cards"
                raise PayTableError(
                    f'class "{pay_class.name}": hand "{pay_class.hand.slug}" is not played {where}'
                )

    @property
    def ranking(self) -> Ranking:
        """The ranking whose deck and wild cards the table plays with (high poker without)."""
        return get_ranking(WILD_RANKINGS[self.wild]) if self.wild else HIGH

    @cached_property
    def deck(self) -> tuple[int, ...]:
        """The card ids of the machine's deck: 52, or 53 with the joker (id 52, once)."""
        return self.ranking.deck

    @cached_property
    def most_wild(self) -> int:
        """The most wild cards a hand can hold: the wild cards of the deck (4 deuces, 1 joker)."""
        return sum(1 for card in self.deck if card in self.ranking.wild_cards)

    @property
    def unseen(self) -> int:
        """Cards a draw comes from: the deck less the five dealt (47, or 48 with the joker)."""
        return len(self.deck) - HAND_SIZE

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

    def class_of_completion(self, ranks: tuple[int, ...], suited: bool, wilds: int) -> int:
        """The last class one completed hand matches: five ranks (highest first), whether all
        one suit, and how many wild cards it took (0 = ``nothing``).

        >>> from pokerscore.games.videopoker.paytables import get_paytable
        >>> table = get_paytable("deuces-wild")
        >>> table.class_name(table.class_of_completion((12, 11, 10, 9, 8), True, 0))
        'natural-royal-flush'
        >>> table.class_name(table.class_of_completion((12, 11, 10, 9, 8), True, 1))
        'wild-royal-flush'
        """
        category, explaining = standard_category(ranks, suited, STANDARD_STRAIGHTS)
        return self._class_of_judgement(category, explaining, wilds)

    def _class_of_judgement(self, category: Category, ranks: tuple[int, ...], wilds: int) -> int:
        for index in range(len(self.paying), 0, -1):
            if self.paying[index - 1].matches(category, ranks, wilds):
                return index
        return 0

    def class_lists(self) -> tuple[list[int], list[int]]:
        """(suited, plain): five-card rank key of the table's ranking -> class index, when the
        natural cards share a suit and when not (the sum of the ranking's
        :attr:`~pokerscore.engine.rankings.Ranking.card_keys5` over a hand, shifted right by
        :data:`~pokerscore.engine.keys.SUIT_SHIFT_5`). Built once; callers must not change them."""
        return self._class_lists

    @cached_property
    def _class_lists(self) -> tuple[list[int], list[int]]:
        return _class_lists(self)

    @cached_property
    def reachable(self) -> frozenset[int]:
        """The classes some final hand ends in (a class whose hands a later class all takes is
        not among them)."""
        return frozenset(self._hand_counts)

    @cached_property
    def _hand_counts(self) -> dict[int, int]:
        """Class -> how many kinds of hand (natural ranks, wild cards, suited or not) it holds."""
        suited, plain = self.class_lists()
        counts: dict[int, int] = {}
        for key, _, _, can_suit in hand_kinds(self.ranking.natural_ranks, self.most_wild):
            for index in (plain[key], suited[key]) if can_suit else (plain[key],):
                counts[index] = counts.get(index, 0) + 1
        return counts

    def holds_one_hand(self, index: int) -> bool:
        """Whether class ``index`` holds a single kind of hand (natural ranks, wild cards, suited
        or not): the natural royal flush's class, where no other hand shares it."""
        return self._hand_counts.get(index, 0) == 1

    def check_hand(self, cards: str | Iterable[CardLike]) -> tuple[Card, ...]:
        """Five cards of the machine's deck, parsed: each once (the joker too: its deck holds one).

        >>> from pokerscore.games.videopoker.paytables import get_paytable
        >>> get_paytable("jacks-or-better-9-6").check_hand("Jk Ah Kh Qh Jh")
        Traceback (most recent call last):
        ...
        pokerscore.cards.errors.CardNotInDeckError: invalid card "Jk" at position 1: only the joker ranking plays with jokers
        """
        hand: tuple[Card, ...] = parse_cards(cards, size=HAND_SIZE)
        check_in_deck(hand, self.ranking)
        jokers = [position for position, card in enumerate(hand, 1) if card.id == JOKER]
        if len(jokers) > 1:  # the machine's deck holds one joker (the ranking allows two)
            raise TooManyJokersError(1, jokers[1], f"{self.name}'s deck holds")
        return hand

    def classify(self, cards: str | Iterable[CardLike]) -> int:
        """The class index of a five-card final hand (0 = ``nothing``).

        >>> from pokerscore.games.videopoker.paytables import get_paytable
        >>> table = get_paytable("double-double-bonus-9-6")
        >>> table.class_name(table.classify("Ac Ad Ah As 3c"))
        'four-aces-with-2-4'
        >>> table.class_name(table.classify("Ac Ad Ah As Kc"))
        'four-aces'
        >>> joker = get_paytable("joker-poker-kings")
        >>> joker.class_name(joker.classify("Jk Kd 7c 4h 2s"))  # the joker pairs the king
        'kings-or-better'
        """
        keys = self.ranking.card_keys5
        key = sum(keys[card.id] for card in self.check_hand(cards))
        suited, plain = self.class_lists()
        suited_hand = self.ranking.is_flush5[key & SUIT_MASK_5]
        return (suited if suited_hand else plain)[key >> SUIT_SHIFT_5]

    def _check_class(self, index: int) -> int:
        if not 0 <= index < len(self.classes):
            raise PayTableError(f"{self.name} has classes 0..{len(self.classes) - 1}, got {index}")
        return index


def check_coins(coins: object) -> int:
    """A bet of 1 to :data:`MAX_COINS` coins (an ``int``, not a bool), else a
    :class:`~pokerscore._support.errors.ParameterError` naming ``coins``.

    >>> check_coins(None)
    Traceback (most recent call last):
    ...
    pokerscore._support.errors.ParameterError: coins must be 1 to 5 coins, got None
    """
    if isinstance(coins, bool) or not isinstance(coins, int) or not 1 <= coins <= MAX_COINS:
        raise ParameterError(f"{{name}} must be 1 to {MAX_COINS} coins, got {coins!r}", "coins")
    return coins


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


def default_title(name: str) -> str:
    """A class's title when none is given, from its machine name.

    >>> default_title("tens-or-better"), default_title("natural-royal-flush")
    ('Tens or Better', 'Natural Royal Flush')
    """
    small = {"a", "and", "of", "or", "with"}
    words = name.split("-")
    return " ".join(w if i and w in small else w.capitalize() for i, w in enumerate(words))


def short_repr(value: object, limit: int = 40) -> str:
    """A bad value as an error message shows it: quoted, and cut so that it never echoes a file.

    >>> short_repr("fl"), short_repr(10**60)
    ('"fl"', '100000000000000000000000000000000000000…')
    """
    if isinstance(value, str) and value.isprintable():
        text = f'"{value}"'
    elif isinstance(value, (list, tuple, dict, set, frozenset)):
        text = _SHORT_REPR.repr(value)  # a few items, a few levels: never the whole of a file
    else:
        text = _SHORT_REPR.repr_int(value, 0) if isinstance(value, int) else repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _ShortRepr(reprlib.Repr):
    """Containers cut to a few items and levels (a deep one as ``[[[[...]]]]``: a full repr
    would recurse past Python's stack); integers of thousands of digits by their length
    (``repr`` refuses them)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxdict, self.maxstring = 4, 6, 4, 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 4000:
            return f"an integer of {int(x.bit_length() * math.log10(2)) + 1:,} digits"
        return repr(x)


_SHORT_REPR: Final = _ShortRepr()


@stored(
    fingerprint, ("pokerscore.engine", "pokerscore.cards", "pokerscore.games.videopoker.paytables")
)
def _class_lists(table: PayTable) -> tuple[list[int], list[int]]:
    """:meth:`PayTable.class_lists`, built once and kept on disk (0.3 to 1.3 s of CPU a table
    in Python: the wild tables' completions)."""
    ranking = table.ranking
    # Completions repeat across hands, and a class depends on a judgement only through its
    # category, its first two explaining ranks and the wild cards: each is worked out once.
    judged: dict[tuple[tuple[int, ...], bool], tuple[Category, int, int]] = {}
    classes: dict[tuple[Category, int, int, int], int] = {}

    def class_of(ranks: tuple[int, ...], suited: bool, wilds: int) -> int:
        judgement = judged.get((ranks, suited))
        if judgement is None:
            category, explaining = standard_category(ranks, suited, STANDARD_STRAIGHTS)
            second = explaining[1] if len(explaining) > 1 else -1
            judgement = judged[ranks, suited] = (category, explaining[0], second)
        key = (*judgement, wilds)
        found = classes.get(key)
        if found is None:
            category, first, second = judgement
            explaining = (first, second) if second >= 0 else (first,)
            found = classes[key] = table._class_of_judgement(category, explaining, wilds)
        return found

    return five_card_lists(class_of, ranking.natural_ranks, ranking.ranks, table.most_wild)
