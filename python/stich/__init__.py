"""stich: a fast engine for trick-taking card games (``stich.GAMES`` lists them; docs/rules/ has their rules).

The rules run in a C++20 core (``stich._core``); this package adds parsing, printing and the CLI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import errors
from ._core import (
    Action,
    Alphabet,
    Card,
    CardSet,
    Contract,
    Deck,
    InfoSet,
    perft,
)
from ._paths import get_c_library, get_cmake_dir, get_include, get_library
from ._version import __version__ as __version__
from .analysis import Analysis, ExactCost, analyse, exact_cost
from .bots import Bot, HeuristicBot, IsmctsBot, RandomBot, play
from .cards import Rank, Suit
from .errors import (
    BadTextError,
    IllegalActionError,
    InvalidArgumentError,
    OutOfRangeError,
    PositionError,
    StichError,
    UnknownNameError,
)
from .games import GAMES, Game, Option
from .notation import Position, parse, position_text
from .records import Record, read_records, write_records
from .review import review
from .search import ActionRow, SearchResult, ismcts
from .solve import PimcBot, PimcResult, SolveResult, analyse_deal, pimc, solve

if TYPE_CHECKING:   # the registry's classes below, as tools/stubs.py declares them (python/stich/_games.pyi)
    from ._games import *  # noqa: F403

# Every registered game: its class (stich.<Game>) and its core types (stich.<Game>State, ...).
for _game in GAMES.values():
    globals().update({_game.name: _game, _game.Rules.__name__: _game.Rules, _game.State.__name__: _game.State,
                      _game.Match.__name__: _game.Match})
_GAME_NAMES = [n for g in GAMES.values() for n in (g.name, g.Rules.__name__, g.State.__name__, g.Match.__name__)]

# Every registered game's Python extras (stich/extras/<game>.py), under the names each exports.
from .extras import exported as _extras  # noqa: E402  (after the registry's classes: they use them)

_EXTRAS = _extras()
globals().update(_EXTRAS)

__all__ = [
    "Action",
    "Analysis",
    "ExactCost",
    "analyse",
    "exact_cost",
    "ActionRow",
    "Alphabet",
    "Bot",
    "Card",
    "CardSet",
    "Contract",
    "Deck",
    "Game",
    "GAMES",
    "Option",
    "HeuristicBot",
    "IllegalActionError",
    "StichError",
    "InvalidArgumentError",
    "OutOfRangeError",
    "UnknownNameError",
    "BadTextError",
    "PositionError",
    "errors",
    "InfoSet",
    "IsmctsBot",
    "RandomBot",
    "Rank",
    "SearchResult",
    "solve",
    "analyse_deal",
    "SolveResult",
    "Suit",
    "get_cmake_dir",
    "get_include",
    "get_library",
    "get_c_library",
    "ismcts",
    "parse",
    "perft",
    "pimc",
    "PimcBot",
    "PimcResult",
    "play",
    "Position",
    "position_text",
    "read_records",
    "Record",
    "review",
    "write_records",
    *_GAME_NAMES,
    *_EXTRAS,
]
