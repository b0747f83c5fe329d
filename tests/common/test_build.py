"""What ``_core.build_info()`` says of the build (issue 13): the runtime dispatch of the hot loops
and the CPU features agree with each other and with the running CPU. Nothing is built here (the
wheels' checks, auditwheel and the speed table are in docs/bench.md, "Portable wheels and native builds")."""

from __future__ import annotations

import platform
import sys

import pytest

from stich import _core

FEATURES = {"ssse3", "popcnt", "bmi", "bmi2", "avx2"}


@pytest.fixture(scope="module")
def info() -> dict:
    return dict(_core.build_info())


def test_the_keys_are_there_with_their_types(info):
    for key in ("compiler", "build_type", "flags", "native", "lto", "assertions", "features", "cpu_features", "dispatch",
                "pdep", "invariants_checked"):
        assert key in info, key
    assert info["dispatch"] in (None, "x86-64-v3", "default") and isinstance(info["pdep"], bool)
    assert set(info["features"]) <= FEATURES and set(info["cpu_features"]) <= FEATURES


def test_a_native_build_has_no_dispatch(info):
    if info["native"]:
        assert info["dispatch"] is None, "a -march=native build needs no runtime dispatch"
        assert "-march=native" in info["flags"]


def test_dispatch_is_only_on_x86_64(info):
    if platform.machine().lower() not in ("x86_64", "amd64"):
        assert info["dispatch"] is None


def test_the_running_clone_matches_the_cpu(info):
    if info["dispatch"] is None:
        pytest.skip("this build has no runtime dispatch (native, not x86-64, or the compiler lacks target_clones)")
    # x86-64-v3 needs avx2, bmi and bmi2 (and more: fma, movbe, lzcnt, f16c, xsave); the baseline
    # clone runs where any of them is missing.
    v3_features = {"avx2", "bmi", "bmi2"} <= set(info["cpu_features"])
    if info["dispatch"] == "x86-64-v3":
        assert v3_features
    elif v3_features and sys.platform.startswith("linux"):
        flags = open("/proc/cpuinfo").read().split("\nflags", 2)[1].split("\n", 1)[0].split()
        assert not {"fma", "movbe", "abm", "f16c", "xsave"} <= set(flags), \
            f"the CPU has x86-64-v3 yet the baseline clone runs: {info}"


def test_a_portable_build_is_compiled_for_the_baseline(info):
    if info["native"] is False and platform.machine().lower() in ("x86_64", "amd64"):
        # x86-64-v2: popcnt and ssse3 in every function; avx2 / bmi2 only in the dispatched clones.
        assert {"popcnt", "ssse3"} <= set(info["features"]) and not {"bmi2", "avx2"} & set(info["features"])


def test_pdep_only_where_the_cpu_has_bmi2(info):
    if "bmi2" in info["features"]:
        assert info["pdep"], "a build compiled for BMI2 picks cards with pdep"
    if info["pdep"]:
        assert "bmi2" in info["cpu_features"]


def test_the_module_works_beside_another_libstdcxx_user(tmp_path):
    """The C++ runtime linked into the module keeps to itself: with another extension's
    libstdc++.so loaded first (open_spiel's), the core's streams still print numbers (exported, the
    two runtimes' locale data mixed and str(state) stopped at the first number)."""
    import importlib.util
    import subprocess

    if importlib.util.find_spec("pyspiel") is None:
        pytest.skip("open_spiel is not installed: no other extension with its own libstdc++ to load first")
    import stich
    from pathlib import Path

    code = ("import pyspiel, stich\n"
            "s = stich.Couillon().deal(seed=1, dealer=2)\n"
            "print(str(s).splitlines()[0])\n")
    env = {"PYTHONPATH": str(Path(stich.__file__).resolve().parents[1]), "PATH": ""}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Couillon  dealer 2  forehand 3"), out.stdout
