"""Bridges to peer engines: for a game that a peer plays the same way, its module here (named
after the game) deals identical deals in both engines, maps the action texts and builds the peer's
search as a bot. ``stich bench --peer`` and benchmarks/peers/ use them; ``stich`` itself imports
none of them (each needs its peer installed)."""

from __future__ import annotations

import importlib
import time
from types import ModuleType
from typing import Any

from ..games import GAMES


def openspiel_bridges() -> dict[str, ModuleType]:
    """The bridges to OpenSpiel by game name: the module of every game whose registry entry names its
    OpenSpiel twin, in registry order (ImportError when open_spiel is not installed)."""
    games = [g for g in GAMES.values() if g.OPENSPIEL]
    if not games:
        raise ImportError("no registered game is played by OpenSpiel the same way")
    return {g.name: importlib.import_module(f"{__name__}.{g.name.lower()}") for g in games}


def openspiel_ismcts(seed: int, simulations: int, seconds: float = -1.0, uct_c: float = 2.0) -> Any:
    """OpenSpiel's C++ ISMCTSBot as its own tests build it: one random rollout per leaf, a new
    world each iteration, the most visited action (optionally a wall-clock budget per decision).
    The bridges take it (ImportError without open_spiel)."""
    import pyspiel

    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(seed, evaluator, uct_c, simulations, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                             False, False, seconds)


def timed(f: Any, *args: Any, **kwargs: Any) -> tuple[Any, float]:
    """(result, seconds) of one call."""
    t0 = time.perf_counter()
    out = f(*args, **kwargs)
    return out, time.perf_counter() - t0
