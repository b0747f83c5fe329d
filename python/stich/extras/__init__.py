"""Each game's Python extras: a module named after the game (``stich/extras/<game>.py``, e.g. a
tournament's ranking list over the game's own matches), imported only when that game is
registered, its ``__all__`` joining the ``stich`` namespace. Nothing else in the package imports
them, so a game without extras needs nothing here and removing a game removes its extras with it
(docs/adding-a-game.md)."""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

from ..games import GAMES


def modules() -> dict[str, ModuleType]:
    """The extras module of every registered game that has one, by game name, in registry order."""
    out = {}
    for name in GAMES:
        module = f"{__name__}.{name.lower()}"
        if importlib.util.find_spec(module) is not None:
            out[name] = importlib.import_module(module)
    return out


def exported() -> dict[str, Any]:
    """What the extras modules export (their ``__all__``), by name: the ``stich`` namespace takes
    these. ValueError when two games export the same name."""
    out: dict[str, Any] = {}
    owner: dict[str, str] = {}
    for game, module in modules().items():
        for name in module.__all__:
            if name in out:
                raise ValueError(f"the extras of {owner[name]} and {game} both export {name!r}")
            out[name], owner[name] = getattr(module, name), game
    return out
