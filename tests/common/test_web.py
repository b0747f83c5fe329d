"""stich serve (docs/web.md): the HTTP API through Starlette's test client over every game (deal,
apply, the values, step back, paste, load a record and review it, cancel), bad input of every
kind (a 4xx with the core's message, never a 500), the limits, and the command itself (it
listens on localhost and Ctrl-C ends it)."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

import stich

pytest.importorskip("starlette", reason="starlette is not installed (the web extra: pip install --group test)")
pytest.importorskip("httpx2", reason="httpx2 is not installed (Starlette's test client: pip install --group test)")

from starlette.testclient import TestClient  # noqa: E402

from stich.review import review_record  # noqa: E402
from stich.web import Limits, create_app  # noqa: E402
from stich.web.app import STATIC  # noqa: E402

GAMES = list(stich.GAMES)


@pytest.fixture
def client():
    with TestClient(create_app(Limits(seconds=10, analyses=2, queued=4, boards=16))) as c:
        yield c


def ok(response):
    assert response.status_code in (200, 202), response.text
    return response.json()


def deal(client, name, seed, **extra):
    return ok(client.post("/api/boards", json={"game": name, "seed": seed, **extra}))


def replica(board_data):
    """The board's line as a record (its own record text), read back by stich."""
    return stich.read_records(io.StringIO(board_data["record"]))[0]


def test_the_games_and_their_options_come_from_the_registry(client):
    games = ok(client.get("/api/games"))
    assert [g["name"] for g in games] == GAMES
    for g in games:
        cls = stich.GAMES[g["name"]]
        assert [o["name"] for o in g["options"]] == list(cls.OPTIONS)
        assert g["unit"] == cls.UNIT


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_deal_played_through_the_api_agrees_with_stich(client, name):
    """Every step: the legal actions, the phase and each illegal card's reason are the core's, the
    open-hand values are stich.solve's; then stepping back gives each earlier state again."""
    seed = 11
    board = deal(client, name, seed)
    state = stich.GAMES[name]().deal(seed=seed, dealer=0)
    rng = random.Random(seed)
    reasons = 0
    while not board["terminal"]:
        assert board["legal"] == [a.text for a in state.legal_actions()]
        assert board["phase"] == state.phase and board["to_act"] == state.current_player
        assert {a for c in board["cards"] for a in c["actions"]} <= set(board["legal"])
        for card in board["cards"]:
            if not card["legal"]:
                with pytest.raises(ValueError) as refused:
                    state.clone().apply(card["card"])
                assert card["reason"] == str(refused.value) and card["reason"]
                reasons += 1
        if board["solvable"]:
            values = ok(client.post(f"/api/boards/{board['id']}/solve"))
            solved = stich.solve(state)
            assert values["values"] == {str(a): v for a, v in solved.values.items()}
            assert values["best"] == str(solved.best) and values["line"]
        else:
            refused = client.post(f"/api/boards/{board['id']}/solve")
            assert refused.status_code == 400 and "phase" in refused.json()["error"]
        action = rng.choice(board["legal"])
        board = ok(client.post(f"/api/boards/{board['id']}/apply", json={"action": action}))
        state.apply(action)
    assert board["returns"] == state.returns() and board["position"] is None
    assert reasons > 0   # every game refuses some card with a reason (following suit, at least)
    record = replica(board)
    assert [t for _, t in record.actions] == [h["action"] for h in board["history"]]
    for at in (len(record.actions) - 1, len(record.actions) // 2, 0):
        back = ok(client.post(f"/api/boards/{board['id']}/goto", json={"at": at}))
        again = record.state(at=at)
        assert back["at"] == at and back["legal"] == [a.text for a in again.legal_actions()]
        assert back["text"] == str(again)
    # An action at an earlier point replaces the actions after it.
    branched = ok(client.post(f"/api/boards/{board['id']}/apply", json={"action": back["legal"][-1]}))
    assert len(branched["history"]) == 1 and branched["at"] == 1


@pytest.mark.parametrize("name", GAMES)
def test_the_analysis_from_the_seats_view_before_and_in_the_card_play(client, name):
    board = deal(client, name, 5)
    state = stich.GAMES[name]().deal(seed=5, dealer=0)
    first = True
    while not board["terminal"]:
        if first or (board["solvable"] and len(board["legal"]) > 1):
            job = ok(client.post(f"/api/boards/{board['id']}/analyse", json={"seconds": 0.3, "wait": True, "seed": 3}))
            assert job["status"] == "done", job
            result = job["result"]
            assert sorted(m["action"] for m in result["moves"]) == sorted(board["legal"])
            assert result["observer"] == board["to_act"] and result["verdict"]
            assert result["method"] == ("ismcts" if not board["solvable"] else result["method"])
            if board["solvable"]:
                assert result["method"] in ("exact", "pimc")
                break
            first = False
        action = state.heuristic_action(1).text
        state.apply(action)
        board = ok(client.post(f"/api/boards/{board['id']}/apply", json={"action": action}))
    assert board["solvable"], "the deal reached the card play"


def test_an_analysis_reports_progress_and_is_cancelled(client):
    board = deal(client, "Couillon", 3)
    job = ok(client.post(f"/api/boards/{board['id']}/analyse", json={"seconds": 8, "method": "ismcts"}))
    assert job["status"] in ("queued", "running")
    for _ in range(400):   # until the search's first report
        job = ok(client.get(f"/api/jobs/{job['id']}"))
        if job["progress"]:
            break
        time.sleep(0.02)
    assert job["progress"]["iterations"] > 0
    ok(client.delete(f"/api/jobs/{job['id']}"))
    for _ in range(1000):
        job = ok(client.get(f"/api/jobs/{job['id']}"))
        if job["status"] != "running":
            break
        time.sleep(0.02)
    assert job["status"] == "cancelled" and job["result"] is None


def _records(name, deals, seed):
    game = stich.GAMES[name]()
    bots = [stich.HeuristicBot() if k % 2 else stich.RandomBot() for k in range(game.num_players)]
    return stich.play(game, bots, deals=deals, seed=seed, records=True)[1]


@pytest.mark.parametrize("form", ["text", "jsonl"])
@pytest.mark.parametrize("name", GAMES)
def test_a_loaded_record_steps_through_with_the_reviews_verdicts(client, name, form):
    records = _records(name, 2, seed=4)
    out = io.StringIO()
    stich.write_records(records, out, form)
    board = ok(client.post("/api/boards", json={"records": out.getvalue(), "index": 1}))
    record = records[1]
    assert len(board["records"]) == 2 and board["at"] == 0 and not board["prior"]
    assert [(h["seat"], h["action"]) for h in board["history"]] == [tuple(a) for a in record.actions]
    assert replica(board) == record
    job = ok(client.post(f"/api/boards/{board['id']}/review", json={"worlds": 8, "iterations": 100, "seed": 2, "wait": True}))
    assert job["status"] == "done", job
    expected = review_record(record, worlds=8, iterations=100, seed=2)
    assert job["result"] == json.loads(json.dumps(expected))
    for d in expected["decisions"]:
        at = ok(client.post(f"/api/boards/{board['id']}/goto", json={"at": d["index"]}))
        assert at["decision"] == json.loads(json.dumps(d))
        assert at["text"] == str(record.state(at=d["index"]))
    end = ok(client.post(f"/api/boards/{board['id']}/goto", json={"at": len(record.actions)}))
    assert end["terminal"] and end["returns"] == record.state().returns() and end["review"] is not None
    # Another action at a step changes the line: the review no longer holds.
    at = expected["decisions"][0]["index"]
    here = ok(client.post(f"/api/boards/{board['id']}/goto", json={"at": at}))
    changed = ok(client.post(f"/api/boards/{board['id']}/apply", json={"action": here["legal"][-1]}))
    assert changed["review"] is None and changed["decision"] is None


@pytest.mark.parametrize("name", GAMES)
def test_positions_paste_in_and_copy_out(client, name):
    for seed in range(8, 40):   # a deal that goes on for six actions at least
        state = stich.GAMES[name]().deal(seed=seed, dealer=0)
        actions = []
        while len(actions) < 6 and not state.is_terminal:
            actions.append(state.heuristic_action(2).text)
            state.apply(actions[-1])
        if not state.is_terminal:
            break
    board = deal(client, name, seed)
    for action in actions:
        board = ok(client.post(f"/api/boards/{board['id']}/apply", json={"action": action}))
    assert board["position"] == stich.position_text(state)
    pasted = ok(client.post("/api/boards", json={"position": board["position"]}))
    assert pasted["position"] == board["position"] and pasted["record"] is None
    assert pasted["prior"] == [f"{s} {t}" for s, t in state.view(state.current_player).history]
    full = ok(client.post("/api/boards", json={"position": board["full_position"]}))
    assert [s["hand"] for s in full["seats"]] == [s["hand"] for s in board["seats"]]
    assert full["legal"] == board["legal"]
    # A pasted position has no deal to review.
    assert client.post(f"/api/boards/{full['id']}/review", json={}).status_code == 409


@pytest.mark.parametrize("name", GAMES)
def test_hands_set_card_by_card(client, name):
    deck = ok(client.post("/api/deck", json={"game": name}))
    sizes = [p["size"] for p in deck["places"]][:deck["num_players"]]
    cards = [c["card"] for c in deck["cards"]]
    hands = [cards[:sizes[0]], None] + [None] * (deck["num_players"] - 2)
    board = deal(client, name, 1, hands=[" ".join(h) if h else None for h in hands])
    dealt = replica(board).deal["seat0"]
    assert sorted(dealt) == sorted(cards[:sizes[0]])


BAD = [
    # (method, path, body or raw bytes, status, words of the message)
    ("post", "/api/boards", b"not json", 400, "not JSON"),
    ("post", "/api/boards", b"[1, 2]", 400, "JSON object"),
    ("post", "/api/boards", b"[" * 200_000, 400, "nests too deep"),
    ("post", "/api/boards", b"\xff\xfe", 400, "not JSON"),
    ("post", "/api/boards", {"game": "Skat"}, 400, "unknown game"),
    ("post", "/api/boards", {}, 400, "game is missing"),
    ("post", "/api/boards", {"game": 3}, 400, "game must be string"),
    ("post", "/api/boards", {"game": "Mucken", "options": {"players": 5}}, 400, "players"),
    ("post", "/api/boards", {"game": "Mucken", "options": {"colour": 1}}, 400, "colour"),
    ("post", "/api/boards", {"game": "Mucken", "options": []}, 400, "options must be object"),
    ("post", "/api/boards", {"game": "Mucken", "seed": -1}, 400, "seed"),
    ("post", "/api/boards", {"game": "Mucken", "seed": 2**70}, 400, "seed"),
    ("post", "/api/boards", {"game": "Mucken", "seed": 1.5}, 400, "seed must be int"),
    ("post", "/api/boards", {"game": "Mucken", "dealer": 9}, 400, "dealer"),
    ("post", "/api/boards", {"game": "Mucken", "hands": ["XX"]}, 400, "XX"),
    ("post", "/api/boards", {"game": "Mucken", "hands": ["EO", "EO"]}, 400, "EO"),
    ("post", "/api/boards", {"game": "Mucken", "hands": [["EO", 3]]}, 400, ""),
    ("post", "/api/boards", {"game": "Mucken", "hands": "EO"}, 400, "hands must be array"),
    ("post", "/api/boards", {"game": "Mucken", "deal_args": {"nope": 1}}, 400, "nope"),
    ("post", "/api/boards", {"position": "stich position 1\ngame: Nope\n"}, 400, "dealer"),
    ("post", "/api/boards", {"position": 7}, 400, "position must be string"),
    ("post", "/api/boards", {"position": "hand0: EO\n"}, 400, ""),
    ("post", "/api/boards", {"records": "[Game \"Mucken\"]\n"}, 400, "record 1"),
    ("post", "/api/boards", {"records": ""}, 400, "no record"),
    ("post", "/api/boards", {"records": "x", "position": "y"}, 400, "not several"),
    ("post", "/api/deck", {"game": "Euchre", "options": {"x": 1}}, 400, "x"),
    ("get", "/api/boards/nope", None, 404, "no board"),
    ("post", "/api/boards/nope/apply", {"action": "EO"}, 404, "no board"),
    ("get", "/api/jobs/nope", None, 404, "no analysis"),
    ("delete", "/api/jobs/nope", None, 404, "no analysis"),
    ("get", "/static/../pyproject.toml", None, 404, ""),
    ("get", "/static/%2e%2e/app.py", None, 404, ""),
]


@pytest.mark.parametrize("method, path, body, status, words", BAD, ids=[f"{b[1]}-{k}" for k, b in enumerate(BAD)])
def test_bad_input_gets_a_4xx_with_the_message(client, method, path, body, status, words):
    kwargs = {"content": body} if isinstance(body, bytes) else {} if body is None else {"json": body}
    response = client.request(method.upper(), path, **kwargs)
    assert response.status_code == status, response.text
    if path.startswith("/api/"):
        assert words in response.json()["error"]


ON_A_BOARD = [
    ("apply", {}, 400, "action is missing"),
    ("apply", {"action": "ZZ"}, 400, "ZZ"),
    ("apply", {"action": 3}, 400, "action must be string"),
    ("goto", {"at": 99}, 400, "at must be 0..0"),
    ("goto", {"at": "1"}, 400, "at must be int"),
    ("goto", {}, 400, "at is missing"),
    ("analyse", {"seconds": 1000}, 400, "budget"),
    ("analyse", {"seconds": -1}, 400, "seconds"),
    ("analyse", {"seconds": "1"}, 400, "seconds must be"),
    ("analyse", {"method": "guess"}, 400, "method must be one of"),
    ("analyse", {"method": "exact"}, 400, "card play only"),
    ("analyse", {"worlds": 0, "method": "auto"}, 400, "worlds"),
    ("analyse", {"seed": -2}, 400, "seed"),
    ("review", {}, 409, "nothing to review"),
    ("solve", {}, 400, "phase"),
]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("what, body, status, words", ON_A_BOARD, ids=[f"{b[0]}-{k}" for k, b in enumerate(ON_A_BOARD)])
def test_bad_input_on_a_board_gets_a_4xx(client, name, what, body, status, words):
    board = deal(client, name, 2)
    assert not board["solvable"]   # every game bids or declares before the first card
    response = client.post(f"/api/boards/{board['id']}/{what}", json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_card_is_refused_with_the_cores_reason(client, name):
    board = deal(client, name, 6)
    state = stich.GAMES[name]().deal(seed=6, dealer=0)
    while not any(not c["legal"] for c in board["cards"]):
        action = state.heuristic_action(0).text
        state.apply(action)
        board = ok(client.post(f"/api/boards/{board['id']}/apply", json={"action": action}))
    card = next(c for c in board["cards"] if not c["legal"])
    refused = client.post(f"/api/boards/{board['id']}/apply", json={"action": card["card"]})
    assert refused.status_code == 400 and refused.json()["error"] == card["reason"]
    assert ok(client.get(f"/api/boards/{board['id']}"))["history"] == board["history"]   # nothing applied
    # A finished deal takes no action.
    while not state.is_terminal:
        action = state.heuristic_action(0).text
        state.apply(action)
        board = ok(client.post(f"/api/boards/{board['id']}/apply", json={"action": action}))
    assert client.post(f"/api/boards/{board['id']}/apply", json={"action": "pass"}).status_code == 409
    assert client.post(f"/api/boards/{board['id']}/analyse", json={}).status_code == 409
    assert client.post(f"/api/boards/{board['id']}/solve").status_code == 400


def test_junk_never_gets_a_500(client):
    """Random JSON values in every field of every endpoint: a 2xx or 4xx every time."""
    rng = random.Random(7)
    board = deal(client, "Euchre", 1)
    junk = [None, True, -1, 0, 2**64, 1e308, float("nan"), "", "x" * 500, "EO", [], [None], {}, {"a": 1}, ["EO", "EO"]]
    fields = ["game", "options", "seed", "dealer", "hands", "deal_args", "position", "records", "index", "action", "at",
              "seconds", "method", "seed", "worlds", "wait", "open_only", "iterations"]
    paths = ["/api/boards", "/api/deck", f"/api/boards/{board['id']}/apply", f"/api/boards/{board['id']}/goto",
             f"/api/boards/{board['id']}/analyse", f"/api/boards/{board['id']}/review", f"/api/boards/{board['id']}/solve"]
    for _ in range(300):
        body = {rng.choice(fields): rng.choice(junk) for _ in range(rng.randint(1, 3))}
        if rng.random() < 0.5:
            body.setdefault("game", rng.choice(GAMES + ["", "euchre"]))
        if "wait" in body:
            body["wait"] = False
        path = rng.choice(paths)
        response = client.post(path, content=json.dumps(body).encode())
        assert response.status_code < 500, (path, body, response.text)
        if response.status_code >= 400:
            assert response.json()["error"]
        if response.status_code == 202:   # an analysis started: cancel it, the next one may be refused otherwise
            client.delete(f"/api/jobs/{response.json()['id']}")


def test_the_limits_hold():
    limits = Limits(body_bytes=2000, seconds=2, analyses=1, queued=1, boards=2)
    with TestClient(create_app(limits)) as client:
        big = client.post("/api/boards", json={"position": "x" * 5000})
        assert big.status_code == 413 and "2,000 bytes" in big.json()["error"]
        boards = [deal(client, "Euchre", k) for k in range(3)]
        assert client.get(f"/api/boards/{boards[0]['id']}").status_code == 404   # the least recently used went
        assert client.get(f"/api/boards/{boards[2]['id']}").status_code == 200
        job = ok(client.post(f"/api/boards/{boards[2]['id']}/analyse", json={"seconds": 2, "method": "ismcts"}))
        second = client.post(f"/api/boards/{boards[2]['id']}/analyse", json={"seconds": 1})
        assert second.status_code == 429 and "limit" in second.json()["error"]
        ok(client.delete(f"/api/jobs/{job['id']}"))
        assert client.post(f"/api/boards/{boards[2]['id']}/analyse", json={"seconds": 3}).status_code == 400
    with TestClient(create_app(Limits(jobs=2))) as client:   # the finished analyses kept
        board = deal(client, "Euchre", 1)
        jobs = [ok(client.post(f"/api/boards/{board['id']}/analyse", json={"seconds": 0.05, "wait": True})) for _ in range(4)]
        kept = [client.get(f"/api/jobs/{j['id']}").status_code for j in jobs]
        assert kept == [404, 404, 200, 200] or kept == [404, 200, 200, 200]   # the newest one finished just now


def test_the_page_and_its_files_need_no_network(client):
    page = client.get("/")
    assert page.status_code == 200 and "stich board" in page.text
    for name in ("app.js", "style.css"):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and response.text
    for path in STATIC.iterdir():
        text = path.read_text(encoding="utf-8")
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text, path.name


def _serve(*args):
    """`stich serve --port 0` in a child process, and the address it prints."""
    proc = subprocess.Popen([sys.executable, "-m", "stich", "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert "http://" in line, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc, line.split("http://", 1)[1].split("/", 1)[0]


def _post(address, path, body):
    request = urllib.request.Request(f"http://{address}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process: POSIX")
def test_stich_serve_listens_on_localhost_and_ctrl_c_stops_it_mid_analysis():
    proc, address = _serve()
    try:
        assert address.startswith("127.0.0.1:")
        with urllib.request.urlopen(f"http://{address}/api/games", timeout=30) as response:
            assert [g["name"] for g in json.loads(response.read())] == GAMES
        board = _post(address, "/api/boards", {"game": "Couillon", "seed": 1})
        job = _post(address, f"/api/boards/{board['id']}/analyse", {"seconds": 20, "method": "ismcts"})
        assert job["status"] in ("queued", "running")
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)
        took = time.monotonic() - start
    finally:
        if proc.poll() is None:
            proc.kill()
        _, err = proc.communicate()
    assert proc.returncode == 130 and "stich: interrupted" in err, err
    print(f"stich serve ended {took:.2f} s after SIGINT, an analysis of 20 s running")


def test_stich_serve_says_what_is_wrong():
    taken = subprocess.run([sys.executable, "-m", "stich", "serve", "--port", "70000"], capture_output=True, text=True, timeout=60)
    assert taken.returncode == 2 and "port 0..65535" in taken.stderr
    bad = subprocess.run([sys.executable, "-m", "stich", "serve", "--host", "256.1.1.1", "--port", "0"], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "cannot listen on 256.1.1.1" in bad.stderr
