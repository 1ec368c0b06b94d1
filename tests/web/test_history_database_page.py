"""The hand-histories page on a database of hands, in a real headless Chromium against a real
server: a database made by ``histories import`` opened by its path, the players' figures against
the library's report, a filter and a grouping applied (and a filter that is no filter refused in
one line), and a hand opened from the list in the replayer and stepped to its payout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import pytest

from pokerscore.histories.database import database_hands, import_histories, report_histories
from tests.web import test_pages
from tests.web.conftest import Server
from tests.web.test_history_pages import (
    DATA,
    FILES,
    _listed,
    _money,
    _ready,
    _rows,
    _screenshot,
    _seat,
)
from tests.web.test_pages import fits_a_phone

pytestmark = pytest.mark.slow
browser = test_pages.browser  # the equity page tests' Chromium, started once per module


def test_a_database_opened_filtered_and_a_hand_replayed(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    database = tmp_path / "hands.duckdb"
    import_histories([DATA / name for name in FILES], database=database)
    browser.set_window_size(1100, 1400)
    wait = _ready(browser, server, "histories")

    def reports(count: int) -> Any:
        """Until the page has shown its ``count``-th report."""
        script = "return document.body.dataset.reports"
        return lambda _: browser.execute_script(script) == str(count)

    browser.find_element(By.ID, "database").send_keys(str(database))
    browser.find_element(By.ID, "open-db").click()
    wait.until(reports(1))
    # The players' figures: the library's report over the database (drawn with the report).
    expected = {stats.player: stats for _, players in report_histories(database=database).groups
                for stats in players}  # fmt: skip
    shown = {row[0]: row for row in _rows(browser, "players")}  # no group column: no grouping
    assert set(shown) == set(expected)
    alice = expected["Alice"]
    assert shown["Alice"][1:4] == [str(alice.hands), _money(alice.net), _money(alice.allin_ev_net)]
    everyone = database_hands(database=database, limit=500)
    wait.until(_listed(browser, min(everyone.total, 100), everyone.total))
    fits_a_phone(browser)  # the database's report and hand list (the list comes after)
    # A filter and a grouping: each group's players, as the library groups them.
    browser.find_element(By.ID, "f-where").send_keys("net > 0")
    Select(browser.find_element(By.ID, "f-by")).select_by_value("position")
    wait.until(reports(2))  # the players' rows come with the report
    grouped = report_histories(database=database, where="net > 0", by="position")
    assert [row[:3] for row in _rows(browser, "players")] == [
        [group, stats.player, str(stats.hands)] for group, players in grouped.groups
        for stats in players
    ]  # fmt: skip
    kept = database_hands(database=database, where="net > 0", limit=500)
    wait.until(_listed(browser, min(kept.total, 100), kept.total))
    assert kept.total < everyone.total
    # A filter that is not one: one line, the page as it was.
    where = browser.find_element(By.ID, "f-where")
    where.clear()
    where.send_keys("net >")
    browser.find_element(By.ID, "apply-db").click()
    wait.until(lambda _: "where ends too soon" in browser.find_element(By.ID, "error").text)
    where.clear()
    Select(browser.find_element(By.ID, "f-by")).select_by_value("")
    wait.until(reports(3))
    # side-pots.phhs [1] from the list, in the replayer, to its payout.
    with duckdb.connect(str(database), read_only=True) as con:
        found = con.execute(
            "SELECT seq FROM hands WHERE file LIKE '%side-pots.phhs' AND number = 1"
        ).fetchone()
    assert found is not None
    # the list of every hand again, not the filtered one still shown when the report came
    wait.until(_listed(browser, min(everyone.total, 100), everyone.total))
    row = f'#hands tr[data-seq="{found[0]}"]'
    browser.find_element(By.CSS_SELECTOR, row).click()
    wait.until(lambda _: browser.find_element(By.ID, "replayer").is_displayed())
    assert browser.find_element(By.ID, "step-text").text == "antes and blinds posted"
    assert "side-pots.phhs" in browser.find_element(By.ID, "replay-title").text
    browser.find_element(By.ID, "last").click()  # shown in the click's own handler (showStep)
    # the file's finishing stacks: the aces take the main pot, the kings the side pot
    assert [_seat(browser, seat, "stack") for seat in range(3)] == ["60", "60", "50"]
    assert browser.find_element(By.ID, "pot").text == "0"
    fits_a_phone(browser)  # and its hand in the replayer
    browser.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    _screenshot(browser, tmp_path, "histories-database.png")
