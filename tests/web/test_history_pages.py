"""The hand-histories page and the preflop heat map as a person uses them, in a real headless
Chromium against a real server: files chosen, a player's figure read against the library's own
run, the replayer stepped through a hand to the showdown (pot and stacks against the library's
result), and a heat-map cell against the shipped table."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay
from pokerscore.histories.running import analyse_histories
from pokerscore.histories.steps import replay_steps
from tests.web import test_pages
from tests.web.conftest import Server
from tests.web.test_pages import SCREENSHOTS, WAIT, fits_a_phone

pytestmark = pytest.mark.slow
browser = test_pages.browser  # the equity page tests' Chromium, started once per module

DATA = Path(__file__).parents[1] / "data" / "histories"
FILES = ("actions.phhs", "side-pots.phhs", "split-pots.phhs", "pokerstars-shapes.txt")


def _ready(browser: Any, server: Server, page: str) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(server.url + page)
    wait = WebDriverWait(browser, WAIT)
    wait.until(lambda driver: driver.execute_script("return document.body.dataset.ready") == "1")
    return wait


def _rows(browser: Any, table: str) -> list[list[str]]:
    script = (f"return [...document.querySelectorAll('#{table} tbody tr')]"
              ".map(row => [...row.cells].map(cell => cell.textContent))")  # fmt: skip
    return list(browser.execute_script(script))


def _seat(browser: Any, seat: int, part: str) -> str:
    script = f"return document.querySelector('.seat[data-seat=\"{seat}\"] .{part}').textContent"
    return str(browser.execute_script(script))


def _money(value: float) -> str:
    """An amount as the page shows it (at most two decimals, thousands separated)."""
    text = f"{value:,.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _listed(browser: Any, shown: int, total: int) -> Any:
    """Until the hand list shows ``shown`` of ``total`` hands: the list asked by the newest
    report, not the one before it (a report asks for its list after it is drawn, and a row of
    the old list, found and then redrawn, is stale)."""
    script = "return document.getElementById('hand-count').textContent"
    return lambda _: browser.execute_script(script) == f"{shown} of {total} hands"


def _screenshot(browser: Any, tmp_path: Path, name: str) -> None:
    shot = tmp_path / name
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    if os.environ.get("POKERSCORE_SCREENSHOTS") == "1":  # refresh the README's picture
        from PIL import Image  # matplotlib's dependency (the plots extra)

        with Image.open(shot) as picture:
            small = picture.convert("RGB").quantize(64, method=Image.Quantize.MEDIANCUT)
            small.save(SCREENSHOTS / name, optimize=True)


def test_histories_page_report_list_and_replayer(
    browser: Any,
    server: Server,
    tmp_path: Path,
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    browser.set_window_size(1100, 1400)
    wait = _ready(browser, server, "histories")
    chooser = browser.find_element(By.ID, "files")
    chooser.send_keys("\n".join(str(DATA / name) for name in FILES))
    wait.until(lambda _: browser.execute_script("return document.body.dataset.reports") == "1")
    # A per-player figure against the library's run over the same files.
    report = analyse_histories([DATA / n for n in FILES]).as_json()
    expected = {stats["player"]: stats for stats in report["players"]}
    shown = {row[0]: row for row in _rows(browser, "players")}
    assert set(shown) == set(expected)
    alice = expected["Alice"]
    assert shown["Alice"][1:4] == [
        str(alice["hands"]),
        _money(alice["net"]),
        _money(alice["allin_ev_net"]),
    ]
    # Alice's graph and hands.
    browser.find_element(By.CSS_SELECTOR, '#players tr[data-player="Alice"]').click()
    wait.until(lambda _: browser.execute_script("return document.body.dataset.reports") == "2")
    wait.until(_listed(browser, alice["hands"], alice["hands"]))
    lines = browser.find_elements(By.CSS_SELECTOR, "#graph polyline")
    assert len(lines) == 2
    last = {
        line.get_attribute("class").split()[-1]: float(line.get_attribute("data-last"))
        for line in lines
    }
    assert last["net"] == pytest.approx(alice["net"]) and last["ev"] == pytest.approx(
        alice["allin_ev_net"]
    )
    # Everyone's hands; open side-pots.phhs [1] and step to the showdown.
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, "f-player")).select_by_value("")
    wait.until(lambda _: browser.execute_script("return document.body.dataset.reports") == "3")
    wait.until(_listed(browser, report["hands"], report["hands"]))  # Alice's list was still shown
    row = '#hands tr[data-file="side-pots.phhs"][data-hand="1"]'
    browser.find_element(By.CSS_SELECTOR, row).click()
    wait.until(lambda _: browser.find_element(By.ID, "replayer").is_displayed())
    hand = next(read_histories(DATA / "side-pots.phhs"))
    result = replay(hand)
    assert browser.find_element(By.ID, "step-text").text == "antes and blinds posted"
    assert browser.find_element(By.ID, "pot").text == _money(
        (hand.small_blind + hand.big_blind) / hand.scale
    )
    body = browser.find_element(By.TAG_NAME, "body")
    notes = set()
    # Read at once from here on: a key or a click shows its step in its own handler (showStep:
    # the whole hand came with the replayer, nothing more is asked).
    for _ in range(len(hand.actions)):  # the keys: one step each, to the showdown
        body.send_keys(Keys.ARROW_RIGHT)
        notes.add(_seat(browser, 0, "equity"))
    equity = next(step.equity for step in replay_steps(hand) if step.equity is not None)
    assert notes == {"", f"all-in equity {100 * equity[0]:.1f} %"}  # shown once all are in
    pots = sum(pot.amount for pot in result.pots) / hand.scale
    assert browser.find_element(By.ID, "pot").text == _money(
        pots
    )  # every chip in, before the payout
    browser.find_element(By.ID, "next").click()  # the payout
    for seat, player in enumerate(result.players):
        final = hand.seats[seat].stack / hand.scale - player.put_in + player.won
        assert _seat(browser, seat, "stack") == _money(final)
    assert browser.find_element(By.ID, "pot").text == "0"
    assert [_seat(browser, seat, "stack") for seat in range(3)] == ["60", "60", "50"]  # the file's
    browser.find_element(By.CSS_SELECTOR, 'button[data-street="flop"]').click()
    assert browser.find_element(By.ID, "step-text").text == "flop 2c 7h 9d"
    # The picture: Alice's graph and hands above the hand replayed, all in on the flop.
    browser.find_element(By.CSS_SELECTOR, '#players tr[data-player="Alice"]').click()
    wait.until(lambda _: browser.execute_script("return document.body.dataset.reports") == "4")
    wait.until(_listed(browser, alice["hands"], alice["hands"]))
    fits_a_phone(browser)
    browser.set_window_size(1100, 1750)
    browser.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    _screenshot(browser, tmp_path, "histories-page.png")


_DROP = """
  const [target, name, text] = arguments;
  const carried = new DataTransfer();
  carried.items.add(new File([text], name, {type: "text/plain"}));
  const place = target === "zone" ? document.getElementById("drop") : document.querySelector("h1");
  const over = new DragEvent("dragover", {bubbles: true, cancelable: true, dataTransfer: carried});
  place.dispatchEvent(over);
  const lit = document.getElementById("drop").classList.contains("over");
  const dropped = new DragEvent("drop", {bubbles: true, cancelable: true, dataTransfer: carried});
  place.dispatchEvent(dropped);
  return [over.defaultPrevented, lit, dropped.defaultPrevented];"""


@pytest.mark.parametrize("target", ["zone", "page"])
def test_a_file_dropped_on_the_page_is_read(browser: Any, server: Server, target: str) -> None:
    """A hand-history file dropped (a drag's ``dragover`` and ``drop`` with the file, built in
    the page) on the drop zone, or on the page beside it (which the browser took: it opened the
    file, and the page was gone): uploaded, and its players' figures the library's."""
    name = "side-pots.phhs"
    wait = _ready(browser, server, "histories")
    taken = browser.execute_script(_DROP, target, name, (DATA / name).read_text())
    assert taken == [True, True, True]  # the page's: the browser does not open the file
    wait.until(lambda _: browser.execute_script("return document.body.dataset.reports") == "1")
    # at once: the drop's own handler put the zone out, and the rows come with the report
    assert not browser.execute_script(
        "return document.getElementById('drop').classList.contains('over')"
    )
    expected = analyse_histories([DATA / name]).as_json()["players"]
    shown = {row[0]: row[1:3] for row in _rows(browser, "players")}
    assert shown == {
        stats["player"]: [str(stats["hands"]), _money(stats["net"])] for stats in expected
    }


def test_the_replayer_steps_a_stud_allin(browser: Any, server: Server, tmp_path: Path) -> None:
    """A stud hand's all-in equity in the replayer (none was shown): three players all in on
    third street, their equity sampled (the page says so, with the deals) from the all-in to
    the end; the cards each holds as dealt, the down cards marked."""
    from selenium.webdriver.common.by import By

    from pokerscore.histories.phh import parse_phh
    from tests.histories.test_stud_allin_ev import THIRD_STREET, sixth_street_text

    sixth = sixth_street_text("F7S", hidden=True)
    path = tmp_path / "stud-allin.phhs"
    path.write_text(f"[1]\n{sixth}\n[2]\n{THIRD_STREET}")
    browser.set_window_size(1100, 1100)
    wait = _ready(browser, server, "histories")
    browser.find_element(By.ID, "files").send_keys(str(path))
    wait.until(lambda _: browser.execute_script("return document.body.dataset.reports") == "1")
    for number, text in ((1, sixth), (2, THIRD_STREET)):
        row = f'#hands tr[data-file="stud-allin.phhs"][data-hand="{number}"]'
        wait.until(lambda _, row=row: browser.find_elements(By.CSS_SELECTOR, row))
        browser.find_element(By.CSS_SELECTOR, row).click()
        wait.until(lambda _: browser.find_element(By.ID, "replayer").is_displayed())
        title = browser.find_element(By.ID, "replay-title")
        wait.until(lambda _, title=title, number=number: f"hand {number} " in title.text)
        stepped = list(replay_steps(parse_phh(text)))
        first = next(index for index, step in enumerate(stepped) if step.equity is not None)
        # the steps' list is drawn with the title; a click shows its step in its own handler
        items = browser.find_elements(By.CSS_SELECTOR, "#actions li")
        items[first - 1].click()  # the step before: no equity yet
        assert _seat(browser, 0, "equity") == ""
        items[first].click()
        assert browser.find_element(By.ID, "step-text").text == stepped[first].text
        sampled = " (sampled)" if number == 2 else ""
        equity = stepped[first].equity or ()
        for seat, share in enumerate(equity):
            note = "" if share is None else f"all-in equity {100 * share:.1f} %{sampled}"
            assert _seat(browser, seat, "equity") == note
        note = browser.find_element(By.ID, "equity-note").text
        assert note == (
            f"all-in equity sampled: {stepped[first].equity_samples:,} deals of the cards to "
            "come (too many to count exactly)"
            if sampled
            else ""
        )
        downs = browser.find_elements(By.CSS_SELECTOR, '.seat[data-seat="0"] .down-card')
        # hand 1's equity comes with p2's show on seventh street (three cards down of seven),
        # hand 2's at the all-in on third street (two down, one up)
        assert len(downs) == (3 if number == 1 else 2)
        # stud has no blinds and no button: each seat by its player's name alone (not "(SB)")
        names = browser.find_elements(By.CSS_SELECTOR, "#seats .seat .name")
        assert [name.text for name in names] == [seat.name for seat in parse_phh(text).seats]
    fits_a_phone(browser)
    browser.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    browser.execute_script("document.getElementById('replayer').scrollIntoView()")
    _screenshot(browser, tmp_path, "histories-stud.png")


def test_preflop_heat_map(browser: Any, server: Server, tmp_path: Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.set_window_size(1100, 1000)
    wait = _ready(browser, server, "preflop")
    cells = browser.find_elements(By.CSS_SELECTOR, "#heat div[data-hand]")
    assert len(cells) == 169 and cells[0].get_attribute("data-hand") == "AA"
    # The shipped table, read here: AKs's wins and ties over its deals.
    data = Path(__file__).parents[2] / "src" / "pokerscore" / "data" / "preflop-vs-random.csv"
    row = next(line.split(",") for line in data.read_text().split() if line.startswith("AKs,"))
    wins, ties, deals = int(row[2]), int(row[3]), int(row[4])
    cell = browser.find_element(By.CSS_SELECTOR, '#heat div[data-hand="AKs"]')
    assert cell.text.split() == ["AKs", f"{100 * (2 * wins + ties) / (2 * deals):.1f}"]
    ActionChains(browser).move_to_element(cell).perform()
    wait.until(lambda _: browser.find_element(By.ID, "info").text.startswith("AKs: "))
    assert f"{wins:,}" in browser.find_element(By.ID, "info").text  # the hover's figures
    Select(browser.find_element(By.ID, "against")).select_by_value("KK")
    wait.until(lambda _: browser.execute_script("return document.body.dataset.against") == "KK")
    # at once: the map is drawn in the step that marks what it is against (draw)
    aces = browser.find_element(By.CSS_SELECTOR, '#heat div[data-hand="AA"]')
    assert 80 < float(aces.text.split()[1]) < 83  # AA against KK: about 82 %
    Select(browser.find_element(By.ID, "against")).select_by_value("random")
    wait.until(lambda _: browser.execute_script("return document.body.dataset.against") == "random")
    fits_a_phone(browser)
    _screenshot(browser, tmp_path, "preflop-page.png")
