"""The C and C++ of the tree in the style of .clang-format (issue 45 item 4): ``bash tools/format.sh
--check`` runs clang-format (the test group's ``clang-format`` package, of the major version
pyproject.toml pins) over csrc/, bindings/ and the C and C++ of examples/, benchmarks/ and tests/,
and lists the files it would change. ``bash tools/format.sh`` formats them in place. The Python:
``ruff check`` (the test group's ``ruff``) with pyproject.toml's rules, lines within 140 columns."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "format.sh"


def pinned_major() -> int:
    """The clang-format major version the test group pins (pyproject.toml: "clang-format>=N,<N+1")."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'"clang-format>=(\d+)', text)
    assert found, "pyproject.toml's test group pins no clang-format major version"
    return int(found.group(1))


def test_the_c_and_cpp_are_in_the_clang_format_style():
    if not SCRIPT.exists():
        pytest.skip("tools/format.sh is not here (not a source tree)")
    exe = shutil.which("clang-format")
    if exe is None:
        pytest.skip("clang-format is not installed: pip install --group test (the clang-format package)")
    version = subprocess.run([exe, "--version"], capture_output=True, text=True, check=True).stdout
    found = re.search(r"version (\d+)\.", version)
    assert found, version
    if int(found.group(1)) != pinned_major():
        pytest.skip(f"clang-format {found.group(1)} is installed; the style is checked with clang-format {pinned_major()} "
                    "(the test group's pin), since other major versions format some lines otherwise")
    run = subprocess.run(["bash", str(SCRIPT), "--check"], capture_output=True, text=True, env={**os.environ, "CLANG_FORMAT": exe})
    assert run.returncode == 0, run.stderr + run.stdout


def test_the_python_passes_ruff():
    """``ruff check`` over the tree with pyproject.toml's [tool.ruff.lint] rules: lines within 140
    columns (E501, the C++'s column limit too) and pyflakes' faults (unused imports, undefined names)."""
    if not (ROOT / "pyproject.toml").exists():
        pytest.skip("pyproject.toml is not here (not a source tree)")
    if importlib.util.find_spec("ruff") is None:
        pytest.skip("ruff is not installed: pip install --group test (the ruff package)")
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
