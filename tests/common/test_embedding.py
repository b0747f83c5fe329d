"""The installed C++ package (docs/embedding.md): the headers, the core library and the CMake package
that ``pip install`` puts into the package, where ``stich.get_include()`` / ``get_cmake_dir()`` and
``stich config`` say they are, and the C++ example (examples/cpp) built against them, out of the
source tree, giving the numbers the Python API gives.

The checks of the installed files skip, saying so, when stich is imported from the source tree
(``PYTHONPATH=python``), which has no installed headers; the example's build skips only where no
cmake or no C++ compiler exists (CI has both: cmake and ninja come with the test group). The three
tests that compile C++ are marked slow; the checks of the installed files are not."""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT

import stich
from stich.__main__ import main



def _installed() -> Path:
    try:
        return Path(stich.get_cmake_dir())
    except FileNotFoundError as e:
        pytest.skip(f"stich is imported from the source tree ({Path(stich.__file__).parent}), not an installed package: {e}")


def test_version_is_written_once():
    version = stich.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)
    assert (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").count(f"## {version}") == 1
    assert "dynamic = [\"version\"]" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_config_version_and_errors(capsys):
    assert main(["config", "--version"]) == 0
    assert capsys.readouterr().out.strip() == stich.__version__
    with pytest.raises(SystemExit):   # one of the flags is required
        main(["config"])


def test_installed_files_are_where_the_package_says():
    cmake_dir = _installed()
    include = Path(stich.get_include())
    assert (include / "stich" / "stich.hpp").is_file() and (include / "stich" / "notation.hpp").is_file()
    header = (include / "stich" / "version.hpp").read_text(encoding="utf-8")
    assert f'#define STICH_VERSION "{stich.__version__}"' in header
    major, minor, patch = stich.__version__.split(".")
    assert f"#define STICH_VERSION_MAJOR {major}\n" in header and f"#define STICH_VERSION_PATCH {patch}\n" in header
    assert (cmake_dir / "stichConfig.cmake").is_file() and (cmake_dir / "stichTargets.cmake").is_file()
    assert f'set(PACKAGE_VERSION "{stich.__version__}")' in (cmake_dir / "stichConfigVersion.cmake").read_text(encoding="utf-8")
    # A plain static library: the install strips GCC's LTO sections (docs/embedding.md), so that any
    # linker reads it and no consumer's link runs LTO over the core with the consumer's flags.
    assert b".gnu.lto_" not in Path(stich.get_library()).read_bytes()
    assert importlib.metadata.version("stich") == stich.__version__
    for flag, want in (("--includedir", stich.get_include()), ("--cmakedir", stich.get_cmake_dir()), ("--library", stich.get_library())):
        out = subprocess.run([sys.executable, "-m", "stich", "config", flag], capture_output=True, text=True, check=True).stdout
        assert out.strip() == want


def _tools() -> tuple[str, list[str]]:
    """cmake and the generator arguments; skips where no cmake or no C++ compiler exists."""
    cmake = shutil.which("cmake")
    if cmake is None:
        try:
            import cmake as cmake_module   # the pip package (the test group)
            cmake = str(Path(cmake_module.CMAKE_BIN_DIR) / "cmake")
        except ImportError:
            pytest.skip("no cmake on this machine (pip install cmake, or pip install --group test)")
    _compiler()
    return cmake, ["-G", "Ninja"] if shutil.which("ninja") else []


def _compiler() -> str:
    for c in (os.environ.get("CXX", ""), "c++", "g++", "clang++"):
        if c and shutil.which(c):
            return c
    pytest.skip("no C++ compiler on this machine (c++, g++ or clang++)")


def _built_out_of_tree(project: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A CMake project of the tree copied into tmp_path, configured with -Dstich_DIR=$(stich config
    --cmakedir) and built (Release): (its copy, its build folder)."""
    cmake_dir = _installed()
    cmake, generator = _tools()
    src = tmp_path / project.name
    shutil.copytree(project, src)
    build = tmp_path / "build"
    subprocess.run([cmake, "-S", str(src), "-B", str(build), *generator, f"-Dstich_DIR={cmake_dir}", "-DCMAKE_BUILD_TYPE=Release"],
                   check=True, capture_output=True, text=True)
    subprocess.run([cmake, "--build", str(build)], check=True, capture_output=True, text=True)
    return src, build


@pytest.mark.slow
def test_cpp_blocks_of_the_embedding_guide_compile_and_run(tmp_path):
    """The ```cpp blocks of docs/embedding.md's API section are one program: compiled with the
    installed headers and library alone (a plain compiler call, no CMake) and run."""
    _installed()
    guide = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    api = guide[guide.index("## The API"):guide.index("## What is stable")]
    blocks = re.findall(r"^```cpp\n(.*?)^```", api, re.S | re.M)
    assert len(blocks) >= 6
    source = tmp_path / "guide.cpp"
    source.write_text('#include <iostream>\n#include <string>\n#include "stich/stich.hpp"\n\nint main() {\n'
                      + "".join(blocks) + "    return 0;\n}\n", encoding="utf-8")
    exe = tmp_path / "guide"
    subprocess.run([_compiler(), "-std=c++20", "-O1", f"-I{stich.get_include()}", str(source), stich.get_library(), "-pthread",
                    "-o", str(exe)], check=True, capture_output=True, text=True)
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    state = stich.Mucken(target=31, if_all_pass="throw_in").deal(seed=7)
    assert f"{state.view(state.current_player).count_worlds()} worlds" in out
    assert "read back alike" in out and "the position has no 'dealer' line" in out


@pytest.mark.slow
def test_cpp_example_against_the_installed_package(tmp_path):
    """examples/cpp copied out of the tree, configured with -Dstich_DIR=$(stich config --cmakedir)
    and built: its first line is the Python API's playout sums, its search table the Python
    search's visits on the same position."""
    src, build = _built_out_of_tree(ROOT / "examples" / "cpp", tmp_path)
    exe = build / "stich_example"
    seed, n = 11, 3000
    out = subprocess.run([str(exe), str(seed), str(n)], check=True, capture_output=True, text=True).stdout.splitlines()
    assert out[0] == " ".join(str(int(x)) for x in stich.Couillon().random_playouts(n, seed=seed).sum(axis=0))
    assert out[1] == f"stich {stich.__version__}"
    text = (src / "position_couillon.txt").read_text(encoding="utf-8")
    position = stich.parse(text)
    assert "\n".join(out[2:8]) + "\n" == stich.position_text(position.state, position.seat)
    visits = {m.group(1): int(m.group(2)) for m in re.finditer(r"^  (\S+) +(\d+) visits", "\n".join(out), re.M)}
    result = stich.ismcts(position.state, iterations=20_000, seed=1)
    assert visits == {str(row.action): row.visits for row in result.table}
    # Errors reach the C++ caller as exceptions with their messages.
    bad = subprocess.run([str(exe), "1", "1", str(ROOT / "examples" / "position_mucken.txt")], capture_output=True, text=True)
    assert bad.returncode == 1 and "not a Couillon position" in bad.stderr


@pytest.mark.slow
def test_search_cost_program_runs_the_python_search(tmp_path):
    """benchmarks/cpp (docs/bench.md's count of what a search iteration costs, by part) builds against
    the installed package; its search part is stich.ismcts on the same Euchre positions, with the
    same root visits; a bad part or count is refused with its usage line."""
    _, build = _built_out_of_tree(ROOT / "benchmarks" / "cpp", tmp_path)
    exe = str(build / "search_cost")
    out = subprocess.run([exe, "search", "2000"], check=True, capture_output=True, text=True).stdout
    for seed in range(1, 5):
        state = stich.Euchre().deal(seed=seed, dealer=seed % 4)
        result = stich.ismcts(state, iterations=2000, seed=1, playout="random", threads=1)
        want = " ".join(f"{row.action.id}={row.visits}" for row in sorted(result.table, key=lambda row: row.action.id))
        assert f"seed {seed}: {want}\n" in out
    for part in ("setup", "worlds", "deals"):
        done = subprocess.run([exe, part, "10"], check=True, capture_output=True, text=True).stdout
        assert done.startswith(f"{part}, 10 a position, 4 positions: checksum ") and done.endswith(" ns each\n")
    for bad in (["search"], ["search", "0"], ["playouts", "10"], []):
        refused = subprocess.run([exe, *bad], capture_output=True, text=True)
        assert refused.returncode == 2 and "usage: search_cost setup|worlds|deals|search N" in refused.stderr
