"""Every hand category any ranking uses, as integers the engine computes with.

Each category is named exactly once, here: machine names (``one-pair``) and titles (``One Pair``)
derive from the member names. The first ten members are standard high poker's categories in its
order of strength; other rankings list the categories they use, in their own order of strength,
as :attr:`pokerscore.engine.rankings.Ranking.categories` (ace-to-five lowball, for instance, has
no straights and ranks ``no-pair`` above ``one-pair``). So compare hands by value, and compare
categories through a ranking, never by these integers.
"""

from __future__ import annotations

from enum import IntEnum


class Category(IntEnum):
    """Hand categories; the first ten in standard high poker's order, weakest (0) first.

    >>> Category.FULL_HOUSE.slug
    'full-house'
    >>> Category.from_slug("royal-flush")
    <Category.ROYAL_FLUSH: 9>
    >>> Category.EIGHT_LOW.title, Category.NO_LOW.title
    ('Eight Low', 'No Low')
    >>> Category.FIVE_OF_A_KIND.slug, Category.FIVE_OF_A_KIND.title
    ('five-of-a-kind', 'Five of a Kind')
    >>> Category.FOUR_CARD_BADUGI.slug, Category.FOUR_CARD_BADUGI.title
    ('four-card-badugi', 'Four Card Badugi')
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
    # Lowball: five different ranks, judged low (ace-to-five's best category).
    NO_PAIR = 10
    # Eight-or-better: no qualifying low, then the qualifying lows named by their highest card.
    NO_LOW = 11
    EIGHT_LOW = 12
    SEVEN_LOW = 13
    SIX_LOW = 14
    FIVE_LOW = 15
    # Wild cards: five cards of one rank, above the straight flush (no royal category).
    FIVE_OF_A_KIND = 16
    # Badugi: the cards of different ranks and suits that play, one to four of them.
    ONE_CARD_BADUGI = 17
    TWO_CARD_BADUGI = 18
    THREE_CARD_BADUGI = 19
    FOUR_CARD_BADUGI = 20

    @property
    def slug(self) -> str:
        """The machine name, e.g. ``three-of-a-kind``."""
        return self.name.lower().replace("_", "-")

    @property
    def title(self) -> str:
        """The name in words, e.g. ``Three of a Kind``."""
        small = {"of", "a"}
        words = self.name.lower().split("_")
        return " ".join(w if w in small and i else w.capitalize() for i, w in enumerate(words))

    @classmethod
    def from_slug(cls, slug: str) -> Category:
        """The category of a machine name."""
        return cls[slug.upper().replace("-", "_")]


STANDARD_CATEGORIES = tuple(Category)[: Category.ROYAL_FLUSH + 1]
"""Standard high poker's ten categories, weakest first."""

BADUGI_CATEGORIES = (
    Category.ONE_CARD_BADUGI,
    Category.TWO_CARD_BADUGI,
    Category.THREE_CARD_BADUGI,
    Category.FOUR_CARD_BADUGI,
)
"""Badugi's four categories, weakest first: ``BADUGI_CATEGORIES[n - 1]`` plays ``n`` cards."""
