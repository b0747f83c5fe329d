"""The ASGI application of ``stich serve`` (docs/web.md): the board page and the JSON API under
``/api/``.

Every rule comes from the core: the legal actions, the phase, why a card is illegal (the core's
message when it refuses the card), the values (``stich.solve``, ``stich.analyse``,
``stich.review``). This module keeps boards (a start state and the actions taken from it, with a
cursor for stepping through them) and analyses (jobs on their own threads, each with a time
budget, cancellable, reporting progress), and turns bad input into 4xx answers with the core's
message.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import dataclasses
import io
import json
import secrets
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import _core
from ..analysis import ExactCost, analyse
from ..errors import HTTP_ERRORS, http_status
from ..fulldeal import has_full_deal, parse_full
from ..games import GAMES, Game, game_of, game_named, solvable
from ..notation import parse, position_text
from ..records import Record, read_records, write_records
from ..review import check_review_args, review_record
from ..search import SearchResult, verdict
from ..solve import solve
from .access import Access, Guard, is_loopback

STATIC = Path(__file__).parent / "static"


@dataclasses.dataclass(frozen=True)
class Limits:
    """What one server allows: the bytes of a request body, an analysis's seconds, the analyses
    and the open-hand solves running at once (more wait their turn), the analyses waiting or
    running (more get 429), the boards and finished analyses kept (the least recently used go
    first), the records of an upload."""

    body_bytes: int = 1 << 20
    seconds: float = 30.0
    analyses: int = 2
    solves: int = 2   # open-hand solves at once (short: they do not wait behind the analyses)
    queued: int = 32
    boards: int = 256
    jobs: int = 256
    records: int = 1000

    def __post_init__(self) -> None:
        _core.check_seconds(self.seconds, "the server's seconds (--max-seconds)")


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class _Cancelled(Exception):
    """Raised in an analysis's progress callback: the core stops the work and raises it on."""


# --- reading the request ---------------------------------------------------------------------------

async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw:
        return {}
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as e:
        raise ApiError(400, f"the request body is not JSON: {e}") from None
    except RecursionError:
        raise ApiError(400, "the request body nests too deep") from None
    if not isinstance(body, dict):
        raise ApiError(400, f"the request body is a JSON object, got {type(body).__name__}")
    return body


def _field(body: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = None, need: str = "") -> Any:
    """body[name] checked to be of ``kind`` (bool is no int here), or the default when absent or
    null; ``need``: it must be given, and this says what it is."""
    value = body.get(name)
    if value is None and need:
        raise ApiError(400, f"{name} is missing: {need}")
    if value is None:
        return default
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        names = " or ".join(k.__name__.replace("str", "string").replace("dict", "object").replace("list", "array")
                            for k in kinds)
        raise ApiError(400, f"{name} must be {names}, got {value!r}"[:300])
    return value


def _seconds(body: dict[str, Any], limits: Limits) -> float:
    """An analysis's seconds within this server's budget (the core checks that it is a budget at all)."""
    seconds = float(_field(body, "seconds", (int, float), min(2.0, limits.seconds)))
    if seconds > limits.seconds:
        raise ApiError(400, f"seconds must be at most {limits.seconds:g} (this server's budget), got {seconds!r}")
    return seconds


# --- boards ------------------------------------------------------------------------------------------

class Board:
    """A start state and the actions taken from it (``states[k]`` is the state before action k),
    with a cursor ``at``: applying an action at the cursor drops the actions after it.
    ``record`` is the deal as dealt (for the record text; None for a pasted position, which has
    no deal before it), ``prior`` the history a pasted position starts with."""

    def __init__(self, state: Any, record: Record | None = None, prior: list[tuple[int, str]] | None = None) -> None:
        self.id = secrets.token_hex(8)
        self.states = [state]
        self.actions: list[tuple[int, str]] = []
        self.at = 0
        self.record = record
        self.prior = prior or []
        self.review: dict[str, Any] | None = None

    @property
    def state(self) -> Any:
        return self.states[self.at]

    def apply(self, text: str) -> None:
        state = self.state
        if state.is_terminal:
            raise ApiError(409, "the deal is over: no more actions")
        seat = state.current_player
        after = state.clone()
        after.apply(text)   # the core's IllegalActionError / ValueError says why not
        action = _canonical(state, text, after)
        del self.states[self.at + 1:]
        del self.actions[self.at:]
        self.states.append(after)
        self.actions.append((seat, action))
        self.at += 1
        self.review = None   # the line changed: its review no longer holds

    def goto(self, at: int) -> None:
        if not 0 <= at <= len(self.actions):
            raise ApiError(400, f"at must be 0..{len(self.actions)} (the board has {len(self.actions)} actions), got {at}")
        self.at = at

    def full_record(self) -> Record | None:
        if self.record is None:
            return None
        return dataclasses.replace(self.record, actions=tuple(self.actions))


def _canonical(state: Any, text: str, after: Any) -> str:
    """The legal action's own text for what the client sent (the core also reads other spellings)."""
    legal = state.legal_actions()
    for a in legal:
        if a.text == text:
            return text
    for a in legal:
        probe = state.clone()
        probe.apply(a)
        if probe == after:
            return str(a.text)
    return text


def _cards(cards: Any) -> list[dict[str, Any]]:
    return [{"card": str(c), "suit": c.suit} for c in cards]


def _hand_moves(state: Any, seat: int, legal: list[Any]) -> list[dict[str, Any]]:
    """The hand of the seat to act, each card with the legal actions that play it (those after
    which it has left the hand: one, or several where the card is played with a choice, e.g. a
    suit), and for a card no legal action plays while others do, the core's reason why not."""
    hand = state.hand(seat)
    playing: dict[str, list[str]] = {}
    for action in legal:
        after = state.clone()
        after.apply(action)
        for card in hand - after.hand(seat):
            playing.setdefault(str(card), []).append(action.text)
    out = []
    for card in hand:
        actions = playing.get(str(card), [])
        entry: dict[str, Any] = {"card": str(card), "suit": card.suit, "actions": actions, "legal": bool(actions), "reason": None}
        if playing and not actions:
            entry["legal"] = False
            try:
                state.clone().apply(str(card))
            except ValueError as e:
                entry["reason"] = str(e)
        out.append(entry)
    return out if playing else []


def _board_data(board: Board) -> dict[str, Any]:
    state = board.state
    game = game_of(state)
    terminal = state.is_terminal
    to_act = None if terminal else state.current_player
    legal = [] if terminal else state.legal_actions()
    legal_texts = [a.text for a in legal]
    cards = [] if to_act is None else _hand_moves(state, to_act, legal)
    names = state.view(0).location_names
    places = [{"name": names[k], "cards": _cards(held)} for k, held in enumerate(state._locations()) if k >= state.num_players]
    record = board.full_record()
    text = None
    if record is not None:
        out = io.StringIO()
        write_records([record], out, "text")
        text = out.getvalue()
    seat = 0 if to_act is None else to_act
    position = position_text(state, seat) if not terminal else None
    full = None
    if position is not None:
        full = position + "".join(f"hand{s}: {' '.join(str(c) for c in state.hand(s)) or '-'}\n" for s in range(state.num_players))
    decision = None
    if board.review is not None and board.at < len(board.actions):
        decision = next((d for d in board.review["decisions"] if d["index"] == board.at), None)
    return {
        "id": board.id, "game": game.name, "title": repr(game), "options": game.options, "unit": game.UNIT,
        "num_players": state.num_players, "dealer": getattr(state, "dealer", None), "phase": state.phase,
        "terminal": terminal, "to_act": to_act, "returns": state.returns() if terminal else None,
        "legal": legal_texts, "cards": cards, "card_play": any(c["actions"] for c in cards),
        "solvable": not terminal and solvable(state),
        "seats": [{"seat": s, "hand": _cards(state.hand(s)), "tally": state.tally(s)} for s in range(state.num_players)],
        "places": places, "trick": [{"seat": s, "card": str(c), "suit": c.suit} for s, c in state.trick_plays],
        "trick_taker": state.trick_taker, "text": str(state),
        "history": [{"seat": s, "action": t} for s, t in board.actions], "at": board.at, "prior": [f"{s} {t}" for s, t in board.prior],
        "position": position, "full_position": full, "record": text,
        "review": board.review, "decision": decision,
    }


# --- analyses ----------------------------------------------------------------------------------------

class Job:
    """One analysis on its own thread: queued, running, then done, cancelled or error."""

    def __init__(self, kind: str, board: Board, budget: float) -> None:
        self.id = secrets.token_hex(8)
        self.kind = kind
        self.board_id = board.id
        self.at = board.at
        self.budget = budget
        self.status = "queued"
        self.progress: dict[str, Any] = {}
        self.result: Any = None
        self.error: str | None = None
        self.cancel = threading.Event()
        self.started: float | None = None
        self.ended: float | None = None
        self.done = asyncio.Event()

    def check(self) -> None:
        """Called from the engine's progress reports: stops the work when cancelled."""
        if self.cancel.is_set():
            raise _Cancelled()

    def data(self) -> dict[str, Any]:
        now = self.ended or time.monotonic()
        return {"id": self.id, "kind": self.kind, "board": self.board_id, "at": self.at, "status": self.status,
                "budget": self.budget, "elapsed": None if self.started is None else round(now - self.started, 3),
                "progress": dict(self.progress), "result": self.result, "error": self.error}


async def _in_thread(work: Callable[[], Any]) -> Any:
    """``work()`` on a daemon thread (the process never waits for one at exit; the core stops its
    long calls then), awaited on the event loop."""
    loop = asyncio.get_running_loop()
    future = loop.create_future()

    def settle(ok: bool, value: Any) -> None:
        if not future.done():
            (future.set_result if ok else future.set_exception)(value)

    def run() -> None:
        try:
            result, ok = work(), True
        except BaseException as e:  # noqa: BLE001 - handed to the awaiting task
            result, ok = e, False
        try:
            loop.call_soon_threadsafe(settle, ok, result)
        except RuntimeError:   # the loop closed meanwhile (the server stopped)
            pass

    threading.Thread(target=run, daemon=True, name="stich-web-analysis").start()
    return await future


def _analysis_data(result: Any) -> dict[str, Any]:
    data = result.to_data()
    r = result.result
    data["verdict"] = verdict(r.table, r.tied, r.tie_threshold, r.unit, getattr(r, "exact", False))
    data["observer"] = r.observer
    return data


class Server:
    """The boards and analyses of one application (``app.state.stich``)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.boards: OrderedDict[str, Board] = OrderedDict()
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.tasks: set[asyncio.Task[None]] = set()
        self.slots = asyncio.Semaphore(self.limits.analyses)
        self.solve_slots = asyncio.Semaphore(self.limits.solves)

    def add(self, board: Board) -> Board:
        self.boards[board.id] = board
        while len(self.boards) > self.limits.boards:
            self.boards.popitem(last=False)
        return board

    def board(self, board_id: str) -> Board:
        board = self.boards.get(board_id)
        if board is None:
            raise ApiError(404, f"no board {board_id!r} (boards are kept in memory; the least recently used "
                                f"goes when there are more than {self.limits.boards})")
        self.boards.move_to_end(board_id)
        return board

    def job(self, job_id: str) -> Job:
        job = self.jobs.get(job_id)
        if job is None:
            raise ApiError(404, f"no analysis {job_id!r}")
        return job

    def start(self, job: Job, work: Callable[[], Any], finish: Callable[[Any], None] | None = None) -> Job:
        pending = sum(1 for j in self.jobs.values() if j.status in ("queued", "running"))
        if pending >= self.limits.queued:
            raise ApiError(429, f"{pending} analyses are waiting or running (this server's limit): cancel one or wait")
        self.jobs[job.id] = job
        finished = [k for k, j in self.jobs.items() if j.status not in ("queued", "running")]
        for k in finished[:max(0, len(self.jobs) - self.limits.jobs)]:
            del self.jobs[k]
        task = asyncio.get_running_loop().create_task(self._run(job, work, finish))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return job

    async def _run(self, job: Job, work: Callable[[], Any], finish: Callable[[Any], None] | None) -> None:
        try:
            async with self.slots:
                if job.cancel.is_set():
                    raise _Cancelled()
                job.status, job.started = "running", time.monotonic()
                job.result = await _in_thread(work)
                job.status = "done"
                if finish is not None:
                    finish(job.result)
        except _Cancelled:
            job.status = "cancelled"
        except HTTP_ERRORS as e:   # bad input: its message alone
            job.status, job.error = "error", str(e)
        except Exception as e:  # noqa: BLE001 - reported to the client, the server goes on
            job.status, job.error = "error", f"{type(e).__name__}: {e}"
        finally:
            job.ended = time.monotonic()
            job.done.set()

    def cancel_all(self) -> None:
        for job in self.jobs.values():
            job.cancel.set()


# --- the routes ----------------------------------------------------------------------------------------

def _server(request: Request) -> Server:
    return request.app.state.stich


def _option_data(o: Any) -> dict[str, Any]:
    return {"name": o.name, "default": o.default, "kind": o.kind, "choices": list(o.choices), "low": o.low, "high": o.high,
            "none_ok": o.none_ok, "accepts": o.accepts, "doc": o.doc}


async def games(request: Request) -> Response:
    return JSONResponse([{"name": g.name, "unit": g.UNIT, "options": [_option_data(o) for o in g.OPTIONS.values()],
                          "deal_params": [_option_data(o) for o in g.DEAL_PARAMS.values()]} for g in GAMES.values()])


def _game(body: dict[str, Any]) -> Game:
    name = _field(body, "game", str, need=f"one of {', '.join(GAMES)}")
    options = _field(body, "options", dict, {})
    return game_named(name)(**options)


async def deck(request: Request) -> Response:
    """A game's deck and the places of its deal with their sizes: what the set-up of hands needs."""
    game = _game(await _body(request))
    cards, _ = game.deal(seed=0)._initial_deal()
    names = [f"seat{s}" for s in range(game.num_players)] + list(game.DEAL_LOCATIONS)
    return JSONResponse({"game": game.name, "num_players": game.num_players, "cards": _cards(game.deck.cards),
                         "places": [{"name": n, "size": len(c)} for n, c in zip(names, cards)]})


async def create_board(request: Request) -> Response:
    """A new board: from a deal (game, options, seed, dealer, hands, deal_args), a pasted position
    (position; a full deal when it gives every hand) or records (records: their text, index)."""
    server = _server(request)
    body = await _body(request)
    given = [k for k in ("position", "records") if k in body]
    if len(given) > 1:
        raise ApiError(400, "give one of position, records, or a deal (game, ...), not several")
    if "position" in body:
        text = _field(body, "position", str)
        seed = _field(body, "seed", int, 0)
        position = parse_full(text) if has_full_deal(text) else parse(text, seed=seed)
        state = position.state
        prior = [(s, t) for s, t in state.view(position.seat).history]
        board = Board(state, None, prior)
    elif "records" in body:
        text = _field(body, "records", str)
        records = read_records(io.StringIO(text))
        if not records:
            raise ApiError(400, "no record in the text (docs/records.md describes the two forms)")
        if len(records) > server.limits.records:
            raise ApiError(413, f"{len(records)} records: this server takes at most {server.limits.records} at once")
        index = _field(body, "index", int, 0)
        if not 0 <= index < len(records):
            raise ApiError(400, f"index must be 0..{len(records) - 1} ({len(records)} records), got {index}")
        record = records[index]
        board = Board(record.state(at=0), dataclasses.replace(record, actions=()))
        for _, action in record.actions:
            board.apply(action)
        board.goto(0)
        data = _board_data(server.add(board))
        data["records"] = [{"game": r.game, "names": r.names, "actions": len(r.actions)} for r in records]
        return JSONResponse(data)
    else:
        game = _game(body)
        seed = _field(body, "seed", int)
        if seed is None:
            seed = secrets.randbits(63)
        dealer = _field(body, "dealer", int, 0)
        hands = _field(body, "hands", list)
        extras = _field(body, "deal_args", dict, {})
        state = game.deal(seed=seed, dealer=dealer, hands=hands, **extras)
        board = Board(state, Record.dealt(state, seed=seed))
    return JSONResponse(_board_data(server.add(board)))


async def get_board(request: Request) -> Response:
    return JSONResponse(_board_data(_server(request).board(request.path_params["board"])))


async def delete_board(request: Request) -> Response:
    server = _server(request)
    server.board(request.path_params["board"])
    del server.boards[request.path_params["board"]]
    return JSONResponse({"deleted": request.path_params["board"]})


async def apply_action(request: Request) -> Response:
    board = _server(request).board(request.path_params["board"])
    board.apply(_field(await _body(request), "action", str, need="the text of a legal action (the board's 'legal' list)"))
    return JSONResponse(_board_data(board))


async def goto(request: Request) -> Response:
    board = _server(request).board(request.path_params["board"])
    board.goto(_field(await _body(request), "at", int, need="the number of actions to stand after (0: the start)"))
    return JSONResponse(_board_data(board))


def _solve_data(state: Any) -> dict[str, Any]:
    r = solve(state)
    data = r.to_data()
    data["totals"] = r.side_totals()
    return data


async def open_values(request: Request) -> Response:
    """Every legal card's exact open-hand value (``stich.solve``) at the board's cursor."""
    server = _server(request)
    board = server.board(request.path_params["board"])
    state = board.state.clone()
    if not game_of(state).SOLVER:
        raise ApiError(400, f"{game_of(state).name} has no open-hand solver")
    if not solvable(state):
        solve(state)   # the core's message: the deal is over, or not the card play (yet)
    async with server.solve_slots:
        data = await _in_thread(lambda: _solve_data(state))
    return JSONResponse(data)


async def _answer(job: Job, body: dict[str, Any]) -> Response:
    if _field(body, "wait", bool, False):
        await job.done.wait()
    return JSONResponse(job.data(), status_code=200 if job.done.is_set() else 202)


async def start_analysis(request: Request) -> Response:
    """The decision of the seat to act analysed from its view (``stich.analyse``), as a job."""
    server = _server(request)
    board = server.board(request.path_params["board"])
    body = await _body(request)
    seconds = _seconds(body, server.limits)
    method = _field(body, "method", str, "auto")
    seed = _field(body, "seed", int, 1)
    worlds = _field(body, "worlds", int, 200)
    state = board.state.clone()
    if state.is_terminal:
        raise ApiError(409, "the deal is over: there is no decision to analyse")
    # What stich.analyse would refuse, refused by the core now: a 400 rather than a failed job.
    _core.check_analyse_args(state, method, seconds, None, seed, 1, worlds, "heuristic")
    view = state.view(state.current_player)
    job = Job("analyse", board, seconds)
    deadline_slack = 1.0   # method "exact" ignores the budget: the server's own limit stops it

    def progress(report: Any) -> None:
        job.check()
        if job.started is not None and time.monotonic() - job.started > server.limits.seconds + deadline_slack:
            raise ValueError(f"the analysis went over this server's budget of {server.limits.seconds:g} s")
        if isinstance(report, ExactCost):
            job.progress = {"exact_cost": str(report)}
        elif isinstance(report, tuple):
            solved, total, elapsed = report
            job.progress = {**job.progress, "solved": solved, "total": total, "seconds": round(elapsed, 3)}
        elif isinstance(report, SearchResult):
            job.progress = {**job.progress, "iterations": report.iterations, "seconds": round(report.seconds, 3),
                            "best": str(report.best) if report.table else None}

    def work() -> dict[str, Any]:
        return _analysis_data(analyse(view, seconds=seconds, seed=seed, method=method, worlds=worlds, callback=progress))

    return await _answer(server.start(job, work), body)


async def start_review(request: Request) -> Response:
    """Every decision of the board's deal judged (``stich.review``), as a job; its result is kept
    on the board, so that stepping through shows each decision's verdict."""
    server = _server(request)
    board = server.board(request.path_params["board"])
    body = await _body(request)
    record = board.full_record()
    if record is None:
        raise ApiError(409, "a pasted position has no deal before it to review: deal or load a record")
    if not record.actions:
        raise ApiError(409, "nothing to review yet: no action has been taken")
    worlds = _field(body, "worlds", int, 50)
    iterations = _field(body, "iterations", int, 1000)
    seed = _field(body, "seed", int, 0)
    view = not _field(body, "open_only", bool, False)
    check_review_args(worlds, iterations, seed)   # what stich.review refuses: a 400 now rather than a failed job
    for name, value, high in (("worlds", worlds, 10_000), ("iterations", iterations, 1_000_000)):
        if value > high:
            raise ApiError(400, f"{name} must be at most {high:,} (this server's limit), got {value}")
    job = Job("review", board, server.limits.seconds)

    def progress(done: int, total: int) -> None:
        job.check()
        if job.started is not None and time.monotonic() - job.started > server.limits.seconds:
            raise ValueError(f"the review went over this server's budget of {server.limits.seconds:g} s "
                             "(fewer worlds or iterations, or open_only, make it faster)")
        job.progress = {"decisions": done, "total": total}

    def work() -> dict[str, Any]:
        return review_record(record, worlds=worlds, iterations=iterations, seed=seed, view=view, progress=progress)

    def finish(result: dict[str, Any]) -> None:
        if board.full_record() == record:   # the board's line has not changed meanwhile
            board.review = result

    return await _answer(server.start(job, work, finish), body)


async def get_job(request: Request) -> Response:
    return JSONResponse(_server(request).job(request.path_params["job"]).data())


async def cancel_job(request: Request) -> Response:
    job = _server(request).job(request.path_params["job"])
    job.cancel.set()
    return JSONResponse(job.data())


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


async def _api_error(request: Request, exc: Exception) -> Response:
    status = exc.status if isinstance(exc, ApiError) else (http_status(exc) or 500)   # bad input: errors.STATUS
    return JSONResponse({"error": str(exc) or type(exc).__name__}, status_code=status)


class _BodyLimit:
    """Refuses request bodies above ``limit`` bytes (413), by the header or as they arrive."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        too_big = JSONResponse({"error": f"the request body is over this server's limit of {self.limit:,} bytes"},
                               status_code=413)
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await too_big(scope, receive, send)
            return
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise ApiError(413, f"the request body is over this server's limit of {self.limit:,} bytes")
            return message

        await self.app(scope, limited, send)


def create_app(limits: Limits | None = None, access: Access | None = None) -> Any:
    """The ASGI application: the board at ``/``, its files under ``/static/``, the API under ``/api/``;
    ``access``: the Host names it answers for and its token (access.py; the default: this machine's
    names, no token, as for a server bound to 127.0.0.1 with ``--no-token``)."""
    server = Server(limits or Limits())
    routes = [
        Route("/", index),
        Route("/api/games", games),
        Route("/api/deck", deck, methods=["POST"]),
        Route("/api/boards", create_board, methods=["POST"]),
        Route("/api/boards/{board}", get_board),
        Route("/api/boards/{board}", delete_board, methods=["DELETE"]),
        Route("/api/boards/{board}/apply", apply_action, methods=["POST"]),
        Route("/api/boards/{board}/goto", goto, methods=["POST"]),
        Route("/api/boards/{board}/solve", open_values, methods=["POST"]),
        Route("/api/boards/{board}/analyse", start_analysis, methods=["POST"]),
        Route("/api/boards/{board}/review", start_review, methods=["POST"]),
        Route("/api/jobs/{job}", get_job),
        Route("/api/jobs/{job}", cancel_job, methods=["DELETE"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    handlers: dict[Any, Any] = {error: _api_error for error in (ApiError, *HTTP_ERRORS)}

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        yield
        server.cancel_all()

    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=lifespan)
    app.state.stich = server
    return Guard(_BodyLimit(app, server.limits.body_bytes), access or Access())


def serve(host: str = "127.0.0.1", port: int = 8765, limits: Limits | None = None, log_level: str = "warning", *,
          token: bool = True, allow_hosts: tuple[str, ...] = ()) -> None:
    """Serves the board until Ctrl-C (KeyboardInterrupt then reaches the caller). The socket is
    bound before the address is printed, so that port 0 (any free port) prints the real one.
    ``token``: a new random token every start, in the address printed (docs/web.md, "Who may use
    it"); ``allow_hosts``: more Host names to answer for (a reverse proxy's)."""
    import socket

    import uvicorn

    _give_back_large_blocks()
    key = secrets.token_hex(24) if token else None
    app = create_app(limits, Access.for_bind(host, key, allow_hosts))
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that say so (else a reply's
    # head and body sent apart wait ~40 ms on a keep-alive connection: Nagle against delayed ACKs).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)   # connections wait in the backlog until uvicorn accepts them
    except OSError as e:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    query = f"?token={key}" if key else ""
    print(f"stich serve: the analysis board is at http://{shown}:{bound}/{query} (Ctrl-C stops it)", flush=True)
    if not is_loopback(host):
        print(f"stich serve: listening on {host}, not only this machine: anyone who can reach it "
              + ("and has the token can use the board" if key else "can use the board (--no-token)"), flush=True)
    server = _make_uvicorn()(uvicorn.Config(app, log_level=log_level, timeout_graceful_shutdown=0, lifespan="on"))
    server.state_ref = app
    server.run(sockets=[sock])


def _give_back_large_blocks() -> None:
    """glibc raises its mmap threshold each time a large block is freed, so that the solver's
    tables (a new one for every solve, megabytes each) soon come from the heap arenas and stay in
    the process once freed: under load the server's resident memory climbed by 150 MiB in 30 s
    (benchmarks/web/load.py). A fixed threshold of 1 MiB keeps such blocks mapped on their own,
    so that freeing one gives it back to the system (the same load: flat). Elsewhere: nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):   # not glibc (musl has no mallopt)
        return
    M_MMAP_THRESHOLD = -3   # glibc's malloc.h
    mallopt(M_MMAP_THRESHOLD, 1 << 20)


def _make_uvicorn() -> type:
    import uvicorn

    class Stopping(uvicorn.Server):
        """uvicorn's server, which also cancels every analysis the moment Ctrl-C arrives (so that
        their threads end within a report's interval, not at the end of their budgets)."""

        state_ref: Any = None   # the application create_app made (its middleware around Starlette's)

        def handle_exit(self, sig: int, frame: Any) -> None:
            inner = self.state_ref
            while inner is not None and not hasattr(inner, "state"):
                inner = getattr(inner, "app", None)
            if inner is not None:
                inner.state.stich.cancel_all()
            super().handle_exit(sig, frame)

    return Stopping
