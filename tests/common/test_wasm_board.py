"""``stich board --out DIR``, the static board on the WebAssembly module (docs/wasm.md), in a real
browser (headless Chromium driven by Selenium, as tests/common/test_web_browser.py drives
``stich serve``), served by a plain static file server: a deal played to its end by clicks, the
open-hand values shown on the legal actions equal to ``stich.solve``'s at every card, the state
and position texts shown equal to the core's (``str(state)``, ``stich.position_text``); an analysis
cancelled, the board usable afterwards. Slow: it builds the wasm (tools/wasm.sh, cached)."""

from __future__ import annotations

import functools
import http.server
import json
import threading

import pytest
from helpers.browser import browser
from helpers.wasm import built_wasm

import stich
from stich.__main__ import main

pytest.importorskip("selenium", reason="selenium is not installed (pip install --group test)")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402

pytestmark = pytest.mark.slow
WAIT = 60   # seconds for the page to show a change (generous: a loaded machine)


@pytest.fixture(scope="module")
def site(request, tmp_path_factory):
    wasm = built_wasm(request.config)
    out = tmp_path_factory.mktemp("board")
    assert main(["board", "--out", str(out), "--wasm-dir", wasm]) == 0
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def page(site):
    b = browser(1200, 1000)
    b.get(site)
    wait_for(b, lambda: b.find_element(By.ID, "board").get_attribute("data-ready") == "true")
    yield b
    b.quit()


def wait_for(page, what, timeout=WAIT):
    WebDriverWait(page, timeout, poll_frequency=0.05).until(lambda _: what())


def board(page, name):
    return page.find_element(By.ID, "board").get_attribute(f"data-{name}")


def deal(page, game, seed, dealer=0):
    Select(page.find_element(By.ID, "game")).select_by_value(game)
    for field, value in (("seed", seed), ("dealer", dealer)):
        page.find_element(By.ID, field).clear()
        page.find_element(By.ID, field).send_keys(str(value))
    page.find_element(By.ID, "deal").click()
    wait_for(page, lambda: board(page, "actions") == "0" and page.find_elements(By.CSS_SELECTOR, "#actions .action"))


@pytest.mark.parametrize("game, seed", [("Euchre", 3), ("Couillon", 5)])
def test_a_deal_played_by_clicks_shows_the_solvers_values(page, game, seed):
    deal(page, game, seed)
    state = stich.GAMES[game]().deal(seed=seed, dealer=0)
    steps = solved = 0
    while not state.is_terminal:
        wait_for(page, lambda: board(page, "actions") == str(steps))
        if state.phase == "play":
            wait_for(page, lambda: bool(board(page, "values")))
            shown = json.loads(board(page, "values"))
            assert shown == {str(a): v for a, v in stich.solve(state).values.items()}
            labels = {b.get_attribute("data-text"): b.find_element(By.CLASS_NAME, "value").text
                      for b in page.find_elements(By.CSS_SELECTOR, "#actions .action")}
            assert set(labels) == set(shown) and all(labels.values())
            solved += 1
        # The core's own texts, no rules in JavaScript: the state (trick with its seats, what each
        # side took, the talon) and the position of the seat to act.
        assert page.find_element(By.ID, "state").get_attribute("textContent") == str(state)
        assert page.find_element(By.ID, "position").get_attribute("textContent") == stich.position_text(state, state.current_player)
        buttons = page.find_elements(By.CSS_SELECTOR, "#actions .action")
        assert [b.get_attribute("data-text") for b in buttons] == [str(a) for a in state.legal_actions()]
        choice = buttons[steps % len(buttons)]
        state.apply(choice.get_attribute("data-text"))
        choice.click()
        steps += 1
    wait_for(page, lambda: board(page, "terminal") == "true")
    assert page.find_element(By.ID, "state").get_attribute("textContent") == str(state)
    assert solved >= 5
    assert page.find_element(By.ID, "status").text == f"deal over: returns {', '.join(f'{r:g}' for r in state.returns())}"


def test_an_analysis_cancelled(page):
    deal(page, "Couillon", 8)
    page.find_element(By.ID, "seconds").clear()
    page.find_element(By.ID, "seconds").send_keys("600")
    page.find_element(By.ID, "analyse").click()
    wait_for(page, lambda: page.find_element(By.ID, "cancel").is_enabled())
    page.find_element(By.ID, "cancel").click()
    wait_for(page, lambda: page.find_element(By.ID, "view").text == "analysis cancelled", timeout=10)
    assert page.find_element(By.ID, "analyse").is_enabled()
    # The new worker carries on: a card played, the board follows.
    page.find_elements(By.CSS_SELECTOR, "#actions .action")[0].click()
    wait_for(page, lambda: board(page, "actions") == "1")
    # ...and a short analysis runs to its end.
    page.find_element(By.ID, "seconds").clear()
    page.find_element(By.ID, "seconds").send_keys("0.3")
    page.find_element(By.ID, "analyse").click()
    wait_for(page, lambda: "best" in page.find_element(By.ID, "view").text)


def test_bad_input_is_said_on_the_page(page):
    page.find_element(By.ID, "options").send_keys("players=9")
    Select(page.find_element(By.ID, "game")).select_by_value("Mucken")
    page.find_element(By.ID, "deal").click()
    wait_for(page, lambda: "players" in page.find_element(By.ID, "message").text)
    page.find_element(By.ID, "options").clear()
