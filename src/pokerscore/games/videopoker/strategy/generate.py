"""Generating a strategy list for a pay table, in the vocabulary of ``docs/strategy.md``.

1. *Candidates*: every line the vocabulary can say about the table (made hands, draws by kind
   and by ranks, high cards, wild cards only), per group of wild cards dealt in a wild game.
2. *Firing*: on each suit-distinct deal, the hold each candidate would pick on its own and that
   hold's exact expected return (the deals table of :mod:`.deals`).
3. *Order*: candidates sorted by their average return, then moved one at a time to the place
   where the whole list returns most (an exact insertion search: a move's effect on every deal
   it touches is summed), until no move gains.
4. *Length*: for a short list, the line whose removal costs least goes, again and again (the
   order re-searched as it shrinks), until the list has the lines asked for; adjacent made
   hands share a line, as published lists write them ("Three of a kind, straight, flush, full
   house").
5. The list's text is read back and played exactly (:mod:`.play`): its return, its cost and
   the deals where its first matching line is not the best hold (the exceptions).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from pokerscore._support.errors import ParameterError
from pokerscore._support.progress import Progress, checked_progress
from pokerscore.cards import Rank
from pokerscore.cards.card import RANK_CHARS
from pokerscore.games.videopoker.paytables import (
    DEFAULT_PAYTABLE,
    MAX_COINS,
    PayTable,
    as_paytable,
)
from pokerscore.games.videopoker.strategy import _kernels as kernels
from pokerscore.games.videopoker.strategy._kernels import Firing
from pokerscore.games.videopoker.strategy.deals import deal_table, popcounts
from pokerscore.games.videopoker.strategy.grammar import (
    Pattern,
    Strategy,
    parse_strategy,
)
from pokerscore.games.videopoker.strategy.patterns import (
    WILD_KINDS,
    compile_patterns,
    high_ranks,
    wild_rank_mask,
)
from pokerscore.games.videopoker.strategy.play import (
    DEFAULT_WORST,
    StrategyPlay,
    check_options,
    strategy_return,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np
    import numpy.typing as npt

    from pokerscore.games.videopoker.strategy._kernels import Firing
    from pokerscore.games.videopoker.strategy.deals import DealTable

MIN_LINES = 2
MAX_LINES = 500
PENALTIES = (
    "no penalty",
    "no flush penalty",
    "with a flush penalty",
    "no straight penalty",
    "with a straight penalty",
)
MAX_PASSES = 60
"""Passes of the insertion search over the whole list (it stops sooner when no move gains)."""
EXCHANGE_ROUNDS = 12
"""Rounds of exchanges (each tries every unused line in place of every line) for a short list."""
EXCHANGE_TRIES = 24
"""Exchanges of a round whose list is re-searched (the best by their plain value)."""

NUMBER_NAMES = ("no", "one", "two", "three", "four")
TEN, JACK, ACE = 8, 9, 12
MADE_LINES = frozenset(
    {
        "royal flush",
        "wild royal flush",
        "five of a kind",
        "four deuces",
        "straight flush",
        "four of a kind",
        "full house",
        "flush",
        "straight",
        "three of a kind",
    }
)
"""Made hands that share a line when they stand next to each other in a list."""


class Search(NamedTuple):
    """What the list search works on: the number of candidates and which deals they name."""

    candidates: int
    firing: Firing


@dataclass(frozen=True)
class GeneratedStrategy:
    """A generated list and its exact play (its exceptions are the play's misplayed deals)."""

    strategy: Strategy
    play: StrategyPlay

    @property
    def text(self) -> str:
        """The list as text (reads back with :func:`~.grammar.parse_strategy`)."""
        return self.strategy.text()


def generate_strategy(
    paytable: PayTable | str = DEFAULT_PAYTABLE,
    *,
    coins: int = MAX_COINS,
    lines: int | None = None,
    worst: int = DEFAULT_WORST,
    progress: Progress | None = None,
) -> GeneratedStrategy:
    """A strategy list for a table, best line first, and its exact play.

    ``lines=None`` keeps every line that decides some deal (the full list); a number asks for
    a short list of at most that many lines (group headers not counted).

    >>> short = generate_strategy("jacks-or-better-9-6", lines=15)
    >>> short.strategy.lines[1].text, round(short.play.return_rate * 100, 2)
    ('4 to a royal flush', 99.46)
    """

    table = as_paytable(paytable)
    check_options(coins, worst)
    progress = checked_progress(progress)
    if lines is not None and (
        isinstance(lines, bool) or not isinstance(lines, int) or not MIN_LINES <= lines <= MAX_LINES
    ):
        raise ParameterError(
            f"{{name}} must be {MIN_LINES} to {MAX_LINES} lines, got {lines!r}", "lines"
        )
    report = progress or (lambda done, total: None)
    steps = 5
    report(0, steps)
    deals = deal_table(table, coins)
    report(1, steps)
    groups = _groups(table)
    texts: list[tuple[int | None, str]] = [
        (group, text)
        for group in groups
        for text in vocabulary(table, group, simple=lines is not None)
    ]
    firing = _firing(table, deals, texts)
    report(2, steps)
    count = len(texts)
    fires = np.diff(firing.by_ptr)
    args = Search(count, firing)
    order = kernels.greedy_order(count, firing)
    inside = np.zeros(count, dtype=bool)
    inside[order] = True
    pool = np.array([c for c in range(count) if fires[c] and not inside[c]], dtype=np.int64)
    order = kernels.improve_order(order, pool, count, firing, MAX_PASSES)
    report(3, steps)
    mergeable = np.array([text in MADE_LINES for _, text in texts])
    order = _drop_idle(order, args)
    if lines is not None:
        # The search for a short list runs seconds: it reports as it goes, so that a caller's
        # progress callback that raises (a cancelled web request) stops it there.
        order = _shorten(order, lines, mergeable, texts, args, lambda: report(3, steps))
    order = _present(_drop_idle(order, args), args)
    report(4, steps)
    strategy = parse_strategy(_text(order, texts, mergeable, table))
    play = strategy_return(strategy, table, coins=coins, worst=worst)
    report(5, steps)
    return GeneratedStrategy(strategy, play)


def _groups(table: PayTable) -> list[int | None]:
    """The wild-card groups of a table, most wild cards first (``[None]`` without)."""
    if not table.wild:
        return [None]
    return list(range(table.most_wild, -1, -1))


def _drop_idle(order: npt.NDArray[np.int64], args: Search) -> npt.NDArray[np.int64]:
    """The order without the lines that decide no deal (they change nothing)."""

    mass, _, _ = kernels.decided_by(order, args.candidates, args.firing)
    return order[mass > 0]


def _present(order: npt.NDArray[np.int64], args: Search) -> npt.NDArray[np.int64]:
    """The same play, easier to read: two neighbouring lines that never both name a deal
    change places (which changes no deal's hold) so that the lines run from the highest
    average return of the deals they decide to the lowest, where they can."""

    mass, value, together = kernels.decided_by(order, args.candidates, args.firing)
    key = value / mass
    lines = list(range(len(order)))
    swapped = True
    while swapped:
        swapped = False
        for i in range(len(lines) - 1):
            a, b = lines[i], lines[i + 1]
            if not together[a, b] and key[b] > key[a] + 1e-12:
                lines[i], lines[i + 1] = b, a
                swapped = True
    return order[lines]


def _display_count(
    order: npt.NDArray[np.int64],
    mergeable: npt.NDArray[np.bool_],
    texts: list[tuple[int | None, str]],
) -> int:
    """Lines the list takes in print: a run of made hands in one group is one line (the final
    "Discard everything", what a deal no line names gets anyway, is not counted)."""
    count = 0
    previous: tuple[bool, int | None] | None = None
    for c in order:
        key = (bool(mergeable[c]), texts[c][0])
        if not (key[0] and previous == key):
            count += 1
        previous = key
    return count


def _shorten(
    order: npt.NDArray[np.int64],
    lines: int,
    mergeable: npt.NDArray[np.bool_],
    texts: list[tuple[int | None, str]],
    args: Search,
    tick: Callable[[], None],
) -> npt.NDArray[np.int64]:
    """Drop the line whose removal costs least (the order re-searched after each), until the
    list fits in ``lines`` lines; then exchange a line for an unused one while that gains.
    ``tick`` is called after each search of the order."""

    count, firing = args
    empty = np.zeros(0, dtype=np.int64)
    usable = np.flatnonzero(np.diff(firing.by_ptr))
    while _display_count(order, mergeable, texts) > lines and len(order) > 1:
        losses = kernels.removal_losses(order, count, firing)
        order = np.delete(order, int(np.argmin(losses[order])))
        order = kernels.improve_order(order, empty, count, firing, 6)
        tick()

    def value(order: npt.NDArray[np.int64]) -> float:
        return float(kernels.list_value(order, count, firing))

    def size(order: npt.NDArray[np.int64]) -> int:
        return _display_count(order, mergeable, texts)

    def grow(order: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Add the unused line that gains most, while the list has room."""
        while size(order) < lines:
            pool = np.setdiff1d(usable, order)
            gains, places = kernels.insertion_gains(order, pool, count, firing)
            for i in np.argsort(-gains):
                if gains[i] <= 1e-13:
                    return order
                trial = np.insert(order, places[i], pool[i])
                if size(trial) <= lines:
                    order = kernels.improve_order(trial, empty, count, firing, 6)
                    tick()
                    break
            else:
                return order
        return order

    order = grow(order)
    best = (value(order), -size(order))
    for _ in range(EXCHANGE_ROUNDS):
        # The best exchange of a line for an unused one: more return, or as much in fewer
        # lines (two made-hand lines become one, and the line freed takes something new).
        found = order
        trials = []
        pool = np.setdiff1d(usable, order)
        for place in range(len(order)):
            shorter = np.delete(order, place)
            _, places = kernels.insertion_gains(shorter, pool, count, firing)
            for i in range(len(pool)):
                trial = np.insert(shorter, max(places[i], 0), pool[i])
                trials.append((value(trial) - 1e-9 * size(trial), trial))
        trials.sort(key=lambda item: -item[0])
        for _, trial in trials[:EXCHANGE_TRIES]:  # the most promising, re-searched
            trial = kernels.improve_order(trial, empty, count, firing, 3)
            tick()
            score = (value(trial), -size(trial))
            if -score[1] <= lines and (
                score[0] > best[0] + 1e-12 or (score[0] > best[0] - 1e-12 and score[1] > best[1])
            ):
                found, best = trial, score
        if found is order:
            break
        order = grow(found)
        best = (value(order), -size(order))
    return kernels.improve_order(order, empty, count, firing, MAX_PASSES)


def _text(
    order: npt.NDArray[np.int64],
    texts: list[tuple[int | None, str]],
    mergeable: npt.NDArray[np.bool_],
    table: PayTable,
) -> str:
    """The list as text: per group (most wild cards first) a header, then its lines."""
    out: list[str] = []
    for group in _groups(table):
        chosen = [c for c in order if texts[c][0] == group]
        if group is not None:
            out.append(group_header(table, group))
        run: list[str] = []
        made: set[str] = set()  # made hands a line above already holds: never reached below
        for c in chosen:
            text = texts[c][1]
            if mergeable[c]:
                if text not in made:
                    run.append(text)
                    made.add(text)
                continue
            if run:
                out.append(_join(run))
                run = []
            parts = text.split(", ")
            if all(part in MADE_LINES for part in parts):
                fresh = [part for part in parts if part not in made]
                made.update(parts)
                if fresh:
                    out.append(_join(fresh))
                continue
            out.append(_capital(text))
        if run:
            out.append(_join(run))
        if group is not None and not chosen:
            out.pop()
    out.append("Discard everything")
    return "\n".join(out) + "\n"


def _join(texts: list[str]) -> str:
    return _capital(", ".join(texts))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def group_header(table: PayTable, wilds: int) -> str:
    """The header of a group of lines: ``Two deuces:``, ``No joker:``."""
    if table.wild == "joker":
        return "Joker:" if wilds else "No joker:"
    words = ("No", "One", "Two", "Three", "Four")
    return f"{words[wilds]} deuce{'s' * (wilds != 1)}:"


# ---- the vocabulary --------------------------------------------------------------------------


def _plural(rank: int) -> str:
    return Rank(rank).plural.lower() if rank >= TEN else f"{RANK_CHARS[rank]}s"


def _ranks_text(ranks: tuple[int, ...]) -> str:
    return "".join(RANK_CHARS[rank] for rank in sorted(ranks, reverse=True))


def vocabulary(table: PayTable, group: int | None, *, simple: bool = False) -> list[str]:
    """Every line the generator may use for a table (and a wild-card group), as text;
    ``simple`` keeps the families published simple strategies use (no single ranks, rank
    combinations or penalty cards)."""

    high = high_ranks(table)
    high_list = [rank for rank in range(13) if high >> rank & 1]
    wild = table.wild
    naturals = [rank for rank in range(13) if not (wild == "deuces" and rank == 0)]
    wilds = group or 0
    words: list[str] = []
    # Made hands.
    if wilds == 0:
        words.append("royal flush")
    else:
        words += ["wild royal flush", "five of a kind"]
    if wild == "deuces" and wilds == 4:
        words.append("four deuces")
    words += ["straight flush", "four of a kind", "full house", "flush", "straight"]
    words.append("three of a kind")
    if wilds == 0:
        words += ["two pair", "high pair", "low pair", "pair"]
    else:  # a wild card and one more: the best such card
        words += ["high pair", "pair"] if wild == "joker" else ["pair"]
    if simple:  # made hands share lines, as published lists have them
        made = [word for word in words if word in MADE_LINES]
        rest = [word for word in words if word not in MADE_LINES]
        runs = [
            ", ".join(made[first:last])
            for first in range(len(made))
            for last in range(first + 1, len(made) + 1)
        ]
        if not high_list:
            rest = [word for word in rest if word not in ("high pair", "low pair")]
        if wilds:  # as published wild-game cards say: fives of the higher ranks, and
            # straight flush draws without gaps, from a highest card up
            rest += [f"five {_plural(rank)}-aces" for rank in naturals[:-1]]
            rest += [
                f"{n} to a straight flush with no gaps{f', {RANK_CHARS[top]}-K high' if top else ''}"
                for n in (3, 4)
                if n > wilds
                for top in (0, *range(4, 12))
            ]
        return runs + rest + _draw_families(table, wilds, high_list, simple=True)
    if wilds:
        words += [f"five {_plural(rank)}" for rank in naturals]
    words += [f"four {_plural(rank)}" for rank in naturals]
    words += [f"three {_plural(rank)}" for rank in naturals]
    # Kickers, where a class pays for them: each group of a kicker class's ranks, with each
    # of its kickers (a quad, trips or a pair of aces with a 2, 3 or 4).
    kicked = sorted(
        {
            (rank, kicker)
            for pay_class in table.paying
            if pay_class.kickers
            for rank in (pay_class.ranks or naturals)
            for kicker in pay_class.kickers
            if kicker != rank and kicker in naturals
        }
    )
    for kind in ("four", "three", "pair of"):
        words += [
            f"{kind} {_plural(rank)} with a {RANK_CHARS[kicker]} kicker" for rank, kicker in kicked
        ]
    # Kickers and standing pat on a made group (where a better hand pays no more, or nothing).
    words += ["two pair, all five", "three of a kind, all five", "pair, all five"]
    words += ["three of a kind with a kicker", "pair with a kicker", "pair with two kickers"]
    if high_list:
        words += ["high pair with a kicker", "high pair with two kickers"]
    words += [f"pair of {_plural(rank)}" for rank in naturals]
    families = _draw_families(table, wilds, high_list)
    words += families
    # Penalty cards for the draws (and, with a wild card, a wild card and one more).
    penalised = [word for word in families if " to a" in word]
    if wilds:  # a wild card and one more card: the card's straights and flushes matter
        penalised.append("pair")
    words += [f"{word}, {penalty}" for word in penalised for penalty in PENALTIES]
    # Rank combinations: royal cards (suited and not), straight and straight flush draws.
    free = 5 - wilds
    seen: set[str] = set()
    for size in range(2, min(4, free) + 1):
        for ranks in combinations(naturals, size):
            mask = sum(1 << rank for rank in ranks)
            if not _in_a_straight(mask):
                continue
            royal = all(rank >= TEN for rank in ranks)
            for suited in ("suited", "unsuited"):
                if (
                    suited == "unsuited"
                    and size + wilds < 4
                    and not all(r in high_list for r in ranks)
                ):
                    continue  # unsuited three-card straights and the like: never held
                if (
                    suited == "suited"
                    and size + wilds < 3
                    and not royal
                    and not (all(r in high_list for r in ranks))
                ):
                    continue
                text = f"{_ranks_text(ranks)} {suited}"
                if text not in seen:
                    seen.add(text)
                    words.append(text)
                    if suited == "suited" and size + wilds <= 3 and (royal or wilds):
                        # Penalty cards: a discarded card of the suit, or of the straight
                        # (three to a royal, and with a wild card any three to a straight
                        # flush: at Joker Poker they settle the joker's best two cards).
                        words += [f"{text}, {penalty}" for penalty in PENALTIES]
    singles = [f"{RANK_CHARS[rank]} only" for rank in sorted(set(high_list) | {TEN}, reverse=True)]
    words += singles + [f"{word}, {penalty}" for word in singles for penalty in PENALTIES]
    return words


def _draw_families(
    table: PayTable, wilds: int, high_list: list[int], *, simple: bool = False
) -> list[str]:
    """Draws by kind (counting the wild cards held), high cards, and the wild cards alone;
    ``simple``: without refinements (by type, high cards, inside or outside)."""
    words = []
    for n in (4, 3, 2):
        if n > wilds:
            words.append(f"{n} to a royal flush")
            words.append(f"{n} to a straight flush")
    if not simple:
        words += [
            "4 to a straight flush, outside",
            "4 to a straight flush, inside",
            "3 to a straight flush, type 1",
            "3 to a straight flush, type 2",
            "3 to a straight flush, type 3",
        ]
    for n in (4, 3):
        words.append(f"{n} to a flush")
        if not simple:
            words += [f"{n} to a flush with {_high_cards(h)}" for h in range(0, n - wilds + 1)]
    words += ["4 to an outside straight", "4 to an inside straight"]
    for h in range(5 - wilds if not simple else 0):
        words += [
            f"4 to an outside straight with {_high_cards(h)}",
            f"4 to an inside straight with {_high_cards(h)}",
        ]
    for size in range(2, min(4, len(high_list)) + 1):
        words += [f"{size} suited high cards", f"{size} unsuited high cards"]
    if high_list:
        words.append("one high card")
    if wilds:
        wild = table.wild
        word = "joker" if wild == "joker" else ("deuce" if wilds == 1 else "deuces")
        count = "" if wild == "joker" or wilds == 1 else f"{NUMBER_NAMES[wilds]} "
        words.append(f"{count}{word} only")
    return words


def _high_cards(count: int) -> str:
    return "1 high card" if count == 1 else f"{count} high cards"


def _in_a_straight(mask: int) -> bool:
    wheel = 0b1000000001111
    if mask & ~wheel == 0:
        return True
    return any(mask & ~(0b11111 << low) == 0 for low in range(9))


def _firing(table: PayTable, deals: DealTable, texts: list[tuple[int | None, str]]) -> Firing:
    """For every deal, the candidates that name one of its holds and the return of the hold
    each picks (CSR by deal and by candidate), the redraw's return and the deal weights."""

    header = {group: group_header(table, group) for group in _groups(table) if group is not None}
    patterns: list[Pattern] = []
    lines_of: list[int] = []
    for index, (group, text) in enumerate(texts):
        prefix = f"{header[group]}\n" if group is not None else ""
        line = parse_strategy(prefix + text).lines[0]
        patterns += line.alternatives
        lines_of += [index] * len(line.alternatives)
    compiled = compile_patterns(patterns, table, lines_of, [0] * len(texts))
    held = kernels.pick_each(
        deals.deals,
        deals.sums,
        deals.draws,
        WILD_KINDS[table.wild],
        high_ranks(table),
        wild_rank_mask(table),
        kernels.rank_info(),
        *compiled,
    )
    counts = popcounts()
    scale = deals.draws[5 - counts] * deals.coins  # draws x coins per mask
    candidate, deal = np.nonzero(held >= 0)  # sorted by candidate, then deal
    masks = held[candidate, deal].astype(np.int64)
    values = deals.sums[deal, masks] / scale[masks]
    by_ptr = np.searchsorted(candidate, np.arange(len(texts) + 1))
    by_deal = deal.astype(np.int64)
    by_ev = values
    order = np.lexsort((candidate, deal))
    ptr = np.searchsorted(deal[order], np.arange(len(deals.deals) + 1))
    cand = candidate[order].astype(np.int64)
    ev = values[order]
    default = deals.sums[:, 0] / float(deals.draws[5] * deals.coins)
    weight = deals.weights.astype(np.float64) / deals.deal_count
    return Firing(ptr, cand, ev, by_ptr.astype(np.int64), by_deal, by_ev, default, weight)
