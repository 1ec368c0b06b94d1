"""``outs`` and ``board``: one hand on a board (made class, draws, outs, nut rank), a range on a
board (a Flopzilla table, equity distributions)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Final

import typer
from rich.text import Text

from pokerscore.cards import PokerScoreError, Suit
from pokerscore.cli.commands.holdem import GameOption, _game
from pokerscore.cli.output import (
    JsonOption,
    card_strings,
    cards_text,
    console,
    print_json,
    progress_bar,
    unicode_output,
    user_errors,
)

if TYPE_CHECKING:
    from pokerscore.cards import Card
    from pokerscore.games.holdem.board.breakdown import BoardBreakdown, Count
    from pokerscore.games.holdem.board.distribution import EquityDistribution
    from pokerscore.games.holdem.board.hand import BoardHand

_FLAGS: Final = {
    "hole": "HOLE",
    "board": "--board",
    "dead": "--dead",
    "against": "--against",
    "range": "RANGE",
    "game": "--game",
}
_BAR_WIDTH: Final = 24


def _bar(share: float, width: int = _BAR_WIDTH) -> Text:
    filled = round(share * width)
    return Text("█" * filled, style="green").append("░" * (width - filled), style="dim")


def _number(count: Count) -> int | float | str:
    """A count for JSON: an integer, else its exact decimal (as a string if a float cannot
    write it exactly)."""
    if isinstance(count, int):
        return count
    text = _decimal(count)
    return float(text) if repr(float(text)) == text else text


def _decimal(value: Fraction) -> str:
    """An exact decimal fraction written out (weights are decimals, so their sums end)."""
    whole, rest = divmod(value.numerator, value.denominator)
    digits: list[str] = []
    while rest and len(digits) < 40:
        rest *= 10
        digits.append(str(rest // value.denominator))
        rest %= value.denominator
    return f"{whole}." + ("".join(digits) or "0")


def _shown(count: Count) -> str:
    return f"{count:,}" if isinstance(count, int) else f"{float(count):,.2f}"


def outs_command(
    hole: Annotated[list[str], typer.Argument(help="The hole cards: AhKh or Ah Kh.")],
    board: Annotated[str, typer.Option("--board", "-b", help="3, 4 or 5 board cards.")],
    against: Annotated[
        str | None,
        typer.Option("--against", "-a", help="An opponent's hand: the outs that take the lead."),
    ] = None,
    dead: Annotated[str, typer.Option("--dead", "-d", help="Cards out of play.")] = "",
    game: GameOption = "holdem",
    json_output: JsonOption = False,
) -> None:
    """One hand on a board: what it has made, its draws, its outs grouped by what they make, and
    its nut rank (1 = the nuts)."""
    from pokerscore.games.holdem.board.hand import hand_on_board

    with user_errors(_FLAGS):
        hand = hand_on_board(" ".join(hole), board, game=_game(game), dead=dead, against=against)
    if json_output:
        print_json(outs_json(hand))
        return
    _print_outs(hand)


def outs_json(hand: BoardHand) -> dict[str, object]:
    """``outs --json``'s object (the web API's ``/api/outs`` too)."""
    made = hand.made
    return {
        "game": hand.game.name,
        "hole": card_strings(hand.hole),
        "board": card_strings(hand.board),
        "dead": card_strings(hand.dead),
        "against": card_strings(hand.against) if hand.against is not None else None,
        "made": {
            "class": made.kind.slug,
            "words": made.words,
            "category": made.category.slug,
            "description": made.description,
            "value": made.score.value,
            "low": made.low.description if made.low else None,
        },
        "draws": [draw.slug for draw in hand.draws],
        "draw_words": list(hand.draw_words),
        "completing": [rank.char for rank in hand.completing],
        "unseen": hand.unseen,
        "outs": card_strings(hand.outs),
        "outs_by_hand": {group.makes.slug: card_strings(group.cards) for group in hand.out_groups},
        "ties": card_strings(hand.ties) if hand.against is not None else None,
        "ahead": hand.ahead,
        "nut_rank": hand.nut_rank,
    }


def _print_outs(hand: BoardHand) -> None:
    from rich.table import Table

    title = Text().append_text(cards_text(hand.hole)).append(" on ")
    title.append_text(cards_text(hand.board)).append(f"   {hand.game.title}", style="dim")
    console.print(title)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    made = hand.made
    grid.add_row("made", f"{made.words} ({made.description})")
    if made.low is not None:
        grid.add_row("low", made.low.description)
    if hand.dead:
        grid.add_row("dead", cards_text(hand.dead))
    grid.add_row("draws", ", ".join(hand.draw_words) if hand.draw_words else "none")
    if len(hand.board) == 5:
        grid.add_row("outs", "none: the board is complete")
    else:
        if hand.against is not None:
            state = {1: "ahead", 0: "tied", -1: "behind"}[hand.ahead or 0]
            grid.add_row(
                "against", Text().append_text(cards_text(hand.against)).append(f": {state} now")
            )
            label = "cards that take the lead"
        else:
            label = "outs"
        share = len(hand.outs) / hand.unseen if hand.unseen else 0.0
        grid.add_row(label, f"{len(hand.outs)} of {hand.unseen} cards ({100 * share:.1f} %)")
        for group in hand.out_groups:
            line = Text(f"{group.makes.title.lower()} ({len(group.cards)}): ")
            grid.add_row("", line.append_text(cards_text(group.cards)))
        if hand.against is not None:
            ties = Text(f"{len(hand.ties)}").append(": " if hand.ties else "")
            grid.add_row("ties", ties.append_text(cards_text(hand.ties)))
    better = hand.nut_rank - 1
    nuts = "the nuts" if better == 0 else f"{better} better hand{'s' * (better != 1)} possible"
    grid.add_row("nut rank", f"{hand.nut_rank}: {nuts}")
    console.print(grid)


def board_command(
    range_text: Annotated[
        str,
        typer.Argument(
            metavar="RANGE",
            help='A range ("QQ+,AKs", random, 15%); Omaha: a range such as "AA:ds, KKQQ" or hands.',
        ),
    ],
    board: Annotated[str, typer.Option("--board", "-b", help="3, 4 or 5 board cards.")] = "",
    dead: Annotated[str, typer.Option("--dead", "-d", help="Cards out of play.")] = "",
    game: GameOption = "holdem",
    all_flops: Annotated[
        bool, typer.Option("--all-flops", help="Sum over every flop (no --board): combo-flops.")
    ] = False,
    against: Annotated[
        str | None,
        typer.Option("--against", "-a", help="An opposing range: each combo's equity against it."),
    ] = None,
    by_street: Annotated[
        bool,
        typer.Option(
            "--by-street",
            help="With --against: the equity after each next card; on a flop after each turn "
            "and river too.",
        ),
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """A range on a board: how many combos make each hand and hold each draw (weighted, card
    removal exact), best first; --all-flops sums every flop; --against adds each combo's equity
    against another range as a distribution, and --by-street the equity card by card (on a flop
    each turn card, and each turn and river)."""
    from pokerscore.games.holdem.board.breakdown import board_breakdown

    with user_errors(_FLAGS):
        if all_flops and board:
            raise PokerScoreError("--all-flops reads every flop: give no --board")
        if not all_flops and not board:
            raise PokerScoreError("a board is needed: --board (3 to 5 cards) or --all-flops")
        if by_street and against is None:
            raise PokerScoreError("--by-street needs --against (the opposing range)")
        if all_flops and against is not None:
            raise PokerScoreError("--against needs one board: give --board, not --all-flops")
    spread = None
    with progress_bar(disable=json_output) as bar:
        task = bar.add_task("board (compiling on first use)", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        with user_errors(_FLAGS):
            rules = _game(game)
            result = board_breakdown(range_text, board, game=rules, dead=dead,
                                     all_flops=all_flops, progress=advance)  # fmt: skip
            if against is not None:
                from pokerscore.games.holdem.board.distribution import equity_distribution

                spread = equity_distribution(range_text, against, board, game=rules, dead=dead,
                                             progress=advance)  # fmt: skip
    if json_output:
        print_json(board_json(result, spread, by_street=by_street))
        return
    _print_breakdown(result)
    if spread is not None:
        _print_distribution(spread, by_street=by_street)


def board_json(
    result: BoardBreakdown, spread: EquityDistribution | None, *, by_street: bool
) -> dict[str, object]:
    """``board --json``'s object (the web API's ``/api/board`` too)."""
    payload: dict[str, object] = {
        "board": card_strings(result.board) if not result.all_flops else "all-flops",
        "game": result.game.name,
        "range": result.range,
        "dead": card_strings(result.dead),
        "combos": _number(result.combos),
        "made": {kind.slug: _number(count) for kind, count in result.made.items()},
        "categories": {
            category.slug: _number(count) for category, count in result.categories.items()
        },
        "draws": {draw.slug: _number(count) for draw, count in result.draws.items()},
    }
    if spread is not None:
        payload["against"] = {
            "range": spread.against,
            "equity": spread.equity,
            "runouts": spread.runouts,
            "distribution": list(spread.buckets),
            "combos": [
                {"cards": card_strings(combo.cards), "weight": combo.weight, "equity": combo.equity}
                for combo in spread.combos
            ],
        }
        if by_street:
            payload["by_street"] = {
                "street": _street(len(spread.board)),
                "equity": spread.equity,
                "next_street": _street(len(spread.board) + 1) if spread.next_cards else None,
                "next_cards": {str(card): share for card, share in spread.next_cards.items()},
                "rivers": {
                    str(turn): {str(river): share for river, share in rivers.items()}
                    for turn, rivers in spread.rivers.items()
                },
            }
    return payload


def _street(cards: int) -> str:
    return {3: "flop", 4: "turn", 5: "river"}[cards]


def _print_breakdown(result: BoardBreakdown) -> None:
    from rich.table import Table

    where = (
        Text("every flop")
        if result.all_flops
        else Text("board ").append_text(cards_text(result.board))
    )
    unit = "combo-flops" if result.all_flops else "combos"
    if result.combos == 1:
        unit = unit[:-1]
    title = Text(f"{result.range}", style="bold").append(" on ").append_text(where)
    title.append(f": {_shown(result.combos)} {unit}   {result.game.title}", style="")
    if result.dead:
        title.append("   dead ").append_text(cards_text(result.dead))
    console.print(title)
    for heading, rows in (
        ("made hand", [(kind.label, count) for kind, count in result.made.items()]),
        ("draw", [(draw.label, count) for draw, count in result.draws.items()]),
    ):
        table = Table(box=None, pad_edge=False)
        table.add_column(heading)
        table.add_column(unit, justify="right")
        table.add_column("%", justify="right")
        table.add_column("")
        shown = 0
        for label, count in rows:
            if not count:
                continue
            share = result.share(count)
            table.add_row(label, _shown(count), f"{100 * share:.2f}", _bar(share))
            shown += 1
        if shown:
            console.print(table)
        else:
            console.print(Text(f"no {heading}s", style="dim"))


def _print_distribution(spread: EquityDistribution, *, by_street: bool) -> None:
    from rich.table import Table

    console.print(
        Text(f"equity against {spread.against}: ", style="bold")
        .append(f"{100 * spread.equity:.2f} %")
        .append(f"   ({spread.runouts:,} runouts, exact)", style="dim")
    )
    table = Table(box=None, pad_edge=False)
    table.add_column("equity")
    table.add_column("of the range", justify="right")
    table.add_column("")
    for index, share in enumerate(spread.buckets):
        top = "100" if index == len(spread.buckets) - 1 else f"{10 * index + 10}"
        table.add_row(f"{10 * index}-{top} %", f"{100 * share:.1f} %", _bar(share))
    console.print(table)
    if by_street and spread.next_cards:
        _print_next_cards(spread)


def _print_next_cards(spread: EquityDistribution) -> None:
    from rich.table import Table

    street = _street(len(spread.board) + 1)
    ranked = sorted(spread.next_cards.items(), key=lambda item: item[1], reverse=True)
    console.print(
        Text(f"equity on the {_street(len(spread.board))} {100 * spread.equity:.2f} %; "
             f"by {street} card ({len(ranked)} cards):", style="bold")
    )  # fmt: skip
    table = Table(box=None, pad_edge=False)
    for column in (f"helps most ({street})", "equity %", f"hurts most ({street})", "equity %"):
        table.add_column(column, justify="right" if "%" in column else "left")
    best, worst = ranked[:5], ranked[::-1][:5]
    for (good, good_share), (bad, bad_share) in zip(best, worst, strict=False):
        table.add_row(_card(good), f"{100 * good_share:.2f}", _card(bad), f"{100 * bad_share:.2f}")
    console.print(table)
    console.print(Text(f"every {street} card, equity %", style="bold"))
    grid = Table(box=None, pad_edge=False)
    grid.add_column("")
    for suit in Suit:
        grid.add_column(suit.symbol if unicode_output() else suit.letter, justify="right")
    by_card = {(card.rank, card.suit): share for card, share in spread.next_cards.items()}
    for rank in sorted({card.rank for card in spread.next_cards}, reverse=True):
        cells = [by_card.get((rank, suit)) for suit in Suit]
        grid.add_row(rank.char, *("" if cell is None else f"{100 * cell:.1f}" for cell in cells))
    console.print(grid)
    runouts = spread.runouts_ranked()
    if runouts:
        console.print(Text(f"by turn and river ({len(runouts):,} runouts):", style="bold"))
        table = Table(box=None, pad_edge=False)
        for column in ("helps most (turn river)", "equity %", "hurts most", "equity %"):
            table.add_column(column, justify="right" if "%" in column else "left")
        for (top, top_share), (bottom, bottom_share) in zip(
            runouts[:5], runouts[::-1][:5], strict=True
        ):
            table.add_row(cards_text(top), f"{100 * top_share:.2f}", cards_text(bottom),
                          f"{100 * bottom_share:.2f}")  # fmt: skip
        console.print(table)


def _card(card: Card) -> Text:
    return cards_text([card])
