"""The HTTP API: each endpoint a function of a checked JSON object, answering with the command
line's ``--json`` object (built by the same functions), and the fields it takes.

The fields are declared once (:class:`Field`): the request check and the OpenAPI description
(:func:`openapi`) both read them. Work runs in the library, which refuses too much of it up front
(a :class:`~pokerscore.PokerScoreError`, answered 422 by the server).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Literal

from pokerscore._support.errors import PokerScoreError, shorten
from pokerscore.games.videopoker.paytables import DEFAULT_PAYTABLE

if TYPE_CHECKING:
    from pokerscore._support.progress import Progress
    from pokerscore.cards import Card
    from pokerscore.games.holdem.game import Game
    from pokerscore.games.holdem.ranges import Range
    from pokerscore.games.videopoker.paytables import PayTable
    from pokerscore.web.games import Games

RANGES_KEPT: Final = 64
"""Ranges the server keeps read (:func:`player_input`): the equity page asks about the same few
ranges at every stroke of its grid."""

FieldType = Literal["string", "integer", "number", "boolean", "strings"]

_PYTHON_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "strings": (list,),
}
_WORDS: Final = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "strings": "a list of strings",
}


class RequestError(PokerScoreError):
    """A request the API cannot read: not a JSON object, an unknown or missing field, a field of
    the wrong type (HTTP 400)."""


@dataclass(frozen=True)
class Field:
    """One field of an endpoint's JSON object: its name, JSON type, default (``required`` when
    it has none) and what it means."""

    name: str
    type: FieldType
    help: str
    default: object = None
    required: bool = False


@dataclass(frozen=True)
class Endpoint:
    """``POST /api/<path>``: the fields it reads and the function that answers them."""

    path: str
    summary: str
    fields: tuple[Field, ...]
    answer: Callable[..., dict[str, object]]
    cancellable: bool = False
    """Whether ``answer`` takes ``progress(done, total)``, called as the work advances: the
    server raises there to stop the work of a request whose client has gone."""
    context: bool = False
    """Whether ``answer`` takes ``context``, the server's state (the uploaded files, whether a
    request may name a folder of this machine)."""

    def arguments(self, body: object) -> dict[str, Any]:
        """The answer's keyword arguments from a request's JSON ``body``, or a
        :class:`RequestError` naming the first problem."""
        if not isinstance(body, dict):
            raise RequestError("the request body must be a JSON object")
        known = {field.name for field in self.fields}
        unknown = sorted(name for name in body if name not in known)
        if unknown:
            raise RequestError(
                f'unknown field "{shorten(str(unknown[0]))}": {self.path} takes '
                + ", ".join(field.name for field in self.fields)
            )
        found: dict[str, Any] = {}
        for field in self.fields:
            if field.name not in body or body[field.name] is None:
                if field.required:
                    raise RequestError(f'the field "{field.name}" is required')
                found[field.name] = field.default
                continue
            value = body[field.name]
            kinds = _PYTHON_TYPES[field.type]
            wrong = not isinstance(value, kinds) or (
                isinstance(value, bool) and field.type != "boolean"
            )
            if field.type == "strings" and not wrong:
                wrong = not all(isinstance(item, str) for item in value)
            if wrong:
                raise RequestError(f'the field "{field.name}" must be {_WORDS[field.type]}')
            found[field.name] = value
        return found


def _game(name: str) -> Game:
    from pokerscore.games.holdem.game import get_game

    return get_game(name)  # type: ignore[arg-type]  # any text: get_game names a bad one


def score(cards: str, ranking: str) -> dict[str, object]:
    from pokerscore.cli.commands.hands import score_json
    from pokerscore.hands import best_hand

    return score_json(best_hand(cards, ranking=ranking))


def compare(hands: list[str], ranking: str, same_deck: bool) -> dict[str, object]:
    from pokerscore.cli.commands.hands import compare_json
    from pokerscore.engine import get_ranking
    from pokerscore.hands import best_hand, winners

    if len(hands) < 2:
        raise RequestError('the field "hands" must hold at least two hands')
    rules = get_ranking(ranking)
    scores = [best_hand(hand, ranking=rules) for hand in hands]
    return compare_json(rules, scores, winners(scores, same_deck=same_deck))


def showdown(hands: list[str], board: str, game: str) -> dict[str, object]:
    from pokerscore.cli.commands.holdem import showdown_json
    from pokerscore.games.holdem.showdown import showdown as settle

    return showdown_json(settle(board, hands, game=_game(game)))


@lru_cache(maxsize=RANGES_KEPT)
def player_input(text: str, game: str) -> str | Range:
    """A player's text as ``equity`` takes it: a range of a two-card game read once and kept
    (reading ``random``'s 1,326 combos costs more than sampling 20,000 showdowns), anything else
    the text itself. The library's own order: the text is a range when it is not cards
    (``equity``'s player reading); a text neither reads is left for ``equity`` to refuse."""
    from pokerscore.cards import parse_cards
    from pokerscore.games.holdem.ranges import parse_range

    try:
        rules = _game(game)
    except PokerScoreError:
        return text
    if rules.hole_cards != 2 or not rules.board_cards:
        return text
    try:
        parse_cards(text)
        return text
    except PokerScoreError:
        pass
    try:
        return parse_range(text, ranking=rules.high, hole_cards=2)
    except PokerScoreError:
        return text


def equity(
    players: list[str],
    board: str,
    dead: str,
    game: str,
    exact: bool,
    samples: int | None,
    stderr: float | None,
    seed: int | None,
    progress: Progress | None = None,
) -> dict[str, object]:
    from pokerscore.cli.commands.holdem import equity_json
    from pokerscore.games.holdem.equity import equity as run

    if exact and (samples is not None or stderr is not None or seed is not None):
        raise RequestError(
            '"exact" enumerates every board: "samples", "stderr" and "seed" are for Monte Carlo'
        )
    inputs = [player_input(player, game) for player in players]
    result = run(inputs, board, dead, game=_game(game), method="exact" if exact else "auto",
                 samples=samples, seed=seed, stderr=stderr, progress=progress)  # fmt: skip
    return equity_json(result)


def outs(hole: str, board: str, against: str | None, dead: str, game: str) -> dict[str, object]:
    from pokerscore.cli.commands.board import outs_json
    from pokerscore.games.holdem.board.hand import hand_on_board

    return outs_json(hand_on_board(hole, board, game=_game(game), dead=dead, against=against))


def board(
    range: str,
    board: str,
    dead: str,
    game: str,
    against: str | None,
    by_street: bool,
    progress: Progress | None = None,
) -> dict[str, object]:
    from pokerscore.cli.commands.board import board_json
    from pokerscore.games.holdem.board.breakdown import board_breakdown
    from pokerscore.games.holdem.board.distribution import equity_distribution

    if by_street and against is None:
        raise RequestError('"by_street" needs "against" (the opposing range)')
    rules = _game(game)
    result = board_breakdown(range, board, game=rules, dead=dead)
    spread = None
    if against is not None:
        spread = equity_distribution(
            range, against, board, game=rules, dead=dead, progress=progress
        )
    return board_json(result, spread, by_street=by_street)


def board_classes(
    range: str, board: str, dead: str, game: str, progress: Progress | None = None
) -> dict[str, object]:
    """A two-card range on a board class by class (the board page's grid): for each
    starting-hand class the range holds, its live weighted combos and how many of them make
    each hand and hold each draw (only those above 0), as ``board`` counts them."""
    from pokerscore.games.holdem.board.breakdown import board_breakdown
    from pokerscore.games.holdem.ranges import Range, parse_range

    rules = _game(game)
    if rules.hole_cards != 2 or rules.board_cards == 0:
        raise RequestError(f'"board/classes" is for the two-card games, not "{rules.name}"')
    ranking = rules.high.name
    read = parse_range(range, ranking=ranking)
    groups: dict[str, tuple[list[tuple[Card, ...]], list[float]]] = {}
    for combo, weight in zip(read.combos, read.weights, strict=True):
        name = class_name(combo[0].rank.char, combo[1].rank.char, combo[0].suit == combo[1].suit)
        combos, weights = groups.setdefault(name, ([], []))
        combos.append(combo)
        weights.append(weight)
    found: dict[str, object] = {}
    for done, (name, (combos, weights)) in enumerate(groups.items()):
        part = board_breakdown(Range(tuple(combos), tuple(weights), ranking), board,
                               game=rules, dead=dead)  # fmt: skip
        if progress is not None:
            progress(done, len(groups))
        if not part.combos:
            continue
        found[name] = {
            "combos": float(part.combos),
            "made": {kind.slug: float(count) for kind, count in part.made.items() if count},
            "draws": {draw.slug: float(count) for draw, count in part.draws.items() if count},
        }
    return {"game": rules.name, "range": read.text, "classes": found}


def ranges(
    range: str, game: str, add: list[str], remove: list[str], weight: float, suits: str | None
) -> dict[str, object]:
    """A range read, with hold'em classes or single combos (``AhKh``) added at ``weight`` or
    removed (the grid's strokes, its wheel and its suit picker): its normalised text, its
    combos, and for two-card games how much of each starting-hand class it holds (weighted
    combos over the class's combos), with ``suits`` a class's combos and their weights (0 for
    those it does not hold). An empty text with nothing added is the empty range."""
    from pokerscore.games.holdem.ranges import Range, parse_range

    rules = _game(game)
    if rules.board_cards == 0:
        raise RequestError(f'ranges are for board games, not "{rules.name}"')
    ranking = rules.high.name
    if (add or remove or suits) and rules.hole_cards != 2:
        raise RequestError('"add" and "remove" take hold\'em classes: the game is ' + rules.name)
    if not 0 < weight <= 1:
        raise RequestError('the field "weight" must be above 0 and at most 1')
    if range.strip():
        read = parse_range(range, ranking=ranking, hole_cards=rules.hole_cards)
    else:
        read = Range((), (), ranking, rules.hole_cards)
    if add or remove:
        weights = dict(zip(read.combos, read.weights, strict=True))
        for name in remove:
            for combo in _class_or_combo(name, ranking):
                weights.pop(combo, None)
        for name in add:
            weights.update(dict.fromkeys(_class_or_combo(name, ranking), float(weight)))
        read = Range(tuple(weights), tuple(weights.values()), ranking, rules.hole_cards)
    payload: dict[str, object] = {
        "game": rules.name,
        "range": read.text if len(read) else "",
        "combos": len(read),
    }
    if rules.hole_cards == 2:
        held: dict[str, float] = {}
        for combo, weight in zip(read.combos, read.weights, strict=True):
            high, low = combo[0].rank.char, combo[1].rank.char
            name = class_name(high, low, combo[0].suit == combo[1].suit)
            held[name] = held.get(name, 0.0) + weight
        sizes = {name: len(Range.from_class(name, ranking=ranking)) for name in held}
        payload["classes"] = {name: held[name] / sizes[name] for name in held}
        if suits is not None:
            weights = dict(zip(read.combos, read.weights, strict=True))
            payload["suits"] = {
                "".join(map(str, combo)): weights.get(combo, 0.0)
                for combo in Range.from_class(suits, ranking=ranking)
            }
    return payload


def _class_or_combo(name: str, ranking: str) -> Range:
    """A starting-hand class (``AKs``) or one combo of two cards (``AhKh``) as a range."""
    from pokerscore.cards.card import SUIT_LETTERS
    from pokerscore.games.holdem.ranges import Range, parse_range

    if len(name) == 4 and name[1].lower() in SUIT_LETTERS and name[3].lower() in SUIT_LETTERS:
        return parse_range(name, ranking=ranking)
    return Range.from_class(name, ranking=ranking)


def class_name(high: str, low: str, suited: bool) -> str:
    """A combo's starting-hand class from its ranks, highest first: ``AKs``, ``AKo``, ``QQ``."""
    return high + low if high == low else high + low + ("s" if suited else "o")


def grid(game: str) -> dict[str, object]:
    """The starting-hand classes in 13 x 13 grid order (suited right of the pair)."""
    from pokerscore.games.holdem.ranges import Range

    rules = _game(game)
    return {"game": rules.name, "classes": list(Range.starting_hands(rules.high.name))}


def top(percent: float) -> dict[str, object]:
    """The top ``percent`` % of hold'em's classes in pokerscore's order (``top_classes``)."""
    from pokerscore.games.holdem.ranges import parse_range, top_classes

    names = top_classes(percent)
    combos = sum(len(parse_range(name)) for name in names)
    return {"percent": percent, "classes": list(names), "combos": combos}


def advise(cards: str, paytable: str, coins: int) -> dict[str, object]:
    from pokerscore.cli.commands.videopoker import advise_json
    from pokerscore.games.videopoker.advisor import advise as run

    table = _table(paytable, coins)
    return advise_json(table, coins, run(cards, table, coins=coins), {})


def _table(paytable: str, coins: int) -> PayTable:
    """A built-in pay table by name (the server reads no file a request names), coins checked."""
    from pokerscore.games.videopoker.paytables import MAX_COINS, PAYTABLES

    table = PAYTABLES.get(paytable)
    if table is None:  # a name only: the server reads no file a request names
        raise RequestError(
            f'unknown pay table "{shorten(paytable)}": use one of {", ".join(PAYTABLES)}'
        )
    if not 1 <= coins <= MAX_COINS:
        raise RequestError(f'the field "coins" must be 1 to {MAX_COINS}')
    return table


def analyze(paytable: str, coins: int, progress: Progress | None = None) -> dict[str, object]:
    """A pay table's exact return under perfect play and each final hand's probability."""
    from pokerscore.cli.commands.videopoker import analyze_json
    from pokerscore.games.videopoker.analysis import analyze as run

    table = _table(paytable, coins)
    return analyze_json(table, coins, run(table, coins=coins, progress=progress))


def strategy(
    paytable: str, coins: int, lines: int | None, progress: Progress | None = None
) -> dict[str, object]:
    """A pay table's strategy list, best line first, with its return and exceptions."""
    from pokerscore.cli.commands.videopoker import strategy_json
    from pokerscore.games.videopoker.strategy.generate import generate_strategy

    table = _table(paytable, coins)
    if lines is not None and not 2 <= lines <= 500:
        raise RequestError('the field "lines" must be 2 to 500')
    generated = generate_strategy(table, coins=coins, lines=lines, progress=progress)
    return strategy_json(table, coins, generated)


def game_start(
    paytable: str, coins: int, credits: int | None, seed: int | None, trainer: bool, context: Any
) -> dict[str, object]:
    """Sit down at a machine: the terminal game's session on its history (``credits`` None
    carries on the stored bankroll and a hand left in play at this pay table)."""
    from pokerscore.games.videopoker.session import VideoPokerSession
    from pokerscore.web.games import game_json

    table = _table(paytable, coins)
    games: Games = context.games
    game = games.start(VideoPokerSession, paytable=table, coins=coins, credits=credits,
                       seed=seed, trainer=trainer)  # fmt: skip
    with games.use(game) as session:
        return game_json(game, session)


def game_deal(game: str, coins: int | None, context: Any) -> dict[str, object]:
    """Deal five cards (the bet, changed first if ``coins`` says so, is charged now)."""
    from pokerscore.web.games import game_json

    games: Games = context.games
    with games.use(game) as session:
        if coins is not None:
            session.set_bet(coins)
        session.deal()
        return game_json(game, session)


def game_draw(game: str, hold: int, context: Any) -> dict[str, object]:
    """Draw to the held cards (``hold``: bit i holds card i): the final hand, the win, and the
    trainer's verdict on the hold."""
    from pokerscore.games.videopoker.strategy.words import name_mistake
    from pokerscore.web.games import game_json, outcome_json

    if not 0 <= hold <= 31:
        raise RequestError('the field "hold" must be 0 to 31 (bit i holds card i)')
    games: Games = context.games
    with games.use(game) as session:
        for index in range(5):
            if (session.hold >> index ^ hold >> index) & 1:
                session.toggle_hold(index)
        outcome = session.draw()
        words = None
        if session.trainer and outcome.mistake:
            try:
                words = name_mistake(session.paytable, outcome.dealt, outcome.hold,
                                     outcome.best.mask)  # fmt: skip
            except PokerScoreError:
                words = None
        return {**game_json(game, session), "outcome": outcome_json(outcome, words)}


def game_end(game: str, context: Any) -> dict[str, object]:
    """Leave the machine: a hand in play waits, paid for, for the next game at its pay table."""
    games: Games = context.games
    return {"game": game, "ended": games.end(game)}


def paytables() -> dict[str, object]:
    """The built-in pay tables (``videopoker paytables --json``)."""
    from pokerscore.cli.commands.videopoker import paytables_json
    from pokerscore.games.videopoker.paytables import PAYTABLES

    return paytables_json(list(PAYTABLES.values()))


def _later(module: str, name: str) -> Callable[..., dict[str, object]]:
    """``pokerscore.web.<module>.<name>``, imported at its first call."""

    def answer(**arguments: Any) -> dict[str, object]:
        from importlib import import_module

        found: Callable[..., dict[str, object]] = getattr(
            import_module(f"pokerscore.web.{module}"), name
        )
        return found(**arguments)

    return answer


_HISTORIES: Final = (
    Field("upload", "string", "an upload's id (POST /api/histories/upload)"),
    Field("folder", "string", "or a folder of this machine (absolute; a server on localhost)"),
    Field("format", "string", "auto (told from each file), phh, pokerstars, …", "auto"),
)

_DATABASE: Final = Field(
    "database",
    "string",
    "a database of hands made by pokerscore histories import: a DuckDB "
    "file of this machine, its absolute path (a server on localhost)",
    required=True,
)
_WHERE: Final = Field(
    "where", "string", "a filter over the rows: position = 'BTN' and net > 0 (the --where grammar)"
)

_GAME = Field(
    "game", "string", "holdem, omaha, omaha-5, …, short-deck, stud, stud-8, razz", "holdem"
)
_PAYTABLE = Field("paytable", "string", "a built-in pay table", DEFAULT_PAYTABLE)
_COINS = Field("coins", "integer", "coins bet, 1 to 5", 5)
_GAME_ID = Field("game", "string", "the id videopoker/game/start gave", required=True)
_RANKING = Field("ranking", "string", "a ranking: high, ace-to-five, deuce-to-seven, …", "high")

ENDPOINTS: Final[tuple[Endpoint, ...]] = (
    Endpoint("score", "Score a hand of 5 to 7 cards (pokerscore score --json)",
             (Field("cards", "string", "5 to 7 cards: Ah Kh Qh Jh Th", required=True), _RANKING),
             score),
    Endpoint("compare", "Compare hands: who wins (pokerscore compare --json; winners from 0)",
             (Field("hands", "strings", "two or more hands", required=True), _RANKING,
              Field("same_deck", "boolean", "refuse a card held by two hands", False)), compare),
    Endpoint("showdown", "Settle a showdown (pokerscore showdown --json)",
             (Field("hands", "strings", "each player's hole cards", required=True),
              Field("board", "string", "the board", ""), _GAME), showdown),
    Endpoint("equity", "Equity of hands or ranges, exact or Monte Carlo (pokerscore equity --json)",
             (Field("players", "strings", "each player's hand or range", required=True),
              Field("board", "string", "0, 3, 4 or 5 board cards", ""),
              Field("dead", "string", "cards out of play", ""), _GAME,
              Field("exact", "boolean", "enumerate every board", False),
              Field("samples", "integer", "Monte Carlo showdowns"),
              Field("stderr", "number", "Monte Carlo until every standard error is this small"),
              Field("seed", "integer", "Monte Carlo seed")), equity, cancellable=True),
    Endpoint("outs", "One hand on a board: made hand, draws, outs (pokerscore outs --json)",
             (Field("hole", "string", "the hole cards", required=True),
              Field("board", "string", "3, 4 or 5 board cards", required=True),
              Field("against", "string", "an opponent's hand"),
              Field("dead", "string", "cards out of play", ""), _GAME), outs),
    Endpoint("board", "A range on a board: classes and draws (pokerscore board --json)",
             (Field("range", "string", "a range: QQ+, AKs", required=True),
              Field("board", "string", "3, 4 or 5 board cards", required=True),
              Field("dead", "string", "cards out of play", ""), _GAME,
              Field("against", "string", "an opposing range: the equity distribution"),
              Field("by_street", "boolean", "with against: the equity card by card (on a flop each "
                    "turn and river too)", False)),
             board, cancellable=True),
    Endpoint("board/classes", "A two-card range on a board class by class: each class's "
             "combos, made hands and draws (the board page's grid)",
             (Field("range", "string", "a range: QQ+, AKs", required=True),
              Field("board", "string", "3, 4 or 5 board cards", required=True),
              Field("dead", "string", "cards out of play", ""), _GAME), board_classes,
             cancellable=True),
    Endpoint("ranges", "Read a range: normalised text, combos, share of each class",
             (Field("range", "string", "a range: QQ+, AKs, 15% ('' is empty)", required=True),
              _GAME, Field("add", "strings", "hold'em classes or combos (AhKh) to add", []),
              Field("remove", "strings", "hold'em classes or combos (AhKh) to remove", []),
              Field("weight", "number", "the weight of what add adds: above 0, at most 1", 1.0),
              Field("suits", "string", "a class (AKs): its combos and their weights")), ranges),
    Endpoint("ranges/grid", "The 13 x 13 grid's classes, row by row", (_GAME,), grid),
    Endpoint("ranges/top", "The top percent of classes in pokerscore's order (top_classes)",
             (Field("percent", "number", "0 to 100", required=True),), top),
    Endpoint("videopoker/advise", "Every hold of a deal with its exact return "
             "(pokerscore videopoker advise --json)",
             (Field("cards", "string", "the five dealt cards", required=True),
              Field("paytable", "string", "a built-in pay table", DEFAULT_PAYTABLE),
              Field("coins", "integer", "coins bet, 1 to 5", 5)), advise),
    Endpoint("videopoker/paytables", "The built-in pay tables "
             "(pokerscore videopoker paytables --json)", (), paytables),
    Endpoint("videopoker/analyze", "A pay table's exact return under perfect play "
             "(pokerscore videopoker analyze --json)", (_PAYTABLE, _COINS), analyze,
             cancellable=True),
    Endpoint("videopoker/strategy", "A pay table's strategy list "
             "(pokerscore videopoker strategy --json)",
             (_PAYTABLE, _COINS, Field("lines", "integer", "a short list of at most this many "
                                       "lines, 2 to 500 (none: the full list)")),
             strategy, cancellable=True),
    Endpoint("videopoker/game/start", "Sit down at a machine: the terminal game's session and "
             "SQLite history", (_PAYTABLE, _COINS,
              Field("credits", "integer", "a new bankroll (none: carry on the stored one)"),
              Field("seed", "integer", "reproducible deals: hand i is deal(seed + i)"),
              Field("trainer", "boolean", "judge each hold against the best", True)),
             game_start, context=True),
    Endpoint("videopoker/game/deal", "Deal five cards (the bet charged now)",
             (_GAME_ID, Field("coins", "integer", "change the bet first, 1 to 5")), game_deal,
             context=True),
    Endpoint("videopoker/game/draw", "Draw to the held cards: the hand, the win, the verdict",
             (_GAME_ID, Field("hold", "integer", "bit i holds card i (0 to 31)", required=True)),
             game_draw, context=True),
    Endpoint("videopoker/game/end", "Leave the machine (a hand in play waits for the next game)",
             (_GAME_ID,), game_end, context=True),
    Endpoint("histories/report", "Replay hand histories: the summary and each player's figures "
             "(pokerscore histories --json), a player's running net and all-in EV net",
             (*_HISTORIES, Field("player", "string", "a player followed hand by hand: series")),
             _later("histories", "report"), cancellable=True, context=True),
    Endpoint("histories/hands", "The hands, one row each, filtered and paged",
             (*_HISTORIES, Field("player", "string", "a player's hands (net, all-in EV, …)"),
              Field("game", "string", "one variant: NT, PO, FO/8, …"),
              Field("position", "string", "with player: BTN, SB, BB, UTG, …, CO"),
              Field("min_net", "number", "with player: net at least this"),
              Field("max_net", "number", "with player: net at most this"),
              Field("offset", "integer", "rows to skip", 0),
              Field("limit", "integer", "rows to give, 1 to 500", 100)),
             _later("histories", "hands"), cancellable=True, context=True),
    Endpoint("histories/hand", "One hand replayed step by step: stacks, pot, board, each "
             "action, the all-in equity",
             (*_HISTORIES, Field("file", "string", "the file, as the hand list names it", required=True),
              Field("hand", "integer", "the hand's number in its file", required=True)),
             _later("histories", "one_hand"), cancellable=True, context=True),
    Endpoint("histories/database/report", "A database of hands: each player's figures "
             "(pokerscore histories report --json), filtered and grouped, a player's running net "
             "and all-in EV net",
             (_DATABASE, Field("player", "string", "a player followed hand by hand: series"),
              _WHERE, Field("by", "string", "groups: position, stakes, month, game or site")),
             _later("histories", "database_report"), context=True),
    Endpoint("histories/database/hands", "A database's hands in import order, filtered and paged",
             (_DATABASE, Field("player", "string", "a player's hands (net, all-in EV, …)"),
              _WHERE, Field("offset", "integer", "rows to skip", 0),
              Field("limit", "integer", "rows to give, 1 to 500", 100)),
             _later("histories", "database_list"), context=True),
    Endpoint("histories/database/hand", "One hand of a database, rebuilt from its stored "
             "actions and replayed step by step",
             (_DATABASE, Field("seq", "integer", "the hand's place in the import order (the "
                               "hand list's seq)", required=True)),
             _later("histories", "database_one_hand"), context=True),
    Endpoint("preflop", "Each class's preflop equity against a random hand (the shipped table, "
             "as pokerscore preflop --json) or against one class",
             (Field("against", "string", "random, or a class: AA, AKs, T9o", "random"),),
             _later("preflop", "preflop")),
)  # fmt: skip

BY_PATH: Final[Mapping[str, Endpoint]] = {endpoint.path: endpoint for endpoint in ENDPOINTS}


def openapi() -> dict[str, object]:
    """The API's OpenAPI 3.1 description, from :data:`ENDPOINTS`."""
    from pokerscore import __version__

    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    paths: dict[str, object] = {}
    for endpoint in ENDPOINTS:
        properties: dict[str, object] = {}
        for field in endpoint.fields:
            schema: dict[str, object] = (
                {"type": "array", "items": {"type": "string"}}
                if field.type == "strings"
                else {"type": field.type}
            )
            schema["description"] = field.help
            if field.default is not None:
                schema["default"] = field.default
            properties[field.name] = schema
        required = [field.name for field in endpoint.fields if field.required]
        body = {"type": "object", "properties": properties, "additionalProperties": False}
        if required:
            body["required"] = required
        paths[f"/api/{endpoint.path}"] = {
            "post": {
                "summary": endpoint.summary,
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": body}},
                },
                "responses": {
                    "200": {"description": "the command line's --json object"},
                    "400": {"description": "a request the API cannot read", "content": error},
                    "413": {"description": "a body past the size limit", "content": error},
                    "422": {"description": "the library refused the input", "content": error},
                },
            }
        }
    paths["/api/histories/upload"] = {
        "post": {
            "summary": "Upload one hand-history file (the raw bytes as the body); repeat with "
            "upload=ID to add files to an upload",
            "parameters": [
                {"name": "name", "in": "query", "required": True, "description":
                 "the file's name, ending .phh, .phhs or .txt", "schema": {"type": "string"}},
                {"name": "upload", "in": "query", "required": False, "description":
                 "an upload's id to add the file to (none: a new upload)",
                 "schema": {"type": "string"}},
            ],
            "requestBody": {
                "required": True,
                "content": {"application/octet-stream": {"schema": {"type": "string",
                                                                   "format": "binary"}}},
            },
            "responses": {
                "200": {"description": "the upload: its id, its files and their bytes"},
                "400": {"description": "a name or id the API cannot read", "content": error},
                "413": {"description": "past the size limits", "content": error},
            },
        }
    }  # fmt: skip
    return {
        "openapi": "3.1.0",
        "info": {"title": "pokerscore", "version": __version__},
        "paths": paths,
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "properties": {"error": {"type": "string", "description": "one line"}},
                    "required": ["error"],
                }
            }
        },
    }
