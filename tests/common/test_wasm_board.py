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
from helpers.hooks import HOOKS
from helpers.wasm import built_wasm

import stich
from stich.__main__ import main
from stich.web.app import _hand_moves

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


def choose(page, game):
    """The game chosen, once its option form (from its schema) is drawn."""
    Select(page.find_element(By.ID, "game")).select_by_value(game)
    wait_for(page, lambda: page.find_element(By.ID, "options").get_attribute("data-game") == game)


def deal(page, game, seed, dealer=0):
    choose(page, game)
    for field, value in (("seed", seed), ("dealer", dealer)):
        page.find_element(By.ID, field).clear()
        page.find_element(By.ID, field).send_keys(str(value))
    page.find_element(By.ID, "deal").click()
    wait_for(page, lambda: board(page, "actions") == "0" and page.find_elements(By.CSS_SELECTOR, "#felt .seat"))


def assert_table(page, state):
    """The table drawn (table.js, shared with stich serve's board) shows the core's: every seat's
    hand and what its side took, the trick with its seats, the other places (a talon)."""
    for seat in range(state.num_players):
        box = page.find_element(By.CSS_SELECTOR, f'#felt .seat[data-seat="{seat}"]')
        assert [c.get_attribute("data-card") for c in box.find_elements(By.CLASS_NAME, "card")] == [str(c) for c in state.hand(seat)]
        assert box.find_element(By.CLASS_NAME, "name").text.endswith(f" · {state.tally(seat)}")
    trick = [(e.find_element(By.CLASS_NAME, "card").get_attribute("data-card"), e.text.split()[-1])
             for e in page.find_elements(By.CSS_SELECTOR, "#trick .played")]
    assert trick == [(str(c), str(s)) for s, c in state.trick_plays]
    shown = [c.get_attribute("data-card") for c in page.find_elements(By.CSS_SELECTOR, "#places .card")]
    assert shown == [str(c) for k, held in enumerate(state._locations()) if k >= state.num_players for c in held]


@pytest.mark.parametrize("game, seed", [(name, h.BOARD_SEED) for name, h in HOOKS.items() if hasattr(h, "BOARD_SEED")])
def test_a_deal_played_by_clicks_shows_the_solvers_values(page, game, seed):
    deal(page, game, seed)
    state = stich.GAMES[game]().deal(seed=seed, dealer=0)
    steps = solved = 0
    while not state.is_terminal:
        wait_for(page, lambda: board(page, "actions") == str(steps))
        legal = [str(a) for a in state.legal_actions()]
        cards = _hand_moves(state, state.current_player, state.legal_actions())
        if state.phase == "play":
            wait_for(page, lambda: bool(board(page, "values")))
            shown = json.loads(board(page, "values"))
            assert shown == {str(a): v for a, v in stich.solve(state).values.items()}
            # The values chart of the seat to act and the cards on the table show them (as stich serve's board).
            rows = page.find_elements(By.CSS_SELECTOR, "#chart .row")
            assert [r.get_attribute("data-action") for r in rows] == legal
            assert {r.get_attribute("data-action"): float(r.get_attribute("data-open-value")) for r in rows} == shown
            on_cards = {b.get_attribute("data-card"): float(b.get_attribute("data-open-value"))
                        for b in page.find_elements(By.CSS_SELECTOR, "#felt .card.legal[data-open-value]")}
            assert on_cards == {c["card"]: shown[c["actions"][0]] for c in cards if len(c["actions"]) == 1}
            solved += 1
        assert_table(page, state)
        # The core's own texts, no rules in JavaScript: the state (trick with its seats, what each
        # side took, the talon) and the position of the seat to act.
        assert page.find_element(By.ID, "state").get_attribute("textContent") == str(state)
        assert page.find_element(By.ID, "position").get_attribute("textContent") == stich.position_text(state, state.current_player)
        # The actions that play no card of the hand are listed; the cards are played on the table.
        of_cards = {t for c in cards for t in c["actions"]}
        buttons = page.find_elements(By.CSS_SELECTOR, "#actions .action")
        assert [b.get_attribute("data-text") for b in buttons] == [t for t in legal if t not in of_cards]
        text = legal[steps % len(legal)]
        play_by_click(page, [str(a) for a in state.legal_actions()], cards, text)
        state.apply(text)
        steps += 1
    wait_for(page, lambda: board(page, "terminal") == "true")
    assert page.find_element(By.ID, "state").get_attribute("textContent") == str(state)
    assert solved >= 5
    assert page.find_element(By.ID, "status").text == f"deal over: returns {', '.join(f'{r:g}' for r in state.returns())}"


def play_by_click(page, legal, cards, text):
    """The action played as a player does it: its card clicked on the table, then (a card played
    in more than one way) the action among the card's offered beside; else its button."""
    card = next((c for c in cards if text in c["actions"]), None)
    if card is not None:
        page.find_element(By.CSS_SELECTOR, '#felt .card.legal[data-card="%s"]' % card["card"]).click()
        if len(card["actions"]) == 1:
            return
        # Offered: the card's actions among the actions that play no card (as the served board).
        of_cards = {t for c in cards for t in c["actions"]}
        offered = [t for t in legal if t not in of_cards or t in card["actions"]]
        wait_for(page, lambda: [b.get_attribute("data-text") for b in page.find_elements(By.CSS_SELECTOR, "#actions .action")] == offered)
    page.find_element(By.CSS_SELECTOR, f'#actions .action[data-text="{text}"]').click()


def test_a_card_played_in_more_than_one_way(page):
    """Mistigri's discard: a card is in several discards; clicked, the card offers them beside the
    table (the served board's chooser), and the one chosen is played."""
    deal(page, "Mistigri", 0)
    state = stich.GAMES["Mistigri"]().deal(seed=0, dealer=0)
    steps = 0
    while True:
        wait_for(page, lambda: board(page, "actions") == str(steps))
        cards = _hand_moves(state, state.current_player, state.legal_actions())
        several = next((c for c in cards if len(c["actions"]) > 2), None)
        text = several["actions"][1] if several else str(state.legal_actions()[-1])   # the last: towards the exchange
        play_by_click(page, [str(a) for a in state.legal_actions()], cards, text)
        state.apply(text)
        steps += 1
        if several:
            break
    wait_for(page, lambda: board(page, "actions") == str(steps))
    assert page.find_element(By.ID, "state").get_attribute("textContent") == str(state)


def test_the_values_chart_shows_the_seats_view(page):
    """The analysis of the seat's view drawn in the values chart beside the open-hand values, a row
    per legal action with the analysis' mean (as stich serve's board)."""
    deal(page, "Couillon", 5)
    page.find_element(By.ID, "seconds").clear()
    page.find_element(By.ID, "seconds").send_keys("0.2")
    page.find_element(By.ID, "analyse").click()
    wait_for(page, lambda: page.find_element(By.ID, "analyse").is_enabled() and page.find_element(By.ID, "view").text != "analysing…")
    rows = page.find_elements(By.CSS_SELECTOR, "#chart .row")
    legal = [str(a) for a in stich.GAMES["Couillon"]().deal(seed=5, dealer=0).legal_actions()]
    assert [r.get_attribute("data-action") for r in rows] == legal
    means = {r.get_attribute("data-action"): r.get_attribute("data-view-value") for r in rows}
    shown = page.find_element(By.ID, "view").text
    assert all(v is not None for v in means.values()), shown
    assert len(page.find_elements(By.CSS_SELECTOR, "#chart .row .bar.view")) == len(legal)


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
    choose(page, "Mucken")
    page.find_element(By.ID, "option-text").send_keys("players=9")
    page.find_element(By.ID, "deal").click()
    wait_for(page, lambda: "players" in page.find_element(By.ID, "message").text)
    page.find_element(By.ID, "option-text").clear()


def paste(page, text):
    box = page.find_element(By.ID, "paste")
    page.execute_script("arguments[0].value = arguments[1]", box, text)


def test_records_out_and_in_and_reviewed(page):
    """The record of a deal played by clicks is the core's; read back, it is stepped through to its
    end; the review marks the card-play actions that lost value (stich.solve's) and the seat's-view
    mistakes, and shows a decision's seat's-view verdict, stich.review's under the same settings."""
    import io

    deal(page, "Mucken", 4)
    state = stich.GAMES["Mucken"]().deal(seed=4, dealer=0)
    record = stich.Record.dealt(state, seed=4)
    steps = 0
    while not state.is_terminal and steps < 12:
        wait_for(page, lambda: board(page, "actions") == str(steps))
        text = str(state.legal_actions()[-1])   # the last legal action: not always the best card
        play_by_click(page, [str(a) for a in state.legal_actions()], _hand_moves(state, state.current_player, state.legal_actions()), text)
        record = record.with_action(state.current_player, text)
        state.apply(text)
        steps += 1
    wait_for(page, lambda: board(page, "actions") == str(steps))
    page.find_element(By.ID, "copy-record").click()
    out = io.StringIO()
    stich.write_records([record], out)
    wait_for(page, lambda: page.find_element(By.ID, "paste").get_attribute("value") == out.getvalue())
    # Read back: the board at its start, the history whole; End steps to the last action.
    page.find_element(By.ID, "load-records").click()
    wait_for(page, lambda: board(page, "actions") == "0" and len(page.find_elements(By.CSS_SELECTOR, "#history li")) == steps)
    page.find_element(By.ID, "last").click()
    wait_for(page, lambda: board(page, "actions") == str(steps))
    assert page.find_element(By.ID, "state").get_attribute("textContent") == str(state)
    # The open-hand review: the card-play actions whose value is below the best.
    replay = stich.GAMES["Mucken"]().deal(seed=4, dealer=0)
    losing = []
    for k, (_, text) in enumerate(record.actions):
        if replay.phase == "play" and len(replay.legal_actions()) > 1:
            values = {str(a): v for a, v in stich.solve(replay).values.items()}
            if values[text] < max(values.values()):
                losing.append(k)
        replay.apply(text)
    # The seat's-view verdicts: stich.review's with the board's settings (the served board page's).
    views = {d["index"]: d["view"] for d in next(stich.review([record], worlds=30, iterations=500, seed=0))["decisions"] if d["view"]}
    losing = sorted(set(losing) | {k for k, v in views.items() if v["mistake"]})
    page.find_element(By.ID, "review").click()
    wait_for(page, lambda: page.find_element(By.ID, "review-status").get_attribute("data-status") == "done", timeout=600)
    marked = [int(li.get_attribute("data-index")) for li in page.find_elements(By.CSS_SELECTOR, "#history li.mistake")]
    assert marked == losing
    # The review's chart (the served board's): dots a decision (open-hand, from the view), those of
    # the losses and mistakes red; a dot clicked goes to its action.
    dots = page.find_elements(By.CSS_SELECTOR, "#review-chart svg circle")
    assert sorted({int(d.get_attribute("data-index")) for d in dots if d.get_attribute("fill") == "#c00"}) == losing
    first = dots[0].get_attribute("data-index")
    dots[0].click()
    wait_for(page, lambda: board(page, "actions") == first)
    v = views[int(first)]
    loss = "–" if v["loss"] is None else f"{v['loss']:.3f}"
    interval = "" if v["loss_low"] is None else f" [{v['loss_low']:.3f}, {v['loss_high']:.3f}]"
    want = f"from the seat's view ({v['method']}): best {v['best']}, loss {loss}{interval}"
    wait_for(page, lambda: want in page.find_element(By.ID, "decision").get_attribute("textContent"))


def test_a_position_pasted_options_chosen_and_hands_set(page):
    """A position text read as the seat's view; a game's options chosen in its form (from the
    module's schema); a deal with a hand given by clicking cards (the rest dealt by the seed)."""
    state = stich.GAMES["Euchre"]().deal(seed=11, dealer=1)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    paste(page, stich.position_text(state, state.current_player))
    page.find_element(By.ID, "load-position").click()
    text = stich.position_text(state, state.current_player)
    wait_for(page, lambda: page.find_element(By.ID, "position").get_attribute("textContent") == text)
    choose(page, "Euchre")
    page.find_element(By.ID, "setup-toggle").click()
    hand = "CA CK CQ CJ CT"
    wait_for(page, lambda: page.find_elements(By.CSS_SELECTOR, '[data-setup-seat="2"]'))
    page.find_element(By.CSS_SELECTOR, '[data-setup-seat="2"]').click()
    for card in hand.split():
        page.find_element(By.CSS_SELECTOR, f'#setup-deck .card[data-card="{card}"]').click()
    for field, value in (("seed", 7), ("dealer", 3)):
        page.find_element(By.ID, field).clear()
        page.find_element(By.ID, field).send_keys(str(value))
    page.find_element(By.ID, "setup-deal").click()
    given = stich.GAMES["Euchre"]().deal(seed=7, dealer=3, hands=[None, None, hand, None])
    wait_for(page, lambda: page.find_element(By.ID, "state").get_attribute("textContent") == str(given))
    assert_table(page, given)
    page.find_element(By.ID, "setup-toggle").click()
    # Options from the form: six-player Mucken with a target, the rest at their defaults.
    choose(page, "Mucken")
    Select(page.find_element(By.CSS_SELECTOR, '#options [data-option="players"]')).select_by_visible_text("6")
    target = page.find_element(By.CSS_SELECTOR, '#options [data-option="target"]')
    target.clear()
    target.send_keys("31")
    page.find_element(By.ID, "deal").click()
    six = stich.GAMES["Mucken"](players=6, target=31).deal(seed=7, dealer=3)
    wait_for(page, lambda: page.find_element(By.ID, "state").get_attribute("textContent") == str(six))
    assert_table(page, six)
