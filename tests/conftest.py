"""The test tree: tests/common/ runs over every registered game, tests/<game>/ holds one game's
rulings, differential and reference tests with its hooks for the shared tests, tests/helpers/ the
shared helpers, tests/reference/ the independent pure-Python reference, tests/data/ the perft rows.

Test modules are imported by path (pytest's importlib mode, so that every game can have its own
test_rulings.py); this puts tests/ on the import path for ``helpers``, ``reference`` and the
games' hooks.
"""

from __future__ import annotations

import importlib.util
import signal
import sys
from pathlib import Path

import pytest

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

# The Ctrl-C tests send this process SIGINT. A process started in the background by a shell
# without job control (`cmd &` in a script) inherits SIGINT ignored, and Python then leaves it
# so: those tests would wait forever for an interrupt that never comes. Each process of the run
# (xdist's workers import this file too) takes Python's usual Ctrl-C handler back.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_configure(config: pytest.Config) -> None:
    # The tests import the installed package: without it every test module would fail to import,
    # a page of errors instead of the one step that is missing.
    try:
        missing = importlib.util.find_spec("stich._core") is None
    except ImportError:   # no stich package at all
        missing = True
    if missing:
        pytest.exit("stich is not installed in this Python (" + sys.executable + "): "
                    "run the README's first command: pip install .", returncode=pytest.ExitCode.USAGE_ERROR)
