"""The bytes the history kernels read, named once, and the small readers both formats share:
spaces and lines, numbers, one-line strings, cards, words, UTF-8 checks.

The byte codes are made from their characters, and the card tables from the card notation's own
definitions (:data:`~pokerscore.cards.card.RANK_CHARS`, :data:`~pokerscore.cards.card.SUIT_LETTERS`),
as :mod:`pokerscore.files.tokens` builds the text reader's, so a kernel never spells a bare
ASCII code.

>>> chr(CLOSE_BRACKET), int(RANK_OF_BYTE[ord("T")]), int(SUIT_OF_BYTE[ord("s")])
(']', 8, 3)
>>> read_card(ascii_bytes("Ah"), 0), read_card(ascii_bytes("??"), 0), read_card(ascii_bytes("ah"), 0)
(50, -1, -2)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from pokerscore.cards.card import RANK_CHARS, SUIT_LETTERS
from pokerscore.engine.jit import kernel
from pokerscore.histories._layout import Bytes, Ints

TAB: Final = ord("\t")
NEWLINE: Final = ord("\n")
RETURN: Final = ord("\r")
SPACE: Final = ord(" ")
QUOTE: Final = ord('"')
HASH: Final = ord("#")
APOSTROPHE: Final = ord("'")
OPEN_PAREN: Final = ord("(")
CLOSE_PAREN: Final = ord(")")
COMMA: Final = ord(",")
MINUS: Final = ord("-")
POINT: Final = ord(".")
SLASH: Final = ord("/")
ZERO: Final = ord("0")
ONE: Final = ord("1")
NINE: Final = ord("9")
COLON: Final = ord(":")
EQUALS: Final = ord("=")
QUESTION: Final = ord("?")
OPEN_BRACKET: Final = ord("[")
BACKSLASH: Final = ord("\\")
CLOSE_BRACKET: Final = ord("]")
UNDERSCORE: Final = ord("_")
OPEN_BRACE: Final = ord("{")
BAR: Final = ord("|")
UPPER_A: Final = ord("A")
UPPER_Z: Final = ord("Z")
UPPER_M: Final = ord("M")
LOWER_M: Final = ord("m")
LOWER_A: Final = ord("a")
LOWER_Z: Final = ord("z")
BYTE_ORDER_MARK: Final = np.frombuffer("\ufeff".encode(), dtype=np.uint8).copy()
"""UTF-8's byte order mark, three bytes."""


def _byte_table(chars: str) -> npt.NDArray[np.int64]:
    """Byte -> the place of its character in ``chars``, -1 for other bytes."""
    table = np.full(256, -1, dtype=np.int64)
    for place, char in enumerate(chars):
        table[ord(char)] = place
    return table


RANK_OF_BYTE: Final = _byte_table(RANK_CHARS)
"""Byte -> rank (0 = deuce ... 12 = ace), -1 if not a rank letter."""
SUIT_OF_BYTE: Final = _byte_table(SUIT_LETTERS)
"""Byte -> suit (0..3 = c, d, h, s), -1 if not a suit letter."""
TEN: Final = ord(RANK_CHARS[10 - 2])
"""The ten's rank letter (``T``), which PokerStars writes ``10``."""


def ascii_bytes(text: str) -> npt.NDArray[np.uint8]:
    """A word as the bytes a kernel compares text with."""
    return np.frombuffer(text.encode(), dtype=np.uint8).copy()


@kernel(inline=True)
def is_digit(byte: int) -> bool:
    return ZERO <= byte <= NINE


@kernel(inline=True)
def is_letter(byte: int) -> bool:
    return LOWER_A <= byte <= LOWER_Z or UPPER_A <= byte <= UPPER_Z


@kernel(inline=True)
def same_span(text: Bytes, a: int, b: int, c: int, d: int) -> bool:
    """Whether ``text[a:b]`` and ``text[c:d]`` are the same bytes (two names, two tags)."""
    if b - a != d - c:
        return False
    same = True
    for k in range(b - a):
        if text[a + k] != text[c + k]:
            same = False
            break
    return same


@kernel(inline=True)
def skip_spaces(text: Bytes, at: int, end: int) -> int:
    while at < end and (text[at] == SPACE or text[at] == TAB):
        at += 1
    return at


@kernel(inline=True)
def line_end(text: Bytes, at: int, end: int) -> int:
    while at < end and text[at] != NEWLINE:
        at += 1
    return at


@kernel(inline=True)
def read_number(text: Bytes, at: int, end: int) -> tuple[int, int, int, int]:
    """A decimal number at ``at``: (mantissa, decimals, sign, next position); next -1 if not
    one this reader takes (an exponent, an underscore, a plus sign, inf ...)."""
    sign = 1
    if at < end and text[at] == MINUS:  # -
        sign = -1
        at += 1
    mantissa = 0
    digits = 0
    decimals = 0
    while at < end and is_digit(text[at]):
        mantissa = mantissa * 10 + (text[at] - ZERO)
        digits += 1
        at += 1
    if at < end and text[at] == POINT:  # .
        at += 1
        while at < end and is_digit(text[at]):
            mantissa = mantissa * 10 + (text[at] - ZERO)
            decimals += 1
            digits += 1
            at += 1
        if decimals == 0:
            return 0, 0, 1, -1
    if digits == 0 or digits > 12:
        return 0, 0, 1, -1
    if at < end and (is_letter(text[at]) or text[at] == UNDERSCORE):
        return 0, 0, 1, -1  # an exponent, an underscore, a word
    return mantissa, decimals, sign, at


@kernel(inline=True)
def read_string(text: Bytes, at: int, end: int) -> tuple[int, int, int]:
    """A one-line TOML string at ``at`` ('...' or "..." without escapes): (start, stop, next);
    next -1 if not one."""
    quote = text[at]
    if quote != APOSTROPHE and quote != QUOTE:
        return 0, 0, -1
    if at + 2 < end and text[at + 1] == quote and text[at + 2] == quote:
        return 0, 0, -1  # multi-line strings: the reference reader
    start = at + 1
    at = start
    while at < end and text[at] != quote:
        if (
            text[at] == BACKSLASH or text[at] == NEWLINE
        ):  # an escape, or no closing quote on the line
            return 0, 0, -1
        at += 1
    if at >= end:
        return 0, 0, -1
    return start, at, at + 1


@kernel(inline=True)
def read_card(text: Bytes, at: int) -> int:
    """The card id of two characters, -1 for ``??``, -2 if not a card."""
    rank = text[at]
    suit = text[at + 1]
    if rank == QUESTION and suit == QUESTION:
        return -1
    return card_of(rank, suit, -2)


@kernel(inline=True)
def utf8_sequence(text: Bytes, at: int, stop: int) -> int:
    """The bytes of the UTF-8 sequence that ``text[at]`` (0x80 or more) starts, all before
    ``stop``; 0 if it starts none (the bounds of each byte, as UTF-8 sets them)."""
    byte = text[at]
    if 0xC2 <= byte <= 0xDF:
        need = 1
    elif 0xE0 <= byte <= 0xEF:
        need = 2
    elif 0xF0 <= byte <= 0xF4:
        need = 3
    else:
        return 0
    if at + need >= stop:
        return 0
    for k in range(1, need + 1):
        if not 0x80 <= text[at + k] <= 0xBF:
            return 0
    return need + 1


@kernel(inline=True)
def valid_utf8(text: Bytes, start: int, stop: int) -> bool:
    """Whether ``text[start:stop]`` is UTF-8 (the bounds of each sequence's bytes)."""
    at = start
    while at < stop:
        if text[at] < 0x80:
            at += 1
            continue
        size = utf8_sequence(text, at, stop)
        if size == 0:
            return False
        at += size
    return True


@kernel(inline=True)
def starts_with(text: Bytes, at: int, stop: int, word: Bytes) -> bool:
    """Whether ``text[at:stop]`` begins with ``word``."""
    if stop - at < word.shape[0]:
        return False
    same = True
    for k in range(word.shape[0]):
        if text[at + k] != word[k]:
            same = False
            break
    return same


@kernel()
def starts_with_folded(text: Bytes, at: int, stop: int, word: Bytes) -> bool:
    """Whether ``text[at:stop]`` begins with ``word`` (written in lower case), its ASCII letters
    in either case."""
    if stop - at < word.shape[0]:
        return False
    for k in range(word.shape[0]):
        byte = int(text[at + k])
        if UPPER_A <= byte <= UPPER_Z:
            byte += LOWER_A - UPPER_A
        if byte != word[k]:
            return False
    return True


@kernel()
def find_word(text: Bytes, at: int, stop: int, word: Bytes) -> int:
    """The first place of ``word`` in ``text[at:stop]``, or -1."""
    last = stop - word.shape[0]
    while at <= last:
        if text[at] == word[0] and starts_with(text, at, stop, word):
            return at
        at += 1
    return -1


@kernel(inline=True)
def card_of(rank: int, suit: int, otherwise: int) -> int:
    """The card id of a rank letter and a suit letter (``A`` and ``h``: 50), else ``otherwise``."""
    r = RANK_OF_BYTE[rank]
    s = SUIT_OF_BYTE[suit]
    if r < 0 or s < 0:
        return otherwise
    return int(4 * r + s)


@kernel(inline=True)
def in_units(mantissa: int, places: int, scale: int, powers: Ints) -> int:
    """A number written with ``places`` decimals in units of ``10 ** -scale``."""
    if places <= scale:
        return int(mantissa * powers[scale - places])
    return int(mantissa // powers[places - scale])  # a whole number written with zeros


@kernel(inline=True)
def is_word(text: Bytes, start: int, stop: int, word: Bytes) -> bool:
    """Whether ``text[start:stop]`` is exactly ``word``."""
    return stop - start == word.shape[0] and starts_with(text, start, stop, word)


def word_table(words: tuple[str, ...]) -> tuple[Bytes, Ints]:
    """Words as one byte row each (zero-padded) and their lengths, for :func:`word_id`."""
    encoded = [word.encode() for word in words]
    text = np.zeros((len(words), max(map(len, encoded))), dtype=np.uint8)
    lengths = np.zeros(len(words), dtype=np.int64)
    for index, word in enumerate(encoded):
        text[index, : len(word)] = np.frombuffer(word, dtype=np.uint8)
        lengths[index] = len(word)
    return text, lengths


@kernel(inline=True)
def prefix_length(text: Bytes, at: int, stop: int, words: Bytes, lengths: Ints) -> int:
    """The length of the first word of a :func:`word_table` that ``text[at:stop]`` begins
    with, or -1."""
    for index in range(lengths.shape[0]):
        length = int(lengths[index])
        if stop - at < length:
            continue
        same = True
        for k in range(length):
            if text[at + k] != words[index, k]:
                same = False
                break
        if same:
            return length
    return -1


@kernel(inline=True)
def word_id(text: Bytes, start: int, stop: int, words: Bytes, lengths: Ints) -> int:
    """The place in a :func:`word_table` of the word ``text[start:stop]``, or -1."""
    for index in range(lengths.shape[0]):
        if stop - start != lengths[index]:
            continue
        same = True
        for k in range(stop - start):
            if text[start + k] != words[index, k]:
                same = False
                break
        if same:
            return index
    return -1
