"""``draw``: the best five-card draw when the top of the deck is visible (a file of deals)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from pokerscore.cards import Card, parse_cards
from pokerscore.cli.lines import read_records
from pokerscore.cli.output import JsonOption, card_strings, console, print_json
from pokerscore.cli.ranking_commands import RankingOption, ranking_named
from pokerscore.engine import Ranking
from pokerscore.games.draw import BestDraw, best_draw


def _upper(cards: tuple[Card, ...]) -> str:
    """Cards as the puzzle writes them: ``TH JH QC``."""
    return " ".join(str(card).upper() for card in cards)


def _draw_parser(ranking: Ranking) -> Callable[[str], BestDraw]:
    def parse(text: str) -> BestDraw:
        cards = parse_cards(text, size=10)
        return best_draw(cards[:5], cards[5:], ranking)

    return parse


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

    Discards are replaced by the top cards in order. Each line prints as
    ``Hand: TH JH QC QD QS Deck: QH KH AH 2S 6S Best hand: straight-flush``. A bad line is
    reported with its number and skipped; the exit status is then 1 (``--strict``: stop, status 2).
    """
    parse = _draw_parser(ranking_named(ranking))
    report = read_records(source, parse, strict=strict, quiet=json_output)
    if json_output:
        print_json(
            {
                "deals": [
                    {
                        "line": number,
                        "hand": card_strings(best.hand),
                        "deck": card_strings(best.deck),
                        "best": best.name,
                        "discard": card_strings(best.discards),
                        "final": card_strings(best.final),
                    }
                    for number, best in report.records
                ],
                "errors": [{"line": line, "message": message} for line, message in report.errors],
            }
        )
    else:
        for _, best in report.records:
            console.print(
                f"Hand: {_upper(best.hand)} Deck: {_upper(best.deck)} Best hand: {best.name}",
                markup=False,
                soft_wrap=True,
            )
    if report.errors:
        raise typer.Exit(1)
