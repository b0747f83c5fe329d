"""Per-game hooks of the shared tests (tests/common/test_invariants.py): one module per registered game,
``tests/<game>/hooks.py`` (docs/adding-a-game.md), with

- ``CONFIGS``: the games (option sets) the shared tests walk; ``SEEDS``: the random walks of each;
- ``STAGED_PHASES``: phases in which a seat does not hold its whole hand yet (G-2);
- ``check_returns(state, returns)``, ``check_rows(array)``: what the returns of a finished deal and
  of a batch of random playouts must satisfy; ``check_min_steps(game, state, steps)``: the shortest
  deal;
- optionally ``public_text(text)`` (what other seats see of an action's text), ``choose(rng, state,
  legal)`` (how a random walk picks), ``check_finals(game, finished_states)`` and ``truth(state,
  location_name)`` (the true content of a location after the seats).
"""

from __future__ import annotations

import importlib
from types import ModuleType

import stich


def of(name: str) -> ModuleType:
    """The hooks of a registered game; a clear error when a game has none."""
    try:
        return importlib.import_module(f"{name.lower()}.hooks")
    except ModuleNotFoundError as e:
        raise LookupError(f"the game {name} has no hooks for the shared tests: add tests/{name.lower()}/hooks.py "
                          "(docs/adding-a-game.md)") from e


HOOKS = {name: of(name) for name in stich.GAMES}
