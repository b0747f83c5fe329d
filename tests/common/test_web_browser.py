"""stich serve in a real browser (headless Chromium driven by Selenium; docs/web.md): every game's
board dealt, a whole deal played by clicks with the values on the cards checked against
stich.solve, stepping back, a position copied out and pasted in, hands set by clicking, a record
loaded, reviewed and stepped through; the page opened from the token address stich serve prints
(it keeps the token and takes it out of the address bar), and what a page of another origin can
do (nothing). A screenshot of each board goes to $STICH_ARTIFACTS (default build/artifacts/web/)."""

from __future__ import annotations

import contextlib
import http.server
import io
import json
import os
import random
import signal
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

import stich
from helpers import ROOT, slow_except
from helpers.browser import browser

pytest.importorskip("starlette", reason="starlette is not installed (the web extra: pip install --group test)")
pytest.importorskip("uvicorn", reason="uvicorn is not installed (the web extra: pip install --group test)")
pytest.importorskip("selenium", reason="selenium is not installed (pip install --group test)")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402

GAMES = list(stich.GAMES)
WAIT = 60   # seconds for the page to show a change (generous: a loaded machine)


@pytest.fixture(scope="module")
def served():
    """`stich serve --port 0`: its address (host:port) and its token, as the address printed gives them."""
    proc = subprocess.Popen([sys.executable, "-m", "stich", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    try:
        assert "http://127.0.0.1:" in line and "/?token=" in line, line
        address, token = line.split("http://", 1)[1].split(" ", 1)[0].split("/?token=")
        yield address, token
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()


@pytest.fixture(scope="module")
def address(served, page):
    """The server's address, its page opened once from the token address (the page keeps the token)."""
    address, token = served
    TOKENS[address] = token
    page.get(f"http://{address}/?token={token}")
    wait_for(page, lambda: table(page, "data-board"))
    return address


@pytest.fixture(scope="module")
def page():
    b = browser(1300, 1150)
    yield b
    b.quit()


@pytest.fixture(scope="module")
def artifacts():
    folder = Path(os.environ.get("STICH_ARTIFACTS") or ROOT / "build" / "artifacts" / "web")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


TOKENS: dict[str, str] = {}   # address -> token, for the test's own API calls


def api(address, path):
    request = urllib.request.Request(f"http://{address}{path}", headers={"Authorization": f"token {TOKENS[address]}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def table(page, name):
    return page.find_element(By.ID, "table").get_attribute(name)


def wait_for(page, what, timeout=WAIT):
    WebDriverWait(page, timeout, poll_frequency=0.05).until(lambda _: what())


def settled(page, address, at):
    """The board at ``at`` once drawn, with its open-hand values where it has them; its JSON."""
    wait_for(page, lambda: table(page, "data-at") == str(at))
    board = api(address, f"/api/boards/{table(page, 'data-board')}")
    if board["solvable"]:
        wait_for(page, lambda: table(page, "data-open-at") == str(at))
    return board


def open_page(page, address, name, seed):
    page.get(f"http://{address}/")
    wait_for(page, lambda: table(page, "data-board"))
    page.find_element(By.ID, "auto").click()   # the view analysis on demand only: the test clicks it once
    seed_box = page.find_element(By.ID, "seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    first = table(page, "data-board")
    Select(page.find_element(By.ID, "game")).select_by_value(name)
    if name == GAMES[0]:   # already chosen: no change event
        page.find_element(By.ID, "deal").click()
    wait_for(page, lambda: table(page, "data-board") != first)


# A browser session per game takes 10-17 s: the fast part plays one game's deal and another's
# record; the README's command runs every game.
@pytest.mark.parametrize("name", slow_except(GAMES, ["Mucken"]))
def test_a_whole_deal_played_by_clicks_shows_the_values_of_stich_solve(page, address, artifacts, name):
    open_page(page, address, name, seed=21)
    rng = random.Random(name)
    at, shot, illegal_seen = 0, False, False
    board = settled(page, address, 0)
    assert board["game"] == name
    while not board["terminal"]:
        state = stich.read_records(io.StringIO(board["record"]))[0].state()
        if board["solvable"]:
            solved = stich.solve(state)
            values = {str(a): v for a, v in solved.values.items()}
            charted = {r.get_attribute("data-action"): int(r.get_attribute("data-open-value"))
                       for r in page.find_elements(By.CSS_SELECTOR, "#chart .row")}
            assert charted == values
            on_cards = {b.get_attribute("data-card"): int(b.get_attribute("data-open-value"))
                        for b in page.find_elements(By.CSS_SELECTOR, ".seat.to-act .card.legal[data-open-value]")}
            assert on_cards == {c["card"]: values[c["actions"][0]] for c in board["cards"] if len(c["actions"]) == 1}
            if not shot:   # the first card: the analysis from the seat's view, then a screenshot of the board
                page.find_element(By.ID, "analyse").click()
                wait_for(page, lambda: table(page, "data-view-at") == str(at))
                rows = page.find_elements(By.CSS_SELECTOR, "#chart .row")
                assert sorted(r.get_attribute("data-action") for r in rows) == sorted(board["legal"])
                assert page.find_element(By.ID, "view-info").text.startswith(f"from seat {board['to_act']}'s view")
                assert "principal line" in page.find_element(By.ID, "open-info").text
                page.save_screenshot(str(artifacts / f"board_{name.lower()}.png"))
                shot = True
        illegal = page.find_elements(By.CSS_SELECTOR, ".seat.to-act .card.illegal")
        if illegal and not illegal_seen:
            card = illegal[0].get_attribute("data-card")
            reason = next(c["reason"] for c in board["cards"] if c["card"] == card)
            illegal[0].click()
            wait_for(page, lambda: reason in page.find_element(By.ID, "message").text)
            illegal_seen = True
        # Bids and declarations as the heuristic makes them (so that the deal reaches the card play), cards at random.
        action = rng.choice(board["legal"]) if board["card_play"] else state.heuristic_action(at).text
        card = next((c for c in board["cards"] if action in c["actions"]), None)
        if card is not None:
            page.find_element(By.CSS_SELECTOR, f'.seat.to-act .card.legal[data-card="{card["card"]}"]').click()
        if card is None or len(card["actions"]) > 1:   # a card played with a choice: then the choice
            page.find_element(By.CSS_SELECTOR, f'#actions button[data-action="{action}"]').click()
        at += 1
        board = settled(page, address, at)
        assert board["history"][-1]["action"] == action
    assert shot and illegal_seen
    assert "deal over" in page.find_element(By.ID, "status").text
    assert board["returns"] == stich.read_records(io.StringIO(board["record"]))[0].state().returns()
    # Stepping back through the history: the buttons and a click on an action in the list.
    page.find_element(By.ID, "back").click()
    settled(page, address, at - 1)
    page.find_elements(By.CSS_SELECTOR, "#history li")[1].click()
    settled(page, address, 2)
    page.find_element(By.ID, "first").click()
    settled(page, address, 0)
    # The position copied out and pasted in again: the same position on a new board.
    page.find_element(By.ID, "last").click()
    settled(page, address, at)
    page.find_element(By.ID, "back").click()
    before = settled(page, address, at - 1)
    page.find_element(By.CSS_SELECTOR, "details:nth-of-type(3) summary").click()
    page.find_element(By.ID, "copy-position").click()
    assert page.find_element(By.ID, "paste").get_attribute("value") == before["position"]
    page.find_element(By.ID, "load-position").click()
    wait_for(page, lambda: table(page, "data-board") != before["id"])
    pasted = settled(page, address, 0)
    assert pasted["position"] == before["position"] and pasted["prior"]


@pytest.mark.parametrize("name", slow_except(GAMES, ["Euchre"]))
def test_a_loaded_record_is_reviewed_and_stepped_through(page, address, artifacts, name):
    game = stich.GAMES[name]()
    bots = [stich.HeuristicBot() if k % 2 else stich.RandomBot() for k in range(game.num_players)]
    records = stich.play(game, bots, deals=3, seed=3, records=True)[1]
    index = max(range(3), key=lambda k: len(records[k].actions))   # a deal with a card play
    text = io.StringIO()
    stich.write_records(records, text)
    open_page(page, address, name, seed=1)
    first = table(page, "data-board")
    page.find_element(By.CSS_SELECTOR, "details:nth-of-type(3) summary").click()
    page.execute_script("document.getElementById('paste').value = arguments[0];", text.getvalue())
    box = page.find_element(By.ID, "record-index")
    box.clear()
    box.send_keys(str(index + 1))
    page.find_element(By.ID, "load-records").click()
    wait_for(page, lambda: table(page, "data-board") != first)
    board = settled(page, address, 0)
    record = records[index]
    assert [(h["seat"], h["action"]) for h in board["history"]] == [tuple(a) for a in record.actions]
    page.find_element(By.ID, "review").click()
    status = page.find_element(By.ID, "review-status")
    wait_for(page, lambda: status.get_attribute("data-status") in ("done", "error", "cancelled"), timeout=300)
    assert status.get_attribute("data-status") == "done", status.text
    reviewed = api(address, f"/api/boards/{board['id']}")["review"]
    decisions = {d["index"]: d for d in reviewed["decisions"]}
    dots = page.find_elements(By.CSS_SELECTOR, "#review-chart svg circle")
    assert len(dots) == sum((d["open"] is not None) + (d["view"] is not None and d["view"]["value_played"] is not None)
                            for d in reviewed["decisions"])
    shot = False
    for at in range(len(record.actions) + 1):
        if at:
            page.find_element(By.ID, "forward").click()
        settled(page, address, at)
        decision = page.find_element(By.ID, "decision").text
        if at in decisions:
            d = decisions[at]
            assert f"seat {d['seat']} chose {d['played']}" in decision
            if d["open"] is not None:
                assert f"best {d['open']['best']}" in decision
                if not shot:   # the first card with a verdict: a screenshot of the board in review
                    page.execute_script("window.scrollTo(0, 0);")
                    page.save_screenshot(str(artifacts / f"review_{name.lower()}.png"))
                    shot = True
    assert shot and "deal over" in page.find_element(By.ID, "status").text


@pytest.mark.parametrize("name", GAMES)
def test_hands_set_by_clicking_cards_into_seats(page, address, name):
    open_page(page, address, name, seed=4)
    first = table(page, "data-board")
    page.find_element(By.ID, "setup-toggle").click()
    wait_for(page, lambda: page.find_elements(By.CSS_SELECTOR, "#setup-deck .card"))
    chosen = []
    for seat in (1, 0):
        page.find_element(By.CSS_SELECTOR, f'#setup-seats button[data-setup-seat="{seat}"]').click()
        for _ in range(2):
            card = page.find_elements(By.CSS_SELECTOR, "#setup-deck .card")[seat]
            chosen.append((seat, card.get_attribute("data-card")))
            card.click()
    # A given card clicked again goes back to the deck.
    back = page.find_elements(By.CSS_SELECTOR, "#setup-seats .card")[-1]
    returned = back.get_attribute("data-card")
    back.click()
    chosen.remove(next(c for c in chosen if c[1] == returned))
    page.find_element(By.ID, "setup-deal").click()
    wait_for(page, lambda: table(page, "data-board") != first)
    board = settled(page, address, 0)
    deal = stich.read_records(io.StringIO(board["record"]))[0].deal
    for seat, card in chosen:
        assert card in deal[f"seat{seat}"]


@contextlib.contextmanager
def other_origin():
    """A plain page of another origin (a server of its own on another port, without the policies of
    stich's pages): the address of its page."""
    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = b"<!DOCTYPE html><title>another site</title>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_the_page_keeps_the_token_of_its_address_and_another_origin_gets_nothing(page, served, address):
    _, token = served
    # The token left the address bar (no history, no screenshots, no referrer holds it) and stays with the page.
    page.get(f"http://{address}/?token={token}")
    wait_for(page, lambda: table(page, "data-board"))
    assert page.current_url == f"http://{address}/"
    assert page.execute_script("return localStorage.getItem('stich-token')") == token
    page.get(f"http://{address}/")
    wait_for(page, lambda: table(page, "data-board"))
    # Without the token the page says what to do.
    page.execute_script("localStorage.clear()")
    page.get(f"http://{address}/")
    wait_for(page, lambda: "needs its token" in page.find_element(By.ID, "message").text)
    assert not table(page, "data-board")
    page.get(f"http://{address}/?token={token}")
    wait_for(page, lambda: table(page, "data-board"))


@contextlib.contextmanager
def server_in_this_process(token):
    """stich serve's application on a free port of 127.0.0.1, served by uvicorn on a thread of this
    process (so that the test sees its boards): its address and its boards."""
    import socket

    import uvicorn

    from stich.web import create_app
    from stich.web.access import Access

    app = create_app(access=Access.for_bind("127.0.0.1", token))
    inner = app
    while not hasattr(inner, "state"):
        inner = inner.app
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        wait_for(None, lambda: server.started)
        yield f"127.0.0.1:{sock.getsockname()[1]}", inner.state.stich.boards
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()


def test_a_page_of_another_origin_can_neither_change_nor_read_anything(page):
    """The issue's attack in a real browser: a page of another site posts to the server (text/plain,
    no preflight needed), or sends JSON with the token as if it knew it, or reads. Nothing is made
    and nothing is read."""
    token = "t" * 48
    with server_in_this_process(token) as (target, boards), other_origin() as elsewhere:
        page.get(elsewhere)
        results = page.execute_async_script("""
            const [target, token, done] = arguments;
            const outcome = (p) => p.then((r) => `status ${r.status} ${r.type}`, (e) => `refused: ${e.name}`);
            const game = JSON.stringify({game: "Mucken"});
            Promise.all([
              outcome(fetch(target + "/api/boards", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"},
                                                     body: game})),
              outcome(fetch(target + "/api/boards", {method: "POST", headers: {"Content-Type": "application/json",
                                                                              "Authorization": "token " + token}, body: game})),
              outcome(fetch(target + "/api/games", {headers: {"Authorization": "token " + token}})),
              outcome(fetch(target + "/api/games")),
            ]).then(done);
        """, f"http://{target}", token)
        made = len(boards)
    # Each is a network error to the page: no CORS header grants the preflight or the reading, and the
    # answer to the simple post (a 403 by its Origin) is not this origin's to see (Cross-Origin-Resource-Policy).
    assert results == ["refused: TypeError"] * 4, results
    assert made == 0
