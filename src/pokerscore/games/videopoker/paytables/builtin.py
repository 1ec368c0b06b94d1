"""The built-in pay tables: Jacks or Better 9/6 … 6/5, Bonus Poker, Double and Double Double Bonus,
and the wild games: Deuces Wild (full pay, Not So Ugly Ducks, Loose Deuces) and Joker Poker
(kings or better).

>>> get_paytable("bonus-poker-8-5").class_index("four-aces")
9
"""

from __future__ import annotations

from typing import Final

from pokerscore._support.errors import expect
from pokerscore.engine import STANDARD_CATEGORIES, Category
from pokerscore.games.videopoker.paytables.model import (
    PAY_HANDS,
    PayClass,
    PayTable,
    PayTableError,
    default_title,
)

_ROYAL_PAYS: Final = (250, 250, 250, 250, 800)  # the 5-coin royal bonus
_LOW_QUADS: Final = (0, 1, 2)  # deuces, treys, fours
_ACES: Final = (12,)


def _flat(pay: int) -> tuple[int, int, int, int, int]:
    return (pay, pay, pay, pay, pay)


def _category_pays(category: Category, pays: tuple[int, int, int, int, int]) -> PayClass:
    """A class that is a whole category, named as the category is."""
    return PayClass(category.slug, category.title, PAY_HANDS[category.slug], pays)


def _hand_pays(hand: str, pays: tuple[int, int, int, int, int], name: str = "") -> PayClass:
    """A class that is one of :data:`PAY_HANDS`, named as the hand is unless ``name`` says."""
    name = name or hand
    return PayClass(name, default_title(name), PAY_HANDS[hand], pays)


def _wild_base(pays: list[int]) -> list[PayClass]:
    """The classes every wild table shares, weakest first, from three of a kind to the straight
    flush, with ``pays`` in that order."""
    categories = STANDARD_CATEGORIES[Category.THREE_OF_A_KIND : Category.ROYAL_FLUSH]
    return [_category_pays(c, _flat(pay)) for c, pay in zip(categories, pays, strict=True)]


def _deuces_wild(
    name: str, title: str, four_deuces: int, five_kind: int, quads_up: list[int]
) -> PayTable:
    """A Deuces Wild table: no pair pays; trips to straight flush pay ``quads_up`` (weakest
    first), then five of a kind, the wild royal (25), four deuces and the natural royal."""
    return PayTable(
        name,
        title,
        (
            *_wild_base(quads_up),
            _hand_pays("five-of-a-kind", _flat(five_kind)),
            _hand_pays("wild-royal-flush", _flat(25)),
            _hand_pays("four-deuces", _flat(four_deuces)),
            _hand_pays("royal-flush", _ROYAL_PAYS, "natural-royal-flush"),
        ),
        wild="deuces",
    )


def _base(
    full_house: int, flush: int, straight: int, two_pair: int, quads: list[PayClass]
) -> tuple[PayClass, ...]:
    return (
        PayClass(
            "jacks-or-better", "Jacks or Better", PAY_HANDS["one-pair"], _flat(1), (9, 10, 11, 12)
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
    four = PAY_HANDS[Category.FOUR_OF_A_KIND.slug]
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
                        PAY_HANDS[four.slug],
                        _flat(160),
                        _LOW_QUADS,
                        (0, 1, 2, 12),
                    ),
                    PayClass(
                        "four-aces-with-2-4",
                        "Four Aces with 2-4",
                        PAY_HANDS[four.slug],
                        _flat(400),
                        _ACES,
                        _LOW_QUADS,
                    ),
                ],
            ),
        ),
        _deuces_wild("deuces-wild", "Deuces Wild", 200, 15, [1, 2, 2, 3, 5, 9]),
        _deuces_wild("not-so-ugly-ducks", "Not So Ugly Ducks", 200, 16, [1, 2, 3, 4, 4, 10]),
        _deuces_wild("loose-deuces", "Loose Deuces", 500, 17, [1, 2, 2, 3, 4, 10]),
        PayTable(
            "joker-poker-kings",
            "Joker Poker (Kings or Better)",
            (
                PayClass(
                    "kings-or-better", "Kings or Better", PAY_HANDS["one-pair"], _flat(1), (11, 12)
                ),
                _category_pays(Category.TWO_PAIR, _flat(1)),
                *_wild_base([2, 3, 5, 7, 20, 50]),
                _hand_pays("wild-royal-flush", _flat(100)),
                _hand_pays("five-of-a-kind", _flat(200)),
                _hand_pays("royal-flush", _ROYAL_PAYS, "natural-royal-flush"),
            ),
            wild="joker",
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
    >>> get_paytable("deuces-wilder")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerscore.games.videopoker.paytables.model.PayTableError: unknown pay table "deuces-wilder": use one of jacks-or-better-9-6, ...
    """
    expect(name, str, "name", "the name of a pay table")
    try:
        return PAYTABLES[name]
    except KeyError:
        raise PayTableError(
            f'unknown pay table "{name}": use one of {", ".join(PAYTABLES)}'
            " or the path of a .toml file"
        ) from None
