"""The core's error kinds at every edge (docs/api.md, "Errors"): each kind the core raises reaches
Python as its class under stich.StichError (still the built-in class it was: ValueError, an index
out of range IndexError too); the CLI exits 2 and the web server answers 400 with the core's own
message, looked up by class in one table (stich.errors.STATUS), never by the message's text."""

from __future__ import annotations

import pytest

import stich
from stich import _core, errors
from stich.__main__ import main


def _raised(call) -> BaseException:
    with pytest.raises(ValueError) as e:
        call()
    return e.value


# (the class, the built-in classes it also is, a call into the core that raises it, words of its message)
KINDS = [
    (stich.InvalidArgumentError, (ValueError,), lambda: stich.ismcts(stich.Mucken().deal(seed=1), iterations=10, threads=0),
     "threads must be an int in 1.."),
    (stich.OutOfRangeError, (IndexError, ValueError), lambda: stich.Couillon().deal(seed=1, dealer=7), "dealer must be a seat 0..3, got 7"),
    (stich.OutOfRangeError, (IndexError, ValueError), lambda: stich.Mucken().deal(seed=1).hand(4), "seat 4 out of range 0..3"),
    (stich.IllegalActionError, (ValueError,), lambda: stich.Mucken().deal(seed=1).apply("EO"), "is not a legal action for seat"),
    (stich.UnknownNameError, (ValueError,), lambda: _core.game_rules("Skat", ""), "unknown game 'Skat'; games: "),
    # every other name the core looks up: an analysis method, a playout policy, the other seats' policy, a deck, a
    # record format, a Mucken game
    (stich.UnknownNameError, (ValueError,), lambda: stich.analyse(stich.Mucken().deal(seed=1), method="best", seconds=1),
     "unknown method 'best'; accepted: auto, exact, pimc, ismcts"),
    (stich.UnknownNameError, (ValueError,), lambda: stich.ismcts(stich.Mucken().deal(seed=1), iterations=10, playout="smart"),
     "unknown playout 'smart'; accepted: random, heuristic"),
    (stich.UnknownNameError, (ValueError,), lambda: stich.IsmctsBot(iterations=10, others_before_play="bots"),
     "unknown others_before_play 'bots'; accepted: heuristic, tree"),
    (stich.UnknownNameError, (ValueError,), lambda: stich.Deck("skat"), "unknown deck 'skat'; accepted: german24"),
    (stich.UnknownNameError, (ValueError,), lambda: stich.write_records([], "unwritten.txt", format="pbn"),
     "format must be one of text, jsonl or None, got 'pbn'"),
    (stich.UnknownNameError, (ValueError,), lambda: stich.Contract.mucken("Solo"), "unknown Mucken game 'Solo'; accepted: Muck, Geier"),
    (stich.BadTextError, (ValueError,), lambda: _core.game_rules("mucken", "players=9"), "options 'players=9': option players of Mucken"),
    (stich.BadTextError, (ValueError,), lambda: stich.parse("stich position 1\ngame: Skat\n"), "the position has no"),
]


@pytest.mark.parametrize(("cls", "also", "call", "words"), KINDS, ids=[f"{k[0].__name__}-{i}" for i, k in enumerate(KINDS)])
def test_each_kind_reaches_python_as_its_class(cls, also, call, words):
    error = _raised(call)
    assert type(error) is cls and isinstance(error, also) and words in str(error)


def test_the_classes_are_one_family():
    kinds = {stich.InvalidArgumentError, stich.OutOfRangeError, stich.IllegalActionError, stich.UnknownNameError, stich.BadTextError}
    assert all(issubclass(k, stich.StichError) and issubclass(k, ValueError) for k in kinds)
    assert issubclass(stich.OutOfRangeError, IndexError) and not issubclass(stich.StichError, ValueError)
    assert stich.errors.PositionError is stich.PositionError and issubclass(stich.PositionError, stich.BadTextError)
    assert {k.__module__ for k in kinds} == {"stich._core"}


@pytest.mark.parametrize("cls", [k[0] for k in KINDS] + [ValueError, TypeError, IndexError, OverflowError])
def test_every_kind_of_bad_input_is_exit_2_and_http_400(cls):
    error = cls("x")
    assert errors.exit_status(error) == 2 and errors.http_status(error) == 400


def test_what_is_not_bad_input_is_no_status():
    for error in (RuntimeError("x"), MemoryError(), KeyboardInterrupt()):
        assert errors.exit_status(error) is None and errors.http_status(error) is None
    assert errors.exit_status(FileNotFoundError("x")) == 2 and errors.http_status(FileNotFoundError("x")) is None


# The CLI: exit 2 and the core's message as it is (the same call through the Python API).
CLI = [
    (["play", "skat"], lambda: _core.game_rules("skat", "")),
    (["perft", "mucken", "--option", "players=9"], lambda: _core.game_rules("mucken", "players=9")),
    (["perft", "mucken", "--option", "players"], lambda: _core.game_rules("mucken", "players")),
    (["perft", "couillon", "--dealer", "7"], lambda: stich.Couillon().deal(seed=0, dealer=7)),
]


@pytest.mark.parametrize(("argv", "call"), CLI, ids=[" ".join(argv) for argv, _ in CLI])
def test_the_cli_exits_2_with_the_cores_message(capsys, argv, call):
    message = str(_raised(call))
    assert main(argv) == 2
    assert capsys.readouterr().err == f"stich: error: {message}\n"


def test_an_error_that_is_no_bad_input_is_not_swallowed_by_the_cli(monkeypatch):
    def broken(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr("stich.__main__.cmd_perft", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        main(["perft", "mucken"])


def test_the_web_server_answers_400_with_the_cores_message():
    pytest.importorskip("starlette", reason="starlette is not installed (the web extra: pip install --group test)")
    pytest.importorskip("httpx2", reason="httpx2 is not installed (Starlette's test client: pip install --group test)")
    from starlette.testclient import TestClient

    from stich.web import Limits, create_app

    # As the page talks to it: to an address it serves (its Host check), saying JSON (its content-type check).
    with TestClient(create_app(Limits(seconds=10, analyses=1, queued=2, boards=4)), base_url="http://127.0.0.1:8765",
                    headers={"Content-Type": "application/json"}) as client:
        cases = [
            ({"game": "Couillon", "dealer": 7}, lambda: stich.Couillon().deal(seed=1, dealer=7)),
            ({"position": "stich position 1\ngame: Mucken\ndealer: 9\n"},
             lambda: stich.parse("stich position 1\ngame: Mucken\ndealer: 9\n")),
        ]
        for body, call in cases:
            response = client.post("/api/boards", json=body)
            assert (response.status_code, response.json()) == (400, {"error": str(_raised(call))}), body
        board = client.post("/api/boards", json={"game": "Mucken", "seed": 1}).json()
        response = client.post(f"/api/boards/{board['id']}/apply", json={"action": "EO"})
        assert (response.status_code, response.json()) == (400, {"error": str(_raised(lambda: stich.Mucken().deal(seed=1).apply("EO")))})
