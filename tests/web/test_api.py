"""The HTTP API over a real server on localhost: every endpoint with good and bad input (the
command line fuzz's inputs too), the command line's --json objects, one-line errors as JSON with
4xx, and concurrent clients."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerscore.cards import PokerScoreError
from pokerscore.cli.commands.board import board_json, outs_json
from pokerscore.cli.commands.hands import compare_json, score_json
from pokerscore.cli.commands.holdem import equity_json, showdown_json
from pokerscore.games.holdem.board.breakdown import board_breakdown
from pokerscore.games.holdem.board.hand import hand_on_board
from pokerscore.games.holdem.equity import equity
from pokerscore.games.holdem.game import get_game
from pokerscore.games.holdem.ranges import parse_range
from pokerscore.games.holdem.showdown import showdown
from pokerscore.hands import best_hand, winners
from pokerscore.web.api import ENDPOINTS
from pokerscore.web.app import MAX_BODY_BYTES, STATIC
from tests.cli.test_cli_fuzz import games, hand_text, range_words, ranking_names
from tests.web.conftest import Server

pytestmark = pytest.mark.slow  # a server process, kernels compiled on first use


def test_score_is_the_cli_object(server: Server) -> None:
    status, payload = server.post("score", {"cards": "Th Jh Qh Kh Ah"})
    assert status == 200
    assert payload == score_json(best_hand("Th Jh Qh Kh Ah"))
    assert payload["category"] == "royal-flush" and payload["value"] == 7462  # 7,462 classes


def test_score_in_another_ranking(server: Server) -> None:
    status, payload = server.post("score", {"cards": "7c 5d 4h 3s 2c", "ranking": "deuce-to-seven"})
    assert status == 200 and payload["ranking"] == "deuce-to-seven"
    assert payload == score_json(best_hand("7c 5d 4h 3s 2c", ranking="deuce-to-seven"))


def test_compare(server: Server) -> None:
    hands = ["5h 5c 6s 7s Kd", "2c 3s 8s 8d Td"]
    status, payload = server.post("compare", {"hands": hands})
    assert status == 200 and payload["winners"] == [1]  # eights beat fives
    scores = [best_hand(hand) for hand in hands]
    assert payload == compare_json(scores[0].ranking, scores, winners(scores))


def test_showdown(server: Server) -> None:
    body = {"hands": ["Ah Kh", "Qs Qd"], "board": "Qh Jh Th 2c 3d"}
    status, payload = server.post("showdown", body)
    assert status == 200 and payload["winners"] == [1]  # a royal flush (players from 1)
    assert payload["players"][0]["description"] == "Royal Flush"
    assert payload == showdown_json(showdown(body["board"], body["hands"]))


def test_equity_exact_heads_up(server: Server) -> None:
    status, payload = server.post("equity", {"players": ["AhAs", "KK"], "exact": True})
    assert status == 200 and payload["method"] == "exact"
    assert payload["boards"] == 6 * 1_712_304  # C(48, 5) boards for each of the six KK
    assert payload == equity_json(equity(["AhAs", "KK"], method="exact"))
    assert 0.81 < payload["players"][0]["equity"] < 0.83  # AA against KK: about 82 %


def test_equity_sampled_repeats_with_its_seed(server: Server) -> None:
    body = {"players": ["QQ+", "random", "AKs"], "samples": 2000, "seed": 7}
    status, payload = server.post("equity", body)
    assert status == 200 and payload["method"] == "monte-carlo" and payload["seed"] == 7
    expected = equity(["QQ+", "random", "AKs"], samples=2000, seed=7)
    assert payload == equity_json(expected)


def test_the_ranges_read_once_answer_as_the_text_would() -> None:
    """The server reads a two-card game's range once and keeps it (the equity page asks about
    the same ranges at every stroke): the answer is the library's on the text, its range's name
    included; cards, Omaha and stud texts, and a text that is no range, go to the library as
    they came (its own reading and refusal)."""
    from pokerscore.games.holdem.ranges import Range
    from pokerscore.web.api import equity as answer
    from pokerscore.web.api import player_input

    kept = player_input("random", "holdem")
    assert isinstance(kept, Range) and player_input("random", "holdem") is kept
    assert isinstance(player_input("66+, A9s", "short-deck"), Range)
    for text, game in (("AhAs", "holdem"), ("Ah As", "holdem"), ("AAKK", "omaha"),
                       ("random", "omaha"), ("Ah As Kd", "stud"), ("QQ+, Zx", "holdem"),
                       ("random", "no-such-game")):  # fmt: skip
        assert player_input(text, game) == text
    for players, game in ((["JJ+, AKs", "random"], "holdem"), (["AhAs", "22+"], "holdem"),
                          (["AA", "66+, A9s"], "short-deck")):  # fmt: skip
        shown = answer(players, "", "", game, False, 3000, None, 11)
        assert shown == equity_json(equity(players, game=game, samples=3000, seed=11))
    with pytest.raises(PokerScoreError) as refused:
        answer(["QQ+, Zx", "random"], "", "", "holdem", False, 3000, None, 11)
    with pytest.raises(PokerScoreError) as library:
        equity(["QQ+, Zx", "random"], samples=3000, seed=11)
    assert str(refused.value) == str(library.value)


def test_equity_omaha(server: Server) -> None:
    body = {"players": ["Ah As Kd Qc", "7h 8h 9c Tc"], "board": "2h 3h Jd", "game": "omaha"}
    status, payload = server.post("equity", body)
    assert status == 200 and payload["game"] == "omaha" and payload["method"] == "exact"
    omaha = get_game("omaha")
    assert payload == equity_json(equity(body["players"], body["board"], game=omaha))


def test_outs(server: Server) -> None:
    status, payload = server.post("outs", {"hole": "Ah Kh", "board": "2h 7h 9c"})
    assert status == 200
    hearts = {f"{rank}h" for rank in "345689TJQ"}
    assert set(payload["outs_by_hand"]["flush"]) == hearts  # the nine hearts left
    assert payload == outs_json(hand_on_board("Ah Kh", "2h 7h 9c"))


def test_board(server: Server) -> None:
    status, payload = server.post("board", {"range": "AA, KK", "board": "As Kd 7c"})
    assert status == 200
    assert payload["combos"] == 3 + 3  # card removal: three of each pair are left
    assert payload["made"]["set"] == 6
    assert payload == board_json(board_breakdown("AA, KK", "As Kd 7c"), None, by_street=False)


def test_board_against_a_range(server: Server) -> None:
    body = {"range": "AA", "board": "As Kd 7c 2h", "against": "KK", "by_street": True}
    status, payload = server.post("board", body)
    assert status == 200
    # A set of aces against a set of kings on the turn: the kings win only with the last king.
    assert payload["against"]["equity"] == pytest.approx(1 - 1 / 44)


def test_ranges(server: Server) -> None:
    status, payload = server.post("ranges", {"range": "qq+ aks 0.5(KQo)"})
    assert status == 200
    assert payload == {
        "game": "holdem",
        "range": "QQ+, AKs, 0.5(KQo)",
        "combos": 6 * 3 + 4 + 12,
        "classes": {"AA": 1.0, "KK": 1.0, "QQ": 1.0, "AKs": 1.0, "KQo": 0.5},
    }


def test_ranges_grid_strokes_add_and_remove_classes(server: Server) -> None:
    status, payload = server.post(
        "ranges", {"range": "QQ+, AhKh", "add": ["22", "AKs"], "remove": ["KK"]}
    )
    assert status == 200
    assert payload["range"] == parse_range("AA, QQ, 22, AKs").text
    assert payload["classes"] == {"AA": 1.0, "QQ": 1.0, "22": 1.0, "AKs": 1.0}
    status, payload = server.post("ranges", {"range": "AA", "remove": ["AA"]})
    assert (status, payload["range"], payload["combos"]) == (200, "", 0)


def test_ranges_omaha(server: Server) -> None:
    status, payload = server.post("ranges", {"range": "AAKK", "game": "omaha"})
    assert status == 200 and "classes" not in payload
    assert payload["combos"] == 6 * 6  # two aces of four, two kings of four


def test_ranges_weights_single_combos_and_suits(server: Server) -> None:
    body = {"range": "KK", "add": ["AA", "AhKh"], "weight": 0.25}
    status, payload = server.post("ranges", body)
    assert status == 200
    assert payload["range"] == parse_range("KK, 0.25(AA, AhKh)").text
    assert payload["combos"] == 6 + 6 + 1
    assert payload["classes"] == {"KK": 1.0, "AA": 0.25, "AKs": 0.25 / 4}
    body = {"range": payload["range"], "remove": ["AsAh"], "suits": "AA"}
    status, payload = server.post("ranges", body)
    assert status == 200 and payload["combos"] == 6 + 5 + 1
    # AA's six combos, highest card first; the one taken out is there at weight 0.
    assert payload["suits"] == {"AsAh": 0.0, "AsAd": 0.25, "AsAc": 0.25, "AhAd": 0.25,
                                "AhAc": 0.25, "AdAc": 0.25}  # fmt: skip
    status, payload = server.post("ranges", {"range": "", "suits": "T9o", "game": "short-deck"})
    assert status == 200 and len(payload["suits"]) == 12 and set(payload["suits"].values()) == {0}


def test_board_classes(server: Server) -> None:
    body = {"range": "AA, KK, 0.5(JTs)", "board": "As Kd Qh"}
    status, payload = server.post("board/classes", body)
    assert status == 200 and payload["range"] == "KK+, 0.5(JTs)"
    classes = payload["classes"]
    assert classes["AA"] == {"combos": 3.0, "made": {"set": 3.0}, "draws": {}}  # As is out
    assert classes["KK"] == {"combos": 3.0, "made": {"set": 3.0}, "draws": {}}  # Kd is out
    # Four JTs at half weight make broadway; three of them (not clubs) share a suit with one
    # board card: a backdoor flush draw.
    assert classes["JTs"] == {"combos": 2.0, "made": {"straight": 2.0},
                              "draws": {"backdoor-flush-draw": 1.5}}  # fmt: skip


def test_grid_and_top(server: Server) -> None:
    status, payload = server.post("ranges/grid", {})
    assert status == 200 and len(payload["classes"]) == 169
    assert payload["classes"][:2] == ["AA", "AKs"] and payload["classes"][13] == "AKo"
    status, payload = server.post("ranges/top", {"percent": 2})
    assert status == 200
    assert payload == {"percent": 2, "classes": ["AA", "KK", "QQ", "JJ", "TT"], "combos": 30}


def test_videopoker_advise(server: Server) -> None:
    body = {"cards": "Ah Kh Qh Jh Th", "paytable": "jacks-or-better-9-6", "coins": 5}
    status, payload = server.post("videopoker/advise", body)
    assert status == 200 and len(payload["holds"]) == 32
    best = payload["holds"][0]
    assert best["mask"] == 31 and best["ev"] == 800  # the royal pays 4,000 for 5 coins


def test_videopoker_paytables(server: Server) -> None:
    from pokerscore.cli.commands.videopoker import paytables_json
    from pokerscore.games.videopoker.paytables import PAYTABLES

    status, payload = server.post("videopoker/paytables", {})
    assert status == 200 and payload == paytables_json(list(PAYTABLES.values()))
    jacks = next(table for table in payload["paytables"] if table["name"] == "jacks-or-better-9-6")
    pays = {pay["name"]: pay["per_coin"] for pay in jacks["classes"]}
    assert pays["full-house"] == [9] * 5 and pays["flush"] == [6] * 5  # what 9/6 means


def test_videopoker_analyze(server: Server) -> None:
    from pokerscore.cli.commands.videopoker import analyze_json
    from pokerscore.games.videopoker.analysis import analyze
    from pokerscore.games.videopoker.paytables import PAYTABLES

    status, payload = server.post("videopoker/analyze", {"paytable": "jacks-or-better-9-6"})
    assert status == 200
    assert round(payload["return"], 6) == 0.995439  # the published 99.54 % of 9/6 Jacks
    table = PAYTABLES["jacks-or-better-9-6"]
    assert payload == analyze_json(table, 5, analyze(table, coins=5))


def test_videopoker_strategy(server: Server) -> None:
    from pokerscore.cli.commands.videopoker import strategy_json
    from pokerscore.games.videopoker.paytables import PAYTABLES
    from pokerscore.games.videopoker.strategy.generate import generate_strategy

    # 3 lines, not 10: the list is built twice (by the server, then here), and the search for
    # a short list grows with its length (benchmarks/compile.md, session 27).
    body = {"paytable": "jacks-or-better-9-6", "lines": 3}
    status, payload = server.post("videopoker/strategy", body)
    assert status == 200
    table = PAYTABLES["jacks-or-better-9-6"]
    assert payload == strategy_json(table, 5, generate_strategy(table, coins=5, lines=3))
    assert payload["return"] <= payload["optimal_return"]  # a short list costs something


def test_videopoker_game_on_the_history(server: Server) -> None:
    from pokerscore.games.videopoker.deal import deal
    from pokerscore.games.videopoker.history import open_history

    status, game = server.post("videopoker/game/start", {"credits": 100, "seed": 7, "coins": 1})
    assert status == 200 and game["phase"] == "ready" and game["credits"] == 100
    status, dealt = server.post("videopoker/game/deal", {"game": game["game"], "coins": 2})
    assert status == 200 and dealt["phase"] == "holding" and dealt["credits"] == 98
    ten = deal(7)
    assert dealt["cards"] == [str(card) for card in ten[:5]]  # hand 0 of seed 7: deal(7)
    status, drawn = server.post("videopoker/game/draw", {"game": game["game"], "hold": 0})
    assert status == 200 and drawn["phase"] == "ready"
    outcome = drawn["outcome"]
    assert outcome["final"] == [str(card) for card in ten[5:]]  # all five replaced, in order
    assert drawn["credits"] == 98 + outcome["win"] and drawn["stats"]["hands"] == 1
    lost = (outcome["best"]["ev"] - outcome["hold_ev"]) * 2  # per coin, two coins bet
    assert outcome["ev_lost"] == pytest.approx(lost) and outcome["mistake"] == (lost > 0)
    status, ended = server.post("videopoker/game/end", {"game": game["game"]})
    assert (status, ended["ended"]) == (200, True)
    status, payload = server.post("videopoker/game/deal", {"game": game["game"]})
    assert status == 422 and "no game" in payload["error"]
    assert server.history is not None
    with open_history(server.history, read_only=True) as store:
        hands = store.summary(10).overall.hands
    assert hands >= 1  # the terminal game's history holds the hand


# Bad input: one line of error, 400 for a request the API cannot read, 422 for the library's no.
BAD = [
    ("score", {"cards": "Ah Kh Qh Jh Xx"}, 422, "invalid card"),
    ("score", {"cards": "Ah Kh Qh Jh Th 9h 8h 7h"}, 422, "1 to 7 cards"),
    ("score", {"cards": "Ah Kh", "ranking": "deuce-to-seven"}, 422, "5 to 7 cards"),
    ("score", {"cards": "Ah Kh Qh Jh Th", "ranking": "nope"}, 422, "ranking"),
    ("score", {}, 400, '"cards" is required'),
    ("score", {"cards": 5}, 400, "must be a string"),
    ("score", {"cards": "Ah Kh Qh Jh Th", "extra": 1}, 400, 'unknown field "extra"'),
    ("score", [1, 2], 400, "JSON object"),
    ("compare", {"hands": ["Ah Kh Qh Jh Th"]}, 400, "at least two"),
    ("compare", {"hands": ["Ah Kh Qh Jh Th", 3]}, 400, "list of strings"),
    ("compare", {"hands": ["Ah Kh Qh Jh Th", "Ah 2c 3c 4c 5c"], "same_deck": True}, 422, "Ah"),
    ("showdown", {"hands": ["Ah Kh", "Ah Qd"], "board": "2c 3c 4c 5d 9s"}, 422, "Ah"),
    ("showdown", {"hands": ["Ah Kh"], "game": "chess"}, 422, 'unknown game "chess"'),
    ("equity", {"players": ["AA"]}, 422, "player"),
    ("equity", {"players": ["AA", "QQ++"]}, 422, "range"),
    ("equity", {"players": ["AA", "KK"], "exact": True, "samples": 10}, 400, "Monte Carlo"),
    ("equity", {"players": ["AA", "KK"], "samples": "many"}, 400, "integer"),
    ("equity", {"players": ["AA", "KK"], "samples": True}, 400, "integer"),
    ("equity", {"players": ["random"] * 6, "exact": True}, 422, "would judge about"),
    ("equity", {"players": ["AA", "KK"], "samples": 10**15}, 422, "samples"),
    ("outs", {"hole": "Ah Kh", "board": "2h"}, 422, "board"),
    ("board", {"range": "AA", "board": "As Kd 7c", "by_street": True}, 400, "against"),
    ("board", {"range": "AA", "board": "As Kd"}, 422, "board"),
    ("ranges", {"range": "AKx"}, 422, "invalid range"),
    ("ranges", {"range": "AA", "add": ["AKq"]}, 422, "starting-hand class"),
    ("ranges", {"range": "AAKK", "game": "omaha", "add": ["AA"]}, 400, "hold'em classes"),
    ("ranges", {"range": "AA", "game": "stud"}, 400, "board games"),
    ("ranges/top", {"percent": 101}, 422, "percent must be a number from 0 to 100"),
    ("videopoker/advise", {"cards": "Ah Kh Qh Jh"}, 422, "5 cards"),
    ("videopoker/advise", {"cards": "Ah Kh Qh Jh Th", "paytable": "/etc/passwd"}, 400, "unknown pay table"),
    ("videopoker/advise", {"cards": "Ah Kh Qh Jh Th", "coins": 9}, 400, "coins"),
    ("videopoker/paytables", {"paytable": "x"}, 400, 'unknown field "paytable"'),
    ("videopoker/analyze", {"paytable": "mine.toml"}, 400, "unknown pay table"),
    ("videopoker/analyze", {"coins": 0}, 400, "coins"),
    ("videopoker/strategy", {"lines": 1}, 400, '"lines" must be 2 to 500'),
    ("videopoker/game/start", {"credits": -1}, 422, "credits are 0 to"),
    ("videopoker/game/start", {"paytable": "/etc/passwd"}, 400, "unknown pay table"),
    ("videopoker/game/deal", {"game": "nope"}, 422, 'no game "nope" is open'),
    ("videopoker/game/draw", {"game": "nope", "hold": 3}, 422, 'no game "nope"'),
    ("videopoker/game/draw", {"game": "nope", "hold": 32}, 400, '"hold" must be 0 to 31'),
    ("videopoker/game/end", {}, 400, '"game" is required'),
    ("ranges", {"range": "AA", "add": ["KK"], "weight": 1.5}, 400, '"weight" must be above 0'),
    ("ranges", {"range": "AA", "suits": "AKx"}, 422, "starting-hand class"),
    ("board/classes", {"range": "AAKK", "board": "As Kd 7c", "game": "omaha"}, 400, "two-card"),
    ("board/classes", {"range": "AA", "board": "As Kd"}, 422, "board"),
    ("score", {"cards": "Ah\x1b[31m Kh\n Qh Jh Th"}, 422, ""),
    ("score", {"cards": "A" * 100_000}, 422, "…"),
    ("histories/report", {}, 400, '"upload"'),
    ("histories/hands", {"folder": "/", "limit": 0}, 400, "limit"),
    ("histories/hand", {"folder": "/", "file": "x.phh"}, 400, '"hand" is required'),
    ("histories/database/report", {"database": "hands.duckdb"}, 400, "absolute path"),
    ("histories/database/hands", {"database": "/", "limit": 0}, 400, "limit"),
    ("histories/database/hand", {"database": "/etc/passwd", "seq": 1}, 422, "not a database of hands"),
    ("preflop", {"against": "AKq"}, 422, "AKq"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "body", "status", "words"), BAD, ids=lambda v: str(v)[:30])
def test_bad_input_is_one_line_and_4xx(
    server: Server, path: str, body: object, status: int, words: str
) -> None:
    found, payload = server.post(path, body)
    assert (found, list(payload)) == (status, ["error"]), payload
    message = payload["error"]
    assert words.lower() in message.lower()
    assert message.isprintable() and len(message) < 2_000  # one line: no breaks, no escapes


def test_every_endpoint_is_tried_good_and_bad() -> None:
    paths = {endpoint.path for endpoint in ENDPOINTS}
    assert {path for path, *_ in BAD} | {"ranges/grid"} == paths


def test_not_json_too_large_unknown_and_wrong_method(server: Server) -> None:
    assert server.post("score", None, raw=b"{not json") == (
        400,
        {"error": "the request body is not JSON"},
    )
    deep = server.post("score", None, raw=b"[" * 100_000 + b"]" * 100_000)
    assert deep == (400, {"error": "the request body is not JSON"})
    status, payload = server.post("score", None, raw=b" " * (MAX_BODY_BYTES + 1))
    assert status == 413 and "larger than" in payload["error"]
    status, payload = server.post("no-such-thing", {})
    assert status == 404 and payload["error"].startswith("no such endpoint")
    status, text = server.get("api/score")
    assert status == 405 and "POST" in text  # fmt: skip


def test_concurrent_clients_all_answered(server: Server) -> None:
    jobs = [("score", {"cards": "Ah Kh Qh Jh Th"}, "value", 7462),
            ("equity", {"players": ["AhAs", "KK"], "exact": True}, "boards", 6 * 1_712_304),
            ("ranges", {"range": "QQ+"}, "combos", 18),
            ("score", {"cards": "Ah Kh Qh Jh Th 9h 8h 7h"}, "error",
             "expected 1 to 7 cards, got 8")] * 6  # fmt: skip
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda job: server.post(job[0], job[1]), jobs))
    for (_, _, key, value), (status, payload) in zip(jobs, answers, strict=True):
        assert payload[key] == value and status == (422 if key == "error" else 200)


def test_openapi_lists_every_endpoint_and_docs_work_offline(server: Server) -> None:
    status, text = server.get("api/openapi.json")
    assert status == 200
    import json

    spec = json.loads(text)
    assert set(spec["paths"]) == {f"/api/{endpoint.path}" for endpoint in ENDPOINTS} | {
        "/api/histories/upload"  # a file's bytes, not a JSON object
    }
    assert spec["paths"]["/api/score"]["post"]["requestBody"]["content"]["application/json"][
        "schema"
    ]["required"] == ["cards"]
    status, page = server.get("api/docs")
    assert status == 200 and "/static/docs.js" in page


@pytest.mark.parametrize("path", sorted(STATIC.iterdir()), ids=lambda path: path.name)
def test_the_pages_load_nothing_from_elsewhere(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.IGNORECASE) is None


# The command line fuzz's inputs (tests/cli/test_cli_fuzz.py: the same strategies) sent over
# HTTP: every answer 200, or a 4xx with one printable line, never a 500 or a traceback.
http_fuzz = settings(max_examples=25, deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip


def _allowed(status: int, payload: dict[str, object]) -> None:
    if status == 200:
        return
    assert status in (400, 413, 422) and list(payload) == ["error"], (status, payload)
    message = payload["error"]
    assert isinstance(message, str) and message.isprintable() and 0 < len(message) < 2_000


@http_fuzz
@given(hand_text, ranking_names, st.lists(hand_text, max_size=4))
def test_score_and_compare_with_the_cli_fuzzs_inputs(
    server: Server, cards: str, ranking: str, hands: list[str]
) -> None:
    _allowed(*server.post("score", {"cards": cards, "ranking": ranking}))
    _allowed(*server.post("compare", {"hands": hands, "ranking": ranking}))


@http_fuzz
@given(st.lists(range_words, max_size=4), hand_text, hand_text, games)
def test_equity_showdown_outs_and_board_with_the_cli_fuzzs_inputs(
    server: Server, players: list[str], board: str, dead: str, game: str
) -> None:
    _allowed(*server.post("showdown", {"hands": players, "board": board, "game": game}))
    sampled = {"samples": 2000, "seed": 1}
    body = {"players": players, "board": board, "dead": dead, "game": game, **sampled}
    _allowed(*server.post("equity", body))
    first = players[0] if players else ""
    _allowed(*server.post("outs", {"hole": first, "board": board, "dead": dead, "game": game}))
    _allowed(*server.post("board", {"range": first, "board": board, "dead": dead, "game": game}))
