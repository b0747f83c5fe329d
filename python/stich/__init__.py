"""stich: a fast engine for trick-taking card games (Mucken, Couillon with Mit, Mistigri).

The rules run in a C++20 core (``stich._core``); this package adds parsing, printing and the CLI.
"""

from __future__ import annotations

from ._core import (
    Action,
    Alphabet,
    Card,
    CardSet,
    Contract,
    CouillonMatch,
    CouillonState,
    Deck,
    IllegalActionError,
    InfoSet,
    MistigriMatch,
    MistigriState,
    MuckenMatch,
    MuckenState,
    perft,
)
from .bots import Bot, HeuristicBot, IsmctsBot, RandomBot, play
from .cards import Rank, Suit
from .games import Couillon, Game, Mistigri, Mucken
from .notation import Position, parse, position_text
from .search import ActionRow, SearchResult, ismcts
from .solve import PimcBot, PimcResult, SolveResult, pimc, solve
from .tournament import BobblResult, TableRow, bobbl_results, tournament_table

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionRow",
    "BobblResult",
    "Alphabet",
    "Bot",
    "Card",
    "CardSet",
    "Contract",
    "Couillon",
    "CouillonMatch",
    "CouillonState",
    "Deck",
    "Game",
    "HeuristicBot",
    "IllegalActionError",
    "InfoSet",
    "IsmctsBot",
    "Mistigri",
    "MistigriMatch",
    "MistigriState",
    "Mucken",
    "MuckenMatch",
    "MuckenState",
    "RandomBot",
    "Rank",
    "SearchResult",
    "solve",
    "SolveResult",
    "Suit",
    "TableRow",
    "bobbl_results",
    "ismcts",
    "parse",
    "perft",
    "pimc",
    "PimcBot",
    "PimcResult",
    "play",
    "Position",
    "position_text",
    "tournament_table",
]
