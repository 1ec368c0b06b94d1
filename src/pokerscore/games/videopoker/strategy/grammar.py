"""Strategy lists in players' words: the grammar, parsed into patterns on a hold.

A strategy is an ordered list of lines; a deal is played by holding the cards the first line it
matches names. A line names one or more hands, separated by commas or "or" ("Four of a kind,
straight flush, royal flush"; "Suited 10/J, 10/Q, or 10/K"), each optionally refined ("3 to a
straight flush, type 1"; "4 to an inside straight with 3 high cards"). In a wild game, lines
may be grouped under a header that ends with a colon and names the wild cards dealt ("Two
deuces:", "Joker:", "No joker:"). The full grammar, with the meaning of every phrase, is in
``docs/strategy.md``; this module turns each phrase into a :class:`Pattern`, a conjunction of
conditions on the features of a hold (``_kernels.py``), and never looks at a pay table:
what "high" means (a card that pays paired) is settled when a list is played.

>>> strategy = parse_strategy("4 to a royal flush\\nHigh pair\\n2 suited high cards")
>>> [line.text for line in strategy.lines]
['4 to a royal flush', 'High pair', '2 suited high cards']
>>> parse_strategy("3 to a straight flush, type 1").lines[0].alternatives[0].text
'3 to a straight flush, type 1'
>>> parse_strategy("4 to a flush, unicorns")
Traceback (most recent call last):
...
pokerscore.games.videopoker.strategy.grammar.StrategyError: line 1: cannot read "unicorns" in "4 to a flush, unicorns"
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from pokerscore._support.errors import checked_path, expect
from pokerscore.cards import PokerScoreError
from pokerscore.cards.errors import shorten

Pick = Literal["best", "lowest", "highest"]
"""How a line chooses among several holds of a deal that it matches: the one with the highest
expected return (what a player who sees both would keep), or the one with the lowest or
highest ranks (as a list says: "if more than 2 then pick the lowest 2")."""

MAX_LINES: Final = 2000
MAX_TEXT: Final = 200_000

# Feature names, as the kernels number them (see _kernels.py).
FEATURES: Final = (
    "n",  # cards held, wild cards included
    "w",  # wild cards held
    "wd",  # wild cards dealt
    "k",  # natural cards held
    "distinct",  # distinct natural ranks held
    "shape",  # multiplicities of the natural ranks: 0 distinct .. 5 quads
    "suited",  # the natural cards held share a suit (1 with none or one)
    "high",  # distinct high ranks held
    "windows",  # straights that hold every natural rank held (0: pairs, or too far apart)
    "outs",  # ranks (natural) that would complete, or keep, the straight draw
    "gaps",  # ranks missing between the lowest and highest held (ace low when it must be)
    "ace_low",  # an ace held with other cards of the wheel only
    "royal",  # suited, distinct, ten to ace only (at least one natural)
    "cat",  # what the cards make: see CAT below
    "type",  # straight flush draw type, 1..3 (Wizard of Odds' definition)
    "flush_pen",  # discarded natural cards of the held suit
    "straight_pen",  # discarded natural cards of a rank a straight with the held cards uses
    "top",  # highest natural rank held (13: none)
    "all_wild",  # every wild card dealt is held
)
BIT_FEATURES: Final = ("ranks", "group", "other", "discarded")
FEATURE: Final = {name: index for index, name in enumerate(FEATURES)}
BIT: Final = {name: index for index, name in enumerate(BIT_FEATURES)}
CAT: Final = {
    name: code
    for code, name in enumerate(
        (
            "none",
            "pair",
            "two-pair",
            "three-of-a-kind",
            "straight",
            "flush",
            "full-house",
            "four-of-a-kind",
            "straight-flush",
            "wild-royal-flush",
            "five-of-a-kind",
            "royal-flush",
            "four-wild",
        )
    )
}
ALL_RANKS: Final = (1 << 13) - 1
HIGH_RANKS: Final = -1
"""A placeholder rank mask: the pay table's high ranks (those whose pair pays)."""
UNBOUNDED: Final = 99

RANK_CHARS: Final = "23456789tjqka"
RANK_WORDS: Final = {
    "two": 0,
    "deuce": 0,
    "three": 1,
    "trey": 1,
    "four": 2,
    "five": 3,
    "six": 4,
    "seven": 5,
    "eight": 6,
    "nine": 7,
    "ten": 8,
    "jack": 9,
    "queen": 10,
    "king": 11,
    "ace": 12,
}
NUMBER_WORDS: Final = {"no": 0, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


class StrategyError(PokerScoreError):
    """A strategy list that cannot be read (a list that does not fit a table is a
    :class:`~pokerscore._support.errors.ParameterError` about ``strategy``)."""


@dataclass(frozen=True)
class Pattern:
    """One hand a line names: conditions on the features of a hold, all of which must hold.

    ``ranges`` are ``(feature, low, high)``; ``bits`` are ``(bit feature, all, none, any)``
    rank masks (``any`` 0: no condition), where :data:`HIGH_RANKS` stands for the pay table's
    high ranks. ``wild_held`` says the hold keeps every wild card dealt (true of every phrase
    but "discard everything").
    """

    text: str
    ranges: tuple[tuple[int, int, int], ...] = ()
    bits: tuple[tuple[int, int, int, int], ...] = ()
    wild_held: bool = True
    wild_word: str | None = None
    """``deuce`` or ``joker`` when the phrase names a game's wild card."""

    def where(self, feature: str, low: int, high: int | None = None) -> Pattern:
        """The pattern with a range condition on ``feature`` (``high`` defaults to ``low``),
        in place of any it had: a refinement says what it means ("with its kicker")."""
        index = FEATURE[feature]
        kept = tuple(condition for condition in self.ranges if condition[0] != index)
        return replace(self, ranges=(*kept, (index, low, low if high is None else high)))

    def ranks(self, feature: str, *, all_of: int = 0, none_of: int = 0, any_of: int = 0) -> Pattern:
        """The pattern with one more rank-mask condition."""
        condition = (BIT[feature], all_of, none_of, any_of)
        return replace(self, bits=(*self.bits, condition))

    def named(self, text: str) -> Pattern:
        """The same conditions under another name."""
        return replace(self, text=text)


@dataclass(frozen=True)
class Line:
    """One line of a list: its number (from 1, headers not counted), its text as written,
    the wild cards dealt its group is for (``None``: any), what it names, and its pick rule."""

    number: int
    text: str
    group: int | None
    alternatives: tuple[Pattern, ...]
    pick: Pick = "best"
    source_line: int = 0
    """The line of the text it came from (from 1)."""


@dataclass(frozen=True)
class Strategy:
    """An ordered list of lines (see the module docstring and ``docs/strategy.md``)."""

    lines: tuple[Line, ...]
    headers: dict[int, str] = field(default_factory=dict, compare=False)
    """Line index -> the group header written before it."""

    def text(self) -> str:
        """The list as text that :func:`parse_strategy` reads back to the same list."""
        out = []
        for index, line in enumerate(self.lines):
            if index in self.headers:
                out.append(self.headers[index])
            out.append(line.text)
        return "\n".join(out) + "\n"

    @property
    def wild_word(self) -> str | None:
        """``deuce`` or ``joker`` when a header or a phrase names one."""
        for header in self.headers.values():
            for word in ("deuce", "joker"):
                if word in header.lower():
                    return word
        for line in self.lines:
            for pattern in line.alternatives:
                if pattern.wild_word:
                    return pattern.wild_word
        return None


def parse_strategy(text: str) -> Strategy:
    """Read a strategy list, one line per hand (or hands) to hold, best first.

    Blank lines and lines starting with ``#`` are skipped; a leading number ("7." or "7)")
    or bullet, and a trailing expected value in brackets ("(0.6004)") or after ``#``, are
    ignored. A line that ends with a colon and names a count of wild cards opens a group.

    >>> lines = parse_strategy('''
    ... Two deuces:
    ... 4 to a royal flush
    ... Two deuces only
    ... ''').lines
    >>> [(line.number, line.group, line.text) for line in lines]
    [(1, 2, '4 to a royal flush'), (2, 2, 'Two deuces only')]
    """
    expect(text, str, "text", "a string")
    if len(text) > MAX_TEXT:
        raise StrategyError(f"a strategy is at most {MAX_TEXT:,} characters")
    lines: list[Line] = []
    headers: dict[int, str] = {}
    group: int | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip().lstrip("\ufeff")
        if not stripped or stripped.startswith("#"):
            continue
        header = _header(stripped)
        if header is not None:
            group = header
            headers[len(lines)] = stripped
            continue
        body = _strip_decoration(stripped)
        if not body:
            raise StrategyError(f"line {number}: nothing to hold in {_quote(stripped)}")
        alternatives, pick = _parse_line(body, number)
        if group is not None:
            alternatives = tuple(p.where("wd", group) for p in alternatives)
        lines.append(Line(len(lines) + 1, body, group, alternatives, pick, number))
        if len(lines) > MAX_LINES:
            raise StrategyError(f"a strategy has at most {MAX_LINES:,} lines")
    if not lines:
        raise StrategyError("the strategy has no lines")
    return Strategy(tuple(lines), headers)


# ---- the pieces of a line ----------------------------------------------------------------------

_NUMBERING = re.compile(r"^(?:\d{1,4}[.)]|[-*•·]|\d{1,4}\s*[-:])\s+")
_TRAILING_EV = re.compile(r"\s*\(\s*[\d.,]+(?:\s*(?:to|-)\s*[\d.,]+)?\s*\)\s*$")
_HEADER = re.compile(
    r"^(?:with\s+)?(?:(?P<count>no|zero|one|two|three|four|[0-4])\s+"
    r"(?P<kind>deuces?|jokers?|wild\s+cards?|wilds?)"
    r"|(?P<article>the|a|an|no)?\s*(?P<one>joker|deuce))\s*:\s*$"
)


def _header(line: str) -> int | None:
    """The wild-card count a header line opens a group for, or ``None`` for any other line.

    >>> _header("Two deuces:"), _header("No joker:"), _header("Joker:"), _header("Two pair")
    (2, 0, 1, None)
    """
    match = _HEADER.match(line.lower())
    if not match:
        return None
    if match["one"]:
        return 0 if match["article"] == "no" else 1
    count = match["count"]
    return int(count) if count.isdigit() else NUMBER_WORDS[count]


def _strip_decoration(line: str) -> str:
    line = _NUMBERING.sub("", line, count=1)
    if " #" in line:
        line = line[: line.index(" #")]
    line = _TRAILING_EV.sub("", line)
    return line.strip().rstrip(".;").strip()


def _quote(text: str) -> str:
    return f'"{shorten(text)}"'


def _normalise(text: str) -> str:
    text = text.lower()
    for dash in ("\u2013", "\u2014", "\u2212"):
        text = text.replace(dash, "-")
    text = re.sub(r"\b10(s?)\b", r"t\1", text)
    text = text.replace("’", "'")
    return re.sub(r"\s+", " ", text).strip()


_SPLIT = re.compile(r"\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s*;\s*")


def _parse_line(body: str, number: int) -> tuple[tuple[Pattern, ...], Pick]:
    """The hands a line names and its pick rule."""
    normal = _normalise(body)
    # Bracketed remarks are refinements of the line ("(type 1)", "(pick the lowest 2)").
    remarks = re.findall(r"\(([^()]*)\)", normal)
    normal = re.sub(r"\s*\([^()]*\)\s*", " ", normal).strip()
    pieces = [piece for piece in _SPLIT.split(normal) if piece] + [r.strip() for r in remarks]
    patterns: list[Pattern] = []
    pick: Pick = "best"
    suit_word: str | None = None
    for piece in pieces:
        if not piece:
            continue
        chosen = _pick_rule(piece)
        if chosen:
            pick = chosen
            continue
        parsed = _parse_piece(piece, suit_word)
        if parsed is not None:
            pattern, suit_word = parsed
            patterns.append(pattern)
            continue
        refine = _refinement(piece)
        if refine is not None and patterns:
            refined = refine(patterns[-1])
            patterns[-1] = refined.named(f"{refined.text}, {piece}")
            continue
        raise StrategyError(f"line {number}: cannot read {_quote(piece)} in {_quote(body)}")
    if not patterns:
        raise StrategyError(f"line {number}: nothing to hold in {_quote(body)}")
    return tuple(patterns), pick


_PICK = re.compile(
    r"^(?:if (?:there are )?more than \d+,? )?(?:then )?(?:pick|keep|hold|choose|take)"
    r" the (lowest|highest)(?: \d+)?(?: cards?)?$|^(lowest|highest)(?: \d+)?(?: cards?)? first$"
)


def _pick_rule(piece: str) -> Pick | None:
    match = _PICK.match(piece)
    if not match:
        return None
    word = match[1] or match[2]
    return "lowest" if word == "lowest" else "highest"


# ---- ranks ---------------------------------------------------------------------------------


def _rank(token: str) -> int | None:
    """One rank: a character (``t`` for ten) or a word, singular or plural."""
    token = token.strip()
    if len(token) == 1 and token in RANK_CHARS:
        return RANK_CHARS.index(token)
    if len(token) == 2 and token[0] in RANK_CHARS and token[1] == "s":
        return RANK_CHARS.index(token[0])
    if token in ("sixes",):
        return 4
    singular = token[:-1] if token.endswith("s") and token[:-1] in RANK_WORDS else token
    if singular in RANK_WORDS:
        return RANK_WORDS[singular]
    return None


def _rank_set(text: str) -> int | None:
    """A set of ranks as a mask: ``aces``, ``2s-4s`` (a range), ``2/3/4``, ``5s through kings``."""
    text = text.strip()
    mask = 0
    for part in re.split(r"\s*/\s*|\s+and\s+", text):
        bounds = re.split(r"\s*(?:-|through|thru|to)\s*", part)
        if len(bounds) == 1:
            rank = _rank(bounds[0])
            if rank is None:
                return None
            mask |= 1 << rank
        elif len(bounds) == 2:
            low, high = _rank(bounds[0]), _rank(bounds[1])
            if low is None or high is None:
                return None
            if low > high:
                low, high = high, low
            for rank in range(low, high + 1):
                mask |= 1 << rank
        else:
            return None
    return mask or None


def _rank_combo(text: str) -> list[int] | None:
    """Distinct ranks written together: ``kqj``, ``10/j``, ``j-t``, ``a k``; 1 to 5 ranks."""
    compact = re.sub(r"[\s/-]", "", text)
    if not 1 <= len(compact) <= 5 or any(char not in RANK_CHARS for char in compact):
        return None
    ranks = [RANK_CHARS.index(char) for char in compact]
    return ranks if len(set(ranks)) == len(ranks) else None


def _mask(ranks: Iterable[int]) -> int:
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    return mask


def _number(token: str) -> int | None:
    if token.isdigit():
        return int(token)
    return NUMBER_WORDS.get(token)


# ---- heads: the hands a piece names ----------------------------------------------------------

_NUM = r"(one|two|three|four|five|no|[0-5])"
_HOLD_VERB = re.compile(r"^(?:(?:hold|keep)\s+)?(?:(?:an?|the|any)\s+(?=[a-z]{3,}\b(?<!only)))?")
_SUITED = r"(suited|unsuited|offsuit|off-suit|unsuited|mixed)"


def _base(text: str) -> Pattern:
    return Pattern(text)


def _made(text: str, cat: str, held: int | None = None) -> Pattern:
    pattern = _base(text).where("cat", CAT[cat]).where("k", 1, 5)
    return pattern.where("n", held) if held is not None else pattern


def _parse_piece(piece: str, suit_word: str | None) -> tuple[Pattern, str | None] | None:
    """A head phrase with its refinements, or ``None`` when the piece names no hand."""
    piece = _HOLD_VERB.sub("", piece).strip()
    # Refinements after a head: "4 to an inside straight with 3 high cards".
    head, refinements = _split_refinements(piece)
    pattern, suit_word = _head(head, suit_word) or (None, suit_word)
    if pattern is None:
        return None
    for refinement in refinements:
        refine = _refinement(refinement)
        if refine is None:
            return None
        pattern = refine(pattern)
    return pattern.named(piece), suit_word


_REFINEMENT_START = re.compile(
    r"(?<!with)(?<!without)\s+(?=(?:with|without|no|type|except|ace[- ]low)\b)"
    r"|\s+and\s+(?=(?:with\s+)?(?:no|one|two|three|four|five|[0-5])\b)"
)


def _split_refinements(piece: str) -> tuple[str, list[str]]:
    """A head and its refinements: "4 to an inside straight with 3 high cards"."""
    parts = _REFINEMENT_START.split(piece)
    return parts[0], parts[1:]


def _head(head: str, suit_word: str | None) -> tuple[Pattern, str | None] | None:
    for reader in _HEADS:
        found = reader(head, suit_word)
        if found is not None:
            return found
    return None


def _made_hand(head: str, suit_word: str | None) -> tuple[Pattern, str | None] | None:
    head = re.sub(r"^(?:pat|dealt|made)\s+", "", head)
    simple = {
        "royal flush": ("royal-flush", None),
        "natural royal flush": ("royal-flush", None),
        "natural royal": ("royal-flush", None),
        "royal": ("royal-flush", None),
        "wild royal flush": ("wild-royal-flush", None),
        "wild royal": ("wild-royal-flush", None),
        "joker royal flush": ("wild-royal-flush", None),
        "joker royal": ("wild-royal-flush", None),
        "deuce royal": ("wild-royal-flush", None),
        "five of a kind": ("five-of-a-kind", None),
        "5 of a kind": ("five-of-a-kind", None),
        "straight flush": ("straight-flush", None),
        "four of a kind": ("four-of-a-kind", 4),
        "4 of a kind": ("four-of-a-kind", 4),
        "quads": ("four-of-a-kind", 4),
        "full house": ("full-house", None),
        "flush": ("flush", None),
        "straight": ("straight", None),
        "three of a kind": ("three-of-a-kind", 3),
        "3 of a kind": ("three-of-a-kind", 3),
        "trips": ("three-of-a-kind", 3),
        "two pair": ("two-pair", 4),
        "2 pair": ("two-pair", 4),
        "two pairs": ("two-pair", 4),
        "2 pairs": ("two-pair", 4),
        "pair": ("pair", 2),
        "any pair": ("pair", 2),
    }
    if head in simple:
        cat, held = simple[head]
        return _made(head, cat, held or 5), suit_word
    if head in ("four deuces", "4 deuces"):
        pattern = _base(head).where("cat", CAT["four-wild"]).where("n", 4).where("k", 0)
        return replace(pattern, wild_word="deuce"), suit_word
    if head in ("high pair", "paying pair", "pair of high cards"):
        return _made(head, "pair", 2).ranks("group", any_of=HIGH_RANKS), suit_word
    if head in ("low pair", "non-paying pair", "small pair"):
        return _made(head, "pair", 2).ranks("group", none_of=HIGH_RANKS), suit_word
    match = re.fullmatch(r"pair of (.+)", head)
    if match:
        ranks = _rank_set(match[1])
        if ranks is not None:
            return _made(head, "pair", 2).ranks("group", any_of=ranks), suit_word
    match = re.fullmatch(r"(three|3|four|4|five|5) (.+)", head)
    if match:
        ranks = _rank_set(match[2])
        if ranks is not None:
            size = _number(match[1]) or 0
            cat = {3: "three-of-a-kind", 4: "four-of-a-kind", 5: "five-of-a-kind"}[size]
            return _made(head, cat, size).ranks("group", any_of=ranks), suit_word
    return None


_DRAW = re.compile(
    rf"^{_NUM}(?: cards?)? to an? (outside |inside |open[- ]ended |open |double[- ]inside )?"
    r"(royal flush|royal|straight flush|flush|straight)$"
)


def _draw(head: str, suit_word: str | None) -> tuple[Pattern, str | None] | None:
    match = _DRAW.match(head)
    if not match:
        return None
    count = _number(match[1])
    if count is None or not 2 <= count <= 4:
        return None
    kind = match[3]
    shape = (match[2] or "").strip()
    pattern = _base(head).where("n", count).where("k", 1, 5)
    if kind.startswith("royal"):
        if shape:
            return None
        pattern = pattern.where("royal", 1)
    elif kind == "straight flush":
        pattern = pattern.where("suited", 1).where("windows", 1, UNBOUNDED).where("royal", 0)
    elif kind == "flush":
        if shape:
            return None
        pattern = pattern.where("suited", 1)
    else:
        pattern = pattern.where("windows", 1, UNBOUNDED)
    if shape in ("outside", "open-ended", "open ended", "open"):
        pattern = pattern.where("outs", 2, UNBOUNDED)
    elif shape in ("inside", "double-inside", "double inside"):
        pattern = pattern.where("outs", 1)
    return pattern, suit_word


_HIGH_CARDS = re.compile(rf"^(?:{_NUM}|a|single) (?:{_SUITED} )?high cards?(?: {_SUITED})?$")


def _high_cards(head: str, suit_word: str | None) -> tuple[Pattern, str | None] | None:
    if head in ("high card", "one high card only", "a single high card"):
        head = "one high card"
    match = _HIGH_CARDS.match(head)
    if not match:
        return None
    count = 1 if match[1] is None else _number(match[1])
    if count is None or not 1 <= count <= 5:
        return None
    suit = match[2] or match[3]
    pattern = _base(head).where("k", count).where("distinct", count).where("high", count)
    if suit and count >= 2:
        pattern = pattern.where("suited", 1 if suit == "suited" else 0)
    return pattern, suit or suit_word


_COMBO = re.compile(rf"^(?:{_SUITED} )?(.+?)(?: {_SUITED})?$")


def _combo(head: str, suit_word: str | None) -> tuple[Pattern, str | None] | None:
    match = re.fullmatch(r"(?:an? |the )?(.+?) only", head)
    if match:
        rank = _rank(match[1])
        if rank is not None:
            pattern = _base(head).where("k", 1).ranks("ranks", all_of=1 << rank)
            return pattern, suit_word
    match = _COMBO.match(head)
    if not match:
        return None
    ranks = _rank_combo(match[2])
    if ranks is None or len(ranks) < 2:
        return None
    suit = match[1] or match[3]
    if suit is None:
        suit = suit_word
    mask = _mask(ranks)
    pattern = _base(head).where("k", len(ranks)).where("distinct", len(ranks))
    pattern = pattern.ranks("ranks", all_of=mask, none_of=ALL_RANKS & ~mask)
    if suit is not None:
        pattern = pattern.where("suited", 1 if suit == "suited" else 0)
    return pattern, suit


_WILD_ONLY = re.compile(
    r"^(?:the |a |an )?(?:(one|two|three|four|[1-4]) )?"
    r"(deuces?|jokers?|wild cards?|wilds?)(?: alone| only)$"
)


def _wild_only(head: str, suit_word: str | None) -> tuple[Pattern, str | None] | None:
    match = _WILD_ONLY.match(head)
    if not match:
        return None
    pattern = _base(head).where("k", 0).where("w", 1, 4)
    if match[1]:
        count = _number(match[1])
        assert count is not None
        pattern = pattern.where("w", count)
    word = match[2]
    wild_word = (
        "deuce" if word.startswith("deuce") else "joker" if word.startswith("joker") else None
    )
    return replace(pattern, wild_word=wild_word), suit_word


_DISCARD = {
    "discard everything",
    "discard all",
    "discard all cards",
    "discard all five",
    "discard all 5",
    "draw five",
    "draw 5",
    "draw five new cards",
    "draw 5 new cards",
    "redraw",
    "garbage",
    "nothing",
    "razgu",
    "toss everything",
    "toss all",
    "hold nothing",
    "throw everything away",
}


def _discard(head: str, suit_word: str | None) -> tuple[Pattern, str | None] | None:
    if head not in _DISCARD:
        return None
    return replace(_base(head).where("n", 0), wild_held=False), suit_word


_HEADS: tuple[Callable[[str, str | None], tuple[Pattern, str | None] | None], ...] = (
    _discard,
    _made_hand,
    _draw,
    _high_cards,
    _wild_only,
    _combo,
)


# ---- refinements ---------------------------------------------------------------------------


def _refinement(piece: str) -> Callable[[Pattern], Pattern] | None:
    """A refinement of the hand before it, or ``None``."""
    piece = piece.strip()
    for pattern, make in _REFINEMENTS:
        match = pattern.fullmatch(piece)
        if match:
            refine = make(match)
            if refine is not None:
                return refine
    return None


def _range_of(match: re.Match[str], first: int, second: int) -> tuple[int, int] | None:
    low = _number(match[first])
    if low is None:
        return None
    high = _number(match[second]) if match[second] else low
    return (low, high) if high is not None and low <= high else None


def _refine_count(feature: str) -> Callable[[re.Match[str]], Callable[[Pattern], Pattern] | None]:
    def make(match: re.Match[str]) -> Callable[[Pattern], Pattern] | None:
        bounds = _range_of(match, 1, 2)
        if bounds is None:
            return None
        return lambda p: p.where(feature, *bounds)

    return make


def _refine_at_least(
    feature: str,
) -> Callable[[re.Match[str]], Callable[[Pattern], Pattern] | None]:
    def make(match: re.Match[str]) -> Callable[[Pattern], Pattern] | None:
        low = _number(match[1])
        return None if low is None else (lambda p: p.where(feature, low, UNBOUNDED))

    return make


def _refine_rank(match: re.Match[str]) -> Callable[[Pattern], Pattern] | None:
    ranks = _rank_set(match[2])
    if ranks is None:
        return None
    if match[1] in ("no", "without"):
        return lambda p: p.ranks("ranks", none_of=ranks)
    return lambda p: p.ranks("ranks", any_of=ranks)


def _refine_top(match: re.Match[str]) -> Callable[[Pattern], Pattern] | None:
    ranks = _rank_set(match[1])
    if ranks is None:
        return None
    tops = [rank for rank in range(13) if ranks >> rank & 1]
    if tops != list(range(tops[0], tops[-1] + 1)):
        return None
    return lambda p: p.where("top", tops[0], tops[-1])


def _refine_penalty(match: re.Match[str]) -> Callable[[Pattern], Pattern] | None:
    kind = match[2]
    none = match[1].startswith(("no", "without"))
    if not none and kind is None:
        return None  # "with a penalty": of which kind?
    features = ["flush_pen", "straight_pen"] if kind is None else [f"{kind}_pen"]

    def refine(pattern: Pattern) -> Pattern:
        for feature in features:
            pattern = pattern.where(feature, 0) if none else pattern.where(feature, 1, 5)
        return pattern

    return refine


def _refine_kickers(match: re.Match[str]) -> Callable[[Pattern], Pattern] | None:
    """A group with one or more cards of any rank beside it ("a pair with a kicker")."""
    extra = 1 if match[1] in ("a", "an", "one") else (_number(match[1]) or int(match[1]))

    def refine(pattern: Pattern) -> Pattern:
        held = [low for feature, low, high in pattern.ranges if feature == FEATURE["n"]]
        return pattern.where("n", min((held[0] if held else 2) + extra, 5))

    return refine


def _refine_kicker(match: re.Match[str]) -> Callable[[Pattern], Pattern] | None:
    """One more card held beside a group: "four aces with a 2-4 kicker" holds five,
    "three aces with a 2-4 kicker" four, "with its kicker" whatever the fifth card is."""
    if match[1] is None:
        return lambda p: p.where("n", 5)
    kickers = _rank_set(match[1])
    if kickers is None:
        return None

    def refine(pattern: Pattern) -> Pattern:
        held = [low for feature, low, high in pattern.ranges if feature == FEATURE["n"]]
        size = min(held[0] + 1, 5) if held else 5
        return pattern.where("n", size).ranks("other", any_of=kickers)

    return refine


def _refine_discarded(match: re.Match[str]) -> Callable[[Pattern], Pattern] | None:
    ranks = _rank_set(match[2])
    if ranks is None:
        return None
    if match[1] in ("no",):
        return lambda p: p.ranks("discarded", none_of=ranks)
    return lambda p: p.ranks("discarded", any_of=ranks)


_COUNT = r"(no|zero|one|two|three|four|five|[0-5])"
_REFINEMENTS: tuple[
    tuple[re.Pattern[str], Callable[[re.Match[str]], Callable[[Pattern], Pattern] | None]], ...
] = (
    (re.compile(r"type ([123])"), lambda m: lambda p: p.where("type", int(m[1]))),
    (
        re.compile(rf"(?:with )?{_COUNT}(?: ?(?:-|to|or) ?{_COUNT})? high cards?"),
        _refine_count("high"),
    ),
    (re.compile(rf"with at least {_COUNT} high cards?"), _refine_at_least("high")),
    (re.compile(rf"(?:with )?{_COUNT}(?: ?(?:-|to|or) ?{_COUNT})? gaps?"), _refine_count("gaps")),
    (re.compile(r"ace[- ]low"), lambda m: lambda p: p.where("ace_low", 1)),
    (re.compile(r"(?:not|no) ace[- ]low"), lambda m: lambda p: p.where("ace_low", 0)),
    (re.compile(r"(?:outside|open|open[- ]ended)"), lambda m: lambda p: p.where("outs", 2, 9)),
    (re.compile(r"inside"), lambda m: lambda p: p.where("outs", 1)),
    (
        re.compile(
            r"(no|without|without an?|without any|with an?|with)"
            r"(?: (flush|straight))? penalt(?:y|ies)(?: cards?)?"
        ),
        _refine_penalty,
    ),
    (re.compile(r"with (?:its|the) kicker()?"), _refine_kicker),
    (re.compile(r"with (an?|one|two|2|three|3) (?:other |more )?kickers?"), _refine_kickers),
    (
        re.compile(r"(?:hold |keep )?all five|stand(?:ing)? pat"),
        lambda m: lambda p: p.where("n", 5),
    ),
    (re.compile(r"with an? (.+?) kickers?"), _refine_kicker),
    (re.compile(r"(no|with) (.+?) discarded"), _refine_discarded),
    (re.compile(r"(with|no|without) (?:an? |the )?(.+?)"), _refine_rank),
    (re.compile(r"(.+?) high(?:est)?"), _refine_top),
)


def load_strategy(path: str | os.PathLike[str]) -> Strategy:
    """Read a strategy list from a UTF-8 text file (a byte-order mark is allowed); a mistake
    is reported with the file's name and the line.

    >>> from importlib.resources import files
    >>> shipped = files("pokerscore") / "data" / "strategies"
    >>> wizard = load_strategy(shipped / "wizard-jacks-or-better-9-6-simple.txt")
    >>> len(wizard.lines), wizard.lines[1].text
    (16, '4 to a royal flush')
    """
    name = str(checked_path(path, "path"))
    try:
        if not stat.S_ISREG(os.stat(name).st_mode):  # a pipe or a device would block or never end
            raise StrategyError(f"{name}: not a regular file")
        with open(name, "rb") as file:
            data = file.read(MAX_TEXT * 4 + 1)
    except OSError as error:
        raise StrategyError(f"{name}: {error.strerror or error}") from None
    if len(data) > MAX_TEXT * 4:
        raise StrategyError(f"{name}: a strategy file is at most {MAX_TEXT:,} characters")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise StrategyError(f"{name}: not UTF-8 text (byte {error.start + 1})") from None
    try:
        return parse_strategy(text)
    except StrategyError as error:
        raise StrategyError(f"{name}: {error}") from None
