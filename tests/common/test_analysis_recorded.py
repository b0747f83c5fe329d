"""The analyses give the results recorded from the Python implementation they replaced.

``stich.analyse``, ``stich.ismcts`` and ``stich.pimc`` build their tables, intervals, ties,
verdicts and the analysis's method and reasons in the C++ core (csrc/stich/analyse.hpp). Before
that moved, the same calls were recorded from the Python implementation into
tests/data/analysis_recorded.json: for a seed and an iteration budget (or a PIMC or exact analysis
that finishes well within its budget) the table, the JSON (``to_data``) and the printed text must
be what they were, to the bit, timings aside.

Recorded by ``PYTHONPATH=python python tests/common/test_analysis_recorded.py --write`` (only
when a change of the results is meant: say why in the commit).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import stich

DATA = Path(__file__).resolve().parents[1] / "data" / "analysis_recorded.json"
# Measured times vary from run to run: a number followed by a unit of time (or a rate) is masked.
_TIME = re.compile(r"[\d.,]+(e[-+]?\d+)?( ?(ms|s|min|h|days)\b|/s)")


def _masked(value: Any) -> Any:
    """The value without what depends on the clock: "seconds" fields dropped, times in texts masked."""
    if isinstance(value, dict):
        return {k: _masked(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [_masked(v) for v in value]
    if isinstance(value, str):
        return _TIME.sub("<time>", value)
    return value


def _late(game: stich.Game, seed: int, cards: int) -> Any:
    """A deal played on with seeded heuristic bids and random cards until the seat to act holds
    `cards` cards in the card play."""
    rng = random.Random(seed)
    for attempt in range(100):
        state = game.deal(seed=seed * 1000 + attempt)
        while not state.is_terminal and not (state.phase == "play" and len(state.hand(state.current_player)) <= cards):
            play = state.phase == "play"
            state.apply(rng.choice(state.legal_actions()) if play else state.heuristic_action(rng.getrandbits(64)))
        if not state.is_terminal:
            return state
    raise AssertionError("no deal reached the card play")


def _before_play(game: stich.Game, seed: int) -> Any:
    state = game.deal(seed=seed)
    assert state.phase != "play"
    return state


def _cases() -> dict[str, Any]:
    """name -> a function giving the result to record (the same calls every time)."""
    cases: dict[str, Any] = {}
    # The games there were when the results were recorded (a game added since has no Python past).
    recorded = {key.split("/")[0] for key in json.loads(DATA.read_text(encoding="utf-8"))}
    for name, cls in stich.GAMES.items():
        if name not in recorded:
            continue
        game = cls()
        cases[f"{name}/auto-before-play"] = lambda g=game: stich.analyse(_before_play(g, 5), iterations=2000, seed=1)
        cases[f"{name}/ismcts-play"] = lambda g=game: stich.analyse(_late(g, 3, 4), method="ismcts", iterations=1500, seed=2)
        cases[f"{name}/ismcts-view"] = lambda g=game: stich.analyse(
            (lambda s: s.view(s.current_player))(_late(g, 4, 4)), method="ismcts", iterations=1200, seed=3, threads=2)
        cases[f"{name}/search-one-run"] = lambda g=game: stich.ismcts(_late(g, 5, 3), iterations=800, seed=4)
        cases[f"{name}/search-three-runs"] = lambda g=game: stich.ismcts(_before_play(g, 6), iterations=900, seed=5, runs=3)
        cases[f"{name}/exact"] = lambda g=game: stich.analyse(_late(g, 6, 2), method="exact", seed=6)
        cases[f"{name}/auto-exact"] = lambda g=game: stich.analyse(_late(g, 7, 2), seconds=600, seed=7)
        cases[f"{name}/pimc-method"] = lambda g=game: stich.analyse(_late(g, 8, 4), method="pimc", worlds=30, seconds=600, seed=8)
        cases[f"{name}/pimc"] = lambda g=game: stich.pimc(_late(g, 9, 4), worlds=25, seed=9)
        cases[f"{name}/pimc-exact"] = lambda g=game: stich.pimc(_late(g, 10, 2), worlds=100_000, seed=10)
    return cases


def _outcome(result: Any) -> dict[str, Any]:
    out = {"data": result.to_data(), "text": str(result)}
    for attr in ("tied", "tie_threshold", "best"):
        out[attr] = str(getattr(result, attr)) if attr == "best" else getattr(result, attr)
    if isinstance(result, stich.Analysis) and result.cost is not None:
        out["cost"] = {"deals": result.cost.deals, "threads": result.cost.threads, "sampled": result.cost.sampled,
                       "text": str(result.cost)}
    return _masked(json.loads(json.dumps(out)))


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_analysis_gives_the_recorded_result(name):
    recorded = json.loads(DATA.read_text(encoding="utf-8"))
    assert _outcome(CASES[name]()) == recorded[name]


def test_every_recorded_case_is_run():
    assert sorted(json.loads(DATA.read_text(encoding="utf-8"))) == sorted(CASES)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DATA.write_text(json.dumps({name: _outcome(make()) for name, make in sorted(CASES.items())}, indent=1) + "\n",
                    encoding="utf-8")
    print(f"wrote {DATA}")
