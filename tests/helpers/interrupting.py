"""Ctrl-C in tests: SIGINT sent to this process while a call is known to run, and what it took the
call to end after it.

The signal comes from another process, as from a terminal: a Python timer thread could not run
while a call holds the GIL (sample_worlds builds its list with it). That process sends it only on
evidence that the work runs, never after a fixed sleep (on a loaded machine a fixed sleep can end
before the call has begun, and the test then checks nothing, or the wrong thing):

- a mark: ``CtrlC.mark()``, called by the test's code when the work begins (by default just before
  the call), and then
- this process having used ``busy`` seconds of CPU time since the mark, which only the work can
  have used; on a system without /proc, ``busy`` seconds of wall-clock time instead.

The times are measured from the moment the signal was sent, not from the start of the call."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

# Bounds on the time from the signal to KeyboardInterrupt. CPU time is this process's, all threads
# together: the work left after the signal, whatever share of the machine the process gets. The
# wall-clock bound is a backstop against a call that idles (waits, sleeps) instead of ending; it is
# generous because on a loaded machine the process may wait for a core.
CPU_BOUND = 0.5
WALL_BOUND = 5.0

_PROC = Path("/proc")

# The sender: says it is ready (a line on stdout), waits for the mark (a byte on stdin; end of file:
# the test ended, nothing to send), then for the evidence of CPU time, prints the clock and the CPU
# time at the signal, and sends it. The call starts only once the sender is ready: on a loaded
# machine a new interpreter can take seconds to start, and a sender that read the CPU time only
# then would count from late in the call (a call that builds its Python result at the end, such as
# sample_worlds, was then interrupted while it freed a large partial result).
_SENDER = r"""
import os, signal, sys, time
pid, busy = int(sys.argv[1]), float(sys.argv[2])
def cpu():
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
print("ready", flush=True)
if not sys.stdin.buffer.read(1):
    sys.exit(0)
start = cpu()
if start is None:
    time.sleep(busy)
else:
    while cpu() - start < busy:
        time.sleep(0.005)
at, used = time.monotonic(), cpu()
os.kill(pid, signal.SIGINT)
print(at, used, flush=True)
"""


def cpu_seconds() -> float | None:
    """This process's CPU time (every thread), as the sender reads it; None without /proc."""
    try:
        fields = (_PROC / str(os.getpid()) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Interruption:
    seconds: float               # wall-clock time from the signal to KeyboardInterrupt
    cpu_seconds: float | None    # this process's CPU time in between (None without /proc)
    sent_at: float               # time.monotonic() when the signal was sent

    def prompt(self) -> bool:
        """The call ended soon after the signal: within CPU_BOUND of work, and WALL_BOUND."""
        return self.seconds < WALL_BOUND and (self.cpu_seconds is None or self.cpu_seconds < CPU_BOUND)

    def __str__(self) -> str:
        cpu = "unknown" if self.cpu_seconds is None else f"{self.cpu_seconds:.3f} s"
        return (f"KeyboardInterrupt {self.seconds:.3f} s after the signal, {cpu} of CPU time "
                f"(bounds: {WALL_BOUND} s, {CPU_BOUND} s of CPU time)")


class CtrlC:
    """``CtrlC().during(call)``: runs call() and sends SIGINT once it is known to be working (see
    the module's docstring); the Interruption. ``during(call, mark=False)`` leaves the mark to the
    test's code (``mark()``, from any thread), for a signal that must arrive during one part of a
    call. A call that returns before the signal fails the test."""

    def __init__(self, busy: float = 0.2):
        self.busy = busy
        self._sender: subprocess.Popen | None = None

    def mark(self) -> None:
        """The work runs from now on (the first mark counts)."""
        sender = self._sender
        if sender is not None and sender.stdin is not None and not sender.stdin.closed:
            try:
                sender.stdin.write(b"!")
                sender.stdin.close()
            except (OSError, ValueError):   # already marked, from another thread
                pass

    def during(self, call, mark: bool = True) -> Interruption:
        self._sender = sender = subprocess.Popen([sys.executable, "-c", _SENDER, str(os.getpid()), str(self.busy)],
                                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        caught = cpu = None
        try:
            ready = sender.stdout.readline() if sender.stdout is not None else b""
            assert ready == b"ready\n", f"the interrupt sender did not start (it printed {ready!r})"
            try:
                if mark:
                    self.mark()
                call()
            except KeyboardInterrupt:
                caught, cpu = time.monotonic(), cpu_seconds()
            if caught is None:   # the call ended first: stop the sender, or take its late signal
                try:
                    if sender.stdin is not None and not sender.stdin.closed:
                        sender.stdin.close()
                    sender.wait(timeout=60)
                except KeyboardInterrupt:
                    pass
                pytest.fail("the call ended before the interrupt was sent")
            out = sender.stdout.read() if sender.stdout is not None else b""   # it ends once it has sent
            sender.wait(timeout=60)
        finally:
            if sender.poll() is None:
                sender.kill()
                sender.wait()
            for pipe in (sender.stdin, sender.stdout):
                if pipe is not None:
                    pipe.close()
        fields = out.split()
        assert len(fields) == 2, f"KeyboardInterrupt without the sender's signal (it printed {out!r})"
        at = float(fields[0])
        used = None if cpu is None or fields[1] == b"None" else cpu - float(fields[1])
        return Interruption(caught - at, used, at)


def interrupted(call) -> Interruption:
    """call() interrupted by Ctrl-C once it runs (CtrlC().during)."""
    return CtrlC().during(call)
