"""Hold'em hand ranges in the notations other tools write: PokerStove (PS), Equilab (EQ),
pokerkit (PK), eval7 (E7), PioSolver's weights and ProPokerTools' generic syntax (PPT).

A range is a set of two-card combos, each with a weight in (0, 1]. The text is a list of items
separated by commas, spaces and/or semicolons (``4s5h;2s3s``, pokerkit's), case-insensitive
except in generic words (exact combos keep their suits). "From" names the tools that document
the form:

================  ===========================================================  =======  ===============
Text              Meaning                                                      Combos   From
================  ===========================================================  =======  ===============
``QQ``            a pair                                                       6        PS EQ PK E7 PPT
``QQ+``           that pair and every pair above: QQ, KK, AA                   18       PS EQ PK E7
``22-77``         the pairs from 22 to 77 (either order: ``77-22``)            36       PS EQ PK E7
``AKs`` ``AKo``   suited, offsuit                                              4, 12    PS EQ PK E7
``AK``            suited and offsuit                                           16       PS EQ PK E7 PPT
``A2s+``          kicker up to one below the top card: A2s ... AKs             48       PS EQ PK E7
``KTo+`` ``AT+``  KTo, KJo, KQo; ATs ... AKs and ATo ... AKo                   36, 64   PS EQ PK E7
``A5s-A2s``       one top card, kickers 5 down to 2 (either order)             16       PS EQ E7
``JTs-KQs``       one gap, both ranks stepping: JTs, QJs, KQs (``T9-QJ``)      12       PK
``AhKh``          one exact combo: two cards written together                  1        PS EQ PK E7 PPT
``random``        every combo (also ``any``, ``100%`` or ``*``)                1326     PS EQ PPT
``15%``           a top range (see :func:`top_classes`; also ``5%-20%``)       200      PPT
``0.5(JJ,TT)``    a weight over a group (also ``50%(JJ,TT)``)                  12       E7
``JJ:0.5``        a weight on one hand                                         6        PioSolver
``AxKx`` ``xy``   generic words: suit variables w x y z (``AxKy`` offsuit)     4, 1014  PPT
``RR`` ``RxOx``   rank variables R O N (``RO`` unpaired, ``RxOy`` offsuit)     78, 312  PPT
``A*`` ``Ah*``    ``*`` any card: the hands holding an ace, the ace of hearts  198, 51  PPT
``AhKx``          a written suit is no variable's: AhKs, AhKd, AhKc            3        PPT
``[A-T][A-T]``    rank sets and runs in brackets (``[AKQ]``, ``[AK5-2]``)      190      PPT
``xx:A*``         ``:`` between hands: the combos both name                    48       PPT
``QQ+!KK``        ``!`` in a hand: the first's combos less the next's          12       PPT
``AK, !AKo``      an item ``!hand``: takes combos out of the items before it   4        PPT
``#UTG#``         a tag: a label that names no hands                           0        E7
================  ===========================================================  =======  ===============

Where the tools disagree, the choices: a dash joins two hands of one top card (``A5s-A2s``,
PokerStove's and eval7's: the kickers between) or of one gap (``JTs-KQs``, pokerkit's, which
refuses ``A5s-A2s``); no text is both. A pair is neither suited nor offsuit: ``QQs`` and ``QQo``
are refused, as eval7 does (pokerkit reads ``QQo`` as ``QQ`` and ``QQs`` as no hand). A weight is
at most 1 (eval7 takes ``2(AA)``). A combo is exactly two cards (pokerkit takes any number written
together). Top ranges follow one order, each class's equity against a random hand (PokerStove
and ProPokerTools each rank hands their own way; ProPokerTools' six-handed ``15%6h`` is not
read). A word is read as ProPokerTools' generic syntax when it is no other form, written as
ProPokerTools writes it: ranks in capitals, suits and variables in small letters (``AXs`` is a
typo, not an ace of suit X with a spade), the qualifiers ``ss`` (suited) and ``rainbow``
(offsuit) included, and its rank variables in capitals (``RR``: any pair; the letters that
are no rank, suit or suit variable). A lone card (``Ah``) is refused,
being more often a hand typed with a space (``Ah Kx``): ``Ah*`` names the hands holding it.
eval7 documents tags but its parser (0.1.11) fails on them; here they are skipped.

Combos are counted before card removal: ``len(parse_range("JJ-88")) == 24``. A combo named twice
takes the weight of its **last** mention, read left to right, as re-marking a hand in a range
editor's grid does (``22+, 0.5(22-55)`` keeps 22-55 at half weight). Under ``ranking=
"short-deck"`` only the 36 cards six to ace exist, and a hand naming a smaller rank is an error.

>>> parse_range("QQ+, AKs")
Range('QQ+, AKs')
>>> len(parse_range("JJ-88")), len(parse_range("AQ+")), len(parse_range("random"))
(24, 32, 1326)
>>> parse_range("AKx, QQ")
Traceback (most recent call last):
...
pokerscore.games.holdem.ranges.RangeError: invalid range "AKx" at position 1: after AK may come s (suited), o (offsuit), + or a dash range, e.g. AKs, AKo+, AK-AT
"""

from __future__ import annotations

import contextlib
import math
import numbers
import operator
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, SupportsIndex

from pokerscore._support.errors import expect, shorten
from pokerscore.cards import (
    DECK_SIZE,
    Card,
    CardLike,
    DuplicateCardError,
    InvalidCardError,
    PokerScoreError,
    Rank,
    parse_cards,
)
from pokerscore.engine import Ranking, RankingLike, get_ranking
from pokerscore.games.holdem.game import parameter_error
from pokerscore.hands.scores import check_in_deck, deck_words

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

Combo = tuple[int, ...]
"""Card ids, highest first: two in hold'em, four to six in Omaha."""

ALLOWED: Final = (
    "a hand is a pair (QQ, QQ+, 22-77), two ranks with s, o or neither (AKs, AKo, AK, A2s+, "
    "KQo-K9o, JTs-KQs), an exact combo (AhKh), random or a top range (15%, 5%-20%), or a "
    "ProPokerTools word (AxKx, xx, A*, [A-T][A-T]), optionally weighted as 0.5(JJ), 50%(JJ) or "
    "JJ:0.5"
)
DASH_HELP: Final = (
    "a dash joins two pairs (22-77), or two hands with the same top card (A5s-A2s) or the same "
    "gap (JTs-KQs: JTs, QJs, KQs)"
)
WEIGHT_HELP: Final = (
    "a weight is a number above 0 and at most 1, or a percentage above 0% and at most 100%, "
    "e.g. 0.5(JJ, TT), 50%(JJ) or JJ:0.5"
)
_LONGEST_TOKEN: Final = 40
_EVERYTHING: Final = frozenset({"random", "any", "100%"})
_SEPARATORS: Final = frozenset(" \t\r\n,;")
"""Between the items of a range: white space, commas and (pokerkit's) semicolons."""
_TAG: Final = re.compile(r"#\w+#")
"""eval7's tags (``#UTG#``): a label in the text that names no hands."""
_SPECIAL: Final = frozenset("():")
_WORD_ENDS: Final = _SEPARATORS | _SPECIAL
_WEIGHT: Final = re.compile(r"(\d+(?:\.\d*)?|\.\d+)(%?)")
_RANKS: Final = {rank.char: int(rank) for rank in Rank}
_GENERIC: Final = re.compile(r"(?:10|[AKQJT2-9*shdcwxyzBEFGILMNOPRUV\[\]!-])+(?:rainbow)?|rainbow")
"""A hold'em term read as a ProPokerTools generic word: written as ProPokerTools writes them,
ranks and rank variables in capitals, suits and suit variables in small letters (``AXs`` is a
typo, not an ace of suit X with a spade)."""
_NUMBER: Final = r"(\d+(?:\.\d*)?|\.\d+)"
_TOP: Final = re.compile(rf"{_NUMBER}%(?:-{_NUMBER}%)?")
HOLE_CARDS: Final = (2, 4, 5, 6)
_SIZE_WORDS: Final = {2: "two", 4: "four", 5: "five", 6: "six"}
"""The hand sizes a range may hold: hold'em's two, Omaha's four, five and six."""
ALL_COMBOS: Final = 1326
"""Hold'em's two-card combos: C(52, 2), the whole of a top-X % range's 100 %."""
TOP_HELP: Final = (
    "a top range is a percentage above 0% and at most 100% (15%), or two percentages from 0% "
    "to 100%, the lower first (5%-20%)"
)
VS_RANDOM_FILE: Final = "preflop-vs-random.csv"


class RangeError(PokerScoreError):
    """Range text that cannot be read: the token, its 1-based position, and what is allowed.

    ``position`` counts the hands of the text from 1 (each hand inside a weighted group counts).

    >>> raise RangeError("QQ++", 2, "only one + may follow a hand, e.g. QQ+ or A2s+")
    Traceback (most recent call last):
    ...
    pokerscore.games.holdem.ranges.RangeError: invalid range "QQ++" at position 2: only one + may follow a hand, e.g. QQ+ or A2s+
    """

    def __init__(self, token: str, position: int, reason: str) -> None:
        self.token = token
        self.position = position
        self.reason = reason
        shown = token if len(token) <= _LONGEST_TOKEN else token[:_LONGEST_TOKEN] + "…"
        super().__init__(f'invalid range "{shown}" at position {position}: {reason}')


@dataclass(frozen=True)
class Range:
    """An immutable weighted set of combos; build one with :func:`parse_range`.

    ``combos`` are tuples of ``hole_cards`` cards (two in hold'em, four to six in Omaha), highest
    card first, in descending order of card ids; ``weights`` are their weights, in the same
    order. ``len()`` is the number of combos.

    >>> hands = parse_range("0.5(AKs), QQ")
    >>> len(hands), hands.combos[0], hands.weights[0]
    (10, (Card('As'), Card('Ks')), 0.5)
    >>> hands.text
    'QQ, 0.5(AKs)'
    >>> hands.without("As Qd").text
    'QsQh, QsQc, QhQc, 0.5(AhKh, AdKd, AcKc)'
    >>> parse_range("AKs, AK") == parse_range("ak")
    True
    """

    combos: tuple[tuple[Card, ...], ...]
    weights: tuple[float, ...]
    ranking: str = "high"
    hole_cards: int = 2
    """The cards of each combo: 2 in hold'em, 4 in Omaha, 5 or 6 in its bigger variants."""

    def __post_init__(self) -> None:
        # A Range may be built by hand: the same rules as the parser's, the same order.
        if not isinstance(self.ranking, str):
            kind = type(self.ranking).__name__
            raise parameter_error("ranking", f" must be the name of a ranking, got {kind}")
        size = _checked_hole_cards(self.hole_cards)
        object.__setattr__(self, "hole_cards", size)
        deck = get_ranking(self.ranking)
        combos = [_checked_combo(combo, number, deck, size) for number, combo in
                  enumerate(_sequence("combos", self.combos, _SIZE_WORDS[size] + "-card combos"), 1)]  # fmt: skip
        weights = _sequence("weights", self.weights, "numbers")
        if len(weights) != len(combos):
            raise parameter_error(
                "weights",
                f" must hold one weight per combo: {len(combos)} combos, {len(weights)} weights",
            )
        weighted = {}
        for combo, weight in zip(combos, weights, strict=True):
            if combo in weighted:
                raise parameter_error("combos", f": {_combo_text(combo)} appears twice")
            weighted[combo] = _checked_weight(weight, combo)
        ordered = sorted(weighted, reverse=True)
        object.__setattr__(self, "combos", tuple(tuple(map(Card, combo)) for combo in ordered))
        object.__setattr__(self, "weights", tuple(weighted[combo] for combo in ordered))

    @classmethod
    def _of_rows(
        cls,
        hands: npt.NDArray[np.uint8],
        weights: npt.NDArray[np.float64],
        ranking: str,
        text: str,
    ) -> Range:
        """A range of rows of card ids (highest first, rows in descending order) and their
        weights, trusted as they are: the parser's many-card ranges, whose ``combos`` and
        ``weights`` tuples are built on first use."""
        found = object.__new__(cls)
        for name, value in (("ranking", ranking), ("hole_cards", hands.shape[1]),
                            ("_rows", hands), ("_row_weights", weights), ("text", text)):  # fmt: skip
            object.__setattr__(found, name, value)
        return found

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> object:
            # combos and weights of a range read from rows: the tuples are built when asked for.
            rows = self.__dict__.get("_rows")
            if rows is None or name not in ("combos", "weights"):
                raise AttributeError(name)
            cards = [Card(card) for card in range(DECK_SIZE)]
            combos = tuple(tuple(cards[card] for card in row) for row in rows.tolist())
            object.__setattr__(self, "combos", combos)
            object.__setattr__(self, "weights", tuple(self.__dict__["_row_weights"].tolist()))
            return self.__dict__[name]

    def __len__(self) -> int:
        rows = self.__dict__.get("_rows")
        return len(self.combos) if rows is None else len(rows)

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        return iter(self.combos)

    def __repr__(self) -> str:
        shown = self.text if len(self.text) <= 80 else self.text[:60] + "…"
        suffix = "" if self.ranking == "high" else f", ranking={self.ranking!r}"
        if self.hole_cards != 2:
            suffix += f", hole_cards={self.hole_cards}"
        return f"Range({shown!r}{suffix})"

    @cached_property
    def text(self) -> str:
        """The range in normalised notation: pairs, then suited and offsuit hands, then combos.

        >>> parse_range("aks ako kk+ jj-tt 50%(22)").text
        'KK+, JJ-TT, AK, 0.5(22)'
        """
        weights = {
            tuple(card.id for card in combo): weight
            for combo, weight in zip(self.combos, self.weights, strict=True)
        }
        return _describe(weights, get_ranking(self.ranking), self.hole_cards)

    def as_array(self) -> npt.NDArray[np.uint8]:
        """The combos as an ``(N, hole_cards)`` array of card ids (``uint8``), highest first.

        >>> parse_range("AhKh, 2c2d").as_array().tolist()
        [[50, 46], [1, 0]]
        """
        import numpy as np

        rows = self.__dict__.get("_rows")
        if rows is not None:
            return np.array(rows, dtype=np.uint8)
        ids = [[card.id for card in combo] for combo in self.combos]
        return np.array(ids, dtype=np.uint8).reshape(-1, self.hole_cards)

    def weight_array(self) -> npt.NDArray[np.float64]:
        """The weights as a ``float64`` array, in the order of :meth:`as_array`.

        >>> parse_range("JJ:0.5").weight_array().tolist()
        [0.5, 0.5, 0.5, 0.5, 0.5, 0.5]
        """
        import numpy as np

        weights = self.__dict__.get("_row_weights")
        return np.array(self.weights if weights is None else weights, dtype=np.float64)

    def without(self, cards: str | Iterable[CardLike]) -> Range:
        """A new range without the combos that use any of ``cards`` (card removal).

        >>> len(parse_range("AA, AKs").without("As Kh"))
        5
        >>> len(parse_range("AA", hole_cards=4).without("As"))
        3432
        """
        dead = {card.id for card in parse_cards(cards, allow_duplicates=True)}
        rows = self.__dict__.get("_rows")
        if rows is not None:
            import numpy as np

            kept_rows = ~np.isin(rows, list(dead)).any(axis=1)
            text = self.text + " without " + "".join(str(Card(card)) for card in sorted(dead))
            weights = self.__dict__["_row_weights"][kept_rows]
            return Range._of_rows(rows[kept_rows], weights, self.ranking, text)
        kept = [
            (combo, weight)
            for combo, weight in zip(self.combos, self.weights, strict=True)
            if not any(card.id in dead for card in combo)
        ]
        return Range(
            tuple(combo for combo, _ in kept),
            tuple(weight for _, weight in kept),
            self.ranking,
            self.hole_cards,
        )

    @staticmethod
    def starting_hands(ranking: RankingLike = "high") -> tuple[str, ...]:
        """The starting-hand classes in 13x13 grid order, row by row: suited right of the pair.

        >>> hands = Range.starting_hands()
        >>> len(hands), hands[:3], hands[13:15], hands[-1]
        (169, ('AA', 'AKs', 'AQs'), ('AKo', 'KK'), '22')
        >>> len(Range.starting_hands("short-deck"))
        81
        """
        ranks = sorted(get_ranking(ranking).ranks, reverse=True)
        names = []
        for row in ranks:
            for column in ranks:
                high, low = Rank(max(row, column)).char, Rank(min(row, column)).char
                names.append(high + low + ("" if row == column else "s" if row > column else "o"))
        return tuple(names)

    @classmethod
    def from_class(cls, name: str, *, ranking: RankingLike = "high") -> Range:
        """The range of one starting-hand class, such as ``AKs``, ``AKo`` or ``QQ``.

        >>> len(Range.from_class("AKs")), len(Range.from_class("AKo")), len(Range.from_class("QQ"))
        (4, 12, 6)
        """
        if not isinstance(name, str):
            raise parameter_error("name", f" must be a string, got {type(name).__name__}")
        if name[:2].upper() + name[2:].lower() not in cls.starting_hands(ranking):
            raise RangeError(
                name, 1, "a starting-hand class is a pair (QQ) or two ranks with s or o (AKs, AKo)"
            )
        return parse_range(name, ranking=ranking)


def _sequence(name: str, value: object, items: str) -> list[object]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        kind = type(value).__name__
        raise parameter_error(name, f" must be a list of {items}, got {kind}")
    return list(value)


def _combo_text(combo: Combo) -> str:
    return "".join(str(Card(card)) for card in combo)


def _checked_hole_cards(hole_cards: object) -> int:
    """2, 4, 5 or 6 as an int (NumPy's integers too; never a bool, a float or an array)."""
    count = None
    if isinstance(hole_cards, SupportsIndex) and not isinstance(hole_cards, bool):
        with contextlib.suppress(TypeError):  # an array of more than one number
            count = operator.index(hole_cards)
    if count not in HOLE_CARDS:
        raise parameter_error(
            "hole_cards", f" must be 2 (hold'em) or 4 to 6 (Omaha), got {shorten(repr(hole_cards))}"
        )
    return int(count)


def _checked_combo(combo: object, number: int, deck: Ranking, size: int) -> Combo:
    """``size`` different cards of the ranking's deck, as ids, highest first."""
    try:
        cards = parse_cards(combo, allow_duplicates=True)  # type: ignore[arg-type]
        check_in_deck(cards, deck)
    except PokerScoreError as error:
        raise parameter_error("combos", f": combo {number}: {error}") from None
    if len(cards) != size:
        raise parameter_error("combos", f": combo {number} has {len(cards)} card(s), not {size}")
    ids = tuple(sorted((card.id for card in cards), reverse=True))
    if len(set(ids)) != size:
        raise parameter_error("combos", f": {_combo_text(ids)} holds a card twice")
    return ids


def _checked_weight(weight: object, combo: Combo) -> float:
    """A weight in (0, 1]: the share of the combo's deals that count."""
    value = (
        float(weight)
        if isinstance(weight, numbers.Real) and not isinstance(weight, bool)
        else math.nan
    )
    if not 0 < value <= 1:
        shown = shorten(repr(weight))
        raise parameter_error(
            "weights",
            f" must each be above 0 and at most 1, got {shown} for {_combo_text(combo)}",
        )
    return value


def parse_range(text: str, *, ranking: RankingLike = "high", hole_cards: int = 2) -> Range:
    """Read a range: hold'em's PokerStove/Equilab notation (see the module's table), or for
    ``hole_cards`` 4 to 6 the Omaha patterns of :mod:`~pokerscore.games.holdem.omaha_ranges`
    (ProPokerTools' generic syntax), in items separated by commas as in hold'em: weighted the same
    ways (``0.5(AA, KK)``, ``AA:0.5``), ``:`` between two words keeps the hands both name
    (``AA:ds``), and an item written ``!word`` takes the word's hands out of the items before it.

    >>> len(parse_range("QQ+,AKs")), len(parse_range("A2s+ KTo+")), len(parse_range("KQo-K9o"))
    (22, 84, 48)
    >>> parse_range("JJ:0.5, AhKh").weights[:2]
    (1.0, 0.5)
    >>> len(parse_range("random", ranking="short-deck"))
    630
    >>> len(parse_range("JTs-KQs; 22-44")), len(parse_range("T9-QJ"))
    (30, 48)
    >>> parse_range("A5s-K2s")
    Traceback (most recent call last):
    ...
    pokerscore.games.holdem.ranges.RangeError: invalid range "A5s-K2s" at position 1: a dash joins two pairs (22-77), or two hands with the same top card (A5s-A2s) or the same gap (JTs-KQs: JTs, QJs, KQs)
    >>> len(parse_range("AA**", hole_cards=4)), len(parse_range("AxKxQyJy", hole_cards=4))
    (6961, 12)
    >>> len(parse_range("AA:ds, KKQQ, !AAA", hole_cards=4))
    900
    """
    expect(text, str, "text", "a range written as text, e.g. QQ+,AKs")
    deck = get_ranking(ranking)
    size = _checked_hole_cards(hole_cards)
    if size != 2:
        return _parse_many(text, deck, size)
    weights: dict[Combo, float] = {}
    for combos, weight in _Parser(text, deck).items():
        for combo in combos:
            # The last mention wins, as re-marking a hand in a range editor's grid does.
            if weight is None:  # an exclusion (!AKo)
                weights.pop(combo, None)
            else:
                weights[combo] = weight
    return _make_range(weights, deck)


def closer_error(card_error: PokerScoreError, range_error: PokerScoreError) -> PokerScoreError:
    """Of the errors of one text read as cards and as a range, the one of the reader that got
    further: the cards' when they stop at a later card than the hand at which the range stops,
    else the range's (an exact combo's cards are read by the range too, and named in its
    errors). A text given as "a hand or a range" is reported where it is wrong.

    >>> bad_card = InvalidCardError("QQ+", 1, "suit must be one of c, d, h, s")
    >>> print(closer_error(bad_card, RangeError("AXs", 2, "after A comes a second rank")))
    invalid range "AXs" at position 2: after A comes a second rank
    >>> print(closer_error(InvalidCardError("Kx", 2, "suit must be one of c, d, h, s"),
    ...                    RangeError("Ah", 1, "a combo is two cards")))
    invalid card "Kx" at position 2: suit must be one of c, d, h, s
    """
    if isinstance(card_error, DuplicateCardError):
        card_stop = card_error.second
    else:
        card_stop = getattr(card_error, "position", 0)
    range_stop = range_error.position if isinstance(range_error, RangeError) else 0
    return card_error if card_stop > range_stop else range_error


def top_classes(percent: float | str | Fraction, *, order: Literal["vs-random"] = "vs-random"
                ) -> tuple[str, ...]:  # fmt: skip
    """The top ``percent`` % of hold'em's starting hands: the shortest run of the 169 classes,
    best first in ``order``, whose combos reach at least ``percent`` % of the 1,326 (a class is
    taken whole, so the run may hold a little more: ``15%`` is 200 combos, 15.08 %).

    ``order="vs-random"`` (the only one): each class's exact equity against one random hand,
    wins plus half the ties over every board (``data/preflop-vs-random.csv``, computed by the
    project's exact preflop sweep and checked against Jazbo's published table), best first.
    ``percent`` is read exactly from its decimal text (``"15"``, ``15``, ``Fraction(15)``).

    >>> top_classes(2)
    ('AA', 'KK', 'QQ', 'JJ', 'TT')
    >>> len(top_classes(100)), top_classes(100)[-1]
    (169, '32o')
    >>> sum(len(parse_range(name)) for name in top_classes(15))
    200
    """
    if not isinstance(order, str) or order != "vs-random":
        raise parameter_error("order", f' must be "vs-random", got {shorten(repr(order))}')
    try:
        share = Fraction(str(percent)) if isinstance(percent, float) else Fraction(percent)
    except (TypeError, ValueError):
        share = Fraction(-1)
    if isinstance(percent, bool):
        share = Fraction(-1)
    if not 0 <= share <= 100:
        raise parameter_error(
            "percent", f" must be a number from 0 to 100, got {shorten(repr(percent))}"
        )
    names: list[str] = []
    combos = 0
    for name, count in _vs_random_order():
        if combos * 100 >= share * ALL_COMBOS:
            break
        names.append(name)
        combos += count
    return tuple(names)


@cache
def vs_random_counts() -> tuple[tuple[str, int, int, int, int], ...]:
    """The shipped table of every class against one random hand, over every board
    (``data/preflop-vs-random.csv``): (class, combos, wins, ties, deals) in the file's order.

    >>> vs_random_counts()[0]
    ('AA', 6, 10689050508, 68413872, 12585434400)
    """
    path = Path(__file__).parents[2] / "data" / VS_RANDOM_FILE
    lines = path.read_text(encoding="ascii").split()
    rows = [line.split(",") for line in lines[1:]]
    return tuple((name, *(int(value) for value in values)) for name, *values in rows)  # type: ignore[misc]


@cache
def _vs_random_order() -> tuple[tuple[str, int], ...]:
    """The 169 classes and their combos, best first by exact equity against a random hand."""
    rows = vs_random_counts()
    equities = {name: Fraction(2 * wins + ties, 2 * deals) for name, _, wins, ties, deals in rows}
    grid = {name: place for place, name in enumerate(Range.starting_hands())}
    ordered = sorted(rows, key=lambda row: (-equities[row[0]], grid[row[0]]))
    return tuple((row[0], row[1]) for row in ordered)


def _parse_many(text: str, deck: Ranking, size: int) -> Range:
    """An Omaha range: the items' hands as flags over every hand of ``size`` cards, each hand
    owned by the last item that names it (an exclusion owns it for none)."""
    import numpy as np

    from pokerscore.games.holdem.omaha_ranges import flagged_hands, hand_count

    if deck.deck != tuple(range(DECK_SIZE)):
        raise parameter_error(
            "ranking", f" must deal 52 cards for ranges of {size} cards, got {deck.name}"
        )
    owner = np.zeros(hand_count(size), dtype=np.int32)
    levels = [0.0]
    parts = []
    for flags, weight, shown in _ManyParser(text, size).items():
        if weight is None:
            owner[flags] = 0
        else:
            levels.append(weight)
            owner[flags] = len(levels) - 1
        if shown:  # a group's text comes with its first member
            parts.append(shown)
    held = owner > 0
    weights = np.array(levels, dtype=np.float64)[owner[held]][::-1]
    hands = flagged_hands(held, size)[::-1]
    return Range._of_rows(hands, weights, deck.name, ", ".join(parts))


def _make_range(weights: dict[Combo, float], deck: Ranking) -> Range:
    ordered = sorted(weights, reverse=True)
    return Range(
        tuple((Card(high), Card(low)) for high, low in ordered),
        tuple(weights[combo] for combo in ordered),
        deck.name,
    )


class _Token:
    """One piece of range text: a word, or one of ``( ) :``; and whether a comma came before."""

    __slots__ = ("comma_before", "start", "text")

    def __init__(self, text: str, start: int, comma_before: bool) -> None:
        self.text = text
        self.start = start
        self.comma_before = comma_before


def _tokens(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    index, comma = 0, False
    while index < len(text):
        char = text[index]
        if char in _SEPARATORS:
            comma = comma or char == ","
            index += 1
            continue
        tag = _TAG.match(text, index) if char == "#" else None
        if tag is not None:
            index = tag.end()
            continue
        start = index
        if char in _SPECIAL:
            index += 1
        else:
            while index < len(text) and text[index] not in _WORD_ENDS:
                index += 1
        tokens.append(_Token(text[start:index], start, comma))
        comma = False
    return tokens


class _Reader:
    """The tokens of a range's text and where the reading stands."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.index = 0
        self.hands = 0  # hands (words) read so far: the position of the next error

    def _peek(self, offset: int) -> _Token | None:
        index = self.index + offset
        return self.tokens[index] if index < len(self.tokens) else None

    def _rest(self, token: _Token) -> str:
        return self.text[token.start :].strip()


class _Parser(_Reader):
    """Reads the items of a range: each a list of combo sets and the weight over them."""

    def __init__(self, text: str, deck: Ranking) -> None:
        super().__init__(text)
        self.deck = deck

    def items(self) -> Iterator[tuple[list[Combo], float | None]]:
        """Each item's combos and weight (None: an exclusion, ``!AKo``)."""
        if not self.tokens:
            raise RangeError("", 1, "a range needs at least one hand: " + ALLOWED)
        while self.index < len(self.tokens):
            token = self.tokens[self.index]
            following = self._peek(1)
            if token.text in _SPECIAL:
                raise RangeError(self._rest(token), self.hands + 1, self._misplaced(token.text))
            if following is not None and following.text == "(" and not following.comma_before:
                yield from self._group(token)
            else:
                yield self._hand_with_weight(token)

    @staticmethod
    def _misplaced(char: str) -> str:
        if char == "(":
            return "a group starts with its weight, e.g. 0.5(JJ, TT) or 50%(JJ, TT)"
        if char == ")":
            return "this ) closes no group; a group is written 0.5(JJ, TT)"
        return "a weight follows its hand, e.g. JJ:0.5"

    def _group(self, weight_token: _Token) -> Iterator[tuple[list[Combo], float]]:
        position = self.hands + 1
        first = self.index + 2  # past the weight and "("
        close = next(
            (at for at in range(first, len(self.tokens)) if self.tokens[at].text in "()"), None
        )
        weighted = close is not None and any(
            token.text == ":" and _WEIGHT.fullmatch(following.text)
            for token, following in pairwise(self.tokens[first:close])
        )
        if close is None or self.tokens[close].text != ")" or weighted:
            found = ":" if weighted else None if close is None else self.tokens[close].text
            reason = {
                None: "this group is never closed: add )",
                ":": "a weight inside a weighted group: write 0.5(JJ, TT) or JJ:0.5, not both",
                "(": "groups do not nest: write 0.5(JJ, TT), 0.25(99)",
            }[found]
            raise RangeError(self._rest(weight_token), position, reason)
        group = self.text[weight_token.start : self.tokens[close].start + 1]
        weight = _weight(weight_token.text)
        if weight is None:
            raise RangeError(group, position, WEIGHT_HELP)
        if close == first:
            raise RangeError(group, position, "an empty group: put hands inside, e.g. 0.5(JJ, TT)")
        members = []
        self.index = first
        while self.index < close:
            token = self.tokens[self.index]
            if token.text == ":":
                raise RangeError(self._rest(token), self.hands + 1, self._misplaced(":"))
            if token.text.startswith("!"):
                reason = "an exclusion (!AA) takes no weight"
                raise RangeError(token.text, self.hands + 1, reason)
            members.append(self._hand_with_weight(token)[0])  # xx:A* inside a group
        self.index = close + 1
        for combos in members:
            yield combos, weight

    def _hand_with_weight(self, token: _Token) -> tuple[list[Combo], float | None]:
        """A hand, or hands joined by ``:`` (the combos all of them name), then maybe
        ``:weight``; an item written ``!hand`` takes its combos out (weight None)."""
        self.hands += 1
        exclude = token.text.startswith("!")
        word = token.text[1:] if exclude else token.text
        if exclude and word == "":
            raise RangeError("!", self.hands, "! is followed by the hands it takes out, e.g. !AKo")
        combos = self._hand(word)
        self.index += 1
        while (colon := self._peek(0)) is not None and colon.text == ":" and not colon.comma_before:
            value = self._peek(1)
            if value is None or value.comma_before or value.text in _SPECIAL:
                reason = "a hand or a weight must follow the colon: " + WEIGHT_HELP
                raise RangeError(word + ":", self.hands, reason)
            if _WEIGHT.fullmatch(value.text):
                weight = _weight(value.text)
                if weight is None:
                    raise RangeError(f"{word}:{value.text}", self.hands, WEIGHT_HELP)
                if exclude:
                    reason = "an exclusion (!AA) takes no weight"
                    raise RangeError(f"{word}:{value.text}", self.hands, reason)
                self.index += 2
                return combos, weight
            self.hands += 1
            both = set(self._hand(value.text))
            combos = [combo for combo in combos if combo in both]
            word = value.text
            self.index += 2
        return combos, None if exclude else 1.0

    def _hand(self, term: str) -> list[Combo]:
        """The combos of one hand term; errors name the term and its position."""
        if "!" in term:  # QQ+!KK: the first hand's combos less the others'
            parts = term.split("!")
            if "" in parts:
                raise RangeError(term, self.hands, "! stands between two hands, e.g. QQ+!KK")
            kept = self._hand(parts[0])
            for part in parts[1:]:
                out = set(self._hand(part))
                kept = [combo for combo in kept if combo not in out]
            return kept
        if term.lower() in _EVERYTHING:
            deck = self.deck.deck
            return [(high, low) for high in deck for low in deck if low < high]
        top = _TOP.fullmatch(term)
        if top is not None:
            return self._top(term, top)
        combos = _HandShape(term, self.hands).read()
        if combos is None:
            try:
                combos = [self._combo(term)]
            except RangeError:
                generic = self._generic(term)
                if generic is None:
                    raise
                return generic
        self._check_deck(term, combos)
        return combos

    def _generic(self, term: str) -> list[Combo] | None:
        """A ProPokerTools generic word (``AxKx``, ``xx``, ``Ah``, ``[A-T][A-T]``, ``A*!AA``)
        read as two-card hands of the deck, or None when the term is not one."""
        from pokerscore.games.holdem.omaha_ranges import (
            PatternError,
            flagged_hands,
            read_word,
            word_flags,
        )

        if not _GENERIC.fullmatch(term) or _one_card(term):
            return None
        try:
            word = read_word(term, 2)
        except PatternError:
            return None
        rows = flagged_hands(word_flags(word, 2), 2).tolist()
        mask = self.deck.deck_mask
        return [(high, low) for high, low in rows if mask >> high & 1 and mask >> low & 1]

    def _top(self, term: str, match: re.Match[str]) -> list[Combo]:
        """The classes of a top range, ``15%`` or ``5%-20%`` (see :func:`top_classes`)."""
        if len(self.deck.deck) != DECK_SIZE:
            reason = f"top ranges are hold'em's (52 cards), and {self.deck.name} has fewer"
            raise RangeError(term, self.hands, reason)
        low, high = (Fraction(0), Fraction(match.group(1))) if match.group(2) is None else (
            Fraction(match.group(1)), Fraction(match.group(2)))  # fmt: skip
        if not (0 <= low < high <= 100) or (match.group(2) is None and high == 0):
            raise RangeError(term, self.hands, TOP_HELP)
        names = top_classes(high)[len(top_classes(low)) :]
        return [combo for name in names for combo in _HandShape(name, self.hands).read() or ()]

    def _combo(self, term: str) -> Combo:
        try:
            cards = parse_cards(term)
        except DuplicateCardError:
            raise RangeError(
                term, self.hands, "a combo needs two different cards, e.g. AhKh"
            ) from None
        except InvalidCardError as error:
            raise RangeError(term, self.hands, _not_a_combo(term, error)) from None
        if len(cards) != 2:
            raise RangeError(
                term, self.hands, "a combo is exactly two cards written together, e.g. AhKh or A♥K♥"
            )
        high, low = sorted((cards[0].id, cards[1].id), reverse=True)
        return high, low

    def _check_deck(self, term: str, combos: list[Combo]) -> None:
        mask = self.deck.deck_mask
        if any(not (mask >> high & 1 and mask >> low & 1) for high, low in combos):
            reason = f"{self.deck.name} is played with {deck_words(self.deck)}"
            raise RangeError(term, self.hands, reason)


class _ManyParser(_Reader):
    """Reads the items of an Omaha range: each the flags of its hands, its weight (None for an
    exclusion) and its normalised text."""

    def __init__(self, text: str, size: int) -> None:
        super().__init__(text)
        self.size = size

    def items(self) -> Iterator[tuple[npt.NDArray[np.bool_], float | None, str]]:
        from pokerscore.games.holdem.omaha_ranges import ALLOWED as PATTERNS

        if not self.tokens:
            raise RangeError("", 1, "a range needs at least one hand: " + PATTERNS)
        while self.index < len(self.tokens):
            token = self.tokens[self.index]
            following = self._peek(1)
            if token.text in _SPECIAL:
                raise RangeError(self._rest(token), self.hands + 1, _Parser._misplaced(token.text))
            if following is not None and following.text == "(" and not following.comma_before:
                yield from self._group(token)
            else:
                yield self._expression(weighted=True)

    def _group(self, weight_token: _Token) -> Iterator[tuple[npt.NDArray[np.bool_], float, str]]:
        position = self.hands + 1
        rest = self._rest(weight_token)
        weight = _weight(weight_token.text)
        if weight is None:
            raise RangeError(rest, position, WEIGHT_HELP)
        self.index += 2  # past the weight and "("
        members = []
        while True:
            token = self._peek(0)
            if token is None or token.text == "(":
                reason = "this group is never closed: add )" if token is None else (
                    "groups do not nest: write 0.5(AA, KK), 0.25(QQ)")  # fmt: skip
                raise RangeError(rest, position, reason)
            if token.text == ")":
                break
            flags, _, shown = self._expression(weighted=False)
            if shown.startswith("!"):
                raise RangeError(shown, self.hands, "an exclusion (!AAA) takes no weight")
            members.append((flags, shown))
        self.index += 1
        if not members:
            raise RangeError(rest, position, "an empty group: put hands inside, e.g. 0.5(AA, KK)")
        texts = ", ".join(shown for _, shown in members)
        for number, (flags, _) in enumerate(members):
            yield flags, weight, f"{weight!r}({texts})" if number == 0 else ""

    def _expression(self, *, weighted: bool) -> tuple[npt.NDArray[np.bool_], float | None, str]:
        """Words joined by ``:`` (the hands all of them name), then maybe ``:weight``."""
        token = self.tokens[self.index]
        if token.text in _SPECIAL:
            raise RangeError(token.text, self.hands + 1, _Parser._misplaced(token.text))
        exclude = token.text.startswith("!")
        words = [token.text[1:] if exclude else token.text]
        flags = self._word(words[0])
        self.index += 1
        weight: float | None = None if exclude else 1.0
        while (colon := self._peek(0)) is not None and colon.text == ":" and not colon.comma_before:
            value = self._peek(1)
            if value is None or value.comma_before or value.text in _SPECIAL:
                raise RangeError(
                    words[-1] + ":", self.hands, "a word or a weight must follow the colon"
                )
            if _WEIGHT.fullmatch(value.text):
                found = _weight(value.text)
                if found is None:
                    raise RangeError(f"{words[-1]}:{value.text}", self.hands, WEIGHT_HELP)
                if not weighted or exclude:
                    reason = ("an exclusion (!AAA) takes no weight" if exclude else
                              "a weight inside a weighted group: write 0.5(AA, KK) or AA:0.5, not both")  # fmt: skip
                    raise RangeError(f"{words[-1]}:{value.text}", self.hands, reason)
                weight = found
                self.index += 2
                break
            words.append(value.text)
            flags &= self._word(value.text)
            self.index += 2
        shown = ("!" if exclude else "") + ":".join(words)
        return flags, weight, shown if weight in (None, 1.0) else f"{shown}:{weight!r}"

    def _word(self, word: str) -> npt.NDArray[np.bool_]:
        from pokerscore.games.holdem.omaha_ranges import PatternError, word_flags

        self.hands += 1
        if word == "":
            raise RangeError("!", self.hands, "! is followed by the hands it takes out, e.g. !AAA")
        if _TOP.fullmatch(word):
            reason = "top X % ranges are hold'em's: name Omaha hands by pattern"
            raise RangeError(word, self.hands, reason)
        if _WEIGHT.fullmatch(word) and ("." in word or _weight(word) is not None):  # 109 is T9
            raise RangeError(
                word, self.hands, "a weight needs its hands, e.g. 0.5(AA, KK) or AA:0.5"
            )
        try:
            return word_flags(word, self.size)
        except PatternError as error:
            raise RangeError(word, self.hands, str(error)) from None


class _HandShape:
    """A hand written with ranks: ``QQ``, ``AKs``, ``A2s+``, ``22-77``, ``KQo-K9o`` ..."""

    def __init__(self, term: str, position: int) -> None:
        self.term = term
        self.position = position

    def fail(self, reason: str) -> RangeError:
        return RangeError(self.term, self.position, reason)

    def read(self) -> list[Combo] | None:
        """The combos, or None when the term does not start with two ranks (maybe a combo)."""
        first = self._one(0)
        if first is None:
            if _rank_at(self.term, 0)[0] is not None and self._looks_like_ranks():
                raise self.fail("a hand needs two ranks, e.g. 22, AK or 22-77")
            return None
        (high, low, suits), index = first
        rest = self.term[index:]
        if rest == "":
            return _pair_combos(high) if high == low else _unpaired(high, [low], suits)
        if rest == "+":
            # Kickers up to one below the top card; pairs up to aces.
            return (
                _pairs(high, Rank.ACE) if high == low else _unpaired(high, range(low, high), suits)
            )
        if rest.startswith("+"):
            raise self.fail("only one + may follow a hand, e.g. QQ+ or A2s+")
        if rest.startswith("-"):
            return self._span(high, low, suits, index)
        two = self.term[:index]
        raise self.fail(
            f"after {two} may come s (suited), o (offsuit), + or a dash range, "
            f"e.g. {two}s, {two}o+, {two}-{two[0]}T"
            if high != low
            else f"after {two} may come + or a dash range, e.g. {two}+ or {two}-22"
        )

    def _span(self, high: int, low: int, suits: str, dash: int) -> list[Combo]:
        """``A5s-A2s`` (one top card, the kickers between) or ``JTs-KQs`` (one gap, both ranks
        stepping; pairs are its gap 0: ``22-77``), from either end."""
        second = self._one(dash + 1)
        if second is None or second[1] != len(self.term):
            raise self.fail(DASH_HELP)
        other_high, other_low, other_suits = second[0]
        if other_suits != suits:
            kinds = {"s": "suited (s)", "o": "offsuit (o)", "": "neither"}
            raise self.fail(
                f"both ends of a dash range are suited (s), offsuit (o) or neither: "
                f"{self.term[:dash]} is {kinds[suits]} and {self.term[dash + 1 :]} "
                f"{kinds[other_suits]}"
            )
        if high - low == other_high - other_low:
            bottom, top = sorted((high, other_high))
            gap = high - low
            if gap == 0:
                return _pairs(bottom, top)
            return [combo for top_rank in range(bottom, top + 1)
                    for combo in _unpaired(top_rank, [top_rank - gap], suits)]  # fmt: skip
        if high == low or other_high == other_low or high != other_high:
            raise self.fail(DASH_HELP)
        bottom, top = sorted((low, other_low))
        return _unpaired(high, range(bottom, top + 1), suits)

    def _looks_like_ranks(self) -> bool:
        # "2-7", "A+", "A": a rank not followed by a suit letter, so not a card.
        _, index = _rank_at(self.term, 0)
        return index >= len(self.term) or self.term[index] in "+-"

    def _one(self, start: int) -> tuple[tuple[int, int, str], int] | None:
        """Two ranks and an optional s or o from ``start``: ((high, low, suits), end) or None."""
        first, index = _rank_at(self.term, start)
        if first is None:
            return None
        second, index = _rank_at(self.term, index)
        if second is None:
            return None
        suits = ""
        if index < len(self.term) and self.term[index].lower() in "so":
            suits = self.term[index].lower()
            index += 1
        if first == second and suits:
            pair = Rank(first).char * 2
            raise self.fail(f"a pair is neither suited nor offsuit: write {pair}")
        return (max(first, second), min(first, second), suits), index


def _one_card(term: str) -> bool:
    """Whether ``term`` is one card (``Ah``): not read as the hands holding it (``Ah*``), since
    it is more often a hand typed with a space (``Ah Kx``)."""
    try:
        return len(parse_cards(term)) == 1
    except PokerScoreError:
        return False


def _not_a_combo(term: str, error: InvalidCardError) -> str:
    """Why ``term``, read as an exact combo since it is no other hand, is not one: what the
    grammar expected where the card reader stopped."""
    if _WEIGHT.fullmatch(term):
        return "a weight needs its hands, e.g. 50%(JJ) or JJ:0.5"
    if error.position > 1:  # the first card was read
        return (
            f'a combo is two cards written together, and "{shorten(error.token)}" is not a '
            f"card: {error.reason}"
        )
    rank, index = _rank_at(term, 0)
    if rank is None:
        return ALLOWED
    return f"after {term[:index]} comes a second rank (AK, AKs, A2s+) or a suit (AhKh)"


def _rank_at(text: str, index: int) -> tuple[int | None, int]:
    if text.startswith("10", index):
        return int(Rank.TEN), index + 2
    if index < len(text):
        rank = _RANKS.get(text[index].upper())
        if rank is not None:
            return rank, index + 1
    return None, index


def _pair_combos(rank: int) -> list[Combo]:
    """The six combos of a pair."""
    cards = [4 * rank + suit for suit in range(4)]
    return [(a, b) for a in cards for b in cards if b < a]


def _pairs(bottom: int, top: int) -> list[Combo]:
    return [combo for rank in range(bottom, top + 1) for combo in _pair_combos(rank)]


def _unpaired(high: int, kickers: Iterable[int], suits: str) -> list[Combo]:
    """Combos of ``high`` with each kicker: suited (``s``), offsuit (``o``) or both (``""``)."""
    return [
        (4 * high + top_suit, 4 * kicker + kicker_suit)
        for kicker in kickers
        for top_suit in range(4)
        for kicker_suit in range(4)
        if suits == "" or (suits == "s") == (top_suit == kicker_suit)
    ]


def _weight(text: str) -> float | None:
    """A weight in (0, 1] from ``0.5`` or ``50%``, or None if it is not one."""
    match = _WEIGHT.fullmatch(text)
    if match is None:
        return None
    value = float(match.group(1)) / (100 if match.group(2) else 1)
    return value if 0 < value <= 1 else None


def _describe(weights: dict[Combo, float], deck: Ranking, size: int = 2) -> str:
    """Normalised text: full weight first, then each lower weight as a group, highest first;
    combos of more than two cards one by one."""
    levels: dict[float, set[Combo]] = {}
    for combo, weight in weights.items():
        levels.setdefault(weight, set()).add(combo)
    parts = []
    for weight in sorted(levels, reverse=True):
        body = (
            _compress(levels[weight], deck)
            if size == 2
            else ", ".join(map(_combo_text, sorted(levels[weight], reverse=True)))
        )
        parts.append(body if weight == 1 else f"{weight!r}({body})")
    return ", ".join(parts)


def _compress(combos: set[Combo], deck: Ranking) -> str:
    """Complete classes as runs (``QQ+``, ``JJ-88``, ``A2s+``, ``AQ+``), the rest as combos."""
    cards = deck.deck
    if len(combos) == len(cards) * (len(cards) - 1) // 2:
        return "random"
    ranks = sorted(deck.ranks, reverse=True)
    left = set(combos)
    pairs = [rank for rank in ranks if _take(left, _pair_combos(rank))]
    parts = _runs(pairs, ranks, "", "")
    suited: list[str] = []
    offsuit: list[str] = []
    for high in ranks:
        kickers = [rank for rank in ranks if rank < high]
        top = Rank(high).char
        with_suits = {
            suits: [kicker for kicker in kickers if _take(left, _unpaired(high, [kicker], suits))]
            for suits in "so"
        }
        if with_suits["s"] == with_suits["o"]:
            parts += _runs(with_suits["s"], kickers, top, "")
        else:
            suited += _runs(with_suits["s"], kickers, top, "s")
            offsuit += _runs(with_suits["o"], kickers, top, "o")
    parts += suited + offsuit
    parts += [str(Card(high)) + str(Card(low)) for high, low in sorted(left, reverse=True)]
    return ", ".join(parts)


def _take(left: set[Combo], combos: list[Combo]) -> bool:
    """Remove ``combos`` from ``left`` if all of them are there; say whether they were."""
    if not all(combo in left for combo in combos):
        return False
    left.difference_update(combos)
    return True


def _runs(chosen: list[int], order: list[int], top: str, suits: str) -> list[str]:
    """Ranks consecutive in ``order`` (descending) as ``X+`` (run from the top), ``X-Y`` or ``X``.

    The ranks are kickers of the ``top`` card, or pairs when ``top`` is empty.
    """

    def name(rank: int) -> str:
        char = Rank(rank).char
        return top + char + suits if top else char * 2

    runs: list[list[int]] = []
    index = {rank: position for position, rank in enumerate(order)}
    for rank in chosen:
        if runs and index[rank] == index[runs[-1][-1]] + 1:
            runs[-1].append(rank)
        else:
            runs.append([rank])
    texts = []
    for run in runs:
        if len(run) == 1:
            texts.append(name(run[0]))
        elif run[0] == order[0]:
            texts.append(name(run[-1]) + "+")
        else:
            texts.append(f"{name(run[0])}-{name(run[-1])}")
    return texts


__all__ = ["Range", "RangeError", "parse_range", "top_classes", "vs_random_counts"]
