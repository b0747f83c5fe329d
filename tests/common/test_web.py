"""stich serve (docs/web.md): the HTTP API through Starlette's test client over every game (deal,
apply, the values, step back, paste, load a record and review it, cancel), bad input of every
kind (a 4xx with the core's message, never a 500), the limits, who may use it (the Host, the
Origin, the JSON content type, the token, the headers of every answer), and the command itself
(it listens on localhost, prints its token, and Ctrl-C ends it)."""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

import stich

pytest.importorskip("starlette", reason="starlette is not installed (the web extra: pip install --group test)")
pytest.importorskip("httpx2", reason="httpx2 is not installed (Starlette's test client: pip install --group test)")

from starlette.testclient import TestClient  # noqa: E402

from stich.review import review_record  # noqa: E402
from stich.web import Limits, create_app  # noqa: E402
from stich.web.access import Access  # noqa: E402
from stich.web.app import STATIC  # noqa: E402

GAMES = list(stich.GAMES)
HERE = "http://127.0.0.1:8765"   # the address the test clients speak to (a Host this server answers for)
JSON = {"Content-Type": "application/json"}   # what the page sends with every request


def local_client(app):
    """A test client of the app as the page talks to it: to 127.0.0.1, saying JSON."""
    return TestClient(app, base_url=HERE, headers=JSON)


@pytest.fixture
def client():
    with local_client(create_app(Limits(seconds=10, analyses=2, queued=4, boards=16))) as c:
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
    ("analyse", {"seconds": -1}, 400, "seconds must be a number in (0, 1e+06], got -1.0"),
    ("analyse", {"seconds": "1"}, 400, "seconds must be"),
    ("analyse", {"method": "guess"}, 400, "unknown method 'guess'; accepted: auto, exact, pimc, ismcts"),
    ("analyse", {"method": "exact"}, 400, "card play only"),
    ("analyse", {"worlds": 0, "method": "auto"}, 400, "worlds must be an int in 1.."),
    ("analyse", {"seed": -2}, 400, "seed must be an int in 0..2**64-1, got -2"),
    ("review", {}, 409, "nothing to review"),
    ("solve", {}, 400, "phase"),
]


@pytest.mark.parametrize("seconds", [0, -1.0, float("nan"), float("inf"), 2e6])
def test_a_server_budget_the_core_would_refuse_is_refused(seconds):
    with pytest.raises(stich.InvalidArgumentError, match=r"^the server's seconds \(--max-seconds\) must be a number in \(0, 1e\+06\]"):
        Limits(seconds=seconds)


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
    with local_client(create_app(limits)) as client:
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
    with local_client(create_app(Limits(jobs=2))) as client:   # the finished analyses kept
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


# --- who may use it (docs/web.md, "Who may use it") -------------------------------------------------

TOKEN = "s3cret-token"


def guarded(bind="127.0.0.1", token=None, allow=()):
    return local_client(create_app(Limits(boards=16), Access.for_bind(bind, token, allow)))


def bare(app):
    """A test client that adds no header of its own but the Host."""
    return TestClient(app, base_url=HERE)


def boards_of(client):
    """The server's boards (to see that a refused request made none)."""
    app = client.app
    while not hasattr(app, "state"):
        app = app.app
    return app.state.stich.boards


def raw(app, method, path, headers):
    """The status of one request made straight to the ASGI application, with exactly these headers."""
    import asyncio

    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http", "path": path,
             "raw_path": path.encode(), "query_string": b"", "root_path": "", "headers": headers,
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8765)}
    asyncio.run(app(scope, receive, send))
    return sent[0]["status"]


HOSTS = [
    # (the address bound, the Host header, the status of GET /api/games)
    ("127.0.0.1", "127.0.0.1:8765", 200), ("127.0.0.1", "localhost:8765", 200), ("127.0.0.1", "LOCALHOST", 200),
    ("127.0.0.1", "[::1]:8765", 200), ("127.0.0.1", "127.0.0.2", 200),
    ("127.0.0.1", "evil.example", 403), ("127.0.0.1", "evil.example:8765", 403), ("127.0.0.1", "localhost.evil.example", 403),
    ("127.0.0.1", "127.0.0.1.nip.io:8765", 403), ("127.0.0.1", "192.168.1.5:8765", 403), ("127.0.0.1", "0.0.0.0:8765", 403),
    ("127.0.0.1", "x" * 5000, 403),
    ("127.0.0.1", "", 400), ("127.0.0.1", "a b", 400), ("127.0.0.1", "[::1", 400), ("127.0.0.1", "host:port", 400),
    ("127.0.0.1", "localhost:99999999", 400), ("127.0.0.1", "evil.example/x", 400),
    ("::1", "[::1]:8765", 200), ("::1", "evil.example", 403),
    ("0.0.0.0", "192.168.1.5:8765", 200), ("0.0.0.0", "[fe80::1]:8765", 200), ("0.0.0.0", "localhost", 200),
    ("0.0.0.0", "evil.example:8765", 403),
    ("192.168.1.5", "192.168.1.5:8000", 200), ("192.168.1.5", "10.0.0.7", 200), ("192.168.1.5", "evil.example", 403),
]


@pytest.mark.parametrize("bind, host, status", HOSTS, ids=[f"{b}-{h[:20]}" for b, h, _ in HOSTS])
def test_a_request_for_another_host_is_refused(bind, host, status):
    """DNS rebinding: a page of evil.example whose name now resolves to this machine sends its own name."""
    with guarded(bind) as client:
        for path in ("/api/games", "/", "/static/app.js", "/nope"):
            response = client.get(path, headers={"Host": host})
            if status != 200:
                assert response.status_code == status, (path, response.text)
                assert "Host" in response.json()["error"] or "host" in response.json()["error"]
                assert "\n" not in response.json()["error"]
            else:
                assert response.status_code == (404 if path == "/nope" else 200), (path, response.text)
        posted = client.post("/api/boards", json={"game": "Mucken"}, headers={"Host": host})
        assert posted.status_code == status
        assert len(boards_of(client)) == (status == 200)


def test_the_machines_name_and_the_allowed_hosts_are_answered():
    import socket

    with guarded("0.0.0.0") as client:
        assert client.get("/api/games", headers={"Host": f"{socket.gethostname()}:8765"}).status_code == 200
    with guarded("127.0.0.1", allow=["board.example.org", "Proxy.Example:443"]) as client:
        for host, status in (("board.example.org", 200), ("BOARD.example.org:443", 200), ("proxy.example", 200),
                             ("other.example.org", 403), (socket.gethostname(), 403)):
            assert client.get("/api/games", headers={"Host": host}).status_code == status, host
    for name in ("", "a b", "x:y:z", "[::1", "http://board.example.org"):
        with pytest.raises(ValueError, match="--allow-host takes a host name"):
            Access.for_bind("127.0.0.1", None, [name])


def test_a_request_without_one_host_is_refused():
    app = create_app()
    assert raw(app, "GET", "/api/games", []) == 400
    assert raw(app, "GET", "/api/games", [(b"host", b"127.0.0.1"), (b"host", b"evil.example")]) == 400
    assert raw(app, "GET", "/api/games", [(b"host", b"evil.example")]) == 403
    assert raw(app, "GET", "/", [(b"host", b"\xff\xfe")]) == 400


def test_a_websocket_is_closed_at_once():
    """The board has no websocket: one is closed before anything (a check it would skip) sees it."""
    import asyncio

    sent = []

    async def receive():
        return {"type": "websocket.connect"}

    async def send(message):
        sent.append(message)

    scope = {"type": "websocket", "path": "/api/games", "headers": [(b"host", b"evil.example")], "query_string": b"",
             "scheme": "ws", "root_path": "", "subprotocols": []}
    asyncio.run(create_app()(scope, receive, send))
    assert [m["type"] for m in sent] == ["websocket.close"]


ORIGINS = [
    # (Origin, Referer, status of a POST /api/boards from the page at http://127.0.0.1:8765)
    ("http://127.0.0.1:8765", None, 200), (None, None, 200), (None, "http://127.0.0.1:8765/", 200),
    ("HTTP://127.0.0.1:8765", None, 200), ("http://127.0.0.1:8765", "http://evil.example/", 200),
    ("http://evil.example", None, 403), ("null", None, 403), ("http://127.0.0.1:9999", None, 403),
    ("http://localhost:8765", None, 403), ("http://127.0.0.1:8765.evil.example", None, 403), ("file://", None, 403),
    ("", None, 403), ("http://[::1", None, 403), ("javascript:alert(1)", None, 403),
    (None, "http://evil.example/page", 403), (None, "https://127.0.0.1:9999/", 403), (None, "about:blank", 403),
]


@pytest.mark.parametrize("origin, referer, status", ORIGINS, ids=[f"{o}-{r}" for o, r, _ in ORIGINS])
def test_a_change_from_another_site_is_refused(origin, referer, status):
    headers = {k: v for k, v in (("Origin", origin), ("Referer", referer)) if v is not None}
    with guarded() as client:
        board = deal(client, "Euchre", 3)
        made = client.post("/api/boards", json={"game": "Mucken"}, headers=headers)
        assert made.status_code == status, made.text
        analysis = client.post(f"/api/boards/{board['id']}/analyse", json={"seconds": 0.05, "wait": True}, headers=headers)
        assert analysis.status_code == status
        gone = client.delete(f"/api/boards/{board['id']}", headers=headers)
        assert gone.status_code == status
        assert len(boards_of(client)) == (2 if status == 200 else 1) - (status == 200)
        if status != 200:
            assert "another site" in made.json()["error"]
            assert client.get(f"/api/boards/{board['id']}").status_code == 200   # still there
        # Reading needs no Origin check (no CORS header lets another site read the answer).
        assert client.get("/api/games", headers=headers).status_code == 200


CONTENT_TYPES = [
    ("application/json", 200), ("application/json; charset=utf-8", 200), ("Application/JSON", 200),
    ("text/plain", 415), ("text/plain; charset=utf-8", 415), ("application/x-www-form-urlencoded", 415),
    ("multipart/form-data; boundary=x", 415), ("application/jsonx", 415), ("application/ld+json", 415), ("", 415),
]


@pytest.mark.parametrize("kind, status", CONTENT_TYPES)
def test_the_api_reads_json_only(kind, status):
    """A form post or a text/plain fetch from another site needs no preflight: the API takes neither."""
    with bare(create_app()) as client:
        response = client.post("/api/boards", content=b'{"game": "Mucken"}', headers={"Content-Type": kind})
        assert response.status_code == status, response.text
        assert len(boards_of(client)) == (status == 200)
        if status == 415:
            assert "application/json" in response.json()["error"]
        assert client.post("/api/boards", content=b'{"game": "Mucken"}').status_code == 415   # no Content-Type at all
        assert client.post("/api/deck", content=b"{}", headers={"Content-Type": kind}).status_code == (400 if status == 200 else 415)


AUTHORIZATIONS = [
    (f"token {TOKEN}", 200), (f"Bearer {TOKEN}", 200), (f"TOKEN  {TOKEN} ", 200),
    (None, 403), ("", 403), (TOKEN, 403), (f"token {TOKEN[:-1]}", 403), (f"token {TOKEN}x", 403), (f"token x{TOKEN}", 403),
    (f"Basic {TOKEN}", 403), ("token", 403), ("token é".encode("latin-1"), 403),
]


@pytest.mark.parametrize("authorization, status", AUTHORIZATIONS)
def test_the_token_is_asked_of_every_api_request(authorization, status):
    headers = {} if authorization is None else {"Authorization": authorization}
    with guarded(token=TOKEN) as client:
        assert client.get("/api/games", headers=headers).status_code == status
        made = client.post("/api/boards", json={"game": "Mucken"}, headers=headers)
        assert made.status_code == status and len(boards_of(client)) == (status == 200)
        if status == 403:
            assert "token" in made.json()["error"]
        # The page and its files hold nothing: they need no token (the page's script brings it).
        assert client.get("/").status_code == 200 and client.get("/static/app.js").status_code == 200
        # The token goes in the header only: not in the address of an API request (addresses land in logs).
        assert client.get(f"/api/games?token={TOKEN}").status_code == 403


def test_the_token_of_one_server_opens_no_other():
    with guarded(token="a" * 48) as one, guarded(token="b" * 48) as other:
        assert one.get("/api/games", headers={"Authorization": "token " + "a" * 48}).status_code == 200
        assert other.get("/api/games", headers={"Authorization": "token " + "a" * 48}).status_code == 403


def test_every_answer_carries_the_security_headers_and_no_cors():
    with guarded(token=TOKEN) as client:
        auth = {"Authorization": f"token {TOKEN}"}
        evil = {"Origin": "http://evil.example"}
        answers = {
            "page": client.get("/", headers=evil), "script": client.get("/static/app.js"),
            "api": client.get("/api/games", headers={**auth, **evil}), "missing": client.get("/api/boards/nope", headers=auth),
            "no token": client.get("/api/games"), "other host": client.get("/", headers={"Host": "evil.example"}),
            "cross-site": client.post("/api/boards", json={}, headers={**auth, **evil}),
            "not json": client.post("/api/boards", content=b"{}", headers={**auth, "Content-Type": "text/plain"}),
            "too big": client.post("/api/boards", content=b"x" * (2 << 20), headers=auth),
            "preflight": client.options("/api/boards", headers={**evil, "Access-Control-Request-Method": "POST",
                                                                "Access-Control-Request-Headers": "authorization,content-type"}),
        }
        assert [r.status_code for r in answers.values()] == [200, 200, 200, 404, 403, 403, 403, 415, 413, 403]
        for what, r in answers.items():
            assert r.headers["X-Content-Type-Options"] == "nosniff", what
            assert r.headers["X-Frame-Options"] == "DENY", what
            csp = r.headers["Content-Security-Policy"]
            assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp and "unsafe" not in csp, what
            assert r.headers["Referrer-Policy"] == "no-referrer", what
            assert not [h for h in r.headers if h.lower().startswith("access-control-")], (what, r.headers)
            if what != "page" and what != "script" and what != "other host":
                assert r.headers["Cache-Control"] == "no-store", what


HOSTILE_BODIES = [
    b"", b"null", b"{", b"{}" * 1000, b'{"game": "Mucken"}' + b" " * 100_000, b"\x00" * 100, b"\xef\xbb\xbf{}",
    b'{"game": "Mucken", "options": {"players": 1e999}}', b'{"game": "Mucken", "seed": NaN}', b'{"game": "Mucken", "seed": -Infinity}',
    b'{"game": "Mu\\u0000cken"}', b'{"game": "\\ud800"}', b'{"records": "\\ud800"}', b'{"position": "\\udfff\\n"}',
    b'{"game": "Mucken", "seed": ' + b"9" * 5000 + b"}", b'{"game": "Mucken", "dealer": -9223372036854775809}',
    b'{"game": "Mucken", "options": ' + b'{"a": ' * 900 + b"1" + b"}" * 900 + b"}",
    b'{"game": "Mucken", "hands": ' + json.dumps([None] * 100_000).encode() + b"}",
    b'{"game": "Mucken", "hands": [' + b'"EO ' * 3000 + b'"]}',
    b'{"game": "Mucken", "deal_args": {"' + b"x" * 10_000 + b'": 1}}',
    b'{"records": "' + b'[Game \\"Mucken\\"]\\n' * 30_000 + b'"}',
    b'{"position": "' + b"stich position 1\\n" * 30_000 + b'"}',
    b'{"records": "\\n\\n\\n", "index": 99999999999999999999}', b'{"game": {"$ne": 1}}', b'{"__proto__": {"game": "Mucken"}}',
    b'{"game": "Mucken", "game": "Euchre", "game": "Skat"}',
]
HOSTILE_FIELDS = {"action": ["EO" * 10_000, "\x00", "\ud800", "pass; pass", None, [], {}], "at": [2**63, -2**63, 1e308, "0"],
                  "seconds": [5e-324, 1e-300, 1e308, float("nan"), float("inf"), 10**400], "method": ["../exact", "", "EXACT"],
                  "worlds": [2**31, -1, 10**30], "iterations": [2**63, 0], "seed": [2**64, 2**64 - 1, -1], "wait": ["yes", 1]}


def test_hostile_requests_never_get_a_500(client):
    """A table of hostile bodies at every endpoint that takes one, hostile values in every field of
    the board's endpoints, odd methods and paths: a 4xx (or a 2xx) with a message every time, and the
    server goes on answering."""
    board = deal(client, "Couillon", 2)
    posts = ["/api/boards", "/api/deck", *(f"/api/boards/{board['id']}/{what}" for what in ("apply", "goto", "solve", "analyse", "review"))]
    for path in posts:
        for body in HOSTILE_BODIES:
            response = client.post(path, content=body)
            assert 200 <= response.status_code < 500, (path, body[:80], response.text[:300])
            if response.status_code >= 400:
                assert response.json()["error"], (path, body[:80])
            if response.status_code == 202:
                client.delete(f"/api/jobs/{response.json()['id']}")
    rng = random.Random(41)
    for _ in range(200):
        path = rng.choice(posts[2:])
        body = {k: rng.choice(v) for k, v in rng.sample(sorted(HOSTILE_FIELDS.items()), rng.randint(1, 3))}
        body["wait"] = False
        response = client.post(path, content=json.dumps(body).encode())
        assert 200 <= response.status_code < 500, (path, body, response.text[:300])
        if response.status_code == 202:
            client.delete(f"/api/jobs/{response.json()['id']}")
    for method in ("PUT", "PATCH", "TRACE", "CONNECT", "PROPFIND"):
        assert client.request(method, "/api/boards", content=b"{}").status_code in (404, 405), method
    for path in ("/api/boards/%00", "/api/boards/" + "a" * 10_000, "/api/jobs/../boards", "/static/%2e%2e%2fapp.py", "/%2e%2e/",
                 "//etc/passwd", "/static/../../etc/passwd", "/static/", "/api/", "/api/boards/\u00e9\u00e9", "/static/app.js%00.png"):
        response = client.get(path)
        assert response.status_code in (404, 405) and "root:" not in response.text, (path, response.status_code)
    assert deal(client, "Mucken", 1)["game"] == "Mucken"   # still answering


def _serve(*args):
    """`stich serve --port 0` in a child process, the address it prints (host:port) and its token
    (None with --no-token)."""
    proc = subprocess.Popen([sys.executable, "-m", "stich", "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert "http://" in line, (line, proc.stderr.read() if proc.poll() is not None else "")
    url = line.split("http://", 1)[1].split(" ", 1)[0]
    address, _, query = url.partition("/")
    token = query.removeprefix("?token=") if query else None
    return proc, address, token


def _call(address, path, body=None, token=None, headers=None):
    """(status, JSON answer) of a request to a running stich serve: a POST of ``body`` as JSON, else a GET."""
    sent = {**({"Authorization": f"token {token}"} if token else {}), **(headers or {})}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent.setdefault("Content-Type", "application/json")
    request = urllib.request.Request(f"http://{address}{path}", data=data, headers=sent)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def _stop(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
    return proc.communicate()


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process: POSIX")
def test_stich_serve_listens_on_localhost_and_ctrl_c_stops_it_mid_analysis():
    proc, address, token = _serve()
    try:
        assert address.startswith("127.0.0.1:")
        status, games = _call(address, "/api/games", token=token)
        assert status == 200 and [g["name"] for g in games] == GAMES
        _, board = _call(address, "/api/boards", {"game": "Couillon", "seed": 1}, token=token)
        _, job = _call(address, f"/api/boards/{board['id']}/analyse", {"seconds": 20, "method": "ismcts"}, token=token)
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


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process: POSIX")
def test_stich_serve_prints_a_token_url_and_asks_for_the_token():
    proc, address, token = _serve()
    try:
        assert token is not None and len(token) == 48 and int(token, 16) >= 0   # 24 random bytes, in hex
        assert _call(address, "/api/games")[0] == 403
        assert _call(address, "/api/games", token=token[:-1] + ("0" if token[-1] != "0" else "1"))[0] == 403
        assert _call(address, "/api/games", token=token)[0] == 200
        status, answer = _call(address, "/api/boards", {"game": "Mucken"})
        assert status == 403 and "token" in answer["error"]
        # The page itself holds nothing and needs no token: its script takes the token from the address.
        with urllib.request.urlopen(f"http://{address}/", timeout=30) as page:
            assert page.status == 200 and page.headers["X-Frame-Options"] == "DENY"
        # The DNS-rebinding request and the cross-site one of the issue: refused, before the token is even asked.
        assert _call(address, "/api/games", token=token, headers={"Host": "evil.example"})[0] == 403
        status, _ = _call(address, "/api/boards", {"game": "Mucken"}, token=token,
                          headers={"Origin": "http://evil.example", "Content-Type": "text/plain"})
        assert status == 403
    finally:
        _stop(proc)
    # A new token every start.
    proc, address, again = _serve()
    try:
        assert again != token and _call(address, "/api/games", token=token)[0] == 403
    finally:
        _stop(proc)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process: POSIX")
def test_stich_serve_no_token_still_checks_the_host_and_origin():
    proc, address, token = _serve("--no-token")
    try:
        assert token is None
        assert _call(address, "/api/games")[0] == 200
        assert _call(address, "/api/boards", {"game": "Mucken", "seed": 1})[0] == 200
        assert _call(address, "/api/games", headers={"Host": "evil.example:80"})[0] == 403
        assert _call(address, "/api/boards", {"game": "Mucken"}, headers={"Origin": "http://evil.example"})[0] == 403
        assert _call(address, "/api/boards", {"game": "Mucken"}, headers={"Content-Type": "text/plain"})[0] == 415
    finally:
        _stop(proc)


def test_stich_serve_says_what_is_wrong():
    taken = subprocess.run([sys.executable, "-m", "stich", "serve", "--port", "70000"], capture_output=True, text=True, timeout=60)
    assert taken.returncode == 2 and "port 0..65535" in taken.stderr
    bad = subprocess.run([sys.executable, "-m", "stich", "serve", "--host", "256.1.1.1", "--port", "0"], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "cannot listen on 256.1.1.1" in bad.stderr
    for name in ("", "a b", "x:y:z", "[::1"):
        bad = subprocess.run([sys.executable, "-m", "stich", "serve", "--port", "0", "--allow-host", name], capture_output=True,
                             text=True, timeout=60)
        assert bad.returncode == 2 and "--allow-host takes a host name" in bad.stderr, (name, bad.stderr)
