"""Helpers shared by the tests (tests/conftest.py puts tests/ on the import path):

- ``hooks``: each game's hooks for the shared tests (``tests/<game>/hooks.py``);
- ``stats``: chi-square checks; ``worlds``: brute-force world enumeration;
- ``random_play``: finishing deals with seeded random actions; ``fuzzing``: junk inputs;
- ``isolated``: running a script in a child interpreter; ``interrupting``: timing a Ctrl-C.
"""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent              # the source tree
EXAMPLES = ROOT / "examples"
DATA = TESTS / "data"


def recorded_signature() -> str:
    """The bench signature docs/bench.md records ("The recorded run"; ``stich bench``;
    tests/common/test_bench_signature.py)."""
    text = " ".join((ROOT / "docs" / "bench.md").read_text(encoding="utf-8").split())
    match = re.search(r"signature `(\d+ iterations, checksum [0-9a-f]{16})`", text)
    assert match, "docs/bench.md records no bench signature"
    return match.group(1)
