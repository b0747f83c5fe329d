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
    MuckenMatch,
    MuckenState,
    perft,
)
from .cards import Rank, Suit
from .games import Couillon, Game, Mucken

__version__ = "0.1.0"

__all__ = [
    "Action",
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
    "Mucken",
    "MuckenMatch",
    "MuckenState",
    "Rank",
    "Suit",
    "perft",
]
