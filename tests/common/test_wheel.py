"""The binary wheel of tools/wheels.sh (issue 44, docs/wheels.md): its libraries fit its manylinux
tag, it holds what ``pip install .`` installs, and installed into a fresh venv with no C or C++
compiler reachable it passes the smoke tests and runs the README's CLI example.

The wheel is built once, outside the tests (a full build: minutes): .ci/run builds the x86_64
wheel with ``bash tools/wheels.sh build/wheels/out`` before the test command, and these tests look
there by default, or in STICH_WHEEL_DIR. Where no wheel for this Python is there they skip, saying
so (a checkout where nobody built one); a STICH_WHEEL_DIR with no such wheel is a failure.
tools/wheels.sh builds the wheel from the sdist it makes first, so the installed wheel's tests are
the sdist's too (checked below); the direct check that builds stich from the sdist with the
system's compiler (a second full build) runs where STICH_TEST_SDIST=1."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import wheel_check  # noqa: E402

pytestmark = pytest.mark.slow

WHEEL_DIR_GIVEN = bool(os.environ.get("STICH_WHEEL_DIR"))
WHEEL_DIR = Path(os.environ.get("STICH_WHEEL_DIR") or ROOT / "build" / "wheels" / "out")
PYTAG = f"cp{sys.version_info[0]}{sys.version_info[1]}"
ARCH = sysconfig.get_platform().split("-")[-1]
COMPILERS = ("gcc", "g++", "cc", "c++", "clang", "clang++", "zig", "tcc", "icx")
# The fast suite's smoke part (as pyproject's [tool.cibuildwheel] test-command runs it): every
# game's rule counts, the build's own report (dispatch, CPU features, the C++ runtime kept apart).
SMOKE = ["tests/common/test_perft.py", "tests/common/test_build.py"]
DAEMON_EXIT = "tests/common/test_crash_proof.py::test_interpreter_exit_with_a_long_call_in_a_daemon_thread_is_a_normal_exit"


def wheels_for(arch: str) -> list[Path]:
    return sorted(WHEEL_DIR.glob(f"stich-*-{PYTAG}-{PYTAG}-*manylinux*_{arch}.whl"))


@pytest.fixture(scope="session")
def wheel() -> Path:
    found = wheels_for(ARCH)
    if not found:
        how = "build it with bash tools/wheels.sh DIR, then run these tests with STICH_WHEEL_DIR=DIR (docs/wheels.md)"
        if WHEEL_DIR_GIVEN:
            pytest.fail(f"STICH_WHEEL_DIR={WHEEL_DIR} holds no {PYTAG} {ARCH} manylinux wheel: {how}")
        pytest.skip(f"no wheel given: no {PYTAG} {ARCH} manylinux wheel in {WHEEL_DIR} (.ci/run builds one there): {how}")
    return found[-1]


def no_compiler_env(venv: Path) -> dict[str, str]:
    """The environment of the compiler-free checks: PATH is the venv's bin folder alone."""
    env = {k: v for k, v in os.environ.items() if k not in ("CC", "CXX", "PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = str(venv / "bin")
    return env


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, **kw)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))}: exit {done.returncode}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done


def fresh_venv(path: Path, *packages: str) -> Path:
    run([sys.executable, "-m", "venv", str(path)])
    run([str(path / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check", *packages])
    return path


@pytest.fixture(scope="session")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel and pytest installed (from PyPI: numpy and the other dependencies)."""
    return fresh_venv(tmp_path_factory.mktemp("wheel-venv") / "venv", str(wheel), "pytest>=7")


def smoke(venv: Path, cwd: Path, tests: list[str] = SMOKE) -> subprocess.CompletedProcess:
    """The smoke tests of this checkout against the stich installed in `venv`, run from `cwd`
    (outside the source tree, so that nothing is imported from python/)."""
    env = no_compiler_env(venv)
    for name in COMPILERS:
        assert not any((Path(d) / name).exists() for d in env["PATH"].split(os.pathsep)), name
    python = str(venv / "bin" / "python")
    where = run([python, "-c", "import stich, stich._core as c; print(stich.__file__); print(c.build_info()['dispatch'])"],
                env=env, cwd=cwd).stdout.split()
    assert Path(where[0]).is_relative_to(venv), f"stich was imported from {where[0]}, not from the venv"
    return run([python, "-m", "pytest", *(str(ROOT / t) for t in tests), "-q", "-p", "no:cacheprovider",
                "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml")], env=env, cwd=cwd)


def test_the_libraries_fit_the_tag(wheel):
    tag = wheel_check.wheel_tag(wheel)
    assert tag.endswith("_" + ARCH) and wheel_check.version(tag)[:2] <= (2, 28), tag   # the issue: 2.28 or older
    libs = wheel_check.libraries(wheel)
    assert any(n.startswith("stich/_core.") for n in libs), sorted(libs)
    problems = [p for name, elf in libs.items() for p in wheel_check.check(name, elf, tag)]
    assert not problems, "\n".join(problems)
    for name, elf in libs.items():
        assert not any(lib.startswith("libstdc++") for lib in elf.needed), (name, elf.needed)


def test_the_check_finds_a_library_too_new_for_the_tag(wheel):
    """wheel_check against a tag older than the glibc the module needs: it must object (the check
    above could not fail otherwise)."""
    libs = wheel_check.libraries(wheel)
    core = next(e for n, e in libs.items() if n.startswith("stich/_core."))
    glibcs = [v for vs in core.versions.values() for v in vs if v.startswith("GLIBC_2.")]
    newest = max(glibcs, key=wheel_check.version)
    older = f"manylinux_2_{wheel_check.version(newest)[1] - 1}_{ARCH}"
    assert any(newest in p for p in wheel_check.check("_core.so", core, older))
    core.needed.append("libstdc++.so.6")
    assert any("libstdc++" in p for p in wheel_check.check("_core.so", core, wheel_check.wheel_tag(wheel)))


def test_the_wheel_holds_what_pip_install_installs(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ("stich/__init__.py", "stich/_core.pyi", "stich/_games.pyi", "stich/py.typed",
                 "stich/include/stich/stich.hpp", "stich/include/stich/version.hpp", "stich/lib/libstich_core.a",
                 "stich/share/cmake/stich/stichConfig.cmake", "stich/share/cmake/stich/stichTargets.cmake"):
        assert name in names, name
    if (ROOT / "csrc" / "capi").is_dir():   # the C ABI, where this checkout builds it
        assert "stich/lib/libstich_c.so" in names and "stich/include/stich_c.h" in names
    assert not any(n.endswith(".pyc") for n in names)


def test_installed_without_a_compiler_it_passes_the_smoke_tests(installed, tmp_path):
    out = smoke(installed, tmp_path).stdout
    assert " passed" in out and "failed" not in out, out[-2000:]


def test_installed_a_daemon_thread_in_a_long_call_at_exit_ends_normally(installed, tmp_path):
    """The wheel's C++ library is libc++, whose catch (...) in pybind11's dispatcher would end the
    forced unwind by which CPython ends a daemon thread at exit (an abort): bind_game.hpp's
    retake_gil keeps that unwind inside stich's frames."""
    smoke(installed, tmp_path, [DAEMON_EXIT])


def test_installed_without_a_compiler_the_cli_example_runs(installed):
    env = no_compiler_env(installed)
    out = run([str(installed / "bin" / "stich"), "analyse", "examples/position_mucken.txt", "--seconds", "0.5"],
              env=env, cwd=ROOT).stdout
    assert "method" in out.lower(), out


def test_the_dispatch_names_the_copy_for_this_cpu(installed, tmp_path):
    """The wheel is portable (x86-64-v2) and runs its x86-64-v3 copy where the CPU has x86-64-v3."""
    if ARCH != "x86_64":
        pytest.skip("the dispatch is x86-64's")
    code = "import json, stich._core as c; print(json.dumps(dict(c.build_info())))"
    import json

    info = json.loads(run([str(installed / "bin" / "python"), "-c", code], env=no_compiler_env(installed),
                          cwd=tmp_path).stdout)
    assert info["native"] is False and info["compiler"].startswith("clang"), info
    v3 = {"avx2", "bmi", "bmi2"} <= set(info["cpu_features"])
    assert info["dispatch"] == ("x86-64-v3" if v3 else "default"), info


def test_the_c_library_archive(wheel):
    """stich-c-VERSION-linux-ARCH.tar.gz: the header, the library, the CMake and pkg-config files,
    the licence (where the wheel holds the C ABI)."""
    if "stich/lib/libstich_c.so" not in zipfile.ZipFile(wheel).namelist():
        pytest.skip("the wheel holds no C ABI library (libstich_c.so): no archive is made")
    archives = sorted(WHEEL_DIR.glob(f"stich-c-*-linux-{ARCH}.tar.gz"))
    assert archives, f"no stich-c archive in {WHEEL_DIR}"
    with tarfile.open(archives[-1]) as t:
        top = archives[-1].name.removesuffix(".tar.gz")
        names = set(t.getnames())
        for name in ("include/stich_c.h", "lib/libstich_c.so", "lib/pkgconfig/stich_c.pc",
                     "lib/cmake/stich_c/stich_cConfig.cmake", "LICENSE"):
            assert f"{top}/{name}" in names, name
        lib = wheel_check.read_elf(t.extractfile(f"{top}/lib/libstich_c.so").read())
    assert not wheel_check.check("libstich_c.so", lib, wheel_check.wheel_tag(wheel))


def test_the_wheel_was_built_from_the_sdist_beside_it(wheel):
    """tools/wheels.sh makes the sdist first and builds every wheel from it (as ``python -m build``
    does), so the tests above of the installed wheel are the sdist's too: the sdist holds what a
    build needs and none of a checkout's build output, and the wheel's Python files are the sdist's."""
    version = wheel.name.split("-")[1]
    sdist = WHEEL_DIR / f"stich-{version}.tar.gz"
    assert sdist.is_file(), f"no sdist {sdist.name} beside the wheel: tools/wheels.sh makes it first"
    top = f"stich-{version}"
    with tarfile.open(sdist) as t:
        files = {m.name.removeprefix(top + "/"): m for m in t.getmembers() if m.isfile()}
        for name in ("pyproject.toml", "CMakeLists.txt", "LICENSE", "README.md", "python/stich/__init__.py"):
            assert name in files, f"the sdist lacks {name}"
        assert any(n.startswith("csrc/") for n in files) and any(n.startswith("bindings/") for n in files)
        junk = [n for n in files if n.startswith(("build/", ".ci/venv/", ".git/")) or n.endswith((".so", ".o", ".pyc"))]
        assert not junk, f"the sdist holds build output: {junk[:5]}"
        ours = {n.removeprefix("python/"): t.extractfile(m).read() for n, m in files.items()
                if n.startswith("python/stich/") and n.endswith(".py")}
    with zipfile.ZipFile(wheel) as z:
        in_wheel = {n: z.read(n) for n in z.namelist() if n.startswith("stich/") and n.endswith(".py")}
    assert set(in_wheel) == set(ours), sorted(set(in_wheel) ^ set(ours))
    differ = [n for n in ours if ours[n] != in_wheel[n]]
    assert not differ, f"the wheel's Python files differ from the sdist's: {differ}"


@pytest.mark.skipif(os.environ.get("STICH_TEST_SDIST") != "1",
                    reason="builds stich from its sdist (minutes): set STICH_TEST_SDIST=1")
def test_the_sdist_builds_and_passes_the_smoke_tests(tmp_path):
    builder = fresh_venv(tmp_path / "build-venv", "build>=1.2")
    run([str(builder / "bin" / "python"), "-m", "build", "--sdist", "-o", str(tmp_path / "dist"), str(ROOT)])
    sdist = next((tmp_path / "dist").glob("stich-*.tar.gz"))
    venv = fresh_venv(tmp_path / "venv", str(sdist), "pytest>=7")
    smoke(venv, tmp_path)
