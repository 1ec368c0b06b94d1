"""``videopoker``: pay tables, the optimal-hold advisor, the exact return of a game and seed
coverage (the game and its history are in :mod:`.play`); :mod:`pokerscore.cli.app` registers them.

Kernels (and NumPy) are imported inside the commands, so ``pokerscore --help`` stays quick. Pay
table titles come from user files: they are always printed as plain text, never as Rich markup.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.text import Text

from pokerscore.cli.output import (
    JsonOption,
    card_strings,
    cards_text,
    console,
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


def _paytable(name: str) -> PayTable:
    with user_errors():
        return resolve_paytable(name)


def _ratio(fraction: object) -> str:
    return str(fraction) if "/" in str(fraction) else f"{fraction}/1"


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
        print_json(
            {
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
        )
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


def advise_command(
    cards: Annotated[list[str], typer.Argument(help="The five dealt cards, e.g. Kh Qh Jh Th 2s")],
    paytable: PayTableOption = DEFAULT_PAYTABLE,
    coins: CoinsOption = MAX_COINS,
    json_output: JsonOption = False,
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
    dealt = holds[0].held if holds[0].mask == 31 else next(h for h in holds if h.mask == 31).held
    if json_output:
        print_json(
            {
                "cards": card_strings(dealt),
                "paytable": table.name,
                "coins": coins,
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
        )
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


def analyze_command(
    paytable: PayTableOption = DEFAULT_PAYTABLE,
    coins: CoinsOption = MAX_COINS,
    json_output: JsonOption = False,
) -> None:
    """The exact return of a game under perfect play over all 2,598,960 deals.

    Prints the return per coin bet (exact fraction and decimal), its standard deviation in bets,
    the probability of each final hand and the average number of games per royal flush.
    """
    from pokerscore.games.videopoker.analysis import analyze

    table = _paytable(paytable)
    with user_errors(), progress_bar(disable=json_output) as bar:
        task = bar.add_task(escape(f"playing every deal of {table.title}"), total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = analyze(table, coins=coins, progress=advance)
    probabilities = result.probabilities
    if json_output:
        print_json(
            {
                "paytable": table.name,
                "coins": coins,
                "return": result.return_rate,
                "return_exact": _ratio(result.return_exact),
                "stdev": result.stdev,
                "royal_cycle": result.royal_cycle,
                "probabilities": probabilities,
            }
        )
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
