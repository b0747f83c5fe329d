"""The WebAssembly build (docs/wasm.md): ``bash tools/wasm.sh`` into a folder cached between runs
(pytest's cache), then the node suites of tests/wasm/ against it (the perft rows, the solved
values and the bench signature the native engine recorded; the JavaScript API). Skipped, saying
why, where node or emscripten is missing (tools/wasm.sh installs emscripten where apt-get can);
marked slow (a cold build takes minutes). The fast part checks that tests/wasm/data.json, which
tools/wasm_testdata.py exports from the native engine's data, is current."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import stich
from helpers import ROOT
from helpers.wasm import built_wasm

sys.path.insert(0, str(ROOT / "tools"))
import wasm_testdata  # noqa: E402
from generated import stale  # noqa: E402


def test_wasm_test_data_is_current():
    assert not stale(wasm_testdata.expected()), "tests/wasm/data.json is stale: PYTHONPATH=python python tools/wasm_testdata.py"


def test_every_perft_and_solved_row_is_exported():
    exported = json.loads(wasm_testdata.expected()[wasm_testdata.OUT])
    recorded = [json.loads((ROOT / "tests" / "data" / f"{n}.json").read_text(encoding="utf-8")) for n in ("perft", "solved")]
    assert [len(exported["perft"]), len(exported["solved"])] == [len(r) for r in recorded]
    assert [r["leaves"] for r in exported["perft"]] == [r["leaves"] for r in recorded[0]]


def test_pinned_perft_rows_are_records_of_their_deals():
    """The rows the C ABI cannot deal by (seed, dealer, hands) (a deal argument pinned: Mistigri's
    turned card, Hearts' pass direction) are record texts of the deal test_perft builds, which read
    back (as the wasm reads them, through the C ABI's records) into the same deal: with the row's
    moves, the recorded count."""
    import io
    exported = json.loads(wasm_testdata.expected()[wasm_testdata.OUT])["perft"]
    recorded = json.loads((ROOT / "tests" / "data" / "perft.json").read_text(encoding="utf-8"))
    pinned = 0
    for mine, row in zip(exported, recorded):
        if all(k in row["seeded"] for k in row["deal"]):
            assert mine["record"] is None
            continue
        pinned += 1
        state = stich.GAMES[row["game"]](**row["options"]).deal(seed=row["seed"], dealer=row["dealer"], hands=row["hands"], **row["deal"])
        read = stich.read_records(io.StringIO(mine["record"]))[0].state(at=0)
        assert read == state
        for m in row["moves"]:
            read.apply(m)
        assert stich.perft(read, row["depth"]) == row["leaves"]
    assert pinned   # such rows exist (their count follows the games' perft rows)


@pytest.fixture(scope="module")
def wasm_dir(request) -> str:
    return built_wasm(request.config)


@pytest.mark.slow
def test_node_suites(wasm_dir):
    done = subprocess.run(["node", "--test", str(ROOT / "tests" / "wasm")], capture_output=True, text=True,
                          env={**os.environ, "STICH_WASM_DIR": wasm_dir}, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout and "# pass " in done.stdout


@pytest.mark.slow
def test_wasm_size(wasm_dir):
    """The bound docs/wasm.md states: the gzipped stich.wasm at most 1.5 MB."""
    size = len(gzip.compress(Path(wasm_dir, "stich.wasm").read_bytes(), 9))
    assert size <= 1.5e6, f"stich.wasm is {size} bytes gzipped"


def test_config_wasm_dir(tmp_path, monkeypatch, capsys):
    """``stich config --wasm-dir``: the installed module's folder, or an error saying how to build one."""
    import stich._paths
    from stich.__main__ import main

    monkeypatch.setattr(stich._paths, "_HERE", tmp_path)
    assert main(["config", "--wasm-dir"]) == 2
    assert "tools/wasm.sh" in capsys.readouterr().err
    (tmp_path / "wasm").mkdir()
    for name in ("stich.mjs", "stich.wasm"):
        (tmp_path / "wasm" / name).write_text("")
    assert main(["config", "--wasm-dir"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "wasm")


def test_board_without_a_wasm_build_says_how_to_make_one(tmp_path, capsys):
    from stich.__main__ import main

    assert main(["board", "--out", str(tmp_path / "site"), "--wasm-dir", str(tmp_path)]) == 2
    assert "lacks stich.mjs, stich_core.mjs, stich.wasm: build them with bash tools/wasm.sh" in capsys.readouterr().err
    (tmp_path / "file").write_text("")
    for name in ("stich.mjs", "stich_core.mjs", "stich.wasm"):
        (tmp_path / name).write_text("")
    assert main(["board", "--out", str(tmp_path / "file"), "--wasm-dir", str(tmp_path)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert main(["board", "--out", str(tmp_path / "site"), "--wasm-dir", str(tmp_path)]) == 0
    assert sorted(p.relative_to(tmp_path / "site").as_posix() for p in (tmp_path / "site").rglob("*") if p.is_file()) == [
        "board.js", "index.html", "stich/stich.mjs", "stich/stich.wasm", "stich/stich_core.mjs", "style.css", "table.js", "worker.mjs"]
