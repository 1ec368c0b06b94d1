"""``stats``: how often each category occurs, exactly or by random dealing."""

from __future__ import annotations

import secrets
from typing import Annotated

import typer

from pokerscore.cli.commands.rankings import RankingOption, ranking_named
from pokerscore.cli.output import (
    JsonOption,
    console,
    fail,
    print_json,
    progress_bar,
    user_errors,
)


def _odds(count: int, total: int) -> str:
    if count == 0:
        return "never"
    against = total / count - 1
    return f"{against:,.2f} : 1" if against < 100 else f"{against:,.0f} : 1"


def stats_command(
    cards: Annotated[
        int,
        typer.Option("--cards", min=5, max=7, help="Hand size: 5, 6 or 7 cards (best five)."),
    ] = 5,
    sample: Annotated[
        int | None,
        typer.Option("--sample", min=1, help="Deal this many random hands instead of all of them."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=0,
            help="Random seed for --sample (0 or more); without it, one is picked and printed.",
        ),
    ] = None,
    ranking: RankingOption = "high",
    json_output: JsonOption = False,
) -> None:
    """Count hands per category: every hand of 5, 6 or 7 cards, or --sample N random ones."""
    rules = ranking_named(ranking)
    from rich.table import Table

    from pokerscore.hands.statistics import exhaustive_counts, sampled_counts, total_hands

    if seed is not None and not sample:
        fail("--seed goes with --sample: counting every hand involves no chance")
    if sample and seed is None:
        seed = secrets.randbits(32)  # printed with the results, so the run can be repeated
    with progress_bar(disable=json_output) as bar:
        what = (
            f"dealing {sample:,} hands"
            if sample
            else f"enumerating {total_hands(cards, rules):,} hands (compiling on first use)"
        )
        task = bar.add_task(what, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        with user_errors():
            if sample:
                result = sampled_counts(
                    sample, seed=seed, cards=cards, progress=advance, ranking=rules
                )
            else:
                result = exhaustive_counts(cards=cards, progress=advance, ranking=rules)
    if json_output:
        payload: dict[str, object] = {
            "ranking": rules.name,
            "cards": result.cards,
            "total": result.total,
            "distinct": result.distinct,
            "counts": {category.slug: result.counts[category] for category in rules.categories},
        }
        if sample:
            payload["sample"] = True
            payload["seed"] = seed
        print_json(payload)
        return
    title = (
        f"{result.total:,} random {result.cards}-card hands (seed {seed})"
        if sample
        else f"All {result.total:,} {result.cards}-card hands"
    )
    if rules.name != "high":
        title += f", {rules.title}"
    table = Table("category", "hands", "probability", "odds against", title=title)
    for category in reversed(rules.categories):
        count = result.counts[category]
        table.add_row(
            category.title,
            f"{count:,}",
            f"{100 * result.probability(category):.5f} %",
            _odds(count, result.total),
        )
    console.print(table)
    console.print(f"distinct values: {result.distinct:,}")
