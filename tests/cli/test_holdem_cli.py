"""The showdown and equity commands."""

from __future__ import annotations

import json

import pytest

from pokerscore.cli.app import app
from tests.cli_runner import separate_streams_runner


def run(*args: str) -> tuple[int, str, str]:
    result = separate_streams_runner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_showdown_names_the_winner_and_shares() -> None:
    status, out, _ = run("showdown", "--board", "Ad Kd 7s 2c 9h", "AsQh", "Qs Qd", "Ac Kc")
    assert status == 0 and "Player 3 wins" in out and "Two Pair, Aces and Kings" in out
    status, out, _ = run("showdown", "-b", "Ah Kh Qh Jh Th", "2c3c", "4d5d", "--json")
    payload = json.loads(out)
    assert payload["winners"] == [1, 2] and [p["share"] for p in payload["players"]] == ["1/2"] * 2


def test_showdown_hi_lo_shows_the_lows() -> None:
    args = ["showdown", "-b", "Ah 2d 3c Kd Qs", "4h 6h Kh Kc", "Ac Ad 5s 9c", "-g", "omaha-hi-lo"]
    status, out, _ = run(*args, "--json")
    players = json.loads(out)["players"]
    assert status == 0
    assert [p["low"] for p in players] == ["Six-Four low (6-4-3-2-A)", None]
    assert [p["share"] for p in players] == ["1/2", "1/2"]


@pytest.mark.slow
def test_equity_exact_json_has_the_counts() -> None:
    status, out, _ = run("equity", "AdAc", "KhKs", "--json")
    payload = json.loads(out)
    assert status == 0 and payload["method"] == "exact" and payload["boards"] == 1_712_304
    assert [(p["wins"], p["ties"]) for p in payload["players"]] == [(1388072, 6538), (317694, 6538)]
    assert "stderr" not in payload


def test_equity_monte_carlo_repeats_with_its_seed() -> None:
    args = ["equity", "AdAc", "KhKs", "7s8s", "--samples", "20000", "--json"]
    first = json.loads(run(*args)[1])
    assert first["method"] == "monte-carlo" and len(first["stderr"]) == 3
    again = json.loads(run(*args, "--seed", str(first["seed"]))[1])
    assert again["players"] == first["players"]
    status, out, _ = run("equity", "AdAc", "KhKs", "--samples", "20000", "--seed", "9")
    assert status == 0 and "--seed 9 repeats this run" in out


def test_equity_errors_are_one_line() -> None:
    for args in (
        ["equity", "AdAc", "AdKs"],
        ["equity", "AdAc", "KhKs", "--board", "2c 3c"],
        ["equity", "AdAc", "KhKs", "--game", "badugi"],
        ["equity", "AdAc", "KhKs", "--exact", "--samples", "10"],
        ["showdown", "AdAc", "KhKs", "--board", "2c 3c 4c 5c Ad"],
    ):
        status, _, err = run(*args)
        assert status == 2, args
        assert err.startswith("error: ") and err.count("\n") == 1, (args, err)


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["QQ+,AXs"], 'error: player 2: invalid range "AXs" at position 2: after A comes'),
        (["AKx"], 'error: player 2: invalid range "AKx" at position 1: after AK may come'),
        (["Ah Kx"], 'error: player 2: invalid card "Kx" at position 2: suit must be'),
        (["AA:ds,K+K", "-g", "omaha"], 'error: player 2: invalid range "K+K" at position 3: '),
    ],
)
def test_an_argument_that_is_neither_cards_nor_a_range_names_the_wrong_token(
    args: list[str], error: str
) -> None:
    # The case: the range is wrong at AXs, not at QQ+ (read as a card).
    first = "AhAsKdKh" if "omaha" in args else "AhAs"
    status, out, err = run("equity", first, *args)
    assert (status, out) == (2, "")
    assert err.startswith(error) and err.count("\n") == 1, err


@pytest.mark.slow
def test_equity_takes_omaha_ranges() -> None:
    status, out, err = run("equity", "--game", "omaha", "AA**", "random", "--samples", "8192")
    assert status == 0 and err == "" and "AA**" in out and "270725" in out
    args = ["equity", "--game", "omaha-hi-lo", "AxKxQyJy", "KKQQ", "-b", "Ah 9s 4d", "--json"]
    status, out, _ = run(*args)
    payload = json.loads(out)
    assert status == 0 and payload["method"] == "exact"
    # Ah is out: x is c, d or s, y one of the three others; KKQQ is C(4, 2) x C(4, 2).
    assert [p["combos"] for p in payload["players"]] == [9, 36]
    for args in (
        ["equity", "--game", "omaha", "AAKKQ", "random"],  # five named cards
        ["equity", "--game", "omaha", "KK", "random", "-b", "Kh Kd Kc"],  # blocked by the board
    ):
        status, _, err = run(*args)
        assert status == 2 and err.startswith("error: player ") and err.count("\n") == 1, err


def test_equity_with_weighted_ranges_prints_weighted_boards() -> None:
    # Weights make the count of boards a fraction (boards times combo weights): issue 23.
    from pokerscore.games.holdem.equity import equity

    for weighted in ("0.33(JJ),QQ", "33%(JJ),QQ", "0.001(JJ),QQ"):
        status, out, err = run("equity", "KK", weighted, "--board", "2c 7d 9h")
        assert status == 0, err
        assert "weighted boards" in out
        kings = equity(["KK", weighted], board="2c 7d 9h").players[0]
        assert f"{100 * kings.equity:.2f}" in out


def test_cards_outside_the_deck_are_one_line() -> None:
    for args in (
        ["equity", "Jk Ah", "KhKs"],
        ["equity", "2c3c", "AhKh", "--game", "short-deck"],
        ["showdown", "2c3c", "AhKh", "--game", "short-deck", "-b", "6c 7c 8c 9d Td"],
    ):
        status, _, err = run(*args)
        assert status == 2, args
        assert err.startswith("error: player 1: ") and err.count("\n") == 1, (args, err)


def test_errors_name_the_options() -> None:
    # The library names its parameters; the command line says which option was wrong.
    cases = {
        ("equity", "AdAc", "KhKs", "--board", "2c 3c"): "error: --board must hold 0, 3, 4 or 5",
        ("equity", "AdAc", "KhKs", "--dead", "Xx"): 'error: --dead: invalid card "Xx"',
        ("equity", "AdAc", "KhKs", "--seed", str(2**64)): "error: --seed must be a whole number",
        ("equity", "AdAc", "KhKs", "--stderr", "nan"): "error: --stderr must be a positive",
        ("equity", "AdAc"): "error: the players must hold 2 to 23 players",
        ("showdown", "AdAc", "KhKs", "-b", "2c 3c"): "error: --board must hold 5 cards",
    }
    for args, start in cases.items():
        status, _, err = run(*args)
        assert status == 2 and err.startswith(start) and err.count("\n") == 1, (args, err)


def test_options_that_would_be_ignored_are_refused() -> None:
    for extra in (["--seed", "3"], ["--samples", "10"], ["--stderr", "0.01"]):
        status, _, err = run("equity", "AdAc", "KhKs", "--exact", *extra)
        assert status == 2 and err.startswith("error: ") and "--exact" in err, (extra, err)
    # A seed alone asks for Monte Carlo (it was ignored when the spot was small enough).
    status, out, _ = run("equity", "AdAc", "KhKs", "--seed", "5", "--samples", "4096", "--json")
    assert status == 0 and json.loads(out)["seed"] == 5


def test_runs_past_the_work_bound_are_one_line() -> None:
    for args in (
        ["equity", "AdAc", "KhKs", "--samples", str(10**18)],
        ["equity", "AdAc", "KhKs", "--stderr", "1e-9"],
        ["equity", "random", "random", "random", "--exact"],
    ):
        status, _, err = run(*args)
        assert status == 2 and err.startswith("error: ") and err.count("\n") == 1, (args, err)
    assert run("equity", "AdAc", "KhKs", "--stderr", "1e-9")[2].startswith("error: --stderr")


@pytest.mark.slow
def test_stud_equity_from_third_street_counts_every_deal() -> None:
    status, out, _ = run(
        "equity", "--game", "stud", "AhAd7c", "QsQh7d", "--dead", "5s Qc", "--json"
    )
    payload = json.loads(out)
    assert status == 0 and payload["method"] == "exact" and payload["dead"] == ["5s", "Qc"]
    assert payload["boards"] == 12_406_283_890  # C(44, 4) x C(40, 4)
    assert "scoop" not in payload["players"][0]
    status, out, _ = run("equity", "--game", "stud", "AhAd7c", "QsQh7d")
    assert status == 0 and "18,265,297,050 deals" in out


def test_hi_lo_equity_has_per_pot_fields() -> None:
    status, out, _ = run("equity", "-g", "stud-8", "As2d3c", "KhKd6s", "-n", "20000", "--json")
    players = json.loads(out)["players"]
    assert status == 0
    for player in players:
        assert set(player["high"]) == {"win", "tie", "equity"}
        assert set(player["low"]) == {"win", "tie", "equity", "none"}
        assert abs(player["high"]["equity"] + player["low"]["equity"] - player["equity"]) < 1e-9
        assert player["scoop"] == player["win"]
    status, out, _ = run("equity", "-g", "omaha-hi-lo", "Ac2cKdKh", "Ad3dQsQh", "-b", "4h 5s 9c")
    assert status == 0 and "scoop" in out and "no low" in out


def test_showdown_razz_seven_cards_each() -> None:
    hands = ["As 2d 3c 4h Kd Kc 9s", "Ad 2s 3h 6c 7d Qs Qh"]
    status, out, _ = run("showdown", "--game", "razz", *hands, "--json")
    payload = json.loads(out)
    assert status == 0 and payload["winners"] == [2] and payload["board"] == []
    status, _, err = run("showdown", "--game", "razz", "As 2d 3c", "Ad 2s 3h")
    assert status == 2 and err.startswith("error: ") and "player 1" in err
