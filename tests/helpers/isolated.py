"""Runs a script in a child Python, so that a crash of the interpreter fails one test instead of the
whole run. The child imports the same stich as the tests (installed, or the sanitizer build) and
inherits the environment (the sanitizer run's LD_PRELOAD)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import stich


def run_script(text: str, tmp_path: Path, name: str = "script.py") -> subprocess.CompletedProcess:
    package_parent = Path(stich.__file__).resolve().parents[1]
    # The package, and tests/ for the scripts' helpers (helpers.fuzzing).
    path = os.pathsep.join([str(package_parent), str(Path(__file__).resolve().parents[1])])
    env = {**os.environ, "PYTHONPATH": path, "PYTHONDONTWRITEBYTECODE": "1"}
    script = tmp_path / name
    script.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
