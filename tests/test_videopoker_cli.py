"""``pokerscore videopoker``: paytables, advise, analyze and seeds through Typer's runner."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerscore.cli.app import app
from pokerscore.games.videopoker.paytables import PAYTABLES, get_paytable, paytable_toml

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["videopoker", *args], env={"COLUMNS": "160"})
    return result.exit_code, result.stdout, result.stderr


def test_paytables_lists_every_table_with_pays() -> None:
    status, out, _ = run("paytables")
    assert status == 0
    for table in PAYTABLES.values():
        assert table.title in out
    assert "four-aces-with-2-4" in out


def test_paytables_json() -> None:
    status, out, _ = run("paytables", "--json")
    assert status == 0
    tables = json.loads(out)["paytables"]
    assert [table["name"] for table in tables] == list(PAYTABLES)
    royal = tables[0]["classes"][-1]
    assert royal == {
        "name": "royal-flush",
        "title": "Royal Flush",
        "per_coin": [250, 250, 250, 250, 800],
    }


def test_paytables_reads_a_user_table_and_rejects_a_bad_one(tmp_path: Path) -> None:
    good = tmp_path / "mine.toml"
    good.write_text(
        paytable_toml(get_paytable("bonus-poker-8-5")).replace("bonus-poker-8-5", "mine"),
        encoding="utf-8",
    )
    status, out, _ = run("paytables", "--paytable", str(good), "--json")
    assert status == 0
    assert json.loads(out)["paytables"][0]["name"] == "mine"
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "bad"\n[[classes]]\nname = "x"\nhand = "pair"\npay = 1\n')
    status, _, err = run("paytables", "--paytable", str(bad))
    assert status == 2
    assert err.startswith("error: ") and 'unknown hand "pair"' in err


def test_advise_json_has_the_published_best_hold() -> None:
    status, out, _ = run("advise", "Kh", "Qh", "Jh", "Th", "2s", "--json")
    assert status == 0
    payload = json.loads(out)
    assert payload["cards"] == ["Kh", "Qh", "Jh", "Th", "2s"]
    assert payload["paytable"] == "jacks-or-better-9-6"
    assert len(payload["holds"]) == 32
    best = payload["holds"][0]
    assert best["mask"] == 15
    assert best["held"] == ["Kh", "Qh", "Jh", "Th"]
    assert best["ev_exact"] == "925/47"
    assert abs(best["ev"] - 925 / 47) < 1e-12
    assert best["counts"]["royal-flush"] == 1


def test_advise_table_and_bad_input() -> None:
    status, out, _ = run("advise", "3s 7h Th Jh Kh", "--coins", "1", "-p", "jacks-or-better-8-5")
    assert status == 0
    assert "Jacks or Better 8/5, 1 coin" in out
    status, _, err = run("advise", "3s 7h Th Jh")
    assert status == 2
    assert "expected 5 cards, got 4" in err
    status, _, err = run("advise", "3s 7h Th Jh Kh", "--paytable", "deuces-wild")
    assert status == 2
    assert 'unknown pay table "deuces-wild"' in err


def test_analyze_json() -> None:
    status, out, _ = run("analyze", "--paytable", "jacks-or-better-9-6", "--json")
    assert status == 0
    payload = json.loads(out)
    assert payload["paytable"] == "jacks-or-better-9-6"
    assert abs(payload["return"] - 0.995439) < 1e-6
    assert payload["return_exact"] == "1653526326983/1661102543100"
    assert round(payload["stdev"], 2) == 4.42
    assert set(payload["probabilities"]) == set(get_paytable("jacks-or-better-9-6").classes)


def test_seeds_json_covers_every_class_and_mask() -> None:
    from pokerscore.games.draw import draw
    from pokerscore.games.videopoker.deal import deal

    status, out, _ = run("seeds", "--json")
    assert status == 0
    rows = json.loads(out)["rows"]
    table = get_paytable("jacks-or-better-9-6")
    assert [(row["class"], row["mask"]) for row in rows] == [
        (name, mask) for name in table.classes for mask in range(32)
    ]
    for row in rows[::7]:  # a sample, re-dealt and re-scored
        dealt = deal(row["seed"])
        assert [str(card) for card in dealt] == row["cards"]
        final = draw(dealt[:5], dealt[5:], row["mask"])
        assert [str(card) for card in final] == row["final"]
        assert table.class_name(table.classify(final)) == row["class"]
        assert row["score"] == table.class_index(row["class"])
