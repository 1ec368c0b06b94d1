"""The stages of the compiled readers of sites that write each bet as the chips it adds (Bovada's,
``_bovada_kernels``; 888poker's, ``_pacific_kernels``), as ``sites/increments.py`` is their
readers': an amount as they write it (:func:`plain_money`, read as
``increments.localised_amount`` reads it), in cents and back (:func:`in_cents`,
:func:`cents_written`), and the round's bets kept while a hand's lines are read
(:func:`round_bet`, ``RoundBets.add`` and ``set``; :func:`round_unmatched`,
``RoundBets.unmatched``), so that an increment becomes the raise-to the replay takes and an
all-in a call or a raise. One rule one place: a site's kernel calls these, it does not write
them again."""

from __future__ import annotations

from typing import Final

from pokerscore.engine.jit import kernel
from pokerscore.histories import _stars_lines as lines
from pokerscore.histories._bytes import COMMA, POINT, SPACE, ZERO, is_digit
from pokerscore.histories._layout import Bytes, Ints
from pokerscore.histories._stars_kernels import U_LAST, U_ROUND, U_ROUND_HAS

# ``units`` rows that hold the betting round's bets while a hand's lines are read (each
# player's bet in cents, whether they have one, its decimals as written)
BET_CENTS, BET_HAS, BET_DECIMALS = U_ROUND, U_ROUND_HAS, U_LAST
_DOLLAR: Final = ord(lines.BV_DOLLAR)


@kernel()
def plain_money(text: Bytes, at: int, stop: int) -> tuple[int, int, bool]:
    """An amount as Bovada and 888poker write one (``$2,700``, ``$0.25``, ``18,695``): a dollar
    sign or none, digits with commas between thousands, at most two decimals, read as their
    readers (``increments.localised_amount``) read it; (mantissa, decimals, ok), not ok for any
    other form (three decimals, which that reader takes for thousands, among them)."""
    q = at
    if q < stop and text[q] == _DOLLAR:
        q += 1
    mantissa = 0
    whole = 0  # the digits before the point
    group = -1  # the digits since the last comma, -1 before any
    lead = q
    while q < stop:
        byte = text[q]
        if is_digit(byte):
            mantissa = mantissa * 10 + (byte - ZERO)
            whole += 1
            if group >= 0:
                group += 1
        elif byte == COMMA:
            if whole == 0 or (group >= 0 and group != 3) or (group < 0 and whole > 3):
                return 0, 0, False
            group = 0
        else:
            break
        q += 1
    if whole == 0 or (group >= 0 and group != 3) or (text[lead] == ZERO and whole > 1):
        return 0, 0, False
    decimals = 0
    if q < stop and text[q] == POINT:
        q += 1
        while q < stop and is_digit(text[q]):
            mantissa = mantissa * 10 + (text[q] - ZERO)
            decimals += 1
            q += 1
        if decimals == 0 or decimals > 2:
            return 0, 0, False
    if q != stop or whole + decimals > 12:
        return 0, 0, False
    return mantissa, decimals, True


@kernel(inline=True)
def in_cents(mantissa: int, decimals: int) -> int:
    """An amount of :func:`plain_money` in cents."""
    return mantissa * 100 if decimals == 0 else (mantissa * 10 if decimals == 1 else mantissa)


@kernel(inline=True)
def cents_written(cents: int, decimals: int) -> tuple[int, int]:
    """An amount in cents written with ``decimals`` (a sum's: the most of its terms'), as
    (mantissa, decimals)."""
    if decimals == 0:
        return cents // 100, 0
    if decimals == 1:
        return cents // 10, 1
    return cents, 2


@kernel(inline=True)
def word_at(text: Bytes, at: int, stop: int, words: Bytes, lengths: Ints) -> int:
    """The first of a word table's words that ``text[at:stop]`` starts with, or -1 (compared
    here byte by byte: a ``starts_with`` a word took two reference counts of ``text`` each)."""
    for w in range(lengths.shape[0]):
        length = lengths[w]
        if stop - at < length:
            continue
        same = True
        for k in range(length):
            if text[at + k] != words[w, k]:
                same = False
                break
        if same:
            return w
    return -1


@kernel(inline=True)
def amount_after(text: Bytes, at: int, stop: int) -> tuple[int, int, bool]:
    """:func:`plain_money` of ``text[at:stop]`` past its spaces."""
    while at < stop and text[at] == SPACE:
        at += 1
    return plain_money(text, at, stop)


@kernel()
def round_bet(
    units: Ints, listed: int, who: int, cents: int, decimals: int, add: bool
) -> tuple[int, int, int]:
    """A player's bet this round moved as the readers' ``RoundBets`` moves it (``add``: chips
    put in, else the whole bet now): (the round's top bet before, in cents; the player's bet
    after, in cents and its decimals)."""
    top = 0
    for i in range(listed):
        if units[BET_HAS, i] and units[BET_CENTS, i] > top:
            top = units[BET_CENTS, i]
    if add and units[BET_HAS, who]:
        units[BET_CENTS, who] += cents
        units[BET_DECIMALS, who] = max(units[BET_DECIMALS, who], decimals)
    else:
        units[BET_CENTS, who] = cents
        units[BET_DECIMALS, who] = decimals
    units[BET_HAS, who] = 1
    return top, units[BET_CENTS, who], units[BET_DECIMALS, who]


@kernel(inline=True)
def new_round(units: Ints, listed: int) -> None:
    """A new betting round: nobody has bet yet (``RoundBets.new_round``)."""
    for i in range(listed):
        units[BET_HAS, i] = 0


@kernel()
def round_unmatched(units: Ints, listed: int) -> tuple[int, int, int]:
    """The bet of this round nobody matched (``RoundBets.unmatched``): (the player, or -1 for
    none, -2 for no bets this round, or -3 where the decimals it is written with are not sure;
    by how much it tops the next, in cents, and its decimals)."""
    top = -1
    for i in range(listed):
        if units[BET_HAS, i] and (top < 0 or units[BET_CENTS, i] > units[BET_CENTS, top]):
            top = i
    if top < 0:
        return -2, 0, 0
    second = 0
    second_decimals = 0
    found = False
    for i in range(listed):
        if i == top or not units[BET_HAS, i]:
            continue
        if not found or units[BET_CENTS, i] > second:
            second, second_decimals, found = units[BET_CENTS, i], units[BET_DECIMALS, i], True
        elif units[BET_CENTS, i] == second and units[BET_DECIMALS, i] != second_decimals:
            return -3, 0, 0  # equal bets written with other decimals: the first's, by order
    if units[BET_CENTS, top] <= second:
        return -1, 0, 0
    return top, units[BET_CENTS, top] - second, max(units[BET_DECIMALS, top], second_decimals)
