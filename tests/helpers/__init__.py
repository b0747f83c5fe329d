"""Helpers shared by the tests (tests/conftest.py puts tests/ on the import path):

- ``hooks``: each game's hooks for the shared tests (``tests/<game>/hooks.py``);
- ``play``: the texts of legal actions and cards (``texts``, ``text_set``), card sets (``cs``),
  scripted play (``play``), hands moved round the table (``rotated``), a view as one value
  (``view_key``);
- ``lockstep``: a deal played on the engine and the pure-Python reference side by side
  (``play_lockstep``, ``Lockstep``, ``Mismatch``) and the reference's memoising (``memoising``);
- ``stats``: chi-square checks; ``worlds``: brute-force world enumeration;
- ``random_play``: finishing deals with seeded random actions; ``fuzzing``: junk inputs;
- ``isolated``: running a script in a child interpreter; ``interrupting``: timing a Ctrl-C;
- ``fast_and_slow``: a test's work in a fast part and a slow part (the ``slow`` marker);
  ``slow_except``: parameters of which only some run in the fast part.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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


def fast_and_slow(full: int, fast: int) -> list:
    """The two parts of a test that does ``full`` units of work (deals, positions, seeds): a fast
    part of ``fast`` units (``-m "not slow"`` runs it) and a slow part, marked ``slow``, of the
    other ``full - fast``, drawn from a seed of its own, so that the whole suite does ``full`` units
    and none twice. Parametrize a test with ``("fast", n)`` and ``("slow", n)``; a slow part of no
    units (``full <= fast``) skips (``skip_empty``)."""
    fast = min(fast, full)
    return [pytest.param(("fast", fast), id="fast"),
            pytest.param(("slow", full - fast), id="slow", marks=pytest.mark.slow)]


def slow_except(values, fast) -> list:
    """``values`` as parameters, each marked ``slow`` unless it is in ``fast``: for a test whose
    every parameter takes seconds and covers the same code (a browser session per game), so that
    ``-m "not slow"`` runs a few and the README's command runs them all."""
    fast = set(fast)
    missing = fast - set(values)
    assert not missing, f"slow_except: {sorted(missing)} not among the values"
    return [pytest.param(v, marks=() if v in fast else pytest.mark.slow) for v in values]


def skip_empty(part: tuple[str, int]) -> int:
    """The units of a part (fast_and_slow), skipping the test when there are none."""
    name, count = part
    if count <= 0:
        pytest.skip(f"the {name} part has nothing to do (the fast part did it all)")
    return count


def starts_in_play(game) -> bool:
    """Whether every deal of this configuration starts in the card play (no decision before it:
    Hearts without pass_cards); a walk then sees no earlier phase."""
    return all(game.deal(seed=i, dealer=i % game.num_players).phase == "play" for i in range(8))
