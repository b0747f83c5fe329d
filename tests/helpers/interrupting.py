"""Ctrl-C in tests: SIGINT sent to this process while a call runs."""

from __future__ import annotations

import os
import subprocess
import time

import pytest


def seconds_until_interrupted(call) -> float:
    """Runs call() with SIGINT sent to this process after 0.3 s; the seconds until KeyboardInterrupt.
    The signal comes from another process, as from a terminal: a Python timer thread could not run
    while a call holds the GIL (sample_worlds builds its list with it)."""
    sender = subprocess.Popen(["sh", "-c", f"sleep 0.3; kill -INT {os.getpid()}"])
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        sender.wait()
    return time.monotonic() - start
