"""stich: a fast engine for trick-taking card games (Mucken, Couillon with Mit, Mistigri, Euchre).

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
    EuchreState,
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
from .euchre import Euchre
from .games import Couillon, Game, Mistigri, Mucken
from .notation import Position, parse, position_text
from .search import ActionRow, SearchResult, ismcts
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
    "Euchre",
    "EuchreState",
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
    "Suit",
    "TableRow",
    "bobbl_results",
    "ismcts",
    "parse",
    "perft",
    "play",
    "Position",
    "position_text",
    "tournament_table",
]
