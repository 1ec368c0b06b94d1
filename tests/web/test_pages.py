"""The equity page as a person uses it, in a real headless Chromium (Debian's ``chromium`` and
``chromium-driver``, through Selenium) against a real server: paint a range, type one, move the
slider, pick a board, and read the equity the page shows against the library's own answer."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerscore.games.holdem.equity import equity
from pokerscore.games.holdem.game import get_game
from pokerscore.games.holdem.ranges import parse_range, top_classes
from tests.web.conftest import Server

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
SCREENSHOTS = Path(__file__).parents[2] / "docs" / "screenshots"
WAIT = 90  # seconds (the server fixture compiled the equity kernels first)


def _unavailable(reason: str) -> None:
    """Fail on CI (CI=true), where Chromium must run; elsewhere skip, loudly."""
    message = f"CHROMIUM CANNOT START, THE PAGE TESTS DID NOT RUN: {reason}"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message + " (apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        _unavailable(f"selenium does not import ({error})")
    if not (shutil.which(CHROMIUM) and shutil.which(DRIVER)):
        _unavailable(f"{CHROMIUM} or {DRIVER} is missing")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1100,860", "--disable-gpu", "--lang=en"):  # fmt: skip
        options.add_argument(argument)
    try:
        driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    except WebDriverException as error:
        _unavailable(str(error).splitlines()[0])
    try:
        yield driver
    finally:
        driver.quit()


def _open(browser: Any, server: Server) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(server.url)
    wait = WebDriverWait(browser, WAIT)
    wait.until(lambda driver: driver.execute_script("return document.body.dataset.ready") == "1")
    return wait


def _player(browser: Any, number: int) -> Any:
    from selenium.webdriver.common.by import By

    return browser.find_element(By.ID, f"player-{number}")


def _cell(browser: Any, number: int, name: str) -> Any:
    from selenium.webdriver.common.by import By

    return _player(browser, number).find_element(By.CSS_SELECTOR, f'.grid div[data-hand="{name}"]')


def _painted(browser: Any, number: int) -> list[str]:
    script = "return [...arguments[0].querySelectorAll('.grid div.on')].map(c => c.textContent)"
    return list(browser.execute_script(script, _player(browser, number)))


def _text(browser: Any, number: int) -> str:
    from selenium.webdriver.common.by import By

    field = _player(browser, number).find_element(By.CSS_SELECTOR, ".range-text")
    return str(field.get_attribute("value"))


def _type(browser: Any, number: int, text: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    field = _player(browser, number).find_element(By.CSS_SELECTOR, ".range-text")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    field.send_keys(text)


def _shown(browser: Any) -> list[list[str]]:
    """The answer's rows as the page shows them: player, range, combos, equity, win, tie (read
    in one script: the page may replace the rows at any moment)."""
    script = (
        "return [...document.querySelectorAll('#result tbody tr')]"
        ".map(row => [...row.cells].map(cell => cell.textContent))"
    )
    return list(browser.execute_script(script))


def _expected(players: list[str], board: str = "", game: str = "holdem") -> list[list[str]]:
    """The library's equity, as the page would show it (per cent, two places)."""
    result = equity(players, board, game=get_game(game))  # type: ignore[arg-type]
    assert result.method == "exact"  # the spots below are small: exact, so the figures match
    return [[str(number), player.hand, str(player.combos), f"{100 * player.equity:.2f}",
             f"{100 * player.win:.2f}", f"{100 * player.tie:.2f}"]
            for number, player in enumerate(result.players, 1)]  # fmt: skip


def test_the_page_shows_the_equity_of_its_first_ranges(browser: Any, server: Server) -> None:
    wait = _open(browser, server)
    assert _text(browser, 1) == "QQ+, AKs" and _text(browser, 2) == "random"
    assert sorted(_painted(browser, 1)) == ["AA", "AKs", "KK", "QQ"]
    assert len(_painted(browser, 2)) == 169
    wait.until(lambda _: len(_shown(browser)) == 2)
    assert _shown(browser)[0][1:3] == ["QQ+, AKs", "22"]
    assert browser.find_element("id", "error").text == ""


def test_paint_a_range_by_dragging_and_read_its_equity(browser: Any, server: Server) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    wait = _open(browser, server)
    _type(browser, 2, "AhKd")
    _type(browser, 1, "AA")
    wait.until(lambda _: _painted(browser, 1) == ["AA"])
    start, end = _cell(browser, 1, "AKs"), _cell(browser, 1, "AJs")
    ActionChains(browser).click_and_hold(start).move_to_element(_cell(browser, 1, "AQs")) \
        .move_to_element(end).release().perform()  # fmt: skip
    wait.until(lambda _: _text(browser, 1) == "AA, AJs+")
    assert sorted(_painted(browser, 1)) == ["AA", "AJs", "AKs", "AQs"]
    expected = _expected(["AA, AJs+", "AhKd"])
    wait.until(lambda _: _shown(browser) == expected)
    _cell(browser, 1, "AA").click()  # a click takes one class off
    wait.until(lambda _: _text(browser, 1) == "AJs+")


def test_type_and_pick_a_board(browser: Any, server: Server) -> None:
    from selenium.webdriver.common.by import By

    wait = _open(browser, server)
    _type(browser, 1, "JJ")
    _type(browser, 2, "AhKd")
    board = browser.find_element(By.ID, "board")
    board.send_keys("qh 7c 2d")
    wait.until(lambda _: "runouts" in browser.find_element(By.ID, "method").text)
    picked = browser.find_elements(By.CSS_SELECTOR, "#picker button.on")
    assert sorted(button.get_attribute("data-card") for button in picked) == ["2d", "7c", "Qh"]
    wait.until(lambda _: _shown(browser) == _expected(["JJ", "AhKd"], "Qh 7c 2d"))
    browser.find_element(By.CSS_SELECTOR, '#picker button[data-card="Ks"]').click()
    assert board.get_attribute("value") == "Qh 7c 2d Ks"
    wait.until(lambda _: _shown(browser) == _expected(["JJ", "AhKd"], "Qh 7c 2d Ks"))


def test_omaha_hands_typed(browser: Any, server: Server) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    wait = _open(browser, server)
    Select(browser.find_element(By.ID, "game")).select_by_value("omaha")
    wait.until(
        lambda _: not _player(browser, 1).find_element(By.CSS_SELECTOR, ".grid").is_displayed()
    )
    _type(browser, 1, "Ah As Kd Qc")
    _type(browser, 2, "7h 8h 9c Tc")
    browser.find_element(By.ID, "board").send_keys("2h 3h Jd")
    expected = _expected(["Ah As Kd Qc", "7h 8h 9c Tc"], "2h 3h Jd", "omaha")
    wait.until(lambda _: _shown(browser) == expected)


def test_the_slider_takes_the_top_classes(browser: Any, server: Server) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    wait = _open(browser, server)
    slider = _player(browser, 1).find_element(By.CSS_SELECTOR, ".top")
    slider.send_keys(*[Keys.ARROW_RIGHT] * 10)  # steps of 0.5 %: 5 %
    expected = parse_range(", ".join(top_classes(5)))
    wait.until(lambda _: _text(browser, 1) == expected.text)
    assert sorted(_painted(browser, 1)) == sorted(top_classes(5))


def test_a_bad_range_is_one_error_line(browser: Any, server: Server) -> None:
    wait = _open(browser, server)
    _type(browser, 1, "QQ++")
    wait.until(
        lambda _: browser.find_element("id", "error").text.startswith("error: invalid range")
    )


def test_readable_at_phone_width_and_screenshot(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    browser.set_window_size(390, 844)
    try:
        wait = _open(browser, server)
        wait.until(lambda _: len(_shown(browser)) == 2)
        width = browser.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways at phone width: {width}"
    finally:
        browser.set_window_size(1100, 1000)  # a laptop's screen, the answer in the picture
    wait = _open(browser, server)
    _type(browser, 2, "AhKd")
    wait.until(lambda _: len(_shown(browser)) == 2 and _shown(browser)[1][1] == "Ah Kd")
    browser.execute_script("document.activeElement.blur()")  # no caret in the picture
    shot = tmp_path / "equity-page.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    if os.environ.get("POKERSCORE_SCREENSHOTS") == "1":  # refresh the README's picture
        from PIL import Image  # matplotlib's dependency (the plots extra)

        # 64 colours: a third of the size, the same picture (flat colours and text).
        with Image.open(shot) as picture:
            small = picture.convert("RGB").quantize(64, method=Image.Quantize.MEDIANCUT)
            small.save(SCREENSHOTS / shot.name, optimize=True)


def test_the_board_page_breaks_a_range_down(browser: Any, server: Server) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from pokerscore.cli.commands.board import board_json
    from pokerscore.games.holdem.board.breakdown import board_breakdown

    browser.get(server.url + "board")
    wait = WebDriverWait(browser, WAIT)
    wait.until(lambda driver: driver.execute_script("return document.body.dataset.ready") == "1")
    field = browser.find_element(By.ID, "range")
    field.clear()
    field.send_keys("AA, KK, JTs")
    board = browser.find_element(By.ID, "board")
    board.clear()
    board.send_keys("As Kd 7c")
    browser.find_element(By.CSS_SELECTOR, '#picker button[data-card="Qh"]').click()

    def rows(table: str) -> dict[str, str]:
        script = (f"return [...document.querySelectorAll('#{table} tbody tr')]"
                  ".map(row => [row.dataset.slug, row.cells[1].textContent])")  # fmt: skip
        return dict(browser.execute_script(script))

    expected = board_json(board_breakdown("AA, KK, JTs", "As Kd 7c Qh"), None, by_street=False)
    made = {slug: str(count) for slug, count in expected["made"].items() if count}
    draws = {slug: str(count) for slug, count in expected["draws"].items() if count}
    wait.until(lambda _: rows("made") == made and rows("draws") == draws)
    # Three aces and three kings left make sets; the four JTs make broadway.
    assert made["set"] == "6" and made["straight"] == "4"


def test_the_video_poker_advisor(browser: Any, server: Server) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get(server.url + "videopoker")
    wait = WebDriverWait(browser, WAIT)
    wait.until(lambda driver: driver.execute_script("return document.body.dataset.ready") == "1")
    Select(browser.find_element(By.ID, "paytable")).select_by_value("jacks-or-better-9-6")
    cards = browser.find_element(By.ID, "cards")
    cards.clear()
    cards.send_keys("ah kh qh jh th")

    def best() -> list[str]:
        script = "const row = document.querySelector('#holds tbody tr.best');" \
                 "return row ? [...row.cells].map(cell => cell.textContent) : []"  # fmt: skip
        return list(browser.execute_script(script))

    # A dealt royal is held whole: 4,000 coins for 5 (800 a coin), 250 a coin for fewer.
    wait.until(lambda _: best() == ["1", "Ah Kh Qh Jh Th", "800.000000", "800/1"])
    Select(browser.find_element(By.ID, "coins")).select_by_visible_text("1")
    wait.until(lambda _: best() == ["1", "Ah Kh Qh Jh Th", "250.000000", "250/1"])
    assert len(browser.find_elements(By.CSS_SELECTOR, "#holds tbody tr")) == 32
