"""``videopoker``: pay tables, the optimal-hold advisor, the exact return of a game (perfect, or by
a strategy list), strategy lists and seed coverage (the game and its history are in :mod:`.play`);
:mod:`pokerscore.cli.app` registers them.

Kernels (and NumPy) are imported inside the commands, so ``pokerscore --help`` stays quick. Pay
table titles come from user files: they are always printed as plain text, never as Rich markup.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.text import Text

from pokerscore._support.atomic import atomic_path, check_target
from pokerscore.cards import Card
from pokerscore.cli.output import (
    JsonOption,
    card_strings,
    cards_text,
    console,
    fail,
    print_json,
    progress_bar,
    user_errors,
)
from pokerscore.games.videopoker.paytables import (
    DEFAULT_PAYTABLE,
    MAX_COINS,
    PAYTABLES,
    PayTable,
    resolve_paytable,
)
from pokerscore.games.videopoker.seeds import DEFAULT_LIMIT

if TYPE_CHECKING:
    from pokerscore.games.videopoker.advisor import HoldEV
    from pokerscore.games.videopoker.analysis import GameAnalysis
    from pokerscore.games.videopoker.strategy.generate import GeneratedStrategy
    from pokerscore.games.videopoker.strategy.play import StrategyPlay

DEFAULT_WORST = 10
"""Misplayed deals listed by analyze --strategy (the library's default too)."""

PayTableOption = Annotated[
    str,
    typer.Option(
        "--paytable",
        "-p",
        help=f"A built-in pay table ({', '.join(PAYTABLES)}) or a .toml file.",
    ),
]
CoinsOption = Annotated[
    int, typer.Option("--coins", "-c", min=1, max=MAX_COINS, help="Coins bet, 1 to 5.")
]

StrategyFileOption = Annotated[
    str | None,
    typer.Option(
        "--strategy",
        help="Play every deal by this strategy list (a text file, one line per hand to hold,"
        " best first; see docs/strategy.md) instead of perfectly.",
    ),
]
StrategyOfOption = Annotated[
    str | None,
    typer.Option(
        "--strategy-of",
        help="Play every deal with the best hold of this other pay table (a name or a .toml"
        " file), e.g. a Double Double Bonus player at Jacks or Better.",
    ),
]
WorstOption = Annotated[
    int,
    typer.Option(
        "--worst", min=0, max=10_000, help="How many of the worst misplayed deals to list."
    ),
]


def _flags(**more: str) -> dict[str, str]:
    """The options that set the strategy functions' parameters, for :func:`user_errors`."""
    return {"coins": "--coins", "worst": "--worst", "lines": "--lines", **more}


def _paytable(name: str) -> PayTable:
    with user_errors():
        return resolve_paytable(name)


def _ratio(fraction: object) -> str:
    return str(fraction) if "/" in str(fraction) else f"{fraction}/1"


def paytables_json(tables: list[PayTable]) -> dict[str, object]:
    """``videopoker paytables --json``'s object (the web API's ``/api/videopoker/paytables``
    too): each table's paying hands with their pays per coin."""
    return {
        "paytables": [
            {
                "name": table.name,
                "title": table.title,
                "wild": table.wild,
                "cards": len(table.deck),
                "classes": [
                    {
                        "name": pay_class.name,
                        "title": pay_class.title,
                        "per_coin": list(pay_class.pays),
                    }
                    for pay_class in table.paying
                ],
            }
            for table in tables
        ]
    }


def paytables_command(
    paytable: Annotated[
        str | None,
        typer.Option("--paytable", "-p", help="Show only this table (a name or a .toml file)."),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """List the pay tables: the coins each hand returns for a bet of 1 to 5 coins.

    The table shows coins returned for the whole bet (per coin times coins); --json gives the
    pays per coin as the TOML format has them.
    """
    tables = [_paytable(paytable)] if paytable else list(PAYTABLES.values())
    if json_output:
        print_json(paytables_json(tables))
        return
    from rich.table import Table

    for table in tables:
        grid = Table("hand", "name", *(str(coins) for coins in range(1, 6)))
        grid.title = Text(f"{table.title}  ({table.name})")
        wild = f"; {len(table.deck)} cards, {table.ranking.title.lower()}" if table.wild else ""
        grid.caption = f"coins returned for a bet of 1 to 5 coins{wild}"
        for index in range(len(table.classes) - 1, 0, -1):
            grid.add_row(
                Text(table.class_title(index)),
                Text(table.class_name(index), style="dim"),
                *(str(table.pay(index, coins)) for coins in range(1, 6)),
            )
        console.print(grid)


def dealt_cards(holds: list[HoldEV]) -> tuple[Card, ...]:
    """The five dealt cards, in the order dealt: the hold that keeps them all."""
    return next(hold for hold in holds if hold.mask == 31).held


def advise_json(
    table: PayTable, coins: int, holds: list[HoldEV], words: dict[str, object]
) -> dict[str, object]:
    """``videopoker advise --json``'s object (the web API's ``/api/videopoker/advise`` too):
    ``words`` are what ``--strategy`` and ``--held`` add."""
    return {
        "cards": card_strings(dealt_cards(holds)),
        "paytable": table.name,
        "coins": coins,
        **words,
        "holds": [
            {
                "mask": hold.mask,
                "held": card_strings(hold.held),
                "ev": hold.ev,
                "ev_exact": _ratio(hold.ev_exact),
                "counts": hold.counts,
            }
            for hold in holds
        ],
    }


def advise_command(
    cards: Annotated[list[str], typer.Argument(help="The five dealt cards, e.g. Kh Qh Jh Th 2s")],
    paytable: PayTableOption = DEFAULT_PAYTABLE,
    coins: CoinsOption = MAX_COINS,
    json_output: JsonOption = False,
    strategy: Annotated[
        str | None,
        typer.Option(
            "--strategy",
            help="A strategy list (docs/strategy.md): say which line plays the deal, and"
            " judge --held in its words.",
        ),
    ] = None,
    kept: Annotated[
        str | None,
        typer.Option(
            "--held",
            help="The cards you kept (e.g. '3c 3h', or '' for none): a mistake is named in"
            " players' words (those of --strategy, if given).",
        ),
    ] = None,
) -> None:
    """Every hold of a deal with its exact expected return per coin bet, best first.

    For each hold: the expected return as a fraction and a decimal, and how many of its
    equally likely draws end in each hand. Ties go to the hold keeping more (then higher) cards.
    """
    from pokerscore.games.videopoker.advisor import advise

    table = _paytable(paytable)
    with user_errors(), progress_bar(disable=json_output) as bar:
        bar.add_task("counting the draws of 32 holds", total=None)
        holds = advise(" ".join(cards), table, coins=coins)
    dealt = dealt_cards(holds)
    words = _advise_words(table, coins, dealt, holds, strategy, kept)
    if json_output:
        print_json(advise_json(table, coins, holds, words))
        return
    from rich.table import Table

    paying = [table.class_name(index) for index in range(len(table.classes) - 1, 0, -1)]
    grid = Table("", "hold", "EV", "exact", "draws ending in each paying hand")
    grid.title = Text(
        f"{table.title}, {coins} coin{'s' * (coins > 1)}: "
        + " ".join(card.pretty for card in dealt)
    )
    for place, hold in enumerate(holds, 1):
        held = cards_text(hold.held) if hold.held else Text("discard all", style="dim")
        outcomes = [f"{name} {hold.counts[name]:,}" for name in paying if hold.counts[name]]
        grid.add_row(
            str(place),
            held,
            Text(f"{hold.ev:.6f}", style="bold green" if place == 1 else ""),
            str(hold.ev_exact),
            Text(", ".join(outcomes) + f" (of {hold.draws:,})"),
        )
    console.print(grid)
    if "strategy" in words:
        play = words["strategy"]
        assert isinstance(play, dict)
        line = f"line {play['line']}: {play['text']}" if play["line"] else "no line: redraw"
        mask = play["mask"]
        assert isinstance(mask, int)
        chosen = [card for i, card in enumerate(dealt) if mask >> i & 1]
        shown = cards_text(chosen) if chosen else Text("nothing")
        console.print(Text(f"the list plays {line}, holding ") + shown)
    if "verdict" in words:
        console.print(Text(str(words["verdict"]), style="bold"))


def _advise_words(
    table: PayTable,
    coins: int,
    dealt: tuple[Card, ...],
    holds: list[HoldEV],
    strategy_file: str | None,
    held: str | None,
) -> dict[str, object]:
    """advise --strategy / --held: the list's play of the deal, and a verdict on the kept cards."""
    from pokerscore.cards import parse_cards
    from pokerscore.games.videopoker.strategy.grammar import load_strategy
    from pokerscore.games.videopoker.strategy.words import explain_hold, name_mistake

    words: dict[str, object] = {}
    if strategy_file is None and held is None:
        return words
    evs = {hold.mask: hold.ev_exact for hold in holds}
    mask = None
    with user_errors(_flags(strategy="--strategy")):
        if held is not None:
            kept = parse_cards(held) if held.strip() else ()
            ids = [card.id for card in dealt]
            for card in kept:
                if card.id not in ids:
                    fail(f"--held: {card} is not one of the dealt cards")
            mask = sum(1 << ids.index(card.id) for card in set(kept))
        if strategy_file is not None:
            verdict = explain_hold(
                load_strategy(strategy_file), table, dealt, mask or 0, coins=coins, evs=evs
            )
            words["strategy"] = {
                "line": verdict.play_line,
                "text": verdict.play_words,
                "mask": verdict.play_mask,
                "held": card_strings(c for i, c in enumerate(dealt) if verdict.play_mask >> i & 1),
            }
            if mask is not None:
                words["verdict"] = verdict.message
                words["mistake"] = verdict.mistake
        elif mask is not None:
            best = holds[0].mask
            mistake = evs[mask] < evs[best]
            words["mistake"] = mistake
            words["verdict"] = name_mistake(table, dealt, mask, best) if mistake else "a best hold"
    return words


def analyze_command(
    paytable: PayTableOption = DEFAULT_PAYTABLE,
    coins: CoinsOption = MAX_COINS,
    json_output: JsonOption = False,
    strategy: StrategyFileOption = None,
    strategy_of: StrategyOfOption = None,
    worst: WorstOption = DEFAULT_WORST,
) -> None:
    """The exact return of a game under perfect play over all 2,598,960 deals.

    Prints the return per coin bet (exact fraction and decimal), its standard deviation in bets,
    the probability of each final hand and the average number of games per royal flush.
    With --strategy FILE, every deal is played by that strategy list instead (docs/strategy.md):
    its exact return, its cost against perfect play, what each line decides and the deals it
    misplays worst; --strategy-of TABLE plays another table's perfect holds.
    """
    from pokerscore.games.videopoker.analysis import analyze

    table = _paytable(paytable)
    if strategy is not None or strategy_of is not None:
        _analyze_strategy(table, coins, strategy, strategy_of, worst, json_output)
        return
    with user_errors(), progress_bar(disable=json_output) as bar:
        task = bar.add_task(escape(f"playing every deal of {table.title}"), total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = analyze(table, coins=coins, progress=advance)
    probabilities = result.probabilities
    if json_output:
        print_json(analyze_json(table, coins, result))
        return
    from rich.table import Table

    grid = Table("hand", "probability", "pays", "return")
    grid.title = Text(f"{table.title}, {coins} coin{'s' * (coins > 1)}, perfect play")
    for index in range(len(table.classes) - 1, -1, -1):
        name = table.class_name(index)
        pay = table.pay(index, coins) / coins
        grid.add_row(
            Text(table.class_title(index)),
            f"{probabilities[name]:.9f}",
            f"{pay:g}",
            f"{probabilities[name] * pay:.6f}",
        )
    console.print(grid)
    console.print(Text(f"return {result.return_rate:.7f}", style="bold"))
    console.print(f"exact  {result.return_exact}", soft_wrap=True)
    console.print(f"standard deviation {result.stdev:.4f} bets")
    if result.royal_cycle:
        royal = "a natural royal flush" if table.wild else "a royal flush"
        console.print(f"{royal} every {result.royal_cycle:,.0f} games on average")


def analyze_json(table: PayTable, coins: int, result: GameAnalysis) -> dict[str, object]:
    """``videopoker analyze --json``'s object (the web API's ``/api/videopoker/analyze`` too)."""
    return {
        "paytable": table.name,
        "coins": coins,
        "return": result.return_rate,
        "return_exact": _ratio(result.return_exact),
        "stdev": result.stdev,
        "royal_cycle": result.royal_cycle,
        "probabilities": result.probabilities,
    }


def _analyze_strategy(
    table: PayTable,
    coins: int,
    strategy_file: str | None,
    strategy_of: str | None,
    worst: int,
    json_output: bool,
) -> None:
    """analyze --strategy / --strategy-of: a list's exact return against perfect play."""
    from pokerscore.games.videopoker.strategy.grammar import Strategy, load_strategy
    from pokerscore.games.videopoker.strategy.play import strategy_return

    if strategy_file is not None and strategy_of is not None:
        fail("--strategy and --strategy-of: give one of them")
    flags = _flags(strategy="--strategy" if strategy_file is not None else "--strategy-of")
    played: Strategy | PayTable
    with user_errors(flags):
        if strategy_file is not None:
            played = load_strategy(strategy_file)
            source: dict[str, object] = {"file": strategy_file, "lines": len(played.lines)}
            title = f"strategy {strategy_file} ({len(played.lines)} lines)"
        else:
            assert strategy_of is not None
            played = resolve_paytable(strategy_of)
            source = {"of": played.name}
            title = f"the best holds of {played.title}"
    with user_errors(flags), progress_bar(disable=json_output) as bar:
        bar.add_task(escape(f"playing every deal of {table.title} by {title}"), total=None)
        play = strategy_return(played, table, coins=coins, worst=worst)
    if json_output:
        print_json(
            {
                "paytable": table.name,
                "coins": coins,
                "strategy": source,
                **_return_json(play),
                "misplayed_deals": play.misplayed,
                "undecided_deals": play.undecided,
                "lines": [
                    {
                        "number": line.number,
                        "text": line.text,
                        "deals": line.deals,
                        "ev": line.ev,
                        "misplayed": line.misplayed,
                        "cost": line.cost,
                    }
                    for line in play.lines
                ],
                "worst": _misplays_json(play),
            }
        )
        return
    from rich.table import Table

    console.print(Text(f"{table.title}, {coins} coin{'s' * (coins > 1)}: {title}", style="bold"))
    _print_return(play, percent_places=4)
    total = sum(line.deals for line in play.lines) if play.lines else None
    console.print(
        f"misplayed deals {play.misplayed:,}"
        + (f" of {total + play.undecided:,}" if total is not None else "")
        + (f"; {play.undecided:,} match no line (redrawn)" if play.undecided else "")
    )
    if play.lines:
        grid = Table("#", "line", "deals", "average EV", "misplayed", "cost (bets/hand)")
        grid.title = "What each line decides"
        for line in play.lines:
            grid.add_row(
                str(line.number),
                Text(line.text),
                f"{line.deals:,}",
                f"{line.ev:.4f}" if line.deals else "",
                f"{line.misplayed:,}" if line.misplayed else "",
                f"{line.cost:.7f}" if line.cost else "",
            )
        console.print(grid)
    _print_misplays(play, "Worst misplays", "held")


def _return_json(play: StrategyPlay) -> dict[str, object]:
    """A list's return beside optimal play's, exact and as floats, and its cost."""
    return {
        "return": play.return_rate,
        "return_exact": _ratio(play.return_exact),
        "optimal_return": play.optimal_rate,
        "optimal_return_exact": _ratio(play.optimal_exact),
        "cost": float(play.cost_exact),
        "cost_exact": _ratio(play.cost_exact),
        "hands_per_bet_lost": play.hands_per_bet,
    }


def _misplays_json(play: StrategyPlay) -> list[dict[str, object]]:
    return [
        {
            "cards": card_strings(misplay.cards),
            "held": card_strings(misplay.held),
            "best": card_strings(misplay.best),
            "coins_lost": misplay.coins_lost,
            "line": misplay.line,
            "deals": misplay.deals,
        }
        for misplay in play.worst
    ]


def _print_return(play: StrategyPlay, *, percent_places: int) -> None:
    console.print(Text(f"return   {play.return_rate:.7f}", style="bold"))
    console.print(f"exact    {play.return_exact}", soft_wrap=True)
    console.print(f"optimal  {play.optimal_rate:.7f}")
    cost = float(play.cost_exact)
    every = f": one bet every {play.hands_per_bet:,.0f} hands" if play.hands_per_bet else ""
    console.print(f"cost     {cost:.7f} bets a hand ({cost * 100:.{percent_places}f} %){every}")


def _print_misplays(play: StrategyPlay, title: str, held: str) -> None:
    """The worst misplayed deals, as a table (nothing when there are none)."""
    from rich.table import Table

    if not play.worst:
        return
    discard = Text("discard all", style="dim")
    grid = Table("deal", held, "best hold", "coins lost", "line", "deals like it")
    grid.title = title
    for misplay in play.worst:
        grid.add_row(
            cards_text(misplay.cards),
            cards_text(misplay.held) if misplay.held else discard,
            cards_text(misplay.best) if misplay.best else discard,
            f"{misplay.coins_lost:.4f}",
            str(misplay.line or ""),
            f"{misplay.deals}",
        )
    console.print(grid)


def strategy_command(
    paytable: PayTableOption = DEFAULT_PAYTABLE,
    coins: CoinsOption = MAX_COINS,
    lines: Annotated[
        int | None,
        typer.Option(
            "--lines",
            min=2,
            max=500,
            help="A short list of at most this many lines (group headers and the final"
            " 'Discard everything' not counted); without it, the full list.",
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option("--output", "-o", help="Also write the list to this file (for --strategy)."),
    ] = None,
    worst: WorstOption = DEFAULT_WORST,
    json_output: JsonOption = False,
) -> None:
    """A strategy list for a pay table, best line first, in players' words.

    Each line with the average return (per coin) of the holds it picks and how many of the
    deals it decides; the list's exact return and its cost against perfect play; and the
    exceptions left (deals where the first matching line is not the best hold), worst first.
    The list reads back with analyze --strategy (docs/strategy.md has the grammar).
    """
    from pokerscore.games.videopoker.strategy.generate import generate_strategy

    table = _paytable(paytable)
    target = None if output is None else Path(output)
    if target is not None:
        with user_errors():  # a folder, a pipe or a device is refused before any work
            check_target(target)
    with user_errors(_flags()), progress_bar(disable=json_output) as bar:
        task = bar.add_task(escape(f"writing a strategy for {table.title}"), total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        generated = generate_strategy(
            table, coins=coins, lines=lines, worst=worst, progress=advance
        )
    strategy, play = generated.strategy, generated.play
    if target is not None:
        with user_errors(), atomic_path(target) as temporary:
            temporary.write_text(generated.text, encoding="utf-8")
    headers = {line.number: header for index, header in strategy.headers.items()
               for line in strategy.lines[index : index + 1]}  # fmt: skip
    if json_output:
        print_json(strategy_json(table, coins, generated))
        return
    from rich.table import Table

    size = "full list" if lines is None else f"at most {lines} lines"
    grid = Table("#", "line", "average EV", "deals")
    grid.title = Text(f"{table.title}, {coins} coin{'s' * (coins > 1)}: strategy ({size})")
    for record in play.lines:
        if record.number in headers:
            grid.add_row("", Text(headers[record.number], style="bold"), "", "")
        grid.add_row(
            str(record.number),
            Text(record.text),
            f"{record.ev:.4f}" if record.deals else "",
            f"{record.deals:,}",
        )
    console.print(grid)
    _print_return(play, percent_places=5)
    console.print(f"exceptions: {play.misplayed:,} deals where the first matching line is not best")
    _print_misplays(play, "Worst exceptions", "the list holds")
    if output is not None:
        console.print(Text(f"written to {output}", style="dim"))


def strategy_json(table: PayTable, coins: int, generated: GeneratedStrategy) -> dict[str, object]:
    """``videopoker strategy --json``'s object (the web API's ``/api/videopoker/strategy``
    too): each line with its group header, average return and the deals it decides."""
    strategy, play = generated.strategy, generated.play
    groups: dict[int, str | None] = {}
    current: str | None = None
    for index, line in enumerate(strategy.lines):
        current = strategy.headers.get(index, current)
        groups[line.number] = current
    return {
        "paytable": table.name,
        "coins": coins,
        **_return_json(play),
        "lines": [
            {
                "text": record.text,
                "group": groups[record.number],
                "ev": record.ev,
                "deals": record.deals,
            }
            for record in play.lines
        ],
        "strategy": generated.text,
        "exceptions": {
            "deals": play.misplayed,
            "cost": float(play.cost_exact),
            "worst": _misplays_json(play),
        },
    }


def seeds_command(
    paytable: PayTableOption = DEFAULT_PAYTABLE,
    limit: Annotated[
        int,
        typer.Option(
            "--limit",
            min=1,
            max=2**63,
            help=f"Give up after this many seeds (default {DEFAULT_LIMIT:,}, about an hour).",
        ),
    ] = DEFAULT_LIMIT,
    json_output: JsonOption = False,
) -> None:
    """The seed-coverage table of a machine's scoring test.

    From seed 0, the first seed whose deal, drawn with each of the 32 hold masks, ends in each
    class: 320 rows for Jacks or Better (seed, mask, class, the ten cards, the final hand), in a
    second or so. A class that no hand can reach is refused before the search; a progress bar
    counts the cells found.
    """
    from pokerscore.games.videopoker.seeds import check_search, seed_coverage

    table = _paytable(paytable)
    with user_errors():  # before the progress bar: a refusal is one line, nothing else
        check_search(table, range(len(table.classes)), 0, limit)
    with user_errors(), progress_bar(disable=json_output) as bar:
        task = bar.add_task("searching seeds: cells found", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        rows = seed_coverage(table, limit=limit, progress=advance)
    if json_output:
        print_json(
            {
                "paytable": table.name,
                "rows": [
                    {
                        "seed": row.seed,
                        "mask": row.mask,
                        "class": row.class_name,
                        "score": row.class_index,
                        "cards": card_strings(row.cards),
                        "final": card_strings(row.final),
                    }
                    for row in rows
                ],
            }
        )
        return
    from rich.table import Table

    grid = Table("seed", "mask", "class", "dealt", "replacements", "final")
    grid.title = Text(f"First seeds of every class and hold mask, {table.title}")
    for row in rows:
        grid.add_row(
            str(row.seed),
            f"{row.mask:>2} " + f"{row.mask:05b}"[::-1],
            row.class_name,
            cards_text(row.cards[:5]),
            cards_text(row.cards[5:]),
            cards_text(row.final),
        )
    console.print(grid)
    console.print(
        Text("mask: its number, then one digit per dealt card, first card first (1 = held)"),
        style="dim",
    )
