"""The command line: play, perft and analyse (run in-process through stich.__main__.main; bench:
tests/common/test_bench.py)."""

from __future__ import annotations

import json
import re

import pytest
from helpers import EXAMPLES

from stich.__main__ import main
from stich.bench import positions

EXAMPLE = EXAMPLES / "couillon_hands.txt"
POSITION = str(EXAMPLES / "position_couillon.txt")


def test_play_the_bundled_example(capsys):
    assert main(["play", "couillon", "--hands", str(EXAMPLE), "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "seat 0: CT SA SK HQ D9" in out and "seat 1: CJ SQ HA HK DA" in out   # pinned hands (sorted)
    assert re.search(r"returns (-?\d+) (-?\d+) (-?\d+) (-?\d+)\s*$", out)


@pytest.mark.parametrize("game", ["mucken", "mistigri"])
def test_play_other_games(capsys, game):
    assert main(["play", game, "--seed", "3"]) == 0
    assert "returns" in capsys.readouterr().out or game == "mistigri"


def test_perft_command(capsys):
    assert main(["perft", "couillon", "--seed", "1", "--depth", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == ["depth 0: 1", "depth 1: 5", "depth 2: 10"]


def test_errors_are_messages_not_tracebacks(capsys, tmp_path):
    with pytest.raises(SystemExit, match="unknown game 'skat'"):
        main(["play", "skat"])
    bad = tmp_path / "hands.txt"
    bad.write_text("XX\n", encoding="utf-8")
    assert main(["play", "couillon", "--hands", str(bad)]) == 2
    assert "bad card text 'XX'" in capsys.readouterr().err


def test_bench_positions_cover_every_game_and_kind_of_decision():
    phases = {(type(p.game).__name__, p.state().phase) for p in positions()}
    assert {("Couillon", "trump"), ("Couillon", "mit"), ("Couillon", "play"), ("Mucken", "auction"),
            ("Mucken", "doubling"), ("Mucken", "play"), ("Mistigri", "bid"), ("Mistigri", "exchange"),
            ("Mistigri", "play")} <= phases


@pytest.mark.parametrize("args, message", [
    (["--iterations", "0"], "--iterations: must be an int >= 1, got '0'"),
    (["--iterations", "-3"], "--iterations: must be an int >= 1"),
    (["--seconds", "inf"], "--seconds: must be a finite number of seconds > 0, got 'inf'"),
    (["--seconds", "nan"], "--seconds: must be a finite number"),
    (["--seconds", "0"], "--seconds: must be a finite number"),
])
def test_analyse_refuses_budgets_that_cannot_be_searched(capsys, args, message):
    """Issue 9, point 8: an empty or endless budget is an error (exit 2), not the default."""
    with pytest.raises(SystemExit) as e:
        main(["analyse", POSITION, *args])
    assert e.value.code == 2 and message in capsys.readouterr().err


def test_perft_refuses_a_negative_depth(capsys):
    with pytest.raises(SystemExit) as e:
        main(["perft", "couillon", "--depth", "-1"])
    assert e.value.code == 2 and "--depth: must be an int >= 0, got '-1'" in capsys.readouterr().err


def test_analyse_default_budget_is_two_seconds(monkeypatch, capsys):
    import stich

    budgets = []
    real = stich.ismcts

    def recording(state, **kwargs):
        budgets.append((kwargs["iterations"], kwargs["seconds"]))
        return real(state, **{**kwargs, "seconds": None, "iterations": 100})

    monkeypatch.setattr(stich, "ismcts", recording)
    assert main(["analyse", POSITION]) == 0
    assert budgets == [(None, 2.0)]


def test_analyse_json_is_the_search_as_data(capsys):
    assert main(["analyse", POSITION, "--iterations", "3000", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["iterations"] == 3000 and data["seed"] == 2 and data["unit"] == "match points"
    assert data["best"] == data["moves"][0]["action"] and data["observer"] == 0
    assert "seat 0: CQ CT SJ HK" in data["position"]


def test_analyse_text_explains_itself(capsys):
    assert main(["analyse", POSITION, "--iterations", "3000"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Couillon(): seat 0 to act") and "95% interval of the mean (return of seat 0, match points)" in out
    assert "principal line" in out and "trick: D9" in out
