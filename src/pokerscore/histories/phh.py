"""The Poker Hand History format (PHH): TOML, one hand a ``.phh`` file, many a ``.phhs`` file of
``[n]`` tables (Kim, "Recording and Describing Poker Hands", arXiv 2312.11753, and pokerkit's
``docs/notation.rst``).

A hand is read with :mod:`tomllib` (numbers as :class:`~decimal.Decimal`, so ``0.25`` stays
exact); a ``.phhs`` file is cut at its ``[n]`` table headers as it is read, so a file of any size
is streamed one hand at a time. Fields the replay needs (``variant``, ``antes``,
``blinds_or_straddles``, ``min_bet`` or ``small_bet`` and ``big_bet``, ``starting_stacks``,
``actions``) are checked; ``players``, ``seats``, ``winnings``, ``finishing_stacks``, ``venue``,
``hand``, ``table``, ``currency`` are read when present, and every field is kept as read in
:attr:`HandHistory.fields`.

Heads-up, PHH (like pokerkit) lists antes and blinds from the big blind's side: ``p1`` is the big
blind and posts the *second* entry, ``p2`` is the button and posts the first.
"""

from __future__ import annotations

import io
import re
import sys
import tomllib
from collections.abc import Iterator, Mapping
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from pokerscore._support.errors import shorten
from pokerscore.cards import Card
from pokerscore.cards.card import RANK_CHARS, SUIT_LETTERS
from pokerscore.histories.model import (
    MAX_SEAT,
    Action,
    Betting,
    HandHistory,
    HandHistoryError,
    Seat,
    hand_scale,
    read_amount,
    to_units,
)
from pokerscore.histories.sites.text import MAX_HAND_BYTES, bounded_lines, long_hand_error

BETTING: Final[dict[str, Betting]] = {"N": "no-limit", "P": "pot-limit", "F": "fixed-limit"}
GAMES: Final[dict[str, str]] = {
    "T": "holdem",
    "S": "short-deck-straight-over-trips",
    "O": "omaha",
    "O/8": "omaha-hi-lo",
}
"""The PHH game letters read here and the game that settles them. Short deck (``NS``) is judged
as pokerkit judges it, a straight above three of a kind."""
STUD_GAMES: Final[dict[str, str]] = {"F7S": "stud", "F7S/8": "stud-8", "FR": "razz"}
"""The stud variants (fixed limit, as the standard names them) and their games."""
DRAW_VARIANTS: Final[dict[str, tuple[str, Betting]]] = {
    "F2L3D": ("deuce-to-seven-triple-draw", "fixed-limit"),
    "N2L1D": ("deuce-to-seven-single-draw", "no-limit"),
    "FB": ("badugi", "fixed-limit"),
}
"""The draw variants the standard names (pokerkit's ``HandHistory.game_types``: no ace-to-five
triple draw) and their games and betting."""
NAMED_VARIANTS: Final[dict[str, str]] = {}
"""Variants the standard names that are not replayed here (none now), by name."""
SUPPORTED: Final = "NT, FT, PT, NS, PO, NO, FO/8, PO/8, F7S, F7S/8, FR, F2L3D, N2L1D, FB"
STANDARD_VARIANTS: Final = frozenset(
    ("FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")
)
"""The variant codes the PHH standard defines (its required fields' table; pokerkit's
``HandHistory.game_types``). The others read here (``PT``, ``NO``, ``FO``, ``PO/8`` …) are the
standard's letters put together: pokerkit loads a file holding one but has no game to replay
that hand in."""

_HEADER: Final = re.compile(r"^\[\s*([^\]\s]+)\s*\]\s*(?:#.*)?$")
HAND_NUMBER_DIGITS: Final = 9
"""The most digits of a ``[n]`` header that is the hand's number (the rows hold it in 32 bits)."""
_HAND_NUMBER: Final = re.compile(rf"[0-9]{{1,{HAND_NUMBER_DIGITS}}}")
"""A ``[n]`` header's key that is the hand's number (as the kernels read it: ``_phh_kernels``);
any other key numbers the hand by its place in the file."""
_CARD: Final[dict[str, Card | None]] = {
    **{
        rank + suit: Card(4 * r + s)
        for r, rank in enumerate(RANK_CHARS)
        for s, suit in enumerate(SUIT_LETTERS)
    },
    "??": None,
}


def variant_rules(variant: str) -> tuple[str, Betting]:
    """The game and betting of a PHH variant code.

    >>> variant_rules("PO")
    ('omaha', 'pot-limit')
    >>> variant_rules("FR")
    ('razz', 'fixed-limit')
    >>> variant_rules("N2L1D")
    ('deuce-to-seven-single-draw', 'no-limit')
    >>> variant_rules("F5D")
    Traceback (most recent call last):
    ...
    pokerscore.histories.model.HandHistoryError: variant 'F5D' is unknown: NT, FT, PT, NS, PO, NO, FO/8, PO/8, F7S, F7S/8, FR, F2L3D, N2L1D, FB only
    """
    if variant in STUD_GAMES:
        return STUD_GAMES[variant], "fixed-limit"
    if variant in DRAW_VARIANTS:
        return DRAW_VARIANTS[variant]
    betting = BETTING.get(variant[:1])
    game = GAMES.get(variant[1:])
    if betting is None or game is None:
        known = NAMED_VARIANTS.get(variant)
        what = f" ({known})" if known else ""
        verb = "is not replayed here" if known else "is unknown"
        raise HandHistoryError(f"variant {shorten(repr(variant))}{what} {verb}: {SUPPORTED} only")
    return game, betting


@lru_cache(maxsize=64)
def _pairs(length: int) -> tuple[slice, ...]:
    """The slices of a text of ``length`` characters two by two (cards are read by ``map``:
    no Python frame a card)."""
    return tuple(slice(i, i + 2) for i in range(0, length, 2))


def parse_cards_text(text: str) -> tuple[Card | None, ...]:
    """PHH cards, two characters each, ``??`` for a card nobody saw: ``AcKd``, ``9s7h2c``.

    >>> parse_cards_text("Ac??")
    (Card('Ac'), None)
    """
    if len(text) % 2:
        raise HandHistoryError(f"cards {shorten(repr(text))} are not two characters each")
    try:
        return tuple(map(_CARD.__getitem__, map(text.__getitem__, _pairs(len(text)))))
    except KeyError:
        bad = next(text[i : i + 2] for i in range(0, len(text), 2) if text[i : i + 2] not in _CARD)
        raise HandHistoryError(f"invalid card {bad!r} in {shorten(repr(text))}") from None


def _numbers(table: Mapping[str, Any], key: str, count: int | None) -> list[Decimal] | None:
    if key not in table:
        return None
    value = table[key]
    if not isinstance(value, list):
        if count is None:
            raise HandHistoryError(f"{key} must be a list, one entry per player")
        return [read_amount(value, key)] * count
    if count is not None and len(value) != count:
        raise HandHistoryError(f"{key} has {len(value)} entries for {count} players")
    return [read_amount(item, f"{key} entry {n}") for n, item in enumerate(value, 1)]


class _Unplain(str):
    """A TOML float that is no plain amount (an exponent, inf, nan), kept as written so that
    :func:`~pokerscore.histories.model.read_amount` refuses it by its text."""


_PLAIN_FLOAT: Final = re.compile(r"[+-]?[0-9]+\.[0-9]+")


def _toml_float(text: str) -> Decimal | str:
    """TOML's floats: a Decimal for a plain one (``0.25`` stays exact), else the text."""
    if len(text) > 64 or not _PLAIN_FLOAT.fullmatch(text):
        return _Unplain(text[:64])
    return Decimal(text)


def toml_table(text: str) -> dict[str, Any]:
    """A hand's text as :mod:`tomllib` reads it, plain floats as Decimal (raises what
    :func:`tomllib.loads` raises): the table :attr:`HandHistory.fields` holds.

    >>> toml_table("min_bet = 0.25")
    {'min_bet': Decimal('0.25')}
    """
    return tomllib.loads(text, parse_float=_toml_float)


def hand_from_table(
    table: Mapping[str, Any], *, file: str = "", number: int = 1, line: int = 1
) -> HandHistory:
    """A hand from a PHH table as :mod:`tomllib` reads it (numbers best read as Decimal)."""
    try:
        return _hand(table, file, number, line)
    except HandHistoryError as error:
        raise error.located(file, number, line) from None


def _hand(table: Mapping[str, Any], file: str, number: int, line: int) -> HandHistory:
    variant = table.get("variant")
    if not isinstance(variant, str):
        raise HandHistoryError(
            "no variant" if variant is None else f"variant {shorten(repr(variant))} is not a code"
        )
    game, betting = variant_rules(variant)
    stacks = table.get("starting_stacks")
    if not isinstance(stacks, list):
        raise HandHistoryError("no starting_stacks list")
    count = len(stacks)
    if count < 2:
        raise HandHistoryError(f"a hand needs two players or more, starting_stacks has {count}")
    starting = _numbers(table, "starting_stacks", count) or []
    antes = _numbers(table, "antes", count) or [Decimal(0)] * count
    stud = variant in STUD_GAMES
    if "blinds_or_straddles" not in table and not stud:
        raise HandHistoryError("no blinds_or_straddles")
    raw_blinds = table.get("blinds_or_straddles", [0] * count)
    if not isinstance(raw_blinds, list) or len(raw_blinds) != count:
        raise HandHistoryError(f"blinds_or_straddles must be a list of {count} entries")
    signs = [not _negative(b) for b in raw_blinds]
    blinds = [read_amount(-b if _negative(b) else b, f"blinds_or_straddles entry {n}") for n, b in enumerate(raw_blinds, 1)]  # fmt: skip
    if betting == "fixed-limit":
        sizes = [
            read_amount(table.get(key), key) for key in ("small_bet", "big_bet") if key in table
        ]
        if len(sizes) != 2:
            raise HandHistoryError(
                f"fixed-limit variant {shorten(variant)} needs small_bet and big_bet"
            )
    else:
        if "min_bet" not in table:
            raise HandHistoryError(f"variant {shorten(variant)} needs min_bet")
        sizes = [read_amount(table["min_bet"], "min_bet"), Decimal(0)]
    bring_in = [read_amount(table.get("bring_in", 0), "bring_in")] if stud else []
    winnings = _numbers(table, "winnings", count)
    finishing = _numbers(table, "finishing_stacks", count)
    actions_raw = table.get("actions")
    if not isinstance(actions_raw, list) or not all(isinstance(a, str) for a in actions_raw):
        raise HandHistoryError("no actions list of strings")
    draw = variant in DRAW_VARIANTS
    parsed = [
        _action(text, index, stud=stud, draw=draw) for index, text in enumerate(actions_raw, 1)
    ]
    amounts = [*starting, *antes, *blinds, *sizes, *bring_in, *(winnings or ()), *(finishing or ())]
    amounts += [amount for _, amount in parsed if amount is not None]
    scale = hand_scale(amounts)
    if count == 2:  # heads-up: the lists are written from the big blind's side
        antes.reverse()
        blinds.reverse()
        signs.reverse()
    names = _strings(table, "players", count)
    seat_numbers = table.get("seats")
    if seat_numbers is not None and (
        not isinstance(seat_numbers, list)
        or len(seat_numbers) != count
        or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_SEAT
            for s in seat_numbers
        )
    ):
        raise HandHistoryError(
            f"seats must be a list of {count} whole numbers from 0 to {MAX_SEAT}"
        )
    seats = tuple(
        Seat(
            name=names[i] if names else f"p{i + 1}",
            seat=seat_numbers[i] if seat_numbers else None,
            stack=to_units(starting[i], scale),
            ante=to_units(antes[i], scale),
            blind=to_units(blinds[i], scale),
            in_turn=signs[i],
        )
        for i in range(count)
    )
    actions = tuple(
        action if amount is None else _with_amount(action, to_units(amount, scale))
        for action, amount in parsed
    )
    raw_order = list(reversed(blinds)) if count == 2 else blinds
    small = to_units(raw_order[0], scale)
    big = to_units(raw_order[1], scale) if count > 1 else 0
    hand_value = table.get("hand")
    currency = table.get("currency", table.get("currency_symbol"))
    return HandHistory(
        variant=variant,
        game=game,
        betting=betting,
        seats=seats,
        actions=actions,
        scale=scale,
        min_bet=to_units(sizes[0], scale),
        big_bet=to_units(sizes[1], scale),
        ante_trimming=bool(table.get("ante_trimming_status", False)),
        small_blind=small,
        big_blind=big or to_units(sizes[0], scale),
        winnings=tuple(to_units(w, scale) for w in winnings) if winnings is not None else None,
        finishing_stacks=tuple(to_units(f, scale) for f in finishing)
        if finishing is not None
        else None,
        site=_text(table.get("venue")),
        hand_id=_text(hand_value),
        table=_text(table.get("table")),
        currency=_text(currency),
        tournament=_text(table.get("event")),
        file=file,
        number=number,
        line=line,
        source_format="phh",
        fields=table,
        bring_in=to_units(bring_in[0], scale) if bring_in else 0,
    )


def _negative(value: object) -> bool:
    """A number below zero (a blind posted out of turn is written negative)."""
    return (
        isinstance(value, int | Decimal | float)
        and not isinstance(value, bool)
        and value == value  # a NaN is no number: read_amount says so
        and value < 0
    )


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _strings(table: Mapping[str, Any], key: str, count: int) -> list[str] | None:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != count:
        raise HandHistoryError(f"{key} must be a list of {count} entries")
    first: dict[str, int] = {}
    for n, item in enumerate(value, 1):
        if not isinstance(item, str) or not item:
            raise HandHistoryError(f"{key} entry {n} must be a name, not {shorten(repr(item))}")
        if item in first:
            raise HandHistoryError(
                f"{key} names {shorten(repr(item))} twice (entries {first[item]} and {n}): "
                "each player needs a name of their own"
            )
        first[item] = n
    return list(value)


def _with_amount(action: Action, amount: int) -> Action:
    return Action(action.kind, action.actor, amount, action.cards, text=action.text)


_PLAYER: Final = re.compile(r"p0*([1-9][0-9]{0,5})")


def _player(word: str) -> int:
    found = _PLAYER.fullmatch(word)
    if found is None:
        raise HandHistoryError(f"{shorten(repr(word))} is not a player (p1, p2 …)")
    return int(found.group(1)) - 1


def _action(
    text: str, index: int, *, stud: bool = False, draw: bool = False
) -> tuple[Action, Decimal | None]:
    """An action and its amount (still a Decimal: the hand's scale is not known yet). A draw
    (``sd``) stands pat, throws cards away (the cards drawn dealt by the ``d dh`` after it, as
    pokerkit writes it), or throws away and draws in one (``p1 sd 7h8h 2c3d``)."""
    words = text.split("#", 1)[0].split()
    try:
        match words:
            case ["d", "dh", player, cards]:
                found = Action("deal-hole", _player(player), cards=parse_cards_text(cards))
            case ["d", "db", cards]:
                found = Action("deal-board", cards=parse_cards_text(cards))
            case [player, "f"]:
                found = Action("fold", _player(player))
            case [player, "cc"]:
                found = Action("check-call", _player(player))
            case [player, "cbr", amount]:
                return (
                    Action("bet-raise", _player(player), text=text),
                    read_amount(amount, "the amount"),
                )
            case [player, "sm"]:
                found = Action("muck", _player(player))
            case [player, "sm", "-"]:
                found = Action("show", _player(player))
            case [player, "sm", cards]:
                found = Action("show", _player(player), cards=parse_cards_text(cards))
            case [player, "pb"] if stud and player != "d":
                found = Action("bring-in", _player(player))
            case [player, "sd", *cards] if draw and player != "d" and len(cards) <= 2:
                thrown, drawn = (*cards, "", "")[:2]
                if max(len(thrown), len(drawn)) > 10:
                    raise HandHistoryError("a draw of more than five cards")
                found = Action(
                    "draw",
                    _player(player),
                    cards=parse_cards_text(drawn),
                    discarded=parse_cards_text(thrown),
                )
            case [player, ("sd" | "pb") as what, *_] if player != "d" and not (
                draw and what == "sd"
            ):
                kind = "a draw" if what == "sd" else "a bring-in"
                where = "a stud" if stud else "a draw" if draw else "a community-card"
                raise HandHistoryError(f"{kind} has no place in {where} game")
            case []:
                raise HandHistoryError("an empty action")
            case _:
                raise HandHistoryError("not a PHH action")
    except HandHistoryError as error:
        raise HandHistoryError(f"action {index} {shorten(repr(text))}: {error.reason}") from None
    return Action(
        found.kind, found.actor, None, found.cards, text=text, discarded=found.discarded
    ), None


def parse_phh(
    text: str, *, file: str = "", number: int = 1, line: int = 1, header: int | None = None
) -> HandHistory:
    """One hand from the text of a ``.phh`` file (or one table of a ``.phhs`` file, without its
    header): ``line`` is the text's first line in the file, ``header`` the ``[n]`` line.

    >>> hand = parse_phh('''
    ... variant = 'NT'
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [200, 200]
    ... actions = ['d dh p1 AhAs', 'd dh p2 KhKc', 'p2 cbr 200', 'p1 cc']
    ... ''')
    >>> [(seat.name, seat.blind) for seat in hand.seats]
    [('p1', 2), ('p2', 1)]
    """
    try:
        table = toml_table(text)
    except tomllib.TOMLDecodeError as error:
        reason, at_line = _toml_message(str(error))
        where = line + at_line - 1 if at_line is not None else line
        raise HandHistoryError(f"not TOML: {reason}", file=file, hand=number, line=where) from None
    except ValueError:  # tomllib's int() of more digits than Python converts
        raise HandHistoryError(
            f"a whole number of more than {sys.get_int_max_str_digits()} digits",
            file=file,
            hand=number,
            line=line,
        ) from None
    except RecursionError:
        raise HandHistoryError(
            "arrays or tables nested too deep to read", file=file, hand=number, line=line
        ) from None
    return hand_from_table(table, file=file, number=number, line=line if header is None else header)


def _toml_message(message: str) -> tuple[str, int | None]:
    found = re.search(r"\(at line (\d+), column \d+\)", message)
    if found is None:
        return message, None
    return message[: found.start()].strip(), int(found.group(1))


def table_number(header: str, position: int) -> int:
    """The number of the ``.phhs`` table whose header line is ``header`` (``[12]``): the hand
    number it names, else its ``position`` in the file (from 1).

    >>> table_number("[12]", 3), table_number("[final]", 3)
    (12, 3)
    """
    found = _HEADER.match(header)
    key = found.group(1) if found is not None else ""
    return int(key) if _HAND_NUMBER.fullmatch(key) else position


def phh_tables(
    lines: Iterator[tuple[int, str | HandHistoryError]], *, first_place: int = 1
) -> Iterator[tuple[int | None, int, str | HandHistoryError]]:
    """The ``[n]`` tables of a ``.phhs`` text as (hand number, line of the header, text), or the
    first error met in a table's lines in place of its text; a table whose name is no hand
    number is numbered by its place in the file (the text's first table is at ``first_place``).
    Text before the first table is one bad hand of no number, and the tables after it are read."""
    number: int | None = None
    told = False
    start = 0
    size = 0  # the table's bytes, its header's included, as the runs' parts count a hand's
    buffer: list[str] = []
    spoiled: HandHistoryError | None = None
    position = first_place - 1
    at_start = True  # the text before ended a line (a line too long comes in pieces)

    def table() -> str | HandHistoryError:
        if size > MAX_HAND_BYTES:
            return long_hand_error("", number, start)
        return spoiled or "".join(buffer)

    for line_number, line in lines:
        if isinstance(line, HandHistoryError):
            spoiled = spoiled or line
            at_start = True
            continue
        if at_start and line.startswith("["):  # a table starts here, as the parts cut files
            if number is not None:
                yield number, start, table()
            position += 1
            found = _HEADER.match(line)
            number = table_number(line, position)
            start = line_number
            size = _size(line)
            buffer = []
            spoiled = None
            if found is None:
                header = shorten(repr(line.rstrip()))
                spoiled = HandHistoryError(f"{header} is not a table header [n]", line=line_number)
        elif number is not None:
            size += _size(line)
            if size <= MAX_HAND_BYTES:
                buffer.append(line)
        elif line.strip() and not line.lstrip().startswith("#") and not told:
            told = True
            preamble = "text before the first [n] table of a .phhs file"
            yield None, line_number, HandHistoryError(preamble, line=line_number)
        at_start = line.endswith("\n")
    if number is not None:
        yield number, start, table()


def _size(line: str) -> int:
    """A decoded line's bytes in UTF-8."""
    return len(line) if line.isascii() else len(line.encode("utf-8", errors="surrogatepass"))


def read_phh(
    path: Path | str, *, multiple: bool | None = None
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a ``.phh`` (one) or ``.phhs`` file (many), streamed; a bad hand is yielded as
    its :class:`HandHistoryError` and the reading goes on (a line that is not UTF-8 spoils only
    its own hand)."""
    path = Path(path)
    name = str(path)
    many = path.suffix.lower() == ".phhs" if multiple is None else multiple
    with path.open("rb") as stream:
        if not many:
            data = stream.read(MAX_HAND_BYTES + 1)
            if len(data) > MAX_HAND_BYTES:
                yield long_hand_error(name, 1, 1)
                return
            try:
                text = _decoded(data)
            except HandHistoryError as error:
                yield error.located(name, 1, None)
                return
            try:
                yield parse_phh(text, file=name, number=1, line=1)
            except HandHistoryError as error:
                yield error
            return
        yield from table_hands(_numbered_lines(stream), name)


def text_hands(
    data: bytes, file: str, *, first_line: int, first_place: int
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of some whole lines of a ``.phhs`` file (its line ``first_line`` on, its
    table ``first_place`` the first of them) as :func:`read_phh` reads them in the file."""
    return table_hands(_numbered_lines(io.BytesIO(data), first_line), file, first_place=first_place)


def table_hands(
    lines: Iterator[tuple[int, str | HandHistoryError]], file: str, *, first_place: int = 1
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of the ``[n]`` tables of a ``.phhs`` text's numbered lines (:func:`phh_tables`:
    the text's first table is at ``first_place`` in the file), read by :mod:`tomllib`; a bad
    hand as its error."""
    for number, start, table in phh_tables(lines, first_place=first_place):
        if isinstance(table, HandHistoryError) or number is None:
            yield unread_table(table, file, number)
            continue
        try:
            yield parse_phh(table, file=file, number=number, line=start + 1, header=start)
        except HandHistoryError as error:
            yield error.located(file, number, start)


def unread_table(table: str | HandHistoryError, file: str, number: int | None) -> HandHistoryError:
    """A table :func:`phh_tables` could not give as text (only errors come without a number)."""
    if isinstance(table, HandHistoryError):
        return table.located(file, number, None)
    return HandHistoryError("a table of no hand number", file=file)


def _decoded(data: bytes, line: int | None = None) -> str:
    try:
        return data.decode("utf-8-sig" if line in (None, 1) else "utf-8")
    except UnicodeDecodeError as error:
        raise HandHistoryError(f"not UTF-8 text ({error.reason})", line=line) from None


def _numbered_lines(stream: Any, first: int = 1) -> Iterator[tuple[int, str | HandHistoryError]]:
    """The lines of a stream, numbered from ``first``, each decoded (or its error; the file's
    first line may start with a byte-order mark); a line longer than
    :data:`~pokerscore.histories.sites.text.MAX_HAND_BYTES` in pieces, each with its number."""
    number = first
    for data in bounded_lines(stream):
        try:
            yield number, _decoded(data, number)
        except HandHistoryError as error:
            yield number, error
        number += data.endswith(b"\n")
