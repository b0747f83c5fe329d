"""The command line: play, perft and bench (run in-process through stich.__main__.main)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stich.__main__ import main
from stich.bench import positions, run

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "couillon_hands.txt"


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


def test_bench_signature_is_reproducible():
    lines: list[str] = []
    a = run(iterations=500, out=lines.append)
    b = run(iterations=500, out=lambda _: None)
    assert a == b and a.startswith(f"{500 * len(positions())} iterations, checksum ")
    assert any(line.startswith("signature: ") for line in lines)
    assert run(iterations=500, threads=2, out=lambda _: None) == run(iterations=500, threads=2, out=lambda _: None)


def test_bench_positions_cover_every_game_and_kind_of_decision():
    phases = {(type(p.game).__name__, p.state().phase) for p in positions()}
    assert {("Couillon", "trump"), ("Couillon", "mit"), ("Couillon", "play"), ("Mucken", "auction"),
            ("Mucken", "doubling"), ("Mucken", "play"), ("Mistigri", "bid"), ("Mistigri", "exchange"),
            ("Mistigri", "play")} <= phases
