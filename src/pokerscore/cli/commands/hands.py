"""``score``, ``compare`` and ``duel``: hands from the command line and from files."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.text import Text

from pokerscore.cards import parse_cards
from pokerscore.cli.commands.rankings import RankingOption, ranking_named
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
from pokerscore.engine import Ranking
from pokerscore.hands import HandScore, best_hand, score, why, winners


def _hand_json(hand: HandScore) -> dict[str, object]:
    return {
        "cards": card_strings(hand.cards),
        "category": hand.category.slug,
        "description": hand.description,
        "value": hand.value,
    }


def score_json(hand: HandScore) -> dict[str, object]:
    """``score --json``'s object (the web API's ``/api/score`` too)."""
    return {
        "ranking": hand.ranking.name,
        **_hand_json(hand),
        "ranks": [rank.char for rank in hand.ranks],
        "best": card_strings(hand.best),
    }


def score_command(
    cards: Annotated[
        list[str],
        typer.Argument(
            help="5 to 7 cards, e.g. Ah Kh Qh Jh Th, AhKhQhJhTh or A♥ K♥ … (1 to 7 under high "
            "and ace-to-five, as stud's up cards; 4 under badugi)"
        ),
    ],
    ranking: RankingOption = "high",
    json_output: JsonOption = False,
) -> None:
    """Score a hand: its category, description and best five cards (or the cards that play, in a
    hand of fewer than five or a badugi), ordered as they count."""
    with user_errors():
        hand = best_hand(" ".join(cards), ranking=ranking_named(ranking, five_cards=False))
    if json_output:
        print_json(score_json(hand))
        return
    console.print(Text(hand.description, style="bold"))
    label = "best five: " if len(hand.best) == 5 else "plays: "
    line = Text(label).append_text(cards_text(hand.best))
    count = hand.ranking.value_count
    line.append(f"  (value {hand.value} of {count}, {hand.category.slug})", style="dim")
    console.print(line)


def _hand_names(indices: list[int]) -> str:
    numbers = [str(index + 1) for index in indices]
    if len(numbers) == 1:
        return f"Hand {numbers[0]}"
    return "Hands " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def verdict(hands: list[HandScore]) -> str:
    """Who wins and why, e.g. ``Hand 2 wins: Pair of Eights beats Pair of Fives``."""
    best = winners(hands)
    top = hands[best[0]]
    rest = [hand for index, hand in enumerate(hands) if index not in best]
    if not rest:
        return f"{_hand_names(best)} tie: {top.description}"
    runner_up = max(rest, key=lambda hand: hand.value)
    verb = "wins" if len(best) == 1 else "tie for best"
    return f"{_hand_names(best)} {verb}: {why(top, runner_up)}"


def compare_json(rules: Ranking, scores: list[HandScore], best: list[int]) -> dict[str, object]:
    """``compare --json``'s object (the web API's ``/api/compare`` too): winners count from 0."""
    return {
        "ranking": rules.name,
        "winners": best,
        "hands": [_hand_json(hand) for hand in scores],
    }


def compare_command(
    hands: Annotated[
        list[str],
        typer.Argument(
            help='Two or more hands, each one argument: "5h 5c 6s 7s Kd" "2c 3s 8s 8d Td"'
        ),
    ],
    same_deck: Annotated[
        bool, typer.Option("--same-deck", help="Refuse a card held by two hands (one deck).")
    ] = False,
    ranking: RankingOption = "high",
    json_output: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print one JSON object on stdout. Its winners are indices into its hands, "
            "counted from 0: the text's Hand 1 is index 0.",
        ),
    ] = False,
) -> None:
    """Compare hands of 5 to 7 cards: who wins, and why.

    The text numbers hands from 1, as given; the JSON winners count from 0, as list indices.
    """
    if len(hands) < 2:
        fail('give at least two hands, each one argument: "5h 5c 6s 7s Kd" "2c 3s 8s 8d Td"')
    rules = ranking_named(ranking, five_cards=False)
    with user_errors():
        scores = [best_hand(hand, ranking=rules) for hand in hands]
        best = winners(scores, same_deck=same_deck)
    if json_output:
        print_json(compare_json(rules, scores, best))
        return
    from rich.table import Table

    five = all(len(hand.best) == 5 for hand in scores)
    table = Table("hand", "cards", "best five" if five else "plays", "description", "value")
    for index, hand in enumerate(scores):
        style = "green" if index in best else ""
        table.add_row(
            str(index + 1),
            cards_text(hand.cards),
            cards_text(hand.best),
            Text(hand.description, style=style),
            str(hand.value),
        )
    console.print(table)
    console.print(Text(verdict(scores), style="bold"))


def _bad_lines(count: int) -> str:
    return f"{count} bad line" + ("s" if count > 1 else "")


DEAL_CARDS = 10
"""A deal of ``duel`` and ``draw``: ten cards a line."""


def _duel_ids(ranking: Ranking) -> Callable[[str], list[int]]:
    """The exact parser of a deal: ten cards from one deck, each hand in the ranking's deck."""

    def parse(text: str) -> list[int]:
        cards = parse_cards(text, size=DEAL_CARDS)
        score(cards[:5], ranking=ranking), score(cards[5:], ranking=ranking)
        return [card.id for card in cards]

    return parse


def duel_command(
    source: Annotated[
        str,
        typer.Argument(
            metavar="FILE|-", help="Project Euler 54 deals: 10 cards a line, or - for stdin."
        ),
    ],
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show every deal.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Stop at the first bad line.")] = False,
    ranking: RankingOption = "high",
    json_output: JsonOption = False,
) -> None:
    """Count player 1's and player 2's wins over a file of two-player deals (Project Euler 54).

    Each line holds ten cards: player 1's five, then player 2's, from one deck. The file is
    streamed (any size, in bounded memory). A bad line is reported with its number and skipped;
    the exit status is then 1 (--strict: stop, status 2).
    """
    import numpy as np

    from pokerscore.cards import Card
    from pokerscore.cli.lines import LineErrors, read_card_lines, source_size
    from pokerscore.hands.batch import evaluate_batch

    rules = ranking_named(ranking)
    errors = LineErrors(quiet=json_output)
    tally = np.zeros(3, dtype=np.int64)  # ties, player 1, player 2
    deals = 0
    shown_header = False
    with progress_bar(disable=json_output) as bar:
        task = bar.add_task("deals", total=source_size(source))
        for block in read_card_lines(
            source,
            DEAL_CARDS,
            _duel_ids(rules),
            deck_mask=rules.deck_mask,
            errors=errors,
            strict=strict,
        ):
            first = evaluate_batch(block.ids[:, :5], check=False, ranking=rules)
            second = evaluate_batch(block.ids[:, 5:], check=False, ranking=rules)
            outcomes = np.sign(first.astype(np.int32) - second.astype(np.int32))
            tally += np.bincount(outcomes + 1, minlength=3)[[1, 2, 0]]
            deals += len(outcomes)
            if verbose and not json_output and len(outcomes):
                _print_deals(
                    block.numbers, block.ids, outcomes, rules, Card, title=not shown_header
                )
                shown_header = True
            bar.update(task, completed=block.done, description=f"{deals:,} deals")
    ties, player1, player2 = (int(count) for count in tally)
    if json_output:
        print_json(
            {
                "lines": deals,
                "player1": player1,
                "player2": player2,
                "ties": ties,
                "bad": errors.count,
                "errors": [{"line": line, "message": message} for line, message in errors.errors],
            }
        )
    else:
        if verbose and not shown_header:
            _print_deals(None, None, None, rules, None, title=True)
        console.print(
            f"player 1 wins {player1}, player 2 wins {player2}, ties {ties}"
            + (f" ({_bad_lines(errors.count)} skipped)" if errors.count else "")
        )
    errors.close()
    if errors.count:
        raise typer.Exit(1)


def _print_deals(
    numbers: Any, ids: Any, outcomes: Any, ranking: Ranking, card: Any, *, title: bool
) -> None:
    """A table of a block's deals: each player's cards, the winner and why (``--verbose``)."""
    from rich.table import Table

    table = Table(title="Deals" if title else None, show_header=title)
    table.add_column("line", justify="right")
    table.add_column("player 1", no_wrap=True)
    table.add_column("player 2", no_wrap=True)
    table.add_column("winner", no_wrap=True)
    table.add_column("why")
    for number, row, outcome in zip(
        [] if numbers is None else numbers.tolist(),
        [] if ids is None else ids.tolist(),
        [] if outcomes is None else outcomes.tolist(),
        strict=True,
    ):
        first = score([card(i) for i in row[:5]], ranking=ranking)
        second = score([card(i) for i in row[5:]], ranking=ranking)
        if outcome == 0:
            winner, reason = "tie", first.description
        else:
            winner = "player 1" if outcome == 1 else "player 2"
            reason = why(first, second) if outcome == 1 else why(second, first)
        table.add_row(
            str(number),
            cards_text(first.cards),
            cards_text(second.cards),
            Text(winner, style="green" if outcome else "yellow"),
            reason,
        )
    console.print(table)
