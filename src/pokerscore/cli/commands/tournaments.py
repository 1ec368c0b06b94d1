"""``icm`` and ``pushfold``: prize equity by the Independent Chip Model, and the push-or-fold
equilibria of short stacks. NumPy, the kernels and Rich tables are imported inside the commands."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer

from pokerscore.cli.output import (
    JsonOption,
    console,
    error_console,
    fail,
    print_json,
    progress_bar,
    unicode_output,
    user_errors,
)

if TYPE_CHECKING:
    from rich.table import Table

    from pokerscore.games.tournaments.pushfold import PushFoldResult, PushFoldThresholds

FLAGS: Final = {
    "stacks": "--stacks",
    "payouts": "--payouts",
    "stack_bb": "--stack",
    "ante": "--ante",
    "samples": "--samples",
    "seed": "--seed",
}
"""The library's parameters by these commands' options: an error about one names the option."""


def numbers(text: str, flag: str) -> list[Fraction]:
    """A comma-separated list of numbers, read exactly (``0.1`` is a tenth); anything else is a
    one-line error naming ``flag``.

    >>> numbers("5000, 3000,1.5", "--stacks")
    [Fraction(5000, 1), Fraction(3000, 1), Fraction(3, 2)]
    """
    from pokerscore.cards.errors import shorten

    found = []
    for item in text.split(","):
        try:
            value = Fraction(item.strip())
        except (ValueError, ZeroDivisionError):
            fail(f"{flag} takes numbers separated by commas: {shorten(item.strip())!r} is not one")
        found.append(value)
    return found


def icm_command(
    stacks: Annotated[
        str,
        typer.Option("--stacks", metavar="5000,3000,...", help="Each player's chips (2 to 20)."),
    ],
    payouts: Annotated[
        str,
        typer.Option("--payouts", metavar="500,300,...", help="The prizes, first place first."),
    ],
    json_output: JsonOption = False,
) -> None:
    """Each player's prize equity by the Independent Chip Model (Malmuth-Harville), and the
    chance of each finishing place. Exact fractions up to 10 players, floats to 20.
    """
    from pokerscore.games.tournaments.icm import icm

    chips = numbers(stacks, "--stacks")
    prizes = numbers(payouts, "--payouts")
    with user_errors(FLAGS):
        result = icm(chips, prizes)
    total = sum(result.stacks)
    if json_output:
        print_json(
            {
                "stacks": [_number(stack) for stack in result.stacks],
                "payouts": [_number(prize) for prize in result.payouts],
                "exact": result.exact,
                "equities": [float(equity) for equity in result.equities],
                "places": [[float(chance) for chance in row] for row in result.places],
                **(
                    {"equities_exact": [str(equity) for equity in result.equities]}
                    if result.exact
                    else {}
                ),
            }
        )
        return
    from rich.table import Table

    places = len(result.stacks)
    table = Table(title="ICM prize equity" + ("" if result.exact else " (floats)"))
    for name in ("player", "stack", "chips %", "equity", "equity %"):
        table.add_column(name, justify="right")
    for place in range(places):
        table.add_column(_ordinal(place + 1), justify="right")
    pool = float(result.prize_pool)
    for player, (stack, equity, row) in enumerate(
        zip(result.stacks, result.equities, result.places, strict=True)
    ):
        table.add_row(
            str(player + 1),
            f"{float(stack):,.10g}",
            f"{100 * float(stack / total):.2f}",
            f"{float(equity):,.2f}",
            f"{100 * float(equity) / pool:.2f}" if pool else "-",
            *(f"{100 * float(chance):.1f}" for chance in row),
        )
    table.caption = f"prize pool {pool:,.10g}; place columns: the chance of finishing there, %"
    console.print(table)


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _ordinal(place: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < 20 else place % 10, "th")
    return f"{place}{suffix}"


def pushfold_command(
    stack: Annotated[
        float | None,
        typer.Option("--stack", metavar="BB", help="Heads-up: each player's stack in big blinds."),
    ] = None,
    ante: Annotated[
        float, typer.Option("--ante", metavar="BB", help="Each player's ante in big blinds.")
    ] = 0.0,
    icm_mode: Annotated[
        bool, typer.Option("--icm", help="Value outcomes by ICM prize equity (needs --payouts).")
    ] = False,
    stacks: Annotated[
        str | None,
        typer.Option(
            "--stacks",
            metavar="BB,BB,...",
            help="2 to 4 stacks in big blinds, in order of action: SB,BB or BTN,SB,BB or "
            "CO,BTN,SB,BB.",
        ),
    ] = None,
    payouts: Annotated[
        str | None,
        typer.Option("--payouts", metavar="500,300,...", help="The prizes, first place first."),
    ] = None,
    thresholds: Annotated[
        bool,
        typer.Option(
            "--thresholds", help="The heads-up table: each class's largest stack (1 to 25 bb)."
        ),
    ] = False,
    png: Annotated[
        Path | None, typer.Option("--png", metavar="FILE", help="Draw the charts as a PNG.")
    ] = None,
    samples: Annotated[
        int | None,
        typer.Option("--samples", help="Three and four players: deals sampled (default 100,000)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sampled deals.")] = 0,
    json_output: JsonOption = False,
) -> None:
    """The push-or-fold equilibrium before the flop: which hands shove and which call.

    Heads-up at --stack big blinds (small blind against big blind, chip EV, exact equities), or
    for 2 to 4 players with --stacks. With --icm and --payouts every outcome is valued by ICM
    prize equity. Three and four players sample their deals (--samples, --seed). Mixed classes
    show their share. --thresholds prints the heads-up table of each class's largest stack in
    the equilibrium range, stacks 1 to 25 bb by 0.1, as HoldemResources publishes it.
    """
    if icm_mode != (payouts is not None):
        fail("--icm and --payouts go together: ICM needs the prizes, and the prizes need --icm")
    if thresholds:
        if stacks is not None or stack is not None or icm_mode or png is not None:
            fail("--thresholds is the heads-up chip-EV table: it takes only --ante and --json")
        _print_thresholds(ante, json_output)
        return
    if (stack is None) == (stacks is None):
        fail("give --stack (heads-up, equal stacks) or --stacks (2 to 4 players), not both")
    from pokerscore.games.tournaments.pushfold import push_fold

    with user_errors(FLAGS), progress_bar(disable=json_output) as bar:
        task = bar.add_task("solving" if stacks is None else "dealing and solving", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = push_fold(
            stack,
            ante=ante,
            stacks=None
            if stacks is None
            else [float(value) for value in numbers(stacks, "--stacks")],
            payouts=None if payouts is None else numbers(payouts, "--payouts"),
            samples=samples,
            seed=seed,
            progress=advance,
        )
    if png is not None:
        from pokerscore.games.tournaments.charts import write_push_fold_chart

        with user_errors():
            write_push_fold_chart(result, png)
    if json_output:
        print_json(push_fold_json(result))
        return
    for situation, shares in result.ranges.items():
        console.print(strategy_grid(shares, _title(situation, result)))
    error_console.print(_summary(result))
    if png is not None:
        error_console.print(f"wrote {png}")


def push_fold_json(result: PushFoldResult) -> dict[str, Any]:
    """The result as JSON: shares rounded to 4 places."""
    return {
        "positions": list(result.positions),
        "stacks": list(result.stacks),
        "ante": result.ante,
        "payouts": None if result.payouts is None else [_number(p) for p in result.payouts],
        "unit": result.unit,
        "exploitability": result.exploitability,
        "iterations": result.iterations,
        "samples": result.samples,
        "stderr": result.stderr,
        "ranges": {
            situation: {name: round(share, 4) for name, share in shares.items()}
            for situation, shares in result.ranges.items()
        },
    }


def _title(situation: str, result: PushFoldResult) -> str:
    from pokerscore.games.tournaments.charts import situation_title

    shares = result.ranges[situation]
    from pokerscore.games.tournaments.class_equities import class_matchups

    table = class_matchups()
    combos = sum(
        share * int(size) for share, size in zip(shares.values(), table.sizes, strict=True)
    )
    return f"{situation_title(situation, result)}: {100 * combos / 1326:.1f} % of hands"


def _summary(result: PushFoldResult) -> str:
    unit = "prize" if result.unit == "prize" else "bb"
    text = (
        f"exploitability {result.exploitability:.2g} {unit} per hand "
        f"after {result.iterations:,} iterations"
    )
    if result.samples is not None:
        text += f"; {result.samples:,} sampled deals, EV standard error {result.stderr:.2g} {unit}"
    return text


def strategy_grid(shares: Mapping[str, float], title: str) -> Table:
    """The 13 x 13 grid of a range: classes that always play by name (on green), mixed ones by
    their share in percent (on yellow), the others as a dot, so that the grid reads without
    colours too (a file, a pipe)."""
    from rich.table import Table
    from rich.text import Text

    from pokerscore.games.holdem.preflop.heatmap import GRID, grid_cells
    from pokerscore.games.tournaments.charts import PURE

    table = Table(title=title, show_header=False, box=None, padding=(0, 0), pad_edge=False)
    for _ in range(GRID):
        table.add_column(justify="center", width=5)
    for row in grid_cells(dict(shares)):
        cells = []
        for name, value in row:
            share = value or 0.0
            if share >= 1 - PURE:
                cells.append(Text(name, style="black on #1a9850"))
            elif share > PURE:
                cells.append(Text(f"{100 * share:.0f}%", style="black on #fee08b"))
            else:
                cells.append(Text("·" if unicode_output() else ".", style="dim"))
        table.add_row(*cells)
    return table


def _print_thresholds(ante: float, json_output: bool) -> None:
    from pokerscore.games.tournaments.pushfold import push_fold_thresholds

    with user_errors(FLAGS), progress_bar(disable=json_output) as bar:
        task = bar.add_task("solving stacks", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total, description=f"{done}/{total} stacks")

        found = push_fold_thresholds(ante=ante, progress=advance)
    if json_output:
        print_json(
            {
                "ante": found.ante,
                "stacks": [found.stacks[0], found.stacks[-1]],
                "exploitability": found.exploitability,
                "thresholds": {"push": dict(found.push), "call": dict(found.call)},
            }
        )
        return
    console.print(threshold_grid(found, "push", "SB push: largest stack in range, bb"))
    console.print(threshold_grid(found, "call", "BB call: largest stack in range, bb"))


def threshold_grid(found: PushFoldThresholds, side: str, title: str) -> Table:
    """The 13 x 13 grid of one side's thresholds ("25+" for a class in range at every stack)."""
    from rich.table import Table
    from rich.text import Text

    from pokerscore.games.holdem.preflop.heatmap import GRID, grid_cells

    values = found.push if side == "push" else found.call
    top = found.stacks[-1]
    table = Table(title=title, show_header=False, box=None, padding=(0, 0), pad_edge=False)
    for _ in range(GRID):
        table.add_column(justify="center", width=5)
    for row in grid_cells({name: value or 0.0 for name, value in values.items()}):
        cells = []
        for name, value in row:
            if not value:
                cells.append(Text(f"{name}\n-", style="dim"))
            else:
                shown = f"{top:g}+" if value >= top else f"{value:g}"
                share = min(1.0, value / top)
                style = "black on #1a9850" if share > 0.5 else "black on #fee08b"
                cells.append(Text(f"{name}\n{shown}", style=style))
        table.add_row(*cells)
    return table
