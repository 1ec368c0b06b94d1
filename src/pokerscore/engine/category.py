"""The ten hand categories, as integers the engine computes with.

The order of the members is the order of strength; the machine names (``one-pair``) derive from
the member names, so each category is named in exactly one place.
"""

from __future__ import annotations

from enum import IntEnum


class Category(IntEnum):
    """Hand categories from weakest (0) to strongest (9).

    >>> Category.FULL_HOUSE.slug
    'full-house'
    >>> Category.from_slug("royal-flush")
    <Category.ROYAL_FLUSH: 9>
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
