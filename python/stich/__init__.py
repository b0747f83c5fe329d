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
from .cards import Rank, Suit
from .games import Couillon, Game, Mistigri, Mucken
from .search import ActionRow, SearchResult, ismcts
from .tournament import BobblResult, TableRow, bobbl_results, tournament_table

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionRow",
    "BobblResult",
    "Alphabet",
    "Card",
    "CardSet",
    "Contract",
    "Couillon",
    "CouillonMatch",
    "CouillonState",
    "Deck",
    "Game",
    "IllegalActionError",
    "InfoSet",
    "Mistigri",
    "MistigriMatch",
    "MistigriState",
    "Mucken",
    "MuckenMatch",
    "MuckenState",
    "Rank",
    "SearchResult",
    "Suit",
    "TableRow",
    "bobbl_results",
    "ismcts",
    "perft",
    "tournament_table",
]
