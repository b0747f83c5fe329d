"""The C ABI's programs against the installed package (docs/c-api.md): examples/c built with CMake
(``find_package(stich)``, ``stich::c``), examples/rust built with cargo (plain ``extern "C"``, no
registry), the C example of docs/c-api.md compiled with a plain compiler call, each run and
compared with the Python API; the installed files where ``stich config`` says they are.

Each build skips, saying so, where its tool is missing (cmake, a C compiler, cargo) or stich is
imported from the source tree (no installed library); the builds are marked slow, like the C++
and Cython examples' (tests/common/test_embedding.py, test_cython.py)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import EXAMPLES, ROOT
from helpers.c_abi import Lib

import stich
from stich.games import game_named


def _installed() -> Path:
    try:
        return Path(stich.get_c_library())
    except FileNotFoundError as e:
        pytest.skip(f"stich is imported from the source tree, not an installed package: {e}")


def _tool(*names: str) -> str:
    for name in names:
        if name and shutil.which(name):
            return name
    pytest.skip(f"none of {', '.join(n for n in names if n)} on this machine")


def _run(*command: object, **kw) -> str:
    return subprocess.run([str(c) for c in command], check=True, capture_output=True, text=True, **kw).stdout


def played_by_python(name: str, seed: int, iterations: int) -> str:
    """What the examples print: a deal played by ISMCTS bots (move k: seed + k), with the Python API."""
    state = game_named(name)().deal(seed=seed, dealer=0)
    lines = [f"stich {stich.__version__}: {name} from seed {seed}"]
    move = 0
    while not state.is_terminal:
        found = stich.ismcts(state, iterations=iterations, seed=seed + move)
        lines.append(f"{state.current_player}: {found.best} ({found.table[0].visits})")
        state.apply(found.best)
        move += 1
    lines.append("returns: " + " ".join(f"{r:g}" for r in state.returns()))
    return "\n".join(lines) + "\n"


def test_installed_files_are_where_config_says():
    library = _installed()
    assert library.name == "libstich_c.so" and library.parent == Path(stich.get_library()).parent
    header = Path(stich.get_include()) / "stich_c.h"
    assert header.read_text(encoding="utf-8") == (ROOT / "csrc" / "capi" / "stich_c.h").read_text(encoding="utf-8")
    assert _run(sys.executable, "-m", "stich", "config", "--c-library").strip() == str(library)
    targets = (Path(stich.get_cmake_dir()) / "stichTargets.cmake").read_text(encoding="utf-8")
    assert "add_library(stich::c SHARED IMPORTED)" in targets


@pytest.mark.slow
def test_c_example_built_with_cmake(tmp_path):
    _installed()
    cmake = _tool(os.environ.get("CMAKE", ""), "cmake")
    _tool(os.environ.get("CC", ""), "cc", "gcc", "clang")
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    _run(cmake, "-S", EXAMPLES / "c", "-B", tmp_path, *generator, f"-Dstich_DIR={stich.get_cmake_dir()}", "-DCMAKE_BUILD_TYPE=Release")
    _run(cmake, "--build", tmp_path)
    for seed, game in enumerate(stich.GAMES, 1):
        name = (game.lower(), game, game.upper())[seed % 3]   # a game's name in any case
        assert _run(tmp_path / "stich_c_example", name, seed, 300) == played_by_python(name, seed, 300)
    failed = subprocess.run([tmp_path / "stich_c_example", "Skat", "1", "10"], capture_output=True, text=True)
    assert failed.returncode == 1 and "unknown game 'Skat'" in failed.stderr


@pytest.mark.slow
def test_rust_example_built_with_cargo(tmp_path):
    _installed()
    cargo = _tool(os.environ.get("CARGO", ""), "cargo")
    crate = tmp_path / "rust"
    shutil.copytree(EXAMPLES / "rust", crate, ignore=shutil.ignore_patterns("target", "Cargo.lock"))
    env = {**os.environ, "PYTHON": sys.executable, "CARGO_NET_OFFLINE": "true", "CARGO_TARGET_DIR": str(tmp_path / "target")}
    env.pop("STICH_C_LIBRARY", None)   # found through `python -m stich config --c-library`
    _run(cargo, "build", "--release", "--quiet", cwd=crate, env=env)
    program = tmp_path / "target" / "release" / "stich_rust_example"
    assert _run(program, "euchre", 1, 300) == played_by_python("euchre", 1, 300)   # found by its run path


@pytest.mark.slow
def test_c_example_of_the_docs(tmp_path):
    """docs/c-api.md's example (its ```c block with a main) compiled as C99 with the installed header and
    library alone, run, and its answer compared with stich.analyse's."""
    library = _installed()
    if why := Lib(library).not_built("analyse"):
        pytest.skip(why)
    compiler = _tool(os.environ.get("CC", ""), "cc", "gcc", "clang")
    # The example is the page's one C block with a main (the others show declarations).
    blocks = [b for b in re.findall(r"^```c\n(.*?)^```", (ROOT / "docs" / "c-api.md").read_text(encoding="utf-8"), re.S | re.M)
              if "int main(" in b]
    assert len(blocks) == 1 and len(blocks[0].splitlines()) <= 24
    source = tmp_path / "example.c"
    source.write_text(blocks[0], encoding="utf-8")
    _run(compiler, "-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror", f"-I{stich.get_include()}", source, library,
         f"-Wl,-rpath,{library.parent}", "-o", tmp_path / "example")
    out = _run(tmp_path / "example")
    state = stich.Euchre().deal(seed=1)
    analysis = stich.analyse(state, iterations=20000, seed=1, method="ismcts")
    assert out.strip() == f"best: {analysis.best} ({analysis.method})"


@pytest.mark.slow
def test_speed_benchmark_runs_and_its_loops_agree(tmp_path):
    """benchmarks/capi (docs/c-api.md, "Speed") built against the installed package and run small:
    the C loop through the C ABI and the C++ loops give the same returns and steps, the batch the
    same values on 1 and 2 threads (the program fails otherwise); no time is checked."""
    _installed()
    cmake = _tool(os.environ.get("CMAKE", ""), "cmake")
    _tool(os.environ.get("CXX", ""), "c++", "g++", "clang++")
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    _run(cmake, "-S", ROOT / "benchmarks" / "capi", "-B", tmp_path, *generator, f"-Dstich_DIR={stich.get_cmake_dir()}")
    _run(cmake, "--build", tmp_path)
    out = _run(tmp_path / "capi_bench", 200, 1, 4)
    assert [line.split()[0] for line in out.splitlines() if line.startswith("  ") and line.split()[0] in stich.GAMES] == list(stich.GAMES)
    assert "solve batch: 4 Mucken deals" in out
