"""``draw``: the best five-card draw when the top of the deck is visible (a file of deals)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated

import typer

from pokerscore.cards import Card, parse_cards
from pokerscore.cli.commands.rankings import RankingOption, ranking_named
from pokerscore.cli.output import (
    JsonOption,
    card_strings,
    console,
    progress_bar,
    unicode_output,
)
from pokerscore.engine import Ranking
from pokerscore.games.draw import BestDraw, best_draw


def _upper(cards: tuple[Card, ...]) -> str:
    """Cards as the puzzle writes them: ``TH JH QC``."""
    return " ".join(str(card).upper() for card in cards)


def _draw_ids(ranking: Ranking) -> Callable[[str], list[int]]:
    """The exact parser of a line: ten cards, a deal the ranking can draw from."""

    def parse(text: str) -> list[int]:
        cards = parse_cards(text, size=10)
        best_draw(cards[:5], cards[5:], ranking=ranking)
        return [card.id for card in cards]

    return parse


def _deal_json(number: int, best: BestDraw) -> dict[str, object]:
    return {
        "line": number,
        "hand": card_strings(best.hand),
        "deck": card_strings(best.deck),
        "best": best.name,
        "discard": card_strings(best.discards),
        "final": card_strings(best.final),
    }


def draw_command(
    source: Annotated[
        str,
        typer.Argument(
            metavar="FILE|-",
            help="10 cards a line: the hand, then the top five cards of the deck; - for stdin.",
        ),
    ],
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first bad line.")] = False,
    ranking: RankingOption = "high",
    json_output: JsonOption = False,
) -> None:
    """The best hand reachable by discarding any cards when the deck's top five are known.

    Discards are replaced by the top cards in order. Each line prints as "Hand: TH JH QC QD QS
    Deck: QH KH AH 2S 6S Best hand: straight-flush". The file is streamed (any size, in bounded
    memory), each result printed as its block is done. A bad line is reported with its number
    and skipped; the exit status is then 1 (--strict: stop, status 2).
    """
    from pokerscore.cli.lines import LineErrors, read_card_lines, source_size

    rules = ranking_named(ranking)
    errors = LineErrors(quiet=json_output)
    deals = 0
    ascii_only = not unicode_output()
    opened = False  # the JSON object's start written (with the first deal)

    def close_json() -> None:
        listed = [{"line": line, "message": message} for line, message in errors.errors]
        start = "" if opened else '{"deals": ['
        ending = f'], "bad": {errors.count}, "errors": '
        ending += json.dumps(listed, ensure_ascii=ascii_only) + "}\n"
        sys.stdout.write(start + ending)

    with progress_bar(disable=json_output) as bar:
        task = bar.add_task("deals", total=source_size(source))
        try:
            for block in read_card_lines(
                source,
                10,
                _draw_ids(rules),
                deck_mask=rules.deck_mask,
                errors=errors,
                strict=strict,
            ):
                for number, row in zip(block.numbers.tolist(), block.ids.tolist(), strict=True):
                    cards = tuple(Card(card) for card in row)
                    best = best_draw(cards[:5], cards[5:], ranking=rules)
                    if json_output:  # one JSON object, written as the deals come
                        deal = json.dumps(_deal_json(number, best), ensure_ascii=ascii_only)
                        sys.stdout.write((", " if opened else '{"deals": [') + deal)
                        opened = True
                    else:
                        console.print(
                            f"Hand: {_upper(best.hand)} Deck: {_upper(best.deck)} "
                            f"Best hand: {best.name}",
                            markup=False,
                            soft_wrap=True,
                        )
                    deals += 1
                bar.update(task, completed=block.done, description=f"{deals:,} deals")
        except typer.Exit:
            if opened:  # --strict after some deals went out: end the object they started
                close_json()
            raise
    if json_output:
        close_json()
    errors.close()
    if errors.count:
        raise typer.Exit(1)
