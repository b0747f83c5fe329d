"""Bridges to peer engines: for a game that a peer plays the same way, its module here (named
after the game) deals identical deals in both engines, maps the action texts and builds the peer's
search as a bot. ``stich bench --peer`` and benchmarks/peers/ use them; ``stich`` itself imports
none of them (each needs its peer installed)."""

from __future__ import annotations

import importlib
from types import ModuleType

from ..games import GAMES


def openspiel_bridges() -> dict[str, ModuleType]:
    """The bridges to OpenSpiel by game name: the module of every game whose registry entry names its
    OpenSpiel twin, in registry order (ImportError when open_spiel is not installed)."""
    games = [g for g in GAMES.values() if g.OPENSPIEL]
    if not games:
        raise ImportError("no registered game is played by OpenSpiel the same way")
    return {g.name: importlib.import_module(f"{__name__}.{g.name.lower()}") for g in games}
