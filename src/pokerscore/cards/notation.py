"""Reading and writing cards in every common notation.

Accepted for one card, case-insensitive: ``Ah``, ``AH``, ``10h``, ``Th``, ``A♥``, ``♥A``, ``♥ A``
(a space after a leading suit symbol, as some tutorials print cards), the outline suit symbols
``♧ ♢ ♡ ♤``, and the Unicode playing-card glyphs ``🂡`` … ``🃞`` (the knights, which no
standard deck has, are rejected). The joker: ``Jk``, ``joker`` (any case) or ``🃏`` (and the
other joker glyphs, ``🂿`` and ``🃟``). A hand is such cards separated by :data:`SEPARATORS` (spaces,
tabs, line ends, commas, semicolons), or not separated at all (``AhKhQhJhTh``); or any iterable of card ids, card strings or :class:`Card`.
A hand holds each card once, except the joker: at most :data:`~pokerscore.cards.card.MAX_JOKERS`
of them (which rankings play with jokers is the ranking's business, not the parser's).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from functools import cache
from typing import Final, Literal, SupportsIndex, cast

from pokerscore._support.errors import ParameterError, expect
from pokerscore.cards.card import (
    CARD_ID_HELP,
    JOKER,
    JOKER_SYMBOL,
    MAX_JOKERS,
    RANK_CHARS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    Card,
)
from pokerscore.cards.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerScoreError,
    TooManyJokersError,
    shorten,
)

CardStyle = Literal["text", "pretty", "glyph"]
"""How :func:`format_cards` writes cards: ``Ah Kd``, ``A♥ K♦`` or playing-card glyphs."""
_STYLES: Final = frozenset(("text", "pretty", "glyph"))

RANK_HELP: Final = "rank must be one of 2-9, T or 10, J, Q, K, A"
SUIT_HELP: Final = "suit must be one of c, d, h, s or ♣, ♦, ♥, ♠"

SEPARATORS: Final = " \t\r\n,;"
"""What separates the cards of a hand written as one string, and nothing else: a NUL, a form
feed or a vertical tab is part of a token (so an invalid card). The fast readers of files take
the same set (:mod:`pokerscore.files.tokens`)."""
_SEPARATORS: Final = frozenset(SEPARATORS)
_RANKS: Final = {char: rank for rank, char in enumerate(RANK_CHARS)}
_SUITS: Final = {
    **{letter: suit for suit, letter in enumerate(SUIT_LETTERS)},
    **{symbol: suit for suit, symbol in enumerate(SUIT_SYMBOLS)},
    # Outline (white) suit symbols, and the variation selector some keyboards append.
    "♧": 0,
    "♢": 1,
    "♡": 2,
    "♤": 3,
}
_SUIT_SYMBOL_CHARS: Final = frozenset(SUIT_SYMBOLS) | {"♧", "♢", "♡", "♤"}
# Playing-card glyph blocks start at U+1F0A1 (spades), U+1F0B1 (hearts), U+1F0C1 (diamonds),
# U+1F0D1 (clubs); within a block: ace, 2..10, jack, knight, queen, king.
_GLYPH_BLOCKS: Final = {0x1F0A0: 3, 0x1F0B0: 2, 0x1F0C0: 1, 0x1F0D0: 0}
_GLYPH_RANKS: Final = {1: 12, **{n: n - 2 for n in range(2, 11)}, 11: 9, 13: 10, 14: 11}
_JOKER_GLYPHS: Final = frozenset({JOKER_SYMBOL, "\U0001f0bf", "\U0001f0df"})
"""Black joker (the one printed), red joker and white joker."""
_JOKER_WORDS: Final = ("joker", "jk")
"""The joker in letters, any case, longest first."""

CardLike = Card | int | str
"""Anything that names one card: a :class:`Card`, an id 0..52 or a string like ``"Ah"``."""


def glyph(card: Card) -> str:
    """The Unicode playing-card glyph of a card.

    >>> glyph(Card(50)), glyph(Card(JOKER))
    ('🂱', '🃏')
    """
    expect(card, Card, "card", "a Card")
    if card.is_joker:
        return JOKER_SYMBOL
    block = {suit: start for start, suit in _GLYPH_BLOCKS.items()}[card.suit]
    offset = {rank: code for code, rank in _GLYPH_RANKS.items()}[card.rank]
    return chr(block + offset)


def format_cards(cards: Iterable[Card], *, style: CardStyle = "text") -> str:
    """Cards joined by spaces, as ``text`` (``Ah Kd``), ``pretty`` (``A♥ K♦``) or ``glyph``.

    >>> format_cards(parse_cards("Ah 10d"), style="pretty")
    'A♥ 10♦'
    """
    if not isinstance(style, str) or style not in _STYLES:
        shown = shorten(repr(style))
        raise ParameterError(f"{{name}} must be text, pretty or glyph, got {shown}", "style")
    cards = parse_cards(cards, allow_duplicates=True)  # any card notation; junk refused
    if style == "text":
        return " ".join(str(card) for card in cards)
    if style == "pretty":
        return " ".join(card.pretty for card in cards)
    return " ".join(glyph(card) for card in cards)


def parse_card(text: str, *, position: int = 1) -> Card:
    """One card from a string, in any accepted notation.

    >>> parse_card("10h"), parse_card("♥ a"), parse_card("🂡")
    (Card('Th'), Card('Ah'), Card('As'))
    >>> parse_card("Jk"), parse_card("JOKER"), parse_card("🃏")
    (Card('Jk'), Card('Jk'), Card('Jk'))
    >>> parse_card("1X")
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.InvalidCardError: invalid card "1X" at position 1: rank must be one of 2-9, T or 10, J, Q, K, A
    """
    expect(text, str, "text", "a string holding one card")
    position = _whole(position, "position", "a whole number from 1 (the card's place in a hand)", 1)
    cards = _scan(text, first_position=position)
    if len(cards) != 1:
        raise InvalidCardError(text.strip(), position, "expected exactly one card")
    return cards[0]


def parse_cards(
    source: str | Iterable[CardLike],
    *,
    size: int | tuple[int, int] | None = None,
    allow_duplicates: bool = False,
) -> tuple[Card, ...]:
    """Cards from a string or an iterable, validated.

    ``size`` is an exact count or an inclusive ``(minimum, maximum)``; duplicates are refused
    unless ``allow_duplicates``.

    >>> parse_cards("AhKhQhJhTh")
    (Card('Ah'), Card('Kh'), Card('Qh'), Card('Jh'), Card('Th'))
    >>> parse_cards("A♥, ♠K, 10c")
    (Card('Ah'), Card('Ks'), Card('Tc'))
    >>> parse_cards([0, "As", Card(5)])
    (Card('2c'), Card('As'), Card('3d'))
    >>> parse_cards("Ah Kd Ah")
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.DuplicateCardError: duplicate card Ah at positions 1 and 3
    >>> parse_cards("Ah Kd", size=5)
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.HandSizeError: expected 5 cards, got 2
    >>> parse_cards("joker 2d joker")
    (Card('Jk'), Card('2d'), Card('Jk'))
    """
    if type(size) is int and size >= 0:  # the common case, first
        minimum = maximum = size
    elif size is not None:
        minimum, maximum = _size(size)
    if allow_duplicates is not False and allow_duplicates is not True:
        kind = type(allow_duplicates).__name__
        raise ParameterError(f"{{name}} must be True or False, got {kind}", "allow_duplicates")
    if isinstance(source, str):
        cards = _scan(source)
    elif isinstance(source, bytes | bytearray | memoryview):
        # Iterating bytes gives small ints, which would read as card ids: b"Ah" is not 2 cards.
        raise PokerScoreError("cards given as bytes: decode them to a string first")
    elif isinstance(source, Iterable):
        cards = tuple(_one(item, position) for position, item in enumerate(source, 1))
    else:
        raise PokerScoreError(
            f"cards are a string or an iterable of cards, got {type(source).__name__}"
        )
    if not allow_duplicates:
        _check_distinct(cards)
    if size is not None and not minimum <= len(cards) <= maximum:
        raise HandSizeError(minimum, maximum, len(cards))
    return cards


def _size(size: object) -> tuple[int, int]:
    """``parse_cards``'s ``size``: a count, or an inclusive (minimum, maximum)."""
    what = "a number of cards from 0, or a (minimum, maximum) pair of them"
    if isinstance(size, tuple) and len(size) == 2:
        minimum, maximum = (_whole(bound, "size", what, 0) for bound in size)
        if minimum <= maximum:
            return minimum, maximum
        raise ParameterError(f"{{name}} must hold the minimum first, got {size!r}", "size")
    count = _whole(size, "size", what, 0)
    return count, count


def _whole(value: object, parameter: str, what: str, lowest: int) -> int:
    """``value`` as an int from ``lowest`` (ints and int-likes such as NumPy's, never bools), or
    a :class:`ParameterError` naming ``parameter``."""
    if not isinstance(value, bool):
        try:
            number = operator.index(cast("SupportsIndex", value))
        except TypeError:
            pass
        else:
            if number >= lowest:
                return number
    raise ParameterError(f"{{name}} must be {what}, got {shorten(repr(value))}", parameter)


def check_distinct(cards: Iterable[Card]) -> None:
    """Raise :class:`DuplicateCardError` naming the first card seen twice, or
    :class:`~pokerscore.cards.errors.TooManyJokersError` at a joker past the
    :data:`~pokerscore.cards.card.MAX_JOKERS` a pack holds.

    >>> check_distinct(parse_cards("Jk Ah Jk", allow_duplicates=True))
    >>> check_distinct(parse_cards("Jk Ah Jk Jk", allow_duplicates=True))
    Traceback (most recent call last):
    ...
    pokerscore.cards.errors.TooManyJokersError: a hand holds at most 2 jokers: a third at position 4
    """
    if not isinstance(cards, Iterable) or isinstance(cards, str | bytes):
        kind = type(cards).__name__
        raise ParameterError(f"{{name}} must be an iterable of Card, got {kind}", "cards")
    cards = tuple(cards)
    for position, card in enumerate(cards, 1):
        if not isinstance(card, Card):
            kind = type(card).__name__
            raise ParameterError(
                f"{{name}} must hold Card objects, got {kind} at position {position}", "cards"
            )
    _check_distinct(cards)


def _check_distinct(cards: tuple[Card, ...]) -> None:
    """:func:`check_distinct` of cards known to be cards (``parse_cards``'s own)."""
    seen: dict[Card, int] = {}
    jokers = 0
    for position, card in enumerate(cards, 1):
        if card.id == JOKER:
            jokers += 1
            if jokers > MAX_JOKERS:
                raise TooManyJokersError(MAX_JOKERS, position)
        elif card in seen:
            raise DuplicateCardError(str(card), seen[card], position)
        seen[card] = position


def _one(item: object, position: int) -> Card:
    if isinstance(item, Card):
        return item
    if isinstance(item, str):
        return parse_card(item, position=position)
    if not isinstance(item, bool):
        try:
            number = operator.index(cast("SupportsIndex", item))  # ints, NumPy ints, int-likes
        except TypeError:
            pass
        else:
            if 0 <= number <= JOKER:
                return Card(number)
            raise InvalidCardError(str(number), position, CARD_ID_HELP)
    raise InvalidCardError(repr(item), position, "expected a card, a card id or a string")


def _scan(text: str, first_position: int = 1) -> tuple[Card, ...]:
    """Split a string into cards, naming the first bad token and its position."""
    cards: list[Card] = []
    index, length = 0, len(text)
    while True:
        while index < length and text[index] in _SEPARATORS:
            index += 1
        if index >= length:
            return tuple(cards)
        position = first_position + len(cards)
        card, index = _read_card(text, index, position)
        cards.append(card)


def _token_at(text: str, start: int) -> str:
    end = start
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    return text[start:end] or text[start : start + 1]


def _read_card(text: str, start: int, position: int) -> tuple[Card, int]:
    """Read one card at ``start``; return it and the index just past it."""
    char = text[start]
    if char in _JOKER_GLYPHS:
        return Card(JOKER), start + 1
    for word in _JOKER_WORDS:
        if text[start : start + len(word)].lower() == word:
            return Card(JOKER), start + len(word)
    code = ord(char)
    if 0x1F0A1 <= code <= 0x1F0DE:
        suit = _GLYPH_BLOCKS.get(code & ~0xF)
        rank = _GLYPH_RANKS.get(code & 0xF)
        if suit is None or rank is None:
            raise InvalidCardError(
                char, position, "that playing-card glyph is not in a 52-card deck"
            )
        return Card.from_rank_suit(rank, suit), start + 1
    if char in _SUIT_SYMBOL_CHARS:
        # Suit first (♥A, ♥ A): the rank follows, perhaps after spaces.
        index = start + 1
        while index < len(text) and text[index] in " \t":
            index += 1
        rank, end = _read_rank(text, index)
        if rank is None:
            token = text[start:index] + _token_at(text, index) if index < len(text) else char
            raise InvalidCardError(token.strip(), position, RANK_HELP)
        return Card.from_rank_suit(rank, _SUITS[char]), _skip_variation(text, end)
    rank, index = _read_rank(text, start)
    if rank is None:
        raise InvalidCardError(_token_at(text, start), position, RANK_HELP)
    suit = _SUITS.get(text[index].lower()) if index < len(text) else None
    if suit is None:
        raise InvalidCardError(_token_at(text, start), position, SUIT_HELP)
    return Card.from_rank_suit(rank, suit), _skip_variation(text, index + 1)


def _read_rank(text: str, index: int) -> tuple[int | None, int]:
    if text.startswith("10", index):
        return 8, index + 2
    if index < len(text):
        rank = _RANKS.get(text[index].upper())
        if rank is not None:
            return rank, index + 1
    return None, index


def _skip_variation(text: str, index: int) -> int:
    # Emoji presentation selectors (U+FE0E, U+FE0F) often follow suit symbols.
    while index < len(text) and text[index] in "\ufe0e\ufe0f":
        index += 1
    return index


@cache
def card_tokens() -> dict[str, int]:
    """Each card written as one short token -> its id: rank then suit (``Ah``, ``aH``, ``10h``,
    ``A♥``, ``A♡``), suit symbol then rank (``♥A``, ``♥10``), and the joker's ``Jk``; every
    one read by :func:`parse_card`, for readers that look a token up instead of parsing it.

    >>> tokens = card_tokens()
    >>> tokens["Ah"], tokens["10♥"], tokens["♥10"], tokens["jk"], "Ax" in tokens
    (50, 34, 34, 52, False)
    """
    ranks = [*RANK_CHARS, *RANK_CHARS.lower(), "10"]
    suits = [*_SUITS, *(letter.upper() for letter in SUIT_LETTERS)]
    candidates = [rank + suit for rank in ranks for suit in suits]
    candidates += [symbol + rank for symbol in _SUIT_SYMBOL_CHARS for rank in ranks]
    candidates += ["Jk", "JK", "jk", "jK"]
    return {token: parse_card(token).id for token in candidates}
